//! Compiles this package the way `cargo symtest` compiles a user's crate: with
//! `#[symtest]` instrumentation switched on.

fn main() {
    println!("cargo::rustc-env=SYMTEST_INSTRUMENT=1");
}
