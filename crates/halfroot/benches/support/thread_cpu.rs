//! Criterion measurement in thread CPU time (`CLOCK_THREAD_CPUTIME_ID`): the machine is
//! shared, and wall time would count the time slices other processes get. Shared by the
//! binary-field benches through `#[path]`, so it is not a bench target of its own.

use std::time::Duration;

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{Criterion, Throughput};

/// Thread CPU time as a criterion [`Measurement`].
pub struct ThreadCpu;

/// Criterion with thread-CPU-time measurement.
pub type C = Criterion<ThreadCpu>;

fn thread_cpu_now() -> Duration {
    cpu_time::ThreadTime::now().as_duration()
}

struct NsFormatter;

impl ValueFormatter for NsFormatter {
    fn scale_values(&self, typical: f64, values: &mut [f64]) -> &'static str {
        let (div, unit) = if typical < 1e3 {
            (1.0, "ns")
        } else if typical < 1e6 {
            (1e3, "µs")
        } else {
            (1e6, "ms")
        };
        for v in values {
            *v /= div;
        }
        unit
    }
    fn scale_throughputs(&self, _typical: f64, t: &Throughput, values: &mut [f64]) -> &'static str {
        let n = match t {
            Throughput::Elements(n) | Throughput::Bytes(n) | Throughput::BytesDecimal(n) => *n,
        } as f64;
        for v in values {
            *v = n * 1e9 / *v;
        }
        "elem/s"
    }
    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

impl Measurement for ThreadCpu {
    type Intermediate = Duration;
    type Value = Duration;
    fn start(&self) -> Duration {
        thread_cpu_now()
    }
    fn end(&self, i: Duration) -> Duration {
        thread_cpu_now().saturating_sub(i)
    }
    fn add(&self, a: &Duration, b: &Duration) -> Duration {
        *a + *b
    }
    fn zero(&self) -> Duration {
        Duration::ZERO
    }
    fn to_f64(&self, v: &Duration) -> f64 {
        v.as_nanos() as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &NsFormatter
    }
}
