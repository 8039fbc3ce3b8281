//! Where the variants of an enum and the fields of a type stand in a build: any of them may be
//! behind `#[cfg(…)]`, and what the generated code names must exist in the build it is
//! compiled in.

use proc_macro2::TokenStream;
use quote::quote;
use syn::Fields;
use syn::punctuated::Punctuated;
use syn::token::Comma;

/// The tags of an enum's variants: each one's position among the variants a build has. A
/// variant behind `#[cfg(…)]` may be left out of a build, and the variants after it move up:
/// where any is gated, a tag is the count of the variants before it that the build has, which
/// `cfg!` tells the compiler to fold (`0 + 1 + (cfg!(feature = "x") as u32)`).
pub(super) struct Tags {
    /// Each variant's `#[cfg]` attributes, in order.
    gates: Vec<Vec<syn::Attribute>>,
}

impl Tags {
    pub(super) fn of<'v>(variants: impl IntoIterator<Item = &'v syn::Variant>) -> Tags {
        let gates = variants
            .into_iter()
            .map(|variant| cfgs(&variant.attrs))
            .collect();
        Tags { gates }
    }

    /// [`Tags::of`], with the variants not `built` (by genes) counted as ones no build has.
    pub(super) fn of_built(variants: &Punctuated<syn::Variant, Comma>, built: &[bool]) -> Tags {
        let mut tags = Tags::of(variants);
        for (gate, built) in tags.gates.iter_mut().zip(built) {
            if !built {
                *gate = vec![syn::parse_quote!(#[cfg(any())])];
            }
        }
        tags
    }

    /// The positions of `fields` among those the build has, as [`Tags::of`] those of variants.
    pub(super) fn of_fields(fields: &Fields) -> Tags {
        let gates = fields.iter().map(|field| cfgs(&field.attrs)).collect();
        Tags { gates }
    }

    /// The attributes that gate the one at `index`.
    pub(super) fn at(&self, index: usize) -> &[syn::Attribute] {
        &self.gates[index]
    }

    /// Whether any variant is gated.
    pub(super) fn gated(&self) -> bool {
        self.gates.iter().any(|gate| !gate.is_empty())
    }

    /// The attributes that gate `variant`, to put on what names it.
    pub(super) fn gate(&self, variant: &syn::Variant) -> Vec<syn::Attribute> {
        cfgs(&variant.attrs)
    }

    /// The tag of the variant at `index`, as an expression of type `ty`: its index where no
    /// variant is gated.
    pub(super) fn tag(&self, index: usize, ty: TokenStream) -> TokenStream {
        let before = self.gates[..index].iter().map(|gate| {
            let predicates = gate.iter().map(|attr| match &attr.meta {
                syn::Meta::List(list) => list.tokens.clone(),
                _ => quote!(all()),
            });
            quote!((true #(&& ::symtest_runtime::__private::core::cfg!(#predicates))*) as #ty)
        });
        match self.gated() {
            false => {
                let index = proc_macro2::Literal::usize_unsuffixed(index);
                quote!(#index)
            }
            true => quote!((0 as #ty #(+ #before)*)),
        }
    }

    /// The variant a decoded tag past the others builds: the last one, or where any is gated
    /// the last that is in every build; `None` where every variant is gated.
    pub(super) fn fallback(&self) -> Option<usize> {
        match self.gated() {
            false => self.gates.len().checked_sub(1),
            true => self.gates.iter().rposition(Vec::is_empty),
        }
    }
}

/// The `#[cfg(…)]` attributes among `attrs`.
pub(crate) fn cfgs(attrs: &[syn::Attribute]) -> Vec<syn::Attribute> {
    attrs
        .iter()
        .filter(|attr| attr.path().is_ident("cfg"))
        .cloned()
        .collect()
}
