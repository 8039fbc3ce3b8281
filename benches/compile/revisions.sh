#!/usr/bin/env bash
# How long one crate's instrumented build takes with this checkout's `#[symtest]` against the
# one of revision REV, measured in the same run: what a change to the instrumentation costs
# in build time on real code.
#
# The crate is copied twice, one copy pointing its symtest-runtime path dependency at this
# checkout and one at REV (checked out into a temporary worktree). Each copy's dependencies
# are built once; then the crate alone is rebuilt N times per copy, alternating, from a
# touched source and without incremental compilation, as `cargo symtest` builds it
# (`SYMTEST_INSTRUMENT=1`, the engine feature, the code at opt-level 3, runtime and macro
# optimised). Prints the median and every time of each, and the ratio of the medians.
#
# Run:   benches/compile/revisions.sh --baseline REV CRATE [--runs N]
#        e.g. benches/compile/revisions.sh --baseline 74d0857 /tmp/libm-bench
# CRATE must depend on symtest-runtime by path (as the crates benches/corpus/run.sh prepares).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
RUNS=5
BASELINE=
CRATE=
while [ $# -gt 0 ]; do
    case "$1" in
        --baseline) BASELINE="$2"; shift ;;
        --runs) RUNS="$2"; shift ;;
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        *) CRATE="$1" ;;
    esac
    shift
done
if [ -z "$BASELINE" ] || [ -z "$CRATE" ]; then
    sed -n '2,15p' "$0"
    exit 2
fi

source "$HERE/../baseline.sh"
OUT="$SCRATCH"
add_baseline "$BASELINE"
copy_crate "$CRATE" "$OUT/current" "$REPO"
copy_crate "$CRATE" "$OUT/baseline-crate" "$OUT/baseline"

# The instrumented build of copy $1, as `cargo symtest` runs it.
build() {
    (cd "$OUT/$1" && SYMTEST_INSTRUMENT=1 CARGO_INCREMENTAL=0 cargo test -q --no-run --lib \
        --config 'profile.dev.opt-level=3' \
        --config 'profile.dev.package.symtest-runtime.opt-level=3' \
        --config 'profile.dev.package.symtest-macros.opt-level=3' \
        --features symtest-runtime/engine > "$OUT/build.log" 2>&1) \
        || { cat "$OUT/build.log" >&2; return 1; }
}

for copy in current baseline-crate; do
    echo "== dependencies of $copy" >&2
    build "$copy"
done

declare -A times
for run in $(seq "$RUNS"); do
    for copy in current baseline-crate; do
        find "$OUT/$copy/src" -name '*.rs' -exec touch {} +
        start=$(date +%s%N)
        build "$copy"
        end=$(date +%s%N)
        times[$copy]+="$(((end - start) / 1000000)) "
        echo "run $run: $copy" >&2
    done
done

python3 - "${times[current]}" "${times[baseline-crate]}" "$BASELINE" "$(basename "$CRATE")" <<'PY'
import statistics, sys
current = [int(t) / 1000 for t in sys.argv[1].split()]
baseline = [int(t) / 1000 for t in sys.argv[2].split()]
rev, crate = sys.argv[3], sys.argv[4]
fmt = lambda ts: ", ".join(f"{t:.2f}" for t in ts)
print(f"instrumented rebuild of {crate} alone, {len(current)} runs each, seconds\n")
print("| build | median | runs |")
print("|---|---:|---|")
print(f"| baseline {rev} | {statistics.median(baseline):.2f} | {fmt(baseline)} |")
print(f"| this checkout | {statistics.median(current):.2f} | {fmt(current)} |")
print(f"\nratio of the medians: {statistics.median(current) / statistics.median(baseline):.2f}×")
PY
