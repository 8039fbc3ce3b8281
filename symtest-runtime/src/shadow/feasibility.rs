//! Learned feasibility of constraint systems (Tardis, *Combining DSE, search-based testing and
//! machine learning for class testing*, §4): before the solver spends its budget on a negated
//! path condition, a K-nearest-neighbour vote over the systems solved or not solved before
//! predicts whether it can be solved.
//!
//! - A system is first sliced to the negated condition and the conditions that share variables
//!   with it, directly or through others: the rest of the prefix held on the run it comes
//!   from, and says nothing about the new part.
//! - The slice is fingerprinted with the paper's multidimensional Bloom filter of 64 columns
//!   by 16 rows: each condition, abstracted (constants and variable numbers left out), sets
//!   row 0 of 3 columns chosen by hashing; the condition as written sets one of the 15 rows
//!   below in each of those columns. Similar conditions land in the same columns.
//! - Two fingerprints are as similar as the Jaccard index of their bits. The K = 3 most
//!   similar known systems vote; only a unanimous "not solved" makes a system predicted
//!   infeasible.

use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, VecDeque};
use std::hash::{Hash, Hasher};

use super::solve::Constraint;
use crate::record::expr::{Expr, ExprNode, Node};

const COLUMNS: usize = 64;
const ROWS: u32 = 16;
const HASHES: u64 = 3;
/// Neighbours that vote.
pub const K: usize = 3;
/// Systems remembered, the oldest forgotten first.
const MEMORY: usize = 512;

/// The Bloom-filter fingerprint of a sliced constraint system.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fingerprint([u16; COLUMNS]);

impl Fingerprint {
    /// The fingerprint of `constraints` sliced to the last one (see [`slice`]).
    pub fn of(constraints: &[Constraint]) -> Fingerprint {
        let mut bits = [0u16; COLUMNS];
        let mut memo = Memo::default();
        for constraint in slice(constraints) {
            let abstracted = memo.hash(&constraint.expr, false) ^ u64::from(constraint.want);
            let written = memo.hash(&constraint.expr, true) ^ u64::from(constraint.want);
            for k in 0..HASHES {
                let column = mix(abstracted, k) as usize % COLUMNS;
                let row = 1 + (mix(written, k) % u64::from(ROWS - 1)) as u32;
                bits[column] |= 1 | (1 << row);
            }
        }
        Fingerprint(bits)
    }

    /// The Jaccard index of the two bit sets (1 for two empty ones).
    pub fn similarity(&self, other: &Fingerprint) -> f64 {
        let (mut both, mut either) = (0, 0);
        for (a, b) in self.0.iter().zip(&other.0) {
            both += (a & b).count_ones();
            either += (a | b).count_ones();
        }
        match either {
            0 => 1.0,
            _ => f64::from(both) / f64::from(either),
        }
    }
}

/// The last constraint and those sharing variables with it, directly or through others, in
/// their order.
pub fn slice(constraints: &[Constraint]) -> Vec<&Constraint> {
    if constraints.is_empty() {
        return Vec::new();
    }
    let vars: Vec<Vec<usize>> = constraints.iter().map(|c| c.expr.vars()).collect();
    let mut wanted = vars[vars.len() - 1].clone();
    let mut taken = vec![false; constraints.len()];
    taken[constraints.len() - 1] = true;
    let mut grew = true;
    while grew {
        grew = false;
        for (index, own) in vars.iter().enumerate() {
            if !taken[index] && own.iter().any(|var| wanted.contains(var)) {
                taken[index] = true;
                wanted.extend(own.iter().copied());
                grew = true;
            }
        }
    }
    constraints
        .iter()
        .zip(taken)
        .filter_map(|(constraint, taken)| taken.then_some(constraint))
        .collect()
}

/// What the vote said.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Verdict {
    /// Fewer than K systems known.
    Unknown,
    /// At least one of the K nearest was solved.
    Feasible,
    /// None of the K nearest was solved.
    Infeasible,
}

/// The systems seen and whether the solver solved them.
#[derive(Debug, Default)]
pub struct Predictor {
    known: VecDeque<(Fingerprint, bool)>,
}

impl Predictor {
    pub fn predict(&self, print: &Fingerprint) -> Verdict {
        if self.known.len() < K {
            return Verdict::Unknown;
        }
        let mut nearest: Vec<(f64, bool)> = self
            .known
            .iter()
            .map(|(known, solved)| (known.similarity(print), *solved))
            .collect();
        // The most similar first; among equals, the most recent (pushed last).
        nearest.reverse();
        nearest.sort_by(|a, b| b.0.total_cmp(&a.0));
        match nearest.iter().take(K).any(|&(_, solved)| solved) {
            true => Verdict::Feasible,
            false => Verdict::Infeasible,
        }
    }

    pub fn learn(&mut self, print: Fingerprint, solved: bool) {
        if self.known.len() == MEMORY {
            self.known.pop_front();
        }
        self.known.push_back((print, solved));
    }
}

fn mix(hash: u64, k: u64) -> u64 {
    let mut hasher = DefaultHasher::new();
    (hash, k).hash(&mut hasher);
    hasher.finish()
}

/// Structural hashes of shared expressions, each node hashed once.
#[derive(Default)]
struct Memo(HashMap<(*const ExprNode, bool), u64>);

impl Memo {
    /// The hash of `expr` as written (`written`), or with its constants and variable numbers
    /// left out.
    fn hash(&mut self, expr: &Expr, written: bool) -> u64 {
        let key = (std::rc::Rc::as_ptr(expr), written);
        if let Some(&known) = self.0.get(&key) {
            return known;
        }
        let mut hasher = DefaultHasher::new();
        format!("{:?}", expr.ty).hash(&mut hasher);
        match &expr.node {
            Node::Var(index) => ("var", written.then_some(*index)).hash(&mut hasher),
            Node::Arg => "arg".hash(&mut hasher),
            Node::Acc => "acc".hash(&mut hasher),
            Node::Const(value) | Node::Opaque(value) => {
                let text = written.then(|| format!("{value:?}"));
                ("const", text).hash(&mut hasher);
            }
            Node::Unary(op, operand) => {
                ("unary", format!("{op:?}"), self.hash(operand, written)).hash(&mut hasher);
            }
            Node::Cast(operand) => ("cast", self.hash(operand, written)).hash(&mut hasher),
            Node::Binary(op, left, right) => {
                let (left, right) = (self.hash(left, written), self.hash(right, written));
                ("binary", format!("{op:?}"), left, right).hash(&mut hasher);
            }
            Node::Call(method, args) => {
                let args: Vec<u64> = args.iter().map(|arg| self.hash(arg, written)).collect();
                ("call", format!("{method:?}"), args).hash(&mut hasher);
            }
        }
        let hash = hasher.finish();
        self.0.insert(key, hash);
        hash
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genes::IntKind;
    use crate::record::expr::{Binary, Ty};
    use crate::shadow::testing::{bin, int};

    fn var(index: usize) -> Expr {
        crate::shadow::testing::var(index, Ty::Int(IntKind::I32))
    }

    fn constant(value: i128) -> Expr {
        int(value, Ty::Int(IntKind::I32))
    }

    fn greater(left: Expr, right: Expr) -> Constraint {
        Constraint {
            expr: bin(Binary::Gt, left, right),
            want: true,
        }
    }

    #[test]
    fn a_slice_keeps_the_conditions_linked_to_the_last_by_variables() {
        let system = [
            greater(var(0), constant(1)),
            greater(var(1), var(2)),
            greater(var(3), constant(0)),
            greater(var(0), var(1)),
        ];
        let sliced = slice(&system);
        assert_eq!(sliced.len(), 3, "all but the one on variable 3");
        assert!(!sliced.contains(&&system[2]));
    }

    #[test]
    fn similar_conditions_share_columns_and_identical_ones_all_bits() {
        let a = Fingerprint::of(&[greater(var(0), constant(10))]);
        let same = Fingerprint::of(&[greater(var(0), constant(10))]);
        let other_constant = Fingerprint::of(&[greater(var(0), constant(99))]);
        let unlike = Fingerprint::of(&[Constraint {
            expr: bin(Binary::Eq, var(0), var(1)),
            want: false,
        }]);
        assert_eq!(a.similarity(&same), 1.0);
        let close = a.similarity(&other_constant);
        assert!(close > 0.0 && close < 1.0, "{close}");
        assert!(a.similarity(&unlike) < close);
    }

    #[test]
    fn only_a_unanimous_vote_of_the_nearest_predicts_infeasible() {
        let print = |value| Fingerprint::of(&[greater(var(0), constant(value))]);
        let mut predictor = Predictor::default();
        predictor.learn(print(1), false);
        predictor.learn(print(2), false);
        assert_eq!(predictor.predict(&print(3)), Verdict::Unknown);
        predictor.learn(print(3), false);
        assert_eq!(predictor.predict(&print(3)), Verdict::Infeasible);
        predictor.learn(print(4), true);
        assert_eq!(predictor.predict(&print(4)), Verdict::Feasible);
    }
}
