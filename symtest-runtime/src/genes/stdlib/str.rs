//! `std::str`'s iterators over a generated string: a parameter of type `Chars<'a>`,
//! `Bytes<'a>`, `CharIndices<'a>`, `Lines<'a>`, `SplitWhitespace<'a>` or `Split<'a, P>` (of a
//! `char` or `&str` pattern) borrows what it iterates, which no genes can build on their own.
//! It is a [`View`] of a value genes build, its owner: the search entry keeps the string and
//! takes the view of it, as a test writes `"a b".split(' ')`.

use std::str::{Bytes, CharIndices, Chars, Lines, Split, SplitWhitespace};

use crate::genes::Input;

/// A type made by borrowing a value genes build.
pub trait View<'a>: Sized {
    /// What genes build and the view borrows: the string, and the pattern of a split.
    type Owner: Input + 'a;
    /// The method of `str` that takes the view, as the test writes it.
    const METHOD: &'static str;

    fn view(owner: &'a Self::Owner) -> Self;
}

macro_rules! string_views {
    ($($view:ident => $method:ident),* $(,)?) => {$(
        impl<'a> View<'a> for $view<'a> {
            type Owner = String;
            const METHOD: &'static str = stringify!($method);

            fn view(owner: &'a String) -> Self {
                owner.$method()
            }
        }
    )*};
}

string_views!(
    Chars => chars,
    Bytes => bytes,
    CharIndices => char_indices,
    Lines => lines,
    SplitWhitespace => split_whitespace,
);

/// The string, then the pattern.
impl<'a> View<'a> for Split<'a, char> {
    type Owner = (String, char);
    const METHOD: &'static str = "split";

    fn view((text, pattern): &'a (String, char)) -> Self {
        text.split(*pattern)
    }
}

/// The string, then the pattern.
impl<'a> View<'a> for Split<'a, &'a str> {
    type Owner = (String, String);
    const METHOD: &'static str = "split";

    fn view((text, pattern): &'a (String, String)) -> Self {
        text.split(pattern.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::{Value, gene_of_char};

    fn text(text: &str) -> Value {
        Value::List(text.chars().map(|c| Value::Int(gene_of_char(c))).collect())
    }

    #[test]
    fn the_simplest_genes_are_views_of_the_empty_string() {
        let empty = String::decode(&String::shape().zero());
        assert_eq!(Chars::view(&empty).count(), 0);
        assert_eq!(Lines::view(&empty).count(), 0);
        let owner = <(String, char)>::decode(&<(String, char)>::shape().zero());
        assert_eq!(Split::<char>::view(&owner).collect::<Vec<_>>(), [""]);
    }

    #[test]
    fn views_iterate_the_owners_string() {
        let owner = String::decode(&text("a\nbc"));
        assert_eq!(Chars::view(&owner).collect::<String>(), "a\nbc");
        assert_eq!(Bytes::view(&owner).nth(2), Some(b'b'));
        assert_eq!(CharIndices::view(&owner).last(), Some((3, 'c')));
        assert_eq!(Lines::view(&owner).collect::<Vec<_>>(), ["a", "bc"]);
        assert_eq!(SplitWhitespace::view(&owner).count(), 2);
        let owner = <(String, String)>::decode(&Value::List(vec![text("a, b"), text(", ")]));
        assert_eq!(Split::<&str>::view(&owner).collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!(<Split<char>>::METHOD, "split");
        assert_eq!(<CharIndices>::METHOD, "char_indices");
    }
}
