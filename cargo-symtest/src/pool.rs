//! Running independent jobs on a few threads, results in input order.

use std::sync::Mutex;

/// How many items [`map`] works on at once: `jobs` (default: the number of CPUs), at most
/// one per item.
pub fn workers(jobs: Option<usize>, items: usize) -> usize {
    jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1)
        .min(items)
}

/// `work` applied to every item, `jobs` at a time (default: the number of CPUs).
pub fn map<T: Sync, R: Send>(
    items: &[T],
    jobs: Option<usize>,
    work: impl Fn(usize, &T) -> R + Sync,
) -> Vec<R> {
    let next = Mutex::new(0usize);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..workers(jobs, items.len()) {
            scope.spawn(|| {
                loop {
                    let index = match next.lock() {
                        Ok(mut next) => {
                            *next += 1;
                            *next - 1
                        }
                        Err(_) => return,
                    };
                    let Some(item) = items.get(index) else { return };
                    let result = work(index, item);
                    if let Ok(mut results) = results.lock() {
                        results[index] = Some(result);
                    }
                }
            });
        }
    });
    results
        .into_inner()
        .unwrap_or_default()
        .into_iter()
        .flatten()
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn results_come_back_in_input_order_whatever_the_parallelism() {
        let items: Vec<u64> = (0..50).collect();
        for jobs in [None, Some(1), Some(3), Some(100)] {
            let squares = super::map(&items, jobs, |_, &x| x * x);
            assert_eq!(squares, items.iter().map(|x| x * x).collect::<Vec<_>>());
        }
    }

    #[test]
    fn there_are_never_more_workers_than_items_and_at_least_one_for_some() {
        assert_eq!(super::workers(Some(8), 3), 3);
        assert_eq!(super::workers(Some(0), 3), 1);
        assert_eq!(super::workers(Some(2), 0), 0);
        assert!(super::workers(None, 1000) >= 1);
    }
}
