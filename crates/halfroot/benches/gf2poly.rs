//! Criterion benchmarks of `halfroot::gf2poly`: word kernels, products (schoolbook vs
//! Karatsuba, and the Karatsuba threshold), modular squaring (sparse vs Barrett), gcd,
//! and the irreducibility tests at degree ~10 000.
//!
//! `cargo bench -p halfroot --bench gf2poly` (add a filter such as `karatsuba_threshold`).
#![allow(clippy::unwrap_used, missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use halfroot::gf2poly::{backend, mul, Gf2Poly, ModContext, Reduction};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::time::Duration;

fn words(rng: &mut ChaCha8Rng, n: usize) -> Vec<u64> {
    (0..n).map(|_| rng.gen()).collect()
}

fn dense(rng: &mut ChaCha8Rng, degree: usize) -> Gf2Poly {
    let mut w = words(rng, degree / 64 + 1);
    w[degree / 64] &= (1u64 << (degree % 64)) - 1;
    w[degree / 64] |= 1u64 << (degree % 64);
    w[0] |= 1;
    Gf2Poly::from_words(w)
}

fn avanzi_p_d1(d: u32) -> Gf2Poly {
    Gf2Poly::from_exponents(&[d + 1, 4, 1, 0])
        .divrem(&Gf2Poly::from_exponents(&[1, 0]))
        .unwrap()
        .0
}

fn kernels(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut g = c.benchmark_group("gf2poly/basecase");
    g.measurement_time(Duration::from_secs(2));
    for n in [1usize, 4, 16] {
        let (a, b) = (words(&mut rng, n), words(&mut rng, n));
        let mut out = vec![0u64; 2 * n];
        g.bench_with_input(BenchmarkId::new("portable", n), &n, |bch, _| {
            bch.iter(|| backend::portable::mul_basecase(black_box(&a), black_box(&b), &mut out))
        });
        let mut out = vec![0u64; 2 * n];
        g.bench_with_input(BenchmarkId::new("dispatch", n), &n, |bch, _| {
            bch.iter(|| backend::mul_basecase(black_box(&a), black_box(&b), &mut out))
        });
    }
    g.finish();
}

fn products(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut g = c.benchmark_group("gf2poly/mul");
    g.measurement_time(Duration::from_secs(2));
    // 157 words = degree 10 000.
    for n in [8usize, 16, 32, 64, 157, 313] {
        let (a, b) = (words(&mut rng, n), words(&mut rng, n));
        g.bench_with_input(BenchmarkId::new("schoolbook", n), &n, |bch, _| {
            bch.iter(|| mul::schoolbook(black_box(&a), black_box(&b)))
        });
        g.bench_with_input(BenchmarkId::new("karatsuba", n), &n, |bch, _| {
            bch.iter(|| mul::mul(black_box(&a), black_box(&b)))
        });
        g.bench_with_input(BenchmarkId::new("sqr", n), &n, |bch, _| {
            bch.iter(|| mul::sqr(black_box(&a)))
        });
    }
    g.finish();

    let mut g = c.benchmark_group("gf2poly/karatsuba_threshold");
    g.measurement_time(Duration::from_secs(2));
    for n in [64usize, 157] {
        let (a, b) = (words(&mut rng, n), words(&mut rng, n));
        for t in [8usize, 12, 16, 24, 32, 48, 64] {
            g.bench_with_input(BenchmarkId::new(format!("t{t}"), n), &n, |bch, _| {
                bch.iter(|| mul::karatsuba(black_box(&a), black_box(&b), t))
            });
        }
    }
    g.finish();
}

fn modular(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut g = c.benchmark_group("gf2poly/sqrmod");
    g.measurement_time(Duration::from_secs(2)).sample_size(10);
    let sparse = Gf2Poly::from_exponents(&[10000, 19, 13, 9, 0]);
    let p7879 = avanzi_p_d1(7879);
    for (name, m) in [("x^10000+x^19+x^13+x^9+1", &sparse), ("P_(7879,1)", &p7879)] {
        let a = ModContext::new(m).unwrap().reduce(&dense(&mut rng, 12000));
        for r in Reduction::ALL {
            let ctx = ModContext::with_reduction(m, r).unwrap();
            g.bench_with_input(BenchmarkId::new(r.name(), name), &a, |bch, a| {
                bch.iter(|| ctx.sqrmod(black_box(a)))
            });
            g.bench_with_input(
                BenchmarkId::new(format!("{}-mulmod", r.name()), name),
                &a,
                |bch, a| bch.iter(|| ctx.mulmod(black_box(a), black_box(a))),
            );
        }
    }
    g.finish();

    let mut g = c.benchmark_group("gf2poly/gcd");
    g.sample_size(10);
    for d in [1000usize, 10000] {
        let (a, b) = (dense(&mut rng, d), dense(&mut rng, d - 1));
        g.bench_with_input(BenchmarkId::new("euclid", d), &d, |bch, _| {
            bch.iter(|| black_box(&a).gcd(black_box(&b)))
        });
    }
    g.finish();
}

fn irreducibility(c: &mut Criterion) {
    let mut g = c.benchmark_group("gf2poly/irreducible");
    g.sample_size(10);
    let cases = [
        (
            "x^163+x^57+x^49+x^29+1",
            Gf2Poly::from_exponents(&[163, 57, 49, 29, 0]),
        ),
        ("x^9689+x^84+1", Gf2Poly::from_exponents(&[9689, 84, 0])),
        (
            "x^10000+x^19+x^13+x^9+1",
            Gf2Poly::from_exponents(&[10000, 19, 13, 9, 0]),
        ),
        ("P_(7879,1)", avanzi_p_d1(7879)),
    ];
    for (name, f) in &cases {
        g.bench_with_input(BenchmarkId::new("rabin", name), f, |bch, f| {
            bch.iter(|| assert!(black_box(f).is_irreducible_rabin()))
        });
        g.bench_with_input(BenchmarkId::new("ben_or", name), f, |bch, f| {
            bch.iter(|| assert!(black_box(f).is_irreducible()))
        });
    }
    // Random reducibles of degree 10 000 (constant term 1): Ben-Or's early exit.
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let randoms: Vec<Gf2Poly> = (0..16).map(|_| dense(&mut rng, 10000)).collect();
    g.bench_function(
        BenchmarkId::new("ben_or", "16 random degree 10000"),
        |bch| bch.iter(|| randoms.iter().filter(|f| f.is_irreducible()).count()),
    );
    g.finish();
}

criterion_group!(benches, kernels, products, modular, irreducibility);
criterion_main!(benches);
