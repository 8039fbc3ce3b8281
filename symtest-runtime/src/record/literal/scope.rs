//! Where the literals being written will stand: a struct literal compiles only where its
//! fields are visible, and the tests go into a module below the searched function's. A
//! `#[symtest]` struct with fields private to its module notes it as it writes itself
//! ([`private_fields_of`]); [`checked`] then gives up the whole literal (an `Option` of it
//! too) where the tests' module cannot see them, and the assertion compares Debug text
//! instead.

use std::cell::Cell;

thread_local! {
    /// The module of the function whose tests the literals are for (`crate::net`); empty when
    /// none is set, and every literal is taken as visible.
    static WRITTEN_IN: Cell<&'static str> = const { Cell::new("") };
    /// Whether the literal being written has fields its tests cannot see.
    static UNWRITABLE: Cell<bool> = const { Cell::new(false) };
}

/// The literals written from now on stand in the tests of a function of `module`.
pub fn write_in(module: &'static str) {
    WRITTEN_IN.with(|at| at.set(module));
}

/// Notes that the literal being written builds a struct whose fields are private to `module`
/// (called by the literal of such a `#[symtest]` struct).
pub fn private_fields_of(module: &'static str) {
    let at = WRITTEN_IN.with(Cell::get);
    let below = at
        .strip_prefix(module)
        .is_some_and(|rest| rest.is_empty() || rest.starts_with("::"));
    if !at.is_empty() && !below {
        UNWRITABLE.with(|flag| flag.set(true));
    }
}

/// How the tests being written name a `#[symtest]` type `name` of `module`: through its module
/// where that is a child of the searched function's (`inner::Quoter` from tests of
/// `krate::quoting` for `krate::quoting::inner::Quoter`: the tests' `use super::*` reaches the
/// child whatever its privacy, and a type of the same name there cannot shadow it), else by its
/// name, as the function's module imports it (a module further down may be private to the
/// child).
pub fn named_in(module: &'static str, name: &'static str) -> String {
    let at = WRITTEN_IN.with(Cell::get);
    let below = module
        .strip_prefix(at)
        .and_then(|rest| rest.strip_prefix("::"))
        .filter(|child| !at.is_empty() && !child.contains("::"));
    match below {
        Some(path) => format!("{path}::{name}"),
        None => name.to_string(),
    }
}

/// What a test writes for a value it has no literal for (a struct whose fields are private to
/// another module, a type without `#[symtest]`): an expression that fails to compile with a
/// message saying so, so that the test is left out, with that reason, as a test rustc rejects
/// is, and never written as a call with an argument missing.
pub fn unwritable<T: ?Sized>(value: &T) -> String {
    let name = std::any::type_name_of_val(value);
    format!(
        "::core::compile_error!(\"symtest cannot write this `{}` in a test (no literal reaches \
         it from here: fields private to another module, or a type without #[symtest])\")",
        name.escape_default()
    )
}

/// The literal `write` makes, unless it builds a struct whose fields the tests cannot see.
pub fn checked(write: impl FnOnce() -> String) -> Option<String> {
    UNWRITABLE.with(|flag| flag.set(false));
    let literal = write();
    (!UNWRITABLE.with(|flag| flag.replace(false))).then_some(literal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_of_modules_below_the_tests_are_named_by_their_path_from_there() {
        for (at, named) in [
            ("krate::quoting", "inner::Quoter"),
            ("krate", "Quoter"),
            ("krate::quoting::inner::deeper", "Quoter"),
            ("krate::quoting::inner", "Quoter"),
            ("krate::quotingx", "Quoter"),
            ("krate::other", "Quoter"),
            ("", "Quoter"),
        ] {
            write_in(at);
            assert_eq!(named_in("krate::quoting::inner", "Quoter"), named, "{at}");
        }
    }

    #[test]
    fn private_fields_are_written_in_their_module_and_below_only() {
        let literal = || {
            private_fields_of("krate::net");
            "Range { start: 0 }".to_string()
        };
        for (at, visible) in [
            ("krate::net", true),
            ("krate::net::inner", true),
            ("krate::network", false),
            ("krate", false),
            ("", true),
        ] {
            write_in(at);
            assert_eq!(checked(literal).is_some(), visible, "{at}");
        }
        write_in("krate");
        assert_eq!(checked(|| "1".to_string()).as_deref(), Some("1"));
    }
}
