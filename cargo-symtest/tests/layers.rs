//! The modules of `cargo-symtest` import one another one way only: no module reaches, through
//! its imports, back to itself, at any level of the module tree (`symtest-layering` reads the
//! graph and says how). Test code counts: none of it closes a cycle, and leaving it in keeps the
//! check as strict as it can be.

use std::path::Path;

#[test]
fn the_modules_of_the_crate_import_one_another_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graph = symtest_layering::crate_graph(&src, "main.rs", symtest_layering::Code::All, 30, 50);
    let cycles = symtest_layering::cycles_at_every_depth(&graph);
    assert!(
        cycles.is_empty(),
        "modules of cargo-symtest import one another in a circle; move what both sides need \
         down into the lower module, or into a module of its own:\n{}",
        cycles.join("\n")
    );
}
