//! GF(p) arithmetic at 64 … 2048 bits: mul, sqr, add, inversion (binary GCD vs
//! safegcd vs Fermat), powers (sliding window vs constant-time fixed window), Legendre symbol
//! (binary vs Euler), division by 2 … 8 (word-wise, exact-division form, multiplication
//! by the inverse), and `mul_x64`: 64 independent products by single calls against
//! the 8-lane batch `Fp::mul_many` / `sqr_many` (AVX-512 IFMA).
//!
//! Run: `cargo bench -p halfroot --bench prime_arith` (quick settings; add a filter
//! such as `mul/` to narrow it). Primes are random of exactly the stated size (top
//! limb full for multiples of 64, so the general CIOS kernel runs); `cios_nocarry`
//! uses a prime one bit shorter with the same limb count.

#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use halfroot::field::Field;
use halfroot::prime::montgomery::Fp;
use halfroot::prime::primality::random_prime;
use num_bigint::BigUint;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::time::Duration;

const SIZES: [u64; 11] = [64, 128, 160, 192, 256, 384, 512, 768, 1024, 1536, 2048];

fn prime_of(bits: u64) -> BigUint {
    let mut rng = ChaCha20Rng::seed_from_u64(bits);
    random_prime(bits, &mut rng).expect("bits >= 2")
}

fn bench_n<const N: usize>(c: &mut Criterion, bits: u64) {
    let p = prime_of(bits);
    let f = Fp::<N>::new(&p).expect("prime");
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let a = f.random(&mut rng);
    let b = f.random(&mut rng);
    let e = (&p - 2u32).to_u64_digits();
    let id = |name: &str| BenchmarkId::new(name, bits);

    let mut g = c.benchmark_group("prime_arith/mul");
    g.bench_function(id("dispatch"), |bn| {
        bn.iter(|| f.mul(black_box(&a), black_box(&b)))
    });
    g.bench_function(id("portable_dispatch"), |bn| {
        bn.iter(|| f.mul_portable(black_box(&a), black_box(&b)))
    });
    g.bench_function(id("cios"), |bn| {
        bn.iter(|| f.mul_cios(black_box(&a), black_box(&b)))
    });
    g.bench_function(id("sos"), |bn| {
        bn.iter(|| f.mul_sos(black_box(&a), black_box(&b)))
    });
    // The no-carry kernel needs a spare top bit: a prime one bit shorter, same N.
    if bits > 64 * (N as u64 - 1) + 2 {
        let q = prime_of(bits - 1);
        let fq = Fp::<N>::new(&q).expect("prime");
        let (x, y) = (fq.random(&mut rng), fq.random(&mut rng));
        if fq.mul_cios_nocarry(&x, &y).is_some() {
            g.bench_function(id("cios_nocarry"), |bn| {
                bn.iter(|| fq.mul_cios_nocarry(black_box(&x), black_box(&y)))
            });
        }
    }
    g.finish();

    // 64 independent products: a loop of single calls against the 8-lane batch
    // (`Fp::mul_many`, AVX-512 IFMA where the CPU has it); throughput of a batch.
    let xs: Vec<_> = (0..64).map(|_| f.random(&mut rng)).collect();
    let ys: Vec<_> = (0..64).map(|_| f.random(&mut rng)).collect();
    let mut out = vec![f.zero(); 64];
    let mut g = c.benchmark_group("prime_arith/mul_x64");
    g.bench_function(id("mul"), |bn| {
        bn.iter(|| {
            for ((x, y), o) in xs.iter().zip(&ys).zip(out.iter_mut()) {
                *o = f.mul(black_box(x), black_box(y));
            }
            black_box(&out);
        })
    });
    g.bench_function(id("mul_many"), |bn| {
        bn.iter(|| {
            f.mul_many(black_box(&xs), black_box(&ys), &mut out)
                .expect("equal lengths");
            black_box(&out);
        })
    });
    g.bench_function(id("sqr_many"), |bn| {
        bn.iter(|| {
            f.sqr_many(black_box(&xs), &mut out).expect("equal lengths");
            black_box(&out);
        })
    });
    g.finish();

    let mut g = c.benchmark_group("prime_arith/sqr");
    g.bench_function(id("sos"), |bn| bn.iter(|| f.sqr_sos(black_box(&a))));
    g.bench_function(id("cios_mul"), |bn| {
        bn.iter(|| f.mul_cios(black_box(&a), black_box(&a)))
    });
    g.bench_function(id("dispatch"), |bn| bn.iter(|| f.sqr(black_box(&a))));
    g.finish();

    let mut g = c.benchmark_group("prime_arith/add");
    g.bench_function(id("add"), |bn| {
        bn.iter(|| f.add(black_box(&a), black_box(&b)))
    });
    g.bench_function(id("sub"), |bn| {
        bn.iter(|| f.sub(black_box(&a), black_box(&b)))
    });
    g.finish();

    let mut g = c.benchmark_group("prime_arith/inv");
    g.bench_function(id("binary_gcd_vartime"), |bn| {
        bn.iter(|| f.inv_vartime(black_box(&a)))
    });
    g.bench_function(id("safegcd_ct"), |bn| bn.iter(|| f.inv_ct(black_box(&a))));
    g.bench_function(id("fermat_ct"), |bn| {
        bn.iter(|| f.inv_fermat(black_box(&a)))
    });
    g.finish();

    let mut g = c.benchmark_group("prime_arith/pow");
    g.bench_function(id("sliding_vartime"), |bn| {
        bn.iter(|| f.pow_vartime(black_box(&a), black_box(&e)))
    });
    g.bench_function(id("fixed_window_ct"), |bn| {
        bn.iter(|| f.pow(black_box(&a), black_box(&e)))
    });
    g.finish();

    let mut g = c.benchmark_group("prime_arith/legendre");
    g.bench_function(id("bingcd"), |bn| {
        bn.iter(|| f.legendre_bingcd(black_box(&a)))
    });
    g.bench_function(id("divsteps"), |bn| {
        bn.iter(|| f.legendre_divsteps(black_box(&a)))
    });
    g.bench_function(id("binary"), |bn| {
        bn.iter(|| f.legendre_binary(black_box(&a)))
    });
    g.bench_function(id("euler"), |bn| {
        bn.iter(|| f.legendre_euler(black_box(&a)))
    });
    g.finish();

    if matches!(bits, 160 | 256 | 512 | 1024) {
        let mut g = c.benchmark_group("prime_arith/div_small");
        for k in 2u64..=8 {
            g.bench_function(BenchmarkId::new(format!("wordwise_k{k}"), bits), |bn| {
                bn.iter(|| f.div_small_wordwise(black_box(&a), k))
            });
            g.bench_function(BenchmarkId::new(format!("exact_k{k}"), bits), |bn| {
                bn.iter(|| f.div_small_exact(black_box(&a), k))
            });
            g.bench_function(BenchmarkId::new(format!("by_inverse_k{k}"), bits), |bn| {
                bn.iter(|| f.div_small_by_inverse(black_box(&a), k))
            });
        }
        g.finish();
    }
}

fn benches(c: &mut Criterion) {
    for bits in SIZES {
        match bits.div_ceil(64) {
            1 => bench_n::<1>(c, bits),
            2 => bench_n::<2>(c, bits),
            3 => bench_n::<3>(c, bits),
            4 => bench_n::<4>(c, bits),
            6 => bench_n::<6>(c, bits),
            8 => bench_n::<8>(c, bits),
            12 => bench_n::<12>(c, bits),
            16 => bench_n::<16>(c, bits),
            24 => bench_n::<24>(c, bits),
            32 => bench_n::<32>(c, bits),
            _ => {}
        }
    }
}

criterion_group! {
    name = prime_arith;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_millis(700))
        .sample_size(15);
    targets = benches
}
criterion_main!(prime_arith);
