//! Portable word-level arithmetic for binary polynomials: carry-less products,
//! squaring (bit spreading) and sparse reduction modulo a [`ModulusSpec`].
//!
//! Source: Hankerson–Menezes–Vanstone, *Guide to ECC*, Alg. 2.36 (comb-free
//! schoolbook with 64-bit words), §2.3.4 (squaring by bit interleaving) and the
//! word-wise fast reduction of §2.3.5 generalised to any sparse polynomial.
//! Constant-time: no branch depends on element values; [`reduce`] loops depend only on
//! the modulus. One caveat: [`clmul64`] indexes a 16-entry (256-byte, four cache lines)
//! window table by nibbles of `b`, which a cache-timing attacker sharing the core could
//! observe; the accelerated backends have no such lookup.

use super::modulus::ModulusSpec;

/// The low 64 bits of the carry-less product of `x` and `y`, by integer
/// multiplications of operands with holes (BearSSL's `bmul64`, `ghash_ctmul64.c`): each
/// operand is split into its bits at positions ≡ 0, 1, 2, 3 mod 4, so that in every
/// integer product a column of the low word sums at most 15 bits (16 only in the top
/// column, whose carry leaves the word): its carries stay in the three positions above
/// it, of other residues, which the masks drop. Constant-time: multiplications, ANDs
/// and XORs only.
#[inline]
fn bmul64(x: u64, y: u64) -> u64 {
    const M0: u64 = 0x1111_1111_1111_1111;
    let (x0, x1, x2, x3) = (x & M0, x & (M0 << 1), x & (M0 << 2), x & (M0 << 3));
    let (y0, y1, y2, y3) = (y & M0, y & (M0 << 1), y & (M0 << 2), y & (M0 << 3));
    let m = |a: u64, b: u64| a.wrapping_mul(b);
    let z0 = m(x0, y0) ^ m(x1, y3) ^ m(x2, y2) ^ m(x3, y1);
    let z1 = m(x0, y1) ^ m(x1, y0) ^ m(x2, y3) ^ m(x3, y2);
    let z2 = m(x0, y2) ^ m(x1, y1) ^ m(x2, y0) ^ m(x3, y3);
    let z3 = m(x0, y3) ^ m(x1, y2) ^ m(x2, y1) ^ m(x3, y0);
    (z0 & M0) | (z1 & (M0 << 1)) | (z2 & (M0 << 2)) | (z3 & (M0 << 3))
}

/// Carry-less product of two 64-bit words, as (low, high) words.
///
/// Constant-time: `bmul64` for the low word and, on the bit-reversed operands, for
/// the high one (rev(a)·rev(b) holds the top coefficients in reverse order). The
/// former 4-bit window table, indexed by the nibbles of `b`, was a secret-dependent
/// memory access (Memcheck, `scripts/ct-valgrind.sh` with `HALFROOT_CPU=portable`).
#[inline]
pub fn clmul64(a: u64, b: u64) -> (u64, u64) {
    let lo = bmul64(a, b);
    let hi = bmul64(a.reverse_bits(), b.reverse_bits()).reverse_bits() >> 1;
    (lo, hi)
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
/// Requires `N ≥ ⌈d/64⌉`. Equivalent to [`reduce_below`] with `top = 128·N`.
#[inline(always)]
pub fn reduce<const N: usize, M: ModulusSpec>(m: &M, lo: &[u64; N], hi: &[u64; N]) -> [u64; N] {
    reduce_below(m, *lo, *hi, 128 * N)
}

/// `2d − 1`: the product of two reduced elements has no bit at or above it. The
/// multiplication and squaring kernels reduce from there (so their inputs must be
/// reduced; unreduced inputs give an unspecified result, never a panic).
#[inline(always)]
pub fn product_bits<M: ModulusSpec>(m: &M) -> usize {
    (2 * m.degree() as usize).saturating_sub(1)
}

/// Reduces `(lo, hi)` modulo `m`, knowing that no bit at position ≥ `top` is set.
///
/// Requires `N ≥ ⌈d/64⌉` (with a smaller `N` the result is meaningless, never a panic).
/// Let `s = d − k_max` (the gap below the leading term):
/// * `s ≥ 64` (every NIST and SSRF polynomial): one pass from the top word down; the
///   word at bit offset `64i ≥ d` is added at offsets `64i − d + k` for each exponent `k`
///   of `P − X^d`, which all lie below word `i`; then the bits ≥ d of the partial top
///   word are folded once (Hankerson–Menezes–Vanstone §2.3.5, Avanzi Appendix B).
/// * `s < 64` (small degrees, `k_max` close to d, type II polynomials with `s = 1`):
///   chunks of `s` bits from the top down, each landing strictly below itself, so one
///   pass again suffices; ⌈(top − d)/s⌉ folds.
///
/// Every loop bound depends only on the modulus and `N`; when `m` is a zero-sized
/// compile-time spec they are constants and the whole reduction unrolls to straight
/// shift/xor code. Constant-time in the operand.
#[inline(always)]
pub fn reduce_below<const N: usize, M: ModulusSpec>(
    m: &M,
    lo: [u64; N],
    hi: [u64; N],
    top: usize,
) -> [u64; N] {
    let mut t = Wide { lo, hi };
    let d = m.degree() as usize;
    let ks = m.middle_exponents();
    let kmax = ks.first().map_or(0, |&k| k as usize);
    let top = top.min(128 * N);
    if N == 0 || d == 0 || top <= d || d > 64 * N {
        return t.lo;
    }
    let s = d - kmax;
    if s >= 64 {
        let full = d.div_ceil(64);
        let mut i = top.div_ceil(64);
        while i > full {
            i -= 1;
            let w = t.get(i);
            t.set(i, 0);
            t.fold(ks, 64 * i - d, w);
        }
        let (tw, tb) = (d / 64, d % 64);
        if tb != 0 {
            let w = t.get(tw) >> tb;
            t.set(tw, t.get(tw) & ((1u64 << tb) - 1));
            t.fold(ks, 0, w);
        }
    } else {
        // Chunk i is [max(top − s(i + 1), d), top − s·i). A counted loop, so that LLVM
        // knows its trip count for a compile-time spec and unrolls it to straight code
        // (a `while` over the chunk's end was left rolled, with every shift by `cl`).
        let chunks = (top - d).div_ceil(s);
        for i in 0..chunks {
            let end = top - s * i;
            let p = if end - d > s { end - s } else { d };
            let width = end - p;
            let (j, sh) = (p / 64, p % 64);
            let mut w = t.get(j) >> sh;
            if sh != 0 {
                w |= t.get(j + 1) << (64 - sh);
            }
            w &= (1u64 << width) - 1;
            t.xor_at(p, w);
            t.fold(ks, p - d, w);
        }
    }
    t.lo
}

/// Partial reduction for chains of squarings: folds only the words at or above `64N`,
/// leaving a result of fewer than `64N` bits that is congruent to `(lo, hi)` but not
/// necessarily below `d`. Returns `None` when the modulus does not allow it in one
/// pass (`d − k_max < 64`); finish with [`reduce_below`]`(m, r, 0, 64N)`.
/// Saves the last (partial-word) fold, which is on the critical path of a squaring.
#[inline(always)]
pub fn reduce_lazy<const N: usize, M: ModulusSpec>(
    m: &M,
    lo: [u64; N],
    hi: [u64; N],
    top: usize,
) -> Option<[u64; N]> {
    let d = m.degree() as usize;
    let ks = m.middle_exponents();
    let kmax = ks.first().map_or(0, |&k| k as usize);
    if N == 0 || d > 64 * N || d < 64 || d - kmax < 64 {
        return None;
    }
    let mut t = Wide { lo, hi };
    let mut i = top.min(128 * N).div_ceil(64);
    while i > N {
        i -= 1;
        let w = t.get(i);
        t.fold(ks, 64 * i - d, w);
    }
    Some(t.lo)
}

/// A double-length polynomial as two halves, with word accessors that compile to
/// direct accesses when the index is a constant.
struct Wide<const N: usize> {
    lo: [u64; N],
    hi: [u64; N],
}

impl<const N: usize> Wide<N> {
    #[inline(always)]
    fn get(&self, i: usize) -> u64 {
        if i < N {
            self.lo[i]
        } else if i < 2 * N {
            self.hi[i - N]
        } else {
            0
        }
    }

    #[inline(always)]
    fn set(&mut self, i: usize, v: u64) {
        if i < N {
            self.lo[i] = v;
        } else if i < 2 * N {
            self.hi[i - N] = v;
        }
    }

    #[inline(always)]
    fn xor(&mut self, i: usize, v: u64) {
        if i < N {
            self.lo[i] ^= v;
        } else if i < 2 * N {
            self.hi[i - N] ^= v;
        }
    }

    /// Adds `w·x^pos`.
    #[inline(always)]
    fn xor_at(&mut self, pos: usize, w: u64) {
        let (j, sh) = (pos / 64, pos % 64);
        self.xor(j, w << sh);
        if sh != 0 {
            self.xor(j + 1, w >> (64 - sh));
        }
    }

    /// Adds `w·x^base·(P − X^d)` (the exponents `ks` and the constant term).
    #[inline(always)]
    fn fold(&mut self, ks: &[u32], base: usize, w: u64) {
        for &k in ks {
            self.xor_at(base + k as usize, w);
        }
        self.xor_at(base, w);
    }
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn clmul64_matches_the_bit_loop() {
        let naive = |a: u64, b: u64| {
            let mut r = 0u128;
            for i in 0..64 {
                if (b >> i) & 1 == 1 {
                    r ^= (a as u128) << i;
                }
            }
            (r as u64, (r >> 64) as u64)
        };
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let edge = [0u64, 1, u64::MAX, 1 << 63, 0x8000_0000_0000_0001, M_ALT];
        for &a in &edge {
            for &b in &edge {
                assert_eq!(clmul64(a, b), naive(a, b), "{a:x} {b:x}");
            }
        }
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let y = x.rotate_left(29) ^ 0x5555_5555_5555_5555;
            assert_eq!(clmul64(x, y), naive(x, y), "{x:x} {y:x}");
        }
    }
    const M_ALT: u64 = 0xAAAA_AAAA_AAAA_AAAA;
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

    fn sqr_wide_matches_mul_wide() {
        let a = [0x0123_4567_89ab_cdefu64, 0xfedc_ba98_7654_3210, 0x7];
        assert_eq!(sqr_wide(&a), mul_wide(&a, &a));
    }

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

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        ("clmul64_matches_the_bit_loop", clmul64_matches_the_bit_loop),
        ("clmul64_matches_bitwise", clmul64_matches_bitwise),
        ("sqr_wide_matches_mul_wide", sqr_wide_matches_mul_wide),
        (
            "reduce_small_field_matches_bitwise_division",
            reduce_small_field_matches_bitwise_division,
        ),
    ];
}
