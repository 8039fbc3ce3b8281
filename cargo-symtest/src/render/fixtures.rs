//! Function reports and test cases for the renderer's unit tests.

use crate::model::{Branch, Decision, FunctionReport, Outcome, Settings, TestCase};

pub fn decision(id: u32, line: u32, column: u32, text: &str, outcomes: &[&str]) -> Decision {
    Decision {
        id,
        kind: "if".to_string(),
        line,
        column,
        text: text.to_string(),
        outcomes: outcomes.iter().map(|outcome| outcome.to_string()).collect(),
        compiled: Vec::new(),
        boundary: false,
        function: None,
    }
}

pub fn report(name: &str, decisions: Vec<Decision>, tests: Vec<TestCase>) -> FunctionReport {
    FunctionReport {
        path: format!("crate::{name}"),
        name: name.to_string(),
        file: "src/lib.rs".to_string(),
        line: 12,
        params: vec!["a".to_string()],
        sequence: false,
        decisions,
        settings: Settings {
            seed: 42,
            algorithm: "avm".to_string(),
            budget_evals: 20000,
            fitness: "standard".to_string(),
            criterion: "branch".into(),
        },
        tests,
        covered: vec![(0, 0), (0, 1)],
        outputs: Vec::new(),
        also: Vec::new(),
        boundaries: Vec::new(),
        paths: Default::default(),
        fields: Vec::new(),
        mutants: None,
        evaluations: 100,
        elapsed_ms: 1.5,
        problem: None,
        timeouts: Vec::new(),
        dropped: Vec::new(),
        crashes: Vec::new(),
        skipped: None,
        left_out: Vec::new(),
        generic: None,
        formats: None,
        result: None,
        survivors: Vec::new(),
        convergence: Vec::new(),
    }
}

pub fn case(args: &[&str], covers: &[Branch], outcome: Outcome) -> TestCase {
    TestCase {
        args: args.iter().map(|arg| arg.to_string()).collect(),
        covers: covers.to_vec(),
        outcome,
        deterministic: true,
        fields: Vec::new(),
    }
}

/// A value of a type with `PartialEq` and `Debug`, whose `Debug` text reads as its literal.
pub fn returns(literal: &str) -> Outcome {
    Outcome::Returned {
        literal: Some(literal.to_string()),
        debug: Some(literal.to_string()),
        comparable: true,
    }
}

/// A value with a literal form, of a type with `PartialEq` (`comparable`) or not, without
/// `Debug`.
pub fn returns_without_debug(literal: &str, comparable: bool) -> Outcome {
    Outcome::Returned {
        literal: Some(literal.to_string()),
        debug: None,
        comparable,
    }
}

pub fn debug(text: &str) -> Outcome {
    Outcome::Returned {
        literal: None,
        debug: Some(text.to_string()),
        comparable: false,
    }
}

pub fn panics(message: &str) -> Outcome {
    Outcome::Panicked {
        message: message.to_string(),
        location: None,
    }
}

/// A report for `classify` with two decisions and the given cases.
pub fn classify(tests: Vec<TestCase>) -> FunctionReport {
    let decisions = vec![
        decision(0, 18, 8, "a == 0", &["true", "false"]),
        decision(1, 25, 12, "a == b", &["true", "false"]),
    ];
    report("classify", decisions, tests)
}
