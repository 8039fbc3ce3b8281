//! Results of an `impl Trait` type, used as a caller would use them: an `impl Iterator` is
//! collected into a `Vec` of its items, an `impl Display` written with `to_string`, an
//! `impl Debug` compared through its text. The search calls the function through a closure
//! that does the same ([`callee`]), so what it renders and asserts is that value, and the
//! tests write the call the same way ([`Used::template`]).

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::{GenericArgument, Ident, PathArguments, ReturnType, Type, TypeParamBound};

/// How a test uses an `impl Trait` result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Used {
    /// `.collect::<Vec<_>>()`, of an `impl Iterator`.
    Collected,
    /// `.to_string()`, of an `impl Display`.
    Written,
    /// `format!("{:?}", …)`, of an `impl Debug`.
    Debugged,
}

impl Used {
    /// The expression a test writes, `{call}` standing for the call.
    pub fn template(self) -> &'static str {
        match self {
            Used::Collected => "{call}.collect::<Vec<_>>()",
            Used::Written => "{call}.to_string()",
            Used::Debugged => "format!(\"{:?}\", {call})",
        }
    }
}

/// For an `impl Trait` result, how tests use it and the type they get; `None` for a result
/// of another type, `Err` for an `impl Trait` none of the three.
pub fn of(output: &ReturnType) -> Option<Result<(Used, Type), String>> {
    let ReturnType::Type(_, ty) = output else {
        return None;
    };
    let Type::ImplTrait(implemented) = peel(ty) else {
        return None;
    };
    let traits: Vec<&syn::PathSegment> = (implemented.bounds.iter())
        .filter_map(|bound| match bound {
            TypeParamBound::Trait(bound) => bound.path.segments.last(),
            _ => None,
        })
        .collect();
    let named = |names: &[&str]| {
        (traits.iter().copied()).find(|segment| names.iter().any(|name| segment.ident == name))
    };
    let string: Type = syn::parse_quote!(::symtest_runtime::__private::std::string::String);
    let iterators = ["Iterator", "DoubleEndedIterator", "ExactSizeIterator"];
    if let Some(iterator) = named(&iterators) {
        return Some(match item(iterator) {
            Some(item) => {
                let collected =
                    syn::parse_quote!(::symtest_runtime::__private::std::vec::Vec<#item>);
                Ok((Used::Collected, collected))
            }
            None => Err(
                "returns an `impl Iterator` whose item it does not name, which symtest \
                         cannot collect yet"
                    .into(),
            ),
        });
    }
    if named(&["Display"]).is_some() {
        return Some(Ok((Used::Written, string)));
    }
    if named(&["Debug"]).is_some() {
        return Some(Ok((Used::Debugged, string)));
    }
    let reason = match named(&["Fn", "FnMut", "FnOnce"]) {
        Some(_) => "returns a closure (`impl Fn`), which symtest cannot call yet",
        None => {
            "returns an `impl Trait` other than an iterator, `Display` or `Debug`, which \
                 symtest cannot compare yet"
        }
    };
    Some(Err(reason.into()))
}

/// `Item` of `Iterator<Item = X>`.
fn item(iterator: &syn::PathSegment) -> Option<&Type> {
    let PathArguments::AngleBracketed(args) = &iterator.arguments else {
        return None;
    };
    args.args.iter().find_map(|arg| match arg {
        GenericArgument::AssocType(assoc) if assoc.ident == "Item" => Some(&assoc.ty),
        _ => None,
    })
}

fn peel(ty: &Type) -> &Type {
    match ty {
        Type::Group(group) => peel(&group.elem),
        Type::Paren(paren) => peel(&paren.elem),
        other => other,
    }
}

/// The callee the search calls with `count` arguments: `callee`, its result used as `used`.
pub fn callee(callee: &TokenStream, count: usize, used: Used) -> TokenStream {
    let names: Vec<Ident> = (0..count)
        .map(|index| Ident::new(&format!("__symtest_arg{index}"), Span::mixed_site()))
        .collect();
    let call = quote!(#callee(#(#names),*));
    let rt = crate::rt();
    let used = match used {
        Used::Collected => {
            quote!(#rt::std::iter::Iterator::collect::<#rt::std::vec::Vec<_>>(#call))
        }
        Used::Written => quote!(#rt::std::string::ToString::to_string(&#call)),
        Used::Debugged => quote!(#rt::std::format!("{:?}", #call)),
    };
    quote!((|#(#names),*| #used))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn used(output: ReturnType) -> Option<Result<Used, String>> {
        of(&output).map(|result| result.map(|(used, _)| used))
    }

    #[test]
    fn iterators_are_collected_and_what_prints_is_written() {
        let iter: ReturnType = syn::parse_quote!(-> impl Iterator<Item = u8> + '_);
        let (collected, ty) = of(&iter).and_then(Result::ok).expect("collected");
        assert_eq!(collected, Used::Collected);
        assert_eq!(crate::source::display::type_text(&ty), "Vec<u8>");
        let display: ReturnType = syn::parse_quote!(-> impl fmt::Display);
        assert_eq!(used(display), Some(Ok(Used::Written)));
        let debug: ReturnType = syn::parse_quote!(-> impl std::fmt::Debug + Clone);
        assert_eq!(used(debug), Some(Ok(Used::Debugged)));
        let closure: ReturnType = syn::parse_quote!(-> impl Fn(u8) -> String);
        assert!(used(closure).is_some_and(|used| used.is_err()));
        let plain: ReturnType = syn::parse_quote!(-> Vec<u8>);
        assert_eq!(used(plain), None);
        assert_eq!(
            Used::Collected.template().replace("{call}", "evens(4)"),
            "evens(4).collect::<Vec<_>>()"
        );
    }
}
