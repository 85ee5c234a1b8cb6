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
//! radix 2^52, `⌈(64N + 8)/52⌉` digits); a remaining tail of 4 to 7 runs as one more
//! pass with zero lanes, a shorter one through the portable loop.
//! Measured (examples/prime_arith_min with `BATCH`, ns per product, batch of 64,
//! portable → IFMA, with the kernel scratch sized by limb class): N = 1 1.8 → 1.8
//! (not used), 2 3.6 → 2.0, 3 6.5 → 3.1, 4 9.9 → 5.0, 6 21.4 → 9.8, 8 37.3 → 15.1,
//! 12 77.7 → 34.6, 16 132 → 52.0, 24 282 → 110, 32 652 → 184; so the IFMA kernel is
//! used for 2 ≤ N ≤ 32.
//!
//! Cost: one N×N-word product per element plus 2N word products and a few additions
//! for the top words. Preconditions: `a_top[i], b_top[i] < 2^8`. Constant time (no
//! branch or memory index depends on the values).

use super::wide::{mul_wide, redc_wide, reduce_multiples_wide};
pub(crate) use crate::prime::backend::ifma::RedcInput;
use crate::prime::backend::ifma::{self, IfmaModulus};
use crate::prime::backend::IfmaToken;

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
    let Some(tok) = IfmaToken::detect().filter(|_| ifma_wins(N)) else {
        return mul_wide_many_portable(a, a_top, b, b_top, lo, hi, top);
    };
    let mut done = ifma::mul_wide_many(tok, a, a_top, b, b_top, lo, hi, top);
    let rest = a.len() - done;
    if (PAD_MIN..8).contains(&rest) {
        // The tail as one padded pass of 8 lanes (the unused lanes multiply zeros).
        let mut pa = [[[0u64; N]; 8]; 2];
        let mut pt = [[0u64; 8]; 2];
        pa[0][..rest].copy_from_slice(&a[done..]);
        pa[1][..rest].copy_from_slice(&b[done..]);
        pt[0][..rest].copy_from_slice(&a_top[done..]);
        pt[1][..rest].copy_from_slice(&b_top[done..]);
        let (mut pl, mut ph, mut ptop) = ([[0u64; N]; 8], [[0u64; N]; 8], [0u64; 8]);
        if ifma::mul_wide_many(
            tok, &pa[0], &pt[0], &pa[1], &pt[1], &mut pl, &mut ph, &mut ptop,
        ) == 8
        {
            lo[done..done + rest].copy_from_slice(&pl[..rest]);
            hi[done..done + rest].copy_from_slice(&ph[..rest]);
            top[done..done + rest].copy_from_slice(&ptop[..rest]);
            done += rest;
        }
    }
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

/// The 14 products of the two-level 5-term Karatsuba (`ext::lazy::batch`), word-major
/// in two passes of 8 lanes (order and layout as documented at
/// `backend::ifma::karatsuba5_products`), from the coefficients `a`, `b`, by the
/// IFMA kernel that forms the operand sums itself; false (nothing written) where
/// [`mul_wide_many`] would not run on IFMA for N limbs, so that the caller forms the
/// operands and calls [`mul_wide_many`].
pub(crate) fn karatsuba5_products<const N: usize>(
    a: &[[u64; N]; 5],
    b: &[[u64; N]; 5],
    lo: &mut [[[u64; 8]; N]; 2],
    hi: &mut [[[u64; 8]; N]; 2],
    top: &mut [[u64; 8]; 2],
) -> bool {
    match IfmaToken::detect().filter(|_| ifma_wins(N)) {
        Some(tok) => ifma::karatsuba5_products(tok, a, b, lo, hi, top),
        None => false,
    }
}

/// The shortest tail (below 8) that [`mul_wide_many`] runs as a padded pass of the
/// IFMA kernel rather than one scalar product at a time: the kernel's 8 lanes cost
/// at most as much as 4 scalar products from N = 4 on (the figures above).
const PAD_MIN: usize = 4;

/// Whether [`mul_wide_many`] runs products of `n` limbs on the 8-lane IFMA kernel on
/// this machine.
pub(crate) fn runs_on_simd(n: usize) -> bool {
    IfmaToken::detect().is_some() && ifma_wins(n)
}

/// Whether the 8-lane IFMA kernel beats the scalar products for `N` limbs (measured:
/// from N = 2 on; at N = 1 the single MULX wins).
fn ifma_wins(n: usize) -> bool {
    (2..=ifma::MAX_N).contains(&n)
}

/// Eight Montgomery reductions side by side (AVX-512 IFMA, `backend::ifma`), for the
/// k REDCs that end a lazy F_{q^k} product: the same results as [`redc_wide`] (the
/// Montgomery quotient is unique), followed by the final conditional subtractions
/// in the same pass. Measured against five scalar REDCs with their subtractions
/// (examples/ext_pieces, `5redc` against `reduce_many`, ns): N = 3 38 → 51, 4 90 →
/// 76, 6 142 → 126, 8 230 → 178, 16 730 → 458; so it is used from N = 4 on.
#[derive(Clone, Debug)]
pub(crate) struct RedcBatch<const N: usize> {
    token: IfmaToken,
    p52: IfmaModulus<N>,
}

impl<const N: usize> RedcBatch<N> {
    /// The batch reducer for `p` with `m0 = −p⁻¹ mod 2^64`, when the CPU has IFMA and
    /// it wins for `N` limbs.
    pub(crate) fn new(p: &[u64; N], m0: u64) -> Option<Self> {
        let token = IfmaToken::detect().filter(|_| (REDC_MIN_N..=ifma::MAX_N).contains(&N))?;
        Some(RedcBatch {
            token,
            p52: IfmaModulus::new(p, m0),
        })
    }

    /// `r[i]` = [`reduce_multiples`]`(`[`redc_wide`]`(lo_i, hi_i, top[i]), mults)` for
    /// the first `min(8, r.len())` lanes (`lo_i`, `hi_i` value `i` of `input`), `h[i]`
    /// the top word left after the subtractions (0 when `mults` reduce fully); tops
    /// below 2^40.
    pub(crate) fn redc8(
        &self,
        input: RedcInput<'_, N>,
        top: &[u64; 8],
        mults: &[([u64; N], u64)],
        r: &mut [[u64; N]],
        h: &mut [u64; 8],
    ) {
        if !ifma::redc_wide_x8(self.token, input, top, mults, r, h, &self.p52) {
            let p = self.p52.modulus();
            for (i, ri) in r.iter_mut().enumerate().take(8) {
                let (lo, hi) = input.value(i);
                let (t, th) = redc_wide(&lo, &hi, top[i], &p, self.p52.m0());
                (*ri, h[i]) = reduce_multiples_wide(t, th, mults);
            }
        }
    }
}

/// The smallest limb count for which [`RedcBatch`] is made.
const REDC_MIN_N: usize = 4;

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

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
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
        for len in [0usize, 1, 4, 6, 7, 8, 9, 12, 14, 17, 23] {
            let mut a = vec![[0u64; N]; len];
            let mut b = vec![[0u64; N]; len];
            let at: Vec<u64> = (0..len).map(|i| [0, 1, 3, 0xff][i % 4]).collect();
            let bt: Vec<u64> = (0..len).map(|i| [2, 0, 0xff, 1][i % 4]).collect();
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
        use crate::cpu::{kernel_log, Feature};
        let Some(tok) = IfmaToken::detect() else {
            kernel_log::kernel_skipped(
                "prime::ifma::mul_wide_many",
                &[Feature::Avx512f, Feature::Avx512ifma],
            );
            return;
        };
        kernel_log::kernel_ran("prime::ifma::mul_wide_many");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let len = 24;
        let mut a = vec![[0u64; N]; len];
        let mut b = vec![[0u64; N]; len];
        let at: Vec<u64> = (0..len)
            .map(|i| [0, 1, 0xff, rng.gen::<u64>() >> 56][i % 4])
            .collect();
        let bt: Vec<u64> = (0..len).map(|i| [0xff, 0, 0xff, 7][i % 4]).collect();
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

    fn mul_wide_many_ifma_matches_portable() {
        macro_rules! each {
            ($($n:literal)*) => {$( check_ifma::<$n>($n); )*};
        }
        // N mod 13 fixes the last digit's width: 1 … 14 cover every width.
        each!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 16 24 32);
    }

    /// The batch REDC against the scalar one: random odd moduli, values up to
    /// `2^(128N + 40)`, all-ones words, every lane.
    fn check_redc<const N: usize>(seed: u64) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        for round in 0..6 {
            let mut p: [u64; N] = core::array::from_fn(|_| rng.gen());
            p[0] |= 1;
            if round % 2 == 1 {
                p = [u64::MAX; N];
            }
            // m0 = −p⁻¹ mod 2^64 by Newton's iteration.
            let mut inv = 1u64;
            for _ in 0..6 {
                inv = inv.wrapping_mul(2u64.wrapping_sub(p[0].wrapping_mul(inv)));
            }
            let m0 = inv.wrapping_neg();
            let ifma_modulus = IfmaModulus::new(&p, m0);
            let lo: [[u64; N]; 8] = core::array::from_fn(|i| {
                core::array::from_fn(|_| if i == 3 { u64::MAX } else { rng.gen() })
            });
            let hi: [[u64; N]; 8] = core::array::from_fn(|i| {
                core::array::from_fn(|_| if i >= 6 { u64::MAX } else { rng.gen() })
            });
            let top: [u64; 8] = core::array::from_fn(|i| match i {
                0 => 0,
                7 => (1 << 40) - 1,
                _ => rng.gen::<u64>() >> (24 + i),
            });
            let Some(tok) = IfmaToken::detect() else {
                crate::cpu::kernel_log::kernel_skipped(
                    "prime::ifma::redc_x8",
                    &[
                        crate::cpu::Feature::Avx512f,
                        crate::cpu::Feature::Avx512ifma,
                    ],
                );
                return;
            };
            crate::cpu::kernel_log::kernel_ran("prime::ifma::redc_x8");
            // 2^j·p for j = J − 1 … 0, J with T/2^(64N) + p + 1 < 2^J·p
            let pb = big(&p);
            let bound = (BigUint::from(1u32) << (64 * N + 40)) + &pb + 1u32;
            let j_max = (&bound / &pb).bits() + 1;
            let mults: Vec<([u64; N], u64)> = (0..j_max)
                .rev()
                .map(|j| {
                    let v = (&pb << j).to_u64_digits();
                    (
                        core::array::from_fn(|w| v.get(w).copied().unwrap_or(0)),
                        v.get(N).copied().unwrap_or(0),
                    )
                })
                .collect();
            let lo_rows: [&[u64; N]; 8] = core::array::from_fn(|i| &lo[i]);
            let hi_rows: [&[u64; N]; 8] = core::array::from_fn(|i| &hi[i]);
            let lo_s: [[u64; 8]; N] = core::array::from_fn(|w| core::array::from_fn(|i| lo[i][w]));
            let hi_s: [[u64; 8]; N] = core::array::from_fn(|w| core::array::from_fn(|i| hi[i][w]));
            for (reduce, rows) in [(false, 8usize), (true, 8), (true, 5), (false, 3)] {
                let m: &[([u64; N], u64)] = if reduce { &mults } else { &[] };
                let (mut r, mut h) = (vec![[0u64; N]; rows], [0u64; 8]);
                assert!(ifma::redc_wide_x8(
                    tok,
                    RedcInput::Rows(&lo_rows, &hi_rows),
                    &top,
                    m,
                    &mut r,
                    &mut h,
                    &ifma_modulus
                ));
                // the word-major input on the same values
                let (mut r2, mut h2) = (vec![[0u64; N]; rows], [0u64; 8]);
                assert!(ifma::redc_wide_x8(
                    tok,
                    RedcInput::Sliced(&lo_s, &hi_s),
                    &top,
                    m,
                    &mut r2,
                    &mut h2,
                    &ifma_modulus
                ));
                assert_eq!((&r, h), (&r2, h2), "N = {N}, round {round}: sliced");
                for i in 0..rows {
                    let (sr, sh) = redc_wide(&lo[i], &hi[i], top[i], &p, m0);
                    let want = reduce_multiples_wide(sr, sh, m);
                    assert_eq!((r[i], h[i]), want, "N = {N}, round {round}, lane {i}");
                    // and the defining identity, independently of redc_wide
                    let t = big(&lo[i])
                        + (big(&hi[i]) << (64 * N))
                        + (BigUint::from(top[i]) << (128 * N));
                    let mut rw = r[i].to_vec();
                    rw.push(h[i]);
                    let q = big(&rw);
                    assert_eq!((&q << (64 * N)) % &pb, &t % &pb, "N = {N}, lane {i}");
                    if reduce {
                        assert!(q < pb, "N = {N}, lane {i}: not fully reduced");
                    } else {
                        assert!(q < (t >> (64 * N)) + &pb + 1u32, "N = {N}, lane {i}");
                    }
                }
            }
        }
    }

    fn redc_wide_x8_matches_scalar_redc() {
        macro_rules! each {
            ($($n:literal)*) => {$( check_redc::<$n>(100 + $n); )*};
        }
        each!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 16 24 32);
    }

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

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        (
            "mul_wide_many_ifma_matches_portable",
            mul_wide_many_ifma_matches_portable,
        ),
        (
            "redc_wide_x8_matches_scalar_redc",
            redc_wide_x8_matches_scalar_redc,
        ),
        ("mul_wide_many_matches_bigint", mul_wide_many_matches_bigint),
    ];
}
