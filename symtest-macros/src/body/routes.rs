//! The paths of a function for the path criterion (Sofokleous et al., *Symbolic execution for
//! dynamic, evolutionary test data generation*): every way through the body from its entry to
//! its end, as the sequence of branch outcomes it takes, with every loop run at most
//! [`ITERATIONS`] times. The runtime cuts the outcomes an execution records to match
//! (`symtest_runtime::record::path`): a loop that runs more keeps its first `ITERATIONS − 1`
//! iterations and its last, so executions and listed paths compare as sequences.
//!
//! The paths are emitted as one string literal, which rustc type-checks in no time:
//!
//! | word | meaning |
//! |---|---|
//! | `k<n>` | loops are cut after `n` iterations |
//! | `c` | the list was capped: the function has more paths than listed |
//! | `b<d>` | decision `d` belongs to the body (not to a closure or nested `fn`) |
//! | `l<parent>,<from>,<to>` | the next loop (in id order): the loop it is nested in (`-` for none) and the decisions of its head, `from..to` |
//! | `p` | a path follows, as words `<decision>,<outcome>` |

use std::collections::BTreeSet;

use crate::body::flow::{ENTRY, EXIT, NodeId};
use crate::body::lower::Lowering;
use crate::body::symbolic::State;

/// Iterations of a loop a path distinguishes: none, one, and two or more (the first and the
/// last), as boundary–interior path testing does.
pub const ITERATIONS: u32 = 2;

/// Paths listed per function at most; a function with more reports the cap.
pub const MAX_PATHS: usize = 128;

/// Graph nodes the walk may visit: paths multiply with branching, the walk must not.
const MAX_STEPS: usize = 200_000;

/// Nodes deep a path's conditions are followed symbolically, as the enhanced fitness's walks
/// are: past it, the path is listed unchecked.
const SYMBOLIC_DEPTH: usize = 400;

/// The listed paths of a function, and whether there were more.
#[derive(Debug, Default, PartialEq)]
pub struct Routes {
    pub paths: Vec<Vec<(usize, usize)>>,
    pub capped: bool,
}

/// Walks every path of the body of `lowering` (not its closures' or nested fns' regions),
/// leaving out those whose conditions contradict each other: the walk follows the locals
/// symbolically, as the enhanced fitness's does, and a path on which, say, `n > 0` follows
/// `n <= 0` with `n` unchanged is no path any input takes.
pub fn enumerate(lowering: &Lowering) -> Routes {
    let Some(&(start, _)) = lowering.graph.succs(ENTRY).first() else {
        return Routes::default();
    };
    let assigned = (lowering.loops.iter())
        .map(|looped| lowering.program.assigned(looped.nodes.clone()))
        .collect();
    let mut walk = Walk {
        lowering,
        assigned,
        found: BTreeSet::new(),
        events: Vec::new(),
        counts: vec![0; lowering.loops.len()],
        steps: MAX_STEPS,
        capped: false,
    };
    walk.walk(start);
    let mut paths: Vec<_> = walk.found.into_iter().collect();
    // Shortest first, so a cap keeps the simple paths.
    paths.sort_by(|a, b| a.len().cmp(&b.len()).then(a.cmp(b)));
    let capped = walk.capped || paths.len() > MAX_PATHS;
    paths.truncate(MAX_PATHS);
    Routes { paths, capped }
}

struct Walk<'l> {
    lowering: &'l Lowering,
    /// The locals each loop's nodes assign.
    assigned: Vec<BTreeSet<&'l str>>,
    found: BTreeSet<Vec<(usize, usize)>>,
    events: Vec<(usize, usize)>,
    /// Iterations of each loop since the path entered it.
    counts: Vec<u32>,
    steps: usize,
    capped: bool,
}

/// A node the walk is in, with what it restores when it leaves.
struct Frame {
    node: NodeId,
    /// The loop counts before the node was entered.
    saved: Vec<u32>,
    /// The next successor to follow.
    next: usize,
    /// The symbolic state after the node (none past [`SYMBOLIC_DEPTH`]).
    state: Option<Box<State>>,
    /// Whether following the current successor added an event.
    event: bool,
}

impl Walk<'_> {
    /// Follows every path from `start`, depth first. The path is a stack of frames on the
    /// heap, not recursion: paths run thousands of nodes deep.
    fn walk(&mut self, start: NodeId) {
        let lowering = self.lowering;
        // What the body changes through references, closures or methods is never known.
        let state = Box::new(State::tainted(lowering.escaped.clone()));
        let mut stack: Vec<Frame> = self.arrive(start, Some(state)).into_iter().collect();
        while let Some(frame) = stack.last_mut() {
            if std::mem::take(&mut frame.event) {
                self.events.pop();
            }
            let succs = lowering.graph.succs(frame.node);
            let Some(&(next, label)) = succs.get(frame.next) else {
                self.counts = std::mem::take(&mut frame.saved);
                stack.pop();
                continue;
            };
            frame.next += 1;
            // The last successor takes the state itself: straight-line code copies nothing.
            let mut state = match frame.next == succs.len() {
                true => frame.state.take(),
                false => frame.state.clone(),
            };
            let decision = lowering.graph.decision_of(frame.node);
            if let (Some(state), Some((decision, outcome))) = (&mut state, decision.zip(label)) {
                state.constrain(&lowering.program, decision, outcome);
                if state.contradicted() {
                    continue;
                }
            }
            // A failed guard's way on to a later arm is that arm taken.
            let arm = lowering.arm_starts.get(&next).copied();
            if let Some(event) = decision.zip(label).or(arm) {
                self.events.push(event);
                frame.event = true;
            }
            if stack.len() >= SYMBOLIC_DEPTH {
                state = None;
            }
            stack.extend(self.arrive(next, state));
        }
    }

    /// Arrives at `node` with the path's symbolic `state`: the frame to go on from, or none
    /// when the path ends here (at the exit, or a loop's iteration past [`ITERATIONS`]) or
    /// the walk is out of steps.
    fn arrive(&mut self, node: NodeId, mut state: Option<Box<State>>) -> Option<Frame> {
        if self.steps == 0 || self.found.len() > MAX_PATHS * 4 {
            self.capped = true;
            return None;
        }
        self.steps -= 1;
        let saved = self.counts.clone();
        if !self.enter(node, state.as_deref_mut()) {
            self.counts = saved;
            return None;
        }
        if node == EXIT {
            self.found.insert(self.events.clone());
            self.counts = saved;
            return None;
        }
        if let Some(state) = &mut state {
            state.run(&self.lowering.program, node);
        }
        Some(Frame {
            node,
            saved,
            next: 0,
            state,
            event: false,
        })
    }

    /// Loop bookkeeping on arriving at `node`: a loop the node is not in was left, and an
    /// iteration that starts here is counted (resetting the loops nested in it); false when
    /// it would be one more than [`ITERATIONS`]. The last iteration a path lists stands for
    /// every iteration after the first, so what the loop assigns is forgotten when it starts.
    fn enter(&mut self, node: NodeId, mut state: Option<&mut State>) -> bool {
        let loops = &self.lowering.loops;
        for (index, looped) in loops.iter().enumerate() {
            if !looped.nodes.contains(&node) {
                self.counts[index] = 0;
            }
        }
        for (index, looped) in loops.iter().enumerate() {
            if looped.tick_node != Some(node) {
                continue;
            }
            for (inner, nested) in loops.iter().enumerate() {
                if inner != index && nests(loops, index, nested.parent) {
                    self.counts[inner] = 0;
                }
            }
            self.counts[index] += 1;
            if self.counts[index] > ITERATIONS {
                return false;
            }
            if let Some(state) = state.as_deref_mut()
                && self.counts[index] == ITERATIONS
            {
                state.forget(self.assigned[index].iter().copied());
            }
        }
        true
    }
}

/// Whether `parent` (a loop's parent) is `outer` or nested in it.
fn nests(loops: &[crate::body::lower::Loop], outer: usize, mut parent: Option<usize>) -> bool {
    while let Some(index) = parent {
        if index == outer {
            return true;
        }
        parent = loops[index].parent;
    }
    false
}

/// The decisions of the body: those the walk from the body's entry can reach.
fn body_decisions(lowering: &Lowering) -> Vec<usize> {
    let graph = &lowering.graph;
    let Some(&(start, _)) = graph.succs(ENTRY).first() else {
        return Vec::new();
    };
    let mut decisions: Vec<usize> = (graph.reachable_from(start).into_iter().enumerate())
        .filter(|&(_, reached)| reached)
        .filter_map(|(node, _)| graph.decision_of(node))
        .collect();
    decisions.sort_unstable();
    decisions
}

/// The text the runtime decodes (see the module's table).
pub fn text(lowering: &Lowering, routes: &Routes) -> String {
    let mut words = vec![format!("k{ITERATIONS}")];
    if routes.capped {
        words.push("c".into());
    }
    words.extend(body_decisions(lowering).iter().map(|d| format!("b{d}")));
    for looped in &lowering.loops {
        let parent = looped.parent.map_or("-".into(), |p| p.to_string());
        let from = looped.head.unwrap_or(looped.body_first);
        words.push(format!("l{parent},{from},{}", looped.body_first));
    }
    for path in &routes.paths {
        words.push("p".into());
        words.extend(path.iter().map(|(d, o)| format!("{d},{o}")));
    }
    words.join(" ")
}

#[cfg(test)]
mod tests;
