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
use std::rc::Rc;

use crate::body::flow::{Graph, NodeId};

mod sym;

pub use sym::{Cmp, Cond, MAX_NODES, Sym, arithmetic, relation};

/// The symbolic view of a function's CFG: what each node assigns, what each decision tests.
#[derive(Clone, Debug, Default)]
pub struct Program {
    /// Assignments of each node, in order: `(local, value)`; `Sym::Unknown` forgets a local.
    pub effects: BTreeMap<NodeId, Vec<(String, Rc<Sym>)>>,
    /// The condition of each decision's outcome 0, where it is a comparison or a boolean.
    pub conditions: Vec<Option<Cond>>,
    /// Node of each decision.
    pub decision_nodes: Vec<NodeId>,
    /// Loops: head node and the nodes of the body (the head included).
    pub loops: Vec<(NodeId, BTreeSet<NodeId>)>,
}

impl Program {
    /// The locals `nodes` assign.
    pub fn assigned(&self, nodes: impl IntoIterator<Item = NodeId>) -> BTreeSet<&str> {
        let effects = nodes.into_iter().filter_map(|node| self.effects.get(&node));
        effects.flatten().map(|(name, _)| name.as_str()).collect()
    }
}

/// One path's result: the conditions kept and how many were dropped.
#[derive(Clone, Debug, PartialEq)]
pub struct Product {
    pub conditions: Vec<Cond>,
    pub approximation_level: u32,
}

/// At most this many products per (decision, target): path counts explode with branching.
pub const MAX_PRODUCTS: usize = 64;

/// The path walk of one (decision, target) pair: its products and the nodes it visited.
#[derive(Debug)]
pub struct Walk {
    pub products: Vec<Product>,
    pub steps: usize,
}

/// What the path walks of one function share: its graph and program, the unrolling `k`, for
/// each node the loops it lies in, for each loop the locals its body assigns, and for each
/// decision the nodes that can reach it (a walk never enters a node that cannot).
pub struct Analysis<'g> {
    graph: &'g Graph,
    program: &'g Program,
    k: u32,
    loops_at: BTreeMap<NodeId, Vec<usize>>,
    defined_in: Vec<BTreeSet<&'g str>>,
    reaching: Vec<Vec<bool>>,
}

impl<'g> Analysis<'g> {
    pub fn new(graph: &'g Graph, program: &'g Program, k: u32) -> Self {
        let mut loops_at: BTreeMap<NodeId, Vec<usize>> = BTreeMap::new();
        let mut defined_in = Vec::new();
        for (index, (_, body)) in program.loops.iter().enumerate() {
            for node in body {
                loops_at.entry(*node).or_default().push(index);
            }
            defined_in.push(program.assigned(body.iter().copied()));
        }
        Analysis {
            graph,
            program,
            k,
            loops_at,
            defined_in,
            reaching: graph.reaching(&program.decision_nodes),
        }
    }

    /// Products of the paths from decision `from.0` taking outcome `from.1` to decision
    /// `target.0` taking `target.1`, with every loop unrolled at most `k` times, visiting at
    /// most `steps` nodes. The conditions start after `from`'s own, which the runtime measures
    /// directly. A walk cut short keeps the products found so far: the fitness takes the best
    /// of them, and a pair without products falls back to the standard fitness.
    pub fn products(&self, from: (usize, usize), target: (usize, usize), steps: usize) -> Walk {
        let (graph, program) = (self.graph, self.program);
        let mut walker = Walker {
            analysis: self,
            target,
            paths: Vec::new(),
            steps_left: steps,
        };
        let start = program.decision_nodes[from.0];
        // The decision's own condition is not part of the product: at run time its branch
        // distance is measured exactly by its hook, whatever symtest can follow of it. It
        // still prunes the paths that contradict it.
        let mut state = State::default();
        state.constrain(program, from.0, from.1);
        state.assumed = std::mem::take(&mut state.kept);
        state.dropped = 0;
        for &(next, label) in graph.succs(start) {
            if label == Some(from.1) {
                walker.walk(next, state.clone(), 0);
            }
        }
        let steps_left = walker.steps_left;
        let mut products: Vec<Product> =
            walker.paths.into_iter().filter_map(State::finish).collect();
        products.dedup();
        products.truncate(MAX_PRODUCTS);
        Walk {
            products,
            steps: steps - steps_left,
        }
    }
}

/// Symbolic state along one path.
#[derive(Clone, Debug, Default)]
pub(crate) struct State {
    /// Conditions known to hold that are not part of the product (the start's own).
    assumed: Vec<Cond>,
    values: BTreeMap<String, Rc<Sym>>,
    destroyed: BTreeSet<String>,
    kept: Vec<Cond>,
    dropped: u32,
    /// Loop iterations so far on this path, by loop index.
    iterations: BTreeMap<usize, u32>,
    /// Locals (as written) the body may change other than by assignment (see
    /// `crate::body::escapes`): never known, whatever is assigned to them.
    tainted: Rc<BTreeSet<String>>,
}

impl State {
    /// A state in which `names` (locals as written, of any scope) are never known.
    pub(crate) fn tainted(names: BTreeSet<String>) -> State {
        let mut state = State::default();
        state.forget(names.iter().map(String::as_str));
        state.tainted = Rc::new(names);
        state
    }

    /// Applies what `node` assigns.
    pub(crate) fn run(&mut self, program: &Program, node: NodeId) {
        for (name, value) in program
            .effects
            .get(&node)
            .map(Vec::as_slice)
            .unwrap_or_default()
        {
            self.assign(name, value);
        }
    }

    /// Forgets the values of `names`: conditions on them are dropped from here on (what a
    /// loop assigns, once its iterations are no longer followed one by one).
    pub(crate) fn forget<'n>(&mut self, names: impl IntoIterator<Item = &'n str>) {
        for name in names {
            self.destroyed.insert(name.to_string());
            self.values.insert(name.to_string(), Rc::new(Sym::Unknown));
        }
    }

    /// Whether the conditions so far leave no input that meets them all.
    pub(crate) fn contradicted(&self) -> bool {
        let all: Vec<Cond> = self.assumed.iter().chain(&self.kept).cloned().collect();
        contradicts(&all)
    }

    fn assign(&mut self, name: &str, value: &Rc<Sym>) {
        // Shadowed locals are `name#2`, `name#3`, …
        let written = name.split('#').next().unwrap_or(name);
        if self.tainted.contains(written) {
            self.forget([name]);
            return;
        }
        let mut value = sym::substitute(value, &self.values);
        if !value.fits(MAX_NODES) {
            // Too large to guide the search: unknown from here, like a value not followed.
            value = Rc::new(Sym::Unknown);
        }
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
    pub(crate) fn constrain(&mut self, program: &Program, decision: usize, outcome: usize) {
        let Some(Some(cond)) = program.conditions.get(decision) else {
            self.dropped += 1;
            return;
        };
        let cond = if outcome == 0 {
            cond.clone()
        } else {
            cond.negate()
        };
        let cond = cond.substitute(&self.values).sharpen();
        if !cond.known() || !cond.fits(2 * MAX_NODES) {
            self.dropped += 1;
            return;
        }
        let mut used = BTreeSet::new();
        cond.vars(&mut used);
        if used.iter().any(|v| self.destroyed.contains(v)) {
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

struct Walker<'a, 'g> {
    analysis: &'a Analysis<'g>,
    target: (usize, usize),
    paths: Vec<State>,
    /// Nodes the walk may still visit.
    steps_left: usize,
}

impl Walker<'_, '_> {
    fn walk(&mut self, node: NodeId, mut state: State, depth: usize) {
        if self.paths.len() >= MAX_PRODUCTS * 4
            || depth > 400
            || !self.analysis.reaching[self.target.0][node]
        {
            return;
        }
        if self.steps_left == 0 {
            return;
        }
        self.steps_left -= 1;
        if !self.enter(node, &mut state) {
            return;
        }
        let program = self.analysis.program;
        state.run(program, node);
        let decision = self.analysis.graph.decision_of(node);
        if decision == Some(self.target.0) {
            let mut state = state;
            state.constrain(program, self.target.0, self.target.1);
            self.paths.push(state);
            return;
        }
        // The last successor takes the state itself: straight-line code copies nothing.
        let Some((last, others)) = self.analysis.graph.succs(node).split_last() else {
            return;
        };
        for &edge in others {
            self.follow(edge, decision, state.clone(), depth);
        }
        self.follow(*last, decision, state, depth);
    }

    /// Walks on along `edge` out of a node, which is `decision`'s if it has one.
    fn follow(
        &mut self,
        (next, label): (NodeId, Option<usize>),
        decision: Option<usize>,
        mut state: State,
        depth: usize,
    ) {
        if let (Some(decision), Some(outcome)) = (decision, label) {
            state.constrain(self.analysis.program, decision, outcome);
        }
        self.walk(next, state, depth + 1);
    }

    /// Loop bookkeeping on arriving at `node`: counts iterations at loop heads, destroys what
    /// a loop defines when a path leaves it after `k` iterations, and refuses the (k+1)-th.
    fn enter(&mut self, node: NodeId, state: &mut State) -> bool {
        let analysis = self.analysis;
        let inside = analysis.loops_at.get(&node).map_or(&[][..], Vec::as_slice);
        state.iterations.retain(|index, _| inside.contains(index));
        for &index in inside {
            if node != analysis.program.loops[index].0 {
                continue;
            }
            let done = match state.iterations.get(&index) {
                None => 0,
                // Back at the head after another iteration: after the k-th, what the loop
                // defines is destroyed (the `d` of `aᵏ·d`); a (k+1)-th is not followed.
                Some(count) if count + 1 > analysis.k => return false,
                Some(count) => count + 1,
            };
            state.iterations.insert(index, done);
            if done == analysis.k {
                self.destroy(index, state);
            }
        }
        true
    }

    /// Marks every local the loop's body assigns as destroyed: its value is no longer known,
    /// so conditions using it are dropped (and counted) from here on.
    fn destroy(&self, index: usize, state: &mut State) {
        state.forget(self.analysis.defined_in[index].iter().copied());
    }
}

/// Whether constant conditions are false, or two conditions on the same unmodified local and
/// integer constants leave no value for it (`n <= 0` and `0 < n`).
fn contradicts(conditions: &[Cond]) -> bool {
    let mut ranges: BTreeMap<&str, (i128, i128)> = BTreeMap::new();
    for cond in conditions {
        let Cond::Cmp(op, l, r) = cond else { continue };
        let (var, op, constant) = match (&**l, &**r) {
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
