//! Generated tests rustc rejects: which generated `#[test]` function each compiler error falls
//! in (the error's spans, followed out of macro expansions, against the test functions of the
//! generated modules parsed with syn), and leaving those tests out of their function's tests.

use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::path::PathBuf;

use cargo_metadata::diagnostic::{Diagnostic, DiagnosticSpan};

use crate::model::FunctionReport;
use crate::render;

/// Name of the generated module (see [`crate::writeback`]).
const GENERATED_MODULE: &str = "symtest_tests";

/// A `#[test]` function of a generated module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GeneratedTest {
    /// The inline modules around the generated module, outermost first.
    pub modules: Vec<String>,
    /// The function whose block holds the test: the header line above it names it.
    pub function: String,
    pub name: String,
    /// 1-based lines of the test function, its attributes included.
    pub lines: RangeInclusive<usize>,
}

/// The `#[test]` functions of the generated modules in `source`: parsed, or where a test does
/// not parse (an error in what it writes, which rustc reports as any other), found by their
/// lines as the renderer lays them out, so that such a test is left out as one that does not
/// compile is.
pub fn generated_tests(source: &str) -> Vec<GeneratedTest> {
    let lines: Vec<&str> = source.lines().collect();
    let Ok(file) = syn::parse_file(source) else {
        return scanned(&lines);
    };
    let mut tests = Vec::new();
    collect(&file.items, &lines, &mut Vec::new(), &mut tests);
    tests
}

/// The generated tests of `lines` found line by line: each `#[test]` of a generated module,
/// its name from the `fn` line after it, its end the closing brace at its indentation, its
/// modules from the `mod name {` lines around it.
fn scanned(lines: &[&str]) -> Vec<GeneratedTest> {
    let indent = |line: &str| line.len() - line.trim_start().len();
    // The open inline modules by indentation, and the generated one's.
    let mut modules: Vec<(usize, String)> = Vec::new();
    let mut generated: Option<usize> = None;
    let mut function = String::new();
    let mut tests = Vec::new();
    let mut at = 0;
    while at < lines.len() {
        let (line, depth) = (lines[at], indent(lines[at]));
        let trimmed = line.trim();
        if trimmed == "}" {
            if generated == Some(depth) {
                generated = None;
            } else if modules.last().is_some_and(|(open, _)| *open == depth) {
                modules.pop();
            }
        } else if generated.is_none() {
            let opened = trimmed.strip_suffix(" {").and_then(|head| {
                let mut words = head.split_whitespace().rev();
                let name = words.next()?;
                (words.next()? == "mod").then(|| name.trim_start_matches("r#").to_string())
            });
            match opened {
                Some(name) if name == GENERATED_MODULE => generated = Some(depth),
                Some(name) => modules.push((depth, name)),
                None => {}
            }
        } else if let Some(header) = render::parse_header(line) {
            function = header.name;
        } else if trimmed == "#[test]" {
            let name = lines[at..].iter().find_map(|line| {
                let after = line.trim().strip_prefix("fn ")?;
                Some(after.split('(').next()?.to_string())
            });
            let close = (at + 1..lines.len())
                .find(|&end| lines[end].trim() == "}" && indent(lines[end]) == depth);
            if let (Some(name), Some(end)) = (name, close) {
                tests.push(GeneratedTest {
                    modules: modules.iter().map(|(_, name)| name.clone()).collect(),
                    function: function.clone(),
                    name,
                    lines: at + 1..=end + 1,
                });
                at = end;
            }
        }
        at += 1;
    }
    tests
}

fn collect(
    items: &[syn::Item],
    lines: &[&str],
    modules: &mut Vec<String>,
    tests: &mut Vec<GeneratedTest>,
) {
    for item in items {
        let syn::Item::Mod(module) = item else {
            continue;
        };
        let Some((brace, inner)) = &module.content else {
            continue;
        };
        let name = module.ident.to_string();
        if name != GENERATED_MODULE {
            modules.push(name.trim_start_matches("r#").to_string());
            collect(inner, lines, modules, tests);
            modules.pop();
            continue;
        }
        let opened = brace.span.open().start().line;
        for inner in inner {
            let syn::Item::Fn(function) = inner else {
                continue;
            };
            if !function
                .attrs
                .iter()
                .any(|attr| attr.path().is_ident("test"))
            {
                continue;
            }
            let span = syn::spanned::Spanned::span(function);
            let (start, end) = (span.start().line, span.end().line);
            // The nearest header line above the test, inside the module.
            let header = (opened..start)
                .rev()
                .filter_map(|line| lines.get(line.checked_sub(1)?))
                .find_map(|line| render::parse_header(line));
            tests.push(GeneratedTest {
                modules: modules.clone(),
                function: header.map(|h| h.name).unwrap_or_default(),
                name: function.sig.ident.to_string(),
                lines: start..=end,
            });
        }
    }
}

/// A generated test rustc rejected, in the file (its original path) that would have held it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejected {
    pub file: PathBuf,
    pub test: GeneratedTest,
    /// The error's first line and its `-->` location, as rustc wrote them.
    pub message: String,
    /// The whole error, as rustc rendered it for people.
    pub rendered: String,
}

/// A test left out of a function's tests because rustc rejected it, for the summary.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rejection {
    /// The function's path (`crate::module::name`).
    pub function: String,
    pub test: String,
    /// rustc's message (see [`Rejected::message`]).
    pub message: String,
}

/// Compiler errors sorted by where they fall: in a generated test, or elsewhere.
#[derive(Debug, Default)]
pub struct Diagnosis {
    /// One entry per rejected test, with its first error.
    pub rejected: Vec<Rejected>,
    /// Errors in no generated test, as rustc rendered them.
    pub outside: Vec<String>,
}

/// Sorts `errors` by the generated test they fall in. `texts` holds the files as compiled,
/// by original path; `resolve` turns a file name as rustc gives it into such a path.
pub fn diagnose(
    errors: &[Diagnostic],
    texts: &BTreeMap<PathBuf, String>,
    resolve: impl Fn(&str) -> Option<PathBuf>,
) -> Diagnosis {
    let tests: BTreeMap<&PathBuf, Vec<GeneratedTest>> = texts
        .iter()
        .map(|(path, text)| (path, generated_tests(text)))
        .collect();
    let mut diagnosis = Diagnosis::default();
    for error in errors {
        let hits: Vec<(PathBuf, &GeneratedTest)> = error
            .spans
            .iter()
            .filter(|span| span.is_primary)
            .flat_map(expansion_chain)
            .filter_map(|span| {
                let file = resolve(&span.file_name)?;
                let test = tests
                    .get(&file)?
                    .iter()
                    .find(|test| test.lines.contains(&span.line_start))?;
                Some((file, test))
            })
            .collect();
        if hits.is_empty() {
            diagnosis.outside.push(rendered(error));
            continue;
        }
        for (file, test) in hits {
            let known = diagnosis
                .rejected
                .iter()
                .any(|r| r.file == file && r.test == *test);
            if !known {
                diagnosis.rejected.push(Rejected {
                    file,
                    test: test.clone(),
                    message: message(error),
                    rendered: rendered(error),
                });
            }
        }
    }
    diagnosis
}

/// A span and the macro calls it was expanded from, innermost first: an error inside
/// `assert_eq!` is reported in the standard library, with the test's call as its expansion.
fn expansion_chain(span: &DiagnosticSpan) -> Vec<&DiagnosticSpan> {
    let mut chain = vec![span];
    while let Some(expansion) = &chain[chain.len() - 1].expansion {
        chain.push(&expansion.span);
    }
    chain
}

/// The error as rustc rendered it for people.
fn rendered(error: &Diagnostic) -> String {
    error
        .rendered
        .clone()
        .unwrap_or_else(|| format!("error: {}\n", error.message))
}

/// The error's first line and its `-->` location, as rustc wrote them.
fn message(error: &Diagnostic) -> String {
    let rendered = rendered(error);
    let mut lines = rendered.lines();
    let first = lines.next().unwrap_or_default().to_string();
    match lines.find(|line| line.trim_start().starts_with("-->")) {
        Some(location) => format!("{first}\n  {}", location.trim()),
        None => first,
    }
}

/// Leaves the tests named `names` out of `report` — a test case, or a crash's reproducer —
/// and recounts what its tests cover. Names are those the report's tests render with (see
/// [`render::render_function_at`]). A test asserting a value by its literal, where the value
/// has Debug text too, is kept and asserts the Debug text instead: the literal may name what
/// the tests' module cannot (a type it does not import, a field private to another module).
/// Returns the names left out, and those kept so.
pub fn leave_out_or_soften(
    report: &mut FunctionReport,
    names: &[String],
) -> (Vec<String>, Vec<String>) {
    // Test names do not depend on how a test calls the function.
    let rendered = render::render_function_at(report, 0, &render::Callee::Named);
    let written: Vec<usize> = (0..report.tests.len())
        .filter(|&i| report.tests[i].outcome.makes_test())
        .collect();
    let found: Vec<(usize, String)> = rendered
        .tests
        .into_iter()
        .enumerate()
        .filter(|(_, test)| names.contains(&test.name))
        .map(|(index, test)| (index, test.name))
        .collect();
    let mut softened = Vec::new();
    // From the last, so the positions of the others stay as rendered.
    for (index, name) in found.iter().rev() {
        match written.get(*index) {
            Some(&case) => {
                if let crate::model::Outcome::Returned { literal, debug, .. } =
                    &mut report.tests[case].outcome
                    && literal.is_some()
                    && debug.is_some()
                {
                    *literal = None;
                    softened.push(name.clone());
                    continue;
                }
                report.tests.remove(case);
            }
            None => {
                report.crashes.remove(index - written.len());
            }
        }
    }
    report.set_covered();
    let left_out = found
        .into_iter()
        .map(|(_, name)| name)
        .filter(|name| !softened.contains(name))
        .collect();
    (left_out, softened)
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use super::*;
    use crate::model::Crash;
    use crate::model::Outcome;
    use crate::render::fixtures::{case, classify, returns, returns_without_debug};

    const SOURCE: &str = "pub fn f(x: u8) -> u8 {
    x
}

pub mod inner {
    pub fn g() {}

    // @generated by `cargo symtest`: regenerated on every run; edit the code, not this module.
    #[cfg(test)]
    mod symtest_tests {
        use super::*;

        // symtest: fn=g covered=0/0 seed=1 algorithm=avm budget-evals=10
        #[test]
        fn g_runs() {
            g();
        }
    }
    // @end generated by `cargo symtest`
}

// @generated by `cargo symtest`: regenerated on every run; edit the code, not this module.
#[cfg(test)]
mod symtest_tests {
    use super::*;

    // symtest: fn=f covered=1/2 seed=1 algorithm=avm budget-evals=10
    #[test]
    fn f_returns_0() {
        // Covers line 1.
        assert_eq!(f(0), Level::low);
    }

    #[test]
    #[should_panic(
        expected = \"a long message\"
    )]
    fn f_panics() {
        let _ = f(1);
    }
}
// @end generated by `cargo symtest`
";

    fn test(
        modules: &[&str],
        function: &str,
        name: &str,
        lines: RangeInclusive<usize>,
    ) -> GeneratedTest {
        GeneratedTest {
            modules: modules.iter().map(|m| m.to_string()).collect(),
            function: function.into(),
            name: name.into(),
            lines,
        }
    }

    #[test]
    fn generated_tests_are_found_with_their_module_function_and_lines() {
        assert_eq!(
            generated_tests(SOURCE),
            [
                test(&["inner"], "g", "g_runs", 14..=17),
                test(&[], "f", "f_returns_0", 28..=32),
                test(&[], "f", "f_panics", 34..=40),
            ]
        );
        assert_eq!(generated_tests("fn broken( {"), []);
        // A test that does not parse: found line by line, the others with it.
        let broken = SOURCE.replacen("g();", "let g = ;", 1);
        assert!(syn::parse_file(&broken).is_err());
        assert_eq!(generated_tests(&broken), generated_tests(SOURCE));
    }

    /// An error as rustc reports it in JSON, at `line` of `file`, expanded from a macro call
    /// at `called` when given.
    fn error(file: &str, line: usize, called: Option<(&str, usize)>) -> Diagnostic {
        let span = |file: &str, line: usize, expansion: serde_json::Value| {
            serde_json::json!({
                "file_name": file, "byte_start": 0, "byte_end": 1, "line_start": line,
                "line_end": line, "column_start": 5, "column_end": 9, "is_primary": true,
                "text": [], "label": null, "suggested_replacement": null,
                "suggestion_applicability": null, "expansion": expansion,
            })
        };
        let expansion = match called {
            Some((file, line)) => serde_json::json!({
                "span": span(file, line, serde_json::Value::Null),
                "macro_decl_name": "assert_eq!", "def_site_span": null,
            }),
            None => serde_json::Value::Null,
        };
        let rendered = format!(
            "error[E0599]: no variant named `low` found for enum `Level`\n  --> {file}:{line}:5\n   |\n{line} | ...\n"
        );
        serde_json::from_value(serde_json::json!({
            "message": "no variant named `low` found for enum `Level`",
            "code": {"code": "E0599", "explanation": null},
            "level": "error",
            "spans": [span(file, line, expansion)],
            "children": [],
            "rendered": rendered,
        }))
        .unwrap_or_else(|e| panic!("{e}"))
    }

    fn texts() -> BTreeMap<PathBuf, String> {
        BTreeMap::from([(PathBuf::from("/ws/src/lib.rs"), SOURCE.to_string())])
    }

    fn resolve(name: &str) -> Option<PathBuf> {
        Some(Path::new("/ws").join(name))
    }

    #[test]
    fn an_error_is_put_in_the_test_its_span_or_a_macro_call_it_came_from_lies_in() {
        let errors = [
            error("src/lib.rs", 31, None),
            error(
                "/rustc/library/core/src/macros/mod.rs",
                40,
                Some(("src/lib.rs", 39)),
            ),
            // A second error in the same test names it once.
            error("src/lib.rs", 30, None),
        ];
        let diagnosis = diagnose(&errors, &texts(), resolve);
        assert!(diagnosis.outside.is_empty(), "{:?}", diagnosis.outside);
        let names: Vec<&str> = diagnosis
            .rejected
            .iter()
            .map(|r| r.test.name.as_str())
            .collect();
        assert_eq!(names, ["f_returns_0", "f_panics"]);
        assert_eq!(
            diagnosis.rejected[0].message,
            "error[E0599]: no variant named `low` found for enum `Level`\n  --> src/lib.rs:31:5"
        );
        assert_eq!(diagnosis.rejected[0].file, Path::new("/ws/src/lib.rs"));
    }

    #[test]
    fn errors_in_user_code_the_modules_own_lines_or_other_files_are_outside() {
        let errors = [
            error("src/lib.rs", 2, None),
            // `use super::*;` of the generated module.
            error("src/lib.rs", 25, None),
            error("src/other.rs", 31, None),
        ];
        let diagnosis = diagnose(&errors, &texts(), resolve);
        assert!(diagnosis.rejected.is_empty());
        assert_eq!(diagnosis.outside.len(), 3);
        assert!(diagnosis.outside[0].starts_with("error[E0599]"));
    }

    #[test]
    fn leaving_tests_out_removes_their_cases_and_recounts_coverage() {
        // Values without Debug text: there is nothing to soften them into.
        let report_of = |returned: fn(&str) -> Outcome| {
            let mut report = classify(vec![
                case(&["1", "2", "3"], &[(0, 0)], returned("Some(1)")),
                case(&["1", "2", "4"], &[(0, 0), (0, 1)], returned("Some(1)")),
                case(&["0", "0", "0"], &[(1, 0)], returned("None")),
            ]);
            report.crashes.push(Crash {
                args: vec!["9".into(), "9".into(), "9".into()],
                how: "exited with code 3".into(),
            });
            report.set_covered();
            report
        };
        let report = report_of(|literal| returns_without_debug(literal, true));
        let names: Vec<String> = render::render_function_at(&report, 0, &render::Callee::Named)
            .tests
            .into_iter()
            .map(|t| t.name)
            .collect();
        assert_eq!(names.len(), 4, "{names:?}");
        // Both tests named alike and the crash's reproducer, in one go.
        let out = [names[0].clone(), names[1].clone(), names[3].clone()];
        let mut left = report.clone();
        let leave_out =
            |report: &mut FunctionReport, names: &[String]| leave_out_or_soften(report, names).0;
        assert_eq!(leave_out(&mut left, &out), out);
        assert_eq!(left.tests, report.tests[2..]);
        assert!(left.crashes.is_empty());
        assert_eq!(left.covered, [(1, 0)]);
        assert_eq!(leave_out(&mut left, &["nope".into()]), Vec::<String>::new());

        // Softened, a test with a literal and Debug text stays and asserts the Debug text; a
        // crash's reproducer has nothing to soften.
        let report = report_of(returns);
        let mut soft = report.clone();
        let (left_out, softened) = leave_out_or_soften(&mut soft, &out);
        assert_eq!(left_out, [names[3].clone()]);
        assert_eq!(softened, [names[1].clone(), names[0].clone()]);
        assert_eq!(soft.tests.len(), 3);
        assert!(matches!(
            &soft.tests[0].outcome,
            crate::model::Outcome::Returned {
                literal: None,
                debug: Some(_),
                ..
            }
        ));
        assert_eq!(soft.covered, report.covered);
    }
}
