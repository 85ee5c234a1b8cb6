//! λ-projective coordinates: (X : L : Z) ↦ (x, λ) = (X/Z, L/Z), with λ = x + y/x
//! (so y = x(λ + x)); the λ-affine form (x, λ) is halving's
//! [`LambdaPoint`].
//!
//! Sources: Oliveira–López–Aranha–Rodríguez-Henríquez, *Lambda coordinates for binary
//! elliptic curves*, CHES 2013 and J. Cryptographic Engineering 4(1), 2014, §3
//! (doubling, mixed and full addition, the fused 2Q + P); EFD `g12o/shortw/lambda`
//! (`dbl-2013-olar` in both variants, `add-2013-olar`). The formulas below were checked
//! against the affine law by the tests (and exhaustively on tiny curves); the
//! treatment of O and of T₂ is ours.
//!
//! The curve in these coordinates is (L² + LZ + aZ²)X² = X⁴ + bZ⁴. Negation is
//! (X : L + Z : Z) (−(x, y) = (x, x + y) has λ + 1).
//!
//! # O and the point of order 2
//! T₂ = (0, √b) has no λ-affine form (λ = x + y/x is infinite), and with Z = 0 the
//! equation leaves two points: X = L (the limit of (x, λ) as x → ∞, since λ/x → 1) and
//! X = 0 (the limit as x → 0, where λ ~ √b/x). We use them: **O = (t : t : 0)** and
//! **T₂ = (0 : t : 0)**, t ≠ 0. A finite point other than T₂ has X ≠ 0 and Z ≠ 0
//! (Z ≠ 0 forces X ≠ 0 on the curve). From affine, (x, y) ↦ (x² : x² + y : x) needs no
//! inversion and maps T₂ to (0 : √b : 0) by the same formula; O is (1 : 1 : 0).
//!
//! | operation | formula | cost |
//! |---|---|---|
//! | [`double`](BinaryCurve::lambda_proj_double), b ≠ 1 or a ∉ {0, 1} | T = L² + LZ + aZ², X₃ = T², Z₃ = T·Z², L₃ = (XZ)² + X₃ + T·LZ + Z₃ | 4M + 4S (+1M for general a): B-curves 4M + 4S |
//! | [`double`](BinaryCurve::lambda_proj_double), b = 1, a ∈ {0, 1} | E = L(L + Z) + aZ², G = (L + X)², X₃ = E², Z₃ = E·Z², L₃ = G(G + E + Z²) + (a² + b)Z⁴ + X₃ + (a + 1)Z₃ | K-163 (a = 1): 3M + 3S; a = 0: 3M + 4S |
//! | [`add_mixed_vartime`](BinaryCurve::lambda_proj_add_mixed_vartime) (λ-proj. + λ-affine) | C = L₁ + λ₂Z₁, F = X₁ + x₂Z₁, G = F², I = C·x₂Z₁, J = C·G, X₃ = C·X₁·I, Z₃ = J·Z₁, L₃ = (I + G)² + J(L₁ + Z₁) | 8M + 2S |
//! | [`add_vartime`](BinaryCurve::lambda_proj_add_vartime) (λ-proj. + λ-proj.) | A = L₁Z₂, B = L₂Z₁, C = A + B, D = X₁Z₂, E = X₂Z₁, G = (D + E)², K = C·G·Z₂, X₃ = CD·CE, Z₃ = K·Z₁, L₃ = (CE + G)² + K(L₁ + Z₁) | 11M + 2S |
//! | [`double_add_vartime`](BinaryCurve::lambda_proj_double_add_vartime) (2Q + P, P λ-affine) | T as in the doubling, A = (X_Q Z_Q)² + T(L_Q² + (a + 1 + λ_P)Z_Q²), B = (x_P Z_Q² + T)², X = x_P Z_Q²·A², Z = A·B·Z_Q², L = T(A + B)² + (λ_P + 1)Z | 10M + 6S (+1M for general a) |
//! | [`to_affine`](BinaryCurve::lambda_proj_to_affine) | x = X/Z, y = x(L/Z + x) | 1I + 3M |
//! | [`to_lambda_many`](BinaryCurve::lambda_proj_to_lambda_many) | x = X/Z, λ = L/Z, one shared inversion | 1I + 5M per point (3M of them the batch inversion) |
//!
//! The doubling is **complete and constant-time** (it branches only on the curve's
//! constants): O ↦ O, T₂ ↦ O and a point of order 4 ↦ T₂ with no branch, because the
//! representation above is the one the formula computes. The additions and 2Q + P are
//! **variable-time**; their formulas are right for every input except the ones they
//! branch on:
//! * mixed addition: P₁ ∈ {O, T₂} (Z₁ = 0) and P₁ = P₂ (F = C = 0, a doubling);
//!   P₁ = −P₂ gives O and P₁ + P₂ = T₂ gives T₂ by the formula itself;
//! * full addition: an operand with Z = 0 and P₁ = P₂;
//! * 2Q + P: Q ∈ {O, T₂} (2Q = O) and 2Q = P (A = B = 0, then 2P);
//!   2Q = −P, 2Q + P = T₂ and 2Q = T₂ (Q of order 4) come out right by the formula.
//!
//! T₂ + (x, λ) = (√b/x, λ + 1), which the branches compute directly.

use super::curve::{AffinePoint, BinaryCurve, Coefficient};
use super::halve::LambdaPoint;
use crate::binary::field::BinaryFieldOps;

/// A point in λ-projective coordinates (X : L : Z) = (x, λ) = (X/Z, L/Z); O is
/// (t : t : 0) and the point of order 2 is (0 : t : 0) (see the module documentation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LambdaProjectivePoint<E> {
    /// X.
    pub x: E,
    /// L.
    pub l: E,
    /// Z (zero for O and for the point of order 2).
    pub z: E,
}

impl<F: BinaryFieldOps> BinaryCurve<F> {
    /// O in λ-projective coordinates, (1 : 1 : 0).
    pub fn lambda_proj_infinity(&self) -> LambdaProjectivePoint<F::Elem> {
        LambdaProjectivePoint {
            x: self.field.one(),
            l: self.field.one(),
            z: self.field.zero(),
        }
    }

    /// The affine point as (x² : x² + y : x) (1S, no inversion); the point of order 2
    /// becomes (0 : √b : 0) and O (1 : 1 : 0).
    pub fn lambda_proj_from_affine(
        &self,
        p: &AffinePoint<F::Elem>,
    ) -> LambdaProjectivePoint<F::Elem> {
        let f = &self.field;
        match p {
            AffinePoint::Infinity => self.lambda_proj_infinity(),
            AffinePoint::Finite { x, y } => {
                let x2 = f.sqr(x);
                LambdaProjectivePoint {
                    l: f.add(&x2, y),
                    x: x2,
                    z: x.clone(),
                }
            }
        }
    }

    /// The λ-affine point as (x : λ : 1).
    pub fn lambda_proj_from_lambda(
        &self,
        p: &LambdaPoint<F::Elem>,
    ) -> LambdaProjectivePoint<F::Elem> {
        LambdaProjectivePoint {
            x: p.x.clone(),
            l: p.lambda.clone(),
            z: self.field.one(),
        }
    }

    /// Whether `p` is O (Z = 0, X ≠ 0).
    pub fn lambda_proj_is_infinity(&self, p: &LambdaProjectivePoint<F::Elem>) -> bool {
        self.field.is_zero(&p.z) && !self.field.is_zero(&p.x)
    }

    /// The affine point (X/Z, x(L/Z + x)): 1I + 3M; Z = 0 gives O (X ≠ 0) or the point
    /// of order 2 (X = 0).
    pub fn lambda_proj_to_affine(
        &self,
        p: &LambdaProjectivePoint<F::Elem>,
    ) -> AffinePoint<F::Elem> {
        let f = &self.field;
        match f.inv(&p.z) {
            None => self.lambda_proj_at_z_zero(p),
            Some(zi) => {
                let x = f.mul(&p.x, &zi);
                let y = f.mul(&x, &f.add(&f.mul(&p.l, &zi), &x));
                AffinePoint::Finite { x, y }
            }
        }
    }

    /// O or T₂ for a point with Z = 0.
    fn lambda_proj_at_z_zero(&self, p: &LambdaProjectivePoint<F::Elem>) -> AffinePoint<F::Elem> {
        if self.field.is_zero(&p.x) {
            self.two_torsion()
        } else {
            AffinePoint::Infinity
        }
    }

    /// Several points to affine with one inversion ([`Field::inv_many`]): 1I + 6M per
    /// point (3M of them the batch inversion).
    ///
    /// [`Field::inv_many`]: crate::field::Field::inv_many
    pub fn lambda_proj_to_affine_many(
        &self,
        points: &[LambdaProjectivePoint<F::Elem>],
    ) -> Vec<AffinePoint<F::Elem>> {
        let f = &self.field;
        let inv = self.z_inverses(points);
        points
            .iter()
            .zip(&inv)
            .map(|(p, zi)| {
                if f.is_zero(&p.z) {
                    self.lambda_proj_at_z_zero(p)
                } else {
                    let x = f.mul(&p.x, zi);
                    let y = f.mul(&x, &f.add(&f.mul(&p.l, zi), &x));
                    AffinePoint::Finite { x, y }
                }
            })
            .collect()
    }

    /// Several points to λ-affine form with one inversion: 1I + 5M per point (3M of
    /// them the batch inversion). `None` for O and the point of order 2, which have no
    /// λ-affine form; λ̂ is not computed (`lambda_hat: None`).
    pub fn lambda_proj_to_lambda_many(
        &self,
        points: &[LambdaProjectivePoint<F::Elem>],
    ) -> Vec<Option<LambdaPoint<F::Elem>>> {
        let f = &self.field;
        let inv = self.z_inverses(points);
        points
            .iter()
            .zip(&inv)
            .map(|(p, zi)| {
                (!f.is_zero(&p.z)).then(|| LambdaPoint {
                    x: f.mul(&p.x, zi),
                    lambda: f.mul(&p.l, zi),
                    lambda_hat: None,
                })
            })
            .collect()
    }

    fn z_inverses(&self, points: &[LambdaProjectivePoint<F::Elem>]) -> Vec<F::Elem> {
        let f = &self.field;
        let zs: Vec<F::Elem> = points.iter().map(|p| p.z.clone()).collect();
        let mut inv = vec![f.zero(); zs.len()];
        // Equal lengths by construction: the only error `inv_many` reports.
        let _ = f.inv_many(&zs, &mut inv);
        inv
    }

    /// −P = (X : L + Z : Z) (1A; O and T₂ are their own negatives).
    pub fn lambda_proj_neg(
        &self,
        p: &LambdaProjectivePoint<F::Elem>,
    ) -> LambdaProjectivePoint<F::Elem> {
        LambdaProjectivePoint {
            x: p.x.clone(),
            l: self.field.add(&p.l, &p.z),
            z: p.z.clone(),
        }
    }

    /// −P = (x, λ + 1) for a λ-affine point (1A; λ̂ depends on x only and is kept).
    pub fn lambda_neg(&self, p: &LambdaPoint<F::Elem>) -> LambdaPoint<F::Elem> {
        LambdaPoint {
            x: p.x.clone(),
            lambda: self.field.add(&p.lambda, &self.field.one()),
            lambda_hat: p.lambda_hat.clone(),
        }
    }

    /// 2P: 4M + 4S in general, 3M + 4S when b = 1 and a = 0, 3M + 3S when
    /// a = b = 1 (K-163); +1M for an a ∉ {0, 1}. Complete (O ↦ O, T₂ ↦ O, order 4 ↦ T₂)
    /// and constant-time.
    pub fn lambda_proj_double(
        &self,
        p: &LambdaProjectivePoint<F::Elem>,
    ) -> LambdaProjectivePoint<F::Elem> {
        let f = &self.field;
        let z2 = f.sqr(&p.z);
        match (self.a_kind, self.b_kind) {
            (Coefficient::Zero | Coefficient::One, Coefficient::One) => {
                // a² + b = a + 1 ∈ {1, 0}: the multiplications by the constants vanish.
                let e = f.add(&f.mul(&p.l, &f.add(&p.l, &p.z)), &self.mul_by_a(&z2));
                let g = f.sqr(&f.add(&p.l, &p.x));
                let x3 = f.sqr(&e);
                let z3 = f.mul(&e, &z2);
                let mut l3 = f.add(&f.mul(&g, &f.add(&f.add(&g, &e), &z2)), &x3);
                if self.a_kind == Coefficient::Zero {
                    l3 = f.add(&f.add(&l3, &f.sqr(&z2)), &z3);
                }
                LambdaProjectivePoint {
                    x: x3,
                    l: l3,
                    z: z3,
                }
            }
            _ => {
                let lz = f.mul(&p.l, &p.z);
                let t = f.add(&f.add(&f.sqr(&p.l), &lz), &self.mul_by_a(&z2));
                let x3 = f.sqr(&t);
                let z3 = f.mul(&t, &z2);
                let xz = f.sqr(&f.mul(&p.x, &p.z));
                let l3 = f.add(&f.add(&xz, &x3), &f.add(&f.mul(&t, &lz), &z3));
                LambdaProjectivePoint {
                    x: x3,
                    l: l3,
                    z: z3,
                }
            }
        }
    }

    /// T₂ + (x, λ) = (√b/x, λ + 1) as (√b : (λ + 1)x : x) (1M).
    fn two_torsion_plus_lambda(&self, q: &LambdaPoint<F::Elem>) -> LambdaProjectivePoint<F::Elem> {
        let f = &self.field;
        LambdaProjectivePoint {
            x: self.sqrt_b.clone(),
            l: f.mul(&f.add(&q.lambda, &f.one()), &q.x),
            z: q.x.clone(),
        }
    }

    /// T₂ + (X : L : Z) for Z ≠ 0: (√b·Z² : (L + Z)X : XZ) (2M + 1S, +1M for b ≠ 1).
    fn two_torsion_plus_proj(
        &self,
        q: &LambdaProjectivePoint<F::Elem>,
    ) -> LambdaProjectivePoint<F::Elem> {
        let f = &self.field;
        LambdaProjectivePoint {
            x: self.mul_by_sqrt_b(&f.sqr(&q.z)),
            l: f.mul(&f.add(&q.l, &q.z), &q.x),
            z: f.mul(&q.x, &q.z),
        }
    }

    /// P + Q for P λ-projective and Q λ-affine (8M + 2S). Variable-time: branches on
    /// P ∈ {O, T₂} and P = Q (see the module documentation).
    pub fn lambda_proj_add_mixed_vartime(
        &self,
        p: &LambdaProjectivePoint<F::Elem>,
        q: &LambdaPoint<F::Elem>,
    ) -> LambdaProjectivePoint<F::Elem> {
        let f = &self.field;
        if f.is_zero(&p.z) {
            return if f.is_zero(&p.x) {
                self.two_torsion_plus_lambda(q)
            } else {
                self.lambda_proj_from_lambda(q)
            };
        }
        let x2z1 = f.mul(&q.x, &p.z);
        let c = f.add(&p.l, &f.mul(&q.lambda, &p.z));
        let ff = f.add(&p.x, &x2z1);
        if f.is_zero(&ff) && f.is_zero(&c) {
            return self.lambda_proj_double(&self.lambda_proj_from_lambda(q));
        }
        let g = f.sqr(&ff);
        let i = f.mul(&c, &x2z1);
        let j = f.mul(&c, &g);
        let x3 = f.mul(&f.mul(&c, &p.x), &i);
        let l3 = f.add(&f.sqr(&f.add(&i, &g)), &f.mul(&j, &f.add(&p.l, &p.z)));
        LambdaProjectivePoint {
            x: x3,
            l: l3,
            z: f.mul(&j, &p.z),
        }
    }

    /// P + Q, both λ-projective (11M + 2S). Variable-time: branches on an operand with
    /// Z = 0 (O or T₂) and P = Q.
    pub fn lambda_proj_add_vartime(
        &self,
        p: &LambdaProjectivePoint<F::Elem>,
        q: &LambdaProjectivePoint<F::Elem>,
    ) -> LambdaProjectivePoint<F::Elem> {
        let f = &self.field;
        match (f.is_zero(&p.z), f.is_zero(&q.z)) {
            (true, true) => {
                // O + O = T₂ + T₂ = O, O + T₂ = T₂.
                return if f.is_zero(&p.x) == f.is_zero(&q.x) {
                    self.lambda_proj_infinity()
                } else if f.is_zero(&p.x) {
                    p.clone()
                } else {
                    q.clone()
                };
            }
            (true, false) if f.is_zero(&p.x) => return self.two_torsion_plus_proj(q),
            (true, false) => return q.clone(),
            (false, true) if f.is_zero(&q.x) => return self.two_torsion_plus_proj(p),
            (false, true) => return p.clone(),
            (false, false) => {}
        }
        let a = f.mul(&p.l, &q.z);
        let b = f.mul(&q.l, &p.z);
        let c = f.add(&a, &b);
        let d = f.mul(&p.x, &q.z);
        let e = f.mul(&q.x, &p.z);
        let ff = f.add(&d, &e);
        if f.is_zero(&ff) && f.is_zero(&c) {
            return self.lambda_proj_double(p);
        }
        let g = f.sqr(&ff);
        let i = f.mul(&c, &e);
        let k = f.mul(&f.mul(&c, &g), &q.z);
        let x3 = f.mul(&f.mul(&c, &d), &i);
        let l3 = f.add(&f.sqr(&f.add(&i, &g)), &f.mul(&k, &f.add(&p.l, &p.z)));
        LambdaProjectivePoint {
            x: x3,
            l: l3,
            z: f.mul(&k, &p.z),
        }
    }

    /// 2Q + P for Q λ-projective and P λ-affine, fused (10M + 6S, +1M for an
    /// a ∉ {0, 1}): the step of left-to-right double-and-add. Variable-time: branches on
    /// Q ∈ {O, T₂} and 2Q = P.
    pub fn lambda_proj_double_add_vartime(
        &self,
        q: &LambdaProjectivePoint<F::Elem>,
        p: &LambdaPoint<F::Elem>,
    ) -> LambdaProjectivePoint<F::Elem> {
        let f = &self.field;
        if f.is_zero(&q.z) {
            // 2O = 2T₂ = O.
            return self.lambda_proj_from_lambda(p);
        }
        let z2 = f.sqr(&q.z);
        let l2 = f.sqr(&q.l);
        let t = f.add(&f.add(&l2, &f.mul(&q.l, &q.z)), &self.mul_by_a(&z2));
        let xz2 = f.sqr(&f.mul(&q.x, &q.z));
        // (a + 1 + λ_P)·Z²: one multiplication for every a.
        let coef = f.mul(&self.add_a(&f.add(&p.lambda, &f.one())), &z2);
        let a = f.add(&xz2, &f.mul(&t, &f.add(&l2, &coef)));
        let xpz2 = f.mul(&p.x, &z2);
        let b = f.sqr(&f.add(&xpz2, &t));
        if f.is_zero(&a) && f.is_zero(&b) {
            return self.lambda_proj_double(&self.lambda_proj_from_lambda(p));
        }
        let x3 = f.mul(&xpz2, &f.sqr(&a));
        let z3 = f.mul(&f.mul(&a, &b), &z2);
        let l3 = f.add(
            &f.mul(&t, &f.sqr(&f.add(&a, &b))),
            &f.mul(&f.add(&p.lambda, &f.one()), &z3),
        );
        LambdaProjectivePoint {
            x: x3,
            l: l3,
            z: z3,
        }
    }
}
