//! Expansion tests: normal builds return the item untouched; symtest builds are compared to
//! committed snapshots (`UPDATE_SNAPSHOTS=1 cargo test -p symtest-macros` rewrites them).

use super::*;
use std::path::PathBuf;

use syn::ItemFn;

pub(crate) fn pretty(tokens: TokenStream) -> String {
    match syn::parse2::<syn::File>(tokens.clone()) {
        Ok(file) => prettyplease::unparse(&file),
        Err(error) => panic!("expansion is not valid Rust: {error}\n{tokens}"),
    }
}

pub(crate) fn assert_snapshot(name: &str, actual: &str) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(format!("{name}.rs"));
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::create_dir_all(path.parent().expect("snapshot dir")).expect("create snapshot dir");
        std::fs::write(&path, actual).expect("write snapshot");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_else(|_| {
        panic!(
            "missing snapshot {}; run with UPDATE_SNAPSHOTS=1",
            path.display()
        )
    });
    assert!(
        expected == actual,
        "expansion of {name} changed; run with UPDATE_SNAPSHOTS=1 to accept:\n{actual}"
    );
}

fn instrumented(item: TokenStream) -> String {
    // Reparsed from text, so tokens have locations of their own, as in a real source file
    // (arithmetic operators are told apart by where they were written).
    let item: TokenStream = item.to_string().parse().expect("tokens reparse");
    pretty(expand(TokenStream::new(), item, Mode::Instrument))
}

#[test]
fn normal_builds_return_the_item_token_for_token() {
    let item = quote! {
        /// Docs stay.
        #[inline]
        pub(crate) fn f<'a>(a: i32, s: &'a str) -> Option<&'a str> {
            if a > 0 && s.len() > 2 { return Some(s); }
            match a { 0 => None, _ => s.get(1..) }
        }
    };
    let output = expand(TokenStream::new(), item.clone(), Mode::Normal);
    assert_eq!(output.to_string(), item.to_string());
}

#[test]
fn invalid_bodies_are_returned_unchanged_for_rustc_to_report() {
    let item = quote!(fn f(a: i32) -> i32 { let = a; });
    assert_eq!(
        expand(TokenStream::new(), item.clone(), Mode::Instrument).to_string(),
        item.to_string()
    );
}

#[test]
fn what_cannot_be_searched_is_skipped_with_a_reason_and_never_an_error() {
    let item = quote!(
        fn f<T: Into<u64>>(x: T, p: &mut Path) {}
    );
    let normal = expand(TokenStream::new(), item.clone(), Mode::Normal).to_string();
    assert_eq!(normal, item.to_string());
    let instrumented = instrumented(item.clone());
    assert!(!instrumented.contains("compile_error"), "{instrumented}");
    assert!(
        instrumented.contains("fn __symtest_entry_f()"),
        "{instrumented}"
    );
    assert!(
        instrumented.contains(
            "Subject::skipped(\n            &__SYMTEST_META_f,\n            \"takes `&mut Path`, \
             which symtest cannot build yet\","
        ),
        "{instrumented}"
    );
    let unknown = self::instrumented(quote!(
        fn g<S: Shape>(shape: S) {}
    ));
    assert!(
        unknown.contains("\"is generic over `S: Shape`, a bound symtest has no type for yet"),
        "{unknown}"
    );
}

#[test]
fn generic_functions_are_called_with_the_chosen_types() {
    let kb = instrumented(quote!(
        fn kb<V: Into<u64>>(size: V) -> u64 {
            if size.into() > 1000 { 1 } else { 0 }
        }
    ));
    assert!(
        kb.contains("fn kb<V: Into<u64>>(size: V)"),
        "stays generic: {kb}"
    );
    assert!(kb.contains("catch(move || kb::<\n"), "{kb}");
    assert!(kb.contains("turbofish: \"::<u64>\""), "{kb}");
    assert!(kb.contains("types: \"V = u64\""), "{kb}");
    let named = instrumented(quote!(
        fn greet<S: AsRef<str>>(name: S) -> usize {
            name.as_ref().len()
        }
    ));
    assert!(
        named.contains("turbofish: \"\""),
        "`greet(\"a\")` needs none: {named}"
    );
}

#[test]
fn misuses_are_errors_that_come_with_the_original_item_in_every_edition() {
    let output = expand(
        quote!(fast),
        quote!(
            fn f() {}
        ),
        Mode::Normal,
    )
    .to_string();
    assert!(
        output.starts_with(
            "compile_error ! { \"#[symtest] takes the types of a generic function's parameters, \
             as `#[symtest(T = u32)]`\" }"
        ),
        "{output}"
    );
    assert!(output.ends_with("fn f () { }"), "{output}");
    let output = expand(
        TokenStream::new(),
        quote!(
            trait T {}
        ),
        Mode::Normal,
    )
    .to_string();
    assert!(
        output.contains("goes on functions, impl blocks, structs and enums"),
        "{output}"
    );
}

#[test]
fn comparisons_and_short_circuits() {
    assert_snapshot(
        "comparisons",
        &instrumented(quote! {
            fn f(a: i32, s: &str, flag: bool) -> u8 {
                if a > 10 && (s == "x" || !flag) {
                    1
                } else if flag {
                    2
                } else {
                    3
                }
            }
        }),
    );
}

#[test]
fn lets_loops_and_question_marks() {
    assert_snapshot(
        "lets_and_loops",
        &instrumented(quote! {
            fn f(v: Vec<Option<i32>>, n: u8) -> Option<i32> {
                let mut total = 0;
                for item in &v {
                    if let Some(x) = item {
                        total += x;
                    }
                }
                let Some(first) = v.first() else { return None; };
                let mut i = 0;
                while let Some(Some(x)) = v.get(i) && *x > 0 {
                    i += 1;
                }
                'outer: loop {
                    while i > 0 {
                        i -= 1;
                        if i == 3 { break 'outer; }
                    }
                    break;
                }
                let y = (*first)?;
                Some(total + y + i32::from(n))
            }
        }),
    );
}

#[test]
fn match_arms_with_literals_ranges_and_guards() {
    assert_snapshot(
        "match",
        &instrumented(quote! {
            fn f(x: i32, c: char) -> &'static str {
                match x {
                    0 => "zero",
                    1 | 2 => "small",
                    3..=9 if c == 'a' => "digit a",
                    i32::MIN..0 => "negative",
                    _ => "large",
                }
            }
        }),
    );
}

#[test]
fn enum_arms_range_contains_and_opaque_conditions() {
    assert_snapshot(
        "enums_and_ranges",
        &instrumented(quote! {
            fn f(v: Option<u8>, year: i32, s: &[u8]) -> bool {
                let small = match v {
                    Some(0) => true,
                    Some(n) if n < 10 => true,
                    Some(_) | None => false,
                };
                small && (1972..=2016).contains(&year) && !s.is_empty()
            }
        }),
    );
}

#[path = "../../../../benches/compile/src/stress.rs"]
mod stress;

fn expanded_size(decisions: usize) -> usize {
    let mut item: ItemFn = syn::parse_str(&stress::stress_function(decisions)).expect("parses");
    item.attrs.clear();
    let output = expand(TokenStream::new(), quote!(#item), Mode::Instrument);
    assert!(
        !output.to_string().contains("compile_error"),
        "stress_{decisions} was refused"
    );
    output.to_string().len()
}

#[test]
fn stress_functions_expand_to_code_linear_in_their_decisions() {
    // Reassigned locals and branching once made both the analysis and its tables exponential
    // (a 60-decision function never finished building). Four times the decisions must give
    // about four times the output.
    let (small, large) = (expanded_size(100), expanded_size(400));
    assert!(
        large < small * 5,
        "100 decisions: {small} bytes; 400 decisions: {large} bytes"
    );
}

/// A function symtest skips is still instrumented for its callers: its body gets the hooks,
/// with its branch table, and the entry reports the skip against that table.
#[test]
fn a_skipped_function_is_instrumented_for_its_callers() {
    let item = quote! {
        fn count_words<S: Separator>(text: &str, separator: &S) -> usize {
            let mut count = 0;
            for c in text.chars() {
                if separator.separates(c) { count += 1; }
            }
            count
        }
    };
    let expanded = instrumented(item);
    let compact: String = expanded.split_whitespace().collect();
    assert!(
        compact.contains("Subject::skipped(&__SYMTEST_META_count_words"),
        "{expanded}"
    );
    assert!(
        compact.contains("__private::branch"),
        "no hooks:\n{expanded}"
    );
    // Its body is generic: values are probed by the type they turn out to have.
    assert!(compact.contains("__private::probe_generic"), "{expanded}");
    assert!(!expanded.contains("FunctionMeta::bare"), "{expanded}");
    // A `const fn` cannot take them: it stays as written beside a table without decisions.
    let constant = quote! {
        const fn pick<T: Separator>(flag: bool, a: u8, b: u8) -> u8 { if flag { a } else { b } }
    };
    let expanded = instrumented(constant);
    assert!(expanded.contains("FunctionMeta::bare"), "{expanded}");
}
