//! Symbolic shadows at work: evaluating and measuring the constraints a concolic execution
//! recorded ([`crate::record::concolic`]), the built-in solver, and the DSE step that negates a
//! branch of a path condition and solves for it.

mod arith;
pub mod dse;
mod eval;
#[cfg(test)]
mod expr_tests;
mod measure;
pub mod solve;
#[cfg(test)]
mod testing;

use crate::genes::Value;
use crate::record::concolic;
use crate::record::expr;
use crate::record::recorder;
use crate::record::subject::Subject;
use crate::record::trace::Trace;

/// What a concolic execution of one input found.
#[derive(Debug)]
pub struct Execution {
    pub trace: Trace,
    pub path: Vec<concolic::PathEntry>,
    /// The input variables and their values in this execution.
    pub vars: Vec<expr::Var>,
    pub env: Vec<expr::Val>,
}

/// Runs `subject` on `value` with shadows on.
pub fn execute(subject: &Subject, value: &Value, step_budget: u64) -> Execution {
    let vars = concolic::variables(&subject.shape);
    let env = concolic::decode(&subject.shape, value);
    let state = concolic::Concolic::new(&subject.meta.shadow, env.clone(), &vars);
    let (_, trace, state) = recorder::record_concolic(subject.meta, step_budget, state, || {
        (subject.exec)(value, false)
    });
    Execution {
        trace,
        path: state.into_path(),
        vars,
        env,
    }
}
