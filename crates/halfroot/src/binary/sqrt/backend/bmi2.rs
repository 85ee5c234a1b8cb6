//! BMI2 `pext` bit compression for [`split`](super::split).
//!
//! Source: Intel SDM, PEXT (parallel bits extract): one instruction gathers the bits
//! selected by a mask. Cost: 2 `pext` per input word. Constant-time: yes (fixed latency
//! on the CPUs this targets; AMD Zen 1/2 run PEXT in microcode, with a cost that grows with
//! the set bits of the mask, and are left out: `PdepFast`).
//! Detection: [`crate::cpu`] (BMI2 and `PdepFast`, detected once, restricted by `HALFROOT_CPU`).
#![allow(unsafe_code)]

use crate::binary::modulus::ModulusSpec;

/// Whether this CPU has BMI2 with PEXT at full speed ([`crate::cpu::Feature::PdepFast`];
/// detected once, cached: the standard library's check is an out-of-line call,
/// measurable next to a 3 ns square root).
#[inline]
pub fn available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *HAS.get_or_init(|| {
            use crate::cpu::{has_all, Feature};
            // PEXT in microcode (AMD Zen 1/2) is slower than the portable split.
            has_all(&[Feature::Bmi2, Feature::PdepFast])
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// `(even, odd)` compressions of the first `words` words of `a` (see
/// [`split_portable`](super::split_portable)), or `None` without BMI2.
#[inline]
pub fn split<const N: usize>(a: &[u64; N], words: usize) -> Option<([u64; N], [u64; N])> {
    #[cfg(target_arch = "x86_64")]
    {
        if available() {
            // SAFETY: `split_bmi2` only needs the BMI2 instruction set, detected just above.
            return Some(unsafe { x86::split_bmi2(a, words) });
        }
    }
    let _ = (a, words);
    None
}

/// [`sparse_kernel`](super::sparse_kernel) compiled for BMI2, or `None` without it.
#[inline]
pub fn sparse<const N: usize>(
    a: &[u64; N],
    words: usize,
    odd_words: usize,
    terms: &[u32],
) -> Option<[[u64; N]; 3]> {
    #[cfg(target_arch = "x86_64")]
    {
        if available() {
            // SAFETY: `sparse_bmi2` only needs the BMI2 instruction set, detected just above.
            return Some(unsafe { x86::sparse_bmi2(a, words, odd_words, terms) });
        }
    }
    let _ = (a, words, odd_words, terms);
    None
}

/// [`type1_kernel`](super::type1_kernel) with PEXT, or `None` without BMI2. The kernel
/// is inlined into the caller (PEXT through `asm!`, see
/// [`fold::pext`](crate::binary::backend::x86_64::fold::pext)), not called in a BMI2
/// function. Chains of single square roots on a Zen 5, `report fields --peers` (the
/// value kept in registers between operations): 1.77 against 7.13 ns at 127,63,0,
/// 3.35 against 7.98 at 233,159,0. A scratch harness with the value stored and
/// reloaded between operations (short timed runs): 5.8 against 14.2 at 409,87,0 and
/// 9.4 against 13.6 at 571,193,185,5,0; the `report ec` field table, which also
/// stores and reloads but times long runs, shows far less gain (see the README).
#[inline(always)]
pub fn type1<const N: usize, M: ModulusSpec>(m: &M, a: &[u64; N]) -> Option<[u64; N]> {
    #[cfg(target_arch = "x86_64")]
    {
        if available() {
            use crate::binary::backend::x86_64::fold::AsmPextSplit;
            return Some(super::type1_kernel::<N, M, AsmPextSplit>(m, a));
        }
    }
    let _ = (m, a);
    None
}

/// [`type1_kernel`](super::type1_kernel) over a batch (`out[i]` for
/// `i < min(a.len(), out.len())`) in one BMI2 function; `false` (nothing written)
/// without BMI2.
pub fn type1_many<const N: usize, M: ModulusSpec>(
    m: &M,
    a: &[[u64; N]],
    out: &mut [[u64; N]],
) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        if available() {
            // SAFETY: `type1_many_bmi2` only needs BMI2, detected just above.
            unsafe { x86::type1_many_bmi2(m, a, out) };
            return true;
        }
    }
    let _ = (m, a, out);
    false
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use super::super::{sparse_kernel, type1_kernel, WordSplit, EVEN_MASK, ODD_MASK};
    use crate::binary::modulus::ModulusSpec;
    use core::arch::x86_64::_pext_u64;

    /// The `pext` [`WordSplit`]; only used inside `#[target_feature(enable = "bmi2")]`
    /// functions of this module.
    struct PextSplit;

    impl WordSplit for PextSplit {
        #[inline(always)]
        fn split_word(w: u64) -> (u64, u64) {
            // SAFETY: only reached through `sparse_bmi2` and `type1_bmi2`, which require BMI2 and into
            // which this function is always inlined.
            unsafe { (_pext_u64(w, EVEN_MASK), _pext_u64(w, ODD_MASK)) }
        }
    }

    /// `sparse_kernel` with `pext`.
    ///
    /// # Safety
    /// The CPU must support BMI2.
    #[target_feature(enable = "bmi2")]
    pub unsafe fn sparse_bmi2<const N: usize>(
        a: &[u64; N],
        words: usize,
        odd_words: usize,
        terms: &[u32],
    ) -> [[u64; N]; 3] {
        sparse_kernel::<N, PextSplit>(a, words, odd_words, terms)
    }

    /// `type1_kernel` with `pext` over a batch.
    ///
    /// # Safety
    /// The CPU must support BMI2.
    #[target_feature(enable = "bmi2")]
    pub unsafe fn type1_many_bmi2<const N: usize, M: ModulusSpec>(
        m: &M,
        a: &[[u64; N]],
        out: &mut [[u64; N]],
    ) {
        for (o, x) in out.iter_mut().zip(a) {
            *o = type1_kernel::<N, M, PextSplit>(m, x);
        }
    }

    /// BMI2 version of `split_portable`.
    ///
    /// # Safety
    /// The CPU must support BMI2.
    #[target_feature(enable = "bmi2")]
    pub unsafe fn split_bmi2<const N: usize>(a: &[u64; N], words: usize) -> ([u64; N], [u64; N]) {
        let mut even = [0u64; N];
        let mut odd = [0u64; N];
        for (i, &w) in a.iter().enumerate().take(words) {
            let sh = 32 * (i & 1);
            even[i / 2] |= _pext_u64(w, EVEN_MASK) << sh;
            odd[i / 2] |= _pext_u64(w, ODD_MASK) << sh;
        }
        (even, odd)
    }
}
