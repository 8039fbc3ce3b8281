//! Concolic execution of the real instrumented examples: the path conditions the shadows give.

use symtest_instrumented::{checksum, dse, stubborn, triangle, calendar};
use symtest_runtime::genes::Value;
use symtest_runtime::search::driver::Subject;
use symtest_runtime::shadow::execute;

fn summary(subject: Subject, value: Value) {
    let run = execute(&subject, &value, 100_000);
    println!("== {} ({} entries)", subject.meta.name, run.path.len());
    for entry in &run.path {
        let known: Vec<bool> = entry.outcomes.iter().map(Option::is_some).collect();
        let complete = entry.outcomes.iter().flatten().all(|e| e.complete());
        println!(
            "  d{} took {} consistent={} known={:?} complete={} symbolic={}",
            entry.decision, entry.taken, entry.consistent, known, complete,
            entry.outcomes.iter().flatten().any(|e| e.symbolic())
        );
    }
}

fn text(s: &str) -> Value {
    Value::List(s.chars().map(|c| Value::Int(c as u128)).collect())
}

#[test]
fn print_paths() {
    summary(dse::__symtest_subject_command(), Value::List(vec![text("GET /x")]));
    summary(dse::__symtest_subject_route(), Value::List(vec![text("/api/a//b")]));
    summary(dse::__symtest_subject_major(), Value::List(vec![text("v3")]));
    summary(dse::__symtest_subject_accept(), Value::List(vec![Value::Int(0x7F00_0000), Value::Int(5)]));
    summary(checksum::__symtest_subject_luhn(), Value::List(vec![text("4539")]));
    summary(stubborn::__symtest_subject_triangular_budget(), Value::List(vec![Value::Int((1u128<<31)+3), Value::Int(1u128<<31), Value::Int(1u128<<31)]));
    summary(triangle::__symtest_subject_classify(), Value::List(vec![Value::Int(3), Value::Int(4), Value::Int(5)]));
    summary(calendar::__symtest_subject_day_of_year(), Value::List(vec![Value::Int((1u128<<31)+2000), Value::Int(3), Value::Int(4)]));
}

#[test]
fn debug_command() {
    use symtest_runtime::shadow::{dse as steps, solve};
    use symtest_runtime::search::Rng;
    use rand::SeedableRng;
    let subject = dse::__symtest_subject_command();
    let run = execute(&subject, &Value::List(vec![text("GET /x")]), 100_000);
    let negations = steps::negations(&run.path, |_| true);
    let mut rng = Rng::seed_from_u64(1);
    for n in &negations {
        let solution = solve::solve(&run.vars, &n.constraints, &run.env, &solve::SolveConfig::default(), &mut rng);
        println!("{:?} size {} -> {:?}", n.branch, n.size, solution);
    }
}
