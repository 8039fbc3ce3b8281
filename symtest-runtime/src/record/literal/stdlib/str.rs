//! `std::str`'s iterators, written as the call on a string literal that takes them:
//! `"a\nb".lines()`, `"a,b".split(',')`. A string literal lives as long as the test, so the
//! view needs no local to borrow from.

use crate::genes::View;

use super::Literal;

/// The owner of a [`View`] as the receiver of the method that takes the view, and the
/// method's arguments.
pub trait ViewOwner {
    fn receiver(&self) -> String;
    fn args(&self) -> String;
}

impl ViewOwner for String {
    fn receiver(&self) -> String {
        self.as_str().literal()
    }
    fn args(&self) -> String {
        String::new()
    }
}

/// A string and the `char` to split it at.
impl ViewOwner for (String, char) {
    fn receiver(&self) -> String {
        self.0.receiver()
    }
    fn args(&self) -> String {
        self.1.literal()
    }
}

/// A string and the `&str` to split it at.
impl ViewOwner for (String, String) {
    fn receiver(&self) -> String {
        self.0.receiver()
    }
    fn args(&self) -> String {
        self.1.receiver()
    }
}

/// The view `V` of `owner` as Rust source: `"ab".chars()`.
pub fn view_literal<'a, V: View<'a>>(owner: &V::Owner) -> String
where
    V::Owner: ViewOwner,
{
    format!("{}.{}({})", owner.receiver(), V::METHOD, owner.args())
}

/// A `Chars` held as a value (a parser's field) by what is left of its string:
/// `"ab".chars()`.
impl Literal for std::str::Chars<'_> {
    fn literal(&self) -> String {
        format!("{}.chars()", self.as_str().literal())
    }
}

/// As a `Chars`: `"ab".char_indices()`.
impl Literal for std::str::CharIndices<'_> {
    fn literal(&self) -> String {
        format!("{}.char_indices()", self.as_str().literal())
    }
}

#[cfg(test)]
mod tests {
    use std::str::{Bytes, CharIndices, Chars, Lines, Split, SplitWhitespace};

    use super::*;

    #[test]
    fn views_render_as_the_call_on_a_string_literal_that_takes_them() {
        let text = String::from("a \"b\"\nc");
        assert_eq!(view_literal::<Chars>(&text), r#""a \"b\"\nc".chars()"#);
        assert_eq!(view_literal::<Bytes>(&text), r#""a \"b\"\nc".bytes()"#);
        assert_eq!(
            view_literal::<CharIndices>(&text),
            r#""a \"b\"\nc".char_indices()"#
        );
        assert_eq!(view_literal::<Lines>(&text), r#""a \"b\"\nc".lines()"#);
        assert_eq!(
            view_literal::<SplitWhitespace>(&text),
            r#""a \"b\"\nc".split_whitespace()"#
        );
        let owner = (String::from("a,b"), ',');
        assert_eq!(view_literal::<Split<char>>(&owner), r#""a,b".split(',')"#);
        let owner = (String::from("a, b"), String::from(", "));
        assert_eq!(view_literal::<Split<&str>>(&owner), r#""a, b".split(", ")"#);
    }

    #[test]
    fn a_chars_value_renders_as_what_is_left_of_its_string() {
        let mut chars = "ab\n".chars();
        chars.next();
        assert_eq!(chars.literal(), r#""b\n".chars()"#);
        assert_eq!("é".char_indices().literal(), r#""é".char_indices()"#);
    }
}
