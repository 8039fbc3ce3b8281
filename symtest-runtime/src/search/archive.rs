//! The archive: every input that covered a branch no earlier input covered, with what it did.

use std::time::Duration;

use crate::genes::Value;
use crate::outcome::Outcome;
use crate::trace::{Branch, Trace};

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
}

impl Archive {
    pub fn covers(&self, branch: Branch) -> bool {
        self.covered.contains(&branch)
    }

    pub fn covered(&self) -> &[Branch] {
        &self.covered
    }

    pub fn entries(&self) -> &[Entry] {
        &self.entries
    }

    /// Branches of `trace` nobody covered yet; empty when the input adds nothing.
    pub fn new_branches(&self, trace: &Trace) -> Vec<Branch> {
        trace
            .covered()
            .filter(|branch| !self.covers(*branch))
            .collect()
    }

    /// Keeps `entry`, whose `new` branches are now covered.
    pub fn keep(&mut self, entry: Entry) -> &Entry {
        self.covered.extend(entry.new.iter().copied());
        self.covered.sort();
        self.entries.push(entry);
        self.entries.last().expect("just pushed")
    }
}
