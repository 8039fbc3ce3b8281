//! The runtime's layers depend one way (see the table in `src/lib.rs`): no module of a layer
//! imports a module of a layer above it, in its code or its tests (`symtest-layering` reads the
//! graph and says how). Modules of one layer still import one another in circles here and there
//! (`genes::pool` and `genes::random`, for one): not checked yet.

use std::path::Path;

/// The layers from the bottom up; `entry` is the top.
const LAYERS: [&str; 5] = ["genes", "record", "shadow", "search", "entry"];

#[test]
fn no_layer_imports_a_layer_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = symtest_layering::crate_graph(&src, "lib.rs", symtest_layering::Code::All, 30, 50);
    let upward = symtest_layering::upward_imports(&graph, &LAYERS);
    assert!(upward.is_empty(), "{}", upward.join("\n"));
}
