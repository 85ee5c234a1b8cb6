//! Algorithm 3 of Kitamura–Katagi–Takagi (§3.2): halving on any curve whose h has
//! degree 2 and is irreducible (Tr(h₀h₂/h₁²) = 1), for #J = 2·r.
//!
//! The steps are the paper's, with three savings that change its count:
//! * 1/u₂₁ is computed once (the paper inverts u₂₁ in step 1 and again in step 2);
//! * the trace tests' constants 1/h₂² and 1/h₁² are curve constants, so γ = u₂₁/h₂²,
//!   (c₁ + k₁h₀)·u₂₁/h₁² and u₁₁/h₂² are products (the paper inverts u₂₁α² twice and
//!   h₂² once);
//! * 1/k₁ = h₂ + k₁u₂₁, from equation (3) k₁(h₂ + k₁u₂₁) = 1: one product instead of
//!   the paper's inversion.
//!
//! Cost on a curve whose h and f coefficients are all ∉ {0, 1}: 29M + 3S + 1I + 2SR +
//! 2H + 2T when both first roots are right, +2M when k₁′ is, +2M + 1SR when k₀′ is:
//! worst 33M + 3S + 1I + 3SR + 2H + 2T, average 31M + 3S + 1I + 2.5SR + 2H + 2T (the
//! paper: worst 32M + 5S + 6I + 3SR + 2H + 2T, average 30M + 5S + 6I + 2.5SR + 2H + 2T;
//! five inversions and two squarings traded for one multiplication). With a selection
//! table the two traces and the corrections are skipped. Variable-time.

use super::{Halved, HalvingChoice, HalvingFailure};
use crate::binary::field::BinaryFieldOps;
use crate::hec2::curve::Hec2Curve;
use crate::hec2::divisor::Divisor;

impl<F: BinaryFieldOps> Hec2Curve<F> {
    /// Algorithm 3: the half of `d2` in 2J (see the module documentation); the roots
    /// are chosen by the trace tests, or as `table` says. Variable-time.
    pub fn halve_alg3_vartime(
        &self,
        d2: &Divisor<F::Elem>,
        table: Option<HalvingChoice>,
    ) -> Halved<F::Elem> {
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
        if !self.h_is_irreducible() {
            return Err(HalvingFailure::Degenerate);
        }
        let [h0, h1, h2] = &self.h;
        let [k_h0, k_h1, k_h2] = self.h_kind;
        let (ih1sq, k_ih1sq) = &self.inv_h_sq[0];
        let (ih2sq, k_ih2sq) = &self.inv_h_sq[1];
        let [_, _, f2, f3, f4, _] = &self.f;
        let hm = |k, c, x: &F::Elem| self.mul_coeff(k, c, x);
        let mut choice = HalvingChoice::default();

        // Step 1: k₁h₂ + k₁²u₂₁ + 1 = 0. With k₁ = α₁z, α₁ = h₂/u₂₁: z² + z = u₂₁/h₂².
        let iu = fl.inv(u21).ok_or(HalvingFailure::Degenerate)?;
        let alpha1 = hm(k_h2, h2, &iu);
        let gamma1 = hm(*k_ih2sq, ih2sq, u21);
        let z1 = fl
            .solve_quadratic_vartime(&gamma1)
            .ok_or(HalvingFailure::NotInTwoJ)?;
        let mut k1 = fl.mul(&z1, &alpha1);

        // Step 2: c₂, c₁, c₀; k₁h₀ + k₀h₁ + k₀²u₂₁ + c₁ = 0. With k₀ = α₀z, α₀ = h₁/u₂₁:
        // z² + z = (c₁ + k₁h₀)·u₂₁/h₁².
        let c2 = fl.add(f4, u21);
        let c1 = fl.add(
            &fl.add(f3, &hm(k_h2, h2, v21)),
            &fl.add(u20, &fl.mul(&c2, u21)),
        );
        let c0 = {
            let t = fl.add(&hm(k_h2, h2, v20), &hm(k_h1, h1, v21));
            let t = fl.add(&t, &fl.sqr(v21));
            let t = fl.add(&t, &fl.mul(&c2, u20));
            fl.add(&fl.add(f2, &t), &fl.mul(&c1, u21))
        };
        let alpha0 = hm(k_h1, h1, &iu);
        let beta = hm(*k_ih1sq, ih1sq, u21);
        let mut gamma0 = fl.mul(&fl.add(&c1, &hm(k_h0, h0, &k1)), &beta);
        let k1_other = match table {
            Some(t) => t.k1_other,
            None => fl.trace(&gamma0) == 1,
        };
        if k1_other {
            k1 = fl.add(&k1, &alpha1);
            gamma0 = fl.mul(&fl.add(&c1, &hm(k_h0, h0, &k1)), &beta);
            choice.k1_other = true;
        }
        let z0 = fl
            .solve_quadratic_vartime(&gamma0)
            .ok_or(HalvingFailure::NotInTwoJ)?;
        let mut k0 = fl.mul(&z0, &alpha0);

        // Step 3: u₁₁ = (k₀ + √(k₁h₁ + k₀h₂ + k₁²u₂₀ + c₂))/k₁, 1/k₁ = h₂ + k₁u₂₁; the
        // right k₀ makes xh₂ + x²u₁₁ + 1 = 0 solvable: Tr(u₁₁/h₂²) = 0.
        let ik1 = fl.add(h2, &fl.mul(&k1, u21));
        let k1sq = fl.sqr(&k1);
        let a = fl.add(
            &fl.add(&hm(k_h1, h1, &k1), &hm(k_h2, h2, &k0)),
            &fl.add(&fl.mul(&k1sq, u20), &c2),
        );
        let mut u11 = fl.mul(&fl.add(&k0, &fl.sqrt(&a)), &ik1);
        let k0_other = match table {
            Some(t) => t.k0_other,
            None => fl.trace(&hm(*k_ih2sq, ih2sq, &u11)) == 1,
        };
        if k0_other {
            // k₀′ = k₀ + α₀: u₁₁′ = u₁₁ + (√(α₀h₂) + α₀)/k₁.
            let s = fl.add(&fl.sqrt(&hm(k_h2, h2, &alpha0)), &alpha0);
            u11 = fl.add(&u11, &fl.mul(&s, &ik1));
            k0 = fl.add(&k0, &alpha0);
            choice.k0_other = true;
        }

        // Step 4: u₁₀ = √(k₀h₀ + k₀²u₂₀ + c₀)/k₁.
        let t = fl.add(&fl.add(&hm(k_h0, h0, &k0), &fl.mul(&fl.sqr(&k0), u20)), &c0);
        let u10 = fl.mul(&fl.sqrt(&t), &ik1);

        // Step 5: V₁ = V₂ + h + kU₂ mod U₁.
        let w = fl.add(&fl.add(h2, &fl.mul(&k1, &fl.add(u21, &u11))), &k0);
        let v11 = {
            let t = fl.add(v21, h1);
            let t = fl.add(&t, &fl.mul(&k1, &fl.add(u20, &u10)));
            let t = fl.add(&t, &fl.mul(&k0, u21));
            fl.add(&t, &fl.mul(&u11, &w))
        };
        let v10 = fl.add(
            &fl.add(v20, h0),
            &fl.add(&fl.mul(&k0, u20), &fl.mul(&u10, &w)),
        );
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
