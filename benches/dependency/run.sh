#!/usr/bin/env bash
# What depending on symtest-runtime costs a user's normal build: a one-function crate whose
# only dependency is symtest-runtime (path dependency), with one `#[symtest]` function, built
# from clean with `cargo build` (debug, CARGO_INCREMENTAL=0, a fresh target directory), against
# this checkout and against a baseline revision, one after the other in the same run. Prints
# the wall time of each build, the ratio, and the crates `cargo tree -e normal` lists.
#
# Run:   benches/dependency/run.sh                 # against the default baseline
#        benches/dependency/run.sh --baseline REV  # any revision of this repository
# The default baseline is 6325993 (the last revision before the engine feature): pass
# --baseline to compare with another. Needs git; the baseline is checked out into a temporary
# worktree.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
BASELINE=6325993
while [ $# -gt 0 ]; do
    case "$1" in
        --baseline) BASELINE="$2"; shift ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "unknown argument $1" >&2; exit 2 ;;
    esac
    shift
done

source "$HERE/../baseline.sh"
WORK="$SCRATCH"
add_baseline "$BASELINE"

# A user's crate: one function, one dependency.
user_crate() {
    local dir="$1" runtime="$2"
    mkdir -p "$dir/src"
    cat > "$dir/Cargo.toml" <<TOML
[package]
name = "one-function"
version = "0.1.0"
edition = "2021"
publish = false

[dependencies]
symtest-runtime = { path = "$runtime" }

[workspace]
TOML
    cat > "$dir/src/lib.rs" <<'RS'
use symtest_runtime::symtest;

#[symtest]
pub fn clamp_percent(value: i32) -> u8 {
    if value < 0 {
        0
    } else if value > 100 {
        100
    } else {
        value as u8
    }
}
RS
}

measure() {
    local name="$1" runtime="$2"
    local dir="$WORK/user-$name"
    user_crate "$dir" "$runtime"
    # Resolve the dependencies first (not timed): the lock file and the registry index.
    (cd "$dir" && cargo generate-lockfile -q --offline 2>/dev/null || cargo generate-lockfile -q)
    (cd "$dir" && cargo fetch -q)
    local start end
    start=$(date +%s.%N)
    (cd "$dir" && CARGO_INCREMENTAL=0 CARGO_TARGET_DIR="$dir/target" cargo build -q --offline)
    end=$(date +%s.%N)
    SECONDS_TAKEN=$(python3 -c "print(f'{$end - $start:.1f}')")
    CRATES=$(cd "$dir" && cargo tree -q -e normal --prefix none --offline | awk '{print $1}' | sort -u | grep -v '^one-function$' | tr '\n' ' ')
    COUNT=$(echo "$CRATES" | wc -w)
}

measure baseline "$WORK/baseline/symtest-runtime"
base_secs=$SECONDS_TAKEN base_count=$COUNT base_crates=$CRATES
measure current "$REPO/symtest-runtime"
cur_secs=$SECONDS_TAKEN cur_count=$COUNT cur_crates=$CRATES

echo "| runtime | clean \`cargo build\` (s) | crates in \`cargo tree -e normal\` |"
echo "|---|---:|---|"
echo "| baseline \`$(git -C "$REPO" rev-parse --short "$BASELINE")\` | $base_secs | $base_count: $base_crates|"
echo "| this checkout \`$(git -C "$REPO" rev-parse --short HEAD)\` | $cur_secs | $cur_count: $cur_crates|"
python3 -c "print(f'\nclean build: {$base_secs / $cur_secs:.1f}x faster than the baseline')"
