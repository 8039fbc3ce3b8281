//! A page per source file: its code line by line, each decision marked by how much of it the
//! written tests cover (both sides, one, or neither), with a panel that names the test taking
//! each outcome and shows its code; each function's figures, its surviving mutants and the
//! items skipped, at their lines.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::mutants::{self, Change};
use super::{Function, Run, escape, page, slug};
use crate::model::{Decision, FunctionReport};

/// A source file with a page: the functions searched in it and the items skipped there.
#[derive(Debug)]
pub struct File<'a> {
    /// The path relative to the workspace root.
    pub display: String,
    /// The page's file name.
    pub page: String,
    pub text: &'a str,
    /// Indices into the run's functions.
    pub functions: Vec<usize>,
    pub skipped: Vec<&'a FunctionReport>,
}

/// How much of a decision, a line or a function the written tests cover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cover {
    Full,
    Part,
    None,
}

impl Cover {
    pub fn of(covered: usize, total: usize) -> Cover {
        match covered {
            _ if covered >= total => Cover::Full,
            0 => Cover::None,
            _ => Cover::Part,
        }
    }

    pub fn class(self) -> &'static str {
        match self {
            Cover::Full => "full",
            Cover::Part => "part",
            Cover::None => "none",
        }
    }
}

/// A source path as the compiler gave it (relative to the workspace root, or absolute).
pub fn path_of(root: &Path, file: &str) -> PathBuf {
    let path = Path::new(file);
    match path.is_absolute() {
        true => path.to_path_buf(),
        false => root.join(path),
    }
}

/// The files that get a page (those whose text is in `texts`), sorted by path.
pub fn files<'a>(run: &'a Run, texts: &'a BTreeMap<PathBuf, String>) -> Vec<File<'a>> {
    let mut files: BTreeMap<PathBuf, File<'a>> = BTreeMap::new();
    for (index, function) in run.functions.iter().enumerate() {
        if let Some(file) = entry(&mut files, run, texts, &function.source) {
            file.functions.push(index);
        }
    }
    for report in run.skipped {
        let source = path_of(run.root, &report.file);
        if let Some(file) = entry(&mut files, run, texts, &source) {
            file.skipped.push(report);
        }
    }
    files.into_values().collect()
}

/// The page of `source` in `files`, added if its text is known.
fn entry<'f, 'a>(
    files: &'f mut BTreeMap<PathBuf, File<'a>>,
    run: &Run,
    texts: &'a BTreeMap<PathBuf, String>,
    source: &Path,
) -> Option<&'f mut File<'a>> {
    let text = texts.get(source)?;
    let display = source
        .strip_prefix(run.root)
        .unwrap_or(source)
        .display()
        .to_string();
    Some(files.entry(source.to_path_buf()).or_insert_with(|| File {
        page: format!("src-{}.html", slug(&display)),
        display,
        text,
        functions: Vec::new(),
        skipped: Vec::new(),
    }))
}

/// The decisions of a function's own code that have branches (not its output classes).
pub fn decisions(report: &FunctionReport) -> impl Iterator<Item = &Decision> {
    report
        .decisions
        .iter()
        .filter(|d| d.is_own() && !d.is_output() && d.branches().next().is_some())
}

/// The branches of `decision` the written tests cover, and all its branches.
fn covered(report: &FunctionReport, decision: &Decision) -> (usize, usize) {
    let total = decision.branches().count();
    let covered = decision
        .branches()
        .filter(|(index, _)| report.covered.contains(&(decision.id, *index)))
        .count();
    (covered, total)
}

/// The anchor of a function on its file's page and on the plots page.
pub fn anchor(report: &FunctionReport) -> String {
    format!("fn-{}", slug(&report.path))
}

/// A decision at its line, with the function it belongs to.
struct Mark<'a> {
    function: &'a Function<'a>,
    decision: &'a Decision,
}

/// The page of `file`.
pub fn page(run: &Run, file: &File) -> String {
    let mut marks: BTreeMap<u32, Vec<Mark>> = BTreeMap::new();
    let mut before: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    let mut after: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    let (mut all_covered, mut all_branches, mut survivors) = (0, 0, 0);
    for &index in &file.functions {
        let function = &run.functions[index];
        let report = function.report;
        for decision in decisions(report) {
            marks
                .entry(decision.line)
                .or_default()
                .push(Mark { function, decision });
        }
        all_covered += report.covered.len();
        all_branches += report.branch_count();
        let notes = before.entry(report.line).or_default();
        notes.push(function_note(report));
        for left in &report.left_out {
            notes.push(note("skipped", &skipped_text(&left.path, &left.reason)));
        }
        for placed in mutants::all(report) {
            survivors += 1;
            let text = mutant_text(&placed.change);
            match placed.line {
                Some(line) => after.entry(line).or_default().push(note("mutant", &text)),
                None => before
                    .entry(report.line)
                    .or_default()
                    .push(note("mutant", &text)),
            }
        }
    }
    for report in &file.skipped {
        let reason = report.skipped.as_deref().unwrap_or("not searched");
        (before.entry(report.line).or_default())
            .push(note("skipped", &skipped_text(&report.path, reason)));
    }
    let mut body = String::new();
    let _ = writeln!(
        body,
        "<p class=\"muted\">{} · {} searched, {} skipped · <a href=\"index.html\">all functions</a></p>",
        escape(&file.display),
        count(file.functions.len(), "function"),
        file.skipped.len(),
    );
    let _ = writeln!(
        body,
        "<div class=\"summary\"><div><b>{all_covered}/{all_branches}</b>branches covered</div>\
         <div><b>{survivors}</b>surviving mutants</div></div>"
    );
    body.push_str(
        "<div class=\"legend\"><span class=\"full\">both sides covered</span>\
         <span class=\"part\">one side</span><span class=\"none\">neither</span>\
         <span class=\"mutant\">a mutant the tests let live</span></div>\n\
         <p class=\"muted\">Click a marked line for the test that covers each outcome, and \
         its code.</p>\n",
    );
    body.push_str("<div class=\"code\">\n");
    let lines: Vec<&str> = file.text.lines().collect();
    for (index, text) in lines.iter().enumerate() {
        let number = index as u32 + 1;
        for html in before.remove(&number).unwrap_or_default() {
            body.push_str(&html);
        }
        match marks.get(&number) {
            None => {
                let _ = writeln!(
                    body,
                    "<div class=\"line\" id=\"L{number}\"><a class=\"ln\" href=\"#L{number}\">\
                     {number}</a><span class=\"mark\"></span><span class=\"src\">{}</span></div>",
                    escape(text)
                );
            }
            Some(marks) => body.push_str(&marked_line(number, text, marks)),
        }
        for html in after.remove(&number).unwrap_or_default() {
            body.push_str(&html);
        }
    }
    // Notes for lines past the end (a file changed since the build) close the listing.
    for html in before.into_values().chain(after.into_values()).flatten() {
        body.push_str(&html);
    }
    body.push_str("</div>\n");
    page::page(&file.display, &body)
}

/// A line with decisions: it opens a panel with each outcome, the test that covers it and
/// that test's code; its mark says how many of its branches the tests cover.
fn marked_line(number: u32, text: &str, marks: &[Mark]) -> String {
    let (mut covered_here, mut total_here) = (0, 0);
    let mut spans = Vec::new();
    let mut titles = Vec::new();
    let mut panel = String::new();
    // The tests the panel names, each shown once after the outcomes.
    let mut shown: Vec<&super::WrittenTest> = Vec::new();
    for mark in marks {
        let report = mark.function.report;
        let decision = mark.decision;
        let (covered, total) = covered(report, decision);
        covered_here += covered;
        total_here += total;
        let cover = Cover::of(covered, total);
        if let Some(range) = locate(text, decision.column, &decision.text) {
            spans.push((range, cover));
        }
        let _ = write!(
            panel,
            "<h4>{} <code>{}</code> <span class=\"muted\">· {covered}/{total} covered</span>\
             </h4>\n<ul>\n",
            escape(&decision.kind),
            escape(&decision.text),
        );
        let mut outcomes = Vec::new();
        for (index, outcome) in decision.branches() {
            let taken = report.covered.contains(&(decision.id, index));
            let test = taken
                .then(|| covering_test(mark.function, (decision.id, index)))
                .flatten();
            let (hover, html) = match (taken, test) {
                (true, Some(test)) => {
                    if !shown.iter().any(|known| known.name == test.name) {
                        shown.push(test);
                    }
                    (
                        format!("{outcome} ✓ {}", test.name),
                        format!(
                            "<span class=\"ok\">✓ {}</span> <a href=\"#L{number}-{}\">\
                             <code>{}</code></a>",
                            escape(outcome),
                            escape(&test.name),
                            escape(&test.name)
                        ),
                    )
                }
                (true, None) => (
                    format!("{outcome} ✓"),
                    format!("<span class=\"ok\">✓ {}</span> covered", escape(outcome)),
                ),
                (false, _) => (
                    format!("{outcome} ✗ not covered"),
                    format!(
                        "<span class=\"miss\">✗ {}</span> no written test takes it",
                        escape(outcome)
                    ),
                ),
            };
            outcomes.push(hover);
            let _ = writeln!(panel, "<li>{html}</li>");
        }
        panel.push_str("</ul>\n");
        titles.push(format!(
            "{} `{}`: {}",
            decision.kind,
            decision.text,
            outcomes.join("; ")
        ));
    }
    if !shown.is_empty() {
        panel.push_str("<div class=\"tests\">\n");
        for test in shown {
            let _ = writeln!(
                panel,
                "<pre id=\"L{number}-{}\"><code>{}</code></pre>",
                escape(&test.name),
                escape(&without_covers(&test.code))
            );
        }
        panel.push_str("</div>\n");
    }
    let cover = Cover::of(covered_here, total_here);
    format!(
        "<details class=\"line {class}\" id=\"L{number}\"><summary title=\"{title}\">\
         <a class=\"ln\" href=\"#L{number}\">{number}</a><span class=\"mark\">\
         {covered_here}/{total_here}</span><span class=\"src\">{code}</span></summary>\
         <div class=\"panel\">\n{panel}</div></details>\n",
        class = cover.class(),
        title = escape(&titles.join("\n")),
        code = highlighted(text, spans),
    )
}

/// A test's code without its comment of the branches it covers (and reaches), which the
/// panel it is shown in already says.
fn without_covers(code: &str) -> String {
    let mut in_comment = false;
    let lines: Vec<&str> = code
        .lines()
        .filter(|line| {
            let text = line.trim_start();
            in_comment = text.starts_with("// Covers ")
                || text.starts_with("// Reaches ")
                || (in_comment && text.starts_with("//     "));
            !in_comment
        })
        .collect();
    lines.join("\n")
}

/// The first written test of `function` that covers `branch`.
fn covering_test<'a>(function: &'a Function, branch: (u32, u32)) -> Option<&'a super::WrittenTest> {
    let report = function.report;
    report
        .tests
        .iter()
        .zip(&function.tests)
        .find(|(case, written)| written.is_some() && case.covers.contains(&branch))
        .and_then(|(_, written)| written.as_ref())
}

/// Where on `line` the decision's `text` stands, as a byte range: at its (1-based, in
/// characters) column where the text is there, else where the line holds it once.
fn locate(line: &str, column: u32, text: &str) -> Option<(usize, usize)> {
    if text.is_empty() {
        return None;
    }
    let at_column = line
        .char_indices()
        .nth(column.saturating_sub(1) as usize)
        .map(|(at, _)| at)
        .filter(|&at| line[at..].starts_with(text));
    let at = at_column.or_else(|| {
        let mut found = line.match_indices(text).map(|(at, _)| at);
        let first = found.next()?;
        found.next().is_none().then_some(first)
    })?;
    Some((at, at + text.len()))
}

/// `line`, escaped, with the non-overlapping `spans` marked by how much they are covered.
fn highlighted(line: &str, mut spans: Vec<((usize, usize), Cover)>) -> String {
    spans.sort_by_key(|((start, end), _)| (*start, *end));
    let mut out = String::new();
    let mut at = 0;
    for ((start, end), cover) in spans {
        if start < at {
            continue;
        }
        out.push_str(&escape(&line[at..start]));
        let _ = write!(
            out,
            "<span class=\"dec {}\">{}</span>",
            cover.class(),
            escape(&line[start..end])
        );
        at = end;
    }
    out.push_str(&escape(&line[at..]));
    out
}

/// A line of the listing that is no line of the file.
fn note(class: &str, html: &str) -> String {
    format!(
        "<div class=\"note {class}\"><span class=\"ln\"></span><span class=\"mark\"></span>\
         <span class=\"text\">{html}</span></div>\n"
    )
}

/// The function's figures above its first line, with its anchor.
fn function_note(report: &FunctionReport) -> String {
    let anchor = anchor(report);
    let mut text = format!(
        "{} · {}/{} branches · {}",
        escape(&report.path),
        report.covered.len(),
        report.branch_count(),
        count(crate::report::written_tests(report), "test")
    );
    if let Some(mutants) = report.mutants.filter(|m| m.total > 0) {
        let _ = write!(
            text,
            " · {}/{} mutants killed",
            mutants.killed, mutants.total
        );
    }
    let _ = write!(
        text,
        " · {} evaluations · <a href=\"{}#{anchor}\">convergence</a>",
        report.evaluations,
        page::CONVERGENCE
    );
    if let Some(problem) = &report.problem {
        let _ = write!(text, " · {}", escape(problem));
    }
    format!(
        "<div class=\"note function\" id=\"{anchor}\"><span class=\"ln\"></span>\
         <span class=\"mark\"></span><span class=\"text\">{text}</span></div>\n"
    )
}

fn skipped_text(path: &str, reason: &str) -> String {
    format!("skipped {}: {}", escape(path), escape(reason))
}

fn mutant_text(change: &Change) -> String {
    match change {
        Change::Code(code, mutated) => format!(
            "mutant <code>{}</code> → <code>{}</code> survived: no test fails with it",
            escape(code),
            escape(mutated)
        ),
        Change::Sentence(text) => {
            format!("mutant {} survived: no test fails with it", escape(text))
        }
    }
}

/// `n things`, singular for one.
pub fn count(n: usize, thing: &str) -> String {
    match n {
        1 => format!("1 {thing}"),
        n => format!("{n} {thing}s"),
    }
}
