//! Karatsuba N×N-word integer products for the lazy engine: one level of the
//! subtractive Karatsuba split (three half-size products, the middle one of
//! |a_0 − a_1|·|b_0 − b_1| with its sign applied by a mask), recursing while the
//! half is itself split, down to the MULX/ADX kernels of
//! `crate::prime::montgomery::wide::mul_wide`.
//!
//! Source: A. Karatsuba, Yu. Ofman, "Multiplication of multidigit numbers on
//! automata", Soviet Physics Doklady 7 (1963); the subtractive form
//! a_0b_1 + a_1b_0 = a_0b_0 + a_1b_1 − (a_0 − a_1)(b_0 − b_1) as in GMP's
//! `mpn_kara_mul_n` (Knuth, TAOCP vol. 2, §4.3.3.A), which keeps every operand at
//! H = N/2 words.
//! Cost: 3 products of H words (instead of 4H² word products, 3H²) plus about 7H
//! word additions; used where measured faster than the direct kernel
//! ([`split_half`]).
//! Preconditions: none (any operands below 2^(64N)). Constant time: yes (the sign of
//! the middle product is applied by masks).

#![allow(clippy::needless_range_loop)]

use crate::prime::montgomery::limbs::{adc, sbb};
use crate::prime::montgomery::wide::mul_wide;

/// The half size at which [`mul_wide_fast`] splits an N-word product, 0 for the
/// direct kernel. Measured (examples/ext_pieces, loaded machine): splitting 12, 16
/// and 24 words made one product 5–20 % faster in isolation but the whole fused
/// F_{q^5} product 25–30 % slower (code size of 14 inlined trees), so no size
/// splits for now.
pub const fn split_half(n: usize) -> usize {
    let _ = n;
    0
}

/// `a·b` as `(low N words, high N words)`: Karatsuba where [`split_half`] says so,
/// else the direct kernel.
#[inline(always)]
pub fn mul_wide_fast<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
    match split_half(N) {
        6 => mul_wide_kara::<N, 6>(a, b),
        8 => mul_wide_kara::<N, 8>(a, b),
        12 => mul_wide_kara::<N, 12>(a, b),
        _ => mul_wide(a, b),
    }
}

/// `(|x − y|, mask)`: the mask is all ones when x < y.
#[inline(always)]
fn abs_diff<const H: usize>(x: &[u64; H], y: &[u64; H]) -> ([u64; H], u64) {
    let mut d = [0u64; H];
    let mut b = 0;
    for i in 0..H {
        (d[i], b) = sbb(x[i], y[i], b);
    }
    let mask = b.wrapping_neg();
    let mut c = mask & 1;
    for i in 0..H {
        (d[i], c) = adc(d[i] ^ mask, 0, c);
    }
    (d, mask)
}

/// `a·b` for N = 2H words by one subtractive Karatsuba step (the half products by
/// [`mul_wide_fast`]); any other N goes to the direct kernel.
#[inline(always)]
pub fn mul_wide_kara<const N: usize, const H: usize>(
    a: &[u64; N],
    b: &[u64; N],
) -> ([u64; N], [u64; N]) {
    if N != 2 * H {
        return mul_wide(a, b);
    }
    let a0: [u64; H] = core::array::from_fn(|i| a[i]);
    let a1: [u64; H] = core::array::from_fn(|i| a[H + i]);
    let b0: [u64; H] = core::array::from_fn(|i| b[i]);
    let b1: [u64; H] = core::array::from_fn(|i| b[H + i]);
    let (da, sa) = abs_diff(&a0, &a1);
    let (db, sb) = abs_diff(&b0, &b1);
    let z0 = mul_wide_fast(&a0, &b0);
    let z2 = mul_wide_fast(&a1, &b1);
    let zm = mul_wide_fast(&da, &db);
    // mid = z0 + z2 − (a0 − a1)(b0 − b1) = a0·b1 + a1·b0 ∈ [0, 2^(128H + 1))
    let sub = !(sa ^ sb); // all ones: (a0 − a1)(b0 − b1) ≥ 0, subtract |·|
    let mut mid = [0u64; N];
    let mut c = 0;
    for i in 0..H {
        (mid[i], c) = adc(z0.0[i], z2.0[i], c);
    }
    for i in 0..H {
        (mid[H + i], c) = adc(z0.1[i], z2.1[i], c);
    }
    let mut top = c;
    let mut c = sub & 1;
    for i in 0..H {
        (mid[i], c) = adc(mid[i], zm.0[i] ^ sub, c);
    }
    for i in 0..H {
        (mid[H + i], c) = adc(mid[H + i], zm.1[i] ^ sub, c);
    }
    top = top.wrapping_add(sub).wrapping_add(c);
    // z0 + mid·2^(64H) + z2·2^(128H)
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    lo[..H].copy_from_slice(&z0.0);
    lo[H..].copy_from_slice(&z0.1);
    hi[..H].copy_from_slice(&z2.0);
    hi[H..].copy_from_slice(&z2.1);
    let mut c = 0;
    for i in 0..H {
        (lo[H + i], c) = adc(lo[H + i], mid[i], c);
    }
    for i in 0..H {
        (hi[i], c) = adc(hi[i], mid[H + i], c);
    }
    (hi[H], c) = adc(hi[H], top, c);
    for i in H + 1..N {
        (hi[i], c) = adc(hi[i], 0, c);
    }
    (lo, hi)
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;
    use num_bigint::BigUint;
    use rand::{RngCore, SeedableRng};

    fn big(x: &[u64]) -> BigUint {
        x.iter()
            .rev()
            .fold(BigUint::default(), |r, w| (r << 64) + BigUint::from(*w))
    }

    fn check<const N: usize, const H: usize>(rng: &mut rand::rngs::StdRng) {
        let mut vals = vec![[0u64; N], [u64::MAX; N]];
        let mut one = [0u64; N];
        one[0] = 1;
        vals.push(one);
        // "p − 1"-like, and halves that make a_0 − a_1 of either sign
        let mut pm1 = [u64::MAX; N];
        pm1[0] -= 1;
        pm1[N - 1] = 0x8000_0000_0000_0123;
        vals.push(pm1);
        let mut lo_big = [0u64; N];
        lo_big[..H].fill(u64::MAX);
        vals.push(lo_big);
        let mut hi_big = [0u64; N];
        hi_big[H..].fill(u64::MAX);
        vals.push(hi_big);
        for _ in 0..30 {
            vals.push(core::array::from_fn(|_| rng.next_u64()));
        }
        for x in &vals {
            for y in &vals {
                let want = big(x) * big(y);
                let (lo, hi) = mul_wide_kara::<N, H>(x, y);
                assert_eq!(big(&lo) + (big(&hi) << (64 * N)), want, "N = {N}");
                let (lo, hi) = mul_wide_fast(x, y);
                assert_eq!(big(&lo) + (big(&hi) << (64 * N)), want, "N = {N}");
            }
        }
    }

    fn kara_wide_matches_biguint() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(16);
        check::<8, 4>(&mut rng);
        check::<12, 6>(&mut rng);
        check::<16, 8>(&mut rng);
        check::<24, 12>(&mut rng);
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] =
        &[("kara_wide_matches_biguint", kara_wide_matches_biguint)];
}
