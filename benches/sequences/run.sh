#!/usr/bin/env bash
# Searches over call sequences against each other on impl blocks with many branches, some
# reached only by calls in a set order (benches/sequences/classes): the hybrid, which searches
# one branch at a time, against DynaMOSA, which searches them all together first. See
# benches/seeded.sh for what it measures; extra options go to it (--budget-evals N to compare
# under a smaller budget per branch).
#
#     benches/sequences/run.sh [--seeds N] [--budget-evals N] [--checkout REV]
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
exec "$HERE/../seeded.sh" --crate "$HERE/classes" --bugs 0 --criteria branch \
    --algorithms "hybrid dynamosa" --no-mutants "$@"
