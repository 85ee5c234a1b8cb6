//! FLINT `fq_mul` and PARI `FpXQ_mul` in F_q[X]/(X^k − α), checked against a schoolbook
//! product reduced with X^k = α, computed here with num-bigint. Each peer's checks skip
//! with a note when that peer is unavailable.
#![allow(clippy::unwrap_used)]

use halfroot_peers::{flint, pari, PeerError};
use num_bigint::BigUint;
use num_traits::{One, Zero};

type MulFn =
    fn(&[u64], usize, &[u64], &[Vec<u64>], &[Vec<u64>]) -> Result<Vec<Vec<u64>>, PeerError>;

const MULS: [(&str, MulFn); 2] = [
    ("flint fq_mul", flint::fq_mul),
    ("pari FpXQ_mul", pari::fpxq_mul),
];

fn big(w: &[u64]) -> BigUint {
    w.iter()
        .rev()
        .fold(BigUint::zero(), |acc, &x| (acc << 64u32) + x)
}

fn hex(s: &str) -> BigUint {
    BigUint::parse_bytes(s.as_bytes(), 16).unwrap()
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
    fn below(&mut self, q: &BigUint) -> BigUint {
        let n = q.to_u64_digits().len() + 1;
        big(&(0..n).map(|_| self.next()).collect::<Vec<_>>()) % q
    }
}

/// Schoolbook product of a and b (k coefficients each) reduced with X^k = α, mod q.
fn schoolbook(
    q: &BigUint,
    k: usize,
    alpha: &BigUint,
    a: &[BigUint],
    b: &[BigUint],
) -> Vec<BigUint> {
    let mut c = vec![BigUint::zero(); 2 * k];
    for (i, x) in a.iter().enumerate() {
        for (j, y) in b.iter().enumerate() {
            c[i + j] += x * y;
        }
    }
    for idx in (k..2 * k).rev() {
        let hi = std::mem::take(&mut c[idx]);
        c[idx - k] += hi * alpha;
    }
    c.truncate(k);
    c.into_iter().map(|x| x % q).collect()
}

fn check(q: &BigUint, k: usize, alpha: &BigUint, a: &[BigUint], b: &[BigUint]) {
    let want = schoolbook(q, k, alpha, a, b);
    let words = |v: &[BigUint]| v.iter().map(BigUint::to_u64_digits).collect::<Vec<_>>();
    let (aw, bw) = (words(a), words(b));
    for (name, f) in MULS {
        match f(&q.to_u64_digits(), k, &alpha.to_u64_digits(), &aw, &bw) {
            Err(PeerError::Unavailable(p)) => eprintln!("skipping: peer {p} unavailable"),
            r => {
                let got: Vec<BigUint> = r.unwrap().iter().map(|c| big(c)).collect();
                assert_eq!(got.len(), k, "{name}: k coefficients");
                assert_eq!(got, want, "{name}: q={q} k={k} alpha={alpha}");
            }
        }
    }
}

#[test]
fn products_match_schoolbook_small_fields() {
    let mut rng = Rng(5);
    for q in [3u64, 7, 11, 31, 101, 65537] {
        let qb = BigUint::from(q);
        for k in 1..=7 {
            for alpha in [BigUint::zero(), BigUint::from(2u32), &qb - 1u32, &qb + 3u32] {
                for _ in 0..3 {
                    let a: Vec<BigUint> = (0..k).map(|_| rng.below(&qb)).collect();
                    let b: Vec<BigUint> = (0..k).map(|_| rng.below(&qb)).collect();
                    check(&qb, k, &alpha, &a, &b);
                }
            }
        }
    }
}

#[test]
fn products_match_schoolbook_large_fields() {
    let one = BigUint::one();
    let fields = [
        (&one << 160u32) - (&one << 31u32) - 1u32,
        hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"),
        (&one << 521u32) - 1u32,
    ];
    let mut rng = Rng(6);
    for q in &fields {
        for k in [2usize, 3, 5] {
            for _ in 0..5 {
                let alpha = rng.below(q);
                let a: Vec<BigUint> = (0..k).map(|_| rng.below(q)).collect();
                let b: Vec<BigUint> = (0..k).map(|_| rng.below(q)).collect();
                check(q, k, &alpha, &a, &b);
            }
        }
    }
}

#[test]
fn short_and_unreduced_operands() {
    let q = hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff");
    let k = 5;
    let alpha = BigUint::from(7u32);
    // Fewer than k coefficients: the missing ones are zero.
    let a = vec![BigUint::from(3u32), BigUint::one()];
    let b = vec![&q + 5u32, BigUint::zero(), q.clone(), BigUint::from(9u32)];
    let pad = |v: &[BigUint]| {
        let mut v = v.to_vec();
        v.resize(k, BigUint::zero());
        v
    };
    let want = schoolbook(&q, k, &alpha, &pad(&a), &pad(&b));
    let aw: Vec<Vec<u64>> = a.iter().map(BigUint::to_u64_digits).collect();
    let bw: Vec<Vec<u64>> = b.iter().map(BigUint::to_u64_digits).collect();
    for (name, f) in MULS {
        match f(&q.to_u64_digits(), k, &alpha.to_u64_digits(), &aw, &bw) {
            Err(PeerError::Unavailable(p)) => eprintln!("skipping: peer {p} unavailable"),
            r => {
                let got: Vec<BigUint> = r.unwrap().iter().map(|c| big(c)).collect();
                assert_eq!(got, want, "{name}");
            }
        }
    }
}

#[test]
fn rejects_bad_parameters() {
    let q = vec![101u64];
    let six: Vec<Vec<u64>> = (1..=6).map(|i| vec![i]).collect();
    let wide = vec![vec![1u64, 1]];
    for (name, f) in MULS {
        for (qq, k, a) in [
            (&q, 5, &six),           // more coefficients than k
            (&q, 0, &vec![]),        // k = 0
            (&vec![91], 5, &vec![]), // 91 = 7·13
            (&vec![100], 5, &vec![]),
            (&q, 5, &wide), // coefficient wider than q
        ] {
            let r = f(qq, k, &[2], a, &[]);
            if matches!(r, Err(PeerError::Unavailable(_))) {
                continue;
            }
            assert!(
                matches!(r, Err(PeerError::InvalidInput(_))),
                "{name} q={qq:?} k={k}: {r:?}"
            );
        }
    }
}

#[test]
fn timing_helpers_return_positive_times() {
    let q = hex("ffffffff00000001000000000000000000000000ffffffffffffffffffffffff");
    let qw = q.to_u64_digits();
    let a: Vec<Vec<u64>> = (1..=5u64).map(|i| vec![i, i, i, i]).collect();
    for r in [
        flint::fq_mul_ns(&qw, 5, &[2], &a, &a, 10),
        pari::fpxq_mul_ns(&qw, 5, &[2], &a, &a, 10),
    ] {
        match r {
            Err(PeerError::Unavailable(p)) => eprintln!("skipping: peer {p} unavailable"),
            r => {
                let ns = r.unwrap();
                assert!(ns > 0.0 && ns.is_finite());
            }
        }
    }
}
