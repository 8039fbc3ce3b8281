//! Validation of an annotated function's signature, and the plan for building each parameter
//! from genes: which owned type to decode and how to pass it.

use proc_macro2::Span;
use syn::spanned::Spanned;
use syn::{FnArg, GenericArgument, ItemFn, PathArguments, Type};

/// How the search entry builds and passes one parameter.
pub struct Param {
    /// The owned type decoded from genes (`String` for `&str`, `Vec<T>` for `&[T]` and
    /// `&mut [T]`).
    pub owned: Type,
    /// The declared type when it is a reference (`&str`, `&[T]`, `&T`, `&mut T`), passed as
    /// `&owned` or `&mut owned`.
    pub borrowed: Option<Type>,
}

impl Param {
    /// Whether the parameter is a `&mut` reference: its argument is decoded into a `mut` local
    /// and lent mutably.
    pub fn mutable(&self) -> bool {
        matches!(&self.borrowed, Some(Type::Reference(reference)) if reference.mutability.is_some())
    }
}

const SUPPORTED: &str = "symtest supports parameters of integer types, f32, f64, bool, char, \
     String, &str, structs and enums marked #[symtest], Vec<T>, &[T], [T; N], tuples, \
     Option<T>, Result<T, E>, Box<T>, VecDeque<T>, HashMap<K, V>, BTreeMap<K, V>, HashSet<T> \
     and BTreeSet<T> of those, and &T and &mut T of all these";

/// How a method takes `self`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Receiver {
    /// `&self`
    Shared,
    /// `&mut self`
    Mutable,
    /// `self` or `mut self`: the call consumes the value.
    Owned,
}

/// Checks everything about a free function's signature and returns one plan per parameter,
/// or every problem found, each spanned at the offending tokens.
pub fn validate(item: &ItemFn) -> Result<Vec<Param>, syn::Error> {
    check(item, false).map(|(_, params)| params)
}

/// [`validate`] for a function of an impl block, which may take `self`.
pub fn validate_in_impl(item: &ItemFn) -> Result<(Option<Receiver>, Vec<Param>), syn::Error> {
    check(item, true)
}

fn check(item: &ItemFn, in_impl: bool) -> Result<(Option<Receiver>, Vec<Param>), syn::Error> {
    let mut errors = Errors::default();
    let mut receiver = None;
    let sig = &item.sig;
    if let Some(token) = &sig.constness {
        errors.push(token.span, "#[symtest] does not support `const fn` yet");
    }
    if let Some(token) = &sig.asyncness {
        errors.push(token.span, "#[symtest] does not support `async fn` yet");
    }
    if let Some(token) = &sig.unsafety {
        errors.push(
            token.span,
            "#[symtest] cannot call `unsafe fn`: their safety contract is unknown to it",
        );
    }
    if let Some(abi) = &sig.abi {
        errors.push(abi.span(), "#[symtest] does not support `extern` functions");
    }
    if !sig.generics.params.is_empty() {
        let lifetimes_only = sig.generics.lifetimes().count() == sig.generics.params.len();
        if !lifetimes_only {
            errors.push(
                sig.generics.span(),
                "#[symtest] does not support generic functions yet: annotate a non-generic wrapper \
                 that calls this function with concrete types",
            );
        }
    }
    if let Some(variadic) = &sig.variadic {
        errors.push(
            variadic.span(),
            "#[symtest] does not support variadic functions",
        );
    }
    let mut params = Vec::new();
    for input in &sig.inputs {
        match input {
            FnArg::Receiver(taken) if in_impl => match receiver_of(taken) {
                Some(kind) => receiver = Some(kind),
                None => errors.push(
                    taken.span(),
                    "#[symtest] calls methods that take `&self`, `&mut self` or `self`; not \
                     other receiver types",
                ),
            },
            FnArg::Receiver(taken) => errors.push(
                taken.span(),
                "#[symtest] on a method goes on its impl block: put `#[symtest]` on the `impl` \
                 (its functions and methods are then searched, methods as call sequences)",
            ),
            FnArg::Typed(typed) => match plan(&typed.ty) {
                Ok(param) => params.push(param),
                Err(error) => errors.extend(error),
            },
        }
    }
    errors.finish().map(|()| (receiver, params))
}

fn receiver_of(receiver: &syn::Receiver) -> Option<Receiver> {
    if receiver.colon_token.is_some() {
        // `self: Box<Self>`, `self: &Rc<Self>`, …
        return match &*receiver.ty {
            Type::Reference(_) | Type::Path(_) if receiver.reference.is_some() => None,
            _ => None,
        };
    }
    Some(match &receiver.reference {
        Some(_) if receiver.mutability.is_some() => Receiver::Mutable,
        Some(_) => Receiver::Shared,
        None => Receiver::Owned,
    })
}

fn plan(ty: &Type) -> Result<Param, syn::Error> {
    match ty {
        // Types that went through a `macro_rules!` `$t:ty` arrive wrapped in an invisible group.
        Type::Group(group) => plan(&group.elem),
        Type::Reference(reference) => {
            let owned = match &*reference.elem {
                Type::Path(path) if path.qself.is_none() && path.path.is_ident("str") => {
                    if reference.mutability.is_some() {
                        return Err(syn::Error::new(
                            reference.span(),
                            "#[symtest] cannot lend a generated `&mut str`: take `&mut String` \
                             (or `&str`)",
                        ));
                    }
                    syn::parse_quote!(::symtest_runtime::__private::std::string::String)
                }
                Type::Slice(slice) => {
                    check_owned(&slice.elem)?;
                    let elem = &slice.elem;
                    syn::parse_quote!(::symtest_runtime::__private::std::vec::Vec<#elem>)
                }
                other => {
                    check_owned(other)?;
                    other.clone()
                }
            };
            Ok(Param {
                owned,
                borrowed: Some(ty.clone()),
            })
        }
        other => {
            check_owned(other)?;
            Ok(Param {
                owned: other.clone(),
                borrowed: None,
            })
        }
    }
}

/// Accepts the owned types the runtime can decode, recursively.
fn check_owned(ty: &Type) -> Result<(), syn::Error> {
    match ty {
        Type::Paren(paren) => check_owned(&paren.elem),
        Type::Group(group) => check_owned(&group.elem),
        Type::Array(array) => check_owned(&array.elem),
        Type::Tuple(tuple) => tuple.elems.iter().try_for_each(check_owned),
        Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else {
                return Err(unsupported(ty));
            };
            let name = last.ident.to_string();
            let args = match &last.arguments {
                PathArguments::None => Vec::new(),
                PathArguments::AngleBracketed(args) => args.args.iter().collect(),
                PathArguments::Parenthesized(_) => return Err(unsupported(ty)),
            };
            match (name.as_str(), args.as_slice()) {
                (
                    "i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "u8" | "u16" | "u32" | "u64"
                    | "u128" | "usize" | "f32" | "f64" | "bool" | "char" | "String",
                    [],
                ) => Ok(()),
                ("Vec" | "Option", [GenericArgument::Type(inner)]) => check_owned(inner),
                (
                    "i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "u8" | "u16" | "u32" | "u64"
                    | "u128" | "usize" | "f32" | "f64" | "bool" | "char" | "String" | "Vec"
                    | "Option",
                    _,
                ) => Err(unsupported(ty)),
                // Any other named type may be a struct or enum marked `#[symtest]`: the entry
                // point's `Input` bound decides, with a message that says what to do.
                _ => args.iter().try_for_each(|arg| match arg {
                    GenericArgument::Type(inner) => check_owned(inner),
                    _ => Ok(()),
                }),
            }
        }
        Type::Reference(reference) => Err(syn::Error::new(
            reference.span(),
            "#[symtest] supports references only at the top of a parameter type (`&str`, `&[T]`, \
             `&T`, `&mut T`); inside containers use owned types such as `String`",
        )),
        _ => Err(unsupported(ty)),
    }
}

fn unsupported(ty: &Type) -> syn::Error {
    let text = quote::quote!(#ty)
        .to_string()
        .replace(" < ", "<")
        .replace(" >", ">");
    syn::Error::new(
        ty.span(),
        format!("#[symtest] cannot generate values of type `{text}`; {SUPPORTED}"),
    )
}

/// Collects several errors so the user sees them all in one build.
#[derive(Default)]
pub(crate) struct Errors(Option<syn::Error>);

impl Errors {
    pub(crate) fn push(&mut self, span: Span, message: &str) {
        self.extend(syn::Error::new(span, message));
    }

    fn extend(&mut self, error: syn::Error) {
        match &mut self.0 {
            Some(errors) => errors.combine(error),
            None => self.0 = Some(error),
        }
    }

    pub(crate) fn finish(self) -> Result<(), syn::Error> {
        self.0.map_or(Ok(()), Err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors_of(item: ItemFn) -> Vec<String> {
        match validate(&item) {
            Ok(_) => Vec::new(),
            Err(error) => error.into_iter().map(|e| e.to_string()).collect(),
        }
    }

    #[test]
    fn supported_parameters_are_accepted_with_borrowed_plans() {
        let item: ItemFn = syn::parse_quote! {
            fn f(a: i32, b: &str, c: &[u8], d: Vec<Option<(bool, char)>>, e: [f64; 3], f: &String) {}
        };
        let params = validate(&item).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(params.len(), 6);
        let owned: Vec<String> = params
            .iter()
            .map(|p| {
                let ty = &p.owned;
                quote::quote!(#ty).to_string()
            })
            .collect();
        let std = ":: symtest_runtime :: __private :: std";
        assert_eq!(owned[1], format!("{std} :: string :: String"));
        assert_eq!(owned[2], format!("{std} :: vec :: Vec < u8 >"));
        assert!(params[0].borrowed.is_none() && params[1].borrowed.is_some());
    }

    #[test]
    fn every_unsupported_thing_is_reported_together() {
        let errors = errors_of(syn::parse_quote! {
            async unsafe fn f<T>(x: T, y: &mut str, z: std::fs::File) {}
        });
        // `T` and `File` are left to the entry point's `Input` bound, which names them (a
        // named type may be a struct or enum marked `#[symtest]`, or an alias of one).
        assert_eq!(errors.len(), 4, "{errors:#?}");
        assert!(errors.iter().any(|e| e.contains("async fn")));
        assert!(errors.iter().any(|e| e.contains("`unsafe fn`")));
        assert!(errors.iter().any(|e| e.contains("generic functions")));
        assert!(errors.iter().any(|e| e.contains("`&mut String`")));
    }

    #[test]
    fn mutable_references_are_lent_from_an_owned_value() {
        let item: ItemFn = syn::parse_quote! {
            fn f(a: &mut Vec<i32>, b: &mut [u8], c: &mut std::collections::HashMap<u8, bool>, d: &u8) {}
        };
        let params = validate(&item).unwrap_or_else(|e| panic!("{e}"));
        let mutable: Vec<bool> = params.iter().map(Param::mutable).collect();
        assert_eq!(mutable, [true, true, true, false]);
        let owned = &params[1].owned;
        assert_eq!(
            quote::quote!(#owned).to_string(),
            ":: symtest_runtime :: __private :: std :: vec :: Vec < u8 >"
        );
        let errors = errors_of(syn::parse_quote! { fn f(a: Vec<&mut u8>) {} });
        assert_eq!(errors.len(), 1, "{errors:#?}");
        assert!(errors[0].contains("only at the top"));
    }

    #[test]
    fn named_types_are_accepted_and_supported_ones_checked_inside() {
        let item: ItemFn = syn::parse_quote! {
            fn f(a: Reading, b: &shapes::Shape, c: Option<Vec<Level>>, d: Wrapper<u8>) {}
        };
        assert!(validate(&item).is_ok());
        let errors = errors_of(syn::parse_quote! { fn f(a: Vec<u8, u8>, b: Wrapper<&str>) {} });
        assert_eq!(errors.len(), 2, "{errors:#?}");
        assert!(errors[0].contains("type `Vec<u8 , u8>`"));
        assert!(errors[1].contains("only at the top"));
    }

    #[test]
    fn methods_and_nested_references_are_rejected() {
        let item: syn::ImplItemFn = syn::parse_quote! { fn m(&self, v: Vec<&str>) {} };
        let item = ItemFn {
            attrs: item.attrs,
            vis: item.vis,
            sig: item.sig,
            block: Box::new(item.block),
        };
        let errors = errors_of(item);
        assert_eq!(errors.len(), 2);
        assert!(errors[0].contains("goes on its impl block"), "{errors:?}");
        assert!(errors[1].contains("only at the top"));
    }

    #[test]
    fn lifetime_parameters_are_fine() {
        assert!(errors_of(syn::parse_quote! { fn f<'a>(s: &'a str) -> &'a str { s } }).is_empty());
    }
}
