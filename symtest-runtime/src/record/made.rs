//! Arguments of types genes cannot build field by field, made as a person makes them: by a
//! constructor of the type with generated arguments, or by parsing a generated string.
//!
//! Code generated for a parameter asks `(&&&&Arg::<T>::NEW).shape()`, `.decode(…)`, `.build(…)`
//! and `.text(…)`, which autoref specialisation answers, in this order of preference:
//! 1. [`ViaGenes`], where genes build `T` ([`Input`] and [`Literal`]: primitives, std types,
//!    types marked `#[symtest]` whose fields build), as [`Direct`](super::buildable::Direct)
//!    does;
//! 2. [`ViaConstructor`], where `T` is [`Constructed`]: the annotated impl blocks of a type
//!    of the crate, in the module that defines it, implement it with the constructors its
//!    call sequences start from (an
//!    associated fn returning `Self`, `Option<Self>` or `Result<Self, _>`, `FromStr`, `From`,
//!    `Default`), the choice of constructor and its arguments being genes;
//! 3. [`ViaParse`], where `T: FromStr` (a type of a dependency: `semver::Version`, `Mime`), from a
//!    generated string;
//! 4. [`NoArg`]: nothing builds `T`, and the function taking it is skipped.
//!
//! A constructor that makes no value (`None`, `Err`, a panic, caught quietly) or a string that
//! does not parse leaves the function uncalled: the execution ends [`Outcome::Invalid`](super::outcome::Outcome)
//! and makes no test. Constructors run with recording paused: their branches are their own
//! search's, not the caller's.

use std::cell::RefCell;
use std::marker::PhantomData;
use std::str::FromStr;

use crate::genes::pool::Constant;
use crate::genes::{Input, Shape, Value};
use crate::record::literal::Literal;
use crate::record::recorder;

/// The probe of a parameter's type `T`: `Arg::<T>::NEW`, behind four borrows.
pub struct Arg<T: ?Sized>(PhantomData<T>);

impl<T: ?Sized> Arg<T> {
    pub const NEW: Arg<T> = Arg(PhantomData);
}

impl<T: ?Sized> std::fmt::Debug for Arg<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Arg")
    }
}

/// A type of the crate whose values an annotated impl block's constructors make (implemented
/// by the code `#[symtest]` generates for the block).
pub trait Constructed: Sized {
    /// The genes that pick a constructor and hold its arguments; `None` when no constructor
    /// can be called, or when they are being listed further up (see [`making`]).
    fn made_shape() -> Option<Shape>;
    /// The value the constructor `genes` pick makes with their arguments, if it makes one.
    fn make(genes: &Value) -> Option<Self>;
    /// [`make`](Self::make) of the genes at `path` of an execution's input, the shadows
    /// following the constructor (see [`recorder::argument`]).
    fn make_at(genes: &Value, path: &[usize]) -> Option<Self> {
        let _ = path;
        Self::make(genes)
    }
    /// The expression a test writes for [`make`](Self::make)'s value: `Version::new(1, 2)`,
    /// `"1.2".parse::<Version>().ok().unwrap()`.
    fn make_text(genes: &Value) -> Option<String>;
    /// The literals of the constructors' bodies, which seed the search of a function taking
    /// the type: the strings `parse` accepts are made of them.
    fn constants() -> Vec<Constant>;
}

/// Level 1: what genes build.
pub trait ViaGenes<T: ?Sized> {
    fn shape(&self) -> Option<Shape>;
    fn decode(&self, genes: &Value) -> Option<T>
    where
        T: Sized;
    /// [`decode`](Self::decode), with the value's parts input variables of a concolic
    /// execution (see [`recorder::receiver`]).
    fn build(&self, genes: &Value, path: &[usize]) -> Option<T>
    where
        T: Sized;
    /// The expression a test writes for the value `genes` make, where it is not written from
    /// the value itself (`None`: the value's [`Literal`]); `written` is `T` as the signature
    /// writes it.
    fn text(&self, genes: &Value, written: &str) -> Option<String>;
    /// The literals that seed the search of a function taking `T`, besides its own.
    fn constants(&self) -> Vec<Constant>;
}

impl<T: Input + Literal> ViaGenes<T> for &&&Arg<T> {
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

    fn text(&self, _genes: &Value, _written: &str) -> Option<String> {
        None
    }

    fn constants(&self) -> Vec<Constant> {
        Vec::new()
    }
}

/// Level 2: what a constructor of the crate makes.
pub trait ViaConstructor<T> {
    fn shape(&self) -> Option<Shape>;
    fn decode(&self, genes: &Value) -> Option<T>;
    fn build(&self, genes: &Value, path: &[usize]) -> Option<T>;
    fn text(&self, genes: &Value, written: &str) -> Option<String>;
    fn constants(&self) -> Vec<Constant>;
}

impl<T: Constructed> ViaConstructor<T> for &&Arg<T> {
    fn shape(&self) -> Option<Shape> {
        T::made_shape()
    }

    fn decode(&self, genes: &Value) -> Option<T> {
        made::<T>(false).decode(genes)
    }

    fn build(&self, genes: &Value, path: &[usize]) -> Option<T> {
        made::<T>(false).build(genes, path)
    }

    fn text(&self, genes: &Value, _written: &str) -> Option<String> {
        made::<T>(false).text(genes)
    }

    fn constants(&self) -> Vec<Constant> {
        T::constants()
    }
}

/// Level 3: what parses from a string.
pub trait ViaParse<T> {
    fn shape(&self) -> Option<Shape>;
    fn decode(&self, genes: &Value) -> Option<T>;
    fn build(&self, genes: &Value, path: &[usize]) -> Option<T>;
    fn text(&self, genes: &Value, written: &str) -> Option<String>;
    fn constants(&self) -> Vec<Constant>;
}

impl<T: FromStr> ViaParse<T> for &Arg<T> {
    fn shape(&self) -> Option<Shape> {
        Some(String::shape())
    }

    fn decode(&self, genes: &Value) -> Option<T> {
        constructing(|| String::decode(genes).parse().ok())
    }

    fn build(&self, genes: &Value, _path: &[usize]) -> Option<T> {
        self.decode(genes)
    }

    fn text(&self, genes: &Value, written: &str) -> Option<String> {
        let text = String::decode(genes);
        Some(format!(
            "{}.parse::<{written}>().ok().unwrap()",
            text.as_str().literal()
        ))
    }

    fn constants(&self) -> Vec<Constant> {
        Vec::new()
    }
}

/// Level 4: nothing builds `T`.
pub trait NoArg<T: ?Sized> {
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

    fn text(&self, _genes: &Value, _written: &str) -> Option<String> {
        None
    }

    fn constants(&self) -> Vec<Constant> {
        Vec::new()
    }
}

impl<T: ?Sized> NoArg<T> for Arg<T> {}

/// The probe of a parameter's type `T` that the tests of the function's module cannot write
/// from its fields (a struct of another module with private fields, `&AsciiSet`):
/// `MadeArg::<T>::NEW`, behind four borrows, whose levels put [`ViaConstructor`] before
/// [`ViaGenes`], so that the value a test writes is one it can (`AsciiSet::EMPTY`,
/// `sets::VOWELS`). Each level answers as [`Arg`]'s does.
pub struct MadeArg<T: ?Sized>(PhantomData<T>);

impl<T: ?Sized> MadeArg<T> {
    pub const NEW: MadeArg<T> = MadeArg(PhantomData);
}

impl<T: ?Sized> std::fmt::Debug for MadeArg<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("MadeArg")
    }
}

impl<T: Constructed> ViaConstructor<T> for &&&MadeArg<T> {
    fn shape(&self) -> Option<Shape> {
        ViaConstructor::shape(&&&Arg::<T>::NEW)
    }
    fn decode(&self, genes: &Value) -> Option<T> {
        made::<T>(true).decode(genes)
    }
    fn build(&self, genes: &Value, path: &[usize]) -> Option<T> {
        made::<T>(true).build(genes, path)
    }
    fn text(&self, genes: &Value, _written: &str) -> Option<String> {
        made::<T>(true).text(genes)
    }
    fn constants(&self) -> Vec<Constant> {
        ViaConstructor::constants(&&&Arg::<T>::NEW)
    }
}

impl<T: Input + Literal> ViaGenes<T> for &&MadeArg<T> {
    fn shape(&self) -> Option<Shape> {
        ViaGenes::shape(&&&&Arg::<T>::NEW)
    }
    fn decode(&self, genes: &Value) -> Option<T> {
        ViaGenes::decode(&&&&Arg::<T>::NEW, genes)
    }
    fn build(&self, genes: &Value, path: &[usize]) -> Option<T> {
        ViaGenes::build(&&&&Arg::<T>::NEW, genes, path)
    }
    fn text(&self, genes: &Value, written: &str) -> Option<String> {
        ViaGenes::text(&&&&Arg::<T>::NEW, genes, written)
    }
    fn constants(&self) -> Vec<Constant> {
        ViaGenes::constants(&&&&Arg::<T>::NEW)
    }
}

impl<T: FromStr> ViaParse<T> for &MadeArg<T> {
    fn shape(&self) -> Option<Shape> {
        ViaParse::shape(&&Arg::<T>::NEW)
    }
    fn decode(&self, genes: &Value) -> Option<T> {
        ViaParse::decode(&&Arg::<T>::NEW, genes)
    }
    fn build(&self, genes: &Value, path: &[usize]) -> Option<T> {
        ViaParse::build(&&Arg::<T>::NEW, genes, path)
    }
    fn text(&self, genes: &Value, written: &str) -> Option<String> {
        ViaParse::text(&&Arg::<T>::NEW, genes, written)
    }
    fn constants(&self) -> Vec<Constant> {
        ViaParse::constants(&&Arg::<T>::NEW)
    }
}

impl<T: ?Sized> NoArg<T> for MadeArg<T> {}

thread_local! {
    /// Whether the value being made must come from a function of the type (a constructor, a
    /// constant), not from genes: see [`made_only`].
    static MADE_ONLY: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether the value `Constructed::make` is making must come from one of the type's
/// functions: a [`MadeArg`]'s, which no test could write from genes. Its genes' choice of
/// "built from genes" then takes the last function.
pub fn made_only() -> bool {
    MADE_ONLY.with(std::cell::Cell::get)
}

/// What [`ViaConstructor`] does for [`Arg`] and [`MadeArg`] alike, the value made by the
/// type's functions only or not (see [`made_only`]).
struct Made<T> {
    functions_only: bool,
    made: PhantomData<T>,
}

fn made<T: Constructed>(functions_only: bool) -> Made<T> {
    Made {
        functions_only,
        made: PhantomData,
    }
}

impl<T: Constructed> Made<T> {
    fn decode(&self, genes: &Value) -> Option<T> {
        made_as(self.functions_only, || constructing(|| T::make(genes)))
    }

    fn build(&self, genes: &Value, path: &[usize]) -> Option<T> {
        match recorder::following_argument() {
            true => made_as(self.functions_only, || {
                quietly_made(|| T::make_at(genes, path))
            }),
            false => self.decode(genes),
        }
    }

    fn text(&self, genes: &Value) -> Option<String> {
        made_as(self.functions_only, || constructing(|| T::make_text(genes)))
    }
}

/// `make`, with [`made_only`] as `functions_only` says: each probe says it for the value it
/// makes (a constructor's argument of another type, made through its own probe, says it
/// again), and the value before is back after.
fn made_as<R>(functions_only: bool, make: impl FnOnce() -> R) -> R {
    let before = MADE_ONLY.with(|flag| flag.replace(functions_only));
    let made = make();
    MADE_ONLY.with(|flag| flag.set(before));
    made
}

/// What `make` makes, with recording paused (a constructor's branches are its own search's),
/// and a panic taken as no value: the function under test is not called.
fn constructing<R>(make: impl FnOnce() -> Option<R>) -> Option<R> {
    recorder::paused(|| quietly_made(make))
}

/// What `make` makes while the shadows follow it (see [`recorder::argument`]), a panic taken
/// as no value.
fn quietly_made<R>(make: impl FnOnce() -> Option<R>) -> Option<R> {
    let run = std::panic::AssertUnwindSafe(make);
    let made = crate::record::outcome::quietly(|| std::panic::catch_unwind(run));
    made.ok().flatten()
}

/// Whether the constructors of a type other than `T` are being listed further up on this
/// thread: then `T`'s choices are made without caching them, since they leave out the
/// constructors that would take the type being listed (see [`making`]).
pub fn nested<T: ?Sized>() -> bool {
    let name = std::any::type_name::<T>();
    MAKING.with(|making| making.borrow().iter().any(|other| *other != name))
}

thread_local! {
    /// The types whose constructors are being listed on this thread.
    static MAKING: RefCell<Vec<&'static str>> = const { RefCell::new(Vec::new()) };
}

/// `list()`, with `T` marked as having its constructors listed; `None` when it already is,
/// further up. Code generated for an impl block gives the shape of its constructors' genes
/// through it: a constructor that takes a value of its own type (`Node::with_parent(&Node)`),
/// or of a type whose constructor takes `T`, finds no way to make one (its choices are being
/// made), which ends the recursion.
pub fn making<T: ?Sized, R>(list: impl FnOnce() -> R) -> Option<R> {
    let name = std::any::type_name::<T>();
    let marked = MAKING.with(|making| making.borrow().contains(&name));
    (!marked).then(|| listing::<T, R>(list))
}

/// `list()`, with `T` marked as in [`making`] whether or not it already is: code generated
/// for an impl block lists its type's constructors through it.
pub fn listing<T: ?Sized, R>(list: impl FnOnce() -> R) -> R {
    let name = std::any::type_name::<T>();
    MAKING.with(|making| making.borrow_mut().push(name));
    /// Takes the mark off, also when `list` unwinds.
    struct Leave(&'static str);
    impl Drop for Leave {
        fn drop(&mut self) {
            let _ = MAKING.try_with(|making| {
                let mut making = making.borrow_mut();
                if let Some(last) = making.iter().rposition(|n| *n == self.0) {
                    making.remove(last);
                }
            });
        }
    }
    let _leave = Leave(name);
    list()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::gene_of_char;

    #[derive(Debug)]
    struct Private;

    /// Parsed from a string: a dependency's type, as `semver::Version` is.
    #[derive(Debug, PartialEq)]
    struct Version(u8, u8);

    impl FromStr for Version {
        type Err = ();

        fn from_str(text: &str) -> Result<Version, ()> {
            let (major, minor) = text.split_once('.').ok_or(())?;
            Ok(Version(
                major.parse().map_err(drop)?,
                minor.parse().map_err(drop)?,
            ))
        }
    }

    /// Made by a constructor, the one `#[symtest]` on an impl block lists: `Even::new(n)`
    /// makes a value for even `n` only.
    #[derive(Debug)]
    struct Even(u8);

    impl Constructed for Even {
        fn made_shape() -> Option<Shape> {
            Some(u8::shape())
        }

        fn make(genes: &Value) -> Option<Even> {
            let n = u8::decode(genes);
            (n % 2 == 0).then_some(Even(n))
        }

        fn make_text(genes: &Value) -> Option<String> {
            let n = u8::decode(genes);
            (n % 2 == 0).then(|| format!("Even::new({})", n.literal()))
        }

        fn constants() -> Vec<Constant> {
            vec![Constant::Int(2)]
        }
    }

    /// A constructor that panics on some arguments.
    struct Fragile;

    impl Constructed for Fragile {
        fn made_shape() -> Option<Shape> {
            Some(u8::shape())
        }

        fn make(genes: &Value) -> Option<Fragile> {
            assert!(u8::decode(genes) != 0, "no zero");
            Some(Fragile)
        }

        fn make_text(_genes: &Value) -> Option<String> {
            panic!("no text")
        }

        fn constants() -> Vec<Constant> {
            Vec::new()
        }
    }

    #[test]
    #[allow(clippy::needless_borrow)]
    fn a_constructor_that_panics_makes_no_value() {
        assert!((&&&&Arg::<Fragile>::NEW).decode(&Value::Int(0)).is_none());
        assert!((&&&&Arg::<Fragile>::NEW).decode(&Value::Int(1)).is_some());
        assert!(
            (&&&&Arg::<Fragile>::NEW)
                .text(&Value::Int(1), "Fragile")
                .is_none()
        );
    }

    /// A constructor that takes a value of its own type.
    struct Node;

    impl Constructed for Node {
        #[allow(clippy::needless_borrow)]
        fn made_shape() -> Option<Shape> {
            making::<Node, _>(|| (&&&&Arg::<Node>::NEW).shape()).flatten()
        }

        fn make(_genes: &Value) -> Option<Node> {
            None
        }

        fn make_text(_genes: &Value) -> Option<String> {
            None
        }

        fn constants() -> Vec<Constant> {
            Vec::new()
        }
    }

    fn text(value: &str) -> Value {
        Value::List(value.chars().map(|c| Value::Int(gene_of_char(c))).collect())
    }

    /// Autoref specialisation needs the four borrows, as generated code writes them.
    #[test]
    #[allow(clippy::needless_borrow)]
    fn genes_then_constructors_then_parsing_build_an_argument() {
        // Genes first: `u32` parses too, but is built from its genes.
        assert_eq!((&&&&Arg::<u32>::NEW).shape(), Some(u32::shape()));
        assert_eq!((&&&&Arg::<u32>::NEW).text(&Value::Int(3), "u32"), None);
        // A constructor of the crate.
        assert_eq!((&&&&Arg::<Even>::NEW).shape(), Some(u8::shape()));
        let made = (&&&&Arg::<Even>::NEW).decode(&Value::Int(4));
        assert_eq!(made.map(|even| even.0), Some(4));
        assert!((&&&&Arg::<Even>::NEW).decode(&Value::Int(3)).is_none());
        let written = (&&&&Arg::<Even>::NEW).text(&Value::Int(4), "Even");
        assert_eq!(written.as_deref(), Some("Even::new(4)"));
        assert_eq!((&&&&Arg::<Even>::NEW).constants(), [Constant::Int(2)]);
        assert!((&&&&Arg::<Version>::NEW).constants().is_empty());
        // A type that parses.
        assert_eq!((&&&&Arg::<Version>::NEW).shape(), Some(String::shape()));
        let parsed = (&&&&Arg::<Version>::NEW).decode(&text("1.2"));
        assert_eq!(parsed, Some(Version(1, 2)));
        assert_eq!((&&&&Arg::<Version>::NEW).decode(&text("1")), None);
        let written = (&&&&Arg::<Version>::NEW).text(&text("1.2"), "semver::Version");
        assert_eq!(
            written.as_deref(),
            Some("\"1.2\".parse::<semver::Version>().ok().unwrap()")
        );
        // Nothing.
        assert_eq!((&&&&Arg::<Private>::NEW).shape(), None);
        assert!((&&&&Arg::<Private>::NEW).decode(&Value::Int(0)).is_none());
        let _ = Private;
    }

    #[test]
    #[allow(clippy::needless_borrow)]
    fn a_constructor_taking_its_own_type_ends_the_recursion() {
        assert_eq!((&&&&Arg::<Node>::NEW).shape(), None);
        MAKING.with(|making| assert!(making.borrow().is_empty()));
        let _ = (Node::make(&Value::Int(0)), Node::make_text(&Value::Int(0)));
        assert!(Node::constants().is_empty());
    }
}
