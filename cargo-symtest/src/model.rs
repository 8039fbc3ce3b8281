//! What a search child process reports about one function, read from its JSON lines: the
//! branch table, the settings used, the kept inputs, the chosen tests and how it ended.

use serde::Deserialize;

/// One decision of the function (see `symtest_runtime::trace::DecisionMeta`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
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
}

/// A branch: `(decision id, outcome index)`.
pub type Branch = (u32, u32);

/// Search settings, as recorded in the generated code so later runs can reuse them.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct Settings {
    pub seed: u64,
    pub algorithm: String,
    pub budget_evals: u64,
}

/// How one execution ended.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Returned: the value as a Rust expression of the return type where the type allows,
    /// and as its `Debug` text where it implements `Debug`.
    Returned { literal: Option<String>, debug: Option<String> },
    Panicked { message: String, location: Option<String> },
    /// Ran out of its step budget (a loop that does not end).
    Timeout,
}

/// One chosen, shrunk test input and what the function did with it.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct TestCase {
    /// Each argument as a Rust expression, in parameter order (`-7`, `"ab"`, `&[1, 2]`).
    pub args: Vec<String>,
    /// Every branch the input covers.
    pub covers: Vec<Branch>,
    pub outcome: Outcome,
    /// False when two runs of the same input ended differently: such a test is written
    /// without an assertion on the result, and reported.
    pub deterministic: bool,
}

/// Everything known about one function after its search.
#[derive(Clone, Debug, PartialEq)]
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
    pub decisions: Vec<Decision>,
    pub settings: Settings,
    pub tests: Vec<TestCase>,
    /// Branches covered by all inputs the search kept (a superset of the tests' coverage
    /// only when a test was dropped, e.g. for a timeout).
    pub covered: Vec<Branch>,
    pub evaluations: u64,
    pub elapsed_ms: f64,
    /// How the search ended when it did not finish: crashed, timed out, failed to start.
    pub problem: Option<String>,
}

impl FunctionReport {
    pub fn branch_count(&self) -> usize {
        self.decisions.iter().map(|d| d.outcomes.len()).sum()
    }
}
