//! The archive: every input that covered a branch no earlier input covered, or that was the
//! first to end in its way (return or panic), with what it did.

use std::time::Duration;

use crate::genes::Value;
use crate::record::outcome::Outcome;
use crate::record::trace::{Branch, Trace};

/// One kept input.
#[derive(Clone, Debug)]
pub struct Entry {
    pub value: Value,
    /// Each argument as a Rust expression, in parameter order.
    pub args: Vec<String>,
    /// Every branch the input covers.
    pub covers: Vec<Branch>,
    /// The branches it was the first to cover.
    pub new: Vec<Branch>,
    pub outcome: Outcome,
    /// Evaluations of the whole search when it was found.
    pub evaluations: u64,
    pub elapsed: Duration,
    pub trace: Trace,
}

#[derive(Clone, Debug, Default)]
pub struct Archive {
    covered: Vec<Branch>,
    entries: Vec<Entry>,
    /// Inputs kept for how they end alone: for the suite, never for the search to start from
    /// or to count as progress.
    endings: Vec<Entry>,
    /// The most branches a kept returning input covers (`None`: no kept input returned), and
    /// whether a kept input panicked: [`ends_new_way`](Self::ends_new_way) asks on every
    /// evaluation.
    widest_return: Option<usize>,
    panicked: bool,
}

impl Archive {
    pub fn covers(&self, branch: Branch) -> bool {
        self.covered.binary_search(&branch).is_ok()
    }

    pub fn covered(&self) -> &[Branch] {
        &self.covered
    }

    /// The inputs that covered new branches, in the order they were found.
    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Every kept input: those that covered new branches, then those kept for how they end.
    pub fn all(&self) -> impl Iterator<Item = &Entry> {
        self.entries.iter().chain(&self.endings)
    }

    /// Branches of `trace` nobody covered yet; empty when the input adds nothing.
    pub fn new_branches(&self, trace: &Trace) -> Vec<Branch> {
        trace
            .covered()
            .filter(|branch| !self.covers(*branch))
            .collect()
    }

    /// Whether an input that ends with `outcome` after covering `covers` branches is worth
    /// keeping without new branches: the first return and the first panic are, so a suite can
    /// show both, and so is a return that covers more than every kept return (a suite's one
    /// returning test should exercise the most code it can).
    pub fn ends_new_way(&self, outcome: &Outcome, covers: impl FnOnce() -> usize) -> bool {
        match outcome {
            Outcome::Timeout | Outcome::Invalid => false,
            Outcome::Returned { .. } => self.widest_return.is_none_or(|widest| widest < covers()),
            Outcome::Panicked { .. } => !self.panicked,
        }
    }

    fn note_ending(&mut self, entry: &Entry) {
        match entry.outcome {
            Outcome::Returned { .. } => {
                self.widest_return = self.widest_return.max(Some(entry.covers.len()));
            }
            Outcome::Panicked { .. } => self.panicked = true,
            Outcome::Timeout | Outcome::Invalid => {}
        }
    }

    /// Keeps `entry`, which covers no new branch but [ends a new way](Self::ends_new_way).
    pub fn keep_ending(&mut self, entry: Entry) -> &Entry {
        self.note_ending(&entry);
        self.endings.push(entry);
        self.endings.last().expect("just pushed")
    }

    /// Keeps `entry`, whose `new` branches are now covered.
    pub fn keep(&mut self, entry: Entry) -> &Entry {
        self.note_ending(&entry);
        self.covered.extend(entry.new.iter().copied());
        self.covered.sort();
        self.entries.push(entry);
        self.entries.last().expect("just pushed")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::trace::FunctionMeta;

    static META: FunctionMeta = FunctionMeta::bare("f", "m", "f.rs", 1);

    fn entry(outcome: Outcome, covers: u32) -> Entry {
        Entry {
            value: Value::List(Vec::new()),
            args: Vec::new(),
            covers: (0..covers)
                .map(|decision| Branch {
                    decision,
                    outcome: 0,
                })
                .collect(),
            new: Vec::new(),
            outcome,
            evaluations: 0,
            elapsed: Duration::ZERO,
            trace: Trace::new(&META),
        }
    }

    #[test]
    fn the_first_return_and_the_first_panic_are_new_endings_timeouts_never() {
        let returned = Outcome::Returned {
            literal: None,
            debug: None,
            comparable: false,
        };
        let panicked = |message: &str| Outcome::Panicked {
            message: message.into(),
            location: None,
        };
        let mut archive = Archive::default();
        assert!(!archive.ends_new_way(&Outcome::Timeout, || 0));
        assert!(archive.ends_new_way(&panicked("a"), || 0));
        archive.keep_ending(entry(panicked("a"), 2));
        assert!(
            !archive.ends_new_way(&panicked("b"), || 5),
            "one panic is enough"
        );
        assert!(archive.ends_new_way(&returned, || 0));
        archive.keep_ending(entry(returned.clone(), 1));
        assert!(!archive.ends_new_way(&returned, || 1));
        assert!(
            archive.entries().is_empty(),
            "endings are not search entries"
        );
        assert_eq!(archive.all().count(), 2);
        assert!(
            archive.ends_new_way(&returned, || 2),
            "a return that covers more"
        );
    }
}
