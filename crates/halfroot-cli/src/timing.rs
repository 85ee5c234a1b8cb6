//! Wall-clock measurement for the report.
//!
//! Every figure is the **median** over several batches of the time per operation; a
//! batch runs the closure enough times to last about `batch_ms` milliseconds, so the
//! clock's resolution does not matter. Closures should perform several *independent*
//! operations per call when throughput is wanted (the count is passed as `ops_per_call`),
//! or one operation feeding the next when latency is wanted.

use std::time::{Duration, Instant};

/// How long to measure.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Number of batches; the median of their per-operation times is reported.
    pub batches: usize,
    /// Target duration of one batch.
    pub batch: Duration,
}

impl Budget {
    /// The default budget: 11 batches of 20 ms.
    pub fn normal() -> Self {
        Budget {
            batches: 11,
            batch: Duration::from_millis(20),
        }
    }
    /// A short budget for `--quick`: 5 batches of 4 ms.
    pub fn quick() -> Self {
        Budget {
            batches: 5,
            batch: Duration::from_millis(4),
        }
    }
}

/// The median time in nanoseconds of one operation, where each call of `f` performs
/// `ops_per_call` operations.
///
/// Only the timed loop is generic (`f` inlined into it); the calibration and the
/// statistics around it are one function for every closure, reached through one
/// indirect call per batch of calls (build weight: the report times about 700
/// closures).
pub fn median_ns<F: FnMut()>(budget: Budget, ops_per_call: usize, mut f: F) -> f64 {
    let mut run = |calls: usize| -> Duration {
        let t = Instant::now();
        for _ in 0..calls {
            f();
        }
        t.elapsed()
    };
    median_of_runs(budget, ops_per_call, &mut run)
}

/// [`median_ns`] around `run(calls)`, which makes `calls` calls and returns the time
/// they took.
fn median_of_runs(
    budget: Budget,
    ops_per_call: usize,
    run: &mut dyn FnMut(usize) -> Duration,
) -> f64 {
    // Calibrate: how many calls fill one batch.
    let mut calls = 1usize;
    loop {
        let el = run(calls);
        if el >= budget.batch / 4 || calls >= 1 << 30 {
            let per = el.as_secs_f64() / calls as f64;
            calls = ((budget.batch.as_secs_f64() / per.max(1e-12)) as usize).max(1);
            break;
        }
        calls *= 4;
    }
    let mut samples = Vec::with_capacity(budget.batches);
    for _ in 0..budget.batches {
        let ns = run(calls).as_secs_f64() * 1e9;
        samples.push(ns / (calls as f64 * ops_per_call as f64));
    }
    median(&mut samples)
}

/// The median of a non-empty sample (the mean of the two middle values for even sizes).
pub fn median(v: &mut [f64]) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_samples() {
        assert_eq!(median(&mut [3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(&mut [4.0, 1.0, 3.0, 2.0]), 2.5);
    }

    #[test]
    fn measures_a_known_sleep_within_reason() {
        let b = Budget {
            batches: 3,
            batch: Duration::from_millis(5),
        };
        let ns = median_ns(b, 1, || std::thread::sleep(Duration::from_micros(200)));
        assert!(ns >= 200_000.0, "{ns}");
        assert!(ns < 5_000_000.0, "{ns}");
    }
}
