//! Output classes: the kinds of value a function can return, told apart by its declared return
//! type (`true`/`false`, `Some`/`None`, `Ok`/`Err`, negative/zero/positive, empty/non-empty).
//! The search takes each class as a secondary target, after the branches, and the suite keeps
//! a test for each class reached, so a function that returns `bool` gets a test of each answer
//! even when one input would cover all its branches.
//!
//! The classes are one more decision of the function's table, of kind [`KIND`], recorded by
//! the search entry after the function returns.

use proc_macro2::TokenStream;
use quote::quote;
use syn::{PathArguments, ReturnType, Type};

/// The closure that calls a function for the search, `|| call`: typed `-> ()` for one that
/// returns `!` (`const fn unwrap_const(self) -> !`), whose result the generated code would
/// otherwise leave to the never type's fallback (an error since Rust 2024's lint).
pub fn calling(output: &ReturnType, moves: bool, call: &TokenStream) -> TokenStream {
    let moves = moves.then(|| quote!(move));
    match output {
        ReturnType::Type(_, ty) if matches!(&**ty, Type::Never(_)) => {
            quote!(#moves || -> () { #call })
        }
        _ => quote!(#moves || #call),
    }
}

/// The type a `let` binding a function's result is given: `: ()` where it returns `!` (see
/// [`calling`]), none otherwise.
pub fn bound_as(output: &ReturnType) -> TokenStream {
    match output {
        ReturnType::Type(_, ty) if matches!(&**ty, Type::Never(_)) => quote!(: ()),
        _ => TokenStream::new(),
    }
}

/// The kind of the decision that records a return's class.
pub const KIND: &str = "returns";

/// The classes of a return type: their names, and an expression of `returned` (the returned
/// value) giving the class of a value, `None` for a value in none (NaN).
pub struct Classes {
    pub names: &'static [&'static str],
    pub classify: TokenStream,
}

pub fn classes(output: &ReturnType) -> Option<Classes> {
    let ReturnType::Type(_, ty) = output else {
        return None;
    };
    let (ty, borrowed) = match &**ty {
        Type::Reference(reference) => (&*reference.elem, true),
        Type::Group(group) => (&*group.elem, false),
        other => (other, false),
    };
    let some = |class: TokenStream| quote!(::symtest_runtime::__private::core::option::Option::Some(#class));
    let (names, classify): (&'static [&'static str], TokenStream) = match ty {
        Type::Slice(_) => (EMPTY, some(quote!(usize::from(!returned.is_empty())))),
        Type::Path(path) if path.qself.is_none() => {
            let last = path.path.segments.last()?;
            let generic = !matches!(last.arguments, PathArguments::None);
            match (last.ident.to_string().as_str(), generic, borrowed) {
                ("bool", false, false) => {
                    (&["true", "false"], some(quote!(usize::from(!returned))))
                }
                ("Option", true, false) => (
                    &["Some", "None"],
                    some(quote!(usize::from(returned.is_none()))),
                ),
                ("Result", true, false) => {
                    (&["Ok", "Err"], some(quote!(usize::from(returned.is_err()))))
                }
                ("i8" | "i16" | "i32" | "i64" | "i128" | "isize", false, false) => (
                    SIGNED,
                    some(quote!(if returned < 0 {
                        0
                    } else if returned == 0 {
                        1
                    } else {
                        2
                    })),
                ),
                ("u8" | "u16" | "u32" | "u64" | "u128" | "usize", false, false) => (
                    &["zero", "positive"],
                    some(quote!(usize::from(returned != 0))),
                ),
                ("f32" | "f64", false, false) => (
                    SIGNED,
                    quote! {
                        if returned < 0.0 {
                            ::symtest_runtime::__private::core::option::Option::Some(0)
                        } else if returned == 0.0 {
                            ::symtest_runtime::__private::core::option::Option::Some(1)
                        } else if returned > 0.0 {
                            ::symtest_runtime::__private::core::option::Option::Some(2)
                        } else {
                            ::symtest_runtime::__private::core::option::Option::None
                        }
                    },
                ),
                ("String" | "Vec", _, false) | ("str", false, true) => {
                    (EMPTY, some(quote!(usize::from(!returned.is_empty()))))
                }
                _ => return None,
            }
        }
        _ => return None,
    };
    Some(Classes { names, classify })
}

/// Statements recording the class of `returned`, a value of the return type `output`, at
/// the last decision of the table `meta`; nothing when the type has no classes.
pub fn record(output: &ReturnType, meta: &TokenStream) -> TokenStream {
    let Some(Classes { classify, .. }) = classes(output) else {
        return TokenStream::new();
    };
    quote! {
        let class: ::symtest_runtime::__private::core::option::Option<usize> = #classify;
        if let ::symtest_runtime::__private::core::option::Option::Some(class) = class {
            ::symtest_runtime::__private::output(&#meta, class);
        }
    }
}

const SIGNED: &[&str] = &["negative", "zero", "positive"];
const EMPTY: &[&str] = &["empty", "non-empty"];

#[cfg(test)]
mod tests {
    use super::*;

    fn names(output: ReturnType) -> Option<&'static [&'static str]> {
        classes(&output).map(|c| c.names)
    }

    #[test]
    fn classes_follow_the_declared_return_type() {
        assert_eq!(
            names(syn::parse_quote!(-> bool)),
            Some(&["true", "false"][..])
        );
        assert_eq!(
            names(syn::parse_quote!(-> Option<u8>)),
            Some(&["Some", "None"][..])
        );
        assert_eq!(
            names(syn::parse_quote!(-> Result<(), E>)),
            Some(&["Ok", "Err"][..])
        );
        assert_eq!(names(syn::parse_quote!(-> i64)), Some(SIGNED));
        assert_eq!(names(syn::parse_quote!(-> f32)), Some(SIGNED));
        assert_eq!(
            names(syn::parse_quote!(-> usize)),
            Some(&["zero", "positive"][..])
        );
        assert_eq!(names(syn::parse_quote!(-> &str)), Some(EMPTY));
        assert_eq!(names(syn::parse_quote!(-> &[u8])), Some(EMPTY));
        assert_eq!(names(syn::parse_quote!(-> Vec<u8>)), Some(EMPTY));
        assert_eq!(names(syn::parse_quote!(-> Triangle)), None);
        assert_eq!(names(syn::parse_quote!(-> &bool)), None);
        assert_eq!(names(ReturnType::Default), None);
    }
}
