//! Search for inputs that cover branches: the [`Objective`] every algorithm minimises, the
//! algorithms themselves (random, AVM, GA), and the driver that walks the targets of a function.

pub mod archive;
pub mod avm;
pub mod driver;
pub mod floats;
pub mod ga;
pub mod operators;
pub mod pool;
pub mod random;
pub mod suite;

use crate::genes::Value;

/// The one random number generator of a search: seeded, so a seed fixes the whole run.
pub type Rng = rand_pcg::Pcg64;

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

/// The fitness of one input for one target: lower is better, zero when the target is covered.
///
/// `value` is what the fitness formula computes (approach level + ν(distance)). `tie` carries a
/// finer measure with the same order, used only where `value` rounds equal: ν(d) = d/(d+1)
/// gives the same `f64` for d and d − 1 once d exceeds about 10^8, which would leave a search
/// on, say, a `u32` magic number without any sense of direction. Ordered by value, then tie.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fitness {
    pub value: f64,
    pub tie: f64,
}

impl Fitness {
    pub const COVERED: Fitness = Fitness {
        value: 0.0,
        tie: 0.0,
    };
    pub const WORST: Fitness = Fitness {
        value: f64::INFINITY,
        tie: f64::INFINITY,
    };

    pub fn new(value: f64, tie: f64) -> Fitness {
        Fitness { value, tie }
    }

    pub fn is_covered(self) -> bool {
        self.value == 0.0
    }
}

impl From<f64> for Fitness {
    fn from(value: f64) -> Fitness {
        Fitness { value, tie: 0.0 }
    }
}

impl Eq for Fitness {}

impl PartialOrd for Fitness {
    fn partial_cmp(&self, other: &Fitness) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Fitness {
    fn cmp(&self, other: &Fitness) -> std::cmp::Ordering {
        self.value
            .total_cmp(&other.value)
            .then(self.tie.total_cmp(&other.tie))
    }
}
