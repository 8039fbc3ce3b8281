//! A shard's file, `shard-K-of-N.jsonl`: a `shard` line with what every shard of the run
//! shares, then a `report` line per function the shard searched — its report, whose branch
//! table and tests are written as the search child writes them — with its source's fingerprint.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use serde::{Deserialize, Serialize};

use super::FunctionId;
use crate::model::FunctionReport;
use crate::options::{Options, Shard};
use crate::writeback;

/// What every shard of a run records alike: files whose runs differ do not belong together.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Run {
    /// The version of cargo-symtest that ran the shard.
    pub version: String,
    /// N, the number of shards.
    pub shards: usize,
    /// The seed of functions with none recorded (given, or [`super::derived_seed`]).
    pub seed: u64,
    /// The search options given on the command line.
    pub options: Given,
    pub filters: Vec<String>,
    pub packages: Vec<String>,
    /// Every function of the run, in the order a whole run lists them.
    pub functions: Vec<FunctionId>,
}

/// The command-line options that decide what a search finds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Given {
    pub seed: Option<u64>,
    pub budget_evals: Option<u64>,
    pub budget_secs: f64,
    pub algorithm: Option<String>,
    pub fitness: Option<String>,
    #[serde(default)]
    pub criterion: Option<String>,
}

impl Given {
    pub fn of(options: &Options) -> Given {
        Given {
            seed: options.seed,
            budget_evals: options.budget_evals,
            budget_secs: options.budget_secs,
            algorithm: options.algorithm.map(|a| a.name().to_string()),
            fitness: options.fitness.map(|f| f.name().to_string()),
            criterion: options.criterion.map(|c| c.name().to_string()),
        }
    }
}

/// One function's report as its shard saved it, with its source file's [`super::fingerprint`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Saved {
    pub id: FunctionId,
    pub source: String,
    pub report: FunctionReport,
}

/// A line of a shard file: the header first, then one line per function.
#[derive(Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Line {
    Shard { shard: usize, run: Box<Run> },
    Report(Box<Saved>),
}

/// A shard file as read back.
#[derive(Debug)]
pub struct ShardFile {
    pub path: PathBuf,
    pub shard: usize,
    pub run: Run,
    pub saved: Vec<Saved>,
}

/// Writes the shard's file into `dir` (made if missing) and returns its path.
pub fn save(dir: &Path, shard: Shard, run: &Run, saved: &[Saved]) -> Result<PathBuf> {
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let header = Line::Shard {
        shard: shard.index,
        run: Box::new(run.clone()),
    };
    let mut text = serde_json::to_string(&header)?;
    for saved in saved {
        text.push('\n');
        text.push_str(&serde_json::to_string(&Line::Report(Box::new(
            saved.clone(),
        )))?);
    }
    text.push('\n');
    let path = dir.join(shard.file_name());
    writeback::write_atomically(&path, &text)?;
    Ok(path)
}

/// Reads the shard files at `paths`: files as they are, directories for the
/// `shard-K-of-N.jsonl` files in them.
pub fn load(paths: &[PathBuf]) -> Result<Vec<ShardFile>> {
    let mut files = Vec::new();
    for path in paths {
        if !path.is_dir() {
            files.push(read(path)?);
            continue;
        }
        let mut names: Vec<PathBuf> = std::fs::read_dir(path)
            .with_context(|| format!("cannot read {}", path.display()))?
            .flatten()
            .map(|entry| entry.path())
            .filter(|file| {
                let name = file.file_name().unwrap_or_default().to_string_lossy();
                name.starts_with("shard-") && name.ends_with(".jsonl")
            })
            .collect();
        if names.is_empty() {
            bail!(
                "no shard files in {}: `cargo symtest --shard K/N` writes shard-K-of-N.jsonl \
                 into its --shard-dir (by default target/symtest/shards)",
                path.display()
            );
        }
        names.sort();
        for name in names {
            files.push(read(&name)?);
        }
    }
    Ok(files)
}

pub(super) fn read(path: &Path) -> Result<ShardFile> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read the shard file {}", path.display()))?;
    let mut lines = text.lines().enumerate();
    let Some(Ok(Line::Shard { shard, run })) = lines.next().map(|(_, l)| serde_json::from_str(l))
    else {
        bail!(
            "{} is not a shard file of cargo symtest {}: it does not start with a shard line",
            path.display(),
            env!("CARGO_PKG_VERSION")
        );
    };
    let mut saved = Vec::new();
    for (index, line) in lines {
        match serde_json::from_str(line) {
            Ok(Line::Report(report)) => saved.push(*report),
            Ok(Line::Shard { .. }) => {
                bail!("{}:{}: a second shard line", path.display(), index + 1)
            }
            Err(error) => bail!(
                "{}:{}: {error}; the file is damaged: run its shard again",
                path.display(),
                index + 1
            ),
        }
    }
    if shard == 0 || shard > run.shards {
        bail!(
            "{} says it is shard {shard} of {}",
            path.display(),
            run.shards
        );
    }
    Ok(ShardFile {
        path: path.to_path_buf(),
        shard,
        run: *run,
        saved,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shard::fixtures::{ids, run, saved};

    #[test]
    fn a_shard_file_reads_back_as_the_reports_it_saved() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let run = run(2, ids(&["demo::f", "demo::g"]));
        let saved = vec![saved("demo::g"), saved("demo::f")];
        let shard = Shard { index: 2, count: 2 };
        let path = save(dir.path(), shard, &run, &saved).unwrap_or_else(|e| panic!("{e:#}"));
        assert_eq!(path, dir.path().join("shard-2-of-2.jsonl"));
        let files = load(&[dir.path().to_path_buf()]).unwrap_or_else(|e| panic!("{e:#}"));
        assert_eq!(files.len(), 1);
        assert_eq!((files[0].shard, &files[0].run), (2, &run));
        assert_eq!(files[0].saved, saved);
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 3);
        assert!(
            lines[0].starts_with(r#"{"type":"shard","shard":2,"run":{"#),
            "{}",
            lines[0]
        );
        assert!(
            lines[1].contains(r#""outcome":{"returned":{"literal":"Triangle::Invalid""#),
            "tests are written as the search child writes them: {}",
            lines[1]
        );
    }

    #[test]
    fn a_damaged_or_foreign_file_is_named_with_what_is_wrong() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let run = run(1, ids(&["demo::f"]));
        let shard = Shard { index: 1, count: 1 };
        let path = save(dir.path(), shard, &run, &[saved("demo::f")]);
        let path = path.unwrap_or_else(|e| panic!("{e:#}"));
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let error = |text: &str| {
            std::fs::write(&path, text).unwrap_or_else(|e| panic!("{e}"));
            load(std::slice::from_ref(&path))
                .err()
                .map(|e| format!("{e:#}"))
                .unwrap_or_default()
        };
        assert!(error(&text[..text.len() - 20]).contains("shard-1-of-1.jsonl:2: "));
        assert!(error("{\"type\":\"done\"}\n").contains("is not a shard file"));
        let empty = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let error = load(&[empty.path().to_path_buf()])
            .err()
            .map(|e| e.to_string());
        assert!(error.unwrap_or_default().contains("no shard files in"));
    }
}
