//! `#[symtest]` on a trait impl block of a named, non-generic type (`impl FromStr for Version`,
//! `impl From<u8> for Level`, `impl Default for Config`): its associated functions without
//! `self` are searched as functions, called through the trait (`<Version as FromStr>::from_str`;
//! tests write them as users do, `"1.2".parse::<Version>()`). Its methods are skipped, with a
//! reason, until the call sequences of a type take in its trait methods.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::visit_mut::VisitMut;
use syn::{Ident, ImplItem, ItemImpl};

use crate::associated::SelfType;
use crate::expand::{entry_point, lower_function};
use crate::rt;
use crate::signature;

/// The block with its functions without `self` instrumented, and an entry for each: a search,
/// or a report of why it is skipped.
pub fn instrument(mut item: ItemImpl, type_name: &Ident, trait_path: &syn::Path) -> TokenStream {
    let self_ty = (*item.self_ty).clone();
    let rt = rt();
    let mut statics = Vec::new();
    let mut entries = Vec::new();
    for member in &mut item.items {
        let ImplItem::Fn(function) = member else {
            continue;
        };
        let name = function.sig.ident.clone();
        let shown = format!("{type_name}::{name}");
        // One type may implement a trait several times (`From<u8>`, `From<u16>`), and have an
        // inherent function of the same name: the suffix tells them apart.
        let sig = &function.sig;
        let unique = crate::skip::unique(&quote!(#self_ty #trait_path #sig));
        let suffix = format!("{type_name}__{name}__h{unique}");
        let line = function.sig.fn_token.span.start().line as u32;
        let as_item = crate::impls::as_item_fn(function);
        let params = match signature::validate_in_impl(&as_item) {
            Ok((None, params)) => params,
            Ok((Some(_), _)) => {
                let reason = "is a method of a trait impl, which symtest does not search yet";
                entries.push(crate::skip::entry(&shown, &suffix, line, reason));
                continue;
            }
            Err(problems) => {
                let reason = signature::reason(&problems);
                entries.push(crate::skip::entry(&shown, &suffix, line, &reason));
                continue;
            }
        };
        let meta = format_ident!("__SYMTEST_META_{}", suffix);
        let mut lowered = as_item;
        // The table names the return type for the tests, where `Self` means nothing.
        SelfType(&self_ty).visit_signature_mut(&mut lowered.sig);
        let table = lower_function(&mut lowered, &meta, &shown);
        function.block = (*lowered.block).clone();
        statics.push(quote! {
            #[doc(hidden)]
            #[allow(non_upper_case_globals)]
            static #meta: #rt::FunctionMeta = #table;
        });
        let callee = quote!(<#self_ty as #trait_path>::#name);
        entries.push(entry_point(&lowered, &params, &meta, &callee, &suffix));
    }
    quote! {
        #item
        #(#statics)*
        #(#entries)*
    }
}
