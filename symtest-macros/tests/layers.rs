//! The attribute's layers depend one way (see the table in `src/lib.rs`): no module of a layer
//! imports a module of a layer above it, in its code or its tests, and the modules of each
//! layer import one another one way only (`symtest-layering` reads the graph and says how).
//! Every module sits in a layer.
//!
//! Two things are left to a module's own judgement. Its submodules may call into one another,
//! as the parts of one recursive walk do (`body::shadow::translate` hands iterator chains to
//! `body::shadow::chains`, which translates their closures back through it), so cycles are
//! looked for among the layers and their modules, not deeper. And tests may reach sideways
//! within their layer: a test of `body::symbolic` lowers a function with `body::lower` to have
//! a control-flow graph to run on, though `lower` itself builds on `symbolic`; so the cycle
//! check reads the code a build compiles, and the layer check reads all of it.

use std::path::Path;

use symtest_layering::{Code, crate_graph, cycles_down_to, read_sources, upward_imports};

/// The layers from the bottom up; `items` is the top.
const LAYERS: [&str; 4] = ["source", "signature", "body", "items"];

fn src() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn no_layer_imports_a_layer_above_it() {
    let graph = crate_graph(&src(), "lib.rs", Code::All, 40, 80);
    let upward = upward_imports(&graph, &LAYERS);
    assert!(upward.is_empty(), "{}", upward.join("\n"));
}

#[test]
fn the_modules_of_each_layer_import_one_another_one_way() {
    let graph = crate_graph(&src(), "lib.rs", Code::Shipped, 40, 80);
    // `layer::module`: two segments deep.
    let cycles = cycles_down_to(&graph, 2);
    assert!(
        cycles.is_empty(),
        "modules of symtest-macros import one another in a circle; move what both sides need \
         down into the lower module, or into a module of its own:\n{}",
        cycles.join("\n")
    );
}

#[test]
fn every_module_sits_in_a_layer() {
    let outside: Vec<String> = read_sources(&src())
        .into_iter()
        .map(|(path, _)| path)
        .filter(|path| {
            path != "lib.rs" && !LAYERS.iter().any(|l| path.starts_with(&format!("{l}/")))
        })
        .collect();
    assert!(outside.is_empty(), "files outside the layers: {outside:?}");
}

/// A file that grows past this has a concern inside it to split out (see `STYLE.md`).
const LONGEST: usize = 950;

#[test]
fn no_file_is_longer_than_the_longest_allowed() {
    let long: Vec<String> = read_sources(&src())
        .into_iter()
        .filter(|(_, text)| text.lines().count() > LONGEST)
        .map(|(path, text)| format!("{path}: {} lines", text.lines().count()))
        .collect();
    assert!(long.is_empty(), "longer than {LONGEST} lines: {long:?}");
}
