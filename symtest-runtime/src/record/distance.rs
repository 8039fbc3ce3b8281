//! Branch distances (Tracey/Korel, K = 1) for every scalar type symtest records.
//!
//! A hook reports, for one evaluation of a predicate, how far its operands were from making it
//! true and from making it false ([`Distances`]). The outcome taken is at distance `0.0` and
//! agrees with Rust's own comparison; the other outcome is at a positive, finite distance, so
//! the search always has something to minimise and never meets NaN, overflow or a panic.

use std::borrow::Cow;
use std::cmp::Ordering;

/// The Tracey/Korel failure constant: how far a relation that misses by nothing is from
/// holding (`a < b` with `a == b`; `a != b` with `a == b`).
pub const K: f64 = 1.0;

/// Distances of one evaluation of a predicate to each of its two outcomes.
///
/// The outcome taken has distance `0.0`, the other a positive finite distance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Distances {
    pub to_true: f64,
    pub to_false: f64,
}

impl Distances {
    /// Distances of a boolean the hook cannot see inside (a call returning `bool`): 0 / K.
    #[inline]
    pub fn opaque(outcome: bool) -> Self {
        Self::taken(outcome, K)
    }

    /// Distances of the negated predicate: negation swaps the two outcomes.
    #[inline]
    pub fn negate(self) -> Self {
        Self {
            to_true: self.to_false,
            to_false: self.to_true,
        }
    }

    /// Whether the predicate held in this evaluation.
    #[inline]
    pub fn outcome(self) -> bool {
        self.to_true == 0.0
    }

    /// Distances of `self && other`: true needs both (sum), false needs either (min).
    #[inline]
    pub fn and(self, other: Self) -> Self {
        Self {
            to_true: and(self.to_true, other.to_true),
            to_false: or(self.to_false, other.to_false),
        }
    }

    /// Distances of `self || other`: true needs either (min), false needs both (sum).
    #[inline]
    pub fn or(self, other: Self) -> Self {
        Self {
            to_true: or(self.to_true, other.to_true),
            to_false: and(self.to_false, other.to_false),
        }
    }

    /// `outcome` taken (distance 0), the other outcome at `distance`.
    #[inline]
    pub(crate) fn taken(outcome: bool, distance: f64) -> Self {
        if outcome {
            Self {
                to_true: 0.0,
                to_false: distance,
            }
        } else {
            Self {
                to_true: distance,
                to_false: 0.0,
            }
        }
    }
}

/// Distances of a predicate that cannot be false (a range bound that is absent).
const ALWAYS: Distances = Distances {
    to_true: 0.0,
    to_false: f64::MAX,
};

/// ν(d) = d / (d + 1): maps a distance into `[0, 1]`, keeping its order.
///
/// `+inf` and NaN map to `1.0` (worst), negative inputs (not distances) to `0.0`. Distances
/// above about 2^53 all map to `1.0`, as the rounding of `d + 1` dictates.
pub fn normalize(d: f64) -> f64 {
    if d.is_nan() || d == f64::INFINITY {
        1.0
    } else if d <= 0.0 {
        0.0
    } else {
        d / (d + 1.0)
    }
}

/// Distance to true of a conjunction: the sum, saturating at `f64::MAX` (NaN counts as MAX).
#[inline]
pub fn and(a: f64, b: f64) -> f64 {
    (a + b).min(f64::MAX)
}

/// Distance to true of a disjunction: the minimum (an infinite or NaN pair gives `f64::MAX`).
#[inline]
pub fn or(a: f64, b: f64) -> f64 {
    a.min(b).min(f64::MAX)
}

/// The comparison operators a predicate can apply to two scalars.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl CmpOp {
    /// Every operator, for replacing one by another (mutation analysis).
    pub const ALL: [CmpOp; 6] = [
        CmpOp::Eq,
        CmpOp::Ne,
        CmpOp::Lt,
        CmpOp::Le,
        CmpOp::Gt,
        CmpOp::Ge,
    ];

    /// The operator as Rust writes it.
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }

    /// Whether `a op b` holds for operands ordered `order` (`None`: unordered, as NaN is,
    /// where only `!=` holds).
    pub fn holds(self, order: Option<Ordering>) -> bool {
        use Ordering::{Equal, Greater, Less};
        match (self, order) {
            (CmpOp::Ne, None) => true,
            (_, None) => false,
            (CmpOp::Eq, Some(order)) => order == Equal,
            (CmpOp::Ne, Some(order)) => order != Equal,
            (CmpOp::Lt, Some(order)) => order == Less,
            (CmpOp::Le, Some(order)) => order != Greater,
            (CmpOp::Gt, Some(order)) => order == Greater,
            (CmpOp::Ge, Some(order)) => order != Less,
        }
    }

    /// Distances of `a op b`, given how `a` orders against `b` (`None`: unordered, as with NaN)
    /// and `gap`, the size of `a − b`: finite, and positive whenever `order` is not `Equal`.
    #[inline]
    fn distances(self, order: Option<Ordering>, gap: f64) -> Distances {
        use Ordering::{Equal, Greater, Less};
        match self {
            // a == b: |a − b| if not, K if so.
            CmpOp::Eq if order == Some(Equal) => Distances::taken(true, K),
            CmpOp::Eq => Distances::taken(false, gap),
            CmpOp::Ne => CmpOp::Eq.distances(order, gap).negate(),
            CmpOp::Lt => strict(order == Some(Less), gap),
            CmpOp::Gt => strict(order == Some(Greater), gap),
            CmpOp::Le => non_strict(matches!(order, Some(Less | Equal)), gap),
            CmpOp::Ge => non_strict(matches!(order, Some(Greater | Equal)), gap),
        }
    }
}

/// `a < b`: a − b + K if not, b − a if so (and mirrored for `>`).
#[inline]
fn strict(holds: bool, gap: f64) -> Distances {
    if holds {
        Distances::taken(true, gap)
    } else {
        Distances::taken(false, and(gap, K))
    }
}

/// `a <= b`: a − b if not, b − a + K if so (and mirrored for `>=`).
#[inline]
fn non_strict(holds: bool, gap: f64) -> Distances {
    if holds {
        Distances::taken(true, and(gap, K))
    } else {
        Distances::taken(false, gap)
    }
}

/// A value as a predicate compares it: the common view of every comparable type.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar<'a> {
    Signed(i128),
    Unsigned(u128),
    Float(f64),
    Char(char),
    Bool(bool),
    Str(&'a str),
}

/// Types whose values a hook can turn into a [`Scalar`].
pub trait AsScalar {
    fn as_scalar(&self) -> Scalar<'_>;
}

macro_rules! scalar_impls {
    ($variant:ident($wide:ty): $($ty:ty),*) => {$(
        impl AsScalar for $ty {
            #[inline]
            fn as_scalar(&self) -> Scalar<'_> {
                Scalar::$variant(<$wide>::from(*self))
            }
        }
    )*};
}

scalar_impls!(Signed(i128): i8, i16, i32, i64, i128);
scalar_impls!(Unsigned(u128): u8, u16, u32, u64, u128);
scalar_impls!(Float(f64): f32, f64);
scalar_impls!(Char(char): char);
scalar_impls!(Bool(bool): bool);

impl AsScalar for isize {
    #[inline]
    fn as_scalar(&self) -> Scalar<'_> {
        // Lossless: no target has pointers wider than 128 bits.
        Scalar::Signed(*self as i128)
    }
}

impl AsScalar for usize {
    #[inline]
    fn as_scalar(&self) -> Scalar<'_> {
        // Lossless: no target has pointers wider than 128 bits.
        Scalar::Unsigned(*self as u128)
    }
}

impl AsScalar for str {
    #[inline]
    fn as_scalar(&self) -> Scalar<'_> {
        Scalar::Str(self)
    }
}

impl AsScalar for String {
    #[inline]
    fn as_scalar(&self) -> Scalar<'_> {
        Scalar::Str(self)
    }
}

impl<T: AsScalar + ?Sized> AsScalar for &T {
    #[inline]
    fn as_scalar(&self) -> Scalar<'_> {
        (**self).as_scalar()
    }
}

impl<T: AsScalar + ?Sized> AsScalar for &mut T {
    #[inline]
    fn as_scalar(&self) -> Scalar<'_> {
        (**self).as_scalar()
    }
}

impl<T: AsScalar + ?Sized> AsScalar for Box<T> {
    #[inline]
    fn as_scalar(&self) -> Scalar<'_> {
        (**self).as_scalar()
    }
}

/// Covers `Cow<'_, str>` and any other borrowed-or-owned scalar.
impl<B: AsScalar + ToOwned + ?Sized> AsScalar for Cow<'_, B> {
    #[inline]
    fn as_scalar(&self) -> Scalar<'_> {
        (**self).as_scalar()
    }
}

/// An integer of any width, kept exact as sign and magnitude (so `i128` and `u128` share it).
#[derive(Clone, Copy, Debug)]
struct Int {
    /// Never set for zero, so each value has one representation.
    negative: bool,
    magnitude: u128,
}

impl Int {
    #[inline]
    fn signed(value: i128) -> Self {
        Self {
            negative: value < 0,
            magnitude: value.unsigned_abs(),
        }
    }

    #[inline]
    fn unsigned(value: u128) -> Self {
        Self {
            negative: false,
            magnitude: value,
        }
    }

    /// The nearest `f64`.
    #[inline]
    fn to_f64(self) -> f64 {
        let magnitude = self.magnitude as f64;
        if self.negative { -magnitude } else { magnitude }
    }

    #[inline]
    fn order(self, other: Self) -> Ordering {
        match (self.negative, other.negative) {
            (false, false) => self.magnitude.cmp(&other.magnitude),
            (true, true) => other.magnitude.cmp(&self.magnitude),
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
        }
    }

    /// |self − other|, computed exactly and rounded once; only a difference beyond `u128`
    /// (a negative `i128` against a huge `u128`) is summed in `f64`.
    #[inline]
    fn gap(self, other: Self) -> f64 {
        // Operands that fit 64 bits (nearly all) take hardware conversions: the 128-bit
        // conversion is a library routine, and every hook on integers would pay it.
        if let (Ok(a), Ok(b)) = (
            u64::try_from(self.magnitude),
            u64::try_from(other.magnitude),
        ) {
            let gap = if self.negative == other.negative {
                Some(a.abs_diff(b))
            } else {
                a.checked_add(b)
            };
            if let Some(gap) = gap {
                return gap as f64;
            }
        }
        if self.negative == other.negative {
            return self.magnitude.abs_diff(other.magnitude) as f64;
        }
        match self.magnitude.checked_add(other.magnitude) {
            Some(sum) => sum as f64,
            None => self.magnitude as f64 + other.magnitude as f64,
        }
    }
}

/// How [`compare`] treats a scalar: integer line, float line, or text.
#[derive(Clone, Copy, Debug)]
enum Operand<'a> {
    Int(Int),
    Float(f64),
    Str(&'a str),
}

impl<'a> Operand<'a> {
    /// Chars compare by code point and bools as 0 / 1, on the same line as integers.
    #[inline(always)]
    fn of(scalar: Scalar<'a>) -> Self {
        match scalar {
            Scalar::Signed(value) => Operand::Int(Int::signed(value)),
            Scalar::Unsigned(value) => Operand::Int(Int::unsigned(value)),
            Scalar::Char(value) => Operand::Int(Int::unsigned(u128::from(u32::from(value)))),
            Scalar::Bool(value) => Operand::Int(Int::unsigned(u128::from(value))),
            Scalar::Float(value) => Operand::Float(value),
            Scalar::Str(value) => Operand::Str(value),
        }
    }
}

/// Distances of `a op b`, whose outcome is always Rust's own `a op b`.
///
/// - Integers, chars and bools (any mix of signedness and width) are compared exactly and the
///   difference is rounded to `f64` once, so no width's extremes overflow.
/// - Floats follow IEEE 754: every comparison with NaN is false except `!=`. A difference that
///   is NaN or infinite counts as `f64::MAX`. An integer against a float is compared as the
///   nearest `f64` of the integer (Rust itself never mixes them).
/// - Strings: `==` / `!=` use the [`edit_distance`]; orderings use the first differing
///   character (difference of code points), or, when one string is a prefix of the other, the
///   difference of their lengths in chars. Rust orders `str` by bytes, which for UTF-8 is the
///   same as by code points, so outcome and distance agree.
/// - A string against any other kind has no Rust result: it counts as unordered (like NaN,
///   only `!=` holds) with opaque distances 0 / K, since no change of value can alter it.
///
/// Always inlined: a hook knows its operands' types, so after inlining only the arm for those
/// types is left (no match on the kinds at run time, no call).
#[inline(always)]
pub fn compare(op: CmpOp, a: Scalar<'_>, b: Scalar<'_>) -> Distances {
    match (Operand::of(a), Operand::of(b)) {
        (Operand::Int(a), Operand::Int(b)) => op.distances(Some(a.order(b)), a.gap(b)),
        (Operand::Float(a), Operand::Float(b)) => compare_floats(op, a, b),
        (Operand::Int(a), Operand::Float(b)) => compare_floats(op, a.to_f64(), b),
        (Operand::Float(a), Operand::Int(b)) => compare_floats(op, a, b.to_f64()),
        (Operand::Str(a), Operand::Str(b)) => compare_strs(op, a, b),
        _ => Distances::opaque(op == CmpOp::Ne),
    }
}

/// How `a` orders against `b` as [`compare`] sees them; `None` when unordered (NaN) or the
/// two cannot be compared.
pub fn order(a: Scalar<'_>, b: Scalar<'_>) -> Option<Ordering> {
    match (Operand::of(a), Operand::of(b)) {
        (Operand::Int(a), Operand::Int(b)) => Some(a.order(b)),
        (Operand::Float(a), Operand::Float(b)) => a.partial_cmp(&b),
        (Operand::Int(a), Operand::Float(b)) => a.to_f64().partial_cmp(&b),
        (Operand::Float(a), Operand::Int(b)) => a.partial_cmp(&b.to_f64()),
        (Operand::Str(a), Operand::Str(b)) => Some(a.cmp(b)),
        _ => None,
    }
}

/// How the operands of a comparison relate: their order, and, where one of them is a number
/// literal, the order with that literal one more and one less (for the mutants that shift it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Relation {
    pub order: Option<Ordering>,
    pub plus: Option<Ordering>,
    pub minus: Option<Ordering>,
}

/// Which operand of a comparison is a number literal, as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiteralSide {
    Neither,
    Left,
    Right,
}

/// The [`Relation`] of `a` and `b`, the operand `literal` moved by ±1 where it is a number.
pub fn relation(a: Scalar<'_>, b: Scalar<'_>, literal: LiteralSide) -> Relation {
    let shifted = |by: i8| {
        let moved = |value: Scalar<'_>| -> Option<Scalar<'static>> {
            match value {
                Scalar::Signed(v) => v.checked_add(i128::from(by)).map(Scalar::Signed),
                Scalar::Unsigned(v) => v.checked_add_signed(i128::from(by)).map(Scalar::Unsigned),
                Scalar::Float(v) => Some(Scalar::Float(v + f64::from(by))),
                _ => None,
            }
        };
        match literal {
            LiteralSide::Neither => None,
            LiteralSide::Left => moved(a).and_then(|a| order(a, b)),
            LiteralSide::Right => moved(b).and_then(|b| order(a, b)),
        }
    };
    Relation {
        order: order(a, b),
        plus: shifted(1),
        minus: shifted(-1),
    }
}

#[inline]
fn compare_floats(op: CmpOp, a: f64, b: f64) -> Distances {
    let gap = (a - b).abs();
    let gap = if gap.is_finite() { gap } else { f64::MAX };
    op.distances(a.partial_cmp(&b), gap)
}

#[inline(never)]
fn compare_strs(op: CmpOp, a: &str, b: &str) -> Distances {
    let gap = match op {
        CmpOp::Eq | CmpOp::Ne if a == b => 0.0,
        CmpOp::Eq | CmpOp::Ne => edit_distance(a, b) as f64,
        _ => first_difference(a, b),
    };
    op.distances(Some(a.cmp(b)), gap)
}

/// How far apart two strings are in their ordering: the code-point difference of the first
/// differing chars, or the length difference (in chars) when one is a prefix of the other.
fn first_difference(a: &str, b: &str) -> f64 {
    let mut a_chars = a.chars();
    let mut b_chars = b.chars();
    loop {
        match (a_chars.next(), b_chars.next()) {
            (Some(x), Some(y)) if x == y => {}
            (Some(x), Some(y)) => return f64::from(u32::from(x).abs_diff(u32::from(y))),
            (Some(_), None) => return (1 + a_chars.count()) as f64,
            (None, Some(_)) => return (1 + b_chars.count()) as f64,
            (None, None) => return 0.0,
        }
    }
}

/// Levenshtein distance over chars: the fewest single-char insertions, deletions and
/// substitutions that turn `a` into `b`.
///
/// O(n·m) time; memory is one row as long as the shorter string.
/// Largest `len(a) · len(b)` for which [`edit_distance`] is exact.
pub const EDIT_DISTANCE_CELLS: usize = 1_000_000;

pub fn edit_distance(a: &str, b: &str) -> usize {
    let (long, short) = if a.chars().count() >= b.chars().count() {
        (a, b)
    } else {
        (b, a)
    };
    // The hook runs on every comparison the function makes: beyond a million cells the exact
    // distance would stall the search, so long strings get a cheap upper bound instead — the
    // mismatches position by position plus the difference in length.
    let (long_len, short_len) = (long.chars().count(), short.chars().count());
    if long_len.saturating_mul(short_len) > EDIT_DISTANCE_CELLS {
        let mismatches = long
            .chars()
            .zip(short.chars())
            .filter(|(x, y)| x != y)
            .count();
        return mismatches + (long_len - short_len);
    }
    // row[j]: distance between the part of `long` seen so far and the first j chars of `short`.
    let mut row: Vec<usize> = (0..=short.chars().count()).collect();
    for (i, long_char) in long.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, short_char) in short.chars().enumerate() {
            let above = row[j + 1];
            let substitution = diagonal + usize::from(long_char != short_char);
            row[j + 1] = substitution.min(above + 1).min(row[j] + 1);
            diagonal = above;
        }
    }
    row[row.len() - 1]
}

/// Distances of membership in a range pattern: `lo <= value` and `value < hi` (or
/// `value <= hi` when `hi_inclusive`); an absent bound always holds.
///
/// Outside, `to_true` is the distance to the nearest bound (plus K for an exclusive upper
/// bound); inside, `to_false` is the distance to just leave the range through either end.
pub fn in_range(
    value: Scalar<'_>,
    lo: Option<Scalar<'_>>,
    hi: Option<Scalar<'_>>,
    hi_inclusive: bool,
) -> Distances {
    let hi_op = if hi_inclusive { CmpOp::Le } else { CmpOp::Lt };
    let above_lo = lo.map_or(ALWAYS, |lo| compare(CmpOp::Ge, value, lo));
    let below_hi = hi.map_or(ALWAYS, |hi| compare(hi_op, value, hi));
    above_lo.and(below_hi)
}

/// Distances of `s.starts_with(p)`.
///
/// When false: the [`edit_distance`] between the first `|p|` chars of `s` and `p` (a short `s`
/// pays one insertion per missing char). When true: K, one changed char; an empty `p` can never
/// be made false, and gets K too so that the distance stays finite.
pub fn starts_with(s: &str, p: &str) -> Distances {
    if s.starts_with(p) {
        return Distances::taken(true, K);
    }
    let end = s
        .char_indices()
        .nth(p.chars().count())
        .map_or(s.len(), |(index, _)| index);
    Distances::taken(false, edit_distance(&s[..end], p) as f64)
}

/// Distances of `s.ends_with(p)`: [`starts_with`] on the last `|p|` chars.
pub fn ends_with(s: &str, p: &str) -> Distances {
    if s.ends_with(p) {
        return Distances::taken(true, K);
    }
    let skip = s.chars().count().saturating_sub(p.chars().count());
    let start = s
        .char_indices()
        .nth(skip)
        .map_or(s.len(), |(index, _)| index);
    Distances::taken(false, edit_distance(&s[start..], p) as f64)
}

/// Distances of `s.contains(p)`.
///
/// When false: the fewest edits of `s` after which it contains `p`, that is the smallest
/// [`edit_distance`] between `p` and any substring of `s` (Sellers' algorithm, `|s|·|p|`
/// cells). It is never larger than the best window of `|p|` chars, and counts a missing
/// char inside a near match as the one insertion it is. Beyond [`EDIT_DISTANCE_CELLS`] cells a
/// cheap upper bound is used instead. When true: K (an empty `p` is always contained).
pub fn contains(s: &str, p: &str) -> Distances {
    if s.contains(p) {
        return Distances::taken(true, K);
    }
    Distances::taken(false, substring_edit_distance(s, p) as f64)
}

/// Smallest edit distance between `pattern` and a substring of `text`.
fn substring_edit_distance(text: &str, pattern: &str) -> usize {
    let pattern: Vec<char> = pattern.chars().collect();
    let text_len = text.chars().count();
    if text_len.saturating_mul(pattern.len()) > EDIT_DISTANCE_CELLS {
        return substring_mismatch_bound(text, &pattern);
    }
    // column[j]: fewest edits turning some substring of `text` that ends at the current char
    // into the first j chars of `pattern`. The empty prefix matches everywhere for free.
    let mut column: Vec<usize> = (0..=pattern.len()).collect();
    let mut best = pattern.len();
    for text_char in text.chars() {
        let mut diagonal = column[0];
        column[0] = 0;
        for (j, &pattern_char) in pattern.iter().enumerate() {
            let above = column[j + 1];
            let substitution = diagonal + usize::from(text_char != pattern_char);
            column[j + 1] = substitution.min(above + 1).min(column[j] + 1);
            diagonal = above;
        }
        best = best.min(column[pattern.len()]);
    }
    best
}

/// An upper bound of [`substring_edit_distance`] within [`EDIT_DISTANCE_CELLS`] char
/// comparisons: position-by-position mismatches of `pattern` against evenly spaced windows.
fn substring_mismatch_bound(text: &str, pattern: &[char]) -> usize {
    let text: Vec<char> = text.chars().collect();
    let mismatches = |window: &[char]| {
        let differing = window.iter().zip(pattern).filter(|(a, b)| a != b).count();
        differing + pattern.len().abs_diff(window.len())
    };
    if text.len() < pattern.len() {
        return mismatches(&text);
    }
    let windows = text.len() - pattern.len() + 1;
    let affordable = (EDIT_DISTANCE_CELLS / pattern.len().max(1)).max(1);
    (0..windows)
        .step_by(windows.div_ceil(affordable))
        .map(|start| mismatches(&text[start..start + pattern.len()]))
        .min()
        .unwrap_or(pattern.len())
}

/// The char predicates of `char::is_*` (and `is_digit(radix)`) that branch hooks measure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CharClass {
    AsciiDigit,
    AsciiHexdigit,
    AsciiAlphabetic,
    AsciiAlphanumeric,
    AsciiUppercase,
    AsciiLowercase,
    AsciiWhitespace,
    AsciiPunctuation,
    Alphabetic,
    Numeric,
    Alphanumeric,
    Whitespace,
    Uppercase,
    Lowercase,
    /// `is_digit(radix)`; a radix outside `2..=36` (where Rust panics) has no members.
    Digit(u32),
}

/// Code-point ranges, sorted and neither overlapping nor adjacent.
#[derive(Clone, Copy, Debug)]
struct Ranges {
    items: [(u32, u32); 4],
    len: usize,
}

impl Ranges {
    fn of(items: &[(u32, u32)]) -> Self {
        let mut ranges = Ranges {
            items: [(0, 0); 4],
            len: items.len(),
        };
        ranges.items[..items.len()].copy_from_slice(items);
        ranges
    }

    fn as_slice(&self) -> &[(u32, u32)] {
        &self.items[..self.len]
    }
}

const DIGITS: (u32, u32) = ('0' as u32, '9' as u32);
const UPPER: (u32, u32) = ('A' as u32, 'Z' as u32);
const LOWER: (u32, u32) = ('a' as u32, 'z' as u32);

impl CharClass {
    /// Whether `c` is a member, exactly as Rust's own method says.
    pub fn contains(self, c: char) -> bool {
        match self {
            CharClass::AsciiDigit => c.is_ascii_digit(),
            CharClass::AsciiHexdigit => c.is_ascii_hexdigit(),
            CharClass::AsciiAlphabetic => c.is_ascii_alphabetic(),
            CharClass::AsciiAlphanumeric => c.is_ascii_alphanumeric(),
            CharClass::AsciiUppercase => c.is_ascii_uppercase(),
            CharClass::AsciiLowercase => c.is_ascii_lowercase(),
            CharClass::AsciiWhitespace => c.is_ascii_whitespace(),
            CharClass::AsciiPunctuation => c.is_ascii_punctuation(),
            CharClass::Alphabetic => c.is_alphabetic(),
            CharClass::Numeric => c.is_numeric(),
            CharClass::Alphanumeric => c.is_alphanumeric(),
            CharClass::Whitespace => c.is_whitespace(),
            CharClass::Uppercase => c.is_uppercase(),
            CharClass::Lowercase => c.is_lowercase(),
            CharClass::Digit(radix) => (2..=36).contains(&radix) && c.is_digit(radix),
        }
    }

    /// The ASCII members, as ranges: all of the class for the ASCII classes and `Digit`, the
    /// approximation distances use for the Unicode ones.
    fn ranges(self) -> Ranges {
        match self {
            CharClass::AsciiDigit | CharClass::Numeric => Ranges::of(&[DIGITS]),
            CharClass::AsciiHexdigit => {
                Ranges::of(&[DIGITS, ('A' as u32, 'F' as u32), ('a' as u32, 'f' as u32)])
            }
            CharClass::AsciiAlphabetic | CharClass::Alphabetic => Ranges::of(&[UPPER, LOWER]),
            CharClass::AsciiAlphanumeric | CharClass::Alphanumeric => {
                Ranges::of(&[DIGITS, UPPER, LOWER])
            }
            CharClass::AsciiUppercase | CharClass::Uppercase => Ranges::of(&[UPPER]),
            CharClass::AsciiLowercase | CharClass::Lowercase => Ranges::of(&[LOWER]),
            // Tab, line feed, form feed, carriage return, space (not vertical tab).
            CharClass::AsciiWhitespace => Ranges::of(&[(0x09, 0x0A), (0x0C, 0x0D), (0x20, 0x20)]),
            CharClass::Whitespace => Ranges::of(&[(0x09, 0x0D), (0x20, 0x20)]),
            CharClass::AsciiPunctuation => {
                Ranges::of(&[(0x21, 0x2F), (0x3A, 0x40), (0x5B, 0x60), (0x7B, 0x7E)])
            }
            CharClass::Digit(radix) if (2..=36).contains(&radix) => {
                let letters = radix.saturating_sub(10);
                let digits = ('0' as u32, '0' as u32 + radix.min(10) - 1);
                if letters == 0 {
                    Ranges::of(&[digits])
                } else {
                    let upper = (UPPER.0, UPPER.0 + letters - 1);
                    let lower = (LOWER.0, LOWER.0 + letters - 1);
                    Ranges::of(&[digits, upper, lower])
                }
            }
            CharClass::Digit(_) => Ranges::of(&[]),
        }
    }
}

/// Distances of `class.contains(c)` (a hook on `c.is_ascii_digit()` and the like).
///
/// The outcome is Rust's own. Outside the class, `to_true` is the code-point distance to the
/// nearest of the class's ASCII members (the approximation for the Unicode classes: their
/// other members are scattered). Inside, `to_false` is the distance to the nearest code point
/// just outside those ranges, at least 1 (a member outside them, such as `'é'` for
/// `Alphabetic`, gets 1). A `Digit` radix outside `2..=36` has no members: `to_true` is K.
pub fn char_class(c: char, class: CharClass) -> Distances {
    let code = u32::from(c);
    let ranges = class.ranges();
    if class.contains(c) {
        let inside = ranges
            .as_slice()
            .iter()
            .find(|&&(lo, hi)| (lo..=hi).contains(&code));
        let distance = inside.map_or(1, |(lo, hi)| (code - lo + 1).min(hi - code + 1));
        return Distances::taken(true, f64::from(distance));
    }
    let nearest = ranges
        .as_slice()
        .iter()
        .map(|&(lo, hi)| {
            if code < lo {
                lo - code
            } else {
                code.saturating_sub(hi)
            }
        })
        .min();
    // Never zero: the ranges hold members only, and `c` is not one.
    Distances::taken(false, nearest.map_or(K, |gap| f64::from(gap.max(1))))
}

#[cfg(test)]
mod tests {
    use super::*;

    const OPS: [CmpOp; 6] = CmpOp::ALL;

    fn d(to_true: f64, to_false: f64) -> Distances {
        Distances { to_true, to_false }
    }

    fn int(op: CmpOp, a: i128, b: i128) -> Distances {
        compare(op, Scalar::Signed(a), Scalar::Signed(b))
    }

    fn float(op: CmpOp, a: f64, b: f64) -> Distances {
        compare(op, Scalar::Float(a), Scalar::Float(b))
    }

    fn string(op: CmpOp, a: &str, b: &str) -> Distances {
        compare(op, Scalar::Str(a), Scalar::Str(b))
    }

    /// Rust's own result of `a op b`.
    fn real<T: PartialOrd + ?Sized>(op: CmpOp, a: &T, b: &T) -> bool {
        match op {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Lt => a < b,
            CmpOp::Le => a <= b,
            CmpOp::Gt => a > b,
            CmpOp::Ge => a >= b,
        }
    }

    /// The invariant of every `Distances`: finite, non-negative, exactly one outcome at 0.
    fn assert_well_formed(distances: Distances, context: &str) {
        let Distances { to_true, to_false } = distances;
        let finite = to_true.is_finite() && to_false.is_finite();
        let non_negative = to_true >= 0.0 && to_false >= 0.0;
        let one_taken = (to_true == 0.0) != (to_false == 0.0);
        assert!(
            finite && non_negative && one_taken,
            "{context}: {distances:?}"
        );
    }

    /// Asserts `compare` agrees with Rust on `a op b` for every operator.
    fn assert_agrees<T: AsScalar + PartialOrd + std::fmt::Debug + ?Sized>(a: &T, b: &T) {
        for op in OPS {
            let distances = compare(op, a.as_scalar(), b.as_scalar());
            let context = format!("{a:?} {op:?} {b:?}");
            assert_eq!(distances.outcome(), real(op, a, b), "{context}");
            assert_well_formed(distances, &context);
        }
    }

    #[test]
    fn negate_swaps_the_outcomes_and_outcome_reads_to_true() {
        let distances = d(0.0, 3.0);
        assert!(distances.outcome());
        assert_eq!(distances.negate(), d(3.0, 0.0));
        assert!(!distances.negate().outcome());
        assert_eq!(distances.negate().negate(), distances);
    }

    #[test]
    fn opaque_booleans_are_at_zero_or_k() {
        assert_eq!(Distances::opaque(true), d(0.0, K));
        assert_eq!(Distances::opaque(false), d(K, 0.0));
    }

    #[test]
    fn normalize_maps_every_distance_into_the_unit_interval() {
        assert_eq!(normalize(0.0), 0.0);
        assert_eq!(normalize(1.0), 0.5);
        assert_eq!(normalize(3.0), 0.75);
        assert_eq!(normalize(f64::MAX), 1.0);
        assert_eq!(normalize(f64::INFINITY), 1.0);
        assert_eq!(normalize(f64::NAN), 1.0);
        assert_eq!(normalize(-0.0), 0.0);
        assert_eq!(normalize(-5.0), 0.0);
        assert!(normalize(1.0) < normalize(2.0));
    }

    #[test]
    fn and_sums_and_saturates_at_max() {
        assert_eq!(and(1.0, 2.5), 3.5);
        assert_eq!(and(0.0, 0.0), 0.0);
        assert_eq!(and(f64::MAX, f64::MAX), f64::MAX);
        assert_eq!(and(f64::INFINITY, 1.0), f64::MAX);
        assert_eq!(and(f64::NAN, 1.0), f64::MAX);
    }

    #[test]
    fn or_takes_the_minimum() {
        assert_eq!(or(1.0, 2.5), 1.0);
        assert_eq!(or(4.0, 0.0), 0.0);
        assert_eq!(or(f64::INFINITY, f64::INFINITY), f64::MAX);
        assert_eq!(or(f64::NAN, 2.0), 2.0);
        assert_eq!(or(f64::NAN, f64::NAN), f64::MAX);
    }

    #[test]
    fn conjunction_and_disjunction_of_distances_follow_de_morgan() {
        let p = int(CmpOp::Lt, 2, 7); // true, to_false 5
        let q = int(CmpOp::Eq, 3, 7); // false, to_true 4
        assert_eq!(p.and(q), d(4.0, 0.0));
        assert_eq!(p.or(q), d(0.0, 5.0));
        assert_eq!(p.and(p), d(0.0, 5.0));
        assert_eq!(q.and(q), d(8.0, 0.0));
        assert_eq!(q.or(q), d(4.0, 0.0));
        assert_eq!(p.or(p), d(0.0, 10.0));
        assert_eq!(p.and(q).negate(), p.negate().or(q.negate()));
        assert_eq!(p.or(q).negate(), p.negate().and(q.negate()));
    }

    #[test]
    fn eq_is_the_absolute_difference_or_k() {
        assert_eq!(int(CmpOp::Eq, 3, 3), d(0.0, K));
        assert_eq!(int(CmpOp::Eq, 3, 10), d(7.0, 0.0));
        assert_eq!(int(CmpOp::Eq, 10, 3), d(7.0, 0.0));
        assert_eq!(int(CmpOp::Eq, -4, 3), d(7.0, 0.0));
    }

    #[test]
    fn ne_is_the_negation_of_eq() {
        assert_eq!(int(CmpOp::Ne, 3, 3), d(K, 0.0));
        assert_eq!(int(CmpOp::Ne, 3, 10), d(0.0, 7.0));
        assert_eq!(int(CmpOp::Ne, -4, 3), d(0.0, 7.0));
    }

    #[test]
    fn lt_adds_k_when_false_and_measures_the_gap_when_true() {
        assert_eq!(int(CmpOp::Lt, 2, 5), d(0.0, 3.0));
        assert_eq!(int(CmpOp::Lt, 5, 5), d(K, 0.0));
        assert_eq!(int(CmpOp::Lt, 9, 5), d(4.0 + K, 0.0));
    }

    #[test]
    fn le_measures_the_gap_when_false_and_adds_k_when_true() {
        assert_eq!(int(CmpOp::Le, 2, 5), d(0.0, 3.0 + K));
        assert_eq!(int(CmpOp::Le, 5, 5), d(0.0, K));
        assert_eq!(int(CmpOp::Le, 9, 5), d(4.0, 0.0));
    }

    #[test]
    fn gt_mirrors_lt() {
        assert_eq!(int(CmpOp::Gt, 5, 2), d(0.0, 3.0));
        assert_eq!(int(CmpOp::Gt, 5, 5), d(K, 0.0));
        assert_eq!(int(CmpOp::Gt, 5, 9), d(4.0 + K, 0.0));
    }

    #[test]
    fn ge_mirrors_le() {
        assert_eq!(int(CmpOp::Ge, 5, 2), d(0.0, 3.0 + K));
        assert_eq!(int(CmpOp::Ge, 5, 5), d(0.0, K));
        assert_eq!(int(CmpOp::Ge, 5, 9), d(4.0, 0.0));
    }

    #[test]
    fn small_widths_compare_exactly_at_their_extremes() {
        let i8_span = compare(CmpOp::Eq, i8::MIN.as_scalar(), i8::MAX.as_scalar());
        assert_eq!(i8_span, d(255.0, 0.0));
        let u8_span = compare(CmpOp::Lt, u8::MAX.as_scalar(), 0u8.as_scalar());
        assert_eq!(u8_span, d(255.0 + K, 0.0));
        let i16_span = compare(CmpOp::Gt, i16::MAX.as_scalar(), i16::MIN.as_scalar());
        assert_eq!(i16_span, d(0.0, 65535.0));
        let u16_span = compare(CmpOp::Le, 0u16.as_scalar(), u16::MAX.as_scalar());
        assert_eq!(u16_span, d(0.0, 65535.0 + K));
        let i32_span = compare(CmpOp::Ne, i32::MIN.as_scalar(), i32::MAX.as_scalar());
        assert_eq!(i32_span, d(0.0, 4294967295.0));
        let u32_span = compare(CmpOp::Ge, u32::MAX.as_scalar(), u32::MAX.as_scalar());
        assert_eq!(u32_span, d(0.0, K));
        let i64_span = compare(CmpOp::Eq, i64::MIN.as_scalar(), i64::MAX.as_scalar());
        assert_eq!(i64_span, d(u64::MAX as f64, 0.0));
        let u64_span = compare(CmpOp::Eq, u64::MAX.as_scalar(), 0u64.as_scalar());
        assert_eq!(u64_span, d(u64::MAX as f64, 0.0));
        let isize_span = compare(CmpOp::Lt, isize::MIN.as_scalar(), isize::MAX.as_scalar());
        assert_eq!(isize_span, d(0.0, usize::MAX as f64));
        let usize_span = compare(CmpOp::Gt, 0usize.as_scalar(), usize::MAX.as_scalar());
        assert_eq!(usize_span, d(usize::MAX as f64 + K, 0.0));
    }

    #[test]
    fn i128_and_u128_extremes_do_not_overflow() {
        assert_eq!(
            int(CmpOp::Eq, i128::MIN, i128::MAX),
            d(u128::MAX as f64, 0.0)
        );
        assert_eq!(
            int(CmpOp::Lt, i128::MIN, i128::MAX),
            d(0.0, u128::MAX as f64)
        );
        assert_eq!(
            int(CmpOp::Ge, i128::MIN, i128::MAX),
            d(u128::MAX as f64, 0.0)
        );
        assert_eq!(int(CmpOp::Eq, i128::MIN, i128::MIN), d(0.0, K));
        let unsigned = compare(CmpOp::Gt, Scalar::Unsigned(u128::MAX), Scalar::Unsigned(0));
        assert_eq!(unsigned, d(0.0, u128::MAX as f64));
        let unsigned = compare(CmpOp::Le, Scalar::Unsigned(u128::MAX), Scalar::Unsigned(0));
        assert_eq!(unsigned, d(u128::MAX as f64, 0.0));
    }

    #[test]
    fn mixed_signed_and_unsigned_compare_by_value() {
        let extremes = compare(
            CmpOp::Lt,
            Scalar::Signed(i128::MIN),
            Scalar::Unsigned(u128::MAX),
        );
        // 2^127 + 2^128 − 1 does not fit in u128; it is summed in f64.
        assert_eq!(extremes, d(0.0, 2f64.powi(127) + 2f64.powi(128)));
        let extremes = compare(
            CmpOp::Ge,
            Scalar::Unsigned(u128::MAX),
            Scalar::Signed(i128::MIN),
        );
        assert_eq!(extremes, d(0.0, 2f64.powi(127) + 2f64.powi(128) + K));
        let minus_one = compare(CmpOp::Eq, Scalar::Signed(-1), Scalar::Unsigned(u128::MAX));
        assert_eq!(minus_one, d(2f64.powi(128), 0.0));
        let minus_one = compare(CmpOp::Lt, Scalar::Signed(-1), Scalar::Unsigned(0));
        assert_eq!(minus_one, d(0.0, 1.0));
        let equal = compare(CmpOp::Eq, Scalar::Signed(5), Scalar::Unsigned(5));
        assert_eq!(equal, d(0.0, K));
        let max = compare(
            CmpOp::Lt,
            Scalar::Signed(i128::MAX),
            Scalar::Unsigned(u128::MAX),
        );
        assert_eq!(max, d(0.0, (u128::MAX - i128::MAX as u128) as f64));
    }

    #[test]
    fn nan_makes_every_comparison_false_except_ne() {
        for (a, b) in [(f64::NAN, 1.0), (1.0, f64::NAN), (f64::NAN, f64::NAN)] {
            for op in OPS {
                let distances = float(op, a, b);
                assert_eq!(distances.outcome(), op == CmpOp::Ne, "{a} {op:?} {b}");
                assert_well_formed(distances, "nan");
            }
            assert_eq!(float(CmpOp::Eq, a, b), d(f64::MAX, 0.0));
            assert_eq!(float(CmpOp::Lt, a, b), d(f64::MAX, 0.0));
            assert_eq!(float(CmpOp::Ne, a, b), d(0.0, f64::MAX));
        }
    }

    #[test]
    fn infinite_and_overflowing_float_differences_count_as_max() {
        assert_eq!(float(CmpOp::Eq, f64::INFINITY, f64::INFINITY), d(0.0, K));
        assert_eq!(
            float(CmpOp::Lt, f64::INFINITY, f64::INFINITY),
            d(f64::MAX, 0.0)
        );
        assert_eq!(
            float(CmpOp::Le, f64::INFINITY, f64::INFINITY),
            d(0.0, f64::MAX)
        );
        assert_eq!(
            float(CmpOp::Lt, f64::NEG_INFINITY, f64::INFINITY),
            d(0.0, f64::MAX)
        );
        assert_eq!(float(CmpOp::Eq, f64::MAX, f64::MIN), d(f64::MAX, 0.0));
        assert_eq!(float(CmpOp::Gt, f64::MIN, f64::MAX), d(f64::MAX, 0.0));
        assert_eq!(float(CmpOp::Lt, 1.0, f64::INFINITY), d(0.0, f64::MAX));
    }

    #[test]
    fn negative_zero_equals_zero() {
        assert_eq!(float(CmpOp::Eq, -0.0, 0.0), d(0.0, K));
        assert_eq!(float(CmpOp::Lt, -0.0, 0.0), d(K, 0.0));
        assert_eq!(float(CmpOp::Ge, -0.0, 0.0), d(0.0, K));
    }

    #[test]
    fn floats_use_their_exact_difference() {
        assert_eq!(float(CmpOp::Eq, 1.5, 4.0), d(2.5, 0.0));
        assert_eq!(float(CmpOp::Lt, 1.5, 4.0), d(0.0, 2.5));
        assert_eq!(float(CmpOp::Gt, 1.5, 4.0), d(2.5 + K, 0.0));
        let tiny = float(CmpOp::Lt, 0.0, f64::from_bits(1));
        assert_eq!(tiny, d(0.0, f64::from_bits(1)));
        let f32_pair = compare(CmpOp::Lt, 0.5f32.as_scalar(), 0.25f32.as_scalar());
        assert_eq!(f32_pair, d(0.25 + K, 0.0));
    }

    #[test]
    fn integers_against_floats_compare_as_f64() {
        let distances = compare(CmpOp::Lt, Scalar::Signed(3), Scalar::Float(3.5));
        assert_eq!(distances, d(0.0, 0.5));
        let distances = compare(CmpOp::Eq, Scalar::Float(f64::NAN), Scalar::Unsigned(0));
        assert_eq!(distances, d(f64::MAX, 0.0));
    }

    #[test]
    fn chars_compare_by_code_point() {
        let c = |op, a: char, b: char| compare(op, a.as_scalar(), b.as_scalar());
        assert_eq!(c(CmpOp::Eq, 'a', 'd'), d(3.0, 0.0));
        assert_eq!(c(CmpOp::Lt, 'a', 'd'), d(0.0, 3.0));
        assert_eq!(c(CmpOp::Ge, '\0', char::MAX), d(0x10FFFF as f64, 0.0));
        assert_eq!(c(CmpOp::Ne, 'é', 'é'), d(K, 0.0));
    }

    #[test]
    fn bools_compare_as_zero_and_one() {
        let b = |op, a: bool, b: bool| compare(op, a.as_scalar(), b.as_scalar());
        assert_eq!(b(CmpOp::Eq, true, false), d(1.0, 0.0));
        assert_eq!(b(CmpOp::Lt, false, true), d(0.0, 1.0));
        assert_eq!(b(CmpOp::Gt, false, true), d(1.0 + K, 0.0));
        assert_eq!(b(CmpOp::Eq, true, true), d(0.0, K));
    }

    #[test]
    fn long_strings_get_a_bounded_approximation_instead_of_quadratic_work() {
        let a = "x".repeat(2_000);
        let mut b = "x".repeat(1_999);
        b.push('y');
        assert_eq!(edit_distance(&a, &b), 1);
        assert_eq!(edit_distance(&a, &"x".repeat(1_500)), 500);
    }

    #[test]
    fn edit_distance_matches_textbook_examples() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(edit_distance("sitting", "kitten"), 3);
        assert_eq!(edit_distance("saturday", "sunday"), 3);
        assert_eq!(edit_distance("flaw", "lawn"), 2);
        assert_eq!(edit_distance("", ""), 0);
        assert_eq!(edit_distance("", "abc"), 3);
        assert_eq!(edit_distance("abc", ""), 3);
        assert_eq!(edit_distance("same", "same"), 0);
        assert_eq!(edit_distance("héllo", "hello"), 1);
        assert_eq!(edit_distance("😀", ""), 1);
        assert_eq!(edit_distance("日本語", "日本"), 1);
        assert_eq!(edit_distance("ab", "ba"), 2);
    }

    #[test]
    fn string_equality_is_measured_by_edit_distance() {
        assert_eq!(string(CmpOp::Eq, "kitten", "sitting"), d(3.0, 0.0));
        assert_eq!(string(CmpOp::Eq, "abc", "abc"), d(0.0, K));
        assert_eq!(string(CmpOp::Ne, "abc", "abc"), d(K, 0.0));
        assert_eq!(string(CmpOp::Ne, "", "héllo"), d(0.0, 5.0));
    }

    #[test]
    fn string_ordering_is_measured_at_the_first_differing_character() {
        assert_eq!(string(CmpOp::Lt, "abc", "abf"), d(0.0, 3.0));
        assert_eq!(string(CmpOp::Lt, "abf", "abc"), d(3.0 + K, 0.0));
        assert_eq!(string(CmpOp::Le, "b", "azzz"), d(1.0, 0.0));
        assert_eq!(string(CmpOp::Ge, "b", "azzz"), d(0.0, 1.0 + K));
        assert_eq!(string(CmpOp::Gt, "x", "x"), d(K, 0.0));
        assert_eq!(
            string(CmpOp::Lt, "é", "z"),
            d(('é' as u32 - 'z' as u32) as f64 + K, 0.0)
        );
    }

    #[test]
    fn string_prefix_ordering_is_measured_by_length_difference() {
        assert_eq!(string(CmpOp::Lt, "ab", "abcd"), d(0.0, 2.0));
        assert_eq!(string(CmpOp::Gt, "ab", "abcd"), d(2.0 + K, 0.0));
        assert_eq!(string(CmpOp::Ge, "", "日本"), d(2.0, 0.0));
    }

    #[test]
    fn strings_against_numbers_are_unordered_with_opaque_distances() {
        for op in OPS {
            let distances = compare(op, Scalar::Str("1"), Scalar::Signed(1));
            assert_eq!(distances, Distances::opaque(op == CmpOp::Ne), "{op:?}");
            let distances = compare(op, Scalar::Char('a'), Scalar::Str("a"));
            assert_eq!(distances, Distances::opaque(op == CmpOp::Ne), "{op:?}");
        }
    }

    /// `value in lo..hi` (or `lo..=hi`) over integers, either bound optional.
    fn int_range(value: i128, lo: Option<i128>, hi: Option<i128>, inclusive: bool) -> Distances {
        let (lo, hi) = (lo.map(Scalar::Signed), hi.map(Scalar::Signed));
        in_range(Scalar::Signed(value), lo, hi, inclusive)
    }

    /// `value in lo..=hi` for any scalar type.
    fn closed_range<T: AsScalar>(value: T, lo: T, hi: T) -> Distances {
        in_range(
            value.as_scalar(),
            Some(lo.as_scalar()),
            Some(hi.as_scalar()),
            true,
        )
    }

    #[test]
    fn inclusive_range_measures_the_nearest_bound() {
        let range = |value| int_range(value, Some(10), Some(20), true);
        assert_eq!(range(7), d(3.0, 0.0));
        assert_eq!(range(25), d(5.0, 0.0));
        assert_eq!(range(10), d(0.0, K));
        assert_eq!(range(20), d(0.0, K));
        assert_eq!(range(12), d(0.0, 2.0 + K));
        assert_eq!(range(19), d(0.0, 1.0 + K));
    }

    #[test]
    fn half_open_range_excludes_its_upper_bound() {
        let range = |value| int_range(value, Some(10), Some(20), false);
        assert_eq!(range(20), d(K, 0.0));
        assert_eq!(range(25), d(5.0 + K, 0.0));
        assert_eq!(range(19), d(0.0, 1.0));
        assert_eq!(range(10), d(0.0, K));
        assert_eq!(range(7), d(3.0, 0.0));
    }

    #[test]
    fn open_ended_ranges_have_one_way_out() {
        assert_eq!(int_range(4, Some(10), None, false), d(6.0, 0.0));
        assert_eq!(int_range(15, Some(10), None, false), d(0.0, 5.0 + K));
        assert_eq!(int_range(15, None, Some(10), true), d(5.0, 0.0));
        assert_eq!(int_range(4, None, Some(10), true), d(0.0, 6.0 + K));
        assert_eq!(int_range(10, None, Some(10), false), d(K, 0.0));
        assert_eq!(int_range(4, None, Some(10), false), d(0.0, 6.0));
        assert_eq!(int_range(3, None, None, false), d(0.0, f64::MAX));
    }

    #[test]
    fn ranges_of_chars_floats_and_extremes_follow_their_comparisons() {
        let lower = closed_range('q', 'a', 'z');
        assert_eq!(lower, d(0.0, f64::from('z' as u32 - 'q' as u32) + K));
        let digit = closed_range('a', '0', '9');
        assert_eq!(digit, d(f64::from('a' as u32 - '9' as u32), 0.0));
        let nan = closed_range(f64::NAN, 0.0, 1.0);
        assert!(!nan.outcome());
        assert_well_formed(nan, "nan in range");
        assert_eq!(closed_range(0.5, 0.0, 1.0), d(0.0, 0.5 + K));
        let extremes = in_range(
            Scalar::Signed(i128::MIN),
            Some(Scalar::Unsigned(0)),
            Some(Scalar::Unsigned(u128::MAX)),
            true,
        );
        assert_eq!(extremes, d(2f64.powi(127), 0.0));
    }

    #[test]
    fn as_scalar_sees_through_every_wrapper() {
        let text = String::from("ab");
        assert_eq!(text.as_scalar(), Scalar::Str("ab"));
        assert_eq!("ab".as_scalar(), Scalar::Str("ab"));
        assert_eq!((&&text).as_scalar(), Scalar::Str("ab"));
        assert_eq!(Box::new(5u8).as_scalar(), Scalar::Unsigned(5));
        assert_eq!(Box::<str>::from("x").as_scalar(), Scalar::Str("x"));
        assert_eq!(Cow::Borrowed("ab").as_scalar(), Scalar::Str("ab"));
        assert_eq!(
            Cow::<str>::Owned(text.clone()).as_scalar(),
            Scalar::Str("ab")
        );
        let mut number = -3i16;
        let number: &mut i16 = &mut number;
        assert_eq!(AsScalar::as_scalar(&number), Scalar::Signed(-3));
        assert_eq!(isize::MIN.as_scalar(), Scalar::Signed(isize::MIN as i128));
        assert_eq!(usize::MAX.as_scalar(), Scalar::Unsigned(usize::MAX as u128));
        assert_eq!(i128::MIN.as_scalar(), Scalar::Signed(i128::MIN));
        assert_eq!(u128::MAX.as_scalar(), Scalar::Unsigned(u128::MAX));
        assert_eq!(0.5f32.as_scalar(), Scalar::Float(0.5));
        assert_eq!('z'.as_scalar(), Scalar::Char('z'));
        assert_eq!(true.as_scalar(), Scalar::Bool(true));
    }

    /// A tiny deterministic generator (Knuth's MMIX LCG), so the property test needs no deps.
    struct Lcg(u64);

    impl Lcg {
        fn next(&mut self) -> u64 {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            self.0 ^ (self.0 >> 31)
        }

        /// 128 random bits, often narrowed to a small value so that ties and near misses occur.
        fn bits(&mut self) -> u128 {
            let wide = (u128::from(self.next()) << 64) | u128::from(self.next());
            match self.next() % 4 {
                0 => wide % 5,
                1 => (wide % 5).wrapping_neg(),
                _ => wide,
            }
        }

        /// Another value, equal to `a` now and then.
        fn pair(&mut self) -> (u128, u128) {
            let a = self.bits();
            let b = if self.next().is_multiple_of(5) {
                a
            } else {
                self.bits()
            };
            (a, b)
        }

        fn float(&mut self) -> f64 {
            const SPECIAL: [f64; 8] = [
                0.0,
                -0.0,
                f64::NAN,
                f64::INFINITY,
                f64::NEG_INFINITY,
                f64::MAX,
                f64::MIN,
                f64::MIN_POSITIVE,
            ];
            match self.next() % 4 {
                0 => SPECIAL[(self.next() % 8) as usize],
                1 => (self.next() % 7) as f64 - 3.0,
                _ => f64::from_bits(self.next()),
            }
        }

        fn char(&mut self) -> char {
            let code = if self.next().is_multiple_of(2) {
                0x60 + self.next() % 4
            } else {
                self.next() % 0x11_0000
            };
            char::from_u32(code as u32).unwrap_or('\u{D7FF}')
        }

        fn string(&mut self) -> String {
            let len = self.next() % 5;
            (0..len).map(|_| self.char()).collect()
        }
    }

    macro_rules! assert_ints_agree {
        ($lcg:ident, $($ty:ty),*) => {$(
            for _ in 0..500 {
                let (a, b) = $lcg.pair();
                assert_agrees(&(a as $ty), &(b as $ty));
            }
        )*};
    }

    #[test]
    fn outcome_matches_rust_for_random_pairs_of_every_type() {
        let mut lcg = Lcg(0x5eed);
        assert_ints_agree!(
            lcg, i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize
        );
        for _ in 0..2000 {
            let (a, b) = (lcg.float(), lcg.float());
            assert_agrees(&a, &b);
            assert_agrees(&a, &a);
            assert_agrees(&(a as f32), &(b as f32));
            assert_agrees(&lcg.char(), &lcg.char());
            assert_agrees(
                &(lcg.next().is_multiple_of(2)),
                &(lcg.next().is_multiple_of(2)),
            );
            let (a, b) = (lcg.string(), lcg.string());
            assert_agrees(a.as_str(), b.as_str());
            assert_agrees(&a, &a);
        }
    }

    #[test]
    fn outcome_matches_rust_for_random_mixed_sign_pairs() {
        let mut lcg = Lcg(42);
        for _ in 0..2000 {
            let (a, b) = lcg.pair();
            let (signed, unsigned) = (a as i128, b);
            // Reference: a negative value is below every unsigned one.
            let order = if signed < 0 {
                Ordering::Less
            } else {
                (signed as u128).cmp(&unsigned)
            };
            for op in OPS {
                let distances = compare(op, Scalar::Signed(signed), Scalar::Unsigned(unsigned));
                let expected = real(op, &order, &Ordering::Equal);
                assert_eq!(distances.outcome(), expected, "{signed} {op:?} {unsigned}");
                assert_well_formed(distances, "mixed");
                let mirrored = compare(op, Scalar::Unsigned(unsigned), Scalar::Signed(signed));
                let expected = real(op, &order.reverse(), &Ordering::Equal);
                assert_eq!(mirrored.outcome(), expected, "{unsigned} {op:?} {signed}");
            }
        }
    }

    #[test]
    fn range_membership_matches_rust_for_random_values() {
        let mut lcg = Lcg(7);
        for _ in 0..2000 {
            let (v, lo, hi) = (lcg.bits() as i64, lcg.bits() as i64, lcg.bits() as i64);
            let (v, lo, hi) = (v % 8, lo % 8, hi % 8);
            let scalar = Scalar::Signed(i128::from(v));
            let bounds = (
                Some(Scalar::Signed(lo.into())),
                Some(Scalar::Signed(hi.into())),
            );
            let inclusive = in_range(scalar, bounds.0, bounds.1, true);
            assert_eq!(
                inclusive.outcome(),
                (lo..=hi).contains(&v),
                "{v} in {lo}..={hi}"
            );
            assert_well_formed(inclusive, "inclusive");
            let exclusive = in_range(scalar, bounds.0, bounds.1, false);
            assert_eq!(
                exclusive.outcome(),
                (lo..hi).contains(&v),
                "{v} in {lo}..{hi}"
            );
            assert_well_formed(exclusive, "exclusive");
            let (a, b) = (lcg.float(), lcg.float());
            let floats = in_range(Scalar::Float(a), Some(Scalar::Float(b)), None, false);
            assert_eq!(floats.outcome(), (b..).contains(&a), "{a} in {b}..");
            assert_well_formed(floats, "float range");
        }
    }

    #[test]
    fn starts_with_measures_the_edit_distance_of_the_prefix() {
        assert_eq!(starts_with("GET /index", "GET "), d(0.0, K));
        assert_eq!(starts_with("GEX /index", "GET "), d(1.0, 0.0));
        assert_eq!(starts_with("POST /", "GET "), d(4.0, 0.0));
        assert_eq!(
            starts_with("GE", "GET "),
            d(2.0, 0.0),
            "missing chars are insertions"
        );
        assert_eq!(starts_with("", "abc"), d(3.0, 0.0));
        assert_eq!(starts_with("日本語", "日x"), d(1.0, 0.0));
    }

    #[test]
    fn an_empty_pattern_is_always_matched_at_a_finite_distance_from_false() {
        for s in ["", "abc"] {
            assert_eq!(starts_with(s, ""), d(0.0, K));
            assert_eq!(ends_with(s, ""), d(0.0, K));
            assert_eq!(contains(s, ""), d(0.0, K));
        }
    }

    #[test]
    fn ends_with_measures_the_edit_distance_of_the_suffix() {
        assert_eq!(ends_with("index.html", ".html"), d(0.0, K));
        assert_eq!(ends_with("index.htm", ".html"), d(2.0, 0.0));
        assert_eq!(ends_with("index.xhtml", ".html"), d(1.0, 0.0));
        assert_eq!(ends_with("ml", ".html"), d(3.0, 0.0));
        assert_eq!(ends_with("añ", "ñ"), d(0.0, K));
        assert_eq!(ends_with("aé", "e"), d(1.0, 0.0));
    }

    #[test]
    fn contains_measures_the_closest_substring() {
        assert_eq!(contains("hello world", "o w"), d(0.0, K));
        assert_eq!(contains("xxabdxx", "abcd"), d(1.0, 0.0), "one insertion");
        assert_eq!(contains("abd", "abcd"), d(1.0, 0.0));
        assert_eq!(contains("", "ab"), d(2.0, 0.0));
        assert_eq!(contains("zzzz", "ab"), d(2.0, 0.0));
        assert_eq!(contains("zazz", "ab"), d(1.0, 0.0));
        assert_eq!(contains("ünïcödé", "nic"), d(1.0, 0.0));
    }

    /// Minimum edit distance of `p` to any window of `|p|` chars (or to all of a shorter `s`).
    fn best_window(s: &str, p: &str) -> usize {
        let chars: Vec<char> = s.chars().collect();
        let width = p.chars().count();
        if chars.len() <= width {
            return edit_distance(s, p);
        }
        chars
            .windows(width.max(1))
            .map(|window| edit_distance(&window.iter().collect::<String>(), p))
            .min()
            .unwrap_or(width)
    }

    #[test]
    fn string_predicates_agree_with_rust_and_contains_never_exceeds_the_best_window() {
        let mut lcg = Lcg(99);
        for _ in 0..3000 {
            let (s, p) = (lcg.string(), lcg.string());
            let p: String = p.chars().take(3).collect();
            let context = format!("{s:?} / {p:?}");
            let prefix = starts_with(&s, &p);
            assert_eq!(prefix.outcome(), s.starts_with(&p), "{context}");
            assert_well_formed(prefix, &context);
            let suffix = ends_with(&s, &p);
            assert_eq!(suffix.outcome(), s.ends_with(&p), "{context}");
            assert_well_formed(suffix, &context);
            let inside = contains(&s, &p);
            assert_eq!(inside.outcome(), s.contains(&p), "{context}");
            assert_well_formed(inside, &context);
            if !inside.outcome() {
                assert!(inside.to_true <= best_window(&s, &p) as f64, "{context}");
            }
        }
    }

    #[test]
    fn contains_on_long_strings_uses_a_bounded_approximation() {
        let text = "x".repeat(3_000);
        let pattern = format!("{}y", "x".repeat(999));
        let distances = contains(&text, &pattern);
        assert_eq!(distances, d(1.0, 0.0));
        let distances = contains(&"x".repeat(1_500), &"y".repeat(2_000));
        assert_eq!(distances, d(2_000.0, 0.0));
        assert_eq!(contains(&text, &"x".repeat(1_000)), d(0.0, K));
    }

    const CLASSES: [CharClass; 14] = [
        CharClass::AsciiDigit,
        CharClass::AsciiHexdigit,
        CharClass::AsciiAlphabetic,
        CharClass::AsciiAlphanumeric,
        CharClass::AsciiUppercase,
        CharClass::AsciiLowercase,
        CharClass::AsciiWhitespace,
        CharClass::AsciiPunctuation,
        CharClass::Alphabetic,
        CharClass::Numeric,
        CharClass::Alphanumeric,
        CharClass::Whitespace,
        CharClass::Uppercase,
        CharClass::Lowercase,
    ];

    /// Rust's own answer, written out independently of [`CharClass::contains`].
    fn rust_member(c: char, class: CharClass) -> bool {
        match class {
            CharClass::AsciiDigit => c.is_ascii_digit(),
            CharClass::AsciiHexdigit => c.is_ascii_hexdigit(),
            CharClass::AsciiAlphabetic => c.is_ascii_alphabetic(),
            CharClass::AsciiAlphanumeric => c.is_ascii_alphanumeric(),
            CharClass::AsciiUppercase => c.is_ascii_uppercase(),
            CharClass::AsciiLowercase => c.is_ascii_lowercase(),
            CharClass::AsciiWhitespace => c.is_ascii_whitespace(),
            CharClass::AsciiPunctuation => c.is_ascii_punctuation(),
            CharClass::Alphabetic => c.is_alphabetic(),
            CharClass::Numeric => c.is_numeric(),
            CharClass::Alphanumeric => c.is_alphanumeric(),
            CharClass::Whitespace => c.is_whitespace(),
            CharClass::Uppercase => c.is_uppercase(),
            CharClass::Lowercase => c.is_lowercase(),
            CharClass::Digit(radix) => c.is_digit(radix),
        }
    }

    #[test]
    fn char_classes_agree_with_rust_on_latin_and_some_unicode() {
        let unicode = [
            'é', 'ß', 'Σ', 'σ', '٣', '½', '\u{2003}', '\u{3000}', '日', '😀', 'Ⅻ',
        ];
        let chars = (0..=0x2FF).filter_map(char::from_u32).chain(unicode);
        let digits = (2..=36).map(CharClass::Digit);
        let classes: Vec<CharClass> = CLASSES.into_iter().chain(digits).collect();
        for c in chars {
            for &class in &classes {
                let distances = char_class(c, class);
                let context = format!("{c:?} {class:?}");
                assert_eq!(distances.outcome(), rust_member(c, class), "{context}");
                assert_eq!(class.contains(c), rust_member(c, class), "{context}");
                assert_well_formed(distances, &context);
            }
        }
    }

    #[test]
    fn the_ranges_a_class_measures_against_hold_only_members() {
        let digits = (0..=40).map(CharClass::Digit);
        for class in CLASSES.into_iter().chain(digits) {
            for &(lo, hi) in class.ranges().as_slice() {
                for code in lo..=hi {
                    let c = char::from_u32(code).unwrap_or('\0');
                    assert!(class.contains(c), "{c:?} {class:?}");
                }
            }
        }
    }

    #[test]
    fn char_class_distances_are_code_point_gaps_to_the_ascii_ranges() {
        assert_eq!(char_class('5', CharClass::AsciiDigit), d(0.0, 5.0));
        assert_eq!(char_class('0', CharClass::AsciiDigit), d(0.0, 1.0));
        assert_eq!(char_class('a', CharClass::AsciiDigit), d(40.0, 0.0));
        assert_eq!(char_class('/', CharClass::Numeric), d(1.0, 0.0));
        assert_eq!(char_class('é', CharClass::Alphabetic), d(0.0, 1.0));
        assert_eq!(
            char_class('é', CharClass::AsciiAlphabetic),
            d(0xE9 as f64 - 122.0, 0.0)
        );
        assert_eq!(char_class('[', CharClass::Uppercase), d(1.0, 0.0));
        assert_eq!(char_class('@', CharClass::AsciiAlphanumeric), d(1.0, 0.0));
        assert_eq!(char_class('\u{B}', CharClass::AsciiWhitespace), d(1.0, 0.0));
        assert_eq!(char_class('\u{B}', CharClass::Whitespace), d(0.0, 3.0));
        assert_eq!(char_class('g', CharClass::Digit(16)), d(1.0, 0.0));
        assert_eq!(char_class('F', CharClass::Digit(16)), d(0.0, 1.0));
        assert_eq!(char_class('8', CharClass::Digit(8)), d(1.0, 0.0));
        assert_eq!(char_class('1', CharClass::Digit(2)), d(0.0, 1.0));
    }

    #[test]
    fn a_radix_where_rust_panics_has_no_members() {
        for radix in [0, 1, 37, u32::MAX] {
            assert!(!CharClass::Digit(radix).contains('0'));
            assert_eq!(char_class('0', CharClass::Digit(radix)), d(K, 0.0));
        }
    }
}
