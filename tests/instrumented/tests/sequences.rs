//! Impl blocks under `#[symtest]`: instrumenting the methods must not change what they do,
//! and the block's sequence subject must run, record and render call sequences.

mod common;

use common::outcome;

use rand::{RngExt, SeedableRng};
use symtest_runtime::genes::random::{Rng, random_value};
use symtest_runtime::record::recorder;

/// Defines the type and its impl block twice: instrumented, and as written.
macro_rules! twins {
    (@item $(#[$attr:meta])* struct $name:ident $fields:tt impl $block:tt) => {
        #[derive(Debug)]
        pub struct $name $fields
        $(#[$attr])*
        impl $name $block
    };
    ($($body:tt)*) => {
        mod instrumented {
            #![allow(dead_code, clippy::all)]
            use symtest_runtime::symtest;
            twins!(@item #[symtest] $($body)*);
        }
        mod original {
            #![allow(dead_code, clippy::all)]
            twins!(@item $($body)*);
        }
    };
}

twins! {
    struct Account { balance: i64, history: Vec<i64>, frozen: bool }
    impl {
        pub fn open(deposit: i64) -> Option<Account> {
            if deposit < 0 {
                return None;
            }
            Some(Account { balance: deposit, history: vec![deposit], frozen: false })
        }

        pub fn deposit(&mut self, amount: i64) -> Result<i64, String> {
            if self.frozen {
                return Err(String::from("frozen"));
            }
            let balance = self.balance.checked_add(amount).ok_or("overflow")?;
            self.balance = balance;
            self.history.push(amount);
            Ok(balance)
        }

        pub fn withdraw(&mut self, amount: u32) -> bool {
            match i64::from(amount) {
                0 => false,
                wanted if wanted > self.balance => {
                    self.frozen = self.history.len() > 3;
                    false
                }
                wanted => {
                    self.balance -= wanted;
                    true
                }
            }
        }

        pub fn largest(&self) -> Option<i64> {
            let mut largest = None;
            for &entry in &self.history {
                if largest.is_none_or(|l| entry > l) {
                    largest = Some(entry);
                }
            }
            largest
        }

        pub fn audit(&self, limit: i64) -> usize {
            assert!(limit != 13, "unlucky limit");
            self.history.iter().filter(|&&e| e > limit).count()
        }

        pub fn close(self) -> i64 {
            self.balance
        }
    }
}

/// One call, with its argument.
#[derive(Clone, Copy, Debug)]
enum Call {
    Deposit(i64),
    Withdraw(u32),
    Largest,
    Audit(i64),
    Close,
}

fn random_call(rng: &mut Rng) -> Call {
    let small = |rng: &mut Rng| rng.random_range(-20..=20i64);
    match rng.random_range(0..5) {
        0 => Call::Deposit(if rng.random_bool(0.1) {
            i64::MAX
        } else {
            small(rng)
        }),
        1 => Call::Withdraw(rng.random_range(0..=30)),
        2 => Call::Largest,
        3 => Call::Audit(small(rng)),
        _ => Call::Close,
    }
}

macro_rules! apply {
    ($object:ident, $call:expr) => {
        match $call {
            Call::Deposit(amount) => outcome(|| $object.deposit(amount)),
            Call::Withdraw(amount) => outcome(|| $object.withdraw(amount)),
            Call::Largest => outcome(|| $object.largest()),
            Call::Audit(limit) => outcome(|| $object.audit(limit)),
            Call::Close => unreachable!("handled by the caller"),
        }
    };
}

#[test]
fn instrumented_methods_behave_as_written_in_every_sequence() {
    let subject = instrumented::__symtest_subject_Account();
    let mut rng = Rng::seed_from_u64(5);
    for _ in 0..2_000 {
        let deposit = rng.random_range(-3..=40);
        let calls: Vec<Call> = (0..rng.random_range(0..8))
            .map(|_| random_call(&mut rng))
            .collect();
        let (steps, _) = recorder::record(subject.meta, u64::MAX, || {
            let mut steps = Vec::new();
            let Some(mut object) = instrumented::Account::open(deposit) else {
                return steps;
            };
            for &call in &calls {
                if let Call::Close = call {
                    steps.push(outcome(|| object.close()));
                    break;
                }
                steps.push(apply!(object, call));
            }
            steps
        });
        let mut expected = Vec::new();
        if let Some(mut object) = original::Account::open(deposit) {
            for &call in &calls {
                if let Call::Close = call {
                    expected.push(outcome(|| object.close()));
                    break;
                }
                expected.push(apply!(object, call));
            }
        }
        assert_eq!(steps, expected, "open({deposit}) then {calls:?}");
    }
}

#[test]
fn the_sequence_subject_records_every_method_and_renders_runnable_statements() {
    let subject = instrumented::__symtest_subject_Account();
    let meta = subject.meta;
    let member_names: Vec<&str> = meta.members.iter().map(|m| m.meta.name).collect();
    assert_eq!(
        member_names,
        [
            "Account::open",
            "Account::deposit",
            "Account::withdraw",
            "Account::largest",
            "Account::audit",
            "Account::close"
        ]
    );
    let mut rng = Rng::seed_from_u64(9);
    let mut covered = std::collections::BTreeSet::new();
    let mut panicked = false;
    for _ in 0..3_000 {
        let value = random_value(&subject.shape, &mut rng);
        let (outcome, trace) = recorder::record(meta, 100_000, || (subject.exec)(&value, true));
        covered.extend(trace.covered());
        panicked |= matches!(
            outcome,
            symtest_runtime::record::outcome::Outcome::Panicked { .. }
        );
        let lines = (subject.render)(&value);
        assert!(!lines.is_empty(), "{value:?}");
        assert!(lines[0].contains("Account::open("), "{lines:?}");
    }
    let branches = meta.branches().count();
    assert!(
        covered.len() * 10 >= branches * 7,
        "random sequences cover {} of {branches} branches",
        covered.len()
    );
    assert!(
        panicked,
        "audit(13) panics: some random sequence must reach it"
    );
}

mod counters {
    #[derive(Debug)]
    pub struct Counter(pub u8);
}

/// An impl block that names its type by a path the module has not imported.
mod elsewhere {
    #[symtest_runtime::symtest]
    impl super::counters::Counter {
        pub fn zero() -> Self {
            super::counters::Counter(0)
        }

        pub fn bump(&mut self, by: u8) -> bool {
            if self.0.checked_add(by).is_none() {
                return false;
            }
            self.0 += by;
            true
        }
    }
}

#[test]
fn an_impl_block_of_a_type_named_by_path_is_searched_through_that_path() {
    let subject = elsewhere::__symtest_subject_Counter();
    let mut rng = Rng::seed_from_u64(1);
    let mut covered = std::collections::BTreeSet::new();
    for _ in 0..500 {
        let value = random_value(&subject.shape, &mut rng);
        let (_, trace) = recorder::record(subject.meta, 10_000, || (subject.exec)(&value, false));
        covered.extend(trace.covered());
    }
    assert!(covered.len() >= 2, "{covered:?}");
    let lines = (subject.render)(&random_value(&subject.shape, &mut rng));
    assert!(lines[0].starts_with("let "), "{lines:?}");
    assert!(lines[0].contains("Counter::zero()"), "{lines:?}");
}
