//! The search entry point behind each `#[symtest]` function's hidden test: reads its settings
//! from `SYMTEST_*` environment variables, runs the search, and streams JSON lines to a file.
//!
//! | variable | meaning | default |
//! |---|---|---|
//! | `SYMTEST_OUT` | file to write JSON lines to; without it the entry does nothing | — |
//! | `SYMTEST_SEED` | seed of the search | `0` |
//! | `SYMTEST_ALGORITHM` | `random`, `avm` or `ga` | `avm` |
//! | `SYMTEST_BUDGET_EVALS` | evaluations per target branch | `20000` |
//! | `SYMTEST_BUDGET_SECS` | seconds per target branch | `5` |
//! | `SYMTEST_STEP_BUDGET` | hooks and loop iterations per execution before a timeout | `100000` |
//! | `SYMTEST_SERENDIPITY` | `0` searches every branch on its own, ignoring accidental coverage | `1` |
//!
//! Lines are written and flushed as results arrive, so a crash loses nothing found before it:
//! one `function` line (the branch table and settings), an `input` line per archived input, a
//! `target` line per branch searched, and a final `done` line.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::time::Duration;

use serde_json::{Value as Json, json};

use crate::outcome::install_quiet_panic_hook;
use crate::search::archive::Entry;
use crate::search::driver::{self, Event, SearchConfig, Subject, TargetResult};
use crate::trace::{Branch, FunctionMeta};

/// Runs the search for one function if `SYMTEST_OUT` is set; otherwise returns at once, so
/// the hidden test is harmless in an ordinary `cargo test` of an instrumented build.
pub fn run_entry(subject: Subject) {
    let meta = subject.meta;
    let Some(out) = std::env::var_os("SYMTEST_OUT") else {
        return;
    };
    let config = match config_from_env(|name| std::env::var(name).ok()) {
        Ok(config) => config,
        Err(message) => panic!("symtest: {message}"),
    };
    let mut writer = match Lines::create(Path::new(&out)) {
        Ok(writer) => writer,
        Err(error) => panic!(
            "symtest: cannot write {}: {error}",
            Path::new(&out).display()
        ),
    };
    install_quiet_panic_hook();
    writer.write(&function_line(meta, &config));
    let report = driver::search(&subject, &config, &mut |event| match event {
        Event::NewInput(entry) => writer.write(&input_line(entry)),
        Event::TargetDone(result) => writer.write(&target_line(result)),
    });
    writer.write(&json!({
        "type": "done",
        "evaluations": report.evaluations,
        "elapsed_ms": millis(report.elapsed),
        "covered": report.archive.covered().len(),
        "branches": meta.branches().count(),
    }));
}

/// Reads the search settings through `var` (the environment, or a map in tests).
pub fn config_from_env(var: impl Fn(&str) -> Option<String>) -> Result<SearchConfig, String> {
    let mut config = SearchConfig::default();
    if let Some(seed) = var("SYMTEST_SEED") {
        config.seed = parse("SYMTEST_SEED", &seed)?;
    }
    if let Some(algorithm) = var("SYMTEST_ALGORITHM") {
        config.algorithm = algorithm.parse()?;
    }
    if let Some(evals) = var("SYMTEST_BUDGET_EVALS") {
        config.evaluations_per_target = parse("SYMTEST_BUDGET_EVALS", &evals)?;
    }
    if let Some(secs) = var("SYMTEST_BUDGET_SECS") {
        let secs: f64 = parse("SYMTEST_BUDGET_SECS", &secs)?;
        config.time_per_target = Duration::try_from_secs_f64(secs).map_err(|_| {
            format!("SYMTEST_BUDGET_SECS must be a non-negative number of seconds, not `{secs}`")
        })?;
    }
    if let Some(steps) = var("SYMTEST_STEP_BUDGET") {
        config.step_budget = parse("SYMTEST_STEP_BUDGET", &steps)?;
    }
    if let Some(serendipity) = var("SYMTEST_SERENDIPITY") {
        config.serendipity = match serendipity.as_str() {
            "1" => true,
            "0" => false,
            other => return Err(format!("SYMTEST_SERENDIPITY must be 0 or 1, not `{other}`")),
        };
    }
    Ok(config)
}

fn parse<T: std::str::FromStr>(name: &str, text: &str) -> Result<T, String> {
    text.trim()
        .parse()
        .map_err(|_| format!("{name} must be a number, not `{text}`"))
}

fn millis(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

fn branch_json(branch: Branch) -> Json {
    json!([branch.decision, branch.outcome])
}

fn function_line(meta: &FunctionMeta, config: &SearchConfig) -> Json {
    let decisions: Vec<Json> = meta
        .decisions
        .iter()
        .enumerate()
        .map(|(id, decision)| {
            json!({
                "id": id,
                "kind": decision.kind,
                "line": decision.line,
                "column": decision.column,
                "text": decision.text,
                "outcomes": decision.outcomes,
                "control": decision.control,
            })
        })
        .collect();
    json!({
        "type": "function",
        "name": meta.name,
        "path": meta.path(),
        "file": meta.file,
        "line": meta.line,
        "params": meta.params,
        "decisions": decisions,
        "loops": meta.loops,
        "seed": config.seed,
        "algorithm": config.algorithm.name(),
        "budget_evals": config.evaluations_per_target,
        "budget_secs": config.time_per_target.as_secs_f64(),
        "step_budget": config.step_budget,
        "serendipity": config.serendipity,
    })
}

fn input_line(entry: &Entry) -> Json {
    json!({
        "type": "input",
        "genes": entry.value,
        "args": entry.args,
        "covers": entry.covers.iter().copied().map(branch_json).collect::<Vec<_>>(),
        "new": entry.new.iter().copied().map(branch_json).collect::<Vec<_>>(),
        "outcome": entry.outcome,
        "evaluations": entry.evaluations,
        "elapsed_ms": millis(entry.elapsed),
    })
}

fn target_line(result: &TargetResult) -> Json {
    json!({
        "type": "target",
        "branch": branch_json(result.target),
        "covered": result.covered,
        "evaluations": result.evaluations,
        "elapsed_ms": millis(result.elapsed),
    })
}

/// A JSON-lines file, flushed after every line.
struct Lines {
    file: BufWriter<File>,
}

impl Lines {
    fn create(path: &Path) -> std::io::Result<Lines> {
        Ok(Lines {
            file: BufWriter::new(File::create(path)?),
        })
    }

    fn write(&mut self, line: &Json) {
        // A failing write cannot be reported anywhere better than the missing `done` line.
        let _ = writeln!(self.file, "{line}").and_then(|()| self.file.flush());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::driver::Algorithm;

    #[test]
    fn settings_come_from_the_environment_with_defaults() {
        let config = config_from_env(|name| match name {
            "SYMTEST_SEED" => Some("42".into()),
            "SYMTEST_ALGORITHM" => Some("ga".into()),
            "SYMTEST_BUDGET_SECS" => Some("0.5".into()),
            _ => None,
        })
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(config.seed, 42);
        assert_eq!(config.algorithm, Algorithm::Ga);
        assert_eq!(config.time_per_target, Duration::from_millis(500));
        assert_eq!(
            config.evaluations_per_target,
            SearchConfig::default().evaluations_per_target
        );
    }

    #[test]
    fn bad_settings_say_which_variable_is_wrong() {
        let error = config_from_env(|name| (name == "SYMTEST_BUDGET_EVALS").then(|| "lots".into()));
        assert_eq!(
            error,
            Err("SYMTEST_BUDGET_EVALS must be a number, not `lots`".into())
        );
        let error = config_from_env(|name| (name == "SYMTEST_ALGORITHM").then(|| "magic".into()));
        assert!(error.is_err_and(|e| e.contains("random, avm or ga")));
    }
}
