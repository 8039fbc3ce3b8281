//! Field coverage on an instrumented impl block: the sequence subject observes its value after
//! the constructor and every call, and the search with `Criterion::Field` targets the field
//! classes a branch search leaves out.
//!
//! Field observation is a process-wide switch the search sets, so every test of this binary
//! runs in the one test function below, in order.

use std::collections::BTreeSet;
use std::time::Duration;

use rand::SeedableRng;
use symtest_runtime::genes::random::{Rng, random_value};
use symtest_runtime::record::fields::{self, Class, IntClass, Pair};
use symtest_runtime::record::recorder;
use symtest_runtime::record::trace::{Branch, Trace};
use symtest_runtime::search::driver::{Criterion, Report, SearchConfig, search};

mod ring {
    /// A bounded queue whose fields take states no branch tells apart: its length, how often
    /// it wrapped, and whether it was ever full.
    #[derive(Debug)]
    pub struct Ring {
        items: Vec<u8>,
        cap: usize,
        wraps: u32,
        was_full: bool,
    }

    #[symtest_runtime::symtest]
    impl Ring {
        pub fn new(cap: u8) -> Option<Ring> {
            if cap == 0 || cap > 8 {
                return None;
            }
            Some(Ring {
                items: Vec::new(),
                cap: usize::from(cap),
                wraps: 0,
                was_full: false,
            })
        }

        pub fn push(&mut self, item: u8) -> bool {
            if self.items.len() == self.cap {
                return false;
            }
            self.items.push(item);
            self.was_full |= self.items.len() == self.cap;
            true
        }

        pub fn pop(&mut self) -> Option<u8> {
            if self.items.is_empty() {
                return None;
            }
            self.wraps += 1;
            Some(self.items.remove(0))
        }
    }
}

mod gauge {
    /// A type whose hand-written `Debug` calls one of its instrumented methods.
    pub struct Gauge {
        pub value: u8,
    }

    impl std::fmt::Debug for Gauge {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "Gauge {{ level: {} }}", self.level())
        }
    }

    #[symtest_runtime::symtest]
    impl Gauge {
        pub fn new() -> Gauge {
            Gauge { value: 0 }
        }

        pub fn level(&self) -> u8 {
            if self.value > 100 { 2 } else { 1 }
        }

        pub fn set(&mut self, value: u8) {
            self.value = value;
        }
    }
}

fn pair(field: &str, class: Class) -> Branch {
    Pair {
        field: field.to_string(),
        class,
    }
    .branch()
}

fn run(criterion: Criterion, seed: u64) -> Report {
    let config = SearchConfig {
        criterion,
        seed,
        evaluations_per_target: 5_000,
        time_per_target: Duration::from_secs(30),
        ..SearchConfig::default()
    };
    search(&ring::__symtest_subject_Ring(), &config, &mut |_| {})
}

/// The field classes the archived inputs of `report` cover, measured again whatever the
/// search observed (a branch search observes none).
fn field_pairs(report: &Report) -> BTreeSet<Branch> {
    let subject = ring::__symtest_subject_Ring();
    let mut pairs = BTreeSet::new();
    for entry in report.archive.entries() {
        let mut trace = Trace::measured(subject.meta);
        recorder::record_into(subject.meta, 100_000, &mut trace, || {
            (subject.exec)(&entry.value, false)
        });
        pairs.extend(trace.covered().filter(|b| fields::is_field(*b)));
    }
    pairs
}

#[test]
fn field_coverage() {
    observes_the_value_after_every_call_only_when_asked();
    printing_the_value_records_no_branches();
    targets_the_classes_a_branch_search_leaves_out();
}

fn observes_the_value_after_every_call_only_when_asked() {
    let subject = ring::__symtest_subject_Ring();
    let mut rng = Rng::seed_from_u64(3);
    let mut seen = BTreeSet::new();
    let mut off = BTreeSet::new();
    fields::enable(false);
    for _ in 0..2_000 {
        let value = random_value(&subject.shape, &mut rng);
        let mut measured = Trace::measured(subject.meta);
        recorder::record_into(subject.meta, 100_000, &mut measured, || {
            (subject.exec)(&value, false)
        });
        seen.extend(measured.covered().filter(|b| fields::is_field(*b)));
        let (_, plain) = recorder::record(subject.meta, 100_000, || (subject.exec)(&value, false));
        off.extend(plain.covered().filter(|b| fields::is_field(*b)));
    }
    assert!(off.is_empty(), "observed with observation off: {off:?}");
    // The states right after the constructor, and after calls.
    for (field, class) in [
        ("items", Class::Len(0)),
        ("items", Class::Len(1)),
        ("items[]", Class::Int(IntClass::Large)),
        ("wraps", Class::Int(IntClass::Zero)),
        ("wraps", Class::Int(IntClass::One)),
        ("was_full", Class::Bool(false)),
        ("was_full", Class::Bool(true)),
        ("", Class::Variant("Ring".into())),
    ] {
        assert!(
            seen.contains(&pair(field, class.clone())),
            "{field}: {class} not observed in 2,000 random sequences"
        );
    }
}

fn printing_the_value_records_no_branches() {
    let subject = gauge::__symtest_subject_Gauge();
    // The constructor, and no calls.
    let value = subject.shape.zero();
    let mut trace = Trace::measured(subject.meta);
    recorder::record_into(subject.meta, 100_000, &mut trace, || {
        (subject.exec)(&value, false)
    });
    let (pairs, branches): (Vec<Branch>, Vec<Branch>) =
        trace.covered().partition(|b| fields::is_field(*b));
    assert!(pairs.contains(&pair("level", Class::Int(IntClass::One))));
    assert!(branches.is_empty(), "{branches:?}");
}

fn targets_the_classes_a_branch_search_leaves_out() {
    let branch = run(Criterion::Branch, 7);
    let field = run(Criterion::Field, 7);
    let transcoped = run(Criterion::FieldTranscoped, 7);
    for report in [&branch, &field, &transcoped] {
        let uncovered = report.targets.iter().filter(|t| !t.covered);
        let branches = uncovered.filter(|t| !fields::is_field(t.target));
        assert_eq!(branches.count(), 0, "every branch is feasible");
    }
    // The branch search targets no field class; the field searches do, and their inputs cover
    // more.
    assert!(!branch.targets.iter().any(|t| fields::is_field(t.target)));
    assert!(field.targets.iter().any(|t| fields::is_field(t.target)));
    assert!(
        field_pairs(&field).len() > field_pairs(&branch).len(),
        "field {} vs branch {}",
        field_pairs(&field).len(),
        field_pairs(&branch).len()
    );
    // Four items take four pushes in a row: the length's distance leads there.
    let four = pair("items", Class::Len(4));
    assert!(field_pairs(&field).contains(&four));
    // Two or more pops: `wraps: small` needs a push before each.
    assert!(field_pairs(&field).contains(&pair("wraps", Class::Int(IntClass::Small))));
    // Transcoping spends no more on field targets than the exhaustive search.
    let spent = |r: &Report| -> u64 {
        let fields = r.targets.iter().filter(|t| fields::is_field(t.target));
        fields.map(|t| t.evaluations).sum()
    };
    assert!(spent(&transcoped) <= spent(&field));
}
