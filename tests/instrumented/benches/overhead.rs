//! What instrumentation costs: executions per second of each example function compiled
//! normally, compiled with `#[symtest]` instrumentation but not recording (hooks find no
//! recorder), and instrumented and recording a trace into a reused buffer (one search
//! evaluation, minus decoding the arguments).
//! All three run on the same pre-generated inputs in one process; ratios are against the
//! normal build measured in the same run.
//!
//! `cargo bench -p symtest-instrumented` (optimised) or add `--profile dev` for the debug
//! profile searches actually run in.

use std::hint::black_box;
use std::time::{Duration, Instant};

use rand::SeedableRng;
use symtest_instrumented as instrumented;
use symtest_runtime::genes::random::Rng;
use symtest_runtime::genes::random::random_value;
use symtest_runtime::genes::{Input, Shape};
use symtest_runtime::record::recorder;
use symtest_runtime::record::trace::{FunctionMeta, Trace};

const INPUTS: usize = 1_000;
const MEASURE_FOR: Duration = Duration::from_millis(300);

fn inputs<T: Input>() -> Vec<T> {
    let shape = Shape::Tuple(vec![T::shape()]);
    let mut rng = Rng::seed_from_u64(11);
    (0..INPUTS)
        .map(|_| T::decode(random_value(&shape, &mut rng).item(0)))
        .collect()
}

/// Executions per second of `call` over all inputs, repeated for at least `MEASURE_FOR`.
fn rate<T>(inputs: &[T], mut call: impl FnMut(&T)) -> f64 {
    let start = Instant::now();
    let mut executions = 0u64;
    while start.elapsed() < MEASURE_FOR {
        for input in inputs {
            call(black_box(input));
        }
        executions += inputs.len() as u64;
    }
    executions as f64 / start.elapsed().as_secs_f64()
}

fn report<T>(
    name: &str,
    inputs: &[T],
    meta: &'static FunctionMeta,
    original: impl Fn(&T),
    instrumented: impl Fn(&T),
) {
    let base = rate(inputs, &original);
    let idle = rate(inputs, &instrumented);
    let mut trace = Trace::new(meta);
    let recording = rate(inputs, |input| {
        recorder::record_into(meta, u64::MAX, &mut trace, || instrumented(input));
        black_box(&trace);
    });
    println!(
        "| {name:<16} | {:>9.2} | {:>9.2} | {:>5.2} | {:>9.2} | {:>5.2} |",
        base / 1e6,
        idle / 1e6,
        base / idle,
        recording / 1e6,
        base / recording
    );
}

fn main() {
    if std::env::args().any(|arg| arg == "--list") {
        return; // `cargo test --benches` asks for the list of benchmarks: there are no tests.
    }
    println!(
        "Million executions per second (higher is better) and slowdown against the normal build."
    );
    println!();
    println!("| function         |    normal |     hooks | ratio | recording | ratio |");
    println!("|------------------|----------:|----------:|------:|----------:|------:|");
    let triples = inputs::<(u32, u32, u32)>();
    report(
        "classify",
        &triples,
        &instrumented::triangle::__SYMTEST_META_classify,
        |&(a, b, c)| {
            black_box(symtest_example_triangle::classify(a, b, c));
        },
        |&(a, b, c)| {
            black_box(instrumented::triangle::classify(a, b, c));
        },
    );
    let dates = inputs::<(i32, u32, u32, u32, u32, u32)>();
    report(
        "is_valid_utc",
        &dates,
        &instrumented::calendar::__SYMTEST_META_is_valid_utc,
        |&(y, mo, d, h, mi, s)| {
            black_box(symtest_example_calendar::is_valid_utc(y, mo, d, h, mi, s));
        },
        |&(y, mo, d, h, mi, s)| {
            black_box(instrumented::calendar::is_valid_utc(y, mo, d, h, mi, s));
        },
    );
    let strings: Vec<String> = inputs::<String>()
        .into_iter()
        .enumerate()
        .map(|(i, s)| {
            if i % 2 == 0 {
                format!("{}", 4_000_000_000u64 + i as u64)
            } else {
                s
            }
        })
        .collect();
    report(
        "luhn",
        &strings,
        &instrumented::checksum::__SYMTEST_META_luhn,
        |s| {
            black_box(symtest_example_checksum::luhn(s));
        },
        |s| {
            black_box(instrumented::checksum::luhn(s));
        },
    );
    let headers = inputs::<(u32, u8, u32, u32)>();
    report(
        "frame_header",
        &headers,
        &instrumented::checksum::__SYMTEST_META_frame_header,
        |&(m, v, l, c)| {
            black_box(symtest_example_checksum::frame_header(m, v, l, c)).ok();
        },
        |&(m, v, l, c)| {
            black_box(instrumented::checksum::frame_header(m, v, l, c)).ok();
        },
    );
    let vectors = inputs::<Vec<i32>>();
    report(
        "mean",
        &vectors,
        &instrumented::checksum::__SYMTEST_META_mean,
        |v| {
            black_box(symtest_example_checksum::mean(v));
        },
        |v| {
            black_box(instrumented::checksum::mean(v));
        },
    );
}
