//! End to end: `cargo symtest --check --report` on `examples/objects` writes the HTML report
//! (its index, a page for `src/lib.rs` and the convergence plots) and says where; the report
//! agrees with the JSON summary: a row per function, every decision marked covered on both
//! sides, each surviving mutant at its place, and a plot per function from the convergence
//! points the runtime sent.

mod support;

use std::path::PathBuf;

use support::*;

#[test]
fn the_report_of_an_example_agrees_with_its_summary() {
    let fixture = Fixture::new("examples/objects", "e2e-report-objects");
    let output = fixture.symtest(&["--check", "--report", "--json"]);
    assert_success(&output);
    let stderr = text(&output.stderr);
    let index = stderr
        .lines()
        .find_map(|line| line.trim_start().strip_prefix("Created report at "))
        .map(PathBuf::from)
        .unwrap_or_else(|| panic!("no report path in:\n{stderr}"));
    let index = match index.is_absolute() {
        true => index,
        false => fixture.root.join(index),
    };
    assert!(index.ends_with("symtest/report/index.html"), "{index:?}");
    let dir = index.parent().map(PathBuf::from).unwrap_or_default();
    let read = |name: &str| {
        std::fs::read_to_string(dir.join(name))
            .unwrap_or_else(|e| panic!("cannot read {name} of the report: {e}"))
    };
    let index = read("index.html");
    let source = read("src-src-lib-rs.html");
    let plots = read("convergence.html");

    let summary = summary(&output);
    let functions = listed(&summary, "functions");
    assert_eq!(functions.len(), 4);
    let mut survivors = 0;
    for function in &functions {
        let path = function["path"].as_str().unwrap_or_default();
        let anchor = format!(
            "fn-{}",
            path.replace(|c: char| !c.is_ascii_alphanumeric(), "-")
        );
        assert!(
            index.contains(&format!(
                "<a href=\"src-src-lib-rs.html#{anchor}\">{path}</a>"
            )),
            "{path}: no row in the index"
        );
        assert!(source.contains(&format!("id=\"{anchor}\"")), "{path}");
        assert!(plots.contains(&format!("<h3 id=\"{anchor}\">")), "{path}");
        assert_eq!(function["covered"], function["branches"], "{path}");
        // The runtime sent how the search converged: from nothing to every branch covered.
        let points = function["convergence"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert_eq!(points.first().map(|p| &p["phase"]), Some(&"start".into()));
        let last = points.iter().map(|p| p["covered"].as_u64()).max().flatten();
        assert_eq!(last, function["branches"].as_u64(), "{path}: {points:?}");
        let mutants = &function["mutants"];
        let alive =
            mutants["total"].as_u64().unwrap_or(0) - mutants["killed"].as_u64().unwrap_or(0);
        assert_eq!(
            function["survivors"].as_array().map_or(0, Vec::len) as u64,
            alive,
            "{path}: {mutants}"
        );
        survivors += alive;
    }
    // Every branch is covered: each marked line is covered on both sides.
    let marked = source.matches("<details class=\"line ").count();
    assert!(marked > 10, "{marked} marked lines");
    assert_eq!(
        source.matches("<details class=\"line full\"").count(),
        marked
    );
    assert_eq!(
        source.matches("<div class=\"note mutant\">").count() as u64,
        survivors
    );
    // A panel shows a test that covers an outcome, with its code as committed.
    let lib = fixture.lib();
    let test = "fn stack_new_returns_none() {";
    assert!(lib.contains(test) && source.contains(test), "{source}");
    assert_eq!(
        plots.matches("<svg class=\"plot\"").count(),
        2 * (functions.len() + 1),
        "two plots per function and for the crate"
    );
}
