//! Private keys of the standard binary curves: RFC 5915 `ECPrivateKey` (SEC 1 v2
//! §C.4) and RFC 5208 / RFC 5958 PKCS#8 `PrivateKeyInfo`, in DER or PEM, through
//! RustCrypto's `sec1` and `pkcs8` crates.
//!
//! | format | PEM label | contents written |
//! |---|---|---|
//! | [`PrivateKeyFormat::Pkcs8`] | `PRIVATE KEY` | version 0, id-ecPublicKey with the namedCurve OID, and an `ECPrivateKey` holding d (⌈bits(n)/8⌉ octets) and the uncompressed public key (the namedCurve parameter is left out of the inner structure, as OpenSSL writes it — RFC 5915 §3 allows it) |
//! | [`PrivateKeyFormat::Sec1`] | `EC PRIVATE KEY` | version 1, d, `[0]` namedCurve, `[1]` the uncompressed public key |
//!
//! Reading ([`BinaryCurve::decode_private_key`]) takes either structure, in DER or PEM,
//! and checks everything it can: strict DER; id-ecPublicKey; the curve OID, wherever it
//! appears, equal to this curve's ([`Error::WrongCurve`]); d in [1, n) and at most
//! ⌈bits(n)/8⌉ octets (shorter strings are taken as having leading zeros, as some
//! encoders strip them); a public key, when present, a point of the curve equal to d·G.
//! Failures are [`Error::InvalidEncoding`], [`Error::OutOfRange`] or
//! [`Error::WrongCurve`].
//!
//! d is read with [`BinaryCurve::scalar_from_be_bytes`] and d·G computed with the
//! constant-time ladder; the DER layer handles the private octets as an opaque string
//! (its lengths are public). The byte buffers are not zeroized.

use super::curve::{AffinePoint, BinaryCurve};
use super::encoding::ID_EC_PUBLIC_KEY;
use super::scalar::Scalar;
use crate::binary::field::BinaryFieldOps;
use crate::error::{Error, Result};
use der::asn1::ObjectIdentifier;
use der::pem::LineEnding;
use der::{Decode, Encode, EncodePem};
use pkcs8::PrivateKeyInfo;
use sec1::{EcParameters, EcPrivateKey};
use spki::AlgorithmIdentifierRef;

/// The two private-key structures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PrivateKeyFormat {
    /// RFC 5208 / 5958 `PrivateKeyInfo` (PEM `PRIVATE KEY`), what OpenSSL 3 writes by
    /// default.
    Pkcs8,
    /// RFC 5915 `ECPrivateKey` (PEM `EC PRIVATE KEY`), OpenSSL's "traditional" form.
    Sec1,
}

crate::algorithm::named_algorithm!(PrivateKeyFormat, "private-key format", display);

impl PrivateKeyFormat {
    /// Both formats.
    pub const ALL: [PrivateKeyFormat; 2] = [PrivateKeyFormat::Pkcs8, PrivateKeyFormat::Sec1];

    /// The canonical name.
    pub fn name(self) -> &'static str {
        match self {
            PrivateKeyFormat::Pkcs8 => "pkcs8",
            PrivateKeyFormat::Sec1 => "sec1",
        }
    }
}

const WHAT: &str = "EC private key";

fn bad(reason: impl Into<String>) -> Error {
    Error::InvalidEncoding {
        what: WHAT.into(),
        reason: reason.into(),
    }
}

fn parse_oid(s: &str) -> Result<ObjectIdentifier> {
    ObjectIdentifier::new(s).map_err(|e| bad(format!("object identifier {s}: {e}")))
}

impl<F: BinaryFieldOps> BinaryCurve<F> {
    fn named_oid(&self) -> Result<&'static str> {
        self.oid().ok_or_else(|| Error::InvalidArgument {
            name: "curve".into(),
            value: self.name().into(),
            reason: "only a named (standard) curve has a private-key encoding".into(),
        })
    }

    /// The DER encoding of the private key `d` in `format`, with its public key d·G
    /// (computed by the constant-time ladder). [`Error::InvalidArgument`] for a curve
    /// without OID.
    pub fn encode_private_key_der(&self, d: &Scalar, format: PrivateKeyFormat) -> Result<Vec<u8>> {
        let curve_oid = parse_oid(self.named_oid()?)?;
        let der_err = |e: der::Error| bad(e.to_string());
        let private = d.to_be_bytes(self.order_bits().div_ceil(8));
        let public = self.encode_point(&self.mul_ladder(d, &self.generator()), false);
        match format {
            PrivateKeyFormat::Sec1 => EcPrivateKey {
                private_key: &private,
                parameters: Some(EcParameters::NamedCurve(curve_oid)),
                public_key: Some(&public),
            }
            .to_der()
            .map_err(der_err),
            PrivateKeyFormat::Pkcs8 => {
                let inner = EcPrivateKey {
                    private_key: &private,
                    parameters: None,
                    public_key: Some(&public),
                }
                .to_der()
                .map_err(der_err)?;
                let params = der::asn1::AnyRef::from(&curve_oid);
                PrivateKeyInfo::new(
                    AlgorithmIdentifierRef {
                        oid: parse_oid(ID_EC_PUBLIC_KEY)?,
                        parameters: Some(params),
                    },
                    &inner,
                )
                .to_der()
                .map_err(der_err)
            }
        }
    }

    /// As [`BinaryCurve::encode_private_key_der`], in PEM (`-----BEGIN PRIVATE KEY-----`
    /// or `-----BEGIN EC PRIVATE KEY-----`, LF line endings).
    pub fn encode_private_key_pem(&self, d: &Scalar, format: PrivateKeyFormat) -> Result<String> {
        let der_bytes = self.encode_private_key_der(d, format)?;
        let pem_err = |e: der::Error| bad(e.to_string());
        match format {
            PrivateKeyFormat::Sec1 => EcPrivateKey::from_der(&der_bytes)
                .map_err(pem_err)?
                .to_pem(LineEnding::LF)
                .map_err(pem_err),
            PrivateKeyFormat::Pkcs8 => PrivateKeyInfo::from_der(&der_bytes)
                .map_err(pem_err)?
                .to_pem(LineEnding::LF)
                .map_err(pem_err),
        }
    }

    /// The private key (d, d·G) in `bytes`: a PKCS#8 `PrivateKeyInfo` or an RFC 5915
    /// `ECPrivateKey`, in DER or in PEM; every check is listed in the module docs.
    pub fn decode_private_key(&self, bytes: &[u8]) -> Result<(Scalar, AffinePoint<F::Elem>)> {
        let curve_oid = self.named_oid()?;
        let trimmed = bytes.trim_ascii_start();
        if trimmed.starts_with(b"-----BEGIN") {
            let (label, der_bytes) =
                der::pem::decode_vec(trimmed).map_err(|e| bad(format!("not PEM: {e}")))?;
            return match label {
                "PRIVATE KEY" => self.decode_pkcs8(&der_bytes, curve_oid),
                "EC PRIVATE KEY" => self.decode_sec1(&der_bytes, curve_oid),
                other => Err(bad(format!(
                    "PEM label {other:?} is neither \"PRIVATE KEY\" nor \"EC PRIVATE KEY\""
                ))),
            };
        }
        // Both structures are SEQUENCEs; PKCS#8 starts with INTEGER 0 or 1 followed by
        // a SEQUENCE (the algorithm), ECPrivateKey with INTEGER 1 and an OCTET STRING.
        match PrivateKeyInfo::from_der(bytes) {
            Ok(_) => self.decode_pkcs8(bytes, curve_oid),
            Err(pkcs8_error) => match EcPrivateKey::from_der(bytes) {
                Ok(_) => self.decode_sec1(bytes, curve_oid),
                Err(_) => Err(bad(format!(
                    "neither a PKCS#8 PrivateKeyInfo nor an RFC 5915 ECPrivateKey in DER ({pkcs8_error})"
                ))),
            },
        }
    }

    fn decode_pkcs8(
        &self,
        der_bytes: &[u8],
        curve_oid: &str,
    ) -> Result<(Scalar, AffinePoint<F::Elem>)> {
        let info = PrivateKeyInfo::from_der(der_bytes)
            .map_err(|e| bad(format!("not a DER PKCS#8 PrivateKeyInfo: {e}")))?;
        let alg = info.algorithm.oid.to_string();
        if alg != ID_EC_PUBLIC_KEY {
            return Err(bad(format!(
                "algorithm {alg} is not id-ecPublicKey ({ID_EC_PUBLIC_KEY})"
            )));
        }
        let params = info
            .algorithm
            .parameters
            .ok_or_else(|| bad("missing the namedCurve parameter"))?;
        let named: ObjectIdentifier = params.decode_as().map_err(|e| {
            bad(format!(
                "the parameter is not a namedCurve OID (explicit parameters are not accepted): {e}"
            ))
        })?;
        self.check_curve_oid(&named.to_string(), curve_oid)?;
        let (d, q) = self.decode_sec1(info.private_key, curve_oid)?;
        if let Some(outer) = info.public_key {
            if self.decode_point(outer)? != q {
                return Err(bad("the PKCS#8 public key is not d·G"));
            }
        }
        Ok((d, q))
    }

    fn check_curve_oid(&self, found: &str, expected: &str) -> Result<()> {
        if found == expected {
            return Ok(());
        }
        let name = super::params::STANDARD_CURVES
            .iter()
            .find(|c| c.oid == found)
            .map_or(found.to_string(), |c| format!("{} ({found})", c.name));
        Err(Error::WrongCurve {
            expected: self.name().into(),
            found: name,
        })
    }

    fn decode_sec1(
        &self,
        der_bytes: &[u8],
        curve_oid: &str,
    ) -> Result<(Scalar, AffinePoint<F::Elem>)> {
        let key = EcPrivateKey::from_der(der_bytes)
            .map_err(|e| bad(format!("not a DER RFC 5915 ECPrivateKey: {e}")))?;
        match key.parameters {
            Some(EcParameters::NamedCurve(oid)) => {
                self.check_curve_oid(&oid.to_string(), curve_oid)?
            }
            // Inside PKCS#8 the curve is named outside; a bare ECPrivateKey without
            // parameters names none, and the caller's curve is taken.
            None => {}
        }
        let len = self.order_bits().div_ceil(8);
        if key.private_key.len() > len {
            return Err(bad(format!(
                "the private key has {} octets; {} takes at most {len}",
                key.private_key.len(),
                self.name()
            )));
        }
        let d = self.scalar_from_be_bytes(key.private_key)?;
        let q = self.mul_ladder(&d, &self.generator());
        if let Some(public) = key.public_key {
            if self.decode_point(public)? != q {
                return Err(bad("the public key is not d·G"));
            }
        }
        Ok((d, q))
    }
}
