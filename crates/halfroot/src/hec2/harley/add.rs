//! Harley's addition of two weight-2 divisors in the generic case, in Lange's explicit
//! form, characteristic 2.
//!
//! Source: Lange, *Formulae for arithmetic on genus 2 hyperelliptic curves*, AAECC 15
//! (2005) 295–328 (= ePrint 2002/121), the table "Addition, deg u₁ = deg u₂ = 2" with every
//! sign dropped (2 = 0): resultant r of u₁, u₂; the almost inverse r/u₂ mod u₁;
//! s′ = r·s = (v₁ + v₂)·(r/u₂) mod u₁; one inversion of r·s′₁ giving 1/s′₁, s₁ and 1/s₁;
//! l′ = s″·u₂ with s″ = x + s₀/s₁; u′ = (s″·l′ + (s″·h + k₂/s₁)/s₁)/u₁ with
//! k₂ = (f + hv₂ + v₂²)/u₂, of which only the x³ and x² coefficients are needed;
//! v′ = (h + s₁·l′ + v₂) mod u′.
//!
//! # Cost
//! 21M + 3S + 1I, plus one M for each product with a curve coefficient outside {0, 1}
//! (counted by `Hec2Curve::mul_coeff`): h₂·(1/s₁), h₁·(1/s₁), h₂·u′₁, h₂·u′₀. f₄ enters
//! only through an addition.
//!
//! | shape | h | cost |
//! |---|---|---|
//! | C1, C2, C6, [`CurveShape::PelzlQuadratic`](crate::hec2::CurveShape::PelzlQuadratic) | h₂ = h₁ = 1 | 21M + 3S + 1I |
//! | [`CurveShape::PelzlX`](crate::hec2::CurveShape::PelzlX) | h = x | 21M + 3S + 1I |
//! | [`CurveShape::MonicH`](crate::hec2::CurveShape::MonicH), h₁ ∉ {0, 1} | h₂ = 1 | 22M + 3S + 1I (Lange's count) |
//! | [`CurveShape::LowDegreeH`](crate::hec2::CurveShape::LowDegreeH), h₁ ∉ {0, 1} | h = h₁x + h₀ | 22M + 3S + 1I |
//! | [`CurveShape::General`](crate::hec2::CurveShape::General) | h₂, h₁ ∉ {0, 1} | 25M + 3S + 1I |
//!
//! Lange states I + 22M + 3S; the 22nd multiplication is h₁·(1/s₁) (her (h₁ + 2v₂₁)·w₄),
//! free here when h₁ ∈ {0, 1}.
//!
//! # Exceptional cases (→ `None`, left to Cantor by
//! [`Hec2Curve::add_vartime`](crate::hec2::Hec2Curve::add_vartime))
//! - a weight below 2 on either side;
//! - r = 0: u₁ and u₂ have a common root (this covers D₁ = D₂, D₁ = −D₂ and every sum
//!   that is partly a doubling);
//! - s′₁ = 0: the sum has weight ≤ 1 (Lange's "if s′₁ = 0" branch).
//!
//! Variable-time: it branches on r = 0 and s′₁ = 0.

use crate::binary::field::BinaryFieldOps;
use crate::hec2::{Divisor, Hec2Curve};

impl<F: BinaryFieldOps> Hec2Curve<F> {
    /// D₁ + D₂ by Lange's explicit addition for two weight-2 divisors with coprime u₁, u₂
    /// and a sum of weight 2; `None` in every other case (see the module documentation).
    /// 21M + 3S + 1I on h₂, h₁ ∈ {0, 1}. Variable-time.
    pub fn add_lange(
        &self,
        d1: &Divisor<F::Elem>,
        d2: &Divisor<F::Elem>,
    ) -> Option<Divisor<F::Elem>> {
        let (
            Divisor::Weight2 {
                u1: u11,
                u0: u10,
                v1: v11,
                v0: v10,
            },
            Divisor::Weight2 {
                u1: u21,
                u0: u20,
                v1: v21,
                v0: v20,
            },
        ) = (d1, d2)
        else {
            return None;
        };
        let fl = &self.field;
        let [_, h1, h2] = &self.h;
        let [_, hk1, hk2] = self.h_kind;
        let f4 = &self.f[4];

        // Step 1: the resultant r of u₁ and u₂ (3M + 1S).
        let z1 = fl.add(u11, u21);
        let z2 = fl.add(u20, u10);
        let z3 = fl.add(&fl.mul(u11, &z1), &z2);
        let r = fl.add(&fl.mul(&z2, &z3), &fl.mul(&fl.sqr(&z1), u10));
        if fl.is_zero(&r) {
            return None;
        }
        // Step 2: the almost inverse r/u₂ mod u₁ = z1·x + z3.
        let (inv1, inv0) = (&z1, &z3);
        // Step 3: s′ = (v₁ + v₂)·inv mod u₁, Karatsuba (5M).
        let w0 = fl.add(v10, v20);
        let w1 = fl.add(v11, v21);
        let w2 = fl.mul(inv0, &w0);
        let w3 = fl.mul(inv1, &w1);
        let s1p = fl.add(
            &fl.add(&fl.mul(&fl.add(inv0, inv1), &fl.add(&w0, &w1)), &w2),
            &fl.mul(&w3, &fl.add(&fl.one(), u11)),
        );
        let s0p = fl.add(&w2, &fl.mul(u10, &w3));
        if fl.is_zero(&s1p) {
            return None;
        }
        // Step 4: one inversion; w2 = 1/s′₁, w3 = s₁, w4 = 1/s₁, w5 = 1/s₁² (1I + 5M + 2S).
        let w1 = fl.inv(&fl.mul(&r, &s1p))?;
        let w2 = fl.mul(&r, &w1);
        let w3 = fl.mul(&fl.sqr(&s1p), &w1);
        let w4 = fl.mul(&r, &w2);
        let w5 = fl.sqr(&w4);
        let s0pp = fl.mul(&s0p, &w2);
        // Step 5: l′ = s″·u₂ = x³ + l2·x² + l1·x + l0 (2M).
        let l2 = fl.add(u21, &s0pp);
        let l1 = fl.add(&fl.mul(u21, &s0pp), u20);
        let l0 = fl.mul(u20, &s0pp);
        // Step 6: u′ (2M, + h₂·w4 and h₁·w4).
        let h2w4 = self.mul_coeff(hk2, h2, &w4);
        let up1 = fl.add(&fl.add(&z1, &h2w4), &w5);
        let up0 = fl.add(
            &fl.add(
                &fl.mul(&fl.add(&s0pp, u11), &fl.add(&fl.add(&s0pp, &z1), &h2w4)),
                &fl.add(u10, &l1),
            ),
            &fl.add(
                &self.mul_coeff(hk1, h1, &w4),
                &fl.mul(&fl.add(&z1, f4), &w5),
            ),
        );
        // Step 7: v′ = (h + s₁·l′ + v₂) mod u′ (4M, + h₂·u′₁ and h₂·u′₀).
        Some(self.harley_v_new((&l2, &l1, &l0), up1, up0, &w3, (v21, v20)))
    }
}
