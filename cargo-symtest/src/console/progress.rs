//! The live display of long work: a spinner while cargo builds a package, a bar while the
//! functions are searched. Without a live terminal each is the plain status lines cargo
//! prints in CI: what starts and what finishes.

use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use super::eta;

/// How often a live display redraws by itself, for its spinner and clocks.
const TICK: Duration = Duration::from_millis(100);

const SEARCHES: &str = "{prefix:>12.cyan.bold} [{bar:25}] {pos}/{len} functions, {running} \
                        running, {clock} elapsed, {left}  {wide_msg:.dim}";

fn building(package: &str) -> String {
    format!(
        "{{prefix:>12.cyan.bold}} {package} {{spinner}} {{pos}} crates ready, {{clock}}  \
         {{wide_msg:.dim}}"
    )
}

/// Where live progress is drawn: stderr when it is a live terminal, else nowhere (plain
/// status lines are printed instead).
fn target() -> Option<ProgressDrawTarget> {
    super::live().then(ProgressDrawTarget::stderr)
}

/// The instrumented build of one package. The live spinner counts the crates cargo has
/// ready and names the one it is compiling; it disappears when dropped.
#[derive(Debug)]
pub struct Building {
    bar: Option<ProgressBar>,
}

impl Building {
    pub fn start(package: &str) -> Building {
        let Some(target) = target() else {
            super::status(
                "Compiling",
                &format!("{package} with symtest instrumentation"),
            );
            return Building { bar: None };
        };
        let bar = ProgressBar::with_draw_target(None, target);
        Building {
            bar: shown(bar, "Building", &building(package), |style| style),
        }
    }

    /// Cargo started compiling `name`.
    pub fn compiling(&self, name: &str) {
        if let Some(bar) = &self.bar {
            bar.set_message(format!("compiling {name}"));
        }
    }

    /// Cargo has `count` crates built or fresh.
    pub fn ready(&self, count: usize) {
        if let Some(bar) = &self.bar {
            bar.set_position(count as u64);
        }
    }
}

impl Drop for Building {
    fn drop(&mut self) {
        if self.bar.is_some() {
            super::clear_progress();
        }
    }
}

/// The searches of `total` functions, `workers` at a time. The live bar shows how many are
/// done, which are running, the time since the first started, and an estimate of the time
/// left ([`eta::estimate`]); it disappears when dropped.
#[derive(Debug)]
pub struct Searches {
    bar: Option<ProgressBar>,
    tracker: Arc<Mutex<Tracker>>,
}

impl Searches {
    pub fn start(total: usize, workers: usize) -> Searches {
        Searches::drawn_to(total, workers, target())
    }

    fn drawn_to(total: usize, workers: usize, target: Option<ProgressDrawTarget>) -> Searches {
        let tracker = Arc::new(Mutex::new(Tracker {
            total,
            workers,
            running: Vec::new(),
            finished: Vec::new(),
        }));
        let bar = target.and_then(|target| {
            let (for_running, for_left) = (tracker.clone(), tracker.clone());
            shown(
                ProgressBar::with_draw_target(Some(total as u64), target),
                "Searching",
                SEARCHES,
                move |style| {
                    style
                        .progress_chars("=> ")
                        .with_key(
                            "running",
                            move |_: &ProgressState, out: &mut dyn std::fmt::Write| {
                                let _ = write!(out, "{}", lock(&for_running).running.len());
                            },
                        )
                        .with_key(
                            "left",
                            move |_: &ProgressState, out: &mut dyn std::fmt::Write| {
                                let _ = out.write_str(&lock(&for_left).left(Instant::now()));
                            },
                        )
                },
            )
        });
        Searches { bar, tracker }
    }

    /// The search of function `index`, at `path`, started.
    pub fn started(&self, index: usize, path: &str) {
        let Some(bar) = &self.bar else {
            super::status("Searching", path);
            return;
        };
        let names = {
            let mut tracker = lock(&self.tracker);
            tracker
                .running
                .push((index, path.to_string(), Instant::now()));
            tracker.names()
        };
        bar.set_message(names);
    }

    /// The search of function `index` finished: `summary` says what it found.
    pub fn finished(&self, index: usize, summary: &str) {
        super::status("Searched", summary);
        let Some(bar) = &self.bar else { return };
        let names = {
            let mut tracker = lock(&self.tracker);
            if let Some(at) = tracker.running.iter().position(|(i, ..)| *i == index) {
                let (.., started) = tracker.running.remove(at);
                tracker.finished.push(started.elapsed());
            }
            tracker.names()
        };
        bar.inc(1);
        bar.set_message(names);
    }
}

impl Drop for Searches {
    fn drop(&mut self) {
        if self.bar.is_some() {
            super::clear_progress();
        }
    }
}

/// What the live bar knows about the searches, for the estimate and the names it shows.
#[derive(Debug)]
struct Tracker {
    total: usize,
    workers: usize,
    /// Function index, path, and when its search started.
    running: Vec<(usize, String, Instant)>,
    /// How long each finished search took.
    finished: Vec<Duration>,
}

impl Tracker {
    /// `~0:42 left`, or what stands instead before a search has finished.
    fn left(&self, now: Instant) -> String {
        let running: Vec<Duration> = self
            .running
            .iter()
            .map(|(.., started)| now.saturating_duration_since(*started))
            .collect();
        let queued = self
            .total
            .saturating_sub(self.finished.len() + self.running.len());
        match eta::estimate(&self.finished, &running, queued, self.workers) {
            Some(left) => format!("~{} left", eta::clock(left)),
            None => "estimating time left".to_string(),
        }
    }

    /// The functions being searched, in the order they started.
    fn names(&self) -> String {
        let names: Vec<&str> = self.running.iter().map(|(_, p, _)| p.as_str()).collect();
        names.join(", ")
    }
}

fn lock(tracker: &Mutex<Tracker>) -> MutexGuard<'_, Tracker> {
    tracker
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// `bar` styled by `template` (with a `{clock}` key for the elapsed time) and `customise`,
/// ticking and registered as the display lines go above; `None` (so plain lines are
/// printed instead) if the template is wrong.
fn shown(
    bar: ProgressBar,
    verb: &'static str,
    template: &str,
    customise: impl FnOnce(ProgressStyle) -> ProgressStyle,
) -> Option<ProgressBar> {
    let style = ProgressStyle::with_template(template).ok()?.with_key(
        "clock",
        |state: &ProgressState, out: &mut dyn std::fmt::Write| {
            let _ = out.write_str(&eta::clock(state.elapsed()));
        },
    );
    let bar = bar.with_style(customise(style)).with_prefix(verb);
    bar.enable_steady_tick(TICK);
    super::show(&bar);
    Some(bar)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tracker(total: usize, workers: usize) -> Tracker {
        Tracker {
            total,
            workers,
            running: Vec::new(),
            finished: Vec::new(),
        }
    }

    #[test]
    fn time_left_is_estimated_once_a_search_has_finished() {
        let now = Instant::now();
        let mut tracker = tracker(3, 2);
        assert_eq!(tracker.left(now), "estimating time left");
        tracker.finished.push(Duration::from_secs(10));
        tracker.running.push((1, "demo::g".into(), now));
        // One running with 10s to go, one queued on the idle worker.
        assert_eq!(tracker.left(now), "~0:10 left");
    }

    #[test]
    fn running_searches_are_named_in_the_order_they_started() {
        let now = Instant::now();
        let mut tracker = tracker(3, 2);
        tracker.running.push((2, "demo::h".into(), now));
        tracker.running.push((0, "demo::f".into(), now));
        assert_eq!(tracker.names(), "demo::h, demo::f");
    }

    #[test]
    fn the_live_bar_counts_finished_searches_and_names_running_ones() {
        let searches = Searches::drawn_to(3, 2, Some(ProgressDrawTarget::hidden()));
        searches.started(0, "demo::f");
        searches.started(1, "demo::g");
        searches.finished(0, "demo::f: a test of the live bar");
        let bar = searches.bar.clone().unwrap_or_else(|| panic!("no bar"));
        assert_eq!((bar.position(), bar.length()), (1, Some(3)));
        assert_eq!(bar.message(), "demo::g");
        let tracker = lock(&searches.tracker);
        assert_eq!(tracker.finished.len(), 1);
        assert_eq!(tracker.names(), "demo::g");
    }

    #[test]
    fn without_a_terminal_there_is_no_bar_to_track() {
        let searches = Searches::drawn_to(3, 2, None);
        searches.started(0, "demo::f");
        assert!(searches.bar.is_none());
        assert!(lock(&searches.tracker).running.is_empty());
    }

    #[test]
    fn the_templates_parse() {
        assert!(ProgressStyle::with_template(SEARCHES).is_ok());
        assert!(ProgressStyle::with_template(&building("demo")).is_ok());
    }
}
