//! Parameters that take a closure: a type parameter bounded by `Fn`, `FnMut` or `FnOnce` (`F:
//! Fn(char) -> bool`, `impl FnMut(&u8) -> u8`), which `crate::signature::generics` gives a boxed
//! trait object (`Box<dyn Fn(char) -> bool>`), and the trait objects themselves (`&dyn Fn(u32) ->
//! bool`, `&mut dyn FnMut(&str)`, `Box<dyn FnOnce() -> u8>`).
//!
//! The search decodes such a parameter as the runtime's `Closure` (its genes pick one of a
//! few families, see `symtest_runtime::genes::closure`) and passes the closure this module
//! writes, boxed, which calls the family the genes pick; a test writes the closure as source
//! (`|c| c == '-'`), which the function's bound types as a person's closure is typed.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote};
use syn::visit_mut::VisitMut;
use syn::{GenericArgument, Ident, PathArguments, ReturnType, Type, TypeParamBound};

/// A closure parameter's signature, and how the search passes it.
#[derive(Clone)]
pub struct Callback {
    /// The trait object the argument is passed as (`Box<dyn Fn(char) -> bool>`).
    boxed: Type,
    /// The closure's trait as a person writes it (`FnMut(&str) -> bool`), for reports.
    pub shown: String,
    inputs: Vec<Type>,
    output: Type,
    /// The argument compared or looked up, its key type, whether it is a reference to it, and
    /// whether its literals are patterns.
    key: Option<Key>,
    /// The argument of the returned type, and whether it is a reference to a `Copy` one.
    pass: Option<(usize, bool)>,
}

#[derive(Clone)]
struct Key {
    index: usize,
    ty: TokenStream,
    /// The argument is a reference to the key (`&u8`): passed to the runtime as it is and
    /// dereferenced in the closure's text.
    deref: bool,
    /// The argument is a `&str`, whose key is a `String`: passed as it is, written as it is.
    text: bool,
    /// Integers, `char` and strings are patterns of a `match`.
    patterns: bool,
}

/// The closure parameter `ty` declares, and the reference it is passed by (`&dyn Fn(u8)`,
/// `&F` of `&Box<dyn Fn(u8)>`), if it declares one.
pub fn of(ty: &Type) -> Option<(Callback, Option<Type>)> {
    match ty {
        Type::Group(group) => of(&group.elem),
        Type::Paren(paren) => of(&paren.elem),
        Type::Reference(reference) => {
            let callback = match &*reference.elem {
                Type::TraitObject(object) => Callback::of_bounds(&object.bounds)?,
                other => boxed(other)?,
            };
            Some((callback, Some(ty.clone())))
        }
        other => Some((boxed(other)?, None)),
    }
}

/// `Box<dyn Fn…>`.
fn boxed(ty: &Type) -> Option<Callback> {
    let Type::Path(path) = ty else {
        return None;
    };
    let last = path.path.segments.last()?;
    if path.qself.is_some() || last.ident != "Box" {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first()? {
        GenericArgument::Type(Type::TraitObject(object)) if args.args.len() == 1 => {
            Callback::of_bounds(&object.bounds)
        }
        _ => None,
    }
}

/// Whether `ty` holds a reference or a lifetime other than `'static`.
fn borrows(ty: &Type) -> bool {
    struct Finds(bool);
    impl<'ast> syn::visit::Visit<'ast> for Finds {
        fn visit_type_reference(&mut self, reference: &'ast syn::TypeReference) {
            let is_static = reference
                .lifetime
                .as_ref()
                .is_some_and(|l| l.ident == "static");
            self.0 |= !is_static;
            syn::visit::visit_type_reference(self, reference);
        }
        fn visit_lifetime(&mut self, lifetime: &'ast syn::Lifetime) {
            self.0 |= lifetime.ident != "static";
        }
    }
    let mut finds = Finds(false);
    syn::visit::Visit::visit_type(&mut finds, ty);
    finds.0
}

/// Whether `bound` is `Fn(…)`, `FnMut(…)` or `FnOnce(…)`.
pub fn is_closure_bound(bound: &syn::TraitBound) -> bool {
    bound.path.segments.last().is_some_and(|last| {
        ["Fn", "FnMut", "FnOnce"]
            .iter()
            .any(|name| last.ident == name)
            && matches!(last.arguments, PathArguments::Parenthesized(_))
    })
}

impl Callback {
    /// The closure of a trait object's bounds: one closure trait, plus `Send`, `Sync` and
    /// lifetimes.
    pub fn of_bounds(
        bounds: &syn::punctuated::Punctuated<TypeParamBound, syn::Token![+]>,
    ) -> Option<Callback> {
        let mut closure = None;
        for bound in bounds {
            match bound {
                TypeParamBound::Trait(bound) if is_closure_bound(bound) => {
                    if closure.replace(bound).is_some() {
                        return None;
                    }
                }
                TypeParamBound::Trait(bound)
                    if bound.path.is_ident("Send") || bound.path.is_ident("Sync") => {}
                TypeParamBound::Lifetime(_) => {}
                _ => return None,
            }
        }
        let closure = closure?;
        if closure.lifetimes.is_some() {
            return None;
        }
        let PathArguments::Parenthesized(args) = &closure.path.segments.last()?.arguments else {
            return None;
        };
        if args.inputs.len() > 3 {
            return None;
        }
        let mut inputs: Vec<Type> = args.inputs.iter().cloned().collect();
        inputs
            .iter_mut()
            .for_each(|input| crate::signature::lifetimes::Elide.visit_type_mut(input));
        let output = match &args.output {
            ReturnType::Default => syn::parse_quote!(()),
            ReturnType::Type(_, ty) => (**ty).clone(),
        };
        // The object as the bounds name it, without lifetimes: `'static` by default.
        let kept = bounds
            .iter()
            .filter(|bound| matches!(bound, TypeParamBound::Trait(_)));
        let rt = crate::rt();
        let mut boxed: Type = syn::parse_quote!(#rt::std::boxed::Box<dyn #(#kept)+*>);
        crate::signature::lifetimes::Elide.visit_type_mut(&mut boxed);
        let key = inputs
            .iter()
            .enumerate()
            .find_map(|(index, ty)| key(index, ty));
        let pass = inputs
            .iter()
            .enumerate()
            .find_map(|(index, ty)| passed(index, ty, &output));
        // A result that borrows from the arguments (`FnMut(&A) -> &T`) is higher-ranked: no
        // closure the search writes but one handing an argument back has that type.
        if pass.is_none() && borrows(&output) {
            return None;
        }
        Some(Callback {
            boxed,
            shown: crate::source::display::type_text(&syn::parse_quote!(dyn #closure))
                .trim_start_matches("dyn ")
                .to_string(),
            inputs,
            output,
            key,
            pass,
        })
    }

    /// The type the search decodes the parameter as: `Closure<K, R, {spec}>`.
    pub fn genes_type(&self) -> Type {
        let rt = crate::rt();
        let key = match &self.key {
            Some(key) => key.ty.clone(),
            None => quote!(()),
        };
        let output = &self.output;
        let arity = self.inputs.len() as u32;
        let (index, deref, patterns) = match &self.key {
            Some(key) => (key.index as u32, key.deref, key.patterns),
            None => (0, false, false),
        };
        let (pass, pass_deref) = self.pass.unwrap_or((0, false));
        let pass = pass as u32;
        let compare = self.key.is_some() && is_bool(&self.output);
        let passes = self.pass.is_some();
        syn::parse_quote! {
            #rt::Closure<#key, #output, {
                #rt::ClosureSpec {
                    arity: #arity,
                    key: #index,
                    key_deref: #deref,
                    pass: #pass,
                    pass_deref: #pass_deref,
                    compare: #compare,
                    table: #patterns,
                    passes: #passes,
                }
                .encode()
            }>
        }
    }

    /// The boxed closure the search passes for the decoded genes `genes`: one arm per family.
    pub fn make(&self, genes: &TokenStream) -> TokenStream {
        let rt = crate::rt();
        let boxed = &self.boxed;
        let output = &self.output;
        let args: Vec<Ident> = (0..self.inputs.len())
            .map(|index| Ident::new(&format!("__symtest_a{index}"), Span::mixed_site()))
            .collect();
        let inputs = &self.inputs;
        let closure = Ident::new("__symtest_closure", Span::mixed_site());
        let by_key = |method: &str| {
            let key = self.key.as_ref()?;
            let method = Ident::new(method, Span::call_site());
            let arg = &args[key.index];
            Some(match key.deref || key.text {
                true => quote!(#closure.#method(#arg)),
                false => quote!(#closure.#method(&#arg)),
            })
        };
        let compare = by_key("compare")
            .filter(|_| is_bool(&self.output))
            .map(|call| quote!(#rt::ClosureFamily::Compare => #call,));
        let table = by_key("lookup")
            .filter(|_| self.key.as_ref().is_some_and(|key| key.patterns))
            .map(|call| quote!(#rt::ClosureFamily::Table => #call,));
        let pass = self.pass.map(|(index, deref)| {
            let arg = &args[index];
            match deref {
                true => quote!(#rt::ClosureFamily::Pass => *#arg,),
                false => quote!(#rt::ClosureFamily::Pass => #arg,),
            }
        });
        quote! {{
            let #closure = #genes.clone();
            let boxed: #boxed = #rt::std::boxed::Box::new(
                move |#(#args: #inputs),*| -> #output {
                    #[allow(unreachable_patterns)]
                    match #closure.family() {
                        #compare
                        #table
                        #pass
                        _ => #closure.constant(),
                    }
                },
            );
            boxed
        }}
    }
}

/// The key an argument of type `ty` gives: an integer, `char` or float, by value or by
/// reference, or a `&str`.
fn key(index: usize, ty: &Type) -> Option<Key> {
    let (ty, reference) = match ty {
        Type::Reference(reference) if reference.mutability.is_none() => (&*reference.elem, true),
        other => (other, false),
    };
    let text = ty.to_token_stream().to_string();
    if text == "str" && reference {
        let rt = crate::rt();
        return Some(Key {
            index,
            ty: quote!(#rt::std::string::String),
            deref: false,
            text: true,
            patterns: true,
        });
    }
    let integer = INTEGERS.contains(&text.as_str());
    (integer || text == "char" || text == "f32" || text == "f64").then(|| Key {
        index,
        ty: ty.to_token_stream(),
        deref: reference,
        text: false,
        patterns: integer || text == "char",
    })
}

/// Whether the argument `ty` passes through as the returned `output`: the same type, or a
/// reference to a `Copy` one (passed dereferenced).
fn passed(index: usize, ty: &Type, output: &Type) -> Option<(usize, bool)> {
    let output_text = output.to_token_stream().to_string();
    if ty.to_token_stream().to_string() == output_text && output_text != "()" {
        return Some((index, false));
    }
    match ty {
        Type::Reference(reference)
            if reference.mutability.is_none()
                && reference.elem.to_token_stream().to_string() == output_text
                && (INTEGERS.contains(&output_text.as_str())
                    || ["char", "bool", "f32", "f64"].contains(&output_text.as_str())) =>
        {
            Some((index, true))
        }
        _ => None,
    }
}

fn is_bool(ty: &Type) -> bool {
    matches!(ty, Type::Path(path) if path.path.is_ident("bool"))
}

/// The names of Rust's integer types.
pub(crate) const INTEGERS: &[&str] = &[
    "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
];

#[cfg(test)]
mod tests {
    use super::*;

    fn callback(ty: Type) -> Callback {
        of(&ty).map(|(callback, _)| callback).expect("a closure")
    }

    #[test]
    fn the_key_is_the_first_argument_with_literals_and_a_str_is_keyed_by_a_string() {
        let text = callback(syn::parse_quote!(&dyn Fn(Vec<u8>, &str, u8) -> bool));
        let key = text.key.as_ref().expect("a key");
        assert_eq!(
            (key.index, key.deref, key.text, key.patterns),
            (1, false, true, true)
        );
        assert!(key.ty.to_string().ends_with("String"), "{}", key.ty);
        assert_eq!(text.pass, None);
        let number = callback(syn::parse_quote!(
            ::std::boxed::Box<dyn FnMut(&u8) -> u8 + Send>
        ));
        let key = number.key.as_ref().expect("a key");
        assert_eq!((key.index, key.deref, key.patterns), (0, true, true));
        assert_eq!(
            number.pass,
            Some((0, true)),
            "a `&u8` passes as the `u8` returned"
        );
        let float = callback(syn::parse_quote!(Box<dyn Fn(f64) -> f64>));
        let key = float.key.as_ref().expect("a key");
        assert!(!key.patterns, "a float is no pattern");
        assert_eq!(float.pass, Some((0, false)));
        assert!(
            callback(syn::parse_quote!(&mut dyn FnMut(Vec<u8>)))
                .key
                .is_none()
        );
    }

    #[test]
    fn only_closure_objects_with_marker_bounds_are_closures() {
        assert!(
            of(&syn::parse_quote!(
                Box<dyn Fn(u8) -> u8 + Send + Sync + 'static>
            ))
            .is_some()
        );
        assert!(of(&syn::parse_quote!(&F)).is_none());
        assert!(of(&syn::parse_quote!(Box<dyn Debug>)).is_none());
        assert!(of(&syn::parse_quote!(Box<dyn Fn(u8) + Debug>)).is_none());
        assert!(of(&syn::parse_quote!(Box<dyn Fn(u8, u8, u8, u8)>)).is_none());
        assert!(of(&syn::parse_quote!(&dyn for<'a> Fn(&'a u8) -> bool)).is_none());
        let (_, borrowed) = of(&syn::parse_quote!(&mut Box<dyn FnMut(u8)>)).expect("a closure");
        assert!(borrowed.is_some(), "lent to the function");
    }
}
