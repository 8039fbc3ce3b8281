//! What the code `#[symtest]` generates for an impl block needs to run and render a sequence
//! of calls: how many calls a sequence may have, the name of the value, and each call with
//! its result.

use std::panic::AssertUnwindSafe;

use crate::genes::Shape;
use crate::record::recorder;

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

/// A value of the type under test as a sequence makes one (the value it starts from, or
/// another value a call takes, `other` in `a.cmp(&other)`), for a test to write: made, with the
/// expression that makes it (`Version::new(1, 2)`, `"1.2".parse::<Version>().ok().unwrap()`,
/// `Version { major: 1, minor: 2 }`); not made, with the statement that asserts so
/// (`assert!(Version::parse("").is_none());`); or a constructor panicked, with the statement that
/// calls it (`let _ = Version::new(0, 0);`).
#[derive(Debug)]
pub enum Making<T> {
    Made(T, String),
    Failed(String),
    Panicked(String),
}

/// A value whose `Display` is the formatting function of a trait impl (`<Version as
/// fmt::Display>::fmt`, `<Version as fmt::Debug>::fmt`): what a test's `version.to_string()` or
/// `format!("{version:?}")` calls, called exactly so, whichever trait the impl's header names.
pub struct Shown<'a, T: ?Sized>(
    pub &'a T,
    pub fn(&T, &mut std::fmt::Formatter<'_>) -> std::fmt::Result,
);

impl<T: ?Sized> std::fmt::Display for Shown<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        (self.1)(self.0, f)
    }
}

impl<T: ?Sized> std::fmt::Debug for Shown<'_, T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Shown")
    }
}

/// Most calls after the constructor in one sequence; shrinking takes out the calls a test does
/// not need. EvoSuite's chromosome length is 40. 10 left out states a type reaches only after
/// more calls (a 16-character buffer filled); 20 covered them on `benches/sequences` with fewer
/// evaluations, 40 with longer searches (BENCHMARKS.md, "Longer sequences").
pub const SEQUENCE_CALLS: usize = 20;

/// Which functions of an impl block its sequences call: the constructors and methods whose
/// arguments genes build, and the value built from genes where its type builds. A choice gene
/// picks among those; the others are left out, with why. Where none is left out, a choice
/// gene's value is the function's index, as it always was.
#[derive(Debug)]
pub struct Choices {
    made: Vec<u128>,
    calls: Vec<u128>,
    skipped: Option<String>,
    left_out: Vec<(String, String)>,
}

impl Choices {
    /// The choices of the sequences of `type_name`: its constructors, then the value built
    /// from genes (named `""`), and its methods, each with why it cannot be called if it
    /// cannot.
    pub fn new(
        type_name: &str,
        made: &[(&str, Option<String>)],
        calls: &[(&str, Option<String>)],
    ) -> Choices {
        let usable = |group: &[(&str, Option<String>)]| -> Vec<u128> {
            (0..group.len() as u128)
                .filter(|&index| group[index as usize].1.is_none())
                .collect()
        };
        let left_out: Vec<(String, String)> = made
            .iter()
            .chain(calls)
            .filter(|(name, _)| !name.is_empty())
            .filter_map(|(name, why)| Some((format!("{type_name}::{name}"), why.clone()?)))
            .collect();
        let (made_usable, calls_usable) = (usable(made), usable(calls));
        let skipped = if made_usable.is_empty() {
            Some(format!(
                "no constructor of `{type_name}` can be called (an associated function \
                 returning `Self`, `Option<Self>` or `Result<Self, _>` whose arguments symtest \
                 can build), and symtest cannot build `{type_name}` from genes (a type of this \
                 crate needs `#[symtest]` on its definition, and fields symtest can build)"
            ))
        } else if calls_usable.is_empty() {
            Some(format!("no method of `{type_name}` can be called"))
        } else {
            None
        };
        Choices {
            made: made_usable,
            calls: calls_usable,
            skipped,
            left_out,
        }
    }

    /// The constructor (or, past them, the value built from genes) a choice gene picks.
    pub fn made(&self, gene: u128) -> u128 {
        pick(&self.made, gene)
    }

    /// The method a choice gene picks.
    pub fn call(&self, gene: u128) -> u128 {
        pick(&self.calls, gene)
    }

    /// The shape of constructor `index`'s arguments: `shape()`, or [`Shape::Never`] when it
    /// cannot be called, so that it has no genes and the `n`-th usable constructor is the
    /// `n`-th field with genes after the choice gene (see `genes::used`).
    pub fn made_field(&self, index: u128, shape: impl FnOnce() -> Shape) -> Shape {
        field(&self.made, index, shape)
    }

    /// [`made_field`](Self::made_field) for method `index`.
    pub fn call_field(&self, index: u128, shape: impl FnOnce() -> Shape) -> Shape {
        field(&self.calls, index, shape)
    }

    pub fn made_count(&self) -> u32 {
        self.made.len() as u32
    }

    pub fn call_count(&self) -> u32 {
        self.calls.len() as u32
    }

    /// Why the sequences cannot be searched at all.
    pub fn skipped(&self) -> Option<String> {
        self.skipped.clone()
    }

    /// The functions left out of the sequences, each with why.
    pub fn left_out(&self) -> Vec<(String, String)> {
        self.left_out.clone()
    }
}

fn field(usable: &[u128], index: u128, shape: impl FnOnce() -> Shape) -> Shape {
    match usable.contains(&index) {
        true => shape(),
        false => Shape::Never,
    }
}

/// The usable choice `gene` picks: a gene past the last one picks the last, as a tag does.
fn pick(usable: &[u128], gene: u128) -> u128 {
    let index = usize::try_from(gene).unwrap_or(usize::MAX);
    usable
        .get(index)
        .or(usable.last())
        .copied()
        .unwrap_or(u128::MAX)
}

/// One call of a rendered sequence, for `cargo symtest` to write as a statement: a JSON
/// object (the other statements of a sequence, the constructor's, are plain Rust), so the call's
/// result is asserted exactly as a function's would be. `method` names the call for the test's
/// name (`cmp` for `a.cmp(&b)`, `add` for `a + b`); `returns` is the method's return type as
/// written, for reading a `Debug` text back as an expression of it; a call that panicked ends
/// the test.
pub fn step(
    call: &str,
    method: &str,
    returns: &str,
    literal: Option<String>,
    debug: Option<String>,
    comparable: bool,
    panicked: bool,
) -> String {
    step_json(
        call, method, returns, literal, debug, comparable, panicked, false,
    )
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
    step_json(call, "", returns, literal, debug, comparable, false, true)
}

#[allow(clippy::too_many_arguments)]
fn step_json(
    call: &str,
    method: &str,
    returns: &str,
    literal: Option<String>,
    debug: Option<String>,
    comparable: bool,
    panicked: bool,
    inspects: bool,
) -> String {
    serde_json::json!({
        "call": call,
        "method": method,
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
/// `the_u5`, `the_u5_2`, …. A primitive type's value (a trait of the crate implemented for
/// `u32`) is `value`: `let u32 = 3;` would read as the type.
pub fn variable(type_name: &str, taken: &[&str]) -> String {
    const PRIMITIVES: &[&str] = &[
        "u8", "u16", "u32", "u64", "u128", "usize", "i8", "i16", "i32", "i64", "i128", "isize",
        "f32", "f64", "bool", "char",
    ];
    let type_name = match PRIMITIVES.contains(&type_name) {
        true => "value",
        false => type_name,
    };
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
    fn choices_pick_among_the_functions_that_can_be_called_and_say_why_others_cannot() {
        let made = [("new", None), ("", Some("no input".to_string()))];
        let calls = [
            ("push", None),
            ("open", Some("takes `&Path`".to_string())),
            ("pop", None),
        ];
        let choices = Choices::new("Stack", &made, &calls);
        assert_eq!((choices.made_count(), choices.call_count()), (1, 2));
        assert_eq!(
            [choices.call(0), choices.call(1), choices.call(7)],
            [0, 2, 2]
        );
        assert_eq!(choices.made(3), 0);
        assert_eq!(choices.skipped(), None);
        assert_eq!(
            choices.left_out(),
            [("Stack::open".to_string(), "takes `&Path`".to_string())]
        );
        let none = Choices::new("Stack", &made[1..], &calls);
        assert!(
            none.skipped()
                .is_some_and(|why| why.contains("no constructor"))
        );
    }

    #[test]
    fn a_call_the_choice_gene_picks_is_the_call_whose_arguments_are_used() {
        use crate::genes::used::values;
        use crate::genes::{Shape, Value};
        let calls = [
            ("push", None),
            ("open", Some("takes `&Path`".to_string())),
            ("pop", None),
        ];
        let choices = Choices::new("Stack", &[("new", None)], &calls);
        // Each method takes one string, laid out as generated code lays out a call: the
        // choice gene, then each method's arguments.
        let arguments = |_| Shape::Tuple(vec![Shape::Str { max_len: 4 }]);
        let mut call = vec![Shape::Tag(choices.call_count())];
        call.extend(
            (0..calls.len() as u128).map(|index| choices.call_field(index, || arguments(index))),
        );
        assert_eq!(call[2], Shape::Never, "open cannot be called: no genes");
        let shape = Shape::Tuple(vec![Shape::Tuple(call)]);
        let text = |c: u128| Value::List(vec![Value::List(vec![Value::Int(c)])]);
        for gene in [0, 1, 5] {
            let value = Value::List(vec![Value::List(vec![
                Value::Int(gene),
                text(65),
                Value::List(vec![]),
                text(66),
            ])]);
            let used: Vec<Vec<usize>> = (values(&shape, &value).into_iter())
                .filter(|used| matches!(used.shape, Shape::Str { .. }))
                .map(|used| used.path)
                .collect();
            // The string used is the one of the method `pick` maps the gene to.
            let method = choices.call(gene) as usize;
            assert_eq!(used, [vec![0, method + 1, 0]], "gene {gene}");
        }
    }

    #[test]
    fn shown_writes_what_the_formatting_function_it_is_given_writes() {
        struct Version(u8);
        fn display(version: &Version, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "v{}", version.0)
        }
        assert_eq!(Shown(&Version(3), display).to_string(), "v3");
        assert_eq!(format!("{:>4}", Shown(&Version(4), display)), "v4");
    }

    #[test]
    fn a_step_is_one_line_of_json() {
        let step = step(
            "s.pop()",
            "pop",
            "Option<i32>",
            Some("Some(5)".into()),
            None,
            true,
            false,
        );
        assert!(!step.contains('\n'));
        let parsed: serde_json::Value = serde_json::from_str(&step).unwrap();
        assert_eq!(parsed["call"], "s.pop()");
        assert_eq!(parsed["method"], "pop");
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
        assert_eq!(variable("u32", &[]), "value");
    }

    #[test]
    fn variables_keep_clear_of_names_a_let_cannot_bind() {
        assert_eq!(variable("u5", &["u5"]), "the_u5");
        assert_eq!(variable("Gauge", &["gauge", "the_gauge"]), "the_gauge_2");
        assert_eq!(variable("Type", &["the_type"]), "the_type_2");
        assert_eq!(variable("Stack", &["Stack", "STACK"]), "stack");
    }
}
