//! `std::path` and `std::ffi`'s OS strings. A `PathBuf` is laid out as what path code tests:
//! whether it starts at the root, its components, and an optional extension, so `/`, a
//! directory a function looks for (a string literal of its body, from the constant pool) and
//! `.rs` are each one move away, where a path as one string would need its separators and
//! dots typed in char by char. An `OsString` is a string, [`opaque`]. Both are tuples, which
//! symbolic execution leaves alone: a path's `starts_with`, `ends_with` and `==` compare
//! components, not chars, so it must not take one for a string. A `&Path` or `&OsStr` parameter is lent from one of these.
//! Only Unicode text is generated.

use std::ffi::OsString;
use std::path::PathBuf;

use super::{inside, opaque};
use crate::genes::{Input, Shape, Value};

/// Most components a generated path has.
const MAX_COMPONENTS: usize = 8;

/// Whether the path starts with `/`, its components (joined by `/`), and its extension (after
/// a `.`): the zero genes are the empty path.
impl Input for PathBuf {
    fn shape() -> Shape {
        Shape::Tuple(vec![
            bool::shape(),
            Shape::Seq {
                item: Box::new(String::shape()),
                max_len: MAX_COMPONENTS,
            },
            Option::<String>::shape(),
        ])
    }
    fn decode(value: &Value) -> Self {
        let (rooted, components, extension) = <(bool, Vec<String>, Option<String>)>::decode(value);
        let mut path = String::from(if rooted { "/" } else { "" });
        path.push_str(&components.join("/"));
        if let Some(extension) = extension {
            path.push('.');
            path.push_str(&extension);
        }
        PathBuf::from(path)
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
        Value::List(text.chars().map(|c| Value::Int(gene_of_char(c))).collect())
    }

    fn path(rooted: bool, components: &[&str], extension: Option<&str>) -> PathBuf {
        let extension = match extension {
            Some(extension) => Value::List(vec![Value::Int(1), text(extension)]),
            None => Value::List(vec![Value::Int(0), text("ignored")]),
        };
        PathBuf::decode(&Value::List(vec![
            Value::Int(rooted.into()),
            Value::List(components.iter().map(|component| text(component)).collect()),
            extension,
        ]))
    }

    #[test]
    fn the_simplest_genes_are_the_empty_path() {
        assert_eq!(PathBuf::decode(&PathBuf::shape().zero()), PathBuf::new());
        assert_eq!(OsString::decode(&OsString::shape().zero()), OsString::new());
    }

    #[test]
    fn a_path_is_its_root_its_components_and_its_extension() {
        assert_eq!(
            path(false, &["src", "lib"], Some("rs")),
            PathBuf::from("src/lib.rs")
        );
        assert_eq!(
            path(true, &["etc", "hosts"], None),
            PathBuf::from("/etc/hosts")
        );
        assert_eq!(path(true, &[], None), PathBuf::from("/"));
        assert_eq!(path(false, &[], Some("rs")), PathBuf::from(".rs"));
        assert_eq!(
            path(false, &["a"], Some("rs")).extension(),
            Some("rs".as_ref()),
            "the extension gene is the path's"
        );
    }

    #[test]
    fn os_strings_are_strings_in_a_tuple() {
        assert_eq!(OsString::shape(), Shape::Tuple(vec![String::shape()]));
        let genes = Value::List(vec![text("é x")]);
        assert_eq!(OsString::decode(&genes), OsString::from("é x"));
    }
}
