//! What a search child process reports about one function, read from its JSON lines: the
//! branch table, the settings used, the kept inputs, the chosen tests and how it ended.

use serde::{Deserialize, Serialize};

/// One decision of the function (see `symtest_runtime::trace::DecisionMeta`).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct Decision {
    pub id: u32,
    /// `if`, `while`, `match`, `for`, `?`, `guard`, `condition`, `if let`, …
    pub kind: String,
    pub line: u32,
    pub column: u32,
    /// The predicate or pattern as written.
    pub text: String,
    /// Outcome names: `true`/`false`, the arm patterns of a `match`, …
    pub outcomes: Vec<String>,
    /// Whether each outcome is compiled in (empty when all are): only those are branches.
    #[serde(default)]
    pub compiled: Vec<bool>,
    /// A comparison: each branch also has a boundary target (the two sides equal or one
    /// apart), reported as the branch's outcome plus [`BOUNDARY`].
    #[serde(default)]
    pub boundary: bool,
    /// The callee whose decision this is (`crate::worker`), for a decision of a function the
    /// searched one calls; `None` for its own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub function: Option<String>,
}

/// Added to an outcome to name its boundary (`symtest_runtime::record::boundary::BOUNDARY`).
pub const BOUNDARY: u32 = 1 << 16;

impl Decision {
    /// Whether this decision records the class of the returned value (`true`/`false`,
    /// `Some`/`None`, …): its outcomes are output targets, counted apart from the branches.
    pub fn is_output(&self) -> bool {
        self.kind == "returns"
    }

    /// Whether this is a decision of the searched function itself, not of a callee.
    pub fn is_own(&self) -> bool {
        self.function.is_none()
    }

    /// The outcomes that are branches of this build, with their index.
    pub fn branches(&self) -> impl Iterator<Item = (u32, &str)> {
        self.outcomes
            .iter()
            .enumerate()
            .filter(|(index, _)| self.compiled.get(*index).copied().unwrap_or(true))
            .map(|(index, name)| (index as u32, name.as_str()))
    }
}

/// A branch: `(decision id, outcome index)`.
pub type Branch = (u32, u32);

/// Search settings, as recorded in the generated code so later runs can reuse them.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub struct Settings {
    pub seed: u64,
    pub algorithm: String,
    pub budget_evals: u64,
    /// `standard` or `enhanced`.
    pub fitness: String,
    /// `branch`, `path`, `field` or `field-transcoped`.
    #[serde(default = "branch_criterion")]
    pub criterion: String,
}

/// The criterion of settings recorded before there was a choice.
pub fn branch_criterion() -> String {
    "branch".to_string()
}

/// The decision id that names paths (`symtest_runtime::record::path::PATH`): a covered
/// `(PATH, i)` is listed path `i`.
pub const PATH: u32 = u32::MAX;

/// The decision id that names (field, class) pairs (`symtest_runtime::record::fields::FIELD`),
/// each a hash of the pair's label. Pseudo-decisions count down from [`PATH`]: a decision id
/// at or above this one names no branch of the code.
pub const FIELD: u32 = u32::MAX - 1;

/// The paths of a function's body (see the path criterion): how many `#[symtest]` listed,
/// whether it had more, and which the written tests take.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
pub struct Paths {
    pub listed: usize,
    pub capped: bool,
    #[serde(default)]
    pub covered: Vec<Branch>,
}

/// How one execution ended.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Returned: the value as a Rust expression of the return type where the type allows,
    /// and as its `Debug` text where it implements `Debug`.
    Returned {
        literal: Option<String>,
        debug: Option<String>,
        /// The type implements `PartialEq`, so `assert_eq!` works on it.
        #[serde(default)]
        comparable: bool,
    },
    Panicked {
        message: String,
        location: Option<String>,
    },
    /// Ran out of its step budget (a loop that does not end).
    Timeout,
    /// Not called: a constructor that makes an argument made none (the runtime keeps no such
    /// input, but a rerun of a test whose constructor behaves differently can end so).
    Invalid,
}

impl Outcome {
    /// Whether a test can come of an input that ended so: not one that ran out of steps, nor
    /// one whose arguments could not be made.
    pub fn makes_test(&self) -> bool {
        !matches!(self, Outcome::Timeout | Outcome::Invalid)
    }
}

/// One chosen, shrunk test input and what the function did with it.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct TestCase {
    /// Each argument as a Rust expression, in parameter order (`-7`, `"ab"`, `&[1, 2]`).
    pub args: Vec<String>,
    /// Every branch the input covers.
    pub covers: Vec<Branch>,
    pub outcome: Outcome,
    /// False when two runs of the same input ended differently: such a test is written
    /// without an assertion on the result, and reported.
    pub deterministic: bool,
    /// The (field, class) pairs in `covers`, by outcome id, with their labels
    /// (`items: len 4+`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<(u32, String)>,
}

/// Everything known about one function after its search; shard runs save it as JSON, its
/// parts in the form the child writes them, for `apply` to read back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct FunctionReport {
    /// `crate::module::name`.
    pub path: String,
    pub name: String,
    /// Source file as the compiler saw it (`file!()`).
    pub file: String,
    /// Line of the `fn` keyword.
    pub line: u32,
    /// Parameter patterns as written.
    pub params: Vec<String>,
    /// The methods of an impl block searched as call sequences (see [`FunctionLine`]).
    #[serde(default)]
    pub sequence: bool,
    pub decisions: Vec<Decision>,
    pub settings: Settings,
    pub tests: Vec<TestCase>,
    /// Branches the written tests cover: what the search reached with inputs that ran out of
    /// steps, crashed or ended differently from run to run is not counted.
    pub covered: Vec<Branch>,
    /// Output classes (see [`Decision::is_output`]) the written tests reach.
    #[serde(default)]
    pub outputs: Vec<Branch>,
    /// Branches of callees (see [`Decision::function`]) the written tests cover.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<Branch>,
    /// Boundaries of comparisons (see [`Decision::boundary`]) the written tests reach.
    #[serde(default)]
    pub boundaries: Vec<Branch>,
    /// The listed paths of the body, and those the written tests take.
    #[serde(default)]
    pub paths: Paths,
    /// The (field, class) pairs of the value a sequence tests that the written tests cover
    /// (see the field criterion).
    #[serde(default)]
    pub fields: Vec<Branch>,
    /// The mutation score of the suite the search chose, when it was analysed.
    #[serde(default)]
    pub mutants: Option<Mutants>,
    pub evaluations: u64,
    pub elapsed_ms: f64,
    /// How the search ended when it did not finish: crashed, timed out, failed to start.
    pub problem: Option<String>,
    /// Arguments of inputs that ran out of steps (endless loops): reported, never tested.
    pub timeouts: Vec<Vec<String>>,
    /// Tests left out because their runs ended differently in separate processes, or reach a
    /// decision that another input's runs took different ways: their arguments and why, as a
    /// phrase after the call (`ended differently from run to run (returned, panicked)`).
    #[serde(default)]
    pub dropped: Vec<(Vec<String>, String)>,
    /// Inputs that crashed the search process (abort, stack overflow, exit, out of memory):
    /// written as ignored tests that reproduce the crash; the search went on without them.
    #[serde(default)]
    pub crashes: Vec<Crash>,
    /// Why the function was not searched (it is generic, takes a type genes cannot build, …):
    /// it gets no tests, and the summary lists it as skipped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub skipped: Option<String>,
    /// The functions of an impl block its call sequences left out, each with why.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub left_out: Vec<Skip>,
    /// For a generic function, the types it was searched with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generic: Option<Generic>,
    /// For a function that writes to a `&mut fmt::Formatter`, that parameter's position: its
    /// tests call it through `std::fmt::from_fn` and assert what it wrote.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub formats: Option<usize>,
    /// For a function returning an `impl Trait`, how its tests use the result, `{call}`
    /// standing for the call (`{call}.collect::<Vec<_>>()`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
    /// The mutants the tests let live, where the analysis ran.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub survivors: Vec<Survivor>,
    /// How the search's coverage rose, for the report's plots.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub convergence: Vec<Point>,
}

/// A moment of a search (`symtest_runtime::search::progress::Point`): the branches of the
/// function's code its inputs covered so far, after this many evaluations and this long, and
/// the phase of the algorithm running then. A point marks a rise in coverage or the start of
/// a phase; the mutation analysis's runs count as evaluations.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct Point {
    /// `start`, `dynamosa`, the algorithm of one target at a time (`hybrid`, `avm`, …),
    /// `dse` or `mutation`.
    pub phase: String,
    pub evaluations: u64,
    pub elapsed_ms: f64,
    pub covered: usize,
}

/// A mutant the tests let live: where, and what it changes.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct Survivor {
    pub site: MutantSite,
    /// `replace` (a comparison's operator, `to`), `shift` (its literal operand by `to`),
    /// `always` (the predicate as the constant `to`), `junction` (`&&` as `||` or back),
    /// `arith` (an arithmetic operator, `to`).
    pub kind: String,
    /// The operator the code has, where the mutant replaces one.
    #[serde(default)]
    pub from: Option<String>,
    #[serde(default)]
    pub to: serde_json::Value,
}

/// Where a mutant changes the code: a decision of the function's table, or an arithmetic
/// operator (its function in the table and its index there), which has no line.
#[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
pub struct MutantSite {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operator: Option<(u32, u32)>,
}

/// An item `cargo symtest` did not search, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Skip {
    /// `crate::module::name`, `crate::module::Type::method`.
    pub path: String,
    pub reason: String,
}

/// Every item the reports did not search: skipped functions and the functions their impl
/// blocks' sequences left out, in report order.
pub fn skips<'a>(reports: impl IntoIterator<Item = &'a FunctionReport>) -> Vec<Skip> {
    let mut skips = Vec::new();
    for report in reports {
        if let Some(reason) = &report.skipped {
            skips.push(Skip {
                path: report.path.clone(),
                reason: reason.clone(),
            });
        }
        skips.extend(report.left_out.iter().cloned());
    }
    skips
}

/// An input that crashed the process, and how the process ended.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
pub struct Crash {
    /// Each argument as a Rust expression, in parameter order.
    pub args: Vec<String>,
    /// How the process ended: `overflowed its stack`, `exited with code 3`, …
    pub how: String,
}

impl FunctionReport {
    /// Branches of the code: output classes are not counted.
    pub fn branch_count(&self) -> usize {
        self.decisions
            .iter()
            .filter(|d| d.is_own() && !d.is_output())
            .map(|d| d.branches().count())
            .sum()
    }

    /// Whether `branch` is an outcome of a decision of the code, the function's or a callee's:
    /// not an output class, a boundary, a path or a (field, class) pair.
    pub fn is_code_branch(&self, (id, outcome): Branch) -> bool {
        let output = self.decisions.iter().any(|d| d.id == id && d.is_output());
        !output && id < FIELD && outcome < BOUNDARY
    }

    /// Output classes of the return type.
    pub fn output_count(&self) -> usize {
        self.decisions
            .iter()
            .filter(|d| d.is_own() && d.is_output())
            .map(|d| d.outcomes.len())
            .sum()
    }

    /// Boundaries of the comparisons' branches.
    pub fn boundary_count(&self) -> usize {
        self.decisions
            .iter()
            .filter(|d| d.is_own() && d.boundary)
            .map(|d| d.branches().count())
            .sum()
    }

    /// Sets what the written tests cover: the branches, and apart from them the output
    /// classes and the boundaries.
    pub fn set_covered(&mut self) {
        let all = covered_by_tests(&self.tests);
        let (paths, all): (Vec<Branch>, Vec<Branch>) =
            all.into_iter().partition(|&(decision, _)| decision == PATH);
        self.paths.covered = paths;
        let (fields, all): (Vec<Branch>, Vec<Branch>) = all
            .into_iter()
            .partition(|&(decision, _)| decision == FIELD);
        self.fields = fields;
        // A callee's branches are counted apart; its boundaries and output classes not at all.
        let callee = |decision: u32| {
            self.decisions
                .iter()
                .any(|d| d.id == decision && !d.is_own())
        };
        let (callees, all): (Vec<Branch>, Vec<Branch>) =
            all.into_iter().partition(|&(decision, _)| callee(decision));
        let output = |decision: u32| {
            self.decisions
                .iter()
                .any(|d| d.id == decision && d.is_output())
        };
        self.also = callees
            .into_iter()
            .filter(|&(decision, outcome)| outcome < BOUNDARY && !output(decision))
            .collect();
        let (boundaries, rest): (Vec<Branch>, Vec<Branch>) = all
            .into_iter()
            .partition(|&(_, outcome)| outcome >= BOUNDARY);
        let (outputs, branches) = rest
            .into_iter()
            .partition(|&(decision, _)| output(decision));
        self.covered = branches;
        self.outputs = outputs;
        self.boundaries = boundaries;
    }

    /// Each callee whose branches the function's search aimed at, with its branches and those
    /// the written tests cover, in the order of its decisions.
    pub fn callees(&self) -> Vec<(&str, usize, usize)> {
        let mut callees: Vec<(&str, usize, usize)> = Vec::new();
        for decision in self.decisions.iter().filter(|d| !d.is_output()) {
            let Some(function) = decision.function.as_deref() else {
                continue;
            };
            let branches = decision.branches().count();
            let covered = decision
                .branches()
                .filter(|(index, _)| self.also.contains(&(decision.id, *index)))
                .count();
            match callees.iter_mut().find(|(name, _, _)| *name == function) {
                Some(entry) => {
                    entry.1 += branches;
                    entry.2 += covered;
                }
                None => callees.push((function, branches, covered)),
            }
        }
        callees
    }

    pub fn site(&self) -> Site<'_> {
        Site {
            path: &self.path,
            name: &self.name,
            file: &self.file,
            line: self.line,
        }
    }
}

/// Where the compiler saw a function: its path, name, source file (`file!()`) and the line of
/// its `fn` keyword.
#[derive(Clone, Copy, Debug)]
pub struct Site<'a> {
    pub path: &'a str,
    pub name: &'a str,
    pub file: &'a str,
    pub line: u32,
}

/// What a child wrote, line by line; missing parts mean it did not get that far.
#[derive(Clone, Debug, Default)]
pub struct Lines {
    pub function: Option<FunctionLine>,
    /// Raw `input` lines, kept verbatim to replay them after a crash.
    pub inputs: Vec<String>,
    pub tests: Vec<TestCase>,
    /// Raw `test` lines, in the order of `tests`, kept verbatim to rerun them.
    pub test_lines: Vec<String>,
    /// How the search for each branch went (one line per target).
    pub targets: Vec<TargetLine>,
    pub done: Option<Done>,
}

/// The search for one branch: whether it was covered and the evaluations it took.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct TargetLine {
    pub branch: Branch,
    pub covered: bool,
    pub evaluations: u64,
    /// Wall time of the target's search.
    #[serde(default)]
    pub elapsed_ms: f64,
    #[serde(default)]
    pub solver: SolverCalls,
}

/// Constraint systems DSE met while searching one target.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct SolverCalls {
    /// Given to the solver.
    pub solved: u64,
    /// Of those, solved.
    pub succeeded: u64,
    /// Skipped on the feasibility predictor's vote.
    pub skipped: u64,
}

/// The first line: the branch table and the settings the search used.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct FunctionLine {
    pub name: String,
    pub path: String,
    pub file: String,
    pub line: u32,
    pub params: Vec<String>,
    /// The return type as written.
    #[serde(default)]
    pub returns: String,
    /// The methods of an impl block, searched as call sequences: a test's arguments are the
    /// statements of its body.
    #[serde(default)]
    pub sequence: bool,
    /// The paths of the functions a sequence calls (its members).
    #[serde(default)]
    pub members: Vec<String>,
    pub decisions: Vec<Decision>,
    pub seed: u64,
    pub algorithm: String,
    pub budget_evals: u64,
    /// The paths `#[symtest]` listed (`covered` empty here).
    #[serde(default)]
    pub paths: Paths,
    /// Why the function cannot be searched, when it cannot.
    #[serde(default)]
    pub skipped: Option<String>,
    /// The functions of an impl block its sequences leave out (`Stack::open`), with why.
    #[serde(default)]
    pub left_out: Vec<LeftOut>,
    /// For a generic function, the types it is searched with.
    #[serde(default)]
    pub generic: Option<Generic>,
    /// For a function that writes to a `&mut fmt::Formatter`, that parameter's position.
    #[serde(default)]
    pub formats: Option<usize>,
    /// For a function returning an `impl Trait`, how its tests use the result.
    #[serde(default)]
    pub result: Option<String>,
}

/// The types a generic function is searched with, as the child tells them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
pub struct Generic {
    /// What tests write after the function's name (`::<u64>`; empty where the arguments
    /// give the types).
    pub turbofish: String,
    /// `T = u64, U = &str`.
    pub types: String,
    /// The type a blanket impl's methods are called on (`Vec<u8>`), which tests name in place
    /// of the block's parameter; with the trait (`[u16; 2] as From<Span<u16>>`) where the
    /// block is of another type or its trait names a parameter; empty otherwise.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub self_type: String,
}

/// A function an impl block's sequences leave out, as the child names it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct LeftOut {
    pub name: String,
    pub reason: String,
}

impl FunctionLine {
    /// The functions the sequences leave out, by path: the block's module, then their name.
    pub fn left_out(&self) -> Vec<Skip> {
        let module = self.path.rsplit_once("::").map_or("", |(module, _)| module);
        self.left_out
            .iter()
            .map(|left| Skip {
                path: format!("{module}::{}", left.name),
                reason: left.reason.clone(),
            })
            .collect()
    }

    pub fn site(&self) -> Site<'_> {
        Site {
            path: &self.path,
            name: &self.name,
            file: &self.file,
            line: self.line,
        }
    }
}

/// The last line of a search that finished.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Done {
    pub evaluations: u64,
    pub elapsed_ms: f64,
    pub covered: Vec<Branch>,
    #[serde(default)]
    pub mutants: Option<Mutants>,
    #[serde(default)]
    pub survivors: Vec<Survivor>,
    #[serde(default)]
    pub convergence: Vec<Point>,
}

/// The in-process mutation analysis of a function's suite: mutants of its decisions (other
/// relational operators, predicates forced true or false) and how many the tests kill.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Mutants {
    pub total: usize,
    pub killed: usize,
    /// Tests added to the suite because they kill mutants the branch tests let live.
    pub added: usize,
    /// Whether the analysis ran out of executions before trying every pair.
    pub capped: bool,
}

#[derive(Deserialize)]
struct Tagged {
    #[serde(rename = "type")]
    kind: String,
}

/// Reads a child's JSON lines. A line that does not parse (a crash cut it short) ends the
/// reading: everything before it is kept.
pub fn parse_lines(text: &str) -> Lines {
    let mut lines = Lines::default();
    for line in text.lines() {
        let Ok(Tagged { kind }) = serde_json::from_str::<Tagged>(line) else {
            break;
        };
        let parsed = match kind.as_str() {
            "function" => serde_json::from_str(line).map(|f| lines.function = Some(f)),
            "input" => {
                lines.inputs.push(line.to_string());
                Ok(())
            }
            "test" => serde_json::from_str(line).map(|t| {
                lines.tests.push(t);
                lines.test_lines.push(line.to_string());
            }),
            "target" => serde_json::from_str(line).map(|t| lines.targets.push(t)),
            "done" => serde_json::from_str(line).map(|d| lines.done = Some(d)),
            _ => Ok(()),
        };
        if parsed.is_err() {
            break;
        }
    }
    lines
}

/// The arguments of the `input` lines whose execution ran out of steps.
pub fn timeouts(inputs: &[String]) -> Vec<Vec<String>> {
    #[derive(Deserialize)]
    struct Input {
        args: Vec<String>,
        outcome: Outcome,
    }
    inputs
        .iter()
        .filter_map(|line| serde_json::from_str::<Input>(line).ok())
        .filter(|input| input.outcome == Outcome::Timeout)
        .map(|input| input.args)
        .collect()
}

/// The branches the tests cover, leaving out those that ran out of steps (they are not written).
pub fn covered_by_tests(tests: &[TestCase]) -> Vec<Branch> {
    let mut covered: Vec<Branch> = tests
        .iter()
        .filter(|test| test.outcome.makes_test())
        .flat_map(|test| test.covers.iter().copied())
        .collect();
    covered.sort_unstable();
    covered.dedup();
    covered
}

#[cfg(test)]
mod tests {
    use super::*;

    const FUNCTION: &str = r#"{"type":"function","name":"f","path":"c::f","file":"src/lib.rs","line":3,"params":["x"],"decisions":[{"id":0,"kind":"if","line":4,"column":8,"text":"x > 0","outcomes":["true","false"],"control":[]}],"loops":[],"seed":7,"algorithm":"avm","budget_evals":100,"budget_secs":1.0,"step_budget":10,"serendipity":true}"#;

    #[test]
    fn a_complete_run_parses_into_all_parts() {
        let text = [
            FUNCTION,
            r#"{"type":"input","genes":{"list":[]},"args":["1"],"covers":[[0,0]],"new":[[0,0]],"outcome":{"returned":{"literal":"1","debug":"1"}},"evaluations":1,"elapsed_ms":0.1}"#,
            r#"{"type":"test","genes":{"list":[]},"args":["1"],"covers":[[0,0]],"outcome":{"panicked":{"message":"boom","location":null}},"deterministic":true}"#,
            r#"{"type":"done","evaluations":5,"elapsed_ms":1.5,"covered":[[0,0]],"branches":2}"#,
        ]
        .join("\n");
        let lines = parse_lines(&text);
        let function = lines.function.unwrap_or_else(|| panic!("no function line"));
        assert_eq!(
            (
                function.name.as_str(),
                function.seed,
                function.decisions.len()
            ),
            ("f", 7, 1)
        );
        assert_eq!(lines.inputs.len(), 1);
        assert_eq!(
            lines.tests[0].outcome,
            Outcome::Panicked {
                message: "boom".into(),
                location: None
            }
        );
        assert_eq!(lines.done.map(|d| d.covered), Some(vec![(0, 0)]));
    }

    #[test]
    fn a_line_cut_short_by_a_crash_ends_reading() {
        let text = format!("{FUNCTION}\n{{\"type\":\"input\",\"gen");
        let lines = parse_lines(&text);
        assert!(lines.function.is_some());
        assert!(lines.inputs.is_empty() && lines.done.is_none());
    }
}
