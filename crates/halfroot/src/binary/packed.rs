//! F_2^d with register-resident, partially reduced elements (x86-64; 2–4-word
//! compile-time moduli): [`PackedField`], the field the curve code runs on when each
//! field operation follows the last.
//!
//! Source: the representation of Pornin's c-xs233 (`gf233.h`: GF(2^233) in two SSE
//! registers, reduced modulo z^23·P to 256 bits) and crrl's `GFb127` (modulo z·P),
//! generalised: an element is any polynomial of degree < 64N congruent to the value,
//! held in two `__m128i`; products and squares are reduced modulo the degree-64N
//! multiple `x^(64N−d)·P` of P, and stop before the fold of the bits at and above d
//! when that saves a round (see [`lanes::partial_pays`]). The kernels are in
//! [`backend::x86_64::lanes`](super::backend::x86_64::lanes) (PCLMULQDQ products, then
//! carry-less or shift folds, Hankerson–Menezes–Vanstone §2.3.5; at 127,63,0 crrl's
//! one-step reduction).
//!
//! Canonical form (degree < d) is produced only at the boundary: [`PackedField::to_words`],
//! equality, [`Field::encode`], and the operations that run on [`BinaryField`]'s
//! canonical words ([`Field::inv`], the square root, the half-trace, the quadratic
//! solvers: one conversion each way, a few cycles). The trace needs none: it reads a
//! trace vector extended to 64N bits. Equality of [`Packed`] values compares canonical
//! forms, so two representations of the same element are equal (`==` is variable-time,
//! as on `[u64; N]`; [`Field::ct_eq`] is not).
//!
//! Without PCLMULQDQ (or under `HALFROOT_CPU=portable`) the products are the portable
//! ones, fully reduced (a canonical value is a valid partially reduced one): the same
//! results. Constant-time as [`BinaryField`]: no branch or address depends on an element.

use core::marker::PhantomData;

use rand::RngCore;

use super::backend::x86_64::lanes::{self, Lanes};
use super::backend::x86_64::Pclmul;
use super::backend::InlineReduction;
use super::field::{BinaryField, BinaryFieldOps};
use super::modulus::ModulusSpec;
use super::portable;
use crate::error::{Error, Result};
use crate::field::{Choice, Field};

/// An element of [`PackedField`]: a polynomial of degree < 64N in two SSE registers,
/// congruent to the element (not necessarily reduced below d). Compare with `==` (which
/// reduces both sides) or convert with [`PackedField::to_words`].
pub struct Packed<const N: usize, M> {
    lanes: Lanes,
    modulus: PhantomData<M>,
}

// By hand: derived impls would ask `M: Clone`/`M: Copy`, which the zero-sized marker
// does not need.
impl<const N: usize, M> Clone for Packed<N, M> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<const N: usize, M> Copy for Packed<N, M> {}

impl<const N: usize, M: ModulusSpec + Default> Packed<N, M> {
    fn new(lanes: Lanes) -> Self {
        Packed {
            lanes,
            modulus: PhantomData,
        }
    }

    /// The canonical words (degree < d).
    fn canonical(&self) -> [u64; N] {
        lanes::canonical_words::<N, M>(&M::default(), &self.lanes)
    }
}

impl<const N: usize, M: ModulusSpec + Default> PartialEq for Packed<N, M> {
    fn eq(&self, other: &Self) -> bool {
        self.canonical() == other.canonical()
    }
}

impl<const N: usize, M: ModulusSpec + Default> Eq for Packed<N, M> {}

impl<const N: usize, M: ModulusSpec + Default> core::fmt::Debug for Packed<N, M> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Packed({:x?})", self.canonical())
    }
}

/// How a [`PackedField`] reduces its products and squares: a type parameter, so that
/// the choice is a compile-time constant in the inlined kernels (measured on Zen 5: the
/// 127,63,0 product chain took 7.1 ns with the reduction read from the field at run
/// time, 5.7 ns with it constant).
pub trait PackedReduction: Send + Sync + 'static {
    /// The reduction for `m` with `N`-word elements.
    fn kind<const N: usize, M: ModulusSpec>(m: &M) -> InlineReduction;
}

/// The default [`PackedReduction`]: shifts for trinomials (two terms in
/// `R = x^(64N−d)·(P − x^d)`, c-xs233's way), carry-less folds otherwise (one
/// PCLMULQDQ per 64-bit piece of R instead of two shifts per term). Measured on
/// Zen 5, product / square chains, ns: 233,74,0 shifts 9.2 / 5.4 against folds
/// 12.0 / 9.4; 163,7,6,3,0 folds 9.0 / 4.9 against shifts 27 / 24; 251,89,81,3,0
/// folds 11.9 / 9.4 against shifts 36 / 31.
#[derive(Clone, Copy, Debug, Default)]
pub struct AutoReduction;

/// Always the carry-less folds ([`InlineReduction::ClmulFold`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct ClmulFoldReduction;

/// Always the shifts in SSE registers ([`InlineReduction::SseShift`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct ShiftReduction;

impl PackedReduction for AutoReduction {
    #[inline(always)]
    fn kind<const N: usize, M: ModulusSpec>(m: &M) -> InlineReduction {
        if m.middle_exponents().len() == 1 {
            InlineReduction::SseShift
        } else {
            InlineReduction::ClmulFold
        }
    }
}

impl PackedReduction for ClmulFoldReduction {
    #[inline(always)]
    fn kind<const N: usize, M: ModulusSpec>(_m: &M) -> InlineReduction {
        InlineReduction::ClmulFold
    }
}

impl PackedReduction for ShiftReduction {
    #[inline(always)]
    fn kind<const N: usize, M: ModulusSpec>(_m: &M) -> InlineReduction {
        InlineReduction::SseShift
    }
}

/// F_2^d for a compile-time modulus of 2–4 words (d from 65 to 256) with [`Packed`]
/// elements, products and squares reduced as `R` says; everything but products,
/// squares and sums runs on the inner [`BinaryField`] (see the module documentation).
pub struct PackedField<const N: usize, M: ModulusSpec, R: PackedReduction = AutoReduction> {
    inner: BinaryField<N, M>,
    pclmul: Option<Pclmul>,
    /// Bit i = Tr(x^i) for i < 64N (the trace vector extended to partially reduced
    /// values), and its distinct bit positions modulo 64 when it has at most four
    /// (`trace_count` > 4: the full parity).
    trace_mask: Lanes,
    trace_positions: [u32; 4],
    trace_count: usize,
    reduction: PhantomData<R>,
}

// By hand: a derived impl would ask `R: Clone` of the marker.
impl<const N: usize, M: ModulusSpec, R: PackedReduction> Clone for PackedField<N, M, R> {
    fn clone(&self) -> Self {
        PackedField {
            inner: self.inner.clone(),
            pclmul: self.pclmul,
            trace_mask: self.trace_mask,
            trace_positions: self.trace_positions,
            trace_count: self.trace_count,
            reduction: PhantomData,
        }
    }
}

impl<const N: usize, M: ModulusSpec, R: PackedReduction> core::fmt::Debug for PackedField<N, M, R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PackedField")
            .field("inner", &self.inner)
            .field("pclmul", &self.pclmul.is_some())
            .field("reduction", &R::kind::<N, M>(self.inner.modulus()))
            .finish()
    }
}

impl<const N: usize, M: ModulusSpec + Default, R: PackedReduction> PackedField<N, M, R> {
    /// The field of `modulus`.
    ///
    /// # Errors
    /// [`Error::UnsupportedAlgorithm`] when the modulus is not a compile-time spec, does
    /// not fill 2–4 words (65 ≤ d ≤ 256 with `N = ⌈d/64⌉`) or `R`'s reduction does not
    /// apply to it; the errors of [`BinaryField::new`] (a reducible modulus).
    pub fn new(modulus: M) -> Result<Self> {
        let reduction = R::kind::<N, M>(&modulus);
        let unsupported = |reason: String| Error::UnsupportedAlgorithm {
            algorithm: format!("packed field ({reduction})"),
            reason,
        };
        if !M::COMPILE_TIME {
            return Err(unsupported(
                "packed elements need a compile-time modulus".into(),
            ));
        }
        if !lanes::applies::<N, M>(reduction, &modulus) {
            return Err(unsupported(format!(
                "needs 2 to 4 words with 64(N-1) < d <= 64N and an SSE reduction that \
                 applies (d = {}, N = {N})",
                modulus.degree()
            )));
        }
        let inner = BinaryField::new(modulus)?;
        // Tr(x^i) for i < 64N: x^i for i ≥ d is x^(i−1)·x reduced.
        let mut mask = [0u64; N];
        let mut xi = [0u64; N];
        xi[0] = 1;
        let mut x = [0u64; N];
        x[0] = 2;
        for i in 0..64 * N {
            if inner.trace(&xi) == 1 {
                mask[i / 64] |= 1u64 << (i % 64);
            }
            xi = inner.mul(&xi, &x);
        }
        // The positions modulo 64 that some word of the mask has (the trace folds the
        // masked words into one before reading them).
        let mut positions = [0u32; 4];
        let mut count = 0;
        for p in 0..64 {
            if mask.iter().any(|w| (w >> p) & 1 == 1) {
                if count < 4 {
                    positions[count] = p;
                }
                count += 1;
            }
        }
        Ok(PackedField {
            inner,
            pclmul: Pclmul::detect(),
            trace_mask: lanes::from_words(&mask),
            trace_positions: positions,
            trace_count: count,
            reduction: PhantomData,
        })
    }

    /// The field on canonical `[u64; N]` words underneath.
    pub fn inner(&self) -> &BinaryField<N, M> {
        &self.inner
    }

    /// The reduction of products and squares.
    pub fn reduction(&self) -> InlineReduction {
        R::kind::<N, M>(self.inner.modulus())
    }

    /// Whether products stop before the last fold (partially reduced results).
    pub fn is_partially_reduced(&self) -> bool {
        self.pclmul.is_some() && lanes::partial_pays::<N, M>(self.inner.modulus())
    }

    /// Whether the PCLMULQDQ kernels run (else the portable products).
    pub fn uses_pclmulqdq(&self) -> bool {
        self.pclmul.is_some()
    }

    /// The element of the canonical words `a`.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] if a bit at or above d is set.
    pub fn from_words(&self, a: &[u64; N]) -> Result<Packed<N, M>> {
        if !self.inner.is_element(a) {
            return Err(Error::OutOfRange {
                what: format!("element of F_2^{}", self.inner.degree()),
                value: format!("{a:x?}"),
                reason: format!("a bit at or above position {} is set", self.inner.degree()),
            });
        }
        Ok(self.pack(a))
    }

    /// The element whose bits 0..64 are `w` (every u64 is one: d > 64). A register
    /// move, for small constants and for folding a bit such as a trace into an element
    /// without a branch.
    #[inline(always)]
    pub fn element_from_u64(&self, w: u64) -> Packed<N, M> {
        let mut v = [0u64; N];
        v[0] = w;
        self.pack(&v)
    }

    /// The canonical words (degree < d) of `a`.
    pub fn to_words(&self, a: &Packed<N, M>) -> [u64; N] {
        a.canonical()
    }

    #[inline(always)]
    fn pack(&self, a: &[u64; N]) -> Packed<N, M> {
        Packed::new(lanes::from_words(a))
    }

    /// The portable product, fully reduced (no PCLMULQDQ). Takes copies, not references:
    /// a reference into the caller's loop would pin its element in memory (measured:
    /// the 233-bit product chain on PCLMULQDQ 14.3 ns instead of 9.5).
    #[inline(never)]
    fn mul_portable(&self, a: [u64; N], b: [u64; N]) -> [u64; N] {
        let (lo, hi) = portable::mul_wide(&a, &b);
        portable::reduce_below(self.inner.modulus(), lo, hi, 128 * N)
    }
}

impl<const N: usize, M: ModulusSpec + Default, R: PackedReduction> Field for PackedField<N, M, R> {
    type Elem = Packed<N, M>;

    fn zero(&self) -> Packed<N, M> {
        self.pack(&[0; N])
    }
    fn one(&self) -> Packed<N, M> {
        let mut w = [0; N];
        w[0] = 1;
        self.pack(&w)
    }
    #[inline(always)]
    fn add(&self, a: &Packed<N, M>, b: &Packed<N, M>) -> Packed<N, M> {
        Packed::new(lanes::add(&a.lanes, &b.lanes))
    }
    #[inline(always)]
    fn sub(&self, a: &Packed<N, M>, b: &Packed<N, M>) -> Packed<N, M> {
        self.add(a, b)
    }
    #[inline(always)]
    fn neg(&self, a: &Packed<N, M>) -> Packed<N, M> {
        *a
    }
    #[inline(always)]
    fn mul(&self, a: &Packed<N, M>, b: &Packed<N, M>) -> Packed<N, M> {
        match self.pclmul {
            Some(t) => Packed::new(lanes::mul::<N, M>(
                t,
                R::kind::<N, M>(self.inner.modulus()),
                self.inner.modulus(),
                &a.lanes,
                &b.lanes,
            )),
            None => self
                .pack(&self.mul_portable(lanes::raw_words(&a.lanes), lanes::raw_words(&b.lanes))),
        }
    }
    #[inline(always)]
    fn sqr(&self, a: &Packed<N, M>) -> Packed<N, M> {
        match self.pclmul {
            Some(t) => Packed::new(lanes::sqr::<N, M>(
                t,
                R::kind::<N, M>(self.inner.modulus()),
                self.inner.modulus(),
                &a.lanes,
            )),
            None => {
                let w = lanes::raw_words(&a.lanes);
                self.pack(&self.mul_portable(w, w))
            }
        }
    }
    fn inv(&self, a: &Packed<N, M>) -> Option<Packed<N, M>> {
        self.inner.inv(&a.canonical()).map(|r| self.pack(&r))
    }
    fn inv_or_zero(&self, a: &Packed<N, M>) -> Packed<N, M> {
        self.pack(&self.inner.inv_or_zero(&a.canonical()))
    }
    fn is_zero(&self, a: &Packed<N, M>) -> bool {
        a.canonical().iter().all(|&w| w == 0)
    }
    fn random(&self, rng: &mut dyn RngCore) -> Packed<N, M> {
        self.pack(&self.inner.random(rng))
    }
    fn ct_eq(&self, a: &Packed<N, M>, b: &Packed<N, M>) -> Choice {
        crate::field::ct_eq_words(&a.canonical(), &b.canonical())
    }
    #[inline(always)]
    fn select(&self, a: &Packed<N, M>, b: &Packed<N, M>, choice: Choice) -> Packed<N, M> {
        let mask = -i64::from(choice.unwrap_u8());
        Packed::new(lanes::select(&a.lanes, &b.lanes, mask))
    }
    fn ct_is_zero(&self, a: &Packed<N, M>) -> Choice {
        crate::field::ct_eq_words(&a.canonical(), &[0; N])
    }
    fn encoded_len(&self) -> usize {
        self.inner.encoded_len()
    }
    fn encode(&self, a: &Packed<N, M>) -> Vec<u8> {
        self.inner.encode(&a.canonical())
    }
    fn decode(&self, bytes: &[u8]) -> Result<Packed<N, M>> {
        self.inner.decode(bytes).map(|w| self.pack(&w))
    }
}

impl<const N: usize, M: ModulusSpec + Default, R: PackedReduction> BinaryFieldOps
    for PackedField<N, M, R>
{
    fn degree(&self) -> u32 {
        self.inner.degree()
    }
    #[inline]
    fn sqrt(&self, a: &Packed<N, M>) -> Packed<N, M> {
        self.pack(&self.inner.sqrt(&a.canonical()))
    }
    #[inline(always)]
    fn trace(&self, a: &Packed<N, M>) -> u8 {
        lanes::trace(
            &a.lanes,
            &self.trace_mask,
            &self.trace_positions,
            self.trace_count,
        )
    }
    fn half_trace(&self, a: &Packed<N, M>) -> Option<Packed<N, M>> {
        self.inner.half_trace(&a.canonical()).map(|r| self.pack(&r))
    }
    fn half_trace_vartime(&self, a: &Packed<N, M>) -> Option<Packed<N, M>> {
        self.inner
            .half_trace_vartime(&a.canonical())
            .map(|r| self.pack(&r))
    }
    fn solve_quadratic(&self, alpha: &Packed<N, M>) -> Option<Packed<N, M>> {
        self.inner
            .solve_quadratic(&alpha.canonical())
            .map(|r| self.pack(&r))
    }
    fn solve_quadratic_vartime(&self, alpha: &Packed<N, M>) -> Option<Packed<N, M>> {
        self.inner
            .solve_quadratic_vartime(&alpha.canonical())
            .map(|r| self.pack(&r))
    }
}
