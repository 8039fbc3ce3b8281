//! All terminal output: cargo-style status lines on stderr (a right-aligned verb, green when
//! stderr is a terminal), warnings and errors, and the live progress of long work
//! ([`progress`]), above which those lines are printed while it is shown.

mod eta;
mod progress;

use std::ffi::OsStr;
use std::io::IsTerminal;
use std::path::Path;
use std::sync::Mutex;

use indicatif::ProgressBar;

pub use progress::{Building, Searches};

/// The progress display on screen now, if any: lines are printed above it.
static SHOWN: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// Writes one status line, e.g. `   Searching triangle::classify`.
pub fn status(verb: &str, message: &str) {
    let verb = paint(&format!("{verb:>12}"), "32");
    emit(&format!("{verb} {message}\n"));
}

pub fn warning(message: &str) {
    let label = paint("warning", "33");
    emit(&format!("{label}: {message}\n"));
}

/// The last line of an interrupted run.
pub fn interrupted(signal: i32) {
    clear_progress();
    let label = paint("error", "31");
    eprintln!("{label}: interrupted by signal {signal}: stopped every process it had started");
}

pub fn error(message: &str) {
    let label = paint("error", "31");
    emit(&format!("{label}: {message}\n"));
}

/// Writes text as it is, such as the compiler's errors.
pub fn verbatim(text: &str) {
    emit(text);
}

/// A path as the user best reads it: relative to the current directory when inside it.
pub fn display_path(path: &Path) -> String {
    std::env::current_dir()
        .ok()
        .and_then(|dir| path.strip_prefix(dir).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf())
        .display()
        .to_string()
}

/// Whether output is in color: stderr is a terminal and `NO_COLOR` is not set.
pub fn colors() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// Whether to draw live progress: stderr is a terminal that can redraw a line. Elsewhere
/// (CI, pipes, tests) progress is plain status lines.
fn live() -> bool {
    live_on(
        std::io::stderr().is_terminal(),
        std::env::var_os("TERM").as_deref(),
    )
}

fn live_on(is_terminal: bool, term: Option<&OsStr>) -> bool {
    is_terminal && term != Some(OsStr::new("dumb"))
}

/// Removes the progress display, e.g. on Ctrl-C, so the shell's prompt starts on a clean line.
pub fn clear_progress() {
    if let Some(bar) = SHOWN.lock().ok().and_then(|mut shown| shown.take()) {
        bar.finish_and_clear();
    }
}

fn show(bar: &ProgressBar) {
    if let Ok(mut shown) = SHOWN.lock() {
        *shown = Some(bar.clone());
    }
}

/// Writes to stderr above the progress display. `eprint!` rather than a write to the handle,
/// so unit tests capture it.
///
/// Once a signal interrupted the run, nothing more is written: what fails then (killed
/// children, refused starts) is the interrupt, not news; [`interrupted`] says it once.
fn emit(text: &str) {
    if crate::process::interrupted().is_some() {
        return;
    }
    let write = || eprint!("{text}");
    match SHOWN.lock().ok().and_then(|shown| shown.clone()) {
        Some(bar) => bar.suspend(write),
        None => write(),
    }
}

fn paint(text: &str, color: &str) -> String {
    if colors() {
        format!("\x1b[1;{color}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_is_live_only_on_a_terminal_that_is_not_dumb() {
        assert!(live_on(true, Some(OsStr::new("xterm-256color"))));
        assert!(live_on(true, None));
        assert!(!live_on(true, Some(OsStr::new("dumb"))));
        assert!(!live_on(false, Some(OsStr::new("xterm-256color"))));
    }
}
