//! `std::borrow`: a `Cow` by its variant, `std::borrow::Cow::Borrowed("ab")` or
//! `std::borrow::Cow::<str>::Owned(String::from("ab"))`, a `Cow<[T]>` with `&[…]` and
//! `vec![…]`. The type is named where the variant's payload cannot tell it (an owned `String`
//! may be a `Cow<str>`'s or another type's, a `&[1, 2]` an array's), so the value compiles
//! where nothing else tells it either, as the expected value of an `assert_eq!`.

use std::borrow::Cow;

use super::{Literal, call};

/// `borrowed(…)` or `owned(…)` of what `cow` holds.
#[allow(clippy::ptr_arg)] // The variant is what is written, so the `Cow` itself is needed.
fn cow<B>(cow: &Cow<'_, B>, borrowed: &str, owned: &str) -> String
where
    B: ?Sized + ToOwned,
    for<'b> &'b B: Literal,
    B::Owned: Literal,
{
    match cow {
        Cow::Borrowed(value) => call(borrowed, &[value]),
        Cow::Owned(value) => call(owned, &[value]),
    }
}

impl Literal for Cow<'_, str> {
    fn literal(&self) -> String {
        cow(
            self,
            "std::borrow::Cow::Borrowed",
            "std::borrow::Cow::<str>::Owned",
        )
    }
}

impl<T: Literal + Clone> Literal for Cow<'_, [T]> {
    fn literal(&self) -> String {
        cow(
            self,
            "std::borrow::Cow::<[_]>::Borrowed",
            "std::borrow::Cow::<[_]>::Owned",
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::assert_literals;
    use super::*;

    #[test]
    fn cows_render_as_their_variants() {
        assert_literals!(
            Cow::Borrowed("ab") => "std::borrow::Cow::Borrowed(\"ab\")",
            Cow::<str>::Owned(String::from("ab"))
                => "std::borrow::Cow::<str>::Owned(String::from(\"ab\"))",
            Cow::Borrowed(&[1u8, 2][..]) => "std::borrow::Cow::<[_]>::Borrowed(&[1, 2])",
            Cow::<[u8]>::Owned(vec![3]) => "std::borrow::Cow::<[_]>::Owned(vec![3])",
        );
    }
}
