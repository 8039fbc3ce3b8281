//! Concolic execution of the real instrumented examples: the path conditions the shadows
//! give, checked against the concrete runs, and one DSE step on them.

use rand::SeedableRng;
use symtest_instrumented::{calendar, dse, floats, stubborn, triangle};
use symtest_runtime::genes::Value;
use symtest_runtime::genes::random::Rng;
use symtest_runtime::genes::random::random_value;
use symtest_runtime::record::concolic;
use symtest_runtime::record::subject::Subject;
use symtest_runtime::record::trace::Branch;
use symtest_runtime::shadow::{dse as steps, execute, solve};

mod stepping;
use stepping::{one_step_to, solve_negation};

/// Subjects whose every decision uses only operations the shadows model.
fn modelled() -> Vec<Subject> {
    vec![
        triangle::__symtest_subject_classify(),
        calendar::__symtest_subject_is_leap(),
        stubborn::__symtest_subject_aligned(),
        stubborn::__symtest_subject_is_right_angled(),
        dse::__symtest_subject_unlock(),
        dse::__symtest_subject_accept(),
        dse::__symtest_subject_command(),
        dse::__symtest_subject_route(),
        dse::__symtest_subject_major(),
        floats::__symtest_subject_classify(),
        floats::__symtest_subject_cbrt_regime(),
        floats::__symtest_subject_unbox(),
    ]
}

/// On random inputs, every branch these subjects take has a known, complete constraint over
/// the inputs that holds on the input: the shadows agree with the concrete execution.
#[test]
fn shadows_of_modelled_code_agree_with_every_concrete_run() {
    let mut rng = Rng::seed_from_u64(7);
    for subject in modelled() {
        for _ in 0..300 {
            let value = random_value(&subject.shape, &mut rng);
            let run = execute(&subject, &value, 100_000);
            assert!(!run.path.is_empty() || subject.meta.decisions.is_empty());
            for entry in &run.path {
                let taken = entry.taken_constraint();
                assert!(
                    taken.is_some_and(|c| c.complete()),
                    "{}: decision {} on {:?} has no complete constraint: {entry:?}",
                    subject.meta.name,
                    entry.decision,
                    run.inputs.env
                );
            }
        }
    }
}

/// A branch no search found in 20,000 evaluations (a multiplicative hash must hit a magic
/// value) is one DSE step away: negate, solve, execute.
#[test]
fn one_dse_step_reaches_a_magic_value_behind_wrapping_arithmetic() {
    let subject = dse::__symtest_subject_unlock();
    let start = Value::List(vec![Value::Int(12_345)]);
    let run = execute(&subject, &start, 100_000);
    let granted = Branch {
        decision: 0,
        outcome: 0,
    };
    let negations = steps::negations(&run.path, |branch| {
        (branch == granted).then_some(steps::Occurrence::First)
    });
    let negation = negations.first().expect("the magic branch can be negated");
    let mut rng = Rng::seed_from_u64(1);
    let input = solve_negation(&subject, &start, &run, negation, &mut rng)
        .expect("wrapping multiplication by an odd constant is inverted exactly");
    let rerun = execute(&subject, &input, 100_000);
    assert!(rerun.trace.covers(granted), "{input:?} does not unlock");
}

/// Keyword, prefix and suffix conditions solve to strings that take the branch.
#[test]
fn one_dse_step_solves_string_conditions() {
    let subject = dse::__symtest_subject_command();
    let text = |s: &str| {
        Value::List(vec![Value::List(
            s.chars().map(|c| Value::Int(u128::from(c))).collect(),
        )])
    };
    let start = text("GET /x");
    let run = execute(&subject, &start, 100_000);
    let mut rng = Rng::seed_from_u64(1);
    let negations = steps::negations(&run.path, |_| Some(steps::Occurrence::First));
    assert_eq!(negations.len(), 3, "QUIT, not GET, and the HTTP/1.1 suffix");
    for negation in negations {
        let input = solve_negation(&subject, &start, &run, &negation, &mut rng)
            .unwrap_or_else(|| panic!("{:?} is solvable", negation.branch));
        let rerun = execute(&subject, &input, 100_000);
        assert!(rerun.trace.covers(negation.branch), "{input:?}");
    }
}

#[symtest_runtime::symtest]
fn count_up(n: u32) -> u32 {
    let mut i = 0;
    while i < n {
        i += 1;
    }
    if i > 70_000 { 1 } else { 0 }
}

/// A local updated on every iteration of a long loop must not grow a shadow as deep as the
/// loop is long (checking it would take quadratic time and overflow the stack), and the path
/// of a long execution keeps each decision's first occurrences and its last: the loop's exit
/// and the decision after the loop are on it, in order.
#[test]
fn shadows_of_long_loops_stay_bounded() {
    let subject = __symtest_subject_count_up();
    let run = execute(&subject, &Value::List(vec![Value::Int(20_000)]), u64::MAX);
    use symtest_runtime::record::concolic::{MAX_HEIGHT, MAX_PER_SITE};
    let decisions: Vec<(u32, u32)> = run.path.iter().map(|e| (e.decision, e.taken)).collect();
    let mut expected = vec![(0, 0); MAX_PER_SITE as usize];
    expected.extend([(0, 1), (1, 1)]);
    assert_eq!(
        decisions, expected,
        "first occurrences, the loop's exit, what follows"
    );
    for entry in &run.path {
        assert!(entry.consistent, "{entry:?}");
        let condition = entry.taken_constraint().expect("known");
        assert!(condition.height() <= MAX_HEIGHT + 2);
    }
}

#[symtest_runtime::symtest]
fn updated_behind_statements(x: u8, flag: bool, s: String) -> u8 {
    let mut y = x;
    if flag {
        y = 7
    }
    let mut t = s.clone();
    if flag {
        t.clear();
    }
    if y == 7 && t.is_empty() { 1 } else { 0 }
}

/// A block's tail assignment is seen, and a local a method may mutate is not shadowed: the
/// constraints of `y == 7` and `t.is_empty()` must not claim they depend on `x` and `s`
/// when `flag` replaced both.
#[test]
fn updates_the_hooks_cannot_see_leave_no_stale_shadow() {
    let subject = __symtest_subject_updated_behind_statements();
    let text = |s: &str| Value::List(s.chars().map(|c| Value::Int(u128::from(c))).collect());
    let value = Value::List(vec![Value::Int(7), Value::Int(1), text("abc")]);
    let run = execute(&subject, &value, 100_000);
    let decision = |text: &str| {
        subject
            .meta
            .decisions
            .iter()
            .position(|d| d.text == text)
            .expect("decision exists") as u32
    };
    for text in ["y == 7", "t.is_empty()"] {
        let entry = run
            .path
            .iter()
            .find(|entry| entry.decision == decision(text))
            .unwrap_or_else(|| panic!("`{text}` did not run: {:?}", run.path));
        let symbolic = entry.taken_constraint().is_some_and(|c| c.symbolic());
        assert!(
            !symbolic,
            "`{text}` claims to depend on the inputs: {entry:?}"
        );
    }
}

#[symtest_runtime::symtest]
fn overlapping_arms(x: u8) -> u8 {
    match x {
        1..=9 => 1,
        5..=20 => 2,
        _ => 3,
    }
}

/// An arm is reached only if no earlier arm matches: solving for the second arm gives a value
/// the first does not take.
#[test]
fn arm_constraints_exclude_the_earlier_arms() {
    let subject = __symtest_subject_overlapping_arms();
    let run = execute(&subject, &Value::List(vec![Value::Int(0)]), 100_000);
    let second = Branch {
        decision: 0,
        outcome: 1,
    };
    let negations = steps::negations(&run.path, |branch| {
        (branch == second).then_some(steps::Occurrence::First)
    });
    let negation = negations.first().expect("the second arm can be negated to");
    for seed in 0..20 {
        let mut rng = Rng::seed_from_u64(seed);
        let solution = solve::solve(
            &run.inputs.vars,
            &negation.constraints,
            &run.inputs.env,
            &solve::SolveConfig::default(),
            &mut rng,
        )
        .expect("10..=20 satisfies it");
        let input = concolic::encode(
            &subject.shape,
            &Value::List(vec![Value::Int(0)]),
            &run.inputs.paths,
            &solution,
        );
        assert!(
            execute(&subject, &input, 100_000).trace.covers(second),
            "{solution:?}"
        );
    }
}

/// Branches on the bit fields of a float are one DSE step from any input that reaches their
/// decision: the solver inverts the comparison, the masks and shifts, the narrowing cast and
/// `to_bits` itself, keeping the bits the code does not look at.
#[test]
fn dse_steps_invert_to_bits_shifts_and_masks() {
    let cases: [(Subject, f64, &[&str]); 2] = [
        // cbrt's subnormal regime from 1.0: `hx < 0x0010_0000` on the masked high word.
        (
            floats::__symtest_subject_cbrt_regime(),
            1.0,
            &["hx < 0x0010_0000"],
        ),
        // From a plain quiet NaN, the tag in the high word, then the payload in the low one.
        (
            floats::__symtest_subject_unbox(),
            f64::NAN,
            &["tag == 5", "payload == 0xdead_beef"],
        ),
    ];
    for (subject, start, steps_to_take) in cases {
        let mut input = Value::List(vec![Value::Float(start)]);
        for text in steps_to_take {
            let decision = subject
                .meta
                .decisions
                .iter()
                .position(|d| d.text == *text)
                .unwrap_or_else(|| panic!("no decision `{text}`"))
                as u32;
            let target = Branch {
                decision,
                outcome: 0,
            };
            let run = execute(&subject, &input, 100_000);
            assert!(!run.trace.covers(target), "`{text}` taken from the start");
            let negations = steps::negations(&run.path, |branch| {
                (branch == target).then_some(steps::Occurrence::First)
            });
            let negation = negations.first().expect("the branch can be negated");
            let mut rng = Rng::seed_from_u64(1);
            input = solve_negation(&subject, &input, &run, negation, &mut rng)
                .unwrap_or_else(|| panic!("`{text}`: no solution from {:?}", run.inputs.env));
            let rerun = execute(&subject, &input, 100_000);
            assert!(
                rerun.trace.covers(target),
                "`{text}` not reached: {input:?}"
            );
        }
    }
}

/// A badge whose check digit is a hash of its id.
#[symtest_runtime::symtest]
#[derive(Clone, Debug, PartialEq)]
pub struct Badge {
    pub holder: String,
    pub id: u32,
    pub check: u32,
}

#[symtest_runtime::symtest]
fn admitted(badge: &Badge, gate: (u8, u16)) -> bool {
    if badge.id.wrapping_mul(2_654_435_761) ^ 0x5bd1_e995 != badge.check {
        return false;
    }
    if gate.1 == u16::from(gate.0) * 300 + 7 {
        return true;
    }
    false
}

/// Fields of parameters, of a struct marked `#[symtest]` by name and of a tuple by position,
/// are input variables: a hash relating two fields, and then two items of a tuple, are one DSE
/// step each.
#[test]
fn fields_of_parameters_are_input_variables_dse_solves_for() {
    let subject = __symtest_subject_admitted();
    let badge = Value::List(vec![Value::List(vec![]), Value::Int(1), Value::Int(2)]);
    let mut input = Value::List(vec![badge, Value::List(vec![Value::Int(3), Value::Int(4)])]);
    let mut rng = Rng::seed_from_u64(1);
    for (decision, outcome) in [(0, 1), (1, 0)] {
        input = one_step_to(&subject, &input, Branch { decision, outcome }, &mut rng);
    }
}

#[symtest_runtime::symtest]
#[derive(Clone, Debug, PartialEq)]
pub enum Signal {
    Off,
    Level { volts: u32, amps: u32 },
    Code(u16, u32),
}

#[symtest_runtime::symtest]
fn decoded(signal: &Signal) -> u8 {
    match *signal {
        Signal::Level { volts, amps } if volts.wrapping_mul(31) == amps ^ 0xdead_beef => 1,
        Signal::Code(_, word) if word.wrapping_mul(0x9e37_79b1) == 0x1234_5678 => 2,
        _ => 0,
    }
}

/// The id of `subject`'s decision whose text contains `text`.
fn decision_named(subject: &Subject, text: &str) -> u32 {
    let found = subject
        .meta
        .decisions
        .iter()
        .position(|d| d.text.contains(text));
    found.unwrap_or_else(|| panic!("no decision {text}")) as u32
}

/// The genes of a `Signal` of variant `tag`: the tag, then each variant's fields (`Off`,
/// `Level { volts: 1, amps: 2 }`, `Code(3, 4)`).
fn signal(tag: u128) -> Value {
    Value::List(vec![
        Value::Int(tag),
        Value::List(vec![]),
        Value::List(vec![Value::Int(1), Value::Int(2)]),
        Value::List(vec![Value::Int(3), Value::Int(4)]),
    ])
}

/// The fields a `match` arm binds of an enum parameter's variant are input variables: each
/// hash in a guard is one DSE step from an input of that variant.
#[test]
fn fields_bound_by_a_variants_pattern_are_input_variables() {
    let subject = __symtest_subject_decoded();
    let mut rng = Rng::seed_from_u64(1);
    for (tag, guard) in [(1, 1), (2, 2)] {
        let start = Value::List(vec![signal(tag)]);
        let wanted = Branch {
            decision: guard,
            outcome: 0,
        };
        one_step_to(&subject, &start, wanted, &mut rng);
    }
}

#[symtest_runtime::symtest]
fn unwrapped(signal: Signal, code: Option<u32>) -> u8 {
    if let Signal::Level { volts, .. } = signal
        && volts.wrapping_mul(31) == 0xdead_beef
    {
        return 1;
    }
    let Some(value) = code else {
        return 0;
    };
    if value.wrapping_mul(0x9e37_79b1) == 0x1234_5678 {
        return 2;
    }
    3
}

/// So are the fields `if let` and `let … else` bind of a parameter: an enum variant's, and
/// the payload of an `Option`.
#[test]
fn fields_bound_by_if_let_and_let_else_are_input_variables() {
    let subject = __symtest_subject_unwrapped();
    let decision = |text: &str| decision_named(&subject, text);
    let start = Value::List(vec![
        signal(1),
        Value::List(vec![Value::Int(1), Value::Int(5)]),
    ]);
    let mut rng = Rng::seed_from_u64(1);
    for text in ["volts.wrapping_mul", "value.wrapping_mul"] {
        let wanted = Branch {
            decision: decision(text),
            outcome: 0,
        };
        one_step_to(&subject, &start, wanted, &mut rng);
    }
}

/// Which variant an enum parameter is, is an input variable too (its tag): the arm of another
/// variant, in a `match` or an `if let`, is one DSE step away, however many variants there are.
#[test]
fn the_variant_of_an_enum_parameter_is_a_choice_dse_makes() {
    let mut rng = Rng::seed_from_u64(1);
    let decoded = __symtest_subject_decoded();
    for arm in [0, 1] {
        let wanted = Branch {
            decision: 0,
            outcome: arm,
        };
        let input = one_step_to(&decoded, &Value::List(vec![signal(0)]), wanted, &mut rng);
        assert_eq!(
            input.item(0).item(0),
            &Value::Int(u128::from(arm) + 1),
            "arm {arm} is variant {}",
            arm + 1
        );
    }
    let unwrapped = __symtest_subject_unwrapped();
    let start = Value::List(vec![
        signal(0),
        Value::List(vec![Value::Int(0), Value::Int(5)]),
    ]);
    let matched = Branch {
        decision: 0,
        outcome: 0,
    };
    one_step_to(&unwrapped, &start, matched, &mut rng);
}

#[symtest_runtime::symtest]
fn paired(first: Signal, second: Signal, limit: u32) -> u8 {
    match (first, second) {
        (Signal::Off, Signal::Code(_, word)) if word == limit.wrapping_mul(3) => 1,
        (Signal::Level { .. }, Signal::Off) => 2,
        (.., Signal::Level { volts, .. }) if volts == limit.wrapping_add(7) => 3,
        _ => 0,
    }
}

/// A tuple of enum parameters (`match (first, second)`, which moves them) is matched element
/// by element: each arm's variants are one DSE step away, and so is a guard over the fields
/// the arm binds once its variants are taken.
#[test]
fn the_variants_of_a_tuple_of_parameters_are_choices_dse_makes() {
    let subject = __symtest_subject_paired();
    let start = Value::List(vec![signal(2), signal(2), Value::Int(10)]);
    let mut rng = Rng::seed_from_u64(1);
    let arm = |outcome| Branch {
        decision: 0,
        outcome,
    };
    let second = one_step_to(&subject, &start, arm(1), &mut rng);
    assert_eq!(
        (second.item(0).item(0), second.item(1).item(0)),
        (&Value::Int(1), &Value::Int(0))
    );
    let first = one_step_to(&subject, &start, arm(0), &mut rng);
    let guard = |text: &str| decision_named(&subject, text);
    let wanted = Branch {
        decision: guard("word =="),
        outcome: 0,
    };
    one_step_to(&subject, &first, wanted, &mut rng);
    let level = one_step_to(&subject, &start, arm(2), &mut rng);
    let wanted = Branch {
        decision: guard("volts =="),
        outcome: 0,
    };
    one_step_to(&subject, &level, wanted, &mut rng);
}

#[symtest_runtime::symtest]
fn tuned(signal: Signal, code: u16) -> u8 {
    match signal {
        Signal::Code(7_411, 0x00c0_ffee) => return 1,
        Signal::Level {
            volts: 90_001..=90_009,
            amps: 3,
        } => return 2,
        Signal::Code(_, 12) | Signal::Off => return 3,
        _ => {}
    }
    if let Signal::Code(0x0bad, _) = signal
        && code == 4
    {
        return 4;
    }
    0
}

/// A variant's pattern that tests its fields' values (`Code(7_411, 0x00c0_ffee)`, `Level {
/// volts: 90_001..=90_009, .. }`) is a condition on the tag and on those fields' genes
/// together: one DSE step reaches it from any variant, in a `match` and in an `if let`.
#[test]
fn field_values_in_a_variants_pattern_are_solved_with_its_tag() {
    let subject = __symtest_subject_tuned();
    let mut rng = Rng::seed_from_u64(1);
    let arm = |outcome| Branch {
        decision: 0,
        outcome,
    };
    for tag in 0..3 {
        let start = Value::List(vec![signal(tag), Value::Int(4)]);
        let code = one_step_to(&subject, &start, arm(0), &mut rng);
        assert_eq!(
            code.item(0).item(3),
            &Value::List(vec![Value::Int(7_411), Value::Int(0x00c0_ffee)])
        );
        let level = one_step_to(&subject, &start, arm(1), &mut rng);
        let volts = level.item(0).item(2).item(0).as_int();
        assert!((90_001..=90_009).contains(&volts), "{level:?}");
    }
    let start = Value::List(vec![signal(2), Value::Int(4)]);
    let wanted = Branch {
        decision: decision_named(&subject, "0x0bad"),
        outcome: 0,
    };
    one_step_to(&subject, &start, wanted, &mut rng);
}

#[symtest_runtime::symtest]
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    pub low: u16,
    pub high: u32,
}

#[symtest_runtime::symtest]
#[derive(Clone, Debug, PartialEq)]
pub struct Sensor {
    pub id: u8,
    pub limits: Limits,
    pub pair: (i8, u32),
}

#[symtest_runtime::symtest]
fn alarm(sensor: &Sensor) -> u8 {
    if sensor.limits.high.wrapping_mul(7) == 3_000_000_017 {
        return 1;
    }
    if sensor.pair.1 == u32::from(sensor.limits.low) + 99_999 {
        return 2;
    }
    0
}

#[symtest_runtime::symtest]
#[allow(clippy::boxed_local)] // The box is what the test is about.
fn boxed_alarm(pair: (u8, Limits), boxed: Box<Sensor>) -> u8 {
    if pair.1.high == 77_777_777 {
        return 1;
    }
    if boxed.limits.low == 4_321 {
        return 2;
    }
    0
}

/// Fields of fields of a parameter (`sensor.limits.high`, `sensor.pair.1`, through a tuple
/// `pair.1.high` and a box `boxed.limits.low`) are input variables too: each condition is one
/// DSE step.
#[test]
fn fields_of_fields_of_parameters_are_input_variables() {
    let subject = __symtest_subject_alarm();
    let limits = Value::List(vec![Value::Int(1), Value::Int(2)]);
    let pair = Value::List(vec![Value::Int(3), Value::Int(4)]);
    let sensor = Value::List(vec![Value::Int(0), limits, pair]);
    let start = Value::List(vec![sensor]);
    let mut rng = Rng::seed_from_u64(1);
    for text in ["sensor.limits.high", "sensor.pair.1"] {
        let wanted = Branch {
            decision: decision_named(&subject, text),
            outcome: 0,
        };
        one_step_to(&subject, &start, wanted, &mut rng);
    }
    let subject = __symtest_subject_boxed_alarm();
    let limits = Value::List(vec![Value::Int(5), Value::Int(6)]);
    let pair = Value::List(vec![Value::Int(7), limits.clone()]);
    let sensor = Value::List(vec![
        Value::Int(0),
        limits,
        Value::List(vec![Value::Int(3), Value::Int(4)]),
    ]);
    let start = Value::List(vec![pair, sensor]);
    for text in ["pair.1.high", "boxed.limits.low"] {
        let wanted = Branch {
            decision: decision_named(&subject, text),
            outcome: 0,
        };
        one_step_to(&subject, &start, wanted, &mut rng);
    }
}

#[symtest_runtime::symtest]
fn request(line: &str) -> u8 {
    if let Some(rest) = line.strip_prefix("GET ") {
        if rest.trim() == "/index" { 2 } else { 1 }
    } else {
        0
    }
}

/// `strip_prefix` in an `if let` is a prefix condition, and what it leaves is a string the
/// conditions after it read (trimmed here): each is one DSE step away, the second with the
/// prefix kept.
#[test]
fn one_dse_step_goes_through_strip_prefix_and_trim() {
    let subject = __symtest_subject_request();
    let text = |s: &str| {
        Value::List(vec![Value::List(
            s.chars().map(|c| Value::Int(u128::from(c))).collect(),
        )])
    };
    let mut rng = Rng::seed_from_u64(1);
    let stripped = Branch {
        decision: 0,
        outcome: 0,
    };
    let input = one_step_to(&subject, &text("PUT /x"), stripped, &mut rng);
    let run = execute(&subject, &input, 100_000);
    for entry in &run.path {
        assert!(
            entry.taken_constraint().is_some_and(|c| c.complete()),
            "{entry:?}"
        );
    }
    let index = Branch {
        decision: 1,
        outcome: 0,
    };
    one_step_to(&subject, &input, index, &mut rng);
}

/// `Version::parse` of `examples/releases` in small: a `match` on `split_once` whose arms'
/// values a tuple `let` binds, `split_once` again through `ok_or` and `?`, and integers parsed
/// into the type later code gives them (`major`) or the turbofish names (`minor`).
#[symtest_runtime::symtest]
fn version(text: &str) -> Result<u32, u8> {
    let (core, label) = match text.split_once('-') {
        Some((core, label)) => (core, Some(label)),
        None => (text, None),
    };
    let (major, minor) = core.split_once('.').ok_or(1u8)?;
    let major = major.parse().map_err(|_| 2u8)?;
    let minor = minor.parse::<u8>().map_err(|_| 3u8)?;
    if major == 12 && minor == 7 {
        return match label {
            Some("rc") => Ok(2),
            _ => Ok(1),
        };
    }
    Ok(major)
}

/// Each condition of `version` is one DSE step from an input that misses it: the dot
/// `split_once` needs, the numbers `parse` must give, the label after the `-`. On the way, every
/// condition the path takes is known and complete.
#[test]
fn one_dse_step_goes_through_split_once_and_parse() {
    let subject = __symtest_subject_version();
    let text = |s: &str| {
        Value::List(vec![Value::List(
            s.chars().map(|c| Value::Int(u128::from(c))).collect(),
        )])
    };
    let mut rng = Rng::seed_from_u64(1);
    let branch = |text: &str, outcome| Branch {
        decision: decision_named(&subject, text),
        outcome,
    };
    let dotted = one_step_to(&subject, &text("x"), branch("ok_or(1u8)", 0), &mut rng);
    let major = one_step_to(&subject, &dotted, branch("major.parse", 0), &mut rng);
    let numbers = match execute(&subject, &major, 100_000)
        .trace
        .covers(branch("minor.parse", 0))
    {
        true => major,
        false => one_step_to(&subject, &major, branch("minor.parse", 0), &mut rng),
    };
    let twelve = one_step_to(&subject, &numbers, branch("major == 12", 0), &mut rng);
    one_step_to(&subject, &twelve, branch("minor == 7", 0), &mut rng);
    // With a label, `Some(label)` is what the `match` arm gave: the text after the `-`.
    let labelled = text("12.7-rx");
    let run = execute(&subject, &labelled, 100_000);
    for entry in &run.path {
        assert!(
            entry.taken_constraint().is_some_and(|c| c.complete()),
            "{entry:?}"
        );
    }
    one_step_to(&subject, &labelled, branch("label", 0), &mut rng);
}

#[symtest_runtime::symtest]
fn digit_or(c: char, allow: bool) -> u32 {
    match c.to_digit(10) {
        Some(d) => d,
        None if allow => 10,
        None => 0,
    }
}

/// An arm whose guard fails is recorded as an attempt, and the match's next record (the last
/// arm) can still be negated towards `Some(d)`: "the guarded `None` matched" is no part of its
/// prefix.
#[test]
fn a_failed_guard_marks_its_arm_an_attempt() {
    let subject = __symtest_subject_digit_or();
    let start = Value::List(vec![Value::Int(u128::from('a')), Value::Int(0)]);
    let run = execute(&subject, &start, 100_000);
    let records: Vec<(u32, bool)> = run
        .path
        .iter()
        .filter(|entry| entry.decision == 0)
        .map(|entry| (entry.taken, entry.attempt))
        .collect();
    assert_eq!(records, vec![(1, true), (2, false)], "{:?}", run.path);
    let negations = steps::negations(&run.path, |_| Some(steps::Occurrence::Last));
    let some = negations
        .iter()
        .find(|n| n.branch.decision == 0 && n.branch.outcome == 0)
        .expect("a negation towards Some(d)");
    assert!(
        some.constraints
            .iter()
            .all(|c| !format!("{:?}", c.expr).contains("IsNone")),
        "{some:?}"
    );
    let mut rng = Rng::seed_from_u64(4);
    let wanted = Branch {
        decision: 0,
        outcome: 0,
    };
    one_step_to(&subject, &start, wanted, &mut rng);
}
