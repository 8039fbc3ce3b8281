//! Types of the crate for bounds of the crate's own traits: a parameter bounded by a trait the
//! table does not know (`R: Rule`) is given a type its source file implements the trait for
//! (`impl Rule for Vowels`), and one a method's `where Self: Contains<T>` names is given the
//! argument of an implementation of the trait for the method's type (`impl<'a>
//! Contains<&'a Ipv4Addr> for Ipv4Net` gives `T = &Ipv4Addr`).
//!
//! The item's own file is read first, then the rest of the crate (its other files, and the
//! implementations its `macro_rules!` write), once per file and compilation; only
//! implementations generic over lifetimes alone are taken: a type chosen so still has to be
//! one symtest can build, which the generated code asks as for any other.

use std::sync::Arc;

use quote::ToTokens;
use syn::visit_mut::VisitMut;
use syn::{Item, Type};

use super::bound::Bound;
use crate::source::cache::Scope;
use crate::source::display::tidy;

/// A type as text: compact for comparing (`Vec<u8>`), and its tokens for parsing it again.
/// Implementations are kept across expansions (see [`crate::source::cache`]), which no
/// syntax tree outlives.
#[derive(Clone, Debug)]
struct TypeText {
    tidy: String,
    tokens: String,
}

impl TypeText {
    fn of(ty: &Type) -> TypeText {
        let tokens = ty.to_token_stream();
        TypeText {
            tidy: tidy(&tokens),
            tokens: tokens.to_string(),
        }
    }

    fn parse(&self) -> Option<Type> {
        syn::parse_str(&self.tokens).ok()
    }
}

/// One implementation of a trait in the crate.
#[derive(Debug)]
struct Implementation {
    /// The trait's last name and its arguments (`Contains`, `[&Ipv4Addr]`).
    name: String,
    args: Vec<TypeText>,
    /// The implementing type, its lifetimes left out, whether it is a path, and its last name.
    self_ty: TypeText,
    self_is_path: bool,
    self_name: String,
}

impl Implementation {
    /// Whether it implements the trait of `bound`, with the same arguments.
    fn is_of(&self, bound: &Bound) -> bool {
        self.name == bound.name()
            && self.args.len() == bound.args().len()
            && (self.args.iter().zip(bound.args())).all(|(ty, arg)| ty.tidy == *arg)
    }

    /// The trait implementation `block`, if it is one generic over lifetimes alone.
    fn of(block: &syn::ItemImpl) -> Option<Implementation> {
        let (name, args, self_ty) = Implementation::parts(block)?;
        Some(Implementation::new(name, &args, &self_ty))
    }

    fn new(name: String, args: &[Type], self_ty: &Type) -> Implementation {
        Implementation {
            name,
            args: args.iter().map(TypeText::of).collect(),
            self_name: last_name(self_ty),
            self_is_path: matches!(self_ty, Type::Path(_)),
            self_ty: TypeText::of(self_ty),
        }
    }

    /// The trait's last name, its type arguments and the implementing type of `block`, their
    /// lifetimes left out, if it is an implementation generic over lifetimes alone.
    fn parts(block: &syn::ItemImpl) -> Option<(String, Vec<Type>, Type)> {
        if !crate::signature::lifetimes::only(&block.generics) {
            return None;
        }
        let (_, path, _) = block.trait_.as_ref()?;
        let last = path.segments.last()?;
        let args: Vec<Type> = match &last.arguments {
            syn::PathArguments::AngleBracketed(args) => args
                .args
                .iter()
                .filter_map(|arg| match arg {
                    syn::GenericArgument::Type(ty) => Some(without_lifetimes(ty)),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        // A type a macro's `$t:ty` wrote is in an invisible group.
        let mut self_ty = &*block.self_ty;
        while let Type::Group(group) = self_ty {
            self_ty = &group.elem;
        }
        Some((last.ident.to_string(), args, without_lifetimes(self_ty)))
    }
}

/// The standard number types, by how much of their behaviour their values can show: wide
/// signed integers (negative and large values), floats, then the narrower and unsigned ones.
const WIDEST_FIRST: &[&str] = &[
    "i64", "i32", "f64", "isize", "i128", "u64", "u32", "usize", "u128", "f32", "i16", "u16", "i8",
    "u8",
];

/// The implementations of the rest of the crate, its other files' and those its own
/// `macro_rules!` write, with their types named as the item's module `from` can name them:
/// the standard library's as written (`u8`, `Vec<u8>`), the crate's own by their path
/// (`crate::units::Metres`) where that path is visible from there; others are left out.
struct Elsewhere<'t> {
    root: &'t [Item],
    from: &'t [String],
    macros: crate::source::macros::Macros,
}

impl Elsewhere<'_> {
    fn collect(&self, items: &[Item], at: &mut Vec<String>, found: &mut Implementations) {
        for item in items {
            match item {
                Item::Impl(block) => self.add(block, items, at, found),
                Item::Macro(invocation) => {
                    let written = self.macros.expand(invocation);
                    for block in written.iter().filter_map(|item| match item {
                        Item::Impl(block) => Some(block),
                        _ => None,
                    }) {
                        self.add(block, items, at, found);
                    }
                }
                Item::Mod(module) => {
                    if let Some((_, inner)) = &module.content {
                        at.push(module.ident.to_string());
                        self.collect(inner, at, found);
                        at.pop();
                    }
                }
                Item::Struct(item) => found.derived(&item.ident, &item.attrs),
                Item::Enum(item) => found.derived(&item.ident, &item.attrs),
                Item::Trait(item) => found.traits.push(item.ident.to_string()),
                _ => {}
            }
        }
    }

    /// Adds `block`, written among `items` of the module `at`, where its types can be named.
    fn add(
        &self,
        block: &syn::ItemImpl,
        items: &[Item],
        at: &[String],
        found: &mut Implementations,
    ) {
        let Some((name, args, self_ty)) = Implementation::parts(block) else {
            return;
        };
        let Some(self_ty) = self.named(&self_ty, items, at) else {
            return;
        };
        if !args.iter().all(standard) {
            return;
        }
        found.impls.push(Implementation::new(name, &args, &self_ty));
    }

    /// `ty`, written in the module `at` among `items`, as the module `from` names it.
    fn named(&self, ty: &Type, items: &[Item], at: &[String]) -> Option<Type> {
        if standard(ty) {
            return Some(ty.clone());
        }
        let Type::Path(path) = ty else {
            return None;
        };
        if path.qself.is_some() || path.path.segments.len() != 1 {
            return None;
        }
        let segment = &path.path.segments[0];
        let args_standard = match &segment.arguments {
            syn::PathArguments::None => true,
            syn::PathArguments::AngleBracketed(args) => args.args.iter().all(|arg| match arg {
                syn::GenericArgument::Type(ty) => standard(ty),
                syn::GenericArgument::Lifetime(_) => true,
                _ => false,
            }),
            syn::PathArguments::Parenthesized(_) => false,
        };
        let vis = items.iter().find_map(|item| match item {
            Item::Struct(item) if item.ident == segment.ident => Some(&item.vis),
            Item::Enum(item) if item.ident == segment.ident => Some(&item.vis),
            Item::Union(item) if item.ident == segment.ident => Some(&item.vis),
            _ => None,
        })?;
        let reachable = crate::source::tree::visible(vis, at, self.from)
            && crate::source::tree::path_visible(self.root, at, self.from);
        if !args_standard || !reachable {
            return None;
        }
        let modules = at
            .iter()
            .map(|name| syn::Ident::new(name, proc_macro2::Span::call_site()));
        syn::parse2(quote::quote!(crate #(:: #modules)* :: #segment)).ok()
    }
}

/// Whether `ty` names only the language's and the prelude's types (`u8`, `&str`,
/// `Vec<u8>`, `Option<String>`), which any module of any crate names alike.
fn standard(ty: &Type) -> bool {
    const NAMES: &[&str] = crate::source::tree::PRELUDE_TYPES;
    match ty {
        Type::Reference(reference) => standard(&reference.elem),
        Type::Slice(slice) => standard(&slice.elem),
        Type::Array(array) => standard(&array.elem),
        Type::Tuple(tuple) => tuple.elems.iter().all(standard),
        Type::Group(group) => standard(&group.elem),
        Type::Paren(paren) => standard(&paren.elem),
        Type::Path(path) if path.qself.is_none() && path.path.segments.len() == 1 => {
            let segment = &path.path.segments[0];
            NAMES.contains(&segment.ident.to_string().as_str())
                && match &segment.arguments {
                    syn::PathArguments::None => true,
                    syn::PathArguments::AngleBracketed(args) => {
                        args.args.iter().all(|arg| match arg {
                            syn::GenericArgument::Type(ty) => standard(ty),
                            syn::GenericArgument::Lifetime(_) => true,
                            _ => false,
                        })
                    }
                    syn::PathArguments::Parenthesized(_) => false,
                }
        }
        _ => false,
    }
}

/// The implementations and derives of the file an item is written in.
#[derive(Default, Debug)]
pub(super) struct Implementations {
    impls: Vec<Implementation>,
    /// Each struct's or enum's name with the traits it derives.
    derives: Vec<(String, Vec<String>)>,
    /// The names of the traits the crate defines.
    traits: Vec<String>,
}

impl Implementations {
    /// Those of the file `span` is in; none outside a compilation (unit tests) or where the
    /// file cannot be read.
    /// Read once per file and compilation (see [`crate::source::cache`]).
    pub(super) fn of(span: proc_macro2::Span) -> Arc<Implementations> {
        crate::source::cache::summary(span, "implementations", Scope::File, |tree| {
            let mut found = match crate::source::files::source_of(span) {
                Some(file) => Implementations::in_items(&file.items),
                None => Implementations::default(),
            };
            // Then the rest of the crate's: after the file's own, which keep their precedence.
            if let Some(tree) = tree
                && let Some(path) = crate::source::files::path_of(span)
                && let Some(from) = tree.module_of(&std::fs::canonicalize(&path).unwrap_or(path))
            {
                let elsewhere = Elsewhere {
                    root: &tree.items,
                    from,
                    macros: crate::source::macros::Macros::of(&tree.items),
                };
                elsewhere.collect(&tree.items, &mut Vec::new(), &mut found);
            }
            found
        })
    }

    /// Those written among `items` (a file's), and by the invocations there of the
    /// `macro_rules!` defined there (data-encoding's `define!(N1: usize = 1);` writing a unit
    /// struct and its `impl Static<usize> for N1`).
    pub(super) fn in_items(items: &[Item]) -> Implementations {
        let mut found = Implementations::default();
        found.collect(items, &crate::source::macros::Macros::of(items));
        found
    }

    fn collect(&mut self, items: &[Item], macros: &crate::source::macros::Macros) {
        for item in items {
            match item {
                Item::Impl(block) => {
                    if let Some(implementation) = Implementation::of(block) {
                        self.impls.push(implementation);
                    }
                }
                Item::Macro(invocation) => self.collect(&macros.expand(invocation), macros),
                Item::Struct(item) => self.derived(&item.ident, &item.attrs),
                Item::Enum(item) => self.derived(&item.ident, &item.attrs),
                Item::Trait(item) => self.traits.push(item.ident.to_string()),
                Item::Mod(module) => {
                    if let Some((_, items)) = &module.content {
                        self.collect(items, macros);
                    }
                }
                _ => {}
            }
        }
    }

    fn derived(&mut self, ident: &syn::Ident, attrs: &[syn::Attribute]) {
        let mut traits = Vec::new();
        for attr in attrs.iter().filter(|attr| attr.path().is_ident("derive")) {
            let _ = attr.parse_nested_meta(|meta| {
                if let Some(last) = meta.path.segments.last() {
                    traits.push(last.ident.to_string());
                }
                Ok(())
            });
        }
        self.derives.push((ident.to_string(), traits));
    }

    /// A type the crate implements every one of `bounds` for (by an implementation, a
    /// derive, or as an auto trait), when one of them is a trait it implements at all: the
    /// first, the item's file's before the rest of the crate's, except that of the standard
    /// number types the one with the widest range is taken (`i64` over `u8` where a macro
    /// implements the trait for every integer), so that the search can reach every branch
    /// the numbers decide.
    pub(super) fn implementor(&self, bounds: &[Bound]) -> Option<Type> {
        let meets: Vec<&Implementation> = self
            .impls
            .iter()
            .filter(|candidate| {
                candidate.self_is_path
                    && bounds.iter().any(|bound| self.implements(candidate, bound))
            })
            .filter(|candidate| {
                bounds.iter().all(|bound| {
                    self.implements(candidate, bound)
                        || self.derives(&candidate.self_name, bound.name())
                        || ["Sized", "Send", "Sync", "Unpin"].contains(&bound.name())
                        // The standard library's, for its types (`Clone` of `u64` beside the
                        // crate's `GenericInteger`, which a macro implements for it).
                        || super::table::meets(&candidate.self_ty.tidy, bound) == Some(true)
                })
            })
            .collect();
        let widest = |candidate: &&&Implementation| {
            (WIDEST_FIRST.iter()).position(|wide| *wide == candidate.self_ty.tidy)
        };
        let number = meets
            .iter()
            .filter(|c| widest(c).is_some())
            .min_by_key(widest);
        number
            .or(meets.first())
            .and_then(|candidate| candidate.self_ty.parse())
    }

    fn implements(&self, candidate: &Implementation, bound: &Bound) -> bool {
        self.impls.iter().any(|other| {
            other.self_name == candidate.self_name
                && other.self_ty.tidy == candidate.self_ty.tidy
                && other.is_of(bound)
        })
    }

    /// Whether the crate defines a trait named `name`.
    pub(super) fn defines(&self, name: &str) -> bool {
        self.traits.iter().any(|known| known == name)
    }

    /// Whether the type `ty` (as the crate's code writes it: `u64`, `Metres`) meets `bound`,
    /// a bound the table does not know, on the word of the crate that instantiates an item
    /// with it: for a trait the crate defines, an implementation or a derive must say so;
    /// for a trait of a dependency, the crate's use is taken as its word (what it wrote
    /// compiles); a trait of the standard library is never taken so (see
    /// [`Bound::is_std`]).
    pub(super) fn vouches(&self, ty: &str, bound: &Bound) -> bool {
        if self.traits.iter().any(|name| name == bound.name()) {
            let name = ty.rsplit("::").next().unwrap_or(ty);
            let name = name.split('<').next().unwrap_or(name).trim();
            return self.derives(name, bound.name())
                || self.impls.iter().any(|other| {
                    (other.self_ty.tidy == ty || other.self_name == name) && other.is_of(bound)
                });
        }
        !bound.is_std()
    }

    fn derives(&self, name: &str, trait_: &str) -> bool {
        self.derives
            .iter()
            .any(|(ty, traits)| ty == name && traits.iter().any(|t| t == trait_))
    }

    /// Whether the type `self_ty` (of a call sequence: sized) meets the bound `trait_`, which
    /// takes no arguments: `Sized`, a derive, or an implementation in the file (`where Self:
    /// Clone`). An auto trait is not assumed: a type holding an `Rc` is not `Send`, and a
    /// wrong guess would not compile.
    pub(super) fn meets(&self, self_ty: &Type, trait_: &str) -> bool {
        let self_name = last_name(self_ty);
        trait_ == "Sized"
            || self.derives(&self_name, trait_)
            || (self.impls.iter()).any(|implementation| {
                implementation.name == trait_ && implementation.self_name == self_name
            })
    }

    /// The argument at `position` of the first implementation of the trait `name` for the
    /// type `self_ty` (`&Ipv4Addr` of `Contains<&'a Ipv4Addr> for Ipv4Net`).
    pub(super) fn argument_for(&self, self_ty: &Type, name: &str, position: usize) -> Option<Type> {
        let self_name = last_name(self_ty);
        self.impls
            .iter()
            .filter(|implementation| {
                implementation.name == name && implementation.self_name == self_name
            })
            .find_map(|implementation| implementation.args.get(position)?.parse())
    }
}

fn last_name(ty: &Type) -> String {
    match ty {
        Type::Path(path) => path
            .path
            .segments
            .last()
            .map(|last| last.ident.to_string())
            .unwrap_or_default(),
        _ => String::new(),
    }
}

/// `ty` with its references' lifetimes left out and others elided (`&Ipv4Addr` of
/// `&'a Ipv4Addr`), as a turbofish in a function body writes it.
pub(super) fn without_lifetimes(ty: &Type) -> Type {
    struct Strip;
    impl VisitMut for Strip {
        fn visit_type_reference_mut(&mut self, reference: &mut syn::TypeReference) {
            reference.lifetime = None;
            syn::visit_mut::visit_type_reference_mut(self, reference);
        }
        fn visit_lifetime_mut(&mut self, lifetime: &mut syn::Lifetime) {
            if lifetime.ident != "static" {
                *lifetime = syn::Lifetime::new("'_", lifetime.span());
            }
        }
    }
    let mut ty = ty.clone();
    Strip.visit_type_mut(&mut ty);
    ty
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file() -> Implementations {
        let file: syn::File = syn::parse_quote! {
            pub trait Rule { fn keeps(&self, item: u8) -> bool; }
            pub trait Contains<T> { fn contains(&self, other: T) -> bool; }
            impl<T: Ord> Rule for Vec<T> { fn keeps(&self, item: u8) -> bool { true } }
            #[derive(Debug, Clone)]
            pub struct Vowels;
            impl Rule for Vowels { fn keeps(&self, item: u8) -> bool { true } }
            mod net {
                impl<'a> Contains<&'a Ipv4Net> for Ipv4Net {
                    fn contains(&self, other: &'a Ipv4Net) -> bool { true }
                }
                impl<'a> Contains<&'a Ipv4Addr> for Ipv4Net {
                    fn contains(&self, other: &'a Ipv4Addr) -> bool { true }
                }
            }
        };
        Implementations::in_items(&file.items)
    }

    fn bounds(bounds: &[syn::TraitBound]) -> Vec<Bound> {
        let mut substitute = super::super::Substitute::default();
        bounds
            .iter()
            .map(|bound| Bound::of(bound, &mut substitute))
            .collect()
    }

    fn text(ty: Option<Type>) -> Option<String> {
        ty.map(|ty| tidy(&ty.to_token_stream()))
    }

    #[test]
    fn a_crate_trait_bound_takes_a_type_the_file_implements_it_for() {
        let found = file();
        let rule = bounds(&[syn::parse_quote!(Rule)]);
        assert_eq!(
            text(found.implementor(&rule)).as_deref(),
            Some("Vowels"),
            "a generic implementation is no one type"
        );
        let derived = bounds(&[syn::parse_quote!(Rule), syn::parse_quote!(Clone)]);
        assert_eq!(text(found.implementor(&derived)).as_deref(), Some("Vowels"));
        let missing = bounds(&[syn::parse_quote!(Rule), syn::parse_quote!(Ord)]);
        assert_eq!(
            text(found.implementor(&missing)),
            None,
            "`Vowels` derives no `Ord`"
        );
        let std = bounds(&[syn::parse_quote!(Clone)]);
        assert_eq!(
            text(found.implementor(&std)),
            None,
            "only for a trait of the file"
        );
    }

    #[test]
    fn a_standard_type_the_crate_implements_its_trait_for_meets_standard_bounds_beside_it() {
        let file: syn::File = syn::parse_quote! {
            pub trait Whole: Sized { fn zero() -> Self; }
            impl Whole for u8 { fn zero() -> Self { 0 } }
            impl Whole for i64 { fn zero() -> Self { 0 } }
        };
        let found = Implementations::in_items(&file.items);
        let bounds = bounds(&[syn::parse_quote!(Clone), syn::parse_quote!(Whole)]);
        // `Clone` is the table's to answer for `u8` and `i64`: the widest is taken.
        assert_eq!(text(found.implementor(&bounds)).as_deref(), Some("i64"));
    }

    #[test]
    fn the_crate_vouches_for_its_types_by_its_implementations_and_for_dependencies_traits() {
        let found = file();
        let vouches = |ty: &str, bound: syn::TraitBound| found.vouches(ty, &bounds(&[bound])[0]);
        assert!(vouches("Vowels", syn::parse_quote!(Rule)));
        assert!(vouches("crate::rules::Vowels", syn::parse_quote!(Rule)));
        assert!(
            !vouches("u8", syn::parse_quote!(Rule)),
            "a trait of the crate needs an implementation"
        );
        assert!(vouches("u64", syn::parse_quote!(Integer)));
        assert!(vouches("u64", syn::parse_quote!(num::Integer)));
        assert!(!vouches("i32", syn::parse_quote!(Deref)));
        assert!(!vouches("i32", syn::parse_quote!(core::hash::Hasher)));
        assert!(!vouches("Vec<u8>", syn::parse_quote!(io::Seek)));
    }

    #[test]
    fn a_where_self_bound_takes_the_argument_of_an_implementation_for_the_type() {
        let found = file();
        let net: Type = syn::parse_quote!(Ipv4Net);
        assert_eq!(
            text(found.argument_for(&net, "Contains", 0)).as_deref(),
            Some("&Ipv4Net"),
            "the first in the file, its lifetime left out"
        );
        let other: Type = syn::parse_quote!(Ipv6Net);
        assert_eq!(text(found.argument_for(&other, "Contains", 0)), None);
    }
    #[test]
    fn the_files_own_macros_write_implementations_too() {
        // data-encoding's unit structs, each with its value: every one in the crate's lib.rs.
        let file: syn::File = syn::parse_quote! {
            trait Static<T: Copy>: Copy { fn val(self) -> T; }
            macro_rules! define {
                ($name: ident: $type: ty = $val: expr) => {
                    #[derive(Copy, Clone)]
                    struct $name;
                    impl Static<$type> for $name {
                        fn val(self) -> $type { $val }
                    }
                };
            }
            define!(Bf: bool = false);
            define!(N1: usize = 1);
        };
        let found = Implementations::in_items(&file.items);
        let static_usize = bounds(&[syn::parse_quote!(Static<usize>), syn::parse_quote!(Copy)]);
        assert_eq!(
            text(found.implementor(&static_usize)).as_deref(),
            Some("N1")
        );
        let static_bool = bounds(&[syn::parse_quote!(Static<bool>)]);
        assert_eq!(text(found.implementor(&static_bool)).as_deref(), Some("Bf"));
    }
}
