//! Square roots in GF(p²) through GF(p): the complex method, and the exponentiation
//! method for p ≡ 3 mod 4.
//!
//! Source: G. Adj, F. Rodríguez-Henríquez, "Square root computation over even
//! extension fields", IEEE Trans. Computers 63(11), 2014 / IACR ePrint 2012/685:
//! the "complex method" for `F_{q²} = F_q[w]/(w² − c)` (after Scott, "Implementing
//! cryptographic pairings", 2007) and their algorithm for q ≡ 3 mod 4. We work from the
//! mathematics summarised here rather than the paper's exact pseudo-code numbering.
//!
//! Complex method ([`sqrt_vartime`]), `a = a0 + a1 w`:
//! - `a1 = 0`: `√a0` in GF(p) if `a0` is a square, else `√(a0/c) · w`;
//! - otherwise `δ = √N(a)` in GF(p) (`None` if `N(a) = a0² − c a1²` is a non-square,
//!   which is exactly when `a` is), `x0 = √((a0 + δ)/2)` — or `√((a0 − δ)/2)` when
//!   `(a0 + δ)/2` is a non-square (their product `c a1²/4` is a non-square, so exactly
//!   one of them is a square) — and `x1 = a1/(2 x0)`.
//!
//! Cost: two GF(p) square roots (by the fastest GF(p) method for p), one GF(p)
//! Legendre symbol, one GF(p) inversion, ≈ 4M + 6A.
//!
//! Exponentiation method for p ≡ 3 mod 4 ([`sqrt_3mod4_vartime`]):
//! `a1 = a^((p−3)/4)`, `α = a1 (a1 a) = a^((p−1)/2)`, `a0 = α^p α` (norm of α,
//! = `a^((p²−1)/2)`); `a0 = −1` ⇒ non-square; `x0 = a1 a`; if `α = −1` return `i x0`
//! (`i² = −1`), else `((1 + α)^((p−1)/2)) x0`.
//! Cost: two GF(p²) exponentiations to ≈ log2 p bits (≈ 2 log2 p GF(p²) M), 4 M2.
//!
//! Preconditions: p odd (the second method: p ≡ 3 mod 4).
//! Constant-time: no.

use crate::field::Field;
use crate::prime::PrimeFieldOps;
use crate::prime2::sqrt::Fp2SqrtContext;
use crate::prime2::{Fp2Elem, QuadraticExtension};

/// The complex method: a square root of `a`, `None` for a non-square.
pub fn sqrt_vartime<Q: QuadraticExtension + ?Sized>(
    q: &Q,
    ctx: &Fp2SqrtContext<<Q::Base as Field>::Elem>,
    a: &Q::Elem,
) -> Option<Q::Elem> {
    let f = q.base();
    let alg = ctx.base_algorithm;
    let base_sqrt = |v: &<Q::Base as Field>::Elem| alg.sqrt_vartime(f, &ctx.base, v).ok().flatten();
    if f.is_zero(&a.c1) {
        if f.legendre(&a.c0) >= 0 {
            let r = base_sqrt(&a.c0)?;
            return Some(Fp2Elem {
                c0: r,
                c1: f.zero(),
            });
        }
        let r = base_sqrt(&f.mul(&a.c0, &ctx.c_inv))?;
        return Some(Fp2Elem {
            c0: f.zero(),
            c1: r,
        });
    }
    let delta = base_sqrt(&q.norm(a))?;
    let mut h = f.div_small(&f.add(&a.c0, &delta), 2)?;
    if f.legendre(&h) != 1 {
        h = f.div_small(&f.sub(&a.c0, &delta), 2)?;
    }
    let x0 = base_sqrt(&h)?;
    let x1 = f.mul(&a.c1, &f.inv(&f.add(&x0, &x0))?);
    Some(Fp2Elem { c0: x0, c1: x1 })
}

/// The exponentiation method for p ≡ 3 mod 4: a square root of `a`, `None` for a
/// non-square (or when p ≢ 3 mod 4).
pub fn sqrt_3mod4_vartime<Q: QuadraticExtension + ?Sized>(
    q: &Q,
    ctx: &Fp2SqrtContext<<Q::Base as Field>::Elem>,
    a: &Q::Elem,
) -> Option<Q::Elem> {
    if q.is_zero(a) {
        return Some(q.zero());
    }
    let i = ctx.sqrt_minus_one.as_ref()?;
    let a1 = q.pow_vartime(a, &ctx.exp_p_minus_3_quarter);
    let x0 = q.mul(&a1, a);
    let alpha = q.mul(&a1, &x0);
    let a0 = q.mul(&q.conjugate(&alpha), &alpha);
    let minus_one = q.neg(&q.one());
    if a0 == minus_one {
        return None;
    }
    let x = if alpha == minus_one {
        q.mul(i, &x0)
    } else {
        let b = q.pow_vartime(&q.add(&q.one(), &alpha), &ctx.exp_p_minus_1_half);
        q.mul(&b, &x0)
    };
    // Guard against inputs outside the method's assumptions.
    if q.sqr(&x) == *a {
        Some(x)
    } else {
        None
    }
}
