//! Binary-field arithmetic: multiplication, squaring and inversion per field and backend.
//!
//! Groups are `<field>/<op>`, ids `BenchmarkId::new(algorithm, field)`. Every id ending in
//! `-x8` times 8 operations per iteration (divide by 8 for one operation):
//! * `…-tput-x8`: 8 independent operations (throughput);
//! * `…-lat-x8`: a dependent chain `a = a·b` (or `a = a²`) of 8 (latency).
//!
//! Every spec (NIST, Avanzi Tables 1 and 3) is timed with the detected backend; the NIST
//! fields additionally with every backend and every inversion algorithm.
//! Run: `cargo bench -p halfroot --bench binary_arith`.
// `criterion_group!` generates an undocumented public function.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use halfroot::binary::arith::Arith;
use halfroot::binary::backend::Backend;
use halfroot::binary::field::{BinaryField, BinaryFieldOps};
use halfroot::binary::inv::InvAlgorithm;
use halfroot::binary::modulus::ModulusSpec;
use halfroot::binary::sqrt::SqrtAlgorithm;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

#[path = "support/thread_cpu.rs"]
mod thread_cpu;

use thread_cpu::{ThreadCpu, C};

fn elems<const N: usize>(d: u32, count: usize, seed: u64) -> Vec<[u64; N]> {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut a = [0u64; N];
            for (i, w) in a.iter_mut().enumerate() {
                let lo = 64 * i as u32;
                *w = if d - lo >= 64 {
                    rng.next_u64()
                } else {
                    rng.next_u64() & ((1u64 << (d - lo)) - 1)
                };
            }
            a[0] |= 1;
            a
        })
        .collect()
}

fn bench_field<const N: usize, M: ModulusSpec + Default>(
    c: &mut C,
    name: &str,
    all_variants: bool,
) {
    let m = M::default();
    let d = m.degree();
    let xs: [[u64; N]; 8] = elems::<N>(d, 8, 1).try_into().expect("8");
    let ys: [[u64; N]; 8] = elems::<N>(d, 8, 2).try_into().expect("8");
    let backends: Vec<Backend> = if all_variants {
        Backend::ALL
            .into_iter()
            .filter(|b| b.is_available())
            .collect()
    } else {
        vec![Backend::detect()]
    };

    let mut g = c.benchmark_group(format!("{name}/mul"));
    for &b in &backends {
        let ar = Arith::<N, M>::with_backend(m.clone(), b).expect("backend");
        g.bench_function(
            BenchmarkId::new(format!("{}-tput-x8", b.name()), name),
            |bn| {
                bn.iter(|| {
                    let (x, y) = (black_box(&xs), black_box(&ys));
                    let mut r = [[0u64; N]; 8];
                    for i in 0..8 {
                        r[i] = ar.mul(&x[i], &y[i]);
                    }
                    r
                })
            },
        );
        g.bench_function(
            BenchmarkId::new(format!("{}-lat-x8", b.name()), name),
            |bn| {
                bn.iter(|| {
                    let mut a = *black_box(&xs[0]);
                    let y = black_box(&ys[0]);
                    for _ in 0..8 {
                        a = ar.mul(&a, y);
                    }
                    a
                })
            },
        );
    }
    g.finish();

    let mut g = c.benchmark_group(format!("{name}/sqr"));
    for &b in &backends {
        let ar = Arith::<N, M>::with_backend(m.clone(), b).expect("backend");
        g.bench_function(
            BenchmarkId::new(format!("{}-tput-x8", b.name()), name),
            |bn| {
                bn.iter(|| {
                    let x = black_box(&xs);
                    let mut r = [[0u64; N]; 8];
                    for i in 0..8 {
                        r[i] = ar.sqr(&x[i]);
                    }
                    r
                })
            },
        );
        g.bench_function(
            BenchmarkId::new(format!("{}-lat-x8", b.name()), name),
            |bn| bn.iter(|| ar.sqr_n(black_box(&xs[0]), 8)),
        );
    }
    g.finish();

    let f = BinaryField::<N, M>::new(m.clone()).expect("field");
    let mut g = c.benchmark_group(format!("{name}/sqrt"));
    let algs: Vec<SqrtAlgorithm> = if all_variants {
        SqrtAlgorithm::ALL
            .into_iter()
            .filter(|a| a.supports(&f) && *a != SqrtAlgorithm::Fermat)
            .collect()
    } else {
        vec![f.sqrt_algorithm()]
    };
    g.bench_function(BenchmarkId::new("default-tput-x8", name), |bn| {
        bn.iter(|| {
            let x = black_box(&xs);
            let mut r = [[0u64; N]; 8];
            for i in 0..8 {
                r[i] = f.sqrt(&x[i]);
            }
            r
        })
    });
    for alg in algs {
        g.bench_function(BenchmarkId::new(format!("{alg}-tput-x8"), name), |bn| {
            bn.iter(|| {
                let x = black_box(&xs);
                let mut r = [[0u64; N]; 8];
                for i in 0..8 {
                    r[i] = f.sqrt_with(alg, &x[i]).unwrap_or([0; N]);
                }
                r
            })
        });
    }
    g.finish();

    let mut g = c.benchmark_group(format!("{name}/trace"));
    g.bench_function(BenchmarkId::new("default-tput-x8", name), |bn| {
        bn.iter(|| {
            let x = black_box(&xs);
            let mut r = [0u8; 8];
            for i in 0..8 {
                r[i] = f.trace(&x[i]);
            }
            r
        })
    });
    g.finish();

    // The batch forms: 64 independent operations per call, the loop inside the
    // kernel's CPU-feature function (Throughput::Elements gives ns per element).
    let xb = elems::<N>(d, 64, 3);
    let yb = elems::<N>(d, 64, 4);
    let mut out = vec![[0u64; N]; 64];
    let mut g = c.benchmark_group(format!("{name}/many"));
    g.throughput(Throughput::Elements(64));
    for &b in &backends {
        let fb = BinaryField::<N, M>::with_backend(m.clone(), b).expect("backend");
        g.bench_function(
            BenchmarkId::new(format!("mul-{}-x64", b.name()), name),
            |bn| bn.iter(|| fb.mul_many(black_box(&xb), black_box(&yb), &mut out)),
        );
        g.bench_function(
            BenchmarkId::new(format!("sqr-{}-x64", b.name()), name),
            |bn| bn.iter(|| fb.sqr_many(black_box(&xb), &mut out)),
        );
        g.bench_function(
            BenchmarkId::new(format!("sqrt-{}-x64", b.name()), name),
            |bn| bn.iter(|| fb.sqrt_many(black_box(&xb), &mut out)),
        );
    }
    let mut tr = vec![0u8; 64];
    g.bench_function(BenchmarkId::new("trace-x64", name), |bn| {
        bn.iter(|| f.trace_many(black_box(&xb), &mut tr))
    });
    g.finish();

    let mut g = c.benchmark_group(format!("{name}/inv"));
    let ar = Arith::<N, M>::new(m.clone()).expect("arith");
    ar.precompute_inv_tables();
    let algs: Vec<InvAlgorithm> = if all_variants {
        InvAlgorithm::ALL.to_vec()
    } else {
        vec![
            InvAlgorithm::CONSTANT_TIME_DEFAULT,
            InvAlgorithm::VARTIME_DEFAULT,
        ]
    };
    for alg in algs {
        let mut i = 0usize;
        g.bench_function(BenchmarkId::new(alg.name(), name), |bn| {
            bn.iter(|| {
                i = (i + 1) & 7;
                ar.inv_with(alg, black_box(&xs[i]))
            })
        });
    }
    g.finish();
}

/// All specs.
fn all(c: &mut C) {
    macro_rules! one {
        ($t:ty, $n:expr) => {
            bench_field::<{ $n }, $t>(c, <$t>::NAME, <$t>::NAME.starts_with("Nist"));
        };
    }
    halfroot::for_each_binary_spec!(one);
}

fn config() -> C {
    Criterion::default()
        .with_measurement(ThreadCpu)
        .sample_size(20)
        .warm_up_time(Duration::from_millis(200))
        .measurement_time(Duration::from_millis(500))
        .without_plots()
}

criterion_group! {
    name = benches;
    config = config();
    targets = all
}
criterion_main!(benches);
