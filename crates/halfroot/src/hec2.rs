//! Genus-2 binary hyperelliptic curves y² + h(x)·y = f(x) over F_2^d: Mumford divisors,
//! Cantor's law, Lange's explicit formulae, Kitamura–Katagi–Takagi's divisor halving and
//! scalar multiplication by doubling and by halving.
//!
//! Generic over [`BinaryFieldOps`](crate::binary::field::BinaryFieldOps): the same code
//! runs on a compile-time field, on [`crate::binary::dynamic::DynBinaryField`] (the
//! command line and Python) and on [`crate::count::Counting`], which checks the costs
//! stated in each file's header.
//!
//! | module | what | source |
//! |---|---|---|
//! | [`curve`] | curves, non-singularity, shapes, #J | Menezes–Wu–Zuccherato 1996 §1; Lange 2005 §2 |
//! | [`divisor`] | Mumford divisors: validation, negation, encoding | Mumford 1984; Cantor 1987 |
//! | [`cantor`] | Cantor's composition and reduction, any weight (the reference) | Cantor 1987 |
//! | [`harley`] | explicit addition and doubling of weight-2 divisors (Harley's method), Cantor for the rest | Lange 2005; Pelzl–Wollinger–Paar 2003 |
//! | [`halve`] | divisor halving: Algorithms 3, 5, 6 | Kitamura–Katagi–Takagi §3, App. B |
//! | [`scalar`] | double-and-add, w-NAF, halve-and-add (Alg. 4), the fixed-base table, `auto` | Kitamura–Katagi–Takagi §3.3, §4.1; Fong et al. 2004 §4 |
//! | [`params`] | the curves C1, C2, C6 | Kitamura–Katagi–Takagi App. B.1 |
//!
//! Functions whose running time depends on secret-free inputs in ways that matter end in
//! `_vartime`; nothing in this module is constant-time.
//!
//! # Checked and unchecked entry points
//! Divisors come in checked ([`Hec2Curve::divisor_from_polys`], [`Hec2Curve::decode`],
//! [`Hec2Curve::check_divisor`]: every coefficient an element of the field, and
//! u | v² + hv + f). The entry points that return a `Result` check their divisor again
//! ([`Hec2Curve::mul_vartime`], [`Hec2Curve::halve_vartime`],
//! [`Hec2Curve::is_in_subgroup_vartime`], [`Hec2Curve::mul_halve_and_add_vartime`],
//! [`Hec2Curve::halving_table_vartime`]): a `Divisor` built by hand with a coefficient
//! that is not reduced, or of the wrong width on a run-time field, is refused with
//! [`Error::OutOfRange`]. The group-law primitives (`add_*`, `double_*`,
//! [`Hec2Curve::halve_with_vartime`], [`Hec2Curve::mul_double_and_add_vartime`],
//! [`Hec2Curve::mul_wnaf_vartime`]) take divisors of the curve as given, as the curve
//! formulas' benchmarks need: their result for anything else is unspecified.

pub mod cantor;
pub mod curve;
pub mod divisor;
pub mod halve;
pub mod harley;
pub mod params;
pub mod scalar;

pub use curve::{CurveShape, GroupOrder, Hec2Curve};
pub use divisor::Divisor;
pub use halve::{HalvingAlgorithm, HalvingChoice, HalvingFailure};
pub use scalar::{HalvingTable, Hec2ScalarAlgorithm};

use crate::binary::dynamic::DynBinaryField;
use crate::binary::modulus::Modulus;
use crate::ec2::curve::element_from_hex;
use crate::error::{Error, Result};
use num_bigint::BigUint;

impl<F: crate::binary::field::BinaryFieldOps> Hec2Curve<F> {
    /// The curve of `params` over `field`, which must have the curve's degree (the
    /// coefficients are read in `field`'s basis: give the curve's own polynomial, or
    /// convert them first).
    pub fn from_params(field: F, params: &params::NamedHec2Curve) -> Result<Self> {
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
        let e = |t: &str| element_from_hex(&field, t);
        let h = [e(params.h[0])?, e(params.h[1])?, e(params.h[2])?];
        let f = [
            e(params.f[0])?,
            e(params.f[1])?,
            e(params.f[2])?,
            e(params.f[3])?,
            e(params.f[4])?,
            e(params.f[5])?,
        ];
        let order = BigUint::parse_bytes(params.order_j.as_bytes(), 10).ok_or_else(|| {
            Error::InvalidCurve {
                curve: params.name.into(),
                reason: "malformed #J".into(),
            }
        })?;
        Self::new(field, h, f, Some(order), params.name)
    }
}

impl Hec2Curve<DynBinaryField> {
    /// The named curve (`C1`, `C2`, `C6`) over its own polynomial, as a run-time field.
    pub fn named(name: &str) -> Result<Self> {
        let p = params::find(name).ok_or_else(|| Error::UnknownCurve {
            given: name.into(),
            known: params::known_names(),
        })?;
        let field = DynBinaryField::from_modulus(Modulus::from_exponents(p.exponents)?)?;
        Self::from_params(field, p)
    }
}
