//! `cargo symtest --auto`: the crate is tested as if every function, impl block, struct and
//! enum carried `#[symtest]`, with no edit to the user's tree.
//!
//! The workspace is copied to `target/symtest-auto/NAME-HASH` (as the trial copy is, file by
//! file, so an unchanged file keeps its time and cargo's rebuild checks stay warm). In the copy,
//! each selected package's sources are annotated ([`annotate`], with every attribute on its
//! item's line, so each line keeps its number and the reports' lines are the original's), a
//! package without the runtime gets it as a dependency (and, in edition 2015, an `extern
//! crate` at the end of each crate root), and a generated module already in a file is marked so
//! that the instrumented build leaves it out. The copy is built and searched; the tests are
//! then written into the user's files like any others, as plain `#[cfg(test)]` code that needs
//! no dependency.

use std::cell::RefCell;
use std::collections::HashMap;
use std::ops::RangeInclusive;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use cargo_metadata::{Edition, Metadata, Package, TargetKind};

use crate::annotate::{self, Counts, Layout};
use crate::cargo::{self, Entry, Quiet, RUNTIME, SourceErrors};
use crate::console;
use crate::copy::Copy;
use crate::options::FeatureOptions;

/// How many times the copy is built again with the items the compiler's errors point at
/// marked reduced, then left unmarked, before the errors are shown.
const MAX_REBUILDS: usize = 6;

/// Lines of each original file, with the compiler's error there.
type Lines = HashMap<PathBuf, Vec<(usize, String)>>;

/// The lines whose items are marked otherwise than in full, with the errors that made them so.
#[derive(Debug, Default)]
struct Except {
    /// An error in an item's full instrumentation: the item is marked reduced.
    reduced: Lines,
    /// An error in an item's reduced instrumentation: the item stays unmarked.
    unmarked: Lines,
}

impl Except {
    /// Takes the error `message` at `line` of `file`, in an item marked reduced or not;
    /// `false` where that line was asked about already (an error outside every item, or in
    /// an item already left out).
    fn add(&mut self, file: PathBuf, line: usize, in_reduced: bool, message: &str) -> bool {
        let stage = match in_reduced {
            true => &mut self.unmarked,
            false => &mut self.reduced,
        };
        let lines = stage.entry(file).or_default();
        if lines.iter().any(|(at, _)| *at == line) {
            return false;
        }
        lines.push((line, message.to_string()));
        true
    }

    fn lines(stage: &Lines, path: &Path) -> Vec<usize> {
        (stage.get(path).into_iter().flatten())
            .map(|(line, _)| *line)
            .collect()
    }

    /// The first error of `stage` in `file` at or after `line`, and within `end` where given.
    fn error_from<'a>(stage: &'a Lines, file: &Path, line: usize, end: Option<usize>) -> &'a str {
        (stage.get(file).into_iter().flatten())
            .filter(|(at, _)| *at >= line && end.is_none_or(|end| *at <= end))
            .min_by_key(|(at, _)| *at)
            .map_or("", |(_, message)| message.as_str())
    }
}

/// Prepares and builds the annotated copy, and lists its search entries. Where the
/// instrumentation of an item does not compile (an error of symtest's, which should not stop a
/// run on a crate no one annotated), the items the errors point at are marked for reduced
/// instrumentation and the copy is built again; an item whose reduced instrumentation does not
/// compile either is left unmarked. Each is named in a warning.
pub fn build(
    metadata: &Metadata,
    packages: &[&Package],
    target_dir: &Path,
    features: &FeatureOptions,
) -> Result<(AutoCopy, Vec<Entry>)> {
    let mut except = Except::default();
    let mut rebuilds = 0;
    loop {
        let auto = AutoCopy::prepare(metadata, packages, &except)?;
        let copied = auto.packages(packages)?;
        let error = match cargo::entries_of(&copied, target_dir, features, Quiet::SourceErrors) {
            Ok(entries) => {
                auto.warn_marked_otherwise(&except);
                return Ok((auto, entries));
            }
            Err(error) => error,
        };
        let Some(errors) = error.downcast_ref::<SourceErrors>() else {
            return Err(error);
        };
        let mut added = false;
        for site in &errors.sites {
            let file = auto.original_path(&site.file);
            if auto.annotates(&file) {
                let line = site.line as usize;
                let in_reduced = auto.reduced_at(&file, line);
                added |= except.add(file, line, in_reduced, &site.message);
            }
        }
        // An error outside the annotated files, or on a line already asked about (outside
        // every item, or in an item already left out), is the crate's own: shown as the
        // annotated workflow shows it.
        if !added || rebuilds == MAX_REBUILDS {
            console::verbatim(&errors.rendered);
            return Err(error);
        }
        rebuilds += 1;
    }
}

/// The annotated copy of a workspace, and what cargo says of it.
#[derive(Debug)]
pub struct AutoCopy {
    pub copy: Copy,
    pub metadata: Metadata,
    plans: Vec<Plan>,
    /// The items left unmarked: their file (the original), name and line.
    left_out: Vec<(PathBuf, String, usize)>,
    /// The items marked reduced: their file (the original), name and lines.
    reduced: Vec<(PathBuf, String, RangeInclusive<usize>)>,
}

impl AutoCopy {
    /// Brings the annotated copy of `packages` (of the workspace `metadata` describes) up to
    /// date, with the items on the lines of `except` marked reduced or left unmarked, and reads
    /// it back with `cargo metadata`.
    fn prepare(metadata: &Metadata, packages: &[&Package], except: &Except) -> Result<AutoCopy> {
        let plans: Vec<Plan> = packages.iter().map(|package| Plan::of(package)).collect();
        // A member that is not selected owns its files too, where it is nested in one that is.
        let others: Vec<PathBuf> = (metadata.workspace_packages().into_iter())
            .filter(|member| !packages.iter().any(|package| package.id == member.id))
            .filter_map(|member| member.manifest_path.parent().map(|dir| dir.into()))
            .collect();
        let counts = RefCell::new(Counts::default());
        let unparsed = RefCell::new(Vec::new());
        let left_out = RefCell::new(Vec::new());
        let reduced = RefCell::new(Vec::new());
        let edit = |path: &Path, bytes: Vec<u8>| -> Vec<u8> {
            let Some(plan) = owner(&plans, path) else {
                return bytes;
            };
            let depth = plan.dir.components().count();
            if others
                .iter()
                .any(|dir| path.starts_with(dir) && dir.components().count() > depth)
            {
                return bytes;
            }
            if path == plan.manifest {
                return plan.with_runtime(bytes);
            }
            if !plan.annotates(path) {
                return bytes;
            }
            let Ok(text) = String::from_utf8(bytes.clone()) else {
                return bytes;
            };
            let unmarked = Except::lines(&except.unmarked, path);
            let reduced_lines = Except::lines(&except.reduced, path);
            let marks = annotate::Except {
                unmarked: &unmarked,
                reduced: &reduced_lines,
            };
            let main = plan.bin_roots.iter().any(|root| root == path);
            match annotate::annotate_except(&text, Layout::SameLine, marks, main) {
                Ok(mut annotated) => {
                    counts.borrow_mut().add(annotated.counts);
                    left_out.borrow_mut().extend(
                        (annotated.left_out.drain(..))
                            .map(|(name, line)| (path.to_path_buf(), name, line)),
                    );
                    reduced.borrow_mut().extend(
                        (annotated.reduced.drain(..))
                            .map(|(name, lines)| (path.to_path_buf(), name, lines)),
                    );
                    if plan.roots_2015.iter().any(|root| root == path) {
                        annotated.text.push_str(EXTERN_CRATE);
                    }
                    annotated.text.into_bytes()
                }
                Err(error) => {
                    unparsed
                        .borrow_mut()
                        .push(format!("{}: {error}", path.display()));
                    bytes
                }
            }
        };
        // Beside the instrumented build's target directory, not in it (see `sync_edited`).
        let target_dir = metadata.target_directory.as_std_path();
        let symtest_dir = cargo::symtest_target_dir(metadata);
        let copy = Copy::sync_edited(
            metadata.workspace_root.as_std_path(),
            &target_dir.join("symtest-auto"),
            symtest_dir.clone(),
            &[target_dir, &symtest_dir],
            &edit,
        )?;
        for file in unparsed.into_inner() {
            console::warning(&format!("left unannotated, as syn cannot parse it: {file}"));
        }
        let first = packages.first().context("no package to annotate")?;
        let manifest = copy
            .path_of(first.manifest_path.as_std_path())
            .context("a package outside its workspace")?;
        let copied = cargo::metadata(Some(&manifest))
            .context("cannot read the annotated copy of the workspace")?;
        let counts = counts.into_inner();
        console::status(
            "Annotated",
            &format!(
                "{} items ({counts}) in a copy of the workspace ({})",
                counts.total(),
                console::display_path(&copy.root)
            ),
        );
        Ok(AutoCopy {
            copy,
            metadata: copied,
            plans,
            left_out: left_out.into_inner(),
            reduced: reduced.into_inner(),
        })
    }

    /// Whether the copy annotates the original file at `path`.
    fn annotates(&self, path: &Path) -> bool {
        owner(&self.plans, path).is_some_and(|plan| plan.annotates(path))
    }

    /// The user's file that a file the copy's build names stands for (relative to the copy's
    /// workspace root, as `file!()` and the compiler's errors name it, or absolute).
    pub fn original_path(&self, file: &str) -> PathBuf {
        let path = Path::new(file);
        match self.copy.original_of(path) {
            Some(original) => original,
            None if path.is_relative() => self.copy.original.join(path),
            None => path.to_path_buf(),
        }
    }

    /// Whether the item spanning `line` of the original `file` is marked reduced.
    fn reduced_at(&self, file: &Path, line: usize) -> bool {
        (self.reduced.iter()).any(|(path, _, lines)| path == file && lines.contains(&line))
    }

    /// A warning for each item marked reduced or left unmarked, with the error that made it
    /// so.
    fn warn_marked_otherwise(&self, except: &Except) {
        let shown = |file: &Path| {
            let file = file.strip_prefix(&self.copy.original).unwrap_or(file);
            file.display().to_string()
        };
        for (file, name, lines) in &self.reduced {
            let error =
                Except::error_from(&except.reduced, file, *lines.start(), Some(*lines.end()));
            console::warning(&format!(
                "`{name}` ({}:{}) is searched with reduced instrumentation (its branches \
                 without operand distances, concolic shadows or mutants): symtest's full \
                 instrumentation of it does not compile ({error}); please report this as a bug \
                 of symtest",
                shown(file),
                lines.start()
            ));
        }
        for (file, name, line) in &self.left_out {
            let error = match Except::error_from(&except.unmarked, file, *line, None) {
                "" => Except::error_from(&except.reduced, file, *line, None),
                error => error,
            };
            console::warning(&format!(
                "left out `{name}` ({}:{line}): symtest's instrumentation of it does not \
                 compile ({error}); please report this as a bug of symtest",
                shown(file)
            ));
        }
    }

    /// The copy's packages of the same names as `packages`.
    pub fn packages(&self, packages: &[&Package]) -> Result<Vec<&Package>> {
        packages
            .iter()
            .map(|package| {
                self.metadata
                    .workspace_packages()
                    .into_iter()
                    .find(|copied| copied.name == package.name)
                    .with_context(|| format!("the copy has no package `{}`", package.name))
            })
            .collect()
    }
}

/// What is appended to a 2015 crate root: its paths name extern crates only once declared.
/// Allowed unused: a crate that denies `unused_extern_crates` fails to build on it otherwise
/// (Inflector), as the attributes' paths do not count as uses.
const EXTERN_CRATE: &str = "\n#[allow(unused_extern_crates)]\nextern crate symtest_runtime;\n";

/// What the copy of one package changes.
#[derive(Debug)]
struct Plan {
    /// The package's directory and manifest, in the user's workspace.
    dir: PathBuf,
    manifest: PathBuf,
    /// Whether it depends on the runtime already (its own `#[symtest]`s stay as they are).
    has_runtime: bool,
    /// The directories of its library and binaries' roots: their files are annotated.
    source_dirs: Vec<PathBuf>,
    /// The roots of its tests, benches, examples and build script: not annotated.
    other_roots: Vec<PathBuf>,
    /// The files and directories only the package's tests compile (see `crate::test_files`).
    tests_only: Vec<PathBuf>,
    /// Its binaries' roots, whose `fn main` is not annotated: searching it would run the
    /// program.
    bin_roots: Vec<PathBuf>,
    /// Its library and binary roots when it is in edition 2015 without the runtime.
    roots_2015: Vec<PathBuf>,
}

impl Plan {
    fn of(package: &Package) -> Plan {
        let manifest = package.manifest_path.clone().into_std_path_buf();
        let dir = manifest.parent().map(Path::to_path_buf).unwrap_or_default();
        let tested = |kinds: &[TargetKind]| {
            kinds
                .iter()
                .any(|kind| matches!(kind, TargetKind::Lib | TargetKind::RLib | TargetKind::Bin))
        };
        let (mut roots, mut other_roots, mut bin_roots) = (Vec::new(), Vec::new(), Vec::new());
        for target in &package.targets {
            let root = target.src_path.clone().into_std_path_buf();
            if target.kind.contains(&TargetKind::Bin) {
                bin_roots.push(root.clone());
            }
            if tested(&target.kind) {
                roots.push(root);
            } else {
                other_roots.push(root);
            }
        }
        // A runtime among the dev-dependencies or a target's alone does not build the library.
        let has_runtime = package.dependencies.iter().any(|dependency| {
            dependency.name == RUNTIME
                && dependency.kind == cargo_metadata::DependencyKind::Normal
                && dependency.target.is_none()
        });
        let mut source_dirs: Vec<PathBuf> = roots
            .iter()
            .filter_map(|root| root.parent().map(Path::to_path_buf))
            .collect();
        source_dirs.sort();
        source_dirs.dedup();
        let tests_only = crate::test_files::test_only(&roots);
        let roots_2015 = match (package.edition, has_runtime) {
            (Edition::E2015, false) => roots,
            _ => Vec::new(),
        };
        Plan {
            dir,
            manifest,
            has_runtime,
            source_dirs,
            other_roots,
            bin_roots,
            roots_2015,
            tests_only,
        }
    }

    /// Whether the file at `path` (of this package) is one of its library's or binaries'.
    fn annotates(&self, path: &Path) -> bool {
        let outside = ["tests", "benches", "examples"]
            .iter()
            .any(|dir| path.starts_with(self.dir.join(dir)));
        path.extension().is_some_and(|ext| ext == "rs")
            && self.source_dirs.iter().any(|dir| path.starts_with(dir))
            && !outside
            && !self.other_roots.iter().any(|root| root == path)
            && !self.tests_only.iter().any(|test| path.starts_with(test))
    }

    /// The manifest with the runtime as a dependency, unless it has it.
    fn with_runtime(&self, mut manifest: Vec<u8>) -> Vec<u8> {
        if self.has_runtime {
            return manifest;
        }
        if !manifest.ends_with(b"\n") && !manifest.is_empty() {
            manifest.push(b'\n');
        }
        let table = format!("\n[dependencies.{RUNTIME}]\n{}\n", runtime_source());
        manifest.extend_from_slice(table.as_bytes());
        manifest
    }
}

/// The package of the selected ones whose directory holds `path` most closely (a package
/// nested in another's directory owns its own files).
fn owner<'p>(plans: &'p [Plan], path: &Path) -> Option<&'p Plan> {
    plans
        .iter()
        .filter(|plan| path.starts_with(&plan.dir))
        .max_by_key(|plan| plan.dir.components().count())
}

/// Where the runtime comes from: the checkout cargo-symtest was built from, when it is still
/// there (`cargo install --path`, `--git`), else the release of the same version.
fn runtime_source() -> String {
    let checkout = Path::new(env!("CARGO_MANIFEST_DIR")).parent();
    match checkout.map(|dir| dir.join(RUNTIME)) {
        Some(dir) if dir.join("Cargo.toml").is_file() => {
            format!("path = {}", crate::copy::literal(&dir))
        }
        _ => format!("version = \"={}\"", env!("CARGO_PKG_VERSION")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(dir: &str) -> Plan {
        let dir = PathBuf::from(dir);
        Plan {
            manifest: dir.join("Cargo.toml"),
            has_runtime: false,
            source_dirs: vec![dir.join("src")],
            other_roots: vec![dir.join("src/build.rs")],
            bin_roots: Vec::new(),
            roots_2015: Vec::new(),
            tests_only: vec![dir.join("src/tests.rs"), dir.join("src/tests")],
            dir,
        }
    }

    #[test]
    fn only_the_library_and_binary_sources_of_a_package_are_annotated() {
        let plan = plan("/w/p");
        assert!(plan.annotates(Path::new("/w/p/src/lib.rs")));
        assert!(plan.annotates(Path::new("/w/p/src/a/b.rs")));
        for not in [
            "/w/p/src/build.rs",
            "/w/p/src/notes.md",
            "/w/p/tests/it.rs",
            "/w/p/build.rs",
            "/w/p/src/tests.rs",
            "/w/p/src/tests/deeper.rs",
        ] {
            assert!(!plan.annotates(Path::new(not)), "{not}");
        }
    }

    #[test]
    fn a_nested_package_owns_its_files() {
        let plans = [plan("/w"), plan("/w/crates/inner")];
        let owner_dir = |path: &str| owner(&plans, Path::new(path)).map(|plan| plan.dir.clone());
        assert_eq!(owner_dir("/w/src/lib.rs"), Some(PathBuf::from("/w")));
        assert_eq!(
            owner_dir("/w/crates/inner/src/lib.rs"),
            Some(PathBuf::from("/w/crates/inner"))
        );
        assert_eq!(owner_dir("/elsewhere/lib.rs"), None);
    }

    #[test]
    fn the_runtime_is_added_as_a_table_of_its_own_unless_the_package_has_it() {
        let plain = plan("/w");
        let manifest =
            plain.with_runtime(b"[package]\nname = \"a\"\n\n[dependencies]\nx = \"1\"".to_vec());
        let text = String::from_utf8_lossy(&manifest);
        assert!(
            text.starts_with("[package]\nname = \"a\"\n\n[dependencies]\nx = \"1\"\n\n[dependencies.symtest-runtime]\n"),
            "{text}"
        );
        let with = Plan {
            has_runtime: true,
            ..plan("/w")
        };
        assert_eq!(with.with_runtime(b"[package]\n".to_vec()), b"[package]\n");
    }
}
