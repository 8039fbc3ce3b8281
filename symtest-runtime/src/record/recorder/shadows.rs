//! The hooks of concolic execution: whether one runs, the entry points through which the code
//! `#[symtest]` emits updates the shadows of the execution being recorded (a function's start
//! and end, a call of a sequence, defs, decisions' probes), and the quiet making of arguments
//! by constructors.

use std::sync::atomic::{AtomicUsize, Ordering};

use super::{RECORDER, paused};
use crate::record::concolic::{Concolic, Entry, Probe};
use crate::record::expr::Expr;
use crate::record::trace::FunctionMeta;

/// Makes the argument of parameter `param` of the call in position `position` of a sequence
/// (`None`: of the function searched, or of the constructor a sequence starts from), whose
/// genes are at `at`, with `make`, where a constructor of the crate makes it (`other` in
/// `version.cmp(&other)`, a `&Version` a function takes): in a concolic execution the shadows
/// follow that constructor, and nothing goes into the trace, so that the fields of the value
/// it makes stand for its arguments in the call (see [`Concolic::making`]); the branches it
/// takes go on a path of their own ([`MadePath`](crate::record::concolic::MadePath)).
/// Otherwise, and for an argument made while another is, it runs [`paused`], as constructors
/// always did. `make` is told whether the shadows follow.
pub fn argument<R: Made>(
    position: Option<usize>,
    param: u32,
    at: &[usize],
    make: impl FnOnce(bool) -> R,
) -> R {
    /// Applies `step` to the execution's concolic state (if it says so, the hooks are then
    /// `quiet` or not).
    fn quiet(step: impl FnOnce(&mut Concolic) -> bool, quiet: bool) -> bool {
        let quieted = RECORDER.try_with(|cell| {
            let mut recorder = cell.try_borrow_mut().ok()?;
            recorder.function?;
            let concolic = recorder.concolic.as_deref_mut()?;
            step(concolic).then_some(())?;
            recorder.quiet = quiet;
            Some(())
        });
        quieted.ok().flatten().is_some()
    }
    /// Ends the quiet making, also when `make` unwinds (having made nothing then).
    struct Loud(std::cell::Cell<bool>);
    impl Drop for Loud {
        fn drop(&mut self) {
            let made = self.0.get();
            quiet(
                |concolic| {
                    concolic.made(made);
                    true
                },
                false,
            );
        }
    }
    if !concolic() || !quiet(|concolic| concolic.making(position, param, at), true) {
        return paused(|| make(false));
    }
    let loud = Loud(std::cell::Cell::new(false));
    let made = make(true);
    loud.0.set(made.is_made());
    made
}

/// What making an argument returns: whether it made one.
pub trait Made {
    fn is_made(&self) -> bool;
}

impl<T> Made for Option<T> {
    fn is_made(&self) -> bool {
        self.is_some()
    }
}

impl<T, E> Made for Result<T, E> {
    fn is_made(&self) -> bool {
        self.is_ok()
    }
}

/// [`argument`] for the argument of parameter `param`, whose genes are item `index` of
/// those at `path`: `make` gets their path where the shadows follow its constructor, `None`
/// where they do not (outside a concolic execution, `make` runs as it is, not paused).
pub fn argument_at<R: Made>(
    position: Option<usize>,
    param: u32,
    path: &[usize],
    index: usize,
    make: impl FnOnce(Option<&[usize]>) -> R,
) -> R {
    if !concolic() {
        return make(None);
    }
    let mut at = path.to_vec();
    at.push(index);
    argument(position, param, &at, |follow| {
        make(follow.then_some(&at[..]))
    })
}

/// A decision of `function` took outcome `taken` while an argument is made quietly (see
/// [`argument`]): on the argument's [`MadePath`](crate::record::concolic::MadePath) if
/// `function` is the constructor followed. Whether the making is quiet.
pub(super) fn made_decision(function: &'static FunctionMeta, decision: u32, taken: usize) -> bool {
    let quiet = RECORDER.try_with(|cell| {
        let mut recorder = cell.try_borrow_mut().ok()?;
        if !recorder.quiet {
            return Some(false);
        }
        let outcomes = function.decisions.get(decision as usize)?.outcomes.len();
        let concolic = recorder.concolic.as_deref_mut()?;
        concolic.record_made(function, decision, taken, outcomes);
        Some(true)
    });
    quiet.ok().flatten().unwrap_or(false)
}

/// Whether the argument being made is followed (see [`argument`]): a constructor of
/// another crate type makes it with its genes at a path, not [`paused`].
pub fn following_argument() -> bool {
    RECORDER
        .try_with(|cell| cell.try_borrow().is_ok_and(|recorder| recorder.quiet))
        .unwrap_or(false)
}

/// Concolic executions in progress in this process. Shadow hooks run in every execution of an
/// instrumented function; the code `#[symtest]` emits asks [`concolic`] first, so outside DSE
/// steps a hook costs one atomic load instead of a thread-local lookup (and its probes are
/// never built).
static CONCOLIC: AtomicUsize = AtomicUsize::new(0);

/// Whether a concolic execution may be running (on any thread: the hooks check it is theirs).
#[inline]
pub fn concolic() -> bool {
    CONCOLIC.load(Ordering::Relaxed) > 0
}

/// Counts a concolic execution for as long as it lives, unwinding included.
pub(super) struct ConcolicRun;

impl ConcolicRun {
    pub(super) fn start() -> Self {
        CONCOLIC.fetch_add(1, Ordering::Relaxed);
        ConcolicRun
    }
}

impl Drop for ConcolicRun {
    fn drop(&mut self) {
        CONCOLIC.fetch_sub(1, Ordering::Relaxed);
    }
}

/// `f` applied to the concolic state, if this is a concolic execution following `function`
/// (see [`Concolic::follows`]): the function recorded, or a call of the crate's it follows,
/// whether or not the recorded table holds the callee's branches.
fn concolic_of<R>(
    function: &'static FunctionMeta,
    f: impl FnOnce(&mut Concolic) -> R,
) -> Option<R> {
    any_concolic(function, |concolic, offset| {
        concolic.follows(function, offset).then(|| f(concolic))
    })
    .flatten()
}

/// `f` applied to the concolic state of the execution being recorded, if it is concolic, and
/// to the offset of `function`'s decisions in the recorded table, if it holds them. Safe to
/// call from drop glue: it then does nothing.
fn any_concolic<R>(
    function: &'static FunctionMeta,
    f: impl FnOnce(&mut Concolic, Option<u32>) -> R,
) -> Option<R> {
    RECORDER
        .try_with(|cell| {
            let mut recorder = cell.try_borrow_mut().ok()?;
            let offset = recorder.function?.offset_of(function);
            let concolic = recorder.concolic.as_deref_mut()?;
            Some(f(concolic, offset))
        })
        .ok()
        .flatten()
}

/// An instrumented function's start, until it ends: in a concolic execution, the function may
/// be a call its caller's frame follows (see [`Concolic::enter_call`]), and its end, returning
/// or unwinding, pops that frame.
#[derive(Debug)]
#[must_use]
pub struct Entered {
    function: Option<&'static FunctionMeta>,
    entry: Entry,
}

impl Entered {
    /// Outside a concolic execution.
    pub const NONE: Entered = Entered {
        function: None,
        entry: Entry::Foreign,
    };
}

impl Drop for Entered {
    fn drop(&mut self) {
        if let Some(function) = self.function {
            any_concolic(function, |concolic, _| concolic.leave(self.entry));
        }
    }
}

/// `function` starts; `probes` gives its parameters' values (in the order of its
/// `ShadowMeta::params`). The code `#[symtest]` emits holds the guard for the whole body.
pub fn entered<P: AsRef<[Probe]>>(
    function: &'static FunctionMeta,
    probes: impl FnOnce() -> P,
) -> Entered {
    let entry = any_concolic(function, |concolic, offset| {
        concolic.enter_call(function, offset, probes)
    });
    match entry {
        Some(entry) => Entered {
            function: Some(function),
            entry,
        },
        None => Entered::NONE,
    }
}

/// `function` returns the value of def `def` (of local
/// [`RETURNED`](crate::record::templates::RETURNED)), whose slots `pre` holds; `value` probes it.
pub fn returned(
    function: &'static FunctionMeta,
    def: u32,
    pre: Pre,
    value: impl FnOnce() -> Probe,
) {
    concolic_of(function, |concolic| concolic.returned(def, pre.0, value));
}

/// A call of a sequence starts: in a concolic execution, shadows follow `function` from now
/// on, with the genes at `path` as its arguments (see [`Concolic::enter`]).
pub fn frame(function: &'static FunctionMeta, path: &[usize], first: u32) {
    any_concolic(function, |concolic, offset| {
        concolic.enter(function, offset, path, first);
    });
}

/// The value under test of a sequence was built from the genes at `path`, of a type whose
/// fields, variants and fields' genes are `names`, `variants` and `genes` (`Input::FIELDS`,
/// `Input::VARIANTS`, `Input::field_genes`): in a concolic execution, its fields, tag and
/// variants' fields are input variables until a call changes them (see
/// [`Concolic::built_from`]).
pub fn receiver(
    path: &[usize],
    names: &'static [&'static str],
    variants: &'static [(&'static str, &'static [&'static str])],
    genes: crate::genes::FieldGenes,
) {
    let _ = RECORDER.try_with(|cell| {
        if let Ok(mut recorder) = cell.try_borrow_mut()
            && let Some(concolic) = recorder.concolic.as_deref_mut()
        {
            concolic.built_from(path, names, variants, genes);
        }
    });
}

/// Decision `decision` is about to run; `probes` gives the values its shadow templates use.
/// Does nothing (and probes nothing) outside a concolic execution. Counts no step.
pub fn shadow_at<P: AsRef<[Probe]>>(
    function: &'static FunctionMeta,
    decision: u32,
    probes: impl FnOnce() -> P,
) {
    concolic_of(function, |concolic| {
        concolic.shadow_at(decision, probes().as_ref())
    });
}

/// What a def's value is computed from, probed before its statement runs (the statement may
/// move the locals it reads): the shadows of its template's slots.
#[derive(Debug)]
pub struct Pre(Option<Vec<Option<Expr>>>);

impl Pre {
    /// For a def whose template reads a decision's slots.
    pub const NONE: Pre = Pre(None);
}

/// Before the statement of def `def`: its shadow from the values `probes` gives.
pub fn def_pre<P: AsRef<[Probe]>>(
    function: &'static FunctionMeta,
    def: u32,
    probes: impl FnOnce() -> P,
) -> Pre {
    Pre(concolic_of(function, |concolic| {
        concolic.def_pre(def, probes().as_ref())
    })
    .flatten())
}

/// After the statement of def `def`: its local holds `value`.
pub fn def(function: &'static FunctionMeta, def: u32, pre: Pre, value: impl FnOnce() -> Probe) {
    concolic_of(function, |concolic| concolic.def(def, pre.0, value()));
}
