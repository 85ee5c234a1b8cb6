//! Minimum-of-batches timing of GF(q²) exponentiation on Wang–Nogami–Morikawa's Table 1
//! extension-field settings: the binary method against sliding windows, and chains of
//! dependent squarings and products (the cost per operation an exponentiation sees).
//!
//! Run: `cargo run -p halfroot --release --example fp2_pow_min`.
#![allow(missing_docs)]

use halfroot::field::Field;
use halfroot::prime::montgomery::Fp;
use halfroot::prime::qr::{pow_binary, pow_sliding};
use halfroot::prime2::Fp2;
use num_bigint::BigUint;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;
use std::hint::black_box;
use std::time::Instant;

/// Minimum over `batches` of the mean time (ns) of `iters` calls of `f`.
fn min_ns(iters: u32, batches: u32, mut f: impl FnMut()) -> f64 {
    let mut best = f64::INFINITY;
    for _ in 0..batches {
        let t = Instant::now();
        for _ in 0..iters {
            f();
        }
        best = best.min(t.elapsed().as_nanos() as f64 / iters as f64);
    }
    best
}

fn main() {
    let settings: [(&str, BigUint); 3] = [
        ("I   2^81 - 2^6 + 1", (BigUint::from(1u32) << 81u32) - 63u32),
        (
            "II  2^81 - 2^24 + 1",
            (BigUint::from(1u32) << 81u32) - (1u32 << 24) + 1u32,
        ),
        ("III 2^84 + 2^2 - 1", (BigUint::from(1u32) << 84u32) + 3u32),
    ];
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    for (label, q) in settings {
        let Ok(f) = Fp::<2>::new(&q) else { continue };
        let Ok(q2) = Fp2::with_nonresidue(f, 3) else {
            continue;
        };
        let a = q2.random(&mut rng);
        let b = q2.random(&mut rng);
        let half = ((&q * &q) - 1u32) >> 1u32;
        let e = half.to_u64_digits();
        let sqr = min_ns(200, 200, || {
            let mut x = black_box(a.clone());
            for _ in 0..64 {
                x = q2.sqr(&x);
            }
            black_box(x);
        }) / 64.0;
        let mul = min_ns(200, 200, || {
            let mut x = black_box(a.clone());
            for _ in 0..64 {
                x = q2.mul(&x, &b);
            }
            black_box(x);
        }) / 64.0;
        let bin = min_ns(20, 100, || {
            black_box(pow_binary(&q2, black_box(&a), &e));
        });
        let sl = min_ns(20, 100, || {
            black_box(pow_sliding(&q2, black_box(&a), &e));
        });
        println!(
            "{label}: dependent sqr {sqr:.1} ns, mul {mul:.1} ns; x^((q²-1)/2) ({} bits, weight {}): binary {bin:.0} ns, sliding {sl:.0} ns",
            half.bits(),
            half.count_ones()
        );
    }
}
