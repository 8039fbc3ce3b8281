//! `#[symtest]` on an impl block, inherent or of a trait (see `crate::items::traits` for what
//! differs there). In symtest builds every function of the block that symtest can call is
//! instrumented. Associated functions without `self` are searched as functions, as free
//! functions are, except the constructors of a type with methods. Methods are searched as call
//! sequences of their type (see `crate::items::sequence`), together with the methods of the type's
//! other annotated blocks in the module: the first of them in the file emits the sequences.

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::{
    GenericArgument, Ident, ImplItem, ImplItemFn, ItemFn, ItemImpl, PathArguments, ReturnType, Type,
};

use crate::items::callable::{Callable, Made, entry_suffix, meta_of, type_name};
use crate::items::forms::Form;
use crate::items::function::{Mode, entry_point, lower_function};
use crate::items::placement::{Group, is_symtest};
use crate::signature::generics::Chosen;
use crate::signature::parameters;

mod unsized_self;

/// What symtest does with one function of a block: calls it, or skips it with a reason.
struct Planned {
    /// Its position among the block's items.
    index: usize,
    /// `Type::name`, as reports show it.
    shown: String,
    suffix: String,
    line: u32,
    callable: Result<Callable, String>,
}

/// Why the functions of a block of a type without a name of its own are skipped: a blanket
/// impl, a tuple, a block of the standard library's `Vec<T>`.
const CANNOT_NAME: &str = "is in an impl block of a type symtest cannot name";

/// Why a function of a block in another module than its type's is not called: the type's
/// module calls the block's functions in its sequences, and cannot name a type of this one's.
const REMOTE: &str = "is in a block in another module than its type's definition, and names a \
                      type or trait the type's module cannot name (one of this module's own, \
                      or one imported here from another crate)";

/// Why the functions of an inherent block of an unsized type are skipped (a trait impl of
/// `str`, `Path` or a slice is searched: see `unsized_self`).
const UNSIZED: &str = "is in an impl block of an unsized type that is not a trait impl of a \
                       named one (`impl Trait for str` is searched), which symtest does not \
                       search yet";

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
    let chosen = crate::signature::generics::choose_for_block(&item);
    let why_not = if !crate::signature::generics::generic_self(&item) {
        // A blanket impl of a trait is searched on a type chosen for its parameter.
        let Some(param) = blanket_param(&item) else {
            return foreign(item, chosen);
        };
        match &chosen {
            Ok(chosen) => return unsized_self::instrument(item, &param, chosen),
            Err(reason) => Some(block_reason(reason)),
        }
    } else if let Err(reason) = &chosen {
        Some(block_reason(reason))
    } else if unsized_in_crate(&item.self_ty, item.impl_token.span) {
        // A trait impl's `&self` methods are searched as functions of the receiver; a block
        // generic over types (`impl<T: Copy> FromSlice<T> for [T]`) on the types chosen for
        // its parameters.
        if let (Some(_), Some(type_name), Ok(chosen)) = (
            &item.trait_,
            type_name(&item.self_ty).or_else(|| reported_name(&item.self_ty)),
            &chosen,
        ) {
            return unsized_self::instrument(item, &type_name, chosen);
        }
        Some(UNSIZED.to_string())
    } else {
        None
    };
    match (why_not, type_name(&item.self_ty)) {
        (None, Some(type_name)) => instrument(item, &type_name),
        (None, None) => foreign(item, chosen),
        (Some(reason), _) => skip_all(item, &reason),
    }
}

/// A block [`foreign_self`] answers for: its methods searched as functions of what they take,
/// or each skipped with why. `chosen` is what [`crate::signature::generics::choose_for_block`]
/// gave the block.
fn foreign(item: ItemImpl, chosen: Result<Chosen, String>) -> TokenStream {
    match foreign_self(&item, chosen) {
        Some(Ok((type_name, chosen))) => unsized_self::instrument(item, &type_name, &chosen),
        Some(Err(reason)) => skip_all(item, &reason),
        None => skip_all(item, CANNOT_NAME),
    }
}

/// A trait impl of a type no call sequence holds, whose methods are searched as functions
/// of what they take: a reference (`&'a str`), a standard library type (`Vec<u8>`,
/// `Result<T, Error>`), an array or a tuple (`[u8; 16]`, `(u64, u64)`, `[T; 3]`). Gives the
/// name reports give its functions (see [`reported_name`]; a reference to the block's
/// parameter, `impl<'a, T: Trait> Trait for &'a T`, is named by the parameter, as a blanket
/// impl is) and the types chosen for the block's parameters, or why they cannot be chosen;
/// `None` for any other block.
fn foreign_self(
    item: &ItemImpl,
    chosen: Result<Chosen, String>,
) -> Option<Result<(Ident, Chosen), String>> {
    item.trait_.as_ref()?;
    let type_name = reported_name(&item.self_ty)?;
    if crate::signature::lifetimes::only(&item.generics) {
        return Some(Ok((type_name, Chosen::default())));
    }
    Some(match chosen {
        Ok(chosen) => Ok((type_name, chosen)),
        Err(reason) => Err(block_reason(&reason)),
    })
}

/// `ty as trait_`, their lifetimes elided, as the runtime's `Generic::self_type` carries a
/// block's type with its trait for tests to call its functions through
/// (`[u16; 2] as From<Span<u16>>`).
fn through_trait(ty: &Type, trait_: &syn::Path) -> String {
    let ty = crate::signature::lifetimes::elided_type(ty);
    let trait_ = crate::signature::lifetimes::elided(trait_);
    crate::source::display::tidy(&quote!(#ty as #trait_))
}

/// The name reports give the functions of a block of `ty`: its path's last segment (`Vec` of
/// `Vec<u8>`), a reference's referent's (`str` of `&'a str`), as the write-back finds them;
/// `array`, `slice` and `tuple` for those, whose functions reports name by their trait.
pub(crate) fn reported_name(ty: &Type) -> Option<Ident> {
    match ty {
        Type::Reference(reference) => reported_name(&reference.elem),
        Type::Group(group) => reported_name(&group.elem),
        Type::Paren(paren) => reported_name(&paren.elem),
        Type::Path(path) if path.qself.is_none() => {
            path.path.segments.last().map(|l| l.ident.clone())
        }
        Type::Array(_) => Some(Ident::new("array", Span::call_site())),
        Type::Slice(_) => Some(Ident::new("slice", Span::call_site())),
        Type::Tuple(tuple) if !tuple.elems.is_empty() => {
            Some(Ident::new("tuple", Span::call_site()))
        }
        _ => None,
    }
}

/// The type parameter a trait impl is for, when it is a blanket impl (`T` of `impl<T:
/// AsRef<[u8]>> ToBase32 for T`, and of `impl<T: Trait> Trait for &T`).
fn blanket_param(item: &ItemImpl) -> Option<Ident> {
    // Or of references to it (`impl<'a, T: ?Sized + Unindent> Unindent for &'a T`), called
    // on a reference to the chosen type.
    let mut self_ty = &*item.self_ty;
    while let Type::Reference(reference) = self_ty {
        self_ty = &reference.elem;
    }
    let Type::Path(path) = self_ty else {
        return None;
    };
    let ident = path.path.get_ident()?;
    let is_param = item
        .generics
        .type_params()
        .any(|param| param.ident == *ident);
    (item.trait_.is_some() && path.qself.is_none() && is_param).then(|| ident.clone())
}

/// Why the functions of a block generic over types are skipped, from why no types could be
/// chosen for its parameters (`is generic over `T: Shape`, …` of [`crate::signature::generics`]).
fn block_reason(reason: &str) -> String {
    let reason = reason.split("; name one with").next().unwrap_or(reason);
    match reason.strip_prefix("is ") {
        Some(generic) => format!("is in an impl block {generic}"),
        None => format!("is in an impl block that {reason}"),
    }
}

/// [`is_unsized`], or one of the crate's structs that end in an unsized field (`pub struct
/// AsciiStr { slice: [AsciiChar] }`), by name; `span` is the block's, to read the crate.
fn unsized_in_crate(ty: &Type, span: proc_macro2::Span) -> bool {
    is_unsized(ty) || crate::source::private::is_unsized(span, ty)
}

/// Whether `ty` is a type no value of which a sequence can hold: `str`, `[T]`, `Path`,
/// `OsStr`, `CStr`, a trait object.
fn is_unsized(ty: &Type) -> bool {
    match ty {
        Type::Slice(_) | Type::TraitObject(_) => true,
        Type::Group(group) => is_unsized(&group.elem),
        Type::Paren(paren) => is_unsized(&paren.elem),
        Type::Path(path) => {
            path.qself.is_none()
                && path.path.segments.last().is_some_and(|last| {
                    last.ident == "str" || parameters::LENT.iter().any(|name| last.ident == name)
                })
        }
        _ => false,
    }
}

/// The block with an entry per function that reports why it is skipped, each function
/// instrumented for its callers where it can be (see `crate::items::skip::method_entry`).
fn skip_all(mut item: ItemImpl, reason: &str) -> TokenStream {
    let ty = crate::source::display::type_text(&item.self_ty);
    let shown = match &item.trait_ {
        Some((_, path, _)) => {
            let path = Type::Path(syn::TypePath {
                qself: None,
                path: path.clone(),
            });
            format!("<{ty} as {}>", crate::source::display::type_text(&path))
        }
        None => ty,
    };
    let type_name = type_name(&item.self_ty).map_or_else(|| "impl".to_string(), |t| t.to_string());
    let generic = item.generics.type_params().next().is_some();
    let (item_ty, trait_path) = (&item.self_ty, item.trait_.as_ref().map(|(_, path, _)| path));
    let mut entries = Vec::new();
    for member in &mut item.items {
        let ImplItem::Fn(function) = member else {
            continue;
        };
        let name = function.sig.ident.clone();
        let sig = &function.sig;
        let suffix = format!(
            "{type_name}__{name}__{}",
            crate::items::skip::unique(&quote!(#item_ty #trait_path #sig))
        );
        let shown = format!("{shown}::{name}");
        let entry = crate::items::skip::method_entry(function, &shown, &suffix, reason, generic);
        entries.push(entry);
    }
    quote!(#item #(#entries)*)
}

fn instrument(item: ItemImpl, type_name: &Ident) -> TokenStream {
    // A block behind a gate symtest cannot evaluate (`#[cfg(debug_assertions)]`) is in this
    // build, but not in the group the type's other blocks see: on its own it would emit
    // sequences beside theirs. Its functions are skipped, instrumented for their callers.
    if crate::source::cfg::all_hold(&item.attrs).is_none() {
        let gate = item.attrs.iter().find(|attr| attr.path().is_ident("cfg"));
        let text = crate::source::display::tidy(&quote!(#gate));
        let reason =
            format!("is in a block behind `{text}`, which symtest cannot tell this build has");
        return skip_all(item, &reason);
    }
    // The other annotated blocks of the type in this module: the first block's sequences
    // call the functions of all of them (each block instruments its own), and the others
    // have none of their own.
    let group = crate::items::placement::annotated_blocks(
        &item,
        type_name,
        crate::items::callable::type_name,
    );
    instrument_in(item, type_name, group)
}

/// [`instrument`], with the type's annotated blocks as `group` shows them.
fn instrument_in(item: ItemImpl, type_name: &Ident, group: Option<Group>) -> TokenStream {
    // The type's constants, as constructors (the module's in the first block only).
    let module_constants = match &group {
        Some(group) if group.position == 0 => &group.constants[..],
        _ => &[],
    };
    let mut item = crate::items::constants::with_constants(&item, type_name, module_constants);
    // The type as the block names it (`Stack`, `crate::a::Stack`): generated code calls
    // through it, so it works wherever the block is. Its lifetimes are `'static` there.
    // A block generic over types is searched on the type with the types chosen for them.
    let chosen = crate::signature::generics::choose_for_block(&item).unwrap_or_default();
    let self_ty = held_type(&item, &chosen);
    let avoid = group
        .as_ref()
        .map(|group| group.avoid())
        .unwrap_or_default();
    let mut callables = Vec::new();
    let mut statics = Vec::new();
    let mut entries = Vec::new();
    let mut twins = Vec::new();
    let mut planned_all = plan(&item, type_name, &avoid, group.is_some());
    if let Some(group) = &group {
        qualify_shared_names(&item, group, &mut planned_all);
        // What the type's module cannot call of a block of another module is skipped here.
        if group.emitted_elsewhere {
            let unreachable = crate::items::remote::unreachable_from(
                &item,
                item.impl_token.span,
                &group.module,
                &group.here,
            );
            for planned in &mut planned_all {
                if let ImplItem::Fn(function) = &item.items[planned.index]
                    && unreachable.contains(&function.sig.ident)
                    && planned.callable.is_ok()
                {
                    planned.callable = Err(REMOTE.to_string());
                }
            }
        }
    }
    for planned in planned_all {
        // What symtest cannot call (generic, async, unsafe, or taking what it cannot
        // generate) is reported as skipped, and instrumented for its callers where it can be.
        let mut callable = match planned.callable {
            Ok(callable) => callable,
            Err(reason) => {
                let (shown, suffix) = (&planned.shown, &planned.suffix);
                let entry = match &mut item.items[planned.index] {
                    ImplItem::Fn(function) => {
                        let gates = crate::items::types::cfgs(&function.attrs);
                        let entry = crate::items::skip::method_entry(
                            function,
                            shown,
                            suffix,
                            &reason,
                            !chosen.is_empty(),
                        );
                        gated_items(entry, &gates)
                    }
                    _ => crate::items::skip::entry(shown, suffix, planned.line, &reason),
                };
                entries.push(entry);
                continue;
            }
        };
        let ImplItem::Fn(function) = &mut item.items[planned.index] else {
            continue;
        };
        let meta = &callable.meta;
        // A function generic over types of its own is opaque as the block's are.
        let opaque = match callable.chosen.is_empty() {
            true => &chosen,
            false => &callable.chosen,
        };
        let table = crate::signature::generics::lowering(!opaque.is_empty(), || {
            lower_function(&mut callable.lowered, meta, &planned.shown)
        });
        let vis = &function.vis;
        // A `const fn` stays as written (const contexts may call it); its instrumented twin
        // is what the search calls.
        match function.sig.constness {
            Some(_) => {
                let block = (*callable.lowered.block).clone();
                twins.push(crate::body::twin::with_body(&as_item_fn(function), block));
            }
            None => function.block = (*callable.lowered.block).clone(),
        }
        // Visible to the crate: the sequences of the type's module may name it from another.
        let crate_visible: syn::Visibility = syn::parse_quote!(pub(crate));
        let vis = match vis {
            syn::Visibility::Inherited => &crate_visible,
            other => other,
        };
        statics.push(crate::items::function::meta_static(vis, meta, &table));
        callables.push(callable);
    }
    let (before, after, first) = match &group {
        Some(group) => {
            let mut after = callables_of(
                &group.blocks[group.position + 1..],
                type_name,
                &avoid,
                &self_ty,
            );
            // The type's blocks in other modules, where this one defines it.
            if group.position == 0 {
                let plan_named = |block: &ItemImpl| {
                    (plan(block, type_name, &avoid, true).into_iter())
                        .filter_map(|planned| match &block.items[planned.index] {
                            ImplItem::Fn(function) => {
                                Some((function.sig.ident.to_string(), planned.callable))
                            }
                            _ => None,
                        })
                        .collect()
                };
                after.extend(crate::items::remote::callables(
                    &group.remote,
                    item.impl_token.span,
                    &group.here,
                    plan_named,
                ));
            }
            (
                callables_of(&group.blocks[..group.position], type_name, &avoid, &self_ty),
                after,
                group.position == 0 && !group.emitted_elsewhere,
            )
        }
        // A trait impl the file does not show adds no sequences (its methods are skipped):
        // an inherent block of the type may have them.
        None => (Vec::new(), Vec::new(), item.trait_.is_none()),
    };
    // Associated functions are searched as functions, except the constructors of a type
    // with methods: the sequences start with them, and cover their branches.
    let has_methods = (before.iter().chain(&callables).chain(&after)).any(|c| c.receiver.is_some());
    // Searched as a function, a constructor returns a value borrowing the entry's locals.
    let self_ty_inferred = chosen.on_type(&crate::signature::lifetimes::elided_type(&item.self_ty));
    for c in &callables {
        let constant = crate::items::constants::constant_of(&c.name).is_some();
        if c.receiver.is_none() && !(has_methods && c.made != Made::Nothing) && !constant {
            let name = &c.called;
            let self_ty = &self_ty_inferred;
            let callee = match &c.trait_ {
                Some(trait_) => quote!(<#self_ty as #trait_>::#name),
                None => quote!(<#self_ty>::#name),
            };
            // A trait's function of a generic block is called through the chosen types, the
            // trait's too (`<Span<u16> as Ordered<u16>>::ordered`), where the header names `T`.
            let generic = match (&c.trait_, chosen.is_empty()) {
                (Some(trait_), false) => chosen.subject_field_on(
                    &TokenStream::new(),
                    &through_trait(self_ty, &chosen.on_path(trait_)),
                ),
                _ => chosen.subject_field(&TokenStream::new()),
            };
            entries.push(entry_point(
                &c.lowered, &c.params, &c.meta, &callee, &c.suffix, &generic,
            ));
        }
    }
    let sequences = match first {
        true => {
            let all: Vec<Callable> = callables.into_iter().chain(after).collect();
            let taken = crate::signature::scope::unbindable_beside(&item);
            let defined = group.as_ref().is_some_and(|group| group.defined);
            // A block of the type that names `'static` lets its functions keep what a value
            // of it borrows: the sequences leak it (see `symtest_runtime::genes::lent`).
            let keeps = match &group {
                Some(group) => group
                    .blocks
                    .iter()
                    .any(crate::signature::lifetimes::block_names_static),
                None => crate::signature::lifetimes::block_names_static(&item),
            };
            crate::items::sequence::sequence_subject(
                type_name,
                &self_ty,
                &all,
                item.impl_token.span,
                &taken,
                (defined, keeps),
                &chosen.subject_field(&TokenStream::new()),
            )
        }
        false => TokenStream::new(),
    };
    let twins = match twins.is_empty() {
        true => TokenStream::new(),
        false => {
            // In a block of the block's own generics and type, as it writes them.
            let (generics, _, clause) = item.generics.split_for_impl();
            let written = &item.self_ty;
            quote!(impl #generics #written #clause { #(#twins)* })
        }
    };
    quote! {
        #item
        #twins
        #(#statics)*
        #(#entries)*
        #sequences
    }
}

/// Why a function behind a `#[cfg(…)]` this build may not have is not called (`with_check`
/// behind `#[cfg(feature = "check")]` without `check`): the block's sequences and entries
/// would name it, and fail to compile. It is still instrumented for its callers. One whose
/// gates hold in this build (see [`crate::source::cfg`]; `#[cfg(test)]` in every build
/// symtest searches) is called as any other.
fn gated(attrs: &[syn::Attribute]) -> Option<String> {
    let holds = crate::source::cfg::all_hold(attrs);
    if holds == Some(true) || crate::source::tree::is_test_only(attrs) {
        return None;
    }
    let gate = attrs.iter().find(|attr| {
        attr.path().is_ident("cfg")
            && !crate::source::tree::is_test_only(std::slice::from_ref(*attr))
    })?;
    let text = crate::source::display::tidy(&quote!(#gate));
    Some(match holds {
        Some(_) => format!("is behind `{text}`, which this build does not have"),
        None => format!(
            "is behind `{text}`, which symtest cannot tell this build has, so does not search it"
        ),
    })
}

/// The items of `tokens`, each behind `gates`: what names a gated function exists in the
/// builds it exists in (two functions of one name behind `cfg(feature = "x")` and `cfg(not(
/// feature = "x"))` get one entry each, never two in one build).
fn gated_items(tokens: TokenStream, gates: &[syn::Attribute]) -> TokenStream {
    if gates.is_empty() {
        return tokens;
    }
    match syn::parse2::<syn::File>(tokens.clone()) {
        Ok(mut file) => {
            for item in &mut file.items {
                if let Some(attrs) = item_attrs(item) {
                    attrs.splice(0..0, gates.iter().cloned());
                }
            }
            let items = &file.items;
            quote!(#(#items)*)
        }
        Err(_) => tokens,
    }
}

fn item_attrs(item: &mut syn::Item) -> Option<&mut Vec<syn::Attribute>> {
    match item {
        syn::Item::Static(item) => Some(&mut item.attrs),
        syn::Item::Const(item) => Some(&mut item.attrs),
        syn::Item::Fn(item) => Some(&mut item.attrs),
        syn::Item::Mod(item) => Some(&mut item.attrs),
        syn::Item::Impl(item) => Some(&mut item.attrs),
        syn::Item::Struct(item) => Some(&mut item.attrs),
        _ => None,
    }
}

/// Names a function of the trait impl `block` by its type and trait as written (`<Level as
/// From<u8>>::from`, `<inner::Quoter as From<Quoter>>::from`) where another annotated block of
/// the module, for a type of the same name, defines a function of the same name: reports, test
/// headers and test names must tell the two apart. Other functions keep `Type::name`, which
/// is how a person names them.
fn qualify_shared_names(block: &ItemImpl, group: &Group, planned: &mut [Planned]) {
    let Some((_, trait_path, _)) = &block.trait_ else {
        return;
    };
    let others = group.blocks.iter().enumerate();
    let others: Vec<&ItemImpl> = others
        .filter(|(index, _)| *index != group.position)
        .map(|(_, other)| other)
        .collect();
    for planned in planned {
        let ImplItem::Fn(function) = &block.items[planned.index] else {
            continue;
        };
        let name = &function.sig.ident;
        let shared = others.iter().any(|other| {
            (other.items.iter()).any(|item| matches!(item, ImplItem::Fn(f) if f.sig.ident == *name))
        });
        if shared {
            planned.shown = qualified_name(&block.self_ty, trait_path, name);
        }
    }
}

/// `<Type as Trait>::name`, the block's lifetimes elided (`<Cow<'_, str> as
/// From<PercentEncode<'_>>>::from`): how reports name a function two blocks define, which
/// tests can also call it by.
fn qualified_name(self_ty: &Type, trait_: &syn::Path, name: &Ident) -> String {
    let ty = crate::signature::lifetimes::elided_type(self_ty);
    let trait_ = Type::Path(syn::TypePath {
        qself: None,
        path: crate::signature::lifetimes::elided(trait_),
    });
    let (ty, trait_) = (
        crate::source::display::type_text(&ty),
        crate::source::display::type_text(&trait_),
    );
    format!("<{ty} as {trait_}>::{name}")
}

/// What symtest does with each function of `block`, an impl block of the type `type_name`, as the
/// block's own expansion and those of the type's other blocks see it alike (the names of tables and
/// entries included). `avoid` and `grouped` are as `crate::items::traits::method_form` takes them.
fn plan(block: &ItemImpl, type_name: &Ident, avoid: &[String], grouped: bool) -> Vec<Planned> {
    // A block generic over types: its signatures as the search sees them, with the types
    // chosen for its parameters (`Tree<u8>`); the functions themselves stay generic.
    let chosen = crate::signature::generics::choose_for_block(block);
    let concrete = chosen.as_ref().ok().cloned().unwrap_or_default();
    let self_ty = &concrete.on_type(&block.self_ty);
    let trait_ = block
        .trait_
        .as_ref()
        .map(|(_, path, _)| concrete.on_path(path));
    let trait_ = trait_.as_ref();
    let functions = block
        .items
        .iter()
        .enumerate()
        .filter_map(|(index, member)| match member {
            ImplItem::Fn(function) => Some((index, function)),
            _ => None,
        });
    functions
        .map(|(index, function)| {
            let name = function.sig.ident.clone();
            let suffix = match trait_ {
                Some(trait_) => crate::items::traits::suffix(type_name, self_ty, trait_, &name),
                None => entry_suffix(type_name, &name),
            };
            let meta = match trait_ {
                Some(_) => crate::items::traits::meta_of(&suffix),
                None => meta_of(type_name, &name),
            };
            let mut lowered = as_item_fn(function);
            crate::items::traits::resolve(&mut lowered.sig, block);
            concrete.on_signature(&mut lowered.sig);
            // A function generic over types of its own (`fn extend<I: IntoIterator<Item =
            // u8>>`) is called with the types chosen for them, as a free one is; its body
            // stays as written, its signature here is the one the search builds for.
            let own = match crate::signature::lifetimes::only(&lowered.sig.generics)
                && !crate::signature::generics::takes_impl_trait(&lowered.sig)
            {
                true => Ok(crate::signature::generics::Chosen::default()),
                false => crate::signature::generics::choose_in(&lowered, &[], Some(self_ty)),
            };
            let written_turbofish = match &own {
                Ok(own) => crate::source::display::tidy(&own.written_turbofish(&lowered)),
                Err(_) => String::new(),
            };
            if let Ok(own) = &own
                && !own.is_empty()
            {
                lowered = own.concrete(&lowered);
            }
            // A `const fn` is searched through its twin, which is not `const`.
            let called = match lowered.sig.constness.take() {
                Some(_) => crate::body::twin::name_of(&name),
                None => name.clone(),
            };
            let is_type = |ty: &Type| is_the_type(ty, self_ty, type_name);
            let plan = match (&chosen, &own) {
                (Err(reason), _) => Err(block_reason(reason)),
                (Ok(_), Err(reason)) => Err(reason.clone()),
                (Ok(chosen), Ok(_)) => {
                    crate::signature::generics::method_fits(&function.sig, block, chosen).and_then(
                        |()| {
                            parameters::validate_in_impl(&lowered)
                                .map_err(|p| parameters::reason(&p))
                        },
                    )
                }
            };
            let callable = plan.and_then(|(receiver, mut params)| {
                let form = match (trait_, receiver) {
                    (None, None)
                        if let Some((_, associated)) =
                            crate::items::constants::constant_of(&name) =>
                    {
                        Form::Constant(associated)
                    }
                    (None, _) => Form::Method,
                    (Some(trait_), Some(receiver)) => crate::items::traits::method_form(
                        trait_,
                        &lowered.sig,
                        receiver,
                        is_type,
                        avoid,
                        grouped,
                    )?,
                    (Some(trait_), None) => {
                        crate::items::forms::of_function(trait_, &name, params.len())
                    }
                };
                // A trait generic over the block's parameters (`impl<T: Into<u64>> Add<T> for
                // ByteSize`): an operator leaves the chosen type to inference, which picks
                // `i32` for a literal; the qualified call names it (`<ByteSize as Add<u64>>`).
                let original_trait = block.trait_.as_ref().map(|(_, path, _)| path);
                let form = match original_trait {
                    Some(path)
                        if crate::signature::generics::names_param(path, block)
                            && !matches!(form, Form::ToString | Form::Format(_)) =>
                    {
                        Form::Qualified
                    }
                    _ => form,
                };
                // A formatting function's `Formatter` is the formatting macro's to give; the
                // table has no classes of the `fmt::Result` it returns, which a test sees only
                // as what `to_string` writes (or its panic).
                if matches!(form, Form::ToString | Form::Format(_)) {
                    params.clear();
                    lowered.sig.output = ReturnType::Default;
                }
                let operands = params
                    .iter()
                    .map(|param| receiver.is_some() && is_type(&param.owned))
                    .collect();
                let made = match receiver {
                    Some(_) => Made::Nothing,
                    None => made(&lowered.sig.output, |ty| {
                        is_the_type(ty, self_ty, type_name)
                    }),
                };
                // A block of a type with lifetimes (`impl<'a> Parser<'a>`, `impl Foo<'_>`):
                // the value its constructors make may borrow any of their arguments.
                let borrows = !block.generics.params.is_empty()
                    || crate::signature::lifetimes::names_any(&block.self_ty);
                let leaks = crate::signature::lifetimes::borrowing(&lowered.sig)
                    .into_iter()
                    .zip(&params)
                    .map(|((borrowed, named), param)| {
                        let viewed = param.route == parameters::Route::Viewed;
                        (borrowed && (named || (borrows && made != Made::Nothing)))
                            || (viewed && (named || borrows))
                    })
                    .collect();
                Ok(Callable {
                    meta_module: TokenStream::new(),
                    made,
                    leaks,
                    name: name.clone(),
                    called: called.clone(),
                    receiver,
                    params,
                    operands,
                    meta,
                    suffix: suffix.clone(),
                    trait_: trait_.map(crate::signature::lifetimes::elided),
                    form,
                    lowered: lowered.clone(),
                    chosen: own.clone().unwrap_or_default(),
                    written_turbofish: written_turbofish.clone(),
                })
            });
            let callable = match gated(&function.attrs) {
                Some(reason) => Err(reason),
                None => callable,
            };
            Planned {
                index,
                shown: format!("{type_name}::{name}"),
                suffix,
                line: crate::source::position::start(function.sig.fn_token.span).line as u32,
                callable,
            }
        })
        .collect()
}

/// The type `block`'s sequences hold: its own, its lifetimes `'static` (the value is made
/// from leaked arguments), with the types `chosen` for its parameters (`SortedMap<u8, u8>`).
fn held_type(block: &ItemImpl, chosen: &crate::signature::generics::Chosen) -> Type {
    chosen.on_type(&crate::signature::lifetimes::to_static(&block.self_ty))
}

/// The functions symtest can call of other blocks of the type, as their own expansions
/// instrument them (their tables have the same names). Blocks generic over types whose bounds
/// choose other types than this block's (`self_ty`, made `'static`) are left out: their
/// functions take another type.
fn callables_of(
    blocks: &[ItemImpl],
    type_name: &Ident,
    avoid: &[String],
    self_ty: &Type,
) -> Vec<Callable> {
    let text = |ty: &Type| crate::source::display::type_text(ty);
    blocks
        .iter()
        .filter(|block| {
            let chosen = crate::signature::generics::choose_for_block(block).unwrap_or_default();
            text(&held_type(block, &chosen)) == text(self_ty)
        })
        .flat_map(|block| plan(block, type_name, avoid, true))
        .filter_map(|planned| planned.callable.ok())
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

/// Whether `ty`, in a signature whose `Self` is resolved, is the type of the block: written
/// as the block writes it (what `Self` became), or by its name alone (`Stack` in `impl
/// crate::a::Stack`), not another type of that name (`v1::Stack`).
fn is_the_type(ty: &Type, self_ty: &Type, type_name: &Ident) -> bool {
    // `Parser<'_>` is `Parser<'a>`: parameters' lifetimes are elided.
    let text = |ty: &Type| {
        crate::source::display::type_text(&crate::signature::lifetimes::elided_type(ty))
    };
    match ty {
        Type::Path(path) if path.qself.is_none() && path.path.is_ident(type_name) => true,
        Type::Group(group) => is_the_type(&group.elem, self_ty, type_name),
        _ => text(ty) == text(self_ty),
    }
}

/// Whether `output` is the type itself (as `is_self` tells it), or an `Option` or `Result`
/// of it.
fn made(output: &ReturnType, is_self: impl Fn(&Type) -> bool) -> Made {
    let ReturnType::Type(_, ty) = output else {
        return Made::Nothing;
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

#[cfg(test)]
mod tests;
