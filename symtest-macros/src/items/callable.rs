//! A function of an impl block as the code generated for the block sees it: the names of
//! what is generated for it (its branch table, its search entry), and, when symtest can call
//! it, how: its receiver and parameters, what it makes of the type, the form a test calls it
//! in.

use proc_macro2::TokenStream;
use quote::format_ident;
use syn::{GenericArgument, Ident, ItemFn, PathArguments, ReturnType, Type};

use crate::items::forms::{Call, Form};
use crate::signature::parameters::{Param, Receiver};

/// A function of the block that symtest can call.
pub(crate) struct Callable {
    pub name: Ident,
    /// What the search calls: `name`, or for a `const fn` its twin (see `crate::body::twin`), which
    /// the block's expansion adds in a block of its own.
    pub called: Ident,
    pub receiver: Option<Receiver>,
    pub params: Vec<Param>,
    /// Which parameters take a value of the type itself (`other: &Self`): a call sequence
    /// makes it as it makes the value it starts from.
    pub operands: Vec<bool>,
    pub made: Made,
    pub meta: Ident,
    /// The path of the module `meta` is in (`crate::display::`), for a function of a block in
    /// another module than the sequences that call it; empty for one of the same module.
    pub meta_module: TokenStream,
    /// What names its search entry (see [`entry_suffix`], `crate::items::traits::suffix`).
    pub suffix: String,
    /// The trait of a trait impl's function, as the block's header names it.
    pub trait_: Option<syn::Path>,
    /// How a test calls it.
    pub form: Form,
    /// The function with its signature as code outside the block names its types (see
    /// `crate::items::traits::resolve`); as instrumented, for the block's own functions.
    pub lowered: ItemFn,
    /// Which parameters a sequence leaks its argument for, so it lives as long as a value
    /// that may borrow it: the borrowed parameters whose type names a lifetime
    /// (`buf: &'b [u8]` beside a `&mut Request<'_, 'b>` made `'static` by its constructors),
    /// and in a block generic over lifetimes (`impl<'a> Parser<'a>`) all of a constructor's.
    pub leaks: Vec<bool>,
    /// The types chosen for the function's own type parameters (`fn extend<I:
    /// IntoIterator<Item = u8>>`), which the search calls it with; empty when it has none.
    pub chosen: crate::signature::generics::Chosen,
    /// The turbofish tests write for them (see `Chosen::written_turbofish`), as text.
    pub written_turbofish: String,
}

impl Callable {
    /// Its table, as the sequences name it.
    pub fn meta_ref(&self) -> TokenStream {
        let (module, meta) = (&self.meta_module, &self.meta);
        quote::quote!(#module #meta)
    }

    /// How the search calls it and a test writes the call, on the type `self_ty` as the block
    /// names it.
    pub fn call<'a>(&'a self, self_ty: &'a Type) -> Call<'a> {
        Call {
            form: &self.form,
            name: &self.name,
            called: &self.called,
            receiver: self.receiver,
            trait_: self.trait_.as_ref(),
            self_ty,
            turbofish: self.chosen.turbofish(),
            written_turbofish: &self.written_turbofish,
        }
    }

    /// What it returns as written (`String` for what a formatting function writes), `()`
    /// when nothing.
    pub fn returns(&self) -> String {
        match (&self.form, &self.lowered.sig.output) {
            (Form::ToString | Form::Format(_), _) => "String".to_string(),
            (_, ReturnType::Default) => "()".to_string(),
            (_, ReturnType::Type(_, ty)) => crate::source::display::display(ty),
        }
    }

    /// Whether it inspects the state a sequence leaves, called after the calls: an inherent
    /// method, or `Display`'s `to_string`.
    pub fn inspects(&self) -> bool {
        self.trait_.is_none() || self.form == Form::ToString
    }
}

/// What an associated function without `self` makes, when it makes the type.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Made {
    Nothing,
    Value,
    Option,
    Result,
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

/// `Stack` for `impl Stack`, `impl crate::Stack`, `impl<'a> Parser<'a>`; `None` for generic or
/// unnamed types.
pub(crate) fn type_name(ty: &Type) -> Option<Ident> {
    match ty {
        // `io::Error` is not the crate's `Error`: a trait impl of it is one of a foreign type.
        _ if std_path(ty) => None,
        Type::Path(path) if path.qself.is_none() => {
            let last = path.path.segments.last()?;
            let named = match &last.arguments {
                PathArguments::None => true,
                // `Parser<'a>`, `Tree<K, V>`: lifetimes and parameters (see `generic_self`).
                PathArguments::AngleBracketed(args) => args.args.iter().all(|arg| match arg {
                    GenericArgument::Lifetime(_) => true,
                    GenericArgument::Type(Type::Path(path)) => path.path.get_ident().is_some(),
                    _ => false,
                }),
                PathArguments::Parenthesized(_) => false,
            };
            named.then(|| last.ident.clone())
        }
        Type::Group(group) => type_name(&group.elem),
        _ => None,
    }
}

/// Whether `ty` is written through a module of the standard library or its crates (`io::Error`,
/// `std::fmt::Error`, `core::num::ParseIntError`).
pub(crate) fn std_path(ty: &Type) -> bool {
    const MODULES: &[&str] = &[
        "std",
        "core",
        "alloc",
        "io",
        "fmt",
        "num",
        "str",
        "string",
        "vec",
        "collections",
        "borrow",
        "ops",
        "cmp",
        "net",
        "path",
        "ffi",
        "time",
        "sync",
        "rc",
        "cell",
        "error",
        "hash",
        "iter",
        "convert",
        "char",
        "boxed",
        "array",
        "slice",
        "os",
        "env",
        "process",
    ];
    match ty {
        Type::Path(path) if path.qself.is_none() && path.path.segments.len() > 1 => {
            let first = path.path.segments[0].ident.to_string();
            MODULES.contains(&first.as_str())
        }
        Type::Group(group) => std_path(&group.elem),
        _ => false,
    }
}
