//! Symbolic shadows: expressions over a function's inputs that stand next to the concrete
//! values of a concolic execution (DESIGN.md, "Symbolic information", item 2).
//!
//! An [`Expr`] is an immutable tree whose leaves are input variables ([`Node::Var`]),
//! constants, and *opaque* values: concrete values of computations symtest does not model,
//! which stay fixed whatever the inputs are (a constraint that mentions one is incomplete, see
//! [`ExprNode::complete`]). Every node carries its Rust type ([`Ty`]), because the semantics of
//! `+`, `as` or `wrapping_mul` depend on it.
//!
//! [`ExprNode::eval`] computes a node's value for an assignment of the inputs with the semantics of
//! a debug build: arithmetic overflow, division by zero and out-of-bounds indexing are a
//! [`Fault::Panic`]; a `checked_*` operation that overflows or a `to_digit` of a non-digit is
//! [`Fault::Absent`] (the `None` of the `Option` Rust would return).
//! [`ExprNode::distances`] measures how far a boolean expression is from each outcome, with the
//! same branch distances the hooks use (`crate::distance`).

use std::cmp::Ordering;
use std::collections::{BTreeSet, HashMap, HashSet};
use std::rc::Rc;

use crate::distance::{self, CharClass, CmpOp, Distances, K, Scalar};
use crate::genes::{FloatKind, IntKind};

/// The type of a shadow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    Int(IntKind),
    Float(FloatKind),
    /// An unsuffixed integer literal whose type was not fixed by its context; evaluated in
    /// `i128`.
    AnyInt,
    /// An unsuffixed float literal whose type was not fixed by its context; evaluated in `f64`.
    AnyFloat,
    Bool,
    Char,
    /// `str` / `String` (also `&str`).
    Str,
    /// A sequence of integers of one kind (`&[u8]`, `Vec<i32>`, `s.as_bytes()`).
    Seq(IntKind),
}

/// A concrete value of a shadow.
///
/// Integers of every kind are held in an `i128`; a `u128` above `i128::MAX` is held as its bit
/// pattern (`value as i128`), and the node's [`Ty`] says how to read it.
#[derive(Clone, Debug, PartialEq)]
pub enum Val {
    Int(i128),
    Float(f64),
    Bool(bool),
    Char(char),
    Str(Rc<str>),
    Seq(Rc<[i128]>),
}

/// Why an expression has no value for an assignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// Rust would panic: overflow in a debug build, division by zero, index out of bounds.
    Panic,
    /// Rust would return `None`: a `checked_*` overflow, `to_digit` of a non-digit, `nth`
    /// past the end.
    Absent,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unary {
    /// `-x` (overflow of `MIN` panics).
    Neg,
    /// `!x`: logical on `bool`, bitwise on integers.
    Not,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Binary {
    /// `+ - * / %` as in a debug build: overflow and division by zero panic.
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    BitAnd,
    BitOr,
    BitXor,
    /// `<<` / `>>`: a shift amount of at least the bit width panics (debug build).
    Shl,
    Shr,
    /// Comparisons: both operands have the same type; the result is `Bool`.
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    /// Boolean `&&` / `||` (both sides are side-effect free, so evaluation order does not
    /// matter, but a fault of the left side is a fault of the whole).
    And,
    Or,
}

/// A modelled method or function call; arguments in [`Node::Call`] start with the receiver.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Method {
    // Integer arithmetic, receiver and argument of the same integer type.
    WrappingAdd,
    WrappingSub,
    WrappingMul,
    /// One argument (the receiver).
    WrappingNeg,
    SaturatingAdd,
    SaturatingSub,
    SaturatingMul,
    /// `checked_*`: [`Fault::Absent`] where Rust returns `None`; the value otherwise.
    CheckedAdd,
    CheckedSub,
    CheckedMul,
    CheckedDiv,
    CheckedRem,
    /// `x.abs()` (overflow of `MIN` panics); floats too.
    Abs,
    /// `a.min(b)` / `a.max(b)`; floats too (Rust's `f64::min` ignores NaN).
    Min,
    Max,
    /// `x.count_ones()` → `u32`.
    CountOnes,
    // Option plumbing around `checked_*` and `to_digit`.
    /// `Bool`: the argument has a value (is not [`Fault::Absent`]).
    IsSome,
    /// `Bool`: the argument is [`Fault::Absent`].
    IsNone,
    /// `opt.unwrap_or(default)`: the default where the first argument is absent.
    UnwrapOr,
    // Chars.
    /// `c.to_digit(radix)` → `u32`, absent for a non-digit.
    ToDigit,
    /// `c.is_digit(radix)` → `Bool`.
    IsDigit,
    IsAsciiDigit,
    IsAsciiHexdigit,
    IsAsciiAlphabetic,
    IsAsciiAlphanumeric,
    IsAsciiUppercase,
    IsAsciiLowercase,
    IsAsciiWhitespace,
    IsAsciiPunctuation,
    IsAlphabetic,
    IsNumeric,
    IsAlphanumeric,
    IsWhitespace,
    IsUppercase,
    IsLowercase,
    ToAsciiUppercase,
    ToAsciiLowercase,
    // Strings and sequences.
    /// `s.len()` (bytes of a `str`, items of a sequence) → `usize`.
    Len,
    /// `s.is_empty()` → `Bool`.
    IsEmpty,
    /// `s.chars().count()` → `usize`.
    CharCount,
    /// `(s, i)`: the `i`-th char of `s` (`s.chars().nth(i)`), absent past the end.
    CharAt,
    /// `(s, i)`: `s.as_bytes()[i]` → `u8`; panics past the end.
    ByteAt,
    /// `(seq, i)`: `seq[i]`; panics past the end.
    Index,
    /// `(s, pattern)` with a `Str` or `Char` pattern → `Bool`.
    StartsWith,
    EndsWith,
    Contains,
}

/// A node of a shadow expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// Input variable `index` (see [`Var`]).
    Var(usize),
    Const(Val),
    /// The concrete value of something symtest does not model.
    Opaque(Val),
    Unary(Unary, Expr),
    Binary(Binary, Expr, Expr),
    /// `value as ty` (integers wrap or truncate, floats saturate, `u8 as char`, `char as u32`,
    /// `bool as u8`, as Rust does).
    Cast(Expr),
    Call(Method, Vec<Expr>),
}

/// A typed node.
#[derive(Clone, Debug, PartialEq)]
pub struct ExprNode {
    pub node: Node,
    pub ty: Ty,
}

/// A shared, immutable shadow expression.
pub type Expr = Rc<ExprNode>;

/// The input variables of a problem: the type of each, and for strings and sequences the
/// longest value the search may build.
#[derive(Clone, Debug, PartialEq)]
pub struct Var {
    pub ty: Ty,
    pub max_len: usize,
}

/// An assignment of values to the input variables, indexed like [`Node::Var`].
pub type Env = [Val];

pub fn expr(node: Node, ty: Ty) -> Expr {
    Rc::new(ExprNode { node, ty })
}

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
    /// The value for `env`, with a debug build's semantics (module docs).
    ///
    /// A tree that is ill-typed (an operand whose value does not fit its node, a variable
    /// missing from `env`) evaluates to [`Fault::Panic`] rather than panicking itself.
    /// Subexpressions shared through `Rc` are evaluated once per call.
    pub fn eval(&self, env: &Env) -> Result<Val, Fault> {
        Evaluator::new(env).compute(self)
    }

    /// For a `Bool` expression: distances to `true` and `false` under `env`, measured like the
    /// branch hooks do (comparisons via `crate::distance::compare`, `&&` as the sum and `||`
    /// as the minimum, `!` swaps, predicates on chars and strings via their own distances).
    ///
    /// An evaluation that faults has neither outcome: it gets [`FAULTED`], both distances at
    /// [`FAULT_DISTANCE`]. `&&` and `||` follow Rust's short circuit: a fault on the right of a
    /// `false && _` only makes the `true` outcome that far. `is_some()` of a `checked_*`
    /// operation measures how far the exact result is from the type's range.
    pub fn distances(&self, env: &Env) -> Distances {
        Evaluator::new(env).measure(self).unwrap_or(FAULTED)
    }

    /// Whether the expression depends on inputs only through modelled operations: no
    /// [`Node::Opaque`] leaf.
    pub fn complete(&self) -> bool {
        !self
            .nodes()
            .iter()
            .any(|node| matches!(node.node, Node::Opaque(_)))
    }

    /// Whether any input variable occurs in it.
    pub fn symbolic(&self) -> bool {
        self.nodes()
            .iter()
            .any(|node| matches!(node.node, Node::Var(_)))
    }

    /// The input variables that occur in it, ascending, without duplicates.
    pub fn vars(&self) -> Vec<usize> {
        let vars: BTreeSet<usize> = self
            .nodes()
            .iter()
            .filter_map(|node| match node.node {
                Node::Var(index) => Some(index),
                _ => None,
            })
            .collect();
        vars.into_iter().collect()
    }

    /// Number of nodes, for ranking path conditions by size.
    ///
    /// A subexpression shared through `Rc` counts once per place it occurs (the size of the
    /// tree written out), computed in time linear in the distinct nodes and saturating at
    /// `usize::MAX`.
    pub fn size(&self) -> usize {
        tree_count(self, &mut HashMap::new(), &|_| true)
    }

    /// How many `Var` leaves the tree written out has (a variable used twice counts twice).
    pub(crate) fn var_occurrences(&self) -> usize {
        tree_count(self, &mut HashMap::new(), &|node| {
            matches!(node.node, Node::Var(_))
        })
    }

    /// Every distinct node, each once, the root first.
    pub(crate) fn nodes(&self) -> Vec<&ExprNode> {
        let mut seen: HashSet<*const ExprNode> = HashSet::new();
        let mut nodes = vec![self];
        let mut next = 0;
        while let Some(&node) = nodes.get(next) {
            next += 1;
            node.for_each_child(|child| {
                if seen.insert(Rc::as_ptr(child)) {
                    nodes.push(child);
                }
            });
        }
        nodes
    }

    fn for_each_child<'a>(&'a self, mut visit: impl FnMut(&'a Expr)) {
        match &self.node {
            Node::Var(_) | Node::Const(_) | Node::Opaque(_) => {}
            Node::Unary(_, operand) | Node::Cast(operand) => visit(operand),
            Node::Binary(_, left, right) => {
                visit(left);
                visit(right);
            }
            Node::Call(_, args) => args.iter().for_each(visit),
        }
    }
}

/// Nodes of the tree written out that `counts` selects, memoised per shared node.
fn tree_count(
    node: &ExprNode,
    memo: &mut HashMap<*const ExprNode, usize>,
    counts: &dyn Fn(&ExprNode) -> bool,
) -> usize {
    let mut total = usize::from(counts(node));
    node.for_each_child(|child| {
        let key = Rc::as_ptr(child);
        let count = match memo.get(&key) {
            Some(&count) => count,
            None => {
                let count = tree_count(child, memo, counts);
                memo.insert(key, count);
                count
            }
        };
        total = total.saturating_add(count);
    });
    total
}

// ---------------------------------------------------------------------------------------------
// Integer semantics, shared with the solver.

/// The integer kind whose arithmetic a type uses: its own, `i128` for an unsuffixed literal.
pub(crate) fn int_kind(ty: Ty) -> Option<IntKind> {
    match ty {
        Ty::Int(kind) => Some(kind),
        Ty::AnyInt => Some(IntKind::I128),
        _ => None,
    }
}

/// The float kind of a type: its own, `f64` for an unsuffixed literal.
pub(crate) fn float_kind(ty: Ty) -> Option<FloatKind> {
    match ty {
        Ty::Float(kind) => Some(kind),
        Ty::AnyFloat => Some(FloatKind::F64),
        _ => None,
    }
}

/// `value` rounded to the precision of `kind`.
pub(crate) fn round(kind: FloatKind, value: f64) -> f64 {
    match kind {
        FloatKind::F32 => f64::from(value as f32),
        FloatKind::F64 => value,
    }
}

/// `value` truncated to the width of `kind` and sign- or zero-extended back: Rust's `as`, and
/// the representation [`Val::Int`] holds for that kind.
pub(crate) fn wrap(kind: IntKind, value: i128) -> i128 {
    let shift = 128 - kind.bits();
    if kind.signed() {
        (value << shift) >> shift
    } else {
        (((value as u128) << shift) >> shift) as i128
    }
}

pub(crate) fn int_min(kind: IntKind) -> i128 {
    if kind.signed() {
        i128::MIN >> (128 - kind.bits())
    } else {
        0
    }
}

/// The largest value, as [`Val::Int`] holds it (`u128::MAX` is `-1`).
pub(crate) fn int_max(kind: IntKind) -> i128 {
    if kind.signed() {
        i128::MAX >> (128 - kind.bits())
    } else {
        (u128::MAX >> (128 - kind.bits())) as i128
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
fn int_scalar(kind: IntKind, value: i128) -> Scalar<'static> {
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
fn saturating(kind: IntKind, op: Arith, a: i128, b: i128) -> Result<i128, Overflow> {
    match checked(kind, op, a, b) {
        Err(Overflow::Above) => Ok(int_max(kind)),
        Err(Overflow::Below) => Ok(int_min(kind)),
        other => other,
    }
}

/// `value as kind` for a float: saturating at the bounds, NaN to 0.
fn float_to_int(kind: IntKind, value: f64) -> i128 {
    if kind.signed() {
        (value as i128).clamp(int_min(kind), int_max(kind))
    } else {
        (value as u128).min(int_max(kind) as u128) as i128
    }
}

/// `value as float` for an integer of `kind`, rounded once as Rust does.
fn int_to_float(kind: IntKind, value: i128, to: FloatKind) -> f64 {
    match (to, kind.signed()) {
        (FloatKind::F64, _) => int_to_f64(kind, value),
        (FloatKind::F32, true) => f64::from(value as f32),
        (FloatKind::F32, false) => f64::from(value as u128 as f32),
    }
}

// ---------------------------------------------------------------------------------------------
// Values.

/// What an ill-typed tree evaluates to.
const ILL_TYPED: Fault = Fault::Panic;

fn int_of(value: &Val) -> Result<i128, Fault> {
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

fn bool_of(value: &Val) -> Result<bool, Fault> {
    match value {
        Val::Bool(value) => Ok(*value),
        _ => Err(ILL_TYPED),
    }
}

/// A char, or a byte as the char of the same code (`u8::is_ascii_*` agrees with
/// `char::is_ascii_*` on it).
fn char_of(value: &Val) -> Result<char, Fault> {
    match value {
        Val::Char(value) => Ok(*value),
        Val::Int(byte) => u8::try_from(*byte).map(char::from).map_err(|_| ILL_TYPED),
        _ => Err(ILL_TYPED),
    }
}

fn str_of(value: &Val) -> Result<&str, Fault> {
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
fn radix_of(value: &Val) -> Result<u32, Fault> {
    match u32::try_from(int_of(value)?) {
        Ok(radix) if (2..=36).contains(&radix) => Ok(radix),
        _ => Err(Fault::Panic),
    }
}

/// A value as the branch distances see it; `None` for sequences and ill-typed values.
fn scalar(value: &Val, ty: Ty) -> Option<Scalar<'_>> {
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

fn cmp_op(op: Binary) -> Option<CmpOp> {
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

// ---------------------------------------------------------------------------------------------
// Evaluation.

/// One evaluation: the assignment, and the values of shared subexpressions computed so far.
struct Evaluator<'e> {
    env: &'e Env,
    memo: HashMap<*const ExprNode, Result<Val, Fault>>,
}

impl<'e> Evaluator<'e> {
    fn new(env: &'e Env) -> Self {
        Evaluator {
            env,
            memo: HashMap::new(),
        }
    }

    /// The value of a child, computed once if it is shared.
    fn value(&mut self, expr: &Expr) -> Result<Val, Fault> {
        let leaf = matches!(expr.node, Node::Var(_) | Node::Const(_) | Node::Opaque(_));
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

    fn compute(&mut self, node: &ExprNode) -> Result<Val, Fault> {
        match &node.node {
            Node::Var(index) => self.env.get(*index).cloned().ok_or(ILL_TYPED),
            Node::Const(value) | Node::Opaque(value) => Ok(value.clone()),
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

/// `outcome` at distance 0, the other one at `distance`.
fn taken(outcome: bool, distance: f64) -> Distances {
    if outcome {
        Distances {
            to_true: 0.0,
            to_false: distance,
        }
    } else {
        Distances {
            to_true: distance,
            to_false: 0.0,
        }
    }
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
                return taken(true, K * hits as f64);
            }
            let nearest = s.chars().map(gap).reduce(f64::min);
            return taken(false, nearest.unwrap_or(K));
        }
    };
    match end {
        Some(x) if x == c => taken(true, K),
        Some(x) => taken(false, gap(x)),
        None => taken(false, K),
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
            return taken(false, K);
        }
        let to_zero = int_gap(kind, b, 0) as f64;
        let to_min_by_minus_one = if kind.signed() {
            distance::and(int_gap(kind, a, min) as f64, int_gap(kind, b, -1) as f64)
        } else {
            f64::MAX
        };
        return taken(true, to_zero.min(to_min_by_minus_one));
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
            taken(true, below.min(above))
        }
        Err(Overflow::Below) => taken(false, (int_to_f64(kind, min) - exact).max(1.0)),
        Err(_) => taken(false, (exact - int_to_f64(kind, max)).max(1.0)),
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

fn binary(op: Binary, ty: Ty, a: (&Val, Ty), b: (&Val, Ty)) -> Result<Val, Fault> {
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
        (Method::StartsWith, [Val::Seq(s), Val::Seq(p)]) => Ok(Val::Bool(s.starts_with(p))),
        (Method::EndsWith, [Val::Seq(s), Val::Seq(p)]) => Ok(Val::Bool(s.ends_with(p))),
        (Method::Contains, [Val::Seq(s), Val::Int(x)]) => Ok(Val::Bool(s.contains(x))),
        _ => Err(ILL_TYPED),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const I8: Ty = Ty::Int(IntKind::I8);
    const U8: Ty = Ty::Int(IntKind::U8);
    const I32: Ty = Ty::Int(IntKind::I32);
    const U32: Ty = Ty::Int(IntKind::U32);
    const I64: Ty = Ty::Int(IntKind::I64);
    const U128: Ty = Ty::Int(IntKind::U128);
    const USIZE: Ty = Ty::Int(IntKind::Usize);
    const F32: Ty = Ty::Float(FloatKind::F32);
    const F64: Ty = Ty::Float(FloatKind::F64);

    fn var(index: usize, ty: Ty) -> Expr {
        expr(Node::Var(index), ty)
    }

    fn int(value: i128, ty: Ty) -> Expr {
        expr(Node::Const(Val::Int(value)), ty)
    }

    fn float(value: f64, ty: Ty) -> Expr {
        expr(Node::Const(Val::Float(value)), ty)
    }

    fn boolean(value: bool) -> Expr {
        expr(Node::Const(Val::Bool(value)), Ty::Bool)
    }

    fn chr(value: char) -> Expr {
        expr(Node::Const(Val::Char(value)), Ty::Char)
    }

    fn text(value: &str) -> Expr {
        expr(Node::Const(Val::Str(value.into())), Ty::Str)
    }

    fn seq(items: &[i128], kind: IntKind) -> Expr {
        expr(Node::Const(Val::Seq(items.into())), Ty::Seq(kind))
    }

    /// `a op b`, typed `Bool` for comparisons and logic, else like `a`.
    fn bin(op: Binary, a: Expr, b: Expr) -> Expr {
        let ty = if cmp_op(op).is_some() || matches!(op, Binary::And | Binary::Or) {
            Ty::Bool
        } else {
            a.ty
        };
        expr(Node::Binary(op, a, b), ty)
    }

    fn call(method: Method, args: Vec<Expr>, ty: Ty) -> Expr {
        expr(Node::Call(method, args), ty)
    }

    fn not(a: Expr) -> Expr {
        let ty = a.ty;
        expr(Node::Unary(Unary::Not, a), ty)
    }

    fn cast(a: Expr, ty: Ty) -> Expr {
        expr(Node::Cast(a), ty)
    }

    fn d(to_true: f64, to_false: f64) -> Distances {
        Distances { to_true, to_false }
    }

    fn value(e: &Expr) -> Result<Val, Fault> {
        e.eval(&[])
    }

    /// A tiny deterministic generator (Knuth's MMIX LCG).
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            self.0 ^ (self.0 >> 29)
        }

        /// 128 random bits, often a small value or a neighbour of an extreme.
        fn bits(&mut self) -> u128 {
            let wide = (u128::from(self.next()) << 64) | u128::from(self.next());
            match self.next() % 4 {
                0 => wide % 7,
                1 => (wide % 7).wrapping_neg(),
                2 => wide % 7 + (1 << (self.next() % 128)),
                _ => wide,
            }
        }
    }

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

    #[test]
    fn structure_queries_see_variables_opaque_leaves_and_size() {
        let opaque = expr(Node::Opaque(Val::Int(4)), I32);
        let e = bin(
            Binary::Lt,
            bin(Binary::Add, var(2, I32), opaque),
            bin(Binary::Mul, var(0, I32), var(2, I32)),
        );
        assert_eq!(e.vars(), [0, 2]);
        assert!(e.symbolic());
        assert!(!e.complete());
        assert_eq!(e.size(), 7);
        assert_eq!(e.var_occurrences(), 3);
        let constant = bin(Binary::Add, int(1, I32), int(2, I32));
        assert!(constant.complete());
        assert!(!constant.symbolic());
        assert!(constant.vars().is_empty());
        assert_eq!(constant.size(), 3);
    }

    #[test]
    fn shared_subexpressions_are_evaluated_and_counted_without_blowing_up() {
        // x doubled 200 times: 2^200 leaves written out, 201 distinct nodes.
        let mut e = var(0, Ty::Int(IntKind::U64));
        for _ in 0..200 {
            e = call(
                Method::WrappingAdd,
                vec![e.clone(), e],
                Ty::Int(IntKind::U64),
            );
        }
        assert_eq!(
            e.eval(&[Val::Int(3)]),
            Ok(Val::Int(0)),
            "3 · 2^200 wraps to 0"
        );
        assert_eq!(e.size(), usize::MAX);
        assert_eq!(e.vars(), [0]);
        assert_eq!(e.nodes().len(), 201);
        let predicate = bin(Binary::Eq, e, int(0, Ty::Int(IntKind::U64)));
        assert_eq!(predicate.distances(&[Val::Int(3)]), d(0.0, K));
    }
}
