//! Prime fields GF(p).
//!
//! [`PrimeFieldOps`] is what the square-root, quadratic-residue, GF(p²) and F_{q^k}
//! algorithms need from a prime field; the fast Montgomery fields, the slow
//! big-integer reference field used as a test oracle, and [`Counting`] all implement it,
//! so each algorithm is written once.
//!
//! * [`montgomery`]: [`Fp<N>`] (N 64-bit limbs, 64 … 2048 bits), Montgomery form,
//!   CIOS/SOS kernels, windowed powers; [`backend`]: the MULX/ADCX/ADOX kernels.
//! * [`inv`]: binary-GCD (variable time) and Fermat (constant time) inversion.
//! * [`legendre`]: certified binary GCD (default), divsteps, binary Jacobi algorithm,
//!   Euler's criterion, big-integer Jacobi.
//! * [`small_div`]: exact division by 2 … 8 (El Mrabet et al. §4.2), small multiples.
//! * [`primality`]: Baillie–PSW, random primes.
//! * [`dynamic`]: [`DynFp`], the limb count chosen at run time, and
//!   [`with_fp!`](crate::with_fp) to run generic code on the monomorphised field.

pub mod backend;
pub mod dynamic;
pub mod inv;
pub mod legendre;
pub mod montgomery;
pub mod primality;
pub mod small_div;

pub use dynamic::{DynElem, DynFp};
pub use montgomery::{Fp, FpElem};

use crate::count::Counting;
use crate::error::Result;
use crate::field::Field;
use num_bigint::BigUint;

pub mod qr;
pub mod reference;
pub mod sqrt;
pub mod wnm_table1;

/// Operations of a prime field GF(p) beyond the ring operations of [`Field`].
#[allow(clippy::wrong_self_convention)]
pub trait PrimeFieldOps: Field {
    /// The characteristic p.
    fn modulus(&self) -> &BigUint;
    /// The element with integer value `v`; an error if `v >= p`.
    fn from_biguint(&self, v: &BigUint) -> Result<Self::Elem>;
    /// The integer in `[0, p)` that `a` represents.
    fn to_biguint(&self, a: &Self::Elem) -> BigUint;
    /// The element `v mod p`.
    fn from_u64(&self, v: u64) -> Self::Elem;
    /// The Legendre symbol (a/p) ∈ {−1, 0, 1}, by the field's fastest method.
    fn legendre(&self, a: &Self::Elem) -> i8;
    /// `k·a` for a small constant `k` (the extension-field formulas multiply by 2…8).
    fn mul_small(&self, a: &Self::Elem, k: u64) -> Self::Elem;
    /// `a / k` for `k` in 2…8 (exact division modulo p, El Mrabet et al. §4.2);
    /// `None` if `k` is not invertible modulo p or outside that range.
    fn div_small(&self, a: &Self::Elem, k: u64) -> Option<Self::Elem>;
    /// `(x0 + kx·x1)·(y0 + ky·y1)` for small `kx, ky ≥ 1`: the product of two short
    /// linear combinations, as the GF(p²) formulas form them (Karatsuba's
    /// `(a0 + a1)(b0 + b1)`, the complex squaring's `(a0 + a1)(a0 + c a1)`).
    /// By default the two sums are reduced first: 1M + 2A (plus [`Self::mul_small`]
    /// for a factor above 1), which is how [`Counting`] counts it. [`Fp`] multiplies
    /// the unreduced sums when p leaves room for them.
    fn mul_lin2(
        &self,
        x0: &Self::Elem,
        x1: &Self::Elem,
        kx: u64,
        y0: &Self::Elem,
        y1: &Self::Elem,
        ky: u64,
    ) -> Self::Elem {
        mul_lin2_reduced(self, x0, x1, kx, y0, y1, ky)
    }

    /// The lazy-reduction product engine of F_{q^k} = F_q\[X\]/(`m`) over this field
    /// ([`crate::ext::lazy`]), if the field has one: only [`Fp`] does (for X^k − α with
    /// small ±α and k ≤ 7); every other field, [`Counting`] included, uses the reduced
    /// formulas. A method of the base field so that an F_{q^k} instantiates the engine
    /// of its own limb count only.
    fn lazy_ext_engine(
        &self,
        m: &crate::ext::ExtModulus<Self::Elem>,
    ) -> Option<std::sync::Arc<dyn crate::ext::lazy::LazyMul<Self::Elem>>> {
        let _ = m;
        None
    }
}

/// [`PrimeFieldOps::mul_lin2`] with the two sums reduced first: the trait's default,
/// and the fallback of fields that override it.
#[inline(always)]
pub(crate) fn mul_lin2_reduced<F: PrimeFieldOps + ?Sized>(
    f: &F,
    x0: &F::Elem,
    x1: &F::Elem,
    kx: u64,
    y0: &F::Elem,
    y1: &F::Elem,
    ky: u64,
) -> F::Elem {
    let lin = |a: &F::Elem, b: &F::Elem, k: u64| {
        if k == 1 {
            f.add(a, b)
        } else {
            f.add(a, &f.mul_small(b, k))
        }
    };
    f.mul(&lin(x0, x1, kx), &lin(y0, y1, ky))
}

impl<F: PrimeFieldOps> PrimeFieldOps for Counting<F> {
    fn modulus(&self) -> &BigUint {
        self.inner().modulus()
    }
    fn from_biguint(&self, v: &BigUint) -> Result<Self::Elem> {
        self.inner().from_biguint(v)
    }
    fn to_biguint(&self, a: &Self::Elem) -> BigUint {
        self.inner().to_biguint(a)
    }
    fn from_u64(&self, v: u64) -> Self::Elem {
        self.inner().from_u64(v)
    }
    fn legendre(&self, a: &Self::Elem) -> i8 {
        self.tally(|c| c.qr += 1);
        self.inner().legendre(a)
    }
    /// Counted with El Mrabet et al.'s convention: ×2, ×4, ×8 (shifts) and ×3 are 1A,
    /// other small multipliers 2A.
    fn mul_small(&self, a: &Self::Elem, k: u64) -> Self::Elem {
        let cost = if matches!(k, 0 | 1 | 2 | 3 | 4 | 8) {
            1
        } else {
            2
        };
        self.tally(|c| c.a += cost);
        self.inner().mul_small(a, k)
    }
    /// Counted with El Mrabet et al.'s convention: division by 2, 4, 8 is 1A, by
    /// 3, 5, 6, 7 is 2A.
    fn div_small(&self, a: &Self::Elem, k: u64) -> Option<Self::Elem> {
        let cost = if matches!(k, 2 | 4 | 8) { 1 } else { 2 };
        self.tally(|c| c.a += cost);
        self.inner().div_small(a, k)
    }
}
