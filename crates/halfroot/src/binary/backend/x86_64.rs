//! x86-64 kernels: carry-less multiplication with PCLMULQDQ (Karatsuba arrangements per
//! word count) and squaring with PCLMULQDQ (`a_i·a_i`) or BMI2 `pdep` bit spreading.
//!
//! Source: Karatsuba–Ofman; the 3-term formula (6 products for 3 words) and its use as
//! a building block are those of Weimerskirch–Paar, "Generalizations of the Karatsuba
//! algorithm for efficient implementations", ePrint 2006/224 §4; Taverne et al.,
//! CHES 2011 §3 for the PCLMULQDQ arrangement. Product counts for an `N`-word operand:
//! 1:1, 2:3, 3:6, 4:9, 5:15, 6:18, 7:24, 8:27, 9:36 (3-way over 3 words), 10:45; other
//! `N`: recursive 2-way Karatsuba on slices down to 4 words (N ≤ 64), schoolbook beyond.
//! Reduction is [`portable::reduce_below`], inlined into the feature-enabled function
//! so that spec-typed moduli give straight-line code.
//! Constant-time: yes (no branch or memory index depends on operand values), including
//! [`masked_column_sum_transposed`], whose masks are vector compares (a scalar
//! `−bit & c` was compiled by LLVM into a branch on the secret bit; checked in the
//! generated assembly).
//!
//! The kernels are `#[inline(always)]` unsafe functions without `#[target_feature]`,
//! only ever inlined into feature-enabled functions: `t_*` (one operation) and `m_*`
//! (a batch loop, see "Feature-enabled functions around the kernels" below). The safe
//! entry points take a zero-sized proof token ([`Pclmul`], [`PclmulBmi2`]) that can
//! only be obtained after run-time detection of the features.
//! The exception is [`fold`]'s single-element kernels ([`mul_inline`], [`sqr_inline`]):
//! they issue PCLMULQDQ through `asm!` and use SSE2 otherwise, so they inline into the
//! caller whatever its target features (still behind the proof token).
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m128i, _mm_clmulepi64_si128, _mm_cvtsi128_si64, _mm_cvtsi64_si128, _mm_extract_epi64,
    _mm_set_epi64x, _mm_slli_si128, _mm_srli_si128, _mm_storeu_si128, _mm_xor_si128, _pdep_u64,
};
use core::mem::MaybeUninit;
use std::sync::OnceLock;

use crate::binary::backend::{InlineClass, InlineReduction};
use crate::binary::modulus::ModulusSpec;
use crate::binary::portable;

pub mod fold;
pub mod lanes;
pub mod probe;
#[rustfmt::skip]
mod montgomery_clmul;

/// Proof that the CPU has PCLMULQDQ, SSE2 and SSE4.1.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pclmul(());

/// The legacy-encoded PCLMULQDQ form of the word kernels below (the `k_*` functions),
/// which run only inside the feature-enabled functions that a token's holder reaches.
const LEGACY: Pclmul = Pclmul(());

/// Proof that the CPU has PCLMULQDQ, SSE2, SSE4.1 and AVX (enabled by the OS): the
/// VEX-encoded `vpclmulqdq` on xmm registers ([`fold::ClmulForm`]). It also carries
/// whether the CPU has AVX-512F and AVX-512VL ([`PclmulAvx::has_ternlog`]) and which
/// arrangement of the 127,63,0 square it runs ([`PclmulAvx::short_square_127`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PclmulAvx {
    ternlog: bool,
    short_square_127: bool,
}

impl PclmulAvx {
    /// The token if the features are present (detected once, cached; `HALFROOT_CPU`
    /// restricts it like every other).
    pub fn detect() -> Option<PclmulAvx> {
        static HAS: OnceLock<(bool, bool)> = OnceLock::new();
        let (has, ternlog) = *HAS.get_or_init(|| {
            use crate::cpu::{has_all, Feature};
            (
                Pclmul::detect().is_some() && crate::cpu::has(Feature::Avx),
                has_all(&[Feature::Avx512f, Feature::Avx512vl]),
            )
        });
        has.then(|| PclmulAvx {
            ternlog,
            short_square_127: ternlog
                && matches!(inline_class(), InlineClass::Zen5 | InlineClass::Zen3Zen4),
        })
    }

    /// Whether the CPU also has AVX-512F and AVX-512VL: `vpternlogq` (a three-input
    /// XOR in one instruction) on xmm registers, which the kernels of [`lanes`] written
    /// whole in VEX use (127,63,0; 233,74,0; the Montgomery product and square at 233,159,0).
    pub fn has_ternlog(self) -> bool {
        self.ternlog
    }

    /// Whether the 127,63,0 square runs its short arrangement (`sqr_127_63_short!`: one
    /// step shorter after the products, three instructions more, three of them
    /// shuffles) rather than the plain one (`sqr_127_63!` with `vpternlogq`: two
    /// shuffles). Chosen per CPU from measurement: the short one on
    /// [`InlineClass::Zen5`] (there 3.01–3.08 ns latency against 3.33, the same
    /// throughput; session 27) and [`InlineClass::Zen3Zen4`] (AMD Zen 4, session 52, a
    /// scratch loop over `lanes::sqr`, medians of 15: one chain 2.50–2.53 ns against
    /// 2.89–2.94, eight independent chains 1.13–1.24 against 1.10–1.14), the plain one
    /// elsewhere (Intel Emerald Rapids, eight independent chains / one chain in a C loop:
    /// 0.91 / 2.63 ns against 1.15 / 2.80; session 40). Always false without `vpternlogq`.
    pub fn short_square_127(self) -> bool {
        self.short_square_127
    }

    /// This token with the 127,63,0 square's arrangement chosen by `short` (only where
    /// [`PclmulAvx::has_ternlog`]; otherwise the token is returned unchanged): for
    /// tests and measurements of both arrangements on one CPU. Either gives the same
    /// results.
    pub fn with_short_square_127(self, short: bool) -> PclmulAvx {
        PclmulAvx {
            short_square_127: short && self.ternlog,
            ..self
        }
    }

    /// The PCLMULQDQ token implied by this one.
    pub fn pclmul(self) -> Pclmul {
        Pclmul(())
    }
}

/// Proof that the CPU has PCLMULQDQ, SSE2, SSE4.1 and GFNI: the SSE-encoded
/// `gf2p8affineqb` (an 8×8 bit matrix applied to every byte), which the packed square
/// roots use to sort each byte's bits ([`lanes::sqrt_type1_pair_gfni`], [`lanes::sqrt`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PclmulGfni(());

impl PclmulGfni {
    /// The token if the features are present (detected once, cached; `HALFROOT_CPU`
    /// restricts it like every other).
    pub fn detect() -> Option<PclmulGfni> {
        static HAS: OnceLock<bool> = OnceLock::new();
        let has = *HAS.get_or_init(|| {
            Pclmul::detect().is_some() && crate::cpu::has(crate::cpu::Feature::Gfni)
        });
        has.then_some(PclmulGfni(()))
    }
}

/// Proof that the CPU has PCLMULQDQ, SSE2, SSE4.1 and BMI2. It also carries the CPU's
/// [`InlineClass`] ([`PclmulBmi2::inline_class`]), so that a choice made by CPU class
/// travels with the engine that holds the token: read from the field the caller already
/// holds, the class is invariant wherever the field is, and LLVM keeps one kernel per
/// loop instead of both behind a test of a global (measured on AMD Zen 1, session 32,
/// in a scratch chain that takes the field as its argument: 233,74,0 products through
/// `BinaryField::mul` 29.5 ns with the global test, 19.8 with the token's flag, 19.7 for
/// the `sse-shift` kernel called directly).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PclmulBmi2(InlineClass);

impl Pclmul {
    /// The token if the features are present (detected once, cached).
    pub fn detect() -> Option<Pclmul> {
        static HAS: OnceLock<bool> = OnceLock::new();
        let has = *HAS.get_or_init(|| {
            use crate::cpu::{has_all, Feature};
            has_all(&[Feature::Pclmulqdq, Feature::Sse2, Feature::Sse41])
        });
        has.then_some(Pclmul(()))
    }
}

impl PclmulBmi2 {
    /// The token if the features are present (detected once, cached).
    pub fn detect() -> Option<PclmulBmi2> {
        static HAS: OnceLock<bool> = OnceLock::new();
        let has = *HAS.get_or_init(|| {
            Pclmul::detect().is_some() && crate::cpu::has(crate::cpu::Feature::Bmi2)
        });
        has.then(|| PclmulBmi2(inline_class()))
    }

    /// The PCLMULQDQ token implied by this one.
    pub fn pclmul(self) -> Pclmul {
        Pclmul(())
    }

    /// This CPU's class for the inlined products and squares (detected once).
    #[inline(always)]
    pub fn inline_class(self) -> InlineClass {
        self.0
    }
}

// ---------------------------------------------------------------------------------------
// Safe entry points.

/// `a·b mod m` with PCLMULQDQ.
#[inline(always)]
pub fn mul<const N: usize, M: ModulusSpec>(
    _t: Pclmul,
    m: &M,
    a: &[u64; N],
    b: &[u64; N],
) -> [u64; N] {
    let mut out = MaybeUninit::<[u64; N]>::uninit();
    // SAFETY: the token exists only when pclmulqdq, sse2 and sse4.1 were detected; the
    // kernel writes all N words of `out` before it is read.
    unsafe {
        t_mul_reduce(m, a, b, out.as_mut_ptr());
        out.assume_init()
    }
}

/// The unreduced product `a·b` with PCLMULQDQ.
#[inline(always)]
pub fn mul_wide<const N: usize>(_t: Pclmul, a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
    // SAFETY: the token exists only when pclmulqdq, sse2 and sse4.1 were detected.
    unsafe { t_mul_wide(a, b) }
}

/// The unreduced product of 6- or 7-word `a`, `b` by Montgomery's formulae reduced mod 2
/// (17 / 22 PCLMULQDQ against the 18 / 24 of [`mul_wide`]'s Karatsuba arrangements);
/// `None` for other N. Kept beside [`mul_wide`] so that the two can be measured against
/// each other (`halfroot report fields`): on the development machine (AMD Zen 4) the
/// Karatsuba arrangement has the lower latency, so [`mul`] keeps it.
#[inline]
pub fn mul_wide_montgomery<const N: usize>(
    _t: Pclmul,
    a: &[u64; N],
    b: &[u64; N],
) -> Option<([u64; N], [u64; N])> {
    if const { N != 6 && N != 7 } {
        return None;
    }
    // SAFETY: the token exists only when pclmulqdq, sse2 and sse4.1 were detected.
    Some(unsafe { t_mul_wide_montgomery(a, b) })
}

/// `a² mod m` with PCLMULQDQ (`a_i·a_i`).
#[inline(always)]
pub fn sqr<const N: usize, M: ModulusSpec>(_t: Pclmul, m: &M, a: &[u64; N]) -> [u64; N] {
    let mut out = MaybeUninit::<[u64; N]>::uninit();
    // SAFETY: the token exists only when pclmulqdq, sse2 and sse4.1 were detected; the
    // kernel writes all N words of `out` before it is read.
    unsafe {
        t_sqr_clmul(m, a, out.as_mut_ptr());
        out.assume_init()
    }
}

/// `a^(2^n) mod m` with PCLMULQDQ squarings.
#[inline]
pub fn sqr_n<const N: usize, M: ModulusSpec>(_t: Pclmul, m: &M, a: &[u64; N], n: u32) -> [u64; N] {
    let mut out = MaybeUninit::<[u64; N]>::uninit();
    // SAFETY: the token exists only when pclmulqdq, sse2 and sse4.1 were detected; the
    // kernel writes all N words of `out` before it is read.
    unsafe {
        t_sqr_n_clmul(m, a, n, out.as_mut_ptr());
        out.assume_init()
    }
}

/// The unreduced square with PCLMULQDQ.
#[inline]
pub fn sqr_wide<const N: usize>(_t: Pclmul, a: &[u64; N]) -> ([u64; N], [u64; N]) {
    // SAFETY: the token exists only when pclmulqdq, sse2 and sse4.1 were detected.
    unsafe { t_sqr_wide_clmul(a) }
}

/// `a² mod m` with BMI2 `pdep` bit spreading.
#[inline(always)]
pub fn sqr_pdep<const N: usize, M: ModulusSpec>(_t: PclmulBmi2, m: &M, a: &[u64; N]) -> [u64; N] {
    let mut out = MaybeUninit::<[u64; N]>::uninit();
    // SAFETY: the token exists only when pclmulqdq, sse2, sse4.1 and bmi2 were detected;
    // the kernel writes all N words of `out` before it is read.
    unsafe {
        t_sqr_pdep(m, a, out.as_mut_ptr());
        out.assume_init()
    }
}

/// `a^(2^n) mod m` with BMI2 `pdep` squarings.
#[inline]
pub fn sqr_n_pdep<const N: usize, M: ModulusSpec>(
    _t: PclmulBmi2,
    m: &M,
    a: &[u64; N],
    n: u32,
) -> [u64; N] {
    let mut out = MaybeUninit::<[u64; N]>::uninit();
    // SAFETY: the token exists only when pclmulqdq, sse2, sse4.1 and bmi2 were detected;
    // the kernel writes all N words of `out` before it is read.
    unsafe {
        t_sqr_n_pdep(m, a, n, out.as_mut_ptr());
        out.assume_init()
    }
}

/// The unreduced square with BMI2 `pdep`.
#[inline]
pub fn sqr_wide_pdep<const N: usize>(_t: PclmulBmi2, a: &[u64; N]) -> ([u64; N], [u64; N]) {
    // SAFETY: the token exists only when bmi2 (and the rest) were detected.
    unsafe { t_sqr_wide_pdep(a) }
}

/// `a·b mod m`: PCLMULQDQ Karatsuba, then the carry-less fold reduction of [`fold`]
/// when it applies (else the shift/xor reduction).
#[inline(always)]
pub fn mul_fold<const N: usize, M: ModulusSpec>(
    _t: PclmulBmi2,
    m: &M,
    a: &[u64; N],
    b: &[u64; N],
) -> [u64; N] {
    let mut out = MaybeUninit::<[u64; N]>::uninit();
    // SAFETY: the token exists only when pclmulqdq, sse2, sse4.1 and bmi2 were detected;
    // the kernel writes all N words of `out` before it is read.
    unsafe {
        t_mul_fold(m, a, b, out.as_mut_ptr());
        out.assume_init()
    }
}

/// `a² mod m`: PCLMULQDQ squares of the words and the fold reduction of [`fold`] when
/// it applies (else `pdep` spreading and the shift/xor reduction).
#[inline(always)]
pub fn sqr_fold<const N: usize, M: ModulusSpec>(_t: PclmulBmi2, m: &M, a: &[u64; N]) -> [u64; N] {
    let mut out = MaybeUninit::<[u64; N]>::uninit();
    // SAFETY: as in `mul_fold`.
    unsafe {
        t_sqr_fold(m, a, out.as_mut_ptr());
        out.assume_init()
    }
}

/// `a·b mod m` inlined into the caller: no out-of-line call and no store/reload of
/// the operands ([`fold::mul_inline`]), reduced as `kind` says.
/// Requires `kind.applies::<N, M>(m)` (else the result is meaningless, never a panic).
#[inline(always)]
pub fn mul_inline<const N: usize, M: ModulusSpec>(
    t: Pclmul,
    kind: InlineReduction,
    m: &M,
    a: &[u64; N],
    b: &[u64; N],
) -> [u64; N] {
    // SAFETY: the token exists only when pclmulqdq was detected; these kernels use SSE2
    // (baseline) and PCLMULQDQ only.
    unsafe { fold::mul_inline(t, kind, m, a, b) }
}

/// `a² mod m` inlined into the caller (see [`mul_inline`]).
#[inline(always)]
pub fn sqr_inline<const N: usize, M: ModulusSpec>(
    t: Pclmul,
    kind: InlineReduction,
    m: &M,
    a: &[u64; N],
) -> [u64; N] {
    // SAFETY: as in `mul_inline`.
    unsafe { fold::sqr_inline(t, kind, m, a) }
}

/// `√a = a_even + ζ·a_odd mod m` inlined into the caller, reduced as `kind` (see
/// [`fold::zeta_sqrt_inline`]).
#[inline(always)]
pub fn zeta_sqrt_inline<const N: usize, M: ModulusSpec>(
    t: PclmulBmi2,
    kind: InlineReduction,
    m: &M,
    zeta: &[u64; N],
    a: &[u64; N],
) -> [u64; N] {
    // SAFETY: the token exists only when pclmulqdq and bmi2 were detected; the kernel
    // uses SSE2 (baseline), PCLMULQDQ and PEXT only.
    unsafe { fold::zeta_sqrt_inline(t.pclmul(), kind, m, zeta, a) }
}

/// Whether [`mul_fold`] and [`sqr_fold`] use the fold reduction for `m` (else shifts).
#[inline(always)]
pub fn fold_applies<const N: usize, M: ModulusSpec>(m: &M) -> bool {
    fold::applies::<N, M>(m)
}

#[inline(always)]
unsafe fn k_sqr_fold<const N: usize, M: ModulusSpec>(m: &M, a: &[u64; N], out: *mut [u64; N]) {
    if fold::applies::<N, M>(m) {
        let c = fold::square_pairs(&fold::load_pairs(a));
        // SAFETY: `out` points to N writable words; `applies` was checked.
        unsafe { fold::reduce_store(LEGACY, m, c, portable::product_bits(m), out) }
    } else {
        let (lo, hi) = k_sqr_wide_pdep(a);
        let r = portable::reduce_below(m, lo, hi, portable::product_bits(m));
        // SAFETY: `out` points to N writable words.
        unsafe { store_out(&r, out) }
    }
}

/// `a^(2^n) mod m` with the squarings of [`sqr_fold`], kept in SSE registers.
#[inline]
pub fn sqr_n_fold<const N: usize, M: ModulusSpec>(
    _t: PclmulBmi2,
    m: &M,
    a: &[u64; N],
    n: u32,
) -> [u64; N] {
    let mut out = MaybeUninit::<[u64; N]>::uninit();
    // SAFETY: as in `mul_fold`.
    unsafe {
        t_sqr_n_fold(m, a, n, out.as_mut_ptr());
        out.assume_init()
    }
}

#[inline(always)]
unsafe fn k_mul_fold<const N: usize, M: ModulusSpec>(
    m: &M,
    a: &[u64; N],
    b: &[u64; N],
    out: *mut [u64; N],
) {
    if fold::applies::<N, M>(m) {
        // In SSE registers for 2–5 and 7–9 words; `mul_pairs` itself falls back to the
        // word kernels for the other sizes.
        let c = fold::mul_pairs(LEGACY, &fold::load_pairs(a), &fold::load_pairs(b));
        // SAFETY: `out` points to N writable words; `applies` was checked.
        unsafe { fold::reduce_store(LEGACY, m, c, portable::product_bits(m), out) }
    } else {
        let (lo, hi) = k_mul_wide(a, b);
        let r = portable::reduce_below(m, lo, hi, portable::product_bits(m));
        // SAFETY: `out` points to N writable words.
        unsafe { store_out(&r, out) }
    }
}

#[inline(always)]
unsafe fn k_sqr_n_fold<const N: usize, M: ModulusSpec>(
    m: &M,
    a: &[u64; N],
    n: u32,
    out: *mut [u64; N],
) {
    if fold::applies::<N, M>(m) {
        let top = portable::product_bits(m);
        let mut c = fold::load_pairs(a);
        for _ in 0..n {
            c = fold::reduce_pairs(LEGACY, m, fold::square_pairs(&c), top);
        }
        // SAFETY: `out` points to N writable words.
        unsafe { fold::store_pairs(&c, out) }
    } else {
        let r = sqr_n_pdep_body(m, a, n);
        // SAFETY: `out` points to N writable words.
        unsafe { store_out(&r, out) }
    }
}

/// `√a = a_even + ζ·a_odd mod m` in one kernel: `pext` split, PCLMULQDQ product by ζ,
/// reduction from bit `d + ⌊d/2⌋` (Avanzi §2.1 (1); the product has no bit above it).
/// Preconditions: `a` reduced, `zeta` = √x reduced.
#[inline(always)]
pub fn zeta_sqrt<const N: usize, M: ModulusSpec>(
    _t: PclmulBmi2,
    m: &M,
    zeta: &[u64; N],
    a: &[u64; N],
) -> [u64; N] {
    let mut out = MaybeUninit::<[u64; N]>::uninit();
    // SAFETY: the token exists only when pclmulqdq, sse2, sse4.1 and bmi2 were detected;
    // the kernel writes all N words of `out` before it is read.
    unsafe {
        t_zeta_sqrt(m, zeta, a, out.as_mut_ptr());
        out.assume_init()
    }
}

#[inline(always)]
unsafe fn k_zeta_sqrt<const N: usize, M: ModulusSpec>(
    m: &M,
    zeta: &[u64; N],
    a: &[u64; N],
    out: *mut [u64; N],
) {
    let d = m.degree() as usize;
    // The callers hold the PCLMULQDQ + BMI2 token.
    let (even, odd) = crate::binary::sqrt::backend::split_with::<N, fold::AsmPextSplit>(a, N);
    let (mut lo, hi) = k_mul_half(zeta, &odd);
    for (l, e) in lo.iter_mut().zip(even.iter()) {
        *l ^= e;
    }
    if fold::applies::<N, M>(m) {
        // SAFETY: `out` points to N writable words; `applies` was checked.
        unsafe { fold::reduce_store(LEGACY, m, fold::pairs_of(&lo, &hi), d + d / 2, out) }
    } else {
        let r = portable::reduce_below(m, lo, hi, d + d / 2);
        // SAFETY: `out` points to N writable words (the caller's `MaybeUninit`).
        unsafe { store_out(&r, out) }
    }
}

/// Proof that the CPU has AVX2.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Avx2(());

impl Avx2 {
    /// The token if AVX2 is present (detected once, cached).
    pub fn detect() -> Option<Avx2> {
        static HAS: OnceLock<bool> = OnceLock::new();
        let has = *HAS.get_or_init(|| crate::cpu::has(crate::cpu::Feature::Avx2));
        has.then_some(Avx2(()))
    }
}

/// `Σ_i (−x_i & c_i)`, a bit-matrix–vector product visiting every column (constant
/// time), from the transposed matrix `mt` (`mt[w·d4 + i]` = word `w` of column
/// `i`, `d4` a multiple of 4 ≥ d, padding columns zero): four columns per 256-bit lane
/// group, masks made by vector compares (no scalar mask the compiler could branch on).
/// Precondition (checked, else `None`): `mt.len() == N·d4`, `d4 % 4 == 0`, `d4 ≤ 64N`.
#[inline(always)]
pub fn masked_column_sum_transposed<const N: usize>(
    _t: Avx2,
    mt: &[u64],
    d4: usize,
    x: &[u64; N],
) -> Option<[u64; N]> {
    if mt.len() != N * d4 || !d4.is_multiple_of(4) || d4 > 64 * N {
        return None;
    }
    // SAFETY: the token exists only when avx2 was detected; the shape was checked above.
    Some(unsafe { k_masked_sum_transposed(mt, d4, x) })
}

#[target_feature(enable = "avx2")]
fn k_masked_sum_transposed<const N: usize>(mt: &[u64], d4: usize, x: &[u64; N]) -> [u64; N] {
    use core::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_cmpeq_epi64, _mm256_extract_epi64, _mm256_loadu_si256,
        _mm256_set1_epi64x, _mm256_set_epi64x, _mm256_setzero_si256, _mm256_xor_si256,
    };
    let bits = _mm256_set_epi64x(8, 4, 2, 1);
    let mut acc: [__m256i; N] = [_mm256_setzero_si256(); N];
    let mut i = 0;
    while i < d4 {
        let nib = (x[i / 64] >> (i % 64)) as i64;
        let m = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x(nib), bits), bits);
        for (w, a) in acc.iter_mut().enumerate() {
            let col = &mt[w * d4 + i..w * d4 + i + 4];
            // SAFETY: `col` is a 4-element (32-byte) slice; unaligned load.
            let v = unsafe { _mm256_loadu_si256(col.as_ptr().cast()) };
            *a = _mm256_xor_si256(*a, _mm256_and_si256(v, m));
        }
        i += 4;
    }
    let mut r = [0u64; N];
    for (o, a) in r.iter_mut().zip(acc.iter()) {
        *o = (_mm256_extract_epi64(*a, 0)
            ^ _mm256_extract_epi64(*a, 1)
            ^ _mm256_extract_epi64(*a, 2)
            ^ _mm256_extract_epi64(*a, 3)) as u64;
    }
    r
}

// ---------------------------------------------------------------------------------------
// Feature-enabled functions around the kernels.
//
// The kernels below (`k_*`, the Karatsuba pieces, [`fold`]) are `#[inline(always)]`
// functions without `#[target_feature]` (which cannot be combined with
// `#[inline(always)]`), so that they always inline into the feature-enabled function
// that calls them: a `t_*` function (one operation, called out of line by the safe
// entry points above) or a batch loop (`*_many` below, the whole loop in one
// function, every kernel inlined into it; an `#[inline]` hint was not enough for
// LLVM to inline a 150–600-instruction kernel into a loop). They are `unsafe`: only to
// be called from a function compiled with the features their intrinsics need, on a
// CPU that has them.

macro_rules! feature_fns {
    ($($feat:literal: $(
        fn $name:ident<$(const $c:ident: usize),* $(; $g:ident: $b:path)?>($($a:ident: $t:ty),*) $(-> $r:ty)? = $k:ident;
    )*)*) => {$($(
        /// # Safety
        /// The CPU must support the features enabled here; pointer arguments must be
        /// valid for writing N words.
        #[target_feature(enable = $feat)]
        unsafe fn $name<$(const $c: usize),* $(, $g: $b)?>($($a: $t),*) $(-> $r)? {
            // SAFETY: this function's contract (features enabled and present).
            unsafe { $k($($a),*) }
        }
    )*)*};
}

feature_fns! {
    "pclmulqdq,sse2,sse4.1":
    fn t_mul_reduce<const N: usize; M: ModulusSpec>(m: &M, a: &[u64; N], b: &[u64; N], out: *mut [u64; N]) = k_mul_reduce;
    fn t_mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) = k_mul_wide;
    fn t_mul_wide_montgomery<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) = k_mul_wide_montgomery;
    fn t_sqr_clmul<const N: usize; M: ModulusSpec>(m: &M, a: &[u64; N], out: *mut [u64; N]) = k_sqr_clmul;
    fn t_sqr_n_clmul<const N: usize; M: ModulusSpec>(m: &M, a: &[u64; N], n: u32, out: *mut [u64; N]) = k_sqr_n_clmul;
    fn t_sqr_wide_clmul<const N: usize>(a: &[u64; N]) -> ([u64; N], [u64; N]) = k_sqr_wide_clmul;
    "pclmulqdq,sse2,sse4.1,bmi2":
    fn t_sqr_pdep<const N: usize; M: ModulusSpec>(m: &M, a: &[u64; N], out: *mut [u64; N]) = k_sqr_pdep;
    fn t_sqr_n_pdep<const N: usize; M: ModulusSpec>(m: &M, a: &[u64; N], n: u32, out: *mut [u64; N]) = k_sqr_n_pdep;
    fn t_sqr_wide_pdep<const N: usize>(a: &[u64; N]) -> ([u64; N], [u64; N]) = k_sqr_wide_pdep;
    fn t_mul_fold<const N: usize; M: ModulusSpec>(m: &M, a: &[u64; N], b: &[u64; N], out: *mut [u64; N]) = k_mul_fold;
    fn t_sqr_fold<const N: usize; M: ModulusSpec>(m: &M, a: &[u64; N], out: *mut [u64; N]) = k_sqr_fold;
    fn t_sqr_n_fold<const N: usize; M: ModulusSpec>(m: &M, a: &[u64; N], n: u32, out: *mut [u64; N]) = k_sqr_n_fold;
    fn t_zeta_sqrt<const N: usize; M: ModulusSpec>(m: &M, zeta: &[u64; N], a: &[u64; N], out: *mut [u64; N]) = k_zeta_sqrt;
}

macro_rules! many_fns {
    ($($feat:literal, $tok:ty: $(
        $(#[$doc:meta])* $name:ident, $inner:ident = $k:ident($($x:ident),*) $(with $z:ident)?;
    )*)*) => {$($(
        $(#[$doc])*
        pub fn $name<const N: usize, M: ModulusSpec>(
            _t: $tok,
            m: &M,
            $($z: &[u64; N],)?
            $($x: &[[u64; N]],)*
            out: &mut [[u64; N]],
        ) {
            // SAFETY: the token exists only when these features were detected.
            unsafe { $inner(m, $($z,)? $($x,)* out) }
        }

        /// # Safety
        /// The CPU must support the features enabled here.
        #[target_feature(enable = $feat)]
        unsafe fn $inner<const N: usize, M: ModulusSpec>(
            m: &M,
            $($z: &[u64; N],)?
            $($x: &[[u64; N]],)*
            out: &mut [[u64; N]],
        ) {
            let n = out.len() $(.min($x.len()))*;
            for i in 0..n {
                // SAFETY: features enabled here (this function's contract); `out[i]`
                // is N writable words; i < every length.
                unsafe { $k(m, $($z,)? $(&$x[i],)* &mut out[i]) };
            }
        }
    )*)*};
}

many_fns! {
    "pclmulqdq,sse2,sse4.1", Pclmul:
    /// `out[i] = a[i]·b[i] mod m` ([`mul`] over a batch, one feature-enabled loop with
    /// the kernel inlined; `i < min` of the lengths).
    mul_many, m_mul_reduce = k_mul_reduce(a, b);
    /// `out[i] = a[i]² mod m` ([`sqr`] over a batch).
    sqr_many, m_sqr_clmul = k_sqr_clmul(a);
    "pclmulqdq,sse2,sse4.1,bmi2", PclmulBmi2:
    /// `out[i] = a[i]² mod m` ([`sqr_pdep`] over a batch).
    sqr_pdep_many, m_sqr_pdep = k_sqr_pdep(a);
    /// `out[i] = a[i]·b[i] mod m` ([`mul_fold`] over a batch).
    mul_fold_many, m_mul_fold = k_mul_fold(a, b);
    /// `out[i] = a[i]² mod m` ([`sqr_fold`] over a batch).
    sqr_fold_many, m_sqr_fold = k_sqr_fold(a);
    /// `out[i] = √a[i]` ([`zeta_sqrt`] over a batch).
    zeta_sqrt_many, m_zeta_sqrt = k_zeta_sqrt(a) with zeta;
}

// ---------------------------------------------------------------------------------------
// Kernels.

#[inline(always)]
unsafe fn k_mul_reduce<const N: usize, M: ModulusSpec>(
    m: &M,
    a: &[u64; N],
    b: &[u64; N],
    out: *mut [u64; N],
) {
    let (lo, hi) = k_mul_wide(a, b);
    let r = portable::reduce_below(m, lo, hi, portable::product_bits(m));
    // SAFETY: `out` points to N writable words (the caller's `MaybeUninit`).
    unsafe { store_out(&r, out) }
}

#[inline(always)]
unsafe fn k_sqr_clmul<const N: usize, M: ModulusSpec>(m: &M, a: &[u64; N], out: *mut [u64; N]) {
    let (lo, hi) = k_sqr_wide_clmul(a);
    let r = portable::reduce_below(m, lo, hi, portable::product_bits(m));
    // SAFETY: `out` points to N writable words (the caller's `MaybeUninit`).
    unsafe { store_out(&r, out) }
}

#[inline(always)]
unsafe fn k_sqr_pdep<const N: usize, M: ModulusSpec>(m: &M, a: &[u64; N], out: *mut [u64; N]) {
    let (lo, hi) = k_sqr_wide_pdep(a);
    let r = portable::reduce_below(m, lo, hi, portable::product_bits(m));
    // SAFETY: `out` points to N writable words (the caller's `MaybeUninit`).
    unsafe { store_out(&r, out) }
}

#[inline(always)]
unsafe fn k_sqr_n_clmul<const N: usize, M: ModulusSpec>(
    m: &M,
    a: &[u64; N],
    n: u32,
    out: *mut [u64; N],
) {
    let r = sqr_n_clmul_body(m, a, n);
    // SAFETY: `out` points to N writable words (the caller's `MaybeUninit`).
    unsafe { store_out(&r, out) }
}

#[inline(always)]
unsafe fn sqr_n_clmul_body<const N: usize, M: ModulusSpec>(
    m: &M,
    a: &[u64; N],
    n: u32,
) -> [u64; N] {
    let mut r = *a;
    if portable::reduce_lazy(m, r, [0; N], 0).is_some() {
        for _ in 0..n {
            let (lo, hi) = k_sqr_wide_clmul(&r);
            r = portable::reduce_lazy(m, lo, hi, 128 * N).unwrap_or(r);
        }
        return portable::reduce_below(m, r, [0; N], 64 * N);
    }
    for _ in 0..n {
        let (lo, hi) = k_sqr_wide_clmul(&r);
        r = portable::reduce_below(m, lo, hi, portable::product_bits(m));
    }
    r
}

#[inline(always)]
unsafe fn k_sqr_n_pdep<const N: usize, M: ModulusSpec>(
    m: &M,
    a: &[u64; N],
    n: u32,
    out: *mut [u64; N],
) {
    let r = sqr_n_pdep_body(m, a, n);
    // SAFETY: `out` points to N writable words (the caller's `MaybeUninit`).
    unsafe { store_out(&r, out) }
}

#[inline(always)]
unsafe fn sqr_n_pdep_body<const N: usize, M: ModulusSpec>(m: &M, a: &[u64; N], n: u32) -> [u64; N] {
    if !pdep_fast() {
        // Microcoded PDEP (AMD Zen 1/2): the carry-less squares, the check made once
        // for the n squarings rather than in each (`k_sqr_wide_pdep`'s own check).
        // SAFETY: the callers run with PCLMULQDQ (their token is `PclmulBmi2`).
        return unsafe { sqr_n_clmul_body(m, a, n) };
    }
    let mut r = *a;
    if portable::reduce_lazy(m, r, [0; N], 0).is_some() {
        for _ in 0..n {
            let (lo, hi) = k_sqr_wide_pdep(&r);
            r = portable::reduce_lazy(m, lo, hi, 128 * N).unwrap_or(r);
        }
        return portable::reduce_below(m, r, [0; N], 64 * N);
    }
    for _ in 0..n {
        let (lo, hi) = k_sqr_wide_pdep(&r);
        r = portable::reduce_below(m, lo, hi, portable::product_bits(m));
    }
    r
}

/// Writes `r` to `out` with 16-byte stores (one 8-byte store for an odd last word).
///
/// Callers copy a returned `[u64; N]` with 16-byte loads; if the kernel had written it
/// with 8-byte stores, every such load would miss store-to-load forwarding (a stall of
/// a dozen cycles per call, measured as +40% on a 163-bit squaring). SSE2 only, which
/// every x86-64 CPU has.
///
/// # Safety
/// `out` must be valid for writing N words.
#[inline(always)]
pub(crate) unsafe fn store_out<const N: usize>(r: &[u64; N], out: *mut [u64; N]) {
    let p = out.cast::<u64>();
    let mut i = 0;
    while i + 2 <= N {
        // SAFETY: words i, i + 1 < N of `out` (the caller's contract); unaligned store.
        unsafe {
            _mm_storeu_si128(
                p.add(i).cast::<__m128i>(),
                _mm_set_epi64x(r[i + 1] as i64, r[i] as i64),
            )
        };
        i += 2;
    }
    if i < N {
        // SAFETY: word i < N of `out`.
        unsafe { p.add(i).write(r[i]) };
    }
}

/// One 64×64 → 128 carry-less product as (low, high).
#[inline(always)]
unsafe fn cl(a: u64, b: u64) -> (u64, u64) {
    let p: __m128i =
        _mm_clmulepi64_si128(_mm_cvtsi64_si128(a as i64), _mm_cvtsi64_si128(b as i64), 0);
    (_mm_cvtsi128_si64(p) as u64, _mm_extract_epi64(p, 1) as u64)
}

#[inline(always)]
unsafe fn k_sqr_wide_clmul<const N: usize>(a: &[u64; N]) -> ([u64; N], [u64; N]) {
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    for (i, &w) in a.iter().enumerate() {
        let (l, h) = cl(w, w);
        put(&mut lo, &mut hi, 2 * i, l);
        put(&mut lo, &mut hi, 2 * i + 1, h);
    }
    (lo, hi)
}

/// This CPU's [`InlineClass`], cached: [`InlineClass::SlowPdep`] without fast PDEP,
/// [`InlineClass::Zen5`] on AMD family 1Ah, [`InlineClass::Zen3Zen4`] on AMD family 19h,
/// else [`InlineClass::Other`].
///
/// `HALFROOT_INLINE_CLASS` overrides the detection (see [`InlineClass::detect`]).
pub(crate) fn inline_class() -> InlineClass {
    static CLASS: OnceLock<InlineClass> = OnceLock::new();
    *CLASS.get_or_init(|| {
        match InlineClass::override_from_env() {
            Ok(Some(class)) => return class,
            Ok(None) => {}
            Err(e) => eprintln!("halfroot: {e}; using the detected class"),
        }
        if !pdep_fast() {
            InlineClass::SlowPdep
        } else if crate::cpu::amd_family() == Some(0x1a) {
            InlineClass::Zen5
        } else if crate::cpu::amd_family() == Some(0x19) {
            InlineClass::Zen3Zen4
        } else {
            InlineClass::Other
        }
    })
}

/// Whether PDEP/PEXT run at full speed on this CPU ([`Feature::PdepFast`](crate::cpu::Feature::PdepFast)),
/// cached. The PDEP and PEXT forms of the kernels below fall back to their carry-less
/// (squares) or portable (bit splits) forms where they do not: on AMD Zen 1/2 one
/// microcoded PDEP costs about as much as a whole carry-less square.
#[inline(always)]
pub(crate) fn pdep_fast() -> bool {
    static FAST: OnceLock<bool> = OnceLock::new();
    *FAST.get_or_init(|| crate::cpu::has(crate::cpu::Feature::PdepFast))
}

#[inline(always)]
unsafe fn k_sqr_wide_pdep<const N: usize>(a: &[u64; N]) -> ([u64; N], [u64; N]) {
    if !pdep_fast() {
        // SAFETY: the callers run with PCLMULQDQ (their token is `PclmulBmi2`).
        return unsafe { k_sqr_wide_clmul(a) };
    }
    const EVEN: u64 = 0x5555_5555_5555_5555;
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    for (i, &w) in a.iter().enumerate() {
        put(&mut lo, &mut hi, 2 * i, _pdep_u64(w, EVEN));
        put(&mut lo, &mut hi, 2 * i + 1, _pdep_u64(w >> 32, EVEN));
    }
    (lo, hi)
}

#[inline(always)]
fn put<const N: usize>(lo: &mut [u64; N], hi: &mut [u64; N], i: usize, v: u64) {
    if i < N {
        lo[i] = v;
    } else if i < 2 * N {
        hi[i - N] = v;
    }
}

#[inline(always)]
unsafe fn k1(a: &[u64; 1], b: &[u64; 1]) -> [u64; 2] {
    let (l, h) = cl(a[0], b[0]);
    [l, h]
}

#[inline(always)]
unsafe fn words(x: __m128i) -> (u64, u64) {
    (_mm_cvtsi128_si64(x) as u64, _mm_extract_epi64(x, 1) as u64)
}

/// 2 words: 3 products, combined in 128-bit registers.
#[inline(always)]
unsafe fn k2(a: &[u64; 2], b: &[u64; 2]) -> [u64; 4] {
    let va = _mm_set_epi64x(a[1] as i64, a[0] as i64);
    let vb = _mm_set_epi64x(b[1] as i64, b[0] as i64);
    let p0 = _mm_clmulepi64_si128(va, vb, 0x00);
    let p2 = _mm_clmulepi64_si128(va, vb, 0x11);
    // [a0 ^ a1, ·] in the low lane.
    let sa = _mm_xor_si128(va, _mm_srli_si128(va, 8));
    let sb = _mm_xor_si128(vb, _mm_srli_si128(vb, 8));
    let m = _mm_xor_si128(_mm_clmulepi64_si128(sa, sb, 0x00), _mm_xor_si128(p0, p2));
    let lo = _mm_xor_si128(p0, _mm_slli_si128(m, 8));
    let hi = _mm_xor_si128(p2, _mm_srli_si128(m, 8));
    let (r0, r1) = words(lo);
    let (r2, r3) = words(hi);
    [r0, r1, r2, r3]
}

/// 3 words: 6 products (Weimerskirch–Paar), combined in 128-bit registers.
#[inline(always)]
unsafe fn k3(a: &[u64; 3], b: &[u64; 3]) -> [u64; 6] {
    let a01 = _mm_set_epi64x(a[1] as i64, a[0] as i64);
    let b01 = _mm_set_epi64x(b[1] as i64, b[0] as i64);
    let a2 = _mm_cvtsi64_si128(a[2] as i64);
    let b2 = _mm_cvtsi64_si128(b[2] as i64);
    let p0 = _mm_clmulepi64_si128(a01, b01, 0x00);
    let p1 = _mm_clmulepi64_si128(a01, b01, 0x11);
    let p2 = _mm_clmulepi64_si128(a2, b2, 0x00);
    // Low lanes: a0 ^ a1, a0 ^ a2, a1 ^ a2.
    let a01s = _mm_xor_si128(a01, _mm_srli_si128(a01, 8));
    let b01s = _mm_xor_si128(b01, _mm_srli_si128(b01, 8));
    let a02 = _mm_xor_si128(a01, a2);
    let b02 = _mm_xor_si128(b01, b2);
    let a12 = _mm_xor_si128(_mm_srli_si128(a01, 8), a2);
    let b12 = _mm_xor_si128(_mm_srli_si128(b01, 8), b2);
    let p01 = _mm_clmulepi64_si128(a01s, b01s, 0x00);
    let p02 = _mm_clmulepi64_si128(a02, b02, 0x00);
    let p12 = _mm_clmulepi64_si128(a12, b12, 0x00);
    let p01x = _mm_xor_si128(p0, p1);
    let p12x = _mm_xor_si128(p1, p2);
    let c1 = _mm_xor_si128(p01, p01x);
    let c2 = _mm_xor_si128(_mm_xor_si128(p02, p01x), p2);
    let c3 = _mm_xor_si128(p12, p12x);
    let r01 = _mm_xor_si128(p0, _mm_slli_si128(c1, 8));
    let r23 = _mm_xor_si128(
        _mm_xor_si128(_mm_srli_si128(c1, 8), c2),
        _mm_slli_si128(c3, 8),
    );
    let r45 = _mm_xor_si128(p2, _mm_srli_si128(c3, 8));
    let (r0, r1) = words(r01);
    let (r2, r3) = words(r23);
    let (r4, r5) = words(r45);
    [r0, r1, r2, r3, r4, r5]
}

/// 2-way Karatsuba: `$n` words split as `$h` low + `$n − $h` high (`$n − $h ≤ $h`),
/// low products by `$lo`, high product by `$hi`.
macro_rules! karatsuba2 {
    ($name:ident, $n:literal, $h:literal, $lo:ident, $hi:ident) => {
        #[inline(always)]
        unsafe fn $name(a: &[u64; $n], b: &[u64; $n]) -> [u64; 2 * $n] {
            const H: usize = $h;
            const R: usize = $n - $h;
            let mut a0 = [0u64; H];
            let mut b0 = [0u64; H];
            let mut a1 = [0u64; R];
            let mut b1 = [0u64; R];
            a0.copy_from_slice(&a[..H]);
            b0.copy_from_slice(&b[..H]);
            a1.copy_from_slice(&a[H..]);
            b1.copy_from_slice(&b[H..]);
            let mut sa = a0;
            let mut sb = b0;
            for i in 0..R {
                sa[i] ^= a1[i];
                sb[i] ^= b1[i];
            }
            let l = $lo(&a0, &b0);
            let h = $hi(&a1, &b1);
            let mid = $lo(&sa, &sb);
            let mut r = [0u64; 2 * $n];
            r[..2 * H].copy_from_slice(&l);
            for i in 0..2 * H {
                r[H + i] ^= mid[i] ^ l[i];
            }
            for i in 0..2 * R {
                r[2 * H + i] ^= h[i];
                r[H + i] ^= h[i];
            }
            r
        }
    };
}

karatsuba2!(k4, 4, 2, k2, k2);
karatsuba2!(k5, 5, 3, k3, k2);
karatsuba2!(k6, 6, 3, k3, k3);
karatsuba2!(k7, 7, 4, k4, k3);
karatsuba2!(k8, 8, 4, k4, k4);
karatsuba2!(k10, 10, 5, k5, k5);

/// 9 words as three 3-word blocks, 3-term Karatsuba over blocks: 6 × 6 = 36 products.
#[inline(always)]
unsafe fn k9(a: &[u64; 9], b: &[u64; 9]) -> [u64; 18] {
    let blk = |x: &[u64; 9], i: usize| -> [u64; 3] { [x[3 * i], x[3 * i + 1], x[3 * i + 2]] };
    let add = |x: [u64; 3], y: [u64; 3]| -> [u64; 3] { [x[0] ^ y[0], x[1] ^ y[1], x[2] ^ y[2]] };
    let (a0, a1, a2) = (blk(a, 0), blk(a, 1), blk(a, 2));
    let (b0, b1, b2) = (blk(b, 0), blk(b, 1), blk(b, 2));
    let p0 = k3(&a0, &b0);
    let p1 = k3(&a1, &b1);
    let p2 = k3(&a2, &b2);
    let p01 = k3(&add(a0, a1), &add(b0, b1));
    let p02 = k3(&add(a0, a2), &add(b0, b2));
    let p12 = k3(&add(a1, a2), &add(b1, b2));
    let mut r = [0u64; 18];
    for i in 0..6 {
        r[i] ^= p0[i];
        r[3 + i] ^= p01[i] ^ p0[i] ^ p1[i];
        r[6 + i] ^= p02[i] ^ p0[i] ^ p2[i] ^ p1[i];
        r[9 + i] ^= p12[i] ^ p1[i] ^ p2[i];
        r[12 + i] ^= p2[i];
    }
    r
}

/// Schoolbook on slices: `out[..2n] = a·b` (`out` zeroed by the caller).
#[target_feature(enable = "pclmulqdq,sse2,sse4.1")]
fn schoolbook(a: &[u64], b: &[u64], out: &mut [u64]) {
    for (i, &x) in a.iter().enumerate() {
        for (j, &y) in b.iter().enumerate() {
            // SAFETY: this function is compiled with the features `cl` needs.
            let (l, h) = unsafe { cl(x, y) };
            out[i + j] ^= l;
            out[i + j + 1] ^= h;
        }
    }
}

/// Largest slice length handled by the recursive Karatsuba.
const KMAX: usize = 64;

/// Recursive 2-way Karatsuba on equal-length slices: `out[..2n] = a·b` (zeroed first).
#[target_feature(enable = "pclmulqdq,sse2,sse4.1")]
fn karatsuba_slice(a: &[u64], b: &[u64], out: &mut [u64]) {
    let n = a.len();
    if n <= 4 || n > KMAX {
        schoolbook(a, b, out);
        return;
    }
    let h = n.div_ceil(2);
    let r = n - h;
    let mut sa = [0u64; KMAX / 2];
    let mut sb = [0u64; KMAX / 2];
    sa[..h].copy_from_slice(&a[..h]);
    sb[..h].copy_from_slice(&b[..h]);
    for i in 0..r {
        sa[i] ^= a[h + i];
        sb[i] ^= b[h + i];
    }
    let mut l = [0u64; KMAX];
    let mut hh = [0u64; KMAX];
    let mut mid = [0u64; KMAX];
    karatsuba_slice(&a[..h], &b[..h], &mut l[..2 * h]);
    karatsuba_slice(&a[h..], &b[h..], &mut hh[..2 * r]);
    karatsuba_slice(&sa[..h], &sb[..h], &mut mid[..2 * h]);
    for i in 0..2 * h {
        out[i] ^= l[i];
        out[h + i] ^= mid[i] ^ l[i];
    }
    for i in 0..2 * r {
        out[2 * h + i] ^= hh[i];
        out[h + i] ^= hh[i];
    }
}

macro_rules! dispatch_fixed {
    ($a:ident, $b:ident, $lo:ident, $hi:ident; $($n:literal => $k:ident),*) => {
        $(
            if const { N == $n } {
                if let (Ok(x), Ok(y)) = (
                    <&[u64; $n]>::try_from($a.as_slice()),
                    <&[u64; $n]>::try_from($b.as_slice()),
                ) {
                    let r = $k(x, y);
                    $lo.copy_from_slice(&r[..N]);
                    $hi.copy_from_slice(&r[N..]);
                    return ($lo, $hi);
                }
            }
        )*
    };
}

/// `z·o` for an `o` with zero words from `⌈N/2⌉` on (the odd half of a reduced
/// element): z split into two `⌈N/2⌉`-word halves, each multiplied by o's low half
/// with the fixed Karatsuba kernels — 2, 5, 6, 12, 18 and 30 products for N = 2, 3,
/// 4, 5, 7, 9 instead of 3, 6, 9, 15, 24, 36 for the full square product. Other N:
/// [`k_mul_wide`].
#[inline(always)]
unsafe fn k_mul_half<const N: usize>(z: &[u64; N], o: &[u64; N]) -> ([u64; N], [u64; N]) {
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    macro_rules! halves {
        ($($n:literal, $h:literal => $k:ident),*) => {
            $(
                if const { N == $n } {
                    let mut z0 = [0u64; $h];
                    let mut z1 = [0u64; $h];
                    let mut oh = [0u64; $h];
                    z0.copy_from_slice(&z[..$h]);
                    z1[..$n - $h].copy_from_slice(&z[$h..]);
                    oh.copy_from_slice(&o[..$h]);
                    let p0 = $k(&z0, &oh);
                    let p1 = $k(&z1, &oh);
                    let mut r = [0u64; 2 * $n];
                    for i in 0..2 * $h {
                        r[i] ^= p0[i];
                        if $h + i < 2 * $n {
                            r[$h + i] ^= p1[i];
                        }
                    }
                    lo.copy_from_slice(&r[..N]);
                    hi.copy_from_slice(&r[N..2 * N]);
                    return (lo, hi);
                }
            )*
        };
    }
    halves!(2, 1 => k1, 4, 2 => k2, 5, 3 => k3, 6, 3 => k3, 7, 4 => k4, 8, 4 => k4,
        9, 5 => k5, 10, 5 => k5);
    if const { N == 3 } {
        // z0·o (2×2 words, 3 products) + z2·o·x^128 (1×2 words, 2 products).
        let p0 = k2(&[z[0], z[1]], &[o[0], o[1]]);
        let (a0, a1) = cl(z[2], o[0]);
        let (b0, b1) = cl(z[2], o[1]);
        let r = [p0[0], p0[1], p0[2] ^ a0, p0[3] ^ a1 ^ b0, b1, 0];
        lo.copy_from_slice(&r[..N]);
        hi.copy_from_slice(&r[N..2 * N]);
        return (lo, hi);
    }
    k_mul_wide(z, o)
}

/// [`k_mul_wide`] by Montgomery's formulae for N = 6, 7 ([`montgomery_clmul`]); other N
/// fall back to [`k_mul_wide`].
#[inline(always)]
unsafe fn k_mul_wide_montgomery<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
) -> ([u64; N], [u64; N]) {
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    use montgomery_clmul::{k6m, k7m};
    dispatch_fixed!(a, b, lo, hi; 6 => k6m, 7 => k7m);
    k_mul_wide(a, b)
}

#[inline(always)]
unsafe fn k_mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    dispatch_fixed!(a, b, lo, hi; 1 => k1, 2 => k2, 3 => k3, 4 => k4, 5 => k5, 6 => k6,
        7 => k7, 8 => k8, 9 => k9, 10 => k10);
    if const { N <= KMAX } {
        let mut out = [0u64; 2 * KMAX];
        karatsuba_slice(a, b, &mut out[..2 * N]);
        lo.copy_from_slice(&out[..N]);
        hi.copy_from_slice(&out[N..2 * N]);
    } else {
        let mut out = vec![0u64; 2 * N];
        schoolbook(a, b, &mut out);
        lo.copy_from_slice(&out[..N]);
        hi.copy_from_slice(&out[N..]);
    }
    (lo, hi)
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    /// Montgomery's 17- and 22-product carry-less kernels against the portable schoolbook
    /// product and the Karatsuba arrangements, on random and edge operands.
    fn montgomery_matches<const N: usize>(t: Pclmul) {
        let mut s = 0x0123_4567_89ab_cdefu64;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let mut cases: Vec<([u64; N], [u64; N])> = Vec::new();
        let edges = [0u64, 1, u64::MAX, 1 << 63, 0x8000_0000_0000_0001];
        for &x in &edges {
            for &y in &edges {
                cases.push(([x; N], [y; N]));
                let mut a = [0u64; N];
                a[N - 1] = x;
                let mut b = [0u64; N];
                b[0] = y;
                cases.push((a, b));
            }
        }
        for _ in 0..20_000 {
            cases.push((
                core::array::from_fn(|_| next()),
                core::array::from_fn(|_| next()),
            ));
        }
        for (a, b) in cases {
            let want = portable::mul_wide(&a, &b);
            assert_eq!(
                mul_wide_montgomery(t, &a, &b),
                Some(want),
                "a = {a:x?}, b = {b:x?}"
            );
            assert_eq!(mul_wide(t, &a, &b), want);
        }
    }

    fn montgomery_clmul_matches_portable() {
        use crate::cpu::{kernel_log, Feature};
        let Some(t) = Pclmul::detect() else {
            kernel_log::kernel_skipped(
                "binary::x86_64::montgomery_clmul",
                &[Feature::Pclmulqdq, Feature::Sse41],
            );
            return;
        };
        kernel_log::kernel_ran("binary::x86_64::montgomery_clmul");
        montgomery_matches::<6>(t);
        montgomery_matches::<7>(t);
        assert_eq!(mul_wide_montgomery(t, &[1u64; 5], &[1u64; 5]), None);
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[(
        "montgomery_clmul_matches_portable",
        montgomery_clmul_matches_portable,
    )];
}
