//! The Alternating Variable Method (Korel), configured as in *Symbolic Search Based Testing* §V-A.
//!
//! The AVM optimises one variable (see [`variables`]) at a time: exploratory moves of one unit
//! down and up, and after an improving one, pattern moves in the same direction whose size
//! doubles while they keep improving. It cycles through the variables until a whole cycle finds
//! no improvement, then restarts from another seed or a random point.

use super::Objective;
use super::operators::{
    Done, Step, Variable, evaluate, is_single_point, neighbour, normalize,
    variables_with_float_fields,
};
use crate::genes::Direction;
use crate::genes::pool::Pool;
use crate::genes::random::Rng;
use crate::genes::random::random_value_with;
use crate::genes::{Shape, Value};
use crate::record::fitness::Fitness;

/// Settings of the AVM.
#[derive(Clone, Debug, PartialEq)]
pub struct AvmConfig {
    /// Float moves are `2^it · dir · 10^-float_precision`; integers always move by whole units.
    ///
    /// The paper fixes one precision for all its experiments, but the digit was lost in the
    /// text's extraction; the default is 2, so the smallest float move is 0.01.
    pub float_precision: i32,
}

impl Default for AvmConfig {
    fn default() -> Self {
        AvmConfig { float_precision: 2 }
    }
}

/// Runs the AVM on inputs of `shape` until `objective` is done.
///
/// Starts from the first seed (repaired to fit `shape`), or a random value without seeds; each
/// random restart takes the next seed while any are left, then a random value drawing on the
/// constant `pool`. A shape without genes has one value only: it is evaluated once and the
/// search returns.
pub fn search(
    shape: &Shape,
    seeds: &[Value],
    pool: &Pool,
    objective: &mut dyn Objective,
    rng: &mut Rng,
    config: &AvmConfig,
) {
    let single_point = is_single_point(shape);
    let mut seeds = seeds.iter();
    loop {
        let start = match seeds.next() {
            Some(seed) => normalize(shape, seed),
            None => random_value_with(shape, pool, rng),
        };
        let Ok(fitness) = evaluate(objective, &start) else {
            return;
        };
        if single_point {
            return;
        }
        let mut climb = Climb {
            shape,
            objective: &mut *objective,
            config,
            best: start,
            fitness,
            left: None,
        };
        if climb.until_stagnation().is_err() {
            return;
        }
    }
}

/// One hill climb from `start`, whose fitness is `fitness`, of at most `evaluations`
/// evaluations: the hybrid's local search on the GA's best individual, as EvoSuite applies
/// one to the primitives of its best test. Returns the best point found and its fitness.
pub fn local_search(
    shape: &Shape,
    start: Value,
    fitness: Fitness,
    objective: &mut dyn Objective,
    config: &AvmConfig,
    evaluations: u64,
) -> (Value, Fitness) {
    let mut limited = Limited {
        objective,
        left: evaluations,
    };
    let mut climb = Climb {
        shape,
        objective: &mut limited,
        config,
        best: start,
        fitness,
        left: None,
    };
    // Done, whether by the objective or by the limit, is the end of the climb either way.
    let _ = climb.until_stagnation();
    (climb.best, climb.fitness)
}

/// An objective that is done after a number of evaluations, or when the one it wraps is.
struct Limited<'a> {
    objective: &'a mut dyn Objective,
    left: u64,
}

impl Objective for Limited<'_> {
    fn evaluate(&mut self, value: &Value) -> Fitness {
        self.left = self.left.saturating_sub(1);
        self.objective.evaluate(value)
    }

    fn done(&self) -> bool {
        self.left == 0 || self.objective.done()
    }
}

/// One hill climb from a start point to where no single move improves.
struct Climb<'a> {
    shape: &'a Shape,
    objective: &'a mut dyn Objective,
    config: &'a AvmConfig,
    /// The best point so far and its fitness.
    best: Value,
    fitness: Fitness,
    /// The point the last improvement moved away from: known to be worse, never re-evaluated.
    left: Option<Value>,
}

impl Climb<'_> {
    /// Optimises the variables in turn until a full cycle through them brings no improvement.
    /// The variables are listed afresh for each one, as length moves add and remove items.
    fn until_stagnation(&mut self) -> Result<(), Done> {
        let mut index = 0;
        // Consecutive variables known to be at a local optimum at the current best point.
        let mut stuck = 0;
        loop {
            let variables = variables_with_float_fields(self.shape, &self.best);
            if stuck >= variables.len() {
                return Ok(());
            }
            index %= variables.len();
            // A variable that improved ends at a local optimum too, so it counts as stuck.
            let improved = self.optimise(&variables[index])?;
            stuck = if improved { 1 } else { stuck + 1 };
            index += 1;
        }
    }

    /// Exploratory moves, each improving one followed by pattern moves, until no exploratory
    /// move improves. Returns whether the variable improved at all.
    fn optimise(&mut self, variable: &Variable<'_>) -> Result<bool, Done> {
        let mut improved = false;
        while let Some(direction) = self.explore(variable)? {
            improved = true;
            self.accelerate(variable, direction)?;
        }
        Ok(improved)
    }

    /// Tries one unit down, then one unit up; returns the direction that improved, if any.
    fn explore(&mut self, variable: &Variable<'_>) -> Result<Option<Direction>, Done> {
        for direction in Direction::BOTH {
            if self.try_move(variable, direction, 0)? {
                return Ok(Some(direction));
            }
        }
        Ok(None)
    }

    /// Pattern moves `2^it` units in `direction`, `it = 1, 2, …`, while they improve.
    fn accelerate(&mut self, variable: &Variable<'_>, direction: Direction) -> Result<(), Done> {
        let mut iteration = 1;
        while self.try_move(variable, direction, iteration)? {
            iteration = iteration.saturating_add(1);
        }
        Ok(())
    }

    /// Evaluates the move of `2^iteration` units and keeps it if it improves. Moves that
    /// change nothing or lead back to the point just left are not evaluated: they cannot improve.
    fn try_move(
        &mut self,
        variable: &Variable<'_>,
        direction: Direction,
        iteration: u32,
    ) -> Result<bool, Done> {
        let step = Step::new(direction, iteration);
        let precision = self.config.float_precision;
        let Some(candidate) = neighbour(&self.best, variable, step, precision) else {
            return Ok(false);
        };
        if self.left.as_ref() == Some(&candidate) {
            return Ok(false);
        }
        let fitness = evaluate(self.objective, &candidate)?;
        if fitness >= self.fitness {
            return Ok(false);
        }
        self.left = Some(std::mem::replace(&mut self.best, candidate));
        self.fitness = fitness;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::genes::{FloatKind, Input, IntKind};
    use crate::search::operators::recorder::Recorder;

    fn rng(seed: u64) -> Rng {
        Rng::seed_from_u64(seed)
    }

    fn i32_input(count: usize) -> Shape {
        Shape::Tuple(vec![Shape::Int(IntKind::I32); count])
    }

    fn i32s(values: &[i32]) -> Value {
        let gene = |&x: &i32| Value::Int(IntKind::I32.offset_of_signed(x.into()));
        Value::List(values.iter().map(gene).collect())
    }

    fn first_i32(value: &Value) -> i32 {
        i32::decode(value.item(0))
    }

    /// Fitness `|x - target|` on the first i32 parameter, exact for every i32.
    fn distance_to(target: i32) -> impl FnMut(&Value) -> f64 {
        move |value| f64::from(first_i32(value).abs_diff(target))
    }

    fn run(shape: &Shape, seeds: &[Value], objective: &mut dyn Objective, seed: u64) {
        search(
            shape,
            seeds,
            &Pool::default(),
            objective,
            &mut rng(seed),
            &AvmConfig::default(),
        );
    }

    #[test]
    fn exploratory_moves_try_minus_then_plus_one_and_pattern_moves_double_until_worse() {
        let mut objective = Recorder::new(1000, distance_to(100));
        run(&i32_input(1), &[i32s(&[0])], &mut objective, 1);
        let evaluated: Vec<i32> = objective.evaluated.iter().map(first_i32).collect();
        #[rustfmt::skip]
        let expected = [
            0, -1, 1,                               // explore: -1 is worse, +1 better
            3, 7, 15, 31, 63, 127, 255,             // pattern +2, +4, …, +128 (255 is worse)
            126,                                    // explore at 127: -1 improves
            124, 120, 112, 96, 64,                  // pattern -2, …, -32 (64 is worse)
            95, 97,                                 // explore at 96: -1 worse, +1 better
            99, 103,                                // pattern +2 better, +4 worse
            98, 100,                                // explore at 99: -1 worse, +1 covers
        ];
        assert_eq!(evaluated, expected);
    }

    #[test]
    fn float_moves_are_hundredths_by_default_and_accelerate_the_same_way() {
        let shape = Shape::Tuple(vec![Shape::Float(FloatKind::F64)]);
        let fitness = |value: &Value| {
            let distance = (value.item(0).as_float() - 1.0).abs();
            if distance < 1e-9 { 0.0 } else { distance }
        };
        let mut objective = Recorder::new(1000, fitness);
        run(
            &shape,
            &[Value::List(vec![Value::Float(0.0)])],
            &mut objective,
            2,
        );
        let evaluated: Vec<f64> = objective
            .evaluated
            .iter()
            .map(|v| v.item(0).as_float())
            .collect();
        let expected = [
            0.0, -0.01, 0.01, 0.03, 0.07, 0.15, 0.31, 0.63, 1.27, 2.55, 1.26, 1.24, 1.2, 1.12,
            0.96, 0.64, 0.95, 0.97, 0.99, 1.03, 0.98, 1.0,
        ];
        assert_eq!(evaluated.len(), expected.len(), "{evaluated:?}");
        for (got, want) in evaluated.iter().zip(expected) {
            assert!((got - want).abs() < 1e-9, "{evaluated:?}");
        }
        assert!(objective.covered());
    }

    #[test]
    fn moves_on_the_representation_reach_a_subnormal_and_a_bit_pattern_from_one() {
        // libm's subnormal test, `exponent == 0 && mantissa != 0`: value moves of 0.01 and up
        // never get below 2.3e-308 except at 0.0 itself.
        let subnormal = |value: &Value| {
            let bits = value.item(0).as_float().to_bits();
            let exponent = (bits >> 52) & 0x7ff;
            let mantissa = bits & 0x000f_ffff_ffff_ffff;
            exponent as f64 + if mantissa == 0 { 1.0 } else { 0.0 }
        };
        // A NaN-boxing tag in the mantissa's high bits: flat for every move below 2^32 ulps.
        let tagged = |value: &Value| {
            let bits = value.item(0).as_float().to_bits();
            ((bits >> 32) & 0xfffff).abs_diff(0x0_dead) as f64
        };
        let shape = Shape::Tuple(vec![Shape::Float(FloatKind::F64)]);
        let one = [Value::List(vec![Value::Float(1.0)])];
        for fitness in [&subnormal as &dyn Fn(&Value) -> f64, &tagged] {
            let mut objective = Recorder::new(2_000, fitness);
            run(&shape, &one, &mut objective, 3);
            assert!(
                objective.covered(),
                "not covered in {} evaluations",
                objective.evaluated.len()
            );
        }
    }

    #[test]
    fn avm_reaches_one_million_on_an_i32_within_300_evaluations() {
        for seed in 0..20 {
            let mut objective = Recorder::new(300, distance_to(1_000_000));
            run(&i32_input(1), &[], &mut objective, seed);
            assert!(
                objective.covered(),
                "seed {seed}: {} evaluations",
                objective.evaluated.len()
            );
        }
    }

    #[test]
    fn avm_solves_x_equals_y_plus_seven_within_1000_evaluations() {
        let fitness = |value: &Value| {
            let (x, y) = <(i32, i32)>::decode(value);
            (i64::from(x) - i64::from(y) - 7).unsigned_abs() as f64
        };
        for seed in 0..20 {
            let mut objective = Recorder::new(1000, fitness);
            run(&i32_input(2), &[], &mut objective, seed);
            assert!(objective.covered(), "seed {seed}");
            let (x, y) = objective
                .evaluated
                .last()
                .map(<(i32, i32)>::decode)
                .unwrap_or_default();
            assert_eq!(i64::from(x), i64::from(y) + 7);
        }
    }

    #[test]
    fn avm_moves_saturate_at_i128_and_u128_extremes_without_overflow() {
        let shape = Shape::Tuple(vec![Shape::Int(IntKind::I128), Shape::Int(IntKind::U128)]);
        let decode = <(i128, u128)>::decode;
        let fitness = |value: &Value| {
            let (x, y) = decode(value);
            (x.abs_diff(i128::MAX) + y) as f64
        };
        let start = Value::List(vec![Value::Int(u128::MAX - 5), Value::Int(3)]);
        let mut objective = Recorder::new(100, fitness);
        run(&shape, &[start], &mut objective, 3);
        let decoded: Vec<(i128, u128)> = objective.evaluated.iter().map(decode).collect();
        let max = i128::MAX;
        #[rustfmt::skip]
        let expected = [
            (max - 5, 3), (max - 6, 3), (max - 4, 3),   // explore x
            (max - 2, 3), (max, 3),                     // pattern +2, +4 (saturated from +4)
            (max - 1, 3),                               // +8 is no move; explore at the max
            (max, 2), (max, 0),                         // y: explore -1, pattern -2 covers
        ];
        assert_eq!(decoded, expected);

        let at_extremes = Value::List(vec![Value::Int(0), Value::Int(u128::MAX)]);
        let mut objective = Recorder::new(5, |_: &Value| 1.0);
        run(&shape, &[at_extremes], &mut objective, 3);
        let decoded: Vec<(i128, u128)> = objective.evaluated.iter().map(decode).collect();
        let (min, umax) = (i128::MIN, u128::MAX);
        let expected = [(min, umax), (min + 1, umax), (min, umax - 1)];
        assert_eq!(
            decoded[..3],
            expected,
            "moves past the extremes are skipped, not wrapped"
        );
    }

    #[test]
    fn string_length_moves_push_and_pop_and_never_revisit_the_point_just_left() {
        let shape = Shape::Tuple(vec![Shape::Str { max_len: 8 }]);
        let length = |value: &Value| value.item(0).items().len();
        let mut objective = Recorder::new(1000, |v: &Value| length(v).abs_diff(5) as f64);
        run(
            &shape,
            &[Value::List(vec![Value::List(vec![])])],
            &mut objective,
            4,
        );
        let lengths: Vec<usize> = objective.evaluated.iter().map(length).collect();
        // 0 (pop impossible) → +1 → pattern +2 → +4 no better → explore at 3: 2 worse,
        // 4 better → +2 no better → explore at 4: 3 is where it came from, 5 covers.
        assert_eq!(lengths, [0, 1, 3, 7, 2, 4, 6, 5]);
        let last = objective
            .evaluated
            .last()
            .map(<(String,)>::decode)
            .unwrap_or_default();
        assert_eq!(last.0, "aaaaa", "pushed items are the zero char");
    }

    #[test]
    fn stagnation_restarts_from_the_remaining_seeds_then_random_values() {
        let seeds = [i32s(&[10, 20]), i32s(&[30, 40])];
        let mut objective = Recorder::new(14, |_: &Value| 1.0);
        run(&i32_input(2), &seeds, &mut objective, 5);
        let evaluated = &objective.evaluated;
        let neighbours = |x: i32, y: i32| {
            [
                i32s(&[x - 1, y]),
                i32s(&[x + 1, y]),
                i32s(&[x, y - 1]),
                i32s(&[x, y + 1]),
            ]
        };
        assert_eq!(evaluated[0], seeds[0]);
        assert_eq!(evaluated[1..5], neighbours(10, 20));
        assert_eq!(evaluated[5], seeds[1]);
        assert_eq!(evaluated[6..10], neighbours(30, 40));
        assert!(!seeds.contains(&evaluated[10]), "then a random restart");
        assert_eq!(evaluated.len(), 14);
    }

    #[test]
    fn avm_evaluates_a_shape_without_genes_once() {
        let mut objective = Recorder::new(100, |_: &Value| 1.0);
        run(
            &Shape::Tuple(vec![Shape::Str { max_len: 0 }]),
            &[],
            &mut objective,
            6,
        );
        assert_eq!(objective.evaluated.len(), 1);
    }

    #[test]
    fn avm_is_deterministic_given_the_seed() {
        let shape = Shape::Tuple(vec![
            Shape::Int(IntKind::I64),
            Shape::Float(FloatKind::F32),
            Shape::Str { max_len: 6 },
        ]);
        let fitness = |value: &Value| {
            let (x, y, text) = <(i64, f32, String)>::decode(value);
            let goal = text.chars().filter(|&c| c == 'q').count().abs_diff(3) as f64;
            (x % 1000) as f64 + f64::from(y).abs() % 10.0 + goal + 1.0
        };
        // Debug output, as random floats may be NaN, which `==` never equals.
        let evaluated = |seed| {
            let mut objective = Recorder::new(400, fitness);
            run(&shape, &[], &mut objective, seed);
            format!("{:?}", objective.evaluated)
        };
        assert_eq!(evaluated(7), evaluated(7));
        assert_ne!(evaluated(7), evaluated(8));
    }
}
