//! Right-to-left w-NAF halve-and-add.
//!
//! Source: Knudsen 1999; Fong–Hankerson–López–Menezes, IEEE TC 53(8), 2004, §4
//! (HMV Algorithm 3.91). With t = bits(n), write k′ = 2^(t−1)·k mod n in w-NAF,
//! k′ = Σ k′_i 2^i; then k ≡ Σ k′_i 2^(i−(t−1)) (mod n), so
//! kP = Σ_i k′_i·(P / 2^(t−1−i)). The loop walks i from t − 1 down to 0, adding ±P to
//! the accumulator Q_|k′_i| and then halving P; the digit at i = t (weight 2) adds ±2P.
//! At the end Q = Σ_j j·Q_j over odd j < 2^(w−1), by A ← A + Q_j, B ← B + A for j
//! downwards, Q = 2B − A (2^(w−1) general additions and one doubling).
//!
//! The accumulators are λ-projective ([`crate::ec2::lambda`], Oliveira et al. 2013):
//! halving yields λ-affine points, which the mixed λ addition takes as they are.
//! Cost: t − 1 halvings ([`crate::ec2::halve`]: 1M + 1H + 1T + 1SR each on cofactor-2
//! curves, 2M + 1S + 1H + 2SR + 1T on cofactor-4 curves), about t/(w + 1) mixed
//! additions (8M + 2S), and the final sum (general additions 11M + 2S). With
//! López–Dahab accumulators ([`BinaryCurve::mul_halve_and_add_ld_vartime`], kept for
//! comparison) each addition costs 8M + 5S plus 1M for y = x(λ + x), and each general
//! addition 13M + 6S: 7–15% slower on every standard curve (`halfroot report ec`, the
//! λ table). P must lie in ⟨G⟩ (halving is only unique there). Variable-time.

use crate::binary::field::BinaryFieldOps;
use crate::ec2::curve::{AffinePoint, BinaryCurve};
use crate::ec2::scalar::{biguint_words, signed, wnaf_digits};
use crate::error::{Error, Result};
use num_bigint::BigUint;

impl<F: BinaryFieldOps> BinaryCurve<F> {
    /// As [`BinaryCurve::mul_halve_and_add_vartime`] with López–Dahab accumulators
    /// (each halved point converted to affine, 1M, then a mixed LD addition 8M + 5S;
    /// general additions 13M + 6S): the earlier method, kept to measure against.
    /// Variable-time.
    pub fn mul_halve_and_add_ld_vartime(
        &self,
        k: &BigUint,
        p: &AffinePoint<F::Elem>,
        w: u32,
    ) -> Result<AffinePoint<F::Elem>> {
        let Some((x, y, w, t, digits)) = self.halve_and_add_digits(k, p, w)? else {
            return Ok(AffinePoint::Infinity);
        };
        let mut acc = vec![self.ld_infinity(); 1 << (w - 2)];
        let slot = |d: i8| (d.unsigned_abs() as usize - 1) / 2;
        // Digits at i ≥ t have weight 2^(i − t + 1) (k′ < 2^t, so only i = t occurs).
        if digits.len() > t {
            let mut q = self.double_vartime(p);
            for &d in &digits[t..] {
                if d != 0 {
                    acc[slot(d)] =
                        self.ld_add_mixed_vartime(&acc[slot(d)], &signed(self, &q, d < 0));
                }
                q = self.double_vartime(&q);
            }
        }
        let mut cur = self.lambda_from_affine::<false>(x, y, true);
        for i in (0..t).rev() {
            let d = digits.get(i).copied().unwrap_or(0);
            if d != 0 {
                let q = self.lambda_to_affine(&cur);
                acc[slot(d)] = self.ld_add_mixed_vartime(&acc[slot(d)], &signed(self, &q, d < 0));
            }
            if i > 0 {
                self.halve_lambda_in_place_unchecked::<false>(&mut cur);
            }
        }
        let mut a = acc.pop().expect("at least one accumulator");
        if acc.is_empty() {
            return Ok(self.ld_to_affine(&a));
        }
        let mut b = a.clone();
        for q in acc.iter().rev() {
            a = self.ld_add_vartime(&a, q);
            b = self.ld_add_vartime(&b, &a);
        }
        let result = self.ld_add_vartime(&self.ld_double(&b), &self.ld_neg(&a));
        Ok(self.ld_to_affine(&result))
    }
    /// kP by right-to-left w-NAF halve-and-add (`w` in [2, 8]) for P ∈ ⟨G⟩, with
    /// λ-projective accumulators (see the module documentation).
    /// [`Error::UnsupportedAlgorithm`] on a curve without halving,
    /// [`Error::PointNotOnCurve`] for a point off the curve, [`Error::PointNotInSubgroup`]
    /// for P ∉ ⟨G⟩. Variable-time.
    pub fn mul_halve_and_add_vartime(
        &self,
        k: &BigUint,
        p: &AffinePoint<F::Elem>,
        w: u32,
    ) -> Result<AffinePoint<F::Elem>> {
        let Some((x, y, w, t, digits)) = self.halve_and_add_digits(k, p, w)? else {
            return Ok(AffinePoint::Infinity);
        };
        let mut acc = vec![self.lambda_proj_infinity(); 1 << (w - 2)];
        let slot = |d: i8| (d.unsigned_abs() as usize - 1) / 2;
        if digits.len() > t {
            let mut q = self.double_vartime(p);
            for &d in &digits[t..] {
                if d != 0 {
                    let e = self.lambda_proj_from_affine(&signed(self, &q, d < 0));
                    acc[slot(d)] = self.lambda_proj_add_vartime(&acc[slot(d)], &e);
                }
                q = self.double_vartime(&q);
            }
        }
        let mut cur = self.lambda_from_affine::<false>(x, y, true);
        for i in (0..t).rev() {
            let d = digits.get(i).copied().unwrap_or(0);
            if d != 0 {
                let s = slot(d);
                acc[s] = if d < 0 {
                    self.lambda_proj_add_mixed_vartime(&acc[s], &self.lambda_neg(&cur))
                } else {
                    self.lambda_proj_add_mixed_vartime(&acc[s], &cur)
                };
            }
            if i > 0 {
                self.halve_lambda_in_place_unchecked::<false>(&mut cur);
            }
        }
        let mut a = acc.pop().expect("at least one accumulator");
        if acc.is_empty() {
            return Ok(self.lambda_proj_to_affine(&a));
        }
        let mut b = a.clone();
        for q in acc.iter().rev() {
            a = self.lambda_proj_add_vartime(&a, q);
            b = self.lambda_proj_add_vartime(&b, &a);
        }
        let result =
            self.lambda_proj_add_vartime(&self.lambda_proj_double(&b), &self.lambda_proj_neg(&a));
        Ok(self.lambda_proj_to_affine(&result))
    }

    /// The checks of halve-and-add and the w-NAF digits of k′ = 2^(t−1)·k mod n:
    /// `None` for P = O, else (x, y, w clamped, t, digits).
    #[allow(clippy::type_complexity)]
    fn halve_and_add_digits<'a>(
        &self,
        k: &BigUint,
        p: &'a AffinePoint<F::Elem>,
        w: u32,
    ) -> Result<Option<(&'a F::Elem, &'a F::Elem, u32, usize, Vec<i8>)>> {
        if let Some(reason) = self.halving_unsupported() {
            return Err(Error::UnsupportedAlgorithm {
                algorithm: "halve-and-add-vartime".into(),
                reason,
            });
        }
        self.check_on_curve(p)?;
        let AffinePoint::Finite { x, y } = p else {
            return Ok(None);
        };
        if !self.in_subgroup_vartime(p) {
            return Err(Error::PointNotInSubgroup {
                curve: self.name().into(),
                reason: "halve-and-add needs P ∈ ⟨G⟩".into(),
            });
        }
        let w = w.clamp(2, 8);
        let t = self.order_bits();
        let kp = (k << (t - 1)) % self.order();
        Ok(Some((x, y, w, t, wnaf_digits(&biguint_words(&kp), w))))
    }
}
