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
