//! Lifetimes in the code generated for a block generic over lifetimes (`impl<'a> Parser<'a>`),
//! and for the arguments of any function: the block's lifetimes mean nothing there.

use syn::visit::Visit;
use syn::visit_mut::VisitMut;
use syn::{FnArg, Lifetime, Path, Signature, Type};

/// `Bytes<'a>` → `Bytes<'_>`: where the compiler infers them (a function's arguments, a
/// trait's path in a call, `<IpNet as Contains<&'_ IpNet>>::contains`). `'static` stays.
pub(crate) struct Elide;

impl VisitMut for Elide {
    fn visit_lifetime_mut(&mut self, lifetime: &mut Lifetime) {
        if lifetime.ident != "static" {
            *lifetime = Lifetime::new("'_", lifetime.span());
        }
    }
}

/// Whether `generics` are lifetimes only (`fn f<'a>`, `impl<'a> Parser<'a>`), which symtest
/// searches: an impl block's sequences hold a value of the type with `'static` lifetimes, made from
/// arguments held for the sequence (see `crate::items::callable::Callable::leaks`) and from
/// literals in the tests.
pub(crate) fn only(generics: &syn::Generics) -> bool {
    generics.lifetimes().count() == generics.params.len()
}

/// `path` with its lifetimes elided (see [`Elide`]).
pub(crate) fn elided(path: &Path) -> Path {
    let mut path = path.clone();
    Elide.visit_path_mut(&mut path);
    path
}

/// `ty` with its lifetimes elided (see [`Elide`]): `<Parser<'_>>::new` in a call.
pub(crate) fn elided_type(ty: &Type) -> Type {
    let mut ty = ty.clone();
    Elide.visit_type_mut(&mut ty);
    ty
}

/// `Parser<'a>` → `Parser<'static>`: the type of the value a sequence holds, which it makes from
/// arguments held for the sequence, and a test from literals.
pub(crate) fn to_static(ty: &Type) -> Type {
    struct Static;
    impl VisitMut for Static {
        fn visit_lifetime_mut(&mut self, lifetime: &mut Lifetime) {
            *lifetime = Lifetime::new("'static", lifetime.span());
        }
    }
    let mut ty = ty.clone();
    Static.visit_type_mut(&mut ty);
    ty
}

/// Whether `ty` names a lifetime, `'_` included (`Foo<'_>`), other than `'static`.
pub(crate) fn names_any(ty: &Type) -> bool {
    struct Any(bool);
    impl Visit<'_> for Any {
        fn visit_lifetime(&mut self, lifetime: &Lifetime) {
            self.0 |= lifetime.ident != "static";
        }
    }
    let mut any = Any(false);
    any.visit_type(ty);
    any.0
}

/// For each parameter of `sig` but `self`: whether it is a reference, and whether its type
/// names a lifetime other than `'static` (`&'a str`, `&mut Header<'b>`) or is a reference
/// that must be `'static` (`&'static AsciiSet`): either way, a value lent to it is leaked.
pub(crate) fn borrowing(sig: &Signature) -> Vec<(bool, bool)> {
    struct Named(bool);
    impl Visit<'_> for Named {
        fn visit_lifetime(&mut self, lifetime: &Lifetime) {
            self.0 |= lifetime.ident != "static" && lifetime.ident != "_";
        }
    }
    sig.inputs
        .iter()
        .filter_map(|input| match input {
            FnArg::Typed(typed) => Some(&*typed.ty),
            FnArg::Receiver(_) => None,
        })
        .map(|ty| {
            let mut named = Named(false);
            named.visit_type(ty);
            // `&'static AsciiSet`, `&'static str`, `&'static [u8]`: what is lent must live for
            // ever, as a named lifetime's may.
            let kept = matches!(ty, Type::Reference(reference)
                if reference.lifetime.as_ref().is_some_and(|l| l.ident == "static"));
            let reference = matches!(ty, Type::Reference(_));
            (reference, named.0 || kept)
        })
        .collect()
}

/// Whether `sig`'s parameters or generics name `'static` (`&'static str`, `T: 'static`,
/// `where 'a: 'static`) or bound a type by `Any`, which implies it: a reference passed there
/// may rightly be kept for ever, so what the search lends its arguments is leaked instead of
/// freed after the call (see `symtest_runtime::genes::lent`).
pub(crate) fn names_static(sig: &Signature) -> bool {
    let mut found = Static(false);
    found.visit_generics(&sig.generics);
    for input in &sig.inputs {
        if let FnArg::Typed(typed) = input {
            found.visit_type(&typed.ty);
        }
    }
    found.0
}

/// Whether an impl block's type or generics name `'static` or `Any` (`impl Parser<'static>`,
/// `impl<'a> Parser<'a> where 'a: 'static`): see [`names_static`].
pub(crate) fn block_names_static(block: &syn::ItemImpl) -> bool {
    let mut found = Static(false);
    found.visit_generics(&block.generics);
    found.visit_type(&block.self_ty);
    found.0
}

/// Whether `ty` names `'static` or `Any` (a field `&'static str`): see [`names_static`].
pub(crate) fn type_names_static(ty: &Type) -> bool {
    let mut found = Static(false);
    found.visit_type(ty);
    found.0
}

/// `expr`, run in `symtest_runtime`'s `keeping` where `keep`: what it lends is leaked, not
/// freed after the execution (see [`names_static`]).
pub(crate) fn kept(keep: bool, expr: proc_macro2::TokenStream) -> proc_macro2::TokenStream {
    let rt = crate::rt();
    match keep {
        true => quote::quote!(#rt::keeping(|| #expr)),
        false => expr,
    }
}

/// Finds `'static` and `Any` (see [`names_static`]).
struct Static(bool);

impl Visit<'_> for Static {
    fn visit_lifetime(&mut self, lifetime: &Lifetime) {
        self.0 |= lifetime.ident == "static";
    }
    fn visit_path(&mut self, path: &Path) {
        self.0 |= path.segments.last().is_some_and(|last| last.ident == "Any");
        syn::visit::visit_path(self, path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    #[test]
    fn lifetimes_are_elided_made_static_and_found_in_parameters() {
        let path: Path = syn::parse_quote!(Contains<&'a IpNet>);
        let elided = elided(&path);
        assert_eq!(quote!(#elided).to_string(), "Contains < & '_ IpNet >");
        let ty: Type = syn::parse_quote!(Parser<'a, 'static>);
        let made = to_static(&ty);
        assert_eq!(quote!(#made).to_string(), "Parser < 'static , 'static >");
        let sig: Signature = syn::parse_quote!(
            fn f(&mut self, a: &'a str, b: &str, c: Header<'b>, d: &'static str, e: u8, s: &'static Set)
        );
        assert_eq!(
            borrowing(&sig),
            [
                (true, true),
                (true, false),
                (false, true),
                (true, true),
                (false, false),
                (true, true)
            ]
        );
    }

    #[test]
    fn static_lifetimes_and_any_bounds_are_found() {
        let kept = |sig: Signature| names_static(&sig);
        assert!(kept(syn::parse_quote!(fn f(a: &'static str))));
        assert!(kept(syn::parse_quote!(fn f<T: Clone + 'static>(a: T))));
        assert!(kept(
            syn::parse_quote!(fn f<'a>(a: &'a str) where 'a: 'static)
        ));
        assert!(kept(syn::parse_quote!(fn f<T: std::any::Any>(a: T))));
        assert!(!kept(
            syn::parse_quote!(fn f<'a>(a: &'a str, b: Header<'a>) -> &'static str)
        ));
        assert!(type_names_static(&syn::parse_quote!(Option<&'static str>)));
        assert!(!type_names_static(&syn::parse_quote!(&'a str)));
        let block: syn::ItemImpl = syn::parse_quote!(impl Parser<'static> {});
        assert!(block_names_static(&block));
        let block: syn::ItemImpl = syn::parse_quote!(
            impl<'a> Parser<'a> where 'a: 'static {}
        );
        assert!(block_names_static(&block));
        let block: syn::ItemImpl = syn::parse_quote!(
            impl<'a> Parser<'a> {}
        );
        assert!(!block_names_static(&block));
    }
}
