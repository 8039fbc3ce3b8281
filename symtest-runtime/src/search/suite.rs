//! From many covering inputs to a few good tests: a greedy set cover of the covered branches,
//! each chosen input shrunk toward simple values (zero, empty, short, `'a'`) while it covers
//! the same branches and ends the same way, and a determinism check by running it twice more.

use super::operators::{Variable, VariableKind, variables};
use crate::genes::{Shape, Value, gene_at, gene_at_mut, shape_at};
use crate::record::fields;
use crate::record::outcome::Outcome;
use crate::record::recorder;
use crate::record::subject::Subject;
use crate::record::trace::{Branch, Trace};

/// Evaluations one input may use to shrink.
pub const SHRINK_BUDGET: u32 = 1_000;

/// One test of the suite.
#[derive(Clone, Debug, PartialEq)]
pub struct TestCase {
    pub value: Value,
    pub args: Vec<String>,
    pub covers: Vec<Branch>,
    pub outcome: Outcome,
    /// Two more runs of the input ended exactly as the first.
    pub deterministic: bool,
    /// The labels of the (field, class) pairs in `covers` (see [`fields`]).
    pub fields: Vec<(Branch, String)>,
}

/// An input and what it does, as the suite needs it.
#[derive(Clone, Debug)]
pub struct Candidate {
    pub value: Value,
    pub covers: Vec<Branch>,
    pub outcome: Outcome,
}

/// Greedy set cover: repeatedly the candidate covering most branches not yet covered (the
/// earliest on ties), until the chosen ones cover everything the candidates cover. Inputs that
/// ran out of steps are never chosen: a timeout makes no test. When every chosen input panics
/// but some input returned, the returning one covering most branches is added: a suite of
/// panics alone says nothing about what the function computes.
pub fn select(candidates: &[Candidate]) -> Vec<usize> {
    let mut chosen = cover(candidates);
    let returns = |c: &Candidate| matches!(c.outcome, Outcome::Returned { .. });
    if !chosen.iter().any(|&index| returns(&candidates[index])) {
        let widest = candidates
            .iter()
            .enumerate()
            .filter(|(_, c)| returns(c))
            .max_by(|a, b| a.1.covers.len().cmp(&b.1.covers.len()).then(b.0.cmp(&a.0)));
        chosen.extend(widest.map(|(index, _)| index));
    }
    chosen
}

fn cover(candidates: &[Candidate]) -> Vec<usize> {
    let usable = |c: &Candidate| !matches!(c.outcome, Outcome::Timeout | Outcome::Invalid);
    let mut uncovered: Vec<Branch> = candidates
        .iter()
        .filter(|c| usable(c))
        .flat_map(|c| c.covers.iter().copied())
        .collect();
    uncovered.sort();
    uncovered.dedup();
    let mut chosen = Vec::new();
    if uncovered.is_empty() {
        // Nothing to cover (a function without branches): one test is still worth having.
        chosen.extend(candidates.iter().position(usable));
    }
    while !uncovered.is_empty() {
        let gain = |c: &Candidate| {
            c.covers
                .iter()
                .filter(|b| uncovered.binary_search(b).is_ok())
                .count()
        };
        let best = candidates
            .iter()
            .enumerate()
            .filter(|(_, c)| usable(c))
            .map(|(index, c)| (gain(c), index))
            .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        let Some((gain, index)) = best else { break };
        if gain == 0 {
            break;
        }
        uncovered.retain(|b| !candidates[index].covers.contains(b));
        chosen.push(index);
    }
    chosen
}

/// Runs `value`, returning its outcome (rendered when `capture`) and covered branches.
pub(crate) fn run(
    subject: &Subject,
    step_budget: u64,
    trace: &mut Trace,
    value: &Value,
    capture: bool,
) -> (Outcome, Vec<Branch>) {
    let outcome = recorder::record_into(subject.meta, step_budget, trace, || {
        (subject.exec)(value, capture)
    });
    (outcome, subject.meta.reported(trace.covered()))
}

/// Shrinks `candidate` toward simpler genes, keeping a move only if the input still covers
/// every branch (and boundary and output class) it covered and ends the same way (returns, or
/// panics with the same message).
pub fn shrink(subject: &Subject, step_budget: u64, candidate: &Candidate) -> Value {
    let mut trace = Trace::new(subject.meta);
    simplify(&subject.shape, &candidate.value, |simpler| {
        let (outcome, covers) = run(subject, step_budget, &mut trace, simpler, false);
        // Covering more is fine: a simpler input often lands on a boundary too.
        let keeps = candidate
            .covers
            .iter()
            .all(|branch| covers.contains(branch));
        keeps && outcome.same_kind(&candidate.outcome)
    })
}

/// Shrinks `value` toward simpler genes, keeping a move only if `keeps` the simpler value,
/// within [`SHRINK_BUDGET`] tries.
pub fn simplify(shape: &Shape, value: &Value, mut keeps: impl FnMut(&Value) -> bool) -> Value {
    let mut best = value.clone();
    let mut spent = 0;
    while spent < SHRINK_BUDGET {
        let mut better = None;
        for simpler in simplifications(shape, &best) {
            if spent >= SHRINK_BUDGET {
                break;
            }
            spent += 1;
            if keeps(&simpler) {
                better = Some(simpler);
                break;
            }
        }
        match better {
            Some(simpler) => best = simpler,
            None => break,
        }
    }
    best
}

/// Builds the suite from the candidates: select, shrink, render, check determinism.
pub fn build(
    subject: &Subject,
    step_budget: u64,
    candidates: &[Candidate],
    shrinking: bool,
) -> Vec<TestCase> {
    let mut trace = Trace::measured(subject.meta);
    select(candidates)
        .into_iter()
        .map(|index| {
            let candidate = &candidates[index];
            let value = if shrinking {
                shrink(subject, step_budget, candidate)
            } else {
                candidate.value.clone()
            };
            test_case(subject, step_budget, &mut trace, &value)
        })
        .collect()
}

/// The test of `value`: its outcome and coverage, and whether two more runs agree on them.
/// The (field, class) pairs its runs cover may differ (a value printed with a hash map's
/// order, or a random id): the test covers those all three runs saw, and they do not make it
/// nondeterministic.
pub(crate) fn test_case(
    subject: &Subject,
    step_budget: u64,
    trace: &mut Trace,
    value: &Value,
) -> TestCase {
    let (outcome, mut covers) = run(subject, step_budget, trace, value, true);
    let code = |covers: &[Branch]| -> Vec<Branch> {
        covers
            .iter()
            .copied()
            .filter(|b| !fields::is_field(*b))
            .collect()
    };
    let deterministic = (0..2).all(|_| {
        let (again, also) = run(subject, step_budget, trace, value, true);
        covers.retain(|b| !fields::is_field(*b) || also.contains(b));
        again == outcome && code(&also) == code(&covers)
    });
    let labels = trace.fields.as_deref();
    let fields = (covers.iter().copied())
        .filter(|b| fields::is_field(*b))
        .filter_map(|b| Some((b, labels?.label(b)?)))
        .collect();
    TestCase {
        args: (subject.render)(value),
        value: value.clone(),
        covers,
        outcome,
        deterministic,
        fields,
    }
}

/// Candidate simplifications of `value`, most drastic first: shorter lists; every number
/// halfway to its simplest value at once, and all but one, then the same by one step (inputs
/// often only keep their path when they shrink together, like the sides of a triangle); then
/// gene by gene its simplest value, halfway, and finally one step closer.
///
/// Made one at a time, as [`simplify`] tries them: a sequence's value has tens of thousands
/// of genes (a `Request` holding 32 headers, in each of its calls), and each candidate is a
/// copy of all of them; the list of them all took gigabytes before the first was tried.
/// Duplicates are left out by fingerprint (a different value sharing one is a candidate lost,
/// never a wrong one).
fn simplifications<'a>(shape: &'a Shape, value: &'a Value) -> impl Iterator<Item = Value> + 'a {
    let all = variables(shape, value);
    let lists: Vec<usize> = (0..all.len())
        .filter(|&index| matches!(all[index].kind, VariableKind::Length { .. }))
        .collect();
    let moves: Vec<[Option<Value>; 3]> = all
        .iter()
        .map(|variable| simpler_genes(shape, value, variable))
        .collect();
    let movable = moves.iter().filter(|genes| genes[1].is_some()).count();
    let mut plan: Vec<Simpler> = Vec::new();
    for &list in &lists {
        let len = gene_at(value, &all[list].path).map_or(0, |list| list.items().len());
        if len > 0 {
            plan.push(Simpler::Shorter(list, Keep::None));
            plan.push(Simpler::Shorter(list, Keep::Half(len)));
            plan.extend((0..len).map(|removed| Simpler::Shorter(list, Keep::AllBut(removed))));
        }
    }
    for stage in [1, 2] {
        plan.push(Simpler::Together(stage, None));
        plan.extend((0..moves.len()).map(|kept| Simpler::Together(stage, Some(kept))));
    }
    for stage in 0..3 {
        plan.extend((0..moves.len()).map(|index| Simpler::One(stage, index)));
    }
    let mut seen = std::collections::HashSet::new();
    plan.into_iter()
        .filter_map(move |simpler| {
            let mut candidate = value.clone();
            let changed = match simpler {
                Simpler::Shorter(list, keep) => shorter_list(&mut candidate, &all[list], keep),
                Simpler::Together(stage, kept) => {
                    let mut moved = 0;
                    for (index, (variable, genes)) in all.iter().zip(&moves).enumerate() {
                        if Some(index) == kept {
                            continue;
                        }
                        if let (Some(gene), Some(slot)) =
                            (&genes[stage], gene_at_mut(&mut candidate, &variable.path))
                        {
                            *slot = gene.clone();
                            moved += 1;
                        }
                    }
                    moved > 1 && (kept.is_none() || moved < movable)
                }
                Simpler::One(stage, index) => match (
                    &moves[index][stage],
                    gene_at_mut(&mut candidate, &all[index].path),
                ) {
                    (Some(gene), Some(slot)) => {
                        *slot = gene.clone();
                        true
                    }
                    _ => false,
                },
            };
            (changed && candidate != *value).then_some(candidate)
        })
        .filter(move |candidate| {
            use std::hash::{DefaultHasher, Hasher};
            let mut hasher = DefaultHasher::new();
            candidate.fingerprint(&mut hasher);
            seen.insert(hasher.finish())
        })
}

/// One of the [`simplifications`], before it is made.
#[derive(Clone, Copy)]
enum Simpler {
    /// The list at this variable, with the items `Keep` says.
    Shorter(usize, Keep),
    /// Every gene moved by this stage of [`simpler_genes`] at once, but the one kept.
    Together(usize, Option<usize>),
    /// One gene moved by this stage.
    One(usize, usize),
}

/// Which items of a list a shorter one keeps.
#[derive(Clone, Copy)]
enum Keep {
    None,
    /// The first half of a list this long.
    Half(usize),
    AllBut(usize),
}

/// Shortens the list `variable` stands for in `value`, as `keep` says; whether there was one.
fn shorter_list(value: &mut Value, variable: &Variable<'_>, keep: Keep) -> bool {
    let Some(Value::List(items)) = gene_at_mut(value, &variable.path) else {
        return false;
    };
    let mut index = 0;
    items.retain(|_| {
        index += 1;
        match keep {
            Keep::None => false,
            Keep::Half(len) => index - 1 < len / 2,
            Keep::AllBut(removed) => index - 1 != removed,
        }
    });
    true
}

/// For one gene: its simplest value, the value halfway there, and one step closer (each
/// `None` where it would not change the gene).
fn simpler_genes(shape: &Shape, value: &Value, variable: &Variable<'_>) -> [Option<Value>; 3] {
    let (Some(leaf_shape), Some(current)) = (
        shape_at(shape, &variable.path),
        gene_at(value, &variable.path),
    ) else {
        return [None, None, None];
    };
    match (current, leaf_shape.zero()) {
        (Value::Int(now), Value::Int(target)) if *now != target => {
            let now = *now;
            let (half, step) = if now > target {
                (target + (now - target) / 2, now - 1)
            } else {
                (now + (target - now) / 2, now + 1)
            };
            [
                Some(Value::Int(target)),
                Some(Value::Int(half)),
                Some(Value::Int(step)),
            ]
        }
        (Value::Float(now), Value::Float(_)) if *now != 0.0 => {
            if now.is_finite() {
                [
                    Some(Value::Float(0.0)),
                    Some(Value::Float((now / 2.0).trunc())),
                    Some(Value::Float(now.trunc())),
                ]
            } else {
                let finite = if now.is_nan() {
                    1.0
                } else {
                    now.signum() * 1e9
                };
                [Some(Value::Float(0.0)), Some(Value::Float(finite)), None]
            }
        }
        _ => [None, None, None],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::{IntKind, gene_of_char};

    #[test]
    fn simplifications_leave_duplicates_out_in_order() {
        let list = |genes: &[u128]| Value::List(genes.iter().map(|&g| Value::Int(g)).collect());
        let shape = <Vec<u8> as crate::genes::Input>::shape();
        let value = list(&[1, 2]);
        let candidates: Vec<Value> = simplifications(&shape, &value).collect();
        // Empty, the first half, all but the first, then all but the second (the first half
        // again: left out); then each gene simpler.
        assert_eq!(candidates[..3], [list(&[]), list(&[1]), list(&[2])]);
        assert!(!candidates[3..].contains(&list(&[1])), "{candidates:?}");
        for (index, candidate) in candidates.iter().enumerate() {
            assert!(!candidates[..index].contains(candidate), "{candidates:?}");
        }
    }

    fn candidate(covers: &[(u32, u32)], outcome: Outcome) -> Candidate {
        Candidate {
            value: Value::List(vec![]),
            covers: covers
                .iter()
                .map(|&(decision, outcome)| Branch { decision, outcome })
                .collect(),
            outcome,
        }
    }

    fn returned() -> Outcome {
        Outcome::Returned {
            literal: None,
            debug: None,
            comparable: false,
        }
    }

    #[test]
    fn greedy_cover_takes_the_widest_input_first_and_skips_redundant_ones() {
        let candidates = [
            candidate(&[(0, 0)], returned()),
            candidate(&[(0, 1), (1, 0)], returned()),
            candidate(&[(0, 0), (0, 1), (1, 1)], returned()),
            candidate(&[(1, 0)], returned()),
        ];
        assert_eq!(select(&candidates), [2, 1]);
    }

    #[test]
    fn a_function_without_branches_still_gets_one_test() {
        let candidates = [
            candidate(&[], Outcome::Timeout),
            candidate(&[], returned()),
            candidate(&[], returned()),
        ];
        assert_eq!(select(&candidates), [1]);
        assert_eq!(select(&[]), Vec::<usize>::new());
    }

    #[test]
    fn a_returning_input_joins_a_cover_made_of_panics() {
        let panicked = Outcome::Panicked {
            message: "boom".into(),
            location: None,
        };
        let candidates = [
            candidate(&[(0, 1), (1, 1)], panicked.clone()),
            candidate(&[(0, 1)], returned()),
            candidate(&[(0, 0)], panicked),
            candidate(&[(0, 0), (1, 0)], returned()),
        ];
        assert_eq!(select(&candidates), vec![0, 3]);
        assert_eq!(select(&candidates[..3]), vec![0, 2, 1]);
    }

    #[test]
    fn timeouts_are_never_chosen() {
        let candidates = [
            candidate(&[(0, 0), (0, 1)], Outcome::Timeout),
            candidate(&[(0, 0)], returned()),
        ];
        assert_eq!(select(&candidates), [1]);
    }

    #[test]
    fn simplifications_shorten_lists_before_simplifying_genes() {
        let shape = Shape::Tuple(vec![Shape::Str { max_len: 8 }, Shape::Int(IntKind::I32)]);
        let text = Value::List(vec![
            Value::Int(gene_of_char('x')),
            Value::Int(gene_of_char('y')),
        ]);
        let number = Value::Int(IntKind::I32.offset_of_signed(100));
        let value = Value::List(vec![text, number]);
        let candidates: Vec<Value> = simplifications(&shape, &value).collect();
        let decoded: Vec<(String, i32)> = candidates
            .iter()
            .map(<(String, i32) as crate::genes::Input>::decode)
            .collect();
        assert_eq!(
            decoded,
            [
                (String::new(), 100),
                ("x".to_string(), 100),
                ("y".to_string(), 100),
                ("lm".to_string(), 50),
                ("xm".to_string(), 50),
                ("ly".to_string(), 50),
                ("lm".to_string(), 100),
                ("wx".to_string(), 99),
                ("xx".to_string(), 99),
                ("wy".to_string(), 99),
                ("wx".to_string(), 100),
                ("ay".to_string(), 100),
                ("xa".to_string(), 100),
                ("xy".to_string(), 0),
                ("ly".to_string(), 100),
                ("xm".to_string(), 100),
                ("xy".to_string(), 50),
                ("wy".to_string(), 100),
                ("xx".to_string(), 100),
                ("xy".to_string(), 99),
            ]
        );
    }

    #[test]
    fn option_presence_shrinks_to_none_and_shapes_resolve_inside_options() {
        let shape = Shape::Option(Box::new(Shape::Char));
        assert_eq!(shape_at(&shape, &[0]), Some(&Shape::Bool));
        assert_eq!(shape_at(&shape, &[1]), Some(&Shape::Char));
        let value = Value::List(vec![Value::Int(1), Value::Int(gene_of_char('q'))]);
        let candidates: Vec<Value> = simplifications(&shape, &value).collect();
        let halfway = gene_of_char('a') + (gene_of_char('q') - gene_of_char('a')) / 2;
        let both_halfway = Value::List(vec![Value::Int(0), Value::Int(halfway)]);
        let none = Value::List(vec![Value::Int(0), Value::Int(gene_of_char('q'))]);
        assert_eq!(candidates[0], both_halfway);
        assert!(candidates.contains(&none), "{candidates:?}");
    }
}
