//! End to end: the tests `cargo symtest` writes compile wherever the code they test does — in a
//! crate of edition 2015, beside names a local cannot take, for results whose types implement
//! only part of what `assert_eq!` needs. Each test runs the real `cargo-symtest` on a fixture
//! of `tests/fixtures`; a run ends by running the tests it wrote, so its success says they
//! compile and pass, and the test checks that they take the form that made them compile.

mod support;

use support::*;

impl Fixture {
    /// A file of the fixture, as it stands.
    fn read(&self, path: &str) -> String {
        std::fs::read_to_string(self.root.join(path)).unwrap_or_default()
    }
}

/// Runs `cargo symtest` with a fixed seed and checks it succeeded, written tests included.
fn generate(fixture: &Fixture) {
    assert_success(&fixture.symtest(&["--allow-dirty", "--seed", "5"]));
}

/// Asserts that `text` contains each of `parts`, however the formatter broke its lines,
/// showing `text` when one is missing.
fn assert_contains(text: &str, parts: &[&str]) {
    let squeezed = |text: &str| text.split_whitespace().collect::<String>();
    for part in parts {
        assert!(
            squeezed(text).contains(&squeezed(part)),
            "no `{part}` in:\n{text}"
        );
    }
}

#[test]
fn an_edition_2015_crates_tests_call_trait_functions_and_std_types_so_that_they_resolve() {
    let fixture = Fixture::new("tests/fixtures/edition2015", "compiles-edition2015");
    generate(&fixture);
    // `FromStr` is in no edition's prelude, and the module does not import it.
    let parse = fixture.read("src/parse.rs");
    assert_contains(&parse, &[".parse::<ByteSize>()", "Ok(ByteSize("]);
    assert!(!parse.contains("ByteSize::from_str("), "{parse}");
    // The crate's trait, through the path its impl header writes, one module down.
    let units = fixture.read("src/units.rs");
    assert_contains(
        &units,
        &[
            "<Metres as super::Unit>::of(",
            "<Feet as super::super::Unit>::of(",
        ],
    );
    // The standard collections by their full paths, in a module file and an inline module.
    let tally = fixture.read("src/tally.rs");
    assert_contains(
        &tally,
        &[
            "&std::collections::BTreeMap::",
            "&std::collections::HashMap::",
            "&std::collections::HashSet::",
            "&mut std::collections::VecDeque::",
            "first_above(",
        ],
    );
    // A sequence, and a function, at the crate root; a crate trait's method on `u32`.
    assert_contains(
        &fixture.lib(),
        &[
            "let mut counts = Counts::new();",
            "counts.add(",
            "assert_eq!(halve(",
            "let value = ",
            "<u32 as Double>::double(value)",
            // A function taking a value its constructor made and a buffer it borrows.
            "parse_into(&mut Request::new(), \"",
        ],
    );
    // `Counts` has annotated blocks in two modules: the crate built (one `Constructed` impl,
    // beside the definition), and `u32` got none (only its own crate could have one).
}

#[test]
fn the_local_of_a_sequence_keeps_clear_of_names_a_let_cannot_bind() {
    let fixture = Fixture::new("tests/fixtures/locals", "compiles-locals");
    generate(&fixture);
    let lib = fixture.lib();
    // A tuple struct, a static, a unit struct imported, a variant imported by a glob of a
    // module file.
    assert_contains(
        &lib,
        &[
            "let mut the_u5 = u5::new(",
            "the_u5.add(",
            "let mut the_gauge = Gauge::empty();",
            "let mut the_tally = Tally::new();",
            "let mut the_amber = Amber::new(",
        ],
    );
    for taken in ["u5", "gauge", "tally", "amber"] {
        for binding in [format!("let mut {taken} ="), format!("let {taken} =")] {
            assert!(!lib.contains(&binding), "{binding}:\n{lib}");
        }
    }
}

#[test]
fn results_are_asserted_with_only_what_their_types_implement() {
    let fixture = Fixture::new("tests/fixtures/assertions", "compiles-assertions");
    generate(&fixture);
    let lib = fixture.lib();
    assert_contains(
        &lib,
        &[
            // `Debug` without `PartialEq`: its text.
            r#"assert_eq!(format!("{:?}", Adler32::default()), "Adler32 { a: 1, b: 0 }");"#,
            // `PartialEq` without `Debug`: `==`.
            "assert!(span(",
            ") == Some(Span { start: ",
            ").is_none());",
            // Neither: said, not asserted.
            "// Not asserted: the return type has neither `PartialEq` nor `Debug`.",
            "let _ = open(",
            // The same in sequences, call by call.
            "adler32 = Adler32 { a: ",
            r#"assert_eq!(format!("{:?}", adler32.update("#,
            "// Not asserted: what `adler32.handle(…)` returns, whose type has neither",
            "let _ = adler32.handle(",
        ],
    );
    // No `assert_eq!` compares a value of these types.
    for opaque in ["Span", "Handle", "Adler32"] {
        let compared = format!(",{opaque}{{");
        assert!(
            !lib.split_whitespace()
                .collect::<String>()
                .contains(&compared),
            "{opaque}:\n{lib}"
        );
    }
}

#[test]
fn types_with_lifetimes_are_made_and_written_as_literals() {
    let fixture = Fixture::new("tests/fixtures/lifetimes", "compiles-lifetimes");
    let output = fixture.symtest(&["--allow-dirty", "--seed", "5", "--json"]);
    assert_success(&output);
    let summary = summary(&output);
    let skipped = listed(&summary, "skipped");
    assert!(skipped.is_empty(), "{skipped:#?}");
    let lib = fixture.lib();
    assert_contains(
        &lib,
        &[
            "let mut bytes = Bytes::new(&[",
            "let mut parser = Parser::new(\"",
            "<Net as Contains<&'_ Net>>::contains(",
            "skip_spaces(&mut Bytes::new(&[",
            "parse_into(&mut Request::new(), \"",
            "let mut lexer = Lexer::new(\"",
            "Window::new(&[",
            "span.is_short()",
            // References inside inputs, written as literals that coerce where they are.
            "take_value(&mut &mut [",
            "Field {",
            "last_line(Cursor {",
            ".chars(),",
            // A trait impl of a reference, through the trait.
            "<&'_ str as From<Field<'_>>>::from(Field {",
        ],
    );
}

#[test]
fn generic_functions_are_searched_with_chosen_types_and_called_with_them() {
    let fixture = Fixture::new("tests/fixtures/generics", "compiles-generics");
    let output = fixture.symtest(&["--allow-dirty", "--seed", "5", "--json"]);
    assert_success(&output);
    let summary = summary(&output);
    let skipped = listed(&summary, "skipped");
    assert_eq!(skipped.len(), 2, "{skipped:#?}");
    let reason = |name: &str| {
        let item = skipped.iter().find(|item| {
            item["path"]
                .as_str()
                .is_some_and(|path| path.ends_with(name))
        });
        item.and_then(|item| item["reason"].as_str())
            .unwrap_or_default()
    };
    assert!(
        reason("::is_heavy").contains("`W: Weighed`"),
        "{skipped:#?}"
    );
    // A method whose signature does not fit the block's types is skipped alone.
    assert!(
        reason("::low_items").contains("associated type of `T`"),
        "{skipped:#?}"
    );
    let generic = |name: &str| function(&summary, name)["generic"].clone();
    assert_eq!(generic("::kb"), "V = u64");
    assert_eq!(generic("::direction"), "T = i64");
    assert_eq!(generic("::largest_by"), "T = u8, F = closures");
    assert_eq!(generic("::is_large"), "S = Square");
    // The types the crate's own code gives them, where they meet the bounds.
    assert_eq!(generic("::mb"), "V = u32");
    assert_eq!(generic("::shout"), "T = String");
    assert_eq!(generic("::Span"), "T = u16");
    // A blanket impl for references, on a reference to an implementor of the crate's trait.
    assert_eq!(generic("::T::loud"), "T = str");
    // `E: Error`, the standard library's formatting error.
    assert_eq!(generic("::AtLine"), "E = std::fmt::Error");
    // A magic key in a generic body: a solver step, which takes the values' shadows.
    let opens = function(&summary, "::opens");
    assert_eq!(opens["covered"], 2, "{opens}");
    let lib = fixture.read("src/lib.rs");
    assert_contains(
        &lib,
        &[
            "kb::<u64>(",
            "encode::<Vec<u8>>(vec![",
            "largest::<u8>(&[",
            "greet(\"",
            "count_lines::<&[u8]>(&[",
            "starts_with_seven::<4>([7,",
            "direction::<i64>(-",
            "ruler(&mut String::from(",
            // Closures as a person writes them: no turbofish, or `_` for the closure's type.
            "fields(\"",
            "largest_by::<u8, _>(&[",
            "position(&[",
            ", &|",
            "rises::<u8, std::vec::IntoIter<u8>>(vec![",
            "is_large(&Square { side: ",
            "mb::<u32>(",
            "shout(String::from(",
            "Span::<u16>::new(",
            // Trait impls of an array and of `Result` over the block's parameter.
            "<[u8; 2] as From<Span<u8>>>::from(Span {",
            "<Result<u8, u16> as From<Span<u16>>>::from(Span {",
            "<&'_ str as Loud>::loud(&\"",
            // `H: Hasher`, on the standard library's hasher.
            "&mut std::collections::hash_map::DefaultHasher::new()",
            "high_bytes::<&[u8]>(&[",
            "error: std::fmt::Error",
            // A trait impl of a slice, its `&mut self` method on a slice genes build.
            "<[u8] as Clipped>::clip(&mut [",
            "<[u8] as Halves<u8>>::first_half(&[",
            // A trait's associated function of a generic block, through the chosen types.
            "<Span<u16> as Ordered<u16>>::ordered(",
            // `O: Into<Self>` of a block, on the block's own type.
            "as std::ops::BitOr<Span<u16>>>::bitor(",
            "as std::ops::Add>::add(&Span {",
        ],
    );
}

#[test]
fn a_function_s_search_covers_the_branches_of_the_functions_it_calls() {
    let fixture = Fixture::new("tests/fixtures/calls", "compiles-calls");
    let output = fixture.symtest(&["--allow-dirty", "--seed", "1", "--json"]);
    assert_success(&output);
    let summary = summary(&output);
    let also = |name: &str| function(&summary, name)["also"].clone();
    // The wrapper has no branches of its own: its search aims at the worker's, all of them.
    let compare = also("::compare");
    assert_eq!(
        compare[0]["path"], "compiles_calls::compare_bytes",
        "{compare}"
    );
    assert_eq!(compare[0]["covered"], compare[0]["branches"], "{compare}");
    // A callee searched on its own has tests of its own.
    assert_eq!(also("::same_sign"), serde_json::json!([]));
    // A helper that takes a type symtest cannot build is covered through its caller.
    let sum = also("::sum_numbers");
    assert_eq!(sum[0]["path"], "compiles_calls::digits", "{sum}");
    assert_eq!(sum[0]["covered"], sum[0]["branches"], "{sum}");
    // So is it through an impl block's sequences.
    let tally = also("::Tally");
    assert_eq!(tally[0]["path"], "compiles_calls::digits", "{tally}");
    assert_eq!(tally[0]["covered"], tally[0]["branches"], "{tally}");
    // A function with callees keeps its symbolic execution: the key is a solver step.
    let unlock = function(&summary, "::unlock");
    assert_eq!(unlock["covered"], unlock["branches"], "{unlock}");
    let lib = fixture.read("src/lib.rs");
    assert_contains(
        &lib,
        &[
            "// Covers `compare_bytes` line ",
            "assert_eq!(compare(\"",
            "`digits` line ",
        ],
    );
    // Every item carries the attribute already: `--auto` writes the same tests.
    let auto = fixture.symtest(&["--auto", "--check"]);
    assert_success(&auto);
    assert!(
        text(&auto.stderr).contains("Annotated 0 items"),
        "{}",
        text(&auto.stderr)
    );
    // An experiment measures the wrapper by its worker's branches, each searched on its own.
    let experiment = fixture.symtest(&[
        "experiment",
        "--runs",
        "2",
        "--budget-evals",
        "2000",
        "--algorithms",
        "hybrid",
        "--fitness",
        "standard",
        "::compare",
    ]);
    assert_success(&experiment);
    let table = text(&experiment.stdout);
    let rows = table.matches("| `compare → compare_bytes` |").count();
    assert_eq!(
        Some(rows as u64),
        compare[0]["branches"].as_u64(),
        "a row per branch of the worker:\n{table}"
    );
}
