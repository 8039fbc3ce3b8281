//! Reduced instrumentation (`#[symtest(reduced)]`): every decision keeps its hook and is
//! covered as before, but no hook asks the compiler which impl fits its operands' types (the
//! operands' distances, the shadows and snapshots of concolic execution, the arithmetic
//! mutants). Those probes pick their impl where the body is type-checked, and a value whose
//! type is inferred only later (`let result = v * -1;`, `v` from a call generic over its
//! result) makes the probe pick the impl for numbers and fail to build. `cargo symtest
//! --auto` asks for it on an item whose full instrumentation did not compile, before it
//! leaves the item out: the search then has coverage without distances for that item.

use std::cell::Cell;

thread_local! {
    static REDUCED: Cell<bool> = const { Cell::new(false) };
}

/// Whether the item being expanded asked for reduced instrumentation.
pub fn on() -> bool {
    REDUCED.with(Cell::get)
}

/// Runs `expand` with [`on`] set to `reduced`, and restores it after (a panic included).
pub fn expanding<R>(reduced: bool, expand: impl FnOnce() -> R) -> R {
    crate::with_flag(&REDUCED, reduced, expand)
}

/// The autoref probe `(&&probe).method(args)`, whose impl the operands' types pick
/// (`ViaScalar` for numbers, `fallback` for every other type); under reduced instrumentation,
/// `fallback`'s method called alone (`ViaOpaque::distances(&probe, args)`), which fits any type.
pub fn probe(
    probe: proc_macro2::TokenStream,
    fallback: proc_macro2::TokenStream,
    method: &str,
    args: proc_macro2::TokenStream,
) -> proc_macro2::TokenStream {
    let method = proc_macro2::Ident::new(method, proc_macro2::Span::call_site());
    match on() {
        true => quote::quote!(#fallback::#method(&#probe, #args)),
        false => quote::quote!((&&#probe).#method(#args)),
    }
}
