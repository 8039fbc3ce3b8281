//! Concolic execution through calls of the crate's functions: the arguments' shadows bind the
//! callee's parameters, the value it returns carries its shadow back into the caller's
//! constraints, and a recursive call is not followed.

use rand::SeedableRng;
use symtest_runtime::genes::Value;
use symtest_runtime::genes::random::Rng;
use symtest_runtime::record::combine;
use symtest_runtime::record::concolic::PathEntry;
use symtest_runtime::record::subject::Subject;
use symtest_runtime::record::trace::Branch;
use symtest_runtime::shadow::{dse, execute};

mod stepping;
use stepping::one_step_to;

/// A helper with a branch of its own, and an arithmetic value.
#[symtest_runtime::symtest]
fn scaled(x: u32) -> u32 {
    if x > 1000 {
        return 1000;
    }
    x * 3 + 1
}

/// A helper without a branch, whose value is its body's tail.
#[symtest_runtime::symtest]
fn doubled(x: u32) -> u32 {
    x.wrapping_mul(2)
}

/// A helper that forwards to another, so that its value is that callee's.
#[symtest_runtime::symtest]
fn forwarded(x: u32) -> u32 {
    doubled(x + 5)
}

#[symtest_runtime::symtest]
fn caller(a: u32, b: u32, c: u32) -> u8 {
    let s = scaled(a + 1);
    if s == 301 {
        return 1;
    }
    if doubled(b) == 84 {
        return 2;
    }
    if forwarded(c) > 4000 && forwarded(c) < 4010 {
        return 3;
    }
    0
}

/// Calls itself: the recursive calls are not followed.
#[symtest_runtime::symtest]
fn depth(n: u8) -> u8 {
    if n == 0 {
        return 0;
    }
    depth(n - 1).saturating_add(1)
}

/// Calls three, four and five deep: only four are followed.
#[symtest_runtime::symtest]
fn deep(a: u32, b: u32, c: u32) -> u8 {
    if step1(a) == 100 {
        return 1;
    }
    if step0(b) == 100 {
        return 2;
    }
    if step_before(c) == 100 {
        return 3;
    }
    0
}

#[symtest_runtime::symtest]
fn step_before(x: u32) -> u32 {
    step0(x.wrapping_add(1))
}

#[symtest_runtime::symtest]
fn step0(x: u32) -> u32 {
    step1(x.wrapping_add(1))
}

#[symtest_runtime::symtest]
fn step1(x: u32) -> u32 {
    step2(x.wrapping_add(1))
}

#[symtest_runtime::symtest]
fn step2(x: u32) -> u32 {
    step3(x.wrapping_add(1))
}

#[symtest_runtime::symtest]
fn step3(x: u32) -> u32 {
    x.wrapping_add(1)
}

fn ints(values: &[u128]) -> Value {
    Value::List(values.iter().map(|&v| Value::Int(v)).collect())
}

fn decision(subject: &Subject, text: &str) -> u32 {
    let position = subject.meta.decisions.iter().position(|d| d.text == text);
    position.unwrap_or_else(|| panic!("a decision `{text}`")) as u32
}

/// The entries of `decision` on the path of `subject`'s run on `value`.
fn entries(subject: &Subject, value: &Value, decision: u32) -> Vec<PathEntry> {
    let run = execute(subject, value, 100_000);
    let entries: Vec<PathEntry> = run
        .path
        .iter()
        .filter(|entry| entry.decision == decision)
        .cloned()
        .collect();
    for entry in &entries {
        if let Some(condition) = entry.taken_constraint() {
            assert!(condition.eval(&run.inputs.env).is_ok(), "{entry:?}");
        }
    }
    entries
}

#[test]
fn a_returned_value_is_a_complete_constraint_over_the_arguments() {
    let subject = __symtest_subject_caller();
    for text in ["s == 301", "doubled(b) == 84", "forwarded(c) > 4000"] {
        let found = entries(&subject, &ints(&[5, 1, 2]), decision(&subject, text));
        let [entry] = found.as_slice() else {
            panic!("`{text}` runs once: {found:?}");
        };
        let condition = entry.taken_constraint().expect("consistent");
        assert!(condition.complete(), "`{text}`: {condition:?}");
    }
}

#[test]
fn dse_solves_through_arguments_and_returned_values() {
    let subject = __symtest_subject_caller();
    let mut rng = Rng::seed_from_u64(5);
    let start = ints(&[5, 1, 2]);
    let wanted = |text: &str| Branch {
        decision: decision(&subject, text),
        outcome: 0,
    };
    // a + 1 through `scaled`'s arithmetic: a = 99.
    let input = one_step_to(&subject, &start, wanted("s == 301"), &mut rng);
    assert_eq!(input, ints(&[99, 1, 2]));
    // A helper's tail: b = 42.
    one_step_to(&subject, &start, wanted("doubled(b) == 84"), &mut rng);
    // Two calls deep: (c + 5) * 2 just above 4000.
    one_step_to(&subject, &start, wanted("forwarded(c) > 4000"), &mut rng);
}

#[test]
fn a_recursive_call_is_not_followed() {
    let subject = __symtest_subject_depth();
    let found = entries(&subject, &ints(&[3]), decision(&subject, "n == 0"));
    assert_eq!(found.len(), 4, "{found:?}");
    // The call searched has its constraint; the calls it makes of itself leave theirs
    // unknown rather than read the outer call's shadows.
    let outer = found[0]
        .taken_constraint()
        .expect("the outer call's constraint");
    assert!(outer.complete(), "{outer:?}");
    for inner in &found[1..] {
        assert!(inner.outcomes.iter().all(Option::is_none), "{inner:?}");
    }
}

#[test]
fn calls_are_followed_four_deep_and_no_deeper() {
    let subject = __symtest_subject_deep();
    let constraint = |text: &str| {
        let found = entries(&subject, &ints(&[5, 5, 5]), decision(&subject, text));
        let [entry] = found.as_slice() else {
            panic!("`{text}` runs once: {found:?}");
        };
        entry.taken_constraint().cloned().expect("consistent")
    };
    // `step1` → `step2` → `step3`: three frames.
    assert!(constraint("step1(a) == 100").complete());
    // `step0` → … → `step3`: four frames, the deepest the execution follows.
    assert!(constraint("step0(b) == 100").complete());
    // One more: `step3` runs concretely, and what the others return is its value.
    assert!(!constraint("step_before(c) == 100").symbolic());
}

/// Why a text is no pair.
#[derive(Debug)]
pub struct NoPair;

/// A parser's helper with three checks before its value.
#[symtest_runtime::symtest]
fn dotted(text: &str) -> Result<u32, NoPair> {
    let (major, minor) = text.split_once('.').ok_or(NoPair)?;
    let major: u32 = major.parse().map_err(|_| NoPair)?;
    let minor: u32 = minor.parse().map_err(|_| NoPair)?;
    Ok(major * 100 + minor)
}

/// Returns early unless its helper does not: `dotted(rest)?` continues only on a text the
/// helper's three checks all pass.
#[symtest_runtime::symtest]
fn tagged(text: &str) -> Result<u32, NoPair> {
    let rest = text.strip_prefix("v=").ok_or(NoPair)?;
    let pair = dotted(rest)?;
    Ok(pair + 1)
}

/// `tagged` searched with `dotted` on its path, as the search takes a callee the runs find.
fn tagged_with_its_helper() -> Subject {
    let subject = __symtest_subject_tagged();
    let meta = combine::with_callees(subject.meta, &[&__SYMTEST_META_dotted]);
    Subject { meta, ..subject }
}

#[test]
fn dse_goes_through_the_checks_of_a_call_whose_result_a_target_reads() {
    let subject = tagged_with_its_helper();
    let target = Branch {
        decision: decision(&subject, "dotted(rest)?"),
        outcome: 0,
    };
    let own = subject.meta.own_decisions() as u32;
    let mut rng = Rng::seed_from_u64(3);
    let mut input = Value::List(vec![Value::List(
        "v=x".chars().map(|c| Value::Int(u128::from(c))).collect(),
    )]);
    // The target's own entry has no constraint to negate: what `dotted` returned is no shadow
    // of its arguments where it returned early. Each step negates the last branch the helper
    // took and goes on from there, as the search's chained steps do.
    for step in 0..6 {
        let run = execute(&subject, &input, 100_000);
        if run.trace.covers(target) {
            assert!(step >= 2, "one check at a time: {step} steps");
            return;
        }
        let feeding = dse::feeding_calls(&run.path, target.decision, own);
        assert!(!feeding.is_empty(), "{:?}", run.path);
        let negations = dse::negations(&run.path, |branch| {
            let fed = feeding.contains(&branch.decision);
            fed.then_some(dse::Occurrence::Last)
        });
        let deepest = (negations.iter())
            .max_by_key(|negation| negation.size)
            .unwrap_or_else(|| panic!("a negation into `dotted`: {:?}", run.path));
        input = stepping::solve_negation(&subject, &input, &run, deepest, &mut rng)
            .unwrap_or_else(|| panic!("solved: {deepest:?}"));
    }
    panic!("`dotted(rest)?` continued is not reached in six steps: {input:?}");
}
