//! Square root (each algorithm), trace, half-trace (every method) and quadratic solving
//! in binary fields, with multiplication alongside for the ratios of Avanzi's Tables 3–4.
//!
//! Groups are `<field>/<operation>`, ids `BenchmarkId::new(algorithm, field)`; every id
//! ending in `-x8` times 8 independent operations per iteration (throughput; divide by
//! 8), on inputs drawn in turn from a pool of 512 random elements (trace zero for
//! half-trace and solve) so that table methods do not run on an unrealistically hot
//! cache. Time is thread CPU time (the machine is shared).
//! The four fields of the half-trace targets (NIST and SSRF at 163 and 233) go through
//! their compile-time specs, the others through run-time moduli.
//! Run: `cargo bench -p halfroot --bench binary_quadratic` (a few minutes);
//! `-- 'Nist163|Ssrf163'` to filter.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use halfroot::binary::field::{BinaryField, BinaryFieldOps};
use halfroot::binary::half_trace::HalfTraceMethod;
use halfroot::binary::modulus::{Modulus, ModulusSpec};
use halfroot::binary::spec::{Nist163, Nist233, Ssrf163, Ssrf233};
use halfroot::binary::sqrt::SqrtAlgorithm;
use halfroot::field::Field;
use rand::SeedableRng;
use std::hint::black_box;
use std::time::Duration;
#[path = "support/thread_cpu.rs"]
mod thread_cpu;

use thread_cpu::{ThreadCpu, C};

const POOL: usize = 512;

/// Times `op` on 8 consecutive pool elements per iteration, moving through the pool.
fn x8<'a, T, R>(pool: &'a [T], mut op: impl FnMut(&T) -> R + 'a) -> impl FnMut() -> [R; 8] + 'a {
    let mut at = 0usize;
    move || {
        at = (at + 8) % POOL;
        let p = black_box(&pool[at..at + 8]);
        core::array::from_fn(|i| op(&p[i]))
    }
}

fn bench_field<const N: usize, M: ModulusSpec>(c: &mut C, name: &str, m: M, all: bool) {
    let f = BinaryField::<N, M>::new(m).expect("irreducible");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let a: Vec<[u64; N]> = (0..POOL).map(|_| f.random(&mut rng)).collect();
    let b: Vec<[u64; N]> = (0..POOL).map(|_| f.random(&mut rng)).collect();
    let ab: Vec<([u64; N], [u64; N])> = a.iter().copied().zip(b.iter().copied()).collect();
    // Trace-zero elements, so that solve does the full work: add x^i of trace one.
    let d = f.degree() as usize;
    let one_trace = (0..d)
        .map(|i| {
            let mut e = [0u64; N];
            e[i / 64] = 1 << (i % 64);
            e
        })
        .find(|e| f.trace(e) == 1)
        .expect("the trace is onto");
    let t0: Vec<[u64; N]> = a
        .iter()
        .map(|x| {
            if f.trace(x) == 1 {
                f.add(x, &one_trace)
            } else {
                *x
            }
        })
        .collect();

    let mut g = c.benchmark_group(format!("{name}/mul"));
    g.bench_function(BenchmarkId::new("tput-x8", name), |bch| {
        let mut run = x8(&ab, |(x, y)| f.mul(x, y));
        bch.iter(&mut run)
    });
    g.finish();

    if all {
        let mut g = c.benchmark_group(format!("{name}/sqr"));
        g.bench_function(BenchmarkId::new("tput-x8", name), |bch| {
            let mut run = x8(&a, |x| f.sqr(x));
            bch.iter(&mut run)
        });
        g.finish();

        let mut g = c.benchmark_group(format!("{name}/sqrt"));
        for alg in SqrtAlgorithm::ALL {
            if alg.supports(&f) && alg != SqrtAlgorithm::Fermat {
                g.bench_function(
                    BenchmarkId::new(format!("{}-x8", alg.name()), name),
                    |bch| {
                        let mut run = x8(&a, |x| f.sqrt_with(alg, x));
                        bch.iter(&mut run)
                    },
                );
            }
        }
        g.finish();

        let mut g = c.benchmark_group(format!("{name}/trace"));
        g.bench_function(BenchmarkId::new("default-x8", name), |bch| {
            let mut run = x8(&a, |x| f.trace(x));
            bch.iter(&mut run)
        });
        g.finish();
    }

    let methods: Vec<HalfTraceMethod> = if all {
        HalfTraceMethod::ALL
            .into_iter()
            .filter(|&m| m != HalfTraceMethod::Naive && m != HalfTraceMethod::NibbleCt)
            .collect()
    } else {
        vec![]
    };
    for m in &methods {
        f.direct_map(m.layout().expect("table method")); // build outside the timing
        let _ = f.solve_with(*m, &t0[0]);
    }
    let _ = f.solve_quadratic(&t0[0]);
    if f.degree() % 2 == 1 {
        let mut g = c.benchmark_group(format!("{name}/half_trace"));
        for &m in &methods {
            g.bench_function(BenchmarkId::new(format!("{}-x8", m.name()), name), |bch| {
                let mut run = x8(&t0, |x| f.half_trace_with(m, x));
                bch.iter(&mut run)
            });
        }
        g.bench_function(BenchmarkId::new("default-x8", name), |bch| {
            let mut run = x8(&t0, |x| f.half_trace(x));
            bch.iter(&mut run)
        });
        g.finish();
    }

    // The batch forms over 64 trace-zero elements (ns per element): the default
    // method, and every direct layout's table through `LinearMap::apply_many`.
    let zb: Vec<[u64; N]> = t0.iter().copied().cycle().take(64).collect();
    let mut out = vec![[0u64; N]; 64];
    let mut roots = vec![None; 64];
    let mut g = c.benchmark_group(format!("{name}/many"));
    g.throughput(Throughput::Elements(64));
    g.bench_function(BenchmarkId::new("mul-x64", name), |bch| {
        bch.iter(|| f.mul_many(black_box(&zb), black_box(&a[..64]), &mut out))
    });
    if f.degree() % 2 == 1 {
        g.bench_function(BenchmarkId::new("half-trace-default-x64", name), |bch| {
            bch.iter(|| f.half_trace_many(black_box(&zb), &mut out))
        });
    }
    g.bench_function(BenchmarkId::new("solve-default-x64", name), |bch| {
        bch.iter(|| f.solve_many(black_box(&zb), &mut roots))
    });
    let mut solvable = vec![false; zb.len()];
    g.bench_function(BenchmarkId::new("solve-split-x64", name), |bch| {
        bch.iter(|| f.solve_many_split(black_box(&zb), &mut out, &mut solvable))
    });
    for &m in &methods {
        if let (Some(layout), false) = (m.layout(), m.folds()) {
            let map = f.direct_map(layout);
            g.bench_function(
                BenchmarkId::new(format!("table-{layout}-x64"), name),
                |bch| bch.iter(|| map.apply_many(black_box(&zb), &mut out)),
            );
        }
    }
    g.finish();

    let mut g = c.benchmark_group(format!("{name}/solve"));
    for &m in &methods {
        g.bench_function(BenchmarkId::new(format!("{}-x8", m.name()), name), |bch| {
            let mut run = x8(&t0, |x| f.solve_with(m, x));
            bch.iter(&mut run)
        });
    }
    g.bench_function(BenchmarkId::new("default-x8", name), |bch| {
        let mut run = x8(&t0, |x| f.solve_quadratic(x));
        bch.iter(&mut run)
    });
    g.finish();
}

fn rt(text: &str) -> Modulus {
    Modulus::parse(text).expect("modulus")
}

/// The fields of the targets (compile-time specs), every method.
fn target_fields(c: &mut C) {
    bench_field::<3, _>(c, "Nist163", Nist163, true);
    bench_field::<3, _>(c, "Ssrf163", Ssrf163, true);
    bench_field::<4, _>(c, "Nist233", Nist233, true);
    bench_field::<4, _>(c, "Ssrf233", Ssrf233, true);
}

/// Larger standard fields (every method) and Avanzi's Table 3 fields plus two
/// even-degree SSRF fields (default methods only).
fn other_fields(c: &mut C) {
    bench_field::<5, _>(c, "283,12,7,5,0", rt("283,12,7,5,0"), true);
    bench_field::<5, _>(c, "283,97,89,87,0", rt("283,97,89,87,0"), true);
    bench_field::<7, _>(c, "409,87,0", rt("409,87,0"), true);
    bench_field::<9, _>(c, "571,10,5,2,0", rt("571,10,5,2,0"), true);
    bench_field::<9, _>(c, "571,193,185,5,0", rt("571,193,185,5,0"), true);
    for (m, n) in [
        ("41,3,0", 1),
        ("43,6,4,3,0", 1),
        ("43,17,9,5,0", 1),
        ("47,5,0", 1),
        ("83,7,4,2,0", 2),
        ("83,29,25,3,0", 2),
        ("89,38,0", 2),
        ("89,51,0", 2),
        ("97,6,0", 2),
        ("97,33,0", 2),
        ("127,1,0", 2),
        ("191,9,0", 3),
        ("223,33,0", 4),
        ("94,21,0", 2),
        ("206,104,8,4,2,1,0", 4),
    ] {
        match n {
            1 => bench_field::<1, _>(c, m, rt(m), false),
            2 => bench_field::<2, _>(c, m, rt(m), false),
            3 => bench_field::<3, _>(c, m, rt(m), false),
            _ => bench_field::<4, _>(c, m, rt(m), false),
        }
    }
}

fn config() -> C {
    Criterion::default()
        .with_measurement(ThreadCpu)
        .sample_size(20)
        .warm_up_time(Duration::from_millis(100))
        .measurement_time(Duration::from_millis(300))
        .without_plots()
}

criterion_group! {
    name = benches;
    config = config();
    targets = target_fields, other_fields
}
criterion_main!(benches);
