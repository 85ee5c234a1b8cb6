//! GMP as a peer: the Legendre symbol (`mpz_legendre`), a Tonelli–Shanks square root
//! written in C with `mpz_*` functions, and a probable-prime test.
//!
//! Tonelli–Shanks source: Cohen, *A Course in Computational Algebraic Number Theory*,
//! Algorithm 1.5.1; per call it finds the least non-residue z (trying 2, 3, …), then
//! costs about log p + s²/4 multiplications for p − 1 = 2^s·q. Not constant time.
//! Integers are little-endian `u64` words; roots come back trimmed (see [`crate::trim`]).

#[cfg(not(peer_gmp))]
use crate::PeerError;
use crate::Result;

/// The Legendre symbol (a/p) ∈ {−1, 0, 1} for an odd modulus p ≥ 3 (for composite odd p
/// GMP returns the Jacobi symbol).
pub fn legendre(a: &[u64], p: &[u64]) -> Result<i32> {
    crate::check_odd_modulus("p", p)?;
    #[cfg(peer_gmp)]
    return Ok(crate::backend::gmp::legendre(a, p));
    #[cfg(not(peer_gmp))]
    {
        let _ = a;
        Err(PeerError::Unavailable("gmp"))
    }
}

/// A square root r of a mod p (r² ≡ a) by Tonelli–Shanks, `None` when a is a non-residue.
/// p must be an odd prime (checked with 30 Miller–Rabin rounds).
pub fn tonelli_shanks(a: &[u64], p: &[u64]) -> Result<Option<Vec<u64>>> {
    crate::check_odd_modulus("p", p)?;
    #[cfg(peer_gmp)]
    {
        let (status, out) = crate::backend::gmp::tonelli_shanks(a, p);
        crate::root_status("gmp", "tonelli_shanks", status, out)
    }
    #[cfg(not(peer_gmp))]
    {
        let _ = a;
        Err(PeerError::Unavailable("gmp"))
    }
}

/// Whether n is (probably) prime: `mpz_probab_prime_p(n, 30) > 0`.
pub fn is_probable_prime(n: &[u64]) -> Result<bool> {
    #[cfg(peer_gmp)]
    return Ok(crate::backend::gmp::is_probab_prime(n, 30) > 0);
    #[cfg(not(peer_gmp))]
    {
        let _ = n;
        Err(PeerError::Unavailable("gmp"))
    }
}

/// Median ns per `mpz_legendre(a, p)` call (`iters` calls per batch).
pub fn legendre_ns(a: &[u64], p: &[u64], iters: u64) -> Result<f64> {
    crate::check_odd_modulus("p", p)?;
    #[cfg(peer_gmp)]
    return crate::median_ns(iters, |n| Ok(crate::backend::gmp::legendre_bench(a, p, n)));
    #[cfg(not(peer_gmp))]
    {
        let _ = (a, iters);
        Err(PeerError::Unavailable("gmp"))
    }
}

/// Total ns of `iters` passes of `mpz_legendre(a_k, p)` over all inputs `a_k` (each
/// given as exactly `p.len()` words), imported once before timing, together with the sum
/// of the symbols of one pass (a check that both sides computed the same thing).
pub fn legendre_many_total_ns(inputs: &[Vec<u64>], p: &[u64], iters: u64) -> Result<(u64, i64)> {
    crate::check_odd_modulus("p", p)?;
    if inputs.is_empty() || inputs.iter().any(|a| a.len() > p.len()) {
        return Err(crate::PeerError::InvalidInput(
            "need at least one input, each at most p.len() words".into(),
        ));
    }
    #[cfg(peer_gmp)]
    {
        let mut packed = Vec::with_capacity(inputs.len() * p.len());
        for a in inputs {
            packed.extend_from_slice(a);
            packed.resize(packed.len() + p.len() - a.len(), 0);
        }
        crate::backend::gmp::legendre_many_bench(&packed, p, iters)
            .ok_or_else(|| crate::PeerError::InvalidInput("no inputs".into()))
    }
    #[cfg(not(peer_gmp))]
    {
        let _ = iters;
        Err(PeerError::Unavailable("gmp"))
    }
}

/// Median ns per Tonelli–Shanks call on a square `a` mod the odd prime `p`.
pub fn tonelli_shanks_ns(a: &[u64], p: &[u64], iters: u64) -> Result<f64> {
    crate::check_odd_modulus("p", p)?;
    #[cfg(peer_gmp)]
    return crate::median_ns(iters, |n| {
        let (status, ns) = crate::backend::gmp::tonelli_shanks_bench(a, p, n);
        crate::bench_status("gmp", "tonelli_shanks", status, ns)
    });
    #[cfg(not(peer_gmp))]
    {
        let _ = (a, iters);
        Err(PeerError::Unavailable("gmp"))
    }
}

/// GMP's version string (`gmp_version`).
pub fn version() -> Result<String> {
    #[cfg(peer_gmp)]
    return Ok(crate::backend::gmp::version());
    #[cfg(not(peer_gmp))]
    Err(PeerError::Unavailable("gmp"))
}
