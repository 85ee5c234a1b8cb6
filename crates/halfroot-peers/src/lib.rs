//! FFI shims to peer libraries — OpenSSL libcrypto (`BN_GF2m_*`, binary-curve ECDH),
//! GMP, FLINT and PARI — used by `halfroot report --peers` and by differential tests.
//!
//! # Modules
//!
//! * [`openssl`]: [`openssl::OpensslGf2m`] (`add`, `mul`, `sqr`, `sqrt`, `inv`,
//!   `solve_quad`, `bench_ns`), [`openssl::ec_public_der`], [`openssl::ecdh_shared_x`].
//! * [`gmp`]: [`gmp::legendre`], [`gmp::tonelli_shanks`], [`gmp::is_probable_prime`] and
//!   their `*_ns` timings.
//! * [`flint`]: [`flint::sqrtmod`], [`flint::fq_mul`] in F_q\[X\]/(X^k − α), timings.
//! * [`pari`]: [`pari::fp_sqrt`], [`pari::kronecker`], [`pari::fpxq_mul`], timings.
//! * [`xs233`]: the vendored c-xs233 (Pornin): [`xs233::Gf233`] (GF(2^233) mul, sqr,
//!   sqrt, trace, half-trace, inv, `bench_ns` as dependent chains or independent
//!   ones) and [`xs233::Xs233`] (the xsb233/xsk233 groups: decode, encode, add, double,
//!   mul, mul_ladder, mul_frob, mulgen, mulgen_frob). x86-64 with PCLMULQDQ and SSE4.1.
//! * [`suite`]: the standard measurements of `halfroot report --peers`
//!   ([`suite::run`]); `cargo run -p halfroot-peers --release --example peer_timings`
//!   prints them.
//!
//! # Availability
//!
//! The build script probes each library (header present and a tiny program links) and
//! sets `cfg(peer_openssl)`, `cfg(peer_gmp)`, `cfg(peer_flint)`, `cfg(peer_pari)` for what
//! it finds. Every wrapper of a missing library returns
//! [`PeerError::Unavailable`]`("<peer>")`, so a clone without the development packages
//! still builds and its tests skip. [`available`] reports what this build found, with
//! versions. `HALFROOT_PEERS_DISABLE=gmp,pari` (or `all`) at build time forces peers off.
//!
//! # Number conventions
//!
//! * Integers (moduli, residues, roots, coefficients) are little-endian `u64` words:
//!   `n = Σ w[i]·2^(64 i)`. Inputs may carry high zero words; integer outputs are trimmed
//!   (no high zero word; zero is the empty vector), see [`trim`].
//! * Binary-field elements are little-endian `u64` words too, bit `i` being the
//!   coefficient of `x^i`; they come out at the fixed width `⌈m/64⌉` words.
//! * Polynomials over F_q are coefficient lists, index `i` the coefficient of `X^i`.
//!
//! # Timing
//!
//! Every `*_ns` function converts its inputs once, then runs `iters` calls of the peer's
//! routine inside C between two `CLOCK_MONOTONIC` readings, repeats this for
//! [`BATCHES`] batches, and returns the median batch time divided by `iters`, in
//! nanoseconds per call. Conversion never sits inside the timed loop.
//!
//! # Safety layout
//!
//! `unsafe` lives only in `src/backend/<peer>.rs` (one file per library, plus
//! `backend/cstr.rs` for the version strings), each block with a `// SAFETY:` comment;
//! the C side is in `shim/<peer>.c` (and, for c-xs233, the vendored sources in
//! `vendor/c-xs233/`). PARI calls all run on one worker thread (PARI's
//! stack is thread-local); OpenSSL, GMP and FLINT are called from the caller's thread.

#![deny(unsafe_code)]

mod backend;
pub mod flint;
pub mod gmp;
pub mod openssl;
pub mod pari;
pub mod suite;
pub mod xs233;

use thiserror::Error as ThisError;

/// Errors from the peer wrappers.
#[derive(Debug, Clone, PartialEq, Eq, ThisError)]
#[non_exhaustive]
pub enum PeerError {
    /// The peer library was not found when this crate was built.
    #[error("peer library {0} is not available in this build")]
    Unavailable(&'static str),
    /// The peer library does not offer the requested operation.
    #[error("{peer} does not offer {op}")]
    Unsupported {
        /// The peer library.
        peer: &'static str,
        /// The missing operation.
        op: &'static str,
    },
    /// An argument the wrapper rejects before calling the peer (e.g. a modulus that is not
    /// an odd prime, an element wider than the field).
    #[error("invalid input: {0}")]
    InvalidInput(String),
    /// The peer library reported a failure (allocation, internal error).
    #[error("{peer} failed: {detail}")]
    Failed {
        /// The peer library.
        peer: &'static str,
        /// What failed.
        detail: String,
    },
}

/// Result of a peer call.
pub type Result<T> = std::result::Result<T, PeerError>;

/// Number of timed batches whose median the `*_ns` functions return.
pub const BATCHES: usize = 7;

/// Peers this crate knows, whether this build found each, and its version string
/// (empty when absent): `("openssl", true, "OpenSSL 3.0.x ...")`, then `gmp`, `flint`,
/// `pari`, `xs233` (the vendored c-xs233; absent also when the CPU lacks PCLMULQDQ or
/// SSE4.1).
pub fn available() -> Vec<(&'static str, bool, String)> {
    let entry = |name: &'static str, v: Result<String>| match v {
        Ok(v) => (name, true, v),
        Err(_) => (name, false, String::new()),
    };
    vec![
        entry("openssl", openssl::version()),
        entry("gmp", gmp::version()),
        entry("flint", flint::version()),
        entry("pari", pari::version()),
        entry("xs233", xs233::version()),
    ]
}

/// Removes high zero words, so that zero is the empty vector.
pub fn trim(mut words: Vec<u64>) -> Vec<u64> {
    while words.last() == Some(&0) {
        words.pop();
    }
    words
}

/// The number of significant words of `words` (ignoring high zero words).
pub(crate) fn word_len(words: &[u64]) -> usize {
    words.iter().rposition(|&w| w != 0).map_or(0, |i| i + 1)
}

/// Runs [`BATCHES`] batches through `batch(iters)` (total ns for `iters` calls) and
/// returns the median ns per call.
#[allow(dead_code)] // unused when no peer is present
pub(crate) fn median_ns(iters: u64, mut batch: impl FnMut(u64) -> Result<u64>) -> Result<f64> {
    if iters == 0 {
        return Err(PeerError::InvalidInput("iters must be at least 1".into()));
    }
    let mut times = Vec::with_capacity(BATCHES);
    for _ in 0..BATCHES {
        times.push(batch(iters)? as f64 / iters as f64);
    }
    times.sort_by(f64::total_cmp);
    Ok(times[BATCHES / 2])
}

/// Checks that `p` is odd and at least 3 (the shims also test primality).
#[allow(dead_code)] // unused when no peer is present
pub(crate) fn check_odd_modulus(name: &str, p: &[u64]) -> Result<()> {
    let n = word_len(p);
    if n == 0 || p[0] & 1 == 0 || (n == 1 && p[0] < 3) {
        return Err(PeerError::InvalidInput(format!(
            "{name} must be an odd prime, got words {p:?}"
        )));
    }
    Ok(())
}

/// Interprets a shim's root status: 1 root, 0 non-residue, -1 modulus not an odd prime.
#[allow(dead_code)] // unused when no peer is present
pub(crate) fn root_status(
    peer: &'static str,
    what: &str,
    status: i32,
    out: Vec<u64>,
) -> Result<Option<Vec<u64>>> {
    match status {
        1 => Ok(Some(trim(out))),
        0 => Ok(None),
        -1 => Err(PeerError::InvalidInput(format!(
            "{what}: modulus is not an odd prime"
        ))),
        s => Err(PeerError::Failed {
            peer,
            detail: format!("{what} failed (status {s})"),
        }),
    }
}

/// Interprets a shim's timing status; a non-residue input (0) cannot be timed.
#[allow(dead_code)] // unused when no peer is present
pub(crate) fn bench_status(peer: &'static str, what: &str, status: i32, ns: u64) -> Result<u64> {
    match status {
        1 => Ok(ns),
        0 => Err(PeerError::InvalidInput(format!(
            "{what}: input is not a square, nothing to time"
        ))),
        s => root_status(peer, what, s, Vec::new()).map(|_| 0),
    }
}

/// Flattens `k` coefficients (each at most `w` words, missing ones zero) into `k·w` words.
#[allow(dead_code)] // unused when no peer is present
pub(crate) fn flatten(coeffs: &[Vec<u64>], k: usize, w: usize) -> Result<Vec<u64>> {
    if coeffs.len() > k {
        return Err(PeerError::InvalidInput(format!(
            "{} coefficients for a degree-{k} extension",
            coeffs.len()
        )));
    }
    let mut flat = vec![0u64; k * w];
    for (i, c) in coeffs.iter().enumerate() {
        let n = word_len(c);
        if n > w {
            return Err(PeerError::InvalidInput(format!(
                "coefficient {i} has {n} words, more than the modulus ({w})"
            )));
        }
        flat[i * w..i * w + n].copy_from_slice(&c[..n]);
    }
    Ok(flat)
}

/// Splits `k·w` words into `k` trimmed coefficients.
#[allow(dead_code)] // unused when no peer is present
pub(crate) fn unflatten(flat: &[u64], w: usize) -> Vec<Vec<u64>> {
    flat.chunks(w.max(1)).map(|c| trim(c.to_vec())).collect()
}

/// Interprets a shim's polynomial status: 1 product written (`k·w` words), -1 modulus not
/// an odd prime.
#[allow(dead_code)] // unused when no peer is present
pub(crate) fn poly_status(
    peer: &'static str,
    what: &str,
    status: i32,
    flat: &[u64],
    w: usize,
) -> Result<Vec<Vec<u64>>> {
    match status {
        1 => Ok(unflatten(flat, w)),
        s => root_status(peer, what, s, Vec::new()).and_then(|_| {
            Err(PeerError::Failed {
                peer,
                detail: format!("{what} returned no product (status {s})"),
            })
        }),
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn trim_and_word_len_agree() {
        assert_eq!(trim(vec![1, 0, 0]), vec![1]);
        assert_eq!(trim(vec![0, 0]), Vec::<u64>::new());
        assert_eq!(word_len(&[0, 5, 0]), 2);
        assert_eq!(word_len(&[]), 0);
    }

    #[test]
    fn flatten_then_unflatten_round_trips() {
        let c = vec![vec![1, 2], vec![], vec![3, 0, 0]];
        let flat = flatten(&c, 4, 2).unwrap();
        assert_eq!(flat, vec![1, 2, 0, 0, 3, 0, 0, 0]);
        assert_eq!(
            unflatten(&flat, 2),
            vec![vec![1, 2], vec![], vec![3], vec![]]
        );
        assert!(flatten(&c, 2, 2).is_err(), "too many coefficients");
        assert!(
            flatten(&[vec![1, 1, 1]], 2, 2).is_err(),
            "coefficient too wide"
        );
    }

    #[test]
    fn median_ns_takes_the_middle_batch() {
        let mut t = [70u64, 10, 50, 30, 20, 60, 40].into_iter();
        let ns = median_ns(10, |_| Ok(t.next().unwrap())).unwrap();
        assert_eq!(ns, 4.0);
        assert!(median_ns(0, |_| Ok(1)).is_err());
    }

    #[test]
    fn odd_modulus_check_rejects_even_and_tiny() {
        for p in [&[][..], &[0], &[1], &[2], &[4, 1], &[0, 1]] {
            assert!(check_odd_modulus("p", p).is_err(), "{p:?}");
        }
        assert!(check_odd_modulus("p", &[3]).is_ok());
        assert!(check_odd_modulus("p", &[1, 1, 0]).is_ok());
    }
}
