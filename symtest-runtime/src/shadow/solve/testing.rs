//! Helpers shared by the solver's tests: variables, constraints, and running the solver with
//! a fixed seed and budget while checking what it returns.

use rand::SeedableRng;

use super::moves::fits;
use super::{Constraint, Solver};
use crate::genes::random::Rng;
use crate::record::expr::{Expr, Ty, Val, Var};

pub(crate) fn holds(e: Expr) -> Constraint {
    Constraint {
        expr: e,
        want: true,
    }
}

pub(crate) fn scalar(ty: Ty) -> Var {
    Var { ty, max_len: 0 }
}

pub(crate) fn string(max_len: usize) -> Var {
    Var {
        ty: Ty::Str,
        max_len,
    }
}

pub(crate) fn string_val(value: &str) -> Val {
    Val::Str(value.into())
}

/// Runs the solver; returns its answer and the evaluations it used.
pub(crate) fn run(
    vars: &[Var],
    constraints: &[Constraint],
    start: &[Val],
    budget: u64,
    seed: u64,
    exact_steps: bool,
) -> (Option<Vec<Val>>, u64) {
    let mut solver = Solver::new(vars, constraints, budget);
    let mut rng = Rng::seed_from_u64(seed);
    let solution = solver.run(start, &mut rng, exact_steps);
    assert!(solver.used <= budget, "{} of {budget}", solver.used);
    (solution, solver.used)
}

/// Asserts `solution` satisfies every constraint and fits every variable.
pub(crate) fn assert_solves(vars: &[Var], constraints: &[Constraint], solution: &[Val]) {
    assert_eq!(solution.len(), vars.len());
    for (var, value) in vars.iter().zip(solution) {
        assert!(fits(var, value), "{value:?} does not fit {var:?}");
    }
    for constraint in constraints {
        let outcome = constraint.expr.eval(solution);
        assert_eq!(outcome, Ok(Val::Bool(constraint.want)), "{solution:?}");
    }
}

/// Solves with exact steps and AVM; the solution, checked.
pub(crate) fn solved(vars: &[Var], constraints: &[Constraint], start: &[Val]) -> (Vec<Val>, u64) {
    let (solution, used) = run(vars, constraints, start, 2_000, 1, true);
    let solution = solution.unwrap_or_else(|| panic!("unsolved after {used}"));
    assert_solves(vars, constraints, &solution);
    (solution, used)
}
