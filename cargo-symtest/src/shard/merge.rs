//! Merging the files of all shards of a run into the reports of one whole run, once checked
//! that they belong together: one run, no function twice, none missing.

use std::collections::{BTreeMap, HashMap};
use std::path::Path;

use anyhow::{Result, bail};

use super::{FunctionId, Run, Saved, ShardFile, assign};
use crate::console::display_path;

/// The reports of all shards, in the order of the run's functions, once checked that the
/// files come from one run, hold no function twice and together hold every function.
pub fn merge(files: Vec<ShardFile>) -> Result<(Run, Vec<Saved>)> {
    let Some(first) = files.first() else {
        bail!("no shard files to apply");
    };
    for file in &files {
        let differ = differences(&first.run, &file.run);
        if !differ.is_empty() {
            bail!(
                "{} and {} come from different runs (their {} differ): run every shard on the \
                 same source with the same options",
                display_path(&first.path),
                display_path(&file.path),
                differ.join(", ")
            );
        }
    }
    let run = first.run.clone();
    if run.version != env!("CARGO_PKG_VERSION") {
        bail!(
            "the shards ran cargo symtest {}, this is {}: run both with the same version",
            run.version,
            env!("CARGO_PKG_VERSION")
        );
    }
    let mut shard_files: BTreeMap<usize, &Path> = BTreeMap::new();
    for file in &files {
        if let Some(other) = shard_files.insert(file.shard, &file.path) {
            bail!(
                "shard {}/{} is there twice: {} and {}",
                file.shard,
                run.shards,
                display_path(other),
                display_path(&file.path)
            );
        }
    }
    let position: HashMap<&FunctionId, usize> = run
        .functions
        .iter()
        .enumerate()
        .map(|(index, id)| (id, index))
        .collect();
    let mut merged: Vec<Option<(Saved, &Path)>> = vec![None; run.functions.len()];
    for file in &files {
        for saved in &file.saved {
            let Some(&index) = position.get(&saved.id) else {
                bail!(
                    "{} holds {}, which is not among the functions of its run: the file is \
                     damaged; run its shard again",
                    display_path(&file.path),
                    saved.id
                );
            };
            if let Some((_, other)) = &merged[index] {
                bail!(
                    "{} is in two shard files: {} and {}",
                    saved.id,
                    display_path(other),
                    display_path(&file.path)
                );
            }
            merged[index] = Some((saved.clone(), &file.path));
        }
    }
    let missing = missing(&run, &merged, &shard_files);
    if !missing.is_empty() {
        bail!(
            "the shard files do not hold every function of the run:\n  {}\npass apply the \
             directories of all {} shards",
            missing.join("\n  "),
            run.shards
        );
    }
    let saved = merged
        .into_iter()
        .flatten()
        .map(|(saved, _)| saved)
        .collect();
    Ok((run, saved))
}

/// What is missing, a line per shard: the shard file, or functions its file lacks.
fn missing(
    run: &Run,
    merged: &[Option<(Saved, &Path)>],
    shard_files: &BTreeMap<usize, &Path>,
) -> Vec<String> {
    let owners = assign(run.shards, &run.functions);
    let mut missing = Vec::new();
    for shard in 1..=run.shards {
        let names: Vec<String> = (0..run.functions.len())
            .filter(|&index| owners[index] == shard && merged[index].is_none())
            .map(|index| run.functions[index].to_string())
            .collect();
        if names.is_empty() {
            continue;
        }
        missing.push(match shard_files.get(&shard) {
            Some(path) => format!(
                "{} lacks {} (cut short? run shard {shard}/{} again)",
                display_path(path),
                names.join(", "),
                run.shards
            ),
            None => format!(
                "shard {shard}/{} is missing, with {} (`cargo symtest --shard {shard}/{}` \
                 writes it)",
                run.shards,
                names.join(", "),
                run.shards
            ),
        });
    }
    missing
}

/// The fields in which two runs differ.
fn differences(a: &Run, b: &Run) -> Vec<String> {
    let (Ok(serde_json::Value::Object(a)), Ok(serde_json::Value::Object(b))) =
        (serde_json::to_value(a), serde_json::to_value(b))
    else {
        return Vec::new();
    };
    a.iter()
        .filter(|(key, value)| b.get(key.as_str()) != Some(*value))
        .map(|(key, _)| key.clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::Shard;
    use crate::shard::file::read;
    use crate::shard::fixtures::{id, ids, run, save_all, saved};
    use crate::shard::{load, save};

    fn merge_error(files: Vec<ShardFile>) -> String {
        match merge(files) {
            Ok(_) => panic!("merged"),
            Err(error) => format!("{error:#}"),
        }
    }

    #[test]
    fn merged_shards_give_every_report_once_in_the_runs_order() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let run = run(3, ids(&["demo::z", "demo::a", "demo::m", "demo::b"]));
        save_all(dir.path(), &run);
        let files = load(&[dir.path().to_path_buf()]).unwrap_or_else(|e| panic!("{e:#}"));
        let (merged_run, saved) = merge(files).unwrap_or_else(|e| panic!("{e:#}"));
        assert_eq!(merged_run, run);
        let paths: Vec<&str> = saved.iter().map(|s| s.report.path.as_str()).collect();
        assert_eq!(paths, ["demo::z", "demo::a", "demo::m", "demo::b"]);
    }

    #[test]
    fn a_missing_shard_is_named_with_its_functions() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let run = run(3, ids(&["demo::a", "demo::b", "demo::c", "demo::d"]));
        let paths = save_all(dir.path(), &run);
        let files: Vec<ShardFile> = [&paths[0], &paths[2]]
            .iter()
            .map(|path| read(path).unwrap_or_else(|e| panic!("{e:#}")))
            .collect();
        let error = merge_error(files);
        assert!(
            error.contains("shard 2/3 is missing, with demo::b (`cargo symtest --shard 2/3`"),
            "{error}"
        );
        assert!(!error.contains("demo::a"), "{error}");
    }

    #[test]
    fn shards_of_different_runs_or_a_function_twice_do_not_merge() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let one = run(2, ids(&["demo::a", "demo::b"]));
        let mut other = one.clone();
        other.seed = 6;
        other.functions.push(id("demo::c"));
        let shard = |index| Shard { index, count: 2 };
        let first = save(dir.path(), shard(1), &one, &[saved("demo::a")]);
        let first = first.unwrap_or_else(|e| panic!("{e:#}"));
        let other_dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let second = save(other_dir.path(), shard(2), &other, &[saved("demo::b")]);
        let second = second.unwrap_or_else(|e| panic!("{e:#}"));
        let read_both = |a: &Path, b: &Path| {
            vec![
                read(a).unwrap_or_else(|e| panic!("{e:#}")),
                read(b).unwrap_or_else(|e| panic!("{e:#}")),
            ]
        };
        let error = merge_error(read_both(&first, &second));
        assert!(
            error.contains("come from different runs (their "),
            "{error}"
        );
        assert!(
            error.contains("functions") && error.contains("seed"),
            "{error}"
        );
        let twice = save(
            other_dir.path(),
            shard(2),
            &one,
            &[saved("demo::b"), saved("demo::a")],
        );
        let twice = twice.unwrap_or_else(|e| panic!("{e:#}"));
        let error = merge_error(read_both(&first, &twice));
        assert!(error.contains("demo::a is in two shard files"), "{error}");
        let error = merge_error(read_both(&first, &first));
        assert!(error.contains("shard 1/2 is there twice"), "{error}");
    }
}
