//! What a signal does to the run: the thread that waits for SIGINT, SIGTERM or SIGHUP has
//! [`crate::process`] kill every running child's group and refuse to start new ones, clears
//! the progress display, lets the run unwind, and ends the process with 128 + the signal if it
//! has not ended within a few seconds, but never in the middle of writing a file. It sits above
//! both [`crate::process`] (the children, and the signal they stopped for) and
//! [`crate::console`] (the terminal, which says nothing more once a signal came).

#[cfg(unix)]
use std::thread;
#[cfg(unix)]
use std::time::Duration;

#[cfg(unix)]
use crate::console;
#[cfg(unix)]
use crate::process;

/// How long after a signal the run may take to unwind (dropping its temporary files) before
/// the signal's thread ends the process itself.
#[cfg(unix)]
const GRACE: Duration = Duration::from_secs(5);

/// On SIGINT, SIGTERM or SIGHUP: kills every running child's process group, refuses to start
/// new ones, and lets the run unwind ([`crate::process::interrupted`]); ends the process with
/// 128 + the signal if it has not ended within a few seconds, but never in the middle of
/// writing a file.
pub fn handle_interrupts() {
    #[cfg(unix)]
    {
        use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        thread::spawn(move || {
            if let Some(signal) = signals.forever().next() {
                process::interrupt(signal);
                console::clear_progress();
                thread::sleep(GRACE);
                let _writing = process::hold_writes();
                console::interrupted(signal);
                std::process::exit(128 + signal);
            }
        });
    }
}
