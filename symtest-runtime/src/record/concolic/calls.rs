//! Concolic execution through calls. A template may call a function of the crate by a plain
//! path (`helper(x)`, `Self::parse(s)`: [`STok::Invoke`]). When the statement's hook is about
//! to run, the frame notes each such call with its arguments' shadows ([`register`]); when an
//! instrumented function starts and the frame has a call of its name pending, the execution
//! follows it in a frame of its own, its parameters bound to those arguments
//! ([`Concolic::enter_call`]); the shadow of the value it returns ([`Concolic::returned`])
//! becomes the value of the call in the caller's template when the frame ends
//! ([`Concolic::leave`]).
//!
//! Calls are followed at most [`MAX_DEPTH`] deep and never into a function already on the
//! stack: a recursive call, or a call not followed, runs without shadows (its hooks leave
//! their branches on the path with unknown constraints), and its value is concrete.

use std::ops::Range;

use super::build::{Counters, build};
use super::{Concolic, Frame, Probe};
use crate::record::expr::Expr;
use crate::record::templates::STok;
use crate::record::trace::FunctionMeta;

/// How many calls deep an execution follows: each frame's shadows cost their upkeep, and
/// deeper values are rarely what a branch of the function searched depends on.
pub const MAX_DEPTH: usize = 4;

/// A call of a template, noted when the hook of its statement ran.
#[derive(Clone, Debug)]
pub struct Call {
    /// The callee as the call names it: the last segment of its path.
    name: &'static str,
    site: u32,
    /// The arguments' shadows, by position; `None` where not modelled.
    args: Vec<Option<Expr>>,
    /// The hook that noted it: a callee takes the pending call of its name from the latest.
    batch: u64,
    entered: bool,
    /// Whether it calls a method on the caller's `self` ([`STok::Receiver`]).
    on_self: bool,
    /// The shadow of what the callee returned, once it has.
    returned: Option<Expr>,
}

/// What [`Concolic::leave`] undoes of what [`Concolic::enter_call`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The frame's own function started (the function searched, or a call of a sequence).
    Own,
    /// A call the frame made: a frame of its own was pushed.
    Followed,
    /// A call not followed: the hooks ignore everything until it ends.
    Foreign,
}

/// How many values `token` takes off the stack and puts on it.
fn effect(token: &STok) -> (usize, usize) {
    match *token {
        STok::Unary(_) | STok::Cast(_) => (1, 1),
        STok::Binary(_) => (2, 1),
        STok::Call(_, arity) | STok::Invoke(_, _, arity) => (usize::from(arity), 1),
        STok::Lambda => (0, 0),
        _ => (0, 1),
    }
}

/// The token ranges of the arguments of the call at `invoke`, in order.
fn arguments(tokens: &[STok], invoke: usize) -> Option<Vec<Range<usize>>> {
    let STok::Invoke(_, _, arity) = tokens.get(invoke)? else {
        return None;
    };
    let mut ranges = Vec::with_capacity(usize::from(*arity));
    let mut end = invoke;
    for _ in 0..*arity {
        let mut start = end;
        let mut needed = 1usize;
        while needed > 0 {
            start = start.checked_sub(1)?;
            let (pops, pushes) = effect(&tokens[start]);
            needed = (needed + pops).checked_sub(pushes)?;
        }
        ranges.push(start..end);
        end = start;
    }
    ranges.reverse();
    Some(ranges)
}

/// Where the arguments of each call with arguments start, with the call's index; of calls
/// whose arguments start alike (`f(g(x))`), the outermost.
pub(super) fn argument_skips(tokens: &[STok]) -> Vec<(usize, usize)> {
    let mut skips: Vec<(usize, usize)> = Vec::new();
    for (invoke, token) in tokens.iter().enumerate() {
        if !matches!(token, STok::Invoke(_, _, arity) if *arity > 0) {
            continue;
        }
        let Some(start) = arguments(tokens, invoke).and_then(|r| Some(r.first()?.start)) else {
            continue;
        };
        skips.retain(|(known, _)| *known != start);
        skips.push((start, invoke));
    }
    skips
}

/// The value of the call at `invoke`: what its callee returned, if the execution followed it.
pub(super) fn returned_at(tokens: &[STok], invoke: usize, calls: &[Call]) -> Option<Expr> {
    let STok::Invoke(_, site, _) = tokens.get(invoke)? else {
        return None;
    };
    let call = calls.iter().find(|call| call.site == *site)?;
    call.returned.clone()
}

/// Notes the calls of `tokens` (over `slots`) as the frame's pending calls of batch `batch`,
/// their arguments built from what the slots hold now: the call is about to run.
fn register(calls: &mut Vec<Call>, tokens: &[STok], slots: &[Option<Expr>], batch: u64) {
    for (invoke, token) in tokens.iter().enumerate() {
        let STok::Invoke(name, site, _) = *token else {
            continue;
        };
        if calls
            .iter()
            .any(|call| call.site == site && call.batch == batch)
        {
            continue;
        }
        let ranges = arguments(tokens, invoke).unwrap_or_default();
        let on_self =
            (ranges.first()).is_some_and(|range| tokens[range.clone()] == [STok::Receiver]);
        let args = ranges
            .into_iter()
            .map(|range| build(&tokens[range], slots, Counters::default()))
            .collect();
        calls.retain(|call| call.site != site);
        calls.push(Call {
            name,
            site,
            args,
            batch,
            entered: false,
            on_self,
            returned: None,
        });
    }
}

impl Concolic {
    /// A hook of the frame is about to run `templates` over `slots`: their calls are pending.
    pub(super) fn note_calls<'t>(
        &mut self,
        templates: impl IntoIterator<Item = &'t [STok]>,
        slots: &[Option<Expr>],
    ) {
        self.batch += 1;
        for tokens in templates {
            register(&mut self.frame.calls, tokens, slots, self.batch);
        }
    }

    /// An instrumented function starts, `function`, whose decisions are at `offset` in the
    /// recorded table (if it is recorded), its parameters' values as `probes` gives them (in
    /// the order of its `ShadowMeta::params`). Returns what [`Concolic::leave`] undoes when
    /// it ends.
    pub fn enter_call<P: AsRef<[Probe]>>(
        &mut self,
        function: &'static FunctionMeta,
        offset: Option<u32>,
        probes: impl FnOnce() -> P,
    ) -> Entry {
        if self.foreign > 0 {
            self.foreign += 1;
            return Entry::Foreign;
        }
        if !self.frame.entered && self.follows(function, offset) {
            self.frame.entered = true;
            if self.frame.function.is_none() {
                // The function searched: its arguments are made by now.
                self.operand_fields(None);
            }
            return Entry::Own;
        }
        let name = function.called_as();
        let pending = (self.frame.calls.iter().enumerate())
            .filter(|(_, call)| !call.entered && call.name == name)
            .max_by_key(|(index, call)| (call.batch, std::cmp::Reverse(*index)))
            .map(|(index, _)| index);
        let (Some(index), false, false) = (
            pending,
            self.callers.len() >= MAX_DEPTH,
            self.full() || self.on_stack(function, offset),
        ) else {
            self.foreign += 1;
            return Entry::Foreign;
        };
        let call = &mut self.frame.calls[index];
        call.entered = true;
        let (site, args, on_self) = (call.site, call.args.clone(), call.on_self);
        let mut frame = Frame::new(&function.shadow, Some(function), offset);
        frame.entered = true;
        frame.site = Some(site);
        frame.on_value = on_self && self.frame.on_value;
        self.callers.push(std::mem::replace(&mut self.frame, frame));
        if self.frame.on_value {
            self.fields_from_caller();
        }
        let probes = probes();
        for (index, &(local, param)) in function.shadow.params.iter().enumerate() {
            let arg = args.get(param as usize).cloned().flatten();
            let probe = probes.as_ref().get(index).cloned().flatten();
            let shadow = self.agreeing(arg, probe);
            if let Some(slot) = self.frame.locals.get_mut(local as usize) {
                *slot = shadow;
            }
        }
        Entry::Followed
    }

    /// The frame is a method called on its caller's `self`, the value under test: its parts
    /// of `self` (`self.major` of `cmp` called from `partial_cmp`) take the caller's shadows,
    /// or those kept from earlier calls, or the genes the value was built from, as a call of
    /// the sequence does ([`Concolic::enter`]).
    fn fields_from_caller(&mut self) {
        let genes = self.sequence.take();
        for &(local, name) in self.frame.meta.fields {
            let Some(caller) = self.callers.last() else {
                break;
            };
            let own = (caller.meta.fields.iter())
                .find(|(_, known)| *known == name)
                .map(|&(known, _)| caller.locals.get(known as usize).cloned().flatten());
            let shadow = match own {
                Some(shadow) => shadow,
                None => self.part_of_value(name, genes.as_ref().map(|(s, v)| (s, v))),
            };
            if let Some(slot) = self.frame.locals.get_mut(local as usize) {
                *slot = shadow;
            }
        }
        self.sequence = genes;
    }

    /// The function [`Concolic::enter_call`] entered as `entry` ends (returning or unwinding).
    pub fn leave(&mut self, entry: Entry) {
        match entry {
            Entry::Own => self.frame.entered = false,
            Entry::Foreign => self.foreign = self.foreign.saturating_sub(1),
            Entry::Followed => {
                let Some(caller) = self.callers.pop() else {
                    return;
                };
                let callee = std::mem::replace(&mut self.frame, caller);
                let calls = &mut self.frame.calls;
                if let Some(call) = calls.iter_mut().find(|call| Some(call.site) == callee.site) {
                    call.returned = callee.result;
                }
            }
        }
    }

    /// The frame's function returns the value of def `def` (see
    /// [`RETURNED`](crate::record::templates::RETURNED)), over the slots its hook probed
    /// before (`pre`); `value` probes what it returned. Kept for the caller, if the frame is
    /// a call.
    pub fn returned(
        &mut self,
        def: u32,
        pre: Option<Vec<Option<Expr>>>,
        value: impl FnOnce() -> Probe,
    ) {
        if self.frame.site.is_none() || self.full() {
            return;
        }
        let (Some(def), Some(slots)) = (self.frame.meta.defs.get(def as usize), pre) else {
            return;
        };
        let built = build(def.value, &slots, self.after_calls());
        self.frame.result = self.checked_or_small(built, value());
    }

    /// Whether `function` is the frame's or a caller's: a call of it is recursion, not
    /// followed.
    fn on_stack(&self, function: &'static FunctionMeta, offset: Option<u32>) -> bool {
        let is = |frame: &Frame| match frame.function {
            Some(known) => std::ptr::eq(known, function),
            None => frame.offset == Some(0) && offset == Some(0),
        };
        is(&self.frame) || self.callers.iter().any(is)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::expr::Binary;

    const X: STok = STok::Slot(0);

    #[test]
    fn the_arguments_of_a_call_are_found_from_its_end() {
        // helper(x + 1, g(x)) * 2
        let tokens = [
            X,
            STok::Int(1),
            STok::Binary(Binary::Add),
            X,
            STok::Invoke("g", 7, 1),
            STok::Invoke("helper", 3, 2),
            STok::Int(2),
            STok::Binary(Binary::Mul),
        ];
        assert_eq!(arguments(&tokens, 5), Some(vec![0..3, 3..5]));
        let single: Vec<Range<usize>> = std::iter::once(3..4).collect();
        assert_eq!(arguments(&tokens, 4), Some(single));
        assert_eq!(arguments(&tokens, 6), None);
        // `helper`'s arguments start where the whole call does; `g`'s inside them.
        assert_eq!(argument_skips(&tokens), vec![(3, 4), (0, 5)]);
    }
}
