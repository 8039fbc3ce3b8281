//! Mutation analysis in process (issue "tests that catch bugs", §3): every mutant of the
//! function (see [`crate::record::mutation`]) is switched on in the hooks and the suite's
//! tests run again under it. A test kills a mutant when what the written test asserts
//! changes: the ending (return, panic, its message, running out of steps), the returned value,
//! or for a call sequence any call's result. Then the archive's other inputs are tried on the
//! mutants no test kills, and the fewest that kill the most are added to the suite; last,
//! inputs solved from the mutated program's path conditions and new random ones hunt the
//! mutants still alive ([`hunt`]).

mod hunt;

use super::suite::{Candidate, TestCase, run, simplify, test_case};
use crate::genes::Value;
use crate::record::distance::CmpOp;
use crate::record::mutation::{self, Mutant, Mutation, Seen, Site};
use crate::record::outcome::Outcome;
use crate::record::recorder;
use crate::record::subject::Subject;
use crate::record::trace::Trace;

/// Most executions one analysis makes: the suite's tests under every mutant, then the
/// archive's inputs and new ones under the survivors. A bound on runs rather than time keeps
/// the result the same on every run with the same seed.
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
    /// The executions the analysis made.
    pub runs: usize,
    /// The mutants the final suite lets live, in the order of [`mutants`].
    pub survivors: Vec<Survivor>,
}

/// A mutant no test kills, with what its site computed in the original program: the
/// comparison's or arithmetic operator's symbol (`>`), where the mutant replaces one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Survivor {
    pub mutant: Mutant,
    pub original: Option<&'static str>,
}

impl Survivor {
    fn of(mutant: Mutant, seen: &Seen) -> Survivor {
        let original = match (mutant.site, mutant.mutation) {
            (Site::Decision(id), Mutation::Replace(_)) => {
                seen.comparisons.get(&id).map(|(own, _)| own.symbol())
            }
            (site, Mutation::Arith(_)) => seen.operators.get(&site).map(|own| own.symbol()),
            _ => None,
        };
        Survivor { mutant, original }
    }
}

/// The mutants of `subject`, at the sites the runs in `seen` passed: each two-way decision of
/// the code forced true and false, each comparison with every other relational operator and
/// (where an operand is a number literal) that literal one more and one less, each `&&` as
/// `||` and back, each arithmetic operator of numbers with the others of its kind.
pub fn mutants(subject: &Subject, seen: &Seen) -> Vec<Mutant> {
    let mut out = Vec::new();
    let mut push = |site, mutation| out.push(Mutant { site, mutation });
    let targets = subject.meta.target_decision_metas();
    for (id, decision) in targets.iter().enumerate() {
        if !decision.is_predicate() {
            continue;
        }
        let id = id as u32;
        let site = Site::Decision(id);
        push(site, Mutation::Always(true));
        push(site, Mutation::Always(false));
        if let Some(&(own, shifts)) = seen.comparisons.get(&id) {
            for op in CmpOp::ALL.into_iter().filter(|&op| op != own) {
                push(site, Mutation::Replace(op));
            }
            if shifts {
                push(site, Mutation::Shift(1));
                push(site, Mutation::Shift(-1));
            }
        }
        if seen.junctions.contains(&id) {
            push(site, Mutation::Junction);
        }
    }
    for (&site, &own) in &seen.operators {
        for op in own.replacements() {
            push(site, Mutation::Arith(op));
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

/// A mutant's run may take this many times the steps of the longest original run seen, plus
/// [`MUTANT_STEPS_SLACK`], before it counts as running out of steps (killed, as a test that
/// hangs is failed). A mutant that keeps a loop or a recursion from ending then ends in the
/// recorder long before it would overflow the stack and take the process down; cargo-mutants
/// times mutants out against the unmutated tests' time the same way.
const MUTANT_STEPS_FACTOR: u64 = 10;
const MUTANT_STEPS_SLACK: u64 = 1_000;

/// Runs tests under mutants, counting the runs.
struct Runner<'s> {
    subject: &'s Subject,
    step_budget: u64,
    /// The most steps a run without a mutant took so far.
    original_steps: u64,
    trace: Trace,
    runs: usize,
    /// Whether [`MUTATION_RUNS`] ran out.
    capped: bool,
}

impl Runner<'_> {
    /// Whether [`MUTATION_RUNS`] ran out; notes it.
    fn spent(&mut self) -> bool {
        self.capped |= self.runs >= MUTATION_RUNS;
        self.capped
    }

    /// The mutants of `mutants` that an input of `value` kills: the original ends as a test
    /// can assert (not out of steps), and each mutant changes that. Stops when the runs are
    /// spent.
    fn kills(&mut self, value: &Value, mutants: &[Mutant]) -> Vec<Mutant> {
        let original = self.observe(None, value);
        if matches!(original.ending, Outcome::Timeout | Outcome::Invalid) {
            return Vec::new();
        }
        let mut killed = Vec::new();
        for &mutant in mutants {
            if self.spent() {
                break;
            }
            if self.observe(Some(mutant), value) != original {
                killed.push(mutant);
            }
        }
        killed
    }

    /// Adds a test of `value`, shrunk while it still kills every mutant of `target`, to
    /// `tests`, and takes what it kills out of `alive`; unless its runs disagree (then
    /// returns false and adds nothing).
    fn adopt(
        &mut self,
        value: &Value,
        target: &[Mutant],
        alive: &mut Vec<Mutant>,
        tests: &mut Vec<TestCase>,
    ) -> bool {
        let shape = &self.subject.shape;
        let value = simplify(shape, value, |simpler| {
            !self.spent() && self.kills(simpler, target).len() == target.len()
        });
        // Measured as the search's chosen tests are, paths and fields included.
        let mut measured = Trace::measured(self.subject.meta);
        let test = test_case(self.subject, self.step_budget, &mut measured, &value);
        if !test.deterministic {
            return false;
        }
        // The shrunk input may kill more than the mutants it was chosen for.
        let killed = self.kills(&value, alive);
        alive.retain(|mutant| !killed.contains(mutant));
        tests.push(test);
        true
    }

    /// What a test of `value` asserts with `mutant` switched on (`None`: the original).
    fn observe(&mut self, mutant: Option<Mutant>, value: &Value) -> Observed {
        self.runs += 1;
        let subject = self.subject;
        let step_budget = match mutant {
            None => self.step_budget,
            Some(_) => self.mutant_budget(),
        };
        let observed = mutation::with_mutant(mutant, || {
            observe(subject, step_budget, &mut self.trace, value)
        });
        if mutant.is_none() {
            self.original_steps = self.original_steps.max(self.trace.steps);
        }
        observed
    }

    /// The steps a run with a mutant switched on may take (see [`MUTANT_STEPS_FACTOR`]).
    fn mutant_budget(&self) -> u64 {
        self.original_steps
            .saturating_mul(MUTANT_STEPS_FACTOR)
            .saturating_add(MUTANT_STEPS_SLACK)
            .min(self.step_budget)
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
    // Rendering a sequence runs its calls again, recorded so the mutant's hooks apply.
    let rendered = match !subject.meta.is_sequence() {
        true => Vec::new(),
        false => {
            recorder::record_into(subject.meta, step_budget, trace, || (subject.render)(value))
        }
    };
    Observed { ending, rendered }
}

/// Scores `tests` against the mutants of `subject` and adds tests for the mutants they let
/// live: from `candidates` first, then new inputs drawn with `seed`.
pub fn analyse(
    subject: &Subject,
    step_budget: u64,
    tests: &mut Vec<TestCase>,
    candidates: &[Candidate],
    seed: u64,
) -> Score {
    let mut runner = Runner {
        subject,
        step_budget,
        original_steps: 0,
        trace: Trace::new(subject.meta),
        runs: 0,
        capped: false,
    };
    // The original program: what each test asserts, and which sites the code has.
    mutation::seen();
    let written: Vec<Option<Observed>> = tests
        .iter()
        .map(|test| {
            test.deterministic
                .then(|| runner.observe(None, &test.value))
        })
        .collect();
    let seen = mutation::seen();
    let all = mutants(subject, &seen);
    let mut alive = Vec::new();
    for &mutant in &all {
        let killed = tests.iter().zip(&written).any(|(test, original)| {
            let Some(original) = original else {
                return false;
            };
            !runner.spent() && runner.observe(Some(mutant), &test.value) != *original
        });
        if !killed {
            alive.push(mutant);
        }
    }
    // The archive's inputs against the survivors, then the fewest that kill the most, each
    // tried once.
    let mut kills: Vec<Vec<Mutant>> = candidates
        .iter()
        .map(|candidate| runner.kills(&candidate.value, &alive))
        .collect();
    let mut added = 0;
    loop {
        let gain = |index: usize| kills[index].iter().filter(|m| alive.contains(m)).count();
        let best = (0..candidates.len())
            .map(|index| (gain(index), index))
            .max_by(|a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
        let Some((_, index)) = best.filter(|(gain, _)| *gain > 0) else {
            break;
        };
        let mut target = std::mem::take(&mut kills[index]);
        target.retain(|mutant| alive.contains(mutant));
        if runner.adopt(&candidates[index].value, &target, &mut alive, tests) {
            added += 1;
        }
    }
    added += hunt::solve(&mut runner, &mut alive, tests, seed);
    added += hunt::hunt(&mut runner, &mut alive, tests, seed);
    Score {
        killed: all.len() - alive.len(),
        total: all.len(),
        added,
        capped: runner.capped,
        runs: runner.runs,
        survivors: alive.iter().map(|&m| Survivor::of(m, &seen)).collect(),
    }
}
