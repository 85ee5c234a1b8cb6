//! Algorithm 6 of Kitamura–Katagi–Takagi (Appendix B): halving on
//! y² + xy = x⁵ + f₁x + f₀ (Pelzl–Wollinger–Paar's family: h = x, f₄ = f₃ = f₂ = 0).
//!
//! With h₂ = 0 equation (3) reads k₁²u₂₁ = 1, so k₁ = √(1/u₂₁) has no second root; the
//! two candidates differ in k₀ only, and the right one passes Tr(u₁₁(u₁₀ + 1/k₁ + k₀)) = 0.
//! Equation (4) k₀ + k₀²u₂₁ + c₁ = 0 becomes z² + z = c₁u₂₁ (k₀ = z/u₂₁); its solver
//! failing says D₂ ∉ 2J. The algorithm uses (4) to write u₁₁² = 1/k₁ + k₀ and
//! u₁₀² = (k₀ + c₁)u₂₀ + c₀u₂₁, and k₀u₂₁ = z.
//!
//! Cost: 11M + 2S + 1I + 4SR + 1H + 1T when k₀ is right, 12M + 5SR when k₀′ is (u₁₁ + k₁
//! and u₁₀ + √(u₂₀/u₂₁)); average 11.5M + 2S + 1I + 4.5SR + 1H + 1T — the paper's
//! figures. With a selection table the right k₀ is used from the start, so the trace
//! product and the correction are skipped: 10M + 2S + 1I + 4SR + 1H (the paper's
//! Table 1 gives 9M + 2S + 1I + 3SR + 1H without saying which further product and
//! which square root it saves beyond these; see the count test). Variable-time.

use super::{Halved, HalvingChoice, HalvingFailure};
use crate::binary::field::BinaryFieldOps;
use crate::hec2::curve::{CurveShape, Hec2Curve};
use crate::hec2::divisor::Divisor;

impl<F: BinaryFieldOps> Hec2Curve<F> {
    /// Algorithm 6: the half of `d2` in 2J on a curve y² + xy = x⁵ + f₁x + f₀; k₀ is
    /// chosen by the trace test, or as `table` says. Variable-time.
    pub fn halve_alg6_vartime(
        &self,
        d2: &Divisor<F::Elem>,
        table: Option<HalvingChoice>,
    ) -> Halved<F::Elem> {
        let fl = &self.field;
        if self.shape() != CurveShape::PelzlX {
            return Err(HalvingFailure::Degenerate);
        }
        let Divisor::Weight2 {
            u1: u21,
            u0: u20,
            v1: v21,
            v0: v20,
        } = d2
        else {
            return Err(HalvingFailure::Degenerate);
        };
        let one = fl.one();
        let mut choice = HalvingChoice::default();

        // Step 1: k₁²u₂₁ + 1 = 0.
        let w0 = fl.inv(u21).ok_or(HalvingFailure::Degenerate)?;
        let k1 = fl.sqrt(&w0);

        // Step 2: k₀ + k₀²u₂₁ + c₁ = 0.
        let c1 = fl.add(u20, &fl.sqr(u21));
        let w1 = fl.mul(&c1, u21);
        let c0 = fl.add(&fl.add(v21, &fl.sqr(v21)), &fl.add(&fl.mul(u21, u20), &w1));
        let invk1 = fl.sqrt(u21);
        let mut w2 = fl
            .solve_quadratic_vartime(&w1)
            .ok_or(HalvingFailure::NotInTwoJ)?;
        let k0_other = table.map(|t| t.k0_other);
        if k0_other == Some(true) {
            w2 = fl.add(&w2, &one);
            choice.k0_other = true;
        }
        let k0 = fl.mul(&w0, &w2);

        // Step 3: U₁.
        let mut u11 = fl.sqrt(&fl.add(&invk1, &k0));
        let mut u10 = fl.sqrt(&fl.add(&fl.mul(&fl.add(&k0, &c1), u20), &fl.mul(&c0, u21)));
        let mut k0 = k0;
        if k0_other.is_none() && fl.trace(&fl.mul(&u11, &fl.add(&u10, &fl.add(&invk1, &k0)))) == 1 {
            k0 = fl.add(&k0, &w0);
            w2 = fl.add(&w2, &one);
            u11 = fl.add(&u11, &k1);
            u10 = fl.add(&u10, &fl.sqrt(&fl.mul(&w0, u20)));
            choice.k0_other = true;
        }

        // Step 4: V₁ = V₂ + h + kU₂ mod U₁.
        let w1 = fl.add(&fl.mul(&k1, &fl.add(u21, &u11)), &k0);
        let v11 = {
            let t = fl.add(&fl.mul(&k1, &fl.add(u20, &u10)), &w2);
            let t = fl.add(&fl.add(&t, v21), &one);
            fl.add(&t, &fl.mul(&u11, &w1))
        };
        let v10 = fl.add(&fl.add(&fl.mul(&k0, u20), v20), &fl.mul(&u10, &w1));
        Ok((
            Divisor::Weight2 {
                u1: u11,
                u0: u10,
                v1: v11,
                v0: v10,
            },
            choice,
        ))
    }
}
