//! End to end: `examples/traits`, whose types implement `Display`, `Ord`, `FromStr`, `Add`,
//! `From`, `Iterator` and a trait of the crate's own in annotated trait impls. Their methods are searched in the call
//! sequences of their types, and the tests written call them as users do, compile, pass, and
//! are the tests committed.

mod support;

use support::*;

#[test]
fn trait_methods_are_searched_in_sequences_and_tested_in_the_forms_users_write() {
    let fixture = Fixture::new("examples/traits", "e2e-example-traits");
    let (summary, lib) = fixture.search_example();
    let mut searched = Vec::new();
    for function in summary["functions"].as_array().into_iter().flatten() {
        let path = function["path"].as_str().unwrap_or_default();
        searched.push(path.trim_start_matches("e2e_example_traits::").to_string());
        assert_eq!(
            function["covered"], function["branches"],
            "{path}: {function}"
        );
        assert!(function["tests"].as_u64() > Some(0), "{path}");
    }
    // Each type is one search of its sequences: its trait constructors start them, so they
    // are not searched apart.
    // Trait impls of an array and of a tuple are searched as functions of what they take.
    assert_eq!(
        searched,
        [
            "Money",
            "Version",
            "Words",
            "<[u16; 3] as From<Version>>::from",
            "<(i64, u8) as From<Money>>::from",
        ]
    );

    for form in [
        // Display, Ord (the other version made by a constructor or from genes), FromStr.
        "assert_eq!(version.to_string(), \"",
        "version.cmp(&Version::new(",
        "version.cmp(&Version {",
        "std::cmp::Ordering::Less",
        ".parse::<Version>().ok().unwrap();",
        ".parse::<Version>().is_err());",
        // Add, From, Iterator.
        "money + Money::new(",
        "assert_eq!(money.to_string(), \"",
        "let mut words = Words::from(\"",
        "assert_eq!(words.next(), Some(String::from(\"",
        "assert_eq!(words.next(), None);",
        // The crate's own trait, through the trait.
        "<Money as Taxed>::with_tax(&money, ",
        // A trait impl of a type without a name of its own, through the trait.
        "<[u16; 3] as From<Version>>::from(Version {",
        "<(i64, u8) as From<Money>>::from(Money::new(",
    ] {
        assert!(lib.contains(form), "no `{form}` in:\n{lib}");
    }
    // No call of a standard trait goes through the trait by name: each has a form of its own.
    for qualified in ["::fmt(", "::cmp(", "::add(", "::next(", "::from_str("] {
        assert!(!lib.contains(qualified), "`{qualified}` in:\n{lib}");
    }

    // The tests written compile and pass in the crate as it is, in a build of its own.
    fixture.assert_written_tests_pass(&lib);
}
