//! DynaMOSA (Panichella, Kifetew and Tonella, *Automated Test Case Generation as a
//! Many-Objective Optimisation Problem with Dynamic Selection of the Targets*, TSE 2018): every
//! uncovered branch is an objective of its own, and one population searches them all at once.
//!
//! - **Dynamic selection.** A branch is an objective once a branch it is control dependent on
//!   is covered; branches that depend on none are objectives from the start. Covered branches
//!   leave the objectives (the archive keeps what covered them).
//! - **A generation** breeds as many offspring as the population holds: two parents by binary
//!   tournament (lower front first, then the larger crowding distance), crossed over with
//!   probability 0.75, each child mutated. The next population is chosen from parents and
//!   offspring together.
//! - **Preference sorting** makes the first front: for each objective, the individual closest
//!   to it, the smaller on ties (one individual may be closest to several). The others are ranked by non-dominated sorting over the
//!   objectives (Deb's fast sort). Fronts join the next population in order; the first that
//!   does not fit whole is cut by crowding distance.
//!
//! Deviations from the paper, for reuse of what the GA already has: crossover and mutation are
//! the GA's (discrete recombination, which keeps call boundaries, and breeder mutation with a
//! step size drawn from the GA's six); crowding is NSGA-II's distance, not subvector
//! dominance; a first front larger than the population is cut by crowding distance too (ties
//! in random order), where the paper moves the rest to the next front. The paper's
//! parameters: a population of 50, crossover probability 0.75.

use std::collections::BTreeSet;

use rand::RngExt;
use rand::seq::SliceRandom;

use crate::genes::pool::Pool;
use crate::genes::random::Rng;
use crate::genes::{Shape, Value};
use crate::record::fitness::Fitness;

use super::ga::mutation_step_size;
use super::operators::{is_single_point, mutate, recombine, sane, seed_or_random};

/// Settings of the many-objective search; the defaults are the paper's where it gives them.
#[derive(Clone, Debug, PartialEq)]
pub struct MosaConfig {
    /// Individuals in the population: 50.
    pub population: usize,
    /// Probability that two parents are crossed over rather than copied: 0.75.
    pub crossover: f64,
    /// Generations that cover nothing new before the search gives up: 10 (the paper runs to
    /// its budget; here what is left goes on to the targeted hybrid, which has DSE).
    pub stagnation: u64,
}

impl Default for MosaConfig {
    fn default() -> Self {
        MosaConfig {
            population: 50,
            crossover: 0.75,
            stagnation: 10,
        }
    }
}

/// What the many-objective search minimises: one fitness per objective for each input.
pub trait Objectives {
    /// How many objectives there are; [`evaluate`](Self::evaluate) fills one fitness each.
    fn count(&self) -> usize;
    /// Runs `value`, writing its fitness for every objective into `fitness` (cleared first).
    fn evaluate(&mut self, value: &Value, fitness: &mut Vec<Fitness>);
    /// The objectives the search targets now: uncovered, and selected (see the module docs).
    fn current(&self) -> Vec<usize>;
    /// Branches covered so far: the search stops after generations that do not raise it.
    fn covered(&self) -> usize;
    /// True once the budget or the time is spent.
    fn done(&self) -> bool;
}

/// One input with its fitness for every objective, its size (fewer genes, a shorter sequence:
/// preferred on ties), and its place in the last selection.
#[derive(Clone, Debug)]
struct Individual {
    value: Value,
    fitness: Vec<Fitness>,
    size: usize,
    front: usize,
    crowding: f64,
}

/// Runs DynaMOSA from `seeds` and random values until every objective is covered, the
/// objectives say done, or `stagnation` generations cover nothing new.
pub fn search(
    shape: &Shape,
    seeds: &[Value],
    pool: &Pool,
    objectives: &mut dyn Objectives,
    rng: &mut Rng,
    config: &MosaConfig,
) {
    if is_single_point(shape) || objectives.current().is_empty() {
        // Nothing to search: the driver evaluated the shape's one value before.
        return;
    }
    let size = config.population.max(2);
    let mut population = Vec::with_capacity(size);
    for index in 0..size {
        if objectives.done() {
            return;
        }
        let value = seed_or_random(shape, seeds, index, pool, rng);
        population.push(individual(value, objectives));
    }
    let mut covered = objectives.covered();
    let mut stale = 0;
    loop {
        let current = objectives.current();
        if current.is_empty() || objectives.done() || stale >= config.stagnation {
            return;
        }
        select(&mut population, &current, size, rng);
        let mut offspring = Vec::with_capacity(size);
        while offspring.len() < size {
            let first = &population[tournament(&population, rng)].value;
            let second = &population[tournament(&population, rng)].value;
            let (first, second) = match rng.random_bool(config.crossover) {
                true => (
                    recombine(shape, first, second, rng),
                    recombine(shape, second, first, rng),
                ),
                false => (first.clone(), second.clone()),
            };
            for child in [first, second] {
                if objectives.done() {
                    return;
                }
                let step_size = mutation_step_size(rng.random_range(0..STEP_SIZES));
                let child = mutate(shape, &child, step_size, pool, rng);
                offspring.push(individual(child, objectives));
            }
        }
        population.extend(offspring);
        let now = objectives.covered();
        stale = if now > covered { 0 } else { stale + 1 };
        covered = now;
    }
}

/// Each child's mutation draws the step size of one of the GA's six sub-populations, `10^-1` to
/// `10^-6`, so the population mutates both coarsely and finely.
const STEP_SIZES: usize = 6;

fn individual(value: Value, objectives: &mut dyn Objectives) -> Individual {
    let mut fitness = Vec::with_capacity(objectives.count());
    objectives.evaluate(&value, &mut fitness);
    fitness.iter_mut().for_each(|f| *f = sane(*f));
    Individual {
        size: genes(&value),
        value,
        fitness,
        front: 0,
        crowding: 0.0,
    }
}

/// The number of leaf genes of a value.
fn genes(value: &Value) -> usize {
    match value {
        Value::Int(_) | Value::Float(_) => 1,
        Value::List(items) => items.iter().map(genes).sum::<usize>().max(1),
    }
}

/// Binary tournament: of two individuals drawn at random, the one in the lower front, or with
/// the larger crowding distance in the same front.
fn tournament(population: &[Individual], rng: &mut Rng) -> usize {
    let a = rng.random_range(0..population.len());
    let b = rng.random_range(0..population.len());
    let (x, y) = (&population[a], &population[b]);
    if (x.front, -x.crowding) <= (y.front, -y.crowding) {
        a
    } else {
        b
    }
}

/// Keeps the `size` best of `population` for the `current` objectives: preference sorting,
/// then non-dominated fronts, the last cut by crowding distance (ties in random order, so no
/// objective's closest input loses for coming late). Leaves each kept individual's front and
/// crowding distance set, for the tournaments.
fn select(population: &mut Vec<Individual>, current: &[usize], size: usize, rng: &mut Rng) {
    // Preference: the closest individual to each objective, once however many it is best at.
    let preferred: BTreeSet<usize> = (current.iter())
        .filter_map(|&objective| {
            let keyed = population.iter().enumerate();
            keyed
                .min_by_key(|(_, individual)| (individual.fitness[objective], individual.size))
                .map(|(index, _)| index)
        })
        .collect();
    let mut rest: Vec<Individual> = std::mem::take(population);
    let mut first = Vec::with_capacity(preferred.len());
    for &index in preferred.iter().rev() {
        first.push(rest.swap_remove(index));
    }
    let mut fronts = vec![first];
    fronts.extend(non_dominated_fronts(rest, current));
    for (rank, mut front) in fronts.into_iter().enumerate() {
        let room = size - population.len();
        if room == 0 {
            break;
        }
        crowding(&mut front, current);
        if front.len() > room {
            front.shuffle(rng);
            front.sort_by(|x, y| y.crowding.total_cmp(&x.crowding));
            front.truncate(room);
        }
        for mut individual in front {
            individual.front = rank;
            population.push(individual);
        }
    }
}

/// Whether `x` is at least as close as `y` to every objective and closer to one.
fn dominates(x: &Individual, y: &Individual, current: &[usize]) -> bool {
    let mut closer = false;
    for &objective in current {
        match x.fitness[objective].cmp(&y.fitness[objective]) {
            std::cmp::Ordering::Greater => return false,
            std::cmp::Ordering::Less => closer = true,
            std::cmp::Ordering::Equal => {}
        }
    }
    closer
}

/// Deb's fast non-dominated sort: the first front is what nothing dominates, the next what
/// only the first dominates, and so on.
fn non_dominated_fronts(individuals: Vec<Individual>, current: &[usize]) -> Vec<Vec<Individual>> {
    let count = individuals.len();
    let mut dominated_by = vec![0usize; count];
    let mut dominating: Vec<Vec<usize>> = vec![Vec::new(); count];
    for a in 0..count {
        for b in a + 1..count {
            if dominates(&individuals[a], &individuals[b], current) {
                dominating[a].push(b);
                dominated_by[b] += 1;
            } else if dominates(&individuals[b], &individuals[a], current) {
                dominating[b].push(a);
                dominated_by[a] += 1;
            }
        }
    }
    let mut ranks = vec![0usize; count];
    let mut front: Vec<usize> = (0..count).filter(|&i| dominated_by[i] == 0).collect();
    let mut rank = 0;
    while !front.is_empty() {
        let mut next = Vec::new();
        for &i in &front {
            ranks[i] = rank;
            for &j in &dominating[i] {
                dominated_by[j] -= 1;
                if dominated_by[j] == 0 {
                    next.push(j);
                }
            }
        }
        front = next;
        rank += 1;
    }
    let mut fronts: Vec<Vec<Individual>> = (0..rank).map(|_| Vec::new()).collect();
    for (individual, rank) in individuals.into_iter().zip(ranks) {
        fronts[rank].push(individual);
    }
    fronts
}

/// NSGA-II's crowding distance over the `current` objectives: the individuals at either end
/// of an objective are infinitely far, the others by how far apart their neighbours are.
fn crowding(front: &mut [Individual], current: &[usize]) {
    for individual in front.iter_mut() {
        individual.crowding = 0.0;
    }
    if front.len() < 3 {
        front.iter_mut().for_each(|i| i.crowding = f64::INFINITY);
        return;
    }
    let mut order: Vec<usize> = (0..front.len()).collect();
    for &objective in current {
        let values: Vec<f64> = front.iter().map(|i| i.fitness[objective].value).collect();
        order.sort_by(|&x, &y| values[x].total_cmp(&values[y]));
        let (first, last) = (order[0], order[order.len() - 1]);
        front[first].crowding = f64::INFINITY;
        front[last].crowding = f64::INFINITY;
        let span = values[last] - values[first];
        if !span.is_finite() || span == 0.0 {
            continue;
        }
        for k in 1..order.len() - 1 {
            front[order[k]].crowding += (values[order[k + 1]] - values[order[k - 1]]) / span;
        }
    }
}

#[cfg(test)]
mod tests;
