//! The search for one function: walks its branches as targets, runs the chosen algorithm on
//! each with its own budget and random stream, and keeps covering inputs in the archive.

use std::collections::BTreeSet;
use std::str::FromStr;
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};

use super::archive::{Archive, Entry};
use super::deadline::Deadline;
use super::progress::{Phase, Point, Progress};
use super::{DseOutcome, Objective, avm, ga, random, scope, together};
use crate::genes::Value;
use crate::genes::pool::Pool;
use crate::genes::random::Rng;
use crate::record::concolic;
use crate::record::fields::{self, Domain};
use crate::record::fitness::Fitness;
use crate::record::fitness::TargetPlan;
use crate::record::path;
use crate::record::recorder;
use crate::record::subject::Subject;
use crate::record::trace::{Branch, FunctionMeta, Trace};
use crate::shadow::feasibility::{Fingerprint, Predictor, Verdict};
use crate::shadow::{self, dse, solve};

mod made;
mod substitute;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Algorithm {
    Random,
    Avm,
    Ga,
    /// The GA with adaptive DSE (*Improving Search-based Test Suite Generation with Dynamic
    /// Symbolic Execution* §III-C).
    Hybrid,
    /// The hybrid, with the solver's systems filtered by learned feasibility (Tardis §4, see
    /// [`crate::shadow::feasibility`]).
    HybridLearned,
    /// All branches together first (DynaMOSA, see [`super::mosa`]), then the hybrid on each
    /// branch left.
    Dynamosa,
}

impl Algorithm {
    pub const ALL: [Algorithm; 6] = [
        Algorithm::Random,
        Algorithm::Avm,
        Algorithm::Ga,
        Algorithm::Hybrid,
        Algorithm::HybridLearned,
        Algorithm::Dynamosa,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Algorithm::Random => "random",
            Algorithm::Avm => "avm",
            Algorithm::Ga => "ga",
            Algorithm::Hybrid => "hybrid",
            Algorithm::HybridLearned => "hybrid-learned",
            Algorithm::Dynamosa => "dynamosa",
        }
    }
}

impl FromStr for Algorithm {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        by_name("algorithm", text, &Algorithm::ALL, Algorithm::name)
    }
}

/// Which fitness the search minimises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FitnessKind {
    /// Approach level + ν(branch distance).
    Standard,
    /// Approach level + ν(path distance + approximation level) where `#[symtest]` computed
    /// path conditions, the standard fitness elsewhere.
    Enhanced,
}

impl FitnessKind {
    pub const ALL: [FitnessKind; 2] = [FitnessKind::Standard, FitnessKind::Enhanced];

    pub fn name(self) -> &'static str {
        match self {
            FitnessKind::Standard => "standard",
            FitnessKind::Enhanced => "enhanced",
        }
    }

    /// What searching for `target` with this fitness needs.
    pub fn plan(self, meta: &'static FunctionMeta, target: Branch) -> TargetPlan {
        match self {
            FitnessKind::Standard => TargetPlan::new(meta, target),
            FitnessKind::Enhanced => TargetPlan::enhanced(meta, target),
        }
    }
}

impl FromStr for FitnessKind {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        by_name("fitness", text, &FitnessKind::ALL, FitnessKind::name)
    }
}

/// What the search targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Criterion {
    /// Every branch (and output class and boundary).
    Branch,
    /// Every branch, then every listed path of the body (see [`crate::record::path`]).
    Path,
    /// Every branch, then the (field, class) pairs the fields of the value a sequence tests
    /// could take (see [`crate::record::fields`]).
    Field,
    /// [`Criterion::Field`], as many pairs per field as small scopes predict (transcoping, see
    /// [`super::scope`]).
    FieldTranscoped,
}

impl Criterion {
    pub const ALL: [Criterion; 4] = [
        Criterion::Branch,
        Criterion::Path,
        Criterion::Field,
        Criterion::FieldTranscoped,
    ];

    /// Whether the search observes the fields of the values sequences test.
    pub fn fields(self) -> bool {
        matches!(self, Criterion::Field | Criterion::FieldTranscoped)
    }

    pub fn name(self) -> &'static str {
        match self {
            Criterion::Branch => "branch",
            Criterion::Path => "path",
            Criterion::Field => "field",
            Criterion::FieldTranscoped => "field-transcoped",
        }
    }
}

impl FromStr for Criterion {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        by_name("criterion", text, &Criterion::ALL, Criterion::name)
    }
}

/// The one of `all` named `text`, or an error that lists the names: `FromStr` of the setting
/// enums, whose `name` is the only table of their names.
fn by_name<T: Copy>(
    what: &str,
    text: &str,
    all: &[T],
    name: fn(T) -> &'static str,
) -> Result<T, String> {
    if let Some(&found) = all.iter().find(|&&item| name(item) == text) {
        return Ok(found);
    }
    let names: Vec<&str> = all.iter().map(|&item| name(item)).collect();
    let (last, rest) = names.split_last().expect("every setting has a value");
    Err(format!(
        "unknown {what} `{text}`: expected {} or {last}",
        rest.join(", ")
    ))
}

/// Settings of one function's search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchConfig {
    pub algorithm: Algorithm,
    pub fitness: FitnessKind,
    pub criterion: Criterion,
    pub seed: u64,
    /// Evaluations each target may use.
    pub evaluations_per_target: u64,
    /// Wall-clock time each target may use.
    pub time_per_target: Duration,
    /// Wall-clock time the whole search may use; targets left when it runs out are not
    /// searched (and reported uncovered).
    pub time_limit: Duration,
    /// Hooks and loop iterations one execution may use before it counts as a timeout.
    pub step_budget: u64,
    /// Skip targets covered by accident while searching for others, and start from the
    /// closest archived input. Experiments switch it off to measure one target at a time.
    pub serendipity: bool,
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            algorithm: Algorithm::Hybrid,
            fitness: FitnessKind::Standard,
            criterion: Criterion::Branch,
            seed: 0,
            evaluations_per_target: 20_000,
            time_per_target: Duration::from_secs(10),
            time_limit: Duration::from_secs(60),
            step_budget: 100_000,
            serendipity: true,
        }
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
    /// What DSE asked of the solver while searching this target.
    pub solver: SolverCalls,
}

/// Constraint systems DSE met while searching one target (hybrid searches only).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SolverCalls {
    /// Systems given to the solver.
    pub solved: u64,
    /// Of those, systems the solver found a solution for.
    pub succeeded: u64,
    /// Systems skipped because the feasibility predictor voted them unsolvable.
    pub skipped: u64,
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
    /// How coverage rose, phase by phase (see [`super::progress`]).
    pub progress: Vec<Point>,
}

pub(super) struct State<'s> {
    subject: &'s Subject,
    config: &'s SearchConfig,
    /// The literals of the function body, offered to every target's search.
    pool: &'s Pool,
    archive: Archive,
    evaluations: u64,
    start: Instant,
    listener: &'s mut dyn FnMut(Event<'_>),
    /// The trace of the latest evaluation, reused from one evaluation to the next.
    trace: Trace,
    /// Which constraint systems the solver solved, for predicting the next (with
    /// [`Algorithm::HybridLearned`]).
    feasibility: Option<Predictor>,
    /// The fields of the value under test seen so far, with field coverage.
    pub(super) domain: Domain,
    /// The part of the search running now, and how coverage rose so far.
    phase: Phase,
    progress: Progress,
    /// The classes (see [`class`](crate::genes::used::class)) of the made arguments whose constructors DSE has
    /// explored (see [`made`]).
    explored: Vec<u64>,
}

impl<'s> State<'s> {
    pub(super) fn subject(&self) -> &'s Subject {
        self.subject
    }

    pub(super) fn config(&self) -> &'s SearchConfig {
        self.config
    }

    pub(super) fn pool(&self) -> &'s Pool {
        self.pool
    }

    pub(super) fn archive(&self) -> &Archive {
        &self.archive
    }

    /// The trace of the latest evaluation.
    pub(super) fn trace(&self) -> &Trace {
        &self.trace
    }

    /// Whether `target` is an output class, a boundary, a path or a field class rather than a
    /// branch.
    fn secondary(&self, target: Branch) -> bool {
        self.subject.meta.is_output(target.decision)
            || crate::record::boundary::is_boundary(target)
            || path::is_path(target)
            || fields::is_field(target)
    }

    /// When the whole search's time is up.
    pub(super) fn time_up(&self) -> Instant {
        deadline(self.start, self.config.time_limit)
    }

    /// Whether the whole search's time is up.
    pub(super) fn out_of_time(&self) -> bool {
        Instant::now() >= self.time_up()
    }

    /// Enters `phase`, marking where it begins; returns the phase it leaves. A DSE step within
    /// a target's search is not marked: its points carry its name.
    pub(super) fn enter(&mut self, phase: Phase) -> Phase {
        if phase != Phase::Dse {
            let elapsed = self.start.elapsed();
            self.progress.begin(phase, self.evaluations, elapsed);
        }
        std::mem::replace(&mut self.phase, phase)
    }

    /// Runs the function once, leaving its trace in `self.trace`; archives the input if it
    /// covers something new.
    pub(super) fn evaluate(&mut self, value: &Value) {
        self.evaluations += 1;
        let subject = self.subject;
        let outcome = recorder::record_into(
            subject.meta,
            self.config.step_budget,
            &mut self.trace,
            || (subject.exec)(value, false),
        );
        let trace = &self.trace;
        let new = self.archive.new_branches(trace);
        if !new.is_empty() {
            // Output classes, boundaries, paths and field classes come easily and often.
            if new.iter().any(|branch| !self.secondary(*branch)) {
                self.pool.learn(&subject.shape, value);
            }
            let elapsed = self.start.elapsed();
            let meta = subject.meta;
            (self.progress).covered(meta, &new, self.phase, self.evaluations, elapsed);
        }
        // Whatever the domain learns comes with a (field, class) pair new to the archive.
        if let Some(fields) = &trace.fields
            && new.iter().any(|b| fields::is_field(*b))
        {
            self.domain.learn(fields);
        }
        // A function without branches still deserves one test pinning what it does.
        let first_of_straight_line =
            self.archive.entries().is_empty() && subject.meta.decisions.is_empty();
        let covering = !new.is_empty() || first_of_straight_line;
        if covering
            || self
                .archive
                .ends_new_way(&outcome, || trace.covered().count())
        {
            // Run once more to render the returned value: rendering every evaluation would
            // cost more than the rare re-run.
            let (rendered, _) = recorder::record(subject.meta, self.config.step_budget, || {
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
            let entry = if covering {
                self.archive.keep(entry)
            } else {
                self.archive.keep_ending(entry)
            };
            (self.listener)(Event::NewInput(entry));
        }
    }
}

struct TargetObjective<'t, 's> {
    state: &'t mut State<'s>,
    plan: TargetPlan,
    spent: u64,
    budget: u64,
    deadline: Deadline,
    covered: bool,
    solver: SolverCalls,
}

impl Objective for TargetObjective<'_, '_> {
    fn evaluate(&mut self, value: &Value) -> Fitness {
        self.spent += 1;
        self.state.evaluate(value);
        let fitness = self.plan.fitness(&self.state.trace);
        self.covered |= fitness.is_covered();
        fitness
    }

    fn done(&self) -> bool {
        self.covered || self.spent >= self.budget || self.deadline.passed()
    }

    fn dse(&mut self, from: &Value, rng: &mut Rng) -> DseOutcome {
        if self.done() {
            return DseOutcome::default();
        }
        let left = self.state.enter(Phase::Dse);
        let outcome = self.dse_step(from, rng, 0);
        self.state.phase = left;
        outcome
    }

    fn dse_archive(&mut self, rng: &mut Rng) -> DseOutcome {
        let starts = closest_entries(&self.state.archive, &self.plan, ARCHIVE_STARTS);
        let mut outcome = DseOutcome::default();
        for start in starts {
            outcome.merge(self.dse(&start, rng));
        }
        outcome
    }
}

impl TargetObjective<'_, '_> {
    /// A DSE step from `from` ([`Objective::dse`]), the `chained`th in a row: a step that
    /// only went deeper into a call feeding the target ([`dse::feeding_calls`]) goes on from
    /// the deepest input it found. The target's fitness does not see that progress (the
    /// call still ends as before, one check later), so the search would not come back to it.
    fn dse_step(&mut self, from: &Value, rng: &mut Rng, chained: usize) -> DseOutcome {
        let mut outcome = DseOutcome::default();
        // The concolic execution counts as an evaluation.
        self.spent += 1;
        self.state.evaluations += 1;
        let subject = self.state.subject;
        let run = shadow::execute(subject, from, self.state.config.step_budget);
        let target = self.plan.target;
        let own = subject.meta.own_decisions() as u32;
        let feeding = dse::feeding_calls(&run.path, target.decision, own);
        let mut negations = dse::negations(&run.path, |branch| self.wanted(branch, &feeding));
        // The target first, then the branches closest to it, then the smallest systems.
        negations.sort_by_key(|negation| {
            let toward = self.level(negation.branch).unwrap_or(u32::MAX);
            (negation.branch != target, toward, negation.size)
        });
        let aimed = (negations.iter())
            .any(|negation| negation.branch == target || self.level(negation.branch).is_some());
        // The input of the deepest negation into a feeding call, and its prefix's size.
        let mut deepest: Option<(usize, Value)> = None;
        for negation in negations.into_iter().take(NEGATIONS_PER_STEP) {
            if self.done() {
                break;
            }
            // An earlier solution of this step may have covered it since.
            if self.wanted(negation.branch, &feeding).is_none() {
                continue;
            }
            let print = self.state.feasibility.as_ref().map(|predictor| {
                let print = Fingerprint::of(&negation.constraints);
                (predictor.predict(&print), print)
            });
            // Predicted infeasible: skipped, but one time in eight solved all the same, so a
            // system that was only hard before can prove the prediction wrong.
            if let Some((Verdict::Infeasible, _)) = &print
                && !rng.random_ratio(1, RETRY_INFEASIBLE)
            {
                self.solver.skipped += 1;
                continue;
            }
            let value = self.solve(from, &run, &negation, rng);
            if let (Some(predictor), Some((_, print))) = (&mut self.state.feasibility, print) {
                predictor.learn(print, value.is_some());
            }
            let Some(value) = value else {
                continue;
            };
            self.try_input(&value, &mut outcome);
            let fed = self.worth_negating(negation.branch).is_none();
            if fed
                && deepest
                    .as_ref()
                    .is_none_or(|(size, _)| negation.size > *size)
            {
                deepest = Some((negation.size, value));
            }
        }
        if let Some((_, value)) = deepest
            && chained < FEEDING_CHAIN
            && !self.done()
        {
            outcome.merge(self.dse_step(&value, rng, chained + 1));
        }
        // Where the target reads what no input variable stands for, what the constructors of
        // the arguments make may be what it needs: explored once per type and search.
        if chained == 0 && !aimed && !self.done() {
            outcome.merge(self.explore_made(from, &run, rng));
        }
        // Call sequences only: their receivers and operands are the values substituted for one
        // another. A function's arguments may be anything (`glob::fill_todo`, given a learned
        // pattern and path, walked the file system until its search was killed).
        let sequence = self.state.subject.meta.is_sequence();
        if chained == 0 && !aimed && sequence && !self.done() {
            let took: BTreeSet<Branch> = (run.path.iter())
                .map(|entry| Branch {
                    decision: entry.decision,
                    outcome: entry.taken,
                })
                .collect();
            outcome.merge(self.substituted(from, &took, rng));
        }
        outcome
    }

    /// Evaluates `value`, an input a DSE step made, and adds it to `outcome` with its fitness
    /// (a success where it covered a branch no earlier input did).
    fn try_input(&mut self, value: &Value, outcome: &mut DseOutcome) -> Fitness {
        let known = self.state.archive.entries().len();
        let fitness = self.evaluate(value);
        outcome.success |= self.state.archive.entries().len() > known || fitness.is_covered();
        outcome.inputs.push((value.clone(), fitness));
        fitness
    }

    /// `from` with the values of a solution of `negation`, a negation of `run`'s path (`run`
    /// is `from`'s concolic execution), if the solver finds one; counted in the solver's calls.
    fn solve(
        &mut self,
        from: &Value,
        run: &shadow::Execution,
        negation: &dse::Negation,
        rng: &mut Rng,
    ) -> Option<Value> {
        self.solver.solved += 1;
        let solution = solve::solve(
            &run.inputs.vars,
            &negation.constraints,
            &run.inputs.env,
            &solve::SolveConfig::default(),
            rng,
        )?;
        self.solver.succeeded += 1;
        let shape = &self.state.subject.shape;
        Some(concolic::encode(shape, from, &run.inputs.paths, &solution))
    }

    /// Whether, and at which occurrence in a path, DSE should negate towards `branch`:
    /// branches no input covers yet (the paper's filter; those of callees on the path only
    /// are no targets, and are negated where they feed one, see [`Self::wanted`]) and the
    /// target (with serendipity
    /// off, in experiments, an earlier target's search may have covered it) at their first
    /// occurrence; branches the target depends on, covered or not, at their last: where the
    /// path left the way to the target, negating a covered branch is what gets closer (the
    /// next iteration of a validation loop).
    fn worth_negating(&self, branch: Branch) -> Option<dse::Occurrence> {
        let target = self.state.subject.meta.reports(branch);
        if branch == self.plan.target || target && !self.state.archive.covers(branch) {
            Some(dse::Occurrence::First)
        } else {
            self.level(branch).map(|_| dse::Occurrence::Last)
        }
    }

    /// [`Self::worth_negating`], and the branches of the calls `feeding` the target's
    /// decision on this path ([`dse::feeding_calls`]), at their last occurrence.
    fn wanted(&self, branch: Branch, feeding: &[u32]) -> Option<dse::Occurrence> {
        let fed = feeding.contains(&branch.decision);
        (self.worth_negating(branch)).or_else(|| fed.then_some(dse::Occurrence::Last))
    }

    /// The approach level of `branch` for the target, if the target depends on it.
    fn level(&self, branch: Branch) -> Option<u32> {
        self.plan
            .levels
            .iter()
            .find(|(known, _)| *known == branch)
            .map(|&(_, level)| level)
    }
}

/// Most DSE steps in a row that go on deeper into the calls feeding a target: as many as
/// the checks a parser's helper makes before it returns its value (our choice).
const FEEDING_CHAIN: usize = 6;

/// A system predicted infeasible is solved all the same one time in this many.
const RETRY_INFEASIBLE: u32 = 8;

/// Most branches one DSE step tries to solve for: the paper bounds a step by time; a count
/// keeps runs reproducible.
const NEGATIONS_PER_STEP: usize = 8;

/// The share of a branch's budget an output class gets: one in this many.
const OUTPUT_SHARE: u32 = 10;

/// Archived inputs a stagnation pass starts DSE from, closest to the target first.
const ARCHIVE_STARTS: usize = 3;

/// Searches inputs for every branch of `subject`, reporting inputs and targets as they come.
pub fn search(
    subject: &Subject,
    config: &SearchConfig,
    listener: &mut dyn FnMut(Event<'_>),
) -> Report {
    crate::record::outcome::install_quiet_panic_hook();
    // As the entry does for the whole process, for callers that search in process.
    path::enable(config.criterion == Criterion::Path);
    fields::enable(config.criterion.fields());
    let pool = Pool::new(&subject.seeds());
    let mut state = State {
        subject,
        config,
        pool: &pool,
        archive: Archive::default(),
        evaluations: 0,
        start: Instant::now(),
        listener,
        trace: Trace::new(subject.meta),
        feasibility: (config.algorithm == Algorithm::HybridLearned).then(Predictor::default),
        domain: Domain::default(),
        explored: Vec::new(),
        phase: Phase::Start,
        progress: Progress::default(),
    };
    state.enter(Phase::Start);
    // The simplest input first, whatever the algorithm: it often takes a branch, and when
    // most inputs crash the process (a huge allocation, an abort), it may be the only input
    // that runs. A function without branches gets its one test from it.
    state.evaluate(&subject.shape.zero());
    // Small scopes first, with field coverage: what they reach predicts how many classes each
    // field takes at full scope. (Functions have no value to observe.)
    let sequence = subject.meta.is_sequence();
    let predicted = (config.criterion == Criterion::FieldTranscoped && sequence)
        .then(|| scope::transcope(&mut state));
    // DynaMOSA searches the branches and output classes together first; experiments, which
    // measure one target at a time, leave it out.
    if config.algorithm == Algorithm::Dynamosa && config.serendipity {
        state.enter(Phase::Dynamosa);
        let plans = subject.meta.branches();
        let plans = plans.map(|target| config.fitness.plan(subject.meta, target));
        together::search(&mut state, plans.collect());
    }
    let mut targets = Vec::new();
    // The branches, the output classes, then the boundaries of the comparisons.
    let all = subject.meta.branches().chain(subject.meta.boundaries());
    // Then, under the path criterion, the listed paths (shortest first).
    let listed = match config.criterion {
        Criterion::Path => subject.meta.listed_paths().paths.len() as u32,
        _ => 0,
    };
    let all = all.chain((0..listed).map(path::path_branch));
    state.enter(Phase::Targets(match config.algorithm {
        Algorithm::Dynamosa => Algorithm::Hybrid.name(),
        algorithm => algorithm.name(),
    }));
    for (index, target) in all.enumerate() {
        let result = if config.serendipity && state.archive.covers(target) {
            TargetResult {
                target,
                covered: true,
                evaluations: 0,
                elapsed: Duration::ZERO,
                solver: SolverCalls::default(),
            }
        } else {
            let plan = config.fitness.plan(subject.meta, target);
            search_target(&mut state, plan, index as u64)
        };
        (state.listener)(Event::TargetDone(&result));
        targets.push(result);
    }
    if config.criterion.fields() {
        let first = targets.len() as u64;
        for result in scope::field_targets(&mut state, predicted.as_ref(), first) {
            (state.listener)(Event::TargetDone(&result));
            targets.push(result);
        }
    }
    Report {
        evaluations: state.evaluations,
        elapsed: state.start.elapsed(),
        progress: state.progress.points().to_vec(),
        archive: state.archive,
        targets,
    }
}

/// Searches for `plan`'s goal with its fitness, its budget and the random stream of target
/// `index`.
pub(super) fn search_target(state: &mut State<'_>, plan: TargetPlan, index: u64) -> TargetResult {
    let started = Instant::now();
    let config = state.config;
    let target = plan.goal();
    let seeds: Vec<Value> = if config.serendipity {
        closest_entries(&state.archive, &plan, 1)
    } else {
        Vec::new()
    };
    let mut rng = Rng::seed_from_u64(stream_seed(config.seed, index));
    let shape = state.subject.shape.clone();
    let pool = state.pool;
    // Output classes, boundaries, paths and field pairs are secondary targets, often out of
    // reach (a function that never returns zero, a comparison whose sides are never equal, a
    // path whose conditions contradict each other, a count that is never negative): a tenth
    // of the budget.
    let secondary = state.secondary(target);
    let share = if secondary { OUTPUT_SHARE } else { 1 };
    let deadline = deadline(started, config.time_per_target / share).min(state.time_up());
    let mut objective = TargetObjective {
        state,
        plan,
        spent: 0,
        budget: config.evaluations_per_target / u64::from(share),
        deadline: Deadline::new(deadline),
        covered: false,
        solver: SolverCalls::default(),
    };
    match config.algorithm {
        Algorithm::Random => random::search(&shape, pool, &mut objective, &mut rng),
        Algorithm::Avm => avm::search(
            &shape,
            &seeds,
            pool,
            &mut objective,
            &mut rng,
            &avm::AvmConfig::default(),
        ),
        Algorithm::Ga => ga::search(
            &shape,
            &seeds,
            pool,
            &mut objective,
            &mut rng,
            &ga::GaConfig::default(),
        ),
        Algorithm::Hybrid | Algorithm::HybridLearned | Algorithm::Dynamosa => ga::search(
            &shape,
            &seeds,
            pool,
            &mut objective,
            &mut rng,
            &ga::GaConfig::hybrid(),
        ),
    }
    TargetResult {
        target,
        covered: objective.covered,
        evaluations: objective.spent,
        elapsed: started.elapsed(),
        solver: objective.solver,
    }
}

/// `start + budget`, or far in the future when that does not fit in an `Instant`.
pub(super) fn deadline(start: Instant, budget: Duration) -> Instant {
    start
        .checked_add(budget)
        .unwrap_or_else(|| start + Duration::from_secs(u32::MAX.into()))
}

/// The `count` archived inputs with the best fitness for the target, best first: good places
/// to start from.
fn closest_entries(archive: &Archive, plan: &TargetPlan, count: usize) -> Vec<Value> {
    let mut entries: Vec<(Fitness, &Value)> = archive
        .entries()
        .iter()
        .map(|entry| (plan.fitness(&entry.trace), &entry.value))
        .collect();
    entries.sort_by_key(|(fitness, _)| *fitness);
    entries
        .into_iter()
        .take(count)
        .map(|(_, value)| value.clone())
        .collect()
}

/// An independent seed for target `index` (SplitMix64 of the pair): one random stream per
/// target, so a target's search does not depend on how many numbers earlier targets drew.
pub fn stream_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_parse_from_their_names_and_errors_list_them() {
        for algorithm in Algorithm::ALL {
            assert_eq!(algorithm.name().parse(), Ok(algorithm));
        }
        for fitness in FitnessKind::ALL {
            assert_eq!(fitness.name().parse(), Ok(fitness));
        }
        for criterion in Criterion::ALL {
            assert_eq!(criterion.name().parse(), Ok(criterion));
        }
        assert_eq!(
            "enhance".parse::<FitnessKind>(),
            Err("unknown fitness `enhance`: expected standard or enhanced".to_string())
        );
        assert_eq!(
            "fields".parse::<Criterion>(),
            Err(
                "unknown criterion `fields`: expected branch, path, field or field-transcoped"
                    .to_string()
            )
        );
    }
}
