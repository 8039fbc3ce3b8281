"""What the benches on published crates measure of a `cargo symtest` run (Python 3 standard
library only), shared by benches/modules/modules.py and benches/sample/sample.py:

  records          one JSON file per crate, <work>/results/<crate>.json, filled step by step
  cmd_symtest      `cargo symtest --json`, its exit code and time-stamped stderr into the record
  cmd_strip        takes the generated modules out of files (to measure the crate's own tests
                   when the generated ones do not compile)
  cmd_strip_tests  takes the crate's own test code out of a copy (to measure the generated tests
                   when the crate's own do not build)
  cmd_coverage     the region coverage of the files' own code in a `cargo llvm-cov --json`
                   export (listed files, or every file of the library), and how the tests ran
  fmt_*, cell, …   the cells of the tables
  normalise_reason a skip reason with its item-specific names taken out, to group by cause

add_commands() registers the three commands on a helper's argparse subparsers.
"""

import json
import os
import re

from crates import (
    END, GENERIC_ERRORS, START, crate_root, first_error, matching_brace, pct, skip_literal,
    toml_sections,
)

# ---------------------------------------------------------------------------------------------
# Records


def record_path(results, name):
    return os.path.join(results, name + ".json")


def load_record(results, name):
    path = record_path(results, name)
    return json.load(open(path)) if os.path.exists(path) else {}


def update_record(results, name, **fields):
    rec = load_record(results, name)
    rec.update(fields)
    os.makedirs(results, exist_ok=True)
    json.dump(rec, open(record_path(results, name), "w"), indent=1)


# ---------------------------------------------------------------------------------------------
# A run of cargo symtest


AUTO_ANNOTATED = re.compile(
    r"Annotated (\d+) items \((\d+) functions, (\d+) impl blocks, (\d+) structs, (\d+) enums\)"
)


# Its log's lines for a search done, an item skipped, and an item `--auto` left unmarked.
SEARCHED = re.compile(r"^\s*Searched \S+: .*, ([0-9.]+)s$", re.M)
SKIPPED = re.compile(r"^warning: skipped (.+?): (.*)$", re.M)
LEFT_OUT = re.compile(
    r"^warning: left out `([^`]*)` \(([^)]*)\): symtest's instrumentation of it does not compile "
    r"\((.*)\); please report this as a bug of symtest$", re.M
)

# What cargo symtest says when the instrumented build fails (its progress line, "Compiling X
# with symtest instrumentation", is there on every run).
INSTRUMENTED_BUILD_FAILS = re.compile(
    r"(could not build|does not build optimised) .*with symtest instrumentation"
)


def cmd_symtest(args):
    """The run of `cargo symtest --json` into the record: exit code, failure, functions
    searched and skipped (from the log when it wrote no summary after its build), the items
    `--auto` annotated and left out, build and search time."""
    stderr = open(args.stderr, errors="replace").read()
    stamps = [l.split(" ", 1) for l in open(args.stamps).read().splitlines() if " " in l]
    start, end = float(args.start), float(args.end)
    # Build time: from the start of the run to the line cargo symtest prints once the
    # instrumented build is done and the functions are listed ("Seed N"); the whole run when
    # it never got there.
    build = next(
        (float(t) - start for t, line in stamps if line.strip().startswith("Seed ")), end - start
    )
    try:
        report = json.loads(open(args.stdout).read())
    except ValueError:
        report = None
    files = rust_files(args.crate_dir) if args.crate_dir else args.files
    fields = {"symtest_exit": args.exit, "build_secs": build, "symtest_secs": end - start,
              "generated_written": any(generated_ranges(open(f).read()) for f in files)}
    # The peak resident memory of the run, as /usr/bin/time measures it: the largest of
    # cargo symtest's and of each process it waited for (rustc, the search), not their sum.
    # With `-f '%U %S %M'`, the CPU seconds of the run and its waited-for processes too.
    maxrss = getattr(args, "maxrss", None)
    if maxrss and os.path.exists(maxrss):
        words = open(maxrss).read().split()
        if words and words[-1].isdigit():
            fields["peak_mb"] = int(words[-1]) / 1024.0
        try:
            fields["cpu_secs"] = float(words[-3]) + float(words[-2])
        except (IndexError, ValueError):
            pass
    if report is not None:
        functions = report.get("functions", [])
        fields.update(
            searched=len(functions),
            search_secs=sum(f["elapsed_ms"] for f in functions) / 1000.0,
            tests_written=sum(f.get("tests", 0) for f in functions),
            problems=[f"{f['path']}: {f['problem']}" for f in functions if f.get("problem")],
            skipped=report.get("skipped", []),
            rejected=report.get("rejected", []),
        )
    elif re.search(r"^\s*Seed \d+", stderr, re.M):
        # No summary, but the instrumented build was done (the run failed after it): what its
        # log says was searched and skipped, which is what --json counts when there is one.
        searched = SEARCHED.findall(stderr)
        fields.update(
            searched=len(searched),
            search_secs=sum(float(s) for s in searched) if searched else None,
            skipped=[{"path": p, "reason": r} for p, r in SKIPPED.findall(stderr)],
            from_log=True,
        )
    # `--auto` annotates its own copy and says how many items it marked (first; again without
    # those whose instrumentation does not compile, each left out with a warning).
    m = AUTO_ANNOTATED.search(stderr)
    if m:
        functions, impls, structs, enums = (int(g) for g in m.groups()[1:])
        fields["annotated"] = {"total": int(m.group(1)), "functions": functions, "impls": impls,
                               "structs": structs, "enums": enums}
        fields["left_out"] = [{"item": item, "at": at, "error": error}
                              for item, at, error in LEFT_OUT.findall(stderr)]
    if args.exit != 0:
        error = first_error(stderr) or f"exit code {args.exit}"
        # Exit 1 is a generated test failing when run, whatever the build said before (an
        # optimised build that fell back to the default one says "does not build optimised").
        if args.exit == 1:
            error = "some generated tests fail when cargo symtest runs them"
        elif INSTRUMENTED_BUILD_FAILS.search(stderr):
            error = f"the instrumented build fails: {error}"
        fields["symtest_error"] = error
    update_record(args.results, args.crate, **fields)


# ---------------------------------------------------------------------------------------------
# The generated modules and the test-only code of a file


def generated_ranges(text):
    """0-based (first, last) line pairs of the generated regions, markers included."""
    lines, ranges, begin = text.split("\n"), [], None
    for i, line in enumerate(lines):
        if line.strip().startswith(START):
            begin = i
        elif line.strip().startswith(END) and begin is not None:
            ranges.append((begin, i))
            begin = None
    return ranges


def cmd_strip(args):
    for path in args.files:
        text = open(path).read()
        lines = text.split("\n")
        for first, last in reversed(generated_ranges(text)):
            del lines[first : last + 1]
        open(path, "w").write("\n".join(lines))


TEST_ONLY = re.compile(r"#\[(cfg\(\s*(test|all\([^()]*\btest\b[^()]*\))\s*\)|test)\]")


def test_only_items(text):
    """(start, end, body) character spans of the items under `#[cfg(test)]` (or `all(test,
    …)`) and of `#[test]` functions outside test modules (mime's parse.rs): from the
    attribute to the item's closing brace, or to its `;` (`mod tests;`, `use …;`), `body`
    false for those."""
    items = []
    for m in TEST_ONLY.finditer(text):
        if skipped_over(text, m.start()):
            continue
        if items and items[-1][0] <= m.start() < items[-1][1]:
            continue  # inside the previous test-only item
        i = m.end()
        while i < len(text) and text[i] not in "{;":
            j = skip_literal(text, i)
            i = j if j is not None else i + 1
        if i >= len(text):
            continue
        if text[i] == ";":
            items.append((m.start(), i + 1, False))
        else:
            items.append((m.start(), matching_brace(text, i) + 1, True))
    return items


def test_only_ranges(text):
    """1-based (first, last) line pairs of the test-only items with a body (see
    test_only_items; nothing for `mod tests;`)."""
    return [(text.count("\n", 0, a) + 1, text.count("\n", 0, b - 1) + 1)
            for a, b, body in test_only_items(text) if body]


def skipped_over(text, at):
    """Whether `at` is inside a comment or string on its line (a doc example)."""
    line_start = text.rfind("\n", 0, at) + 1
    i = line_start
    while i < at:
        j = skip_literal(text, i)
        if j is not None and j > at:
            return True
        i = j if j is not None else i + 1
    return False


def own_lines(path):
    """A test of a 1-based line number: whether it is the file's own code (not a test-only
    item, not a generated region)."""
    text = open(path).read()
    out = [(a + 1, b + 1) for a, b in generated_ranges(text)] + test_only_ranges(text)
    return lambda line: not any(a <= line <= b for a, b in out)


# ---------------------------------------------------------------------------------------------
# The files of a library


def rust_files(crate_dir):
    """The .rs files of a crate's copy (its target directory, if any, left out)."""
    out = []
    for base, dirs, files in os.walk(crate_dir):
        dirs[:] = [d for d in dirs if d != "target"]
        out += [os.path.join(base, n) for n in files if n.endswith(".rs")]
    return sorted(out)


# A module declared in a file of its own, after its attributes (`#[path = "…"]` among them).
TEST_MODULE = re.compile(r"^(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*;$", re.S)
PATH_ATTRIBUTE = re.compile(r'#\[path\s*=\s*"([^"]*)"\]')
WHOLE_FILE_TEST = re.compile(r"^\s*#!\[cfg\(\s*test\s*\)\]", re.M)


def test_only_files(crate_dir):
    """The files of a crate that only its tests compile: those declared by `#[cfg(test)] mod
    NAME;` (and everything under that module's directory), and those that begin with
    `#![cfg(test)]`."""
    try:
        root = os.path.realpath(crate_root(crate_dir)[0])
    except SystemExit:
        root = None
    out = set()
    for path in rust_files(crate_dir):
        text = open(path, errors="replace").read()
        if WHOLE_FILE_TEST.search(text):
            out.add(os.path.realpath(path))
        here = os.path.dirname(path)
        stem = os.path.splitext(os.path.basename(path))[0]
        mod_rs = stem in ("lib", "main", "mod") or os.path.realpath(path) == root
        for a, b, body in test_only_items(text):
            if body:
                continue
            attrs = text[a:b]
            m = TEST_MODULE.match(TEST_ONLY.sub("", attrs, count=1).strip())
            if not m:
                continue
            name, explicit = m.group(1), PATH_ATTRIBUTE.search(attrs)
            if explicit:
                out.add(os.path.realpath(os.path.join(here, explicit.group(1))))
                continue
            base = here if mod_rs else os.path.join(here, stem)
            out.add(os.path.realpath(os.path.join(base, name + ".rs")))
            out.add(os.path.realpath(os.path.join(base, name)) + os.sep)  # a directory
    return out


def library_files(cov, crate_dir):
    """The files of the crate in a llvm-cov JSON export, but those only its tests compile:
    the library as its test build compiles it."""
    top = os.path.realpath(crate_dir) + os.sep
    tests = test_only_files(crate_dir)
    names = set()
    for fn in json.load(open(cov))["data"][0]["functions"]:
        names |= {os.path.realpath(f) for f in fn["filenames"]}
    return sorted(
        n for n in names
        if n.startswith(top) and os.sep + "target" + os.sep not in n[len(top) - 1:]
        and n not in tests and not any(t.endswith(os.sep) and n.startswith(t) for t in tests)
    )


def cmd_strip_tests(args):
    """Takes the crate's own test code out of a copy: the test-only items of every file but
    the generated modules, and the dev-dependencies (what only that code used)."""
    for path in rust_files(args.crate_dir):
        text = open(path).read()
        offsets = [0]
        for line in text.split("\n"):
            offsets.append(offsets[-1] + len(line) + 1)
        generated = [(offsets[a], offsets[b + 1]) for a, b in generated_ranges(text)]
        for a, b, _body in reversed(test_only_items(text)):
            if any(ga <= a < gb for ga, gb in generated):
                continue  # the generated module itself
            text = text[:a] + text[b:]
        open(path, "w").write(text)
    manifest = os.path.join(args.crate_dir, "Cargo.toml")
    out = []
    for header, lines in toml_sections(open(manifest).read()):
        if header and re.match(r"^\[(?:target\..*\.)?dev-dependencies", header):
            continue
        if header is not None:
            out.append(header)
        out.extend(lines)
    open(manifest, "w").write("\n".join(out))


# ---------------------------------------------------------------------------------------------
# Coverage and test results


def test_results(log):
    """How the lib tests of a cargo llvm-cov log ended."""
    if "could not compile" in log:
        return {"compiled": False, "error": first_error(log) or "does not compile"}
    m = re.search(r"^test result: \w+\. (\d+) passed; (\d+) failed; (\d+) ignored", log, re.M)
    if not m:
        return {"compiled": False, "error": first_error(log) or "no test result in the log"}
    passed, failed, ignored = (int(g) for g in m.groups())
    failing = re.findall(r"^test (\S+) \.\.\. FAILED", log, re.M)
    return {"compiled": True, "passed": passed, "failed": failed, "ignored": ignored,
            "failing": failing}


def regions(cov, files):
    """Covered and total code regions of the files' own code in a llvm-cov JSON export."""
    own = {os.path.realpath(f): own_lines(f) for f in files}
    data = json.load(open(cov))["data"][0]
    seen = {}
    for fn in data["functions"]:
        names = [os.path.realpath(f) for f in fn["filenames"]]
        for r in fn["regions"]:
            ls, cs, le, ce, count, file_id, _expanded, kind = r[:8]
            path = names[file_id]
            if kind != 0 or path not in own or not own[path](ls):
                continue
            key = (path, ls, cs, le, ce)
            seen[key] = seen.get(key, False) or count > 0
    return {"covered": sum(seen.values()), "total": len(seen)}


def cmd_coverage(args):
    log = open(args.log, errors="replace").read() if os.path.exists(args.log) else ""
    value = {"tests": test_results(log)}
    if os.path.exists(args.cov) and os.path.getsize(args.cov) > 0:
        files = args.files
        if args.crate_dir:
            files = library_files(args.cov, args.crate_dir)
            value["files"] = [os.path.relpath(f, os.path.realpath(args.crate_dir)) for f in files]
        value.update(regions(args.cov, files))
    if args.note:
        value["note"] = args.note
    update_record(args.results, args.crate, **{args.key: value})


def add_commands(sub):
    """Registers symtest, strip, strip-tests and coverage on argparse subparsers (the helper
    dispatches to cmd_<name>, `-` read as `_`)."""
    s = sub.add_parser("symtest")
    for a in ("--results", "--crate", "--stdout", "--stderr", "--stamps", "--start", "--end"):
        s.add_argument(a, required=True)
    s.add_argument("--exit", type=int, required=True)
    s.add_argument("--crate-dir", help="every .rs file of the crate (instead of the files listed)")
    s.add_argument("--maxrss",
                   help="what /usr/bin/time -f '%%U %%S %%M' (or -f %%M) wrote of the run")
    s.add_argument("files", nargs="*", help="where the generated modules may be written")
    s = sub.add_parser("strip")
    s.add_argument("files", nargs="+")
    s = sub.add_parser("strip-tests")
    s.add_argument("--crate-dir", required=True)
    s = sub.add_parser("coverage")
    for a in ("--results", "--crate", "--key", "--cov", "--log"):
        s.add_argument(a, required=True)
    s.add_argument("--note")
    s.add_argument("--crate-dir", help="measure every file of the library in the export "
                                       "(instead of the files listed)")
    s.add_argument("files", nargs="*")


COMMANDS = {"symtest": cmd_symtest, "strip": cmd_strip, "strip-tests": cmd_strip_tests,
            "coverage": cmd_coverage}


# ---------------------------------------------------------------------------------------------
# Table cells


def fmt_cov(c):
    if not c:
        return "n/a"
    p = pct(c)
    if p is None:
        return "n/a" if "total" not in c else "no regions"
    return f"{p:.0f}% ({c['covered']}/{c['total']})"


def fmt_tests(rec):
    """How the generated tests ended under cargo llvm-cov."""
    gen = rec.get("cov_generated")
    if rec.get("annotate_failed") or rec.get("symtest_exit") is None:
        return "n/a"
    if not rec.get("generated_written"):
        return "none written"
    t = (gen or {}).get("tests", {})
    if not t.get("compiled"):
        return "do not compile"
    parts = [f"{t['passed']} pass"]
    if t["failed"]:
        parts.append(f"{t['failed']} fail")
    if t["ignored"]:
        parts.append(f"{t['ignored']} ignored")
    if rec.get("rejected"):
        parts.append(f"{len(rec['rejected'])} rejected by rustc")
    return ", ".join(parts)


def skipped_by_reason(rec, normalise=False):
    counts = {}
    for s in rec.get("skipped") or []:
        reason = s.get("reason", "?")
        if normalise:
            reason = normalise_reason(reason)
        counts[reason] = counts.get(reason, 0) + 1
    return counts


def error_kinds(stderr):
    """{message: count} of the specific errors in a log (cargo's summary lines left out)."""
    kinds = {}
    for line in stderr.splitlines():
        if line.startswith("error") and not GENERIC_ERRORS.match(line):
            message = re.sub(r"^error(\[E\d+\])?: ", "", line.strip())
            kinds[message] = kinds.get(message, 0) + 1
    return kinds


def fmt_kinds(kinds, most=8):
    ordered = sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))
    shown = [f"{n}× {message}" for message, n in ordered[:most]]
    if len(ordered) > most:
        shown.append(f"{len(ordered) - most} other kinds")
    return "; ".join(shown)


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


# The words between backticks of skip reasons that are the same for every item they skip (the
# rest, types and bounds, name the item's own).
FIXED = {
    "unsafe fn", "async fn", "const fn", "extern", "Drop::drop", "impl Trait", "impl", "where",
    "self", "&self", "&mut self", "Self", "Option<Self>", "Result<Self, _>", "#[symtest]",
    "&mut String", "&mut str",
}


def normalise_reason(reason):
    """A skip reason with the item's own types, bounds and names (between backticks) made
    `…`, and its clauses that then say the same thing once: the same cause reads the same."""
    text = re.sub(r"`([^`]*)`", lambda m: m.group(0) if m.group(1) in FIXED else "`…`",
                  " ".join(reason.split()))
    # The one item path a reason names outside backticks: the block whose sequences go on.
    text = re.sub(r"the sequences of \S+ call", "the sequences of … call", text)
    parts = []
    for part in text.split("; "):
        if part not in parts:
            parts.append(part)
    return "; ".join(parts)
