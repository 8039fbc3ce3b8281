//! Search for inputs that cover branches: the [`Objective`] every algorithm minimises, the
//! algorithms themselves (random, AVM, GA), and the driver that walks the targets of a function.

pub mod archive;
pub mod avm;
pub mod deadline;
pub mod driver;
pub mod ga;
pub mod mosa;
pub mod mutation;
pub mod operators;
pub mod progress;
pub mod random;
pub mod scope;
pub mod suite;
mod together;

use crate::genes::Value;
use crate::genes::random::Rng;
use crate::record::fitness::Fitness;

/// What a search algorithm minimises: the fitness of the current target for one input.
///
/// Implementations count evaluations against the budget; algorithms stop as soon as
/// [`Objective::done`] says so and never evaluate again after that.
pub trait Objective {
    /// Runs the function under test on `value`; returns its fitness for the current target,
    /// zero when the target is covered, larger when further away.
    fn evaluate(&mut self, value: &Value) -> Fitness;
    /// True once the target is covered or the evaluation or time budget is spent.
    fn done(&self) -> bool;

    /// Hybrid search: a DSE step from `from` (a concolic execution, then the branches its
    /// path condition reaches that no input covers yet, solved and executed). Objectives
    /// without shadows do nothing.
    fn dse(&mut self, _from: &Value, _rng: &mut Rng) -> DseOutcome {
        DseOutcome::default()
    }

    /// Hybrid search: DSE steps from the inputs found so far, for when the search stagnates.
    fn dse_archive(&mut self, _rng: &mut Rng) -> DseOutcome {
        DseOutcome::default()
    }
}

/// What DSE steps produced.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DseOutcome {
    /// The inputs the solver found, with their fitness for the current target.
    pub inputs: Vec<(Value, Fitness)>,
    /// Whether any of them covered a branch no earlier input covered.
    pub success: bool,
}

impl DseOutcome {
    pub fn merge(&mut self, other: DseOutcome) {
        self.inputs.extend(other.inputs);
        self.success |= other.success;
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::operators::recorder::Recorder;
    use super::*;
    use crate::genes::pool::{Constant, Pool};
    use crate::genes::{Input, IntKind, Shape};

    fn rng(seed: u64) -> Rng {
        Rng::seed_from_u64(seed)
    }

    /// Runs each algorithm on `(String, u32)` inputs for `budget` evaluations with `pool`;
    /// returns which of them found the input `covers` accepts (fitness 0, else a flat 1).
    fn algorithms_covering(pool: &Pool, covers: fn(&(String, u32)) -> bool) -> [bool; 3] {
        let shape = Shape::Tuple(vec![Shape::Str { max_len: 16 }, Shape::Int(IntKind::U32)]);
        let budget = 1000;
        let objective = || {
            Recorder::new(budget, move |value: &Value| {
                if covers(&<(String, u32)>::decode(value)) {
                    0.0
                } else {
                    1.0
                }
            })
        };
        let covered = |search: &dyn Fn(&mut dyn Objective)| {
            let mut objective = objective();
            search(&mut objective);
            objective.covered()
        };
        [
            covered(&|objective| random::search(&shape, pool, objective, &mut rng(20))),
            covered(&|objective| {
                let config = avm::AvmConfig::default();
                avm::search(&shape, &[], pool, objective, &mut rng(21), &config);
            }),
            covered(&|objective| {
                let config = ga::GaConfig::default();
                ga::search(&shape, &[], pool, objective, &mut rng(22), &config);
            }),
        ]
    }

    #[test]
    fn every_algorithm_finds_magic_literals_with_the_pool_and_none_without() {
        let pool = Pool::new(&[Constant::Str("magic"), Constant::Int(987_654_321)]);
        let magic_string = |(text, _): &(String, u32)| text == "magic";
        let magic_number = |&(_, number): &(String, u32)| number == 987_654_321;
        for covers in [magic_string as fn(&_) -> bool, magic_number] {
            assert_eq!(algorithms_covering(&pool, covers), [true; 3]);
            assert_eq!(algorithms_covering(&Pool::default(), covers), [false; 3]);
        }
    }
}
