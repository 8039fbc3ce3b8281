#!/usr/bin/env bash
# The path criterion against branch coverage on functions with seeded bugs that show on one
# path combination only (benches/paths/seeded). See benches/seeded.sh for what it measures.
#
#     benches/paths/run.sh [--seeds N] [--no-mutants] [--checkout REV]
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
exec "$HERE/../seeded.sh" --crate "$HERE/seeded" --bugs 4 --criteria "branch path" "$@"
