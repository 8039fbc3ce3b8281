//! Random search: the baseline every other algorithm is measured against.

use super::Objective;
use super::operators::{evaluate, is_single_point};
use crate::genes::Shape;
use crate::genes::pool::Pool;
use crate::genes::random::Rng;
use crate::genes::random::random_value_with;

/// Evaluates independent [`random_value_with`]s of `shape`, drawing on the constant `pool`,
/// until `objective` is done.
///
/// A shape without genes has one value only: it is evaluated once and the search returns.
pub fn search(shape: &Shape, pool: &Pool, objective: &mut dyn Objective, rng: &mut Rng) {
    let single_point = is_single_point(shape);
    while evaluate(objective, &random_value_with(shape, pool, rng)).is_ok() {
        if single_point {
            break;
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::genes::{Input, IntKind, Value};
    use crate::search::operators::recorder::Recorder;

    fn i32_input() -> Shape {
        Shape::Tuple(vec![Shape::Int(IntKind::I32)])
    }

    #[test]
    fn random_search_evaluates_until_the_budget_is_spent_and_no_further() {
        let mut objective = Recorder::new(25, |_: &Value| 1.0);
        search(
            &i32_input(),
            &Pool::default(),
            &mut objective,
            &mut Rng::seed_from_u64(1),
        );
        assert_eq!(objective.evaluated.len(), 25);
        assert!(!objective.covered());
    }

    #[test]
    fn random_search_stops_at_the_first_covering_input() {
        let mut objective = Recorder::new(10_000, |value: &Value| {
            if <(i32,)>::decode(value).0 == 0 {
                0.0
            } else {
                1.0
            }
        });
        search(
            &i32_input(),
            &Pool::default(),
            &mut objective,
            &mut Rng::seed_from_u64(2),
        );
        assert!(objective.covered());
        let last = objective
            .evaluated
            .last()
            .map(|value| <(i32,)>::decode(value).0);
        assert_eq!(last, Some(0));
        let zeros = objective
            .evaluated
            .iter()
            .filter(|v| <(i32,)>::decode(v).0 == 0)
            .count();
        assert_eq!(zeros, 1);
    }

    #[test]
    fn random_search_evaluates_a_shape_without_genes_once() {
        let mut objective = Recorder::new(100, |_: &Value| 1.0);
        search(
            &Shape::Tuple(vec![]),
            &Pool::default(),
            &mut objective,
            &mut Rng::seed_from_u64(3),
        );
        assert_eq!(objective.evaluated, [Value::List(vec![])]);
    }

    #[test]
    fn random_search_is_deterministic_given_the_seed() {
        let run = |seed| {
            let mut objective = Recorder::new(200, |_: &Value| 1.0);
            search(
                &i32_input(),
                &Pool::default(),
                &mut objective,
                &mut Rng::seed_from_u64(seed),
            );
            objective.evaluated
        };
        assert_eq!(run(4), run(4));
        assert_ne!(run(4), run(5));
    }
}
