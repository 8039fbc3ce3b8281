//! The log of an instrumented build: everything cargo writes to stderr (its status lines and
//! the diagnostics it renders) goes to a file under the symtest target directory instead of
//! the terminal; what the user sees is picked from it — the errors when the build fails, and
//! how many warnings were kept out of sight when it succeeds.

use std::fs::File;
use std::io::{BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

/// The build log of `package` being written.
#[derive(Debug)]
pub struct BuildLog {
    pub path: PathBuf,
    file: BufWriter<File>,
    /// The lines as cargo wrote them (in color when asked for), to show errors as they were.
    lines: Vec<String>,
}

impl BuildLog {
    /// Starts `target_dir/build-<package>.log` with the command that builds it.
    pub fn create(target_dir: &Path, package: &str, command: &[String]) -> Result<BuildLog> {
        std::fs::create_dir_all(target_dir)
            .with_context(|| format!("cannot create {}", target_dir.display()))?;
        let path = target_dir.join(format!("build-{package}.log"));
        let file = File::create(&path)
            .with_context(|| format!("cannot write the build log {}", path.display()))?;
        let mut log = BuildLog {
            path,
            file: BufWriter::new(file),
            lines: Vec::new(),
        };
        let _ = writeln!(
            log.file,
            "$ SYMTEST_INSTRUMENT=1 {}\n",
            shell_words(command)
        );
        Ok(log)
    }

    /// Copies cargo's stderr into the log, line by line as it comes, telling `on_line` each
    /// line without colors.
    pub fn read(&mut self, stderr: impl BufRead, mut on_line: impl FnMut(&str)) {
        for line in stderr.split(b'\n').map_while(std::io::Result::ok) {
            let line = String::from_utf8_lossy(&line).trim_end().to_string();
            let plain = strip_ansi(&line);
            let _ = writeln!(self.file, "{plain}");
            on_line(&plain);
            self.lines.push(line);
        }
    }

    /// Flushes the log to its file.
    pub fn finish(&mut self) -> Result<()> {
        self.file
            .flush()
            .with_context(|| format!("cannot write the build log {}", self.path.display()))
    }

    /// The errors, as cargo rendered them; every line when there is no error among them
    /// (cargo was killed, say), so a failure is never shown without its cause.
    pub fn errors(&self) -> String {
        let errors = error_lines(&self.lines);
        let shown: Vec<&str> = if errors.is_empty() {
            self.lines.iter().map(String::as_str).collect()
        } else {
            errors
        };
        shown.iter().map(|line| format!("{line}\n")).collect()
    }

    /// Whether the build failed on errors the compiler found in source code (an `error[E…]`
    /// or an error pointing at a line), rather than in linking or a build script: building
    /// the same source differently cannot fix those.
    pub fn source_errors(&self) -> bool {
        error_lines(&self.lines).iter().any(|line| {
            let plain = strip_ansi(line);
            plain.starts_with("error[E") || plain.trim_start().starts_with("--> ")
        })
    }

    /// Where each error diagnostic points (its first `--> file:line:col`), with its first line.
    pub fn error_sites(&self) -> Vec<ErrorSite> {
        let mut sites = Vec::new();
        let mut message: Option<String> = None;
        for line in error_lines(&self.lines) {
            let plain = strip_ansi(line);
            if plain.starts_with("error") {
                message = Some(plain.trim().to_string());
            } else if let Some(at) = plain.trim_start().strip_prefix("--> ")
                && let Some(message) = message.take()
                && let Some((file, line)) = file_and_line(at)
            {
                sites.push(ErrorSite {
                    file,
                    line,
                    message,
                });
            }
        }
        sites
    }

    /// How many warnings the compiler reported, as cargo's summaries count them.
    pub fn warnings(&self) -> usize {
        self.lines
            .iter()
            .filter_map(|line| warnings_in_summary(&strip_ansi(line)))
            .sum()
    }
}

/// Where an error of the compiler points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ErrorSite {
    /// As the compiler writes it: relative to the workspace root, or absolute.
    pub file: String,
    pub line: u32,
    /// The diagnostic's first line: `error[E0308]: mismatched types`.
    pub message: String,
}

/// `("src/lib.rs", 12)` from `src/lib.rs:12:5`.
fn file_and_line(location: &str) -> Option<(String, u32)> {
    let mut parts = location.trim().rsplitn(3, ':');
    let (_column, line, file) = (parts.next()?, parts.next()?, parts.next()?);
    Some((file.to_string(), line.parse().ok()?))
}

/// The crate a cargo status line says is being compiled: `   Compiling serde v1.0.0`.
pub fn compiling(plain: &str) -> Option<&str> {
    status_verb(plain)
        .filter(|&verb| verb == "Compiling")
        .and_then(|_| plain.split_whitespace().nth(1))
}

/// The lines of the error diagnostics among cargo's stderr lines: each starts at a line that
/// begins with `error` and runs until the next diagnostic or cargo status line.
fn error_lines(lines: &[String]) -> Vec<&str> {
    let mut shown = Vec::new();
    let mut in_error = false;
    for line in lines {
        let plain = strip_ansi(line);
        if plain.starts_with("error") {
            in_error = true;
        } else if plain.starts_with("warning") || status_verb(&plain).is_some() {
            in_error = false;
        }
        if in_error {
            shown.push(line.as_str());
        }
    }
    shown
}

/// The verb of a cargo status line: a capitalised word right-aligned to column 12.
fn status_verb(plain: &str) -> Option<&str> {
    let verb = plain.get(..12)?.trim_start();
    let aligned = plain.as_bytes().get(12) == Some(&b' ');
    let word = verb.chars().next().is_some_and(char::is_uppercase)
        && verb.chars().all(char::is_alphabetic);
    (aligned && word).then_some(verb)
}

/// `N` from cargo's `` warning: `demo` (lib test) generated N warnings ``.
fn warnings_in_summary(plain: &str) -> Option<usize> {
    let rest = plain.strip_prefix("warning: `")?;
    let (_, count) = rest.split_once(" generated ")?;
    let digits: String = count.chars().take_while(char::is_ascii_digit).collect();
    count[digits.len()..]
        .starts_with(" warning")
        .then(|| digits.parse().ok())
        .flatten()
}

/// `text` without ANSI escape sequences (colors, bold).
fn strip_ansi(text: &str) -> String {
    let mut plain = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\x1b' {
            plain.push(c);
            continue;
        }
        if chars.next() == Some('[') {
            // Parameters, then one final byte in `@`..=`~`.
            for c in chars.by_ref() {
                if ('@'..='~').contains(&c) {
                    break;
                }
            }
        }
    }
    plain
}

/// The command as a shell would take it back, for the log's first line.
fn shell_words(command: &[String]) -> String {
    let words: Vec<String> = command
        .iter()
        .map(|word| {
            if word.contains(|c: char| c.is_whitespace() || c == '\'') {
                format!("'{}'", word.replace('\'', r"'\''"))
            } else {
                word.clone()
            }
        })
        .collect();
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// cargo's stderr for a test build with a warning in a dependency and an error in the
    /// crate, colored as cargo writes it for a terminal.
    const FAILED: &str = "\
\x1b[1m\x1b[32m   Compiling\x1b[0m symtest-runtime v0.1.0 (/repo/symtest-runtime)
\x1b[1m\x1b[32m   Compiling\x1b[0m demo v0.1.0 (/tmp/demo)
\x1b[0m\x1b[1m\x1b[33mwarning\x1b[0m\x1b[0m\x1b[1m: unused variable: `y`\x1b[0m
 --> src/lib.rs:3:9
  |
3 |     let y = 1;
  |         ^ help: if this is intentional, prefix it with an underscore: `_y`

\x1b[0m\x1b[1m\x1b[38;5;9merror[E0277]\x1b[0m\x1b[0m\x1b[1m: cannot add `&str` to `i32`\x1b[0m
 --> src/lib.rs:5:7
  |
5 |     x + \"one\"
  |       ^ no implementation for `i32 + &str`

For more information about this error, try `rustc --explain E0277`.
\x1b[1m\x1b[33mwarning\x1b[0m\x1b[1m:\x1b[0m `demo` (lib test) generated 1 warning
\x1b[1m\x1b[31merror\x1b[0m\x1b[1m:\x1b[0m could not compile `demo` (lib test) due to 1 previous error; 1 warning emitted
";

    fn log_of(stderr: &str) -> (BuildLog, Vec<String>, tempfile::TempDir) {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let command = ["cargo".to_string(), "test".into(), "--manifest-path".into()];
        let mut log =
            BuildLog::create(dir.path(), "demo", &command).unwrap_or_else(|e| panic!("{e}"));
        let mut seen = Vec::new();
        log.read(stderr.as_bytes(), |plain| seen.push(plain.to_string()));
        log.finish().unwrap_or_else(|e| panic!("{e}"));
        (log, seen, dir)
    }

    #[test]
    fn the_log_file_keeps_every_line_without_colors_after_the_command() {
        let (log, seen, _dir) = log_of(FAILED);
        let text = std::fs::read_to_string(&log.path).unwrap_or_else(|e| panic!("{e}"));
        assert!(log.path.ends_with("build-demo.log"));
        assert!(text.starts_with("$ SYMTEST_INSTRUMENT=1 cargo test --manifest-path\n\n"));
        assert!(text.contains("\nwarning: unused variable: `y`\n"), "{text}");
        assert!(text.contains("\nerror[E0277]: cannot add `&str` to `i32`\n"));
        assert!(!text.contains('\x1b'));
        assert_eq!(seen.len(), FAILED.lines().count());
    }

    #[test]
    fn a_failed_build_shows_its_errors_in_full_in_color_and_no_warnings() {
        let (log, _, _dir) = log_of(FAILED);
        let errors = log.errors();
        let plain = strip_ansi(&errors);
        assert!(errors.contains("\x1b[38;5;9merror[E0277]"), "kept in color");
        assert!(
            plain.starts_with("error[E0277]: cannot add `&str` to `i32`\n --> src/lib.rs:5:7\n")
        );
        assert!(plain.contains("For more information about this error"));
        assert!(plain.ends_with(
            "could not compile `demo` (lib test) due to 1 previous error; 1 warning emitted\n"
        ));
        assert!(!plain.contains("unused variable"), "{plain}");
        assert!(!plain.contains("Compiling"), "{plain}");
        assert!(!plain.contains("generated 1 warning"), "{plain}");
    }

    #[test]
    fn each_error_is_placed_by_its_first_location() {
        let (log, _, _dir) = log_of(FAILED);
        assert_eq!(
            log.error_sites(),
            [ErrorSite {
                file: "src/lib.rs".into(),
                line: 5,
                message: "error[E0277]: cannot add `&str` to `i32`".into(),
            }]
        );
    }

    #[test]
    fn a_failure_without_errors_shows_everything_cargo_said() {
        let (log, _, _dir) = log_of("   Compiling demo v0.1.0\nKilled\n");
        assert_eq!(log.errors(), "   Compiling demo v0.1.0\nKilled\n");
    }

    #[test]
    fn an_error_block_runs_through_indented_build_script_output() {
        let stderr = "error: failed to run custom build command for `demo v0.1.0`\n\nCaused by:\n  \
                      --- stderr\n  Some text from build.rs\n    Finished `dev` profile\n";
        let (log, _, _dir) = log_of(stderr);
        let errors = log.errors();
        assert!(errors.contains("  Some text from build.rs\n"), "{errors}");
        assert!(!errors.contains("Finished"), "{errors}");
    }

    #[test]
    fn warnings_are_counted_from_cargos_summaries() {
        let (log, _, _dir) = log_of(FAILED);
        assert_eq!(log.warnings(), 1);
        let summaries = "warning: `a` (lib test) generated 12 warnings (3 duplicates)\n\
                         warning: `b` (lib) generated 1 warning\n\
                         warning: unused import: `std::fmt`\n";
        assert_eq!(log_of(summaries).0.warnings(), 13);
    }

    #[test]
    fn compiling_lines_name_their_crate_and_other_lines_do_not() {
        assert_eq!(compiling("   Compiling serde v1.0.0"), Some("serde"));
        assert_eq!(compiling("    Finished `test` profile"), None);
        assert_eq!(compiling("  Compiling is what build.rs said"), None);
        assert_eq!(compiling("error: Compiling"), None);
    }

    #[test]
    fn escapes_are_stripped_and_text_is_kept() {
        assert_eq!(strip_ansi("\x1b[1m\x1b[38;5;9merror\x1b[0m: x"), "error: x");
        assert_eq!(strip_ansi("naïve ✓"), "naïve ✓");
    }

    #[test]
    fn the_logged_command_quotes_words_with_spaces() {
        let command = [
            "cargo".to_string(),
            "/my dir/Cargo.toml".into(),
            "it's".into(),
        ];
        assert_eq!(
            shell_words(&command),
            r"cargo '/my dir/Cargo.toml' 'it'\''s'"
        );
    }
}
