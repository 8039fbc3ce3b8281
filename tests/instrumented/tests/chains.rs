//! Concolic execution through iterator chains and their closures: each adaptor and consumer
//! the shadows model gives complete constraints that agree with the concrete runs, and a DSE
//! step solves for a branch behind a filtered, collected `Vec<char>`.

use rand::SeedableRng;
use symtest_runtime::genes::Value;
use symtest_runtime::genes::random::{Rng, random_value};
use symtest_runtime::record::subject::Subject;
use symtest_runtime::record::trace::Branch;
use symtest_runtime::shadow::execute;

mod stepping;
use stepping::one_step_to;

/// Every modelled source, adaptor and consumer, each in a decision of its own.
#[symtest_runtime::symtest]
fn chained(text: &str, items: &[u8], sep: char, n: u8) -> u32 {
    let mut hits = 0;
    let kept: Vec<char> = text.chars().filter(|c| *c != sep).collect();
    if kept.len() == 3 {
        hits += 1;
    }
    if kept.first() == Some(&'a') {
        hits += 1;
    }
    if text
        .chars()
        .rev()
        .take(usize::from(n))
        .any(|c| c.is_ascii_digit())
    {
        hits += 1;
    }
    if text.bytes().skip(1).all(|b| b > b' ') {
        hits += 1;
    }
    if items.iter().map(|&b| u32::from(b) * 2).sum::<u32>() > 300 {
        hits += 1;
    }
    if items.iter().position(|&b| b == 7) == Some(usize::from(n)) {
        hits += 1;
    }
    if text.chars().chain(sep.to_string().chars()).count() > usize::from(n) {
        hits += 1;
    }
    if items.iter().copied().max() == Some(200) {
        hits += 1;
    }
    if (0..n).filter(|i| i % 3 == 0).count() == 4 {
        hits += 1;
    }
    if text.chars().find(|c| c.is_uppercase()) == Some('Q') {
        hits += 1;
    }
    let upper: String = text.chars().map(|c| c.to_ascii_uppercase()).collect();
    if upper == "OK" {
        hits += 1;
    }
    for c in text.chars().filter(char::is_ascii_alphabetic) {
        if c == 'z' {
            hits += 1;
        }
    }
    hits
}

/// On random inputs, the decisions over chains have complete constraints that hold on the
/// input (the one over `sep.to_string()`, not modelled, is allowed to have none).
#[test]
fn shadows_of_iterator_chains_agree_with_every_concrete_run() {
    let subject = __symtest_subject_chained();
    let mut rng = Rng::seed_from_u64(11);
    let mut complete = 0;
    for _ in 0..300 {
        let value = random_value(&subject.shape, &mut rng);
        let run = execute(&subject, &value, 100_000);
        for entry in &run.path {
            if let Some(condition) = entry.taken_constraint() {
                assert!(condition.eval(&run.inputs.env).is_ok(), "{entry:?}");
                complete += usize::from(condition.complete());
            } else {
                let line = &subject.meta.decisions[entry.decision as usize];
                assert!(
                    line.text.contains("to_string"),
                    "{} on {:?} has no constraint: {entry:?}",
                    line.text,
                    run.inputs.env
                );
            }
        }
    }
    assert!(complete > 300 * 11, "{complete} complete constraints");
}

/// `chars().filter(…).collect::<Vec<char>>()`, its length, and a loop over it with
/// `enumerate` and `to_digit`: the shape of a check-digit validator. One DSE step from a
/// string of letters gets to the ten-digit branch, and one more to a digit checked in the
/// loop.
#[symtest_runtime::symtest]
fn validated(code: &str) -> u8 {
    let digits: Vec<char> = code.chars().filter(|c| *c != '-').collect();
    if digits.len() != 10 {
        return 0;
    }
    for (i, c) in digits.iter().enumerate() {
        if c.to_digit(10).is_none() && i == 9 && *c == 'X' {
            return 2;
        }
    }
    1
}

#[test]
fn a_dse_step_solves_through_a_filtered_collected_vec() {
    let subject: Subject = __symtest_subject_validated();
    let text = |s: &str| {
        Value::List(vec![Value::List(
            s.chars().map(|c| Value::Int(u128::from(c))).collect(),
        )])
    };
    let decision = |text: &str| {
        let position = subject.meta.decisions.iter().position(|d| d.text == text);
        position.unwrap_or_else(|| panic!("a decision `{text}`")) as u32
    };
    let mut rng = Rng::seed_from_u64(3);
    let ten = Branch {
        decision: decision("digits.len() != 10"),
        outcome: 1,
    };
    let input = one_step_to(&subject, &text("a-b"), ten, &mut rng);
    let x = Branch {
        decision: decision("*c == 'X'"),
        outcome: 0,
    };
    let _ = one_step_to(&subject, &input, x, &mut rng);
}

/// The adaptors over pairs and the fold, each in a decision of its own: `enumerate` and `zip`
/// with closures over `(i, c)` and `(x, y)`, after and before other adaptors, and `fold` with
/// a closure of two parameters (the accumulator from an unsuffixed `0`, typed by the item).
#[symtest_runtime::symtest]
fn paired(text: &str, items: &[u8], other: &[u8]) -> u32 {
    let mut hits = 0;
    let weighted: u32 = text
        .chars()
        .enumerate()
        .map(|(i, c)| (i as u32 + 1) * c.to_digit(10).unwrap_or(0))
        .sum();
    if weighted == 37 {
        hits += 1;
    }
    if text.chars().enumerate().any(|(i, c)| i == 2 && c == '#') {
        hits += 1;
    }
    if items
        .iter()
        .enumerate()
        .filter(|&(i, &b)| b as usize == i)
        .count()
        == 2
    {
        hits += 1;
    }
    if items.iter().zip(other.iter()).all(|(x, y)| x == y) && !items.is_empty() {
        hits += 1;
    }
    if items.iter().zip(other).position(|(&x, &y)| x > y) == Some(1) {
        hits += 1;
    }
    let number = text.bytes().fold(0, |acc: u32, b| {
        acc.wrapping_mul(10).wrapping_add(u32::from(b) & 15)
    });
    if number == 4321 {
        hits += 1;
    }
    if items
        .iter()
        .enumerate()
        .fold(0u32, |sum, (i, &b)| sum + i as u32 * u32::from(b))
        == 14
    {
        hits += 1;
    }
    hits
}

/// On random inputs, every decision over pairs and folds has a complete constraint that holds
/// on the input (but the two inside the closure of `any`, whose parameters have no shadows).
#[test]
fn shadows_of_enumerate_zip_and_fold_agree_with_every_concrete_run() {
    let subject = __symtest_subject_paired();
    let mut rng = Rng::seed_from_u64(5);
    for _ in 0..300 {
        let value = random_value(&subject.shape, &mut rng);
        let run = execute(&subject, &value, 100_000);
        assert!(!run.path.is_empty());
        for entry in &run.path {
            let line = &subject.meta.decisions[entry.decision as usize];
            if line.text == "i == 2" || line.text == "c == '#'" {
                continue;
            }
            let condition = entry
                .taken_constraint()
                .unwrap_or_else(|| panic!("{} has a constraint: {entry:?}", line.text));
            assert!(condition.complete(), "{}: {condition:?}", line.text);
            assert_eq!(
                condition.eval(&run.inputs.env),
                Ok(symtest_runtime::record::expr::Val::Bool(true)),
                "{}",
                line.text
            );
        }
    }
}

/// Each of `paired`'s conditions is one DSE step from an input that misses it.
#[test]
fn a_dse_step_solves_through_enumerate_zip_and_fold() {
    let subject = __symtest_subject_paired();
    let text = |s: &str| Value::List(s.chars().map(|c| Value::Int(u128::from(c))).collect());
    let bytes = |b: &[u8]| Value::List(b.iter().map(|&b| Value::Int(u128::from(b))).collect());
    let start = Value::List(vec![text("12"), bytes(&[9, 9, 9]), bytes(&[1, 2, 3])]);
    let mut rng = Rng::seed_from_u64(2);
    for condition in [
        "weighted == 37",
        "enumerate().any(",
        ".count() == 2",
        "all(| (x, y) | x == y)",
        "x > y) == Some(1)",
        "number == 4321",
        ") == 14",
    ] {
        let position = subject
            .meta
            .decisions
            .iter()
            .position(|d| d.text.contains(condition));
        let wanted = Branch {
            decision: position.unwrap_or_else(|| panic!("a decision `{condition}`")) as u32,
            outcome: 0,
        };
        one_step_to(&subject, &start, wanted, &mut rng);
    }
}
