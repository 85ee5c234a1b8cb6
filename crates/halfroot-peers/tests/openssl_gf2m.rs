//! OpenSSL `BN_GF2m_*` wrappers checked against a naive bit-serial GF(2^m) arithmetic
//! written here (shift-and-add multiplication with reduction one bit at a time), on the
//! five NIST binary-field polynomials. Skips with a note when OpenSSL is unavailable.
#![allow(clippy::unwrap_used)]

use halfroot_peers::openssl::{Gf2mOp, OpensslGf2m};
use halfroot_peers::PeerError;

/// NIST FIPS 186 reduction polynomials for B/K-163 … B/K-571.
const NIST: [&[u32]; 5] = [
    &[163, 7, 6, 3, 0],
    &[233, 74, 0],
    &[283, 12, 7, 5, 0],
    &[409, 87, 0],
    &[571, 10, 5, 2, 0],
];

fn field(exps: &[u32]) -> Option<OpensslGf2m> {
    match OpensslGf2m::new(exps) {
        Ok(f) => Some(f),
        Err(PeerError::Unavailable(p)) => {
            eprintln!("skipping: peer {p} unavailable in this build");
            None
        }
        Err(e) => panic!("{e}"),
    }
}

/// Deterministic splitmix64 stream.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn element(&mut self, m: u32) -> Vec<u64> {
        let words = m.div_ceil(64) as usize;
        let mut v: Vec<u64> = (0..words).map(|_| self.next()).collect();
        let top = m % 64;
        if top != 0 {
            v[words - 1] &= (1u64 << top) - 1;
        }
        v
    }
}

fn bit(a: &[u64], i: u32) -> bool {
    (a[(i / 64) as usize] >> (i % 64)) & 1 == 1
}

fn flip(a: &mut [u64], i: u32) {
    a[(i / 64) as usize] ^= 1u64 << (i % 64);
}

/// a·x mod f, bit by bit. `a` has ⌈(m+1)/64⌉ words of room.
fn times_x(a: &mut [u64], exps: &[u32]) {
    let mut carry = 0u64;
    for w in a.iter_mut() {
        let next = *w >> 63;
        *w = (*w << 1) | carry;
        carry = next;
    }
    let m = exps[0];
    if bit(a, m) {
        for &e in exps {
            flip(a, e);
        }
    }
}

/// Naive a·b mod f: Horner over the bits of b from the top.
fn naive_mul(a: &[u64], b: &[u64], exps: &[u32]) -> Vec<u64> {
    let m = exps[0];
    let room = (m as usize + 1).div_ceil(64);
    let mut r = vec![0u64; room];
    for i in (0..m).rev() {
        times_x(&mut r, exps);
        if bit(b, i) {
            for (x, y) in r.iter_mut().zip(a) {
                *x ^= y;
            }
        }
    }
    r.truncate(m.div_ceil(64) as usize);
    r
}

fn one(m: u32) -> Vec<u64> {
    let mut v = vec![0u64; m.div_ceil(64) as usize];
    v[0] = 1;
    v
}

/// Tr(a) = Σ a^(2^i), naively.
fn naive_trace(a: &[u64], exps: &[u32]) -> bool {
    let mut t = a.to_vec();
    let mut s = a.to_vec();
    for _ in 1..exps[0] {
        s = naive_mul(&s, &s, exps);
        for (x, y) in t.iter_mut().zip(&s) {
            *x ^= y;
        }
    }
    assert!(
        t[1..].iter().all(|&w| w == 0) && t[0] <= 1,
        "trace not in F_2"
    );
    t[0] == 1
}

#[test]
fn naive_reference_matches_known_identity() {
    // Self-check of the oracle: x^(m-1) · x = x^m ≡ f − x^m.
    for exps in NIST {
        let m = exps[0];
        let mut a = vec![0u64; m.div_ceil(64) as usize];
        flip(&mut a, m - 1);
        let mut x = vec![0u64; a.len()];
        flip(&mut x, 1);
        let mut want = vec![0u64; a.len()];
        for &e in &exps[1..] {
            flip(&mut want, e);
        }
        assert_eq!(naive_mul(&a, &x, exps), want);
    }
}

#[test]
fn mul_sqr_add_match_naive() {
    let mut rng = Rng(1);
    for exps in NIST {
        let Some(f) = field(exps) else { return };
        let m = exps[0];
        for _ in 0..40 {
            let (a, b) = (rng.element(m), rng.element(m));
            assert_eq!(f.mul(&a, &b).unwrap(), naive_mul(&a, &b, exps), "mul m={m}");
            assert_eq!(f.sqr(&a).unwrap(), naive_mul(&a, &a, exps), "sqr m={m}");
            let sum: Vec<u64> = a.iter().zip(&b).map(|(x, y)| x ^ y).collect();
            assert_eq!(f.add(&a, &b).unwrap(), sum, "add m={m}");
        }
        assert_eq!(f.mul(&[], &[]).unwrap(), vec![0; f.words()]);
    }
}

#[test]
fn sqrt_squares_back_and_inv_is_inverse() {
    let mut rng = Rng(2);
    for exps in NIST {
        let Some(f) = field(exps) else { return };
        let m = exps[0];
        for _ in 0..10 {
            let a = rng.element(m);
            let r = f.sqrt(&a).unwrap();
            assert_eq!(naive_mul(&r, &r, exps), a, "sqrt m={m}");
            let i = f.inv(&a).unwrap().expect("nonzero has an inverse");
            assert_eq!(naive_mul(&a, &i, exps), one(m), "inv m={m}");
        }
        assert_eq!(f.inv(&[0]).unwrap(), None, "inverse of zero");
    }
}

#[test]
fn solve_quad_root_satisfies_equation() {
    let mut rng = Rng(3);
    for exps in NIST {
        let Some(f) = field(exps) else { return };
        let m = exps[0];
        let (mut seen_some, mut seen_none) = (false, false);
        for _ in 0..6 {
            let a = rng.element(m);
            let trace_one = naive_trace(&a, exps);
            match f.solve_quad(&a).unwrap() {
                Some(z) => {
                    assert!(!trace_one, "root found although Tr(a) = 1, m={m}");
                    let z2: Vec<u64> = naive_mul(&z, &z, exps);
                    let lhs: Vec<u64> = z2.iter().zip(&z).map(|(x, y)| x ^ y).collect();
                    assert_eq!(lhs, a, "z^2 + z = a, m={m}");
                    seen_some = true;
                }
                None => {
                    assert!(trace_one, "no root although Tr(a) = 0, m={m}");
                    seen_none = true;
                }
            }
        }
        // Make sure both outcomes are exercised: a + 1 flips the trace (m odd).
        if !(seen_some && seen_none) {
            let a = rng.element(m);
            let mut b = a.clone();
            b[0] ^= 1;
            assert_ne!(
                f.solve_quad(&a).unwrap().is_some(),
                f.solve_quad(&b).unwrap().is_some()
            );
        }
    }
}

#[test]
fn rejects_malformed_input() {
    let Some(f) = field(NIST[0]) else { return };
    let mut wide = vec![0u64; 3];
    flip(&mut wide, 163);
    assert!(matches!(
        f.mul(&wide, &[1]),
        Err(PeerError::InvalidInput(_))
    ));
    for bad in [&[163u32, 7, 6, 3][..], &[3, 7, 0], &[], &[1, 0], &[5, 5, 0]] {
        assert!(
            matches!(OpensslGf2m::new(bad), Err(PeerError::InvalidInput(_))),
            "{bad:?}"
        );
    }
}

#[test]
fn bench_ns_times_every_offered_op() {
    let Some(f) = field(NIST[0]) else { return };
    let mut rng = Rng(4);
    let (a, b) = (rng.element(163), rng.element(163));
    // A trace-zero input for solve_quad: z^2 + z for a random z.
    let z = rng.element(163);
    let q: Vec<u64> = naive_mul(&z, &z, NIST[0])
        .iter()
        .zip(&z)
        .map(|(x, y)| x ^ y)
        .collect();
    for op in Gf2mOp::ALL {
        let input = if op == Gf2mOp::SolveQuad { &q } else { &a };
        match f.bench_ns(op, input, &b, 10) {
            Ok(ns) => assert!(ns > 0.0 && ns.is_finite(), "{op:?}: {ns}"),
            Err(e) => {
                assert_eq!(op, Gf2mOp::Trace, "{op:?}: {e}");
                assert!(matches!(e, PeerError::Unsupported { .. }));
            }
        }
    }
    assert!(matches!(
        f.bench_ns(Gf2mOp::Inv, &[], &[], 10),
        Err(PeerError::InvalidInput(_))
    ));
}
