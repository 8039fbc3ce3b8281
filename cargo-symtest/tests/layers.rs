//! The modules of `cargo-symtest` import one another one way only: no module reaches, through
//! its imports, back to itself. The test reads every `.rs` file under `src/`, builds the graph
//! of module-to-module imports and fails, naming the modules and where each import is written,
//! if the graph has a cycle.
//!
//! A file's module is its path under `src/` (`foo.rs` and `foo/mod.rs` are `foo`, `foo/bar.rs`
//! is `foo::bar`, `main.rs` is the crate root); an inline `mod name { … }` is a module too. An
//! import is every path written in code, in a `use` or inline (macro arguments included), that
//! starts with `crate::`, `super::`, `self::` or a name a `use` bound to a module of the crate;
//! it is an edge to the longest prefix of the path that is a module. Edges from a module to
//! itself, its ancestors or its descendants are left out: a parent declares its children, and
//! a child sees its parent. The files are read as Rust tokens, so comments and string literals
//! never count.
//!
//! Leaving out the edges between parents and children hides a cycle that runs through one
//! (`write` imports `html`, `html::page` imports `write`), so a second test looks at each level
//! of the tree: every module counted as its ancestor at that depth, the subtrees under one
//! parent must import one another one way too.
//!
//! Test code counts. Modules under `#[cfg(test)]` (the `mod tests` of a file, `html/tests.rs`,
//! the fixtures of `render` and `shard`) are nodes like any other. None of them closes a cycle
//! (the graph of the code a non-test build compiles has the same cycles as the whole, before
//! and after they were broken), and leaving them in keeps the check as strict as it can be;
//! `Code::Shipped` builds the graph without them, should a fixture one day have to reach
//! across the layers.

use std::collections::{BTreeMap, BTreeSet, VecDeque};
use std::path::Path;
use std::str::FromStr;

use proc_macro2::{Delimiter, Spacing, TokenStream, TokenTree};

/// A module's path from the crate root, one segment each; the root is empty.
type Module = Vec<String>;

/// Where an import is written.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Site {
    file: String,
    line: usize,
}

/// Module-to-module imports, each with the first place it is written.
type Graph = BTreeMap<Module, BTreeMap<Module, Site>>;

/// Which code the graph is built from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Code {
    /// Everything, test modules and `#[cfg(test)]` items included.
    All,
    /// Only what a non-test build compiles.
    Shipped,
}

#[test]
fn the_modules_of_the_crate_import_one_another_one_way() {
    let graph = crate_graph();
    let cycles = cycles(&graph);
    assert!(
        cycles.is_empty(),
        "modules of cargo-symtest import one another in a circle; move what both sides need \
         down into the lower module, or into a module of its own:\n{}",
        describe_all(&graph, &cycles)
    );
}

#[test]
fn the_subtrees_under_each_module_import_one_another_one_way() {
    let graph = crate_graph();
    let deepest = graph.keys().map(Vec::len).max().unwrap_or(0);
    for depth in 1..=deepest {
        let collapsed = collapse(&graph, depth);
        let cycles = cycles(&collapsed);
        assert!(
            cycles.is_empty(),
            "counting each module as its ancestor {depth} deep, modules of cargo-symtest \
             import one another in a circle (through a parent or a child, at the place named):\n{}",
            describe_all(&collapsed, &cycles)
        );
    }
}

/// The graph of `src/`, checked to be the crate's: a wrong path, or a reading that finds
/// nothing, must not pass for a graph without cycles.
fn crate_graph() -> Graph {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let sources = read_sources(&src);
    assert!(
        sources.len() >= 30 && sources.iter().any(|(path, _)| path == "main.rs"),
        "read only {} files under {}: is this the crate's source?",
        sources.len(),
        src.display()
    );
    let graph = graph(&sources, Code::All).unwrap_or_else(|error| panic!("{error}"));
    let edges: usize = graph.values().map(BTreeMap::len).sum();
    assert!(
        edges >= 50,
        "found only {edges} imports between modules in {} files",
        sources.len()
    );
    graph
}

/// Every `.rs` file under `dir`, as its path relative to `dir` (with `/`) and its text, sorted.
fn read_sources(dir: &Path) -> Vec<(String, String)> {
    fn walk(root: &Path, dir: &Path, out: &mut Vec<(String, String)>) {
        let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
        for entry in entries {
            let path = entry
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .path();
            if path.is_dir() {
                walk(root, &path, out);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                let text = std::fs::read_to_string(&path)
                    .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
                let relative = path.strip_prefix(root).unwrap_or(&path);
                let parts: Vec<_> = relative.iter().map(|part| part.to_string_lossy()).collect();
                out.push((parts.join("/"), text));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out.sort();
    out
}

/// The module a file under `src/` is: `foo.rs` and `foo/mod.rs` are `foo`, `main.rs` and
/// `lib.rs` the root.
fn module_of(file: &str) -> Module {
    let mut segments: Module = file
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if segments.last().is_some_and(|last| last == "mod") {
        segments.pop();
    }
    if segments.len() == 1 && (segments[0] == "main" || segments[0] == "lib") {
        segments.clear();
    }
    segments
}

/// `html::page`, or `crate` for the root.
fn name(module: &[String]) -> String {
    match module.is_empty() {
        true => "crate".to_string(),
        false => module.join("::"),
    }
}

/// A path written in code, as found in one file.
#[derive(Clone, Debug)]
struct Written {
    /// The module the path is written in (an inline module's own path).
    scope: Module,
    segments: Vec<String>,
    line: usize,
    /// Under `#[cfg(test)]`.
    test: bool,
}

/// A name a `use` brings into a scope, and the path it names.
#[derive(Clone, Debug)]
struct Binding {
    scope: Module,
    name: String,
    segments: Vec<String>,
}

/// What one file says: the paths written in it, the names its `use`s bind and the modules it
/// declares (with whether each is under `#[cfg(test)]`).
#[derive(Debug, Default)]
struct Scan {
    written: Vec<Written>,
    bindings: Vec<Binding>,
    modules: Vec<(Module, bool)>,
}

/// The graph of imports between the modules of the files in `sources` (paths relative to
/// `src/`, and their text). Fails on a file that is not Rust tokens.
fn graph(sources: &[(String, String)], code: Code) -> Result<Graph, String> {
    let mut scans = Vec::new();
    let mut modules: BTreeSet<Module> = BTreeSet::new();
    let mut test_modules: BTreeSet<Module> = BTreeSet::new();
    for (file, text) in sources {
        let tokens = TokenStream::from_str(text).map_err(|e| format!("{file}: {e}"))?;
        let tokens: Vec<TokenTree> = tokens.into_iter().collect();
        let module = module_of(file);
        let mut scan = Scan::default();
        walk(&tokens, &module, false, &mut scan);
        modules.insert(module);
        for (declared, test) in &scan.modules {
            modules.insert(declared.clone());
            if *test {
                test_modules.insert(declared.clone());
            }
        }
        scans.push((file, scan));
    }
    let in_test_module = |module: &Module| test_modules.iter().any(|test| module.starts_with(test));
    let mut graph = Graph::new();
    for (file, scan) in &scans {
        for written in &scan.written {
            if code == Code::Shipped && (written.test || in_test_module(&written.scope)) {
                continue;
            }
            let Some(path) = absolute(
                &written.scope,
                &written.segments,
                &scan.bindings,
                &modules,
                0,
            ) else {
                continue;
            };
            let target = (0..=path.len())
                .rev()
                .map(|length| path[..length].to_vec())
                .find(|prefix| modules.contains(prefix))
                .unwrap_or_default();
            let from = &written.scope;
            if target.starts_with(from) || from.starts_with(&target) {
                continue;
            }
            if code == Code::Shipped && in_test_module(&target) {
                continue;
            }
            let site = Site {
                file: file.to_string(),
                line: written.line,
            };
            graph
                .entry(from.clone())
                .or_default()
                .entry(target)
                .or_insert(site);
        }
    }
    Ok(graph)
}

/// The path from the crate root that `segments`, written in `scope`, names: `crate::`, `self::`
/// and `super::` resolve, and so does a first segment that a `use` of the file bound in `scope`
/// or an enclosing inline module, or that is a child module of `scope`. None for other names
/// (other crates, local items).
fn absolute(
    scope: &[String],
    segments: &[String],
    bindings: &[Binding],
    modules: &BTreeSet<Module>,
    depth: usize,
) -> Option<Vec<String>> {
    let (first, rest) = segments.split_first()?;
    match first.as_str() {
        "crate" => Some(rest.to_vec()),
        "self" => Some([scope, rest].concat()),
        "super" => {
            let supers = segments
                .iter()
                .take_while(|segment| *segment == "super")
                .count();
            let base = scope.get(..scope.len().checked_sub(supers)?)?;
            Some([base, &segments[supers..]].concat())
        }
        // A binding may name another's; two that name each other would never end.
        _ if depth > 8 => None,
        _ => {
            // The file's bindings only: walking up from an inline module stops at the file's.
            let mut enclosing = scope;
            loop {
                let bound = bindings
                    .iter()
                    .find(|b| b.scope == enclosing && b.name == *first);
                if let Some(binding) = bound {
                    let target = absolute(
                        &binding.scope,
                        &binding.segments,
                        bindings,
                        modules,
                        depth + 1,
                    )?;
                    return Some([&target[..], rest].concat());
                }
                match enclosing.split_last() {
                    Some((_, parent)) => enclosing = parent,
                    None => break,
                }
            }
            let child = [scope, std::slice::from_ref(first)].concat();
            modules
                .contains(&child)
                .then(|| [&child[..], rest].concat())
        }
    }
}

/// Whether `tokens[i..]` starts with `::`.
fn path_separator(tokens: &[TokenTree], i: usize) -> bool {
    matches!(
        (tokens.get(i), tokens.get(i + 1)),
        (Some(TokenTree::Punct(a)), Some(TokenTree::Punct(b)))
            if a.as_char() == ':' && a.spacing() == Spacing::Joint && b.as_char() == ':'
    )
}

fn is_punct(token: Option<&TokenTree>, c: char) -> bool {
    matches!(token, Some(TokenTree::Punct(p)) if p.as_char() == c)
}

fn is_brace(token: Option<&TokenTree>) -> bool {
    matches!(token, Some(TokenTree::Group(group)) if group.delimiter() == Delimiter::Brace)
}

fn ident(token: Option<&TokenTree>) -> Option<String> {
    match token {
        Some(TokenTree::Ident(ident)) => Some(ident.to_string()),
        _ => None,
    }
}

/// `#[cfg(test)]`'s bracket.
fn is_cfg_test(group: &proc_macro2::Group) -> bool {
    let tokens: Vec<TokenTree> = group.stream().into_iter().collect();
    match tokens.as_slice() {
        [TokenTree::Ident(cfg), TokenTree::Group(condition)] => {
            let condition: Vec<TokenTree> = condition.stream().into_iter().collect();
            cfg == "cfg"
                && matches!(condition.as_slice(), [TokenTree::Ident(test)] if test == "test")
        }
        _ => false,
    }
}

/// The line `token` starts on.
fn line(token: &TokenTree) -> usize {
    token.span().start().line
}

/// Finds, in `tokens` written in module `scope`, the paths written, the `use` bindings and the
/// modules declared; `test` when the tokens are under `#[cfg(test)]`.
fn walk(tokens: &[TokenTree], scope: &Module, test: bool, scan: &mut Scan) {
    let mut i = 0;
    let mut cfg_test = false;
    while i < tokens.len() {
        let token = &tokens[i];
        // Attributes: `#[…]` and `#![…]`; `#[cfg(test)]` marks the item after it.
        if is_punct(Some(token), '#') {
            let bang = usize::from(is_punct(tokens.get(i + 1), '!'));
            if let Some(TokenTree::Group(group)) = tokens.get(i + 1 + bang)
                && group.delimiter() == Delimiter::Bracket
            {
                cfg_test |= bang == 0 && is_cfg_test(group);
                i += 2 + bang;
                continue;
            }
        }
        let keyword = ident(Some(token));
        // An item under `#[cfg(test)]` other than a module: walk it as test code.
        if cfg_test && keyword.as_deref() != Some("mod") {
            cfg_test = false;
            let end = (i..tokens.len())
                .find(|&j| is_punct(tokens.get(j), ';') || is_brace(tokens.get(j)))
                .unwrap_or(tokens.len() - 1);
            walk(&tokens[i..=end], scope, true, scan);
            i = end + 1;
            continue;
        }
        let next = tokens.get(i + 1);
        match keyword.as_deref() {
            Some("mod") if ident(next).is_some() => {
                let child = [&scope[..], &[ident(next).unwrap_or_default()]].concat();
                let test = test || std::mem::take(&mut cfg_test);
                scan.modules.push((child.clone(), test));
                if let Some(TokenTree::Group(body)) = tokens.get(i + 2)
                    && body.delimiter() == Delimiter::Brace
                {
                    let body: Vec<TokenTree> = body.stream().into_iter().collect();
                    walk(&body, &child, test, scan);
                }
                i += 3;
                continue;
            }
            // Not `impl Trait + use<'a>`.
            Some("use")
                if ident(next).is_some() || path_separator(tokens, i + 1) || is_brace(next) =>
            {
                let end = (i..tokens.len())
                    .find(|&j| is_punct(tokens.get(j), ';'))
                    .unwrap_or(tokens.len());
                let mut leaves = Vec::new();
                use_tree(&tokens[i + 1..end], &[], &mut leaves);
                for (segments, bound) in leaves {
                    if let Some(name) = bound {
                        let binding = Binding {
                            scope: scope.clone(),
                            name,
                            segments: segments.clone(),
                        };
                        scan.bindings.push(binding);
                    }
                    scan.written.push(Written {
                        scope: scope.clone(),
                        segments,
                        line: line(token),
                        test,
                    });
                }
                i = end + 1;
                continue;
            }
            _ => {}
        }
        match token {
            TokenTree::Ident(first)
                if path_separator(tokens, i + 1)
                    && !(i >= 2 && path_separator(tokens, i - 2))
                    && !is_punct(i.checked_sub(1).and_then(|j| tokens.get(j)), '.') =>
            {
                let mut segments = vec![first.to_string()];
                let mut j = i + 1;
                while path_separator(tokens, j)
                    && let Some(next) = ident(tokens.get(j + 2))
                {
                    segments.push(next);
                    j += 3;
                }
                if segments.len() >= 2 {
                    scan.written.push(Written {
                        scope: scope.clone(),
                        segments,
                        line: line(token),
                        test,
                    });
                }
                i = j;
            }
            TokenTree::Group(group) => {
                let inner: Vec<TokenTree> = group.stream().into_iter().collect();
                walk(&inner, scope, test, scan);
                i += 1;
            }
            _ => i += 1,
        }
    }
}

/// The leaves of a `use` tree (the tokens between `use` and `;`) under `prefix`: each one's
/// path and the name it binds (none for `*` and `as _`).
fn use_tree(
    tokens: &[TokenTree],
    prefix: &[String],
    leaves: &mut Vec<(Vec<String>, Option<String>)>,
) {
    let mut path = prefix.to_vec();
    let mut i = 0;
    while i < tokens.len() {
        match &tokens[i] {
            TokenTree::Punct(p) if p.as_char() == ':' => i += 1,
            TokenTree::Punct(p) if p.as_char() == '*' => {
                leaves.push((path, None));
                return;
            }
            TokenTree::Group(group) if group.delimiter() == Delimiter::Brace => {
                let inner: Vec<TokenTree> = group.stream().into_iter().collect();
                for tree in inner.split(|token| is_punct(Some(token), ',')) {
                    use_tree(tree, &path, leaves);
                }
                return;
            }
            TokenTree::Ident(word) if word == "as" => {
                let renamed = ident(tokens.get(i + 1)).filter(|name| name != "_");
                if path.last().is_some_and(|last| last == "self") {
                    path.pop();
                }
                leaves.push((path, renamed));
                return;
            }
            TokenTree::Ident(word) => {
                path.push(word.to_string());
                i += 1;
            }
            _ => return,
        }
    }
    if path.len() > prefix.len() {
        if path.last().is_some_and(|last| last == "self") {
            path.pop();
        }
        let bound = path.last().cloned();
        leaves.push((path, bound));
    }
}

/// One cycle through each group of modules that reach one another, shortest first from the
/// group's first module; empty when the imports run one way.
fn cycles(graph: &Graph) -> Vec<Vec<Module>> {
    let mut cycles = Vec::new();
    let mut seen: BTreeSet<Module> = BTreeSet::new();
    for start in graph.keys() {
        if seen.contains(start) {
            continue;
        }
        // Breadth-first from `start`: the shortest way back to it, if there is one.
        let mut parent: BTreeMap<&Module, &Module> = BTreeMap::new();
        let mut queue: VecDeque<&Module> = VecDeque::from([start]);
        let mut back = None;
        while let Some(module) = queue.pop_front() {
            for next in graph.get(module).into_iter().flat_map(BTreeMap::keys) {
                if next == start {
                    back = Some(module);
                    break;
                }
                if !parent.contains_key(next) {
                    parent.insert(next, module);
                    queue.push_back(next);
                }
            }
            if back.is_some() {
                break;
            }
        }
        let Some(mut module) = back else { continue };
        let mut cycle = vec![module.clone()];
        while module != start {
            module = parent[module];
            cycle.push(module.clone());
        }
        cycle.reverse();
        seen.extend(cycle.iter().cloned());
        cycles.push(cycle);
    }
    cycles
}

/// `a -> b (a.rs:3) -> a (b.rs:5)`: a cycle with where each import is written.
fn describe(graph: &Graph, cycle: &[Module]) -> String {
    let mut text = name(&cycle[0]);
    for (i, from) in cycle.iter().enumerate() {
        let to = &cycle[(i + 1) % cycle.len()];
        let site = &graph[from][to];
        text.push_str(&format!(" -> {} ({}:{})", name(to), site.file, site.line));
    }
    text
}

/// Every cycle of `graph`, described, one a line.
fn describe_all(graph: &Graph, cycles: &[Vec<Module>]) -> String {
    let described: Vec<String> = cycles.iter().map(|cycle| describe(graph, cycle)).collect();
    described.join("\n")
}

/// `graph` with each module counted as its ancestor `depth` segments deep (or itself, when
/// shallower): the imports between the subtrees, each with the first place it is written.
/// Edges between a module and its ancestors or descendants are left out, as in [`graph`].
fn collapse(graph: &Graph, depth: usize) -> Graph {
    let cut = |module: &Module| module.iter().take(depth).cloned().collect::<Module>();
    let mut collapsed = Graph::new();
    for (from, imports) in graph {
        for (to, site) in imports {
            let (from, to) = (cut(from), cut(to));
            if to.starts_with(&from) || from.starts_with(&to) {
                continue;
            }
            let edges = collapsed.entry(from).or_default();
            edges.entry(to).or_insert_with(|| site.clone());
        }
    }
    collapsed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sources(files: &[(&str, &str)]) -> Vec<(String, String)> {
        files
            .iter()
            .map(|(path, text)| (path.to_string(), text.to_string()))
            .collect()
    }

    fn module(path: &str) -> Module {
        path.split("::").map(String::from).collect()
    }

    /// The cycles of `files`' graph, by name.
    fn found(files: &[(&str, &str)], code: Code) -> Vec<Vec<String>> {
        let graph = graph(&sources(files), code).unwrap_or_else(|e| panic!("{e}"));
        cycles(&graph)
            .iter()
            .map(|cycle| cycle.iter().map(|m| name(m)).collect())
            .collect()
    }

    /// The modules `from` imports, by name.
    fn edges(files: &[(&str, &str)], from: &str) -> Vec<String> {
        let graph = graph(&sources(files), Code::All).unwrap_or_else(|e| panic!("{e}"));
        graph
            .get(&module(from))
            .into_iter()
            .flat_map(BTreeMap::keys)
            .map(|m| name(m))
            .collect()
    }

    const ROOT: (&str, &str) = (
        "main.rs",
        "mod a;\nmod b;\nmod c;\nfn main() { a::run(); }\n",
    );

    #[test]
    fn two_modules_naming_each_other_are_a_cycle() {
        let files = [
            ROOT,
            ("a.rs", "use crate::b::Thing;\npub fn run() {}\n"),
            ("b.rs", "pub struct Thing;\nfn f() { crate::a::run() }\n"),
            ("c.rs", ""),
        ];
        assert_eq!(found(&files, Code::All), vec![vec!["a", "b"]]);
        let graph = graph(&sources(&files), Code::All).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            describe(&graph, &[module("a"), module("b")]),
            "a -> b (a.rs:1) -> a (b.rs:2)"
        );
    }

    #[test]
    fn imports_that_run_one_way_are_no_cycle() {
        let files = [
            ROOT,
            (
                "a.rs",
                "use crate::b::Thing;\nuse crate::c;\npub fn run() { c::go() }\n",
            ),
            ("b.rs", "use crate::c::go;\npub struct Thing;\n"),
            ("c.rs", "pub fn go() {}\n"),
        ];
        assert_eq!(found(&files, Code::All), Vec::<Vec<String>>::new());
        assert_eq!(edges(&files, "a"), ["b", "c"]);
        assert_eq!(edges(&files, "b"), ["c"]);
    }

    #[test]
    fn a_longer_cycle_is_named_in_order() {
        let files = [
            ROOT,
            ("a.rs", "use crate::b;\n"),
            ("b.rs", "use crate::c::{self, X};\n"),
            ("c.rs", "fn f() -> crate::a::Y { todo!() }\n"),
        ];
        assert_eq!(found(&files, Code::All), vec![vec!["a", "b", "c"]]);
    }

    #[test]
    fn comments_and_strings_are_not_imports() {
        let files = [
            ROOT,
            ("a.rs", "use crate::b;\n"),
            (
                "b.rs",
                "// use crate::a;\n\
                 /* crate::a::run() */\n\
                 /// See [`crate::a`].\n\
                 fn f() -> &'static str { \"crate::a::run\" }\n\
                 const R: &str = r#\"use crate::a;\"#;\n",
            ),
            ("c.rs", ""),
        ];
        assert_eq!(found(&files, Code::All), Vec::<Vec<String>>::new());
        assert_eq!(edges(&files, "b"), Vec::<String>::new());
    }

    #[test]
    fn an_import_is_an_edge_to_the_longest_module_it_names() {
        let files = [
            ("main.rs", "mod html;\nmod write;\n"),
            ("html/mod.rs", "mod page;\nmod plot;\npub fn escape() {}\n"),
            (
                "html/page.rs",
                "use super::escape;\nfn f() { super::plot::draw() }\n",
            ),
            ("html/plot.rs", "pub fn draw() {}\n"),
            (
                "write.rs",
                "use crate::html::page::Page;\nuse crate::html::escape;\n",
            ),
        ];
        assert_eq!(edges(&files, "write"), ["html", "html::page"]);
        // `super::escape` is the parent: no edge; `super::plot` a sibling.
        assert_eq!(edges(&files, "html::page"), ["html::plot"]);
        assert_eq!(edges(&files, "html"), Vec::<String>::new());
    }

    #[test]
    fn siblings_reached_through_super_form_a_cycle() {
        let files = [
            ("main.rs", "mod html;\n"),
            ("html/mod.rs", "mod page;\nmod plot;\n"),
            (
                "html/page.rs",
                "use super::{escape, plot};\nfn f() { plot::draw() }\n",
            ),
            ("html/plot.rs", "use super::page::{self, Page};\n"),
        ];
        assert_eq!(
            found(&files, Code::All),
            vec![vec!["html::page", "html::plot"]]
        );
    }

    #[test]
    fn a_module_bound_by_use_resolves_the_paths_through_it() {
        let files = [
            ("main.rs", "mod html;\nmod write;\n"),
            ("html/mod.rs", "pub mod page;\n"),
            (
                "html/page.rs",
                "use crate::write as output;\nfn f() { output::now() }\n",
            ),
            (
                "write.rs",
                "use crate::html;\npub fn now() { html::page::render() }\n",
            ),
        ];
        assert_eq!(edges(&files, "write"), ["html", "html::page"]);
        assert_eq!(found(&files, Code::All), vec![vec!["html::page", "write"]]);
    }

    #[test]
    fn parents_and_children_are_no_cycle() {
        let files = [
            (
                "main.rs",
                "mod console;\nfn main() { console::eta::now(); }\n",
            ),
            (
                "console/mod.rs",
                "mod eta;\nuse crate::console::eta::now;\npub fn live() {}\n",
            ),
            (
                "console/eta.rs",
                "use super::live;\nfn f() { crate::console::live() }\n",
            ),
        ];
        assert_eq!(found(&files, Code::All), Vec::<Vec<String>>::new());
        assert_eq!(edges(&files, "console::eta"), Vec::<String>::new());
    }

    #[test]
    fn test_code_counts_unless_left_out() {
        let files = [
            ("main.rs", "mod model;\nmod render;\n"),
            (
                "model.rs",
                "pub struct Report;\n\
                 #[cfg(test)]\n\
                 mod tests {\n    use crate::render::fixtures::report;\n}\n",
            ),
            (
                "render/mod.rs",
                "use crate::model::Report;\n#[cfg(test)]\npub mod fixtures;\n",
            ),
            ("render/fixtures.rs", "use crate::model::Report;\n"),
        ];
        assert_eq!(edges(&files, "model::tests"), ["render::fixtures"]);
        assert_eq!(found(&files, Code::All), Vec::<Vec<String>>::new());
        // An item under `#[cfg(test)]` outside a test module counts as test code too.
        let item = [
            ("main.rs", "mod a;\nmod b;\n"),
            ("a.rs", "use crate::b;\n"),
            (
                "b.rs",
                "#[cfg(test)]\nuse crate::a::X;\n#[cfg(test)]\nfn f() { crate::a::g() }\n",
            ),
        ];
        assert_eq!(found(&item, Code::All), vec![vec!["a", "b"]]);
        assert_eq!(found(&item, Code::Shipped), Vec::<Vec<String>>::new());
        let fixture = [
            ("main.rs", "mod a;\nmod b;\n"),
            ("a.rs", "use crate::b;\n#[cfg(test)]\nmod fixtures;\n"),
            ("a/fixtures.rs", "use crate::b::helper;\n"),
            ("b.rs", "#[cfg(test)]\nuse crate::a::fixtures::make;\n"),
        ];
        assert_eq!(found(&fixture, Code::All), vec![vec!["a::fixtures", "b"]]);
        assert_eq!(found(&fixture, Code::Shipped), Vec::<Vec<String>>::new());
    }

    #[test]
    fn paths_in_macro_arguments_are_imports() {
        let files = [
            ROOT,
            (
                "a.rs",
                "fn f() -> String { format!(\"{}\", crate::b::name()) }\n",
            ),
            (
                "b.rs",
                "fn g() { assert_eq!(crate::a::f(), \"crate::c\"); }\n",
            ),
            ("c.rs", ""),
        ];
        assert_eq!(edges(&files, "a"), ["b"]);
        assert_eq!(edges(&files, "b"), ["a"]);
        assert_eq!(found(&files, Code::All), vec![vec!["a", "b"]]);
    }

    #[test]
    fn a_cycle_through_a_parent_shows_when_its_subtree_counts_as_one() {
        let files = [
            ("main.rs", "mod html;\nmod write;\n"),
            ("html/mod.rs", "mod page;\npub fn escape() {}\n"),
            ("html/page.rs", "use crate::write::Changes;\n"),
            (
                "write.rs",
                "pub type Changes = ();\nfn f() { crate::html::escape() }\n",
            ),
        ];
        let graph = graph(&sources(&files), Code::All).unwrap_or_else(|e| panic!("{e}"));
        assert!(cycles(&graph).is_empty(), "html -> html::page is left out");
        let whole = collapse(&graph, 1);
        assert_eq!(cycles(&whole), vec![vec![module("html"), module("write")]]);
        assert_eq!(
            describe(&whole, &[module("html"), module("write")]),
            "html -> write (html/page.rs:1) -> html (write.rs:2)"
        );
        assert_eq!(collapse(&graph, 2), graph);
    }

    #[test]
    fn files_map_to_modules() {
        assert_eq!(module_of("main.rs"), Module::new());
        assert_eq!(module_of("cargo.rs"), module("cargo"));
        assert_eq!(module_of("html/mod.rs"), module("html"));
        assert_eq!(module_of("html/page.rs"), module("html::page"));
    }

    #[test]
    fn a_file_that_is_not_rust_tokens_fails() {
        let files = sources(&[("main.rs", "fn main() { \n")]);
        assert!(graph(&files, Code::All).is_err());
    }
}
