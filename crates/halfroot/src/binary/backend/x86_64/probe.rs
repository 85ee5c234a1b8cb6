//! Instruction timing probes: loops of one instruction whose run time, divided by the
//! instruction count, gives PCLMULQDQ's latency (a dependent chain), its reciprocal
//! throughput (twelve independent chains) and the latency of one simple SSE operation
//! (`pxor`, one cycle on every x86-64 core we know: the probe of the clock).
//!
//! They exist for the bound issue 20 sets on a field product's latency: the number of
//! carry-less products times the instruction's reciprocal throughput, plus the
//! reduction's critical path counted in cycles (`halfroot report fields` prints the
//! bound beside the measured product; see the README). The loops carry their values
//! through `asm!` blocks, so the compiler can neither drop nor merge the instructions.
//!
//! Source: the usual latency / throughput loops of instruction tables (Agner Fog's,
//! uops.info). Cost: exactly the instructions named per round, plus the loop's counter.
//! Preconditions: the [`Pclmul`] token (PCLMULQDQ, SSE2, SSE4.1). Constant-time: not a
//! concern (they time public values; no branch or address depends on them).

use core::arch::x86_64::{__m128i, _mm_set_epi64x, _mm_xor_si128};

use super::{words, Pclmul};

/// Runs `4·rounds` PCLMULQDQ, each on the previous one's result, from `x`; returns the
/// last result (time it for the latency).
pub fn pclmul_dependent(_t: Pclmul, x: [u64; 2], rounds: usize) -> [u64; 2] {
    // SAFETY: the token proves PCLMULQDQ and SSE4.1.
    unsafe { k_pclmul_dependent(x, rounds) }
}

/// Runs `12·rounds` PCLMULQDQ in twelve independent chains, chain i from
/// `x + i·2^32 + i·2^64` (words `[x0 ^ i·2^32, x1 ^ i]`); returns `x` plus the XOR of the
/// chains' last values (time it for the reciprocal throughput: twelve chains
/// cover the latency of every core we know, 3–7 cycles against 0.5–2 per product).
pub fn pclmul_independent(_t: Pclmul, x: [u64; 2], rounds: usize) -> [u64; 2] {
    // SAFETY: the token proves PCLMULQDQ and SSE4.1.
    unsafe { k_pclmul_independent(x, rounds) }
}

/// Runs `4·rounds` dependent `pxor` from `x`; returns the last value (time it for one
/// cycle).
pub fn pxor_dependent(_t: Pclmul, x: [u64; 2], rounds: usize) -> [u64; 2] {
    // SAFETY: the token proves SSE2.
    unsafe { k_pxor_dependent(x, rounds) }
}

#[target_feature(enable = "pclmulqdq,sse2,sse4.1")]
fn k_pclmul_dependent(x: [u64; 2], rounds: usize) -> [u64; 2] {
    let mut v = _mm_set_epi64x(x[1] as i64, x[0] as i64);
    for _ in 0..rounds {
        // SAFETY: PCLMULQDQ is enabled here; the block touches only the named register.
        unsafe {
            core::arch::asm!(
                "pclmulqdq {v}, {v}, 0x01",
                "pclmulqdq {v}, {v}, 0x01",
                "pclmulqdq {v}, {v}, 0x01",
                "pclmulqdq {v}, {v}, 0x01",
                v = inout(xmm_reg) v,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
    }
    // SAFETY: SSE4.1 is enabled here.
    let (l, h) = unsafe { words(v) };
    [l, h]
}

#[target_feature(enable = "pclmulqdq,sse2,sse4.1")]
fn k_pclmul_independent(x: [u64; 2], rounds: usize) -> [u64; 2] {
    let v = _mm_set_epi64x(x[1] as i64, x[0] as i64);
    // Chain i starts at x + (i, i·2^32), so that the chains differ.
    let mut c: [__m128i; 12] =
        core::array::from_fn(|i| _mm_xor_si128(v, _mm_set_epi64x(i as i64, (i as i64) << 32)));
    for _ in 0..rounds {
        // SAFETY: PCLMULQDQ is enabled here; the block touches only the named registers.
        unsafe {
            core::arch::asm!(
                "pclmulqdq {0}, {0}, 0x01",
                "pclmulqdq {1}, {1}, 0x01",
                "pclmulqdq {2}, {2}, 0x01",
                "pclmulqdq {3}, {3}, 0x01",
                "pclmulqdq {4}, {4}, 0x01",
                "pclmulqdq {5}, {5}, 0x01",
                "pclmulqdq {6}, {6}, 0x01",
                "pclmulqdq {7}, {7}, 0x01",
                "pclmulqdq {8}, {8}, 0x01",
                "pclmulqdq {9}, {9}, 0x01",
                "pclmulqdq {10}, {10}, 0x01",
                "pclmulqdq {11}, {11}, 0x01",
                inout(xmm_reg) c[0],
                inout(xmm_reg) c[1],
                inout(xmm_reg) c[2],
                inout(xmm_reg) c[3],
                inout(xmm_reg) c[4],
                inout(xmm_reg) c[5],
                inout(xmm_reg) c[6],
                inout(xmm_reg) c[7],
                inout(xmm_reg) c[8],
                inout(xmm_reg) c[9],
                inout(xmm_reg) c[10],
                inout(xmm_reg) c[11],
                options(pure, nomem, nostack, preserves_flags),
            );
        }
    }
    let all = c.iter().fold(v, |acc, &y| _mm_xor_si128(acc, y));
    // SAFETY: SSE4.1 is enabled here.
    let (l, h) = unsafe { words(all) };
    [l, h]
}

#[target_feature(enable = "pclmulqdq,sse2,sse4.1")]
fn k_pxor_dependent(x: [u64; 2], rounds: usize) -> [u64; 2] {
    let mut v = _mm_set_epi64x(x[1] as i64, x[0] as i64);
    let k = _mm_set_epi64x(0x5555, 0x3333);
    for _ in 0..rounds {
        // SAFETY: SSE2 is enabled here; the block touches only the named registers.
        unsafe {
            core::arch::asm!(
                "pxor {v}, {k}",
                "pxor {v}, {k}",
                "pxor {v}, {k}",
                "pxor {v}, {k}",
                v = inout(xmm_reg) v,
                k = in(xmm_reg) k,
                options(pure, nomem, nostack, preserves_flags),
            );
        }
    }
    // SAFETY: SSE4.1 is enabled here.
    let (l, h) = unsafe { words(v) };
    [l, h]
}
