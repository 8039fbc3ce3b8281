#!/usr/bin/env bash
# Branches that need particular enum variants with particular field values (benches/variants/
# choices): run at HEAD, and with --checkout REV at a revision before enum tags were solver
# choices, to compare. See benches/seeded.sh for what it measures.
#
#     benches/variants/run.sh [--seeds N] [--budget-evals N] [--checkout REV]
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
exec "$HERE/../seeded.sh" --crate "$HERE/choices" --bugs 0 --criteria branch --no-mutants "$@"
