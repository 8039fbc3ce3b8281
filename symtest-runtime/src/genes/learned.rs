//! What a search learns as it goes: the used values (see [`used`](super::used)) of the inputs
//! that covered new branches, offered back to the search — strings as the constant pool's
//! literals are, other values to [`reuse`](super::used::reuse).
//!
//! A value that reached a branch is often what another gene needs: the text a constructor
//! parses into a value whose methods branch on it (`Version::parse("1.2-rc")` covers the
//! pre-release label, and `cmp` needs a receiver made from such a text), or a key that a later
//! call must repeat. Random mutation rebuilds such a value rarely, and symbolic execution does
//! not follow a constructor's arguments.

use std::cell::RefCell;
use std::collections::BTreeMap;

use rand::RngExt;

use super::random::Rng;
use super::used;
use super::{Shape, Value, gene_at};

/// How many strings a search keeps, and how many values of each other shape: those learned
/// last, as the later a branch is covered, the harder its input was to find (our choice).
pub const LEARNED: usize = 32;

/// Probability that a string gene the constant pool did not seed takes a learned string
/// instead, when there is one: half [`P_SEED`](super::pool::P_SEED), so the literals keep
/// their share (our choice).
pub const P_LEARNED: f64 = 0.1;

/// The values learned so far. It grows while the search holds the pool by shared reference,
/// hence the cells; a search runs on one thread.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Learned {
    /// Non-empty strings, as lists of char genes, in the order they were learned (one learned
    /// again moves to the end), none of them a literal.
    strings: RefCell<Vec<Vec<Value>>>,
    /// The other values by [`class`] of their shape, each class with its shape.
    values: RefCell<BTreeMap<u64, (Shape, Vec<Value>)>>,
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
                    remember(&mut self.strings.borrow_mut(), text.to_vec());
                }
                continue;
            }
            let mut values = self.values.borrow_mut();
            let (shape, known) =
                (values.entry(found.class)).or_insert_with(|| (found.shape.clone(), Vec::new()));
            if shape == found.shape {
                remember(known, genes.clone());
            }
        }
    }

    pub fn is_empty(&self) -> bool {
        self.strings.borrow().is_empty() && self.values.borrow().is_empty()
    }

    /// With probability [`P_LEARNED`], a learned string cut to `max_len` chars; draws no
    /// random number when none is learned.
    pub fn draw_string(&self, max_len: usize, rng: &mut Rng) -> Option<Value> {
        let strings = self.strings.borrow();
        if strings.is_empty() || !rng.random_bool(P_LEARNED) {
            return None;
        }
        let text = &strings[rng.random_range(0..strings.len())];
        Some(Value::List(text.iter().take(max_len).cloned().collect()))
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
        let values = self.values.borrow();
        let (learned_shape, known) = values.get(&class)?;
        (learned_shape == shape).then(|| known.get(index).cloned())?
    }
}

/// Adds `value` to the end of `learned` (moving it there if it is known), dropping the first
/// when `learned` holds [`LEARNED`] values.
fn remember<T: PartialEq>(learned: &mut Vec<T>, value: T) {
    learned.retain(|known| *known != value);
    if learned.len() == LEARNED {
        learned.remove(0);
    }
    learned.push(value);
}
