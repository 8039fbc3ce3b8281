//! Methods of annotated trait impls join the call sequences of their type, next to its inherent
//! methods: the sequences reach the branches of a `Display::fmt` and an `Ord::cmp`, and render
//! the calls as users write them (`version.to_string()`, `version.cmp(&Version::new(1, 2))`). A
//! type with trait impls only gets sequences too, started by its `FromStr`.

mod common;

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use rand::SeedableRng;
use symtest_runtime::genes::random::{Rng, random_value};
use symtest_runtime::record::recorder;
use symtest_runtime::symtest;

/// A version whose fields are private: values are made by its constructor.
#[derive(Debug, PartialEq, Eq)]
pub struct Version {
    major: u8,
    minor: u8,
}

#[symtest]
impl Version {
    pub fn new(major: u8, minor: u8) -> Version {
        Version { major, minor }
    }

    pub fn bump(&mut self) {
        self.minor = self.minor.wrapping_add(1);
    }
}

#[symtest]
impl fmt::Display for Version {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.minor == 0 {
            write!(f, "v{}", self.major)
        } else {
            write!(f, "v{}.{}", self.major, self.minor)
        }
    }
}

#[symtest]
impl Ord for Version {
    fn cmp(&self, other: &Self) -> Ordering {
        if self.major != other.major {
            return self.major.cmp(&other.major);
        }
        if self.minor > other.minor {
            Ordering::Greater
        } else if self.minor < other.minor {
            Ordering::Less
        } else {
            Ordering::Equal
        }
    }
}

impl PartialOrd for Version {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[test]
fn sequences_reach_every_branch_of_display_and_ord_impls() {
    let subject = __symtest_subject_Version();
    let names: Vec<&str> = subject.meta.members.iter().map(|m| m.meta.name).collect();
    assert_eq!(
        names,
        [
            "Version::new",
            "Version::bump",
            "Version::fmt",
            "Version::cmp"
        ]
    );
    let decisions: Vec<&str> = subject.meta.decisions.iter().map(|d| d.text).collect();
    for decision in [
        "self.minor == 0",
        "self.major != other.major",
        "self.minor > other.minor",
    ] {
        assert!(decisions.contains(&decision), "{decision}: {decisions:?}");
    }
    let uncovered = common::uncovered_after_search(&subject);
    assert!(uncovered.is_empty(), "{uncovered:?}");
}

#[test]
fn trait_methods_are_rendered_as_users_call_them_and_run_the_same() {
    let subject = __symtest_subject_Version();
    let mut rng = Rng::seed_from_u64(3);
    let (mut shown, mut compared) = (false, false);
    for _ in 0..2_000 {
        let value = random_value(&subject.shape, &mut rng);
        let (_, trace) = recorder::record(subject.meta, 100_000, || (subject.exec)(&value, true));
        let lines = (subject.render)(&value);
        let fmt_decision = subject
            .meta
            .decisions
            .iter()
            .position(|d| d.text == "self.minor == 0");
        let displayed = fmt_decision.is_some_and(|decision| {
            trace
                .covered()
                .any(|branch| branch.decision == decision as u32)
        });
        // The branches of `fmt` are taken only where the test calls `to_string()` (not as
        // an inspection of the state left, which the search does not run).
        let writes = lines
            .iter()
            .any(|line| line.contains(".to_string()") && line.contains(r#""inspects":false"#));
        assert_eq!(displayed, writes, "{lines:#?}");
        for line in &lines {
            shown |= line.contains(r#""call":"version.to_string()""#)
                && line.contains(r#""literal":"\"v"#);
            compared |= line.contains(r#""call":"version.cmp(&Version::new("#)
                && line.contains("std::cmp::Ordering::");
        }
    }
    assert!(shown && compared, "to_string: {shown}, cmp: {compared}");
}

/// A type with trait impls only, started by its `FromStr`.
#[derive(Debug)]
pub struct Tokens {
    text: String,
    at: usize,
}

#[symtest]
impl FromStr for Tokens {
    type Err = String;

    fn from_str(text: &str) -> Result<Tokens, String> {
        if text.len() > 8 {
            return Err(String::from("too long"));
        }
        Ok(Tokens {
            text: text.to_string(),
            at: 0,
        })
    }
}

#[symtest]
impl Iterator for Tokens {
    type Item = char;

    fn next(&mut self) -> Option<Self::Item> {
        let next = self.text[self.at..].chars().next()?;
        self.at += next.len_utf8();
        if next == ' ' { Some('_') } else { Some(next) }
    }
}

#[test]
fn a_type_with_trait_impls_only_gets_sequences_from_its_constructor() {
    let subject = __symtest_subject_Tokens();
    let uncovered = common::uncovered_after_search(&subject);
    assert!(uncovered.is_empty(), "{uncovered:?}");
    let mut rng = Rng::seed_from_u64(5);
    let lines: Vec<String> = (0..200)
        .flat_map(|_| (subject.render)(&random_value(&subject.shape, &mut rng)))
        .collect();
    assert!(
        lines
            .iter()
            .any(|line| line.contains(".parse::<Tokens>().ok().unwrap();")),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|line| line.contains(r#""call":"tokens.next()""#)),
        "{lines:#?}"
    );
}
