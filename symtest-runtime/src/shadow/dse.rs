//! The DSE step (*Improving Search-based Test Suite Generation with Dynamic Symbolic
//! Execution* §III-B): from the path condition of one concolic execution, the branches worth
//! negating and the constraint systems that reach them.

use super::solve::Constraint;
use crate::record::concolic::PathEntry;
use crate::record::trace::Branch;

/// A branch to reach by negating one condition of a path: keep the conditions before it,
/// require the outcome that leads to `branch`.
#[derive(Clone, Debug)]
pub struct Negation {
    pub branch: Branch,
    /// Where in the path the negated condition is.
    pub position: usize,
    pub constraints: Vec<Constraint>,
    /// Total size of the constraints, for trying the cheapest first.
    pub size: usize,
}

/// The negations of `path` worth solving, smallest constraint systems first.
///
/// `wanted` says which branches to negate towards and from which occurrence in the path
/// ([`Occurrence`]); the paper's filter is "branches the suite has not covered yet", each from
/// its first occurrence. A negated constraint must mention an input (otherwise no input can
/// change it) and its decision must have been consistent on this execution. The prefix keeps
/// every earlier consistent condition that mentions an input; identical conditions (a loop
/// testing the same thing again) are kept once.
pub fn negations(
    path: &[PathEntry],
    wanted: impl Fn(Branch) -> Option<Occurrence>,
) -> Vec<Negation> {
    let mut found: Vec<Negation> = Vec::new();
    let mut prefix: Vec<Constraint> = Vec::new();
    for (position, entry) in path.iter().enumerate() {
        if entry.consistent {
            for (outcome, constraint) in entry.outcomes.iter().enumerate() {
                let branch = Branch {
                    decision: entry.decision,
                    outcome: outcome as u32,
                };
                let Some(constraint) = constraint else {
                    continue;
                };
                if outcome as u32 == entry.taken || !constraint.symbolic() {
                    continue;
                }
                let known = found.iter().position(|known| known.branch == branch);
                match (wanted(branch), known) {
                    (None, _) | (Some(Occurrence::First), Some(_)) => continue,
                    (Some(Occurrence::Last), Some(index)) => {
                        found.remove(index);
                    }
                    (Some(_), None) => {}
                }
                let mut constraints = prefix.clone();
                constraints.push(Constraint {
                    expr: constraint.clone(),
                    want: true,
                });
                let size = constraints.iter().map(|c| c.expr.size()).sum();
                found.push(Negation {
                    branch,
                    position,
                    constraints,
                    size,
                });
            }
        }
        if let Some(taken) = entry.taken_constraint().filter(|c| c.symbolic()) {
            let constraint = Constraint {
                expr: taken.clone(),
                want: true,
            };
            if !prefix.contains(&constraint) {
                prefix.push(constraint);
            }
        }
    }
    found.sort_by_key(|negation| negation.size);
    found
}

/// The decisions of the calls a path made just before it last reached `target` (a decision
/// of the function's own, below `own`): those of its callees (at or above `own`) recorded
/// since the function's own entry before. Where a decision reads what a call returned
/// (`Version::parse(rest)?`), the way that call went decides it, and the call's shadows end
/// at what it returns: the branches it took are on the way to the target, as the target's
/// levels are, though no static dependence of the function names them.
pub fn feeding_calls(path: &[PathEntry], target: u32, own: u32) -> Vec<u32> {
    if target >= own {
        return Vec::new();
    }
    let Some(reached) = path.iter().rposition(|entry| entry.decision == target) else {
        return Vec::new();
    };
    let before = path[..reached].iter().rev();
    let mut decisions: Vec<u32> = (before.take_while(|entry| entry.decision >= own))
        .map(|entry| entry.decision)
        .collect();
    decisions.sort_unstable();
    decisions.dedup();
    decisions
}

/// Which occurrence of a branch in a path to negate towards.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Occurrence {
    /// The first: the smallest prefix (branches not covered yet).
    First,
    /// The last: the deepest point of a loop (a covered branch on the way to the target,
    /// such as the `'X'` arm at the tenth char of an ISBN rather than at the first).
    Last,
}

/// The adaptive rule of §III-C: DSE is applied with probability `p`; success multiplies `p`
/// by `rate` (capped at 1), failure divides it by `rate`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Adaptive {
    pub probability: f64,
    pub rate: f64,
}

impl Adaptive {
    /// The paper's tuned values are probability 1 and no adaptation; it also reports that
    /// the classes where hybrid lost did best with 0.5 and a rate of 2. We start at 0.5 and
    /// adapt by 2, so DSE that keeps failing fades out quickly and DSE that works runs always.
    pub const DEFAULT: Adaptive = Adaptive {
        probability: 0.5,
        rate: 2.0,
    };

    /// Never below this, so a problem that becomes suitable later is still tried now and
    /// then.
    pub const FLOOR: f64 = 1.0 / 64.0;

    pub fn update(&mut self, success: bool) {
        self.probability = if success {
            (self.probability * self.rate).min(1.0)
        } else {
            (self.probability / self.rate).max(Self::FLOOR)
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::IntKind;
    use crate::record::expr::{Binary, Expr, Node, Ty, Unary, Val, expr};

    fn var(index: usize) -> Expr {
        expr(Node::Var(index), Ty::Int(IntKind::I32))
    }

    fn constant(value: i128) -> Expr {
        expr(Node::Const(Val::Int(value)), Ty::Int(IntKind::I32))
    }

    fn cmp(op: Binary, left: Expr, right: Expr) -> Expr {
        expr(Node::Binary(op, left, right), Ty::Bool)
    }

    fn not(inner: &Expr) -> Expr {
        expr(Node::Unary(Unary::Not, inner.clone()), Ty::Bool)
    }

    fn entry(decision: u32, taken: u32, condition: Expr) -> PathEntry {
        let negated = not(&condition);
        let outcomes = if taken == 0 {
            vec![Some(condition), Some(negated)]
        } else {
            vec![Some(negated), Some(condition)]
        };
        PathEntry {
            decision,
            taken,
            outcomes,
            consistent: true,
            attempt: false,
        }
    }

    #[test]
    fn negations_keep_the_prefix_and_skip_covered_and_constant_branches() {
        let first = cmp(Binary::Gt, var(0), constant(10));
        let second = cmp(Binary::Eq, var(1), constant(7));
        let fixed = cmp(Binary::Eq, constant(1), constant(1));
        let path = vec![
            entry(0, 0, first.clone()),
            entry(1, 0, fixed),
            entry(2, 1, second.clone()),
        ];
        let covered = [Branch {
            decision: 0,
            outcome: 1,
        }];
        let found = negations(&path, |branch| {
            (!covered.contains(&branch)).then_some(Occurrence::First)
        });
        assert_eq!(found.len(), 1, "{found:?}");
        let negation = &found[0];
        assert_eq!(
            negation.branch,
            Branch {
                decision: 2,
                outcome: 0
            }
        );
        assert_eq!(negation.constraints.len(), 2);
        assert_eq!(negation.constraints[0].expr, first);
        // `second` was false; the negation asks for the outcome it did not take.
        assert_eq!(negation.constraints[1].expr, not(&second));
    }

    /// `match c.to_digit(10) { Some(d) => …, None if i == 9 => …, None => … }` on a letter:
    /// the guarded arm's pattern held, its guard failed, and the last arm was taken. Negating
    /// that last record towards `Some(d)` must not keep "the guarded `None` matched" in its
    /// prefix, which `Some(d)` contradicts; the guarded record may be negated itself.
    #[test]
    fn an_arm_whose_guard_failed_is_no_part_of_later_prefixes() {
        let some = cmp(Binary::Gt, var(0), constant(9));
        let none = not(&some);
        let three = |taken| PathEntry {
            decision: 0,
            taken,
            outcomes: vec![Some(some.clone()), Some(none.clone()), Some(none.clone())],
            consistent: true,
            attempt: false,
        };
        let mut guarded = three(1);
        guarded.attempt = true;
        let path = vec![guarded, three(2)];
        let last = negations(&path, |_| Some(Occurrence::Last));
        let toward_some = last.iter().find(|n| n.branch.outcome == 0).unwrap();
        assert_eq!(toward_some.position, 1);
        assert_eq!(toward_some.constraints.len(), 1, "{toward_some:?}");
        assert_eq!(toward_some.constraints[0].expr, some);
        let first = negations(&path, |_| Some(Occurrence::First));
        let toward_some = first.iter().find(|n| n.branch.outcome == 0).unwrap();
        assert_eq!(toward_some.position, 0);
        // Without the mark, the guarded record's pattern stands in the way.
        let mut unmarked = path.clone();
        unmarked[0].attempt = false;
        let last = negations(&unmarked, |_| Some(Occurrence::Last));
        let toward_some = last.iter().find(|n| n.branch.outcome == 0).unwrap();
        assert_eq!(toward_some.constraints.len(), 2);
    }

    #[test]
    fn inconsistent_entries_are_neither_negated_nor_kept() {
        let condition = cmp(Binary::Lt, var(0), constant(3));
        let mut wrong = entry(0, 0, condition.clone());
        wrong.consistent = false;
        let later = cmp(Binary::Gt, var(1), constant(0));
        let path = vec![wrong, entry(1, 0, later)];
        let found = negations(&path, |_| Some(Occurrence::First));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].branch.decision, 1);
        assert_eq!(found[0].constraints.len(), 1, "the wrong prefix is dropped");
    }

    #[test]
    fn a_branch_is_targeted_once_from_its_first_occurrence_and_repeats_collapse() {
        let condition = cmp(Binary::Lt, var(0), constant(3));
        let path = vec![
            entry(0, 0, condition.clone()),
            entry(0, 0, condition.clone()),
            entry(0, 0, condition),
        ];
        let found = negations(&path, |_| Some(Occurrence::First));
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].constraints.len(), 1);
    }

    #[test]
    fn the_last_occurrence_is_the_deepest_iteration() {
        let condition = cmp(Binary::Lt, var(0), constant(3));
        let later = cmp(Binary::Gt, var(1), constant(0));
        let path = vec![
            entry(0, 0, condition.clone()),
            entry(1, 0, later),
            entry(0, 0, condition),
        ];
        let first = negations(&path, |_| Some(Occurrence::First));
        let last = negations(&path, |_| Some(Occurrence::Last));
        let of = |found: &[Negation]| {
            found
                .iter()
                .find(|n| n.branch.decision == 0)
                .map(|n| n.constraints.len())
        };
        assert_eq!(of(&first), Some(1), "negated where it first occurs");
        assert_eq!(
            of(&last),
            Some(3),
            "negated at its last occurrence, after the others"
        );
    }

    #[test]
    fn the_adaptive_probability_rises_on_success_and_falls_on_failure() {
        let mut rule = Adaptive::DEFAULT;
        rule.update(true);
        assert_eq!(rule.probability, 1.0);
        rule.update(true);
        assert_eq!(rule.probability, 1.0, "capped at 1");
        rule.update(false);
        assert_eq!(rule.probability, 0.5);
        for _ in 0..20 {
            rule.update(false);
        }
        assert_eq!(rule.probability, Adaptive::FLOOR);
    }

    #[test]
    fn an_entry_whose_taken_arm_is_unknown_is_negated_towards_its_known_arms_only() {
        // `match x { 7 => …, _ if guard => …, _ => … }` took the last arm; only `x == 7` is
        // modelled, and it is false here.
        let seven = cmp(Binary::Eq, var(0), constant(7));
        let path = [PathEntry {
            decision: 0,
            taken: 2,
            outcomes: vec![Some(seven), None, None],
            consistent: true,
            attempt: false,
        }];
        let negations = negations(&path, |_| Some(Occurrence::First));
        let branches: Vec<u32> = negations.iter().map(|n| n.branch.outcome).collect();
        assert_eq!(branches, [0]);
        assert_eq!(
            negations[0].constraints.len(),
            1,
            "no prefix from the unknown arm"
        );
    }

    /// The function's own decisions are 0..3; 3.. are its callees'. The target, decision 2,
    /// was reached twice: the callee decisions between its last entry and the own entry
    /// before it are the feeding call's, those of an earlier call are not.
    #[test]
    fn the_calls_feeding_a_target_are_the_callee_entries_just_before_its_last_entry() {
        let x = cmp(Binary::Gt, var(0), constant(1));
        let path: Vec<PathEntry> = [0, 5, 2, 1, 4, 3, 4, 2, 6]
            .into_iter()
            .map(|decision| entry(decision, 0, x.clone()))
            .collect();
        assert_eq!(feeding_calls(&path, 2, 3), [3, 4]);
        // Nothing before its entry, a target not reached, or a callee's own target.
        assert!(feeding_calls(&path, 0, 3).is_empty());
        assert!(feeding_calls(&path[..2], 2, 3).is_empty());
        assert!(feeding_calls(&path, 5, 3).is_empty());
    }
}
