//! The `#[symtest]` attribute.
//!
//! In normal builds it returns the function unchanged. In symtest builds — `cargo symtest`
//! sets `SYMTEST_INSTRUMENT=1` and builds into its own target directory — it rewrites every
//! decision of the function into a call of a `symtest-runtime` hook, emits the function's
//! static branch table (decisions, source positions, control dependence, loops) and a hidden
//! `#[test]` entry point through which the subcommand runs the search for that function.
//!
//! Users depend on `symtest-runtime`, which re-exports this attribute.
//!
//! The crate is four layers, one folder each. Each imports only from the layers above it in
//! this table, never from one below (`tests/layers.rs` checks it, and that the modules of a
//! layer import one another one way):
//!
//! | layer | what it holds |
//! |---|---|
//! | `source/` | the user's files as the attribute reads them, span positions, tokens printed as text |
//! | `signature/` | how each parameter is built and each type is named: parameters, closures, generic types, recursive types, lifetimes, returned values' classes |
//! | `body/` | what is read from and written into one function body: control flow, the lowering walk and its hooks, shadows, symbolic execution, paths, mutants |
//! | `items/` | one module per kind of annotated item: functions, impl blocks and their call sequences, structs and enums, skipped items |
//!
//! This file holds the attribute's entry; `items::expand` dispatches by the kind of item.

mod source;

mod signature;

mod body;

mod items;

use proc_macro::TokenStream;

/// The runtime's items for generated code (`symtest_runtime::__private`).
pub(crate) fn rt() -> proc_macro2::TokenStream {
    quote::quote!(::symtest_runtime::__private)
}

/// Runs `run` with the thread-local `flag` set to `value`, and restores it after (a panic
/// included): how an expansion tells the walks below it what kind of item they lower
/// (`signature::generics::opaque`, `body::reduced::on`).
pub(crate) fn with_flag<R>(
    flag: &'static std::thread::LocalKey<std::cell::Cell<bool>>,
    value: bool,
    run: impl FnOnce() -> R,
) -> R {
    struct Reset(&'static std::thread::LocalKey<std::cell::Cell<bool>>, bool);
    impl Drop for Reset {
        fn drop(&mut self) {
            self.0.with(|flag| flag.set(self.1));
        }
    }
    let _reset = Reset(flag, flag.with(|flag| flag.replace(value)));
    run()
}

/// Marks a function for test generation by `cargo symtest`, or a struct or enum as a type
/// whose values it can generate as parameters.
///
/// ```ignore
/// use symtest_runtime::symtest;
///
/// #[symtest]
/// fn classify(a: u32, b: u32, c: u32) -> Kind { /* … */ }
/// ```
///
/// ```ignore
/// #[symtest]
/// #[derive(Debug)]
/// enum Op { Add, Scale(i32), Clamp { low: i32, high: i32 } }
///
/// #[symtest]
/// fn apply(op: Op, value: i32) -> i32 { /* … */ }
/// ```
///
/// `#[symtest(reduced)]` instruments an item's branches without the probes that ask the
/// compiler for their operands' types (operand distances, concolic shadows, arithmetic
/// mutants): what `cargo symtest --auto` puts on an item whose full instrumentation does not
/// compile.
///
/// Outside `cargo symtest` the item is emitted exactly as written.
#[proc_macro_attribute]
pub fn symtest(args: TokenStream, item: TokenStream) -> TokenStream {
    items::expand::expand(args.into(), item.into(), items::function::Mode::from_env()).into()
}
