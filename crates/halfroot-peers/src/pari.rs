//! PARI/GP (libpari) as a peer: `Fp_sqrt` (square root modulo a prime), `kronecker`, and
//! `FpXQ_mul` in F_p\[X\]/(X^k − α).
//!
//! PARI is initialized once, on first use, on a dedicated worker thread with a 16 MiB
//! stack (`pari_init_opts` without signal handlers or GMP allocator hooks); every call is
//! sent to that thread through a mutex-guarded channel, because PARI's stack is
//! thread-local and PARI is not re-entrant. Errors raised inside PARI are caught
//! (`pari_CATCH`) and reported as [`PeerError::Failed`]. Integers are little-endian
//! `u64` words; outputs are trimmed (see [`crate::trim`]). Not constant time.

use crate::{PeerError, Result};

/// A square root r of a mod p (r² ≡ a) by `Fp_sqrt`, `None` for a non-residue. p must be
/// an odd prime (checked with `BPSW_psp`).
pub fn fp_sqrt(a: &[u64], p: &[u64]) -> Result<Option<Vec<u64>>> {
    crate::check_odd_modulus("p", p)?;
    #[cfg(peer_pari)]
    {
        let (status, out) = crate::backend::pari::fp_sqrt(a.to_vec(), p.to_vec());
        crate::root_status("pari", "Fp_sqrt", status, out)
    }
    #[cfg(not(peer_pari))]
    {
        let _ = a;
        Err(PeerError::Unavailable("pari"))
    }
}

/// The Kronecker (here Legendre) symbol (a/p) by PARI's `kronecker`, for an odd prime p:
/// an independent residuosity check that does not go through `Fp_sqrt`.
pub fn kronecker(a: &[u64], p: &[u64]) -> Result<i32> {
    crate::check_odd_modulus("p", p)?;
    #[cfg(peer_pari)]
    {
        match crate::backend::pari::kronecker(a.to_vec(), p.to_vec()) {
            (1, sym) => Ok(sym),
            (s, _) => crate::root_status("pari", "kronecker", s, Vec::new()).and_then(|_| {
                Err(PeerError::Failed {
                    peer: "pari",
                    detail: format!("kronecker failed (status {s})"),
                })
            }),
        }
    }
    #[cfg(not(peer_pari))]
    {
        let _ = a;
        Err(PeerError::Unavailable("pari"))
    }
}

/// Median ns per `Fp_sqrt` call on a square `a` mod the odd prime `p`.
pub fn fp_sqrt_ns(a: &[u64], p: &[u64], iters: u64) -> Result<f64> {
    crate::check_odd_modulus("p", p)?;
    #[cfg(peer_pari)]
    return crate::median_ns(iters, |n| {
        let (status, ns) = crate::backend::pari::fp_sqrt_bench(a.to_vec(), p.to_vec(), n);
        crate::bench_status("pari", "Fp_sqrt", status, ns)
    });
    #[cfg(not(peer_pari))]
    {
        let _ = (a, iters);
        Err(PeerError::Unavailable("pari"))
    }
}

/// Checks p and k; returns the coefficient width in words.
fn check_ext(p: &[u64], k: usize) -> Result<usize> {
    crate::check_odd_modulus("p", p)?;
    if !(1..=4096).contains(&k) {
        return Err(PeerError::InvalidInput(format!(
            "extension degree k = {k} must be between 1 and 4096"
        )));
    }
    Ok(crate::word_len(p))
}

/// The product a·b in F_p\[X\]/(X^k − α) by `FpXQ_mul`: exactly `k` coefficients (at most
/// k in, each reduced mod p). p must be an odd prime.
pub fn fpxq_mul(
    p: &[u64],
    k: usize,
    alpha: &[u64],
    a: &[Vec<u64>],
    b: &[Vec<u64>],
) -> Result<Vec<Vec<u64>>> {
    let w = check_ext(p, k)?;
    let (fa, fb) = (crate::flatten(a, k, w)?, crate::flatten(b, k, w)?);
    #[cfg(peer_pari)]
    {
        let (status, out) =
            crate::backend::pari::fpxq_mul(p[..w].to_vec(), k, alpha.to_vec(), fa, fb);
        crate::poly_status("pari", "FpXQ_mul", status, &out, w)
    }
    #[cfg(not(peer_pari))]
    {
        let _ = (alpha, fa, fb);
        Err(PeerError::Unavailable("pari"))
    }
}

/// The product a·b in F_p\[X\]/(M) for the monic M = X^k + Σ m_i X^i (`m` = m_0 …
/// m_{k−1}) by `FpXQ_mul`. p must be an odd prime.
pub fn fpxq_mul_poly(
    p: &[u64],
    k: usize,
    m: &[Vec<u64>],
    a: &[Vec<u64>],
    b: &[Vec<u64>],
) -> Result<Vec<Vec<u64>>> {
    let w = check_ext(p, k)?;
    let (fm, fa, fb) = (
        crate::flatten(m, k, w)?,
        crate::flatten(a, k, w)?,
        crate::flatten(b, k, w)?,
    );
    #[cfg(peer_pari)]
    {
        let (status, out) = crate::backend::pari::fpxq_mul_poly(p[..w].to_vec(), k, fm, fa, fb);
        crate::poly_status("pari", "FpXQ_mul", status, &out, w)
    }
    #[cfg(not(peer_pari))]
    {
        let _ = (fm, fa, fb);
        Err(PeerError::Unavailable("pari"))
    }
}

/// Median ns per `FpXQ_mul` in F_p\[X\]/(X^k − α), operands built before the timed loop.
pub fn fpxq_mul_ns(
    p: &[u64],
    k: usize,
    alpha: &[u64],
    a: &[Vec<u64>],
    b: &[Vec<u64>],
    iters: u64,
) -> Result<f64> {
    let w = check_ext(p, k)?;
    let (fa, fb) = (crate::flatten(a, k, w)?, crate::flatten(b, k, w)?);
    #[cfg(peer_pari)]
    return crate::median_ns(iters, |n| {
        let (status, ns) = crate::backend::pari::fpxq_mul_bench(
            p[..w].to_vec(),
            k,
            alpha.to_vec(),
            fa.clone(),
            fb.clone(),
            n,
        );
        crate::bench_status("pari", "FpXQ_mul", status, ns)
    });
    #[cfg(not(peer_pari))]
    {
        let _ = (alpha, fa, fb, iters);
        Err(PeerError::Unavailable("pari"))
    }
}

/// PARI's version, `major.minor.patch` (from `paricfg_version_code`).
pub fn version() -> Result<String> {
    #[cfg(peer_pari)]
    return Ok(crate::backend::pari::version());
    #[cfg(not(peer_pari))]
    Err(PeerError::Unavailable("pari"))
}
