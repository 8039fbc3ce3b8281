#!/usr/bin/env bash
# Criteria (or algorithms) against each other on a crate with seeded bugs (SEEDED_BUG=k switches
# bug k on at run time): for each seed, `cargo symtest` writes a suite under each configuration
# with the bugs off, then the suite runs once per bug with it on. Prints, per configuration,
# the tests written, the branches, paths and field classes they cover, the bugs they catch,
# evaluations and search time, with the Wilcoxon rank-sum test and Vargha–Delaney Â12 of each
# configuration against the first.
#
#     benches/seeded.sh --crate DIR --bugs N --criteria "branch path" [--algorithms "A B"]
#                       [--seeds N] [--budget-evals N] [--no-mutants] [--checkout REV]
#
# A configuration is a criterion and, with --algorithms, an algorithm (named criterion/algorithm);
# without it, the tool's default algorithm. --bugs 0: a crate without seeded bugs, for coverage and
# evaluations alone. --seeds: how many seeds (default 30). --budget-evals: evaluations per
# target (the tool's default when absent). --no-mutants: suites without the tests the mutation
# analysis adds (SYMTEST_MUTANTS=0), to see what the criterion itself selects. --checkout: run
# the tool and runtime of revision REV (a worktree), so the working tree may change meanwhile.
# benches/paths/run.sh, benches/fields/run.sh and benches/sequences/run.sh call it with their
# crates.
set -euo pipefail
REPO="$(cd "$(dirname "$0")/.." && pwd)"
SEEDS=30
CRATE_DIR=""
BUGS=""
CRITERIA=""
CHECKOUT=""
ALGORITHMS=""
BUDGET=()
while [ $# -gt 0 ]; do
    case "$1" in
        --crate) CRATE_DIR="$(cd "$2" && pwd)"; shift 2 ;;
        --bugs) BUGS="$2"; shift 2 ;;
        --criteria) CRITERIA="$2"; shift 2 ;;
        --algorithms) ALGORITHMS="$2"; shift 2 ;;
        --budget-evals) BUDGET=(--budget-evals "$2"); shift 2 ;;
        --seeds) SEEDS="$2"; shift 2 ;;
        --no-mutants) export SYMTEST_MUTANTS=0; shift ;;
        --checkout) CHECKOUT="$2"; shift 2 ;;
        *) echo "usage: $0 --crate DIR --bugs N --criteria \"A B\" [--algorithms \"A B\"] [--seeds N] [--budget-evals N] [--no-mutants] [--checkout REV]" >&2; exit 2 ;;
    esac
done
if [ -z "$CRATE_DIR" ] || [ -z "$BUGS" ] || [ -z "$CRITERIA" ]; then
    echo "$0: --crate, --bugs and --criteria are required" >&2
    exit 2
fi
source "$REPO/benches/baseline.sh"
TOOL_TREE="$REPO"
if [ -n "$CHECKOUT" ]; then
    add_baseline "$CHECKOUT"
    TOOL_TREE="$SCRATCH/baseline"
    export CARGO_TARGET_DIR="$REPO/target/seeded-checkout"
    cargo build -q --release --manifest-path "$TOOL_TREE/Cargo.toml" -p cargo-symtest
    TOOL="$CARGO_TARGET_DIR/release/cargo-symtest"
else
    cargo build -q --release --manifest-path "$REPO/Cargo.toml" -p cargo-symtest
    TOOL="$(cargo metadata -q --format-version 1 --no-deps --manifest-path "$REPO/Cargo.toml" |
        python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')/release/cargo-symtest"
fi
NAME="$(basename "$(dirname "$CRATE_DIR")")"
# One target directory for every run of the seeded crate.
export CARGO_TARGET_DIR="$REPO/target/seeded-$NAME${CHECKOUT:+-checkout}"
copy_crate "$CRATE_DIR" "$SCRATCH/seeded" "$TOOL_TREE"
CRATE="$SCRATCH/seeded/Cargo.toml"
cp "$SCRATCH/seeded/src/lib.rs" "$SCRATCH/lib.rs.orig"
RESULTS="$SCRATCH/results.jsonl"
# criterion/algorithm, or criterion/ for the tool's default algorithm.
CONFIGS=()
read -r -a algorithms <<<"$ALGORITHMS"
[ "${#algorithms[@]}" -gt 0 ] || algorithms=("")
for criterion in $CRITERIA; do
    for algorithm in "${algorithms[@]}"; do
        CONFIGS+=("$criterion/$algorithm")
    done
done
label() {
    if [ -n "$ALGORITHMS" ]; then echo "$1"; else echo "${1%/}"; fi
}
for seed in $(seq 1 "$SEEDS"); do
    for config in "${CONFIGS[@]}"; do
        cp "$SCRATCH/lib.rs.orig" "$SCRATCH/seeded/src/lib.rs"
        algorithm=()
        if [ -n "${config#*/}" ]; then algorithm=(--algorithm "${config#*/}"); fi
        summary="$("$TOOL" symtest --manifest-path "$CRATE" --seed "$seed" \
            --criterion "${config%/*}" ${algorithm[@]+"${algorithm[@]}"} \
            ${BUDGET[@]+"${BUDGET[@]}"} --allow-dirty --json 2>/dev/null)"
        caught=()
        for ((bug = 1; bug <= BUGS; bug++)); do
            if SEEDED_BUG="$bug" cargo test -q --manifest-path "$CRATE" >/dev/null 2>&1; then
                caught+=(0)
            else
                caught+=(1)
            fi
        done
        python3 - "$seed" "$(label "$config")" "${caught[*]:-}" "$summary" >>"$RESULTS" <<'PY'
import json, sys
seed, criterion, caught, summary = sys.argv[1], sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
functions = summary["functions"]
print(json.dumps({
    "seed": int(seed), "criterion": criterion,
    "caught": [int(c) for c in caught.split()],
    "tests": sum(f["tests"] for f in functions),
    "branches": sum(f["covered"] for f in functions),
    "outputs": sum(f["outputs"]["reached"] for f in functions),
    "paths": sum(f["paths"]["taken"] for f in functions),
    "listed": sum(f["paths"]["listed"] for f in functions),
    "fields": sum(f.get("fields", 0) for f in functions),
    "evaluations": sum(f["evaluations"] for f in functions),
    "seconds": sum(f["elapsed_ms"] for f in functions) / 1000,
}))
PY
    done
    echo "seed $seed done" >&2
done
LABELS=()
for config in "${CONFIGS[@]}"; do LABELS+=("$(label "$config")"); done
python3 - "$RESULTS" "$BUGS" "${LABELS[@]}" <<'PY'
import json, math, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
bugs = int(sys.argv[2])
criteria = sys.argv[3:]
by = {c: [r for r in rows if r["criterion"] == c] for c in criteria}
base = criteria[0]

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
    "branches covered": lambda r: r["branches"],
    "output classes reached": lambda r: r["outputs"],
    "paths taken": lambda r: r["paths"],
    "field classes covered": lambda r: r["fields"],
    "bugs caught": lambda r: sum(r["caught"]),
    "evaluations": lambda r: r["evaluations"],
    "search seconds": lambda r: r["seconds"],
}
if bugs == 0:
    del metrics["bugs caught"]
print(f"{len(by[base])} seeds, {by[base][0]['listed']} listed paths, {bugs} seeded bugs\n")
others = criteria[1:]
header = "| metric | " + " | ".join(criteria) + " | " + " | ".join(
    f"p, Â12 ({c} > {base})" for c in others) + " |"
print(header)
print("|---|" + "---:|" * (len(criteria) + len(others)))
for name, metric in metrics.items():
    b = [metric(r) for r in by[base]]
    cells = [f"{mean([metric(r) for r in by[c]]):.1f}" for c in criteria]
    tests = []
    for c in others:
        a = [metric(r) for r in by[c]]
        tests.append(f"{ranksum_p(a, b):.3g}, {a12(a, b):.2f}")
    print(f"| {name} (mean) | " + " | ".join(cells + tests) + " |")
if bugs == 0:
    sys.exit()
print("\n| bug | " + " | ".join(f"caught by {c}" for c in criteria) + " |")
print("|---|" + "---:|" * len(criteria))
for bug in range(bugs):
    cells = [f"{sum(r['caught'][bug] for r in by[c])}/{len(by[c])}" for c in criteria]
    print(f"| {bug + 1} | " + " | ".join(cells) + " |")
PY
