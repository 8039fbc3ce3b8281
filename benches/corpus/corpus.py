#!/usr/bin/env python3
"""Helper of benches/corpus/run.sh (Python 3 standard library only).

run.sh runs the tools (cargo symtest, cargo fuzz, the fuzzers, cargo llvm-cov); this file does
the text work around them:

  select     the rows of the corpus table to run (--quick, --only)
  fetch      writes the Cargo.toml of a project that depends on every corpus crate (cargo fetch)
  locate     where cargo unpacked a crate (from `cargo metadata` of that project)
  prepare    copies a crate, annotates its functions with #[symtest_runtime::symtest], adds the
             dependency, drops what gets in the way, and writes the corpus-replay test module and
             the cargo-fuzz project (one fuzz target per function)
  symtest    reads `cargo symtest --json` and its stderr into one record per function
  save       keeps the files cargo symtest wrote (generated tests) for the variants below
  variant    rewrites the generated tests so only one function's tests (or none) are compiled
  dropfailing takes out the generated tests the compiler reported errors in
  firsterror the first specific error of a cargo log
  regions    the region coverage of one function in a `cargo llvm-cov --json` export
  fuzzstats  executions, corpus size and early stop (hang, crash) of a libFuzzer run
  fuzzsecs   the fuzzing time of a function: its search time (times a factor)
  record     stores key=value pairs in a function's record
  table      the Markdown table of all records
"""

import argparse
import base64
import json
import os
import re
import shutil
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "common"))
from crates import (  # noqa: E402
    END, START, allow_warnings, copy_crate, crate_root, first_error, fmt_secs, locate,
    matching_brace, pct, skip_literal, write_fetch_project,
)

# ---------------------------------------------------------------------------------------------
# The corpus table


def read_table(path):
    """Rows of the corpus table: crate, version, features, call path, file."""
    rows = []
    for line in open(path):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        crate, version, features, call, file = line.split()
        rows.append(
            {
                "crate": crate,
                "version": version,
                "features": [] if features == "-" else features.split(","),
                "call": call,
                "name": call.rsplit("::", 1)[-1],
                "file": file,
            }
        )
    return rows


def cmd_select(args):
    rows = read_table(args.table)
    if args.only:
        rows = [r for r in rows if any(o in f"{r['crate']}::{r['call']}" for o in args.only)]
    if args.quick:
        quick = args.quick.split(",")
        rows = [r for r in rows if f"{r['crate']}::{r['call']}" in quick]
    with open(args.out, "w") as out:
        for r in rows:
            feats = ",".join(r["features"]) or "-"
            out.write(f"{r['crate']} {r['version']} {feats} {r['call']} {r['file']}\n")
    crates = []
    for r in rows:
        if (r["crate"], r["version"]) not in crates:
            crates.append((r["crate"], r["version"]))
    for crate, version in crates:
        print(f"{crate} {version}")


def cmd_fetch(args):
    rows = read_table(args.table)
    write_fetch_project(args.dir, {r["crate"]: r["version"] for r in rows})


def cmd_locate(args):
    print(locate(args.manifest, args.crate, args.version))


# ---------------------------------------------------------------------------------------------
# Reading Rust source: where a function starts and ends, and its parameters


def find_function(text, name):
    """(first line, last line, signature text) of `fn name(` in text, 1-based lines."""
    m = re.search(r"^[ \t]*(pub(\([^)]*\))?\s+)?fn\s+" + re.escape(name) + r"\s*[(<]", text, re.M)
    if not m:
        return None
    start = m.start() + len(m.group(0)) - len(m.group(0).lstrip())
    i, depth, body = m.end() - 1, 0, None
    while i < len(text):
        j = skip_literal(text, i)
        if j is not None:
            i = j
            continue
        c = text[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth -= 1
        elif c == "{" and depth == 0:
            body = i
            break
        i += 1
    signature = text[start:body]
    i = matching_brace(text, body)
    first = text.count("\n", 0, start) + 1
    last = text.count("\n", 0, i) + 1
    return first, last, signature


def split_top(s, sep=","):
    """Splits at separators outside brackets."""
    parts, depth, cur = [], 0, ""
    for c in s:
        if c in "([<{":
            depth += 1
        elif c in ")]>}":
            depth -= 1
        if c == sep and depth == 0:
            parts.append(cur)
            cur = ""
        else:
            cur += c
    if cur.strip():
        parts.append(cur)
    return [p.strip() for p in parts]


def param_types(signature):
    open_at = signature.index("(")
    depth = 0
    for i in range(open_at, len(signature)):
        depth += {"(": 1, ")": -1}.get(signature[i], 0)
        if depth == 0:
            break
    inner = signature[open_at + 1 : i]
    types = []
    for p in split_top(inner):
        pattern, ty = p.split(":", 1)
        types.append(" ".join(ty.split()))
    return types


def fuzz_input(types):
    """The type a fuzz target decodes with `arbitrary`, and how each argument is passed."""
    owned, passes = [], []
    for t in types:
        m = re.fullmatch(r"&\s*(mut\s+)?\[(.+)\]", t)
        if m and m.group(2).strip() != "u8":
            owned.append(f"Vec<{m.group(2).strip()}>")
            passes.append("&{}")
        else:
            owned.append(t)
            passes.append("{}")
    tuple_type = "(" + ", ".join(owned) + ("," if len(owned) == 1 else "") + ")"
    call_args = ", ".join(p.format(f"a.{i}") for i, p in enumerate(passes))
    return tuple_type, call_args


# ---------------------------------------------------------------------------------------------
# Preparing a crate


REPLAY_HEAD = """\
// Written by benches/corpus/run.sh: replays a libFuzzer corpus through one function, decoding
// each input exactly as the fuzz target does, so that `cargo llvm-cov` measures the coverage
// the corpus reaches in the same instrumented build as the generated tests.
extern crate std;
extern crate arbitrary as corpus_arbitrary;

use self::corpus_arbitrary::{Arbitrary, Unstructured};

fn replay<F: Fn(&[u8])>(run: F) {
    let dir = match std::env::var_os("SYMTEST_CORPUS_DIR") {
        Some(dir) => dir,
        None => return,
    };
    let mut inputs: std::vec::Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .expect("SYMTEST_CORPUS_DIR")
        .map(|entry| entry.expect("corpus entry").path())
        .collect();
    inputs.sort();
    std::panic::set_hook(std::boxed::Box::new(|_| {}));
    for input in &inputs {
        let bytes = std::fs::read(input).expect("corpus input");
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&bytes)));
    }
    let _ = std::panic::take_hook();
}
"""

REPLAY_FN = """
#[test]
fn replay_{name}() {{
    replay(|bytes| {{
        if bytes.len() < <{ty} as Arbitrary>::size_hint(0).0 {{
            return;
        }}
        if let Ok(a) = <{ty} as Arbitrary>::arbitrary_take_rest(Unstructured::new(bytes)) {{
            let _ = crate::{call}({args});
        }}
    }});
}}
"""

FUZZ_MANIFEST = """\
[package]
name = "{crate}-corpus-fuzz"
version = "0.0.0"
edition = "2021"
publish = false

[package.metadata]
cargo-fuzz = true

[dependencies]
libfuzzer-sys = "={libfuzzer}"
arbitrary = "={arbitrary}"

[dependencies.{crate}]
path = ".."

[workspace]
"""

FUZZ_TARGET = """\
// Written by benches/corpus/run.sh. Panics are outcomes here, as in the generated tests: the
// target catches them so that libFuzzer keeps searching for coverage after the first one.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(
    init: {{
        std::panic::set_hook(Box::new(|_| {{}}));
    }},
    |a: {ty}| {{
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {{
            let _ = {lib}::{call}({args});
        }}));
    }}
);
"""


def cmd_prepare(args):
    rows = [r for r in read_table(args.table) if r["crate"] == args.crate]
    if args.function:
        rows = [r for r in rows if r["name"] == args.function]
    arbitrary = ["[dev-dependencies.arbitrary]", f'version = "={args.arbitrary}"', ""]
    copy_crate(args.src, args.dest, args.repo, rows[0]["features"], arbitrary)
    root, lib, edition = crate_root(args.dest)
    allow_warnings(root)

    functions = []
    for r in rows:
        path = os.path.join(args.dest, r["file"])
        text = open(path).read()
        found = find_function(text, r["name"])
        if not found:
            sys.exit(f"{r['crate']}: no fn {r['name']} in {r['file']}")
        first, last, signature = found
        lines = text.split("\n")
        indent = re.match(r"\s*", lines[first - 1]).group(0)
        lines.insert(first - 1, f"{indent}#[symtest_runtime::symtest]")
        open(path, "w").write("\n".join(lines))
        types = param_types(signature)
        ty, call_args = fuzz_input(types)
        functions.append(
            dict(r, file=os.path.abspath(path), lines=last - first + 1, params=types,
                 fuzz_type=ty, fuzz_args=call_args)
        )

    # The crate root: the edition-2015 `extern crate`, and the replay module.
    replay_file = "symtest_corpus_replay.rs"
    text = open(root).read()
    tail = "\n// Added by benches/corpus/run.sh.\n"
    if edition == "2015":
        tail += "extern crate symtest_runtime;\n"
    tail += f'#[cfg(test)]\n#[path = "{replay_file}"]\nmod symtest_corpus_replay;\n'
    open(root, "w").write(text.rstrip("\n") + "\n" + tail)
    replay = REPLAY_HEAD
    for f in functions:
        replay += REPLAY_FN.format(name=f["name"], ty=f["fuzz_type"], call=f["call"], args=f["fuzz_args"])
    open(os.path.join(os.path.dirname(root), replay_file), "w").write(replay)

    # The cargo-fuzz project.
    fuzz = os.path.join(args.dest, "fuzz")
    os.makedirs(os.path.join(fuzz, "fuzz_targets"), exist_ok=True)
    manifest = FUZZ_MANIFEST.format(crate=args.crate, libfuzzer=args.libfuzzer, arbitrary=args.arbitrary)
    for f in functions:
        manifest += (
            f'\n[[bin]]\nname = "{f["name"]}"\npath = "fuzz_targets/{f["name"]}.rs"\n'
            "test = false\ndoc = false\nbench = false\n"
        )
        target = FUZZ_TARGET.format(ty=f["fuzz_type"], lib=lib, call=f["call"], args=f["fuzz_args"])
        open(os.path.join(fuzz, "fuzz_targets", f["name"] + ".rs"), "w").write(target)
    open(os.path.join(fuzz, "Cargo.toml"), "w").write(manifest)

    meta = os.path.join(args.dest, ".corpus")
    os.makedirs(meta, exist_ok=True)
    json.dump({"lib": lib, "edition": edition, "functions": functions},
              open(os.path.join(meta, "functions.json"), "w"), indent=1)
    for f in functions:
        print(f["name"])


# ---------------------------------------------------------------------------------------------
# Records: one JSON file per function under <work>/results/<crate>/<name>.json


def record_path(results, crate, name):
    return os.path.join(results, crate, name + ".json")


def load_record(path):
    return json.load(open(path)) if os.path.exists(path) else {}


def update_record(path, **fields):
    rec = load_record(path)
    rec.update(fields)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    json.dump(rec, open(path, "w"), indent=1)


def cmd_record(args):
    fields = {}
    for kv in args.pairs:
        k, v = kv.split("=", 1)
        try:
            fields[k] = json.loads(v)
        except ValueError:
            fields[k] = v
    update_record(record_path(args.results, args.crate, args.name), **fields)


def note(path, text):
    rec = load_record(path)
    notes = rec.get("notes", [])
    if text not in notes:
        notes.append(text)
    update_record(path, notes=notes)


def cmd_symtest(args):
    """One record per function from a run of `cargo symtest --json`."""
    info = json.load(open(os.path.join(args.crate_dir, ".corpus", "functions.json")))
    stderr = open(args.stderr, errors="replace").read()
    stamps = [l.split(" ", 1) for l in open(args.stamps).read().splitlines() if " " in l]
    # Build time: from the start of the run to the line cargo symtest prints once the
    # instrumented build is done and the functions are listed ("Seed N").
    build = None
    for t, line in stamps:
        if line.strip().startswith("Seed "):
            build = float(t) - float(args.start)
            break
    try:
        report = json.loads(open(args.stdout).read())
    except ValueError:
        report = None
    errors = [l for l in stderr.splitlines() if l.startswith("error")]
    for f in info["functions"]:
        path = record_path(args.results, args.crate, f["name"])
        base = {k: f[k] for k in ("crate", "version", "call", "name", "file", "lines", "params")}
        update_record(path, **base, symtest_exit=args.exit, build_secs=build)
        entry = None
        if report:
            for e in report["functions"]:
                if e["path"].rsplit("::", 1)[-1] == f["name"]:
                    entry = e
        if entry is None:
            reason = first_error(stderr) or f"cargo symtest exited with {args.exit} and no report"
            update_record(path, symtest_failed=reason)
            continue
        update_record(
            path,
            search_secs=entry["elapsed_ms"] / 1000.0,
            tests=entry["tests"],
            evaluations=entry["evaluations"],
            branches=entry["branches"],
            covered_branches=entry["covered"],
            uncovered=entry["uncovered"],
            problem=entry["problem"],
            seed=entry["seed"],
        )
        if entry["problem"]:
            note(path, f"search problem: {entry['problem']}")
        for line in stderr.splitlines():
            if line.startswith(f"warning: {f['name']}(") or line.startswith(f"warning: {entry['path']}: "):
                text = line[len("warning: "):]
                note(path, "symtest: " + (text if len(text) <= 200 else text[:200] + "…"))
        if args.exit == 1:
            failing = failing_tests(stderr, f["name"])
            if failing:
                note(path, "generated tests fail: " + ", ".join(failing))
    if args.exit != 0 and report:
        print(f"cargo symtest exited with {args.exit}: {first_error(stderr)}", file=sys.stderr)


def failing_tests(stderr, name):
    out = []
    for m in re.finditer(r"^test (\S*symtest_tests::(\S+)) \.\.\. FAILED", stderr, re.M):
        if m.group(2).startswith(name + "_"):
            out.append(m.group(2))
    return out


# ---------------------------------------------------------------------------------------------
# Variants of the generated tests

def generated_files(crate_dir):
    files = []
    for base, dirs, names in os.walk(os.path.join(crate_dir, "src")):
        for n in names:
            p = os.path.join(base, n)
            if n.endswith(".rs") and START in open(p, errors="replace").read():
                files.append(p)
    return files


def cmd_save(args):
    save = os.path.join(args.crate_dir, ".corpus", "generated")
    shutil.rmtree(save, ignore_errors=True)
    for p in generated_files(args.crate_dir):
        rel = os.path.relpath(p, args.crate_dir)
        os.makedirs(os.path.dirname(os.path.join(save, rel)), exist_ok=True)
        shutil.copy(p, os.path.join(save, rel))


def keep_only(text, name):
    """The text with the generated module reduced to the tests of fn `name` (or removed)."""
    lines = text.split("\n")
    try:
        s = next(i for i, l in enumerate(lines) if l.strip().startswith(START))
        e = next(i for i, l in enumerate(lines) if l.strip().startswith(END))
    except StopIteration:
        return text
    block = lines[s : e + 1]
    headers = [i for i, l in enumerate(block) if re.match(r"\s*// symtest: fn=", l)]
    closing = max(i for i, l in enumerate(block) if l.strip() == "}")
    keep = None
    for k, h in enumerate(headers):
        if name is not None and re.match(r"\s*// symtest: fn=" + re.escape(name) + r"\s", block[h]):
            keep = (h, headers[k + 1] if k + 1 < len(headers) else closing)
    if name is None or keep is None:
        new_block = []
    else:
        first = headers[0] if headers else closing
        new_block = block[:first] + block[keep[0] : keep[1]] + block[closing:]
    return "\n".join(lines[:s] + new_block + lines[e + 1 :])


def cmd_variant(args):
    save = os.path.join(args.crate_dir, ".corpus", "generated")
    for base, dirs, names in os.walk(save):
        for n in names:
            saved = os.path.join(base, n)
            rel = os.path.relpath(saved, save)
            text = open(saved).read()
            if args.restore:
                out = text
            elif args.keep and os.path.abspath(os.path.join(args.crate_dir, rel)) == os.path.abspath(args.file or ""):
                out = keep_only(text, args.keep)
            else:
                out = keep_only(text, None)
            open(os.path.join(args.crate_dir, rel), "w").write(out)


def cmd_dropfailing(args):
    """Takes out of the generated tests every test function the compiler reported an error in
    (from a cargo log), so that the rest of the suite can be measured; prints their names."""
    log = open(args.log, errors="replace").read()
    where = {}
    for m in re.finditer(r"^error.*\n\s*--> ([^:\n]+):(\d+):\d+", log, re.M):
        path = os.path.join(args.crate_dir, m.group(1))
        where.setdefault(os.path.abspath(path), set()).add(int(m.group(2)))
    dropped = []
    for path, lines_with_errors in where.items():
        if not os.path.exists(path):
            continue
        lines = open(path).read().split("\n")
        try:
            s = next(i for i, l in enumerate(lines) if l.strip().startswith(START))
            e = next(i for i, l in enumerate(lines) if l.strip().startswith(END))
        except StopIteration:
            continue
        spans = []
        for n in sorted(lines_with_errors):
            i = n - 1
            if not s < i < e:
                continue
            f = i
            while f > s and not re.match(r"\s*fn \w+\(\)", lines[f]):
                f -= 1
            m = re.match(r"(\s*)fn (\w+)\(\)", lines[f])
            if not m:
                continue
            start = f
            while start - 1 > s and lines[start - 1].strip().startswith("#["):
                start -= 1
            end = f
            while end < e and lines[end] != m.group(1) + "}":
                end += 1
            spans.append((start, end, m.group(2)))
        for start, end, name in sorted(set(spans), reverse=True):
            del lines[start : end + 1]
            dropped.append(name)
        open(path, "w").write("\n".join(lines))
    for name in sorted(set(dropped)):
        print(name)
    sys.exit(0 if dropped else 1)


# ---------------------------------------------------------------------------------------------
# Region coverage of one function


def cmd_regions(args):
    """Covered and total code regions of fn `name`: the regions of the export that lie in the
    function's file and lines (its body, with the closures and nested fns written in it; not
    the bodies of macros defined elsewhere)."""
    text = open(args.file).read()
    first, last, _ = find_function(text, args.name)
    data = json.load(open(args.cov))["data"][0]
    target = os.path.realpath(args.file)
    regions = {}
    for fn in data["functions"]:
        files = [os.path.realpath(f) for f in fn["filenames"]]
        for r in fn["regions"]:
            ls, cs, le, ce, count, file_id, _expanded, kind = r[:8]
            if kind != 0 or files[file_id] != target or not first <= ls <= last:
                continue
            key = (ls, cs, le, ce)
            regions[key] = regions.get(key, False) or count > 0
    covered = sum(regions.values())
    missed = sorted(k for k, v in regions.items() if not v)
    result = {"covered": covered, "total": len(regions),
              "missed_lines": sorted({k[0] for k in missed}),
              "missed": [list(k) for k in missed]}
    if args.dropped:
        result["dropped"] = args.dropped.split()
        result["compile_error"] = args.compile_error
    print(json.dumps(result))


def cmd_firsterror(args):
    text = open(args.log, errors="replace").read()
    err = first_error(text)
    if args.raw:
        pass
    elif err and "with symtest instrumentation" in text:
        err = f"the instrumented build fails: {err}"
    elif err and "could not compile" in text:
        err = f"{args.what} do not compile: {err}"
    print(err or "failed (see the log)")


def cmd_fuzzstats(args):
    text = open(args.log, errors="replace").read()
    execs = re.findall(r"stat::number_of_executed_units:\s*(\d+)", text)
    if not execs:
        execs = re.findall(r"#(\d+)\s", text)
    n = len(os.listdir(args.corpus)) if os.path.isdir(args.corpus) else 0
    stats = {"secs": args.secs, "execs": int(execs[-1]) if execs else 0, "corpus": n}
    # libFuzzer stops at the first hang, crash or out-of-memory input (panics are caught in
    # the target, so a crash is an abort or a stack overflow).
    m = re.search(r"ERROR: libFuzzer: (timeout|deadly signal|out-of-memory|fuzz target exited)", text)
    if m:
        stats["stopped"] = m.group(1)
        b64 = re.search(r"^Base64: (\S*)", text, re.M)
        if b64:
            raw = base64.b64decode(b64.group(1))
            stats["input"] = raw.decode("utf-8", "backslashreplace")[:80]
    print(json.dumps(stats))


def cmd_fuzzsecs(args):
    rec = load_record(record_path(args.results, args.crate, args.name))
    if rec.get("search_secs") is None:
        return
    print(f"{max(rec['search_secs'], args.floor) * args.factor:.3f}")


# ---------------------------------------------------------------------------------------------
# The table


def fmt_cov(c):
    if not c:
        return "n/a"
    if "error" in c:
        return "error"
    p = pct(c)
    star = "*" if c.get("dropped") else ""
    return f"{p:.0f}%{star} ({c['covered']}/{c['total']})" if p is not None else "no regions"


def short(numbers, n=8):
    return ", ".join(str(x) for x in numbers[:n]) + (", …" if len(numbers) > n else "")


def cmd_table(args):
    table_rows = read_table(args.table)
    order = {(r["crate"], r["name"]): i for i, r in enumerate(table_rows)}
    recs = []
    for crate in sorted(os.listdir(args.results)):
        d = os.path.join(args.results, crate)
        for n in sorted(os.listdir(d)):
            if n.endswith(".json"):
                recs.append(json.load(open(os.path.join(d, n))))
    recs.sort(key=lambda r: order.get((r.get("crate"), r.get("name")), 1 << 30))
    head = (
        "| crate | function | lines | build (s) | search (s) | tests | evaluations | branches "
        "| symtest regions | libFuzzer 1× | libFuzzer 10× | notes |"
    )
    out = [head, "|" + "---|" * 12]
    for r in recs:
        notes = list(r.get("notes", []))
        if r.get("symtest_failed"):
            notes.insert(0, "symtest failed: " + r["symtest_failed"])
        for key in ("cov_symtest", "cov_fuzz_1x", "cov_fuzz_10x"):
            c = r.get(key)
            if c and "error" in c:
                notes.append(f"{key}: {c['error']}")
            if c and c.get("dropped"):
                notes.append(
                    f"*measured without the {len(c['dropped'])} of {r.get('tests', '?')} generated tests that "
                    f"do not compile ({c['compile_error']}): " + ", ".join(c["dropped"])
                )
        s, f1, f10 = (pct(r.get(k)) for k in ("cov_symtest", "cov_fuzz_1x", "cov_fuzz_10x"))
        if s is not None and f1 is not None and f1 > s:
            notes.append("libFuzzer 1× covers more")
        elif s is not None and f10 is not None and f10 > s:
            notes.append("libFuzzer 10× covers more")
        if s is not None and r["cov_symtest"].get("missed_lines"):
            notes.append("symtest's tests miss regions on lines " + short(r["cov_symtest"]["missed_lines"]))
            fuzzed = [r[k] for k in ("cov_fuzz_1x", "cov_fuzz_10x") if pct(r.get(k)) is not None]
            if fuzzed:
                missed = {tuple(m) for m in r["cov_symtest"].get("missed", [])}
                reached = set()
                for c in fuzzed:
                    reached |= missed - {tuple(m) for m in c.get("missed", [])}
                if reached:
                    notes.append("of those libFuzzer reaches lines " + short(sorted({m[0] for m in reached})))
        if r.get("uncovered"):
            shown = [f"line {u['line']} `{u['text']}` {u['outcome']}" for u in r["uncovered"][:4]]
            more = len(r["uncovered"]) - len(shown)
            notes.append("branches symtest did not cover: " + ", ".join(shown) + (f" and {more} more" if more > 0 else ""))
        fz = []
        for k, label in (("fuzz_1x", "1×"), ("fuzz_10x", "10×")):
            st = r.get(k)
            if st:
                fz.append(f"{label} {st['secs']:.2f}s {st['execs']:,} execs")
                if st.get("stopped"):
                    stop = f"libFuzzer {label} stopped early on a {st['stopped']}"
                    if "input" in st:
                        stop += f" (input bytes as text: {json.dumps(st['input'])})"
                    notes.append(stop)
        if fz:
            notes.append("libFuzzer " + "; ".join(fz))
        branches = (
            f"{r['covered_branches']}/{r['branches']}" if r.get("branches") is not None else "n/a"
        )
        build = r.get("build_secs")
        out.append(
            "| {crate} {version} | `{name}` | {lines} | {build} | {search} | {tests} | {evals} | "
            "{branches} | {s} | {f1} | {f10} | {notes} |".format(
                crate=r.get("crate"),
                version=r.get("version"),
                name=r.get("name"),
                lines=r.get("lines", "?"),
                build=fmt_secs(build),
                search=fmt_secs(r.get("search_secs")),
                tests=r.get("tests", "n/a"),
                evals=f"{r['evaluations']:,}" if r.get("evaluations") is not None else "n/a",
                branches=branches,
                s=fmt_cov(r.get("cov_symtest")),
                f1=fmt_cov(r.get("cov_fuzz_1x")),
                f10=fmt_cov(r.get("cov_fuzz_10x")),
                notes="; ".join(n.replace("|", "\\|") for n in notes),
            )
        )
    # Totals over the functions where all three coverages were measured.
    both = [r for r in recs if all(pct(r.get(k)) is not None for k in ("cov_symtest", "cov_fuzz_1x", "cov_fuzz_10x"))]
    summary = []
    if both:
        def mean(k):
            return sum(pct(r[k]) for r in both) / len(both)

        def wins(a, b):
            return sum(1 for r in both if pct(r[a]) > pct(r[b]))

        summary = [
            "",
            f"Mean region coverage over the {len(both)} functions measured by all three: "
            f"symtest {mean('cov_symtest'):.1f}%, libFuzzer 1× {mean('cov_fuzz_1x'):.1f}%, "
            f"libFuzzer 10× {mean('cov_fuzz_10x'):.1f}%. symtest covers more regions than libFuzzer 1× on "
            f"{wins('cov_symtest', 'cov_fuzz_1x')}, fewer on {wins('cov_fuzz_1x', 'cov_symtest')}; more than "
            f"libFuzzer 10× on {wins('cov_symtest', 'cov_fuzz_10x')}, fewer on {wins('cov_fuzz_10x', 'cov_symtest')}.",
        ]
    text = "\n".join(out + summary) + "\n"
    if args.header:
        text = open(args.header).read() + "\n" + text
    open(args.out, "w").write(text)
    print("\n".join(out + summary))


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
    s = sub.add_parser("locate")
    s.add_argument("--manifest", required=True)
    s.add_argument("--crate", required=True)
    s.add_argument("--version", required=True)
    s = sub.add_parser("prepare")
    for a in ("--table", "--crate", "--src", "--dest", "--repo", "--arbitrary", "--libfuzzer"):
        s.add_argument(a, required=True)
    s.add_argument("--function")
    s = sub.add_parser("symtest")
    for a in ("--crate", "--crate-dir", "--results", "--stdout", "--stderr", "--stamps", "--start"):
        s.add_argument(a, required=True)
    s.add_argument("--exit", type=int, required=True)
    s = sub.add_parser("save")
    s.add_argument("--crate-dir", required=True)
    s = sub.add_parser("variant")
    s.add_argument("--crate-dir", required=True)
    s.add_argument("--keep")
    s.add_argument("--file")
    s.add_argument("--restore", action="store_true")
    s = sub.add_parser("dropfailing")
    s.add_argument("--log", required=True)
    s.add_argument("--crate-dir", required=True)
    s = sub.add_parser("regions")
    for a in ("--cov", "--file", "--name"):
        s.add_argument(a, required=True)
    s.add_argument("--dropped", help="generated tests left out (they do not compile)")
    s.add_argument("--compile-error")
    s = sub.add_parser("firsterror")
    s.add_argument("--log", required=True)
    s.add_argument("--what", default="tests")
    s.add_argument("--raw", action="store_true")
    s = sub.add_parser("fuzzstats")
    s.add_argument("--log", required=True)
    s.add_argument("--corpus", required=True)
    s.add_argument("--secs", type=float, required=True)
    s = sub.add_parser("fuzzsecs")
    for a in ("--results", "--crate", "--name"):
        s.add_argument(a, required=True)
    s.add_argument("--factor", type=float, default=1.0)
    s.add_argument("--floor", type=float, default=0.0)
    s = sub.add_parser("record")
    for a in ("--results", "--crate", "--name"):
        s.add_argument(a, required=True)
    s.add_argument("pairs", nargs="*")
    s = sub.add_parser("table")
    for a in ("--table", "--results", "--out"):
        s.add_argument(a, required=True)
    s.add_argument("--header")
    args = p.parse_args()
    globals()["cmd_" + args.cmd](args)


if __name__ == "__main__":
    main()
