//! GF(p) Montgomery arithmetic, exact small division, Legendre symbols, inversion,
//! exponentiation and Baillie–PSW, each checked against `num-bigint` arithmetic (the
//! oracle) or published lists.

#![allow(clippy::unwrap_used)]

use halfroot::field::Field;
use halfroot::prime::dynamic::DynFp;
use halfroot::prime::legendre::jacobi;
use halfroot::prime::montgomery::{parse_uint, Fp, FpElem};
use halfroot::prime::primality::{is_probable_prime, miller_rabin, random_prime, strong_lucas};
use halfroot::prime::PrimeFieldOps;
use halfroot::Error;
use num_bigint::{BigUint, RandBigInt};
use num_traits::{One, Zero};
use proptest::prelude::*;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

fn big(s: &str) -> BigUint {
    parse_uint(s).unwrap()
}

fn pow2_minus(e: u32, c: u32) -> BigUint {
    (BigUint::one() << e) - BigUint::from(c)
}

/// Miller–Rabin with 20 random bases, written independently of the library's BPSW.
fn oracle_is_prime(n: &BigUint, rng: &mut ChaCha20Rng) -> bool {
    let one = BigUint::one();
    let two = BigUint::from(2u32);
    if n < &two {
        return false;
    }
    for sp in [2u32, 3, 5, 7, 11, 13] {
        if n == &BigUint::from(sp) {
            return true;
        }
        if (n % sp).is_zero() {
            return false;
        }
    }
    let n1 = n - &one;
    let s = n1.trailing_zeros().unwrap();
    let d = &n1 >> s;
    'bases: for _ in 0..20 {
        let a = rng.gen_biguint_range(&two, &n1);
        let mut x = a.modpow(&d, n);
        if x == one || x == n1 {
            continue;
        }
        for _ in 1..s {
            x = x.modpow(&two, n);
            if x == n1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

/// Known primes of the sizes the brief lists (64 … 2048 bits), plus random ones.
fn test_primes() -> Vec<BigUint> {
    let mut v = vec![
        BigUint::from(3u32),
        BigUint::from(5u32),
        BigUint::from(7u32),
        BigUint::from(11u32),
        BigUint::from(1_000_000_007u64),
        pow2_minus(61, 1),
        pow2_minus(64, 59),
        pow2_minus(127, 1),
        pow2_minus(128, 159),
        // secp160r1: 2^160 − 2^31 − 1.
        (BigUint::one() << 160u32) - (BigUint::one() << 31u32) - 1u32,
        // P-192: 2^192 − 2^64 − 1.
        (BigUint::one() << 192u32) - (BigUint::one() << 64u32) - 1u32,
        pow2_minus(255, 19),
        // P-256.
        big("0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff"),
        // P-384.
        big("0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff"),
        pow2_minus(521, 1),
    ];
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    for bits in [256u64, 512, 1024, 2048] {
        let p = random_prime(bits, &mut rng).unwrap();
        assert!(
            oracle_is_prime(&p, &mut rng),
            "random_prime gave composite {p}"
        );
        v.push(p);
    }
    v
}

fn rand_below(rng: &mut ChaCha20Rng, p: &BigUint) -> BigUint {
    rng.gen_biguint_below(p)
}

fn limbs_of(e: &BigUint) -> Vec<u64> {
    e.to_u64_digits()
}

fn check_field<const N: usize>(p: &BigUint, iters: usize) {
    let f = Fp::<N>::new(p).unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(p.bits() ^ 0x5eed);
    let one = BigUint::one();
    let pm1 = p - &one;
    let half: BigUint = &pm1 >> 1u32;
    let mut specials = vec![
        BigUint::zero(),
        one.clone(),
        BigUint::from(2u32),
        pm1.clone(),
    ];
    if p > &BigUint::from(3u32) {
        specials.push(p - 2u32);
    }
    let to = |e: &FpElem<N>| f.to_biguint(e);
    for it in 0..iters {
        let (x, y) = if it < specials.len() * specials.len() {
            (
                specials[it % specials.len()].clone(),
                specials[it / specials.len()].clone(),
            )
        } else {
            (rand_below(&mut rng, p), rand_below(&mut rng, p))
        };
        let a = f.from_biguint(&x).unwrap();
        let b = f.from_biguint(&y).unwrap();
        assert_eq!(to(&a), x);
        assert_eq!(to(&f.add(&a, &b)), (&x + &y) % p, "add p={p}");
        assert_eq!(to(&f.sub(&a, &b)), (&x + p - &y) % p, "sub p={p}");
        assert_eq!(to(&f.neg(&a)), (p - &x) % p, "neg p={p}");
        let xy = (&x * &y) % p;
        assert_eq!(to(&f.mul(&a, &b)), xy, "mul p={p} x={x} y={y}");
        assert_eq!(to(&f.mul_cios(&a, &b)), xy, "mul_cios p={p}");
        if let Some(c) = f.mul_cios_nocarry(&a, &b) {
            assert_eq!(to(&c), xy, "mul_cios_nocarry p={p}");
        }
        assert_eq!(to(&f.sqr(&a)), (&x * &x) % p, "sqr p={p}");
        assert_eq!(to(&f.sqr_sos(&a)), (&x * &x) % p, "sqr_sos p={p}");
        assert_eq!(f.is_zero(&a), x.is_zero());
        // Powers: random exponents of 0 … 3 words, plus p − 1 and (p − 1)/2.
        let ebits = (rng.next_u32() % 200) as u64;
        let e = rng.gen_biguint(ebits);
        for e in [e, pm1.clone(), half.clone(), BigUint::zero(), one.clone()] {
            let want = x.modpow(&e, p);
            let mut el = limbs_of(&e);
            assert_eq!(to(&f.pow_vartime(&a, &el)), want, "pow_vartime p={p} e={e}");
            assert_eq!(to(&f.pow(&a, &el)), want, "pow p={p} e={e}");
            el.push(0); // leading zero word
            assert_eq!(to(&f.pow(&a, &el)), want, "pow (padded) p={p}");
            assert_eq!(to(&f.pow_sliding_vartime(&a, &el)), want);
        }
        // Inverses.
        if x.is_zero() {
            assert!(f.inv(&a).is_none());
            assert!(f.inv_ct(&a).is_none());
            assert!(f.inv_fermat(&a).is_none());
            assert!(f.inv_vartime(&a).is_none());
        } else {
            let want = x.modpow(&(p - 2u32), p);
            assert_eq!(to(&f.inv(&a).unwrap()), want, "inv p={p} x={x}");
            assert_eq!(
                to(&f.inv_fermat(&a).unwrap()),
                want,
                "inv_fermat p={p} x={x}"
            );
            assert_eq!(
                to(&f.inv_vartime(&a).unwrap()),
                want,
                "inv_vartime p={p} x={x}"
            );
            assert_eq!(f.mul(&a, &f.inv_vartime(&a).unwrap()), f.one());
        }
        // Legendre: binary vs Euler vs the big-integer criterion vs big-integer Jacobi.
        let e = x.modpow(&half, p);
        let want: i8 = if x.is_zero() {
            0
        } else if e.is_one() {
            1
        } else {
            assert_eq!(e, pm1);
            -1
        };
        assert_eq!(f.legendre(&a), want, "legendre p={p} x={x}");
        assert_eq!(f.legendre_binary(&a), want);
        assert_eq!(f.legendre_euler(&a), want);
        assert_eq!(jacobi(&x, p), Some(want));
        // Small constants.
        for k in 0u64..=12 {
            assert_eq!(
                to(&f.mul_small(&a, k)),
                (&x * k) % p,
                "mul_small k={k} p={p}"
            );
        }
        assert_eq!(
            to(&f.mul_small(&a, u64::MAX)),
            (&x * u64::MAX) % p,
            "mul_small big p={p}"
        );
        for k in 0u64..=10 {
            let invertible = (2..=8).contains(&k) && !(BigUint::from(k) % p).is_zero();
            let w = f.div_small_wordwise(&a, k);
            let m = f.div_small_by_inverse(&a, k);
            assert_eq!(f.div_small_exact(&a, k), w);
            let d = f.div_small(&a, k);
            assert_eq!(w.is_some(), invertible, "k={k} p={p}");
            assert_eq!(m, w);
            assert_eq!(d, w);
            if let Some(q) = w {
                assert_eq!((to(&q) * k) % p, x, "div_small k={k} p={p} x={x}");
            }
        }
        // from_u64.
        let v = rng.next_u64();
        assert_eq!(to(&f.from_u64(v)), BigUint::from(v) % p);
    }
    // Rejections and parsing.
    assert!(matches!(f.from_biguint(p), Err(Error::OutOfRange { .. })));
    let pm1s = pm1.to_string();
    assert_eq!(to(&f.parse(&pm1s).unwrap()), pm1);
    assert_eq!(f.to_decimal(&f.parse(&pm1s).unwrap()), pm1s);
    let hex = format!("0x{}", pm1.to_str_radix(16));
    assert_eq!(f.to_hex(&f.parse(&hex).unwrap()), hex);
    assert!(f.parse(&p.to_string()).is_err());
    assert!(f.parse("12a").is_err());
    assert!(f.parse("").is_err());
    assert!(f.parse("-1").is_err());
    // Random elements are canonical (Montgomery limbs below p) and not constant.
    let r: Vec<_> = (0..8).map(|_| f.random(&mut rng)).collect();
    for x in &r {
        assert!(f.from_montgomery_limbs(x.montgomery_limbs()).is_some());
    }
    if p.bits() > 16 {
        assert!(r.iter().any(|x| *x != r[0]));
    }
}

fn check_any(p: &BigUint, iters: usize) {
    let limbs = (p.bits() as usize).div_ceil(64);
    match limbs {
        1 => check_field::<1>(p, iters),
        2 => check_field::<2>(p, iters),
        3 => check_field::<3>(p, iters),
        4 => check_field::<4>(p, iters),
        6 => check_field::<6>(p, iters),
        8 => check_field::<8>(p, iters),
        9 => check_field::<9>(p, iters),
        16 => check_field::<16>(p, iters),
        32 => check_field::<32>(p, iters),
        _ => panic!("no test instance for {limbs} limbs"),
    }
    // A wider representation than needed must give the same results.
    if limbs < 4 {
        check_field::<4>(p, iters / 4 + 1);
    }
}

/// safegcd inversion against num-bigint's `modinv`-free oracle `x^(p−2) mod p` and the
/// binary GCD, on random primes of `bits` bits in `Fp<N>`, with edge inputs.
fn check_inv_sizes<const N: usize>(bits: u64, primes: usize, per: usize, rng: &mut ChaCha20Rng) {
    for _ in 0..primes {
        let p = random_prime(bits, rng).unwrap();
        let f = Fp::<N>::new(&p).unwrap();
        let mut xs = vec![BigUint::one(), &p - 1u32, BigUint::from(2u32), &p >> 1u32];
        xs.extend((0..per).map(|_| rand_below(rng, &p)));
        for x in xs {
            let a = f.from_biguint(&x).unwrap();
            if x.is_zero() {
                assert!(f.inv_ct(&a).is_none());
                continue;
            }
            let got = f.inv_ct(&a).unwrap();
            assert_eq!(
                f.to_biguint(&got),
                x.modpow(&(&p - 2u32), &p),
                "p={p} x={x}"
            );
            assert_eq!(Some(got), f.inv_vartime(&a));
        }
        assert!(f.inv_ct(&f.zero()).is_none());
    }
}

#[test]
fn inv_ct_safegcd_matches_biguint_at_all_sizes() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x5afe);
    check_inv_sizes::<1>(2, 1, 3, &mut rng);
    check_inv_sizes::<1>(20, 3, 20, &mut rng);
    check_inv_sizes::<1>(45, 3, 20, &mut rng);
    check_inv_sizes::<1>(46, 3, 20, &mut rng);
    check_inv_sizes::<1>(64, 5, 40, &mut rng);
    check_inv_sizes::<2>(65, 3, 20, &mut rng);
    check_inv_sizes::<2>(128, 5, 40, &mut rng);
    check_inv_sizes::<3>(160, 3, 20, &mut rng);
    check_inv_sizes::<3>(192, 3, 20, &mut rng);
    check_inv_sizes::<4>(255, 5, 40, &mut rng);
    check_inv_sizes::<4>(256, 10, 40, &mut rng);
    check_inv_sizes::<5>(300, 3, 20, &mut rng);
    check_inv_sizes::<6>(384, 5, 30, &mut rng);
    check_inv_sizes::<8>(512, 4, 30, &mut rng);
    check_inv_sizes::<9>(521, 2, 20, &mut rng);
    check_inv_sizes::<12>(768, 2, 15, &mut rng);
    check_inv_sizes::<16>(1024, 2, 10, &mut rng);
    check_inv_sizes::<24>(1536, 1, 6, &mut rng);
    check_inv_sizes::<32>(2048, 1, 5, &mut rng);
    // A small prime in a wide representation (iteration count from p's bits).
    let mut r2 = ChaCha20Rng::seed_from_u64(1);
    check_inv_sizes::<8>(70, 2, 20, &mut r2);
}

#[test]
fn fp_ops_match_biguint_on_known_primes() {
    for p in test_primes() {
        let iters = if p.bits() > 1000 { 12 } else { 60 };
        check_any(&p, iters);
    }
}

#[test]
fn fp_new_rejects_bad_moduli() {
    for (p, name) in [
        (BigUint::from(0u32), "zero"),
        (BigUint::from(1u32), "one"),
        (BigUint::from(2u32), "two"),
        (BigUint::from(91u32), "composite"),
        (BigUint::from(561u32), "carmichael"),
        (pow2_minus(64, 60), "even"),
    ] {
        match Fp::<1>::new(&p) {
            Err(Error::NotPrime { name: n, value, .. }) => {
                assert_eq!(n, "p");
                assert_eq!(value, p.to_string(), "{name}");
            }
            other => panic!("{name}: {other:?}"),
        }
        assert!(
            matches!(DynFp::new(&p), Err(Error::NotPrime { .. })),
            "{name}"
        );
    }
    // Too wide for N = 1.
    assert!(matches!(
        Fp::<1>::new(&pow2_minus(127, 1)),
        Err(Error::OutOfRange { .. })
    ));
    // Too wide for DynFp: 2^2203 − 1 is a Mersenne prime of 2203 bits.
    assert!(matches!(
        DynFp::new_trusted_prime(&pow2_minus(2203, 1)),
        Err(Error::OutOfRange { .. })
    ));
}

fn dyn_sum_of_squares<F: PrimeFieldOps>(f: &F, xs: &[u64]) -> BigUint {
    let mut acc = f.zero();
    for &x in xs {
        let e = f.from_u64(x);
        acc = f.add(&acc, &f.sqr(&e));
    }
    f.to_biguint(&acc)
}

#[test]
fn dynfp_matches_biguint() {
    let mut rng = ChaCha20Rng::seed_from_u64(99);
    for p in test_primes() {
        let f = DynFp::new(&p).unwrap();
        assert_eq!(f.bits() as u64, p.bits());
        assert!(f.limbs() * 64 >= p.bits() as usize);
        let xs: Vec<u64> = (0..5).map(|_| rng.next_u64()).collect();
        let want = xs
            .iter()
            .fold(BigUint::zero(), |acc, &x| (acc + BigUint::from(x) * x) % &p);
        assert_eq!(halfroot::with_fp!(&f, |g| dyn_sum_of_squares(g, &xs)), want);
        assert_eq!(dyn_sum_of_squares(&f, &xs), want);
        for _ in 0..5 {
            let x = rand_below(&mut rng, &p);
            let y = rand_below(&mut rng, &p);
            let a = f.from_biguint(&x).unwrap();
            let b = f.from_biguint(&y).unwrap();
            assert_eq!(f.to_biguint(&f.mul(&a, &b)), (&x * &y) % &p);
            assert_eq!(f.to_biguint(&f.sub(&a, &b)), (&x + &p - &y) % &p);
            if !x.is_zero() {
                assert_eq!(f.mul(&a, &f.inv(&a).unwrap()), f.one());
                assert_eq!(f.inv_vartime(&a), f.inv(&a));
                assert_eq!(f.legendre(&a), f.legendre_euler(&a));
            }
            assert_eq!(f.to_biguint(&f.parse(&x.to_string()).unwrap()), x);
        }
    }
}

/// Sieve of Eratosthenes: the oracle for `n < 100 000`.
#[test]
fn bpsw_matches_sieve_below_100000() {
    const M: usize = 100_000;
    let mut composite = vec![false; M];
    composite[0] = true;
    composite[1] = true;
    for i in 2..M {
        if !composite[i] {
            let mut j = i * i;
            while j < M {
                composite[j] = true;
                j += i;
            }
        }
    }
    for (n, &c) in composite.iter().enumerate() {
        assert_eq!(is_probable_prime(&BigUint::from(n)), !c, "n = {n}");
    }
}

#[test]
fn bpsw_rejects_pseudoprimes() {
    // Strong pseudoprimes to base 2 (OEIS A001262) and 3215031751 (spsp to 2, 3, 5, 7).
    let spsp2 = [
        2047u64,
        3277,
        4033,
        4681,
        8321,
        15841,
        29341,
        42799,
        49141,
        52633,
        65281,
        74665,
        80581,
        85489,
        88357,
        90751,
        3_215_031_751,
    ];
    for n in spsp2 {
        let nb = BigUint::from(n);
        assert!(
            miller_rabin(&nb, &BigUint::from(2u32)),
            "{n} is a base-2 spsp"
        );
        assert!(!strong_lucas(&nb), "{n} should fail strong Lucas");
        assert!(!is_probable_prime(&nb), "{n}");
    }
    // Strong Lucas pseudoprimes with Selfridge parameters (OEIS A217255).
    for n in [
        5459u64, 5777, 10877, 16109, 18971, 22499, 24569, 25199, 40309, 58519,
    ] {
        let nb = BigUint::from(n);
        assert!(strong_lucas(&nb), "{n} is a strong Lucas pseudoprime");
        assert!(!miller_rabin(&nb, &BigUint::from(2u32)), "{n}");
        assert!(!is_probable_prime(&nb), "{n}");
    }
    // Carmichael numbers (OEIS A002997), including large ones.
    for n in [
        561u64,
        1105,
        1729,
        2465,
        2821,
        6601,
        8911,
        41041,
        62745,
        825265,
        321197185,
        5394826801,
        232250619601,
        9746347772161,
    ] {
        assert!(!is_probable_prime(&BigUint::from(n)), "{n}");
    }
    // Large composites: 2^67 − 1 = 193707721 · 761838257287, F7 = 2^128 + 1,
    // a product of two 256-bit primes, 2^1277 − 1 (composite Mersenne number).
    assert!(!is_probable_prime(&pow2_minus(67, 1)));
    assert!(!is_probable_prime(&((BigUint::one() << 128u32) + 1u32)));
    let p256 = big("0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff");
    assert!(!is_probable_prime(&(&p256 * pow2_minus(255, 19))));
    assert!(!is_probable_prime(&(&p256 * &p256)));
    assert!(!is_probable_prime(&pow2_minus(1277, 1)));
    // Large primes: Mersenne exponents 89, 107, 127, 521, 607, 1279; 2^255 − 19.
    for e in [89u32, 107, 127, 521, 607, 1279] {
        assert!(is_probable_prime(&pow2_minus(e, 1)), "2^{e} - 1");
    }
    assert!(is_probable_prime(&pow2_minus(255, 19)));
    assert!(is_probable_prime(&p256));
}

#[test]
fn jacobi_matches_product_of_legendre_symbols() {
    // (a/n) for odd composite n = ∏ (a/q)^e, each (a/q) by Euler's criterion.
    for n in (3u64..400).step_by(2) {
        let mut factors = vec![];
        let mut m = n;
        let mut q = 3;
        while m > 1 {
            while m % q == 0 {
                factors.push(q);
                m /= q;
            }
            q += 2;
        }
        for a in 0..n {
            let mut want = 1i64;
            for &q in &factors {
                let e = BigUint::from(a).modpow(&BigUint::from((q - 1) / 2), &BigUint::from(q));
                want *= if e.is_zero() {
                    0
                } else if e.is_one() {
                    1
                } else {
                    -1
                };
            }
            assert_eq!(
                jacobi(&BigUint::from(a), &BigUint::from(n)),
                Some(want as i8),
                "({a}/{n})"
            );
        }
    }
    assert_eq!(jacobi(&BigUint::from(3u32), &BigUint::from(10u32)), None);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn fp4_mul_inv_legendre_match_biguint(xs in proptest::collection::vec(any::<u64>(), 4),
                                          ys in proptest::collection::vec(any::<u64>(), 4)) {
        let p = big("0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff");
        let f = Fp::<4>::new(&p).unwrap();
        let to_big = |v: &[u64]| {
            let mut b = BigUint::zero();
            for &w in v.iter().rev() { b = (b << 64u32) + w; }
            b % &p
        };
        let (x, y) = (to_big(&xs), to_big(&ys));
        let a = f.from_biguint(&x).unwrap();
        let b = f.from_biguint(&y).unwrap();
        prop_assert_eq!(f.to_biguint(&f.mul(&a, &b)), (&x * &y) % &p);
        prop_assert_eq!(f.to_biguint(&f.sqr(&a)), (&x * &x) % &p);
        if !x.is_zero() {
            prop_assert_eq!(f.to_biguint(&f.inv_vartime(&a).unwrap()), x.modpow(&(&p - 2u32), &p));
        }
        prop_assert_eq!(f.legendre(&a), f.legendre_euler(&a));
        prop_assert_eq!((f.to_biguint(&f.div_small(&a, 7).unwrap()) * 7u32) % &p, x);
    }

    #[test]
    fn fp9_p521_ops_match_biguint(xs in proptest::collection::vec(any::<u64>(), 9),
                                  e in proptest::collection::vec(any::<u64>(), 0..4)) {
        let p = pow2_minus(521, 1);
        let f = Fp::<9>::new(&p).unwrap();
        let mut x = BigUint::zero();
        for &w in xs.iter().rev() { x = (x << 64u32) + w; }
        let x = x % &p;
        let a = f.from_biguint(&x).unwrap();
        let eb = e.iter().rev().fold(BigUint::zero(), |acc, &w| (acc << 64u32) + w);
        prop_assert_eq!(f.to_biguint(&f.pow(&a, &e)), x.modpow(&eb, &p));
        prop_assert_eq!(f.to_biguint(&f.pow_vartime(&a, &e)), x.modpow(&eb, &p));
        prop_assert_eq!(f.to_biguint(&f.sqr(&a)), (&x * &x) % &p);
        prop_assert_eq!(f.legendre(&a), f.legendre_euler(&a));
    }
}

#[test]
fn counting_fp_counts_and_matches_plain_fp() {
    use halfroot::count::Counting;
    let p = pow2_minus(255, 19);
    let f = Fp::<4>::new(&p).unwrap();
    let c = Counting::new(f.clone());
    let a = f.from_u64(123456789);
    let b = f.from_u64(987654321);
    assert_eq!(c.mul(&a, &b), f.mul(&a, &b));
    assert_eq!(c.legendre(&a), f.legendre_euler(&a));
    assert_eq!(c.div_small(&a, 3), f.div_small(&a, 3));
    let n = c.counts();
    assert_eq!((n.m, n.qr, n.a), (1, 1, 2));
    // pow_vartime through Counting is the counted square-and-multiply default.
    c.reset();
    let e = [0b1011u64];
    assert_eq!(c.pow_vartime(&a, &e), f.pow_vartime(&a, &e));
    assert_eq!((c.counts().s, c.counts().m), (3, 2));
}

fn check_legendre_divsteps<const N: usize>(
    bits: u64,
    primes: usize,
    per: usize,
    rng: &mut ChaCha20Rng,
) {
    for _ in 0..primes {
        let p = random_prime(bits, rng).unwrap();
        let f = Fp::<N>::new(&p).unwrap();
        let pm1 = &p - 1u32;
        let half = &pm1 >> 1u32;
        // Oracles: Euler's criterion by num-bigint modpow, the big-integer `jacobi`, and
        // the crate's binary and Euler methods.
        let euler = |x: &BigUint| -> i8 {
            let r = x.modpow(&half, &p);
            if r.is_zero() {
                0
            } else if r.is_one() {
                1
            } else {
                assert_eq!(r, pm1);
                -1
            }
        };
        let mut xs = vec![
            BigUint::zero(),
            BigUint::one(),
            pm1.clone(),
            BigUint::from(2u32),
        ];
        xs.extend((0..per).map(|_| rand_below(rng, &p)));
        for x in &xs {
            let a = f.from_biguint(x).unwrap();
            let got = f.legendre_divsteps(&a);
            assert_eq!(got, euler(x), "p={p} x={x}");
            assert_eq!(Some(got), jacobi(x, &p));
            assert_eq!(got, f.legendre_binary(&a));
            assert_eq!(got, f.legendre_euler(&a));
            assert_eq!(got, f.legendre(&a));
            // Squares (of non-zero x) are residues.
            if !x.is_zero() {
                assert_eq!(f.legendre_divsteps(&f.sqr(&a)), 1, "p={p} x={x}");
            }
        }
        assert_eq!(f.legendre_divsteps(&f.zero()), 0);
        assert_eq!(f.legendre_divsteps(&f.one()), 1);
        // Supplementary laws: (−1/p) = −1 iff p ≡ 3 (mod 4); (2/p) = −1 iff p ≡ ±3 (mod 8).
        let p8 = (&p % 8u32).to_u64_digits().first().copied().unwrap_or(0);
        let m1 = f.neg(&f.one());
        assert_eq!(f.legendre_divsteps(&m1), if p8 % 4 == 3 { -1 } else { 1 });
        let two = f.from_u64(2);
        assert_eq!(
            f.legendre_divsteps(&two),
            if p8 == 3 || p8 == 5 { -1 } else { 1 }
        );
    }
}

#[test]
fn legendre_divsteps_matches_euler_binary_and_jacobi() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x1e9e);
    check_legendre_divsteps::<1>(64, 20, 200, &mut rng);
    check_legendre_divsteps::<1>(61, 10, 200, &mut rng);
    check_legendre_divsteps::<2>(127, 10, 200, &mut rng);
    check_legendre_divsteps::<3>(160, 10, 200, &mut rng);
    check_legendre_divsteps::<4>(255, 10, 200, &mut rng);
    check_legendre_divsteps::<4>(256, 10, 200, &mut rng);
    check_legendre_divsteps::<5>(300, 5, 100, &mut rng);
    check_legendre_divsteps::<8>(512, 5, 100, &mut rng);
    check_legendre_divsteps::<16>(1024, 2, 50, &mut rng);
    check_legendre_divsteps::<32>(2048, 1, 20, &mut rng);
}
