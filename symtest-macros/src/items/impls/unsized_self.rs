//! Trait impls of types no call sequence holds, whose methods are searched as functions of
//! their receiver, as a free function is, and called through the trait, receiver first:
//! - unsized types (`impl ToKebabCase for str`, `impl PathClean for Path`), whose `&self`
//!   methods are called `<str as ToKebabCase>::to_kebab_case("ab")`;
//! - blanket impls (`impl<T: AsRef<[u8]>> ToBase32 for T`), on the type chosen for their
//!   parameter as for a generic block (`<Vec<u8> as ToBase32>::to_base32(&vec![1])`).
//!
//! Such a method is often the crate's entry point to all its logic.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::{FnArg, Ident, ImplItem, ItemImpl, Type};

use crate::items::function::{entry_point, lower_function};
use crate::signature::generics::Chosen;

/// The block with its methods instrumented and a search entry for each; the other functions
/// are skipped with why. `type_name` names the entries (`str`, or a blanket impl's parameter),
/// and `chosen` gives a blanket impl's parameter its type (nothing, for an unsized type).
pub(super) fn instrument(mut item: ItemImpl, type_name: &Ident, chosen: &Chosen) -> TokenStream {
    let Some((_, trait_, _)) = item.trait_.clone() else {
        return super::skip_all(item, super::UNSIZED);
    };
    let self_ty = (*item.self_ty).clone();
    // What the methods are called on, and the header that names it.
    let receiver_ty = chosen.on_type(&self_ty);
    let called_trait = chosen.on_path(&trait_);
    let mut header = item.clone();
    *header.self_ty = receiver_ty.clone();
    // An associated function without `self` is called on the type where it is sized.
    let unsized_self = super::unsized_in_crate(&self_ty, item.impl_token.span);
    let alone = !chosen.is_empty() || !unsized_self;
    // A slice is lent mutably too (`&mut [u8]`), as genes build it.
    let slice = matches!(&self_ty, Type::Slice(_));
    let shared = names_shared(&item, type_name);
    // What tests call the methods on, in place of the block's type (see the runtime's
    // `Generic::self_type`): a blanket impl's chosen type; with the trait, where the block's
    // type is not its parameter or its trait names one (`[u16; 2] as From<Span<u16>>`).
    let blanket = matches!(&self_ty, Type::Path(path) if path.path.is_ident(type_name));
    let self_type =
        match blanket && quote!(#called_trait).to_string() == quote!(#trait_).to_string() {
            true => crate::source::display::tidy(&quote!(#receiver_ty)),
            false => super::through_trait(&receiver_ty, &called_trait),
        };
    let mut generated = Vec::new();
    for member in &mut item.items {
        let ImplItem::Fn(function) = member else {
            continue;
        };
        let name = function.sig.ident.clone();
        let suffix = crate::items::traits::suffix(type_name, &self_ty, &trait_, &name);
        // Named by its trait where another trait impl of the type in the file has a function
        // of its name (`<Cow<'a, str> as From<PercentEncode<'a>>>::from`), as other blocks',
        // and where [`qualified_always`] says so.
        let shown = match shared.contains(&name) || qualified_always(&self_ty) {
            true => super::qualified_name(&self_ty, &trait_, &name),
            false => format!("{type_name}::{name}"),
        };
        let line = crate::source::position::start(function.sig.fn_token.span).line as u32;
        let mut searched = super::as_item_fn(function);
        crate::items::traits::resolve(&mut searched.sig, &header);
        chosen.on_signature(&mut searched.sig);
        let plan = receiver_first(&mut searched, &receiver_ty, !unsized_self, alone, slice)
            .and_then(|()| {
                crate::signature::parameters::validate(&searched)
                    .map_err(|p| crate::signature::parameters::reason(&p))
            });
        let params = match plan {
            Ok(params) => params,
            Err(reason) => {
                generated.push(crate::items::skip::entry(&shown, &suffix, line, &reason));
                continue;
            }
        };
        let meta = crate::items::traits::meta_of(&suffix);
        let mut lowered = super::as_item_fn(function);
        let table = crate::signature::generics::lowering(!chosen.is_empty(), || {
            lower_function(&mut lowered, &meta, &shown)
        });
        function.block = (*lowered.block).clone();
        generated.push(crate::items::function::meta_static(
            &searched.vis,
            &meta,
            &table,
        ));
        let (receiver, called_trait) = (
            crate::signature::lifetimes::elided_type(&receiver_ty),
            crate::signature::lifetimes::elided(&called_trait),
        );
        let callee = quote!(<#receiver as #called_trait>::#name);
        // `None` for an unsized type, where nothing is chosen.
        let generic = chosen.subject_field_on(&TokenStream::new(), &self_type);
        generated.push(entry_point(
            &searched, &params, &meta, &callee, &suffix, &generic,
        ));
    }
    quote!(#item #(#generated)*)
}

/// Whether the functions of a block of `ty` are named by their trait even where no other
/// block of the file shares their names: a type written with its module (`impl From<Error>
/// for io::Error`: `Error::from` would name the crate's own `Error`, or none), and an array,
/// slice or tuple, or a reference to one, which have no name of their own.
fn qualified_always(ty: &Type) -> bool {
    match ty {
        Type::Path(path) => path.path.segments.len() > 1,
        Type::Reference(reference) => qualified_always(&reference.elem),
        Type::Array(_) | Type::Slice(_) | Type::Tuple(_) => true,
        _ => false,
    }
}

/// Replaces the receiver with a first parameter of the receiver's type (`&str`, `&mut Vec<u8>`,
/// `Vec<u8>`), or says why the function cannot be called so. An unsized type (not `sized`)
/// is taken only as `&self`, a slice as `&mut self` too (`mutable`); an associated function
/// without `self` stays as it is where it can be called `alone` (on a sized type, or a
/// blanket impl's chosen one).
fn receiver_first(
    function: &mut syn::ItemFn,
    self_ty: &Type,
    sized: bool,
    alone: bool,
    mutable: bool,
) -> Result<(), String> {
    let Some(FnArg::Receiver(receiver)) = function.sig.inputs.first() else {
        if alone {
            return Ok(());
        }
        return Err(
            "is an associated function of an unsized type's impl, which cannot make or take \
             the type by value"
                .into(),
        );
    };
    let binding = Ident::new("__symtest_self", Span::mixed_site());
    let lifetime = receiver.lifetime().cloned();
    let parameter: FnArg = match (
        &receiver.reference,
        receiver.mutability,
        receiver.colon_token,
    ) {
        (Some(_), None, None) => syn::parse_quote!(#binding: &#lifetime #self_ty),
        (Some(_), Some(_), None) if sized || mutable => {
            syn::parse_quote!(#binding: &#lifetime mut #self_ty)
        }
        (None, _, None) if sized => syn::parse_quote!(#binding: #self_ty),
        _ => {
            return Err(
                "takes `self` of an unsized type other than as `&self`, which symtest cannot build"
                    .into(),
            );
        }
    };
    function.sig.inputs[0] = parameter;
    Ok(())
}

/// The functions of `block` that another trait impl in its file, of a type reports name
/// `type_name` too (a reference's referent: `str` for `&'a str`), also has: reports and the
/// written tests' blocks would name both `str::eq` (mime's `impl PartialEq<Mime> for &str`
/// beside `impl PartialEq<Name<'_>> for &str`). The file is read once per block.
fn names_shared(block: &ItemImpl, type_name: &Ident) -> Vec<Ident> {
    fn functions(block: &ItemImpl) -> impl Iterator<Item = &Ident> {
        block.items.iter().filter_map(|member| match member {
            ImplItem::Fn(function) => Some(&function.sig.ident),
            _ => None,
        })
    }
    /// How many trait impls of `type_name` in `items` have each function.
    fn count<'a>(items: &'a [syn::Item], type_name: &Ident, counts: &mut Vec<(&'a Ident, usize)>) {
        for item in items {
            match item {
                syn::Item::Impl(block)
                    if block.trait_.is_some()
                        && super::reported_name(&block.self_ty).as_ref() == Some(type_name) =>
                {
                    for name in functions(block) {
                        match counts.iter_mut().find(|(known, _)| *known == name) {
                            Some((_, count)) => *count += 1,
                            None => counts.push((name, 1)),
                        }
                    }
                }
                syn::Item::Mod(module) => {
                    if let Some((_, items)) = &module.content {
                        count(items, type_name, counts);
                    }
                }
                _ => {}
            }
        }
    }
    let Some(file) = crate::source::files::source_of(block.impl_token.span) else {
        return Vec::new();
    };
    let mut counts = Vec::new();
    count(&file.items, type_name, &mut counts);
    (counts.into_iter())
        .filter(|(_, count)| *count > 1)
        .map(|(name, _)| name.clone())
        .collect()
}
