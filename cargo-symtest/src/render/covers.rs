//! The comment that opens each test: the branches it covers, by source line, wrapped to the
//! width the test will have.

use crate::model::{Branch, FIELD, FunctionReport, TestCase};

/// The covers comment lists this many branches, then says how many more there are.
const MAX_LISTED_BRANCHES: usize = 8;
const MAX_SNIPPET_CHARS: usize = 40;

/// `// Covers line L \`text\` outcome; …`, wrapped to `max` columns.
pub(super) fn covers_comment(
    report: &FunctionReport,
    covers: &[Branch],
    max: usize,
) -> Vec<String> {
    let branches = describe_branches(report, covers);
    if branches.is_empty() {
        return vec!["// Covers no branches.".to_string()];
    }
    wrap_comment(&phrases(&branches), "// Covers ", "//     ", max)
}

/// `// Not asserted: what \`call\` returns, whose type has {lacks}.`, wrapped to `max` columns:
/// a call of a sequence whose result cannot be asserted.
pub(super) fn unasserted_comment(call: &str, lacks: &str, max: usize) -> Vec<String> {
    let sentence = format!("what `{call}` returns, whose type has {lacks}.");
    let words: Vec<String> = sentence.split(' ').map(str::to_string).collect();
    wrap_comment(&words, "// Not asserted: ", "//     ", max)
}

/// The first [`MAX_LISTED_BRANCHES`] of `items` and how many more there are, as the units of a
/// comment: each ends with `;`, the last with `.`.
fn phrases(items: &[impl AsRef<str>]) -> Vec<String> {
    let listed = items.len().min(MAX_LISTED_BRANCHES);
    let mut units: Vec<String> = (items[..listed].iter())
        .map(|item| format!("{};", item.as_ref()))
        .collect();
    if items.len() > listed {
        units.push(format!("and {} more;", items.len() - listed));
    }
    if let Some(last) = units.last_mut() {
        last.pop();
        last.push('.');
    }
    units
}

/// Under the field criteria, `// Reaches items: len 4+; wraps: small.`: the (field, class)
/// pairs `case` covers and no other test of the report does, which is what a test without new
/// branches was kept for. Nothing under other criteria, where every test would list some.
pub(super) fn reaches_comment(report: &FunctionReport, case: &TestCase, max: usize) -> Vec<String> {
    if !report.settings.criterion.starts_with("field") {
        return Vec::new();
    }
    let others = |id: u32| {
        (report.tests.iter())
            .filter(|test| !std::ptr::eq(*test, case))
            .any(|test| test.covers.contains(&(FIELD, id)))
    };
    let mut own: Vec<&str> = (case.fields.iter())
        .filter(|(id, _)| !others(*id))
        .map(|(_, label)| label.as_str())
        .collect();
    if own.is_empty() {
        return Vec::new();
    }
    own.sort_unstable();
    wrap_comment(&phrases(&own), "// Reaches ", "//     ", max)
}

/// One phrase per covered branch, sorted by (line, column, outcome), duplicates dropped.
fn describe_branches(report: &FunctionReport, covers: &[Branch]) -> Vec<String> {
    // Output classes are what the test asserts, not branches of the code; paths are the
    // branches listed; field pairs are states, not code.
    let mut keyed: Vec<((u32, u32, u32, u32), String)> = covers
        .iter()
        .filter(|&&branch| report.is_code_branch(branch))
        .map(
            |&(id, outcome)| match report.decisions.iter().find(|d| d.id == id) {
                Some(decision) => {
                    let name = decision
                        .outcomes
                        .get(outcome as usize)
                        .map_or_else(|| format!("outcome {outcome}"), |name| snippet(name));
                    // A callee's branch names the callee: `worker` line 12 `…` true.
                    let callee = decision
                        .function
                        .as_deref()
                        .map_or_else(String::new, |path| {
                            format!("`{}` ", path.rsplit("::").next().unwrap_or(path))
                        });
                    let text = format!(
                        "{callee}line {} `{}` {name}",
                        decision.line,
                        snippet(&decision.text)
                    );
                    ((decision.line, decision.column, outcome, id), text)
                }
                None => (
                    (u32::MAX, u32::MAX, outcome, id),
                    format!("decision {id} outcome {outcome}"),
                ),
            },
        )
        .collect();
    keyed.sort();
    keyed.dedup();
    keyed.into_iter().map(|(_, text)| text).collect()
}

/// Source text on one line, shortened for a comment.
fn snippet(text: &str) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let text = words.join(" ").replace('`', "'");
    if text.chars().count() <= MAX_SNIPPET_CHARS {
        return text;
    }
    let cut: String = text.chars().take(MAX_SNIPPET_CHARS - 3).collect();
    format!("{}...", cut.trim_end())
}

/// Packs `units` into comment lines of at most `max` columns, breaking between units and,
/// only for a unit longer than a whole line, between its words.
fn wrap_comment(units: &[String], first: &str, continuation: &str, max: usize) -> Vec<String> {
    let mut lines = vec![first.to_string()];
    let mut fresh = true;
    for unit in units {
        let pieces: Vec<&str> = if width(continuation) + width(unit) <= max {
            vec![unit.as_str()]
        } else {
            unit.split(' ').collect()
        };
        for piece in pieces {
            let line = lines.last().map_or(0, |line| width(line));
            if !fresh && line + 1 + width(piece) > max {
                lines.push(continuation.to_string());
                fresh = true;
            }
            if let Some(line) = lines.last_mut() {
                if !fresh {
                    line.push(' ');
                }
                line.push_str(piece);
            }
            fresh = false;
        }
    }
    lines
}

/// Display width in columns (one per `char`, as rustfmt counts for the text we produce).
fn width(text: &str) -> usize {
    text.chars().count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Decision;
    use crate::render::fixtures::{decision, report};

    #[test]
    fn covers_comment_lists_branches_by_line_column_and_outcome() {
        let decisions = vec![
            decision(0, 30, 4, "x > 10", &["true", "false"]),
            decision(1, 12, 9, "match   kind\n  {", &["Kind::A", "Kind::B"]),
            decision(2, 12, 2, "`ready`", &["true", "false"]),
        ];
        let report = report("f", decisions, Vec::new());
        let covers = [(0, 1), (1, 1), (2, 0), (1, 0), (0, 1), (7, 0)];
        assert_eq!(
            covers_comment(&report, &covers, 200),
            [
                "// Covers line 12 `'ready'` true; line 12 `match kind {` Kind::A; line 12 \
                 `match kind {` Kind::B; line 30 `x > 10` false; decision 7 outcome 0."
            ]
        );
        assert_eq!(
            covers_comment(&report, &[], 100),
            ["// Covers no branches."]
        );
        let mut worker = decision(3, 50, 8, "n > 9", &["true", "false"]);
        worker.function = Some("demo::parse::worker".to_string());
        let report = super::super::fixtures::report("f", vec![worker], Vec::new());
        assert_eq!(
            covers_comment(&report, &[(3, 0)], 100),
            ["// Covers `worker` line 50 `n > 9` true."],
            "a callee's branch names the callee"
        );
    }

    #[test]
    fn covers_comment_wraps_and_stops_after_eight_branches() {
        let decisions: Vec<Decision> = (0..10)
            .map(|id| {
                decision(
                    id,
                    10 + id,
                    4,
                    "value.is_within_the_configured_bounds()",
                    &["true", "false"],
                )
            })
            .collect();
        let report = report("f", decisions, Vec::new());
        let covers: Vec<Branch> = (0..10).map(|id| (id, 0)).collect();
        let lines = covers_comment(&report, &covers, 92);
        assert_eq!(
            lines,
            [
                "// Covers line 10 `value.is_within_the_configured_bounds()` true;",
                "//     line 11 `value.is_within_the_configured_bounds()` true;",
                "//     line 12 `value.is_within_the_configured_bounds()` true;",
                "//     line 13 `value.is_within_the_configured_bounds()` true;",
                "//     line 14 `value.is_within_the_configured_bounds()` true;",
                "//     line 15 `value.is_within_the_configured_bounds()` true;",
                "//     line 16 `value.is_within_the_configured_bounds()` true;",
                "//     line 17 `value.is_within_the_configured_bounds()` true; and 2 more.",
            ]
        );
        assert!(lines.iter().all(|line| line.len() <= 92));
        let narrow = covers_comment(&report, &covers[..1], 40);
        assert_eq!(
            narrow,
            [
                "// Covers line 10",
                "//     `value.is_within_the_configured_bounds()`",
                "//     true."
            ]
        );
    }

    #[test]
    fn long_decision_text_is_shortened() {
        let text = "first_condition(alpha) && second_condition(beta) && third(gamma)";
        assert_eq!(snippet(text), "first_condition(alpha) && second_cond...");
        assert_eq!(snippet("a\n   &&\tb"), "a && b");
    }

    #[test]
    fn field_tests_say_which_classes_only_they_reach() {
        use crate::model::FIELD;
        use crate::render::fixtures::{case, classify, returns};
        let mut shared = case(&["1"], &[(FIELD, 1), (FIELD, 2)], returns("1"));
        shared.fields = vec![(1, "len: 0".into()), (2, "self: Ring".into())];
        let mut own = case(&["2"], &[(FIELD, 2), (FIELD, 3)], returns("2"));
        own.fields = vec![(2, "self: Ring".into()), (3, "items: len 4+".into())];
        let mut report = classify(vec![shared, own]);
        // Under the branch criterion nothing is said of fields.
        assert!(reaches_comment(&report, &report.tests[1], 80).is_empty());
        report.settings.criterion = "field".into();
        let reaches = reaches_comment(&report, &report.tests[1], 80);
        assert_eq!(reaches, ["// Reaches items: len 4+."]);
        assert_eq!(
            reaches_comment(&report, &report.tests[0], 80),
            ["// Reaches len: 0."]
        );
    }
}
