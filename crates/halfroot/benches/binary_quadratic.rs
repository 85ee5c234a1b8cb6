//! Square root (each algorithm), trace, half-trace (naive, table) and quadratic solving
//! in binary fields, with multiplication alongside for the ratios of Avanzi's Tables 3–4.
//!
//! Groups are `<field>/<operation>`, ids `BenchmarkId::new(algorithm, field)`.
//! Run: `cargo bench -p halfroot --bench binary_quadratic` (a few minutes);
//! `-- 163` to filter.
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use halfroot::binary::field::{BinaryField, BinaryFieldOps};
use halfroot::binary::half_trace::HalfTraceMethod;
use halfroot::binary::modulus::Modulus;
use halfroot::binary::sqrt::SqrtAlgorithm;
use halfroot::field::Field;
use rand::SeedableRng;
use std::time::Duration;

fn bench_field<const N: usize>(c: &mut Criterion, modulus: &str) {
    let f = BinaryField::<N, Modulus>::new(Modulus::parse(modulus).expect("modulus"))
        .expect("irreducible");
    f.precompute();
    let name = modulus.to_string();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let a = f.random(&mut rng);
    let b = f.random(&mut rng);
    // A trace-zero element so that solve does the full work.
    let mut t0 = f.random(&mut rng);
    if f.trace(&t0) == 1 {
        t0 = f.add(&t0, &f.one());
        if f.trace(&t0) == 1 {
            t0 = f.sqr(&f.add(&t0, &a));
        }
    }

    let mut g = c.benchmark_group(format!("{name}/mul"));
    g.bench_function(BenchmarkId::new("arith", &name), |bch| {
        bch.iter(|| f.mul(black_box(&a), black_box(&b)))
    });
    g.finish();

    let mut g = c.benchmark_group(format!("{name}/sqr"));
    g.bench_function(BenchmarkId::new("arith", &name), |bch| {
        bch.iter(|| f.sqr(black_box(&a)))
    });
    g.finish();

    let mut g = c.benchmark_group(format!("{name}/sqrt"));
    for alg in SqrtAlgorithm::ALL {
        if alg.supports(&f) {
            g.bench_function(BenchmarkId::new(alg.name(), &name), |bch| {
                bch.iter(|| f.sqrt_with(alg, black_box(&a)))
            });
        }
    }
    g.bench_function(BenchmarkId::new("default", &name), |bch| {
        bch.iter(|| f.sqrt(black_box(&a)))
    });
    g.finish();

    let mut g = c.benchmark_group(format!("{name}/trace"));
    g.bench_function(BenchmarkId::new("default", &name), |bch| {
        bch.iter(|| f.trace(black_box(&a)))
    });
    g.bench_function(BenchmarkId::new("vector", &name), |bch| {
        bch.iter(|| f.trace_by_vector(black_box(&a)))
    });
    g.finish();

    if f.degree() % 2 == 1 {
        let mut g = c.benchmark_group(format!("{name}/half_trace"));
        for m in HalfTraceMethod::ALL {
            g.bench_function(BenchmarkId::new(m.name(), &name), |bch| {
                bch.iter(|| f.half_trace_with(m, black_box(&a)))
            });
        }
        g.bench_function(BenchmarkId::new("default", &name), |bch| {
            bch.iter(|| f.half_trace(black_box(&a)))
        });
        g.finish();
    }

    let mut g = c.benchmark_group(format!("{name}/solve"));
    for m in HalfTraceMethod::ALL {
        if m != HalfTraceMethod::Naive {
            g.bench_function(BenchmarkId::new(m.name(), &name), |bch| {
                bch.iter(|| f.solve_with(m, black_box(&t0)))
            });
        }
    }
    g.bench_function(BenchmarkId::new("default", &name), |bch| {
        bch.iter(|| f.solve_quadratic(black_box(&t0)))
    });
    g.finish();
}

fn standard_fields(c: &mut Criterion) {
    bench_field::<3>(c, "163,7,6,3,0");
    bench_field::<3>(c, "163,57,49,29,0");
    bench_field::<4>(c, "233,74,0");
    bench_field::<4>(c, "233,159,0");
    bench_field::<5>(c, "283,12,7,5,0");
    bench_field::<5>(c, "283,97,89,87,0");
    bench_field::<7>(c, "409,87,0");
    bench_field::<9>(c, "571,10,5,2,0");
    bench_field::<9>(c, "571,193,185,5,0");
}

/// The fields of Avanzi's Table 3 not already above, and two even-degree SSRF fields.
fn table3_fields(c: &mut Criterion) {
    bench_field::<1>(c, "41,3,0");
    bench_field::<1>(c, "43,6,4,3,0");
    bench_field::<1>(c, "43,17,9,5,0");
    bench_field::<1>(c, "47,5,0");
    bench_field::<2>(c, "83,7,4,2,0");
    bench_field::<2>(c, "83,29,25,3,0");
    bench_field::<2>(c, "89,38,0");
    bench_field::<2>(c, "89,51,0");
    bench_field::<2>(c, "97,6,0");
    bench_field::<2>(c, "97,33,0");
    bench_field::<2>(c, "127,1,0");
    bench_field::<3>(c, "191,9,0");
    bench_field::<4>(c, "223,33,0");
    bench_field::<2>(c, "94,21,0");
    bench_field::<4>(c, "206,104,8,4,2,1,0");
}

fn config() -> Criterion {
    Criterion::default()
        .warm_up_time(Duration::from_millis(50))
        .measurement_time(Duration::from_millis(150))
        .sample_size(10)
}

criterion_group! {
    name = benches;
    config = config();
    targets = standard_fields, table3_fields
}
criterion_main!(benches);
