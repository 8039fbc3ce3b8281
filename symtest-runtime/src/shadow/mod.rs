//! Symbolic shadows at work: evaluating and measuring the constraints a concolic execution
//! recorded ([`crate::record::concolic`]), the built-in solver, and the DSE step that negates a
//! branch of a path condition and solves for it.

mod arith;
pub mod dse;
mod eval;
#[cfg(test)]
mod expr_tests;
pub mod feasibility;
mod measure;
mod sequences;
pub mod solve;
#[cfg(test)]
mod testing;
mod text;

use crate::genes::Value;
use crate::record::concolic;
use crate::record::recorder;
use crate::record::subject::Subject;
use crate::record::trace::Trace;

/// What a concolic execution of one input found.
#[derive(Debug)]
pub struct Execution {
    pub trace: Trace,
    pub path: Vec<concolic::PathEntry>,
    /// The input variables, their values in this execution and where their genes are.
    pub inputs: concolic::Inputs,
    /// The paths of the constructors that made its arguments, apart from `path`.
    pub made: Vec<concolic::MadePath>,
}

/// Runs `subject` on `value` with shadows on: a function's parameters are its variables, a
/// call sequence's the arguments of its calls.
pub fn execute(subject: &Subject, value: &Value, step_budget: u64) -> Execution {
    let state = if !subject.meta.is_sequence() {
        concolic::Concolic::of_function(&subject.meta.shadow, &subject.shape, value)
    } else {
        concolic::Concolic::sequence(subject.shape.clone(), value.clone())
    };
    let (_, trace, mut state) = recorder::record_concolic(subject.meta, step_budget, state, || {
        (subject.exec)(value, false)
    });
    let made = state.take_made_paths();
    let (path, inputs) = state.into_parts();
    Execution {
        trace,
        path,
        inputs,
        made,
    }
}
