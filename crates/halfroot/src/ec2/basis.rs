//! A standard curve computed on another polynomial basis of its field — typically the
//! square-root-friendly polynomial of the same degree — with bit-identical results.
//!
//! Source: Avanzi, *Another look at square roots, traces and quadratic equations*,
//! Remark 1 and §1 (a NIST curve moved to an SSRF field by a change of basis, "about
//! one field multiplication" per conversion, so that halving's square roots become
//! cheap); the isomorphism is [`crate::binary::convert::BasisConverter`].
//!
//! φ: F_2\[z\]/(P_std) → F_2\[z\]/(P_int) is a field isomorphism, so
//! (x, y) ↦ (φ(x), φ(y)) maps the curve (a, b) onto the curve (φ(a), φ(b)) and commutes
//! with the group law, halving and scalar multiplication. Points cross the boundary at
//! the start and at the end of an operation (two conversions per coordinate); the
//! order, cofactor and encodings are the standard curve's. The conversions of public
//! points read tables ([`crate::binary::convert`], variable-time); the ECDH shared
//! secret goes back by a masked sum of the inverse map's columns (d masked XORs of
//! ⌈d/64⌉ words), constant-time.

use super::curve::{AffinePoint, BinaryCurve};
use super::scalar::{Scalar, ScalarMulAlgorithm};
use crate::binary::convert::BasisConverter;
use crate::binary::dynamic::DynBinaryField;
use crate::binary::field::BinaryFieldOps;
use crate::binary::modulus::Modulus;
use crate::error::{Error, Result};
use crate::field::Field;
use num_bigint::BigUint;

/// A standard curve and its image on the basis of `F`.
#[derive(Debug)]
pub struct CurveOnBasis<F: BinaryFieldOps> {
    standard: BinaryCurve<DynBinaryField>,
    internal: BinaryCurve<F>,
    /// φ (forward) and φ⁻¹ (backward): one converter, so that the two are inverse to
    /// each other (a second converter built the other way could pick another of the d
    /// conjugate isomorphisms).
    converter: BasisConverter,
    /// The images of z^i under φ⁻¹, for the constant-time conversion back.
    back_columns: Vec<Vec<u64>>,
}

impl<F: BinaryFieldOps> CurveOnBasis<F> {
    /// The standard curve `name` moved onto `field`, whose defining polynomial is
    /// `modulus` (of the curve's degree). [`Error::InvalidCurve`] if `modulus` is not
    /// `field`'s polynomial (the moved generator is then not on the curve).
    pub fn new(field: F, modulus: &Modulus, name: &str) -> Result<Self> {
        let standard = BinaryCurve::standard(name)?;
        let converter = BasisConverter::new(standard.field().modulus(), modulus)?;
        Self::with_converter(field, converter, name)
    }

    /// As [`CurveOnBasis::new`] with the change of basis given (its set-up, a root of
    /// the standard polynomial in `field`, is the slow part: share it between the two
    /// curves of one degree). [`Error::InvalidArgument`] if `converter` does not start
    /// from the curve's polynomial.
    pub fn with_converter(field: F, converter: BasisConverter, name: &str) -> Result<Self> {
        let standard = BinaryCurve::standard(name)?;
        if converter.from_field().modulus() != standard.field().modulus() {
            return Err(Error::InvalidArgument {
                name: "converter".into(),
                value: converter.from_field().modulus().to_string(),
                reason: format!("{name} is defined by {}", standard.field().modulus()),
            });
        }
        let modulus = converter.to_field().modulus().clone();
        let words = converter.to_field().words();
        let back_columns = (0..converter.to_field().degree() as usize)
            .map(|i| {
                let mut e = vec![0u64; words];
                e[i / 64] = 1 << (i % 64);
                converter.backward(&e)
            })
            .collect::<Result<Vec<_>>>()?;
        let conv = |e: &Vec<u64>| -> Result<F::Elem> {
            let v = converter.forward(e)?;
            field.decode(&converter.to_field().encode(&v))
        };
        let g = standard.generator();
        let (gx, gy) = g.coordinates().ok_or_else(|| Error::InvalidCurve {
            curve: name.into(),
            reason: "the generator is O".into(),
        })?;
        let (a, b, gx, gy) = (
            conv(standard.a())?,
            conv(standard.b())?,
            conv(gx)?,
            conv(gy)?,
        );
        let internal = BinaryCurve::new(
            field,
            a,
            b,
            gx,
            gy,
            standard.order().clone(),
            standard.cofactor(),
            &format!("{} on {modulus}", standard.name()),
        )?;
        Ok(CurveOnBasis {
            standard,
            internal,
            converter,
            back_columns,
        })
    }

    /// The curve in its standard basis.
    pub fn standard(&self) -> &BinaryCurve<DynBinaryField> {
        &self.standard
    }

    /// The curve on the basis of `F`.
    pub fn internal(&self) -> &BinaryCurve<F> {
        &self.internal
    }

    fn elem_in(&self, e: &[u64]) -> Result<F::Elem> {
        let v = self.converter.forward(e)?;
        self.internal
            .field()
            .decode(&self.converter.to_field().encode(&v))
    }

    fn elem_out(&self, e: &F::Elem) -> Result<Vec<u64>> {
        let bytes = self.internal.field().encode(e);
        let v = self.converter.to_field().decode(&bytes)?;
        self.converter.backward(&v)
    }

    /// `p` (standard basis) on the internal basis.
    pub fn to_internal(&self, p: &AffinePoint<Vec<u64>>) -> Result<AffinePoint<F::Elem>> {
        Ok(match p {
            AffinePoint::Infinity => AffinePoint::Infinity,
            AffinePoint::Finite { x, y } => AffinePoint::Finite {
                x: self.elem_in(x)?,
                y: self.elem_in(y)?,
            },
        })
    }

    /// `p` (internal basis) on the standard basis.
    pub fn to_standard(&self, p: &AffinePoint<F::Elem>) -> Result<AffinePoint<Vec<u64>>> {
        Ok(match p {
            AffinePoint::Infinity => AffinePoint::Infinity,
            AffinePoint::Finite { x, y } => AffinePoint::Finite {
                x: self.elem_out(x)?,
                y: self.elem_out(y)?,
            },
        })
    }

    /// kP computed on the internal basis, P and the result on the standard one
    /// (see [`BinaryCurve::mul`]).
    pub fn mul(
        &self,
        algorithm: Option<ScalarMulAlgorithm>,
        k: &BigUint,
        p: &AffinePoint<Vec<u64>>,
    ) -> Result<AffinePoint<Vec<u64>>> {
        let q = self.internal.mul(algorithm, k, &self.to_internal(p)?)?;
        self.to_standard(&q)
    }

    /// The unique half of odd order of `p` (standard basis), computed on the internal
    /// basis (see [`BinaryCurve::halve`]).
    pub fn halve(&self, p: &AffinePoint<Vec<u64>>) -> Result<Option<AffinePoint<Vec<u64>>>> {
        match self.internal.halve(&self.to_internal(p)?)? {
            None => Ok(None),
            Some(q) => self.to_standard(&q).map(Some),
        }
    }

    /// The SEC 1 ECDH shared secret (standard encoding) of `private` and the fully
    /// validated `peer` (standard basis), with the ladder on the internal basis and the
    /// secret converted back in constant time.
    pub fn ecdh(&self, private: &Scalar, peer: &AffinePoint<Vec<u64>>) -> Result<Vec<u8>> {
        self.standard
            .validate_public_point(peer, "peer public key")?;
        let peer = self.to_internal(peer)?;
        let (x, _) = peer.coordinates().ok_or_else(|| Error::PointAtInfinity {
            curve: self.standard.name().into(),
            context: "peer public key".into(),
        })?;
        let (shared, infinity) = self.internal.mul_ladder_x_ct(private, x);
        if bool::from(infinity) {
            return Err(Error::PointAtInfinity {
                curve: self.standard.name().into(),
                context: "the shared point d·Q".into(),
            });
        }
        // φ⁻¹(shared) = Σ_i bit_i(shared)·φ⁻¹(z^i), by masks.
        let bytes = self.internal.field().encode(&shared);
        let words = self.converter.to_field().words();
        let mut v = vec![0u64; words];
        crate::field::be_bytes_to_words(&bytes, bytes.len(), "shared secret", &mut v)?;
        let mut out = vec![0u64; words];
        for (i, col) in self.back_columns.iter().enumerate() {
            let mask = 0u64.wrapping_sub((v[i / 64] >> (i % 64)) & 1);
            for (o, c) in out.iter_mut().zip(col) {
                *o ^= c & mask;
            }
        }
        Ok(self.standard.field().encode(&out))
    }
}
