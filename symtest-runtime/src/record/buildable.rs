//! Which types genes can build, asked by generated code without the macro knowing: a
//! parameter's, a field's or a receiver's type builds when it implements [`Input`] and
//! [`Literal`] (primitives, std containers of them, types marked `#[symtest]` whose fields
//! build). Code generated for an impl block asks `(&&Direct::<T>::NEW).shape()`, `.decode(…)`
//! and `.build(…)` of its type, which autoref specialisation answers through [`ViaInput`] where
//! `T` builds and [`NoInput`] (nothing) otherwise, so every annotated item compiles; a
//! parameter is asked through `crate::record::made::Arg`, which tries genes first and then
//! the type's constructors. A function taking a type that does not build is skipped with a
//! reason ([`unbuildable`]) instead of searched. A
//! `&Path`, `&OsStr` or `&CStr` parameter is asked the same way through [`Lent`], of the
//! owned form its referent's `ToOwned` names, and an iterator of `str` (`Chars<'_>`) through
//! [`Viewed`], of the string it iterates.

use std::borrow::Borrow;
use std::marker::PhantomData;

use crate::genes::{Input, Shape, Value, View};
use crate::record::literal::{Literal, ViewOwner, view_literal};
use crate::record::recorder;

/// A probe type: `$name::<T>::NEW` is the value generated code calls probe methods on.
macro_rules! probe {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        pub struct $name<T: ?Sized>(PhantomData<T>);

        impl<T: ?Sized> $name<T> {
            pub const NEW: $name<T> = $name(PhantomData);
        }

        impl<T: ?Sized> std::fmt::Debug for $name<T> {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(stringify!($name))
            }
        }
    };
}

probe!(
    /// The type `T`, for autoref specialisation on what it implements (see the module's doc).
    Direct
);

/// What patterns on a parameter or `self` need of its type: its fields and variants, which
/// variant a value is, where a field's genes are. Where the type is an [`Input`], these
/// inherent items answer; for any other type, path resolution falls back to [`NotInput`]'s (no
/// fields, no variants, tag 0), so generated code can name them for every type.
impl<T: Input> Direct<T> {
    pub const FIELDS: &'static [&'static str] = T::FIELDS;
    pub const VARIANTS: &'static [(&'static str, &'static [&'static str])] = T::VARIANTS;

    pub fn tag(value: &T) -> u32 {
        value.tag()
    }

    pub fn field_genes(path: &[&str]) -> Option<Vec<usize>> {
        T::field_genes(path)
    }
}

/// The fallback of [`Direct`]'s `FIELDS`, `VARIANTS`, `tag` and `field_genes` for types that
/// are not inputs: no fields, no variants, nothing among genes.
pub trait NotInput<T: ?Sized> {
    const FIELDS: &'static [&'static str] = &[];
    const VARIANTS: &'static [(&'static str, &'static [&'static str])] = &[];

    fn tag(_value: &T) -> u32 {
        0
    }

    fn field_genes(path: &[&str]) -> Option<Vec<usize>> {
        path.is_empty().then(Vec::new)
    }
}

impl<T: ?Sized> NotInput<T> for Direct<T> {}

/// Types whose values genes build directly.
pub trait ViaInput<T: ?Sized> {
    fn shape(&self) -> Option<Shape>;
    /// A value of `T` from its genes.
    fn decode(&self, genes: &Value) -> Option<T>
    where
        T: Sized;
    /// The value the genes at `path` of a sequence's `genes` build, as the value a sequence
    /// starts from. In a concolic execution, its parts are input variables until a call
    /// changes them (see [`recorder::receiver`]).
    fn build(&self, genes: &Value, path: &[usize]) -> Option<T>
    where
        T: Sized;
}

impl<T: Input + Literal> ViaInput<T> for &Direct<T> {
    fn shape(&self) -> Option<Shape> {
        Some(T::shape())
    }

    fn decode(&self, genes: &Value) -> Option<T> {
        Some(T::decode(genes))
    }

    fn build(&self, genes: &Value, path: &[usize]) -> Option<T> {
        if recorder::concolic() {
            recorder::receiver(path, T::FIELDS, T::VARIANTS, T::field_genes);
        }
        Some(T::decode(genes))
    }
}

/// Every other type: nothing builds it.
pub trait NoInput<T: ?Sized> {
    fn shape(&self) -> Option<Shape> {
        None
    }

    fn decode(&self, _genes: &Value) -> Option<T>
    where
        T: Sized,
    {
        None
    }

    fn build(&self, _genes: &Value, _path: &[usize]) -> Option<T>
    where
        T: Sized,
    {
        None
    }
}

impl<T: ?Sized> NoInput<T> for Direct<T> {}

probe!(
    /// The referent `T` of a `&T` parameter that is lent from its owned form: a `&Path` from a
    /// `PathBuf`, a `&OsStr` from an `OsString`, as a `&str` is from a `String`. Code generated for
    /// such a parameter asks `(&&Lent::<T>::NEW).shape()`, `.decode(…)` and `.lend(…)`, which
    /// [`ViaToOwned`] answers where `T: ToOwned` and genes build `T::Owned`, and [`NoToOwned`]
    /// (nothing) otherwise: the owned form is `T`'s own answer, so a crate's type that happens to
    /// be named `Path` is asked, not assumed to be `std`'s.
    Lent
);

/// Referents whose owned form genes build, and whose borrow a test can write.
pub trait ViaToOwned<B: ?Sized> {
    /// The owned form the argument is lent from.
    type Owner;
    fn shape(&self) -> Option<Shape>;
    fn decode(&self, genes: &Value) -> Option<Self::Owner>;
    /// The argument: `owner` borrowed as a `&B`.
    fn lend<'a>(&self, owner: &'a Self::Owner) -> Option<&'a B>;
}

impl<B> ViaToOwned<B> for &Lent<B>
where
    B: ?Sized + ToOwned,
    B::Owned: Input,
    for<'a> &'a B: Literal,
{
    type Owner = B::Owned;

    fn shape(&self) -> Option<Shape> {
        Some(B::Owned::shape())
    }

    fn decode(&self, genes: &Value) -> Option<B::Owned> {
        Some(B::Owned::decode(genes))
    }

    fn lend<'a>(&self, owner: &'a B::Owned) -> Option<&'a B> {
        Some(owner.borrow())
    }
}

/// The owned form of a referent nothing builds: no value has it.
#[derive(Debug)]
pub enum Unbuilt {}

/// Every other referent: nothing builds it.
pub trait NoToOwned<B: ?Sized> {
    fn shape(&self) -> Option<Shape> {
        None
    }

    fn decode(&self, _genes: &Value) -> Option<Unbuilt> {
        None
    }

    fn lend<'a>(&self, owner: &'a Unbuilt) -> Option<&'a B> {
        match *owner {}
    }
}

impl<B: ?Sized> NoToOwned<B> for Lent<B> {}

probe!(
    /// A parameter's type `T` that borrows what genes build: an iterator of `str` (`Chars<'_>`,
    /// `Split<'_, char>`) over a generated string, its [`View`]'s owner. Code generated for such a
    /// parameter asks `(&&Viewed::<T>::NEW).shape()`, `.decode(…)` (the owner, kept in a local),
    /// `.view(…)` and `.literal(…)`, which [`ViaView`] answers where `T` is a view and [`NoView`]
    /// (nothing) otherwise, as [`Direct`] does for other types.
    Viewed
);

/// Views of an owner genes build, written as the call that takes them.
pub trait ViaView<'a, V> {
    /// What genes build and the view borrows.
    type Owner;
    fn shape(&self) -> Option<Shape>;
    fn decode(&self, genes: &Value) -> Option<Self::Owner>;
    fn view(&self, owner: &'a Self::Owner) -> Option<V>;
    /// The view of `owner` as Rust source: `"a b".split(' ')`.
    fn literal(&self, owner: &Self::Owner) -> Option<String>;
}

/// The owner's genes in a one-field tuple, which symbolic execution leaves alone: the
/// parameter is an iterator, not the string its genes make.
impl<'a, V: View<'a>> ViaView<'a, V> for &Viewed<V>
where
    V::Owner: ViewOwner,
{
    type Owner = V::Owner;

    fn shape(&self) -> Option<Shape> {
        Some(Shape::Tuple(vec![V::Owner::shape()]))
    }

    fn decode(&self, genes: &Value) -> Option<V::Owner> {
        Some(V::Owner::decode(genes.item(0)))
    }

    fn view(&self, owner: &'a V::Owner) -> Option<V> {
        Some(V::view(owner))
    }

    fn literal(&self, owner: &V::Owner) -> Option<String> {
        Some(view_literal::<V>(owner))
    }
}

/// Every other type: nothing builds it.
pub trait NoView<V> {
    fn shape(&self) -> Option<Shape> {
        None
    }

    fn decode(&self, _genes: &Value) -> Option<Unbuilt> {
        None
    }

    fn view(&self, owner: &Unbuilt) -> Option<V> {
        match *owner {}
    }

    fn literal(&self, owner: &Unbuilt) -> Option<String> {
        match *owner {}
    }
}

impl<V> NoView<V> for Viewed<V> {}

/// A decoded argument of a subject that builds (it is only ever executed then).
pub fn decoded<T>(value: Option<T>) -> T {
    match value {
        Some(value) => value,
        None => unreachable!("symtest executed a function it skipped"),
    }
}

/// The shape of a parameter's type, or an empty one for a type that does not build (whose
/// subject is skipped, never executed).
pub fn shape_or_none(shape: Option<Shape>) -> Shape {
    shape.unwrap_or_else(|| Shape::Tuple(Vec::new()))
}

/// One parameter as the probes of generated code saw it: its type as written, and each type
/// it is made of, innermost first (`Vec<Ipv4Addr>`: `Ipv4Addr`, then `Vec<Ipv4Addr>`), with
/// whether genes build it.
#[derive(Debug)]
pub struct Probed {
    pub written: &'static str,
    pub parts: &'static [&'static str],
    pub builds: Vec<bool>,
}

/// Why a function whose parameters are `params` cannot be searched: the first parameter whose
/// type does not build, named with the innermost part that does not (`takes `Vec<Ipv4Addr>`:
/// symtest cannot build `Ipv4Addr` yet`); `None` when every parameter builds.
pub fn unbuildable(params: &[Probed]) -> Option<String> {
    params.iter().find_map(|param| {
        let whole = param.builds.last().copied().unwrap_or(true);
        if whole {
            return None;
        }
        let part = param
            .parts
            .iter()
            .zip(&param.builds)
            .find(|(_, builds)| !**builds)
            .map_or(param.written, |(part, _)| *part);
        Some(match part == param.written || param.parts.len() < 2 {
            true => format!("takes `{}`, which symtest cannot build yet", param.written),
            false => format!(
                "takes `{}`: symtest cannot build `{part}` yet",
                param.written
            ),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct Private;

    /// Autoref specialisation needs the two borrows, as generated code writes them.
    #[test]
    #[allow(clippy::needless_borrow)]
    fn probes_tell_types_that_build_from_types_that_do_not() {
        use std::path::Path;
        assert!((&&Direct::<u32>::NEW).shape().is_some());
        assert!(
            (&&Direct::<Vec<(String, Option<i8>)>>::NEW)
                .shape()
                .is_some()
        );
        assert!((&&Direct::<Private>::NEW).shape().is_none());
        assert!((&&Direct::<Vec<Private>>::NEW).shape().is_none());
        assert!((&&Direct::<Path>::NEW).shape().is_none());
        let genes = Value::Int(7);
        assert_eq!((&&Direct::<u8>::NEW).decode(&genes), Some(7));
        assert!((&&Direct::<Private>::NEW).decode(&genes).is_none());
    }

    /// A type of a crate that is named like `std`'s, and is no input.
    #[derive(Debug, Clone)]
    struct Path;

    #[test]
    #[allow(clippy::needless_borrow)]
    fn referents_are_lent_from_the_owned_form_genes_build_where_they_have_one() {
        use std::ffi::OsStr;
        assert!((&&Lent::<std::path::Path>::NEW).shape().is_some());
        assert!((&&Lent::<OsStr>::NEW).shape().is_some());
        assert!(
            (&&Lent::<std::ffi::CStr>::NEW).shape().is_none(),
            "no CString input"
        );
        assert!(
            (&&Lent::<Path>::NEW).shape().is_none(),
            "a crate's own `Path`"
        );
        // Not rooted, one component, no extension.
        let component = Value::List(vec![Value::Int(u128::from(b'a'))]);
        let genes = Value::List(vec![Value::Int(0), Value::List(vec![component])]);
        let owner = decoded((&&Lent::<std::path::Path>::NEW).decode(&genes));
        let lent: &std::path::Path = decoded((&&Lent::<std::path::Path>::NEW).lend(&owner));
        assert_eq!(lent, std::path::Path::new("a"));
        assert!((&&Lent::<Path>::NEW).decode(&genes).is_none());
    }

    /// A type of a crate that is named like `std`'s iterator, and is no view.
    #[derive(Debug)]
    struct Lines<'a>(&'a str);

    #[test]
    #[allow(clippy::needless_borrow)]
    fn views_are_taken_of_the_owner_genes_build_where_the_type_is_one() {
        use std::str::{Chars, Split};
        assert!((&&Viewed::<Chars<'_>>::NEW).shape().is_some());
        assert!((&&Viewed::<Split<'_, char>>::NEW).shape().is_some());
        assert!(
            (&&Viewed::<Lines<'_>>::NEW).shape().is_none(),
            "a crate's own `Lines`"
        );
        let genes = Value::List(vec![Value::List(vec![Value::Int(u128::from(b'h'))])]);
        let owner = decoded((&&Viewed::<Chars<'_>>::NEW).decode(&genes));
        let view: Chars<'_> = decoded((&&Viewed::<Chars<'_>>::NEW).view(&owner));
        assert_eq!(view.as_str(), "h");
        let literal = (&&Viewed::<Chars<'_>>::NEW).literal(&owner);
        assert_eq!(literal.as_deref(), Some("\"h\".chars()"));
        assert!((&&Viewed::<Lines<'_>>::NEW).decode(&genes).is_none());
        let _ = Lines("unused").0;
    }

    #[test]
    fn the_reason_names_the_first_parameter_that_does_not_build_by_its_innermost_part() {
        let params = [
            Probed {
                written: "u8",
                parts: &["u8"],
                builds: vec![true],
            },
            Probed {
                written: "&[Ipv4Addr]",
                parts: &["Ipv4Addr", "Vec<Ipv4Addr>"],
                builds: vec![false, false],
            },
            Probed {
                written: "&Path",
                parts: &["Path"],
                builds: vec![false],
            },
        ];
        assert_eq!(
            unbuildable(&params).as_deref(),
            Some("takes `&[Ipv4Addr]`: symtest cannot build `Ipv4Addr` yet")
        );
        assert_eq!(
            unbuildable(&params[2..]).as_deref(),
            Some("takes `&Path`, which symtest cannot build yet")
        );
        assert_eq!(unbuildable(&params[..1]), None);
    }
}
