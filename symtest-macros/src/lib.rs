//! The `#[symtest]` attribute.
//!
//! In normal builds it returns the function unchanged. In symtest builds — `cargo symtest`
//! sets `SYMTEST_INSTRUMENT=1` and builds into its own target directory — it rewrites every
//! decision of the function into a call of a `symtest-runtime` hook, emits the function's
//! static branch table (decisions, source positions, control dependence, loops) and a hidden
//! `#[test]` entry point through which the subcommand runs the search for that function.
//!
//! Users depend on `symtest-runtime`, which re-exports this attribute.

mod body;
mod items;
mod signature;
mod source;

use proc_macro::TokenStream;

/// The runtime's items for generated code (`symtest_runtime::__private`).
pub(crate) fn rt() -> proc_macro2::TokenStream {
    quote::quote!(::symtest_runtime::__private)
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
/// Outside `cargo symtest` the item is emitted exactly as written.
#[proc_macro_attribute]
pub fn symtest(args: TokenStream, item: TokenStream) -> TokenStream {
    items::expand::expand(args.into(), item.into(), items::function::Mode::from_env()).into()
}
