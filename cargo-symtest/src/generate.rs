//! The `cargo symtest` pipeline: select packages, build them instrumented, find the
//! `#[symtest]` functions, search each in its own process, render the tests, and write them
//! back (or compare them, with `--check`, or print them, with `--dry-run`), then run them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use crate::cargo::{self, Entry};
use crate::console;
use crate::fmt;
use crate::model::{FunctionLine, FunctionReport, Settings};
use crate::options::Options;
use crate::pool;
use crate::render;
use crate::report;
use crate::search::{self, Job};
use crate::vcs;
use crate::writeback;

pub const DEFAULT_BUDGET_EVALS: u64 = 20_000;
pub const DEFAULT_ALGORITHM: &str = "hybrid";

/// How a run ended, for the exit code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Success,
    /// `--check` found stale tests, or the written tests failed.
    Failed,
}

/// A function found in the instrumented build, with where its tests go.
struct Found {
    entry: Entry,
    function: FunctionLine,
    /// The source file of the function, and the inline modules around it there.
    source: PathBuf,
    modules: Vec<String>,
    /// The package's edition, for rustfmt.
    edition: String,
    /// Whether the crate is `#![no_std]`, for the generated module's imports.
    prelude: render::Prelude,
}

impl Found {
    /// The function's tests as they will stand in the file: rendered, then formatted by the
    /// project's rustfmt, with the `rustfmt.toml` that applies to the file.
    fn render(&self, report: &FunctionReport) -> String {
        let depth = self.modules.len();
        let block = render::render_function_at(report, depth);
        let dir = self
            .source
            .parent()
            .filter(|dir| !dir.as_os_str().is_empty());
        let dir = dir.unwrap_or(Path::new("."));
        fmt::format(&block, depth, &self.edition, dir)
    }
}

pub fn run(options: &Options) -> Result<Verdict> {
    let metadata = cargo::metadata(options.manifest_path.as_deref())?;
    let packages = cargo::select_packages(
        &metadata,
        options.manifest_path.as_deref(),
        &options.packages,
        options.workspace,
    )?;
    let writes = !options.check && !options.dry_run;
    if writes && !options.allow_dirty {
        for package in &packages {
            let dir = package
                .manifest_path
                .parent()
                .map_or_else(|| Path::new(".").to_path_buf(), |d| d.into());
            vcs::check_clean(&dir)?;
        }
    }
    let entries = instrumented_entries(&metadata, &packages, &options.filters)?;
    let scratch = tempfile::tempdir().context("cannot create a temporary directory")?;
    let found = entries
        .into_iter()
        .map(|entry| locate(entry, scratch.path(), &metadata, &packages))
        .collect::<Result<Vec<_>>>()?;
    let run_seed = options.seed.unwrap_or_else(fresh_seed);
    console::status("Seed", &run_seed.to_string());
    let jobs: Vec<Job> = found
        .iter()
        .map(|f| job(f, options, run_seed))
        .collect::<Result<_>>()?;
    let reports = search_all(&found, &jobs, scratch.path(), options.jobs);
    for report in &reports {
        describe_problems(report);
    }
    // A filtered run leaves other functions' tests alone; a full run also drops the tests of
    // functions that are gone.
    let changes = render_changes(&found, &reports, !options.filters.is_empty())?;
    let verdict = if options.check {
        check(&changes, &found, &reports)?
    } else if options.dry_run {
        for (found, report) in found.iter().zip(&reports) {
            println!(
                "// {}: {}\n{}",
                found.source.display(),
                report.path,
                found.render(report)
            );
        }
        Verdict::Success
    } else {
        write(&changes)?;
        run_tests(&packages, options)?
    };
    if options.json {
        println!("{}", report::json(run_seed, &reports));
    } else {
        print!("{}", report::table(&reports));
    }
    Ok(verdict)
}

/// Builds the packages with instrumentation and lists their `#[symtest]` functions that
/// match the filters.
pub fn instrumented_entries(
    metadata: &cargo_metadata::Metadata,
    packages: &[&cargo_metadata::Package],
    filters: &[String],
) -> Result<Vec<Entry>> {
    let target_dir = cargo::symtest_target_dir(metadata);
    let mut entries = Vec::new();
    for package in packages {
        for binary in cargo::build(package, &target_dir)? {
            entries.extend(cargo::entries(&package.name, &binary)?);
        }
    }
    filter(entries, filters, packages)
}

/// Keeps entries whose path contains a filter; errors when nothing is left.
fn filter(
    entries: Vec<Entry>,
    filters: &[String],
    packages: &[&cargo_metadata::Package],
) -> Result<Vec<Entry>> {
    if entries.is_empty() {
        let names: Vec<&str> = packages.iter().map(|p| p.name.as_str()).collect();
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
    let kept: Vec<Entry> = entries
        .into_iter()
        .filter(|e| filters.iter().any(|f| e.path.contains(f.as_str())))
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

/// Asks the function for its branch table and finds where its tests go.
fn locate(
    entry: Entry,
    scratch: &Path,
    metadata: &cargo_metadata::Metadata,
    packages: &[&cargo_metadata::Package],
) -> Result<Found> {
    let function = search::describe(&entry, scratch)?;
    let file = Path::new(&function.file);
    let source = if file.is_absolute() {
        file.to_path_buf()
    } else {
        metadata.workspace_root.as_std_path().join(file)
    };
    let package = packages.iter().find(|p| p.name.as_str() == entry.package);
    let edition = package.map_or_else(|| "2021".to_string(), |p| p.edition.as_str().to_string());
    let prelude = match package.and_then(|p| p.targets.iter().find(|t| t.is_lib())) {
        Some(lib) if no_std(lib.src_path.as_std_path()) => render::Prelude::NoStd,
        _ => render::Prelude::Std,
    };
    let text = std::fs::read_to_string(&source).with_context(|| {
        format!(
            "cannot read {}, the source of {}",
            source.display(),
            function.path
        )
    })?;
    let modules = writeback::locate(&text, &function.name, function.line)
        .with_context(|| format!("cannot find {} in {}", function.name, source.display()))?;
    Ok(Found {
        entry,
        function,
        source,
        modules,
        edition,
        prelude,
    })
}

/// Whether the crate root at `root` declares `#![no_std]` for its test builds too: a
/// `cfg_attr` on `not(test)` leaves tests with `std`. Unreadable roots count as `std`.
fn no_std(root: &Path) -> bool {
    let Ok(file) = std::fs::read_to_string(root).map(|text| syn::parse_file(&text)) else {
        return false;
    };
    let Ok(file) = file else { return false };
    file.attrs.iter().any(|attr| {
        let path = attr.path();
        if path.is_ident("no_std") {
            return true;
        }
        let text = quote::ToTokens::to_token_stream(&attr.meta).to_string();
        path.is_ident("cfg_attr")
            && text.contains("no_std")
            && !text.replace(' ', "").contains("not(test)")
    })
}

/// The settings of a function's search: options first, then what the committed tests record.
fn job(found: &Found, options: &Options, run_seed: u64) -> Result<Job> {
    let text = std::fs::read_to_string(&found.source)?;
    let recorded = writeback::read_functions(&text, &found.modules)
        .with_context(|| format!("in {}", found.source.display()))?
        .into_iter()
        .map(|(header, _)| header)
        .find(|header| header.name == found.function.name);
    let settings = Settings {
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
            .unwrap_or_else(|| DEFAULT_ALGORITHM.to_string()),
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

/// Warnings for what the user should know about a function's tests.
fn describe_problems(report: &FunctionReport) {
    if let Some(problem) = &report.problem {
        console::warning(&format!("{}: {problem}", report.path));
    }
    for args in &report.timeouts {
        console::warning(&format!(
            "{}({}) ran past the step budget of one run (an endless loop, or a very long one): no test written",
            report.name,
            args.join(", ")
        ));
    }
    for test in &report.tests {
        let call = format!("{}({})", report.name, test.args.join(", "));
        if !test.deterministic {
            console::warning(&format!(
                "{call} ended differently on two runs: its result is not asserted"
            ));
        }
    }
}

/// New contents of every file that gets tests: `path → (old, new)`.
fn render_changes(
    found: &[Found],
    reports: &[FunctionReport],
    keep_others: bool,
) -> Result<BTreeMap<PathBuf, (String, String)>> {
    // (file, inline modules) → (function name, rendered tests)
    type Groups = BTreeMap<(PathBuf, Vec<String>, render::Prelude), Vec<(String, String)>>;
    let mut groups = Groups::new();
    for (found, report) in found.iter().zip(reports) {
        let block = match kept_after_crash(found, report)? {
            Some(committed) => committed,
            None => found.render(report),
        };
        groups
            .entry((found.source.clone(), found.modules.clone(), found.prelude))
            .or_default()
            .push((report.name.clone(), block));
    }
    let mut changes: BTreeMap<PathBuf, (String, String)> = BTreeMap::new();
    for ((path, modules, prelude), blocks) in groups {
        let (old, current) = match changes.remove(&path) {
            Some(change) => change,
            None => {
                let text = std::fs::read_to_string(&path)
                    .with_context(|| format!("cannot read {}", path.display()))?;
                (text.clone(), text)
            }
        };
        let mut blocks = blocks;
        if !keep_others {
            // Functions this build did not see (compiled out by `cfg`, say) keep their tests
            // as long as their source is still there; only tests of functions that are gone go.
            for (header, text) in writeback::read_functions(&current, &modules)? {
                let seen = blocks.iter().any(|(name, _)| *name == header.name);
                if !seen && current.contains(&format!("fn {}(", header.name)) {
                    blocks.push((header.name, text));
                }
            }
        }
        let new = writeback::update(&current, &modules, &blocks, keep_others, prelude)
            .with_context(|| format!("cannot place the generated tests in {}", path.display()))?;
        changes.insert(path, (old, new));
    }
    Ok(changes)
}

/// The committed tests of a function whose search crashed, when they cover more than what the
/// crashed search found: a crash must not replace good tests with fewer.
fn kept_after_crash(found: &Found, report: &FunctionReport) -> Result<Option<String>> {
    if report.problem.is_none() {
        return Ok(None);
    }
    let text = std::fs::read_to_string(&found.source)?;
    let committed = writeback::read_functions(&text, &found.modules)?
        .into_iter()
        .find(|(header, _)| header.name == report.name)
        .filter(|(header, _)| header.covered > report.covered.len());
    Ok(committed.map(|(header, block)| {
        console::warning(&format!(
            "{}: kept the committed tests (covering {} branches) instead of the {} the crashed \
             search found",
            report.path,
            header.covered,
            report.covered.len()
        ));
        block
    }))
}

fn write(changes: &BTreeMap<PathBuf, (String, String)>) -> Result<()> {
    for (path, (old, new)) in changes {
        if old != new {
            writeback::write_atomically(path, new)?;
            console::status("Writing", &path.display().to_string());
        } else {
            console::status("Unchanged", &path.display().to_string());
        }
    }
    Ok(())
}

/// `--check`: stale when any file would change; says which functions and why.
fn check(
    changes: &BTreeMap<PathBuf, (String, String)>,
    found: &[Found],
    reports: &[FunctionReport],
) -> Result<Verdict> {
    let mut stale = false;
    for (found, report) in found.iter().zip(reports) {
        let Some((old, _)) = changes.get(&found.source) else {
            continue;
        };
        let committed = writeback::read_functions(old, &found.modules)
            .with_context(|| format!("in {}", found.source.display()))?
            .into_iter()
            .find(|(header, _)| header.name == report.name);
        let fresh = found.render(report);
        match committed {
            None => {
                console::error(&format!("{}: no generated tests committed", report.path));
                stale = true;
            }
            Some((header, text)) if !fmt::same_code(&text, &fresh) => {
                if report.covered.len() < header.covered {
                    console::error(&format!(
                        "{}: coverage fell from {} to {} of {} branches",
                        report.path,
                        header.covered,
                        report.covered.len(),
                        report.branch_count()
                    ));
                } else {
                    console::error(&format!(
                        "{}: the committed tests differ from what would be generated",
                        report.path
                    ));
                }
                stale = true;
            }
            Some(_) => {}
        }
    }
    for (path, (old, new)) in changes {
        if !stale && !fmt::same_code(old, new) {
            console::error(&format!(
                "{}: the generated tests there differ from what would be generated (tests of \
                 functions that are gone, or out of date)",
                path.display()
            ));
            stale = true;
        }
    }
    if stale {
        console::error("generated tests are stale: run `cargo symtest` and commit the result");
        Ok(Verdict::Failed)
    } else {
        console::status("Checked", "generated tests are up to date");
        Ok(Verdict::Success)
    }
}

/// Runs the generated tests in a normal build, as `cargo test` will.
fn run_tests(packages: &[&cargo_metadata::Package], options: &Options) -> Result<Verdict> {
    let mut command = Command::new(cargo::cargo());
    command.arg("test");
    if let Some(path) = &options.manifest_path {
        command.arg("--manifest-path").arg(path);
    }
    for package in packages {
        command
            .arg("-p")
            .arg(format!("{}@{}", package.name, package.version));
    }
    command
        .args(["--quiet", "--", "symtest_tests::"])
        .env_remove("SYMTEST_INSTRUMENT")
        // Stdout is reserved for the summary (and `--json`).
        .stdout(std::io::stderr());
    console::status("Testing", "the generated tests");
    let status = command.status().context("cannot run cargo test")?;
    if status.success() {
        console::status("Passed", "all generated tests");
        Ok(Verdict::Success)
    } else {
        console::error("some generated tests failed: see above");
        Ok(Verdict::Failed)
    }
}

/// A seed for a first run that has none recorded and none given.
fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, RandomState};
    RandomState::new().hash_one(std::time::SystemTime::now()) % 1_000_000
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cargo::TestBinary;

    fn found(source: PathBuf) -> Found {
        Found {
            entry: Entry {
                package: "demo".into(),
                binary: TestBinary {
                    crate_name: "demo".into(),
                    executable: "/x".into(),
                },
                test: "__symtest_entry_f".into(),
                path: "demo::f".into(),
            },
            function: FunctionLine {
                name: "f".into(),
                path: "demo::f".into(),
                file: "src/lib.rs".into(),
                line: 1,
                params: vec!["x".into()],
                returns: "i32".into(),
                decisions: Vec::new(),
                seed: 1,
                algorithm: "avm".into(),
                budget_evals: 10,
            },
            source,
            modules: Vec::new(),
            edition: "2024".into(),
            prelude: render::Prelude::Std,
        }
    }

    fn report(covered: usize, problem: Option<&str>) -> FunctionReport {
        FunctionReport {
            path: "demo::f".into(),
            name: "f".into(),
            file: "src/lib.rs".into(),
            line: 1,
            params: vec!["x".into()],
            decisions: Vec::new(),
            settings: Settings {
                seed: 1,
                algorithm: "avm".into(),
                budget_evals: 10,
                fitness: "standard".into(),
            },
            tests: Vec::new(),
            covered: (0..covered as u32).map(|i| (i, 0)).collect(),
            evaluations: 0,
            elapsed_ms: 0.0,
            problem: problem.map(str::to_string),
            timeouts: Vec::new(),
        }
    }

    #[test]
    fn no_std_is_read_from_the_crate_root_unless_tests_have_std() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let root = dir.path().join("lib.rs");
        let cases = [
            ("#![no_std]\npub fn f() {}\n", true),
            ("#![cfg_attr(not(feature = \"std\"), no_std)]\n", true),
            ("#![cfg_attr(not(test), no_std)]\n", false),
            ("//! no_std in a comment\npub fn f() {}\n", false),
            ("pub fn f() {}\n", false),
        ];
        for (text, expected) in cases {
            std::fs::write(&root, text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(no_std(&root), expected, "{text}");
        }
        assert!(!no_std(&dir.path().join("missing.rs")));
    }

    #[test]
    fn a_crashed_search_keeps_committed_tests_that_cover_more() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let block = "// symtest: fn=f covered=3/4 seed=1 algorithm=avm budget-evals=10\n#[test]\nfn f_returns_1() {\n    assert_eq!(f(1), 1);\n}\n";
        let source = format!(
            "pub fn f(x: i32) -> i32 {{\n    x\n}}\n\n{}",
            render::render_module(&[block.to_string()], 0, render::Prelude::Std)
        );
        let path = dir.path().join("lib.rs");
        std::fs::write(&path, source).unwrap_or_else(|e| panic!("{e}"));
        let found = found(path);
        let kept =
            kept_after_crash(&found, &report(1, Some("crashed"))).unwrap_or_else(|e| panic!("{e}"));
        assert!(kept.is_some_and(|text| text.contains("fn f_returns_1()")));
        assert_eq!(
            kept_after_crash(&found, &report(3, Some("crashed")))
                .ok()
                .flatten(),
            None,
            "not fewer"
        );
        assert_eq!(
            kept_after_crash(&found, &report(1, None)).ok().flatten(),
            None,
            "no crash"
        );
    }
}
