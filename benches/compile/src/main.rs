//! The compile-cost benchmark of `#[symtest]`: stress functions of 50 to 400 decisions over
//! reassigned locals and nested loops (see `stress.rs`), each built in its own crate, normally
//! and with instrumentation on as `cargo symtest` builds (runtime and macro optimised), in one
//! shared target directory. Prints per function the normal build time (the baseline of the
//! same run), the instrumented build time and their ratio, and the time rustc spent expanding
//! macros — the `#[symtest]` macro's own time, read from `-Z time-passes` (through
//! `RUSTC_BOOTSTRAP=1`, on the stable toolchain) — with the macro optimised and in the debug
//! profile.
//!
//! ```console
//! $ cargo run --release -p symtest-bench-compile [-- DECISIONS...]
//! ```

mod stress;

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

const SIZES: [usize; 4] = [50, 100, 200, 400];

fn main() -> ExitCode {
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|arg| arg.parse().ok())
        .collect();
    let sizes = if sizes.is_empty() {
        SIZES.to_vec()
    } else {
        sizes
    };
    match run(&sizes) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("error: {error}");
            ExitCode::FAILURE
        }
    }
}

fn run(sizes: &[usize]) -> Result<(), String> {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let repo = repo
        .canonicalize()
        .map_err(|e| format!("{}: {e}", repo.display()))?;
    let work = repo.join("target/bench-compile");
    let target = work.join("target");
    println!(
        "| decisions | normal build | symtest build | ratio | macro expansion | \
         macro expansion, macro in debug |"
    );
    println!("|---:|---:|---:|---:|---:|---:|");
    for &decisions in sizes {
        let krate = work.join(format!("stress-{decisions}"));
        write_crate(&krate, &repo.join("symtest-runtime"), decisions)?;
        // Dependencies first, in both modes, so the timed builds compile the one crate.
        for mode in [Mode::Normal, Mode::Symtest, Mode::DebugMacro] {
            build(&krate, &target, mode)?;
        }
        let normal = timed_rebuild(&krate, &target, Mode::Normal)?;
        let symtest = timed_rebuild(&krate, &target, Mode::Symtest)?;
        let expansion = macro_expansion(&krate, &target, Mode::Symtest)?;
        let debug = macro_expansion(&krate, &target, Mode::DebugMacro)?;
        println!(
            "| {decisions} | {normal:.2} s | {symtest:.2} s | {:.1}× | {expansion:.2} s | \
             {debug:.2} s |",
            symtest / normal
        );
    }
    Ok(())
}

fn write_crate(krate: &Path, runtime: &Path, decisions: usize) -> Result<(), String> {
    let write = |path: PathBuf, text: String| {
        std::fs::create_dir_all(path.parent().unwrap_or(krate))
            .and_then(|()| std::fs::write(&path, text))
            .map_err(|e| format!("{}: {e}", path.display()))
    };
    write(
        krate.join("Cargo.toml"),
        format!(
            "[package]\nname = \"stress-{decisions}\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\
             publish = false\n\n[dependencies]\nsymtest-runtime = {{ path = {:?} }}\n\n[workspace]\n",
            runtime.display().to_string()
        ),
    )?;
    write(
        krate.join("src/lib.rs"),
        format!(
            "use symtest_runtime::symtest;\n\n{}",
            stress::stress_function(decisions)
        ),
    )
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    /// A user's `cargo build`.
    Normal,
    /// Instrumented, with the runtime and the macro optimised, as `cargo-symtest/src/cargo.rs`
    /// (`build_args`) builds.
    Symtest,
    /// Instrumented, with the macro in the debug profile.
    DebugMacro,
}

/// `cargo SUBCOMMAND` on `krate` in `mode`, each mode in a target directory of its own under
/// `target` (as `cargo symtest` builds into `target/symtest`: a change of
/// `SYMTEST_INSTRUMENT` or of a profile would otherwise rebuild the macro every time).
fn cargo(krate: &Path, target: &Path, mode: Mode, subcommand: &str) -> Command {
    let mut command = Command::new(std::env::var("CARGO").unwrap_or_else(|_| "cargo".into()));
    let (instrument, directory) = match mode {
        Mode::Normal => ("0", "normal"),
        Mode::Symtest => ("1", "symtest"),
        Mode::DebugMacro => ("1", "debug-macro"),
    };
    command
        .current_dir(krate)
        .env("CARGO_TARGET_DIR", target.join(directory))
        .env("SYMTEST_INSTRUMENT", instrument)
        // Every timed build compiles from scratch: no query results reused from the last.
        .env("CARGO_INCREMENTAL", "0")
        .args([subcommand, "--quiet", "--lib"]);
    let optimised: &[&str] = match mode {
        Mode::Normal => &[],
        Mode::Symtest => &["symtest-runtime", "symtest-macros"],
        Mode::DebugMacro => &["symtest-runtime"],
    };
    if mode != Mode::Normal {
        command.args(["--features", "symtest-runtime/engine"]);
    }
    for package in optimised {
        command
            .arg("--config")
            .arg(format!("profile.dev.package.{package}.opt-level=3"));
    }
    command
}

fn build(krate: &Path, target: &Path, mode: Mode) -> Result<(), String> {
    let status = cargo(krate, target, mode, "build")
        .status()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    status
        .success()
        .then_some(())
        .ok_or_else(|| format!("the build of {} failed", krate.display()))
}

/// Seconds of a build of the crate alone, after touching its source.
fn timed_rebuild(krate: &Path, target: &Path, mode: Mode) -> Result<f64, String> {
    touch(&krate.join("src/lib.rs"))?;
    let start = Instant::now();
    build(krate, target, mode)?;
    Ok(start.elapsed().as_secs_f64())
}

/// Changes `path` so cargo rebuilds it: a new last line, since cargo may compare contents
/// rather than modification times.
fn touch(path: &Path) -> Result<(), String> {
    static BUILDS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let build = BUILDS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let body = text.split("\n// build ").next().unwrap_or(&text);
    std::fs::write(path, format!("{body}\n// build {build}\n"))
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Seconds rustc spent in macro expansion of the instrumented crate (`expand_crate`).
fn macro_expansion(krate: &Path, target: &Path, mode: Mode) -> Result<f64, String> {
    touch(&krate.join("src/lib.rs"))?;
    let output = cargo(krate, target, mode, "rustc")
        .env("RUSTC_BOOTSTRAP", "1")
        .args(["--", "-Z", "time-passes"])
        .output()
        .map_err(|e| format!("cannot run cargo: {e}"))?;
    let text = String::from_utf8_lossy(&output.stderr);
    text.lines()
        .find(|line| line.trim_end().ends_with("expand_crate"))
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|seconds| seconds.trim_end_matches(';').parse().ok())
        .ok_or_else(|| format!("no expand_crate time in rustc's output:\n{text}"))
}
