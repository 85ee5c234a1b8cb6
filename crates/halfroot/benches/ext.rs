//! F_{q^k} multiplication: every algorithm for k = 5, 6, 7 at 160, 256, 512, 1024 bits
//! (`cargo bench -p halfroot --bench ext`).
#![allow(missing_docs)]

use criterion::{black_box, criterion_group, criterion_main, BenchmarkId, Criterion};
use halfroot::ext::{Fqk, MulAlgorithm};
use halfroot::field::Field;
use halfroot::prime::primality::random_prime;
use halfroot::prime::{DynFp, Fp, PrimeFieldOps};
use num_bigint::BigUint;
use rand::SeedableRng;

fn bench_field<const N: usize>(c: &mut Criterion, f: &Fp<N>, k: usize, bits: u64) {
    let Ok(e) = Fqk::with_default_modulus(f.clone(), k) else {
        return;
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(bits);
    let a = e.random(&mut rng);
    let b = e.random(&mut rng);
    let mut g = c.benchmark_group(format!("ext_mul/k{k}"));
    for alg in MulAlgorithm::ALL {
        if !alg.supports(k, f.modulus()) {
            continue;
        }
        g.bench_with_input(BenchmarkId::new(alg.name(), bits), &bits, |bn, _| {
            bn.iter(|| e.mul_with(alg, black_box(&a), black_box(&b)))
        });
    }
    g.finish();
}

fn ext(c: &mut Criterion) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2011);
    for bits in [160u64, 256, 512, 1024] {
        for k in [5usize, 6, 7] {
            let q = loop {
                let Some(q) = random_prime(bits, &mut rng) else {
                    continue;
                };
                if &q % (k as u64) == BigUint::from(1u32) {
                    break q;
                }
            };
            let Ok(fp) = DynFp::new(&q) else { continue };
            halfroot::with_fp!(&fp, |f| bench_field(c, f, k, bits));
        }
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_millis(800)).warm_up_time(std::time::Duration::from_millis(200));
    targets = ext
}
criterion_main!(benches);
