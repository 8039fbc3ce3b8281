//! Evaluation of shadow expressions: [`ExprNode::eval`] computes a node's value for an
//! assignment of the inputs with a debug build's semantics (overflow, division by zero and
//! out-of-bounds indexing panic; `checked_*` overflow and `to_digit` of a non-digit are
//! absent), including casts and the modelled methods on chars, strings and sequences.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::rc::Rc;

use super::arith::{
    Arith, checked, float_to_int, int_order, int_scalar, int_to_float, round, saturating, wrap,
    wrapping,
};
use crate::record::distance::{CharClass, CmpOp, Scalar};
use crate::record::expr::{
    Binary, Env, Expr, ExprNode, Fault, Method, Node, Ty, Unary, Val, float_kind, int_kind,
};

impl ExprNode {
    /// The value for `env`, with a debug build's semantics (module docs).
    ///
    /// A tree that is ill-typed (an operand whose value does not fit its node, a variable
    /// missing from `env`) evaluates to [`Fault::Panic`] rather than panicking itself.
    /// Subexpressions shared through `Rc` are evaluated once per call.
    pub fn eval(&self, env: &Env) -> Result<Val, Fault> {
        Evaluator::new(env).compute(self)
    }
}

/// What an ill-typed tree evaluates to.
pub(super) const ILL_TYPED: Fault = Fault::Panic;

pub(super) fn int_of(value: &Val) -> Result<i128, Fault> {
    match value {
        Val::Int(value) => Ok(*value),
        _ => Err(ILL_TYPED),
    }
}

fn float_of(value: &Val) -> Result<f64, Fault> {
    match value {
        Val::Float(value) => Ok(*value),
        _ => Err(ILL_TYPED),
    }
}

pub(super) fn bool_of(value: &Val) -> Result<bool, Fault> {
    match value {
        Val::Bool(value) => Ok(*value),
        _ => Err(ILL_TYPED),
    }
}

/// A char, or a byte as the char of the same code (`u8::is_ascii_*` agrees with
/// `char::is_ascii_*` on it).
pub(super) fn char_of(value: &Val) -> Result<char, Fault> {
    match value {
        Val::Char(value) => Ok(*value),
        Val::Int(byte) => u8::try_from(*byte).map(char::from).map_err(|_| ILL_TYPED),
        _ => Err(ILL_TYPED),
    }
}

pub(super) fn str_of(value: &Val) -> Result<&str, Fault> {
    match value {
        Val::Str(value) => Ok(value),
        _ => Err(ILL_TYPED),
    }
}

/// An index argument (`usize`) as a `usize`; `None` when no index could be that large.
fn index_of(value: &Val) -> Result<Option<usize>, Fault> {
    Ok(usize::try_from(int_of(value)?).ok())
}

/// A `radix` argument of `to_digit` / `is_digit`; Rust panics outside `2..=36`.
pub(super) fn radix_of(value: &Val) -> Result<u32, Fault> {
    match u32::try_from(int_of(value)?) {
        Ok(radix) if (2..=36).contains(&radix) => Ok(radix),
        _ => Err(Fault::Panic),
    }
}

/// A value as the branch distances see it; `None` for sequences and ill-typed values.
pub(super) fn scalar(value: &Val, ty: Ty) -> Option<Scalar<'_>> {
    Some(match value {
        Val::Int(value) => int_scalar(int_kind(ty)?, *value),
        Val::Float(value) => Scalar::Float(*value),
        Val::Bool(value) => Scalar::Bool(*value),
        Val::Char(value) => Scalar::Char(*value),
        Val::Str(value) => Scalar::Str(value),
        Val::Seq(_) => return None,
    })
}

/// Rust's order of two scalars of one type; `None` when unordered (NaN).
fn scalar_order(a: Scalar<'_>, b: Scalar<'_>) -> Result<Option<Ordering>, Fault> {
    use Scalar::{Bool, Char, Float, Signed, Str, Unsigned};
    Ok(match (a, b) {
        (Signed(a), Signed(b)) => Some(a.cmp(&b)),
        (Unsigned(a), Unsigned(b)) => Some(a.cmp(&b)),
        (Signed(a), Unsigned(_)) if a < 0 => Some(Ordering::Less),
        (Signed(a), Unsigned(b)) => Some((a as u128).cmp(&b)),
        (Unsigned(a), Signed(b)) => scalar_order(Signed(b), Unsigned(a))?.map(Ordering::reverse),
        (Float(a), Float(b)) => a.partial_cmp(&b),
        (Char(a), Char(b)) => Some(a.cmp(&b)),
        (Bool(a), Bool(b)) => Some(a.cmp(&b)),
        (Str(a), Str(b)) => Some(a.cmp(b)),
        _ => return Err(ILL_TYPED),
    })
}

/// Rust's order of two values of type `ty` (sequences lexicographically, strings by bytes);
/// `None` when unordered (NaN).
pub(crate) fn order(a: &Val, b: &Val, ty: Ty) -> Result<Option<Ordering>, Fault> {
    match (a, b, ty) {
        (Val::Seq(a), Val::Seq(b), Ty::Seq(kind)) => {
            let first_difference = a
                .iter()
                .zip(b.iter())
                .map(|(&x, &y)| int_order(kind, x, y))
                .find(|&order| order != Ordering::Equal);
            Ok(Some(first_difference.unwrap_or(a.len().cmp(&b.len()))))
        }
        _ => match (scalar(a, ty), scalar(b, ty)) {
            (Some(a), Some(b)) => scalar_order(a, b),
            _ => Err(ILL_TYPED),
        },
    }
}

pub(super) fn cmp_op(op: Binary) -> Option<CmpOp> {
    Some(match op {
        Binary::Eq => CmpOp::Eq,
        Binary::Ne => CmpOp::Ne,
        Binary::Lt => CmpOp::Lt,
        Binary::Le => CmpOp::Le,
        Binary::Gt => CmpOp::Gt,
        Binary::Ge => CmpOp::Ge,
        _ => return None,
    })
}

fn holds(op: CmpOp, order: Option<Ordering>) -> bool {
    use Ordering::{Equal, Greater, Less};
    match op {
        CmpOp::Eq => order == Some(Equal),
        CmpOp::Ne => order != Some(Equal),
        CmpOp::Lt => order == Some(Less),
        CmpOp::Le => matches!(order, Some(Less | Equal)),
        CmpOp::Gt => order == Some(Greater),
        CmpOp::Ge => matches!(order, Some(Greater | Equal)),
    }
}

fn arith_op(op: Binary) -> Option<Arith> {
    Some(match op {
        Binary::Add => Arith::Add,
        Binary::Sub => Arith::Sub,
        Binary::Mul => Arith::Mul,
        Binary::Div => Arith::Div,
        Binary::Rem => Arith::Rem,
        _ => return None,
    })
}

/// The char class a predicate method tests (`IsDigit` takes its radix as an argument).
pub(crate) fn char_class_of(method: Method) -> Option<CharClass> {
    Some(match method {
        Method::IsAsciiDigit => CharClass::AsciiDigit,
        Method::IsAsciiHexdigit => CharClass::AsciiHexdigit,
        Method::IsAsciiAlphabetic => CharClass::AsciiAlphabetic,
        Method::IsAsciiAlphanumeric => CharClass::AsciiAlphanumeric,
        Method::IsAsciiUppercase => CharClass::AsciiUppercase,
        Method::IsAsciiLowercase => CharClass::AsciiLowercase,
        Method::IsAsciiWhitespace => CharClass::AsciiWhitespace,
        Method::IsAsciiPunctuation => CharClass::AsciiPunctuation,
        Method::IsAlphabetic => CharClass::Alphabetic,
        Method::IsNumeric => CharClass::Numeric,
        Method::IsAlphanumeric => CharClass::Alphanumeric,
        Method::IsWhitespace => CharClass::Whitespace,
        Method::IsUppercase => CharClass::Uppercase,
        Method::IsLowercase => CharClass::Lowercase,
        _ => return None,
    })
}

/// One evaluation: the assignment, and the values of shared subexpressions computed so far.
pub(super) struct Evaluator<'e> {
    pub(super) env: &'e Env,
    memo: HashMap<*const ExprNode, Result<Val, Fault>>,
    /// The item the closure being evaluated is applied to ([`Node::Arg`]).
    pub(super) arg: Option<Val>,
    /// What the fold being evaluated accumulated ([`Node::Acc`]).
    pub(super) acc: Option<Val>,
}

impl<'e> Evaluator<'e> {
    pub(super) fn new(env: &'e Env) -> Self {
        Evaluator {
            env,
            memo: HashMap::new(),
            arg: None,
            acc: None,
        }
    }

    /// The value of a child, computed once if it is shared.
    pub(super) fn value(&mut self, expr: &Expr) -> Result<Val, Fault> {
        let leaf = matches!(
            expr.node,
            Node::Var(_) | Node::Const(_) | Node::Opaque(_) | Node::Arg | Node::Acc
        );
        if leaf || Rc::strong_count(expr) == 1 {
            return self.compute(expr);
        }
        let key = Rc::as_ptr(expr);
        if let Some(value) = self.memo.get(&key) {
            return value.clone();
        }
        let value = self.compute(expr);
        self.memo.insert(key, value.clone());
        value
    }

    pub(super) fn compute(&mut self, node: &ExprNode) -> Result<Val, Fault> {
        match &node.node {
            Node::Var(index) => self.env.get(*index).cloned().ok_or(ILL_TYPED),
            Node::Const(value) | Node::Opaque(value) => Ok(value.clone()),
            Node::Arg => self.arg.clone().ok_or(ILL_TYPED),
            Node::Acc => self.acc.clone().ok_or(ILL_TYPED),
            Node::Unary(op, operand) => {
                let value = self.value(operand)?;
                unary(*op, operand.ty, &value)
            }
            Node::Binary(op @ (Binary::And | Binary::Or), left, right) => {
                let left = bool_of(&self.value(left)?)?;
                if left == (*op == Binary::Or) {
                    return Ok(Val::Bool(left));
                }
                Ok(Val::Bool(bool_of(&self.value(right)?)?))
            }
            Node::Binary(op, left, right) => {
                let a = self.value(left)?;
                let b = self.value(right)?;
                binary(*op, node.ty, (&a, left.ty), (&b, right.ty))
            }
            Node::Cast(operand) => {
                let value = self.value(operand)?;
                cast(value, operand.ty, node.ty)
            }
            Node::Call(method, args) => self.call(*method, node.ty, args),
        }
    }

    fn call(&mut self, method: Method, ty: Ty, args: &[Expr]) -> Result<Val, Fault> {
        let first = args.first().ok_or(ILL_TYPED)?;
        if let Some(value) = self.sequence_call(method, ty, args) {
            return value;
        }
        match method {
            Method::IsSome | Method::IsNone => match self.value(first) {
                Ok(_) => Ok(Val::Bool(method == Method::IsSome)),
                Err(Fault::Absent) => Ok(Val::Bool(method == Method::IsNone)),
                Err(fault) => Err(fault),
            },
            Method::UnwrapOr => {
                let option = self.value(first);
                if option == Err(Fault::Panic) {
                    return option;
                }
                // The default is an argument: Rust evaluates it whether it is used or not.
                let default = self.value(args.get(1).ok_or(ILL_TYPED)?)?;
                option.or(Ok(default))
            }
            _ => {
                let values = args
                    .iter()
                    .map(|arg| self.value(arg))
                    .collect::<Result<Vec<Val>, Fault>>()?;
                let types: Vec<Ty> = args.iter().map(|arg| arg.ty).collect();
                call(method, ty, &values, &types)
            }
        }
    }
}

fn unary(op: Unary, ty: Ty, value: &Val) -> Result<Val, Fault> {
    match (op, value) {
        (Unary::Not, Val::Bool(b)) => Ok(Val::Bool(!b)),
        (Unary::Not, Val::Int(x)) => Ok(Val::Int(wrap(int_kind(ty).ok_or(ILL_TYPED)?, !x))),
        (Unary::Neg, Val::Int(x)) => {
            let kind = int_kind(ty).ok_or(ILL_TYPED)?;
            checked(kind, Arith::Sub, 0, *x)
                .map(Val::Int)
                .map_err(|_| Fault::Panic)
        }
        (Unary::Neg, Val::Float(x)) => Ok(Val::Float(-x)),
        _ => Err(ILL_TYPED),
    }
}

pub(super) fn binary(op: Binary, ty: Ty, a: (&Val, Ty), b: (&Val, Ty)) -> Result<Val, Fault> {
    if let Some(op) = cmp_op(op) {
        return Ok(Val::Bool(holds(op, order(a.0, b.0, a.1)?)));
    }
    if let Some(arith) = arith_op(op) {
        if let Some(kind) = float_kind(ty) {
            let (x, y) = (float_of(a.0)?, float_of(b.0)?);
            let exact = match arith {
                Arith::Add => x + y,
                Arith::Sub => x - y,
                Arith::Mul => x * y,
                Arith::Div => x / y,
                Arith::Rem => x % y,
            };
            return Ok(Val::Float(round(kind, exact)));
        }
        let kind = int_kind(ty).ok_or(ILL_TYPED)?;
        return checked(kind, arith, int_of(a.0)?, int_of(b.0)?)
            .map(Val::Int)
            .map_err(|_| Fault::Panic);
    }
    match (op, a.0, b.0) {
        (Binary::BitAnd | Binary::And, Val::Bool(x), Val::Bool(y)) => Ok(Val::Bool(*x && *y)),
        (Binary::BitOr | Binary::Or, Val::Bool(x), Val::Bool(y)) => Ok(Val::Bool(*x || *y)),
        (Binary::BitXor, Val::Bool(x), Val::Bool(y)) => Ok(Val::Bool(x != y)),
        (Binary::BitAnd | Binary::BitOr | Binary::BitXor, Val::Int(x), Val::Int(y)) => {
            let kind = int_kind(ty).ok_or(ILL_TYPED)?;
            let bits = match op {
                Binary::BitAnd => x & y,
                Binary::BitOr => x | y,
                _ => x ^ y,
            };
            Ok(Val::Int(wrap(kind, bits)))
        }
        (Binary::Shl | Binary::Shr, Val::Int(x), Val::Int(amount)) => {
            let kind = int_kind(ty).ok_or(ILL_TYPED)?;
            let amount_kind = int_kind(b.1).ok_or(ILL_TYPED)?;
            // A negative or too large amount panics in a debug build.
            let amount = match int_scalar(amount_kind, *amount) {
                Scalar::Signed(amount) => u32::try_from(amount).ok(),
                Scalar::Unsigned(amount) => u32::try_from(amount).ok(),
                _ => None,
            };
            let amount = amount
                .filter(|&amount| amount < kind.bits())
                .ok_or(Fault::Panic)?;
            let shifted = match (op, kind.signed()) {
                (Binary::Shl, _) => x << amount,
                (_, true) => x >> amount,
                (_, false) => ((*x as u128) >> amount) as i128,
            };
            Ok(Val::Int(wrap(kind, shifted)))
        }
        _ => Err(ILL_TYPED),
    }
}

fn cast(value: Val, from: Ty, to: Ty) -> Result<Val, Fault> {
    if from == to {
        return Ok(value);
    }
    let source = int_kind(from);
    match (value, int_kind(to), float_kind(to)) {
        (Val::Int(x), Some(kind), _) => Ok(Val::Int(wrap(kind, x))),
        (Val::Int(x), None, Some(float)) => {
            Ok(Val::Float(int_to_float(source.ok_or(ILL_TYPED)?, x, float)))
        }
        (Val::Float(x), Some(kind), _) => Ok(Val::Int(float_to_int(kind, x))),
        (Val::Float(x), None, Some(float)) => Ok(Val::Float(round(float, x))),
        (Val::Char(c), Some(kind), _) => Ok(Val::Int(wrap(kind, i128::from(u32::from(c))))),
        (Val::Bool(b), Some(_), _) => Ok(Val::Int(i128::from(b))),
        // Rust casts only `u8` to `char`; any other code point is taken as it is if valid.
        (Val::Int(x), None, None) if to == Ty::Char => u32::try_from(x)
            .ok()
            .and_then(char::from_u32)
            .map(Val::Char)
            .ok_or(ILL_TYPED),
        _ => Err(ILL_TYPED),
    }
}

/// A method call on evaluated arguments (all but the `Option` plumbing).
fn call(method: Method, ty: Ty, values: &[Val], types: &[Ty]) -> Result<Val, Fault> {
    let result_kind = || int_kind(ty).ok_or(ILL_TYPED);
    let ints = || match values {
        [a, b] => Ok((int_of(a)?, int_of(b)?)),
        _ => Err(ILL_TYPED),
    };
    if let Some(class) = char_class_of(method) {
        let [c] = values else { return Err(ILL_TYPED) };
        return Ok(Val::Bool(class.contains(char_of(c)?)));
    }
    let arith = match method {
        Method::WrappingAdd | Method::SaturatingAdd | Method::CheckedAdd => Some(Arith::Add),
        Method::WrappingSub | Method::SaturatingSub | Method::CheckedSub => Some(Arith::Sub),
        Method::WrappingMul | Method::SaturatingMul | Method::CheckedMul => Some(Arith::Mul),
        Method::CheckedDiv => Some(Arith::Div),
        Method::CheckedRem => Some(Arith::Rem),
        _ => None,
    };
    if let Some(arith) = arith {
        let (kind, (a, b)) = (result_kind()?, ints()?);
        let result = match method {
            Method::WrappingAdd | Method::WrappingSub | Method::WrappingMul => {
                wrapping(kind, arith, a, b).map_err(|_| Fault::Panic)
            }
            Method::SaturatingAdd | Method::SaturatingSub | Method::SaturatingMul => {
                saturating(kind, arith, a, b).map_err(|_| Fault::Panic)
            }
            _ => checked(kind, arith, a, b).map_err(|_| Fault::Absent),
        };
        return result.map(Val::Int);
    }
    match (method, values) {
        (Method::WrappingNeg, [Val::Int(x)]) => {
            let kind = result_kind()?;
            wrapping(kind, Arith::Sub, 0, *x)
                .map(Val::Int)
                .map_err(|_| Fault::Panic)
        }
        (Method::Abs, [Val::Float(x)]) => Ok(Val::Float(x.abs())),
        (Method::Abs, [Val::Int(x)]) => {
            let kind = result_kind()?;
            if kind.signed() && *x < 0 {
                unary(Unary::Neg, ty, &Val::Int(*x))
            } else {
                Ok(Val::Int(*x))
            }
        }
        (Method::Min, [Val::Float(x), Val::Float(y)]) => Ok(Val::Float(x.min(*y))),
        (Method::Max, [Val::Float(x), Val::Float(y)]) => Ok(Val::Float(x.max(*y))),
        (Method::Min | Method::Max, [a, b]) => {
            let ordered = order(a, b, *types.first().ok_or(ILL_TYPED)?)?;
            // `Ord::min` keeps the first of equals, `Ord::max` the second.
            let first = match method {
                Method::Min => ordered != Some(Ordering::Greater),
                _ => ordered == Some(Ordering::Greater),
            };
            Ok(if first { a.clone() } else { b.clone() })
        }
        (Method::Cmp, _) => {
            let mut ordering = Ordering::Equal;
            for (pair, ty) in values.chunks(2).zip(types.iter().step_by(2)) {
                let [a, b] = pair else {
                    return Err(ILL_TYPED);
                };
                if ordering == Ordering::Equal {
                    ordering = order(a, b, *ty)?.ok_or(ILL_TYPED)?;
                }
            }
            Ok(Val::Int(ordering as i128))
        }
        (Method::ToBits, [Val::Float(x)]) => {
            let kind = types
                .first()
                .copied()
                .and_then(float_kind)
                .ok_or(ILL_TYPED)?;
            Ok(Val::Int(i128::from(kind.to_bits(*x))))
        }
        (Method::FromBits, [Val::Int(x)]) => {
            let kind = float_kind(ty).ok_or(ILL_TYPED)?;
            Ok(Val::Float(kind.from_bits(*x as u64)))
        }
        (Method::CountOnes, [Val::Int(x)]) => {
            let kind = types.first().copied().and_then(int_kind).ok_or(ILL_TYPED)?;
            let bits = (*x as u128) & (u128::MAX >> (128 - kind.bits()));
            Ok(Val::Int(i128::from(bits.count_ones())))
        }
        (Method::ToDigit, [Val::Char(c), radix]) => c
            .to_digit(radix_of(radix)?)
            .map(|digit| Val::Int(i128::from(digit)))
            .ok_or(Fault::Absent),
        (Method::IsDigit, [Val::Char(c), radix]) => Ok(Val::Bool(c.is_digit(radix_of(radix)?))),
        (Method::ToAsciiUppercase, [Val::Char(c)]) => Ok(Val::Char(c.to_ascii_uppercase())),
        (Method::ToAsciiLowercase, [Val::Char(c)]) => Ok(Val::Char(c.to_ascii_lowercase())),
        (Method::ToAsciiUppercase, [Val::Str(s)]) => Ok(Val::Str(s.to_ascii_uppercase().into())),
        (Method::ToAsciiLowercase, [Val::Str(s)]) => Ok(Val::Str(s.to_ascii_lowercase().into())),
        (Method::Len, [Val::Str(s)]) => Ok(Val::Int(s.len() as i128)),
        (Method::Len | Method::CharCount, [Val::Seq(items)]) => Ok(Val::Int(items.len() as i128)),
        (Method::CharCount, [Val::Str(s)]) => Ok(Val::Int(s.chars().count() as i128)),
        (Method::IsEmpty, [Val::Str(s)]) => Ok(Val::Bool(s.is_empty())),
        (Method::IsEmpty, [Val::Seq(items)]) => Ok(Val::Bool(items.is_empty())),
        (Method::CharAt, [Val::Str(s), index]) => index_of(index)?
            .and_then(|index| s.chars().nth(index))
            .map(Val::Char)
            .ok_or(Fault::Absent),
        (Method::ByteAt, [Val::Str(s), index]) => index_of(index)?
            .and_then(|index| s.as_bytes().get(index))
            .map(|&byte| Val::Int(i128::from(byte)))
            .ok_or(Fault::Panic),
        (Method::Index, [Val::Seq(items), index]) => index_of(index)?
            .and_then(|index| items.get(index))
            .map(|&item| Val::Int(item))
            .ok_or(Fault::Panic),
        (Method::StartsWith, [Val::Str(s), Val::Str(p)]) => Ok(Val::Bool(s.starts_with(&**p))),
        (Method::EndsWith, [Val::Str(s), Val::Str(p)]) => Ok(Val::Bool(s.ends_with(&**p))),
        (Method::Contains, [Val::Str(s), Val::Str(p)]) => Ok(Val::Bool(s.contains(&**p))),
        (Method::StartsWith, [Val::Str(s), Val::Char(c)]) => Ok(Val::Bool(s.starts_with(*c))),
        (Method::EndsWith, [Val::Str(s), Val::Char(c)]) => Ok(Val::Bool(s.ends_with(*c))),
        (Method::Contains, [Val::Str(s), Val::Char(c)]) => Ok(Val::Bool(s.contains(*c))),
        (Method::StripPrefix, [Val::Str(s), Val::Str(p)]) => stripped(s.strip_prefix(&**p)),
        (Method::StripSuffix, [Val::Str(s), Val::Str(p)]) => stripped(s.strip_suffix(&**p)),
        (Method::StripPrefix, [Val::Str(s), Val::Char(c)]) => stripped(s.strip_prefix(*c)),
        (Method::StripSuffix, [Val::Str(s), Val::Char(c)]) => stripped(s.strip_suffix(*c)),
        (Method::Trim, [Val::Str(s)]) => Ok(Val::Str(s.trim().into())),
        (Method::TrimStart, [Val::Str(s)]) => Ok(Val::Str(s.trim_start().into())),
        (Method::TrimEnd, [Val::Str(s)]) => Ok(Val::Str(s.trim_end().into())),
        (
            Method::SplitOnceBefore
            | Method::SplitOnceAfter
            | Method::RsplitOnceBefore
            | Method::RsplitOnceAfter,
            [Val::Str(s), pattern],
        ) => super::text::split_half(method, s, pattern),
        (Method::ParseInt, [Val::Str(s), Val::Int(_)]) => super::text::parse_int(s, ty),
        (Method::StartsWith, [Val::Seq(s), Val::Seq(p)]) => Ok(Val::Bool(s.starts_with(p))),
        (Method::EndsWith, [Val::Seq(s), Val::Seq(p)]) => Ok(Val::Bool(s.ends_with(p))),
        (Method::Contains, [Val::Seq(s), Val::Int(x)]) => Ok(Val::Bool(s.contains(x))),
        _ => Err(ILL_TYPED),
    }
}

/// What a strip left, or absent where there was no affix to strip.
fn stripped(rest: Option<&str>) -> Result<Val, Fault> {
    rest.map(|rest| Val::Str(rest.into())).ok_or(Fault::Absent)
}

#[cfg(test)]
mod tests {
    use crate::genes::IntKind;
    use crate::record::expr::{Binary, Expr, Fault, Method, Ty, Val};
    use crate::shadow::testing::*;

    #[test]
    fn casts_follow_rust_as() {
        for x in [
            0i64,
            1,
            -1,
            127,
            128,
            255,
            256,
            -129,
            i64::MAX,
            i64::MIN,
            70_000,
        ] {
            let source = int(x.into(), I64);
            assert_eq!(
                value(&cast(source.clone(), U8)),
                Ok(Val::Int((x as u8).into()))
            );
            assert_eq!(
                value(&cast(source.clone(), I8)),
                Ok(Val::Int((x as i8).into()))
            );
            let wide = value(&cast(source.clone(), U128));
            assert_eq!(wide, Ok(Val::Int(x as u128 as i128)));
            assert_eq!(
                value(&cast(source.clone(), F32)),
                Ok(Val::Float(f64::from(x as f32)))
            );
            assert_eq!(value(&cast(source, F64)), Ok(Val::Float(x as f64)));
        }
        let huge = int((u128::MAX - 7) as i128, U128);
        let rounded = value(&cast(huge, F32));
        assert_eq!(rounded, Ok(Val::Float(f64::from((u128::MAX - 7) as f32))));
        for f in [
            f64::NAN,
            1e30,
            -1e30,
            3.99,
            -3.99,
            255.5,
            -0.5,
            f64::INFINITY,
        ] {
            let source = float(f, F64);
            assert_eq!(
                value(&cast(source.clone(), U8)),
                Ok(Val::Int((f as u8).into()))
            );
            assert_eq!(
                value(&cast(source.clone(), I32)),
                Ok(Val::Int((f as i32).into()))
            );
            let to_u128 = value(&cast(source.clone(), U128));
            assert_eq!(to_u128, Ok(Val::Int(f as u128 as i128)));
            let to_f32 = value(&cast(source, F32)).map(|v| format!("{v:?}"));
            assert_eq!(to_f32, Ok(format!("{:?}", Val::Float(f64::from(f as f32)))));
        }
        assert_eq!(value(&cast(int(65, U8), Ty::Char)), Ok(Val::Char('A')));
        assert_eq!(value(&cast(int(0xE9, U8), Ty::Char)), Ok(Val::Char('é')));
        assert_eq!(value(&cast(chr('é'), U8)), Ok(Val::Int(0xE9)));
        assert_eq!(
            value(&cast(chr('日'), U8)),
            Ok(Val::Int(0xE5)),
            "the low byte of U+65E5"
        );
        assert_eq!(value(&cast(chr('日'), U32)), Ok(Val::Int(0x65E5)));
        assert_eq!(value(&cast(boolean(true), I32)), Ok(Val::Int(1)));
        let as_i128 = value(&cast(int(-1, I8), U128));
        assert_eq!(
            as_i128,
            Ok(Val::Int(-1)),
            "sign-extended, held as u128::MAX"
        );
        assert_eq!(
            value(&cast(int(-1, I8), U32)),
            Ok(Val::Int(u32::MAX.into()))
        );
    }

    #[test]
    fn floats_follow_ieee_and_f32_results_are_rounded() {
        let sum = bin(Binary::Add, float(0.1, F32), float(f64::from(0.2f32), F32));
        let rust = f64::from(0.1f64 as f32 + 0.2f32);
        assert_eq!(value(&sum), Ok(Val::Float(rust)));
        let third = bin(Binary::Div, float(1.0, F64), float(3.0, F64));
        assert_eq!(value(&third), Ok(Val::Float(1.0 / 3.0)));
        let by_zero = bin(Binary::Div, float(1.0, F64), float(0.0, F64));
        assert_eq!(value(&by_zero), Ok(Val::Float(f64::INFINITY)));
        let rem = bin(Binary::Rem, float(-7.5, F64), float(2.0, F64));
        assert_eq!(value(&rem), Ok(Val::Float(-1.5)));
        let nan = float(f64::NAN, F64);
        let min = call(Method::Min, vec![nan.clone(), float(2.0, F64)], F64);
        assert_eq!(value(&min), Ok(Val::Float(2.0)), "min ignores NaN");
        let nan_eq = bin(Binary::Eq, nan.clone(), nan.clone());
        assert_eq!(value(&nan_eq), Ok(Val::Bool(false)));
        assert_eq!(
            value(&bin(Binary::Ne, nan.clone(), nan)),
            Ok(Val::Bool(true))
        );
        let negative_zero = bin(Binary::Eq, float(-0.0, F64), float(0.0, F64));
        assert_eq!(value(&negative_zero), Ok(Val::Bool(true)));
        let abs = call(Method::Abs, vec![float(-2.5, F64)], F64);
        assert_eq!(value(&abs), Ok(Val::Float(2.5)));
    }

    #[test]
    fn option_plumbing_maps_absent_but_propagates_panics() {
        let overflow = call(Method::CheckedAdd, vec![int(200, U8), int(100, U8)], U8);
        let fits = call(Method::CheckedAdd, vec![int(20, U8), int(100, U8)], U8);
        let panics = bin(Binary::Div, int(1, U8), int(0, U8));
        let is_some = |e: &Expr| value(&call(Method::IsSome, vec![e.clone()], Ty::Bool));
        let is_none = |e: &Expr| value(&call(Method::IsNone, vec![e.clone()], Ty::Bool));
        assert_eq!(is_some(&overflow), Ok(Val::Bool(false)));
        assert_eq!(is_none(&overflow), Ok(Val::Bool(true)));
        assert_eq!(is_some(&fits), Ok(Val::Bool(true)));
        assert_eq!(is_some(&panics), Err(Fault::Panic));
        assert_eq!(is_none(&panics), Err(Fault::Panic));
        let or = |e: &Expr| value(&call(Method::UnwrapOr, vec![e.clone(), int(7, U8)], U8));
        assert_eq!(or(&overflow), Ok(Val::Int(7)));
        assert_eq!(or(&fits), Ok(Val::Int(120)));
        assert_eq!(or(&panics), Err(Fault::Panic));
        let digit = |c, radix| value(&call(Method::ToDigit, vec![chr(c), int(radix, U32)], U32));
        assert_eq!(digit('7', 10), Ok(Val::Int(7)));
        assert_eq!(digit('f', 16), Ok(Val::Int(15)));
        assert_eq!(digit('g', 16), Err(Fault::Absent));
        assert_eq!(
            digit('1', 37),
            Err(Fault::Panic),
            "Rust panics on the radix"
        );
        let is_digit = call(Method::IsDigit, vec![chr('z'), int(36, U32)], Ty::Bool);
        assert_eq!(value(&is_digit), Ok(Val::Bool(true)));
    }

    #[test]
    fn strings_and_sequences_are_measured_like_rust() {
        let s = text("héllo");
        assert_eq!(
            value(&call(Method::Len, vec![s.clone()], USIZE)),
            Ok(Val::Int(6))
        );
        let count = call(Method::CharCount, vec![s.clone()], USIZE);
        assert_eq!(value(&count), Ok(Val::Int(5)));
        let char_at = |i| {
            value(&call(
                Method::CharAt,
                vec![s.clone(), int(i, USIZE)],
                Ty::Char,
            ))
        };
        assert_eq!(char_at(1), Ok(Val::Char('é')));
        assert_eq!(char_at(5), Err(Fault::Absent));
        let byte_at = |i| value(&call(Method::ByteAt, vec![s.clone(), int(i, USIZE)], U8));
        assert_eq!(byte_at(1), Ok(Val::Int(0xC3)));
        assert_eq!(byte_at(6), Err(Fault::Panic));
        let predicate = |m, p: Expr| value(&call(m, vec![s.clone(), p], Ty::Bool));
        assert_eq!(
            predicate(Method::StartsWith, text("hé")),
            Ok(Val::Bool(true))
        );
        assert_eq!(predicate(Method::StartsWith, chr('h')), Ok(Val::Bool(true)));
        assert_eq!(predicate(Method::EndsWith, chr('l')), Ok(Val::Bool(false)));
        assert_eq!(predicate(Method::Contains, text("ll")), Ok(Val::Bool(true)));
        assert_eq!(predicate(Method::Contains, chr('x')), Ok(Val::Bool(false)));
        let ordered = bin(Binary::Lt, text("z"), text("é"));
        assert_eq!(value(&ordered), Ok(Val::Bool(true)), "byte order");
        let upper = call(Method::ToAsciiUppercase, vec![s.clone()], Ty::Str);
        assert_eq!(value(&upper), Ok(Val::Str("HéLLO".into())));
        let is_empty = call(Method::IsEmpty, vec![text("")], Ty::Bool);
        assert_eq!(value(&is_empty), Ok(Val::Bool(true)));
        let strip = |m, p: Expr| value(&call(m, vec![s.clone(), p], Ty::Str));
        assert_eq!(
            strip(Method::StripPrefix, text("hé")),
            Ok(Val::Str("llo".into()))
        );
        assert_eq!(
            strip(Method::StripSuffix, chr('o')),
            Ok(Val::Str("héll".into()))
        );
        assert_eq!(strip(Method::StripPrefix, chr('l')), Err(Fault::Absent));
        assert_eq!(strip(Method::StripSuffix, text("hé")), Err(Fault::Absent));
        let padded = text(" \t a b \n");
        let trim = |m| value(&call(m, vec![padded.clone()], Ty::Str));
        assert_eq!(trim(Method::Trim), Ok(Val::Str("a b".into())));
        assert_eq!(trim(Method::TrimStart), Ok(Val::Str("a b \n".into())));
        assert_eq!(trim(Method::TrimEnd), Ok(Val::Str(" \t a b".into())));

        let items = seq(&[3, -1, 7], IntKind::I32);
        let index = |i| {
            value(&call(
                Method::Index,
                vec![items.clone(), int(i, USIZE)],
                I32,
            ))
        };
        assert_eq!(index(1), Ok(Val::Int(-1)));
        assert_eq!(index(3), Err(Fault::Panic));
        let len = call(Method::Len, vec![items.clone()], USIZE);
        assert_eq!(value(&len), Ok(Val::Int(3)));
        let lt = bin(Binary::Lt, items.clone(), seq(&[3, 0], IntKind::I32));
        assert_eq!(value(&lt), Ok(Val::Bool(true)));
        let bytes = bin(
            Binary::Lt,
            seq(&[255], IntKind::U8),
            seq(&[1, 0], IntKind::U8),
        );
        assert_eq!(value(&bytes), Ok(Val::Bool(false)));
        let contains = call(Method::Contains, vec![items, int(7, I32)], Ty::Bool);
        assert_eq!(value(&contains), Ok(Val::Bool(true)));
    }

    #[test]
    fn logic_short_circuits_like_rust() {
        let panics = bin(
            Binary::Eq,
            bin(Binary::Div, int(1, I32), int(0, I32)),
            int(0, I32),
        );
        let and = bin(Binary::And, boolean(false), panics.clone());
        assert_eq!(value(&and), Ok(Val::Bool(false)));
        let or = bin(Binary::Or, boolean(true), panics.clone());
        assert_eq!(value(&or), Ok(Val::Bool(true)));
        let left = bin(Binary::And, panics.clone(), boolean(false));
        assert_eq!(value(&left), Err(Fault::Panic));
        let eager = bin(Binary::BitAnd, boolean(false), panics);
        assert_eq!(value(&eager), Err(Fault::Panic), "`&` evaluates both sides");
    }

    #[test]
    fn variables_come_from_the_environment_and_a_missing_one_is_a_fault() {
        let sum = bin(Binary::Add, var(0, I32), var(1, I32));
        assert_eq!(sum.eval(&[Val::Int(2), Val::Int(3)]), Ok(Val::Int(5)));
        assert_eq!(sum.eval(&[Val::Int(2)]), Err(Fault::Panic));
        let ill_typed = bin(Binary::Add, var(0, I32), int(1, I32));
        assert_eq!(ill_typed.eval(&[Val::Str("x".into())]), Err(Fault::Panic));
    }
}
