//! Every child process `cargo symtest` starts, started here: each in its own process group,
//! registered while it runs, so that a timeout kills its whole group (the test binary and
//! anything it started) and an interrupt (SIGINT, SIGTERM or SIGHUP, to our pid alone or to
//! the terminal's group) kills every group, after which nothing new starts. The thread that
//! waits for the signal, and tells the terminal, is [`crate::interrupt`]'s.

use std::io::Read;
use std::process::{Child, Command, ExitStatus, Output, Stdio};
use std::sync::{LockResult, Mutex, MutexGuard};
use std::thread;
use std::time::{Duration, Instant};

/// The children running now and whether a signal asked us to stop. One lock for both, so a
/// child is either started before the signal (and killed by it) or not started at all.
struct Registry {
    /// Process ids of running children, each leading its own process group.
    running: Vec<u32>,
    /// The signal that interrupted the run.
    signal: Option<i32>,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    running: Vec::new(),
    signal: None,
});

/// Held while a source file is written: an interrupt that has to end the process itself waits
/// for the write, so no file is left half-written and no temporary file is left behind.
static WRITING: Mutex<()> = Mutex::new(());

/// The run was interrupted by a signal: the error that unwinds the pipeline.
#[derive(Debug)]
pub struct Interrupted(pub i32);

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "interrupted by signal {}", self.0)
    }
}

impl std::error::Error for Interrupted {}

/// Records the signal and kills the running children's groups; [`crate::interrupt`] calls it
/// when a signal comes.
pub fn interrupt(signal: i32) {
    if let Ok(mut registry) = REGISTRY.lock() {
        registry.signal.get_or_insert(signal);
        for &pid in &registry.running {
            kill_group_of(pid);
        }
    }
}

/// The signal that interrupted the run, if one did.
pub fn interrupted() -> Option<i32> {
    REGISTRY.lock().map_or(None, |registry| registry.signal)
}

/// An [`Interrupted`] error once a signal came.
pub fn check_interrupted() -> anyhow::Result<()> {
    match interrupted() {
        Some(signal) => Err(Interrupted(signal).into()),
        None => Ok(()),
    }
}

/// Runs `write` unless the run is interrupted, and lets no interrupt end the process during it.
pub fn writing<T>(write: impl FnOnce() -> anyhow::Result<T>) -> anyhow::Result<T> {
    let _writing = hold_writes();
    check_interrupted()?;
    write()
}

/// Waits for the file being written ([`writing`]), if any, and keeps any other write from
/// starting while the guard lives: an interrupt that ends the process itself holds it to the
/// end.
pub fn hold_writes() -> LockResult<MutexGuard<'static, ()>> {
    WRITING.lock()
}

/// A child started by [`spawn`]. Dropping it before it ended kills its group.
#[derive(Debug)]
pub struct Running {
    pub child: Child,
}

impl Running {
    /// Waits for it, collecting its stdout and stderr (where piped).
    pub fn output(mut self) -> std::io::Result<Output> {
        let stdout = drain(self.child.stdout.take());
        let stderr = drain(self.child.stderr.take());
        let status = self.child.wait()?;
        Ok(Output {
            status,
            stdout: stdout.join().unwrap_or_default(),
            stderr: stderr.join().unwrap_or_default(),
        })
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            kill_group(&mut self.child);
        }
        if let Ok(mut registry) = REGISTRY.lock() {
            let pid = self.child.id();
            registry.running.retain(|&running| running != pid);
        }
    }
}

/// Starts `command` in a process group of its own, unless the run was interrupted.
pub fn spawn(command: &mut Command) -> std::io::Result<Running> {
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(command, 0);
    let mut registry = REGISTRY
        .lock()
        .map_err(|_| std::io::Error::other("the process registry is poisoned"))?;
    if let Some(signal) = registry.signal {
        return Err(std::io::Error::other(Interrupted(signal)));
    }
    let child = command.spawn()?;
    registry.running.push(child.id());
    Ok(Running { child })
}

/// Runs `command` to the end, as [`Command::output`] does (stdin closed).
pub fn output(command: &mut Command) -> std::io::Result<Output> {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    spawn(command)?.output()
}

/// How a child process ended and what it wrote to stderr (its stdout is discarded: children
/// report through files).
#[derive(Debug)]
pub struct Finished {
    /// `None` when the child was killed for running out of time.
    pub status: Option<ExitStatus>,
    pub stderr: String,
}

/// Runs `command` to completion or until `limit` passes, capturing its stderr.
pub fn run(command: &mut Command, limit: Duration) -> std::io::Result<Finished> {
    command
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let mut running = spawn(command)?;
    let stderr = drain(running.child.stderr.take());
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = running.child.try_wait()? {
            break Some(status);
        }
        if Instant::now() >= deadline {
            kill_group(&mut running.child);
            break None;
        }
        thread::sleep(Duration::from_millis(10));
    };
    Ok(Finished {
        status,
        stderr: String::from_utf8_lossy(&stderr.join().unwrap_or_default()).into_owned(),
    })
}

fn drain(pipe: Option<impl Read + Send + 'static>) -> thread::JoinHandle<Vec<u8>> {
    thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut bytes);
        }
        bytes
    })
}

/// Kills the child's process group (it leads it), then the child, then reaps it.
fn kill_group(child: &mut Child) {
    kill_group_of(child.id());
    let _ = child.kill();
    let _ = child.wait();
}

/// Kills the process group led by `pid` (nothing on platforms without process groups).
fn kill_group_of(pid: u32) {
    #[cfg(unix)]
    if let Ok(pid) = i32::try_from(pid) {
        use nix::sys::signal::{Signal, killpg};
        let _ = killpg(nix::unistd::Pid::from_raw(pid), Signal::SIGKILL);
    }
    #[cfg(not(unix))]
    let _ = pid;
}

/// Describes how a child that did not exit cleanly ended, for messages.
pub fn describe_end(finished: &Finished) -> String {
    let Some(status) = finished.status else {
        return "was killed after running out of time (a hang, or a very slow function)"
            .to_string();
    };
    if finished.stderr.contains("has overflowed its stack") {
        return "overflowed its stack".to_string();
    }
    // What Rust's allocation error handler prints before it aborts.
    let failed_allocation = finished
        .stderr
        .lines()
        .find(|line| line.starts_with("memory allocation of ") && line.ends_with(" failed"));
    if let Some(line) = failed_allocation {
        return format!("ran out of memory ({line})");
    }
    #[cfg(unix)]
    if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status) {
        let name = match signal {
            6 => "SIGABRT: the process aborted",
            9 => "SIGKILL: killed, perhaps for using too much memory",
            11 => "SIGSEGV: a segmentation fault",
            _ => "a signal",
        };
        return format!("was killed by signal {signal} ({name})");
    }
    match status.code() {
        Some(code) => format!("exited with code {code}"),
        None => "ended abnormally".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stderr_and_status_are_captured() {
        let finished = run(
            Command::new("sh").args(["-c", "echo out; echo err >&2; exit 3"]),
            Duration::from_secs(10),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(finished.stderr, "err\n");
        assert_eq!(finished.status.and_then(|s| s.code()), Some(3));
        assert_eq!(describe_end(&finished), "exited with code 3");
    }

    #[test]
    fn a_failed_allocation_is_told_as_running_out_of_memory() {
        let finished = run(
            Command::new("sh").args([
                "-c",
                "echo 'memory allocation of 1125899906842624 bytes failed' >&2; kill -ABRT $$",
            ]),
            Duration::from_secs(10),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            describe_end(&finished),
            "ran out of memory (memory allocation of 1125899906842624 bytes failed)"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_hanging_group_is_killed_at_the_limit() {
        let started = Instant::now();
        // The shell starts a grandchild that would keep the pipes open if only the shell died.
        let finished = run(
            Command::new("sh").args(["-c", "sleep 30 & sleep 30"]),
            Duration::from_millis(300),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(finished.status.is_none());
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "took {:?}",
            started.elapsed()
        );
        assert!(describe_end(&finished).contains("out of time"));
    }
}
