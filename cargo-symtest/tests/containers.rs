//! End to end: `examples/containers`, three containers whose impl blocks are generic over
//! their keys and items (`impl<K: Ord, V> SortedMap<K, V>`). Each is searched on the type with
//! `u8` for its parameters, every branch is covered (the AVL tree's four rotations, sifting past
//! one child or two, an eviction), and the tests name the types where they make the value. The
//! tests compile, pass, and are the tests committed.

mod support;

use support::*;

#[test]
fn generic_containers_are_searched_with_chosen_types_and_fully_covered() {
    let fixture = Fixture::new("examples/containers", "e2e-example-containers");
    let (summary, lib) = fixture.search_example();
    let mut searched = Vec::new();
    for function in summary["functions"].as_array().into_iter().flatten() {
        let path = function["path"].as_str().unwrap_or_default();
        let path = path.trim_start_matches("e2e_example_containers::");
        assert_eq!(
            function["covered"], function["branches"],
            "{path}: {function}"
        );
        searched.push((path.to_string(), function["generic"].clone()));
    }
    assert_eq!(
        searched,
        [
            ("LruCache".to_string(), "K = u8, V = u8".into()),
            ("PriorityQueue".to_string(), "T = u8".into()),
            ("SortedMap".to_string(), "K = u8, V = u8".into()),
        ]
    );
    for form in [
        "SortedMap::<u8, u8>::new()",
        "PriorityQueue::<u8>::new()",
        "LruCache::<u8, u8>::new(",
    ] {
        assert!(lib.contains(form), "no `{form}` in:\n{lib}");
    }

    // The tests written compile and pass in the crate as it is, in a build of its own.
    fixture.assert_written_tests_pass(&lib);
}

/// `examples/structures`: the five subjects of the field-coverage paper, each over boxed nodes
/// that hold their own type (`Option<Box<Link<T>>>`, `Vec<Box<Binomial<T>>>`). Every item is
/// annotated, the recursive node types too: the helpers that take them are searched with values
/// built a few levels deep (`Some(Box::new(Colored { .. }))`), and every branch is covered.
#[test]
fn recursive_structures_are_built_and_fully_covered() {
    let fixture = Fixture::new("examples/structures", "e2e-example-structures");
    let (summary, lib) = fixture.search_example();
    let functions = listed(&summary, "functions");
    // Five blocks and twelve helpers, each searched with `T = u8`.
    assert_eq!(functions.len(), 17, "{functions:#?}");
    for function in functions {
        assert_eq!(function["covered"], function["branches"], "{function}");
        assert_eq!(function["generic"], "T = u8", "{function}");
    }
    for form in [
        "SortedList::<u8>::new()",
        "Some(Box::new(Colored {",
        "rebalance::<u8>(Box::new(Balanced {",
    ] {
        assert!(lib.contains(form), "no `{form}` in:\n{lib}");
    }
    fixture.assert_written_tests_pass(&lib);
}
