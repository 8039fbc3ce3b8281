use super::*;
use crate::record::trace::LoopMeta;

/// `for x in v { if x > 9 { … } }`: the loop's decision 0 (its head), the `if` 1.
static LOOPS: [LoopMeta; 1] = [LoopMeta {
    line: 1,
    head: Some(0),
    decisions: &[0, 1],
}];
static PATHS: Paths =
    Paths::new("k2 b0 b1 l-,0,1 p 0,1 p 0,0 1,0 0,1 p 0,0 1,1 0,1 p 0,0 1,0 0,0 1,1 0,1");

fn log() -> PathLog {
    let listed = PATHS.listed(&LOOPS);
    PathLog {
        listed,
        events: Vec::new(),
        distances: Vec::new(),
        loops: vec![LoopState::default(); 1],
        matched: None,
        key: Vec::new(),
    }
}

/// Runs the loop over `items`: the outcomes and ticks its hooks record.
fn run(items: &[(bool, f64)]) -> PathLog {
    let mut log = log();
    for &(big, miss) in items {
        log.decision(0, 0, 2, |_| 3.0);
        log.tick(0);
        log.decision(1, usize::from(!big), 2, |_| miss);
    }
    log.decision(0, 1, 2, |_| 1.0);
    log.finish();
    log
}

#[test]
fn a_loop_past_k_iterations_keeps_its_first_and_last() {
    assert_eq!(run(&[]).matched, Some(0));
    assert_eq!(run(&[(true, 1.0)]).matched, Some(1));
    // Five iterations, the last one small: the path of a big first and a small second.
    let long = [
        (true, 1.0),
        (true, 1.0),
        (true, 1.0),
        (true, 1.0),
        (false, 1.0),
    ];
    assert_eq!(run(&long).matched, Some(3));
    // A last iteration like the first: no listed path has it.
    assert_eq!(run(&[(true, 1.0), (true, 1.0), (true, 1.0)]).matched, None);
}

#[test]
fn the_fitness_of_a_path_is_zero_when_taken_and_falls_as_the_execution_comes_closer() {
    let target = 3; // big, then small
    assert_eq!(
        fitness(&run(&[(true, 1.0), (false, 1.0)]), target),
        Fitness::COVERED
    );
    // Not iterating at all leaves four conditions; diverging at the second leaves two.
    let none = fitness(&run(&[]), target);
    let wrong_first = fitness(&run(&[(false, 5.0)]), target);
    let near_second = fitness(&run(&[(true, 1.0), (true, 2.0)]), target);
    let far_second = fitness(&run(&[(true, 1.0), (true, 50.0)]), target);
    assert!(none > wrong_first, "{none:?} {wrong_first:?}");
    assert!(wrong_first > far_second, "{wrong_first:?} {far_second:?}");
    assert!(far_second > near_second, "{far_second:?} {near_second:?}");
    assert!(near_second.value < 2.0, "only the exit is left unreached");
}

#[test]
fn only_the_body_decisions_are_logged_and_bad_text_lists_nothing() {
    let mut log = log();
    log.decision(7, 0, 2, |_| 1.0);
    assert!(log.events().is_empty());
    let bad = Paths::new("k2 l-,0,1 l-,0,1 p 0,1");
    assert!(std::panic::catch_unwind(|| bad.listed(&LOOPS).paths.len()).map_or(true, |n| n == 0));
}

#[test]
fn a_table_without_a_list_lists_nothing_whatever_its_loops() {
    // An impl block's combined table has the loops of its methods and no path list.
    static COMBINED: Paths = Paths::new("");
    let listed = COMBINED.listed(&LOOPS);
    assert!(listed.paths.is_empty() && !listed.capped);
}
