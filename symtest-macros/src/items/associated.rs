//! `#[symtest]` on an associated function of an impl block that is not itself annotated
//! (`impl Stack { #[symtest] fn new(cap: usize) -> Stack { … } }`).
//!
//! The attribute sees only the function, and an `impl` holds no statics and no tests, which a
//! free function's expansion puts next to it. So everything goes inside the function's body,
//! where items may stand: the branch table, the search subject, and a constructor that runs
//! before `main` in symtest's test builds and lists or runs the search there
//! (`symtest_runtime::entry::early`). The function is searched as a free one would be, called
//! through its type (`<Stack>::new`); methods taking `self` need the attribute on the block.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::ItemFn;
use syn::visit_mut::VisitMut;

use crate::items::callable::{entry_suffix, meta_of, type_name};
use crate::items::function::{before_main, lower_function, subject_fn};
use crate::items::placement::Enclosing;
use crate::rt;
use crate::signature::parameters::{self, SelfType};
use crate::source::display::display;
use crate::source::display::type_text;

/// The instrumented function, or the function with an entry that reports why it is skipped.
pub fn instrument(mut function: ItemFn, block: &Enclosing) -> TokenStream {
    let name = function.sig.ident.clone();
    let shown = match (&block.trait_, type_name(&block.self_ty)) {
        (Some(trait_), _) => {
            let (ty, trait_) = (&block.self_ty, trait_);
            format!("<{} as {}>::{name}", type_text(ty), display(trait_))
        }
        (None, Some(type_name)) => format!("{type_name}::{name}"),
        (None, None) => format!("<{}>::{name}", type_text(&block.self_ty)),
    };
    let type_name = match type_name(&block.self_ty) {
        Some(type_name) if !block.generic => type_name,
        _ => {
            let suffix = format!("{name}__{}", crate::items::skip::unique(&function));
            let reason = "is in a generic impl block, which symtest does not search yet";
            return crate::items::skip::in_body(function, &shown, &suffix, reason);
        }
    };
    // The subject and the constructor are items of their own, where `Self` means nothing:
    // they name the type as the block writes it, and so do the table and the tests (the same
    // type, in the signature).
    let as_written = function.clone();
    SelfType(&block.self_ty).visit_signature_mut(&mut function.sig);
    let params = match parameters::validate(&function) {
        Ok(params) => params,
        Err(problems) => {
            let function = as_written;
            let suffix = format!(
                "{}__{}",
                entry_suffix(&type_name, &name),
                crate::items::skip::unique(&function)
            );
            let reason = parameters::reason(&problems);
            return crate::items::skip::in_body(function, &shown, &suffix, &reason);
        }
    };
    let meta = meta_of(&type_name, &name);
    let table = lower_function(&mut function, &meta, &format!("{type_name}::{name}"));
    let self_ty = &block.self_ty;
    let callee = match &block.trait_ {
        Some(trait_) => quote!(<#self_ty as #trait_>::#name),
        None => quote!(<#self_ty>::#name),
    };
    let suffix = entry_suffix(&type_name, &name);
    let subject = format_ident!("__symtest_subject_{}", suffix);
    let generic = crate::signature::generics::Chosen::default().subject_field(&TokenStream::new());
    let called = crate::items::function::Called {
        callee: &callee,
        generic: &generic,
        formats: None,
        result: None,
    };
    let subject_fn = subject_fn(&function, &params, &meta, &called, &subject);
    let before_main = before_main(&subject, &suffix);
    let rt = rt();
    let body = &function.block;
    *function.block = syn::parse_quote!({
        #[allow(non_upper_case_globals)]
        static #meta: #rt::FunctionMeta = #table;

        #[cfg(test)]
        #subject_fn

        #before_main

        #body
    });
    quote!(#function)
}
