//! The summary of a run: a table per function for people, one JSON document for tools.

use serde_json::{Value, json};

use crate::model::FunctionReport;

/// Tests that will be written for a function (timeouts get none).
pub fn written_tests(report: &FunctionReport) -> usize {
    report
        .tests
        .iter()
        .filter(|t| !matches!(t.outcome, crate::model::Outcome::Timeout))
        .count()
}

/// Uncovered branches as `(line, kind, text, outcome)`, in source order.
pub fn uncovered(report: &FunctionReport) -> Vec<(u32, &str, &str, &str)> {
    let mut missing = Vec::new();
    for decision in report.decisions.iter().filter(|d| !d.is_output()) {
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

pub fn table(reports: &[FunctionReport]) -> String {
    let width = reports
        .iter()
        .map(|r| r.path.len())
        .max()
        .unwrap_or(8)
        .max(8);
    let mut out = format!(
        "{:<width$}  {:>8}  {:>7}  {:>7}  {:>10}  {:>7}  {:>5}  {:>11}  {:>7}\n",
        "function",
        "branches",
        "covered",
        "outputs",
        "boundaries",
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
        let mutants = match report.mutants {
            Some(score) if score.total > 0 => format!("{}/{}", score.killed, score.total),
            _ => "-".to_string(),
        };
        out.push_str(&format!(
            "{:<width$}  {:>8}  {:>7}  {:>7}  {:>10}  {:>7}  {:>5}  {:>11}  {:>6.2}s\n",
            report.path,
            report.branch_count(),
            report.covered.len(),
            outputs,
            boundaries,
            mutants,
            written_tests(report),
            report.evaluations,
            report.elapsed_ms / 1000.0,
        ));
        for (line, kind, text, outcome) in uncovered(report) {
            out.push_str(&format!(
                "  uncovered: line {line} {kind} `{text}` → {outcome}\n"
            ));
        }
    }
    out
}

pub fn json(seed: u64, reports: &[FunctionReport]) -> Value {
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
                "mutants": report.mutants,
                "tests": written_tests(report),
                "evaluations": report.evaluations,
                "elapsed_ms": report.elapsed_ms,
                "uncovered": uncovered,
                "problem": report.problem,
            })
        })
        .collect();
    json!({"seed": seed, "functions": functions})
}
