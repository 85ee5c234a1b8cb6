//! Binary elliptic curves E: y² + xy = x³ + ax² + b over F_2^d (b ≠ 0), their
//! validation, and membership of the prime-order subgroup.
//!
//! Sources: SEC 1 v2 §3.1.2.2 (validation of binary-curve domain parameters),
//! §3.2.2.1 (public-key validation); Hankerson–Menezes–Vanstone, *Guide to Elliptic
//! Curve Cryptography*, §3.1.2 and §3.6.1 (the trace criterion for 2E).
//!
//! # The subgroup test by traces
//! Write #E = h·n with n an odd prime and h = 2^v·m, m odd. A point P = (x, y) lies in
//! 2E exactly when Tr(x) = Tr(a) (HMV Theorem 3.77), and v = 1 exactly when Tr(a) = 1.
//! When m = 1 the points of odd order are 2^v·E = ⟨G⟩, so
//! * v = 1 (every B-curve and K-163): P ∈ ⟨G⟩ ⇔ Tr(x) = Tr(a) — one trace;
//! * v = 2 (K-233, K-283, K-409, K-571: E(F) has the cyclic 2-part Z/4): P ∈ ⟨G⟩ ⇔
//!   Tr(x) = Tr(a) and the halves of P lie in 2E, i.e. Tr(y + x·H(x + a)) = 0 with H the
//!   half-trace — one half-trace, one multiplication and two traces (derived in
//!   [`crate::ec2::halve`]).
//!
//! Otherwise (m > 1 or v > 2) membership is n·P = O, computed in variable time (P is
//! public). Cost of the test: 1T (v = 1), 1M + 1H + 2T (v = 2).

use super::params::{self, StandardCurve};
use super::scalar::comb::FixedBaseComb;
use super::scalar::tnaf::Koblitz;
use crate::binary::dynamic::DynBinaryField;
use crate::binary::field::not_an_element;
use crate::binary::field::BinaryFieldOps;
use crate::binary::modulus::Modulus;
use crate::error::{Error, Result};
use crate::field::Field;
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use std::sync::OnceLock;

/// A point of a curve in affine coordinates, or the point at infinity O.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum AffinePoint<E> {
    /// The neutral element O.
    Infinity,
    /// The point (x, y).
    Finite {
        /// The x-coordinate.
        x: E,
        /// The y-coordinate.
        y: E,
    },
}

impl<E> AffinePoint<E> {
    /// Whether this is O.
    pub fn is_infinity(&self) -> bool {
        matches!(self, AffinePoint::Infinity)
    }
    /// The coordinates, or `None` for O.
    pub fn coordinates(&self) -> Option<(&E, &E)> {
        match self {
            AffinePoint::Infinity => None,
            AffinePoint::Finite { x, y } => Some((x, y)),
        }
    }
}

/// Whether a curve coefficient is 0, 1 or something else (multiplications by 0 and 1
/// are free and are not counted, as in every cost formula of the literature).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Coefficient {
    Zero,
    One,
    Other,
}

impl Coefficient {
    pub(crate) fn of<F: Field>(field: &F, c: &F::Elem) -> Coefficient {
        if field.is_zero(c) {
            Coefficient::Zero
        } else if *c == field.one() {
            Coefficient::One
        } else {
            Coefficient::Other
        }
    }
}

/// A binary elliptic curve with a generator of prime order n: y² + xy = x³ + ax² + b
/// over the binary field `F`.
#[derive(Clone, Debug)]
pub struct BinaryCurve<F: BinaryFieldOps> {
    pub(crate) field: F,
    name: String,
    oid: Option<&'static str>,
    pub(crate) a: F::Elem,
    pub(crate) a_kind: Coefficient,
    pub(crate) b: F::Elem,
    pub(crate) b_kind: Coefficient,
    /// √b: the y of the 2-torsion point (0, √b), and the constant of the ladder's
    /// doubling X ← (X² + √b·Z²)².
    pub(crate) sqrt_b: F::Elem,
    /// H(a) for odd d (`None` for even d), and its square: the constants of halving on
    /// curves with v = 2.
    pub(crate) half_trace_a: Option<(F::Elem, F::Elem)>,
    gx: F::Elem,
    gy: F::Elem,
    order: BigUint,
    order_bits: usize,
    order_words: Vec<u64>,
    cofactor: u64,
    /// v = the 2-adic valuation of #E.
    two_adicity: u32,
    /// The odd part m of the cofactor.
    odd_cofactor: u64,
    /// The Z[τ] data of a Koblitz curve (τNAF), built on first use.
    pub(crate) koblitz: OnceLock<Koblitz>,
    /// The generator's fixed-base comb table, built on first use.
    pub(crate) comb_g: OnceLock<FixedBaseComb<F::Elem>>,
    /// The method `auto` uses for a public scalar, measured on first use.
    pub(crate) auto_public: OnceLock<crate::ec2::scalar::ScalarMulAlgorithm>,
    /// The method for a secret scalar (the ladder, or the τ-adic method on a Koblitz
    /// curve), measured on first use.
    pub(crate) auto_secret: OnceLock<crate::ec2::scalar::ScalarMulAlgorithm>,
}

/// The element of `field` written in hexadecimal (bit i = coefficient of z^i).
pub fn element_from_hex<F: Field>(field: &F, hex: &str) -> Result<F::Elem> {
    let digits = hex.trim().trim_start_matches("0x").trim_start_matches("0X");
    let value = BigUint::parse_bytes(digits.as_bytes(), 16).ok_or_else(|| Error::Parse {
        what: "field element".into(),
        input: hex.into(),
        reason: "not a hexadecimal number".into(),
    })?;
    element_from_biguint(field, &value, hex)
}

/// The element of `field` whose bit string is `value`.
pub(crate) fn element_from_biguint<F: Field>(
    field: &F,
    value: &BigUint,
    text: &str,
) -> Result<F::Elem> {
    let len = field.encoded_len();
    let bytes = value.to_bytes_be();
    if bytes.len() > len {
        return Err(Error::OutOfRange {
            what: "field element".into(),
            value: text.into(),
            reason: format!("wider than the field's {len} bytes"),
        });
    }
    let mut padded = vec![0u8; len - bytes.len()];
    padded.extend_from_slice(&bytes);
    field.decode(&padded).map_err(|_| Error::OutOfRange {
        what: "field element".into(),
        value: text.into(),
        reason: "has bits at or above the field's degree".into(),
    })
}

/// The hexadecimal text of an element (no prefix, at least one digit).
pub fn element_to_hex<F: Field>(field: &F, a: &F::Elem) -> String {
    BigUint::from_bytes_be(&field.encode(a)).to_str_radix(16)
}

impl<F: BinaryFieldOps> BinaryCurve<F> {
    /// The curve y² + xy = x³ + ax² + b over `field` with generator G = (gx, gy) of prime
    /// order `order` and cofactor `cofactor` (#E = cofactor·order), after the checks of
    /// SEC 1 v2 §3.1.2.2: b ≠ 0; G on the curve; n an odd prime (probable prime);
    /// h·n within the Hasse bound |h·n − (2^d + 1)| ≤ 2·2^(d/2); v = 1 exactly when
    /// Tr(a) = 1; and n·G = O. Each failure is an [`Error::InvalidCurve`] naming `name`.
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        field: F,
        a: F::Elem,
        b: F::Elem,
        gx: F::Elem,
        gy: F::Elem,
        order: BigUint,
        cofactor: u64,
        name: &str,
    ) -> Result<Self> {
        let invalid = |reason: String| Error::InvalidCurve {
            curve: name.into(),
            reason,
        };
        if field.is_zero(&b) {
            return Err(invalid("b = 0 gives a singular curve".into()));
        }
        if cofactor == 0 {
            return Err(invalid("the cofactor is 0".into()));
        }
        if order.is_even() || order <= BigUint::from(2u32) {
            return Err(invalid(format!("the order {order:#x} is not an odd prime")));
        }
        if !crate::prime::primality::is_probable_prime(&order) {
            return Err(invalid(format!("the order {order:#x} is not prime")));
        }
        let d = field.degree();
        let q = BigUint::one() << d as usize;
        let count = &order * BigUint::from(cofactor);
        let q1 = &q + BigUint::one();
        let diff = if count > q1 {
            &count - &q1
        } else {
            &q1 - &count
        };
        // |t| ≤ 2√q ⇔ t² ≤ 4q.
        if &diff * &diff > (q << 2) {
            return Err(invalid(format!(
                "h·n = {count:#x} is outside the Hasse bound of 2^{d} + 1"
            )));
        }
        let two_adicity = cofactor.trailing_zeros();
        let odd_cofactor = cofactor >> two_adicity;
        let tr_a = field.trace(&a);
        if (two_adicity == 1) != (tr_a == 1) {
            return Err(invalid(format!(
                "Tr(a) = {tr_a} but the cofactor {cofactor} has 2-adic valuation {two_adicity} \
                 (#E ≡ 2 mod 4 exactly when Tr(a) = 1)"
            )));
        }
        let sqrt_b = field.sqrt(&b);
        let half_trace_a = field.half_trace(&a).map(|h| {
            let h2 = field.sqr(&h);
            (h, h2)
        });
        let order_bits = order.bits() as usize;
        let mut order_words = order.to_u64_digits();
        order_words.resize(order_bits.div_ceil(64), 0);
        let a_kind = Coefficient::of(&field, &a);
        let b_kind = Coefficient::of(&field, &b);
        let curve = BinaryCurve {
            field,
            name: name.into(),
            oid: None,
            a,
            a_kind,
            b,
            b_kind,
            sqrt_b,
            half_trace_a,
            gx,
            gy,
            order,
            order_bits,
            order_words,
            cofactor,
            two_adicity,
            odd_cofactor,
            koblitz: OnceLock::new(),
            comb_g: OnceLock::new(),
            auto_public: OnceLock::new(),
            auto_secret: OnceLock::new(),
        };
        let g = curve.generator();
        if !curve.is_on_curve(&g) {
            return Err(invalid("the generator is not on the curve".into()));
        }
        if !curve.mul_wnaf_vartime(&curve.order, &g, 4).is_infinity() {
            return Err(invalid(
                "n·G ≠ O: the generator does not have order n".into(),
            ));
        }
        Ok(curve)
    }

    /// The standard curve `name` (see [`params::find`]) over `field`, which must be the
    /// field of the curve's polynomial: [`Error::InvalidCurve`] if the degree differs or
    /// the generator is not on the curve over `field` (another polynomial of the same
    /// degree), [`Error::UnknownCurve`] for an unknown name. To run a standard curve on
    /// another polynomial basis, convert with [`crate::binary::convert`].
    pub fn standard_on(field: F, name: &str) -> Result<Self> {
        let sc = params::find(name).ok_or_else(|| Error::UnknownCurve {
            given: name.into(),
            known: params::known_names(),
        })?;
        Self::from_params(field, sc)
    }

    /// The curve of `params` over `field` (see [`BinaryCurve::standard_on`]).
    pub fn from_params(field: F, params: &StandardCurve) -> Result<Self> {
        let Some(&degree) = params.exponents.first() else {
            return Err(Error::InvalidCurve {
                curve: params.name.into(),
                reason: "its field polynomial has no exponents".into(),
            });
        };
        if field.degree() != degree {
            return Err(Error::InvalidCurve {
                curve: params.name.into(),
                reason: format!(
                    "the curve is defined over F_2^{degree}, not F_2^{}",
                    field.degree()
                ),
            });
        }
        let e = |h: &str| element_from_hex(&field, h);
        let (a, b, gx, gy) = (e(params.a)?, e(params.b)?, e(params.gx)?, e(params.gy)?);
        let order = BigUint::parse_bytes(params.order.as_bytes(), 16).ok_or_else(|| {
            Error::InvalidCurve {
                curve: params.name.into(),
                reason: "malformed order".into(),
            }
        })?;
        let mut curve = Self::new(
            field,
            a,
            b,
            gx,
            gy,
            order,
            params.cofactor as u64,
            params.name,
        )?;
        curve.oid = Some(params.oid);
        Ok(curve)
    }

    /// The field.
    pub fn field(&self) -> &F {
        &self.field
    }
    /// The curve's name.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The named-curve OID (dotted) of a standard curve.
    pub fn oid(&self) -> Option<&'static str> {
        self.oid
    }
    /// The coefficient a.
    pub fn a(&self) -> &F::Elem {
        &self.a
    }
    /// The coefficient b.
    pub fn b(&self) -> &F::Elem {
        &self.b
    }
    /// The generator G.
    pub fn generator(&self) -> AffinePoint<F::Elem> {
        AffinePoint::Finite {
            x: self.gx.clone(),
            y: self.gy.clone(),
        }
    }
    /// The prime order n of G.
    pub fn order(&self) -> &BigUint {
        &self.order
    }
    /// The bit length of n.
    pub fn order_bits(&self) -> usize {
        self.order_bits
    }
    /// n as little-endian words, ⌈bits(n)/64⌉ of them.
    pub(crate) fn order_words(&self) -> &[u64] {
        &self.order_words
    }
    /// The cofactor h = #E/n.
    pub fn cofactor(&self) -> u64 {
        self.cofactor
    }
    /// v, the 2-adic valuation of #E (1 when Tr(a) = 1).
    pub fn two_adicity(&self) -> u32 {
        self.two_adicity
    }
    /// The field's degree d.
    pub fn degree(&self) -> u32 {
        self.field.degree()
    }
    /// The 2-torsion point (0, √b), the only point of order 2.
    pub fn two_torsion(&self) -> AffinePoint<F::Elem> {
        AffinePoint::Finite {
            x: self.field.zero(),
            y: self.sqrt_b.clone(),
        }
    }

    /// `a·c` without a multiplication when a ∈ {0, 1}.
    pub(crate) fn mul_by_a(&self, c: &F::Elem) -> F::Elem {
        match self.a_kind {
            Coefficient::Zero => self.field.zero(),
            Coefficient::One => c.clone(),
            Coefficient::Other => self.field.mul(&self.a, c),
        }
    }
    /// `b·c` without a multiplication when b = 1.
    pub(crate) fn mul_by_b(&self, c: &F::Elem) -> F::Elem {
        match self.b_kind {
            Coefficient::One => c.clone(),
            _ => self.field.mul(&self.b, c),
        }
    }
    /// `√b·c` without a multiplication when b = 1.
    pub(crate) fn mul_by_sqrt_b(&self, c: &F::Elem) -> F::Elem {
        match self.b_kind {
            Coefficient::One => c.clone(),
            _ => self.field.mul(&self.sqrt_b, c),
        }
    }
    /// `x + a` (free when a = 0).
    pub(crate) fn add_a(&self, x: &F::Elem) -> F::Elem {
        match self.a_kind {
            Coefficient::Zero => x.clone(),
            _ => self.field.add(x, &self.a),
        }
    }

    /// Whether `p` satisfies the curve equation (O does) with coordinates that are
    /// elements of the field ([`BinaryFieldOps::is_element`]: reduced, of the field's
    /// length; a coordinate congruent to one of a point but with bits at or above d
    /// is not).
    pub fn is_on_curve(&self, p: &AffinePoint<F::Elem>) -> bool {
        let Some((x, y)) = p.coordinates() else {
            return true;
        };
        let f = &self.field;
        f.is_element(x) && f.is_element(y) && self.satisfies_equation(x, y)
    }

    /// y² + xy = x³ + ax² + b for coordinates already known to be elements (2M + 1S).
    fn satisfies_equation(&self, x: &F::Elem, y: &F::Elem) -> bool {
        let f = &self.field;
        // y² + xy = x³ + ax² + b ⇔ y(y + x) = x²(x + a) + b.
        let lhs = f.mul(y, &f.add(y, x));
        let rhs = f.add(&f.mul(&f.sqr(x), &self.add_a(x)), &self.b);
        lhs == rhs
    }

    /// `p` if it is on the curve, else [`Error::OutOfRange`] for a coordinate that is
    /// not an element of the field ([`BinaryFieldOps::is_element`]) and
    /// [`Error::PointNotOnCurve`] for a point whose coordinates do not satisfy the
    /// equation.
    pub fn check_on_curve(&self, p: &AffinePoint<F::Elem>) -> Result<()> {
        let Some((x, y)) = p.coordinates() else {
            return Ok(());
        };
        for (name, c) in [("x", x), ("y", y)] {
            if !self.field.is_element(c) {
                return Err(not_an_element("point coordinate", name, self.degree()));
            }
        }
        if self.satisfies_equation(x, y) {
            Ok(())
        } else {
            Err(Error::PointNotOnCurve {
                curve: self.name.clone(),
            })
        }
    }

    /// Whether the point `p` on the curve has odd order (lies in the largest odd-order
    /// subgroup, which is ⟨G⟩ when h is a power of 2), by the trace criterion of the
    /// module documentation when v ≤ 2 and d is odd. Variable-time in `p`.
    pub(crate) fn has_odd_order_vartime(&self, p: &AffinePoint<F::Elem>) -> bool {
        let Some((x, y)) = p.coordinates() else {
            return true;
        };
        let f = &self.field;
        let tr_a = f.trace(&self.a);
        if f.trace(x) != tr_a {
            return false;
        }
        match self.two_adicity {
            1 => true,
            2 => match f.half_trace_vartime(&self.add_a(x)) {
                Some(lhat) => f.trace(&f.add(y, &f.mul(x, &lhat))) == 0,
                None => self.odd_order_by_multiplication(p),
            },
            _ => self.odd_order_by_multiplication(p),
        }
    }

    fn odd_order_by_multiplication(&self, p: &AffinePoint<F::Elem>) -> bool {
        let odd = &self.order * BigUint::from(self.odd_cofactor);
        self.mul_wnaf_vartime(&odd, p, 4).is_infinity()
    }

    /// Whether `p` (on the curve) lies in ⟨G⟩: the trace criterion when h is a power of
    /// two and v ≤ 2 (see the module documentation), else n·P = O. Variable-time.
    pub fn in_subgroup_vartime(&self, p: &AffinePoint<F::Elem>) -> bool {
        if self.odd_cofactor == 1 {
            self.has_odd_order_vartime(p)
        } else {
            self.mul_wnaf_vartime(&self.order, p, 4).is_infinity()
        }
    }

    /// Full public-key validation (SEC 1 v2 §3.2.2.1): `p` ≠ O, on the curve, in ⟨G⟩.
    /// `context` names the point in the error ("peer public key").
    pub fn validate_public_point(&self, p: &AffinePoint<F::Elem>, context: &str) -> Result<()> {
        if p.is_infinity() {
            return Err(Error::PointAtInfinity {
                curve: self.name.clone(),
                context: context.into(),
            });
        }
        self.check_on_curve(p)?;
        if !self.in_subgroup_vartime(p) {
            let reason = if self.odd_cofactor == 1 {
                format!(
                    "its order is even (the trace test for 2^{}·E fails)",
                    self.two_adicity
                )
            } else {
                "n·P ≠ O".to_string()
            };
            return Err(Error::PointNotInSubgroup {
                curve: self.name.clone(),
                reason,
            });
        }
        Ok(())
    }

    /// The point (x, y) after checking that it is on the curve.
    pub fn point(&self, x: F::Elem, y: F::Elem) -> Result<AffinePoint<F::Elem>> {
        let p = AffinePoint::Finite { x, y };
        self.check_on_curve(&p)?;
        Ok(p)
    }

    /// A uniformly random point of ⟨G⟩ other than O (k·G for a random k ∈ [1, n)),
    /// for tests and benchmarks. Variable-time.
    pub fn random_point_vartime(&self, rng: &mut dyn rand::RngCore) -> AffinePoint<F::Elem> {
        let k = self.random_scalar_vartime(rng);
        self.mul_wnaf_vartime(&k, &self.generator(), 4)
    }

    /// A uniformly random integer in [1, n), by rejection sampling (fewer than two
    /// draws on average, as n > 2^(bits(n) − 1)). Variable-time.
    pub fn random_scalar_vartime(&self, rng: &mut dyn rand::RngCore) -> BigUint {
        loop {
            let mut bytes = vec![0u8; self.order_bits.div_ceil(8)];
            rng.fill_bytes(&mut bytes);
            let k = BigUint::from_bytes_be(&bytes) >> (bytes.len() * 8 - self.order_bits);
            if !k.is_zero() && k < self.order {
                return k;
            }
        }
    }
}

impl BinaryCurve<DynBinaryField> {
    /// The standard curve `name` (`sect233r1`, `B-233`, `b233`, an OID; see
    /// [`params::find`]) over its own polynomial, as a run-time field.
    pub fn standard(name: &str) -> Result<Self> {
        let sc = params::find(name).ok_or_else(|| Error::UnknownCurve {
            given: name.into(),
            known: params::known_names(),
        })?;
        let field = DynBinaryField::from_modulus(Modulus::from_exponents(sc.exponents)?)?;
        Self::from_params(field, sc)
    }
}
