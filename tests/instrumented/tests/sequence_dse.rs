//! Symbolic execution of call sequences: each call's arguments are input variables, and the
//! shadows of `self`'s fields carry over from one call to the next.

use rand::SeedableRng;
use symtest_runtime::genes::Value;
use symtest_runtime::genes::random::{Rng, random_value};
use symtest_runtime::record::concolic;
use symtest_runtime::record::trace::Branch;
use symtest_runtime::shadow::{dse, execute, solve};
use symtest_runtime::symtest;

#[derive(Debug)]
pub struct Dial {
    code: u32,
    level: u32,
}

#[symtest]
impl Dial {
    pub fn new(code: u32) -> Dial {
        Dial { code, level: 0 }
    }

    /// Stores a level derived from the argument: only its shadow connects it to `fire`.
    pub fn arm(&mut self, level: u32) {
        self.level = level.wrapping_mul(7).wrapping_add(3);
    }

    /// Needs `guess` related to the code the constructor stored.
    pub fn open(&self, guess: u32) -> bool {
        guess == self.code.wrapping_add(1000)
    }

    /// Takes no argument: an earlier `arm` must have stored the right level.
    pub fn fire(&self) -> bool {
        if self.level == 4_000_000_003 {
            return true;
        }
        false
    }
}

/// `fire`'s `if` taken, in the block's combined table.
fn fired(subject: &symtest_runtime::record::subject::Subject) -> Branch {
    let decision = subject
        .meta
        .decisions
        .iter()
        .position(|decision| decision.text == "self.level == 4_000_000_003")
        .expect("fire's decision is in the table");
    Branch {
        decision: decision as u32,
        outcome: 0,
    }
}

fn call(method: u128, argument: u128) -> Value {
    // A call carries the arguments of every method: `arm`, `open`, `fire`.
    let mut call = vec![
        Value::Int(method),
        Value::List(vec![Value::Int(0)]),
        Value::List(vec![Value::Int(0)]),
        Value::List(vec![]),
    ];
    call[method as usize + 1] = Value::List(vec![Value::Int(argument)]);
    Value::List(call)
}

fn sequence(code: u128, calls: Vec<Value>) -> Value {
    Value::List(vec![
        Value::List(vec![Value::Int(0), Value::List(vec![Value::Int(code)])]),
        Value::List(calls),
    ])
}

#[test]
fn a_field_an_earlier_call_stored_is_solved_for_through_that_call_s_argument() {
    let subject = __symtest_subject_Dial();
    let fired = fired(&subject);
    let start = sequence(5, vec![call(0, 11), call(2, 0)]);
    let run = execute(&subject, &start, 100_000);
    assert!(!run.trace.covers(fired));
    let negations = dse::negations(&run.path, |branch| {
        (branch == fired).then_some(dse::Occurrence::First)
    });
    let negation = negations.first().expect("fire's branch is negated");
    let mut rng = Rng::seed_from_u64(1);
    let solution = solve::solve(
        &run.inputs.vars,
        &negation.constraints,
        &run.inputs.env,
        &solve::SolveConfig::default(),
        &mut rng,
    )
    .expect("arm's argument is solved for through the level it stores");
    let input = concolic::encode(&subject.shape, &start, &run.inputs.paths, &solution);
    assert_ne!(input, start, "only arm's argument changes");
    let rerun = execute(&subject, &input, 100_000);
    assert!(rerun.trace.covers(fired), "{input:?}");
}

/// Without an `arm`, the level is the constructor's constant: nothing to negate towards.
#[test]
fn a_field_no_call_assigned_is_its_value() {
    let subject = __symtest_subject_Dial();
    let fired = fired(&subject);
    let run = execute(&subject, &sequence(5, vec![call(2, 0)]), 100_000);
    let negations = dse::negations(&run.path, |branch| {
        (branch == fired).then_some(dse::Occurrence::First)
    });
    assert!(negations.is_empty(), "{negations:?}");
}

/// On random sequences every recorded branch of the block has a constraint that holds on the
/// sequence's variables: the shadows, fields included, agree with the concrete runs (a field
/// no call assigned is its value, an opaque constant).
#[test]
fn shadows_of_random_sequences_agree_with_their_runs() {
    let subject = __symtest_subject_Dial();
    let mut rng = Rng::seed_from_u64(3);
    let mut symbolic = 0;
    for _ in 0..300 {
        let value = random_value(&subject.shape, &mut rng);
        let run = execute(&subject, &value, 100_000);
        for entry in &run.path {
            let taken = entry.taken_constraint().expect("modelled and consistent");
            symbolic += usize::from(taken.symbolic());
        }
    }
    assert!(symbolic > 0, "fire's condition mentions arm's argument");
}
