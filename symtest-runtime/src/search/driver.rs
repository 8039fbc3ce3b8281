//! The search for one function: walks its branches as targets, runs the chosen algorithm on
//! each with its own budget and random stream, and keeps covering inputs in the archive.

use std::str::FromStr;
use std::time::{Duration, Instant};

use rand::SeedableRng;

use super::archive::{Archive, Entry};
use super::{Objective, Rng, avm, ga, random};
use crate::fitness::TargetPlan;
use crate::genes::{Shape, Value};
use crate::outcome::Outcome;
use crate::trace::{self, Branch, FunctionMeta, Trace};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    Random,
    Avm,
    Ga,
}

impl Algorithm {
    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Random => "random",
            Algorithm::Avm => "avm",
            Algorithm::Ga => "ga",
        }
    }
}

impl FromStr for Algorithm {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text {
            "random" => Ok(Algorithm::Random),
            "avm" => Ok(Algorithm::Avm),
            "ga" => Ok(Algorithm::Ga),
            other => Err(format!(
                "unknown algorithm `{other}`: expected random, avm or ga"
            )),
        }
    }
}

/// Settings of one function's search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    pub algorithm: Algorithm,
    pub seed: u64,
    /// Evaluations each target may use.
    pub evaluations_per_target: u64,
    /// Wall-clock time each target may use.
    pub time_per_target: Duration,
    /// Hooks and loop iterations one execution may use before it counts as a timeout.
    pub step_budget: u64,
    /// Skip targets covered by accident while searching for others, and start from the
    /// closest archived input. Experiments switch it off to measure one target at a time.
    pub serendipity: bool,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            algorithm: Algorithm::Avm,
            seed: 0,
            evaluations_per_target: 20_000,
            time_per_target: Duration::from_secs(5),
            step_budget: 100_000,
            serendipity: true,
        }
    }
}

/// The function under search, as the generated entry point hands it over.
pub struct Subject<'a> {
    pub meta: &'static FunctionMeta,
    pub shape: Shape,
    /// Decodes the arguments from genes and calls the function; renders the returned value
    /// when asked to (`true`).
    pub exec: &'a dyn Fn(&Value, bool) -> Outcome,
    /// The arguments of an input as Rust expressions.
    pub render: &'a dyn Fn(&Value) -> Vec<String>,
}

impl std::fmt::Debug for Subject<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Subject")
            .field("function", &self.meta.path())
            .finish_non_exhaustive()
    }
}

/// How the search for one target went.
#[derive(Clone, Debug, PartialEq)]
pub struct TargetResult {
    pub target: Branch,
    pub covered: bool,
    /// Evaluations spent on this target (0 when covered by an earlier target's search).
    pub evaluations: u64,
    pub elapsed: Duration,
}

/// What the search reports as it goes.
#[derive(Debug)]
pub enum Event<'e> {
    NewInput(&'e Entry),
    TargetDone(&'e TargetResult),
}

#[derive(Debug)]
pub struct Report {
    pub archive: Archive,
    pub targets: Vec<TargetResult>,
    pub evaluations: u64,
    pub elapsed: Duration,
}

struct State<'s, 'a> {
    subject: &'s Subject<'a>,
    config: &'s SearchConfig,
    archive: Archive,
    evaluations: u64,
    start: Instant,
    listener: &'s mut dyn FnMut(Event<'_>),
}

impl State<'_, '_> {
    /// Runs the function once; archives the input if it covers something new.
    fn evaluate(&mut self, value: &Value) -> Trace {
        self.evaluations += 1;
        let subject = self.subject;
        let (outcome, trace) = trace::record(subject.meta, self.config.step_budget, || {
            (subject.exec)(value, false)
        });
        let new = self.archive.new_branches(&trace);
        if !new.is_empty() {
            // Run once more to render the returned value: rendering every evaluation would
            // cost more than the rare re-run.
            let (rendered, _) = trace::record(subject.meta, self.config.step_budget, || {
                (subject.exec)(value, true)
            });
            let outcome = if rendered.same_kind(&outcome) {
                rendered
            } else {
                outcome
            };
            let entry = Entry {
                value: value.clone(),
                args: (subject.render)(value),
                covers: trace.covered().collect(),
                new,
                outcome,
                evaluations: self.evaluations,
                elapsed: self.start.elapsed(),
                trace: trace.clone(),
            };
            let entry = self.archive.keep(entry);
            (self.listener)(Event::NewInput(entry));
        }
        trace
    }
}

struct TargetObjective<'t, 's, 'a> {
    state: &'t mut State<'s, 'a>,
    plan: TargetPlan,
    spent: u64,
    budget: u64,
    deadline: Instant,
    covered: bool,
}

impl Objective for TargetObjective<'_, '_, '_> {
    fn evaluate(&mut self, value: &Value) -> f64 {
        self.spent += 1;
        let trace = self.state.evaluate(value);
        let fitness = self.plan.fitness(&trace);
        if fitness == 0.0 {
            self.covered = true;
        }
        fitness
    }

    fn done(&self) -> bool {
        self.covered || self.spent >= self.budget || Instant::now() >= self.deadline
    }
}

/// Searches inputs for every branch of `subject`, reporting inputs and targets as they come.
pub fn search(
    subject: &Subject<'_>,
    config: &SearchConfig,
    listener: &mut dyn FnMut(Event<'_>),
) -> Report {
    let mut state = State {
        subject,
        config,
        archive: Archive::default(),
        evaluations: 0,
        start: Instant::now(),
        listener,
    };
    let mut targets = Vec::new();
    for (index, target) in subject.meta.branches().enumerate() {
        let result = if config.serendipity && state.archive.covers(target) {
            TargetResult {
                target,
                covered: true,
                evaluations: 0,
                elapsed: Duration::ZERO,
            }
        } else {
            search_target(&mut state, target, index as u64)
        };
        (state.listener)(Event::TargetDone(&result));
        targets.push(result);
    }
    Report {
        evaluations: state.evaluations,
        elapsed: state.start.elapsed(),
        archive: state.archive,
        targets,
    }
}

fn search_target(state: &mut State<'_, '_>, target: Branch, index: u64) -> TargetResult {
    let started = Instant::now();
    let config = state.config;
    let plan = TargetPlan::new(state.subject.meta, target);
    let seeds: Vec<Value> = if config.serendipity {
        closest_entry(&state.archive, &plan).into_iter().collect()
    } else {
        Vec::new()
    };
    let mut rng = Rng::seed_from_u64(stream_seed(config.seed, index));
    let shape = state.subject.shape.clone();
    let mut objective = TargetObjective {
        state,
        plan,
        spent: 0,
        budget: config.evaluations_per_target,
        deadline: started + config.time_per_target,
        covered: false,
    };
    match config.algorithm {
        Algorithm::Random => random::search(&shape, &mut objective, &mut rng),
        Algorithm::Avm => avm::search(
            &shape,
            &seeds,
            &mut objective,
            &mut rng,
            &avm::AvmConfig::default(),
        ),
        Algorithm::Ga => ga::search(
            &shape,
            &seeds,
            &mut objective,
            &mut rng,
            &ga::GaConfig::default(),
        ),
    }
    TargetResult {
        target,
        covered: objective.covered,
        evaluations: objective.spent,
        elapsed: started.elapsed(),
    }
}

/// The archived input with the best fitness for the target, a good place to start from.
fn closest_entry(archive: &Archive, plan: &TargetPlan) -> Option<Value> {
    archive
        .entries()
        .iter()
        .map(|entry| (plan.fitness(&entry.trace), entry))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, entry)| entry.value.clone())
}

/// An independent seed for target `index` (SplitMix64 of the pair): one random stream per
/// target, so a target's search does not depend on how many numbers earlier targets drew.
pub fn stream_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
