//! `std::cmp`: an `Ordering` as an enum's tag, `Less` first.

use std::cmp::Ordering;

use super::unit_enum_inputs;

unit_enum_inputs!(ORDERINGS: Ordering = [Less, Equal, Greater]);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::{Input, Value};

    #[test]
    fn the_tag_picks_the_variant_in_declaration_order() {
        assert_eq!(Ordering::decode(&Ordering::shape().zero()), Ordering::Less);
        let tag = |tag| Value::List(vec![Value::Int(tag)]);
        assert_eq!(Ordering::decode(&tag(1)), Ordering::Equal);
        assert_eq!(Ordering::decode(&tag(9)), Ordering::Greater);
        assert_eq!(Ordering::Greater.tag(), 2);
        assert_eq!(Ordering::VARIANTS[1].0, "Equal");
    }
}
