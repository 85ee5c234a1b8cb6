//! Encodings of binary-curve points: SEC 1 octet strings and X.509
//! SubjectPublicKeyInfo.
//!
//! Sources: SEC 1 v2 §2.3.3 (Elliptic-Curve-Point-to-Octet-String) and §2.3.4
//! (Octet-String-to-Elliptic-Curve-Point) for binary fields; RFC 5480 §2 (id-ecPublicKey
//! with a namedCurve parameter) and RFC 5280 §4.1 (SubjectPublicKeyInfo), parsed as
//! strict DER by RustCrypto's `der`/`spki` crates.
//!
//! | form | octets | decoding |
//! |---|---|---|
//! | O | `00` | — |
//! | compressed | `02`/`03` ‖ X, the low bit of the prefix ỹ = the low bit of y/x (0 when x = 0) | y = x·z with z² + z = x + a + b/x² (1I + 1S + 1M + 1H + 1T, then 1M), z or z + 1 by ỹ; x = 0 gives y = √b |
//! | uncompressed | `04` ‖ X ‖ Y | the curve equation is checked |
//! | hybrid | `06`/`07` ‖ X ‖ Y | as uncompressed, and ỹ must match |
//!
//! X and Y are field-element octet strings ([`crate::field::Field::encode`]: ⌈d/8⌉
//! bytes, big-endian). Every decoded point is on the curve; whether it is acceptable
//! as a public key (≠ O, in ⟨G⟩) is [`BinaryCurve::validate_public_point`]'s
//! business. Each malformed input is an [`Error::InvalidEncoding`],
//! [`Error::PointNotOnCurve`] or [`Error::WrongCurve`]. Variable-time (public data).

use super::curve::{AffinePoint, BinaryCurve};
use crate::binary::field::BinaryFieldOps;
use crate::error::{Error, Result};
use der::asn1::{BitString, ObjectIdentifier};
use der::{Any, Decode, Encode};
use spki::{AlgorithmIdentifier, SubjectPublicKeyInfoOwned, SubjectPublicKeyInfoRef};

/// id-ecPublicKey (RFC 5480 §2.1.1).
pub const ID_EC_PUBLIC_KEY: &str = "1.2.840.10045.2.1";

fn bad(what: &str, reason: impl Into<String>) -> Error {
    Error::InvalidEncoding {
        what: what.into(),
        reason: reason.into(),
    }
}

impl<F: BinaryFieldOps> BinaryCurve<F> {
    /// The SEC 1 octet string of `p`, compressed (1 + ⌈d/8⌉ bytes) or uncompressed
    /// (1 + 2⌈d/8⌉ bytes); O is the single byte `00`.
    pub fn encode_point(&self, p: &AffinePoint<F::Elem>, compressed: bool) -> Vec<u8> {
        let f = &self.field;
        let AffinePoint::Finite { x, y } = p else {
            return vec![0];
        };
        let mut out = Vec::with_capacity(1 + 2 * f.encoded_len());
        if compressed {
            out.push(2 | self.y_bit(x, y));
            out.extend_from_slice(&f.encode(x));
        } else {
            out.push(4);
            out.extend_from_slice(&f.encode(x));
            out.extend_from_slice(&f.encode(y));
        }
        out
    }

    /// ỹ: the low bit of y/x, 0 when x = 0 (SEC 1 §2.3.3 step 3.2).
    fn y_bit(&self, x: &F::Elem, y: &F::Elem) -> u8 {
        let f = &self.field;
        match f.inv(x) {
            None => 0,
            Some(xi) => f.encode(&f.mul(y, &xi)).last().map_or(0, |b| b & 1),
        }
    }

    /// The point encoded by the SEC 1 octet string `bytes` (any of the four forms of
    /// the module table, and `00` for O). The point is on the curve.
    pub fn decode_point(&self, bytes: &[u8]) -> Result<AffinePoint<F::Elem>> {
        const WHAT: &str = "SEC 1 curve point";
        let f = &self.field;
        let len = f.encoded_len();
        let (&prefix, rest) = bytes
            .split_first()
            .ok_or_else(|| bad(WHAT, "empty octet string"))?;
        match prefix {
            0 if rest.is_empty() => Ok(AffinePoint::Infinity),
            2 | 3 => {
                if rest.len() != len {
                    return Err(bad(
                        WHAT,
                        format!(
                            "a compressed point has 1 + {len} bytes, not {}",
                            bytes.len()
                        ),
                    ));
                }
                let x = f
                    .decode(rest)
                    .map_err(|_| bad(WHAT, "x is not a field element"))?;
                self.decompress(x, prefix & 1)
            }
            4 | 6 | 7 => {
                if rest.len() != 2 * len {
                    return Err(bad(
                        WHAT,
                        format!(
                            "an uncompressed point has 1 + 2·{len} bytes, not {}",
                            bytes.len()
                        ),
                    ));
                }
                let x = f
                    .decode(&rest[..len])
                    .map_err(|_| bad(WHAT, "x is not a field element"))?;
                let y = f
                    .decode(&rest[len..])
                    .map_err(|_| bad(WHAT, "y is not a field element"))?;
                if prefix != 4 && self.y_bit(&x, &y) != prefix & 1 {
                    return Err(bad(WHAT, "the hybrid form's ỹ does not match y"));
                }
                self.point(x, y)
            }
            _ => Err(bad(
                WHAT,
                format!(
                    "unknown form {prefix:#04x} (expected 00, 02, 03, 04, 06 or 07) or wrong length {}",
                    bytes.len()
                ),
            )),
        }
    }

    /// The point with abscissa x and ỹ = `y_bit` (SEC 1 §2.3.4 step 2.4.2):
    /// [`Error::PointNotOnCurve`] when no point has this x.
    pub fn decompress(&self, x: F::Elem, y_bit: u8) -> Result<AffinePoint<F::Elem>> {
        let f = &self.field;
        let Some(xi) = f.inv(&x) else {
            // x = 0: y² = b.
            if y_bit != 0 {
                return Err(bad("SEC 1 curve point", "x = 0 requires ỹ = 0"));
            }
            return Ok(AffinePoint::Finite {
                x,
                y: self.sqrt_b.clone(),
            });
        };
        // (y/x)² + (y/x) = x + a + b/x².
        let beta = f.add(&self.add_a(&x), &self.mul_by_b(&f.sqr(&xi)));
        let z = f
            .solve_quadratic_vartime(&beta)
            .ok_or_else(|| Error::PointNotOnCurve {
                curve: self.name().into(),
            })?;
        let low = f.encode(&z).last().map_or(0, |b| b & 1);
        let z = if low == y_bit & 1 {
            z
        } else {
            f.add(&z, &f.one())
        };
        let y = f.mul(&x, &z);
        Ok(AffinePoint::Finite { x, y })
    }

    /// The DER SubjectPublicKeyInfo of `p` (id-ecPublicKey, the curve's namedCurve OID,
    /// the point uncompressed or compressed). [`Error::InvalidArgument`] for a curve
    /// without OID (not a standard curve) and for O.
    pub fn encode_spki(&self, p: &AffinePoint<F::Elem>, compressed: bool) -> Result<Vec<u8>> {
        let curve_oid = self.oid().ok_or_else(|| Error::InvalidArgument {
            name: "curve".into(),
            value: self.name().into(),
            reason: "only a named (standard) curve has a SubjectPublicKeyInfo".into(),
        })?;
        if p.is_infinity() {
            return Err(Error::PointAtInfinity {
                curve: self.name().into(),
                context: "a public key".into(),
            });
        }
        let der_err = |e: der::Error| bad("SubjectPublicKeyInfo", e.to_string());
        let oid =
            |s: &str| ObjectIdentifier::new(s).map_err(|e| bad("object identifier", e.to_string()));
        let params = Any::encode_from(&oid(curve_oid)?).map_err(der_err)?;
        let spki = SubjectPublicKeyInfoOwned {
            algorithm: AlgorithmIdentifier {
                oid: oid(ID_EC_PUBLIC_KEY)?,
                parameters: Some(params),
            },
            subject_public_key: BitString::from_bytes(&self.encode_point(p, compressed))
                .map_err(der_err)?,
        };
        spki.to_der().map_err(der_err)
    }

    /// The point of a DER SubjectPublicKeyInfo: strict DER, id-ecPublicKey, the
    /// namedCurve parameter equal to this curve's OID ([`Error::WrongCurve`]
    /// otherwise), a bit string without unused bits holding a SEC 1 point on the curve.
    pub fn decode_spki(&self, der_bytes: &[u8]) -> Result<AffinePoint<F::Elem>> {
        const WHAT: &str = "SubjectPublicKeyInfo";
        let spki = SubjectPublicKeyInfoRef::from_der(der_bytes)
            .map_err(|e| bad(WHAT, format!("not DER: {e}")))?;
        let alg = spki.algorithm.oid.to_string();
        if alg != ID_EC_PUBLIC_KEY {
            return Err(bad(
                WHAT,
                format!("algorithm {alg} is not id-ecPublicKey ({ID_EC_PUBLIC_KEY})"),
            ));
        }
        let params = spki
            .algorithm
            .parameters
            .ok_or_else(|| bad(WHAT, "missing the namedCurve parameter"))?;
        let named: ObjectIdentifier = params.decode_as().map_err(|e| {
            bad(
                WHAT,
                format!("the parameter is not a namedCurve OID (explicit parameters are not accepted): {e}"),
            )
        })?;
        let found = named.to_string();
        if Some(found.as_str()) != self.oid() {
            let name = super::params::STANDARD_CURVES
                .iter()
                .find(|c| c.oid == found)
                .map_or(found.clone(), |c| format!("{} ({found})", c.name));
            return Err(Error::WrongCurve {
                expected: self.name().into(),
                found: name,
            });
        }
        let point = spki
            .subject_public_key
            .as_bytes()
            .ok_or_else(|| bad(WHAT, "the public key bit string has unused bits"))?;
        self.decode_point(point)
    }

    /// A public key given as either a DER SubjectPublicKeyInfo (first byte `30`) or a
    /// SEC 1 point (first byte `00`, `02`, `03`, `04`, `06` or `07`).
    pub fn decode_public_key(&self, bytes: &[u8]) -> Result<AffinePoint<F::Elem>> {
        match bytes.first() {
            Some(0x30) => self.decode_spki(bytes),
            _ => self.decode_point(bytes),
        }
    }
}
