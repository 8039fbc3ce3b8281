//! The [`Input`] trait: how each supported parameter type lays out its genes and is built
//! from them.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};
use std::hash::Hash;

use super::{DEFAULT_MAX_LEN, FloatKind, IntKind, Shape, Value, char_of_gene, recursive};

/// A parameter type symtest can generate: its gene shape and how to build it from genes.
///
/// Decoding never fails: genes out of range are clamped, missing genes read as zero, so any
/// value the search produces (or a person edits) decodes to some input.
///
/// `#[symtest]` on a struct or enum implements it (and [`Literal`](crate::record::literal::Literal))
/// in symtest builds.
#[diagnostic::on_unimplemented(
    message = "#[symtest] cannot generate values of type `{Self}`",
    label = "no values of `{Self}` can be generated",
    note = "for a struct or enum of this crate, put `#[symtest]` on its definition",
    note = "symtest generates integers, f32, f64, bool, char, String, &str, and Vec<T>, &[T], \
            [T; N], tuples, Option<T>, Result<T, E>, Box<T>, VecDeque<T>, HashMap<K, V>, \
            BTreeMap<K, V>, HashSet<T> and BTreeSet<T> of supported types, and &T and &mut T \
            of all these",
    note = "and of the standard library: PathBuf, &Path, OsString, &OsStr, Duration, \
            SystemTime, the Ip and SocketAddr types, NonZero integers, Ordering, Range<T>, \
            RangeInclusive<T>, io::Error, io::ErrorKind, Cow<str>, Cow<[T]>, Rc<T>, Arc<T>, \
            Cell<T>, RefCell<T> and Mutex<T>"
)]
pub trait Input: Sized {
    /// The names of a struct's fields, in the order of its genes; empty for other types.
    const FIELDS: &'static [&'static str] = &[];
    /// The variants of an enum, each with its fields' names (none for a tuple variant's), in
    /// the order of its genes; empty for other types.
    const VARIANTS: &'static [(&'static str, &'static [&'static str])] = &[];

    fn shape() -> Shape;
    fn decode(value: &Value) -> Self;

    /// Which variant of an enum the value is, as an index into [`Input::VARIANTS`] (the value
    /// of its tag gene); 0 for other types. An implementation that lists `VARIANTS` must give
    /// it too (`#[symtest]` does): symbolic execution checks the tag it solves for against it.
    fn tag(&self) -> u32 {
        0
    }

    /// Where the genes of the field `path` names are among the value's (`["command", "dx"]`
    /// of `turn.command.dx`): a struct's or tuple's field is an item of its genes, and the
    /// rest of the path is the field's own business. `None` where no field has that name;
    /// the empty path is the value itself. Types without fields have only that one.
    fn field_genes(path: &[&str]) -> Option<Vec<usize>> {
        path.is_empty().then(Vec::new)
    }
}

/// Where a field of a type is among its genes, by the field's path: [`Input::field_genes`].
pub type FieldGenes = fn(&[&str]) -> Option<Vec<usize>>;

/// [`Input::field_genes`] for a struct or tuple whose fields are `fields`: each field's name
/// (its position, for a tuple's) and its type's `field_genes`, in gene order.
pub fn field_genes_among(path: &[&str], fields: &[(&str, FieldGenes)]) -> Option<Vec<usize>> {
    let Some((first, rest)) = path.split_first() else {
        return Some(Vec::new());
    };
    let index = fields.iter().position(|(name, _)| name == first)?;
    let mut at = vec![index];
    at.extend((fields[index].1)(rest)?);
    Some(at)
}

/// The index of the variant `name` in `variants` (an enum's [`Input::VARIANTS`]), or -1:
/// generated shadow templates compare an enum's tag with it in their static tables.
///
/// ```
/// use symtest_runtime::genes::variant_index;
/// const VARIANTS: &[(&str, &[&str])] = &[("Dot", &[]), ("Rect", &["w", "h"])];
/// const RECT: i128 = variant_index(VARIANTS, "Rect");
/// assert_eq!(RECT, 1);
/// assert_eq!(variant_index(VARIANTS, "Re"), -1);
/// ```
pub const fn variant_index(variants: &[(&str, &[&str])], name: &str) -> i128 {
    let mut index = 0;
    while index < variants.len() {
        if same(variants[index].0.as_bytes(), name.as_bytes()) {
            return index as i128;
        }
        index += 1;
    }
    -1
}

/// `a == b`, in a `const fn`.
const fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut index = 0;
    while index < a.len() {
        if a[index] != b[index] {
            return false;
        }
        index += 1;
    }
    true
}

macro_rules! int_inputs {
    ($($ty:ident => $kind:ident),* $(,)?) => {$(
        impl Input for $ty {
            fn shape() -> Shape {
                Shape::Int(IntKind::$kind)
            }
            fn decode(value: &Value) -> Self {
                let kind = IntKind::$kind;
                if kind.signed() {
                    kind.signed_value(value.as_int()) as $ty
                } else {
                    kind.unsigned_value(value.as_int()) as $ty
                }
            }
        }
    )*};
}

int_inputs!(
    i8 => I8, i16 => I16, i32 => I32, i64 => I64, i128 => I128, isize => Isize,
    u8 => U8, u16 => U16, u32 => U32, u64 => U64, u128 => U128, usize => Usize,
);

impl Input for f64 {
    fn shape() -> Shape {
        Shape::Float(FloatKind::F64)
    }
    fn decode(value: &Value) -> Self {
        value.as_float()
    }
}

impl Input for f32 {
    fn shape() -> Shape {
        Shape::Float(FloatKind::F32)
    }
    fn decode(value: &Value) -> Self {
        value.as_float() as f32
    }
}

impl Input for bool {
    fn shape() -> Shape {
        Shape::Bool
    }
    fn decode(value: &Value) -> Self {
        value.as_int() != 0
    }
}

impl Input for char {
    fn shape() -> Shape {
        Shape::Char
    }
    fn decode(value: &Value) -> Self {
        char_of_gene(value.as_int())
    }
}

impl Input for String {
    fn shape() -> Shape {
        Shape::Str {
            max_len: DEFAULT_MAX_LEN,
        }
    }
    fn decode(value: &Value) -> Self {
        value
            .items()
            .iter()
            .map(|gene| char_of_gene(gene.as_int()))
            .collect()
    }
}

impl<T: Input> Input for Vec<T> {
    fn shape() -> Shape {
        recursive::sequence(T::shape, DEFAULT_MAX_LEN)
    }
    fn decode(value: &Value) -> Self {
        value.items().iter().map(T::decode).collect()
    }
}

/// An iterator over a generated `Vec`: what a parameter bounded by `Iterator<Item = T>` is
/// searched with.
impl<T: Input> Input for std::vec::IntoIter<T> {
    fn shape() -> Shape {
        Vec::<T>::shape()
    }
    fn decode(value: &Value) -> Self {
        Vec::<T>::decode(value).into_iter()
    }
}

impl<T: Input, const N: usize> Input for [T; N] {
    /// `Never` where its items are (a recursive type's last level) and it has any.
    fn shape() -> Shape {
        match T::shape() {
            Shape::Never if N > 0 => Shape::Never,
            item => Shape::Array {
                item: Box::new(item),
                len: N,
            },
        }
    }
    fn decode(value: &Value) -> Self {
        std::array::from_fn(|index| T::decode(value.item(index)))
    }
}

impl<T: Input> Input for Option<T> {
    fn shape() -> Shape {
        recursive::optional(T::shape())
    }
    fn decode(value: &Value) -> Self {
        (value.item(0).as_int() != 0).then(|| T::decode(value.item(1)))
    }
}

/// The value itself: a box adds no genes.
impl<T: Input> Input for Box<T> {
    fn shape() -> Shape {
        T::shape()
    }
    fn decode(value: &Value) -> Self {
        Box::new(T::decode(value))
    }
    fn field_genes(path: &[&str]) -> Option<Vec<usize>> {
        T::field_genes(path)
    }
}

/// A tag (`Ok` first) and both payloads, laid out as an enum of `#[symtest]`: the payload not
/// chosen keeps evolving. A tag out of range decodes as `Err`.
impl<T: Input, E: Input> Input for Result<T, E> {
    fn shape() -> Shape {
        Shape::Tuple(vec![Shape::Tag(2), T::shape(), E::shape()])
    }
    fn decode(value: &Value) -> Self {
        match value.item(0).as_int() {
            0 => Ok(T::decode(value.item(1))),
            _ => Err(E::decode(value.item(2))),
        }
    }
}

/// A sequence, front first: indexing, length and iteration follow the genes as a `Vec`'s do.
impl<T: Input> Input for VecDeque<T> {
    fn shape() -> Shape {
        Vec::<T>::shape()
    }
    fn decode(value: &Value) -> Self {
        value.items().iter().map(T::decode).collect()
    }
}

/// The shape of a set of `item`s or a map of `item` pairs (see [`Shape::Tuple`]).
fn collection(item: impl FnOnce() -> Shape) -> Shape {
    Shape::Tuple(vec![recursive::sequence(item, DEFAULT_MAX_LEN)])
}

/// The item genes of a set or map.
fn members(value: &Value) -> &[Value] {
    value.item(0).items()
}

/// Items in gene order; a repeated item keeps its first copy.
impl<T: Input + Eq + Hash> Input for HashSet<T> {
    fn shape() -> Shape {
        collection(T::shape)
    }
    fn decode(value: &Value) -> Self {
        members(value).iter().map(T::decode).collect()
    }
}

/// Items in gene order; a repeated item keeps its first copy.
impl<T: Input + Ord> Input for BTreeSet<T> {
    fn shape() -> Shape {
        collection(T::shape)
    }
    fn decode(value: &Value) -> Self {
        members(value).iter().map(T::decode).collect()
    }
}

/// Key-value pairs in gene order; of pairs with the same key, the last one stays.
impl<K: Input + Eq + Hash, V: Input> Input for HashMap<K, V> {
    fn shape() -> Shape {
        collection(<(K, V)>::shape)
    }
    fn decode(value: &Value) -> Self {
        members(value).iter().map(<(K, V)>::decode).collect()
    }
}

/// Key-value pairs in gene order; of pairs with the same key, the last one stays.
impl<K: Input + Ord, V: Input> Input for BTreeMap<K, V> {
    fn shape() -> Shape {
        collection(<(K, V)>::shape)
    }
    fn decode(value: &Value) -> Self {
        members(value).iter().map(<(K, V)>::decode).collect()
    }
}

macro_rules! tuple_inputs {
    ($(($($name:ident $index:tt),*)),* $(,)?) => {$(
        impl<$($name: Input),*> Input for ($($name,)*) {
            /// `Never` where a part is (a recursive type's last level).
            fn shape() -> Shape {
                recursive::fields(vec![$($name::shape()),*])
            }
            #[allow(unused_variables, clippy::unused_unit)]
            fn decode(value: &Value) -> Self {
                ($($name::decode(value.item($index)),)*)
            }
            fn field_genes(path: &[&str]) -> Option<Vec<usize>> {
                field_genes_among(path, &[$((stringify!($index), $name::field_genes)),*])
            }
        }
    )*};
}

tuple_inputs!(
    (),
    (A 0),
    (A 0, B 1),
    (A 0, B 1, C 2),
    (A 0, B 1, C 2, D 3),
    (A 0, B 1, C 2, D 3, E 4),
    (A 0, B 1, C 2, D 3, E 4, F 5),
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6),
    (A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7),
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::gene_of_char;

    #[test]
    fn composite_values_decode_and_tolerate_missing_genes() {
        let value = Value::List(vec![
            Value::List(vec![
                Value::Int(gene_of_char('h')),
                Value::Int(gene_of_char('i')),
            ]),
            Value::List(vec![
                Value::Int(1),
                Value::Int(IntKind::U8.zero_offset() + 3),
            ]),
        ]);
        let (text, number) = <(String, Option<u8>)>::decode(&value);
        assert_eq!(text, "hi");
        assert_eq!(number, Some(3));
        let (text, number) = <(String, Option<u8>)>::decode(&Value::List(vec![]));
        assert_eq!((text.as_str(), number), ("", None));
        let array = <[bool; 3]>::decode(&Value::List(vec![Value::Int(1)]));
        assert_eq!(array, [true, false, false]);
    }

    #[test]
    fn field_paths_lead_through_tuples_and_boxes_to_genes() {
        type Nested = (u8, Box<(i16, (bool, char))>);
        assert_eq!(Nested::field_genes(&[]), Some(vec![]));
        assert_eq!(Nested::field_genes(&["1", "1", "0"]), Some(vec![1, 1, 0]));
        assert_eq!(Nested::field_genes(&["0"]), Some(vec![0]));
        assert_eq!(Nested::field_genes(&["2"]), None, "no such field");
        assert_eq!(Nested::field_genes(&["0", "0"]), None, "a u8 has no fields");
        assert_eq!(<Vec<u8>>::field_genes(&["0"]), None, "items are not fields");
    }

    fn int(kind: IntKind, value: i128) -> Value {
        Value::Int(kind.offset_of_signed(value))
    }

    #[test]
    fn boxes_add_no_genes_and_results_are_a_tag_and_both_payloads() {
        assert_eq!(<Box<u8>>::shape(), Shape::Int(IntKind::U8));
        assert_eq!(<Box<u8>>::decode(&Value::Int(7)), Box::new(7));
        assert_eq!(
            <Result<u8, bool>>::shape(),
            Shape::Tuple(vec![Shape::Tag(2), Shape::Int(IntKind::U8), Shape::Bool])
        );
        let genes = |tag| Value::List(vec![Value::Int(tag), Value::Int(9), Value::Int(1)]);
        assert_eq!(<Result<u8, bool>>::decode(&genes(0)), Ok(9));
        assert_eq!(<Result<u8, bool>>::decode(&genes(1)), Err(true));
        assert_eq!(
            <Result<u8, bool>>::decode(&genes(5)),
            Err(true),
            "out of range: Err"
        );
        assert_eq!(<Result<u8, bool>>::decode(&Value::List(vec![])), Ok(0));
    }

    #[test]
    fn sets_and_maps_are_sequences_in_a_tuple_and_deques_are_sequences() {
        let seq = |item| Shape::Seq {
            item: Box::new(item),
            max_len: DEFAULT_MAX_LEN,
        };
        let i32_shape = Shape::Int(IntKind::I32);
        assert_eq!(<VecDeque<i32>>::shape(), seq(i32_shape.clone()));
        let set = Shape::Tuple(vec![seq(i32_shape.clone())]);
        assert_eq!(<HashSet<i32>>::shape(), set);
        assert_eq!(<BTreeSet<i32>>::shape(), set);
        let pairs = Shape::Tuple(vec![seq(Shape::Tuple(vec![Shape::Bool, i32_shape]))]);
        assert_eq!(<HashMap<bool, i32>>::shape(), pairs);
        assert_eq!(<BTreeMap<bool, i32>>::shape(), pairs);
    }

    #[test]
    fn collections_decode_in_gene_order_and_duplicates_collapse() {
        let ints =
            |values: &[i128]| Value::List(values.iter().map(|&v| int(IntKind::I32, v)).collect());
        let deque = <VecDeque<i32>>::decode(&ints(&[3, -1, 3]));
        assert_eq!(deque, VecDeque::from([3, -1, 3]));
        let members = Value::List(vec![ints(&[3, -1, 3])]);
        assert_eq!(<HashSet<i32>>::decode(&members), HashSet::from([-1, 3]));
        assert_eq!(<BTreeSet<i32>>::decode(&members), BTreeSet::from([-1, 3]));
        let pair =
            |key: u128, value: i128| Value::List(vec![Value::Int(key), int(IntKind::I32, value)]);
        let pairs = Value::List(vec![Value::List(vec![pair(1, 5), pair(0, 6), pair(1, 7)])]);
        assert_eq!(
            <HashMap<bool, i32>>::decode(&pairs),
            HashMap::from([(false, 6), (true, 7)]),
            "the last pair of a key stays"
        );
        assert_eq!(
            <BTreeMap<bool, i32>>::decode(&pairs),
            BTreeMap::from([(false, 6), (true, 7)])
        );
        assert!(<HashMap<bool, i32>>::decode(&Value::List(vec![])).is_empty());
        assert!(<BTreeSet<i32>>::decode(&Value::Int(4)).is_empty());
    }
}
