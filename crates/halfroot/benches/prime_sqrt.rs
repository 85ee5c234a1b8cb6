//! Square roots and QR tests in GF(p) and GF(p²), over the big-integer reference
//! field for now (the lead switches it to the Montgomery field `Fp<N>`).
//!
//! Groups:
//! - `prime_table1_gfp/<method>/<setting>`: Wang–Nogami–Morikawa Table 1 GF(p) columns
//!   I–III: `cqr`, `pqr`, `smart` (Smart's Steps 1–3 on a known residue, like the
//!   paper's row), `mwst` (MW-ST from a stored P.QR result), then every GF(p)
//!   algorithm as a full square root (QR test included), `sqrt/<name>`.
//! - `prime_table1_gfp2/...`: the GF(q²) columns likewise (`mwst` is the `4 | q−1`
//!   variant for I and II), then every GF(p²) algorithm, `sqrt/<name>`.
//! - `prime_sqrt_t_sweep_256/<name>/T=<t>`: every GF(p) algorithm on 256-bit primes
//!   `p = 2^t k + 1` (2-adicity t of p − 1), t from 1 to 64.
//!
//! Run: `cargo bench -p halfroot --bench prime_sqrt` (add a filter such as
//! `-- t_sweep` for one group).

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use halfroot::field::Field;
use halfroot::prime::qr::{cqr, pqr};
use halfroot::prime::reference::{is_probable_prime, BigPrimeField};
use halfroot::prime::sqrt::{mwst, smart, SqrtAlgorithm, SqrtContext};
use halfroot::prime::wnm_table1::table1_settings;
use halfroot::prime::PrimeFieldOps;
use halfroot::prime2::sqrt::{Fp2SqrtAlgorithm, Fp2SqrtContext};
use halfroot::prime2::{Fp2, QuadraticExtension};
use num_bigint::{BigUint, RandBigInt};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;
use std::time::Duration;

const INPUTS: usize = 16;

fn configure<'a>(
    c: &'a mut Criterion,
    name: &str,
) -> criterion::BenchmarkGroup<'a, criterion::measurement::WallTime> {
    let mut g = c.benchmark_group(name);
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(300));
    g.measurement_time(Duration::from_millis(1500));
    g
}

fn squares<F: Field>(f: &F, rng: &mut ChaCha20Rng) -> Vec<F::Elem> {
    (0..INPUTS).map(|_| f.sqr(&f.random(rng))).collect()
}

/// Builds the prime field under test; switch this (and the type) to the fast field.
fn make_field(p: &BigUint) -> BigPrimeField {
    BigPrimeField::new(p.clone()).expect("p is prime")
}

fn bench_table1_gfp(c: &mut Criterion) {
    bench_table1_gfp_with(c, make_field);
}

fn bench_table1_gfp2(c: &mut Criterion) {
    bench_table1_gfp2_with(c, make_field);
}

fn bench_t_sweep(c: &mut Criterion) {
    bench_t_sweep_with(c, make_field);
}

fn bench_table1_gfp_with<F: PrimeFieldOps>(c: &mut Criterion, make: impl Fn(&BigUint) -> F) {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let mut g = configure(c, "prime_table1_gfp");
    for s in table1_settings().into_iter().filter(|s| s.m == 1) {
        let f = make(&s.p);
        let ctx = SqrtContext::new(&f).expect("context");
        let tw = &ctx.two_adic;
        let xs = squares(&f, &mut rng);
        let stored: Vec<_> = xs.iter().map(|x| pqr(&f, tw, x)).collect();
        let label = format!("{} p={}", s.label, s.p_expr);
        let mut i = 0;
        g.bench_function(BenchmarkId::new("cqr", &label), |b| {
            b.iter(|| {
                i = (i + 1) % INPUTS;
                black_box(cqr(&f, tw, &xs[i]))
            })
        });
        g.bench_function(BenchmarkId::new("pqr", &label), |b| {
            b.iter(|| {
                i = (i + 1) % INPUTS;
                black_box(pqr(&f, tw, &xs[i]))
            })
        });
        g.bench_function(BenchmarkId::new("smart", &label), |b| {
            b.iter(|| {
                i = (i + 1) % INPUTS;
                black_box(smart::sqrt_of_residue_vartime(&f, tw, &xs[i]))
            })
        });
        g.bench_function(BenchmarkId::new("mwst", &label), |b| {
            b.iter(|| {
                i = (i + 1) % INPUTS;
                black_box(mwst::sqrt_with_vartime(&f, tw, &stored[i]))
            })
        });
        for alg in SqrtAlgorithm::ALL {
            if !alg.supports(&s.p) {
                continue;
            }
            g.bench_function(
                BenchmarkId::new(format!("sqrt/{}", alg.name()), &label),
                |b| {
                    b.iter(|| {
                        i = (i + 1) % INPUTS;
                        black_box(alg.sqrt_vartime(&f, &ctx, &xs[i]))
                    })
                },
            );
        }
    }
    g.finish();
}

fn bench_table1_gfp2_with<F: PrimeFieldOps>(c: &mut Criterion, make: impl Fn(&BigUint) -> F) {
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    let mut g = configure(c, "prime_table1_gfp2");
    for s in table1_settings().into_iter().filter(|s| s.m == 2) {
        let base = make(&s.p);
        let q = Fp2::with_nonresidue(base, s.nonresidue.unwrap_or(3)).expect("x^2 - 3 irreducible");
        let ctx = Fp2SqrtContext::new(&q).expect("context");
        let tw = &ctx.two_adic;
        let xs = squares(&q, &mut rng);
        let stored: Vec<_> = xs.iter().map(|x| pqr(&q, tw, x)).collect();
        let label = format!("{} q={}", s.label, s.p_expr);
        let four_divides = !s.p.bit(1);
        let mut i = 0;
        g.bench_function(BenchmarkId::new("cqr", &label), |b| {
            b.iter(|| {
                i = (i + 1) % INPUTS;
                black_box(cqr(&q, tw, &xs[i]))
            })
        });
        g.bench_function(BenchmarkId::new("pqr", &label), |b| {
            b.iter(|| {
                i = (i + 1) % INPUTS;
                black_box(pqr(&q, tw, &xs[i]))
            })
        });
        g.bench_function(BenchmarkId::new("smart", &label), |b| {
            b.iter(|| {
                i = (i + 1) % INPUTS;
                black_box(smart::sqrt_of_residue_vartime(&q, tw, &xs[i]))
            })
        });
        g.bench_function(BenchmarkId::new("mwst", &label), |b| {
            b.iter(|| {
                i = (i + 1) % INPUTS;
                if four_divides {
                    black_box(halfroot::prime2::sqrt::mwst::sqrt_with_vartime(
                        &q, &ctx, &stored[i],
                    ))
                } else {
                    black_box(mwst::sqrt_with_vartime(&q, tw, &stored[i]))
                }
            })
        });
        for alg in Fp2SqrtAlgorithm::ALL {
            if !alg.supports(q.base().modulus()) {
                continue;
            }
            g.bench_function(
                BenchmarkId::new(format!("sqrt/{}", alg.name()), &label),
                |b| {
                    b.iter(|| {
                        i = (i + 1) % INPUTS;
                        black_box(alg.sqrt_vartime(&q, &ctx, &xs[i]))
                    })
                },
            );
        }
    }
    g.finish();
}

/// A 256-bit prime `2^t k + 1` with `k` odd.
fn prime_256(t: u32, rng: &mut ChaCha20Rng) -> BigUint {
    let kbits = 256 - t as u64;
    loop {
        let mut k = rng.gen_biguint(kbits);
        k.set_bit(kbits - 1, true);
        k.set_bit(0, true);
        let p = (k << t) + 1u32;
        if is_probable_prime(&p) {
            return p;
        }
    }
}

fn bench_t_sweep_with<F: PrimeFieldOps>(c: &mut Criterion, make: impl Fn(&BigUint) -> F) {
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    let mut g = configure(c, "prime_sqrt_t_sweep_256");
    for t in [1u32, 2, 3, 4, 8, 16, 24, 32, 48, 64] {
        let p = prime_256(t, &mut rng);
        let f = make(&p);
        let ctx = SqrtContext::new(&f).expect("context");
        let xs = squares(&f, &mut rng);
        let mut i = 0;
        for alg in SqrtAlgorithm::ALL {
            if !alg.supports(&p) {
                continue;
            }
            g.bench_function(BenchmarkId::new(alg.name(), format!("T={t}")), |b| {
                b.iter(|| {
                    i = (i + 1) % INPUTS;
                    black_box(alg.sqrt_vartime(&f, &ctx, &xs[i]))
                })
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench_table1_gfp, bench_table1_gfp2, bench_t_sweep);
criterion_main!(benches);
