//! Search for inputs that cover branches: the [`Objective`] every algorithm minimises, the
//! algorithms themselves (random, AVM, GA), and the driver that walks the targets of a function.

pub mod archive;
pub mod avm;
pub mod driver;
pub mod ga;
pub mod operators;
pub mod random;

use crate::genes::Value;

/// The one random number generator of a search: seeded, so a seed fixes the whole run.
pub type Rng = rand_pcg::Pcg64;

/// What a search algorithm minimises: the fitness of the current target for one input.
///
/// Implementations count evaluations against the budget; algorithms stop as soon as
/// [`Objective::done`] says so and never evaluate again after that.
pub trait Objective {
    /// Runs the function under test on `value`; returns its fitness for the current target,
    /// `0.0` when the target is covered, larger when further away.
    fn evaluate(&mut self, value: &Value) -> f64;
    /// True once the target is covered or the evaluation or time budget is spent.
    fn done(&self) -> bool;
}
