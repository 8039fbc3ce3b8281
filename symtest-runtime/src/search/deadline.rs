//! A deadline that is cheap to ask about millions of times.

use std::cell::Cell;
use std::time::{Duration, Instant};

/// Calls between clock readings while the calls come fast.
const STRIDE: u32 = 16;

/// Calls come fast when [`STRIDE`] of them take less than this.
const FAST: Duration = Duration::from_millis(1);

/// A point in time that [`passed`](Deadline::passed) reports on.
///
/// A search asks after every evaluation, and reading the clock cost about a tenth of a fast
/// function's evaluation. So the clock is read every [`STRIDE`] calls while the calls between
/// two readings took under [`FAST`], and on every call once they took longer. The deadline is
/// seen at most `STRIDE - 1` calls late: under a millisecond while calls stay fast, and one
/// call late once they are slow. (Evaluations are bounded by the step budget, so a stride of
/// calls that turn slow all at once is still short.)
#[derive(Debug)]
pub struct Deadline {
    at: Instant,
    /// Calls left before the clock is read again.
    skip: Cell<u32>,
    /// When the clock was last read.
    read: Cell<Instant>,
}

impl Deadline {
    pub fn new(at: Instant) -> Self {
        Deadline {
            at,
            skip: Cell::new(0),
            read: Cell::new(Instant::now()),
        }
    }

    /// Whether the deadline has passed, as of the last clock reading.
    pub fn passed(&self) -> bool {
        if let Some(left) = self.skip.get().checked_sub(1) {
            self.skip.set(left);
            return false;
        }
        let now = Instant::now();
        let fast = now.duration_since(self.read.get()) < FAST;
        self.read.set(now);
        self.skip.set(if fast { STRIDE - 1 } else { 0 });
        now >= self.at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_passed_deadline_is_seen_within_a_stride_of_fast_calls() {
        let deadline = Deadline::new(Instant::now() + Duration::from_millis(20));
        std::thread::sleep(Duration::from_millis(25));
        let calls = (1..=STRIDE).find(|_| deadline.passed());
        assert!(calls.is_some(), "not seen within {STRIDE} calls");
    }

    #[test]
    fn slow_calls_read_the_clock_every_time() {
        let deadline = Deadline::new(Instant::now() + Duration::from_millis(30));
        std::thread::sleep(Duration::from_millis(2));
        assert!(
            !deadline.passed(),
            "2 ms since the deadline was set: a slow call"
        );
        std::thread::sleep(Duration::from_millis(40));
        assert!(
            deadline.passed(),
            "after a slow call the clock is read on the next"
        );
    }

    #[test]
    fn a_future_deadline_has_not_passed() {
        let deadline = Deadline::new(Instant::now() + Duration::from_secs(3600));
        assert!((0..1000).all(|_| !deadline.passed()));
    }
}
