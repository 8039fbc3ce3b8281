//! `std::io`: an `ErrorKind` by its variant; an `io::Error` by its kind and message
//! (`std::io::Error::new(std::io::ErrorKind::NotFound, "no such file")`), by its kind alone
//! where it has no message (`std::io::Error::from(…)`), or by its OS error code.

use std::io::{Error, ErrorKind};

use super::Literal;

/// `std::io::ErrorKind::NotFound`. A kind Rust has not stabilised is written all the same, so
/// a test that needs it is one rustc refuses, not one that asserts another kind.
impl Literal for ErrorKind {
    fn literal(&self) -> String {
        format!("std::io::ErrorKind::{self:?}")
    }
}

/// The message is the text of the error inside (its type is not kept).
impl Literal for Error {
    fn literal(&self) -> String {
        if let Some(code) = self.raw_os_error() {
            return format!("std::io::Error::from_raw_os_error({})", code.literal());
        }
        let kind = self.kind().literal();
        match self.get_ref() {
            Some(inner) => format!(
                "std::io::Error::new({kind}, {})",
                inner.to_string().as_str().literal()
            ),
            None => format!("std::io::Error::from({kind})"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::assert_literals;
    use super::*;

    #[test]
    fn errors_render_by_kind_and_message() {
        assert_literals!(
            ErrorKind::NotFound => "std::io::ErrorKind::NotFound",
            ErrorKind::Other => "std::io::ErrorKind::Other",
            Error::from(ErrorKind::TimedOut) => "std::io::Error::from(std::io::ErrorKind::TimedOut)",
            Error::new(ErrorKind::InvalidData, "bad \"byte\"")
                => r#"std::io::Error::new(std::io::ErrorKind::InvalidData, "bad \"byte\"")"#,
            Error::from_raw_os_error(2) => "std::io::Error::from_raw_os_error(2)",
        );
    }
}
