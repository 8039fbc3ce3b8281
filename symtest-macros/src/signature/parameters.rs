//! Validation of an annotated function's signature, and the plan for building each parameter
//! from genes: which owned type to decode and how to pass it. What it refuses is not an error:
//! the function is skipped, and each problem's message is a reason for the skip report
//! (`skipped demo::f: is generic, which symtest does not search yet`).

use proc_macro2::{Span, TokenStream};
use quote::quote;
use syn::spanned::Spanned;
use syn::visit_mut::VisitMut;
use syn::{FnArg, GenericArgument, ItemFn, PathArguments, Type};

use crate::source::display::type_text;

/// How the search entry builds and passes one parameter.
pub struct Param {
    /// The owned type decoded from genes (`String` for `&str`, `Vec<T>` for `&[T]` and
    /// `&mut [T]`), with its lifetimes elided; for a parameter of another [`Route`], the type
    /// its probe asks of (`Path` of `&Path`, `Chars<'_>`).
    pub owned: Type,
    /// How the generated code asks whether genes build the parameter, and builds it.
    pub route: Route,
    /// The declared type when it is a reference (`&str`, `&[T]`, `&T`, `&mut T`), passed as
    /// `&owned` or `&mut owned`.
    pub borrowed: Option<Type>,
    /// The declared type as written, for reports.
    pub written: String,
    /// The types `owned` is made of, innermost first and `owned` last (`Ipv4Addr`, then
    /// `Vec<Ipv4Addr>`): the generated code asks of each whether genes build it, and a skip
    /// names the innermost one that does not.
    pub parts: Vec<Type>,
    /// The closure the parameter takes (`Box<dyn Fn(char) -> bool>`, `&dyn FnMut(u8)`), whose
    /// genes `owned` is: passed as the closure they make (see `crate::signature::closures`).
    pub callback: Option<crate::signature::closures::Callback>,
    /// The type is a struct of another module whose fields the tests here cannot write: its
    /// constructors and constants make it before genes do (see
    /// `crate::source::private`).
    pub made_first: bool,
}

impl Param {
    /// Whether the parameter is a `&mut` reference: its argument is decoded into a `mut` local
    /// and lent mutably.
    pub fn mutable(&self) -> bool {
        matches!(&self.borrowed, Some(Type::Reference(reference)) if reference.mutability.is_some())
    }

    /// Whether the parameter takes a writer trait object (`&mut dyn fmt::Write`) that a
    /// `&mut String` or `&mut Vec<u8>` is lent as: the test writes the owned value's literal.
    pub fn lent_as_writer(&self) -> bool {
        matches!(&self.borrowed, Some(Type::Reference(reference)) if writer_sink(&reference.elem).is_some())
    }

    /// What a test writes before the argument's value: `&mut `, `&`, or nothing.
    pub fn written_reference(&self) -> &'static str {
        match (&self.borrowed, self.mutable()) {
            (None, _) => "",
            (Some(_), true) => "&mut ",
            (Some(_), false) => "&",
        }
    }

    /// The probe generated code asks whether genes build `part` of this parameter, and builds
    /// it: `&&Arg::<part>::NEW`, `Lent::<part>::NEW` or `Viewed::<part>::NEW` by its
    /// [`Route`].
    pub fn probe(&self, part: &Type) -> TokenStream {
        let rt = crate::rt();
        match self.route {
            // Four levels of preference (see `symtest_runtime::record::made`): two borrows
            // here, two where generated code asks.
            Route::Direct if self.made_first => quote!(&&#rt::MadeArg::<#part>::NEW),
            Route::Direct => quote!(&&#rt::Arg::<#part>::NEW),
            Route::Lent => quote!(#rt::Lent::<#part>::NEW),
            Route::Viewed => quote!(#rt::Viewed::<#part>::NEW),
        }
    }
}

/// How genes build a parameter's value. The macro cannot tell `std`'s `Path` or `Chars` from a
/// crate's own types of those names: the routes other than `Direct` are taken by name, and the
/// generated code asks, at run time, whether the type is what the name suggests.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// `owned` is decoded from genes (`Input`), and lent where the parameter borrows it.
    Direct,
    /// `owned` is one of the [`LENT`] referents (`&Path`): the argument is lent from its owned
    /// form (`PathBuf`), which the referent's `ToOwned` names.
    Lent,
    /// `owned` is one of the [`VIEWS`] (`Chars<'_>`): the argument is taken of a value genes
    /// build, which the entry keeps (the string it iterates).
    Viewed,
}

/// Unsized types a parameter may borrow (`&Path`) whose owned form (`PathBuf`), where genes
/// build it, the argument is lent from, as a `&str` is from a `String`.
pub(crate) const LENT: &[&str] = &["Path", "OsStr", "CStr"];

/// Iterators of `str` a parameter may take (by value or reference) when they borrow
/// (`Chars<'a>`): views of a generated string.
const VIEWS: &[&str] = &[
    "Chars",
    "Bytes",
    "CharIndices",
    "Lines",
    "SplitWhitespace",
    "Split",
];

/// How a method takes `self`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Receiver {
    /// `&self`
    Shared,
    /// `&mut self`
    Mutable,
    /// `self` or `mut self`: the call consumes the value.
    Owned,
}

/// Checks everything about a free function's signature and returns one plan per parameter,
/// or every problem found, each spanned at the offending tokens.
pub fn validate(item: &ItemFn) -> Result<Vec<Param>, syn::Error> {
    check(item, false).map(|(_, params)| params)
}

/// [`validate`] for a function of an impl block, which may take `self`.
pub fn validate_in_impl(item: &ItemFn) -> Result<(Option<Receiver>, Vec<Param>), syn::Error> {
    check(item, true)
}

fn check(item: &ItemFn, in_impl: bool) -> Result<(Option<Receiver>, Vec<Param>), syn::Error> {
    let mut errors = Errors::default();
    let mut receiver = None;
    let sig = &item.sig;
    if let Some(token) = &sig.constness {
        errors.push(
            token.span,
            "is a `const fn` annotated without its impl block: put `#[symtest]` on the block, \
             which searches its `const fn`s through twins",
        );
    }
    if let Some(token) = &sig.asyncness {
        errors.push(
            token.span,
            "is an `async fn`, which symtest does not search yet",
        );
    }
    if let Some(token) = &sig.unsafety {
        errors.push(
            token.span,
            "is an `unsafe fn`, whose safety contract symtest cannot know",
        );
    }
    if let Some(abi) = &sig.abi {
        errors.push(
            abi.span(),
            "has an `extern` ABI, which symtest does not search",
        );
    }
    if !crate::signature::lifetimes::only(&sig.generics) {
        errors.push(
            sig.generics.span(),
            "is generic, which symtest does not search yet (a non-generic function that \
             calls it with concrete types can be searched)",
        );
    }
    if let Some(variadic) = &sig.variadic {
        errors.push(
            variadic.span(),
            "is variadic, which symtest does not search",
        );
    }
    let mut params = Vec::new();
    for input in &sig.inputs {
        match input {
            FnArg::Receiver(taken) if in_impl => match receiver_of(taken) {
                Some(kind) => receiver = Some(kind),
                None => errors.push(
                    taken.span(),
                    "takes `self` as another type than `&self`, `&mut self` or `self`, which \
                     symtest cannot call yet",
                ),
            },
            FnArg::Receiver(taken) => errors.push(
                taken.span(),
                "is a method: put `#[symtest]` on its `impl` block, whose methods are \
                 searched together as call sequences",
            ),
            FnArg::Typed(typed) => match plan(&typed.ty) {
                Ok(param) => params.push(param),
                Err(error) => errors.extend(error),
            },
        }
    }
    errors.finish().map(|()| (receiver, params))
}

fn receiver_of(receiver: &syn::Receiver) -> Option<Receiver> {
    if receiver.colon_token.is_some() {
        // `self: Box<Self>`, `self: &Rc<Self>`, …
        return match &*receiver.ty {
            Type::Reference(_) | Type::Path(_) if receiver.reference.is_some() => None,
            _ => None,
        };
    }
    Some(match &receiver.reference {
        Some(_) if receiver.mutability.is_some() => Receiver::Mutable,
        Some(_) => Receiver::Shared,
        None => Receiver::Owned,
    })
}

fn plan(ty: &Type) -> Result<Param, syn::Error> {
    let written = type_text(ty);
    if let Some((callback, borrowed)) = crate::signature::closures::of(ty) {
        let owned = callback.genes_type();
        // A type parameter's closure, which the search boxes, as the parameter's bound reads.
        let boxed_by_search = quote::quote!(#ty)
            .to_string()
            .replace(' ', "")
            .starts_with("::symtest_runtime");
        let written = match boxed_by_search {
            true => format!("impl {}", callback.shown),
            false => written,
        };
        let mut parts = Vec::new();
        parts_of(&owned, &mut parts);
        return Ok(Param {
            owned,
            route: Route::Direct,
            borrowed,
            written,
            parts,
            callback: Some(callback),
            made_first: false,
        });
    }
    let refused = |problem: Problem| {
        let why = match problem {
            Problem::Unbuildable => String::new(),
            Problem::MutStr => " (it lends a `&mut String`, not a `&mut str`)".to_string(),
        };
        syn::Error::new(
            ty.span(),
            format!("takes `{written}`, which symtest cannot build yet{why}"),
        )
    };
    let Owned {
        mut owned,
        mut borrowed,
        route,
    } = owned_of(ty).map_err(refused)?;
    // A struct of the crate that ends in a slice (`&AsciiStr`) has no value genes can build.
    if route == Route::Direct && crate::source::private::is_unsized(ty.span(), &owned) {
        return Err(refused(Problem::Unbuildable));
    }
    crate::signature::lifetimes::Elide.visit_type_mut(&mut owned);
    if let Some(borrowed) = &mut borrowed {
        crate::signature::lifetimes::Elide.visit_type_mut(borrowed);
    }
    // Other routes ask of the whole type only: a view's pattern (`char` of `Split<'_, char>`)
    // is its own business.
    let mut parts = Vec::new();
    match route {
        Route::Direct => parts_of(&owned, &mut parts),
        Route::Lent | Route::Viewed => parts.push(owned.clone()),
    }
    let made_first =
        route == Route::Direct && crate::source::private::hidden_elsewhere(ty.span(), &owned);
    Ok(Param {
        owned,
        route,
        borrowed,
        written,
        parts,
        callback: None,
        made_first,
    })
}

/// What a parameter's type is decoded as: see [`Param`]'s fields of the same names.
struct Owned {
    owned: Type,
    borrowed: Option<Type>,
    route: Route,
}

/// Why a parameter's type cannot be built, whatever the crate's types implement.
enum Problem {
    Unbuildable,
    MutStr,
}

/// The owned type a parameter of type `ty` is decoded into, and the declared type when it
/// borrows one.
fn owned_of(ty: &Type) -> Result<Owned, Problem> {
    let owned = |owned: Type, borrowed: Option<&Type>, route: Route| Owned {
        owned,
        borrowed: borrowed.cloned(),
        route,
    };
    match ty {
        // Types that went through a `macro_rules!` `$t:ty` arrive wrapped in an invisible group.
        Type::Group(group) => owned_of(&group.elem),
        Type::Reference(reference) if is_view(&reference.elem) => {
            Ok(owned((*reference.elem).clone(), Some(ty), Route::Viewed))
        }
        other if is_view(other) => Ok(owned(other.clone(), None, Route::Viewed)),
        Type::Reference(reference)
            if reference.mutability.is_some()
                && let Some(sink) = writer_sink(&reference.elem) =>
        {
            Ok(owned(sink, Some(ty), Route::Direct))
        }
        Type::Reference(reference) => Ok(match &*reference.elem {
            Type::Path(path) if path.qself.is_none() && path.path.is_ident("str") => {
                if reference.mutability.is_some() {
                    return Err(Problem::MutStr);
                }
                let string = syn::parse_quote!(::symtest_runtime::__private::std::string::String);
                owned(string, Some(ty), Route::Direct)
            }
            Type::Slice(slice) => {
                check_owned(&slice.elem)?;
                let elem = &slice.elem;
                let vec = syn::parse_quote!(::symtest_runtime::__private::std::vec::Vec<#elem>);
                owned(vec, Some(ty), Route::Direct)
            }
            Type::Path(path)
                if path.qself.is_none()
                    && path.path.segments.last().is_some_and(|last| {
                        LENT.iter().any(|name| last.ident == name)
                            && matches!(last.arguments, PathArguments::None)
                    }) =>
            {
                // A `&mut Path` would need a `&mut PathBuf` lent as one, which Rust has not.
                if reference.mutability.is_some() {
                    return Err(Problem::Unbuildable);
                }
                owned((*reference.elem).clone(), Some(ty), Route::Lent)
            }
            other => {
                check_owned(other)?;
                owned(other.clone(), Some(ty), Route::Direct)
            }
        }),
        other => {
            check_owned(other)?;
            Ok(owned(other.clone(), None, Route::Direct))
        }
    }
}

/// What a `&mut dyn fmt::Write` or `&mut dyn io::Write` (or the bare `&mut fmt::Write` of
/// editions before 2021) is lent: a `String` or a `Vec<u8>`, which the reference coerces to.
/// A bare `Write` is left alone: the macro cannot tell which it is.
fn writer_sink(ty: &Type) -> Option<Type> {
    let path = match ty {
        Type::Group(group) => return writer_sink(&group.elem),
        Type::Paren(paren) => return writer_sink(&paren.elem),
        Type::TraitObject(object) => {
            let mut traits = object.bounds.iter().filter_map(|bound| match bound {
                syn::TypeParamBound::Trait(bound) => Some(&bound.path),
                _ => None,
            });
            let first = traits.next()?;
            let marker = |path: &syn::Path| path.is_ident("Send") || path.is_ident("Sync");
            traits.all(marker).then_some(first)?
        }
        Type::Path(path) if path.qself.is_none() => &path.path,
        _ => return None,
    };
    let names = std_path(path)?;
    let parts: Vec<&str> = names.iter().map(String::as_str).collect();
    let (root, module) = match parts[..] {
        [module, "Write"] => (None, module),
        [root, module, "Write"] => (Some(root), module),
        _ => return None,
    };
    match (module, root) {
        ("fmt", _) => Some(syn::parse_quote!(
            ::symtest_runtime::__private::std::string::String
        )),
        ("io", None | Some("std")) => Some(syn::parse_quote!(
            ::symtest_runtime::__private::std::vec::Vec<u8>
        )),
        _ => None,
    }
}

/// The segments of `path` when it names an item of a module of the standard library: rooted
/// in `std`, `core` or `alloc` (`std::io::Read`), or one module down from `fmt` or `io`
/// (`fmt::Write`, where the module is imported). Never fewer than two.
fn std_path(path: &syn::Path) -> Option<Vec<String>> {
    let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    let std_rooted = names
        .first()
        .is_some_and(|root| ["std", "core", "alloc"].contains(&root.as_str()));
    let one_down = names.len() == 2 && ["fmt", "io"].contains(&names[0].as_str());
    (names.len() >= 2 && (std_rooted || one_down)).then_some(names)
}

/// Whether `ty` is named as one of the [`VIEWS`] is, with a lifetime (`Chars<'a>`,
/// `std::str::Split<'_, char>`) or by its path in `std` (`std::str::Chars`, its lifetime
/// elided as editions before 2018 allow): a `Lines<R>` of `std::io` is not one, nor a
/// `Bytes<'a>` the source file defines or imports from the crate (httparse's cursor).
fn is_view(ty: &Type) -> bool {
    match ty {
        Type::Group(group) => is_view(&group.elem),
        Type::Path(path) if path.qself.is_none() => path.path.segments.last().is_some_and(|last| {
            let in_str = std_path(&path.path).is_some_and(|names| names[names.len() - 2] == "str");
            VIEWS.iter().any(|name| last.ident == name)
                && (in_str
                    || matches!(&last.arguments, PathArguments::AngleBracketed(args)
                    if args.args.iter().any(|arg| matches!(arg, GenericArgument::Lifetime(_)))))
                && !(path.path.segments.len() == 1
                    && crate::source::files::source_of(last.ident.span())
                        .is_some_and(|file| crate::signature::scope::own_type(&file, &last.ident)))
        }),
        _ => false,
    }
}

/// Refuses the owned types no crate can make buildable: references inside them, functions,
/// trait objects, `impl Trait`, the wrong number of arguments to `Vec` or a primitive. Named
/// types are left to the generated code, which asks whether each builds.
fn check_owned(ty: &Type) -> Result<(), Problem> {
    match ty {
        Type::Paren(paren) => check_owned(&paren.elem),
        Type::Group(group) => check_owned(&group.elem),
        Type::Array(array) => check_owned(&array.elem),
        Type::Tuple(tuple) => tuple.elems.iter().try_for_each(check_owned),
        Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else {
                return Err(Problem::Unbuildable);
            };
            if is_bare_trait_object(&path.path) {
                return Err(Problem::Unbuildable);
            }
            let name = last.ident.to_string();
            let args = match &last.arguments {
                PathArguments::None => Vec::new(),
                PathArguments::AngleBracketed(args) => args.args.iter().collect(),
                PathArguments::Parenthesized(_) => return Err(Problem::Unbuildable),
            };
            match (name.as_str(), args.as_slice()) {
                (
                    "i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "u8" | "u16" | "u32" | "u64"
                    | "u128" | "usize" | "f32" | "f64" | "bool" | "char" | "String",
                    [],
                ) => Ok(()),
                ("Vec" | "Option", [GenericArgument::Type(inner)]) => check_owned(inner),
                (
                    "i8" | "i16" | "i32" | "i64" | "i128" | "isize" | "u8" | "u16" | "u32" | "u64"
                    | "u128" | "usize" | "f32" | "f64" | "bool" | "char" | "String" | "Vec"
                    | "Option",
                    _,
                ) => Err(Problem::Unbuildable),
                // Any other named type may be a struct or enum marked `#[symtest]`, or a type
                // the runtime builds: the generated code asks.
                _ => args.iter().try_for_each(|arg| match arg {
                    GenericArgument::Type(inner) => check_owned(inner),
                    _ => Ok(()),
                }),
            }
        }
        // A reference inside a type (`Option<&str>`, `&&str`, `&mut [Header<'_>]`) borrows
        // its referent from what the execution holds (`symtest_runtime::genes::lent`).
        Type::Reference(reference) => match &*reference.elem {
            Type::Path(path) if path.qself.is_none() && path.path.is_ident("str") => {
                match reference.mutability {
                    Some(_) => Err(Problem::MutStr),
                    None => Ok(()),
                }
            }
            Type::Slice(slice) => check_owned(&slice.elem),
            elem => check_owned(elem),
        },
        _ => Err(Problem::Unbuildable),
    }
}

/// Whether `path` names a trait of `std` as a trait object without `dyn`, as editions before
/// 2021 allow (`&mut fmt::Write`, `&std::io::Read`): a type whose size is unknown, which no
/// local can hold. Told only by a path rooted in `std`, `core` or `alloc`, or one module
/// down from `fmt` or `io` (a crate's own `error::Error` struct is a type).
fn is_bare_trait_object(path: &syn::Path) -> bool {
    let Some(names) = std_path(path) else {
        return false;
    };
    let [.., module, name] = names.as_slice() else {
        return false;
    };
    matches!(
        (module.as_str(), name.as_str()),
        ("fmt", "Write" | "Debug" | "Display")
            | ("io", "Write" | "Read" | "BufRead" | "Seek")
            | ("error", "Error")
            | ("any", "Any")
            | ("hash", "Hasher")
            | ("iter", "Iterator")
    )
}

/// The types `ty` is made of, innermost first, then `ty` (see [`Param::parts`]).
fn parts_of(ty: &Type, parts: &mut Vec<Type>) {
    match ty {
        Type::Paren(paren) => return parts_of(&paren.elem, parts),
        Type::Group(group) => return parts_of(&group.elem, parts),
        Type::Array(array) => parts_of(&array.elem, parts),
        Type::Tuple(tuple) => tuple.elems.iter().for_each(|elem| parts_of(elem, parts)),
        Type::Reference(reference) => parts_of(&reference.elem, parts),
        Type::Slice(slice) => parts_of(&slice.elem, parts),
        Type::Path(path) => {
            let args = path.path.segments.last().map(|last| &last.arguments);
            if let Some(PathArguments::AngleBracketed(args)) = args {
                for arg in &args.args {
                    if let GenericArgument::Type(inner) = arg {
                        parts_of(inner, parts);
                    }
                }
            }
        }
        _ => {}
    }
    let text = type_text(ty);
    if !parts.iter().any(|part| type_text(part) == text) {
        parts.push(ty.clone());
    }
}

/// Replaces `Self` in types with the block's type.
pub(crate) struct SelfType<'t>(pub &'t Type);

impl VisitMut for SelfType<'_> {
    fn visit_type_mut(&mut self, ty: &mut Type) {
        if let Type::Path(path) = ty
            && path.qself.is_none()
            && path.path.is_ident("Self")
        {
            *ty = self.0.clone();
            return;
        }
        syn::visit_mut::visit_type_mut(self, ty);
    }
}

/// Why an item is skipped, from the problems found: their messages, joined.
pub(crate) fn reason(problems: &syn::Error) -> String {
    problems
        .clone()
        .into_iter()
        .map(|problem| problem.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

/// Collects several problems, to report them all together.
#[derive(Default)]
pub(crate) struct Errors(Option<syn::Error>);

impl Errors {
    pub(crate) fn push(&mut self, span: Span, message: &str) {
        self.extend(syn::Error::new(span, message));
    }

    pub(crate) fn extend(&mut self, error: syn::Error) {
        match &mut self.0 {
            Some(errors) => errors.combine(error),
            None => self.0 = Some(error),
        }
    }

    pub(crate) fn finish(self) -> Result<(), syn::Error> {
        self.0.map_or(Ok(()), Err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors_of(item: ItemFn) -> Vec<String> {
        match validate(&item) {
            Ok(_) => Vec::new(),
            Err(error) => error.into_iter().map(|e| e.to_string()).collect(),
        }
    }

    #[test]
    fn supported_parameters_are_accepted_with_borrowed_plans() {
        let item: ItemFn = syn::parse_quote! {
            fn f(a: i32, b: &str, c: &[u8], d: Vec<Option<(bool, char)>>, e: [f64; 3], f: &String) {}
        };
        let params = validate(&item).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(params.len(), 6);
        let owned: Vec<String> = params
            .iter()
            .map(|p| {
                let ty = &p.owned;
                quote::quote!(#ty).to_string()
            })
            .collect();
        let std = ":: symtest_runtime :: __private :: std";
        assert_eq!(owned[1], format!("{std} :: string :: String"));
        assert_eq!(owned[2], format!("{std} :: vec :: Vec < u8 >"));
        assert!(params[0].borrowed.is_none() && params[1].borrowed.is_some());
    }

    #[test]
    fn every_unsupported_thing_is_reported_together() {
        let errors = errors_of(syn::parse_quote! {
            async unsafe fn f<T>(x: T, y: &mut str, z: std::fs::File) {}
        });
        // `T` and `File` are left to the entry point's `Input` bound, which names them (a
        // named type may be a struct or enum marked `#[symtest]`, or an alias of one).
        assert_eq!(errors.len(), 4, "{errors:#?}");
        assert!(errors.iter().any(|e| e.contains("async fn")));
        assert!(errors.iter().any(|e| e.contains("`unsafe fn`")));
        assert!(errors.iter().any(|e| e.contains("is generic")));
        assert!(errors.iter().any(|e| e.contains("`&mut String`")));
    }

    #[test]
    fn writer_trait_objects_are_lent_a_string_or_a_byte_vector() {
        let sink = |ty: Type| writer_sink(&ty).map(|t| quote::quote!(#t).to_string());
        let std = ":: symtest_runtime :: __private :: std";
        let string = Some(format!("{std} :: string :: String"));
        let bytes = Some(format!("{std} :: vec :: Vec < u8 >"));
        assert_eq!(sink(syn::parse_quote!(dyn fmt::Write)), string);
        assert_eq!(
            sink(syn::parse_quote!(fmt::Write)),
            string,
            "before 2021, no `dyn`"
        );
        assert_eq!(sink(syn::parse_quote!(dyn core::fmt::Write + Send)), string);
        assert_eq!(sink(syn::parse_quote!(dyn std::io::Write)), bytes);
        for other in [
            syn::parse_quote!(dyn Write),
            syn::parse_quote!(dyn my::fmt::Write),
            syn::parse_quote!(dyn fmt::Write + Clone),
        ] {
            assert_eq!(sink(other), None);
        }
        let item: ItemFn = syn::parse_quote! {
            fn f(w: &mut dyn fmt::Write, r: &dyn fmt::Write) {}
        };
        let errors = errors_of(item.clone());
        assert_eq!(errors.len(), 1, "a shared writer is of no use: {errors:?}");
    }

    #[test]
    fn mutable_references_are_lent_from_an_owned_value() {
        let item: ItemFn = syn::parse_quote! {
            fn f(a: &mut Vec<i32>, b: &mut [u8], c: &mut std::collections::HashMap<u8, bool>, d: &u8) {}
        };
        let params = validate(&item).unwrap_or_else(|e| panic!("{e}"));
        let mutable: Vec<bool> = params.iter().map(Param::mutable).collect();
        assert_eq!(mutable, [true, true, true, false]);
        let owned = &params[1].owned;
        assert_eq!(
            quote::quote!(#owned).to_string(),
            ":: symtest_runtime :: __private :: std :: vec :: Vec < u8 >"
        );
        // References inside a type borrow what the execution holds.
        let item: ItemFn = syn::parse_quote! {
            fn f(a: Vec<&mut u8>, b: &&'a str, c: &'a mut &'b mut [u8], d: Option<&'a [u8]>) {}
        };
        let params = validate(&item).unwrap_or_else(|e| panic!("{e}"));
        let owned: Vec<String> = params.iter().map(|p| type_text(&p.owned)).collect();
        assert_eq!(
            owned,
            [
                "Vec<&mut u8>",
                "&'_ str",
                "&'_ mut [u8]",
                "Option<&'_ [u8]>"
            ]
        );
        let mutable: Vec<bool> = params.iter().map(Param::mutable).collect();
        assert_eq!(mutable, [false, false, true, false]);
        let errors = errors_of(syn::parse_quote! { fn f(a: Vec<&mut str>) {} });
        assert_eq!(errors.len(), 1, "{errors:#?}");
        assert!(errors[0].contains("it lends a `&mut String`"), "{errors:?}");
    }

    #[test]
    fn named_types_are_accepted_and_supported_ones_checked_inside() {
        let item: ItemFn = syn::parse_quote! {
            fn f(a: Reading, b: &shapes::Shape, c: Option<Vec<Level>>, d: Wrapper<u8>) {}
        };
        assert!(validate(&item).is_ok());
        let errors =
            errors_of(syn::parse_quote! { fn f(a: Vec<u8, u8>, b: Wrapper<&dyn Display>) {} });
        assert_eq!(errors.len(), 2, "{errors:#?}");
        assert!(errors[0].contains("takes `Vec<u8, u8>`"), "{errors:?}");
        assert!(
            errors[1].starts_with("takes `Wrapper<&dyn Display>`"),
            "{errors:?}"
        );
    }

    #[test]
    fn methods_and_trait_objects_are_rejected() {
        let item: syn::ImplItemFn = syn::parse_quote! { fn m(&self, v: Vec<&dyn Display>) {} };
        let item = ItemFn {
            attrs: item.attrs,
            vis: item.vis,
            sig: item.sig,
            block: Box::new(item.block),
        };
        let errors = errors_of(item);
        assert_eq!(errors.len(), 2);
        assert!(errors[0].contains("on its `impl` block"), "{errors:?}");
        assert!(
            errors[1].contains("takes `Vec<&dyn Display>`"),
            "{errors:?}"
        );
    }

    #[test]
    fn paths_and_os_strings_are_lent_from_their_owned_form_and_lifetimes_elided() {
        let item: ItemFn = syn::parse_quote! {
            fn f(p: &'a std::path::Path, o: &OsStr, c: &CStr, s: &str, n: &u8) {}
        };
        let params = validate(&item).unwrap_or_else(|e| panic!("{e}"));
        let routes: Vec<Route> = params.iter().map(|param| param.route).collect();
        use Route::{Direct, Lent};
        assert_eq!(routes, [Lent, Lent, Lent, Direct, Direct]);
        assert_eq!(type_text(&params[0].owned), "std::path::Path");
        assert_eq!(
            type_text(&params[0].borrowed.clone().expect("a borrow")),
            "&'_ std::path::Path"
        );
        let probe = params[1].probe(&params[1].owned).to_string();
        assert!(probe.contains("Lent :: < OsStr >"), "{probe}");
        let errors = errors_of(syn::parse_quote! { fn f(p: &mut Path, q: &Path<u8>) {} });
        assert_eq!(
            errors,
            ["takes `&mut Path`, which symtest cannot build yet"]
        );
        // Not one of `std`'s: the generated code asks of it as of any type.
        let params = validate(&syn::parse_quote! { fn f(q: &Path<u8>) {} })
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(params[0].route, Route::Direct);
    }

    #[test]
    fn iterators_of_str_are_views_by_value_or_reference_and_others_are_not() {
        let item: ItemFn = syn::parse_quote! {
            fn f<'a>(
                c: Chars<'a>,
                b: &mut std::str::Bytes<'a>,
                s: Split<'a, &'a str>,
                l: std::io::Lines<R>,
                o: Lines,
            ) {}
        };
        let params = validate(&item).unwrap_or_else(|e| panic!("{e}"));
        let routes: Vec<Route> = params.iter().map(|param| param.route).collect();
        use Route::{Direct, Viewed};
        assert_eq!(routes, [Viewed, Viewed, Viewed, Direct, Direct]);
        assert_eq!(type_text(&params[1].owned), "std::str::Bytes<'_>");
        assert!(params[1].mutable());
        // A pattern's reference is the view's own business, not a nested reference refused.
        assert_eq!(type_text(&params[2].owned), "Split<'_, &'_ str>");
        let parts: Vec<String> = params[2].parts.iter().map(type_text).collect();
        assert_eq!(parts, ["Split<'_, &'_ str>"]);
    }

    #[test]
    fn lifetimes_are_elided_with_the_parts_listed() {
        let item: ItemFn = syn::parse_quote! {
            fn f<'a>(b: &mut Bytes<'a>, hosts: Vec<(Ipv4Addr, u16)>) {}
        };
        let params = validate(&item).unwrap_or_else(|e| panic!("{e}"));
        let text = type_text;
        assert_eq!(text(&params[0].owned), "Bytes<'_>");
        assert_eq!(params[0].written, "&mut Bytes<'a>");
        let parts: Vec<String> = params[1].parts.iter().map(text).collect();
        assert_eq!(
            parts,
            ["Ipv4Addr", "u16", "(Ipv4Addr, u16)", "Vec<(Ipv4Addr, u16)>"]
        );
    }

    #[test]
    fn lifetime_parameters_are_fine() {
        assert!(errors_of(syn::parse_quote! { fn f<'a>(s: &'a str) -> &'a str { s } }).is_empty());
    }

    #[test]
    fn a_std_trait_without_dyn_is_a_trait_object_not_a_type() {
        // A writer is lent a `String` (see `writer_sink`); a reader is not made.
        let errors = errors_of(syn::parse_quote! { fn f(w: &mut fmt::Write) {} });
        assert!(errors.is_empty(), "{errors:?}");
        let errors = errors_of(syn::parse_quote! { fn f(w: &fmt::Write) {} });
        assert_eq!(errors.len(), 1, "{errors:?}");
        let errors = errors_of(syn::parse_quote! { fn f(r: &mut std::io::Read) {} });
        assert_eq!(errors.len(), 1, "{errors:?}");
        // A crate's own types of such names are types.
        assert!(errors_of(syn::parse_quote! { fn f(e: &Error, w: &Write) {} }).is_empty());
        let own = errors_of(syn::parse_quote! { fn f(e: &error::Error, c: &crate::fmt::Write) {} });
        assert!(own.is_empty(), "{own:?}");
        let std = errors_of(syn::parse_quote! { fn f(e: &std::error::Error) {} });
        assert_eq!(std.len(), 1, "{std:?}");
    }
}
