//! `std::ops`: a `Range` or `RangeInclusive` as its two bounds. Neither is kept below the
//! other: an empty or reversed range is an input like any.

use std::ops::{Range, RangeInclusive};

use crate::genes::{Input, Shape, Value, field_genes_among};

/// `start`, then `end`: fields a function reads (`range.start`), so symbolic execution can
/// solve for them. The zero genes are `0..0`.
impl<T: Input> Input for Range<T> {
    const FIELDS: &'static [&'static str] = &["start", "end"];

    fn shape() -> Shape {
        <(T, T)>::shape()
    }
    fn decode(value: &Value) -> Self {
        let (start, end) = <(T, T)>::decode(value);
        start..end
    }
    fn field_genes(path: &[&str]) -> Option<Vec<usize>> {
        field_genes_among(path, &[("start", T::field_genes), ("end", T::field_genes)])
    }
}

/// The start, then the end (read through methods: no fields). The zero genes are `0..=0`.
impl<T: Input> Input for RangeInclusive<T> {
    fn shape() -> Shape {
        <(T, T)>::shape()
    }
    fn decode(value: &Value) -> Self {
        let (start, end) = <(T, T)>::decode(value);
        start..=end
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::IntKind;

    #[test]
    fn ranges_are_their_two_bounds() {
        assert_eq!(<Range<u8>>::decode(&<Range<u8>>::shape().zero()), 0..0);
        assert_eq!(
            <RangeInclusive<i32>>::decode(&<RangeInclusive<i32>>::shape().zero()),
            0..=0
        );
        let bounds = Value::List(vec![Value::Int(9), Value::Int(3)]);
        let reversed = <Range<u8>>::decode(&bounds);
        assert_eq!((reversed.start, reversed.end), (9, 3), "reversed, so empty");
        assert_eq!(<RangeInclusive<u8>>::decode(&bounds).into_inner(), (9, 3));
        assert_eq!(
            <Range<u8>>::shape(),
            Shape::Tuple(vec![Shape::Int(IntKind::U8), Shape::Int(IntKind::U8)])
        );
    }

    #[test]
    fn a_ranges_fields_are_its_bounds_genes() {
        assert_eq!(<Range<u8>>::field_genes(&["end"]), Some(vec![1]));
        assert_eq!(
            <Range<(u8, bool)>>::field_genes(&["start", "1"]),
            Some(vec![0, 1])
        );
        assert_eq!(<Range<u8>>::field_genes(&["len"]), None);
        assert_eq!(<RangeInclusive<u8>>::field_genes(&["end"]), None, "private");
    }
}
