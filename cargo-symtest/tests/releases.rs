//! End to end: `examples/releases`, whose `Version` keeps a field genes cannot build and is not
//! marked `#[symtest]`. Every function taking a `Version` or a `Req` (which holds one) is
//! searched with values its constructors make, and the tests written make them as a person
//! does, `&Version::new(1, 0)`, `&Version::parse("9.9-a").ok().unwrap()`; `Changelog<'a>`,
//! whose impl block is generic over a lifetime, is made from a string literal; a `Note<'a>`,
//! whose fields are references, is built from genes and written with literals. The tests
//! compile, pass, and are the tests committed.

mod support;

use support::*;

#[test]
fn arguments_of_types_genes_cannot_build_are_made_by_their_constructors() {
    let fixture = Fixture::new("examples/releases", "e2e-example-releases");
    let (summary, lib) = fixture.search_example();
    let mut searched = Vec::new();
    for function in summary["functions"].as_array().into_iter().flatten() {
        let path = function["path"].as_str().unwrap_or_default();
        let path = path
            .trim_start_matches("e2e_example_releases::")
            .to_string();
        assert!(function["tests"].as_u64() > Some(0), "{path}");
        // The functions whose arguments a constructor makes reach every branch.
        if ["Changelog", "headline", "newest", "publishable"].contains(&path.as_str()) {
            assert_eq!(
                function["covered"], function["branches"],
                "{path}: {function}"
            );
        }
        searched.push(path);
    }
    assert_eq!(
        searched,
        [
            "Changelog",
            "Req",
            "Version",
            "artifact_kind",
            "headline",
            "mirror_for",
            "newest",
            "publishable",
            "retry_after"
        ]
    );

    for form in [
        // Free functions take versions their constructors made, lent.
        "newest(&Version::new(",
        "&Req::new(Op::Exact, Version::new(",
        // A method takes one, and a `Req` holds one.
        "req.matches(&Version::",
        "let req = Req::new(Op::",
        // Versions parsed, and the parse that fails, asserted.
        "Version::parse(\"",
        ".parse::<Version>().is_err());",
        // A type that borrows its text, made from a literal.
        "let mut changelog = Changelog::new(\"",
        // A struct of references, lent in a slice, its fields string and byte literals.
        "headline(&mut [Note {",
        "kind: \"fix\", body: b\"CVE\"",
    ] {
        // rustfmt indents a struct by where it stands in the slice: compared word by word.
        let words = |text: &str| text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words(&lib).contains(form), "no `{form}` in:\n{lib}");
    }

    // The tests written compile and pass in the crate as it is, in a build of its own.
    fixture.assert_written_tests_pass(&lib);
}
