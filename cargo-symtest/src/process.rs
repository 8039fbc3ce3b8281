//! Child processes with a wall-clock limit. Each runs in its own process group so that on
//! timeout the whole group — the test binary and anything it started — is killed.

use std::io::Read;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

/// Process groups of the children running now. Each child has its own group, so the
/// terminal's Ctrl-C does not reach it: [`kill_all_on_interrupt`] kills them instead.
static RUNNING: Mutex<Vec<u32>> = Mutex::new(Vec::new());

/// On Ctrl-C (or SIGTERM), kills every running child's process group, then exits with the
/// conventional code 130, so an interrupted `cargo symtest` leaves no search behind.
pub fn kill_all_on_interrupt() {
    let _ = ctrlc::set_handler(|| {
        crate::console::clear_progress();
        if let Ok(running) = RUNNING.lock() {
            for &pid in running.iter() {
                kill_group_of(pid);
            }
        }
        std::process::exit(130);
    });
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
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(command, 0);
    let mut child = command.spawn()?;
    if let Ok(mut running) = RUNNING.lock() {
        running.push(child.id());
    }
    let stderr = drain(child.stderr.take());
    let deadline = Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break Some(status);
        }
        if Instant::now() >= deadline {
            kill_group(&mut child);
            break None;
        }
        thread::sleep(Duration::from_millis(10));
    };
    Ok(Finished {
        status,
        stderr: stderr.join().unwrap_or_default(),
    })
}

fn drain(pipe: Option<impl Read + Send + 'static>) -> thread::JoinHandle<String> {
    thread::spawn(move || {
        let mut text = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut text);
        }
        String::from_utf8_lossy(&text).into_owned()
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
    {
        let _ = Command::new("kill")
            .args(["-s", "KILL", "--", &format!("-{pid}")])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
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
