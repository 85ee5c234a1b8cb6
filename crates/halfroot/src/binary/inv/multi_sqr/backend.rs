//! Fused kernels for running a multi-squaring Itoh–Tsujii `Plan`: the whole chain in
//! one feature-enabled function, the operands kept in SSE registers between the
//! multiplications and squarings (the out-of-line `Engine::mul` stores and reloads every
//! result: about 35 cycles of latency per dependent 163-bit multiplication).
//!
//! Source: as [`super`]; the register layout and reduction are those of
//! [`fold`](crate::binary::backend::x86_64::fold).
//! Cost: per step `N²` PCLMULQDQ (schoolbook product in word pairs) plus one reduction
//! (the carry-less fold, or shifts in SSE registers where no fold serves the modulus),
//! `k` squarings or one map evaluation.
//! Constant-time: yes, as `Plan::run_generic` (the steps depend on the plan only; the
//! maps are evaluated by their own kernels, constant-time for constant-time layouts).
//! `run_fused` returns `None` where no fused kernel applies (other engines, moduli no
//! SSE reduction serves), and the caller runs `Plan::run_generic`.

use super::Plan;
use crate::binary::backend::{Engine, InlineReduction};
use crate::binary::modulus::ModulusSpec;

#[cfg(target_arch = "x86_64")]
pub mod x86_64;

/// `a^(2^d − 2)` along `plan` by a fused kernel, if the engine has one for `m`.
#[inline]
pub(crate) fn run_fused<const N: usize, M: ModulusSpec>(
    e: Engine,
    m: &M,
    plan: &Plan<N>,
    a: &[u64; N],
) -> Option<[u64; N]> {
    fused_reduction::<N, M>(e, m).and_then(|kind| run_fused_with(e, kind, m, plan, a))
}

/// The reduction the fused kernel uses for `m` on engine `e`, or `None` (no fused
/// kernel: other engines, moduli no SSE reduction serves): the carry-less fold where
/// [`fold::applies`](crate::binary::backend::x86_64::fold::applies) (R in few pieces);
/// else the shifts in SSE registers for trinomials with `d − k > 64` (233,74,0,
/// 233,159,0, 409,87,0); else the word fold wherever it serves the products of reduced
/// elements (83,29,25,3,0, 97,33,0, 127,63,0 and the SSRF pentanomials of 283 and 571
/// bits); else the shifts.
///
/// Until session 41 the fused kernel required `fold::applies`, and the other fields ran
/// the plan as out-of-line steps (`Plan::run_generic`: squarings by PDEP and a
/// general-register reduction, one call per step). Measured on an Intel Emerald Rapids
/// (scratch harness: dependent chains of `Arith::inv`, the old and the new build run
/// alternately, two runs; the table in the README's session-41 section), ns, old → new:
/// 83,29,25,3,0 319–320 → 181–191; 127,63,0 388–406 → 335–336; 283,97,89,87,0
/// 1 073–1 294 → 894; 233,74,0 566–632 → 513–552; 409,87,0 1 600–1 897 → 1 475–1 601;
/// 97,33,0 level in constant time, 15–20 % faster in variable time. Not gained in constant
/// time: 233,159,0 (585 → 609 in one run, 667 → 647 in the other) and 571,193,185,5,0
/// (3 482–3 498 → 3 583–3 646).
/// For the trinomials the shifts beat the fold (233,74,0 554 against 614 ns; 233,159,0
/// 633 against 707); for the pentanomials the fold beats the shifts 1.9–5×.
#[inline]
pub(crate) fn fused_reduction<const N: usize, M: ModulusSpec>(
    e: Engine,
    m: &M,
) -> Option<InlineReduction> {
    match e {
        #[cfg(target_arch = "x86_64")]
        Engine::PclmulFold(_) => {
            let trinomial = m.middle_exponents().len() == 1;
            if crate::binary::backend::x86_64::fold_applies::<N, M>(m) {
                Some(InlineReduction::ClmulFold)
            } else if trinomial && InlineReduction::SseShift.applies::<N, M>(m) {
                Some(InlineReduction::SseShift)
            } else if InlineReduction::ClmulFold.applies::<N, M>(m) {
                Some(InlineReduction::ClmulFold)
            } else if InlineReduction::SseShift.applies::<N, M>(m) {
                Some(InlineReduction::SseShift)
            } else {
                None
            }
        }
        _ => {
            let _ = m;
            None
        }
    }
}

/// Whether the fused kernel can reduce by `kind` modulo `m`: the fold wherever
/// `fold::applies` (any word count, runtime moduli included, as before session 41) or
/// the word fold serves; the shifts where they apply; never `GprShift`.
#[cfg(target_arch = "x86_64")]
#[inline]
fn serves<const N: usize, M: ModulusSpec>(kind: InlineReduction, m: &M) -> bool {
    match kind {
        InlineReduction::ClmulFold => {
            crate::binary::backend::x86_64::fold_applies::<N, M>(m) || kind.applies::<N, M>(m)
        }
        InlineReduction::SseShift => kind.applies::<N, M>(m),
        InlineReduction::GprShift => false,
    }
}

/// [`run_fused`] with the reduction chosen by the caller (`ClmulFold` or `SseShift`);
/// `None` where the engine has no fused kernel or `kind` does not serve `m`.
#[inline]
pub(crate) fn run_fused_with<const N: usize, M: ModulusSpec>(
    e: Engine,
    kind: InlineReduction,
    m: &M,
    plan: &Plan<N>,
    a: &[u64; N],
) -> Option<[u64; N]> {
    match e {
        #[cfg(target_arch = "x86_64")]
        Engine::PclmulFold(t) if serves::<N, M>(kind, m) => Some(x86_64::run(t, kind, m, plan, a)),
        _ => {
            let _ = (kind, m, plan, a);
            None
        }
    }
}
