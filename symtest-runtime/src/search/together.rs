//! The many-objective phase of a search (`--algorithm dynamosa`): every branch and output
//! class of the function is an objective of one DynaMOSA population (see [`super::mosa`]),
//! run through the driver's state, so what it covers lands in the same archive. What it
//! leaves uncovered, the driver then searches one target at a time with the hybrid.

use std::time::Instant;

use rand::SeedableRng;

use super::deadline::Deadline;
use super::driver::{State, deadline, stream_seed};
use super::mosa::{self, MosaConfig, Objectives};
use crate::genes::Value;
use crate::genes::random::Rng;
use crate::record::fitness::{Fitness, TargetPlan};
use crate::record::trace::Branch;

/// The stream index of the phase's random numbers, apart from every target's.
const STREAM: u64 = u64::MAX;

/// The driver's state with one plan per objective.
struct Together<'t, 's> {
    state: &'t mut State<'s>,
    plans: Vec<TargetPlan>,
    /// Each objective's parents: the branches it is directly control dependent on.
    parents: Vec<Vec<Branch>>,
    spent: u64,
    budget: u64,
    deadline: Deadline,
}

impl Objectives for Together<'_, '_> {
    fn count(&self) -> usize {
        self.plans.len()
    }

    fn evaluate(&mut self, value: &Value, fitness: &mut Vec<Fitness>) {
        self.spent += 1;
        self.state.evaluate(value);
        let (archive, trace) = (self.state.archive(), self.state.trace());
        fitness.clear();
        fitness.extend(
            self.plans
                .iter()
                .map(|plan| match archive.covers(plan.goal()) {
                    // No longer an objective: the value is never read.
                    true => Fitness::COVERED,
                    false => plan.fitness(trace),
                }),
        );
    }

    fn current(&self) -> Vec<usize> {
        let archive = self.state.archive();
        selected(&self.plans, &self.parents, |branch| archive.covers(branch))
    }

    fn covered(&self) -> usize {
        self.state.archive().covered().len()
    }

    fn done(&self) -> bool {
        self.spent >= self.budget || self.deadline.passed()
    }
}

/// The objectives DynaMOSA targets: uncovered, and with no parent or a covered one.
fn selected(
    plans: &[TargetPlan],
    parents: &[Vec<Branch>],
    covers: impl Fn(Branch) -> bool,
) -> Vec<usize> {
    (0..plans.len())
        .filter(|&index| !covers(plans[index].goal()))
        .filter(|&index| parents[index].is_empty() || parents[index].iter().any(|&p| covers(p)))
        .collect()
}

/// The branches a plan's target is directly control dependent on: its approach level 1, but
/// not its own decision's (a loop's head depends on itself, and its exit should not wait for
/// an iteration).
fn parents(plan: &TargetPlan) -> Vec<Branch> {
    (plan.levels.iter())
        .filter(|(branch, level)| *level == 1 && branch.decision != plan.target.decision)
        .map(|(branch, _)| *branch)
        .collect()
}

/// Searches `plans` together, within one target's evaluation and time budget, starting from
/// what the archive holds.
pub(super) fn search(state: &mut State<'_>, plans: Vec<TargetPlan>) {
    let config = state.config();
    let (subject, pool) = (state.subject(), state.pool());
    let seeds: Vec<Value> = (state.archive().entries().iter())
        .map(|entry| entry.value.clone())
        .collect();
    let deadline = deadline(Instant::now(), config.time_per_target).min(state.time_up());
    let mut together = Together {
        state,
        parents: plans.iter().map(parents).collect(),
        plans,
        spent: 0,
        budget: config.evaluations_per_target,
        deadline: Deadline::new(deadline),
    };
    let mut rng = Rng::seed_from_u64(stream_seed(config.seed, STREAM));
    mosa::search(
        &subject.shape,
        &seeds,
        pool,
        &mut together,
        &mut rng,
        &MosaConfig::default(),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn branch(decision: u32, outcome: u32) -> Branch {
        Branch { decision, outcome }
    }

    fn plan(target: Branch, levels: &[(Branch, u32)]) -> TargetPlan {
        TargetPlan {
            target,
            boundary: false,
            levels: std::iter::once((target, 0))
                .chain(levels.iter().copied())
                .collect(),
            paths: Vec::new(),
            field: None,
        }
    }

    #[test]
    fn a_branch_is_an_objective_once_a_branch_it_depends_on_is_covered() {
        // 0.0 and 0.1 are roots; 1.0 needs 0.0; 2.0 needs 1.0 directly and 0.0 further up.
        let plans = vec![
            plan(branch(0, 0), &[]),
            plan(branch(0, 1), &[]),
            plan(branch(1, 0), &[(branch(0, 0), 1)]),
            plan(branch(2, 0), &[(branch(1, 0), 1), (branch(0, 0), 2)]),
        ];
        let parents: Vec<_> = plans.iter().map(parents).collect();
        let current = |covered: &[Branch]| selected(&plans, &parents, |b| covered.contains(&b));
        assert_eq!(current(&[]), [0, 1]);
        assert_eq!(
            current(&[branch(0, 0)]),
            [1, 2],
            "covered roots leave, their children join, grandchildren wait"
        );
        assert_eq!(current(&[branch(0, 0), branch(1, 0)]), [1, 3]);
    }

    #[test]
    fn a_loops_exit_does_not_wait_for_an_iteration() {
        // A `while` head (decision 0) depends on its own `true` branch.
        let exit = plan(branch(0, 1), &[(branch(0, 0), 1)]);
        assert!(parents(&exit).is_empty());
    }
}
