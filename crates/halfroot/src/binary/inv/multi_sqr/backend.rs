//! Fused kernels for running a multi-squaring Itoh–Tsujii `Plan`: the whole chain in
//! one feature-enabled function, the operands kept in SSE registers between the
//! multiplications and squarings (the out-of-line `Engine::mul` stores and reloads every
//! result: about 35 cycles of latency per dependent 163-bit multiplication).
//!
//! Source: as [`super`]; the register layout and reduction are those of
//! [`fold`](crate::binary::backend::x86_64::fold).
//! Cost: per step `N²` PCLMULQDQ (schoolbook product in word pairs) plus the fold
//! reduction, `k` fold squarings or one map evaluation.
//! Constant-time: yes, as `Plan::run_generic` (the steps depend on the plan only; the
//! maps are evaluated by their own kernels, constant-time for constant-time layouts).
//! `run_fused` returns `None` where no fused kernel applies (other engines, moduli
//! without the fold reduction), and the caller runs `Plan::run_generic`.

use super::Plan;
use crate::binary::backend::Engine;
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
    match e {
        #[cfg(target_arch = "x86_64")]
        Engine::PclmulFold(t) if crate::binary::backend::x86_64::fold_applies::<N, M>(m) => {
            Some(x86_64::run(t, m, plan, a))
        }
        _ => {
            let _ = (m, plan, a);
            None
        }
    }
}
