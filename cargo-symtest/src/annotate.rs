//! Marks a whole source file for testing: `#[symtest_runtime::symtest]` goes before every free
//! fn, impl block, struct and enum of the file and of its inline modules, as a user who wants
//! the module tested would write it, and every other byte of the file stays as it was.
//!
//! Left alone: items in `#[cfg(test)]` modules or under `#[cfg(test)]` themselves, `#[test]`
//! functions, items inside fn bodies, traits and macros (`macro_rules!` bodies are tokens),
//! and items that already carry `#[symtest]` under any path. The attribute goes after the
//! item's outer attributes and doc comments, right before its visibility or keyword, so
//! `#[cfg]` and `#[derive]` apply to the item as written: on a line of its own with the item's
//! indentation, or on the same line when another attribute ends there.
//!
//! A generated test module already in the file (`mod symtest_tests`, under `#[cfg(test)]`) is
//! marked `#[symtest_runtime::symtest(generated)]`, so an instrumented build leaves it out as it
//! leaves out the module of an annotated crate.
//!
//! `cargo symtest annotate FILE...` (hidden; used by `benches/modules/run.sh`) rewrites files
//! in place, each attribute on a line of its own; `cargo symtest --auto` annotates its copy of
//! a crate with every attribute on its item's line, so the copy's line numbers are the
//! original's.

use std::fmt;
use std::ops::RangeInclusive;
use std::path::PathBuf;

use anyhow::{Context, Result};
use proc_macro2::LineColumn;
use syn::spanned::Spanned;

use crate::lines::{Lines, split_bom};
use crate::writeback::GENERATED_MODULE;

/// What is inserted: a path that works in every edition once `symtest-runtime` is a
/// dependency (edition 2015 also needs `extern crate symtest_runtime;` at the root).
pub const ATTRIBUTE: &str = "#[symtest_runtime::symtest]";

/// What marks an item whose full instrumentation did not compile: instrumented without the
/// probes that ask the compiler for their operands' types (the macro's `body::reduced`).
pub const REDUCED: &str = "#[symtest_runtime::symtest(reduced)]";

/// What marks a generated module that is already in the file.
const GENERATED: &str = "#[symtest_runtime::symtest(generated)]";

/// Where an attribute goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// On a line of its own before the item, with its indentation (or on the line of an
    /// attribute that ends where the item starts): as a person writes it.
    OwnLine,
    /// Before the item on its line: every line keeps its number.
    SameLine,
}

/// How many items of each kind were annotated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub functions: usize,
    pub impls: usize,
    pub structs: usize,
    pub enums: usize,
}

impl Counts {
    pub fn total(&self) -> usize {
        self.functions + self.impls + self.structs + self.enums
    }

    pub fn add(&mut self, other: Counts) {
        self.functions += other.functions;
        self.impls += other.impls;
        self.structs += other.structs;
        self.enums += other.enums;
    }
}

impl fmt::Display for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} functions, {} impl blocks, {} structs, {} enums",
            self.functions, self.impls, self.structs, self.enums
        )
    }
}

/// `source` with the attribute before every item it should have, and how many were marked.
pub fn annotate(source: &str, layout: Layout) -> Result<(String, Counts)> {
    let annotated = annotate_except(source, layout, Except::default(), false)?;
    Ok((annotated.text, annotated.counts))
}

/// A file with the attributes in.
#[derive(Debug)]
pub struct Annotated {
    pub text: String,
    pub counts: Counts,
    /// The items left unmarked because they span one of the lines asked for: `fn parse`,
    /// `impl Parser`, `struct Span`, each with the line it starts on.
    pub left_out: Vec<(String, usize)>,
    /// The items marked [`REDUCED`] because they span one of the lines asked for, each with
    /// the lines it spans.
    pub reduced: Vec<(String, RangeInclusive<usize>)>,
}

/// The lines (1-based) of a file whose items are marked otherwise than in full.
#[derive(Clone, Copy, Debug, Default)]
pub struct Except<'e> {
    /// An item that spans one of these is left unmarked.
    pub unmarked: &'e [usize],
    /// An item that spans one of these (and none of `unmarked`) is marked [`REDUCED`].
    pub reduced: &'e [usize],
}

/// [`annotate`], with the items that span one of the lines of `except` left unmarked or
/// marked [`REDUCED`], and with `leave_main`, the file's `fn main` left unmarked (a binary's:
/// searching it runs the program).
pub fn annotate_except(
    source: &str,
    layout: Layout,
    except: Except<'_>,
    leave_main: bool,
) -> Result<Annotated> {
    let (bom, text) = split_bom(source);
    let file = syn::parse_file(text).map_err(|error| {
        let line = error.span().start().line;
        anyhow::anyhow!("cannot parse the file (line {line}): {error}")
    })?;
    let mut found = Found {
        points: Vec::new(),
        counts: Counts::default(),
        except,
        left_out: Vec::new(),
        reduced: Vec::new(),
    };
    let items: Vec<syn::Item> = (file.items.into_iter())
        .filter(|item| !(leave_main && matches!(item, syn::Item::Fn(f) if f.sig.ident == "main")))
        .collect();
    found.collect(&items);
    let Found {
        points,
        counts,
        left_out,
        reduced,
        ..
    } = found;
    let lines = Lines::new(text);
    let mut out = String::with_capacity(text.len() + points.len() * (ATTRIBUTE.len() + 8));
    out.push_str(bom);
    let mut copied = 0;
    for (point, attribute) in points {
        let at = lines.offset(point);
        let line_start = text[..at].rfind('\n').map_or(0, |newline| newline + 1);
        let before = &text[line_start..at];
        out.push_str(&text[copied..at]);
        out.push_str(attribute);
        if layout == Layout::OwnLine && before.trim_start_matches([' ', '\t']).is_empty() {
            out.push_str(lines.newline);
            out.push_str(before);
        } else {
            out.push(' ');
        }
        copied = at;
    }
    out.push_str(&text[copied..]);
    Ok(Annotated {
        text: out,
        counts,
        left_out,
        reduced,
    })
}

/// Where an attribute goes, and which.
type Point = (LineColumn, &'static str);

/// What a walk over a file's items finds.
struct Found<'e> {
    points: Vec<Point>,
    counts: Counts,
    except: Except<'e>,
    left_out: Vec<(String, usize)>,
    reduced: Vec<(String, RangeInclusive<usize>)>,
}

impl Found<'_> {
    /// The insertion points of `items` and of the inline modules among them, in source order.
    fn collect(&mut self, items: &[syn::Item]) {
        for item in items {
            let (attrs, start, count, name): (_, _, fn(&mut Counts) -> &mut usize, _) = match item {
                syn::Item::Fn(function) => {
                    let start = first(&function.vis).unwrap_or_else(|| function.sig.span().start());
                    let name = format!("fn {}", function.sig.ident);
                    (&function.attrs, start, |c| &mut c.functions, name)
                }
                syn::Item::Impl(block) => {
                    let start = block
                        .defaultness
                        .map(|token| token.span.start())
                        .or(block.unsafety.map(|token| token.span.start()))
                        .unwrap_or_else(|| block.impl_token.span.start());
                    let ty = &block.self_ty;
                    let name = format!("impl {}", crate::render::compact(quote::quote!(#ty)));
                    (&block.attrs, start, |c| &mut c.impls, name)
                }
                syn::Item::Struct(item) => {
                    let start = first(&item.vis).unwrap_or_else(|| item.struct_token.span.start());
                    let name = format!("struct {}", item.ident);
                    (&item.attrs, start, |c| &mut c.structs, name)
                }
                syn::Item::Enum(item) => {
                    let start = first(&item.vis).unwrap_or_else(|| item.enum_token.span.start());
                    let name = format!("enum {}", item.ident);
                    (&item.attrs, start, |c| &mut c.enums, name)
                }
                syn::Item::Mod(module) => {
                    if module.ident == GENERATED_MODULE
                        && test_only(&module.attrs)
                        && !has_attribute(&module.attrs, "symtest")
                    {
                        let start =
                            first(&module.vis).unwrap_or_else(|| module.mod_token.span.start());
                        self.points.push((start, GENERATED));
                    } else if let Some((_, inner)) = &module.content
                        && !test_only(&module.attrs)
                    {
                        self.collect(inner);
                    }
                    continue;
                }
                _ => continue,
            };
            if test_only(attrs) || has_attribute(attrs, "symtest") || has_attribute(attrs, "test") {
                continue;
            }
            let span = item.span();
            let lines = span.start().line..=span.end().line;
            if self.except.unmarked.iter().any(|line| lines.contains(line)) {
                self.left_out.push((name, start.line));
                continue;
            }
            let attribute = match self.except.reduced.iter().any(|line| lines.contains(line)) {
                true => {
                    self.reduced.push((name, lines));
                    REDUCED
                }
                false => ATTRIBUTE,
            };
            self.points.push((start, attribute));
            *count(&mut self.counts) += 1;
        }
    }
}

/// Where a visibility written before an item starts (`pub`, `pub(crate)`).
fn first(visibility: &syn::Visibility) -> Option<LineColumn> {
    match visibility {
        syn::Visibility::Inherited => None,
        visibility => Some(visibility.span().start()),
    }
}

/// Whether an attribute with this last path segment is among `attrs` (`symtest`,
/// `symtest_runtime::symtest`, `::symtest_runtime::symtest`; `test`).
fn has_attribute(attrs: &[syn::Attribute], name: &str) -> bool {
    attrs
        .iter()
        .any(|attr| attr.path().segments.last().is_some_and(|s| s.ident == name))
}

/// Whether `#[cfg(…)]` among `attrs` compiles the item only in test builds.
pub fn test_only(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && attr
                .parse_args::<syn::Meta>()
                .is_ok_and(|meta| implies_test(&meta))
    })
}

/// Whether a cfg predicate can hold only when `test` does: `test`, `all(test, …)`,
/// `any(test, all(test, …))`.
fn implies_test(meta: &syn::Meta) -> bool {
    match meta {
        syn::Meta::Path(path) => path.is_ident("test"),
        syn::Meta::List(list) => {
            let Ok(inner) = list.parse_args_with(
                syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
            ) else {
                return false;
            };
            if list.path.is_ident("all") {
                inner.iter().any(implies_test)
            } else if list.path.is_ident("any") {
                !inner.is_empty() && inner.iter().all(implies_test)
            } else {
                false
            }
        }
        syn::Meta::NameValue(_) => false,
    }
}

/// `cargo symtest annotate FILE...`: annotates each file in place and prints what it marked,
/// a line per file and a total (`total: 9 items (3 functions, 2 impl blocks, 4 structs, 0
/// enums)`).
pub fn run(files: &[PathBuf]) -> Result<crate::Verdict> {
    let mut total = Counts::default();
    for path in files {
        let source = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let (annotated, counts) = annotate(&source, Layout::OwnLine)
            .with_context(|| format!("cannot annotate {}", path.display()))?;
        if annotated != source {
            std::fs::write(path, annotated)
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        println!("{}: {} items ({counts})", path.display(), counts.total());
        total.add(counts);
    }
    println!("total: {} items ({total})", total.total());
    Ok(crate::Verdict::Success)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The annotated text and the counts as (functions, impls, structs, enums).
    fn marked(source: &str) -> (String, (usize, usize, usize, usize)) {
        let (text, c) = annotate(source, Layout::OwnLine).unwrap_or_else(|e| panic!("{e}"));
        (text, (c.functions, c.impls, c.structs, c.enums))
    }

    #[test]
    fn every_free_fn_impl_struct_and_enum_gets_the_attribute_on_its_own_line() {
        let source = "fn a() {}\n\npub struct S(u8);\n\nenum E { A }\n\nimpl S {\n    fn new() -> S { S(0) }\n}\n\nimpl Default for S {\n    fn default() -> S { S(1) }\n}\n";
        let (text, counts) = marked(source);
        assert_eq!(
            text,
            "#[symtest_runtime::symtest]\nfn a() {}\n\n#[symtest_runtime::symtest]\npub struct S(u8);\n\n#[symtest_runtime::symtest]\nenum E { A }\n\n#[symtest_runtime::symtest]\nimpl S {\n    fn new() -> S { S(0) }\n}\n\n#[symtest_runtime::symtest]\nimpl Default for S {\n    fn default() -> S { S(1) }\n}\n"
        );
        assert_eq!(counts, (1, 2, 1, 1));
    }

    #[test]
    fn the_attribute_goes_after_doc_comments_and_attributes_before_the_visibility() {
        let source =
            "/// A size.\n#[derive(Debug)]\n#[cfg(feature = \"x\")]\npub(crate) struct Size;\n";
        let (text, _) = marked(source);
        assert_eq!(
            text,
            "/// A size.\n#[derive(Debug)]\n#[cfg(feature = \"x\")]\n#[symtest_runtime::symtest]\npub(crate) struct Size;\n"
        );
    }

    #[test]
    fn qualifiers_of_fns_and_impls_stay_after_the_attribute() {
        let source = "pub const unsafe fn f() {}\nunsafe extern \"C\" fn g() {}\nunsafe impl Send for S {}\n";
        let (text, counts) = marked(source);
        assert_eq!(
            text,
            "#[symtest_runtime::symtest]\npub const unsafe fn f() {}\n#[symtest_runtime::symtest]\nunsafe extern \"C\" fn g() {}\n#[symtest_runtime::symtest]\nunsafe impl Send for S {}\n"
        );
        assert_eq!(counts, (2, 1, 0, 0));
    }

    #[test]
    fn items_of_inline_modules_get_the_module_indentation() {
        let source = "mod inner {\n    pub fn f() {}\n\n\tenum T { A }\n}\n";
        let (text, counts) = marked(source);
        assert_eq!(
            text,
            "mod inner {\n    #[symtest_runtime::symtest]\n    pub fn f() {}\n\n\t#[symtest_runtime::symtest]\n\tenum T { A }\n}\n"
        );
        assert_eq!(counts, (1, 0, 0, 1));
    }

    #[test]
    fn test_modules_tests_and_test_only_items_are_left_alone() {
        let source = "#[cfg(test)]\nmod tests {\n    fn helper() {}\n}\n#[cfg(all(test, feature = \"std\"))]\nmod more { fn h() {} }\n#[cfg(test)]\nfn fixture() {}\n#[test]\nfn stray() {}\n";
        assert_eq!(marked(source), (source.to_string(), (0, 0, 0, 0)));
    }

    #[test]
    fn modules_not_only_for_tests_are_annotated() {
        let source = "#[cfg(not(test))]\nmod a { fn f() {} }\n#[cfg(any(test, unix))]\nmod b { fn g() {} }\n";
        let (_, counts) = marked(source);
        assert_eq!(counts, (2, 0, 0, 0));
    }

    #[test]
    fn items_already_marked_under_any_path_are_not_marked_twice() {
        let source = "#[symtest]\nfn a() {}\n#[symtest_runtime::symtest]\nstruct B;\n#[::symtest_runtime::symtest]\nimpl B {}\n";
        assert_eq!(marked(source), (source.to_string(), (0, 0, 0, 0)));
    }

    #[test]
    fn fn_bodies_traits_and_macros_are_not_entered() {
        let source = "fn outer() {\n    fn inner() {}\n    struct Local;\n}\ntrait T { fn m(&self) {} }\nmacro_rules! m { () => { fn made() {} } }\nm!();\n";
        let (text, counts) = marked(source);
        assert_eq!(text, format!("{ATTRIBUTE}\n{source}"));
        assert_eq!(counts, (1, 0, 0, 0));
    }

    #[test]
    fn an_attribute_on_the_same_line_keeps_the_item_on_it() {
        let (text, _) = marked("#[derive(Clone)] pub struct S;\n");
        assert_eq!(
            text,
            "#[derive(Clone)] #[symtest_runtime::symtest] pub struct S;\n"
        );
    }

    #[test]
    fn crlf_files_get_crlf_lines() {
        let source = "//! Crate.\r\n\r\n    fn a() {}\r\nstruct S;\r\n";
        let (text, _) = marked(source);
        assert_eq!(
            text,
            "//! Crate.\r\n\r\n    #[symtest_runtime::symtest]\r\n    fn a() {}\r\n#[symtest_runtime::symtest]\r\nstruct S;\r\n"
        );
    }

    #[test]
    fn a_byte_order_mark_and_non_ascii_text_before_an_item_are_kept() {
        let source = "\u{feff}/// Größe ≥ 0\nconst C: &str = \"ä\"; fn f() {}\n";
        let (text, _) = marked(source);
        assert_eq!(
            text,
            "\u{feff}/// Größe ≥ 0\nconst C: &str = \"ä\"; #[symtest_runtime::symtest] fn f() {}\n"
        );
    }

    #[test]
    fn a_file_that_does_not_parse_is_an_error_naming_the_line() {
        let error = annotate("fn a() {}\nfn b( {}\n", Layout::OwnLine).unwrap_err();
        assert!(error.to_string().contains("line 2"), "{error}");
    }

    #[test]
    fn annotating_twice_changes_nothing_the_second_time() {
        let (once, _) = marked("pub fn a() {}\nimpl A { fn b(&self) {} }\n");
        let (twice, counts) = marked(&once);
        assert_eq!((twice, counts), (once, (0, 0, 0, 0)));
    }

    #[test]
    fn run_rewrites_the_files_in_place_and_names_an_unparsable_one() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let good = dir.path().join("good.rs");
        let bad = dir.path().join("bad.rs");
        std::fs::write(&good, "fn a() {}\n").unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(&bad, "fn (\n").unwrap_or_else(|e| panic!("{e}"));
        assert!(run(std::slice::from_ref(&good)).is_ok());
        let written = std::fs::read_to_string(&good).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(written, format!("{ATTRIBUTE}\nfn a() {{}}\n"));
        let error = run(&[good, bad.clone()]).unwrap_err();
        assert!(format!("{error:#}").contains("bad.rs"), "{error:#}");
        assert_eq!(
            std::fs::read_to_string(&bad).ok().as_deref(),
            Some("fn (\n")
        );
    }

    #[test]
    fn on_the_same_line_every_line_keeps_its_number() {
        let source = "/// A size.\n#[derive(Debug)]\npub struct S(u8);\n\nimpl S {\n    fn new() -> S { S(0) }\n}\n";
        let (text, counts) = annotate(source, Layout::SameLine).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            text,
            "/// A size.\n#[derive(Debug)]\n#[symtest_runtime::symtest] pub struct S(u8);\n\n#[symtest_runtime::symtest] impl S {\n    fn new() -> S { S(0) }\n}\n"
        );
        assert_eq!(counts.total(), 2);
    }

    #[test]
    fn a_generated_module_is_marked_generated_and_not_entered() {
        let source =
            "fn f() {}\n// @generated\n#[cfg(test)]\nmod symtest_tests {\n    fn g() {}\n}\n";
        let (text, counts) = annotate(source, Layout::SameLine).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            text,
            "#[symtest_runtime::symtest] fn f() {}\n// @generated\n#[cfg(test)]\n#[symtest_runtime::symtest(generated)] mod symtest_tests {\n    fn g() {}\n}\n"
        );
        assert_eq!(counts.total(), 1);
        let marked = "#[cfg(test)]\n#[symtest(generated)]\nmod symtest_tests {}\n";
        assert_eq!(
            annotate(marked, Layout::SameLine)
                .ok()
                .map(|(text, _)| text),
            Some(marked.to_string())
        );
    }

    #[test]
    fn items_that_span_a_line_asked_for_are_left_unmarked() {
        let source = "fn a() {}\n\nimpl S {\n    fn b() {}\n}\nmod m {\n    struct T;\n}\n";
        let except = Except {
            unmarked: &[4, 7],
            reduced: &[],
        };
        let annotated = annotate_except(source, Layout::SameLine, except, false)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            annotated.text,
            "#[symtest_runtime::symtest] fn a() {}\n\nimpl S {\n    fn b() {}\n}\nmod m {\n    struct T;\n}\n"
        );
        assert_eq!(
            annotated.left_out,
            [("impl S".to_string(), 3), ("struct T".to_string(), 7)]
        );
        assert_eq!(annotated.counts.total(), 1);
    }

    #[test]
    fn items_that_span_a_reduced_line_are_marked_reduced_unless_left_unmarked() {
        let source = "fn a() {\n    1\n}\nfn b() {}\nfn c() {}\n";
        let except = Except {
            unmarked: &[5],
            reduced: &[2, 5],
        };
        let annotated = annotate_except(source, Layout::SameLine, except, false)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            annotated.text,
            "#[symtest_runtime::symtest(reduced)] fn a() {\n    1\n}\n\
             #[symtest_runtime::symtest] fn b() {}\nfn c() {}\n"
        );
        assert_eq!(annotated.reduced, [("fn a".to_string(), 1..=3)]);
        assert_eq!(annotated.left_out, [("fn c".to_string(), 5)]);
        assert_eq!(annotated.counts.total(), 2);
    }

    #[test]
    fn a_binarys_main_can_be_left_unmarked() {
        let source = "fn main() {}\nfn helper() {}\n";
        let annotated = annotate_except(source, Layout::SameLine, Except::default(), true)
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            annotated.text,
            "fn main() {}\n#[symtest_runtime::symtest] fn helper() {}\n"
        );
    }

    #[test]
    fn counts_read_as_a_sentence() {
        let counts = Counts {
            functions: 3,
            impls: 2,
            structs: 1,
            enums: 0,
        };
        assert_eq!(
            counts.to_string(),
            "3 functions, 2 impl blocks, 1 structs, 0 enums"
        );
        assert_eq!(counts.total(), 6);
    }
}
