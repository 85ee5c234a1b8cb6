//! Binary fields F_2^d = F_2[X]/(P(X)) in polynomial basis.
//!
//! Elements are `[u64; N]` with bit `i` the coefficient of `x^i` (SEC 1 order), always
//! reduced (degree < d). `N` is the number of 64-bit words, `N ≥ ⌈d/64⌉`.
//!
//! * [`arith`]: reduced multiplication, squaring, powers and inversion ([`arith::Arith`]).
//! * [`backend`]: run-time choice of kernels (portable, PCLMULQDQ, BMI2).
//! * [`inv`]: inversion algorithms (Itoh–Tsujii constant-time and with tables, Euclid).
//! * [`modulus`]: the defining polynomial — runtime [`modulus::Modulus`] and the
//!   [`modulus::ModulusSpec`] trait that compile-time specs implement too.
//! * [`portable`]: word-level carry-less products, squaring and sparse reduction in
//!   plain Rust; the oracle every accelerated backend is tested against.
//! * [`spec`]: zero-sized compile-time specs (NIST, Avanzi Tables 1 and 3).

pub mod arith;
pub mod backend;
pub mod inv;
pub mod modulus;
pub mod portable;
pub mod spec;
