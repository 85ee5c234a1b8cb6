//! # halfroot
//!
//! The quadratic problems of curve cryptography over finite fields — square roots,
//! traces, half-traces and quadratic equations — with the field arithmetic underneath.
//!
//! | module | what | source |
//! |---|---|---|
//! | [`algorithm`] | algorithm names: one kebab-case spelling, `-`/`_` and `auto` accepted, errors listing the valid names | — |
//! | [`ec2`] | binary elliptic curves: group law (affine, López–Dahab), point halving, ladder, w-NAF and halve-and-add, SEC 1 encodings, ECDH | Knudsen 1999; Fong et al. 2004; SEC 1 v2 |
//! | [`binary`] | F_2^d in polynomial basis: sqrt, trace, half-trace, quadratics | Avanzi §2–3 |
//! | [`field`] | the `Field` trait every field implements: arithmetic, constant-time equality/selection/swap, SEC 1 encodings, batches | SEC 1 v2 §2.3.5 |
//! | [`poly`] | dense polynomials over any `Field`: products, division, gcd, extended gcd | Knuth §4.6.1; von zur Gathen–Gerhard Alg. 3.14 |
//! | [`gf2poly`] | GF(2)\[X\] of any degree: Karatsuba/clmul products, Barrett/sparse mod, Ben-Or and Rabin irreducibility | Ben-Or 1981; Rabin 1980 |
//! | [`cpu`] | CPU features: detected once, restricted by `HALFROOT_CPU`, every kernel choice made from it | — |
//! | [`count`] | operation-counting wrapper (M, S, A, I, SR, H, T) | — |
//! | [`error`] | the library's error type | — |
//! | [`ssrf`] | SSRF polynomial lab: classify, ζ, trace spectra, search, codegen | Avanzi §2, App. B |
//! | [`prime`] | GF(p): Montgomery arithmetic, QR tests, square roots | Wang–Nogami–Morikawa |
//! | [`prime2`] | GF(p²) = GF(p)\[w\]/(w² − c): QR tests, square roots | Wang–Nogami–Morikawa; Adj–Rodríguez-Henríquez |
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod algorithm;
pub mod binary;
pub mod count;
pub mod cpu;
pub mod ec2;
pub mod error;
pub mod ext;
pub mod field;
pub mod gf2poly;
pub mod hec2;
#[cfg(feature = "internal-tests")]
#[doc(hidden)]
pub mod internal_tests;
pub mod numbers;
pub mod poly;
pub mod prime;
pub mod prime2;
pub mod ssrf;

pub use error::{Error, Result};
