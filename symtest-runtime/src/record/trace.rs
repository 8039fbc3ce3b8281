//! The static branch table of an instrumented function, and the trace of one execution: which
//! outcomes each decision took and how far it was from the others.

use serde::Serialize;

use super::fields::{self, FieldLog};
use super::path::{self, PathLog};

/// What `#[symtest]` knows statically about one function; emitted as a `static` next to it.
#[derive(Debug, Serialize)]
pub struct FunctionMeta {
    pub name: &'static str,
    pub module_path: &'static str,
    pub file: &'static str,
    pub line: u32,
    /// Parameter patterns as written, for reports and generated tests.
    pub params: &'static [&'static str],
    /// The return type as written (`()` when there is none).
    pub returns: &'static str,
    /// Decisions, indexed by their id.
    pub decisions: &'static [DecisionMeta],
    pub loops: &'static [LoopMeta],
    /// Path conditions for the enhanced fitness, one entry per branch that has any.
    #[serde(skip)]
    pub symbolic: crate::record::symbolic::PathTable,
    /// The paths of the body, for the path criterion.
    #[serde(skip)]
    pub paths: crate::record::path::Paths,
    /// Shadow templates for concolic execution and the literals of the body.
    #[serde(skip)]
    pub shadow: super::templates::ShadowMeta,
    /// For the branch table of a whole impl block (see [`combine`](super::combine)): the
    /// tables of its functions and where each one's decisions start in this one. Empty for
    /// one function's table.
    #[serde(skip)]
    pub members: &'static [Member],
}

/// One function of a combined branch table: its own table, the id its first decision has in
/// the combined one, and whether it is a callee (see
/// [`with_callees`](super::combine::with_callees)) rather than the function or a method of the
/// block searched.
#[derive(Debug)]
pub struct Member {
    pub meta: &'static FunctionMeta,
    pub offset: u32,
    pub callee: bool,
    /// A callee searched on its own in the run, after every other member: its decisions are
    /// recorded, so its branches are on the path symbolic execution negates along, but they
    /// are no targets of this search and no report names them (see
    /// [`FunctionMeta::target_decisions`]).
    pub path: bool,
}

impl FunctionMeta {
    /// The table of a function symtest does not instrument (it skips it): where it is, and
    /// no decisions.
    pub const fn bare(
        name: &'static str,
        module_path: &'static str,
        file: &'static str,
        line: u32,
    ) -> FunctionMeta {
        FunctionMeta {
            name,
            module_path,
            file,
            line,
            params: &[],
            returns: "()",
            decisions: &[],
            loops: &[],
            symbolic: crate::record::symbolic::PathTable::new(""),
            paths: crate::record::path::Paths::new(""),
            shadow: super::templates::ShadowMeta::NONE,
            members: &[],
        }
    }

    /// The listed paths of the body (see [`path`]).
    pub fn listed_paths(&self) -> &path::Listed {
        self.paths.listed(self.loops)
    }

    /// `crate::module::name`.
    pub fn path(&self) -> String {
        format!("{}::{}", self.module_path, self.name)
    }

    /// Whether `decision` records the class of the returned value (an output target, after
    /// the branches) rather than a decision of the code.
    pub fn is_output(&self, decision: u32) -> bool {
        self.decisions
            .get(decision as usize)
            .is_some_and(|d| d.kind == OUTPUT_KIND)
    }

    /// Every branch (decision outcome) of the function, in id order, the output classes last
    /// (see [`is_output`](Self::is_output)): the targets of a search.
    pub fn branches(&self) -> impl Iterator<Item = Branch> + '_ {
        self.target_decision_metas()
            .iter()
            .enumerate()
            .flat_map(|(decision, meta)| {
                (0..meta.outcomes.len())
                    .filter(|&outcome| meta.compiled(outcome))
                    .map(move |outcome| Branch {
                        decision: decision as u32,
                        outcome: outcome as u32,
                    })
            })
    }
}

/// The kind of the decision that records the class of the returned value (`true`/`false`,
/// `Some`/`None`, …), which `#[symtest]` adds after the function's own.
pub const OUTPUT_KIND: &str = "returns";

/// A decision: a point where execution takes one of several outcomes.
#[derive(Debug, Serialize)]
pub struct DecisionMeta {
    /// The syntax it comes from: `if`, `while`, `match`, `for`, `?`, …
    pub kind: &'static str,
    pub line: u32,
    pub column: u32,
    /// The predicate or pattern as written.
    pub text: &'static str,
    /// A name for each outcome (`true`/`false`, the arm patterns of a `match`, …).
    pub outcomes: &'static [&'static str],
    /// The branches (decision, outcome) this decision is directly control dependent on; empty
    /// when it runs whenever the function runs.
    pub control: &'static [(u32, u32)],
    /// Locals snapshotted when the decision runs, for the path conditions that start here.
    pub snapshot: &'static [&'static str],
    /// Whether each outcome is compiled in (a `match` arm under `#[cfg(..)]` may not be); empty
    /// when all are. An outcome that is not compiled in is no branch.
    pub compiled: &'static [bool],
}

impl DecisionMeta {
    /// Whether `outcome` is compiled into this build.
    pub fn compiled(&self, outcome: usize) -> bool {
        self.compiled.get(outcome).copied().unwrap_or(true)
    }
}

/// A loop and the decisions inside it.
#[derive(Debug, Serialize)]
pub struct LoopMeta {
    pub line: u32,
    /// The decision that controls iteration (`while`, `for`), if any.
    pub head: Option<u32>,
    pub decisions: &'static [u32],
}

/// One outcome of one decision: the unit of coverage and a search target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Branch {
    pub decision: u32,
    pub outcome: u32,
}

/// What one execution did at one decision: a view into its [`Trace`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DecisionTrace<'a> {
    /// How often each outcome was taken.
    pub hits: &'a [u32],
    /// The smallest distance to each outcome seen over all evaluations of the decision (0.0
    /// for outcomes taken; `f64::INFINITY` while the decision has not run).
    pub distances: &'a [f64],
}

impl DecisionTrace<'_> {
    pub fn executed(&self) -> bool {
        self.hits.iter().any(|&hits| hits > 0)
    }
}

/// The trace of one execution of a function.
///
/// The outcomes of all decisions lie in two flat arrays, decision after decision: a search
/// resets and fills a trace millions of times, and one array is cheaper to clear and to reach
/// than one per decision.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    /// How often each outcome was taken.
    hits: Vec<u32>,
    /// The smallest distance to each outcome seen so far (see [`DecisionTrace::distances`]).
    distances: Vec<f64>,
    /// For each outcome taken, how far from its boundary it came (`|miss − K|`, see
    /// [`super::boundary`]); `f64::INFINITY` while not taken.
    near: Vec<f64>,
    /// Which outcomes have a boundary (of comparisons only).
    bounded: Vec<bool>,
    /// Where each decision's outcomes start in `hits` and `distances`, and where the last ends.
    starts: Vec<u32>,
    /// The function the layout was made for (its address), so a reset knows it still fits.
    layout_of: usize,
    /// The locals each decision snapshotted the last time it ran (see
    /// [`DecisionMeta::snapshot`]); empty when it did not run or snapshots nothing.
    pub snapshots: Vec<Vec<Option<crate::record::symbolic::Num>>>,
    /// Hooks and loop iterations counted against the step budget.
    pub steps: u64,
    /// The path the execution takes, when the path criterion records it.
    pub path: Option<Box<PathLog>>,
    /// The fields the value under test took, when field coverage observes them.
    pub fields: Option<Box<FieldLog>>,
}

impl Trace {
    /// A trace of no function, as a recorder holds between executions.
    pub const EMPTY: Trace = Trace {
        hits: Vec::new(),
        distances: Vec::new(),
        near: Vec::new(),
        bounded: Vec::new(),
        starts: Vec::new(),
        layout_of: 0,
        snapshots: Vec::new(),
        steps: 0,
        path: None,
        fields: None,
    };

    pub fn new(meta: &'static FunctionMeta) -> Self {
        let mut starts = Vec::with_capacity(meta.decisions.len() + 1);
        let mut outcomes = 0u32;
        starts.push(0);
        for decision in meta.decisions {
            outcomes += decision.outcomes.len() as u32;
            starts.push(outcomes);
        }
        let bounded = meta
            .decisions
            .iter()
            .flat_map(|decision| {
                let bounded = decision.has_boundary();
                (0..decision.outcomes.len()).map(move |_| bounded)
            })
            .collect();
        Trace {
            hits: vec![0; outcomes as usize],
            distances: vec![f64::INFINITY; outcomes as usize],
            near: vec![f64::INFINITY; outcomes as usize],
            bounded,
            starts,
            layout_of: std::ptr::from_ref(meta) as usize,
            snapshots: vec![Vec::new(); meta.decisions.len()],
            steps: 0,
            path: PathLog::of(meta),
            fields: FieldLog::of(),
        }
    }

    /// A trace that records the path taken and the fields observed even when their criteria
    /// are off: the chosen tests report their paths and fields under every criterion.
    pub fn measured(meta: &'static FunctionMeta) -> Self {
        let mut trace = Trace::new(meta);
        if trace.path.is_none() {
            trace.path = PathLog::forced(meta);
        }
        trace.fields.get_or_insert_with(Box::default);
        trace
    }

    /// A trace of decisions with the given (hits, distances) per outcome, as tests build them.
    pub fn of_decisions(decisions: &[(Vec<u32>, Vec<f64>)]) -> Self {
        let mut trace = Trace {
            starts: vec![0],
            snapshots: vec![Vec::new(); decisions.len()],
            ..Trace::default()
        };
        for (hits, distances) in decisions {
            assert_eq!(hits.len(), distances.len(), "one distance per outcome");
            trace.hits.extend_from_slice(hits);
            trace.distances.extend_from_slice(distances);
            trace.near.extend(hits.iter().map(|_| f64::INFINITY));
            trace.bounded.extend(hits.iter().map(|_| false));
            trace.starts.push(trace.hits.len() as u32);
        }
        trace
    }

    /// Back to the state before any execution, keeping the allocations.
    pub(super) fn reset(&mut self, meta: &'static FunctionMeta) {
        if self.layout_of != std::ptr::from_ref(meta) as usize {
            *self = Trace::new(meta);
            return;
        }
        self.hits.fill(0);
        self.distances.fill(f64::INFINITY);
        self.near.fill(f64::INFINITY);
        for snapshot in &mut self.snapshots {
            snapshot.clear();
        }
        self.steps = 0;
        if let Some(path) = &mut self.path {
            path.reset();
        }
        if let Some(fields) = &mut self.fields {
            fields.reset();
        }
    }

    /// The execution ended: settles which listed path it took.
    pub(super) fn finish(&mut self) {
        if let Some(path) = &mut self.path {
            path.finish();
        }
    }

    /// An iteration of loop `index` started.
    pub(super) fn tick(&mut self, index: u32) {
        if let Some(path) = &mut self.path {
            path.tick(index);
        }
    }

    /// What the execution did at `decision`, if the function has it.
    pub fn decision(&self, decision: u32) -> Option<DecisionTrace<'_>> {
        let range = self.outcomes(decision)?;
        Some(DecisionTrace {
            hits: &self.hits[range.clone()],
            distances: &self.distances[range],
        })
    }

    /// Every decision, in id order.
    pub fn decisions(&self) -> impl Iterator<Item = DecisionTrace<'_>> + '_ {
        (0..self.starts.len().saturating_sub(1)).filter_map(|id| self.decision(id as u32))
    }

    /// Where `decision`'s outcomes lie in `hits` and `distances`.
    #[inline]
    fn outcomes(&self, decision: u32) -> Option<std::ops::Range<usize>> {
        let start = *self.starts.get(decision as usize)? as usize;
        let end = *self.starts.get(decision as usize + 1)? as usize;
        Some(start..end)
    }

    /// Whether the execution took `branch`, or reached it when it is a boundary.
    pub fn covers(&self, branch: Branch) -> bool {
        if path::is_path(branch) {
            return self.path.as_ref().and_then(|p| p.matched) == Some(branch.outcome);
        }
        if fields::is_field(branch) {
            return self.fields.as_ref().is_some_and(|f| f.covers(branch));
        }
        if super::boundary::is_boundary(branch) {
            let branch = super::boundary::branch_of(branch);
            return self.near(branch) == 0.0;
        }
        self.hits(branch) > 0
    }

    pub fn hits(&self, branch: Branch) -> u32 {
        self.decision(branch.decision)
            .and_then(|decision| decision.hits.get(branch.outcome as usize))
            .copied()
            .unwrap_or(0)
    }

    /// The branches this execution took, in id order, each decision's followed by the
    /// boundaries it reached (see [`super::boundary`]), then the path it took when the path
    /// criterion records paths (see [`path`]), then the (field, class) pairs when field
    /// coverage observes them (see [`fields`]).
    pub fn covered(&self) -> impl Iterator<Item = Branch> + '_ {
        let path = self.path.as_ref().and_then(|p| p.matched);
        self.starts
            .windows(2)
            .enumerate()
            .flat_map(move |(decision, bounds)| {
                let range = bounds[0] as usize..bounds[1] as usize;
                let branch = move |outcome: usize| Branch {
                    decision: decision as u32,
                    outcome: outcome as u32,
                };
                let taken = self.hits[range.clone()]
                    .iter()
                    .enumerate()
                    .filter(|(_, hits)| **hits > 0)
                    .map(move |(outcome, _)| branch(outcome));
                let start = range.start;
                let on_boundary = range
                    .filter(move |&at| self.bounded[at] && self.near[at] == 0.0)
                    .map(move |at| super::boundary::boundary_of(branch(at - start)));
                taken.chain(on_boundary)
            })
            .chain(path.map(path::path_branch))
            .chain(self.fields.iter().flat_map(|f| f.pairs()))
    }

    /// How far the execution came from `branch`'s boundary: 0 on it, `f64::INFINITY` when
    /// the branch was not taken.
    pub fn near(&self, branch: Branch) -> f64 {
        self.outcomes(branch.decision)
            .filter(|range| (branch.outcome as usize) < range.len())
            .map_or(f64::INFINITY, |range| {
                self.near[range.start + branch.outcome as usize]
            })
    }

    /// Records that `decision` took `taken`, with the distance to every other outcome.
    pub(super) fn record(
        &mut self,
        decision: u32,
        taken: usize,
        distance_to: impl Fn(usize) -> f64,
    ) {
        let Some(range) = self.outcomes(decision) else {
            return;
        };
        let start = range.start;
        for (outcome, distance) in self.distances[range.clone()].iter_mut().enumerate() {
            let new = if outcome == taken {
                0.0
            } else {
                distance_to(outcome)
            };
            if new < *distance {
                *distance = new;
            }
        }
        if let Some(path) = &mut self.path {
            path.decision(decision, taken, range.len(), &distance_to);
        }
        if taken < range.len() {
            let hits = &mut self.hits[start + taken];
            *hits = hits.saturating_add(1);
        }
    }

    /// [`record`](Self::record) for a two-way decision: `taken` (0 or 1), the other outcome
    /// at `miss`.
    #[inline]
    pub(super) fn record_two_way(&mut self, decision: u32, taken: usize, miss: f64) {
        let Some(range) = self.outcomes(decision) else {
            return;
        };
        if range.len() != 2 {
            return self.record(decision, taken, |_| miss);
        }
        let (taken_at, other_at) = (range.start + taken, range.start + (1 - taken));
        let near = (miss - super::distance::K).abs();
        if near < self.near[taken_at] {
            self.near[taken_at] = near;
        }
        self.distances[taken_at] = 0.0;
        if miss < self.distances[other_at] {
            self.distances[other_at] = miss;
        }
        self.hits[taken_at] = self.hits[taken_at].saturating_add(1);
        if let Some(path) = &mut self.path {
            path.decision(decision, taken, 2, |_| miss);
        }
    }

    /// The smallest distance to `outcome` of `decision`, lowered to `distance` if that is less.
    pub(super) fn lower_distance(&mut self, decision: u32, outcome: usize, distance: f64) {
        if let Some(range) = self.outcomes(decision)
            && outcome < range.len()
        {
            let current = &mut self.distances[range.start + outcome];
            if distance < *current {
                *current = distance;
            }
        }
    }

    /// How many outcomes `decision` has (0 if the function has no such decision).
    pub(super) fn outcome_count(&self, decision: u32) -> usize {
        self.outcomes(decision).map_or(0, |range| range.len())
    }
}
