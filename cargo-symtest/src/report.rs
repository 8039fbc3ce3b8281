//! The summary of a run: a table per function for people, one JSON document for tools.

use serde_json::{Value, json};

use crate::model::{FunctionReport, Skip};
use crate::rejected::Rejection;

/// Tests that will be written for a function (timeouts get none).
pub fn written_tests(report: &FunctionReport) -> usize {
    report
        .tests
        .iter()
        .filter(|t| t.outcome.makes_test())
        .count()
}

/// Uncovered branches as `(line, kind, text, outcome)`, in source order.
pub fn uncovered(report: &FunctionReport) -> Vec<(u32, &str, &str, &str)> {
    let mut missing = Vec::new();
    for decision in report
        .decisions
        .iter()
        .filter(|d| d.is_own() && !d.is_output())
    {
        for (index, outcome) in decision.branches() {
            if !report.covered.contains(&(decision.id, index)) {
                missing.push((
                    decision.line,
                    decision.kind.as_str(),
                    decision.text.as_str(),
                    outcome,
                ));
            }
        }
    }
    missing
}

/// One row per function searched, with its uncovered branches under it, then the items not
/// searched, with why.
pub fn table(reports: &[FunctionReport], skips: &[Skip]) -> String {
    let width = reports
        .iter()
        .map(|r| r.path.len())
        .max()
        .unwrap_or(8)
        .max(8);
    let mut out = format!(
        "{:<width$}  {:>8}  {:>7}  {:>7}  {:>10}  {:>8}  {:>6}  {:>7}  {:>5}  {:>11}  {:>7}\n",
        "function",
        "branches",
        "covered",
        "outputs",
        "boundaries",
        "paths",
        "fields",
        "mutants",
        "tests",
        "evaluations",
        "time"
    );
    for report in reports {
        let outputs = match report.output_count() {
            0 => "-".to_string(),
            classes => format!("{}/{classes}", report.outputs.len()),
        };
        let boundaries = match report.boundary_count() {
            0 => "-".to_string(),
            targets => format!("{}/{targets}", report.boundaries.len()),
        };
        let paths = paths(report);
        let fields = match report.fields.len() {
            0 => "-".to_string(),
            pairs => pairs.to_string(),
        };
        let mutants = match report.mutants {
            Some(score) if score.total > 0 => format!("{}/{}", score.killed, score.total),
            _ => "-".to_string(),
        };
        out.push_str(&format!(
            "{:<width$}  {:>8}  {:>7}  {:>7}  {:>10}  {:>8}  {:>6}  {:>7}  {:>5}  {:>11}  {:>6.2}s\n",
            report.path,
            report.branch_count(),
            report.covered.len(),
            outputs,
            boundaries,
            paths,
            fields,
            mutants,
            written_tests(report),
            report.evaluations,
            report.elapsed_ms / 1000.0,
        ));
        if let Some(generic) = &report.generic {
            out.push_str(&format!("  searched with {}\n", generic.types));
        }
        for (line, kind, text, outcome) in uncovered(report) {
            out.push_str(&format!(
                "  uncovered: line {line} {kind} `{text}` → {outcome}\n"
            ));
        }
        for (callee, branches, covered) in report.callees() {
            out.push_str(&format!(
                "  also covers {callee}: {covered}/{branches} branches\n"
            ));
        }
    }
    if !skips.is_empty() {
        out.push_str(&format!(
            "skipped {} item{}:\n",
            skips.len(),
            if skips.len() == 1 { "" } else { "s" }
        ));
        for skip in skips {
            out.push_str(&format!("  {}: {}\n", skip.path, skip.reason));
        }
    }
    out
}

/// The paths the written tests take out of those listed (`-` for a body without paths), a
/// `+` after the count when the body has more paths than `#[symtest]` lists.
fn paths(report: &FunctionReport) -> String {
    let paths = &report.paths;
    match paths.listed {
        0 => "-".to_string(),
        listed => {
            let more = if paths.capped { "+" } else { "" };
            format!("{}/{listed}{more}", paths.covered.len())
        }
    }
}

/// The summary as JSON: the seed, each function's figures, the items not searched and why,
/// and the tests left out because rustc rejected them.
pub fn json(
    seed: u64,
    reports: &[FunctionReport],
    skips: &[Skip],
    rejected: &[Rejection],
) -> Value {
    let functions: Vec<Value> = reports
        .iter()
        .map(|report| {
            let uncovered: Vec<Value> = uncovered(report)
                .into_iter()
                .map(|(line, kind, text, outcome)| {
                    json!({"line": line, "kind": kind, "text": text, "outcome": outcome})
                })
                .collect();
            json!({
                "path": report.path,
                "seed": report.settings.seed,
                "branches": report.branch_count(),
                "covered": report.covered.len(),
                "outputs": {"classes": report.output_count(), "reached": report.outputs.len()},
                "boundaries": {"targets": report.boundary_count(), "reached": report.boundaries.len()},
                "paths": {"listed": report.paths.listed, "capped": report.paths.capped, "taken": report.paths.covered.len()},
                "fields": report.fields.len(),
                "mutants": report.mutants,
                "tests": written_tests(report),
                "evaluations": report.evaluations,
                "elapsed_ms": report.elapsed_ms,
                "uncovered": uncovered,
                "problem": report.problem,
                "generic": report.generic.as_ref().map(|generic| &generic.types),
                "survivors": report.survivors,
                "convergence": report.convergence,
                "also": report
                    .callees()
                    .into_iter()
                    .map(|(path, branches, covered)| {
                        json!({"path": path, "branches": branches, "covered": covered})
                    })
                    .collect::<Vec<_>>(),
            })
        })
        .collect();
    let rejected: Vec<Value> = rejected
        .iter()
        .map(|r| json!({"function": r.function, "test": r.test, "message": r.message}))
        .collect();
    json!({"seed": seed, "functions": functions, "skipped": skips, "rejected": rejected})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{BOUNDARY, FIELD, PATH};
    use crate::render::fixtures::{case, classify, returns};

    #[test]
    fn a_callee_s_branches_are_reported_under_its_name_apart_from_the_function_s() {
        use crate::render::fixtures::decision;
        let mut report = classify(vec![case(&["1", "2"], &[(0, 0), (2, 1)], returns("true"))]);
        let mut worker = decision(2, 40, 8, "n > 9", &["true", "false"]);
        worker.function = Some("demo::worker".to_string());
        report.decisions.push(worker);
        report.set_covered();
        assert_eq!(report.covered, [(0, 0)], "its own");
        assert_eq!(report.also, [(2, 1)]);
        assert_eq!(
            report.branch_count(),
            4,
            "the callee's are not its branches"
        );
        assert_eq!(report.callees(), [("demo::worker", 2, 1)]);
        let text = table(std::slice::from_ref(&report), &[]);
        assert!(
            text.contains("  also covers demo::worker: 1/2 branches"),
            "{text}"
        );
        assert!(
            !text.contains("line 40"),
            "a callee's branches are not uncovered ones: {text}"
        );
        let json = json(1, &[report], &[], &[]);
        assert_eq!(json["functions"][0]["also"][0]["covered"], 1);
    }

    #[test]
    fn field_pairs_are_counted_apart_from_branches_boundaries_and_paths() {
        // Pair ids are hashes: some are past the boundary bit, and still no boundary.
        let covers = [
            (0, 1),
            (0, 1 | BOUNDARY),
            (PATH, 1),
            (FIELD, 7),
            (FIELD, BOUNDARY + 3),
            (FIELD, u32::MAX),
        ];
        let mut report = classify(vec![case(&["1", "2"], &covers, returns("true"))]);
        report.set_covered();
        assert_eq!(report.fields.len(), 3);
        assert_eq!(report.covered, [(0, 1)]);
        assert_eq!(report.boundaries, [(0, 1 | BOUNDARY)]);
        assert_eq!(report.paths.covered, [(PATH, 1)]);
        let line = table(std::slice::from_ref(&report), &[]);
        assert!(line.contains("fields"), "{line}");
        assert_eq!(json(1, &[report], &[], &[])["functions"][0]["fields"], 3);
    }

    #[test]
    fn paths_show_as_taken_out_of_listed_with_a_plus_when_capped() {
        let mut report = classify(Vec::new());
        assert_eq!(paths(&report), "-");
        report.paths.listed = 128;
        report.paths.capped = true;
        report.paths.covered = vec![(PATH, 0), (PATH, 5), (PATH, 9)];
        assert_eq!(paths(&report), "3/128+");
        report.paths.capped = false;
        assert!(table(&[report.clone()], &[]).contains("3/128 "));
        let summary = json(1, &[report], &[], &[]);
        assert_eq!(
            summary["functions"][0]["paths"],
            serde_json::json!({"listed": 128, "capped": false, "taken": 3})
        );
    }

    #[test]
    fn skipped_items_are_listed_with_their_reasons_after_the_table_and_in_json() {
        let skips = [Skip {
            path: "demo::Pattern::matches_path".to_string(),
            reason: "takes `&Path`, which symtest cannot build yet".to_string(),
        }];
        let report = crate::render::fixtures::report("f", Vec::new(), Vec::new());
        let table = table(&[report], &skips);
        assert!(
            table.ends_with(
                "skipped 1 item:\n  demo::Pattern::matches_path: takes `&Path`, which symtest \
                 cannot build yet\n"
            ),
            "{table}"
        );
        let summary = json(1, &[], &skips, &[]);
        assert_eq!(summary["skipped"][0]["path"], "demo::Pattern::matches_path");
        assert_eq!(summary["skipped"][0]["reason"], skips[0].reason);
    }
}
