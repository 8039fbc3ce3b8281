//! Mutation analysis in process (issue "tests that catch bugs", §3): every mutant of the
//! function's decisions is switched on in the hooks ([`crate::record::mutation`]) and the
//! suite's tests run again under it. A test kills a mutant when what the written test asserts
//! changes: the ending (return, panic, its message, running out of steps), the returned value,
//! or for a call sequence any call's result. Then the archive's other inputs are tried on the
//! mutants no test kills, and the fewest that kill the most are added to the suite.

use super::suite::{Candidate, TestCase, run, test_case};
use crate::genes::Value;
use crate::record::distance::CmpOp;
use crate::record::mutation::{self, Mutant, Mutation};
use crate::record::outcome::Outcome;
use crate::record::subject::Subject;
use crate::record::trace::Trace;

/// Most executions one analysis makes: the suite's tests under every mutant, then the
/// archive's inputs under the survivors. A bound on runs rather than time keeps the result
/// the same on every run with the same seed.
pub const MUTATION_RUNS: usize = 20_000;

/// What the analysis found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Score {
    /// Mutants the final suite's tests kill.
    pub killed: usize,
    pub total: usize,
    /// Tests added to the suite for the mutants it let live.
    pub added: usize,
    /// Whether [`MUTATION_RUNS`] ran out before every pair was tried.
    pub capped: bool,
}

/// The mutants of `subject`'s decisions: each two-way decision of the code forced true and
/// false, and each comparison with every other relational operator (the operator is the one
/// the executions in `operators` showed; a comparison no execution reached gets only the
/// forced mutants).
pub fn mutants(subject: &Subject, operators: &[Option<CmpOp>]) -> Vec<Mutant> {
    let mut out = Vec::new();
    for (id, decision) in subject.meta.decisions.iter().enumerate() {
        if !decision.is_predicate() {
            continue;
        }
        let id = id as u32;
        let mut push = |mutation| {
            out.push(Mutant {
                decision: id,
                mutation,
            })
        };
        push(Mutation::Always(true));
        push(Mutation::Always(false));
        if let Some(Some(own)) = operators.get(id as usize) {
            for op in CmpOp::ALL.into_iter().filter(|op| op != own) {
                push(Mutation::Replace(op));
            }
        }
    }
    out
}

/// What a written test of `value` asserts, as far as a mutant can change it.
#[derive(Clone, Debug, PartialEq)]
struct Observed {
    ending: Outcome,
    /// A call sequence's statements, each call's result included.
    rendered: Vec<String>,
}

/// Runs tests under mutants, counting the runs.
struct Runner<'s> {
    subject: &'s Subject,
    step_budget: u64,
    trace: Trace,
    runs: usize,
}

impl Runner<'_> {
    /// What a test of `value` asserts with `mutant` switched on (`None`: the original).
    fn observe(&mut self, mutant: Option<Mutant>, value: &Value) -> Observed {
        self.runs += 1;
        let (subject, step_budget) = (self.subject, self.step_budget);
        mutation::with_mutant(mutant, || {
            observe(subject, step_budget, &mut self.trace, value)
        })
    }
}

fn observe(subject: &Subject, step_budget: u64, trace: &mut Trace, value: &Value) -> Observed {
    let (ending, _) = run(subject, step_budget, trace, value, true);
    let ending = match ending {
        // A result a test cannot compare is not asserted.
        Outcome::Returned {
            comparable: false, ..
        } => Outcome::Returned {
            literal: None,
            debug: None,
            comparable: false,
        },
        // Where a panic happened is not asserted; its message is.
        Outcome::Panicked { message, .. } => Outcome::Panicked {
            message,
            location: None,
        },
        other => other,
    };
    let rendered = match subject.meta.members.is_empty() {
        true => Vec::new(),
        false => (subject.render)(value),
    };
    Observed { ending, rendered }
}

/// Scores `tests` against the mutants of `subject` and adds tests from `candidates` for the
/// mutants they let live.
pub fn analyse(
    subject: &Subject,
    step_budget: u64,
    tests: &mut Vec<TestCase>,
    candidates: &[Candidate],
) -> Score {
    let mut runner = Runner {
        subject,
        step_budget,
        trace: Trace::new(subject.meta),
        runs: 0,
    };
    // The original program: what each test and candidate asserts, and which operators the
    // comparisons use.
    mutation::operators();
    let written: Vec<Option<Observed>> = tests
        .iter()
        .map(|test| {
            test.deterministic
                .then(|| runner.observe(None, &test.value))
        })
        .collect();
    let baseline: Vec<Observed> = candidates
        .iter()
        .map(|candidate| runner.observe(None, &candidate.value))
        .collect();
    let all = mutants(subject, &mutation::operators());
    let mut score = Score {
        total: all.len(),
        ..Score::default()
    };
    let mut alive = Vec::new();
    for &mutant in &all {
        let killed = tests.iter().zip(&written).any(|(test, original)| {
            let Some(original) = original else {
                return false;
            };
            if runner.runs >= MUTATION_RUNS {
                score.capped = true;
                return false;
            }
            runner.observe(Some(mutant), &test.value) != *original
        });
        if !killed {
            alive.push(mutant);
        }
    }
    // The archive's inputs against the survivors, then the fewest that kill the most.
    let mut kills: Vec<Vec<usize>> = vec![Vec::new(); candidates.len()];
    'candidates: for (index, candidate) in candidates.iter().enumerate() {
        for (which, &mutant) in alive.iter().enumerate() {
            if runner.runs >= MUTATION_RUNS {
                score.capped = true;
                break 'candidates;
            }
            if runner.observe(Some(mutant), &candidate.value) != baseline[index] {
                kills[index].push(which);
            }
        }
    }
    let mut survivors: Vec<usize> = (0..alive.len()).collect();
    loop {
        let gain = |index: usize| {
            kills[index]
                .iter()
                .filter(|m| survivors.contains(m))
                .count()
        };
        let best = (0..candidates.len())
            .map(|index| (gain(index), index))
            .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        let Some((_, index)) = best.filter(|(gain, _)| *gain > 0) else {
            break;
        };
        let test = test_case(
            subject,
            step_budget,
            &mut runner.trace,
            &candidates[index].value,
        );
        if !test.deterministic {
            kills[index].clear();
            continue;
        }
        survivors.retain(|m| !kills[index].contains(m));
        tests.push(test);
        score.added += 1;
    }
    score.killed = all.len() - survivors.len();
    score
}
