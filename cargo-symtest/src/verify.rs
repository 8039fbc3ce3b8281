//! Checking the chosen tests across processes before they are written: each test's input is run
//! again in fresh processes of the search binary, where hash seeds, addresses and the clock
//! differ as they will in `cargo test`. A test whose ending (return, panic, crash) differed is
//! not written; one whose value or panic message differed is written without asserting it.

use std::path::Path;
use std::time::Duration;

use serde::Deserialize;

use crate::model::{Outcome, TestCase};

/// Fresh processes each test is run in (twice in each), besides the search's own. A result
/// that flips like a coin (the clock's nanoseconds) agrees in all 1 + 2 × 4 runs one time in
/// 256; with two processes it did one time in 16, often enough to write a flaky test.
pub const PROCESSES: usize = 4;

/// What running the tests' inputs again showed.
#[derive(Debug, Default, PartialEq)]
pub struct Verified {
    /// The tests to write.
    pub tests: Vec<TestCase>,
    /// The raw `test` lines of `tests`, in the same order.
    pub test_lines: Vec<String>,
    /// Arguments of the tests left out, with how their runs ended (`returned, panicked`).
    pub dropped: Vec<(Vec<String>, String)>,
}

/// One `rerun` line of the search binary: the two outcomes of one input.
#[derive(Debug, Deserialize)]
struct Rerun {
    index: usize,
    outcomes: Vec<Outcome>,
}

/// What one rerun process reported: the outcomes of the inputs it got through, and whether
/// it finished (its `reran` line) — if not, the next input is the one it crashed on.
#[derive(Debug, Default)]
pub struct Reran {
    pub outcomes: Vec<Vec<Outcome>>,
    pub finished: bool,
}

impl Reran {
    /// Reads a rerun process's JSON lines; a line cut short ends the reading.
    pub fn parse(text: &str) -> Reran {
        let mut reran = Reran::default();
        for line in text.lines() {
            let Ok(json) = serde_json::from_str::<serde_json::Value>(line) else {
                break;
            };
            match json["type"].as_str() {
                Some("rerun") => match serde_json::from_value::<Rerun>(json) {
                    Ok(rerun) if rerun.index == reran.outcomes.len() => {
                        reran.outcomes.push(rerun.outcomes)
                    }
                    _ => break,
                },
                Some("reran") => reran.finished = true,
                _ => {}
            }
        }
        reran
    }
}

/// Runs the tests' inputs in [`PROCESSES`] fresh processes through `rerun` (which runs the
/// given raw test lines in one process and reports what it got through), then keeps, weakens
/// or drops each test as the runs agree.
pub fn verify(
    tests: Vec<TestCase>,
    test_lines: Vec<String>,
    mut rerun: impl FnMut(&[&String]) -> Reran,
) -> Verified {
    // Per test, every outcome seen in the fresh processes; `None` for a crash.
    let mut seen: Vec<Vec<Option<Outcome>>> = vec![Vec::new(); tests.len()];
    for _ in 0..PROCESSES {
        let mut pending: Vec<usize> = (0..tests.len()).collect();
        // A process that crashes names one input; the rest go to a new process.
        while !pending.is_empty() {
            let lines: Vec<&String> = pending.iter().map(|&i| &test_lines[i]).collect();
            let reran = rerun(&lines);
            for (&index, outcomes) in pending.iter().zip(&reran.outcomes) {
                seen[index].extend(outcomes.iter().cloned().map(Some));
            }
            let got = reran.outcomes.len();
            if reran.finished || got >= pending.len() {
                break;
            }
            seen[pending[got]].push(None);
            pending.drain(..=got);
        }
    }
    let mut verified = Verified::default();
    for ((mut test, line), seen) in tests.into_iter().zip(test_lines).zip(seen) {
        match judge(&test, &seen) {
            Judgement::Same => {}
            Judgement::ValueDiffered => test.deterministic = false,
            Judgement::EndingDiffered(endings) => {
                verified.dropped.push((test.args, endings));
                continue;
            }
        }
        verified.tests.push(test);
        verified.test_lines.push(line);
    }
    verified
}

#[derive(Debug, PartialEq)]
enum Judgement {
    Same,
    /// Same ending, but a returned value or panic message differed (or the search's own
    /// reruns saw a difference).
    ValueDiffered,
    /// The endings seen, e.g. `returned, panicked`.
    EndingDiffered(String),
}

fn judge(test: &TestCase, seen: &[Option<Outcome>]) -> Judgement {
    let first = ending(Some(&test.outcome));
    let mut endings = vec![first];
    for outcome in seen {
        let ending = ending(outcome.as_ref());
        if !endings.contains(&ending) {
            endings.push(ending);
        }
    }
    if endings.len() > 1 {
        return Judgement::EndingDiffered(endings.join(", "));
    }
    let same = seen.iter().all(|outcome| {
        outcome
            .as_ref()
            .is_some_and(|o| same_value(o, &test.outcome))
    });
    if same && test.deterministic {
        Judgement::Same
    } else {
        Judgement::ValueDiffered
    }
}

fn ending(outcome: Option<&Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::Returned { .. }) => "returned",
        Some(Outcome::Panicked { .. }) => "panicked",
        Some(Outcome::Timeout) => "ran out of steps",
        Some(Outcome::Invalid) => "could not make its arguments",
        None => "crashed",
    }
}

/// Same returned value (as rendered) or same panic message; locations may differ.
fn same_value(a: &Outcome, b: &Outcome) -> bool {
    match (a, b) {
        (
            Outcome::Returned {
                literal: la,
                debug: da,
                ..
            },
            Outcome::Returned {
                literal: lb,
                debug: db,
                ..
            },
        ) => la == lb && da == db,
        (Outcome::Panicked { message: a, .. }, Outcome::Panicked { message: b, .. }) => a == b,
        (Outcome::Timeout, Outcome::Timeout) | (Outcome::Invalid, Outcome::Invalid) => true,
        _ => false,
    }
}

/// How long one rerun process may take: it runs a few inputs twice each.
pub fn rerun_limit(search_limit: Duration) -> Duration {
    search_limit.min(Duration::from_secs(60))
}

/// The raw test lines as the rerun file the search binary reads.
pub fn write_rerun_file(path: &Path, lines: &[&String]) -> std::io::Result<()> {
    let text: Vec<&str> = lines.iter().map(|line| line.as_str()).collect();
    std::fs::write(path, text.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn returns(value: &str) -> Outcome {
        Outcome::Returned {
            literal: Some(value.into()),
            debug: Some(value.into()),
            comparable: true,
        }
    }

    fn panics(message: &str) -> Outcome {
        Outcome::Panicked {
            message: message.into(),
            location: None,
        }
    }

    fn test(arg: &str, outcome: Outcome) -> TestCase {
        TestCase {
            args: vec![arg.into()],
            covers: vec![(0, 0)],
            outcome,
            deterministic: true,
            fields: Vec::new(),
        }
    }

    /// A rerun that answers from a list of processes, each a list of (input → outcomes) in
    /// the order asked, or a crash.
    fn answers(processes: Vec<Vec<Option<Vec<Outcome>>>>) -> impl FnMut(&[&String]) -> Reran {
        let mut processes = processes.into_iter();
        move |lines| {
            let answers = processes.next().unwrap_or_default();
            let mut reran = Reran::default();
            for answer in answers.into_iter().take(lines.len()) {
                match answer {
                    Some(outcomes) => reran.outcomes.push(outcomes),
                    None => return reran,
                }
            }
            reran.finished = true;
            reran
        }
    }

    #[test]
    fn agreeing_runs_keep_the_test_and_its_assertion() {
        let tests = vec![test("1", returns("2"))];
        let two = || vec![Some(vec![returns("2"), returns("2")])];
        let verified = verify(tests.clone(), vec!["a".into()], answers(vec![two(), two()]));
        assert_eq!(verified.tests, tests);
        assert!(verified.dropped.is_empty());
    }

    #[test]
    fn a_value_that_differs_between_processes_is_not_asserted() {
        let tests = vec![test("1", returns("2"))];
        let verified = verify(
            tests,
            vec!["a".into()],
            answers(vec![
                vec![Some(vec![returns("2"), returns("2")])],
                vec![Some(vec![returns("7"), returns("7")])],
            ]),
        );
        assert_eq!(verified.tests.len(), 1);
        assert!(!verified.tests[0].deterministic);
    }

    #[test]
    fn a_test_whose_ending_differs_is_dropped_and_a_crash_names_its_input() {
        let tests = vec![
            test("1", returns("2")),
            test("2", panics("boom")),
            test("3", returns("4")),
        ];
        let lines = vec!["a".into(), "b".into(), "c".into()];
        let verified = verify(
            tests,
            lines,
            answers(vec![
                // The first process crashes on the second input; a new one reruns the third.
                vec![Some(vec![returns("2"), returns("2")]), None],
                vec![Some(vec![returns("4"), returns("4")])],
                vec![
                    Some(vec![returns("2"), panics("no")]),
                    Some(vec![panics("boom"), panics("boom")]),
                    Some(vec![returns("4"), returns("4")]),
                ],
            ]),
        );
        let kept: Vec<&str> = verified.tests.iter().map(|t| t.args[0].as_str()).collect();
        assert_eq!(kept, ["3"]);
        assert_eq!(
            verified.dropped,
            [
                (vec!["1".to_string()], "returned, panicked".to_string()),
                (vec!["2".to_string()], "panicked, crashed".to_string())
            ]
        );
    }

    #[test]
    fn rerun_lines_are_read_up_to_a_line_cut_short() {
        let text = "{\"type\":\"function\"}\n\
            {\"type\":\"rerun\",\"index\":0,\"outcomes\":[\"timeout\",\"timeout\"],\"covers\":[]}\n\
            {\"type\":\"rerun\",\"ind";
        let reran = Reran::parse(text);
        assert_eq!(reran.outcomes, [vec![Outcome::Timeout, Outcome::Timeout]]);
        assert!(!reran.finished);
    }

    #[test]
    fn a_rerun_whose_arguments_could_not_be_made_is_read_and_told() {
        let text = "{\"type\":\"rerun\",\"index\":0,\"outcomes\":[\"invalid\"],\"covers\":[]}\n\
            {\"type\":\"reran\"}";
        let reran = Reran::parse(text);
        assert_eq!(reran.outcomes, [vec![Outcome::Invalid]]);
        assert!(reran.finished);
        assert_eq!(
            ending(Some(&Outcome::Invalid)),
            "could not make its arguments"
        );
        assert!(!Outcome::Invalid.makes_test());
    }
}
