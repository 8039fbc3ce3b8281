//! `cargo symtest --auto` on a crate that knows nothing of symtest (`tests/fixtures/unmarked`:
//! no dependency, no attribute, two files, a trait impl and a private helper).

mod support;

use support::*;

use std::path::Path;

#[test]
fn auto_writes_plain_tests_into_a_crate_without_symtest_and_leaves_its_manifest_alone() {
    let fixture = Fixture::new("tests/fixtures/unmarked", "e2e-auto");
    fixture.commit_all();
    let manifest = std::fs::read(fixture.root.join("Cargo.toml")).unwrap_or_default();
    let plain = fixture.symtest(&["--seed", "1"]);
    assert_eq!(plain.status.code(), Some(2));
    assert!(
        text(&plain.stderr).contains("--auto"),
        "{}",
        text(&plain.stderr)
    );

    let run = fixture.symtest(&["--auto", "--json", "--seed", "1", "--jobs", "2"]);
    assert_success(&run);
    let stderr = text(&run.stderr);
    assert!(
        stderr.contains("Annotated 12 items (8 functions, 3 impl blocks, 1 structs, 0 enums)"),
        "{stderr}"
    );
    // An item whose full instrumentation does not compile is marked reduced, and the copy
    // built again; one whose reduced instrumentation does not compile either is left out.
    assert!(
        stderr.contains(
            "warning: `fn doubled` (src/lib.rs:91) is searched with reduced instrumentation"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains("Annotated 11 items (7 functions, 3 impl blocks, 1 structs, 0 enums)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("warning: left out `fn pick` (src/lib.rs:61): symtest's instrumentation"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read(fixture.root.join("Cargo.toml")).unwrap_or_default(),
        manifest,
        "the manifest is byte-identical"
    );
    let summary = summary(&run);
    // Every item of both files is searched and fully covered, the trait impl's method with
    // its type's sequences.
    for name in [
        "::grade",
        "::below_c",
        "::shapes::triangle",
        "::shapes::counter_for",
        "::Counter",
        "::inferred::doubled",
    ] {
        let function = function(&summary, name);
        let covered = function["covered"].as_u64();
        assert!(
            covered.is_some() && covered == function["branches"].as_u64(),
            "{name}: {function}"
        );
    }
    assert!(function(&summary, "::bare::pick").is_null(), "{summary}");
    // The searches ran in the copy: `touch` wrote nothing into the crate's tree.
    assert!(
        function(&summary, "::shapes::touch")["covered"] == 2,
        "{summary}"
    );
    assert_eq!(fixture.changed(), [" M src/lib.rs", " M src/shapes.rs"]);
    let lib = fixture.lib();
    let shapes = std::fs::read_to_string(fixture.root.join("src/shapes.rs")).unwrap_or_default();
    for source in [&lib, &shapes] {
        assert!(source.contains("mod symtest_tests {"), "{source}");
        assert!(
            !source.contains("symtest_runtime"),
            "plain test code:\n{source}"
        );
    }
    // The line numbers the tests name are the user's, though the copy was annotated.
    assert!(lib.contains("line 23 `score >= 60` true"), "{lib}");
    assert!(lib.contains("counter.to_string()"), "{lib}");
    // `shapes` does not import `Counter`: its tests compare the value's Debug text, where
    // the crate root's write its literal.
    assert!(
        lib.contains("let mut counter = Counter { count: 1, limit: 0 };"),
        "{lib}"
    );
    assert!(
        shapes.contains("format!(\"{:?}\", counter_for(")
            && shapes.contains("\"Counter { count: 0, limit: 4 }\""),
        "{shapes}"
    );
    assert!(
        summary["rejected"].as_array().is_none_or(Vec::is_empty),
        "{summary}"
    );
    // The written tests of `touch` write where `cargo test` runs them, as the function does.
    fixture.assert_written_tests_pass(&format!("{lib}{shapes}"));

    fixture.commit_all();
    let check = fixture.symtest(&["--auto", "--check"]);
    assert_success(&check);
    // The generated module, already in the files, is left out of the next instrumented build:
    // tests that no longer compile do not stop it.
    let stale = lib.replace("grade(101)", "grade(\"101\")");
    write(&fixture.root.join("src/lib.rs"), &stale);
    let check = fixture.symtest(&["--auto", "--check", "grade"]);
    assert_eq!(check.status.code(), Some(1), "{}", text(&check.stderr));
}

// Signals the process alone, and waits for its build script in /proc.
#[cfg(target_os = "linux")]
#[test]
fn an_interrupted_auto_run_leaves_the_tree_untouched() {
    let name = "e2e-auto-int";
    let fixture = Fixture::new("tests/fixtures/unmarked", name);
    fixture.commit_all();
    let (code, stderr) = interrupted(
        &fixture,
        &["--auto"],
        ("FIXTURE_SLOW", "build"),
        "   Compiling ",
        &[name, "build-script-build"],
        "-INT",
    );
    assert_eq!(code, Some(130), "{stderr}");
    let changed = fixture.changed();
    assert!(changed.is_empty(), "{changed:?}");
}

/// The lowest release of `name` the workspace manifest declares (`name = "1.2.3"` or
/// `name = { version = "1.2.3", … }`).
fn declared_minimum(name: &str) -> String {
    let manifest = std::fs::read_to_string(repo().join("Cargo.toml")).unwrap_or_default();
    let line = manifest
        .lines()
        .find(|line| line.starts_with(&format!("{name} = ")))
        .unwrap_or_else(|| panic!("no {name} in the workspace manifest"));
    let version = line.split('"').nth(1).unwrap_or_default();
    version.to_string()
}

/// The locked entry of `name` at `version`, as cargo writes it.
fn locked(name: &str, version: &str) -> String {
    format!("name = \"{name}\"\nversion = \"{version}\"\n")
}

/// A crate whose Cargo.lock pins the oldest `syn`, `quote` and `proc-macro2` that
/// symtest-macros declares it builds with, and whose `rust-version` is old (cargo then prefers,
/// for what it adds, releases that support it): `--auto` builds the attribute with the
/// releases the lockfile pins, tests the crate, and leaves the lockfile as it was.
#[test]
fn auto_builds_with_the_releases_an_old_lockfile_pins_and_leaves_it_alone() {
    let fixture = Fixture::new("tests/fixtures/oldlock", "e2e-oldlock");
    fixture.commit_all();
    let lockfile = std::fs::read_to_string(fixture.root.join("Cargo.lock")).unwrap_or_default();
    let pinned = ["syn", "quote", "proc-macro2"].map(|name| locked(name, &declared_minimum(name)));
    for entry in &pinned {
        assert!(
            lockfile.contains(entry),
            "the fixture's Cargo.lock must pin the declared minimum: {entry}"
        );
    }

    let run = fixture.symtest(&["--auto", "--json", "--seed", "1"]);
    assert_success(&run);
    let stderr = text(&run.stderr);
    let copy = stderr
        .split("in a copy of the workspace (")
        .nth(1)
        .and_then(|rest| rest.split(')').next())
        .unwrap_or_else(|| panic!("no copy named in:\n{stderr}"));
    let copied = std::fs::read_to_string(Path::new(copy).join("Cargo.lock")).unwrap_or_default();
    for entry in &pinned {
        assert!(
            copied.contains(entry),
            "the copy was built with another release than {entry}:\n{copied}"
        );
    }
    let summary = summary(&run);
    for name in ["::percent", "::is_plain_ident"] {
        let function = function(&summary, name);
        let covered = function["covered"].as_u64();
        assert!(
            covered.is_some() && covered == function["branches"].as_u64(),
            "{name}: {function}"
        );
    }
    // Cargo.toml and Cargo.lock are committed: neither is changed.
    assert_eq!(fixture.changed(), [" M src/lib.rs"]);
    fixture.assert_written_tests_pass(&fixture.lib());
}

/// `tests/fixtures/workers`: generic APIs as published crates write them. Public functions
/// hand their work to generic workers. One
/// worker's bounds (`I: Iterator`, closures over `I::Item`) get types and it is searched on
/// its own; the other's (`S: Separator`, implemented only by a macro) get none, and it is
/// skipped but still instrumented: its branches are its caller's to cover. So are those of a
/// method of a block generic over `S: Separator`. A block generic over a dependency's trait
/// is searched with the type the crate's alias names, an enum with a variant that holds a
/// function is made with its other variants, and a type of another module with private fields
/// is made by its constants.
#[test]
fn auto_covers_a_skipped_worker_through_its_caller_and_searches_one_over_iterators() {
    let fixture = Fixture::new("tests/fixtures/workers", "e2e-workers");
    fixture.commit_all();
    let run = fixture.symtest(&["--auto", "--json", "--seed", "1"]);
    assert_success(&run);
    let summary = summary(&run);
    let worker = function(&summary, "::compare_by");
    assert!(
        worker["branches"].as_u64() > Some(10) && worker["covered"] == worker["branches"],
        "{worker}"
    );
    // A block over const parameters, searched with the values the crate's alias gives them
    // (`type Matcher = Pattern<'*', '?'>`), its tests naming them (`Pattern::<'*', '?'>`).
    let pattern = function(&summary, "::Pattern");
    assert!(
        pattern["branches"].as_u64() > Some(10) && pattern["covered"] == pattern["branches"],
        "{pattern}"
    );
    let types = pattern["generic"].as_str().unwrap_or_default();
    assert_eq!(types, "MULTI = '*', SINGLE = '?'", "{pattern}");
    assert!(fixture.lib().contains("Pattern::<'*', '?'>"));
    // `impl Trait` results used as a caller would: collected, written out.
    let human = function(&summary, "::human");
    assert!(
        human["branches"].as_u64() > Some(0) && human["covered"] == human["branches"],
        "{human}"
    );
    let lib = fixture.lib();
    assert!(lib.contains("human(1024).to_string()"), "{lib}");
    assert!(lib.contains(".collect::<Vec<_>>()"), "{lib}");
    // Collected into a `String`, what collects `char`s.
    let initials = function(&summary, "::initials");
    assert!(
        initials["branches"].as_u64() > Some(0) && initials["covered"] == initials["branches"],
        "{initials}"
    );
    // Bounds on the crate's own trait, met by types a macro in another file implements it for
    // (with bounds of the standard library beside it, which those types meet).
    for name in ["::ratio", "::size", "::larger_share"] {
        let searched = function(&summary, name);
        assert!(
            searched["branches"].as_u64() > Some(1) && searched["covered"] == searched["branches"],
            "{name}: {searched}"
        );
    }
    // A block generic over a dependency's trait (`T: Unit`), searched with the type the
    // crate's alias gives it (`type Cents = Amount<u64>`), its values built from genes
    // written with it (`Amount { value: 100 }` would be an `Amount<i32>`).
    let amount = function(&summary, "::money::Amount");
    assert!(
        amount["branches"].as_u64() > Some(3) && amount["covered"] == amount["branches"],
        "{amount}"
    );
    assert_eq!(amount["generic"].as_str(), Some("T = u64"), "{amount}");
    let money = fixture.file("src/money.rs");
    assert!(money.contains("Amount::<u64> {"), "{money}");
    // A block generic over `O: Into<Amount<T>>` beside `T`, searched with `O = Amount<u64>`
    // (it was skipped: no type for the bound), its method called in the sequences.
    assert!(
        money.contains("<Amount<u64> as std::ops::Add<Amount<u64>>>::add("),
        "{money}"
    );
    // An enum whose `Custom` variant holds a function is made with its other variants, so
    // what takes it is searched (it was skipped: the whole enum could not be built).
    let parts = function(&summary, "::count_parts");
    assert!(
        parts["branches"].as_u64() > Some(3) && parts["covered"] == parts["branches"],
        "{parts}"
    );
    let split = fixture.file("src/split.rs");
    assert!(split.contains("Boundary::Hyphen"), "{split}");
    // A type of another module with a private field, taken by reference: made by its
    // constants (`Set::DIGITS`, `sets::VOWELS`), which the tests write.
    let count = function(&summary, "::count_in");
    assert!(
        count["branches"].as_u64() > Some(3) && count["covered"] == count["branches"],
        "{count}"
    );
    let lib = fixture.lib();
    assert!(
        lib.contains("count_in(") && (lib.contains("sets::VOWELS") || lib.contains("Set::")),
        "{lib}"
    );
    let skipped = listed(&summary, "skipped");
    assert!(
        skipped.iter().any(|item| item["path"]
            .as_str()
            .is_some_and(|path| path.ends_with("::count_words"))),
        "{skipped:?}"
    );
    // A skipped function, and a skipped method of a block generic over `S: Separator`.
    for (caller, callee) in [
        ("::words", "::count_words"),
        ("::longest_word", "::Splitter::longest"),
    ] {
        let caller = function(&summary, caller);
        let also = caller["also"].as_array().cloned().unwrap_or_default();
        assert!(
            also.iter().any(|found| found["path"]
                .as_str()
                .is_some_and(|path| path.ends_with(callee))
                && found["branches"].as_u64() > Some(0)
                && found["covered"] == found["branches"]),
            "covers every branch of {callee}: {caller}"
        );
    }
    let numbers = fixture.file("src/numbers.rs");
    let sets = fixture.file("src/sets.rs");
    fixture.assert_written_tests_pass(&format!("{}{numbers}{money}{split}{sets}", fixture.lib()));
}

/// `tests/fixtures/gated`: an enum with variants behind `#[cfg]` (in no build of the tests, and
/// in every one), and a function matching on it with gated arms; a struct with gated fields. The enum's generated code
/// names only the variants the build has, so the function is searched with every variant
/// there is (it was left out, and the function skipped).
#[test]
fn auto_searches_variants_behind_cfg_and_two_types_of_one_name() {
    let fixture = Fixture::new("tests/fixtures/gated", "e2e-gated");
    fixture.commit_all();
    let run = fixture.symtest(&["--auto", "--json", "--seed", "1"]);
    assert_success(&run);
    let stderr = text(&run.stderr);
    assert!(!stderr.contains("left out"), "{stderr}");
    let summary = summary(&run);
    let apply = function(&summary, "::apply");
    assert!(
        apply["branches"].as_u64() > Some(3) && apply["covered"] == apply["branches"],
        "{apply}"
    );
    // A method whose match has arms behind `#[cfg]` binding a field of a gated variant and
    // testing it, and a match on a tuple with such an arm.
    for name in ["::Op", "::keeps"] {
        let matched = function(&summary, name);
        assert!(
            matched["branches"].as_u64() > Some(2) && matched["covered"] == matched["branches"],
            "{matched}"
        );
    }
    // A struct with named fields behind `#[cfg]`: written with the fields the build has.
    let columns = function(&summary, "::columns");
    assert!(
        columns["branches"].as_u64() > Some(2) && columns["covered"] == columns["branches"],
        "{columns}"
    );
    // A `Display` in another file than the type's constructors: searched in the type's
    // sequences (it was skipped, no constructor of `Version` in its file).
    let version = function(&summary, "::version::Version");
    assert!(
        version["branches"].as_u64() > Some(1) && version["covered"] == version["branches"],
        "{version}"
    );
    let written = fixture.file("src/version.rs");
    assert!(
        written.contains("version.to_string(), \"v0.") && written.contains("version.to_pair()"),
        "{written}"
    );
    // Of the other file's functions, only one naming a type of that file alone is skipped,
    // with why.
    let skipped: Vec<String> = listed(&summary, "skipped")
        .iter()
        .map(|item| item.to_string())
        .filter(|item| item.contains("Version"))
        .collect();
    assert!(
        skipped.len() == 1
            && skipped[0].contains("Version::describe")
            && skipped[0].contains("cannot name"),
        "{skipped:?}"
    );
    // A `&'static` parameter of the crate's type: searched with a leaked value (it was left
    // out: the value the search made did not live long enough).
    let allowed = function(&summary, "::allowed");
    assert!(allowed["tests"].as_u64() > Some(0), "{allowed}");
    // So are a `&'static str` and a `&'static [u8]` (they were left out: E0716).
    let named = function(&summary, "::named");
    assert!(
        named["branches"].as_u64() > Some(1) && named["covered"] == named["branches"],
        "{named}"
    );
    // A file only the crate's tests compile is not annotated, searched or reported.
    assert!(!summary.to_string().contains("test_helpers"), "{summary}");
    assert!(!fixture.file("src/test_helpers.rs").contains("symtest"));
    // A block with a method behind `#[cfg]` the build lacks: searched without it (it was left
    // out); with the version of `limit` and the block behind `#[cfg]`s the build has (they
    // were skipped).
    let counter = function(&summary, "::Counter");
    assert!(
        counter["branches"].as_u64() > Some(3) && counter["covered"] == counter["branches"],
        "{counter}"
    );
    let lib = fixture.lib();
    assert!(
        lib.contains(".double()") && lib.contains(".limit()"),
        "{lib}"
    );
    // What the build does not have is not reported: `reset` is not in it.
    assert!(!summary.to_string().contains("reset"), "{summary}");
    // Two `Quoter`s with a `From` each way: told apart by their traits, both searched, their
    // tests written side by side.
    for name in [
        "<Quoter as From<inner::Quoter>>::from",
        "<inner::Quoter as From<Quoter>>::from",
    ] {
        let from = function(&summary, name);
        assert!(
            from["branches"].as_u64().is_some() && from["covered"] == from["branches"],
            "{name}: {from}"
        );
    }
    let quoting = fixture.file("src/quoting.rs");
    assert!(
        quoting.contains("fn inner_quoter_from_quoter_")
            && quoting.contains("fn quoter_from_inner_quoter_"),
        "{quoting}"
    );
    let lib = fixture.lib();
    assert!(lib.contains("Op::Clamp {"), "{lib}");
    let generated = lib.split("mod symtest_tests").nth(1).unwrap_or_default();
    assert!(
        generated.contains("&Settings { width: ") && !generated.contains("trace:"),
        "{lib}"
    );
    fixture.assert_written_tests_pass(&format!("{lib}{quoting}{written}"));
    // A filter naming a method finds the block it is searched in.
    let run = fixture.symtest(&["--auto", "--seed", "1", "--dry-run", "bump"]);
    assert_success(&run);
    let printed = text(&run.stdout);
    let headers: Vec<&str> = printed
        .lines()
        .filter(|line| line.starts_with("// symtest: fn="))
        .collect();
    assert!(
        headers.len() == 1 && headers[0].starts_with("// symtest: fn=Counter "),
        "{printed}"
    );
}
