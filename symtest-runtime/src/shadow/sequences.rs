//! Iterator chains evaluated: the sequences `s.chars()`, `s.bytes()` and ranges, the adaptors
//! `filter`, `map`, `rev`, `take`, `skip` and `chain`, the consumers `collect`, `count` (a
//! length), `sum`, `any`, `all`, `position`, `find`, `min`, `max`, and the accessors `first`,
//! `last`, `get`, indexing and `len` of a collected `Vec<char>`.
//!
//! A sequence's value is a [`Val::Str`] of chars ([`Ty::Chars`]) or a [`Val::Seq`] of
//! integers. A closure is an argument built over [`Node::Arg`](crate::record::expr::Node):
//! it is evaluated once per item, by an evaluator of its own whose `arg` is the item (what
//! the closure computes from the item must not be shared between items).

use std::cmp::Ordering;

use super::arith::{Arith, checked, int_order};
use super::eval::{Evaluator, ILL_TYPED, bool_of, int_of, str_of};
use crate::genes::IntKind;
use crate::record::expr::{Expr, Fault, Method, Ty, Val, int_kind};

/// The longest range evaluated: a constraint over `0..n` with a huge `n` is not worth
/// building a sequence for, and such a value counts as ill-typed (no solution).
const MAX_RANGE: i128 = 1 << 16;

impl Evaluator<'_> {
    /// The value of a call of a sequence method (or of `len`, `is_empty` or indexing on
    /// `Chars`); `None` for any other call, which the caller evaluates.
    pub(super) fn sequence_call(
        &mut self,
        method: Method,
        ty: Ty,
        args: &[Expr],
    ) -> Option<Result<Val, Fault>> {
        use Method::*;
        let chars = args.first()?.ty == Ty::Chars;
        let on_chars = chars && matches!(method, Len | IsEmpty | Index | Contains);
        (method.of_chain() || on_chars).then(|| self.sequence(method, ty, args))
    }

    fn sequence(&mut self, method: Method, ty: Ty, args: &[Expr]) -> Result<Val, Fault> {
        use Method::*;
        let [first, rest @ ..] = args else {
            return Err(ILL_TYPED);
        };
        if let (Fold, [init, body]) = (method, rest) {
            return self.fold(first, init, body);
        }
        let value = self.value(first)?;
        let second = || rest.first().ok_or(ILL_TYPED);
        match method {
            Chars => Ok(Val::Str(str_of(&value)?.into())),
            Bytes => Ok(Val::Seq(str_of(&value)?.bytes().map(i128::from).collect())),
            Range | RangeInclusive => {
                let (start, end) = (int_of(&value)?, int_of(&self.value(second()?)?)?);
                let end = match method {
                    RangeInclusive => end.checked_add(1).ok_or(ILL_TYPED)?,
                    _ => end,
                };
                if end.saturating_sub(start) > MAX_RANGE {
                    return Err(ILL_TYPED);
                }
                Ok(Val::Seq((start..end.max(start)).collect()))
            }
            Collect => Ok(value),
            _ => {
                let items = items(&value)?;
                self.consume(method, ty, first.ty, items, rest)
            }
        }
    }

    /// `method` over the items of a sequence of type `seq`, with its other arguments `rest`.
    fn consume(
        &mut self,
        method: Method,
        ty: Ty,
        seq: Ty,
        mut items: Vec<Val>,
        rest: &[Expr],
    ) -> Result<Val, Fault> {
        use Method::*;
        let argument = |this: &mut Self| match rest.first() {
            Some(arg) => this.value(arg),
            None => Err(ILL_TYPED),
        };
        let index = |value: Val| usize::try_from(int_of(&value)?).map_err(|_| ILL_TYPED);
        match method {
            Len => Ok(Val::Int(items.len() as i128)),
            IsEmpty => Ok(Val::Bool(items.is_empty())),
            Index => {
                let at = index(argument(self)?)?;
                items.get(at).cloned().ok_or(Fault::Panic)
            }
            Get => {
                let at = index(argument(self)?)?;
                items.get(at).cloned().ok_or(Fault::Absent)
            }
            Contains => {
                let wanted = argument(self)?;
                Ok(Val::Bool(items.contains(&wanted)))
            }
            First => items.first().cloned().ok_or(Fault::Absent),
            Last => items.last().cloned().ok_or(Fault::Absent),
            Rev => {
                items.reverse();
                assemble(items, seq)
            }
            Take | Skip => {
                let n = index(argument(self)?)?.min(items.len());
                let kept = match method {
                    Take => items[..n].to_vec(),
                    _ => items[n..].to_vec(),
                };
                assemble(kept, seq)
            }
            Chain => {
                items.extend(self::items(&argument(self)?)?);
                assemble(items, seq)
            }
            Sum => {
                let kind = int_kind(ty).ok_or(ILL_TYPED)?;
                let mut total = 0;
                for item in &items {
                    total = checked(kind, Arith::Add, total, int_of(item)?)
                        .map_err(|_| Fault::Panic)?;
                }
                Ok(Val::Int(total))
            }
            Least | Greatest => {
                let kind = int_kind(ty);
                let mut best: Option<Val> = None;
                for item in items {
                    let better = match &best {
                        None => true,
                        Some(known) => {
                            let order = compare(&item, known, kind)?;
                            // `min` keeps the first of equals, `max` the last.
                            match method {
                                Least => order == Ordering::Less,
                                _ => order != Ordering::Less,
                            }
                        }
                    };
                    if better {
                        best = Some(item);
                    }
                }
                best.ok_or(Fault::Absent)
            }
            Filter | Map | Any | All | Position | Find => {
                let closure = rest.first().ok_or(ILL_TYPED)?;
                self.apply(method, seq, ty, items, closure)
            }
            _ => Err(ILL_TYPED),
        }
    }

    /// `seq.fold(init, body)`: `body` applied to each item in turn, with what it returned for
    /// the one before (`init` for the first).
    fn fold(&mut self, seq: &Expr, init: &Expr, body: &Expr) -> Result<Val, Fault> {
        let items = items(&self.value(seq)?)?;
        let mut acc = self.value(init)?;
        for item in items {
            let mut inner = Evaluator::new(self.env);
            inner.arg = Some(item);
            inner.acc = Some(acc);
            acc = inner.compute(body)?;
        }
        Ok(acc)
    }

    /// A method that takes a closure, as Rust runs it: `any`, `all`, `position` and `find`
    /// stop at the first item that decides them.
    fn apply(
        &mut self,
        method: Method,
        seq: Ty,
        ty: Ty,
        items: Vec<Val>,
        closure: &Expr,
    ) -> Result<Val, Fault> {
        use Method::*;
        let mut kept = Vec::new();
        for (at, item) in items.into_iter().enumerate() {
            let mut inner = Evaluator::new(self.env);
            inner.arg = Some(item.clone());
            let result = inner.compute(closure)?;
            if method == Map {
                kept.push(result);
                continue;
            }
            let holds = bool_of(&result)?;
            match method {
                Filter if holds => kept.push(item),
                Any if holds => return Ok(Val::Bool(true)),
                All if !holds => return Ok(Val::Bool(false)),
                Position if holds => return Ok(Val::Int(at as i128)),
                Find if holds => return Ok(item),
                _ => {}
            }
        }
        match method {
            Filter => assemble(kept, seq),
            Map => assemble(kept, ty),
            Any => Ok(Val::Bool(false)),
            All => Ok(Val::Bool(true)),
            _ => Err(Fault::Absent),
        }
    }
}

/// The items of a sequence value: chars of a `Str`, integers of a `Seq`.
fn items(value: &Val) -> Result<Vec<Val>, Fault> {
    match value {
        Val::Str(chars) => Ok(chars.chars().map(Val::Char).collect()),
        Val::Seq(items) => Ok(items.iter().map(|&item| Val::Int(item)).collect()),
        _ => Err(ILL_TYPED),
    }
}

/// Items as a sequence of type `ty`.
fn assemble(items: Vec<Val>, ty: Ty) -> Result<Val, Fault> {
    match ty {
        Ty::Chars => items
            .iter()
            .map(|item| match item {
                Val::Char(c) => Ok(*c),
                _ => Err(ILL_TYPED),
            })
            .collect::<Result<String, Fault>>()
            .map(|chars| Val::Str(chars.into())),
        Ty::Seq(_) => items
            .iter()
            .map(int_of)
            .collect::<Result<Vec<i128>, Fault>>()
            .map(|items| Val::Seq(items.into())),
        _ => Err(ILL_TYPED),
    }
}

/// The order of two items: chars by code point, integers of `kind` as Rust orders them.
fn compare(a: &Val, b: &Val, kind: Option<IntKind>) -> Result<Ordering, Fault> {
    match (a, b, kind) {
        (Val::Char(a), Val::Char(b), _) => Ok(a.cmp(b)),
        (Val::Int(a), Val::Int(b), Some(kind)) => Ok(int_order(kind, *a, *b)),
        _ => Err(ILL_TYPED),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::expr::{Binary, Node, expr};
    use crate::shadow::testing::{U8, U32, USIZE, bin, call, chr, int, text, value, var};

    fn arg(ty: Ty) -> Expr {
        expr(Node::Arg, ty)
    }

    fn chars(s: Expr) -> Expr {
        call(Method::Chars, vec![s], Ty::Chars)
    }

    /// `chars of s` without the hyphens: `s.chars().filter(|c| *c != '-')`.
    fn without_hyphens(s: Expr) -> Expr {
        let keep = bin(Binary::Ne, arg(Ty::Char), chr('-'));
        call(Method::Filter, vec![chars(s), keep], Ty::Chars)
    }

    fn digits_of(s: Expr) -> Expr {
        let digit = call(Method::ToDigit, vec![arg(Ty::Char), int(10, U32)], U32);
        call(Method::Map, vec![chars(s), digit], Ty::Seq(IntKind::U32))
    }

    #[test]
    fn adaptors_compute_what_the_iterators_yield() {
        for s in ["0-306-40615-2", "", "-", "a-b", "12--34"] {
            let kept: String = s.chars().filter(|c| *c != '-').collect();
            assert_eq!(
                value(&without_hyphens(text(s))),
                Ok(Val::Str(kept.as_str().into()))
            );
            let count = call(Method::Len, vec![without_hyphens(text(s))], USIZE);
            assert_eq!(
                value(&count),
                Ok(Val::Int(kept.chars().count() as i128)),
                "{s}"
            );
            let reversed: String = s.chars().rev().collect();
            let rev = call(Method::Rev, vec![chars(text(s))], Ty::Chars);
            assert_eq!(value(&rev), Ok(Val::Str(reversed.as_str().into())));
            for n in [0, 2, 40] {
                let taken: String = s.chars().take(n).collect();
                let skipped: String = s.chars().skip(n).collect();
                let take = call(
                    Method::Take,
                    vec![chars(text(s)), int(n as i128, USIZE)],
                    Ty::Chars,
                );
                let skip = call(
                    Method::Skip,
                    vec![chars(text(s)), int(n as i128, USIZE)],
                    Ty::Chars,
                );
                assert_eq!(value(&take), Ok(Val::Str(taken.as_str().into())));
                assert_eq!(value(&skip), Ok(Val::Str(skipped.as_str().into())));
            }
            let chained = call(
                Method::Chain,
                vec![chars(text(s)), chars(text("xy"))],
                Ty::Chars,
            );
            assert_eq!(
                value(&chained),
                Ok(Val::Str(format!("{s}xy").as_str().into()))
            );
        }
        let bytes = call(Method::Bytes, vec![text("Az")], Ty::Seq(IntKind::U8));
        assert_eq!(value(&bytes), Ok(Val::Seq(vec![65, 122].into())));
        let range = call(
            Method::Range,
            vec![int(2, U8), int(5, U8)],
            Ty::Seq(IntKind::U8),
        );
        assert_eq!(value(&range), Ok(Val::Seq(vec![2, 3, 4].into())));
        let inclusive = call(
            Method::RangeInclusive,
            vec![int(2, U8), int(5, U8)],
            Ty::Seq(IntKind::U8),
        );
        assert_eq!(value(&inclusive), Ok(Val::Seq(vec![2, 3, 4, 5].into())));
        let empty = call(
            Method::Range,
            vec![int(5, U8), int(2, U8)],
            Ty::Seq(IntKind::U8),
        );
        assert_eq!(value(&empty), Ok(Val::Seq(Vec::new().into())));
    }

    #[test]
    fn a_closure_sees_each_item_and_the_variables_around_it() {
        // `s.chars().filter(|c| *c != sep)` with `sep` an input variable.
        let keep = bin(Binary::Ne, arg(Ty::Char), var(1, Ty::Char));
        let kept = call(
            Method::Filter,
            vec![chars(var(0, Ty::Str)), keep],
            Ty::Chars,
        );
        let env = [Val::Str("a:b:c".into()), Val::Char(':')];
        assert_eq!(kept.eval(&env), Ok(Val::Str("abc".into())));
        let env = [Val::Str("a:b:c".into()), Val::Char('b')];
        assert_eq!(kept.eval(&env), Ok(Val::Str("a::c".into())));
        // The digits of a string, mapped: a non-digit is the `None` `unwrap` panics on.
        assert_eq!(
            value(&digits_of(text("907"))),
            Ok(Val::Seq(vec![9, 0, 7].into()))
        );
        assert_eq!(value(&digits_of(text("9x"))), Err(Fault::Absent));
        let sum = call(Method::Sum, vec![digits_of(text("907"))], U32);
        assert_eq!(value(&sum), Ok(Val::Int(16)));
        let overflow = call(
            Method::Sum,
            vec![call(Method::Bytes, vec![text("zzz")], Ty::Seq(IntKind::U8))],
            U8,
        );
        assert_eq!(value(&overflow), Err(Fault::Panic), "u8 sum overflows");
    }

    #[test]
    fn consumers_stop_where_rust_stops() {
        let is_x = bin(Binary::Eq, arg(Ty::Char), chr('x'));
        let over =
            |method, s: &str, ty| value(&call(method, vec![chars(text(s)), is_x.clone()], ty));
        assert_eq!(over(Method::Any, "abx", Ty::Bool), Ok(Val::Bool(true)));
        assert_eq!(over(Method::Any, "", Ty::Bool), Ok(Val::Bool(false)));
        assert_eq!(over(Method::All, "xx", Ty::Bool), Ok(Val::Bool(true)));
        assert_eq!(over(Method::All, "xa", Ty::Bool), Ok(Val::Bool(false)));
        assert_eq!(over(Method::Position, "abxx", USIZE), Ok(Val::Int(2)));
        assert_eq!(over(Method::Position, "ab", USIZE), Err(Fault::Absent));
        assert_eq!(over(Method::Find, "abx", Ty::Char), Ok(Val::Char('x')));
        // `any` stops at the first `x`: the `9` after it, whose digit would be absent, is
        // never looked at.
        let digit_is_seven = bin(
            Binary::Eq,
            call(Method::ToDigit, vec![arg(Ty::Char), int(10, U32)], U32),
            int(7, U32),
        );
        let any = call(
            Method::Any,
            vec![chars(text("17z")), digit_is_seven],
            Ty::Bool,
        );
        assert_eq!(value(&any), Ok(Val::Bool(true)));
        let seq = |s: &[i128]| expr(Node::Const(Val::Seq(s.into())), Ty::Seq(IntKind::I32));
        let i32_ty = Ty::Int(IntKind::I32);
        let least = call(Method::Least, vec![seq(&[3, -4, 7])], i32_ty);
        let greatest = call(Method::Greatest, vec![seq(&[3, -4, 7])], i32_ty);
        assert_eq!(
            (value(&least), value(&greatest)),
            (Ok(Val::Int(-4)), Ok(Val::Int(7)))
        );
        assert_eq!(
            value(&call(Method::Least, vec![seq(&[])], i32_ty)),
            Err(Fault::Absent)
        );
        let first = call(Method::First, vec![chars(text("ab"))], Ty::Char);
        let last = call(Method::Last, vec![chars(text("ab"))], Ty::Char);
        assert_eq!(
            (value(&first), value(&last)),
            (Ok(Val::Char('a')), Ok(Val::Char('b')))
        );
        assert_eq!(
            value(&call(Method::First, vec![chars(text(""))], Ty::Char)),
            Err(Fault::Absent)
        );
    }

    #[test]
    fn a_collected_vec_of_chars_counts_and_indexes_chars() {
        let digits = without_hyphens(text("é-1"));
        assert_eq!(
            value(&call(Method::Len, vec![digits.clone()], USIZE)),
            Ok(Val::Int(2))
        );
        let at = |i| {
            value(&call(
                Method::Index,
                vec![digits.clone(), int(i, USIZE)],
                Ty::Char,
            ))
        };
        assert_eq!(
            (at(0), at(1), at(2)),
            (Ok(Val::Char('é')), Ok(Val::Char('1')), Err(Fault::Panic))
        );
        let get = call(Method::Get, vec![digits.clone(), int(2, USIZE)], Ty::Char);
        assert_eq!(value(&get), Err(Fault::Absent));
        let has = call(Method::Contains, vec![digits.clone(), chr('1')], Ty::Bool);
        assert_eq!(value(&has), Ok(Val::Bool(true)));
        let string = call(Method::Collect, vec![digits], Ty::Str);
        assert_eq!(value(&string), Ok(Val::Str("é1".into())));
    }

    #[test]
    fn a_fold_applies_its_closure_to_what_it_accumulated_and_each_item() {
        use crate::shadow::testing::seq;
        let acc = |ty| expr(Node::Acc, ty);
        // `[1, 2, 3].iter().fold(0u32, |acc, d| acc * 10 + d)`
        let horner = |items: &[i128]| {
            let body = bin(
                Binary::Add,
                bin(Binary::Mul, acc(U32), int(10, U32)),
                arg(U32),
            );
            let digits = seq(items, IntKind::U32);
            call(Method::Fold, vec![digits, int(0, U32), body], U32)
        };
        assert_eq!(value(&horner(&[1, 2, 3])), Ok(Val::Int(123)));
        assert_eq!(value(&horner(&[])), Ok(Val::Int(0)));
        // Overflow panics, as the closure would in a debug build.
        assert_eq!(value(&horner(&[9; 11])), Err(Fault::Panic));
        // The accumulator of a fold over chars: how many are digits.
        let is_digit = call(Method::IsAsciiDigit, vec![arg(Ty::Char)], Ty::Bool);
        let digits_counted = call(
            Method::Fold,
            vec![
                chars(text("a1b22")),
                int(0, USIZE),
                bin(Binary::Add, acc(USIZE), expr(Node::Cast(is_digit), USIZE)),
            ],
            USIZE,
        );
        assert_eq!(value(&digits_counted), Ok(Val::Int(3)));
    }
}
