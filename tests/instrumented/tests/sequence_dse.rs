//! Symbolic execution of call sequences: each call's arguments are input variables, and the
//! shadows of `self`'s fields carry over from one call to the next.

use rand::SeedableRng;
use symtest_runtime::genes::Value;
use symtest_runtime::genes::random::{Rng, random_value};
use symtest_runtime::record::trace::Branch;
use symtest_runtime::shadow::{dse, execute};
use symtest_runtime::symtest;

mod stepping;
use stepping::one_step_to;

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
    let mut rng = Rng::seed_from_u64(1);
    let input = one_step_to(&subject, &start, fired, &mut rng);
    assert_ne!(input, start, "only arm's argument changes");
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

/// A gate, marked `#[symtest]`: sequences may start from a value built from genes.
#[symtest]
#[derive(Clone, Debug, PartialEq)]
pub enum Gate {
    Shut,
    Open { width: u32 },
    Stuck(u16),
}

#[symtest]
impl Gate {
    pub fn jammed(code: u16) -> Gate {
        Gate::Stuck(code)
    }

    pub fn inspect(&self) -> u8 {
        match self {
            Gate::Open {
                width: 4_000_000_007,
            } => 1,
            Self::Stuck(0x0bad) => 2,
            Gate::Shut => 3,
            _ => 0,
        }
    }

    pub fn widen(&mut self, by: u32) -> bool {
        if let Gate::Open { width } = self {
            *width = width.wrapping_add(by);
        }
        matches!(self, Gate::Open { width } if *width == 77)
    }

    pub fn strain(&self) -> u8 {
        match self {
            Gate::Open { width } if width.wrapping_mul(5) == 4_000_000_005 => 2,
            Gate::Stuck(code) => {
                if *code == 0x1234 {
                    return 1;
                }
                0
            }
            _ => 0,
        }
    }
}

/// A sequence of calls of `method` (0 `inspect`, 1 `widen` by the argument, 2 `strain`) on a
/// value built from the genes of `gate`: constructors first (`jammed`), then the built value.
fn gate_sequence(gate: Value, calls: Vec<(u128, u128)>) -> Value {
    let made = Value::List(vec![Value::Int(1), Value::List(vec![Value::Int(5)]), gate]);
    let calls = calls.into_iter().map(|(method, by)| {
        Value::List(vec![
            Value::Int(method),
            Value::List(vec![]),
            Value::List(vec![Value::Int(by)]),
            Value::List(vec![]),
        ])
    });
    Value::List(vec![made, Value::List(calls.collect())])
}

/// The genes of a `Gate` of variant `tag`: `Shut`, `Open { width: 9 }`, `Stuck(9)`.
fn gate(tag: u128) -> Value {
    Value::List(vec![
        Value::Int(tag),
        Value::List(vec![]),
        Value::List(vec![Value::Int(9)]),
        Value::List(vec![Value::Int(9)]),
    ])
}

/// Where a sequence builds the value under test from genes, `self`'s variant and its fields
/// are input variables of the first call: an arm of `match self` that needs another variant
/// with a particular field value is one DSE step away, as for a parameter.
#[test]
fn the_variant_and_fields_of_a_value_built_from_genes_are_solved_for() {
    let subject = __symtest_subject_Gate();
    let mut rng = Rng::seed_from_u64(1);
    let decision = subject
        .meta
        .decisions
        .iter()
        .position(|decision| decision.text == "match self")
        .expect("inspect's match is in the table") as u32;
    for (arm, tag, field) in [(0, 1, 4_000_000_007), (1, 2, 0x0bad)] {
        let start = gate_sequence(gate(0), vec![(0, 0)]);
        let wanted = Branch {
            decision,
            outcome: arm,
        };
        let input = one_step_to(&subject, &start, wanted, &mut rng);
        let built = input.item(0).item(2);
        assert_eq!(built.item(0), &Value::Int(tag), "{input:?}");
        assert_eq!(
            built.item(tag as usize + 1).item(0),
            &Value::Int(field),
            "{input:?}"
        );
    }
    // The fields a pattern on `self` binds are input variables too, in a guard and in the
    // arm's body.
    for (tag, text) in [(1, "width.wrapping_mul"), (2, "*code == 0x1234")] {
        let start = gate_sequence(gate(tag), vec![(2, 0)]);
        let found = subject
            .meta
            .decisions
            .iter()
            .position(|d| d.text.starts_with(text));
        let wanted = Branch {
            decision: found.expect(text) as u32,
            outcome: 0,
        };
        one_step_to(&subject, &start, wanted, &mut rng);
    }
    // `widen` changes the width behind the hooks' back (through `&mut`): the next call's
    // shadow is the probed value, not the genes, and the runs still agree with the shadows.
    let mut rng = Rng::seed_from_u64(5);
    for _ in 0..300 {
        let value = random_value(&subject.shape, &mut rng);
        let run = execute(&subject, &value, 100_000);
        for entry in &run.path {
            if let Some(taken) = entry.outcomes.get(entry.taken as usize).cloned().flatten() {
                assert!(
                    entry.consistent,
                    "{taken:?} contradicts the run of {value:?}"
                );
            }
        }
    }
}

/// A meter with no constructor: sequences build it from genes.
#[symtest]
#[derive(Clone, Debug, PartialEq)]
pub struct Meter {
    pub reading: u32,
    pub scale: u8,
    pub window: (u16, u32),
}

#[symtest]
impl Meter {
    pub fn calibrated(&self) -> bool {
        self.reading.wrapping_mul(3) == 3_000_000_021 && self.scale == 7
    }

    pub fn windowed(&self) -> u8 {
        if self.window.1 == u32::from(self.window.0) + 500_000 {
            return 1;
        }
        0
    }
}

/// So are the fields of a struct built from genes, and their fields: a condition on them in
/// the first call is one DSE step away.
#[test]
fn the_fields_of_a_struct_built_from_genes_are_solved_for() {
    let subject = __symtest_subject_Meter();
    let mut rng = Rng::seed_from_u64(1);
    let window = Value::List(vec![Value::Int(3), Value::Int(4)]);
    let built = Value::List(vec![Value::Int(1), Value::Int(2), window]);
    let call = |method| {
        let no_arguments = Value::List(vec![]);
        Value::List(vec![Value::Int(method), no_arguments.clone(), no_arguments])
    };
    let sequence = |calls| {
        let made = Value::List(vec![Value::Int(0), built.clone()]);
        Value::List(vec![made, Value::List(calls)])
    };
    let start = sequence(vec![call(0)]);
    let decision = |text: &str| {
        let decisions = subject.meta.decisions.iter();
        decisions
            .map(|d| d.text)
            .position(|t| t.starts_with(text))
            .expect(text) as u32
    };
    let reading = Branch {
        decision: decision("self.reading"),
        outcome: 0,
    };
    let solved = one_step_to(&subject, &start, reading, &mut rng);
    let scale = Branch {
        decision: decision("self.scale"),
        outcome: 0,
    };
    one_step_to(&subject, &solved, scale, &mut rng);
    // And a field of a field (`self.window.1`).
    let windowed = Branch {
        decision: decision("self.window.1"),
        outcome: 0,
    };
    one_step_to(&subject, &sequence(vec![call(1)]), windowed, &mut rng);
}

/// Not marked `#[symtest]`: sequences start from its constructor only, and the variants of
/// `self` are unknown to the table (`Direct` falls back to none), so patterns on `self` have
/// no condition. The block compiles all the same.
#[derive(Debug)]
pub enum Relay {
    Off,
    On(u8),
}

#[symtest]
impl Relay {
    pub fn new(level: u8) -> Relay {
        if level == 0 {
            Relay::Off
        } else {
            Relay::On(level)
        }
    }

    pub fn flip(&mut self) {
        *self = match self {
            Relay::Off => Relay::On(1),
            Relay::On(_) => Relay::Off,
        };
    }

    pub fn strong(&self) -> bool {
        matches!(self, Relay::On(200..) | Relay::Off)
    }
}

#[test]
fn patterns_on_self_of_a_type_not_built_from_genes_are_not_modelled() {
    let subject = __symtest_subject_Relay();
    let on_self = |text: &str| text == "match self" || text.starts_with("matches!(self");
    let mut rng = Rng::seed_from_u64(9);
    let mut reached = 0;
    for _ in 0..200 {
        let value = random_value(&subject.shape, &mut rng);
        let run = execute(&subject, &value, 100_000);
        for entry in &run.path {
            let text = subject.meta.decisions[entry.decision as usize].text;
            if on_self(text) {
                reached += 1;
                assert!(
                    entry.outcomes.iter().all(Option::is_none),
                    "{text}: {entry:?}"
                );
            } else if let Some(taken) = entry.outcomes[entry.taken as usize].as_ref() {
                assert!(entry.consistent, "{text}: {taken:?}");
            }
        }
    }
    assert!(reached > 0, "the patterns on self run");
}

/// A release, made only by its constructors (not marked `#[symtest]`): so is the other
/// release `newer` takes, an operand of the sequence's call.
#[derive(Debug)]
pub struct Release {
    major: u16,
    minor: u16,
    candidate: bool,
}

#[symtest]
impl Release {
    pub fn new(major: u16, minor: u16) -> Release {
        Release {
            major,
            minor,
            candidate: false,
        }
    }

    pub fn candidate(major: u16, minor: u16) -> Option<Self> {
        if major == 0 {
            return None;
        }
        Some(Self {
            major,
            minor,
            candidate: true,
        })
    }

    /// The same numbers as `other`, and a candidate where `other` is not.
    pub fn before(&self, other: &Release) -> bool {
        let numbers = (self.major, self.minor).cmp(&(other.major, other.minor));
        if numbers != std::cmp::Ordering::Equal {
            return false;
        }
        match self.minor.cmp(&other.minor) {
            std::cmp::Ordering::Less => unreachable!("the numbers are equal"),
            _ => self.candidate && !other.candidate,
        }
    }
}

/// `before`'s `if`, with `outcome` 0 where the numbers differ.
fn numbers_differ(subject: &symtest_runtime::record::subject::Subject, outcome: u32) -> Branch {
    let decision = (subject.meta.decisions.iter())
        .position(|decision| decision.text == "numbers != std::cmp::Ordering::Equal")
        .expect("before's decision is in the table");
    Branch {
        decision: decision as u32,
        outcome,
    }
}

/// The fields of the value a sequence starts from are the arguments of the constructor that
/// made it (`Release { major, minor, .. }`), and so are those of the operand `other`, made by
/// its own constructor: `(self.major, self.minor).cmp(&(other.major, other.minor))` is a
/// condition on four input variables, and one DSE step makes the two releases' numbers equal.
#[test]
fn the_fields_of_values_made_by_constructors_are_their_arguments() {
    let subject = __symtest_subject_Release();
    let mut rng = Rng::seed_from_u64(5);
    let differ = numbers_differ(&subject, 0);
    let mut starts = 0;
    for _ in 0..2_000 {
        let value = random_value(&subject.shape, &mut rng);
        let run = execute(&subject, &value, 100_000);
        if !run.trace.covers(differ) {
            continue;
        }
        for entry in &run.path {
            let taken = entry.taken_constraint().expect("modelled and consistent");
            assert!(taken.complete(), "{entry:?}");
        }
        let entry = (run.path.iter())
            .find(|entry| entry.decision == differ.decision)
            .expect("on the path");
        let taken = entry.taken_constraint().expect("known");
        assert_eq!(
            taken.vars().len(),
            4,
            "both releases' numbers are variables: {taken:?}"
        );
        one_step_to(&subject, &value, numbers_differ(&subject, 1), &mut rng);
        starts += 1;
        if starts == 5 {
            return;
        }
    }
    panic!("{starts} random sequences call `before` on releases of different numbers");
}

/// A function of two values made by their constructors.
#[symtest]
pub fn same_minor(a: &Release, b: &Release) -> bool {
    if a.minor == b.minor {
        return a.major != b.major;
    }
    false
}

/// A function's arguments made by constructors have fields over the constructors' arguments
/// too: `a.minor == b.minor` is a condition on two input variables, one DSE step away.
#[test]
fn the_fields_of_arguments_made_by_constructors_are_their_arguments() {
    let subject = __symtest_subject_same_minor();
    let mut rng = Rng::seed_from_u64(7);
    let decision = (subject.meta.decisions.iter())
        .position(|decision| decision.text == "a.minor == b.minor")
        .expect("in the table") as u32;
    let (equal, differ) = (
        Branch {
            decision,
            outcome: 0,
        },
        Branch {
            decision,
            outcome: 1,
        },
    );
    let mut starts = 0;
    for _ in 0..2_000 {
        let value = random_value(&subject.shape, &mut rng);
        let run = execute(&subject, &value, 100_000);
        if !run.trace.covers(differ) {
            continue;
        }
        let entry = (run.path.iter())
            .find(|entry| entry.decision == decision)
            .expect("on the path");
        let taken = entry.taken_constraint().expect("known");
        assert_eq!(
            taken.vars().len(),
            2,
            "both minors are variables: {taken:?}"
        );
        one_step_to(&subject, &value, equal, &mut rng);
        starts += 1;
        if starts == 5 {
            return;
        }
    }
    panic!("{starts} random inputs make releases of different minors");
}

/// The constructors that make arguments run quietly in a concolic execution, as they run paused
/// in a plain one: on random sequences and arguments, both cover the same branches (the
/// operand's `candidate(0, …)` covers none of `candidate`'s), the outputs' classes included.
#[test]
fn arguments_made_quietly_cover_what_a_plain_run_covers() {
    use symtest_runtime::record::recorder;
    let mut rng = Rng::seed_from_u64(11);
    for subject in [__symtest_subject_Release(), __symtest_subject_same_minor()] {
        for _ in 0..300 {
            let value = random_value(&subject.shape, &mut rng);
            let concolic = execute(&subject, &value, 100_000);
            let (_, plain) =
                recorder::record(subject.meta, 100_000, || (subject.exec)(&value, false));
            let covered = |trace: &symtest_runtime::record::trace::Trace| -> Vec<Branch> {
                trace.covered().collect()
            };
            assert_eq!(covered(&concolic.trace), covered(&plain), "{value:?}");
        }
    }
}

/// A gauge whose alarm asks a method of its own: the reading that method compares is the
/// constructor's argument, through `self`.
#[derive(Debug)]
pub struct Gauge {
    reading: u32,
}

#[symtest]
impl Gauge {
    pub fn new(reading: u32) -> Gauge {
        Gauge { reading }
    }

    /// No decision of its own: its value is `over`'s. (The `let` has a hook that notes the
    /// call; a tail that is only a method's call has none, its method taking no parameter.)
    pub fn alarm(&self) -> bool {
        let over = self.over();
        over
    }

    fn over(&self) -> bool {
        if self.reading > 1_000_000 {
            return true;
        }
        false
    }
}

/// A method called on `self` (`self.over(…)`) is followed with the caller's parts of `self`:
/// its decision on `self.reading` is a constraint on the constructor's argument.
#[test]
fn a_method_called_on_self_reads_the_fields_of_the_value_under_test() {
    let subject = __symtest_subject_Gauge();
    let position = (subject.meta.decisions.iter())
        .position(|decision| decision.text == "self.reading > 1_000_000")
        .expect("over's decision is in the table");
    let over = Branch {
        decision: position as u32,
        outcome: 0,
    };
    let start = Value::List(vec![
        Value::List(vec![Value::Int(0), Value::List(vec![Value::Int(5)])]),
        Value::List(vec![Value::List(vec![Value::Int(0), Value::List(vec![])])]),
    ]);
    let mut rng = Rng::seed_from_u64(1);
    let input = one_step_to(&subject, &start, over, &mut rng);
    assert_ne!(input, start);
}

/// A build whose nightly constructor takes one number only, through arithmetic: no literal of
/// its body is the number, so the pool's constants do not offer it.
#[derive(Debug)]
pub struct Build {
    number: u32,
    nightly: bool,
}

#[symtest]
impl Build {
    pub fn new(number: u32) -> Build {
        Build {
            number,
            nightly: false,
        }
    }

    pub fn nightly(number: u32) -> Option<Build> {
        if number.wrapping_mul(7) != 32_977 {
            return None;
        }
        Some(Build {
            number,
            nightly: true,
        })
    }

    /// Delegates: `nightly`'s check is on the path of what it makes.
    pub fn from_code(code: u32) -> Option<Build> {
        Build::nightly(code)
    }

    pub fn is_nightly(&self) -> bool {
        self.nightly
    }

    pub fn number(&self) -> u32 {
        self.number
    }
}

/// Branches on what only one path of one constructor makes, through a method: no negation of
/// its own path leads there.
#[symtest]
pub fn channel(build: &Build) -> &'static str {
    if build.is_nightly() {
        return "nightly";
    }
    "stable"
}

/// `channel`'s input with its build made by constructor `choice` (0 `new`, 1 `nightly`, 2
/// `from_code`) of `number`.
fn build_input(choice: u128, number: u128) -> Value {
    let args = Value::List(vec![Value::Int(number)]);
    Value::List(vec![Value::List(vec![
        Value::Int(choice),
        args.clone(),
        args.clone(),
        args,
    ])])
}

/// The constructor that made an argument records its own path, apart from the execution's:
/// `nightly(5)` took its check's `true` outcome and made nothing, and negating that check gives
/// the number it accepts.
#[test]
fn a_constructor_making_an_argument_records_its_path_apart() {
    let subject = __symtest_subject_channel();
    let start = build_input(1, 5);
    let run = execute(&subject, &start, 100_000);
    let [made] = &run.made[..] else {
        panic!("one argument made: {:?}", run.made);
    };
    assert_eq!(made.at, [0]);
    assert_eq!(made.constructor.map(|c| c.name), Some("Build::nightly"));
    assert!(!made.made);
    let [check] = &made.path[..] else {
        panic!("nightly's one check: {:?}", made.path);
    };
    assert_eq!(check.taken, 0);
    let negations = dse::negations(&made.path, |_| Some(dse::Occurrence::First));
    let mut rng = Rng::seed_from_u64(3);
    let input = stepping::solve_negation(&subject, &start, &run, &negations[0], &mut rng)
        .expect("the check is solved");
    let rerun = execute(&subject, &input, 100_000);
    assert!(rerun.made[0].made, "{input:?} makes a nightly build");
    assert!(rerun.trace.covered().count() > run.trace.covered().count());
    // Nothing of the constructor is on the execution's own path.
    assert!(run.path.iter().all(|entry| {
        let decision = &subject.meta.decisions[entry.decision as usize];
        decision.text != "number.wrapping_mul(7) != 32_977"
    }));
    // A constructor that delegates: the path holds the check of the function it called.
    let run = execute(&subject, &build_input(2, 5), 100_000);
    let made = &run.made[0];
    assert_eq!(made.constructor.map(|c| c.name), Some("Build::from_code"));
    let names: Vec<&str> = made.functions.iter().map(|f| f.name).collect();
    assert_eq!(names, ["Build::nightly"]);
    assert_eq!(made.path.len(), 1, "{:?}", made.path);
    assert!(made.path[0].taken_constraint().is_some(), "{:?}", made.path);
}

/// Where the target reads what only a constructor's path makes, DSE explores the constructors
/// of the argument and the search learns what they made: `channel`'s nightly branch within a
/// budget random inputs do not find it in.
#[test]
fn dse_explores_the_constructors_of_arguments_a_target_reads() {
    use std::time::Duration;
    use symtest_runtime::search::driver::{SearchConfig, search};
    let subject = __symtest_subject_channel();
    let nightly = Branch {
        decision: 0,
        outcome: 0,
    };
    assert_eq!(subject.meta.decisions[0].text, "build.is_nightly()");
    for seed in 1..=3 {
        let config = SearchConfig {
            seed,
            evaluations_per_target: 2_000,
            time_per_target: Duration::from_secs(60),
            ..SearchConfig::default()
        };
        let report = search(&subject, &config, &mut |_| {});
        assert!(report.archive.covers(nightly), "seed {seed}");
    }
}
