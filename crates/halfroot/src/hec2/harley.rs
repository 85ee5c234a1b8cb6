//! Harley's explicit group law on genus-2 binary curves: addition and doubling of
//! weight-2 divisors in the generic case, with Cantor's law behind them for everything
//! else.
//!
//! Sources: Harley (2000) for the method; Lange, *Formulae for arithmetic on genus 2
//! hyperelliptic curves*, AAECC 15 (2005) 295–328 (= ePrint 2002/121) for the explicit
//! addition and doubling over any field; Pelzl–Wollinger–Paar, ePrint 2003/212, for the
//! doublings on h = x² + x + h₀, f₄ = 0 and on y² + xy = x⁵ + f₁x + f₀;
//! Kitamura–Katagi–Takagi, Table 1, for the doubling costs the halving is compared with.
//!
//! | function | formula | cost |
//! |---|---|---|
//! | [`Hec2Curve::add_harley`] | [`add`]: Lange's addition, every shape | 21M + 3S + 1I (h₂, h₁ ∈ {0, 1}); 22M + 3S + 1I (h₂ = 1, h₁ ∉ {0, 1}) |
//! | [`Hec2Curve::double_harley`], [`CurveShape::MonicH`], [`CurveShape::General`], [`CurveShape::LowDegreeH`] | [`dbl`]: Lange's HarleyDBL | 22M + 5S + 1I (h₂ = 1, f₄ ∈ {0, 1}); 20M + 5S + 1I when also h₁ ∈ {0, 1} |
//! | [`Hec2Curve::double_harley`], [`CurveShape::PelzlQuadratic`] | [`dbl`]: PWP, h = x² + x + h₀, f₄ = 0 | 20M + 5S + 1I |
//! | [`Hec2Curve::double_harley`], [`CurveShape::PelzlX`] | [`dbl`]: h = x, f = x⁵ + f₁x + f₀ | 6M + 5S + 1I (PWP: 9M + 6S + 1I) |
//! | [`Hec2Curve::add_vartime`], [`Hec2Curve::double_vartime`] | the above, else Cantor | as above in the generic case |
//!
//! The formulae return `None` exactly when they do not apply — an input of weight < 2,
//! u₁, u₂ with a common root (D₁ = ±D₂ among them), gcd(u, h) ≠ 1 for a doubling, or a
//! result of weight < 2 — detected inside the formula (a resultant or a leading
//! coefficient that is 0), never by running Cantor first. [`Hec2Curve::add_vartime`]
//! and [`Hec2Curve::double_vartime`] then fall back to [`Hec2Curve::add_cantor`] and
//! [`Hec2Curve::double_cantor`]; 0 is handled directly, weight-1 inputs by Cantor.
//!
//! Everything here is variable-time: the formulae branch on the exceptional cases, and
//! the fallback takes a different path with a different cost.

pub mod add;
pub mod dbl;

use super::curve::{CurveShape, Hec2Curve};
use super::divisor::Divisor;
use crate::binary::field::BinaryFieldOps;

/// l′ = s·u as its three low coefficients (l₂, l₁, l₀).
pub(crate) type LowCoefficients<'a, E> = (&'a E, &'a E, &'a E);

impl<F: BinaryFieldOps> Hec2Curve<F> {
    /// D₁ + D₂ by Lange's explicit addition ([`Hec2Curve::add_lange`]); `None` when it
    /// does not apply (weights < 2, u₁ and u₂ not coprime, a sum of weight < 2).
    /// Variable-time.
    pub fn add_harley(
        &self,
        d1: &Divisor<F::Elem>,
        d2: &Divisor<F::Elem>,
    ) -> Option<Divisor<F::Elem>> {
        self.add_lange(d1, d2)
    }

    /// 2D by the HarleyDBL of the curve's shape: [`Hec2Curve::double_pwp_x`] on
    /// [`CurveShape::PelzlX`], [`Hec2Curve::double_pwp_quadratic`] on
    /// [`CurveShape::PelzlQuadratic`], [`Hec2Curve::double_lange`] otherwise; `None`
    /// when it does not apply (weight < 2, gcd(u, h) ≠ 1, a double of weight < 2).
    /// Variable-time.
    pub fn double_harley(&self, d: &Divisor<F::Elem>) -> Option<Divisor<F::Elem>> {
        match self.shape() {
            CurveShape::PelzlX => self.double_pwp_x(d),
            CurveShape::PelzlQuadratic => self.double_pwp_quadratic(d),
            CurveShape::MonicH | CurveShape::General | CurveShape::LowDegreeH => {
                self.double_lange(d)
            }
        }
    }

    /// D₁ + D₂, any inputs: 0 returns the other summand, two weight-2 divisors go
    /// through [`Hec2Curve::add_harley`], everything else (and every case the formula
    /// leaves out) through [`Hec2Curve::add_cantor`]. Variable-time.
    pub fn add_vartime(&self, d1: &Divisor<F::Elem>, d2: &Divisor<F::Elem>) -> Divisor<F::Elem> {
        match (d1, d2) {
            (Divisor::Zero, _) => d2.clone(),
            (_, Divisor::Zero) => d1.clone(),
            _ => self
                .add_harley(d1, d2)
                .unwrap_or_else(|| self.add_cantor(d1, d2)),
        }
    }

    /// 2D, any input: 0 → 0, weight 2 through [`Hec2Curve::double_harley`], everything
    /// else (and every case the formula leaves out) through
    /// [`Hec2Curve::double_cantor`]. Variable-time.
    pub fn double_vartime(&self, d: &Divisor<F::Elem>) -> Divisor<F::Elem> {
        match d {
            Divisor::Zero => Divisor::Zero,
            _ => self
                .double_harley(d)
                .unwrap_or_else(|| self.double_cantor(d)),
        }
    }

    /// The last step of Harley's addition and doubling, shared by both: with
    /// l′ = l₂x² + l₁x + l₀ (the low part of s·u), u′ = x² + u′₁x + u′₀, s₁ = `s1` and
    /// the summand's v = v₁x + v₀, v′ = (h + s₁·l′ + v) mod u′:
    /// t = l₂ + u′₁, v′₁ = (u′₁t + u′₀ + l₁)s₁ + v₁ + h₁ + h₂u′₁,
    /// v′₀ = (u′₀t + l₀)s₁ + v₀ + h₀ + h₂u′₀ (4M, plus h₂·u′₁ and h₂·u′₀ unless
    /// h₂ ∈ {0, 1}).
    pub(crate) fn harley_v_new(
        &self,
        (l2, l1, l0): LowCoefficients<'_, F::Elem>,
        up1: F::Elem,
        up0: F::Elem,
        s1: &F::Elem,
        (v1, v0): (&F::Elem, &F::Elem),
    ) -> Divisor<F::Elem> {
        let fl = &self.field;
        let [h0, h1, h2] = &self.h;
        let hk2 = self.h_kind[2];
        let t = fl.add(l2, &up1);
        let a1 = fl.add(&fl.add(&fl.mul(&up1, &t), &up0), l1);
        let vp1 = fl.add(
            &fl.add(&fl.mul(&a1, s1), v1),
            &fl.add(h1, &self.mul_coeff(hk2, h2, &up1)),
        );
        let a0 = fl.add(&fl.mul(&up0, &t), l0);
        let vp0 = fl.add(
            &fl.add(&fl.mul(&a0, s1), v0),
            &fl.add(h0, &self.mul_coeff(hk2, h2, &up0)),
        );
        Divisor::Weight2 {
            u1: up1,
            u0: up0,
            v1: vp1,
            v0: vp0,
        }
    }
}
