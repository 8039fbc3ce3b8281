//! The types a generic function is searched with. The function stays generic and is
//! instrumented as written; its search entry calls it with one type for each type parameter
//! (and a value for each const parameter), and so do its tests. A type is chosen, in order:
//! 1. from the attribute: `#[symtest(T = u32)]`;
//! 2. from the parameter's bounds (inline, in the `where` clause, and of `impl Trait`
//!    arguments), through a table of the standard library's traits (`table::implements`): the
//!    first type a bound suggests (`Into<u64>` → `u64`, `AsRef<str>` → `&str`) that meets every
//!    bound, else the first of `table::FALLBACK` that does;
//! 3. for a closure bound (`F: Fn(&T) -> bool`), the boxed trait object
//!    (`Box<dyn Fn(&u8) -> bool>`), whose values are the closures of
//!    `crate::signature::closures`; tests write the closure, and `_` for its type where they
//!    write a turbofish.
//!
//! A bound the table does not know (a trait of the crate, `Iterator`) leaves the function
//! skipped with the bound named: a wrong guess would not build.

mod bound;
mod calls;
mod implementors;
mod substitute;
mod table;

use std::cell::Cell;
use std::collections::HashMap;

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::punctuated::Punctuated;
use syn::visit_mut::VisitMut;
use syn::{
    Expr, FnArg, GenericParam, Generics, Ident, ImplItem, ItemFn, ItemImpl, Token, TraitBound,
    Type, TypeParamBound, WherePredicate,
};

use crate::source::display::tidy;
use bound::Bound;
use substitute::Substitute;
use table::{const_value, is_closure, pick};

thread_local! {
    static OPAQUE: Cell<bool> = const { Cell::new(false) };
}

/// Whether the function being lowered is generic over types. The autoref probes pick an impl
/// when the generic body is checked, not when it is instantiated, so a value whose type is
/// still being inferred there (`let mut best = None;`) would take the first impl and fail to
/// build once it turns out to be a `T`: its shadows are probed by `probe_generic` instead,
/// which finds the type when it runs, and it takes no path-condition snapshot.
pub fn opaque() -> bool {
    OPAQUE.with(Cell::get)
}

/// Runs `lower` with [`opaque`] set when the function lowered is `generic` over types (its
/// [`Chosen`] has types to choose).
pub fn lowering<R>(generic: bool, lower: impl FnOnce() -> R) -> R {
    crate::with_flag(&OPAQUE, generic, lower)
}

/// `#[symtest(T = u32, N = 4)]`: the types (or const values) the attribute chooses.
pub fn overrides(args: TokenStream) -> syn::Result<Vec<(Ident, TokenStream)>> {
    struct Choice(Ident, TokenStream);
    impl syn::parse::Parse for Choice {
        fn parse(input: syn::parse::ParseStream) -> syn::Result<Self> {
            let name: Ident = input.parse()?;
            input.parse::<Token![=]>()?;
            let chosen = match input.parse::<Type>() {
                Ok(ty) => ty.into_token_stream(),
                Err(_) => input.parse::<Expr>()?.into_token_stream(),
            };
            Ok(Choice(name, chosen))
        }
    }
    let parser = Punctuated::<Choice, Token![,]>::parse_terminated;
    let parsed = syn::parse::Parser::parse2(parser, args).map_err(|error| {
        syn::Error::new(
            error.span(),
            "#[symtest] takes the types of a generic function's parameters, as \
             `#[symtest(T = u32)]`",
        )
    })?;
    Ok(parsed
        .into_iter()
        .map(|Choice(name, ty)| (name, ty))
        .collect())
}

/// What a generic function is searched with.
#[derive(Clone, Default)]
pub struct Chosen {
    /// Each type or const parameter, in order, with its type or value.
    pub params: Vec<(Ident, TokenStream)>,
    /// The type each `impl Trait` argument is given, by the argument's position, with the
    /// argument's type as written (`impl ToF64`).
    pub impls: Vec<(usize, Type, String)>,
    /// The traits each type parameter is bounded by, which name its associated types
    /// (`I::Item`) in the signature.
    traits: HashMap<String, Vec<syn::Path>>,
}

impl Chosen {
    /// Whether there is anything to choose: lifetimes alone need nothing.
    pub fn is_empty(&self) -> bool {
        self.params.is_empty() && self.impls.is_empty()
    }

    /// The turbofish a call names its types with (`::<u64>`); empty for no type parameters.
    pub fn turbofish(&self) -> TokenStream {
        if self.params.is_empty() {
            return TokenStream::new();
        }
        let chosen = self.params.iter().map(|(_, ty)| ty);
        quote!(::<#(#chosen),*>)
    }

    /// The turbofish tests write: none where every type parameter is the type of an argument
    /// whose literal has exactly the chosen type (`"a"`, `String::from("a")`, `true`, `'c'`),
    /// as a person would call `greet("Ann")`; the whole turbofish otherwise (`kb::<u64>(5)`,
    /// where `5` alone would be an `i32`).
    pub fn written_turbofish(&self, function: &ItemFn) -> TokenStream {
        let argument = |name: &Ident| {
            function.sig.inputs.iter().any(|input| match input {
                FnArg::Typed(typed) => is_param(&typed.ty, name),
                FnArg::Receiver(_) => false,
            })
        };
        // A closure's type is the closure's own, which the test's closure gives; a named type
        // without arguments (`Square`, `&Ipv4Net`) is its literal's.
        let typed_by_literal = |name: &Ident, chosen: &TokenStream| {
            let chosen_text = tidy(chosen);
            let bare = chosen_text.trim_start_matches('&');
            let named = bare.starts_with(|c: char| c.is_ascii_uppercase())
                && bare.chars().all(|c| c.is_alphanumeric() || c == '_');
            (is_closure(chosen)
                || named
                || matches!(chosen_text.as_str(), "&str" | "String" | "bool" | "char"))
                && argument(name)
        };
        if self
            .params
            .iter()
            .all(|(name, chosen)| typed_by_literal(name, chosen))
        {
            return TokenStream::new();
        }
        let written = self.params.iter().map(|(_, ty)| match is_closure(ty) {
            true => quote!(_),
            false => ty.clone(),
        });
        quote!(::<#(#written),*>)
    }

    /// The `Subject::generic` of a function searched with these choices, whose tests write
    /// `written` after its name: `None` when nothing was chosen.
    pub fn subject_field(&self, written: &TokenStream) -> TokenStream {
        self.subject_field_on(written, "")
    }

    /// [`subject_field`](Self::subject_field) of a method of a blanket impl, called on
    /// `self_type` (the type chosen for the block's parameter).
    pub fn subject_field_on(&self, written: &TokenStream, self_type: &str) -> TokenStream {
        let rt = crate::rt();
        if self.is_empty() {
            return quote!(#rt::core::option::Option::None);
        }
        let turbofish = tidy(written);
        let types = self.describe();
        quote!(#rt::core::option::Option::Some(#rt::Generic {
            turbofish: #turbofish,
            types: #types,
            self_type: #self_type,
        }))
    }

    /// The instantiation as the summary and the tests' header tell it: `T = u64, U = &str`.
    pub fn describe(&self) -> String {
        let named = self.params.iter().map(|(name, ty)| match is_closure(ty) {
            true => format!("{name} = closures"),
            false => format!("{name} = {}", tidy(ty)),
        });
        let impls =
            self.impls
                .iter()
                .map(|(_, ty, written)| match is_closure(&ty.to_token_stream()) {
                    true => format!("{written} = closures"),
                    false => format!("{written} = {}", tidy(&ty.to_token_stream())),
                });
        named.chain(impls).collect::<Vec<_>>().join(", ")
    }

    fn substitution(&self) -> Substitute {
        Substitute {
            chosen: (self.params.iter())
                .map(|(name, ty)| (name.to_string(), ty.clone()))
                .collect(),
            traits: self.traits.clone(),
        }
    }

    /// `ty` with the chosen types in place of the parameters (`Tree<u8>` for `Tree<T>`).
    pub fn on_type(&self, ty: &Type) -> Type {
        let mut ty = ty.clone();
        self.substitution().visit_type_mut(&mut ty);
        ty
    }

    /// `path` with the chosen types in place of the parameters (`From<Vec<u8>>`).
    pub fn on_path(&self, path: &syn::Path) -> syn::Path {
        let mut path = path.clone();
        self.substitution().visit_path_mut(&mut path);
        path
    }

    /// `sig` with the chosen types in place of the parameters, in its arguments and result.
    pub fn on_signature(&self, sig: &mut syn::Signature) {
        let mut substitute = self.substitution();
        for input in &mut sig.inputs {
            if let FnArg::Typed(typed) = input {
                substitute.visit_type_mut(&mut typed.ty);
            }
        }
        if let syn::ReturnType::Type(_, ty) = &mut sig.output {
            substitute.visit_type_mut(ty);
        }
        // The function's own parameters' bounds may name the block's (`F: FnOnce(L) -> bool`
        // in `impl<L, R> Either<L, R>`), which it cannot redeclare.
        substitute.visit_generics_mut(&mut sig.generics);
    }

    /// `function` with the chosen types in its signature in place of its parameters: what
    /// the search builds arguments for and reads results of. Its body is left as it was.
    pub fn concrete(&self, function: &ItemFn) -> ItemFn {
        let mut concrete = function.clone();
        for (index, input) in concrete.sig.inputs.iter_mut().enumerate() {
            if let FnArg::Typed(typed) = input
                && let Some((_, ty, _)) = self.impls.iter().find(|(at, _, _)| *at == index)
            {
                replace_impl(&mut typed.ty, ty);
            }
        }
        self.on_signature(&mut concrete.sig);
        concrete.sig.generics.params = function
            .sig
            .generics
            .params
            .iter()
            .filter(|param| matches!(param, GenericParam::Lifetime(_)))
            .cloned()
            .collect();
        concrete.sig.generics.where_clause = None;
        concrete
    }
}

/// Whether `ty` is the parameter `name`, or a reference to it.
fn is_param(ty: &Type, name: &Ident) -> bool {
    match ty {
        Type::Path(path) => path.qself.is_none() && path.path.is_ident(name),
        Type::Reference(reference) => is_param(&reference.elem, name),
        Type::Paren(inner) => is_param(&inner.elem, name),
        _ => false,
    }
}

/// The chosen type put where an `impl Trait` is, inside references too (`&impl Read`).
fn replace_impl(ty: &mut Type, chosen: &Type) {
    match ty {
        Type::ImplTrait(_) => *ty = chosen.clone(),
        Type::Reference(reference) => replace_impl(&mut reference.elem, chosen),
        Type::Paren(inner) => replace_impl(&mut inner.elem, chosen),
        _ => {}
    }
}

/// The type or value for each type, const and `impl Trait` parameter of `function`, or why
/// none can be chosen.
pub fn choose(function: &ItemFn, overrides: &[(Ident, TokenStream)]) -> Result<Chosen, String> {
    choose_in(function, overrides, None)
}

/// [`choose`] for a function of an impl block of `self_ty`, whose `where Self: Trait<T>`
/// bounds choose `T` among the implementations of `Trait` for the type.
pub fn choose_in(
    function: &ItemFn,
    overrides: &[(Ident, TokenStream)],
    self_ty: Option<&Type>,
) -> Result<Chosen, String> {
    let names = param_names(&function.sig.generics);
    check_result(&function.sig)?;
    let called = calls::Sites::of_crate().for_function(
        &function.sig.ident.to_string(),
        &function.sig.generics,
        function.sig.inputs.iter(),
    );
    let context = Context {
        span: function.sig.fn_token.span,
        self_ty,
        owned: false,
        found: std::cell::OnceCell::new(),
        called,
    };
    let (params, mut substitute) = choose_params(&function.sig.generics, overrides, &context)?;
    let mut impls = Vec::new();
    for (index, input) in function.sig.inputs.iter().enumerate() {
        let FnArg::Typed(typed) = input else {
            continue;
        };
        if let Some(bounds) = impl_bounds(&typed.ty) {
            let list: Vec<Bound> = trait_bounds(bounds)
                .iter()
                .map(|bound| Bound::of(bound, &mut substitute))
                .collect();
            let written = tidy(&quote!(impl #bounds));
            let ty = pick_in(&written, &list, &context)?;
            impls.push((index, syn::parse2(ty).map_err(|e| e.to_string())?, written));
        }
    }
    let traits = substitute.traits;
    let chosen = Chosen {
        params,
        impls,
        traits,
    };
    // An associated type of a parameter becomes its chosen type's through the parameter's
    // bound (`I::Item` through `I: Iterator`); one of a parameter without a bound that has it
    // would be left as written.
    check_projections(&chosen.concrete(function).sig, &chosen.params, &names)?;
    Ok(chosen)
}

/// The types for the parameters of an impl block generic over types (`impl<T: Ord> Tree<T>`),
/// or why none can be chosen: its functions are searched on the type with them
/// (`Tree<u8>`). The signatures of its functions must not name a parameter's associated type.
pub fn choose_for_block(block: &ItemImpl) -> Result<Chosen, String> {
    // Trait impls keep the whole-block check: their methods stand or fall together.
    if block.trait_.is_some() {
        let names = param_names(&block.generics);
        for member in &block.items {
            if let ImplItem::Fn(function) = member {
                check_signature(&function.sig, &names)?;
            }
        }
    }
    let context = Context {
        span: block.impl_token.span,
        self_ty: None,
        owned: true,
        found: std::cell::OnceCell::new(),
        called: calls::Sites::of_crate().for_type(&block.self_ty, &block.generics),
    };
    let (params, _) = choose_params(&self_in_bounds(block), &[], &context)?;
    if let Some((name, _)) = params.iter().find(|(_, ty)| is_closure(ty)) {
        return Err(format!(
            "is generic over a closure `{name}`, which symtest makes for functions only yet"
        ));
    }
    // In the items a block's search writes (`impl Constructed for AsKebabCase<&'static str>`),
    // a reference needs its lifetime.
    let params = params
        .into_iter()
        .map(|(name, ty)| match syn::parse2::<Type>(ty.clone()) {
            Ok(mut parsed) => {
                StaticReferences.visit_type_mut(&mut parsed);
                (name, parsed.into_token_stream())
            }
            Err(_) => (name, ty),
        })
        .collect();
    Ok(Chosen {
        params,
        ..Chosen::default()
    })
}

/// Whether the type arguments of the block's type, if any, are the block's own type
/// parameters (`impl<K: Ord, V> Tree<K, V>`), on a type that is not the standard library's
/// (`impl<T> Summary for Vec<T>` is left out: no sequence of the crate builds a `Vec`).
pub fn generic_self(block: &ItemImpl) -> bool {
    let Type::Path(path) = &*block.self_ty else {
        return true;
    };
    // A blanket impl (`impl<T: AsRef<[u8]>> ToBase32 for T`) is of no one type.
    if path.path.get_ident().is_some_and(|ident| {
        block
            .generics
            .type_params()
            .any(|param| param.ident == *ident)
    }) {
        return false;
    }
    let Some(last) = path.path.segments.last() else {
        return true;
    };
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        return true;
    };
    // A const argument that is a parameter of the block parses as a type (`Pattern<M, S>`).
    let params = param_names(&block.generics);
    let own = args.args.iter().all(|arg| match arg {
        syn::GenericArgument::Type(Type::Path(path)) => path
            .path
            .get_ident()
            .is_some_and(|ident| params.contains(&ident.to_string())),
        syn::GenericArgument::Type(_) => false,
        _ => true,
    });
    let std = [
        "Vec",
        "VecDeque",
        "Option",
        "Result",
        "Box",
        "Rc",
        "Arc",
        "Cell",
        "RefCell",
        "Mutex",
        "HashMap",
        "HashSet",
        "BTreeMap",
        "BTreeSet",
        "BinaryHeap",
        "LinkedList",
        "Cow",
        "PhantomData",
        "Reverse",
        "Wrapping",
    ];
    own && !std.iter().any(|name| last.ident == name)
}

/// Whether the block is searched: generic over lifetimes only, or over types that can be
/// chosen, of a type [`generic_self`] accepts.
pub fn searchable(block: &ItemImpl) -> bool {
    crate::signature::lifetimes::only(&block.generics)
        || (generic_self(block) && choose_for_block(block).is_ok())
}

/// The block's generics with `Self` in their bounds replaced by the block's type (`O:
/// Into<Self>` of `impl<T, O: Into<Self>> Add<O> for Decimal<T>` is `O: Into<Decimal<T>>`):
/// a type chosen for `O` names the type, which `Self` outside the block does not. What a
/// `where` clause bounds stays as written (`where Self: Sized`).
fn self_in_bounds(block: &ItemImpl) -> Generics {
    let mut generics = block.generics.clone();
    // A type with the block's lifetimes (`&'a Span<T>`) would name them where it is chosen.
    let self_text = block.self_ty.to_token_stream().to_string();
    if self_text.contains('\'') {
        return generics;
    }
    // Nor is `Self` replaced in the bounds of a parameter the type holds (`T: Into<Self>` on
    // `Wrapper<T>` would choose `Wrapper<T>` for `T`).
    let held = |name: &Ident| mentions_ident(&self_text, &name.to_string());
    let mut replace = crate::signature::parameters::SelfType(&block.self_ty);
    for param in generics
        .type_params_mut()
        .filter(|param| !held(&param.ident))
    {
        let bounds = param.bounds.iter_mut();
        bounds.for_each(|bound| replace.visit_type_param_bound_mut(bound));
    }
    if let Some(clause) = &mut generics.where_clause {
        for predicate in &mut clause.predicates {
            let syn::WherePredicate::Type(predicate) = predicate else {
                continue;
            };
            let bounded = match &predicate.bounded_ty {
                Type::Path(path) => path.path.get_ident(),
                _ => None,
            };
            if bounded.is_none_or(|name| !held(name)) {
                let bounds = predicate.bounds.iter_mut();
                bounds.for_each(|bound| replace.visit_type_param_bound_mut(bound));
            }
        }
    }
    generics
}

/// Gives each reference without a lifetime `'static`.
struct StaticReferences;

impl VisitMut for StaticReferences {
    fn visit_type_reference_mut(&mut self, reference: &mut syn::TypeReference) {
        if reference.lifetime.is_none() {
            reference.lifetime = Some(syn::Lifetime::new(
                "'static",
                proc_macro2::Span::call_site(),
            ));
        }
        syn::visit_mut::visit_type_reference_mut(self, reference);
    }
}

/// Whether `path` names one of the block's type parameters (`Add<T>` of `impl<T> Add<T> for
/// ByteSize`).
pub fn names_param(path: &syn::Path, block: &ItemImpl) -> bool {
    let text = path.to_token_stream().to_string();
    block
        .generics
        .type_params()
        .any(|param| mentions_ident(&text, &param.ident.to_string()))
}

pub(crate) fn param_names(generics: &Generics) -> Vec<String> {
    generics
        .params
        .iter()
        .filter_map(|param| match param {
            GenericParam::Type(param) => Some(param.ident.to_string()),
            GenericParam::Const(param) => Some(param.ident.to_string()),
            GenericParam::Lifetime(_) => None,
        })
        .collect()
}

/// Where the parameters being chosen are declared: the crate's implementations in that file
/// (read once, when a bound asks for them), and the type of the impl block a function is in.
struct Context<'a> {
    span: proc_macro2::Span,
    self_ty: Option<&'a Type>,
    /// Choose owned types (`String` for `&str`, `Vec<u8>` for `&[u8]`) where they meet the
    /// bounds: a block's parameters are held in the value its sequences build from genes,
    /// which build owned values only.
    owned: bool,
    found: std::cell::OnceCell<std::sync::Arc<implementors::Implementations>>,
    /// The types the crate's own code gives each parameter, tried first.
    called: HashMap<String, Vec<String>>,
}

impl Context<'_> {
    fn implementations(&self) -> &implementors::Implementations {
        self.found
            .get_or_init(|| implementors::Implementations::of(self.span))
    }
}

/// [`pick`], or else a type of the crate its source file implements the bounds for.
fn pick_in(name: &str, bounds: &[Bound], context: &Context) -> Result<TokenStream, String> {
    // A bare `Hasher` or `Error` is the standard library's unless the crate defines its own.
    let bounds: Vec<Bound> = (bounds.iter())
        .map(|bound| {
            let local = bound.may_be_local() && context.implementations().defines(bound.name());
            bound.clone().local(local)
        })
        .collect();
    let bounds = &bounds[..];
    let called = context.called.get(name).map_or(&[][..], Vec::as_slice);
    let vouched = |ty: &str, bound: &Bound| context.implementations().vouches(ty, bound);
    pick(name, bounds, context.owned, called, &vouched).or_else(|reason| {
        context
            .implementations()
            .implementor(bounds)
            .map(|ty| ty.into_token_stream())
            .ok_or(reason)
    })
}

/// The value of the const parameter `name: ty`: the one the crate's own code gives it most
/// often (`pub type Matcher = Pattern<'*', '?'>`, `Buffer::<64>::new()`), else its default
/// (`const N: usize = 8`), else one the table has for its type.
fn const_chosen(
    name: &str,
    ty: &Type,
    default: Option<&Expr>,
    context: &Context,
) -> Result<TokenStream, String> {
    let literal = |text: &String| match syn::parse_str::<Expr>(text) {
        Ok(Expr::Lit(lit)) => Some(lit.into_token_stream()),
        Ok(Expr::Unary(negative)) if matches!(*negative.expr, Expr::Lit(_)) => {
            Some(negative.into_token_stream())
        }
        _ => None,
    };
    let called = context.called.get(name).map_or(&[][..], Vec::as_slice);
    match (called.iter().find_map(literal), default) {
        (Some(value), _) => Ok(value),
        (None, Some(default)) => Ok(default.to_token_stream()),
        (None, None) => const_value(name, ty),
    }
}

/// The type or value of each type and const parameter of `generics`, in their order, and the
/// substitution of them.
fn choose_params(
    generics: &Generics,
    overrides: &[(Ident, TokenStream)],
    context: &Context,
) -> Result<(Vec<(Ident, TokenStream)>, Substitute), String> {
    let mut bounds: HashMap<String, Vec<TraitBound>> = HashMap::new();
    let mut order = Vec::new();
    let mut consts = HashMap::new();
    for param in &generics.params {
        match param {
            GenericParam::Type(param) => {
                order.push(param.ident.clone());
                bounds
                    .entry(param.ident.to_string())
                    .or_default()
                    .extend(trait_bounds(&param.bounds));
            }
            GenericParam::Const(param) => {
                order.push(param.ident.clone());
                consts.insert(param.ident.to_string(), (&param.ty, param.default.as_ref()));
            }
            GenericParam::Lifetime(_) => {}
        }
    }
    let names: Vec<String> = order.iter().map(Ident::to_string).collect();
    // `where Self: Contains<T>`: `T` is what an implementation for the type takes.
    let mut from_self: HashMap<String, Type> = HashMap::new();
    let mut by_reference: Vec<(String, Vec<TraitBound>)> = Vec::new();
    if let Some(clause) = &generics.where_clause {
        for predicate in &clause.predicates {
            let WherePredicate::Type(predicate) = predicate else {
                continue;
            };
            let bounded = predicate.bounded_ty.to_token_stream().to_string();
            // `Self`, or the type itself where the signature's `Self` was resolved to it.
            if let Some(self_ty) = context.self_ty
                && (bounded == "Self" || bounded == self_ty.to_token_stream().to_string())
            {
                for bound in trait_bounds(&predicate.bounds) {
                    from_self.extend(self_bound(&bound, self_ty, &names, context)?);
                }
                continue;
            }
            // `&'a T: Add<Output = T>` (`for<'a>` too): checked once `T` is chosen.
            if let Type::Reference(reference) = &predicate.bounded_ty
                && reference.mutability.is_none()
                && names.contains(&reference.elem.to_token_stream().to_string())
            {
                let referent = reference.elem.to_token_stream().to_string();
                by_reference.push((referent, trait_bounds(&predicate.bounds)));
                continue;
            }
            if predicate.lifetimes.is_some() || !names.contains(&bounded) {
                return Err(format!(
                    "has a `where` bound on `{}`, for which symtest does not choose types yet",
                    tidy(&predicate.bounded_ty.to_token_stream())
                ));
            }
            bounds
                .entry(bounded)
                .or_default()
                .extend(trait_bounds(&predicate.bounds));
        }
    }
    for name in overrides.iter().map(|(name, _)| name) {
        if !names.contains(&name.to_string()) {
            return Err(format!(
                "is given a type for `{name}`, which it has no parameter of"
            ));
        }
    }
    let mut chosen: Vec<(Ident, TokenStream)> = Vec::new();
    let mut substitute = Substitute::default();
    // Parameters whose bounds name others come after them (`L: Iterator<Item = T>`).
    let mut pending = order.clone();
    while !pending.is_empty() {
        let ready = pending.iter().position(|ident| {
            let mentions = bounds.get(&ident.to_string()).is_some_and(|list| {
                list.iter().any(|bound| {
                    let text = bound.to_token_stream().to_string();
                    pending
                        .iter()
                        .any(|other| other != ident && mentions_ident(&text, &other.to_string()))
                })
            });
            !mentions
        });
        let Some(index) = ready else {
            return Err("has type parameters whose bounds name each other".into());
        };
        let ident = pending.remove(index);
        let name = ident.to_string();
        let ty = match overrides.iter().find(|(given, _)| *given == ident) {
            Some((_, given)) => given.clone(),
            None => match consts.get(&name) {
                Some((ty, default)) => const_chosen(&name, ty, *default, context)?,
                None if from_self.contains_key(&name) => from_self[&name].to_token_stream(),
                None => {
                    let list: Vec<Bound> = bounds
                        .get(&name)
                        .map(|list| list.iter().map(|b| Bound::of(b, &mut substitute)).collect())
                        .unwrap_or_default();
                    pick_in(&name, &list, context)?
                }
            },
        };
        let own = bounds.get(&name).map_or(&[][..], Vec::as_slice);
        substitute.insert(name, ty.clone(), own);
        chosen.push((ident, ty));
    }
    // A bound on a reference to a parameter holds for a reference to the type chosen, as far
    // as the table knows (`&u64: Add<Output = u64>`).
    for (referent, list) in &by_reference {
        let Some((_, ty)) = chosen.iter().find(|(ident, _)| ident == referent) else {
            continue;
        };
        let reference = format!("&{}", tidy(ty));
        for bound in list {
            let bound = Bound::of(bound, &mut substitute);
            if table::meets(&reference, &bound) != Some(true) {
                return Err(format!(
                    "has a `where` bound on `&{referent}`, `{}`, that symtest cannot tell \
                     `{reference}` meets",
                    bound.text()
                ));
            }
        }
    }
    // Back in the order the function declares them, for the turbofish.
    chosen.sort_by_key(|(ident, _)| order.iter().position(|other| other == ident));
    Ok((chosen, substitute))
}

/// The parameters a `where Self: Trait<…>` bound names as the trait's arguments, each with
/// the argument of the first implementation of the trait for `self_ty` in its file.
fn self_bound(
    bound: &TraitBound,
    self_ty: &Type,
    names: &[String],
    context: &Context,
) -> Result<Vec<(String, Type)>, String> {
    let missing = || {
        format!(
            "has a `where Self: {}` bound that no implementation in its file meets",
            tidy(&bound.to_token_stream())
        )
    };
    let last = bound.path.segments.last().ok_or_else(missing)?;
    let syn::PathArguments::AngleBracketed(args) = &last.arguments else {
        // No type to choose: the bound holds or the method cannot be called.
        let trait_ = last.ident.to_string();
        return match context.implementations().meets(self_ty, &trait_) {
            true => Ok(Vec::new()),
            false => Err(missing()),
        };
    };
    let mut chosen = Vec::new();
    let types = args.args.iter().filter_map(|arg| match arg {
        syn::GenericArgument::Type(ty) => Some(ty),
        _ => None,
    });
    for (position, ty) in types.enumerate() {
        let text = ty.to_token_stream().to_string();
        if names.contains(&text) {
            let found = context
                .implementations()
                .argument_for(self_ty, &last.ident.to_string(), position)
                .ok_or_else(missing)?;
            chosen.push((text, found));
        }
    }
    Ok(chosen)
}

/// Why the method `sig` of an inherent block generic over types cannot be searched on the
/// types `chosen` for the block, if it cannot: its signature names an associated type of a
/// parameter (`-> Either<L::IntoIter, R::IntoIter>`), or its `where` clause bounds a
/// parameter by what the chosen type may not meet (`where L: IntoIterator` with `L = u8`).
/// The block's other methods are searched.
pub fn method_fits(sig: &syn::Signature, block: &ItemImpl, chosen: &Chosen) -> Result<(), String> {
    let names = param_names(&block.generics);
    check_signature(sig, &names)?;
    let Some(clause) = &sig.generics.where_clause else {
        return Ok(());
    };
    let mut substitute = Substitute::default();
    for (name, ty) in &chosen.params {
        substitute.insert(name.to_string(), ty.clone(), &[]);
    }
    let found = std::cell::OnceCell::new();
    for predicate in &clause.predicates {
        let WherePredicate::Type(predicate) = predicate else {
            continue;
        };
        let bounded = tidy(&predicate.bounded_ty.to_token_stream());
        let Some((_, ty)) = chosen.params.iter().find(|(name, _)| *name == bounded) else {
            // A bound on a type made of the block's parameters (`for<'a> &'a L: IntoIterator`)
            // is not one the table can check.
            if names.iter().any(|name| mentions_ident(&bounded, name)) {
                return Err(format!(
                    "has a `where` bound on `{bounded}`, for which symtest does not choose types \
                     yet"
                ));
            }
            continue;
        };
        let ty = tidy(ty);
        // The table's, else the crate's implementations and derives (`T: Clone` where `T` is
        // `Vowels`, which derives it).
        let crate_meets = |bound: &Bound| {
            bound.args().is_empty()
                && syn::parse_str::<Type>(&ty).is_ok_and(|parsed| {
                    (found.get_or_init(|| implementors::Implementations::of(block.impl_token.span)))
                        .meets(&parsed, bound.name())
                })
        };
        for bound in trait_bounds(&predicate.bounds) {
            let bound = Bound::of(&bound, &mut substitute);
            let table = table::meets(&ty.replace("&'static ", "&"), &bound);
            if table != Some(true) && !(table.is_none() && crate_meets(&bound)) {
                return Err(format!(
                    "has a `where` bound `{bounded}: {}` that the type chosen for its block \
                     (`{bounded} = {ty}`) may not meet",
                    bound.text()
                ));
            }
        }
    }
    Ok(())
}

/// What the signature must not use for a choice of types to stand in it.
fn check_signature(sig: &syn::Signature, names: &[String]) -> Result<(), String> {
    check_result(sig)?;
    check_projections(sig, &[], names)
}

/// An `impl Trait` result tests cannot use as a caller would (see
/// [`crate::signature::results`]).
fn check_result(sig: &syn::Signature) -> Result<(), String> {
    match crate::signature::results::of(&sig.output) {
        Some(Err(reason)) => Err(reason),
        _ => Ok(()),
    }
}

/// An associated type of a parameter (`I::Item`) left in `sig` or in the types `chosen` for
/// the parameters, which nothing outside the function can name.
fn check_projections(
    sig: &syn::Signature,
    chosen: &[(Ident, TokenStream)],
    names: &[String],
) -> Result<(), String> {
    let mut text: Vec<String> = chosen.iter().map(|(_, ty)| ty.to_string()).collect();
    for input in &sig.inputs {
        if let FnArg::Typed(typed) = input {
            text.push(typed.ty.to_token_stream().to_string());
        }
    }
    if let syn::ReturnType::Type(_, ty) = &sig.output {
        text.push(ty.to_token_stream().to_string());
    }
    for name in names {
        let projection = format!("{name} ::");
        if text.iter().any(|ty| {
            ty.starts_with(&projection)
                || ty.contains(&format!(" {projection}"))
                || ty.contains(&format!("< {projection}"))
        }) {
            return Err(format!(
                "names an associated type of `{name}` in its signature, which symtest does not \
                 choose types for yet"
            ));
        }
    }
    Ok(())
}

fn mentions_ident(text: &str, ident: &str) -> bool {
    text.split(|c: char| !c.is_alphanumeric() && c != '_')
        .any(|word| word == ident)
}

fn trait_bounds(bounds: &Punctuated<TypeParamBound, Token![+]>) -> Vec<TraitBound> {
    bounds
        .iter()
        .filter_map(|bound| match bound {
            // `?Sized` asks for nothing a chosen (sized) type lacks.
            TypeParamBound::Trait(bound)
                if matches!(bound.modifier, syn::TraitBoundModifier::None) =>
            {
                Some(bound.clone())
            }
            _ => None,
        })
        .collect()
}

/// Whether `sig` takes an `impl Trait` argument (`f: impl Fn(u8) -> bool`, `r: &impl Read`).
pub fn takes_impl_trait(sig: &syn::Signature) -> bool {
    sig.inputs.iter().any(|input| match input {
        FnArg::Typed(typed) => impl_bounds(&typed.ty).is_some(),
        FnArg::Receiver(_) => false,
    })
}

fn impl_bounds(ty: &Type) -> Option<&Punctuated<TypeParamBound, Token![+]>> {
    match ty {
        Type::ImplTrait(implemented) => Some(&implemented.bounds),
        Type::Reference(reference) => impl_bounds(&reference.elem),
        Type::Paren(inner) => impl_bounds(&inner.elem),
        _ => None,
    }
}

#[cfg(test)]
mod tests;
