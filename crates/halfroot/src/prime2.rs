//! GF(p²) = GF(p)\[w\]/(w² − c) over any prime field, with QR tests and square roots.
//!
//! Source: Wang–Nogami–Morikawa (2005), Appendix C (OEF arithmetic: Karatsuba
//! multiplication, Eq. A.12) and §4.1 (the split `(p² − 1)/2 = 2^T s` with
//! `T = T1 + T2`, Eq. 19); Adj & Rodríguez-Henríquez, "Square root computation over
//! even extension fields", IACR ePrint 2012/685 (the complex method).
//! Cost: `mul` 3M + 6A (Karatsuba, Eq. A.12; with `c = 3`, the `3C1` is one
//! `mul_small` counted as 1A — the paper's 1A + 1 shift); `sqr` 2M and a few A
//! ("complex" squaring). Over [`crate::prime::Fp`] with 1 or 2 limbs and room above p,
//! the sums that enter a product are not reduced ([`PrimeFieldOps::mul_lin2`]).
//! `inv` via the norm: 1I + 2S + 3M (incl. `c a1²`); `add`/`sub` 2A.
//! Preconditions: `c` a non-square modulo p ([`Fp2::new`] checks).
//! Constant-time: the arithmetic is as constant-time as the base field's (no
//! data-dependent branches); the square roots in [`sqrt`] are variable-time.

pub mod qr;
pub mod sqrt;

use crate::count::Counting;
use crate::error::{Error, Result};
use crate::field::Field;
use crate::prime::PrimeFieldOps;
use rand::RngCore;

/// An element `c0 + c1 w` of GF(p²).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fp2Elem<E> {
    /// The coefficient of 1.
    pub c0: E,
    /// The coefficient of `w`.
    pub c1: E,
}

/// How multiplication by `c` is done: a small constant (`mul_small`), minus a small
/// constant (`mul_small` + `neg`), or a general multiplication.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum NonresidueKind {
    Small(u64),
    NegSmall(u64),
    General,
}

/// GF(p²) = GF(p)\[w\]/(w² − c) for a non-square `c` of GF(p).
#[derive(Clone, Debug)]
pub struct Fp2<F: PrimeFieldOps> {
    base: F,
    c: F::Elem,
    kind: NonresidueKind,
}

impl<F: PrimeFieldOps> Fp2<F> {
    /// GF(p)\[w\]/(w² − c); an error naming `c` if `c` is zero or a square modulo p
    /// (then `w² − c` is reducible).
    pub fn new(base: F, c: F::Elem) -> Result<Self> {
        if base.legendre(&c) != -1 {
            return Err(Error::InvalidArgument {
                name: "c".into(),
                value: base.to_biguint(&c).to_string(),
                reason: format!(
                    "c is {} modulo p = {}, so w^2 - c is reducible",
                    if base.is_zero(&c) { "zero" } else { "a square" },
                    base.modulus()
                ),
            });
        }
        let mut kind = NonresidueKind::General;
        for k in 1..=8u64 {
            if base.from_u64(k) == c {
                kind = NonresidueKind::Small(k);
                break;
            }
            if base.neg(&base.from_u64(k)) == c {
                kind = NonresidueKind::NegSmall(k);
                break;
            }
        }
        Ok(Fp2 { base, c, kind })
    }

    /// GF(p)\[w\]/(w² − c) for a small `c` given as an integer (reduced mod p).
    pub fn with_nonresidue(base: F, c: u64) -> Result<Self> {
        let ce = base.from_u64(c);
        Self::new(base, ce)
    }

    /// GF(p)\[w\]/(w² − c) with `c = -1` when p ≡ 3 mod 4, else the smallest
    /// non-square `c = 2, 3, 5, ...`.
    pub fn with_default_nonresidue(base: F) -> Result<Self> {
        let m1 = base.neg(&base.one());
        if base.legendre(&m1) == -1 {
            return Self::new(base, m1);
        }
        let mut k = 2u64;
        loop {
            let ce = base.from_u64(k);
            if base.legendre(&ce) == -1 {
                return Self::new(base, ce);
            }
            k += 1;
            if k > 1_000_000 {
                return Err(Error::NotPrime {
                    name: "p".into(),
                    value: base.modulus().to_string(),
                    reason: "no small quadratic non-residue found".into(),
                });
            }
        }
    }

    /// The element `c0 + c1 w`.
    pub fn elem(&self, c0: F::Elem, c1: F::Elem) -> Fp2Elem<F::Elem> {
        Fp2Elem { c0, c1 }
    }

    /// `k·a` for `k` in 1…9 by [`PrimeFieldOps::mul_small`] with `k` a literal in each
    /// arm, so that the inlined call reduces to its few modular additions (with `k`
    /// only known at run time the call went through `mul_small`'s jump table and was
    /// not inlined: about a quarter of a GF(p²) squaring at 85 bits, perf).
    #[inline(always)]
    fn times_small(&self, a: &F::Elem, k: u64) -> F::Elem {
        let f = &self.base;
        match k {
            1 => a.clone(),
            2 => f.mul_small(a, 2),
            3 => f.mul_small(a, 3),
            4 => f.mul_small(a, 4),
            5 => f.mul_small(a, 5),
            6 => f.mul_small(a, 6),
            7 => f.mul_small(a, 7),
            8 => f.mul_small(a, 8),
            9 => f.mul_small(a, 9),
            _ => f.mul_small(a, k),
        }
    }
}

/// What the GF(p²) algorithms need from a quadratic extension: the base field and
/// `c`. Implemented by [`Fp2`] and by [`Counting`] of a quadratic extension (which
/// counts GF(p²) operations itself and leaves base-field operations to the base
/// field's own counter, if any).
pub trait QuadraticExtension: Field<Elem = Fp2Elem<<Self::Base as Field>::Elem>> {
    /// The base field GF(p).
    type Base: PrimeFieldOps;
    /// The base field.
    fn base(&self) -> &Self::Base;
    /// `c`, with `w² = c`.
    fn nonresidue(&self) -> &<Self::Base as Field>::Elem;
    /// `c · a` for `a` in GF(p) (1A for `c = ±1, ±2, ±3, ±4, ±8` (+1A for the sign),
    /// 2A for other small `c`, 1M otherwise).
    fn mul_by_nonresidue(&self, a: &<Self::Base as Field>::Elem) -> <Self::Base as Field>::Elem;
    /// The element `a` of GF(p) seen in GF(p²).
    fn embed(&self, a: &<Self::Base as Field>::Elem) -> Self::Elem {
        Fp2Elem {
            c0: a.clone(),
            c1: self.base().zero(),
        }
    }
    /// `Some(a0)` if `a = a0` lies in GF(p).
    fn to_base(&self, a: &Self::Elem) -> Option<<Self::Base as Field>::Elem> {
        if self.base().is_zero(&a.c1) {
            Some(a.c0.clone())
        } else {
            None
        }
    }
    /// `a · b` for `b` in GF(p): 2M of GF(p).
    fn mul_by_base(&self, a: &Self::Elem, b: &<Self::Base as Field>::Elem) -> Self::Elem {
        let f = self.base();
        Fp2Elem {
            c0: f.mul(&a.c0, b),
            c1: f.mul(&a.c1, b),
        }
    }
    /// The conjugate `a0 − a1 w`, which is also the Frobenius image `a^p`.
    fn conjugate(&self, a: &Self::Elem) -> Self::Elem {
        Fp2Elem {
            c0: a.c0.clone(),
            c1: self.base().neg(&a.c1),
        }
    }
    /// The Frobenius map `a ↦ a^p` (equal to [`QuadraticExtension::conjugate`]).
    fn frobenius(&self, a: &Self::Elem) -> Self::Elem {
        self.conjugate(a)
    }
    /// The norm `a · a^p = a0² − c a1²` in GF(p).
    fn norm(&self, a: &Self::Elem) -> <Self::Base as Field>::Elem {
        let f = self.base();
        f.sub(&f.sqr(&a.c0), &self.mul_by_nonresidue(&f.sqr(&a.c1)))
    }
}

impl<F: PrimeFieldOps> QuadraticExtension for Fp2<F> {
    type Base = F;
    fn base(&self) -> &F {
        &self.base
    }
    fn nonresidue(&self) -> &F::Elem {
        &self.c
    }
    #[inline(always)]
    fn mul_by_nonresidue(&self, a: &F::Elem) -> F::Elem {
        match self.kind {
            NonresidueKind::Small(k) => self.times_small(a, k),
            NonresidueKind::NegSmall(k) => self.base.neg(&self.times_small(a, k)),
            NonresidueKind::General => self.base.mul(a, &self.c),
        }
    }
}

impl<Q: QuadraticExtension> QuadraticExtension for Counting<Q> {
    type Base = Q::Base;
    fn base(&self) -> &Q::Base {
        self.inner().base()
    }
    fn nonresidue(&self) -> &<Q::Base as Field>::Elem {
        self.inner().nonresidue()
    }
    fn mul_by_nonresidue(&self, a: &<Q::Base as Field>::Elem) -> <Q::Base as Field>::Elem {
        self.inner().mul_by_nonresidue(a)
    }
}

impl<F: PrimeFieldOps> Field for Fp2<F> {
    type Elem = Fp2Elem<F::Elem>;
    fn zero(&self) -> Self::Elem {
        Fp2Elem {
            c0: self.base.zero(),
            c1: self.base.zero(),
        }
    }
    fn one(&self) -> Self::Elem {
        Fp2Elem {
            c0: self.base.one(),
            c1: self.base.zero(),
        }
    }
    fn add(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem {
        Fp2Elem {
            c0: self.base.add(&a.c0, &b.c0),
            c1: self.base.add(&a.c1, &b.c1),
        }
    }
    fn sub(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem {
        Fp2Elem {
            c0: self.base.sub(&a.c0, &b.c0),
            c1: self.base.sub(&a.c1, &b.c1),
        }
    }
    fn neg(&self, a: &Self::Elem) -> Self::Elem {
        Fp2Elem {
            c0: self.base.neg(&a.c0),
            c1: self.base.neg(&a.c1),
        }
    }
    /// Karatsuba (Eq. A.12): `C0 = a0 b0`, `C1 = a1 b1`, `C2 = (a0 + a1)(b0 + b1)`,
    /// `ab = (C0 + c C1) + (C2 − C1 − C0) w` — 3M + 6A for `c = 3`.
    /// `C2` by [`PrimeFieldOps::mul_lin2`] (unreduced sums where the base field has
    /// room), and `C2 − (C0 + C1)` so that the addition runs while `C2` is computed.
    fn mul(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem {
        let f = &self.base;
        let c0 = f.mul(&a.c0, &b.c0);
        let c1 = f.mul(&a.c1, &b.c1);
        let c2 = f.mul_lin2(&a.c0, &a.c1, 1, &b.c0, &b.c1, 1);
        let r0 = f.add(&c0, &self.mul_by_nonresidue(&c1));
        let r1 = f.sub(&c2, &f.add(&c0, &c1));
        Fp2Elem { c0: r0, c1: r1 }
    }
    /// Complex squaring: `v = a0 a1`, `r0 = (a0 + a1)(a0 + c a1) − (1 + c) v`,
    /// `r1 = 2v` — 2M. `(1 + c) v` is one small multiple for `c = 1 … 8` and
    /// `c = −1 … −8` (none for `c = −1`), computed while the second product runs, so
    /// the path through the products is one addition, one multiplication and one
    /// subtraction deep.
    /// `(a0 + a1)(a0 + c a1)` is one [`PrimeFieldOps::mul_lin2`] for small `±c`
    /// (`a0 − k a1` as `a0 + k (p − a1)`).
    fn sqr(&self, a: &Self::Elem) -> Self::Elem {
        let f = &self.base;
        let v = f.mul(&a.c0, &a.c1);
        let t = match self.kind {
            NonresidueKind::Small(k) => f.mul_lin2(&a.c0, &a.c1, 1, &a.c0, &a.c1, k),
            NonresidueKind::NegSmall(k) => f.mul_lin2(&a.c0, &a.c1, 1, &a.c0, &f.neg(&a.c1), k),
            NonresidueKind::General => f.mul(
                &f.add(&a.c0, &a.c1),
                &f.add(&a.c0, &self.mul_by_nonresidue(&a.c1)),
            ),
        };
        let r0 = match self.kind {
            NonresidueKind::Small(k) => f.sub(&t, &self.times_small(&v, k + 1)),
            NonresidueKind::NegSmall(1) => t,
            NonresidueKind::NegSmall(k) => f.add(&t, &self.times_small(&v, k - 1)),
            NonresidueKind::General => f.sub(&f.sub(&t, &v), &self.mul_by_nonresidue(&v)),
        };
        Fp2Elem {
            c0: r0,
            c1: f.add(&v, &v),
        }
    }
    /// `1/a = (a0 − a1 w) / N(a)`.
    fn inv(&self, a: &Self::Elem) -> Option<Self::Elem> {
        let f = &self.base;
        let n_inv = f.inv(&self.norm(a))?;
        Some(Fp2Elem {
            c0: f.mul(&a.c0, &n_inv),
            c1: f.neg(&f.mul(&a.c1, &n_inv)),
        })
    }
    fn is_zero(&self, a: &Self::Elem) -> bool {
        self.base.is_zero(&a.c0) && self.base.is_zero(&a.c1)
    }
    fn random(&self, rng: &mut dyn RngCore) -> Self::Elem {
        Fp2Elem {
            c0: self.base.random(rng),
            c1: self.base.random(rng),
        }
    }
    /// Sliding windows ([`crate::prime::qr::pow_sliding`]), variable time in `e`.
    fn pow_vartime(&self, a: &Self::Elem, e: &[u64]) -> Self::Elem {
        crate::prime::qr::pow_sliding(self, a, e)
    }
    fn ct_eq(&self, a: &Self::Elem, b: &Self::Elem) -> crate::field::Choice {
        self.base.ct_eq(&a.c0, &b.c0) & self.base.ct_eq(&a.c1, &b.c1)
    }
    fn select(&self, a: &Self::Elem, b: &Self::Elem, choice: crate::field::Choice) -> Self::Elem {
        Fp2Elem {
            c0: self.base.select(&a.c0, &b.c0, choice),
            c1: self.base.select(&a.c1, &b.c1, choice),
        }
    }
    fn encoded_len(&self) -> usize {
        2 * self.base.encoded_len()
    }
    /// `c1 ‖ c0` (see [`crate::field`]).
    fn encode(&self, a: &Self::Elem) -> Vec<u8> {
        crate::field::encode_coefficients(&self.base, &[a.c0.clone(), a.c1.clone()])
    }
    fn decode(&self, bytes: &[u8]) -> crate::error::Result<Self::Elem> {
        let mut c = crate::field::decode_coefficients(&self.base, bytes, 2)?;
        let c1 = c.pop();
        let c0 = c.pop();
        match (c0, c1) {
            (Some(c0), Some(c1)) => Ok(Fp2Elem { c0, c1 }),
            _ => Err(crate::error::Error::InvalidEncoding {
                what: "GF(p²) element".into(),
                reason: "two coefficients expected".into(),
            }),
        }
    }
}
