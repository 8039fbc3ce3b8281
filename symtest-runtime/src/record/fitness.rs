//! The fitness of an execution for a target branch: approach level plus the normalised branch
//! distance at the point where execution diverged from the target (standard), or plus the
//! normalised path distance from that point (enhanced, *Symbolic Search Based Testing* §III).

use crate::record::distance::normalize;
use crate::record::fields::Pair;
use crate::record::symbolic::{SymProduct, enhanced_distance};
use crate::record::trace::{Branch, FunctionMeta, Trace};

/// The fitness of one input for one target: lower is better, zero when the target is covered.
///
/// `value` is what the fitness formula computes (approach level + ν(distance)). `tie` carries a
/// finer measure with the same order, used only where `value` rounds equal: ν(d) = d/(d+1)
/// gives the same `f64` for d and d − 1 once d exceeds about 10^8, which would leave a search
/// on, say, a `u32` magic number without any sense of direction. Ordered by value, then tie.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Fitness {
    pub value: f64,
    pub tie: f64,
}

impl Fitness {
    pub const COVERED: Fitness = Fitness {
        value: 0.0,
        tie: 0.0,
    };
    pub const WORST: Fitness = Fitness {
        value: f64::INFINITY,
        tie: f64::INFINITY,
    };

    pub fn new(value: f64, tie: f64) -> Fitness {
        Fitness { value, tie }
    }

    pub fn is_covered(self) -> bool {
        self.value == 0.0
    }
}

impl From<f64> for Fitness {
    fn from(value: f64) -> Fitness {
        Fitness { value, tie: 0.0 }
    }
}

impl Eq for Fitness {}

impl PartialOrd for Fitness {
    fn partial_cmp(&self, other: &Fitness) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Fitness {
    fn cmp(&self, other: &Fitness) -> std::cmp::Ordering {
        self.value
            .total_cmp(&other.value)
            .then(self.tie.total_cmp(&other.tie))
    }
}

/// What the fitness of one target needs from the static branch table: every branch on a
/// control-dependence path to the target with its approach level (the target itself at 0).
#[derive(Clone, Debug)]
pub struct TargetPlan {
    /// The branch to cover (for a boundary target, the branch whose boundary it is).
    pub target: Branch,
    /// The target is the branch's boundary (see [`super::boundary`]): covered when an
    /// execution takes the branch on its boundary.
    pub boundary: bool,
    /// `(branch, approach level)`, each branch once, with its smallest level.
    pub levels: Vec<(Branch, u32)>,
    /// For the enhanced fitness: the path conditions from each branch in `levels` (same
    /// order) to the target, where `#[symtest]` computed any.
    pub paths: Vec<Option<&'static [SymProduct]>>,
    /// For a (field, class) pair of field coverage, the pair (see [`super::fields`]).
    pub field: Option<Pair>,
}

impl TargetPlan {
    /// Walks control dependence backwards from `target`, breadth first, so each branch gets
    /// the number of control-dependent decisions between it and the target.
    pub fn new(meta: &FunctionMeta, target: Branch) -> Self {
        let boundary = super::boundary::is_boundary(target);
        let target = super::boundary::branch_of(target);
        let mut levels = vec![(target, 0)];
        let mut frontier = vec![target.decision];
        let mut seen_decisions = vec![target.decision];
        let mut level = 0;
        while !frontier.is_empty() {
            level += 1;
            let mut next = Vec::new();
            for decision in frontier {
                let Some(decision_meta) = meta.decisions.get(decision as usize) else {
                    continue;
                };
                for &(parent, outcome) in decision_meta.control {
                    let branch = Branch {
                        decision: parent,
                        outcome,
                    };
                    if levels.iter().all(|(known, _)| *known != branch) {
                        levels.push((branch, level));
                    }
                    if !seen_decisions.contains(&parent) {
                        seen_decisions.push(parent);
                        next.push(parent);
                    }
                }
            }
            frontier = next;
        }
        TargetPlan {
            target,
            boundary,
            levels,
            paths: Vec::new(),
            field: None,
        }
    }

    /// What the plan is for, as the search reports it: the boundary itself for a boundary.
    pub fn goal(&self) -> Branch {
        match self.boundary {
            true => super::boundary::boundary_of(self.target),
            false => self.target,
        }
    }

    /// The plan for a (field, class) pair: no branch leads to it, the fitness is the field's.
    pub fn field(goal: Pair) -> Self {
        TargetPlan {
            target: goal.branch(),
            boundary: false,
            levels: Vec::new(),
            paths: Vec::new(),
            field: Some(goal),
        }
    }

    /// The plan for the enhanced fitness: the same levels, with path conditions attached.
    pub fn enhanced(meta: &'static FunctionMeta, target: Branch) -> Self {
        let mut plan = TargetPlan::new(meta, target);
        let from = meta
            .symbolic
            .targets()
            .iter()
            .find(|paths| paths.decision == target.decision && paths.outcome == target.outcome)
            .map_or(&[][..], |paths| &paths.from);
        plan.paths = plan
            .levels
            .iter()
            .map(|(branch, _)| {
                from.iter()
                    .find(|p| p.decision == branch.decision && p.outcome == branch.outcome)
                    .map(|p| p.products.as_slice())
            })
            .collect();
        plan
    }

    fn max_level(&self) -> u32 {
        self.levels
            .iter()
            .map(|(_, level)| *level)
            .max()
            .unwrap_or(0)
    }

    /// `approach level + ν(branch distance)` at the closest executed decision; zero when the
    /// execution covered the target; worse than any executed decision when none ran. The raw
    /// distance at that decision breaks ties that rounding creates (see [`Fitness`]).
    pub fn fitness(&self, trace: &Trace) -> Fitness {
        if let Some(goal) = &self.field {
            return trace
                .fields
                .as_ref()
                .map_or(Fitness::WORST, |log| super::fields::fitness(log, goal));
        }
        if super::path::is_path(self.target) {
            return trace.path.as_ref().map_or(Fitness::WORST, |log| {
                super::path::fitness(log, self.target.outcome)
            });
        }
        if !self.boundary {
            return self.branch_fitness(trace);
        }
        // A boundary: how near the branch came to it once taken, ranked before any execution
        // that did not take the branch (whose fitness is the branch's, plus one).
        if trace.covers(self.target) {
            let near = trace.near(self.target);
            if near == 0.0 {
                return Fitness::COVERED;
            }
            return Fitness::new(normalize(near), near);
        }
        let branch = self.branch_fitness(trace);
        Fitness::new(branch.value + 1.0, branch.tie)
    }

    /// The fitness for covering the branch [`target`](Self::target).
    fn branch_fitness(&self, trace: &Trace) -> Fitness {
        if trace.covers(self.target) {
            return Fitness::COVERED;
        }
        let mut best = Fitness::new(f64::from(self.max_level()) + 2.0, f64::INFINITY);
        for (index, &(branch, level)) in self.levels.iter().enumerate() {
            let Some(decision) = trace.decision(branch.decision) else {
                continue;
            };
            if !decision.executed() {
                continue;
            }
            let distance = decision
                .distances
                .get(branch.outcome as usize)
                .copied()
                .unwrap_or(f64::INFINITY);
            // Enhanced: the path distance from here, evaluated on the locals snapshotted when
            // this decision last ran, replaces the branch distance where it can be computed.
            let path = self
                .paths
                .get(index)
                .copied()
                .flatten()
                .and_then(|products| {
                    let values = trace.snapshots.get(branch.decision as usize)?;
                    if values.is_empty() || distance == 0.0 {
                        return None;
                    }
                    enhanced_distance(products, values)
                });
            // eff = ν(this decision's measured distance) + the best path's own part.
            let candidate = match path {
                Some((rest, raw)) => {
                    let eff = normalize(distance) + rest;
                    Fitness::new(f64::from(level) + normalize(eff), distance + raw)
                }
                None => Fitness::new(f64::from(level) + normalize(distance), distance),
            };
            best = best.min(candidate);
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::trace::DecisionMeta;

    /// `if x > 0 { if y > 0 { if z == x { target } } }`, decisions 0, 1, 2.
    static NESTED: FunctionMeta = FunctionMeta {
        name: "nested",
        module_path: "demo",
        file: "src/lib.rs",
        line: 1,
        params: &["x", "y", "z"],
        returns: "()",
        decisions: &[
            DecisionMeta {
                kind: "if",
                line: 2,
                column: 8,
                text: "x > 0",
                outcomes: &["true", "false"],
                control: &[],
                snapshot: &[],
                compiled: &[],
            },
            DecisionMeta {
                kind: "if",
                line: 3,
                column: 12,
                text: "y > 0",
                outcomes: &["true", "false"],
                control: &[(0, 0)],
                snapshot: &[],
                compiled: &[],
            },
            DecisionMeta {
                kind: "if",
                line: 4,
                column: 16,
                text: "z == x",
                outcomes: &["true", "false"],
                control: &[(1, 0)],
                snapshot: &[],
                compiled: &[],
            },
        ],
        loops: &[],
        symbolic: crate::record::symbolic::PathTable::new(""),
        paths: crate::record::path::Paths::new(""),
        shadow: crate::record::templates::ShadowMeta::NONE,
        members: &[],
    };

    fn trace(decisions: &[Option<(u32, f64)>]) -> Trace {
        // Each entry: the outcome taken and the distance to the other outcome.
        let decisions: Vec<(Vec<u32>, Vec<f64>)> = decisions
            .iter()
            .map(|d| match d {
                None => (vec![0, 0], vec![f64::INFINITY; 2]),
                Some((taken, other)) => {
                    let mut hits = vec![0, 0];
                    hits[*taken as usize] = 1;
                    let mut distances = vec![*other, *other];
                    distances[*taken as usize] = 0.0;
                    (hits, distances)
                }
            })
            .collect();
        Trace::of_decisions(&decisions)
    }

    #[test]
    fn approach_levels_count_control_dependent_decisions() {
        let plan = TargetPlan::new(
            &NESTED,
            Branch {
                decision: 2,
                outcome: 0,
            },
        );
        let levels: Vec<(u32, u32, u32)> = plan
            .levels
            .iter()
            .map(|(b, level)| (b.decision, b.outcome, *level))
            .collect();
        assert_eq!(levels, vec![(2, 0, 0), (1, 0, 1), (0, 0, 2)]);
    }

    #[test]
    fn fitness_is_approach_level_plus_normalised_distance_at_divergence() {
        let plan = TargetPlan::new(
            &NESTED,
            Branch {
                decision: 2,
                outcome: 0,
            },
        );
        // Diverged at the outermost decision, 4 away from x > 0 being true.
        let fitness = |t: Trace| plan.fitness(&t).value;
        let outer = fitness(trace(&[Some((1, 4.0)), None, None]));
        assert!((outer - (2.0 + 4.0 / 5.0)).abs() < 1e-12, "{outer}");
        // Diverged at the middle decision, distance 1.
        let middle = fitness(trace(&[Some((0, 1.0)), Some((1, 1.0)), None]));
        assert!((middle - 1.5).abs() < 1e-12, "{middle}");
        // Reached the target decision, wrong way by 9.
        let inner = fitness(trace(&[Some((0, 1.0)), Some((0, 1.0)), Some((1, 9.0))]));
        assert!((inner - 0.9).abs() < 1e-12, "{inner}");
        let covered = fitness(trace(&[Some((0, 1.0)), Some((0, 1.0)), Some((0, 1.0))]));
        assert_eq!(covered, 0.0);
        assert!(covered < inner && inner < middle && middle < outer);
    }

    #[test]
    fn an_execution_that_reached_no_decision_is_worst() {
        let plan = TargetPlan::new(
            &NESTED,
            Branch {
                decision: 2,
                outcome: 0,
            },
        );
        assert_eq!(plan.fitness(&trace(&[None, None, None])).value, 4.0);
    }

    #[test]
    fn raw_distance_orders_inputs_whose_normalised_distances_round_equal() {
        let plan = TargetPlan::new(
            &NESTED,
            Branch {
                decision: 2,
                outcome: 0,
            },
        );
        let far = plan.fitness(&trace(&[Some((0, 1.0)), Some((0, 1.0)), Some((1, 3e9))]));
        let nearer = plan.fitness(&trace(&[
            Some((0, 1.0)),
            Some((0, 1.0)),
            Some((1, 3e9 - 1.0)),
        ]));
        assert_eq!(far.value, nearer.value, "ν rounds both to the same f64");
        assert!(nearer < far);
    }
}
