//! Batches of independent double-width products, for lazy reduction (`ext::lazy`):
//! `(a + a_top·2^(64N))·(b + b_top·2^(64N))` exactly, as 2N + 1 words, for every
//! index of the batch.
//!
//! Source: schoolbook products (Knuth, TAOCP vol. 2, §4.3.1, Algorithm M); the
//! batch form exists so that an accelerated backend can run several independent
//! products side by side (one per SIMD lane).
//!
//! Backend: with AVX-512 IFMA, [`mul_wide_many`] runs the leading multiple of 8 of
//! the elements through `backend::ifma::mul_wide_many` (8 products side by side in
//! radix 2^52, `⌈(64N + 16)/52⌉` digits), the rest through the portable loop.
//! Measured (examples/prime_arith_min with `BATCH`, ns per product, batch of 64,
//! portable → IFMA): N = 1 1.9 → 2.0 (not used), 2 5.6 → 2.5, 3 7.4 → 3.6,
//! 4 11.5 → 5.8, 6 24.6 → 15.3, 8 43.7 → 25.9, 12 90 → 54, 16 152 → 72,
//! 24 328 → 129, 32 737 → 210; so the IFMA kernel is used for 2 ≤ N ≤ 32.
//!
//! Cost: one N×N-word product per element plus 2N word products and a few additions
//! for the top words. Preconditions: `a_top[i], b_top[i] < 2^16`. Constant time (no
//! branch or memory index depends on the values).

use super::wide::mul_wide;
use crate::prime::backend::{ifma, IfmaToken};

/// The exact products of a batch: `lo[i] + hi[i]·2^(64N) + top[i]·2^(128N)` =
/// `(a[i] + a_top[i]·2^(64N))·(b[i] + b_top[i]·2^(64N))` for `i` below the length of
/// `a` (every slice must have that length; callers inside the crate guarantee it).
#[allow(clippy::too_many_arguments)]
pub(crate) fn mul_wide_many<const N: usize>(
    a: &[[u64; N]],
    a_top: &[u64],
    b: &[[u64; N]],
    b_top: &[u64],
    lo: &mut [[u64; N]],
    hi: &mut [[u64; N]],
    top: &mut [u64],
) {
    let done = match IfmaToken::detect().filter(|_| ifma_wins(N)) {
        Some(tok) => ifma::mul_wide_many(tok, a, a_top, b, b_top, lo, hi, top),
        None => 0,
    };
    mul_wide_many_portable(
        &a[done..],
        &a_top[done..],
        &b[done..],
        &b_top[done..],
        &mut lo[done..],
        &mut hi[done..],
        &mut top[done..],
    )
}

/// Whether the 8-lane IFMA kernel beats the scalar products for `N` limbs (measured:
/// from N = 2 on; at N = 1 the single MULX wins).
fn ifma_wins(n: usize) -> bool {
    (2..=ifma::MAX_N).contains(&n)
}

/// [`mul_wide_many`] by one scalar product per element (the oracle of any batch
/// backend).
#[allow(clippy::too_many_arguments)]
pub(crate) fn mul_wide_many_portable<const N: usize>(
    a: &[[u64; N]],
    a_top: &[u64],
    b: &[[u64; N]],
    b_top: &[u64],
    lo: &mut [[u64; N]],
    hi: &mut [[u64; N]],
    top: &mut [u64],
) {
    for i in 0..a.len() {
        let (l, mut h) = mul_wide(&a[i], &b[i]);
        // hi + top·2^(64N) += a_top·b + b_top·a, then top += a_top·b_top.
        let mut t = a_top[i] * b_top[i];
        for (x, s) in [(a_top[i], &b[i]), (b_top[i], &a[i])] {
            let mut carry = 0u64;
            for j in 0..N {
                let v = (x as u128) * (s[j] as u128) + (h[j] as u128) + (carry as u128);
                h[j] = v as u64;
                carry = (v >> 64) as u64;
            }
            t += carry;
        }
        lo[i] = l;
        hi[i] = h;
        top[i] = t;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigUint;
    use rand::{Rng, SeedableRng};

    fn big(words: &[u64]) -> BigUint {
        let mut v = BigUint::default();
        for w in words.iter().rev() {
            v = (v << 64u32) + BigUint::from(*w);
        }
        v
    }

    fn check<const N: usize>(seed: u64) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for len in [0usize, 1, 7, 8, 9, 17] {
            let mut a = vec![[0u64; N]; len];
            let mut b = vec![[0u64; N]; len];
            let at: Vec<u64> = (0..len).map(|i| [0, 1, 3, 0xffff][i % 4]).collect();
            let bt: Vec<u64> = (0..len).map(|i| [2, 0, 0xffff, 1][i % 4]).collect();
            for i in 0..len {
                for j in 0..N {
                    a[i][j] = if i % 5 == 4 { u64::MAX } else { rng.gen() };
                    b[i][j] = if i % 3 == 2 { u64::MAX } else { rng.gen() };
                }
            }
            let (mut lo, mut hi, mut top) = (vec![[0; N]; len], vec![[0; N]; len], vec![0; len]);
            mul_wide_many(&a, &at, &b, &bt, &mut lo, &mut hi, &mut top);
            for i in 0..len {
                let sh = 64 * N;
                let want = (big(&a[i]) + (BigUint::from(at[i]) << sh))
                    * (big(&b[i]) + (BigUint::from(bt[i]) << sh));
                let mut w = lo[i].to_vec();
                w.extend_from_slice(&hi[i]);
                w.push(top[i]);
                assert_eq!(big(&w), want, "N = {N}, element {i}");
            }
        }
    }

    /// The IFMA kernel alone (no portable tail) against the portable products, for
    /// every N it is compiled for here, full-width, all-ones and random operands.
    fn check_ifma<const N: usize>(seed: u64) {
        let Some(tok) = IfmaToken::detect() else {
            return;
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let len = 24;
        let mut a = vec![[0u64; N]; len];
        let mut b = vec![[0u64; N]; len];
        let at: Vec<u64> = (0..len)
            .map(|i| [0, 1, 0xffff, rng.gen::<u64>() >> 48][i % 4])
            .collect();
        let bt: Vec<u64> = (0..len).map(|i| [0xffff, 0, 0xffff, 7][i % 4]).collect();
        for i in 0..len {
            for j in 0..N {
                a[i][j] = if i % 3 == 0 { u64::MAX } else { rng.gen() };
                b[i][j] = if i % 5 < 2 { u64::MAX } else { rng.gen() };
            }
        }
        let (mut lo, mut hi, mut top) = (vec![[0; N]; len], vec![[0; N]; len], vec![0; len]);
        let done = ifma::mul_wide_many(tok, &a, &at, &b, &bt, &mut lo, &mut hi, &mut top);
        assert_eq!(done, len);
        let (mut lo2, mut hi2, mut top2) = (vec![[0; N]; len], vec![[0; N]; len], vec![0; len]);
        mul_wide_many_portable(&a, &at, &b, &bt, &mut lo2, &mut hi2, &mut top2);
        assert_eq!((lo, hi, top), (lo2, hi2, top2), "N = {N}");
    }

    #[test]
    fn mul_wide_many_ifma_matches_portable() {
        macro_rules! each {
            ($($n:literal)*) => {$( check_ifma::<$n>($n); )*};
        }
        // N mod 13 fixes the last digit's width: 1 … 14 cover every width.
        each!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 16 24 32);
    }

    #[test]
    fn mul_wide_many_matches_bigint() {
        check::<1>(1);
        check::<2>(2);
        check::<3>(3);
        check::<4>(4);
        check::<5>(5);
        check::<8>(8);
        check::<16>(16);
        check::<24>(24);
        check::<32>(32);
    }
}
