//! `std::cmp`: an `Ordering` by its variant, `std::cmp::Ordering::Less`.

use std::cmp::Ordering;

use super::Literal;

impl Literal for Ordering {
    fn literal(&self) -> String {
        format!("std::cmp::Ordering::{self:?}")
    }
}

#[cfg(test)]
mod tests {
    use super::super::assert_literals;
    use super::*;

    #[test]
    fn orderings_render_as_their_variants() {
        assert_literals!(
            Ordering::Less => "std::cmp::Ordering::Less",
            Ordering::Equal => "std::cmp::Ordering::Equal",
            Ordering::Greater => "std::cmp::Ordering::Greater",
        );
    }
}
