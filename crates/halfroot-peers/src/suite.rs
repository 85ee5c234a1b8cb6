//! The standard set of peer measurements behind `halfroot report --peers` (and the
//! `peer_timings` example): OpenSSL `BN_GF2m_*` at the five NIST binary fields, GMP
//! Legendre and Tonelli–Shanks, FLINT/PARI square roots modulo secp160r1's p, P-256's p
//! and a 256-bit prime of 2-adicity 32, and FLINT/PARI products in F_q\[X\]/(X^5 − α) for
//! 160-, 256-, 512- and 1024-bit q.
//!
//! Inputs are pseudo-random but fixed (splitmix64 from a fixed seed), so repeated runs
//! time the same operands. Each figure is the median of [`crate::BATCHES`] batches whose
//! size is calibrated from a short first run to take about `batch_ns` nanoseconds.

use crate::openssl::{Gf2mOp, OpensslGf2m};
use crate::{flint, gmp, pari, PeerError, Result};
use num_bigint::BigUint;

/// One timing: which peer, which operation, in which field, and ns per call (or why not).
#[derive(Debug, Clone, PartialEq)]
pub struct Measurement {
    /// Peer library: `openssl`, `gmp`, `flint`, `pari`.
    pub peer: &'static str,
    /// Operation, e.g. `mul`, `solve_quad`, `legendre`, `tonelli_shanks`, `fmpz_sqrtmod`,
    /// `Fp_sqrt`, `fq_mul`, `FpXQ_mul`.
    pub op: &'static str,
    /// Field, e.g. `GF(2^163)`, `F_p P-256`, `F_q^5 q=256-bit`.
    pub field: String,
    /// Median ns per call, or the error (unavailable peer, unsupported operation).
    pub ns: Result<f64>,
}

/// NIST FIPS 186 reduction polynomials of B/K-163, -233, -283, -409, -571 (exponents).
pub const NIST_BINARY: [&[u32]; 5] = [
    &[163, 7, 6, 3, 0],
    &[233, 74, 0],
    &[283, 12, 7, 5, 0],
    &[409, 87, 0],
    &[571, 10, 5, 2, 0],
];

/// 2^e + c as little-endian words (c < 2^64, e ≥ 64).
fn pow2_plus(e: u32, c: u64) -> Vec<u64> {
    let mut w = vec![0u64; e as usize / 64 + 1];
    w[0] = c;
    w[e as usize / 64] |= 1u64 << (e % 64);
    w
}

/// The prime moduli timed for square roots: (label, p as little-endian words).
///
/// * `secp160r1` p = 2^160 − 2^31 − 1 (p ≡ 3 mod 4);
/// * `P-256` p = 2^256 − 2^224 + 2^192 + 2^96 − 1 (p ≡ 3 mod 4);
/// * `2-adicity 32` p = 2^255 + 137·2^32 + 1, the least prime 2^255 + c·2^32 + 1 (c odd).
pub fn prime_cases() -> Vec<(&'static str, Vec<u64>)> {
    let mut p2a32 = pow2_plus(255, 1);
    p2a32[0] |= 137 << 32;
    vec![
        (
            "secp160r1",
            vec![0xffff_ffff_7fff_ffff, u64::MAX, 0xffff_ffff],
        ),
        (
            "P-256",
            vec![u64::MAX, 0xffff_ffff, 0, 0xffff_ffff_0000_0001],
        ),
        ("2-adicity 32", p2a32),
    ]
}

/// The F_q^5 = F_q\[X\]/(X^5 − α) cases: (bits, q, α), with q the least prime
/// ≥ 2^(bits−1) + 1 such that q ≡ 1 (mod 5), and α the least integer ≥ 2 that is not a
/// fifth power mod q, so that X^5 − α is irreducible.
pub fn fq5_cases() -> Vec<(u32, Vec<u64>, u64)> {
    [
        (160, 663, 2),
        (256, 333, 3),
        (512, 1863, 2),
        (1024, 1493, 3),
    ]
    .into_iter()
    .map(|(bits, c, alpha)| (bits, pow2_plus(bits - 1, c), alpha))
    .collect()
}

/// Deterministic splitmix64 stream for operands.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A pseudo-random residue below `p` (p ≠ 0).
    fn below(&mut self, p: &BigUint) -> BigUint {
        let words: Vec<u64> = (0..p.to_u64_digits().len() + 1)
            .map(|_| self.next())
            .collect();
        let digits: Vec<u32> = words
            .iter()
            .flat_map(|&w| [w as u32, (w >> 32) as u32])
            .collect();
        BigUint::new(digits) % p
    }

    /// A pseudo-random element of GF(2^m).
    fn element(&mut self, m: u32) -> Vec<u64> {
        let words = m.div_ceil(64) as usize;
        let mut v: Vec<u64> = (0..words).map(|_| self.next()).collect();
        if let Some(top) = v.last_mut() {
            if !m.is_multiple_of(64) {
                *top &= (1u64 << (m % 64)) - 1;
            }
        }
        v
    }
}

fn to_big(w: &[u64]) -> BigUint {
    BigUint::new(
        w.iter()
            .flat_map(|&x| [x as u32, (x >> 32) as u32])
            .collect(),
    )
}

/// Calibrates a batch size from a run of 8 calls, then measures.
fn timed(batch_ns: f64, f: impl Fn(u64) -> Result<f64>) -> Result<f64> {
    let first = f(8)?;
    let iters = (batch_ns / first.max(1.0)).clamp(8.0, 10_000_000.0) as u64;
    f(iters)
}

/// Runs every measurement of the suite with batches of about `batch_ns` ns (20e6 gives
/// stable figures in a few seconds; tests use much less).
pub fn run(batch_ns: f64) -> Vec<Measurement> {
    let mut out = Vec::new();
    let mut rng = SplitMix(2026);
    for exps in NIST_BINARY {
        let m = exps[0];
        let field = format!("GF(2^{m})");
        let f = match OpensslGf2m::new(exps) {
            Ok(f) => f,
            Err(e) => {
                for op in Gf2mOp::ALL {
                    out.push(Measurement {
                        peer: "openssl",
                        op: op.name(),
                        field: field.clone(),
                        ns: Err(e.clone()),
                    });
                }
                continue;
            }
        };
        let (a, b, z) = (rng.element(m), rng.element(m), rng.element(m));
        // A trace-zero input for solve_quad: z^2 + z.
        let q = f.sqr(&z).and_then(|z2| f.add(&z2, &z));
        for op in Gf2mOp::ALL {
            let ns = match (&q, op) {
                (Ok(q), Gf2mOp::SolveQuad) => timed(batch_ns, |n| f.bench_ns(op, q, &b, n)),
                (Err(e), Gf2mOp::SolveQuad) => Err(e.clone()),
                _ => timed(batch_ns, |n| f.bench_ns(op, &a, &b, n)),
            };
            out.push(Measurement {
                peer: "openssl",
                op: op.name(),
                field: field.clone(),
                ns,
            });
        }
    }
    for (label, pw) in prime_cases() {
        let p = to_big(&pw);
        let r = rng.below(&p);
        let a = ((&r * &r) % &p).to_u64_digits();
        let field = format!("F_p {label}");
        let cases: [(&'static str, &'static str, Result<f64>); 4] = [
            (
                "gmp",
                "legendre",
                timed(batch_ns, |n| gmp::legendre_ns(&a, &pw, n)),
            ),
            (
                "gmp",
                "tonelli_shanks",
                timed(batch_ns, |n| gmp::tonelli_shanks_ns(&a, &pw, n)),
            ),
            (
                "flint",
                "fmpz_sqrtmod",
                timed(batch_ns, |n| flint::sqrtmod_ns(&a, &pw, n)),
            ),
            (
                "pari",
                "Fp_sqrt",
                timed(batch_ns, |n| pari::fp_sqrt_ns(&a, &pw, n)),
            ),
        ];
        for (peer, op, ns) in cases {
            out.push(Measurement {
                peer,
                op,
                field: field.clone(),
                ns,
            });
        }
    }
    for (bits, qw, alpha) in fq5_cases() {
        let q = to_big(&qw);
        let mut elem = || {
            (0..5)
                .map(|_| rng.below(&q).to_u64_digits())
                .collect::<Vec<_>>()
        };
        let (a, b) = (elem(), elem());
        let field = format!("F_q^5 q={bits}-bit");
        let al = [alpha];
        out.push(Measurement {
            peer: "flint",
            op: "fq_mul",
            field: field.clone(),
            ns: timed(batch_ns, |n| flint::fq_mul_ns(&qw, 5, &al, &a, &b, n)),
        });
        out.push(Measurement {
            peer: "pari",
            op: "FpXQ_mul",
            field,
            ns: timed(batch_ns, |n| pari::fpxq_mul_ns(&qw, 5, &al, &a, &b, n)),
        });
    }
    out
}

/// `true` when the measurement failed only because its peer is absent or lacks the op.
pub fn is_expected_gap(m: &Measurement) -> bool {
    matches!(
        m.ns,
        Err(PeerError::Unavailable(_) | PeerError::Unsupported { .. })
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Zero;

    #[test]
    fn pow2_plus_places_the_top_bit() {
        assert_eq!(pow2_plus(64, 5), vec![5, 1]);
        assert_eq!(pow2_plus(159, 663), vec![663, 0, 1 << 31]);
        assert!(to_big(&[]).is_zero());
    }
}
