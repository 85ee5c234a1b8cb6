//! Quadratic-residue tests in GF(p²).
//!
//! Source: Wang–Nogami–Morikawa (2005) Eq. (1), Figs. 1–2 with `m = 2` (C.QR and
//! P.QR over GF(p²), exponent `(p² − 1)/2 = 2^T s`, costs Eqs. (5), (7) in GF(p²)
//! multiplications); and the norm criterion: `a` is a square in GF(p²) iff its norm
//! `N(a) = a^(p+1)` is a square in GF(p) (because `(p² − 1)/2 = (p + 1)(p − 1)/2`).
//! Cost: C.QR / P.QR as in [`crate::prime::qr`]; the norm test 2S + 1A (+`mul_by_c`)
//! and one GF(p) Legendre symbol.
//! Preconditions: a [`QuadraticExtension`]; the C.QR/P.QR variants take the
//! [`TwoAdic`] data of GF(p²) from [`two_adic`].
//! Constant-time: no.

use crate::error::{Error, Result};
use crate::field::Field;
use crate::prime::qr::{cqr, pqr, TwoAdic};
use crate::prime::PrimeFieldOps;
use crate::prime2::{Fp2Elem, QuadraticExtension};
use num_bigint::BigUint;

/// The Legendre-type symbol of `a` in GF(p²) via the norm: `1`, `-1` or `0`.
pub fn legendre_via_norm<Q: QuadraticExtension + ?Sized>(q: &Q, a: &Q::Elem) -> i8 {
    q.base().legendre(&q.norm(a))
}

/// The 2-adic data of GF(p²): `(p² − 1)/2 = 2^T s`, the first non-square among
/// `w, 1 + w, 2 + w, ...` (tested by the norm) and its powers `c_j`.
pub fn two_adic<Q: QuadraticExtension + ?Sized>(
    q: &Q,
) -> Result<TwoAdic<Fp2Elem<<Q::Base as Field>::Elem>>> {
    let f = q.base();
    let p = f.modulus();
    let half: BigUint = (p * p - 1u32) >> 1u32;
    for k in 0..10_000u64 {
        let cand = Fp2Elem {
            c0: f.from_u64(k),
            c1: f.one(),
        };
        if legendre_via_norm(q, &cand) == -1 {
            return TwoAdic::new(q, &half, cand);
        }
    }
    Err(Error::InvalidArgument {
        name: "p".into(),
        value: p.to_string(),
        reason: "no non-square of the form k + w found in GF(p^2)".into(),
    })
}

/// The QR tests for GF(p²).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fp2QrTest {
    /// Euler's criterion `a^((p²−1)/2)` by the binary method.
    Cqr,
    /// The proposed test of Fig. 2 over GF(p²).
    Pqr,
    /// The Legendre symbol of the norm in GF(p).
    Norm,
}

impl Fp2QrTest {
    /// Every test.
    pub const ALL: [Fp2QrTest; 3] = [Fp2QrTest::Cqr, Fp2QrTest::Pqr, Fp2QrTest::Norm];

    /// `"cqr"`, `"pqr"` or `"norm"`.
    pub fn name(self) -> &'static str {
        match self {
            Fp2QrTest::Cqr => "cqr",
            Fp2QrTest::Pqr => "pqr",
            Fp2QrTest::Norm => "norm",
        }
    }

    /// The default test: the norm map to GF(p) and its Legendre symbol.
    pub const AUTO: Fp2QrTest = Fp2QrTest::Norm;

    /// The test a user named: `auto` ([`Fp2QrTest::AUTO`]) or any spelling of a name;
    /// [`Error::UnknownAlgorithm`] otherwise.
    pub fn choose(name: &str) -> Result<Fp2QrTest> {
        Ok(crate::algorithm::parse_or_auto(name)?.unwrap_or(Fp2QrTest::AUTO))
    }

    /// Runs the test: `1`, `-1` or `0`.
    pub fn run<Q: QuadraticExtension + ?Sized>(
        self,
        q: &Q,
        tw: &TwoAdic<Q::Elem>,
        a: &Q::Elem,
    ) -> i8 {
        match self {
            Fp2QrTest::Cqr => cqr(q, tw, a),
            Fp2QrTest::Pqr => pqr(q, tw, a).residue,
            Fp2QrTest::Norm => legendre_via_norm(q, a),
        }
    }
}

crate::algorithm::named_algorithm!(Fp2QrTest, "GF(p^2) QR test", display);
