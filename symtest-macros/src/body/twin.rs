//! A `const fn` cannot call the hooks instrumentation puts in its body, and const contexts of
//! the crate may call it. So it stays as written, and symtest searches its *twin*: the same
//! function, not `const`, under a hidden name, instrumented. The twin's table carries the
//! original's name and lines, and tests call the original.

use syn::{Ident, ItemFn};

/// The hidden name of `name`'s twin.
pub fn name_of(name: &Ident) -> Ident {
    Ident::new(&format!("__symtest_const_{name}"), name.span())
}

/// The twin of a `const fn`: not `const`, renamed, hidden; `None` for other functions.
pub fn of(function: &ItemFn) -> Option<ItemFn> {
    function.sig.constness?;
    Some(with_body(function, (*function.block).clone()))
}

/// The twin of the `const fn` `function` with the body `block` (the instrumented one, for a
/// function of an impl block, whose twin goes in a block of its own).
pub fn with_body(function: &ItemFn, block: syn::Block) -> ItemFn {
    let mut twin = function.clone();
    twin.block = Box::new(block);
    twin.sig.constness = None;
    twin.sig.ident = name_of(&function.sig.ident);
    twin.attrs.retain(|attr| attr.path().is_ident("cfg"));
    twin.attrs.push(syn::parse_quote!(#[doc(hidden)]));
    twin.attrs
        .push(syn::parse_quote!(#[allow(dead_code, non_snake_case)]));
    twin
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_twin_of_a_const_fn_is_the_same_function_hidden_and_not_const() {
        let function: ItemFn = syn::parse_quote! {
            /// Docs.
            #[inline]
            pub const fn kb(size: u64) -> u64 { size * 1000 }
        };
        let twin = of(&function).expect("a twin");
        let text = quote::quote!(#twin).to_string();
        assert_eq!(
            text,
            "# [doc (hidden)] # [allow (dead_code , non_snake_case)] pub fn __symtest_const_kb \
             (size : u64) -> u64 { size * 1000 }"
        );
        let plain: ItemFn = syn::parse_quote!(
            fn f() {}
        );
        assert!(of(&plain).is_none());
    }
}
