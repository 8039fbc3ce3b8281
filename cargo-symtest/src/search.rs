//! Running one function's search in a child process — the instrumented test binary, filtered
//! to the function's hidden entry test — and turning what it wrote into a [`FunctionReport`],
//! surviving crashes, aborts and hangs of the code under test.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, Result, bail};

use crate::cargo::Entry;
use crate::console;
use crate::model::{self, Crash, FunctionLine, FunctionReport, Lines, Outcome, Settings, TestCase};
use crate::process::{self, Finished};
use crate::verify::{self, Dropped, Reran};

/// What to search with.
#[derive(Clone, Debug)]
pub struct Job {
    pub entry: Entry,
    pub settings: Settings,
    /// Wall-clock seconds the search may use.
    pub budget_secs: f64,
}

/// Runs one search with extra environment settings (an experiment's run) and returns what
/// it wrote; an error when the child did not finish, with how it ended.
pub fn run_raw(
    entry: &Entry,
    env: &[(&str, String)],
    out: &Path,
    limit: Duration,
) -> Result<Lines> {
    let mut command = entry_command(entry, out);
    for (name, value) in env {
        command.env(name, value);
    }
    let (lines, ended) = run_child(&mut command, out, limit);
    match (ended, &lines.done) {
        (End::Clean, Some(_)) => Ok(lines),
        (ended, _) => bail!("the search of {} {}", entry.path, ended.message()),
    }
}

/// The branch table and position of a function, without searching.
pub fn describe(entry: &Entry, scratch: &Path) -> Result<FunctionLine> {
    let out = scratch.join(format!("{}.describe.jsonl", file_stem(entry)));
    let mut command = entry_command(entry, &out);
    command.env("SYMTEST_DESCRIBE", "1");
    let finished = process::run(&mut command, Duration::from_secs(60))
        .with_context(|| format!("cannot run {}", entry.binary.executable.display()))?;
    let text = std::fs::read_to_string(&out).unwrap_or_default();
    match model::parse_lines(&text).function {
        Some(function) => Ok(function),
        None => bail!(
            "cannot start the search for {}: its test binary {}\n{}",
            entry.path,
            process::describe_end(&finished),
            finished.stderr.trim()
        ),
    }
}

/// Crashes one function's search survives: each crashing input is named, kept as a
/// reproducer and skipped by a fresh search; after this many, the inputs found make the tests.
const MAX_CRASHES: usize = 3;

/// Crashes under a mutant of the mutation analysis one search survives: each is skipped by a
/// fresh search, where it kills the mutant (a crashing test fails); no reproducer is kept,
/// since the program itself does not crash. After this many, the search runs once more
/// without the mutation analysis.
const MAX_MUTANT_CRASHES: usize = 3;

/// Runs the search and builds the report. When the process crashes (abort, stack overflow,
/// exit, out of memory), the search is run again with the same seed, writing each input to a
/// trail file before running it, so the next crash names its input; that input is kept as a
/// crash and skipped by the next run, up to [`MAX_CRASHES`]. A search that still did not
/// finish yields the inputs it found before: they are replayed in a fresh process to build the
/// suite (first with shrinking, then without, since shrinking may itself reach the crashing
/// input). The chosen tests are then run again in fresh processes ([`verify`]).
pub fn search(job: &Job, function: &FunctionLine, scratch: &Path) -> FunctionReport {
    let stem = file_stem(&job.entry);
    let out = scratch.join(format!("{stem}.jsonl"));
    let trail = scratch.join(format!("{stem}.trail.json"));
    let skip = scratch.join(format!("{stem}.skip.jsonl"));
    let limit = child_limit(job.budget_secs);
    let mut crashes: Vec<Crash> = Vec::new();
    let mut mutant_crashes = 0;
    let mut skipped: Vec<String> = Vec::new();
    let mut trailed = false;
    // A function that crashed the process is searched on its own branches from then on: its
    // callees are found by running it on random inputs before the search, which would crash
    // it again before the search finds an input (every process of it agrees on its table).
    let mut callees = true;
    let (lines, ended) = loop {
        let mut command = search_command(job, &out);
        if !callees {
            leave_out_callees(&mut command);
        }
        if mutant_crashes > MAX_MUTANT_CRASHES {
            command.env("SYMTEST_MUTANTS", "0");
        }
        if trailed {
            let _ = std::fs::remove_file(&trail);
            command.env("SYMTEST_TRAIL", &trail);
        }
        if !skipped.is_empty() {
            command.env("SYMTEST_SKIP", &skip);
        }
        let (lines, ended) = run_child(&mut command, &out, limit);
        let how = match &ended {
            End::Crashed(how) if lines.done.is_none() => how.clone(),
            _ => break (lines, ended),
        };
        if process::interrupted().is_some() || crashes.len() >= MAX_CRASHES {
            break (lines, ended);
        }
        callees = false;
        if !trailed {
            // The same seed runs the same search: this time the trail names the input.
            trailed = true;
            continue;
        }
        let Some(last) = last_input(&trail).filter(|last| !skipped.contains(&last.line)) else {
            break (lines, ended);
        };
        match last.under_mutant {
            true => {
                mutant_crashes += 1;
                if mutant_crashes > MAX_MUTANT_CRASHES {
                    console::warning(&format!(
                        "{}: left out the mutation analysis: more than {MAX_MUTANT_CRASHES} \
                         of its mutants crashed the process",
                        function.path
                    ));
                }
            }
            false => crashes.push(Crash {
                args: last.args,
                how,
            }),
        }
        skipped.push(last.line);
        if std::fs::write(&skip, skipped.join("\n")).is_err() {
            break (lines, ended);
        }
    };
    // The search's table has the callees it aimed at, which describing leaves out.
    let function = lines.function.as_ref().unwrap_or(function);
    let mut report = report_from(function, &job.settings, &lines);
    report.crashes = crashes;
    let mut test_lines = lines.test_lines.clone();
    if lines.done.is_none() {
        let found = lines.inputs.len();
        let how = ended.message();
        let replay = scratch.join(format!("{stem}.inputs.jsonl"));
        if found > 0 && std::fs::write(&replay, lines.inputs.join("\n")).is_ok() {
            for shrink in ["1", "0"] {
                let replay_out = scratch.join(format!("{stem}.replay{shrink}.jsonl"));
                let mut command = entry_command(&job.entry, &replay_out);
                if !callees {
                    leave_out_callees(&mut command);
                }
                command
                    .env("SYMTEST_REPLAY", &replay)
                    .env("SYMTEST_SHRINK", shrink)
                    .env("SYMTEST_SEED", job.settings.seed.to_string());
                if !skipped.is_empty() {
                    command.env("SYMTEST_SKIP", &skip);
                }
                let (replayed, _) = run_child(&mut command, &replay_out, limit);
                if replayed.done.is_some() {
                    report.tests = replayed.tests;
                    test_lines = replayed.test_lines;
                    break;
                }
            }
        }
        report.problem = Some(format!(
            "the search {how} after finding {found} covering input{}; tests come from those",
            if found == 1 { "" } else { "s" }
        ));
    }
    verify_tests(
        &job.entry,
        &function.returns,
        &mut report,
        test_lines,
        scratch,
        limit,
        callees,
    );
    report
}

/// The search of `job`, writing to `out`.
fn search_command(job: &Job, out: &Path) -> Command {
    let mut command = entry_command(&job.entry, out);
    command
        .env("SYMTEST_SEED", job.settings.seed.to_string())
        .env("SYMTEST_ALGORITHM", &job.settings.algorithm)
        .env("SYMTEST_FITNESS", &job.settings.fitness)
        .env("SYMTEST_CRITERION", &job.settings.criterion)
        .env(
            "SYMTEST_BUDGET_EVALS",
            job.settings.budget_evals.to_string(),
        )
        .env("SYMTEST_BUDGET_SECS", job.budget_secs.to_string());
    command
}

/// The last input a crashed search wrote to its trail.
struct LastInput {
    /// The line as written: it has the genes (and the mutant), for `SYMTEST_SKIP`.
    line: String,
    /// The arguments as Rust expressions.
    args: Vec<String>,
    /// Whether a mutant of the mutation analysis was switched on: then the crash is the
    /// mutant's, not the program's.
    under_mutant: bool,
}

fn last_input(trail: &Path) -> Option<LastInput> {
    let text = std::fs::read_to_string(trail).ok()?;
    let line = text.lines().next()?;
    let json: serde_json::Value = serde_json::from_str(line).ok()?;
    Some(LastInput {
        line: line.to_string(),
        args: serde_json::from_value(json["args"].clone()).ok()?,
        under_mutant: json["mutant"].is_string(),
    })
}

/// Runs the report's tests again in fresh processes, keeps those that end the same way every
/// time (asserting only values that were the same every time), and counts as covered only
/// what the kept tests cover; without callees where the search had none (`callees`).
fn verify_tests(
    entry: &Entry,
    returns: &str,
    report: &mut FunctionReport,
    test_lines: Vec<String>,
    scratch: &Path,
    limit: Duration,
    callees: bool,
) {
    let stem = file_stem(entry);
    let inputs = scratch.join(format!("{stem}.rerun.jsonl"));
    let out = scratch.join(format!("{stem}.reran.jsonl"));
    let tests = std::mem::take(&mut report.tests);
    let is_branch = |branch| report.is_code_branch(branch);
    let verified = verify::verify(tests, test_lines, is_branch, |lines| {
        if verify::write_rerun_file(&inputs, lines).is_err() {
            return Reran::default();
        }
        let mut command = entry_command(entry, &out);
        command.env("SYMTEST_RERUN", &inputs);
        if !callees {
            leave_out_callees(&mut command);
        }
        let _ = run_child(&mut command, &out, verify::rerun_limit(limit));
        Reran::parse(&std::fs::read_to_string(&out).unwrap_or_default())
    });
    report.tests = verified
        .tests
        .into_iter()
        .map(|test| lifted(test, returns))
        .collect();
    report.dropped = (verified.dropped.into_iter())
        .map(|(args, why)| {
            let reason = dropped_reason(report, &why);
            (args, reason)
        })
        .collect();
    report.set_covered();
}

/// Why a test is not written, as the warning says it after the call: `ended differently
/// from run to run (returned, panicked)`.
fn dropped_reason(report: &FunctionReport, why: &Dropped) -> String {
    match why {
        Dropped::Endings(endings) => format!("ended differently from run to run ({endings})"),
        Dropped::Unsettled { decision, witness } => {
            let place = match report.decisions.iter().find(|d| d.id == *decision) {
                Some(decision) => format!("line {} `{}`", decision.line, decision.text),
                None => format!("decision {decision}"),
            };
            format!(
                "reaches {place}, which {}({}) took different ways from run to run",
                report.name,
                witness.join(", ")
            )
        }
    }
}

/// The report of a function the child says cannot be searched ([`FunctionLine::skipped`]):
/// no tests, and the reason.
pub fn skipped(function: &FunctionLine) -> FunctionReport {
    let settings = Settings {
        seed: function.seed,
        algorithm: function.algorithm.clone(),
        budget_evals: function.budget_evals,
        fitness: crate::render::DEFAULT_FITNESS.to_string(),
        criterion: model::branch_criterion(),
    };
    report_from(function, &settings, &Lines::default())
}

fn report_from(function: &FunctionLine, settings: &Settings, lines: &Lines) -> FunctionReport {
    let mut report = FunctionReport {
        path: function.path.clone(),
        name: function.name.clone(),
        file: function.file.clone(),
        line: function.line,
        params: function.params.clone(),
        sequence: function.sequence,
        decisions: function.decisions.clone(),
        settings: settings.clone(),
        tests: lines.tests.clone(),
        covered: Vec::new(),
        outputs: Vec::new(),
        also: Vec::new(),
        boundaries: Vec::new(),
        paths: function.paths.clone(),
        fields: Vec::new(),
        mutants: lines.done.as_ref().and_then(|d| d.mutants),
        evaluations: lines.done.as_ref().map_or(0, |d| d.evaluations),
        elapsed_ms: lines.done.as_ref().map_or(0.0, |d| d.elapsed_ms),
        problem: None,
        timeouts: model::timeouts(&lines.inputs),
        dropped: Vec::new(),
        crashes: Vec::new(),
        skipped: function.skipped.clone(),
        left_out: function.left_out(),
        generic: function.generic.clone(),
        formats: function.formats,
        result: function.result.clone(),
        survivors: lines
            .done
            .as_ref()
            .map_or_else(Vec::new, |d| d.survivors.clone()),
        convergence: lines
            .done
            .as_ref()
            .map_or_else(Vec::new, |d| d.convergence.clone()),
    };
    report.set_covered();
    report
}

/// A returned value without a literal form, whose type has `PartialEq` and whose `Debug`
/// text reads as an expression of the declared type, gets that expression as its literal.
fn lifted(mut test: TestCase, returns: &str) -> TestCase {
    if let Outcome::Returned {
        literal: literal @ None,
        debug: Some(debug),
        comparable: true,
    } = &mut test.outcome
    {
        *literal = crate::lift::lift(debug, returns);
    }
    test
}

/// How a child ended.
#[derive(Debug)]
enum End {
    /// Exited with success.
    Clean,
    /// Crashed: a signal, an exit code other than 0, or a stack overflow; how, for messages.
    Crashed(String),
    /// Killed at its time limit, or could not be started.
    Stopped(String),
}

impl End {
    /// How it ended, for a message about a search that did not finish.
    fn message(&self) -> String {
        match self {
            End::Clean => "exited with code 0 before finishing".to_string(),
            End::Crashed(how) | End::Stopped(how) => how.clone(),
        }
    }
}

/// Runs a child and reads its lines, with how it ended.
fn run_child(command: &mut Command, out: &Path, limit: Duration) -> (Lines, End) {
    let _ = std::fs::remove_file(out);
    let finished = process::run(command, limit);
    let lines = model::parse_lines(&std::fs::read_to_string(out).unwrap_or_default());
    let ended = match &finished {
        Ok(Finished {
            status: Some(status),
            ..
        }) if status.success() => match lines.done {
            Some(_) => End::Clean,
            // `process::exit(0)` in the code under test.
            None => End::Crashed("exited with code 0".to_string()),
        },
        Ok(
            finished @ Finished {
                status: Some(_), ..
            },
        ) => End::Crashed(crash_message(finished)),
        Ok(finished) => End::Stopped(crash_message(finished)),
        Err(error) => End::Stopped(format!("could not start: {error}")),
    };
    (lines, ended)
}

/// What went wrong, with the panic message the test harness printed if there is one.
fn crash_message(finished: &Finished) -> String {
    let end = process::describe_end(finished);
    let panic = finished
        .stderr
        .lines()
        .skip_while(|line| !line.contains("panicked at"))
        .nth(1)
        .filter(|line| !line.trim().is_empty());
    match panic {
        Some(message) if finished.status.is_some() => format!("{end} ({})", message.trim()),
        _ => end,
    }
}

/// The test binary filtered to the function's entry test, writing to `out`.
/// The functions the described `functions` search on their own (not skipped), and the methods
/// their call sequences call, by path: what a search leaves out of the callees it aims at (see
/// `symtest_runtime::entry::callees`).
pub fn searched_on_their_own<'a>(functions: impl Iterator<Item = &'a FunctionLine>) -> Vec<String> {
    let mut searched = Vec::new();
    for function in functions.filter(|function| function.skipped.is_none()) {
        searched.push(function.path.clone());
        searched.extend(function.members.iter().cloned());
    }
    searched
}

/// The file listing the functions searched on their own, which every search process of this
/// run is given (`SYMTEST_SEARCHED`).
static SEARCHED: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// Tells every search process from now on to leave `searched` out of the callees it aims at.
pub fn leave_callees_alone(searched: &[String], scratch: &Path) -> Result<()> {
    let path = scratch.join("searched.txt");
    std::fs::write(&path, searched.join("\n"))
        .with_context(|| format!("cannot write {}", path.display()))?;
    let _ = SEARCHED.set(path);
    Ok(())
}

/// Where the search processes of this run work, when not where `cargo symtest` was started.
static WORKDIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();

/// Runs every search process from now on in `dir`: under `--auto`, every function is
/// searched, and one that writes or removes files by relative paths then does it in the copy
/// of the workspace, not in the user's.
pub fn work_in(dir: &Path) {
    let _ = WORKDIR.set(dir.to_path_buf());
}

/// Tells the child to search the function's own branches only: no callee is found by running
/// it before the search (see [`search`]).
fn leave_out_callees(command: &mut Command) {
    command.env("SYMTEST_CALLEES", "0");
}

fn entry_command(entry: &Entry, out: &Path) -> Command {
    let mut command = Command::new(&entry.binary.executable);
    if let Some(searched) = SEARCHED.get() {
        command.env("SYMTEST_SEARCHED", searched);
    }
    if let Some(dir) = WORKDIR.get() {
        command.current_dir(dir);
    }
    command
        .args([
            entry.test.as_str(),
            "--exact",
            "--test-threads=1",
            "--quiet",
        ])
        .env("SYMTEST_OUT", out)
        .env("SYMTEST_ENTRY", &entry.test)
        .env_remove("SYMTEST_INSTRUMENT")
        .env("RUST_BACKTRACE", "0");
    command
}

/// The child may run its search budget, then build the suite (shrinking runs the function a
/// few thousand times more): twice the budget plus a few seconds.
fn child_limit(budget_secs: f64) -> Duration {
    Duration::try_from_secs_f64(budget_secs * 2.0 + 5.0).unwrap_or(Duration::from_secs(3600))
}

/// A scratch-file name unique to the entry: the same function path can exist in a crate's
/// library and its binary, whose test executables differ.
fn file_stem(entry: &Entry) -> String {
    let binary = entry
        .binary
        .executable
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    format!("{binary}-{}", entry.test.replace("::", "-"))
}
