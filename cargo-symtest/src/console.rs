//! All terminal output: cargo-style status lines on stderr (a right-aligned verb, green when
//! stderr is a terminal), warnings and errors.

use std::io::{IsTerminal, Write};

/// Writes one status line, e.g. `   Searching triangle::classify`.
pub fn status(verb: &str, message: &str) {
    line(verb, "32", message);
}

pub fn warning(message: &str) {
    let mut stderr = std::io::stderr().lock();
    let label = paint("warning", "33");
    let _ = writeln!(stderr, "{label}: {message}");
}

pub fn error(message: &str) {
    let mut stderr = std::io::stderr().lock();
    let label = paint("error", "31");
    let _ = writeln!(stderr, "{label}: {message}");
}

fn line(verb: &str, color: &str, message: &str) {
    let mut stderr = std::io::stderr().lock();
    let verb = paint(&format!("{verb:>12}"), color);
    let _ = writeln!(stderr, "{verb} {message}");
}

fn paint(text: &str, color: &str) -> String {
    if std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none() {
        format!("\x1b[1;{color}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}
