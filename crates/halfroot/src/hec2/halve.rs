//! Divisor halving on genus-2 binary curves (Kitamura–Katagi–Takagi, "A point halving
//! algorithm for hyperelliptic curves", §3 and Appendix B).
//!
//! HarleyDBL maps D₁ = (U₁, V₁) to D₂ = (U₂, V₂) through V₁′ + h = k·U₂ + V₂ with
//! k = k₁x + k₀ and U₂′U₁′ = f + hV₁′ + V₁′², U₁′ = U₁² (§3.1). Halving runs it
//! backwards: the coefficients of x³ and x of U₁′ vanish, which gives the quadratic
//! equations (3) k₁h₂ + k₁²u₂₁ + 1 = 0 and (4) k₁h₀ + k₀h₁ + k₀²u₂₁ + c₁ = 0; the
//! coefficients of x² and 1 give u₁₁ and u₁₀ by square roots (5), (6); and
//! V₁ = V₂ + h + kU₂ mod U₁. Each quadratic has two roots; Lemma 1 (h irreducible,
//! #J = 2·r) picks the right k₁ by the trace of (4) and the right k₀ — the one whose
//! half lies in 2J, i.e. in the subgroup of order r — by the trace of the next
//! halving's equation (3).
//!
//! | algorithm | curves | cost (average; with the selection table) |
//! |---|---|---|
//! | [`alg3`] | h irreducible of degree 2 | 30M + 5S + 6I + 2.5SR + 2H + 2T (worst 32M + 3SR) |
//! | [`alg5`] | h = x² + x + h₀ (Tr h₀ = 1), f₄ = 0, 1/u₂₁ carried | 19.5M + 3S + 1I + 3SR + 2H + 2T (18.5M for h₀ = 1); 17M + 3S + 1I + 2SR + 2H (16M) |
//! | [`alg6`] | y² + xy = x⁵ + f₁x + f₀ | 11.5M + 2S + 1I + 4.5SR + 1H + 1T; with the table see [`alg6`] |
//! | [`alg5`], lean (ours) | as Algorithm 5; 1/k₁ = 1 + k₁u₂₁ from equation (3), the second square root only when k₀′ is right | 13.5M + 3S + 1I + 2.5SR + 2H + 2T for h₀ = 1 (14.5M otherwise); 13M + 3S + 1I + 2SR + 2H with the table |
//!
//! (M multiplication, S squaring, I inversion, SR square root, H half-trace or
//! quadratic solve, T trace; products with h or f coefficients equal to 0 or 1 are
//! free.) The first quadratic solve doubles as the membership test: equation (3) has
//! a root exactly when D₂ ∈ 2J, which on a curve with #J = 2·r is the subgroup of
//! order r.
//!
//! Inputs the derivation excludes — weight below 2, u₂₁ = 0 (U₂ a square: the half
//! has weight 1) — are reported as [`HalvingFailure::Degenerate`];
//! [`Hec2Curve::halve_vartime`] then halves by [(r + 1)/2]·D. Everything here is
//! variable-time.

pub mod alg3;
pub mod alg5;
pub mod alg6;

use super::curve::{CurveShape, Hec2Curve};
use super::divisor::Divisor;
use crate::binary::field::BinaryFieldOps;
use crate::error::{Error, Result};
use num_bigint::BigUint;
use num_traits::One;

/// The halving algorithms of Kitamura–Katagi–Takagi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HalvingAlgorithm {
    /// Algorithm 3, any irreducible h of degree 2.
    Alg3,
    /// Algorithm 5: h = x² + x + h₀, f₄ = 0, with 1/u₂₁ carried from one halving to
    /// the next by Montgomery's trick.
    Alg5,
    /// Algorithm 6: y² + xy = x⁵ + f₁x + f₀.
    Alg6,
    /// Algorithm 5 with 1/k₁ = 1 + k₁u₂₁ (equation (3)) instead of Montgomery's trick:
    /// 13.5M + 3S + 1I + 2.5SR + 2H + 2T on average for h₀ = 1 (ours; see
    /// [`alg5`]).
    Alg5Lean,
}

impl HalvingAlgorithm {
    /// Every algorithm, in the paper's order.
    pub const ALL: [HalvingAlgorithm; 4] = [
        HalvingAlgorithm::Alg3,
        HalvingAlgorithm::Alg5,
        HalvingAlgorithm::Alg6,
        HalvingAlgorithm::Alg5Lean,
    ];
    /// The name used on the command line (`alg3`, `alg5`, `alg6`).
    pub fn name(self) -> &'static str {
        match self {
            HalvingAlgorithm::Alg3 => "alg3",
            HalvingAlgorithm::Alg5 => "alg5",
            HalvingAlgorithm::Alg6 => "alg6",
            HalvingAlgorithm::Alg5Lean => "alg5-lean",
        }
    }
    /// The algorithm called `name`.
    pub fn from_name(name: &str) -> Result<Self> {
        Self::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| Error::UnknownAlgorithm {
                kind: "halving algorithm".into(),
                given: name.into(),
                known: "alg3, alg5, alg6, alg5-lean".into(),
            })
    }
}

/// Which root of each quadratic a halving took: `false` the first (k = H(γ)·α),
/// `true` the other (k + α). A fixed-base table stores these bits so that the trace
/// tests can be skipped.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct HalvingChoice {
    /// k₁′ was taken (Algorithms 3 and 5).
    pub k1_other: bool,
    /// k₀′ was taken.
    pub k0_other: bool,
}

/// Why an algorithm did not return a half.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HalvingFailure {
    /// Equation (3) has no root: D ∉ 2J (on a curve with #J = 2·r: D is not in the
    /// subgroup of order r).
    NotInTwoJ,
    /// An input the formulae exclude (weight < 2, u₂₁ = 0), or a curve the algorithm
    /// is not for.
    Degenerate,
}

/// A halving's result: the half, and the root choices it made.
pub type Halved<E> = core::result::Result<(Divisor<E>, HalvingChoice), HalvingFailure>;

impl<F: BinaryFieldOps> Hec2Curve<F> {
    /// Whether `algorithm` applies to this curve's shape (it may still be used only on
    /// curves with #J = 2·r to find the half in the prime-order subgroup).
    pub fn supports_halving(&self, algorithm: HalvingAlgorithm) -> bool {
        match algorithm {
            HalvingAlgorithm::Alg3 => self.h_is_irreducible(),
            HalvingAlgorithm::Alg5 | HalvingAlgorithm::Alg5Lean => {
                self.shape() == CurveShape::PelzlQuadratic && self.h_is_irreducible()
            }
            HalvingAlgorithm::Alg6 => self.shape() == CurveShape::PelzlX,
        }
    }

    /// The halving algorithm for this curve, when #J = 2·r is known (`None`
    /// otherwise): Algorithm 6, then Algorithm 5 in its lean form (fewer multiplications
    /// and square roots than the printed one and nothing more, so faster on every CPU),
    /// then Algorithm 3.
    pub fn default_halving_algorithm(&self) -> Option<HalvingAlgorithm> {
        let two = BigUint::from(2u32);
        if self.order().map(|o| &o.cofactor) != Some(&two) {
            return None;
        }
        [
            HalvingAlgorithm::Alg6,
            HalvingAlgorithm::Alg5Lean,
            HalvingAlgorithm::Alg3,
        ]
        .into_iter()
        .find(|&a| self.supports_halving(a))
    }

    /// One halving of `d` by `algorithm` (Algorithm 5 computes 1/u₂₁ first), choosing
    /// the roots by the trace tests, or as `table` says when given. For a divisor of
    /// this curve (not checked: [`Hec2Curve::halve_vartime`] checks).
    pub fn halve_with_vartime(
        &self,
        algorithm: HalvingAlgorithm,
        d: &Divisor<F::Elem>,
        table: Option<HalvingChoice>,
    ) -> Halved<F::Elem> {
        if !self.supports_halving(algorithm) {
            return Err(HalvingFailure::Degenerate);
        }
        match algorithm {
            HalvingAlgorithm::Alg3 => self.halve_alg3_vartime(d, table),
            HalvingAlgorithm::Alg5 | HalvingAlgorithm::Alg5Lean => {
                let Divisor::Weight2 { u1, .. } = d else {
                    return Err(HalvingFailure::Degenerate);
                };
                let inv = self.field.inv(u1).ok_or(HalvingFailure::Degenerate)?;
                let r = if algorithm == HalvingAlgorithm::Alg5 {
                    self.halve_alg5_vartime(d, &inv, table)
                } else {
                    self.halve_alg5_lean_vartime(d, &inv, table)
                };
                r.map(|(h, _, c)| (h, c))
            }
            HalvingAlgorithm::Alg6 => self.halve_alg6_vartime(d, table),
        }
    }

    /// Whether `d` lies in the subgroup of prime order r (\[r\]D = 0); the errors of
    /// [`Hec2Curve::check_divisor`] for a `d` that is not a divisor of the curve.
    /// Variable-time.
    pub fn is_in_subgroup_vartime(&self, d: &Divisor<F::Elem>) -> Result<bool> {
        let order = self.order().ok_or_else(|| self.order_unknown())?;
        self.check_divisor(d)?;
        Ok(self.mul_vartime_generic(&order.r, d).is_zero())
    }

    /// The half of `d` in the subgroup of prime order r, for `d` in that subgroup:
    /// by [`Hec2Curve::default_halving_algorithm`] where there is one, otherwise (and
    /// for the inputs it excludes) as [(r + 1)/2]·D. [`Error::PointNotInSubgroup`] for
    /// `d` outside the subgroup; [`Error::InvalidArgument`] when #J is unknown; the
    /// errors of [`Hec2Curve::check_divisor`] for a `d` that is not a divisor of the
    /// curve. Variable-time.
    pub fn halve_vartime(&self, d: &Divisor<F::Elem>) -> Result<Divisor<F::Elem>> {
        let order = self.order().ok_or_else(|| self.order_unknown())?;
        self.check_divisor(d)?;
        if d.is_zero() {
            return Ok(Divisor::Zero);
        }
        if let Some(alg) = self.default_halving_algorithm() {
            match self.halve_with_vartime(alg, d, None) {
                Ok((half, _)) => return Ok(half),
                Err(HalvingFailure::NotInTwoJ) => return Err(self.not_in_subgroup()),
                Err(HalvingFailure::Degenerate) => {}
            }
        }
        if !self.mul_vartime_generic(&order.r, d).is_zero() {
            return Err(self.not_in_subgroup());
        }
        let e = (&order.r + BigUint::one()) >> 1;
        Ok(self.mul_vartime_generic(&e, d))
    }

    pub(crate) fn not_in_subgroup(&self) -> Error {
        Error::PointNotInSubgroup {
            curve: self.name().into(),
            reason: "the divisor is not in the subgroup of prime order r".into(),
        }
    }

    /// [k]D by left-to-right double-and-add with the explicit formulae (used by the
    /// generic halving and the membership test).
    pub(crate) fn mul_vartime_generic(
        &self,
        k: &BigUint,
        d: &Divisor<F::Elem>,
    ) -> Divisor<F::Elem> {
        let mut acc = Divisor::Zero;
        for i in (0..k.bits()).rev() {
            acc = self.double_vartime(&acc);
            if k.bit(i) {
                acc = self.add_vartime(&acc, d);
            }
        }
        acc
    }
}
