//! End to end: a crate with every item annotated, many of which symtest cannot search yet.
//! Its normal build is untouched, and `cargo symtest` skips those items with reasons and
//! searches the rest.

mod support;

use support::*;

#[test]
fn items_that_cannot_be_searched_are_skipped_with_reasons_and_the_rest_is_searched() {
    let fixture = Fixture::new("tests/fixtures/skipped", "e2e-skipped");
    assert_success(&fixture.cargo(&["build", "--quiet"]));

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
    assert!(reason("count_where").starts_with("is generic over `R: Rule`"));
    assert!(reason("first").starts_with("is an `unsafe fn`"));
    assert_eq!(
        reason("is_empty_file"),
        "takes `&File`, which symtest cannot build yet"
    );
    assert_eq!(
        reason("any_empty"),
        "takes `&[File]`: symtest cannot build `File` yet"
    );
    // A type marked #[symtest] with a field genes cannot build is no input.
    assert_eq!(
        reason("is_named"),
        "takes `&Upload`, which symtest cannot build yet"
    );
    // Known only when the instrumented build runs: genes cannot build `File`.
    assert_eq!(
        reason("Tally::attach"),
        "takes `&File`, which symtest cannot build yet"
    );
    // Methods of trait impls are searched in the type's sequences, but for a generic one and
    // one no test can call.
    assert!(reason("Tally::filtered").starts_with("is generic"));
    assert!(reason("Tally::drop").contains("a test cannot call it"));
    assert!(!skipped.iter().any(|(path, _)| path == "Tally::fmt"));
    // A generic block is searched on `Wrapper<u8>`, which nothing can make.
    assert!(reason("Wrapper").starts_with("no constructor of `Wrapper`"));
    assert!(reason("Host::with_port").contains("on its `impl` block"));
    assert!(!skipped.iter().any(|(path, _)| path == "Tally::is_full"));
    // A method generic over types of its own is called with types chosen for them.
    assert!(!skipped.iter().any(|(path, _)| path == "Tally::extend"));
    assert_eq!(skipped.len(), 10, "{skipped:#?}");

    let stderr = text(&output.stderr);
    assert!(
        stderr.contains(
            "warning: skipped e2e_skipped::is_empty_file: takes `&File`, which symtest cannot build yet"
        ),
        "{stderr}"
    );
    let searched: Vec<&str> = summary["functions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|function| function["path"].as_str())
        .collect();
    // The standard library's types build: `Ipv4Addr`, `&[Ipv4Addr]`, `&Path`, a struct with an
    // `Ipv4Addr` field, and the methods taking them.
    assert_eq!(
        searched,
        [
            "e2e_skipped::Host::local",
            "e2e_skipped::T::checksum",
            "e2e_skipped::Tally",
            "e2e_skipped::any_private",
            "e2e_skipped::fmt_size",
            "e2e_skipped::is_hidden",
            "e2e_skipped::is_private",
            "e2e_skipped::is_web",
            "e2e_skipped::port_class",
            "e2e_skipped::str::shout",
            "e2e_skipped::twice",
            "e2e_skipped::write_hex"
        ]
    );
    // Their tests write the std values as a person would, and compiled and passed in the copy
    // before they were written (a test that failed would make the exit code 1).
    let lib = fixture.lib();
    for call in [
        "is_private(std::net::Ipv4Addr::",
        "any_private(&[std::net::Ipv4Addr::",
        "is_hidden(std::path::Path::new(\"",
        "is_web(&Host {",
        "tally.add(",
        "tally.add_file(std::path::Path::new(\"",
        "tally.allow(std::net::Ipv4Addr::",
        "assert_eq!(port_class(",
        // A `const fn` is called as written, though its twin was searched.
        "assert_eq!(twice(",
        "tally.is_full()",
        // A method of a trait impl of `str`, called through the trait on a literal.
        "<str as Shout>::shout(\"",
        // What a function writes to a formatter, asserted as a string.
        "std::fmt::from_fn(|f| fmt_size(1024, f)).to_string(),\n            String::from(\"1 KiB\")",
        // A writer trait object, lent from a string.
        "write_hex(&mut String::from(\"\"), ",
        // A method of a blanket impl, called through the trait on the type chosen for it.
        "<Vec<u8> as Checksum>::checksum(&vec![",
        // A method generic over its iterable, called with the type chosen for it.
        "tally.extend::<Vec<u32>>(vec![",
        // A trait impl generic over a lifetime: through the trait, the lifetime inferred.
        "<Tally as Absorb<&'_ Tally>>::absorb(&mut tally, &",
    ] {
        assert!(lib.contains(call), "no `{call}` in {lib}");
    }
    assert!(!lib.contains("tally.attach("), "{lib}");
    // Functions and methods of trait impls are called as users call them, in every edition:
    // constructors start sequences, and `Display` writes what `to_string` returns.
    assert!(lib.contains(".parse::<Tally>()"), "{lib}");
    assert!(lib.contains("tally = Tally::from("), "{lib}");
    assert!(lib.contains("assert_eq!(tally.to_string(), \""), "{lib}");
    assert!(
        summary["rejected"].as_array().is_none_or(Vec::is_empty),
        "{summary:#}"
    );
    // The functions over std types have every branch covered; those whose branches lead to
    // both results return `true` and `false` (a hidden file, a web port). `is_private`'s
    // answer comes from a call symtest cannot see into, so a private address is luck, and
    // not asserted.
    for function in summary["functions"].as_array().into_iter().flatten() {
        let path = function["path"].as_str().unwrap_or_default();
        let over_std = ["is_private", "is_hidden", "is_web", "any_private"];
        if over_std.iter().any(|name| path.ends_with(name)) {
            assert_eq!(function["uncovered"], serde_json::json!([]), "{function:#}");
        }
        if ["is_hidden", "is_web"]
            .iter()
            .any(|name| path.ends_with(name))
        {
            let outputs = &function["outputs"];
            assert_eq!(outputs["reached"], outputs["classes"], "{function:#}");
        }
    }
    assert_success(&fixture.cargo(&["test", "--quiet"]));
}
