//! The Wegener/Pohlheim genetic algorithm of *Symbolic Search Based Testing* §V-B.
//!
//! Competing sub-populations evolve side by side, each with its own mutation step size: linear
//! ranking and stochastic universal sampling pick parents, discrete recombination and breeder
//! mutation make offspring, elitist reinsertion forms the next generation. Every few
//! generations the sub-populations compete for individuals, and now and then they migrate.

use std::convert::Infallible;

use rand::RngExt;
use rand::seq::SliceRandom;

use super::Objective;
use super::operators::{Done, evaluate, is_single_point, mutate, recombine, seed_or_random};
use crate::genes::pool::Pool;
use crate::genes::random::Rng;
use crate::genes::{Shape, Value};
use crate::record::fitness::Fitness;

/// Weight of the previous progress in `prog(g) = 0.9·prog(g−1) + 0.1·rank`.
const PROGRESS_MEMORY: f64 = 0.9;

/// Settings of the GA; the defaults are the paper's.
#[derive(Clone, Debug, PartialEq)]
pub struct GaConfig {
    /// Number of competing sub-populations: 6.
    pub subpopulations: usize,
    /// Individuals each sub-population starts with: 50, so 300 in all.
    pub subpopulation_size: usize,
    /// Selection pressure of the linear ranking of individuals and of sub-populations: 1.7
    /// (kept within `1.0..=2.0`, where ranking is defined).
    pub selection_pressure: f64,
    /// Share of each sub-population that reinsertion keeps unchanged: the top 10 %.
    pub elite_fraction: f64,
    /// Generations between competitions for individuals: 4 (0 switches competition off).
    pub competition_interval: u64,
    /// Share of its individuals each weaker sub-population hands to the strongest one at a
    /// competition. The paper does not give it; 10 % is GEATbx's default competition rate.
    pub competition_rate: f64,
    /// Competition never takes a sub-population below this many individuals: 5.
    pub min_subpopulation_size: usize,
    /// Generations between migrations: 20 (0 switches migration off).
    pub migration_interval: u64,
    /// Share of each sub-population that migrates: 10 %.
    pub migration_fraction: f64,
    /// The hybrid: adaptive DSE on the best individual when a generation improved it, and a
    /// DSE pass over the archive after `stagnation` generations without improvement. `None`
    /// is the plain GA.
    pub dse: Option<crate::shadow::dse::Adaptive>,
    /// Generations without improvement that count as stagnation: 5 (the paper gives no
    /// value; a handful of generations is a few thousand evaluations here).
    pub stagnation: u64,
}

impl Default for GaConfig {
    fn default() -> Self {
        GaConfig {
            subpopulations: 6,
            subpopulation_size: 50,
            selection_pressure: 1.7,
            elite_fraction: 0.1,
            competition_interval: 4,
            competition_rate: 0.1,
            min_subpopulation_size: 5,
            migration_interval: 20,
            migration_fraction: 0.1,
            dse: None,
            stagnation: 5,
        }
    }
}

impl GaConfig {
    /// The GA with adaptive DSE.
    pub fn hybrid() -> Self {
        GaConfig {
            dse: Some(crate::shadow::dse::Adaptive::DEFAULT),
            ..GaConfig::default()
        }
    }
}

/// Runs the GA on inputs of `shape` until `objective` is done, checking after every single
/// evaluation.
///
/// The initial population holds the seeds (repaired to fit `shape`; at most one population's
/// worth) and then random values, dealt to the sub-populations in turn. Random values and
/// mutations draw on the constant `pool`. A shape without genes has one value only: it is
/// evaluated once and the search returns.
pub fn search(
    shape: &Shape,
    seeds: &[Value],
    pool: &Pool,
    objective: &mut dyn Objective,
    rng: &mut Rng,
    config: &GaConfig,
) {
    if is_single_point(shape) {
        // Done or not, there is nothing more to learn.
        let _ = evaluate(objective, &shape.zero());
        return;
    }
    let Err(Done) = evolve(shape, seeds, pool, objective, rng, config);
}

/// One input with its fitness (lower is better).
#[derive(Clone, Debug, PartialEq)]
struct Individual {
    value: Value,
    fitness: Fitness,
}

/// A sub-population: its individuals (always sorted best first, so position is rank), the
/// step size of its mutations, and its progress in the competition.
#[derive(Debug)]
struct SubPopulation {
    individuals: Vec<Individual>,
    step_size: f64,
    progress: f64,
}

impl SubPopulation {
    fn mean_fitness(&self) -> f64 {
        if self.individuals.is_empty() {
            return f64::INFINITY;
        }
        let total: f64 = self.individuals.iter().map(|i| i.fitness.value).sum();
        total / self.individuals.len() as f64
    }
}

/// Generations until the objective is done; only [`Done`] ends it.
fn evolve(
    shape: &Shape,
    seeds: &[Value],
    pool: &Pool,
    objective: &mut dyn Objective,
    rng: &mut Rng,
    config: &GaConfig,
) -> Result<Infallible, Done> {
    let mut hybrid = config.dse.map(|rule| Hybrid::new(rule, config.stagnation));
    let mut seeds = seeds.to_vec();
    if let Some(hybrid) = &mut hybrid {
        seeds.extend(hybrid.start(objective, rng)?);
    }
    let mut population = initial_population(shape, &seeds, pool, objective, rng, config)?;
    if let Some(hybrid) = &mut hybrid {
        hybrid.populated(&mut population, objective, rng)?;
    }
    let mut generation: u64 = 0;
    loop {
        generation += 1;
        for subpopulation in &mut population {
            breed(subpopulation, shape, pool, objective, rng, config)?;
        }
        if let Some(hybrid) = &mut hybrid {
            hybrid.generation(shape, &mut population, objective, rng)?;
        }
        update_progress(&mut population, config.selection_pressure);
        if every(generation, config.competition_interval) {
            compete(&mut population, config);
        }
        if every(generation, config.migration_interval) {
            migrate(&mut population, config.migration_fraction, rng);
        }
    }
}

/// The DSE side of the hybrid: when to ask for DSE steps, with the adaptive probability.
struct Hybrid {
    rule: crate::shadow::dse::Adaptive,
    /// The best fitness after the previous generation.
    best: Option<Fitness>,
    /// Generations since the best fitness last improved.
    stale: u64,
    stagnation: u64,
}

impl Hybrid {
    fn new(rule: crate::shadow::dse::Adaptive, stagnation: u64) -> Self {
        Hybrid {
            rule,
            best: None,
            stale: 0,
            stagnation,
        }
    }

    /// Before the first population: a new target is where the search stands still first,
    /// and the inputs found so far may be one solved condition away from it. Returns the
    /// inputs DSE found, as seeds.
    fn start(&mut self, objective: &mut dyn Objective, rng: &mut Rng) -> Result<Vec<Value>, Done> {
        let outcome = objective.dse_archive(rng);
        if objective.done() {
            return Err(Done);
        }
        Ok(outcome.inputs.into_iter().map(|(value, _)| value).collect())
    }

    /// The initial population is the first change the search sees.
    fn populated(
        &mut self,
        population: &mut [SubPopulation],
        objective: &mut dyn Objective,
        rng: &mut Rng,
    ) -> Result<(), Done> {
        if let Some(best) = best_of(population).cloned()
            && rng.random_bool(self.rule.probability)
        {
            dse_chain(population, best.value, &mut self.rule, objective, rng);
            if objective.done() {
                return Err(Done);
            }
        }
        self.best = best_of(population).map(|best| best.fitness);
        Ok(())
    }

    /// After a generation: DSE from the best individual if the generation improved it
    /// (mutation changes primitive values only, so an improvement is the paper's trigger:
    /// its values matter, DSE may do better), with the adaptive probability; after
    /// `stagnation` generations without improvement, DSE from the archive and from where
    /// the search stands (inputs that only got closer are not in the archive), then, if that
    /// did not improve the best individual, an AVM local search from it.
    fn generation(
        &mut self,
        shape: &Shape,
        population: &mut [SubPopulation],
        objective: &mut dyn Objective,
        rng: &mut Rng,
    ) -> Result<(), Done> {
        let now = best_of(population).cloned();
        if now.as_ref().map(|n| n.fitness) < self.best {
            self.stale = 0;
            if let Some(now) = now
                && rng.random_bool(self.rule.probability)
            {
                dse_chain(population, now.value, &mut self.rule, objective, rng);
            }
        } else {
            self.stale += 1;
            if self.stale >= self.stagnation {
                self.stale = 0;
                let outcome = objective.dse_archive(rng);
                adopt(population, outcome);
                if let Some(best) = best_of(population).cloned() {
                    dse_chain(population, best.value, &mut self.rule, objective, rng);
                }
                // Where DSE could not help (an unmodelled operation, a condition it cannot
                // solve), a local search on the best individual's values may.
                if let Some(best) = best_of(population).cloned()
                    && Some(best.fitness) >= self.best
                    && !objective.done()
                {
                    let (value, fitness) = super::avm::local_search(
                        shape,
                        best.value,
                        best.fitness,
                        objective,
                        &super::avm::AvmConfig::default(),
                        LOCAL_SEARCH,
                    );
                    adopt(
                        population,
                        super::DseOutcome {
                            inputs: vec![(value, fitness)],
                            success: false,
                        },
                    );
                }
            }
        }
        if objective.done() {
            return Err(Done);
        }
        self.best = best_of(population).map(|best| best.fitness);
        Ok(())
    }
}

/// DSE steps from `from`, then from each improvement they bring, while they bring one: the
/// way through a validation loop is one solved condition per iteration. A step succeeds when
/// it covers something new or improves the best individual.
fn dse_chain(
    population: &mut [SubPopulation],
    mut from: Value,
    rule: &mut crate::shadow::dse::Adaptive,
    objective: &mut dyn Objective,
    rng: &mut Rng,
) {
    for _ in 0..DSE_CHAIN {
        let before = best_of(population).map(|best| best.fitness);
        let outcome = objective.dse(&from, rng);
        let covered_new = outcome.success;
        adopt(population, outcome);
        let after = best_of(population);
        let improved = after.map(|best| best.fitness) < before;
        rule.update(covered_new || improved);
        match after {
            Some(best) if improved && !objective.done() => from = best.value.clone(),
            _ => return,
        }
    }
}

/// Most DSE steps one chain takes.
const DSE_CHAIN: usize = 32;

/// Most evaluations of one local search on stagnation: a third of what the generations of one
/// stagnation period cost (5 × 300).
const LOCAL_SEARCH: u64 = 500;

/// The best individual of the whole population.
fn best_of(population: &[SubPopulation]) -> Option<&Individual> {
    population
        .iter()
        .filter_map(|subpopulation| subpopulation.individuals.first())
        .min_by_key(|individual| individual.fitness)
}

/// Inputs DSE found replace the worst individuals of the first sub-population.
fn adopt(population: &mut [SubPopulation], outcome: super::DseOutcome) {
    let Some(first) = population.first_mut() else {
        return;
    };
    for (value, fitness) in outcome.inputs {
        if let Some(worst) = first.individuals.last_mut()
            && fitness < worst.fitness
        {
            *worst = Individual { value, fitness };
            sort_by_fitness(&mut first.individuals);
        }
    }
}

fn every(generation: u64, interval: u64) -> bool {
    interval != 0 && generation.is_multiple_of(interval)
}

fn initial_population(
    shape: &Shape,
    seeds: &[Value],
    pool: &Pool,
    objective: &mut dyn Objective,
    rng: &mut Rng,
    config: &GaConfig,
) -> Result<Vec<SubPopulation>, Done> {
    let count = config.subpopulations.max(1);
    let size = config.subpopulation_size.max(1);
    let mut population: Vec<SubPopulation> = (0..count)
        .map(|index| SubPopulation {
            individuals: Vec::with_capacity(size),
            step_size: mutation_step_size(index),
            progress: 0.0,
        })
        .collect();
    for member in 0..count * size {
        let value = seed_or_random(shape, seeds, member, pool, rng);
        let fitness = evaluate(objective, &value)?;
        population[member % count]
            .individuals
            .push(Individual { value, fitness });
    }
    for subpopulation in &mut population {
        sort_by_fitness(&mut subpopulation.individuals);
    }
    Ok(population)
}

/// Breeder-GA step size of the sub-population at `index`: `10^-pop` with `pop = index + 1`,
/// from coarse (0.1 of the domain) to fine. The paper's exponent is garbled in the text; this
/// is the standard breeder GA setting.
pub(super) fn mutation_step_size(index: usize) -> f64 {
    let pop = i32::try_from(index).map_or(i32::MAX, |index| index.saturating_add(1));
    0.1f64.powi(pop)
}

/// Replaces a sub-population by its next generation: selection, recombination, mutation,
/// evaluation of each offspring, elitist reinsertion.
fn breed(
    subpopulation: &mut SubPopulation,
    shape: &Shape,
    pool: &Pool,
    objective: &mut dyn Objective,
    rng: &mut Rng,
    config: &GaConfig,
) -> Result<(), Done> {
    let individuals = &subpopulation.individuals;
    let elite = elite_count(individuals.len(), config.elite_fraction);
    let offspring_count = individuals.len() - elite;
    let weights = linear_ranking(individuals.len(), config.selection_pressure);
    let mut parents = stochastic_universal_sampling(&weights, 2 * offspring_count, rng);
    // SUS returns parents in rank order; shuffling pairs them at random.
    parents.shuffle(rng);
    let mut offspring = Vec::with_capacity(offspring_count);
    for pair in parents.chunks_exact(2) {
        let (first, second) = (&individuals[pair[0]].value, &individuals[pair[1]].value);
        let child = recombine(shape, first, second, rng);
        let child = mutate(shape, &child, subpopulation.step_size, pool, rng);
        let fitness = evaluate(objective, &child)?;
        offspring.push(Individual {
            value: child,
            fitness,
        });
    }
    let parents = std::mem::take(&mut subpopulation.individuals);
    subpopulation.individuals = reinsert(parents, offspring, elite);
    Ok(())
}

/// How many of `size` individuals reinsertion keeps: `elite_fraction` rounded up, but always
/// leaving room for at least one offspring so every generation evaluates something.
fn elite_count(size: usize, elite_fraction: f64) -> usize {
    let elite = (size as f64 * elite_fraction).ceil() as usize;
    elite.min(size.saturating_sub(1))
}

/// Baker's linear ranking: the rank-based fitness of `count` individuals sorted best first.
/// The best gets `pressure`, the worst `2 − pressure`, evenly spaced between; the mean is 1.
fn linear_ranking(count: usize, pressure: f64) -> Vec<f64> {
    let pressure = if pressure.is_nan() {
        1.0
    } else {
        pressure.clamp(1.0, 2.0)
    };
    if count == 1 {
        return vec![1.0];
    }
    let last = count.saturating_sub(1) as f64;
    (0..count)
        .map(|position| pressure - 2.0 * (pressure - 1.0) * position as f64 / last)
        .collect()
}

/// Stochastic universal sampling: `count` evenly spaced pointers, one random offset, over the
/// cumulated `weights`; returns the chosen indices in order. Each index is chosen
/// `⌊e⌋` or `⌈e⌉` times, `e = count · weight / total`.
fn stochastic_universal_sampling(weights: &[f64], count: usize, rng: &mut Rng) -> Vec<usize> {
    let total: f64 = weights.iter().sum();
    if weights.is_empty() || count == 0 || !(total > 0.0 && total.is_finite()) {
        return Vec::new();
    }
    let spacing = total / count as f64;
    let mut pointer = rng.random_range(0.0..spacing);
    let mut chosen = Vec::with_capacity(count);
    let mut cumulated = 0.0;
    for (index, weight) in weights.iter().enumerate() {
        cumulated += weight;
        while pointer < cumulated && chosen.len() < count {
            chosen.push(index);
            pointer += spacing;
        }
    }
    // Rounding can leave the last pointer just past the total.
    chosen.resize(count, weights.len() - 1);
    chosen
}

/// Elitist reinsertion: the `elite` best parents stay; each other place goes to the best of
/// the remaining parents and the offspring, so a parent only leaves for a fitter offspring.
/// On equal fitness offspring win, which keeps the search moving across plateaus.
fn reinsert(
    mut parents: Vec<Individual>,
    mut offspring: Vec<Individual>,
    elite: usize,
) -> Vec<Individual> {
    let size = parents.len();
    let rest = parents.split_off(elite.min(size));
    offspring.extend(rest);
    sort_by_fitness(&mut offspring);
    offspring.truncate(size - parents.len());
    parents.extend(offspring);
    sort_by_fitness(&mut parents);
    parents
}

/// Stable, so among equal fitness the earlier individual stays ahead.
fn sort_by_fitness(individuals: &mut [Individual]) {
    individuals.sort_by_key(|individual| individual.fitness);
}

/// Ranks the sub-populations by mean fitness (linear ranking, `pressure`) and folds the rank
/// into each one's progress: `prog(g) = 0.9·prog(g−1) + 0.1·rank`.
fn update_progress(population: &mut [SubPopulation], pressure: f64) {
    let mut order: Vec<usize> = (0..population.len()).collect();
    let means: Vec<f64> = population.iter().map(SubPopulation::mean_fitness).collect();
    order.sort_by(|&a, &b| means[a].total_cmp(&means[b]));
    let ranks = linear_ranking(population.len(), pressure);
    for (index, rank) in order.into_iter().zip(ranks) {
        let subpopulation = &mut population[index];
        subpopulation.progress =
            PROGRESS_MEMORY * subpopulation.progress + (1.0 - PROGRESS_MEMORY) * rank;
    }
}

/// Competition: every other sub-population hands `competition_rate` of its individuals (its
/// worst, rounded up) to the one with the highest progress, never going below
/// `min_subpopulation_size`. This is GEATbx's scheme, which the paper follows.
fn compete(population: &mut [SubPopulation], config: &GaConfig) {
    let strongest = population
        .iter()
        .enumerate()
        .max_by(|(_, a), (_, b)| a.progress.total_cmp(&b.progress))
        .map(|(index, _)| index);
    let Some(strongest) = strongest else { return };
    let mut transferred = Vec::new();
    for (index, subpopulation) in population.iter_mut().enumerate() {
        if index != strongest {
            let individuals = &mut subpopulation.individuals;
            let size = individuals.len();
            let count = (size as f64 * config.competition_rate).ceil() as usize;
            let count = count.min(size.saturating_sub(config.min_subpopulation_size));
            transferred.extend(individuals.drain(size - count..));
        }
    }
    let receiver = &mut population[strongest].individuals;
    receiver.extend(transferred);
    sort_by_fitness(receiver);
}

/// Migration: each sub-population sends `fraction` of its individuals, chosen at random, into
/// a common pool, and takes back as many at random from it; every size stays the same.
fn migrate(population: &mut [SubPopulation], fraction: f64, rng: &mut Rng) {
    let mut pool = Vec::new();
    let mut sent = Vec::with_capacity(population.len());
    for subpopulation in population.iter_mut() {
        let individuals = &mut subpopulation.individuals;
        let count = ((individuals.len() as f64 * fraction).round() as usize).min(individuals.len());
        individuals.shuffle(rng);
        pool.extend(individuals.drain(..count));
        sent.push(count);
    }
    pool.shuffle(rng);
    for (subpopulation, count) in population.iter_mut().zip(sent) {
        subpopulation.individuals.extend(pool.drain(..count));
        sort_by_fitness(&mut subpopulation.individuals);
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::genes::{Input, IntKind};
    use crate::search::operators::recorder::Recorder;

    fn rng(seed: u64) -> Rng {
        Rng::seed_from_u64(seed)
    }

    fn individual(fitness: f64) -> Individual {
        Individual {
            value: Value::Float(fitness),
            fitness: fitness.into(),
        }
    }

    fn subpopulation(fitnesses: &[f64], progress: f64) -> SubPopulation {
        let mut individuals: Vec<Individual> = fitnesses.iter().copied().map(individual).collect();
        sort_by_fitness(&mut individuals);
        SubPopulation {
            individuals,
            step_size: 0.1,
            progress,
        }
    }

    fn sizes(population: &[SubPopulation]) -> Vec<usize> {
        population.iter().map(|s| s.individuals.len()).collect()
    }

    fn fitnesses(individuals: &[Individual]) -> Vec<f64> {
        individuals.iter().map(|i| i.fitness.value).collect()
    }

    fn assert_close(got: &[f64], want: &[f64]) {
        assert_eq!(got.len(), want.len(), "{got:?} vs {want:?}");
        for (g, w) in got.iter().zip(want) {
            assert!((g - w).abs() < 1e-12, "{got:?} vs {want:?}");
        }
    }

    /// Fitness of `x == 1234 && y == -77` on two i16 parameters: the sum of distances.
    fn two_i16_target(value: &Value) -> f64 {
        let (x, y) = <(i16, i16)>::decode(value);
        f64::from(x.abs_diff(1234)) + f64::from(y.abs_diff(-77))
    }

    fn two_i16() -> Shape {
        Shape::Tuple(vec![Shape::Int(IntKind::I16); 2])
    }

    #[test]
    fn linear_ranking_with_pressure_1_7_runs_from_1_7_to_0_3_with_mean_1() {
        assert_close(&linear_ranking(5, 1.7), &[1.7, 1.35, 1.0, 0.65, 0.3]);
        let ranks = linear_ranking(50, 1.7);
        assert_close(
            &[ranks[0], ranks[49], ranks.iter().sum()],
            &[1.7, 0.3, 50.0],
        );
        assert!(ranks.windows(2).all(|pair| pair[0] > pair[1]));
        assert_close(&linear_ranking(1, 1.7), &[1.0]);
        assert_close(&linear_ranking(3, 9.0), &[2.0, 1.0, 0.0]);
    }

    #[test]
    fn sus_selects_each_individual_its_expected_count_rounded_down_or_up() {
        let exact = stochastic_universal_sampling(&[3.0, 1.0, 1.0, 1.0], 6, &mut rng(1));
        assert_eq!(exact, [0, 0, 0, 1, 2, 3]);
        let weights = linear_ranking(50, 1.7);
        for seed in 0..100 {
            let chosen = stochastic_universal_sampling(&weights, 90, &mut rng(seed));
            assert_eq!(chosen.len(), 90);
            for (index, weight) in weights.iter().enumerate() {
                let expected = 90.0 * weight / 50.0;
                let count = chosen.iter().filter(|&&c| c == index).count() as f64;
                assert!(
                    count == expected.floor() || count == expected.ceil(),
                    "{index}: {count}"
                );
            }
        }
        assert!(stochastic_universal_sampling(&[], 3, &mut rng(2)).is_empty());
    }

    #[test]
    fn reinsertion_keeps_the_elite_and_lets_parents_go_only_for_fitter_offspring() {
        let parents: Vec<Individual> = (1..=5).map(|f| individual(f64::from(f))).collect();
        let offspring = vec![
            individual(9.0),
            individual(0.5),
            individual(3.5),
            individual(8.0),
        ];
        let next = reinsert(parents.clone(), offspring, 1);
        assert_eq!(fitnesses(&next), [0.5, 1.0, 2.0, 3.0, 3.5]);
        let all_worse = (0..4).map(|_| individual(10.0)).collect();
        assert_eq!(reinsert(parents.clone(), all_worse, 1), parents);
        let mut tie = individual(5.0);
        tie.value = Value::Int(7);
        let next = reinsert(parents.clone(), vec![tie.clone()], 1);
        assert_eq!(
            next[4], tie,
            "on equal fitness the offspring replaces the parent"
        );
        assert_eq!(elite_count(50, 0.1), 5);
        assert_eq!(elite_count(5, 0.1), 1);
        assert_eq!(elite_count(1, 0.1), 0);
    }

    #[test]
    fn competition_moves_worst_individuals_to_the_strongest_and_never_below_five() {
        let config = GaConfig::default();
        let mut population = vec![
            subpopulation(&[5.0; 50], 1.0),
            subpopulation(&[1.0; 50], 1.5),
            subpopulation(&[2.0, 3.0, 4.0, 5.0, 6.0, 7.0], 0.3),
            subpopulation(&[2.0; 5], 0.2),
        ];
        compete(&mut population, &config);
        assert_eq!(sizes(&population), [45, 56, 5, 5]);
        assert!(
            population[2]
                .individuals
                .iter()
                .all(|i| i.fitness.value < 7.0),
            "the worst left"
        );
        for _ in 0..100 {
            compete(&mut population, &config);
        }
        assert_eq!(sizes(&population), [5, 96, 5, 5]);
    }

    #[test]
    fn progress_is_a_moving_average_of_the_rank_by_mean_fitness() {
        let mut population = vec![
            subpopulation(&[3.0, 3.0], 0.0),
            subpopulation(&[1.0, 2.0], 1.0),
            subpopulation(&[9.0], 0.5),
        ];
        update_progress(&mut population, 1.7);
        let progress: Vec<f64> = population.iter().map(|s| s.progress).collect();
        assert_close(&progress, &[0.1, 0.9 + 0.17, 0.45 + 0.03]);
    }

    #[test]
    fn migration_exchanges_a_tenth_and_preserves_every_size_and_the_total() {
        let mut population: Vec<SubPopulation> = (0..6)
            .map(|index| subpopulation(&vec![index as f64; 10 + 10 * index], 0.0))
            .collect();
        let before = sizes(&population);
        migrate(&mut population, 0.1, &mut rng(3));
        assert_eq!(sizes(&population), before);
        let foreign: usize = population
            .iter()
            .enumerate()
            .map(|(index, s)| {
                s.individuals
                    .iter()
                    .filter(|i| i.fitness.value != index as f64)
                    .count()
            })
            .sum();
        assert!(
            (10..=21).contains(&foreign),
            "{foreign} of 21 migrants moved"
        );
        assert!(
            population
                .iter()
                .all(|s| s.individuals.is_sorted_by(|a, b| a.fitness <= b.fitness))
        );
    }

    #[test]
    fn mutation_step_sizes_shrink_tenfold_per_subpopulation() {
        let sizes: Vec<f64> = (0..6).map(mutation_step_size).collect();
        assert_close(&sizes, &[1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6]);
    }

    #[test]
    fn ga_solves_two_i16_equalities_within_30000_evaluations() {
        for seed in 0..3 {
            let mut objective = Recorder::new(30_000, two_i16_target);
            search(
                &two_i16(),
                &[],
                &Pool::default(),
                &mut objective,
                &mut rng(seed),
                &GaConfig::default(),
            );
            assert!(objective.covered(), "seed {seed}");
            let last = objective.evaluated.last().map(<(i16, i16)>::decode);
            assert_eq!(last, Some((1234, -77)));
        }
    }

    #[test]
    fn ga_starts_with_the_seeds_and_then_random_values() {
        let seeds = [
            Value::List(vec![Value::Int(1), Value::Int(2)]),
            Value::Float(4.0),
        ];
        let mut objective = Recorder::new(310, |_: &Value| 1.0);
        search(
            &two_i16(),
            &seeds,
            &Pool::default(),
            &mut objective,
            &mut rng(4),
            &GaConfig::default(),
        );
        assert_eq!(objective.evaluated[0], seeds[0]);
        assert_eq!(
            objective.evaluated[1],
            two_i16().zero(),
            "repaired to fit the shape"
        );
        assert_eq!(objective.evaluated.len(), 310);
    }

    #[test]
    fn ga_stops_right_after_the_evaluation_that_covers_the_target() {
        for covering in [1, 7, 300, 301, 1000] {
            let mut evaluations = 0;
            let fitness = |_: &Value| {
                evaluations += 1;
                if evaluations == covering { 0.0 } else { 1.0 }
            };
            let mut objective = Recorder::new(5000, fitness);
            search(
                &two_i16(),
                &[],
                &Pool::default(),
                &mut objective,
                &mut rng(5),
                &GaConfig::default(),
            );
            assert_eq!(objective.evaluated.len(), covering);
        }
    }

    #[test]
    fn ga_runs_with_degenerate_settings() {
        let config = GaConfig {
            subpopulations: 0,
            subpopulation_size: 0,
            selection_pressure: f64::NAN,
            elite_fraction: 5.0,
            competition_interval: 0,
            migration_interval: 1,
            migration_fraction: 1.0,
            ..GaConfig::default()
        };
        let mut objective = Recorder::new(50, two_i16_target);
        search(
            &two_i16(),
            &[],
            &Pool::default(),
            &mut objective,
            &mut rng(6),
            &config,
        );
        assert_eq!(objective.evaluated.len(), 50);
    }

    #[test]
    fn ga_is_deterministic_given_the_seed() {
        let evaluated = |seed| {
            let mut objective = Recorder::new(2000, two_i16_target);
            search(
                &two_i16(),
                &[],
                &Pool::default(),
                &mut objective,
                &mut rng(seed),
                &GaConfig::default(),
            );
            objective.evaluated
        };
        assert_eq!(evaluated(7), evaluated(7));
        assert_ne!(evaluated(7), evaluated(8));
    }

    /// An objective whose DSE step "solves" the target: a magic `u64` the GA would not find.
    struct Solvable {
        evaluations: usize,
        budget: usize,
        covered: bool,
        dse_calls: usize,
        archive_calls: usize,
    }

    const MAGIC: u128 = 0xDEAD_BEEF_CAFE;

    impl Objective for Solvable {
        fn evaluate(&mut self, value: &Value) -> Fitness {
            assert!(!self.done(), "evaluated after done");
            self.evaluations += 1;
            let distance = value.item(0).as_int().abs_diff(MAGIC) as f64;
            self.covered |= distance == 0.0;
            Fitness::new(distance / (distance + 1.0), distance)
        }

        fn done(&self) -> bool {
            self.covered || self.evaluations >= self.budget
        }

        fn dse(&mut self, _from: &Value, _rng: &mut Rng) -> super::super::DseOutcome {
            self.dse_calls += 1;
            let value = Value::List(vec![Value::Int(MAGIC)]);
            let fitness = self.evaluate(&value);
            super::super::DseOutcome {
                inputs: vec![(value, fitness)],
                success: true,
            }
        }

        fn dse_archive(&mut self, _rng: &mut Rng) -> super::super::DseOutcome {
            self.archive_calls += 1;
            super::super::DseOutcome::default()
        }
    }

    #[test]
    fn the_hybrid_asks_for_dse_and_the_plain_ga_never_does() {
        let shape = Shape::Tuple(vec![u64::shape()]);
        let objective = || Solvable {
            evaluations: 0,
            budget: 20_000,
            covered: false,
            dse_calls: 0,
            archive_calls: 0,
        };
        let mut plain = objective();
        search(
            &shape,
            &[],
            &Pool::default(),
            &mut plain,
            &mut rng(3),
            &GaConfig::default(),
        );
        assert_eq!((plain.dse_calls, plain.archive_calls), (0, 0));
        assert!(!plain.covered, "the GA alone finds no 48-bit magic value");
        let mut hybrid = objective();
        search(
            &shape,
            &[],
            &Pool::default(),
            &mut hybrid,
            &mut rng(3),
            &GaConfig::hybrid(),
        );
        assert!(hybrid.covered);
        assert_eq!(
            hybrid.archive_calls, 1,
            "once when the target's search starts"
        );
        assert!(hybrid.dse_calls >= 1);
        // DSE runs with probability 0.5 after the first population and after each improving
        // generation (about 270 evaluations each): a few generations at most.
        assert!(
            hybrid.evaluations < 5_000,
            "{} evaluations before DSE was asked",
            hybrid.evaluations
        );
    }

    /// `x == y + 7` on two `u64`s, with no DSE to help: a plateau of near misses for the GA.
    struct Equation {
        evaluations: u64,
        covered: bool,
    }

    impl Objective for Equation {
        fn evaluate(&mut self, value: &Value) -> Fitness {
            self.evaluations += 1;
            let (x, y) = (value.item(0).as_int(), value.item(1).as_int());
            let distance = x.abs_diff(y.saturating_add(7)) as f64;
            self.covered |= distance == 0.0;
            Fitness::new(distance / (distance + 1.0), distance)
        }

        fn done(&self) -> bool {
            self.covered || self.evaluations >= 20_000
        }
    }

    #[test]
    fn the_hybrid_climbs_from_its_best_individual_when_it_stagnates_and_dse_cannot_help() {
        let shape = Shape::Tuple(vec![u64::shape(), u64::shape()]);
        let run = |config: &GaConfig, seed| {
            let mut objective = Equation {
                evaluations: 0,
                covered: false,
            };
            search(
                &shape,
                &[],
                &Pool::default(),
                &mut objective,
                &mut rng(seed),
                config,
            );
            objective.covered
        };
        let plain = (1..=5)
            .filter(|&seed| run(&GaConfig::default(), seed))
            .count();
        let hybrid = (1..=5)
            .filter(|&seed| run(&GaConfig::hybrid(), seed))
            .count();
        assert_eq!(hybrid, 5, "the local search solves the equation every time");
        assert!(plain < 5, "the GA alone solved it {plain} times of 5");
    }
}
