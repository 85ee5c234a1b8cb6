//! Minimum-of-batches timing of GF(p) operations, robust on a loaded machine (the
//! criterion bench `prime_arith` reports means, which contention inflates).
//!
//! Run: `cargo run -p halfroot --release --example prime_arith_min [bits...]`.
//! Modes (environment): `BATCH` 8-lane batches against single calls; `KERNELS` the
//! backend kernels one by one; `LAT` dependent squares and products (the latency an
//! exponentiation sees); `LEG=k` binary-GCD Legendre symbols (best of k rounds);
//! `MWST=T` P.QR + MW-ST against the bare x^((s+1)/2) on a prime with ν₂(p−1) = T + 1;
//! `QRPROBE`, `NAMED` special primes; `FP2` GF(q²) on Table 1's extension-field settings
//! (dependent squares and products, binary against sliding exponentiation).
#![allow(missing_docs)]

use halfroot::field::Field;
use halfroot::prime::montgomery::{Fp, FpElem};
use halfroot::prime::primality::random_prime;
use halfroot::prime::PrimeFieldOps;
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
        let ns = t.elapsed().as_nanos() as f64 / iters as f64;
        best = best.min(ns);
    }
    best
}

fn fmt(ns: f64) -> String {
    if ns >= 10_000.0 {
        format!("{:.1} µs", ns / 1000.0)
    } else if ns >= 1000.0 {
        format!("{:.2} µs", ns / 1000.0)
    } else {
        format!("{ns:.1} ns")
    }
}

fn run<const N: usize>(bits: u64) {
    let mut rng = ChaCha20Rng::seed_from_u64(bits);
    let p = random_prime(bits, &mut rng).unwrap_or_default();
    let Ok(f) = Fp::<N>::new(&p) else { return };
    let a = f.random(&mut rng);
    let b = f.random(&mut rng);
    let e = (&p - 2u32).to_u64_digits();
    let heavy = 20 + 2_000_000 / (bits as u32 * bits as u32 / 64);
    let mul = min_ns(2000, 200, || {
        black_box(f.mul(black_box(&a), black_box(&b)));
    });
    if let Ok(t) = std::env::var("MWST") {
        // P.QR + MW-ST against the bare x^((s+1)/2) on a prime with ν₂(p−1) = t + 1.
        use halfroot::prime::sqrt::{mwst, SqrtContext};
        use num_bigint::{BigUint, RandBigInt};
        let t: u64 = t.parse().unwrap_or(3) + 1;
        let p = loop {
            let mut k: BigUint = rng.gen_biguint(bits - t);
            k.set_bit(bits - t - 1, true);
            k.set_bit(0, true);
            let p = (k << t) + 1u32;
            if p.bits() == bits && halfroot::prime::primality::is_probable_prime(&p) {
                break p;
            }
        };
        let Ok(f) = Fp::<N>::new(&p) else { return };
        let ctx = SqrtContext::new(&f).expect("context");
        let tw = &ctx.two_adic;
        let sq: Vec<FpElem<N>> = (0..16).map(|_| f.sqr(&f.random(&mut rng))).collect();
        let e: BigUint = (tw.s() + 1u32) >> 1u32;
        let e = e.to_u64_digits();
        let (mut tm, mut tp) = (f64::INFINITY, f64::INFINITY);
        for _ in 0..5 {
            tm = tm.min(
                min_ns(20, 50, || {
                    for x in &sq {
                        black_box(mwst::sqrt_windowed_vartime(&f, tw, black_box(x)));
                    }
                }) / 16.0,
            );
            tp = tp.min(
                min_ns(20, 50, || {
                    for x in &sq {
                        black_box(f.pow_vartime(black_box(x), &e));
                    }
                }) / 16.0,
            );
        }
        println!(
            "{bits} T={}: mwst {tm:.0} ns, pow {tp:.0} ns, ratio {:.3}",
            t - 1,
            tm / tp
        );
        return;
    }
    if std::env::var("LEG").is_ok() {
        // Binary-GCD Legendre on 16 random inputs in turn (as the report does).
        let xs: Vec<FpElem<N>> = (0..16).map(|_| f.random(&mut rng)).collect();
        let reps: u32 = std::env::var("LEG")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1);
        let mut best = f64::INFINITY;
        for _ in 0..reps {
            best = best.min(
                min_ns(200, 100, || {
                    for x in &xs {
                        black_box(f.legendre(black_box(x)));
                    }
                }) / 16.0,
            );
        }
        println!("{bits}: legendre {best:.1} ns");
        return;
    }
    if std::env::var("LAT").is_ok() {
        // Dependent chains: the latency an exponentiation sees.
        let chain = |sq: &dyn Fn(&FpElem<N>) -> FpElem<N>| {
            let mut x = a;
            min_ns(200, 300, || {
                for _ in 0..16 {
                    x = sq(black_box(&x));
                }
            }) / 16.0
        };
        let disp = chain(&|x| f.sqr(x));
        let sos = chain(&|x| f.sqr_sos(x));
        let mulc = chain(&|x| f.mul(x, &b));
        let powv = min_ns(heavy / 8 + 1, 30, || {
            black_box(f.pow_vartime(black_box(&a), black_box(&e)));
        });
        // e = 2^(64N − 1): squarings only, the in-context square latency.
        let mut e2 = vec![0u64; N];
        e2[N - 1] = 1 << 63;
        let pows = min_ns(heavy / 8 + 1, 30, || {
            black_box(f.pow_vartime(black_box(&a), black_box(&e2)));
        }) / (64 * N - 1) as f64;
        println!(
            "{bits}: sqr latency dispatch {disp:.1} sos {sos:.1} mul latency {mulc:.1} ns; \
             in pow {pows:.1} ns/sqr; pow_vartime {}",
            fmt(powv)
        );
        return;
    }
    if std::env::var("KERNELS").is_ok() {
        let port = min_ns(2000, 300, || {
            black_box(f.mul_portable(black_box(&a), black_box(&b)));
        });
        println!("{bits}: adx {} portable {port:.1}", f.uses_adx());
        let cios = min_ns(2000, 300, || {
            black_box(f.mul_cios(black_box(&a), black_box(&b)));
        });
        let sos = min_ns(2000, 300, || {
            black_box(f.mul_sos(black_box(&a), black_box(&b)));
        });
        let sqs = min_ns(2000, 300, || {
            black_box(f.sqr_sos(black_box(&a)));
        });
        let unred = min_ns(2000, 300, || {
            black_box(f.mul_unreduced(black_box(&a), black_box(&b)));
        });
        let unred_port = min_ns(2000, 300, || {
            black_box(f.mul_unreduced_portable(black_box(&a), black_box(&b)));
        });
        let (lo, hi) = f.mul_unreduced(&a, &b);
        let mut hi2 = hi;
        hi2[N - 1] %= f.modulus_limbs()[N - 1];
        let rk: Vec<String> = (0..2u8)
            .map(|k| match f.redc_kernel(&lo, &hi2, k) {
                Some(_) => format!(
                    "{:.1}",
                    min_ns(2000, 300, || {
                        black_box(f.redc_kernel(black_box(&lo), black_box(&hi2), k));
                    })
                ),
                None => "-".into(),
            })
            .collect();
        let sk: Vec<String> = (0..2u8)
            .map(|k| match f.sqr_wide_kernel(&a, k) {
                Some(_) => format!(
                    "{:.1}",
                    min_ns(2000, 300, || {
                        black_box(f.sqr_wide_kernel(black_box(&a), k));
                    })
                ),
                None => "-".into(),
            })
            .collect();
        println!(
            "{bits}: unreduced mul dispatch {unred:.1} portable {unred_port:.1}; \
             redc portable/adx-rows {rk:?}; sqr_wide portable/comba {sk:?}"
        );
        let nc = f.mul_cios_nocarry(&a, &b).map(|_| {
            min_ns(2000, 300, || {
                black_box(f.mul_cios_nocarry(black_box(&a), black_box(&b)));
            })
        });
        for k in 2..=8 {
            let w = min_ns(2000, 100, || {
                black_box(f.div_small_wordwise(black_box(&a), k));
            });
            let x = min_ns(2000, 100, || {
                black_box(f.div_small_exact(black_box(&a), k));
            });
            let m = min_ns(2000, 100, || {
                black_box(f.div_small_by_inverse(black_box(&a), k));
            });
            println!("{bits} /{k}: wordwise {w:.1} exact {x:.1} inverse {m:.1}");
        }
        println!(
            "{bits}: dispatch {mul:.1} cios {cios:.1} sos {sos:.1} sqr_sos {sqs:.1} nocarry {nc:?}"
        );
        return;
    }
    let sqr = min_ns(2000, 200, || {
        black_box(f.sqr(black_box(&a)));
    });
    let add = min_ns(2000, 200, || {
        black_box(f.add(black_box(&a), black_box(&b)));
    });
    let invv = min_ns(heavy, 30, || {
        black_box(f.inv_vartime(black_box(&a)));
    });
    let invc = min_ns(heavy, 30, || {
        black_box(f.inv(black_box(&a)));
    });
    let invf = min_ns(heavy / 8 + 1, 20, || {
        black_box(f.inv_fermat(black_box(&a)));
    });
    let powv = min_ns(heavy / 8 + 1, 20, || {
        black_box(f.pow_vartime(black_box(&a), black_box(&e)));
    });
    let powc = min_ns(heavy / 8 + 1, 20, || {
        black_box(f.pow(black_box(&a), black_box(&e)));
    });
    let legb = min_ns(heavy, 30, || {
        black_box(f.legendre(black_box(&a)));
    });
    let lege = min_ns(heavy / 8 + 1, 20, || {
        black_box(f.legendre_euler(black_box(&a)));
    });
    let d3w = min_ns(2000, 100, || {
        black_box(f.div_small_wordwise(black_box(&a), 3));
    });
    let d3x = min_ns(2000, 100, || {
        black_box(f.div_small_exact(black_box(&a), 3));
    });
    let d3m = min_ns(2000, 100, || {
        black_box(f.div_small_by_inverse(black_box(&a), 3));
    });
    println!(
        "| {bits} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |",
        fmt(mul),
        fmt(sqr),
        fmt(add),
        fmt(invv),
        fmt(invc),
        fmt(invf),
        fmt(powv),
        fmt(powc),
        fmt(legb),
        fmt(lege),
        fmt(d3w),
        fmt(d3x),
        fmt(d3m)
    );
}

/// mul / sqr / portable mul on a named prime (exercises the kernels for top limbs
/// 2^64 − 1, e.g. P-384).
fn named<const N: usize>(name: &str, hex: &str) {
    let Ok(p) = halfroot::prime::montgomery::parse_uint(hex) else {
        return;
    };
    let Ok(f) = Fp::<N>::new(&p) else { return };
    let mut rng = ChaCha20Rng::seed_from_u64(9);
    let a = f.random(&mut rng);
    let b = f.random(&mut rng);
    let mul = min_ns(2000, 200, || {
        black_box(f.mul(black_box(&a), black_box(&b)));
    });
    let sqr = min_ns(2000, 200, || {
        black_box(f.sqr(black_box(&a)));
    });
    let port = min_ns(2000, 200, || {
        black_box(f.mul_portable(black_box(&a), black_box(&b)));
    });
    let inv = min_ns(200, 20, || {
        black_box(f.inv(black_box(&a)));
    });
    println!(
        "{name}: mul {} sqr {} portable mul {} inv_ct {} (adx {})",
        fmt(mul),
        fmt(sqr),
        fmt(port),
        fmt(inv),
        f.uses_adx()
    );
}

/// C.QR / P.QR / pow on a prime given in hex (diagnostics for the Table 1 timings).
fn qr_probe<const N: usize>(hex: &str) {
    use halfroot::prime::qr::{cqr_windowed, pqr_windowed};
    use halfroot::prime::sqrt::SqrtContext;
    let Ok(p) = halfroot::prime::montgomery::parse_uint(hex) else {
        return;
    };
    let Ok(f) = Fp::<N>::new(&p) else { return };
    let Ok(ctx) = SqrtContext::new(&f) else {
        return;
    };
    let tw = &ctx.two_adic;
    let mut rng = ChaCha20Rng::seed_from_u64(9);
    let a = f.random(&mut rng);
    let half = tw.half_order_words().to_vec();
    let s1 = tw.s_minus_1_half().to_vec();
    let c = min_ns(200, 30, || {
        black_box(cqr_windowed(&f, tw, black_box(&a)));
    });
    let q = min_ns(200, 30, || {
        black_box(pqr_windowed(&f, tw, black_box(&a)));
    });
    let ph = min_ns(200, 30, || {
        black_box(f.pow_vartime(black_box(&a), &half));
    });
    let ps = min_ns(200, 30, || {
        black_box(f.pow_vartime(black_box(&a), &s1));
    });
    let sq = min_ns(2000, 30, || {
        black_box(f.sqr(black_box(&a)));
    });
    println!(
        "{hex}: cqr {c:.0} pqr {q:.0} pow(half) {ph:.0} pow((s-1)/2) {ps:.0} sqr {sq:.1} (half {half:x?}, s1 {s1:x?})"
    );
}

/// Single products against the 8-lane batch (`mul_many`, `sqr_many`, 64 per call),
/// and the batch of exact double-width products (portable vs dispatching kernel),
/// ns per product, all measured in one process.
fn batch<const N: usize>(bits: u64) {
    let mut rng = ChaCha20Rng::seed_from_u64(bits);
    let p = random_prime(bits, &mut rng).unwrap_or_default();
    let Ok(f) = Fp::<N>::new(&p) else { return };
    let n = 64;
    let a: Vec<_> = (0..n).map(|_| f.random(&mut rng)).collect();
    let b: Vec<_> = (0..n).map(|_| f.random(&mut rng)).collect();
    let mut out = vec![f.zero(); n];
    let single = min_ns(20, 200, || {
        for i in 0..n {
            out[i] = f.mul(black_box(&a[i]), black_box(&b[i]));
        }
        black_box(&out);
    }) / n as f64;
    let many = min_ns(20, 200, || {
        let _ = f.mul_many(black_box(&a), black_box(&b), &mut out);
        black_box(&out);
    }) / n as f64;
    let sqr1 = min_ns(20, 200, || {
        for i in 0..n {
            out[i] = f.sqr(black_box(&a[i]));
        }
        black_box(&out);
    }) / n as f64;
    let sqrm = min_ns(20, 200, || {
        let _ = f.sqr_many(black_box(&a), &mut out);
        black_box(&out);
    }) / n as f64;
    let al: Vec<[u64; N]> = a.iter().map(|x| *x.montgomery_limbs()).collect();
    let bl: Vec<[u64; N]> = b.iter().map(|x| *x.montgomery_limbs()).collect();
    let at: Vec<u64> = (0..n as u64).map(|i| i & 0xff).collect();
    let (mut lo, mut hi, mut top) = (vec![[0u64; N]; n], vec![[0u64; N]; n], vec![0u64; n]);
    let mut wide = [0.0; 2];
    for (k, w) in wide.iter_mut().enumerate() {
        *w = min_ns(20, 200, || {
            f.mul_wide_many_kernel(&al, &at, &bl, &at, &mut lo, &mut hi, &mut top, k as u8);
            black_box(&lo);
        }) / n as f64;
    }
    println!(
        "| {bits} | {} | {} | {:.2} | {} | {} | {} | {} | {} |",
        fmt(single),
        fmt(many),
        single / many,
        fmt(sqr1),
        fmt(sqrm),
        fmt(wide[0]),
        fmt(wide[1]),
        f.batch_backend()
    );
}

/// GF(q²) on Wang–Nogami–Morikawa's Table 1 extension-field settings: chains of
/// dependent squarings and products, and x^((q²−1)/2) by the binary method against
/// sliding windows.
fn fp2_probe() {
    use halfroot::prime::qr::{pow_binary, pow_sliding};
    use halfroot::prime2::Fp2;
    use num_bigint::BigUint;

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

fn main() {
    if std::env::var("FP2").is_ok() {
        fp2_probe();
        return;
    }
    if std::env::var("BATCH").is_ok() {
        println!("| bits | mul | mul_many | ratio | sqr | sqr_many | wide portable | wide batch | backend |");
        println!("|---|---|---|---|---|---|---|---|---|");
        batch::<1>(64);
        batch::<2>(128);
        batch::<3>(192);
        batch::<4>(256);
        batch::<5>(320);
        batch::<6>(384);
        batch::<8>(512);
        batch::<9>(576);
        batch::<12>(768);
        batch::<16>(1024);
        batch::<24>(1536);
        batch::<32>(2048);
        return;
    }
    if std::env::var("QRPROBE").is_ok() {
        qr_probe::<3>("0x20000000000000000000000000000000001000001");
        qr_probe::<3>("0x10000000000000000000000000000000000000007");
        qr_probe::<3>("0xfffffffffffffffffffffffffffffffffffffffc1");
        return;
    }
    if std::env::var("NAMED").is_ok() {
        named::<4>(
            "P-256",
            "0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
        );
        named::<4>(
            "2^255-19",
            "0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed",
        );
        named::<4>(
            "secp256k1",
            "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f",
        );
        named::<6>("P-384", "0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff");
        return;
    }
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|s| s.parse().ok())
        .collect();
    let sizes = if args.is_empty() {
        vec![64, 128, 160, 192, 256, 384, 512, 768, 1024, 1536, 2048]
    } else {
        args
    };
    println!("| bits | mul | sqr | add | inv binary (vt) | inv safegcd (ct) | inv Fermat (ct) | pow sliding (vt) | pow fixed (ct) | Legendre binary | Legendre Euler | a/3 word-wise | a/3 exact | a/3 by inverse |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for bits in sizes {
        match bits.div_ceil(64) {
            1 => run::<1>(bits),
            2 => run::<2>(bits),
            3 => run::<3>(bits),
            4 => run::<4>(bits),
            5 => run::<5>(bits),
            6 => run::<6>(bits),
            8 => run::<8>(bits),
            9 => run::<9>(bits),
            12 => run::<12>(bits),
            16 => run::<16>(bits),
            24 => run::<24>(bits),
            32 => run::<32>(bits),
            _ => println!("| {bits} | (no instance) |"),
        }
    }
}
