//! Inverting the operations of an exact step: the goal on an operand for a goal on the result
//! of arithmetic (by division, negation or a modular inverse), a cast, or a modelled call,
//! with bounds rounded the way the new relation needs and kept inside the operand's type.

use super::exact::{Goal, Rel, push, resize, set_char, set_item};
use crate::genes::{FloatKind, IntKind};
use crate::record::expr::{self, Binary, Env, Expr, Method, Ty, Unary, Val};
use crate::record::expr::{int_max, int_min};
use crate::shadow::arith::{self, Arith, Overflow};
use crate::shadow::{eval, text};

/// The goal on `a` for a goal on `f(a)`, `f` increasing (or decreasing) with `inverse`
/// computing `f⁻¹` of a bound, rounded as the new relation needs. A bound beyond the type
/// that every value meets becomes the type's extreme; one that none meets ends the step.
fn map_int(
    goal: &Goal,
    kind: IntKind,
    decreasing: bool,
    inverse: impl Fn(i128, Rel) -> Result<i128, Overflow>,
) -> Option<Goal> {
    let (rel, bound) = goal.int()?;
    let rel = if decreasing { rel.flip() } else { rel };
    let bound = match (rel, inverse(bound, rel)) {
        (_, Ok(value)) => value,
        (Rel::Ge, Err(Overflow::Below)) => int_min(kind),
        (Rel::Le, Err(Overflow::Above)) => int_max(kind),
        _ => return None,
    };
    Some(Goal::Bound(rel, Val::Int(bound)))
}

/// [`map_int`] for floats, rounding the bound to the operand's precision.
fn map_float(
    goal: &Goal,
    kind: FloatKind,
    decreasing: bool,
    inverse: impl Fn(f64) -> f64,
) -> Option<Goal> {
    let (rel, bound) = goal.float()?;
    let rel = if decreasing { rel.flip() } else { rel };
    let bound = arith::round(kind, inverse(bound));
    bound
        .is_finite()
        .then_some(Goal::Bound(rel, Val::Float(bound)))
}

/// `t / c` rounded up for a lower bound, down for an upper one, exact for an equation (which
/// fails when `c` does not divide `t`).
fn divide(kind: IntKind, t: i128, c: i128, rel: Rel) -> Result<i128, Overflow> {
    let quotient = arith::checked(kind, Arith::Div, t, c)?;
    let remainder = arith::checked(kind, Arith::Rem, t, c)?;
    if remainder == 0 {
        return Ok(quotient);
    }
    let negative = |value: i128| kind.signed() && value < 0;
    // The exact quotient lies above the truncated one when remainder and divisor agree in sign.
    let exact_above = negative(remainder) == negative(c);
    match rel {
        Rel::Eq => Err(Overflow::DivByZero),
        Rel::Ge if exact_above => arith::checked(kind, Arith::Add, quotient, 1),
        Rel::Le if !exact_above => arith::checked(kind, Arith::Sub, quotient, 1),
        _ => Ok(quotient),
    }
}

/// The inverse of an odd `c` modulo 2^128 (Newton's iteration doubles the correct bits).
fn odd_inverse(c: i128) -> i128 {
    let mut inverse = c;
    for _ in 0..7 {
        inverse = inverse.wrapping_mul(2i128.wrapping_sub(c.wrapping_mul(inverse)));
    }
    inverse
}

pub(super) fn invert_unary(op: Unary, ty: Ty, goal: Goal) -> Option<Goal> {
    if let Some(kind) = expr::int_kind(ty) {
        return match op {
            Unary::Neg => map_int(&goal, kind, true, |t, _| {
                arith::checked(kind, Arith::Sub, 0, t)
            }),
            Unary::Not => map_int(&goal.at_bound()?, kind, false, |t, _| {
                Ok(arith::wrap(kind, !t))
            }),
        };
    }
    match (op, expr::float_kind(ty)) {
        (Unary::Neg, Some(kind)) => map_float(&goal, kind, true, |t| -t),
        _ => None,
    }
}

/// The goal on the symbolic operand of `a op b` (`a` when `left`), the other being `constant`.
pub(super) fn invert_binary(
    op: Binary,
    left: bool,
    ty: Ty,
    goal: Goal,
    constant: &Val,
) -> Option<Goal> {
    if let (Some(kind), Val::Int(c)) = (expr::int_kind(ty), constant) {
        let c = *c;
        let negative = kind.signed() && c < 0;
        return match (op, left) {
            (Binary::Add, _) => map_int(&goal, kind, false, |t, _| {
                arith::checked(kind, Arith::Sub, t, c)
            }),
            (Binary::Sub, true) => map_int(&goal, kind, false, |t, _| {
                arith::checked(kind, Arith::Add, t, c)
            }),
            (Binary::Sub, false) => map_int(&goal, kind, true, |t, _| {
                arith::checked(kind, Arith::Sub, c, t)
            }),
            (Binary::Mul, _) if c != 0 => {
                map_int(&goal, kind, negative, |t, rel| divide(kind, t, c, rel))
            }
            (Binary::Div, true) if c != 0 => map_int(&goal.at_bound()?, kind, false, |t, _| {
                arith::checked(kind, Arith::Mul, t, c)
            }),
            (Binary::BitXor, _) => map_int(&goal.at_bound()?, kind, false, |t, _| {
                Ok(arith::wrap(kind, t ^ c))
            }),
            _ => None,
        };
    }
    let (Some(kind), Val::Float(c)) = (expr::float_kind(ty), constant) else {
        return None;
    };
    let c = *c;
    if !c.is_finite() {
        return None;
    }
    match (op, left) {
        (Binary::Add, _) => map_float(&goal, kind, false, |t| t - c),
        (Binary::Sub, true) => map_float(&goal, kind, false, |t| t + c),
        (Binary::Sub, false) => map_float(&goal, kind, true, |t| c - t),
        (Binary::Mul, _) if c != 0.0 => map_float(&goal, kind, c < 0.0, |t| t / c),
        (Binary::Div, true) if c != 0.0 => map_float(&goal, kind, c < 0.0, |t| t * c),
        _ => None,
    }
}

/// The goal on the left operand of a shift, or either operand of a mask, by the constant
/// `constant`, as code that reads bit fields needs: `(x >> 32) == t` sets the bits above the
/// low word to `t` and keeps the low word `x` has (`current`); `(x & m) == t` sets the bits of
/// `m`, `(x | m) == t` the bits outside it. A bound is met at the bound. `None` when no operand
/// gives the goal's value (it has bits the shift or mask cannot produce).
pub(super) fn invert_bits(
    op: Binary,
    ty: Ty,
    goal: Goal,
    constant: (&Val, Ty),
    current: Option<&Val>,
) -> Option<Goal> {
    let kind = expr::int_kind(ty)?;
    let (_, wanted) = goal.at_bound()?.int()?;
    let Val::Int(c) = *constant.0 else {
        return None;
    };
    let all = u128::MAX >> (128 - kind.bits());
    let pattern = |value: i128| value as u128 & all;
    let (t, current) = (
        pattern(wanted),
        current.map_or(0, |v| match v {
            Val::Int(value) => pattern(*value),
            _ => 0,
        }),
    );
    let operand = match op {
        Binary::Shr | Binary::Shl => {
            let amount = u32::try_from(c).ok().filter(|&k| k < kind.bits())?;
            let (placed, kept) = match op {
                Binary::Shr => (t << amount, (1u128 << amount) - 1),
                _ => (t >> amount, all & !(all >> amount)),
            };
            (placed & !kept) | (current & kept)
        }
        Binary::BitAnd => (current & !pattern(c)) | (t & pattern(c)),
        Binary::BitOr => (current & pattern(c)) | (t & !pattern(c)),
        _ => return None,
    };
    let operand = Val::Int(arith::wrap(kind, (operand & all) as i128));
    let result = eval::binary(op, ty, (&operand, ty), constant).ok()?;
    (result == Val::Int(wanted)).then_some(Goal::Bound(Rel::Eq, operand))
}

/// Whether every value of `from` is a value of `to`.
fn widens(from: IntKind, to: IntKind) -> bool {
    (from.signed() == to.signed() && from.bits() <= to.bits())
        || (!from.signed() && to.signed() && from.bits() < to.bits())
}

/// The goal on `a` for a goal on `a as to` (`a` of type `from`, now `current`).
pub(super) fn invert_cast(from: Ty, to: Ty, goal: Goal, current: Option<&Val>) -> Option<Goal> {
    match (
        from,
        expr::int_kind(from),
        expr::int_kind(to),
        expr::float_kind(to),
    ) {
        (_, Some(source), Some(target), _) if widens(source, target) => {
            let (lo, hi) = (int_min(source), int_max(source));
            map_int(&goal, source, false, |t, _| {
                if arith::int_order(target, t, lo).is_lt() {
                    Err(Overflow::Below)
                } else if arith::int_order(target, t, hi).is_gt() {
                    Err(Overflow::Above)
                } else {
                    Ok(arith::wrap(source, t))
                }
            })
        }
        (_, Some(source), Some(target), _) => {
            // Narrowing or a change of sign: keep the bits the cast drops, set the others.
            let (_, t) = goal.at_bound()?.int()?;
            let current = match current {
                Some(Val::Int(value)) => *value,
                _ => 0,
            };
            let mask = if target.bits() >= source.bits() {
                -1
            } else {
                (1i128 << target.bits()) - 1
            };
            let value = arith::wrap(source, (current & !mask) | (t & mask));
            Some(Goal::Bound(Rel::Eq, Val::Int(value)))
        }
        (Ty::Char, None, Some(target), _) => {
            let (rel, t) = goal.int()?;
            let wide = target.bits() >= 32;
            let code = u32::try_from(t)
                .ok()
                .filter(|_| !target.signed() || t >= 0)?;
            let c = match (char::from_u32(code), rel, wide) {
                (Some(c), Rel::Eq, _) | (Some(c), _, true) => c,
                (None, Rel::Ge, true) if (0xD800..0xE000).contains(&code) => '\u{E000}',
                (None, Rel::Le, true) if (0xD800..0xE000).contains(&code) => '\u{D7FF}',
                (Some(c), _, false) => return Some(Goal::Bound(Rel::Eq, Val::Char(c))),
                _ => return None,
            };
            let rel = if wide { rel } else { Rel::Eq };
            Some(Goal::Bound(rel, Val::Char(c)))
        }
        (Ty::Bool, None, Some(_), _) => match goal.at_bound()?.int()? {
            (_, 0) => Some(Goal::Bound(Rel::Eq, Val::Bool(false))),
            (_, 1) => Some(Goal::Bound(Rel::Eq, Val::Bool(true))),
            _ => None,
        },
        (_, Some(source), None, None) if to == Ty::Char => {
            let Goal::Bound(rel, Val::Char(c)) = goal else {
                return None;
            };
            let code = i128::from(u32::from(c));
            let max = int_max(source);
            match rel {
                Rel::Le if code > max => Some(Goal::Bound(Rel::Le, Val::Int(max))),
                _ if code > max => None,
                _ => Some(Goal::Bound(rel, Val::Int(code))),
            }
        }
        (_, Some(source), None, Some(_)) => {
            let (rel, t) = goal.float()?;
            let t = match rel {
                Rel::Eq if t.fract() != 0.0 => return None,
                Rel::Ge => t.ceil(),
                Rel::Le => t.floor(),
                Rel::Eq => t,
            };
            map_int(&Goal::Bound(rel, Val::Int(0)), source, false, |_, _| {
                int_of_float(source, t)
            })
        }
        (_, None, Some(target), _) => {
            let (rel, t) = goal.int()?;
            let kind = expr::float_kind(from)?;
            let bound = arith::round(kind, arith::int_to_f64(target, t));
            Some(Goal::Bound(rel, Val::Float(bound)))
        }
        (_, None, None, Some(_)) => {
            let (rel, t) = goal.float()?;
            let kind = expr::float_kind(from)?;
            Some(Goal::Bound(rel, Val::Float(arith::round(kind, t))))
        }
        _ => None,
    }
}

/// An integral float as a value of `kind`, or which way it misses the range.
fn int_of_float(kind: IntKind, value: f64) -> Result<i128, Overflow> {
    let two_127 = 2f64.powi(127);
    let exact = if kind.signed() {
        if value < -two_127 {
            return Err(Overflow::Below);
        } else if value >= two_127 {
            return Err(Overflow::Above);
        }
        value as i128
    } else if value < 0.0 {
        return Err(Overflow::Below);
    } else if value >= 2.0 * two_127 {
        return Err(Overflow::Above);
    } else {
        value as u128 as i128
    };
    if arith::int_order(kind, exact, int_min(kind)).is_lt() {
        Err(Overflow::Below)
    } else if arith::int_order(kind, exact, int_max(kind)).is_gt() {
        Err(Overflow::Above)
    } else {
        Ok(exact)
    }
}

/// Carries `goal` through a call: wrapping arithmetic by its modular inverse, `checked_*` and
/// `saturating_*` like the operators, `abs`, `min` / `max` with a constant, `to_digit`,
/// `unwrap_or` into its option, an equation through `strip_prefix` / `strip_suffix` of a
/// constant, through `trim`, through a half of `split_once` / `rsplit_once` (the other half
/// kept) and through `parse` (the number's digits); and places it on a string or sequence
/// variable's length,
/// char or item.
pub(super) fn invert_call(
    method: Method,
    ty: Ty,
    args: &[Expr],
    goal: Goal,
    env: &Env,
) -> Option<(usize, Val)> {
    match (method, args) {
        (Method::Len | Method::CharCount, [s]) => return resize(s, method, &goal, env),
        (Method::CharAt, [s, index]) => return set_char(s, index, goal, env),
        (Method::ByteAt, [s, index]) => {
            let (_, byte) = goal.at_bound()?.int()?;
            let ascii = u8::try_from(byte).ok().filter(u8::is_ascii)?;
            return set_char(
                s,
                index,
                Goal::Bound(Rel::Eq, Val::Char(char::from(ascii))),
                env,
            );
        }
        (Method::Index, [items, index]) => return set_item(items, index, goal, env),
        (Method::UnwrapOr, [option, _]) if option.symbolic() => return push(option, goal, env),
        (Method::ParseInt, [s, _]) => {
            // The text of the number the goal is met at.
            let (_, number) = goal.at_bound()?.int()?;
            return push(
                s,
                Goal::Bound(Rel::Eq, Val::Str(number.to_string().into())),
                env,
            );
        }
        (
            Method::SplitOnceBefore
            | Method::SplitOnceAfter
            | Method::RsplitOnceBefore
            | Method::RsplitOnceAfter,
            [s, pattern],
        ) if !pattern.symbolic() => {
            // The string with the goal for that half and the other half as it is.
            let Goal::Bound(Rel::Eq, Val::Str(half)) = goal else {
                return None;
            };
            let current = text::current(s, env);
            let pattern = pattern.eval(env).ok()?;
            let whole = text::split_whole(method, current.as_deref(), &pattern, &half)?;
            return push(s, Goal::Bound(Rel::Eq, Val::Str(whole.into())), env);
        }
        _ => {}
    }
    let kind = expr::int_kind(ty);
    if let [a] = args {
        let goal = match method {
            Method::WrappingNeg => {
                let kind = kind?;
                let (_, t) = goal.at_bound()?.int()?;
                let negated = arith::wrapping(kind, Arith::Sub, 0, t).ok()?;
                Goal::Bound(Rel::Eq, Val::Int(negated))
            }
            Method::Abs => invert_abs(a, ty, goal, env)?,
            Method::ToBits => {
                let (_, bits) = goal.at_bound()?.int()?;
                let value = expr::float_kind(a.ty)?.from_bits(bits as u64);
                Goal::Bound(Rel::Eq, Val::Float(value))
            }
            Method::FromBits => {
                let Goal::Bound(_, Val::Float(value)) = goal.at_bound()? else {
                    return None;
                };
                let bits = expr::float_kind(ty)?.to_bits(value);
                Goal::Bound(Rel::Eq, Val::Int(i128::from(bits)))
            }
            Method::Trim | Method::TrimStart | Method::TrimEnd => {
                // The operand trimmed to the goal: the goal itself, when trimming leaves it.
                let Goal::Bound(Rel::Eq, Val::Str(t)) = &goal else {
                    return None;
                };
                let trimmed = match method {
                    Method::Trim => t.trim(),
                    Method::TrimStart => t.trim_start(),
                    _ => t.trim_end(),
                };
                (trimmed == &**t).then_some(goal)?
            }
            Method::ToAsciiUppercase | Method::ToAsciiLowercase => {
                let Goal::Bound(_, Val::Char(c)) = goal else {
                    return None;
                };
                let cased = match method {
                    Method::ToAsciiUppercase => c.to_ascii_uppercase(),
                    _ => c.to_ascii_lowercase(),
                };
                (cased == c).then_some(Goal::Bound(Rel::Eq, Val::Char(c)))?
            }
            _ => return None,
        };
        return push(a, goal, env);
    }
    let [a, b] = args else {
        return None;
    };
    let left = a.symbolic();
    let (symbolic, other) = if left { (a, b) } else { (b, a) };
    let constant = other.eval(env).ok()?;
    let goal = match method {
        Method::CheckedAdd | Method::SaturatingAdd => {
            invert_binary(Binary::Add, left, ty, goal, &constant)?
        }
        Method::CheckedSub | Method::SaturatingSub => {
            invert_binary(Binary::Sub, left, ty, goal, &constant)?
        }
        Method::CheckedMul | Method::SaturatingMul => {
            invert_binary(Binary::Mul, left, ty, goal, &constant)?
        }
        Method::CheckedDiv => invert_binary(Binary::Div, left, ty, goal, &constant)?,
        Method::WrappingAdd | Method::WrappingSub | Method::WrappingMul => {
            let (kind, Val::Int(c)) = (kind?, &constant) else {
                return None;
            };
            let c = *c;
            let t = goal.at_bound()?.int()?.1;
            let value = match (method, left) {
                (Method::WrappingAdd, _) => t.wrapping_sub(c),
                (Method::WrappingSub, true) => t.wrapping_add(c),
                (Method::WrappingSub, false) => c.wrapping_sub(t),
                _ if c & 1 == 1 => t.wrapping_mul(odd_inverse(c)),
                _ => return None,
            };
            Goal::Bound(Rel::Eq, Val::Int(arith::wrap(kind, value)))
        }
        Method::Min | Method::Max => invert_min_max(method, symbolic.ty, goal, &constant)?,
        Method::StripPrefix | Method::StripSuffix if left => {
            // The string that is the affix and the goal together.
            let Goal::Bound(Rel::Eq, Val::Str(t)) = goal else {
                return None;
            };
            let affix = text::pattern_text(&constant)?;
            let whole = match method {
                Method::StripPrefix => affix + &t,
                _ => t.to_string() + &affix,
            };
            Goal::Bound(Rel::Eq, Val::Str(whole.into()))
        }
        Method::ToDigit if left => {
            let (_, digit) = goal.at_bound()?.int()?;
            let Val::Int(radix) = constant else {
                return None;
            };
            let digit = char::from_digit(u32::try_from(digit).ok()?, u32::try_from(radix).ok()?)?;
            Goal::Bound(Rel::Eq, Val::Char(digit))
        }
        _ => return None,
    };
    push(symbolic, goal, env)
}

/// `|a|` meets the goal: `a` keeps its current sign.
fn invert_abs(a: &Expr, ty: Ty, goal: Goal, env: &Env) -> Option<Goal> {
    let negative = match a.eval(env).ok()? {
        Val::Int(value) => expr::int_kind(ty).is_some_and(|kind| kind.signed()) && value < 0,
        Val::Float(value) => value.is_sign_negative(),
        _ => return None,
    };
    if !negative {
        return Some(goal);
    }
    invert_unary(Unary::Neg, ty, goal)
}

/// `a.max(c)` / `a.min(c)` meets the goal.
fn invert_min_max(method: Method, ty: Ty, goal: Goal, constant: &Val) -> Option<Goal> {
    use std::cmp::Ordering::{Equal, Greater, Less};
    let Goal::Bound(rel, bound) = goal else {
        return None;
    };
    let order = eval::order(&bound, constant, ty).ok()??;
    let max = method == Method::Max;
    match (rel, order, max) {
        // max(a, c) == t: a == t above c, a <= c at c; min mirrored.
        (Rel::Eq, Greater, true) | (Rel::Eq, Less, false) => Some(Goal::Bound(Rel::Eq, bound)),
        (Rel::Eq, Equal, true) => Some(Goal::Bound(Rel::Le, bound)),
        (Rel::Eq, Equal, false) => Some(Goal::Bound(Rel::Ge, bound)),
        (Rel::Eq, _, _) => None,
        (Rel::Ge, _, true) | (Rel::Le, _, false) => Some(Goal::Bound(rel, bound)),
        (Rel::Le, Less, true) | (Rel::Ge, Greater, false) => None,
        (_, _, _) => Some(Goal::Bound(rel, bound)),
    }
}

#[cfg(test)]
mod tests {
    use crate::record::expr::{Binary, Method, Node, Unary, Val, expr};
    use crate::shadow::solve::Constraint;
    use crate::shadow::solve::testing::*;
    use crate::shadow::testing::*;

    #[test]
    fn wrapping_multiplication_by_an_odd_constant_is_inverted_modulo_the_width() {
        let x = var(0, U32);
        let hashed = call(Method::WrappingMul, vec![x, int(0x9E37_79B1, U32)], U32);
        let mixed = bin(Binary::BitXor, hashed, int(0x55, U32));
        let constraints = [holds(bin(Binary::Eq, mixed, int(0x1234, U32)))];
        let (solution, used) = solved(&[scalar(U32)], &constraints, &[Val::Int(7)]);
        let Val::Int(x) = solution[0] else {
            panic!("{solution:?}")
        };
        assert_eq!((x as u32).wrapping_mul(0x9E37_79B1) ^ 0x55, 0x1234);
        assert_eq!(used, 2);
    }

    #[test]
    fn chains_of_xor_add_sub_neg_not_and_casts_are_inverted() {
        let x = || var(0, I32);
        let widened = expr(Node::Cast(x()), I64);
        let chain = bin(
            Binary::Sub,
            bin(
                Binary::BitXor,
                bin(Binary::Add, widened, int(-1000, I64)),
                int(7, I64),
            ),
            int(2, I64),
        );
        let negated = expr(
            Node::Unary(Unary::Neg, bin(Binary::Sub, int(100, I32), x())),
            I32,
        );
        let inverted = expr(Node::Unary(Unary::Not, x()), I32);
        let narrowed = expr(Node::Cast(x()), U8);
        let wrapped = call(Method::WrappingSub, vec![int(5, I32), x()], I32);
        let cases = [
            (bin(Binary::Eq, chain, int(-5, I64)), 0x1234),
            (bin(Binary::Eq, negated, int(-58, I32)), 0),
            (bin(Binary::Eq, inverted, int(5, I32)), 0),
            (bin(Binary::Eq, narrowed, int(200, U8)), 0x1234),
            (bin(Binary::Eq, wrapped, int(i32::MIN.into(), I32)), 0),
        ];
        for (predicate, start) in cases {
            let constraints = [holds(predicate)];
            let (_, used) = solved(&[scalar(I32)], &constraints, &[Val::Int(start)]);
            assert_eq!(used, 2, "{:?}", constraints[0].expr);
        }
        let constraints = [holds(bin(
            Binary::Eq,
            expr(Node::Cast(var(0, I32)), U8),
            int(200, U8),
        ))];
        let (solution, _) = solved(&[scalar(I32)], &constraints, &[Val::Int(0x1234)]);
        assert_eq!(
            solution,
            [Val::Int(0x12C8)],
            "the bits the cast drops are kept"
        );
    }

    #[test]
    fn orderings_take_the_nearest_boundary_value() {
        let x = || var(0, I32);
        let cases = [
            (bin(Binary::Gt, x(), int(5, I32)), 0, 6),
            (bin(Binary::Lt, x(), int(5, I32)), 100, 4),
            (
                bin(
                    Binary::Le,
                    bin(Binary::Mul, x(), int(4, I32)),
                    int(-10, I32),
                ),
                0,
                -3,
            ),
            (
                bin(
                    Binary::Ge,
                    bin(Binary::Mul, x(), int(-3, I32)),
                    int(10, I32),
                ),
                0,
                -4,
            ),
            (
                bin(Binary::Gt, int(10, I32), bin(Binary::Sub, x(), int(3, I32))),
                50,
                12,
            ),
            (bin(Binary::Ne, x(), int(7, I32)), 7, 8),
        ];
        for (predicate, start, expected) in cases {
            let constraints = [holds(predicate)];
            let (solution, used) = solved(&[scalar(I32)], &constraints, &[Val::Int(start)]);
            assert_eq!(solution, [Val::Int(expected)], "{:?}", constraints[0].expr);
            assert_eq!(used, 2);
        }
        // u8: x + 250 < 255 overflows for x >= 6, and the step lands on 4.
        let sum = bin(Binary::Add, var(0, U8), int(250, U8));
        let constraints = [holds(bin(Binary::Lt, sum, int(255, U8)))];
        let (solution, _) = solved(&[scalar(U8)], &constraints, &[Val::Int(100)]);
        assert_eq!(solution, [Val::Int(4)]);
        let wanted_false = [Constraint {
            expr: bin(Binary::Ge, var(0, I32), int(-20, I32)),
            want: false,
        }];
        let (solution, _) = solved(&[scalar(I32)], &wanted_false, &[Val::Int(3)]);
        assert_eq!(solution, [Val::Int(-21)]);
    }

    #[test]
    fn floats_are_inverted_through_arithmetic() {
        let f = var(0, F64);
        let scaled = bin(Binary::Mul, f, expr(Node::Const(Val::Float(2.5)), F64));
        let constraints = [holds(bin(
            Binary::Gt,
            scaled,
            expr(Node::Const(Val::Float(10.0)), F64),
        ))];
        let (solution, used) = solved(&[scalar(F64)], &constraints, &[Val::Float(0.0)]);
        assert_eq!(used, 2, "{solution:?}");
    }
}
