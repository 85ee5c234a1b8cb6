//! Harley's doubling of a weight-2 divisor in the generic case (HarleyDBL): Lange's
//! explicit form for any h, and Pelzl–Wollinger–Paar's two special families.
//!
//! Sources: Lange, *Formulae for arithmetic on genus 2 hyperelliptic curves*, AAECC 15
//! (2005) 295–328 (= ePrint 2002/121), the table "Doubling, deg u = 2", signs dropped
//! (2 = 0); Pelzl–Wollinger–Paar, *High performance arithmetic for hyperelliptic curve
//! cryptosystems of genus two*, ePrint 2003/212, the doublings for h = x² + x + h₀,
//! f₄ = 0 and for y² + xy = x⁵ + f₁x + f₀; Kitamura–Katagi–Takagi, Table 1 (the costs
//! their halving is compared with).
//!
//! # Method (HarleyDBL, Kitamura–Katagi–Takagi Algorithm 1)
//! With k = (f + hv + v²)/u, the doubled divisor has v_new = s·u + v where
//! s ≡ k/h mod u. In Lange's steps: ṽ = h mod u; r = Res(u, ṽ) and the almost inverse
//! r/ṽ mod u; k′ = k mod u, k′₁ = f₃ + h₂v₁ + u₁², k′₀ = f₂ + v₁² + h₁v₁ + h₂v₀ +
//! u₁(k′₁ + f₄u₁); s′ = r·s = k′·(r/ṽ) mod u; one inversion of r·s′₁ giving 1/s′₁, s₁
//! and 1/s₁; u′ = (s² + (k + hs)/u)/s₁², i.e. u′₁ = h₂/s₁ + 1/s₁² and
//! u′₀ = s″₀² + (h₂(s″₀ + u₁) + h₁)/s₁ + f₄/s₁² (s″ = x + s₀/s₁); and
//! v′ = (h + s₁·l′ + v) mod u′ with l′ = s″·u.
//!
//! # Cost
//! | function | shape | cost | published |
//! |---|---|---|---|
//! | [`Hec2Curve::double_lange`] | h₂ = 1, h₁ ∉ {0, 1}, f₄ ∈ {0, 1} ([`CurveShape::MonicH`]) | 22M + 5S + 1I | 22M + 5S + 1I (Lange) |
//! | [`Hec2Curve::double_lange`] | h₂ = 1, h₁ ∈ {0, 1}, f₄ ∈ {0, 1} (C1, C2, C6) | 20M + 5S + 1I | — |
//! | [`Hec2Curve::double_lange`] | h₂, h₁, f₄ ∉ {0, 1} ([`CurveShape::General`]) | 32M + 5S + 1I | — |
//! | [`Hec2Curve::double_lange`] | h₂ = 1, h₁ ∉ {0, 1}, f₄ ∉ {0, 1} | 24M + 5S + 1I | — |
//! | [`Hec2Curve::double_lange`] | h = h₁x + h₀, h₁ ∉ {0, 1}, f₄ = 0 ([`CurveShape::LowDegreeH`]) | 22M + 5S + 1I (ṽ₁² = h₁² is one S) | — |
//! | [`Hec2Curve::double_pwp_quadratic`] | h = x² + x + h₀, f₄ = 0 ([`CurveShape::PelzlQuadratic`]) | 20M + 5S + 1I | 20M + 5S + 1I (PWP) |
//! | [`Hec2Curve::double_pwp_x`] | y² + xy = x⁵ + f₁x + f₀ ([`CurveShape::PelzlX`]) | 6M + 5S + 1I | 9M + 6S + 1I (PWP) |
//!
//! Products with a curve coefficient go through `Hec2Curve::mul_coeff` (free for 0 and
//! 1, one M otherwise); f₄ costs 2M when it is not 0 or 1 (f₄u₁ and f₄/s₁²). Where
//! h₂, h₁ ∈ {0, 1}, ṽ₁² = h₁ + h₂u₁² and u₁ṽ₁ = h₁u₁ + h₂u₁² are free; where h₁ ∉ {0, 1}
//! the term v₁² + h₁v₁ of k′₀ is computed as v₁(v₁ + h₁), one M instead of S + M —
//! this is how h₂ = 1 keeps Lange's 5S.
//!
//! [`Hec2Curve::double_pwp_quadratic`] is Lange's table with h₂ = h₁ = 1 and f₄ = 0
//! substituted (ṽ = (u₁ + 1)x + u₀ + h₀, ṽ₁² = u₁² + 1, u₁ṽ₁ = u₁² + u₁): h₀ enters
//! only through additions, so h₀ = 1 and h₀ ∉ {0, 1} cost the same, as Table 1 says.
//!
//! [`Hec2Curve::double_pwp_x`] (h = x, f₄ = f₃ = f₂ = 0) is derived here from the same
//! method: ṽ = x, r = u₀, r/ṽ mod u = x + u₁, so s₁ = k′₀/u₀ with
//! k′₀ = v₁² + v₁ + u₁³, and s₀ = u₁² + u₁s₁. Only w = 1/s₁ = u₀/k′₀ is needed (one I,
//! one M): with b = u₁²w and s″₀ = b + u₁,
//! u′₁ = w², u′₀ = s″₀² + w,
//! v′₁ = w·(u₁⁴ + b + w²) + v₁², v′₀ = s″₀·k′₀ + (u₁² + w)·u′₀ + v₀,
//! which is 6M + 5S + 1I against the 9M + 6S + 1I PWP state (their step-by-step table
//! was not at hand, so the saving is not located in it): s₁ itself is never formed
//! (s₁u₀ = k′₀ and s₀ + s₁u₁ = u₁² absorb it), so the inversion yields 1/s₁ directly
//! instead of Lange's five products and the squaring s′₁² around it, and v′ reuses
//! s″₀ + u₁ = u₁²/s₁. Lange's general table ([`Hec2Curve::double_lange`]) costs
//! 19M + 5S + 1I on this curve.
//!
//! # Exceptional cases (→ `None`, left to Cantor by
//! [`Hec2Curve::double_vartime`](crate::hec2::Hec2Curve::double_vartime))
//! - weight below 2;
//! - r = 0: gcd(u, h) ≠ 1 (a point of u is a root of h, so it is 2-torsion); for h = x,
//!   u₀ = 0;
//! - s′₁ = 0 (for h = x: k′₀ = 0): 2D has weight ≤ 1;
//! - [`Hec2Curve::double_pwp_quadratic`] and [`Hec2Curve::double_pwp_x`] on a curve of
//!   another shape.
//!
//! Variable-time: every function branches on these cases.

use crate::binary::field::BinaryFieldOps;
use crate::ec2::curve::Coefficient;
use crate::hec2::{CurveShape, Divisor, Hec2Curve};

impl<F: BinaryFieldOps> Hec2Curve<F> {
    /// 2D by Lange's HarleyDBL for any h (22M + 5S + 1I for h₂ = 1, see the module
    /// documentation for every shape); `None` for weight < 2, gcd(u, h) ≠ 1 or a double
    /// of weight < 2. Variable-time.
    pub fn double_lange(&self, d: &Divisor<F::Elem>) -> Option<Divisor<F::Elem>> {
        let Divisor::Weight2 { u1, u0, v1, v0 } = d else {
            return None;
        };
        let fl = &self.field;
        let [h0, h1, h2] = &self.h;
        let [_, hk1, hk2] = self.h_kind;
        let f = &self.f;
        let fk4 = self.f_kind[4];
        let other = |k: Coefficient| k == Coefficient::Other;

        // Step 1: ṽ = h mod u.
        let vt1 = fl.add(h1, &self.mul_coeff(hk2, h2, u1));
        let vt0 = fl.add(h0, &self.mul_coeff(hk2, h2, u0));
        // Step 2: r = Res(u, ṽ) = u₀ṽ₁² + ṽ₀(ṽ₀ + u₁ṽ₁).
        let uu1 = fl.sqr(u1);
        let (vt1_sq, u1vt1) = if !other(hk1) && !other(hk2) {
            // h₁² = h₁: both are sums of free products.
            (
                fl.add(h1, &self.mul_coeff(hk2, h2, &uu1)),
                fl.add(&self.mul_coeff(hk1, h1, u1), &self.mul_coeff(hk2, h2, &uu1)),
            )
        } else if !other(hk1) || !other(hk2) {
            (
                fl.sqr(&vt1),
                fl.add(&self.mul_coeff(hk1, h1, u1), &self.mul_coeff(hk2, h2, &uu1)),
            )
        } else {
            (fl.sqr(&vt1), fl.mul(u1, &vt1))
        };
        let inv1 = vt1;
        let inv0 = fl.add(&vt0, &u1vt1);
        let r = fl.add(&fl.mul(u0, &vt1_sq), &fl.mul(&vt0, &inv0));
        if fl.is_zero(&r) {
            return None;
        }
        // Step 4: k′ = k mod u.
        let k1 = fl.add(&fl.add(&f[3], &self.mul_coeff(hk2, h2, v1)), &uu1);
        let v1_part = if other(hk1) {
            fl.mul(v1, &fl.add(v1, h1))
        } else {
            fl.add(&fl.sqr(v1), &self.mul_coeff(hk1, h1, v1))
        };
        let k0 = fl.add(
            &fl.add(&f[2], &v1_part),
            &fl.add(
                &self.mul_coeff(hk2, h2, v0),
                &fl.mul(u1, &fl.add(&k1, &self.mul_coeff(fk4, &f[4], u1))),
            ),
        );
        // Steps 5–9.
        self.harley_dbl_tail(d, &r, &inv1, &inv0, &k1, &k0, |s0pp, w4, w5| {
            // u′₁ = h₂/s₁ + 1/s₁², u′₀ = s″₀² + (h₂(s″₀ + u₁) + h₁)/s₁ + f₄/s₁².
            let up1 = fl.add(&self.mul_coeff(hk2, h2, w4), w5);
            let mid = if hk2 == Coefficient::Zero {
                self.mul_coeff(hk1, h1, w4)
            } else {
                let t = fl.add(&self.mul_coeff(hk2, h2, &fl.add(s0pp, u1)), h1);
                fl.mul(w4, &t)
            };
            let up0 = fl.add(
                &fl.add(&fl.sqr(s0pp), &mid),
                &self.mul_coeff(fk4, &f[4], w5),
            );
            (up1, up0)
        })
    }

    /// 2D by Pelzl–Wollinger–Paar's HarleyDBL for h = x² + x + h₀, f₄ = 0
    /// ([`CurveShape::PelzlQuadratic`]): 20M + 5S + 1I. `None` on another shape, for
    /// weight < 2, gcd(u, h) ≠ 1 or a double of weight < 2. Variable-time.
    pub fn double_pwp_quadratic(&self, d: &Divisor<F::Elem>) -> Option<Divisor<F::Elem>> {
        if self.shape() != CurveShape::PelzlQuadratic {
            return None;
        }
        let Divisor::Weight2 { u1, u0, v1, v0 } = d else {
            return None;
        };
        let fl = &self.field;
        let h0 = &self.h[0];
        let f = &self.f;
        let one = fl.one();
        // ṽ = (u₁ + 1)x + (u₀ + h₀); ṽ₁² = u₁² + 1, u₁ṽ₁ = u₁² + u₁ (1S).
        let uu1 = fl.sqr(u1);
        let vt1 = fl.add(u1, &one);
        let vt0 = fl.add(u0, h0);
        let inv0 = fl.add(&vt0, &fl.add(&uu1, u1));
        // r = u₀(u₁² + 1) + ṽ₀·inv₀ (2M).
        let r = fl.add(&fl.mul(u0, &fl.add(&uu1, &one)), &fl.mul(&vt0, &inv0));
        if fl.is_zero(&r) {
            return None;
        }
        // k′₁ = f₃ + v₁ + u₁², k′₀ = f₂ + v₁² + v₁ + v₀ + u₁k′₁ (1M + 1S).
        let k1 = fl.add(&fl.add(&f[3], v1), &uu1);
        let k0 = fl.add(
            &fl.add(&f[2], &fl.add(&fl.sqr(v1), v1)),
            &fl.add(v0, &fl.mul(u1, &k1)),
        );
        self.harley_dbl_tail(d, &r, &vt1, &inv0, &k1, &k0, |s0pp, w4, w5| {
            // u′₁ = 1/s₁ + 1/s₁², u′₀ = s″₀² + (s″₀ + u₁ + 1)/s₁ (1M + 1S).
            let up1 = fl.add(w4, w5);
            let up0 = fl.add(&fl.sqr(s0pp), &fl.mul(w4, &fl.add(&fl.add(s0pp, u1), &one)));
            (up1, up0)
        })
    }

    /// Steps 5–9 shared by Lange's and PWP's quadratic doubling: s′ = k′·inv mod u
    /// (5M), one inversion (1I + 5M + 2S), l′ = s″u (2M), u′ from `u_new(s″₀, 1/s₁,
    /// 1/s₁²)`, v′ = (h + s₁l′ + v) mod u′ (4M + h₂·u′₁ + h₂·u′₀).
    #[allow(clippy::too_many_arguments)]
    fn harley_dbl_tail(
        &self,
        d: &Divisor<F::Elem>,
        r: &F::Elem,
        inv1: &F::Elem,
        inv0: &F::Elem,
        k1: &F::Elem,
        k0: &F::Elem,
        u_new: impl FnOnce(&F::Elem, &F::Elem, &F::Elem) -> (F::Elem, F::Elem),
    ) -> Option<Divisor<F::Elem>> {
        let Divisor::Weight2 { u1, u0, v1, v0 } = d else {
            return None;
        };
        let fl = &self.field;
        // Step 5: s′ = k′·inv mod u, Karatsuba (5M).
        let w0 = fl.mul(k0, inv0);
        let w1 = fl.mul(k1, inv1);
        let s1p = fl.add(
            &fl.add(&fl.mul(&fl.add(inv0, inv1), &fl.add(k0, k1)), &w0),
            &fl.mul(&w1, &fl.add(&fl.one(), u1)),
        );
        let s0p = fl.add(&w0, &fl.mul(u0, &w1));
        if fl.is_zero(&s1p) {
            return None;
        }
        // Step 6: w2 = 1/s′₁, w3 = s₁, w4 = 1/s₁, w5 = 1/s₁² (1I + 5M + 2S).
        let w1 = fl.inv(&fl.mul(r, &s1p))?;
        let w2 = fl.mul(r, &w1);
        let w3 = fl.mul(&fl.sqr(&s1p), &w1);
        let w4 = fl.mul(r, &w2);
        let w5 = fl.sqr(&w4);
        let s0pp = fl.mul(&s0p, &w2);
        // Step 7: l′ = s″·u (2M).
        let l2 = fl.add(u1, &s0pp);
        let l1 = fl.add(&fl.mul(u1, &s0pp), u0);
        let l0 = fl.mul(u0, &s0pp);
        // Step 8: u′.
        let (up1, up0) = u_new(&s0pp, &w4, &w5);
        // Step 9: v′ (4M + h₂·u′₁ + h₂·u′₀).
        Some(self.harley_v_new((&l2, &l1, &l0), up1, up0, &w3, (v1, v0)))
    }

    /// 2D on y² + xy = x⁵ + f₁x + f₀ ([`CurveShape::PelzlX`]): 6M + 5S + 1I (the
    /// derivation is in the module documentation). `None` on another shape, for
    /// weight < 2, u₀ = 0 (x | u) or k′₀ = 0 (a double of weight < 2). Variable-time.
    pub fn double_pwp_x(&self, d: &Divisor<F::Elem>) -> Option<Divisor<F::Elem>> {
        if self.shape() != CurveShape::PelzlX {
            return None;
        }
        let Divisor::Weight2 { u1, u0, v1, v0 } = d else {
            return None;
        };
        let fl = &self.field;
        if fl.is_zero(u0) {
            return None;
        }
        // k′₀ = v₁² + v₁ + u₁³ (1M + 2S).
        let a = fl.sqr(u1);
        let vv1 = fl.sqr(v1);
        let k0 = fl.add(&fl.add(&vv1, v1), &fl.mul(u1, &a));
        // w = 1/s₁ = u₀/k′₀ (1I + 1M).
        let w = fl.mul(u0, &fl.inv(&k0)?);
        let ww = fl.sqr(&w);
        // b = u₁²w, s″₀ = b + u₁ = s₀/s₁ (1M).
        let b = fl.mul(&a, &w);
        let s0pp = fl.add(&b, u1);
        // u′ = x² + w²x + s″₀² + w (1S).
        let up1 = ww.clone();
        let up0 = fl.add(&fl.sqr(&s0pp), &w);
        // v′₁ = w(u₁⁴ + b + w²) + v₁² (1M + 1S); v′₀ = s″₀k′₀ + (u₁² + w)u′₀ + v₀ (2M).
        let vp1 = fl.add(&fl.mul(&w, &fl.add(&fl.add(&fl.sqr(&a), &b), &ww)), &vv1);
        let vp0 = fl.add(
            &fl.add(&fl.mul(&s0pp, &k0), &fl.mul(&fl.add(&a, &w), &up0)),
            v0,
        );
        Some(Divisor::Weight2 {
            u1: up1,
            u0: up0,
            v1: vp1,
            v0: vp0,
        })
    }
}
