//! Templates instantiated: the `STok`s `#[symtest]` emitted for a `let`, an assignment or a
//! decision, over the shadows its hook probed, become a typed [`Expr`], or nothing where
//! they do not type-check as Rust would.

use crate::genes::{FloatKind, IntKind};
use crate::record::expr::{Binary, Expr, Method, Node, Ty, Unary, Val, expr};
use crate::record::templates::{CastTy, STok};

use super::calls::Call;

/// What a template may read besides its slots: the loop counters, and the calls of its
/// statement with what they returned.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Counters<'a> {
    pub(super) taken: u64,
    pub(super) item: Option<u64>,
    pub(super) calls: &'a [Call],
}

/// Instantiates a template; `None` when it is unknown or does not type-check.
pub(super) fn build(tokens: &[STok], slots: &[Option<Expr>], counters: Counters) -> Option<Expr> {
    if tokens.is_empty() {
        return None;
    }
    let mut stack: Vec<Expr> = Vec::new();
    // The item types of the closures being built, the innermost last; of the folds' closures,
    // the types of what they accumulate.
    let mut binders: Vec<Ty> = Vec::new();
    let mut accumulators: Vec<Ty> = Vec::new();
    // A call's value is what it returned: its arguments are not built (one the shadows do not
    // model does not keep the returned value from standing).
    let skips = super::calls::argument_skips(tokens);
    let mut index = 0;
    while let Some(token) = tokens.get(index) {
        if let Some(&(_, invoke)) = skips.iter().find(|(start, _)| *start == index) {
            stack.push(super::calls::returned_at(tokens, invoke, counters.calls)?);
            index = invoke + 1;
            continue;
        }
        index += 1;
        let node = match *token {
            STok::Lambda => {
                binders.push(item_ty(stack.last()?.ty)?);
                continue;
            }
            // Below the initial value, the sequence folded.
            STok::FoldLambda => {
                let sequence = stack.len().checked_sub(2).and_then(|at| stack.get(at))?;
                binders.push(item_ty(sequence.ty)?);
                accumulators.push(stack.last()?.ty);
                continue;
            }
            STok::Arg => expr(Node::Arg, *binders.last()?),
            STok::Acc => expr(Node::Acc, *accumulators.last()?),
            STok::Slot(index) => slots.get(usize::from(index)).cloned().flatten()?,
            STok::Int(value) => expr(Node::Const(Val::Int(value)), Ty::AnyInt),
            STok::Float(value) => expr(Node::Const(Val::Float(value)), Ty::AnyFloat),
            STok::Bool(value) => expr(Node::Const(Val::Bool(value)), Ty::Bool),
            STok::Char(value) => expr(Node::Const(Val::Char(value)), Ty::Char),
            STok::Str(value) => expr(Node::Const(Val::Str(value.into())), Ty::Str),
            STok::Taken => expr(Node::Const(Val::Int(counters.taken.into())), Ty::AnyInt),
            STok::Item => expr(Node::Const(Val::Int(counters.item?.into())), Ty::AnyInt),
            STok::Unknown | STok::Receiver => return None,
            STok::Unary(op) => {
                let operand = stack.pop()?;
                unary(op, operand)?
            }
            STok::Binary(op) => {
                let right = stack.pop()?;
                let left = stack.pop()?;
                binary(op, left, right)?
            }
            STok::Cast(to) => {
                let operand = stack.pop()?;
                cast(to, operand)?
            }
            STok::Call(method, arity) => {
                let args = stack.split_off(stack.len().checked_sub(usize::from(arity))?);
                if takes_closure(method) {
                    binders.pop()?;
                }
                if method == Method::Fold {
                    accumulators.pop()?;
                }
                call(method, args)?
            }
            // A call without arguments (those of others are skipped above).
            STok::Invoke(_, _, 0) => super::calls::returned_at(tokens, index - 1, counters.calls)?,
            STok::Invoke(..) => return None,
        };
        stack.push(node);
    }
    match stack.as_slice() {
        [single] if binders.is_empty() && accumulators.is_empty() => Some(single.clone()),
        _ => None,
    }
}

fn is_int(ty: Ty) -> bool {
    matches!(ty, Ty::Int(_) | Ty::AnyInt)
}

fn is_number(ty: Ty) -> bool {
    matches!(ty, Ty::Int(_) | Ty::AnyInt | Ty::Float(_) | Ty::AnyFloat)
}

/// `e` with its literal type fixed to `ty`: an `AnyInt` becomes an integer type, an
/// `AnyFloat` a float type (`2` next to a float is a type error in Rust). `None` when the
/// types cannot agree or a literal does not fit.
pub(super) fn retype(e: &Expr, ty: Ty) -> Option<Expr> {
    if e.ty == ty {
        return Some(e.clone());
    }
    if !matches!(
        (e.ty, ty),
        (Ty::AnyInt, Ty::Int(_)) | (Ty::AnyFloat, Ty::Float(_))
    ) {
        return None;
    }
    let node = match &e.node {
        Node::Const(value) | Node::Opaque(value) => {
            // `0.1` next to an `f32` is the `f32` nearest to 0.1.
            let value = match (value, ty) {
                (Val::Float(v), Ty::Float(FloatKind::F32)) => Val::Float(f64::from(*v as f32)),
                _ => value.clone(),
            };
            if let (Ty::Int(kind), Val::Int(v)) = (ty, &value)
                && !fits_kind(*v, kind)
            {
                return None;
            }
            match e.node {
                Node::Opaque(_) => Node::Opaque(value),
                _ => Node::Const(value),
            }
        }
        Node::Unary(op, operand) => Node::Unary(*op, retype(operand, ty)?),
        Node::Binary(op @ (Binary::Shl | Binary::Shr), left, right) => {
            Node::Binary(*op, retype(left, ty)?, right.clone())
        }
        Node::Binary(op, left, right) => Node::Binary(*op, retype(left, ty)?, retype(right, ty)?),
        Node::Call(method, args) => {
            // Only methods whose result has the receiver's type reach here (`AnyInt` results).
            let mut retyped = Vec::with_capacity(args.len());
            for arg in args {
                retyped.push(if arg.ty == e.ty {
                    retype(arg, ty)?
                } else {
                    arg.clone()
                });
            }
            Node::Call(*method, retyped)
        }
        // An accumulator starting from an unsuffixed literal takes the type the code around
        // it gives (`acc * 10 + d` with `d: u32`).
        Node::Acc => Node::Acc,
        Node::Var(_) | Node::Cast(_) | Node::Arg => return None,
    };
    Some(expr(node, ty))
}

fn fits_kind(value: i128, kind: IntKind) -> bool {
    // 128-bit kinds hold every literal (a `u128` one as its bit pattern).
    kind.bits() == 128
        || (crate::record::expr::int_min(kind)..=crate::record::expr::int_max(kind))
            .contains(&value)
}

/// Both operands brought to one type: a literal type yields to a concrete one.
fn unify(left: Expr, right: Expr) -> Option<(Expr, Expr)> {
    if left.ty == right.ty {
        return Some((left, right));
    }
    match (left.ty, right.ty) {
        (Ty::AnyInt | Ty::AnyFloat, _) => Some((retype(&left, right.ty)?, right)),
        (_, Ty::AnyInt | Ty::AnyFloat) => {
            let right = retype(&right, left.ty)?;
            Some((left, right))
        }
        _ => None,
    }
}

/// [`unify`], where two literals fall back to `i32` as Rust makes them (`0..10`, `fold(0, |acc,
/// _| acc + 1)`, `1.cmp(&2)`).
fn unify_or_i32(left: Expr, right: Expr) -> Option<(Expr, Expr)> {
    let (left, right) = unify(left, right)?;
    if left.ty != Ty::AnyInt {
        return Some((left, right));
    }
    let i32_ty = Ty::Int(IntKind::I32);
    Some((retype(&left, i32_ty)?, retype(&right, i32_ty)?))
}

fn unary(op: Unary, operand: Expr) -> Option<Expr> {
    // `-128` is one literal: folded, it still fits an `i8`.
    if op == Unary::Neg
        && let (Node::Const(value), Ty::AnyInt | Ty::AnyFloat) = (&operand.node, operand.ty)
    {
        let negated = match value {
            Val::Int(v) => Val::Int(v.checked_neg()?),
            Val::Float(v) => Val::Float(-v),
            _ => return None,
        };
        return Some(expr(Node::Const(negated), operand.ty));
    }
    let ok = match op {
        Unary::Neg => is_number(operand.ty),
        Unary::Not => operand.ty == Ty::Bool || is_int(operand.ty),
    };
    let ty = operand.ty;
    ok.then(|| expr(Node::Unary(op, operand), ty))
}

fn binary(op: Binary, left: Expr, right: Expr) -> Option<Expr> {
    use Binary::*;
    match op {
        Shl | Shr => {
            if !is_int(left.ty) || !is_int(right.ty) {
                return None;
            }
            let right = if right.ty == Ty::AnyInt {
                retype(&right, Ty::Int(IntKind::U32))?
            } else {
                right
            };
            let ty = left.ty;
            Some(expr(Node::Binary(op, left, right), ty))
        }
        And | Or => (left.ty == Ty::Bool && right.ty == Ty::Bool)
            .then(|| expr(Node::Binary(op, left, right), Ty::Bool)),
        Eq | Ne if let Some(test) = ordering_test(op, &left, &right) => Some(test),
        Eq | Ne | Lt | Le | Gt | Ge => {
            // Two literal-typed sides: Rust falls back to `i32` (or `f64`).
            let (left, right) = match (left.ty, right.ty) {
                (Ty::AnyInt, Ty::AnyInt) => (
                    retype(&left, Ty::Int(IntKind::I32)).unwrap_or(left),
                    retype(&right, Ty::Int(IntKind::I32)).unwrap_or(right),
                ),
                _ => (left, right),
            };
            let (left, right) = unify(left, right)?;
            Some(expr(Node::Binary(op, left, right), Ty::Bool))
        }
        Add | Sub | Mul | Div | Rem => {
            let (left, right) = unify(left, right)?;
            let ty = left.ty;
            is_number(ty).then(|| expr(Node::Binary(op, left, right), ty))
        }
        BitAnd | BitOr | BitXor => {
            let (left, right) = unify(left, right)?;
            let ty = left.ty;
            (is_int(ty) || ty == Ty::Bool).then(|| expr(Node::Binary(op, left, right), ty))
        }
    }
}

/// `a.cmp(&b) == Ordering::Less` (`!=`, any of the three orderings, either side) as the
/// comparisons of the pairs it stands for: `a1 < b1 || a1 == b1 && (a2 < b2 || …)`, which the
/// distances and the solver know, where the ordering itself is a plateau of three values.
fn ordering_test(op: Binary, left: &Expr, right: &Expr) -> Option<Expr> {
    let ((Node::Call(Method::Cmp, pairs), Node::Const(Val::Int(ordering)))
    | (Node::Const(Val::Int(ordering)), Node::Call(Method::Cmp, pairs))) =
        (&left.node, &right.node)
    else {
        return None;
    };
    let compare = |op: Binary, pair: &[Expr]| {
        expr(Node::Binary(op, pair[0].clone(), pair[1].clone()), Ty::Bool)
    };
    let both = |op: Binary, a: Expr, b: Expr| expr(Node::Binary(op, a, b), Ty::Bool);
    let strict = match ordering {
        -1 => Binary::Lt,
        0 => Binary::Eq,
        1 => Binary::Gt,
        _ => return None,
    };
    let mut test: Option<Expr> = None;
    for pair in pairs.chunks(2).rev() {
        let here = compare(strict, pair);
        test = Some(match (test, strict) {
            (None, _) => here,
            (Some(rest), Binary::Eq) => both(Binary::And, here, rest),
            (Some(rest), _) => {
                let tied = both(Binary::And, compare(Binary::Eq, pair), rest);
                both(Binary::Or, here, tied)
            }
        });
    }
    let test = test?;
    Some(match op {
        Binary::Eq => test,
        _ => expr(Node::Unary(Unary::Not, test), Ty::Bool),
    })
}

fn cast(to: CastTy, operand: Expr) -> Option<Expr> {
    let ty = match to {
        CastTy::Int(kind) => Ty::Int(kind),
        CastTy::Float(kind) => Ty::Float(kind),
        CastTy::Char => Ty::Char,
    };
    let operand = match operand.ty {
        // `300 as u8`: an unsuffixed literal is an i32 unless it does not fit one; then it is
        // a suffixed literal written `3_000_000_000u32`, whose type is the target's.
        Ty::AnyInt => retype(&operand, Ty::Int(IntKind::I32)).or_else(|| retype(&operand, ty))?,
        Ty::AnyFloat => retype(&operand, Ty::Float(FloatKind::F64))?,
        _ => operand,
    };
    let ok = matches!(
        (operand.ty, ty),
        (Ty::Int(_) | Ty::Float(_), Ty::Int(_) | Ty::Float(_))
            | (Ty::Bool | Ty::Char, Ty::Int(_))
            | (Ty::Int(IntKind::U8), Ty::Char)
    );
    ok.then(|| expr(Node::Cast(operand), ty))
}

fn call(method: Method, mut args: Vec<Expr>) -> Option<Expr> {
    use Method::*;
    let receiver = args.first()?.ty;
    let usize_ty = Ty::Int(IntKind::Usize);
    let ty = match method {
        WrappingAdd | WrappingSub | WrappingMul | SaturatingAdd | SaturatingSub | SaturatingMul
        | CheckedAdd | CheckedSub | CheckedMul | CheckedDiv | CheckedRem | Min | Max | UnwrapOr => {
            let [left, right] = <[Expr; 2]>::try_from(args).ok()?;
            let (left, right) = unify(left, right)?;
            let ty = left.ty;
            // The arithmetic methods need a typed number (`5.wrapping_add(x)` does not
            // compile); `min`, `max` and `unwrap_or` take whatever their operands are.
            let arithmetic = !matches!(method, Min | Max | UnwrapOr);
            if arithmetic && (!is_number(ty) || ty == Ty::AnyInt) {
                return None;
            }
            args = vec![left, right];
            ty
        }
        Cmp => {
            if args.is_empty() || !args.len().is_multiple_of(2) {
                return None;
            }
            let mut typed = Vec::with_capacity(args.len());
            for pair in args.chunks(2) {
                let (a, b) = unify_or_i32(pair[0].clone(), pair[1].clone())?;
                // Floats have no `cmp`.
                if !matches!(a.ty, Ty::Int(_) | Ty::Bool | Ty::Char | Ty::Str) {
                    return None;
                }
                typed.extend([a, b]);
            }
            args = typed;
            Ty::Int(IntKind::I8)
        }
        WrappingNeg | Abs => {
            if args.len() != 1 || !is_number(receiver) {
                return None;
            }
            receiver
        }
        CountOnes => {
            if args.len() != 1 || !matches!(receiver, Ty::Int(_)) {
                return None;
            }
            Ty::Int(IntKind::U32)
        }
        ToBits | FromBits => {
            if args.len() != 1 {
                return None;
            }
            match (method, receiver) {
                (ToBits, Ty::Float(FloatKind::F32)) => Ty::Int(IntKind::U32),
                (ToBits, Ty::Float(FloatKind::F64)) => Ty::Int(IntKind::U64),
                (FromBits, Ty::Int(IntKind::U32)) => Ty::Float(FloatKind::F32),
                (FromBits, Ty::Int(IntKind::U64)) => Ty::Float(FloatKind::F64),
                _ => return None,
            }
        }
        IsSome | IsNone => {
            if args.len() != 1 {
                return None;
            }
            // Whether a strip finds its affix is whether the string starts (ends) with it, and
            // whether a split finds its pattern whether the string contains it: conditions the
            // distances and the solver know.
            if let Node::Call(
                found @ (StripPrefix | StripSuffix | SplitOnceBefore | SplitOnceAfter
                | RsplitOnceBefore | RsplitOnceAfter),
                found_args,
            ) = &args[0].node
            {
                let test = match found {
                    StripPrefix => StartsWith,
                    StripSuffix => EndsWith,
                    _ => Contains,
                };
                let holds = call(test, found_args.clone())?;
                return Some(match method {
                    IsSome => holds,
                    _ => expr(Node::Unary(Unary::Not, holds), Ty::Bool),
                });
            }
            Ty::Bool
        }
        ToDigit | IsDigit => {
            if args.len() != 2 || receiver != Ty::Char {
                return None;
            }
            args[1] = retype(&args[1], Ty::Int(IntKind::U32))?;
            if method == ToDigit {
                Ty::Int(IntKind::U32)
            } else {
                Ty::Bool
            }
        }
        IsAsciiDigit | IsAsciiHexdigit | IsAsciiAlphabetic | IsAsciiAlphanumeric
        | IsAsciiUppercase | IsAsciiLowercase | IsAsciiWhitespace | IsAsciiPunctuation
        | IsAlphabetic | IsNumeric | IsAlphanumeric | IsWhitespace | IsUppercase | IsLowercase => {
            if args.len() != 1 || !matches!(receiver, Ty::Char | Ty::Int(IntKind::U8)) {
                return None;
            }
            Ty::Bool
        }
        ToAsciiUppercase | ToAsciiLowercase => {
            if args.len() != 1 || receiver != Ty::Char {
                return None;
            }
            Ty::Char
        }
        Len | CharCount => {
            let fits = match method {
                Len => matches!(receiver, Ty::Str | Ty::Seq(_) | Ty::Chars),
                _ => receiver == Ty::Str,
            };
            if args.len() != 1 || !fits {
                return None;
            }
            usize_ty
        }
        IsEmpty => {
            if args.len() != 1 || !matches!(receiver, Ty::Str | Ty::Seq(_) | Ty::Chars) {
                return None;
            }
            Ty::Bool
        }
        CharAt | ByteAt | Index => {
            if args.len() != 2 {
                return None;
            }
            args[1] = retype(&args[1], usize_ty)?;
            match (method, receiver) {
                (CharAt, Ty::Str) => Ty::Char,
                (ByteAt, Ty::Str) => Ty::Int(IntKind::U8),
                (Index, Ty::Seq(kind)) => Ty::Int(kind),
                (Index, Ty::Chars) => Ty::Char,
                _ => return None,
            }
        }
        StripPrefix | StripSuffix | SplitOnceBefore | SplitOnceAfter | RsplitOnceBefore
        | RsplitOnceAfter => {
            let pattern = args.get(1).map(|arg| arg.ty);
            if args.len() != 2
                || receiver != Ty::Str
                || !matches!(pattern, Some(Ty::Str | Ty::Char))
            {
                return None;
            }
            Ty::Str
        }
        ParseInt => {
            // The witness's type is the integer type parsed into, `AnyInt` until known.
            match args.as_slice() {
                [s, witness] if s.ty == Ty::Str && is_int(witness.ty) => witness.ty,
                _ => return None,
            }
        }
        Trim | TrimStart | TrimEnd => {
            if args.len() != 1 || receiver != Ty::Str {
                return None;
            }
            Ty::Str
        }
        StartsWith | EndsWith | Contains => {
            let pattern = args.get(1).map(|arg| arg.ty);
            let fits = match receiver {
                Ty::Str => matches!(pattern, Some(Ty::Str | Ty::Char)),
                // `chars.contains(&'x')`
                Ty::Chars => method == Contains && pattern == Some(Ty::Char),
                _ => false,
            };
            if args.len() != 2 || !fits {
                return None;
            }
            Ty::Bool
        }
        _ if method.of_chain() => sequence_ty(method, &mut args)?,
        _ => return None,
    };
    Some(expr(Node::Call(method, args), ty))
}

/// The type of an item of a sequence type: a char of `Chars`, an integer of a `Seq`.
pub(super) fn item_ty(ty: Ty) -> Option<Ty> {
    match ty {
        Ty::Chars => Some(Ty::Char),
        Ty::Seq(kind) => Some(Ty::Int(kind)),
        _ => None,
    }
}

/// Whether `method` takes a closure, built after a [`STok::Lambda`].
fn takes_closure(method: Method) -> bool {
    use Method::*;
    matches!(method, Filter | Map | Any | All | Position | Find | Fold)
}

/// The type of an iterator chain's call, its arguments' literals typed (see [`Method`]);
/// `None` where Rust would not type-check it.
fn sequence_ty(method: Method, args: &mut Vec<Expr>) -> Option<Ty> {
    use Method::*;
    let usize_ty = Ty::Int(IntKind::Usize);
    let receiver = args.first()?.ty;
    let item = item_ty(receiver);
    let closure = |args: &[Expr]| args.len() == 2 && item.is_some();
    Some(match method {
        Chars | Bytes if args.len() == 1 && receiver == Ty::Str => match method {
            Chars => Ty::Chars,
            _ => Ty::Seq(IntKind::U8),
        },
        Range | RangeInclusive if args.len() == 2 => {
            let [start, end] = <[Expr; 2]>::try_from(std::mem::take(args)).ok()?;
            // `0..10` alone counts in `i32`.
            let (start, end) = unify_or_i32(start, end)?;
            let Ty::Int(kind) = start.ty else {
                return None;
            };
            *args = vec![start, end];
            Ty::Seq(kind)
        }
        Filter | Any | All | Position | Find if closure(args) && args[1].ty == Ty::Bool => {
            match method {
                Filter => receiver,
                Any | All => Ty::Bool,
                Position => usize_ty,
                _ => item?,
            }
        }
        Map if closure(args) => match args[1].ty {
            Ty::Char => Ty::Chars,
            Ty::Int(kind) => Ty::Seq(kind),
            Ty::AnyInt => {
                args[1] = retype(&args[1], Ty::Int(IntKind::I32))?;
                Ty::Seq(IntKind::I32)
            }
            _ => return None,
        },
        Rev | Least | Greatest | First | Last if args.len() == 1 => match method {
            Rev => item.map(|_| receiver)?,
            _ => item?,
        },
        Take | Skip | Get if args.len() == 2 => {
            args[1] = retype(&args[1], usize_ty)?;
            match method {
                Get => item?,
                _ => item.map(|_| receiver)?,
            }
        }
        Chain if args.len() == 2 && item.is_some() && args[1].ty == receiver => receiver,
        Collect if args.len() == 1 && receiver == Ty::Chars => Ty::Str,
        Fold if args.len() == 3 && item.is_some() => {
            // The initial value and what the closure returns have one type: a literal takes
            // the closure's (`fold(0, |acc, d| acc * 10 + d)`), a closure of literals the
            // initial value's.
            let (init, body) = unify_or_i32(args[1].clone(), args[2].clone())?;
            let ty = init.ty;
            (args[1], args[2]) = (init, body);
            ty
        }
        Sum if args.len() == 1 => match receiver {
            Ty::Seq(kind) => Ty::Int(kind),
            _ => return None,
        },
        _ => return None,
    })
}
