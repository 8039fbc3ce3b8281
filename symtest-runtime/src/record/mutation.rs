//! Mutant schemata in the decision hooks: while a mutant is switched on, the hook of its
//! decision returns the outcome the mutated predicate would have given: another relational
//! operator (`<` for `<=`, …) applied to the same operands, or always `true` or always `false`.
//! The code then runs on as the mutated program would, with no recompiling, so a test's
//! result under every mutant takes one execution each (see `search::mutation`).

use std::cell::{Cell, RefCell};
use std::cmp::Ordering;
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};

use super::distance::CmpOp;

/// One change to one decision's predicate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// The comparison with this operator instead of its own.
    Replace(CmpOp),
    /// The predicate replaced by a constant.
    Always(bool),
}

/// A mutation of a decision of the recorded table (an impl block's combined one for
/// sequences).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mutant {
    pub decision: u32,
    pub mutation: Mutation,
}

/// Whether a mutation analysis runs in this process: the hooks check this first, so searches
/// pay one relaxed load per decision for it.
static ANALYSING: AtomicBool = AtomicBool::new(false);

thread_local! {
    static ACTIVE: Cell<Option<Mutant>> = const { Cell::new(None) };
    /// The operator each decision of the recorded table compares with, as executions showed.
    static OPERATORS: RefCell<Vec<Option<CmpOp>>> = const { RefCell::new(Vec::new()) };
}

#[inline]
pub fn analysing() -> bool {
    ANALYSING.load(AtomicOrdering::Relaxed)
}

/// Runs `f` with `mutant` switched on (`None`: the original program, whose comparison
/// operators are noted for [`operators`]).
pub fn with_mutant<R>(mutant: Option<Mutant>, f: impl FnOnce() -> R) -> R {
    struct Reset(Option<Mutant>);
    impl Drop for Reset {
        fn drop(&mut self) {
            ACTIVE.with(|active| active.set(self.0));
        }
    }
    ANALYSING.store(true, AtomicOrdering::Relaxed);
    let _reset = Reset(ACTIVE.with(|active| active.replace(mutant)));
    f()
}

/// The comparison operators the decisions used in the executions run so far without a
/// mutant, by decision id; forgets them.
pub fn operators() -> Vec<Option<CmpOp>> {
    OPERATORS.with(|seen| std::mem::take(&mut *seen.borrow_mut()))
}

/// The outcome decision `decision` (of the recorded table) returns: `outcome` as the code
/// computed it, or the active mutant's. `relation` is the comparison's operator and how its
/// operands ordered, for a comparison.
pub fn outcome(decision: u32, outcome: bool, relation: Option<(CmpOp, Option<Ordering>)>) -> bool {
    match ACTIVE.with(Cell::get) {
        None => {
            if let Some((op, _)) = relation {
                OPERATORS.with(|seen| {
                    let mut seen = seen.borrow_mut();
                    let index = decision as usize;
                    if seen.len() <= index {
                        seen.resize(index + 1, None);
                    }
                    seen[index].get_or_insert(op);
                });
            }
            outcome
        }
        Some(mutant) if mutant.decision == decision => match (mutant.mutation, relation) {
            (Mutation::Always(value), _) => value,
            (Mutation::Replace(op), Some((_, order))) => op.holds(order),
            (Mutation::Replace(_), None) => outcome,
        },
        Some(_) => outcome,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_active_mutant_changes_its_own_decision_only() {
        let less = Some((CmpOp::Lt, Some(Ordering::Equal)));
        let mutant = Mutant {
            decision: 3,
            mutation: Mutation::Replace(CmpOp::Le),
        };
        with_mutant(Some(mutant), || {
            assert!(outcome(3, false, less), "3 <= 3 where the code asked 3 < 3");
            assert!(!outcome(2, false, less), "another decision");
        });
        assert!(!outcome(3, false, less), "switched off again");
        let always = Mutant {
            decision: 0,
            mutation: Mutation::Always(true),
        };
        with_mutant(Some(always), || assert!(outcome(0, false, None)));
    }

    #[test]
    fn runs_without_a_mutant_note_each_decision_s_operator() {
        operators();
        with_mutant(None, || {
            outcome(2, true, Some((CmpOp::Ge, Some(Ordering::Greater))));
            outcome(0, true, None);
        });
        assert_eq!(operators(), [None, None, Some(CmpOp::Ge)]);
        assert!(operators().is_empty(), "forgotten once taken");
    }
}
