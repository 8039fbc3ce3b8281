#!/usr/bin/env bash
# Renders the HTML report of examples/objects (`cargo symtest --dry-run --report`) in headless
# Chromium and saves PNG screenshots of its index, of the source page at a line with an
# uncovered branch (its panel open), and of the convergence plots.
#
#     benches/report/screenshot.sh [OUT_DIR]     (default: target/report-screenshots)
#
# The search runs with --budget-evals 20 --seed 1, a budget small enough that one branch of
# Thermostat::tick stays uncovered, so the source page has one to show; nothing in the working
# tree is written. Chromium is the Debian package `chromium`, installed with apt-get when it is
# missing. Set DARK=1 for screenshots in dark mode as well.
set -euo pipefail
REPO="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="${1:-$REPO/target/report-screenshots}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$REPO/target}"

if ! command -v chromium >/dev/null; then
    echo "installing chromium with apt-get" >&2
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO=sudo
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium
fi

cargo build --quiet --manifest-path "$REPO/Cargo.toml" -p cargo-symtest
"$CARGO_TARGET_DIR/debug/cargo-symtest" symtest \
    --manifest-path "$REPO/examples/objects/Cargo.toml" \
    --dry-run --report --budget-evals 20 --seed 1 >/dev/null
REPORT="$CARGO_TARGET_DIR/symtest/report"

# The first line of a source page whose decisions are not covered on every side.
PAGE="$(cd "$REPORT" && ls src-*.html | head -n 1)"
LINE="$(grep -o '<details class="line \(part\|none\)" id="L[0-9]*"' "$REPORT/$PAGE" \
    | head -n 1 | sed 's/.*id="\(L[0-9]*\)"/\1/')"
if [ -z "$LINE" ]; then
    echo "$0: every branch of $PAGE is covered: no uncovered branch to show" >&2
    exit 1
fi

# Headless Chromium captures a page scrolled to a fragment blank, so the source page is shown
# in a frame, which scrolls to the line while the page's script opens the line's panel.
SCRATCH="$(mktemp -d)"
trap 'rm -rf "$SCRATCH"' EXIT
cat >"$SCRATCH/line.html" <<EOF
<!DOCTYPE html><html><body style="margin:0"><iframe src="file://$REPORT/$PAGE#$LINE"
style="border:0;width:1280px;height:900px"></iframe></body></html>
EOF
shoot() { # NAME URL HEIGHT [FLAGS...]
    local name="$1" url="$2" height="$3"
    shift 3
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --allow-file-access-from-files --window-size="1280,$height" \
        --virtual-time-budget=3000 "$@" --screenshot="$OUT/$name.png" "$url" >/dev/null 2>&1
    echo "$OUT/$name.png"
}
shots() { # SUFFIX [FLAGS...]
    local suffix="$1"
    shift
    shoot "index$suffix" "file://$REPORT/index.html" 1000 "$@"
    shoot "source$suffix" "file://$SCRATCH/line.html" 900 "$@"
    shoot "plot$suffix" "file://$REPORT/convergence.html" 560 "$@"
}
shots ""
if [ "${DARK:-0}" = 1 ]; then
    shots "-dark" --blink-settings=preferredColorScheme=0 --force-dark-mode
fi
