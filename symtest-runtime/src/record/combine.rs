//! One branch table for several functions: an impl block searched as call sequences has the
//! branches of all its functions as targets, and one trace records a whole sequence.
//!
//! The functions keep their own tables, which their hooks name; the recorder, recording the
//! combined table, adds each member's offset to the decisions its hooks report (see
//! [`FunctionMeta::members`]).

use super::templates::ShadowMeta;
use super::trace::{DecisionMeta, FunctionMeta, LoopMeta, Member};

/// The combined table of `members`, named `name`: their decisions one after the other, each
/// member's control dependences and loops moved by its offset.
///
/// Built once per impl block and process, and kept for the process's lifetime (the recorder and
/// traces hold `&'static` tables). Path conditions and shadows are not combined: the enhanced
/// fitness does not follow a sequence of calls, and symbolic execution follows each call with its
/// own function's shadows; only the members' literals are gathered, for the constant pool.
pub fn combine(
    name: &'static str,
    module_path: &'static str,
    file: &'static str,
    line: u32,
    members: &[&'static FunctionMeta],
) -> &'static FunctionMeta {
    let mut decisions = Vec::new();
    let mut loops = Vec::new();
    let mut table = Vec::new();
    for &meta in members {
        let offset = decisions.len() as u32;
        table.push(Member { meta, offset });
        let moved = |ids: &[(u32, u32)]| -> &'static [(u32, u32)] {
            leak(ids.iter().map(|&(d, o)| (d + offset, o)).collect())
        };
        decisions.extend(meta.decisions.iter().map(|decision| DecisionMeta {
            kind: decision.kind,
            line: decision.line,
            column: decision.column,
            text: decision.text,
            outcomes: decision.outcomes,
            control: moved(decision.control),
            snapshot: decision.snapshot,
            compiled: decision.compiled,
        }));
        loops.extend(meta.loops.iter().map(|l| LoopMeta {
            line: l.line,
            head: l.head.map(|head| head + offset),
            decisions: leak(l.decisions.iter().map(|d| d + offset).collect()),
        }));
    }
    Box::leak(Box::new(FunctionMeta {
        decisions: leak(decisions),
        loops: leak(loops),
        // The members' literals, for the search's constant pool.
        shadow: ShadowMeta {
            constants: leak(
                members
                    .iter()
                    .flat_map(|meta| meta.shadow.constants.iter().copied())
                    .collect(),
            ),
            ..ShadowMeta::NONE
        },
        members: leak(table),
        ..FunctionMeta::bare(name, module_path, file, line)
    }))
}

fn leak<T>(items: Vec<T>) -> &'static [T] {
    Box::leak(items.into_boxed_slice())
}

impl FunctionMeta {
    /// Where the decisions of `function` start in this table: 0 for this table itself, the
    /// member's offset for a function combined into it, `None` for any other function.
    #[inline]
    pub fn offset_of(&self, function: &FunctionMeta) -> Option<u32> {
        if std::ptr::eq(self, function) {
            return Some(0);
        }
        self.members
            .iter()
            .find(|member| std::ptr::eq(member.meta, function))
            .map(|member| member.offset)
    }

    /// `function`'s position among this table's members (0 for this table itself).
    pub fn member_index(&self, function: &FunctionMeta) -> Option<u32> {
        if std::ptr::eq(self, function) {
            return Some(0);
        }
        let index = self
            .members
            .iter()
            .position(|member| std::ptr::eq(member.meta, function))?;
        Some(index as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decision(text: &'static str, control: &'static [(u32, u32)]) -> DecisionMeta {
        DecisionMeta {
            kind: "if",
            line: 1,
            column: 1,
            text,
            outcomes: &["true", "false"],
            control,
            snapshot: &[],
            compiled: &[],
        }
    }

    fn function(name: &'static str, decisions: Vec<DecisionMeta>) -> &'static FunctionMeta {
        Box::leak(Box::new(FunctionMeta {
            decisions: leak(decisions),
            loops: leak(vec![LoopMeta {
                line: 2,
                head: Some(0),
                decisions: &[0],
            }]),
            ..FunctionMeta::bare(name, "m", "f.rs", 1)
        }))
    }

    #[test]
    fn members_follow_one_another_with_their_dependences_moved() {
        let new = function("new", vec![decision("cap == 0", &[])]);
        let push = function(
            "push",
            vec![decision("full", &[]), decision("x > 0", &[(0, 1)])],
        );
        let other = function("other", Vec::new());
        let all = combine("Stack", "m", "f.rs", 1, &[new, push]);
        let texts: Vec<&str> = all.decisions.iter().map(|d| d.text).collect();
        assert_eq!(texts, ["cap == 0", "full", "x > 0"]);
        assert_eq!(all.decisions[2].control, [(1, 1)]);
        assert_eq!(all.loops[1].head, Some(1));
        assert_eq!(all.loops[1].decisions, [1]);
        assert_eq!(all.offset_of(new), Some(0));
        assert_eq!(all.offset_of(push), Some(1));
        assert_eq!(all.offset_of(all), Some(0));
        assert_eq!(all.offset_of(other), None);
        assert_eq!(all.branches().count(), 6);
    }
}
