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
    __m128i, _mm_clmulepi64_si128, _mm_cvtsi128_si64, _mm_set_epi64x, _mm_setzero_si128,
    _mm_srli_si128, _mm_xor_si128,
};
use std::sync::OnceLock;

static AVAILABLE: OnceLock<bool> = OnceLock::new();

/// Whether this CPU has PCLMULQDQ (and SSE2), detected once.
pub fn available() -> bool {
    *AVAILABLE.get_or_init(|| {
        std::arch::is_x86_feature_detected!("pclmulqdq")
            && std::arch::is_x86_feature_detected!("sse2")
    })
}

/// `out[..a.len() + b.len()] ^= a · b` with PCLMULQDQ; the portable kernel when the CPU
/// lacks it or when `out` is shorter than `a.len() + b.len()` (the portable code's
/// bounds checks then report the misuse).
pub fn mul_basecase(a: &[u64], b: &[u64], out: &mut [u64]) {
    if available() && out.len() >= a.len() + b.len() {
        // SAFETY: `available()` confirmed pclmulqdq and sse2 at run time, which is the
        // only requirement of the `#[target_feature]` function; the length
        // precondition it relies on was checked just above.
        unsafe { mul_basecase_pclmul(a, b, out) }
    } else {
        super::portable::mul_basecase(a, b, out)
    }
}

/// Product scanning: column `k` sums `clmul(a_i, b_{k-i})` in one 128-bit register; its
/// low word plus the previous column's high word is output word `k`.
#[target_feature(enable = "pclmulqdq,sse2")]
unsafe fn mul_basecase_pclmul(a: &[u64], b: &[u64], out: &mut [u64]) {
    if a.is_empty() || b.is_empty() {
        return;
    }
    let (la, lb) = (a.len(), b.len());
    let mut carry: u64 = 0;
    for k in 0..la + lb - 1 {
        let lo_i = k.saturating_sub(lb - 1);
        let hi_i = k.min(la - 1);
        let mut acc: __m128i = _mm_setzero_si128();
        for i in lo_i..=hi_i {
            let x = _mm_set_epi64x(0, a[i] as i64);
            let y = _mm_set_epi64x(0, b[k - i] as i64);
            acc = _mm_xor_si128(acc, _mm_clmulepi64_si128::<0x00>(x, y));
        }
        let lo = _mm_cvtsi128_si64(acc) as u64;
        let hi = _mm_cvtsi128_si64(_mm_srli_si128::<8>(acc)) as u64;
        out[k] ^= lo ^ carry;
        carry = hi;
    }
    out[la + lb - 1] ^= carry;
}

#[cfg(test)]
mod tests {
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

    #[test]
    fn mul_basecase_matches_portable() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for la in 0..12 {
            for lb in 0..12 {
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
}
