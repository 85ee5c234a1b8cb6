//! Genus-2 binary curves C: y² + h(x)·y = f(x) over F_2^d (deg h ≤ 2, f monic of degree
//! 5), their validation, shapes and group orders.
//!
//! Sources: Menezes–Wu–Zuccherato, *An elementary introduction to hyperelliptic
//! curves* (1996), §1 (non-singularity); Kitamura–Katagi–Takagi §2 (the curve families
//! and #J = 2·r); Lange, *Formulae for arithmetic on genus 2 hyperelliptic curves*
//! (AAECC 2005) §2 (the curve is non-singular exactly when no root of h is a singular
//! point).
//!
//! # Non-singularity in characteristic 2
//! A point (x₀, y₀) over the algebraic closure is singular when h(x₀) = 0 and
//! h′(x₀)·y₀ = f′(x₀), with y₀² = f(x₀). Squaring (injective in characteristic 2), the
//! curve is singular exactly when h and g = f′² + h′²·f have a common root, so
//! [`Hec2Curve::new`] checks gcd(h, g) = 1 (h = 0 is singular: y² = f(x) has a singular
//! point over every root of f′). The point at infinity of an odd-degree model is smooth.
//!
//! # Group order
//! When #J is given it must lie in the Hasse–Weil interval [(√q − 1)⁴, (√q + 1)⁴]
//! (q = 2^d) and factor as c·r with r its largest prime factor; the constructor checks
//! [#J]D = 0 for random divisors D. Halving in the prime-order subgroup uses r, and the
//! algorithms of Kitamura–Katagi–Takagi need c = 2 (their Lemma 1).

use crate::binary::field::BinaryFieldOps;
use crate::ec2::curve::Coefficient;
use crate::error::{Error, Result};
use crate::poly::PolyRing;
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, ToPrimitive, Zero};
use rand::SeedableRng;

/// The families of curves that have their own formulae.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CurveShape {
    /// y² + xy = x⁵ + f1·x + f0 (h = x, f4 = f3 = f2 = 0): Pelzl–Wollinger–Paar's
    /// doubling (9M + 6S + 1I) and Kitamura–Katagi–Takagi's Algorithm 6.
    PelzlX,
    /// h = x² + x + h0 and f4 = 0: Pelzl–Wollinger–Paar's HarleyDBL (20M + 5S + 1I) and
    /// Algorithm 5 (h irreducible, i.e. Tr(h0) = 1).
    PelzlQuadratic,
    /// h2 = 1 (any h1, h0, f4): Lange's HarleyDBL, 22M + 5S + 1I.
    MonicH,
    /// deg h = 2 with h2 ∉ {0, 1}.
    General,
    /// deg h ≤ 1 other than [`CurveShape::PelzlX`].
    LowDegreeH,
}

/// #J = cofactor · r, r the largest prime factor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupOrder {
    /// #J(F_2^d).
    pub order_j: BigUint,
    /// The largest prime factor r of #J.
    pub r: BigUint,
    /// #J / r.
    pub cofactor: BigUint,
}

/// A genus-2 curve y² + h(x)·y = f(x) over the binary field `F`.
#[derive(Clone, Debug)]
pub struct Hec2Curve<F: BinaryFieldOps> {
    pub(crate) field: F,
    name: String,
    /// h0, h1, h2.
    pub(crate) h: [F::Elem; 3],
    /// f0 … f5 (f5 = 1).
    pub(crate) f: [F::Elem; 6],
    pub(crate) h_kind: [Coefficient; 3],
    pub(crate) f_kind: [Coefficient; 6],
    shape: CurveShape,
    /// deg h = 2, h1 ≠ 0 and Tr(h0·h2/h1²) = 1: h is irreducible over F_2^d.
    h_irreducible: bool,
    /// 1/h1² and 1/h2² (zero when h1 or h2 is 0) and their kinds: constants of
    /// Algorithm 3's trace tests.
    pub(crate) inv_h_sq: [(F::Elem, Coefficient); 2],
    order: Option<GroupOrder>,
    /// The method `auto` uses, measured on first use.
    pub(crate) auto: std::sync::OnceLock<crate::hec2::scalar::Hec2ScalarAlgorithm>,
}

impl<F: BinaryFieldOps> Hec2Curve<F> {
    /// The curve y² + h(x)·y = f(x) with `h = [h0, h1, h2]`, `f = [f0, …, f5]`, and the
    /// group order #J when it is known. Checks: every coefficient an element of the
    /// field ([`BinaryFieldOps::is_element`]), f5 = 1, h ≠ 0, gcd(h, f′² + h′²f) = 1
    /// (non-singular), and for a given #J the Hasse–Weil interval, a prime factor r > 2
    /// with #J = c·r, and [#J]D = 0 for random divisors. Each failure is an
    /// [`Error::InvalidCurve`] naming `name`.
    pub fn new(
        field: F,
        h: [F::Elem; 3],
        f: [F::Elem; 6],
        order_j: Option<BigUint>,
        name: &str,
    ) -> Result<Self> {
        let invalid = |reason: String| Error::InvalidCurve {
            curve: name.into(),
            reason,
        };
        let named = (0..3).map(|i| (format!("h{i}"), &h[i]));
        if let Some((c, _)) = named
            .chain((0..6).map(|i| (format!("f{i}"), &f[i])))
            .find(|(_, e)| !field.is_element(e))
        {
            let d = field.degree();
            return Err(invalid(format!(
                "the coefficient {c} is not an element of F_2^{d} (a bit at or above {d}, or \
                 not the field's number of words)"
            )));
        }
        if f[5] != field.one() {
            return Err(invalid("f must be monic of degree 5 (f5 = 1)".into()));
        }
        if h.iter().all(|c| field.is_zero(c)) {
            return Err(invalid(
                "h = 0: y² = f(x) is singular in characteristic 2".into(),
            ));
        }
        {
            let r = PolyRing::new(&field);
            let df = r.derivative(&f);
            let dh = r.derivative(&h);
            let g = r.add(&r.mul(&df, &df), &r.mul(&r.mul(&dh, &dh), &f));
            let common = r.gcd_vartime(&h, &g);
            if common.len() > 1 {
                return Err(invalid(format!(
                    "singular: h and f′² + h′²·f have a common factor of degree {}",
                    common.len() - 1
                )));
            }
        }
        let h_kind = [0, 1, 2].map(|i| Coefficient::of(&field, &h[i]));
        let f_kind = [0, 1, 2, 3, 4, 5].map(|i| Coefficient::of(&field, &f[i]));
        let zero = |i: usize| f_kind[i] == Coefficient::Zero;
        let shape = if h_kind == [Coefficient::Zero, Coefficient::One, Coefficient::Zero]
            && zero(4)
            && zero(3)
            && zero(2)
        {
            CurveShape::PelzlX
        } else if h_kind[2] == Coefficient::One && h_kind[1] == Coefficient::One && zero(4) {
            CurveShape::PelzlQuadratic
        } else if h_kind[2] == Coefficient::One {
            CurveShape::MonicH
        } else if h_kind[2] == Coefficient::Other {
            CurveShape::General
        } else {
            CurveShape::LowDegreeH
        };
        let h_irreducible = h_kind[2] != Coefficient::Zero
            && h_kind[1] != Coefficient::Zero
            && field
                .inv(&field.sqr(&h[1]))
                .is_some_and(|i| field.trace(&field.mul(&field.mul(&h[0], &h[2]), &i)) == 1);
        let inv_h_sq = [1, 2].map(|i| {
            let v = field.inv_or_zero(&field.sqr(&h[i]));
            let k = Coefficient::of(&field, &v);
            (v, k)
        });
        let mut curve = Hec2Curve {
            field,
            inv_h_sq,
            name: name.into(),
            h,
            f,
            h_kind,
            f_kind,
            shape,
            h_irreducible,
            order: None,
            auto: std::sync::OnceLock::new(),
        };
        if let Some(n) = order_j {
            curve.order = Some(curve.check_order(n).map_err(invalid)?);
        }
        Ok(curve)
    }

    fn check_order(&self, n: BigUint) -> core::result::Result<GroupOrder, String> {
        let d = self.field.degree() as usize;
        // (√q ± 1)⁴ = (q + 1 ± 2√q)² = A ± B with A = q² + 6q + 1, B = 4(q + 1)√q, so
        // (√q − 1)⁴ ≤ #J ≤ (√q + 1)⁴ ⇔ (#J − A)² ≤ B² = 16q(q + 1)²: exact in integers.
        let q = BigUint::one() << d;
        let a = &q * &q + BigUint::from(6u32) * &q + BigUint::one();
        let diff = if n > a { &n - &a } else { &a - &n };
        let q1 = &q + BigUint::one();
        let b_sq = BigUint::from(16u32) * &q * &q1 * &q1;
        if diff.pow(2) > b_sq {
            return Err(format!(
                "#J = {n} is outside the Hasse–Weil interval [(√q − 1)⁴, (√q + 1)⁴] for q = 2^{d}"
            ));
        }
        let (r, cofactor) = largest_prime_factor(&n)
            .ok_or_else(|| format!("#J = {n} has no prime factor above 2 that could be found"))?;
        let curve_order = GroupOrder {
            order_j: n.clone(),
            r,
            cofactor,
        };
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x4845_4332);
        for _ in 0..2 {
            let dv = self.random_divisor_vartime(&mut rng);
            if !self.mul_cantor_vartime(&n, &dv).is_zero() {
                return Err(format!(
                    "[#J]D ≠ 0 for a random divisor D: #J = {n} is wrong"
                ));
            }
        }
        Ok(curve_order)
    }

    /// The field.
    pub fn field(&self) -> &F {
        &self.field
    }
    /// The curve's name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// h0, h1, h2.
    pub fn h(&self) -> &[F::Elem; 3] {
        &self.h
    }
    /// f0, …, f5.
    pub fn f(&self) -> &[F::Elem; 6] {
        &self.f
    }
    /// The family the curve belongs to.
    pub fn shape(&self) -> CurveShape {
        self.shape
    }
    /// Whether h has degree 2 and is irreducible (Tr(h0·h2/h1²) = 1).
    pub fn h_is_irreducible(&self) -> bool {
        self.h_irreducible
    }
    /// #J = c·r, when it was given.
    pub fn order(&self) -> Option<&GroupOrder> {
        self.order.as_ref()
    }

    /// `c·x`, free (uncounted) when the curve coefficient `c` is 0 or 1.
    pub(crate) fn mul_coeff(&self, kind: Coefficient, c: &F::Elem, x: &F::Elem) -> F::Elem {
        match kind {
            Coefficient::Zero => self.field.zero(),
            Coefficient::One => x.clone(),
            Coefficient::Other => self.field.mul(c, x),
        }
    }

    /// A point (x, y) of C(F_2^d) with x uniformly random and y one of the (at most two)
    /// solutions, as a weight-1 divisor. Variable-time.
    pub fn random_point_vartime(
        &self,
        rng: &mut dyn rand::RngCore,
    ) -> crate::hec2::Divisor<F::Elem> {
        let fl = &self.field;
        loop {
            let x = fl.random(rng);
            let r = PolyRing::new(fl);
            let hx = r.eval(&self.h, &x);
            let fx = r.eval(&self.f, &x);
            let y = if fl.is_zero(&hx) {
                fl.sqrt(&fx)
            } else {
                let Some(hi) = fl.inv(&hx) else { continue };
                let c = fl.mul(&fx, &fl.sqr(&hi));
                let Some(z) = fl.solve_quadratic_vartime(&c) else {
                    continue;
                };
                let z = if rng.next_u32() & 1 == 1 {
                    fl.add(&z, &fl.one())
                } else {
                    z
                };
                fl.mul(&z, &hx)
            };
            return crate::hec2::Divisor::Weight1 { u0: x, v0: y };
        }
    }

    /// A random divisor: the sum of three random points (so u may be irreducible, split
    /// or of weight below 2). Not uniform on J; variable-time.
    pub fn random_divisor_vartime(
        &self,
        rng: &mut dyn rand::RngCore,
    ) -> crate::hec2::Divisor<F::Elem> {
        let mut d = self.random_point_vartime(rng);
        for _ in 0..2 {
            let p = self.random_point_vartime(rng);
            d = self.add_cantor(&d, &p);
        }
        d
    }

    /// A random element of the prime-order subgroup: \[c\]·D for a random D (c the
    /// cofactor), retried until it is not 0. [`Error::InvalidArgument`] when #J is
    /// unknown. Variable-time.
    pub fn random_subgroup_divisor_vartime(
        &self,
        rng: &mut dyn rand::RngCore,
    ) -> Result<crate::hec2::Divisor<F::Elem>> {
        let order = self.order.as_ref().ok_or_else(|| self.order_unknown())?;
        loop {
            let d = self.random_divisor_vartime(rng);
            let e = self.mul_cantor_vartime(&order.cofactor, &d);
            if !e.is_zero() {
                return Ok(e);
            }
        }
    }

    pub(crate) fn order_unknown(&self) -> Error {
        Error::InvalidArgument {
            name: "curve".into(),
            value: self.name.clone(),
            reason: "the group order #J is not known (give it to Hec2Curve::new)".into(),
        }
    }
}

/// The largest prime factor r > 2 of `n` and n / r, by trial division up to 2^20 and a
/// probable-prime test of what is left; `None` when n is a power of 2 or what is left
/// after trial division is composite.
fn largest_prime_factor(n: &BigUint) -> Option<(BigUint, BigUint)> {
    if n.is_zero() {
        return None;
    }
    let mut rest = n.clone();
    let mut largest = BigUint::one();
    let mut p = 2u64;
    while p < (1 << 20) {
        let bp = BigUint::from(p);
        if &bp * &bp > rest {
            break;
        }
        while (&rest % &bp).is_zero() {
            rest /= &bp;
            largest = bp.clone();
        }
        p += if p == 2 { 1 } else { 2 };
    }
    let r = if rest > BigUint::one() {
        if rest.to_u64().is_some_and(|v| v < (1 << 40))
            || crate::prime::primality::is_probable_prime(&rest)
        {
            rest
        } else {
            return None;
        }
    } else {
        largest
    };
    if r <= BigUint::from(2u32) || r.is_even() {
        return None;
    }
    let cofactor = n / &r;
    Some((r, cofactor))
}
