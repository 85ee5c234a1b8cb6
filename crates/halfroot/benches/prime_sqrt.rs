//! Square roots and QR tests in GF(p) and GF(p²) over the Montgomery fields
//! (`Fp<3>` for Table 1's GF(p) columns, `Fp<2>` under GF(q²), `Fp<4>` for the
//! 256-bit sweep).
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
//! - `prime_mwst_vs_pow/{mwst,pow}/<bits>b T=<T>`: P.QR (sliding windows) + MW-ST
//!   against the bare `x^((s+1)/2)` for T = ν₂((p−1)/2) ≤ 3 at 160, 256 and 512 bits;
//!   the ratio row `mwst / pow` (target ≤ 1.1) is printed from an interleaved
//!   minimum-of-batches measurement in the same run.
//!
//! Run: `cargo bench -p halfroot --bench prime_sqrt` (add a filter such as
//! `-- t_sweep` for one group).

// criterion_group! generates an undocumented public function.
#![allow(missing_docs)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use halfroot::field::Field;
use halfroot::prime::montgomery::Fp;
use halfroot::prime::qr::{cqr, pqr};
use halfroot::prime::reference::is_probable_prime;
use halfroot::prime::sqrt::{mwst, smart, SqrtAlgorithm, SqrtContext};
use halfroot::prime::wnm_table1::table1_settings;
use halfroot::prime::PrimeFieldOps;
use halfroot::prime2::sqrt::{Fp2SqrtAlgorithm, Fp2SqrtContext};
use halfroot::prime2::{Fp2, QuadraticExtension};
use num_bigint::{BigUint, RandBigInt};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;
use std::time::{Duration, Instant};

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

/// The Montgomery field with `N` limbs for `p`.
fn fp<const N: usize>(p: &BigUint) -> Fp<N> {
    Fp::<N>::new(p).expect("p is an odd prime of at most 64·N bits")
}

fn bench_table1_gfp(c: &mut Criterion) {
    bench_table1_gfp_with(c, fp::<3>);
}

fn bench_table1_gfp2(c: &mut Criterion) {
    bench_table1_gfp2_with(c, fp::<2>);
}

fn bench_t_sweep(c: &mut Criterion) {
    bench_t_sweep_with(c, fp::<4>);
}

/// Minimum over interleaved batches of the ns per call of `a` and of `b`.
fn paired_min(mut a: impl FnMut(), mut b: impl FnMut()) -> (f64, f64) {
    let (mut ba, mut bb) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..60 {
        let t = Instant::now();
        for _ in 0..20 {
            a();
        }
        ba = ba.min(t.elapsed().as_nanos() as f64 / 20.0);
        let t = Instant::now();
        for _ in 0..20 {
            b();
        }
        bb = bb.min(t.elapsed().as_nanos() as f64 / 20.0);
    }
    (ba, bb)
}

fn mwst_vs_pow_at<const N: usize>(
    g: &mut criterion::BenchmarkGroup<'_, criterion::measurement::WallTime>,
    bits: u64,
    t_paper: u32,
    rng: &mut ChaCha20Rng,
) {
    let p = prime_bits(bits, t_paper + 1, rng);
    let f = fp::<N>(&p);
    let ctx = SqrtContext::new(&f).expect("context");
    let tw = &ctx.two_adic;
    let xs = squares(&f, rng);
    let e: BigUint = (tw.s() + 1u32) >> 1u32;
    let e = e.to_u64_digits();
    let label = format!("{bits}b T={t_paper}");
    let mut i = 0;
    g.bench_function(BenchmarkId::new("mwst", &label), |b| {
        b.iter(|| {
            i = (i + 1) % INPUTS;
            black_box(mwst::sqrt_windowed_vartime(&f, tw, &xs[i]))
        })
    });
    g.bench_function(BenchmarkId::new("pow", &label), |b| {
        b.iter(|| {
            i = (i + 1) % INPUTS;
            black_box(f.pow_vartime(&xs[i], &e))
        })
    });
    let (m, pw) = paired_min(
        || {
            i = (i + 1) % INPUTS;
            black_box(mwst::sqrt_windowed_vartime(&f, tw, black_box(&xs[i])));
        },
        || {
            black_box(f.pow_vartime(black_box(&xs[0]), &e));
        },
    );
    println!(
        "prime_mwst_vs_pow/ratio/{label}: mwst {m:.0} ns, pow {pw:.0} ns, mwst / pow = {:.3} (target <= 1.1)",
        m / pw
    );
}

fn bench_mwst_vs_pow(c: &mut Criterion) {
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    let mut g = configure(c, "prime_mwst_vs_pow");
    for t in 0..=3u32 {
        mwst_vs_pow_at::<3>(&mut g, 160, t, &mut rng);
        mwst_vs_pow_at::<4>(&mut g, 256, t, &mut rng);
        mwst_vs_pow_at::<8>(&mut g, 512, t, &mut rng);
    }
    g.finish();
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

/// A `bits`-bit prime `2^t k + 1` with `k` odd.
fn prime_bits(bits: u64, t: u32, rng: &mut ChaCha20Rng) -> BigUint {
    let kbits = bits - t as u64;
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

/// A 256-bit prime `2^t k + 1` with `k` odd.
fn prime_256(t: u32, rng: &mut ChaCha20Rng) -> BigUint {
    prime_bits(256, t, rng)
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

criterion_group!(
    benches,
    bench_table1_gfp,
    bench_table1_gfp2,
    bench_t_sweep,
    bench_mwst_vs_pow
);
criterion_main!(benches);
