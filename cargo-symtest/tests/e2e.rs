//! End to end: the real `cargo-symtest` binary on real crates — the examples and the fixtures
//! in `tests/fixtures` — copied into temporary directories. All runs share one target
//! directory (`target/e2e`), so dependencies are built once; copies get unique package names.

mod support;

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

use support::*;

/// Branches of the examples no input can take (see tests/instrumented/tests/search.rs).
const INFEASIBLE: &[(&str, usize)] = &[("day_of_year", 1)];

#[test]
fn examples_get_passing_tests_covering_every_feasible_branch_and_a_second_run_changes_nothing() {
    for example in [
        "triangle", "calendar", "checksum", "dse", "floats", "types", "objects",
    ] {
        let fixture = Fixture::new(
            &format!("examples/{example}"),
            &format!("e2e-example-{example}"),
        );
        let committed = fixture.lib();
        let output = fixture.symtest(&["--allow-dirty", "--json"]);
        assert_success(&output);
        for function in summary(&output)["functions"]
            .as_array()
            .into_iter()
            .flatten()
        {
            let path = function["path"].as_str().unwrap_or_default();
            let infeasible = INFEASIBLE
                .iter()
                .find(|(name, _)| path.ends_with(name))
                .map_or(0, |(_, n)| *n);
            let (branches, covered) = (function["branches"].as_u64(), function["covered"].as_u64());
            assert_eq!(
                covered,
                branches.map(|b| b - infeasible as u64),
                "{path}: {function}"
            );
            assert!(function["tests"].as_u64() > Some(0), "{path}");
        }
        let first = fixture.lib();
        assert_eq!(
            first, committed,
            "{example}: the committed tests are not what the recorded seed generates"
        );
        assert_success(&fixture.symtest(&["--allow-dirty"]));
        assert_eq!(
            fixture.lib(),
            first,
            "{example}: a second run changed the tests"
        );
    }
}

#[test]
fn the_same_seed_gives_byte_identical_tests_and_check_catches_a_source_change() {
    let one = Fixture::new("examples/triangle", "e2e-seed-one");
    let two = Fixture::new("examples/triangle", "e2e-seed-two");
    assert_success(&one.symtest(&["--allow-dirty", "--seed", "5"]));
    assert_success(&two.symtest(&["--allow-dirty", "--seed", "5"]));
    assert_eq!(one.lib(), two.lib());
    assert!(one.lib().contains("seed=5"));

    let check = one.symtest(&["--check"]);
    assert_success(&check);
    let source = one.lib().replace(
        "return Triangle::Invalid;\n    }\n    let (a, b, c)",
        "return Triangle::Scalene;\n    }\n    let (a, b, c)",
    );
    assert_ne!(source, one.lib(), "the fixture edit must apply");
    write(&one.root.join("src/lib.rs"), &source);
    let check = one.symtest(&["--check"]);
    assert_eq!(
        check.status.code(),
        Some(1),
        "stderr:\n{}",
        text(&check.stderr)
    );
    assert!(
        text(&check.stderr).contains("differ"),
        "{}",
        text(&check.stderr)
    );
    assert_eq!(one.lib(), source, "--check must not write");
}

/// Each function's path without its crate, with its branches, covered branches and tests.
fn functions(output: &Output) -> Vec<(String, Value, Value, Value)> {
    let summary = summary(output);
    let mut functions: Vec<(String, Value, Value, Value)> = summary["functions"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|f| {
            let path = f["path"].as_str().unwrap_or_default();
            let name = path.split_once("::").map_or(path, |(_, name)| name);
            let counts = [&f["branches"], &f["covered"], &f["tests"]];
            let [branches, covered, tests] = counts.map(Value::clone);
            (name.to_string(), branches, covered, tests)
        })
        .collect();
    functions.sort_by(|a, b| a.0.cmp(&b.0));
    functions
}

#[test]
fn three_shards_applied_write_the_same_bytes_as_one_whole_run_with_the_same_seed() {
    let sharded = Fixture::new("examples/calendar", "e2e-shard-three");
    let whole = Fixture::new("examples/calendar", "e2e-shard-whole");
    let committed = sharded.lib();
    // As on CI machines: each shard saves into its own directory, outside the crate.
    let dirs: Vec<String> = (1..=3)
        .map(|k| {
            let parent = sharded.root.parent().unwrap_or(&sharded.root);
            parent.join(format!("shard-{k}")).display().to_string()
        })
        .collect();
    let mut searched = Vec::new();
    for (k, dir) in dirs.iter().enumerate() {
        let shard = format!("{}/3", k + 1);
        let output = sharded.symtest(&[
            "--shard",
            &shard,
            "--seed",
            "5",
            "--shard-dir",
            dir,
            "--json",
        ]);
        assert_success(&output);
        assert!(
            Path::new(dir)
                .join(format!("shard-{}-of-3.jsonl", k + 1))
                .is_file(),
            "{}",
            text(&output.stderr)
        );
        searched.extend(functions(&output));
    }
    assert_eq!(sharded.lib(), committed, "shard runs write no source");
    assert_eq!(
        searched.len(),
        4,
        "every function in one shard: {searched:?}"
    );

    let incomplete = sharded.symtest(&["apply", "--allow-dirty", &dirs[0], &dirs[2]]);
    let stderr = text(&incomplete.stderr);
    assert_eq!(incomplete.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("shard 2/3 is missing, with "), "{stderr}");
    assert_eq!(
        sharded.lib(),
        committed,
        "nothing written from incomplete shards"
    );

    let applied = sharded.symtest(&[
        "apply",
        "--allow-dirty",
        "--json",
        &dirs[0],
        &dirs[1],
        &dirs[2],
    ]);
    assert_success(&applied);
    let unsharded = whole.symtest(&["--allow-dirty", "--json", "--seed", "5"]);
    assert_success(&unsharded);
    assert!(whole.lib().contains("seed=5") && whole.lib() != committed);
    assert_eq!(
        sharded.lib(),
        whole.lib(),
        "apply wrote what a whole run with the same seed writes"
    );
    searched.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(functions(&applied), functions(&unsharded));
    assert_eq!(functions(&applied), searched);
    assert_eq!(summary(&applied)["seed"], 5);
}

#[test]
fn a_dirty_tree_or_missing_version_control_is_refused() {
    let fixture = Fixture::new("examples/triangle", "e2e-dirty");
    let output = fixture.symtest(&[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("no version control"),
        "{}",
        text(&output.stderr)
    );
    fixture.commit_all();
    write(
        &fixture.root.join("src/lib.rs"),
        &(fixture.lib() + "\n// an edit\n"),
    );
    let before = fixture.lib();
    let output = fixture.symtest(&[]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        text(&output.stderr).contains("uncommitted changes"),
        "{}",
        text(&output.stderr)
    );
    assert_eq!(fixture.lib(), before);
}

#[test]
fn a_successful_builds_warnings_go_to_the_build_log_and_progress_is_plain_lines_on_stderr() {
    let fixture = Fixture::new("examples/triangle", "e2e-warnings");
    write(
        &fixture.root.join("src/lib.rs"),
        &(fixture.lib() + "\nfn unused_helper() {}\n"),
    );
    let output = fixture.symtest(&["--dry-run"]);
    assert_success(&output);
    let stderr = text(&output.stderr);
    let log = shared_target().join("symtest/build-e2e-warnings.log");
    assert!(!stderr.contains("never used"), "{stderr}");
    assert!(
        stderr.contains("       Built e2e-warnings in ")
            && stderr.contains(&format!("(1 warning in the build log: {})", log.display())),
        "{stderr}"
    );
    let logged = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(
        logged.contains("function `unused_helper` is never used"),
        "{logged}"
    );
    for line in [
        "   Compiling e2e-warnings with symtest instrumentation\n",
        "   Searching e2e_warnings::classify\n",
        "    Searched e2e_warnings::classify: ",
    ] {
        assert!(stderr.contains(line), "`{line}` in:\n{stderr}");
    }
    assert!(
        !stderr.contains(['\x1b', '\r']),
        "no terminal codes: {stderr:?}"
    );
    let stdout = text(&output.stdout);
    assert!(stdout.contains("fn classify_returns_"), "{stdout}");
    assert!(
        !stdout.contains("Searched"),
        "progress stays off stdout: {stdout}"
    );
}

#[test]
fn panics_endless_loops_hangs_stack_overflows_aborts_and_failed_allocations_are_survived() {
    let fixture = Fixture::new("tests/fixtures/crashes", "e2e-crashes");
    let original = fixture.lib();
    let output = fixture.symtest(&[
        "--allow-dirty",
        "--json",
        "--budget-secs",
        "2",
        "--seed",
        "3",
    ]);
    let stderr = text(&output.stderr);
    assert_success(&output);
    let summary = summary(&output);
    let by_name = |name: &str| function(&summary, name);
    assert_eq!(by_name("sign")["covered"], 4, "{stderr}");
    assert!(stderr.contains("overflowed its stack"), "{stderr}");
    assert!(stderr.contains("SIGABRT"), "{stderr}");
    assert!(stderr.contains("running out of time"), "{stderr}");
    assert!(stderr.contains("step budget"), "{stderr}");
    let lib = fixture.lib();
    assert!(complete_generation(&original, &lib), "{lib}");
    assert!(lib.contains("#[should_panic(expected = \""), "{lib}");
    assert!(lib.contains("fn sign_returns_1()"), "{lib}");
    for name in ["hangs", "recurses", "aborts", "exits"] {
        assert!(
            by_name(name)["tests"].as_u64() > Some(0),
            "{name} kept its inputs: {stderr}"
        );
    }
    // Each crashing input is named, kept as an ignored reproducer, and the search goes on:
    // every branch but the crashing ones is covered by a written test.
    for (call, how) in [
        ("aborts(77)", "was killed by signal 6 (SIGABRT"),
        ("recurses(-7)", "overflowed its stack"),
        ("exits(3)", "exited with code 3"),
        ("exits(30)", "exited with code 0"),
    ] {
        assert!(
            stderr.contains(&format!("{call} crashed the process: it {how}")),
            "{call}: {stderr}"
        );
        let reproducer = format!("#[ignore = \"aborts: the process {how}");
        let test = lib
            .split("#[test]")
            .find(|test| test.contains(&format!("let _ = {call};")))
            .unwrap_or_else(|| panic!("no test of {call}:\n{lib}"));
        assert!(test.contains(&reproducer), "{call}: {test}");
    }
    // Mutants of `x == -7` call the overflowing recursion for other inputs: those crashes
    // are the mutants', never written as the program's.
    let recursing: Vec<&str> = stderr
        .lines()
        .filter(|line| line.contains("recurses(") && line.contains("crashed the process"))
        .collect();
    assert_eq!(recursing.len(), 1, "{recursing:#?}");
    assert_eq!(by_name("aborts")["covered"], 1, "{stderr}");
    assert_eq!(by_name("exits")["covered"], 2, "{stderr}");
    // Every input but (0, 0) asks for petabytes: the search tries zero first, so it gets a test.
    assert_eq!(by_name("reserves")["covered"], 1, "{stderr}");
    assert!(lib.contains("assert_eq!(reserves(0, 0), None);"), "{lib}");
    let out_of_memory = "crashed the process: it ran out of memory (memory allocation of ";
    assert!(
        stderr
            .lines()
            .any(|line| line.contains("reserves(") && line.contains(out_of_memory)),
        "{stderr}"
    );
    assert!(
        lib.contains("#[ignore = \"aborts: the process ran out of memory (memory allocation of "),
        "{lib}"
    );
    // A loop counting past any budget for every input but 0: the step budget ends each run.
    assert_eq!(by_name("counts")["covered"], 1, "{stderr}");
    assert!(lib.contains("assert_eq!(counts(0), 0);"), "{lib}");
    assert!(
        stderr
            .lines()
            .any(|line| line.contains("counts(") && line.contains("ran past the step budget")),
        "{stderr}"
    );
    // The branch only the hanging input reached is not counted: no test covers it.
    assert_eq!(by_name("hangs")["covered"], 1, "{stderr}");
    generated_tests_pass(&fixture, 20).unwrap_or_else(|failure| panic!("{failure}\n{lib}"));
}

/// A syntax error in a function marked `#[symtest]`, next to a function without one.
const SYNTAX_ERROR: &str = "use symtest_runtime::symtest;

#[symtest]
pub fn half(x: i32) -> i32 {
    if x > 0 { x / 2 } else { x + }
}

#[symtest]
pub fn double(x: i32) -> i32 {
    x * 2
}
";

#[test]
fn mistakes_a_user_can_make_get_messages_not_panics() {
    let empty = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let syntax = Fixture::new("tests/fixtures/plain", "e2e-syntax");
    write(&syntax.root.join("src/lib.rs"), SYNTAX_ERROR);
    let cases: Vec<(Fixture, Vec<&str>, &str)> = vec![
        (
            Fixture::new("tests/fixtures/plain", "e2e-plain"),
            vec![],
            "no #[symtest] functions found",
        ),
        (
            Fixture::new("tests/fixtures/broken", "e2e-broken"),
            vec![],
            "could not build",
        ),
        (
            Fixture::new("tests/fixtures/plain", "e2e-unknown"),
            vec!["-p", "nope"],
            "package `nope` is not in this workspace",
        ),
        (
            Fixture::new("examples/triangle", "e2e-filter"),
            vec!["no_such_function"],
            "no #[symtest] function matches",
        ),
        (syntax, vec![], "expected expression, found `}`"),
    ];
    for (fixture, args, expected) in &cases {
        let mut args = args.clone();
        args.push("--allow-dirty");
        let before = fixture.lib();
        let output = fixture.symtest(&args);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(expected),
            "{args:?}: expected `{expected}` in:\n{stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
        assert_eq!(
            fixture.lib(),
            before,
            "{args:?}: the source must not change"
        );
    }
    let syntax = text(&cases[4].0.symtest(&["--allow-dirty"]).stderr);
    assert_eq!(
        syntax.matches("error: expected expression").count(),
        1,
        "the syntax error is shown once, as rustc reports it: {syntax}"
    );
    assert!(syntax.contains("could not build"), "{syntax}");
    let output = Command::new(BIN)
        .arg("symtest")
        .current_dir(empty.path())
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    let stderr = text(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot read the cargo project"), "{stderr}");
    let broken = text(&cases[1].0.symtest(&["--allow-dirty"]).stderr);
    assert!(
        broken.contains("cannot add"),
        "cargo's own errors are shown"
    );
    // Its items symtest cannot search (an unmarked parameter type, a generic function, a
    // trait impl, …) add no errors of their own to the crate's one: they are skipped.
    assert_eq!(broken.matches("error[").count(), 1, "{broken}");
    assert!(!broken.contains("#[symtest]"), "{broken}");
    assert!(
        !broken.contains("does not build optimised"),
        "errors in the source are not retried unoptimised: {broken}"
    );
    assert!(
        broken.contains("build-e2e-broken.log") && !broken.contains("Compiling symtest-runtime"),
        "only the errors and the log's path: {broken}"
    );
}

#[test]
fn module_files_two_levels_down_their_inline_modules_and_crlf_files_get_their_tests() {
    let fixture = Fixture::new("tests/fixtures/layout", "e2e-layout");
    let read = |path: &str| std::fs::read_to_string(fixture.root.join(path)).unwrap_or_default();
    let crlf = read("src/units/angle.rs").replace('\n', "\r\n");
    write(&fixture.root.join("src/units/angle.rs"), &crlf);
    let (lib, units, length) = (
        read("src/lib.rs"),
        read("src/units.rs"),
        read("src/units/length.rs"),
    );
    let output = fixture.symtest(&["--allow-dirty", "--json", "--seed", "5"]);
    assert_success(&output);
    let searched = functions(&output);
    let names: Vec<&str> = searched.iter().map(|f| f.0.as_str()).collect();
    assert_eq!(
        names,
        [
            "units::angle::quadrant",
            "units::length::centimetres",
            "units::length::imperial::feet"
        ]
    );
    for (name, branches, covered, tests) in &searched {
        assert_eq!(covered, branches, "{name}");
        assert!(tests.as_u64() > Some(0), "{name}");
    }
    assert_eq!(
        (read("src/lib.rs"), read("src/units.rs")),
        (lib, units),
        "nothing to write there"
    );
    let angle = read("src/units/angle.rs");
    assert!(
        angle.starts_with(&crlf) && angle.ends_with("// @end generated by `cargo symtest`\r\n"),
        "a complete generation after the user's code:\n{angle}"
    );
    assert_eq!(
        angle.matches('\n').count(),
        angle.matches("\r\n").count(),
        "CRLF throughout:\n{angle:?}"
    );
    assert!(angle.contains("fn quadrant_returns_4() {\r\n"), "{angle}");
    let written = read("src/units/length.rs");
    let inline = written
        .find("    // @generated by `cargo symtest`")
        .zip(written.find("\n    // @end generated by `cargo symtest`\n}\n"))
        .map(|(start, end)| &written[start..end]);
    assert!(
        inline.is_some_and(
            |region| region.contains("assert_eq!(feet(") && !region.contains("centimetres(")
        ),
        "feet's tests inside `mod imperial`:\n{written}"
    );
    assert!(
        written.starts_with(&length[..length.find("pub mod imperial").unwrap_or(0)])
            && written.contains("assert_eq!(centimetres(")
            && written
                .trim_end()
                .ends_with("// @end generated by `cargo symtest`"),
        "centimetres' tests at the end of the file:\n{written}"
    );
    generated_tests_pass(&fixture, 20).unwrap_or_else(|failure| panic!("{failure}"));
    assert_success(&fixture.symtest(&["--check"]));
}

/// The misbehaving fixtures as a new user runs them: default settings (a new seed, the 60 s
/// budget, so a hang costs the child's whole time limit) — minutes, so only on request:
/// `cargo test -p cargo-symtest --test e2e -- --ignored`.
#[test]
#[ignore = "slow: minutes; run with `cargo test -p cargo-symtest --test e2e -- --ignored`"]
fn the_fault_matrix_with_default_settings_writes_complete_files_whose_tests_pass() {
    // (fixture, exit code): `in_search_binary` of the flaky fixture fails in `cargo test`.
    for (source, code) in [("crashes", 0), ("flaky", 1), ("layout", 0)] {
        let name = format!("e2e-default-{source}");
        let fixture = Fixture::new(&format!("tests/fixtures/{source}"), &name);
        let original = fixture.lib();
        let output = fixture.symtest(&["--allow-dirty", "--json"]);
        let stderr = text(&output.stderr);
        assert_eq!(output.status.code(), Some(code), "{source}: {stderr}");
        // The failing test's own panic is shown; the tool itself must not panic.
        assert!(
            !stderr.contains("thread 'main' panicked"),
            "{source}: {stderr}"
        );
        let seed = &summary(&output)["seed"];
        let lib = fixture.lib();
        // The layout fixture's crate root declares modules only.
        assert!(
            source == "layout" || complete_generation(&original, &lib),
            "{source} (seed {seed}): not a complete generation:\n{lib}"
        );
        generated_tests_pass(&fixture, 20)
            .unwrap_or_else(|failure| panic!("{source} (seed {seed}): {failure}\n{lib}"));
    }
}

/// Whether `lib` is `original` followed by one complete generated module.
fn complete_generation(original: &str, lib: &str) -> bool {
    lib.starts_with(original)
        && lib[original.len()..]
            .matches("// @generated by `cargo symtest`")
            .count()
            == 1
        && lib
            .trim_end()
            .ends_with("// @end generated by `cargo symtest`")
}

/// `cargo test` of the fixture `runs` times in a row; the first failure's output, if any.
fn generated_tests_pass(fixture: &Fixture, runs: usize) -> Result<(), String> {
    for run in 1..=runs {
        let output = fixture.cargo(&["test", "--quiet", "--", "symtest_tests::"]);
        if !output.status.success() {
            return Err(format!(
                "run {run} of {runs} failed:\n{}\n{}",
                text(&output.stdout),
                text(&output.stderr)
            ));
        }
    }
    Ok(())
}

#[test]
fn results_that_differ_between_processes_are_not_asserted_and_failing_tests_are_ignored() {
    let fixture = Fixture::new("tests/fixtures/flaky", "e2e-flaky");
    let original = fixture.lib();
    let output = fixture.symtest(&["--allow-dirty", "--seed", "3", "--budget-secs", "5"]);
    let stderr = text(&output.stderr);
    let lib = fixture.lib();
    assert!(complete_generation(&original, &lib), "{lib}");
    // `in_search_binary` agrees in every run of the search binary and fails in `cargo test`:
    // only the final run of the written tests shows it, and the exit code says so.
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    // The list may name `clock_parity_panics` too (see below).
    let ignored = stderr
        .split("now marked #[ignore]: ")
        .nth(1)
        .and_then(|rest| rest.split(';').next())
        .unwrap_or_else(|| panic!("no ignored tests are listed:\n{stderr}"));
    assert!(
        ignored
            .split(", ")
            .any(|test| test == "in_search_binary_returns_true"),
        "{stderr}"
    );
    assert!(
        lib.contains(
            "#[ignore = \"flaky: failed when cargo symtest ran the generated tests\"]\n    \
             fn in_search_binary_returns_true()"
        ),
        "{lib}"
    );
    assert!(
        lib.contains(
            "// Not asserted: the result differed between runs.\n        let _ = counts_calls("
        ),
        "{lib}"
    );
    for call in ["first_in_set(101)", "address_in_page(1)"] {
        assert!(
            lib.contains(&format!(
                "// Not asserted: the result differed between runs.\n        let _ = {call};"
            )),
            "{call} is run, not asserted:\n{lib}"
        );
    }
    // `clock_parity` ends one way or the other by a coin flip per run. Once the runs of one
    // input ended differently, the clock's decision is known to be unsettled by the input:
    // no test that reaches it is written, however its own runs happened to end. Only the
    // small inputs' tests remain, covering `n > 10` false.
    let varied =
        stderr.contains("ended differently from run to run (") && stderr.contains("clock_parity(");
    if varied {
        for test in lib
            .split("#[test]")
            .filter(|test| test.contains("clock_parity("))
        {
            assert!(
                !test.contains("`nanos % 2 == 0`") && !test.contains("should_panic"),
                "a test that reaches the clock is written:\n{test}\n{stderr}"
            );
        }
        // Tests dropped for reaching it (when any input's own runs all ended alike) name it.
        for line in stderr.lines().filter(|line| line.contains(" reaches ")) {
            assert!(
                line.contains(") reaches line 36 `nanos % 2 == 0`, which clock_parity("),
                "{stderr}"
            );
        }
        assert!(
            lib.contains("// symtest: fn=clock_parity covered=1/4 "),
            "only what written tests cover is counted:\n{lib}"
        );
    }
    // Where every run of every input ended alike (for a fair coin, about one time in 256 per
    // input), a panicking test is written: the tool's final run or the 20 runs here show it.
    generated_tests_pass(&fixture, 20).unwrap_or_else(|failure| panic!("{failure}\n{lib}"));
    // The mark stays on the same test generated again: `--check` and a new run agree with the
    // file (of `in_search_binary`: what the search of `clock_parity` finds depends on the clock).
    let check = fixture.symtest(&["--check", "in_search_binary"]);
    assert_success(&check);
    let again = fixture.symtest(&["--allow-dirty", "in_search_binary"]);
    let stderr = text(&again.stderr);
    assert_success(&again);
    assert!(
        stderr.contains("in_search_binary_returns_true stays #[ignore]d: failed when an earlier"),
        "{stderr}"
    );
    assert_eq!(fixture.lib(), lib, "{stderr}");
}

// Looks for processes left behind in /proc.
#[cfg(target_os = "linux")]
#[test]
fn an_interrupt_in_any_phase_ends_every_child_and_leaves_no_file_behind() {
    // (phase, FIXTURE_SLOW, filter, stderr line to wait for, signal); the build script of the
    // fixture sleeps in the build FIXTURE_SLOW names, so a child left behind is still there.
    // The tests are built and run in a copy of the workspace before the file is written once.
    let phases = [
        ("build", "build", "double", "   Compiling ", "-INT"),
        ("search", "", "stalls", "   Searching ", "-TERM"),
        ("test", "test", "double", "     Testing ", "-INT"),
        ("test-term", "test", "double", "     Testing ", "-TERM"),
    ];
    for (phase, slow, filter, marker, signal) in phases {
        let name = format!("e2e-int-{phase}");
        let crate_name = name.replace('-', "_");
        let fixture = Fixture::new("tests/fixtures/slow", &name);
        fixture.commit_all();
        let original = fixture.lib();
        // Signalled while the process that makes the phase slow runs.
        let running: &[&str] = match phase {
            "build" | "test" | "test-term" => &[&name, "build-script-build"],
            "search" => &[&crate_name],
            _ => &[],
        };
        let (code, stderr) = interrupted(
            &fixture,
            &[filter, "--budget-secs", "60"],
            ("FIXTURE_SLOW", slow),
            marker,
            running,
            signal,
        );
        let expected = if signal == "-INT" { 130 } else { 143 };
        assert_eq!(code, Some(expected), "{phase}: {stderr}");
        assert!(
            stderr.contains("interrupted by signal") && !stderr.contains("generated tests failed"),
            "{phase}: {stderr}"
        );
        std::thread::sleep(std::time::Duration::from_millis(300));
        let left: Vec<String> = [&name, &crate_name]
            .iter()
            .flat_map(|needle| processes_mentioning(&[needle.as_str()]))
            .collect();
        assert!(left.is_empty(), "{phase}: still running: {left:#?}");
        let changed = fixture.changed();
        assert!(
            changed.is_empty() || changed == [" M src/lib.rs"],
            "{phase}: only src/lib.rs may change, no temporary file may stay:\n{changed:?}"
        );
        let lib = fixture.lib();
        assert!(
            lib == original
                || (lib.starts_with(&original)
                    && lib
                        .trim_end()
                        .ends_with("// @end generated by `cargo symtest`")),
            "{phase}: the source is neither unchanged nor a complete generation:\n{lib}"
        );
    }
}
