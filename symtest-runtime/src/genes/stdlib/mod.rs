//! Inputs of the standard library's types, one module per area of `std` (as proptest's
//! `arbitrary` lays them out), each the same shape: the [`Input`](super::Input) impls, each
//! with a line on how its genes lay out, then unit tests that the simplest genes decode to the
//! simplest value (the search tries them first) and that chosen genes decode as they should.
//! Their literals live in the module of the same name under `record::literal::stdlib`.
//!
//! A type whose methods mean something else than its genes' type would (a path's
//! `starts_with` compares components, a `NonZeroU32` is never 0) has its genes wrapped in a
//! one-field tuple, which symbolic execution leaves alone ([`opaque`]), so it never models
//! such a value as the string or integer its genes look like.

mod borrow;
mod cell;
mod cmp;
mod fmt;
mod hash;
mod io;
mod net;
mod num;
mod ops;
mod path;
mod rc;
mod str;
mod time;

pub use str::View;

use super::{Shape, Value};

/// The genes of `shape`, in a one-field tuple (see the module's doc).
fn opaque(shape: Shape) -> Shape {
    Shape::Tuple(vec![shape])
}

/// The genes inside an [`opaque`] shape.
fn inside(value: &Value) -> &Value {
    value.item(0)
}

/// An enum laid out as `#[symtest]` lays one out: its tag, then each variant's fields as a
/// tuple. Patterns on a parameter (`IpAddr::V4(a)`, `Ordering::Less`) are then conditions
/// on its tag that the solver can meet, as for an enum of the crate.
fn enum_shape(variants: Vec<Vec<Shape>>) -> Shape {
    let tag = Shape::Tag(variants.len() as u32);
    Shape::Tuple(
        std::iter::once(tag)
            .chain(variants.into_iter().map(Shape::Tuple))
            .collect(),
    )
}

/// Which of `count` variants the genes of an [`enum_shape`] choose: a tag out of range is the
/// last one, as for an enum of `#[symtest]`.
fn variant(value: &Value, count: usize) -> usize {
    usize::try_from(value.item(0).as_int())
        .unwrap_or(usize::MAX)
        .min(count - 1)
}

/// The genes of field `field` of the variant an [`enum_shape`]'s genes choose.
fn payload(value: &Value, variant: usize, field: usize) -> &Value {
    value.item(variant + 1).item(field)
}

/// `Input` for an enum of `std` without fields, laid out as [`enum_shape`], its variants
/// listed (in declaration order) in the constant `$all`.
macro_rules! unit_enum_inputs {
    ($all:ident: $ty:ty = [$($variant:ident),+ $(,)?]) => {
        const $all: &[$ty] = &[$(<$ty>::$variant),+];

        impl $crate::genes::Input for $ty {
            const VARIANTS: &'static [(&'static str, &'static [&'static str])] =
                &[$((stringify!($variant), &[])),+];

            fn shape() -> $crate::genes::Shape {
                super::enum_shape($all.iter().map(|_| Vec::new()).collect())
            }

            fn decode(value: &$crate::genes::Value) -> Self {
                $all[super::variant(value, $all.len())]
            }

            /// A value of no listed variant (an unstable one) reads as the first.
            fn tag(&self) -> u32 {
                $all.iter().position(|listed| listed == self).unwrap_or(0) as u32
            }
        }
    };
}

use unit_enum_inputs;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::IntKind;

    #[test]
    fn enums_are_a_tag_then_each_variants_fields() {
        let shape = enum_shape(vec![vec![Shape::Bool], vec![]]);
        assert_eq!(
            shape,
            Shape::Tuple(vec![
                Shape::Tag(2),
                Shape::Tuple(vec![Shape::Bool]),
                Shape::Tuple(vec![])
            ])
        );
        let genes = |tag| Value::List(vec![Value::Int(tag), Value::List(vec![Value::Int(1)])]);
        assert_eq!(variant(&genes(0), 2), 0);
        assert_eq!(variant(&genes(7), 2), 1, "out of range: the last");
        assert_eq!(variant(&genes(u128::MAX), 2), 1);
        assert_eq!(payload(&genes(0), 0, 0), &Value::Int(1));
        assert_eq!(
            opaque(Shape::Int(IntKind::U8)),
            Shape::Tuple(vec![Shape::Int(IntKind::U8)])
        );
    }
}
