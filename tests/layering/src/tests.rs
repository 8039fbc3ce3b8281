//! The checks on small crates written here, with and without cycles.

use crate::graph::describe;
use crate::*;

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

const LAYERS: [&str; 3] = ["body", "signature", "items"];

fn layered(files: &[(&str, &str)]) -> Vec<String> {
    let graph = graph(&sources(files), Code::All).unwrap_or_else(|e| panic!("{e}"));
    upward_imports(&graph, &LAYERS)
}

#[test]
fn an_import_up_the_layers_is_named_and_one_down_is_not() {
    let root = (
        "lib.rs",
        "mod body;\nmod signature;\nmod items;\npub fn entry() { items::expand() }\n",
    );
    let down = [
        root,
        ("body/mod.rs", "pub mod cfg;\n"),
        ("body/cfg.rs", "pub fn graph() {}\n"),
        ("signature/mod.rs", "use crate::body::cfg;\n"),
        (
            "items/mod.rs",
            "use crate::signature;\nfn f() { crate::body::cfg::graph() }\n",
        ),
    ];
    assert_eq!(layered(&down), Vec::<String>::new());
    let up = [
        root,
        ("body/mod.rs", "pub mod cfg;\n"),
        (
            "body/cfg.rs",
            "pub fn graph() {}\nfn f() { crate::items::expand() }\n",
        ),
        ("signature/mod.rs", "use crate::body::cfg;\n"),
        ("items/mod.rs", "pub fn expand() {}\n"),
    ];
    assert_eq!(
        layered(&up),
        ["body::cfg (layer 1, body) imports items (layer 3) at body/cfg.rs:2"]
    );
}

#[test]
fn a_cycle_inside_a_layer_shows_at_some_depth() {
    let files = [
        ("lib.rs", "mod body;\nmod items;\n"),
        ("body/mod.rs", "mod cfg;\nmod paths;\n"),
        ("body/cfg.rs", "use super::paths::Path;\n"),
        ("body/paths.rs", "fn f() { super::cfg::graph() }\n"),
        ("items/mod.rs", "mod expand;\nmod impls;\n"),
        ("items/expand.rs", "use crate::body;\n"),
        ("items/impls.rs", "use super::expand;\n"),
    ];
    let within = graph(&sources(&files), Code::All).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        cycles_at_every_depth(&within),
        ["body::cfg -> body::paths (body/cfg.rs:1) -> body::cfg (body/paths.rs:1)"]
    );
    assert_eq!(
        upward_imports(&within, &["body", "items"]),
        Vec::<String>::new()
    );
    // A cycle between layers through a parent shows when each layer counts as one module.
    let across = [
        ("lib.rs", "mod body;\nmod items;\n"),
        ("body/mod.rs", "mod cfg;\n"),
        ("body/cfg.rs", "use crate::items::expand;\n"),
        ("items/mod.rs", "mod expand;\n"),
        ("items/expand.rs", "use crate::body;\n"),
    ];
    let whole = graph(&sources(&across), Code::All).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        cycles_at_every_depth(&whole),
        ["body -> items (body/cfg.rs:1) -> body (items/expand.rs:1)"]
    );
}
