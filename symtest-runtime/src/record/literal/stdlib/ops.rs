//! `std::ops`: a range as its bounds around `..` or `..=`, `0..10`, a bound that is itself an
//! operation in parentheses.

use std::ops::{Range, RangeInclusive};

use super::Literal;
use crate::record::literal::operand;

impl<T: Literal> Literal for Range<T> {
    fn literal(&self) -> String {
        format!(
            "{}..{}",
            operand(self.start.literal()),
            operand(self.end.literal())
        )
    }
}

/// The bounds alone: a range iterated to its end (whose `exhausted` flag is private) is
/// written as a fresh one.
impl<T: Literal> Literal for RangeInclusive<T> {
    fn literal(&self) -> String {
        format!(
            "{}..={}",
            operand(self.start().literal()),
            operand(self.end().literal())
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::assert_literals;

    #[test]
    fn ranges_render_between_their_bounds() {
        assert_literals!(
            0..10 => "0..10",
            -5..i32::MAX => "-5..i32::MAX",
            'a'..='z' => "'a'..='z'",
            (0..1)..(2..3) => "(0..1)..(2..3)",
            Some(1)..None => "Some(1)..None",
        );
    }
}
