//! The fused Itoh–Tsujii kernel for the `pclmul-fold` engine: products as `N²`
//! PCLMULQDQ in word pairs, reductions and squarings by
//! [`fold`] (the carry-less fold or the shifts in SSE registers, as the caller
//! chooses), maps by their own kernels.
//!
//! Source: see [`super`]. Constant-time: yes (no branch or address depends on the
//! operand; loop bounds and map choices depend on the plan).
//! Precondition: `kind.applies::<N, M>(m)` for the chosen `ClmulFold` or `SseShift`
//! (checked by the caller; else the result is meaningless, never a panic).
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m128i, _mm_clmulepi64_si128, _mm_setzero_si128, _mm_slli_si128, _mm_srli_si128, _mm_xor_si128,
};
use core::mem::MaybeUninit;

use super::super::{Plan, SLOTS};
use crate::binary::backend::x86_64::{fold, Pclmul, PclmulBmi2};
use crate::binary::backend::InlineReduction;
use crate::binary::modulus::ModulusSpec;
use crate::binary::portable;

/// `a^(2^d − 2)` along `plan`.
#[inline]
pub(crate) fn run<const N: usize, M: ModulusSpec>(
    t: PclmulBmi2,
    kind: InlineReduction,
    m: &M,
    plan: &Plan<N>,
    a: &[u64; N],
) -> [u64; N] {
    let mut out = MaybeUninit::<[u64; N]>::uninit();
    // SAFETY: the token exists only when pclmulqdq, sse2, sse4.1 and bmi2 were detected;
    // the kernel writes all N words of `out` before it is read.
    unsafe {
        if kind == InlineReduction::SseShift {
            k_run::<N, M, true>(t.pclmul(), m, plan, a, out.as_mut_ptr());
        } else {
            k_run::<N, M, false>(t.pclmul(), m, plan, a, out.as_mut_ptr());
        }
        out.assume_init()
    }
}

/// The product (`top` = its bit bound) or square held as pairs, reduced by the
/// carry-less fold, or by shifts when `SHIFT`; the reduced element in the first
/// `⌈N/2⌉` pairs, the others cleared.
///
/// # Safety
/// The CPU has PCLMULQDQ and SSE2; the chosen reduction serves `m`.
#[inline(always)]
unsafe fn reduce<const N: usize, M: ModulusSpec, const SHIFT: bool>(
    form: Pclmul,
    m: &M,
    c: [__m128i; N],
    top: usize,
) -> [__m128i; N] {
    let kind = if SHIFT {
        InlineReduction::SseShift
    } else {
        InlineReduction::ClmulFold
    };
    // SAFETY: forwarded from the caller (SSE2 and PCLMULQDQ present).
    unsafe { clean(fold::reduce_pairs_sse(form, kind, m, c, top, true)) }
}

/// `x²` reduced as [`reduce`] (from the square's true bound `top` = 2d − 1: the
/// squares' own arrangements start from 128N − 1, which costs the fold a round here).
///
/// # Safety
/// As [`reduce`].
#[inline(always)]
unsafe fn square<const N: usize, M: ModulusSpec, const SHIFT: bool>(
    form: Pclmul,
    m: &M,
    x: [__m128i; N],
    top: usize,
) -> [__m128i; N] {
    // SAFETY: forwarded from the caller.
    unsafe { reduce::<N, M, SHIFT>(form, m, fold::square_pairs(&x), top) }
}

/// The unreduced product of two elements in word pairs (`a[k]` = words `2k, 2k + 1`,
/// first `⌈N/2⌉` pairs meaningful): `N` pairs, words `0..2N`.
#[inline]
#[target_feature(enable = "pclmulqdq,sse2")]
fn mul_pairs<const N: usize>(a: &[__m128i; N], b: &[__m128i; N]) -> [__m128i; N] {
    let zero = _mm_setzero_si128();
    // Products landing on an even word go straight into `even`; those on odd word
    // 2k + 1 are collected in `odd[k]` and split across pairs k and k + 1 at the end.
    let mut even = [zero; N];
    let mut odd = [zero; N];
    for i in 0..N {
        for j in 0..N {
            let (x, y) = (a[i / 2], b[j / 2]);
            let p = match (i % 2, j % 2) {
                (0, 0) => _mm_clmulepi64_si128(x, y, 0x00),
                (1, 0) => _mm_clmulepi64_si128(x, y, 0x01),
                (0, _) => _mm_clmulepi64_si128(x, y, 0x10),
                _ => _mm_clmulepi64_si128(x, y, 0x11),
            };
            let w = i + j;
            if w % 2 == 0 {
                even[w / 2] = _mm_xor_si128(even[w / 2], p);
            } else {
                odd[w / 2] = _mm_xor_si128(odd[w / 2], p);
            }
        }
    }
    let mut c = even;
    for k in 0..N {
        c[k] = _mm_xor_si128(c[k], _mm_slli_si128(odd[k], 8));
        if k + 1 < N {
            c[k + 1] = _mm_xor_si128(c[k + 1], _mm_srli_si128(odd[k], 8));
        }
    }
    c
}

/// Keeps only the first `⌈N/2⌉` pairs (the reduced element; `reduce_pairs` leaves the
/// other lanes unspecified).
#[inline]
#[target_feature(enable = "sse2")]
fn clean<const N: usize>(mut c: [__m128i; N]) -> [__m128i; N] {
    for v in c.iter_mut().skip(N.div_ceil(2)) {
        *v = _mm_setzero_si128();
    }
    c
}

#[inline]
#[target_feature(enable = "pclmulqdq,sse2,sse4.1,bmi2")]
fn k_run<const N: usize, M: ModulusSpec, const SHIFT: bool>(
    form: Pclmul,
    m: &M,
    plan: &Plan<N>,
    a: &[u64; N],
    out: *mut [u64; N],
) {
    let top = portable::product_bits(m);
    let zero = _mm_setzero_si128();
    let mut store = [[zero; N]; SLOTS];
    // SAFETY: this function enables pclmulqdq, sse2, sse4.1 and bmi2, which the fold
    // kernels require (the caller holds the detection token).
    let mut cur = unsafe { fold::load_pairs(a) };
    if let Some(s) = plan.save_a {
        store[s] = cur;
    }
    for op in &plan.ops {
        let base = op.base.map_or(cur, |s| store[s]);
        let other = op.other.map_or(cur, |s| store[s]);
        let t = match op.map.and_then(|h| plan.maps.get(h)) {
            Some((_, map)) => {
                let mut w = MaybeUninit::<[u64; N]>::uninit();
                // SAFETY: `store_pairs` writes all N words of `w`.
                let w = unsafe {
                    fold::store_pairs(&base, w.as_mut_ptr());
                    w.assume_init()
                };
                let image = map.apply(&w);
                // SAFETY: the features the fold kernels need are enabled here.
                unsafe { fold::load_pairs(&image) }
            }
            None => {
                let mut x = base;
                for _ in 0..op.k {
                    // SAFETY: the features the fold kernels need are enabled here.
                    x = unsafe { square::<N, M, SHIFT>(form, m, x, top) };
                }
                x
            }
        };
        let product = mul_pairs(&t, &other);
        // SAFETY: the features the fold kernels need are enabled here.
        cur = unsafe { reduce::<N, M, SHIFT>(form, m, product, top) };
        if let Some(s) = op.save {
            store[s] = cur;
        }
    }
    // SAFETY: the features the fold kernels need are enabled here.
    let r = unsafe { square::<N, M, SHIFT>(form, m, cur, top) };
    // SAFETY: `out` points to N writable words.
    unsafe { fold::store_pairs(&r, out) }
}
