#!/usr/bin/env bash
# Field coverage, with and without transcoping, against branch coverage on impl blocks with
# seeded bugs that show in particular object states only (benches/fields/seeded). See
# benches/seeded.sh for what it measures.
#
#     benches/fields/run.sh [--seeds N] [--no-mutants] [--checkout REV]
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
exec "$HERE/../seeded.sh" --crate "$HERE/seeded" --bugs 5 \
    --criteria "branch field field-transcoped" "$@"
