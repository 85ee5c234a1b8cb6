//! The x-only Montgomery ladder in López–Dahab coordinates, constant-time in the
//! scalar; y recovered at the end.
//!
//! Source: López–Dahab, *Fast multiplication on elliptic curves over GF(2^m) without
//! precomputation*, CHES 1999 (Mxy: HMV Algorithm 3.40); Montgomery 1987.
//!
//! The ladder keeps R₀ = kP and R₁ = (k + 1)P as (X : Z) with x = X/Z, starting from
//! R₀ = O = (1 : 0), R₁ = P = (x : 1), so leading zero bits cost the same as ones and
//! every scalar below 2^bits(n) takes exactly bits(n) steps. Per bit, after a
//! conditional swap by masks:
//! * differential addition R₁ ← R₀ + R₁: T₁ = X₀Z₁, T₂ = X₁Z₀, Z = (T₁ + T₂)²,
//!   X = x·Z + T₁T₂ (4M + 1S);
//! * doubling R₀ ← 2R₀: Z = X₀²Z₀², X = (X₀² + √b·Z₀²)² (2M + 3S; 1M + 3S when b = 1).
//!
//! **6M + 4S per bit** (5M + 4S when b = 1). Recovering y: 1I + 10M + 1S (Mxy). The
//! formulas hold whenever x(P) ≠ 0, including the steps where R₀ or R₁ is O or a point
//! of order 2 or 4 (so low-order public keys, under partial validation, give the
//! right answer); P = (0, √b) is handled before the ladder. No branch and no memory
//! address depends on the scalar; [`BinaryCurve::mul_ladder`] reveals only whether kP
//! is O, which is part of its output.

use super::curve::{AffinePoint, BinaryCurve};
use super::scalar::Scalar;
use crate::binary::field::BinaryFieldOps;
use crate::field::Choice;

/// The ladder's final state: (X₀ : Z₀) = kP and (X₁ : Z₁) = (k + 1)P.
pub(crate) struct LadderState<E> {
    pub(crate) x0: E,
    pub(crate) z0: E,
    pub(crate) x1: E,
    pub(crate) z1: E,
}

impl<F: BinaryFieldOps> BinaryCurve<F> {
    /// The ladder on x(P) = `x` ≠ 0 over the low `bits` bits of `k`.
    pub(crate) fn ladder_xz(&self, k: &[u64], bits: usize, x: &F::Elem) -> LadderState<F::Elem> {
        let f = &self.field;
        let mut x0 = f.one();
        let mut z0 = f.zero();
        let mut x1 = x.clone();
        let mut z1 = f.one();
        let mut prev = 0u64;
        for i in (0..bits).rev() {
            let bit = k.get(i / 64).map_or(0, |w| (w >> (i % 64)) & 1);
            let swap = Choice::from((bit ^ prev) as u8);
            f.cswap(&mut x0, &mut x1, swap);
            f.cswap(&mut z0, &mut z1, swap);
            prev = bit;
            let t1 = f.mul(&x0, &z1);
            let t2 = f.mul(&x1, &z0);
            z1 = f.sqr(&f.add(&t1, &t2));
            x1 = f.add(&f.mul(x, &z1), &f.mul(&t1, &t2));
            let xx = f.sqr(&x0);
            let zz = f.sqr(&z0);
            z0 = f.mul(&xx, &zz);
            x0 = f.sqr(&f.add(&xx, &self.mul_by_sqrt_b(&zz)));
        }
        let swap = Choice::from(prev as u8);
        f.cswap(&mut x0, &mut x1, swap);
        f.cswap(&mut z0, &mut z1, swap);
        LadderState { x0, z0, x1, z1 }
    }

    /// kP by the constant-time ladder (k < n, as every [`Scalar`] is). P is public: O
    /// and the point of order 2 are handled by branches on P.
    pub fn mul_ladder(&self, k: &Scalar, p: &AffinePoint<F::Elem>) -> AffinePoint<F::Elem> {
        let AffinePoint::Finite { x, y } = p else {
            return AffinePoint::Infinity;
        };
        if self.field.is_zero(x) {
            // P = (0, √b) has order 2: kP = P for odd k, O for even k (the output says
            // which).
            return if k.words()[0] & 1 == 1 {
                p.clone()
            } else {
                AffinePoint::Infinity
            };
        }
        let (rx, ry, infinity) = self.mul_ladder_ct(k, x, y);
        if bool::from(infinity) {
            AffinePoint::Infinity
        } else {
            AffinePoint::Finite { x: rx, y: ry }
        }
    }

    /// The branch-free core of [`BinaryCurve::mul_ladder`] for P = (x, y) with x ≠ 0:
    /// (x(kP), y(kP), whether kP = O), the coordinates meaningless in the last case.
    pub fn mul_ladder_ct(
        &self,
        k: &Scalar,
        x: &F::Elem,
        y: &F::Elem,
    ) -> (F::Elem, F::Elem, Choice) {
        let f = &self.field;
        let s = self.ladder_xz(k.words(), self.order_bits(), x);
        // Mxy: x_k = X₀/Z₀, y_k = (x + x_k)[(X₀ + xZ₀)(X₁ + xZ₁) + (x² + y)Z₀Z₁]/(xZ₀Z₁) + y.
        let zz = f.mul(&s.z0, &s.z1);
        let inv = f.inv_or_zero(&f.mul(x, &zz));
        let xz1 = f.mul(x, &s.z1);
        let z0_inv = f.mul(&xz1, &inv);
        let xk = f.mul(&s.x0, &z0_inv);
        let a = f.add(&s.x0, &f.mul(x, &s.z0));
        let b = f.add(&s.x1, &xz1);
        let num = f.add(&f.mul(&a, &b), &f.mul(&f.add(&f.sqr(x), y), &zz));
        let yk = f.add(&f.mul(&f.mul(&f.add(x, &xk), &num), &inv), y);
        // (k + 1)P = O: kP = −P = (x, x + y).
        let z1_zero = f.ct_is_zero(&s.z1);
        let rx = f.select(&xk, x, z1_zero);
        let ry = f.select(&yk, &f.add(x, y), z1_zero);
        (rx, ry, f.ct_is_zero(&s.z0))
    }

    /// x(kP) by the constant-time ladder without recovering y (1I + 1M after the
    /// ladder), `None` when kP = O. For P = (0, √b), x(kP) = 0 for odd k.
    pub fn mul_ladder_x(&self, k: &Scalar, x: &F::Elem) -> Option<F::Elem> {
        let f = &self.field;
        if f.is_zero(x) {
            return (k.words()[0] & 1 == 1).then(|| f.zero());
        }
        let (xk, infinity) = self.mul_ladder_x_ct(k, x);
        (!bool::from(infinity)).then_some(xk)
    }

    /// The branch-free core of [`BinaryCurve::mul_ladder_x`] for x ≠ 0: (x(kP),
    /// whether kP = O).
    pub fn mul_ladder_x_ct(&self, k: &Scalar, x: &F::Elem) -> (F::Elem, Choice) {
        let f = &self.field;
        let s = self.ladder_xz(k.words(), self.order_bits(), x);
        let xk = f.mul(&s.x0, &f.inv_or_zero(&s.z0));
        (xk, f.ct_is_zero(&s.z0))
    }
}
