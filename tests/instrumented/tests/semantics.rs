//! Instrumentation must not change what a function does: every construct symtest rewrites is
//! compiled twice — once with `#[symtest]` (instrumented, this package builds with
//! instrumentation on) and once without — and both run on thousands of random inputs, with
//! recording on, comparing results and panic messages.

mod common;

use common::outcome;
use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};

use rand::SeedableRng;
use symtest_runtime::genes::random::Rng;
use symtest_runtime::genes::random::random_value;
use symtest_runtime::genes::{Input, Shape};

const RUNS: usize = 3_000;

/// Defines each function twice and a test comparing the two. Parameters are owned types so
/// the test can build them with `Input`; `[…]` names the instrumented function's branch table
/// and search subject.
macro_rules! twins {
    ($(
        fn $name:ident [$meta:ident, $subject:ident] ($($arg:ident : $ty:ty),* $(,)?) -> $ret:ty { $($body:tt)* }
    )*) => {
        mod instrumented {
            #![allow(clippy::all, unused_parens)]
            use super::*;
            $(
                #[symtest_runtime::symtest]
                pub fn $name($($arg: $ty),*) -> $ret { $($body)* }
            )*
        }

        mod original {
            #![allow(clippy::all, unused_parens)]
            use super::*;
            $(
                pub fn $name($($arg: $ty),*) -> $ret { $($body)* }
            )*
        }

        $(
            #[test]
            fn $name() {
                let shape = Shape::Tuple(vec![$(<$ty as Input>::shape()),*]);
                let mut rng = Rng::seed_from_u64(7);
                for _ in 0..RUNS {
                    let value = random_value(&shape, &mut rng);
                    let mut index = 0;
                    $(
                        let $arg: $ty = Input::decode(value.item(index));
                        index += 1;
                    )*
                    let _ = index;
                    let original = outcome(|| original::$name($($arg.clone()),*));
                    let meta = &instrumented::$meta;
                    let (instrumented, _) = symtest_runtime::record::recorder::record(meta, u64::MAX, || {
                        outcome(|| instrumented::$name($($arg.clone()),*))
                    });
                    assert_eq!(instrumented, original, "{} differs on {:?}", stringify!($name), value);
                    // A mutation analysis's runs without a mutant probe every operator.
                    let (probed, _) = symtest_runtime::record::mutation::with_mutant(None, || {
                        symtest_runtime::record::recorder::record(meta, u64::MAX, || {
                            outcome(|| instrumented::$name($($arg.clone()),*))
                        })
                    });
                    assert_eq!(probed, original, "{} differs on {:?} under a mutation analysis", stringify!($name), value);
                    // Every execution that returns takes a path `#[symtest]` listed (unless
                    // the function has more paths than it lists).
                    let mut trace = symtest_runtime::record::trace::Trace::measured(meta);
                    let returned = symtest_runtime::record::recorder::record_into(meta, u64::MAX, &mut trace, || {
                        outcome(|| instrumented::$name($($arg.clone()),*))
                    });
                    if let (Ok(_), Some(log)) = (&returned, &trace.path) {
                        assert!(
                            log.matched.is_some() || log.listed().capped,
                            "{}: the path of {:?} is not listed: {:?}",
                            stringify!($name), value, log.events()
                        );
                    }
                    // The shadows of a concolic run never contradict it: a constraint that
                    // was built for the outcome taken holds on the input.
                    let subject = instrumented::$subject();
                    let run = symtest_runtime::shadow::execute(&subject, &value, u64::MAX);
                    for entry in &run.path {
                        let built = entry.outcomes[entry.taken as usize].is_some();
                        assert!(
                            entry.consistent || !built,
                            "{}: the shadow of decision {} contradicts the run on {:?}: {:?}",
                            stringify!($name), entry.decision, value, entry
                        );
                    }
                }
            }
        )*
    };
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shape2 {
    Circle(i32),
    Square { side: i32 },
    Empty,
}

#[derive(Debug)]
pub enum State<T> {
    Idle,
    Busy(T),
}

/// A type whose predicates take `self` by value, as a user's may.
#[derive(Debug)]
pub struct Token(String);

impl Token {
    pub fn is_numeric(self) -> bool {
        self.0.chars().all(|c| c.is_ascii_digit())
    }

    pub fn starts_with(self, prefix: &str) -> bool {
        self.0.starts_with(prefix)
    }
}

fn shape_of(n: i8) -> Shape2 {
    match n % 3 {
        0 => Shape2::Circle(i32::from(n)),
        1 => Shape2::Square {
            side: i32::from(n) * 2,
        },
        _ => Shape2::Empty,
    }
}

/// A user enum as a parameter: `#[symtest]` implements its generation in this package.
#[symtest_runtime::symtest]
#[derive(Clone, Debug, PartialEq)]
pub enum Command {
    Move { dx: i8, dy: i8 },
    Say(String, Option<u8>),
    Quit,
}

/// A user struct holding a user enum.
#[symtest_runtime::symtest]
#[derive(Clone, Debug, PartialEq)]
pub struct Turn {
    pub player: u8,
    pub command: Command,
}

/// A number type of the user's: its operators are not mutated, and compute as written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Meters(pub i32);

impl std::ops::Add for Meters {
    type Output = Meters;
    fn add(self, other: Meters) -> Meters {
        Meters(self.0.wrapping_add(other.0))
    }
}

impl std::ops::SubAssign<i32> for Meters {
    fn sub_assign(&mut self, other: i32) {
        self.0 = self.0.wrapping_sub(other);
    }
}

twins! {
    fn arithmetic [__SYMTEST_META_arithmetic, __symtest_subject_arithmetic] (a: u8, b: i64, x: f64, s: String, v: Vec<u32>) -> (u8, i64, String, String, u32, Vec<u32>, Meters) {
        let mut total = 0u32;
        for item in &v { total += item; }
        for item in v.iter() { total = total.wrapping_add(*item % 7 * 2); }
        let thirds: Vec<u32> = v.iter().map(|n| n / 3 + 1).collect();
        let mut small = a / 2 + 1;
        small -= a % 3 + small / 4;
        let mixed = b.wrapping_mul(3) - (b % 5) + i64::from(a);
        let mut f = x * 0.5 + 1.0;
        f /= 3.0;
        f %= 7.5;
        let joined = s.clone() + "!" + &format!("{f:?}");
        let mut text = s;
        text += "?";
        let wrapped = std::num::Wrapping(a) + std::num::Wrapping(200);
        let sized = [0u8; 2 + 1];
        let bits = (a & 0x0f) | (a ^ 0x55) | (sized.len() as u8);
        let shifted = u32::from(bits) << 2;
        let mut grid = vec![1u32; 3];
        grid[usize::from(a % 3)] += 2 * shifted;
        grid[0] *= grid[1] + 1;
        let literal = 3 * 4 - 2;
        let mut distance = Meters(literal) + Meters(i32::from(a));
        distance -= 7;
        (small.wrapping_add(wrapped.0), mixed, joined, text, total, [thirds, grid].concat(), distance)
    }

    fn user_types [__SYMTEST_META_user_types, __symtest_subject_user_types] (turn: Turn, limit: i8) -> String {
        match turn.command {
            Command::Move { dx, dy } if dx.unsigned_abs() > limit.unsigned_abs() => format!("too far {dy}"),
            Command::Move { dx, dy } => format!("{} moves {dx},{dy}", turn.player),
            Command::Say(text, Some(times)) if times > 3 => text.repeat(usize::from(times % 8)),
            Command::Say(text, _) => text,
            Command::Quit => String::from("bye"),
        }
    }

    fn enum_tags_and_tuples [__SYMTEST_META_enum_tags_and_tuples, __symtest_subject_enum_tags_and_tuples] (first: Command, second: Command, name: Option<String>, limit: i8) -> String {
        let mut out = String::new();
        if let Command::Say(text, _) = first.clone() { out += &text; }
        if let Some(n) = name { out += &n; }
        let again = second.clone();
        if limit > 0 && let Command::Move { dx, .. } = again && dx > limit { out += "far"; }
        if matches!(first, Command::Move { dx, .. } | Command::Move { dy: dx, .. } if dx > limit,) { out += "moved"; }
        if std::matches!(&second, Command::Say(_, Some(0..=9)) | Command::Quit) { out += "!"; }
        match &second {
            Command::Move { dx: 0, dy: -3..=3 } => out += "still",
            Command::Say(_, Some(1)) | Command::Move { dy: 5, .. } => out += "one",
            _ => {}
        }
        if let Command::Move { dx: 1, .. } = first { out += "step"; }
        let kind = match (first, second) {
            (Command::Move { dx, .. }, Command::Move { dy, .. }) if dx == dy => format!("diagonal {dx}"),
            (Command::Say(a, _), Command::Say(b, Some(t))) if t > 2 => a + &b,
            (Command::Quit, ..) | (.., Command::Quit) => String::from("quit"),
            (x, _) => format!("{x:?}"),
        };
        out + &kind
    }

    fn integer_comparisons [__SYMTEST_META_integer_comparisons, __symtest_subject_integer_comparisons] (a: i64, b: u8, c: i128, d: u128) -> u32 {
        let mut code = 0;
        if a < i64::from(b) { code += 1; }
        if a <= -3 { code += 2; }
        if a > 1_000 { code += 4; } else if a >= 0 { code += 8; }
        if b == 7 || b != 200 && c == i128::MIN { code += 16; }
        if d > u128::MAX - 5 || c >= i128::MAX - 1 { code += 32; }
        code
    }

    fn std_types [__SYMTEST_META_std_types, __symtest_subject_std_types] (stock: HashMap<u8, u16>, wanted: BTreeSet<u8>, queue: VecDeque<i16>, cap: Box<i16>, last: Result<u8, bool>, id: u128) -> (u32, Vec<u8>) {
        let mut code = 0;
        if queue.len() > 2 && queue[1] > 40 { code |= 1; }
        if queue.get(0) == Some(&3) || *cap == -4 { code |= 2; }
        let mut missing = Vec::new();
        for item in &wanted {
            match stock.get(item) {
                Some(&count) if count > 100 => code |= 4,
                Some(_) => code |= 8,
                None => missing.push(*item),
            }
        }
        match last {
            Ok(7) => code |= 16,
            Ok(n) if n > 200 => code |= 32,
            Ok(_) => {}
            Err(true) => code |= 64,
            Err(false) => code |= 128,
        }
        if id > u128::MAX / 2 && *cap < 0 { code |= 256; }
        if stock.len() == wanted.len() { code |= 512; }
        if wanted.len() > 2 { code |= 1024; }
        (code, missing)
    }

    fn float_comparisons [__SYMTEST_META_float_comparisons, __symtest_subject_float_comparisons] (x: f64, y: f32) -> (bool, u8) {
        let mut code = 0;
        if x < 0.5 { code |= 1; }
        if x == f64::from(y) { code |= 2; }
        if x != x { code |= 4; }
        if !(y >= 1e3) { code |= 8; }
        if x.is_finite() && x > 1e300 { code |= 16; }
        (x <= f64::from(y), code)
    }

    fn chars_and_strings [__SYMTEST_META_chars_and_strings, __symtest_subject_chars_and_strings] (c: char, s: String) -> Vec<u8> {
        let mut out = Vec::new();
        if c == 'x' { out.push(1); }
        if c > 'm' && c.is_alphabetic() { out.push(2); }
        if s == "abc" { out.push(3); }
        if s.as_str() < "m" { out.push(4); }
        if s.len() > 3 && !s.is_empty() { out.push(5); }
        if s.starts_with(c) { out.push(6); }
        if Some(c) == s.chars().next() { out.push(7); }
        out
    }

    fn operands_are_evaluated_once_in_order [__SYMTEST_META_operands_are_evaluated_once_in_order, __symtest_subject_operands_are_evaluated_once_in_order] (a: i32, b: i32) -> (bool, bool, Vec<i32>) {
        let mut log = Vec::new();
        let mut note = |v: i32| { log.push(v); v };
        let first = note(a) > 0 && note(b) > 0 || note(a.wrapping_add(b)) == 3;
        let second = if note(1) == a || !(note(2) == b) { true } else { false };
        (first, second, log)
    }

    fn nested_ifs_and_early_returns [__SYMTEST_META_nested_ifs_and_early_returns, __symtest_subject_nested_ifs_and_early_returns] (a: i32, b: i32, flag: bool) -> i32 {
        if a == 0 { return -1; }
        if flag {
            if b > a { return b - a; }
            if b == a.wrapping_mul(2) { return 2; }
        } else if b < 0 {
            return if a > 0 { 10 } else { 20 };
        }
        let value = { if a % 2 == 0 { a / 2 } else { a.wrapping_mul(3).wrapping_add(1) } };
        value.wrapping_add(b)
    }

    fn if_let_and_let_chains [__SYMTEST_META_if_let_and_let_chains, __symtest_subject_if_let_and_let_chains] (v: Vec<Option<i32>>, i: usize) -> i32 {
        let mut score = 0;
        if let Some(Some(x)) = v.get(i) { score += x.signum(); }
        if let Some(first) = v.first() && let Some(x) = first && *x > 10 && let Some(last) = v.last() {
            score += 100 + i32::from(last.is_some());
        } else if let [_, _, ..] = v.as_slice() {
            score -= 5;
        }
        let Some(last) = v.last() else { return score - 1000; };
        score + last.unwrap_or(7).signum()
    }

    fn while_loops [__SYMTEST_META_while_loops, __symtest_subject_while_loops] (n: u8, v: Vec<u8>) -> (u32, usize) {
        let mut total = 0u32;
        let mut i = 0;
        while i < usize::from(n) && i < v.len() {
            total += u32::from(v[i]);
            i += 1;
        }
        let mut it = v.iter();
        while let Some(&x) = it.next() && x != 0 {
            if x == 9 { break; }
            if x % 2 == 0 { continue; }
            total += 1;
        }
        let mut j = 0;
        while let Some(x) = v.get(j) {
            j += 1;
            if *x > 100 { return (total, j); }
        }
        (total, i)
    }

    fn for_and_loop [__SYMTEST_META_for_and_loop, __symtest_subject_for_and_loop] (v: Vec<i16>, limit: i16) -> (i32, i32) {
        let mut sum = 0i32;
        for (index, x) in v.iter().enumerate() {
            if *x < 0 { continue; }
            if *x > limit { break; }
            sum += i32::from(*x) * index as i32;
        }
        let mut count = 0;
        let found = 'search: loop {
            for c in "a1b2".chars() {
                count += 1;
                if count > 6 { break 'search -1; }
                if c.is_ascii_digit() && i32::from(limit) == count { break 'search count; }
            }
            if count > 3 { break 0; }
        };
        for _ in 0..0 { sum += 1; }
        (sum, found)
    }

    fn matches_of_every_kind [__SYMTEST_META_matches_of_every_kind, __symtest_subject_matches_of_every_kind] (x: i32, c: char, n: i8) -> String {
        let a = match x {
            0 => "zero",
            1 | 2 | 3 => "small",
            4..=9 => "digit",
            i32::MIN..0 => "negative",
            big @ 1000.. if big % 2 == 0 => "big even",
            _ => "other",
        };
        let b = match c {
            'a'..='f' | 'A'..='F' => 1,
            '0'..='9' if x > 0 => 2,
            _ => 3,
        };
        let d = match shape_of(n) {
            Shape2::Circle(r) if r > 10 => r * 2,
            Shape2::Circle(_) => -1,
            Shape2::Square { side } => side,
            Shape2::Empty => 0,
        };
        let e = match (x > 0, c.is_ascii()) {
            (true, true) => "both",
            (true, false) | (false, true) => "one",
            (false, false) => "none",
        };
        let f = match format!("{c}").as_str() {
            "q" => 1,
            "z" | "y" => 2,
            _ => 0,
        };
        format!("{a} {b} {d} {e} {f}")
    }

    fn question_marks [__SYMTEST_META_question_marks, __symtest_subject_question_marks] (a: Option<i32>, b: Vec<i32>) -> Option<i32> {
        let x = a?;
        let y = b.first().copied()?;
        let z: i32 = parse(x.wrapping_add(y)).ok()?;
        Some(z)
    }

    fn panics_match [__SYMTEST_META_panics_match, __symtest_subject_panics_match] (a: i32, b: u8) -> i32 {
        if a == 3 { panic!("three is not allowed"); }
        let v = [1, 2, 3];
        let picked = v[usize::from(b) % 5];
        if b > 250 { unreachable!("b is {b}"); }
        assert!(a != 17, "seventeen");
        picked + a
    }

    fn option_pairs [__SYMTEST_META_option_pairs, __symtest_subject_option_pairs] (a: Option<u8>, b: Option<String>) -> u8 {
        const LIMIT: u8 = 200;
        match (a, &b) {
            (None, None) => 0,
            (Some(0), None) => 1,
            (Some(n), Some(s)) if s.len() > usize::from(n) => 2,
            (None, Some(_)) => 3,
            (Some(LIMIT), Some(_)) => 4,
            (Some(n @ 1..=9), _) => n,
            (Some(_), Some(_)) | (Some(_), None) => 5,
        }
    }

    fn cfg_arms [__SYMTEST_META_cfg_arms, __symtest_subject_cfg_arms] (i: u8) -> u8 {
        match i % 4 {
            0 => 10,
            1 | 2 => 20,
            #[cfg(debug_assertions)]
            _ => 30,
            #[cfg(not(debug_assertions))]
            _ => 40,
        }
    }

    // The scrutinee moves `bytes` (and `text`): what the match probes reads them before.
    fn matches_on_what_moves_a_local [__SYMTEST_META_matches_on_what_moves_a_local, __symtest_subject_matches_on_what_moves_a_local] (bytes: Vec<u8>, text: String) -> Result<usize, usize> {
        let decoded = match String::from_utf8(bytes) {
            Ok(s) => s.len(),
            Err(e) => return Err(e.utf8_error().valid_up_to()),
        };
        let strict = decoded > 3;
        let again = vec![b'a'; decoded];
        let twice = match (String::from_utf8(again), strict) {
            (_, true) => 0,
            (Ok(s), _) => s.len(),
            (Err(_), _) => 1,
        };
        match Some(text).filter(|t| t.len() > decoded) {
            Some(t) => Ok(t.len() + twice),
            None => Ok(decoded + twice),
        }
    }

    fn closures_and_nested_fns [__SYMTEST_META_closures_and_nested_fns, __symtest_subject_closures_and_nested_fns] (a: i32, v: Vec<i16>, s: String) -> (i32, Vec<i32>, Option<u32>) {
        fn encode_char(c: char) -> Option<u32> {
            match c {
                '0'..='9' => Some(c as u32 - 48),
                'A'..='Z' if c != 'O' => Some(c as u32 - 55),
                _ => None,
            }
        }
        fn checksum(s: &str) -> Option<u32> {
            let mut sum = 0u32;
            for (i, c) in s.chars().enumerate() {
                let weight = if i % 2 == 0 { 3 } else { 1 };
                sum = sum.wrapping_add(encode_char(c)?.wrapping_mul(weight));
            }
            if sum > 40 { return Some(sum % 10); }
            Some(sum)
        }
        let f = |x: i32| if x > 0 { 1 } else { 2 };
        let g = |x: i32| -> Option<i32> { let y = x.checked_mul(2)?; Some(y) };
        let mut calls = 0;
        let mut count = |x: i16| { calls += 1; if x < 0 { return -1; } i32::from(x) };
        let mapped: Vec<i32> = v.iter().map(|&x| count(x)).filter(|&x| x != 3).collect();
        let limit = a;
        let capped = move |x: i32| match x { i32::MIN..=-1 => 0, x if x > limit => limit, x => x };
        let total = f(a) + g(a).unwrap_or(0).signum() + if matches!(a, 1..=5) { 10 } else { 0 };
        (total + capped(calls - 1), mapped, checksum(&s))
    }

    fn range_contains [__SYMTEST_META_range_contains, __symtest_subject_range_contains] (x: i32, c: char, f: f64) -> u8 {
        let mut code = 0;
        if (1972..=2016).contains(&x) { code |= 1; }
        if (..-5).contains(&x) || (100..).contains(&x) { code |= 2; }
        if ('a'..'g').contains(&c) { code |= 4; }
        if (0.5..=1.5).contains(&f) { code |= 8; }
        if !(i32::MIN..0).contains(&x.wrapping_mul(3)) { code |= 16; }
        code
    }

    fn mutable_borrows_live_across_decisions [__SYMTEST_META_mutable_borrows_live_across_decisions, __symtest_subject_mutable_borrows_live_across_decisions] (a: i32) -> i32 {
        let mut count = 0;
        let r = &mut count;
        if a > 0 {
            *r += 1;
            if count > 1 { return 1; }
        }
        let mut total = 0;
        let mut add = |x: i32| total += x;
        if a > 5 {
            add(a.wrapping_mul(2));
            add(1);
            if total > 10 { return 2; }
        }
        3
    }

    fn question_marks_on_poll [__SYMTEST_META_question_marks_on_poll, __symtest_subject_question_marks_on_poll] (a: i32) -> std::task::Poll<Result<i32, String>> {
        use std::task::Poll;
        let ready: Poll<Result<i32, String>> = if a > 0 {
            Poll::Ready(Ok(a))
        } else if a < -5 {
            Poll::Ready(Err("negative".into()))
        } else {
            Poll::Pending
        };
        let value = ready?;
        value.map(|v| Ok(v.wrapping_mul(2)))
    }

    fn string_and_char_predicates [__SYMTEST_META_string_and_char_predicates, __symtest_subject_string_and_char_predicates] (s: String, t: String, c: char, b: u8, v: Vec<u8>) -> u32 {
        let mut code = 0;
        if s.starts_with("ab") { code |= 1; }
        if s.ends_with('z') || s.ends_with(&t) { code |= 2; }
        if s.contains(t.as_str()) && !t.is_empty() { code |= 4; }
        if s.contains(|x: char| x.is_ascii_digit()) { code |= 8; }
        if c.is_ascii_digit() || c.is_alphanumeric() { code |= 16; }
        if b.is_ascii_uppercase() { code |= 32; }
        if c.is_digit(16) && !c.is_whitespace() { code |= 64; }
        if v.contains(&b) { code |= 128; }
        code
    }

    fn shadowed_arithmetic [__SYMTEST_META_shadowed_arithmetic, __symtest_subject_shadowed_arithmetic] (a: u32, b: i16, f: f64) -> i64 {
        let mixed = a.wrapping_mul(0x9E37_79B1) ^ (a >> 3) | 1;
        let (low, high) = (i64::from(b).abs(), i64::from(mixed & 0xFF));
        let mut total = low.min(high).max(-5);
        total += i64::from(b.saturating_sub(100)) * 2;
        total <<= 1;
        if let Some(sum) = b.checked_add(1000) {
            if sum > 500 { total -= 1; }
        }
        if mixed.count_ones() > 16 && f * 2.5 > 10.0 { total += 3; }
        if (f as i64) < total && (a as u8) == 7 { return -1; }
        total
    }

    fn shadowed_strings [__SYMTEST_META_shadowed_strings, __symtest_subject_shadowed_strings] (s: String, v: Vec<u8>) -> Option<u32> {
        let first = s.chars().nth(0)?;
        let mut digits = 0;
        for (index, c) in s.chars().enumerate() {
            if let Some(d) = c.to_digit(10) {
                digits += d;
                if index > 3 && d == 7 { return Some(77); }
            }
        }
        for byte in s.bytes() {
            if byte == b'!' { digits += 100; }
        }
        for &item in &v {
            if item > 200 { digits += 1; }
        }
        for i in 0..v.len() {
            if v[i] == 3 && s.as_bytes().len() > i && s.as_bytes()[i] == b'x' { return Some(3); }
        }
        match first {
            'a'..='f' => digits += 10,
            'x' | 'y' => return None,
            _ => {}
        }
        Some(digits + s.len() as u32)
    }

    fn shadowed_reversed [__SYMTEST_META_shadowed_reversed, __symtest_subject_shadowed_reversed] (s: String) -> u32 {
        let mut sum = 0;
        for c in s.chars().rev() {
            let Some(d) = c.to_digit(10) else {
                return 0;
            };
            if d > 4 { sum += d; }
        }
        for b in s.bytes().rev() {
            if b == b'-' { return 1; }
        }
        sum
    }

    fn none_and_unit_variants [__SYMTEST_META_none_and_unit_variants, __symtest_subject_none_and_unit_variants] (x: u8, y: Option<u8>) -> (Option<u8>, bool, u32) {
        let mut best = None;
        if x > 3 { best = Some(x); }
        let missing = if y == None { true } else { false };
        let mut state = State::Idle;
        if x > 7 { state = State::Busy(u32::from(x)); }
        let busy = match state { State::Idle => 0, State::Busy(v) => v };
        (best, missing, busy)
    }

    fn late_inferred_aliases [__SYMTEST_META_late_inferred_aliases, __symtest_subject_late_inferred_aliases] (x: u8) -> usize {
        let v = Vec::new();
        let w = v;
        let mut w2: Vec<String> = w;
        if x > 9 { w2.push(String::new()); }
        w2.len()
    }

    fn temporaries_of_probed_expressions [__SYMTEST_META_temporaries_of_probed_expressions, __symtest_subject_temporaries_of_probed_expressions] (s: String) -> usize {
        let mut n = 0;
        for c in s.as_str().to_string().chars() {
            if c == 'a' { n += 1; }
        }
        if let Some(t) = s.to_string().as_str().strip_prefix('a') { n += t.len(); }
        n
    }

    fn predicates_taking_self_by_value [__SYMTEST_META_predicates_taking_self_by_value, __symtest_subject_predicates_taking_self_by_value] (s: String) -> u8 {
        let t = Token(s.clone());
        if t.is_numeric() { return 1; }
        let u = Token(s.clone());
        if u.starts_with("x") { return 2; }
        let a = String::from("abc");
        let f = move |c: char| a.contains(c);
        if s.starts_with(f) { 3 } else { 0 }
    }

    fn conditions_hold_blocks_and_matches [__SYMTEST_META_conditions_hold_blocks_and_matches, __symtest_subject_conditions_hold_blocks_and_matches] (a: u16, b: u16) -> u16 {
        if { let t = a.wrapping_add(b); t > 100 } { return 1; }
        if match a { 0 => true, _ => b == 0 } { return 2; }
        if (a > b) == (b > 10) { 3 } else { 4 }
    }
}

/// Defines a function twice, in `lent::instrumented` and `lent::original`, for parameters
/// the `twins!` test cannot clone into a call (`&mut T`).
macro_rules! lent_twins {
    ($($item:tt)*) => {
        mod lent {
            pub mod instrumented {
                #![allow(clippy::all)]
                use super::super::*;
                #[symtest_runtime::symtest]
                $($item)*
            }
            pub mod original {
                #![allow(clippy::all)]
                use super::super::*;
                $($item)*
            }
        }
    };
}

lent_twins! {
    pub fn settle(balances: &mut Vec<i32>, fees: &mut BTreeMap<u8, u32>, rounds: &mut u8, slice: &mut [i8]) -> i64 {
        let mut total = 0i64;
        for balance in balances.iter_mut() {
            if *balance < 0 { *balance = 0; } else { total += i64::from(*balance); }
        }
        *rounds = rounds.wrapping_add(1);
        if *rounds > 200 { balances.push(-1); }
        fees.retain(|_, fee| *fee > 10);
        if let Some(fee) = fees.get_mut(&3) { *fee += 1; }
        if balances.len() > 3 && balances[2] == 0 { total -= 1; }
        if let Some(first) = slice.first_mut() { *first = first.wrapping_neg(); }
        if *rounds == 7 { panic!("round {rounds}"); }
        total
    }
}

/// `&mut` parameters: the instrumented function returns (or panics) as the original does and
/// leaves its arguments in the same state, and its shadows never contradict a run.
#[test]
fn lent_arguments_end_in_the_same_state() {
    type Args = (Vec<i32>, BTreeMap<u8, u32>, u8, Vec<i8>);
    let subject = lent::instrumented::__symtest_subject_settle();
    let mut rng = Rng::seed_from_u64(7);
    for _ in 0..RUNS {
        let value = random_value(&subject.shape, &mut rng);
        let args = <Args as Input>::decode(&value);
        let (mut a, mut b, mut c, mut d) = args.clone();
        let original = outcome(|| lent::original::settle(&mut a, &mut b, &mut c, &mut d));
        let (mut e, mut f, mut g, mut h) = args;
        let meta = &lent::instrumented::__SYMTEST_META_settle;
        let (instrumented, _) = symtest_runtime::record::recorder::record(meta, u64::MAX, || {
            outcome(|| lent::instrumented::settle(&mut e, &mut f, &mut g, &mut h))
        });
        assert_eq!(instrumented, original, "settle differs on {value:?}");
        assert_eq!(
            (e, f, g, h),
            (a, b, c, d),
            "settle's arguments differ on {value:?}"
        );
        let run = symtest_runtime::shadow::execute(&subject, &value, u64::MAX);
        for entry in &run.path {
            let built = entry.outcomes[entry.taken as usize].is_some();
            assert!(
                entry.consistent || !built,
                "settle's shadows contradict {value:?}: {entry:?}"
            );
        }
    }
}

fn parse(n: i32) -> Result<i32, String> {
    if n % 7 == 0 {
        Err("multiple of seven".into())
    } else {
        Ok(n)
    }
}

/// The twins that exercise the modelled operations do get constraints: over random inputs,
/// every decision they reach has a complete constraint over the inputs at least once.
#[test]
fn modelled_operations_give_complete_constraints() {
    // What is deliberately not modelled: an enumerate index is a plain count, closures and
    // slice `contains` are opaque.
    let subjects = [
        (
            instrumented::__symtest_subject_shadowed_arithmetic(),
            vec![],
        ),
        (instrumented::__symtest_subject_shadowed_reversed(), vec![]),
        // A `VecDeque` is modelled as a sequence and a `u128` as an integer; boxes, sets,
        // maps and results are not (a set's or map's length and order are not its genes'),
        // but what `Ok(n)` binds of a result parameter is an input variable (`n > 200`).
        (
            instrumented::__symtest_subject_std_types(),
            vec![
                "*cap == -4",
                "item",
                "match stock.get(item)",
                "count > 100",
                "match last",
                "*cap < 0",
                "stock.len() == wanted.len()",
                "wanted.len() > 2",
            ],
        ),
        (
            instrumented::__symtest_subject_shadowed_strings(),
            vec!["index > 3"],
        ),
        (
            instrumented::__symtest_subject_string_and_char_predicates(),
            vec![
                "s.contains(| x: char | x.is_ascii_digit())",
                "v.contains(&b)",
            ],
        ),
    ];
    for (subject, unmodelled) in subjects {
        let mut rng = Rng::seed_from_u64(3);
        let mut reached = std::collections::BTreeSet::new();
        let mut modelled = std::collections::BTreeSet::new();
        for _ in 0..2_000 {
            let value = random_value(&subject.shape, &mut rng);
            let run = symtest_runtime::shadow::execute(&subject, &value, u64::MAX);
            for entry in &run.path {
                reached.insert(entry.decision);
                if entry
                    .taken_constraint()
                    .is_some_and(|c| c.complete() && c.symbolic())
                {
                    modelled.insert(entry.decision);
                }
            }
        }
        let missing: Vec<String> = reached
            .difference(&modelled)
            .map(|&d| subject.meta.decisions[d as usize].text.to_string())
            .collect();
        assert_eq!(missing, unmodelled, "{}", subject.meta.name);
    }
}

/// The branches of nested `fn`s and closures are the function's own: random inputs take both
/// outcomes of every one of them, and the trace records it.
#[test]
fn match_arms_compiled_out_by_cfg_are_no_branches() {
    let meta = &instrumented::__SYMTEST_META_cfg_arms;
    let arms: Vec<&str> = meta
        .branches()
        .filter(|branch| !meta.is_output(branch.decision))
        .map(|branch| meta.decisions[branch.decision as usize].outcomes[branch.outcome as usize])
        .collect();
    assert_eq!(arms.len(), 3, "{arms:?}");
    let (present, absent) = if cfg!(debug_assertions) {
        (2, 3)
    } else {
        (3, 2)
    };
    assert!(meta.decisions[0].compiled(present) && !meta.decisions[0].compiled(absent));
    let (returned, trace) =
        symtest_runtime::record::recorder::record(meta, u64::MAX, || instrumented::cfg_arms(3));
    assert_eq!(
        trace.decision(0).unwrap().hits[present],
        1,
        "returned {returned}"
    );
}

/// An arm of a tuple pattern is as far as the elements that do not match it: a pair of
/// options measures how many of its options have the arm's variant, where every pair was K
/// away from every arm not taken.
#[test]
fn tuple_patterns_measure_the_elements_that_do_not_match() {
    let meta = &instrumented::__SYMTEST_META_option_pairs;
    let distance_to_arm_3 = |a: Option<u8>, b: Option<&str>| {
        let (_, trace) = symtest_runtime::record::recorder::record(meta, u64::MAX, || {
            instrumented::option_pairs(a, b.map(str::to_string))
        });
        trace.decision(0).unwrap().distances[3]
    };
    // `(None, Some(_))`: both elements wrong, one wrong, right.
    let both = distance_to_arm_3(Some(20), None);
    let one = distance_to_arm_3(Some(20), Some("x"));
    assert!(0.0 < one && one < both, "{one} {both}");
    assert_eq!(distance_to_arm_3(None, Some("x")), 0.0);
}

#[test]
fn nested_fn_and_closure_branches_are_recorded() {
    let meta = &instrumented::__SYMTEST_META_closures_and_nested_fns;
    let mut taken = vec![Vec::new(); meta.decisions.len()];
    for (a, v, s) in [
        (3, vec![-1, 3, 7], "A7B"),
        (-9, vec![1, 2], "a"),
        (7, vec![2], "ZZZZZZZZZZ"),
        (i32::MAX, vec![5], "O1"),
        (1, vec![], "12"),
    ] {
        let (_, trace) = symtest_runtime::record::recorder::record(meta, u64::MAX, || {
            instrumented::closures_and_nested_fns(a, v, s.to_string())
        });
        for (decision, record) in trace.decisions().enumerate() {
            taken[decision].resize(record.hits.len(), false);
            for (outcome, &hits) in record.hits.iter().enumerate() {
                taken[decision][outcome] |= hits > 0;
            }
        }
    }
    for (decision, outcomes) in meta.decisions.iter().zip(&taken) {
        let missed: Vec<&str> = outcomes
            .iter()
            .zip(decision.outcomes)
            .filter(|(taken, _)| !**taken)
            .map(|(_, name)| *name)
            .collect();
        assert!(
            missed.is_empty(),
            "`{}` (line {}) never took {missed:?}",
            decision.text,
            decision.line
        );
    }
    let texts: Vec<&str> = meta.decisions.iter().map(|d| d.text).collect();
    for nested in [
        "match c",
        "i % 2 == 0",
        "sum > 40",
        "x > 0",
        "x < 0",
        "x > limit",
    ] {
        assert!(
            texts.contains(&nested),
            "{nested} is not a decision: {texts:?}"
        );
    }
}

/// Functions and methods that never return (`-> !`): what calls them for the search gives
/// their result a type, where the never type's fallback is an error since Rust 2024.
mod never {
    #![allow(clippy::diverging_sub_expression)]

    #[derive(Debug, Clone, Copy)]
    #[symtest_runtime::symtest]
    pub enum Error {
        Small,
        Big,
    }

    #[symtest_runtime::symtest]
    impl Error {
        pub const fn unwrap_const(self) -> ! {
            match self {
                Error::Small => panic!("small"),
                Error::Big => panic!("big"),
            }
        }
    }

    #[symtest_runtime::symtest]
    pub fn fail(code: u8) -> ! {
        if code > 3 {
            panic!("big")
        } else {
            panic!("small")
        }
    }
}

#[test]
fn functions_that_never_return_are_instrumented() {
    let (failed, _) =
        symtest_runtime::record::recorder::record(&never::__SYMTEST_META_fail, u64::MAX, || {
            outcome(|| -> () { never::fail(5) })
        });
    assert_eq!(failed, Err("big".to_string()));
    assert_eq!(
        outcome(|| -> () { never::Error::Small.unwrap_const() }),
        Err("small".to_string())
    );
}

/// A block generic over types, skipped (a signature names a parameter's associated type) and
/// instrumented for its callers, whose methods match on `*self`: the table, a static, cannot
/// name `Self` (it named it, and did not compile).
mod generic_self {
    pub use Either::{Left, Right};

    #[derive(Debug, Clone, PartialEq)]
    #[symtest_runtime::symtest]
    pub enum Either<L, R> {
        Left(L),
        Right(R),
    }

    #[symtest_runtime::symtest]
    impl<L, R> Either<L, R> {
        pub fn is_left(&self) -> bool {
            match self {
                Left(_) => true,
                Right(_) => false,
            }
        }

        pub fn into_iter(self) -> Either<L::IntoIter, R::IntoIter>
        where
            L: IntoIterator,
            R: IntoIterator<Item = L::Item>,
        {
            match self {
                Either::Left(inner) => Either::Left(inner.into_iter()),
                Either::Right(inner) => Either::Right(inner.into_iter()),
            }
        }
    }
}

#[test]
fn methods_of_a_block_generic_over_types_match_on_self() {
    let left: generic_self::Either<u8, String> = generic_self::Either::Left(1);
    let right: generic_self::Either<u8, String> = generic_self::Either::Right("a".into());
    assert!(left.is_left() && !right.is_left());
    let items: generic_self::Either<Vec<u8>, Vec<u8>> = generic_self::Either::Left(vec![1, 2]);
    match items.into_iter() {
        generic_self::Either::Left(items) => assert_eq!(items.count(), 2),
        generic_self::Either::Right(_) => panic!("left"),
    }
}

/// A tuple match whose patterns name associated constants (`Info::JOINED`) and a constant of
/// the module: each element is matched against the constant itself, not a reference to it
/// (E0308, unicode-width's `width_in_generic`).
mod constant_patterns {
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub struct Info(pub u16);

    impl Info {
        pub const JOINED: Self = Self(3);
        pub const PLAIN: Self = Self(0);
    }

    pub const LIMIT: u8 = 9;

    #[symtest_runtime::symtest]
    pub fn width(info: Info, c: char, n: u8) -> u8 {
        match (info, c, n) {
            (Info::JOINED, '=', _) => 0,
            (Info::JOINED, _, LIMIT) => 1,
            (Info::PLAIN, _, _) => 2,
            _ => 3,
        }
    }
}

#[test]
fn tuple_patterns_of_constants_are_measured_against_the_elements() {
    use constant_patterns::{Info, width};
    assert_eq!(width(Info::JOINED, '=', 0), 0);
    assert_eq!(width(Info::JOINED, 'x', 9), 1);
    assert_eq!(width(Info::PLAIN, 'x', 9), 2);
    assert_eq!(width(Info(7), 'x', 9), 3);
}
