#!/usr/bin/env bash
# Sampled-crates benchmark (issue 52 §4): `cargo symtest --auto` on published crates as they
# are published, for breadth: how much of a crate it searches, what it skips and why, and how
# much of the library its tests cover beside the crate's own.
#
# What it does, for each crate of the list (../shared/sample-crates.txt beside the checkout,
# one `name version` a line; --crates to use another):
#   1. fetches the crate at its exact version with `cargo fetch` (a project of its own per
#      crate, so one that fails to fetch fails alone) and copies it into the work directory
#      (nothing of it enters this repository). The copy is the crate as published, but what
#      keeps it from building alone (as benches/modules does): its tests/benches/examples
#      targets and the dev-dependencies only they name, its workspace section, a toolchain pin
#      (rust-toolchain.toml), `warnings` in the `deny` attributes of its files (lints it names
#      one by one stay denied), and lints today's compiler denies in older code. No attribute,
#      no dependency on symtest: `--auto` adds them in a copy of its own;
#   2. runs `cargo symtest --auto --allow-dirty --json --seed 1 --jobs 1` on it, with the
#      cargo-symtest of this checkout (--allow-dirty because the copy is not under git; every
#      other setting is the default): exit code and first error, items annotated (what
#      `--auto` marked), searched (`functions` of the JSON) and skipped (`skipped`, with their
#      reasons; both from its log when it writes no JSON), left out (what `--auto` unmarks
#      because its instrumentation does not compile), build time (until it prints the seed),
#      search time (the sum of the functions' searches) and the wall time of the run;
#   3. measures with `cargo llvm-cov` the region coverage of the whole library (every file of
#      the crate its test build compiles; its #[cfg(test)] code, the files only tests compile
#      and the generated modules left out) by the generated tests alone (`symtest_tests::`),
#      by the crate's own unit tests alone (`--skip symtest_tests`) and by both, and how each
#      set of tests ended. When the test build fails, the generated modules are taken out to
#      tell whose failure it is: if the crate's own tests build then, they are measured so
#      (marked †); if they do not, the crate is kept and marked "own unit tests do not build",
#      and the generated tests are measured on a copy without the crate's test code and
#      dev-dependencies (marked ‡);
#   4. prints a Markdown table, the totals (items, share searched, crates where the generated
#      tests cover as much as the crate's own or more, where both cover more than its own,
#      pooled coverage) and the skip reasons over all crates ranked by count (the item's own
#      types and bounds made `…`, one example each); all written to benches/sample/results.md.
# A crate that fails to fetch, to copy, or whose turn breaks off gets a row saying so; the
# script goes on with the next.
#
# What it installs when missing: cargo-llvm-cov (`cargo install --locked`) and the
# llvm-tools-preview rustup component. It builds cargo-symtest from this checkout (debug, into
# the checkout's own target directory).
#
# How long: --quick, 4 min 9 s on 2 shared cores in a new work directory (139 s of it the
# first instrumented build, with symtest-runtime's dependencies; 3 min 48 s in another run);
# the 43 crates, hours (each search capped by --budget-secs, 60 s). See BENCHMARKS.md.
#
# Run:   benches/sample/run.sh                  # every crate of the list
#        benches/sample/run.sh --quick          # four small ones
#        benches/sample/run.sh --only fnv --only md5
#        benches/sample/run.sh --work-dir /tmp/elsewhere --seed 2 --crates my-list.txt
#
# Builds run under `nice -n 10` with CARGO_BUILD_JOBS=1 (set CARGO_BUILD_JOBS to change that);
# the crates share one CARGO_TARGET_DIR under the work directory. Not part of `cargo test`.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
HELPER="$HERE/sample.py"

# --quick: four small crates of the list, each a single file of the library: a hasher with
# its own unit tests (edition 2015, its lib.rs at the package's root), a digest with its own, a
# shell-quoting parser with its own, and a one-function crate with none.
QUICK_SET="fnv,md5,shell-words,levenshtein"

CARGO_LLVM_COV_VERSION=0.9.1

# --------------------------------------------------------------------------------------------
# Options

CRATES_FILE="$REPO/../shared/sample-crates.txt"
WORK=/tmp/symtest-sample
QUICK=
ONLY=()
SEED=1
RESULTS_MD="$HERE/results.md"
TITLE="cargo symtest --auto on sampled crates"

usage() {
    cat <<EOF
usage: $0 [--quick] [--only CRATE]... [--work-dir DIR] [--seed N] [--crates FILE]
          [--results FILE] [--title TEXT]

  --quick            four small crates ($QUICK_SET)
  --only CRATE       only this crate of the list (repeatable)
  --work-dir DIR     where crates, builds and records go (default $WORK)
  --seed N           seed of cargo symtest (default $SEED)
  --crates FILE      the list of crates, \`name version\` a line (default
                     \$REPO/../shared/sample-crates.txt)
  --results FILE     where the Markdown table goes (default benches/sample/results.md)
  --title TEXT       the table's heading (default "$TITLE")
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) QUICK=1 ;;
        --only) ONLY+=("$2"); shift ;;
        --work-dir) WORK="$2"; shift ;;
        --seed) SEED="$2"; shift ;;
        --crates) CRATES_FILE="$2"; shift ;;
        --results) RESULTS_MD="$2"; shift ;;
        --title) TITLE="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
    shift
done

if [[ ! -f "$CRATES_FILE" ]]; then
    echo "no list of crates at $CRATES_FILE (pass --crates FILE)" >&2
    exit 2
fi
CRATES_FILE="$(cd "$(dirname "$CRATES_FILE")" && pwd)/$(basename "$CRATES_FILE")"
mkdir -p "$WORK"
WORK="$(cd "$WORK" && pwd)"
case "$WORK/" in
    "$REPO"/*) echo "the work directory must be outside the repository" >&2; exit 2 ;;
esac

source "$HERE/../common/crates.sh"

export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-1}"
export CARGO_TARGET_DIR="$WORK/target"      # shared by all the crates
SYMTEST_BIN="$REPO/target/debug/cargo-symtest"
RESULTS="$WORK/results"
LOGS="$WORK/logs"

# The marker that opens a module cargo symtest wrote (benches/common/crates.py: START).
GENERATED_MARK='// @generated by `cargo symtest`'

# --------------------------------------------------------------------------------------------
# Stage 0: tools (install_llvm_cov and build_symtest_debug are in benches/common/crates.sh),
# and the crates of this run

select_crates() {
    local args=(select --table "$CRATES_FILE" --out "$WORK/crates.txt")
    [[ -n "$QUICK" ]] && args+=(--quick "$QUICK_SET")
    for o in "${ONLY[@]+"${ONLY[@]}"}"; do args+=(--only "$o"); done
    python3 "$HELPER" "${args[@]}" > /dev/null
    if [[ ! -s "$WORK/crates.txt" ]]; then
        echo "no crate of $CRATES_FILE matches" >&2
        exit 2
    fi
}

# --------------------------------------------------------------------------------------------
# Stages 1–3 for one crate. Each step that can fail for a crate's own reasons records how and
# returns 0, so the next crate runs.

run_crate() {
    local crate="$1" version="$2"
    local tag="$crate-$version"
    local dir="$WORK/crates/$tag" fetch="$WORK/fetch/$tag"
    log "$crate $version"

    # 1. Fetch, and copy.
    python3 "$HELPER" fetch --results "$RESULTS" --crate "$crate" --version "$version" --dir "$fetch"
    if ! (cd "$fetch" && niced cargo fetch) > "$LOGS/$tag.fetch.log" 2>&1; then
        python3 "$HELPER" failed --results "$RESULTS" --crate "$crate" --stage fetch \
            --log "$LOGS/$tag.fetch.log"
        return 0
    fi
    if ! python3 "$HELPER" prepare --crate "$crate" --version "$version" \
        --manifest "$fetch/Cargo.toml" --dest "$dir" --repo "$REPO" --results "$RESULTS" \
        > "$LOGS/$tag.prepare.log" 2>&1; then
        python3 "$HELPER" failed --results "$RESULTS" --crate "$crate" --stage copy \
            --log "$LOGS/$tag.prepare.log"
        return 0
    fi

    # 2. cargo symtest --auto.
    log "cargo symtest --auto on $crate"
    local out="$LOGS/$tag.symtest.json" stamps="$LOGS/$tag.symtest.stamps"
    local start=$EPOCHREALTIME rc=0 maxrss="$LOGS/$tag.symtest.maxrss" timed=()
    # The run's peak memory, where GNU time is there to measure it.
    rm -f "$maxrss"
    [[ -x /usr/bin/time ]] && timed=(/usr/bin/time -f '%U %S %M' -o "$maxrss")
    stamped "$out" "$stamps" "${timed[@]+"${timed[@]}"}" "$SYMTEST_BIN" symtest --auto \
        --allow-dirty --json --seed "$SEED" --jobs 1 --manifest-path "$dir/Cargo.toml" || rc=$?
    local end=$EPOCHREALTIME
    cut -d' ' -f2- "$stamps" > "$LOGS/$tag.symtest.stderr"
    python3 "$HELPER" symtest --results "$RESULTS" --crate "$crate" --stdout "$out" \
        --stderr "$LOGS/$tag.symtest.stderr" --stamps "$stamps" --start "$start" --end "$end" \
        --exit "$rc" --crate-dir "$dir" --maxrss "$maxrss"
    # The crate as cargo symtest left it (the generated modules written into its files).
    rm -rf "$WORK/generated/$tag"
    cp -r "$dir" "$WORK/generated/$tag"

    # 3. Coverage.
    measure_coverage "$crate" "$dir" "$tag"
}

# coverage KEY DIR LOG_BASE [NOTE]: the record's KEY from the export and log of an llvm_cov run.
coverage() {
    local key="$1" dir="$2" base="$3" note=()
    [[ $# -gt 3 ]] && note=(--note "$4")
    python3 "$HELPER" coverage --results "$RESULTS" --crate "$CRATE" --key "$key" \
        --cov "$base" --log "$base.log" --crate-dir "$dir" "${note[@]+"${note[@]}"}"
}

compiled() { ! grep -q "could not compile" "$1.log"; }

# measure_coverage CRATE DIR TAG: generated tests alone, own tests alone, both (see the top).
measure_coverage() {
    local crate="$1" dir="$2" tag="$3"
    local cov="$LOGS/$tag.cov"
    CRATE="$crate"
    rm -f "$cov"-*
    if ! grep -rqF --include='*.rs' "$GENERATED_MARK" "$dir"; then
        log "coverage of $crate by its own tests (no generated tests)"
        llvm_cov "$dir" "$cov-own.json" || true
        coverage cov_own "$dir" "$cov-own.json"
        return 0
    fi

    log "coverage of $crate by the generated tests"
    llvm_cov "$dir" "$cov-generated.json" symtest_tests:: || true
    coverage cov_generated "$dir" "$cov-generated.json"
    if compiled "$cov-generated.json"; then
        log "coverage of $crate by its own tests"
        llvm_cov "$dir" "$cov-own.json" --skip symtest_tests || true
        coverage cov_own "$dir" "$cov-own.json"
        log "coverage of $crate by both"
        llvm_cov "$dir" "$cov-both.json" || true
        coverage cov_both "$dir" "$cov-both.json"
        return 0
    fi

    # The test build fails: the generated modules, or the crate's own tests?
    log "coverage of $crate by its own tests, the generated modules taken out"
    local files=()
    mapfile -t files < <(grep -rlF --include='*.rs' "$GENERATED_MARK" "$dir")
    python3 "$HELPER" strip "${files[@]}"
    llvm_cov "$dir" "$cov-own.json" --skip symtest_tests || true
    if compiled "$cov-own.json"; then
        coverage cov_own "$dir" "$cov-own.json" "with the generated modules taken out (they do not compile)"
        return 0
    fi
    coverage cov_own "$dir" "$cov-own.json"
    log "coverage of $crate by the generated tests, its own tests taken out (they do not build)"
    local bare="$dir-without-tests"
    rm -rf "$bare"
    cp -r "$WORK/generated/$tag" "$bare"
    python3 "$HELPER" strip-tests --crate-dir "$bare"
    llvm_cov "$bare" "$cov-generated.json" symtest_tests:: || true
    coverage cov_generated "$bare" "$cov-generated.json" \
        "on a copy without the crate's own test code and dev-dependencies (they do not build)"
}

# --------------------------------------------------------------------------------------------
# Stage 4: report

write_report() {
    local header="$WORK/header.md" commit dirty=
    commit="$(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo unknown)"
    # Uncommitted changes to the code that ran (results files aside) are said in the header.
    [[ -n "$(git -C "$REPO" status --porcelain -- benches cargo-symtest symtest-macros \
        symtest-runtime ':!*.md' 2>/dev/null)" ]] && dirty=" with uncommitted changes"
    cat > "$header" <<EOF
# $TITLE

Written by \`${SCRIPT_NAME:-benches/sample/run.sh}$( [[ -n "$QUICK" ]] && printf ' --quick' )$( for o in "${ONLY[@]+"${ONLY[@]}"}"; do printf ' --only %s' "$o"; done )\` on $(date -u +%Y-%m-%d) ($(nproc) cores), symtest at
\`$commit\`$dirty; $(rustc --version); $(cargo llvm-cov --version); \`cargo symtest --auto --allow-dirty --json
--seed $SEED --jobs 1\` on each crate of \`$(basename "$CRATES_FILE")\` ($(wc -l < "$WORK/crates.txt") of $(grep -cv '^\s*\(#\|$\)' "$CRATES_FILE") crates).

- *items annotated*: what \`--auto\` marked in its copy (free fns, impl blocks, structs,
  enums). *searched*: the entries of \`--json\`'s \`functions\` (an impl block's call
  sequences and each associated fn searched alone count one each). *skipped*: the entries
  of \`--json\`'s \`skipped\`, by reason in the notes and ranked over all crates below.
  *left out*: items \`--auto\` left unmarked because symtest's instrumentation of them does
  not compile (its warnings; ranked with the skipped). \*: counted from the log, for a run
  that wrote no \`--json\` summary.
- *\`cargo symtest\`*: ok (exit 0), exit 1 (a generated test failed when it ran them), exit
  2 (it failed; the first error is in the notes), or the stage that kept it from running.
- *generated tests*, *own unit tests*: how each set of the crate's lib tests ended under
  \`cargo llvm-cov\`; *rejected by rustc*: tests cargo symtest left out because they did not
  compile; "do not build": the crate's own unit tests do not build on this toolchain (the
  crate is kept).
- *regions*: code regions of the library (every file of the crate its test build compiles,
  its \`#[cfg(test)]\` code, files only tests compile and the generated modules left out)
  executed by the generated tests alone, the crate's own unit tests alone, and both. †: own
  tests measured with the generated modules taken out; ‡: generated tests measured on a copy
  without the crate's test code.
- *build*: \`cargo symtest\` until it prints the seed (the instrumented build; in a new work
  directory the first crate also builds symtest-runtime's dependencies), or until it fails;
  *search*: the sum of the functions' search times; *run*: the whole \`cargo symtest\` run.
- *peak memory*: the largest resident size of the run's processes (\`/usr/bin/time -f %M\`:
  cargo symtest's own, or that of a process it waited for, rustc or a search; not their sum).
  The run's CPU time (user and system, its processes' together) is in each crate's JSON
  (\`cpu_secs\`): on shared cores it is steadier than the wall time.
EOF
    python3 "$HELPER" table --order "$WORK/crates.txt" --results "$RESULTS" \
        --out "$RESULTS_MD" --header "$header"
    echo >&2
    echo "written to $RESULTS_MD" >&2
}

main() {
    mkdir -p "$LOGS" "$WORK/crates" "$WORK/fetch" "$WORK/generated"
    rm -rf "$RESULTS"
    mkdir -p "$RESULTS"
    local started=$SECONDS
    log "tools"
    install_llvm_cov
    build_symtest_debug
    select_crates
    log "$(wc -l < "$WORK/crates.txt") crates of $CRATES_FILE"
    local crate version rc turn
    while read -r crate version <&3; do
        turn=$SECONDS
        # A turn that breaks off (a helper's error) is recorded, and the next crate runs. The
        # subshell is not part of an `||` list, so `set -e` holds inside it.
        set +e
        (set -e; run_crate "$crate" "$version")
        rc=$?
        set -e
        if [[ $rc -ne 0 ]]; then
            echo "$crate $version: its turn broke off (exit $rc)" >&2
            python3 "$HELPER" failed --results "$RESULTS" --crate "$crate" --stage "turn (exit $rc)"
        fi
        python3 "$HELPER" timed --results "$RESULTS" --crate "$crate" --secs $(( SECONDS - turn ))
    done 3< "$WORK/crates.txt"
    write_report
    log "done in $(( (SECONDS - started) / 60 )) min $(( (SECONDS - started) % 60 )) s"
}

main
