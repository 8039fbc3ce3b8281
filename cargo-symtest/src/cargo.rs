//! Talking to cargo: the workspace's metadata, which packages use symtest, the instrumented
//! build of their test binaries (into a target directory of its own), and the `#[symtest]`
//! entry points those binaries contain.

use std::collections::HashSet;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Instant;

use anyhow::{Context, Result, bail};
use cargo_metadata::{Message, Metadata, MetadataCommand, Package, TargetKind};

use crate::buildlog::{self, BuildLog, ErrorSite};
use crate::console;
use crate::options::FeatureOptions;
use crate::process;

/// The runtime crate whose users we generate tests for.
pub const RUNTIME: &str = "symtest-runtime";
/// The attribute macro crate, which `cargo symtest` builds optimised.
const MACROS: &str = "symtest-macros";

/// The cargo that invoked us (`$CARGO`), or the one on `PATH`.
pub fn cargo() -> String {
    std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_string())
}

pub fn metadata(manifest_path: Option<&Path>) -> Result<Metadata> {
    let mut command = MetadataCommand::new();
    command.cargo_path(cargo()).no_deps();
    if let Some(path) = manifest_path {
        command.manifest_path(path);
    }
    let output =
        process::output(&mut command.cargo_command()).context("cannot run `cargo metadata`")?;
    if !output.status.success() {
        bail!(
            "cannot read the cargo project: {}\nRun `cargo symtest` inside a cargo project or \
             point --manifest-path at its Cargo.toml.",
            String::from_utf8_lossy(&output.stderr)
                .trim()
                .trim_start_matches("error: ")
        );
    }
    let stdout = String::from_utf8_lossy(&output.stdout);
    let json = stdout
        .lines()
        .find(|line| line.starts_with('{'))
        .context("`cargo metadata` printed no metadata")?;
    MetadataCommand::parse(json).context("cannot read the output of `cargo metadata`")
}

/// Lines of Rust above which a package's instrumented build is not optimised. Its cost grows
/// with the code and an optimised one buys searches about twice as fast: fraction's 20,000
/// lines built in 591 s of rustc at opt-level 3 and 151 s at 0, where its searches take about
/// 90 s in all (BENCHMARKS.md, "fraction's instrumented build, by optimisation level").
const LARGE_PACKAGE_LINES: usize = 10_000;

/// The optimisation level of the code searches run: `SYMTEST_OPT_LEVEL` (0–3, `s` or `z`),
/// else 3, but 0 for a package of more than [`LARGE_PACKAGE_LINES`] lines. Level 0 is the
/// debug profile's own, for measuring and for debugging a search.
pub fn search_opt_level(package: &Package) -> String {
    match std::env::var("SYMTEST_OPT_LEVEL") {
        Ok(level) if ["0", "1", "2", "3", "s", "z"].contains(&level.as_str()) => level,
        _ if crate::size::source_lines(package) > LARGE_PACKAGE_LINES => "0".to_string(),
        _ => "3".to_string(),
    }
}

/// The name under which `package` depends on the runtime (a `package = …` rename included).
fn runtime_dependency(package: &Package) -> &str {
    package
        .dependencies
        .iter()
        .find(|d| d.name == RUNTIME)
        .and_then(|d| d.rename.as_deref())
        .unwrap_or(RUNTIME)
}

/// Whether `package` depends on the runtime (and is not the runtime itself).
pub fn uses_symtest(package: &Package) -> bool {
    package.name.as_str() != RUNTIME && package.dependencies.iter().any(|d| d.name == RUNTIME)
}

/// The packages to work on: `-p` names, or all workspace members that use symtest with
/// `--workspace`, or the package of the manifest (all users of symtest in a virtual workspace).
/// With `auto` (`--auto`), a package need not use symtest.
pub fn select_packages<'m>(
    metadata: &'m Metadata,
    manifest_path: Option<&Path>,
    names: &[String],
    workspace: bool,
    auto: bool,
) -> Result<Vec<&'m Package>> {
    let members = metadata.workspace_packages();
    if !names.is_empty() {
        return names
            .iter()
            .map(|name| {
                let package = members
                    .iter()
                    .find(|p| p.name.as_str() == name)
                    .with_context(|| {
                        let known: Vec<&str> = members.iter().map(|p| p.name.as_str()).collect();
                        format!(
                            "package `{name}` is not in this workspace; its packages are: {}",
                            known.join(", ")
                        )
                    })?;
                if !auto && !uses_symtest(package) {
                    bail!(
                        "package `{name}` does not depend on {RUNTIME}: add it to [dependencies] \
                         and put #[symtest] on the functions to test, or run `cargo symtest \
                         --auto`, which needs neither"
                    );
                }
                Ok(*package)
            })
            .collect();
    }
    let manifest = match manifest_path {
        Some(path) => Some(path.to_path_buf()),
        None => locate_project(),
    };
    let manifest = manifest.and_then(|path| path.canonicalize().ok());
    let root = members.iter().find(|p| {
        manifest.as_deref().is_some_and(|m| {
            p.manifest_path.as_std_path().canonicalize().ok().as_deref() == Some(m)
        })
    });
    let candidates: Vec<&Package> = match root {
        Some(root) if !workspace => vec![*root],
        _ => members,
    };
    let selected: Vec<&Package> = candidates
        .into_iter()
        .filter(|p| (auto && p.name.as_str() != RUNTIME) || uses_symtest(p))
        .collect();
    if selected.is_empty() {
        bail!(
            "no package here depends on {RUNTIME}: add `{RUNTIME}` to [dependencies] and put \
             #[symtest] on the functions to test, or run `cargo symtest --auto`, which needs \
             neither"
        );
    }
    Ok(selected)
}

/// The manifest of the package around the current directory, as cargo finds it.
fn locate_project() -> Option<PathBuf> {
    let output = process::output(Command::new(cargo()).args([
        "locate-project",
        "--message-format",
        "plain",
    ]))
    .ok()?;
    output
        .status
        .success()
        .then(|| PathBuf::from(String::from_utf8_lossy(&output.stdout).trim()))
}

/// Where instrumented builds go: next to, not inside, the user's normal build cache.
pub fn symtest_target_dir(metadata: &Metadata) -> PathBuf {
    metadata
        .target_directory
        .join("symtest")
        .into_std_path_buf()
}

/// A test binary of the instrumented build.
#[derive(Clone, Debug)]
pub struct TestBinary {
    /// The crate name, as paths of its functions start (`my_crate`).
    pub crate_name: String,
    /// `lib` or `bin`: a package's library and binary can have the same crate name.
    pub kind: String,
    pub executable: PathBuf,
}

/// The arguments of the instrumented build of one package's unit tests; `color` asks cargo
/// for colored diagnostics although its stderr is not a terminal.
pub fn build_args(package: &Package, target_dir: &Path, level: &str, color: bool) -> Vec<String> {
    let mut args = vec![
        "test".to_string(),
        "--no-run".to_string(),
        "--message-format=json-render-diagnostics".to_string(),
        "--manifest-path".to_string(),
        package.manifest_path.to_string(),
        "-p".to_string(),
        format!("{}@{}", package.name, package.version),
        "--target-dir".to_string(),
        target_dir.display().to_string(),
        // Searches run the code optimised, in the test profile otherwise as `cargo test` has
        // it: overflow checks and debug assertions stay as they are, so the code behaves as
        // its tests will see it, several times faster (BENCHMARKS.md, "Optimised searches").
        "--config".to_string(),
        format!("profile.dev.opt-level={level}"),
        // A package's own test profile (`[profile.test] opt-level = 3`) would override it.
        "--config".to_string(),
        format!("profile.test.opt-level={level}"),
        "--config".to_string(),
        format!("profile.dev.package.{RUNTIME}.opt-level=3"),
        "--config".to_string(),
        format!("profile.test.package.{RUNTIME}.opt-level=3"),
        // The attribute's static analysis is linear but not free: optimised, a 400-decision
        // function expands in about half the time (BENCHMARKS.md, "Compile cost").
        "--config".to_string(),
        format!("profile.dev.package.{MACROS}.opt-level=3"),
        "--config".to_string(),
        format!("profile.test.package.{MACROS}.opt-level=3"),
        // The search engine is behind a feature, so the dependency costs users nothing in
        // their own builds; symtest builds turn it on.
        "--features".to_string(),
        format!("{}/engine", runtime_dependency(package)),
    ];
    if color {
        args.push("--color=always".to_string());
    }
    if package
        .targets
        .iter()
        .any(|t| t.kind.contains(&TargetKind::Lib))
    {
        args.push("--lib".to_string());
    }
    if package
        .targets
        .iter()
        .any(|t| t.kind.contains(&TargetKind::Bin))
    {
        args.push("--bins".to_string());
    }
    args
}

/// Builds the package's unit-test binaries with instrumentation on. Cargo's output goes to
/// the build log ([`BuildLog`]) while a spinner runs; the user sees the errors when the build
/// fails, and otherwise one line with the log's path.
///
/// The build is optimised ([`search_opt_level`]). Some crates do not build so (a build script
/// that turns on `no_panic` checks when optimising, as libm's does): then it is built again
/// unoptimised, with a warning, and only that build's errors are shown if it fails too.
pub fn build(
    package: &Package,
    target_dir: &Path,
    features: &FeatureOptions,
    quiet: Quiet,
) -> Result<Vec<TestBinary>> {
    let level = search_opt_level(package);
    if level == "0" {
        return build_at(package, target_dir, features, &level, quiet, true);
    }
    build_at(package, target_dir, features, &level, quiet, false).or_else(|error| {
        if error.is::<SourceErrors>() {
            return Err(error);
        }
        console::warning(&format!(
            "`{}` does not build optimised (opt-level {level}) with symtest instrumentation; \
             searching an unoptimised build, which is slower",
            package.name
        ));
        build_at(package, target_dir, features, "0", quiet, true)
    })
}

/// Whether errors in the source are left to the caller to show (`--auto` leaves out the items
/// they are in and builds again).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quiet {
    No,
    SourceErrors,
}

/// A build that failed on errors in the source: building it unoptimised would fail the same
/// way, so it is not tried.
#[derive(Debug)]
pub struct SourceErrors {
    message: String,
    /// The compiler's errors as it rendered them.
    pub rendered: String,
    /// Where they are.
    pub sites: Vec<ErrorSite>,
}

impl std::fmt::Display for SourceErrors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SourceErrors {}

/// One instrumented build at optimisation level `level`; its errors are printed when it fails
/// and `show_errors` is set.
fn build_at(
    package: &Package,
    target_dir: &Path,
    features: &FeatureOptions,
    level: &str,
    quiet: Quiet,
    show_errors: bool,
) -> Result<Vec<TestBinary>> {
    let mut args = build_args(package, target_dir, level, console::colors());
    args.extend(features.cargo_args());
    let command: Vec<String> = std::iter::once(cargo())
        .chain(args.iter().cloned())
        .collect();
    let mut log = BuildLog::create(target_dir, &package.name, &command)?;
    let started = Instant::now();
    let building = console::Building::start(&package.name);
    let mut running = process::spawn(
        Command::new(cargo())
            .args(&args)
            .env("SYMTEST_INSTRUMENT", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped()),
    )
    .context("cannot run cargo")?;
    let stdout = running.child.stdout.take().context("cargo's output")?;
    let stderr = running.child.stderr.take().context("cargo's messages")?;
    let binaries = std::thread::scope(|scope| {
        scope.spawn(|| {
            log.read(BufReader::new(stderr), |line| {
                if let Some(name) = buildlog::compiling(line) {
                    building.compiling(name);
                }
            });
        });
        test_binaries(BufReader::new(stdout), &building)
    });
    let status = running.child.wait().context("waiting for cargo")?;
    process::check_interrupted()?;
    log.finish()?;
    drop(building);
    let shown_log = console::display_path(&log.path);
    if !status.success() {
        let in_source = log.source_errors();
        if (show_errors || in_source) && !(in_source && quiet == Quiet::SourceErrors) {
            console::verbatim(&log.errors());
        }
        let message = format!(
            "could not build `{}` with symtest instrumentation; the compiler's errors are above \
             and the whole build log is in {shown_log}",
            package.name
        );
        if in_source {
            return Err(SourceErrors {
                message,
                rendered: log.errors(),
                sites: log.error_sites(),
            }
            .into());
        }
        bail!(message);
    }
    let warnings = match log.warnings() {
        0 => "build log".to_string(),
        1 => "1 warning in the build log".to_string(),
        n => format!("{n} warnings in the build log"),
    };
    console::status(
        "Built",
        &format!(
            "{} in {:.1}s ({warnings}: {shown_log})",
            package.name,
            started.elapsed().as_secs_f64()
        ),
    );
    binaries
}

/// The test executables among cargo's JSON messages, counting the crates ready as they come.
fn test_binaries(stdout: impl BufRead, building: &console::Building) -> Result<Vec<TestBinary>> {
    let mut binaries = Vec::new();
    let mut ready = HashSet::new();
    for message in Message::parse_stream(stdout) {
        if let Message::CompilerArtifact(artifact) = message.context("reading cargo's output")? {
            ready.insert(artifact.package_id.clone());
            building.ready(ready.len());
            if let (true, Some(executable)) = (artifact.profile.test, artifact.executable) {
                let kind = if artifact.target.is_bin() {
                    "bin"
                } else {
                    "lib"
                };
                binaries.push(TestBinary {
                    crate_name: artifact.target.name.replace('-', "_"),
                    kind: kind.to_string(),
                    executable: executable.into_std_path_buf(),
                });
            }
        }
    }
    Ok(binaries)
}

/// Builds the packages instrumented in `target_dir` and lists their search entries,
/// unfiltered.
pub fn entries_of(
    packages: &[&Package],
    target_dir: &Path,
    features: &FeatureOptions,
    quiet: Quiet,
) -> Result<Vec<Entry>> {
    let mut found = Vec::new();
    for package in packages {
        for binary in build(package, target_dir, features, quiet)? {
            found.extend(entries(&package.name, &binary)?);
        }
    }
    Ok(found)
}

/// One `#[symtest]` function found in a test binary.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The package the binary belongs to.
    pub package: String,
    pub binary: TestBinary,
    /// Name of the hidden test, relative to the crate root (`m::__symtest_entry_f`).
    pub test: String,
    /// `crate::m::f`.
    pub path: String,
}

const ENTRY_PREFIX: &str = "__symtest_entry_";

/// The `#[symtest]` functions of a test binary, from its list of tests.
pub fn entries(package: &str, binary: &TestBinary) -> Result<Vec<Entry>> {
    let output = process::output(
        Command::new(&binary.executable)
            .args(["--list", "--format", "terse"])
            .env("SYMTEST_LIST", "1"),
    )
    .with_context(|| format!("cannot run {}", binary.executable.display()))?;
    if !output.status.success() {
        bail!("cannot list the tests of {}", binary.executable.display());
    }
    Ok(parse_entries(
        &String::from_utf8_lossy(&output.stdout),
        package,
        binary,
    ))
}

fn parse_entries(list: &str, package: &str, binary: &TestBinary) -> Vec<Entry> {
    list.lines()
        .filter_map(|line| line.strip_suffix(": test"))
        .filter_map(|test| {
            let (module, name) = match test.rsplit_once("::") {
                Some((module, last)) => (Some(module), last.strip_prefix(ENTRY_PREFIX)?),
                None => (None, test.strip_prefix(ENTRY_PREFIX)?),
            };
            let name = associated(name);
            let path = match module {
                Some(module) => format!("{}::{module}::{name}", binary.crate_name),
                None => format!("{}::{name}", binary.crate_name),
            };
            Some(Entry {
                package: package.to_string(),
                binary: binary.clone(),
                test: test.to_string(),
                path,
            })
        })
        .collect()
}

/// `Stack::new` for the entry name of an associated function, `Stack__new` (a type's name
/// starts with a capital letter, a function's does not), and of a trait impl's, whose suffix
/// tells impls of one trait apart (`Level__from__h1f2e3d4c`); so too for the lowercase names
/// the attribute gives trait impls of types without one of their own (`str__to_kebab`,
/// `array__from`); other names as they are.
fn associated(name: &str) -> String {
    /// The names the attribute reports blocks of unnamed types under (see its `reported_name`).
    const UNNAMED: &[&str] = &["str", "slice", "array", "tuple"];
    let name = match name.rsplit_once("__h") {
        Some((name, hash)) if hash.len() == 8 && hash.bytes().all(|b| b.is_ascii_hexdigit()) => {
            name
        }
        _ => name,
    };
    match name.split_once("__") {
        Some((ty, function))
            if ty.starts_with(|c: char| c.is_ascii_uppercase()) || UNNAMED.contains(&ty) =>
        {
            format!("{ty}::{function}")
        }
        _ => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn binary() -> TestBinary {
        TestBinary {
            crate_name: "demo".into(),
            kind: "lib".into(),
            executable: "/x".into(),
        }
    }

    #[test]
    fn entry_points_are_found_in_the_test_list_with_their_module_paths() {
        let list = "__symtest_entry_classify: test\nshapes::__symtest_entry_area: test\n\
                    tests::ordinary: test\nsymtest_tests::classify_returns_true: test\n\
                    __symtest_entry_Stack__new: test\n__symtest_entry_two__parts: test\n\
                    __symtest_entry_Level__from__h1f2e3d4c: test\n\
                    __symtest_entry_array__from__h0a1b2c3d: test\n";
        let entries = parse_entries(list, "demo", &binary());
        let found: Vec<(&str, &str)> = entries
            .iter()
            .map(|e| (e.test.as_str(), e.path.as_str()))
            .collect();
        assert_eq!(
            found,
            [
                ("__symtest_entry_classify", "demo::classify"),
                ("shapes::__symtest_entry_area", "demo::shapes::area"),
                ("__symtest_entry_Stack__new", "demo::Stack::new"),
                ("__symtest_entry_two__parts", "demo::two__parts"),
                (
                    "__symtest_entry_Level__from__h1f2e3d4c",
                    "demo::Level::from"
                ),
                (
                    "__symtest_entry_array__from__h0a1b2c3d",
                    "demo::array::from"
                ),
            ]
        );
    }
}
