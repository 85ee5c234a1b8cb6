//! Point halving: given P of odd order, the unique Q of odd order with 2Q = P.
//!
//! Sources: Knudsen, *Elliptic scalar multiplication using point halving*, ASIACRYPT
//! 1999; Schroeppel 2000; Fong–Hankerson–López–Menezes, *Field inversion and point
//! halving revisited*, IEEE TC 53(8), 2004, §3 (the λ-representation, HMV Algorithm
//! 3.81); King–Rubin, ACISP 2004 (cofactor 4). Avanzi's square-root-friendly fields make
//! the square root, one of its four operations, nearly free.
//!
//! # The λ-representation
//! P = (x, λ) with λ = x + y/x (so y = x(λ + x), 1M). Doubling Q = (u, v) gives
//! x_P = λ_Q² + λ_Q + a and y_P = u² + (λ_Q + 1)·x_P, so halving solves
//! λ̂² + λ̂ = x_P + a (a half-trace: λ_Q ∈ {λ̂, λ̂ + 1}) and then
//! u² = y_P + (λ_Q + 1)·x_P. With t = y_P + λ̂·x_P = x_P(λ_P + x_P + λ̂):
//! λ_Q = λ̂ gives u² = t + x_P, λ_Q = λ̂ + 1 gives u² = t. The two choices are the two
//! halves Q and Q + T₂ (T₂ = (0, √b), the only point of order 2).
//!
//! # Cofactor 2 (v = 1, Tr(a) = 1: every B-curve and K-163)
//! Exactly one half lies in 2E, the one with Tr(u) = Tr(a) = 1: λ_Q = λ̂ when
//! Tr(t) = 0, else λ̂ + 1. Cost **1M + 1H + 1T + 1SR** (from the λ-representation;
//! the same from affine input, where t = y + λ̂x).
//!
//! In a chain of halvings (halve-and-add) the order of these operations matters more
//! than their number: each halving's λ̂ = H(u + a) waits for u = √(u²), which waits
//! for the previous trace, multiplication and half-trace. For odd d, H is F₂-linear and
//! commutes with √, so H(u + a) = H(√(u²)) + H(a), and H∘√ is one more linear map,
//! tabulated like H ([`BinaryFieldOps::half_trace_of_sqrt_vartime`]). The variable-time
//! chains ([`BinaryCurve::lambda_point_vartime`], then
//! [`BinaryCurve::halve_lambda_in_place`] as halve-and-add runs it) carry λ̂ of the
//! current point in [`LambdaPoint::lambda_hat`] and compute the next one from u² by
//! that table, beside the square root instead of after it: the same 1M + 1H + 1T +
//! 1SR per halving (the chain's first λ̂ is computed when it starts), one square root
//! less on the critical path of every step. The choice by Tr(t) is made with a select,
//! not a branch (Tr(t) is a coin toss, so a branch is mispredicted every other halving).
//!
//! # Cofactor 4 (v = 2, Tr(a) = 0: K-233, K-283, K-409, K-571)
//! Both halves lie in 2E (T₂ = 2T₄ ∈ 2E), so the trace of u cannot choose; the half of
//! odd order is the one whose own halves lie in 2E, i.e. Tr(y_Q + λ̂_Q·u) = 0 with
//! λ̂_Q = H(u + a). For odd d the half-trace H is F₂-linear and commutes with √, so
//! with c = H(a) (a constant), h = H(t) and λ̂_P = H(x_P + a):
//! * λ_Q = λ̂_P + 1, u = √t: λ̂_Q = √h + c;
//! * λ_Q = λ̂_P, u = √(t + x_P): λ̂_Q = √(h + λ̂_P + c) + c;
//!
//! and, squaring inside the trace, the first is of odd order exactly when
//! Tr(t·(λ_Q² + t + h + c²)) = 0. Cost **2M + 1S + 1H + 2SR + 1T** per halving in a
//! chain, which carries λ̂_Q to the next step (the first halving of a chain computes
//! λ̂_P too: one more H). This is our derivation of the cofactor-4 case (King and
//! Rubin give another); the tests check it on K-233 … K-571 and exhaustively on small
//! curves with #E = 4n.
//!
//! [`BinaryCurve::halve`] is constant-time (the half-trace by a masked table scan, the
//! choice by masks); [`BinaryCurve::halve_vartime`] and the chains of halve-and-add use
//! the faster table lookup and branch on the trace.

use super::curve::{AffinePoint, BinaryCurve};
use crate::binary::field::BinaryFieldOps;
use crate::error::{Error, Result};
use crate::field::Choice;

/// A point of odd order in the λ-representation (x, λ = x + y/x), with λ̂ = H(x + a)
/// when the curve has v = 2 (the next halving needs it), and in variable-time chains on
/// curves with v = 1 and odd d (see the module documentation), for chains of halvings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LambdaPoint<E> {
    /// x (never 0: the only point with x = 0 has order 2).
    pub x: E,
    /// λ = x + y/x.
    pub lambda: E,
    /// H(x + a), always on curves with v = 2; on curves with v = 1, either `None`
    /// (each halving computes it) or H(x + a) carried along a chain (odd d only: on
    /// curves of even degree a value here is ignored).
    pub lambda_hat: Option<E>,
}

impl<F: BinaryFieldOps> BinaryCurve<F> {
    /// Why halving is not available on this curve, or `None` if it is (v ∈ {1, 2}, and
    /// odd d when v = 2, where the half-trace is linear).
    pub fn halving_unsupported(&self) -> Option<String> {
        match self.two_adicity() {
            1 => None,
            2 if self.half_trace_a.is_some() => None,
            2 => Some(format!(
                "halving with #E ≡ 0 mod 4 needs an odd degree, not {}",
                self.degree()
            )),
            v => Some(format!(
                "halving is implemented for #E with 2-adic valuation 1 or 2, not {v}"
            )),
        }
    }

    fn halving_error(&self) -> Error {
        Error::UnsupportedAlgorithm {
            algorithm: "point halving".into(),
            reason: self.halving_unsupported().unwrap_or_default(),
        }
    }

    /// The unique Q of odd order with 2Q = P, for P of odd order (every point of ⟨G⟩);
    /// `Ok(None)` when P has even order (it has no half of odd order),
    /// [`Error::UnsupportedAlgorithm`] on a curve where halving is not implemented
    /// (see [`BinaryCurve::halving_unsupported`]), [`Error::PointNotOnCurve`] for a point
    /// off the curve. Constant-time in the coordinates of P except for the curve
    /// equation's and the even-order tests (their answers are public).
    pub fn halve(&self, p: &AffinePoint<F::Elem>) -> Result<Option<AffinePoint<F::Elem>>> {
        self.halve_with::<true>(p)
    }

    /// As [`BinaryCurve::halve`], with the table half-trace and branches.
    pub fn halve_vartime(&self, p: &AffinePoint<F::Elem>) -> Result<Option<AffinePoint<F::Elem>>> {
        self.halve_with::<false>(p)
    }

    fn halve_with<const CT: bool>(
        &self,
        p: &AffinePoint<F::Elem>,
    ) -> Result<Option<AffinePoint<F::Elem>>> {
        if self.halving_unsupported().is_some() {
            return Err(self.halving_error());
        }
        self.check_on_curve(p)?;
        let AffinePoint::Finite { x, y } = p else {
            return Ok(Some(AffinePoint::Infinity));
        };
        if !self.has_odd_order_vartime(p) {
            return Ok(None);
        }
        let start = self.lambda_from_affine::<CT>(x, y, false);
        let q = self.halve_lambda_unchecked::<CT>(&start);
        Ok(Some(self.lambda_to_affine(&q)))
    }

    /// The λ-representation of `p` for chains of [`BinaryCurve::halve_lambda`]
    /// (`None` for O and the point of order 2, which have none), with λ̂ = H(x + a) by
    /// the table half-trace on cofactor-4 curves and, for the chained form of halving
    /// (see the module documentation), on cofactor-2 curves of odd degree.
    /// Variable-time (for public points).
    pub fn lambda_point_vartime(&self, p: &AffinePoint<F::Elem>) -> Option<LambdaPoint<F::Elem>> {
        let (x, y) = p.coordinates()?;
        if self.field.is_zero(x) || self.halving_unsupported().is_some() {
            return None;
        }
        Some(self.lambda_from_affine::<false>(x, y, true))
    }

    /// The λ-representation of a finite point (x ≠ 0) of odd order: 1I + 1M, and one
    /// half-trace for λ̂ on curves with v = 2, and with v = 1 when `chain` (a
    /// variable-time chain of halvings on a curve of odd degree: see the module
    /// documentation; ignored when `CT`).
    pub(crate) fn lambda_from_affine<const CT: bool>(
        &self,
        x: &F::Elem,
        y: &F::Elem,
        chain: bool,
    ) -> LambdaPoint<F::Elem> {
        let f = &self.field;
        let xi = f.inv_or_zero(x);
        let lambda = f.add(x, &f.mul(y, &xi));
        let carry = self.two_adicity() == 2
            || (chain && !CT && self.two_adicity() == 1 && self.half_trace_a.is_some());
        let lambda_hat = if carry {
            Some(self.half_trace_of::<CT>(&self.add_a(x)))
        } else {
            None
        };
        LambdaPoint {
            x: x.clone(),
            lambda,
            lambda_hat,
        }
    }

    /// (x, x(λ + x)): 1M.
    pub fn lambda_to_affine(&self, p: &LambdaPoint<F::Elem>) -> AffinePoint<F::Elem> {
        let f = &self.field;
        AffinePoint::Finite {
            x: p.x.clone(),
            y: f.mul(&p.x, &f.add(&p.lambda, &p.x)),
        }
    }

    fn half_trace_of<const CT: bool>(&self, a: &F::Elem) -> F::Elem {
        let f = &self.field;
        let h = if CT {
            f.half_trace(a)
        } else {
            f.half_trace_vartime(a)
        };
        // Some on every curve that reaches here (odd d: checked by `halving_unsupported`
        // or by `half_trace_a`); zero, never a panic, otherwise.
        h.unwrap_or_else(|| f.zero())
    }

    fn solve_of<const CT: bool>(&self, a: &F::Elem) -> F::Elem {
        let f = &self.field;
        let r = if CT {
            f.solve_quadratic(a)
        } else if !f.degree().is_multiple_of(2) {
            // Odd degree: the half-trace is the root, and the solver's own test of
            // Tr(a) = 0 (one trace per halving) is the caller's precondition.
            f.half_trace_vartime(a)
        } else {
            f.solve_quadratic_vartime(a)
        };
        // Tr(x + a) = 0 for a point of 2E (the caller's precondition); a point outside
        // it gives garbage, never a panic.
        r.unwrap_or_else(|| f.zero())
    }

    /// One halving in the λ-representation (see the module documentation for the
    /// formulas and costs). `p` must have odd order; the result then has odd order.
    /// [`Error::UnsupportedAlgorithm`] on a curve where halving is not implemented (see
    /// [`BinaryCurve::halving_unsupported`]). `CT` chooses the constant-time form
    /// (masked-scan half-trace, choices by select) or the table lookups.
    pub fn halve_lambda<const CT: bool>(
        &self,
        p: &LambdaPoint<F::Elem>,
    ) -> Result<LambdaPoint<F::Elem>> {
        if self.halving_unsupported().is_some() {
            return Err(self.halving_error());
        }
        Ok(self.halve_lambda_unchecked::<CT>(p))
    }

    /// [`BinaryCurve::halve_lambda`] in place: `p` becomes its half. This is the form
    /// halve-and-add runs. In the chained forms (λ̂ carried: see the module
    /// documentation) x, λ and λ̂ are overwritten where they are; returning a new
    /// [`LambdaPoint`] makes the compiler build it and copy it over the old one, its
    /// `Option` included (on an AMD Zen 4, `report ec`: 52.0 → 47.7 ns per halving on
    /// B-163, 57.8 → 53.7 on B-233, their SSRF fields). Errors as
    /// [`BinaryCurve::halve_lambda`], `p` then unchanged.
    pub fn halve_lambda_in_place<const CT: bool>(
        &self,
        p: &mut LambdaPoint<F::Elem>,
    ) -> Result<()> {
        if self.halving_unsupported().is_some() {
            return Err(self.halving_error());
        }
        self.halve_lambda_in_place_unchecked::<CT>(p);
        Ok(())
    }

    /// [`BinaryCurve::halve_lambda_in_place`] on a curve whose support the caller has
    /// checked (halve-and-add, once per scalar multiplication).
    #[inline(always)]
    pub(crate) fn halve_lambda_in_place_unchecked<const CT: bool>(
        &self,
        p: &mut LambdaPoint<F::Elem>,
    ) {
        if self.two_adicity() == 1 {
            if let (Some(lhat), Some((h_a, _))) = (p.lambda_hat.as_mut(), &self.half_trace_a) {
                // v = 1 in a chain: λ̂ = H(x + a) carried; the next one by H∘√ from u².
                let f = &self.field;
                let t = f.mul(&p.x, &f.add(&f.add(&p.lambda, &p.x), lhat));
                let c = Choice::from(f.trace(&t));
                let u2 = f.select(&f.add(&t, &p.x), &t, c);
                p.lambda = f.select(lhat, &f.add(lhat, &f.one()), c);
                let h = if CT {
                    f.half_trace(&f.sqrt(&u2))
                } else {
                    f.half_trace_of_sqrt_vartime(&u2)
                }
                // Some: H(a) exists, so d is odd.
                .unwrap_or_else(|| f.zero());
                p.x = f.sqrt(&u2);
                *lhat = f.add(&h, h_a);
                return;
            }
        }
        if self.two_adicity() == 2 {
            if let (Some(lhat), Some((c, c2))) = (p.lambda_hat.as_mut(), &self.half_trace_a) {
                // v = 2: both halves lie in 2E; keep the one whose halves do too, λ̂
                // carried from the previous halving.
                let f = &self.field;
                let t = f.mul(&p.x, &f.add(&f.add(&p.lambda, &p.x), lhat));
                let h = self.half_trace_of::<CT>(&t);
                let lambda_b = f.add(lhat, &f.one());
                let test = f.mul(&t, &f.add(&f.add(&f.sqr(&lambda_b), &t), &f.add(&h, c2)));
                let b_is_odd = 1 ^ f.trace(&test);
                // Candidate B: u² = t, λ_Q = λ̂_P + 1, λ̂_Q = √h + c;
                // candidate A: u² = t + x_P, λ_Q = λ̂_P, λ̂_Q = √(h + λ̂_P + c) + c.
                let (u2, lam, hh) = if CT {
                    let choice = Choice::from(b_is_odd);
                    let u2a = f.add(&t, &p.x);
                    let hha = f.add(&f.add(&h, lhat), c);
                    (
                        f.select(&u2a, &t, choice),
                        f.select(lhat, &lambda_b, choice),
                        f.select(&hha, &h, choice),
                    )
                } else if b_is_odd == 1 {
                    (t, lambda_b, h)
                } else {
                    (f.add(&t, &p.x), lhat.clone(), f.add(&f.add(&h, lhat), c))
                };
                p.x = f.sqrt(&u2);
                p.lambda = lam;
                *lhat = f.add(&f.sqrt(&hh), c);
                return;
            }
        }
        *p = self.halve_lambda_unchecked::<CT>(p);
    }

    /// [`BinaryCurve::halve_lambda`] on a curve whose support the caller has checked
    /// (halve-and-add, once per scalar multiplication). On an unsupported curve the
    /// result is meaningless, never a panic.
    pub(crate) fn halve_lambda_unchecked<const CT: bool>(
        &self,
        p: &LambdaPoint<F::Elem>,
    ) -> LambdaPoint<F::Elem> {
        let f = &self.field;
        // On v = 1 without H (even d), a λ̂ given by the caller is ignored: the last arm.
        match (&p.lambda_hat, &self.half_trace_a, self.two_adicity()) {
            (Some(_), Some(_), 1) => {
                let mut q = p.clone();
                self.halve_lambda_in_place_unchecked::<CT>(&mut q);
                q
            }
            (given, Some(_), 2) => {
                // v = 2: λ̂ carried from the previous halving, or computed here.
                let mut q = p.clone();
                if given.is_none() {
                    q.lambda_hat = Some(self.half_trace_of::<CT>(&self.add_a(&p.x)));
                }
                self.halve_lambda_in_place_unchecked::<CT>(&mut q);
                q
            }
            _ => {
                // v = 1: λ̂ from the solver, choose by Tr(t). (Also reached, with a
                // meaningless result, on the curves `halve_lambda` refuses.)
                let lhat = self.solve_of::<CT>(&self.add_a(&p.x));
                let t = f.mul(&p.x, &f.add(&f.add(&p.lambda, &p.x), &lhat));
                let tr = f.trace(&t);
                let lhat1 = f.add(&lhat, &f.one());
                if CT {
                    let c = Choice::from(tr);
                    let t_plus_x = f.add(&t, &p.x);
                    LambdaPoint {
                        x: f.sqrt(&f.select(&t_plus_x, &t, c)),
                        lambda: f.select(&lhat, &lhat1, c),
                        lambda_hat: None,
                    }
                } else if tr == 0 {
                    LambdaPoint {
                        x: f.sqrt(&f.add(&t, &p.x)),
                        lambda: lhat,
                        lambda_hat: None,
                    }
                } else {
                    LambdaPoint {
                        x: f.sqrt(&t),
                        lambda: lhat1,
                        lambda_hat: None,
                    }
                }
            }
        }
    }
}
