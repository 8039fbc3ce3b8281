//! The control-flow graph of a function body and what symtest derives from it: post-dominators,
//! control dependence of every decision on branch outcomes, and natural loops.

use std::collections::BTreeSet;

pub type NodeId = usize;

/// The node every execution starts at.
pub const ENTRY: NodeId = 0;
/// The node every execution ends at: normal return, `?` error return or panic.
pub const EXIT: NodeId = 1;

/// A branch outcome: decision `decision` took outcome `outcome`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Outcome {
    pub decision: usize,
    pub outcome: usize,
}

#[derive(Clone, Debug, Default)]
pub struct Graph {
    /// Decision id of each node, `None` for nodes that do not branch.
    decision_of: Vec<Option<usize>>,
    /// Successors of each node, with the outcome label for edges leaving a decision.
    succs: Vec<Vec<(NodeId, Option<usize>)>>,
}

impl Graph {
    pub fn new() -> Self {
        let mut graph = Graph::default();
        graph.add_node(None); // ENTRY
        graph.add_node(None); // EXIT
        graph
    }

    pub fn add_node(&mut self, decision: Option<usize>) -> NodeId {
        self.decision_of.push(decision);
        self.succs.push(Vec::new());
        self.succs.len() - 1
    }

    pub fn add_edge(&mut self, from: NodeId, to: NodeId, outcome: Option<usize>) {
        if !self.succs[from].contains(&(to, outcome)) {
            self.succs[from].push((to, outcome));
        }
    }

    pub fn len(&self) -> usize {
        self.succs.len()
    }

    pub fn decision_of(&self, node: NodeId) -> Option<usize> {
        self.decision_of[node]
    }

    pub fn succs(&self, node: NodeId) -> &[(NodeId, Option<usize>)] {
        &self.succs[node]
    }

    /// For each of `targets`, which nodes have a path to it (itself included).
    pub fn reaching(&self, targets: &[NodeId]) -> Vec<Vec<bool>> {
        let preds = self.preds();
        targets
            .iter()
            .map(|&target| {
                let mut reaches = vec![false; self.len()];
                reaches[target] = true;
                let mut stack = vec![target];
                while let Some(node) = stack.pop() {
                    for &pred in &preds[node] {
                        if !reaches[pred] {
                            reaches[pred] = true;
                            stack.push(pred);
                        }
                    }
                }
                reaches
            })
            .collect()
    }

    fn preds(&self) -> Vec<Vec<NodeId>> {
        let mut preds = vec![Vec::new(); self.len()];
        for (from, succs) in self.succs.iter().enumerate() {
            for &(to, _) in succs {
                preds[to].push(from);
            }
        }
        preds
    }

    /// Nodes reachable from `start` following `next`.
    fn reachable(&self, start: NodeId, next: &[Vec<NodeId>]) -> Vec<bool> {
        let mut seen = vec![false; self.len()];
        let mut stack = vec![start];
        while let Some(node) = stack.pop() {
            if !std::mem::replace(&mut seen[node], true) {
                stack.extend(next[node].iter().copied());
            }
        }
        seen
    }

    /// Nodes reachable from `start` along the edges (itself included).
    pub fn reachable_from(&self, start: NodeId) -> Vec<bool> {
        self.reachable(start, &self.succ_lists())
    }

    fn succ_lists(&self) -> Vec<Vec<NodeId>> {
        self.succs
            .iter()
            .map(|succs| succs.iter().map(|&(to, _)| to).collect())
            .collect()
    }

    /// Immediate post-dominator of every node (`None` for EXIT and for unreachable nodes).
    ///
    /// Nodes that cannot reach EXIT (the inside of `loop {}` without `break`) get a virtual edge
    /// to EXIT first, the usual convention that keeps post-dominance defined everywhere.
    pub fn post_dominators(&self) -> Vec<Option<NodeId>> {
        let mut succs = self.succ_lists();
        let mut preds = self.preds();
        let forward = self.reachable(ENTRY, &succs);
        loop {
            let reaches_exit = self.reachable(EXIT, &preds);
            let Some(stuck) = (0..self.len()).find(|&n| forward[n] && !reaches_exit[n]) else {
                break;
            };
            succs[stuck].push(EXIT);
            preds[EXIT].push(stuck);
        }
        // Cooper–Harvey–Kennedy on the reverse graph: order nodes by reverse post-order of the
        // reverse graph, then iterate intersections to a fixed point.
        let order = reverse_postorder(EXIT, &preds);
        let mut position = vec![usize::MAX; self.len()];
        for (index, &node) in order.iter().enumerate() {
            position[node] = index;
        }
        let mut ipdom: Vec<Option<NodeId>> = vec![None; self.len()];
        ipdom[EXIT] = Some(EXIT);
        let mut changed = true;
        while changed {
            changed = false;
            for &node in order.iter().skip(1) {
                let mut new = None;
                for &succ in &succs[node] {
                    if ipdom[succ].is_none() {
                        continue;
                    }
                    new = Some(match new {
                        None => succ,
                        Some(current) => intersect(current, succ, &ipdom, &position),
                    });
                }
                if new.is_some() && ipdom[node] != new {
                    ipdom[node] = new;
                    changed = true;
                }
            }
        }
        ipdom[EXIT] = None;
        ipdom
    }

    /// For every decision id (`0..decisions`), the branch outcomes it is directly control
    /// dependent on (Ferrante, Ottenstein & Warren): node `m` depends on edge `n →o s` when `m`
    /// post-dominates `s` but does not strictly post-dominate `n`.
    pub fn control_dependence(&self, decisions: usize) -> Vec<BTreeSet<Outcome>> {
        let ipdom = self.post_dominators();
        let mut deps = vec![BTreeSet::new(); decisions];
        for from in 0..self.len() {
            let Some(decision) = self.decision_of[from] else {
                continue;
            };
            for &(to, outcome) in &self.succs[from] {
                let Some(outcome) = outcome else { continue };
                let stop = ipdom[from];
                let mut node = Some(to);
                while let Some(current) = node {
                    if Some(current) == stop {
                        break;
                    }
                    if let Some(dependent) = self.decision_of[current] {
                        deps[dependent].insert(Outcome { decision, outcome });
                    }
                    node = ipdom[current];
                }
            }
        }
        deps
    }
}

fn intersect(mut a: NodeId, mut b: NodeId, ipdom: &[Option<NodeId>], position: &[usize]) -> NodeId {
    while a != b {
        while position[a] > position[b] {
            a = ipdom[a].unwrap_or(EXIT);
        }
        while position[b] > position[a] {
            b = ipdom[b].unwrap_or(EXIT);
        }
    }
    a
}

fn reverse_postorder(start: NodeId, next: &[Vec<NodeId>]) -> Vec<NodeId> {
    let mut visited = vec![false; next.len()];
    let mut postorder = Vec::new();
    let mut stack = vec![(start, 0usize)];
    visited[start] = true;
    while let Some((node, child)) = stack.pop() {
        if let Some(&succ) = next[node].get(child) {
            stack.push((node, child + 1));
            if !visited[succ] {
                visited[succ] = true;
                stack.push((succ, 0));
            }
        } else {
            postorder.push(node);
        }
    }
    postorder.reverse();
    postorder
}

#[cfg(test)]
mod tests {
    use super::*;

    fn outcome(decision: usize, outcome: usize) -> Outcome {
        Outcome { decision, outcome }
    }

    /// `if a { if b { X } } ; if c { Y }` with decisions a = 0, b = 1, c = 2.
    #[test]
    fn nested_decision_depends_on_its_parent_only() {
        let mut g = Graph::new();
        let a = g.add_node(Some(0));
        let b = g.add_node(Some(1));
        let x = g.add_node(None);
        let join = g.add_node(None);
        let c = g.add_node(Some(2));
        g.add_edge(ENTRY, a, None);
        g.add_edge(a, b, Some(0));
        g.add_edge(a, join, Some(1));
        g.add_edge(b, x, Some(0));
        g.add_edge(b, join, Some(1));
        g.add_edge(x, join, None);
        g.add_edge(join, c, None);
        g.add_edge(c, EXIT, Some(0));
        g.add_edge(c, EXIT, Some(1));
        let deps = g.control_dependence(3);
        assert!(deps[0].is_empty());
        assert_eq!(deps[1], BTreeSet::from([outcome(0, 0)]));
        assert!(deps[2].is_empty(), "c runs whatever a and b decide");
    }

    /// `if a { return } ; if c { Y }`: the early return makes c depend on a being false.
    #[test]
    fn early_return_makes_later_decision_control_dependent() {
        let mut g = Graph::new();
        let a = g.add_node(Some(0));
        let ret = g.add_node(None);
        let c = g.add_node(Some(1));
        g.add_edge(ENTRY, a, None);
        g.add_edge(a, ret, Some(0));
        g.add_edge(ret, EXIT, None);
        g.add_edge(a, c, Some(1));
        g.add_edge(c, EXIT, Some(0));
        g.add_edge(c, EXIT, Some(1));
        let deps = g.control_dependence(2);
        assert_eq!(deps[1], BTreeSet::from([outcome(0, 1)]));
    }

    /// `while w { if b { } }`: the loop body depends on w true, the head on itself.
    #[test]
    fn loop_head_depends_on_itself_and_body_on_head() {
        let mut g = Graph::new();
        let w = g.add_node(Some(0));
        let b = g.add_node(Some(1));
        let join = g.add_node(None);
        g.add_edge(ENTRY, w, None);
        g.add_edge(w, b, Some(0));
        g.add_edge(w, EXIT, Some(1));
        g.add_edge(b, join, Some(0));
        g.add_edge(b, join, Some(1));
        g.add_edge(join, w, None);
        let deps = g.control_dependence(2);
        assert_eq!(deps[0], BTreeSet::from([outcome(0, 0)]));
        assert_eq!(deps[1], BTreeSet::from([outcome(0, 0)]));
    }

    /// `loop { if b { break } }` has no path to EXIT except through the break.
    #[test]
    fn infinite_loop_without_exit_still_gets_post_dominators() {
        let mut g = Graph::new();
        let head = g.add_node(None);
        let b = g.add_node(Some(0));
        let spin = g.add_node(None);
        g.add_edge(ENTRY, head, None);
        g.add_edge(head, spin, None);
        g.add_edge(spin, spin, None);
        g.add_edge(ENTRY, b, None);
        g.add_edge(b, EXIT, Some(0));
        g.add_edge(b, head, Some(1));
        let ipdom = g.post_dominators();
        assert_eq!(ipdom[spin], Some(EXIT));
        let deps = g.control_dependence(1);
        assert!(deps[0].is_empty());
    }
}
