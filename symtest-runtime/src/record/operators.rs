//! The arithmetic and bitwise operators a mutant swaps for one another, and the numbers they
//! apply to.

/// A binary operator of numbers. A mutant replaces one with another of its kind: `+ - * / %`
/// among themselves, `& | ^` among themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum ArithOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    BitAnd,
    BitOr,
    BitXor,
}

impl ArithOp {
    const ARITHMETIC: [ArithOp; 5] = [
        ArithOp::Add,
        ArithOp::Sub,
        ArithOp::Mul,
        ArithOp::Div,
        ArithOp::Rem,
    ];
    const BITWISE: [ArithOp; 3] = [ArithOp::BitAnd, ArithOp::BitOr, ArithOp::BitXor];

    /// The operators a mutant may put in this one's place.
    pub fn replacements(self) -> impl Iterator<Item = ArithOp> {
        let kind: &[ArithOp] = match self {
            ArithOp::BitAnd | ArithOp::BitOr | ArithOp::BitXor => &Self::BITWISE,
            _ => &Self::ARITHMETIC,
        };
        kind.iter().copied().filter(move |&op| op != self)
    }

    /// As written in Rust.
    pub fn symbol(self) -> &'static str {
        match self {
            ArithOp::Add => "+",
            ArithOp::Sub => "-",
            ArithOp::Mul => "*",
            ArithOp::Div => "/",
            ArithOp::Rem => "%",
            ArithOp::BitAnd => "&",
            ArithOp::BitOr => "|",
            ArithOp::BitXor => "^",
        }
    }
}

/// The primitive numbers: what a mutated operator computes on them. Overflow and division by
/// zero panic as the operators do in the build (with `overflow-checks`, as `cargo test` has
/// them), with the same messages.
pub trait Number: Copy {
    /// `self op other`; `None` where the operator does not apply (bitwise operators of floats).
    fn apply(self, op: ArithOp, other: Self) -> Option<Self>;
}

/// A number or a reference to one, as an operand of an arithmetic operator.
pub trait NumberRef {
    type Number: Number;
    fn number(&self) -> Self::Number;
}

impl<T: Number> NumberRef for &T {
    type Number = T;
    fn number(&self) -> T {
        **self
    }
}

macro_rules! number_ref {
    ($($ty:ty),*) => {$(
        impl NumberRef for $ty {
            type Number = $ty;
            fn number(&self) -> $ty {
                *self
            }
        }
    )*};
}

number_ref!(
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64
);

macro_rules! integers {
    ($($ty:ty),*) => {$(
        impl Number for $ty {
            #[allow(clippy::arithmetic_side_effects)]
            fn apply(self, op: ArithOp, other: Self) -> Option<Self> {
                Some(match op {
                    ArithOp::Add => self + other,
                    ArithOp::Sub => self - other,
                    ArithOp::Mul => self * other,
                    ArithOp::Div => self / other,
                    ArithOp::Rem => self % other,
                    ArithOp::BitAnd => self & other,
                    ArithOp::BitOr => self | other,
                    ArithOp::BitXor => self ^ other,
                })
            }
        }
    )*};
}

integers!(
    u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize
);

macro_rules! floats {
    ($($ty:ty),*) => {$(
        impl Number for $ty {
            fn apply(self, op: ArithOp, other: Self) -> Option<Self> {
                match op {
                    ArithOp::Add => Some(self + other),
                    ArithOp::Sub => Some(self - other),
                    ArithOp::Mul => Some(self * other),
                    ArithOp::Div => Some(self / other),
                    ArithOp::Rem => Some(self % other),
                    ArithOp::BitAnd | ArithOp::BitOr | ArithOp::BitXor => None,
                }
            }
        }
    )*};
}

floats!(f32, f64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replacements_stay_within_their_kind() {
        let add: Vec<_> = ArithOp::Add.replacements().collect();
        assert_eq!(
            add,
            [ArithOp::Sub, ArithOp::Mul, ArithOp::Div, ArithOp::Rem]
        );
        let xor: Vec<_> = ArithOp::BitXor.replacements().collect();
        assert_eq!(xor, [ArithOp::BitAnd, ArithOp::BitOr]);
    }

    #[test]
    fn numbers_compute_the_replacement() {
        assert_eq!(7u8.apply(ArithOp::Rem, 4), Some(3));
        assert_eq!(6i32.apply(ArithOp::BitXor, 3), Some(5));
        assert_eq!(1.5f64.apply(ArithOp::Mul, 2.0), Some(3.0));
        assert_eq!(1.5f32.apply(ArithOp::BitOr, 2.0), None);
    }

    #[test]
    fn overflow_panics_as_the_operator_does() {
        let caught = std::panic::catch_unwind(|| 0u32.apply(ArithOp::Sub, 1));
        if cfg!(debug_assertions) {
            let message = caught.expect_err("0 - 1 overflows");
            let message = match message.downcast_ref::<&str>() {
                Some(text) => text.to_string(),
                None => message
                    .downcast_ref::<String>()
                    .cloned()
                    .unwrap_or_default(),
            };
            assert!(message.contains("overflow"), "{message}");
        }
    }
}
