//! The table of the standard library's traits through which [`super::choose`] picks a type
//! for a type parameter: which type a bound asks for first (`Bound::suggests`), and which
//! types meet which bounds ([`implements`]).

use proc_macro2::TokenStream;
use quote::{ToTokens, quote};
use syn::Type;
use syn::visit_mut::VisitMut;

use super::bound::Bound;
use crate::source::display::STD;

/// Types tried when no bound suggests one that meets them all, smallest search space first.
const FALLBACK: &[&str] = &[
    "u8", "i32", "u64", "&str", "String", "Vec<u8>", "&[u8]", "char", "bool", "f64",
];

/// `ty` as generated code names it (see [`STD`]): `String`, `Vec` and `Box` by their paths,
/// and a path from `std` through the runtime.
fn qualified(ty: &mut Type) {
    struct Qualify;
    impl VisitMut for Qualify {
        fn visit_type_path_mut(&mut self, path: &mut syn::TypePath) {
            syn::visit_mut::visit_type_path_mut(self, path);
            if path.qself.is_some() {
                return;
            }
            let first = path.path.segments.first().map(|s| s.ident.to_string());
            let prefix = match (first.as_deref(), path.path.segments.len()) {
                (Some("String"), 1) => "string::",
                (Some("Vec"), 1) => "vec::",
                (Some("Box"), 1) => "boxed::",
                (Some("std"), _) if path.path.leading_colon.is_none() => {
                    path.path.segments = path.path.segments.iter().skip(1).cloned().collect();
                    ""
                }
                _ => return,
            };
            let rest = &path.path;
            let text = format!("{STD}{prefix}{}", quote!(#rest));
            if let Ok(parsed) = syn::parse_str::<syn::Path>(&text) {
                path.path = parsed;
            }
        }
    }
    Qualify.visit_type_mut(ty);
}

/// What a type of [`FALLBACK`] (or a `Vec` of one) is, for the table.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Int {
        signed: bool,
        bits: u32,
    },
    Float,
    Char,
    Bool,
    String,
    Str,
    Bytes,
    ByteSlice,
    /// `Vec<T>` of another kind of the table.
    Vec,
    /// `std::vec::IntoIter<T>`: the iterator of a `Vec`.
    Iter,
    /// One of [`FIXED`], by its position there.
    Fixed(usize),
}

/// The standard library's hasher, a new one: what `H: Hasher` is searched with.
pub(super) const HASHER: &str = "std::collections::hash_map::DefaultHasher";

/// The formatting error, a unit struct: what `E: Error` is searched with.
pub(super) const FMT_ERROR: &str = "std::fmt::Error";

/// The standard library's types the table chooses whose one value a test writes, each with
/// the traits it implements (that the table knows of).
const FIXED: &[(&str, &[&str])] = &[
    (
        HASHER,
        &[
            "Hasher", "Clone", "Debug", "Default", "Send", "Sync", "Sized", "Unpin",
        ],
    ),
    (
        FMT_ERROR,
        &[
            "Error",
            "Debug",
            "Display",
            "ToString",
            "Clone",
            "Copy",
            "Default",
            "PartialEq",
            "Eq",
            "PartialOrd",
            "Ord",
            "Hash",
            "Send",
            "Sync",
            "Sized",
            "Unpin",
        ],
    ),
];

fn kind(ty: &str) -> Option<Kind> {
    Some(match ty {
        "u8" => Kind::Int {
            signed: false,
            bits: 8,
        },
        "u16" => Kind::Int {
            signed: false,
            bits: 16,
        },
        "u32" => Kind::Int {
            signed: false,
            bits: 32,
        },
        "u64" => Kind::Int {
            signed: false,
            bits: 64,
        },
        "u128" => Kind::Int {
            signed: false,
            bits: 128,
        },
        "usize" => Kind::Int {
            signed: false,
            bits: 64,
        },
        "i8" => Kind::Int {
            signed: true,
            bits: 8,
        },
        "i16" => Kind::Int {
            signed: true,
            bits: 16,
        },
        "i32" => Kind::Int {
            signed: true,
            bits: 32,
        },
        "i64" => Kind::Int {
            signed: true,
            bits: 64,
        },
        "i128" => Kind::Int {
            signed: true,
            bits: 128,
        },
        "isize" => Kind::Int {
            signed: true,
            bits: 64,
        },
        "f64" | "f32" => Kind::Float,
        "char" => Kind::Char,
        "bool" => Kind::Bool,
        "String" => Kind::String,
        "&str" => Kind::Str,
        "Vec<u8>" => Kind::Bytes,
        "&[u8]" => Kind::ByteSlice,
        _ if ty.starts_with("Vec<") && ty.ends_with('>') => Kind::Vec,
        _ if ty.starts_with(ITER) && ty.ends_with('>') => Kind::Iter,
        _ if let Some(at) = FIXED.iter().position(|(name, _)| *name == ty) => Kind::Fixed(at),
        _ => return None,
    })
}

/// Whether the table knows `ty` through and through: a `Vec` or iterator of a type it knows
/// (`Vec<T>` in another generic item, `Vec<_>`, are not types to choose).
fn fully_known(ty: &str) -> bool {
    match kind(ty) {
        Some(Kind::Vec) => fully_known(&ty[4..ty.len() - 1]),
        Some(Kind::Iter) => fully_known(&ty[ITER.len()..ty.len() - 1]),
        Some(_) => true,
        None => false,
    }
}

/// Whether the type `ty` implements `bound`, as far as the table knows: `None` for a trait it
/// does not know, or a type it does not.
fn implements(ty: &str, bound: &Bound) -> Option<bool> {
    use Kind::*;
    // Every type converts into and from itself, and borrows as itself (`O: Into<Ratio<u8>>`
    // is met by `Ratio<u8>`, a type of the crate the table does not know).
    let arg = bound.args.first().map(|arg| arg.as_str());
    let reflexive = ["Into", "From", "TryInto", "TryFrom", "Borrow"].contains(&bound.name.as_str());
    if reflexive && bound.args.len() == 1 && arg == Some(ty) && ty != "Self" {
        return Some(true);
    }
    // A reference the table has no kind of (`&u64`, not `&str`): what its referent gives it.
    let Some(kind) = kind(ty) else {
        let referent = ty.strip_prefix('&')?;
        return reference_implements(referent, bound);
    };
    // `Vec<u8>` is `Bytes`; a `Vec` of another element is told apart here.
    if kind == Vec {
        return vec_implements(&ty[4..ty.len() - 1], bound);
    }
    if kind == Iter {
        return iter_implements(&ty[ITER.len()..ty.len() - 1], bound);
    }
    if let Fixed(at) = kind {
        let traits = FIXED[at].1;
        let named = bound.names_std() && traits.contains(&bound.name.as_str());
        return Some(bound.args.is_empty() && named);
    }
    let number = matches!(kind, Int { .. } | Float);
    let integer = matches!(kind, Int { .. });
    let owned_text = matches!(kind, String | Str);
    Some(match (bound.name.as_str(), arg) {
        ("Send" | "Sync" | "Sized" | "Unpin" | "Debug" | "Clone", None) => true,
        ("UnwindSafe" | "RefUnwindSafe", None) => true,
        ("PartialEq" | "PartialOrd", None) => true,
        ("PartialEq" | "PartialOrd", Some(other)) if other == ty => true,
        ("Eq" | "Ord" | "Hash", None) => kind != Float,
        ("Copy", None) => !matches!(kind, String | Bytes),
        ("Default", None) => true,
        ("Display" | "ToString", None) => !matches!(kind, Bytes | ByteSlice),
        ("LowerHex" | "UpperHex" | "Octal" | "Binary", None) => integer,
        ("LowerExp" | "UpperExp", None) => number,
        ("FromStr", None) => !matches!(kind, Str | Bytes | ByteSlice),
        ("Into", Some(target)) => target == ty || converts(kind, target),
        ("From", Some(source)) => source == ty || converts_from(kind, source),
        ("TryFrom" | "TryInto", Some(other)) => integer && kind_is_int(other) || other == ty,
        ("AsRef" | "Borrow", Some("str")) => owned_text,
        ("AsRef", Some("Path" | "OsStr")) => owned_text,
        ("AsRef" | "Borrow", Some("[u8]")) => {
            matches!(kind, String | Str | Bytes | ByteSlice)
                && (bound.name == "AsRef" || matches!(kind, Bytes | ByteSlice))
        }
        ("AsRef" | "Borrow", Some(_)) => false,
        ("Read" | "BufRead", None) if !bound.fmt => kind == ByteSlice,
        ("Write", None) => match bound.fmt {
            true => kind == String,
            false => kind == Bytes,
        },
        // `&[u8]` iterates over references to its bytes (`Item = &'a u8`).
        ("IntoIterator", None) => match kind {
            Bytes => matches!(bound.item(), None | Some("u8")),
            ByteSlice => bound.item().is_none_or(borrows_a_byte),
            _ => false,
        },
        ("FromIterator" | "Extend", Some(item)) => match kind {
            String => matches!(item, "char" | "&str" | "String"),
            Bytes => item == "u8",
            _ => false,
        },
        ("Iterator" | "DoubleEndedIterator" | "ExactSizeIterator" | "FusedIterator", _) => false,
        (
            "Add" | "Sub" | "Mul" | "Div" | "Rem" | "AddAssign" | "SubAssign" | "MulAssign"
            | "DivAssign" | "RemAssign" | "Sum" | "Product",
            None,
        ) => {
            number
                && bound
                    .assoc
                    .iter()
                    .all(|(_, out)| out == ty || out == "Self")
        }
        ("Neg", None) => matches!(kind, Int { signed: true, .. } | Float),
        (
            "BitAnd" | "BitOr" | "BitXor" | "Not" | "Shl" | "Shr" | "BitAndAssign" | "BitOrAssign"
            | "BitXorAssign",
            None,
        ) => {
            (integer || (kind == Bool && bound.name != "Shl" && bound.name != "Shr"))
                && bound
                    .assoc
                    .iter()
                    .all(|(_, out)| out == ty || out == "Self")
        }
        ("Fn" | "FnMut" | "FnOnce", _) => false,
        // The number traits of `num-traits` and `num-integer`, which crates bound their
        // numeric types by (`T: Float`, `T: Integer`), whoever defines a trait of that name.
        ("Float" | "FloatCore", None) => kind == Float,
        ("PrimInt" | "Integer", None) => integer,
        ("Unsigned", None) => matches!(kind, Int { signed: false, .. }),
        ("Signed", None) => matches!(kind, Int { signed: true, .. } | Float),
        // `bytemuck`'s, which crates re-export (`pub use bytemuck::Zeroable`): every number.
        ("Zeroable" | "Pod" | "AnyBitPattern" | "NoUninit", None) => number,
        _ => return None,
    })
}

/// Whether an iterator's item is a shared reference to a byte (`&u8`, `&'a u8`), as a byte
/// slice's are.
pub(super) fn borrows_a_byte(item: &str) -> bool {
    let Some(referent) = item.strip_prefix('&') else {
        return false;
    };
    let referent = match referent.strip_prefix('\'') {
        Some(lifetime) => lifetime.split_once(' ').map_or("", |(_, rest)| rest),
        None => referent,
    };
    referent.trim() == "u8"
}

/// [`implements`] for `Vec<elem>`, whose element may be a type of the crate (`Vec<u5>` for
/// `AsRef<[u5]>`): what a `Vec` has of its element's traits, the table checks of the element.
fn vec_implements(elem: &str, bound: &Bound) -> Option<bool> {
    let arg = bound.args.first().map(|arg| arg.as_str());
    Some(match (bound.name.as_str(), arg) {
        ("Sized" | "Unpin" | "Default", None) => true,
        ("AsRef" | "Borrow", Some(slice)) => slice == format!("[{elem}]"),
        ("IntoIterator", None) => bound.item().is_none_or(|item| item == elem),
        ("FromIterator" | "Extend", Some(item)) => item == elem,
        ("Into", Some(target)) => target == format!("Vec<{elem}>"),
        (
            "Debug" | "Clone" | "PartialEq" | "Eq" | "PartialOrd" | "Ord" | "Hash" | "Send"
            | "Sync",
            None,
        ) => return implements(elem, bound),
        _ => return None,
    })
}

/// The path the table names a `Vec`'s iterator by, up to its item.
const ITER: &str = "std::vec::IntoIter<";

/// [`implements`] for `std::vec::IntoIter<elem>`.
fn iter_implements(elem: &str, bound: &Bound) -> Option<bool> {
    Some(match bound.name.as_str() {
        "Iterator"
        | "DoubleEndedIterator"
        | "ExactSizeIterator"
        | "FusedIterator"
        | "IntoIterator" => bound.item().is_none_or(|item| item == elem),
        "Sized" | "Unpin" | "Default" => true,
        "Debug" | "Clone" | "Send" | "Sync" => return implements(elem, bound),
        _ => return None,
    })
}

fn kind_is_int(ty: &str) -> bool {
    matches!(kind(ty), Some(Kind::Int { .. }))
}

/// Whether `&referent` implements `bound`, as far as the table knows: the standard library's
/// arithmetic of references to numbers (`&u64: Add<Output = u64>`, `Add<&u64>`, `Add<u64>`),
/// and the traits every shared reference has (`Copy`, `Clone`, …, as its referent for those
/// that compare or print).
fn reference_implements(referent: &str, bound: &Bound) -> Option<bool> {
    let number = matches!(kind(referent)?, Kind::Int { .. } | Kind::Float);
    let arg = bound
        .args
        .first()
        .map(|arg| arg.replace("'a ", "").replace("'_ ", ""));
    let outputs_referent = || bound.assoc.iter().all(|(_, out)| out == referent);
    Some(match bound.name.as_str() {
        "Add" | "Sub" | "Mul" | "Div" | "Rem" => {
            let rhs = arg
                .as_deref()
                .is_none_or(|rhs| rhs == referent || rhs.strip_prefix('&') == Some(referent));
            number && rhs && bound.args.len() <= 1 && outputs_referent()
        }
        "Neg" => {
            matches!(
                kind(referent)?,
                Kind::Int { signed: true, .. } | Kind::Float
            ) && outputs_referent()
        }
        "Copy" | "Clone" | "Send" | "Sync" | "Sized" | "Unpin" => bound.args.is_empty(),
        _ => {
            return implements(referent, bound).filter(|_| {
                [
                    "Debug",
                    "Display",
                    "PartialEq",
                    "PartialOrd",
                    "Eq",
                    "Ord",
                    "Hash",
                ]
                .contains(&bound.name.as_str())
                    && bound.args.is_empty()
            });
        }
    })
}

/// Whether `Into<target>` holds for a value of `kind` (besides `target` itself).
fn converts(kind: Kind, target: &str) -> bool {
    match (kind, self::kind(target)) {
        (
            Kind::Int { signed, bits },
            Some(Kind::Int {
                signed: to_signed,
                bits: to_bits,
            }),
        ) => {
            // The std `From` impls between integers: lossless ones, never to or from `usize`/
            // `isize` except `u8`/`u16` (`i8`/`i16`) into them.
            let pointer = matches!(target, "usize" | "isize");
            match pointer {
                true => bits <= 16 && signed == to_signed || (!signed && bits == 8 && to_signed),
                false => {
                    (signed == to_signed && to_bits > bits)
                        || (!signed && to_signed && to_bits > bits)
                }
            }
        }
        (Kind::Int { bits, .. }, Some(Kind::Float)) => bits <= 32,
        (
            Kind::Char,
            Some(Kind::Int {
                signed: false,
                bits,
            }),
        ) => bits >= 32,
        (Kind::Char | Kind::Str, Some(Kind::String)) => true,
        (Kind::String | Kind::Str, _) => matches!(
            target,
            "Vec<u8>" | "Box<str>" | "std::path::PathBuf" | "PathBuf" | "Rc<str>" | "Arc<str>"
        ),
        (Kind::ByteSlice, Some(Kind::Bytes)) => true,
        _ => false,
    }
}

/// Whether `From<source>` holds for `kind` (besides its own type).
fn converts_from(kind: Kind, source: &str) -> bool {
    self::kind(source).is_some_and(|from| {
        let target = match kind {
            Kind::Int { signed, bits } => int_name(signed, bits),
            Kind::String => "String",
            Kind::Bytes => "Vec<u8>",
            _ => return false,
        };
        converts(from, target)
    })
}

fn int_name(signed: bool, bits: u32) -> &'static str {
    match (signed, bits) {
        (false, 8) => "u8",
        (false, 16) => "u16",
        (false, 32) => "u32",
        (false, 64) => "u64",
        (false, _) => "u128",
        (true, 8) => "i8",
        (true, 16) => "i16",
        (true, 32) => "i32",
        (true, 64) => "i64",
        (true, _) => "i128",
    }
}

/// The type for the parameter `name` with `bounds`.
///
/// The types the crate's own code gives it (`called`, most often first) come first, each
/// taken only where every bound is met: as the table knows, or, for a trait the table does
/// not know, as `vouched` says (the crate's use of the type is its word for a trait of a
/// dependency); then the type a bound asks for, then [`FALLBACK`].
pub(super) fn pick(
    name: &str,
    bounds: &[Bound],
    owned: bool,
    called: &[String],
    vouched: &dyn Fn(&str, &Bound) -> bool,
) -> Result<TokenStream, String> {
    if let Some(bound) = bounds.iter().find(|bound| bound.has_lifetime_binder()) {
        return Err(unknown(name, bound));
    }
    if bounds
        .iter()
        .any(|bound| crate::signature::closures::is_closure_bound(&bound.syntax))
    {
        return closure(name, bounds);
    }
    let known = |ty: &String| {
        fully_known(ty)
            && bounds
                .iter()
                .all(|bound| match implements(ty, &bound.on(name, ty)) {
                    Some(meets) => meets,
                    None => vouched(ty, &bound.on(name, ty)),
                })
    };
    // Each candidate with whether the crate's code gave it.
    let called = called
        .iter()
        .filter(|ty| known(ty))
        .map(|ty| (ty.clone(), true));
    let suggested = bounds.iter().filter_map(Bound::suggests);
    let candidates = called
        .chain(
            suggested
                .chain(FALLBACK.iter().map(|ty| ty.to_string()))
                .map(|ty| (ty, false)),
        )
        .flat_map(|(ty, given)| match (owned, ty.as_str()) {
            // The owned form first, the borrowed one where only it meets the bounds.
            (true, "&str") => vec![("String".to_string(), given), (ty, given)],
            (true, "&[u8]") => vec![("Vec<u8>".to_string(), given), (ty, given)],
            _ => vec![(ty, given)],
        });
    let mut seen_unknown = None;
    for (candidate, given) in candidates {
        let mut meets = true;
        for bound in bounds {
            match implements(&candidate, &bound.on(name, &candidate)) {
                Some(true) => {}
                Some(false) => meets = false,
                None if given && vouched(&candidate, &bound.on(name, &candidate)) => {}
                None => {
                    seen_unknown.get_or_insert(bound);
                    meets = false;
                }
            }
        }
        if meets {
            return parsed(&candidate);
        }
    }
    Err(match seen_unknown {
        Some(bound) => unknown(name, bound),
        None => format!(
            "is generic over `{name}: {}`, which no one type symtest chooses meets; name one \
             with `#[symtest({name} = …)]`",
            bounds
                .iter()
                .map(|b| b.text.as_str())
                .collect::<Vec<_>>()
                .join(" + ")
        ),
    })
}

/// The type `ty` (the table's text) as generated code names it.
fn parsed(ty: &str) -> Result<TokenStream, String> {
    syn::parse_str::<Type>(ty)
        .map(|mut ty| {
            qualified(&mut ty);
            ty.into_token_stream()
        })
        .map_err(|error| error.to_string())
}

/// A closure bound (`F: Fn(&T) -> bool`, with `Send` and `Sync` beside it) is searched with
/// the boxed trait object (`Box<dyn Fn(&u8) -> bool>`), which implements it: its values are
/// the closures of `crate::signature::closures`. Its lifetimes are elided (`Fn(&'a T)` gives
/// `Box<dyn Fn(&'_ u8)>`).
fn closure(name: &str, bounds: &[Bound]) -> Result<TokenStream, String> {
    let syntax = bounds.iter().map(|bound| &bound.syntax);
    let mut object: syn::TypeTraitObject = syn::parse_quote!(dyn #(#syntax)+*);
    // The function's lifetimes (`F: Fn(&'a T) -> U`) are not declared where the type is
    // written; elided, the object is higher-ranked, and meets the bound for every lifetime.
    syn::visit_mut::VisitMut::visit_type_trait_object_mut(
        &mut crate::signature::lifetimes::Elide,
        &mut object,
    );
    match crate::signature::closures::Callback::of_bounds(&object.bounds) {
        Some(_) => {
            let rt = crate::rt();
            Ok(quote!(#rt::std::boxed::Box<#object>))
        }
        None => Err(format!(
            "is generic over `{name}: {}`, a closure symtest cannot make: it makes closures of \
             up to three arguments, bounded by `Send` and `Sync` at most (not `Clone`, `Copy` or \
             a trait of the crate), whose result borrows from no argument unless it is one",
            bounds
                .iter()
                .map(|b| b.text.as_str())
                .collect::<Vec<_>>()
                .join(" + ")
        )),
    }
}

/// Whether the type `ty` (as compact text: `u8`, `String`) meets `bound`, as far as the
/// table knows.
pub(super) fn meets(ty: &str, bound: &Bound) -> Option<bool> {
    implements(ty, bound)
}

/// Whether `ty`, as [`closure`] chose it, is a closure's boxed trait object.
pub(super) fn is_closure(ty: &TokenStream) -> bool {
    let text: String = ty.to_string().split_whitespace().collect();
    text.starts_with("::symtest_runtime::__private::std::boxed::Box<dyn")
}

fn unknown(name: &str, bound: &Bound) -> String {
    if name.starts_with("impl ") {
        return format!("takes `{name}`, a bound symtest has no type for yet");
    }
    format!(
        "is generic over `{name}: {}`, a bound symtest has no type for yet; name one with \
         `#[symtest({name} = …)]`",
        bound.text
    )
}

/// The value a const parameter is searched with: a small one of its type.
pub(super) fn const_value(name: &str, ty: &Type) -> Result<TokenStream, String> {
    let text = ty.to_token_stream().to_string();
    match text.as_str() {
        "bool" => Ok(quote!(true)),
        "char" => Ok(quote!('a')),
        _ if kind_is_int(&text) => Ok(quote!(4)),
        _ => Err(format!(
            "has a const parameter `{name}: {text}`, for which symtest has no value; name one \
             with `#[symtest({name} = …)]`"
        )),
    }
}
