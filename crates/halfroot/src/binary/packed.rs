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
//! Where the reduction from the top is long (middle exponents close to d: at the SSRF
//! trinomial 233,159,0 each round clears only d − k = 74 bits, four rounds), elements
//! are held instead in Montgomery's representation `a·x^(64N) mod P` (Koç–Acar 1998),
//! whose products are reduced from the bottom, 128 bits a step, because `P ≡ 1 (mod
//! x^128)` there ([`MontgomeryReduction`]; [`AutoReduction`] picks it where it clears
//! pairs of words). Its elements are canonical; they enter by one Montgomery product
//! by x^(128N) mod P and leave by one reduction.
//!
//! Canonical form (degree < d) is produced only at the boundary: [`PackedField::to_words`],
//! equality, [`Field::encode`], and the operations that run on [`BinaryField`]'s
//! canonical words ([`Field::inv`], the half-trace, the quadratic solvers, and the
//! square root where it does not run on the lanes: one conversion each way, a few
//! cycles). The trace needs none: it reads a trace vector extended to 64N bits. The
//! square root runs on the lanes where that is faster ([`PackedField::sqrt_kernel`]):
//! for type I SSRF moduli of two words with no product at all (Avanzi §2.2, crrl's
//! `GFb127::set_sqrt` generalised, the bytes sorted by GFNI where the CPU has it), for
//! dense √x by the ζ method. Equality of [`Packed`] values compares canonical
//! forms, so two representations of the same element are equal (`==` is variable-time,
//! as on `[u64; N]`; [`Field::ct_eq`] is not).
//!
//! The products issue PCLMULQDQ in the VEX encoding where the CPU has AVX, inlined, else
//! the legacy one out of line (chosen once, at construction: [`PackedField::uses_vex`]);
//! squares issue the one-register legacy form on every CPU, inlined (measured in
//! [`ClmulForm`]).
//!
//! Without PCLMULQDQ (or under `HALFROOT_CPU=portable`) the products are the portable
//! ones, fully reduced (a canonical value is a valid partially reduced one): the same
//! results. Constant-time as [`BinaryField`]: no branch or address depends on an element.

use core::marker::PhantomData;

use rand::RngCore;

use super::backend::x86_64::fold::ClmulForm;
use super::backend::x86_64::lanes::{self, Lanes};
use super::backend::x86_64::{Pclmul, PclmulAvx, PclmulGfni};
use super::backend::InlineReduction;
use super::field::{BinaryField, BinaryFieldOps};
use super::modulus::ModulusSpec;
use super::portable;
use super::sqrt::SqrtAlgorithm;
use super::ssrf_type::SsrfType;
use crate::error::{Error, Result};
use crate::field::{Choice, Field};

/// An element of [`PackedField`]: a polynomial of degree < 64N in two SSE registers,
/// congruent to the element (not necessarily reduced below d). Compare with `==` (which
/// reduces both sides) or convert with [`PackedField::to_words`].
///
/// Under [`MontgomeryReduction`] the registers hold `a·x^(64N) mod P` (canonical), and
/// the element type says so (`R`), so that elements of two representations never mix.
pub struct Packed<const N: usize, M, R = AutoReduction> {
    lanes: Lanes,
    modulus: PhantomData<(M, R)>,
}

// By hand: derived impls would ask `M: Clone`/`M: Copy`, which the zero-sized markers
// do not need.
impl<const N: usize, M, R> Clone for Packed<N, M, R> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<const N: usize, M, R> Copy for Packed<N, M, R> {}

impl<const N: usize, M: ModulusSpec + Default, R: PackedReduction> Packed<N, M, R> {
    fn new(lanes: Lanes) -> Self {
        Packed {
            lanes,
            modulus: PhantomData,
        }
    }

    /// The canonical words (degree < d) of the element: the registers reduced, or under
    /// Montgomery's representation multiplied by x^(−64N) (one reduction of a value
    /// with no high half, by shifts in general registers; constant-time).
    fn canonical(&self) -> [u64; N] {
        let m = M::default();
        if R::montgomery::<N, M>(&m) {
            montgomery_reduce_words(&m, lanes::raw_words::<N>(&self.lanes), [0; N])
        } else {
            lanes::canonical_words::<N, M>(&m, &self.lanes)
        }
    }
}

impl<const N: usize, M: ModulusSpec + Default, R: PackedReduction> PartialEq for Packed<N, M, R> {
    fn eq(&self, other: &Self) -> bool {
        self.canonical() == other.canonical()
    }
}

impl<const N: usize, M: ModulusSpec + Default, R: PackedReduction> Eq for Packed<N, M, R> {}

/// Montgomery's reduction in general registers: `(lo + hi·x^(64N))·x^(−64N) mod P`
/// for a value of degree ≤ 64N + d − 1 with every middle exponent of P at least 64
/// (so `P ≡ 1 mod x^64`): word i (from the bottom) is cleared by adding itself times
/// `P − 1`, which lands above it; the result is the high N words, of degree < d. The
/// portable form of [`lanes::mont_mul`]'s reduction, used by the portable path and to
/// leave Montgomery's representation. Constant-time (loops bounded by the modulus).
fn montgomery_reduce_words<const N: usize, M: ModulusSpec>(
    m: &M,
    lo: [u64; N],
    hi: [u64; N],
) -> [u64; N] {
    let mut c = [0u64; 8];
    c[..N].copy_from_slice(&lo);
    c[N..2 * N].copy_from_slice(&hi);
    let d = m.degree() as usize;
    let ks = m.middle_exponents();
    for i in 0..N {
        let q = c[i];
        for e in ks.iter().map(|&k| k as usize).chain([d]) {
            let (w, r) = (i + e / 64, e % 64);
            c[w] ^= q << r;
            if r != 0 {
                c[w + 1] ^= q >> (64 - r);
            }
        }
    }
    let mut out = [0u64; N];
    out.copy_from_slice(&c[N..2 * N]);
    out
}

impl<const N: usize, M: ModulusSpec + Default, R: PackedReduction> core::fmt::Debug
    for Packed<N, M, R>
{
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
    /// Whether elements of `m` with `N` words are held in Montgomery's representation
    /// `a·x^(64N) mod P` (see [`MontgomeryReduction`]). A function of the compile-time
    /// spec, so a constant in the inlined kernels.
    #[inline(always)]
    fn montgomery<const N: usize, M: ModulusSpec>(_m: &M) -> bool {
        false
    }
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

/// Montgomery's representation and reduction (Koç–Acar 1998): an element a is held as
/// `ã = a·x^(64N) mod P`, and a product is `ã·b̃·x^(−64N)`, reduced from the bottom
/// by shifts ([`lanes::mont_mul`]). For moduli whose middle exponents are all at least
/// 64 (so `P ≡ 1 mod x^64`) but close to d, where the reduction from the top needs
/// many rounds: at 233,159,0 (the SSRF trinomial) two steps instead of four, each
/// clearing 128 bits; results are canonical. Entering and leaving the representation
/// costs a product by x^(128N) mod P and one reduction (the operations that run on
/// canonical words pay both).
#[derive(Clone, Copy, Debug, Default)]
pub struct MontgomeryReduction;

impl PackedReduction for MontgomeryReduction {
    #[inline(always)]
    fn kind<const N: usize, M: ModulusSpec>(_m: &M) -> InlineReduction {
        InlineReduction::SseShift
    }
    #[inline(always)]
    fn montgomery<const N: usize, M: ModulusSpec>(_m: &M) -> bool {
        true
    }
}

impl PackedReduction for AutoReduction {
    #[inline(always)]
    fn kind<const N: usize, M: ModulusSpec>(m: &M) -> InlineReduction {
        if m.middle_exponents().len() == 1 {
            InlineReduction::SseShift
        } else {
            InlineReduction::ClmulFold
        }
    }
    /// Montgomery's representation where it clears a pair of words per step (every
    /// middle exponent ≥ 128, four words): at 233,159,0 two steps against the four
    /// rounds of the reduction from the top (measured on Zen 5, product / square
    /// chains: 9.1 / 5.9 ns against 11.5 / 8.8).
    #[inline(always)]
    fn montgomery<const N: usize, M: ModulusSpec>(m: &M) -> bool {
        let kmin = m.middle_exponents().last().map_or(0, |&k| k as usize);
        N == 4 && kmin >= 128 && lanes::montgomery_applies::<N, M>(m)
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

/// The PCLMULQDQ a [`PackedField`] issues (one byte, matched once per operation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Clmul {
    /// VEX-encoded (`vpclmulqdq` on xmm), where the CPU has AVX (see [`ClmulForm`]:
    /// products about 20 % faster on Zen 5); products inlined.
    Vex(PclmulAvx),
    /// Legacy-encoded; products out of line (`mul_not_vex`).
    Legacy(Pclmul),
    /// No PCLMULQDQ: the portable products.
    None,
}

impl Clmul {
    /// The legacy-encoding token, wherever PCLMULQDQ is there.
    #[inline(always)]
    fn legacy(self) -> Option<Pclmul> {
        match self {
            Clmul::Vex(t) => Some(t.pclmul()),
            Clmul::Legacy(t) => Some(t),
            Clmul::None => None,
        }
    }
}

/// Where [`PackedField`]'s square root runs, chosen at construction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SqrtPath {
    /// Type I SSRF moduli of two words, where the CPU has GFNI:
    /// [`lanes::sqrt_type1_pair_gfni`] (no product, no fold).
    Type1Gfni(PclmulGfni),
    /// Type I SSRF moduli of two words without GFNI: [`lanes::sqrt_type1_pair`]
    /// (the split by nibble tables; crrl's by shifts). Both measured on Zen 5 at
    /// 127,63,0 in the report's eight independent chains: 1.5 ns (GFNI), against 7.5 ns
    /// through the words.
    Type1Tables(Pclmul),
    /// The ζ method on the lanes ([`lanes::sqrt`]): where the inner field's √ is the
    /// general ζ method (dense √x) and elements are not in Montgomery's
    /// representation (measured on Zen 5, chains: 233,74,0 11.0 ns on the lanes
    /// against 17.6 through the words); the split by GFNI where the token is there.
    Lanes(Pclmul, Option<PclmulGfni>),
    /// Type I SSRF moduli of three or four words, partially reduced elements
    /// ([`lanes::sqrt_type1_quad`]: the split by nibble tables, or GFNI, the product by
    /// ζ as shifted copies, no fold), on CPUs whose PEXT is slow (AMD Zen 1/2: no
    /// `PdepFast`); elsewhere the words' PEXT kernel (`Words`), which was measured on
    /// the Zen 5 and this path was not.
    Type1Quad(Pclmul, Option<PclmulGfni>),
    /// Type I SSRF moduli of four words in Montgomery's representation
    /// ([`lanes::sqrt_type1_quad_montgomery`]: the same square root, then a product by
    /// x^128 as a move of the registers and a reduction). Measured on an AMD Zen 1
    /// (`report fields --peers --quick`, 233,159,0, one chain / eight): see the README;
    /// through the words (out of the representation and back) it took 83.9 / 81.7 ns.
    Type1QuadMontgomery(Pclmul, Option<PclmulGfni>),
    /// Through the inner field's canonical words: the other SSRF moduli (sparse √x,
    /// shifts in general registers), no PCLMULQDQ.
    Words,
}

/// F_2^d for a compile-time modulus of 2–4 words (d from 65 to 256) with [`Packed`]
/// elements, products and squares reduced as `R` says; everything but products,
/// squares and sums runs on the inner [`BinaryField`] (see the module documentation).
pub struct PackedField<const N: usize, M: ModulusSpec, R: PackedReduction = AutoReduction> {
    inner: BinaryField<N, M>,
    clmul: Clmul,
    /// Bit i = Tr(x^i) for i < 64N (the trace vector extended to partially reduced
    /// values), and its distinct bit positions modulo 64 when it has at most four
    /// (`trace_count` > 4: the full parity).
    trace_mask: Lanes,
    trace_positions: [u32; 4],
    trace_count: usize,
    /// Under Montgomery's representation: x^(64N) mod P (the element 1) and
    /// x^(128N) mod P (entering the representation is a product by it). Unused
    /// otherwise.
    mont_one: [u64; N],
    mont_r2: [u64; N],
    /// √x, canonical (the square root kernel's constant).
    sqrt_x: Lanes,
    /// Where the square root runs (see [`SqrtPath`]).
    sqrt_path: SqrtPath,
    /// `Some` where the square root is [`SqrtPath::Type1Gfni`] / [`SqrtPath::Type1Tables`],
    /// tested before the match on `sqrt_path`: LLVM compiled that four-way match into a
    /// table jump per square root, which cost the report's eight independent chains at
    /// 127,63,0 about a third of their time (Zen 5: 1.53 ns per square root through the
    /// match, 0.99–1.04 with these tests first).
    sqrt_type1_gfni: Option<PclmulGfni>,
    sqrt_type1_shifts: Option<Pclmul>,
    reduction: PhantomData<R>,
}

// By hand: a derived impl would ask `R: Clone` of the marker.
impl<const N: usize, M: ModulusSpec, R: PackedReduction> Clone for PackedField<N, M, R> {
    fn clone(&self) -> Self {
        PackedField {
            inner: self.inner.clone(),
            clmul: self.clmul,
            trace_mask: self.trace_mask,
            trace_positions: self.trace_positions,
            trace_count: self.trace_count,
            mont_one: self.mont_one,
            mont_r2: self.mont_r2,
            sqrt_x: self.sqrt_x,
            sqrt_path: self.sqrt_path,
            sqrt_type1_gfni: self.sqrt_type1_gfni,
            sqrt_type1_shifts: self.sqrt_type1_shifts,
            reduction: PhantomData,
        }
    }
}

impl<const N: usize, M: ModulusSpec, R: PackedReduction> core::fmt::Debug for PackedField<N, M, R> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("PackedField")
            .field("inner", &self.inner)
            .field("clmul", &self.clmul)
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
        let montgomery = R::montgomery::<N, M>(&modulus);
        let applies = if montgomery {
            lanes::montgomery_applies::<N, M>(&modulus)
        } else {
            lanes::applies::<N, M>(reduction, &modulus)
        };
        if montgomery && !applies {
            return Err(Error::UnsupportedAlgorithm {
                algorithm: "packed field (Montgomery)".into(),
                reason: format!(
                    "needs 2 or 4 words with 64(N-1) < d <= 64N and every middle exponent \
                     at least 64 (d = {}, N = {N})",
                    modulus.degree()
                ),
            });
        }
        if !applies {
            return Err(unsupported(format!(
                "needs 2 to 4 words with 64(N-1) < d <= 64N and an SSE reduction that \
                 applies (d = {}, N = {N})",
                modulus.degree()
            )));
        }
        let inner = BinaryField::new(modulus)?;
        let mut x = [0u64; N];
        x[0] = 2;
        // x^(64N) and x^(128N) mod P (used under Montgomery's representation only).
        let mut mont_one = [0u64; N];
        mont_one[0] = 1;
        for _ in 0..64 * N {
            mont_one = inner.mul(&mont_one, &x);
        }
        let mont_r2 = inner.sqr(&mont_one);
        let sqrt_x = lanes::from_words(&inner.sqrt(&x));
        // Bit i = Tr of the element the registers' x^i stands for, i < 64N: x^i (for
        // i ≥ d, x^(i−1)·x reduced), or x^i·x^(−64N) under Montgomery's representation.
        let mut mask = [0u64; N];
        let mut xi = [0u64; N];
        xi[0] = 1;
        if montgomery {
            xi = inner.inv(&mont_one).expect("x^(64N) is a unit");
        }
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
        let clmul = match (PclmulAvx::detect(), Pclmul::detect()) {
            (Some(t), _) => Clmul::Vex(t),
            (None, Some(t)) => Clmul::Legacy(t),
            (None, None) => Clmul::None,
        };
        let sqrt_path = match clmul.legacy() {
            Some(t) if !montgomery && N == 2 && inner.ssrf_type() == Some(SsrfType::I) => {
                match PclmulGfni::detect() {
                    Some(g) => SqrtPath::Type1Gfni(g),
                    None => SqrtPath::Type1Tables(t),
                }
            }
            Some(t) if !montgomery && inner.sqrt_algorithm() == SqrtAlgorithm::Zeta => {
                SqrtPath::Lanes(t, PclmulGfni::detect())
            }
            Some(t) if montgomery && N == 4 && inner.ssrf_type() == Some(SsrfType::I) => {
                SqrtPath::Type1QuadMontgomery(t, PclmulGfni::detect())
            }
            Some(t)
                if !montgomery
                    && N >= 3
                    && inner.ssrf_type() == Some(SsrfType::I)
                    && !crate::cpu::has(crate::cpu::Feature::PdepFast) =>
            {
                SqrtPath::Type1Quad(t, PclmulGfni::detect())
            }
            _ => SqrtPath::Words,
        };
        let sqrt_type1_gfni = match sqrt_path {
            SqrtPath::Type1Gfni(t) => Some(t),
            _ => None,
        };
        let sqrt_type1_shifts = match sqrt_path {
            SqrtPath::Type1Tables(t) => Some(t),
            _ => None,
        };
        Ok(PackedField {
            inner,
            clmul,
            trace_mask: lanes::from_words(&mask),
            trace_positions: positions,
            trace_count: count,
            mont_one,
            mont_r2,
            sqrt_x,
            sqrt_path,
            sqrt_type1_gfni,
            sqrt_type1_shifts,
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
        !self.is_montgomery()
            && self.uses_pclmulqdq()
            && lanes::partial_pays::<N, M>(self.inner.modulus())
    }

    /// Whether elements are held in Montgomery's representation ([`MontgomeryReduction`]).
    pub fn is_montgomery(&self) -> bool {
        R::montgomery::<N, M>(self.inner.modulus())
    }

    /// Where the square root runs: `"type-I-gfni"` / `"type-I-tables"` (type I SSRF
    /// moduli of two words, [`lanes::sqrt_type1_pair`] with its byte split by GFNI or by
    /// nibble tables), `"type-I-lanes"` / `"type-I-lanes-montgomery"` (type I SSRF
    /// moduli of three or four words, [`lanes::sqrt_type1_quad`], partially reduced or
    /// in Montgomery's representation), `"lanes-gfni"` / `"lanes"` (the ζ method on the
    /// lanes, [`lanes::sqrt`], its split by GFNI or by nibble tables) or `"words"` (the
    /// inner field's square root on canonical words).
    pub fn sqrt_kernel(&self) -> &'static str {
        match self.sqrt_path {
            SqrtPath::Type1Gfni(_) => "type-I-gfni",
            SqrtPath::Type1Tables(_) => "type-I-tables",
            SqrtPath::Lanes(_, Some(_)) => "lanes-gfni",
            SqrtPath::Lanes(_, None) => "lanes",
            SqrtPath::Type1Quad(..) => "type-I-lanes",
            SqrtPath::Type1QuadMontgomery(..) => "type-I-lanes-montgomery",
            SqrtPath::Words => "words",
        }
    }

    /// Which product [`Field::mul`] runs: `"127-63-ternlog"` / `"127-63-vex"` (the
    /// 127,63,0 product written whole in VEX, with or without `vpternlogq`),
    /// `"233-74-vex"` (the 233,74,0 product written whole in VEX, c-xs233's
    /// arrangement), `"montgomery-233-159-vex"` (the Montgomery product at 233,159,0
    /// written whole in VEX), `"pclmulqdq"` (the Karatsuba products of `fold` and the
    /// spec's reduction, inlined) or `"portable"`.
    pub fn product_kernel(&self) -> &'static str {
        let m = self.inner.modulus();
        match self.clmul {
            Clmul::Vex(_)
                if self.is_montgomery() && lanes::has_vex_montgomery_kernels::<N, M>(m) =>
            {
                "montgomery-233-159-vex"
            }
            Clmul::Vex(_) if self.is_montgomery() => "pclmulqdq",
            Clmul::Vex(t) if lanes::has_vex_kernels::<N, M>(R::kind::<N, M>(m), m) => {
                if N != 2 {
                    "233-74-vex"
                } else if t.has_ternlog() {
                    "127-63-ternlog"
                } else {
                    "127-63-vex"
                }
            }
            Clmul::None => "portable",
            _ => "pclmulqdq",
        }
    }

    /// Which square [`Field::sqr`] runs: `"127-63-short"`, `"127-63-ternlog"` or
    /// `"127-63-vex"` (the 127,63,0 square written whole in VEX, its short arrangement
    /// with `vpternlogq`, the plain one with it, or without it:
    /// [`PclmulAvx::short_square_127`]), `"233-74-vex"` (the 233,74,0 square written
    /// whole in VEX), `"montgomery-233-159-vex"` (the Montgomery square at 233,159,0),
    /// `"pclmulqdq"` (one-register `pclmulqdq r, r` per word and the spec's fold) or
    /// `"portable"`.
    pub fn square_kernel(&self) -> &'static str {
        // The squares written whole in VEX are those of the products, the 127,63,0 one in
        // two arrangements where `vpternlogq` exists.
        match (self.clmul, self.product_kernel()) {
            (Clmul::Vex(t), "127-63-ternlog") if t.short_square_127() => "127-63-short",
            (_, kernel) => kernel,
        }
    }

    /// Whether the PCLMULQDQ kernels run (else the portable products).
    pub fn uses_pclmulqdq(&self) -> bool {
        self.clmul != Clmul::None
    }

    /// Whether the products' PCLMULQDQ are VEX-encoded (`vpclmulqdq` on xmm: the CPU has
    /// AVX), else legacy-encoded; see
    /// [`ClmulForm`].
    pub fn uses_vex(&self) -> bool {
        matches!(self.clmul, Clmul::Vex(_))
    }

    /// The element of the canonical words `a`.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] if a bit at or above d is set.
    pub fn from_words(&self, a: &[u64; N]) -> Result<Packed<N, M, R>> {
        if !self.inner.is_element(a) {
            return Err(Error::OutOfRange {
                what: format!("element of F_2^{}", self.inner.degree()),
                value: format!("{a:x?}"),
                reason: format!("a bit at or above position {} is set", self.inner.degree()),
            });
        }
        Ok(self.pack(a))
    }

    /// The element whose bits 0..64 are `w` (every u64 is one: d > 64), for small
    /// constants and for folding a bit such as a trace into an element without a
    /// branch. A register move; under Montgomery's representation a Montgomery product
    /// (the conversion into it).
    #[inline(always)]
    pub fn element_from_u64(&self, w: u64) -> Packed<N, M, R> {
        let mut v = [0u64; N];
        v[0] = w;
        self.pack(&v)
    }

    /// The canonical words (degree < d) of `a`.
    pub fn to_words(&self, a: &Packed<N, M, R>) -> [u64; N] {
        a.canonical()
    }

    /// The words the registers hold for `a`, as they are: partially reduced, or
    /// `a·x^(64N) mod P` under Montgomery's representation (for inspection and tests;
    /// [`Self::to_words`] gives the value).
    pub fn raw_words(&self, a: &Packed<N, M, R>) -> [u64; N] {
        lanes::raw_words::<N>(&a.lanes)
    }

    /// The element of the canonical words `a`: their lanes, or under Montgomery's
    /// representation `a·x^(64N) mod P` (Montgomery's product by x^(128N) mod P, or the
    /// portable product by x^(64N) mod P).
    #[inline(always)]
    fn pack(&self, a: &[u64; N]) -> Packed<N, M, R> {
        if !self.is_montgomery() {
            return Packed::new(lanes::from_words(a));
        }
        match self.clmul.legacy() {
            Some(t) => Packed::new(lanes::mont_mul::<N, M>(
                t,
                self.inner.modulus(),
                &lanes::from_words(a),
                &lanes::from_words(&self.mont_r2),
            )),
            None => Packed::new(lanes::from_words(&self.mul_portable(*a, self.mont_one))),
        }
    }

    /// The product on the lanes with the PCLMULQDQ form `t`, in the representation,
    /// inlined into the caller.
    #[inline(always)]
    fn mul_lanes(&self, t: impl ClmulForm, a: &Lanes, b: &Lanes) -> Lanes {
        let m = self.inner.modulus();
        if self.is_montgomery() {
            lanes::mont_mul::<N, M>(t, m, a, b)
        } else {
            lanes::mul::<N, M>(t, R::kind::<N, M>(m), m, a, b)
        }
    }

    /// The product without the VEX encoding, out of line: [`Self::mul_lanes`]
    /// legacy-encoded, or the portable product. CPUs with PCLMULQDQ but without AVX
    /// (Westmere, the Goldmont Atoms) pay a call per product, so that the products are
    /// inlined once per call site, not twice (both encodings inlined into every curve
    /// formula took the `binary` test build from 279 to 493 s), and the inlined
    /// operation keeps one out-of-line arm, as before the VEX form (a second one cost
    /// the 127,63,0 product chains 10 % in throughput). Copies, not references (see
    /// [`Self::mul_portable`]).
    #[inline(never)]
    fn mul_not_vex(&self, a: Lanes, b: Lanes) -> Lanes {
        match self.clmul.legacy() {
            Some(t) => self.mul_lanes(t, &a, &b),
            None => lanes::from_words(
                &self.mul_portable_repr(lanes::raw_words(&a), lanes::raw_words(&b)),
            ),
        }
    }

    /// √a on the lanes with the PCLMULQDQ form `t` ([`lanes::sqrt`]), inlined.
    #[inline(always)]
    fn sqrt_lanes(&self, t: impl ClmulForm, gfni: Option<PclmulGfni>, a: &Lanes) -> Lanes {
        let m = self.inner.modulus();
        lanes::sqrt::<N, M>(t, gfni, R::kind::<N, M>(m), m, a, &self.sqrt_x)
    }

    /// √a without the VEX encoding, out of line (as [`Self::mul_not_vex`]): on the lanes
    /// legacy-encoded, or through the inner field's words.
    #[inline(never)]
    fn sqrt_not_vex(&self, a: Packed<N, M, R>) -> Packed<N, M, R> {
        match self.sqrt_path {
            SqrtPath::Lanes(t, gfni) => Packed::new(self.sqrt_lanes(t, gfni, &a.lanes)),
            _ => self.pack(&self.inner.sqrt(&a.canonical())),
        }
    }

    /// The portable product, fully reduced (no PCLMULQDQ). Takes copies, not references:
    /// a reference into the caller's loop would pin its element in memory (measured:
    /// the 233-bit product chain on PCLMULQDQ 14.3 ns instead of 9.5).
    #[inline(never)]
    fn mul_portable(&self, a: [u64; N], b: [u64; N]) -> [u64; N] {
        let (lo, hi) = portable::mul_wide(&a, &b);
        portable::reduce_below(self.inner.modulus(), lo, hi, 128 * N)
    }

    /// The portable product in the representation: [`Self::mul_portable`], or
    /// Montgomery's (`a·b·x^(−64N)`, operands canonical).
    #[inline(never)]
    fn mul_portable_repr(&self, a: [u64; N], b: [u64; N]) -> [u64; N] {
        if self.is_montgomery() {
            let (lo, hi) = portable::mul_wide(&a, &b);
            montgomery_reduce_words(self.inner.modulus(), lo, hi)
        } else {
            self.mul_portable(a, b)
        }
    }
}

impl<const N: usize, M: ModulusSpec + Default, R: PackedReduction> Field for PackedField<N, M, R> {
    type Elem = Packed<N, M, R>;

    fn zero(&self) -> Packed<N, M, R> {
        self.pack(&[0; N])
    }
    fn one(&self) -> Packed<N, M, R> {
        let mut w = [0; N];
        w[0] = 1;
        self.pack(&w)
    }
    #[inline(always)]
    fn add(&self, a: &Packed<N, M, R>, b: &Packed<N, M, R>) -> Packed<N, M, R> {
        Packed::new(lanes::add(&a.lanes, &b.lanes))
    }
    #[inline(always)]
    fn sub(&self, a: &Packed<N, M, R>, b: &Packed<N, M, R>) -> Packed<N, M, R> {
        self.add(a, b)
    }
    #[inline(always)]
    fn neg(&self, a: &Packed<N, M, R>) -> Packed<N, M, R> {
        *a
    }
    #[inline(always)]
    fn mul(&self, a: &Packed<N, M, R>, b: &Packed<N, M, R>) -> Packed<N, M, R> {
        match self.clmul {
            Clmul::Vex(t) => Packed::new(self.mul_lanes(t, &a.lanes, &b.lanes)),
            _ => Packed::new(lanes::in_registers(self.mul_not_vex(a.lanes, b.lanes))),
        }
    }
    #[inline(always)]
    fn sqr(&self, a: &Packed<N, M, R>) -> Packed<N, M, R> {
        // Squares issue one-register PCLMULQDQ (`fold::clmul_square`), as fast legacy-
        // encoded as VEX: one test, so that a loop of squares is unswitched once; except
        // at 127,63,0, 233,74,0 and (Montgomery's) 233,159,0, whose squares are written
        // whole in VEX (`lanes::has_vex_kernels`, `has_vex_montgomery_kernels`: constants
        // of the spec).
        let m = self.inner.modulus();
        if let Clmul::Vex(t) = self.clmul {
            if self.is_montgomery() {
                if lanes::has_vex_montgomery_kernels::<N, M>(m) {
                    return Packed::new(lanes::mont_sqr::<N, M>(t, m, &a.lanes));
                }
            } else if lanes::has_vex_kernels::<N, M>(R::kind::<N, M>(m), m) {
                return Packed::new(lanes::sqr::<N, M>(t, R::kind::<N, M>(m), m, &a.lanes));
            }
        }
        match self.clmul.legacy() {
            Some(t) if self.is_montgomery() => {
                Packed::new(lanes::mont_sqr::<N, M>(t, self.inner.modulus(), &a.lanes))
            }
            Some(t) => Packed::new(lanes::sqr::<N, M>(
                t,
                R::kind::<N, M>(self.inner.modulus()),
                self.inner.modulus(),
                &a.lanes,
            )),
            None => {
                let w = lanes::raw_words(&a.lanes);
                Packed::new(lanes::from_words(&self.mul_portable_repr(w, w)))
            }
        }
    }
    fn inv(&self, a: &Packed<N, M, R>) -> Option<Packed<N, M, R>> {
        self.inner.inv(&a.canonical()).map(|r| self.pack(&r))
    }
    fn inv_or_zero(&self, a: &Packed<N, M, R>) -> Packed<N, M, R> {
        self.pack(&self.inner.inv_or_zero(&a.canonical()))
    }
    fn is_zero(&self, a: &Packed<N, M, R>) -> bool {
        a.canonical().iter().all(|&w| w == 0)
    }
    fn random(&self, rng: &mut dyn RngCore) -> Packed<N, M, R> {
        self.pack(&self.inner.random(rng))
    }
    fn ct_eq(&self, a: &Packed<N, M, R>, b: &Packed<N, M, R>) -> Choice {
        crate::field::ct_eq_words(&a.canonical(), &b.canonical())
    }
    #[inline(always)]
    fn ct_lookup_rows<const W: usize>(
        &self,
        table: &[[Packed<N, M, R>; W]],
        index: u32,
    ) -> [Packed<N, M, R>; W] {
        let read = lanes::lookup_rows(
            table.len(),
            |i| core::array::from_fn(|w| table[i][w].lanes),
            index,
        );
        read.map(Packed::new)
    }
    #[inline(always)]
    fn select(&self, a: &Packed<N, M, R>, b: &Packed<N, M, R>, choice: Choice) -> Packed<N, M, R> {
        let mask = -i64::from(choice.unwrap_u8());
        Packed::new(lanes::select(&a.lanes, &b.lanes, mask))
    }
    fn ct_is_zero(&self, a: &Packed<N, M, R>) -> Choice {
        crate::field::ct_eq_words(&a.canonical(), &[0; N])
    }
    fn encoded_len(&self) -> usize {
        self.inner.encoded_len()
    }
    fn encode(&self, a: &Packed<N, M, R>) -> Vec<u8> {
        self.inner.encode(&a.canonical())
    }
    fn decode(&self, bytes: &[u8]) -> Result<Packed<N, M, R>> {
        self.inner.decode(bytes).map(|w| self.pack(&w))
    }
}

impl<const N: usize, M: ModulusSpec + Default, R: PackedReduction> BinaryFieldOps
    for PackedField<N, M, R>
{
    fn degree(&self) -> u32 {
        self.inner.degree()
    }
    #[inline(always)]
    fn sqrt(&self, a: &Packed<N, M, R>) -> Packed<N, M, R> {
        let m = self.inner.modulus();
        if let Some(t) = self.sqrt_type1_gfni {
            return Packed::new(lanes::sqrt_type1_pair_gfni(t, m, &a.lanes));
        }
        if let Some(t) = self.sqrt_type1_shifts {
            return Packed::new(lanes::sqrt_type1_pair(t, m, &a.lanes));
        }
        match self.sqrt_path {
            SqrtPath::Type1Gfni(t) => Packed::new(lanes::sqrt_type1_pair_gfni(t, m, &a.lanes)),
            SqrtPath::Type1Tables(t) => Packed::new(lanes::sqrt_type1_pair(t, m, &a.lanes)),
            SqrtPath::Type1Quad(t, gfni) => {
                Packed::new(lanes::sqrt_type1_quad(t, gfni, m, &a.lanes))
            }
            SqrtPath::Type1QuadMontgomery(t, gfni) => Packed::new(
                lanes::sqrt_type1_quad_montgomery(t, gfni, R::kind::<N, M>(m), m, &a.lanes),
            ),
            SqrtPath::Lanes(_, gfni) => match self.clmul {
                Clmul::Vex(t) => Packed::new(self.sqrt_lanes(t, gfni, &a.lanes)),
                _ => Packed::new(lanes::in_registers(self.sqrt_not_vex(*a).lanes)),
            },
            SqrtPath::Words => self.pack(&self.inner.sqrt(&a.canonical())),
        }
    }
    #[inline(always)]
    fn trace(&self, a: &Packed<N, M, R>) -> u8 {
        lanes::trace(
            &a.lanes,
            &self.trace_mask,
            &self.trace_positions,
            self.trace_count,
        )
    }
    fn half_trace(&self, a: &Packed<N, M, R>) -> Option<Packed<N, M, R>> {
        self.inner.half_trace(&a.canonical()).map(|r| self.pack(&r))
    }
    fn half_trace_vartime(&self, a: &Packed<N, M, R>) -> Option<Packed<N, M, R>> {
        self.inner
            .half_trace_vartime(&a.canonical())
            .map(|r| self.pack(&r))
    }
    fn half_trace_of_sqrt_vartime(&self, a: &Packed<N, M, R>) -> Option<Packed<N, M, R>> {
        self.inner
            .half_trace_of_sqrt_vartime(&a.canonical())
            .map(|r| self.pack(&r))
    }
    fn solve_quadratic(&self, alpha: &Packed<N, M, R>) -> Option<Packed<N, M, R>> {
        self.inner
            .solve_quadratic(&alpha.canonical())
            .map(|r| self.pack(&r))
    }
    fn solve_quadratic_vartime(&self, alpha: &Packed<N, M, R>) -> Option<Packed<N, M, R>> {
        self.inner
            .solve_quadratic_vartime(&alpha.canonical())
            .map(|r| self.pack(&r))
    }
}
