//! Trying the generated tests before any is written: in the copy of the workspace ([`Copy`]),
//! build the packages' unit tests with the new files, for [`crate::rejected`] to read which
//! tests rustc rejects, and run them, marking the ones that fail `#[ignore = "…"]` in the new
//! files ([`quarantine`]). The user's files are not touched here.

use std::collections::BTreeMap;
use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};
use cargo_metadata::diagnostic::{Diagnostic, DiagnosticLevel};
use cargo_metadata::{Message, Metadata, Package, TargetKind};

use crate::Verdict;
use crate::cargo;
use crate::console;
use crate::copy::Copy;
use crate::options::FeatureOptions;
use crate::process;
use crate::quarantine;

/// New contents of every file that gets tests: `path → (old, new)`. The write step renders
/// them; the trial builds and runs them in the copy and marks failing tests in them.
pub type Changes = BTreeMap<PathBuf, (String, String)>;

/// Rounds of running the generated tests and marking the failed ones `#[ignore]`.
const TEST_ROUNDS: usize = 3;

/// The copy, and what to build in it.
#[derive(Debug)]
pub struct Trial {
    copy: Copy,
    /// Per package, the cargo arguments that select its unit tests in the copy.
    selections: Vec<Vec<String>>,
}

impl Trial {
    /// Brings the copy of the workspace up to date, for building `packages` with `features`.
    pub fn start(
        metadata: &Metadata,
        packages: &[&Package],
        features: &FeatureOptions,
    ) -> Result<Trial> {
        let copy = Copy::sync(
            metadata.workspace_root.as_std_path(),
            &cargo::symtest_target_dir(metadata),
            metadata.target_directory.as_std_path(),
        )?;
        let selections = packages
            .iter()
            .map(|package| {
                let manifest = copy
                    .path_of(package.manifest_path.as_std_path())
                    .context("a package outside its workspace")?;
                Ok(selection(package, &manifest, &copy.target_dir, features))
            })
            .collect::<Result<_>>()?;
        process::check_interrupted()?;
        Ok(Trial { copy, selections })
    }

    /// Where the copy is, for messages.
    pub fn root(&self) -> &Path {
        &self.copy.root
    }

    /// The file of the workspace that a file name in a compiler message stands for.
    pub fn original_of(&self, file_name: &str) -> Option<PathBuf> {
        self.copy.original_of(&self.copy.root.join(file_name))
    }

    /// Builds the unit tests with the new contents of `changes`; rustc's errors, none when they
    /// compiled. A build that fails without any (a build script, a manifest) is an error.
    pub fn compile(&self, changes: &Changes) -> Result<Vec<Diagnostic>> {
        self.put(changes)?;
        let mut errors = Vec::new();
        for selection in &self.selections {
            let mut command = self.cargo(["test", "--no-run", "--message-format=json"]);
            command.args(selection);
            let output = process::output(&mut command).context("cannot run cargo")?;
            process::check_interrupted()?;
            let found = compiler_errors(&output.stdout);
            if !output.status.success() && found.is_empty() {
                bail!(
                    "cannot build the generated tests in the copy of the workspace ({}):\n{}",
                    console::display_path(&self.copy.root),
                    String::from_utf8_lossy(&output.stderr).trim_end()
                );
            }
            errors.extend(found);
        }
        Ok(errors)
    }

    /// Runs the generated tests, as `cargo test` will. Tests that fail are marked
    /// `#[ignore = "…"]` in the new contents of `changes` and the tests run again, so none that
    /// fails is written; the verdict is still a failure, with the tests named.
    pub fn run_tests(&self, changes: &mut Changes) -> Result<Verdict> {
        let mut ignored: Vec<String> = Vec::new();
        for _ in 0..TEST_ROUNDS {
            self.put(changes)?;
            let (mut stdout, mut stderr, mut passed) = (String::new(), String::new(), true);
            for selection in &self.selections {
                let mut command = self.cargo(["test", "--quiet"]);
                command.args(selection).args(["--", "symtest_tests::"]);
                let output = process::output(&mut command).context("cannot run cargo test")?;
                process::check_interrupted()?;
                passed &= output.status.success();
                stdout.push_str(&String::from_utf8_lossy(&output.stdout));
                stderr.push_str(&String::from_utf8_lossy(&output.stderr));
            }
            // Cargo's and the tests' output is shown only when a test fails: the crate's own
            // compiler warnings are not news when everything passes. Stdout stays reserved for
            // the summary (and `--json`).
            if passed {
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
            console::verbatim(&stdout);
            console::verbatim(&stderr);
            let failed = quarantine::failed_tests(&stdout);
            let mut marked = false;
            for name in &failed {
                for (_, new) in changes.values_mut() {
                    if let Some(text) = quarantine::mark_ignored(new, name) {
                        *new = text;
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

    /// Puts the new contents of `changes` in the copy.
    fn put(&self, changes: &Changes) -> Result<()> {
        for (path, (_, new)) in changes {
            self.copy.put(path, new)?;
        }
        Ok(())
    }

    /// A cargo command in the copy (its configuration applies), in a normal build.
    fn cargo<const N: usize>(&self, args: [&str; N]) -> Command {
        let mut command = Command::new(cargo::cargo());
        command
            .args(args)
            .current_dir(&self.copy.root)
            .env_remove("SYMTEST_INSTRUMENT");
        command
    }
}

/// The arguments that select `package`'s unit tests — of its library and binaries, where the
/// generated tests live — in the copy whose manifest of it is `manifest`.
fn selection(
    package: &Package,
    manifest: &Path,
    target_dir: &Path,
    features: &FeatureOptions,
) -> Vec<String> {
    let mut args = vec![
        "--manifest-path".to_string(),
        manifest.display().to_string(),
        "-p".to_string(),
        format!("{}@{}", package.name, package.version),
        "--target-dir".to_string(),
        target_dir.display().to_string(),
    ];
    let has = |kind: TargetKind| package.targets.iter().any(|t| t.kind.contains(&kind));
    if has(TargetKind::Lib) {
        args.push("--lib".to_string());
    }
    if has(TargetKind::Bin) {
        args.push("--bins".to_string());
    }
    args.extend(features.cargo_args());
    args
}

/// The errors among cargo's JSON messages.
fn compiler_errors(stdout: &[u8]) -> Vec<Diagnostic> {
    Message::parse_stream(Cursor::new(stdout))
        .filter_map(|message| match message {
            Ok(Message::CompilerMessage(message)) => Some(message.message),
            _ => None,
        })
        .filter(|diagnostic| {
            matches!(
                diagnostic.level,
                DiagnosticLevel::Error | DiagnosticLevel::Ice
            ) && !diagnostic.spans.is_empty()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A package as `cargo metadata` describes it, with targets of these kinds.
    fn package(kinds: &[&str]) -> Package {
        let targets: Vec<serde_json::Value> = kinds
            .iter()
            .map(|kind| {
                serde_json::json!({"kind": [kind], "crate_types": [kind], "name": "demo",
                    "src_path": "/w/member/src/lib.rs", "edition": "2021", "doctest": true,
                    "test": true})
            })
            .collect();
        serde_json::from_value(serde_json::json!({
            "name": "demo", "version": "0.2.0", "id": "path+file:///w/member#demo@0.2.0",
            "source": null, "dependencies": [], "license": null, "license_file": null,
            "targets": targets, "features": {}, "manifest_path": "/w/member/Cargo.toml",
            "readme": null, "repository": null, "homepage": null, "documentation": null,
            "edition": "2021", "links": null, "publish": null, "default_run": null,
        }))
        .unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn a_packages_unit_tests_are_selected_in_the_copy_with_its_features() {
        let features = FeatureOptions {
            features: vec!["extra".into()],
            ..FeatureOptions::default()
        };
        let args = selection(
            &package(&["lib", "bin"]),
            Path::new("/c/member/Cargo.toml"),
            Path::new("/t"),
            &features,
        );
        assert_eq!(
            args,
            [
                "--manifest-path",
                "/c/member/Cargo.toml",
                "-p",
                "demo@0.2.0",
                "--target-dir",
                "/t",
                "--lib",
                "--bins",
                "--features",
                "extra"
            ]
        );
        let binary_only = selection(
            &package(&["bin"]),
            Path::new("/c/Cargo.toml"),
            Path::new("/t"),
            &FeatureOptions::default(),
        );
        assert_eq!(binary_only.last().map(String::as_str), Some("--bins"));
    }

    #[test]
    fn only_errors_with_a_place_are_read_from_cargos_messages() {
        let span = r#"{"file_name":"src/lib.rs","byte_start":0,"byte_end":1,"line_start":3,"line_end":3,"column_start":1,"column_end":2,"is_primary":true,"text":[],"label":null,"suggested_replacement":null,"suggestion_applicability":null,"expansion":null}"#;
        let message = |level: &str, spans: &str| {
            format!(
                r#"{{"reason":"compiler-message","package_id":"path+file:///w#demo@0.1.0","manifest_path":"/w/Cargo.toml","target":{{"kind":["lib"],"crate_types":["lib"],"name":"demo","src_path":"/w/src/lib.rs","edition":"2021","doctest":true,"test":true}},"message":{{"message":"m","code":null,"level":"{level}","spans":[{spans}],"children":[],"rendered":"{level}: m\n"}}}}"#
            )
        };
        let stdout = [
            message("error", span),
            message("warning", span),
            // `aborting due to 1 previous error`
            message("error", ""),
            r#"{"reason":"build-finished","success":false}"#.to_string(),
            "not json".to_string(),
        ]
        .join("\n");
        let errors = compiler_errors(stdout.as_bytes());
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].spans[0].line_start, 3);
    }
}
