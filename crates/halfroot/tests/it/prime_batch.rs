//! Batch Montgomery products (`Fp::mul_many`, `Fp::sqr_many`, the 8-lane AVX-512
//! IFMA kernels where the CPU has them) against two oracles: the loop of scalar
//! products (`Fp::mul_many_portable`) and num-bigint (`out·R ≡ a·b (mod p)`,
//! `out < p`, `R = 2^(64N)`), for random primes of many sizes, moduli with an
//! all-ones top limb (P-256, `2^(64N) − c`), tiny primes in wide `N`, batch
//! lengths 0…20 and 64, operands 0, 1, p − 1 and random.

#![allow(clippy::unwrap_used)]

use halfroot::field::Field;
use halfroot::prime::montgomery::{Fp, FpElem};
use halfroot::prime::primality::random_prime;
use num_bigint::BigUint;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn big<const N: usize>(e: &FpElem<N>) -> BigUint {
    let mut v = BigUint::default();
    for w in e.montgomery_limbs().iter().rev() {
        v = (v << 64u32) + BigUint::from(*w);
    }
    v
}

fn limbs<const N: usize>(v: &BigUint) -> [u64; N] {
    let mut r = [0u64; N];
    for (d, s) in r.iter_mut().zip(v.to_u64_digits()) {
        *d = s;
    }
    r
}

/// Operands: 0, 1, p − 1 and random elements (Montgomery limbs below p), in a
/// position pattern that puts the special values in different lanes.
fn operands<const N: usize>(
    f: &Fp<N>,
    len: usize,
    rng: &mut ChaCha8Rng,
    shift: usize,
) -> Vec<FpElem<N>> {
    let p = f.modulus_limbs();
    let mut pm1 = *p;
    pm1[0] -= 1;
    let special = [
        f.zero(),
        f.from_montgomery_limbs(&limbs::<N>(&BigUint::from(1u32)))
            .unwrap(),
        f.from_montgomery_limbs(&pm1).unwrap(),
    ];
    (0..len)
        .map(|i| match (i + shift) % 7 {
            k @ 0..=2 if (i / 7) % 2 == 0 => special[k],
            _ => f.random(rng),
        })
        .collect()
}

fn check_field<const N: usize>(p: &BigUint, seed: u64) {
    let f = Fp::<N>::new_trusted_prime(p).unwrap();
    let r = BigUint::from(1u32) << (64 * N);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for len in (0..=20).chain([64]) {
        let a = operands(&f, len, &mut rng, 0);
        let b = operands(&f, len, &mut rng, 3);
        let mut got = vec![f.zero(); len];
        let mut want = vec![f.zero(); len];
        f.mul_many(&a, &b, &mut got).unwrap();
        f.mul_many_portable(&a, &b, &mut want).unwrap();
        assert_eq!(got, want, "mul_many, {} bits, N = {N}, len {len}", p.bits());
        let mut sq = vec![f.zero(); len];
        f.sqr_many(&a, &mut sq).unwrap();
        for i in 0..len {
            assert_eq!(want[i], f.mul(&a[i], &b[i]));
            assert_eq!(
                sq[i],
                f.sqr(&a[i]),
                "sqr_many, {} bits, element {i}",
                p.bits()
            );
            // Independent oracle: out < p and out·R ≡ a·b (mod p).
            let (x, y, o, s) = (big(&a[i]), big(&b[i]), big(&got[i]), big(&sq[i]));
            assert!(&o < p && &s < p);
            assert_eq!((&o * &r) % p, (&x * &y) % p, "bigint, {} bits", p.bits());
            assert_eq!(
                (&s * &r) % p,
                (&x * &x) % p,
                "bigint sqr, {} bits",
                p.bits()
            );
        }
    }
}

fn check_random<const N: usize>(bits: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(bits);
    let p = random_prime(bits, &mut rng).unwrap();
    check_field::<N>(&p, bits ^ 0x5eed);
}

#[test]
fn mul_many_matches_portable() {
    check_random::<1>(64);
    check_random::<2>(128);
    check_random::<3>(160);
    check_random::<3>(192);
    check_random::<4>(255);
    check_random::<4>(256);
    check_random::<6>(384);
    check_random::<8>(511);
    check_random::<8>(512);
    check_random::<12>(768);
    check_random::<16>(1024);
    check_random::<24>(1536);
    check_random::<32>(2048);
}

/// Limb counts 2 … 14 (each N has its own digit count L and last-digit width
/// r = 64N − 52(L − 1); r depends on N mod 13, so these cover every width) and 16, 24,
/// 32, at the full width and 30 bits below it.
#[test]
fn mul_many_matches_portable_every_n() {
    macro_rules! each {
        ($($n:literal)*) => {$(
            check_random::<$n>(64 * $n);
            check_random::<$n>(64 * $n - 30);
        )*};
    }
    each!(2 3 4 5 6 7 8 9 10 11 12 13 14 16 24 32);
}

/// Moduli with an all-ones top limb: P-256, `2^(64N) − 1` and `2^(64N) − 2^32 + 1`
/// (odd; the Montgomery product needs only an odd modulus), and tiny primes in a
/// wide N.
#[test]
fn mul_many_matches_portable_edge_moduli() {
    let one = BigUint::from(1u32);
    let p256 = (&one << 256) - (&one << 224) + (&one << 192) + (&one << 96) - 1u32;
    check_field::<4>(&p256, 1);
    macro_rules! each {
        ($($n:literal)*) => {$(
            check_field::<$n>(&((&one << (64 * $n)) - 1u32), 2);
            check_field::<$n>(&((&one << (64 * $n)) - (&one << 32) + 1u32), 3);
            check_field::<$n>(&BigUint::from(1_000_000_007u64), 4);
            check_field::<$n>(&BigUint::from(3u32), 5);
        )*};
    }
    each!(2 3 4 5 6 8 9 12 13 16 24 32);
}

#[test]
fn mul_many_rejects_length_mismatch() {
    let f = Fp::<4>::new(&BigUint::from(1_000_000_007u64)).unwrap();
    let a = vec![f.one(); 9];
    let mut out = vec![f.zero(); 8];
    assert!(f.mul_many(&a, &a, &mut out).is_err());
    assert!(f.mul_many(&a, &a[..8], &mut out).is_err());
    assert!(f.mul_many_portable(&a, &a, &mut out).is_err());
    assert!(f.sqr_many(&a, &mut out).is_err());
    let mut out = vec![f.zero(); 9];
    assert!(f.mul_many(&a, &a, &mut out).is_ok());
    use halfroot::cpu::{has_all, Feature};
    let has = has_all(&[Feature::Avx512f, Feature::Avx512ifma]);
    // The IFMA path is really the one under test on a CPU that has it.
    assert_eq!(f.batch_backend(), if has { "ifma" } else { "scalar" });
    let f1 = Fp::<1>::new(&BigUint::from(1_000_000_007u64)).unwrap();
    assert_eq!(f1.batch_backend(), "scalar");
}
