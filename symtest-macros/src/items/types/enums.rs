//! `#[symtest]` on an enum: a tag gene chooses the variant, followed by every variant's fields
//! as a tuple each.
//!
//! A variant whose fields genes can never build (`Custom { condition: fn(&[&str]) -> bool }`
//! beside `Hyphen`, `Underscore`, …) is left out of the genes, as a variant the build does not
//! have is: the others are still inputs, and a value of it that a function returns is written
//! as a value symtest cannot write (the test that needs it is left out, with that reason).

use proc_macro2::TokenStream;
use quote::quote;
use syn::ItemEnum;
use syn::spanned::Spanned;

use super::{
    Derived, Tags, Written, as_written, cfgs, check_fields, construct, deconstruct, field_names,
    fields_shape,
};
use crate::items::function::Mode;
use crate::rt;
use crate::signature::parameters::Errors;
use crate::signature::recursion;

pub fn expand_enum(item: ItemEnum, mode: Mode) -> TokenStream {
    let mut errors = Errors::default();
    let built = check_variants(&item, &mut errors);
    if let Some(unchanged) = as_written(errors, &item, mode) {
        return unchanged;
    }
    let name = &item.ident;
    let rt = rt();
    // A variant behind `#[cfg]` is there in some builds only: what names it carries its
    // attributes, and the tags count the variants a build has (see `Tags`). One genes cannot
    // build counts as one no build has.
    let tags = Tags::of_built(&item.variants, &built);
    let built_variants = || {
        (item.variants.iter().zip(&built))
            .filter(|(_, built)| **built)
            .map(|(variant, _)| variant)
    };
    let shapes = built_variants().map(|variant| {
        let gate = tags.gate(variant);
        let shape = fields_shape(&variant.fields);
        quote!(#(#gate)* #shape)
    });
    let shape = quote!(#rt::shape_of_variants(#rt::std::vec![#(#shapes),*]));
    let fallback = tags.fallback();
    let builds = (item.variants.iter().enumerate())
        .filter(|(index, _)| built[*index])
        .map(|(index, variant)| {
            let ident = &variant.ident;
            // The tag's item comes first, then one per variant the build has.
            let payload = match tags.gated() {
                false => {
                    let payload = index + 1;
                    quote!(#payload)
                }
                true => {
                    let tag = tags.tag(index, quote!(usize));
                    quote!(#tag + 1)
                }
            };
            let build = construct(
                quote!(#name::#ident),
                &variant.fields,
                &quote!(value.item(#payload)),
            );
            let gate = tags.gate(variant);
            let arm = match (Some(index) == fallback, tags.gated()) {
                (true, _) => quote!(_ => #build),
                (false, false) => {
                    let tag = index as u128;
                    quote!(#tag => #build)
                }
                (false, true) => {
                    let tag = tags.tag(index, quote!(u128));
                    quote!(#(#gate)* tag if tag == #tag => #build)
                }
            };
            (index, arm)
        });
    let unmade = (fallback.is_none())
        .then(|| quote!(_ => #rt::core::unreachable!("no variant of this enum is in this build")));
    // The catch-all arm goes last, after the gated variants' guarded ones (by the variant's
    // index among all, as `fallback` counts).
    let (mut builds, last): (Vec<_>, Vec<_>) =
        builds.partition(|(index, _)| Some(*index) != fallback);
    builds.extend(last);
    let builds = builds.into_iter().map(|(_, build)| build);
    let build = quote!(match value.item(0).as_int() { #(#builds,)* #unmade });
    let written = Written::of(name, &item.generics);
    let arms = item.variants.iter().zip(&built).map(|(variant, built)| {
        let ident = &variant.ident;
        let gate = tags.gate(variant);
        if !built {
            return quote!(#(#gate)* #name::#ident { .. } => #rt::unwritable(self));
        }
        let named = written.with(&format!("::{ident}"));
        let (pattern, literal) =
            deconstruct(quote!(#name::#ident), &named, &written, &variant.fields);
        quote!(#(#gate)* #pattern => #literal)
    });
    let literal = quote!(match self { #(#arms,)* });
    let listed = built_variants().map(|variant| {
        let written = variant.ident.to_string();
        let names = field_names(&variant.fields);
        let gate = tags.gate(variant);
        quote!(#(#gate)* (#written, &[#(#names),*]))
    });
    let arms = item.variants.iter().enumerate().map(|(index, variant)| {
        let ident = &variant.ident;
        // A variant genes do not build has no tag among theirs.
        let tag = match built[index] {
            true => tags.tag(index, quote!(u32)),
            false => quote!(<u32>::MAX),
        };
        let gate = tags.gate(variant);
        quote!(#(#gate)* #name::#ident { .. } => #tag)
    });
    let variants = quote! {
        const VARIANTS: &'static [(&'static str, &'static [&'static str])] = &[#(#listed),*];
        fn tag(&self) -> u32 {
            match self { #(#arms,)* }
        }
    };
    let impls = Derived {
        shape,
        build,
        literal,
        items: variants,
        // A gated variant's fields may name types its builds alone have.
        field_types: built_variants()
            .filter(|variant| tags.gate(variant).is_empty())
            .flat_map(|variant| variant.fields.iter())
            .filter(|field| cfgs(&field.attrs).is_empty())
            .map(|field| &field.ty)
            .collect(),
    }
    .impls(name, &item.generics);
    quote!(#item #impls)
}

/// Which of the enum's variants genes can build, each in order; where none can (or there are
/// none), or where the first of them holds the enum itself (a recursive value ends with the
/// first), the errors that say why.
pub(super) fn check_variants(item: &ItemEnum, errors: &mut Errors) -> Vec<bool> {
    if item.variants.is_empty() {
        errors.push(
            item.ident.span(),
            "#[symtest] cannot generate values of an enum without variants",
        );
    }
    let mut problems = Errors::default();
    let built: Vec<bool> = (item.variants.iter())
        .map(|variant| {
            let mut own = Errors::default();
            check_fields(
                &variant.fields,
                &item.ident,
                &item.generics,
                false,
                &mut own,
            );
            match own.finish() {
                Ok(()) => true,
                Err(error) => {
                    problems.extend(error);
                    false
                }
            }
        })
        .collect();
    if !built.contains(&true) {
        if let Err(error) = problems.finish() {
            errors.extend(error);
        }
        return built;
    }
    // Where a value must end (the last level of a recursive type), the first variant is built.
    let first =
        (item.variants.iter().zip(&built)).find_map(|(variant, built)| built.then_some(variant));
    if let Some(first) = first
        && let Some(field) =
            (first.fields.iter()).find(|field| recursion::holds_directly(&field.ty, &item.ident))
    {
        errors.push(
            field.ty.span(),
            &format!(
                "#[symtest] cannot generate `{}`: its first variant, `{}`, holds `{}` itself, and \
                 symtest ends a recursive value with the first variant; put one that does not \
                 hold it first",
                item.ident, first.ident, item.ident
            ),
        );
    }
    built
}
