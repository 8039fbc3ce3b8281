//! `#[symtest]` on an associated function of an impl block that is not annotated: an `impl`
//! holds no `#[test]`, so the function's entry is a constructor run before `main`, which lists
//! the entry when the binary lists its tests and runs the search when `cargo symtest` names it.

use std::path::PathBuf;
use std::process::Command;

use symtest_runtime::symtest;

#[derive(Debug)]
pub struct Meter(pub u32);

impl Meter {
    /// Twice the reading, unless it is off the scale.
    #[symtest]
    pub fn doubled(reading: u32) -> Option<u32> {
        if reading > 9000 {
            return None;
        }
        Some(reading * 2)
    }

    /// A meter that starts at `offset`, or at zero past 100.
    #[symtest]
    pub fn calibrated(offset: u8) -> Self {
        if offset > 100 {
            return Meter(0);
        }
        Meter(u32::from(offset))
    }
}

const ENTRY: &str = "__symtest_entry_Meter__doubled";

fn this_binary() -> Command {
    Command::new(std::env::current_exe().unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn the_entry_is_listed_among_the_tests_only_when_cargo_symtest_lists_them() {
    let listed = |list: bool| {
        let mut command = this_binary();
        command.args(["--list", "--format", "terse"]);
        if list {
            command.env("SYMTEST_LIST", "1");
        }
        let output = command.output().unwrap_or_else(|e| panic!("{e}"));
        assert!(output.status.success());
        String::from_utf8_lossy(&output.stdout).contains(&format!("{ENTRY}: test"))
    };
    assert!(listed(true));
    assert!(!listed(false), "an ordinary test run does not see it");
}

/// The JSON lines the search of `entry` writes, run as `cargo symtest` runs it.
fn search(entry: &str) -> Vec<serde_json::Value> {
    let out = PathBuf::from(std::env::var_os("CARGO_TARGET_TMPDIR").unwrap_or_default())
        .join(format!("{entry}-{}.jsonl", std::process::id()));
    let output = this_binary()
        .args([entry, "--exact"])
        .env("SYMTEST_ENTRY", entry)
        .env("SYMTEST_OUT", &out)
        .env("SYMTEST_SEED", "7")
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let lines = std::fs::read_to_string(&out).unwrap_or_else(|e| panic!("{e}"));
    std::fs::remove_file(&out).ok();
    assert!(output.status.success(), "{output:?}");
    assert!(
        !String::from_utf8_lossy(&output.stdout).contains("running"),
        "the harness never started: {output:?}"
    );
    let lines: Vec<serde_json::Value> = lines
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    assert_eq!(lines[0]["type"], "function");
    lines
}

#[test]
fn the_named_entry_searches_the_function_and_ends_the_process_before_the_harness() {
    let lines = search(ENTRY);
    assert_eq!(lines[0]["name"], "Meter::doubled");
    let done = lines.last().unwrap_or_else(|| panic!("no lines"));
    assert_eq!(done["type"], "done", "{done}");
    let covered = done["covered"].as_array().cloned().unwrap_or_default();
    for branch in [serde_json::json!([0, 0]), serde_json::json!([0, 1])] {
        assert!(
            covered.contains(&branch),
            "both branches of `reading > 9000`: {done}"
        );
    }
}

/// Tests name the type where the signature says `Self`: they are not inside the impl.
#[test]
fn a_function_returning_self_is_told_as_returning_its_type() {
    let lines = search("__symtest_entry_Meter__calibrated");
    assert_eq!(lines[0]["name"], "Meter::calibrated");
    assert_eq!(lines[0]["returns"], "Meter");
}
