#!/usr/bin/env bash
# How many mutants (cargo-mutants) the tests of functions catch: the tests symtest generated
# (`symtest_tests`) against the crate's own tests, for crates prepared with generated tests.
#
# Run:   benches/mutants/run.sh DIR FUNCTION [DIR FUNCTION ...]
#        e.g. benches/mutants/run.sh /tmp/mut/after/luhn-1.0.1 valid /tmp/mut/after/luhn-1.0.1 checksum
# For each pair, runs `cargo mutants` on the mutants of FUNCTION in crate DIR twice: with only
# the generated tests (`-- -- symtest_tests`) and with only the crate's own tests
# (`-- -- --skip symtest_tests`), and prints caught / missed / timeout / unviable per run as a
# Markdown table row. Needs cargo-mutants (`cargo install cargo-mutants --locked`).
set -euo pipefail

if [ $# -lt 2 ] || [ $(($# % 2)) -ne 0 ]; then
    sed -n '2,11p' "$0"
    exit 2
fi

# `caught missed timeout unviable` from cargo-mutants' outcomes.json in OUT.
counts() {
    python3 - "$1/mutants.out/outcomes.json" <<'PY'
import json, sys
doc = json.load(open(sys.argv[1]))
print(doc.get("caught", 0), doc.get("missed", 0), doc.get("timeout", 0), doc.get("unviable", 0))
PY
}

echo "| crate | function | tests | caught | missed | timeout | unviable |"
echo "|---|---|---|---:|---:|---:|---:|"
while [ $# -gt 0 ]; do
    dir="$1" function="$2"
    shift 2
    # Mutant names end `in FUNCTION` or start `replace FUNCTION -> …`.
    filter=" ${function}( |\$)"
    for tests in generated own; do
        out="$(mktemp -d)"
        if [ "$tests" = generated ]; then
            args=(-- -- symtest_tests)
        else
            args=(-- -- --skip symtest_tests)
        fi
        (cd "$dir" && cargo mutants --no-shuffle -F "$filter" -o "$out" "${args[@]}" > /dev/null 2>&1) || true
        read -r caught missed timeout unviable < <(counts "$out")
        echo "| $(basename "$dir") | \`$function\` | $tests | $caught | $missed | $timeout | $unviable |"
        rm -rf "$out"
    done
done
