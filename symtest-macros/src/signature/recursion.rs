//! Types that hold themselves (`next: Option<Box<Link<T>>>`, `children: Vec<Tree>`, `Add(Box<Expr>,
//! Box<Expr>)`): which of them `#[symtest]` can build, and how.
//!
//! The runtime unfolds such a type a few levels deep and ends the value where something can be
//! empty: an `Option` is `None`, a `Vec` empty, an enum its first variant
//! (`symtest_runtime::genes::recursive`). So a field may hold the type only through containers
//! whose `Input` and `Literal` impls the runtime has for any item (`Option`, `Box`, `Vec`,
//! `VecDeque`, `Rc`, `Arc`, `RefCell`, `Mutex`, references, arrays, tuples, a map's values),
//! naming the type with its own parameters: such a field's bound is the impl being written, so
//! the derive leaves it out ([`builds_itself`]). Any other way (a `Weak`, a `NonNull`, a
//! `HashSet` of it, `Node<(T, T)>`) is refused ([`problem`]), as is a value that always holds
//! another of itself ([`holds_directly`]): no value of it ends.

use syn::{GenericArgument, Generics, Ident, PathArguments, Type};

/// How a type holds the type being defined.
#[derive(Debug, PartialEq)]
enum Holding {
    No,
    /// Only through containers genes build around it.
    Built,
    /// Some other way, which says how.
    Unbuilt(String),
}

impl Holding {
    fn and(self, other: Holding) -> Holding {
        match (self, other) {
            (Holding::Unbuilt(why), _) | (_, Holding::Unbuilt(why)) => Holding::Unbuilt(why),
            (Holding::Built, _) | (_, Holding::Built) => Holding::Built,
            _ => Holding::No,
        }
    }
}

/// Containers whose `Input` and `Literal` impls take any item.
const CONTAINERS: &[&str] = &[
    "Option", "Box", "Vec", "VecDeque", "Rc", "Arc", "RefCell", "Mutex",
];

/// Maps, which hold the type in their values only (a key needs `Ord` or `Hash`).
const MAPS: &[&str] = &["BTreeMap", "HashMap"];

/// Whether a field of type `ty` holds `owner` (declared with `generics`) only through
/// containers genes build: its `Input` bound is the impl being written.
pub fn builds_itself(ty: &Type, owner: &Ident, generics: &Generics) -> bool {
    holding(ty, owner, generics) == Holding::Built
}

/// Why a field of type `ty` cannot hold `owner` the way it does, if it cannot.
pub fn problem(ty: &Type, owner: &Ident, generics: &Generics) -> Option<String> {
    match holding(ty, owner, generics) {
        Holding::Unbuilt(why) => Some(why),
        _ => None,
    }
}

fn holding(ty: &Type, owner: &Ident, generics: &Generics) -> Holding {
    let inside = |ty: &Type| holding(ty, owner, generics);
    match ty {
        Type::Paren(paren) => inside(&paren.elem),
        Type::Group(group) => inside(&group.elem),
        Type::Reference(reference) => inside(&reference.elem),
        Type::Array(array) => inside(&array.elem),
        Type::Slice(slice) => inside(&slice.elem),
        Type::Tuple(tuple) => holding_all(tuple.elems.iter(), owner, generics),
        Type::Path(path) if path.qself.is_none() => {
            let Some(last) = path.path.segments.last() else {
                return Holding::No;
            };
            if is_owner(path, owner) {
                return match own_arguments(&last.arguments, generics) {
                    true => Holding::Built,
                    false => Holding::Unbuilt(format!(
                        "it holds `{owner}` with other arguments than its own, which symtest \
                         cannot unfold"
                    )),
                };
            }
            let arguments = type_arguments(&last.arguments);
            let name = last.ident.to_string();
            if CONTAINERS.contains(&name.as_str()) {
                return holding_all(arguments.into_iter(), owner, generics);
            }
            if MAPS.contains(&name.as_str()) && arguments.len() == 2 {
                return match inside(arguments[0]) {
                    Holding::No => inside(arguments[1]),
                    _ => unbuilt(owner, &format!("the keys of a `{name}`")),
                };
            }
            match arguments.iter().any(|ty| inside(ty) != Holding::No) {
                true => unbuilt(owner, &format!("a `{name}`")),
                false => Holding::No,
            }
        }
        other if names(other, owner) => unbuilt(owner, "a type symtest does not build"),
        _ => Holding::No,
    }
}

/// How `types` together hold `owner`: the worst of their ways.
fn holding_all<'a>(
    types: impl Iterator<Item = &'a Type>,
    owner: &Ident,
    generics: &Generics,
) -> Holding {
    types.fold(Holding::No, |held, ty| {
        held.and(holding(ty, owner, generics))
    })
}

fn unbuilt(owner: &Ident, place: &str) -> Holding {
    Holding::Unbuilt(format!(
        "it holds `{owner}` in {place}, which symtest cannot build around it (an `Option`, a \
         `Box`, a `Vec`, an `Rc` or a map's values can)"
    ))
}

/// The type arguments of a path segment, lifetimes left out.
fn type_arguments(arguments: &PathArguments) -> Vec<&Type> {
    match arguments {
        PathArguments::AngleBracketed(arguments) => (arguments.args.iter())
            .filter_map(|arg| match arg {
                GenericArgument::Type(ty) => Some(ty),
                _ => None,
            })
            .collect(),
        _ => Vec::new(),
    }
}

/// Whether `arguments` are the type's own type and const parameters, in order (`Link<T>` in
/// `struct Link<T>`): the impl being written is for them.
fn own_arguments(arguments: &PathArguments, generics: &Generics) -> bool {
    let own = crate::signature::generics::param_names(generics);
    let given: Vec<String> = match arguments {
        PathArguments::None => Vec::new(),
        PathArguments::AngleBracketed(arguments) => (arguments.args.iter())
            .filter(|arg| !matches!(arg, GenericArgument::Lifetime(_)))
            .map(|arg| quote::ToTokens::to_token_stream(arg).to_string())
            .collect(),
        PathArguments::Parenthesized(_) => return false,
    };
    given.is_empty() || given == own
}

/// Whether `path` is `owner`: by its bare name, as `Self`, or from `crate::`/`self::`.
fn is_owner(path: &syn::TypePath, owner: &Ident) -> bool {
    let segments: Vec<&Ident> = path.path.segments.iter().map(|s| &s.ident).collect();
    match segments.as_slice() {
        [only] => *only == owner || *only == "Self",
        [root, name] => (*root == "crate" || *root == "self") && *name == owner,
        _ => false,
    }
}

/// Whether `ty` names `owner` anywhere.
fn names(ty: &Type, owner: &Ident) -> bool {
    struct Finder<'a> {
        owner: &'a Ident,
        found: bool,
    }
    impl<'ast> syn::visit::Visit<'ast> for Finder<'_> {
        fn visit_type_path(&mut self, path: &'ast syn::TypePath) {
            self.found |= is_owner(path, self.owner);
            syn::visit::visit_type_path(self, path);
        }
    }
    let mut finder = Finder {
        owner,
        found: false,
    };
    syn::visit::Visit::visit_type(&mut finder, ty);
    finder.found
}

/// Whether a value of `ty` always holds an `owner`: `ty` is `owner` (or `Self`), behind
/// references, boxes, `Rc`, `Arc`, cells, tuples or arrays, none of which can be empty.
pub fn holds_directly(ty: &Type, owner: &Ident) -> bool {
    match ty {
        Type::Paren(paren) => holds_directly(&paren.elem, owner),
        Type::Group(group) => holds_directly(&group.elem, owner),
        Type::Reference(reference) => holds_directly(&reference.elem, owner),
        Type::Array(array) => holds_directly(&array.elem, owner),
        Type::Tuple(tuple) => tuple.elems.iter().any(|ty| holds_directly(ty, owner)),
        Type::Path(path) => {
            if is_owner(path, owner) {
                return true;
            }
            let Some(last) = path.path.segments.last() else {
                return false;
            };
            let wrapper = ["Box", "Rc", "Arc", "RefCell", "Cell", "Mutex", "RwLock"];
            wrapper.iter().any(|name| last.ident == name)
                && (type_arguments(&last.arguments).iter()).any(|ty| holds_directly(ty, owner))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use quote::quote;

    fn field(ty: proc_macro2::TokenStream) -> (Option<String>, bool) {
        let ty: Type = syn::parse2(ty).expect("a type");
        let owner = Ident::new("Node", proc_macro2::Span::call_site());
        let generics: Generics = syn::parse_quote!(<'a, T>);
        (
            problem(&ty, &owner, &generics),
            builds_itself(&ty, &owner, &generics),
        )
    }

    #[test]
    fn a_type_holds_itself_through_containers_genes_build_and_with_its_own_parameters() {
        for built in [
            quote!(Option<Box<Node<T>>>),
            quote!(Vec<Node<'a, T>>),
            quote!(Option<std::rc::Rc<std::cell::RefCell<Node<T>>>>),
            quote!(std::collections::BTreeMap<u8, Node<T>>),
            quote!(Option<(u8, Box<Self>)>),
            quote!(Option<&'a crate::Node<T>>),
        ] {
            assert_eq!(field(built.clone()), (None, true), "{built}");
        }
        for other in [quote!(u8), quote!(Option<ast::Node<T>>), quote!(Vec<T>)] {
            assert_eq!(field(other.clone()), (None, false), "{other}");
        }
        for refused in [
            quote!(Option<std::rc::Weak<Node<T>>>),
            quote!(Option<NonNull<Node<T>>>),
            quote!(HashSet<Node<T>>),
            quote!(BTreeMap<Node<T>, u8>),
            quote!(Option<Box<Node<(T, T)>>>),
            quote!(Result<Box<Node<T>>, u8>),
            quote!(fn(Node<T>)),
        ] {
            let (problem, built) = field(refused.clone());
            assert!(problem.is_some() && !built, "{refused}");
        }
    }

    #[test]
    fn only_an_empty_container_ends_a_value() {
        let owner = Ident::new("Node", proc_macro2::Span::call_site());
        let direct = |ty: proc_macro2::TokenStream| {
            holds_directly(&syn::parse2(ty).expect("a type"), &owner)
        };
        assert!(direct(quote!(Box<Node>)));
        assert!(direct(quote!((u8, std::rc::Rc<Self>))));
        assert!(!direct(quote!(Option<Box<Node>>)));
        assert!(!direct(quote!(Vec<Node>)));
    }
}
