//! The `cargo symtest` pipeline: select packages, build them instrumented, find the
//! `#[symtest]` functions, search each in its own process, and hand the reports to the write
//! step ([`write`]) — or, with `--shard`, search only the shard's functions and save their
//! reports for `apply` ([`shard`]).

use std::collections::HashMap;
use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::Verdict;
use crate::auto::{self, AutoCopy};
use crate::cargo::{self, Entry, Quiet};
use crate::console;
use crate::model::{FunctionLine, FunctionReport, Settings};

use crate::options::{FeatureOptions, Options, Shard};
use crate::pool;
use crate::process;
use crate::render;
use crate::report;
use crate::search::{self, Job};
use crate::shard::{self, FunctionId, Given, Run, Saved};
use crate::write::{self, Place, Searched};
use crate::writeback;

pub const DEFAULT_BUDGET_EVALS: u64 = 20_000;
pub const DEFAULT_ALGORITHM: &str = "hybrid";

/// The algorithm of an impl block's call sequences unless told otherwise: many short searches
/// of one branch each spend more than one population searching every branch at once
/// (BENCHMARKS.md, "DynaMOSA").
pub const DEFAULT_SEQUENCE_ALGORITHM: &str = "dynamosa";

/// A function found in the instrumented build, with where its tests go.
struct Found {
    entry: Entry,
    function: FunctionLine,
    place: Place,
}

pub fn run(options: &Options) -> Result<Verdict> {
    let metadata = cargo::metadata(options.manifest_path.as_deref())?;
    let packages = cargo::select_packages(
        &metadata,
        options.manifest_path.as_deref(),
        &options.packages,
        options.workspace,
        options.auto,
    )?;
    if options.shard.is_none() {
        write::check_clean(&packages, &options.write)?;
    } else if options.auto {
        bail!("--auto does not work with --shard yet: annotate the crate, or run it whole");
    }
    let target_dir = cargo::symtest_target_dir(&metadata);
    let features = &options.write.features;
    // With --auto, the annotated copy is built: into the same target directory, so that the
    // two modes share the dependencies' builds.
    let (auto, all) = match options.auto {
        true => {
            let (auto, entries) = auto::build(&metadata, &packages, &target_dir, features)?;
            search::work_in(&auto.copy.root);
            (Some(auto), entries)
        }
        false => {
            let entries = cargo::entries_of(&packages, &target_dir, features, Quiet::No)?;
            (None, entries)
        }
    };
    let scratch = tempfile::tempdir().context("cannot create a temporary directory")?;
    // Every entry is described once, filters and shards aside: every search leaves alone the
    // callees searched on their own, so the tests of a function do not depend on which others
    // a run searches.
    let mut described = HashMap::new();
    for entry in &all {
        described.insert(
            described_key(entry),
            search::describe(entry, scratch.path())?,
        );
    }
    let searched = search::searched_on_their_own(described.values());
    search::leave_callees_alone(&searched, scratch.path())?;
    let entries = filter(all, &options.filters, &packages, options.auto)?;
    let ids: Vec<FunctionId> = entries.iter().map(FunctionId::of).collect();
    let (entries, run_seed) = match options.shard {
        None => (entries, options.seed.unwrap_or_else(fresh_seed)),
        Some(shard) => (
            shard.own(&ids, entries),
            options.seed.unwrap_or_else(|| shard::derived_seed(&ids)),
        ),
    };
    let mut found = Vec::new();
    let (mut skipped_entries, mut skipped) = (Vec::new(), Vec::new());
    for entry in entries {
        let Some(function) = described.remove(&described_key(&entry)) else {
            bail!("{} was not described with the other functions", entry.path);
        };
        match function.skipped {
            Some(_) => {
                skipped_entries.push(entry);
                skipped.push(search::skipped(&function));
            }
            None => found.push(locate(
                entry,
                function,
                auto.as_ref(),
                &metadata,
                &packages,
            )?),
        }
    }
    write::describe_skipped(&skipped);
    let note = match (options.shard, options.seed) {
        (Some(_), None) => " (derived from the list of functions, the same on every shard)",
        _ => "",
    };
    console::status("Seed", &format!("{run_seed}{note}"));
    let jobs: Vec<Job> = found
        .iter()
        .map(|f| job(f, options, run_seed))
        .collect::<Result<_>>()?;
    let reports = search_all(&found, &jobs, scratch.path(), options.jobs);
    process::check_interrupted()?;
    if let Some(shard) = options.shard {
        let run = Run {
            version: env!("CARGO_PKG_VERSION").to_string(),
            shards: shard.count,
            seed: run_seed,
            options: Given::of(options),
            filters: options.filters.clone(),
            packages: packages.iter().map(|p| p.name.to_string()).collect(),
            functions: ids,
        };
        let dir = options
            .shard_dir
            .clone()
            .unwrap_or_else(|| cargo::symtest_target_dir(&metadata).join("shards"));
        return save_shard(
            shard,
            &dir,
            &run,
            (&found, &reports),
            (&skipped_entries, &skipped),
            options.write.json,
        );
    }
    let searched = Searched {
        places: found.into_iter().map(|found| found.place).collect(),
        reports,
        skipped,
        seed: run_seed,
        filtered: !options.filters.is_empty(),
    };
    write::finish(&searched, &metadata, &packages, &options.write)
}

/// What tells entries apart: a function's hidden test in its test binary.
fn described_key(entry: &Entry) -> (std::path::PathBuf, String) {
    (entry.binary.executable.clone(), entry.test.clone())
}

/// `--shard`: saves the shard's reports for `apply`, with the fingerprints of their sources,
/// instead of writing tests.
fn save_shard(
    shard: Shard,
    dir: &Path,
    run: &Run,
    (found, reports): (&[Found], &[FunctionReport]),
    (skipped_entries, skipped): (&[Entry], &[FunctionReport]),
    json: bool,
) -> Result<Verdict> {
    write::describe_problems(reports);
    let mut saved = found
        .iter()
        .zip(reports)
        .map(|(found, report)| {
            let source = &found.place.source;
            let text = std::fs::read_to_string(source)
                .with_context(|| format!("cannot read {}", source.display()))?;
            Ok(Saved {
                id: FunctionId::of(&found.entry),
                source: shard::fingerprint(&text),
                report: report.clone(),
            })
        })
        .collect::<Result<Vec<_>>>()?;
    // A skipped function has no tests, so no source to check them against.
    saved.extend(
        skipped_entries
            .iter()
            .zip(skipped)
            .map(|(entry, report)| Saved {
                id: FunctionId::of(entry),
                source: String::new(),
                report: report.clone(),
            }),
    );
    let path = shard::save(dir, shard, run, &saved)?;
    console::status(
        "Saved",
        &format!(
            "shard {shard}: the reports of {} of {} functions, in {}",
            saved.len(),
            run.functions.len(),
            console::display_path(&path)
        ),
    );
    write::print_summary(json, run.seed, reports, skipped, &[]);
    Ok(Verdict::Success)
}

/// Builds the packages with instrumentation and lists their `#[symtest]` functions that
/// match the filters.
pub fn instrumented_entries(
    metadata: &cargo_metadata::Metadata,
    packages: &[&cargo_metadata::Package],
    filters: &[String],
    features: &FeatureOptions,
) -> Result<Vec<Entry>> {
    let target_dir = cargo::symtest_target_dir(metadata);
    filter(
        cargo::entries_of(packages, &target_dir, features, Quiet::No)?,
        filters,
        packages,
        false,
    )
}

/// Keeps entries whose path contains a filter; errors when nothing is left.
fn filter(
    entries: Vec<Entry>,
    filters: &[String],
    packages: &[&cargo_metadata::Package],
    auto: bool,
) -> Result<Vec<Entry>> {
    let names: Vec<&str> = packages.iter().map(|p| p.name.as_str()).collect();
    if entries.is_empty() && auto {
        bail!(
            "found no function, impl block, struct or enum to test in the library or binaries \
             of {}",
            names.join(", ")
        );
    }
    if entries.is_empty() {
        bail!(
            "no #[symtest] functions found in {}: put #[symtest] (from symtest_runtime) on the \
             functions to generate tests for",
            names.join(", ")
        );
    }
    if filters.is_empty() {
        return Ok(entries);
    }
    let all: Vec<String> = entries.iter().map(|e| e.path.clone()).collect();
    // A method is searched in its type's call sequences, whose entry is the type's
    // (`crate::Version`): a filter naming it (`from_str`, `Version::from_str`) keeps that.
    let owners: Vec<String> = filters
        .iter()
        .filter(|f| !all.iter().any(|path| path.contains(f.as_str())))
        .flat_map(|f| crate::methods::types_defining(packages, f))
        .collect();
    let kept: Vec<Entry> = entries
        .into_iter()
        .filter(|e| {
            filters.iter().any(|f| e.path.contains(f.as_str()))
                || owners.iter().any(|ty| e.path.ends_with(&format!("::{ty}")))
        })
        .collect();
    if kept.is_empty() {
        bail!(
            "no #[symtest] function matches {}; the functions are:\n  {}",
            filters.join(", "),
            all.join("\n  ")
        );
    }
    Ok(kept)
}

/// Finds where the tests of a function go, from its branch table: in the user's files, where
/// `auto`'s copy was built.
fn locate(
    entry: Entry,
    function: FunctionLine,
    auto: Option<&AutoCopy>,
    metadata: &cargo_metadata::Metadata,
    packages: &[&cargo_metadata::Package],
) -> Result<Found> {
    let mut site = function.site();
    let original = auto.map(|auto| auto.original_path(site.file).display().to_string());
    if let Some(file) = &original {
        site.file = file;
    }
    let place = Place::find(site, &entry.package, metadata, packages)?;
    Ok(Found {
        entry,
        function,
        place,
    })
}

/// The settings of a function's search: options first, then what the committed tests record.
fn job(found: &Found, options: &Options, run_seed: u64) -> Result<Job> {
    let text = std::fs::read_to_string(&found.place.source)?;
    let recorded = writeback::read_functions(&text, &found.place.modules)
        .with_context(|| format!("in {}", found.place.source.display()))?
        .into_iter()
        .map(|(header, _)| header)
        .find(|header| header.name == found.function.name);
    let settings = Settings {
        criterion: options
            .criterion
            .map(|c| c.name().to_string())
            .or_else(|| recorded.as_ref().map(|h| h.criterion.clone()))
            .unwrap_or_else(crate::model::branch_criterion),
        fitness: options
            .fitness
            .map(|f| f.name().to_string())
            .or_else(|| recorded.as_ref().map(|h| h.fitness.clone()))
            .unwrap_or_else(|| render::DEFAULT_FITNESS.to_string()),
        seed: options
            .seed
            .or(recorded.as_ref().map(|h| h.seed))
            .unwrap_or(run_seed),
        algorithm: options
            .algorithm
            .map(|a| a.name().to_string())
            .or_else(|| recorded.as_ref().map(|h| h.algorithm.clone()))
            .unwrap_or_else(|| match found.function.sequence {
                true => DEFAULT_SEQUENCE_ALGORITHM.to_string(),
                false => DEFAULT_ALGORITHM.to_string(),
            }),
        budget_evals: options
            .budget_evals
            .or(recorded.as_ref().map(|h| h.budget_evals))
            .unwrap_or(DEFAULT_BUDGET_EVALS),
    };
    Ok(Job {
        entry: found.entry.clone(),
        settings,
        budget_secs: options.budget_secs,
    })
}

/// Runs the searches, `jobs` at a time, reporting progress; results in input order.
fn search_all(
    found: &[Found],
    jobs: &[Job],
    scratch: &Path,
    parallel: Option<usize>,
) -> Vec<FunctionReport> {
    let searches = console::Searches::start(jobs.len(), pool::workers(parallel, jobs.len()));
    pool::map(jobs, parallel, |index, job| {
        searches.started(index, &job.entry.path);
        let report = search::search(job, &found[index].function, scratch);
        searches.finished(
            index,
            &format!(
                "{}: {}/{} branches, {} tests, {} evaluations, {:.2}s",
                report.path,
                report.covered.len(),
                report.branch_count(),
                report::written_tests(&report),
                report.evaluations,
                report.elapsed_ms / 1000.0
            ),
        );
        report
    })
}

/// A seed for a first run that has none recorded and none given.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now()) % 1_000_000
}
