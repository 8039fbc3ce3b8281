//! Arguments made by constructors: a value of a crate's type that genes cannot build, made
//! by one of its constructors with arguments from genes (`other` in `version.cmp(&other)`, a
//! `&Version` parameter of a function). In a concolic execution the shadows follow that
//! constructor in a frame of its own (nothing of it goes into the trace: see
//! `recorder::argument`), and the fields of `self` it sets as it returns (`Ok(Version {
//! major, minor, pre })`) become those of the parameter in the call it is made for
//! (`other.major`): shadows over the constructor's arguments.

use super::{Concolic, Frame, PathEntry};
use crate::record::expr::Expr;
use crate::record::templates::ShadowMeta;
use crate::record::trace::FunctionMeta;

/// Most branches one making records: a constructor's checks, not its loops.
const MAX_MADE_BRANCHES: usize = 64;

/// A field of an argument made by a constructor, with its shadow.
#[derive(Debug)]
pub(super) struct Operand {
    /// The call of the sequence it is made for; `None` for the function searched, or for the
    /// constructor a sequence starts from.
    position: Option<usize>,
    param: u32,
    /// The field, as the constructor's frame names it (`self.major`).
    field: &'static str,
    shadow: Expr,
}

/// An argument being made: for which call and parameter, and the frame its making set aside.
#[derive(Debug)]
pub(super) struct Making {
    position: Option<usize>,
    param: u32,
    outer: Frame,
    /// The branches its constructor took, as [`MadePath::path`] records them.
    path: MadePath,
}

/// The branches the constructor that made an argument took, kept apart from the path of the
/// execution (they are no branches of the function searched): where a decision reads what
/// only some paths of a constructor make (the label only `parse` of a text with a `-` sets),
/// DSE over these paths makes values the search has not seen.
#[derive(Clone, Debug, Default)]
pub struct MadePath {
    /// Where the argument's genes are in the input.
    pub at: Vec<usize>,
    /// The constructor that made it, `None` if none started.
    pub constructor: Option<&'static FunctionMeta>,
    /// The decisions of the constructor, and of the functions of the crate it called that the
    /// shadows followed (`from_str` calling `Self::parse`), in the order they were taken:
    /// constraints over the execution's input variables. A decision's id is its own id in
    /// its function plus [`FUNCTION_STRIDE`] times the function's index in `functions`.
    pub path: Vec<PathEntry>,
    /// The functions whose decisions `path` holds, in the order they first took one.
    pub functions: Vec<&'static FunctionMeta>,
    /// Whether it made a value (an `Err`, `None` or panic makes none).
    pub made: bool,
}

/// How [`MadePath::path`] numbers the decisions of the functions it holds apart.
pub const FUNCTION_STRIDE: u32 = 1 << 16;

impl Concolic {
    /// From now until [`Concolic::made`], what runs makes the argument of parameter `param`
    /// of the call in position `position` of the sequence (`None`: of the function searched,
    /// or of the constructor a sequence starts from): a constructor it calls is followed in a
    /// frame of its own ([`Concolic::enter`]). Arguments are made one at a time; a second call
    /// before [`Concolic::made`] is ignored (`false`).
    /// Its genes are at `at` in the input.
    pub fn making(&mut self, position: Option<usize>, param: u32, at: &[usize]) -> bool {
        if self.making.is_some() {
            return false;
        }
        let outer = std::mem::replace(&mut self.frame, Frame::new(&ShadowMeta::NONE, None, None));
        self.making = Some(Making {
            position,
            param,
            outer,
            path: MadePath {
                at: at.to_vec(),
                ..MadePath::default()
            },
        });
        true
    }

    /// `function`, a constructor, starts making the argument.
    pub(super) fn made_by(&mut self, function: &'static FunctionMeta) {
        if let Some(making) = &mut self.making {
            making.path.constructor.get_or_insert(function);
        }
    }

    /// Decision `decision` of `function` took outcome `taken` (of `outcomes`) while an argument
    /// is made: recorded on its [`MadePath`] where the shadows follow `function` (the
    /// constructor, or a function of the crate it called).
    pub fn record_made(
        &mut self,
        function: &'static FunctionMeta,
        decision: u32,
        taken: usize,
        outcomes: usize,
    ) {
        let followed = self
            .frame
            .function
            .is_some_and(|f| std::ptr::eq(f, function));
        let Some(making) = self.making.as_mut().filter(|_| followed) else {
            return;
        };
        let made = &mut making.path;
        if made.path.len() >= MAX_MADE_BRANCHES || decision >= FUNCTION_STRIDE {
            return;
        }
        let index = match made
            .functions
            .iter()
            .position(|f| std::ptr::eq(*f, function))
        {
            Some(index) => index,
            None => {
                made.functions.push(function);
                made.functions.len() - 1
            }
        };
        let id = decision + FUNCTION_STRIDE * index as u32;
        let entry = self.entry(Some(decision), id, taken, outcomes);
        if let Some(making) = &mut self.making {
            making.path.path.push(entry);
        }
    }

    /// The paths of the constructors that made the execution's arguments, in the order they
    /// were made.
    pub fn take_made_paths(&mut self) -> Vec<MadePath> {
        std::mem::take(&mut self.made_paths)
    }

    /// The argument [`Concolic::making`] announced is made (`value`: its constructor made
    /// one): the fields of `self` its constructor's frame set are kept for the call, its path
    /// with the execution's other [`MadePath`]s, and the frame set aside is back.
    pub fn made(&mut self, value: bool) {
        let Some(mut making) = self.making.take() else {
            return;
        };
        let made = std::mem::replace(&mut self.frame, making.outer);
        making.path.made = value;
        self.made_paths.push(making.path);
        if made.function.is_none() {
            return;
        }
        for &(local, field) in made.meta.fields {
            if let Some(Some(shadow)) = made.locals.get(local as usize) {
                self.operands.push(Operand {
                    position: making.position,
                    param: making.param,
                    field,
                    shadow: shadow.clone(),
                });
            }
        }
    }

    /// Whether an argument is being made.
    pub(super) fn is_making(&self) -> bool {
        self.making.is_some()
    }

    /// The frame's function starts, the call in position `position` of the sequence (`None`:
    /// the function searched, or the constructor a sequence starts from): the fields of its
    /// parameters made by constructors (`other.major`) take their shadows.
    pub(super) fn operand_fields(&mut self, position: Option<usize>) {
        let operands = std::mem::take(&mut self.operands);
        for field in self.frame.meta.param_fields {
            if !field.variant.is_empty() || field.member.is_empty() {
                continue;
            }
            let made = operands.iter().find(|operand| {
                operand.position == position
                    && operand.param == field.param
                    && operand.field.strip_prefix("self.") == Some(field.member)
            });
            if let (Some(made), Some(slot)) =
                (made, self.frame.locals.get_mut(field.local as usize))
            {
                *slot = Some(made.shadow.clone());
            }
        }
    }
}
