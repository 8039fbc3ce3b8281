//! Items symtest cannot search yet are skipped, not refused: the item is emitted as written,
//! and a search entry that reports why stands in for its search (`cargo symtest` lists it as
//! skipped, with the reason, and searches everything else). Only a misuse of the attribute is a
//! compile error.

use std::hash::{Hash, Hasher};

use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};
use syn::{Ident, ItemFn};

use crate::rt;

/// The entry of a skipped item, as module-level items: a branch table without decisions named
/// `name` (`parse`, `Stack::push`, `<Version as FromStr>::from_str`) at `line`, and the hidden
/// test `__symtest_entry_{suffix}` that reports `reason`.
pub fn entry(name: &str, suffix: &str, line: u32, reason: &str) -> TokenStream {
    let meta = format_ident!("__SYMTEST_META_{}", suffix);
    let table = table(&meta, name, line);
    let entry = entry_of(&meta, suffix, reason);
    quote! {
        #[doc(hidden)]
        #table

        #entry
    }
}

/// The hidden test `__symtest_entry_{suffix}` that reports `reason` for the function whose
/// branch table is `meta` (one without decisions, or the function's own where it is
/// instrumented for its callers: see `crate::items::function::for_callers`).
pub fn entry_of(meta: &Ident, suffix: &str, reason: &str) -> TokenStream {
    let rt = rt();
    let test = format_ident!("__symtest_entry_{}", suffix);
    quote! {
        #[cfg(test)]
        #[test]
        #[doc(hidden)]
        #[allow(non_snake_case)]
        fn #test() {
            #rt::run_entry(#rt::Subject::skipped(&#meta, #reason));
        }
    }
}

/// [`entry`] for the function `function` of an impl block, which is instrumented for its
/// callers where it can be (see `crate::items::function::for_callers`): its body lowered in
/// place, and the entry reports against its table. `generic` where the block is generic over
/// types.
pub fn method_entry(
    function: &mut syn::ImplItemFn,
    name: &str,
    suffix: &str,
    reason: &str,
    generic: bool,
) -> TokenStream {
    let meta = format_ident!("__SYMTEST_META_{}", suffix);
    let mut lowered = ItemFn {
        attrs: Vec::new(),
        vis: syn::Visibility::Inherited,
        sig: function.sig.clone(),
        block: Box::new(function.block.clone()),
    };
    match crate::items::function::for_callers(&mut lowered, &meta, name, generic) {
        Some(table) => {
            function.block = *lowered.block;
            let entry = entry_of(&meta, suffix, reason);
            quote!(#table #entry)
        }
        None => {
            let line = crate::source::position::start(function.sig.fn_token.span).line as u32;
            entry(name, suffix, line, reason)
        }
    }
}

/// [`entry`] for a function of an impl block that is not annotated, which holds no tests: the
/// table and a constructor that hands the entry to the runtime before `main` go inside the
/// function's body (see `crate::items::associated`).
pub fn in_body(mut function: ItemFn, name: &str, suffix: &str, reason: &str) -> TokenStream {
    let rt = rt();
    let meta = Ident::new("__SYMTEST_META", Span::mixed_site());
    let subject = format_ident!("__symtest_subject_{}", suffix);
    let line = crate::source::position::start(function.sig.fn_token.span).line as u32;
    let before_main = crate::items::function::before_main(&subject, suffix);
    let body = &function.block;
    let table = table(&meta, name, line);
    *function.block = syn::parse_quote!({
        #[cfg(test)]
        #table

        #[cfg(test)]
        fn #subject() -> #rt::Subject {
            #rt::Subject::skipped(&#meta, #reason)
        }

        #before_main

        #body
    });
    quote!(#function)
}

/// The static branch table `meta` of a skipped function: where it is, and no decisions.
fn table(meta: &Ident, name: &str, line: u32) -> TokenStream {
    let rt = rt();
    quote! {
        #[allow(non_upper_case_globals)]
        static #meta: #rt::FunctionMeta = #rt::FunctionMeta::bare(
            #name,
            #rt::core::module_path!(),
            #rt::core::file!(),
            #line,
        );
    }
}

/// A suffix for entry names that tells apart items whose names alone do not (`from` of
/// `impl From<u8> for Id` and of `impl From<u16> for Id`): a hash of their tokens.
pub fn unique(tokens: &impl quote::ToTokens) -> String {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    tokens.to_token_stream().to_string().hash(&mut hasher);
    format!("{:08x}", hasher.finish() as u32)
}
