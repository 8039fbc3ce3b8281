//! Operands: values of a sequence's own type that one of its calls takes (`other` in
//! `version.cmp(&other)`), made by a constructor whose arguments are genes of the call. In a
//! concolic execution the shadows follow that constructor in a frame of its own (nothing of it
//! goes into the trace: see `recorder::operand`), and the fields of `self` it sets as it
//! returns (`Ok(Version { major, minor, pre })`) become those of the parameter in the call
//! (`other.major`), shadows over the constructor's arguments.

use super::Concolic;
use crate::record::expr::Expr;

/// A field of a value of the sequence's type a call takes, made by a constructor whose
/// arguments are genes of the call (`other.major` of `version.cmp(&other)`, made by
/// `Version::parse(text)`): its shadow over those genes.
#[derive(Debug)]
pub(super) struct Operand {
    position: usize,
    param: u32,
    /// The field, as the constructor's frame names it (`self.major`).
    field: &'static str,
    shadow: Expr,
}

impl Concolic {
    /// From now until it is called with `None`, what the sequence runs makes the value its call
    /// in position `position` takes for parameter `param` (see `recorder::operand`): a
    /// constructor it calls is followed in a frame of its own, whose fields of `self` at its
    /// return become those of the parameter ([`Concolic::operand_fields`]).
    pub fn operand(&mut self, making: Option<(usize, u32)>) {
        self.making = making;
    }

    /// Keeps the fields of the operand the frame's constructor made, for `made`'s call.
    pub(super) fn keep_operand(&mut self, (position, param): (usize, u32)) {
        for &(local, field) in self.frame.meta.fields {
            if let Some(Some(shadow)) = self.frame.locals.get(local as usize) {
                self.operands.push(Operand {
                    position,
                    param,
                    field,
                    shadow: shadow.clone(),
                });
            }
        }
    }

    /// The frame's call, in position `position` of the sequence, starts: the fields of its
    /// parameters made by constructors (`other.major`) take their shadows.
    pub(super) fn operand_fields(&mut self, position: Option<usize>) {
        let operands = std::mem::take(&mut self.operands);
        for field in self.frame.meta.param_fields {
            if !field.variant.is_empty() || field.member.is_empty() {
                continue;
            }
            let made = operands.iter().find(|operand| {
                Some(operand.position) == position
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
