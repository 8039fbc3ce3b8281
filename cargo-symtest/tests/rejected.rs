//! End to end: generated tests rustc rejects are left out before anything is written, on the
//! `rejected` fixture: its return type's hand-written `Debug` prints `low` and `high`, so the
//! tests asserting `Some(Level::low)` do not compile, and are tried again asserting the Debug
//! text; the arguments of `open`, a struct whose fields are private to another module, cannot
//! be written, and its tests are left out.

mod support;

use serde_json::Value;
use support::*;

/// `cargo test` of the fixture's generated tests, in the shared target directory.
fn cargo_test(fixture: &Fixture) -> std::process::Output {
    fixture.cargo(&["test", "--quiet", "--", "symtest_tests::"])
}

#[test]
fn tests_rustc_rejects_are_left_out_reported_and_not_counted_and_a_second_run_agrees() {
    let fixture = Fixture::new("tests/fixtures/rejected", "e2e-rejected");
    let original = fixture.lib();
    let output = fixture.symtest(&["--allow-dirty", "--json", "--seed", "5"]);
    let stderr = text(&output.stderr);
    assert_success(&output);
    let lib = fixture.lib();
    assert!(lib.starts_with(&original), "{lib}");
    let generated = &lib[original.len()..];
    assert!(
        generated.contains("assert_eq!(level(0), None);")
            && generated.contains("assert_eq!(double(1), 2);"),
        "the tests that compile are written:\n{lib}"
    );
    // A literal rustc rejects gives way to the Debug text.
    assert!(
        !generated.contains("Level::low") && !generated.contains("Level::high"),
        "{lib}"
    );
    assert!(
        generated.contains("assert_eq!(format!(\"{:?}\", level(101)), \"Some(high)\");"),
        "{lib}"
    );
    // Only what the kept tests cover is counted, in the header and the summary.
    assert!(
        generated.contains("// symtest: fn=level covered=4/4 ")
            && generated.contains("// symtest: fn=open covered=0/2 "),
        "{lib}"
    );
    let summary = summary(&output);
    let open = function(&summary, "::open");
    assert_eq!(
        (&open["covered"], &open["tests"]),
        (&Value::from(0), &Value::from(0))
    );
    let rejected = summary["rejected"].as_array().cloned().unwrap_or_default();
    let tests: Vec<&str> = rejected.iter().filter_map(|r| r["test"].as_str()).collect();
    assert!(tests.contains(&"open_returns_true"), "{summary}");
    for rejection in &rejected {
        assert_eq!(rejection["function"], "e2e_rejected::open", "{rejection}");
        let message = rejection["message"].as_str().unwrap_or_default();
        assert!(
            message.starts_with("error: symtest cannot write this `e2e_rejected::inner::Secret`")
                && message.contains("\n  --> src/lib.rs:"),
            "{message}"
        );
    }
    assert!(
        stderr.contains(
            "warning: e2e_rejected::open: open_returns_true does not compile, so it is left out \
             of the written tests:\n  error: symtest cannot write this "
        ),
        "{stderr}"
    );
    let tested = cargo_test(&fixture);
    assert!(
        tested.status.success(),
        "{}\n{}",
        text(&tested.stdout),
        text(&tested.stderr)
    );

    // `--check` compiles what differs from the file, leaves out the same tests, and agrees;
    // a second run writes the same file.
    let check = fixture.symtest(&["--check"]);
    assert_success(&check);
    assert!(text(&check.stderr).contains("open_returns_true does not compile"));
    assert_success(&fixture.symtest(&["--allow-dirty"]));
    assert_eq!(fixture.lib(), lib);
}

#[test]
fn a_rejected_test_of_a_function_the_run_does_not_search_stops_the_run_before_it_writes() {
    let fixture = Fixture::new("tests/fixtures/rejected", "e2e-rejected-other");
    assert_success(&fixture.symtest(&["--allow-dirty", "--seed", "5"]));
    // The committed tests of `level` stop compiling; a run on `double` alone cannot
    // regenerate them, and must not delete them.
    let broken = fixture.lib().replace(
        "assert_eq!(level(0), None);",
        "assert_eq!(level(0), Level::none);",
    );
    write(&fixture.root.join("src/lib.rs"), &broken);
    let output = fixture.symtest(&["--allow-dirty", "double"]);
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("no variant or associated item named `none`")
            && stderr.contains("do not compile for a reason outside the tests this run generates"),
        "{stderr}"
    );
    assert_eq!(fixture.lib(), broken, "nothing is written");
}
