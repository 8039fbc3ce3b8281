#!/usr/bin/env bash
# Corpus benchmark: symtest against cargo-fuzz/libFuzzer on functions of published crates.
#
# What it does, for each crate of the CORPUS table below (exact versions from crates.io):
#   1. fetches the crate with `cargo fetch` and copies it into the work directory (nothing of
#      it enters this repository), puts #[symtest_runtime::symtest] on the listed functions,
#      adds `symtest-runtime = { path = "<repo>/symtest-runtime" }`, and drops what gets in the
#      way of building it alone: its tests/benches/examples targets, its workspace section, a
#      `#![deny(warnings)]` that today's compiler turns into errors; an edition-2015 crate also
#      gets `extern crate symtest_runtime;` (the dev-dependencies stay: unit tests use them);
#   2. runs `cargo symtest --allow-dirty --json` (the binary built from this repository) on it:
#      build time, search time, tests written, evaluations and branches per function;
#   3. builds a cargo-fuzz target per function (the bytes decoded into the arguments with the
#      `arbitrary` crate; panics are caught, since the generated tests treat them as outcomes
#      too) and runs libFuzzer on it for as long as symtest searched that function (at least
#      --min-fuzz-secs, 0.1 s: most searches take milliseconds), and again, from an empty
#      corpus, for 10 times that;
#   4. measures, with `cargo llvm-cov`, the region coverage of the function's own code (the
#      code regions in its file between its first and last line) reached by symtest's
#      generated tests alone (the other functions' generated tests are taken out for this) and
#      by each libFuzzer corpus, replayed through the same instrumented build by a test module
#      the script adds to the crate (`symtest_corpus_replay`); when some generated tests do not
#      compile, the row says so and the coverage of the others is given too, marked with a *;
#   5. prints a Markdown table and writes it to benches/corpus/results.md.
#
# What it installs when missing: cargo-llvm-cov and cargo-fuzz (`cargo install --locked`),
# the llvm-tools-preview rustup component, and a nightly toolchain for libFuzzer
# (`rustup toolchain install nightly --profile minimal`; without one it falls back to stable
# with RUSTC_BOOTSTRAP=1 and says so).
#
# How long: on 2 cores shared with other work, the full corpus (21 functions of 9 crates) took
# 16 minutes in a new work directory and 8–9 minutes when run again in the same one (the
# dependencies are compiled once per work directory; most of the rest is compiling each crate
# for symtest, for libFuzzer and three times per function for cargo llvm-cov); --quick takes
# about 3 minutes. On a fresh machine, installing cargo-llvm-cov and cargo-fuzz adds about
# 5 minutes.
#
# Run:   benches/corpus/run.sh                  # the full corpus
#        benches/corpus/run.sh --quick          # three functions
#        benches/corpus/run.sh --only libm::pow --only strsim
#        benches/corpus/run.sh --work-dir /tmp/elsewhere --factor 10 --budget-evals 20000
#
# Builds and fuzzers run under `nice -n 10` with CARGO_BUILD_JOBS=1 (set CARGO_BUILD_JOBS to
# change that); the crates share one CARGO_TARGET_DIR under the work directory. The script is
# not part of `cargo test`.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
HELPER="$HERE/corpus.py"

# --------------------------------------------------------------------------------------------
# The corpus: crate, exact version, features to turn on (- for the defaults), the function's
# path from the crate root (how the fuzz target calls it), and the file that defines it.
CORPUS=$(cat <<'EOF'
# float maths with bit manipulation (musl ports: branches on fields of to_bits())
libm               0.2.8   -      fmod                  src/math/fmod.rs
libm               0.2.8   -      cbrt                  src/math/cbrt.rs
libm               0.2.8   -      exp                   src/math/exp.rs
libm               0.2.8   -      j0                    src/math/j0.rs
libm               0.2.8   -      lgamma_r              src/math/lgamma_r.rs
libm               0.2.8   -      fma                   src/math/fma.rs
libm               0.2.8   -      jn                    src/math/jn.rs
libm               0.2.8   -      pow                   src/math/pow.rs
# string metrics
strsim             0.11.1  -      osa_distance          src/lib.rs
strsim             0.11.1  -      sorensen_dice         src/lib.rs
strsim             0.11.1  -      normalized_levenshtein src/lib.rs
edit-distance      2.1.3   -      edit_distance         src/lib.rs
# validators and checksums
luhn               1.0.1   -      valid                 src/lib.rs
luhn               1.0.1   -      checksum              src/lib.rs
roman              0.1.6   -      from                  src/lib.rs
roman              0.1.6   -      to                    src/lib.rs
xxhash-rust        0.8.12  xxh32  xxh32::xxh32          src/xxh32.rs
# parsers of dates, durations and command lines
humantime          2.1.0   -      parse_rfc3339_weak    src/date.rs
go-parse-duration  0.1.1   -      parse_duration        src/lib.rs
shell-words        1.1.0   -      split                 src/lib.rs
shell-words        1.1.0   -      quote                 src/lib.rs
EOF
)
QUICK_SET="luhn::valid,shell-words::split,libm::fmod"

# Versions of what the script installs or the generated projects depend on.
CARGO_LLVM_COV_VERSION=0.9.1
CARGO_FUZZ_VERSION=0.13.2
LIBFUZZER_SYS_VERSION=0.4.13
ARBITRARY_VERSION=1.5.0

# --------------------------------------------------------------------------------------------
# Options

WORK=/tmp/symtest-corpus
QUICK=
ONLY=()
FACTOR=10
SEED=1
BUDGET_EVALS=
MIN_FUZZ_SECS=0.1
RESULTS_MD="$HERE/results.md"

usage() {
    cat <<EOF
usage: $0 [--quick] [--only PATTERN]... [--work-dir DIR] [--factor N] [--seed N]
          [--budget-evals N] [--min-fuzz-secs S] [--results FILE]

  --quick            three functions ($QUICK_SET)
  --only PATTERN     only functions whose crate::path contains PATTERN (repeatable)
  --work-dir DIR     where crates, builds, corpora and records go (default $WORK)
  --factor N         the long libFuzzer run is N times symtest's search time (default $FACTOR)
  --seed N           seed of symtest and libFuzzer (default $SEED)
  --budget-evals N   passed to cargo symtest (default: its own, 20,000 per branch)
  --min-fuzz-secs S  shortest libFuzzer run, for searches shorter than starting a process
                     (default $MIN_FUZZ_SECS)
  --results FILE     where the Markdown table goes (default benches/corpus/results.md)
EOF
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --quick) QUICK=1 ;;
        --only) ONLY+=("$2"); shift ;;
        --work-dir) WORK="$2"; shift ;;
        --factor) FACTOR="$2"; shift ;;
        --seed) SEED="$2"; shift ;;
        --budget-evals) BUDGET_EVALS="$2"; shift ;;
        --min-fuzz-secs) MIN_FUZZ_SECS="$2"; shift ;;
        --results) RESULTS_MD="$2"; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
    shift
done

export CARGO_BUILD_JOBS="${CARGO_BUILD_JOBS:-1}"
export CARGO_TARGET_DIR="$WORK/target"      # shared by all corpus crates (stable builds)
FUZZ_TARGET_DIR="$WORK/fuzz-target"         # shared by all fuzz projects (nightly builds)
TOOL_TARGET_DIR="$WORK/tool-target"         # cargo-symtest built from this repository
SYMTEST_BIN="$TOOL_TARGET_DIR/release/cargo-symtest"
RESULTS="$WORK/results"
CORPORA="$WORK/corpora"
LOGS="$WORK/logs"

source "$HERE/../common/crates.sh"

# --------------------------------------------------------------------------------------------
# Stage 0: tools

install_tools() {
    log "tools"
    install_llvm_cov
    if ! cargo fuzz --version >/dev/null 2>&1; then
        log "installing cargo-fuzz $CARGO_FUZZ_VERSION"
        niced cargo install --locked "cargo-fuzz@$CARGO_FUZZ_VERSION"
    fi
    # libFuzzer needs nightly compiler flags.
    FUZZ_CARGO=(cargo +nightly)
    FUZZ_TOOLCHAIN="nightly"
    if ! rustup toolchain list | grep -q '^nightly'; then
        log "installing a nightly toolchain"
        if ! rustup toolchain install nightly --profile minimal; then
            echo "warning: no nightly toolchain: building fuzz targets with stable and RUSTC_BOOTSTRAP=1" >&2
            FUZZ_CARGO=(env RUSTC_BOOTSTRAP=1 cargo)
            FUZZ_TOOLCHAIN="stable with RUSTC_BOOTSTRAP=1"
        fi
    fi
    if [[ "$FUZZ_TOOLCHAIN" == nightly ]]; then
        FUZZ_TOOLCHAIN="$(rustc +nightly --version)"
    fi
    echo "rustc:          $(rustc --version)" >&2
    echo "fuzz toolchain: $FUZZ_TOOLCHAIN" >&2
    echo "cargo-llvm-cov: $(cargo llvm-cov --version)" >&2
    echo "cargo-fuzz:     $(cargo fuzz --version)" >&2
}

build_symtest() {
    log "building cargo-symtest from $REPO"
    niced cargo build --release -p cargo-symtest --manifest-path "$REPO/Cargo.toml" \
        --target-dir "$TOOL_TARGET_DIR"
}

# --------------------------------------------------------------------------------------------
# Stage 1: fetch

select_corpus() {
    printf '%s\n' "$CORPUS" > "$WORK/corpus-all.txt"
    local args=(select --table "$WORK/corpus-all.txt" --out "$WORK/corpus.txt")
    [[ -n "$QUICK" ]] && args+=(--quick "$QUICK_SET")
    for o in "${ONLY[@]+"${ONLY[@]}"}"; do args+=(--only "$o"); done
    python3 "$HELPER" "${args[@]}" > "$WORK/crates.txt"
    if [[ ! -s "$WORK/crates.txt" ]]; then
        echo "no function of the corpus matches" >&2
        exit 2
    fi
}

fetch_crates() {
    log "fetching $(wc -l < "$WORK/crates.txt") crates"
    python3 "$HELPER" fetch --table "$WORK/corpus.txt" --dir "$WORK/fetch"
    (cd "$WORK/fetch" && cargo fetch --quiet)
}

# --------------------------------------------------------------------------------------------
# Stage 2: prepare a copy and run cargo symtest

# prepare_crate CRATE VERSION DIR [FUNCTION]
prepare_crate() {
    local crate="$1" version="$2" dir="$3" only="${4:-}"
    local src
    src="$(python3 "$HELPER" locate --manifest "$WORK/fetch/Cargo.toml" --crate "$crate" --version "$version")"
    local args=(prepare --table "$WORK/corpus.txt" --crate "$crate" --src "$src" --dest "$dir"
        --repo "$REPO" --arbitrary "$ARBITRARY_VERSION" --libfuzzer "$LIBFUZZER_SYS_VERSION")
    [[ -n "$only" ]] && args+=(--function "$only")
    python3 "$HELPER" "${args[@]}" > "$dir.functions"
}

# run_symtest CRATE DIR: records per function; returns 1 when cargo symtest left no report.
run_symtest() {
    local crate="$1" dir="$2"
    local tag; tag="$(basename "$dir")"
    log "cargo symtest on $tag"
    local args=(symtest --allow-dirty --json --jobs 1 --seed "$SEED" --manifest-path "$dir/Cargo.toml")
    [[ -n "$BUDGET_EVALS" ]] && args+=(--budget-evals "$BUDGET_EVALS")
    local out="$LOGS/$tag.symtest.json" stamps="$LOGS/$tag.symtest.stamps"
    local start=$EPOCHREALTIME rc=0
    # The build time is the time until symtest prints the seed, once the instrumented build
    # is done.
    stamped "$out" "$stamps" "$SYMTEST_BIN" "${args[@]}" || rc=$?
    cut -d' ' -f2- "$stamps" > "$LOGS/$tag.symtest.stderr"
    python3 "$HELPER" symtest --crate "$crate" --crate-dir "$dir" --results "$RESULTS" \
        --stdout "$out" --stderr "$LOGS/$tag.symtest.stderr" --stamps "$stamps" \
        --start "$start" --exit "$rc"
    python3 "$HELPER" save --crate-dir "$dir"
    [[ -s "$out" ]]
}

# --------------------------------------------------------------------------------------------
# Stage 3: libFuzzer

build_fuzz() {
    local dir="$1"
    log "building fuzz targets of $(basename "$dir")"
    (cd "$dir" && niced "${FUZZ_CARGO[@]}" fuzz build --sanitizer none \
        --target-dir "$FUZZ_TARGET_DIR") > "$LOGS/$(basename "$dir").fuzz-build.log" 2>&1 || {
        tail -30 "$LOGS/$(basename "$dir").fuzz-build.log" >&2
        return 1
    }
}

# run_fuzz CRATE DIR NAME: libFuzzer for 1× and FACTOR× the search time, from empty corpora.
run_fuzz() {
    local crate="$1" dir="$2" name="$3"
    local bin="$FUZZ_TARGET_DIR/x86_64-unknown-linux-gnu/release/$name"
    local label factor secs corpus logf stats
    for label in 1x 10x; do
        factor=1; [[ $label == 10x ]] && factor=$FACTOR
        secs="$(python3 "$HELPER" fuzzsecs --results "$RESULTS" --crate "$crate" --name "$name" \
            --factor "$factor" --floor "$MIN_FUZZ_SECS")"
        [[ -z "$secs" ]] && return 0   # symtest has no search time for it
        corpus="$CORPORA/$crate/$name/$label"
        logf="$LOGS/$crate.$name.fuzz-$label.log"
        rm -rf "$corpus" "$corpus.artifacts"; mkdir -p "$corpus" "$corpus.artifacts"
        log "libFuzzer on $crate::$name for ${secs}s ($label)"
        # The time limit is timeout's (libFuzzer's -max_total_time counts whole seconds);
        # SIGINT ends libFuzzer cleanly, and every input it kept is already in the corpus.
        timeout --signal=INT --kill-after=10 "$secs" nice -n 10 "$bin" "$corpus" \
            -seed="$SEED" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
            -artifact_prefix="$corpus.artifacts/" \
            -max_total_time=$(( ${secs%.*} + 10 )) > "$logf" 2>&1 || true
        stats="$(python3 "$HELPER" fuzzstats --log "$logf" --corpus "$corpus" --secs "$secs")"
        python3 "$HELPER" record --results "$RESULTS" --crate "$crate" --name "$name" "fuzz_$label=$stats"
    done
}

# --------------------------------------------------------------------------------------------
# Stage 4: region coverage

# cov_record CRATE NAME KEY COVJSON FILE: the function's regions into its record.
cov_record() {
    local crate="$1" name="$2" key="$3" cov="$4" file="$5" value
    if [[ -s "$cov" ]]; then
        value="$(python3 "$HELPER" regions --cov "$cov" --file "$file" --name "$name")"
    else
        local err what="generated tests"
        [[ "$key" == cov_fuzz_* ]] && what="corpus replay tests"
        err="$(python3 "$HELPER" firsterror --log "$cov.log" --what "$what")"
        value="$(python3 -c 'import json,sys; print(json.dumps({"error": sys.argv[1]}))' "$err")"
    fi
    python3 "$HELPER" record --results "$RESULTS" --crate "$crate" --name "$name" "$key=$value"
}

measure_coverage() {
    local crate="$1" dir="$2" name="$3"
    local file rec
    file="$(python3 -c 'import json,sys; fs=json.load(open(sys.argv[1]))["functions"]; print(next(f["file"] for f in fs if f["name"]==sys.argv[2]))' "$dir/.corpus/functions.json" "$name")"
    rec="$RESULTS/$crate/$name.json"
    log "coverage of $crate::$name"
    if python3 -c 'import json,sys; sys.exit(0 if json.load(open(sys.argv[1])).get("search_secs") is not None else 1)' "$rec"; then
        # Only this function's generated tests are compiled and run.
        python3 "$HELPER" variant --crate-dir "$dir" --keep "$name" --file "$file"
        local cov="$LOGS/$crate.$name.cov-symtest.json"
        llvm_cov "$dir" "$cov" symtest_tests:: || true
        cov_record "$crate" "$name" cov_symtest "$cov" "$file"
        # Generated tests that do not compile (a symtest bug, reported in the notes): the
        # coverage of the others is measured too, marked with a *.
        if [[ ! -s "$cov" ]] && grep -q "could not compile" "$cov.log"; then
            local error dropped
            error="$(python3 "$HELPER" firsterror --raw --log "$cov.log")"
            if dropped="$(python3 "$HELPER" dropfailing --log "$cov.log" --crate-dir "$dir")"; then
                mv "$cov.log" "$cov.first.log"
                llvm_cov "$dir" "$cov" symtest_tests:: || true
                if [[ -s "$cov" ]]; then
                    python3 "$HELPER" record --results "$RESULTS" --crate "$crate" --name "$name" \
                        "cov_symtest=$(python3 "$HELPER" regions --cov "$cov" --file "$file" \
                            --name "$name" --dropped "$dropped" --compile-error "$error")"
                fi
            fi
        fi
    fi
    python3 "$HELPER" variant --crate-dir "$dir"
    local label
    for label in 1x 10x; do
        [[ -d "$CORPORA/$crate/$name/$label" ]] || continue
        SYMTEST_CORPUS_DIR="$CORPORA/$crate/$name/$label" \
            llvm_cov "$dir" "$LOGS/$crate.$name.cov-fuzz-$label.json" \
            --exact "symtest_corpus_replay::replay_$name" || true
        cov_record "$crate" "$name" "cov_fuzz_$label" "$LOGS/$crate.$name.cov-fuzz-$label.json" "$file"
    done
    python3 "$HELPER" variant --crate-dir "$dir" --restore
}

# fuzz_and_measure CRATE DIR: stages 3 and 4 for the functions prepared in DIR.
fuzz_and_measure() {
    local crate="$1" dir="$2" name fuzz_ok=1
    build_fuzz "$dir" || fuzz_ok=
    while read -r name <&4; do
        if [[ -n "$fuzz_ok" ]]; then
            run_fuzz "$crate" "$dir" "$name"
        else
            python3 "$HELPER" record --results "$RESULTS" --crate "$crate" --name "$name" \
                'notes=["fuzz targets did not build"]'
        fi
        measure_coverage "$crate" "$dir" "$name"
    done 4< "$dir.functions"
}

run_crate() {
    local crate="$1" version="$2"
    local dir="$WORK/crates/$crate-$version"
    log "$crate $version"
    prepare_crate "$crate" "$version" "$dir"
    if run_symtest "$crate" "$dir" || [[ $(wc -l < "$dir.functions") -le 1 ]]; then
        fuzz_and_measure "$crate" "$dir"
        return
    fi
    # No report for the crate (a function refused, a build error): each function alone, so
    # that one function's failure does not hide the others.
    local failure name
    failure="$(python3 "$HELPER" firsterror --log "$LOGS/$crate-$version.symtest.stderr")"
    while read -r name <&5; do
        local one="$WORK/crates/$crate-$version--$name"
        rm -f "$RESULTS/$crate/$name.json"
        prepare_crate "$crate" "$version" "$one" "$name"
        python3 "$HELPER" record --results "$RESULTS" --crate "$crate" --name "$name" \
            "notes=[$(python3 -c 'import json,sys; print(json.dumps("with all functions of the crate annotated: " + sys.argv[1]))' "$failure")]"
        run_symtest "$crate" "$one" || true
        fuzz_and_measure "$crate" "$one"
    done 5< "$dir.functions"
}

# --------------------------------------------------------------------------------------------
# Stage 5: report

write_report() {
    local header="$WORK/header.md"
    cat > "$header" <<EOF
# symtest and libFuzzer on published crates

Written by \`benches/corpus/run.sh$( [[ -n "$QUICK" ]] && printf ' --quick' )\` on $(date -u +%Y-%m-%d) ($(nproc) cores), symtest at
\`$(git -C "$REPO" rev-parse --short HEAD 2>/dev/null || echo unknown)\`; $(rustc --version); fuzz targets built with
$FUZZ_TOOLCHAIN, \`cargo fuzz build --sanitizer none\` (optimised, debug assertions and overflow checks
on); $(cargo llvm-cov --version); seed $SEED; symtest with \`--jobs 1\`$( [[ -n "$BUDGET_EVALS" ]] && printf ' --budget-evals %s' "$BUDGET_EVALS" ).

- *lines*: lines of the function, signature to closing brace. *build*: the instrumented build
  of the crate, until \`cargo symtest\` starts searching (the first crate also builds the shared
  dependencies). *search*: symtest's search of the function. *branches*: covered / all branches
  as symtest counts them.
- *regions*: code regions of the function's own source (its file, its lines; closures and
  nested fns written inside it count, macro bodies defined elsewhere do not) executed by
  symtest's generated tests alone, or by the libFuzzer corpus replayed through the same
  \`cargo llvm-cov\` build. libFuzzer ran from an empty corpus for the search time (1×, at least
  ${MIN_FUZZ_SECS}s) and for ${FACTOR}× that; panics are caught in the fuzz target.
EOF
    python3 "$HELPER" table --table "$WORK/corpus.txt" --results "$RESULTS" \
        --out "$RESULTS_MD" --header "$header"
    echo >&2
    echo "written to $RESULTS_MD" >&2
}

main() {
    mkdir -p "$WORK" "$LOGS" "$WORK/crates"
    rm -rf "$RESULTS" "$CORPORA"
    mkdir -p "$RESULTS" "$CORPORA"
    local started=$SECONDS
    install_tools
    build_symtest
    select_corpus
    fetch_crates
    local crate version
    while read -r crate version <&3; do
        run_crate "$crate" "$version"
    done 3< "$WORK/crates.txt"
    write_report
    log "done in $(( (SECONDS - started) / 60 )) min $(( (SECONDS - started) % 60 )) s"
}

main
