//! Trait impls of unsized types (`impl ToKebabCase for str`, `impl PathClean for Path`): no
//! call sequence can hold a `str`, so each `&self` method is searched as a function of its
//! receiver, as a free function is, and called through the trait, receiver first
//! (`<str as ToKebabCase>::to_kebab_case("ab")`). Such a method is often the crate's entry
//! point to all its logic.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::{FnArg, Ident, ImplItem, ItemImpl, Type};

use crate::expand::{entry_point, lower_function};

/// The block with its `&self` methods instrumented and a search entry for each; the other
/// functions are skipped with why.
pub(super) fn instrument(mut item: ItemImpl, type_name: &Ident) -> TokenStream {
    let Some((_, trait_, _)) = item.trait_.clone() else {
        return super::skip_all(item, super::UNSIZED);
    };
    let self_ty = (*item.self_ty).clone();
    let header = item.clone();
    let mut generated = Vec::new();
    for member in &mut item.items {
        let ImplItem::Fn(function) = member else {
            continue;
        };
        let name = function.sig.ident.clone();
        let suffix = crate::traits::suffix(type_name, &self_ty, &trait_, &name);
        let shown = format!("{type_name}::{name}");
        let line = function.sig.fn_token.span.start().line as u32;
        let mut searched = super::as_item_fn(function);
        crate::traits::resolve(&mut searched.sig, &header);
        let plan = receiver_first(&mut searched, &self_ty).and_then(|()| {
            crate::signature::validate(&searched).map_err(|p| crate::signature::reason(&p))
        });
        let params = match plan {
            Ok(params) => params,
            Err(reason) => {
                generated.push(crate::skip::entry(&shown, &suffix, line, &reason));
                continue;
            }
        };
        let meta = crate::traits::meta_of(&suffix);
        let mut lowered = super::as_item_fn(function);
        let table = lower_function(&mut lowered, &meta, &shown);
        function.block = (*lowered.block).clone();
        generated.push(crate::expand::meta_static(&searched.vis, &meta, &table));
        let callee = quote!(<#self_ty as #trait_>::#name);
        let generic = crate::generics::Chosen::default().subject_field(&TokenStream::new());
        generated.push(entry_point(
            &searched, &params, &meta, &callee, &suffix, &generic,
        ));
    }
    quote!(#item #(#generated)*)
}

/// Replaces `&self` with a first parameter of the receiver's type (`&str`), or says why the
/// function cannot be called so.
fn receiver_first(function: &mut syn::ItemFn, self_ty: &Type) -> Result<(), String> {
    let Some(FnArg::Receiver(receiver)) = function.sig.inputs.first() else {
        return Err(
            "is an associated function of an unsized type's impl, which cannot make or take \
             the type by value"
                .into(),
        );
    };
    if receiver.reference.is_none()
        || receiver.mutability.is_some()
        || receiver.colon_token.is_some()
    {
        return Err(
            "takes `self` of an unsized type other than as `&self`, which symtest cannot build"
                .into(),
        );
    }
    let binding = Ident::new("__symtest_self", Span::mixed_site());
    let lifetime = receiver.lifetime().cloned();
    let parameter: FnArg = syn::parse_quote!(#binding: &#lifetime #self_ty);
    function.sig.inputs[0] = parameter;
    Ok(())
}
