//! Literals of the standard library's types, one module per area of `std`, named as the
//! modules of their inputs under `genes::stdlib`, each the same shape: the [`Literal`] impls,
//! then unit tests of values and the text they render as, row by row.
//!
//! Types are written by their full path (`std::net::Ipv4Addr::new(10, 0, 0, 1)`), as the
//! collections are (see `collections`): the generated module imports only `super::*`. Values
//! are written the way a person builds them: by constructor, by a named constant where the
//! type has one for the value (`std::net::Ipv4Addr::LOCALHOST`, `std::time::Duration::ZERO`),
//! by the variant of an enum.

mod borrow;
mod cell;
mod cmp;
mod fmt;
mod hash;
mod io;
mod net;
mod num;
mod ops;
mod path;
mod rc;
mod str;
mod time;

pub use str::{ViewOwner, view_literal};

use super::Literal;

/// `{path}::{name}` where `value` is one of `named`'s, else `None`.
fn named<T: PartialEq>(value: &T, path: &str, named: &[(T, &str)]) -> Option<String> {
    let (_, name) = named.iter().find(|(constant, _)| constant == value)?;
    Some(format!("{path}::{name}"))
}

/// `{function}({args})`, each argument rendered.
fn call(function: &str, args: &[&dyn Literal]) -> String {
    let args: Vec<String> = args.iter().map(|arg| arg.literal()).collect();
    format!("{function}({})", args.join(", "))
}

/// Asserts each value renders exactly as the text after its `=>`.
#[cfg(test)]
macro_rules! assert_literals {
    ($($value:expr => $expected:expr),* $(,)?) => {$(
        assert_eq!(
            $crate::record::literal::Literal::literal(&$value),
            $expected,
            "{}",
            stringify!($value)
        );
    )*};
}

#[cfg(test)]
use assert_literals;
