//! FLINT as a peer: `fmpz_sqrtmod` (square root modulo a prime) and `fq_mul` in
//! F_q\[X\]/(X^k − α), the field built with `fq_ctx_init_modulus` on the sparse
//! `fmpz_mod_poly` X^k − α.
//!
//! Integers are little-endian `u64` words; polynomial coefficients are lists of such
//! integers, index i being the coefficient of X^i; outputs are trimmed (see
//! [`crate::trim`]) and products always have exactly k coefficients. Not constant time.
//! Irreducibility of X^k − α is not checked (multiplication is correct modulo any α).

use crate::{PeerError, Result};

/// A square root r of a mod p (r² ≡ a) by `fmpz_sqrtmod`, `None` for a non-residue.
/// p must be an odd prime (checked with `fmpz_is_probabprime`).
pub fn sqrtmod(a: &[u64], p: &[u64]) -> Result<Option<Vec<u64>>> {
    crate::check_odd_modulus("p", p)?;
    #[cfg(peer_flint)]
    {
        let (status, out) = crate::backend::flint::sqrtmod(a, p);
        crate::root_status("flint", "fmpz_sqrtmod", status, out)
    }
    #[cfg(not(peer_flint))]
    {
        let _ = a;
        Err(PeerError::Unavailable("flint"))
    }
}

/// Median ns per `fmpz_sqrtmod` call on a square `a` mod the odd prime `p`.
pub fn sqrtmod_ns(a: &[u64], p: &[u64], iters: u64) -> Result<f64> {
    crate::check_odd_modulus("p", p)?;
    #[cfg(peer_flint)]
    return crate::median_ns(iters, |n| {
        let (status, ns) = crate::backend::flint::sqrtmod_bench(a, p, n);
        crate::bench_status("flint", "fmpz_sqrtmod", status, ns)
    });
    #[cfg(not(peer_flint))]
    {
        let _ = (a, iters);
        Err(PeerError::Unavailable("flint"))
    }
}

/// Checks q and k; returns the coefficient width in words.
fn check_ext(q: &[u64], k: usize) -> Result<usize> {
    crate::check_odd_modulus("q", q)?;
    if !(1..=4096).contains(&k) {
        return Err(PeerError::InvalidInput(format!(
            "extension degree k = {k} must be between 1 and 4096"
        )));
    }
    Ok(crate::word_len(q))
}

/// The product a·b in F_q\[X\]/(X^k − α) by `fq_mul`: `k` coefficients (at most k in, each
/// reduced mod q by the shim). q must be an odd prime.
pub fn fq_mul(
    q: &[u64],
    k: usize,
    alpha: &[u64],
    a: &[Vec<u64>],
    b: &[Vec<u64>],
) -> Result<Vec<Vec<u64>>> {
    let w = check_ext(q, k)?;
    let (fa, fb) = (crate::flatten(a, k, w)?, crate::flatten(b, k, w)?);
    #[cfg(peer_flint)]
    {
        let (status, out) = crate::backend::flint::fq_mul(&q[..w], k, alpha, &fa, &fb);
        crate::poly_status("flint", "fq_mul", status, &out, w)
    }
    #[cfg(not(peer_flint))]
    {
        let _ = (alpha, fa, fb);
        Err(PeerError::Unavailable("flint"))
    }
}

/// The product a·b in F_q\[X\]/(M) for the monic M = X^k + Σ m_i X^i (`m` = m_0 …
/// m_{k−1}) by `fq_mul`. M must be irreducible (not checked); q an odd prime.
pub fn fq_mul_poly(
    q: &[u64],
    k: usize,
    m: &[Vec<u64>],
    a: &[Vec<u64>],
    b: &[Vec<u64>],
) -> Result<Vec<Vec<u64>>> {
    let w = check_ext(q, k)?;
    let (fm, fa, fb) = (
        crate::flatten(m, k, w)?,
        crate::flatten(a, k, w)?,
        crate::flatten(b, k, w)?,
    );
    #[cfg(peer_flint)]
    {
        let (status, out) = crate::backend::flint::fq_mul_poly(&q[..w], k, &fm, &fa, &fb);
        crate::poly_status("flint", "fq_mul", status, &out, w)
    }
    #[cfg(not(peer_flint))]
    {
        let _ = (fm, fa, fb);
        Err(PeerError::Unavailable("flint"))
    }
}

/// Median ns per `fq_mul` in F_q\[X\]/(X^k − α) on the elements `a`, `b`, with the
/// context and operands built before the timed loop.
pub fn fq_mul_ns(
    q: &[u64],
    k: usize,
    alpha: &[u64],
    a: &[Vec<u64>],
    b: &[Vec<u64>],
    iters: u64,
) -> Result<f64> {
    let w = check_ext(q, k)?;
    let (fa, fb) = (crate::flatten(a, k, w)?, crate::flatten(b, k, w)?);
    #[cfg(peer_flint)]
    return crate::median_ns(iters, |n| {
        let (status, ns) = crate::backend::flint::fq_mul_bench(&q[..w], k, alpha, &fa, &fb, n);
        crate::bench_status("flint", "fq_mul", status, ns)
    });
    #[cfg(not(peer_flint))]
    {
        let _ = (alpha, fa, fb, iters);
        Err(PeerError::Unavailable("flint"))
    }
}

/// FLINT's version string (`flint_version`).
pub fn version() -> Result<String> {
    #[cfg(peer_flint)]
    return Ok(crate::backend::flint::version());
    #[cfg(not(peer_flint))]
    Err(PeerError::Unavailable("flint"))
}
