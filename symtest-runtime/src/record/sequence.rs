//! What the code `#[symtest]` generates for an impl block needs to run and render a sequence
//! of calls: how many calls a sequence may have, the name of the value, and each call with
//! its result.

use std::marker::PhantomData;
use std::panic::AssertUnwindSafe;

use crate::genes::{Input, Shape, Value};
use crate::record::literal::Literal;
use crate::record::recorder;

/// A value of type `T` built from genes directly, when `T` is marked `#[symtest]` (implements
/// [`Input`] and [`Literal`]): one more constructor a sequence may start from. Code generated
/// for an impl block asks `(&&Direct::<T>::NEW).shape()`, which autoref specialisation answers
/// through [`ViaInput`] where `T` allows and [`NoInput`] (nothing) otherwise.
pub struct Direct<T>(PhantomData<T>);

impl<T> Direct<T> {
    pub const NEW: Direct<T> = Direct(PhantomData);
}

impl<T> std::fmt::Debug for Direct<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Direct")
    }
}

/// What patterns on `self` in a method need of its type: its variants and which one a value is.
/// Where the type is an [`Input`] (marked `#[symtest]`), these inherent items answer; for any
/// other type, path resolution falls back to [`NotInput`]'s (no variants, tag 0), so generated
/// code can name them for every impl block.
impl<T: Input> Direct<T> {
    pub const VARIANTS: &'static [(&'static str, &'static [&'static str])] = T::VARIANTS;

    pub fn tag(value: &T) -> u32 {
        value.tag()
    }
}

/// The fallback of [`Direct`]'s `VARIANTS` and `tag` for types that are not inputs.
pub trait NotInput<T> {
    const VARIANTS: &'static [(&'static str, &'static [&'static str])] = &[];

    fn tag(_value: &T) -> u32 {
        0
    }
}

impl<T> NotInput<T> for Direct<T> {}

/// Types whose values genes build directly.
pub trait ViaInput<T> {
    fn shape(&self) -> Option<Shape>;
    /// The value the genes at `path` of the sequence's `genes` build. In a concolic execution,
    /// its parts are input variables until a call changes them (see [`recorder::receiver`]).
    fn build(&self, genes: &Value, path: &[usize]) -> Option<T>;
}

impl<T: Input + Literal> ViaInput<T> for &Direct<T> {
    fn shape(&self) -> Option<Shape> {
        Some(T::shape())
    }

    fn build(&self, genes: &Value, path: &[usize]) -> Option<T> {
        if recorder::concolic() {
            recorder::receiver(path, T::FIELDS, T::VARIANTS, T::field_genes);
        }
        Some(T::decode(genes))
    }
}

/// Every other type: sequences start from its constructors only.
pub trait NoInput<T> {
    fn shape(&self) -> Option<Shape> {
        None
    }

    fn build(&self, _genes: &Value, _path: &[usize]) -> Option<T> {
        None
    }
}

impl<T> NoInput<T> for Direct<T> {}

/// The value under test, for field coverage to observe after each call of a sequence. Code
/// generated for an impl block calls `(&&Observed(&value)).observe()`, which [`ViaFields`]
/// answers where the type implements `Debug` and [`NoFields`] (nothing) otherwise.
pub struct Observed<'a, T>(pub &'a T);

impl<T> std::fmt::Debug for Observed<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Observed")
    }
}

/// Types whose fields are read from their `Debug` text.
pub trait ViaFields {
    fn observe(&self);
}

impl<T: std::fmt::Debug> ViaFields for &Observed<'_, T> {
    fn observe(&self) {
        if !recorder::observing() {
            return;
        }
        // A hand-written `Debug` that panics shows no fields rather than ending the test; one
        // that calls instrumented code does not add its branches to the test's.
        let print = || std::panic::catch_unwind(AssertUnwindSafe(|| format!("{:?}", self.0)));
        let printed = recorder::paused(print);
        if let Ok(text) = printed {
            recorder::observe(&text);
        }
    }
}

/// Every other type: no fields are observed.
pub trait NoFields {
    fn observe(&self) {}
}

impl<T> NoFields for Observed<'_, T> {}

/// Most calls after the constructor in one sequence; shrinking takes out the calls a test does
/// not need. EvoSuite's chromosome length is 40. 10 left out states a type reaches only after
/// more calls (a 16-character buffer filled); 20 covered them on `benches/sequences` with fewer
/// evaluations, 40 with longer searches (BENCHMARKS.md, "Longer sequences").
pub const SEQUENCE_CALLS: usize = 20;

/// One call of a rendered sequence, for `cargo symtest` to write as a statement: a JSON
/// object (the other statements of a sequence, the constructor's, are plain Rust), so the call's
/// result is asserted exactly as a function's would be. `returns` is the method's return type
/// as written, for reading a `Debug` text back as an expression of it; a call that panicked
/// ends the test.
pub fn step(
    call: &str,
    returns: &str,
    literal: Option<String>,
    debug: Option<String>,
    comparable: bool,
    panicked: bool,
) -> String {
    step_json(call, returns, literal, debug, comparable, panicked, false)
}

/// A [`step`] that inspects the state the sequence left (a `&self` method without
/// arguments, called after the sequence): a test is named after its last step that is not one.
pub fn inspection(
    call: &str,
    returns: &str,
    literal: Option<String>,
    debug: Option<String>,
    comparable: bool,
) -> String {
    step_json(call, returns, literal, debug, comparable, false, true)
}

fn step_json(
    call: &str,
    returns: &str,
    literal: Option<String>,
    debug: Option<String>,
    comparable: bool,
    panicked: bool,
    inspects: bool,
) -> String {
    serde_json::json!({
        "call": call,
        "returns": returns,
        "literal": literal,
        "debug": debug,
        "comparable": comparable,
        "panicked": panicked,
        "inspects": inspects,
    })
    .to_string()
}

/// The name a test gives the value under test: the type's name in snake case (`RingBuffer`
/// becomes `ring_buffer`), kept clear of keywords and of `taken`, the names in the test's scope
/// that a `let` cannot bind (`struct u5(u8)`, a `static` or `const`, a variant imported): then
/// `the_u5`, `the_u5_2`, ….
pub fn variable(type_name: &str, taken: &[&str]) -> String {
    let mut name = String::new();
    for (index, c) in type_name.chars().enumerate() {
        if c.is_uppercase() {
            if index > 0 {
                name.push('_');
            }
            name.extend(c.to_lowercase());
        } else {
            name.push(c);
        }
    }
    let free = |candidate: &str| !KEYWORDS.contains(&candidate) && !taken.contains(&candidate);
    if free(&name) {
        return name;
    }
    let the = format!("the_{name}");
    let numbered = (2..).map(|n| format!("{the}_{n}"));
    std::iter::once(the.clone())
        .chain(numbered)
        .find(|candidate| free(candidate))
        .unwrap_or(the)
}

/// Keywords of every edition, strict and reserved, that a type's name in snake case can be.
const KEYWORDS: &[&str] = &[
    "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
    "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_step_is_one_line_of_json() {
        let step = step(
            "s.pop()",
            "Option<i32>",
            Some("Some(5)".into()),
            None,
            true,
            false,
        );
        assert!(!step.contains('\n'));
        let parsed: serde_json::Value = serde_json::from_str(&step).unwrap();
        assert_eq!(parsed["call"], "s.pop()");
        assert_eq!(parsed["returns"], "Option<i32>");
        assert_eq!(parsed["literal"], "Some(5)");
        assert_eq!(parsed["debug"], serde_json::Value::Null);
        assert_eq!(parsed["panicked"], false);
    }

    #[test]
    fn variables_are_the_type_in_snake_case() {
        assert_eq!(variable("Stack", &[]), "stack");
        assert_eq!(variable("RingBuffer", &[]), "ring_buffer");
        assert_eq!(variable("Type", &[]), "the_type");
        assert_eq!(variable("If", &[]), "the_if");
    }

    #[test]
    fn variables_keep_clear_of_names_a_let_cannot_bind() {
        assert_eq!(variable("u5", &["u5"]), "the_u5");
        assert_eq!(variable("Gauge", &["gauge", "the_gauge"]), "the_gauge_2");
        assert_eq!(variable("Type", &["the_type"]), "the_type_2");
        assert_eq!(variable("Stack", &["Stack", "STACK"]), "stack");
    }
}
