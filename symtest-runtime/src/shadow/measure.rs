//! Distance measurement of boolean shadows: [`ExprNode::distances`] says how far an expression
//! is from each outcome under an assignment, with the branch distances the hooks use
//! (`crate::record::distance`), so the solver climbs the same landscape the search does. A predicate
//! whose evaluation faults is [`FAULTED`].

use super::arith::{Arith, Overflow, checked, int_gap, int_scalar, int_to_f64};
use super::eval::{
    Evaluator, ILL_TYPED, bool_of, char_class_of, char_of, cmp_op, int_of, radix_of, scalar, str_of,
};
use crate::genes::IntKind;
use crate::record::distance::{self, CharClass, CmpOp, Distances, K, Scalar};
use crate::record::expr::{
    Binary, Env, Expr, ExprNode, Fault, Method, Node, Ty, Unary, Val, int_kind,
};
use crate::record::expr::{int_max, int_min};

/// The distance, to either outcome, of a predicate whose evaluation faults (a panic, or an
/// absent value where one is needed): a constraint that panics holds neither way, so both
/// outcomes are far. Finite, and small enough that a few of them still add up without
/// saturating; it normalises to 1.0 like every other distance beyond about 2^53.
pub const FAULT_DISTANCE: f64 = f64::MAX / 4.0;

/// The [`Distances`] of a faulting predicate: [`FAULT_DISTANCE`] both ways.
pub const FAULTED: Distances = Distances {
    to_true: FAULT_DISTANCE,
    to_false: FAULT_DISTANCE,
};

impl ExprNode {
    /// For a `Bool` expression: distances to `true` and `false` under `env`, measured like the
    /// branch hooks do (comparisons via `crate::record::distance::compare`, `&&` as the sum and `||`
    /// as the minimum, `!` swaps, predicates on chars and strings via their own distances).
    ///
    /// An evaluation that faults has neither outcome: it gets [`FAULTED`], both distances at
    /// [`FAULT_DISTANCE`]. `&&` and `||` follow Rust's short circuit: a fault on the right of a
    /// `false && _` only makes the `true` outcome that far. `is_some()` of a `checked_*`
    /// operation measures how far the exact result is from the type's range.
    pub fn distances(&self, env: &Env) -> Distances {
        Evaluator::new(env).measure(self).unwrap_or(FAULTED)
    }
}

impl Evaluator<'_> {
    /// Distances of a `Bool` node (see [`ExprNode::distances`]); `Err` when it faults.
    fn measure(&mut self, node: &ExprNode) -> Result<Distances, Fault> {
        match &node.node {
            Node::Unary(Unary::Not, operand) if operand.ty == Ty::Bool => {
                Ok(self.measure(operand)?.negate())
            }
            Node::Binary(Binary::And, left, right) => {
                let left = self.measure(left)?;
                match self.measure(right) {
                    Ok(right) => Ok(left.and(right)),
                    Err(_) if !left.outcome() => Ok(left.and(FAULTED)),
                    Err(fault) => Err(fault),
                }
            }
            Node::Binary(Binary::Or, left, right) => {
                let left = self.measure(left)?;
                match self.measure(right) {
                    Ok(right) => Ok(left.or(right)),
                    Err(_) if left.outcome() => Ok(left.or(FAULTED)),
                    Err(fault) => Err(fault),
                }
            }
            Node::Binary(
                op @ (Binary::BitAnd | Binary::BitOr | Binary::BitXor | Binary::Eq | Binary::Ne),
                left,
                right,
            ) if left.ty == Ty::Bool && right.ty == Ty::Bool => {
                let (a, b) = (self.measure(left)?, self.measure(right)?);
                match op {
                    Binary::BitAnd => Ok(a.and(b)),
                    Binary::BitOr => Ok(a.or(b)),
                    Binary::BitXor | Binary::Ne => Ok(xor(a, b)),
                    _ => Ok(xor(a, b).negate()),
                }
            }
            Node::Binary(op, left, right) => match cmp_op(*op) {
                Some(op) => {
                    let a = self.value(left)?;
                    let b = self.value(right)?;
                    compare_values(op, (&a, left.ty), (&b, right.ty))
                }
                None => self.opaque(node),
            },
            Node::Call(method, args) => self.measure_call(*method, node, args),
            _ => self.opaque(node),
        }
    }

    /// Distances 0 / K of a boolean whose inside is not measured.
    fn opaque(&mut self, node: &ExprNode) -> Result<Distances, Fault> {
        Ok(Distances::opaque(bool_of(&self.compute(node)?)?))
    }

    fn measure_call(
        &mut self,
        method: Method,
        node: &ExprNode,
        args: &[Expr],
    ) -> Result<Distances, Fault> {
        let [first, rest @ ..] = args else {
            return Err(ILL_TYPED);
        };
        if let Some(class) = char_class_of(method) {
            let c = char_of(&self.value(first)?)?;
            return Ok(distance::char_class(c, class));
        }
        match (method, rest) {
            (Method::IsSome, []) => self.presence(first),
            (Method::IsNone, []) => Ok(self.presence(first)?.negate()),
            (Method::IsDigit, [radix]) => {
                let c = char_of(&self.value(first)?)?;
                let radix = radix_of(&self.value(radix)?)?;
                Ok(distance::char_class(c, CharClass::Digit(radix)))
            }
            (Method::IsEmpty, []) => {
                let len = match self.value(first)? {
                    Val::Str(s) => s.chars().count(),
                    Val::Seq(items) => items.len(),
                    _ => return Err(ILL_TYPED),
                };
                Ok(distance::compare(
                    CmpOp::Eq,
                    Scalar::Unsigned(len as u128),
                    Scalar::Unsigned(0),
                ))
            }
            (Method::StartsWith | Method::EndsWith | Method::Contains, [pattern]) => {
                let (s, pattern) = (self.value(first)?, self.value(pattern)?);
                match (&s, &pattern) {
                    (Val::Str(s), Val::Str(p)) => Ok(match method {
                        Method::StartsWith => distance::starts_with(s, p),
                        Method::EndsWith => distance::ends_with(s, p),
                        _ => distance::contains(s, p),
                    }),
                    (Val::Str(s), Val::Char(c)) => Ok(char_pattern(method, s, *c)),
                    _ => self.opaque(node),
                }
            }
            _ => self.opaque(node),
        }
    }

    /// Distances of `option.is_some()`: for a `checked_*` operation how far the exact result
    /// is from the type's range, for `to_digit` the digit class, for `chars().nth(i)` the
    /// length; otherwise 0 / K.
    fn presence(&mut self, option: &Expr) -> Result<Distances, Fault> {
        let Node::Call(method, args) = &option.node else {
            return self.presence_opaque(option);
        };
        match (method, args.as_slice()) {
            (
                Method::CheckedAdd
                | Method::CheckedSub
                | Method::CheckedMul
                | Method::CheckedDiv
                | Method::CheckedRem,
                [a, b],
            ) => {
                let kind = int_kind(option.ty).ok_or(ILL_TYPED)?;
                let (a, b) = (int_of(&self.value(a)?)?, int_of(&self.value(b)?)?);
                let op = match method {
                    Method::CheckedAdd => Arith::Add,
                    Method::CheckedSub => Arith::Sub,
                    Method::CheckedMul => Arith::Mul,
                    Method::CheckedDiv => Arith::Div,
                    _ => Arith::Rem,
                };
                Ok(checked_presence(kind, op, a, b))
            }
            (Method::ToDigit, [c, radix]) => {
                let c = char_of(&self.value(c)?)?;
                let radix = radix_of(&self.value(radix)?)?;
                Ok(distance::char_class(c, CharClass::Digit(radix)))
            }
            (Method::ParseInt, [s, _]) => {
                let text = self.value(s)?;
                Ok(super::text::parse_presence(str_of(&text)?, option.ty))
            }
            (Method::CharAt, [s, index]) => {
                let count = str_of(&self.value(s)?)?.chars().count();
                let index = self.value(index)?;
                let index = scalar(&index, index_ty(args)).ok_or(ILL_TYPED)?;
                let count = Scalar::Unsigned(count as u128);
                Ok(distance::compare(CmpOp::Gt, count, index))
            }
            _ => self.presence_opaque(option),
        }
    }

    fn presence_opaque(&mut self, option: &Expr) -> Result<Distances, Fault> {
        match self.value(option) {
            Ok(_) => Ok(Distances::opaque(true)),
            Err(Fault::Absent) => Ok(Distances::opaque(false)),
            Err(fault) => Err(fault),
        }
    }
}

/// The type of the index argument of a `(receiver, index)` call.
fn index_ty(args: &[Expr]) -> Ty {
    args.get(1).map_or(Ty::Int(IntKind::Usize), |arg| arg.ty)
}

/// Distances of `a ^ b` (or `a != b` on booleans): true needs exactly one to change.
fn xor(a: Distances, b: Distances) -> Distances {
    let both = |x: f64, y: f64| distance::and(x, y);
    Distances {
        to_true: distance::or(both(a.to_true, b.to_false), both(a.to_false, b.to_true)),
        to_false: distance::or(both(a.to_true, b.to_true), both(a.to_false, b.to_false)),
    }
}

/// Distances of `a op b` for values of any type (sequences included).
fn compare_values(op: CmpOp, a: (&Val, Ty), b: (&Val, Ty)) -> Result<Distances, Fault> {
    if let (Val::Seq(x), Val::Seq(y), Ty::Seq(kind)) = (a.0, b.0, a.1) {
        return Ok(compare_seqs(op, kind, x, y));
    }
    match (scalar(a.0, a.1), scalar(b.0, b.1)) {
        (Some(x), Some(y)) => Ok(distance::compare(op, x, y)),
        _ => Err(ILL_TYPED),
    }
}

/// Sequences: `==` / `!=` by the sum of the item gaps plus K per missing item; orderings at
/// the first differing item, or by the lengths when one is a prefix of the other.
fn compare_seqs(op: CmpOp, kind: IntKind, a: &[i128], b: &[i128]) -> Distances {
    if matches!(op, CmpOp::Eq | CmpOp::Ne) {
        let gaps = a.iter().zip(b).map(|(&x, &y)| int_gap(kind, x, y) as f64);
        let missing = K * a.len().abs_diff(b.len()) as f64;
        let gap = gaps.fold(missing, distance::and);
        return distance::compare(op, Scalar::Float(gap), Scalar::Float(0.0));
    }
    match a.iter().zip(b).find(|(x, y)| x != y) {
        Some((&x, &y)) => distance::compare(op, int_scalar(kind, x), int_scalar(kind, y)),
        None => distance::compare(
            op,
            Scalar::Unsigned(a.len() as u128),
            Scalar::Unsigned(b.len() as u128),
        ),
    }
}

/// `s.starts_with(c)`, `s.ends_with(c)`, `s.contains(c)` for a char `c`: the code-point
/// distance of the char that would have to change (the first, the last, the nearest), K to
/// insert one into an empty string; to false, K per occurrence that would have to change.
fn char_pattern(method: Method, s: &str, c: char) -> Distances {
    let gap = |x: char| f64::from(u32::from(x).abs_diff(u32::from(c)));
    let end = match method {
        Method::StartsWith => s.chars().next(),
        Method::EndsWith => s.chars().next_back(),
        _ => {
            let hits = s.chars().filter(|&x| x == c).count();
            if hits > 0 {
                return Distances::taken(true, K * hits as f64);
            }
            let nearest = s.chars().map(gap).reduce(f64::min);
            return Distances::taken(false, nearest.unwrap_or(K));
        }
    };
    match end {
        Some(x) if x == c => Distances::taken(true, K),
        Some(x) => Distances::taken(false, gap(x)),
        None => Distances::taken(false, K),
    }
}

/// Distances of `a.checked_op(b).is_some()`.
///
/// Absent: how far the exact result is beyond the range (at least 1), or K for a division by
/// zero or `MIN / -1`. Present: how far the result is from just leaving the range; for a
/// division, how far the divisor is from zero (or the pair from `MIN, -1`).
fn checked_presence(kind: IntKind, op: Arith, a: i128, b: i128) -> Distances {
    let (min, max) = (int_min(kind), int_max(kind));
    if matches!(op, Arith::Div | Arith::Rem) {
        if checked(kind, op, a, b).is_err() {
            return Distances::taken(false, K);
        }
        let to_zero = int_gap(kind, b, 0) as f64;
        let to_min_by_minus_one = if kind.signed() {
            distance::and(int_gap(kind, a, min) as f64, int_gap(kind, b, -1) as f64)
        } else {
            f64::MAX
        };
        return Distances::taken(true, to_zero.min(to_min_by_minus_one));
    }
    let (x, y) = (int_to_f64(kind, a), int_to_f64(kind, b));
    let exact = match op {
        Arith::Add => x + y,
        Arith::Sub => x - y,
        _ => x * y,
    };
    match checked(kind, op, a, b) {
        Ok(result) => {
            let below = int_gap(kind, result, min) as f64 + 1.0;
            let above = int_gap(kind, max, result) as f64 + 1.0;
            Distances::taken(true, below.min(above))
        }
        Err(Overflow::Below) => Distances::taken(false, (int_to_f64(kind, min) - exact).max(1.0)),
        Err(_) => Distances::taken(false, (exact - int_to_f64(kind, max)).max(1.0)),
    }
}

#[cfg(test)]
mod tests {
    use super::{FAULT_DISTANCE, FAULTED};
    use crate::genes::IntKind;
    use crate::record::distance::K;
    use crate::record::expr::{Binary, Expr, Fault, Method, Ty, Val};
    use crate::shadow::testing::*;

    #[test]
    fn comparisons_use_the_branch_distances_of_their_operand_types() {
        let lt = bin(Binary::Lt, int(255, U8), int(0, U8));
        assert_eq!(lt.distances(&[]), d(255.0 + K, 0.0));
        let big = bin(Binary::Eq, int(u128::MAX as i128, U128), int(0, U128));
        assert_eq!(
            big.distances(&[]),
            d(u128::MAX as f64, 0.0),
            "unsigned, not -1"
        );
        let signed = bin(Binary::Gt, int(-3, I32), int(4, I32));
        assert_eq!(signed.distances(&[]), d(7.0 + K, 0.0));
        let chars = bin(Binary::Eq, chr('a'), chr('d'));
        assert_eq!(chars.distances(&[]), d(3.0, 0.0));
        let strings = bin(Binary::Eq, text("kitten"), text("sitting"));
        assert_eq!(strings.distances(&[]), d(3.0, 0.0));
        let floats = bin(Binary::Lt, float(1.5, F64), float(4.0, F64));
        assert_eq!(floats.distances(&[]), d(0.0, 2.5));
        let items = bin(
            Binary::Eq,
            seq(&[1, 5], IntKind::I32),
            seq(&[1, 2, 9], IntKind::I32),
        );
        assert_eq!(items.distances(&[]), d(3.0 + K, 0.0));
        let same = bin(Binary::Ne, seq(&[1], IntKind::U8), seq(&[1], IntKind::U8));
        assert_eq!(same.distances(&[]), d(K, 0.0));
    }

    #[test]
    fn logic_combines_distances_and_negation_swaps_them() {
        let p = bin(Binary::Lt, int(2, I32), int(7, I32)); // true, 5 from false
        let q = bin(Binary::Eq, int(3, I32), int(7, I32)); // false, 4 from true
        assert_eq!(
            bin(Binary::And, p.clone(), q.clone()).distances(&[]),
            d(4.0, 0.0)
        );
        assert_eq!(
            bin(Binary::Or, p.clone(), q.clone()).distances(&[]),
            d(0.0, 5.0)
        );
        assert_eq!(not(p.clone()).distances(&[]), d(5.0, 0.0));
        assert_eq!(
            bin(Binary::BitXor, p.clone(), q.clone()).distances(&[]),
            d(0.0, 4.0)
        );
        assert_eq!(
            bin(Binary::Eq, p.clone(), q.clone()).distances(&[]),
            d(4.0, 0.0)
        );
        assert_eq!(
            bin(Binary::Ne, p.clone(), p.clone()).distances(&[]),
            d(5.0, 0.0)
        );
        assert_eq!(boolean(true).distances(&[]), d(0.0, K));
        assert_eq!(var(0, Ty::Bool).distances(&[Val::Bool(false)]), d(K, 0.0));
    }

    #[test]
    fn faults_are_far_from_both_outcomes_except_behind_a_short_circuit() {
        let panics = bin(
            Binary::Gt,
            bin(Binary::Add, var(0, I8), int(100, I8)),
            int(0, I8),
        );
        let env = [Val::Int(100)];
        assert_eq!(panics.distances(&env), FAULTED);
        assert_eq!(not(panics.clone()).distances(&env), FAULTED);
        let missed = bin(Binary::Eq, int(1, I32), int(3, I32));
        let and = bin(Binary::And, missed.clone(), panics.clone());
        assert_eq!(and.distances(&env), d(2.0 + FAULT_DISTANCE, 0.0));
        let faulting_right = bin(Binary::And, not(missed.clone()), panics.clone());
        assert_eq!(faulting_right.distances(&env), FAULTED);
        let or = bin(Binary::Or, not(missed.clone()), panics.clone());
        assert_eq!(or.distances(&env), d(0.0, 2.0 + FAULT_DISTANCE));
        let left = bin(Binary::And, panics, boolean(false));
        assert_eq!(left.distances(&env), FAULTED);
        assert!(FAULTED.to_true.is_finite() && FAULTED.to_true > 0.0);
    }

    #[test]
    fn checked_operations_measure_how_far_the_result_is_from_the_range() {
        let is_some = |method, a, b| {
            let checked = call(method, vec![int(a, U8), int(b, U8)], U8);
            call(Method::IsSome, vec![checked], Ty::Bool).distances(&[])
        };
        assert_eq!(is_some(Method::CheckedAdd, 200, 100), d(45.0, 0.0));
        assert_eq!(is_some(Method::CheckedAdd, 200, 50), d(0.0, 6.0));
        assert_eq!(is_some(Method::CheckedSub, 3, 10), d(7.0, 0.0));
        assert_eq!(is_some(Method::CheckedSub, 10, 3), d(0.0, 8.0));
        assert_eq!(is_some(Method::CheckedMul, 16, 16), d(1.0, 0.0));
        assert_eq!(is_some(Method::CheckedDiv, 16, 0), d(K, 0.0));
        assert_eq!(is_some(Method::CheckedDiv, 16, 3), d(0.0, 3.0));
        let checked = call(
            Method::CheckedDiv,
            vec![int(i8::MIN.into(), I8), int(-1, I8)],
            I8,
        );
        let is_none = call(Method::IsNone, vec![checked], Ty::Bool);
        assert_eq!(is_none.distances(&[]), d(0.0, K));
        let huge = call(
            Method::CheckedAdd,
            vec![int(u128::MAX as i128, U128), int(1, U128)],
            U128,
        );
        let huge = call(Method::IsSome, vec![huge], Ty::Bool).distances(&[]);
        assert!(!huge.outcome() && huge.to_true >= 1.0);
    }

    #[test]
    fn char_and_string_predicates_use_their_own_distances() {
        let class = |method, c| call(method, vec![chr(c)], Ty::Bool).distances(&[]);
        assert_eq!(class(Method::IsAsciiDigit, 'a'), d(40.0, 0.0));
        assert_eq!(class(Method::IsAsciiDigit, '5'), d(0.0, 5.0));
        assert_eq!(class(Method::IsAlphabetic, 'é'), d(0.0, 1.0));
        let to_digit = call(Method::ToDigit, vec![chr('g'), int(16, U32)], U32);
        let some = call(Method::IsSome, vec![to_digit], Ty::Bool);
        assert_eq!(some.distances(&[]), d(1.0, 0.0));
        let bad_radix = call(Method::IsDigit, vec![chr('1'), int(99, U32)], Ty::Bool);
        assert_eq!(bad_radix.distances(&[]), FAULTED);
        let s = || text("GEX /");
        let starts = call(Method::StartsWith, vec![s(), text("GET ")], Ty::Bool);
        assert_eq!(starts.distances(&[]), d(1.0, 0.0));
        let ends = call(Method::EndsWith, vec![s(), chr('0')], Ty::Bool);
        assert_eq!(ends.distances(&[]), d(1.0, 0.0), "'/' is one below '0'");
        let contains = call(Method::Contains, vec![s(), chr('E')], Ty::Bool);
        assert_eq!(contains.distances(&[]), d(0.0, K));
        let missing = call(Method::Contains, vec![s(), chr('Z')], Ty::Bool);
        assert_eq!(missing.distances(&[]), d(2.0, 0.0), "'X' is two below 'Z'");
        let nth = call(Method::CharAt, vec![s(), int(7, USIZE)], Ty::Char);
        let nth = call(Method::IsSome, vec![nth], Ty::Bool);
        assert_eq!(
            nth.distances(&[]),
            d(2.0 + K, 0.0),
            "three chars short of an 8th"
        );
        let empty = call(Method::IsEmpty, vec![s()], Ty::Bool);
        assert_eq!(empty.distances(&[]), d(5.0, 0.0));
    }

    #[test]
    fn distances_agree_with_evaluation_on_random_inputs() {
        let (x, y) = (var(0, I32), var(1, I32));
        let small = |e: Expr| bin(Binary::Lt, e, int(50, I32));
        let predicates = [
            bin(
                Binary::Eq,
                bin(Binary::Mul, x.clone(), int(3, I32)),
                y.clone(),
            ),
            small(bin(Binary::Rem, x.clone(), y.clone())),
            bin(
                Binary::And,
                small(x.clone()),
                bin(Binary::Ge, y.clone(), x.clone()),
            ),
            bin(
                Binary::Or,
                bin(Binary::Ne, x.clone(), int(0, I32)),
                bin(Binary::Gt, y.clone(), int(2, I32)),
            ),
            call(
                Method::IsSome,
                vec![call(Method::CheckedMul, vec![x.clone(), y.clone()], I32)],
                Ty::Bool,
            ),
            bin(
                Binary::Le,
                call(Method::WrappingSub, vec![x.clone(), y.clone()], I32),
                int(0, I32),
            ),
            not(bin(
                Binary::BitXor,
                small(x.clone()),
                small(bin(Binary::Shl, y.clone(), x.clone())),
            )),
        ];
        let mut lcg = Lcg(3);
        for _ in 0..2000 {
            let env = [
                Val::Int(i128::from(lcg.bits() as i32)),
                Val::Int(i128::from(lcg.bits() as i32)),
            ];
            for predicate in &predicates {
                let distances = predicate.distances(&env);
                assert!(distances.to_true.is_finite() && distances.to_false.is_finite());
                assert!(distances.to_true >= 0.0 && distances.to_false >= 0.0);
                match predicate.eval(&env) {
                    Ok(Val::Bool(outcome)) => {
                        assert_eq!(distances.outcome(), outcome, "{env:?} {predicate:?}");
                        assert!((distances.to_false == 0.0) != outcome);
                    }
                    other => {
                        assert_eq!(other, Err(Fault::Panic));
                        assert_eq!(distances, FAULTED);
                    }
                }
            }
        }
    }
}
