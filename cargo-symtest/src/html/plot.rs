//! Convergence plots as inline SVG: the branches a search covered against its evaluations and
//! against time, the whole and each phase's part (start, DynaMOSA, one target at a time, DSE
//! steps, mutation analysis), per function and for the crate. The crate's curve at x is what
//! every function's search had covered after x evaluations (or milliseconds) of its own: where
//! it is still rising at the end, a bigger budget would likely cover more.

use std::fmt::Write as _;

use super::source::{self, File};
use super::{Run, escape, page};
use crate::model::{FunctionReport, Point};

/// What a plot's x axis measures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Axis {
    Evaluations,
    Time,
}

impl Axis {
    fn of(self, point: &Point) -> f64 {
        match self {
            Axis::Evaluations => point.evaluations as f64,
            Axis::Time => point.elapsed_ms,
        }
    }
}

/// A step curve: y holds from each point to the next, and after the last up to the plot's end.
#[derive(Clone, Debug, PartialEq)]
pub struct Curve {
    /// `total`, or the phase whose part this is.
    pub phase: String,
    pub points: Vec<(f64, f64)>,
    /// Where a phase that ran over a stretch only ends; `None` for the plot's end.
    pub until: Option<f64>,
}

/// The phase of the mutation analysis: its runs, often a hundred times the search's
/// evaluations, would squeeze the search into the first pixels of the x axis, so they are
/// stated beside the plots instead, and the branches the tests it adds cover beyond the
/// search's are drawn as a rise where the search ended.
const MUTATION: &str = "mutation";

/// The phase of DSE steps, which run within a phase of one branch at a time.
const DSE: &str = "dse";

/// The total and each phase's part of the branches covered, summed over `searches` at the
/// same x of each; phases in the order they first rise. With `idle`, a phase that covers
/// nothing (one target at a time after DynaMOSA covered all it could) is the stretch of the
/// total curve over which it ran; summed over searches, such stretches mean nothing.
pub fn curves(searches: &[&[Point]], axis: Axis, idle: bool) -> (Vec<Curve>, f64) {
    // (x, rise, phase) of every point that raised coverage, the span of each phase, and the
    // last x.
    let mut rises: Vec<(f64, usize, &str)> = Vec::new();
    let mut spans: Vec<(&str, f64, f64)> = Vec::new();
    let mut end: f64 = 0.0;
    for points in searches {
        let mut covered = 0;
        let mut search_end = None;
        // The phase running (DSE steps run within one) and where it began.
        let mut running: Option<(&str, f64)> = None;
        let mut last = 0.0;
        for point in points.iter() {
            let mut x = axis.of(point);
            if point.phase == MUTATION {
                x = *search_end.get_or_insert(x);
            }
            end = end.max(x);
            last = x;
            if point.covered > covered {
                rises.push((x, point.covered - covered, &point.phase));
                covered = point.covered;
            }
            if point.phase != DSE && running.is_none_or(|(phase, _)| phase != point.phase) {
                if let Some((phase, start)) = running {
                    span(&mut spans, phase, start, x);
                }
                running = Some((&point.phase, x));
            }
        }
        if let Some((phase, start)) = running {
            span(&mut spans, phase, start, last);
        }
    }
    rises.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut phases: Vec<&str> = Vec::new();
    for (_, _, phase) in &rises {
        if !phases.contains(phase) {
            phases.push(phase);
        }
    }
    let mut total = Curve {
        phase: "total".to_string(),
        points: vec![(0.0, 0.0)],
        until: None,
    };
    // Each phase's part starts where the phase first ran, not at 0.
    let first = |phase: &str| {
        let ran = spans.iter().find(|span| span.0 == phase).map(|span| span.1);
        let rose = rises.iter().find(|rise| rise.2 == phase).map(|rise| rise.0);
        ran.into_iter().chain(rose).fold(f64::INFINITY, f64::min)
    };
    let mut parts: Vec<Curve> = phases
        .iter()
        .map(|phase| Curve {
            phase: phase.to_string(),
            points: vec![(first(phase), 0.0)],
            until: None,
        })
        .collect();
    for (x, rise, phase) in rises {
        step(&mut total, x, rise);
        if let Some(part) = parts.iter_mut().find(|part| part.phase == phase) {
            step(part, x, rise);
        }
    }
    let idle: Vec<Curve> = spans
        .into_iter()
        .filter(|(phase, start, stop)| idle && !phases.contains(phase) && stop > start)
        .map(|(phase, start, stop)| Curve {
            phase: phase.to_string(),
            points: total.between(start, stop),
            until: Some(stop),
        })
        .collect();
    let mut curves = vec![total];
    curves.extend(parts);
    curves.extend(idle);
    (curves, end)
}

impl Curve {
    /// The stretch of the curve from `start` up to `stop`, a rise at `stop` left out.
    fn between(&self, start: f64, stop: f64) -> Vec<(f64, f64)> {
        let before = |x: f64| {
            (self.points.iter())
                .take_while(|point| point.0 < x)
                .last()
                .map_or(0.0, |point| point.1)
        };
        let inside = self.points.iter().filter(|p| p.0 > start && p.0 < stop);
        let mut points = vec![(start, self.at(start))];
        points.extend(inside.copied());
        points.push((stop, before(stop)));
        points
    }

    /// The curve's value at `x`.
    fn at(&self, x: f64) -> f64 {
        self.points
            .iter()
            .take_while(|point| point.0 <= x)
            .last()
            .map_or(0.0, |point| point.1)
    }

    /// Where the curve ends: the end of its stretch, or the plot's end.
    fn end(&self, plot_end: f64) -> f64 {
        self.until.unwrap_or(plot_end)
    }
}

/// Widens the span of `phase` in `spans` to `start..stop`.
fn span<'a>(spans: &mut Vec<(&'a str, f64, f64)>, phase: &'a str, start: f64, stop: f64) {
    match spans.iter_mut().find(|(known, _, _)| *known == phase) {
        Some(span) => (span.1, span.2) = (span.1.min(start), span.2.max(stop)),
        None => spans.push((phase, start, stop)),
    }
}

/// Raises `curve` by `rise` at `x` (merging rises at one x; the curve's start stays, so a
/// rise where it starts is drawn).
fn step(curve: &mut Curve, x: f64, rise: usize) {
    let y = curve.points.last().map_or(0.0, |p| p.1) + rise as f64;
    let started = curve.points.len() > 1;
    match curve.points.last_mut() {
        Some(last) if started && last.0 == x => last.1 = y,
        _ => curve.points.push((x, y)),
    }
}

/// The legend's name of a curve.
fn label(phase: &str) -> String {
    match phase {
        "total" => "all phases".to_string(),
        "start" => "simplest input".to_string(),
        "dynamosa" => "DynaMOSA (all branches together)".to_string(),
        "dse" => "DSE steps".to_string(),
        "mutation" => "mutation analysis".to_string(),
        algorithm => format!("{algorithm} (one branch at a time)"),
    }
}

/// The style class of a curve: one per phase, the per-target algorithms sharing one.
fn class(phase: &str) -> &'static str {
    match phase {
        "total" => "total",
        "start" => "start",
        "dynamosa" => "dynamosa",
        "dse" => "dse",
        "mutation" => "mutation",
        _ => "targets",
    }
}

const WIDTH: f64 = 520.0;
const HEIGHT: f64 = 250.0;
const LEFT: f64 = 46.0;
const RIGHT: f64 = 28.0;
const TOP: f64 = 12.0;
const BOTTOM: f64 = 38.0;

/// A plot of `curves` up to `end` on x, with a dashed line at `all` branches.
pub fn svg(title: &str, curves: &[Curve], end: f64, all: usize, axis: Axis) -> String {
    let counted = axis == Axis::Evaluations;
    let x_max = axis_max(end.max(1.0), counted);
    let y_top = curves
        .iter()
        .flat_map(|c| c.points.iter().map(|p| p.1))
        .fold(all as f64, f64::max);
    let y_max = axis_max(y_top.max(1.0), true);
    let x = |value: f64| LEFT + value / x_max * (WIDTH - LEFT - RIGHT);
    let y = |value: f64| HEIGHT - BOTTOM - value / y_max * (HEIGHT - TOP - BOTTOM);
    let mut out = format!(
        "<svg class=\"plot\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" \
         xmlns=\"http://www.w3.org/2000/svg\"><title>{}</title>\n",
        escape(title)
    );
    for tick in ticks(y_max, true) {
        let _ = writeln!(
            out,
            "<path class=\"grid\" d=\"M{LEFT} {py:.1}H{right}\"/><text x=\"{tx}\" y=\"{ty:.1}\" \
             text-anchor=\"end\">{}</text>",
            format_number(tick),
            py = y(tick),
            right = WIDTH - RIGHT,
            tx = LEFT - 6.0,
            ty = y(tick) + 4.0,
        );
    }
    for tick in ticks(x_max, counted) {
        let _ = writeln!(
            out,
            "<text x=\"{:.1}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
            x(tick),
            HEIGHT - BOTTOM + 15.0,
            match axis {
                Axis::Evaluations => format_number(tick),
                Axis::Time => format_time(tick, x_max),
            }
        );
    }
    let x_label = match axis {
        Axis::Evaluations => "evaluations",
        Axis::Time => "time",
    };
    let _ = writeln!(
        out,
        "<path class=\"axis\" d=\"M{LEFT} {TOP}V{bottom}H{right}\"/>\
         <text x=\"{mid}\" y=\"{label_y}\" text-anchor=\"middle\">{x_label}</text>\
         <text x=\"12\" y=\"{mid_y}\" text-anchor=\"middle\" transform=\"rotate(-90 12 {mid_y})\">\
         branches</text>",
        bottom = HEIGHT - BOTTOM,
        right = WIDTH - RIGHT,
        mid = (LEFT + WIDTH - RIGHT) / 2.0,
        label_y = HEIGHT - 6.0,
        mid_y = (TOP + HEIGHT - BOTTOM) / 2.0,
    );
    if all > 0 {
        let _ = writeln!(
            out,
            "<path class=\"all\" d=\"M{LEFT} {ay:.1}H{right}\"><title>{all} branches in all\
             </title></path>",
            ay = y(all as f64),
            right = WIDTH - RIGHT,
        );
    }
    // The parts first, the total over them.
    for curve in curves.iter().skip(1).chain(curves.first()) {
        let mut d = String::new();
        for (index, &(px, py)) in curve.points.iter().enumerate() {
            match index {
                0 => {
                    let _ = write!(d, "M{:.1} {:.1}", x(px), y(py));
                }
                _ => {
                    let _ = write!(d, "H{:.1}V{:.1}", x(px), y(py));
                }
            }
        }
        let _ = write!(d, "H{:.1}", x(curve.end(end)));
        let _ = writeln!(
            out,
            "<path class=\"series s-{}\" d=\"{d}\"><title>{}</title></path>",
            class(&curve.phase),
            escape(&label(&curve.phase))
        );
    }
    out.push_str("</svg>");
    out
}

/// A figure of two plots, against evaluations and against time, with the legend.
fn figures(title: &str, searches: &[&[Point]], all: usize, caption: &str) -> String {
    if searches.iter().all(|points| points.is_empty()) {
        return "<p class=\"muted\">No convergence was recorded: the search did not finish, \
                or its inputs were replayed after a crash.</p>\n"
            .to_string();
    }
    let mut out = String::from("<div class=\"plots\">\n");
    let mut legend = Vec::new();
    for axis in [Axis::Evaluations, Axis::Time] {
        let (curves, end) = curves(searches, axis, searches.len() == 1);
        if legend.is_empty() {
            legend = curves
                .iter()
                .map(|c| {
                    format!(
                        "<span class=\"key-{}\">{}</span>",
                        class(&c.phase),
                        escape(&label(&c.phase))
                    )
                })
                .collect();
        }
        let name = match axis {
            Axis::Evaluations => "against evaluations",
            Axis::Time => "against time",
        };
        let _ = writeln!(
            out,
            "<figure>{}</figure>",
            svg(
                &format!("{title}: branches covered {name}"),
                &curves,
                end,
                all,
                axis
            )
        );
    }
    out.push_str("</div>\n");
    let _ = writeln!(
        out,
        "<div class=\"legend\">{}<span class=\"muted\">dashed: all {all} branches</span></div>",
        legend.join("")
    );
    if !caption.is_empty() {
        let _ = writeln!(out, "<p class=\"muted\">{caption}</p>");
    }
    out
}

/// The crate's plots: every search's curve summed at the same evaluations (or time) of each.
pub fn crate_figures(run: &Run) -> String {
    let searches: Vec<&[Point]> = run
        .functions
        .iter()
        .map(|f| f.report.convergence.as_slice())
        .collect();
    let all = run.functions.iter().map(|f| f.report.branch_count()).sum();
    figures(
        "All functions",
        &searches,
        all,
        "At each x: the branches all searches had covered after x evaluations (or that long) \
         of their own; the mutation analyses' runs are not on the x axis. A curve still rising \
         at its end says a bigger budget would likely cover more.",
    )
}

/// What the mutation analysis of a search cost: it covers no branch, so its runs show as a
/// flat stretch at the end.
fn mutation_cost(report: &FunctionReport) -> String {
    let runs: Vec<&Point> = report
        .convergence
        .iter()
        .filter(|p| p.phase == MUTATION)
        .collect();
    match (runs.first(), runs.last()) {
        (Some(first), Some(last)) if runs.len() > 1 => format!(
            "Then the mutation analysis ran the function {} times in {}: its runs are not on \
             the x axis, and branches the tests it added cover beyond the search's show as its \
             rise at the end.",
            format_number((last.evaluations - first.evaluations) as f64),
            format_time(
                last.elapsed_ms - first.elapsed_ms,
                last.elapsed_ms - first.elapsed_ms
            ),
        ),
        _ => String::new(),
    }
}

/// The plots page: the crate's, then each function's.
pub fn page(run: &Run, files: &[File]) -> String {
    let mut body = String::from(
        "<p class=\"muted\">Branches of each function's own code covered by the inputs its \
         search found, against evaluations and against time, in all and by the phase of the \
         algorithm that covered them.</p>\n<h2>All functions</h2>\n",
    );
    body.push_str(&crate_figures(run));
    for (index, function) in run.functions.iter().enumerate() {
        let report = function.report;
        let anchor = source::anchor(report);
        let file = files.iter().find(|file| file.functions.contains(&index));
        let link = match file {
            Some(file) => format!(" <a href=\"{}#{anchor}\">source</a>", escape(&file.page)),
            None => String::new(),
        };
        let _ = writeln!(
            body,
            "<h3 id=\"{anchor}\">{}{link}</h3>",
            escape(&report.path)
        );
        body.push_str(&figures(
            &report.path,
            &[report.convergence.as_slice()],
            report.branch_count(),
            &mutation_cost(report),
        ));
    }
    page::page("Convergence", &body)
}

/// A round step for about five ticks up to `max`: 1, 2, 2.5 or 5 times a power of ten, and
/// at least 1 for what is counted (`whole`).
fn tick_step(max: f64, whole: bool) -> f64 {
    let raw = max / 5.0;
    let power = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 2.5, 5.0, 10.0]
        .iter()
        .map(|m| m * power)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * power);
    match whole {
        true => step.max(1.0).round(),
        false => step,
    }
}

/// The end of an axis that shows `value`: the first tick at or past it.
fn axis_max(value: f64, whole: bool) -> f64 {
    let step = tick_step(value, whole);
    (value / step).ceil() * step
}

/// The ticks from 0 to `max` (a value of [`axis_max`]).
fn ticks(max: f64, whole: bool) -> Vec<f64> {
    let step = tick_step(max, whole);
    let count = (max / step).round() as usize;
    (0..=count).map(|i| i as f64 * step).collect()
}

/// `12 500`, `0.5`: a tick's value without needless decimals.
fn format_number(value: f64) -> String {
    if value.fract() != 0.0 {
        return format!("{value:.1}");
    }
    let digits = format!("{value:.0}");
    let mut out = String::new();
    for (index, c) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index) % 3 == 0 {
            out.push('\u{202f}');
        }
        out.push(c);
    }
    out
}

/// Milliseconds as the scale of `max` reads best: `250 ms`, `1.5 s`.
fn format_time(ms: f64, max: f64) -> String {
    if max >= 2000.0 {
        let secs = ms / 1000.0;
        match secs.fract() {
            0.0 => format!("{secs:.0} s"),
            _ => format!("{secs:.1} s"),
        }
    } else if ms.fract() == 0.0 || ms >= 10.0 {
        format!("{ms:.0} ms")
    } else {
        format!("{ms:.1} ms")
    }
}
