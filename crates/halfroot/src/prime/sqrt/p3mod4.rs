//! Square root for p ≡ 3 mod 4: `r = a^((p+1)/4)`.
//!
//! Source: classical (Lagrange); e.g. Cohen, *A Course in Computational Algebraic
//! Number Theory*, §1.5.1; Wang–Nogami–Morikawa's MW-ST reduces to it when `T = 0`.
//! Cost: one exponentiation by the fixed exponent `(p+1)/4` (about `log2 p` squarings
//! and `w((p+1)/4)` multiplications with the binary method; fields may use windows)
//! plus one squaring for the residue check.
//! Preconditions: p ≡ 3 mod 4 (else `None` is returned for every nonzero input).
//! Constant-time: the exponent is public, so the operation sequence is fixed; the
//! final residue check branches only on whether `a` is a square.

use crate::prime::sqrt::{checked, SqrtContext};
use crate::prime::PrimeFieldOps;

/// A square root of `a`, or `None` if `a` is not a square (or p ≢ 3 mod 4).
pub fn sqrt_vartime<F: PrimeFieldOps + ?Sized>(
    f: &F,
    ctx: &SqrtContext<F::Elem>,
    a: &F::Elem,
) -> Option<F::Elem> {
    if ctx.p_mod_8 % 4 != 3 {
        return if f.is_zero(a) { Some(f.zero()) } else { None };
    }
    let r = f.pow_vartime(a, &ctx.exp_p3mod4);
    checked(f, r, a)
}
