//! The callees a function's search aims at besides the function's own branches: the
//! instrumented functions of the crate it calls (annotated, or searched in an impl block), found
//! by running it on a few random inputs before the search. Those searched on their own in the
//! run (`cargo symtest` lists them in the file `SYMTEST_SEARCHED` names: the functions it
//! does not skip, and the methods of the call sequences it searches) have tests of their own:
//! their branches are on the path only, for DSE to negate along, not targets. What remains as
//! targets are the helpers symtest cannot search (a function taking a type it cannot build),
//! reached through their callers.
//!
//! The inputs come from a fixed seed, not the run's: a replay or a rerun of the search in
//! another process (how `cargo symtest` recovers from a crash) finds the same callees in the
//! same order, so every process numbers their decisions alike.

use std::sync::mpsc;
use std::time::Duration;

use rand::SeedableRng;

use crate::genes::pool::{Constant, Pool};
use crate::genes::random::{Rng, random_value_with};
use crate::genes::{Shape, Value};
use crate::record::combine::with_callees_on_path;
use crate::record::outcome::Outcome;
use crate::record::recorder;
use crate::record::subject::Subject;
use crate::record::templates::STok;
use crate::record::trace::FunctionMeta;

/// Most runs of the function that look for its callees.
const RUNS: usize = 64;

/// The runs stop after this many in a row found no new callee (a function without callees
/// runs this many times; a slow one is not run 64 times for nothing). The count depends on
/// the runs alone, so every process stops at the same run.
const FRUITLESS_RUNS: usize = 16;

/// Most callees one function's search takes on, in the order its runs first reach them.
const MAX_CALLEES: usize = 16;

/// How long one run may take before the runs stop: a function that hangs for an input (in
/// code no hook can stop) leaves that run behind, still spinning, and the search goes on with
/// the callees found before it, where it would have sat until killed.
const RUN_LIMIT: Duration = Duration::from_secs(1);

/// `subject` with the callees its runs reach added to its table (after its own decisions,
/// see `FunctionMeta::own_decisions`): a function's, or an impl block's sequences' (the
/// functions their calls call, other than the block's); `subject` as it is where
/// `SYMTEST_CALLEES=0`. The runs go through the subject's `exec`, which a
/// crash trail guards as it guards the search's (see `guarded`).
pub(super) fn with_callees_of(subject: Subject, step_budget: u64) -> Subject {
    let off = std::env::var("SYMTEST_CALLEES").as_deref() == Ok("0");
    if off || subject.skipped.is_some() {
        return subject;
    }
    let searched: Vec<String> = std::env::var_os("SYMTEST_SEARCHED")
        .and_then(|path| std::fs::read_to_string(path).ok())
        .map(|text| text.lines().map(str::to_string).collect())
        .unwrap_or_default();
    let is_searched = |callee: &&'static FunctionMeta| searched.contains(&callee.path());
    let runs = |patient: Option<Patient>| {
        let found = found(
            subject.meta,
            subject.shape.clone(),
            subject.exec,
            step_budget,
            patient,
        );
        found
            .into_iter()
            .filter(|callee| !callee.decisions.is_empty())
    };
    // Targets: the callees plain random inputs reach.
    let plain: Vec<_> = runs(None).collect();
    // Where random inputs do not reach a function of the crate that the function (or a
    // method of the block) calls by a plain path, the call is behind a condition: runs with
    // inputs drawn from the function's literals look for it (`Req::parse` calls
    // `Version::parse` on what follows a `">="`, while random sequences of `Req` reach only
    // `Version`'s methods), and those it finds that are searched on their own are on the path
    // only. Only for the calls the plain runs missed, until they are found, and only those:
    // with every callee it reached on its path, DSE would spend the search's budget there
    // (measured on the module benchmark: `glob::Paths`, with `fill_todo`, a walk of the file
    // system, on its path, covered 23 of 38 branches in its time instead of 32).
    let mut missing = invoked_in(subject.meta, Templates::All);
    missing.retain(|name| !plain.iter().any(|callee| named(callee, name)));
    // Where the plain runs found others, the patient ones stop as they do, after runs that
    // find nothing new: a name may be no instrumented function's (a constructor without
    // branches, another crate's function).
    let fruitless_stop = !plain.is_empty();
    // The searched callees the plain runs reach whose results a decision reads
    // (`if region(code) != 1`) are on the path too: DSE goes through them to the decision
    // (`dse::feeding_calls`). Not the others: `glob::Paths` calls `fill_todo`, a walk of the
    // file system, as a statement, and with it on the path its search ran out of time.
    let read = invoked_in(subject.meta, Templates::Decisions);
    let (searched_plain, mut callees): (Vec<_>, Vec<_>) = plain.into_iter().partition(is_searched);
    let reached =
        (searched_plain.into_iter()).filter(|callee| read.iter().any(|name| named(callee, name)));
    callees.truncate(MAX_CALLEES);
    let looked_for = missing.clone();
    let patient = (!missing.is_empty()).then(|| {
        let constants = subject.seeds();
        let patient = Patient {
            constants,
            missing,
            fruitless_stop,
        };
        runs(Some(patient)).collect::<Vec<_>>()
    });
    let found = (patient.into_iter().flatten())
        .filter(|callee| is_searched(callee) && looked_for.iter().any(|name| named(callee, name)));
    let mut on_path: Vec<_> = reached.chain(found).collect();
    on_path.truncate(MAX_CALLEES);
    let meta = with_callees_on_path(subject.meta, &callees, &on_path);
    Subject { meta, ..subject }
}

/// The names (last segments) of the functions the function (or a method of the block) calls
/// by a plain path in the `templates` its shadows model (`Version::parse(rest)?`, a `STok::Invoke` of
/// `parse`). A name may be the block's own method's as well (`Req::parse` calls
/// `Version::parse`): the runs look for any function of that name.
fn invoked_in(meta: &FunctionMeta, templates: Templates) -> Vec<&'static str> {
    let metas: Vec<&FunctionMeta> = match meta.members.is_empty() {
        true => vec![meta],
        false => meta.members.iter().map(|member| member.meta).collect(),
    };
    let mut names: Vec<&'static str> = Vec::new();
    for meta in &metas {
        let shadow = &meta.shadow;
        let defs = match templates {
            Templates::All => shadow.defs,
            Templates::Decisions => &[],
        };
        let defs = defs.iter().map(|def| def.value);
        let decisions = (shadow.decisions.iter()).flat_map(|d| d.outcomes.iter().copied());
        for token in defs.chain(decisions).flatten() {
            if let STok::Invoke(name, ..) = token
                && !names.contains(name)
            {
                names.push(name);
            }
        }
    }
    names
}

/// Which shadow templates [`invoked_in`] reads: the values of the locals and the decisions'
/// conditions, or the conditions only (calls whose results a decision reads).
#[derive(Clone, Copy)]
enum Templates {
    All,
    Decisions,
}

/// Whether `callee` is a function called `name` (`Version::parse` is `parse`).
fn named(callee: &FunctionMeta, name: &str) -> bool {
    callee.called_as() == name
}

/// Runs that look for the callees plain runs missed: their inputs are drawn from a pool of
/// the function's literals, and they go on until every one of `missing` (names) is found, or
/// (`fruitless_stop`) as plain runs do.
struct Patient {
    constants: Vec<Constant>,
    missing: Vec<&'static str>,
    fruitless_stop: bool,
}

/// The callees the runs of `exec` reach, in the order they first do: the runs go on in a
/// thread of their own, each reporting what it found, until [`RUNS`] are done,
/// [`FRUITLESS_RUNS`] in a row found nothing new, or one takes longer than [`RUN_LIMIT`].
/// `patient` runs stop once they found what they look for (and for fruitless ones only where
/// it says), and draw their inputs from the function's literals: what they look for hides
/// behind them.
fn found(
    meta: &'static FunctionMeta,
    shape: Shape,
    exec: fn(&Value, bool) -> Outcome,
    step_budget: u64,
    patient: Option<Patient>,
) -> Vec<&'static FunctionMeta> {
    let (constants, mut missing, stops) = match patient {
        Some(patient) => (
            Some(patient.constants),
            patient.missing,
            patient.fruitless_stop,
        ),
        None => (None, Vec::new(), true),
    };
    let patient = constants.is_some();
    let (sender, runs) = mpsc::channel();
    let spawned = std::thread::Builder::new()
        .name("symtest-callees".into())
        .spawn(move || {
            let mut rng = Rng::seed_from_u64(0x5eed_ca11);
            let pool = Pool::new(constants.as_deref().unwrap_or_default());
            for _ in 0..RUNS {
                let value = random_value_with(&shape, &pool, &mut rng);
                let (_, found) = recorder::discovering(|| {
                    recorder::record(meta, step_budget, || exec(&value, false))
                });
                if sender.send(found).is_err() {
                    return;
                }
            }
        });
    let mut callees: Vec<&'static FunctionMeta> = Vec::new();
    if spawned.is_err() {
        return callees;
    }
    let mut fruitless = 0;
    while let Ok(found) = runs.recv_timeout(RUN_LIMIT) {
        let before = callees.len();
        for callee in found {
            if !callees.iter().any(|seen| std::ptr::eq(*seen, callee)) {
                callees.push(callee);
                missing.retain(|name| !named(callee, name));
            }
        }
        fruitless = match callees.len() > before {
            true => 0,
            false => fruitless + 1,
        };
        if stops && fruitless == FRUITLESS_RUNS || patient && missing.is_empty() {
            break;
        }
    }
    callees
}
