//! Binary fields F_2^d = F_2\[X\]/(P(X)) in polynomial basis.
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
//! * [`field`]: [`field::BinaryField`], the field context object with ζ = √x, the trace
//!   vector and half-trace tables precomputed, and the [`field::BinaryFieldOps`] trait
//!   (sqrt, trace, half-trace, quadratic solving), also implemented by `Counting`.
//! * [`sqrt`]: square roots — [`sqrt::fermat`], [`sqrt::zeta`], [`sqrt::ssrf`] (Avanzi §2).
//! * [`ssrf_type`]: classification of square-root-friendly polynomials (types I–IV).
//! * [`trace`]: trace vector by Newton's identities, single-bit traces (Avanzi §3.2).
//! * [`half_trace`]: naive, Avanzi-table, nibble and byte half-traces (Avanzi §3.3).
//! * [`linear_map`]: table evaluation of any F_2-linear map (nibble/byte/5-/6-bit chunk
//!   tables, constant-time scans), the engine of half-traces, solving and basis changes;
//!   [`linear_map::affine`] the same maps as GFNI 8×8 bit blocks, eight elements per
//!   pass (batch half-traces, solving and basis changes with AVX-512 GFNI).
//! * [`quadratic`]: λ² + λ = α in every degree, a·λ² + b·λ + c = 0.
//! * [`dynamic`]: [`dynamic::DynBinaryField`], any degree 2..=4096 chosen at run time.
//! * [`hex`]: the hexadecimal text form of elements.
//! * [`packed`] (x86-64): [`packed::PackedField`], 2–4-word compile-time fields whose
//!   elements stay in SSE registers, partially reduced (c-xs233's representation).
//! * [`spec`]: zero-sized compile-time specs (NIST, Avanzi Tables 1 and 3).

pub mod arith;
pub mod backend;
pub mod convert;
pub mod dynamic;
pub mod field;
pub mod half_trace;
pub mod hex;
pub mod inv;
pub mod linear_map;
pub mod modulus;
#[cfg(target_arch = "x86_64")]
pub mod packed;
pub mod portable;
pub mod quadratic;
pub mod spec;
pub mod sqrt;
pub mod ssrf_type;
pub mod trace;
