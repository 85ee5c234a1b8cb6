//! The Jacobi symbol by batched "positive divsteps" with sign tracking.
//!
//! Source: D. J. Bernstein, B.-Y. Yang, "Fast constant-time gcd computation and modular
//! inversion", TCHES 2019(3) (divsteps, batching into 2×2 transition matrices); the
//! positive-divstep variant with Jacobi tracking follows P. Wuille / P. Dettman's
//! `secp256k1_jacobi64_maybe_var` and `secp256k1_modinv64_posdivsteps_62_var` in
//! libsecp256k1 (`src/modinv64_impl.h`, MIT licence), here generic over the limb count.
//!
//! Algorithm: `f = p`, `g = x`, `η = −1`. A positive divstep keeps `f` odd and both
//! `f, g ≥ 0`: strip the factors of two of `g` (each odd power flips the sign when
//! `f ≡ 3, 5 (mod 8)`); when `η < 0` swap `f, g` (flip when both are `3 mod 4`) and
//! negate `η`; then add the multiple `w·f`, `0 ≤ w < 2^k`, that clears the low `k ≤ 6`
//! bits of `g` (`(g + w·f | f) = (g | f)`). 62 such steps are run on the low 64 bits of
//! `f, g` (exact to 3 bits at every step, enough for the mod-8 sign rules), giving a
//! matrix `T` with `2^62·(f', g') = T·(f, g)`, applied to the full signed-62 limbs
//! (shrinking the limb count as the values shrink). Stop when `f = 1`: then
//! `(x/p) = (−1)^jac`.
//!
//! Cost: about `3·log2 p` divsteps (756 median at 256 bits), i.e. ⌈3b/62⌉ batches of
//! ≈ 20 short branchy inner iterations plus `O(len)` 128-bit products on a shrinking
//! number of limbs. No proven bound on the number of positive divsteps: after
//! `⌈6b/62⌉ + 4` batches (never seen in tests) the caller falls back to the binary
//! algorithm. Preconditions: `p` odd, `p ≥ 3`. Variable time (public inputs only).

use crate::prime::inv::safegcd::{limbs62, to_s62, Trans, M62};

/// 62 positive divsteps on the low 64 bits of `f` (odd) and `g`, from `η`; flips bit 0
/// of `jac` whenever the Jacobi symbol `(g | f)` changes sign. Returns the new `η` and
/// the matrix with `2^62·(f', g') = T·(f, g)`.
#[inline(always)]
fn posdivsteps_62(mut eta: i64, f0: u64, g0: u64, jac: &mut u64) -> (i64, Trans) {
    let (mut u, mut v, mut q, mut r) = (1u64, 0u64, 0u64, 1u64);
    let (mut f, mut g) = (f0, g0);
    let mut i = 62u32;
    let mut j = *jac;
    loop {
        // A sentinel bit caps the count of zeros at the steps left.
        let zeros = (g | (u64::MAX << i)).trailing_zeros();
        g >>= zeros;
        u <<= zeros;
        v <<= zeros;
        eta -= zeros as i64;
        i -= zeros;
        // (2 | f) = −1 iff f ≡ 3, 5 (mod 8).
        j ^= zeros as u64 & ((f >> 1) ^ (f >> 2));
        if i == 0 {
            break;
        }
        let w;
        if eta < 0 {
            eta = -eta;
            core::mem::swap(&mut f, &mut g);
            core::mem::swap(&mut u, &mut q);
            core::mem::swap(&mut v, &mut r);
            // Quadratic reciprocity: flip iff both are 3 mod 4.
            j ^= (f & g) >> 1;
            // Cancel min(η + 1, i, 6) low bits of g with g + w·f, w = −g/f mod 2^6
            // (f(f² − 2) ≡ −1/f mod 64 by one Newton step from 1/f ≡ f mod 8).
            let limit = ((eta + 1) as u32).min(i);
            let m = (u64::MAX >> (64 - limit)) & 63;
            w = f
                .wrapping_mul(g)
                .wrapping_mul(f.wrapping_mul(f).wrapping_sub(2))
                & m;
        } else {
            // η tends to be small here: a cheaper formula for up to 4 bits
            // (f + 2·((f + 1) & 4) ≡ 1/f mod 16).
            let limit = ((eta + 1) as u32).min(i);
            let m = (u64::MAX >> (64 - limit)) & 15;
            let w0 = f.wrapping_add((f.wrapping_add(1) & 4) << 1);
            w = w0.wrapping_neg().wrapping_mul(g) & m;
        }
        g = g.wrapping_add(f.wrapping_mul(w));
        q = q.wrapping_add(u.wrapping_mul(w));
        r = r.wrapping_add(v.wrapping_mul(w));
    }
    *jac = j;
    (
        eta,
        Trans {
            u: u as i64,
            v: v as i64,
            q: q as i64,
            r: r as i64,
        },
    )
}

/// `(f, g) ← T·(f, g)/2^62` on the low `len` signed-62 limbs (exact division).
#[inline(always)]
fn update_fg_len<const L: usize>(len: usize, f: &mut [i64; L], g: &mut [i64; L], t: &Trans) {
    let (u, v, q, r) = (t.u as i128, t.v as i128, t.q as i128, t.r as i128);
    let mut cf = u * f[0] as i128 + v * g[0] as i128;
    let mut cg = q * f[0] as i128 + r * g[0] as i128;
    cf >>= 62;
    cg >>= 62;
    for i in 1..len {
        let (fi, gi) = (f[i] as i128, g[i] as i128);
        cf += u * fi + v * gi;
        cg += q * fi + r * gi;
        f[i - 1] = (cf as u64 & M62) as i64;
        g[i - 1] = (cg as u64 & M62) as i64;
        cf >>= 62;
        cg >>= 62;
    }
    f[len - 1] = cf as i64;
    g[len - 1] = cg as i64;
}

/// `(x | p)` with `L` signed-62 limbs; `None` after `cap` batches without reaching
/// `f = 1` (which also happens when `gcd(x, p) > 1`).
fn jacobi_l<const L: usize>(x: &[u64], p: &[u64], cap: u32) -> Option<i8> {
    let mut f = to_s62::<L>(p);
    let mut g = to_s62::<L>(x);
    let mut len = L;
    while len > 1 && f[len - 1] == 0 && g[len - 1] == 0 {
        len -= 1;
    }
    let mut eta = -1i64;
    let mut jac = 0u64;
    for _ in 0..cap {
        // The low 64 bits of f and g (L ≥ 2; limbs at or above len are zero).
        let f0 = f[0] as u64 | (f[1] as u64) << 62;
        let g0 = g[0] as u64 | (g[1] as u64) << 62;
        let (ne, t) = posdivsteps_62(eta, f0, g0, &mut jac);
        eta = ne;
        update_fg_len(len, &mut f, &mut g, &t);
        if f[0] == 1 && f[1..len].iter().all(|&w| w == 0) {
            // (g | 1) = 1.
            return Some(1 - 2 * (jac & 1) as i8);
        }
        if len > 1 && f[len - 1] == 0 && g[len - 1] == 0 {
            len -= 1;
        }
    }
    None
}

/// The Jacobi symbol `(x | p)` for odd `p ≥ 3` and `0 < x`, `gcd(x, p) = 1`, both as
/// little-endian words of the same length `≤ 32`, `p` of `bits` bits. `None` if the
/// iteration cap was hit (or the preconditions fail); the caller then uses another
/// method. Variable time.
pub(crate) fn jacobi_divsteps(x: &[u64], p: &[u64], bits: u32) -> Option<i8> {
    let cap = (6 * bits).div_ceil(62) + 4;
    macro_rules! dispatch {
        ($($l:literal)*) => {
            match limbs62(p.len()) {
                $($l => jacobi_l::<$l>(x, p, cap),)*
                _ => None,
            }
        };
    }
    dispatch!(2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29
        30 31 32 33 34)
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;
    use crate::prime::legendre::jacobi;
    use num_bigint::{BigInt, BigUint, Sign};
    use rand::{RngCore, SeedableRng};

    fn to_big(x: &[u64]) -> BigUint {
        x.iter()
            .rev()
            .fold(BigUint::default(), |acc, &w| (acc << 64) + BigUint::from(w))
    }

    fn posdivsteps_62_matches_exact_jacobi_signs() {
        // Oracle: the big-integer Jacobi symbols (g | f) before and after applying the
        // matrix to the exact 64-bit integers; the flag must record the sign change.
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        let two62 = BigInt::from(1u8) << 62;
        for _ in 0..5000 {
            let f0 = rng.next_u64() | 1;
            let g0 = rng.next_u64() >> (rng.next_u32() % 64);
            let eta0 = (rng.next_u32() % 9) as i64 - 4;
            let mut jac = 0u64;
            let (_, t) = posdivsteps_62(eta0, f0, g0, &mut jac);
            let sf = BigInt::from(t.u) * f0 + BigInt::from(t.v) * g0;
            let sg = BigInt::from(t.q) * f0 + BigInt::from(t.r) * g0;
            assert_eq!(&sf % &two62, BigInt::from(0u8));
            assert_eq!(&sg % &two62, BigInt::from(0u8));
            let (f1, g1): (BigInt, BigInt) = (sf >> 62u32, sg >> 62u32);
            assert!(f1.sign() == Sign::Plus && f1.bit(0), "f stays odd positive");
            assert!(g1.sign() != Sign::Minus, "g stays non-negative");
            let before = jacobi(&BigUint::from(g0), &BigUint::from(f0));
            let after = jacobi(
                &g1.to_biguint().unwrap_or_default(),
                &f1.to_biguint().unwrap_or_default(),
            );
            let want = if jac & 1 == 1 {
                before.map(|s| -s)
            } else {
                before
            };
            assert_eq!(after, want, "f0={f0:x} g0={g0:x} eta0={eta0}");
        }
    }

    fn jacobi_divsteps_matches_big_integer_jacobi() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(6);
        for n in [1usize, 2, 3, 4, 5, 8, 16, 32] {
            for round in 0..300 {
                let mut p: Vec<u64> = (0..n).map(|_| rng.next_u64()).collect();
                if round % 3 == 0 {
                    p[n - 1] >>= rng.next_u32() % 64;
                }
                p[0] |= 1;
                let pb = to_big(&p);
                if pb < BigUint::from(3u8) {
                    continue;
                }
                let xb =
                    BigUint::from_slice(&(0..2 * n).map(|_| rng.next_u32()).collect::<Vec<_>>())
                        % &pb;
                let mut x = xb.to_u64_digits();
                x.resize(n, 0);
                let want = jacobi(&xb, &pb);
                let bits = pb.bits() as u32;
                match jacobi_divsteps(&x, &p, bits) {
                    Some(s) => assert_eq!(Some(s), want, "n={n} p={pb:x} x={xb:x}"),
                    // Only non-coprime inputs may run out of iterations.
                    None => assert_eq!(want, Some(0), "n={n} p={pb:x} x={xb:x}"),
                }
            }
        }
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        (
            "posdivsteps_62_matches_exact_jacobi_signs",
            posdivsteps_62_matches_exact_jacobi_signs,
        ),
        (
            "jacobi_divsteps_matches_big_integer_jacobi",
            jacobi_divsteps_matches_big_integer_jacobi,
        ),
    ];
}
