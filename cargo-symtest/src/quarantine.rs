//! Generated tests that fail when `cargo symtest` runs them at the end (their result depends on
//! something the checks across processes did not vary) are marked `#[ignore = "…"]` in the
//! written file, so the file never holds failing tests: which tests failed, read from libtest's
//! output, the marking of their functions inside the generated regions, and carrying a mark
//! over to the same test when it is generated again, so a later run and `--check` agree with
//! the file.

use crate::fmt;
use crate::render::{BEGIN_MARKER, END_MARKER};

/// The reason written into `#[ignore = "…"]`.
pub const REASON: &str = "flaky: failed when cargo symtest ran the generated tests";

/// Names (last path segment) of the generated tests libtest reports as failed, from the
/// `---- path stdout ----` headers of its failure report, in order, without repeats.
pub fn failed_tests(output: &str) -> Vec<String> {
    let mut names = Vec::new();
    for line in output.lines() {
        let Some(path) = line
            .strip_prefix("---- ")
            .and_then(|rest| rest.strip_suffix(" stdout ----"))
        else {
            continue;
        };
        if !path.contains("symtest_tests::") {
            continue;
        }
        let name = path.rsplit("::").next().unwrap_or(path).to_string();
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// `source` with `#[ignore = "REASON"]` put before every test function named `name` inside a
/// generated region that is not ignored yet; `None` when there is none.
pub fn mark_ignored(source: &str, name: &str) -> Option<String> {
    let mut out = Vec::new();
    let mut inside = false;
    let mut marked = false;
    let signature = format!("fn {name}() {{");
    let lines: Vec<&str> = source.split_inclusive('\n').collect();
    for (index, line) in lines.iter().enumerate() {
        let trimmed = line.trim();
        if trimmed == BEGIN_MARKER {
            inside = true;
        } else if trimmed == END_MARKER {
            inside = false;
        }
        let ignored_already = index > 0 && lines[index - 1].trim().starts_with("#[ignore");
        if inside && trimmed == signature && !ignored_already {
            let indent = &line[..line.len() - line.trim_start().len()];
            let ending = if line.ends_with("\r\n") { "\r\n" } else { "\n" };
            out.push(format!("{indent}#[ignore = \"{REASON}\"]{ending}"));
            marked = true;
        }
        out.push(line.to_string());
    }
    marked.then(|| out.concat())
}

/// `fresh`, a function's block as just rendered, with the mark of every test that `committed`,
/// its block in the file, marks and that `fresh` generates again with the same code. What
/// `cargo test` showed (the test fails outside the search binary) cannot be seen by a new
/// search, so the file keeps it; a test that changed loses its mark and is run again. Returns
/// the block and the names of the tests that kept their mark.
pub fn carry_marks(committed: &str, fresh: &str) -> (String, Vec<String>) {
    let mut kept = Vec::new();
    let committed_lines: Vec<&str> = committed.split_inclusive('\n').collect();
    let mut lines: Vec<String> = fresh.split_inclusive('\n').map(str::to_string).collect();
    for index in (0..committed_lines.len()).filter(|&i| is_mark(&committed_lines, i)) {
        let Some(name) = test_name(committed_lines[index + 1]) else {
            continue;
        };
        let fresh_lines: Vec<&str> = lines.iter().map(String::as_str).collect();
        let Some(at) = (0..fresh_lines.len()).find(|&i| test_name(fresh_lines[i]) == Some(name))
        else {
            continue;
        };
        let ignored_already = at > 0 && fresh_lines[at - 1].trim().starts_with("#[ignore");
        let same = fmt::same_code(
            &function_text(&committed_lines, index + 1),
            &function_text(&fresh_lines, at),
        );
        if ignored_already || !same {
            continue;
        }
        let line = fresh_lines[at];
        let indent = &line[..line.len() - line.trim_start().len()];
        let ending = if line.ends_with("\r\n") { "\r\n" } else { "\n" };
        lines.insert(at, format!("{indent}#[ignore = \"{REASON}\"]{ending}"));
        kept.push(name.to_string());
    }
    (lines.concat(), kept)
}

/// Whether line `index` is the flaky mark of the test function on the next line.
fn is_mark(lines: &[&str], index: usize) -> bool {
    lines[index].trim() == format!("#[ignore = \"{REASON}\"]")
        && lines
            .get(index + 1)
            .is_some_and(|next| test_name(next).is_some())
}

/// The name of the test function a line opens (`fn name() {`).
fn test_name(line: &str) -> Option<&str> {
    line.trim()
        .strip_prefix("fn ")
        .and_then(|rest| rest.strip_suffix("() {"))
}

/// The function opened at line `start`, to its closing brace at the same indentation.
fn function_text(lines: &[&str], start: usize) -> String {
    let indent = lines[start].len() - lines[start].trim_start().len();
    let mut text = String::new();
    for line in &lines[start..] {
        text.push_str(line);
        let closes = line.trim_end() == format!("{}}}", &lines[start][..indent]);
        if closes {
            break;
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn failed_generated_tests_are_read_from_the_failure_report() {
        let output = "running 3 tests\n.F.\nfailures:\n\n\
            ---- symtest_tests::f_returns_1 stdout ----\nassertion failed\n\n\
            ---- tests::hand_written stdout ----\nboom\n\n\
            ---- m::symtest_tests::g_runs stdout ----\n\nfailures:\n    symtest_tests::f_returns_1\n";
        assert_eq!(failed_tests(output), ["f_returns_1", "g_runs"]);
    }

    #[test]
    fn only_generated_tests_not_yet_ignored_are_marked() {
        let source = format!(
            "fn f_returns_1() {{}}\n{BEGIN_MARKER}\nmod symtest_tests {{\n    #[test]\n    fn f_returns_1() {{\n        assert_eq!(f(), 1);\n    }}\n}}\n{END_MARKER}\n"
        );
        let marked = mark_ignored(&source, "f_returns_1").unwrap_or_default();
        assert_eq!(
            marked,
            source.replace(
                "    #[test]\n    fn",
                &format!("    #[test]\n    #[ignore = \"{REASON}\"]\n    fn")
            )
        );
        assert!(
            marked.starts_with("fn f_returns_1() {}\n"),
            "user code untouched"
        );
        assert_eq!(mark_ignored(&marked, "f_returns_1"), None);
        assert_eq!(mark_ignored(&source, "g_runs"), None);
    }

    const FRESH: &str = "// symtest: fn=f covered=2/2 seed=1 algorithm=avm budget-evals=10
#[test]
fn f_returns_1() {
    assert_eq!(f(1), 1);
}

#[test]
fn f_returns_2() {
    assert_eq!(f(2), 2);
}
";

    #[test]
    fn a_mark_is_carried_over_to_the_same_test_generated_again() {
        let committed = FRESH.replace(
            "#[test]\nfn f_returns_2",
            &format!("#[test]\n#[ignore = \"{REASON}\"]\nfn f_returns_2"),
        );
        assert_ne!(committed, FRESH);
        let kept = vec!["f_returns_2".to_string()];
        assert_eq!(carry_marks(&committed, FRESH), (committed.clone(), kept));
        assert_eq!(
            carry_marks(&committed, &committed),
            (committed.clone(), Vec::new()),
            "not twice"
        );
        let crlf = committed.replace('\n', "\r\n");
        assert_eq!(carry_marks(&crlf, &FRESH.replace('\n', "\r\n")).0, crlf);
    }

    #[test]
    fn a_test_that_changed_or_is_gone_loses_its_mark() {
        let committed = FRESH.replace(
            "#[test]\nfn f_returns_2",
            &format!("#[test]\n#[ignore = \"{REASON}\"]\nfn f_returns_2"),
        );
        let changed = FRESH.replace("f(2), 2", "f(3), 2");
        assert_eq!(carry_marks(&committed, &changed).0, changed);
        let gone = FRESH.replace("fn f_returns_2", "fn f_returns_3");
        assert_eq!(carry_marks(&committed, &gone).0, gone);
        let other_reason = FRESH.replace(
            "#[test]\nfn f_returns_2",
            "#[test]\n#[ignore = \"aborts: the process exited\"]\nfn f_returns_2",
        );
        assert_eq!(
            carry_marks(&other_reason, FRESH).0,
            FRESH,
            "only flaky marks"
        );
    }
}
