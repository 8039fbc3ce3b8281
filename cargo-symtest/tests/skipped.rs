//! End to end: a crate with every item annotated, many of which symtest cannot search yet.
//! Its normal build is untouched, and `cargo symtest` skips those items with reasons and
//! searches the rest.

mod support;

use std::process::Command;

use support::*;

#[test]
fn items_that_cannot_be_searched_are_skipped_with_reasons_and_the_rest_is_searched() {
    let fixture = Fixture::new("tests/fixtures/skipped", "e2e-skipped");
    let normal = Command::new("cargo")
        .args(["build", "--quiet"])
        .current_dir(&fixture.root)
        .env("CARGO_TARGET_DIR", shared_target())
        .output()
        .unwrap_or_else(|e| panic!("cannot run cargo: {e}"));
    assert_success(&normal);

    let output = fixture.symtest(&["--allow-dirty", "--json"]);
    assert_success(&output);
    let summary = summary(&output);
    let skipped: Vec<(String, String)> = summary["skipped"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|skip| {
            let path = skip["path"].as_str().unwrap_or_default();
            let path = path.trim_start_matches("e2e_skipped::").to_string();
            (
                path,
                skip["reason"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    let reason = |path: &str| {
        skipped
            .iter()
            .find(|(skipped, _)| skipped == path)
            .map(|(_, reason)| reason.as_str())
            .unwrap_or_else(|| panic!("{path} is not skipped: {skipped:#?}"))
    };
    assert!(reason("kb").starts_with("is generic"));
    assert!(reason("twice").starts_with("is a `const fn`"));
    assert!(reason("first").starts_with("is an `unsafe fn`"));
    assert_eq!(
        reason("is_hidden"),
        "takes `&Path`, which symtest cannot build yet"
    );
    assert_eq!(
        reason("is_private"),
        "takes `Ipv4Addr`, which symtest cannot build yet"
    );
    assert_eq!(
        reason("any_private"),
        "takes `&[Ipv4Addr]`: symtest cannot build `Ipv4Addr` yet"
    );
    // A type marked #[symtest] with a field genes cannot build is no input.
    assert_eq!(
        reason("is_web"),
        "takes `&Host`, which symtest cannot build yet"
    );
    assert_eq!(
        reason("Tally::add_file"),
        "takes `&Path`, which symtest cannot build yet"
    );
    assert!(reason("Tally::extend").starts_with("is generic"));
    // Known only when the instrumented build runs: genes cannot build `Ipv4Addr`.
    assert_eq!(
        reason("Tally::allow"),
        "takes `Ipv4Addr`, which symtest cannot build yet"
    );
    // Methods of trait impls are searched in the type's sequences, but for a generic one and
    // one no test can call.
    assert!(reason("Tally::hash").starts_with("is generic"));
    assert!(reason("Tally::drop").contains("a test cannot call it"));
    assert!(!skipped.iter().any(|(path, _)| path == "Tally::fmt"));
    assert!(reason("Wrapper<T>::get").contains("generic impl block"));
    assert!(reason("Host::with_port").contains("on its `impl` block"));
    assert_eq!(skipped.len(), 14, "{skipped:#?}");

    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(
            "warning: skipped e2e_skipped::is_hidden: takes `&Path`, which symtest cannot build yet"
        ),
        "{stderr}"
    );
    let searched: Vec<&str> = summary["functions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|function| function["path"].as_str())
        .collect();
    assert_eq!(
        searched,
        [
            "e2e_skipped::Host::local",
            "e2e_skipped::Tally",
            "e2e_skipped::port_class"
        ]
    );
    // The rest of the block is searched, and its tests never call what was left out.
    let lib = fixture.lib();
    assert!(lib.contains("tally.add("), "{lib}");
    for left_out in ["tally.add_file(", "tally.allow(", "tally.extend("] {
        assert!(!lib.contains(left_out), "{lib}");
    }
    assert!(lib.contains("assert_eq!(port_class("), "{lib}");
    // Functions and methods of trait impls are called as users call them, in every edition:
    // constructors start sequences, and `Display` writes what `to_string` returns.
    assert!(lib.contains(".parse::<Tally>()"), "{lib}");
    assert!(lib.contains("tally = Tally::from("), "{lib}");
    assert!(lib.contains("assert_eq!(tally.to_string(), \""), "{lib}");
}
