//! The search entry point behind each `#[symtest]` function's hidden test: reads its settings
//! from `SYMTEST_*` environment variables, runs the search, and streams JSON lines to a file.
//!
//! | variable | meaning | default |
//! |---|---|---|
//! | `SYMTEST_OUT` | file to write JSON lines to; without it the entry does nothing | — |
//! | `SYMTEST_SEED` | seed of the search | `0` |
//! | `SYMTEST_ALGORITHM` | `random`, `avm`, `ga`, `hybrid`, `hybrid-learned` or `dynamosa` | `hybrid` |
//! | `SYMTEST_FITNESS` | `standard` or `enhanced` (path conditions of *Symbolic Search Based Testing*) | `standard` |
//! | `SYMTEST_BUDGET_EVALS` | evaluations per target branch | `20000` |
//! | `SYMTEST_BUDGET_SECS` | seconds for the whole search of the function | `60` |
//! | `SYMTEST_TARGET_SECS` | seconds per target branch | `10` |
//! | `SYMTEST_STEP_BUDGET` | hooks and loop iterations per execution before a timeout | `100000` |
//! | `SYMTEST_SERENDIPITY` | `0` searches every branch on its own, ignoring accidental coverage | `1` |
//! | `SYMTEST_SHRINK` | `0` keeps chosen inputs as found instead of shrinking them | `1` |
//! | `SYMTEST_SUITE` | `0` skips building the test suite (experiments only need the search) | `1` |
//! | `SYMTEST_MUTANTS` | `0` skips the mutation analysis of the suite (and the tests it adds) | `1` |
//! | `SYMTEST_LIST` | set while the test binary lists its tests: entries that run before `main` ([`early`]) print their names | — |
//! | `SYMTEST_ENTRY` | the hidden test `cargo symtest` runs: an entry that runs before `main` searches when it is named | — |
//! | `SYMTEST_DESCRIBE` | set: write the `function` line only, no search | — |
//! | `SYMTEST_REPLAY` | file of `input` lines from an earlier run: build the suite from those inputs instead of searching | — |
//! | `SYMTEST_TRAIL` | file the input about to run is written to (one JSON line, rewritten before every execution, with the mutant switched on if any), so a crash of the process names its input | — |
//! | `SYMTEST_SKIP` | file of trail lines: inputs that crashed the process before (under the mutant the line names, if any), which count as running out of steps instead of being run | — |
//! | `SYMTEST_RERUN` | file of lines with `genes` (the `test` lines of a search): run each input twice and write a `rerun` line per input, no search | — |
//!
//! Lines are written and flushed as results arrive, so a crash loses nothing found before it:
//! one `function` line (the branch table and settings), an `input` line per archived input, a
//! `target` line per branch searched, a `test` line per test of the chosen suite, and a final
//! `done` line. With `SYMTEST_RERUN`, the `function` line is followed by one `rerun` line per
//! input (its two outcomes and the branches of the second run) and a final `reran` line: the
//! subcommand compares runs in separate processes, where hash seeds and addresses differ.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::{Value as Json, json};

use crate::genes::Value;
use crate::record::mutation::{Mutant, Mutation, Site};
use crate::record::outcome::install_quiet_panic_hook;
use crate::record::recorder;
use crate::record::subject::Subject;
use crate::record::trace::{Branch, Trace};
use crate::search::archive::Entry;
use crate::search::driver::{self, Event, SearchConfig, TargetResult};
use crate::search::mutation::{self, Survivor};
use crate::search::progress::{Phase, Point, Progress};
use crate::search::suite::{self, Candidate, TestCase};

mod callees;
pub mod early;

/// How the hidden tests of `#[symtest]` functions begin (`__symtest_entry_classify`); the
/// macro names them so.
const ENTRY_PREFIX: &str = "__symtest_entry_";

/// Runs the search for one function if `SYMTEST_OUT` is set; otherwise returns at once, so
/// the hidden test is harmless in an ordinary `cargo test` of an instrumented build.
pub fn run_entry(subject: Subject) {
    let Some(out) = std::env::var_os("SYMTEST_OUT") else {
        return;
    };
    let var = |name: &str| std::env::var(name).ok();
    let settings = config_from_env(var).and_then(|config| {
        let shrink =
            var("SYMTEST_SHRINK").map_or(Ok(true), |text| flag("SYMTEST_SHRINK", &text))?;
        Ok((config, shrink, var("SYMTEST_REPLAY")))
    });
    let (config, shrink, replay) = settings.unwrap_or_else(|message| panic!("symtest: {message}"));
    // Before any trace is made: a replay's inputs record their paths as the search's did.
    crate::record::path::enable(config.criterion == driver::Criterion::Path);
    crate::record::fields::enable(config.criterion.fields());
    crate::record::literal::write_in(subject.meta.module_path);
    let subject = guarded(subject, var("SYMTEST_TRAIL"), var("SYMTEST_SKIP"));
    let out = Path::new(&out);
    let mut writer = Lines::create(out)
        .unwrap_or_else(|error| panic!("symtest: cannot write {}: {error}", out.display()));
    install_quiet_panic_hook();
    // Describing runs nothing: finding the callees runs the function, which may hang or crash
    // before `cargo symtest` can tell which input did. The search's own line has them.
    if var("SYMTEST_DESCRIBE").is_some() || subject.skipped.is_some() {
        writer.write(&function_line(&subject, &config));
        return;
    }
    let subject = callees::with_callees_of(subject, config.step_budget);
    writer.write(&function_line(&subject, &config));
    if let Some(path) = var("SYMTEST_RERUN") {
        let values = read_values(Path::new(&path), None)
            .unwrap_or_else(|error| panic!("symtest: cannot rerun {path}: {error}"));
        rerun(&subject, config.step_budget, &values, &mut writer);
        return;
    }
    let started = Instant::now();
    let replaying = replay.is_some();
    let (candidates, evaluations, mut progress) = match replay {
        None => search(&subject, &config, &mut writer),
        Some(path) => {
            let values = read_values(Path::new(&path), Some("input"))
                .unwrap_or_else(|error| panic!("symtest: cannot replay {path}: {error}"))
                .into_iter()
                .flatten()
                .collect();
            let candidates = replayed(&subject, &config, values);
            let evaluations = candidates.len() as u64;
            (candidates, evaluations, Vec::new())
        }
    };
    let mut tests = if var("SYMTEST_SUITE").as_deref() == Some("0") {
        Vec::new()
    } else {
        suite::build(&subject, config.step_budget, &candidates, shrink)
    };
    for test in &tests {
        writer.write(&test_line(test));
    }
    // A mutant may hang where no hook can stop it (a loop in uninstrumented code): the suite
    // is written first, and a replay (how `cargo symtest` recovers from a killed search)
    // skips the analysis.
    let analyse = !tests.is_empty() && !replaying && var("SYMTEST_MUTANTS").as_deref() != Some("0");
    let chosen = tests.len();
    let analysed = started.elapsed();
    let score = analyse.then(|| {
        mutation::analyse(
            &subject,
            config.step_budget,
            &mut tests,
            &candidates,
            config.seed,
        )
    });
    for test in &tests[chosen..] {
        writer.write(&test_line(test));
    }
    // The analysis's points mark where it began and ended, its runs counted as evaluations,
    // and the branches the tests it added cover that the search's inputs did not.
    if let (Some(score), Some(last)) = (&score, progress.last().copied()) {
        let mut all: Vec<Branch> = (candidates.iter().flat_map(|c| c.covers.iter()))
            .chain(tests.iter().flat_map(|t| t.covers.iter()))
            .copied()
            .collect();
        all.sort();
        all.dedup();
        let own = Progress::own_branches(subject.meta, &all);
        progress.push(Point {
            phase: Phase::Mutation,
            evaluations,
            elapsed: analysed,
            covered: last.covered,
        });
        progress.push(Point {
            phase: Phase::Mutation,
            evaluations: evaluations + score.runs as u64,
            elapsed: started.elapsed(),
            covered: own.max(last.covered),
        });
    }
    let mut covered: Vec<Branch> = candidates
        .iter()
        .flat_map(|c| c.covers.iter().copied())
        .collect();
    covered.sort();
    covered.dedup();
    let own = subject.meta.own_decisions();
    writer.write(&json!({
        "type": "done",
        "evaluations": evaluations,
        "elapsed_ms": millis(started.elapsed()),
        "covered": covered.iter().copied().map(branch_json).collect::<Vec<_>>(),
        "branches": subject
            .meta
            .branches()
            .filter(|b| (b.decision as usize) < own && !subject.meta.is_output(b.decision))
            .count(),
        "mutants": score.as_ref().map(|score| json!({
            "total": score.total,
            "killed": score.killed,
            "added": score.added,
            "capped": score.capped,
        })),
        "survivors": score.map_or_else(Vec::new, |score| {
            score.survivors.iter().map(survivor_json).collect()
        }),
        "convergence": progress.iter().map(point_json).collect::<Vec<_>>(),
    }));
}

/// Searches, streaming inputs and targets as they come; returns the archive as candidates,
/// the evaluations and how coverage rose.
fn search(
    subject: &Subject,
    config: &SearchConfig,
    writer: &mut Lines,
) -> (Vec<Candidate>, u64, Vec<Point>) {
    // The branches of callees on the path only (see `Member::path`) are the search's business,
    // not the reports'.
    let reported = |branches: &[Branch]| subject.meta.reported(branches.iter().copied());
    let report = driver::search(subject, config, &mut |event| match event {
        Event::NewInput(entry) => {
            let new = reported(&entry.new);
            if !new.is_empty() || entry.new.is_empty() {
                writer.write(&input_line(entry, &reported(&entry.covers), &new));
            }
        }
        Event::TargetDone(result) => writer.write(&target_line(result)),
    });
    // An input kept only for a callee's branches on the path is no candidate; the first (the
    // simplest input, the one test of a function without branches) and those kept for how
    // they end (after the entries) always are.
    let entries = report.archive.entries().len();
    let candidates = (report.archive.all().enumerate())
        .filter_map(|(index, entry)| {
            let covers = reported(&entry.covers);
            let kept = index == 0 || index >= entries || entry.covers.is_empty();
            (kept || !covers.is_empty()).then(|| Candidate {
                value: entry.value.clone(),
                covers,
                outcome: entry.outcome.clone(),
            })
        })
        .collect();
    (candidates, report.evaluations, report.progress)
}

/// The genes of every line of type `kind` (of every line with `None`) of an earlier run's
/// output, from their exact form where the line has one; `None` for a line without readable
/// genes, so that positions stay those of the lines.
fn read_values(path: &Path, kind: Option<&str>) -> std::io::Result<Vec<Option<Value>>> {
    let text = std::fs::read_to_string(path)?;
    Ok(text
        .lines()
        .filter_map(|line| serde_json::from_str::<Json>(line).ok())
        .filter(|line| kind.is_none_or(|kind| line["type"] == kind))
        .map(|line| {
            from_exact(&line["exact"])
                .or_else(|| serde_json::from_value(line["genes"].clone()).ok())
        })
        .collect())
}

/// Genes in a form that reads back bit for bit: JSON numbers lose NaN and the infinities, and
/// a float parsed back may differ in its last bit.
fn exact(value: &Value) -> Json {
    match value {
        Value::Int(gene) => json!({ "int": gene.to_string() }),
        Value::Float(gene) => json!({ "bits": gene.to_bits() }),
        Value::List(items) => Json::Array(items.iter().map(exact).collect()),
    }
}

/// The genes in their serde form (`{"int": 5}`), except that an integer beyond `u64` (a
/// `u128` or `i128` input) is written as decimal text: a JSON number cannot carry it.
fn readable(value: &Value) -> Json {
    match value {
        Value::Int(gene) => match u64::try_from(*gene) {
            Ok(gene) => json!({ "int": gene }),
            Err(_) => json!({ "int": gene.to_string() }),
        },
        Value::Float(gene) => json!({ "float": gene }),
        Value::List(items) => json!({ "list": items.iter().map(readable).collect::<Vec<_>>() }),
    }
}

fn from_exact(json: &Json) -> Option<Value> {
    if let Some(items) = json.as_array() {
        return items
            .iter()
            .map(from_exact)
            .collect::<Option<_>>()
            .map(Value::List);
    }
    if let Some(bits) = json["bits"].as_u64() {
        return Some(Value::Float(f64::from_bits(bits)));
    }
    json["int"].as_str()?.parse().ok().map(Value::Int)
}

/// Runs each input twice, rendering what it returns and its arguments, and writes a `rerun`
/// line per input as soon as it is done, so a crash names the input it happened on (the first
/// one missing).
fn rerun(subject: &Subject, step_budget: u64, values: &[Option<Value>], writer: &mut Lines) {
    let mut trace = Trace::new(subject.meta);
    for (index, value) in values.iter().enumerate() {
        let Some(value) = value else {
            // Unreadable: no outcome to compare, but the positions of the others stay.
            writer.write(&json!({"type": "rerun", "index": index, "outcomes": [], "covers": []}));
            continue;
        };
        // Each pass's outcome and the branches it covered: a branch taken in one pass and not
        // the other tells which decision the input does not settle.
        let mut run = |pass: usize| {
            // A live allocation whose size differs by process and pass shifts where the
            // function's own allocations land, as another program (the test binary) does.
            let pad: Vec<u8> =
                Vec::with_capacity(1 + (std::process::id() as usize + pass * 97) % 512);
            let outcome = recorder::record_into(subject.meta, step_budget, &mut trace, || {
                (subject.exec)(value, true)
            });
            drop(pad);
            let covered = subject.meta.reported(trace.covered());
            let covers: Vec<Json> = covered.into_iter().map(branch_json).collect();
            (outcome, covers)
        };
        let (first, first_covers) = run(0);
        let (second, second_covers) = run(1);
        // A sequence's arguments as this process renders them: they carry what each call
        // returned, which a test asserts as it does the last call's. Rendering runs the calls
        // again, within the step budget.
        let args = subject.meta.is_sequence().then(|| {
            recorder::record_into(subject.meta, step_budget, &mut trace, || {
                (subject.render)(value)
            })
        });
        writer.write(&json!({
            "type": "rerun",
            "index": index,
            "outcomes": [first, second],
            "covers": [first_covers, second_covers],
            "args": args,
        }));
    }
    writer.write(&json!({"type": "reran", "count": values.len()}));
}

/// Runs each replayed input once to learn what it covers and how it ends.
fn replayed(subject: &Subject, config: &SearchConfig, values: Vec<Value>) -> Vec<Candidate> {
    let mut trace = Trace::new(subject.meta);
    values
        .into_iter()
        .map(|value| {
            let outcome =
                recorder::record_into(subject.meta, config.step_budget, &mut trace, || {
                    (subject.exec)(&value, false)
                });
            Candidate {
                covers: subject.meta.reported(trace.covered()),
                value,
                outcome,
            }
        })
        .collect()
}

/// What [`guarded_exec`] needs: the function's own `exec` and `render`, the trail file and
/// the inputs not to run. A static, because `Subject::exec` is a plain `fn`.
struct Guard {
    exec: fn(&Value, bool) -> crate::record::outcome::Outcome,
    render: fn(&Value) -> Vec<String>,
    trail: Option<File>,
    skip: Vec<Skipped>,
}

/// An input that crashed the process before: under one mutant of the mutation analysis
/// (`mutant` names it, as the trail does), or as the program is (`None`).
#[derive(PartialEq)]
struct Skipped {
    value: Value,
    mutant: Option<String>,
}

impl Skipped {
    fn read(path: &Path) -> std::io::Result<Vec<Skipped>> {
        let text = std::fs::read_to_string(path)?;
        Ok(text
            .lines()
            .filter_map(|line| serde_json::from_str::<Json>(line).ok())
            .filter_map(|line| {
                Some(Skipped {
                    value: from_exact(&line["exact"])?,
                    mutant: line["mutant"].as_str().map(str::to_string),
                })
            })
            .collect())
    }

    /// Whether running `value` now would run this input again: the same genes, and the same
    /// mutant switched on for a mutant's crash, or any for the program's own.
    fn matches(&self, value: &Value, mutant: Option<&str>) -> bool {
        self.value == *value && self.mutant.as_deref().is_none_or(|own| Some(own) == mutant)
    }
}

/// How the trail and the skip list name the mutant switched on (its `Debug` form, which is
/// the same in every process of one build).
fn active_mutant() -> Option<String> {
    crate::record::mutation::active().map(|mutant| format!("{mutant:?}"))
}

static GUARD: std::sync::Mutex<Option<Guard>> = std::sync::Mutex::new(None);

/// The subject with its `exec` behind [`guarded_exec`] when a trail or inputs to skip are
/// asked for; unchanged otherwise, so a search pays nothing for crashes that do not happen.
fn guarded(subject: Subject, trail: Option<String>, skip: Option<String>) -> Subject {
    if trail.is_none() && skip.is_none() {
        return subject;
    }
    let trail = trail.map(|path| {
        File::create(&path).unwrap_or_else(|error| panic!("symtest: cannot write {path}: {error}"))
    });
    let skip = skip.map_or_else(Vec::new, |path| {
        Skipped::read(Path::new(&path))
            .unwrap_or_else(|error| panic!("symtest: cannot read {path}: {error}"))
    });
    if let Ok(mut guard) = GUARD.lock() {
        *guard = Some(Guard {
            exec: subject.exec,
            render: subject.render,
            trail,
            skip,
        });
    }
    Subject {
        exec: guarded_exec,
        ..subject
    }
}

/// Writes the input (and the mutant switched on, if any) to the trail, then runs it — unless
/// it crashed the process before, when it counts as running out of steps: a crash under a
/// mutant kills the mutant, as it fails a test.
fn guarded_exec(value: &Value, capture: bool) -> crate::record::outcome::Outcome {
    use std::io::{Seek, SeekFrom};
    let exec = {
        let Ok(mut guard) = GUARD.lock() else {
            return crate::record::outcome::Outcome::Timeout;
        };
        let Some(guard) = guard.as_mut() else {
            return crate::record::outcome::Outcome::Timeout;
        };
        let mutant = active_mutant();
        if guard
            .skip
            .iter()
            .any(|skipped| skipped.matches(value, mutant.as_deref()))
        {
            return crate::record::outcome::Outcome::Timeout;
        }
        let line = json!({"exact": exact(value), "args": (guard.render)(value), "mutant": mutant});
        if let Some(file) = guard.trail.as_mut() {
            // The line ends with a newline, so a shorter one over a longer one reads whole.
            let text = format!("{line}\n");
            let _ = file
                .seek(SeekFrom::Start(0))
                .and_then(|_| file.write_all(text.as_bytes()));
        }
        guard.exec
    };
    exec(value, capture)
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
    if let Some(fitness) = var("SYMTEST_FITNESS") {
        config.fitness = fitness.parse()?;
    }
    if let Some(criterion) = var("SYMTEST_CRITERION") {
        config.criterion = criterion.parse()?;
    }
    if let Some(evals) = var("SYMTEST_BUDGET_EVALS") {
        config.evaluations_per_target = parse("SYMTEST_BUDGET_EVALS", &evals)?;
    }
    if let Some(secs) = var("SYMTEST_BUDGET_SECS") {
        config.time_limit = seconds("SYMTEST_BUDGET_SECS", &secs)?;
    }
    if let Some(secs) = var("SYMTEST_TARGET_SECS") {
        config.time_per_target = seconds("SYMTEST_TARGET_SECS", &secs)?;
    }
    if let Some(steps) = var("SYMTEST_STEP_BUDGET") {
        config.step_budget = parse("SYMTEST_STEP_BUDGET", &steps)?;
    }
    if let Some(serendipity) = var("SYMTEST_SERENDIPITY") {
        config.serendipity = flag("SYMTEST_SERENDIPITY", &serendipity)?;
    }
    Ok(config)
}

fn seconds(name: &str, text: &str) -> Result<Duration, String> {
    let secs: f64 = parse(name, text)?;
    Duration::try_from_secs_f64(secs)
        .map_err(|_| format!("{name} must be a non-negative number of seconds, not `{text}`"))
}

fn flag(name: &str, text: &str) -> Result<bool, String> {
    match text {
        "1" => Ok(true),
        "0" => Ok(false),
        other => Err(format!("{name} must be 0 or 1, not `{other}`")),
    }
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

/// The function's table: its own decisions, and its callees' after them, each of those with
/// the path of its function.
fn function_line(subject: &Subject, config: &SearchConfig) -> Json {
    let meta = subject.meta;
    let callees = crate::record::combine::callees_of(meta);
    let callee_of = |id: usize| {
        callees
            .iter()
            .rev()
            .find(|member| member.offset as usize <= id)
            .map(|member| member.meta.path())
    };
    // Callees on the path only are no part of what the reports describe.
    let decisions: Vec<Json> = meta
        .target_decision_metas()
        .iter()
        .enumerate()
        .map(|(id, decision)| {
            json!({
                "function": callee_of(id),
                "id": id,
                "kind": decision.kind,
                "line": decision.line,
                "column": decision.column,
                "text": decision.text,
                "outcomes": decision.outcomes,
                "compiled": decision.compiled,
                "boundary": decision.has_boundary(),
                "control": decision.control,
            })
        })
        .collect();
    let listed = meta.listed_paths();
    json!({
        "type": "function",
        "name": meta.name,
        "path": meta.path(),
        "file": meta.file,
        "line": meta.line,
        "params": meta.params,
        "returns": meta.returns,
        "sequence": meta.is_sequence(),
        "members": match meta.is_sequence() {
            true => (meta.members.iter())
                .filter(|member| !member.callee)
                .map(|member| member.meta.path())
                .collect(),
            false => Vec::new(),
        },
        "decisions": decisions,
        "loops": meta.loops,
        "seed": config.seed,
        "algorithm": config.algorithm.name(),
        "fitness": format!("{:?}", config.fitness).to_lowercase(),
        "criterion": config.criterion.name(),
        "paths": {"listed": listed.paths.len(), "capped": listed.capped},
        "budget_evals": config.evaluations_per_target,
        "budget_secs": config.time_limit.as_secs_f64(),
        "step_budget": config.step_budget,
        "serendipity": config.serendipity,
        "skipped": subject.skipped,
        "generic": subject.generic.map(|generic| json!({
            "turbofish": generic.turbofish,
            "types": generic.types,
            "self_type": generic.self_type,
        })),
        "formats": subject.formats,
        "result": subject.result,
        "left_out": subject
            .left_out
            .iter()
            .map(|(name, reason)| json!({"name": name, "reason": reason}))
            .collect::<Vec<_>>(),
    })
}

fn input_line(entry: &Entry, covers: &[Branch], new: &[Branch]) -> Json {
    json!({
        "type": "input",
        "genes": readable(&entry.value),
        "exact": exact(&entry.value),
        "args": entry.args,
        "covers": covers.iter().copied().map(branch_json).collect::<Vec<_>>(),
        "new": new.iter().copied().map(branch_json).collect::<Vec<_>>(),
        "outcome": entry.outcome,
        "evaluations": entry.evaluations,
        "elapsed_ms": millis(entry.elapsed),
    })
}

fn test_line(test: &TestCase) -> Json {
    json!({
        "type": "test",
        "genes": readable(&test.value),
        "exact": exact(&test.value),
        "args": test.args,
        "covers": test.covers.iter().copied().map(branch_json).collect::<Vec<_>>(),
        "outcome": test.outcome,
        "deterministic": test.deterministic,
        "fields": test.fields.iter().map(|(b, label)| json!([b.outcome, label])).collect::<Vec<_>>(),
    })
}

fn point_json(point: &Point) -> Json {
    json!({
        "phase": point.phase.name(),
        "evaluations": point.evaluations,
        "elapsed_ms": millis(point.elapsed),
        "covered": point.covered,
    })
}

/// A surviving mutant: its site (a decision of the table, or an arithmetic operator by its
/// function and index), the kind of change, and the operators or value it swaps.
fn survivor_json(survivor: &Survivor) -> Json {
    let Mutant { site, mutation } = survivor.mutant;
    let (kind, to) = match mutation {
        Mutation::Replace(op) => ("replace", json!(op.symbol())),
        Mutation::Shift(by) => ("shift", json!(by)),
        Mutation::Always(value) => ("always", json!(value)),
        Mutation::Junction => ("junction", Json::Null),
        Mutation::Arith(op) => ("arith", json!(op.symbol())),
    };
    let site = match site {
        Site::Decision(id) => json!({ "decision": id }),
        Site::Operator { function, index } => json!({ "operator": [function, index] }),
    };
    json!({"site": site, "kind": kind, "from": survivor.original, "to": to})
}

fn target_line(result: &TargetResult) -> Json {
    json!({
        "type": "target",
        "branch": branch_json(result.target),
        "covered": result.covered,
        "evaluations": result.evaluations,
        "elapsed_ms": millis(result.elapsed),
        "solver": {
            "solved": result.solver.solved,
            "succeeded": result.solver.succeeded,
            "skipped": result.solver.skipped,
        },
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
            "SYMTEST_TARGET_SECS" => Some("0.5".into()),
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
    fn readable_genes_are_the_serde_form_with_wide_integers_as_text() {
        let value = Value::List(vec![
            Value::Int(7),
            Value::Int(u128::from(u64::MAX) + 1),
            Value::Float(-1.5),
            Value::List(vec![]),
        ]);
        assert_eq!(
            readable(&value),
            json!({"list": [
                {"int": 7},
                {"int": "18446744073709551616"},
                {"float": -1.5},
                {"list": []},
            ]})
        );
        let small = Value::List(vec![Value::Int(3), Value::Float(0.25)]);
        assert_eq!(
            readable(&small),
            serde_json::to_value(&small).expect("genes within u64 serialize")
        );
    }

    #[test]
    fn exact_genes_read_back_bit_for_bit() {
        let value = Value::List(vec![
            Value::Float(f64::NEG_INFINITY),
            Value::Float(f64::from_bits(0x7ff8_0000_dead_beef)),
            Value::Float(2.225073858507201e-308),
            Value::Int(u128::MAX),
        ]);
        let read = from_exact(&exact(&value)).map(|read| exact(&read));
        assert_eq!(read, Some(exact(&value)));
        assert_eq!(
            from_exact(&json!([{"bits": 1}, {"int": "340282366920938463463374607431768211455"}])),
            Some(Value::List(vec![
                Value::Float(5e-324),
                Value::Int(u128::MAX)
            ]))
        );
    }

    #[test]
    fn a_survivor_names_its_site_and_the_operators_it_swaps() {
        use crate::record::distance::CmpOp;
        let replaced = Survivor {
            mutant: Mutant {
                site: Site::Decision(3),
                mutation: Mutation::Replace(CmpOp::Ge),
            },
            original: Some(">"),
        };
        assert_eq!(
            survivor_json(&replaced),
            json!({"site": {"decision": 3}, "kind": "replace", "from": ">", "to": ">="})
        );
        let forced = Survivor {
            mutant: Mutant {
                site: Site::Operator {
                    function: 1,
                    index: 2,
                },
                mutation: Mutation::Always(true),
            },
            original: None,
        };
        assert_eq!(
            survivor_json(&forced),
            json!({"site": {"operator": [1, 2]}, "kind": "always", "from": null, "to": true})
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
        assert!(
            error.is_err_and(|e| e.contains("random, avm, ga, hybrid, hybrid-learned or dynamosa"))
        );
    }
}
