//! Square roots and QR tests in GF(p) and GF(p²) against independent oracles:
//! the Jacobi symbol computed by reciprocity in `support/primes.rs` (not by
//! exponentiation), squaring the result, every algorithm against every other, and
//! PARI/GP's `issquare`/`sqrt` when `gp` is installed.
#![allow(clippy::unwrap_used)]

use crate::support::primes;

use halfroot::count::Counting;
use halfroot::field::Field;
use halfroot::prime::qr::{cqr, cqr_windowed, pow_sliding, pqr, pqr_windowed, QrTest};
use halfroot::prime::reference::BigPrimeField;
use halfroot::prime::sqrt::{constant_time, mwst, smart, sqrt_smaller, SqrtAlgorithm, SqrtContext};
use halfroot::prime::PrimeFieldOps;
use halfroot::prime::{Fp, FpElem};
use halfroot::prime2::qr::{legendre_via_norm, Fp2QrTest};
use halfroot::prime2::sqrt::{Fp2SqrtAlgorithm, Fp2SqrtContext};
use halfroot::prime2::{Fp2, Fp2Elem, QuadraticExtension};
use num_bigint::{BigUint, RandBigInt};
use num_traits::Zero;
use primes::{jacobi, prime_with_two_adicity, run_gp};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha20Rng;

/// Checks every algorithm on `a`: root squares to `a` exactly when the Jacobi symbol
/// is not −1, and all roots agree up to sign.
fn check_all(f: &BigPrimeField, ctx: &SqrtContext<BigUint>, a: &BigUint) {
    let p = f.modulus();
    let l = jacobi(a, p);
    let mut smaller: Option<BigUint> = None;
    for alg in SqrtAlgorithm::ALL {
        if !alg.supports(p) {
            assert!(alg.sqrt_vartime(f, ctx, a).is_err());
            continue;
        }
        let r = alg.sqrt_vartime(f, ctx, a).unwrap();
        match r {
            Some(r) => {
                assert!(l >= 0, "{} gave a root of a non-residue", alg.name());
                assert_eq!(f.sqr(&r), *a, "{} p={p} a={a}", alg.name());
                let s = sqrt_smaller(f, &r);
                if let Some(prev) = &smaller {
                    assert_eq!(*prev, s, "{} disagrees", alg.name());
                }
                smaller = Some(s);
            }
            None => assert_eq!(l, -1, "{} missed a root, p={p} a={a}", alg.name()),
        }
    }
    let tw = &ctx.two_adic;
    for q in QrTest::ALL {
        assert_eq!(q.run(f, tw, a), l, "{} p={p} a={a}", q.name());
    }
}

fn sweep(sizes: &[u64], ts: &[u32], per_prime: usize, seed: u64) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    for &bits in sizes {
        for &t in ts {
            let p = prime_with_two_adicity(bits, t, &mut rng);
            let f = BigPrimeField::new(p.clone()).unwrap();
            let ctx = SqrtContext::new(&f).unwrap();
            assert_eq!(ctx.two_adic.t() + 1, t, "2-adicity of p - 1");
            check_all(&f, &ctx, &BigUint::zero());
            check_all(&f, &ctx, &f.one());
            check_all(&f, &ctx, &f.neg(&f.one()));
            check_all(&f, &ctx, ctx.two_adic.qnr());
            for i in 0..per_prime {
                let r = rng.gen_biguint_below(&p);
                // Alternate squares (so every algorithm has roots to find) and
                // arbitrary elements (half of them non-residues).
                let a = if i % 2 == 0 { f.sqr(&r) } else { r };
                check_all(&f, &ctx, &a);
            }
        }
    }
}

#[test]
fn all_algorithms_match_jacobi_small_sizes_all_two_adicities() {
    let ts: Vec<u32> = (1..=64).collect();
    sweep(&[64, 160, 256], &ts, 6, 1);
}

#[test]
fn all_algorithms_match_jacobi_large_sizes_some_two_adicities() {
    sweep(&[512, 1024], &[1, 2, 3, 4, 9, 33, 64], 4, 2);
    sweep(&[2048], &[1, 2, 5, 64], 2, 3);
}

#[test]
#[ignore = "long: every 2-adicity 1..=64 at 512, 1024 and 2048 bits"]
fn all_algorithms_match_jacobi_large_sizes_all_two_adicities() {
    let ts: Vec<u32> = (1..=64).collect();
    sweep(&[512, 1024, 2048], &ts, 4, 4);
}

#[test]
fn all_algorithms_match_exhaustive_small_primes() {
    for p in [
        3u64, 5, 7, 11, 13, 17, 41, 73, 97, 113, 193, 257, 641, 769, 7681, 12289,
    ] {
        let f = BigPrimeField::new(BigUint::from(p)).unwrap();
        let ctx = SqrtContext::new(&f).unwrap();
        for a in 0..p {
            check_all(&f, &ctx, &BigUint::from(a));
        }
    }
}

#[test]
fn pqr_stores_the_squaring_chain() {
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    for t in [1u32, 2, 6, 20] {
        let p = prime_with_two_adicity(128, t, &mut rng);
        let f = BigPrimeField::new(p.clone()).unwrap();
        let tw = SqrtContext::new(&f).unwrap().two_adic;
        for _ in 0..50 {
            let x = rng.gen_biguint_below(&p);
            let r = pqr(&f, &tw, &x);
            assert_eq!(r.residue, jacobi(&x, &p));
            assert_eq!(r.residue, cqr(&f, &tw, &x));
            if x.is_zero() {
                continue;
            }
            let s = tw.s();
            assert_eq!(r.xs[0], x.modpow(s, &p));
            assert_eq!(r.x_half_s_plus_1, x.modpow(&((s + 1u32) >> 1u32), &p));
            for w in r.xs.windows(2) {
                assert_eq!(w[1], (&w[0] * &w[0]) % &p);
            }
            match r.t {
                None => assert_eq!(r.xs, vec![f.one()]),
                Some(tt) => {
                    assert_eq!(r.xs.len(), tt as usize + 1);
                    assert_eq!(r.xs[tt as usize], f.neg(&f.one()));
                }
            }
            // sqrt_with on the stored result equals the plain entry point.
            assert_eq!(
                mwst::sqrt_with_vartime(&f, &tw, &r),
                mwst::sqrt_vartime(&f, &tw, &x)
            );
        }
    }
}

#[test]
fn constant_time_sqrt_operation_sequence_is_input_independent() {
    let mut rng = ChaCha20Rng::seed_from_u64(6);
    for t in [1u32, 3, 17] {
        let p = prime_with_two_adicity(160, t, &mut rng);
        let f = Counting::new(BigPrimeField::new(p.clone()).unwrap());
        let tw = SqrtContext::new(f.inner()).unwrap().two_adic;
        let mut seen = None;
        for i in 0..40 {
            let r = rng.gen_biguint_below(&p);
            let a = match i {
                0 => BigUint::zero(),
                1 => f.one(),
                _ if i % 2 == 0 => f.inner().sqr(&r),
                _ => r,
            };
            f.reset();
            let root = constant_time::sqrt(&f, &tw, &a);
            let c = f.counts();
            assert_eq!(root.is_some(), jacobi(&a, &p) >= 0);
            if let Some(prev) = seen {
                assert_eq!(prev, c, "operation counts differ between inputs");
            }
            seen = Some(c);
        }
    }
}

#[test]
fn names_parse_and_unsupported_algorithms_are_rejected() {
    for a in SqrtAlgorithm::ALL {
        assert_eq!(a.name().parse::<SqrtAlgorithm>().unwrap(), a);
    }
    for a in QrTest::ALL {
        assert_eq!(a.name().parse::<QrTest>().unwrap(), a);
    }
    for a in Fp2SqrtAlgorithm::ALL {
        assert_eq!(a.name().parse::<Fp2SqrtAlgorithm>().unwrap(), a);
    }
    for a in Fp2QrTest::ALL {
        assert_eq!(a.name().parse::<Fp2QrTest>().unwrap(), a);
    }
    assert!("bogus".parse::<SqrtAlgorithm>().is_err());
    let p13 = BigUint::from(13u32); // 13 ≡ 5 mod 8
    assert!(!SqrtAlgorithm::P3mod4.supports(&p13));
    assert!(SqrtAlgorithm::Atkin.supports(&p13));
    assert_eq!(SqrtAlgorithm::auto(&p13), SqrtAlgorithm::Atkin);
    assert_eq!(
        SqrtAlgorithm::auto(&BigUint::from(17u32)),
        SqrtAlgorithm::SarkarTable
    );
    assert_eq!(
        SqrtAlgorithm::auto(&BigUint::from(23u32)),
        SqrtAlgorithm::P3mod4
    );
    let f = BigPrimeField::new(p13).unwrap();
    let ctx = SqrtContext::new(&f).unwrap();
    assert!(SqrtAlgorithm::P3mod4
        .sqrt_vartime(&f, &ctx, &f.one())
        .is_err());
    assert!(BigPrimeField::new(BigUint::from(91u32)).is_err());
    assert!(BigPrimeField::new(BigUint::from(2u32)).is_err());
}

#[test]
fn sqrt_smaller_picks_the_smaller_root() {
    let f = BigPrimeField::new(BigUint::from(101u32)).unwrap();
    for r in 0..101u32 {
        let r = BigUint::from(r);
        let s = sqrt_smaller(&f, &r);
        let other = f.neg(&r);
        assert!(s == r || s == other);
        assert!(s <= r.clone().min(other));
    }
}

#[test]
fn sqrt_matches_pari_gp() {
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    let mut cases = Vec::new();
    for i in 0..300 {
        let t = 1 + (i % 40) as u32;
        let bits = [64u64, 160, 256][i % 3];
        let p = prime_with_two_adicity(bits, t, &mut rng);
        let a = rng.gen_biguint_below(&p);
        cases.push((p, a));
    }
    let mut script = String::new();
    for (p, a) in &cases {
        script.push_str(&format!(
            "a=Mod({a},{p}); if(issquare(a), r=lift(sqrt(a)); print(min(r,{p}-r)), print(-1));\n"
        ));
    }
    let Some(out) = run_gp(&script) else {
        return;
    };
    let lines: Vec<&str> = out.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), cases.len(), "gp output: {out}");
    for ((p, a), line) in cases.iter().zip(lines) {
        let f = BigPrimeField::new(p.clone()).unwrap();
        let ctx = SqrtContext::new(&f).unwrap();
        for alg in SqrtAlgorithm::ALL {
            if !alg.supports(p) {
                continue;
            }
            let ours = alg.sqrt_vartime(&f, &ctx, a).unwrap();
            match line.trim() {
                "-1" => assert!(ours.is_none(), "{} p={p} a={a}", alg.name()),
                v => {
                    let gp: BigUint = v.parse().unwrap();
                    assert_eq!(
                        sqrt_smaller(&f, &ours.unwrap()),
                        gp,
                        "{} p={p} a={a}",
                        alg.name()
                    );
                }
            }
        }
    }
}

// ---------------------------------------------------------------- GF(p²)

/// Schoolbook product in GF(p)[w]/(w² − c), written out on integers.
fn naive_mul(
    p: &BigUint,
    c: &BigUint,
    a: &Fp2Elem<BigUint>,
    b: &Fp2Elem<BigUint>,
) -> Fp2Elem<BigUint> {
    Fp2Elem {
        c0: (&a.c0 * &b.c0 + c * &a.c1 * &b.c1) % p,
        c1: (&a.c0 * &b.c1 + &a.c1 * &b.c0) % p,
    }
}

/// Is `a` a square in GF(p²)? Independent oracle: the Jacobi symbol of the norm,
/// with the norm computed on integers.
fn fp2_oracle(p: &BigUint, c: &BigUint, a: &Fp2Elem<BigUint>) -> i8 {
    let n = (&a.c0 * &a.c0 + (p - c) * &a.c1 * &a.c1) % p;
    jacobi(&n, p)
}

fn check_fp2(q: &Fp2<BigPrimeField>, ctx: &Fp2SqrtContext<BigUint>, a: &Fp2Elem<BigUint>) {
    let p = q.base().modulus().clone();
    let c = q.nonresidue().clone();
    let l = fp2_oracle(&p, &c, a);
    let tw = &ctx.two_adic;
    for t in Fp2QrTest::ALL {
        assert_eq!(t.run(q, tw, a), l, "{} p={p}", t.name());
    }
    assert_eq!(legendre_via_norm(q, a), l);
    let mut first: Option<Fp2Elem<BigUint>> = None;
    for alg in Fp2SqrtAlgorithm::ALL {
        if !alg.supports(&p) {
            assert!(alg.sqrt_vartime(q, ctx, a).is_err());
            continue;
        }
        match alg.sqrt_vartime(q, ctx, a).unwrap() {
            Some(r) => {
                assert!(l >= 0, "{} rooted a non-square, p={p} a={a:?}", alg.name());
                assert_eq!(
                    naive_mul(&p, &c, &r, &r),
                    *a,
                    "{} p={p} a={a:?}",
                    alg.name()
                );
                if let Some(f0) = &first {
                    assert!(*f0 == r || *f0 == q.neg(&r), "{} disagrees", alg.name());
                }
                first = Some(r);
            }
            None => assert_eq!(l, -1, "{} missed a root, p={p} a={a:?}", alg.name()),
        }
    }
}

#[test]
fn fp2_arithmetic_matches_schoolbook() {
    let mut rng = ChaCha20Rng::seed_from_u64(8);
    for t in [1u32, 2, 3, 10] {
        let p = prime_with_two_adicity(128, t, &mut rng);
        let q = Fp2::with_default_nonresidue(BigPrimeField::new(p.clone()).unwrap()).unwrap();
        let c = q.nonresidue().clone();
        for _ in 0..100 {
            let a = q.random(&mut rng);
            let b = q.random(&mut rng);
            assert_eq!(q.mul(&a, &b), naive_mul(&p, &c, &a, &b));
            assert_eq!(q.sqr(&a), naive_mul(&p, &c, &a, &a));
            if !q.is_zero(&a) {
                let ai = q.inv(&a).unwrap();
                assert_eq!(q.mul(&a, &ai), q.one());
            }
            // Frobenius = a^p.
            assert_eq!(q.frobenius(&a), q.pow_vartime(&a, &p.to_u64_digits()));
            assert_eq!(q.embed(&q.norm(&a)), q.mul(&a, &q.conjugate(&a)));
        }
        assert!(q.inv(&q.zero()).is_none());
    }
}

/// GF(p²) over the Montgomery fields against the schoolbook product, for every kind of
/// `c` (small, minus small, general) and for primes on both sides of the room that
/// `mul_lin2`'s unreduced sums need (1 and 2 limbs), plus 3 limbs (reduced sums).
fn fp2_montgomery_matches_schoolbook_at<const N: usize>(p: &BigUint, rng: &mut ChaCha20Rng) {
    let f = Fp::<N>::new(p).unwrap();
    let mut cs: Vec<BigUint> = Vec::new();
    for k in 1..=8u32 {
        cs.push(BigUint::from(k));
        cs.push(p - k);
    }
    for _ in 0..4 {
        cs.push(rng.gen_biguint_below(p));
    }
    for c in cs {
        let Ok(q) = Fp2::new(f.clone(), f.from_biguint(&c).unwrap()) else {
            continue;
        };
        let to = |x: &Fp2Elem<FpElem<N>>| Fp2Elem {
            c0: f.to_biguint(&x.c0),
            c1: f.to_biguint(&x.c1),
        };
        let mut xs: Vec<_> = (0..40).map(|_| q.random(rng)).collect();
        let pm1 = f.from_biguint(&(p - 1u32)).unwrap();
        xs.push(q.elem(pm1, pm1));
        xs.push(q.elem(f.zero(), pm1));
        xs.push(q.elem(pm1, f.one()));
        for a in &xs {
            for b in xs.iter().take(6) {
                assert_eq!(
                    to(&q.mul(a, b)),
                    naive_mul(p, &c, &to(a), &to(b)),
                    "mul p={p} c={c}"
                );
            }
            assert_eq!(
                to(&q.sqr(a)),
                naive_mul(p, &c, &to(a), &to(a)),
                "sqr p={p} c={c}"
            );
        }
    }
}

#[test]
fn fp2_over_montgomery_matches_schoolbook() {
    let mut rng = ChaCha20Rng::seed_from_u64(81);
    let largest_below = |bits: u32| {
        let mut p = (BigUint::from(1u32) << bits) - 1u32;
        while !halfroot::prime::primality::is_probable_prime(&p) {
            p -= 2u32;
        }
        p
    };
    for bits in [20u64, 57, 60, 64] {
        let p = prime_with_two_adicity(bits, 1 + (bits % 3) as u32, &mut rng);
        fp2_montgomery_matches_schoolbook_at::<1>(&p, &mut rng);
    }
    for bits in [57u32, 58, 60, 61, 62, 64] {
        fp2_montgomery_matches_schoolbook_at::<1>(&largest_below(bits), &mut rng);
    }
    for bits in [81u64, 85, 121, 125, 128] {
        let p = prime_with_two_adicity(bits, 1 + (bits % 3) as u32, &mut rng);
        fp2_montgomery_matches_schoolbook_at::<2>(&p, &mut rng);
    }
    for bits in [121u32, 122, 124, 125, 126, 128] {
        fp2_montgomery_matches_schoolbook_at::<2>(&largest_below(bits), &mut rng);
    }
    for bits in [160u64, 192] {
        let p = prime_with_two_adicity(bits, 2, &mut rng);
        fp2_montgomery_matches_schoolbook_at::<3>(&p, &mut rng);
    }
}

#[test]
fn fp2_new_rejects_square_c() {
    let f = BigPrimeField::new(BigUint::from(13u32)).unwrap();
    // 4 = 2² and 10 = 6² are squares mod 13; 0 is rejected too.
    for c in [4u64, 10, 0] {
        let e = Fp2::with_nonresidue(f.clone(), c).unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains(&format!("c = {c}")), "{msg}");
    }
    assert!(Fp2::with_nonresidue(f, 2).is_ok());
}

#[test]
fn windowed_qr_tests_match_jacobi_and_binary_versions() {
    // The windowed P.QR / C.QR / Smart / MW-ST give the same values as the binary ones
    // (oracle for the values: num-bigint's modpow and the reciprocity Jacobi symbol).
    let mut rng = ChaCha20Rng::seed_from_u64(15);
    for t in [1u32, 2, 3, 9, 33] {
        let p = prime_with_two_adicity(192, t, &mut rng);
        let f = halfroot::prime::montgomery::Fp::<3>::new(&p).unwrap();
        let tw = SqrtContext::new(&f).unwrap().two_adic;
        for i in 0..40 {
            let v = rng.gen_biguint_below(&p);
            let x = f
                .from_biguint(&if i % 2 == 0 {
                    (&v * &v) % &p
                } else {
                    v.clone()
                })
                .unwrap();
            let xv = f.to_biguint(&x);
            let fast = pqr_windowed(&f, &tw, &x);
            assert_eq!(fast, pqr(&f, &tw, &x));
            assert_eq!(fast.residue, jacobi(&xv, &p));
            assert_eq!(cqr_windowed(&f, &tw, &x), jacobi(&xv, &p));
            if !xv.is_zero() {
                let h = xv.modpow(&((tw.s() + 1u32) >> 1u32), &p);
                assert_eq!(f.to_biguint(&fast.x_half_s_plus_1), h);
            }
            let r1 = mwst::sqrt_windowed_vartime(&f, &tw, &x);
            let r2 = smart::sqrt_windowed_vartime(&f, &tw, &x);
            assert_eq!(r1.is_some(), jacobi(&xv, &p) >= 0);
            for r in [r1, r2].into_iter().flatten() {
                assert_eq!(f.sqr(&r), x);
            }
        }
    }
}

#[test]
fn pow_sliding_matches_modpow_and_repeated_multiplication() {
    let mut rng = ChaCha20Rng::seed_from_u64(16);
    for bits in [61u64, 130, 255] {
        let p = prime_with_two_adicity(bits, 1, &mut rng);
        let f = BigPrimeField::new(p.clone()).unwrap();
        for ebits in [0u64, 1, 5, 24, 25, 80, 81, 240, 241, 700] {
            let a = rng.gen_biguint_below(&p);
            let e = rng.gen_biguint(ebits);
            assert_eq!(pow_sliding(&f, &a, &e.to_u64_digits()), a.modpow(&e, &p));
        }
        // Sparse exponents (the binary method): 2^k + 1, 2^k + 3·2^(k/2).
        for k in [30u32, 64, 158, 200] {
            let a = rng.gen_biguint_below(&p);
            let one = BigUint::from(1u32);
            for e in [
                (&one << k) + 1u32,
                (&one << k) + (BigUint::from(3u32) << (k / 2)),
            ] {
                assert_eq!(pow_sliding(&f, &a, &e.to_u64_digits()), a.modpow(&e, &p));
            }
        }
        // GF(p^2): against e - 1 plain multiplications.
        let q = Fp2::with_default_nonresidue(f.clone()).unwrap();
        let a = q.random(&mut rng);
        let mut acc = q.one();
        for e in 0u64..300 {
            assert_eq!(q.pow_vartime(&a, &[e]), acc, "e = {e}");
            acc = q.mul(&acc, &a);
        }
    }
}

fn fp2_sweep(bits: u64, ts: &[u32], per: usize, seed: u64) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    for &t in ts {
        let p = prime_with_two_adicity(bits, t, &mut rng);
        let base = BigPrimeField::new(p.clone()).unwrap();
        // Both a small c and the default one.
        let qs = [Fp2::with_default_nonresidue(base.clone()).unwrap(), {
            let mut k = 2u64;
            loop {
                if let Ok(q) = Fp2::with_nonresidue(base.clone(), k) {
                    break q;
                }
                k += 1;
            }
        }];
        for q in &qs {
            let ctx = Fp2SqrtContext::new(q).unwrap();
            check_fp2(q, &ctx, &q.zero());
            check_fp2(q, &ctx, &q.one());
            check_fp2(q, &ctx, ctx.two_adic.qnr());
            check_fp2(q, &ctx, &q.embed(ctx.base.two_adic.qnr()));
            for i in 0..per {
                let r = q.random(&mut rng);
                let a = match i % 3 {
                    0 => q.sqr(&r),
                    1 => q.embed(&r.c0),
                    _ => r,
                };
                check_fp2(q, &ctx, &a);
            }
        }
    }
}

#[test]
fn fp2_all_algorithms_agree_and_match_norm_oracle() {
    fp2_sweep(64, &[1, 2, 3, 4, 5, 8, 16, 32, 63], 12, 9);
    fp2_sweep(256, &[1, 2, 3, 7, 24], 6, 10);
}

#[test]
fn fp2_exhaustive_small_fields() {
    for p in [3u64, 5, 7, 13, 17, 19, 41] {
        let base = BigPrimeField::new(BigUint::from(p)).unwrap();
        let q = Fp2::with_default_nonresidue(base).unwrap();
        let ctx = Fp2SqrtContext::new(&q).unwrap();
        for a0 in 0..p {
            for a1 in 0..p {
                let a = q.elem(BigUint::from(a0), BigUint::from(a1));
                check_fp2(&q, &ctx, &a);
            }
        }
    }
}

#[test]
fn fp2_sqrt_matches_pari_gp() {
    let mut rng = ChaCha20Rng::seed_from_u64(11);
    let mut cases = Vec::new();
    for i in 0..60 {
        let t = 1 + (i % 12) as u32;
        let p = prime_with_two_adicity(96, t, &mut rng);
        let base = BigPrimeField::new(p.clone()).unwrap();
        let q = Fp2::with_default_nonresidue(base).unwrap();
        let a = q.random(&mut rng);
        let a = if rng.gen_bool(0.5) { q.sqr(&a) } else { a };
        cases.push((q, a));
    }
    let mut script = String::new();
    for (q, a) in &cases {
        let p = q.base().modulus();
        let c = q.nonresidue();
        script.push_str(&format!(
            "T=Mod(1,{p})*('x^2-{c}); K=ffgen(T,'y); a={}+{}*K; print(issquare(a));\n",
            a.c0, a.c1
        ));
    }
    let Some(out) = run_gp(&script) else {
        return;
    };
    let lines: Vec<&str> = out.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), cases.len(), "gp output: {out}");
    for ((q, a), line) in cases.iter().zip(lines) {
        let ctx = Fp2SqrtContext::new(q).unwrap();
        let gp_square = line.trim() == "1";
        for alg in Fp2SqrtAlgorithm::ALL {
            if !alg.supports(q.base().modulus()) {
                continue;
            }
            let r = alg.sqrt_vartime(q, &ctx, a).unwrap();
            assert_eq!(r.is_some(), gp_square, "{}", alg.name());
            if let Some(r) = r {
                assert_eq!(q.sqr(&r), *a);
            }
        }
    }
}

#[test]
fn fp2_mwst_base_matches_generic_mwst_on_stored_pqr() {
    let mut rng = ChaCha20Rng::seed_from_u64(12);
    for t in [2u32, 3, 6, 13] {
        let p = prime_with_two_adicity(100, t, &mut rng);
        let q = Fp2::with_default_nonresidue(BigPrimeField::new(p).unwrap()).unwrap();
        let ctx = Fp2SqrtContext::new(&q).unwrap();
        // c_1..c_T lie in GF(p) (Eq. 22).
        for j in 1..ctx.two_adic.c().len() {
            assert!(ctx.c_base[j].is_some(), "c_{j} not in GF(p)");
        }
        for _ in 0..60 {
            let a = q.sqr(&q.random(&mut rng));
            let r = pqr(&q, &ctx.two_adic, &a);
            for x in r.xs.iter().skip(1) {
                assert!(q.to_base(x).is_some(), "x_j (j ≥ 1) not in GF(p)");
            }
            let base = halfroot::prime2::sqrt::mwst::sqrt_with_vartime(&q, &ctx, &r).unwrap();
            let generic = mwst::sqrt_with_vartime(&q, &ctx.two_adic, &r).unwrap();
            assert_eq!(base, generic);
        }
    }
}
