#!/usr/bin/env bash
# Module benchmark: cargo symtest on whole source files of published crates, annotated as a
# user who wants the module tested would annotate them.
#
# What it does, for each crate of the CRATES table below (exact versions from crates.io):
#   1. fetches the crate with `cargo fetch` and copies it into the work directory (nothing of it
#      enters this repository), adds `symtest-runtime = { path = "<repo>/symtest-runtime" }`, and
#      drops what gets in the way of building it alone: its tests/benches/examples targets and
#      the dev-dependencies only they name (criterion), its workspace section, a
#      `#![deny(warnings)]`, and lints today's compiler denies in code older ones accepted
#      (`semicolon_in_expressions_from_macros` warns: mime's tests); an edition-2015 crate also
#      gets `extern crate symtest_runtime;` at its root;
#   2. puts #[symtest_runtime::symtest] on every free fn, impl block (inherent and trait impls),
#      struct and enum of the listed files, at module level and in inline modules, with no
#      hand-picking: `cargo symtest annotate FILE...` (hidden; cargo-symtest/src/annotate.rs)
#      leaves out only #[cfg(test)] code, fn bodies, macros and what already carries the
#      attribute. Nothing is ever taken out again to make the crate build: what fails is what
#      the benchmark shows;
#   3. runs `cargo symtest --allow-dirty --json --jobs 1 --seed 1` on it: exit code and first
#      error, items searched (`functions` of the JSON), items skipped by reason (`skipped`, when
#      cargo symtest reports it), build time (until it prints the seed) and search time (the sum
#      of the functions' searches);
#   4. measures with `cargo llvm-cov` the region coverage of the annotated files' own code
#      (their #[cfg(test)] items and the generated modules left out) by the generated tests
#      alone (`symtest_tests::`), by the crate's own unit tests alone (`--skip symtest_tests`)
#      and by both together, and whether the generated tests compile and pass. When the
#      generated tests do not compile, the crate's own are measured with the generated modules
#      taken out; when the attributes keep the crate from building for its tests at all, on a
#      copy without them (both marked † in the table, and said in the notes);
#   5. prints a Markdown table and writes it to benches/modules/results.md.
#
# What it installs when missing: cargo-llvm-cov (`cargo install --locked`) and the
# llvm-tools-preview rustup component. It builds cargo-symtest from this checkout (debug, into
# the checkout's own target directory).
#
# How long: on 2 cores shared with other work, in a new work directory (cargo-llvm-cov
# installed, cargo-symtest built), the 10 crates took 16 min 2 s with every crate building and
# 46 items searched (the "after" table in BENCHMARKS.md), most of it compiling the crates'
# dependencies (once per work directory: optimised for symtest, and for cargo llvm-cov); 11 min
# 12 s before, when no crate built instrumented, and 2 min when run again in the same
# directory. --quick took 11 min 44 s in a new work directory and 21 s again (before). Each
# function's search is capped by --budget-secs (60 s by default).
#
# Run:   benches/modules/run.sh                  # all crates
#        benches/modules/run.sh --quick          # three small ones
#        benches/modules/run.sh --only glob --only heck
#        benches/modules/run.sh --work-dir /tmp/elsewhere --budget-secs 10
#
# Builds run under `nice -n 10` with CARGO_BUILD_JOBS=1 (set CARGO_BUILD_JOBS to change that);
# the crates share one CARGO_TARGET_DIR under the work directory. Not part of `cargo test`.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
HELPER="$HERE/modules.py"

# --------------------------------------------------------------------------------------------
# The crates: name, exact version, and the files annotated whole (each with unit tests of its
# own, but heck's lib.rs, whose case-splitting every other file calls).
CRATES=$(cat <<'EOF'
# parsers with private types built by parse/new
humantime          2.1.0   src/date.rs src/duration.rs
mime               0.3.17  src/lib.rs src/parse.rs
httparse           1.9.4   src/lib.rs
# generic utility code
heck               0.5.0   src/lib.rs src/kebab.rs src/lower_camel.rs src/shouty_kebab.rs src/shouty_snake.rs src/snake.rs src/title.rs src/train.rs src/upper_camel.rs
# a stateful API
adler32            1.2.0   src/lib.rs
# trait-heavy code (Display, FromStr, Ord, operators)
bytesize           1.3.0   src/lib.rs src/parse.rs
bech32             0.9.1   src/lib.rs
# code over std::net, std::path
ipnet              2.10.1  src/ipnet.rs src/mask.rs
glob               0.3.1   src/lib.rs
path-clean         1.0.1   src/lib.rs
EOF
)
QUICK_SET="path-clean,adler32,bytesize"

CARGO_LLVM_COV_VERSION=0.9.1

# --------------------------------------------------------------------------------------------
# Options

WORK=/tmp/symtest-modules
QUICK=
AUTO=
ONLY=()
SEED=1
BUDGET_EVALS=
BUDGET_SECS=
RESULTS_MD="$HERE/results.md"

usage() {
    cat <<EOF
usage: $0 [--quick] [--auto] [--only CRATE]... [--work-dir DIR] [--seed N] [--budget-evals N]
          [--budget-secs S] [--results FILE]

  --quick            three small crates ($QUICK_SET)
  --auto             no annotation and no dependency: \`cargo symtest --auto\` on each crate as
                     published (results-auto.md, and work dir $WORK-auto, by default)
  --only CRATE       only this crate of the table (repeatable)
  --work-dir DIR     where crates, builds and records go (default $WORK)
  --seed N           seed of cargo symtest (default $SEED)
  --budget-evals N   passed to cargo symtest (default: its own, 20,000 per branch)
  --budget-secs S    passed to cargo symtest (default: its own, 60 s per function)
  --results FILE     where the Markdown table goes (default benches/modules/results.md)
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) QUICK=1 ;;
        --auto) AUTO=1 ;;
        --only) ONLY+=("$2"); shift ;;
        --work-dir) WORK="$2"; shift ;;
        --seed) SEED="$2"; shift ;;
        --budget-evals) BUDGET_EVALS="$2"; shift ;;
        --budget-secs) BUDGET_SECS="$2"; shift ;;
        --results) RESULTS_MD="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
    shift
done

if [[ -n "$AUTO" ]]; then
    [[ "$WORK" == /tmp/symtest-modules ]] && WORK=/tmp/symtest-modules-auto
    [[ "$RESULTS_MD" == "$HERE/results.md" ]] && RESULTS_MD="$HERE/results-auto.md"
fi

source "$HERE/../common/crates.sh"

export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-1}"
export CARGO_TARGET_DIR="$WORK/target"      # shared by all the crates
SYMTEST_BIN="$REPO/target/debug/cargo-symtest"
RESULTS="$WORK/results"
LOGS="$WORK/logs"

# --------------------------------------------------------------------------------------------
# Stage 0: tools (install_llvm_cov and build_symtest_debug are in benches/common/crates.sh),
# and the crates

select_and_fetch() {
    printf '%s\n' "$CRATES" > "$WORK/crates-all.txt"
    local args=(select --table "$WORK/crates-all.txt" --out "$WORK/crates.txt")
    [[ -n "$QUICK" ]] && args+=(--quick "$QUICK_SET")
    for o in "${ONLY[@]+"${ONLY[@]}"}"; do args+=(--only "$o"); done
    python3 "$HELPER" "${args[@]}" > /dev/null
    if [[ ! -s "$WORK/crates.txt" ]]; then
        echo "no crate of the table matches" >&2
        exit 2
    fi
    log "fetching $(wc -l < "$WORK/crates.txt") crates"
    python3 "$HELPER" fetch --table "$WORK/crates.txt" --dir "$WORK/fetch"
    (cd "$WORK/fetch" && cargo fetch --quiet)
}

# --------------------------------------------------------------------------------------------
# Stages 1–4 for one crate

run_crate() {
    local crate="$1" version="$2"
    local dir="$WORK/crates/$crate-$version" tag="$crate-$version"
    log "$crate $version"
    local files=() plain=()
    [[ -n "$AUTO" ]] && plain=(--plain)
    mapfile -t files < <(python3 "$HELPER" prepare --table "$WORK/crates.txt" --crate "$crate" \
        --manifest "$WORK/fetch/Cargo.toml" --dest "$dir" --repo "$REPO" --results "$RESULTS" \
        "${plain[@]+"${plain[@]}"}")
    if [[ ${#files[@]} -eq 0 ]]; then
        echo "could not prepare $crate $version" >&2
        exit 1
    fi

    local rc=0
    if [[ -z "$AUTO" ]]; then
        log "annotating $crate: ${files[*]#"$dir/"}"
        "$SYMTEST_BIN" symtest annotate "${files[@]}" > "$LOGS/$tag.annotate.out" \
            2> "$LOGS/$tag.annotate.err" || rc=$?
        cat "$LOGS/$tag.annotate.out" >&2
        python3 "$HELPER" annotated --results "$RESULTS" --crate "$crate" \
            --stdout "$LOGS/$tag.annotate.out" --stderr "$LOGS/$tag.annotate.err" --exit "$rc"
        [[ $rc -eq 0 ]] || return 0
    fi

    log "cargo symtest${AUTO:+ --auto} on $crate"
    local args=(symtest --allow-dirty --json --jobs 1 --seed "$SEED" --manifest-path "$dir/Cargo.toml")
    [[ -n "$AUTO" ]] && args+=(--auto)
    [[ -n "$BUDGET_EVALS" ]] && args+=(--budget-evals "$BUDGET_EVALS")
    [[ -n "$BUDGET_SECS" ]] && args+=(--budget-secs "$BUDGET_SECS")
    local out="$LOGS/$tag.symtest.json" stamps="$LOGS/$tag.symtest.stamps"
    local start=$EPOCHREALTIME
    rc=0
    stamped "$out" "$stamps" "$SYMTEST_BIN" "${args[@]}" || rc=$?
    local end=$EPOCHREALTIME
    cut -d' ' -f2- "$stamps" > "$LOGS/$tag.symtest.stderr"
    python3 "$HELPER" symtest --results "$RESULTS" --crate "$crate" --stdout "$out" \
        --stderr "$LOGS/$tag.symtest.stderr" --stamps "$stamps" --start "$start" --end "$end" \
        --exit "$rc" "${files[@]}"
    mkdir -p "$WORK/generated/$tag"
    cp "${files[@]}" "$WORK/generated/$tag/"

    measure_coverage "$crate" "$dir" "$tag" "${files[@]}"
}

# measure_coverage CRATE DIR TAG FILES...: generated tests alone, own tests alone, both (the
# last only when there are generated tests and they compile).
measure_coverage() {
    local crate="$1" dir="$2" tag="$3"; shift 3
    local cov="$LOGS/$tag.cov"
    local compiled= note=()
    if grep -q -F '// @generated by `cargo symtest`' "$@"; then
        compiled=1
        log "coverage of $crate by the generated tests"
        llvm_cov "$dir" "$cov-generated.json" symtest_tests:: || true
        python3 "$HELPER" coverage --results "$RESULTS" --crate "$crate" --key cov_generated \
            --cov "$cov-generated.json" --log "$cov-generated.json.log" "$@"
        if grep -q "could not compile" "$cov-generated.json.log"; then
            compiled=
            python3 "$HELPER" strip "$@"
            note=(--note "with the generated modules taken out (they do not compile)")
        fi
    fi
    log "coverage of $crate by its own tests"
    llvm_cov "$dir" "$cov-own.json" --skip symtest_tests || true
    if [[ -s "$cov-own.json" ]]; then
        python3 "$HELPER" coverage --results "$RESULTS" --crate "$crate" --key cov_own \
            --cov "$cov-own.json" --log "$cov-own.json.log" "${note[@]+"${note[@]}"}" "$@"
    else
        # The annotated crate does not build for its tests (a failure of the attribute in
        # normal builds, recorded as such): the crate's own coverage is measured on a copy
        # without the attributes, for reference, and marked so.
        python3 "$HELPER" coverage --results "$RESULTS" --crate "$crate" --key own_annotated \
            --cov "$cov-own.json" --log "$cov-own.json.log" "$@"
        local plain="$dir-unannotated" files=()
        mapfile -t files < <(python3 "$HELPER" prepare --table "$WORK/crates.txt" --crate "$crate" \
            --manifest "$WORK/fetch/Cargo.toml" --dest "$plain" --repo "$REPO" --results "$RESULTS")
        log "coverage of $crate by its own tests, without the attributes"
        llvm_cov "$plain" "$cov-own.json" || true
        python3 "$HELPER" coverage --results "$RESULTS" --crate "$crate" --key cov_own \
            --cov "$cov-own.json" --log "$cov-own.json.log" \
            --note "on a copy without the attributes: the annotated crate does not build for its tests" \
            "${files[@]}"
    fi
    if [[ -n "$compiled" ]]; then
        log "coverage of $crate by both"
        llvm_cov "$dir" "$cov-both.json" || true
        python3 "$HELPER" coverage --results "$RESULTS" --crate "$crate" --key cov_both \
            --cov "$cov-both.json" --log "$cov-both.json.log" "$@"
    fi
}

# --------------------------------------------------------------------------------------------
# Stage 5: report

write_report() {
    local header="$WORK/header.md"
    cat > "$header" <<EOF
# cargo symtest on whole modules of published crates

Written by \`benches/modules/run.sh$( [[ -n "$QUICK" ]] && printf ' --quick' )$( [[ -n "$AUTO" ]] && printf ' --auto' )\` on $(date -u +%Y-%m-%d) ($(nproc) cores), symtest at
\`$(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo unknown)\`; $(rustc --version); $(cargo llvm-cov --version); seed $SEED;
\`cargo symtest --jobs 1$( [[ -n "$AUTO" ]] && printf ' --auto' )\`$( [[ -n "$BUDGET_EVALS" ]] && printf ' --budget-evals %s' "$BUDGET_EVALS" )$( [[ -n "$BUDGET_SECS" ]] && printf ' --budget-secs %s' "$BUDGET_SECS" ).

- *items annotated*: what \`cargo symtest annotate\` marked in the files: free fns, impl blocks,
  structs, enums. *items searched*: the entries of \`--json\`'s \`functions\` (an impl block's
  call sequences and each associated fn searched alone count one each). *items skipped*: the
  entries of \`--json\`'s \`skipped\` (0 while cargo symtest does not report them), by reason in
  the notes.
- *\`cargo symtest\`*: ok (exit 0), tests fail (exit 1: a generated test failed when it ran
  them), fails (exit 2; the first error is in the notes).
- *generated tests*: how the tests in the generated modules ended under \`cargo llvm-cov\`;
  *rejected by rustc*: tests cargo symtest left out because they did not compile
  (\`--json\`'s \`rejected\`).
- *regions*: code regions of the annotated files' own code (their \`#[cfg(test)]\` items and
  the generated modules left out) executed by the generated tests alone, the crate's unit
  tests alone, and both. *build*: \`cargo symtest\` until it prints the seed (the instrumented
  build; the first crate also builds shared dependencies), or until it fails. *search*: the
  sum of the functions' search times.
EOF
    if [[ -n "$AUTO" ]]; then
        cat >> "$header" <<EOF
- *\`--auto\`*: each crate as published (no dependency on symtest, no attribute); \`cargo
  symtest --auto\` annotates every source file of the library in a copy of its own, so *items
  annotated* and *items searched* count the whole library, while *regions* are still those
  of the files listed in run.sh, as in the annotated run.
EOF
    fi
    python3 "$HELPER" table --order "$WORK/crates.txt" --results "$RESULTS" \
        --out "$RESULTS_MD" --header "$header"
    echo >&2
    echo "written to $RESULTS_MD" >&2
}

main() {
    mkdir -p "$WORK" "$LOGS" "$WORK/crates"
    rm -rf "$RESULTS" "$WORK/generated"
    mkdir -p "$RESULTS"
    local started=$SECONDS
    log "tools"
    install_llvm_cov
    build_symtest_debug
    select_and_fetch
    local crate version
    while read -r crate version _files <&3; do
        run_crate "$crate" "$version"
    done 3< "$WORK/crates.txt"
    write_report
    log "done in $(( (SECONDS - started) / 60 )) min $(( (SECONDS - started) % 60 )) s"
}

main
