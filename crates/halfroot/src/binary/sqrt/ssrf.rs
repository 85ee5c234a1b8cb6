//! Square root for special square-root-friendly (SSRF) polynomials.
//!
//! Source: Avanzi §2.2 (types I, II: Theorem 1, ζ of degree (d+1)/2), §2.3 (type III:
//! Theorem 3; type IV: Theorem 4, ζ of degree d/2), §3.1 (unrolled shift-xor).
//! Cost: one even/odd split, `w` shifted xors of α_odd (w = weight of ζ) and no
//! reduction (types I, II, IV: deg ζ·α_odd ≤ d − 1); type III adds one fold of the
//! `(d−m−1)/2` top bits by `x^m + 1`. Preconditions: `a` reduced, polynomial of the
//! type given. Constant-time: yes.

use super::backend;
use super::xor_shifted;
use crate::binary::modulus::ModulusSpec;
use crate::binary::ssrf_type::SsrfType;

/// Precomputed data of the SSRF square root for one field.
#[derive(Clone, Debug)]
pub struct SsrfSqrt<const N: usize> {
    ty: SsrfType,
    terms: Vec<u32>,
    degree: u32,
    /// The middle exponent m of a type III trinomial.
    fold_m: Option<u32>,
    words: usize,
    odd_words: usize,
}

impl<const N: usize> SsrfSqrt<N> {
    /// Precomputes for a polynomial of type `ty` with ζ = √x given as exponents
    /// (`zeta_terms`), degree `degree` and middle exponents `middle`.
    pub fn new(ty: SsrfType, zeta_terms: &[u32], degree: u32, middle: &[u32]) -> Self {
        SsrfSqrt {
            ty,
            terms: zeta_terms.to_vec(),
            degree,
            fold_m: (ty == SsrfType::III).then(|| middle.first().copied().unwrap_or(1)),
            words: (degree as usize).div_ceil(64).min(N),
            odd_words: (degree as usize / 2).div_ceil(64).clamp(1, N),
        }
    }

    /// The SSRF type.
    pub fn ssrf_type(&self) -> SsrfType {
        self.ty
    }

    /// `√a` for the field defined by `m` (the polynomial this was built for): type I
    /// by [`backend::type1`], whose shifts come from `m` (constants for a compile-time
    /// spec, so the code is straight-line); other types by [`SsrfSqrt::sqrt`].
    #[inline(always)]
    pub fn sqrt_mod<M: ModulusSpec>(&self, m: &M, a: &[u64; N]) -> [u64; N] {
        if self.ty == SsrfType::I && m.degree() == self.degree {
            backend::type1(m, a)
        } else {
            self.sqrt(a)
        }
    }

    /// `out[i] = √a[i]` for `i < min(a.len(), out.len())` (batch form of
    /// [`SsrfSqrt::sqrt_mod`]: type I in one BMI2 loop with the kernel inlined).
    pub fn sqrt_mod_many<M: ModulusSpec>(&self, m: &M, a: &[[u64; N]], out: &mut [[u64; N]]) {
        if self.ty == SsrfType::I && m.degree() == self.degree {
            backend::type1_many(m, a, out);
        } else {
            for (o, x) in out.iter_mut().zip(a) {
                *o = self.sqrt(x);
            }
        }
    }

    /// `√a` from the precomputed ζ terms (a run-time loop over them).
    pub fn sqrt(&self, a: &[u64; N]) -> [u64; N] {
        let mut buf = backend::sparse(a, self.words, self.odd_words, &self.terms);
        if let Some(m) = self.fold_m {
            // Bits at positions ≥ d: t·x^d ≡ t·(x^m + 1); deg t ≤ (d−m−1)/2, so one fold.
            let d = self.degree as usize;
            let flat = buf.as_flattened_mut();
            let t = shr_bits::<N>(flat, d);
            clear_from(flat, d);
            xor_shifted(flat, &t, 0);
            xor_shifted(flat, &t, m as usize);
        }
        buf[0]
    }
}

/// The bits of `src` at positions ≥ `d`, shifted down by `d`, in `N` words.
fn shr_bits<const N: usize>(src: &[u64], d: usize) -> [u64; N] {
    let q = d / 64;
    let r = (d % 64) as u32;
    let mut out = [0u64; N];
    for (i, o) in out.iter_mut().enumerate() {
        let lo = src.get(q + i).copied().unwrap_or(0);
        let hi = src.get(q + i + 1).copied().unwrap_or(0);
        *o = (lo >> r) | ((hi << 1) << (63 - r));
    }
    out
}

/// Clears the bits of `buf` at positions ≥ `d`.
fn clear_from(buf: &mut [u64], d: usize) {
    for (i, w) in buf.iter_mut().enumerate() {
        if 64 * i >= d {
            *w = 0;
        } else if 64 * (i + 1) > d {
            *w &= (1u64 << (d - 64 * i)) - 1;
        }
    }
}
