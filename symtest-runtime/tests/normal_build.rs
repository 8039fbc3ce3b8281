//! What a user's normal build compiles because it depends on symtest-runtime: the attribute
//! macro and its parser, and the runtime crate with the engine feature off (nothing else).

use std::path::Path;
use std::process::Command;

#[test]
fn a_users_normal_build_compiles_only_the_attribute_and_an_empty_runtime() {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the runtime is in the workspace");
    // An example crate stands for a user's: its only dependency is symtest-runtime.
    let output = Command::new(env!("CARGO"))
        .args(["tree", "-p", "symtest-example-triangle", "-e", "normal"])
        .args(["--prefix", "none", "--format", "{p}"])
        .current_dir(workspace)
        .output()
        .expect("cargo tree runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut crates: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|line| line.split_whitespace().next().map(str::to_string))
        .collect();
    crates.sort();
    crates.dedup();
    assert_eq!(
        crates,
        [
            "proc-macro2",
            "quote",
            "symtest-example-triangle",
            "symtest-macros",
            "symtest-runtime",
            "syn",
            "unicode-ident",
        ]
    );
}
