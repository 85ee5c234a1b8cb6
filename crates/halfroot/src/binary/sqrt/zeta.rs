//! Square root by the precomputed ζ = √x: √α = α_even + ζ·α_odd, then reduction.
//!
//! Source: Avanzi §2.1, formula (1), and §3.1 (sparse shift-xor when ζ has few terms,
//! a precomputed full product otherwise). Fong–Hankerson–López–Menezes 2004 §3.
//! Cost: one even/odd split; then `w` shifted xors of α_odd (w = weight of ζ ≤
//! [`SPARSE_MAX_WEIGHT`]) or one `mul_wide` by ζ; then one reduction.
//! Preconditions: `a` reduced. Constant-time: yes (the choice depends on ζ only).

use super::backend;
use crate::binary::arith::Arith;
use crate::binary::backend::Backend;
use crate::binary::modulus::ModulusSpec;
use crate::binary::portable;

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
    ///
    /// With the PCLMULQDQ + BMI2 backend the product by ζ is always one carry-less
    /// product in a single kernel ([`Arith::sqrt_by_zeta`]): measured 2.4× faster than
    /// the shift-xor loop over a sparse ζ at 233 bits (`benches/binary_arith.rs`).
    pub fn new(zeta: [u64; N], degree: u32) -> Self {
        Self::with_backend(zeta, degree, Backend::detect())
    }

    /// As [`ZetaSqrt::new`] for arithmetic on `backend` (which decides between the
    /// product kernel and shift-xor).
    pub fn with_backend(zeta: [u64; N], degree: u32, backend: Backend) -> Self {
        let terms = super::exponents_of(&zeta);
        let product_kernel = matches!(backend, Backend::PclmulPdep | Backend::PclmulFold);
        let sparse = (terms.len() <= SPARSE_MAX_WEIGHT && !product_kernel).then_some(terms);
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
    #[inline]
    pub fn sqrt<M: ModulusSpec>(&self, arith: &Arith<N, M>, a: &[u64; N]) -> [u64; N] {
        match &self.sparse {
            Some(terms) => {
                let buf = backend::sparse(a, self.words, self.odd_words, terms);
                // deg ζ ≤ d − 1 and deg α_odd ≤ (d − 3)/2: nothing at or above
                // d + ⌊d/2⌋, so the reduction starts there.
                let d = arith.degree() as usize;
                portable::reduce_below(arith.modulus(), buf[0], buf[1], d + d / 2)
            }
            None => arith.sqrt_by_zeta(&self.zeta, a),
        }
    }

    /// `out[i] = √a[i]` for `i < min(a.len(), out.len())` (batch form of
    /// [`ZetaSqrt::sqrt`]; the product kernel runs in one feature-enabled loop).
    pub fn sqrt_many<M: ModulusSpec>(
        &self,
        arith: &Arith<N, M>,
        a: &[[u64; N]],
        out: &mut [[u64; N]],
    ) {
        let n = a.len().min(out.len());
        match &self.sparse {
            Some(_) => {
                for (o, x) in out.iter_mut().zip(a) {
                    *o = self.sqrt(arith, x);
                }
            }
            None => {
                // Equal lengths by construction, so this cannot fail.
                let _ = arith.sqrt_by_zeta_many(&self.zeta, &a[..n], &mut out[..n]);
            }
        }
    }
}
