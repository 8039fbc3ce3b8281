//! The parts of an input that its execution uses: the genes of an absent option's payload, of
//! the variants an enum's tag did not choose and of the constructors or calls a tag did not
//! pick keep evolving, but no code reads them. The search learns the used strings of inputs
//! that cover new branches ([`Pool::learn`](super::pool::Pool::learn)) and copies one used
//! value over another of the same shape (`search::operators::reuse`).

use std::collections::HashMap;

use rand::RngExt;

use super::pool::Pool;
use super::random::Rng;
use super::{Shape, Value, gene_at, gene_at_mut};

/// Probability that [`reuse`] copies a value, when `value` has two of one shape: one
/// mutation in ten. (EvoSuite reuses an object of the test for a parameter with probability
/// 0.9 when it inserts a call; here the copy competes with every other mutation of a whole
/// input, so it is rarer.)
pub const P_REUSE: f64 = 0.1;

/// The non-empty strings among the genes of `value` (laid out as `shape`) that its
/// execution uses, as lists of char genes, in gene order.
pub fn strings(shape: &Shape, value: &Value) -> Vec<Vec<Value>> {
    let mut found = Vec::new();
    walk(shape, value, &mut Vec::new(), &mut |_, shape, value| {
        if let (Shape::Str { .. }, Value::List(chars)) = (shape, value)
            && !chars.is_empty()
        {
            found.push(chars.clone());
        }
    });
    found
}

/// The paths (see [`gene_at`](super::gene_at)) and shapes of the used values of `value` that
/// another of the same shape may stand for: strings, and values whose tag chooses what they
/// are (an enum's, a value made by one of its type's constructors), outermost first.
pub fn values<'s>(shape: &'s Shape, value: &Value) -> Vec<(Vec<usize>, &'s Shape)> {
    let mut found = Vec::new();
    walk(shape, value, &mut Vec::new(), &mut |path, shape, _| {
        let whole = match shape {
            Shape::Str { .. } => true,
            Shape::Tuple(fields) => matches!(fields.first(), Some(Shape::Tag(_))),
            _ => false,
        };
        if whole && !path.is_empty() {
            found.push((path.to_vec(), shape));
        }
    });
    found
}

/// With probability [`P_REUSE`], copies over one used value of `value` (see [`values`])
/// another of the same shape, and says whether it did. The copy comes from `value` itself
/// (never from a value holding the target or held by it) or, for a value chosen by a tag,
/// from those the pool learned from inputs that covered new branches ([`Pool::learn`]).
/// A call's operand then equals the receiver, a lookup repeats the key an insertion used,
/// and a receiver starts as one that reached a branch did. Draws no random number when no
/// value has another to copy.
pub fn reuse(shape: &Shape, value: &mut Value, pool: &Pool, rng: &mut Rng) -> bool {
    let found = values(shape, value);
    let mut alike: HashMap<&Shape, Vec<&[usize]>> = HashMap::new();
    for (path, shape) in &found {
        alike.entry(*shape).or_default().push(path);
    }
    let apart = |a: &[usize], b: &[usize]| !a.starts_with(b) && !b.starts_with(a);
    let learned: HashMap<&Shape, usize> = (alike.keys())
        .map(|shape| (*shape, pool.learned_count(shape)))
        .collect();
    // Each target with where it may copy from, in gene order, so the choice depends only on
    // the seed.
    let targets: Vec<Target> = (found.iter())
        .map(|(target, shape)| {
            let sources = (alike[shape].iter())
                .filter(|source| apart(target, source))
                .copied()
                .collect();
            (target.as_slice(), *shape, sources)
        })
        .filter(|(_, shape, sources): &(_, &Shape, Vec<_>)| {
            !sources.is_empty() || learned[shape] > 0
        })
        .collect();
    if targets.is_empty() || !rng.random_bool(P_REUSE) {
        return false;
    }
    let (target, shape, sources) = &targets[rng.random_range(0..targets.len())];
    let choice = rng.random_range(0..sources.len() + learned[shape]);
    let copy = match sources.get(choice) {
        Some(source) => gene_at(value, source).cloned(),
        None => pool.learned_value(shape, choice - sources.len()),
    };
    match (copy, gene_at_mut(value, target)) {
        (Some(copy), Some(gene)) => {
            *gene = copy;
            true
        }
        _ => false,
    }
}

/// A value [`reuse`] may copy over, its shape, and the values of the input it may copy.
type Target<'a> = (&'a [usize], &'a Shape, Vec<&'a [usize]>);

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
            let chosen = chosen_field(fields, items);
            for (index, (shape, value)) in fields.iter().zip(items).enumerate() {
                if chosen.is_none_or(|(chosen, alternatives)| {
                    index == chosen || index == 0 || index > alternatives
                }) {
                    enter(index, shape, value, path);
                }
            }
        }
        _ => {}
    }
}

/// For a tuple that starts with a tag choosing among the `count` fields after it (an enum's
/// variants, a sequence's calls, a type's constructors): the index of the field it chose,
/// and `count`. Fields after those alternatives (a call's operands) are used whatever the
/// choice.
fn chosen_field(fields: &[Shape], items: &[Value]) -> Option<(usize, usize)> {
    let Some(Shape::Tag(count)) = fields.first() else {
        return None;
    };
    let count = *count as usize;
    let tag = items.first()?.as_int();
    let chosen = usize::try_from(tag)
        .unwrap_or(usize::MAX)
        .min(count.saturating_sub(1));
    (fields.len() > count).then_some((chosen + 1, count))
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::genes::{IntKind, gene_of_char};

    fn text(s: &str) -> Value {
        Value::List(s.chars().map(|c| Value::Int(gene_of_char(c))).collect())
    }

    fn decoded(strings: Vec<Vec<Value>>) -> Vec<String> {
        strings
            .into_iter()
            .map(|chars| {
                let chars = chars
                    .iter()
                    .map(|gene| crate::genes::char_of_gene(gene.as_int()));
                chars.collect()
            })
            .collect()
    }

    #[test]
    fn strings_of_the_chosen_alternative_and_present_payloads_only() {
        let str_shape = Shape::Str { max_len: 8 };
        // A tag over two alternatives (a string, or an integer and a string), then an operand.
        let shape = Shape::Tuple(vec![
            Shape::Tag(2),
            str_shape.clone(),
            Shape::Tuple(vec![Shape::Int(IntKind::U8), str_shape.clone()]),
            Shape::Option(Box::new(str_shape.clone())),
        ]);
        let input = |tag: u128, present: u128| {
            Value::List(vec![
                Value::Int(tag),
                text("first"),
                Value::List(vec![Value::Int(3), text("second")]),
                Value::List(vec![Value::Int(present), text("operand")]),
            ])
        };
        assert_eq!(decoded(strings(&shape, &input(0, 1))), ["first", "operand"]);
        assert_eq!(decoded(strings(&shape, &input(1, 0))), ["second"]);
        assert_eq!(
            decoded(strings(&shape, &input(7, 0))),
            ["second"],
            "a tag past the end chooses the last"
        );
        let sequence = Shape::Seq {
            item: Box::new(str_shape),
            max_len: 4,
        };
        let items = Value::List(vec![text("a"), text(""), text("bc")]);
        assert_eq!(decoded(strings(&sequence, &items)), ["a", "bc"]);
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

    #[test]
    fn reuse_copies_a_used_value_over_another_of_its_shape_or_a_learned_one() {
        let (shape, made_shape) = sequence();
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
        assert!(copies.contains(&operand_is_receiver));
        let key_is_label = Value::List(vec![
            made(0, "1.2-rc"),
            Value::List(vec![text("1.2-rc"), made(1, "unused")]),
        ]);
        assert!(copies.contains(&key_is_label));
        // The operand's string is not used (its tag chose the number), so it is not copied.
        assert!(
            copies
                .iter()
                .all(|value| !strings(&shape, value).contains(&chars("unused")))
        );

        // A value of a shape no other value has is copied from the pool's learned ones.
        let alone = Shape::Tuple(vec![made_shape.clone(), Shape::Int(IntKind::U8)]);
        let value = Value::List(vec![made(1, ""), Value::Int(3)]);
        let mut rng = Rng::seed_from_u64(2);
        assert!(!(0..200).any(|_| reuse(&alone, &mut value.clone(), &pool, &mut rng)));
        assert_eq!(
            rng,
            Rng::seed_from_u64(2),
            "nothing to copy, no random number drawn"
        );
        pool.learn(&alone, &Value::List(vec![made(0, "9.9"), Value::Int(0)]));
        let mut copied = value.clone();
        while !reuse(&alone, &mut copied, &pool, &mut rng) {}
        assert_eq!(copied, Value::List(vec![made(0, "9.9"), Value::Int(3)]));
    }

    fn chars(s: &str) -> Vec<Value> {
        text(s).items().to_vec()
    }

    #[test]
    fn values_are_the_used_strings_and_tagged_values_with_their_paths() {
        let str_shape = Shape::Str { max_len: 8 };
        let made = Shape::Tuple(vec![
            Shape::Tag(2),
            str_shape.clone(),
            Shape::Int(IntKind::U8),
        ]);
        let shape = Shape::Tuple(vec![
            made.clone(),
            Shape::Option(Box::new(made.clone())),
            Shape::Int(IntKind::U8),
        ]);
        let value = Value::List(vec![
            Value::List(vec![Value::Int(0), text("x"), Value::Int(1)]),
            Value::List(vec![
                Value::Int(1),
                Value::List(vec![Value::Int(1), text("y"), Value::Int(1)]),
            ]),
            Value::Int(5),
        ]);
        let found = values(&shape, &value);
        let paths: Vec<&[usize]> = found.iter().map(|(path, _)| path.as_slice()).collect();
        assert_eq!(
            paths,
            [&[0][..], &[0, 1], &[1, 1]],
            "the second's string is not chosen"
        );
        assert_eq!(found[1].1, &str_shape);
        assert_eq!(found[2].1, &made);
    }
}
