//! Arguments made by constructors: a value of a crate's type that genes cannot build, made
//! by one of its constructors with arguments from genes (`other` in `version.cmp(&other)`, a
//! `&Version` parameter of a function). In a concolic execution the shadows follow that
//! constructor in a frame of its own (nothing of it goes into the trace: see
//! `recorder::argument`), and the fields of `self` it sets as it returns (`Ok(Version {
//! major, minor, pre })`) become those of the parameter in the call it is made for
//! (`other.major`): shadows over the constructor's arguments.

use super::{Concolic, Frame};
use crate::record::expr::Expr;
use crate::record::templates::ShadowMeta;

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
}

impl Concolic {
    /// From now until [`Concolic::made`], what runs makes the argument of parameter `param`
    /// of the call in position `position` of the sequence (`None`: of the function searched,
    /// or of the constructor a sequence starts from): a constructor it calls is followed in a
    /// frame of its own ([`Concolic::enter`]). Arguments are made one at a time; a second call
    /// before [`Concolic::made`] is ignored (`false`).
    pub fn making(&mut self, position: Option<usize>, param: u32) -> bool {
        if self.making.is_some() {
            return false;
        }
        let outer = std::mem::replace(&mut self.frame, Frame::new(&ShadowMeta::NONE, None, None));
        self.making = Some(Making {
            position,
            param,
            outer,
        });
        true
    }

    /// The argument [`Concolic::making`] announced is made: the fields of `self` its
    /// constructor's frame set are kept for the call, and the frame set aside is back.
    pub fn made(&mut self) {
        let Some(making) = self.making.take() else {
            return;
        };
        let made = std::mem::replace(&mut self.frame, making.outer);
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
