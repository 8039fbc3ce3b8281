//! Chosen types put in place of a generic function's parameters, in its signature and in the
//! bounds of the parameters chosen after them: `T` becomes `u8`, and `I::Item`, an associated
//! type of a chosen one, becomes `<std::vec::IntoIter<u8> as Iterator>::Item`.

use std::collections::HashMap;

use proc_macro2::TokenStream;
use quote::quote;
use syn::visit_mut::VisitMut;
use syn::{Expr, TraitBound, Type};

/// Replaces each type parameter by name with its chosen type, and an associated type of one
/// (`I::Item`) with that of its chosen type through the trait that has it
/// (`<std::vec::IntoIter<u8> as Iterator>::Item`).
#[derive(Default)]
pub(super) struct Substitute {
    /// Each parameter's chosen type or value, by name.
    pub chosen: HashMap<String, TokenStream>,
    /// The traits each parameter is bounded by, in the order written.
    pub traits: HashMap<String, Vec<syn::Path>>,
}

/// The associated types of the standard library's traits that bounds name most, each with
/// the traits that have it: a parameter bounded by one of them takes its associated type from
/// it. Another associated type is taken from a parameter's bound when it has only one.
const ASSOCIATED: &[(&str, &[&str])] = &[
    (
        "Item",
        &[
            "Iterator",
            "IntoIterator",
            "DoubleEndedIterator",
            "ExactSizeIterator",
        ],
    ),
    ("IntoIter", &["IntoIterator"]),
    ("Err", &["FromStr"]),
    ("Error", &["TryFrom", "TryInto"]),
    ("Target", &["Deref", "DerefMut"]),
    ("Owned", &["ToOwned"]),
    (
        "Output",
        &[
            "Add", "Sub", "Mul", "Div", "Rem", "Neg", "Not", "Fn", "FnMut", "FnOnce",
        ],
    ),
];

impl Substitute {
    /// `chosen` for `name`, with the traits `bounds` it was chosen for.
    pub fn insert(&mut self, name: String, chosen: TokenStream, bounds: &[TraitBound]) {
        self.chosen.insert(name.clone(), chosen);
        self.traits.insert(
            name,
            bounds
                .iter()
                .map(|bound| without_bindings(&bound.path))
                .collect(),
        );
    }

    /// `<chosen as Trait>::Assoc` for `param::Assoc`, where `param` is chosen and bounded.
    fn associated(&self, path: &syn::Path) -> Option<Type> {
        let [param, assoc] = path.segments.iter().collect::<Vec<_>>()[..] else {
            return None;
        };
        if !param.arguments.is_empty() {
            return None;
        }
        let name = param.ident.to_string();
        let chosen = self.chosen.get(&name)?;
        let traits = self.traits.get(&name)?;
        // A known associated type comes from a bound that has it; another from the one bound.
        let trait_ = match ASSOCIATED.iter().find(|(known, _)| assoc.ident == known) {
            Some((_, having)) => traits.iter().find(|path| {
                (path.segments.last()).is_some_and(|last| having.iter().any(|t| last.ident == t))
            })?,
            None => match traits.as_slice() {
                [only] => only,
                _ => return None,
            },
        };
        syn::parse2(quote!(<#chosen as #trait_>::#assoc)).ok()
    }
}

/// A trait's path without the associated types it binds (`Iterator` for
/// `Iterator<Item = u8>`), as a qualified path names the trait.
fn without_bindings(path: &syn::Path) -> syn::Path {
    let mut path = path.clone();
    if let Some(last) = path.segments.last_mut()
        && let syn::PathArguments::AngleBracketed(args) = &mut last.arguments
    {
        args.args = std::mem::take(&mut args.args)
            .into_iter()
            .filter(|arg| {
                !matches!(
                    arg,
                    syn::GenericArgument::AssocType(_) | syn::GenericArgument::Constraint(_)
                )
            })
            .collect();
        if args.args.is_empty() {
            last.arguments = syn::PathArguments::None;
        }
    }
    path
}

impl VisitMut for Substitute {
    fn visit_type_mut(&mut self, ty: &mut Type) {
        if let Type::Path(path) = ty
            && path.qself.is_none()
        {
            if let Some(ident) = path.path.get_ident()
                && let Some(chosen) = self.chosen.get(&ident.to_string())
                && let Ok(chosen) = syn::parse2(chosen.clone())
            {
                *ty = chosen;
                return;
            }
            if let Some(associated) = self.associated(&path.path) {
                *ty = associated;
                return;
            }
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }

    /// A const parameter among a type's arguments, which parses as a type (`Pattern<M, S>`):
    /// its value (`Pattern<'*', '?'>`).
    fn visit_generic_argument_mut(&mut self, argument: &mut syn::GenericArgument) {
        if let syn::GenericArgument::Type(Type::Path(path)) = argument
            && path.qself.is_none()
            && let Some(ident) = path.path.get_ident()
            && let Some(chosen) = self.chosen.get(&ident.to_string())
            && syn::parse2::<Type>(chosen.clone()).is_err()
            && let Ok(value) = syn::parse2::<Expr>(chosen.clone())
        {
            *argument = syn::GenericArgument::Const(value);
            return;
        }
        syn::visit_mut::visit_generic_argument_mut(self, argument);
    }

    /// A const parameter where a value goes (`[T; N]`).
    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        if let Expr::Path(path) = expr
            && path.qself.is_none()
            && let Some(ident) = path.path.get_ident()
            && let Some(chosen) = self.chosen.get(&ident.to_string())
            && let Ok(value) = syn::parse2::<Expr>(chosen.clone())
        {
            *expr = value;
            return;
        }
        syn::visit_mut::visit_expr_mut(self, expr);
    }
}
