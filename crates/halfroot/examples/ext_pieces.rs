//! Timing of the pieces of a lazy F_{q^5} product (for finding overhead):
//! `cargo run -p halfroot --release --example ext_pieces`.
#![allow(missing_docs, clippy::unwrap_used)]

use halfroot::ext::lazy::{batch, Engine, Ev};
use halfroot::ext::{Fqk, MulAlgorithm};
use halfroot::field::Field;
use halfroot::prime::primality::random_prime;
use halfroot::prime::{DynFp, Fp};
use num_bigint::BigUint;
use rand::SeedableRng;
use std::hint::black_box;
use std::time::Instant;

fn best(mut f: impl FnMut()) -> f64 {
    let mut v = Vec::new();
    let mut iters = 1u64;
    loop {
        let t = Instant::now();
        for _ in 0..iters {
            f();
        }
        if t.elapsed().as_micros() > 2000 {
            break;
        }
        iters *= 2;
    }
    for _ in 0..11 {
        let t = Instant::now();
        for _ in 0..iters {
            f();
        }
        v.push(t.elapsed().as_nanos() as f64 / iters as f64);
    }
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[0]
}

fn run<const N: usize>(f: &Fp<N>, bits: u64) {
    let k = 5;
    let e = Fqk::with_default_modulus(f.clone(), k).unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(bits);
    let a = e.random(&mut rng);
    let b = e.random(&mut rng);
    let (x, y) = (a[0], a[1]);
    let tm = best(|| {
        black_box(f.mul(black_box(&x), black_box(&y)));
    });
    let tw = best(|| {
        black_box(f.mul_unreduced(black_box(&x), black_box(&y)));
    });
    let (lo, hi) = f.mul_unreduced(&x, &y);
    let tr = best(|| {
        black_box(f.redc_unreduced(black_box(&lo), black_box(&hi)));
    });
    let ex = Ev::from_limbs(*x.montgomery_limbs()).add(&Ev::from_limbs(*y.montgomery_limbs()));
    let ey = Ev::from_limbs(*y.montgomery_limbs()).add(&Ev::from_limbs(*x.montgomery_limbs()));
    let tu = best(|| {
        black_box(black_box(&ex).mul_unsigned(black_box(&ey)));
    });
    let eng = Engine::<N>::new(f, k, e.modulus().alpha().unwrap()).unwrap();
    let al: Vec<[u64; N]> = a.iter().map(|c| *c.montgomery_limbs()).collect();
    let bl: Vec<[u64; N]> = b.iter().map(|c| *c.montgomery_limbs()).collect();
    let mut out = vec![[0u64; N]; k];
    // the lazy Karatsuba product, batched or one product at a time
    let karatsuba = |batched: bool, out: &mut Vec<[u64; N]>| {
        eng.mul_limbs_with(
            MulAlgorithm::KaratsubaLazy,
            batched,
            black_box(&al),
            black_box(&bl),
            out,
        );
        black_box(&*out);
    };
    if std::env::var("CALIB").is_ok() {
        // the batched-or-fused calibration, repeated
        let v: Vec<bool> = (0..10)
            .map(|_| halfroot::ext::lazy::calibrate::<N>())
            .collect();
        println!(
            "bits={bits} N={N} calibrate → batched: {v:?} (engine: {})",
            eng.is_batched()
        );
        return;
    }
    if let Ok(mode) = std::env::var("PERF_LOOP") {
        // only the batched product (PERF_LOOP=into: the in-place `Fqk::mul_into`),
        // for `perf record`
        let mut o = a.clone();
        let t = Instant::now();
        while t.elapsed().as_secs() < 3 {
            for _ in 0..1000 {
                if mode == "into" {
                    black_box(e.mul_into(MulAlgorithm::Auto, black_box(&a), black_box(&b), &mut o));
                    black_box(&o);
                } else {
                    karatsuba(true, &mut out);
                }
            }
        }
        return;
    }
    let te = best(|| karatsuba(false, &mut out));
    let tb = best(|| karatsuba(true, &mut out));
    // the phases of the batched form: operands + 14 products, column pass, 5 REDC
    let tp = best(|| {
        black_box(batch::products5(black_box(&al), black_box(&bl)));
    });
    let pr = batch::products5(&al, &bl);
    let alpha = 3u64;
    let tc = best(|| {
        black_box(batch::combine5(black_box(&pr), alpha, false, None));
    });
    let ts: Vec<_> = (0..5)
        .map(|i| batch::combine5(&pr, alpha, false, None).get(i))
        .collect();
    let tr5 = best(|| {
        for t in black_box(&ts) {
            black_box(eng.reduce_t(*t));
        }
    });
    let trm = best(|| {
        let mut o = [[0u64; N]; 5];
        eng.reduce_many(black_box(&ts), &mut o);
        black_box(&o);
    });
    let br = eng.has_redc_batch();
    let tauto = best(|| {
        black_box(e.mul_with(MulAlgorithm::Auto, black_box(&a), black_box(&b)));
    });
    let mut o = a.clone();
    let tin = best(|| {
        black_box(e.mul_into(MulAlgorithm::Auto, black_box(&a), black_box(&b), &mut o));
        black_box(&o);
    });
    let tfm = best(|| {
        black_box(e.mul(black_box(&a), black_box(&b)));
    });
    println!(
        "bits={bits:5} N={N:2} Fp.mul={tm:6.1} mul_wide={tw:6.1} redc={tr:6.1} ev_mul={tu:6.1} | fused={te:7.1} batched={tb:7.1} [prods={tp:7.1} comb={tc:6.1} 5redc={tr5:6.1} reduce_many={trm:6.1} batch_redc={br}] mul_with(auto)={tauto:7.1} mul_into={tin:7.1} Field::mul={tfm:7.1}"
    );
}

fn main() {
    let mut rng = rand::rngs::StdRng::seed_from_u64(2011);
    let sizes: Vec<u64> = std::env::var("BITS")
        .ok()
        .map(|b| b.split(',').filter_map(|x| x.parse().ok()).collect())
        .unwrap_or_else(|| vec![160, 192, 256, 384, 512, 768, 1024, 1536]);
    for &bits in &sizes {
        let q = loop {
            let q = random_prime(bits, &mut rng).unwrap();
            if &q % 5u64 == BigUint::from(1u32) {
                break q;
            }
        };
        let fp = DynFp::new(&q).unwrap();
        halfroot::with_fp!(&fp, |f| run(f, bits));
    }
}
