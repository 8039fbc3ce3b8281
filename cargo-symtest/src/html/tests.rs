//! The report's structure, from fixture reports: its pages, the marks and panels of a source
//! page, the notes at lines, the index's rows and totals, and the plots' curves.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::plot::{Axis, Curve, curves};
use super::*;
use crate::model::{MutantSite, Mutants, Point, Survivor};
use crate::render::fixtures::{case, classify, report, returns};
use crate::render::{Callee, render_function_at};

const ROOT: &str = "/work/demo";

/// The source of `classify` (its decisions at lines 18 and 25), with text to escape at 25.
fn source() -> String {
    let mut lines: Vec<String> = (1..=30).map(|n| format!("// line {n}")).collect();
    lines[11] = "pub fn classify(a: u32, b: u32) -> bool {".to_string();
    lines[17] = "    if a == 0 {".to_string();
    lines[24] = "    if a == b { return \"<script>&\".is_empty(); }".to_string();
    lines.join("\n")
}

/// `classify` with one test covering `a == 0` false and `a == b` true: each decision covered
/// on one side, 2 of 4 branches.
fn searched() -> FunctionReport {
    let mut report = classify(vec![case(&["1", "1"], &[(0, 1), (1, 0)], returns("true"))]);
    report.set_covered();
    report
}

fn function(report: &FunctionReport) -> Function<'_> {
    let block = render_function_at(report, 0, &Callee::Named).to_string();
    Function::new(report, Path::new(ROOT).join("src/lib.rs"), &block)
}

fn texts() -> BTreeMap<PathBuf, String> {
    BTreeMap::from([(Path::new(ROOT).join("src/lib.rs"), source())])
}

fn run<'a>(functions: Vec<Function<'a>>, skipped: &'a [FunctionReport]) -> Run<'a> {
    Run {
        seed: 7,
        functions,
        skipped,
        rejected: &[],
        root: Path::new(ROOT),
    }
}

fn page_named<'p>(pages: &'p [Page], name: &str) -> &'p str {
    pages
        .iter()
        .find(|page| page.name == name)
        .map(|page| page.html.as_str())
        .unwrap_or_else(|| panic!("no page {name}"))
}

#[test]
fn the_report_is_an_index_a_convergence_page_and_a_page_per_source_file() {
    let report = searched();
    let pages = pages(&run(vec![function(&report)], &[]), &texts());
    let names: Vec<&str> = pages.iter().map(|page| page.name.as_str()).collect();
    assert_eq!(
        names,
        ["index.html", "convergence.html", "src-src-lib-rs.html"]
    );
    for page in &pages {
        let html = &page.html;
        assert!(html.starts_with("<!DOCTYPE html>"), "{}", page.name);
        assert!(html.contains("prefers-color-scheme: dark"), "{}", page.name);
        assert!(html.contains("@media print"), "{}", page.name);
        // Self-contained: nothing is loaded from anywhere (the SVG namespace is a name).
        let without_namespace = html.replace("xmlns=\"http://www.w3.org/2000/svg\"", "");
        for external in ["http://", "https://", "<link", " src=", "@import", "url("] {
            assert!(
                !without_namespace.contains(external),
                "{} loads {external}",
                page.name
            );
        }
    }
}

#[test]
fn a_decision_covered_on_one_side_opens_on_each_outcome_s_test_and_its_code() {
    let report = searched();
    let pages = pages(&run(vec![function(&report)], &[]), &texts());
    let html = page_named(&pages, "src-src-lib-rs.html");
    let line = html
        .lines()
        .find(|line| line.contains("id=\"L18\""))
        .unwrap_or_else(|| panic!("no line 18: {html}"));
    assert!(line.starts_with("<details class=\"line part\""), "{line}");
    assert!(line.contains("<span class=\"mark\">1/2</span>"), "{line}");
    assert!(
        line.contains("if <span class=\"dec part\">a == 0</span> {"),
        "the decision is marked where it stands: {line}"
    );
    assert!(
        line.contains("title=\"if `a == 0`: true ✗ not covered; false ✓ classify_returns_true"),
        "hovering names the tests: {line}"
    );
    let panel = &html[html.find("id=\"L18\"").unwrap_or(0)..];
    let panel = &panel[..panel.find("</details>").unwrap_or(panel.len())];
    assert!(
        panel.contains("<li><span class=\"miss\">✗ true</span> no written test takes it</li>"),
        "{panel}"
    );
    assert!(
        panel.contains(
            "<li><span class=\"ok\">✓ false</span> <a href=\"#L18-classify_returns_true\">\
             <code>classify_returns_true</code></a></li>"
        ),
        "{panel}"
    );
    // The test's code follows the outcomes, once, without the comment of what it covers.
    assert!(
        panel.contains(
            "<pre id=\"L18-classify_returns_true\"><code>#[test]\nfn classify_returns_true() {\n    \
             assert!(classify(1, 1));\n}</code></pre>"
        ),
        "{panel}"
    );
    // A line without decisions is a plain line.
    assert!(html.contains(
        "<div class=\"line\" id=\"L17\"><a class=\"ln\" href=\"#L17\">17</a><span \
         class=\"mark\"></span><span class=\"src\">// line 17</span></div>"
    ));
}

#[test]
fn source_text_is_escaped() {
    let report = searched();
    let pages = pages(&run(vec![function(&report)], &[]), &texts());
    let html = page_named(&pages, "src-src-lib-rs.html");
    assert!(!html.contains("\"<script>&\""), "raw source in the page");
    assert!(
        html.contains("&quot;&lt;script&gt;&amp;&quot;.is_empty()"),
        "{html}"
    );
    assert_eq!(
        escape("a < b && c > 'd' \"e\""),
        "a &lt; b &amp;&amp; c &gt; &#39;d&#39; &quot;e&quot;"
    );
}

#[test]
fn surviving_mutants_follow_their_line_and_the_function_s_figures_precede_it() {
    let mut report = searched();
    report.mutants = Some(Mutants {
        total: 8,
        killed: 7,
        added: 0,
        capped: false,
    });
    report.survivors = vec![Survivor {
        site: MutantSite {
            decision: Some(1),
            operator: None,
        },
        kind: "replace".to_string(),
        from: Some("==".to_string()),
        to: ">=".into(),
    }];
    let pages = pages(&run(vec![function(&report)], &[]), &texts());
    let html = page_named(&pages, "src-src-lib-rs.html");
    let after_25 = &html[html.find("id=\"L25\"").unwrap_or(0)..];
    let after_25 = &after_25[after_25.find("</details>").unwrap_or(0)..];
    assert!(
        after_25.starts_with(
            "</details>\n<div class=\"note mutant\"><span class=\"ln\"></span><span \
             class=\"mark\"></span><span class=\"text\">mutant <code>a == b</code> → <code>a \
             &gt;= b</code> survived"
        ),
        "{after_25}"
    );
    let before_12 = &html[..html.find("id=\"L12\"").unwrap_or(0)];
    let note = before_12
        .rsplit("<div class=\"note function\"")
        .next()
        .unwrap_or("");
    assert!(
        note.contains("crate::classify · 2/4 branches · 1 test · 7/8 mutants killed"),
        "{note}"
    );
}

#[test]
fn skipped_items_show_their_reason_at_their_line_and_on_the_index() {
    let report = searched();
    let mut skipped = report_of_skipped();
    skipped.line = 3;
    let skipped = [skipped];
    let pages = pages(&run(vec![function(&report)], &skipped), &texts());
    let html = page_named(&pages, "src-src-lib-rs.html");
    let before_3 = &html[..html.find("<div class=\"line\" id=\"L3\"").unwrap_or(0)];
    assert!(
        before_3.ends_with(
            "<span class=\"text\">skipped crate::walk: takes `&amp;Path`, which symtest cannot \
             build yet</span></div>\n"
        ),
        "{before_3}"
    );
    let index = page_named(&pages, "index.html");
    assert!(
        index.contains("<li><code>crate::walk</code>: takes `&amp;Path`, which symtest"),
        "{index}"
    );
}

fn report_of_skipped() -> FunctionReport {
    let mut skipped = report("walk", Vec::new(), Vec::new());
    skipped.skipped = Some("takes `&Path`, which symtest cannot build yet".to_string());
    skipped
}

#[test]
fn the_index_has_a_sortable_row_per_function_and_the_crate_s_totals() {
    let first = searched();
    let mut second = classify(vec![case(
        &["0", "2"],
        &[(0, 0), (0, 1), (1, 0), (1, 1)],
        returns("false"),
    )]);
    second.path = "crate::other::classify".to_string();
    second.set_covered();
    second.evaluations = 40;
    let pages = pages(
        &run(vec![function(&first), function(&second)], &[]),
        &texts(),
    );
    let index = page_named(&pages, "index.html");
    let rows: Vec<&str> = index
        .lines()
        .filter(|line| line.starts_with("<tr><td data-sort="))
        .collect();
    assert_eq!(rows.len(), 2, "{index}");
    assert!(
        rows[0].contains("<a href=\"src-src-lib-rs.html#fn-crate--classify\">crate::classify</a>"),
        "{}",
        rows[0]
    );
    assert!(
        rows[0].contains("<td class=\"part\" data-sort=\"0.5000\">2/4"),
        "{}",
        rows[0]
    );
    assert!(
        rows[1].contains("<td class=\"full\" data-sort=\"1.0000\">4/4"),
        "{}",
        rows[1]
    );
    let totals = &index[index.find("<tfoot>").unwrap_or(0)..];
    assert!(
        totals.starts_with("<tfoot><tr><td>total</td><td class=\"part\" data-sort=\"0.7500\">6/8"),
        "{totals}"
    );
    assert!(
        index.contains("<b>6/8</b>branches covered (75 %)"),
        "{index}"
    );
    assert!(index.contains("table.functions"), "the sorting script");
}

fn point(phase: &str, evaluations: u64, covered: usize) -> Point {
    Point {
        phase: phase.to_string(),
        evaluations,
        elapsed_ms: evaluations as f64 / 10.0,
        covered,
    }
}

#[test]
fn curves_sum_searches_at_the_same_evaluations_in_all_and_by_phase() {
    let first = [
        point("start", 0, 0),
        point("start", 1, 2),
        point("dynamosa", 1, 2),
        point("dse", 30, 3),
        point("dynamosa", 50, 4),
        point("hybrid", 60, 4),
        point("hybrid", 90, 4),
        point("mutation", 90, 4),
        point("mutation", 3000, 5),
    ];
    let second = [point("start", 1, 1), point("dynamosa", 30, 2)];
    let curve = |phase: &str, points: &[(f64, f64)]| Curve {
        phase: phase.to_string(),
        points: points.to_vec(),
        until: None,
    };
    let (both, end) = curves(&[&first, &second], Axis::Evaluations, false);
    assert_eq!(
        end, 90.0,
        "the mutation analysis's runs are not on the x axis"
    );
    assert_eq!(
        both,
        [
            curve(
                "total",
                &[
                    (0.0, 0.0),
                    (1.0, 3.0),
                    (30.0, 5.0),
                    (50.0, 6.0),
                    (90.0, 7.0)
                ]
            ),
            curve("start", &[(0.0, 0.0), (1.0, 3.0)]),
            // Each part starts where its phase first ran.
            curve("dse", &[(30.0, 0.0), (30.0, 1.0)]),
            curve("dynamosa", &[(1.0, 0.0), (30.0, 1.0), (50.0, 2.0)]),
            // What its added tests cover rises where the search ended.
            curve("mutation", &[(90.0, 0.0), (90.0, 1.0)]),
        ]
    );
    // One search's plot shows where a phase that covered nothing ran.
    let (one, _) = curves(&[&first], Axis::Evaluations, true);
    assert_eq!(
        one.last(),
        Some(&Curve {
            until: Some(90.0),
            ..curve("hybrid", &[(60.0, 4.0), (90.0, 4.0)])
        })
    );
    let svg = plot::svg("t", &one, end, 8, Axis::Evaluations);
    assert_eq!(svg.matches("<path class=\"series").count(), 6);
    assert!(svg.contains("class=\"series s-dse\""), "{svg}");
    assert!(svg.contains("class=\"series s-targets\""), "{svg}");
    assert!(
        svg.contains("<path class=\"all\""),
        "the line of all branches"
    );
}

#[test]
fn a_test_s_code_is_cut_from_its_block_with_its_attributes() {
    let block = "    // symtest: fn=f covered=1/2\n    #[test]\n    #[should_panic(expected = \
                 \"boom\")]\n    fn f_panics() {\n        // Covers line 3.\n        f(0);\n    \
                 }\n\n    #[test]\n    fn f_returns_1() {\n        assert_eq!(f(1), 1);\n    }\n";
    assert_eq!(
        test_code(block, "f_panics").as_deref(),
        Some(
            "#[test]\n#[should_panic(expected = \"boom\")]\nfn f_panics() {\n    // Covers line \
             3.\n    f(0);\n}"
        )
    );
    assert_eq!(
        test_code(block, "f_returns_1").as_deref(),
        Some("#[test]\nfn f_returns_1() {\n    assert_eq!(f(1), 1);\n}")
    );
    assert_eq!(test_code(block, "f_returns"), None, "whole names only");
}
