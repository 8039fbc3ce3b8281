//! One branch table for several functions: an impl block searched as call sequences has the
//! branches of all its functions as targets, and one trace records a whole sequence.
//!
//! The functions keep their own tables, which their hooks name; the recorder, recording the
//! combined table, adds each member's offset to the decisions its hooks report (see
//! [`FunctionMeta::members`]).

use super::templates::ShadowMeta;
use super::trace::{Branch, DecisionMeta, FunctionMeta, LoopMeta, Member};

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
    let members: Vec<(&'static FunctionMeta, Role)> =
        members.iter().map(|&meta| (meta, Role::Own)).collect();
    combine_marked(name, module_path, file, line, &members)
}

/// What a member of a combined table is to the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// The function searched, or a method of the block searched.
    Own,
    /// A callee whose branches are targets too.
    Callee,
    /// A callee searched on its own, whose branches are on the path only.
    Path,
}

/// [`combine`] of members each with its role.
fn combine_marked(
    name: &'static str,
    module_path: &'static str,
    file: &'static str,
    line: u32,
    members: &[(&'static FunctionMeta, Role)],
) -> &'static FunctionMeta {
    let mut decisions = Vec::new();
    let mut loops = Vec::new();
    let mut table = Vec::new();
    for &(meta, role) in members {
        let offset = decisions.len() as u32;
        table.push(Member {
            meta,
            offset,
            callee: role != Role::Own,
            path: role == Role::Path,
        });
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
                    .flat_map(|(meta, _)| meta.shadow.constants.iter().copied())
                    .collect(),
            ),
            ..ShadowMeta::NONE
        },
        members: leak(table),
        ..FunctionMeta::bare(name, module_path, file, line)
    }))
}

/// `function`'s table with the decisions of `callees` after its own: a function's search aims
/// at the branches of the instrumented functions it calls too (a generic worker behind a thin
/// wrapper, a helper taking a type symtest cannot build), and so does an impl block's, at those
/// its methods call. The table keeps its ids, name, loops, path conditions, paths and shadows,
/// which read its own decisions; the callees' hooks record at their offsets, and their shadows
/// stay out of its concolic executions (see `Concolic::follows`).
pub fn with_callees(
    function: &'static FunctionMeta,
    callees: &[&'static FunctionMeta],
) -> &'static FunctionMeta {
    with_callees_on_path(function, callees, &[])
}

/// [`with_callees`], and after those the callees `on_path` that are searched on their own:
/// their hooks record too, so a concolic execution that follows a call of one has its
/// branches on the path, for DSE to negate towards on the way to a target behind it
/// (`Req::parse(text)` returns early unless `Version::parse` of the rest does not), but they
/// are no targets (see [`Member::path`]).
pub fn with_callees_on_path(
    function: &'static FunctionMeta,
    callees: &[&'static FunctionMeta],
    on_path: &[&'static FunctionMeta],
) -> &'static FunctionMeta {
    if callees.is_empty() && on_path.is_empty() {
        return function;
    }
    // A block's methods, in their order (so at their offsets), or the function itself.
    let own: Vec<(&'static FunctionMeta, Role)> = match function.is_sequence() {
        true => (function.members.iter())
            .filter(|member| !member.callee)
            .map(|member| (member.meta, Role::Own))
            .collect(),
        false => vec![(function, Role::Own)],
    };
    let members: Vec<(&'static FunctionMeta, Role)> = own
        .into_iter()
        .chain(callees.iter().map(|&callee| (callee, Role::Callee)))
        .chain(on_path.iter().map(|&callee| (callee, Role::Path)))
        .collect();
    let combined = combine_marked(
        function.name,
        function.module_path,
        function.file,
        function.line,
        &members,
    );
    Box::leak(Box::new(FunctionMeta {
        params: function.params,
        returns: function.returns,
        // The function's own loops, which its path list is cut by; a callee's loops are its
        // branches alone here.
        loops: function.loops,
        symbolic: function.symbolic.same(),
        paths: function.paths.same(),
        shadow: ShadowMeta {
            constants: combined.shadow.constants,
            ..function.shadow
        },
        ..*combined
    }))
}

/// The members of a table made by [`with_callees`] that are callees, each with where its
/// decisions start; empty for any other table.
pub fn callees_of(table: &FunctionMeta) -> &[Member] {
    match table.members.iter().position(|member| member.callee) {
        Some(first) => &table.members[first..],
        None => &[],
    }
}

fn leak<T>(items: Vec<T>) -> &'static [T] {
    Box::leak(items.into_boxed_slice())
}

impl FunctionMeta {
    /// Whether this is an impl block's table, searched as call sequences (with its callees or
    /// not), rather than a function's (with its callees or not): its first member is a method,
    /// not the function itself ([`with_callees`] puts callees after either).
    pub fn is_sequence(&self) -> bool {
        self.members.first().is_some_and(|first| {
            !(first.offset == 0
                && first.meta.name == self.name
                && first.meta.line == self.line
                && first.meta.file == self.file)
        })
    }

    /// How many of the decisions are targets: all but those of the callees on the path only
    /// (see [`with_callees_on_path`]), which come last.
    pub fn target_decisions(&self) -> usize {
        let path = self.members.iter().find(|member| member.path);
        path.map_or(self.decisions.len(), |member| member.offset as usize)
    }

    /// The name a call by a plain path gives the function: its last segment
    /// (`Version::parse` is called as `parse`, `STok::Invoke`'s name).
    pub fn called_as(&self) -> &'static str {
        self.name.rsplit("::").next().unwrap_or(self.name)
    }

    /// The decisions that are targets, in id order: all but those of the callees on the path
    /// only (see [`FunctionMeta::target_decisions`]).
    pub fn target_decision_metas(&self) -> &'static [DecisionMeta] {
        &self.decisions[..self.target_decisions()]
    }

    /// Whether a report may name `branch`: any but those of a callee on the path only (their
    /// boundaries included).
    pub fn reports(&self, branch: Branch) -> bool {
        let decision = branch.decision as usize;
        decision < self.target_decisions() || decision >= self.decisions.len()
    }

    /// The branches of `branches` a report may name (see [`FunctionMeta::reports`]).
    pub fn reported(&self, branches: impl IntoIterator<Item = Branch>) -> Vec<Branch> {
        let reports = branches.into_iter().filter(|b| self.reports(*b));
        reports.collect()
    }

    /// How many of the decisions are the function's own: those before its callees' (see
    /// [`with_callees`]); all of them in any other table.
    pub fn own_decisions(&self) -> usize {
        callees_of(self)
            .first()
            .map_or(self.decisions.len(), |callee| callee.offset as usize)
    }

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

    /// A callee searched on its own is on the path only: its decisions are recorded, after
    /// the targets', but no branch of it is a target, a boundary or a report's.
    #[test]
    fn callees_on_the_path_are_recorded_last_and_never_targets() {
        let caller = function("parse_req", vec![decision("rest?", &[])]);
        let helper = function("helper", vec![decision("c == '-'", &[])]);
        let worker = function(
            "parse_version",
            vec![decision("has dot", &[]), decision("n", &[])],
        );
        let table = with_callees_on_path(caller, &[helper], &[worker]);
        let texts: Vec<&str> = table.decisions.iter().map(|d| d.text).collect();
        assert_eq!(texts, ["rest?", "c == '-'", "has dot", "n"]);
        assert_eq!(table.own_decisions(), 1);
        assert_eq!(table.target_decisions(), 2);
        assert_eq!(table.offset_of(worker), Some(2));
        let targets: Vec<u32> = table.branches().map(|b| b.decision).collect();
        assert_eq!(targets, [0, 0, 1, 1]);
        let branch = |decision| Branch {
            decision,
            outcome: 0,
        };
        assert!(table.reports(branch(1)));
        assert!(!table.reports(branch(2)));
        assert!(!table.reports(branch(3)));
        assert!(!table.reports(crate::record::boundary::boundary_of(branch(3))));
        // A table without path members has every decision as a target.
        let plain = with_callees(caller, &[helper]);
        assert_eq!(plain.target_decisions(), 2);
        assert!(plain.reports(branch(1)));
        // Callees on the path alone still make a table of their own.
        let only_path = with_callees_on_path(caller, &[], &[worker]);
        assert_eq!(only_path.own_decisions(), 1);
        assert_eq!(only_path.target_decisions(), 1);
    }
}
