# Sourced by the benches that run cargo symtest on published crates (benches/corpus,
# benches/modules, benches/sample): logging, cargo-llvm-cov, building cargo-symtest, and running
# a command with its stderr time-stamped. The sourcing script sets CARGO_LLVM_COV_VERSION and
# REPO (the checkout) first.

log() { printf '\n\033[1m== %s\033[0m\n' "$*" >&2; }
niced() { nice -n 10 "$@"; }

# Installs cargo-llvm-cov and the llvm-tools-preview component when missing.
install_llvm_cov() {
    if ! cargo llvm-cov --version >/dev/null 2>&1; then
        log "installing cargo-llvm-cov $CARGO_LLVM_COV_VERSION"
        niced cargo install --locked "cargo-llvm-cov@$CARGO_LLVM_COV_VERSION"
    fi
    if ! rustup component list --installed | grep -q '^llvm-tools'; then
        log "installing the llvm-tools-preview component"
        rustup component add llvm-tools-preview
    fi
}

# Builds cargo-symtest from the checkout (debug, into the checkout's own target directory):
# $REPO/target/debug/cargo-symtest.
build_symtest_debug() {
    log "building cargo-symtest from $REPO"
    niced cargo build -p cargo-symtest --manifest-path "$REPO/Cargo.toml" --target-dir "$REPO/target"
}

# stamped STDOUT STAMPS COMMAND...: runs COMMAND niced with its stdout into STDOUT; its stderr
# is shown as it comes and kept in STAMPS with the time of each line ($EPOCHREALTIME first).
# Returns COMMAND's exit code.
stamped() {
    local out="$1" stamps="$2"; shift 2
    local rc
    set +e
    niced "$@" 2>&1 1>"$out" | while IFS= read -r line; do
        printf '%s %s\n' "$EPOCHREALTIME" "$line"
        printf '%s\n' "$line" >&2
    done > "$stamps"
    rc=${PIPESTATUS[0]}
    set -e
    return "$rc"
}

# llvm_cov DIR OUT TESTARGS...: runs the crate's lib tests under cargo llvm-cov, the JSON export
# into OUT and cargo's output into OUT.log (no OUT when nothing could be measured).
llvm_cov() {
    local dir="$1" out="$2"; shift 2
    rm -f "$out"
    (cd "$dir" && niced cargo llvm-cov --lib --ignore-run-fail --json --output-path "$out" \
        -- "$@") > "$out.log" 2>&1
}
