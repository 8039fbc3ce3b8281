//! Tells cargo that expansions depend on `SYMTEST_INSTRUMENT`, so switching instrumentation
//! on or off rebuilds the crates that use `#[symtest]` instead of reusing stale expansions.

fn main() {
    println!("cargo::rerun-if-env-changed=SYMTEST_INSTRUMENT");
    println!("cargo::rerun-if-env-changed=SYMTEST_UNROLL");
}
