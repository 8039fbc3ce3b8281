//! Where the literals being written will stand: a struct literal compiles only where its
//! fields are visible, and the tests go into a module below the searched function's. A
//! `#[symtest]` struct with fields private to its module notes it as it writes itself
//! ([`private_fields_of`]); [`checked`] then gives up the whole literal (an `Option` of it
//! too) where the tests' module cannot see them, and the assertion compares Debug text
//! instead.

use std::cell::Cell;

thread_local! {
    /// Whether the literal being written is a field of a struct or variant being written (see
    /// [`nested_literal`]).
    static NESTED: Cell<bool> = const { Cell::new(false) };
    /// Whether the literal being written stands where nothing gives its type (see [`typed`]).
    static TYPED: Cell<bool> = const { Cell::new(false) };
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

/// The name of a generic type as a test writes it where inference may not find its arguments:
/// `name` (from [`named_in`]) with a turbofish of its arguments in the order the type declares
/// them, each a type argument's [`type_argument`] or a const argument's value, `_` for a type
/// that has no text (`Amount::<u64>`, `Pattern::<'*', '?'>`, `Grid::<4, u8>`). A type whose
/// field holds an integer of a type parameter needs it: `Amount { value: 100 }` is an
/// `Amount<i32>`. Without any argument to write, the name alone.
pub fn generic_name(name: String, args: &[Option<String>]) -> String {
    // Only where nothing else gives the type (see [`typed`]); a field's value is of the type
    // its struct declares.
    let typed = TYPED.with(Cell::get) && !NESTED.with(Cell::get);
    if args.iter().all(Option::is_none) || !typed {
        return name;
    }
    let args: Vec<&str> = args
        .iter()
        .map(|arg| arg.as_deref().unwrap_or("_"))
        .collect();
    format!("{name}::<{}>", args.join(", "))
}

/// `write`, a literal that stands where nothing gives its type, a sequence's first value
/// (`let mut amount = Amount::<u64> { value: 100 }`): [`generic_name`] writes a generic type's
/// arguments there, which an argument's or an expected value's context gives elsewhere.
pub fn typed<R>(write: impl FnOnce() -> R) -> R {
    let before = (
        TYPED.with(|typed| typed.replace(true)),
        NESTED.with(|n| n.replace(false)),
    );
    let written = write();
    TYPED.with(|typed| typed.set(before.0));
    NESTED.with(|nested| nested.set(before.1));
    written
}

/// The literal of a `#[symtest]` struct's or variant's field: [`generic_name`] leaves out the
/// arguments of a generic type there, which the enclosing literal's type gives (`AvlTree::<u8>
/// { root: Some(Box::new(Balanced { … })) }`).
pub fn nested_literal<T: super::Literal + ?Sized>(value: &T) -> String {
    let before = NESTED.with(|nested| nested.replace(true));
    let literal = value.literal();
    NESTED.with(|nested| nested.set(before));
    literal
}

/// The type `T` as a test writes it, where the runtime knows how: a primitive, `&str`,
/// `String`, or a `Vec`, `Option` or `Box` of one of those (`u64`, `Vec<u8>`). Other types'
/// paths, as [`std::any::type_name`] gives them, would not resolve in the tests' module.
pub fn type_argument<T: ?Sized>() -> Option<String> {
    written_type(std::any::type_name::<T>())
}

fn written_type(name: &str) -> Option<String> {
    const PRIMITIVES: &[&str] = &[
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
        "f32", "f64", "bool", "char", "&str",
    ];
    if PRIMITIVES.contains(&name) {
        return Some(name.to_string());
    }
    if name == "alloc::string::String" {
        return Some("String".to_string());
    }
    for (path, short) in [
        ("alloc::vec::Vec<", "Vec"),
        ("core::option::Option<", "Option"),
        ("alloc::boxed::Box<", "Box"),
    ] {
        if let Some(inner) = name
            .strip_prefix(path)
            .and_then(|rest| rest.strip_suffix('>'))
        {
            return written_type(inner).map(|inner| format!("{short}<{inner}>"));
        }
    }
    None
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

    #[test]
    fn a_generic_type_is_named_with_the_arguments_a_test_can_write() {
        let name = || "Amount".to_string();
        let written = |name, args: &[Option<String>]| typed(|| generic_name(name, args));
        assert_eq!(written(name(), &[]), "Amount");
        assert_eq!(written(name(), &[type_argument::<u64>()]), "Amount::<u64>");
        assert_eq!(
            written(name(), &[type_argument::<Vec<Option<String>>>()]),
            "Amount::<Vec<Option<String>>>"
        );
        struct Local;
        assert_eq!(
            written(name(), &[type_argument::<Local>()]),
            "Amount",
            "a path of the crate is not written"
        );
        assert_eq!(
            written(name(), &[Some("4".into()), type_argument::<Local>()]),
            "Amount::<4, _>",
            "in the order the type declares them"
        );
        assert_eq!(type_argument::<&str>().as_deref(), Some("&str"));
        // As a field of a literal being written, the enclosing type gives the arguments.
        struct Field;
        impl super::super::Literal for Field {
            fn literal(&self) -> String {
                format!(
                    "{} {{}}",
                    generic_name("Node".into(), &[type_argument::<u8>()])
                )
            }
        }
        assert_eq!(
            typed(|| super::super::Literal::literal(&Field)),
            "Node::<u8> {}"
        );
        assert_eq!(typed(|| nested_literal(&Field)), "Node {}");
        assert_eq!(
            super::super::Literal::literal(&Field),
            "Node {}",
            "an argument"
        );
    }
}
