//! The write step that ends a run — a whole one, or `apply` of sharded ones: where each
//! function's tests go, rendering them into their files, trying them in a copy of the workspace
//! (leaving out those rustc rejects, marking those that fail), writing them back (or comparing
//! them, with `--check`, or printing them, with `--dry-run`), and the summary.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use cargo_metadata::{Metadata, Package};

use crate::Verdict;
use crate::console;
use crate::fmt;
use crate::html;
use crate::model::{FunctionReport, Site};
use crate::options::WriteOptions;
use crate::process;
use crate::quarantine;
use crate::rejected::{self, Rejection};
use crate::render;
use crate::report;
use crate::trial::{Changes, Trial};
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
        // A package that does not depend on symtest (`--auto`) gets a module of plain tests.
        let marked = package.is_none_or(|package| crate::cargo::uses_symtest(package));
        let attribute =
            (located.attribute).or_else(|| marked.then(|| render::DEFAULT_ATTRIBUTE.to_string()));
        let prelude = render::Prelude { no_std, attribute };
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

/// Renders the tests and writes, checks or prints them as `options` say, and prints the
/// summary. Before anything is written, the tests are compiled and run in a copy of the
/// workspace ([`Trial`]): tests rustc rejects are left out, tests that fail are marked
/// `#[ignore]`, so a file is written once, with tests that compile and pass. `--check` and
/// `--dry-run` compile them only where they differ from what the files hold (which compiled
/// when written), to see what a write would keep.
pub fn finish(
    searched: &Searched,
    metadata: &Metadata,
    packages: &[&Package],
    options: &WriteOptions,
) -> Result<Verdict> {
    let mut reports = searched.reports.clone();
    describe_problems(&reports);
    let mut rejected: Vec<Rejection> = Vec::new();
    let (mut blocks, mut changes) = render_all(searched, &reports, &rejected)?;
    let unchanged = changes.values().all(|(old, new)| fmt::same_code(old, new));
    let trial = if options.writes() || !unchanged {
        let trial = Trial::start(metadata, packages, &options.features)?;
        let verb = if options.writes() {
            "Testing"
        } else {
            "Compiling"
        };
        console::status(
            verb,
            &format!(
                "the generated tests, in a copy of the workspace ({})",
                console::display_path(trial.root())
            ),
        );
        (blocks, changes) = leave_out_rejected(
            &trial,
            searched,
            (blocks, changes),
            &mut reports,
            &mut rejected,
        )?;
        Some(trial)
    } else {
        None
    };
    describe_rejected(&rejected);
    let verdict = if options.check {
        check(&changes, &searched.places, &reports, &blocks)?
    } else if options.dry_run {
        let places = &searched.places;
        for ((place, report), block) in places.iter().zip(&reports).zip(&blocks) {
            println!("// {}: {}\n{block}", place.source.display(), report.path);
        }
        Verdict::Success
    } else if let Some(trial) = trial {
        let verdict = trial.run_tests(&mut changes)?;
        write(&changes)?;
        verdict
    } else {
        bail!("internal error: the tests to write were not tried");
    };
    if options.writes_report() {
        write_report(
            searched,
            (&reports, &blocks),
            &rejected,
            metadata,
            options.open,
        )?;
    }
    print_summary(
        options.json,
        searched.seed,
        &reports,
        &searched.skipped,
        &rejected,
    );
    Ok(verdict)
}

/// `--report`: writes the HTML report of the run into `target/symtest/report/`, says where,
/// and with `--open` opens it (a browser that does not start is a warning: the report is
/// written).
fn write_report(
    searched: &Searched,
    (reports, blocks): (&[FunctionReport], &[String]),
    rejected: &[Rejection],
    metadata: &Metadata,
    open: bool,
) -> Result<()> {
    let functions = (searched.places.iter().zip(reports).zip(blocks))
        .map(|((place, report), block)| html::Function::new(report, place.source.clone(), block))
        .collect();
    let run = html::Run {
        seed: searched.seed,
        functions,
        skipped: &searched.skipped,
        rejected,
        root: metadata.workspace_root.as_std_path(),
    };
    let dir = crate::cargo::symtest_target_dir(metadata).join(html::DIR);
    let index = html::write(&dir, &run)?;
    console::status(
        "Created",
        &format!("report at {}", console::display_path(&index)),
    );
    if open {
        console::status("Opening", &console::display_path(&index));
        if let Err(error) = html::open(&index) {
            console::warning(&format!("{error:#}"));
        }
    }
    Ok(())
}

/// Rounds of compiling the generated tests and leaving out those rustc rejects; each round
/// leaves out every test an error falls in (or, the first time, asserts its value's Debug
/// text instead of its literal).
const COMPILE_ROUNDS: usize = 6;

/// Each function's block and each file's new contents, `rendered` from `reports`, once the
/// tests rustc rejects are left out of `reports` (and listed in `rejected`). Errors in no test a
/// report of this run can leave out — in the user's code, in the generated module's own lines,
/// in tests of functions this run did not search — end the run with rustc's errors, before
/// anything is written.
fn leave_out_rejected(
    trial: &Trial,
    searched: &Searched,
    rendered: (Vec<String>, Changes),
    reports: &mut [FunctionReport],
    rejected: &mut Vec<Rejection>,
) -> Result<(Vec<String>, Changes)> {
    let (mut blocks, mut changes) = rendered;
    for _ in 0..COMPILE_ROUNDS {
        let errors = trial.compile(&changes)?;
        if errors.is_empty() {
            return Ok((blocks, changes));
        }
        let texts = changes
            .iter()
            .map(|(path, (_, new))| (path.clone(), new.clone()))
            .collect();
        let diagnosis = rejected::diagnose(&errors, &texts, |name| trial.original_of(name));
        let mut outside = diagnosis.outside;
        let mut names: BTreeMap<usize, Vec<Rejection>> = BTreeMap::new();
        for found in diagnosis.rejected {
            let index = searched
                .places
                .iter()
                .zip(reports.iter())
                .position(|(place, report)| {
                    place.source == found.file
                        && place.modules == found.test.modules
                        && report.name == found.test.function
                });
            let Some(index) = index else {
                outside.push(found.rendered);
                continue;
            };
            names.entry(index).or_default().push(Rejection {
                function: reports[index].path.clone(),
                test: found.test.name,
                message: found.message,
            });
        }
        if !outside.is_empty() {
            console::verbatim(&outside.concat());
            bail!(
                "the generated tests do not compile for a reason outside the tests this run \
                 generates (rustc's errors are above, in the copy of the workspace in {}): \
                 nothing was written. Fix an error in your code, or run cargo symtest on the \
                 function whose committed tests it is in; one in the generated module's own \
                 lines is a bug of cargo symtest",
                console::display_path(trial.root())
            );
        }
        // A rejected test that asserts a value by its literal is tried again with the value's
        // Debug text (in any round: some errors show only once others are gone); one
        // rejected again, with no literal left, is left out.
        for (index, rejections) in names {
            let tests: Vec<String> = rejections.iter().map(|r| r.test.clone()).collect();
            let (left_out, _) = rejected::leave_out_or_soften(&mut reports[index], &tests);
            rejected.extend(
                rejections
                    .into_iter()
                    .filter(|r| left_out.contains(&r.test)),
            );
        }
        (blocks, changes) = render_all(searched, reports, rejected)?;
    }
    bail!(
        "the generated tests still do not compile after {COMPILE_ROUNDS} rounds of leaving out \
         those rustc rejected: nothing was written"
    )
}

/// Each function's block ([`block`]) and each file's new contents ([`render_changes`]).
fn render_all(
    searched: &Searched,
    reports: &[FunctionReport],
    rejected: &[Rejection],
) -> Result<(Vec<String>, Changes)> {
    let places = &searched.places;
    let blocks = places
        .iter()
        .zip(reports)
        .map(|(place, report)| {
            let rejected = rejected.iter().any(|r| r.function == report.path);
            block(place, report, rejected)
        })
        .collect::<Result<Vec<String>>>()?;
    let changes = render_changes(places, reports, &blocks, searched.filtered)?;
    Ok((blocks, changes))
}

/// The summary on stdout: a table, or one JSON document with `--json`; `skipped` are the
/// reports of functions that were not searched, `rejected` the tests rustc rejected.
pub fn print_summary(
    json: bool,
    seed: u64,
    reports: &[FunctionReport],
    skipped: &[FunctionReport],
    rejected: &[Rejection],
) {
    let skips = crate::model::skips(skipped.iter().chain(reports));
    if json {
        println!("{}", report::json(seed, reports, &skips, rejected));
    } else {
        print!("{}", report::table(reports, &skips));
    }
}

/// A warning for each test left out because rustc rejected it, with rustc's message.
fn describe_rejected(rejected: &[Rejection]) {
    for rejection in rejected {
        let message: Vec<String> = rejection
            .message
            .lines()
            .map(|line| format!("  {line}"))
            .collect();
        console::warning(&format!(
            "{}: {} does not compile, so it is left out of the written tests:\n{}",
            rejection.function,
            rejection.test,
            message.join("\n")
        ));
    }
}

/// A warning for each function not searched, with why.
pub fn describe_skipped(skipped: &[FunctionReport]) {
    for report in skipped {
        if let Some(reason) = &report.skipped {
            console::warning(&format!("skipped {}: {reason}", report.path));
        }
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
        for (args, reason) in &report.dropped {
            console::warning(&format!(
                "{}({}) {reason}: no test written",
                report.name,
                args.join(", ")
            ));
        }
    }
}

/// A function's tests as a run writes them (and `--check` expects them): the committed ones
/// when a crashed search found less (unless rustc `rejected` one of the function's tests: they
/// may be among them), else freshly rendered, keeping the flaky marks of committed tests that
/// are generated again unchanged.
fn block(place: &Place, report: &FunctionReport, rejected: bool) -> Result<String> {
    let text = std::fs::read_to_string(&place.source)
        .with_context(|| format!("cannot read {}", place.source.display()))?;
    let committed = writeback::read_functions(&text, &place.modules)
        .with_context(|| format!("in {}", place.source.display()))?
        .into_iter()
        .find(|(header, _)| header.name == report.name);
    if let Some(kept) = kept_after_crash(committed.as_ref(), report).filter(|_| !rejected) {
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

/// New contents of every file that gets tests.
fn render_changes(
    places: &[Place],
    reports: &[FunctionReport],
    blocks: &[String],
    keep_others: bool,
) -> Result<Changes> {
    // (file, inline modules) → (function name, rendered tests)
    type Groups = BTreeMap<(PathBuf, Vec<String>, render::Prelude), Vec<(String, String)>>;
    let mut groups = Groups::new();
    for ((place, report), block) in places.iter().zip(reports).zip(blocks) {
        let group = groups
            .entry((
                place.source.clone(),
                place.modules.clone(),
                place.prelude.clone(),
            ))
            .or_default();
        // Tests are found again by their function's name: two functions reported under one
        // name in one module cannot both have theirs (the first keeps them; one item's
        // trouble never costs the run).
        if group.iter().any(|(name, _)| *name == report.name) {
            console::warning(&format!(
                "{}: two functions of one module are both reported as `{}`; the tests of the \
                 one on line {} are not written (please report this as a bug of symtest)",
                place.source.display(),
                report.name,
                report.line
            ));
            continue;
        }
        group.push((report.name.clone(), block.clone()));
    }
    let mut changes = Changes::new();
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

/// Writes the files that changed, all of them before an interrupt may end the process.
fn write(changes: &Changes) -> Result<()> {
    process::writing(|| {
        for (path, (old, new)) in changes {
            if old != new {
                writeback::write_atomically(path, new)?;
                console::status("Writing", &path.display().to_string());
            } else {
                console::status("Unchanged", &path.display().to_string());
            }
        }
        Ok(())
    })
}

/// `--check`: stale when any file would change; says which functions and why.
fn check(
    changes: &Changes,
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
            also: Vec::new(),
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
            generic: None,
            formats: None,
            result: None,
            survivors: Vec::new(),
            convergence: Vec::new(),
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
    fn two_functions_reported_under_one_name_cost_only_the_second_its_tests() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("lib.rs");
        std::fs::write(&path, "pub fn f(x: i32) -> i32 {\n    x\n}\n")
            .unwrap_or_else(|e| panic!("{e}"));
        let block = |value: u32| {
            format!(
                "// symtest: fn=f covered=0/0 seed=1 algorithm=avm budget-evals=10\n#[test]\n\
                 fn f_returns_{value}() {{\n    assert_eq!(f({value}), {value});\n}}\n"
            )
        };
        let places = [place(path.clone()), place(path.clone())];
        let reports = [report(0, None), report(0, None)];
        let changes = render_changes(&places, &reports, &[block(1), block(2)], false)
            .unwrap_or_else(|e| panic!("{e:#}"));
        let (_, new) = &changes[&path];
        assert!(new.contains("fn f_returns_1()"), "{new}");
        assert!(!new.contains("fn f_returns_2()"), "{new}");
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
        block(place, report, false).unwrap_or_else(|e| panic!("{e:#}"))
    }
}
