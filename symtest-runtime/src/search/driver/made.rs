//! Exploring what the constructors of a search's arguments make.
//!
//! An argument of a type genes cannot build is made by one of its constructors
//! (`Version::parse(text)`, `Version::new(1, 2)`), quietly: its branches are not the
//! function's, and no fitness sees them. Where a decision reads what only some paths of a
//! constructor make (`version.is_prerelease()` needs `parse` of a text with a `-` and a
//! non-empty label), no negation of the function's path leads there and random texts rarely
//! parse. A concolic execution records each constructor's own path apart
//! ([`MadePath`]); here a small generational search over those paths (Godefroid et al.'s SAGE,
//! depth first) drives each constructor of the type through branches it has not taken, and
//! every value made along a new path is learned by the pool, for [`used::substitutes`] and
//! [`used::reuse`] to put where the target needs it: the object pool EvoSuite keeps of the
//! values its tests made, filled by symbolic execution instead of by chance.

use super::{NEGATIONS_PER_STEP, TargetObjective};
use crate::genes::random::Rng;
use crate::genes::{Shape, Value, gene_at, gene_at_mut, shape_at, used};
use crate::record::concolic::MadePath;
use crate::search::{DseOutcome, Objective};
use crate::shadow::{self, Execution, dse};

/// Most concolic runs that explore the constructors of one type, per search (our choice: a
/// parser's few checks, each taken both ways, with room for their orders).
pub(super) const MADE_RUNS: usize = 48;

/// A constructor's path as far as exploring tells paths apart: the constructor, and the
/// outcome each of its decisions took, in order.
type Signature = (usize, Vec<(u32, u32)>);

fn signature(made: &MadePath) -> Signature {
    let constructor = made
        .constructor
        .map_or(0, |c| std::ptr::from_ref(c) as usize);
    let taken = made.path.iter().map(|e| (e.decision, e.taken)).collect();
    (constructor, taken)
}

impl TargetObjective<'_, '_> {
    /// For each argument of `from` that a constructor made in `run` (its concolic execution),
    /// of a type whose constructors this search has not explored: explores them
    /// ([`Self::explore_constructors`]).
    pub(super) fn explore_made(
        &mut self,
        from: &Value,
        run: &Execution,
        rng: &mut Rng,
    ) -> DseOutcome {
        let mut outcome = DseOutcome::default();
        let shape = &self.state.subject.shape;
        for made in run.made.iter().filter(|made| made.constructor.is_some()) {
            let Some(part) = shape_at(shape, &made.at).filter(|s| choices(s).is_some()) else {
                continue;
            };
            let class = used::class(part);
            if self.state.explored.contains(&class) || self.done() {
                continue;
            }
            self.state.explored.push(class);
            outcome.merge(self.explore_constructors(from, &made.at, part, rng));
        }
        outcome
    }

    /// Starting from `from` with each constructor chosen in turn for the argument at `at` (of
    /// `part`, the type's choice of constructor and their arguments), runs each input with
    /// shadows and negates the branches of the argument's constructor path, depth first, for
    /// at most [`MADE_RUNS`] runs. An input whose constructor took a path no input before it
    /// took is evaluated, and the value it made is learned.
    fn explore_constructors(
        &mut self,
        from: &Value,
        at: &[usize],
        part: &Shape,
        rng: &mut Rng,
    ) -> DseOutcome {
        let mut outcome = DseOutcome::default();
        let subject = self.state.subject;
        let constructors = choices(part).unwrap_or(0);
        let mut tag = at.to_vec();
        tag.push(0);
        // Popped last first: the first constructor is explored first.
        let mut pending: Vec<Value> = (0..constructors)
            .rev()
            .filter_map(|choice| {
                let mut value = from.clone();
                *gene_at_mut(&mut value, &tag)? = Value::Int(u128::from(choice));
                Some(value)
            })
            .collect();
        let mut seen: Vec<Signature> = Vec::new();
        for _ in 0..MADE_RUNS {
            let Some(value) = pending.pop() else {
                break;
            };
            if self.done() {
                break;
            }
            // The concolic execution counts as an evaluation.
            self.spent += 1;
            self.state.evaluations += 1;
            let run = shadow::execute(subject, &value, self.state.config.step_budget);
            let Some(made) = run.made.iter().find(|made| made.at == at) else {
                continue;
            };
            let print = signature(made);
            if seen.contains(&print) {
                continue;
            }
            seen.push(print);
            self.try_input(&value, &mut outcome);
            if made.made
                && let Some(genes) = gene_at(&value, at)
            {
                self.state.pool.learn_kind(part, genes);
            }
            let negations = dse::negations(&made.path, |_| Some(dse::Occurrence::First));
            for negation in negations.into_iter().take(NEGATIONS_PER_STEP) {
                pending.extend(self.solve(&value, &run, &negation, rng));
            }
        }
        outcome
    }
}

/// How many constructors `shape` chooses among: a value made by one is a tag, then each
/// constructor's arguments.
fn choices(shape: &Shape) -> Option<u32> {
    match shape {
        Shape::Tuple(items) => match items.first() {
            Some(Shape::Tag(count)) => Some(*count),
            _ => None,
        },
        _ => None,
    }
}
