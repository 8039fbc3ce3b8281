#!/usr/bin/env python3
"""Helper of benches/modules/run.sh (Python 3 standard library only).

run.sh runs the tools (cargo symtest and its hidden `annotate`, cargo llvm-cov); this file does
the text work around them, with what the benches on published crates share in
benches/common/crates.py (the crates) and benches/common/measure.py (the runs, the coverage and
the cells of the tables; the commands marked * are its own):

  select     the crates of the table to run (--quick, --only)
  fetch      writes the Cargo.toml of a project that depends on every crate (cargo fetch)
  prepare    copies a crate to build alone with symtest-runtime; prints its files to annotate
  annotated  reads what `cargo symtest annotate` printed into the crate's record
  symtest*   reads `cargo symtest --json`, its exit code and time-stamped stderr into the record
  strip*     takes the generated modules out of the files (to measure the crate's own tests
             when the generated ones do not compile)
  coverage*  the region coverage of the annotated files' own code in a `cargo llvm-cov --json`
             export, and how the tests it ran ended
  table      the Markdown table of all records

Records: one JSON file per crate, <work>/results/<crate>.json.
"""

import argparse
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from crates import (  # noqa: E402
    allow_warnings, copy_crate, crate_root, first_error, fmt_secs, locate, pct, read_table,
    select_table, warn_future_errors, write_fetch_project,
)
from measure import (  # noqa: E402
    COMMANDS, add_commands, cell, error_kinds, fmt_cov, fmt_kinds, fmt_tests, load_record,
    record_path, skipped_by_reason, update_record,
)

# ---------------------------------------------------------------------------------------------
# The table of crates


def cmd_select(args):
    select_table(args.table, args.out, args.only, args.quick)


def cmd_fetch(args):
    write_fetch_project(args.dir, {r["crate"]: r["version"] for r in read_table(args.table)})


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


ANNOTATED = re.compile(
    r"^total: (\d+) items \((\d+) functions, (\d+) impl blocks, (\d+) structs, (\d+) enums\)$", re.M
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


# ---------------------------------------------------------------------------------------------
# The table


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
    add_commands(sub)
    s = sub.add_parser("table")
    for a in ("--order", "--results", "--out"):
        s.add_argument(a, required=True)
    s.add_argument("--header")
    s.add_argument("--logs", help="the logs of the run (default: logs beside --results)")
    args = p.parse_args()
    (COMMANDS.get(args.cmd) or globals()["cmd_" + args.cmd])(args)


if __name__ == "__main__":
    main()
