//! Partial symbolic execution (*Symbolic Search Based Testing* §III–IV): for a target branch
//! and a decision it is transitively control dependent on, the paths of the sub-CFG between
//! them — loops approximated as `ε + a + … + aᵏ·d` — executed symbolically over the
//! function's locals, as they are when execution reaches the decision. Each path gives a
//! product: the conditions that can be evaluated from those values, and the number dropped
//! because they use variables a destroyed loop defines or values symtest cannot follow (the
//! approximation level). Contradictory products are pruned.
//!
//! `paths.rs` emits the products as static tables; the runtime evaluates them on snapshots.

use std::collections::{BTreeMap, BTreeSet};

use syn::{BinOp, Expr, Lit, UnOp};

use crate::cfg::{Graph, NodeId};

/// A value in terms of the locals at the start of a path (`Var`), as far as it can be known.
#[derive(Clone, Debug, PartialEq)]
pub enum Sym {
    /// A local, by its unique name (`x#2` for the second `let x`).
    Var(String),
    Int(i128),
    Float(f64),
    Bool(bool),
    Bin(Op, Box<Sym>, Box<Sym>),
    Neg(Box<Sym>),
    Not(Box<Sym>),
    /// `value as ty`, with the target type's name (`u8`, `f64`, …).
    Cast(String, Box<Sym>),
    /// A comparison used as a value (`let ok = a < b;`).
    Rel(Cmp, Box<Sym>, Box<Sym>),
    /// `a && b` (true) or `a || b` (false) used as a value.
    Logic(bool, Box<Sym>, Box<Sym>),
    /// Anything symtest does not follow: calls, fields, indexing, …
    Unknown,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Cmp {
    fn negate(self) -> Cmp {
        match self {
            Cmp::Eq => Cmp::Ne,
            Cmp::Ne => Cmp::Eq,
            Cmp::Lt => Cmp::Ge,
            Cmp::Le => Cmp::Gt,
            Cmp::Gt => Cmp::Le,
            Cmp::Ge => Cmp::Lt,
        }
    }

    fn holds(self, ordering: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::*;
        match self {
            Cmp::Eq => ordering == Equal,
            Cmp::Ne => ordering != Equal,
            Cmp::Lt => ordering == Less,
            Cmp::Le => ordering != Greater,
            Cmp::Gt => ordering == Greater,
            Cmp::Ge => ordering != Less,
        }
    }
}

/// The condition of a decision's outcome 0 (`true`): a comparison, or a boolean value.
#[derive(Clone, Debug, PartialEq)]
pub enum Cond {
    Cmp(Cmp, Sym, Sym),
    Truthy(Sym),
}

impl Cond {
    /// The condition for the other outcome.
    fn negate(&self) -> Cond {
        match self {
            Cond::Cmp(op, l, r) => Cond::Cmp(op.negate(), l.clone(), r.clone()),
            Cond::Truthy(value) => Cond::Truthy(Sym::Not(Box::new(value.clone()))),
        }
    }

    /// A boolean that is a comparison (`ok` with `let ok = a < b`) tested as that comparison,
    /// so its distance is measured rather than 0 or K.
    fn sharpen(self) -> Cond {
        match self {
            Cond::Truthy(Sym::Rel(op, l, r)) => Cond::Cmp(op, *l, *r),
            Cond::Truthy(Sym::Not(inner)) => match *inner {
                Sym::Rel(op, l, r) => Cond::Cmp(op.negate(), *l, *r),
                other => Cond::Truthy(Sym::Not(Box::new(other))),
            },
            other => other,
        }
    }

    fn map(&self, f: &impl Fn(&Sym) -> Sym) -> Cond {
        match self {
            Cond::Cmp(op, l, r) => Cond::Cmp(*op, f(l), f(r)),
            Cond::Truthy(value) => Cond::Truthy(f(value)),
        }
    }

    fn vars(&self, out: &mut BTreeSet<String>) {
        match self {
            Cond::Cmp(_, l, r) => {
                l.vars(out);
                r.vars(out);
            }
            Cond::Truthy(value) => value.vars(out),
        }
    }

    fn known(&self) -> bool {
        match self {
            Cond::Cmp(_, l, r) => l.known() && r.known(),
            Cond::Truthy(value) => value.known(),
        }
    }
}

impl Sym {
    /// The value of `expr`, with names resolved by `resolve` (a local's unique name, or `None`
    /// for anything that is not a local in scope).
    pub fn of(expr: &Expr, resolve: &impl Fn(&str) -> Option<String>) -> Sym {
        match expr {
            Expr::Lit(lit) => match &lit.lit {
                Lit::Int(int) => int.base10_parse::<i128>().map_or(Sym::Unknown, Sym::Int),
                Lit::Float(float) => float.base10_parse::<f64>().map_or(Sym::Unknown, Sym::Float),
                Lit::Bool(value) => Sym::Bool(value.value),
                Lit::Char(c) => Sym::Int(i128::from(u32::from(c.value()))),
                _ => Sym::Unknown,
            },
            Expr::Path(path) => match path.path.get_ident() {
                Some(ident) => resolve(&ident.to_string()).map_or(Sym::Unknown, Sym::Var),
                None => Sym::Unknown,
            },
            Expr::Paren(paren) => Sym::of(&paren.expr, resolve),
            Expr::Group(group) => Sym::of(&group.expr, resolve),
            Expr::Unary(unary) => {
                let inner = Box::new(Sym::of(&unary.expr, resolve));
                match unary.op {
                    UnOp::Neg(_) => Sym::Neg(inner),
                    UnOp::Not(_) => Sym::Not(inner),
                    _ => Sym::Unknown,
                }
            }
            Expr::Cast(cast) => {
                let ty = crate::lower::display(&cast.ty);
                Sym::Cast(ty, Box::new(Sym::of(&cast.expr, resolve)))
            }
            Expr::Binary(binary) => {
                let (left, right) = (
                    Box::new(Sym::of(&binary.left, resolve)),
                    Box::new(Sym::of(&binary.right, resolve)),
                );
                if let Some(op) = arithmetic(&binary.op) {
                    Sym::Bin(op, left, right)
                } else if let Some(cmp) = relation(&binary.op) {
                    Sym::Rel(cmp, left, right)
                } else {
                    match binary.op {
                        BinOp::And(_) => Sym::Logic(true, left, right),
                        BinOp::Or(_) => Sym::Logic(false, left, right),
                        _ => Sym::Unknown,
                    }
                }
            }
            _ => Sym::Unknown,
        }
    }

    fn vars(&self, out: &mut BTreeSet<String>) {
        match self {
            Sym::Var(name) => {
                out.insert(name.clone());
            }
            Sym::Bin(_, l, r) => {
                l.vars(out);
                r.vars(out);
            }
            Sym::Neg(inner) | Sym::Not(inner) | Sym::Cast(_, inner) => inner.vars(out),
            Sym::Rel(_, l, r) | Sym::Logic(_, l, r) => {
                l.vars(out);
                r.vars(out);
            }
            Sym::Int(_) | Sym::Float(_) | Sym::Bool(_) | Sym::Unknown => {}
        }
    }

    fn known(&self) -> bool {
        match self {
            Sym::Unknown => false,
            Sym::Bin(_, l, r) | Sym::Rel(_, l, r) | Sym::Logic(_, l, r) => l.known() && r.known(),
            Sym::Neg(inner) | Sym::Not(inner) | Sym::Cast(_, inner) => inner.known(),
            Sym::Var(_) | Sym::Int(_) | Sym::Float(_) | Sym::Bool(_) => true,
        }
    }

    /// Folds constant arithmetic and drops `+ 0`, `- 0`, `* 1`, `/ 1`, so path conditions
    /// read like the code (`1 < n`, not `(0 + 1) < n`) and constant ones can be pruned.
    fn simplify(self) -> Sym {
        match self {
            Sym::Bin(op, l, r) => {
                let (l, r) = (l.simplify(), r.simplify());
                match (op, &l, &r) {
                    (_, Sym::Int(a), Sym::Int(b)) => {
                        fold(op, *a, *b).map_or(Sym::Bin(op, Box::new(l), Box::new(r)), Sym::Int)
                    }
                    (Op::Add | Op::Sub, _, Sym::Int(0)) | (Op::Mul | Op::Div, _, Sym::Int(1)) => l,
                    (Op::Add, Sym::Int(0), _) | (Op::Mul, Sym::Int(1), _) => r,
                    _ => Sym::Bin(op, Box::new(l), Box::new(r)),
                }
            }
            Sym::Neg(inner) => match inner.simplify() {
                Sym::Int(value) => value.checked_neg().map_or(Sym::Unknown, Sym::Int),
                other => Sym::Neg(Box::new(other)),
            },
            Sym::Not(inner) => match inner.simplify() {
                Sym::Bool(value) => Sym::Bool(!value),
                other => Sym::Not(Box::new(other)),
            },
            Sym::Cast(ty, inner) => Sym::Cast(ty, Box::new(inner.simplify())),
            Sym::Rel(op, l, r) => Sym::Rel(op, Box::new(l.simplify()), Box::new(r.simplify())),
            Sym::Logic(and, l, r) => {
                Sym::Logic(and, Box::new(l.simplify()), Box::new(r.simplify()))
            }
            other => other,
        }
    }

    /// Replaces each variable by its value in `state`.
    fn substitute(&self, state: &BTreeMap<String, Sym>) -> Sym {
        match self {
            Sym::Var(name) => state.get(name).cloned().unwrap_or_else(|| self.clone()),
            Sym::Bin(op, l, r) => Sym::Bin(
                *op,
                Box::new(l.substitute(state)),
                Box::new(r.substitute(state)),
            ),
            Sym::Neg(inner) => Sym::Neg(Box::new(inner.substitute(state))),
            Sym::Not(inner) => Sym::Not(Box::new(inner.substitute(state))),
            Sym::Cast(ty, inner) => Sym::Cast(ty.clone(), Box::new(inner.substitute(state))),
            Sym::Rel(op, l, r) => Sym::Rel(
                *op,
                Box::new(l.substitute(state)),
                Box::new(r.substitute(state)),
            ),
            Sym::Logic(and, l, r) => Sym::Logic(
                *and,
                Box::new(l.substitute(state)),
                Box::new(r.substitute(state)),
            ),
            other => other.clone(),
        }
    }
}

/// `a op b` on constants, `None` where the program would panic (overflow, division by zero).
fn fold(op: Op, a: i128, b: i128) -> Option<i128> {
    match op {
        Op::Add => a.checked_add(b),
        Op::Sub => a.checked_sub(b),
        Op::Mul => a.checked_mul(b),
        Op::Div => a.checked_div(b),
        Op::Rem => a.checked_rem(b),
    }
}

/// The comparison `op` is, if it is one.
pub fn relation(op: &BinOp) -> Option<Cmp> {
    Some(match op {
        BinOp::Eq(_) => Cmp::Eq,
        BinOp::Ne(_) => Cmp::Ne,
        BinOp::Lt(_) => Cmp::Lt,
        BinOp::Le(_) => Cmp::Le,
        BinOp::Gt(_) => Cmp::Gt,
        BinOp::Ge(_) => Cmp::Ge,
        _ => return None,
    })
}

/// The compound-assignment or arithmetic operator of `op`, if it is one symtest follows.
pub fn arithmetic(op: &BinOp) -> Option<Op> {
    Some(match op {
        BinOp::Add(_) | BinOp::AddAssign(_) => Op::Add,
        BinOp::Sub(_) | BinOp::SubAssign(_) => Op::Sub,
        BinOp::Mul(_) | BinOp::MulAssign(_) => Op::Mul,
        BinOp::Div(_) | BinOp::DivAssign(_) => Op::Div,
        BinOp::Rem(_) | BinOp::RemAssign(_) => Op::Rem,
        _ => return None,
    })
}

/// The symbolic view of a function's CFG: what each node assigns, what each decision tests.
#[derive(Clone, Debug, Default)]
pub struct Program {
    /// Assignments of each node, in order: `(local, value)`; `Sym::Unknown` forgets a local.
    pub effects: BTreeMap<NodeId, Vec<(String, Sym)>>,
    /// The condition of each decision's outcome 0, where it is a comparison or a boolean.
    pub conditions: Vec<Option<Cond>>,
    /// Node of each decision.
    pub decision_nodes: Vec<NodeId>,
    /// Loops: head node and the nodes of the body (the head included).
    pub loops: Vec<(NodeId, BTreeSet<NodeId>)>,
}

/// One path's result: the conditions kept and how many were dropped.
#[derive(Clone, Debug, PartialEq)]
pub struct Product {
    pub conditions: Vec<Cond>,
    pub approximation_level: u32,
}

/// At most this many products per (decision, target): path counts explode with branching.
pub const MAX_PRODUCTS: usize = 64;

/// Products of the paths from decision `from.0` taking outcome `from.1` to decision
/// `target.0` taking `target.1`, with every loop unrolled at most `k` times. The conditions
/// start after `from`'s own, which the runtime measures directly.
pub fn products(
    graph: &Graph,
    program: &Program,
    from: (usize, usize),
    target: (usize, usize),
    k: u32,
) -> Vec<Product> {
    let mut walker = Walker {
        graph,
        program,
        target,
        k,
        paths: Vec::new(),
    };
    let start = program.decision_nodes[from.0];
    // The decision's own condition is not part of the product: at run time its branch
    // distance is measured exactly by its hook, whatever symtest can follow of it. It still
    // prunes the paths that contradict it.
    let mut state = State::default();
    state.constrain(program, from.0, from.1);
    state.assumed = std::mem::take(&mut state.kept);
    state.dropped = 0;
    for &(next, label) in graph.succs(start) {
        if label == Some(from.1) {
            walker.walk(next, state.clone(), 0);
        }
    }
    let mut products: Vec<Product> = walker.paths.into_iter().filter_map(State::finish).collect();
    products.dedup();
    products.truncate(MAX_PRODUCTS);
    products
}

/// Symbolic state along one path.
#[derive(Clone, Debug, Default)]
struct State {
    /// Conditions known to hold that are not part of the product (the start's own).
    assumed: Vec<Cond>,
    values: BTreeMap<String, Sym>,
    destroyed: BTreeSet<String>,
    kept: Vec<Cond>,
    dropped: u32,
    /// Loop iterations so far on this path, by loop index.
    iterations: BTreeMap<usize, u32>,
}

impl State {
    fn assign(&mut self, name: &str, value: &Sym) {
        let value = value.substitute(&self.values).simplify();
        let mut used = BTreeSet::new();
        value.vars(&mut used);
        if used.iter().any(|v| self.destroyed.contains(v)) {
            self.destroyed.insert(name.to_string());
        } else {
            self.destroyed.remove(name);
        }
        self.values.insert(name.to_string(), value);
    }

    /// Adds decision `decision`'s condition for `outcome`, or counts it as dropped.
    fn constrain(&mut self, program: &Program, decision: usize, outcome: usize) {
        let Some(Some(cond)) = program.conditions.get(decision) else {
            self.dropped += 1;
            return;
        };
        let cond = if outcome == 0 {
            cond.clone()
        } else {
            cond.negate()
        };
        let cond = cond
            .map(&|sym| sym.substitute(&self.values).simplify())
            .sharpen();
        let mut used = BTreeSet::new();
        cond.vars(&mut used);
        if !cond.known() || used.iter().any(|v| self.destroyed.contains(v)) {
            self.dropped += 1;
        } else {
            self.kept.push(cond);
        }
    }

    /// The product, or `None` when its conditions contradict each other.
    fn finish(self) -> Option<Product> {
        let all: Vec<Cond> = self.assumed.iter().chain(&self.kept).cloned().collect();
        if contradicts(&all) {
            return None;
        }
        Some(Product {
            conditions: self.kept,
            approximation_level: self.dropped,
        })
    }
}

struct Walker<'g> {
    graph: &'g Graph,
    program: &'g Program,
    target: (usize, usize),
    k: u32,
    paths: Vec<State>,
}

impl Walker<'_> {
    fn walk(&mut self, node: NodeId, mut state: State, depth: usize) {
        if self.paths.len() >= MAX_PRODUCTS * 4 || depth > 400 {
            return;
        }
        if !self.enter(node, &mut state) {
            return;
        }
        for (name, value) in self
            .program
            .effects
            .get(&node)
            .map(Vec::as_slice)
            .unwrap_or_default()
        {
            state.assign(name, value);
        }
        let decision = self.graph.decision_of(node);
        if decision == Some(self.target.0) {
            let mut state = state;
            state.constrain(self.program, self.target.0, self.target.1);
            self.paths.push(state);
            return;
        }
        for &(next, label) in self.graph.succs(node) {
            let mut next_state = state.clone();
            if let (Some(decision), Some(outcome)) = (decision, label) {
                next_state.constrain(self.program, decision, outcome);
            }
            self.walk(next, next_state, depth + 1);
        }
    }

    /// Loop bookkeeping on arriving at `node`: counts iterations at loop heads, destroys what
    /// a loop defines when a path leaves it after `k` iterations, and refuses the (k+1)-th.
    fn enter(&mut self, node: NodeId, state: &mut State) -> bool {
        for (index, (head, body)) in self.program.loops.iter().enumerate() {
            let inside = body.contains(&node);
            let seen = state.iterations.get(&index).copied();
            match (seen, inside) {
                (None, true) if node == *head => {
                    state.iterations.insert(index, 0);
                    if self.k == 0 {
                        self.destroy(index, state);
                    }
                }
                // Back at the head after another iteration: after the k-th, what the loop
                // defines is destroyed (the `d` of `aᵏ·d`); a (k+1)-th is not followed.
                (Some(count), true) if node == *head => {
                    let done = count + 1;
                    if done > self.k {
                        return false;
                    }
                    state.iterations.insert(index, done);
                    if done == self.k {
                        self.destroy(index, state);
                    }
                }
                (Some(_), false) => {
                    state.iterations.remove(&index);
                }
                _ => {}
            }
        }
        true
    }

    /// Marks every local the loop's body assigns as destroyed: its value is no longer known,
    /// so conditions using it are dropped (and counted) from here on.
    fn destroy(&self, index: usize, state: &mut State) {
        let (_, body) = &self.program.loops[index];
        for node in body {
            for (name, _) in self
                .program
                .effects
                .get(node)
                .map(Vec::as_slice)
                .unwrap_or_default()
            {
                state.destroyed.insert(name.clone());
                state.values.insert(name.clone(), Sym::Unknown);
            }
        }
    }
}

/// Whether constant conditions are false, or two conditions on the same unmodified local and
/// integer constants leave no value for it (`n <= 0` and `0 < n`).
fn contradicts(conditions: &[Cond]) -> bool {
    let mut ranges: BTreeMap<&str, (i128, i128)> = BTreeMap::new();
    for cond in conditions {
        let Cond::Cmp(op, l, r) = cond else { continue };
        let (var, op, constant) = match (l, r) {
            (Sym::Int(a), Sym::Int(b)) => {
                if !op.holds(a.cmp(b)) {
                    return true;
                }
                continue;
            }
            (Sym::Var(v), Sym::Int(c)) => (v.as_str(), *op, *c),
            (Sym::Int(c), Sym::Var(v)) => (v.as_str(), flip(*op), *c),
            _ => continue,
        };
        let range = ranges.entry(var).or_insert((i128::MIN, i128::MAX));
        match op {
            Cmp::Eq => *range = (range.0.max(constant), range.1.min(constant)),
            Cmp::Lt => range.1 = range.1.min(constant.saturating_sub(1)),
            Cmp::Le => range.1 = range.1.min(constant),
            Cmp::Gt => range.0 = range.0.max(constant.saturating_add(1)),
            Cmp::Ge => range.0 = range.0.max(constant),
            Cmp::Ne => {}
        }
        if range.0 > range.1 {
            return true;
        }
    }
    false
}

/// `c op x` as `x op' c`.
fn flip(op: Cmp) -> Cmp {
    match op {
        Cmp::Lt => Cmp::Gt,
        Cmp::Le => Cmp::Ge,
        Cmp::Gt => Cmp::Lt,
        Cmp::Ge => Cmp::Le,
        other => other,
    }
}

#[cfg(test)]
mod tests;
