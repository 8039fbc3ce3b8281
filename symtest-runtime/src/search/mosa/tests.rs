use rand::SeedableRng;

use super::*;
use crate::genes::{Input, IntKind};

fn with(fitness: &[f64], size: usize) -> Individual {
    Individual {
        value: Value::List(Vec::new()),
        fitness: fitness.iter().map(|&f| Fitness::from(f)).collect(),
        size,
        front: 0,
        crowding: 0.0,
    }
}

#[test]
fn fronts_rank_by_dominance() {
    let individuals = vec![
        with(&[1.0, 1.0], 1), // dominated by the next two
        with(&[0.5, 0.5], 1),
        with(&[0.2, 0.9], 1),
        with(&[2.0, 2.0], 1), // dominated by all
    ];
    let fronts = non_dominated_fronts(individuals, &[0, 1]);
    let sizes: Vec<usize> = fronts.iter().map(Vec::len).collect();
    assert_eq!(sizes, [2, 1, 1]);
    assert_eq!(fronts[2][0].fitness[0], Fitness::from(2.0));
}

#[test]
fn preference_keeps_the_closest_to_each_objective_the_smaller_on_ties() {
    // The individual closest to objective 1 is far from objective 0 and would lose a plain
    // dominance ranking to the balanced ones; preference keeps it. Objective 0 is a tie
    // between two, and the smaller wins.
    let mut population = vec![
        with(&[0.3, 0.3], 5),
        with(&[0.1, 0.4], 9),
        with(&[0.1, 0.4], 2),
        with(&[0.9, 0.2], 5),
        with(&[0.35, 0.35], 5),
    ];
    select(&mut population, &[0, 1], 2, &mut Rng::seed_from_u64(1));
    let mut kept: Vec<(usize, f64)> = population
        .iter()
        .map(|i| (i.size, i.fitness[1].value))
        .collect();
    kept.sort_by(|x, y| x.partial_cmp(y).expect("no NaN"));
    assert_eq!(kept, [(2, 0.4), (5, 0.2)]);
    assert!(population.iter().all(|i| i.front == 0));
}

#[test]
fn an_individual_closest_to_several_objectives_leaves_room_for_others() {
    // The first is closest to both objectives: the first front is it alone, and the second
    // place goes by dominance, not to the second-closest of objective 1.
    let mut population = vec![
        with(&[0.1, 0.1], 1),
        with(&[0.5, 0.2], 1),
        with(&[0.2, 0.5], 1),
        with(&[0.6, 0.6], 1),
    ];
    select(&mut population, &[0, 1], 3, &mut Rng::seed_from_u64(1));
    let fronts: Vec<usize> = population.iter().map(|i| i.front).collect();
    assert_eq!(fronts, [0, 1, 1]);
    assert!(population.iter().all(|i| i.fitness[0].value < 0.6));
}

#[test]
fn a_front_that_does_not_fit_is_cut_by_crowding_distance() {
    let mut front = vec![
        with(&[0.0, 1.0], 1),
        with(&[0.5, 0.5], 1),
        with(&[0.52, 0.48], 1),
        with(&[1.0, 0.0], 1),
    ];
    crowding(&mut front, &[0, 1]);
    assert!(front[0].crowding.is_infinite() && front[3].crowding.is_infinite());
    assert!(front[1].crowding > 0.0 && front[2].crowding > 0.0);
}

/// Three `u16` genes, one objective per value of the first gene in `targets`, and one for
/// the second gene to equal the third plus 1000: a fake function with several branches.
struct Magic {
    targets: Vec<u16>,
    covered: Vec<bool>,
    evaluations: u64,
    budget: u64,
}

impl Objectives for Magic {
    fn count(&self) -> usize {
        self.targets.len() + 1
    }

    fn evaluate(&mut self, value: &Value, fitness: &mut Vec<Fitness>) {
        assert!(!self.done(), "evaluated after done");
        self.evaluations += 1;
        let (a, b, c) = <(u16, u16, u16)>::decode(value);
        let distances = (self.targets.iter())
            .map(|&t| f64::from(a.abs_diff(t)))
            .chain([(f64::from(b) - f64::from(c) - 1000.0).abs()]);
        fitness.clear();
        for (index, distance) in distances.enumerate() {
            self.covered[index] |= distance == 0.0;
            fitness.push(Fitness::from(distance / (distance + 1.0)));
        }
    }

    fn current(&self) -> Vec<usize> {
        (0..self.count()).filter(|&i| !self.covered[i]).collect()
    }

    fn covered(&self) -> usize {
        self.covered.iter().filter(|&&c| c).count()
    }

    fn done(&self) -> bool {
        self.evaluations >= self.budget
    }
}

fn magic(budget: u64) -> Magic {
    let targets = vec![7, 700, 7000, 60000];
    Magic {
        covered: vec![false; targets.len() + 1],
        targets,
        evaluations: 0,
        budget,
    }
}

fn shape() -> Shape {
    Shape::Tuple(vec![Shape::Int(IntKind::U16); 3])
}

#[test]
fn one_population_covers_several_objectives() {
    let config = MosaConfig {
        stagnation: 200,
        ..MosaConfig::default()
    };
    for seed in 0..3 {
        let mut objectives = magic(20_000);
        search(
            &shape(),
            &[],
            &Pool::default(),
            &mut objectives,
            &mut Rng::seed_from_u64(seed),
            &config,
        );
        assert_eq!(
            objectives.covered(),
            5,
            "seed {seed}: {:?}",
            objectives.covered
        );
        assert!(
            objectives.evaluations < 20_000,
            "stops once all are covered"
        );
    }
}

#[test]
fn the_search_stops_at_its_budget_and_after_stagnation() {
    let mut objectives = magic(120);
    let pool = Pool::default();
    search(
        &shape(),
        &[],
        &pool,
        &mut objectives,
        &mut Rng::seed_from_u64(1),
        &MosaConfig::default(),
    );
    assert_eq!(objectives.evaluations, 120);
    // Nothing can be covered: the search gives up after `stagnation` generations.
    struct Never(u64);
    impl Objectives for Never {
        fn count(&self) -> usize {
            1
        }
        fn evaluate(&mut self, _: &Value, fitness: &mut Vec<Fitness>) {
            self.0 += 1;
            fitness.clear();
            fitness.push(Fitness::from(0.5));
        }
        fn current(&self) -> Vec<usize> {
            vec![0]
        }
        fn covered(&self) -> usize {
            0
        }
        fn done(&self) -> bool {
            false
        }
    }
    let mut never = Never(0);
    let config = MosaConfig::default();
    search(
        &shape(),
        &[],
        &pool,
        &mut never,
        &mut Rng::seed_from_u64(1),
        &config,
    );
    let generations = config.stagnation;
    let population = config.population as u64;
    assert_eq!(never.0, population + generations * population);
}
