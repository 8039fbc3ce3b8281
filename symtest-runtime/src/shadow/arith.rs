//! Rust's integer and float arithmetic on the values shadows hold: every integer kind in an
//! `i128` (a `u128` as its bit pattern), every float in an `f64` rounded to its kind. Range
//! checks, the `checked_*` / `wrapping_*` / `saturating_*` families and numeric `as` casts,
//! shared by evaluation, distance measurement and the solver's exact steps.

use std::cmp::Ordering;

use crate::genes::{FloatKind, IntKind};
use crate::record::distance::Scalar;
use crate::record::expr::{int_max, int_min};

/// `value` rounded to the precision of `kind`.
pub(crate) fn round(kind: FloatKind, value: f64) -> f64 {
    kind.round(value)
}

/// `value` truncated to the width of `kind` and sign- or zero-extended back: Rust's `as`, and
/// the representation [`Val::Int`](crate::record::expr::Val::Int) holds for that kind.
pub(crate) fn wrap(kind: IntKind, value: i128) -> i128 {
    let shift = 128 - kind.bits();
    if kind.signed() {
        (value << shift) >> shift
    } else {
        (((value as u128) << shift) >> shift) as i128
    }
}

/// Orders two values of `kind` by value.
pub(crate) fn int_order(kind: IntKind, a: i128, b: i128) -> Ordering {
    if kind.signed() {
        a.cmp(&b)
    } else {
        (a as u128).cmp(&(b as u128))
    }
}

/// `|a − b|`, exact.
pub(crate) fn int_gap(kind: IntKind, a: i128, b: i128) -> u128 {
    if kind.signed() {
        a.abs_diff(b)
    } else {
        (a as u128).abs_diff(b as u128)
    }
}

/// The nearest `f64` of a value of `kind`.
pub(crate) fn int_to_f64(kind: IntKind, value: i128) -> f64 {
    if kind.signed() {
        value as f64
    } else {
        value as u128 as f64
    }
}

/// The value as a [`Scalar`] of its signedness.
pub(crate) fn int_scalar(kind: IntKind, value: i128) -> Scalar<'static> {
    if kind.signed() {
        Scalar::Signed(value)
    } else {
        Scalar::Unsigned(value as u128)
    }
}

/// The four arithmetic operators (and `%`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Arith {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

/// Why exact integer arithmetic has no result in the type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Overflow {
    /// The exact result is above the type's maximum (also `MIN / -1` and `MIN % -1`).
    Above,
    /// The exact result is below the type's minimum.
    Below,
    DivByZero,
}

/// `a op b` computed exactly and checked against the range of `kind`: the `checked_*`
/// methods, and the debug-build operators (which panic where this fails).
pub(crate) fn checked(kind: IntKind, op: Arith, a: i128, b: i128) -> Result<i128, Overflow> {
    let side = |above: bool| {
        if above {
            Overflow::Above
        } else {
            Overflow::Below
        }
    };
    if kind.signed() {
        let exact = match op {
            Arith::Add => a.checked_add(b).ok_or(side(b > 0)),
            Arith::Sub => a.checked_sub(b).ok_or(side(b < 0)),
            Arith::Mul => a.checked_mul(b).ok_or(side((a < 0) == (b < 0))),
            Arith::Div | Arith::Rem if b == 0 => Err(Overflow::DivByZero),
            // Rust panics on `MIN % -1` too, although the remainder would be 0.
            Arith::Div | Arith::Rem if a == int_min(kind) && b == -1 => Err(Overflow::Above),
            Arith::Div => Ok(a / b),
            Arith::Rem => Ok(a % b),
        }?;
        if exact > int_max(kind) {
            Err(Overflow::Above)
        } else if exact < int_min(kind) {
            Err(Overflow::Below)
        } else {
            Ok(exact)
        }
    } else {
        let (a, b) = (a as u128, b as u128);
        let exact = match op {
            Arith::Add => a.checked_add(b).ok_or(Overflow::Above),
            Arith::Sub => a.checked_sub(b).ok_or(Overflow::Below),
            Arith::Mul => a.checked_mul(b).ok_or(Overflow::Above),
            Arith::Div | Arith::Rem if b == 0 => Err(Overflow::DivByZero),
            Arith::Div => Ok(a / b),
            Arith::Rem => Ok(a % b),
        }?;
        if exact > int_max(kind) as u128 {
            Err(Overflow::Above)
        } else {
            Ok(exact as i128)
        }
    }
}

/// `a.wrapping_op(b)` in `kind`; only a division by zero fails.
pub(crate) fn wrapping(kind: IntKind, op: Arith, a: i128, b: i128) -> Result<i128, Overflow> {
    let result = match op {
        Arith::Add => a.wrapping_add(b),
        Arith::Sub => a.wrapping_sub(b),
        // The low 128 bits of a product do not depend on signedness.
        Arith::Mul => a.wrapping_mul(b),
        Arith::Div | Arith::Rem => match checked(kind, op, a, b) {
            Ok(value) => value,
            Err(Overflow::DivByZero) => return Err(Overflow::DivByZero),
            // `MIN / -1` wraps to MIN; `MIN % -1` is 0.
            Err(_) if op == Arith::Div => int_min(kind),
            Err(_) => 0,
        },
    };
    Ok(wrap(kind, result))
}

/// `a.saturating_op(b)` in `kind`; only a division by zero fails.
pub(crate) fn saturating(kind: IntKind, op: Arith, a: i128, b: i128) -> Result<i128, Overflow> {
    match checked(kind, op, a, b) {
        Err(Overflow::Above) => Ok(int_max(kind)),
        Err(Overflow::Below) => Ok(int_min(kind)),
        other => other,
    }
}

/// `value as kind` for a float: saturating at the bounds, NaN to 0.
pub(crate) fn float_to_int(kind: IntKind, value: f64) -> i128 {
    if kind.signed() {
        (value as i128).clamp(int_min(kind), int_max(kind))
    } else {
        (value as u128).min(int_max(kind) as u128) as i128
    }
}

/// `value as float` for an integer of `kind`, rounded once as Rust does.
pub(crate) fn int_to_float(kind: IntKind, value: i128, to: FloatKind) -> f64 {
    match (to, kind.signed()) {
        (FloatKind::F64, _) => int_to_f64(kind, value),
        (FloatKind::F32, true) => f64::from(value as f32),
        (FloatKind::F32, false) => f64::from(value as u128 as f32),
    }
}

#[cfg(test)]
mod tests {
    use crate::genes::IntKind;
    use crate::record::expr::{Binary, Fault, Method, Node, Ty, Unary, Val, expr};
    use crate::shadow::testing::*;

    /// Rust's `Option` as an evaluation result.
    fn expected<T: Into<i128>>(result: Option<T>, fault: Fault) -> Result<Val, Fault> {
        result.map(|v| Val::Int(v.into())).ok_or(fault)
    }

    macro_rules! assert_int_semantics {
        ($lcg:ident, $($ty:ident => $kind:ident),*) => {$(
            let ty = Ty::Int(IntKind::$kind);
            for _ in 0..400 {
                let (a, b) = ($lcg.bits() as $ty, $lcg.bits() as $ty);
                let (x, y) = (int(a as i128, ty), int(b as i128, ty));
                let pattern = |v: $ty| v as i128;
                let ops: [(Binary, Option<$ty>); 5] = [
                    (Binary::Add, a.checked_add(b)),
                    (Binary::Sub, a.checked_sub(b)),
                    (Binary::Mul, a.checked_mul(b)),
                    (Binary::Div, a.checked_div(b)),
                    (Binary::Rem, a.checked_rem(b)),
                ];
                for (op, rust) in ops {
                    let got = value(&bin(op, x.clone(), y.clone()));
                    let want = expected(rust.map(pattern), Fault::Panic);
                    assert_eq!(got, want, "{a} {op:?} {b} as {}", stringify!($ty));
                }
                let methods: [(Method, Option<$ty>, Fault); 10] = [
                    (Method::WrappingAdd, Some(a.wrapping_add(b)), Fault::Panic),
                    (Method::WrappingSub, Some(a.wrapping_sub(b)), Fault::Panic),
                    (Method::WrappingMul, Some(a.wrapping_mul(b)), Fault::Panic),
                    (Method::SaturatingAdd, Some(a.saturating_add(b)), Fault::Panic),
                    (Method::SaturatingSub, Some(a.saturating_sub(b)), Fault::Panic),
                    (Method::SaturatingMul, Some(a.saturating_mul(b)), Fault::Panic),
                    (Method::CheckedAdd, a.checked_add(b), Fault::Absent),
                    (Method::CheckedMul, a.checked_mul(b), Fault::Absent),
                    (Method::CheckedDiv, a.checked_div(b), Fault::Absent),
                    (Method::CheckedRem, a.checked_rem(b), Fault::Absent),
                ];
                for (method, rust, fault) in methods {
                    let got = value(&call(method, vec![x.clone(), y.clone()], ty));
                    let want = expected(rust.map(pattern), fault);
                    assert_eq!(got, want, "{a} {method:?} {b} as {}", stringify!($ty));
                }
                let unary = [
                    (Method::WrappingNeg, Some(a.wrapping_neg())),
                    (Method::CountOnes, Some(a.count_ones() as $ty)),
                ];
                for (method, rust) in unary {
                    let got = value(&call(method, vec![x.clone()], ty));
                    assert_eq!(got, expected(rust.map(pattern), Fault::Panic), "{method:?} {a}");
                }
                let bits = [
                    (Binary::BitAnd, a & b),
                    (Binary::BitOr, a | b),
                    (Binary::BitXor, a ^ b),
                ];
                for (op, rust) in bits {
                    assert_eq!(value(&bin(op, x.clone(), y.clone())), Ok(Val::Int(rust as i128)));
                }
                assert_eq!(value(&not(x.clone())), Ok(Val::Int(!a as i128)));
                let amount = ($lcg.next() % 140) as u32;
                let shift = int(amount.into(), U32);
                let shl = value(&bin(Binary::Shl, x.clone(), shift.clone()));
                assert_eq!(shl, expected(a.checked_shl(amount).map(pattern), Fault::Panic));
                let shr = value(&bin(Binary::Shr, x.clone(), shift));
                assert_eq!(shr, expected(a.checked_shr(amount).map(pattern), Fault::Panic));
                let comparisons = [
                    (Binary::Eq, a == b),
                    (Binary::Ne, a != b),
                    (Binary::Lt, a < b),
                    (Binary::Le, a <= b),
                    (Binary::Gt, a > b),
                    (Binary::Ge, a >= b),
                ];
                for (op, rust) in comparisons {
                    let predicate = bin(op, x.clone(), y.clone());
                    assert_eq!(value(&predicate), Ok(Val::Bool(rust)), "{a} {op:?} {b}");
                    let distances = predicate.distances(&[]);
                    assert_eq!(distances.outcome(), rust, "{a} {op:?} {b}");
                }
            }
        )*};
    }

    #[test]
    fn integer_operations_agree_with_rust_for_every_width() {
        let mut lcg = Lcg(1);
        assert_int_semantics!(
            lcg, i8 => I8, u8 => U8, i16 => I16, u16 => U16, i32 => I32, u32 => U32,
            i64 => I64, u64 => U64, i128 => I128, u128 => U128, isize => Isize, usize => Usize
        );
    }

    #[test]
    fn overflow_and_division_by_zero_panic_like_a_debug_build() {
        let panics = [
            bin(Binary::Add, int(100, I8), int(100, I8)),
            bin(Binary::Sub, int(0, U8), int(1, U8)),
            bin(Binary::Div, int(i32::MIN.into(), I32), int(-1, I32)),
            bin(Binary::Rem, int(i32::MIN.into(), I32), int(-1, I32)),
            bin(Binary::Div, int(7, I32), int(0, I32)),
            bin(Binary::Shl, int(1, I32), int(32, U32)),
            bin(Binary::Shr, int(1, I32), int(-1, I32)),
            expr(Node::Unary(Unary::Neg, int(i8::MIN.into(), I8)), I8),
            call(Method::Abs, vec![int(i64::MIN.into(), I64)], I64),
            call(Method::WrappingAdd, vec![int(1, I8), boolean(true)], I8),
        ];
        for e in panics {
            assert_eq!(value(&e), Err(Fault::Panic), "{e:?}");
        }
        let max = int(u128::MAX as i128, U128);
        let sum = bin(Binary::Add, int(u128::MAX as i128 - 1, U128), int(1, U128));
        assert_eq!(value(&sum), Ok(Val::Int(u128::MAX as i128)));
        let product = bin(Binary::Mul, max.clone(), int(2, U128));
        assert_eq!(value(&product), Err(Fault::Panic));
        let above = bin(Binary::Gt, max, int(i128::MAX, U128));
        assert_eq!(value(&above), Ok(Val::Bool(true)), "u128 compares unsigned");
        let literal = bin(Binary::Add, int(i128::MAX, Ty::AnyInt), int(1, Ty::AnyInt));
        assert_eq!(value(&literal), Err(Fault::Panic), "literals are i128");
    }
}
