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
# With --baseline REV, the same experiment also runs with the tool and runtime of revision REV
# of this repository (checked out into a temporary worktree and built there), as searches ran
# at that revision; the last column is then this checkout at opt-level 3 against it.
#
# Run:   benches/speed/run.sh                      # the example crates of this repository
#        benches/speed/run.sh --crate /tmp/symtest-corpus/crates/libm-0.2.8 fmod cbrt
#            (a crate of the published-crate benchmark, prepared by benches/corpus/run.sh,
#             with the functions to measure; its symtest-runtime path dependency is pointed
#             at the baseline's runtime in a copy for the baseline run)
#        benches/speed/run.sh --baseline 6325993   # also against the last revision before
#                                                  # optimised searches and the lean hooks
# Options: --runs N (default 3), --budget-evals N (default 5000), --jobs N (default 1: one
# search at a time, so searches do not compete for the cores).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
RUNS=3
BUDGET=5000
CRATE=
BASELINE=
JOBS=1
FILTERS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) RUNS="$2"; shift ;;
        --budget-evals) BUDGET="$2"; shift ;;
        --crate) CRATE="$2"; shift ;;
        --baseline) BASELINE="$2"; shift ;;
        --jobs) JOBS="$2"; shift ;;
        -h|--help) sed -n '2,27p' "$0"; exit 0 ;;
        *) FILTERS+=("$1") ;;
    esac
    shift
done

cargo build -q --release -p cargo-symtest --manifest-path "$REPO/Cargo.toml"
TOOL="$REPO/target/release/cargo-symtest"
source "$HERE/../baseline.sh"
OUT="$SCRATCH"

# The cargo-symtest arguments that name the crates to measure, for a checkout at $1.
targets() {
    local checkout="$1"
    if [ -n "$CRATE" ]; then
        echo --manifest-path "$CRATE/Cargo.toml"
    else
        echo --manifest-path "$checkout/Cargo.toml"
        for example in "$checkout"/examples/*/; do
            echo -p "symtest-example-$(basename "$example")"
        done
    fi
}

experiment() {
    local tool="$1" json="$2"
    shift 2
    "$tool" symtest experiment "$@" --algorithms random --fitness standard --runs "$RUNS" \
        --budget-evals "$BUDGET" --jobs "$JOBS" --json "$json" "${FILTERS[@]+"${FILTERS[@]}"}" \
        > /dev/null
}

if [ -n "$BASELINE" ]; then
    echo "== baseline $BASELINE" >&2
    add_baseline "$BASELINE"
    CARGO_TARGET_DIR="$OUT/baseline/target" \
        cargo build -q --release -p cargo-symtest --manifest-path "$OUT/baseline/Cargo.toml"
    if [ -n "$CRATE" ]; then
        copy_crate "$CRATE" "$OUT/crate" "$OUT/baseline"
        CRATE="$OUT/crate" experiment "$OUT/baseline/target/release/cargo-symtest" \
            "$OUT/baseline.json" $(CRATE="$OUT/crate" targets "$OUT/baseline")
    else
        experiment "$OUT/baseline/target/release/cargo-symtest" "$OUT/baseline.json" \
            $(targets "$OUT/baseline")
    fi
fi

for level in 0 3; do
    echo "== opt-level $level" >&2
    SYMTEST_OPT_LEVEL=$level experiment "$TOOL" "$OUT/level$level.json" $(targets "$REPO")
done

python3 - "$OUT" "$RUNS" "$BUDGET" "$BASELINE" <<'PY'
import json, os, sys
from collections import defaultdict

out, runs, budget, baseline = sys.argv[1:5]

def throughput(path):
    """Evaluations per second of each function, and of all of them."""
    evals, millis = defaultdict(float), defaultdict(float)
    for row in json.load(open(path))["results"]:
        evals[row["function"]] += row["mean_evaluations"]
        millis[row["function"]] += row["mean_ms"]
    rates = {f: evals[f] / (millis[f] / 1000) if millis[f] else float("nan") for f in evals}
    rates["all"] = sum(evals.values()) / (sum(millis.values()) / 1000)
    return rates

columns = []
if baseline:
    columns.append((f"baseline {baseline}", throughput(os.path.join(out, "baseline.json"))))
columns.append(("opt-level 0", throughput(os.path.join(out, "level0.json"))))
columns.append(("opt-level 3", throughput(os.path.join(out, "level3.json"))))
first, last = columns[0][1], columns[-1][1]

print(f"random search, {runs} runs per branch, {budget} evaluations per run; evaluations/s\n")
print("| function | " + " | ".join(name for name, _ in columns) + f" | ratio |")
print("|---|" + "---:|" * (len(columns) + 1))
functions = sorted(f for f in last if f != "all") + ["all"]
for function in functions:
    cells = [f"{rates.get(function, float('nan')):,.0f}" for _, rates in columns]
    ratio = last[function] / first.get(function, float("nan"))
    print(f"| `{function}` | " + " | ".join(cells) + f" | {ratio:.1f}× |")
print(f"\nratio: opt-level 3 of this checkout against {columns[0][0]}")
PY
