//! The write step that ends a run — a whole one, or `apply` of sharded ones: where each
//! function's tests go, rendering them into their files and writing them back (or comparing
//! them, with `--check`, or printing them, with `--dry-run`), running them, and the summary.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result};
use cargo_metadata::{Metadata, Package};

use crate::Verdict;
use crate::cargo;
use crate::console;
use crate::fmt;
use crate::model::{FunctionReport, Site};
use crate::options::{FeatureOptions, WriteOptions};
use crate::process;
use crate::quarantine;
use crate::render;
use crate::report;
use crate::vcs;
use crate::writeback;

/// Where a function's tests go: its source file, the inline modules around it there, and
/// what rendering them needs to know about the crate.
#[derive(Clone, Debug)]
pub struct Place {
    pub source: PathBuf,
    pub modules: Vec<String>,
    /// The package's edition, for rustfmt.
    edition: String,
    /// Whether the crate is `#![no_std]`, for the generated module's imports.
    prelude: render::Prelude,
    /// How the tests call the function.
    callee: render::Callee,
}

impl Place {
    /// The place of the function the compiler saw at `site`, in `package`.
    pub fn find(
        site: Site<'_>,
        package: &str,
        metadata: &Metadata,
        packages: &[&Package],
    ) -> Result<Place> {
        let (source, text) = Place::source(site, metadata)?;
        let package = packages.iter().find(|p| p.name.as_str() == package);
        let edition =
            package.map_or_else(|| "2021".to_string(), |p| p.edition.as_str().to_string());
        let no_std = package
            .and_then(|p| p.targets.iter().find(|t| t.is_lib()))
            .is_some_and(|lib| no_std(lib.src_path.as_std_path()));
        let located = writeback::locate(&text, site.name, site.line)
            .with_context(|| format!("cannot find {} in {}", site.name, source.display()))?;
        let prelude = render::Prelude {
            no_std,
            attribute: (located.attribute).unwrap_or_else(|| render::DEFAULT_ATTRIBUTE.to_string()),
        };
        Ok(Place {
            source,
            modules: located.modules,
            edition,
            prelude,
            callee: located.callee,
        })
    }

    /// The source file of the function the compiler saw at `site`, and its text.
    pub fn source(site: Site<'_>, metadata: &Metadata) -> Result<(PathBuf, String)> {
        let file = Path::new(site.file);
        let source = if file.is_absolute() {
            file.to_path_buf()
        } else {
            metadata.workspace_root.as_std_path().join(file)
        };
        let text = std::fs::read_to_string(&source).with_context(|| {
            format!(
                "cannot read {}, the source of {}",
                source.display(),
                site.path
            )
        })?;
        Ok((source, text))
    }

    /// The function's tests as they will stand in the file: rendered, then formatted by the
    /// project's rustfmt, with the `rustfmt.toml` that applies to the file.
    pub fn render(&self, report: &FunctionReport) -> String {
        let depth = self.modules.len();
        let block = render::render_function_at(report, depth, &self.callee);
        let dir = self
            .source
            .parent()
            .filter(|dir| !dir.as_os_str().is_empty());
        let dir = dir.unwrap_or(Path::new("."));
        fmt::format(&block, depth, &self.edition, dir)
    }
}

/// What the searches of a run found: each function's place and report, in summary order.
#[derive(Debug)]
pub struct Searched {
    pub places: Vec<Place>,
    pub reports: Vec<FunctionReport>,
    /// The reports of functions that were not searched ([`FunctionReport::skipped`]): they get
    /// no tests, and the summary lists them.
    pub skipped: Vec<FunctionReport>,
    /// The seed of functions without a recorded or given one, for the summary.
    pub seed: u64,
    /// Whether the run was limited to some functions: then other functions' tests stay as
    /// they are; a full run also drops the tests of functions that are gone.
    pub filtered: bool,
}

/// Whether the crate root at `root` declares `#![no_std]` for its test builds too: a
/// `cfg_attr` on `not(test)` leaves tests with `std`. Unreadable roots count as `std`.
fn no_std(root: &Path) -> bool {
    let parsed = std::fs::read_to_string(root).map(|text| syn::parse_file(&text));
    let Ok(Ok(file)) = parsed else { return false };
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

/// Refuses to write into packages with uncommitted changes or no version control, unless
/// `--allow-dirty` or nothing will be written.
pub fn check_clean(packages: &[&Package], options: &WriteOptions) -> Result<()> {
    if !options.writes() || options.allow_dirty {
        return Ok(());
    }
    for package in packages {
        let dir = package
            .manifest_path
            .parent()
            .map_or_else(|| Path::new(".").to_path_buf(), |d| d.into());
        vcs::check_clean(&dir)?;
    }
    Ok(())
}

/// Renders the tests and writes, checks or prints them as `options` say; then runs written
/// tests and prints the summary.
pub fn finish(
    searched: &Searched,
    packages: &[&Package],
    manifest_path: Option<&Path>,
    options: &WriteOptions,
) -> Result<Verdict> {
    let Searched {
        places, reports, ..
    } = searched;
    describe_problems(reports);
    let blocks = places
        .iter()
        .zip(reports)
        .map(|(place, report)| block(place, report))
        .collect::<Result<Vec<String>>>()?;
    let changes = render_changes(places, reports, &blocks, searched.filtered)?;
    let verdict = if options.check {
        check(&changes, places, reports, &blocks)?
    } else if options.dry_run {
        for ((place, report), block) in places.iter().zip(reports).zip(&blocks) {
            println!("// {}: {}\n{block}", place.source.display(), report.path);
        }
        Verdict::Success
    } else {
        write(&changes)?;
        let files: Vec<&Path> = changes.keys().map(PathBuf::as_path).collect();
        run_tests(packages, manifest_path, &options.features, &files)?
    };
    print_summary(options.json, searched.seed, reports, &searched.skipped);
    Ok(verdict)
}

/// The summary on stdout: a table, or one JSON document with `--json`.
/// The summary on stdout: a table, or one JSON document with `--json`; `skipped` are the
/// reports of functions that were not searched.
pub fn print_summary(
    json: bool,
    seed: u64,
    reports: &[FunctionReport],
    skipped: &[FunctionReport],
) {
    let skips = crate::model::skips(&[skipped, reports].concat());
    if json {
        println!("{}", report::json(seed, reports, &skips));
    } else {
        print!("{}", report::table(reports, &skips));
    }
}

/// Warnings for what the user should know about a function's tests.
pub fn describe_problems(reports: &[FunctionReport]) {
    for report in reports {
        for left in &report.left_out {
            console::warning(&format!(
                "skipped {}: {}; the sequences of {} call the other functions",
                left.path, left.reason, report.path
            ));
        }
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
                    "{call} gave different results from run to run: its result is not asserted"
                ));
            }
        }
        for crash in &report.crashes {
            console::warning(&format!(
                "{}: {}({}) crashed the process: it {}; written as an ignored test that \
                 reproduces it, and the search went on without it",
                report.path,
                report.name,
                crash.args.join(", "),
                crash.how
            ));
        }
        for (args, endings) in &report.dropped {
            console::warning(&format!(
                "{}({}) ended differently from run to run ({endings}): no test written",
                report.name,
                args.join(", ")
            ));
        }
    }
}

/// A function's tests as a run writes them (and `--check` expects them): the committed ones
/// when a crashed search found less, else freshly rendered, keeping the flaky marks of
/// committed tests that are generated again unchanged.
fn block(place: &Place, report: &FunctionReport) -> Result<String> {
    let text = std::fs::read_to_string(&place.source)
        .with_context(|| format!("cannot read {}", place.source.display()))?;
    let committed = writeback::read_functions(&text, &place.modules)
        .with_context(|| format!("in {}", place.source.display()))?
        .into_iter()
        .find(|(header, _)| header.name == report.name);
    if let Some(kept) = kept_after_crash(committed.as_ref(), report) {
        return Ok(kept);
    }
    let fresh = place.render(report);
    let Some((_, committed)) = committed else {
        return Ok(fresh);
    };
    let (block, kept) = quarantine::carry_marks(&committed, &fresh);
    if !kept.is_empty() {
        console::warning(&format!(
            "{}: {} stay{} #[ignore]d: failed when an earlier cargo symtest ran the generated \
             tests (delete the mark to try again)",
            report.path,
            kept.join(", "),
            if kept.len() == 1 { "s" } else { "" }
        ));
    }
    Ok(block)
}

/// New contents of every file that gets tests: `path → (old, new)`.
fn render_changes(
    places: &[Place],
    reports: &[FunctionReport],
    blocks: &[String],
    keep_others: bool,
) -> Result<BTreeMap<PathBuf, (String, String)>> {
    // (file, inline modules) → (function name, rendered tests)
    type Groups = BTreeMap<(PathBuf, Vec<String>, render::Prelude), Vec<(String, String)>>;
    let mut groups = Groups::new();
    for ((place, report), block) in places.iter().zip(reports).zip(blocks) {
        let block = block.clone();
        groups
            .entry((
                place.source.clone(),
                place.modules.clone(),
                place.prelude.clone(),
            ))
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
fn kept_after_crash(
    committed: Option<&(render::Header, String)>,
    report: &FunctionReport,
) -> Option<String> {
    report.problem.as_ref()?;
    let (header, block) = committed.filter(|(header, _)| header.covered > report.covered.len())?;
    console::warning(&format!(
        "{}: kept the committed tests (covering {} branches) instead of the {} the crashed \
         search found",
        report.path,
        header.covered,
        report.covered.len()
    ));
    Some(block.clone())
}

fn write(changes: &BTreeMap<PathBuf, (String, String)>) -> Result<()> {
    for (path, (old, new)) in changes {
        if old != new {
            process::writing(|| writeback::write_atomically(path, new))?;
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
    places: &[Place],
    reports: &[FunctionReport],
    blocks: &[String],
) -> Result<Verdict> {
    let mut stale = false;
    for ((place, report), fresh) in places.iter().zip(reports).zip(blocks) {
        let Some((old, _)) = changes.get(&place.source) else {
            continue;
        };
        let committed = writeback::read_functions(old, &place.modules)
            .with_context(|| format!("in {}", place.source.display()))?
            .into_iter()
            .find(|(header, _)| header.name == report.name);
        match committed {
            None => {
                console::error(&format!("{}: no generated tests committed", report.path));
                stale = true;
            }
            Some((header, text)) if !fmt::same_code(&text, fresh) => {
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

/// Rounds of running the generated tests and marking the failed ones `#[ignore]`.
const TEST_ROUNDS: usize = 3;

/// Runs the generated tests in a normal build, as `cargo test` will. Tests that fail are
/// marked `#[ignore = "…"]` in `files` and the tests run again, so no failing test is left
/// in them; the verdict is still a failure, with the tests named.
fn run_tests(
    packages: &[&Package],
    manifest_path: Option<&Path>,
    features: &FeatureOptions,
    files: &[&Path],
) -> Result<Verdict> {
    console::status("Testing", "the generated tests");
    let mut ignored: Vec<String> = Vec::new();
    for _ in 0..TEST_ROUNDS {
        let output = process::output(&mut test_command(packages, manifest_path, features))
            .context("cannot run cargo test")?;
        process::check_interrupted()?;
        // Cargo's and the tests' output is shown only when a test fails: the crate's own
        // compiler warnings are not news when everything passes. Stdout stays reserved for
        // the summary (and `--json`).
        if output.status.success() {
            if ignored.is_empty() {
                console::status("Passed", "all generated tests");
                return Ok(Verdict::Success);
            }
            console::error(&format!(
                "generated tests failed when run and are now marked #[ignore]: {}; the other \
                 generated tests pass",
                ignored.join(", ")
            ));
            return Ok(Verdict::Failed);
        }
        let stdout = String::from_utf8_lossy(&output.stdout);
        let stderr = String::from_utf8_lossy(&output.stderr);
        console::verbatim(&stdout);
        console::verbatim(&stderr);
        let failed = quarantine::failed_tests(&stdout);
        let mut marked = false;
        for name in &failed {
            for &file in files {
                let text = std::fs::read_to_string(file)
                    .with_context(|| format!("cannot read {}", file.display()))?;
                if let Some(new) = quarantine::mark_ignored(&text, name) {
                    process::writing(|| writeback::write_atomically(file, &new))?;
                    marked = true;
                    ignored.push(name.clone());
                }
            }
        }
        if !marked {
            break;
        }
        console::warning(&format!(
            "marked #[ignore = \"{}\"]: {}; running the generated tests again",
            quarantine::REASON,
            failed.join(", ")
        ));
    }
    console::error("some generated tests failed: see above");
    Ok(Verdict::Failed)
}

/// `cargo test` of the packages, filtered to the generated tests.
fn test_command(
    packages: &[&Package],
    manifest_path: Option<&Path>,
    features: &FeatureOptions,
) -> Command {
    let mut command = Command::new(cargo::cargo());
    command.arg("test");
    if let Some(path) = manifest_path {
        command.arg("--manifest-path").arg(path);
    }
    for package in packages {
        command
            .arg("-p")
            .arg(format!("{}@{}", package.name, package.version));
    }
    command
        .args(features.cargo_args())
        .args(["--quiet", "--", "symtest_tests::"])
        .env_remove("SYMTEST_INSTRUMENT");
    command
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Settings;

    fn place(source: PathBuf) -> Place {
        Place {
            source,
            modules: Vec::new(),
            edition: "2024".into(),
            prelude: render::Prelude::std(),
            callee: render::Callee::Named,
        }
    }

    fn report(covered: usize, problem: Option<&str>) -> FunctionReport {
        FunctionReport {
            path: "demo::f".into(),
            name: "f".into(),
            file: "src/lib.rs".into(),
            line: 1,
            params: vec!["x".into()],
            sequence: false,
            decisions: Vec::new(),
            settings: Settings {
                seed: 1,
                algorithm: "avm".into(),
                budget_evals: 10,
                fitness: "standard".into(),
                criterion: "branch".into(),
            },
            tests: Vec::new(),
            covered: (0..covered as u32).map(|i| (i, 0)).collect(),
            outputs: Vec::new(),
            boundaries: Vec::new(),
            paths: Default::default(),
            fields: Vec::new(),
            mutants: None,
            evaluations: 0,
            elapsed_ms: 0.0,
            problem: problem.map(str::to_string),
            timeouts: Vec::new(),
            dropped: Vec::new(),
            crashes: Vec::new(),
            skipped: None,
            left_out: Vec::new(),
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
            render::render_module(&[block.to_string()], 0, &render::Prelude::std())
        );
        let path = dir.path().join("lib.rs");
        std::fs::write(&path, source).unwrap_or_else(|e| panic!("{e}"));
        let place = place(path);
        let kept = block_of(&place, &report(1, Some("crashed")));
        assert!(kept.contains("fn f_returns_1()"), "{kept}");
        assert!(
            !block_of(&place, &report(3, Some("crashed"))).contains("fn f_returns_1()"),
            "not fewer"
        );
        assert!(
            !block_of(&place, &report(1, None)).contains("fn f_returns_1()"),
            "no crash"
        );
    }

    fn block_of(place: &Place, report: &FunctionReport) -> String {
        block(place, report).unwrap_or_else(|e| panic!("{e:#}"))
    }
}
