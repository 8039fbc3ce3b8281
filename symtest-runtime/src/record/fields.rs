//! Field coverage (Godio et al., *Efficient test generation guided by field coverage
//! criteria*): which values the fields of the value under test take, in classes.
//!
//! A sequence's value is observed after its constructor and after every call, through its
//! `Debug` text (see [`debug`]), so any type that derives `Debug` is covered, `#[symtest]` on
//! its definition or not. Each field's value falls in a class, and a (field, class) pair is
//! what a test covers:
//! - a bool by value, an enum (and `Option`, `Result`) by variant;
//! - an integer by sign and size: `-large`, `-small`, `-1`, `0`, `1`, `small` (2 to 9),
//!   `large`; a float by sign;
//! - a collection or string by length: 0, 1, 2, 3 and 4 or more. Its items are fields too
//!   (`items[]`, a map's `entries[k]` and `entries[v]`).
//!
//! A pair is reported as the pseudo-branch `(FIELD, hash of its label)`, so the archive keeps
//! a test for every pair a search meets, and suite selection keeps one per pair, as for
//! branches. The search learns which fields exist from what it observes (a [`Domain`]) and
//! targets the pairs those fields could take but no test covers yet, with a fitness that is
//! the distance of the field's value to the class (see [`fitness`]).

pub mod debug;

use std::collections::{BTreeMap, BTreeSet};
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};

use self::debug::Leaf;
use super::distance::normalize;
use super::fitness::Fitness;
use super::trace::Branch;

/// The decision id of the pseudo-branches that name (field, class) pairs.
pub const FIELD: u32 = u32::MAX - 1;

/// Whether `branch` names a (field, class) pair.
pub fn is_field(branch: Branch) -> bool {
    branch.decision == FIELD
}

static ENABLED: AtomicBool = AtomicBool::new(false);

/// Switches field observation on for the traces made from now on (`--criterion field`).
pub fn enable(on: bool) {
    ENABLED.store(on, Ordering::Relaxed);
}

pub fn enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// The class of an integer field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum IntClass {
    NegLarge,
    NegSmall,
    MinusOne,
    Zero,
    One,
    Small,
    Large,
}

impl IntClass {
    const ALL: [IntClass; 7] = [
        IntClass::NegLarge,
        IntClass::NegSmall,
        IntClass::MinusOne,
        IntClass::Zero,
        IntClass::One,
        IntClass::Small,
        IntClass::Large,
    ];

    /// The class's values, as a closed interval.
    fn bounds(self) -> (i128, i128) {
        match self {
            IntClass::NegLarge => (i128::MIN, -10),
            IntClass::NegSmall => (-9, -2),
            IntClass::MinusOne => (-1, -1),
            IntClass::Zero => (0, 0),
            IntClass::One => (1, 1),
            IntClass::Small => (2, 9),
            IntClass::Large => (10, i128::MAX),
        }
    }

    fn of(value: i128) -> IntClass {
        let within = |class: &IntClass| {
            let (low, high) = class.bounds();
            (low..=high).contains(&value)
        };
        IntClass::ALL
            .into_iter()
            .find(within)
            .unwrap_or(IntClass::Large)
    }
}

/// The class of a float field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum FloatClass {
    Negative,
    Zero,
    Positive,
    NaN,
}

/// Lengths up to this are classes of their own; longer ones share one.
const LEN_CLASSES: u8 = 4;

/// What a field's value is, as coverage counts it.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    Bool(bool),
    Int(IntClass),
    Float(FloatClass),
    /// The length, or [`LEN_CLASSES`] for that many or more.
    Len(u8),
    Variant(String),
}

impl Class {
    pub fn of(leaf: &Leaf) -> Class {
        match leaf {
            Leaf::Bool(b) => Class::Bool(*b),
            Leaf::Int(i) => Class::Int(IntClass::of(*i)),
            Leaf::Float(f) => Class::Float(match f {
                f if f.is_nan() => FloatClass::NaN,
                f if *f < 0.0 => FloatClass::Negative,
                f if *f == 0.0 => FloatClass::Zero,
                _ => FloatClass::Positive,
            }),
            Leaf::Len(len) => Class::Len((*len).min(usize::from(LEN_CLASSES)) as u8),
            Leaf::Variant(name) => Class::Variant(name.clone()),
        }
    }

    /// How far `leaf` is from this class: 0 inside it, the distance to its nearest value for
    /// numbers and lengths, 1 for another bool or variant; `None` for a leaf of another kind.
    fn distance(&self, leaf: &Leaf) -> Option<f64> {
        let interval = |value: f64, low: f64, high: f64| (low - value).max(value - high).max(0.0);
        match (self, leaf) {
            (Class::Bool(want), Leaf::Bool(is)) => Some(f64::from(u8::from(want != is))),
            (Class::Variant(want), Leaf::Variant(is)) => Some(f64::from(u8::from(want != is))),
            (Class::Int(class), Leaf::Int(value)) => {
                let (low, high) = class.bounds();
                Some(interval(*value as f64, low as f64, high as f64))
            }
            (Class::Len(len), Leaf::Len(value)) => {
                let high = if *len == LEN_CLASSES {
                    f64::INFINITY
                } else {
                    f64::from(*len)
                };
                Some(interval(*value as f64, f64::from(*len), high))
            }
            (Class::Float(class), Leaf::Float(value)) => Some(match class {
                _ if value.is_nan() => f64::from(u8::from(*class != FloatClass::NaN)),
                // One past zero for the strict signs, so 0.0 is not in them.
                FloatClass::Negative if *value < 0.0 => 0.0,
                FloatClass::Negative => value + 1.0,
                FloatClass::Zero => value.abs(),
                FloatClass::Positive if *value > 0.0 => 0.0,
                FloatClass::Positive => 1.0 - value,
                FloatClass::NaN => 1.0,
            }),
            _ => None,
        }
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Class::Bool(b) => write!(f, "{b}"),
            Class::Int(class) => f.write_str(match class {
                IntClass::NegLarge => "-large",
                IntClass::NegSmall => "-small",
                IntClass::MinusOne => "-1",
                IntClass::Zero => "0",
                IntClass::One => "1",
                IntClass::Small => "small",
                IntClass::Large => "large",
            }),
            Class::Float(class) => f.write_str(match class {
                FloatClass::Negative => "< 0.0",
                FloatClass::Zero => "0.0",
                FloatClass::Positive => "> 0.0",
                FloatClass::NaN => "NaN",
            }),
            Class::Len(len) if *len == LEN_CLASSES => write!(f, "len {len}+"),
            Class::Len(len) => write!(f, "len {len}"),
            Class::Variant(name) => f.write_str(name),
        }
    }
}

/// A (field, class) pair.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pair {
    pub field: String,
    pub class: Class,
}

impl Pair {
    /// `items[]: len 0`; the value itself is `self`.
    pub fn label(&self) -> String {
        let field = if self.field.is_empty() {
            "self"
        } else {
            &self.field
        };
        format!("{field}: {}", self.class)
    }

    /// The pseudo-branch that names the pair: the same in every process, so tests found by
    /// different children agree on what they cover.
    pub fn branch(&self) -> Branch {
        Branch {
            decision: FIELD,
            outcome: id(&self.field, &self.class),
        }
    }
}

/// The FNV-1a hash of the label of (`field`, `class`) (see [`Pair::label`]), written straight
/// into the hash: every leaf of every observed state is hashed.
fn id(field: &str, class: &Class) -> u32 {
    use fmt::Write;
    let mut hash = Fnv(0x811c_9dc5);
    let field = if field.is_empty() { "self" } else { field };
    let _ = write!(hash, "{field}: {class}");
    hash.0
}

struct Fnv(u32);

impl fmt::Write for Fnv {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        for &byte in text.as_bytes() {
            self.0 = (self.0 ^ u32::from(byte)).wrapping_mul(0x0100_0193);
        }
        Ok(())
    }
}

/// The fields one execution's value took, over every state it was observed in.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FieldLog {
    leaves: Vec<(String, Leaf)>,
    /// The pairs' pseudo-branch outcomes, sorted, without repeats.
    pairs: Vec<u32>,
    /// The text of the latest state: a call that changed nothing is not read again.
    last: String,
}

impl FieldLog {
    /// A log when field observation is on.
    pub fn of() -> Option<Box<FieldLog>> {
        enabled().then(Box::default)
    }

    /// Records the fields of one state, printed with `{:?}`.
    pub fn observe(&mut self, debug: &str) {
        if debug == self.last {
            return;
        }
        self.last.clear();
        self.last.push_str(debug);
        for (field, leaf) in debug::fields(debug) {
            self.pairs.push(id(&field, &Class::of(&leaf)));
            self.leaves.push((field, leaf));
        }
        self.pairs.sort_unstable();
        self.pairs.dedup();
    }

    pub fn reset(&mut self) {
        self.leaves.clear();
        self.pairs.clear();
        self.last.clear();
    }

    /// The pairs covered, as pseudo-branches.
    pub fn pairs(&self) -> impl Iterator<Item = Branch> + '_ {
        self.pairs.iter().map(|&outcome| Branch {
            decision: FIELD,
            outcome,
        })
    }

    /// Each field observed, with its class, once per state it was observed in.
    pub fn classes(&self) -> impl Iterator<Item = (&str, Class)> + '_ {
        (self.leaves.iter()).map(|(field, leaf)| (field.as_str(), Class::of(leaf)))
    }

    pub fn covers(&self, branch: Branch) -> bool {
        self.pairs.binary_search(&branch.outcome).is_ok()
    }

    /// The label of the pair `branch` names, if the execution covered it.
    pub fn label(&self, branch: Branch) -> Option<String> {
        self.leaves.iter().find_map(|(field, leaf)| {
            let class = Class::of(leaf);
            (id(field, &class) == branch.outcome).then(|| {
                Pair {
                    field: field.clone(),
                    class,
                }
                .label()
            })
        })
    }
}

/// The fitness of an execution for `goal`: 0 when a state had the field in the class, else
/// ν(the nearest the field came to it) over the states observed; 2 when the field was never
/// there (a field of a variant the value was not in).
pub fn fitness(log: &FieldLog, goal: &Pair) -> Fitness {
    let nearest = log
        .leaves
        .iter()
        .filter(|(field, _)| *field == goal.field)
        .filter_map(|(_, leaf)| goal.class.distance(leaf))
        .reduce(f64::min);
    match nearest {
        Some(0.0) => Fitness::COVERED,
        Some(d) => Fitness::new(normalize(d), d),
        None => Fitness::new(2.0, f64::INFINITY),
    }
}

/// What a search has seen of the value's fields, and the pairs they could make.
#[derive(Clone, Debug, Default)]
pub struct Domain {
    fields: BTreeMap<String, Seen>,
}

/// The kinds of value one field was seen holding.
#[derive(Clone, Debug, Default)]
struct Seen {
    bool: bool,
    int: bool,
    negative: bool,
    float: bool,
    len: bool,
    variants: BTreeSet<String>,
}

impl Domain {
    pub fn learn(&mut self, log: &FieldLog) {
        for (field, leaf) in &log.leaves {
            let seen = match self.fields.get_mut(field) {
                Some(seen) => seen,
                None => self.fields.entry(field.clone()).or_default(),
            };
            match leaf {
                Leaf::Bool(_) => seen.bool = true,
                Leaf::Int(i) => {
                    seen.int = true;
                    seen.negative |= *i < 0;
                }
                Leaf::Float(_) => seen.float = true,
                Leaf::Len(_) => seen.len = true,
                Leaf::Variant(name) if !seen.variants.contains(name) => {
                    seen.variants.insert(name.clone());
                    // The other variant of the std's two-variant enums, though not seen.
                    let partner = match name.as_str() {
                        "Some" => "None",
                        "None" => "Some",
                        "Ok" => "Err",
                        "Err" => "Ok",
                        _ => continue,
                    };
                    seen.variants.insert(partner.to_string());
                }
                Leaf::Variant(_) => {}
            }
        }
    }

    /// Every pair the fields seen could make, field by field. An integer field is a target
    /// for the negative classes only once it was seen negative: most are unsigned, or a
    /// count. A NaN is never a target.
    pub fn goals(&self) -> Vec<Pair> {
        let mut goals = Vec::new();
        for (field, seen) in &self.fields {
            let mut classes: Vec<Class> = Vec::new();
            if seen.bool {
                classes.extend([Class::Bool(false), Class::Bool(true)]);
            }
            if seen.int {
                let signs = IntClass::ALL.into_iter();
                let signs = signs.filter(|c| seen.negative || *c >= IntClass::Zero);
                classes.extend(signs.map(Class::Int));
            }
            if seen.float {
                let signs = [FloatClass::Negative, FloatClass::Zero, FloatClass::Positive];
                classes.extend(signs.map(Class::Float));
            }
            if seen.len {
                classes.extend((0..=LEN_CLASSES).map(Class::Len));
            }
            classes.extend(seen.variants.iter().cloned().map(Class::Variant));
            goals.extend(classes.into_iter().map(|class| Pair {
                field: field.clone(),
                class,
            }));
        }
        goals
    }
}

#[cfg(test)]
mod tests;
