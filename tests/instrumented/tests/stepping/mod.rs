//! One DSE step, as the search takes it, for the tests of concolic execution: negate a
//! branch of a run's path, solve, and check the solution's run takes the branch.

use symtest_runtime::genes::Value;
use symtest_runtime::genes::random::Rng;
use symtest_runtime::record::concolic;
use symtest_runtime::record::subject::Subject;
use symtest_runtime::record::trace::Branch;
use symtest_runtime::shadow::{Execution, dse as steps, execute, solve};

/// The input that solving `negation`, a negation of the path `run` took from `start`, gives:
/// `start` with the solution's values; `None` when the solver finds none.
pub fn solve_negation(
    subject: &Subject,
    start: &Value,
    run: &Execution,
    negation: &steps::Negation,
    rng: &mut Rng,
) -> Option<Value> {
    let config = solve::SolveConfig::default();
    let solution = solve::solve(
        &run.inputs.vars,
        &negation.constraints,
        &run.inputs.env,
        &config,
        rng,
    )?;
    Some(concolic::encode(
        &subject.shape,
        start,
        &run.inputs.paths,
        &solution,
    ))
}

/// The input one DSE step from `start`, which does not take `wanted`, gives: it takes it.
pub fn one_step_to(subject: &Subject, start: &Value, wanted: Branch, rng: &mut Rng) -> Value {
    let run = execute(subject, start, 100_000);
    assert!(!run.trace.covers(wanted));
    let negations = steps::negations(&run.path, |branch| {
        (branch == wanted).then_some(steps::Occurrence::First)
    });
    let negation = negations
        .first()
        .unwrap_or_else(|| panic!("{wanted:?} has a constraint: {:?}", run.path));
    let input = solve_negation(subject, start, &run, negation, rng)
        .unwrap_or_else(|| panic!("{wanted:?} is solved: {negation:?}"));
    let rerun = execute(subject, &input, 100_000);
    assert!(rerun.trace.covers(wanted), "{input:?} misses {wanted:?}");
    input
}
