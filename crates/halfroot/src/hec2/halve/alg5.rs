//! Algorithm 5 of Kitamura–Katagi–Takagi (Appendix B): halving on
//! y² + (x² + x + h₀)y = x⁵ + f₃x³ + f₂x² + f₁x + f₀ (h₂ = h₁ = 1, f₄ = 0, Tr h₀ = 1),
//! for #J = 2·r. The curves C1, C2 and C6 of the paper have this shape.
//!
//! 1/u₂₁ comes in and 1/u₁₁ goes out, computed with Montgomery's trick from the one
//! inversion of step 3 (1/(w₂w₃k₁) gives 1/k₁ and 1/u₁₁ = k₁/w₂), so that in a chain
//! of halvings (right-to-left halve-and-add) each halving costs one inversion.
//!
//! Cost (h₀ ∉ {0, 1}): 19M + 3S + 1I + 3SR + 2H + 2T when the first k₀ is right, 20M when
//! k₀′ is (the choice of k₁ costs nothing: γ + h₀); average 19.5M + 3S + 1I + 3SR + 2H + 2T,
//! 18.5M for h₀ = 1 — the paper's figures. With a selection table (the fixed-base
//! variant) the traces, the second square root w₃ and the correction are skipped and
//! 1/u₁₁ = k₁²·1/(w₂k₁): 17M + 3S + 1I + 2SR + 2H (16M for h₀ = 1), as in Table 1.
//!
//! Step 1 solves z² + z = u₂₁ with the quadratic solver, whose failure (Tr u₂₁ = 1)
//! says that D₂ ∉ 2J; the paper leaves that test out (its inputs are halvable).
//!
//! One correction to the printed algorithm: step 5 prints w₃ ← (k₀ + k₁)(u₁₀ + u₁₁),
//! which does not give v₁₁ = v₂₁ + h₁ + k₁u₂₀ + k₀u₂₁ + k₁u₁₀ + u₁₁w (the paper's own
//! step 5 of Algorithm 3, w = h₂ + k₁u₂₁ + k₀ + k₁u₁₁); the Karatsuba term that does is
//! w₃ ← (w + k₁)(u₁₀ + u₁₁), with the same cost. The tests check the result against
//! the doubling and against [(r + 1)/2]·D. Variable-time.

use super::{HalvingChoice, HalvingFailure};
use crate::binary::field::BinaryFieldOps;
use crate::hec2::curve::Hec2Curve;
use crate::hec2::divisor::Divisor;

/// A halving's result with the inverse carried to the next halving.
pub type HalvedWithInverse<E> =
    core::result::Result<(Divisor<E>, E, HalvingChoice), HalvingFailure>;

impl<F: BinaryFieldOps> Hec2Curve<F> {
    /// Algorithm 5: the half of `d2` in 2J and 1/u₁₁, given `inv_u21` = 1/u₂₁; the
    /// roots are chosen by the trace tests, or as `table` says. The curve must have
    /// the shape of the module documentation (checked by the caller,
    /// [`Hec2Curve::halve_with_vartime`]). Variable-time.
    pub fn halve_alg5_vartime(
        &self,
        d2: &Divisor<F::Elem>,
        inv_u21: &F::Elem,
        table: Option<HalvingChoice>,
    ) -> HalvedWithInverse<F::Elem> {
        let fl = &self.field;
        let (d, k1, mut k0, c0, mut choice) = self.alg5_roots(d2, inv_u21, table)?;
        let Alg5Input { u21, u20, v21, v20 } = d;
        let h0 = &self.h[0];
        let one = fl.one();
        let alpha = inv_u21;

        // Step 3.
        let w0 = fl.sqr(&k1);
        let w1 = fl.add(&fl.add(&fl.mul(&w0, u20), &k1), u21);
        let (u11, w2, w4, inv_u11) = match table {
            None => {
                let mut w2 = fl.add(&k0, &fl.sqrt(&fl.add(&w1, &k0)));
                let k0b = fl.add(&k0, alpha);
                let mut w3 = fl.add(&k0b, &fl.sqrt(&fl.add(&w1, &k0b)));
                let w4 = fl.mul(&w2, &w3);
                let w1 = fl
                    .inv(&fl.mul(&w4, &k1))
                    .ok_or(HalvingFailure::Degenerate)?;
                let w4 = fl.mul(&w1, &w4);
                let mut u11 = fl.mul(&w2, &w4);
                if fl.trace(&u11) == 1 {
                    k0 = k0b;
                    u11 = fl.mul(&w3, &w4);
                    core::mem::swap(&mut w2, &mut w3);
                    choice.k0_other = true;
                }
                // Step 4's first product, and step 5's 1/u₁₁ = k₁/w₂ = (k₁²/(w₂w₃k₁))·w₃.
                let w0 = fl.mul(&w0, &w1);
                let inv_u11 = fl.mul(&w0, &w3);
                (u11, w2, w4, inv_u11)
            }
            Some(t) => {
                if t.k0_other {
                    k0 = fl.add(&k0, alpha);
                    choice.k0_other = true;
                }
                let w2 = fl.add(&k0, &fl.sqrt(&fl.add(&w1, &k0)));
                let w1 = fl
                    .inv(&fl.mul(&w2, &k1))
                    .ok_or(HalvingFailure::Degenerate)?;
                let w4 = fl.mul(&w1, &w2);
                let u11 = fl.mul(&w2, &w4);
                // 1/u₁₁ = k₁/w₂ = k₁²/(w₂k₁).
                let inv_u11 = fl.mul(&w0, &w1);
                (u11, w2, w4, inv_u11)
            }
        };

        // Step 4: u₁₀ = √(k₀(k₀u₂₀ + h₀) + c₀)/k₁.
        let w1 = fl.mul(&k0, u20);
        let w5 = fl.mul(&k1, u21);
        let k01 = fl.add(&k0, &k1);
        let w6 = fl.mul(&k01, &fl.add(u20, u21));
        let u10 = fl.mul(&w4, &fl.sqrt(&fl.add(&fl.mul(&k0, &fl.add(&w1, h0)), &c0)));

        // Step 5: V₁ = V₂ + h + kU₂ mod U₁.
        let w4 = fl.add(&fl.add(&w5, &k0), &one);
        let w5 = fl.add(&fl.add(&fl.add(&w1, &w5), &w6), &fl.add(v21, &one));
        let w6 = fl.add(&fl.add(&w1, v20), h0);
        let w = fl.add(&w2, &w4);
        let w1 = fl.mul(&w, &u10);
        let w3 = fl.mul(&fl.add(&w, &k1), &fl.add(&u10, &u11));
        let v11 = fl.add(&fl.add(&w1, &w2), &fl.add(&w3, &w5));
        let v10 = fl.add(&w1, &w6);
        Ok((
            Divisor::Weight2 {
                u1: u11,
                u0: u10,
                v1: v11,
                v0: v10,
            },
            inv_u11,
            choice,
        ))
    }
}

impl<F: BinaryFieldOps> Hec2Curve<F> {
    /// Algorithm 5 without Montgomery's trick ([`HalvingAlgorithm::Alg5Lean`](super::HalvingAlgorithm::Alg5Lean)):
    /// steps 1 and 2 as printed; then 1/k₁ = 1 + k₁u₂₁ by equation (3) (one product, and
    /// k₁u₂₁ serves step 5 again), u₁₁ = w₂/k₁ for the first k₀ only, and for k₀′ the
    /// correction w₂′ = w₂ + √α + α (α = 1/u₂₁), so the second square root w₃ is taken
    /// only when k₀′ is right; the one inversion is 1/u₁₁ for the next halving.
    ///
    /// Cost (h₀ = 1): 13M + 3S + 1I + 2SR + 2H + 2T, +1M + 1SR when k₀′ is right: average
    /// 13.5M + 3S + 1I + 2.5SR + 2H + 2T (one M more for h₀ ∉ {0, 1}), against the
    /// printed 18.5M + 3S + 1I + 3SR + 2H + 2T; with the selection table 13M + 3S + 1I +
    /// 2SR + 2H (the printed 16M). Same inputs, outputs and failures as
    /// [`Hec2Curve::halve_alg5_vartime`]. Variable-time.
    pub fn halve_alg5_lean_vartime(
        &self,
        d2: &Divisor<F::Elem>,
        inv_u21: &F::Elem,
        table: Option<HalvingChoice>,
    ) -> HalvedWithInverse<F::Elem> {
        let fl = &self.field;
        let (d, k1, mut k0, c0, mut choice) = self.alg5_roots(d2, inv_u21, table)?;
        let Alg5Input { u21, u20, v21, v20 } = d;
        let h0 = &self.h[0];
        let one = fl.one();
        let alpha = inv_u21;

        // Step 3: 1/k₁ = 1 + k₁u₂₁; w₂ = k₀ + √(w₁ + k₀) = k₁u₁₁.
        let w5 = fl.mul(&k1, u21);
        let ik1 = fl.add(&w5, &one);
        let w1 = fl.add(&fl.add(&fl.mul(&fl.sqr(&k1), u20), &k1), u21);
        if table.is_some_and(|t| t.k0_other) {
            k0 = fl.add(&k0, alpha);
            choice.k0_other = true;
        }
        let mut w2 = fl.add(&k0, &fl.sqrt(&fl.add(&w1, &k0)));
        let mut u11 = fl.mul(&w2, &ik1);
        if table.is_none() && fl.trace(&u11) == 1 {
            // k₀′ = k₀ + α: √(w₁ + k₀′) = √(w₁ + k₀) + √α.
            k0 = fl.add(&k0, alpha);
            w2 = fl.add(&fl.add(&w2, alpha), &fl.sqrt(alpha));
            u11 = fl.mul(&w2, &ik1);
            choice.k0_other = true;
        }
        let inv_u11 = fl.inv(&u11).ok_or(HalvingFailure::Degenerate)?;

        // Step 4: u₁₀ = √(k₀(k₀u₂₀ + h₀) + c₀)/k₁.
        let w1 = fl.mul(&k0, u20);
        let w6 = fl.mul(&fl.add(&k0, &k1), &fl.add(u20, u21));
        let u10 = fl.mul(&ik1, &fl.sqrt(&fl.add(&fl.mul(&k0, &fl.add(&w1, h0)), &c0)));

        // Step 5: V₁ = V₂ + h + kU₂ mod U₁, as in Algorithm 5 (corrected).
        let w4 = fl.add(&fl.add(&w5, &k0), &one);
        let w5 = fl.add(&fl.add(&fl.add(&w1, &w5), &w6), &fl.add(v21, &one));
        let w6 = fl.add(&fl.add(&w1, v20), h0);
        let w = fl.add(&w2, &w4);
        let w1 = fl.mul(&w, &u10);
        let w3 = fl.mul(&fl.add(&w, &k1), &fl.add(&u10, &u11));
        let v11 = fl.add(&fl.add(&w1, &w2), &fl.add(&w3, &w5));
        let v10 = fl.add(&w1, &w6);
        Ok((
            Divisor::Weight2 {
                u1: u11,
                u0: u10,
                v1: v11,
                v0: v10,
            },
            inv_u11,
            choice,
        ))
    }
}

/// The coefficients of D₂ = (x² + u₂₁x + u₂₀, v₂₁x + v₂₀), borrowed.
struct Alg5Input<'a, E> {
    u21: &'a E,
    u20: &'a E,
    v21: &'a E,
    v20: &'a E,
}

/// Steps 1 and 2 of Algorithm 5, shared by both forms: D₂'s coefficients, k₁ and k₀
/// (chosen by the trace of γ for k₁, the first root for k₀), c₀, and the choice so far.
type Alg5Roots<'a, E> =
    core::result::Result<(Alg5Input<'a, E>, E, E, E, HalvingChoice), HalvingFailure>;

impl<F: BinaryFieldOps> Hec2Curve<F> {
    /// Steps 1 and 2 of Algorithm 5 (4M + 2S + 2H + 1T, +1M for h₀ ∉ {0, 1}; the k₁
    /// choice is free): k₁ from k₁ + k₁²u₂₁ + 1 = 0 (its solver failing means D₂ ∉ 2J),
    /// then k₁ by the trace of γ = (c₁ + k₁h₀)u₂₁, or as `table` says, and the first
    /// root k₀ of k₁h₀ + k₀ + k₀²u₂₁ + c₁ = 0. Variable-time.
    fn alg5_roots<'a>(
        &self,
        d2: &'a Divisor<F::Elem>,
        alpha: &F::Elem,
        table: Option<HalvingChoice>,
    ) -> Alg5Roots<'a, F::Elem> {
        let fl = &self.field;
        let Divisor::Weight2 {
            u1: u21,
            u0: u20,
            v1: v21,
            v0: v20,
        } = d2
        else {
            return Err(HalvingFailure::Degenerate);
        };
        if fl.is_zero(u21) {
            return Err(HalvingFailure::Degenerate);
        }
        let h0 = &self.h[0];
        let k_h0 = self.h_kind[0];
        let [_, _, f2, f3, _, _] = &self.f;
        let mut choice = HalvingChoice::default();

        // Step 1: k₁ + k₁²u₂₁ + 1 = 0: k₁ = H(u₂₁)·α, α = 1/u₂₁.
        let z1 = fl
            .solve_quadratic_vartime(u21)
            .ok_or(HalvingFailure::NotInTwoJ)?;
        let mut k1 = fl.mul(&z1, alpha);

        // Step 2.
        let c1 = fl.add(&fl.add(f3, v21), &fl.add(u20, &fl.sqr(u21)));
        let c0 = {
            let t = fl.add(&fl.add(f2, v20), &fl.add(v21, &fl.sqr(v21)));
            fl.add(&t, &fl.mul(u21, &fl.add(u20, &c1)))
        };
        let mut gamma = fl.mul(&fl.add(&c1, &self.mul_coeff(k_h0, h0, &k1)), u21);
        let k1_other = match table {
            Some(t) => t.k1_other,
            None => fl.trace(&gamma) == 1,
        };
        if k1_other {
            k1 = fl.add(&k1, alpha);
            gamma = fl.add(&gamma, h0);
            choice.k1_other = true;
        }
        let z0 = fl
            .solve_quadratic_vartime(&gamma)
            .ok_or(HalvingFailure::NotInTwoJ)?;
        let k0 = fl.mul(&z0, alpha);
        let input = Alg5Input { u21, u20, v21, v20 };
        Ok((input, k1, k0, c0, choice))
    }
}
