//! PCLMULQDQ schoolbook product of word slices (product scanning in SSE registers).
//!
//! Source: Intel, *Carry-Less Multiplication Instruction and its Usage for Computing the
//! GCM Mode* (Gueron–Kounavis, 2010), §"Carry-less multiplication"; column-wise
//! accumulation as in Hankerson–Menezes–Vanstone Alg. 2.33.
//! Cost: `a.len()·b.len()` PCLMULQDQ. Constant-time in the data (not in the lengths).
//! Precondition: the CPU supports `pclmulqdq` — [`mul_basecase`] checks the cached
//! detection and falls back to the portable kernel otherwise.
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m128i, _mm_clmulepi64_si128, _mm_cvtsi128_si64, _mm_loadu_si128, _mm_set_epi64x,
    _mm_setzero_si128, _mm_slli_si128, _mm_srli_si128, _mm_storeu_si128, _mm_xor_si128,
};
use std::sync::OnceLock;

static AVAILABLE: OnceLock<bool> = OnceLock::new();

/// Whether this CPU has PCLMULQDQ (and SSE2), detected once.
pub fn available() -> bool {
    *AVAILABLE.get_or_init(|| {
        use crate::cpu::{has_all, Feature};
        has_all(&[Feature::Pclmulqdq, Feature::Sse2])
    })
}

/// `out[..a.len() + b.len()] ^= a · b` with PCLMULQDQ; the portable kernel when the CPU
/// lacks it or when `out` is shorter than `a.len() + b.len()` (the portable code's
/// bounds checks then report the misuse).
pub fn mul_basecase(a: &[u64], b: &[u64], out: &mut [u64]) {
    if available() && out.len() >= a.len() + b.len() {
        // SAFETY: `available()` confirmed pclmulqdq and sse2 at run time, the only
        // requirement of `mul_basecase_checked`; its length precondition was just checked.
        unsafe { mul_basecase_checked(a, b, out) }
    } else {
        super::portable::mul_basecase(a, b, out)
    }
}

/// `out[..2·a.len()] = a²` with one PCLMULQDQ per word (`w·w` is `w` spread out);
/// the portable kernel when the CPU lacks it or `out` is too short.
pub fn sqr(a: &[u64], out: &mut [u64]) {
    if available() && out.len() >= 2 * a.len() {
        // SAFETY: pclmulqdq and sse2 were detected at run time; the length was checked.
        unsafe { sqr_pclmul(a, out) }
    } else {
        super::portable::sqr(a, out)
    }
}

/// # Safety
/// The CPU must support `pclmulqdq` and `sse2`; `out.len() ≥ 2·a.len()`.
#[target_feature(enable = "pclmulqdq,sse2")]
unsafe fn sqr_pclmul(a: &[u64], out: &mut [u64]) {
    let n2 = a.len() / 2;
    let ap = a.as_ptr();
    let op = out.as_mut_ptr();
    for j in 0..n2 {
        // SAFETY: words 2j, 2j+1 < a.len(); words 4j..4j+4 ≤ 2·a.len() ≤ out.len().
        unsafe {
            let x = _mm_loadu_si128(ap.add(2 * j).cast::<__m128i>());
            let lo = _mm_clmulepi64_si128::<0x00>(x, x);
            let hi = _mm_clmulepi64_si128::<0x11>(x, x);
            _mm_storeu_si128(op.add(4 * j).cast::<__m128i>(), lo);
            _mm_storeu_si128(op.add(4 * j + 2).cast::<__m128i>(), hi);
        }
    }
    if a.len() % 2 == 1 {
        let w = a[a.len() - 1];
        let x = _mm_set_epi64x(0, w as i64);
        let sq = _mm_clmulepi64_si128::<0x00>(x, x);
        out[4 * n2] = _mm_cvtsi128_si64(sq) as u64;
        out[4 * n2 + 1] = _mm_cvtsi128_si64(_mm_srli_si128::<8>(sq)) as u64;
    }
}

/// Product scanning over 2-word blocks: for block column `K` the 128×128-bit block
/// products `A_I·B_(K−I)` are accumulated as three 128-bit sums (low, middle, high:
/// four PCLMULQDQ per block pair, one unaligned load per operand block) and combined
/// once per column. An odd last word of either operand is handled as a row product.
///
/// # Safety
/// The CPU must support `pclmulqdq` and `sse2`; `out.len() ≥ a.len() + b.len()`.
#[target_feature(enable = "pclmulqdq,sse2")]
unsafe fn mul_basecase_checked(a: &[u64], b: &[u64], out: &mut [u64]) {
    if a.is_empty() || b.is_empty() {
        return;
    }
    let (la, lb) = (a.len(), b.len());
    let (lae, lbe) = (la & !1, lb & !1);
    if lae > 0 && lbe > 0 {
        // SAFETY: the CPU features are this function's precondition; both lengths are
        // even and non-zero, and out.len() ≥ la + lb ≥ lae + lbe.
        unsafe { blocks_pclmul(&a[..lae], &b[..lbe], out) }
    }
    if la % 2 == 1 {
        // SAFETY: CPU features as above; out[la−1..] has ≥ lb + 1 words.
        unsafe { row_pclmul(a[la - 1], b, &mut out[la - 1..]) }
    }
    if lb % 2 == 1 && lae > 0 {
        // SAFETY: CPU features as above; out[lb−1..] has ≥ la + 1 > lae + 1 words.
        unsafe { row_pclmul(b[lb - 1], &a[..lae], &mut out[lb - 1..]) }
    }
}

/// `out ^= w·s` for a word `w` and any slice `s`.
///
/// # Safety
/// The CPU must support `pclmulqdq` and `sse2`; `out.len() ≥ s.len() + 1`.
#[target_feature(enable = "pclmulqdq,sse2")]
unsafe fn row_pclmul(w: u64, s: &[u64], out: &mut [u64]) {
    debug_assert!(out.len() > s.len());
    let x = _mm_set_epi64x(0, w as i64);
    let n2 = s.len() / 2;
    let sp = s.as_ptr();
    let op = out.as_mut_ptr();
    let mut carry = _mm_setzero_si128();
    for j in 0..n2 {
        // SAFETY: words 2j, 2j+1 < s.len() are in bounds of s.
        let y = unsafe { _mm_loadu_si128(sp.add(2 * j).cast::<__m128i>()) };
        let p0 = _mm_clmulepi64_si128::<0x00>(x, y);
        let p1 = _mm_clmulepi64_si128::<0x10>(x, y);
        let low = _mm_xor_si128(_mm_xor_si128(p0, _mm_slli_si128::<8>(p1)), carry);
        carry = _mm_srli_si128::<8>(p1);
        // SAFETY: words 2j, 2j+1 ≤ s.len() − 1 < out.len().
        unsafe {
            let dst = op.add(2 * j).cast::<__m128i>();
            _mm_storeu_si128(dst, _mm_xor_si128(_mm_loadu_si128(dst), low));
        }
    }
    // Tail: the carry word at 2·n2, plus the product by an odd last word of s.
    let mut tail = carry;
    if s.len() % 2 == 1 {
        let y = _mm_set_epi64x(0, s[s.len() - 1] as i64);
        tail = _mm_xor_si128(tail, _mm_clmulepi64_si128::<0x00>(x, y));
        let hi = _mm_cvtsi128_si64(_mm_srli_si128::<8>(tail)) as u64;
        out[2 * n2 + 1] ^= hi;
    }
    out[2 * n2] ^= _mm_cvtsi128_si64(tail) as u64;
}

/// `out ^= a·b` for two even-length slices.
///
/// # Safety
/// The CPU must support `pclmulqdq` and `sse2`; `a.len()` and `b.len()` are even and
/// non-zero; `out.len() ≥ a.len() + b.len()`.
#[target_feature(enable = "pclmulqdq,sse2")]
unsafe fn blocks_pclmul(a: &[u64], b: &[u64], out: &mut [u64]) {
    debug_assert!(
        a.len().is_multiple_of(2) && b.len().is_multiple_of(2) && out.len() >= a.len() + b.len()
    );
    let (na, nb) = (a.len() / 2, b.len() / 2);
    let ap = a.as_ptr();
    let bp = b.as_ptr();
    let op = out.as_mut_ptr();
    let mut carry = _mm_setzero_si128();
    for k in 0..na + nb - 1 {
        let lo_i = k.saturating_sub(nb - 1);
        let hi_i = k.min(na - 1);
        let mut lo = _mm_setzero_si128();
        let mut mid = _mm_setzero_si128();
        let mut hi = _mm_setzero_si128();
        for i in lo_i..=hi_i {
            // SAFETY: i < na and k − i < nb, so words 2i, 2i+1 of a and 2(k−i),
            // 2(k−i)+1 of b are in bounds; loadu has no alignment requirement.
            let (x, y) = unsafe {
                (
                    _mm_loadu_si128(ap.add(2 * i).cast::<__m128i>()),
                    _mm_loadu_si128(bp.add(2 * (k - i)).cast::<__m128i>()),
                )
            };
            lo = _mm_xor_si128(lo, _mm_clmulepi64_si128::<0x00>(x, y));
            hi = _mm_xor_si128(hi, _mm_clmulepi64_si128::<0x11>(x, y));
            mid = _mm_xor_si128(mid, _mm_clmulepi64_si128::<0x10>(x, y));
            mid = _mm_xor_si128(mid, _mm_clmulepi64_si128::<0x01>(x, y));
        }
        // Column k covers words 2k..2k+4: lo at 2k, mid at 2k+1, hi at 2k+2.
        let low = _mm_xor_si128(_mm_xor_si128(lo, _mm_slli_si128::<8>(mid)), carry);
        carry = _mm_xor_si128(hi, _mm_srli_si128::<8>(mid));
        // SAFETY: 2k + 2 ≤ 2(na + nb − 1) ≤ out.len(), so words 2k, 2k+1 are in bounds.
        unsafe {
            let dst = op.add(2 * k).cast::<__m128i>();
            _mm_storeu_si128(dst, _mm_xor_si128(_mm_loadu_si128(dst), low));
        }
    }
    // SAFETY: words 2(na+nb−1) and 2(na+nb−1)+1 are the last two of the product,
    // within out.len() ≥ 2(na + nb).
    unsafe {
        let dst = op.add(2 * (na + nb - 1)).cast::<__m128i>();
        _mm_storeu_si128(dst, _mm_xor_si128(_mm_loadu_si128(dst), carry));
    }
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn words(seed: &mut u64, n: usize) -> Vec<u64> {
        (0..n)
            .map(|_| {
                *seed ^= *seed << 13;
                *seed ^= *seed >> 7;
                *seed ^= *seed << 17;
                *seed
            })
            .collect()
    }

    fn sqr_matches_portable() {
        crate::cpu::kernel_log::check(
            "gf2poly::x86_64::sqr",
            available(),
            &[crate::cpu::Feature::Pclmulqdq],
        );
        let mut seed = 0x0123_4567_89AB_CDEFu64;
        for n in 0..40 {
            let a = words(&mut seed, n);
            let mut fast = words(&mut seed, 2 * n + 1);
            let mut slow = fast.clone();
            sqr(&a, &mut fast);
            super::super::portable::sqr(&a, &mut slow);
            assert_eq!(fast, slow, "n={n}");
        }
    }

    fn mul_basecase_matches_portable() {
        crate::cpu::kernel_log::check(
            "gf2poly::x86_64::mul_basecase",
            available(),
            &[crate::cpu::Feature::Pclmulqdq],
        );
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for la in (0..12).chain([31, 32, 47]) {
            for lb in (0..12).chain([17, 40]) {
                let a = words(&mut seed, la);
                let b = words(&mut seed, lb);
                let init = words(&mut seed, la + lb + 1);
                let mut fast = init.clone();
                let mut slow = init.clone();
                mul_basecase(&a, &b, &mut fast);
                super::super::portable::mul_basecase(&a, &b, &mut slow);
                assert_eq!(fast, slow, "la={la} lb={lb}");
            }
        }
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        ("sqr_matches_portable", sqr_matches_portable),
        (
            "mul_basecase_matches_portable",
            mul_basecase_matches_portable,
        ),
    ];
}
