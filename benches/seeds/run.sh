#!/usr/bin/env bash
# How robust the default search is from seed to seed: for each crate given, `cargo symtest
# --dry-run --seed S` for S in 1..=N (default settings otherwise), and per function the seeds
# on which every branch was covered and the mean evaluations. With --baseline REV, the same for
# revision REV (checked out into a worktree, built in the same run), side by side.
#
#     benches/seeds/run.sh [--seeds N] [--baseline REV] [--only FILTER]... CRATE_DIR...
#
# --only passes FILTER on to `cargo symtest` (functions whose path contains it); repeatable.
#
# For example: benches/seeds/run.sh --seeds 8 --baseline 7cee62e^ examples/checksum
# (BENCHMARKS.md, session 39). The crates are copied to a scratch directory, their runtime
# path pointed at the checkout being measured; nothing in the working tree is written.
set -euo pipefail
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
SEEDS=8
BASELINE=""
CRATES=()
FILTERS=()
while [ $# -gt 0 ]; do
    case "$1" in
        --seeds) SEEDS="$2"; shift 2 ;;
        --baseline) BASELINE="$2"; shift 2 ;;
        --only) FILTERS+=("$2"); shift 2 ;;
        -*) echo "usage: $0 [--seeds N] [--baseline REV] [--only FILTER]... CRATE_DIR..." >&2; exit 2 ;;
        *) CRATES+=("$(cd "$1" && pwd)"); shift ;;
    esac
done
if [ ${#CRATES[@]} -eq 0 ]; then
    echo "$0: name at least one crate directory" >&2
    exit 2
fi
source "$REPO/benches/baseline.sh"
RESULTS="$SCRATCH/results.txt"
: > "$RESULTS"

# From a run's JSON summary on stdin, a line per function: "LABEL CRATE FUNCTION COVERED
# BRANCHES EVALUATIONS", where the branches are its own and those of the callees it reports
# ("also covers"): a wrapper with no branch of its own is full when it covers its worker's.
PER_FUNCTION='
import json, sys
label, crate = sys.argv[1], sys.argv[2]
# --dry-run prints the tests first; the summary is the last line.
summary = [line for line in sys.stdin if line.startswith("{")][-1]
for f in json.loads(summary)["functions"]:
    covered = f["covered"] + sum(c["covered"] for c in f.get("also", []))
    branches = f["branches"] + sum(c["branches"] for c in f.get("also", []))
    name = f["path"].split("::", 1)[-1]
    print(label, crate, name, covered, branches, f["evaluations"])
'

# Runs the tool of checkout $2 on every crate and seed; lines "LABEL CRATE FUNCTION COVERED
# BRANCHES EVALUATIONS" go to the results.
measure() {
    local label="$1" tree="$2"
    CARGO_TARGET_DIR="$REPO/target/seeds-$label" \
        cargo build -q --release --manifest-path "$tree/Cargo.toml" -p cargo-symtest
    local tool="$REPO/target/seeds-$label/release/cargo-symtest"
    # The crates' builds, outside the repository: `cargo symtest` copies the crate into its
    # target directory to compile the tests it writes, and a copy inside this workspace's
    # directory would be taken for a member of it. Kept between runs, as dependencies are slow.
    export CARGO_TARGET_DIR="${TMPDIR:-/tmp}/symtest-seeds/$label"
    for crate in "${CRATES[@]}"; do
        local name copy
        name="$(basename "$crate")"
        copy="$SCRATCH/$label-$name"
        copy_crate "$crate" "$copy" "$tree"
        for seed in $(seq 1 "$SEEDS"); do
            (cd "$copy" && "$tool" symtest --allow-dirty --dry-run --json --seed "$seed" ${FILTERS[@]+"${FILTERS[@]}"} 2>/dev/null) |
                python3 -c "$PER_FUNCTION" "$label" "$name" >> "$RESULTS"
        done
    done
}

if [ -n "$BASELINE" ]; then
    add_baseline "$BASELINE"
    measure baseline "$SCRATCH/baseline"
fi
measure current "$REPO"

echo "$SEEDS seeds; full: the seeds on which every branch of the function was covered;"
echo "fewest covered: the branches covered on the worst seed, of all"
echo
awk -v seeds="$SEEDS" -v baseline="$BASELINE" '
{
    key = $2 " | " $3
    if (!(key in seen)) { seen[key] = 1; order[++count] = key }
    runs[$1, key]++
    if ($4 == $5) full[$1, key]++
    if (!(($1, key) in least) || $4 < least[$1, key]) least[$1, key] = $4
    branches[$1, key] = $5
    evals[$1, key] += $6
}
function cell(label, key) {
    if (runs[label, key] == 0) return "- | - | -"
    return sprintf("%d/%d | %d/%d | %d", full[label, key], runs[label, key],
        least[label, key], branches[label, key], evals[label, key] / runs[label, key])
}
END {
    if (baseline != "") {
        print "| crate | function | baseline: full | fewest covered | mean evaluations | this checkout: full | fewest covered | mean evaluations |"
        print "|---|---|---:|---:|---:|---:|---:|---:|"
    } else {
        print "| crate | function | full | fewest covered | mean evaluations |"
        print "|---|---|---:|---:|---:|"
    }
    for (i = 1; i <= count; i++) {
        key = order[i]
        line = "| " key " | "
        if (baseline != "") line = line cell("baseline", key) " | "
        print line cell("current", key) " |"
    }
}' "$RESULTS"
