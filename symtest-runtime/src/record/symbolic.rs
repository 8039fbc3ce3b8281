//! The symbolically enhanced fitness (*Symbolic Search Based Testing* §III): path conditions
//! computed at compile time by `#[symtest]`, evaluated on the locals' values snapshotted at the
//! decision where execution diverged. `ff_i = approximation level_i + Σ ν(distance of each
//! kept condition)`, and `eff_n` is the smallest over the paths.

use crate::record::distance::{CmpOp, K, Scalar, compare, normalize};

mod table;

pub use table::{PathTable, cmp_op};

/// A token of a value in reverse Polish notation, over the snapshot of one decision.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Tok {
    /// The `i`-th local of the decision's snapshot.
    Var(u16),
    Int(i128),
    Float(f64),
    Bool(bool),
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Neg,
    Not,
    /// `as` a float type.
    AsFloat,
    /// `as` an integer type of `bits` bits, `signed` or not (wrapping, as `as` does).
    AsInt {
        bits: u8,
        signed: bool,
    },
    /// A comparison of the two values below, as a boolean.
    Rel(CmpOp),
    /// Boolean `&&` and `||` of the two values below (both already evaluated: path conditions
    /// have no side effects).
    And,
    Or,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CondOp {
    Cmp(CmpOp),
    /// The value is a boolean that must be true.
    Truthy,
}

/// A condition that must hold along a path.
#[derive(Debug)]
pub struct SymCond {
    pub op: CondOp,
    pub lhs: Vec<Tok>,
    pub rhs: Vec<Tok>,
}

/// One path from a decision to a target.
#[derive(Debug)]
pub struct SymProduct {
    pub conditions: Vec<SymCond>,
    /// Conditions dropped at compile time (approximation level).
    pub dropped: u32,
}

/// The paths from decision `decision` taking `outcome` to one target.
#[derive(Debug)]
pub struct PathsFrom {
    pub decision: u32,
    pub outcome: u32,
    pub products: Vec<SymProduct>,
}

/// For one branch (target): the paths from every decision it is transitively control
/// dependent on.
#[derive(Debug)]
pub struct TargetPaths {
    pub decision: u32,
    pub outcome: u32,
    pub from: Vec<PathsFrom>,
}

/// A snapshotted local.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Num {
    Int(i128),
    Float(f64),
    Bool(bool),
}

impl Num {
    pub fn of(scalar: Scalar<'_>) -> Option<Num> {
        Some(match scalar {
            Scalar::Signed(value) => Num::Int(value),
            Scalar::Unsigned(value) => Num::Int(i128::try_from(value).ok()?),
            Scalar::Float(value) => Num::Float(value),
            Scalar::Bool(value) => Num::Bool(value),
            Scalar::Char(value) => Num::Int(i128::from(u32::from(value))),
            Scalar::Str(_) => return None,
        })
    }

    fn scalar(self) -> Scalar<'static> {
        match self {
            Num::Int(value) => Scalar::Signed(value),
            Num::Float(value) => Scalar::Float(value),
            Num::Bool(value) => Scalar::Bool(value),
        }
    }
}

/// Evaluates `tokens` on `values`; `None` when a value is missing or the arithmetic would
/// fail (overflow of i128, division by zero): the condition is then unknown.
pub fn evaluate(tokens: &[Tok], values: &[Option<Num>]) -> Option<Num> {
    let mut stack: Vec<Num> = Vec::with_capacity(tokens.len());
    for token in tokens {
        let value = match *token {
            Tok::Var(index) => values.get(usize::from(index)).copied().flatten()?,
            Tok::Int(value) => Num::Int(value),
            Tok::Float(value) => Num::Float(value),
            Tok::Bool(value) => Num::Bool(value),
            Tok::Neg => match stack.pop()? {
                Num::Int(value) => Num::Int(value.checked_neg()?),
                Num::Float(value) => Num::Float(-value),
                Num::Bool(_) => return None,
            },
            Tok::Not => match stack.pop()? {
                Num::Bool(value) => Num::Bool(!value),
                Num::Int(value) => Num::Int(!value),
                Num::Float(_) => return None,
            },
            Tok::AsFloat => match stack.pop()? {
                Num::Int(value) => Num::Float(value as f64),
                Num::Float(value) => Num::Float(value),
                Num::Bool(value) => Num::Float(f64::from(u8::from(value))),
            },
            Tok::AsInt { bits, signed } => {
                let value = match stack.pop()? {
                    Num::Int(value) => value,
                    Num::Float(value) => value as i128,
                    Num::Bool(value) => i128::from(value),
                };
                Num::Int(truncate(value, bits, signed))
            }
            Tok::Rel(op) => {
                let right = stack.pop()?;
                let left = stack.pop()?;
                Num::Bool(compare(op, left.scalar(), right.scalar()).outcome())
            }
            Tok::And | Tok::Or => match (stack.pop()?, stack.pop()?) {
                (Num::Bool(right), Num::Bool(left)) => Num::Bool(if *token == Tok::And {
                    left && right
                } else {
                    left || right
                }),
                _ => return None,
            },
            op => {
                let right = stack.pop()?;
                let left = stack.pop()?;
                arithmetic(op, left, right)?
            }
        };
        stack.push(value);
    }
    stack.pop()
}

/// `value as` an integer of `bits` bits.
fn truncate(value: i128, bits: u8, signed: bool) -> i128 {
    if bits >= 128 {
        return value;
    }
    let mask = (1i128 << bits) - 1;
    let low = value & mask;
    if signed && low >> (bits - 1) & 1 == 1 {
        low - (1i128 << bits)
    } else {
        low
    }
}

fn arithmetic(op: Tok, left: Num, right: Num) -> Option<Num> {
    Some(match (left, right) {
        (Num::Int(a), Num::Int(b)) => Num::Int(match op {
            Tok::Add => a.checked_add(b)?,
            Tok::Sub => a.checked_sub(b)?,
            Tok::Mul => a.checked_mul(b)?,
            Tok::Div => a.checked_div(b)?,
            Tok::Rem => a.checked_rem(b)?,
            _ => return None,
        }),
        (Num::Float(a), Num::Float(b)) => Num::Float(match op {
            Tok::Add => a + b,
            Tok::Sub => a - b,
            Tok::Mul => a * b,
            Tok::Div => a / b,
            Tok::Rem => a % b,
            _ => return None,
        }),
        _ => return None,
    })
}

/// Branch distance of a condition that must hold; `None` when it cannot be evaluated.
pub fn condition_distance(condition: &SymCond, values: &[Option<Num>]) -> Option<f64> {
    let left = evaluate(&condition.lhs, values)?;
    match condition.op {
        CondOp::Truthy => match left {
            Num::Bool(true) => Some(0.0),
            Num::Bool(false) => Some(K),
            _ => None,
        },
        CondOp::Cmp(op) => {
            let right = evaluate(&condition.rhs, values)?;
            Some(compare(op, left.scalar(), right.scalar()).to_true)
        }
    }
}

/// The products' part of `eff_n`: the smallest `approximation level + Σ ν(distance)` over the
/// paths after the decision (whose own, measured distance the caller adds); a condition that
/// cannot be evaluated counts like a dropped one. `None` without products.
///
/// The second value is the sum of the raw distances of that product: a tie-breaker with the
/// same direction, for when ν rounds large distances to the same `f64` (see
/// [`Fitness`](crate::record::fitness::Fitness)).
pub fn enhanced_distance(products: &[SymProduct], values: &[Option<Num>]) -> Option<(f64, f64)> {
    products
        .iter()
        .map(|product| {
            let mut fitness = f64::from(product.dropped);
            let mut raw = 0.0;
            for condition in &product.conditions {
                match condition_distance(condition, values) {
                    Some(distance) => {
                        fitness += normalize(distance);
                        raw += distance;
                    }
                    None => fitness += 1.0,
                }
            }
            (fitness, raw)
        })
        .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.total_cmp(&b.1)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(value: i128) -> Option<Num> {
        Some(Num::Int(value))
    }

    #[test]
    fn expressions_evaluate_in_reverse_polish_notation() {
        // (x + 5) * (x + 5) with x = 2
        let tokens = [
            Tok::Var(0),
            Tok::Int(5),
            Tok::Add,
            Tok::Var(0),
            Tok::Int(5),
            Tok::Add,
            Tok::Mul,
        ];
        assert_eq!(evaluate(&tokens, &[int(2)]), int(49));
        assert_eq!(
            evaluate(&[Tok::Var(0), Tok::Int(0), Tok::Div], &[int(7)]),
            None,
            "division by zero"
        );
        assert_eq!(evaluate(&[Tok::Var(1)], &[int(7)]), None, "missing local");
        assert_eq!(
            evaluate(&[Tok::Int(i128::MAX), Tok::Int(1), Tok::Add], &[]),
            None,
            "overflow"
        );
        assert_eq!(
            evaluate(
                &[
                    Tok::Int(300),
                    Tok::AsInt {
                        bits: 8,
                        signed: false
                    }
                ],
                &[]
            ),
            int(44)
        );
        assert_eq!(
            evaluate(
                &[
                    Tok::Int(200),
                    Tok::AsInt {
                        bits: 8,
                        signed: true
                    }
                ],
                &[]
            ),
            int(-56)
        );
        assert_eq!(
            evaluate(&[Tok::Int(3), Tok::AsFloat, Tok::Float(0.5), Tok::Mul], &[]),
            Some(Num::Float(1.5))
        );
    }

    /// The paper's Figure 2 path: `n > 0`, `0 < n`, `a == n`, three conditions dropped.
    fn figure_2() -> Vec<SymProduct> {
        let table = table::decode("T0,0 F0,0 P3 C> v0 | i0 C< i0 | v0 C== v1 | v0");
        table.expect("decodes").remove(0).from.remove(0).products
    }

    #[test]
    fn the_enhanced_distance_of_the_paper_example_by_hand() {
        // n = -4, a = 2: n > 0 is 5 away (−4 − 0 + K), 0 < n too, a == n is 6 away.
        let values = [int(-4), int(2)];
        let expected = 3.0 + 5.0 / 6.0 + 5.0 / 6.0 + 6.0 / 7.0;
        let (eff, raw) = enhanced_distance(&figure_2(), &values).unwrap_or((f64::NAN, f64::NAN));
        assert_eq!(raw, 16.0);
        assert!((eff - expected).abs() < 1e-12, "{eff} vs {expected}");
        // n = 3, a = 3: everything that can be checked holds; only the dropped three remain.
        assert_eq!(
            enhanced_distance(&figure_2(), &[int(3), int(3)]),
            Some((3.0, 0.0))
        );
        // A local that was not snapshotted makes its conditions count as dropped.
        assert_eq!(
            enhanced_distance(&figure_2(), &[int(3), None]),
            Some((4.0, 0.0))
        );
        assert_eq!(enhanced_distance(&[], &[int(3)]), None);
    }
}
