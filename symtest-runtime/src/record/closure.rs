//! Closures: the values a parameter bounded by `Fn`, `FnMut` or `FnOnce` is searched with
//! (`F: Fn(char) -> bool`, `impl FnMut(&u8) -> u8`, `&dyn Fn(u32) -> bool`).
//!
//! A closure's genes pick one of a few small families a person writes as closures, and hold
//! its constants:
//! - **constant**: `|_| 3`, whatever the arguments;
//! - **compare**: `|c| c == '-'`, `|n| *n < 10`: a `bool` closure comparing its *key*
//!   argument (the first of a type with literals: an integer, `char`, a float or `&str`,
//!   or a reference to one) with a generated constant;
//! - **table**: `|n| match *n { 1 => 'a', 4 => 'b', _ => 'c' }`: a lookup of the key argument
//!   in a generated table of up to [`TABLE_LEN`] entries, with the constant as the default;
//! - **pass**: `|x| x`: the first argument of the returned type, passed through.
//!
//! Which families fit a signature, and which arguments are the key and the passed one, the
//! macro tells by the signature's types: they are the closure type's [`ClosureSpec`], encoded
//! in its const parameter. The macro writes the closure the search calls, one family per arm,
//! through [`Closure::family`], [`Closure::constant`], [`Closure::compare`] and
//! [`Closure::lookup`]; the test writes the same closure as source (`record::literal`).
//!
//! Genes, in order: the family (a tag over the families that fit), the constant (`R`), the
//! comparison operator (a tag over `CmpOp::ALL`), the compared constant (`K`), and the
//! table (a list of `(K, R)` pairs).

use std::borrow::Borrow;
use std::marker::PhantomData;

use crate::genes::{Input, Shape, Value};
use crate::record::distance::CmpOp;

/// Most entries a table closure has.
pub const TABLE_LEN: usize = 4;

/// Which families fit a closure's signature and where its key and passed arguments are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClosureSpec {
    /// Number of arguments the closure takes (at most 3).
    pub arity: u32,
    /// The argument compared or looked up, when `compare` or `table` fits.
    pub key: u32,
    /// Whether the key argument is a reference to its value (`&u8`), dereferenced in the
    /// closure's text (`*n < 10`); a `&str` is compared as it is.
    pub key_deref: bool,
    /// The argument passed through, when `pass` fits.
    pub pass: u32,
    /// Whether the passed argument is a reference to a `Copy` value of the returned type.
    pub pass_deref: bool,
    /// Whether the closure returns `bool`, so `compare` fits.
    pub compare: bool,
    /// Whether the key's literals are patterns (integers, `char`, `&str`), so `table` fits.
    pub table: bool,
    /// Whether an argument has the returned type, so `pass` fits.
    pub passes: bool,
}

impl ClosureSpec {
    /// The spec as a closure type's const parameter: 2 bits of arity, 2 of key, 2 of passed
    /// argument, then one bit per flag.
    pub const fn encode(self) -> u32 {
        (self.arity & 3)
            | (self.key & 3) << 2
            | (self.pass & 3) << 4
            | (self.key_deref as u32) << 6
            | (self.pass_deref as u32) << 7
            | (self.compare as u32) << 8
            | (self.table as u32) << 9
            | (self.passes as u32) << 10
    }

    pub const fn decode(bits: u32) -> ClosureSpec {
        ClosureSpec {
            arity: bits & 3,
            key: bits >> 2 & 3,
            pass: bits >> 4 & 3,
            key_deref: bits >> 6 & 1 == 1,
            pass_deref: bits >> 7 & 1 == 1,
            compare: bits >> 8 & 1 == 1,
            table: bits >> 9 & 1 == 1,
            passes: bits >> 10 & 1 == 1,
        }
    }

    /// The families that fit, in the order of the family gene's values.
    pub fn families(self) -> Vec<Family> {
        let mut families = vec![Family::Constant];
        if self.compare {
            families.push(Family::Compare);
        }
        if self.table {
            families.push(Family::Table);
        }
        if self.passes {
            families.push(Family::Pass);
        }
        families
    }
}

/// What a closure does with its arguments: see the module's doc.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    Constant,
    Compare,
    Table,
    Pass,
}

/// A closure's genes: its key's type `K` (`()` where no argument is one), its returned type
/// `R`, and its [`ClosureSpec`] encoded.
///
/// It keeps the decoders of `K` and `R`, so the closure the macro writes calls its methods
/// without bounds on them: that code is compiled whether or not genes build `R` (a
/// `fmt::Result`, say), and runs only where they do.
pub struct Closure<K, R, const SPEC: u32> {
    genes: Value,
    key: fn(&Value) -> K,
    returned: fn(&Value) -> R,
    types: PhantomData<fn() -> (K, R)>,
}

impl<K, R, const SPEC: u32> Clone for Closure<K, R, SPEC> {
    fn clone(&self) -> Self {
        Closure {
            genes: self.genes.clone(),
            key: self.key,
            returned: self.returned,
            types: PhantomData,
        }
    }
}

impl<K, R, const SPEC: u32> std::fmt::Debug for Closure<K, R, SPEC> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Closure")
            .field("family", &self.family())
            .field("genes", &self.genes)
            .finish()
    }
}

const FAMILY: usize = 0;
const CONSTANT: usize = 1;
const OP: usize = 2;
const KEY: usize = 3;
const TABLE: usize = 4;

impl<K: Input, R: Input, const SPEC: u32> Input for Closure<K, R, SPEC> {
    fn shape() -> Shape {
        let families = ClosureSpec::decode(SPEC).families().len() as u32;
        Shape::Tuple(vec![
            Shape::Tag(families),
            R::shape(),
            Shape::Tag(CmpOp::ALL.len() as u32),
            K::shape(),
            Shape::Seq {
                item: Box::new(Shape::Tuple(vec![K::shape(), R::shape()])),
                max_len: TABLE_LEN,
            },
        ])
    }

    fn decode(value: &Value) -> Self {
        Closure {
            genes: value.clone(),
            key: K::decode,
            returned: R::decode,
            types: PhantomData,
        }
    }
}

impl<K, R, const SPEC: u32> Closure<K, R, SPEC> {
    pub fn spec(&self) -> ClosureSpec {
        ClosureSpec::decode(SPEC)
    }

    /// The family the genes pick; the last that fits for a tag out of range.
    pub fn family(&self) -> Family {
        let families = self.spec().families();
        let tag = usize::try_from(self.genes.item(FAMILY).as_int()).unwrap_or(usize::MAX);
        families[tag.min(families.len() - 1)]
    }

    pub fn op(&self) -> CmpOp {
        let tag = usize::try_from(self.genes.item(OP).as_int()).unwrap_or(usize::MAX);
        CmpOp::ALL[tag.min(CmpOp::ALL.len() - 1)]
    }

    /// The table's entries whose keys come first (a later entry of the same key is never
    /// reached, as a later match arm of the same pattern), in order.
    pub fn entries(&self) -> Vec<(K, R)>
    where
        K: PartialEq,
    {
        let mut entries: Vec<(K, R)> = Vec::new();
        for entry in self.genes.item(TABLE).items() {
            let key = (self.key)(entry.item(0));
            if !entries.iter().any(|(seen, _)| *seen == key) {
                entries.push((key, (self.returned)(entry.item(1))));
            }
        }
        entries
    }

    /// The constant closure's value, and a table's default.
    pub fn constant(&self) -> R {
        (self.returned)(self.genes.item(CONSTANT))
    }

    /// The compared constant.
    pub fn key(&self) -> K {
        (self.key)(self.genes.item(KEY))
    }

    /// `arg op constant`. The key is compared as what it borrows as: a `String` key as the
    /// `str` argument.
    pub fn compare<A: ?Sized + PartialOrd>(&self, arg: &A) -> bool
    where
        K: Borrow<A>,
    {
        let key = self.key();
        self.op().holds(arg.partial_cmp(key.borrow()))
    }

    /// The value of the first entry whose key is `arg`, else the constant.
    pub fn lookup<A: ?Sized + PartialEq>(&self, arg: &A) -> R
    where
        K: Borrow<A>,
    {
        for entry in self.genes.item(TABLE).items() {
            if (self.key)(entry.item(0)).borrow() == arg {
                return (self.returned)(entry.item(1));
            }
        }
        self.constant()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: u32 = ClosureSpec {
        arity: 1,
        key: 0,
        key_deref: false,
        pass: 0,
        pass_deref: false,
        compare: false,
        table: true,
        passes: true,
    }
    .encode();

    type Lookup = Closure<u8, u8, SPEC>;

    fn genes(family: u128, constant: u128, table: &[(u128, u128)]) -> Value {
        let table = table
            .iter()
            .map(|&(key, value)| Value::List(vec![Value::Int(key), Value::Int(value)]))
            .collect();
        Value::List(vec![
            Value::Int(family),
            Value::Int(constant),
            Value::Int(0),
            Value::Int(0),
            Value::List(table),
        ])
    }

    #[test]
    fn specs_round_trip_through_their_encoding() {
        let spec = ClosureSpec {
            arity: 3,
            key: 2,
            key_deref: true,
            pass: 1,
            pass_deref: true,
            compare: true,
            table: false,
            passes: true,
        };
        assert_eq!(ClosureSpec::decode(spec.encode()), spec);
        assert_eq!(
            spec.families(),
            [Family::Constant, Family::Compare, Family::Pass]
        );
    }

    #[test]
    fn the_family_gene_counts_only_the_families_that_fit() {
        assert_eq!(
            Lookup::shape().zero(),
            genes(0, 0, &[]),
            "the simplest closure is the constant zero"
        );
        let Shape::Tuple(parts) = Lookup::shape() else {
            panic!("a closure's genes are a tuple");
        };
        assert_eq!(parts[0], Shape::Tag(3));
        assert_eq!(Lookup::decode(&genes(1, 0, &[])).family(), Family::Table);
        assert_eq!(Lookup::decode(&genes(9, 0, &[])).family(), Family::Pass);
    }

    #[test]
    fn a_table_answers_its_first_entry_of_a_key_and_else_its_constant() {
        let closure = Lookup::decode(&genes(1, 7, &[(1, 10), (2, 20), (1, 30)]));
        assert_eq!(closure.lookup(&1), 10);
        assert_eq!(closure.lookup(&2), 20);
        assert_eq!(closure.lookup(&3), 7);
        assert_eq!(closure.entries(), [(1, 10), (2, 20)]);
    }

    #[test]
    fn a_comparison_puts_the_argument_on_the_left() {
        let spec = ClosureSpec {
            compare: true,
            ..ClosureSpec::decode(0)
        };
        assert_eq!(spec.encode(), 1 << 8);
        let compare = |op: u128, key: char| {
            Closure::<char, bool, { 1 << 8 }>::decode(&Value::List(vec![
                Value::Int(1),
                Value::Int(0),
                Value::Int(op),
                Value::Int(crate::genes::gene_of_char(key)),
            ]))
        };
        assert_eq!(compare(0, '-').family(), Family::Compare);
        assert!(compare(0, '-').compare(&'-'));
        assert!(compare(1, '-').compare(&'a'));
        // `'a' < 'b'`, `'c' > 'b'`
        assert!(compare(2, 'b').compare(&'a'));
        assert!(!compare(2, 'b').compare(&'c'));
        assert!(compare(4, 'b').compare(&'c'));
        assert!(compare(5, 'b').compare(&'b'));
        let text = Closure::<String, bool, { 1 << 8 }>::decode(&Value::List(vec![
            Value::Int(1),
            Value::Int(0),
            Value::Int(0),
            Value::List(vec![Value::Int(crate::genes::gene_of_char('x'))]),
        ]));
        let owned = String::from("x");
        assert!(
            text.compare(owned.as_str()),
            "a string key compares with a `str`"
        );
    }
}
