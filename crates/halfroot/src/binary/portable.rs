//! Portable word-level arithmetic for binary polynomials: carry-less products,
//! squaring (bit spreading) and sparse reduction modulo a [`ModulusSpec`].
//!
//! Source: Hankerson–Menezes–Vanstone, *Guide to ECC*, Alg. 2.36 (comb-free
//! schoolbook with 64-bit words), §2.3.4 (squaring by bit interleaving) and the
//! word-wise fast reduction of §2.3.5 generalised to any sparse polynomial.
//! Constant-time: yes (no branches or indices depend on element values), except that
//! [`reduce`] loops depend only on the modulus, which is public.

use super::modulus::ModulusSpec;

/// Carry-less product of two 64-bit words, as (low, high) words.
///
/// Branch-free: a 4-bit window table of the multiples `u·a` (`u < 16`, up to 67 bits,
/// kept in `u128`), built with masks and indexed by the nibbles of `b`.
#[inline]
pub fn clmul64(a: u64, b: u64) -> (u64, u64) {
    let a = a as u128;
    let mut table = [0u128; 16];
    for (u, slot) in table.iter_mut().enumerate() {
        let u = u as u128;
        *slot = (a & (u & 1).wrapping_neg())
            ^ ((a << 1) & ((u >> 1) & 1).wrapping_neg())
            ^ ((a << 2) & ((u >> 2) & 1).wrapping_neg())
            ^ ((a << 3) & ((u >> 3) & 1).wrapping_neg());
    }
    let mut r = 0u128;
    let mut i = 0;
    while i < 64 {
        r ^= table[((b >> i) & 15) as usize] << i;
        i += 4;
    }
    (r as u64, (r >> 64) as u64)
}

/// The full product of two `N`-word polynomials as (low `N` words, high `N` words).
#[allow(clippy::needless_range_loop)]
pub fn mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    for i in 0..N {
        for j in 0..N {
            let (l, h) = clmul64(a[i], b[j]);
            let k = i + j;
            if k < N {
                lo[k] ^= l;
            } else {
                hi[k - N] ^= l;
            }
            if k + 1 < N {
                lo[k + 1] ^= h;
            } else {
                hi[k + 1 - N] ^= h;
            }
        }
    }
    (lo, hi)
}

/// Spreads the 32 bits of `x` to the even positions of a 64-bit word.
#[inline]
pub fn spread32(x: u32) -> u64 {
    let mut v = x as u64;
    v = (v | (v << 16)) & 0x0000_FFFF_0000_FFFF;
    v = (v | (v << 8)) & 0x00FF_00FF_00FF_00FF;
    v = (v | (v << 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    v = (v | (v << 2)) & 0x3333_3333_3333_3333;
    v = (v | (v << 1)) & 0x5555_5555_5555_5555;
    v
}

/// The square of an `N`-word polynomial, unreduced, as (low, high) words.
pub fn sqr_wide<const N: usize>(a: &[u64; N]) -> ([u64; N], [u64; N]) {
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    for (i, &w) in a.iter().enumerate() {
        let l = spread32(w as u32);
        let h = spread32((w >> 32) as u32);
        for (k, v) in [(2 * i, l), (2 * i + 1, h)] {
            if k < N {
                lo[k] = v;
            } else {
                hi[k - N] = v;
            }
        }
    }
    (lo, hi)
}

/// Reduces the `2N`-word polynomial `(lo, hi)` modulo the sparse polynomial `m`.
///
/// Requires `N ≥ ⌈d/64⌉`. Word-wise folding from the top: a word at bit offset `64i ≥ d`
/// is added at offsets `64i − d + k` for each exponent `k` of `P − X^d`; a word may be
/// folded more than once when `d − k_max < 64`.
pub fn reduce<const N: usize, M: ModulusSpec>(m: &M, lo: &[u64; N], hi: &[u64; N]) -> [u64; N] {
    let d = m.degree() as usize;
    let mut t = vec![0u64; 2 * N + 1];
    t[..N].copy_from_slice(lo);
    t[N..2 * N].copy_from_slice(hi);
    let top_word = d / 64;
    let top_bit = d % 64;
    let mut i = 2 * N - 1;
    loop {
        // Bits of word i at positions >= d.
        let w = if i > top_word {
            t[i]
        } else if i == top_word {
            t[i] & (!0u64 << top_bit)
        } else {
            break;
        };
        if w == 0 {
            if i == top_word {
                break;
            }
            i -= 1;
            continue;
        }
        t[i] ^= w;
        // w represents a sum of x^(64 i + j); fold x^(64 i + j) = x^(64 i + j - d) (P - x^d).
        // In the top partial word only bits j >= top_bit are set: shift them down first.
        let skip = if i == top_word { top_bit } else { 0 };
        let w = w >> skip;
        let base = 64 * i + skip - d; // where bit 0 of w lands after division by x^d
        for k in m
            .middle_exponents()
            .iter()
            .copied()
            .chain(core::iter::once(0u32))
        {
            let s = base + k as usize;
            let (wi, sh) = (s / 64, s % 64);
            t[wi] ^= w << sh;
            if sh != 0 {
                t[wi + 1] ^= w >> (64 - sh);
            }
        }
        // Folding may have put bits back into word i (when d - k_max < 64): loop again
        // on the same word until it is clean.
    }
    let mut out = [0u64; N];
    out.copy_from_slice(&t[..N]);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::binary::modulus::Modulus;

    fn clmul_bitwise(a: u64, b: u64) -> (u64, u64) {
        let mut r: u128 = 0;
        for i in 0..64 {
            if (b >> i) & 1 == 1 {
                r ^= (a as u128) << i;
            }
        }
        (r as u64, (r >> 64) as u64)
    }

    #[test]
    fn clmul64_matches_bitwise() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..2000 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let y = x.rotate_left(17) ^ 0xDEAD_BEEF;
            assert_eq!(clmul64(x, y), clmul_bitwise(x, y));
        }
        assert_eq!(clmul64(!0, !0), clmul_bitwise(!0, !0));
    }

    #[test]
    fn sqr_wide_matches_mul_wide() {
        let a = [0x0123_4567_89ab_cdefu64, 0xfedc_ba98_7654_3210, 0x7];
        assert_eq!(sqr_wide(&a), mul_wide(&a, &a));
    }

    #[test]
    fn reduce_small_field_matches_bitwise_division() {
        // x^7 + x + 1 ... use GF(2^8) with AES polynomial x^8+x^4+x^3+x+1.
        let m = Modulus::parse("8,4,3,1,0").expect("aes");
        for a in 0u64..256 {
            for b in [1u64, 2, 3, 0x53, 0xca, 0xff] {
                let (lo, hi) = mul_wide(&[a], &[b]);
                let r = reduce(&m, &lo, &hi)[0];
                // bitwise: schoolbook with reduction
                let mut p = 0u64;
                let mut aa = a;
                for i in 0..8 {
                    if (b >> i) & 1 == 1 {
                        p ^= aa;
                    }
                    aa <<= 1;
                    if aa & 0x100 != 0 {
                        aa ^= 0x11b;
                    }
                }
                assert_eq!(r, p, "{a:#x} * {b:#x}");
            }
        }
        // 0x53 * 0xca = 1 in the AES field.
        let (lo, hi) = mul_wide(&[0x53], &[0xca]);
        assert_eq!(reduce(&m, &lo, &hi), [1]);
    }
}
