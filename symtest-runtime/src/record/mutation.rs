//! Mutant schemata in the hooks: while a mutant is switched on, the hook at its site returns
//! what the mutated code would have computed:
//! - a comparison with another relational operator (`<` for `<=`, …), or with its literal
//!   operand one more or one less (`n > 100` as `n > 101`);
//! - a two-way decision's predicate replaced by `true` or `false`;
//! - `&&` as `||` and back;
//! - an arithmetic or bitwise operator replaced by another of its kind (`+` by `-`, `*`, …).
//!
//! The code then runs on as the mutated program would, with no recompiling, so a test's
//! result under every mutant takes one execution each (see `search::mutation`). Runs with no
//! mutant switched on note which sites the code has, and of what kind, for [`seen`].

use std::cell::{Cell, RefCell};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, Ordering as AtomicOrdering};

use super::distance::{CmpOp, Relation};
pub use super::operators::ArithOp;

/// Where a mutant changes the code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Site {
    /// A decision of the recorded table (an impl block's combined one for sequences). For a
    /// junction, the first decision of its right operand.
    Decision(u32),
    /// Arithmetic operator `index` of function `function`: 0 for a lone function, the
    /// member's position for a combined table.
    Operator { function: u32, index: u32 },
}

/// One change at one site.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mutation {
    /// The comparison with this operator instead of its own.
    Replace(CmpOp),
    /// The comparison with its literal operand moved by this much (±1).
    Shift(i8),
    /// The predicate replaced by a constant.
    Always(bool),
    /// `&&` as `||`, or `||` as `&&`.
    Junction,
    /// The arithmetic operator replaced by this one.
    Arith(ArithOp),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mutant {
    pub site: Site,
    pub mutation: Mutation,
}

/// What runs without a mutant showed of the code's sites.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Seen {
    /// Each comparison's operator, and whether one operand is a number literal.
    pub comparisons: BTreeMap<u32, (CmpOp, bool)>,
    /// The decisions that start the right operand of a `&&` or `||`.
    pub junctions: BTreeSet<u32>,
    /// Each arithmetic operator whose operands were numbers.
    pub operators: BTreeMap<Site, ArithOp>,
}

/// Whether a mutation analysis runs in this process: the hooks check this first, so searches
/// pay one relaxed load per hook for it.
static ANALYSING: AtomicBool = AtomicBool::new(false);

thread_local! {
    static ACTIVE: Cell<Option<Mutant>> = const { Cell::new(None) };
    static SEEN: RefCell<Seen> = RefCell::new(Seen::default());
}

#[inline]
pub fn analysing() -> bool {
    ANALYSING.load(AtomicOrdering::Relaxed)
}

/// Runs `f` with `mutant` switched on (`None`: the original program, whose sites are noted
/// for [`seen`]).
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

/// The mutant switched on, if any.
pub fn active() -> Option<Mutant> {
    ACTIVE.with(Cell::get)
}

/// The sites the runs without a mutant passed so far; forgets them.
pub fn seen() -> Seen {
    SEEN.with(|seen| std::mem::take(&mut *seen.borrow_mut()))
}

fn note(f: impl FnOnce(&mut Seen)) {
    SEEN.with(|seen| f(&mut seen.borrow_mut()));
}

/// The outcome decision `decision` (of the recorded table) returns: `outcome` as the code
/// computed it, or the active mutant's. `relation` is the comparison's operator and how its
/// operands relate, for a comparison.
pub fn outcome(decision: u32, outcome: bool, relation: Option<(CmpOp, Relation)>) -> bool {
    let Some(mutant) = ACTIVE.with(Cell::get) else {
        if let Some((op, relation)) = relation {
            let shifts = relation.plus.is_some() || relation.minus.is_some();
            note(|seen| {
                seen.comparisons.entry(decision).or_insert((op, shifts));
            });
        }
        return outcome;
    };
    if mutant.site != Site::Decision(decision) {
        return outcome;
    }
    match (mutant.mutation, relation) {
        (Mutation::Always(value), _) => value,
        (Mutation::Replace(op), Some((_, relation))) => op.holds(relation.order),
        (Mutation::Shift(by), Some((op, relation))) => match by > 0 {
            true => op.holds(relation.plus),
            false => op.holds(relation.minus),
        },
        _ => outcome,
    }
}

/// The value a junction's hook compares its left operand with: the operand is the result
/// when it equals this (`false` for `&&`, `true` for `||`); otherwise the right operand is.
/// `right` is the first decision of the right operand, in the recorded table.
pub fn junction(right: u32, and: bool) -> bool {
    let flipped = match ACTIVE.with(Cell::get) {
        None => {
            note(|seen| {
                seen.junctions.insert(right);
            });
            false
        }
        Some(mutant) => {
            mutant.site == Site::Decision(right) && mutant.mutation == Mutation::Junction
        }
    };
    and == flipped
}

/// What an arithmetic operator computes in this run: `None` for its own operator; in a run
/// without a mutant, [`Swap::Probe`] (its operands report whether they are numbers).
pub fn operator(site: Site, own: ArithOp) -> Option<Swap> {
    match ACTIVE.with(Cell::get) {
        None => Some(Swap::Probe(site, own)),
        Some(Mutant {
            site: at,
            mutation: Mutation::Arith(op),
        }) if at == site => Some(Swap::To(op)),
        Some(_) => None,
    }
}

/// The operands of the operator at `site` are numbers: it is a mutation site.
pub fn numeric(site: Site, own: ArithOp) {
    note(|seen| {
        seen.operators.entry(site).or_insert(own);
    });
}

/// What the hook of an arithmetic operator is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Swap {
    /// Report whether the operands are numbers ([`numeric`]), and compute the operator as
    /// written.
    Probe(Site, ArithOp),
    /// Compute this operator instead, where the operands are numbers.
    To(ArithOp),
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Ordering;

    fn related(order: Ordering) -> Relation {
        Relation {
            order: Some(order),
            plus: None,
            minus: None,
        }
    }

    #[test]
    fn the_active_mutant_changes_its_own_site_only() {
        let less = Some((CmpOp::Lt, related(Ordering::Equal)));
        let mutant = Mutant {
            site: Site::Decision(3),
            mutation: Mutation::Replace(CmpOp::Le),
        };
        with_mutant(Some(mutant), || {
            assert!(outcome(3, false, less), "3 <= 3 where the code asked 3 < 3");
            assert!(!outcome(2, false, less), "another decision");
        });
        assert!(!outcome(3, false, less), "switched off again");
        let always = Mutant {
            site: Site::Decision(0),
            mutation: Mutation::Always(true),
        };
        with_mutant(Some(always), || assert!(outcome(0, false, None)));
    }

    #[test]
    fn a_shifted_literal_compares_with_the_relation_moved_by_one() {
        // n > 100 with n = 101: n > 101 is false, n > 99 true.
        let relation = Relation {
            order: Some(Ordering::Greater),
            plus: Some(Ordering::Equal),
            minus: Some(Ordering::Greater),
        };
        let shifted = |by| Mutant {
            site: Site::Decision(0),
            mutation: Mutation::Shift(by),
        };
        let gt = Some((CmpOp::Gt, relation));
        with_mutant(Some(shifted(1)), || assert!(!outcome(0, true, gt)));
        with_mutant(Some(shifted(-1)), || assert!(outcome(0, true, gt)));
    }

    #[test]
    fn runs_without_a_mutant_note_each_site() {
        seen();
        with_mutant(None, || {
            outcome(2, true, Some((CmpOp::Ge, related(Ordering::Greater))));
            outcome(0, true, None);
            assert!(
                !junction(4, true),
                "&& goes on to its right operand when the left holds"
            );
            assert!(junction(5, false), "|| goes on when the left does not hold");
            let add = Site::Operator {
                function: 0,
                index: 1,
            };
            assert_eq!(
                operator(add, ArithOp::Add),
                Some(Swap::Probe(add, ArithOp::Add))
            );
            numeric(add, ArithOp::Add);
            let concat = Site::Operator {
                function: 0,
                index: 2,
            };
            assert!(
                operator(concat, ArithOp::Add).is_some(),
                "strings are not numbers"
            );
        });
        let seen_now = seen();
        assert_eq!(
            seen_now.comparisons,
            BTreeMap::from([(2, (CmpOp::Ge, false))])
        );
        assert_eq!(seen_now.junctions, BTreeSet::from([4, 5]));
        let add = Site::Operator {
            function: 0,
            index: 1,
        };
        assert_eq!(seen_now.operators, BTreeMap::from([(add, ArithOp::Add)]));
        assert_eq!(seen(), Seen::default(), "forgotten once taken");
    }

    #[test]
    fn a_flipped_junction_turns_and_into_or() {
        let flip = Mutant {
            site: Site::Decision(4),
            mutation: Mutation::Junction,
        };
        with_mutant(Some(flip), || {
            assert!(
                junction(4, true),
                "&& as ||: a true left operand is the result"
            );
            assert!(!junction(5, true), "another junction");
        });
    }
}
