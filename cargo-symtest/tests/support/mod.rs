//! What the end-to-end tests share: fixtures copied into temporary directories, one target
//! directory for all of them, and helpers to run `cargo-symtest` and read what it printed.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

pub const BIN: &str = env!("CARGO_BIN_EXE_cargo-symtest");

pub fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(Path::to_path_buf)
        .unwrap_or_default()
}

pub fn shared_target() -> PathBuf {
    repo().join("target").join("e2e")
}

/// A crate copied into a temporary directory, its `symtest-runtime` dependency pointed at
/// this repository and its package renamed.
pub struct Fixture {
    _dir: tempfile::TempDir,
    pub root: PathBuf,
}

impl Fixture {
    pub fn new(source: &str, name: &str) -> Fixture {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
        let root = dir.path().join(name);
        copy_dir(&repo().join(source), &root);
        let manifest = std::fs::read_to_string(root.join("Cargo.toml")).unwrap_or_default();
        let runtime = repo().join("symtest-runtime").display().to_string();
        let manifest: String = manifest
            .lines()
            .map(|line| {
                if line.starts_with("name = ") {
                    format!("name = \"{name}\"")
                } else if line.starts_with("symtest-runtime") {
                    format!("symtest-runtime = {{ path = \"{runtime}\" }}")
                } else {
                    line.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n");
        let manifest = if manifest.contains("[workspace]") {
            manifest
        } else {
            format!("{manifest}\n\n[workspace]\n")
        };
        write(&root.join("Cargo.toml"), &manifest);
        Fixture { _dir: dir, root }
    }

    pub fn symtest(&self, args: &[&str]) -> Output {
        Command::new(BIN)
            .arg("symtest")
            .args(args)
            .current_dir(&self.root)
            .env("CARGO_TARGET_DIR", shared_target())
            .env("NO_COLOR", "1")
            .output()
            .unwrap_or_else(|e| panic!("cannot run cargo-symtest: {e}"))
    }

    /// `cargo` with `args` in the fixture, in the shared target directory.
    pub fn cargo(&self, args: &[&str]) -> Output {
        Command::new("cargo")
            .args(args)
            .current_dir(&self.root)
            .env("CARGO_TARGET_DIR", shared_target())
            .output()
            .unwrap_or_else(|e| panic!("cannot run cargo {}: {e}", args.join(" ")))
    }

    /// Runs the fixture's tests in a build of its own (the crate as it is, not instrumented)
    /// and checks that each test of `lib` (the fixture's `src/lib.rs`, or all its sources
    /// together) passed.
    pub fn assert_written_tests_pass(&self, lib: &str) {
        let test = self.cargo(&["test", "--quiet"]);
        assert_success(&test);
        let passed = text(&test.stdout);
        let written = lib.matches("#[test]").count();
        assert!(
            passed.contains(&format!("test result: ok. {written} passed")),
            "{passed}"
        );
    }

    /// Runs `cargo symtest --allow-dirty --json` on an example every item of which builds:
    /// asserts that it succeeds, skipping nothing and with no test rustc rejected, and that
    /// the tests it writes are the ones committed (the recorded seeds reproduce them); returns
    /// the summary and the written file.
    pub fn search_example(&self) -> (Value, String) {
        let committed = self.lib();
        let output = self.symtest(&["--allow-dirty", "--json"]);
        assert_success(&output);
        let summary = summary(&output);
        for list in ["skipped", "rejected"] {
            let items = listed(&summary, list);
            assert!(items.is_empty(), "{list}: {items:#?}");
        }
        let lib = self.lib();
        assert_eq!(
            lib, committed,
            "the committed tests are not what the recorded seed generates"
        );
        (summary, lib)
    }

    pub fn lib(&self) -> String {
        std::fs::read_to_string(self.root.join("src/lib.rs")).unwrap_or_default()
    }

    /// A file of the fixture's copy, by its path from the package root; empty when missing.
    pub fn file(&self, path: &str) -> String {
        std::fs::read_to_string(self.root.join(path)).unwrap_or_default()
    }

    pub fn git(&self, args: &[&str]) {
        let status = Command::new("git")
            .args(args)
            .current_dir(&self.root)
            .env("GIT_AUTHOR_NAME", "t")
            .env("GIT_AUTHOR_EMAIL", "t@example.com")
            .env("GIT_COMMITTER_NAME", "t")
            .env("GIT_COMMITTER_EMAIL", "t@example.com")
            .status()
            .unwrap_or_else(|e| panic!("git: {e}"));
        assert!(status.success(), "git {args:?}");
    }

    /// What `git status` shows changed in the fixture, a line each; a `Cargo.lock` that cargo
    /// wrote into a crate that had none is left out.
    pub fn changed(&self) -> Vec<String> {
        let status = Command::new("git")
            .args(["status", "--porcelain", "--untracked-files=all"])
            .current_dir(&self.root)
            .output()
            .unwrap_or_else(|e| panic!("git: {e}"));
        text(&status.stdout)
            .lines()
            .filter(|line| *line != "?? Cargo.lock")
            .map(str::to_string)
            .collect()
    }

    pub fn commit_all(&self) {
        if !self.root.join(".git").exists() {
            self.git(&["init", "-q"]);
        }
        self.git(&["add", "-A"]);
        self.git(&["commit", "-q", "-m", "snapshot"]);
    }
}

pub fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap_or_else(|e| panic!("mkdir {}: {e}", to.display()));
    for entry in std::fs::read_dir(from)
        .unwrap_or_else(|e| panic!("read {}: {e}", from.display()))
        .flatten()
    {
        let path = entry.path();
        let name = entry.file_name();
        if name == "target" {
            continue;
        }
        if path.is_dir() {
            copy_dir(&path, &to.join(name));
        } else {
            std::fs::copy(&path, to.join(name))
                .unwrap_or_else(|e| panic!("copy {}: {e}", path.display()));
        }
    }
}

pub fn write(path: &Path, text: &str) {
    std::fs::write(path, text).unwrap_or_else(|e| panic!("write {}: {e}", path.display()));
}

pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

pub fn summary(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}):\n{}\nstderr:\n{}",
            text(&output.stdout),
            text(&output.stderr)
        )
    })
}

/// The summary's list under `key` (`skipped`, `rejected`, `functions`); empty where it has none.
pub fn listed(summary: &Value, key: &str) -> Vec<Value> {
    summary[key].as_array().cloned().unwrap_or_default()
}

/// The summary's entry of the function whose path ends with `name` (`Null` when none does).
pub fn function(summary: &Value, name: &str) -> Value {
    summary["functions"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|f| f["path"].as_str().is_some_and(|p| p.ends_with(name)))
        .cloned()
        .unwrap_or_default()
}

pub fn assert_success(output: &Output) {
    assert!(
        output.status.success(),
        "exit {:?}\nstdout:\n{}\nstderr:\n{}",
        output.status,
        text(&output.stdout),
        text(&output.stderr)
    );
}

/// Command lines of the running processes that mention every one of `needles` (the test's
/// own aside).
#[cfg(target_os = "linux")]
pub fn processes_mentioning(needles: &[&str]) -> Vec<String> {
    let own = std::process::id().to_string();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .flatten()
        .filter(|entry| entry.file_name().to_string_lossy().parse::<u32>().is_ok())
        .filter(|entry| entry.file_name().to_string_lossy() != own)
        .filter_map(|entry| std::fs::read(entry.path().join("cmdline")).ok())
        .map(|bytes| text(&bytes).replace('\0', " "))
        .filter(|cmdline| needles.iter().all(|needle| cmdline.contains(needle)))
        .collect()
}

#[cfg(target_os = "linux")]
/// Runs `cargo symtest ARGS` on the fixture, sends `signal` to its pid alone once stderr has
/// shown `marker` and a process mentioning all of `running` exists (if any are given), and
/// returns its exit code and stderr.
pub fn interrupted(
    fixture: &Fixture,
    args: &[&str],
    env: (&str, &str),
    marker: &str,
    running: &[&str],
    signal: &str,
) -> (Option<i32>, String) {
    use std::io::BufRead;
    let mut child = Command::new(BIN)
        .arg("symtest")
        .args(args)
        .current_dir(&fixture.root)
        .env("CARGO_TARGET_DIR", shared_target())
        .env("NO_COLOR", "1")
        .env(env.0, env.1)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot run cargo-symtest: {e}"));
    let stderr = child.stderr.take().unwrap_or_else(|| panic!("no stderr"));
    let (sender, lines) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
        {
            let _ = sender.send(line);
        }
    });
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
    let mut seen = String::new();
    while !seen.contains(marker) {
        let wait = deadline.saturating_duration_since(std::time::Instant::now());
        match lines.recv_timeout(wait) {
            Ok(line) => seen.push_str(&(line + "\n")),
            Err(_) => panic!("`{marker}` never came:\n{seen}"),
        }
    }
    while !running.is_empty() && processes_mentioning(running).is_empty() {
        assert!(
            std::time::Instant::now() < deadline,
            "{running:?} never ran:\n{seen}"
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let pid = child.id().to_string();
    let status = Command::new("kill")
        .args([signal, &pid])
        .status()
        .unwrap_or_else(|e| panic!("kill: {e}"));
    assert!(status.success());
    let code = child.wait().map(|status| status.code()).unwrap_or(None);
    seen.extend(lines.iter().map(|line| line + "\n"));
    (code, seen)
}
