//! Mutation analysis in process: mutants switched on in the hooks change what the code does
//! exactly as the mutated source would, and the analysis adds tests for the mutants a
//! branch-covering suite lets live.

use symtest_runtime::genes::Value;
use symtest_runtime::record::distance::CmpOp;
use symtest_runtime::record::mutation::{Mutant, Mutation, with_mutant};
use symtest_runtime::record::outcome::Outcome;
use symtest_runtime::record::recorder;
use symtest_runtime::search::mutation::{analyse, mutants};
use symtest_runtime::search::suite::{Candidate, build};
use symtest_runtime::symtest;

/// A fee charged above a limit: `>` against `>=` shows only at 100 itself.
#[symtest]
fn fee(amount: u32) -> u32 {
    if amount > 100 { amount - 99 } else { 0 }
}

fn returned(value: u32) -> Outcome {
    Outcome::Returned {
        literal: Some(value.to_string()),
        debug: Some(value.to_string()),
        comparable: true,
    }
}

fn run(amount: u32, mutant: Option<Mutant>) -> Outcome {
    let subject = __symtest_subject_fee();
    let value = Value::List(vec![Value::Int(u128::from(amount))]);
    with_mutant(mutant, || {
        recorder::record(subject.meta, 10_000, || (subject.exec)(&value, true)).0
    })
}

#[test]
fn a_switched_on_mutant_runs_the_mutated_predicate() {
    let greater_or_equal = Mutant {
        decision: 0,
        mutation: Mutation::Replace(CmpOp::Ge),
    };
    assert_eq!(run(100, None), returned(0));
    assert_eq!(run(100, Some(greater_or_equal)), returned(1), "100 - 99");
    let equal = Mutant {
        decision: 0,
        mutation: Mutation::Replace(CmpOp::Eq),
    };
    assert_eq!(run(100, Some(equal)), returned(1));
    assert_eq!(run(150, Some(equal)), returned(0), "150 == 100 is false");
    let never = Mutant {
        decision: 0,
        mutation: Mutation::Always(false),
    };
    assert_eq!(run(150, Some(never)), returned(0));
    assert_eq!(run(150, None), returned(51));
    // `amount < 100` taken for 50 computes 50 - 99: the overflow panic shows.
    let less = Mutant {
        decision: 0,
        mutation: Mutation::Replace(CmpOp::Lt),
    };
    assert!(matches!(run(50, Some(less)), Outcome::Panicked { .. }));
}

/// Two branch tests far from the boundary kill every mutant but `>=`, which only 100 tells
/// apart; the archive's input at 100 is added for it.
#[test]
fn the_analysis_scores_the_suite_and_adds_the_inputs_that_kill_what_it_misses() {
    let subject = __symtest_subject_fee();
    let candidate = |amount: u128| {
        let value = Value::List(vec![Value::Int(amount)]);
        let (outcome, trace) =
            recorder::record(subject.meta, 10_000, || (subject.exec)(&value, true));
        Candidate {
            covers: trace.covered().collect(),
            value,
            outcome,
        }
    };
    let candidates = vec![
        candidate(7),
        candidate(4000),
        candidate(101),
        candidate(100),
    ];
    let all = mutants(&subject, &[Some(CmpOp::Gt)]);
    assert_eq!(
        all.len(),
        7,
        "forced true and false, five other operators: {all:?}"
    );
    let mut tests = build(&subject, 10_000, &candidates[..2], false);
    assert_eq!(tests.len(), 2);
    let score = analyse(&subject, 10_000, &mut tests, &candidates);
    assert_eq!(score.total, 7);
    assert_eq!(score.added, 1, "{score:?}");
    assert_eq!(tests[2].args, ["100"]);
    assert_eq!(score.killed, score.total, "{score:?}");
    assert!(!score.capped);

    // Without the input at 100, `>=` lives.
    let mut tests = build(&subject, 10_000, &candidates[..2], false);
    let score = analyse(&subject, 10_000, &mut tests, &candidates[..3]);
    assert_eq!((score.killed, score.added), (6, 0), "{score:?}");
}
