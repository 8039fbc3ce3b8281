#!/usr/bin/env bash
# Evaluations per second of searches, with the searched code built in the debug profile
# (opt-level 0, the baseline) and optimised (opt-level 3, what `cargo symtest` builds), both
# with the profile's overflow checks and debug assertions. Both are measured in the same run.
#
# For each crate, `cargo symtest experiment` runs random search on every branch on its own
# (serendipity off) for a fixed number of evaluations, at each optimisation level
# (SYMTEST_OPT_LEVEL); the throughput of a function is the sum over its branch runs of the
# mean evaluations divided by the sum of the mean search times (the children's own clocks,
# so process start-up and building are not counted).
#
# Run:   benches/speed/run.sh                      # the example crates of this repository
#        benches/speed/run.sh --crate /tmp/symtest-corpus/crates/libm-0.2.8 fmod cbrt
#            (a crate of the published-crate benchmark, prepared by benches/corpus/run.sh,
#             with the functions to measure)
# Options: --runs N (default 3), --budget-evals N (default 5000).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
RUNS=3
BUDGET=5000
CRATE=
FILTERS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) RUNS="$2"; shift ;;
        --budget-evals) BUDGET="$2"; shift ;;
        --crate) CRATE="$2"; shift ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        *) FILTERS+=("$1") ;;
    esac
    shift
done

cargo build -q --release -p cargo-symtest --manifest-path "$REPO/Cargo.toml"
TOOL="$REPO/target/release/cargo-symtest"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT

if [ -n "$CRATE" ]; then
    TARGET=(--manifest-path "$CRATE/Cargo.toml")
else
    TARGET=(--manifest-path "$REPO/Cargo.toml")
    for example in "$REPO"/examples/*/; do
        TARGET+=(-p "symtest-example-$(basename "$example")")
    done
fi

for level in 0 3; do
    echo "== opt-level $level" >&2
    SYMTEST_OPT_LEVEL=$level "$TOOL" symtest experiment "${TARGET[@]}" \
        --algorithms random --fitness standard --runs "$RUNS" --budget-evals "$BUDGET" \
        --json "$OUT/level$level.json" "${FILTERS[@]+"${FILTERS[@]}"}" > /dev/null
done

python3 - "$OUT/level0.json" "$OUT/level3.json" "$RUNS" "$BUDGET" <<'PY'
import json, sys
from collections import defaultdict

def throughput(path):
    doc = json.load(open(path))
    evals, millis = defaultdict(float), defaultdict(float)
    for row in doc["results"]:
        evals[row["function"]] += row["mean_evaluations"]
        millis[row["function"]] += row["mean_ms"]
    return evals, millis

e0, m0 = throughput(sys.argv[1])
e3, m3 = throughput(sys.argv[2])
print(f"random search, {sys.argv[3]} runs per branch, {sys.argv[4]} evaluations per run\n")
print("| function | evaluations/s, opt-level 0 | evaluations/s, opt-level 3 | ratio |")
print("|---|---:|---:|---:|")
for function in sorted(e0):
    a = e0[function] / (m0[function] / 1000) if m0[function] else float("nan")
    b = e3[function] / (m3[function] / 1000) if m3[function] else float("nan")
    print(f"| `{function}` | {a:,.0f} | {b:,.0f} | {b / a:.1f}× |")
total0 = sum(e0.values()) / (sum(m0.values()) / 1000)
total3 = sum(e3.values()) / (sum(m3.values()) / 1000)
print(f"| all | {total0:,.0f} | {total3:,.0f} | {total3 / total0:.1f}× |")
PY
