//! Field coverage's targets, and transcoping (Godio et al., *Efficient test generation guided
//! by field coverage criteria* §III-A).
//!
//! After the branches, a search with field coverage targets the (field, class) pairs that the
//! fields it has seen could take and no test covers yet (see [`crate::record::fields`]). Many
//! are out of reach (a buffer's length past its capacity, a flag a type never clears), and
//! which ones no static table says.
//!
//! Transcoping estimates it from small scopes, as the paper does for field-exhaustive suites:
//! before the search, random sequences of at most s calls with values within ±4^s run for
//! s = 1, 2, 3, and the number of classes each field takes in each is measured. A line fitted
//! through the three counts predicts the count at full scope (s = [`SEQUENCE_CALLS`]); a
//! field whose count did not grow from s = 2 to s = 3 has saturated, and its prediction is
//! that count. The field targets of a field stop once its tests cover the predicted number of
//! classes: saturated fields get no budget beyond what the small scopes and the branch
//! search found, growing ones get it until they reach their prediction.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;

use rand::SeedableRng;

use super::driver::{State, TargetResult, search_target, stream_seed};
use crate::genes::random::{Rng, random_value_with};
use crate::genes::{Shape, Value};
use crate::record::fields::{Class, FloatClass};
use crate::record::fitness::TargetPlan;
use crate::record::sequence::SEQUENCE_CALLS;

/// The small scopes, on the axis of a sequence's length.
const SMALL_SCOPES: [u32; 3] = [1, 2, 3];

/// Each small scope's share of a branch target's evaluations: one in this many.
const SCOPE_SHARE: u64 = 30;

/// Most field targets one search takes on, whatever the fields.
const MAX_FIELD_TARGETS: usize = 200;

/// How many classes each field is predicted to take at full scope.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Predicted {
    classes: BTreeMap<String, usize>,
}

impl Predicted {
    /// Whether a field whose tests cover `covered` classes should get more targets; fields the
    /// small scopes never saw are not predicted, and get them.
    fn wants(&self, field: &str, covered: usize) -> bool {
        self.classes.get(field).is_none_or(|&p| covered < p)
    }

    /// The prediction from the classes each field took in each small scope.
    fn extrapolate(scopes: &[BTreeMap<String, usize>]) -> Predicted {
        let fields: BTreeSet<&String> = scopes.iter().flat_map(BTreeMap::keys).collect();
        let classes = fields
            .into_iter()
            .map(|field| {
                let counts: Vec<f64> = (scopes.iter())
                    .map(|scope| scope.get(field).copied().unwrap_or(0) as f64)
                    .collect();
                (field.clone(), predict(&counts, SEQUENCE_CALLS as f64))
            })
            .collect();
        Predicted { classes }
    }
}

/// The count at scope `full` on the least-squares line through `counts` (at scopes 1, 2, …),
/// never below the last count; the last count itself when the last two are equal.
fn predict(counts: &[f64], full: f64) -> usize {
    let last = counts.last().copied().unwrap_or(0.0);
    if counts.len() < 2 || counts[counts.len() - 2] == last {
        return last as usize;
    }
    let n = counts.len() as f64;
    let mean_x = (n + 1.0) / 2.0;
    let mean_y = counts.iter().sum::<f64>() / n;
    let (mut sxy, mut sxx) = (0.0, 0.0);
    for (i, y) in counts.iter().enumerate() {
        let dx = i as f64 + 1.0 - mean_x;
        sxy += dx * (y - mean_y);
        sxx += dx * dx;
    }
    let line = mean_y + sxy / sxx * (full - mean_x);
    line.round().max(last) as usize
}

/// Runs the small scopes on `state`'s subject (their inputs are archived like any other) and
/// predicts each field's classes at full scope.
pub(super) fn transcope(state: &mut State<'_>) -> Predicted {
    let config = state.config();
    let shape = &state.subject().shape;
    let pool = state.pool();
    let budget = (config.evaluations_per_target / SCOPE_SHARE).max(1);
    let time = config.time_per_target / SCOPE_SHARE as u32;
    let mut scopes = Vec::new();
    for scope in SMALL_SCOPES {
        let mut rng = Rng::seed_from_u64(stream_seed(config.seed, u64::MAX - u64::from(scope)));
        let started = Instant::now();
        let mut seen: BTreeMap<String, BTreeSet<Class>> = BTreeMap::new();
        for _ in 0..budget {
            if started.elapsed() > time || state.out_of_time() {
                break;
            }
            let value = narrow(shape, &random_value_with(shape, pool, &mut rng), scope);
            state.evaluate(&value);
            let Some(log) = &state.trace().fields else {
                break;
            };
            // As the targets count them: a NaN is never one.
            for (field, class) in log.classes() {
                if class != Class::Float(FloatClass::NaN) {
                    seen.entry(field.to_string()).or_default().insert(class);
                }
            }
        }
        scopes.push(seen.into_iter().map(|(f, c)| (f, c.len())).collect());
    }
    Predicted::extrapolate(&scopes)
}

/// `value` within scope `scope`: lists and strings cut to `scope` items, numbers clamped to
/// ±4^scope (so the integer class `large`, from 10 on, is within reach from scope 2).
fn narrow(shape: &Shape, value: &Value, scope: u32) -> Value {
    let bound = 1i128 << (2 * scope);
    match (shape, value) {
        (Shape::Int(kind), Value::Int(offset)) => {
            let clamped = match kind.signed() {
                true => kind.offset_of_signed(kind.signed_value(*offset).clamp(-bound, bound)),
                false => (*offset).min(bound as u128),
            };
            Value::Int(clamped)
        }
        (Shape::Float(_), Value::Float(f)) => Value::Float(f.clamp(-bound as f64, bound as f64)),
        (Shape::Str { .. }, Value::List(items)) => Value::List(cut(items, scope)),
        (Shape::Seq { item, .. }, Value::List(items)) => Value::List(
            cut(items, scope)
                .iter()
                .map(|v| narrow(item, v, scope))
                .collect(),
        ),
        (Shape::Array { item, .. }, Value::List(items)) => {
            Value::List(items.iter().map(|v| narrow(item, v, scope)).collect())
        }
        (Shape::Tuple(shapes), Value::List(items)) => Value::List(
            shapes
                .iter()
                .zip(items)
                .map(|(s, v)| narrow(s, v, scope))
                .collect(),
        ),
        (Shape::Option(payload), Value::List(items)) if items.len() == 2 => {
            Value::List(vec![items[0].clone(), narrow(payload, &items[1], scope)])
        }
        _ => value.clone(),
    }
}

fn cut(items: &[Value], scope: u32) -> Vec<Value> {
    items.iter().take(scope as usize).cloned().collect()
}

/// Searches the (field, class) pairs no test covers yet, one target each, fields in name
/// order, until every field has its predicted classes (all it could take without a
/// prediction), the pairs run out, or the time does. Pairs found on the way are learnt as
/// they come.
pub(super) fn field_targets(
    state: &mut State<'_>,
    predicted: Option<&Predicted>,
    first: u64,
) -> Vec<TargetResult> {
    let mut tried = BTreeSet::new();
    let mut results = Vec::new();
    while tried.len() < MAX_FIELD_TARGETS && !state.out_of_time() {
        let goals = state.domain.goals();
        let mut covered: BTreeMap<&str, usize> = BTreeMap::new();
        for goal in &goals {
            if state.archive().covers(goal.branch()) {
                *covered.entry(&goal.field).or_default() += 1;
            }
        }
        let wanted = |field: &str| {
            let covered = covered.get(field).copied().unwrap_or(0);
            predicted.is_none_or(|p| p.wants(field, covered))
        };
        let next = goals.iter().find(|goal| {
            let branch = goal.branch();
            !tried.contains(&branch) && !state.archive().covers(branch) && wanted(&goal.field)
        });
        let Some(goal) = next.cloned() else {
            break;
        };
        tried.insert(goal.branch());
        let index = first + results.len() as u64;
        results.push(search_target(state, TargetPlan::field(goal), index));
    }
    results
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::IntKind;

    #[test]
    fn predictions_follow_the_line_and_stop_where_counts_saturate() {
        // Growing by one per scope: the line at scope 10.
        assert_eq!(predict(&[1.0, 2.0, 3.0], 10.0), 10);
        // Saturated from scope 2 on.
        assert_eq!(predict(&[1.0, 4.0, 4.0], 10.0), 4);
        // A falling line never predicts fewer than seen.
        assert_eq!(predict(&[5.0, 3.0, 2.0], 10.0), 2);
    }

    #[test]
    fn fields_outside_the_small_scopes_are_wanted() {
        let scopes = [
            BTreeMap::from([("len".to_string(), 1)]),
            BTreeMap::from([("len".to_string(), 2), ("full".to_string(), 1)]),
            BTreeMap::from([("len".to_string(), 2), ("full".to_string(), 2)]),
        ];
        let predicted = Predicted::extrapolate(&scopes);
        assert!(!predicted.wants("len", 2));
        assert!(predicted.wants("full", 2));
        // One more class per scope from none at scope 1: one short of the scope at full scope.
        assert!(predicted.wants("full", SEQUENCE_CALLS - 2));
        assert!(!predicted.wants("full", SEQUENCE_CALLS - 1));
        assert!(predicted.wants("unseen", 99));
    }

    #[test]
    fn narrowing_cuts_lists_and_clamps_numbers() {
        let shape = Shape::Tuple(vec![
            Shape::Int(IntKind::I32),
            Shape::Int(IntKind::U8),
            Shape::Seq {
                item: Box::new(Shape::Int(IntKind::I8)),
                max_len: 10,
            },
        ]);
        let i32_of = |v: i128| Value::Int(IntKind::I32.offset_of_signed(v));
        let i8_of = |v: i128| Value::Int(IntKind::I8.offset_of_signed(v));
        let value = Value::List(vec![
            i32_of(-1000),
            Value::Int(200),
            Value::List(vec![i8_of(100), i8_of(1), i8_of(2)]),
        ]);
        let narrowed = narrow(&shape, &value, 2);
        let expected = Value::List(vec![
            i32_of(-16),
            Value::Int(16),
            Value::List(vec![i8_of(16), i8_of(1)]),
        ]);
        assert_eq!(narrowed, expected);
    }
}
