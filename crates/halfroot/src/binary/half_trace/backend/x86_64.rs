//! BMI2 `pext` folding for the table half-trace.
//!
//! Source: Intel SDM, PEXT. The loop is [`fold_kernel`] compiled
//! with BMI2 enabled and `pext` as word splitter. Cost: one `pext` per word per level.
//! Constant-time: yes. Detection: [`crate::cpu`] (BMI2, restricted by
//! `HALFROOT_CPU`).
#![allow(unsafe_code)]

use super::{fold_kernel, Folded};
use crate::binary::sqrt::backend::{WordSplit, EVEN_MASK, ODD_MASK};
use core::arch::x86_64::_pext_u64;

/// Whether this CPU has BMI2 with PEXT at full speed ([`crate::cpu::Feature::PdepFast`]:
/// not AMD Zen 1/2, whose microcoded PEXT is slower than the portable split).
pub fn bmi2_available() -> bool {
    crate::cpu::has_all(&[crate::cpu::Feature::Bmi2, crate::cpu::Feature::PdepFast])
}

struct Pext;

impl WordSplit for Pext {
    #[inline(always)]
    fn split_word(w: u64) -> (u64, u64) {
        // SAFETY: only inlined into `fold_bmi2_inner`, compiled for BMI2 and called
        // after a positive BMI2 check.
        unsafe { (_pext_u64(w, EVEN_MASK), _pext_u64(w, ODD_MASK)) }
    }
}

/// The folding with `pext`, or `None` without BMI2.
#[inline]
pub fn fold_bmi2<const N: usize>(a: &[u64; N], degree: u32) -> Option<Folded<N>> {
    if bmi2_available() {
        // SAFETY: BMI2 checked just above.
        Some(unsafe { fold_bmi2_inner(a, degree) })
    } else {
        None
    }
}

/// # Safety
/// The CPU must support BMI2.
#[target_feature(enable = "bmi2")]
unsafe fn fold_bmi2_inner<const N: usize>(a: &[u64; N], degree: u32) -> Folded<N> {
    fold_kernel::<N, Pext>(a, degree)
}
