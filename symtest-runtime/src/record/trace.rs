//! The static branch table of an instrumented function, and the thread-local recorder the
//! instrumentation hooks write one execution's trace into.

use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde::Serialize;

use crate::record::concolic::{Concolic, Probe};
use crate::record::distance::{Distances, K, normalize};
use crate::record::expr::Expr;

/// What `#[symtest]` knows statically about one function; emitted as a `static` next to it.
#[derive(Debug, Serialize)]
pub struct FunctionMeta {
    pub name: &'static str,
    pub module_path: &'static str,
    pub file: &'static str,
    pub line: u32,
    /// Parameter patterns as written, for reports and generated tests.
    pub params: &'static [&'static str],
    /// The return type as written (`()` when there is none).
    pub returns: &'static str,
    /// Decisions, indexed by their id.
    pub decisions: &'static [DecisionMeta],
    pub loops: &'static [LoopMeta],
    /// Path conditions for the enhanced fitness, one entry per branch that has any.
    #[serde(skip)]
    pub symbolic: crate::record::symbolic::PathTable,
    /// Shadow templates for concolic execution and the literals of the body.
    #[serde(skip)]
    pub shadow: super::templates::ShadowMeta,
}

impl FunctionMeta {
    /// `crate::module::name`.
    pub fn path(&self) -> String {
        format!("{}::{}", self.module_path, self.name)
    }

    /// Every branch (decision outcome) of the function, in id order.
    pub fn branches(&self) -> impl Iterator<Item = Branch> + '_ {
        self.decisions
            .iter()
            .enumerate()
            .flat_map(|(decision, meta)| {
                (0..meta.outcomes.len())
                    .filter(|&outcome| meta.compiled(outcome))
                    .map(move |outcome| Branch {
                        decision: decision as u32,
                        outcome: outcome as u32,
                    })
            })
    }
}

/// A decision: a point where execution takes one of several outcomes.
#[derive(Debug, Serialize)]
pub struct DecisionMeta {
    /// The syntax it comes from: `if`, `while`, `match`, `for`, `?`, …
    pub kind: &'static str,
    pub line: u32,
    pub column: u32,
    /// The predicate or pattern as written.
    pub text: &'static str,
    /// A name for each outcome (`true`/`false`, the arm patterns of a `match`, …).
    pub outcomes: &'static [&'static str],
    /// The branches (decision, outcome) this decision is directly control dependent on; empty
    /// when it runs whenever the function runs.
    pub control: &'static [(u32, u32)],
    /// Locals snapshotted when the decision runs, for the path conditions that start here.
    pub snapshot: &'static [&'static str],
    /// Whether each outcome is compiled in (a `match` arm under `#[cfg(..)]` may not be); empty
    /// when all are. An outcome that is not compiled in is no branch.
    pub compiled: &'static [bool],
}

impl DecisionMeta {
    /// Whether `outcome` is compiled into this build.
    pub fn compiled(&self, outcome: usize) -> bool {
        self.compiled.get(outcome).copied().unwrap_or(true)
    }
}

/// A loop and the decisions inside it.
#[derive(Debug, Serialize)]
pub struct LoopMeta {
    pub line: u32,
    /// The decision that controls iteration (`while`, `for`), if any.
    pub head: Option<u32>,
    pub decisions: &'static [u32],
}

/// One outcome of one decision: the unit of coverage and a search target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Branch {
    pub decision: u32,
    pub outcome: u32,
}

/// What one execution did at one decision.
#[derive(Clone, Debug, PartialEq)]
pub struct DecisionTrace {
    /// How often each outcome was taken.
    pub hits: Vec<u32>,
    /// The smallest distance to each outcome seen over all evaluations of the decision (0.0
    /// for outcomes taken; `f64::INFINITY` while the decision has not run).
    pub distances: Vec<f64>,
}

impl DecisionTrace {
    pub fn executed(&self) -> bool {
        self.hits.iter().any(|&hits| hits > 0)
    }
}

/// The trace of one execution of a function.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    pub decisions: Vec<DecisionTrace>,
    /// The locals each decision snapshotted the last time it ran (see
    /// [`DecisionMeta::snapshot`]); empty when it did not run or snapshots nothing.
    pub snapshots: Vec<Vec<Option<crate::record::symbolic::Num>>>,
    /// Hooks and loop iterations counted against the step budget.
    pub steps: u64,
}

impl Trace {
    pub fn new(meta: &FunctionMeta) -> Self {
        let decisions = meta
            .decisions
            .iter()
            .map(|decision| DecisionTrace {
                hits: vec![0; decision.outcomes.len()],
                distances: vec![f64::INFINITY; decision.outcomes.len()],
            })
            .collect();
        Trace {
            decisions,
            snapshots: vec![Vec::new(); meta.decisions.len()],
            steps: 0,
        }
    }

    /// Back to the state before any execution, keeping the allocations.
    fn reset(&mut self, meta: &FunctionMeta) {
        let fits = self.decisions.len() == meta.decisions.len()
            && self
                .decisions
                .iter()
                .zip(meta.decisions)
                .all(|(trace, decision)| trace.hits.len() == decision.outcomes.len());
        if !fits {
            *self = Trace::new(meta);
            return;
        }
        for decision in &mut self.decisions {
            decision.hits.fill(0);
            decision.distances.fill(f64::INFINITY);
        }
        for snapshot in &mut self.snapshots {
            snapshot.clear();
        }
        self.steps = 0;
    }

    pub fn covers(&self, branch: Branch) -> bool {
        self.hits(branch) > 0
    }

    pub fn hits(&self, branch: Branch) -> u32 {
        self.decisions
            .get(branch.decision as usize)
            .and_then(|decision| decision.hits.get(branch.outcome as usize))
            .copied()
            .unwrap_or(0)
    }

    /// The branches this execution took, in id order.
    pub fn covered(&self) -> impl Iterator<Item = Branch> + '_ {
        self.decisions
            .iter()
            .enumerate()
            .flat_map(|(decision, trace)| {
                trace
                    .hits
                    .iter()
                    .enumerate()
                    .filter(|(_, hits)| **hits > 0)
                    .map(move |(outcome, _)| Branch {
                        decision: decision as u32,
                        outcome: outcome as u32,
                    })
            })
    }

    /// Records that `decision` took `taken`, with the distance to every other outcome.
    fn record(&mut self, decision: u32, taken: usize, distance_to: impl Fn(usize) -> f64) {
        let Some(trace) = self.decisions.get_mut(decision as usize) else {
            return;
        };
        for (outcome, distance) in trace.distances.iter_mut().enumerate() {
            let new = if outcome == taken {
                0.0
            } else {
                distance_to(outcome)
            };
            if new < *distance {
                *distance = new;
            }
        }
        if let Some(hits) = trace.hits.get_mut(taken) {
            *hits = hits.saturating_add(1);
        }
    }
}

/// Panic payload that ends an execution which ran out of steps.
#[derive(Debug)]
pub struct StepBudgetExceeded;

struct Recorder {
    function: &'static FunctionMeta,
    trace: Trace,
    step_budget: u64,
    /// Distances of each arm, measured by the probe arm of a `match`, until an arm is taken.
    pending_arms: Vec<Option<Vec<Option<Distances>>>>,
    /// How far the most recent decision was from taking another outcome: when a loop is left
    /// early, this is how far the input was from staying in it.
    last_miss: f64,
    /// Shadows and path condition, in a concolic execution.
    concolic: Option<Box<Concolic>>,
}

impl Recorder {
    fn new(
        function: &'static FunctionMeta,
        trace: Trace,
        step_budget: u64,
        concolic: Option<Box<Concolic>>,
    ) -> Self {
        Recorder {
            function,
            trace,
            step_budget,
            pending_arms: Vec::new(),
            last_miss: f64::INFINITY,
            concolic,
        }
    }

    fn record(&mut self, decision: u32, taken: usize, distance_to: impl Fn(usize) -> f64) {
        let outcomes = self
            .trace
            .decisions
            .get(decision as usize)
            .map_or(0, |d| d.hits.len());
        self.last_miss = (0..outcomes)
            .filter(|&outcome| outcome != taken)
            .map(&distance_to)
            .fold(f64::INFINITY, f64::min);
        self.trace.record(decision, taken, distance_to);
        if let Some(concolic) = &mut self.concolic {
            concolic.record(decision, taken, outcomes);
        }
    }
}

thread_local! {
    static RECORDER: RefCell<Option<Recorder>> = const { RefCell::new(None) };
}

/// Runs `body` with recording on for `function` and returns its result with the trace.
///
/// Hooks of other instrumented functions that `body` calls are ignored. After `step_budget`
/// steps the next hook panics with [`StepBudgetExceeded`], which ends loops that never would.
pub fn record<R>(
    function: &'static FunctionMeta,
    step_budget: u64,
    body: impl FnOnce() -> R,
) -> (R, Trace) {
    let mut trace = Trace::new(function);
    let result = record_into(function, step_budget, &mut trace, body);
    (result, trace)
}

/// [`record`] into an existing trace, which is cleared first: a search records millions of
/// executions, and reusing one trace saves an allocation per decision per execution.
pub fn record_into<R>(
    function: &'static FunctionMeta,
    step_budget: u64,
    trace: &mut Trace,
    body: impl FnOnce() -> R,
) -> R {
    trace.reset(function);
    let recorder = Recorder::new(function, std::mem::take(trace), step_budget, None);
    let (result, recorder) = installed(recorder, body);
    if let Some(recorder) = recorder {
        *trace = recorder.trace;
    }
    result
}

/// [`record`] with shadows: also returns the path condition of the execution.
pub fn record_concolic<R>(
    function: &'static FunctionMeta,
    step_budget: u64,
    concolic: Concolic,
    body: impl FnOnce() -> R,
) -> (R, Trace, Concolic) {
    let trace = Trace::new(function);
    let recorder = Recorder::new(function, trace, step_budget, Some(Box::new(concolic)));
    let _running = ConcolicRun::start();
    let (result, recorder) = installed(recorder, body);
    let recorder = recorder.expect("the recorder installed above is still in place");
    let concolic = *recorder
        .concolic
        .expect("the concolic state installed above is still in place");
    (result, recorder.trace, concolic)
}

/// Runs `body` with `recorder` installed; returns its result and the recorder, taken out
/// again (the one active before is put back, even if the body unwinds).
fn installed<R>(recorder: Recorder, body: impl FnOnce() -> R) -> (R, Option<Recorder>) {
    let previous = RECORDER.with(|cell| cell.borrow_mut().replace(recorder));
    let mut restore = Restore {
        previous: Some(previous),
    };
    let result = body();
    (result, restore.finish())
}

/// Puts back the recorder that was active before [`record`], even if the body unwinds.
struct Restore {
    previous: Option<Option<Recorder>>,
}

impl Restore {
    fn finish(&mut self) -> Option<Recorder> {
        let previous = self.previous.take().flatten();
        RECORDER.with(|cell| std::mem::replace(&mut *cell.borrow_mut(), previous))
    }
}

impl Drop for Restore {
    fn drop(&mut self) {
        if self.previous.is_some() {
            self.finish();
        }
    }
}

/// Applies `f` to the recorder if it is recording `function`; counts one step.
fn with_recorder(function: &'static FunctionMeta, f: impl FnOnce(&mut Recorder)) {
    let exceeded = recorder_of(function, |recorder| {
        f(recorder);
        recorder.trace.steps += 1;
        recorder.trace.steps == recorder.step_budget.saturating_add(1)
    });
    // Panic only once per execution, and never while already unwinding (that would abort).
    if exceeded == Some(true) && !std::thread::panicking() {
        std::panic::panic_any(StepBudgetExceeded);
    }
}

/// `f` applied to the recorder if it is recording `function`, counting no step. Safe to call
/// from drop glue and while the thread's locals are torn down: it then does nothing.
fn recorder_of<R>(
    function: &'static FunctionMeta,
    f: impl FnOnce(&mut Recorder) -> R,
) -> Option<R> {
    RECORDER
        .try_with(|cell| {
            let mut cell = cell.try_borrow_mut().ok()?;
            let recorder = cell.as_mut()?;
            std::ptr::eq(recorder.function, function).then(|| f(recorder))
        })
        .ok()
        .flatten()
}

/// A two-way decision with measured distances; returns `outcome`.
pub fn branch(
    function: &'static FunctionMeta,
    decision: u32,
    outcome: bool,
    distances: Option<Distances>,
) -> bool {
    let distances = match distances {
        Some(distances) if distances.outcome() == outcome => distances,
        _ => Distances::opaque(outcome),
    };
    with_recorder(function, |recorder| {
        let taken = usize::from(!outcome);
        recorder.record(decision, taken, |other| {
            if other == 0 {
                distances.to_true
            } else {
                distances.to_false
            }
        });
    });
    outcome
}

/// Outcome `taken` of a decision whose distances cannot be measured (the others get K).
pub fn hit(function: &'static FunctionMeta, decision: u32, taken: usize) {
    with_recorder(function, |recorder| recorder.record(decision, taken, |_| K));
}

/// One loop iteration, counted against the step budget.
pub fn tick(function: &'static FunctionMeta) {
    with_recorder(function, |_| {});
}

/// A `for` loop was left after `iterations` items without running out of items (a `break`,
/// `return`, `?` or panic in its body). Records a distance to the loop's end (`outcome` of
/// `decision`) that orders such inputs lexicographically: more iterations first, then how
/// close the decision that left the loop was to staying in it. Counts no step.
pub fn loop_left(function: &'static FunctionMeta, decision: u32, outcome: usize, iterations: u64) {
    recorder_of(function, |recorder| {
        let distance = K + iteration_distance(iterations, normalize(recorder.last_miss));
        if let Some(trace) = recorder.trace.decisions.get_mut(decision as usize)
            && let Some(current) = trace.distances.get_mut(outcome)
            && distance < *current
        {
            *current = distance;
        }
    });
}

/// Maps (iterations, normalised miss) into (0, 1], decreasing in iterations and, for equal
/// iterations, increasing in the miss: `1/(n+2) + miss·(1/(n+1) − 1/(n+2))`.
pub fn iteration_distance(iterations: u64, miss: f64) -> f64 {
    let n = iterations as f64;
    let (upper, lower) = (1.0 / (n + 1.0), 1.0 / (n + 2.0));
    lower + miss.clamp(0.0, 1.0) * (upper - lower)
}

/// Decision `decision` is about to run: keeps the values of the locals its path conditions
/// use, replacing those of an earlier run. Counts no step.
pub fn snapshot(
    function: &'static FunctionMeta,
    decision: u32,
    values: &[Option<crate::record::symbolic::Num>],
) {
    if values.is_empty() {
        return;
    }
    recorder_of(function, |recorder| {
        if let Some(slot) = recorder.trace.snapshots.get_mut(decision as usize) {
            slot.clear();
            slot.extend_from_slice(values);
        }
    });
}

/// Concolic executions in progress in this process. Shadow hooks run in every execution of an
/// instrumented function; the code `#[symtest]` emits asks [`concolic`] first, so outside DSE
/// steps a hook costs one atomic load instead of a thread-local lookup (and its probes are
/// never built).
static CONCOLIC: AtomicUsize = AtomicUsize::new(0);

/// Whether a concolic execution may be running (on any thread: the hooks check it is theirs).
#[inline]
pub fn concolic() -> bool {
    CONCOLIC.load(Ordering::Relaxed) > 0
}

/// Counts a concolic execution for as long as it lives, unwinding included.
struct ConcolicRun;

impl ConcolicRun {
    fn start() -> Self {
        CONCOLIC.fetch_add(1, Ordering::Relaxed);
        ConcolicRun
    }
}

impl Drop for ConcolicRun {
    fn drop(&mut self) {
        CONCOLIC.fetch_sub(1, Ordering::Relaxed);
    }
}

/// `f` applied to the concolic state, if this is a concolic execution of `function`.
fn concolic_of<R>(
    function: &'static FunctionMeta,
    f: impl FnOnce(&mut Concolic) -> R,
) -> Option<R> {
    recorder_of(function, |recorder| recorder.concolic.as_deref_mut().map(f)).flatten()
}

/// Decision `decision` is about to run; `probes` gives the values its shadow templates use.
/// Does nothing (and probes nothing) outside a concolic execution. Counts no step.
pub fn shadow_at<P: AsRef<[Probe]>>(
    function: &'static FunctionMeta,
    decision: u32,
    probes: impl FnOnce() -> P,
) {
    concolic_of(function, |concolic| {
        concolic.shadow_at(decision, probes().as_ref())
    });
}

/// The shadow of a def's value, computed before its statement runs (the statement may move
/// the locals it reads).
#[derive(Debug)]
pub struct Pre(Option<Expr>);

impl Pre {
    /// For a def whose template reads a decision's slots.
    pub const NONE: Pre = Pre(None);
}

/// Before the statement of def `def`: its shadow from the values `probes` gives.
pub fn def_pre<P: AsRef<[Probe]>>(
    function: &'static FunctionMeta,
    def: u32,
    probes: impl FnOnce() -> P,
) -> Pre {
    Pre(concolic_of(function, |concolic| {
        concolic.def_pre(def, probes().as_ref())
    })
    .flatten())
}

/// After the statement of def `def`: its local holds `value`.
pub fn def(function: &'static FunctionMeta, def: u32, pre: Pre, value: impl FnOnce() -> Probe) {
    concolic_of(function, |concolic| concolic.def(def, pre.0, value()));
}

/// The probe arm of a `match` measured how far the scrutinee is from each arm's pattern.
pub fn match_probe(function: &'static FunctionMeta, decision: u32, arms: &[Option<Distances>]) {
    with_recorder(function, |recorder| {
        let index = decision as usize;
        if recorder.pending_arms.len() <= index {
            recorder.pending_arms.resize(index + 1, None);
        }
        recorder.pending_arms[index] = Some(arms.to_vec());
    });
}

/// Arm `taken` of a `match` was selected. The distance to another arm is how far its pattern
/// is from matching, plus — for arms after `taken` — how far `taken`'s pattern is from failing.
pub fn arm(function: &'static FunctionMeta, decision: u32, taken: usize) {
    with_recorder(function, |recorder| {
        // Not taken out: after a failed guard the match goes on to later arms, which are
        // measured against the same probe.
        let pending = recorder
            .pending_arms
            .get(decision as usize)
            .and_then(Clone::clone)
            .unwrap_or_default();
        let measured = |arm: usize| pending.get(arm).copied().flatten();
        let leave_taken = measured(taken).map_or(K, |d| d.to_false);
        recorder.record(decision, taken, |arm| {
            let reach = measured(arm).map_or(K, |d| d.to_true);
            if arm > taken {
                reach + leave_taken
            } else {
                reach
            }
        });
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    static META: FunctionMeta = FunctionMeta {
        name: "f",
        module_path: "demo",
        file: "src/lib.rs",
        line: 1,
        params: &["x"],
        returns: "()",
        decisions: &[
            DecisionMeta {
                kind: "if",
                line: 2,
                column: 8,
                text: "x > 3",
                outcomes: &["true", "false"],
                control: &[],
                snapshot: &[],
                compiled: &[],
            },
            DecisionMeta {
                kind: "match",
                line: 3,
                column: 5,
                text: "match",
                outcomes: &["1", "2..=5", "_"],
                control: &[],
                snapshot: &[],
                compiled: &[],
            },
        ],
        loops: &[],
        symbolic: crate::record::symbolic::PathTable::new(""),
        shadow: crate::record::templates::ShadowMeta::NONE,
    };

    static OTHER: FunctionMeta = FunctionMeta {
        name: "g",
        module_path: "demo",
        file: "src/lib.rs",
        line: 9,
        params: &[],
        returns: "()",
        decisions: &[],
        loops: &[],
        symbolic: crate::record::symbolic::PathTable::new(""),
        shadow: crate::record::templates::ShadowMeta::NONE,
    };

    #[test]
    fn minimum_distance_is_kept_across_loop_iterations() {
        let ((), trace) = record(&META, 100, || {
            branch(
                &META,
                0,
                false,
                Some(Distances {
                    to_true: 5.0,
                    to_false: 0.0,
                }),
            );
            branch(
                &META,
                0,
                false,
                Some(Distances {
                    to_true: 2.0,
                    to_false: 0.0,
                }),
            );
            branch(
                &META,
                0,
                false,
                Some(Distances {
                    to_true: 7.0,
                    to_false: 0.0,
                }),
            );
        });
        assert_eq!(trace.decisions[0].hits, vec![0, 3]);
        assert_eq!(trace.decisions[0].distances, vec![2.0, 0.0]);
        assert!(!trace.decisions[1].executed());
        assert_eq!(trace.steps, 3);
    }

    #[test]
    fn inconsistent_distances_fall_back_to_the_failure_constant() {
        let ((), trace) = record(&META, 100, || {
            branch(
                &META,
                0,
                true,
                Some(Distances {
                    to_true: 4.0,
                    to_false: 0.0,
                }),
            );
        });
        assert_eq!(trace.decisions[0].distances, vec![0.0, K]);
    }

    #[test]
    fn hooks_of_other_functions_are_ignored() {
        let ((), trace) = record(&META, 100, || {
            branch(&OTHER, 0, true, None);
            hit(&OTHER, 1, 0);
        });
        assert_eq!(trace, Trace::new(&META));
    }

    #[test]
    fn arm_distances_add_the_cost_of_leaving_the_taken_arm_for_later_arms() {
        let ((), trace) = record(&META, 100, || {
            match_probe(
                &META,
                1,
                &[
                    Some(Distances {
                        to_true: 0.0,
                        to_false: 1.0,
                    }),
                    Some(Distances {
                        to_true: 1.0,
                        to_false: 0.0,
                    }),
                    None,
                ],
            );
            arm(&META, 1, 0);
        });
        assert_eq!(trace.decisions[1].hits, vec![1, 0, 0]);
        assert_eq!(trace.decisions[1].distances, vec![0.0, 2.0, 2.0]);
    }

    #[test]
    fn step_budget_ends_the_execution_with_a_distinct_panic() {
        let result = std::panic::catch_unwind(|| {
            record(&META, 10, || {
                loop {
                    tick(&META);
                }
            })
        });
        let payload = result.expect_err("the budget must stop the loop");
        assert!(payload.is::<StepBudgetExceeded>());
    }

    #[test]
    fn leaving_a_loop_later_or_closer_to_staying_is_closer_to_its_end() {
        let left_after = |iterations, miss| {
            let ((), trace) = record(&META, 100, || {
                branch(
                    &META,
                    0,
                    false,
                    Some(Distances {
                        to_true: miss,
                        to_false: 0.0,
                    }),
                );
                loop_left(&META, 1, 2, iterations);
            });
            trace.decisions[1].distances[2]
        };
        assert!(
            left_after(3, 5.0) < left_after(2, 0.5),
            "more iterations win"
        );
        assert!(
            left_after(2, 0.5) < left_after(2, 5.0),
            "then the smaller miss"
        );
        assert!(left_after(0, 1e9) <= K + 1.0 && left_after(40, 0.0) > K);
        assert_eq!(iteration_distance(1, 1.0), 0.5);
        assert_eq!(iteration_distance(1, 0.0), iteration_distance(2, 1.0));
    }

    #[test]
    fn nothing_is_recorded_outside_an_execution() {
        assert!(branch(&META, 0, true, None));
        hit(&META, 0, 1);
        tick(&META);
    }
}
