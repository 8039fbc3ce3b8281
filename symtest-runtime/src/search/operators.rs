//! Operators on gene values shared by the algorithms: random values, neighbourhood moves,
//! recombination and mutation, all respecting a value's [`Shape`].
//!
//! Every operator accepts any [`Value`], even one with missing, surplus or wrongly kinded genes
//! (a hand-edited seed, say): such genes read as the shape's zero or are clamped, and what the
//! operators return always fits the shape.

use rand::RngExt;

use super::Objective;
use crate::genes::floats::{self, FloatField, shift_field, shift_float};
use crate::genes::pool::Pool;
use crate::genes::random::Rng;
use crate::genes::random::{FLOAT_RANGE, random_value_with};
use crate::genes::used;
use crate::genes::{
    BOOL_SHAPE, CHAR_COUNT, CHAR_SHAPE, Direction, FloatKind, Shape, Value, gene_at_mut, shape_at,
    shift_int,
};
use crate::record::fitness::Fitness;

/// Domain size the breeder mutation assumes for float genes, which have no useful finite one:
/// the width of [`FLOAT_RANGE`], so mutation steps match where random floats start out.
pub const FLOAT_MUTATION_DOMAIN: f64 = 2.0 * FLOAT_RANGE;

/// Number of terms of the breeder mutation's δ, `Σ_{x=0}^{15} α_x 2^-x`.
const BREEDER_TERMS: i32 = 16;

/// A search must stop: the objective covered its target or spent its budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Done;

/// Evaluates `value` unless the objective is already done, so no algorithm evaluates past the
/// end of its budget. A NaN fitness counts as infinitely bad, so it never looks like progress.
pub fn evaluate(objective: &mut dyn Objective, value: &Value) -> Result<Fitness, Done> {
    if objective.done() {
        return Err(Done);
    }
    Ok(sane(objective.evaluate(value)))
}

/// `fitness`, or the worst when it is NaN: a NaN counts as infinitely bad, so it never looks
/// like progress.
pub fn sane(fitness: Fitness) -> Fitness {
    if fitness.value.is_nan() || fitness.tie.is_nan() {
        Fitness::WORST
    } else {
        fitness
    }
}

/// The `index`-th member of a first population: the seed at `index` fitted to `shape`, or a
/// random value drawing on `pool` once the seeds run out.
pub fn seed_or_random(
    shape: &Shape,
    seeds: &[Value],
    index: usize,
    pool: &Pool,
    rng: &mut Rng,
) -> Value {
    match seeds.get(index) {
        Some(seed) => normalize(shape, seed),
        None => random_value_with(shape, pool, rng),
    }
}

/// How a shape stores its genes: all most operators need to know about it.
enum Node<'s> {
    /// An integer-like gene in `0..=max`.
    Int {
        max: u128,
    },
    Float(FloatKind),
    /// A string or sequence: up to `max_len` genes of shape `item`.
    List {
        item: &'s Shape,
        max_len: usize,
    },
    /// An array, tuple or option (`[presence, payload]`): one child per field.
    Fixed(Vec<&'s Shape>),
}

fn node(shape: &Shape) -> Node<'_> {
    match shape {
        Shape::Int(kind) => Node::Int {
            max: kind.max_offset(),
        },
        Shape::Bool => Node::Int { max: 1 },
        Shape::Tag(count) => Node::Int {
            max: u128::from(count.saturating_sub(1)),
        },
        Shape::Char => Node::Int {
            max: CHAR_COUNT - 1,
        },
        Shape::Float(kind) => Node::Float(*kind),
        Shape::Str { max_len } => Node::List {
            item: &CHAR_SHAPE,
            max_len: *max_len,
        },
        Shape::Seq { item, max_len } => Node::List {
            item,
            max_len: *max_len,
        },
        Shape::Array { item, len } => Node::Fixed(vec![&**item; *len]),
        Shape::Tuple(fields) => Node::Fixed(fields.iter().collect()),
        Shape::Option(payload) => Node::Fixed(vec![&BOOL_SHAPE, &**payload]),
        Shape::Never => Node::Fixed(Vec::new()),
    }
}

/// `value` repaired to fit `shape`: out-of-range genes clamped, missing ones filled with the
/// shape's zero, surplus items dropped, lists cut to `max_len`. Floats are kept as they are
/// (NaN and infinities are values of the type).
pub fn normalize(shape: &Shape, value: &Value) -> Value {
    match node(shape) {
        Node::Int { max } => Value::Int(value.as_int().min(max)),
        Node::Float(_) => Value::Float(value.as_float()),
        Node::List { item, max_len } => Value::List(
            value
                .items()
                .iter()
                .take(max_len)
                .map(|v| normalize(item, v))
                .collect(),
        ),
        Node::Fixed(fields) => {
            let items = value.items();
            let field = |(index, shape): (usize, &Shape)| {
                items
                    .get(index)
                    .map_or_else(|| shape.zero(), |item| normalize(shape, item))
            };
            Value::List(fields.into_iter().enumerate().map(field).collect())
        }
    }
}

/// One gene the search can change on its own: what the AVM optimises in turn and what the
/// breeder mutation mutates.
#[derive(Clone, Debug, PartialEq)]
pub struct Variable<'s> {
    /// Item indices leading from the whole value to the gene (see [`gene_at`]).
    pub path: Vec<usize>,
    pub kind: VariableKind<'s>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum VariableKind<'s> {
    /// An integer-like gene (integer, bool, char, option presence) in `0..=max`.
    Int { max: u128 },
    /// A float gene, moved by value.
    Float(FloatKind),
    /// A float gene, moved on one field of its representation (see [`floats`]).
    FloatField(FloatKind, FloatField),
    /// The length of the string or sequence at the path: moves push `item`s or pop them at
    /// the end, within `0..=max_len`.
    Length { item: &'s Shape, max_len: usize },
}

/// The variables of `value`, depth first in field order; a list's length comes before its
/// items. Only genes present in `value` are listed; lengths only when `max_len > 0`.
pub fn variables<'s>(shape: &'s Shape, value: &Value) -> Vec<Variable<'s>> {
    let mut found = Vec::new();
    collect_variables(shape, value, &mut Vec::new(), &mut found);
    found
}

fn collect_variables<'s>(
    shape: &'s Shape,
    value: &Value,
    path: &mut Vec<usize>,
    found: &mut Vec<Variable<'s>>,
) {
    let mut leaf = |kind| {
        found.push(Variable {
            path: path.clone(),
            kind,
        })
    };
    match node(shape) {
        Node::Int { max } => leaf(VariableKind::Int { max }),
        Node::Float(kind) => leaf(VariableKind::Float(kind)),
        Node::List { item, max_len } => {
            if max_len > 0 {
                leaf(VariableKind::Length { item, max_len });
            }
            collect_children(std::iter::repeat(item), value, path, found);
        }
        Node::Fixed(fields) => collect_children(fields.into_iter(), value, path, found),
    }
}

fn collect_children<'s>(
    shapes: impl Iterator<Item = &'s Shape>,
    value: &Value,
    path: &mut Vec<usize>,
    found: &mut Vec<Variable<'s>>,
) {
    for (index, (shape, item)) in shapes.zip(value.items()).enumerate() {
        path.push(index);
        collect_variables(shape, item, path, found);
        path.pop();
    }
}

/// [`variables`] with every float gene followed by the fields of its representation: the
/// AVM's variables, so it climbs on the representation where a distance is measured in bit
/// fields as well as on the value.
pub fn variables_with_float_fields<'s>(shape: &'s Shape, value: &Value) -> Vec<Variable<'s>> {
    let mut found = Vec::new();
    for variable in variables(shape, value) {
        let (path, kind) = (variable.path.clone(), variable.kind);
        found.push(variable);
        if let VariableKind::Float(kind) = kind {
            found.extend(FloatField::of(kind).iter().map(|&field| Variable {
                path: path.clone(),
                kind: VariableKind::FloatField(kind, field),
            }));
        }
    }
    found
}

/// True when `shape` has no genes at all (`()`, empty arrays, strings of `max_len` 0): its one
/// value is [`Shape::zero`], so a single evaluation tells a search all there is to know.
pub fn is_single_point(shape: &Shape) -> bool {
    variables(shape, &shape.zero()).is_empty()
}

/// One AVM move: `2^iteration` units in `direction` (iteration 0 is an exploratory move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub direction: Direction,
    pub iteration: u32,
}

impl Step {
    pub const fn new(direction: Direction, iteration: u32) -> Self {
        Step {
            direction,
            iteration,
        }
    }
}

/// `value` with `variable` moved by `step`, or `None` when the move changes nothing (a bound
/// is reached, or the path leads nowhere) so callers never evaluate the same point again.
///
/// Units: 1 for integer-like genes, lengths and fields of a float's representation
/// (saturating at the domain bounds), `10^-p` for floats with `p = float_precision`. Length moves push the item shape's zero, so the
/// neighbourhood of a point is fixed; the AVM then optimises the new items as variables.
pub fn neighbour(
    value: &Value,
    variable: &Variable<'_>,
    step: Step,
    float_precision: i32,
) -> Option<Value> {
    let mut moved = value.clone();
    let gene = gene_at_mut(&mut moved, &variable.path)?;
    let before = gene.clone();
    let (direction, iteration) = (step.direction, step.iteration);
    match variable.kind {
        VariableKind::Int { max } => {
            let steps = 1u128.checked_shl(iteration).unwrap_or(u128::MAX);
            *gene = Value::Int(shift_int(gene.as_int(), max, direction, steps));
        }
        VariableKind::Float(kind) => {
            let exponent = i32::try_from(iteration).unwrap_or(i32::MAX);
            let amount = 2f64.powi(exponent) * 10f64.powi(float_precision.saturating_neg());
            *gene = Value::Float(shift_float(gene.as_float(), kind, direction, amount));
        }
        VariableKind::FloatField(kind, field) => {
            let steps = 1u128.checked_shl(iteration).unwrap_or(u128::MAX);
            *gene = Value::Float(shift_field(gene.as_float(), kind, field, direction, steps));
        }
        VariableKind::Length { item, max_len } => {
            let count = 1usize.checked_shl(iteration).unwrap_or(usize::MAX);
            resize(list_mut(gene), max_len, direction, count, || item.zero());
        }
    }
    let changed = *gene != before;
    changed.then_some(moved)
}

/// The items of a list gene, turning a malformed gene into an empty list first.
fn list_mut(gene: &mut Value) -> &mut Vec<Value> {
    match gene {
        Value::List(items) => items,
        other => {
            *other = Value::List(Vec::new());
            list_mut(other)
        }
    }
}

/// Pushes `count` items made by `fill` (up to `max_len`) or pops `count` items from the end.
fn resize(
    items: &mut Vec<Value>,
    max_len: usize,
    direction: Direction,
    count: usize,
    mut fill: impl FnMut() -> Value,
) {
    match direction {
        Direction::Up => {
            let target = items.len().saturating_add(count).min(max_len);
            while items.len() < target {
                items.push(fill());
            }
        }
        Direction::Down => items.truncate(items.len().saturating_sub(count)),
    }
}

/// Discrete recombination: each gene of the child comes from either parent with probability
/// 1/2. A string or sequence takes its length from one parent; positions both parents have are
/// recombined gene by gene, the rest come from the parent that gave the length.
pub fn recombine(shape: &Shape, first: &Value, second: &Value, rng: &mut Rng) -> Value {
    match node(shape) {
        Node::Int { .. } | Node::Float(_) => normalize(shape, pick(first, second, rng)),
        Node::List { item, max_len } => {
            let (first, second) = (first.items(), second.items());
            let common = first.len().min(second.len());
            let length_parent = pick(first, second, rng);
            let items = (0..length_parent.len().min(max_len)).map(|index| {
                if index < common {
                    recombine(item, &first[index], &second[index], rng)
                } else {
                    normalize(item, &length_parent[index])
                }
            });
            Value::List(items.collect())
        }
        Node::Fixed(fields) => {
            let children = fields
                .into_iter()
                .enumerate()
                .map(|(index, field)| recombine(field, first.item(index), second.item(index), rng));
            Value::List(children.collect())
        }
    }
}

fn pick<'a, T: ?Sized>(first: &'a T, second: &'a T, rng: &mut Rng) -> &'a T {
    if rng.random_bool(0.5) { first } else { second }
}

/// Breeder-GA mutation (Mühlenbein and Schlierkamp-Voosen): each variable (see [`variables`])
/// mutates with probability `1/len`, `len` the number of variables of `value`, to
/// `x ± r·δ` with `r = step_size · domain size` and δ from [`breeder_delta`].
///
/// Domain sizes: `max + 1` for integer-like genes, `max_len + 1` for lengths,
/// [`FLOAT_MUTATION_DOMAIN`] for floats. Integer and length steps are rounded up, so any
/// non-zero δ moves them at least one unit and small domains (bools, short lists) still mutate;
/// results saturate at the bounds. A grown list gets random items.
///
/// A variable chosen to mutate first tries `pool` (see [`Pool::draw`]): an integer, float or
/// char gene may take a value of the pool instead, and a string's length variable stands for
/// the whole string, which may be replaced by a string of the pool, kept as it is (its chars
/// are not mutated in the same step).
///
/// Before all that, one used value may be copied over another of its shape instead (see
/// [`used::reuse`]): the only change of that mutation.
pub fn mutate(shape: &Shape, value: &Value, step_size: f64, pool: &Pool, rng: &mut Rng) -> Value {
    let mut mutated = normalize(shape, value);
    if used::reuse(shape, &mut mutated, pool, rng) {
        return mutated;
    }
    let variables = variables(shape, &mutated);
    let rate = 1.0 / variables.len().max(1) as f64;
    let mut replaced: Option<&[usize]> = None;
    for variable in &variables {
        if replaced.is_some_and(|path| variable.path.starts_with(path)) || !rng.random_bool(rate) {
            continue;
        }
        let Some(gene) = gene_at_mut(&mut mutated, &variable.path) else {
            continue;
        };
        let pooled = shape_at(shape, &variable.path).and_then(|item| pool.draw(item, rng));
        match pooled {
            Some(pooled) => {
                *gene = pooled;
                replaced = Some(&variable.path);
            }
            None => mutate_gene(gene, variable.kind, step_size, pool, rng),
        }
    }
    mutated
}

fn mutate_gene(
    gene: &mut Value,
    kind: VariableKind<'_>,
    step_size: f64,
    pool: &Pool,
    rng: &mut Rng,
) {
    let direction = if rng.random_bool(0.5) {
        Direction::Up
    } else {
        Direction::Down
    };
    let delta = breeder_delta(rng);
    match kind {
        VariableKind::Int { max } => {
            let steps = breeder_steps(step_size * (max as f64 + 1.0) * delta);
            *gene = Value::Int(shift_int(gene.as_int(), max, direction, steps));
        }
        // One float mutation in four is on a field of the representation instead.
        VariableKind::Float(kind) if rng.random_ratio(1, 4) => {
            let fields = FloatField::of(kind);
            let field = fields[rng.random_range(0..fields.len())];
            mutate_gene(
                gene,
                VariableKind::FloatField(kind, field),
                step_size,
                pool,
                rng,
            );
        }
        VariableKind::Float(kind) => {
            let amount = step_size * FLOAT_MUTATION_DOMAIN * delta;
            *gene = Value::Float(shift_float(gene.as_float(), kind, direction, amount));
        }
        VariableKind::FloatField(kind, field) => {
            let values = floats::field_values(kind, field) as f64;
            let steps = breeder_steps(step_size * values * delta);
            *gene = Value::Float(shift_field(gene.as_float(), kind, field, direction, steps));
        }
        VariableKind::Length { item, max_len } => {
            let steps = breeder_steps(step_size * (max_len as f64 + 1.0) * delta);
            let count = usize::try_from(steps).unwrap_or(usize::MAX);
            resize(list_mut(gene), max_len, direction, count, || {
                random_value_with(item, pool, rng)
            });
        }
    }
}

/// A mutation distance in whole units: rounded up, zero for zero (or nonsensical) distances.
fn breeder_steps(distance: f64) -> u128 {
    if distance > 0.0 {
        distance.ceil() as u128
    } else {
        0
    }
}

/// The breeder mutation's δ = `Σ_{x=0}^{15} α_x 2^-x`, each `α_x` 1 with probability 1/16:
/// in `[0, 2)`, zero about 36 % of the time, mean about 1/8, mostly small steps.
pub fn breeder_delta(rng: &mut Rng) -> f64 {
    (0..BREEDER_TERMS)
        .map(|x| {
            if rng.random_ratio(1, 16) {
                0.5f64.powi(x)
            } else {
                0.0
            }
        })
        .sum()
}

/// A recording [`Objective`] shared by the search algorithms' tests.
#[cfg(test)]
pub(crate) mod recorder {
    use super::{Objective, Value};

    /// Records every evaluated value; done after `budget` evaluations or a fitness of 0.
    /// Evaluating once done fails the test, which checks every algorithm stops in time.
    pub(crate) struct Recorder<F> {
        fitness: F,
        budget: usize,
        covered: bool,
        pub(crate) evaluated: Vec<Value>,
    }

    impl<F: FnMut(&Value) -> f64> Recorder<F> {
        pub(crate) fn new(budget: usize, fitness: F) -> Self {
            Recorder {
                fitness,
                budget,
                covered: false,
                evaluated: Vec::new(),
            }
        }

        pub(crate) fn covered(&self) -> bool {
            self.covered
        }
    }

    impl<F: FnMut(&Value) -> f64> Objective for Recorder<F> {
        fn evaluate(&mut self, value: &Value) -> crate::record::fitness::Fitness {
            assert!(
                !self.done(),
                "evaluated {value:?} after the objective was done"
            );
            let fitness = (self.fitness)(value);
            self.evaluated.push(value.clone());
            self.covered |= fitness == 0.0;
            crate::record::fitness::Fitness::from(fitness)
        }

        fn done(&self) -> bool {
            self.covered || self.evaluated.len() >= self.budget
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::genes::pool::Constant;
    use crate::genes::random::random_value;
    use crate::genes::{Input, IntKind, gene_at, gene_of_char};

    fn rng(seed: u64) -> Rng {
        Rng::seed_from_u64(seed)
    }

    fn int_of(kind: IntKind, value: i128) -> Value {
        Value::Int(kind.offset_of_signed(value))
    }

    fn text(value: &str) -> Value {
        Value::List(value.chars().map(|c| Value::Int(gene_of_char(c))).collect())
    }

    fn sample_shape() -> Shape {
        Shape::Tuple(vec![
            Shape::Int(IntKind::I32),
            Shape::Str { max_len: 4 },
            Shape::Option(Box::new(Shape::Float(FloatKind::F64))),
            Shape::Seq {
                item: Box::new(Shape::Int(IntKind::U8)),
                max_len: 3,
            },
            Shape::Array {
                item: Box::new(Shape::Bool),
                len: 2,
            },
        ])
    }

    fn up(iteration: u32) -> Step {
        Step::new(Direction::Up, iteration)
    }

    fn down(iteration: u32) -> Step {
        Step::new(Direction::Down, iteration)
    }

    #[test]
    fn random_values_always_fit_their_shape() {
        let shape = sample_shape();
        let mut rng = rng(1);
        // Debug output compares NaN genes as equal, which `==` would not.
        let same = |a: &Value, b: &Value| format!("{a:?}") == format!("{b:?}");
        for _ in 0..2000 {
            let value = random_value(&shape, &mut rng);
            assert!(
                same(&normalize(&shape, &value), &value),
                "{value:?} needed repair"
            );
        }
    }

    #[test]
    fn random_integers_mix_uniform_small_and_special_values() {
        let mut rng = rng(2);
        let draws: Vec<i32> = (0..3000)
            .map(|_| i32::decode(&random_value(&Shape::Int(IntKind::I32), &mut rng)))
            .collect();
        let share = |keep: &dyn Fn(i32) -> bool| {
            draws.iter().filter(|&&x| keep(x)).count() as f64 / draws.len() as f64
        };
        let extreme = share(&|x| x == i32::MIN || x == i32::MAX);
        let small = share(&|x| (-100..=100).contains(&x));
        let large = share(&|x| x.unsigned_abs() > 1_000_000 && x != i32::MIN && x != i32::MAX);
        assert!((0.10..0.16).contains(&extreme), "min/max share {extreme}");
        assert!(
            (0.48..0.58).contains(&small),
            "small share {small} (small plus 0, ±1)"
        );
        assert!((0.30..0.36).contains(&large), "uniform share {large}");
        let unsigned: Vec<u128> = (0..600)
            .map(|_| u128::decode(&random_value(&Shape::Int(IntKind::U128), &mut rng)))
            .collect();
        assert!(unsigned.contains(&u128::MAX) && unsigned.contains(&0) && unsigned.contains(&1));
    }

    #[test]
    fn random_floats_include_specials_and_rarely_non_finite_values() {
        let mut rng = rng(3);
        let draws: Vec<f64> = (0..6000)
            .map(|_| random_value(&Shape::Float(FloatKind::F64), &mut rng).as_float())
            .collect();
        let count = |keep: &dyn Fn(f64) -> bool| draws.iter().filter(|&&x| keep(x)).count();
        let non_finite = count(&|x| !x.is_finite());
        assert!(
            (100..300).contains(&non_finite),
            "{non_finite} non-finite of 6000"
        );
        assert!(
            count(&|x| x == 0.0 && x.is_sign_negative()) > 150,
            "-0.0 is a special"
        );
        assert!(
            count(&f64::is_subnormal) > 150,
            "so are the subnormal edges"
        );
        assert!(
            count(&|x| x.abs() == f64::MAX) > 50,
            "and the largest values"
        );
        assert!(count(&|x| x.abs() > 100.0 && x.abs() <= FLOAT_RANGE) > 1500);
        assert!(count(&|x| x.abs() < 100.0 && x.fract() != 0.0) > 1500);
    }

    #[test]
    fn random_chars_are_mostly_printable_ascii_and_strings_mostly_short() {
        let mut rng = rng(4);
        let shape = Shape::Str { max_len: 20 };
        let strings: Vec<String> = (0..1000)
            .map(|_| String::decode(&random_value(&shape, &mut rng)))
            .collect();
        let chars: Vec<char> = strings.iter().flat_map(|s| s.chars()).collect();
        let printable = chars.iter().filter(|c| (' '..='~').contains(c)).count();
        assert!(printable * 100 > chars.len() * 80 && printable < chars.len());
        let short = strings.iter().filter(|s| s.chars().count() <= 8).count();
        assert!((850..960).contains(&short), "{short} of 1000 short");
        assert!(strings.iter().all(|s| s.chars().count() <= 20));
        assert!(strings.iter().any(|s| s.chars().count() > 8));
    }

    #[test]
    fn random_options_are_present_about_half_the_time_with_a_payload() {
        let mut rng = rng(5);
        let shape = Shape::Option(Box::new(Shape::Int(IntKind::U8)));
        let values: Vec<Value> = (0..1000).map(|_| random_value(&shape, &mut rng)).collect();
        let present = values.iter().filter(|v| v.item(0).as_int() == 1).count();
        assert!((430..570).contains(&present), "{present} of 1000 present");
        assert!(values.iter().all(|v| v.items().len() == 2));
    }

    #[test]
    fn random_values_are_deterministic_given_the_seed() {
        let shape = sample_shape();
        let draw = |seed| {
            let mut rng = rng(seed);
            format!(
                "{:?}",
                (0..50)
                    .map(|_| random_value(&shape, &mut rng))
                    .collect::<Vec<_>>()
            )
        };
        assert_eq!(draw(6), draw(6));
        assert_ne!(draw(6), draw(7));
    }

    #[test]
    fn normalize_repairs_missing_surplus_and_out_of_range_genes() {
        let shape = Shape::Tuple(vec![
            Shape::Int(IntKind::U8),
            Shape::Str { max_len: 2 },
            Shape::Option(Box::new(Shape::Bool)),
            Shape::Array {
                item: Box::new(Shape::Char),
                len: 2,
            },
        ]);
        let broken = Value::List(vec![
            Value::Int(1000),
            text("abc"),
            Value::Float(7.0),
            Value::List(vec![Value::Int(u128::MAX)]),
            Value::Int(5),
        ]);
        let expected = Value::List(vec![
            Value::Int(255),
            text("ab"),
            Value::List(vec![Value::Int(0), Value::Int(0)]),
            Value::List(vec![
                Value::Int(CHAR_COUNT - 1),
                Value::Int(gene_of_char('a')),
            ]),
        ]);
        assert_eq!(normalize(&shape, &broken), expected);
        assert_eq!(normalize(&shape, &Value::Float(f64::NAN)), shape.zero());
    }

    #[test]
    fn variables_list_each_leaf_and_each_list_length_by_path() {
        let shape = sample_shape();
        let value = Value::List(vec![
            int_of(IntKind::I32, 5),
            text("hi"),
            Value::List(vec![Value::Int(1), Value::Float(2.5)]),
            Value::List(vec![]),
            Value::List(vec![Value::Int(0), Value::Int(1)]),
        ]);
        let found: Vec<(Vec<usize>, VariableKind<'_>)> = variables(&shape, &value)
            .into_iter()
            .map(|v| (v.path, v.kind))
            .collect();
        let char_max = VariableKind::Int {
            max: CHAR_COUNT - 1,
        };
        let u8_shape = Shape::Int(IntKind::U8);
        let expected = vec![
            (
                vec![0],
                VariableKind::Int {
                    max: u128::from(u32::MAX),
                },
            ),
            (
                vec![1],
                VariableKind::Length {
                    item: &Shape::Char,
                    max_len: 4,
                },
            ),
            (vec![1, 0], char_max),
            (vec![1, 1], char_max),
            (vec![2, 0], VariableKind::Int { max: 1 }),
            (vec![2, 1], VariableKind::Float(FloatKind::F64)),
            (
                vec![3],
                VariableKind::Length {
                    item: &u8_shape,
                    max_len: 3,
                },
            ),
            (vec![4, 0], VariableKind::Int { max: 1 }),
            (vec![4, 1], VariableKind::Int { max: 1 }),
        ];
        assert_eq!(found, expected);
        assert!(is_single_point(&Shape::Tuple(vec![Shape::Str {
            max_len: 0
        }])));
        assert!(!is_single_point(&Shape::Seq {
            item: Box::new(Shape::Bool),
            max_len: 1
        }));
    }

    #[test]
    fn integer_moves_double_per_iteration_and_saturate_at_u128_and_i128_extremes() {
        let int = |max| Variable {
            path: vec![],
            kind: VariableKind::Int { max },
        };
        let i32_var = int(IntKind::I32.max_offset());
        let start = int_of(IntKind::I32, 10);
        let moved = |step| neighbour(&start, &i32_var, step, 2).map(|v| i32::decode(&v));
        assert_eq!(moved(down(0)), Some(9));
        assert_eq!(moved(up(3)), Some(18));
        assert_eq!(moved(up(200)), Some(i32::MAX));
        assert_eq!(moved(down(40)), Some(i32::MIN));

        let wide = int(u128::MAX);
        assert_eq!(neighbour(&Value::Int(u128::MAX), &wide, up(0), 2), None);
        assert_eq!(neighbour(&Value::Int(0), &wide, down(127), 2), None);
        assert_eq!(
            neighbour(&Value::Int(0), &wide, up(127), 2),
            Some(Value::Int(1 << 127))
        );
        assert_eq!(
            neighbour(&Value::Int(5), &wide, up(u32::MAX), 2),
            Some(Value::Int(u128::MAX))
        );
        let i128_min = Value::Int(IntKind::I128.offset_of_signed(i128::MIN));
        let moved = neighbour(&i128_min, &wide, up(128), 2).map(|v| i128::decode(&v));
        assert_eq!(moved, Some(i128::MAX));
        assert_eq!(
            neighbour(&Value::List(vec![]), &int(1), up(0), 2),
            Some(Value::Int(1))
        );
    }

    #[test]
    fn float_moves_scale_with_precision_and_always_change_the_value() {
        let float = |kind| Variable {
            path: vec![],
            kind: VariableKind::Float(kind),
        };
        let f64_var = float(FloatKind::F64);
        let moved = |x: f64, step, precision| {
            neighbour(&Value::Float(x), &f64_var, step, precision).map(|v| v.as_float())
        };
        assert_eq!(moved(1.0, up(0), 2), Some(1.01));
        assert_eq!(moved(1.0, down(2), 1), Some(1.0 - 0.4));
        assert_eq!(moved(1e300, up(0), 2), Some(1e300f64.next_up()));
        assert_eq!(moved(f64::NAN, up(0), 2), Some(0.01));
        assert_eq!(moved(f64::INFINITY, down(0), 2), Some(f64::MAX.next_down()));
        assert_eq!(moved(f64::MAX, up(5), 2), None);
        assert_eq!(
            shift_float(2.5, FloatKind::F64, Direction::Up, f64::NAN),
            2.5
        );
        let f32_var = float(FloatKind::F32);
        let big = f64::from(1e7f32);
        let moved = neighbour(&Value::Float(big), &f32_var, up(0), 2).map(|v| v.as_float());
        assert_eq!(moved, Some(f64::from(1e7f32.next_up())));
    }

    #[test]
    fn length_moves_push_zero_items_and_pop_within_bounds() {
        let length = Variable {
            path: vec![0],
            kind: VariableKind::Length {
                item: &Shape::Char,
                max_len: 4,
            },
        };
        let value = Value::List(vec![text("ab")]);
        let moved = |value: &Value, step| neighbour(value, &length, step, 2);
        assert_eq!(moved(&value, up(0)), Some(Value::List(vec![text("aba")])));
        assert_eq!(moved(&value, up(5)), Some(Value::List(vec![text("abaa")])));
        assert_eq!(moved(&value, down(0)), Some(Value::List(vec![text("a")])));
        assert_eq!(moved(&value, down(1)), Some(Value::List(vec![text("")])));
        assert_eq!(moved(&Value::List(vec![text("")]), down(0)), None);
        assert_eq!(moved(&Value::List(vec![text("abcd")]), up(0)), None);
        assert_eq!(
            moved(&Value::List(vec![]), up(0)),
            None,
            "the path leads nowhere"
        );
    }

    #[test]
    fn recombination_takes_each_gene_from_either_parent() {
        let shape = Shape::Array {
            item: Box::new(Shape::Int(IntKind::U8)),
            len: 2000,
        };
        let first = Value::List(vec![Value::Int(1); 2000]);
        let second = Value::List(vec![Value::Int(2); 2000]);
        let child = recombine(&shape, &first, &second, &mut rng(8));
        let from_first = child
            .items()
            .iter()
            .filter(|g| **g == Value::Int(1))
            .count();
        let from_second = child
            .items()
            .iter()
            .filter(|g| **g == Value::Int(2))
            .count();
        assert_eq!(from_first + from_second, 2000);
        assert!(
            (900..1100).contains(&from_first),
            "{from_first} of 2000 from the first"
        );
    }

    #[test]
    fn recombined_lists_take_the_length_of_one_parent_and_its_tail() {
        let shape = Shape::Str { max_len: 8 };
        let (short, long) = (text("ab"), text("XYZW"));
        let mut lengths = [0; 5];
        for seed in 0..200 {
            let child = String::decode(&recombine(&shape, &short, &long, &mut rng(seed)));
            let chars: Vec<char> = child.chars().collect();
            lengths[chars.len()] += 1;
            assert!(
                matches!(chars[0], 'a' | 'X') && matches!(chars[1], 'b' | 'Y'),
                "{child}"
            );
            if chars.len() == 4 {
                assert_eq!(
                    &chars[2..],
                    ['Z', 'W'],
                    "the tail comes from the longer parent"
                );
            }
        }
        assert_eq!(lengths[0] + lengths[1] + lengths[3], 0);
        assert!((70..130).contains(&lengths[2]), "{lengths:?}");
    }

    #[test]
    fn breeder_delta_has_the_distribution_of_sixteen_sixteenth_chance_bits() {
        let mut rng = rng(9);
        let draws: Vec<f64> = (0..100_000).map(|_| breeder_delta(&mut rng)).collect();
        let zero_share = draws.iter().filter(|&&d| d == 0.0).count() as f64 / 100_000.0;
        let mean = draws.iter().sum::<f64>() / 100_000.0;
        let expected_zero = (15.0f64 / 16.0).powi(16);
        assert!(
            (zero_share - expected_zero).abs() < 0.01,
            "P(δ = 0) = {zero_share}"
        );
        assert!(
            (mean - (2.0 - 0.5f64.powi(15)) / 16.0).abs() < 0.005,
            "mean δ = {mean}"
        );
        assert!(draws.iter().all(|&d| (0.0..2.0).contains(&d)));
        assert!(
            draws.iter().all(|&d| (d * 32768.0).fract() == 0.0),
            "multiples of 2^-15"
        );
        assert!(draws.iter().any(|&d| d >= 1.0));
    }

    #[test]
    fn breeder_mutation_stays_within_bounds_at_every_extreme() {
        let shape = Shape::Tuple(vec![
            Shape::Int(IntKind::U128),
            Shape::Int(IntKind::I8),
            Shape::Bool,
            Shape::Char,
            Shape::Float(FloatKind::F32),
            Shape::Seq {
                item: Box::new(Shape::Int(IntKind::U8)),
                max_len: 3,
            },
        ]);
        let extremes = [
            Value::List(vec![
                Value::Int(u128::MAX),
                Value::Int(255),
                Value::Int(1),
                Value::Int(CHAR_COUNT - 1),
                Value::Float(f64::from(f32::MAX)),
                Value::List(vec![Value::Int(255); 3]),
            ]),
            Value::List(vec![
                Value::Int(0),
                Value::Int(0),
                Value::Int(0),
                Value::Int(0),
                Value::Float(f64::NEG_INFINITY),
                Value::List(vec![]),
            ]),
        ];
        let mut rng = rng(10);
        let mut changed = 0;
        for start in &extremes {
            for _ in 0..3000 {
                let mutated = mutate(&shape, start, 0.1, &Pool::default(), &mut rng);
                // Debug text, since a move on the exponent may make the float NaN.
                let normalized = normalize(&shape, &mutated);
                assert_eq!(format!("{normalized:?}"), format!("{mutated:?}"));
                let float = mutated.item(4).as_float();
                let unchanged = float == start.item(4).as_float();
                assert!(
                    unchanged || !float.is_finite() || f64::from(float as f32) == float,
                    "{float} not an f32"
                );
                changed += usize::from(&mutated != start);
            }
        }
        // About 0.64 · 1/2 of the chosen genes can move away from an extreme: roughly 1/3.
        assert!(
            changed > 1500,
            "only {changed} of 6000 mutations changed anything"
        );
    }

    #[test]
    fn breeder_mutation_changes_about_one_gene_in_len_with_steps_scaled_by_step_size() {
        let shape = Shape::Array {
            item: Box::new(Shape::Int(IntKind::U32)),
            len: 100,
        };
        let start = Value::List(vec![Value::Int(1 << 31); 100]);
        let mut rng = rng(11);
        let (mut changed_genes, mut largest) = (0, 0);
        for _ in 0..2000 {
            let mutated = mutate(&shape, &start, 1e-3, &Pool::default(), &mut rng);
            for gene in mutated.items() {
                let distance = gene.as_int().abs_diff(1 << 31);
                changed_genes += usize::from(distance > 0);
                largest = largest.max(distance);
            }
        }
        let per_mutation = changed_genes as f64 / 2000.0;
        let expected = 1.0 - (15.0f64 / 16.0).powi(16);
        assert!(
            (per_mutation - expected).abs() < 0.08,
            "{per_mutation} genes per mutation"
        );
        let range = 1e-3 * 2f64.powi(32);
        assert!(
            largest as f64 <= (range * 2.0).ceil() && largest as f64 > range,
            "{largest}"
        );
    }

    #[test]
    fn operators_accept_malformed_values_without_panicking() {
        let shape = sample_shape();
        let mut rng = rng(12);
        let malformed = [
            Value::Float(f64::NAN),
            Value::Int(u128::MAX),
            Value::List(vec![Value::List(vec![Value::List(vec![])]); 9]),
        ];
        for value in &malformed {
            let mutated = mutate(&shape, value, 0.1, &Pool::default(), &mut rng);
            assert_eq!(normalize(&shape, &mutated), mutated);
            let child = recombine(&shape, value, &random_value(&shape, &mut rng), &mut rng);
            assert_eq!(normalize(&shape, &child), child);
            for variable in variables(&shape, value) {
                for step in [up(0), down(7)] {
                    if let Some(moved) = neighbour(value, &variable, step, 2) {
                        assert!(gene_at(&moved, &variable.path).is_some());
                    }
                }
            }
        }
    }

    /// FNV-1a of `text`: a fingerprint that stays the same across Rust versions.
    fn fnv(text: &str) -> u64 {
        text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x100_0000_01b3)
        })
    }

    #[test]
    fn an_empty_pool_leaves_random_values_and_mutations_as_they_were_before_pools() {
        let shape = Shape::Tuple(vec![
            Shape::Int(IntKind::I32),
            Shape::Str { max_len: 4 },
            Shape::Option(Box::new(Shape::Float(FloatKind::F64))),
            Shape::Seq {
                item: Box::new(Shape::Int(IntKind::U8)),
                max_len: 3,
            },
            Shape::Array {
                item: Box::new(Shape::Bool),
                len: 2,
            },
            Shape::Char,
            Shape::Float(FloatKind::F32),
        ]);
        let pool = Pool::default();
        let mut rng = rng(42);
        let values: Vec<Value> = (0..300)
            .map(|_| random_value_with(&shape, &pool, &mut rng))
            .collect();
        let mutated: Vec<Value> = values
            .iter()
            .map(|value| mutate(&shape, value, 0.1, &pool, &mut rng))
            .collect();
        let next: u64 = rng.random();
        // Recorded when floats gained the edges of their representation as specials and moves
        // on its fields; an empty pool gives the same values and consumes the same random
        // numbers as no pool (the last assertion).
        assert_eq!(fnv(&format!("{values:?}")), 0x06e8_5bb2_b577_ab9d);
        assert_eq!(fnv(&format!("{mutated:?}")), 0x0fbd_1ad7_b4f2_1e75);
        assert_eq!(next, 0x2ce0_1eb1_6522_23ee);
        let mut again = self::rng(42);
        let without: Vec<Value> = (0..300).map(|_| random_value(&shape, &mut again)).collect();
        assert_eq!(format!("{without:?}"), format!("{values:?}"));
    }

    #[test]
    fn pooled_integers_outside_the_gene_type_change_no_draw() {
        let draws = |shape: &Shape, pool: &Pool| {
            let mut rng = rng(13);
            let values: Vec<Value> = (0..200)
                .map(|_| random_value_with(shape, pool, &mut rng))
                .collect();
            let mutated: Vec<Value> = values
                .iter()
                .map(|value| mutate(shape, value, 0.1, pool, &mut rng))
                .collect();
            (values, mutated, rng.random::<u64>())
        };
        let u8_shape = Shape::Tuple(vec![Shape::Int(IntKind::U8); 2]);
        let u32_shape = Shape::Tuple(vec![Shape::Int(IntKind::U32); 2]);
        let empty = Pool::default();
        // 299, 300 and 301 do not fit a u8; -6, -5 and -4 do not fit a u32.
        let too_big = Pool::new(&[Constant::Int(300)]);
        let negative = Pool::new(&[Constant::Int(-5)]);
        assert_eq!(draws(&u8_shape, &too_big), draws(&u8_shape, &empty));
        assert_eq!(draws(&u32_shape, &negative), draws(&u32_shape, &empty));
        let fits = Pool::new(&[Constant::Int(200)]);
        let (values, _, _) = draws(&u8_shape, &fits);
        let hits = values
            .iter()
            .flat_map(Value::items)
            .filter(|gene| (199..=201).contains(&gene.as_int()))
            .count();
        assert!((40..130).contains(&hits), "{hits} of 400 genes pooled");
    }

    #[test]
    fn a_pooled_string_is_drawn_whole_about_p_seed_of_the_time() {
        let pool = Pool::new(&[Constant::Str("GET ")]);
        let shape = Shape::Str { max_len: 8 };
        let mut rng = rng(14);
        let exact = (0..1000)
            .filter(|_| String::decode(&random_value_with(&shape, &pool, &mut rng)) == "GET ")
            .count();
        assert!((100..300).contains(&exact), "{exact} of 1000 are \"GET \"");
        let short = Shape::Str { max_len: 2 };
        let cut = (0..1000)
            .filter(|_| String::decode(&random_value_with(&short, &pool, &mut rng)) == "GE")
            .count();
        assert!(cut >= 100, "cut to max_len: {cut} of 1000");
    }

    #[test]
    fn mutation_replaces_a_string_gene_by_a_pooled_string_and_keeps_it_whole() {
        let pool = Pool::new(&[Constant::Str("GET ")]);
        let shape = Shape::Tuple(vec![Shape::Str { max_len: 8 }]);
        let start = Value::List(vec![text("xyz")]);
        let mut rng = rng(15);
        let replaced = (0..2000)
            .filter(|_| {
                <(String,)>::decode(&mutate(&shape, &start, 0.1, &pool, &mut rng)).0 == "GET "
            })
            .count();
        // The length variable mutates 1 time in 4, and takes the pool 1 time in 5.
        assert!((60..150).contains(&replaced), "{replaced} of 2000");
    }
}
