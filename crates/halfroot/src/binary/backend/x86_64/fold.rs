//! Reduction in SSE registers by carry-less multiplication ("aligned folds"), for the
//! `pclmul-fold` backend's multiplication, squaring and squaring chains.
//!
//! Source: the word-wise folding of Hankerson–Menezes–Vanstone, *Guide to ECC* §2.3.5,
//! with each word's shifted copies replaced by products: word `i ≥ N` of a double-length
//! polynomial is `c_i·x^(64i) ≡ c_i·x^(64(i−N))·R` with `R = x^(64N−d)·(P − x^d)`, so
//! it is added back as `Σ_j clmul(c_i, R_j)` at word offset `i − N + j` (the 64-bit
//! pieces `R_j` of R, zero pieces skipped; one piece for the NIST 163/283/571
//! pentanomials, two for SSRF 163), with no bit shift at all. The bits at or above d in word `N − 1` are
//! then folded once by `P − x^d` itself. The same idea as the reduction by carry-less
//! multiplication of Gueron–Kounavis, "Intel carry-less multiplication instruction and
//! its usage for computing the GCM mode" (Intel white paper, 2010), for GF(2^128).
//! The data stays in `__m128i` pairs of words from the operand loads to the stores: a
//! square is `clmul(a_k, a_k)` per word, already at its place in the pair layout.
//!
//! Preconditions: `N ≥ 2`, `64(N − 1) < d ≤ 64N` and `d − k_max > 64` (checked by
//! [`applies`]; every NIST and SSRF polynomial of 163 bits and more). Cost per folded
//! word: one PCLMULQDQ per nonzero piece of R and one or two XORs.
//! Constant-time: yes (every branch and loop bound depends on the modulus only).
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_clmulepi64_si128, _mm_cvtsi64_si128, _mm_loadl_epi64,
    _mm_loadu_si128, _mm_set_epi64x, _mm_setzero_si128, _mm_slli_si128, _mm_srl_epi64,
    _mm_srli_si128, _mm_storel_epi64, _mm_storeu_si128, _mm_xor_si128,
};

use crate::binary::modulus::ModulusSpec;

/// Whether the fold reduction applies to `m` with `N`-word elements and pays: the
/// shape conditions of the module header, and R in at most half as many 64-bit pieces
/// as P − x^d has terms (a folded word costs one PCLMULQDQ per piece against two shifts
/// per term on two shift ports). Measured: NIST 233 (`x^74 + 1`, two pieces) sqr
/// 5.6 ns folded against 4.3 ns shifted; NIST 163 (one piece) 2.6 ns against 5.9 ns.
#[inline(always)]
pub fn applies<const N: usize, M: ModulusSpec>(m: &M) -> bool {
    let d = m.degree() as usize;
    let ks = m.middle_exponents();
    let kmax = ks.first().map_or(0, |&k| k as usize);
    if !(N >= 2 && d > 64 * (N - 1) && d <= 64 * N && d > kmax + 64) {
        return false;
    }
    let rw = low_part_words::<N, M>(m, 64 * N - d);
    let mut pieces = 0;
    let mut i = 0;
    while i < N {
        pieces += usize::from(rw[i] != 0);
        i += 1;
    }
    2 * pieces <= ks.len() + 1
}

/// `(P − x^d)·x^shift` as N little-endian words (bits past 64N dropped; callers keep
/// the degree below it).
#[inline(always)]
fn low_part_words<const N: usize, M: ModulusSpec>(m: &M, shift: usize) -> [u64; N] {
    // Plain index loops (no iterator adaptors): with a compile-time spec the slice and
    // its length are constants, and LLVM folds the whole array to constants.
    let ks = m.middle_exponents();
    let mut w = [0u64; N];
    let mut i = 0;
    while i <= ks.len() {
        let e = if i < ks.len() { ks[i] as usize } else { 0 };
        let b = e + shift;
        if b / 64 < N {
            w[b / 64] |= 1u64 << (b % 64);
        }
        i += 1;
    }
    w
}

/// `clmul` of lane `lane` (0 or 1) of `a` by the low lane of `b`.
#[inline(always)]
unsafe fn clmul_lane(a: __m128i, b: __m128i, lane: usize) -> __m128i {
    if lane == 0 {
        _mm_clmulepi64_si128(a, b, 0x00)
    } else {
        _mm_clmulepi64_si128(a, b, 0x01)
    }
}

/// Adds the 128-bit `p` at word offset `w` of the pair array `c` (bits past 2N words
/// dropped).
#[inline(always)]
unsafe fn add_at<const N: usize>(c: &mut [__m128i; N], w: usize, p: __m128i) {
    if w.is_multiple_of(2) {
        if w / 2 < N {
            c[w / 2] = _mm_xor_si128(c[w / 2], p);
        }
    } else {
        if w / 2 < N {
            c[w / 2] = _mm_xor_si128(c[w / 2], _mm_slli_si128(p, 8));
        }
        if w / 2 + 1 < N {
            c[w / 2 + 1] = _mm_xor_si128(c[w / 2 + 1], _mm_srli_si128(p, 8));
        }
    }
}

/// Reduces the double-length polynomial held as N pairs of words (`c[k]` = words
/// `2k, 2k + 1`), with no bit at or above `top`, and stores the N result words to `out`.
///
/// # Safety
/// `out` valid for writing N words; [`applies`] holds for `m`.
#[inline(always)]
pub unsafe fn reduce_store<const N: usize, M: ModulusSpec>(
    m: &M,
    c: [__m128i; N],
    top: usize,
    out: *mut [u64; N],
) {
    let c = reduce_pairs(m, c, top);
    // SAFETY: forwarded from the caller.
    unsafe { store_pairs(&c, out) }
}

/// Reduces as [`reduce_store`] and returns the pairs: words `0..N` hold the result; the
/// other lanes are unspecified. Requires [`applies`] (else the result is meaningless,
/// never a panic).
///
/// # Safety
/// Callable only where the CPU has the enabled target features (the backend
/// tokens guarantee it).
#[inline(always)]
pub unsafe fn reduce_pairs<const N: usize, M: ModulusSpec>(
    m: &M,
    mut c: [__m128i; N],
    top: usize,
) -> [__m128i; N] {
    let d = m.degree() as usize;
    let rw = low_part_words::<N, M>(m, 64 * N - d);
    let top_word = top.min(128 * N).div_ceil(64);
    let mut i = top_word;
    while i > N {
        i -= 1;
        let src = c[i / 2];
        for (j, &r) in rw.iter().enumerate() {
            if r != 0 {
                let p = clmul_lane(src, _mm_cvtsi64_si128(r as i64), i % 2);
                add_at(&mut c, i - N + j, p);
            }
        }
    }
    let k = N - 1;
    if !d.is_multiple_of(64) {
        let rr = low_part_words::<N, M>(m, 0);
        let t = _mm_srl_epi64(c[k / 2], _mm_cvtsi64_si128((d % 64) as i64));
        let keep = (1u64 << (d % 64)) - 1;
        let mask = if k.is_multiple_of(2) {
            _mm_set_epi64x(0, keep as i64)
        } else {
            _mm_set_epi64x(keep as i64, -1)
        };
        c[k / 2] = _mm_and_si128(c[k / 2], mask);
        for (j, &r) in rr.iter().enumerate() {
            if r != 0 {
                let p = clmul_lane(t, _mm_cvtsi64_si128(r as i64), k % 2);
                add_at(&mut c, j, p);
            }
        }
    }
    c
}

/// Stores words `0..N` of the pairs `c` to `out`.
///
/// # Safety
/// `out` valid for writing N words.
#[inline(always)]
pub unsafe fn store_pairs<const N: usize>(c: &[__m128i; N], out: *mut [u64; N]) {
    let p = out.cast::<u64>();
    let mut w = 0;
    while w + 2 <= N {
        // SAFETY: words w, w + 1 < N of `out`; unaligned store.
        unsafe { _mm_storeu_si128(p.add(w).cast::<__m128i>(), c[w / 2]) };
        w += 2;
    }
    if w < N {
        // SAFETY: word w < N of `out`; 8-byte store of the low lane.
        unsafe { _mm_storel_epi64(p.add(w).cast::<__m128i>(), c[w / 2]) };
    }
}

/// The operand as pairs of words (`N.div_ceil(2)` meaningful entries, rest zero).
///
/// # Safety
/// Callable only where the CPU has the enabled target features (the backend
/// tokens guarantee it).
#[inline(always)]
pub unsafe fn load_pairs<const N: usize>(a: &[u64; N]) -> [__m128i; N] {
    let mut v = [_mm_setzero_si128(); N];
    let mut w = 0;
    while w + 2 <= N {
        // SAFETY: words w, w + 1 < N of `a`; unaligned load.
        v[w / 2] = unsafe { _mm_loadu_si128(a.as_ptr().add(w).cast::<__m128i>()) };
        w += 2;
    }
    if w < N {
        // SAFETY: word w < N of `a`; 8-byte load into the low lane.
        v[w / 2] = unsafe { _mm_loadl_epi64(a.as_ptr().add(w).cast::<__m128i>()) };
    }
    v
}

/// The unreduced square of the element whose words are in pairs `a` (first
/// `N.div_ceil(2)` entries): pair k of the result is the square of word k.
///
/// # Safety
/// Callable only where the CPU has the enabled target features (the backend
/// tokens guarantee it).
#[inline(always)]
pub unsafe fn square_pairs<const N: usize>(a: &[__m128i; N]) -> [__m128i; N] {
    let mut s = [_mm_setzero_si128(); N];
    for (k, slot) in s.iter_mut().enumerate() {
        let x = a[k / 2];
        *slot = if k.is_multiple_of(2) {
            _mm_clmulepi64_si128(x, x, 0x00)
        } else {
            _mm_clmulepi64_si128(x, x, 0x11)
        };
    }
    s
}

/// `(lo, hi)` words as pairs.
///
/// # Safety
/// Callable only where the CPU has the enabled target features (the backend
/// tokens guarantee it).
#[inline(always)]
pub unsafe fn pairs_of<const N: usize>(lo: &[u64; N], hi: &[u64; N]) -> [__m128i; N] {
    let word = |w: usize| if w < N { lo[w] } else { hi[w - N] };
    let mut v = [_mm_setzero_si128(); N];
    for (k, slot) in v.iter_mut().enumerate() {
        *slot = _mm_set_epi64x(word(2 * k + 1) as i64, word(2 * k) as i64);
    }
    v
}
