//! What a search learns as it goes: the used values (see [`used`](super::used)) of the inputs
//! that covered new branches, offered back to the search: strings among the constant pool's
//! literals ([`Pool::draw`](super::pool::Pool::draw)), other values to
//! [`reuse`](super::used::reuse).
//!
//! A value that reached a branch is often what another gene needs: the text a constructor
//! parses into a value whose methods branch on it (`Version::parse("1.2-rc")` covers the
//! pre-release label, and `cmp` needs a receiver made from such a text), or a key that a later
//! call must repeat. Random mutation rebuilds such a value rarely, and symbolic execution does
//! not follow a constructor's arguments.

use std::cell::RefCell;
use std::collections::BTreeMap;

use super::used;
use super::{Shape, Value, gene_at};

/// How many values of each shape other than strings a search keeps: those learned last, as
/// the later a branch is covered, the harder its input was to find (our choice).
pub const LEARNED: usize = 32;

/// How many kinds of value of each shape a search keeps (see [`Learned::learn_kind`]), the
/// first it finds (our choice: a type's constructors and the ways their checks end).
pub const KINDS: usize = 8;

/// How many strings a search keeps, the last learned (our choice). They are drawn as the
/// literals are, uniformly among both: with eight, a function with a few string literals
/// still draws them about as often as the strings it learned.
pub const LEARNED_STRINGS: usize = 8;

/// The values learned so far. It grows while the search holds the pool by shared reference,
/// hence the cells; a search runs on one thread.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Learned {
    /// Non-empty strings, as lists of char genes, in the order they were learned (one learned
    /// again moves to the end), none of them a literal.
    strings: RefCell<Vec<Vec<Value>>>,
    /// The other values by [`class`] of their shape, each class with its shape.
    values: RefCell<BTreeMap<u64, (Shape, Vec<Value>)>>,
    /// Values made along different paths of their constructors, by class.
    kinds: RefCell<BTreeMap<u64, (Shape, Vec<Value>)>>,
}

impl Learned {
    /// Learns the used values of `value`, an input of `shape` that covered new branches,
    /// leaving out the strings among `literals`.
    pub fn learn(&self, shape: &Shape, value: &Value, literals: &[Vec<Value>]) {
        for found in used::values(shape, value) {
            let Some(genes) = gene_at(value, &found.path) else {
                continue;
            };
            if let Shape::Str { .. } = found.shape {
                let text = genes.items();
                if !text.is_empty() && !literals.iter().any(|literal| literal == text) {
                    remember(
                        &mut self.strings.borrow_mut(),
                        text.to_vec(),
                        LEARNED_STRINGS,
                    );
                }
                continue;
            }
            let mut values = self.values.borrow_mut();
            let (shape, known) =
                (values.entry(found.class)).or_insert_with(|| (found.shape.clone(), Vec::new()));
            if shape == found.shape {
                remember(known, genes.clone(), LEARNED);
            }
        }
    }

    /// Keeps `value`, of `shape`, as a kind of its class: a constructor made it along a path
    /// no other took ([`KINDS`] at most, the first). Unlike the values learned from inputs,
    /// which later ones push out, the kinds stay: each is what one way through the
    /// constructors makes.
    pub fn learn_kind(&self, shape: &Shape, class: u64, value: &Value) {
        let mut kinds = self.kinds.borrow_mut();
        let (known_shape, known) =
            (kinds.entry(class)).or_insert_with(|| (shape.clone(), Vec::new()));
        if known_shape == shape && known.len() < KINDS && !known.contains(value) {
            known.push(value.clone());
        }
    }

    /// The `index`-th kind of value of `shape`, whose class is `class` (see
    /// [`Learned::learn_kind`]).
    pub fn kind(&self, shape: &Shape, class: u64, index: usize) -> Option<Value> {
        nth(&self.kinds.borrow(), shape, class, index)
    }

    pub fn is_empty(&self) -> bool {
        self.strings.borrow().is_empty()
            && self.values.borrow().is_empty()
            && self.kinds.borrow().is_empty()
    }

    /// How many strings are learned.
    pub fn strings(&self) -> usize {
        self.strings.borrow().len()
    }

    /// The `index`-th learned string, cut to `max_len` chars.
    pub fn string(&self, index: usize, max_len: usize) -> Value {
        let strings = self.strings.borrow();
        Value::List(strings[index].iter().take(max_len).cloned().collect())
    }

    /// How many values of the shape of class `class` are learned (strings are drawn as
    /// literals are instead).
    pub fn count(&self, class: u64) -> usize {
        self.values
            .borrow()
            .get(&class)
            .map_or(0, |(_, known)| known.len())
    }

    /// The `index`-th learned value of `shape`, whose class is `class`.
    pub fn value(&self, shape: &Shape, class: u64, index: usize) -> Option<Value> {
        nth(&self.values.borrow(), shape, class, index)
    }
}

/// The `index`-th value `by_class` holds of `shape`, whose class is `class` (`None` where the
/// class holds another shape: two shapes whose hashes collide).
fn nth(
    by_class: &BTreeMap<u64, (Shape, Vec<Value>)>,
    shape: &Shape,
    class: u64,
    index: usize,
) -> Option<Value> {
    let (known_shape, known) = by_class.get(&class)?;
    (known_shape == shape).then(|| known.get(index).cloned())?
}

/// Adds `value` to the end of `learned` (moving it there if it is known), dropping the first
/// when `learned` holds `most` values.
fn remember<T: PartialEq>(learned: &mut Vec<T>, value: T, most: usize) {
    learned.retain(|known| *known != value);
    if learned.len() == most {
        learned.remove(0);
    }
    learned.push(value);
}
