//! Symbolic shadows: expressions over a function's inputs that stand next to the concrete
//! values of a concolic execution (DESIGN.md, "Symbolic information", item 2).
//!
//! An [`Expr`] is an immutable tree whose leaves are input variables ([`Node::Var`]),
//! constants, and *opaque* values: concrete values of computations symtest does not model,
//! which stay fixed whatever the inputs are (a constraint that mentions one is incomplete, see
//! [`ExprNode::complete`]). Every node carries its Rust type ([`Ty`]), because the semantics of
//! `+`, `as` or `wrapping_mul` depend on it.
//!
//! This module holds the types and the structural queries. [`ExprNode::eval`] (in `eval`)
//! computes a node's value for an assignment of the inputs with the semantics of a debug
//! build: arithmetic overflow, division by zero and out-of-bounds indexing are a
//! [`Fault::Panic`]; a `checked_*` operation that overflows or a `to_digit` of a non-digit is
//! [`Fault::Absent`] (the `None` of the `Option` Rust would return).
//! [`ExprNode::distances`] (in `measure`) measures how far a boolean expression is from each
//! outcome, with the same branch distances the hooks use (`crate::record::distance`).

use std::collections::{BTreeSet, HashMap, HashSet};
use std::rc::Rc;

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
    /// A sequence of chars (`Vec<char>`, what `s.chars()` yields), held as a [`Val::Str`] of
    /// those chars: its `len` is how many there are, and indexing gives a char.
    Chars,
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
    /// `(a1, b1, a2, b2, …)`: `(a1, a2, …).cmp(&(b1, b2, …))`, each pair of one type, compared
    /// in order until one differs, as an `Ordering`'s value: -1, 0 or 1, an `I8`.
    Cmp,
    /// `x.count_ones()` → `u32`.
    CountOnes,
    /// `x.to_bits()`: a float's representation, `u32` or `u64`.
    ToBits,
    /// `f64::from_bits(b)` / `f32::from_bits(b)`: the float a `u64` or `u32` represents.
    FromBits,
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
    /// `(s, pattern)`: `s.strip_prefix(pattern)` (`strip_suffix`), what is left of `s`,
    /// absent where `s` does not start (end) with the `Str` or `Char` pattern.
    StripPrefix,
    StripSuffix,
    /// `(s)`: `s.trim()`, `trim_start()`, `trim_end()`: `s` without its leading and trailing
    /// whitespace.
    Trim,
    TrimStart,
    TrimEnd,
    /// `(s, pattern)`: the part of `s.split_once(pattern)` before the pattern
    /// (`SplitOnceAfter`: after it), absent where `s` does not contain the `Str` or `Char`
    /// pattern; `RsplitOnce*` split at its last occurrence. The macro binds the two halves of
    /// a `Some((a, b))` or `let (a, b)` to the two calls.
    SplitOnceBefore,
    SplitOnceAfter,
    RsplitOnceBefore,
    RsplitOnceAfter,
    /// `(s, witness)`: `s.parse()` into the integer type of `witness` (a `0` of that type, or
    /// an unsuffixed `0` where only later code fixes it, evaluated as `i128` until then),
    /// absent where Rust returns `Err`.
    ParseInt,
    // Iterator chains (`shadow::sequences`). A sequence is a `Chars` or a `Seq`; a closure is
    // an argument built over [`Node::Arg`], the item it is applied to.
    /// `s.chars()`: a `Str` as its `Chars`.
    Chars,
    /// `s.bytes()`: a `Str` as its bytes, a `Seq(U8)`.
    Bytes,
    /// `(start, end)`: `start..end` as a `Seq` of their kind (`RangeInclusive`: `..=`).
    Range,
    RangeInclusive,
    /// `(seq, keep)`: the items for which the closure `keep` holds.
    Filter,
    /// `(seq, f)`: each item through the closure `f`; `Chars` or a `Seq` by `f`'s type.
    Map,
    /// `(seq)`: the items from the last.
    Rev,
    /// `(seq, n)`: the first `n` items; `Skip`: all but those.
    Take,
    Skip,
    /// `(a, b)`: the items of `a`, then those of `b`.
    Chain,
    /// `(chars)`: `collect::<String>()`, the `Str` of the chars.
    Collect,
    /// `(seq)`: the sum of the items (overflow panics, as in a debug build).
    Sum,
    /// `(seq, predicate)` → `Bool`: whether some item (every item) satisfies it.
    Any,
    All,
    /// `(seq, predicate)`: the index of the first item that satisfies it, absent if none.
    Position,
    /// `(seq, predicate)`: the first item that satisfies it, absent if none.
    Find,
    /// `(seq)`: the least (greatest) item, absent for an empty sequence.
    Least,
    Greatest,
    /// `(seq)`: the first (last) item, absent for an empty sequence.
    First,
    Last,
    /// `(seq, i)`: `seq.get(i)`, the `i`-th item, absent past the end.
    Get,
    /// `(seq, init, f)`: `seq.fold(init, f)`, `f` over [`Node::Acc`] (what it returned for
    /// the items before, `init` at first) and [`Node::Arg`] (the item).
    Fold,
}

impl Method {
    /// Whether it is a source, adaptor or consumer of an iterator chain, or an accessor of
    /// what one collects (`First`, `Last`, `Get`): the methods `shadow::sequences` evaluates.
    pub fn of_chain(self) -> bool {
        use Method::*;
        matches!(
            self,
            Chars
                | Bytes
                | Range
                | RangeInclusive
                | Filter
                | Map
                | Rev
                | Take
                | Skip
                | Chain
                | Collect
                | Sum
                | Any
                | All
                | Position
                | Find
                | Least
                | Greatest
                | First
                | Last
                | Get
                | Fold
        )
    }
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
    /// The item a closure is applied to: in an argument of [`Method::Filter`], `Map`, `Any`,
    /// `All`, `Position` or `Find`, the item of the innermost such call's sequence.
    Arg,
    /// What a [`Method::Fold`]'s closure has accumulated before the item it is applied to.
    Acc,
}

/// A typed node.
#[derive(Clone, Debug, PartialEq)]
pub struct ExprNode {
    pub node: Node,
    pub ty: Ty,
    /// Nodes on the longest path to a leaf (1 for a leaf), kept so that callers can bound how
    /// deep a shadow grows: evaluation recurses along it.
    height: u32,
}

/// A shared, immutable shadow expression.
pub type Expr = Rc<ExprNode>;

/// The input variables of a problem: the type of each, and for strings and sequences the
/// longest value the search may build.
#[derive(Clone, Debug, PartialEq)]
pub struct Var {
    pub ty: Ty,
    /// The longest string or sequence; for an integer, a nonzero `max_len` bounds it to
    /// `0..max_len`: an enum's tag, which of `max_len` variants the value is.
    pub max_len: usize,
}

/// An assignment of values to the input variables, indexed like [`Node::Var`].
pub type Env = [Val];

pub fn expr(node: Node, ty: Ty) -> Expr {
    let children = match &node {
        Node::Var(_) | Node::Const(_) | Node::Opaque(_) | Node::Arg | Node::Acc => 0,
        Node::Unary(_, operand) | Node::Cast(operand) => operand.height,
        Node::Binary(_, left, right) => left.height.max(right.height),
        Node::Call(_, args) => args.iter().map(|arg| arg.height).max().unwrap_or(0),
    };
    Rc::new(ExprNode {
        node,
        ty,
        height: children.saturating_add(1),
    })
}

impl ExprNode {
    /// Nodes on the longest path from here to a leaf.
    pub fn height(&self) -> u32 {
        self.height
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
            Node::Var(_) | Node::Const(_) | Node::Opaque(_) | Node::Arg | Node::Acc => {}
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

pub fn int_min(kind: IntKind) -> i128 {
    if kind.signed() {
        i128::MIN >> (128 - kind.bits())
    } else {
        0
    }
}

/// The largest value, as [`Val::Int`](crate::record::expr::Val::Int) holds it (`u128::MAX` is `-1`).
pub fn int_max(kind: IntKind) -> i128 {
    if kind.signed() {
        i128::MAX >> (128 - kind.bits())
    } else {
        (u128::MAX >> (128 - kind.bits())) as i128
    }
}
