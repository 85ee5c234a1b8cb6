//! BMI2 `pext` folding for the table half-trace.
//!
//! Source: Intel SDM, PEXT. The kernels are [`fold_kernel`]'s compiled with BMI2
//! enabled and one `pext` per gather. Cost: five `pext` per word and one per word for
//! O's compression (the parallel kernel), one per word per level (the levels).
//! Constant-time: yes. Detection: [`crate::cpu`] (BMI2, restricted by
//! `HALFROOT_CPU`).
#![allow(unsafe_code)]

use super::{fold_kernel, stride_mask, Folded, StrideGather};
use core::arch::x86_64::_pext_u64;

/// Whether this CPU has BMI2 with PEXT at full speed ([`crate::cpu::Feature::PdepFast`]:
/// not AMD Zen 1/2, whose microcoded PEXT is slower than the portable split).
pub fn bmi2_available() -> bool {
    crate::cpu::has_all(&[crate::cpu::Feature::Bmi2, crate::cpu::Feature::PdepFast])
}

struct Pext;

impl StrideGather for Pext {
    #[inline(always)]
    fn gather<const K: u32>(w: u64) -> u64 {
        // SAFETY: only inlined into functions compiled for BMI2 and called after a
        // BMI2 check (`fold_bmi2_inner`, the tests' `both`).
        unsafe { _pext_u64(w, stride_mask(1 << K)) }
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

/// Both folding kernels with `pext`, (parallel, levels), wherever the CPU has BMI2,
/// also where PEXT is slow (so that the tests run them there), or `None` without BMI2.
#[cfg(feature = "internal-tests")]
pub(crate) fn fold_bmi2_both_any_speed<const N: usize>(
    a: &[u64; N],
    degree: u32,
) -> Option<(Folded<N>, Folded<N>)> {
    /// # Safety
    /// The CPU must support BMI2.
    #[target_feature(enable = "bmi2")]
    unsafe fn both<const N: usize>(a: &[u64; N], degree: u32) -> (Folded<N>, Folded<N>) {
        (
            super::fold_parallel_kernel::<N, Pext>(a),
            super::fold_levels_kernel::<N, Pext>(a, degree),
        )
    }
    if crate::cpu::has_all(&[crate::cpu::Feature::Bmi2]) && N <= 64 {
        // SAFETY: BMI2 checked just above.
        Some(unsafe { both(a, degree) })
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
