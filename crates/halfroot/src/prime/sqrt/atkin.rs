//! Atkin's square root for p ≡ 5 mod 8.
//!
//! Source: A. O. L. Atkin, "Probabilistic primality testing" (1992 summary); as given
//! in Müller, "On the computation of square roots in finite fields" (DCC 2004), §2:
//! `b = (2a)^((p-5)/8)`, `i = 2a b^2` (a square root of -1), `r = a b (i - 1)`.
//! Cost: one exponentiation by `(p-5)/8` + 3M + 1S + 2A (+1S for the residue check).
//! Preconditions: p ≡ 5 mod 8 (2 is then a non-residue).
//! Constant-time: fixed public exponent and fixed sequence; the final residue check
//! branches only on whether `a` is a square.

use crate::prime::sqrt::{checked, SqrtContext};
use crate::prime::PrimeFieldOps;

/// A square root of `a`, or `None` if `a` is not a square (or p ≢ 5 mod 8).
pub fn sqrt_vartime<F: PrimeFieldOps + ?Sized>(
    f: &F,
    ctx: &SqrtContext<F::Elem>,
    a: &F::Elem,
) -> Option<F::Elem> {
    if ctx.p_mod_8 != 5 {
        return if f.is_zero(a) { Some(f.zero()) } else { None };
    }
    let a2 = f.add(a, a);
    let b = f.pow_vartime(&a2, &ctx.exp_atkin);
    let i = f.mul(&a2, &f.sqr(&b));
    let ab = f.mul(a, &b);
    let r = f.mul(&ab, &f.sub(&i, &f.one()));
    checked(f, r, a)
}
