//! `std::num`: a `NonZero` integer as `std::num::NonZeroU32::new(5).unwrap()`, its extremes by
//! name as the integers' are (`std::num::NonZeroI8::MIN`, `std::num::NonZeroU8::MAX`; an
//! unsigned one's `MIN` is 1, written as a number like 0 is).

use std::num::NonZero;

use super::Literal;

macro_rules! non_zero_literals {
    ($($int:ident => $name:ident),* $(,)?) => {$(
        impl Literal for NonZero<$int> {
            fn literal(&self) -> String {
                let path = concat!("std::num::", stringify!($name));
                match self.get() {
                    $int::MAX => format!("{path}::MAX"),
                    value if value == $int::MIN => format!("{path}::MIN"),
                    value => format!("{path}::new({value}).unwrap()"),
                }
            }
        }
    )*};
}

non_zero_literals!(
    i8 => NonZeroI8, i16 => NonZeroI16, i32 => NonZeroI32, i64 => NonZeroI64,
    i128 => NonZeroI128, isize => NonZeroIsize,
    u8 => NonZeroU8, u16 => NonZeroU16, u32 => NonZeroU32, u64 => NonZeroU64,
    u128 => NonZeroU128, usize => NonZeroUsize,
);

#[cfg(test)]
mod tests {
    use super::super::assert_literals;
    use super::*;

    #[test]
    fn non_zero_integers_render_by_constructor_or_by_name() {
        assert_literals!(
            NonZero::<u32>::new(5).unwrap() => "std::num::NonZeroU32::new(5).unwrap()",
            NonZero::<u32>::MIN => "std::num::NonZeroU32::new(1).unwrap()",
            NonZero::<u32>::MAX => "std::num::NonZeroU32::MAX",
            NonZero::<i8>::MIN => "std::num::NonZeroI8::MIN",
            NonZero::<i8>::new(-1).unwrap() => "std::num::NonZeroI8::new(-1).unwrap()",
            NonZero::<usize>::MAX => "std::num::NonZeroUsize::MAX",
            NonZero::<i128>::new(-7).unwrap() => "std::num::NonZeroI128::new(-7).unwrap()",
        );
    }
}
