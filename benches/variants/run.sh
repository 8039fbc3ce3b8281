#!/usr/bin/env bash
# Branches that need particular enum variants with particular field values: run at HEAD, and
# with --checkout REV at an earlier revision, to compare. See benches/seeded.sh for what it
# measures. CRATE is one of the crates beside this script:
#   choices    functions over enums of many variants (the enum tag as a solver choice)
#   values     match arms that test the field values of a variant (Data { port: 8_080, .. })
#   receivers  methods that match on self, of types whose values sequences build from genes
#
#     benches/variants/run.sh [CRATE] [--seeds N] [--budget-evals N] [--checkout REV]
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
CRATE=choices
if [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; then
    CRATE="$1"
    shift
fi
if [ ! -f "$HERE/$CRATE/Cargo.toml" ]; then
    echo "$0: no crate $CRATE beside this script (choices, values, receivers)" >&2
    exit 2
fi
exec "$HERE/../seeded.sh" --crate "$HERE/$CRATE" --bugs 0 --criteria branch --no-mutants "$@"
