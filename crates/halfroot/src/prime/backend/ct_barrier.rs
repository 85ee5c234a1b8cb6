//! An optimisation barrier for the masks of branch-free selections.
//!
//! Source: the value-barrier idiom of constant-time code (BoringSSL's
//! `value_barrier_w`, the `subtle` crate's `black_box`): an empty inline-assembly
//! block that takes a register and gives it back, so the compiler can no longer see
//! that a mask is all ones or zero and cannot turn `(a & m) | (b & !m)` back into a
//! conditional branch. Without it LLVM compiled the final subtraction of the
//! portable 2-limb Montgomery product into a `test`/`jne` on the borrow (found with
//! `perf annotate` on `Fp<2>::mul`): a branch on secret data.
//! Cost: nothing on x86-64 (no instruction is emitted; the value stays in its
//! register). Elsewhere [`core::hint::black_box`], which may spill to memory.
//! Constant-time: this is what keeps the selections of `montgomery::limbs` so.
#![allow(unsafe_code)]

/// `m` unchanged, but opaque to the optimiser.
#[inline(always)]
pub(crate) fn mask(m: u64) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        let mut v = m;
        // SAFETY: an empty assembly template: no instruction, no memory access, no
        // stack use, flags preserved; `v` is read and written in the same register.
        unsafe {
            core::arch::asm!("/* {0} */", inout(reg) v, options(pure, nomem, nostack, preserves_flags));
        }
        v
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        core::hint::black_box(m)
    }
}
