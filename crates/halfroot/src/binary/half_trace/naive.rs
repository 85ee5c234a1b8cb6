//! The half-trace by its definition, H(α) = Σ_{i=0}^{(d−1)/2} α^(4^i).
//!
//! Source: Avanzi §3.3 (definition). Cost: d − 1 squarings, (d − 1)/2 additions.
//! Preconditions: d odd (for even d the sum is computed but is not a half-trace).
//! Constant-time: yes. This is the reference the table method is tested against.

use crate::binary::arith::Arith;
use crate::binary::modulus::ModulusSpec;

/// `H(a)`.
pub fn half_trace<const N: usize, M: ModulusSpec>(arith: &Arith<N, M>, a: &[u64; N]) -> [u64; N] {
    let mut acc = *a;
    let mut t = *a;
    for _ in 0..(arith.degree() - 1) / 2 {
        t = arith.sqr_n(&t, 2);
        for (x, y) in acc.iter_mut().zip(t.iter()) {
            *x ^= y;
        }
    }
    acc
}
