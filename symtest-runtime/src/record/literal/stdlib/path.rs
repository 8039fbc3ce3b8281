//! `std::path` and `std::ffi`'s OS strings, from a string literal: a `&Path` as
//! `std::path::Path::new("src/lib.rs")`, a `PathBuf` as `std::path::PathBuf::from("…")`, and
//! `OsStr` and `OsString` alike. Text that is not Unicode (a path a function returns) is
//! written by its bytes on Unix, `<std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(b"\xff")`,
//! which every one of these constructors takes too.

use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use super::Literal;

/// `"text"`, or an expression of a `&OsStr` where the text is not Unicode.
fn os_text(text: &OsStr) -> String {
    match text.to_str() {
        Some(text) => text.literal(),
        None => not_unicode(text),
    }
}

#[cfg(unix)]
fn not_unicode(text: &OsStr) -> String {
    use std::os::unix::ffi::OsStrExt;
    let bytes: String = text
        .as_bytes()
        .iter()
        .flat_map(|&byte| std::ascii::escape_default(byte))
        .map(char::from)
        .collect();
    format!("<std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(b\"{bytes}\")")
}

/// Elsewhere the text is not bytes: written lossily, the test that asserts it fails.
#[cfg(not(unix))]
fn not_unicode(text: &OsStr) -> String {
    text.to_string_lossy().literal()
}

/// `std::path::Path::new("…")`, a `&Path` as a person writes one.
impl Literal for Path {
    fn literal(&self) -> String {
        format!("std::path::Path::new({})", os_text(self.as_os_str()))
    }
}

/// As the `Path` itself: `std::path::Path::new("…")` already is a `&Path`.
impl Literal for &Path {
    fn literal(&self) -> String {
        (**self).literal()
    }
}

impl Literal for PathBuf {
    fn literal(&self) -> String {
        format!("std::path::PathBuf::from({})", os_text(self.as_os_str()))
    }
}

/// `std::ffi::OsStr::new("…")`, a `&OsStr` as a person writes one.
impl Literal for OsStr {
    fn literal(&self) -> String {
        format!("std::ffi::OsStr::new({})", os_text(self))
    }
}

/// As the `OsStr` itself: `std::ffi::OsStr::new("…")` already is a `&OsStr`.
impl Literal for &OsStr {
    fn literal(&self) -> String {
        (**self).literal()
    }
}

impl Literal for OsString {
    fn literal(&self) -> String {
        format!("std::ffi::OsString::from({})", os_text(self))
    }
}

#[cfg(test)]
mod tests {
    use super::super::assert_literals;
    use super::*;

    #[test]
    fn paths_and_os_strings_render_from_string_literals() {
        assert_literals!(
            Path::new("src/lib.rs") => "std::path::Path::new(\"src/lib.rs\")",
            Path::new("") => "std::path::Path::new(\"\")",
            PathBuf::from("a b/\"c\"") => r#"std::path::PathBuf::from("a b/\"c\"")"#,
            OsStr::new("é") => "std::ffi::OsStr::new(\"é\")",
            OsString::from("x\n") => r#"std::ffi::OsString::from("x\n")"#,
            &PathBuf::from("a") => "&std::path::PathBuf::from(\"a\")",
        );
    }

    #[cfg(unix)]
    #[test]
    fn text_that_is_not_unicode_renders_by_its_bytes() {
        use std::os::unix::ffi::OsStrExt;
        let text = OsStr::from_bytes(b"a\xff/\"");
        assert_literals!(
            Path::new(text)
                => r#"std::path::Path::new(<std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(b"a\xff/\""))"#,
        );
    }
}
