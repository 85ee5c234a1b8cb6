//! Square root by the precomputed ζ = √x: √α = α_even + ζ·α_odd, then reduction.
//!
//! Source: Avanzi §2.1, formula (1), and §3.1 (sparse shift-xor when ζ has few terms,
//! a precomputed full product otherwise). Fong–Hankerson–López–Menezes 2004 §3.
//! Cost: one even/odd split; then `w` shifted xors of α_odd (w = weight of ζ ≤
//! [`SPARSE_MAX_WEIGHT`]) or one `mul_wide` by ζ; then one reduction.
//! Preconditions: `a` reduced. Constant-time: yes (the choice depends on ζ only).

use super::backend;
use crate::binary::arith::Arith;
use crate::binary::modulus::ModulusSpec;

/// ζ of at most this weight is multiplied by shift-xor, heavier ζ by a full product.
pub const SPARSE_MAX_WEIGHT: usize = 12;

/// Precomputed data of the ζ method for one field.
#[derive(Clone, Debug)]
pub struct ZetaSqrt<const N: usize> {
    zeta: [u64; N],
    sparse: Option<Vec<u32>>,
    words: usize,
    odd_words: usize,
}

impl<const N: usize> ZetaSqrt<N> {
    /// Precomputes for ζ = √x in a field of degree `degree`.
    pub fn new(zeta: [u64; N], degree: u32) -> Self {
        let terms = super::exponents_of(&zeta);
        let sparse = (terms.len() <= SPARSE_MAX_WEIGHT).then_some(terms);
        ZetaSqrt {
            zeta,
            sparse,
            words: (degree as usize).div_ceil(64).min(N),
            odd_words: (degree as usize / 2).div_ceil(64).clamp(1, N),
        }
    }

    /// Whether ζ is multiplied by shift-xor (rather than by a full product).
    pub fn is_sparse(&self) -> bool {
        self.sparse.is_some()
    }

    /// `√a`.
    pub fn sqrt<M: ModulusSpec>(&self, arith: &Arith<N, M>, a: &[u64; N]) -> [u64; N] {
        let (lo, hi) = match &self.sparse {
            Some(terms) => {
                let buf = backend::sparse(a, self.words, self.odd_words, terms);
                (buf[0], buf[1])
            }
            None => {
                let (even, odd) = backend::split(a, self.words);
                let (mut lo, hi) = arith.mul_wide(&self.zeta, &odd);
                for (l, e) in lo.iter_mut().zip(even.iter()) {
                    *l ^= e;
                }
                (lo, hi)
            }
        };
        arith.reduce(&lo, &hi)
    }
}
