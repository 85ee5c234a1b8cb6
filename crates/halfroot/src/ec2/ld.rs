//! López–Dahab projective coordinates: (X : Y : Z) ↦ (X/Z, Y/Z²), O = (1 : 0 : 0)
//! (any Z = 0).
//!
//! Sources: López–Dahab, *Improved algorithms for elliptic curve arithmetic in GF(2^n)*,
//! SAC 1998 (doubling); Al-Daoud–Mahmod–Rushdan–Kilicman, IEEE TC 2002, and HMV
//! Algorithm 3.25 (mixed addition); EFD `g12o/shortw/lopez-dahab` (`dbl-2005-l`,
//! `madd-2005-dl`, `add-2005-dl`). The formulas below were re-derived from the affine
//! law and are checked against it by the tests.
//!
//! | operation | formula | cost (a ∈ {0, 1}) |
//! |---|---|---|
//! | [`double`](BinaryCurve::ld_double) | Z₃ = X₁²Z₁², X₃ = X₁⁴ + bZ₁⁴, Y₃ = bZ₁⁴·Z₃ + X₃(aZ₃ + Y₁² + bZ₁⁴) | 4M + 5S (3M + 5S when b = 1) |
//! | [`add_mixed_vartime`](BinaryCurve::ld_add_mixed_vartime) (LD + affine) | A = Y₁ + y₂Z₁², B = X₁ + x₂Z₁, C = Z₁B, Z₃ = C², X₃ = A² + C(A + B² + aC), Y₃ = (X₃ + x₂Z₃)(AC + Z₃) + (x₂ + y₂)Z₃² | 8M + 5S |
//! | [`add_vartime`](BinaryCurve::ld_add_vartime) (LD + LD) | A = Y₁Z₂² + Y₂Z₁², B = X₁Z₂ + X₂Z₁, G = Z₁Z₂, C = BG, Z₃ = C², X₃ = A² + C(A + B² + aC), Y₃ = AC(E + X₃) + X₃Z₃ + Y₁Z₂²(GB²)² with E = X₁Z₂·GB² | 13M + 6S |
//!
//! General a adds 1M to each addition and to the doubling. The doubling is complete
//! (O and the 2-torsion point give O with no branch) and constant-time. The additions
//! branch on their exceptional cases (an operand O, P = Q, P = −Q), so they are
//! variable-time.

use super::curve::{AffinePoint, BinaryCurve};
use crate::binary::field::BinaryFieldOps;

/// A point in López–Dahab coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LdPoint<E> {
    /// X.
    pub x: E,
    /// Y.
    pub y: E,
    /// Z (zero for O).
    pub z: E,
}

impl<F: BinaryFieldOps> BinaryCurve<F> {
    /// O in López–Dahab coordinates, (1 : 0 : 0).
    pub fn ld_infinity(&self) -> LdPoint<F::Elem> {
        LdPoint {
            x: self.field.one(),
            y: self.field.zero(),
            z: self.field.zero(),
        }
    }

    /// The affine point as (x : y : 1).
    pub fn ld_from_affine(&self, p: &AffinePoint<F::Elem>) -> LdPoint<F::Elem> {
        match p {
            AffinePoint::Infinity => self.ld_infinity(),
            AffinePoint::Finite { x, y } => LdPoint {
                x: x.clone(),
                y: y.clone(),
                z: self.field.one(),
            },
        }
    }

    /// The affine point (X/Z, Y/Z²): 1I + 2M + 1S.
    pub fn ld_to_affine(&self, p: &LdPoint<F::Elem>) -> AffinePoint<F::Elem> {
        let f = &self.field;
        match f.inv(&p.z) {
            None => AffinePoint::Infinity,
            Some(zi) => AffinePoint::Finite {
                x: f.mul(&p.x, &zi),
                y: f.mul(&p.y, &f.sqr(&zi)),
            },
        }
    }

    /// Several points to affine with one inversion (Montgomery's simultaneous
    /// inversion through [`Field::inv_many`](crate::field::Field::inv_many)): 1I + (3 + 2)M + 1S per point.
    pub fn ld_to_affine_many(&self, points: &[LdPoint<F::Elem>]) -> Vec<AffinePoint<F::Elem>> {
        let f = &self.field;
        let zs: Vec<F::Elem> = points.iter().map(|p| p.z.clone()).collect();
        let mut inv = vec![f.zero(); zs.len()];
        // Equal lengths by construction: the only error `inv_many` reports.
        let _ = f.inv_many(&zs, &mut inv);
        points
            .iter()
            .zip(&inv)
            .map(|(p, zi)| {
                if f.is_zero(&p.z) {
                    AffinePoint::Infinity
                } else {
                    AffinePoint::Finite {
                        x: f.mul(&p.x, zi),
                        y: f.mul(&p.y, &f.sqr(zi)),
                    }
                }
            })
            .collect()
    }

    /// 2P (4M + 5S; complete and constant-time).
    pub fn ld_double(&self, p: &LdPoint<F::Elem>) -> LdPoint<F::Elem> {
        let f = &self.field;
        let x2 = f.sqr(&p.x);
        let z2 = f.sqr(&p.z);
        let z3 = f.mul(&x2, &z2);
        let bz4 = self.mul_by_b(&f.sqr(&z2));
        let x3 = f.add(&f.sqr(&x2), &bz4);
        let inner = f.add(&f.add(&self.mul_by_a(&z3), &f.sqr(&p.y)), &bz4);
        let y3 = f.add(&f.mul(&bz4, &z3), &f.mul(&x3, &inner));
        LdPoint {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// −P = (X : XZ + Y : Z) (1M).
    pub fn ld_neg(&self, p: &LdPoint<F::Elem>) -> LdPoint<F::Elem> {
        let f = &self.field;
        LdPoint {
            x: p.x.clone(),
            y: f.add(&p.y, &f.mul(&p.x, &p.z)),
            z: p.z.clone(),
        }
    }

    /// P + Q for P in López–Dahab and Q affine (8M + 5S). Variable-time.
    pub fn ld_add_mixed_vartime(
        &self,
        p: &LdPoint<F::Elem>,
        q: &AffinePoint<F::Elem>,
    ) -> LdPoint<F::Elem> {
        let f = &self.field;
        let AffinePoint::Finite { x: x2, y: y2 } = q else {
            return p.clone();
        };
        if f.is_zero(&p.z) {
            return self.ld_from_affine(q);
        }
        let z1s = f.sqr(&p.z);
        let a = f.add(&p.y, &f.mul(y2, &z1s));
        let b = f.add(&p.x, &f.mul(x2, &p.z));
        if f.is_zero(&b) {
            return if f.is_zero(&a) {
                self.ld_double(&self.ld_from_affine(q))
            } else {
                self.ld_infinity()
            };
        }
        let c = f.mul(&p.z, &b);
        let z3 = f.sqr(&c);
        let b2 = f.sqr(&b);
        let t = f.add(&f.add(&a, &b2), &self.mul_by_a(&c));
        let x3 = f.add(&f.sqr(&a), &f.mul(&c, &t));
        let ac = f.mul(&a, &c);
        let e = f.add(&x3, &f.mul(x2, &z3));
        let y3 = f.add(
            &f.mul(&e, &f.add(&ac, &z3)),
            &f.mul(&f.add(x2, y2), &f.sqr(&z3)),
        );
        LdPoint {
            x: x3,
            y: y3,
            z: z3,
        }
    }

    /// P + Q, both in López–Dahab (13M + 6S). Variable-time.
    pub fn ld_add_vartime(&self, p: &LdPoint<F::Elem>, q: &LdPoint<F::Elem>) -> LdPoint<F::Elem> {
        let f = &self.field;
        if f.is_zero(&p.z) {
            return q.clone();
        }
        if f.is_zero(&q.z) {
            return p.clone();
        }
        let z1s = f.sqr(&p.z);
        let z2s = f.sqr(&q.z);
        let a1 = f.mul(&p.y, &z2s);
        let a = f.add(&a1, &f.mul(&q.y, &z1s));
        let b1 = f.mul(&p.x, &q.z);
        let b = f.add(&b1, &f.mul(&q.x, &p.z));
        if f.is_zero(&b) {
            return if f.is_zero(&a) {
                self.ld_double(p)
            } else {
                self.ld_infinity()
            };
        }
        let g = f.mul(&p.z, &q.z);
        let c = f.mul(&b, &g);
        let z3 = f.sqr(&c);
        let b2 = f.sqr(&b);
        let t = f.add(&f.add(&a, &b2), &self.mul_by_a(&c));
        let x3 = f.add(&f.sqr(&a), &f.mul(&c, &t));
        let ac = f.mul(&a, &c);
        let gb2 = f.mul(&g, &b2);
        let e = f.mul(&b1, &gb2);
        let y3 = f.add(
            &f.add(&f.mul(&ac, &f.add(&e, &x3)), &f.mul(&x3, &z3)),
            &f.mul(&a1, &f.sqr(&gb2)),
        );
        LdPoint {
            x: x3,
            y: y3,
            z: z3,
        }
    }
}
