//! Boundary targets: for a comparison `a < b`, `a <= b`, `a == b`, … each outcome taken with the
//! two sides as close as they come — equal, or one apart. These are the inputs that tell
//! `<` from `<=` and `MAX` from `MAX + 1`, the off-by-one bugs a branch-covering suite misses.
//!
//! A hook reports, for the outcome it takes, the distance to the other outcome (the *miss*).
//! With integers the miss is the failure constant `K` exactly at the boundary: `a < b` false
//! with `a == b`, true with `a == b - 1`; `a == b` true, or false with `|a − b| = 1`. So an
//! outcome is *on its boundary* when an execution took it with a miss of `K`, and how far
//! from it is `|miss − K|`: the trace keeps the smallest (see [`Trace::near`]). Floats are held
//! to the same rule, at a distance of 1 rather than an ulp.
//!
//! A boundary is reported as a branch whose outcome has [`BOUNDARY`] added, so the archive,
//! suite selection and shrinking keep tests for them as for branches; `cargo symtest` counts
//! them apart.
//!
//! [`Trace::near`]: super::trace::Trace::near

use super::trace::{Branch, DecisionMeta, FunctionMeta};

/// Added to an outcome to name its boundary.
pub const BOUNDARY: u32 = 1 << 16;

/// Whether `branch` names a boundary rather than a branch (pseudo-branches, whose decision
/// ids count down from `u32::MAX`, name none).
pub fn is_boundary(branch: Branch) -> bool {
    branch.outcome >= BOUNDARY && branch.decision < super::fields::FIELD
}

/// The boundary of `branch`.
pub fn boundary_of(branch: Branch) -> Branch {
    Branch {
        decision: branch.decision,
        outcome: branch.outcome | BOUNDARY,
    }
}

/// The branch a boundary belongs to (a branch itself for a branch).
pub fn branch_of(boundary: Branch) -> Branch {
    Branch {
        decision: boundary.decision,
        outcome: boundary.outcome & !BOUNDARY,
    }
}

impl DecisionMeta {
    /// Whether the decision is a boolean predicate of the code: two-way, and not a loop's next
    /// item, a `?`, a pattern or an output class.
    pub fn is_predicate(&self) -> bool {
        self.outcomes.len() == 2 && matches!(self.kind, "if" | "while" | "guard" | "condition")
    }

    /// Whether the decision compares two values, so its outcomes have boundaries: a predicate
    /// (see [`DecisionMeta::is_predicate`]) that is a comparison.
    pub fn has_boundary(&self) -> bool {
        if !self.is_predicate() {
            return false;
        }
        // Arrows (`|x| -> bool`, `=>`) are no comparisons.
        let text = self.text.replace("->", "").replace("=>", "");
        ["<", ">", "==", "!="].iter().any(|op| text.contains(op))
    }
}

impl FunctionMeta {
    /// The boundaries of the function's comparisons, in id order: targets after the branches.
    pub fn boundaries(&self) -> impl Iterator<Item = Branch> + '_ {
        self.target_decision_metas()
            .iter()
            .enumerate()
            .filter(|(_, decision)| decision.has_boundary())
            .flat_map(|(decision, meta)| {
                (0..meta.outcomes.len() as u32)
                    .filter(|&outcome| meta.compiled(outcome as usize))
                    .map(move |outcome| {
                        boundary_of(Branch {
                            decision: decision as u32,
                            outcome,
                        })
                    })
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decision(kind: &'static str, text: &'static str) -> DecisionMeta {
        DecisionMeta {
            kind,
            line: 1,
            column: 1,
            text,
            outcomes: &["true", "false"],
            control: &[],
            snapshot: &[],
            compiled: &[],
        }
    }

    #[test]
    fn comparisons_have_boundaries_and_other_decisions_do_not() {
        assert!(decision("if", "a + b <= c").has_boundary());
        assert!(decision("condition", "x != 0").has_boundary());
        assert!(decision("while", "i < n").has_boundary());
        assert!(!decision("if", "flag").has_boundary());
        assert!(!decision("if", "s.is_empty()").has_boundary());
        assert!(!decision("for", "0..n").has_boundary());
        assert!(!decision("returns", "-> bool").has_boundary());
        assert!(!decision("if", "|x| -> bool").has_boundary());
    }

    #[test]
    fn a_boundary_names_its_branch() {
        let branch = Branch {
            decision: 3,
            outcome: 1,
        };
        let boundary = boundary_of(branch);
        assert!(is_boundary(boundary) && !is_boundary(branch));
        assert_eq!(branch_of(boundary), branch);
    }
}
