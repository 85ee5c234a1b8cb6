//! Binary elliptic curves y² + xy = x³ + ax² + b over F_2^d: the group law in several
//! coordinate systems, point halving, scalar multiplication by every method, SEC 1
//! encodings and ECDH.
//!
//! Generic over [`BinaryFieldOps`](crate::binary::field::BinaryFieldOps), so the same
//! code runs on a compile-time field ([`crate::binary::field::BinaryField`]), on a field
//! chosen at run time ([`crate::binary::dynamic::DynBinaryField`], what the command line
//! and Python use) and on [`crate::count::Counting`], which checks the operation counts
//! stated in each file's header.
//!
//! | module | what | source |
//! |---|---|---|
//! | [`curve`] | curves, validation, the odd-order subgroup test | SEC 1 v2 §3.1.2, §3.2.2.1 |
//! | [`basis`] | a standard curve computed on another basis (an SSRF polynomial), bit-identical results | Avanzi §1, Remark 1 |
//! | [`params`] | the ten standard curves (K-/B-163 … 571) | SEC 2 v2 §3; FIPS 186-4 D.1.2 |
//! | [`affine`] | affine addition and doubling, every exceptional case | Hankerson–Menezes–Vanstone §3.1.2 |
//! | [`ld`] | López–Dahab projective doubling, mixed and general addition | López–Dahab 1998; EFD `g12o/lopez-dahab` |
//! | [`halve`] | point halving in the λ-representation, cofactor 2 and 4 | Knudsen 1999; Fong–Hankerson–López–Menezes 2004 §3; King–Rubin 2004 |
//! | [`lambda`] | λ-projective doubling, mixed and general addition, fused 2Q + P | Oliveira–López–Aranha–Rodríguez-Henríquez, CHES 2013 |
//! | [`xs`] | (x, s) coordinates with complete formulas (b = 1), constant-time | Pornin, ePrint 2022/1325 |
//! | [`ladder`] | the x-only López–Dahab Montgomery ladder, constant-time | López–Dahab, CHES 1999 |
//! | [`scalar`] | scalar multiplication: ladder, w-NAF double-and-add, halve-and-add | Fong et al. 2004 §4 (Alg. 3.91 of HMV) |
//! | [`encoding`] | SEC 1 points (compressed, uncompressed), SubjectPublicKeyInfo | SEC 1 v2 §2.3.3–2.3.4; RFC 5480 |
//! | [`private_key`] | private keys: PKCS#8 and RFC 5915 ECPrivateKey, DER and PEM | RFC 5208/5958; RFC 5915; SEC 1 v2 §C.4 |
//! | [`ecdh`] | the SEC 1 ECDH primitive with full public-key validation | SEC 1 v2 §3.3.1, §3.2.2.1 |
//!
//! Points are [`AffinePoint`]s at every public boundary; the projective forms are the
//! coordinate modules' own. Functions whose running time depends on their inputs end in
//! `_vartime`; the ladder and ECDH are constant-time in the scalar.

pub mod affine;
pub mod basis;
pub mod curve;
pub mod ecdh;
pub mod encoding;
pub mod halve;
pub mod ladder;
pub mod lambda;
pub mod ld;
pub mod params;
pub mod private_key;
pub mod scalar;
pub mod xs;

pub use curve::{AffinePoint, BinaryCurve};
pub use private_key::PrivateKeyFormat;
pub use scalar::{Scalar, ScalarMulAlgorithm};
