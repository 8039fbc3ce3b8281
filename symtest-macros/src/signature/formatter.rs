//! Functions that write to a formatter (`fn fmt_duration(d: &Duration, f: &mut
//! fmt::Formatter) -> fmt::Result`, the helpers `Display` impls call): no test can make a
//! `Formatter`, but one can get at what such a function writes, with
//! `std::fmt::from_fn(|f| fmt_duration(&d, f)).to_string()`. The search does the same: it
//! calls the function through `symtest_runtime`'s `formatted` with the other arguments, and
//! takes the string written as its result (an error panics, as `to_string` does).

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::{FnArg, Ident, ItemFn, ReturnType, Type};

/// `function` without its formatter parameter and returning `String`, with that parameter's
/// position: when it takes exactly one `&mut Formatter` and returns `fmt::Result`.
pub fn split(function: &ItemFn) -> Option<(ItemFn, usize)> {
    let ReturnType::Type(_, output) = &function.sig.output else {
        return None;
    };
    if !is_fmt_result(output) {
        return None;
    }
    let positions: Vec<usize> = (function.sig.inputs.iter().enumerate())
        .filter(|(_, input)| matches!(input, FnArg::Typed(typed) if is_formatter(&typed.ty)))
        .map(|(at, _)| at)
        .collect();
    let [at] = positions[..] else {
        return None;
    };
    let mut split = function.clone();
    split.sig.inputs = (function.sig.inputs.iter().enumerate())
        .filter(|(index, _)| *index != at)
        .map(|(_, input)| input.clone())
        .collect();
    split.sig.output = syn::parse_quote!(-> ::symtest_runtime::__private::std::string::String);
    Some((split, at))
}

/// The callee the search calls with the other `count` arguments: `callee` with a formatter
/// in place `at`, through `formatted`.
pub fn callee(callee: &TokenStream, count: usize, at: usize) -> TokenStream {
    let rt = crate::rt();
    let names: Vec<Ident> = (0..count)
        .map(|index| Ident::new(&format!("__symtest_arg{index}"), Span::mixed_site()))
        .collect();
    let formatter = Ident::new("__symtest_formatter", Span::mixed_site());
    let mut passed: Vec<TokenStream> = names.iter().map(|name| quote!(#name)).collect();
    passed.insert(at.min(passed.len()), quote!(#formatter));
    quote! {
        (|#(#names),*| #rt::formatted(move |#formatter| #callee(#(#passed),*)))
    }
}

/// `&mut Formatter`, `&mut fmt::Formatter<'_>`, `&mut std::fmt::Formatter<'a>`.
fn is_formatter(ty: &Type) -> bool {
    match ty {
        Type::Group(group) => is_formatter(&group.elem),
        Type::Reference(reference) if reference.mutability.is_some() => {
            is_fmt_path(&reference.elem, "Formatter", true)
        }
        _ => false,
    }
}

/// `fmt::Result`, `std::fmt::Result`, `core::fmt::Result`.
fn is_fmt_result(ty: &Type) -> bool {
    is_fmt_path(ty, "Result", false)
}

/// Whether `ty` names `fmt`'s item `name` (through `fmt`, or alone where `alone` is allowed
/// and the source file has no type of its own by that name: a bare `Result` is anyone's).
fn is_fmt_path(ty: &Type, name: &str, alone: bool) -> bool {
    let Type::Path(path) = ty else {
        return false;
    };
    let idents: Vec<&Ident> = path.path.segments.iter().map(|s| &s.ident).collect();
    match idents[..] {
        [last] => {
            let own = || {
                crate::source::files::source_of(last.span())
                    .is_some_and(|file| crate::signature::scope::own_type(&file, last))
            };
            alone && last == name && !own()
        }
        [.., module, last] => module == "fmt" && last == name,
        [] => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_function_writing_to_a_formatter_is_searched_for_what_it_writes() {
        let function: ItemFn = syn::parse_quote! {
            fn item(d: &Duration, f: &mut fmt::Formatter<'_>, unit: &str) -> fmt::Result { Ok(()) }
        };
        let (searched, at) = split(&function).unwrap_or_else(|| panic!("not split"));
        assert_eq!(at, 1);
        let sig = &searched.sig;
        assert_eq!(
            quote!(#sig).to_string().replace(' ', ""),
            "fnitem(d:&Duration,unit:&str)->::symtest_runtime::__private::std::string::String"
        );
        let callee = callee(&quote!(item), 2, at).to_string().replace(' ', "");
        assert!(
            callee.contains("formatted(move|__symtest_formatter|item(__symtest_arg0,__symtest_formatter,__symtest_arg1))"),
            "{callee}"
        );
        for other in [
            quote!(
                fn a(f: &mut fmt::Formatter) -> Result<(), E> {
                    Ok(())
                }
            ),
            quote!(
                fn b(f: &fmt::Formatter) -> fmt::Result {
                    Ok(())
                }
            ),
            quote!(
                fn c(f: &mut Formatter, g: &mut Formatter) -> fmt::Result {
                    Ok(())
                }
            ),
            quote!(
                fn d(x: u8) -> fmt::Result {
                    Ok(())
                }
            ),
        ] {
            let function: ItemFn = syn::parse2(other).unwrap_or_else(|e| panic!("{e}"));
            assert!(split(&function).is_none(), "{}", function.sig.ident);
        }
    }
}
