//! Word kernels for [`Gf2Poly`](super::Gf2Poly) arithmetic, picked once at run time.
//!
//! * [`portable`]: plain Rust, always compiled; the oracle of every `*_matches_portable`
//!   test.
//! * `x86_64`: PCLMULQDQ carry-less products (only on x86-64 CPUs that report
//!   `pclmulqdq`; detection runs once and is cached in a [`OnceLock`]).
//!
//! Constant-time: the kernels themselves do not branch on data, but the polynomial code
//! above them is variable-time (it works on public polynomials).

use std::sync::OnceLock;

pub mod portable;
#[cfg(target_arch = "x86_64")]
pub mod x86_64;

/// Which kernel implementation [`mul_basecase`] uses on this machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Plain Rust ([`portable`]).
    Portable,
    /// PCLMULQDQ on x86-64.
    Pclmul,
}

static KERNEL: OnceLock<Kernel> = OnceLock::new();

/// The kernel selected for this CPU (detected on first use, then cached).
pub fn kernel() -> Kernel {
    *KERNEL.get_or_init(detect)
}

fn detect() -> Kernel {
    #[cfg(target_arch = "x86_64")]
    {
        if x86_64::available() {
            return Kernel::Pclmul;
        }
    }
    Kernel::Portable
}

/// Schoolbook product of word slices: `out[..a.len() + b.len()] ^= a · b`.
///
/// Requires `out.len() ≥ a.len() + b.len()`; does nothing for empty inputs.
#[inline]
pub fn mul_basecase(a: &[u64], b: &[u64], out: &mut [u64]) {
    match kernel() {
        #[cfg(target_arch = "x86_64")]
        Kernel::Pclmul => x86_64::mul_basecase(a, b, out),
        _ => portable::mul_basecase(a, b, out),
    }
}

/// Square by bit spreading: `out[..2·a.len()] = a²` (overwritten).
///
/// Requires `out.len() ≥ 2·a.len()`.
#[inline]
pub fn sqr(a: &[u64], out: &mut [u64]) {
    match kernel() {
        #[cfg(target_arch = "x86_64")]
        Kernel::Pclmul => x86_64::sqr(a, out),
        _ => portable::sqr(a, out),
    }
}
