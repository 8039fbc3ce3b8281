//! Substituted made values: where no negation of a DSE step's path leads towards the target,
//! the inputs that differ in one made value (or two swapped), each evaluated, and DSE steps
//! on from the most promising (see [`used::substitutes`]).

use std::collections::BTreeSet;

use super::TargetObjective;
use crate::genes::random::Rng;
use crate::genes::{Value, used};
use crate::record::fitness::Fitness;
use crate::record::trace::Branch;
use crate::search::{DseOutcome, Objective};

/// Most inputs [`TargetObjective::substituted`] evaluates in one DSE step (our choice: a few
/// made values, each with a handful of learned ones).
const SUBSTITUTES: usize = 16;

/// How many of the substituted inputs a DSE step starts from: those that took the most
/// branches the input did not, the closest to the target among equals (our choice).
const SUBSTITUTED_STARTS: usize = 4;

impl TargetObjective<'_, '_> {
    /// Where no negation of `from`'s path leads towards the target (its decision reads what
    /// no input variable stands for: a field a constructor left out, a method's result), the
    /// inputs that differ from `from` in one made value, copied from another of the input or
    /// learned ([`used::substitutes`]), each evaluated, and a DSE step from a few: those that
    /// took the most branches `from` did not (`took`), the closest to the target first. The
    /// fitness cannot tell a receiver `parse` gave a label from one `new` made, as the label
    /// is read only once the numbers are equal; its other branches can, and DSE then makes its
    /// numbers equal to the operand's.
    pub(super) fn substituted(
        &mut self,
        from: &Value,
        took: &BTreeSet<Branch>,
        rng: &mut Rng,
    ) -> DseOutcome {
        let mut outcome = DseOutcome::default();
        let subject = self.state.subject;
        let inputs = used::substitutes(&subject.shape, from, self.state.pool);
        let mut tried: Vec<(std::cmp::Reverse<usize>, Fitness, Value)> = Vec::new();
        for value in inputs.into_iter().take(SUBSTITUTES) {
            if self.done() {
                return outcome;
            }
            let fitness = self.try_input(&value, &mut outcome);
            let trace = &self.state.trace;
            let other = trace
                .covered()
                .filter(|branch| !took.contains(branch))
                .count();
            tried.push((std::cmp::Reverse(other), fitness, value));
        }
        tried.sort_by_key(|(other, fitness, _)| (*other, *fitness));
        for (_, _, value) in tried.into_iter().take(SUBSTITUTED_STARTS) {
            if self.done() {
                break;
            }
            outcome.merge(self.dse_step(&value, rng, 1));
        }
        outcome
    }
}
