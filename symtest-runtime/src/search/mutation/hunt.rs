//! The hunt for the mutants no test or archived input kills: first inputs solved from the
//! path conditions of the mutated program, then new inputs drawn at random or changed a
//! little from the tests'.
//!
//! Solving follows constraint-based mutant killing (DeMillo and Offutt; Papadakis and
//! Malevris): a mutant a test reaches and infects, but whose change never shows in the
//! result, needs the rest of the program to carry the change out. Concolic execution with the
//! mutant switched on records the mutated program's path; negating its conditions after the
//! infection leads the input down paths that only the mutant takes, such as the rest of an
//! `&&` a mutated comparison let through, until the result differs.

use rand::{RngExt, SeedableRng};

use super::Runner;
use crate::genes::Value;
use crate::genes::pool::Pool;
use crate::genes::random::{Rng, random_value_with};
use crate::record::concolic;
use crate::record::expr::Val;
use crate::record::mutation::{self, Mutant, Mutation, Site};
use crate::search::operators::mutate;
use crate::search::suite::TestCase;
use crate::shadow::{self, Execution, dse, solve};

/// Most new inputs the random hunt tries.
const HUNT_INPUTS: usize = 400;

/// Inputs the solving step starts from in each round, per mutant.
const SOLVE_STARTS: usize = 3;

/// Rounds of solving per mutant: a solution that kills nothing is a start of the next round,
/// one condition further down the mutated path.
const SOLVE_ROUNDS: usize = 3;

/// Conditions negated per start, smallest systems first.
const NEGATIONS_PER_START: usize = 6;

/// Most runs the solving step may use, so that the random hunt keeps a share of
/// [`super::MUTATION_RUNS`] on functions with many surviving (often equivalent) mutants.
const SOLVE_RUNS: usize = 6_000;

/// Most constraint systems the solving step solves: a failed solve costs no run, but up to the
/// solver's whole budget of evaluations.
const SOLVES: usize = 1_000;

/// For each mutant still `alive`, inputs solved from the mutated program's path conditions,
/// starting from the tests' inputs that infect it. One that kills the mutant is shrunk while
/// it kills it and added to `tests`. Returns how many were added.
pub(super) fn solve(
    runner: &mut Runner<'_>,
    alive: &mut Vec<Mutant>,
    tests: &mut Vec<TestCase>,
    seed: u64,
) -> usize {
    let mut rng = Rng::seed_from_u64(seed ^ 0x0073_6f6c_7665);
    let limit = runner.runs + SOLVE_RUNS;
    let mut solves = 0;
    let mut added = 0;
    for mutant in alive.clone() {
        if !alive.contains(&mutant) {
            continue;
        }
        let mut starts: Vec<Value> = tests
            .iter()
            .filter(|test| test.deterministic)
            .map(|test| test.value.clone())
            .collect();
        'rounds: for _ in 0..SOLVE_ROUNDS {
            let mut next = Vec::new();
            let mut infected = 0;
            for start in &starts {
                if runner.spent() || runner.runs >= limit || solves >= SOLVES {
                    return added;
                }
                if infected == SOLVE_STARTS {
                    break;
                }
                let Some((run, from)) = infected_run(runner, mutant, start) else {
                    continue;
                };
                infected += 1;
                for solution in solutions(&run, from, &mut solves, &mut rng) {
                    let shape = &runner.subject.shape;
                    let value = concolic::encode(shape, start, &run.inputs.paths, &solution);
                    if !runner.kills(&value, &[mutant]).is_empty() {
                        if runner.adopt(&value, &[mutant], alive, tests) {
                            added += 1;
                        }
                        break 'rounds;
                    }
                    next.push(value);
                }
            }
            starts = next;
        }
    }
    added
}

/// Solutions of the conditions of `run`'s path from position `from` on, each negated after
/// the ones before it (the smallest systems first); counts the systems in `solves`.
fn solutions(run: &Execution, from: usize, solves: &mut usize, rng: &mut Rng) -> Vec<Vec<Val>> {
    let (vars, env) = (&run.inputs.vars, &run.inputs.env);
    let config = solve::SolveConfig::default();
    dse::negations(&run.path, |_| Some(dse::Occurrence::First))
        .into_iter()
        .filter(|negation| negation.position >= from)
        .take(NEGATIONS_PER_START)
        .filter_map(|negation| {
            *solves += 1;
            solve::solve(vars, &negation.constraints, env, &config, rng)
        })
        .collect()
}

/// The concolic execution of `value` with `mutant` switched on, and the position in its path
/// from which negating a condition can change what the mutant does; `None` when `value` does
/// not infect the mutant. A decision's mutant infects where the decision's outcome disagrees
/// with its own condition (an inconsistent entry); a junction's or an operator's cannot be
/// told apart that way and counts as infected from the start.
fn infected_run(
    runner: &mut Runner<'_>,
    mutant: Mutant,
    value: &Value,
) -> Option<(Execution, usize)> {
    runner.runs += 1;
    let (subject, step_budget) = (runner.subject, runner.mutant_budget());
    let run = mutation::with_mutant(Some(mutant), || {
        shadow::execute(subject, value, step_budget)
    });
    let from = match (mutant.site, mutant.mutation) {
        (Site::Decision(_), Mutation::Junction) | (Site::Operator { .. }, _) => 0,
        (Site::Decision(decision), _) => run
            .path
            .iter()
            .position(|entry| entry.decision == decision && !entry.consistent)?,
    };
    Some((run, from))
}

/// New inputs against the mutants still `alive`: each random or a test's input changed a
/// little. One that kills some is shrunk while it kills them and added to `tests`. Returns
/// how many were added.
pub(super) fn hunt(
    runner: &mut Runner<'_>,
    alive: &mut Vec<Mutant>,
    tests: &mut Vec<TestCase>,
    seed: u64,
) -> usize {
    let subject = runner.subject;
    let pool = Pool::new(&subject.seeds());
    let mut rng = Rng::seed_from_u64(seed ^ 0x6d75_7461_6e74);
    let mut added = 0;
    for _ in 0..HUNT_INPUTS {
        if alive.is_empty() || runner.spent() {
            break;
        }
        let value = match tests.is_empty() || rng.random_bool(0.5) {
            true => random_value_with(&subject.shape, &pool, &mut rng),
            false => {
                let test = &tests[rng.random_range(0..tests.len())];
                mutate(&subject.shape, &test.value, 0.1, &pool, &mut rng)
            }
        };
        let target = runner.kills(&value, alive);
        if !target.is_empty() && runner.adopt(&value, &target, alive, tests) {
            added += 1;
        }
    }
    added
}
