//! Legendre symbols modulo random primes of 160 … 2048 bits: every method of
//! [`halfroot::prime::montgomery::Fp`] (certified binary GCD on two-word approximations,
//! positive divsteps, the plain binary Jacobi algorithm, Euler's criterion, the
//! `PrimeFieldOps::legendre` default) against GMP's `mpz_legendre`, all in one run on the
//! same 64 random inputs per size (GMP gets them imported once, before its clock starts).
//!
//! One criterion iteration is one symbol; each method cycles through the 64 inputs.
//! Run: `cargo bench -p halfroot-cli --bench legendre` (add a filter such as `/256` to
//! narrow it). The halfroot crate's own benches cannot reach GMP, hence this bench here.

#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use halfroot::field::Field;
use halfroot::prime::montgomery::Fp;
use halfroot::prime::primality::random_prime;
use halfroot::prime::PrimeFieldOps;
use num_bigint::BigUint;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::time::Duration;

const INPUTS: usize = 64;

fn bench_n<const N: usize>(c: &mut Criterion, bits: u64) {
    let mut rng = ChaCha20Rng::seed_from_u64(bits);
    let p: BigUint = random_prime(bits, &mut rng).expect("bits >= 2");
    let f = Fp::<N>::new(&p).expect("prime");
    let xs: Vec<_> = (0..INPUTS).map(|_| f.random(&mut rng)).collect();
    // The same integers for GMP (canonical form, not Montgomery form).
    let ints: Vec<Vec<u64>> = xs
        .iter()
        .map(|x| {
            let mut w = f.to_biguint(x).to_u64_digits();
            w.resize(N, 0);
            w
        })
        .collect();
    let pw = p.to_u64_digits();
    let ours: i64 = xs.iter().map(|x| f.legendre_bingcd(x) as i64).sum();
    let mut g = c.benchmark_group("legendre");
    macro_rules! method {
        ($name:literal, $m:ident) => {
            let mut k = 0usize;
            g.bench_function(BenchmarkId::new($name, bits), |bn| {
                bn.iter(|| {
                    k = (k + 1) % INPUTS;
                    f.$m(black_box(&xs[k]))
                })
            });
        };
    }
    method!("bingcd", legendre_bingcd);
    method!("divsteps", legendre_divsteps);
    method!("binary", legendre_binary);
    method!("default", legendre);
    if bits <= 512 {
        method!("euler", legendre_euler);
    }
    match halfroot_peers::gmp::legendre_many_total_ns(&ints, &pw, 1) {
        Ok((_, sum)) => {
            assert_eq!(sum, ours, "GMP and bingcd disagree on the inputs");
            g.bench_function(BenchmarkId::new("gmp_mpz_legendre", bits), |bn| {
                bn.iter_custom(|iters| {
                    let passes = iters.div_ceil(INPUTS as u64);
                    let (ns, _) = halfroot_peers::gmp::legendre_many_total_ns(&ints, &pw, passes)
                        .expect("gmp");
                    Duration::from_nanos(ns * iters / (passes * INPUTS as u64))
                })
            });
        }
        Err(e) => eprintln!("GMP unavailable: {e}"),
    }
    g.finish();
}

fn legendre(c: &mut Criterion) {
    bench_n::<3>(c, 160);
    bench_n::<4>(c, 256);
    bench_n::<6>(c, 384);
    bench_n::<8>(c, 512);
    bench_n::<16>(c, 1024);
    bench_n::<32>(c, 2048);
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .sample_size(20)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1));
    targets = legendre
}
criterion_main!(benches);
