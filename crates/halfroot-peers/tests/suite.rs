//! The suite's constants checked independently (closed forms, a Miller–Rabin test and
//! Euler-style power tests written here with num-bigint), and a quick run of the suite
//! checking that every expected row is present and timed (or an expected gap).
#![allow(clippy::unwrap_used)]

use halfroot_peers::suite::{self, Measurement};
use halfroot_peers::PeerError;
use num_bigint::BigUint;
use num_traits::{One, Zero};

fn big(w: &[u64]) -> BigUint {
    w.iter()
        .rev()
        .fold(BigUint::zero(), |acc, &x| (acc << 64u32) + x)
}

/// Miller–Rabin with the first 20 prime bases.
fn is_prime(n: &BigUint) -> bool {
    let bases = [
        2u32, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71,
    ];
    if bases.iter().any(|&b| n == &BigUint::from(b)) {
        return true;
    }
    if bases.iter().any(|&b| (n % b).is_zero()) {
        return false;
    }
    let n1 = n - 1u32;
    let s = n1.trailing_zeros().unwrap();
    let d = &n1 >> s;
    bases.iter().all(|&b| {
        let mut x = BigUint::from(b).modpow(&d, n);
        if x.is_one() || x == n1 {
            return true;
        }
        for _ in 1..s {
            x = (&x * &x) % n;
            if x == n1 {
                return true;
            }
        }
        false
    })
}

#[test]
fn prime_cases_match_closed_forms_and_are_prime() {
    let one = BigUint::one();
    let want = [
        ("secp160r1", (&one << 160u32) - (&one << 31u32) - 1u32, 1),
        (
            "P-256",
            (&one << 256u32) - (&one << 224u32) + (&one << 192u32) + (&one << 96u32) - 1u32,
            1,
        ),
        (
            "2-adicity 32",
            (&one << 255u32) + (BigUint::from(137u32) << 32u32) + 1u32,
            32,
        ),
    ];
    let got = suite::prime_cases();
    assert_eq!(got.len(), want.len());
    for ((label, words), (wl, p, two_adicity)) in got.iter().zip(want) {
        assert_eq!(*label, wl);
        assert_eq!(big(words), p, "{label}");
        assert!(is_prime(&p), "{label} prime");
        assert_eq!((&p - 1u32).trailing_zeros(), Some(two_adicity), "{label}");
    }
    // 137 is the least odd c making 2^255 + c·2^32 + 1 prime.
    for c in (1u32..137).step_by(2) {
        assert!(
            !is_prime(&((&one << 255u32) + (BigUint::from(c) << 32u32) + 1u32)),
            "c={c}"
        );
    }
}

#[test]
fn fq5_cases_are_least_primes_with_irreducible_binomials() {
    let one = BigUint::one();
    for (bits, qw, alpha) in suite::fq5_cases() {
        let q = big(&qw);
        assert_eq!(q.bits(), u64::from(bits));
        assert!(is_prime(&q), "{bits}");
        assert_eq!(&q % 5u32, one, "5 | q - 1");
        // No smaller candidate ≥ 2^(bits-1) + 1 qualifies.
        let mut c = (&one << (bits - 1)) + 1u32;
        while c < q {
            assert!(
                !((&c % 5u32) == one && is_prime(&c)),
                "{bits}: smaller q {c}"
            );
            c += 2u32;
        }
        // α is not a fifth power (α^((q−1)/5) ≠ 1), and every 2 ≤ β < α is.
        let e = (&q - 1u32) / 5u32;
        assert!(
            !BigUint::from(alpha).modpow(&e, &q).is_one(),
            "{bits}: alpha"
        );
        for beta in 2..alpha {
            assert!(
                BigUint::from(beta).modpow(&e, &q).is_one(),
                "{bits}: beta {beta}"
            );
        }
    }
}

#[test]
fn quick_run_has_every_row() {
    let rows: Vec<Measurement> = suite::run(2e5);
    assert_eq!(rows.len(), 5 * 7 + 3 * 4 + 4 * 2);
    for m in &rows {
        match &m.ns {
            Ok(ns) => assert!(*ns > 0.0 && ns.is_finite(), "{m:?}"),
            Err(PeerError::Unsupported { op, .. }) => assert_eq!(*op, "trace", "{m:?}"),
            Err(PeerError::Unavailable(p)) => eprintln!("skipping: peer {p} unavailable"),
            Err(e) => panic!("{m:?}: {e}"),
        }
        assert!(m.ns.is_ok() || suite::is_expected_gap(m));
    }
}
