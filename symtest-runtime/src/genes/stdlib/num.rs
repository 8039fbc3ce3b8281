//! `std::num`: each `NonZero` integer as one gene of its integer type, [`opaque`], where 0
//! reads as 1, so the zero genes are the simplest value, `1`.

use std::num::NonZero;

use super::{inside, opaque};
use crate::genes::{Input, Shape, Value};

macro_rules! non_zero_inputs {
    ($($int:ident),* $(,)?) => {$(
        /// The integer's gene, 0 read as 1.
        impl Input for NonZero<$int> {
            fn shape() -> Shape {
                opaque($int::shape())
            }
            fn decode(value: &Value) -> Self {
                // Evaluated at compile time: it cannot fail when the test runs.
                const ONE: NonZero<$int> = NonZero::<$int>::new(1).unwrap();
                NonZero::new($int::decode(inside(value))).unwrap_or(ONE)
            }
        }
    )*};
}

non_zero_inputs!(
    i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::IntKind;

    #[test]
    fn the_simplest_genes_are_one_and_zero_reads_as_one() {
        assert_eq!(
            <NonZero<u32>>::decode(&<NonZero<u32>>::shape().zero()).get(),
            1
        );
        assert_eq!(
            <NonZero<i8>>::decode(&<NonZero<i8>>::shape().zero()).get(),
            1
        );
        assert_eq!(
            <NonZero<u32>>::shape(),
            Shape::Tuple(vec![Shape::Int(IntKind::U32)])
        );
    }

    #[test]
    fn every_other_value_is_the_integers_own() {
        let gene = |kind: IntKind, value: i128| {
            Value::List(vec![Value::Int(kind.offset_of_signed(value))])
        };
        assert_eq!(
            <NonZero<u8>>::decode(&gene(IntKind::U8, 255)).get(),
            u8::MAX
        );
        assert_eq!(<NonZero<i16>>::decode(&gene(IntKind::I16, -7)).get(), -7);
        assert_eq!(
            <NonZero<i64>>::decode(&gene(IntKind::I64, i128::from(i64::MIN))).get(),
            i64::MIN
        );
        assert_eq!(<NonZero<u128>>::decode(&gene(IntKind::U128, 2)).get(), 2);
    }
}
