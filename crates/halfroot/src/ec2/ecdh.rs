//! Elliptic-curve Diffie–Hellman on binary curves, and key generation.
//!
//! Source: SEC 1 v2 §3.3.1 (the Elliptic Curve Diffie–Hellman primitive: the shared
//! secret is x(d·Q) as a field-element octet string, ⌈d/8⌉ bytes big-endian, and
//! O is an error), §3.2.1 (key pairs), §3.2.2.1 (full public-key validation: Q ≠ O, on
//! the curve, n·Q = O — here by the trace criterion of [`crate::ec2::curve`]) and
//! §3.2.3 (partial validation: Q ≠ O and on the curve only).
//!
//! The scalar multiplication is constant-time in the private key, which is read from
//! bytes in constant time ([`BinaryCurve::scalar_from_be_bytes`]): the method of
//! [`BinaryCurve::auto_secret_algorithm`] after full validation — the x-only ladder of
//! [`crate::ec2::ladder`], or on a Koblitz curve the τ-adic method of
//! [`crate::ec2::scalar::tnaf_ct`] where it measures faster — and the ladder after
//! partial validation (the peer's point may lie outside ⟨G⟩, where the τ-adic
//! reduction does not hold). Without the cofactor (OpenSSL's default
//! and Wycheproof's convention): with full validation Q has order n and the cofactor
//! changes nothing.

use super::curve::{AffinePoint, BinaryCurve};
use super::scalar::{Scalar, ScalarMulAlgorithm};
use crate::binary::field::BinaryFieldOps;
use crate::error::{Error, Result};
use rand::RngCore;

/// How many draws [`BinaryCurve::keygen`] makes before it reports a broken random
/// source: each draw is rejected with probability at most 1/2 (at least 2^(bits(n)−1)
/// of the 2^bits(n) values lie in [1, n)), so a working source fails 256 times in a row
/// with probability at most 2⁻²⁵⁶.
pub const KEYGEN_ATTEMPTS: u32 = 256;

impl<F: BinaryFieldOps> BinaryCurve<F> {
    /// The SEC 1 ECDH shared secret x(d·Q) after full validation of the peer's public
    /// key Q (≠ O, on the curve, in ⟨G⟩): [`Error::PointAtInfinity`],
    /// [`Error::PointNotOnCurve`] or [`Error::PointNotInSubgroup`] otherwise.
    pub fn ecdh(&self, private: &Scalar, peer: &AffinePoint<F::Elem>) -> Result<Vec<u8>> {
        self.validate_public_point(peer, "peer public key")?;
        self.ecdh_shared_x(private, peer, true)
    }

    /// As [`BinaryCurve::ecdh`] with partial validation only (SEC 1 §3.2.3: Q ≠ O and
    /// on the curve): a point of small order gives x(d·Q), which may be 0 or fail as O.
    /// For interoperability tests; key agreement should use [`BinaryCurve::ecdh`].
    pub fn ecdh_with_partial_validation(
        &self,
        private: &Scalar,
        peer: &AffinePoint<F::Elem>,
    ) -> Result<Vec<u8>> {
        if peer.is_infinity() {
            return Err(Error::PointAtInfinity {
                curve: self.name().into(),
                context: "peer public key".into(),
            });
        }
        self.check_on_curve(peer)?;
        self.ecdh_shared_x(private, peer, false)
    }

    /// x(d·Q) encoded, by the τ-adic method when `in_subgroup` (full validation) and it
    /// is the measured choice, else by the x-only ladder (any Q on the curve).
    fn ecdh_shared_x(
        &self,
        private: &Scalar,
        peer: &AffinePoint<F::Elem>,
        in_subgroup: bool,
    ) -> Result<Vec<u8>> {
        let shared = match peer {
            AffinePoint::Infinity => None,
            _ if in_subgroup && self.auto_secret_algorithm() == ScalarMulAlgorithm::Tnaf => {
                let (x, infinity) = self.mul_tnaf_x_ct(private, peer)?;
                (!bool::from(infinity)).then_some(x)
            }
            AffinePoint::Finite { x, .. } => self.mul_ladder_x(private, x),
        };
        shared
            .map(|s| self.field.encode(&s))
            .ok_or_else(|| Error::PointAtInfinity {
                curve: self.name().into(),
                context: "the shared point d·Q".into(),
            })
    }

    /// ECDH from encodings: the private key big-endian (in [1, n)) and the peer's public
    /// key as a DER SubjectPublicKeyInfo or a SEC 1 point
    /// ([`BinaryCurve::decode_public_key`]), fully validated.
    pub fn ecdh_from_bytes(&self, private_be: &[u8], peer_public: &[u8]) -> Result<Vec<u8>> {
        let d = self.scalar_from_be_bytes(private_be)?;
        let q = self.decode_public_key(peer_public)?;
        self.ecdh(&d, &q)
    }

    /// A key pair (d, Q = d·G) with d uniform in [1, n) (SEC 1 §3.2.1), by rejection
    /// sampling on ⌈bits(n)/8⌉ random bytes with the top bits cleared and the
    /// constant-time method of [`BinaryCurve::auto_secret_algorithm`].
    ///
    /// A draw is rejected with probability at most 1/2, so a working source needs more
    /// than [`KEYGEN_ATTEMPTS`] draws with probability at most 2⁻²⁵⁶; after that many,
    /// [`Error::RandomSource`] (a broken generator, such as one that returns only zeros
    /// or only ones, would otherwise loop for ever).
    pub fn keygen(&self, rng: &mut dyn RngCore) -> Result<(Scalar, AffinePoint<F::Elem>)> {
        let bits = self.order_bits();
        let mut bytes = vec![0u8; bits.div_ceil(8)];
        for _ in 0..KEYGEN_ATTEMPTS {
            rng.fill_bytes(&mut bytes);
            let excess = bytes.len() * 8 - bits;
            bytes[0] &= 0xffu8 >> excess;
            if let Ok(d) = self.scalar_from_be_bytes(&bytes) {
                let (x, y, infinity) = self.mul_secret_ct(&d, &self.generator());
                // d ∈ [1, n): d·G ≠ O, so `infinity` is never set.
                let q = if bool::from(infinity) {
                    AffinePoint::Infinity
                } else {
                    AffinePoint::Finite { x, y }
                };
                return Ok((d, q));
            }
        }
        Err(Error::RandomSource {
            reason: format!(
                "{KEYGEN_ATTEMPTS} draws of {bits} bits gave no scalar in [1, n) on {}",
                self.name()
            ),
        })
    }
}
