//! Mutation analysis in process: mutants switched on in the hooks change what the code does
//! exactly as the mutated source would, and the analysis adds tests for the mutants a
//! branch-covering suite lets live.

use symtest_runtime::genes::Value;
use symtest_runtime::record::distance::CmpOp;
use symtest_runtime::record::mutation::{ArithOp, Mutant, Mutation, Seen, Site, with_mutant};
use symtest_runtime::record::outcome::Outcome;
use symtest_runtime::record::recorder;
use symtest_runtime::record::subject::Subject;
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

/// An archived input of `subject`: the arguments `args`, run once.
fn candidate(subject: &Subject, args: &[u128]) -> Candidate {
    let value = Value::List(args.iter().map(|&arg| Value::Int(arg)).collect());
    let (outcome, trace) = recorder::record(subject.meta, 10_000, || (subject.exec)(&value, true));
    Candidate {
        covers: trace.covered().collect(),
        value,
        outcome,
    }
}

#[test]
fn a_switched_on_mutant_runs_the_mutated_predicate() {
    let greater_or_equal = Mutant {
        site: Site::Decision(0),
        mutation: Mutation::Replace(CmpOp::Ge),
    };
    assert_eq!(run(100, None), returned(0));
    assert_eq!(run(100, Some(greater_or_equal)), returned(1), "100 - 99");
    let equal = Mutant {
        site: Site::Decision(0),
        mutation: Mutation::Replace(CmpOp::Eq),
    };
    assert_eq!(run(100, Some(equal)), returned(1));
    assert_eq!(run(150, Some(equal)), returned(0), "150 == 100 is false");
    let never = Mutant {
        site: Site::Decision(0),
        mutation: Mutation::Always(false),
    };
    assert_eq!(run(150, Some(never)), returned(0));
    assert_eq!(run(150, None), returned(51));
    // `amount < 100` taken for 50 computes 50 - 99: the overflow panic shows.
    let less = Mutant {
        site: Site::Decision(0),
        mutation: Mutation::Replace(CmpOp::Lt),
    };
    assert!(matches!(run(50, Some(less)), Outcome::Panicked { .. }));
}

#[test]
fn operator_and_literal_mutants_compute_what_the_mutated_source_would() {
    let plus = Mutant {
        site: Site::Operator {
            function: 0,
            index: 0,
        },
        mutation: Mutation::Arith(ArithOp::Add),
    };
    assert_eq!(run(150, Some(plus)), returned(249), "150 + 99");
    let remainder = Mutant {
        mutation: Mutation::Arith(ArithOp::Rem),
        ..plus
    };
    assert_eq!(run(150, Some(remainder)), returned(51), "150 % 99");
    let shifted = |by| Mutant {
        site: Site::Decision(0),
        mutation: Mutation::Shift(by),
    };
    assert_eq!(
        run(101, Some(shifted(1))),
        returned(0),
        "101 > 101 is false"
    );
    assert_eq!(run(100, Some(shifted(-1))), returned(1), "100 > 99 is true");
    assert_eq!(run(101, Some(shifted(-1))), returned(2));
}

/// Both operands must hold.
#[symtest]
fn both(a: bool, b: bool) -> bool {
    a && b
}

#[test]
fn a_flipped_junction_takes_either_operand() {
    let subject = __symtest_subject_both();
    let run = |a: bool, b: bool, mutant| {
        let value = Value::List(vec![Value::Int(u128::from(a)), Value::Int(u128::from(b))]);
        with_mutant(mutant, || {
            recorder::record(subject.meta, 10_000, || (subject.exec)(&value, true)).0
        })
    };
    let bool_returned = |value: bool| Outcome::Returned {
        literal: Some(value.to_string()),
        debug: Some(value.to_string()),
        comparable: true,
    };
    // `b` is the right operand's first decision.
    let or = Mutant {
        site: Site::Decision(1),
        mutation: Mutation::Junction,
    };
    assert_eq!(run(true, false, None), bool_returned(false));
    assert_eq!(run(true, false, Some(or)), bool_returned(true));
    assert_eq!(run(false, true, Some(or)), bool_returned(true));
    assert_eq!(run(false, false, Some(or)), bool_returned(false));
    assert_eq!(run(true, true, Some(or)), bool_returned(true));
}

/// Two branch tests far from the boundary kill every mutant but `>=` and `100` moved by one,
/// which only 100 and 101 tell apart: the archive's inputs at 100 and 101 are added for them,
/// and without those, the hunt finds them.
#[test]
fn the_analysis_scores_the_suite_and_adds_the_inputs_that_kill_what_it_misses() {
    let subject = __symtest_subject_fee();
    let candidates = [7, 4000, 101, 100].map(|amount| candidate(&subject, &[amount]));
    let seen = Seen {
        comparisons: [(0, (CmpOp::Gt, true))].into(),
        ..Seen::default()
    };
    let all = mutants(&subject, &seen);
    assert_eq!(
        all.len(),
        9,
        "forced true and false, five other operators, 100 ± 1: {all:?}"
    );
    let mut tests = build(&subject, 10_000, &candidates[..2], false);
    assert_eq!(tests.len(), 2);
    let score = analyse(&subject, 10_000, &mut tests, &candidates, 1);
    assert_eq!(score.total, 13, "and four for `amount - 99`");
    assert_eq!(score.added, 2, "{score:?}");
    assert_eq!(tests[2].args, ["100"]);
    assert_eq!(tests[3].args, ["101"]);
    assert_eq!(score.killed, score.total, "{score:?}");
    assert!(!score.capped);

    // Without the input at 100 in the archive, new inputs find it.
    let mut tests = build(&subject, 10_000, &candidates[..2], false);
    let score = analyse(&subject, 10_000, &mut tests, &candidates[..3], 1);
    assert_eq!(score.killed, score.total, "{score:?}");
    assert!(
        tests.iter().any(|test| test.args == ["100"]),
        "{:?}",
        tests.iter().map(|test| &test.args).collect::<Vec<_>>()
    );
}

/// Counts up by two to `n`: odd `n` never ends.
#[symtest]
fn spin(n: u32) -> u32 {
    let mut i = 0;
    while i != n {
        i += 2;
    }
    i
}

/// An input that runs out of steps makes no test, even where a mutant (`i < n`) would end it.
#[test]
fn inputs_that_run_out_of_steps_kill_nothing() {
    let subject = __symtest_subject_spin();
    let candidates = [2, 3].map(|n| candidate(&subject, &[n]));
    assert_eq!(candidates[1].outcome, Outcome::Timeout);
    let mut tests = build(&subject, 10_000, &candidates[..1], false);
    analyse(&subject, 10_000, &mut tests, &candidates, 1);
    assert!(
        tests.iter().all(|test| test.outcome != Outcome::Timeout),
        "{:?}",
        tests.iter().map(|test| &test.args).collect::<Vec<_>>()
    );
}

/// The bits of `n`, by recursion: the mutants that never stop at zero (`n == 0` forced false,
/// `n < 0`, …) recurse on zero until the stack overflows.
#[symtest]
fn bits(n: u8) -> u32 {
    if n == 0 { 0 } else { 1 + bits(n / 2) }
}

/// A mutant's runs get a step budget scaled to the original runs' steps, so a mutant that
/// recurses forever runs out of steps (and is killed) where a budget fit for the search would
/// let it overflow the process's stack first.
#[test]
fn a_mutant_that_recurses_forever_runs_out_of_steps_before_the_stack() {
    let subject = __symtest_subject_bits();
    let candidates = [0, 3].map(|n| candidate(&subject, &[n]));
    let mut tests = build(&subject, u64::MAX, &candidates, false);
    // On the stack the harness gives a test thread; with the search's budget of steps a
    // mutant would recurse until it overflows.
    let score = std::thread::Builder::new()
        .stack_size(2 * 1024 * 1024)
        .spawn(move || analyse(&subject, u64::MAX, &mut tests, &candidates, 1))
        .map(|thread| thread.join())
        .expect("spawns")
        .expect("the analysis ends without overflowing the stack");
    // `n == 0` as `n <= 0` is the same for a `u8`; every other mutant is killed.
    assert_eq!(score.killed + 1, score.total, "{score:?}");
}

/// A bonus for a code that matches `n`: only `n` = 0 tells `n > 0` from `n >= 0` (the mutant
/// divides by zero), and only where the code matches too, which no test's input does at 0.
#[symtest]
fn bonus(n: u32, code: u32) -> u32 {
    if n > 0 && code == n * 7 + 271_000 + 828 {
        10 / n
    } else {
        0
    }
}

/// The mutant `n >= 0` needs the input the mutated program reaches with `n` = 0: solved from
/// its path condition under the mutant, not drawn by luck.
#[test]
fn the_analysis_solves_for_a_mutant_whose_change_must_travel_through_a_condition() {
    let subject = __symtest_subject_bonus();
    let candidates = [[0, 5], [3, 5], [3, 271_849]].map(|args| candidate(&subject, &args));
    let mut tests = build(&subject, 10_000, &candidates, false);
    assert_eq!(tests.len(), 3, "each covers a branch the others miss");
    let score = analyse(&subject, 10_000, &mut tests, &candidates, 1);
    let args: Vec<_> = tests.iter().map(|test| &test.args).collect();
    assert!(
        args.iter().any(|args| *args == &["0", "271828"]),
        "{args:?} {score:?}"
    );
    let greater_or_equal = Mutant {
        site: Site::Decision(0),
        mutation: Mutation::Replace(CmpOp::Ge),
    };
    let zero = Value::List(vec![Value::Int(0), Value::Int(271_828)]);
    let ending = with_mutant(Some(greater_or_equal), || {
        recorder::record(subject.meta, 10_000, || (subject.exec)(&zero, true)).0
    });
    assert!(matches!(ending, Outcome::Panicked { .. }), "{ending:?}");
}
