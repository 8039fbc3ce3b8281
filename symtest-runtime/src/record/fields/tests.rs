use std::collections::{BTreeMap, HashSet};

use super::debug::{Leaf, fields};
use super::*;

#[derive(Debug)]
#[allow(dead_code)]
enum Mode {
    Off,
    Heating { target: i32 },
    Cooling(u8, bool),
}

#[derive(Debug)]
#[allow(dead_code)]
struct Thermostat {
    mode: Mode,
    history: Vec<i64>,
    label: String,
    limits: (f64, Option<u16>),
    seen: BTreeMap<char, usize>,
    tags: HashSet<&'static str>,
}

fn read(value: &impl std::fmt::Debug) -> Vec<(String, Leaf)> {
    fields(&format!("{value:?}"))
}

fn labels(value: &impl std::fmt::Debug) -> Vec<String> {
    read(value)
        .into_iter()
        .map(|(field, leaf)| {
            Pair {
                field,
                class: Class::of(&leaf),
            }
            .label()
        })
        .collect()
}

#[test]
fn derived_debug_reads_as_fields_with_their_classes() {
    let value = Thermostat {
        mode: Mode::Heating { target: -3 },
        history: vec![0, 1, 250],
        label: "a\"\u{200b}".to_string(),
        limits: (-0.5, None),
        seen: BTreeMap::from([('x', 1)]),
        tags: HashSet::from(["t"]),
    };
    let expected = [
        "self: Thermostat",
        "mode: Heating",
        "mode.target: -small",
        "history[]: 0",
        "history[]: 1",
        "history[]: large",
        "history: len 3",
        "label: len 3",
        "limits.0: < 0.0",
        "limits.1: None",
        "seen[v]: 1",
        "seen: len 1",
        "tags[]: len 1",
        "tags: len 1",
    ];
    // Fields are printed in order; items before their collection's length.
    assert_eq!(labels(&value), expected);
}

#[test]
fn tuple_variants_and_pretty_printing_read_the_same() {
    let value = Mode::Cooling(12, true);
    assert_eq!(labels(&value), ["self: Cooling", "0: large", "1: true"]);
    let pretty = fields(&format!("{:#?}", vec![Some(Mode::Off)]));
    assert_eq!(pretty, read(&vec![Some(Mode::Off)]));
    assert_eq!(labels(&Mode::Off), ["self: Off"]);
}

#[test]
fn parts_that_are_not_derived_debug_are_skipped() {
    // A hand-written Debug in the middle of a struct.
    let read = fields("Wrapper { a: true, b: <opaque>, c: 1 }");
    let expected = [
        ("", Leaf::Variant("Wrapper".into())),
        ("a", Leaf::Bool(true)),
        ("c", Leaf::Int(1)),
    ];
    assert_eq!(read, expected.map(|(f, l)| (f.to_string(), l)));
    assert!(fields("").is_empty());
    // A range is no value; neither is a token that only starts like a name.
    assert!(fields("0..5").is_empty());
    let read = fields("S { id: a7e55044-10b1-426f, r: 3..=9, n: 2 }");
    assert_eq!(read[1..], [("n".to_string(), Leaf::Int(2))]);
}

#[derive(Debug)]
#[allow(dead_code)]
struct Timer {
    every: std::time::Duration,
    laps: Vec<std::time::Duration>,
    cell: std::cell::RefCell<u8>,
    marker: std::marker::PhantomData<u32>,
    big: u128,
}

#[test]
fn std_types_that_print_units_or_generics_read_as_values() {
    let cell = std::cell::RefCell::new(4);
    let timer = Timer {
        every: std::time::Duration::from_micros(1_500),
        laps: vec![std::time::Duration::from_secs(2)],
        cell,
        marker: std::marker::PhantomData,
        big: u128::MAX,
    };
    let borrowed = timer.cell.borrow_mut();
    let read = fields(&format!("{timer:?}"));
    drop(borrowed);
    let expected = [
        ("", Leaf::Variant("Timer".into())),
        ("every", Leaf::Float(1.5)),
        ("laps[]", Leaf::Float(2.0)),
        ("laps", Leaf::Len(1)),
        // `RefCell { value: <borrowed> }`: its name, and no value.
        ("cell", Leaf::Variant("RefCell".into())),
        ("marker", Leaf::Variant("PhantomData".into())),
        ("big", Leaf::Int(i128::MAX)),
    ];
    assert_eq!(read, expected.map(|(f, l)| (f.to_string(), l)));
}

#[test]
fn floats_and_special_values_read_as_floats() {
    let read = fields("(1.5, -inf, NaN, 1e300, -0.0)");
    let classes: Vec<Class> = read.iter().map(|(_, leaf)| Class::of(leaf)).collect();
    use FloatClass::*;
    assert_eq!(
        classes,
        [Positive, Negative, NaN, Positive, Zero].map(Class::Float)
    );
}

#[test]
fn deep_and_long_values_are_read_up_to_a_bound() {
    let long: Vec<u8> = (0..100).collect();
    let read = fields(&format!("{long:?}"));
    // Sixteen items, one more for the class (large) of the 84 after them, then the length of
    // all of them.
    assert_eq!(read.len(), 18);
    assert_eq!(read.last(), Some(&("".to_string(), Leaf::Len(100))));
    // Past the first sixteen items, classes new to the collection still count, so a hash
    // collection covers the same classes in any order.
    let mut late = vec![1u8; 40];
    late[30] = 0;
    let read = fields(&format!("{late:?}"));
    assert!(read.contains(&("[]".to_string(), Leaf::Int(0))));
    assert_eq!(read.len(), 16 + 2 + 1);
    let deep = fields("[[[[[[[[[1]]]]]]]]]");
    assert!(
        deep.iter()
            .all(|(field, _)| field.matches("[]").count() <= 6)
    );
}

#[test]
fn classes_measure_the_distance_to_them() {
    let int = |class| Class::Int(class);
    assert_eq!(int(IntClass::Large).distance(&Leaf::Int(7)), Some(3.0));
    assert_eq!(int(IntClass::Small).distance(&Leaf::Int(5)), Some(0.0));
    assert_eq!(int(IntClass::NegSmall).distance(&Leaf::Int(0)), Some(2.0));
    assert_eq!(Class::Len(4).distance(&Leaf::Len(9)), Some(0.0));
    assert_eq!(Class::Len(2).distance(&Leaf::Len(5)), Some(3.0));
    assert_eq!(Class::Bool(true).distance(&Leaf::Bool(false)), Some(1.0));
    assert_eq!(Class::Bool(true).distance(&Leaf::Int(1)), None);
    let positive = Class::Float(FloatClass::Positive);
    assert_eq!(positive.distance(&Leaf::Float(0.0)), Some(1.0));
    assert_eq!(positive.distance(&Leaf::Float(1e-9)), Some(0.0));
}

fn log_of(states: &[&str]) -> FieldLog {
    let mut log = FieldLog::default();
    for state in states {
        log.observe(state);
    }
    log
}

#[test]
fn fitness_is_the_nearest_state_to_the_class() {
    let goal = Pair {
        field: "len".into(),
        class: Class::Int(IntClass::Large),
    };
    let log = log_of(&["S { len: 2 }", "S { len: 8 }", "S { len: 3 }"]);
    assert_eq!(fitness(&log, &goal), Fitness::new(normalize(2.0), 2.0));
    let log = log_of(&["S { len: 2 }", "S { len: 10 }"]);
    assert_eq!(fitness(&log, &goal), Fitness::COVERED);
    assert!(log.covers(goal.branch()));
    // Never there: worse than any value of the field.
    let absent = log_of(&["S { other: 1 }"]);
    assert!(fitness(&absent, &goal) > fitness(&log_of(&["S { len: -99 }"]), &goal));
}

#[test]
fn the_domain_makes_targets_of_the_classes_fields_could_take() {
    let mut domain = Domain::default();
    domain.learn(&log_of(&["S { on: true, n: 3, head: Some(Off) }"]));
    let goals: Vec<String> = domain.goals().iter().map(Pair::label).collect();
    let expected = [
        "self: S",
        "head: None",
        "head: Some",
        "head.0: Off",
        "n: 0",
        "n: 1",
        "n: small",
        "n: large",
        "on: false",
        "on: true",
    ];
    assert_eq!(goals, expected);
    // Seen negative: the negative classes become targets too.
    domain.learn(&log_of(&["S { n: -1 }"]));
    assert_eq!(domain.goals().iter().filter(|p| p.field == "n").count(), 7);
}

#[test]
fn pairs_are_named_alike_in_every_process() {
    let pair = Pair {
        field: "items".into(),
        class: Class::Len(0),
    };
    assert_eq!(pair.label(), "items: len 0");
    // FNV-1a of the label.
    let hash = b"items: len 0".iter().fold(0x811c_9dc5_u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    assert_eq!(pair.branch().outcome, hash);
    assert!(is_field(pair.branch()));
}
