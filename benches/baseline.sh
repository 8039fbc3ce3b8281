# Sourced by the benches that compare this checkout with a baseline revision of it in the same
# run (after they set REPO): a scratch directory, the baseline's worktree in it, and copies of
# crates pointed at either checkout's runtime. Both are removed when the script exits.

SCRATCH="$(mktemp -d)"
remove_scratch() {
    git -C "$REPO" worktree remove --force "$SCRATCH/baseline" 2>/dev/null || true
    rm -rf "$SCRATCH"
}
trap remove_scratch EXIT

# Checks revision $1 out into $SCRATCH/baseline.
add_baseline() {
    git -C "$REPO" worktree add -q --detach "$SCRATCH/baseline" "$1"
}

# Copies crate $1 to $2, without its target directory, with its symtest-runtime path
# dependency pointed at the runtime of checkout $3.
copy_crate() {
    cp -r "$1" "$2"
    rm -rf "$2/target"
    sed -i "s|path = \".*symtest-runtime\"|path = \"$3/symtest-runtime\"|" "$2/Cargo.toml"
}
