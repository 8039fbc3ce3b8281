//! `std::path` and `std::ffi`'s OS strings: a `PathBuf` or an `OsString` from the genes of a
//! string, [`opaque`] (a path's `starts_with`, `ends_with` and `==` compare components, not
//! chars, so symbolic execution must not take it for a string). A `&Path` or `&OsStr`
//! parameter is lent from one of these. Only Unicode text is generated.

use std::ffi::OsString;
use std::path::PathBuf;

use super::{inside, opaque};
use crate::genes::{Input, Shape, Value};

/// The path as a string: the zero genes are the empty path.
impl Input for PathBuf {
    fn shape() -> Shape {
        opaque(String::shape())
    }
    fn decode(value: &Value) -> Self {
        PathBuf::from(String::decode(inside(value)))
    }
}

/// The OS string as a string: the zero genes are the empty one.
impl Input for OsString {
    fn shape() -> Shape {
        opaque(String::shape())
    }
    fn decode(value: &Value) -> Self {
        OsString::from(String::decode(inside(value)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::gene_of_char;

    fn text(text: &str) -> Value {
        let chars = text.chars().map(|c| Value::Int(gene_of_char(c))).collect();
        Value::List(vec![Value::List(chars)])
    }

    #[test]
    fn the_simplest_genes_are_the_empty_path() {
        assert_eq!(PathBuf::decode(&PathBuf::shape().zero()), PathBuf::new());
        assert_eq!(OsString::decode(&OsString::shape().zero()), OsString::new());
    }

    #[test]
    fn paths_and_os_strings_are_strings_in_a_tuple() {
        assert_eq!(PathBuf::shape(), Shape::Tuple(vec![String::shape()]));
        assert_eq!(
            PathBuf::decode(&text("src/lib.rs")),
            PathBuf::from("src/lib.rs")
        );
        assert_eq!(OsString::decode(&text("é x")), OsString::from("é x"));
    }
}
