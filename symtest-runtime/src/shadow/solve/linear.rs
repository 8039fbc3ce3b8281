//! An exact step for systems of linear integer equations (`x == y`, `y == z + 7`,
//! `x == 2 * z - 5`): the one-variable steps fix one equation and break another, and the
//! AVM moves at most two variables at once, so three variables tied together are solved here
//! by Gaussian elimination over the rationals. Variables the system leaves free keep their
//! current values; a solution that is not integral is no step.

use std::collections::BTreeMap;

use crate::record::expr::{Binary, Env, Expr, Node, Ty, Unary, Val};

/// `Σ coefficient · variable + constant == 0`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Equation {
    coefficients: BTreeMap<usize, i128>,
    constant: i128,
}

impl Equation {
    /// `left == right` as an equation, when both sides are linear in integer variables.
    pub(super) fn of(predicate: &Expr, want: bool) -> Option<Equation> {
        let Node::Binary(op, left, right) = &predicate.node else {
            return None;
        };
        let equal = matches!((op, want), (Binary::Eq, true) | (Binary::Ne, false));
        if !equal || !matches!(left.ty, Ty::Int(_) | Ty::AnyInt) {
            return None;
        }
        let left = linear(left)?;
        let right = linear(right)?;
        left.combine(&right, -1)
    }

    fn combine(&self, other: &Equation, factor: i128) -> Option<Equation> {
        let mut sum = self.clone();
        for (&var, &coefficient) in &other.coefficients {
            let entry = sum.coefficients.entry(var).or_insert(0);
            *entry = entry.checked_add(coefficient.checked_mul(factor)?)?;
        }
        sum.coefficients.retain(|_, coefficient| *coefficient != 0);
        sum.constant = sum
            .constant
            .checked_add(other.constant.checked_mul(factor)?)?;
        Some(sum)
    }

    fn scaled(&self, factor: i128) -> Option<Equation> {
        Equation::default().combine(self, factor)
    }
}

/// The linear form of an integer expression; `None` for anything else (wrapping operations
/// included: their solutions would need the modulus).
fn linear(e: &Expr) -> Option<Equation> {
    match &e.node {
        Node::Var(var) if matches!(e.ty, Ty::Int(_)) => Some(Equation {
            coefficients: BTreeMap::from([(*var, 1)]),
            constant: 0,
        }),
        Node::Const(Val::Int(value)) | Node::Opaque(Val::Int(value)) => Some(Equation {
            coefficients: BTreeMap::new(),
            constant: *value,
        }),
        Node::Unary(Unary::Neg, operand) => linear(operand)?.scaled(-1),
        Node::Binary(Binary::Add, a, b) => linear(a)?.combine(&linear(b)?, 1),
        Node::Binary(Binary::Sub, a, b) => linear(a)?.combine(&linear(b)?, -1),
        Node::Binary(Binary::Mul, a, b) => {
            let (a, b) = (linear(a)?, linear(b)?);
            match (a.coefficients.is_empty(), b.coefficients.is_empty()) {
                (true, _) => b.scaled(a.constant),
                (_, true) => a.scaled(b.constant),
                _ => None,
            }
        }
        // A widening cast (`u64::from(x)`) keeps the value; narrowing ones may wrap, but the
        // evaluation of the whole system afterwards rejects any step that does.
        Node::Cast(operand) if matches!(operand.ty, Ty::Int(_)) => linear(operand),
        _ => None,
    }
}

/// A fraction with a positive denominator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Ratio {
    numerator: i128,
    denominator: i128,
}

impl Ratio {
    fn int(value: i128) -> Ratio {
        Ratio {
            numerator: value,
            denominator: 1,
        }
    }

    fn new(numerator: i128, denominator: i128) -> Option<Ratio> {
        if denominator == 0 {
            return None;
        }
        let divisor = gcd(numerator, denominator).max(1);
        let sign = if denominator < 0 { -1 } else { 1 };
        Some(Ratio {
            numerator: (numerator / divisor).checked_mul(sign)?,
            denominator: (denominator / divisor).checked_mul(sign)?,
        })
    }

    fn sub(self, other: Ratio) -> Option<Ratio> {
        Ratio::new(
            self.numerator
                .checked_mul(other.denominator)?
                .checked_sub(other.numerator.checked_mul(self.denominator)?)?,
            self.denominator.checked_mul(other.denominator)?,
        )
    }

    fn mul(self, other: Ratio) -> Option<Ratio> {
        Ratio::new(
            self.numerator.checked_mul(other.numerator)?,
            self.denominator.checked_mul(other.denominator)?,
        )
    }

    fn div(self, other: Ratio) -> Option<Ratio> {
        Ratio::new(
            self.numerator.checked_mul(other.denominator)?,
            self.denominator.checked_mul(other.numerator)?,
        )
    }

    fn is_zero(self) -> bool {
        self.numerator == 0
    }
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i128::try_from(a).unwrap_or(i128::MAX)
}

/// Values for the variables of `equations` that satisfy all of them, the variables the system
/// leaves free kept at their values in `env`; `None` when the system is inconsistent, has no
/// integral solution with those free values, or its arithmetic overflows.
pub(super) fn solve(equations: &[Equation], env: &Env) -> Option<Vec<(usize, i128)>> {
    let vars: Vec<usize> = equations
        .iter()
        .flat_map(|equation| equation.coefficients.keys().copied())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    // Rows of the augmented matrix: coefficients, then the right-hand side (−constant).
    let mut rows: Vec<Vec<Ratio>> = equations
        .iter()
        .map(|equation| {
            let mut row: Vec<Ratio> = vars
                .iter()
                .map(|var| Ratio::int(equation.coefficients.get(var).copied().unwrap_or(0)))
                .collect();
            row.push(Ratio::int(equation.constant.checked_neg()?));
            Some(row)
        })
        .collect::<Option<_>>()?;
    let mut pivots: Vec<(usize, usize)> = Vec::new();
    let mut next_row = 0;
    for column in 0..vars.len() {
        let Some(found) = (next_row..rows.len()).find(|&row| !rows[row][column].is_zero()) else {
            continue;
        };
        rows.swap(next_row, found);
        let pivot = rows[next_row][column];
        for entry in &mut rows[next_row] {
            *entry = entry.div(pivot)?;
        }
        let pivot_row = rows[next_row].clone();
        for (index, row) in rows.iter_mut().enumerate() {
            let factor = row[column];
            if index == next_row || factor.is_zero() {
                continue;
            }
            for (entry, &pivot_entry) in row.iter_mut().zip(&pivot_row) {
                *entry = entry.sub(factor.mul(pivot_entry)?)?;
            }
        }
        pivots.push((next_row, column));
        next_row += 1;
    }
    // A row 0 = c with c ≠ 0: inconsistent.
    if rows[next_row..]
        .iter()
        .any(|row| !row[vars.len()].is_zero())
    {
        return None;
    }
    let current = |var: usize| match env.get(var) {
        Some(Val::Int(value)) => Some(*value),
        _ => None,
    };
    let pivot_columns: Vec<usize> = pivots.iter().map(|&(_, column)| column).collect();
    let mut solution = Vec::new();
    for &(row, column) in &pivots {
        // pivot = rhs − Σ (free coefficient · its current value)
        let mut value = rows[row][vars.len()];
        for (other, &var) in vars.iter().enumerate() {
            if other == column || pivot_columns.contains(&other) {
                continue;
            }
            value = value.sub(rows[row][other].mul(Ratio::int(current(var)?))?)?;
        }
        if value.denominator != 1 {
            return None;
        }
        solution.push((vars[column], value.numerator));
    }
    Some(solution)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::IntKind;
    use crate::record::expr::expr;

    const I64: Ty = Ty::Int(IntKind::I64);

    fn var(index: usize) -> Expr {
        expr(Node::Var(index), I64)
    }

    fn int(value: i128) -> Expr {
        expr(Node::Const(Val::Int(value)), I64)
    }

    fn bin(op: Binary, a: Expr, b: Expr) -> Expr {
        let ty = if op == Binary::Eq { Ty::Bool } else { a.ty };
        expr(Node::Binary(op, a, b), ty)
    }

    #[test]
    fn three_equations_in_three_variables_have_their_one_solution() {
        // x == y, y == z + 7, x == 2 * z - 5  →  z = 12, x = y = 19
        let equations: Vec<Equation> = [
            bin(Binary::Eq, var(0), var(1)),
            bin(Binary::Eq, var(1), bin(Binary::Add, var(2), int(7))),
            bin(
                Binary::Eq,
                var(0),
                bin(Binary::Sub, bin(Binary::Mul, int(2), var(2)), int(5)),
            ),
        ]
        .iter()
        .map(|e| Equation::of(e, true).expect("linear"))
        .collect();
        let env = [Val::Int(0), Val::Int(0), Val::Int(0)];
        let mut solution = solve(&equations, &env).expect("solvable");
        solution.sort();
        assert_eq!(solution, [(0, 19), (1, 19), (2, 12)]);
    }

    #[test]
    fn free_variables_keep_their_values_and_fractions_are_no_solution() {
        // x + y == 10 with y free at 3: x = 7.
        let sum = Equation::of(
            &bin(Binary::Eq, bin(Binary::Add, var(0), var(1)), int(10)),
            true,
        )
        .expect("linear");
        let env = [Val::Int(0), Val::Int(3)];
        assert_eq!(solve(std::slice::from_ref(&sum), &env), Some(vec![(0, 7)]));
        // 2x == 3 has no integral solution; x == 1 and x == 2 none at all.
        let half = Equation::of(
            &bin(Binary::Eq, bin(Binary::Mul, int(2), var(0)), int(3)),
            true,
        )
        .expect("linear");
        assert_eq!(solve(&[half], &env), None);
        let one = Equation::of(&bin(Binary::Eq, var(0), int(1)), true).expect("linear");
        let two = Equation::of(&bin(Binary::Eq, var(0), int(2)), true).expect("linear");
        assert_eq!(solve(&[one, two], &env), None);
    }

    #[test]
    fn nonlinear_and_wrapping_terms_are_not_equations() {
        let square = bin(Binary::Mul, var(0), var(0));
        assert_eq!(Equation::of(&bin(Binary::Eq, square, int(4)), true), None);
        assert_eq!(Equation::of(&bin(Binary::Eq, var(0), int(4)), false), None);
    }
}
