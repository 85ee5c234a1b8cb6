//! GMP, FLINT and PARI square roots and Legendre symbols modulo primes, checked against
//! num-bigint computations written here: Euler's criterion a^((p−1)/2) for residuosity,
//! and r² mod p = a for every returned root. Each peer's checks skip with a note when
//! that peer is unavailable.
#![allow(clippy::unwrap_used)]

use halfroot_peers::{flint, gmp, pari, PeerError};
use num_bigint::BigUint;
use num_traits::{One, Zero};

fn big(w: &[u64]) -> BigUint {
    w.iter()
        .rev()
        .fold(BigUint::zero(), |acc, &x| (acc << 64u32) + x)
}

fn words(n: &BigUint) -> Vec<u64> {
    n.to_u64_digits()
}

fn hex(s: &str) -> BigUint {
    BigUint::parse_bytes(s.as_bytes(), 16).unwrap()
}

/// Primes of several shapes: p ≡ 3 (mod 4), large 2-adicity, Mersenne, p ≡ 5 (mod 8).
fn primes() -> Vec<(&'static str, BigUint)> {
    let one = BigUint::one();
    vec![
        ("secp160r1", (&one << 160u32) - (&one << 31u32) - 1u32),
        (
            "goldilocks (2-adicity 32)",
            (&one << 64u32) - (&one << 32u32) + 1u32,
        ),
        ("2^127-1", (&one << 127u32) - 1u32),
        (
            "P-224 (2-adicity 96)",
            hex("ffffffffffffffffffffffffffffffff000000000000000000000001"),
        ),
        (
            "P-256",
            hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"),
        ),
        ("2^255-19", (&one << 255u32) - 19u32),
        (
            "2^255+137*2^32+1 (2-adicity 32)",
            (&one << 255u32) + (BigUint::from(137u32) << 32u32) + 1u32,
        ),
    ]
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, p: &BigUint) -> BigUint {
        let n = p.to_u64_digits().len() + 1;
        big(&(0..n).map(|_| self.next()).collect::<Vec<_>>()) % p
    }
}

/// Euler's criterion: 1, −1 or 0.
fn euler(a: &BigUint, p: &BigUint) -> i32 {
    let e = a.modpow(&((p - 1u32) >> 1u32), p);
    if e.is_zero() {
        0
    } else if e.is_one() {
        1
    } else {
        assert_eq!(e, p - 1u32);
        -1
    }
}

/// `Some(x)` or, for an unavailable peer, a note and `None`.
fn present<T>(r: Result<T, PeerError>) -> Option<T> {
    match r {
        Err(PeerError::Unavailable(p)) => {
            eprintln!("skipping: peer {p} unavailable in this build");
            None
        }
        r => Some(r.unwrap()),
    }
}

type SqrtFn = fn(&[u64], &[u64]) -> Result<Option<Vec<u64>>, PeerError>;

const SQRTS: [(&str, SqrtFn); 3] = [
    ("gmp tonelli_shanks", gmp::tonelli_shanks),
    ("flint fmpz_sqrtmod", flint::sqrtmod),
    ("pari Fp_sqrt", pari::fp_sqrt),
];

/// Checks one root answer against Euler's criterion and squaring.
fn check_root(name: &str, a: &BigUint, p: &BigUint, got: Option<Vec<u64>>) {
    match (euler(a, p), got) {
        (-1, None) => {}
        (-1, Some(r)) => panic!("{name}: root {r:?} of a non-residue"),
        (_, None) => panic!("{name}: no root of the residue {a} mod {p}"),
        (_, Some(r)) => {
            let r = big(&r);
            assert!(&r < p, "{name}: root not reduced");
            assert_eq!((&r * &r) % p, a % p, "{name}: root squared mod {p}");
        }
    }
}

#[test]
fn roots_square_back_modulo_large_primes() {
    let mut rng = Rng(7);
    for (label, p) in primes() {
        let pw = words(&p);
        let mut inputs: Vec<BigUint> = (0..12).map(|_| rng.below(&p)).collect();
        inputs.push(BigUint::zero());
        inputs.push(BigUint::one());
        inputs.push(&p - 1u32);
        inputs.push(&p + 4u32); // unreduced input: 4 mod p
        for (name, f) in SQRTS {
            for a in &inputs {
                let Some(got) = present(f(&words(a), &pw)) else {
                    break;
                };
                check_root(&format!("{name} mod {label}"), a, &p, got);
            }
        }
    }
}

#[test]
fn roots_exhaustive_modulo_small_primes() {
    for p in [3u64, 5, 7, 13, 17, 41, 97, 257, 769] {
        let pb = BigUint::from(p);
        for (name, f) in SQRTS {
            for a in 0..p {
                let Some(got) = present(f(&[a], &[p])) else {
                    break;
                };
                check_root(name, &BigUint::from(a), &pb, got);
            }
        }
    }
}

#[test]
fn legendre_and_kronecker_match_euler() {
    let mut rng = Rng(11);
    for (label, p) in primes() {
        let pw = words(&p);
        for _ in 0..20 {
            let a = rng.below(&p);
            let want = euler(&a, &p);
            if let Some(l) = present(gmp::legendre(&words(&a), &pw)) {
                assert_eq!(l, want, "gmp legendre mod {label}");
            }
            if let Some(k) = present(pari::kronecker(&words(&a), &pw)) {
                assert_eq!(k, want, "pari kronecker mod {label}");
            }
        }
        if let Some(l) = present(gmp::legendre(&[], &pw)) {
            assert_eq!(l, 0);
        }
    }
}

#[test]
fn probable_prime_matches_known_primes_and_composites() {
    for (label, p) in primes() {
        if let Some(b) = present(gmp::is_probable_prime(&words(&p))) {
            assert!(b, "{label} is prime");
        }
        // p·(p+2) is composite.
        let c = &p * (&p + 2u32);
        if let Some(b) = present(gmp::is_probable_prime(&words(&c))) {
            assert!(!b, "{label}·({label}+2) is composite");
        }
    }
}

#[test]
fn composite_and_even_moduli_are_rejected() {
    // 3·5·7·11·13·17·19·23·29·31·37·41·43·47·53 (odd, composite) and an odd semiprime.
    let odd = (3u64..=53)
        .filter(|&n| (2..n).all(|d| n % d != 0))
        .product::<u64>();
    let semiprime = BigUint::from(1_000_000_007u64) * BigUint::from(998_244_353u64);
    for p in [vec![15u64], vec![odd], words(&semiprime)] {
        for (name, f) in SQRTS {
            let r = f(&[4], &p);
            if matches!(r, Err(PeerError::Unavailable(_))) {
                continue;
            }
            assert!(
                matches!(r, Err(PeerError::InvalidInput(_))),
                "{name} p={p:?}: {r:?}"
            );
        }
    }
    for p in [vec![], vec![0], vec![1], vec![2], vec![10], vec![0, 1]] {
        for (name, f) in SQRTS {
            assert!(
                matches!(f(&[4], &p), Err(PeerError::InvalidInput(_))),
                "{name} p={p:?}"
            );
        }
        assert!(matches!(
            gmp::legendre(&[4], &p),
            Err(PeerError::InvalidInput(_))
        ));
    }
}

#[test]
fn timing_helpers_return_positive_times() {
    let p = primes().swap_remove(4).1; // P-256
    let pw = words(&p);
    let a = words(&BigUint::from(4u32));
    let nonresidue = words(&(&p - 1u32)); // −1 is a non-residue for p ≡ 3 (mod 4)
    let runs: [(&str, Result<f64, PeerError>); 4] = [
        ("gmp legendre", gmp::legendre_ns(&a, &pw, 5)),
        ("gmp ts", gmp::tonelli_shanks_ns(&a, &pw, 5)),
        ("flint", flint::sqrtmod_ns(&a, &pw, 5)),
        ("pari", pari::fp_sqrt_ns(&a, &pw, 5)),
    ];
    for (name, r) in runs {
        if let Some(ns) = present(r) {
            assert!(ns > 0.0 && ns.is_finite(), "{name}: {ns}");
        }
    }
    for r in [
        gmp::tonelli_shanks_ns(&nonresidue, &pw, 5),
        flint::sqrtmod_ns(&nonresidue, &pw, 5),
        pari::fp_sqrt_ns(&nonresidue, &pw, 5),
    ] {
        assert!(
            matches!(
                r,
                Err(PeerError::InvalidInput(_) | PeerError::Unavailable(_))
            ),
            "{r:?}"
        );
    }
    assert!(gmp::legendre_ns(&a, &pw, 0).is_err());
}

#[test]
fn roots_are_correct_when_called_from_many_threads() {
    // PARI runs on one worker thread behind a channel; FLINT and GMP are thread-safe.
    let p = primes().swap_remove(3).1; // P-224, 2-adicity 96
    let handles: Vec<_> = (0..4u64)
        .map(|t| {
            let p = p.clone();
            std::thread::spawn(move || {
                let mut rng = Rng(100 + t);
                for _ in 0..25 {
                    let r = rng.below(&p);
                    let a = (&r * &r) % &p;
                    for (name, f) in SQRTS {
                        let Some(got) = present(f(&words(&a), &words(&p))) else {
                            continue;
                        };
                        check_root(name, &a, &p, got);
                    }
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
}
