//! Square root by Fermat's little theorem: √α = α^(2^(d−1)).
//!
//! Source: Avanzi §2.1 (the baseline the paper improves on).
//! Cost: d − 1 squarings. Preconditions: `a` reduced. Constant-time: yes.

use crate::binary::arith::Arith;
use crate::binary::modulus::ModulusSpec;

/// `√a = a^(2^(d−1))`.
pub fn sqrt<const N: usize, M: ModulusSpec>(arith: &Arith<N, M>, a: &[u64; N]) -> [u64; N] {
    arith.sqr_n(a, arith.degree() - 1)
}
