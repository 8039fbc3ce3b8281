//! A trait bound as the table of [`super::table`] reads it: the trait's name, its arguments
//! and associated types as text, the type it asks for first, and whether it is the standard
//! library's trait of its name.

use quote::ToTokens;
use syn::visit_mut::VisitMut;
use syn::{GenericArgument, PathArguments, TraitBound};

use super::Substitute;
use super::table::{FMT_ERROR, HASHER, borrows_a_byte};
use crate::source::display::tidy;

/// One bound, as the table reads it: the trait's last name, its type arguments and its
/// associated types (`Iterator<Item = u8>`), as compact text; and whether its path names `fmt`.
#[derive(Clone)]
pub(super) struct Bound {
    pub(super) name: String,
    pub(super) args: Vec<String>,
    pub(super) assoc: Vec<(String, String)>,
    pub(super) fmt: bool,
    pub(super) text: String,
    /// The bound itself, with the chosen types in place of the parameters it names.
    pub(super) syntax: TraitBound,
    /// Whether the crate defines a trait of the bound's name (see [`Bound::names_std`]).
    local: bool,
}

impl Bound {
    pub(super) fn of(bound: &TraitBound, substitute: &mut Substitute) -> Bound {
        let mut bound = bound.clone();
        substitute.visit_trait_bound_mut(&mut bound);
        let path = &bound.path;
        let last = path.segments.last().expect("a path has a segment");
        let mut args = Vec::new();
        let mut assoc = Vec::new();
        if let PathArguments::AngleBracketed(angled) = &last.arguments {
            for arg in &angled.args {
                match arg {
                    GenericArgument::Type(ty) => args.push(tidy(&ty.to_token_stream())),
                    GenericArgument::AssocType(pair) => {
                        assoc.push((pair.ident.to_string(), tidy(&pair.ty.to_token_stream())))
                    }
                    other => args.push(tidy(&other.to_token_stream())),
                }
            }
        }
        Bound {
            name: last.ident.to_string(),
            args,
            assoc,
            fmt: path.segments.iter().any(|segment| segment.ident == "fmt"),
            text: tidy(&bound.to_token_stream()),
            syntax: bound.clone(),
            local: false,
        }
    }

    /// Whether the table's answer for the bound depends on the crate defining no trait of its
    /// name ([`Bound::local`]): `Hasher` or `Error`, which it reads as std's.
    pub(super) fn may_be_local(&self) -> bool {
        self.args.is_empty() && ["Hasher", "Error"].contains(&self.name.as_str())
    }

    /// The bound, known to name a trait the crate defines where `local`.
    pub(super) fn local(mut self, local: bool) -> Bound {
        self.local = local;
        self
    }

    /// The type this bound asks for first, if it suggests one.
    pub(super) fn suggests(&self) -> Option<String> {
        let arg = self.args.first().cloned();
        match (self.name.as_str(), arg.as_deref()) {
            ("Into" | "From", Some(target)) => Some(target.to_string()),
            ("AsRef" | "Borrow", Some("str" | "Path" | "OsStr")) => Some("&str".into()),
            ("AsRef" | "Borrow", Some(slice)) if slice.starts_with('[') && !slice.contains(';') => {
                Some(format!("Vec<{}>", &slice[1..slice.len() - 1]))
            }
            // Every type borrows as itself.
            ("Borrow", Some(target)) => Some(target.to_string()),
            ("Display" | "ToString", None) => Some("&str".into()),
            ("Read" | "BufRead", None) => Some("&[u8]".into()),
            ("Write", None) if self.fmt => Some("String".into()),
            ("Write", None) => Some("Vec<u8>".into()),
            ("IntoIterator", None) if self.item().is_some_and(borrows_a_byte) => {
                Some("&[u8]".into())
            }
            ("IntoIterator", None) => {
                let item = self.item().unwrap_or("u8");
                Some(format!("Vec<{item}>"))
            }
            // An item that borrows (`Item = &'a u8`) would name a lifetime the entry has not.
            ("Iterator" | "DoubleEndedIterator" | "ExactSizeIterator", None)
                if !self.item().is_some_and(|item| item.contains('&')) =>
            {
                let item = self.item().unwrap_or("u8");
                Some(format!("std::vec::IntoIter<{item}>"))
            }
            ("Add" | "Sub" | "Mul" | "Div" | "Rem" | "Neg", _) => Some("i32".into()),
            ("Hasher", None) if self.names_std() => Some(HASHER.into()),
            ("Error", None) if self.names_std() => Some(FMT_ERROR.into()),
            // What collects or takes in text is a `String`; other items, a `Vec` of them.
            ("FromIterator" | "Extend", Some("char" | "&str" | "String")) => Some("String".into()),
            ("FromIterator" | "Extend", Some(item)) if !item.contains('&') => {
                Some(format!("Vec<{item}>"))
            }
            _ => None,
        }
    }

    /// The bound as it reads with `ty` for the parameter `name` it is on, where it names the
    /// parameter as a whole (`Sub<Output = T>`, `PartialEq<T>`): `T = i32` meets `Sub<Output
    /// = T>` as `i32` meets `Sub<Output = i32>`.
    pub(super) fn on(&self, name: &str, ty: &str) -> Bound {
        let mut bound = self.clone();
        let put = |text: &mut String| {
            if text == name {
                *text = ty.to_string();
            }
        };
        bound.args.iter_mut().for_each(put);
        bound.assoc.iter_mut().for_each(|(_, text)| put(text));
        bound
    }

    pub(super) fn item(&self) -> Option<&str> {
        self.assoc
            .iter()
            .find(|(name, _)| name == "Item")
            .map(|(_, ty)| ty.as_str())
    }
}

/// The standard library's traits the table does not tell implementors of. A bound on one
/// of them is never taken on the crate's word: a type the crate instantiates an item with
/// need not meet the bounds of each of the item's impl blocks (`Either<i32, i32>` is no
/// `Deref`), and the standard library's traits are the ones such blocks add.
const STD_TRAITS: &[&str] = &[
    "Any",
    "AsMut",
    "AsRef",
    "Binary",
    "Borrow",
    "BorrowMut",
    "BufRead",
    "BuildHasher",
    "Clone",
    "Copy",
    "Debug",
    "Default",
    "Deref",
    "DerefMut",
    "Display",
    "DoubleEndedIterator",
    "Drop",
    "Eq",
    "Error",
    "ExactSizeIterator",
    "Extend",
    "Fn",
    "FnMut",
    "FnOnce",
    "From",
    "FromIterator",
    "FromStr",
    "Future",
    "FusedIterator",
    "Hash",
    "Hasher",
    "Index",
    "IndexMut",
    "Into",
    "IntoFuture",
    "IntoIterator",
    "Iterator",
    "LowerExp",
    "LowerHex",
    "Octal",
    "Ord",
    "PartialEq",
    "PartialOrd",
    "Pointer",
    "Product",
    "RangeBounds",
    "Read",
    "RefUnwindSafe",
    "Seek",
    "Send",
    "Sized",
    "SliceIndex",
    "Step",
    "Sum",
    "Sync",
    "ToOwned",
    "ToSocketAddrs",
    "ToString",
    "TryFrom",
    "TryInto",
    "Unpin",
    "UnwindSafe",
    "UpperExp",
    "UpperHex",
    "Write",
    "Add",
    "AddAssign",
    "BitAnd",
    "BitAndAssign",
    "BitOr",
    "BitOrAssign",
    "BitXor",
    "BitXorAssign",
    "Div",
    "DivAssign",
    "Mul",
    "MulAssign",
    "Neg",
    "Not",
    "Rem",
    "RemAssign",
    "Shl",
    "ShlAssign",
    "Shr",
    "ShrAssign",
    "Sub",
    "SubAssign",
];

impl Bound {
    /// Whether the bound is the standard library's trait of its name, as far as its path
    /// tells: rooted in `std`, `core` or `alloc`, one of std's modules then the name
    /// (`hash::Hasher`, `error::Error`), or the bare name where the crate defines no trait of
    /// that name (`local`). Another crate's trait of the same name (`hash_db::Hasher`,
    /// `serde::de::Error`) is not.
    pub(super) fn names_std(&self) -> bool {
        const MODULES: &[&str] = &[
            "hash", "error", "fmt", "io", "ops", "cmp", "convert", "iter",
        ];
        let segments = &self.syntax.path.segments;
        let first = segments.first().map(|segment| segment.ident.to_string());
        match (segments.len(), first.as_deref()) {
            (1, _) => !self.local,
            (_, Some("std" | "core" | "alloc")) => true,
            (2, Some(module)) => MODULES.contains(&module) && !self.local,
            _ => false,
        }
    }

    /// Whether the bound names a trait of the standard library: by its path (`std::…`,
    /// `core::…`, `alloc::…`) or by its name (`Seek`, `io::Seek`).
    pub(super) fn is_std(&self) -> bool {
        let first = self
            .syntax
            .path
            .segments
            .first()
            .map(|s| s.ident.to_string());
        matches!(first.as_deref(), Some("std" | "core" | "alloc"))
            || STD_TRAITS.contains(&self.name.as_str())
    }
}

impl Bound {
    /// The trait's last name (`Contains`).
    pub(super) fn name(&self) -> &str {
        &self.name
    }

    /// The trait's type arguments, as compact text.
    pub(super) fn args(&self) -> &[String] {
        &self.args
    }

    /// The bound as written, compactly.
    pub(super) fn text(&self) -> &str {
        &self.text
    }

    pub(super) fn has_lifetime_binder(&self) -> bool {
        self.text.starts_with("for<")
    }
}
