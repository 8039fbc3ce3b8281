//! Standard library types as parameters: values decoded from genes render as Rust expressions
//! that compile and build the same value, and `&mut` parameters are lent from generated
//! values and written as a person would write them.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet, VecDeque};

use rand::SeedableRng;
use symtest_runtime::genes::random::{Rng, random_value};
use symtest_runtime::genes::{Input, IntKind, Value};
use symtest_runtime::record::literal::Literal;
use symtest_runtime::record::outcome::Outcome;
use symtest_runtime::record::subject::Subject;

/// Asserts that `value` renders as exactly the tokens after `=>` (with rustfmt's line breaks
/// read as spaces), and that those tokens, compiled here, build a value equal to it.
macro_rules! renders_as {
    ($value:expr => $($source:tt)+) => {{
        let value = $value;
        let source = stringify!($($source)+).split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(Literal::literal(&value), source);
        assert_eq!(value, $($source)+);
    }};
}

/// Asserts that `subject` renders the arguments `value` builds as `args`, and that called
/// with them it returns the value written `returned`.
fn renders_and_returns(subject: &Subject, value: &Value, args: &[&str], returned: &str) {
    assert_eq!((subject.render)(value), args);
    match (subject.exec)(value, true) {
        Outcome::Returned { literal, .. } => assert_eq!(literal.as_deref(), Some(returned)),
        other => panic!("{} returned nothing: {other:?}", subject.meta.path()),
    }
}

fn int(kind: IntKind, value: i128) -> Value {
    Value::Int(kind.offset_of_signed(value))
}

fn list(items: impl IntoIterator<Item = Value>) -> Value {
    Value::List(items.into_iter().collect())
}

fn pair(key: Value, value: Value) -> Value {
    list([key, value])
}

#[test]
fn decoded_collections_render_as_expressions_that_build_them() {
    let keys = |keys: &[i128]| list(keys.iter().map(|&key| int(IntKind::I32, key)));
    let members = |items: &[i128]| list([keys(items)]);
    renders_as!(
        <HashSet<i32>>::decode(&members(&[12, -4, 3, 12]))
            => std::collections::HashSet::from([-4, 3, 12])
    );
    renders_as!(
        <BTreeSet<i32>>::decode(&members(&[i128::from(i32::MAX), 2]))
            => std::collections::BTreeSet::from([2, i32::MAX])
    );
    renders_as!(<VecDeque<i32>>::decode(&keys(&[5, -5])) => std::collections::VecDeque::from([5, -5]));
    let pairs = list([list([
        pair(Value::Int(10), list([Value::Int(104), Value::Int(105)])),
        pair(Value::Int(2), list([])),
    ])]);
    renders_as!(
        <HashMap<u8, String>>::decode(&pairs)
            => std::collections::HashMap::from([(2, String::from("")), (10, String::from("hi"))])
    );
    renders_as!(
        <BTreeMap<u8, String>>::decode(&pairs)
            => std::collections::BTreeMap::from([(2, String::from("")), (10, String::from("hi"))])
    );
    renders_as!(<HashMap<u8, bool>>::decode(&list([])) => std::collections::HashMap::new());
    renders_as!(<BTreeSet<char>>::decode(&list([])) => std::collections::BTreeSet::new());
    renders_as!(<VecDeque<u8>>::decode(&list([])) => std::collections::VecDeque::new());
}

#[test]
fn boxes_results_and_wide_integers_render_as_expressions_that_build_them() {
    renders_as!(<Box<i16>>::decode(&int(IntKind::I16, -9)) => Box::new(-9));
    let result = |tag| list([Value::Int(tag), Value::Int(5), list([Value::Int(120)])]);
    renders_as!(<Result<u8, String>>::decode(&result(0)) => Ok(5));
    renders_as!(<Result<u8, String>>::decode(&result(1)) => Err(String::from("x")));
    renders_as!(<u128>::decode(&Value::Int(u128::MAX)) => u128::MAX);
    renders_as!(<u128>::decode(&Value::Int(u128::MAX - 1)) => 340282366920938463463374607431768211454);
    renders_as!(<i128>::decode(&Value::Int(0)) => i128::MIN);
    renders_as!(<i128>::decode(&Value::Int(1)) => -170141183460469231731687303715884105727);
    renders_as!(
        <Vec<Box<Option<u128>>>>::decode(&list([list([Value::Int(1), Value::Int(7)])]))
            => vec![Box::new(Some(7))]
    );
}

#[test]
fn std_values_render_as_expressions_that_build_them() {
    use std::borrow::Cow;
    use std::cell::{Cell, RefCell};
    use std::cmp::Ordering;
    use std::ffi::OsString;
    use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, SocketAddrV4, SocketAddrV6};
    use std::num::NonZero;
    use std::path::{Path, PathBuf};
    use std::rc::Rc;
    use std::sync::Arc;
    use std::time::{Duration, UNIX_EPOCH};

    renders_as!(Ipv4Addr::new(192, 168, 1, 20) => std::net::Ipv4Addr::new(192, 168, 1, 20));
    renders_as!(Ipv4Addr::new(127, 0, 0, 1) => std::net::Ipv4Addr::LOCALHOST);
    renders_as!(
        Ipv6Addr::new(0xfe80, 0, 0, 0, 0, 0, 0xabc, 1)
            => std::net::Ipv6Addr::new(0xfe80, 0, 0, 0, 0, 0, 0xabc, 1)
    );
    renders_as!(
        IpAddr::V6(Ipv6Addr::LOCALHOST) => std::net::IpAddr::V6(std::net::Ipv6Addr::LOCALHOST)
    );
    renders_as!(
        SocketAddr::V4(SocketAddrV4::new(Ipv4Addr::new(10, 0, 0, 1), 80))
            => std::net::SocketAddr::V4(std::net::SocketAddrV4::new(std::net::Ipv4Addr::new(10, 0, 0, 1), 80))
    );
    renders_as!(
        SocketAddrV6::new(Ipv6Addr::UNSPECIFIED, 443, 2, 7)
            => std::net::SocketAddrV6::new(std::net::Ipv6Addr::UNSPECIFIED, 443, 2, 7)
    );
    renders_as!(PathBuf::from("src/main.rs") => std::path::PathBuf::from("src/main.rs"));
    renders_as!(Path::new(".git") => std::path::Path::new(".git"));
    renders_as!(OsString::from("x y") => std::ffi::OsString::from("x y"));
    renders_as!(Duration::from_millis(1_500) => std::time::Duration::from_millis(1500));
    renders_as!(Duration::new(2, 1) => std::time::Duration::new(2, 1));
    renders_as!(Duration::MAX => std::time::Duration::MAX);
    renders_as!(
        UNIX_EPOCH + Duration::from_secs(1_700_000_000)
            => std::time::UNIX_EPOCH + std::time::Duration::from_secs(1700000000)
    );
    renders_as!(NonZero::<u32>::new(5).unwrap() => std::num::NonZeroU32::new(5).unwrap());
    renders_as!(NonZero::<i8>::MIN => std::num::NonZeroI8::MIN);
    renders_as!(Ordering::Greater => std::cmp::Ordering::Greater);
    renders_as!(-3..7 => -3..7);
    renders_as!('a'..='z' => 'a'..='z');
    renders_as!(std::io::ErrorKind::TimedOut => std::io::ErrorKind::TimedOut);
    renders_as!(
        Cow::<str>::Owned(String::from("ab")) => std::borrow::Cow::<str>::Owned(String::from("ab"))
    );
    renders_as!(Cow::<[u8]>::Owned(vec![1, 2]) => std::borrow::Cow::<[_]>::Owned(vec![1, 2]));
    renders_as!(Cow::<[u8]>::Borrowed(&[3]) => std::borrow::Cow::<[_]>::Borrowed(&[3]));
    renders_as!(Cow::<str>::Borrowed("cd") => std::borrow::Cow::Borrowed("cd"));
    renders_as!(Rc::new(Some(3)) => std::rc::Rc::new(Some(3)));
    renders_as!(Arc::new(String::new()) => std::sync::Arc::new(String::from("")));
    renders_as!(Cell::new(4u8) => std::cell::Cell::new(4));
    renders_as!(RefCell::new(vec!['x']) => std::cell::RefCell::new(vec!['x']));
    renders_as!(&mut (0..5) => &mut (0..5));
    renders_as!(&mut { Ipv4Addr::BROADCAST } => &mut { std::net::Ipv4Addr::BROADCAST });
    renders_as!(&(UNIX_EPOCH + Duration::from_secs(9)) => &(std::time::UNIX_EPOCH + std::time::Duration::from_secs(9)));
    // Neither has `PartialEq`: compared through what they hold.
    let error = std::io::Error::new(std::io::ErrorKind::InvalidData, "bad byte");
    let source = "std::io::Error::new(std::io::ErrorKind::InvalidData, \"bad byte\")";
    assert_eq!(error.literal(), source);
    let built = std::io::Error::new(std::io::ErrorKind::InvalidData, "bad byte");
    assert_eq!(
        (built.kind(), built.to_string()),
        (error.kind(), error.to_string())
    );
    let mutex = std::sync::Mutex::new(7);
    assert_eq!(mutex.literal(), "std::sync::Mutex::new(7)");
    assert_eq!(std::sync::Mutex::new(7).into_inner().ok(), Some(7));
}

#[test]
fn random_std_values_decode_and_render_without_panicking() {
    fn each<T: Input + Literal>(rng: &mut Rng) {
        for _ in 0..200 {
            let value = T::decode(&random_value(&T::shape(), rng));
            assert!(!value.literal().is_empty());
        }
    }
    let mut rng = Rng::seed_from_u64(9);
    each::<std::net::SocketAddr>(&mut rng);
    each::<std::net::IpAddr>(&mut rng);
    each::<std::time::Duration>(&mut rng);
    each::<std::time::SystemTime>(&mut rng);
    each::<std::num::NonZero<i64>>(&mut rng);
    each::<std::path::PathBuf>(&mut rng);
    each::<std::io::Error>(&mut rng);
    each::<std::ops::Range<i16>>(&mut rng);
    each::<std::borrow::Cow<'static, [u8]>>(&mut rng);
    each::<std::sync::Mutex<std::cmp::Ordering>>(&mut rng);
}

#[test]
fn random_hashed_collections_render_the_same_whatever_their_insertion_order() {
    let shape = <HashMap<i8, u8>>::shape();
    let mut rng = Rng::seed_from_u64(5);
    for _ in 0..200 {
        let value = random_value(&shape, &mut rng);
        let map = <HashMap<i8, u8>>::decode(&value);
        let mut pairs: Vec<(i8, u8)> = map.clone().into_iter().collect();
        pairs.reverse();
        let rebuilt: HashMap<i8, u8> = pairs.into_iter().collect();
        assert_eq!(map.literal(), rebuilt.literal());
        let set: HashSet<i8> = map.keys().copied().collect();
        let sorted: BTreeSet<i8> = set.iter().copied().collect();
        assert_eq!(
            set.literal().replace("HashSet", "BTreeSet"),
            sorted.literal(),
            "hashed items are listed in order"
        );
    }
}

/// Moves `amount` from the front of `queue` into `totals[key]`; counts the calls in `calls`.
#[symtest_runtime::symtest]
fn settle(
    queue: &mut VecDeque<u8>,
    totals: &mut BTreeMap<u8, u32>,
    calls: &mut u16,
    key: u8,
) -> Option<u32> {
    *calls = calls.wrapping_add(1);
    let amount = queue.pop_front()?;
    let total = totals.entry(key).or_insert(0);
    *total += u32::from(amount);
    if *total > 300 { Some(*total) } else { None }
}

#[test]
fn mutable_references_are_lent_from_generated_values_and_rendered_as_borrows() {
    let subject = __symtest_subject_settle();
    let value = list([
        list([Value::Int(250)]),
        list([list([pair(Value::Int(4), Value::Int(60))])]),
        Value::Int(u128::from(u16::MAX)),
        Value::Int(4),
    ]);
    renders_and_returns(
        &subject,
        &value,
        &[
            "&mut std::collections::VecDeque::from([250])",
            "&mut std::collections::BTreeMap::from([(4, 60)])",
            "&mut { u16::MAX }",
            "4",
        ],
        "Some(310)",
    );
    // The rendered call compiles and does what the search saw.
    assert_eq!(
        settle(
            &mut std::collections::VecDeque::from([250]),
            &mut std::collections::BTreeMap::from([(4, 60)]),
            &mut { u16::MAX },
            4
        ),
        Some(310)
    );
}

/// A type whose method takes `&mut` arguments, searched as call sequences.
#[derive(Debug, PartialEq)]
pub struct Bag {
    items: Vec<u8>,
}

#[symtest_runtime::symtest]
impl Bag {
    pub fn new(first: u8) -> Bag {
        Bag { items: vec![first] }
    }

    /// Moves the last of `from` into the bag unless `seen` has it.
    pub fn take(&mut self, from: &mut Vec<u8>, seen: &mut BTreeSet<u8>) -> usize {
        if let Some(item) = from.pop()
            && seen.insert(item)
        {
            self.items.push(item);
        }
        self.items.len()
    }
}

#[test]
fn methods_with_mutable_reference_arguments_are_called_in_sequences() {
    let subject = __symtest_subject_Bag();
    let mut rng = Rng::seed_from_u64(1);
    let mut calls = 0;
    for _ in 0..20 {
        let value = random_value(&subject.shape, &mut rng);
        assert!(matches!(
            (subject.exec)(&value, true),
            Outcome::Returned { .. }
        ));
        let lines = (subject.render)(&value);
        assert!(lines[0].contains(" bag = Bag::new("), "{}", lines[0]);
        for line in &lines[1..] {
            assert!(line.contains("bag.take(&mut vec!["), "{line} lends a vec");
            assert!(
                line.contains(", &mut std::collections::BTreeSet::"),
                "{line} lends a set"
            );
            calls += 1;
        }
    }
    assert!(calls > 20, "only {calls} calls in 20 sequences");
}

/// What to do with a request from `addr` for `path` that may wait `timeout`: a function over
/// several std types, each branch on what a person tests of one.
#[symtest_runtime::symtest]
fn classify(
    addr: std::net::Ipv4Addr,
    timeout: std::time::Duration,
    path: &std::path::Path,
) -> &'static str {
    if addr.is_private() {
        if timeout > std::time::Duration::from_secs(5) {
            "slow local"
        } else {
            "local"
        }
    } else if path.extension() == Some("rs".as_ref()) {
        "source"
    } else {
        "remote"
    }
}

/// How many steps of `step` fit in `window`, for an IPv6 peer: a field of a range, a variant
/// of an address and a borrowed OS string.
#[symtest_runtime::symtest]
fn steps(
    window: std::ops::Range<u32>,
    step: std::num::NonZero<u32>,
    peer: std::net::IpAddr,
    name: &std::ffi::OsStr,
) -> u32 {
    let std::net::IpAddr::V6(_) = peer else {
        return 0;
    };
    if window.start > window.end {
        return 1;
    }
    if window.end - window.start == 1_000 {
        return 2;
    }
    (window.end - window.start) / step.get() + name.len() as u32
}

/// What a tokenizer makes of a line: a function over iterators of `str`, each a view of a
/// generated string, one of them borrowed mutably.
#[symtest_runtime::symtest]
fn token<'a>(
    mut words: std::str::Split<'a, char>,
    bytes: &mut std::str::Bytes<'a>,
    lines: std::str::Lines<'a>,
) -> usize {
    if words.next() == Some("let") {
        return 1;
    }
    if bytes.next() == Some(b'#') {
        return 2;
    }
    lines.count() + 3
}

/// Pushes the deadline of a request for `path` from `peer` back: std values lent mutably.
#[symtest_runtime::symtest]
fn defer(
    deadline: &mut std::time::Duration,
    path: &mut std::path::PathBuf,
    peer: &mut std::net::Ipv4Addr,
) -> bool {
    *deadline += std::time::Duration::from_secs(1);
    path.push("later");
    if peer.is_unspecified() {
        *peer = std::net::Ipv4Addr::LOCALHOST;
        return false;
    }
    true
}

#[test]
fn std_parameters_are_built_from_genes_and_rendered_as_a_person_writes_them() {
    let subject = __symtest_subject_classify();
    let text = |text: &str| list(text.bytes().map(|byte| Value::Int(byte.into())));
    // Not rooted, one component, an extension.
    let path = |stem: &str| {
        list([
            Value::Int(0),
            list([text(stem)]),
            list([Value::Int(1), text("rs")]),
        ])
    };
    let value = list([
        list([10, 0, 0, 1].map(Value::Int)),
        list([Value::Int(6), Value::Int(0)]),
        path("main"),
    ]);
    renders_and_returns(
        &subject,
        &value,
        &[
            "std::net::Ipv4Addr::new(10, 0, 0, 1)",
            "std::time::Duration::from_secs(6)",
            "std::path::Path::new(\"main.rs\")",
        ],
        "\"slow local\"",
    );
    // The rendered call compiles and does what the search saw.
    assert_eq!(
        classify(
            std::net::Ipv4Addr::new(10, 0, 0, 1),
            std::time::Duration::from_secs(6),
            std::path::Path::new("main.rs")
        ),
        "slow local"
    );
    assert_eq!(subject.skipped, None);

    let subject = __symtest_subject_steps();
    let rendered = (subject.render)(&subject.shape.zero());
    assert_eq!(
        rendered,
        [
            "0..0",
            "std::num::NonZeroU32::new(1).unwrap()",
            "std::net::IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED)",
            "std::ffi::OsStr::new(\"\")",
        ]
    );
    assert_eq!(
        steps(
            0..0,
            std::num::NonZeroU32::new(1).unwrap(),
            std::net::IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED),
            std::ffi::OsStr::new("")
        ),
        0
    );

    // Views of a string are written as the call on a string literal that takes them.
    let subject = __symtest_subject_token();
    let text = |text: &str| list(text.bytes().map(|byte| Value::Int(byte.into())));
    let value = list([
        list([list([text("x y"), Value::Int(u128::from(b' '))])]),
        list([text("#!")]),
        list([text("a\nb")]),
    ]);
    renders_and_returns(
        &subject,
        &value,
        &[
            "\"x y\".split(' ')",
            "&mut \"#!\".bytes()",
            "\"a\\nb\".lines()",
        ],
        "2",
    );
    assert_eq!(
        token("x y".split(' '), &mut "#!".bytes(), "a\nb".lines()),
        2
    );
    assert_eq!(subject.skipped, None);

    // Lent mutably from a fresh value, a constant from a block (rustc warns on `&mut` of one).
    let subject = __symtest_subject_defer();
    assert_eq!(
        (subject.render)(&subject.shape.zero()),
        [
            "&mut { std::time::Duration::ZERO }",
            "&mut std::path::PathBuf::from(\"\")",
            "&mut { std::net::Ipv4Addr::UNSPECIFIED }",
        ]
    );
    assert!(!defer(
        &mut { std::time::Duration::ZERO },
        &mut std::path::PathBuf::from(""),
        &mut { std::net::Ipv4Addr::UNSPECIFIED }
    ));
}

/// With the default budget, the search covers every branch of functions over std types, seed
/// after seed: the genes reach private networks, long timeouts, `.rs` files, IPv6 peers, a
/// range exactly 1,000 wide, and strings whose views start with a keyword or a `#`.
#[test]
fn the_search_covers_every_branch_of_functions_over_std_types() {
    use symtest_runtime::search::driver::{SearchConfig, search};
    for subject in [
        __symtest_subject_classify(),
        __symtest_subject_steps(),
        __symtest_subject_token(),
    ] {
        for seed in 1..=3 {
            let config = SearchConfig {
                seed,
                time_per_target: std::time::Duration::from_secs(60),
                ..SearchConfig::default()
            };
            let report = search(&subject, &config, &mut |_| {});
            println!(
                "{} seed {seed}: {} evaluations",
                subject.meta.path(),
                report.evaluations
            );
            let missing: Vec<String> = subject
                .meta
                .branches()
                // The classes of the returned value are targets too, not all reachable.
                .filter(|branch| subject.meta.decisions[branch.decision as usize].kind != "returns")
                .filter(|branch| !report.archive.covers(*branch))
                .map(|branch| {
                    let decision = &subject.meta.decisions[branch.decision as usize];
                    format!(
                        "`{}` {}",
                        decision.text, decision.outcomes[branch.outcome as usize]
                    )
                })
                .collect();
            assert!(
                missing.is_empty(),
                "{}, seed {seed}, missed {missing:#?} in {} evaluations",
                subject.meta.path(),
                report.evaluations
            );
        }
    }
}
