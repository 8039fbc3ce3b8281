//! The crate's constants of a type as values of it: `pub const BASE64: Encoding = …` in the
//! type's module and `pub const EMPTY: Self` in one of its blocks start its call sequences as
//! constructors without arguments do, and make the arguments of its type other functions take
//! (`encode(&BASE64, …)`): many types are made only so (an encoding's alphabets, a set's
//! `EMPTY`), their fields private to their module.
//!
//! Each constant becomes a hidden associated function of the block, `fn
//! __symtest_const_EMPTY() -> Self { Self::EMPTY }`, added in symtest builds only, which the
//! block plans and instruments as any constructor; tests write the constant itself
//! (`AsciiSet::EMPTY`, `BASE64`), never the function.

use proc_macro2::Span;
use quote::quote;
use syn::{Ident, ImplItem, ItemImpl, Type};

/// The prefix of the function that stands for an associated constant, and of one for a
/// constant of the module.
const ASSOCIATED: &str = "__symtest_const_";
const MODULE: &str = "__symtest_module_const_";

/// `block` with a function for each of its associated constants of the type that other
/// modules can see (a private one would be a test's compile error there), and for each
/// constant of the module `module` names (given to one block of the type only, or their
/// functions would clash). A block generic over types or consts is left as it is.
pub fn with_constants(block: &ItemImpl, type_name: &Ident, module: &[Ident]) -> ItemImpl {
    let generic = block.generics.type_params().next().is_some()
        || block.generics.const_params().next().is_some();
    if generic || block.trait_.is_some() {
        return block.clone();
    }
    let associated = block.items.iter().filter_map(|item| match item {
        ImplItem::Const(constant)
            if constant.generics.params.is_empty()
                && !matches!(constant.vis, syn::Visibility::Inherited)
                && is_the_type(&constant.ty, type_name)
                && crate::source::cfg::all_hold(&constant.attrs) == Some(true) =>
        {
            Some(&constant.ident)
        }
        _ => None,
    });
    let associated: Vec<ImplItem> = associated
        .map(|name| standing_for(ASSOCIATED, name, quote!(Self::#name)))
        .collect();
    let module = module
        .iter()
        .map(|name| standing_for(MODULE, name, quote!(#name)));
    let mut block = block.clone();
    block.items.extend(associated);
    block.items.extend(module);
    block
}

/// The function that stands for the constant `name`, whose value is `value`.
fn standing_for(prefix: &str, name: &Ident, value: proc_macro2::TokenStream) -> ImplItem {
    let function = Ident::new(&format!("{prefix}{name}"), Span::call_site());
    syn::parse_quote! {
        #[doc(hidden)]
        #[allow(non_snake_case, dead_code)]
        fn #function() -> Self {
            #value
        }
    }
}

/// Whether `ty` is the type itself: `Self`, or its name alone (`Encoding`).
pub fn is_the_type(ty: &Type, type_name: &Ident) -> bool {
    match ty {
        Type::Group(group) => is_the_type(&group.elem, type_name),
        Type::Paren(paren) => is_the_type(&paren.elem, type_name),
        Type::Path(path) if path.qself.is_none() => {
            path.path.is_ident("Self") || path.path.is_ident(type_name)
        }
        _ => false,
    }
}

/// The constant a function of [`with_constants`] stands for, and whether it is associated
/// (written `Type::NAME`) rather than the module's (written `NAME`).
pub fn constant_of(function: &Ident) -> Option<(String, bool)> {
    let name = function.to_string();
    if let Some(constant) = name.strip_prefix(MODULE) {
        return Some((constant.to_string(), false));
    }
    name.strip_prefix(ASSOCIATED)
        .map(|constant| (constant.to_string(), true))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn constants_of_the_type_become_constructors_that_name_them() {
        let block: ItemImpl = syn::parse_quote! {
            impl AsciiSet {
                pub const EMPTY: Self = AsciiSet { mask: 0 };
                pub const FULL: AsciiSet = AsciiSet { mask: !0 };
                pub const SIZE: usize = 128;
                const HIDDEN: Self = AsciiSet { mask: 1 };
                pub fn add(&self, byte: u8) -> Self { todo!() }
            }
        };
        let name: Ident = syn::parse_quote!(AsciiSet);
        let controls: Ident = syn::parse_quote!(CONTROLS);
        let made = with_constants(&block, &name, std::slice::from_ref(&controls));
        let functions: Vec<String> = (made.items.iter())
            .filter_map(|item| match item {
                ImplItem::Fn(function) => Some(function.sig.ident.to_string()),
                _ => None,
            })
            .collect();
        assert_eq!(
            functions,
            [
                "add",
                "__symtest_const_EMPTY",
                "__symtest_const_FULL",
                "__symtest_module_const_CONTROLS"
            ]
        );
        let constant = |text: &str| constant_of(&Ident::new(text, Span::call_site()));
        assert_eq!(
            constant("__symtest_const_EMPTY"),
            Some(("EMPTY".into(), true))
        );
        assert_eq!(
            constant("__symtest_module_const_CONTROLS"),
            Some(("CONTROLS".into(), false))
        );
        assert_eq!(constant("add"), None);
        let generic: ItemImpl = syn::parse_quote!(
            impl<T> Set<T> {
                const EMPTY: Self = todo!();
            }
        );
        let set: Ident = syn::parse_quote!(Set);
        assert_eq!(with_constants(&generic, &set, &[]).items.len(), 1);
    }
}
