//! The parts of an input that its execution uses, and the search's copies between them.
//!
//! The genes of an absent option's payload, of the variants an enum's tag did not choose and
//! of the constructors or methods a sequence's choice gene did not pick keep evolving, but no
//! code reads them. The pool learns the used values of inputs that cover new branches
//! ([`Pool::learn`]), and [`reuse`] copies one used value over another of the same shape.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

use rand::RngExt;

use super::learned::KINDS;
use super::pool::Pool;
use super::random::Rng;
use super::{Shape, Value, gene_at, gene_at_mut};

/// Probability that [`reuse`] copies a value, when some used value has another of its shape
/// to copy: one mutation in ten (our choice). EvoSuite reuses an object of the test for a
/// parameter with probability 0.9 when it inserts a call; here the copy stands in for every
/// other mutation of the whole input, so it is rarer.
pub const P_REUSE: f64 = 0.1;

/// A used value another may stand for: a string, or a value whose tag chooses what it is (an
/// enum's, a `Result`, a value made by one of its type's constructors, a call of a sequence).
#[derive(Debug)]
pub struct Used<'s> {
    /// Where its genes are (see [`gene_at`]).
    pub path: Vec<usize>,
    pub shape: &'s Shape,
    /// A hash of `shape`, which values of equal shapes share ([`class`]).
    pub class: u64,
}

/// The used values of `value` (laid out as `shape`) that another of the same shape may stand
/// for, outermost first; the whole input is not one.
pub fn values<'s>(shape: &'s Shape, value: &Value) -> Vec<Used<'s>> {
    let mut found = Vec::new();
    walk(shape, value, &mut Vec::new(), &mut |path, shape, _| {
        let whole = match shape {
            Shape::Str { .. } => true,
            Shape::Tuple(fields) => matches!(fields.first(), Some(Shape::Tag(_))),
            _ => false,
        };
        if whole && !path.is_empty() {
            let class = class(shape);
            found.push(Used {
                path: path.to_vec(),
                shape,
                class,
            });
        }
    });
    found
}

/// A hash of `shape`: the same in every run, so nothing that depends on it varies.
pub fn class(shape: &Shape) -> u64 {
    let mut hasher = DefaultHasher::new();
    shape.hash(&mut hasher);
    hasher.finish()
}

/// With probability [`P_REUSE`], copies over one used value of `value` (see [`values`])
/// another of the same shape, and says whether it changed `value`. The copy comes from
/// `value` itself (never from a value holding the target or held by it) or from the values
/// of its shape the pool learned from inputs that covered new branches ([`Pool::learn`]).
/// A call's operand then equals the receiver, a lookup repeats the key an insertion used,
/// and a receiver starts as one that reached a branch did. Draws no random number when no
/// value has another of its shape to copy.
pub fn reuse(shape: &Shape, value: &mut Value, pool: &Pool, rng: &mut Rng) -> bool {
    let found = values(shape, value);
    let mut classes: HashMap<u64, usize> = HashMap::new();
    for used in &found {
        *classes.entry(used.class).or_default() += 1;
    }
    let learned = learned_counts(&found, pool);
    let shared = |used: &Used<'_>| classes[&used.class] > 1 || learned[&used.class] > 0;
    if !found.iter().any(shared) || !rng.random_bool(P_REUSE) {
        return false;
    }
    let targets = copyable(&found, &learned);
    if targets.is_empty() {
        return false;
    }
    let (target, sources, learned) = &targets[rng.random_range(0..targets.len())];
    let choice = rng.random_range(0..sources.len() + learned);
    let copy = copy(value, pool, target, sources, choice);
    put(value, &target.path, copy)
}

/// Every input that differs from `value` in two used values swapped (see [`swaps`]), or in one
/// used value other than a string, copied from a kind of value of its shape the pool keeps
/// ([`Pool::learn_kind`]: what each way through the type's constructors made), a value of its
/// shape the pool learned (newest first) or another used value of `value` (see [`reuse`]):
/// each kind over each used value, then the first learned or own copy for each used value,
/// the second for each, and so on.
/// Where a decision reads a field that only some constructors set (a label `parse` reads from
/// the text, `new` leaves out), no other change of the genes reaches it, and the fitness does
/// not tell which constructor is closer: the search tries each value known to have reached a
/// branch (strings are drawn from the pool as literals are).
pub fn substitutes(shape: &Shape, value: &Value, pool: &Pool) -> Vec<Value> {
    let found = values(shape, value);
    let learned = learned_counts(&found, pool);
    let targets: Vec<_> = (copyable(&found, &learned).into_iter())
        .filter(|(target, _, _)| !matches!(target.shape, Shape::Str { .. }))
        .collect();
    let most = (targets.iter()).map(|(_, sources, learned)| sources.len() + learned);
    let mut inputs: Vec<Value> = swaps(&targets, value);
    // Then each kind of value the constructors make, over every value of its class.
    for kind in 0..KINDS {
        for (target, _, _) in &targets {
            let mut input = value.clone();
            let copy = pool.kind(target.shape, target.class, kind);
            if put(&mut input, &target.path, copy) && !inputs.contains(&input) {
                inputs.push(input);
            }
        }
    }
    for round in 0..most.max().unwrap_or(0) {
        for (target, sources, learned) in &targets {
            // Learned values first, the newest first; then the input's own.
            let choice = match round.checked_sub(*learned) {
                None => sources.len() + learned - 1 - round,
                Some(own) if own < sources.len() => own,
                Some(_) => continue,
            };
            let mut input = value.clone();
            let copy = copy(value, pool, target, sources, choice);
            if put(&mut input, &target.path, copy) && !inputs.contains(&input) {
                inputs.push(input);
            }
        }
    }
    inputs
}

/// Most swaps [`substitutes`] offers (our choice).
const SWAPS: usize = 4;

/// The inputs with two used values of `value` among `targets` exchanged (of a shape, apart,
/// and different), at most [`SWAPS`], the deepest pairs first (a call's operand and the
/// receiver before two calls): `cmp` of a labelled receiver and a plain operand where the
/// input compared a plain receiver with a labelled operand, which no single copy gives.
fn swaps(targets: &[(&Used<'_>, Vec<&[usize]>, usize)], value: &Value) -> Vec<Value> {
    let mut pairs: Vec<(&[usize], &[usize])> = Vec::new();
    for (index, (target, sources, _)) in targets.iter().enumerate() {
        let later = targets[index + 1..]
            .iter()
            .map(|(other, _, _)| other.path.as_slice());
        pairs.extend(
            later
                .filter(|other| sources.contains(other))
                .map(|other| (target.path.as_slice(), other)),
        );
    }
    pairs.sort_by_key(|(a, b)| std::cmp::Reverse(a.len().max(b.len())));
    let mut inputs = Vec::new();
    for (a, b) in pairs {
        let (Some(first), Some(second)) = (gene_at(value, a), gene_at(value, b)) else {
            continue;
        };
        let mut input = value.clone();
        if first != second && put(&mut input, a, Some(second.clone())) {
            put(&mut input, b, Some(first.clone()));
            inputs.push(input);
        }
        if inputs.len() == SWAPS {
            break;
        }
    }
    inputs
}

/// How many values of each class of `found` the pool learned.
fn learned_counts(found: &[Used<'_>], pool: &Pool) -> HashMap<u64, usize> {
    (found.iter())
        .map(|used| (used.class, pool.learned_count(used.class)))
        .collect()
}

/// The used values of `found` that another may be copied over, in gene order: each with the
/// paths of the values of the input it may copy (never one holding it or held by it) and how
/// many values of its shape the pool learned (`learned`, by class).
fn copyable<'f, 's>(
    found: &'f [Used<'s>],
    learned: &HashMap<u64, usize>,
) -> Vec<(&'f Used<'s>, Vec<&'f [usize]>, usize)> {
    let apart = |a: &[usize], b: &[usize]| !a.starts_with(b) && !b.starts_with(a);
    (found.iter())
        .filter_map(|target| {
            let sources: Vec<&[usize]> = (found.iter())
                .filter(|source| source.class == target.class && source.shape == target.shape)
                .map(|source| source.path.as_slice())
                .filter(|source| apart(&target.path, source))
                .collect();
            let learned = learned[&target.class];
            (!sources.is_empty() || learned > 0).then_some((target, sources, learned))
        })
        .collect()
}

/// Puts `copy` at `path` of `value`, and says whether that changed `value`.
fn put(value: &mut Value, path: &[usize], copy: Option<Value>) -> bool {
    match (copy, gene_at_mut(value, path)) {
        (Some(copy), Some(gene)) if copy != *gene => {
            *gene = copy;
            true
        }
        _ => false,
    }
}

/// Copy number `choice` for `target`: one of `sources` of `value`, past them a learned value.
fn copy(
    value: &Value,
    pool: &Pool,
    target: &Used<'_>,
    sources: &[&[usize]],
    choice: usize,
) -> Option<Value> {
    match sources.get(choice) {
        Some(source) => gene_at(value, source).cloned(),
        None => pool.learned_value(target.shape, target.class, choice - sources.len()),
    }
}

/// Calls `visit` on every used gene or list of genes under `shape` with its path, outermost
/// first.
fn walk<'s>(
    shape: &'s Shape,
    value: &Value,
    path: &mut Vec<usize>,
    visit: &mut dyn FnMut(&[usize], &'s Shape, &Value),
) {
    visit(path, shape, value);
    let items = value.items();
    let mut enter = |index: usize, shape: &'s Shape, value: &Value, path: &mut Vec<usize>| {
        path.push(index);
        walk(shape, value, path, visit);
        path.pop();
    };
    match shape {
        Shape::Seq { item, .. } | Shape::Array { item, .. } => {
            for (index, value) in items.iter().enumerate() {
                enter(index, item, value, path);
            }
        }
        Shape::Option(payload) => {
            if let [presence, value] = items
                && presence.as_int() != 0
            {
                enter(1, payload, value, path);
            }
        }
        Shape::Tuple(fields) => {
            let choice = choice(fields, items);
            for (index, (shape, value)) in fields.iter().zip(items).enumerate() {
                if choice.as_ref().is_none_or(|choice| choice.uses(index)) {
                    enter(index, shape, value, path);
                }
            }
        }
        _ => {}
    }
}

/// What the tag at the head of a tuple chose among the fields after it.
struct Choice {
    /// The field chosen.
    chosen: usize,
    /// Where the alternatives end: fields from here on (a call's operands) are used whatever
    /// the choice.
    end: usize,
}

impl Choice {
    fn uses(&self, field: usize) -> bool {
        field == 0 || field == self.chosen || field >= self.end
    }
}

/// For a tuple whose first field is a tag over `count` choices: the field it chose. The
/// alternatives are the first `count` fields after it with genes, as generated code lays
/// them out: a variant of an enum (where a recursive type's variants end at the first `Never`,
/// so does its tag), a constructor or method of a type (one that cannot be called has the
/// shape `Never`, see `Choices::made_field`), and a tag past the last picks the last.
/// `None` for a tuple without such a head.
fn choice(fields: &[Shape], items: &[Value]) -> Option<Choice> {
    let Some(Shape::Tag(count)) = fields.first() else {
        return None;
    };
    let alternatives: Vec<usize> = (1..fields.len())
        .filter(|&index| fields[index] != Shape::Never)
        .take(*count as usize)
        .collect();
    let last = *alternatives.last()?;
    let tag = usize::try_from(items.first()?.as_int()).unwrap_or(usize::MAX);
    Some(Choice {
        chosen: alternatives.get(tag).copied().unwrap_or(last),
        end: last + 1,
    })
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::genes::{Input, IntKind, gene_of_char};

    fn text(s: &str) -> Value {
        Value::List(s.chars().map(|c| Value::Int(gene_of_char(c))).collect())
    }

    /// The used strings of `value`, decoded.
    fn strings(shape: &Shape, value: &Value) -> Vec<String> {
        (values(shape, value).iter())
            .filter(|used| matches!(used.shape, Shape::Str { .. }))
            .filter_map(|used| gene_at(value, &used.path))
            .map(String::decode)
            .collect()
    }

    #[test]
    fn the_used_values_are_the_chosen_alternative_and_present_payloads() {
        let str_shape = Shape::Str { max_len: 8 };
        // A tag over two usable alternatives, a string or an integer and a string, with an
        // unusable one between them, then an operand used whatever the tag.
        let shape = Shape::Tuple(vec![
            Shape::Tag(2),
            str_shape.clone(),
            Shape::Never,
            Shape::Tuple(vec![Shape::Int(IntKind::U8), str_shape.clone()]),
            Shape::Option(Box::new(str_shape.clone())),
        ]);
        let input = |tag: u128, present: u128| {
            Value::List(vec![
                Value::Int(tag),
                text("first"),
                Value::List(vec![]),
                Value::List(vec![Value::Int(3), text("second")]),
                Value::List(vec![Value::Int(present), text("operand")]),
            ])
        };
        assert_eq!(strings(&shape, &input(0, 1)), ["first", "operand"]);
        assert_eq!(
            strings(&shape, &input(1, 0)),
            ["second"],
            "the unusable is skipped"
        );
        assert_eq!(
            strings(&shape, &input(7, 0)),
            ["second"],
            "a tag past the end chooses the last"
        );
        let sequence = Shape::Seq {
            item: Box::new(shape.clone()),
            max_len: 4,
        };
        let items = Value::List(vec![input(0, 0), input(1, 1)]);
        let found = values(&sequence, &items);
        let paths: Vec<&[usize]> = found.iter().map(|used| used.path.as_slice()).collect();
        assert_eq!(paths, [&[0][..], &[0, 1], &[1], &[1, 3, 1], &[1, 4, 1]]);
        assert_eq!(found[0].class, found[2].class);
        assert_ne!(found[0].class, found[1].class);
    }

    /// A receiver made by one of two constructors (a string, or a number), and a call that
    /// takes a string and an operand made as the receiver is.
    fn sequence() -> (Shape, Shape) {
        let made = Shape::Tuple(vec![
            Shape::Tag(2),
            Shape::Str { max_len: 8 },
            Shape::Int(IntKind::U8),
        ]);
        let call = Shape::Tuple(vec![Shape::Str { max_len: 8 }, made.clone()]);
        (Shape::Tuple(vec![made.clone(), call]), made)
    }

    fn made(tag: u128, s: &str) -> Value {
        Value::List(vec![Value::Int(tag), text(s), Value::Int(7)])
    }

    /// A sequence of [`sequence`]'s shape: `receiver`, then one call with key `"key"` and
    /// `operand`.
    fn with(receiver: Value, operand: Value) -> Value {
        Value::List(vec![receiver, Value::List(vec![text("key"), operand])])
    }

    #[test]
    fn reuse_copies_a_used_value_over_another_of_its_shape() {
        let (shape, _) = sequence();
        let input = Value::List(vec![
            made(0, "1.2-rc"),
            Value::List(vec![text("key"), made(1, "unused")]),
        ]);
        let pool = Pool::default();
        let mut rng = Rng::seed_from_u64(1);
        let mut copies = Vec::new();
        for _ in 0..2000 {
            let mut value = input.clone();
            if reuse(&shape, &mut value, &pool, &mut rng) {
                assert_ne!(value, input, "a copy changes a value");
                copies.push(value);
            }
        }
        // About one mutation in ten, each one of the copies below.
        assert!((120..280).contains(&copies.len()), "{}", copies.len());
        let operand_is_receiver = Value::List(vec![
            made(0, "1.2-rc"),
            Value::List(vec![text("key"), made(0, "1.2-rc")]),
        ]);
        let key_is_label = Value::List(vec![
            made(0, "1.2-rc"),
            Value::List(vec![text("1.2-rc"), made(1, "unused")]),
        ]);
        let receiver_is_operand = Value::List(vec![
            made(1, "unused"),
            Value::List(vec![text("key"), made(1, "unused")]),
        ]);
        let label_is_key = Value::List(vec![
            made(0, "key"),
            Value::List(vec![text("key"), made(1, "unused")]),
        ]);
        let expected = [
            operand_is_receiver,
            key_is_label,
            receiver_is_operand,
            label_is_key,
        ];
        for copy in &expected {
            assert!(copies.contains(copy), "{copy:?}");
        }
        assert!(
            copies.iter().all(|copy| expected.contains(copy)),
            "the operand's string is not used"
        );
    }

    #[test]
    fn reuse_copies_a_learned_value_and_never_makes_a_copy_that_changes_nothing() {
        let (_, made_shape) = sequence();
        let alone = Shape::Tuple(vec![made_shape.clone(), Shape::Int(IntKind::U8)]);
        let value = Value::List(vec![made(1, ""), Value::Int(3)]);
        let pool = Pool::default();
        let mut rng = Rng::seed_from_u64(2);
        assert!(!(0..200).any(|_| reuse(&alone, &mut value.clone(), &pool, &mut rng)));
        assert_eq!(
            rng,
            Rng::seed_from_u64(2),
            "nothing to copy, no random number drawn"
        );
        pool.learn(&alone, &value);
        assert!(
            !(0..200).any(|_| reuse(&alone, &mut value.clone(), &pool, &mut rng)),
            "the one value learned is the value itself"
        );
        pool.learn(&alone, &Value::List(vec![made(0, "9.9"), Value::Int(0)]));
        let mut copied = value.clone();
        while !reuse(&alone, &mut copied, &pool, &mut rng) {}
        assert_eq!(copied, Value::List(vec![made(0, "9.9"), Value::Int(3)]));
    }

    #[test]
    fn substitutes_copy_each_learned_value_newest_first_then_the_inputs_own_over_each_made_value() {
        let (shape, _) = sequence();
        let input = Value::List(vec![
            made(1, ""),
            Value::List(vec![text("key"), made(1, "")]),
        ]);
        let pool = Pool::default();
        assert_eq!(
            substitutes(&shape, &input, &pool),
            [],
            "the two made values are alike, and no string is substituted"
        );
        let labelled = Value::List(vec![
            made(0, "1.2-rc"),
            Value::List(vec![text("k"), made(1, "")]),
        ]);
        pool.learn(&shape, &labelled);
        pool.learn(
            &shape,
            &Value::List(vec![
                made(0, "3.4"),
                Value::List(vec![text("k"), made(1, "")]),
            ]),
        );
        assert_eq!(
            substitutes(&shape, &input, &pool),
            [
                with(made(0, "3.4"), made(1, "")),
                with(made(1, ""), made(0, "3.4")),
                with(made(0, "1.2-rc"), made(1, "")),
                with(made(1, ""), made(0, "1.2-rc")),
            ],
            "round by round over the receiver and the operand; copies that change nothing left out"
        );
    }

    #[test]
    fn substitutes_first_swap_two_made_values_of_the_input() {
        let (shape, _) = sequence();
        let input = with(made(0, "1.2-rc"), made(1, ""));
        assert_eq!(
            substitutes(&shape, &input, &Pool::default()),
            [
                with(made(1, ""), made(0, "1.2-rc")),
                with(made(1, ""), made(1, "")),
                with(made(0, "1.2-rc"), made(0, "1.2-rc")),
            ],
            "the swap, then each copied over the other"
        );
    }

    #[test]
    fn substitutes_try_each_kind_of_made_value_before_the_learned_ones() {
        let (shape, made_shape) = sequence();
        let input = with(made(1, ""), made(1, ""));
        let pool = Pool::default();
        pool.learn(&shape, &with(made(0, "3.4"), made(1, "")));
        pool.learn_kind(&made_shape, &made(0, "1.2-rc"));
        assert_eq!(
            substitutes(&shape, &input, &pool),
            [
                with(made(0, "1.2-rc"), made(1, "")),
                with(made(1, ""), made(0, "1.2-rc")),
                with(made(0, "3.4"), made(1, "")),
                with(made(1, ""), made(0, "3.4")),
            ],
            "the kind over each value of its class, then what was learned last"
        );
    }
}
