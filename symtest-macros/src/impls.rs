//! `#[symtest]` on an inherent impl block. In symtest builds every function of the block that
//! symtest can call is instrumented. Associated functions without `self` are searched as
//! functions, as free functions are, except the constructors of a block with methods. Methods
//! are searched as call sequences (see `crate::sequence`).

use proc_macro2::TokenStream;
use quote::{format_ident, quote};
use syn::{
    GenericArgument, Ident, ImplItem, ImplItemFn, ItemFn, ItemImpl, PathArguments, ReturnType, Type,
};

use crate::associated::SelfType;
use crate::expand::{Mode, entry_point, lower_function};
use crate::placement::is_symtest;
use crate::rt;
use crate::signature::{self, Param, Receiver};
use syn::visit_mut::VisitMut;

/// A function of the block that symtest can call.
pub(crate) struct Callable {
    pub name: Ident,
    pub receiver: Option<Receiver>,
    pub params: Vec<Param>,
    pub made: Made,
    pub meta: Ident,
    /// The function as instrumented, for its own search entry.
    pub lowered: ItemFn,
}

/// What an associated function without `self` makes, when it makes the type.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Made {
    Nothing,
    Value,
    Option,
    Result,
}

pub fn expand_impl(mut item: ItemImpl, mode: Mode) -> TokenStream {
    // The attribute on the block covers its functions: one of its own on a function would
    // instrument it twice.
    for member in &mut item.items {
        if let ImplItem::Fn(function) = member {
            function.attrs.retain(|attr| !is_symtest(attr));
        }
    }
    if mode == Mode::Normal {
        return quote!(#item);
    }
    let why_not = match item.generics.params.is_empty() {
        true => None,
        false => Some("is in a generic impl block, which symtest does not search yet"),
    };
    let trait_path = item.trait_.as_ref().map(|(_, path, _)| path.clone());
    match (why_not, type_name(&item.self_ty)) {
        (None, Some(type_name)) => match trait_path {
            Some(trait_path) => crate::traits::instrument(item, &type_name, &trait_path),
            None => instrument(item, &type_name),
        },
        (why_not, _) => {
            let reason = why_not.unwrap_or("is in an impl block of a type symtest cannot name");
            skip_all(item, reason)
        }
    }
}

/// The block as written, with an entry per function that reports why it is skipped.
fn skip_all(item: ItemImpl, reason: &str) -> TokenStream {
    let ty = crate::signature::type_text(&item.self_ty);
    let shown = match &item.trait_ {
        Some((_, path, _)) => format!("<{ty} as {}>", crate::lower::display(path)),
        None => ty,
    };
    let type_name = type_name(&item.self_ty).map_or_else(|| "impl".to_string(), |t| t.to_string());
    let entries = item.items.iter().filter_map(|member| {
        let ImplItem::Fn(function) = member else {
            return None;
        };
        let name = &function.sig.ident;
        let (item_ty, sig) = (&item.self_ty, &function.sig);
        let trait_path = item.trait_.as_ref().map(|(_, path, _)| path);
        let suffix = format!(
            "{type_name}__{name}__{}",
            crate::skip::unique(&quote!(#item_ty #trait_path #sig))
        );
        let line = function.sig.fn_token.span.start().line as u32;
        Some(crate::skip::entry(
            &format!("{shown}::{name}"),
            &suffix,
            line,
            reason,
        ))
    });
    let entries: Vec<TokenStream> = entries.collect();
    quote!(#item #(#entries)*)
}

fn instrument(mut item: ItemImpl, type_name: &Ident) -> TokenStream {
    // The type as the block names it (`Stack`, `crate::a::Stack`): generated code calls
    // through it, so it works wherever the block is.
    let self_ty = (*item.self_ty).clone();
    let rt = rt();
    let mut callables = Vec::new();
    let mut statics = Vec::new();
    let mut entries = Vec::new();
    for member in &mut item.items {
        let ImplItem::Fn(function) = member else {
            continue;
        };
        // What symtest cannot call (generic, async, unsafe, const, or taking what it cannot
        // generate) is left as written, and reported as skipped.
        let name = function.sig.ident.clone();
        let (receiver, params) = match signature::validate_in_impl(&as_item_fn(function)) {
            Ok(plan) => plan,
            Err(problems) => {
                let line = function.sig.fn_token.span.start().line as u32;
                entries.push(crate::skip::entry(
                    &format!("{type_name}::{name}"),
                    &entry_suffix(type_name, &name),
                    line,
                    &signature::reason(&problems),
                ));
                continue;
            }
        };
        let meta = meta_of(type_name, &name);
        let mut lowered = as_item_fn(function);
        // The table names the return type for the tests, where `Self` means nothing.
        SelfType(&self_ty).visit_signature_mut(&mut lowered.sig);
        let table = lower_function(&mut lowered, &meta, &format!("{type_name}::{name}"));
        function.block = (*lowered.block).clone();
        let vis = &function.vis;
        statics.push(quote! {
            #[doc(hidden)]
            #[allow(non_upper_case_globals)]
            #vis static #meta: #rt::FunctionMeta = #table;
        });
        let made = match receiver {
            Some(_) => Made::Nothing,
            None => made(&function.sig.output, type_name),
        };
        callables.push(Callable {
            name,
            receiver,
            params,
            made,
            meta,
            lowered,
        });
    }
    // The other annotated blocks of the type in this module: the first block's sequences
    // call the functions of all of them (each block instruments its own), and the others
    // have none of their own.
    let (before, after, first) =
        match crate::placement::annotated_blocks(&item, type_name, self::type_name) {
            Some((blocks, position)) => (
                callables_of(&blocks[..position], type_name),
                callables_of(&blocks[position + 1..], type_name),
                position == 0,
            ),
            None => (Vec::new(), Vec::new(), true),
        };
    // Associated functions are searched as functions, except the constructors of a type
    // with methods: the sequences start with them, and cover their branches.
    let has_methods = (before.iter().chain(&callables).chain(&after)).any(|c| c.receiver.is_some());
    for c in &callables {
        if c.receiver.is_none() && !(has_methods && c.made != Made::Nothing) {
            let name = &c.name;
            let callee = quote!(<#self_ty>::#name);
            let suffix = entry_suffix(type_name, name);
            entries.push(entry_point(
                &c.lowered, &c.params, &c.meta, &callee, &suffix,
            ));
        }
    }
    let sequences = match first {
        true => {
            let all: Vec<Callable> = callables.into_iter().chain(after).collect();
            let taken = crate::scope::unbindable_beside(&item);
            crate::sequence::sequence_subject(
                type_name,
                &self_ty,
                &all,
                item.impl_token.span,
                &taken,
            )
        }
        false => TokenStream::new(),
    };
    quote! {
        #item
        #(#statics)*
        #(#entries)*
        #sequences
    }
}

/// The functions symtest can call of other blocks of the type, as their own expansions
/// instrument them (their tables have the same names).
fn callables_of(blocks: &[ItemImpl], type_name: &Ident) -> Vec<Callable> {
    let functions = blocks.iter().flat_map(|block| &block.items);
    functions
        .filter_map(|member| match member {
            ImplItem::Fn(function) => Some(as_item_fn(function)),
            _ => None,
        })
        .filter_map(|function| {
            let (receiver, params) = signature::validate_in_impl(&function).ok()?;
            let name = function.sig.ident.clone();
            Some(Callable {
                meta: meta_of(type_name, &name),
                made: match receiver {
                    Some(_) => Made::Nothing,
                    None => made(&function.sig.output, type_name),
                },
                name,
                receiver,
                params,
                lowered: function,
            })
        })
        .collect()
}

pub(crate) fn as_item_fn(function: &ImplItemFn) -> ItemFn {
    ItemFn {
        attrs: function.attrs.clone(),
        vis: function.vis.clone(),
        sig: function.sig.clone(),
        block: Box::new(function.block.clone()),
    }
}

/// The static branch table of the function `name` of an impl block of `type_name`.
pub(crate) fn meta_of(type_name: &Ident, name: &Ident) -> Ident {
    format_ident!("__SYMTEST_META_{}_{}", type_name, name)
}

/// What names the search entry and subject of an associated function: `Stack__new`, which
/// `cargo symtest` shows as `Stack::new`.
pub(crate) fn entry_suffix(type_name: &Ident, name: &Ident) -> String {
    format!("{type_name}__{name}")
}

/// `Stack` for `impl Stack`, `impl crate::Stack`; `None` for generic or unnamed types.
pub(crate) fn type_name(ty: &Type) -> Option<Ident> {
    match ty {
        Type::Path(path) if path.qself.is_none() => {
            let last = path.path.segments.last()?;
            matches!(last.arguments, PathArguments::None).then(|| last.ident.clone())
        }
        Type::Group(group) => type_name(&group.elem),
        _ => None,
    }
}

/// Whether `output` is the type itself, or an `Option` or `Result` of it.
fn made(output: &ReturnType, type_name: &Ident) -> Made {
    let ReturnType::Type(_, ty) = output else {
        return Made::Nothing;
    };
    let is_self = |ty: &Type| match ty {
        Type::Path(path) if path.qself.is_none() => {
            path.path.is_ident("Self") || path.path.is_ident(type_name)
        }
        _ => false,
    };
    if is_self(ty) {
        return Made::Value;
    }
    let Type::Path(path) = &**ty else {
        return Made::Nothing;
    };
    let Some(last) = path.path.segments.last() else {
        return Made::Nothing;
    };
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return Made::Nothing;
    };
    let first = args.args.first().and_then(|arg| match arg {
        GenericArgument::Type(ty) => Some(ty),
        _ => None,
    });
    match (last.ident.to_string().as_str(), first) {
        ("Option", Some(inner)) if is_self(inner) => Made::Option,
        ("Result", Some(inner)) if is_self(inner) => Made::Result,
        _ => Made::Nothing,
    }
}
