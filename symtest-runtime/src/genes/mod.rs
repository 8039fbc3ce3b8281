//! Gene encoding of function inputs: the [`Shape`] of each supported parameter type, the
//! [`Value`] tree the search manipulates, and the [`Input`] trait that decodes one into the other.
//!
//! Integers are stored as their offset from the type's minimum (`u128`), which keeps every
//! width's true bounds, `u128::MAX` and `i128::MIN` included, in one ordered space.

use serde::{Deserialize, Serialize};

pub mod floats;
pub mod inputs;
mod learned;
#[allow(unsafe_code)]
pub mod lent;
mod paths;
pub mod pool;
pub mod random;
pub mod recursive;
mod stdlib;
pub mod used;

pub use inputs::{FieldGenes, Input, field_genes_among, variant_index};
pub use paths::{gene_at, gene_at_mut, shape_at};
pub use stdlib::View;

/// The shapes of a string's chars and of an option's presence gene.
pub static CHAR_SHAPE: Shape = Shape::Char;
pub static BOOL_SHAPE: Shape = Shape::Bool;

/// Longest string or collection the search builds unless a shape says otherwise.
pub const DEFAULT_MAX_LEN: usize = 32;

/// The primitive integer types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum IntKind {
    I8,
    I16,
    I32,
    I64,
    I128,
    Isize,
    U8,
    U16,
    U32,
    U64,
    U128,
    Usize,
}

impl IntKind {
    /// Every kind, in declaration order (`kind as usize` indexes it).
    pub const ALL: [IntKind; 12] = [
        IntKind::I8,
        IntKind::I16,
        IntKind::I32,
        IntKind::I64,
        IntKind::I128,
        IntKind::Isize,
        IntKind::U8,
        IntKind::U16,
        IntKind::U32,
        IntKind::U64,
        IntKind::U128,
        IntKind::Usize,
    ];

    /// Number of bits of the type.
    pub fn bits(self) -> u32 {
        match self {
            IntKind::I8 | IntKind::U8 => 8,
            IntKind::I16 | IntKind::U16 => 16,
            IntKind::I32 | IntKind::U32 => 32,
            IntKind::I64 | IntKind::U64 => 64,
            IntKind::I128 | IntKind::U128 => 128,
            IntKind::Isize | IntKind::Usize => usize::BITS,
        }
    }

    pub fn signed(self) -> bool {
        matches!(
            self,
            IntKind::I8
                | IntKind::I16
                | IntKind::I32
                | IntKind::I64
                | IntKind::I128
                | IntKind::Isize
        )
    }

    /// Largest offset from the minimum: `2^bits - 1`.
    pub fn max_offset(self) -> u128 {
        u128::MAX >> (128 - self.bits())
    }

    /// Offset of the value zero.
    pub fn zero_offset(self) -> u128 {
        if self.signed() {
            1u128 << (self.bits() - 1)
        } else {
            0
        }
    }

    /// The signed value at `offset` (for signed kinds).
    pub fn signed_value(self, offset: u128) -> i128 {
        (offset.min(self.max_offset()) as i128).wrapping_add(self.min_signed())
    }

    /// The unsigned value at `offset` (for unsigned kinds).
    pub fn unsigned_value(self, offset: u128) -> u128 {
        offset.min(self.max_offset())
    }

    fn min_signed(self) -> i128 {
        if self.signed() {
            i128::MIN >> (128 - self.bits())
        } else {
            0
        }
    }

    /// Offset of a signed value.
    pub fn offset_of_signed(self, value: i128) -> u128 {
        value.wrapping_sub(self.min_signed()) as u128
    }

    pub fn name(self) -> &'static str {
        match self {
            IntKind::I8 => "i8",
            IntKind::I16 => "i16",
            IntKind::I32 => "i32",
            IntKind::I64 => "i64",
            IntKind::I128 => "i128",
            IntKind::Isize => "isize",
            IntKind::U8 => "u8",
            IntKind::U16 => "u16",
            IntKind::U32 => "u32",
            IntKind::U64 => "u64",
            IntKind::U128 => "u128",
            IntKind::Usize => "usize",
        }
    }
}

/// The primitive float types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum FloatKind {
    F32,
    F64,
}

impl FloatKind {
    /// `value` rounded to what this type can represent.
    pub fn round(self, value: f64) -> f64 {
        match self {
            FloatKind::F32 => f64::from(value as f32),
            FloatKind::F64 => value,
        }
    }

    /// The representation of `value` as this type (`f32::to_bits` widened for an `f32`).
    pub fn to_bits(self, value: f64) -> u64 {
        match self {
            FloatKind::F32 => u64::from((value as f32).to_bits()),
            FloatKind::F64 => value.to_bits(),
        }
    }

    /// The value of this type that `bits` represent (the low 32 bits for an `f32`).
    pub fn from_bits(self, bits: u64) -> f64 {
        match self {
            FloatKind::F32 => f64::from(f32::from_bits(bits as u32)),
            FloatKind::F64 => f64::from_bits(bits),
        }
    }
}

/// The structure of an input: what kinds of genes it has and how many.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// One integer gene in the type's bounds.
    Int(IntKind),
    /// One float gene.
    Float(FloatKind),
    /// One integer gene in `0..=1`.
    Bool,
    /// One integer gene indexing the Unicode scalar values (surrogates skipped).
    Char,
    /// A variable-length list of [`Shape::Char`] genes.
    Str { max_len: usize },
    /// A variable-length list of items (`Vec<T>`, `&[T]`, `VecDeque<T>`).
    Seq { item: Box<Shape>, max_len: usize },
    /// A fixed-length list of items (`[T; N]`).
    Array { item: Box<Shape>, len: usize },
    /// A fixed list of differently shaped fields (tuples, and the parameter list itself).
    ///
    /// Sets and maps are a one-field tuple of a [`Shape::Seq`] of their items (or key-value
    /// pairs): symbolic execution models a sequence's length and items in gene order, which a
    /// set's or map's are not (duplicates collapse, iteration is sorted or hashed), and leaves
    /// tuples alone.
    Tuple(Vec<Shape>),
    /// A presence gene (`0..=1`) followed by the payload, which keeps evolving while absent.
    Option(Box<Shape>),
    /// One integer gene in `0..count`: which variant of an enum a value is. An enum of
    /// `#[symtest]` is a [`Shape::Tuple`] of its tag and every variant's fields (as a tuple),
    /// so the fields of the variants not chosen keep evolving, as an absent option's payload.
    /// A `Result<T, E>` is the tuple of `Tag(2)`, `T` and `E`.
    Tag(u32),
    /// No genes and no value: a type nested in itself past [`recursive::NESTING`] levels,
    /// which what holds it never builds (an `Option` of it is `None`, a `Vec` of it empty).
    Never,
}

/// Genes of one input, laid out as its [`Shape`] says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Value {
    /// An integer-like gene: offset from the minimum of its domain.
    Int(u128),
    Float(f64),
    /// Items of a string, sequence, array, tuple or option (`[presence, payload]`).
    List(Vec<Value>),
}

impl Value {
    /// Feeds the genes to `state`: equal values with equal float bits feed the same, so a
    /// hash of it buckets values for finding duplicates (`0.0` and `-0.0` are equal and feed
    /// differently, which only misses a duplicate).
    pub fn fingerprint(&self, state: &mut impl std::hash::Hasher) {
        use std::hash::Hash;
        match self {
            Value::Int(gene) => (0u8, gene).hash(state),
            Value::Float(gene) => (1u8, gene.to_bits()).hash(state),
            Value::List(items) => {
                (2u8, items.len()).hash(state);
                items.iter().for_each(|item| item.fingerprint(state));
            }
        }
    }
}

/// Number of Unicode scalar values: the domain of a [`Shape::Char`] gene is `0..CHAR_COUNT`.
pub const CHAR_COUNT: u128 = 0x11_0000 - 0x800;

/// The `char` a char gene stands for.
pub fn char_of_gene(gene: u128) -> char {
    let gene = gene.min(CHAR_COUNT - 1) as u32;
    let code = if gene < 0xD800 { gene } else { gene + 0x800 };
    char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER)
}

/// The gene of a `char`.
pub fn gene_of_char(c: char) -> u128 {
    let code = c as u32;
    u128::from(if code < 0xD800 { code } else { code - 0x800 })
}

impl Shape {
    /// Largest value of an integer-like gene of this shape, `None` for other shapes.
    pub fn int_max(&self) -> Option<u128> {
        match self {
            Shape::Int(kind) => Some(kind.max_offset()),
            Shape::Bool => Some(1),
            Shape::Char => Some(CHAR_COUNT - 1),
            Shape::Tag(count) => Some(u128::from(count.saturating_sub(1))),
            _ => None,
        }
    }

    /// The simplest value of this shape: zero, `false`, `'\0'`-free empty strings, `None`.
    pub fn zero(&self) -> Value {
        match self {
            Shape::Int(kind) => Value::Int(kind.zero_offset()),
            Shape::Float(_) => Value::Float(0.0),
            Shape::Bool | Shape::Tag(_) => Value::Int(0),
            Shape::Char => Value::Int(gene_of_char('a')),
            Shape::Str { .. } | Shape::Seq { .. } => Value::List(Vec::new()),
            Shape::Array { item, len } => Value::List(vec![item.zero(); *len]),
            Shape::Tuple(fields) => Value::List(fields.iter().map(Shape::zero).collect()),
            Shape::Option(payload) => Value::List(vec![Value::Int(0), payload.zero()]),
            Shape::Never => Value::List(Vec::new()),
        }
    }
}

impl Value {
    pub fn as_int(&self) -> u128 {
        match self {
            Value::Int(gene) => *gene,
            Value::Float(value) => *value as u128,
            Value::List(_) => 0,
        }
    }

    pub fn as_float(&self) -> f64 {
        match self {
            Value::Float(value) => *value,
            Value::Int(gene) => *gene as f64,
            Value::List(_) => 0.0,
        }
    }

    pub fn items(&self) -> &[Value] {
        match self {
            Value::List(items) => items,
            _ => &[],
        }
    }

    /// The `index`-th item, or a placeholder when a hand-edited value is too short.
    pub fn item(&self, index: usize) -> &Value {
        static MISSING: Value = Value::Int(0);
        self.items().get(index).unwrap_or(&MISSING)
    }
}

/// Which way a move changes a gene.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Down,
    Up,
}

impl Direction {
    /// The order exploratory moves try: decrease first, then increase.
    pub const BOTH: [Direction; 2] = [Direction::Down, Direction::Up];
}

/// `current` moved `steps` towards `direction`, saturating at `0` and `max`.
pub fn shift_int(current: u128, max: u128, direction: Direction, steps: u128) -> u128 {
    let current = current.min(max);
    match direction {
        Direction::Up => current.saturating_add(steps).min(max),
        Direction::Down => current.saturating_sub(steps),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn integer_offsets_reach_every_width_extreme() {
        assert_eq!(i8::decode(&Value::Int(0)), i8::MIN);
        assert_eq!(i8::decode(&Value::Int(255)), i8::MAX);
        assert_eq!(i8::decode(&Value::Int(IntKind::I8.zero_offset())), 0);
        assert_eq!(i128::decode(&Value::Int(0)), i128::MIN);
        assert_eq!(i128::decode(&Value::Int(u128::MAX)), i128::MAX);
        assert_eq!(u128::decode(&Value::Int(u128::MAX)), u128::MAX);
        assert_eq!(
            u8::decode(&Value::Int(1000)),
            u8::MAX,
            "out-of-range genes clamp"
        );
        assert_eq!(
            IntKind::I32.offset_of_signed(-7),
            IntKind::I32.zero_offset() - 7
        );
        assert_eq!(IntKind::I128.offset_of_signed(i128::MIN), 0);
    }

    #[test]
    fn char_genes_skip_surrogates() {
        assert_eq!(char_of_gene(0xD7FF), '\u{D7FF}');
        assert_eq!(char_of_gene(0xD800), '\u{E000}');
        assert_eq!(char_of_gene(CHAR_COUNT - 1), char::MAX);
        assert_eq!(char_of_gene(u128::MAX), char::MAX);
        for c in ['a', '\u{D7FF}', '\u{E000}', char::MAX] {
            assert_eq!(char_of_gene(gene_of_char(c)), c);
        }
    }
}
