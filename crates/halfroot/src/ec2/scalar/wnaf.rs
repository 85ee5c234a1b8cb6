//! Left-to-right w-NAF double-and-add in López–Dahab coordinates with mixed additions.
//!
//! Source: HMV Algorithm 3.36 (window NAF method) with the LD formulas of
//! [`crate::ec2::ld`]; Solinas 2000 for the w-NAF.
//!
//! Cost for a t-bit scalar: the table (one affine doubling, 2^(w−2) − 1 mixed additions,
//! one simultaneous inversion), then t doublings (4M + 5S) and about t/(w + 1) mixed
//! additions (8M + 5S), and one conversion to affine (1I + 2M + 1S). Variable-time: the
//! digits decide the additions and the table index.

use crate::binary::field::BinaryFieldOps;
use crate::ec2::curve::{AffinePoint, BinaryCurve};
use crate::ec2::scalar::{biguint_words, odd_multiples, signed, wnaf_digits};
use num_bigint::BigUint;

impl<F: BinaryFieldOps> BinaryCurve<F> {
    /// kP by w-NAF double-and-add (`w` in [2, 8]; any k ≥ 0 and any P on the curve).
    /// Variable-time.
    pub fn mul_wnaf_vartime(
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
        let table = odd_multiples(self, p, w);
        let mut q = self.ld_infinity();
        for &d in digits.iter().rev() {
            q = self.ld_double(&q);
            if d != 0 {
                let entry = &table[(d.unsigned_abs() as usize - 1) / 2];
                q = self.ld_add_mixed_vartime(&q, &signed(self, entry, d < 0));
            }
        }
        self.ld_to_affine(&q)
    }
}
