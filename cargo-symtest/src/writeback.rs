//! Puts generated test regions into source files: finds the function's module scope, finds
//! that scope's region by its marker lines, replaces, adds or removes it without changing a
//! byte outside it, and writes the file atomically.

use std::fs;
use std::io::Write;
use std::ops::Range;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use proc_macro2::LineColumn;
use syn::spanned::Spanned;

use crate::lines::{Lines, split_bom};
use crate::render::{self, BEGIN_MARKER, Callee, END_MARKER, Header, Prelude};

/// Name of the module the generated region holds.
pub const GENERATED_MODULE: &str = "symtest_tests";

/// Where a function is in its file, and how its tests call it.
#[derive(Clone, Debug, PartialEq)]
pub struct Located {
    /// The inline modules enclosing it, outermost first (empty when it is at file level).
    pub modules: Vec<String>,
    /// The path its `#[symtest]` attribute is written with, when it is on the item itself.
    pub attribute: Option<String>,
    /// How tests call it: a function of a trait impl through its trait.
    pub callee: Callee,
}

/// Where the function `fn_name` (`name`, `Type::name`, or `Type` for a whole impl block) is
/// whose `fn` keyword is on line `fn_line` (1-based).
pub fn locate(source: &str, fn_name: &str, fn_line: u32) -> Result<Located> {
    let file = SourceFile::parse(source)?;
    let wanted = unraw(fn_name);
    let mut found = Vec::new();
    find_functions(&file.syntax.items, &wanted, &mut Vec::new(), &mut found);
    let lines: Vec<usize> = found.iter().map(|(line, _)| *line).collect();
    match found
        .into_iter()
        .find(|(line, _)| *line == fn_line as usize)
    {
        Some((_, located)) => Ok(located),
        None if lines.is_empty() => bail!(
            "found no function `{fn_name}` in this file outside function bodies; #[symtest] \
             functions must be free functions in a module or functions of impl blocks"
        ),
        None => bail!(
            "found no function `{fn_name}` whose `fn` keyword is on line {fn_line}; it is on \
             line(s) {}. Rebuild so the line numbers match the file",
            join_numbers(&lines)
        ),
    }
}

/// Where a function was found: the line of its `fn` keyword (of `impl` for a whole block),
/// and the rest.
type Found = (usize, Located);

/// Collects every free function named `name`, and the functions and blocks of impl blocks
/// (`Type::function`, `Type`).
fn find_functions(
    items: &[syn::Item],
    name: &str,
    modules: &mut Vec<String>,
    found: &mut Vec<Found>,
) {
    for item in items {
        match item {
            syn::Item::Fn(function) if unraw(&function.sig.ident.to_string()) == name => {
                let line = function.sig.fn_token.span.start().line;
                let located = Located {
                    modules: modules.clone(),
                    attribute: symtest_path(&function.attrs),
                    callee: Callee::Named,
                };
                found.push((line, located));
            }
            syn::Item::Mod(module) => {
                if let Some((_, inner)) = &module.content {
                    modules.push(unraw(&module.ident.to_string()));
                    find_functions(inner, name, modules, found);
                    modules.pop();
                }
            }
            // `Type::function` is a function of an impl block of `Type`, and `Type` the block
            // itself (its methods, searched as call sequences): the first annotated block of
            // the type in its module, inherent or a trait impl.
            syn::Item::Impl(block) => {
                let Some(type_name) = impl_type_name(&block.self_ty) else {
                    continue;
                };
                match split_name(name) {
                    Some((ty, function)) if ty == type_name => {
                        for member in &block.items {
                            if let syn::ImplItem::Fn(f) = member
                                && unraw(&f.sig.ident.to_string()) == function
                            {
                                let line = f.sig.fn_token.span.start().line;
                                let attribute =
                                    symtest_path(&block.attrs).or_else(|| symtest_path(&f.attrs));
                                let trait_ = block.trait_.as_ref().map(|(_, path, _)| path);
                                let located = Located {
                                    modules: modules.clone(),
                                    attribute,
                                    callee: Callee::in_impl(&block.self_ty, trait_, function),
                                };
                                found.push((line, located));
                            }
                        }
                    }
                    None if name == type_name => {
                        let line = block.impl_token.span.start().line;
                        let located = Located {
                            modules: modules.clone(),
                            attribute: symtest_path(&block.attrs),
                            callee: Callee::Named,
                        };
                        found.push((line, located));
                    }
                    _ => {}
                }
            }
            _ => {}
        }
    }
}

/// The type's name and the function's of a function of an impl block as the macro reports
/// it: `Stack::push`, or `<inner::Quoter as From<Quoter>>::from` (`Quoter`, `from`) where
/// blocks of two types of one name in a module define functions of one name.
fn split_name(name: &str) -> Option<(String, &str)> {
    let Some(qualified) = name.strip_prefix('<') else {
        let (ty, function) = name.split_once("::")?;
        return Some((ty.to_string(), function));
    };
    let (inside, function) = qualified.rsplit_once(">::")?;
    let (ty, _trait) = inside.split_once(" as ")?;
    let ty: syn::Type = syn::parse_str(ty).ok()?;
    Some((impl_type_name(&ty)?, function))
}

/// The path of the `#[symtest]` attribute among `attrs`, as written (`symtest`,
/// `symtest_runtime::symtest`).
fn symtest_path(attrs: &[syn::Attribute]) -> Option<String> {
    attrs
        .iter()
        .map(syn::Attribute::path)
        .find(|path| path.segments.last().is_some_and(|s| s.ident == "symtest"))
        .map(|path| {
            let leading = if path.leading_colon.is_some() {
                "::"
            } else {
                ""
            };
            let segments: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
            format!("{leading}{}", segments.join("::"))
        })
}

/// The name of the type an impl block is for: `Stack` for `impl Stack` and `impl a::Stack`;
/// the referent's for a trait impl of a reference (`str` for `impl From<Name> for &str`), as
/// the macro reports its functions.
fn impl_type_name(ty: &syn::Type) -> Option<String> {
    match ty {
        syn::Type::Reference(reference) => impl_type_name(&reference.elem),
        syn::Type::Path(path) => path
            .path
            .segments
            .last()
            .map(|segment| unraw(&segment.ident.to_string())),
        syn::Type::Group(group) => impl_type_name(&group.elem),
        syn::Type::Paren(paren) => impl_type_name(&paren.elem),
        // As the macro names them: their functions are reported by their trait.
        syn::Type::Array(_) => Some("array".into()),
        syn::Type::Slice(_) => Some("slice".into()),
        syn::Type::Tuple(tuple) if !tuple.elems.is_empty() => Some("tuple".into()),
        _ => None,
    }
}

/// The generated blocks already in the region of the module scope `modules`, each with its
/// parsed header, dedented and with `\n` line ends as [`crate::fmt::format`] writes
/// them; empty when the scope has no region.
pub fn read_functions(source: &str, modules: &[String]) -> Result<Vec<(Header, String)>> {
    let file = SourceFile::parse(source)?;
    let scope = file.scope(modules)?;
    match file.region(&scope)? {
        Some(region) => Ok(file.blocks(&region)),
        None => Ok(Vec::new()),
    }
}

/// The source with the region of the module scope `modules` holding `blocks` — pairs of
/// function name and block from [`crate::fmt::format`] — sorted by function name. With
/// `keep_others`, blocks of other functions already in the region stay as they are. A region
/// left with no blocks is removed; a missing one is added at the end of the scope.
pub fn update(
    source: &str,
    modules: &[String],
    blocks: &[(String, String)],
    keep_others: bool,
    prelude: Prelude,
) -> Result<String> {
    check_blocks(blocks)?;
    let file = SourceFile::parse(source)?;
    let scope = file.scope(modules)?;
    let region = file.region(&scope)?;
    let mut chosen: Vec<(String, String)> = Vec::new();
    if let (true, Some(region)) = (keep_others, &region) {
        let others = file.blocks(region).into_iter();
        let others =
            others.filter(|(header, _)| !blocks.iter().any(|(name, _)| *name == header.name));
        chosen.extend(others.map(|(header, text)| (header.name, text)));
    }
    chosen.extend(blocks.iter().cloned());
    chosen.sort_by(|a, b| a.0.cmp(&b.0));
    let texts: Vec<String> = chosen.into_iter().map(|(_, text)| text).collect();
    if !texts.is_empty() {
        file.check_module_name_is_free(&scope, region.as_ref())?;
    }
    let edited = match region {
        Some(region) if texts.is_empty() => file.remove(&region),
        Some(region) => file.replace(&region, &file.region_text(&scope, &texts, prelude)),
        None if texts.is_empty() => file.text.to_string(),
        None => file.insert(&scope, &file.region_text(&scope, &texts, prelude)),
    };
    Ok(format!("{}{edited}", file.bom))
}

/// Every block must start with its function's header, or the next run could not find it.
fn check_blocks(blocks: &[(String, String)]) -> Result<()> {
    for (index, (name, text)) in blocks.iter().enumerate() {
        let header = text.lines().next().and_then(render::parse_header);
        if header.is_none_or(|header| header.name != *name) {
            bail!("internal error: the block for `{name}` does not start with its header line");
        }
        if blocks[..index].iter().any(|(other, _)| other == name) {
            bail!("internal error: two blocks for function `{name}`");
        }
    }
    Ok(())
}

/// Replaces the file at `path` by `contents` through a temporary file in the same directory
/// and a rename, so a crash leaves the old or the new file, never half of one. The file keeps
/// its permissions; a symlink stays a symlink. Unchanged contents are not written at all, so
/// the file's modification time (and cargo's rebuild check) stay as they were.
pub fn write_atomically(path: &Path, contents: &str) -> Result<()> {
    let target = resolve_symlink(path)?;
    match fs::read(&target) {
        Ok(old) if old == contents.as_bytes() => return Ok(()),
        Ok(_) => {}
        Err(error) if error.kind() == std::io::ErrorKind::NotFound => {
            // Created empty first so the file gets the usual permissions for new files.
            fs::File::create(&target)
                .with_context(|| format!("cannot create {}", target.display()))?;
        }
        Err(error) => {
            return Err(error).with_context(|| format!("cannot read {}", target.display()));
        }
    }
    let directory = match target.parent() {
        Some(parent) if !parent.as_os_str().is_empty() => parent,
        _ => Path::new("."),
    };
    let context = || format!("cannot write {}", target.display());
    let mut temporary = tempfile::NamedTempFile::new_in(directory).with_context(context)?;
    temporary
        .write_all(contents.as_bytes())
        .with_context(context)?;
    temporary.flush().with_context(context)?;
    let permissions = fs::metadata(&target).with_context(context)?.permissions();
    temporary
        .as_file()
        .set_permissions(permissions)
        .with_context(context)?;
    temporary.as_file().sync_all().with_context(context)?;
    temporary
        .persist(&target)
        .map_err(|error| error.error)
        .with_context(context)?;
    Ok(())
}

/// The file a symlink points to (the link itself stays), or `path` itself.
fn resolve_symlink(path: &Path) -> Result<PathBuf> {
    match fs::symlink_metadata(path) {
        Ok(metadata) if metadata.file_type().is_symlink() => fs::canonicalize(path)
            .with_context(|| format!("cannot resolve the symlink {}", path.display())),
        _ => Ok(path.to_path_buf()),
    }
}

/// A parsed source file, with what it takes to turn spans into byte offsets.
struct SourceFile<'a> {
    /// A byte order mark the file starts with, kept out of `text` and put back on output.
    bom: &'a str,
    text: &'a str,
    lines: Lines<'a>,
    syntax: syn::File,
}

/// One module scope: the file itself or an inline `mod name { … }`.
struct Scope<'f> {
    /// `at file level` or `in module a::b`, for messages.
    description: String,
    items: &'f [syn::Item],
    /// The bytes between the braces (the whole file at file level).
    contents: Range<usize>,
    /// Indentation of the `mod` line; `None` at file level.
    module_indent: Option<String>,
    /// Ranges that are not items but hold tokens (inner attributes, a shebang line).
    other_tokens: Vec<Range<usize>>,
}

/// A region: from the start of its begin-marker line to the end of its end-marker line.
struct Region<'f> {
    bytes: Range<usize>,
    /// The generated module between the markers, if it is still there.
    module: Option<&'f syn::ItemMod>,
}

/// One of the two marker lines, found as a line comment between items.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum MarkerKind {
    Begin,
    End,
}

#[derive(Debug)]
struct Marker {
    kind: MarkerKind,
    /// The whole line, with its line end.
    line: Range<usize>,
    line_number: usize,
}

impl<'a> SourceFile<'a> {
    fn parse(source: &'a str) -> Result<SourceFile<'a>> {
        let (bom, text) = split_bom(source);
        let syntax = syn::parse_file(text).map_err(|error| {
            let line = error.span().start().line;
            anyhow::anyhow!("cannot parse the file (line {line}): {error}")
        })?;
        Ok(SourceFile {
            bom,
            text,
            lines: Lines::new(text),
            syntax,
        })
    }

    /// Byte offset of a span position (line 1-based, column in chars).
    fn offset(&self, position: LineColumn) -> usize {
        self.lines.offset(position)
    }

    fn span_range(&self, span: proc_macro2::Span) -> Range<usize> {
        self.offset(span.start())..self.offset(span.end())
    }

    /// 1-based number of the line holding byte `offset`.
    fn line_number(&self, offset: usize) -> usize {
        self.lines.line_number(offset)
    }

    /// The scope of the inline modules `modules`, outermost first.
    fn scope(&self, modules: &[String]) -> Result<Scope<'_>> {
        let mut other_tokens: Vec<Range<usize>> = self.attribute_ranges(&self.syntax.attrs);
        if self.syntax.shebang.is_some() {
            other_tokens.push(0..self.lines.start_of(2));
        }
        let mut scope = Scope {
            description: "at file level".to_string(),
            items: &self.syntax.items,
            contents: 0..self.text.len(),
            module_indent: None,
            other_tokens,
        };
        for (depth, name) in modules.iter().enumerate() {
            let path = modules[..=depth].join("::");
            let mut candidates = scope.items.iter().filter_map(|item| match item {
                syn::Item::Mod(module) if unraw(&module.ident.to_string()) == unraw(name) => {
                    Some(module)
                }
                _ => None,
            });
            let (Some(module), None) = (candidates.next(), candidates.next()) else {
                bail!(
                    "expected exactly one inline module `{path}` in this file (a `mod {name};` \
                     declared here lives in its own file; modules chosen by #[cfg] are not \
                     supported)"
                );
            };
            let Some((brace, items)) = &module.content else {
                bail!(
                    "module `{path}` is declared with `mod {name};`: its code is in another file"
                );
            };
            let open = self.offset(brace.span.open().end());
            let close = self.offset(brace.span.close().start());
            scope = Scope {
                description: format!("in module {path}"),
                items,
                contents: open..close,
                module_indent: Some(
                    self.indentation_at(self.offset(module.mod_token.span.start())),
                ),
                other_tokens: self.attribute_ranges(&module.attrs),
            };
        }
        Ok(scope)
    }

    fn attribute_ranges(&self, attributes: &[syn::Attribute]) -> Vec<Range<usize>> {
        attributes
            .iter()
            .map(|attribute| self.span_range(attribute.span()))
            .collect()
    }

    /// The leading whitespace of the line holding byte `offset`.
    fn indentation_at(&self, offset: usize) -> String {
        let start = self.line_start(offset);
        let line = &self.text[start..];
        line[..line.len() - line.trim_start_matches([' ', '\t']).len()].to_string()
    }

    /// The line before the one starting at `line_start`, without its line end.
    fn previous_line(&self, line_start: usize) -> Option<&str> {
        let before = self.text[..line_start].strip_suffix('\n')?;
        Some(&before[self.line_start(before.len())..])
    }

    fn line_start(&self, offset: usize) -> usize {
        self.text[..offset].rfind('\n').map_or(0, |at| at + 1)
    }

    /// End of the line holding byte `offset`, after its line end if it has one.
    fn line_end(&self, offset: usize) -> usize {
        self.text[offset..]
            .find('\n')
            .map_or(self.text.len(), |at| offset + at + 1)
    }

    /// Starts of the line comments between the items of `scope` (not inside any item,
    /// string or block comment), alone on their lines.
    fn own_line_comments(&self, scope: &Scope<'_>) -> Vec<usize> {
        let mut taken: Vec<Range<usize>> = scope.other_tokens.clone();
        taken.extend(scope.items.iter().map(|item| self.span_range(item.span())));
        taken.sort_by_key(|range| range.start);
        let mut comments = Vec::new();
        let mut at = scope.contents.start;
        for range in taken
            .iter()
            .chain([&(scope.contents.end..scope.contents.end)])
        {
            if range.start > at {
                comments.extend(line_comments(
                    self.text,
                    at..range.start.min(scope.contents.end),
                ));
            }
            at = at.max(range.end);
        }
        comments.retain(|&start| self.text[self.line_start(start)..start].trim().is_empty());
        comments
    }

    /// The marker lines of `scope`, in file order.
    fn markers(&self, scope: &Scope<'_>) -> Vec<Marker> {
        let mut markers = Vec::new();
        for start in self.own_line_comments(scope) {
            let line = self.line_start(start)..self.line_end(start);
            let kind = match self.text[start..line.end].trim_end() {
                BEGIN_MARKER => MarkerKind::Begin,
                END_MARKER => MarkerKind::End,
                _ => continue,
            };
            markers.push(Marker {
                kind,
                line_number: self.line_number(start),
                line,
            });
        }
        markers
    }

    /// The scope's region, or an error when its markers do not delimit exactly one.
    fn region<'f>(&self, scope: &Scope<'f>) -> Result<Option<Region<'f>>> {
        let markers = self.markers(scope);
        let (begin, end) = match markers.as_slice() {
            [] => return Ok(None),
            [begin, end] if begin.kind == MarkerKind::Begin && end.kind == MarkerKind::End => {
                (begin, end)
            }
            _ => bail!("{}", marker_problem(&markers, &scope.description)),
        };
        let bytes = begin.line.start..end.line.end;
        let inside: Vec<&'f syn::Item> = scope
            .items
            .iter()
            .filter(|item| bytes.contains(&self.span_range(item.span()).start))
            .collect();
        let generated = |item: &'f syn::Item| match item {
            syn::Item::Mod(module) if module.ident == GENERATED_MODULE => Some(module),
            _ => None,
        };
        let module = match inside.as_slice() {
            [] => None,
            [item] if generated(item).is_some() => generated(item),
            _ => bail!(
                "line {}: the generated region {} holds code other than `mod {GENERATED_MODULE}`. \
                 Move that code out of the region (between the `// @generated` and \
                 `// @end generated` lines) or delete the region by hand; cargo symtest \
                 regenerates it and will not overwrite code it did not write",
                begin.line_number,
                scope.description
            ),
        };
        Ok(Some(Region { bytes, module }))
    }

    /// A person's own `mod symtest_tests` in the scope would clash with the generated one.
    fn check_module_name_is_free(
        &self,
        scope: &Scope<'_>,
        region: Option<&Region<'_>>,
    ) -> Result<()> {
        for item in scope.items {
            let syn::Item::Mod(module) = item else {
                continue;
            };
            let ours = region
                .is_some_and(|region| region.module.is_some_and(|ours| std::ptr::eq(ours, module)));
            if module.ident == GENERATED_MODULE && !ours {
                bail!(
                    "line {}: a module named `{GENERATED_MODULE}` {} was not written by cargo \
                     symtest, and the generated tests need that name; rename that module",
                    module.ident.span().start().line,
                    scope.description
                );
            }
        }
        Ok(())
    }

    /// The blocks of the generated module in `region`, split at their header lines.
    fn blocks(&self, region: &Region<'_>) -> Vec<(Header, String)> {
        let Some(syn::ItemMod {
            content: Some((brace, items)),
            ..
        }) = region.module
        else {
            return Vec::new();
        };
        let contents =
            self.offset(brace.span.open().end())..self.offset(brace.span.close().start());
        let module = Scope {
            description: format!("in module {GENERATED_MODULE}"),
            items,
            contents: contents.clone(),
            module_indent: None,
            other_tokens: Vec::new(),
        };
        let headers: Vec<(usize, Header)> = self
            .own_line_comments(&module)
            .into_iter()
            .filter_map(|start| {
                let line = &self.text[start..self.line_end(start)];
                render::parse_header(line).map(|header| (self.line_start(start), header))
            })
            .collect();
        let block_end = self.line_start(contents.end);
        let mut blocks = Vec::new();
        for (index, (start, header)) in headers.iter().enumerate() {
            let end = headers.get(index + 1).map_or(block_end, |(next, _)| *next);
            blocks.push((header.clone(), dedent(&self.text[*start..end.max(*start)])));
        }
        blocks
    }

    /// The rendered region for `scope`, one level deeper than the `mod` line (a tab counts
    /// as a level), with the file's line ends.
    fn region_text(&self, scope: &Scope<'_>, blocks: &[String], prelude: Prelude) -> String {
        let levels = scope.module_indent.as_ref().map_or(0, |indent| {
            let columns: usize = indent.chars().map(|c| if c == '\t' { 4 } else { 1 }).sum();
            columns / 4 + 1
        });
        self.with_newlines(&render::render_module(blocks, levels, &prelude))
    }

    fn with_newlines(&self, text: &str) -> String {
        if self.lines.newline == "\n" {
            text.to_string()
        } else {
            text.replace('\n', self.lines.newline)
        }
    }

    fn replace(&self, region: &Region<'_>, region_text: &str) -> String {
        let old = &self.text[region.bytes.clone()];
        // A region ending the file without a final line end keeps it that way.
        let new = if old.ends_with('\n') {
            region_text
        } else {
            region_text.trim_end_matches(['\r', '\n'])
        };
        format!(
            "{}{new}{}",
            &self.text[..region.bytes.start],
            &self.text[region.bytes.end..]
        )
    }

    /// Removes the region and one blank line that would otherwise be left over next to it.
    fn remove(&self, region: &Region<'_>) -> String {
        let (mut start, mut end) = (region.bytes.start, region.bytes.end);
        let before = &self.text[..start];
        let after = &self.text[end..];
        let previous_line = self.previous_line(start);
        let next_line = after.split_inclusive('\n').next().unwrap_or("");
        let previous_blank = previous_line.is_some_and(|line| line.trim().is_empty());
        let next_blank = !next_line.is_empty() && next_line.trim().is_empty();
        let at_close = after.trim().is_empty() || next_line.trim_start().starts_with('}');
        let at_open = before.trim_end().is_empty() || before.trim_end().ends_with('{');
        if previous_blank && (next_blank || at_close) {
            start = self.line_start(start - 1);
        } else if next_blank && at_open {
            end += next_line.len();
        }
        format!("{}{}", &self.text[..start], &self.text[end..])
    }

    /// Adds a region where the scope has none: at the end of the file, or before the closing
    /// brace of the inline module, after one blank line.
    fn insert(&self, scope: &Scope<'_>, region_text: &str) -> String {
        let newline = self.lines.newline;
        let at = scope.contents.end;
        let before = &self.text[..at];
        if scope.module_indent.is_none() {
            let separator =
                if before.is_empty() || before.ends_with("\n\n") || before.ends_with("\n\r\n") {
                    ""
                } else if before.ends_with('\n') {
                    newline
                } else {
                    &format!("{newline}{newline}")
                };
            return format!("{before}{separator}{region_text}");
        }
        let line_start = self.line_start(at);
        let blank_needed = !before.trim_end().ends_with('{');
        if self.text[line_start..at].trim().is_empty() {
            let previous_blank = self
                .previous_line(line_start)
                .is_some_and(|line| line.trim().is_empty());
            let separator = if blank_needed && !previous_blank {
                newline
            } else {
                ""
            };
            format!(
                "{}{separator}{region_text}{}",
                &self.text[..line_start],
                &self.text[line_start..]
            )
        } else {
            let separator = if blank_needed {
                format!("{newline}{newline}")
            } else {
                newline.to_string()
            };
            let indent = scope.module_indent.as_deref().unwrap_or("");
            format!(
                "{before}{separator}{region_text}{indent}{}",
                &self.text[at..]
            )
        }
    }
}

/// Start offsets of the line comments in `range` of `text`, which holds only whitespace and
/// comments: `//` inside a block comment does not count.
fn line_comments(text: &str, range: Range<usize>) -> Vec<usize> {
    let bytes = text.as_bytes();
    let mut starts = Vec::new();
    let mut at = range.start;
    while at < range.end {
        if bytes[at..].starts_with(b"//") {
            starts.push(at);
            at = text[at..].find('\n').map_or(text.len(), |end| at + end);
        } else if bytes[at..].starts_with(b"/*") {
            at = block_comment_end(bytes, at);
        } else {
            at += 1;
        }
    }
    starts
}

/// The offset after the (possibly nested) block comment starting at `start`.
fn block_comment_end(bytes: &[u8], start: usize) -> usize {
    let mut depth = 0usize;
    let mut at = start;
    while at < bytes.len() {
        if bytes[at..].starts_with(b"/*") {
            depth += 1;
            at += 2;
        } else if bytes[at..].starts_with(b"*/") {
            depth -= 1;
            at += 2;
            if depth == 0 {
                return at;
            }
        } else {
            at += 1;
        }
    }
    bytes.len()
}

/// Why the markers of a scope do not delimit one region, and what to do about it.
fn marker_problem(markers: &[Marker], scope: &str) -> String {
    let lines = |kind: MarkerKind| -> Vec<usize> {
        markers
            .iter()
            .filter(|marker| marker.kind == kind)
            .map(|marker| marker.line_number)
            .collect()
    };
    let (begins, ends) = (lines(MarkerKind::Begin), lines(MarkerKind::End));
    let problem = match (begins.as_slice(), ends.as_slice()) {
        ([begin], []) => format!("line {begin}: the generated region {scope} has no end marker"),
        ([], [end]) => format!("line {end}: an end marker {scope} has no begin marker"),
        ([begin], [end]) => format!(
            "line {end}: the end marker {scope} comes before its begin marker (line {begin})"
        ),
        _ => format!(
            "the markers of the generated region {scope} are duplicated or nested (begin on \
             line(s) {}, end on line(s) {})",
            join_numbers(&begins),
            join_numbers(&ends)
        ),
    };
    format!(
        "{problem}. Fix the `{BEGIN_MARKER}` / `{END_MARKER}` lines or delete the region by \
         hand; cargo symtest does not guess where a region ends"
    )
}

/// Lines of a block, without the indentation of its first line and with `\n` line ends.
fn dedent(block: &str) -> String {
    let first = block.lines().next().unwrap_or("");
    let indent = &first[..first.len() - first.trim_start().len()];
    let mut lines: Vec<&str> = block
        .lines()
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .map(|line| line.strip_prefix(indent).unwrap_or(line.trim_start()))
        .collect();
    while lines.last().is_some_and(|line| line.trim().is_empty()) {
        lines.pop();
    }
    lines
        .iter()
        .map(|line| format!("{}\n", line.trim_end()))
        .collect()
}

fn unraw(name: &str) -> String {
    name.strip_prefix("r#").unwrap_or(name).to_string()
}

fn join_numbers(numbers: &[usize]) -> String {
    numbers
        .iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lines::BOM;

    /// A block as `fmt::format` writes it, for function `name`, with one test.
    fn block(name: &str, value: u32) -> String {
        format!(
            "// symtest: fn={name} covered=1/2 seed=7 algorithm=avm budget-evals=100
#[test]
fn {name}_returns_{value}() {{
    // Covers line 3 `x > 0` true.
    assert_eq!({name}(1), {value});
}}
"
        )
    }

    fn blocks(names: &[(&str, u32)]) -> Vec<(String, String)> {
        names
            .iter()
            .map(|&(name, value)| (name.to_string(), block(name, value)))
            .collect()
    }

    fn update(
        source: &str,
        modules: &[String],
        blocks: &[(String, String)],
        keep: bool,
    ) -> Result<String> {
        super::update(source, modules, blocks, keep, Prelude::std())
    }

    fn modules(names: &[&str]) -> Vec<String> {
        names.iter().map(|name| name.to_string()).collect()
    }

    fn update_ok(
        source: &str,
        modules: &[String],
        blocks: &[(String, String)],
        keep: bool,
    ) -> String {
        match update(source, modules, blocks, keep) {
            Ok(updated) => updated,
            Err(error) => panic!("{error:#}\nin\n{source}"),
        }
    }

    fn error_of<T: std::fmt::Debug>(result: Result<T>) -> String {
        match result {
            Ok(value) => panic!("expected an error, got {value:?}"),
            Err(error) => format!("{error:#}"),
        }
    }

    const NESTED: &str = "\
pub fn top(x: u32) -> u32 {
    x
}

mod outer {
    pub fn f(x: u32) -> u32 {
        x + 1
    }

    pub mod inner {
        pub fn f(x: u32) -> u32 {
            x + 2
        }
    }
}
";

    #[test]
    fn locate_finds_a_function_at_file_level() {
        assert_eq!(
            locate(NESTED, "top", 1).ok().map(|found| found.modules),
            Some(Vec::new())
        );
    }

    #[test]
    fn locate_finds_functions_in_nested_inline_modules_by_line() {
        assert_eq!(
            locate(NESTED, "f", 6).ok().map(|found| found.modules),
            Some(modules(&["outer"]))
        );
        assert_eq!(
            locate(NESTED, "f", 11).ok().map(|found| found.modules),
            Some(modules(&["outer", "inner"]))
        );
    }

    #[test]
    fn locate_matches_raw_identifiers() {
        let source = "mod r#type {\n    fn r#match() {}\n}\n";
        assert_eq!(
            locate(source, "match", 2).ok().map(|found| found.modules),
            Some(modules(&["type"]))
        );
        assert!(update(source, &modules(&["r#type"]), &[], true).is_ok());
        assert_eq!(
            locate(source, "r#match", 2).ok().map(|found| found.modules),
            Some(modules(&["type"]))
        );
    }

    #[test]
    fn locate_says_how_to_call_a_function_of_a_trait_impl() {
        let source = "mod units {
    impl std::str::FromStr for Size {
        fn from_str(s: &str) -> Result<Self, ()> { todo!() }
    }
    impl self::Unit for Size {
        fn from_str(n: u8) -> Self { todo!() }
    }
    impl Size {
        fn from_str(n: u8) -> Self { todo!() }
    }
}
";
        let callee = |line| locate(source, "Size::from_str", line).map(|found| found.callee);
        assert_eq!(
            callee(3).ok(),
            Some(Callee::Parse {
                ty: "Size".to_string()
            })
        );
        assert_eq!(
            callee(6).ok(),
            Some(Callee::Qualified(
                "<Size as super::Unit>::from_str".to_string()
            ))
        );
        assert_eq!(callee(9).ok(), Some(Callee::Named));
    }

    #[test]
    fn locate_finds_functions_the_macro_names_by_their_trait() {
        let source = "mod inner { pub struct Quoter; }
struct Quoter;
impl From<inner::Quoter> for Quoter {
    fn from(q: inner::Quoter) -> Self { todo!() }
}
impl From<Quoter> for inner::Quoter {
    fn from(q: Quoter) -> Self { todo!() }
}
";
        for (name, line) in [
            ("<Quoter as From<inner::Quoter>>::from", 4),
            ("<inner::Quoter as From<Quoter>>::from", 7),
        ] {
            assert!(locate(source, name, line).is_ok(), "{name}");
        }
        assert!(locate(source, "<Quoter as From<inner::Quoter>>::into", 4).is_err());
    }

    #[test]
    fn the_sequences_of_a_type_are_located_at_its_first_annotated_block_a_trait_impl_too() {
        let source = "struct Version;
#[symtest]
impl std::fmt::Display for Version {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { todo!() }
}
mod inner {
    #[symtest]
    impl Ord for Version {}
}
";
        assert_eq!(
            locate(source, "Version", 3).ok().map(|found| found.modules),
            Some(Vec::new())
        );
        assert_eq!(
            locate(source, "Version", 8).ok().map(|found| found.modules),
            Some(modules(&["inner"]))
        );
    }

    #[test]
    fn locate_reports_a_missing_function() {
        let message = error_of(locate(NESTED, "missing", 1));
        assert!(message.contains("found no function `missing`"), "{message}");
        let message = error_of(locate(NESTED, "f", 7));
        assert!(
            message.contains("line 7") && message.contains("line(s) 6, 11"),
            "{message}"
        );
        let in_impl = "struct S;\nimpl S {\n    fn m() {}\n}\n";
        let message = error_of(locate(in_impl, "m", 3));
        assert!(message.contains("outside function bodies"), "{message}");
    }

    #[test]
    fn locate_reports_a_file_that_does_not_parse() {
        let message = error_of(locate("fn broken( {\n", "broken", 1));
        assert!(message.contains("cannot parse the file"), "{message}");
    }

    #[test]
    fn region_is_appended_at_file_level_after_one_blank_line() {
        let updated = update_ok(NESTED, &[], &blocks(&[("top", 1)]), true);
        let region = render::render_module(&[block("top", 1)], 0, &Prelude::std());
        assert_eq!(updated, format!("{NESTED}\n{region}"));
        assert!(syn::parse_file(&updated).is_ok());
    }

    #[test]
    fn region_is_appended_to_a_file_without_a_final_newline() {
        let source = "pub fn top() -> u32 {\n    1\n}";
        let updated = update_ok(source, &[], &blocks(&[("top", 1)]), true);
        let region = render::render_module(&[block("top", 1)], 0, &Prelude::std());
        assert_eq!(updated, format!("{source}\n\n{region}"));
        assert_eq!(
            update_ok(&updated, &[], &blocks(&[("top", 1)]), true),
            updated
        );
    }

    #[test]
    fn region_is_added_to_an_empty_file_without_leading_blank_line() {
        let updated = update_ok("", &[], &blocks(&[("top", 1)]), true);
        assert_eq!(
            updated,
            render::render_module(&[block("top", 1)], 0, &Prelude::std())
        );
    }

    #[test]
    fn region_is_inserted_before_the_closing_brace_of_nested_modules() {
        let inner = modules(&["outer", "inner"]);
        let updated = update_ok(NESTED, &inner, &blocks(&[("f", 3)]), true);
        let region = render::render_module(&[block("f", 3)], 2, &Prelude::std());
        let expected = NESTED.replace(
            "            x + 2\n        }\n    }\n",
            &format!("            x + 2\n        }}\n\n{region}    }}\n"),
        );
        assert_eq!(updated, expected);
        assert!(syn::parse_file(&updated).is_ok());
        assert_eq!(
            read_functions(&updated, &inner)
                .ok()
                .map(|found| found.len()),
            Some(1)
        );
        assert_eq!(
            read_functions(&updated, &modules(&["outer"])).ok(),
            Some(Vec::new())
        );
        assert_eq!(read_functions(&updated, &[]).ok(), Some(Vec::new()));
    }

    #[test]
    fn region_is_inserted_into_modules_written_on_one_line() {
        let source = "mod empty {}\nmod one_line { fn g() {} }\n";
        let updated = update_ok(source, &modules(&["empty"]), &blocks(&[("g", 1)]), true);
        let region = render::render_module(&[block("g", 1)], 1, &Prelude::std());
        assert_eq!(
            updated,
            format!("mod empty {{\n{region}}}\nmod one_line {{ fn g() {{}} }}\n")
        );
        let updated = update_ok(
            &updated,
            &modules(&["one_line"]),
            &blocks(&[("g", 2)]),
            true,
        );
        assert!(syn::parse_file(&updated).is_ok(), "{updated}");
        let again = update_ok(
            &updated,
            &modules(&["one_line"]),
            &blocks(&[("g", 2)]),
            true,
        );
        assert_eq!(again, updated);
    }

    #[test]
    fn region_is_indented_one_level_deeper_than_its_mod_line() {
        let source = "mod a {\n\tmod b {\n\t\tfn f() {}\n\t}\n}\n";
        let scope = modules(&["a", "b"]);
        let updated = update_ok(source, &scope, &blocks(&[("f", 1)]), true);
        let region = render::render_module(&[block("f", 1)], 2, &Prelude::std());
        assert_eq!(
            updated,
            format!("mod a {{\n\tmod b {{\n\t\tfn f() {{}}\n\n{region}\t}}\n}}\n")
        );
        assert_eq!(
            update_ok(&updated, &scope, &blocks(&[("f", 1)]), true),
            updated
        );
    }

    #[test]
    fn existing_region_is_replaced_in_place() {
        let with_old = update_ok(NESTED, &modules(&["outer"]), &blocks(&[("f", 1)]), true);
        let with_new = update_ok(&with_old, &modules(&["outer"]), &blocks(&[("f", 2)]), true);
        assert_eq!(
            with_new,
            with_old
                .replace("f_returns_1", "f_returns_2")
                .replace("(1), 1)", "(1), 2)")
        );
    }

    #[test]
    fn keep_others_keeps_blocks_of_functions_not_updated() {
        let source = update_ok(NESTED, &[], &blocks(&[("a", 1), ("b", 1)]), true);
        let updated = update_ok(&source, &[], &blocks(&[("b", 2)]), true);
        let region = render::render_module(&[block("a", 1), block("b", 2)], 0, &Prelude::std());
        assert_eq!(updated, format!("{NESTED}\n{region}"));
        let only_b = update_ok(&source, &[], &blocks(&[("b", 2)]), false);
        assert_eq!(
            only_b,
            format!(
                "{NESTED}\n{}",
                render::render_module(&[block("b", 2)], 0, &Prelude::std())
            )
        );
    }

    #[test]
    fn blocks_are_ordered_by_function_name() {
        let updated = update_ok(NESTED, &[], &blocks(&[("zeta", 1), ("alpha", 1)]), true);
        let updated = update_ok(&updated, &[], &blocks(&[("mid", 1)]), true);
        let names: Vec<String> = read_functions(&updated, &[])
            .map(|found| found.into_iter().map(|(header, _)| header.name).collect())
            .unwrap_or_default();
        assert_eq!(names, ["alpha", "mid", "zeta"]);
    }

    #[test]
    fn read_functions_returns_each_block_as_rendered() {
        let inner = modules(&["outer", "inner"]);
        let updated = update_ok(NESTED, &inner, &blocks(&[("f", 3), ("g", 4)]), true);
        let found = read_functions(&updated, &inner).unwrap_or_default();
        let texts: Vec<&str> = found.iter().map(|(_, text)| text.as_str()).collect();
        assert_eq!(texts, [block("f", 3), block("g", 4)]);
        let first_line = block("f", 3).lines().next().map(str::to_string);
        let header = first_line.as_deref().and_then(render::parse_header);
        assert_eq!(found.first().map(|(header, _)| header.clone()), header);
        assert_eq!(read_functions(NESTED, &inner).ok(), Some(Vec::new()));
    }

    #[test]
    fn region_without_blocks_is_removed_without_stray_blank_lines() {
        let inner = modules(&["outer", "inner"]);
        for scope in [Vec::new(), modules(&["outer"]), inner] {
            let with_region = update_ok(NESTED, &scope, &blocks(&[("f", 1)]), true);
            assert_ne!(with_region, NESTED);
            assert_eq!(
                update_ok(&with_region, &scope, &[], false),
                NESTED,
                "{scope:?}"
            );
            assert_eq!(update_ok(NESTED, &scope, &[], true), NESTED);
        }
    }

    #[test]
    fn removing_a_region_between_items_leaves_one_blank_line() {
        let with_region = update_ok(NESTED, &[], &blocks(&[("f", 1)]), true);
        let moved = format!("{with_region}\nfn after() {{}}\n");
        let removed = update_ok(&moved, &[], &[], false);
        assert_eq!(removed, format!("{NESTED}\nfn after() {{}}\n"));
    }

    #[test]
    fn update_is_idempotent() {
        let inner = modules(&["outer", "inner"]);
        for (scope, keep) in [(Vec::new(), true), (inner.clone(), true), (inner, false)] {
            let once = update_ok(NESTED, &scope, &blocks(&[("f", 1), ("g", 2)]), keep);
            let twice = update_ok(&once, &scope, &blocks(&[("f", 1), ("g", 2)]), keep);
            assert_eq!(twice, once);
            let partial = update_ok(&once, &scope, &blocks(&[("g", 2)]), true);
            assert_eq!(partial, once);
        }
    }

    #[test]
    fn crlf_files_stay_crlf() {
        let source = NESTED.replace('\n', "\r\n");
        let scope = modules(&["outer"]);
        let updated = update_ok(&source, &scope, &blocks(&[("f", 1)]), true);
        assert_eq!(
            updated.matches('\n').count(),
            updated.matches("\r\n").count()
        );
        assert!(updated.ends_with("}\r\n"));
        let expected_lf = update_ok(NESTED, &scope, &blocks(&[("f", 1)]), true);
        assert_eq!(updated, expected_lf.replace('\n', "\r\n"));
        assert_eq!(
            read_functions(&updated, &scope)
                .ok()
                .map(|found| found[0].1.clone()),
            Some(block("f", 1))
        );
        assert_eq!(
            update_ok(&updated, &scope, &blocks(&[("f", 1)]), true),
            updated
        );
        assert_eq!(update_ok(&updated, &scope, &[], false), source);
        let appended = update_ok(&source, &[], &blocks(&[("top", 1)]), true);
        assert_eq!(
            appended,
            update_ok(NESTED, &[], &blocks(&[("top", 1)]), true).replace('\n', "\r\n")
        );
    }

    #[test]
    fn byte_order_mark_is_kept() {
        let source = format!("{BOM}{NESTED}");
        let updated = update_ok(
            &source,
            &modules(&["outer", "inner"]),
            &blocks(&[("f", 1)]),
            true,
        );
        assert!(updated.starts_with(BOM));
        assert_eq!(
            updated[BOM.len()..],
            update_ok(
                NESTED,
                &modules(&["outer", "inner"]),
                &blocks(&[("f", 1)]),
                true
            )
        );
        assert_eq!(
            locate(&source, "f", 11).ok().map(|found| found.modules),
            Some(modules(&["outer", "inner"]))
        );
    }

    /// Human code that mentions the markers in every way that must not count as a region.
    const TRICKY: &str = r####"//! Tests live between `// @generated by `cargo symtest`` and its end marker.
// @generated by cargo symtest: a person's note, not the marker line
/// // @generated by `cargo symtest`: regenerated on every run; edit the code, not this module.
pub fn classify(a: u32) -> u32 {
    // @generated by `cargo symtest`: regenerated on every run; edit the code, not this module.
    a
}

const NOTE: &str = "// @generated by `cargo symtest`: regenerated on every run; edit the code, not this module.";
const RAW: &str = r#"
// @generated by `cargo symtest`: regenerated on every run; edit the code, not this module.
// @end generated by `cargo symtest`
"#;

/*
// @generated by `cargo symtest`: regenerated on every run; edit the code, not this module.
/* nested */
// @end generated by `cargo symtest`
*/

mod helpers {
    // A person's own module with the generated module's name, in another scope.
    #[cfg(test)]
    mod symtest_tests {
        #[test]
        fn hand_written() {
            let text = "
        // @end generated by `cargo symtest`
";
            assert!(!text.is_empty());
        }
    }
}

impl Drop for Guard {
    fn drop(&mut self) {} // @end generated by `cargo symtest`
}
"####;

    #[test]
    fn human_code_outside_the_region_stays_byte_identical() {
        assert_eq!(read_functions(TRICKY, &[]).ok(), Some(Vec::new()));
        let first = update_ok(TRICKY, &[], &blocks(&[("classify", 1)]), true);
        assert_eq!(
            first,
            format!(
                "{TRICKY}\n{}",
                render::render_module(&[block("classify", 1)], 0, &Prelude::std())
            )
        );
        let second = update_ok(&first, &[], &blocks(&[("classify", 2)]), true);
        assert!(second.starts_with(TRICKY));
        assert_eq!(
            second,
            first
                .replace("classify_returns_1", "classify_returns_2")
                .replace("(1), 1)", "(1), 2)")
        );
        assert_eq!(update_ok(&second, &[], &[], false), TRICKY);
        let helpers = update_ok(TRICKY, &modules(&["helpers"]), &[], true);
        assert_eq!(helpers, TRICKY);
    }

    #[test]
    fn generated_module_name_taken_by_a_person_is_reported() {
        let message = error_of(update(
            TRICKY,
            &modules(&["helpers"]),
            &blocks(&[("g", 1)]),
            true,
        ));
        assert!(
            message.contains("line 24") && message.contains("symtest_tests"),
            "{message}"
        );
    }

    #[test]
    fn begin_marker_without_end_marker_is_an_error() {
        let with_region = update_ok(NESTED, &[], &blocks(&[("f", 1)]), true);
        let broken = with_region.replace(&format!("{END_MARKER}\n"), "");
        let message = error_of(update(&broken, &[], &blocks(&[("f", 2)]), true));
        assert!(
            message.contains("line 17: the generated region at file level has no end marker"),
            "{message}"
        );
        assert!(message.contains("delete the region by hand"), "{message}");
        assert!(read_functions(&broken, &[]).is_err());
    }

    #[test]
    fn end_marker_without_begin_marker_is_an_error() {
        let broken = format!("{NESTED}{END_MARKER}\n");
        let message = error_of(update(&broken, &[], &blocks(&[("f", 2)]), true));
        assert!(
            message.contains("line 16: an end marker at file level has no begin marker"),
            "{message}"
        );
    }

    #[test]
    fn duplicated_or_nested_markers_are_an_error() {
        let with_region = update_ok(NESTED, &modules(&["outer"]), &blocks(&[("f", 1)]), true);
        let region = render::render_module(&[block("f", 1)], 1, &Prelude::std());
        let twice = with_region.replace(&region, &format!("{region}{region}"));
        let message = error_of(update(
            &twice,
            &modules(&["outer"]),
            &blocks(&[("f", 2)]),
            true,
        ));
        assert!(
            message.contains("in module outer are duplicated or nested"),
            "{message}"
        );
        assert!(
            message.contains("begin on line(s) 16, 30, end on line(s) 29, 43"),
            "{message}"
        );
        let swapped = format!("{NESTED}{END_MARKER}\n{BEGIN_MARKER}\n");
        let message = error_of(update(&swapped, &[], &[], true));
        assert!(
            message.contains("comes before its begin marker"),
            "{message}"
        );
    }

    #[test]
    fn region_holding_human_code_is_an_error() {
        let with_region = update_ok(NESTED, &[], &blocks(&[("f", 1)]), true);
        let edited = with_region.replace(
            &format!("{END_MARKER}\n"),
            &format!("fn mine() {{}}\n{END_MARKER}\n"),
        );
        let message = error_of(update(&edited, &[], &blocks(&[("f", 2)]), true));
        assert!(
            message.contains("holds code other than `mod symtest_tests`"),
            "{message}"
        );
    }

    #[test]
    fn missing_module_is_an_error() {
        let message = error_of(update(NESTED, &modules(&["outer", "nope"]), &[], true));
        assert!(message.contains("inline module `outer::nope`"), "{message}");
        let message = error_of(update("mod other;\n", &modules(&["other"]), &[], true));
        assert!(message.contains("in another file"), "{message}");
    }

    #[test]
    fn blocks_must_start_with_their_header() {
        let wrong = vec![("f".to_string(), block("g", 1))];
        assert!(
            error_of(update(NESTED, &[], &wrong, true)).contains("does not start with its header")
        );
        let twice = blocks(&[("f", 1), ("f", 2)]);
        assert!(error_of(update(NESTED, &[], &twice, true)).contains("two blocks"));
    }

    #[test]
    fn write_atomically_replaces_the_contents() -> Result<()> {
        let directory = tempfile::tempdir()?;
        let path = directory.path().join("lib.rs");
        fs::write(&path, "old")?;
        write_atomically(&path, "new\n")?;
        assert_eq!(fs::read_to_string(&path)?, "new\n");
        let leftovers = fs::read_dir(directory.path())?.count();
        assert_eq!(leftovers, 1, "temporary file left behind");
        let created = directory.path().join("new.rs");
        write_atomically(&created, "fresh")?;
        assert_eq!(fs::read_to_string(&created)?, "fresh");
        Ok(())
    }

    #[cfg(unix)]
    #[test]
    fn write_atomically_keeps_permissions_and_skips_unchanged_files() -> Result<()> {
        use std::os::unix::fs::{MetadataExt, PermissionsExt};
        let directory = tempfile::tempdir()?;
        let path = directory.path().join("lib.rs");
        fs::write(&path, "old")?;
        fs::set_permissions(&path, fs::Permissions::from_mode(0o640))?;
        write_atomically(&path, "new")?;
        assert_eq!(fs::metadata(&path)?.permissions().mode() & 0o777, 0o640);
        let inode = fs::metadata(&path)?.ino();
        write_atomically(&path, "new")?;
        assert_eq!(
            fs::metadata(&path)?.ino(),
            inode,
            "an unchanged file was rewritten"
        );
        Ok(())
    }

    #[cfg(unix)]
    #[test]
    fn write_atomically_writes_through_a_symlink() -> Result<()> {
        let directory = tempfile::tempdir()?;
        let target = directory.path().join("real.rs");
        let link = directory.path().join("link.rs");
        fs::write(&target, "old")?;
        std::os::unix::fs::symlink(&target, &link)?;
        write_atomically(&link, "new")?;
        assert!(fs::symlink_metadata(&link)?.file_type().is_symlink());
        assert_eq!(fs::read_to_string(&target)?, "new");
        Ok(())
    }
}
