//! Concolic execution: the runtime side of the shadow hooks. While a [`Concolic`] state is
//! attached to the recorder, every `let` and assignment `#[symtest]` could translate updates
//! the shadow of its local, and every recorded branch gets the constraint, over the inputs,
//! that each of its outcomes requires ([`PathEntry`]).
//!
//! Shadows are never trusted blindly: whenever a hook sees a local's concrete value, the
//! shadow is evaluated on the execution's inputs and compared with it; a mismatch (an update
//! symtest did not see, an operation it models differently) replaces the shadow by the
//! concrete value as an opaque leaf, which makes every constraint using it incomplete rather
//! than wrong. Likewise a branch whose constraint does not evaluate to the outcome actually
//! taken is recorded as inconsistent and never negated.

mod build;
mod calls;
#[allow(unsafe_code)]
mod generic;
mod inputs;
mod operands;
mod receiver;

use build::{Counters, build, retype};
use calls::Call;
pub use operands::{FUNCTION_STRIDE, MadePath};
use operands::{Making, Operand};
use receiver::Receiver;

pub use calls::{Entry, MAX_DEPTH};
pub use generic::probe_generic;
pub use inputs::{Inputs, encode};

use super::expr::{Expr, Method, Node, Ty, Unary, Val, expr};
use super::templates::{DecisionShadow, EXTERNAL, ShadowMeta};
use super::trace::FunctionMeta;
use crate::genes::{FieldGenes, FloatKind, IntKind, Shape, Value};

/// The concrete value of a local or constant at a hook, with its type; `None` for types
/// shadows do not cover.
pub type Probe = Option<(Val, Ty)>;

/// Types whose values can stand in a shadow.
///
/// Slices of integers are, `Vec`s and arrays are not: a probe of `let v = Vec::new();` would
/// pick this impl while the element type is still unknown and then require `Vec<String>:
/// Shadowable` once it is known. A local holding a `Vec` keeps no shadow; parameters
/// (`&[u8]`, `Vec<u8>`) are input variables whether or not they can be probed.
pub trait Shadowable {
    fn shadow_value(&self) -> (Val, Ty);
}

macro_rules! int_shadows {
    ($($ty:ident => $kind:ident),* $(,)?) => {$(
        impl Shadowable for $ty {
            fn shadow_value(&self) -> (Val, Ty) {
                (Val::Int(*self as i128), Ty::Int(IntKind::$kind))
            }
        }

        impl Shadowable for [$ty] {
            fn shadow_value(&self) -> (Val, Ty) {
                let items: Vec<i128> = self.iter().map(|&item| item as i128).collect();
                (Val::Seq(items.into()), Ty::Seq(IntKind::$kind))
            }
        }

    )*};
}

int_shadows!(
    i8 => I8, i16 => I16, i32 => I32, i64 => I64, i128 => I128, isize => Isize,
    u8 => U8, u16 => U16, u32 => U32, u64 => U64, u128 => U128, usize => Usize,
);

impl Shadowable for f64 {
    fn shadow_value(&self) -> (Val, Ty) {
        (Val::Float(*self), Ty::Float(FloatKind::F64))
    }
}

impl Shadowable for f32 {
    fn shadow_value(&self) -> (Val, Ty) {
        (Val::Float(f64::from(*self)), Ty::Float(FloatKind::F32))
    }
}

impl Shadowable for bool {
    fn shadow_value(&self) -> (Val, Ty) {
        (Val::Bool(*self), Ty::Bool)
    }
}

impl Shadowable for char {
    fn shadow_value(&self) -> (Val, Ty) {
        (Val::Char(*self), Ty::Char)
    }
}

impl Shadowable for str {
    fn shadow_value(&self) -> (Val, Ty) {
        (Val::Str(self.into()), Ty::Str)
    }
}

impl Shadowable for String {
    fn shadow_value(&self) -> (Val, Ty) {
        self.as_str().shadow_value()
    }
}

/// An `Ordering` is its value, -1, 0 or 1, as [`Method::Cmp`] computes it.
impl Shadowable for std::cmp::Ordering {
    fn shadow_value(&self) -> (Val, Ty) {
        (Val::Int(*self as i128), Ty::Int(IntKind::I8))
    }
}

impl<T: Shadowable + ?Sized> Shadowable for &T {
    fn shadow_value(&self) -> (Val, Ty) {
        (**self).shadow_value()
    }
}

impl<T: Shadowable + ?Sized> Shadowable for &mut T {
    fn shadow_value(&self) -> (Val, Ty) {
        (**self).shadow_value()
    }
}

/// One recorded branch of a concolic execution.
#[derive(Clone, Debug)]
pub struct PathEntry {
    pub decision: u32,
    pub taken: u32,
    /// Per outcome, the constraint that holds when it is taken; `None` where unknown.
    pub outcomes: Vec<Option<Expr>>,
    /// Whether the taken outcome's constraint evaluated to true on the execution's inputs.
    /// Inconsistent entries are neither negated nor used as a prefix.
    pub consistent: bool,
    /// Whether the taken outcome is a `match` arm whose guard then failed: its pattern held,
    /// but the match went on to a later arm, recorded next. Its constraint is no part of the
    /// prefix of later entries (it would stand against negating that same match's next
    /// record towards an earlier arm), though it may be negated itself.
    pub attempt: bool,
}

impl PathEntry {
    /// The constraint of the outcome taken, if known and consistent.
    pub fn taken_constraint(&self) -> Option<&Expr> {
        self.outcomes
            .get(self.taken as usize)?
            .as_ref()
            .filter(|_| self.consistent && !self.attempt)
    }
}

/// The state of one concolic execution.
///
/// It follows one function at a time, its *frame*: the function under search, or in a call
/// sequence each call as it starts ([`Concolic::enter`]), or a call either makes of a function
/// of the crate by a plain path, which runs in a frame of its own (see [`calls`]). The hooks of
/// other functions leave their branches on the path with unknown constraints. The fields of
/// the value under test (`self.count`) are locals of each frame whose shadows carry over from
/// one call to the next.
#[derive(Debug)]
pub struct Concolic {
    /// The frame followed now.
    frame: Frame,
    /// The frames of the calls the current one is in, the innermost last.
    callers: Vec<Frame>,
    /// The sequence's genes, which its calls' variables are found in as the calls start.
    sequence: Option<(Shape, Value)>,
    inputs: Inputs,
    /// The shadows of the fields of the value under test, between calls.
    fields: Vec<(&'static str, Expr)>,
    /// Where the genes of the value under test are, when it was built from genes rather than
    /// by a constructor, with its type's fields and variants (see [`Concolic::built_from`]).
    receiver: Option<Receiver>,
    /// The fields of the value under test some call has followed: the ones not among
    /// [`Concolic::fields`] have no shadow, and their genes no longer tell their value.
    followed: Vec<&'static str>,
    /// The branches recorded, in execution order: each decision's first [`MAX_PER_SITE`]
    /// occurrences.
    path: Vec<PathEntry>,
    /// Occurrences recorded so far, per decision.
    occurrences: Vec<u32>,
    /// Per decision past its cap, its latest occurrence and where in the path it goes (before
    /// the entry at that index; later ones with the same index come after it).
    latest: Vec<Option<(usize, u64, PathEntry)>>,
    /// Branches the execution took, counted for ordering the latest occurrences.
    clock: u64,
    /// Calls not followed now running, one inside another: their hooks are not the frame's.
    foreign: u32,
    /// Hooks that noted calls so far, numbering their batches.
    batch: u64,
    /// The genes of the function's parameter list, when a function is followed rather than
    /// a sequence: the arguments made by constructors take theirs from it.
    parameters: Option<(Shape, Value)>,
    /// The argument being made by a constructor (see [`Concolic::making`]).
    making: Option<Making>,
    /// The fields of the arguments made for the next call, with their shadows.
    operands: Vec<Operand>,
    /// The branches of the constructors that made arguments, one path per argument.
    made_paths: Vec<MadePath>,
}

/// One function an execution follows, with its shadows.
#[derive(Debug)]
struct Frame {
    meta: &'static ShadowMeta,
    /// The function followed: a call of a sequence or of a frame; `None` for a function
    /// searched by itself (the one recorded) and in a sequence before its first call.
    function: Option<&'static FunctionMeta>,
    /// Where the frame's decisions start in the recorded table; `None` for a callee the table
    /// does not hold (its branches are not recorded, its shadows still followed).
    offset: Option<u32>,
    /// The shadow of each local, by id.
    locals: Vec<Option<Expr>>,
    /// The slots each decision probed the last time it was about to run.
    slots: Vec<Vec<Option<Expr>>>,
    /// Items each `for` loop has taken since it started.
    taken: Vec<u64>,
    /// Whether the frame's function has started: another start of it is a call.
    entered: bool,
    /// The calls of the frame's latest hooks, with their arguments and returned values.
    calls: Vec<Call>,
    /// The call site in its caller, when the frame is a call.
    site: Option<u32>,
    /// The shadow of the value the frame's function returned.
    result: Option<Expr>,
    /// Whether the frame's `self` is the value under test: a call of the sequence, or a method
    /// such a frame called on its `self`.
    on_value: bool,
}

impl Frame {
    /// A frame of `meta`'s function, nothing known of its locals yet.
    fn new(
        meta: &'static ShadowMeta,
        function: Option<&'static FunctionMeta>,
        offset: Option<u32>,
    ) -> Frame {
        Frame {
            meta,
            function,
            offset,
            locals: vec![None; meta.locals as usize],
            slots: Vec::new(),
            taken: Vec::new(),
            entered: false,
            calls: Vec::new(),
            site: None,
            result: None,
            on_value: false,
        }
    }
}

impl Concolic {
    /// A concolic execution of the function `meta` shadows, whose parameters are `inputs`
    /// (see [`Inputs::of_params`]).
    pub fn new(meta: &'static ShadowMeta, inputs: Inputs) -> Self {
        let mut state = Concolic::empty(meta, inputs);
        for &(local, param) in meta.params {
            let param = param as usize;
            let Some(var) = state.inputs.vars.get(param).filter(|var| var.modelled()) else {
                continue;
            };
            let shadow = expr(Node::Var(param), var.ty);
            if let Some(slot) = state.frame.locals.get_mut(local as usize) {
                *slot = Some(shadow);
            }
        }
        state
    }

    /// Gives each field of a parameter the templates read (`p.x`) a variable of its own: the
    /// genes of that field of `value` (of `shape`, the parameter list). Parameters of the
    /// function are items `first..` of the list; each field's genes are at `path` + `[param -
    /// first, field]`.
    fn parameter_fields(&mut self, shape: &Shape, value: &Value, path: &[usize], first: u32) {
        let mut at = path.to_vec();
        for field in self.frame.meta.param_fields {
            let (Some(param), Some(within)) = (field.param.checked_sub(first), field.path()) else {
                continue;
            };
            at.push(param as usize);
            at.extend(within);
            self.bind_variable(field.local, shape, value, &at);
            at.truncate(path.len());
        }
    }

    /// Makes `local` stand for the input variable at `at` in `value` (of `shape`), registered
    /// the first time; leaves it alone where shadows do not model the genes there.
    fn bind_variable(&mut self, local: u32, shape: &Shape, value: &Value, at: &[usize]) {
        let var = self.inputs.at(shape, value, at);
        if let (Some(var), Some(slot)) = (var, self.frame.locals.get_mut(local as usize)) {
            *slot = Some(expr(Node::Var(var), self.inputs.vars[var].ty));
        }
    }

    /// The shadow of `name`, a part of the value under test, as a call starts: the one earlier
    /// calls left, else, while no call has followed it, the variable of the genes it was built
    /// from (in the sequence's `genes`).
    fn part_of_value(
        &mut self,
        name: &'static str,
        genes: Option<(&Shape, &Value)>,
    ) -> Option<Expr> {
        if let Some((_, shadow)) = self.fields.iter().find(|(known, _)| *known == name) {
            return Some(shadow.clone());
        }
        if self.followed(name) {
            return None;
        }
        let at = self.receiver.as_ref()?.genes_of(name)?;
        let (shape, value) = genes?;
        let var = self.inputs.at(shape, value, &at)?;
        Some(expr(Node::Var(var), self.inputs.vars[var].ty))
    }

    /// [`Concolic::new`] for the function whose parameter list `value` is (of `shape`), with
    /// the fields of its parameters as variables too.
    pub fn of_function(meta: &'static ShadowMeta, shape: &Shape, value: &Value) -> Self {
        let mut state = Concolic::new(meta, Inputs::of_params(shape, value));
        state.parameter_fields(shape, value, &[], 0);
        state.parameters = Some((shape.clone(), value.clone()));
        state
    }

    /// A concolic execution of the call sequence `value` (of `shape`): it follows each call
    /// [`Concolic::enter`] names, whose arguments are its variables.
    pub fn sequence(shape: Shape, value: Value) -> Self {
        Concolic {
            sequence: Some((shape, value)),
            ..Concolic::empty(&ShadowMeta::NONE, Inputs::default())
        }
    }

    fn empty(meta: &'static ShadowMeta, inputs: Inputs) -> Self {
        Concolic {
            frame: Frame::new(meta, None, Some(0)),
            callers: Vec::new(),
            sequence: None,
            inputs,
            fields: Vec::new(),
            receiver: None,
            followed: Vec::new(),
            path: Vec::new(),
            occurrences: Vec::new(),
            latest: Vec::new(),
            clock: 0,
            foreign: 0,
            batch: 0,
            parameters: None,
            making: None,
            operands: Vec::new(),
            made_paths: Vec::new(),
        }
    }

    /// A call of the sequence starts: follows `function`, whose decisions start at `offset`
    /// in the recorded table (if it holds them) and whose arguments are the genes at `path` +
    /// `[index]`, for parameter `first + index` (`first` is 1 for a method: its receiver is
    /// parameter 0). While an argument is made (see [`Concolic::making`]), a constructor starts
    /// the same way, in a sequence or for the function searched, from the genes at `path`.
    pub fn enter(
        &mut self,
        function: &'static FunctionMeta,
        offset: Option<u32>,
        path: &[usize],
        first: u32,
    ) {
        let making = self.is_making();
        let in_sequence = self.sequence.is_some();
        let genes = match in_sequence {
            true => self.sequence.take(),
            false if making => self.parameters.take(),
            false => None,
        };
        let Some((shape, value)) = genes else {
            return;
        };
        match making {
            true => self.made_by(function),
            false => self.keep_fields(),
        }
        let meta = &function.shadow;
        self.frame = Frame::new(meta, Some(function), offset);
        self.frame.on_value = !making;
        for &(local, name) in meta.fields {
            // A constructor has no `self` to read.
            if making {
                break;
            }
            let shadow = self.part_of_value(name, Some((&shape, &value)));
            if let Some(slot) = self.frame.locals.get_mut(local as usize) {
                *slot = shadow;
            }
        }
        let mut at = path.to_vec();
        for &(local, param) in meta.params {
            let Some(index) = param.checked_sub(first) else {
                continue;
            };
            at.push(index as usize);
            self.bind_variable(local, &shape, &value, &at);
            at.pop();
        }
        self.parameter_fields(&shape, &value, path, first);
        if !making {
            // A call's genes are at `[1, position, …]`, the first value's at `[0, …]`.
            let position = path.get(1).filter(|_| path.first() == Some(&1)).copied();
            self.operand_fields(position);
        }
        match in_sequence {
            true => self.sequence = Some((shape, value)),
            false => self.parameters = Some((shape, value)),
        }
    }

    /// The value under test was built from the genes at `path`, of a type whose fields and
    /// variants are `names` and `variants`: its fields (`self.count`), its tag (`self#tag`) and
    /// its variants' fields (`self::Div.0`) are input variables, until a call's shadows say
    /// otherwise.
    pub fn built_from(
        &mut self,
        path: &[usize],
        names: &'static [&'static str],
        variants: &'static [(&'static str, &'static [&'static str])],
        genes: FieldGenes,
    ) {
        // An argument built from genes is no value under test.
        if self.is_making() {
            return;
        }
        self.receiver = Some(Receiver {
            path: path.to_vec(),
            names,
            variants,
            genes,
        });
    }

    /// Whether some call has followed `name`, a part of `self`, or a part it is in (`self.limits`
    /// of `self.limits.high`; all of `self` after a call that may change it behind the hooks):
    /// its genes no longer tell its value.
    fn followed(&self, name: &str) -> bool {
        self.followed.iter().any(|known| {
            let rest = name.strip_prefix(known);
            rest.is_some_and(|rest| {
                rest.is_empty() || rest.starts_with(['.', '#']) || rest.starts_with("::")
            })
        })
    }

    /// Keeps the frame's field shadows for the calls after it.
    fn keep_fields(&mut self) {
        if self.frame.meta.changes_self && !self.followed.contains(&"self") {
            self.followed.push("self");
        }
        for &(local, name) in self.frame.meta.fields {
            if !self.followed.contains(&name) {
                self.followed.push(name);
            }
            self.fields.retain(|(known, _)| *known != name);
            if let Some(Some(shadow)) = self.frame.locals.get(local as usize) {
                self.fields.push((name, shadow.clone()));
            }
        }
    }

    /// Whether the hooks of `function`, whose decisions start at `offset` in the recorded
    /// table (if it holds them), update this execution's shadows: it is the frame, and no call
    /// the frame made and the execution does not follow is running.
    pub fn follows(&self, function: &'static FunctionMeta, offset: Option<u32>) -> bool {
        if self.foreign > 0 {
            return false;
        }
        match self.frame.function {
            Some(frame) => std::ptr::eq(frame, function),
            None => self.sequence.is_none() && offset == Some(0),
        }
    }

    /// The recorded path (see [`Concolic::into_path`]) and the input variables.
    pub fn into_parts(mut self) -> (Vec<PathEntry>, Inputs) {
        let inputs = std::mem::take(&mut self.inputs);
        (self.into_path(), inputs)
    }

    /// The recorded path: the first [`MAX_PER_SITE`] occurrences of every decision and the
    /// last one, in the order the execution took them.
    pub fn into_path(self) -> Vec<PathEntry> {
        let mut latest: Vec<(usize, u64, PathEntry)> = self.latest.into_iter().flatten().collect();
        latest.sort_by_key(|(position, clock, _)| (*position, *clock));
        let mut latest = latest.into_iter().peekable();
        let mut path = Vec::with_capacity(self.path.len() + latest.len());
        for (index, entry) in self.path.into_iter().enumerate() {
            while let Some((_, _, last)) = latest.next_if(|(position, _, _)| *position == index) {
                path.push(last);
            }
            path.push(entry);
        }
        path.extend(latest.map(|(_, _, last)| last));
        path
    }

    fn decision(&self, decision: u32) -> Option<&'static DecisionShadow> {
        self.frame.meta.decisions.get(decision as usize)
    }

    /// Decision `decision` is about to run and probed these values.
    pub fn shadow_at(&mut self, decision: u32, probes: &[Probe]) {
        if self.full() {
            return;
        }
        let Some(shadow) = self.decision(decision) else {
            return;
        };
        let resolved = self.resolve(shadow.slots, probes);
        self.note_calls(shadow.outcomes.iter().copied(), &resolved);
        let index = decision as usize;
        if self.frame.slots.len() <= index {
            self.frame.slots.resize(index + 1, Vec::new());
        }
        self.frame.slots[index] = resolved;
        if shadow.for_loop {
            if self.frame.taken.len() <= index {
                self.frame.taken.resize(index + 1, 0);
            }
            self.frame.taken[index] = 0;
        }
    }

    /// What a def's own probes give the slots of its template, before the statement runs
    /// (it may move the locals it reads); the calls it makes are pending.
    pub fn def_pre(&mut self, def: u32, probes: &[Probe]) -> Option<Vec<Option<Expr>>> {
        if self.full() {
            return None;
        }
        let def = self.frame.meta.defs.get(def as usize)?;
        let slots = self.resolve(def.slots, probes);
        self.note_calls([def.value], &slots);
        Some(slots)
    }

    /// The local of `def` now holds `value`; its shadow is built over the slots `pre` (from
    /// [`Concolic::def_pre`]) or, for a binding of a decision, that decision's slots.
    pub fn def(&mut self, def: u32, pre: Option<Vec<Option<Expr>>>, value: Probe) {
        if self.full() {
            return;
        }
        let Some(meta) = self.frame.meta.defs.get(def as usize) else {
            return;
        };
        let built = match (meta.at, pre) {
            (None, Some(slots)) => build(meta.value, &slots, self.after_calls()),
            (None, None) => None,
            (Some(decision), _) => {
                let (slots, counters) = self.at(decision);
                build(meta.value, &slots, counters)
            }
        };
        let shadow = self.checked_or_small(built, value);
        if let Some(slot) = self.frame.locals.get_mut(meta.local as usize) {
            *slot = shadow;
        }
    }

    /// Decision `decision` of the recorded table took outcome `taken`: records its
    /// constraints, known when the decision is the frame's.
    pub fn record(&mut self, decision: u32, taken: usize, outcomes: usize) {
        if self.full() {
            return;
        }
        let own = self.own(decision);
        let entry = self.entry(own, decision, taken, outcomes);
        self.push(entry);
    }

    /// The path entry of decision `decision` (an id of the recorded table, or the frame's own
    /// id `own`, if it is the frame's) taking outcome `taken`.
    fn entry(
        &mut self,
        own: Option<u32>,
        decision: u32,
        taken: usize,
        outcomes: usize,
    ) -> PathEntry {
        let Some(shadow) = own.and_then(|own| self.decision(own)) else {
            // Nothing modelled: the branch is on the path, its constraint unknown.
            return PathEntry {
                decision,
                taken: taken as u32,
                outcomes: vec![None; outcomes],
                consistent: false,
                attempt: false,
            };
        };
        let own = own.unwrap_or(decision);
        let (slots, counters) = self.at(own);
        let mut conditions: Vec<Option<Expr>> = shadow
            .outcomes
            .iter()
            .map(|tokens| build(tokens, &slots, counters).filter(|e| e.ty == Ty::Bool))
            .collect();
        if conditions.len() == 1 && outcomes == 2 {
            let negated = conditions[0]
                .as_ref()
                .map(|c| expr(Node::Unary(Unary::Not, c.clone()), Ty::Bool));
            conditions.push(negated);
        }
        conditions.resize(outcomes, None);
        let taken_at = taken.min(outcomes - 1);
        let evaluates = |c: &Expr, to: bool| c.eval(&self.inputs.env) == Ok(Val::Bool(to));
        let consistent = match &conditions[taken_at] {
            Some(condition) => evaluates(condition, true),
            // An arm whose own condition is not modelled (a guard on a binding, a pattern
            // shadows do not cover) was taken because the arms that are modelled did not
            // match: where they all evaluate false, as they did, the entry agrees with the
            // execution and those arms can be negated towards (the `Some(d)` of a `to_digit`
            // at the tenth char of an ISBN). The taken arm's condition stays unknown, so the
            // entry adds nothing to later prefixes: a `match` with a guard is recorded once per
            // arm it tries, and the fact that this arm's pattern held must not stand against
            // negating the same match's next record.
            None => {
                let mut known = conditions.iter().flatten().peekable();
                known.peek().is_some() && known.all(|c| evaluates(c, false))
            }
        };
        if shadow.for_loop
            && taken == 0
            && let Some(count) = self.frame.taken.get_mut(own as usize)
        {
            *count += 1;
        }
        PathEntry {
            decision,
            taken: taken as u32,
            outcomes: conditions,
            consistent,
            attempt: false,
        }
    }

    /// The latest record of `decision`, a `match`, was an arm whose guard failed (see
    /// [`PathEntry::attempt`]).
    pub fn attempted(&mut self, decision: u32) {
        let index = decision as usize;
        if let Some(Some((_, _, entry))) = self.latest.get_mut(index) {
            entry.attempt = true;
            return;
        }
        if let Some(entry) = self.path.iter_mut().rev().find(|e| e.decision == decision) {
            entry.attempt = true;
        }
    }

    /// The frame's own id of decision `decision` of the recorded table, if it is the frame's.
    fn own(&self, decision: u32) -> Option<u32> {
        if self.foreign > 0 {
            return None;
        }
        let own = decision.checked_sub(self.frame.offset?)?;
        match self.frame.function {
            Some(frame) => (own < frame.decisions.len() as u32).then_some(own),
            None => self.sequence.is_none().then_some(own),
        }
    }

    /// Adds `entry` to the path while its decision is under its cap, else keeps it as the
    /// decision's latest occurrence: a loop of ten thousand iterations records its first
    /// occurrences and its exit, and the decisions after the loop are still recorded.
    fn push(&mut self, entry: PathEntry) {
        self.clock += 1;
        let index = entry.decision as usize;
        if self.occurrences.len() <= index {
            self.occurrences.resize(index + 1, 0);
            self.latest.resize(index + 1, None);
        }
        self.occurrences[index] += 1;
        if self.occurrences[index] <= MAX_PER_SITE {
            self.path.push(entry);
        } else {
            self.latest[index] = Some((self.path.len(), self.clock, entry));
        }
    }

    /// Whether the execution has taken [`MAX_BRANCHES`] branches: the rest runs without
    /// shadows. Below that, a long loop costs its shadows' upkeep but records only its first
    /// and last occurrences (see [`Concolic::push`]).
    fn full(&self) -> bool {
        self.clock >= MAX_BRANCHES
    }

    /// What a template read at decision `decision` sees: the slots probed there, and its
    /// loop counters.
    fn at(&self, decision: u32) -> (Vec<Option<Expr>>, Counters<'_>) {
        let slots = (self.frame.slots)
            .get(decision as usize)
            .cloned()
            .unwrap_or_default();
        (slots, self.counters(decision))
    }

    fn counters(&self, decision: u32) -> Counters<'_> {
        let taken = self
            .frame
            .taken
            .get(decision as usize)
            .copied()
            .unwrap_or(0);
        Counters {
            taken,
            item: taken.checked_sub(1),
            calls: &self.frame.calls,
        }
    }

    /// The slots of a hook: each local's shadow if it still agrees with the probed value, else
    /// the probed value as an opaque leaf; constants as constants.
    fn resolve(&self, slots: &[u32], probes: &[Probe]) -> Vec<Option<Expr>> {
        slots
            .iter()
            .enumerate()
            .map(|(index, &local)| {
                let probe = probes.get(index).cloned().flatten();
                if local == EXTERNAL {
                    return probe.map(|(value, ty)| expr(Node::Const(value), ty));
                }
                let shadow = self.frame.locals.get(local as usize).cloned().flatten();
                match probe {
                    None if self.tested(local) => shadow,
                    probe => self.agreeing(shadow, probe),
                }
            })
            .collect()
    }

    /// Whether `local` stands for a field a variant's pattern tests, of a parameter
    /// ([`ParamField::tested`](super::templates::ParamField::tested)) or of `self`
    /// (`self::Div.0`): where the value is another variant, the field is not there to probe
    /// and its shadow is the input variable as it stands. Where the value is that variant its
    /// probe is missing only for a type probes do not read; such a field's genes are a
    /// variable only for strings and integer sequences, which unprobed locals keep anyway.
    fn tested(&self, local: u32) -> bool {
        let mut params = self.frame.meta.param_fields.iter();
        let mut own = self.frame.meta.fields.iter();
        params.any(|field| field.tested && field.local == local)
            || own.any(|&(known, name)| known == local && name.starts_with("self::"))
    }

    /// What a template reads after the statement ran: the calls it made, with what they
    /// returned (no loop counter).
    fn after_calls(&self) -> Counters<'_> {
        Counters {
            calls: &self.frame.calls,
            ..Counters::default()
        }
    }

    /// The shadow of a local whose value is `probe`: `shadow` checked against it; where it
    /// cannot be probed, a string or sequence shadow (a `Vec` parameter), which the macro
    /// tracks only for locals nothing updates behind the hooks' back.
    fn agreeing(&self, shadow: Option<Expr>, probe: Probe) -> Option<Expr> {
        match probe {
            Some((value, ty)) => Some(self.checked(shadow, value, ty)),
            None => shadow.filter(|s| {
                matches!(s.ty, Ty::Str | Ty::Seq(_) | Ty::Chars) && s.height() <= MAX_HEIGHT
            }),
        }
    }

    /// The shadow of a value a def computed: `built` checked against `probe`; with nothing to
    /// check against, kept only while small.
    fn checked_or_small(&self, built: Option<Expr>, probe: Probe) -> Option<Expr> {
        match probe {
            Some((value, ty)) => Some(self.checked(built, value, ty)),
            // An unsuffixed `parse()` whose value has no probe parsed into no integer type.
            None => built.filter(|s| {
                s.height() <= MAX_HEIGHT
                    && !(s.ty == Ty::AnyInt && matches!(s.node, Node::Call(Method::ParseInt, _)))
            }),
        }
    }

    /// `shadow` if it evaluates to `value` on this execution's inputs, else `value` opaque.
    /// A shadow taller than [`MAX_HEIGHT`] is also replaced by its value: a loop that updates
    /// a local on every iteration would otherwise grow it without bound, and checking it
    /// would cost time (and stack) in proportion.
    fn checked(&self, shadow: Option<Expr>, value: Val, ty: Ty) -> Expr {
        let shadow = shadow
            .filter(|s| s.height() <= MAX_HEIGHT)
            .map(|s| match (s.ty, ty) {
                // `let s: String = text.chars().filter(…).collect();`
                (Ty::Chars, Ty::Str) => expr(Node::Call(Method::Collect, vec![s]), Ty::Str),
                _ => s,
            });
        if let Some(shadow) = shadow.and_then(|s| retype(&s, ty))
            && shadow
                .eval(&self.inputs.env)
                .is_ok_and(|computed| same_value(&computed, &value))
        {
            return shadow;
        }
        expr(Node::Opaque(value), ty)
    }
}

/// The tallest shadow kept (see [`Concolic::checked`]): deep enough for any expression a
/// person writes, shallow enough that evaluating it is cheap and cannot exhaust the stack.
pub const MAX_HEIGHT: u32 = 64;

/// The occurrences of one decision a concolic execution records in order; after them only
/// its latest is kept. DSE negates a decision at its first or last occurrence.
pub const MAX_PER_SITE: u32 = 16;

/// The most branches one concolic execution follows with shadows: beyond this it runs on
/// concretely, so a search's occasional concolic run stays cheap however long the loops.
pub const MAX_BRANCHES: u64 = 1_000_000;

/// Equal values; NaN equals NaN (a shadow computing NaN where the code got NaN is right).
fn same_value(a: &Val, b: &Val) -> bool {
    match (a, b) {
        (Val::Float(a), Val::Float(b)) => a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan()),
        _ => a == b,
    }
}

#[cfg(test)]
mod tests;
