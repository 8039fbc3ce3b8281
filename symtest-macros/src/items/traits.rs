//! `#[symtest]` on a trait impl block of a named, non-generic type (`impl fmt::Display for
//! Version`, `impl Ord for Version`, `impl Iterator for Tokens`, `impl Add for Money`,
//! `impl FromStr for Version`) is instrumented as an inherent block is (`crate::items::impls`): its
//! methods join the call sequences of the type, next to the inherent blocks' methods, each
//! called in the form its trait gives it (`crate::items::forms`); its constructors (`from_str`,
//! `from`, `default`) start sequences; its other functions without `self` are searched as
//! functions, called through the trait. What differs from an inherent block is here: the names
//! of its functions' tables, the block's associated types in their signatures, and which
//! methods a test cannot call.

use quote::{format_ident, quote};
use syn::visit_mut::VisitMut;
use syn::{Ident, ImplItem, ItemImpl, Path, Signature, Type};

use crate::items::forms::{self, Form};
use crate::signature::parameters::Receiver;
use crate::signature::parameters::SelfType;

/// What names the entry and table of function `name` of the impl of `trait_` for `self_ty`:
/// `Level__from__h1f2e3d4c`, which `cargo symtest` shows as `Level::from`. One type may
/// implement a trait several times (`From<u8>`, `From<u16>`), and have an inherent function of
/// the same name: the hash of the impl's header tells them apart. Every block of the type
/// computes the same suffix for it, from the header as its source file shows it.
pub fn suffix(type_name: &Ident, self_ty: &Type, trait_: &Path, name: &Ident) -> String {
    let unique = crate::items::skip::unique(&quote!(#self_ty #trait_));
    format!("{type_name}__{name}__h{unique}")
}

/// The static branch table of the function whose entries `suffix` names.
pub fn meta_of(suffix: &str) -> Ident {
    format_ident!("__SYMTEST_META_{}", suffix)
}

/// `sig` with the block's associated types (`Self::Item` where the block has `type Item =
/// Token;`) and then `Self` replaced by what they stand for: the signature as the generated
/// code outside the block names its types.
pub fn resolve(sig: &mut Signature, block: &ItemImpl) {
    let associated: Vec<(Ident, Type)> = block
        .items
        .iter()
        .filter_map(|item| match item {
            ImplItem::Type(ty) => Some((ty.ident.clone(), ty.ty.clone())),
            _ => None,
        })
        .collect();
    Associated(&associated).visit_signature_mut(sig);
    SelfType(&block.self_ty).visit_signature_mut(sig);
}

/// Replaces `Self::Name` in types with the block's `type Name = …;`.
struct Associated<'a>(&'a [(Ident, Type)]);

impl VisitMut for Associated<'_> {
    fn visit_type_mut(&mut self, ty: &mut Type) {
        if let Type::Path(path) = ty
            && path.qself.is_none()
            && path.path.segments.len() == 2
            && path.path.segments[0].ident == "Self"
            && let Some((_, stands_for)) = self
                .0
                .iter()
                .find(|(name, _)| *name == path.path.segments[1].ident)
        {
            *ty = stands_for.clone();
            return;
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }
}

/// How the call sequences of the type call method `sig` of the impl of `trait_`, which takes
/// `self` as `receiver`; `operand` tells the type itself among parameter types, and `avoid`
/// the names a method call would not find the trait's method by. `grouped`: the type's
/// blocks were found in the source file, and the sequences can take the method in. Why not,
/// otherwise.
pub fn method_form(
    trait_: &Path,
    sig: &Signature,
    receiver: Receiver,
    operand: impl Fn(&Type) -> bool,
    avoid: &[String],
    grouped: bool,
) -> Result<Form, String> {
    let form = forms::of_method(trait_, sig, receiver, operand, avoid).map_err(str::to_string)?;
    match grouped {
        true => Ok(form),
        false => Err(
            "is a method of a trait impl that symtest cannot find in its source file \
                      (a macro may have written it), so no call sequence of its type can take \
                      it in"
                .to_string(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn associated_types_and_self_are_resolved_in_signatures() {
        let block: ItemImpl = syn::parse_quote! {
            impl Iterator for Tokens {
                type Item = Token;
                fn next(&mut self) -> Option<Self::Item> { None }
            }
        };
        let mut sig: Signature =
            syn::parse_quote!(fn next(&mut self, other: &Self) -> Option<Self::Item>);
        resolve(&mut sig, &block);
        let (other, output) = (&sig.inputs[1], &sig.output);
        assert_eq!(quote!(#other).to_string(), "other : & Tokens");
        assert_eq!(quote!(#output).to_string(), "-> Option < Token >");
    }

    #[test]
    fn impls_of_one_trait_get_suffixes_of_their_own() {
        let (ty, name) = (syn::parse_quote!(Level), format_ident!("from"));
        let of = |trait_: Path| suffix(&format_ident!("Level"), &ty, &trait_, &name);
        let (u8s, u16s) = (
            of(syn::parse_quote!(From<u8>)),
            of(syn::parse_quote!(From<u16>)),
        );
        assert_ne!(u8s, u16s);
        assert!(u8s.starts_with("Level__from__h"), "{u8s}");
        assert_eq!(u8s, of(syn::parse_quote!(From<u8>)));
    }

    #[test]
    fn methods_of_blocks_the_source_does_not_show_are_skipped_with_why() {
        let trait_: Path = syn::parse_quote!(fmt::Display);
        let sig: Signature =
            syn::parse_quote!(fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result);
        let form = |grouped| method_form(&trait_, &sig, Receiver::Shared, |_| false, &[], grouped);
        assert_eq!(form(true), Ok(Form::ToString));
        assert!(form(false).is_err_and(|why| why.contains("cannot find in its source file")));
    }
}
