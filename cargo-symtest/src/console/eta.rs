//! How long the searches still need: an estimate from the ones that finished, and the clock
//! format the progress bar shows times in.

use std::time::Duration;

/// Time until the last search ends, when `finished` searches took the given times, searches
/// have been `running` for the given times, `queued` have not started, and `workers` run at
/// once. A queued search is taken to need the mean time of the finished ones; a running one
/// the mean, or twice what it has run once it has run past half the mean (having lasted that
/// long, it is expected to last as long again), so the estimate never reaches zero while a
/// slow search is still going. Each queued search goes to the worker free first, so the
/// estimate holds for the tail where fewer searches than workers are left. `None` until a
/// search has finished.
pub fn estimate(
    finished: &[Duration],
    running: &[Duration],
    queued: usize,
    workers: usize,
) -> Option<Duration> {
    let count = u32::try_from(finished.len()).ok().filter(|&n| n > 0)?;
    let mean = finished.iter().sum::<Duration>() / count;
    let mut free_at: Vec<Duration> = running
        .iter()
        .map(|&ran| mean.saturating_sub(ran).max(ran))
        .collect();
    free_at.resize(workers.max(running.len()).max(1), Duration::ZERO);
    for _ in 0..queued {
        if let Some(first) = free_at.iter_mut().min() {
            *first += mean;
        }
    }
    free_at.into_iter().max()
}

/// `0:07`, `12:34`, `1:02:03`: minutes and seconds, with hours when there are any.
pub fn clock(duration: Duration) -> String {
    let seconds = duration.as_secs();
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: u64) -> Duration {
        Duration::from_secs(s)
    }

    #[test]
    fn nothing_is_estimated_before_a_search_finishes() {
        assert_eq!(estimate(&[], &[secs(3)], 4, 2), None);
    }

    #[test]
    fn queued_searches_share_the_workers_at_the_mean_time_of_finished_ones() {
        // Mean 10s; four queued on two workers: two rounds.
        assert_eq!(estimate(&[secs(5), secs(15)], &[], 4, 2), Some(secs(20)));
        // Three queued on two workers: the third runs alone in the tail.
        assert_eq!(estimate(&[secs(10)], &[], 3, 2), Some(secs(20)));
        // More workers than work: one search's time.
        assert_eq!(estimate(&[secs(10)], &[], 2, 8), Some(secs(10)));
    }

    #[test]
    fn running_searches_count_what_they_have_already_spent() {
        // Mean 10s; one running for 4s needs 6s more, the queued one starts on the idle worker.
        assert_eq!(estimate(&[secs(10)], &[secs(4)], 1, 2), Some(secs(10)));
        // On one worker the queued one waits for the running one.
        assert_eq!(estimate(&[secs(10)], &[secs(4)], 1, 1), Some(secs(16)));
    }

    #[test]
    fn a_search_past_half_the_mean_is_expected_to_run_as_long_again() {
        assert_eq!(estimate(&[secs(10)], &[secs(5)], 0, 2), Some(secs(5)));
        assert_eq!(estimate(&[secs(10)], &[secs(25)], 0, 2), Some(secs(25)));
        assert_eq!(estimate(&[secs(10)], &[secs(25)], 1, 1), Some(secs(35)));
    }

    #[test]
    fn zero_workers_still_give_an_estimate() {
        assert_eq!(estimate(&[secs(10)], &[], 2, 0), Some(secs(20)));
    }

    #[test]
    fn clocks_show_hours_only_when_there_are_some() {
        assert_eq!(clock(secs(7)), "0:07");
        assert_eq!(clock(secs(754)), "12:34");
        assert_eq!(clock(secs(3723)), "1:02:03");
        assert_eq!(clock(Duration::from_millis(59_999)), "0:59");
    }
}
