#!/usr/bin/env python3
"""Helper of benches/modules/run.sh (Python 3 standard library only).

run.sh runs the tools (cargo symtest and its hidden `annotate`, cargo llvm-cov); this file does
the text work around them, with what the benches on published crates share in
benches/common/crates.py:

  select     the crates of the table to run (--quick, --only)
  fetch      writes the Cargo.toml of a project that depends on every crate (cargo fetch)
  prepare    copies a crate to build alone with symtest-runtime; prints its files to annotate
  annotated  reads what `cargo symtest annotate` printed into the crate's record
  symtest    reads `cargo symtest --json`, its exit code and time-stamped stderr into the record
  strip      takes the generated modules out of the files (to measure the crate's own tests
             when the generated ones do not compile)
  coverage   the region coverage of the annotated files' own code in a `cargo llvm-cov --json`
             export, and how the tests it ran ended
  table      the Markdown table of all records

Records: one JSON file per crate, <work>/results/<crate>.json.
"""

import argparse
import json
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from crates import (  # noqa: E402
    END, GENERIC_ERRORS, START, allow_warnings, copy_crate, crate_root, first_error, fmt_secs,
    locate, matching_brace, pct, skip_literal, write_fetch_project,
)

# ---------------------------------------------------------------------------------------------
# The table of crates


def read_table(path):
    """Rows of the crate table: crate, version, the files to annotate."""
    rows = []
    for line in open(path):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        crate, version, *files = line.split()
        rows.append({"crate": crate, "version": version, "files": files})
    return rows


def cmd_select(args):
    rows = read_table(args.table)
    if args.only:
        rows = [r for r in rows if r["crate"] in args.only]
    if args.quick:
        rows = [r for r in rows if r["crate"] in args.quick.split(",")]
    with open(args.out, "w") as out:
        for r in rows:
            out.write(" ".join([r["crate"], r["version"]] + r["files"]) + "\n")
            print(r["crate"], r["version"])


def cmd_fetch(args):
    write_fetch_project(args.dir, {r["crate"]: r["version"] for r in read_table(args.table)})


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
# Preparing a crate


def cmd_prepare(args):
    row = next(r for r in read_table(args.table) if r["crate"] == args.crate)
    src = locate(args.manifest, row["crate"], row["version"])
    copy_crate(src, args.dest, args.repo, prune_dev_dependencies=True, runtime=not args.plain)
    root, _lib, edition = crate_root(args.dest)
    allow_warnings(root)
    warn_future_errors(os.path.join(args.dest, "Cargo.toml"))
    if edition == "2015" and not args.plain:
        text = open(root).read()
        open(root, "w").write(
            text.rstrip("\n") + "\n\n// Added by benches/modules/run.sh.\nextern crate symtest_runtime;\n"
        )
    files = [os.path.join(args.dest, f) for f in row["files"]]
    for f in files:
        if not os.path.exists(f):
            sys.exit(f"{row['crate']} {row['version']} has no file {os.path.relpath(f, args.dest)}")
    update_record(args.results, args.crate, crate=row["crate"], version=row["version"],
                  edition=edition, files=row["files"])
    for f in files:
        print(f)


# Lints that today's compiler denies by default in code that older ones accepted (mime 0.3.17's
# test macros end in `;` in expression position): the crate's problem, not symtest's.
FUTURE_ERRORS = ["semicolon_in_expressions_from_macros"]


def warn_future_errors(manifest):
    text = open(manifest).read()
    if re.search(r"^\[lints", text, re.M):
        return
    lines = ["", "[lints.rust]"] + [f'{lint} = "warn"' for lint in FUTURE_ERRORS]
    open(manifest, "w").write(text.rstrip("\n") + "\n" + "\n".join(lines) + "\n")


ANNOTATED = re.compile(
    r"^total: (\d+) items \((\d+) functions, (\d+) impl blocks, (\d+) structs, (\d+) enums\)$", re.M
)


AUTO_ANNOTATED = re.compile(
    r"Annotated (\d+) items \((\d+) functions, (\d+) impl blocks, (\d+) structs, (\d+) enums\)"
)


def cmd_annotated(args):
    text = open(args.stdout).read()
    m = ANNOTATED.search(text)
    if not m or args.exit != 0:
        error = first_error(open(args.stderr, errors="replace").read()) or f"exit code {args.exit}"
        update_record(args.results, args.crate, annotate_failed=error)
        return
    total, functions, impls, structs, enums = (int(g) for g in m.groups())
    update_record(args.results, args.crate, annotated={
        "total": total, "functions": functions, "impls": impls, "structs": structs, "enums": enums,
    })


def cmd_symtest(args):
    """The run of `cargo symtest --json` into the record: exit code, failure, functions
    searched and skipped, build and search time."""
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
    fields = {"symtest_exit": args.exit, "build_secs": build, "symtest_secs": end - start,
              "generated_written": any(generated_ranges(open(f).read()) for f in args.files)}
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
    # `--auto` annotates its own copy and says how many items it marked.
    m = AUTO_ANNOTATED.search(stderr)
    if m:
        functions, impls, structs, enums = (int(g) for g in m.groups()[1:])
        fields["annotated"] = {"total": int(m.group(1)), "functions": functions, "impls": impls,
                               "structs": structs, "enums": enums}
    if args.exit != 0:
        error = first_error(stderr) or f"exit code {args.exit}"
        if "with symtest instrumentation" in stderr:
            error = f"the instrumented build fails: {error}"
        elif args.exit == 1:
            error = "some generated tests fail when cargo symtest runs them"
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


def test_only_ranges(text):
    """1-based (first, last) line pairs of the items under `#[cfg(test)]` (or `all(test, …)`)
    and of `#[test]` functions outside test modules (mime's parse.rs): from the attribute to
    the item's closing brace (nothing for `mod tests;`)."""
    ranges = []
    for m in TEST_ONLY.finditer(text):
        if skipped_over(text, m.start()):
            continue
        i = m.end()
        while i < len(text) and text[i] not in "{;":
            j = skip_literal(text, i)
            i = j if j is not None else i + 1
        if i >= len(text) or text[i] == ";":
            continue
        close = matching_brace(text, i)
        ranges.append((text.count("\n", 0, m.start()) + 1, text.count("\n", 0, close) + 1))
    return ranges


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
        value.update(regions(args.cov, args.files))
    if args.note:
        value["note"] = args.note
    update_record(args.results, args.crate, **{args.key: value})


# ---------------------------------------------------------------------------------------------
# The table


def fmt_cov(c):
    if not c:
        return "n/a"
    p = pct(c)
    if p is None:
        return "n/a" if "total" not in c else "no regions"
    return f"{p:.0f}% ({c['covered']}/{c['total']})"


def fmt_tests(rec):
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


def skipped_by_reason(rec):
    counts = {}
    for s in rec.get("skipped") or []:
        counts[s.get("reason", "?")] = counts.get(s.get("reason", "?"), 0) + 1
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


def cmd_table(args):
    args.logs = args.logs or os.path.join(os.path.dirname(os.path.abspath(args.results)), "logs")
    order = [line.split()[0] for line in open(args.order) if line.strip()]
    recs = [load_record(args.results, c) for c in order if os.path.exists(record_path(args.results, c))]
    head = (
        "| crate | files | items annotated (fn/impl/struct/enum) | items searched | items skipped "
        "| `cargo symtest` | generated tests | regions: generated | regions: own tests "
        "| regions: both | build (s) | search (s) |"
    )
    out = [head, "|" + "---|" * 12]
    notes = []
    for r in recs:
        a = r.get("annotated")
        annotated = (
            f"{a['total']} ({a['functions']}/{a['impls']}/{a['structs']}/{a['enums']})" if a else "n/a"
        )
        skipped = skipped_by_reason(r)
        if r.get("annotate_failed"):
            status = "not run"
            notes.append(f"{r['crate']}: annotate failed: {r['annotate_failed']}")
        elif r.get("symtest_exit") == 0:
            status = "ok"
        else:
            status = {1: "tests fail", 2: "fails"}.get(r.get("symtest_exit"), f"exit {r.get('symtest_exit')}")
            if r.get("symtest_error"):
                notes.append(f"{r['crate']}: `cargo symtest` exited with {r.get('symtest_exit')}: {r['symtest_error']}")
            log = os.path.join(args.logs, f"{r['crate']}-{r['version']}.symtest.stderr")
            kinds = error_kinds(open(log, errors="replace").read()) if os.path.exists(log) else {}
            if kinds:
                notes.append(f"{r['crate']}: errors of the instrumented build, by kind: {fmt_kinds(kinds)}")
        gen = r.get("cov_generated") or {}
        if gen.get("tests", {}).get("compiled") is False and r.get("generated_written"):
            notes.append(f"{r['crate']}: the generated tests do not compile: {gen['tests'].get('error')}")
        if gen.get("tests", {}).get("failing"):
            notes.append(f"{r['crate']}: generated tests that fail: " + ", ".join(gen["tests"]["failing"]))
        own = r.get("cov_own") or {}
        annotated_own = (r.get("own_annotated") or {}).get("tests", {})
        if annotated_own.get("compiled") is False:
            notes.append(f"{r['crate']}: with the attributes, the crate does not build for its own tests "
                         f"({annotated_own.get('error')}): they were measured on a copy without them (marked †)")
        elif own.get("note"):
            notes.append(f"{r['crate']}: own tests measured {own['note']} (marked †)")
        if own.get("tests", {}).get("compiled") is False:
            notes.append(f"{r['crate']}: the crate's own tests do not compile: {own['tests'].get('error')}")
        if skipped:
            notes.append(f"{r['crate']}: items skipped, by reason: {fmt_kinds(skipped)}")
        if own.get("tests", {}).get("failing"):
            notes.append(f"{r['crate']}: the crate's own tests that fail: " + ", ".join(own["tests"]["failing"]))
        rejected = {}
        for t in r.get("rejected") or []:
            message = " ".join(t.get("message", "?").split())
            rejected[message] = rejected.get(message, 0) + 1
        if rejected:
            notes.append(f"{r['crate']}: generated tests rustc rejected (left out), by message: {fmt_kinds(rejected)}")
        for p in r.get("problems") or []:
            notes.append(f"{r['crate']}: search problem: {p}")
        out.append("| " + " | ".join(cell(c) for c in [
            f"{r['crate']} {r['version']}" + (" (2015)" if r.get("edition") == "2015" else ""),
            len(r.get("files", [])),
            annotated,
            r.get("searched", "n/a"),
            sum(skipped.values()),
            status,
            fmt_tests(r),
            fmt_cov(r.get("cov_generated")),
            fmt_cov(r.get("cov_own")) + ("†" if own.get("note") else ""),
            fmt_cov(r.get("cov_both")),
            fmt_secs(r.get("build_secs")),
            fmt_secs(r.get("search_secs")),
        ]) + " |")

    def total(key):
        values = [r[key] for r in recs if r.get(key) is not None]
        return sum(values) if values else None

    def summed(key):
        c = [r[key] for r in recs if pct(r.get(key)) is not None]
        return {"covered": sum(x["covered"] for x in c), "total": sum(x["total"] for x in c)}, len(c)

    cols = []
    for key in ("cov_generated", "cov_own", "cov_both"):
        s, n = summed(key)
        cols.append(f"{fmt_cov(s)} over {n}" if n else "n/a")
    ok = sum(1 for r in recs if r.get("symtest_exit") == 0)
    written = sum(1 for r in recs if r.get("generated_written"))
    passing = sum(1 for r in recs if fmt_tests(r).split(",")[0].endswith("pass") and " fail" not in fmt_tests(r))
    out.append("| " + " | ".join(cell(c) for c in [
        f"**total, {len(recs)} crates**",
        sum(len(r.get("files", [])) for r in recs),
        sum((r.get("annotated") or {}).get("total", 0) for r in recs),
        total("searched") or 0,
        sum(sum(skipped_by_reason(r).values()) for r in recs),
        f"{ok} of {len(recs)} ok",
        f"all pass in {passing} of {written} crates with tests",
        *cols,
        fmt_secs(total("build_secs")),
        fmt_secs(total("search_secs")),
    ]) + " |")
    text = "\n".join(out) + "\n"
    if notes:
        text += "\nNotes:\n\n" + "\n".join(f"- {n}" for n in notes) + "\n"
    if args.header:
        text = open(args.header).read() + "\n" + text
    open(args.out, "w").write(text)
    print(text)


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("select")
    s.add_argument("--table", required=True)
    s.add_argument("--out", required=True)
    s.add_argument("--quick")
    s.add_argument("--only", action="append")
    s = sub.add_parser("fetch")
    s.add_argument("--table", required=True)
    s.add_argument("--dir", required=True)
    s = sub.add_parser("prepare")
    for a in ("--table", "--crate", "--manifest", "--dest", "--repo", "--results"):
        s.add_argument(a, required=True)
    s.add_argument("--plain", action="store_true",
                   help="no symtest-runtime dependency (for cargo symtest --auto)")
    s = sub.add_parser("annotated")
    for a in ("--results", "--crate", "--stdout", "--stderr"):
        s.add_argument(a, required=True)
    s.add_argument("--exit", type=int, required=True)
    s = sub.add_parser("symtest")
    for a in ("--results", "--crate", "--stdout", "--stderr", "--stamps", "--start", "--end"):
        s.add_argument(a, required=True)
    s.add_argument("--exit", type=int, required=True)
    s.add_argument("files", nargs="+")
    s = sub.add_parser("strip")
    s.add_argument("files", nargs="+")
    s = sub.add_parser("coverage")
    for a in ("--results", "--crate", "--key", "--cov", "--log"):
        s.add_argument(a, required=True)
    s.add_argument("--note")
    s.add_argument("files", nargs="+")
    s = sub.add_parser("table")
    for a in ("--order", "--results", "--out"):
        s.add_argument(a, required=True)
    s.add_argument("--header")
    s.add_argument("--logs", help="the logs of the run (default: logs beside --results)")
    args = p.parse_args()
    globals()["cmd_" + args.cmd](args)


if __name__ == "__main__":
    main()
