//! Generated tests that fail when `cargo symtest` runs them at the end (their result depends on
//! something the checks across processes did not vary) are marked `#[ignore = "…"]` in the
//! written file, so the file never holds failing tests: which tests failed, read from libtest's
//! output, and the marking of their functions inside the generated regions.

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
}
