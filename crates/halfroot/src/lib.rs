//! # halfroot
//!
//! The quadratic problems of curve cryptography over finite fields — square roots,
//! traces, half-traces and quadratic equations — with the field arithmetic underneath.
//!
//! | module | what | source |
//! |---|---|---|
//! | [`binary`] | F_2^d in polynomial basis: sqrt, trace, half-trace, quadratics | Avanzi §2–3 |
//! | [`field`] | the `Field` trait every field implements | — |
//! | [`count`] | operation-counting wrapper (M, S, A, I, SR, H, T) | — |
//! | [`error`] | the library's error type | — |
//! | [`prime`] | GF(p): Montgomery arithmetic, QR tests, square roots | Wang–Nogami–Morikawa |
//! | [`prime2`] | GF(p²) = GF(p)\[w\]/(w² − c): QR tests, square roots | Wang–Nogami–Morikawa; Adj–Rodríguez-Henríquez |
#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod binary;
pub mod count;
pub mod error;
pub mod field;
pub mod prime;
pub mod prime2;

pub use error::{Error, Result};
