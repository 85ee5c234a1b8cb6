//! The group law in affine coordinates, with every exceptional case.
//!
//! Source: Hankerson–Menezes–Vanstone, *Guide to ECC*, §3.1.2 (group law for
//! non-supersingular binary curves); EFD `g12o/shortw` affine formulas.
//!
//! | operation | formula | cost |
//! |---|---|---|
//! | −P | (x, x + y) | 1A |
//! | P + Q, x₁ ≠ x₂ | λ = (y₁ + y₂)/(x₁ + x₂), x₃ = λ² + λ + x₁ + x₂ + a, y₃ = λ(x₁ + x₃) + x₃ + y₁ | 1I + 1M + 1S (+1M: the division) = I + 2M + S |
//! | 2P, x ≠ 0 | λ = x + y/x, x₃ = λ² + λ + a, y₃ = x² + (λ + 1)x₃ | I + 2M + 2S |
//!
//! Exceptional cases, handled by branches (so these functions are variable-time):
//! O is the identity; P + (−P) = O; P + P is a doubling; 2·(0, √b) = O.

use super::curve::{AffinePoint, BinaryCurve};
use crate::binary::field::BinaryFieldOps;
use crate::field::Field;

type Point<F> = AffinePoint<<F as Field>::Elem>;

impl<F: BinaryFieldOps> BinaryCurve<F> {
    /// −P = (x, x + y).
    pub fn neg(&self, p: &Point<F>) -> Point<F> {
        match p {
            AffinePoint::Infinity => AffinePoint::Infinity,
            AffinePoint::Finite { x, y } => AffinePoint::Finite {
                x: x.clone(),
                y: self.field.add(x, y),
            },
        }
    }

    /// P + Q in affine coordinates (one inversion). Variable-time.
    pub fn add_vartime(&self, p: &Point<F>, q: &Point<F>) -> Point<F> {
        let f = &self.field;
        let (x1, y1, x2, y2) = match (p, q) {
            (AffinePoint::Infinity, _) => return q.clone(),
            (_, AffinePoint::Infinity) => return p.clone(),
            (AffinePoint::Finite { x: x1, y: y1 }, AffinePoint::Finite { x: x2, y: y2 }) => {
                (x1, y1, x2, y2)
            }
        };
        let dx = f.add(x1, x2);
        let Some(inv) = f.inv(&dx) else {
            // x1 = x2: Q = P or Q = −P = (x, x + y).
            return if y1 == y2 && !f.is_zero(x1) {
                self.double_vartime(p)
            } else {
                AffinePoint::Infinity
            };
        };
        let dy = f.add(y1, y2);
        let lambda = f.mul(&dy, &inv);
        let x3 = self.add_a(&f.add(&f.add(&f.sqr(&lambda), &lambda), &dx));
        let y3 = f.add(&f.add(&f.mul(&lambda, &f.add(x1, &x3)), &x3), y1);
        AffinePoint::Finite { x: x3, y: y3 }
    }

    /// P − Q. Variable-time.
    pub fn sub_vartime(&self, p: &Point<F>, q: &Point<F>) -> Point<F> {
        self.add_vartime(p, &self.neg(q))
    }

    /// 2P in affine coordinates (one inversion). Variable-time.
    pub fn double_vartime(&self, p: &Point<F>) -> Point<F> {
        let f = &self.field;
        let AffinePoint::Finite { x, y } = p else {
            return AffinePoint::Infinity;
        };
        // x = 0: the point of order 2.
        let Some(inv) = f.inv(x) else {
            return AffinePoint::Infinity;
        };
        let lambda = f.add(x, &f.mul(y, &inv));
        let x3 = self.add_a(&f.add(&f.sqr(&lambda), &lambda));
        let y3 = f.add(&f.sqr(x), &f.mul(&f.add(&lambda, &f.one()), &x3));
        AffinePoint::Finite { x: x3, y: y3 }
    }
}
