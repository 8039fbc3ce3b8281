//! The path criterion (Sofokleous et al., *Symbolic execution for dynamic, evolutionary test
//! data generation*): every path of a function, from its entry to its end, is a target.
//!
//! `#[symtest]` lists the paths as sequences of branch outcomes, every loop run at most `k`
//! times (see `symtest-macros/src/routes.rs` for the text it emits). An execution records its
//! sequence through a [`PathLog`], where a loop that runs more than `k` times keeps its first
//! k − 1 iterations and its last: each iteration after the k-th replaces the one before (its
//! head's outcomes included). So every way through the code maps to a listed path: a loop
//! left by `break` in its 10th iteration is the path whose k-th iteration breaks. The
//! execution then covers the listed path equal to its sequence, reported as the pseudo-branch
//! [`path_branch`] so the archive, suite selection and reports keep tests per path as they do
//! per branch.
//!
//! The fitness of an execution for a path (see [`fitness`]) is the paper's sum of the
//! distances of the path's conditions, normalised: 0 for each condition the execution
//! satisfied in order, ν(branch distance) for the first it did not, and 1 for each after it,
//! which it never reached.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use super::distance::normalize;
use super::fitness::Fitness;
use super::trace::{Branch, FunctionMeta, LoopMeta};

/// The decision id of the pseudo-branches that name paths: outcome `i` is listed path `i`.
pub const PATH: u32 = u32::MAX;

/// The pseudo-branch of listed path `index`.
pub fn path_branch(index: u32) -> Branch {
    Branch {
        decision: PATH,
        outcome: index,
    }
}

/// Whether `branch` names a path.
pub fn is_path(branch: Branch) -> bool {
    branch.decision == PATH
}

static ENABLED: AtomicBool = AtomicBool::new(false);

/// Switches path recording on for the traces made from now on (`--criterion path`).
pub fn enable(on: bool) {
    ENABLED.store(on, Ordering::Relaxed);
}

/// The listed paths of one function, as emitted, decoded on first use.
#[derive(Debug)]
pub struct Paths {
    text: &'static str,
    decoded: OnceLock<Listed>,
}

/// The decoded list.
#[derive(Debug, Default)]
pub struct Listed {
    /// Iterations a path distinguishes per loop.
    pub k: u32,
    /// The function has more paths than listed.
    pub capped: bool,
    pub paths: Vec<Box<[(u32, u32)]>>,
    index: HashMap<Box<[(u32, u32)]>, u32>,
    /// Per decision id, whether it belongs to the body (not a closure's, not an output class).
    body: Vec<bool>,
    loops: Vec<LoopShape>,
}

#[derive(Debug)]
struct LoopShape {
    parent: Option<usize>,
    /// The decisions of the loop's head.
    heads: Range<u32>,
    /// Per decision id, whether it lies in the loop.
    members: Vec<bool>,
}

impl Paths {
    /// The same list, undecoded: for a table that extends a function's (see
    /// `combine::with_callees`).
    pub const fn same(&self) -> Self {
        Paths::new(self.text)
    }

    /// The list in `text`; `""` for tables that list no paths (an impl block's combined one).
    pub const fn new(text: &'static str) -> Self {
        Paths {
            text,
            decoded: OnceLock::new(),
        }
    }

    /// The list, decoded with the function's loops. Text that does not decode (a macro and
    /// runtime of different versions) lists nothing.
    pub fn listed(&self, loops: &[LoopMeta]) -> &Listed {
        self.decoded.get_or_init(|| {
            let decoded = decode(self.text, loops);
            debug_assert!(decoded.is_some(), "undecodable path list: {}", self.text);
            decoded.unwrap_or_default()
        })
    }
}

impl Listed {
    /// Which listed path `events` is, if any.
    pub fn find(&self, events: &[(u32, u32)]) -> Option<u32> {
        self.index.get(events).copied()
    }
}

fn decode(text: &str, loops: &[LoopMeta]) -> Option<Listed> {
    let mut listed = Listed::default();
    // A table that lists no paths (an impl block's combined one) may still have loops.
    if text.is_empty() {
        return Some(listed);
    }
    let mut path: Option<Vec<(u32, u32)>> = None;
    let mut shapes = Vec::new();
    for word in text.split_whitespace() {
        let (tag, rest) = word.split_at(1);
        match tag {
            "k" => listed.k = rest.parse().ok()?,
            "c" => listed.capped = true,
            "b" => {
                let decision: usize = rest.parse().ok()?;
                if listed.body.len() <= decision {
                    listed.body.resize(decision + 1, false);
                }
                listed.body[decision] = true;
            }
            "l" => {
                let mut parts = rest.split(',');
                let parent = match parts.next()? {
                    "-" => None,
                    index => Some(index.parse().ok()?),
                };
                let from = parts.next()?.parse().ok()?;
                let to = parts.next()?.parse().ok()?;
                shapes.push((parent, from..to));
            }
            "p" => listed.paths.extend(path.replace(Vec::new()).map(Vec::into)),
            _ => {
                let (decision, outcome) = word.split_once(',')?;
                path.as_mut()?
                    .push((decision.parse().ok()?, outcome.parse().ok()?));
            }
        }
    }
    listed.paths.extend(path.map(Vec::into));
    if shapes.len() != loops.len() {
        return None;
    }
    listed.loops = shapes
        .into_iter()
        .zip(loops)
        .map(|((parent, heads), meta)| {
            let mut members = vec![false; listed.body.len()];
            for &decision in meta.decisions {
                if let Some(member) = members.get_mut(decision as usize) {
                    *member = true;
                }
            }
            LoopShape {
                parent,
                heads,
                members,
            }
        })
        .collect();
    listed.index = (listed.paths.iter().cloned().zip(0..)).collect();
    Some(listed)
}

/// One recorded outcome, with how far the execution was from the others.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Event {
    pub decision: u32,
    pub outcome: u32,
    /// Where the distances to each of the decision's outcomes start in
    /// [`PathLog::distances`].
    at: u32,
}

#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct LoopState {
    /// Iterations since the loop was entered.
    iterations: u32,
    /// Where the k-th iteration's outcomes start (its head's included): the iterations after
    /// it replace it.
    mark: usize,
}

/// The path one execution takes, as the listed paths are cut (see the module docs).
#[derive(Clone, Debug)]
pub struct PathLog {
    listed: &'static Listed,
    events: Vec<Event>,
    distances: Vec<f64>,
    loops: Vec<LoopState>,
    /// The listed path the execution took, once it ended.
    pub matched: Option<u32>,
    /// The events as (decision, outcome), to look the path up: kept from one execution to
    /// the next for its allocation.
    key: Vec<(u32, u32)>,
}

impl PartialEq for PathLog {
    fn eq(&self, other: &PathLog) -> bool {
        std::ptr::eq(self.listed, other.listed)
            && self.events == other.events
            && self.matched == other.matched
    }
}

impl PathLog {
    /// A log for `meta` when path recording is on and the function lists paths.
    pub fn of(meta: &'static FunctionMeta) -> Option<Box<PathLog>> {
        if !ENABLED.load(Ordering::Relaxed) {
            return None;
        }
        PathLog::forced(meta)
    }

    /// A log for `meta` whether path recording is on or not, if the function lists paths:
    /// for the chosen tests, whose paths are reported under either criterion.
    pub fn forced(meta: &'static FunctionMeta) -> Option<Box<PathLog>> {
        let listed = meta.listed_paths();
        (!listed.paths.is_empty()).then(|| {
            Box::new(PathLog {
                listed,
                events: Vec::new(),
                distances: Vec::new(),
                loops: vec![LoopState::default(); listed.loops.len()],
                matched: None,
                key: Vec::new(),
            })
        })
    }

    pub fn listed(&self) -> &'static Listed {
        self.listed
    }

    /// The outcomes recorded, as cut.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    pub fn reset(&mut self) {
        self.events.clear();
        self.distances.clear();
        self.loops.fill(LoopState::default());
        self.matched = None;
    }

    /// Decision `decision`, of `outcomes` outcomes, took `taken`; `distance_to` gives how far
    /// the execution was from each of the others.
    pub fn decision(
        &mut self,
        decision: u32,
        taken: usize,
        outcomes: usize,
        distance_to: impl Fn(usize) -> f64,
    ) {
        if !self
            .listed
            .body
            .get(decision as usize)
            .copied()
            .unwrap_or(false)
        {
            return;
        }
        let at = self.distances.len() as u32;
        let distance = |outcome| {
            if outcome == taken {
                0.0
            } else {
                distance_to(outcome)
            }
        };
        self.distances.extend((0..outcomes).map(distance));
        // Loops this decision is not in were left.
        for index in 0..self.loops.len() {
            if !self.member(index, decision) {
                self.loops[index].iterations = 0;
            }
        }
        self.events.push(Event {
            decision,
            outcome: taken as u32,
            at,
        });
    }

    /// An iteration of loop `index` starts. Past the k-th, it replaces the one before: the
    /// path keeps the first k − 1 iterations and the last.
    pub fn tick(&mut self, index: u32) {
        let index = index as usize;
        if index >= self.loops.len() {
            return;
        }
        // Loops nested in this one (and any left without an outcome since) start afresh.
        for other in 0..self.loops.len() {
            if other != index && !self.encloses(other, index) {
                self.loops[other].iterations = 0;
            }
        }
        // The outcomes of the head that started this iteration: the last ones of its
        // decisions, each at most once (a body without outcomes puts the previous
        // iteration's head right before them).
        let heads = &self.listed.loops[index].heads;
        let mut start = self.events.len();
        while let Some(event) = start.checked_sub(1).map(|at| self.events[at])
            && heads.contains(&event.decision)
            && self.events[start..]
                .iter()
                .all(|later| later.decision != event.decision)
        {
            start -= 1;
        }
        let state = &mut self.loops[index];
        state.iterations += 1;
        match state.iterations.cmp(&self.listed.k) {
            std::cmp::Ordering::Less => {}
            std::cmp::Ordering::Equal => state.mark = start,
            std::cmp::Ordering::Greater => {
                self.events.drain(state.mark..start);
            }
        }
    }

    /// The execution ended: finds the listed path it took.
    pub fn finish(&mut self) {
        self.key.clear();
        let events = self.events.iter().map(|e| (e.decision, e.outcome));
        self.key.extend(events);
        self.matched = self.listed.find(&self.key);
    }

    /// The distance of `event` to `outcome`.
    pub fn distance(&self, event: &Event, outcome: u32) -> f64 {
        self.distances
            .get(event.at as usize + outcome as usize)
            .copied()
            .unwrap_or(f64::INFINITY)
    }

    fn member(&self, index: usize, decision: u32) -> bool {
        let members = &self.listed.loops[index].members;
        members.get(decision as usize).copied().unwrap_or(false)
    }

    /// Whether loop `outer` encloses loop `inner`.
    fn encloses(&self, outer: usize, inner: usize) -> bool {
        let mut parent = self.listed.loops[inner].parent;
        while let Some(index) = parent {
            if index == outer {
                return true;
            }
            parent = self.listed.loops.get(index).and_then(|l| l.parent);
        }
        false
    }
}

/// The fitness of an execution for listed path `index`: the normalised distances of the
/// path's conditions summed (see the module docs); zero when it took the path.
pub fn fitness(log: &PathLog, index: u32) -> Fitness {
    let Some(path) = log.listed.paths.get(index as usize) else {
        return Fitness::WORST;
    };
    if log.matched == Some(index) {
        return Fitness::COVERED;
    }
    let events = &log.events;
    let same = path
        .iter()
        .zip(events)
        .take_while(|((d, o), e)| e.decision == *d && e.outcome == *o)
        .count();
    let unreached = path.len().saturating_sub(same + 1) as f64;
    match (path.get(same), events.get(same)) {
        (Some(&(decision, outcome)), Some(event)) if event.decision == decision => {
            let distance = log.distance(event, outcome);
            Fitness::new(unreached + normalize(distance), distance)
        }
        // Diverged where the path has no such decision, or one of them ended first.
        _ => Fitness::new(unreached + 1.0, f64::INFINITY),
    }
}

#[cfg(test)]
mod tests;
