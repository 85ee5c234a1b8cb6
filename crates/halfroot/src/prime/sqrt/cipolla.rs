//! Cipolla–Lehmer square root.
//!
//! Source: M. Cipolla (1903); as in Bach–Shallit, *Algorithmic Number Theory* §7.2,
//! or Cohen §1.5 (exercise). Find `u` with `d = u^2 - a` a non-residue; then in
//! GF(p)\[ω\]/(ω^2 - d), `(u + ω)^((p+1)/2)` lies in GF(p) and is a square root of `a`.
//! Cost: a Legendre symbol for `a`, on average two more for `u` (the candidates
//! `u = 1, 2, ...` are tried in order), and one exponentiation by `(p+1)/2` in
//! GF(p²) with `(2M + 2A)`-ish squarings and `(4M + ...)` multiplications by `u + ω`
//! (about `3 log2 p` M on average).
//! Preconditions: none (any odd p).
//! Constant-time: no.

use crate::prime::sqrt::SqrtContext;
use crate::prime::PrimeFieldOps;

/// A square root of `a`, or `None` if `a` is not a square.
pub fn sqrt_vartime<F: PrimeFieldOps + ?Sized>(
    f: &F,
    ctx: &SqrtContext<F::Elem>,
    a: &F::Elem,
) -> Option<F::Elem> {
    match f.legendre(a) {
        0 => return Some(f.zero()),
        1 => {}
        _ => return None,
    }
    let mut k = 1u64;
    let (u, d) = loop {
        let u = f.from_u64(k);
        let d = f.sub(&f.sqr(&u), a);
        if f.legendre(&d) == -1 {
            break (u, d);
        }
        k += 1;
    };
    // (x0 + x1 ω)(y0 + y1 ω) = (x0 y0 + d x1 y1) + (x0 y1 + x1 y0) ω.
    let sq = |x0: &F::Elem, x1: &F::Elem| {
        let m = f.mul(x0, x1);
        let r0 = f.add(&f.sqr(x0), &f.mul(&d, &f.sqr(x1)));
        (r0, f.add(&m, &m))
    };
    // Multiplication by u + ω: (x0 u + d x1) + (x0 + x1 u) ω.
    let mul_base = |x0: &F::Elem, x1: &F::Elem| {
        let r0 = f.add(&f.mul(x0, &u), &f.mul(&d, x1));
        let r1 = f.add(x0, &f.mul(x1, &u));
        (r0, r1)
    };
    let mut acc: Option<(F::Elem, F::Elem)> = None;
    for word in ctx.exp_cipolla.iter().rev() {
        for bit in (0..64).rev() {
            if let Some((x0, x1)) = acc.take() {
                acc = Some(sq(&x0, &x1));
            }
            if (word >> bit) & 1 == 1 {
                acc = Some(match acc.take() {
                    Some((x0, x1)) => mul_base(&x0, &x1),
                    None => (u.clone(), f.one()),
                });
            }
        }
    }
    let (r0, r1) = acc?;
    if f.is_zero(&r1) && f.sqr(&r0) == *a {
        Some(r0)
    } else {
        None
    }
}
