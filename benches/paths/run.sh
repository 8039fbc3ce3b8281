#!/usr/bin/env bash
# The path criterion against branch coverage on functions with seeded bugs that show on one
# path combination only (benches/paths/seeded): for each seed, `cargo symtest` writes a suite
# under each criterion with the bugs off, then the suite runs once per bug with it on. Prints,
# per criterion, the tests written, the paths they take and the bugs they catch, with the
# Wilcoxon rank-sum test and Vargha–Delaney Â12 of path against branch.
#
#     benches/paths/run.sh [--seeds N] [--no-mutants]
#
# --seeds: how many seeds (default 30). --no-mutants: suites without the tests the mutation
# analysis adds (SYMTEST_MUTANTS=0), to see what the criterion itself selects.
set -euo pipefail
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
SEEDS=30
while [ $# -gt 0 ]; do
    case "$1" in
        --seeds) SEEDS="$2"; shift 2 ;;
        --no-mutants) export SYMTEST_MUTANTS=0; shift ;;
        *) echo "usage: $0 [--seeds N] [--no-mutants]" >&2; exit 2 ;;
    esac
done
source "$REPO/benches/baseline.sh"
BUGS=4
cargo build -q --release --manifest-path "$REPO/Cargo.toml" -p cargo-symtest
TOOL="$(cargo metadata -q --format-version 1 --no-deps --manifest-path "$REPO/Cargo.toml" |
    python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')/release/cargo-symtest"
# One target directory for every run of the seeded crate.
export CARGO_TARGET_DIR="$REPO/target/paths-bench"
copy_crate "$REPO/benches/paths/seeded" "$SCRATCH/seeded" "$REPO"
CRATE="$SCRATCH/seeded/Cargo.toml"
cp "$SCRATCH/seeded/src/lib.rs" "$SCRATCH/lib.rs.orig"
RESULTS="$SCRATCH/results.jsonl"
for seed in $(seq 1 "$SEEDS"); do
    for criterion in branch path; do
        cp "$SCRATCH/lib.rs.orig" "$SCRATCH/seeded/src/lib.rs"
        summary="$("$TOOL" symtest --manifest-path "$CRATE" --seed "$seed" --criterion "$criterion" \
            --allow-dirty --json 2>/dev/null)"
        caught=()
        for bug in $(seq 1 "$BUGS"); do
            if SEEDED_BUG="$bug" cargo test -q --manifest-path "$CRATE" >/dev/null 2>&1; then
                caught+=(0)
            else
                caught+=(1)
            fi
        done
        python3 - "$seed" "$criterion" "${caught[*]}" "$summary" >>"$RESULTS" <<'PY'
import json, sys
seed, criterion, caught, summary = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
functions = summary["functions"]
print(json.dumps({
    "seed": int(seed), "criterion": criterion,
    "caught": [int(c) for c in caught.split()],
    "tests": sum(f["tests"] for f in functions),
    "paths": sum(f["paths"]["taken"] for f in functions),
    "listed": sum(f["paths"]["listed"] for f in functions),
    "evaluations": sum(f["evaluations"] for f in functions),
}))
PY
    done
    echo "seed $seed done" >&2
done
python3 - "$RESULTS" "$BUGS" <<'PY'
import json, math, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
bugs = int(sys.argv[2])
by = {c: [r for r in rows if r["criterion"] == c] for c in ("branch", "path")}

def a12(a, b):
    """Probability that a value of a is larger than one of b (ties count half)."""
    wins = sum((x > y) + 0.5 * (x == y) for x in a for y in b)
    return wins / (len(a) * len(b))

def ranksum_p(a, b):
    """Two-sided Wilcoxon rank-sum test, normal approximation with tie correction."""
    values = sorted((v, i) for i, v in enumerate(a + b))
    ranks = [0.0] * len(values)
    i = 0
    ties = 0.0
    while i < len(values):
        j = i
        while j + 1 < len(values) and values[j + 1][0] == values[i][0]:
            j += 1
        for k in range(i, j + 1):
            ranks[values[k][1]] = (i + j) / 2 + 1
        t = j - i + 1
        ties += t ** 3 - t
        i = j + 1
    n1, n2 = len(a), len(b)
    n = n1 + n2
    r1 = sum(ranks[:n1])
    mean = n1 * (n + 1) / 2
    var = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1)))
    if var == 0:
        return 1.0
    z = (abs(r1 - mean) - 0.5) / math.sqrt(var)
    return math.erfc(max(z, 0) / math.sqrt(2))

def mean(values):
    return sum(values) / len(values)

metrics = {
    "tests written": lambda r: r["tests"],
    "paths taken": lambda r: r["paths"],
    "bugs caught": lambda r: sum(r["caught"]),
    "evaluations": lambda r: r["evaluations"],
}
listed = by["path"][0]["listed"]
print(f"{len(by['path'])} seeds, {listed} listed paths, {bugs} seeded bugs\n")
print("| metric | branch | path | p (rank-sum) | Â12 (path > branch) |")
print("|---|---:|---:|---:|---:|")
for name, metric in metrics.items():
    a = [metric(r) for r in by["path"]]
    b = [metric(r) for r in by["branch"]]
    print(f"| {name} (mean) | {mean(b):.1f} | {mean(a):.1f} | {ranksum_p(a, b):.3g} | {a12(a, b):.2f} |")
print("\n| bug | caught by branch | caught by path |")
print("|---|---:|---:|")
for bug in range(bugs):
    b = sum(r["caught"][bug] for r in by["branch"])
    a = sum(r["caught"][bug] for r in by["path"])
    print(f"| {bug + 1} | {b}/{len(by['branch'])} | {a}/{len(by['path'])} |")
PY
