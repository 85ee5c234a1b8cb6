//! MW-ST in GF(p²) for p ≡ 1 mod 4, with the sign tests in GF(p).
//!
//! Source: Wang–Nogami–Morikawa (2005), §4.1 (Eqs. 19–22) and §4.3 / Appendix B
//! (Table 3, Table 4 columns U, V; Eq. 25). With `(p−1)/2 = 2^{T1} s1`,
//! `p + 1 = 2^{T2} s2` and `4 | p − 1`, `T2 = 1`, so `x0^2 ∈ GF(p)`: the stored
//! `x_1, ..., x_{t−1}` and `c_1, ..., c_{T−1}` all lie in GF(p) (Eq. 22). Each `σ(k)`
//! for `k < t` is then a product in GF(p); `σ(t)` multiplies the GF(p) product of its
//! `c_j` into `x_0 ∈ GF(p²)` (2M1); the output multiplies the GF(p) product of its
//! `c_j` (`j ≥ 1`) into `c_0` (2M1) when `c_0` is a factor and finishes with one
//! GF(p²) multiplication by `x^((s+1)/2)`, or else multiplies the GF(p) product into
//! `x^((s+1)/2)` (2M1).
//! Cost on average over squares (on top of P.QR in GF(p²)):
//! `(T² + T + 6)/4 − 2^(2−T)` M1 and `1/2` M2 (Eq. 25), which is what the operation-count
//! test checks.
//! Preconditions: p ≡ 1 mod 4 (`None` otherwise for non-zero inputs).
//! Constant-time: no.

use crate::field::Field;
use crate::prime::qr::{pqr, pqr_windowed, PqrResult};
use crate::prime::sqrt::mwst::{output_indices, product_tree};
use crate::prime2::sqrt::Fp2SqrtContext;
use crate::prime2::QuadraticExtension;

/// MW-ST from a stored P.QR result over GF(p²).
pub fn sqrt_with_vartime<Q: QuadraticExtension + ?Sized>(
    q: &Q,
    ctx: &Fp2SqrtContext<<Q::Base as Field>::Elem>,
    r: &PqrResult<Q::Elem>,
) -> Option<Q::Elem> {
    match r.residue {
        0 => return Some(q.zero()),
        1 => {}
        _ => return None,
    }
    let t = match r.t {
        None => return Some(r.x_half_s_plus_1.clone()),
        Some(t) => t,
    };
    if ctx.p_mod_4 != 1 {
        return None;
    }
    let f = q.base();
    let tw = &ctx.two_adic;
    let one_b = f.one();
    let minus_one_b = f.neg(&one_b);
    let one = q.one();
    let minus_one = q.neg(&one);
    // Product in GF(p) of c_j, j in `set` (all j ≥ 1): |set| − 1 multiplications, as a
    // balanced tree (independent products).
    let mut buf: Vec<<Q::Base as Field>::Elem> = Vec::with_capacity(tw.t() as usize + 2);
    let mut base_product = |first: Option<&<Q::Base as Field>::Elem>,
                            set: &mut dyn Iterator<Item = u32>|
     -> Option<Option<_>> {
        buf.clear();
        if let Some(x) = first {
            buf.push(x.clone());
        }
        for j in set {
            buf.push(ctx.c_base.get(j as usize)?.as_ref()?.clone());
        }
        Some(product_tree(f, &mut buf))
    };
    let set = output_indices(tw.t(), t, |k, set| {
        let xk = r.xs.get((t - k) as usize)?;
        if k < t {
            let x_base = q.to_base(xk)?;
            let sigma = base_product(Some(&x_base), &mut set.iter().copied())??;
            if sigma == minus_one_b {
                Some(true)
            } else if sigma == one_b {
                Some(false)
            } else {
                None
            }
        } else {
            let prod = base_product(None, &mut set.iter().copied())??;
            let sigma = q.mul_by_base(xk, &prod);
            if sigma == minus_one {
                Some(true)
            } else if sigma == one {
                Some(false)
            } else {
                None
            }
        }
    })?;
    let has_c0 = set.contains(&0);
    let prod = base_product(None, &mut set.iter().copied().filter(|&j| j != 0))?;
    Some(match (has_c0, prod) {
        (true, None) => q.mul(&r.x_half_s_plus_1, &tw.c()[0]),
        (true, Some(b)) => q.mul(&r.x_half_s_plus_1, &q.mul_by_base(&tw.c()[0], &b)),
        (false, Some(b)) => q.mul_by_base(&r.x_half_s_plus_1, &b),
        (false, None) => r.x_half_s_plus_1.clone(),
    })
}

/// P.QR over GF(p²) followed by [`sqrt_with_vartime`].
pub fn sqrt_vartime<Q: QuadraticExtension + ?Sized>(
    q: &Q,
    ctx: &Fp2SqrtContext<<Q::Base as Field>::Elem>,
    a: &Q::Elem,
) -> Option<Q::Elem> {
    let r = pqr(q, &ctx.two_adic, a);
    sqrt_with_vartime(q, ctx, &r)
}

/// [`sqrt_vartime`] with P.QR's exponentiation by the field's fastest method
/// ([`pqr_windowed`]): the timed `mwst_base` of
/// [`crate::prime2::sqrt::Fp2SqrtAlgorithm`].
pub fn sqrt_windowed_vartime<Q: QuadraticExtension + ?Sized>(
    q: &Q,
    ctx: &Fp2SqrtContext<<Q::Base as Field>::Elem>,
    a: &Q::Elem,
) -> Option<Q::Elem> {
    let r = pqr_windowed(q, &ctx.two_adic, a);
    sqrt_with_vartime(q, ctx, &r)
}
