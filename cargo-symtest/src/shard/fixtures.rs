//! Runs, reports and saved shard files for the shard modules' unit tests.

use std::path::{Path, PathBuf};

use super::{FunctionId, Given, Run, Saved, assign, fingerprint, save};
use crate::options::Shard;
use crate::render::fixtures::{case, classify, debug, panics, returns};

pub fn id(path: &str) -> FunctionId {
    FunctionId {
        path: path.to_string(),
        package: "demo".to_string(),
        kind: "lib".to_string(),
    }
}

pub fn ids(paths: &[&str]) -> Vec<FunctionId> {
    paths.iter().map(|path| id(path)).collect()
}

pub fn run(shards: usize, functions: Vec<FunctionId>) -> Run {
    Run {
        version: env!("CARGO_PKG_VERSION").to_string(),
        shards,
        seed: 5,
        options: Given {
            seed: Some(5),
            budget_evals: None,
            budget_secs: 60.0,
            algorithm: None,
            fitness: Some("enhanced".to_string()),
            criterion: None,
        },
        filters: Vec::new(),
        packages: vec!["demo".to_string()],
        functions,
    }
}

/// The report of `path`, with tests that end in each way a test can.
pub fn saved(path: &str) -> Saved {
    let mut report = classify(vec![
        case(&["0", "1"], &[(0, 0)], returns("Triangle::Invalid")),
        case(&["2", "2"], &[(0, 1), (1, 0)], debug("Shape { sides: 2 }")),
        case(&["-1", "\"a\\nb\""], &[(1, 1)], panics("bad \"side\"")),
    ]);
    report.path = path.to_string();
    report.problem = Some("the search crashed".to_string());
    report.timeouts = vec![vec!["u32::MAX".to_string()]];
    Saved {
        id: id(path),
        source: fingerprint(path),
        report,
    }
}

/// Each shard's file, saved into `dir` for the functions `assign` gives it.
pub fn save_all(dir: &Path, run: &Run) -> Vec<PathBuf> {
    let owners = assign(run.shards, &run.functions);
    (1..=run.shards)
        .map(|index| {
            let mine: Vec<Saved> = run
                .functions
                .iter()
                .zip(&owners)
                .filter(|(_, owner)| **owner == index)
                .map(|(id, _)| saved(&id.path))
                .collect();
            let shard = Shard {
                index,
                count: run.shards,
            };
            save(dir, shard, run, &mine).unwrap_or_else(|e| panic!("{e:#}"))
        })
        .collect()
}
