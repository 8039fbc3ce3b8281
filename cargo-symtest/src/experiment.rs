//! `cargo symtest experiment`: the study of *Symbolic Search Based Testing* §V on any crate.
//! Every branch is searched on its own (serendipitous coverage off) by every configuration
//! (algorithm × fitness), N times over the seeds 1..=N, with an evaluation budget; failed runs
//! count the whole budget. Reports success rates and mean evaluations per branch, normalised
//! mean evaluations per function, and Wilcoxon signed-rank tests with Vargha–Delaney Â12
//! between configurations.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use serde_json::{Value, json};

use crate::Verdict;
use crate::cargo::{self, Entry};
use crate::console;
use crate::generate;
use crate::model::{Branch, FunctionLine, SolverCalls, TargetLine};
use crate::options::{Algorithm, ExperimentOptions, Fitness};
use crate::pool;
use crate::search;
use crate::stats::{self, Alternative};

/// One searched configuration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Config {
    algorithm: &'static str,
    fitness: &'static str,
}

impl Config {
    fn label(self) -> String {
        format!("{}/{}", self.algorithm, self.fitness)
    }
}

/// One child run: a function, a configuration and a seed.
struct Run {
    function: usize,
    config: Config,
    seed: u64,
}

/// Results of one branch under one configuration, over all seeds.
#[derive(Clone, Debug, Default)]
struct Cell {
    successes: u64,
    /// Evaluations of each run; failed runs count the whole budget.
    evaluations: Vec<f64>,
    /// Wall time of each run's search, in milliseconds.
    millis: Vec<f64>,
    /// The solver calls of all runs together.
    solver: SolverCalls,
}

impl Cell {
    fn mean(&self) -> f64 {
        if self.evaluations.is_empty() {
            return 0.0;
        }
        self.evaluations.iter().sum::<f64>() / self.evaluations.len() as f64
    }
}

pub fn run(options: &ExperimentOptions) -> Result<Verdict> {
    if options.runs == 0 {
        bail!("--runs must be at least 1");
    }
    if options.algorithms.contains(&Algorithm::Dynamosa) {
        bail!(
            "dynamosa searches all branches together, and an experiment measures each branch on \
             its own; compare it with whole searches instead (benches/sequences/run.sh)"
        );
    }
    let metadata = cargo::metadata(options.manifest_path.as_deref())?;
    let packages = cargo::select_packages(
        &metadata,
        options.manifest_path.as_deref(),
        &options.packages,
        options.workspace,
        false,
    )?;
    let entries =
        generate::instrumented_entries(&metadata, &packages, &options.filters, &options.features)?;
    let scratch = tempfile::tempdir().context("cannot create a temporary directory")?;
    let described: Vec<FunctionLine> = entries
        .iter()
        .map(|entry| search::describe(entry, scratch.path()))
        .collect::<Result<_>>()?;
    // A function symtest cannot search (a parameter it cannot build) has no runs: it is
    // measured through its callers, if any.
    let (entries, mut functions): (Vec<_>, Vec<FunctionLine>) = entries
        .into_iter()
        .zip(described)
        .filter(|(entry, function)| match &function.skipped {
            Some(why) => {
                console::warning(&format!("skipped {}: {why}", entry.path));
                false
            }
            None => true,
        })
        .unzip();
    let configs: Vec<Config> = options
        .algorithms
        .iter()
        .flat_map(|&algorithm| {
            options.fitness.iter().map(move |&fitness| Config {
                algorithm: Algorithm::name(algorithm),
                fitness: Fitness::name(fitness),
            })
        })
        .collect();
    let seeds: Vec<u64> = (1..=options.runs).collect();
    console::status(
        "Seeds",
        &format!(
            "1..={} (the same list for every configuration)",
            options.runs
        ),
    );
    let mut runs = Vec::new();
    for function in 0..entries.len() {
        for &config in &configs {
            runs.extend(seeds.iter().map(|&seed| Run {
                function,
                config,
                seed,
            }));
        }
    }
    let done = std::sync::atomic::AtomicUsize::new(0);
    let results = pool::map(&runs, options.jobs, |index, run| {
        let result = run_one(
            &entries[run.function],
            run,
            options.budget_evals,
            scratch.path(),
            index,
        );
        let finished = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        if finished.is_multiple_of(runs.len().div_ceil(20).max(1)) || finished == runs.len() {
            console::status("Running", &format!("{finished}/{} runs", runs.len()));
        }
        result
    });
    let mut cells: BTreeMap<(usize, Branch, Config), Cell> = BTreeMap::new();
    for (run, result) in runs.iter().zip(results) {
        let (function, targets) = result?;
        // A search's own table lists the callees it aims at too, which describing a function
        // (running nothing) cannot find: their branches are rows of the function's.
        if let Some(function) = function
            && function.decisions.len() > functions[run.function].decisions.len()
        {
            functions[run.function] = function;
        }
        for target in targets {
            let cell = cells
                .entry((run.function, target.branch, run.config))
                .or_default();
            cell.successes += u64::from(target.covered);
            let spent = if target.covered {
                target.evaluations
            } else {
                options.budget_evals
            };
            cell.evaluations.push(spent as f64);
            cell.millis.push(target.elapsed_ms);
            cell.solver.solved += target.solver.solved;
            cell.solver.succeeded += target.solver.succeeded;
            cell.solver.skipped += target.solver.skipped;
        }
    }
    let comparisons = comparisons(&configs, &cells);
    print!(
        "{}",
        markdown(options, &functions, &configs, &cells, &comparisons)
    );
    if let Some(path) = &options.json {
        let document = json_document(options, &functions, &cells, &comparisons);
        std::fs::write(path, serde_json::to_string_pretty(&document)? + "\n")
            .with_context(|| format!("cannot write {}", path.display()))?;
        console::status("Wrote", &path.display().to_string());
    }
    Ok(Verdict::Success)
}

/// One search of every branch of a function, each on its own: the search's table (with the
/// callees it found) and how each target went.
fn run_one(
    entry: &Entry,
    run: &Run,
    budget: u64,
    scratch: &std::path::Path,
    index: usize,
) -> Result<(Option<FunctionLine>, Vec<TargetLine>)> {
    let env = [
        ("SYMTEST_SEED", run.seed.to_string()),
        ("SYMTEST_ALGORITHM", run.config.algorithm.to_string()),
        ("SYMTEST_FITNESS", run.config.fitness.to_string()),
        ("SYMTEST_BUDGET_EVALS", budget.to_string()),
        ("SYMTEST_SERENDIPITY", "0".to_string()),
        ("SYMTEST_SUITE", "0".to_string()),
        // Evaluations, not time, end these searches, so runs are reproducible.
        ("SYMTEST_BUDGET_SECS", "86400".to_string()),
        ("SYMTEST_TARGET_SECS", "86400".to_string()),
    ];
    let out = scratch.join(format!("run-{index}.jsonl"));
    let lines = search::run_raw(entry, &env, &out, Duration::from_secs(86_400))?;
    Ok((lines.function, lines.targets))
}

/// A comparison of two configurations over the branches both searched.
struct Comparison {
    a: Config,
    b: Config,
    /// The test's alternative: `b` needs fewer evaluations than `a` (one-sided), or either
    /// way (two-sided, between algorithms).
    one_sided: bool,
    test: Option<stats::Wilcoxon>,
    /// Probability that `a` needs more evaluations than `b` on a branch.
    a12: Option<f64>,
}

/// Standard vs enhanced fitness per algorithm (one-sided, as the paper), and each pair of
/// algorithms per fitness (two-sided), on the per-branch mean evaluations.
fn comparisons(
    configs: &[Config],
    cells: &BTreeMap<(usize, Branch, Config), Cell>,
) -> Vec<Comparison> {
    let mut pairs = Vec::new();
    for (i, &a) in configs.iter().enumerate() {
        for &b in &configs[i + 1..] {
            if a.algorithm == b.algorithm {
                pairs.push((a, b, true));
            } else if a.fitness == b.fitness {
                pairs.push((a, b, false));
            }
        }
    }
    pairs
        .into_iter()
        .map(|(a, b, one_sided)| {
            let means = |config: Config| -> BTreeMap<(usize, Branch), f64> {
                cells
                    .iter()
                    .filter(|((_, _, c), _)| *c == config)
                    .map(|((f, b, _), cell)| ((*f, *b), cell.mean()))
                    .collect()
            };
            let (of_a, of_b) = (means(a), means(b));
            let (x, y): (Vec<f64>, Vec<f64>) = of_a
                .iter()
                .filter_map(|(key, &va)| of_b.get(key).map(|&vb| (va, vb)))
                .unzip();
            let alternative = if one_sided {
                Alternative::Greater
            } else {
                Alternative::TwoSided
            };
            Comparison {
                a,
                b,
                one_sided,
                test: stats::wilcoxon_signed_rank(&x, &y, alternative),
                a12: stats::vargha_delaney_a12(&x, &y),
            }
        })
        .collect()
}

fn markdown(
    options: &ExperimentOptions,
    functions: &[FunctionLine],
    configs: &[Config],
    cells: &BTreeMap<(usize, Branch, Config), Cell>,
    comparisons: &[Comparison],
) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} runs per branch and configuration (seeds 1..={}), at most {} evaluations per run; \
         serendipitous coverage off; failed runs count the whole budget.\n",
        options.runs, options.runs, options.budget_evals
    );
    let _ = writeln!(out, "### Branches: success rate and mean evaluations\n");
    let header: Vec<String> = configs.iter().map(|c| c.label()).collect();
    let _ = writeln!(out, "| function | line | branch | {} |", header.join(" | "));
    let _ = writeln!(out, "|---|---:|---|{}", "---:|".repeat(configs.len()));
    for (index, function) in functions.iter().enumerate() {
        for decision in &function.decisions {
            for (outcome, name) in decision.branches() {
                let branch = (decision.id, outcome);
                let row: Vec<String> = configs
                    .iter()
                    .map(|&config| match cells.get(&(index, branch, config)) {
                        Some(cell) => format!(
                            "{:.0} % / {:.0}",
                            100.0 * cell.successes as f64 / options.runs as f64,
                            cell.mean()
                        ),
                        None => "–".to_string(),
                    })
                    .collect();
                // A callee's branch, reached through the function: `compare → compare_by`.
                let name_shown = match &decision.function {
                    Some(callee) => format!(
                        "{} → {}",
                        function.name,
                        callee.rsplit("::").next().unwrap_or(callee)
                    ),
                    None => function.name.clone(),
                };
                let _ = writeln!(
                    out,
                    "| `{}` | {} | `{}` {} | {} |",
                    name_shown,
                    decision.line,
                    decision.text.replace('|', "\\|"),
                    name.replace('|', "\\|"),
                    row.join(" | ")
                );
            }
        }
    }
    let _ = writeln!(
        out,
        "\n### Functions: mean evaluations per branch, normalised to {}\n",
        configs.first().map_or(String::new(), |c| c.label())
    );
    let _ = writeln!(out, "| function | {} |", header.join(" | "));
    let _ = writeln!(out, "|---|{}", "---:|".repeat(configs.len()));
    for (index, function) in functions.iter().enumerate() {
        let mean = |config: Config| {
            let means: Vec<f64> = cells
                .iter()
                .filter(|((f, _, c), _)| *f == index && *c == config)
                .map(|(_, cell)| cell.mean())
                .collect();
            if means.is_empty() {
                0.0
            } else {
                means.iter().sum::<f64>() / means.len() as f64
            }
        };
        let base = configs.first().map_or(0.0, |&c| mean(c));
        let row: Vec<String> = configs
            .iter()
            .map(|&c| {
                if base > 0.0 {
                    format!("{:.2}", mean(c) / base)
                } else {
                    format!("{:.0}", mean(c))
                }
            })
            .collect();
        let _ = writeln!(out, "| `{}` | {} |", function.name, row.join(" | "));
    }
    let _ = writeln!(
        out,
        "\n### Configurations: over all branch runs\n\n\
         | configuration | success rate | mean evaluations | mean wall time (ms) | \
         solver calls | solved | skipped |\n\
         |---|---:|---:|---:|---:|---:|---:|"
    );
    for &config in configs {
        let runs: Vec<&Cell> = cells
            .iter()
            .filter(|((_, _, c), _)| *c == config)
            .map(|(_, cell)| cell)
            .collect();
        let count = runs
            .iter()
            .map(|cell| cell.evaluations.len())
            .sum::<usize>()
            .max(1) as f64;
        let successes = runs.iter().map(|cell| cell.successes).sum::<u64>() as f64;
        let evaluations: f64 = runs.iter().flat_map(|cell| &cell.evaluations).sum();
        let millis: f64 = runs.iter().flat_map(|cell| &cell.millis).sum();
        let solved: u64 = runs.iter().map(|cell| cell.solver.solved).sum();
        let succeeded: u64 = runs.iter().map(|cell| cell.solver.succeeded).sum();
        let skipped: u64 = runs.iter().map(|cell| cell.solver.skipped).sum();
        let _ = writeln!(
            out,
            "| {} | {:.1} % | {:.0} | {:.2} | {solved} | {} | {skipped} |",
            config.label(),
            100.0 * successes / count,
            evaluations / count,
            millis / count,
            match solved {
                0 => "-".to_string(),
                _ => format!(
                    "{succeeded} ({:.0} %)",
                    100.0 * succeeded as f64 / solved as f64
                ),
            },
        );
    }
    if !comparisons.is_empty() {
        let _ = writeln!(
            out,
            "\n### Comparisons over all branches (per-branch mean evaluations)\n"
        );
        let _ = writeln!(
            out,
            "| A | B | test | non-zero pairs | V | p | Â12 (A needs more) | effect |"
        );
        let _ = writeln!(out, "|---|---|---|---:|---:|---:|---:|---|");
        for c in comparisons {
            let kind = if c.one_sided {
                "one-sided: B fewer"
            } else {
                "two-sided"
            };
            let (pairs, v, p) = match &c.test {
                Some(t) => (
                    t.pairs.to_string(),
                    format!("{:.1}", t.statistic),
                    format!("{:.4}", t.p_value),
                ),
                None => ("0".to_string(), "–".to_string(), "–".to_string()),
            };
            let (a12, effect) = match c.a12 {
                Some(a12) => (format!("{a12:.3}"), stats::a12_magnitude(a12).to_string()),
                None => ("–".to_string(), String::new()),
            };
            let _ = writeln!(
                out,
                "| {} | {} | {kind} | {pairs} | {v} | {p} | {a12} | {effect} |",
                c.a.label(),
                c.b.label()
            );
        }
    }
    out
}

fn json_document(
    options: &ExperimentOptions,
    functions: &[FunctionLine],
    cells: &BTreeMap<(usize, Branch, Config), Cell>,
    comparisons: &[Comparison],
) -> Value {
    let results: Vec<Value> = cells
        .iter()
        .map(|((function, branch, config), cell)| {
            let meta = &functions[*function];
            let decision = meta.decisions.iter().find(|d| d.id == branch.0);
            json!({
                "function": meta.path,
                "callee": decision.and_then(|d| d.function.clone()),
                "branch": format!("{}:{}", branch.0, branch.1),
                "line": decision.map_or(0, |d| d.line),
                "text": decision.map(|d| d.text.clone()),
                "outcome": decision.and_then(|d| d.outcomes.get(branch.1 as usize).cloned()),
                "algorithm": config.algorithm,
                "fitness": config.fitness,
                "successes": cell.successes,
                "mean_evaluations": cell.mean(),
                "mean_ms": cell.millis.iter().sum::<f64>() / cell.millis.len().max(1) as f64,
                "solver": {
                    "solved": cell.solver.solved,
                    "succeeded": cell.solver.succeeded,
                    "skipped": cell.solver.skipped,
                },
            })
        })
        .collect();
    let wilcoxon: Vec<Value> = comparisons
        .iter()
        .filter(|c| c.one_sided)
        .map(|c| {
            let p = c.test.as_ref().map(|t| t.p_value);
            json!({
                "algorithm": c.a.algorithm,
                "a": c.a.fitness,
                "b": c.b.fitness,
                "p_value": p,
                "better": if p.is_some_and(|p| p < 0.05) { c.b.fitness } else { "neither" },
                "a12": c.a12,
            })
        })
        .collect();
    let pairs: Vec<Value> = comparisons
        .iter()
        .filter(|c| !c.one_sided)
        .map(|c| json!({"a": c.a.label(), "b": c.b.label(), "p_value": c.test.as_ref().map(|t| t.p_value), "a12": c.a12}))
        .collect();
    json!({
        "runs": options.runs,
        "budget": options.budget_evals,
        "seeds": (1..=options.runs).collect::<Vec<_>>(),
        "results": results,
        "wilcoxon": wilcoxon,
        "algorithm_comparisons": pairs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const AVM_STD: Config = Config {
        algorithm: "avm",
        fitness: "standard",
    };
    const AVM_ENH: Config = Config {
        algorithm: "avm",
        fitness: "enhanced",
    };
    const GA_STD: Config = Config {
        algorithm: "ga",
        fitness: "standard",
    };

    fn cell(evaluations: &[f64]) -> Cell {
        Cell {
            successes: evaluations.len() as u64,
            evaluations: evaluations.to_vec(),
            millis: vec![1.0; evaluations.len()],
            solver: SolverCalls::default(),
        }
    }

    #[test]
    fn dynamosa_is_refused_because_experiments_measure_one_branch_at_a_time() {
        use clap::Parser;
        let args = [
            "cargo",
            "symtest",
            "experiment",
            "--algorithms",
            "hybrid,dynamosa",
        ];
        let crate::options::Cargo::Symtest(options) = crate::options::Cargo::parse_from(args);
        let Some(crate::options::Command::Experiment(experiment)) = options.command else {
            panic!("no experiment")
        };
        let error = run(&experiment).expect_err("refused");
        assert!(
            error.to_string().contains("all branches together"),
            "{error}"
        );
    }

    #[test]
    fn cells_average_their_runs_and_count_failures_in_full() {
        assert_eq!(cell(&[10.0, 20.0, 60.0]).mean(), 30.0);
        assert_eq!(Cell::default().mean(), 0.0);
    }

    #[test]
    fn fitnesses_are_compared_one_sided_per_algorithm_and_algorithms_two_sided() {
        let mut cells = BTreeMap::new();
        for branch in 0..8u32 {
            let base = f64::from(branch + 1) * 100.0;
            cells.insert((0, (branch, 0), AVM_STD), cell(&[base]));
            cells.insert((0, (branch, 0), AVM_ENH), cell(&[base / 2.0]));
            cells.insert((0, (branch, 0), GA_STD), cell(&[base]));
        }
        let found = comparisons(&[AVM_STD, AVM_ENH, GA_STD], &cells);
        let pairs: Vec<(String, String, bool)> = found
            .iter()
            .map(|c| (c.a.label(), c.b.label(), c.one_sided))
            .collect();
        assert_eq!(
            pairs,
            [
                ("avm/standard".into(), "avm/enhanced".into(), true),
                ("avm/standard".into(), "ga/standard".into(), false)
            ]
        );
        // Enhanced halves every branch: all 8 differences favour it.
        let fitness = &found[0];
        let p = fitness.test.as_ref().map(|t| t.p_value).unwrap_or(1.0);
        assert!(p < 0.01, "{p}");
        assert!(fitness.a12.is_some_and(|a12| a12 > 0.5));
        // Identical algorithms: no non-zero difference, no test.
        assert!(found[1].test.is_none());
        assert_eq!(found[1].a12, Some(0.5));
    }
}
