//! Left-to-right w-NAF double-and-add in λ-projective coordinates, with the fused
//! doubling-and-addition 2Q + P at every nonzero digit.
//!
//! Source: Oliveira–López–Aranha–Rodríguez-Henríquez, *Lambda coordinates for binary
//! elliptic curves*, CHES 2013 / JCEN 2014, §3–4 (the fused 2Q + P in a left-to-right
//! loop); HMV Algorithm 3.36 for the w-NAF; the formulas of [`crate::ec2::lambda`].
//!
//! Cost for a t-bit scalar with about t/(w + 1) nonzero digits: the table (one doubling,
//! 2^(w−2) − 1 general additions 11M + 2S, one simultaneous inversion and 2M per entry
//! to λ-affine), then t − t/(w + 1) doublings (B-curves 4M + 4S, K-curves 3M + 4S or
//! 3M + 3S) and t/(w + 1) fused steps 2Q + P (10M + 6S) — against López–Dahab's
//! t doublings (4M + 5S) and t/(w + 1) mixed additions (8M + 5S) — and one conversion to
//! affine (1I + 3M). Any k ≥ 0 and any point of the curve; a table entry without a
//! λ-affine form (O or the point of order 2, only for points of even order or tiny n)
//! is added by a doubling and a general addition. Variable-time: the digits decide the
//! additions and the table index.

use crate::binary::field::BinaryFieldOps;
use crate::ec2::curve::{AffinePoint, BinaryCurve};
use crate::ec2::halve::LambdaPoint;
use crate::ec2::lambda::LambdaProjectivePoint;
use crate::ec2::scalar::{biguint_words, wnaf_digits};
use num_bigint::BigUint;

/// One table entry: the λ-projective odd multiple, and its λ-affine form when it has one.
type Entry<E> = (LambdaProjectivePoint<E>, Option<LambdaPoint<E>>);

impl<F: BinaryFieldOps> BinaryCurve<F> {
    /// kP by w-NAF double-and-add in λ-projective coordinates (`w` in [2, 8]; any
    /// k ≥ 0 and any P on the curve). Variable-time.
    pub fn mul_wnaf_lambda_vartime(
        &self,
        k: &BigUint,
        p: &AffinePoint<F::Elem>,
        w: u32,
    ) -> AffinePoint<F::Elem> {
        let w = w.clamp(2, 8);
        let digits = wnaf_digits(&biguint_words(k), w);
        if digits.is_empty() || p.is_infinity() {
            return AffinePoint::Infinity;
        }
        let table = self.lambda_odd_multiples(p, w);
        let mut q = self.lambda_proj_infinity();
        for &d in digits.iter().rev() {
            if d == 0 {
                q = self.lambda_proj_double(&q);
                continue;
            }
            let (proj, affine) = &table[(d.unsigned_abs() as usize - 1) / 2];
            q = match affine {
                Some(e) if d < 0 => self.lambda_proj_double_add_vartime(&q, &self.lambda_neg(e)),
                Some(e) => self.lambda_proj_double_add_vartime(&q, e),
                None => {
                    let e = if d < 0 {
                        self.lambda_proj_neg(proj)
                    } else {
                        proj.clone()
                    };
                    self.lambda_proj_add_vartime(&self.lambda_proj_double(&q), &e)
                }
            };
        }
        self.lambda_proj_to_affine(&q)
    }

    /// The odd multiples P, 3P, …, (2^(w−1) − 1)P, λ-projective and λ-affine (one
    /// doubling, 2^(w−2) − 1 general additions, one simultaneous inversion).
    fn lambda_odd_multiples(&self, p: &AffinePoint<F::Elem>, w: u32) -> Vec<Entry<F::Elem>> {
        let count = 1usize << (w - 2);
        let first = self.lambda_proj_from_affine(p);
        let p2 = self.lambda_proj_double(&first);
        let mut proj = Vec::with_capacity(count);
        proj.push(first);
        for i in 1..count {
            let next = self.lambda_proj_add_vartime(&proj[i - 1], &p2);
            proj.push(next);
        }
        let affine = self.lambda_proj_to_lambda_many(&proj);
        proj.into_iter().zip(affine).collect()
    }
}
