#!/usr/bin/env python3
"""Helper of benches/sample/run.sh (Python 3 standard library only).

run.sh runs the tools (cargo fetch, cargo symtest --auto, cargo llvm-cov); this file does the
text work around them, with what the benches on published crates share in
benches/common/crates.py (the crates) and benches/common/measure.py (the runs, the coverage and
the cells of the tables; the commands marked * are its own):

  select        the crates of the list to run (--quick, --only)
  fetch         writes the Cargo.toml of a project that depends on one crate (cargo fetch)
  prepare       copies a fetched crate to build alone (no symtest dependency: --auto adds it)
  failed        a stage that failed for a crate (fetch, prepare, …) into its record
  timed         the wall time of a crate's whole turn into its record
  symtest*      reads `cargo symtest --json`, its exit code and time-stamped stderr
  strip*        takes the generated modules out of files
  strip-tests*  takes the crate's own test code and dev-dependencies out of a copy
  coverage*     the region coverage of the library's own code in a `cargo llvm-cov --json`
                export (every file of the crate it compiled, test-only code and the generated
                modules left out), and how the tests it ran ended
  table         the Markdown table of all records, the totals and the skip reasons ranked

Records: one JSON file per crate, <work>/results/<crate>.json.
"""

import argparse
import os
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from crates import (  # noqa: E402
    allow_warnings, copy_crate, crate_root, first_error, fmt_secs, locate, pct, read_table,
    select_table, warn_future_errors, write_fetch_project,
)
from measure import (  # noqa: E402
    COMMANDS, add_commands, cell, error_kinds, fmt_cov, fmt_kinds, fmt_tests, load_record,
    normalise_reason, skipped_by_reason, update_record,
)

# ---------------------------------------------------------------------------------------------
# The crates


def cmd_select(args):
    known = {r["crate"] for r in read_table(args.table)}
    for name in (args.only or []) + (args.quick.split(",") if args.quick else []):
        if name not in known:
            print(f"warning: {name} is not in {args.table}", file=sys.stderr)
    select_table(args.table, args.out, args.only, args.quick)


def cmd_fetch(args):
    update_record(args.results, args.crate, crate=args.crate, version=args.version)
    write_fetch_project(args.dir, {args.crate: args.version})


def cmd_prepare(args):
    """A copy of the crate as published, but what keeps it from building alone: its
    tests/benches/examples targets and the dev-dependencies only they name, its workspace
    section, a toolchain pin, `warnings` in the `deny` attributes of its files, lints
    today's compiler denies in older code."""
    src = locate(args.manifest, args.crate, args.version)
    copy_crate(src, args.dest, args.repo, prune_dev_dependencies=True, runtime=False)
    root, _lib, edition = crate_root(args.dest)
    allow_warnings(args.dest)
    warn_future_errors(os.path.join(args.dest, "Cargo.toml"))
    update_record(args.results, args.crate, edition=edition,
                  root=os.path.relpath(root, args.dest))


def cmd_failed(args):
    text = open(args.log, errors="replace").read() if args.log and os.path.exists(args.log) else ""
    error = first_error(text) or next((l for l in reversed(text.splitlines()) if l.strip()), "")
    update_record(args.results, args.crate, failed={"stage": args.stage, "error": error.strip()})


def cmd_timed(args):
    update_record(args.results, args.crate, crate_secs=float(args.secs))


# ---------------------------------------------------------------------------------------------
# The table


def status(r):
    """`cargo symtest`'s cell: its exit, or the stage that kept it from running."""
    if r.get("failed") and r.get("symtest_exit") is None:
        return f"not run: {r['failed']['stage']} fails"
    code = r.get("symtest_exit")
    if code is None:
        return "not run"
    return {0: "ok", 1: "exit 1: tests fail", 2: "exit 2: fails"}.get(code, f"exit {code}")


def own_tests(r):
    """How the crate's own unit tests ended under cargo llvm-cov."""
    own = r.get("cov_own")
    if not own:
        return "n/a"
    t = own.get("tests", {})
    if not t.get("compiled"):
        return "do not build"
    if not (t["passed"] or t["failed"] or t["ignored"]):
        return "none"
    parts = [f"{t['passed']} pass"]
    if t["failed"]:
        parts.append(f"{t['failed']} fail")
    if t["ignored"]:
        parts.append(f"{t['ignored']} ignored")
    return ", ".join(parts)


def count(n, word):
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def crates(n):
    return count(n, "crate")


def own_build_fails(r):
    return (r.get("cov_own") or {}).get("tests", {}).get("compiled") is False


def measured(c):
    return pct(c) is not None


def pooled(recs, key):
    c = [r[key] for r in recs if measured(r.get(key))]
    if not c:
        return None
    return {"covered": sum(x["covered"] for x in c), "total": sum(x["total"] for x in c)}


def crate_notes(r, logs):
    name = r["crate"]
    notes = []
    if r.get("failed"):
        error = r["failed"]["error"]
        notes.append(f"{name}: {r['failed']['stage']} fails" + (f": {error}" if error else ""))
    if r.get("symtest_error"):
        notes.append(f"{name}: `cargo symtest` exited with {r.get('symtest_exit')}: "
                     f"{r['symtest_error']}")
        log = os.path.join(logs, f"{name}-{r['version']}.symtest.stderr")
        kinds = error_kinds(open(log, errors="replace").read()) if os.path.exists(log) else {}
        if kinds:
            notes.append(f"{name}: errors in `cargo symtest`'s output, by kind: {fmt_kinds(kinds)}")
    gen = r.get("cov_generated") or {}
    if r.get("generated_written") and gen.get("tests", {}).get("compiled") is False:
        notes.append(f"{name}: the generated tests do not compile: {gen['tests'].get('error')}")
    if gen.get("note"):
        notes.append(f"{name}: generated tests measured {gen['note']} (marked ‡)")
    if gen.get("tests", {}).get("failing"):
        notes.append(f"{name}: generated tests that fail: " + ", ".join(gen["tests"]["failing"]))
    own = r.get("cov_own") or {}
    if own_build_fails(r):
        notes.append(f"{name}: the crate's own unit tests do not build on this toolchain: "
                     f"{own['tests'].get('error')}")
    if own.get("note"):
        notes.append(f"{name}: own tests measured {own['note']} (marked †)")
    if own.get("tests", {}).get("failing"):
        notes.append(f"{name}: the crate's own tests that fail: " + ", ".join(own["tests"]["failing"]))
    if r.get("from_log"):
        notes.append(f"{name}: searched and skipped counted from `cargo symtest`'s log (it wrote no "
                     "`--json` summary; marked *)")
    left = r.get("left_out") or []
    if left:
        shown = [f"`{x['item']}` ({x['at']}): {x['error']}" for x in left[:8]]
        more = f"; {len(left) - 8} more" if len(left) > 8 else ""
        notes.append(f"{name}: items `--auto` left unmarked because symtest's instrumentation of "
                     f"them does not compile: " + "; ".join(shown) + more)
    skipped = skipped_by_reason(r, normalise=True)
    if skipped:
        notes.append(f"{name}: items skipped, by reason: {fmt_kinds(skipped)}")
    rejected = {}
    for t in r.get("rejected") or []:
        message = " ".join(t.get("message", "?").split())
        rejected[message] = rejected.get(message, 0) + 1
    if rejected:
        notes.append(f"{name}: generated tests rustc rejected (left out), by message: "
                     f"{fmt_kinds(rejected)}")
    for p in r.get("problems") or []:
        notes.append(f"{name}: search problem: {p}")
    return notes


def cmd_table(args):
    logs = args.logs or os.path.join(os.path.dirname(os.path.abspath(args.results)), "logs")
    # Every crate of the run, a record or not (a crate whose turn broke off early).
    order = [line.split()[:2] for line in open(args.order) if line.strip()]
    recs = [{"crate": c, "version": v, **load_record(args.results, c)} for c, v in order]
    head = (
        "| crate | items annotated (fn/impl/struct/enum) | searched | skipped | left out | `cargo symtest` "
        "| generated tests | own unit tests | regions: generated | regions: own tests "
        "| regions: both | build (s) | search (s) | run (s) | peak memory (MB) |"
    )
    out = [head, "|" + "---|" * 15]
    notes = []
    for r in recs:
        a = r.get("annotated")
        annotated = f"{a['total']} ({a['functions']}/{a['impls']}/{a['structs']}/{a['enums']})" if a else "n/a"
        gen, own = r.get("cov_generated") or {}, r.get("cov_own") or {}
        notes += crate_notes(r, logs)
        out.append("| " + " | ".join(cell(c) for c in [
            f"{r['crate']} {r['version']}" + (" (2015)" if r.get("edition") == "2015" else ""),
            annotated,
            f"{r['searched']}{'*' if r.get('from_log') else ''}" if r.get("searched") is not None else "n/a",
            f"{len(r['skipped'])}{'*' if r.get('from_log') else ''}" if r.get("skipped") is not None else "n/a",
            len(r["left_out"]) if r.get("left_out") is not None else "n/a",
            status(r),
            fmt_tests(r),
            own_tests(r),
            fmt_cov(gen) + ("‡" if gen.get("note") else ""),
            fmt_cov(own) + ("†" if own.get("note") else ""),
            fmt_cov(r.get("cov_both")),
            fmt_secs(r.get("build_secs")),
            fmt_secs(r.get("search_secs")),
            fmt_secs(r.get("symtest_secs")),
            f"{r['peak_mb']:.0f}" if r.get("peak_mb") is not None else "n/a",
        ]) + " |")

    def total(key):
        values = [r[key] for r in recs if r.get(key) is not None]
        return sum(values) if values else None

    annotated = sum((r.get("annotated") or {}).get("total", 0) for r in recs)
    searched, skipped = total("searched") or 0, sum(len(r.get("skipped") or []) for r in recs)
    left_out = sum(len(r.get("left_out") or []) for r in recs)
    reported = searched + skipped + left_out
    ok = sum(1 for r in recs if r.get("symtest_exit") == 0)
    written = [r for r in recs if r.get("generated_written")]
    passing = [r for r in written if (r.get("cov_generated") or {}).get("tests", {}).get("compiled")
               and not r["cov_generated"]["tests"]["failed"]]
    out.append("| " + " | ".join(cell(c) for c in [
        f"**total, {crates(len(recs))}**",
        annotated,
        searched,
        skipped,
        left_out,
        f"{ok} of {len(recs)} ok",
        f"compile and pass in {len(passing)} of {crates(len(written))} with tests",
        f"do not build in {sum(1 for r in recs if own_build_fails(r))}",
        fmt_cov(pooled(recs, "cov_generated")),
        fmt_cov(pooled(recs, "cov_own")),
        fmt_cov(pooled(recs, "cov_both")),
        fmt_secs(total("build_secs")),
        fmt_secs(total("search_secs")),
        fmt_secs(total("symtest_secs")),
        (f"{max(r['peak_mb'] for r in recs if r.get('peak_mb') is not None):.0f} at most"
         if any(r.get("peak_mb") is not None for r in recs) else "n/a"),
    ]) + " |")

    # Generated against own, on the crates where both were measured.
    both = [r for r in recs if measured(r.get("cov_generated")) and measured(r.get("cov_own"))]
    ge = [r for r in both if r["cov_generated"]["covered"] >= r["cov_own"]["covered"]]
    gt = [r for r in both if measured(r.get("cov_both"))
          and r["cov_both"]["covered"] > r["cov_own"]["covered"]]
    untested = [r["crate"] for r in both if own_tests(r) == "none"]
    no_build = [r["crate"] for r in recs if own_build_fails(r)]
    failed = [f"{r['crate']} ({r['failed']['stage']})" for r in recs if r.get("failed")]
    summary = [
        f"items: {annotated} annotated by `--auto`, {searched} searched, {skipped} skipped, "
        f"{left_out} left out: "
        + (f"{100.0 * searched / reported:.0f}% of the {reported} reported are searched"
           if reported else "none reported"),
        f"`cargo symtest --auto` exits 0 on {ok} of {crates(len(recs))}; generated tests written "
        f"for {len(written)}, compiling and all passing under cargo llvm-cov in {len(passing)}",
        f"of the {crates(len(both))} where the generated and the own tests were both measured: "
        f"generated ≥ own on {len(ge)}, both > own on {len(gt)}"
        + (f" (of them, with no unit tests of their own: {', '.join(untested)})" if untested else ""),
        f"pooled over those {crates(len(both))}: generated {fmt_cov(pooled(both, 'cov_generated'))}, "
        f"own {fmt_cov(pooled(both, 'cov_own'))}, both {fmt_cov(pooled(both, 'cov_both'))}",
        f"own unit tests that do not build: {', '.join(no_build) if no_build else 'none'}",
        f"crates a stage failed for: {', '.join(failed) if failed else 'none'}",
    ]
    if any(r.get("crate_secs") for r in recs):
        summary.append(f"wall time of the crates' turns (fetch to last measure): "
                       f"{fmt_secs(total('crate_secs'))} s")

    # The skip reasons over all crates, the same cause grouped.
    causes = {}
    for r in recs:
        for s in r.get("skipped") or []:
            key = normalise_reason(s.get("reason", "?"))
            c = causes.setdefault(key, {"items": 0, "crates": set(), "example": None})
            c["items"] += 1
            c["crates"].add(r["crate"])
            c["example"] = c["example"] or f"`{s.get('path', '?')}` ({r['crate']}): {s.get('reason', '?')}"
        for x in r.get("left_out") or []:
            key = ("left out by `--auto`: symtest's instrumentation of it does not compile ("
                   + normalise_reason(x["error"]) + ")")
            c = causes.setdefault(key, {"items": 0, "crates": set(), "example": None})
            c["items"] += 1
            c["crates"].add(r["crate"])
            c["example"] = c["example"] or f"`{x['item']}` ({r['crate']}, {x['at']}): {x['error']}"
    ranked = sorted(causes.items(), key=lambda kv: (-kv[1]["items"], kv[0]))
    reasons = ["| items | crates | reason (item-specific names as `…`) | example |", "|---:|---:|---|---|"]
    reasons += [f"| {c['items']} | {len(c['crates'])} | {cell(k)} | {cell(c['example'])} |" for k, c in ranked]

    text = "\n".join(out) + "\n\nTotals:\n\n" + "\n".join(f"- {s}" for s in summary) + "\n"
    text += (f"\nItems skipped or left out over all crates, by reason ({count(skipped + left_out, 'item')}, "
             f"{count(len(ranked), 'reason')}):\n\n")
    text += "\n".join(reasons) + "\n" if ranked else "none.\n"
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
    for a in ("--results", "--crate", "--version", "--dir"):
        s.add_argument(a, required=True)
    s = sub.add_parser("prepare")
    for a in ("--crate", "--version", "--manifest", "--dest", "--repo", "--results"):
        s.add_argument(a, required=True)
    s = sub.add_parser("failed")
    for a in ("--results", "--crate", "--stage"):
        s.add_argument(a, required=True)
    s.add_argument("--log")
    s = sub.add_parser("timed")
    for a in ("--results", "--crate", "--secs"):
        s.add_argument(a, required=True)
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
