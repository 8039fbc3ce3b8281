//! How a search converged: the branches covered so far against evaluations and time, with the
//! phase of the algorithm that covered them, for the report's plots. A point is kept only when
//! coverage rises or a phase begins, and at most [`MAX_POINTS`] of them, so recording costs a
//! counter check per new branch and nothing per evaluation.

use std::time::Duration;

use crate::record::boundary;
use crate::record::trace::{Branch, FunctionMeta};

/// Most points one search keeps: past it, the last point moves instead of a new one being
/// added, so the curve's end stays exact and its memory bounded.
pub const MAX_POINTS: usize = 512;

/// A part of the search, as the plots tell them apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// The simplest input and, for fields, the small scopes: before any algorithm runs.
    Start,
    /// Every branch searched together (DynaMOSA).
    Dynamosa,
    /// One target at a time with the function's algorithm (`hybrid`, `avm`, `ga`, `random`).
    Targets(&'static str),
    /// A DSE step of the hybrid: solved path conditions, executed.
    Dse,
    /// The mutation analysis of the chosen suite and the hunt for the mutants it lets live.
    Mutation,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Start => "start",
            Phase::Dynamosa => "dynamosa",
            Phase::Targets(algorithm) => algorithm,
            Phase::Dse => "dse",
            Phase::Mutation => "mutation",
        }
    }
}

/// The state of the search at one moment.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    pub phase: Phase,
    pub evaluations: u64,
    pub elapsed: Duration,
    /// The function's own branches covered so far (not its output classes, boundaries,
    /// paths, field pairs or callees' branches).
    pub covered: usize,
}

/// The points of one search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    points: Vec<Point>,
    covered: usize,
}

impl Progress {
    /// How many of `branches` (each once) are branches of the function's own code, whose
    /// decisions come first in its table.
    pub fn own_branches(meta: &FunctionMeta, branches: &[Branch]) -> usize {
        let own = meta.own_decisions();
        branches
            .iter()
            .filter(|b| {
                (b.decision as usize) < own
                    && !meta.is_output(b.decision)
                    && !boundary::is_boundary(**b)
            })
            .count()
    }

    /// Notes the branches an evaluation covered first; adds a point when any of them is a
    /// branch of the function's own code.
    pub fn covered(
        &mut self,
        meta: &FunctionMeta,
        new: &[Branch],
        phase: Phase,
        evaluations: u64,
        elapsed: Duration,
    ) {
        let branches = Progress::own_branches(meta, new);
        if branches > 0 {
            self.covered += branches;
            self.push(phase, evaluations, elapsed);
        }
    }

    /// Marks where `phase` begins.
    pub fn begin(&mut self, phase: Phase, evaluations: u64, elapsed: Duration) {
        if self.points.last().is_some_and(|last| last.phase == phase) {
            return;
        }
        self.push(phase, evaluations, elapsed);
    }

    fn push(&mut self, phase: Phase, evaluations: u64, elapsed: Duration) {
        let point = Point {
            phase,
            evaluations,
            elapsed,
            covered: self.covered,
        };
        if self.points.len() < MAX_POINTS {
            self.points.push(point);
        } else if let Some(last) = self.points.last_mut() {
            *last = point;
        }
    }

    pub fn points(&self) -> &[Point] {
        &self.points
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn branch(decision: u32, outcome: u32) -> Branch {
        Branch { decision, outcome }
    }

    fn meta() -> &'static FunctionMeta {
        use crate::record::trace::DecisionMeta;
        static DECISIONS: [DecisionMeta; 1] = [DecisionMeta {
            kind: "if",
            line: 2,
            column: 7,
            text: "x > 0",
            outcomes: &["true", "false"],
            control: &[],
            snapshot: &[],
            compiled: &[],
        }];
        static META: FunctionMeta = FunctionMeta {
            name: "f",
            module_path: "demo",
            file: "src/lib.rs",
            line: 1,
            params: &["x"],
            returns: "()",
            decisions: &DECISIONS,
            loops: &[],
            symbolic: crate::record::symbolic::PathTable::new(""),
            paths: crate::record::path::Paths::new(""),
            shadow: crate::record::templates::ShadowMeta::NONE,
            members: &[],
        };
        &META
    }

    #[test]
    fn a_point_marks_each_rise_in_own_branches_and_each_phase_begun() {
        let mut progress = Progress::default();
        let at = Duration::from_millis;
        progress.begin(Phase::Start, 0, at(0));
        progress.covered(meta(), &[branch(0, 1)], Phase::Start, 1, at(1));
        progress.begin(Phase::Targets("hybrid"), 1, at(1));
        progress.begin(Phase::Targets("hybrid"), 2, at(2));
        // A boundary and a decision past the function's own are no branches of its code.
        progress.covered(
            meta(),
            &[branch(0, boundary::BOUNDARY), branch(7, 0)],
            Phase::Dse,
            5,
            at(3),
        );
        progress.covered(meta(), &[branch(0, 0)], Phase::Dse, 9, at(4));
        let points: Vec<(&str, u64, usize)> = progress
            .points()
            .iter()
            .map(|p| (p.phase.name(), p.evaluations, p.covered))
            .collect();
        assert_eq!(
            points,
            [
                ("start", 0, 0),
                ("start", 1, 1),
                ("hybrid", 1, 1),
                ("dse", 9, 2)
            ]
        );
    }

    #[test]
    fn past_the_cap_the_last_point_moves_so_the_end_stays_exact() {
        let mut progress = Progress::default();
        for evaluations in 0..(MAX_POINTS as u64 + 10) {
            let phase = match evaluations % 2 {
                0 => Phase::Dse,
                _ => Phase::Targets("ga"),
            };
            progress.begin(phase, evaluations, Duration::ZERO);
        }
        assert_eq!(progress.points().len(), MAX_POINTS);
        let last = progress.points().last().map(|p| p.evaluations);
        assert_eq!(last, Some(MAX_POINTS as u64 + 9));
    }
}
