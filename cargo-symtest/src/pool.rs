//! Running independent jobs on a few threads, results in input order.

use std::sync::Mutex;

/// `work` applied to every item, `jobs` at a time (default: the number of CPUs).
pub fn map<T: Sync, R: Send>(
    items: &[T],
    jobs: Option<usize>,
    work: impl Fn(usize, &T) -> R + Sync,
) -> Vec<R> {
    let jobs = jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let next = Mutex::new(0usize);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..items.len()).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(items.len()) {
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
}
