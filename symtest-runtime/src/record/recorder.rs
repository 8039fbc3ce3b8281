//! The thread-local recorder the instrumentation hooks write one execution's trace into, and
//! the hooks' entry points into it.
//!
//! One recorder lives per thread for the thread's lifetime; a recording lends it a trace and
//! takes the trace back when the execution ends. A search records millions of executions, so
//! starting and ending one moves a few words, never the recorder.

use std::cell::RefCell;

use crate::record::concolic::Concolic;
use crate::record::distance::{CmpOp, Distances, K, Relation, normalize};
use crate::record::mutation::{self, ArithOp, Site, Swap};
use crate::record::trace::{FunctionMeta, Trace};

mod shadows;

use shadows::{ConcolicRun, made_decision};
pub use shadows::{
    Entered, Pre, argument, argument_at, concolic, def, def_pre, entered, following_argument,
    frame, receiver, returned, shadow_at,
};

/// Panic payload that ends an execution which ran out of steps.
#[derive(Debug)]
pub struct StepBudgetExceeded;

struct Recorder {
    /// The function being recorded; `None` between executions.
    function: Option<&'static FunctionMeta>,
    trace: Trace,
    step_budget: u64,
    /// Distances of each arm, measured by the probe arm of a `match`, until an arm is taken
    /// (indexed by decision; empty where no probe ran in this execution).
    pending_arms: Vec<Vec<Option<Distances>>>,
    /// How far the most recent decision was from taking another outcome: when a loop is left
    /// early, this is how far the input was from staying in it.
    last_miss: f64,
    /// Shadows and path condition, in a concolic execution.
    concolic: Option<Box<Concolic>>,
    /// An argument is being made (see [`argument`]): the hooks record nothing into the trace,
    /// and only the shadows follow.
    quiet: bool,
}

impl Recorder {
    const IDLE: Recorder = Recorder {
        function: None,
        trace: Trace::EMPTY,
        step_budget: 0,
        pending_arms: Vec::new(),
        last_miss: f64::INFINITY,
        concolic: None,
        quiet: false,
    };

    fn record(&mut self, decision: u32, taken: usize, distance_to: impl Fn(usize) -> f64) {
        let outcomes = self.trace.outcome_count(decision);
        self.last_miss = (0..outcomes)
            .filter(|&outcome| outcome != taken)
            .map(&distance_to)
            .fold(f64::INFINITY, f64::min);
        self.trace.record(decision, taken, distance_to);
        if let Some(concolic) = &mut self.concolic {
            concolic.record(decision, taken, outcomes);
        }
    }

    /// [`record`](Self::record) for a two-way decision, the other outcome at `miss`.
    #[inline]
    fn record_two_way(&mut self, decision: u32, taken: usize, miss: f64) {
        self.last_miss = miss;
        self.trace.record_two_way(decision, taken, miss);
        if let Some(concolic) = &mut self.concolic {
            concolic.record(decision, taken, 2);
        }
    }
}

thread_local! {
    static RECORDER: RefCell<Recorder> = const { RefCell::new(Recorder::IDLE) };
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
/// executions, and reusing one trace saves its allocations.
pub fn record_into<R>(
    function: &'static FunctionMeta,
    step_budget: u64,
    trace: &mut Trace,
    body: impl FnOnce() -> R,
) -> R {
    let mut session = Session::begin(function, step_budget, trace, None);
    let result = body();
    session.end();
    result
}

/// [`record`] with shadows: also returns the path condition of the execution.
pub fn record_concolic<R>(
    function: &'static FunctionMeta,
    step_budget: u64,
    concolic: Concolic,
    body: impl FnOnce() -> R,
) -> (R, Trace, Concolic) {
    let mut trace = Trace::new(function);
    let _running = ConcolicRun::start();
    let (result, concolic) = {
        let concolic = Some(Box::new(concolic));
        let mut session = Session::begin(function, step_budget, &mut trace, concolic);
        let result = body();
        (result, session.end())
    };
    let concolic = concolic.expect("the concolic state lent to the recording comes back with it");
    (result, trace, *concolic)
}

/// One recording: lends `trace` (cleared) to the thread's recorder, and on [`end`] — or when
/// the body unwinds — takes it back and restores what the recorder held before (nothing,
/// unless a recording runs inside another's body).
///
/// [`end`]: Session::end
struct Session<'t> {
    trace: &'t mut Trace,
    /// The recorder's state before this recording; `None` once ended.
    saved: Option<Saved>,
}

/// The part of the recorder a recording replaces.
struct Saved {
    function: Option<&'static FunctionMeta>,
    step_budget: u64,
    last_miss: f64,
    concolic: Option<Box<Concolic>>,
    quiet: bool,
    /// Only taken when a recording was already running; otherwise the arms are cleared in
    /// place, keeping their allocations.
    pending_arms: Option<Vec<Vec<Option<Distances>>>>,
}

impl<'t> Session<'t> {
    fn begin(
        function: &'static FunctionMeta,
        step_budget: u64,
        trace: &'t mut Trace,
        concolic: Option<Box<Concolic>>,
    ) -> Self {
        trace.reset(function);
        let saved = RECORDER.with(|cell| {
            let mut recorder = cell.borrow_mut();
            let recorder = &mut *recorder;
            std::mem::swap(&mut recorder.trace, trace);
            let pending_arms = if recorder.function.is_some() {
                Some(std::mem::take(&mut recorder.pending_arms))
            } else {
                recorder.pending_arms.iter_mut().for_each(Vec::clear);
                None
            };
            Saved {
                function: recorder.function.replace(function),
                step_budget: std::mem::replace(&mut recorder.step_budget, step_budget),
                last_miss: std::mem::replace(&mut recorder.last_miss, f64::INFINITY),
                concolic: std::mem::replace(&mut recorder.concolic, concolic),
                quiet: std::mem::replace(&mut recorder.quiet, false),
                pending_arms,
            }
        });
        Session {
            trace,
            saved: Some(saved),
        }
    }

    /// Takes the trace back and restores the recorder; returns the recording's concolic state.
    fn end(&mut self) -> Option<Box<Concolic>> {
        let saved = self.saved.take()?;
        // While the thread's locals are torn down there is nothing to give back.
        RECORDER
            .try_with(|cell| {
                let mut recorder = cell.borrow_mut();
                let recorder = &mut *recorder;
                std::mem::swap(&mut recorder.trace, self.trace);
                self.trace.finish();
                recorder.function = saved.function;
                recorder.step_budget = saved.step_budget;
                recorder.last_miss = saved.last_miss;
                recorder.quiet = saved.quiet;
                if let Some(pending_arms) = saved.pending_arms {
                    recorder.pending_arms = pending_arms;
                }
                std::mem::replace(&mut recorder.concolic, saved.concolic)
            })
            .ok()
            .flatten()
    }
}

impl Drop for Session<'_> {
    fn drop(&mut self) {
        self.end();
    }
}

/// Applies `f` to the recorder if it is recording `function` (see [`recorder_of`]); counts one
/// step.
fn with_recorder(function: &'static FunctionMeta, f: impl FnOnce(&mut Recorder, u32)) {
    let exceeded = recorder_of(function, |recorder, offset| {
        if recorder.quiet {
            return false;
        }
        f(recorder, offset);
        recorder.trace.steps += 1;
        recorder.trace.steps == recorder.step_budget.saturating_add(1)
    });
    // Panic only once per execution, and never while already unwinding (that would abort).
    if exceeded == Some(true) && !std::thread::panicking() {
        std::panic::panic_any(StepBudgetExceeded);
    }
}

/// `f` applied to the recorder if it is recording `function`, or a combined table `function`
/// is a member of, with the offset to add to `function`'s decision ids (0 for `function`
/// itself). Counts no step. Safe to call from drop glue and while the thread's locals are torn
/// down: it then does nothing.
#[inline]
fn recorder_of<R>(
    function: &'static FunctionMeta,
    f: impl FnOnce(&mut Recorder, u32) -> R,
) -> Option<R> {
    RECORDER
        .try_with(|cell| {
            let mut recorder = cell.try_borrow_mut().ok()?;
            let Some(offset) = recorder.function?.offset_of(function) else {
                if DISCOVERING.with(std::cell::Cell::get) {
                    discovered(function);
                }
                return None;
            };
            Some(f(&mut recorder, offset))
        })
        .ok()
        .flatten()
}

thread_local! {
    static DISCOVERING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    static DISCOVERED: RefCell<Vec<&'static FunctionMeta>> = const { RefCell::new(Vec::new()) };
}

/// Runs `body` and returns, with its result, the instrumented functions other than the one
/// recorded (and its members) whose hooks ran in it, in the order they first did: the
/// callees whose branches a function's search can aim at too (see
/// [`with_callees`](super::combine::with_callees)).
pub fn discovering<R>(body: impl FnOnce() -> R) -> (R, Vec<&'static FunctionMeta>) {
    struct Stop;
    impl Drop for Stop {
        fn drop(&mut self) {
            let _ = DISCOVERING.try_with(|on| on.set(false));
        }
    }
    DISCOVERING.with(|on| on.set(true));
    let stop = Stop;
    let result = body();
    drop(stop);
    let found = DISCOVERED.with(|found| std::mem::take(&mut *found.borrow_mut()));
    (result, found)
}

#[cold]
fn discovered(function: &'static FunctionMeta) {
    let _ = DISCOVERED.try_with(|found| {
        if let Ok(mut found) = found.try_borrow_mut()
            && !found.iter().any(|seen| std::ptr::eq(*seen, function))
        {
            found.push(function);
        }
    });
}

/// A two-way decision with measured distances; returns `outcome`, or what the active mutant
/// makes of it (see [`mutation`]).
pub fn branch(
    function: &'static FunctionMeta,
    decision: u32,
    outcome: bool,
    distances: Option<Distances>,
) -> bool {
    let outcome = match mutation::analysing() {
        true => mutated(function, decision, outcome, None),
        false => outcome,
    };
    record_branch(function, decision, outcome, distances)
}

/// A comparison `l op r`: [`branch`], where `relation` tells how the operands relate (for
/// the mutants that replace the operator or shift a literal operand).
pub fn compared(
    function: &'static FunctionMeta,
    decision: u32,
    outcome: bool,
    op: CmpOp,
    relation: impl FnOnce() -> Relation,
    distances: Option<Distances>,
) -> bool {
    let outcome = match mutation::analysing() {
        true => mutated(function, decision, outcome, Some((op, relation()))),
        false => outcome,
    };
    record_branch(function, decision, outcome, distances)
}

#[cold]
fn mutated(
    function: &'static FunctionMeta,
    decision: u32,
    outcome: bool,
    relation: Option<(CmpOp, Relation)>,
) -> bool {
    recorder_of(function, |_, offset| {
        mutation::outcome(offset + decision, outcome, relation)
    })
    .unwrap_or(outcome)
}

/// The junction `l && r` (`and`) or `l || r` whose right operand starts at decision `right`:
/// the value of `l` that decides it alone, which a mutant flips (see
/// [`mutation::junction`]). Counts no step.
#[inline]
pub fn junction(function: &'static FunctionMeta, right: u32, and: bool) -> bool {
    match mutation::analysing() {
        true => recorder_of(function, |_, offset| {
            mutation::junction(offset + right, and)
        })
        .unwrap_or(!and),
        false => !and,
    }
}

/// Arithmetic operator `index` of `function`, written `own`: `None` to compute it as written,
/// or what a mutation analysis asks of it (see [`mutation::operator`]). Counts no step.
#[inline]
pub fn operator(function: &'static FunctionMeta, index: u32, own: ArithOp) -> Option<Swap> {
    match mutation::analysing() {
        true => operator_site(function, index, own),
        false => None,
    }
}

#[cold]
fn operator_site(function: &'static FunctionMeta, index: u32, own: ArithOp) -> Option<Swap> {
    let member = recorder_of(function, |recorder, _| {
        recorder
            .function
            .and_then(|table| table.member_index(function))
    })??;
    mutation::operator(
        Site::Operator {
            function: member,
            index,
        },
        own,
    )
}

fn record_branch(
    function: &'static FunctionMeta,
    decision: u32,
    outcome: bool,
    distances: Option<Distances>,
) -> bool {
    if concolic() && made_decision(function, decision, usize::from(!outcome)) {
        return outcome;
    }
    let distances = match distances {
        Some(distances) if distances.outcome() == outcome => distances,
        _ => Distances::opaque(outcome),
    };
    with_recorder(function, |recorder, offset| {
        let (taken, miss) = if outcome {
            (0, distances.to_false)
        } else {
            (1, distances.to_true)
        };
        recorder.record_two_way(offset + decision, taken, miss);
    });
    outcome
}

/// Outcome `taken` of a decision whose distances cannot be measured (the others get K).
pub fn hit(function: &'static FunctionMeta, decision: u32, taken: usize) {
    if concolic() && made_decision(function, decision, taken) {
        return;
    }
    with_recorder(function, |recorder, offset| {
        recorder.record(offset + decision, taken, |_| K);
    });
}

/// The function returned a value of class `class` (see [`FunctionMeta::is_output`]): recorded
/// at its table's last decision, outside the path condition (it is no decision of the code).
/// Counts no step.
pub fn output(function: &'static FunctionMeta, class: usize) {
    let Some(last) = function.decisions.len().checked_sub(1) else {
        return;
    };
    recorder_of(function, |recorder, offset| {
        if !recorder.quiet {
            recorder.trace.record(offset + last as u32, class, |_| K);
        }
    });
}

/// An iteration of loop `index` starts: counted against the step budget, and by the path
/// criterion.
pub fn tick(function: &'static FunctionMeta, index: u32) {
    with_recorder(function, |recorder, _| recorder.trace.tick(index));
}

/// Whether the execution being recorded observes the fields of its value (see
/// [`crate::record::fields`]), so printing the value is worth it.
pub fn observing() -> bool {
    RECORDER
        .try_with(|cell| {
            let recorder = cell.try_borrow().ok()?;
            recorder.function?;
            Some(recorder.trace.fields.is_some())
        })
        .ok()
        .flatten()
        .unwrap_or(false)
}

/// Runs `f` with the recording paused: the hooks of what it runs (an instrumented method a
/// hand-written `Debug` calls) record nothing and count no steps.
pub fn paused<R>(f: impl FnOnce() -> R) -> R {
    /// Gives the recorder its function back, also when `f` unwinds.
    struct Resume(Option<&'static FunctionMeta>);
    impl Drop for Resume {
        fn drop(&mut self) {
            if let Some(function) = self.0 {
                let _ = RECORDER.try_with(|cell| {
                    if let Ok(mut recorder) = cell.try_borrow_mut() {
                        recorder.function = Some(function);
                    }
                });
            }
        }
    }
    let function = RECORDER
        .try_with(|cell| cell.try_borrow_mut().ok()?.function.take())
        .ok()
        .flatten();
    let _resume = Resume(function);
    f()
}

/// One state of the value under test, printed with `{:?}`: its fields join the execution's.
pub fn observe(debug: &str) {
    let _ = RECORDER.try_with(|cell| {
        let Ok(mut recorder) = cell.try_borrow_mut() else {
            return;
        };
        if recorder.function.is_some()
            && let Some(fields) = &mut recorder.trace.fields
        {
            fields.observe(debug);
        }
    });
}

/// A `for` loop was left after `iterations` items without running out of items (a `break`,
/// `return`, `?` or panic in its body). Records a distance to the loop's end (`outcome` of
/// `decision`) that orders such inputs lexicographically: more iterations first, then how
/// close the decision that left the loop was to staying in it. Counts no step.
pub fn loop_left(function: &'static FunctionMeta, decision: u32, outcome: usize, iterations: u64) {
    recorder_of(function, |recorder, offset| {
        let distance = K + iteration_distance(iterations, normalize(recorder.last_miss));
        recorder
            .trace
            .lower_distance(offset + decision, outcome, distance);
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
#[inline]
pub fn snapshot(
    function: &'static FunctionMeta,
    decision: u32,
    values: &[Option<crate::record::symbolic::Num>],
) {
    // Most decisions snapshot nothing: that case costs no call.
    if !values.is_empty() {
        keep_snapshot(function, decision, values);
    }
}

fn keep_snapshot(
    function: &'static FunctionMeta,
    decision: u32,
    values: &[Option<crate::record::symbolic::Num>],
) {
    recorder_of(function, |recorder, offset| {
        if recorder.quiet {
            return;
        }
        if let Some(slot) = recorder
            .trace
            .snapshots
            .get_mut((offset + decision) as usize)
        {
            slot.clear();
            slot.extend_from_slice(values);
        }
    });
}

/// The probe arm of a `match` measured how far the scrutinee is from each arm's pattern.
pub fn match_probe(function: &'static FunctionMeta, decision: u32, arms: &[Option<Distances>]) {
    with_recorder(function, |recorder, offset| {
        let index = (offset + decision) as usize;
        if recorder.pending_arms.len() <= index {
            recorder.pending_arms.resize_with(index + 1, Vec::new);
        }
        let pending = &mut recorder.pending_arms[index];
        pending.clear();
        pending.extend_from_slice(arms);
    });
}

/// Arm `taken` of a `match` was selected. The distance to another arm is how far its pattern
/// is from matching, plus — for arms after `taken` — how far `taken`'s pattern is from failing.
pub fn arm(function: &'static FunctionMeta, decision: u32, taken: usize) {
    if concolic() && made_decision(function, decision, taken) {
        return;
    }
    with_recorder(function, |recorder, offset| {
        let decision = offset + decision;
        // Lent out and put back, not consumed: after a failed guard the match goes on to later
        // arms, which are measured against the same probe.
        let pending = recorder
            .pending_arms
            .get_mut(decision as usize)
            .map(std::mem::take)
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
        if let Some(slot) = recorder.pending_arms.get_mut(decision as usize) {
            *slot = pending;
        }
    });
}

/// The guard of the arm of `match` `decision` the match last reached failed: the match goes on
/// to a later arm (see `PathEntry::attempt`).
pub fn guard_failed(function: &'static FunctionMeta, decision: u32) {
    with_recorder(function, |recorder, offset| {
        if let Some(concolic) = &mut recorder.concolic {
            concolic.attempted(offset + decision);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::trace::{Branch, DecisionMeta};

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
        paths: crate::record::path::Paths::new(""),
        shadow: crate::record::templates::ShadowMeta::NONE,
        members: &[],
    };

    static OTHER: FunctionMeta = FunctionMeta::bare("g", "demo", "src/lib.rs", 9);

    /// A function `f` calls, with one decision.
    static CALLEE: FunctionMeta = FunctionMeta {
        name: "worker",
        module_path: "demo",
        file: "src/lib.rs",
        line: 20,
        params: &["y"],
        returns: "()",
        decisions: std::slice::from_ref(&META.decisions[0]),
        loops: &[],
        symbolic: crate::record::symbolic::PathTable::new(""),
        paths: crate::record::path::Paths::new(""),
        shadow: crate::record::templates::ShadowMeta::NONE,
        members: &[],
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
        assert_eq!(trace.decision(0).unwrap().hits, [0, 3]);
        assert_eq!(trace.decision(0).unwrap().distances, [2.0, 0.0]);
        assert!(!trace.decision(1).unwrap().executed());
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
        assert_eq!(trace.decision(0).unwrap().distances, [0.0, K]);
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
        assert_eq!(trace.decision(1).unwrap().hits, [1, 0, 0]);
        assert_eq!(trace.decision(1).unwrap().distances, [0.0, 2.0, 2.0]);
    }

    #[test]
    fn step_budget_ends_the_execution_with_a_distinct_panic() {
        let result = std::panic::catch_unwind(|| {
            record(&META, 10, || {
                loop {
                    tick(&META, 0);
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
            trace.decision(1).unwrap().distances[2]
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
        tick(&META, 0);
    }

    #[test]
    fn a_recording_inside_another_hands_the_recorder_back() {
        let ((), outer) = record(&META, 100, || {
            hit(&META, 1, 0);
            let ((), inner) = record(&OTHER, 100, || {});
            assert_eq!(inner.steps, 0);
            hit(&META, 1, 2);
        });
        assert_eq!(outer.decision(1).unwrap().hits, [1, 0, 1]);
        assert_eq!(outer.steps, 2);
    }

    #[test]
    fn an_unwinding_execution_leaves_the_recorder_idle_and_its_trace_whole() {
        let mut trace = Trace::new(&META);
        let unwound = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            record_into(&META, 100, &mut trace, || {
                hit(&META, 1, 1);
                panic!("the function under test panics");
            })
        }));
        assert!(unwound.is_err());
        assert_eq!(trace.decision(1).unwrap().hits, [0, 1, 0]);
        hit(&META, 1, 0);
        assert_eq!(
            trace.decision(1).unwrap().hits,
            [0, 1, 0],
            "idle after unwinding"
        );
    }

    #[test]
    fn hooks_of_a_combined_table_s_members_land_at_their_offsets() {
        use crate::record::combine::combine;
        // The members of `twice` are `once` (META's decisions 0 and 1) and META (2 and 3).
        let once = combine("Once", "demo", "src/lib.rs", 1, &[&META]);
        let twice = combine("Twice", "demo", "src/lib.rs", 1, &[once, &META]);
        let ((), trace) = record(twice, 100, || {
            branch(&META, 0, true, None);
            hit(&META, 1, 2);
            hit(&OTHER, 0, 0);
        });
        assert_eq!(trace.decision(0).unwrap().hits, [0, 0]);
        assert_eq!(trace.decision(2).unwrap().hits, [1, 0]);
        assert_eq!(trace.decision(3).unwrap().hits, [0, 0, 1]);
        assert_eq!(trace.steps, 2, "OTHER is no member");
    }

    #[test]
    fn a_function_s_callees_are_found_and_then_recorded_after_its_own_decisions() {
        use crate::record::combine::{callees_of, with_callees};
        let ((), found) = discovering(|| {
            record(&META, 100, || {
                branch(&META, 0, true, None);
                branch(&CALLEE, 0, true, None);
                branch(&CALLEE, 0, false, None);
            });
        });
        assert_eq!(found.len(), 1, "the callee once, META not at all");
        assert!(std::ptr::eq(found[0], &CALLEE));
        let (_, outside) = discovering(|| branch(&CALLEE, 0, true, None));
        assert!(outside.is_empty(), "nothing is found outside a recording");
        let table = with_callees(&META, &found);
        assert_eq!(table.name, META.name);
        assert!(!table.is_sequence());
        assert_eq!(callees_of(table).len(), 1);
        assert_eq!(table.own_decisions(), META.decisions.len());
        assert_eq!(META.own_decisions(), META.decisions.len());
        let own = META.decisions.len() as u32;
        let ((), trace) = record(table, 100, || {
            branch(&META, 0, true, None);
            branch(&CALLEE, 0, false, None);
        });
        assert_eq!(
            trace.decision(0).unwrap().hits,
            [1, 0],
            "its own ids are kept"
        );
        assert_eq!(trace.decision(own).unwrap().hits, [0, 1]);
        assert_eq!(trace.steps, 2, "the callee's hooks count now");
    }

    #[test]
    fn an_impl_block_s_callees_come_after_its_methods_and_it_stays_a_sequence() {
        use crate::record::combine::{callees_of, combine, with_callees};
        let block = combine("Block", "demo", "src/lib.rs", 20, &[&OTHER, &META]);
        assert!(block.is_sequence());
        assert!(callees_of(block).is_empty());
        let table = with_callees(block, &[&CALLEE]);
        assert!(
            table.is_sequence(),
            "a block with callees is still searched as sequences"
        );
        assert_eq!(callees_of(table).len(), 1);
        assert_eq!(table.own_decisions(), META.decisions.len());
        assert_eq!(table.offset_of(&META), block.offset_of(&META));
        let own = META.decisions.len() as u32;
        let ((), trace) = record(table, 100, || {
            branch(&META, 0, true, None);
            branch(&CALLEE, 0, false, None);
        });
        assert_eq!(trace.decision(0).unwrap().hits, [1, 0]);
        assert_eq!(trace.decision(own).unwrap().hits, [0, 1]);
        // A function with callees is not a sequence, with or without them.
        assert!(!with_callees(&META, &[&CALLEE]).is_sequence());
        assert!(!META.is_sequence());
    }

    #[test]
    fn an_outcome_taken_with_the_sides_as_close_as_they_come_is_on_its_boundary() {
        use crate::record::boundary::boundary_of;
        let on = |to_true: f64, to_false: f64| Distances { to_true, to_false };
        // `x > 3`: x = 5 is true two away; x = 3 is false at the failure constant (equal).
        let ((), trace) = record(&META, 100, || {
            branch(&META, 0, true, Some(on(0.0, 2.0)));
            branch(&META, 0, false, Some(on(K, 0.0)));
        });
        let (yes, no) = (
            Branch {
                decision: 0,
                outcome: 0,
            },
            Branch {
                decision: 0,
                outcome: 1,
            },
        );
        assert_eq!(trace.near(yes), 1.0);
        assert_eq!(trace.near(no), 0.0);
        let covered: Vec<Branch> = trace.covered().collect();
        assert_eq!(covered, [yes, no, boundary_of(no)]);
        assert!(trace.covers(boundary_of(no)) && !trace.covers(boundary_of(yes)));
    }
}
