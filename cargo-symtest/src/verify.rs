//! Checking the chosen tests across processes before they are written: each test's input is run
//! again in fresh processes of the search binary, where hash seeds, addresses and the clock
//! differ as they will in `cargo test`. A test whose ending (return, panic, crash) differed is
//! not written; one whose value or panic message differed is written without asserting it.
//! Where an input's ending differed, the decisions its runs took different ways are not settled
//! by the input (the clock, a hash order): no test that reaches one of them is written either,
//! whatever its own runs happened to show.

use std::collections::BTreeSet;
use std::path::Path;
use std::time::Duration;

use serde::Deserialize;

use crate::model::{Branch, Outcome, TestCase};

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
    /// Arguments of the tests left out, with why.
    pub dropped: Vec<(Vec<String>, Dropped)>,
}

/// Why a test is not written.
#[derive(Debug, PartialEq)]
pub enum Dropped {
    /// Its runs ended differently: the endings seen (`returned, panicked`).
    Endings(String),
    /// It reaches `decision`, which the runs of the input `witness` (whose ending differed)
    /// took different ways.
    Unsettled { decision: u32, witness: Vec<String> },
}

/// One run of an input: how it ended, the branches it took, and its arguments as the process
/// rendered them (a sequence's with what each call returned; `None` where not reported).
#[derive(Clone, Debug, PartialEq)]
pub struct Run {
    pub outcome: Outcome,
    pub covers: Vec<Branch>,
    pub args: Option<Vec<String>>,
}

/// One `rerun` line of the search binary: the two outcomes of one input, the branches each
/// covered (none where the binary could not read the input), and the arguments rendered.
#[derive(Debug, Deserialize)]
struct Rerun {
    index: usize,
    outcomes: Vec<Outcome>,
    #[serde(default)]
    covers: Vec<Vec<Branch>>,
    #[serde(default)]
    args: Option<Vec<String>>,
}

/// What one rerun process reported: the runs of the inputs it got through, and whether it
/// finished (its `reran` line) — if not, the next input is the one it crashed on.
#[derive(Debug, Default)]
pub struct Reran {
    pub runs: Vec<Vec<Run>>,
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
                    Ok(rerun) if rerun.index == reran.runs.len() => {
                        let mut covers = rerun.covers.into_iter();
                        let runs = (rerun.outcomes.into_iter())
                            .map(|outcome| Run {
                                outcome,
                                covers: covers.next().unwrap_or_default(),
                                args: rerun.args.clone(),
                            })
                            .collect();
                        reran.runs.push(runs);
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
/// or drops each test as the runs agree. `is_branch` tells the branches of the code among the
/// covered targets (not output classes, boundaries, paths or fields). Two tests of the same
/// input are one test, whose runs are both's.
pub fn verify(
    tests: Vec<TestCase>,
    test_lines: Vec<String>,
    is_branch: impl Fn(Branch) -> bool,
    rerun: impl FnMut(&[&String]) -> Reran,
) -> Verified {
    let reran = rerun_all(&test_lines, rerun);
    let inputs = same_inputs(&tests, &test_lines, reran);
    let judgements: Vec<Option<Judgement>> = (tests.iter().zip(&inputs))
        .map(|(test, input)| Some(judge(test, &input.as_ref()?.all())))
        .collect();
    let unsettled = unsettled(&inputs, &judgements, &is_branch);
    let mut verified = Verified::default();
    let rows = (tests.into_iter().zip(test_lines)).zip(judgements.into_iter().zip(&inputs));
    for ((mut test, line), (judgement, input)) in rows {
        // `None`: another test of the same input stands for it.
        let (Some(judgement), Some(input)) = (judgement, input) else {
            continue;
        };
        let reaches = input.decisions(&is_branch);
        let witness = (unsettled.iter()).find(|(decision, _)| reaches.contains(decision));
        match (judgement, witness) {
            (Judgement::EndingDiffered(endings), _) => {
                let why = Dropped::Endings(endings);
                verified.dropped.push((test.args, why));
                continue;
            }
            (_, Some((decision, witness))) => {
                let why = Dropped::Unsettled {
                    decision: *decision,
                    witness: witness.clone(),
                };
                verified.dropped.push((test.args, why));
                continue;
            }
            (Judgement::Same, None) => {}
            (Judgement::ValueDiffered, None) => test.deterministic = false,
        }
        verified.tests.push(test);
        verified.test_lines.push(line);
    }
    verified
}

/// Every run of each test's input in [`PROCESSES`] fresh processes (`None` for a crash).
fn rerun_all(
    test_lines: &[String],
    mut rerun: impl FnMut(&[&String]) -> Reran,
) -> Vec<Vec<Option<Run>>> {
    let mut seen: Vec<Vec<Option<Run>>> = vec![Vec::new(); test_lines.len()];
    for _ in 0..PROCESSES {
        let mut pending: Vec<usize> = (0..test_lines.len()).collect();
        // A process that crashes names one input; the rest go to a new process.
        while !pending.is_empty() {
            let lines: Vec<&String> = pending.iter().map(|&i| &test_lines[i]).collect();
            let reran = rerun(&lines);
            for (&index, runs) in pending.iter().zip(&reran.runs) {
                seen[index].extend(runs.iter().cloned().map(Some));
            }
            let got = reran.runs.len();
            if reran.finished || got >= pending.len() {
                break;
            }
            seen[pending[got]].push(None);
            pending.drain(..=got);
        }
    }
    seen
}

/// Everything known of one input: how the search's runs of it went (the test's, and those of
/// later tests of the same input), and how its reruns did.
struct Input {
    args: Vec<String>,
    searched: Vec<Run>,
    reran: Vec<Option<Run>>,
}

impl Input {
    /// Every run, the search's first (`None` for a crash).
    fn all(&self) -> Vec<Option<&Run>> {
        let searched = self.searched.iter().map(Some);
        searched
            .chain(self.reran.iter().map(Option::as_ref))
            .collect()
    }

    /// The decisions of the code any of its runs reached.
    fn decisions(&self, is_branch: impl Fn(Branch) -> bool) -> BTreeSet<u32> {
        let runs = self.searched.iter().chain(self.reran.iter().flatten());
        (runs.flat_map(|run| run.covers.iter().copied()))
            .filter(|&branch| is_branch(branch))
            .map(|(decision, _)| decision)
            .collect()
    }
}

/// Per test, its input with every run of it; `None` for a test whose input an earlier test
/// has (same exact genes), which takes its runs.
fn same_inputs(
    tests: &[TestCase],
    test_lines: &[String],
    reran: Vec<Vec<Option<Run>>>,
) -> Vec<Option<Input>> {
    let keys: Vec<String> = test_lines.iter().map(|line| input_of(line)).collect();
    let mut inputs: Vec<Option<Input>> = Vec::new();
    for (index, (test, reran)) in tests.iter().zip(reran).enumerate() {
        let searched = Run {
            outcome: test.outcome.clone(),
            covers: test.covers.clone(),
            args: Some(test.args.clone()),
        };
        let earlier = (0..index).find(|&other| keys[other] == keys[index]);
        match earlier.and_then(|earlier| inputs[earlier].as_mut()) {
            Some(input) => {
                input.searched.push(searched);
                input.reran.extend(reran);
                inputs.push(None);
            }
            None => inputs.push(Some(Input {
                args: test.args.clone(),
                searched: vec![searched],
                reran,
            })),
        }
    }
    inputs
}

/// The decisions that the reruns of an input whose ending differed took different ways, each
/// with that input's arguments. (The search's own run is left out: it reports its branches its
/// own way, with the chosen test's.)
fn unsettled(
    inputs: &[Option<Input>],
    judgements: &[Option<Judgement>],
    is_branch: impl Fn(Branch) -> bool,
) -> Vec<(u32, Vec<String>)> {
    let mut unsettled: Vec<(u32, Vec<String>)> = Vec::new();
    for (input, judgement) in inputs.iter().zip(judgements) {
        if let (Some(input), Some(Judgement::EndingDiffered(_))) = (input, judgement) {
            for decision in differing_decisions(&input.reran, &is_branch) {
                if !unsettled.iter().any(|(known, _)| *known == decision) {
                    unsettled.push((decision, input.args.clone()));
                }
            }
        }
    }
    unsettled
}

/// The input of a raw `test` line: its exact genes (arguments may render alike where a value
/// cannot be written); the whole line where it has none.
fn input_of(line: &str) -> String {
    serde_json::from_str::<serde_json::Value>(line)
        .ok()
        .map(|json| json["exact"].clone())
        .filter(|exact| !exact.is_null())
        .map_or_else(|| line.to_string(), |exact| exact.to_string())
}

/// The decisions some runs in `runs` took a way others did not (crashed runs, which report no
/// branches, aside).
fn differing_decisions(runs: &[Option<Run>], is_branch: impl Fn(Branch) -> bool) -> Vec<u32> {
    let sets: Vec<BTreeSet<Branch>> = (runs.iter().flatten())
        .map(|run| {
            run.covers
                .iter()
                .copied()
                .filter(|&b| is_branch(b))
                .collect()
        })
        .collect();
    let mut decisions = BTreeSet::new();
    for (a, b) in sets.iter().zip(sets.iter().skip(1)) {
        decisions.extend(a.symmetric_difference(b).map(|&(decision, _)| decision));
    }
    decisions.into_iter().collect()
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

/// How the runs in `seen` (the search's first; `None` for a crash) of `test`'s input agree.
fn judge(test: &TestCase, seen: &[Option<&Run>]) -> Judgement {
    let mut endings: Vec<&str> = Vec::new();
    for run in seen {
        let ending = ending(run.map(|run| &run.outcome));
        if !endings.contains(&ending) {
            endings.push(ending);
        }
    }
    if endings.len() > 1 {
        return Judgement::EndingDiffered(endings.join(", "));
    }
    // A sequence's arguments carry what its calls returned before the last: a test asserts
    // those too, so they must agree as the last call's result does.
    let same = (seen.iter()).all(|run| {
        run.is_some_and(|run| {
            same_value(&run.outcome, &test.outcome)
                && run.args.as_ref().is_none_or(|args| *args == test.args)
        })
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
        covering(arg, outcome, &[(0, 0)])
    }

    fn covering(arg: &str, outcome: Outcome, covers: &[Branch]) -> TestCase {
        TestCase {
            args: vec![arg.into()],
            covers: covers.to_vec(),
            outcome,
            deterministic: true,
            fields: Vec::new(),
        }
    }

    fn run(outcome: Outcome, covers: &[Branch]) -> Run {
        Run {
            outcome,
            covers: covers.to_vec(),
            args: None,
        }
    }

    /// Every branch below 100 is one of the code.
    fn code(branch: Branch) -> bool {
        branch.0 < 100
    }

    /// A rerun that answers from a list of processes, each a list of (input → runs) in the
    /// order asked, or a crash.
    fn answers(processes: Vec<Vec<Option<Vec<Run>>>>) -> impl FnMut(&[&String]) -> Reran {
        let mut processes = processes.into_iter();
        move |lines| {
            let answers = processes.next().unwrap_or_default();
            let mut reran = Reran::default();
            for answer in answers.into_iter().take(lines.len()) {
                match answer {
                    Some(runs) => reran.runs.push(runs),
                    None => return reran,
                }
            }
            reran.finished = true;
            reran
        }
    }

    /// Runs that cover nothing, of these outcomes.
    fn ending(outcomes: &[Outcome]) -> Option<Vec<Run>> {
        Some(outcomes.iter().map(|o| run(o.clone(), &[])).collect())
    }

    fn lines(count: usize) -> Vec<String> {
        (0..count).map(|i| i.to_string()).collect()
    }

    #[test]
    fn agreeing_runs_keep_the_test_and_its_assertion() {
        let tests = vec![test("1", returns("2"))];
        let two = || vec![ending(&[returns("2"), returns("2")])];
        let verified = verify(tests.clone(), lines(1), code, answers(vec![two(), two()]));
        assert_eq!(verified.tests, tests);
        assert!(verified.dropped.is_empty());
    }

    #[test]
    fn a_value_that_differs_between_processes_is_not_asserted() {
        let tests = vec![test("1", returns("2"))];
        let verified = verify(
            tests,
            lines(1),
            code,
            answers(vec![
                vec![ending(&[returns("2"), returns("2")])],
                vec![ending(&[returns("7"), returns("7")])],
            ]),
        );
        assert_eq!(verified.tests.len(), 1);
        assert!(!verified.tests[0].deterministic);
    }

    #[test]
    fn a_sequence_whose_earlier_calls_returned_other_values_is_not_asserted() {
        // The last call agrees; a call before it returned an address in one process.
        let step = |returned: &str| format!(r#"{{"call":"it.next()","literal":"{returned}"}}"#);
        let tests = vec![TestCase {
            args: vec![
                "let mut it = It::new();".into(),
                step("Some(93951963010568)"),
            ],
            ..test("", returns("None"))
        }];
        let rendered = |returned: &str| {
            let mut runs = ending(&[returns("None"), returns("None")]).unwrap_or_default();
            for run in &mut runs {
                run.args = Some(vec!["let mut it = It::new();".into(), step(returned)]);
            }
            Some(runs)
        };
        let same = verify(
            tests.clone(),
            lines(1),
            code,
            answers(vec![vec![rendered("Some(93951963010568)")]]),
        );
        assert!(same.tests[0].deterministic);
        let other = verify(
            tests,
            lines(1),
            code,
            answers(vec![vec![rendered("Some(139902788311296)")]]),
        );
        assert_eq!(other.tests.len(), 1);
        assert!(!other.tests[0].deterministic);
    }

    #[test]
    fn a_test_whose_ending_differs_is_dropped_and_a_crash_names_its_input() {
        let tests = vec![
            test("1", returns("2")),
            test("2", panics("boom")),
            test("3", returns("4")),
        ];
        let verified = verify(
            tests,
            lines(3),
            code,
            answers(vec![
                // The first process crashes on the second input; a new one reruns the third.
                vec![ending(&[returns("2"), returns("2")]), None],
                vec![ending(&[returns("4"), returns("4")])],
                vec![
                    ending(&[returns("2"), panics("no")]),
                    ending(&[panics("boom"), panics("boom")]),
                    ending(&[returns("4"), returns("4")]),
                ],
            ]),
        );
        let kept: Vec<&str> = verified.tests.iter().map(|t| t.args[0].as_str()).collect();
        assert_eq!(kept, ["3"]);
        let endings = |text: &str| Dropped::Endings(text.to_string());
        assert_eq!(
            verified.dropped,
            [
                (vec!["1".to_string()], endings("returned, panicked")),
                (vec!["2".to_string()], endings("panicked, crashed"))
            ]
        );
    }

    /// `if n > 10 && clock_is_even() { panic!() }`: decision 0 is `n > 10`, decision 1 the
    /// clock. Input 11's runs went both ways at the clock, so input 12, whose runs all happened
    /// to panic, and input 13, whose runs all returned, are dropped with it; input 3, which
    /// never reaches the clock, is kept.
    #[test]
    fn tests_reaching_a_decision_that_an_inputs_runs_took_different_ways_are_dropped() {
        let (small, even, odd) = ([(0, 1)], [(0, 0), (1, 0)], [(0, 0), (1, 1)]);
        let tests = vec![
            covering("3", returns("3"), &small),
            covering("11", panics("even"), &even),
            covering("12", panics("even"), &even),
            covering("13", returns("13"), &odd),
        ];
        let process = || {
            vec![
                Some(vec![run(returns("3"), &small), run(returns("3"), &small)]),
                Some(vec![run(panics("even"), &even), run(returns("11"), &odd)]),
                Some(vec![run(panics("even"), &even), run(panics("even"), &even)]),
                Some(vec![run(returns("13"), &odd), run(returns("13"), &odd)]),
            ]
        };
        let verified = verify(tests, lines(4), code, answers(vec![process(); PROCESSES]));
        let kept: Vec<&str> = verified.tests.iter().map(|t| t.args[0].as_str()).collect();
        assert_eq!(kept, ["3"]);
        let unsettled = Dropped::Unsettled {
            decision: 1,
            witness: vec!["11".to_string()],
        };
        let dropped: Vec<(&str, &Dropped)> = (verified.dropped.iter())
            .map(|(args, why)| (args[0].as_str(), why))
            .collect();
        assert_eq!(
            dropped,
            [
                ("11", &Dropped::Endings("panicked, returned".to_string())),
                ("12", &unsettled),
                ("13", &unsettled)
            ]
        );
    }

    /// Branches that are not of the code (an output class here) going different ways do not
    /// unsettle a decision, and a decision that runs take different ways while ending alike
    /// (a hash order inside a loop) drops nothing.
    #[test]
    fn only_branches_of_the_code_and_endings_that_differ_unsettle_a_decision() {
        let tests = vec![
            covering("1", returns("1"), &[(0, 0), (100, 0)]),
            covering("2", returns("2"), &[(0, 1), (1, 0)]),
            covering("3", returns("3"), &[(0, 1), (100, 1)]),
        ];
        let process = || {
            vec![
                Some(vec![
                    run(returns("1"), &[(0, 0), (100, 0)]),
                    run(panics("no"), &[(0, 0), (100, 1)]),
                ]),
                Some(vec![
                    run(returns("2"), &[(0, 1), (1, 0)]),
                    run(returns("2"), &[(0, 1), (1, 1)]),
                ]),
                Some(vec![run(returns("3"), &[(0, 1), (100, 1)])]),
            ]
        };
        let verified = verify(tests, lines(3), code, answers(vec![process(); PROCESSES]));
        let kept: Vec<&str> = verified.tests.iter().map(|t| t.args[0].as_str()).collect();
        assert_eq!(kept, ["2", "3"]);
    }

    /// The same input twice is one test: written once, and judged on both's runs (here the
    /// second's search run panicked, so neither is written). Arguments that render alike are
    /// not the same input where their genes differ.
    #[test]
    fn tests_of_the_same_input_are_one_test() {
        let twice = || ending(&[returns("10"), returns("10")]);
        let process = || vec![twice(), twice(), twice()];
        let same = || vec![r#"{"exact":[{"int":"10"}]}"#.to_string(); 2];
        let alike = vec![test("10", returns("10")), test("10", returns("10"))];
        let verified = verify(
            alike.clone(),
            same(),
            code,
            answers(vec![process(); PROCESSES]),
        );
        assert_eq!(verified.tests.len(), 1);
        assert!(verified.dropped.is_empty());
        let unlike = vec![test("10", returns("10")), test("10", panics("even"))];
        let verified = verify(unlike, same(), code, answers(vec![process(); PROCESSES]));
        assert!(verified.tests.is_empty());
        let endings = Dropped::Endings("returned, panicked".to_string());
        assert_eq!(verified.dropped, [(vec!["10".to_string()], endings)]);
        let verified = verify(alike, lines(2), code, answers(vec![process(); PROCESSES]));
        assert_eq!(verified.test_lines, ["0", "1"]);
    }

    #[test]
    fn rerun_lines_are_read_up_to_a_line_cut_short() {
        let text = "{\"type\":\"function\"}\n\
            {\"type\":\"rerun\",\"index\":0,\"outcomes\":[\"timeout\",\"timeout\"],\
            \"covers\":[[[0,1]],[[0,0],[2,1]]]}\n\
            {\"type\":\"rerun\",\"ind";
        let reran = Reran::parse(text);
        assert_eq!(
            reran.runs,
            [vec![
                run(Outcome::Timeout, &[(0, 1)]),
                run(Outcome::Timeout, &[(0, 0), (2, 1)])
            ]]
        );
        assert!(!reran.finished);
    }

    #[test]
    fn a_rerun_whose_arguments_could_not_be_made_is_read_and_told() {
        let text = "{\"type\":\"rerun\",\"index\":0,\"outcomes\":[\"invalid\"],\"covers\":[]}\n\
            {\"type\":\"reran\"}";
        let reran = Reran::parse(text);
        assert_eq!(reran.runs, [vec![run(Outcome::Invalid, &[])]]);
        assert!(reran.finished);
        assert_eq!(
            super::ending(Some(&Outcome::Invalid)),
            "could not make its arguments"
        );
        assert!(!Outcome::Invalid.makes_test());
    }

    #[test]
    fn the_arguments_a_rerun_rendered_go_with_each_of_its_runs() {
        let text = "{\"type\":\"rerun\",\"index\":0,\"outcomes\":[\"timeout\",\"timeout\"],\
            \"covers\":[[],[]],\"args\":[\"1\"]}";
        let reran = Reran::parse(text);
        let rendered = Run {
            args: Some(vec!["1".into()]),
            ..run(Outcome::Timeout, &[])
        };
        assert_eq!(reran.runs, [vec![rendered.clone(), rendered]]);
    }
}
