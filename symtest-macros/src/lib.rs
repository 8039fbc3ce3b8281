//! The `#[symtest]` attribute.
//!
//! In normal builds it returns the function unchanged. In symtest builds — `cargo symtest`
//! sets `SYMTEST_INSTRUMENT=1` and builds into its own target directory — it rewrites every
//! decision of the function into a call of a `symtest-runtime` hook, emits the function's
//! static branch table (decisions, source positions, control dependence, loops) and a hidden
//! `#[test]` entry point through which the subcommand runs the search for that function.
//!
//! Users depend on `symtest-runtime`, which re-exports this attribute.

mod cfg;
mod expand;
mod lower;
mod paths;
mod shadow;
mod signature;
mod symbolic;

use proc_macro::TokenStream;

/// Marks a function for test generation by `cargo symtest`.
///
/// ```ignore
/// use symtest_runtime::symtest;
///
/// #[symtest]
/// fn classify(a: u32, b: u32, c: u32) -> Kind { /* … */ }
/// ```
///
/// Outside `cargo symtest` the function is emitted exactly as written.
#[proc_macro_attribute]
pub fn symtest(args: TokenStream, item: TokenStream) -> TokenStream {
    expand::expand(args.into(), item.into(), expand::Mode::from_env()).into()
}
