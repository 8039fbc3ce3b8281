//! The index page: the run's totals, the crate's convergence, one sortable row per function
//! with the summary table's columns and a total row, the source files, and the items skipped
//! and the tests left out, each with why.

use std::fmt::Write as _;

use super::source::{self, Cover, File, count};
use super::{Run, escape, page, plot};
use crate::model::FunctionReport;
use crate::report::written_tests;

/// The index of the report.
pub fn index(run: &Run, files: &[File]) -> String {
    let reports: Vec<&FunctionReport> = run.functions.iter().map(|f| f.report).collect();
    let branches: usize = reports.iter().map(|r| r.branch_count()).sum();
    let covered: usize = reports.iter().map(|r| r.covered.len()).sum();
    let tests: usize = reports.iter().map(|r| written_tests(r)).sum();
    let (killed, mutants) = reports
        .iter()
        .filter_map(|r| r.mutants)
        .fold((0, 0), |(k, t), m| (k + m.killed, t + m.total));
    let skips = crate::model::skips(run.skipped.iter().chain(reports.iter().copied()));
    let mut body = format!(
        "<div class=\"summary\">\
         <div><b>{covered}/{branches}</b>branches covered ({})</div>\
         <div><b>{}</b>searched</div><div><b>{tests}</b>tests written</div>\
         <div><b>{killed}/{mutants}</b>mutants killed</div>\
         <div><b>{}</b>skipped</div><div><b>{}</b>seed</div></div>\n",
        percent(covered, branches),
        count(reports.len(), "function"),
        skips.len(),
        run.seed,
    );
    body.push_str("<h2>Functions</h2>\n");
    body.push_str(&table(run, files));
    body.push_str("<h2>Convergence</h2>\n");
    body.push_str(&plot::crate_figures(run));
    let _ = writeln!(
        body,
        "<p><a href=\"{}\">Each function's convergence</a></p>",
        page::CONVERGENCE
    );
    body.push_str("<h2>Source files</h2>\n<ul class=\"plain\">\n");
    for file in files {
        let (covered, branches) = file.functions.iter().fold((0, 0), |(c, b), &index| {
            let report = run.functions[index].report;
            (c + report.covered.len(), b + report.branch_count())
        });
        let _ = writeln!(
            body,
            "<li><a href=\"{}\">{}</a> <span class=\"muted\">{covered}/{branches} branches · \
             {}</span></li>",
            escape(&file.page),
            escape(&file.display),
            count(file.functions.len(), "function"),
        );
    }
    body.push_str("</ul>\n");
    if !skips.is_empty() {
        body.push_str("<h2>Skipped</h2>\n<ul class=\"plain\">\n");
        for skip in &skips {
            let _ = writeln!(
                body,
                "<li><code>{}</code>: {}</li>",
                escape(&skip.path),
                escape(&skip.reason)
            );
        }
        body.push_str("</ul>\n");
    }
    if !run.rejected.is_empty() {
        body.push_str("<h2>Tests left out: rustc rejected them</h2>\n<ul class=\"plain\">\n");
        for rejection in run.rejected {
            let _ = writeln!(
                body,
                "<li><code>{}</code> of <code>{}</code><pre>{}</pre></li>",
                escape(&rejection.test),
                escape(&rejection.function),
                escape(&rejection.message)
            );
        }
        body.push_str("</ul>\n");
    }
    page::page("symtest report", &body)
}

/// The functions' table, sortable by any column (by script; in source order without it).
fn table(run: &Run, files: &[File]) -> String {
    let mut out = String::from(
        "<table class=\"functions\">\n<thead><tr><th>function</th><th>branches</th>\
         <th>outputs</th><th>boundaries</th><th>paths</th><th>fields</th><th>mutants</th>\
         <th>tests</th><th>evaluations</th><th>time</th></tr></thead>\n<tbody>\n",
    );
    let mut totals = Totals::default();
    for (index, function) in run.functions.iter().enumerate() {
        let report = function.report;
        totals.add(report);
        let name = match files.iter().find(|file| file.functions.contains(&index)) {
            Some(file) => format!(
                "<a href=\"{}#{}\">{}</a>",
                escape(&file.page),
                source::anchor(report),
                escape(&report.path)
            ),
            None => escape(&report.path),
        };
        let (covered, branches) = (report.covered.len(), report.branch_count());
        let mutants = report.mutants.filter(|m| m.total > 0);
        let _ = writeln!(
            out,
            "<tr><td data-sort=\"{}\">{name}</td>{}{}{}{}{}{}<td>{}</td><td>{}</td>\
             <td data-sort=\"{}\">{:.2} s</td></tr>",
            escape(&report.path),
            ratio_cell(covered, branches, true),
            ratio_cell(report.outputs.len(), report.output_count(), false),
            ratio_cell(report.boundaries.len(), report.boundary_count(), false),
            ratio_cell(report.paths.covered.len(), report.paths.listed, false),
            match report.fields.len() {
                0 => "<td data-sort=\"-1\">-</td>".to_string(),
                pairs => format!("<td>{pairs}</td>"),
            },
            match mutants {
                Some(m) => ratio_cell(m.killed, m.total, true),
                None => ratio_cell(0, 0, false),
            },
            written_tests(report),
            report.evaluations,
            report.elapsed_ms,
            report.elapsed_ms / 1000.0,
        );
    }
    let _ = writeln!(
        out,
        "</tbody>\n<tfoot><tr><td>total</td>{}{}{}{}<td>{}</td>{}<td>{}</td><td>{}</td>\
         <td>{:.2} s</td></tr></tfoot>\n</table>",
        ratio_cell(totals.covered, totals.branches, true),
        ratio_cell(totals.outputs.0, totals.outputs.1, false),
        ratio_cell(totals.boundaries.0, totals.boundaries.1, false),
        ratio_cell(totals.paths.0, totals.paths.1, false),
        totals.fields,
        ratio_cell(totals.mutants.0, totals.mutants.1, true),
        totals.tests,
        totals.evaluations,
        totals.elapsed_ms / 1000.0,
    );
    out
}

/// The sums of the table's columns.
#[derive(Default)]
struct Totals {
    covered: usize,
    branches: usize,
    outputs: (usize, usize),
    boundaries: (usize, usize),
    paths: (usize, usize),
    fields: usize,
    mutants: (usize, usize),
    tests: usize,
    evaluations: u64,
    elapsed_ms: f64,
}

impl Totals {
    fn add(&mut self, report: &FunctionReport) {
        self.covered += report.covered.len();
        self.branches += report.branch_count();
        self.outputs.0 += report.outputs.len();
        self.outputs.1 += report.output_count();
        self.boundaries.0 += report.boundaries.len();
        self.boundaries.1 += report.boundary_count();
        self.paths.0 += report.paths.covered.len();
        self.paths.1 += report.paths.listed;
        self.fields += report.fields.len();
        if let Some(mutants) = report.mutants {
            self.mutants.0 += mutants.killed;
            self.mutants.1 += mutants.total;
        }
        self.tests += written_tests(report);
        self.evaluations += report.evaluations;
        self.elapsed_ms += report.elapsed_ms;
    }
}

/// A `reached/of` cell sorted by its share (`-` where there is nothing to reach); coloured by
/// how much is reached when `marked`, with a bar.
fn ratio_cell(reached: usize, of: usize, marked: bool) -> String {
    if of == 0 {
        return "<td data-sort=\"-1\">-</td>".to_string();
    }
    let share = reached as f64 / of as f64;
    if !marked {
        return format!("<td data-sort=\"{share:.4}\">{reached}/{of}</td>");
    }
    format!(
        "<td class=\"{}\" data-sort=\"{share:.4}\">{reached}/{of}<span class=\"bar\">\
         <i style=\"width:{:.0}%\"></i></span></td>",
        Cover::of(reached, of).class(),
        share * 100.0
    )
}

/// `97 %`, or `-` of nothing.
fn percent(part: usize, whole: usize) -> String {
    match whole {
        0 => "-".to_string(),
        _ => format!("{:.0} %", part as f64 * 100.0 / whole as f64),
    }
}
