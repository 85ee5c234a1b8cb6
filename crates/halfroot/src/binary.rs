//! Binary fields F_2^d = F_2[X]/(P(X)) in polynomial basis.
//!
//! Elements are `[u64; N]` with bit `i` the coefficient of `x^i` (SEC 1 order), always
//! reduced (degree < d). `N` is the number of 64-bit words, `N ≥ ⌈d/64⌉`.
//!
//! * [`arith`]: reduced multiplication, squaring, powers and inversion ([`arith::Arith`]).
//! * [`modulus`]: the defining polynomial — runtime [`modulus::Modulus`] and the
//!   [`modulus::ModulusSpec`] trait that compile-time specs implement too.
//! * [`portable`]: word-level carry-less products, squaring and sparse reduction in
//!   plain Rust; the oracle every accelerated backend is tested against.

pub mod arith;
pub mod convert;
pub mod dynamic;
pub mod field;
pub mod half_trace;
pub mod hex;
pub mod modulus;
pub mod portable;
pub mod quadratic;
pub mod sqrt;
pub mod ssrf_type;
pub mod trace;
