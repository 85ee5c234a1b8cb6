//! Reduction in SSE registers by carry-less multiplication ("aligned folds"), for the
//! `pclmul-fold` backend's multiplication, squaring and squaring chains.
//!
//! Source: the word-wise folding of Hankerson–Menezes–Vanstone, *Guide to ECC* §2.3.5,
//! with each word's shifted copies replaced by products: word `i ≥ N` of a double-length
//! polynomial is `c_i·x^(64i) ≡ c_i·x^(64(i−N))·R` with `R = x^(64N−d)·(P − x^d)`, so
//! it is added back as `Σ_j clmul(c_i, R_j)` at word offset `i − N + j` (the 64-bit
//! pieces `R_j` of R, zero pieces skipped; one piece for the NIST 163/283/571
//! pentanomials, two for SSRF 163), with no bit shift at all. The bits at or above d in word `N − 1` are
//! then folded once by `P − x^d` itself. The same idea as the reduction by carry-less
//! multiplication of Gueron–Kounavis, "Intel carry-less multiplication instruction and
//! its usage for computing the GCM mode" (Intel white paper, 2010), for GF(2^128).
//! The data stays in `__m128i` pairs of words from the operand loads to the stores: a
//! square is `clmul(a_k, a_k)` per word, already at its place in the pair layout.
//!
//! Preconditions: `N ≥ 2`, `64(N − 1) < d ≤ 64N` and `d − k_max > 64` (checked by
//! [`applies`]; every NIST and SSRF polynomial of 163 bits and more); for the inlined
//! word kernels' [`reduce_pairs_to`] from a product of reduced elements, the weaker exact
//! conditions of [`word_fold_applies`] (which also admit 83,29,25,3,0, 97,33,0 and
//! 127,63,0). Cost per folded
//! word: one PCLMULQDQ per nonzero piece of R and one or two XORs.
//! Constant-time: yes (every branch and loop bound depends on the modulus only).
//!
//! Inlinable without target features. Every SSE instruction here is SSE2 (baseline on
//! x86-64) and PCLMULQDQ is issued through one-instruction `asm!` blocks ([`clmul`],
//! its VEX form [`clmul_vex`] chosen per CPU by the [`ClmulForm`] token a product
//! kernel takes, and [`clmul_square`] for squares), not the `_mm_clmulepi64_si128`
//! intrinsic: a `#[target_feature]` intrinsic cannot be
//! inlined into code compiled without the feature, so each field operation used to be
//! one out-of-line call (about 4 ns of store-to-load forwarding and call overhead on
//! AMD Zen 5, a third of a 127-bit product). [`mul_inline`] and [`sqr_inline`] inline
//! the whole product and reduction into the caller (the curve formulas), reduced by
//! one of three [`InlineReduction`]s; the caller must hold the PCLMULQDQ proof token.
//! Their cost: the product's 4 / 6 / 12 PCLMULQDQ (N = 2 / 3 / 4; 15 / 24 / 27 / 36 for
//! N = 5 / 7 / 8 / 9; see [`mul_pairs`]) or
//! the square's N, then the reduction (one PCLMULQDQ per piece of R and folded word, or
//! two shifts per term of P per word). The `*_to` forms of the reductions can stop
//! before the last fold (degree < 64N, partially reduced), for
//! [`lanes`](super::lanes).
//! [`reduce_pairs_shift_to`] reduces by shifts instead (c-xs233's way, for trinomials),
//! and [`montgomery_reduce_pairs`] from the bottom (Koç–Acar's Montgomery reduction, for
//! the packed field's Montgomery representation); both constant-time, costs in their
//! documentation. Their square forms ([`square_reduce_shift_to`],
//! [`montgomery_square_pairs`]) issue each PCLMULQDQ of the square where the fold reads
//! its pair: LLVM keeps `asm!` blocks in program order, so that is where they run.
//! [`zeta_sqrt_inline`] does the same for the ζ square root (Avanzi §2.1): PEXT is
//! issued through [`pext`] as PCLMULQDQ through [`clmul`] (the caller must hold the
//! PCLMULQDQ + BMI2 token); cost 4N PEXT, the product of [`mul_pairs`] and one
//! reduction from degree d + ⌊d/2⌋; constant-time as the rest.
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m128i, _mm_and_si128, _mm_castpd_si128, _mm_castsi128_pd, _mm_cvtsi64_si128, _mm_loadl_epi64,
    _mm_loadu_si128, _mm_move_epi64, _mm_or_si128, _mm_set_epi64x, _mm_setzero_si128,
    _mm_shuffle_pd, _mm_sll_epi64, _mm_slli_si128, _mm_srl_epi64, _mm_srli_si128, _mm_storel_epi64,
    _mm_storeu_si128, _mm_xor_si128,
};

use crate::binary::backend::InlineReduction;
use crate::binary::modulus::ModulusSpec;
use crate::binary::sqrt::backend::{split_with, WordSplit, EVEN_MASK, ODD_MASK};

/// Whether the fold reduction applies to `m` with `N`-word elements and pays: the
/// shape conditions of the module header, and R in at most half as many 64-bit pieces
/// as P − x^d has terms (a folded word costs one PCLMULQDQ per piece against two shifts
/// per term on two shift ports). Measured: NIST 233 (`x^74 + 1`, two pieces) sqr
/// 5.6 ns folded against 4.3 ns shifted; NIST 163 (one piece) 2.6 ns against 5.9 ns.
#[inline(always)]
pub fn applies<const N: usize, M: ModulusSpec>(m: &M) -> bool {
    let ks = m.middle_exponents();
    if !shape_applies::<N, M>(m) {
        return false;
    }
    2 * r_pieces::<N, M>(m) <= ks.len() + 1
}

/// The number of nonzero 64-bit pieces of `R = x^(64N−d)·(P − x^d)`: the PCLMULQDQ
/// count of one folded word.
#[inline(always)]
pub fn r_pieces<const N: usize, M: ModulusSpec>(m: &M) -> usize {
    let d = m.degree() as usize;
    if d > 64 * N {
        return N;
    }
    let rw = low_part_words::<N, M>(m, 64 * N - d);
    let mut pieces = 0;
    let mut i = 0;
    while i < N {
        pieces += usize::from(rw[i] != 0);
        i += 1;
    }
    pieces
}

/// The shape conditions of the module header alone: `N ≥ 2`, `64(N − 1) < d ≤ 64N`
/// and `d − k_max > 64` (the fold is correct; [`applies`] also asks that it pay).
#[inline(always)]
pub fn shape_applies<const N: usize, M: ModulusSpec>(m: &M) -> bool {
    let d = m.degree() as usize;
    let kmax = m.middle_exponents().first().map_or(0, |&k| k as usize);
    N >= 2 && d > 64 * (N - 1) && d <= 64 * N && d > kmax + 64
}

/// Whether [`reduce_pairs_to`] (finishing) reduces every product of two reduced
/// elements, and everything of lower degree (the ζ square root's d + ⌊d/2⌋ bits), modulo
/// `m` with `N`-word elements: the exact conditions its three steps need at
/// `top = 2d − 1`, which [`shape_applies`]'s `d − k_max > 64` implies and which also
/// hold for 83,29,25,3,0, 97,33,0 and 127,63,0 (`d − k_max` = 54, 64, 64):
/// - the first pass folds words N.. of the product and leaves bits below
///   `spill = top + (64N − d) + k_max − 64N`, which must fit in the 2N words;
/// - if it leaves any at or above 64N, the second pass folds them top down, one word at a
///   time; a fold of word w reaches bit `64(w − N) + 63 + (64N − d) + k_max`, which stays
///   below word w only if `d − k_max ≥ 64`;
/// - the last fold multiplies the `64N − d` bits at and above d by `P − x^d`, which
///   lands below d only if `64N − d + k_max ≤ d`.
///
/// The inlined product, square and ζ square root with [`InlineReduction::ClmulFold`]
/// rely on this (it is [`InlineReduction::applies`] for that kind).
#[inline(always)]
pub fn word_fold_applies<const N: usize, M: ModulusSpec>(m: &M) -> bool {
    let d = m.degree() as usize;
    let kmax = m.middle_exponents().first().map_or(0, |&k| k as usize);
    if N < 2 || d <= 64 * (N - 1) || d > 64 * N || kmax >= d {
        return false;
    }
    let top = 2 * d - 1;
    let spill = if top > 64 * N {
        top + (64 * N - d) + kmax - 64 * N
    } else {
        0
    };
    let first_pass = spill <= 128 * N;
    let second_pass = spill <= 64 * N || d >= kmax + 64;
    let last_fold = d.is_multiple_of(64) || 64 * N - d + kmax <= d;
    first_pass && second_pass && last_fold
}

/// `(P − x^d)·x^shift` as N little-endian words (bits past 64N dropped; callers keep
/// the degree below it).
#[inline(always)]
fn low_part_words<const N: usize, M: ModulusSpec>(m: &M, shift: usize) -> [u64; N] {
    // Plain index loops (no iterator adaptors): with a compile-time spec the slice and
    // its length are constants, and LLVM folds the whole array to constants.
    let ks = m.middle_exponents();
    let mut w = [0u64; N];
    let mut i = 0;
    while i <= ks.len() {
        let e = if i < ks.len() { ks[i] as usize } else { 0 };
        let b = e + shift;
        if b / 64 < N {
            w[b / 64] |= 1u64 << (b % 64);
        }
        i += 1;
    }
    w
}

/// The product of lane `lane` (0 or 1) of `a` by the low lane of `b`.
#[inline(always)]
fn clmul_lane(form: impl ClmulForm, a: __m128i, b: __m128i, lane: usize) -> __m128i {
    if lane == 0 {
        form.clmul::<0x00>(a, b)
    } else {
        form.clmul::<0x01>(a, b)
    }
}

/// One PCLMULQDQ: the carry-less product of the 64-bit lanes of `a` and `b` chosen by
/// `IMM` (bit 0: lane of `a`, bit 4: lane of `b`), as the intrinsic
/// `_mm_clmulepi64_si128(a, b, IMM)`. Written as `asm!` so that it inlines into
/// functions compiled without the `pclmulqdq` target feature (see the module header).
///
/// # Safety
/// The CPU must have PCLMULQDQ (the backend tokens guarantee it).
#[inline(always)]
pub unsafe fn clmul<const IMM: u8>(a: __m128i, b: __m128i) -> __m128i {
    let mut r = a;
    // SAFETY: the caller guarantees PCLMULQDQ; the instruction reads and writes only
    // the two registers named.
    unsafe {
        core::arch::asm!(
            "pclmulqdq {r}, {b}, {imm}",
            r = inout(xmm_reg) r,
            b = in(xmm_reg) b,
            imm = const IMM,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    r
}

/// How this code's PCLMULQDQ are encoded, chosen per CPU by the proof token that
/// implements it: [`Pclmul`](super::Pclmul) issues the legacy SSE form through
/// [`clmul`] (`pclmulqdq r, b`: the destination is a source, so a product whose first
/// operand is used again is preceded by a copy), [`PclmulAvx`](super::PclmulAvx) the
/// VEX form through [`clmul_vex`] (`vpclmulqdq r, a, b`: three operands, no copy; AVX).
/// Every product kernel below takes the form as its first argument; squares keep the
/// one-register legacy form ([`clmul_square`]), which measured as fast as VEX.
///
/// Measured on AMD Zen 5 (eight interleaved chains of products, ns each): 127,63,0
/// (crrl's four-product arrangement) 2.41 legacy against 1.90 VEX; `PackedField`
/// 233,74,0 7.5 against 6.1. Replacing the copy by a `pshufd` (not eliminated at
/// register renaming) changed nothing, so the cost is not move elimination.
pub trait ClmulForm: Copy + sealed::Sealed {
    /// One carry-less product of the 64-bit lanes of `a` and `b` chosen by `IMM` (bit
    /// 0: lane of `a`, bit 4: lane of `b`), as `_mm_clmulepi64_si128(a, b, IMM)`.
    fn clmul<const IMM: u8>(self, a: __m128i, b: __m128i) -> __m128i;

    /// `None` for the legacy form; for the VEX form `Some(ternlog)`, `ternlog` saying
    /// whether the CPU also has AVX-512F and AVX-512VL (`vpternlogq`). Some kernels of
    /// [`lanes`](super::lanes) are written whole in that encoding (127,63,0; 233,74,0;
    /// the Montgomery product and square at 233,159,0).
    fn vex_ternlog(self) -> Option<bool>;

    /// Whether the 127,63,0 square runs its short arrangement
    /// ([`PclmulAvx::short_square_127`](super::PclmulAvx::short_square_127)); false for
    /// the legacy form.
    fn short_square_127(self) -> bool;
}

/// Only the proof tokens are forms: each asserts the features its encoding needs.
mod sealed {
    pub trait Sealed {}
    impl Sealed for super::super::Pclmul {}
    impl Sealed for super::super::PclmulAvx {}
}

impl ClmulForm for super::Pclmul {
    #[inline(always)]
    fn clmul<const IMM: u8>(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: the token exists only when PCLMULQDQ was detected.
        unsafe { clmul::<IMM>(a, b) }
    }
    #[inline(always)]
    fn vex_ternlog(self) -> Option<bool> {
        None
    }
    #[inline(always)]
    fn short_square_127(self) -> bool {
        false
    }
}

impl ClmulForm for super::PclmulAvx {
    #[inline(always)]
    fn clmul<const IMM: u8>(self, a: __m128i, b: __m128i) -> __m128i {
        // SAFETY: the token exists only when PCLMULQDQ and AVX (enabled by the OS) were
        // detected.
        unsafe { clmul_vex::<IMM>(a, b) }
    }
    #[inline(always)]
    fn vex_ternlog(self) -> Option<bool> {
        Some(self.has_ternlog())
    }
    #[inline(always)]
    fn short_square_127(self) -> bool {
        super::PclmulAvx::short_square_127(self)
    }
}

/// [`clmul`] in the VEX encoding, `vpclmulqdq r, a, b, IMM` (three operands).
///
/// # Safety
/// The CPU must have PCLMULQDQ and AVX, enabled by the OS (the [`PclmulAvx`](super::PclmulAvx)
/// token guarantees it).
#[inline(always)]
pub unsafe fn clmul_vex<const IMM: u8>(a: __m128i, b: __m128i) -> __m128i {
    let r;
    // SAFETY: the caller guarantees PCLMULQDQ and AVX; the instruction reads and writes
    // only the three registers named.
    unsafe {
        core::arch::asm!(
            "vpclmulqdq {r}, {a}, {b}, {imm}",
            r = lateout(xmm_reg) r,
            a = in(xmm_reg) a,
            b = in(xmm_reg) b,
            imm = const IMM,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    r
}

/// `clmul::<IMM>(a, a)`, the carry-less square of lane `IMM & 1` of `a` (IMM 0x00 or
/// 0x11), as `pclmulqdq r, r, IMM` with one register for both operands. Measured on
/// Zen 5 (eight interleaved chains of 127,63,0 squares): 0.93 ns per square against
/// 1.18 ns for `clmul(a, a)`, which names a copy of `a` as the destination and `a` as
/// the source (`movdqa r, a; pclmulqdq r, a`), the same instructions otherwise; LLVM's
/// intrinsic, which emits the one-register form where `a` dies, 0.94 ns.
///
/// # Safety
/// The CPU must have PCLMULQDQ (the backend tokens guarantee it).
#[inline(always)]
pub unsafe fn clmul_square<const IMM: u8>(a: __m128i) -> __m128i {
    let mut r = a;
    // SAFETY: the caller guarantees PCLMULQDQ; the instruction reads and writes only
    // the register named.
    unsafe {
        core::arch::asm!(
            "pclmulqdq {r}, {r}, {imm}",
            r = inout(xmm_reg) r,
            imm = const IMM,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    r
}

/// `a·b mod m`, the whole product and reduction inlined into the caller (no call, no
/// memory round trip), reduced as `kind` says.
///
/// # Safety
/// The CPU must have PCLMULQDQ; `kind.applies::<N, M>(m)` (for every kind `2 ≤ N ≤ 9`;
/// else the result is meaningless, never undefined behaviour).
#[inline(always)]
pub unsafe fn mul_inline<const N: usize, M: ModulusSpec>(
    form: impl ClmulForm,
    kind: InlineReduction,
    m: &M,
    a: &[u64; N],
    b: &[u64; N],
) -> [u64; N] {
    let (a, b) = (operand_pairs(a), operand_pairs(b));
    // SAFETY: forwarded from the caller.
    if let Some(c) = unsafe { mul_fold_early(form, kind, m, &a, &b) } {
        // Below x^(64N) already: only the bits at and above d are left to fold.
        return unsafe { reduce_inline_from(form, kind, m, c, 64 * N) };
    }
    let c = mul_pairs(form, &a, &b);
    reduce_inline(form, kind, m, c)
}

/// `a² mod m` inlined into the caller, as [`mul_inline`].
///
/// # Safety
/// As [`mul_inline`].
#[inline(always)]
pub unsafe fn sqr_inline<const N: usize, M: ModulusSpec>(
    form: impl ClmulForm,
    kind: InlineReduction,
    m: &M,
    a: &[u64; N],
) -> [u64; N] {
    reduce_inline(form, kind, m, square_pairs(&operand_pairs(a)))
}

/// One PEXT (BMI2): the bits of `a` under `mask`, packed at the bottom, as the
/// intrinsic `_pext_u64`. Written as `asm!` (as [`clmul`]) so that it inlines into
/// functions compiled without the `bmi2` target feature.
///
/// # Safety
/// The CPU must have BMI2 (the `PclmulBmi2` token guarantees it).
#[inline(always)]
pub unsafe fn pext(a: u64, mask: u64) -> u64 {
    let r: u64;
    // SAFETY: the caller guarantees BMI2; the instruction reads and writes only the
    // three registers named.
    unsafe {
        core::arch::asm!(
            "pext {r}, {a}, {m}",
            r = lateout(reg) r,
            a = in(reg) a,
            m = in(reg) mask,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    r
}

/// The PEXT [`WordSplit`] through [`pext`], inlinable into code compiled without
/// BMI2. Only for code that has seen BMI2 (a `PclmulBmi2` token, or
/// `sqrt::backend::bmi2::available()`): its safe methods issue PEXT. Where PEXT runs in
/// microcode (AMD Zen 1/2: [`pdep_fast`](super::pdep_fast) false) an array is split on
/// SSE registers by nibble tables ([`lanes::split_words`](super::lanes::split_words)),
/// a word by shifts; the check is made once per array.
pub(crate) struct AsmPextSplit;

impl WordSplit for AsmPextSplit {
    #[inline(always)]
    fn split_word(w: u64) -> (u64, u64) {
        if !super::pdep_fast() {
            // Microcoded PEXT (AMD Zen 1/2): the portable split is faster.
            return crate::binary::sqrt::backend::PortableSplit::split_word(w);
        }
        // SAFETY: only used where BMI2 was detected (see the type's documentation).
        unsafe { (pext(w, EVEN_MASK), pext(w, ODD_MASK)) }
    }

    #[inline(always)]
    fn split_words<const N: usize>(a: &[u64; N], words: usize) -> ([u64; N], [u64; N]) {
        if !super::pdep_fast() {
            if let Some(t) = super::Pclmul::detect() {
                return super::lanes::split_words(t, a, words);
            }
            return crate::binary::sqrt::backend::PortableSplit::split_words(a, words);
        }
        PextUnchecked::split_words(a, words)
    }
}

/// PEXT through [`pext`] without [`AsmPextSplit`]'s speed check, for its array split
/// once that check has passed (the trait's word-by-word loop).
struct PextUnchecked;

impl WordSplit for PextUnchecked {
    #[inline(always)]
    fn split_word(w: u64) -> (u64, u64) {
        // SAFETY: only reached from `AsmPextSplit::split_words`, used where BMI2 was
        // detected (see that type's documentation).
        unsafe { (pext(w, EVEN_MASK), pext(w, ODD_MASK)) }
    }
}

/// `√a = a_even + ζ·a_odd mod m` (Avanzi §2.1, formula (1); `zeta` = √x) inlined
/// into the caller: the even and odd bits of `a` by PEXT, ζ·a_odd by the carry-less
/// Karatsuba of [`mul_pairs`] (a_odd has ⌈N/2⌉ nonzero words), the product reduced as
/// `kind` from degree d + ⌊d/2⌋ down (nothing lies above it: deg ζ < d and
/// deg a_odd ≤ (d − 3)/2).
///
/// # Safety
/// The CPU must have PCLMULQDQ and BMI2; `kind.applies::<N, M>(m)`.
#[inline(always)]
pub unsafe fn zeta_sqrt_inline<const N: usize, M: ModulusSpec>(
    form: impl ClmulForm,
    kind: InlineReduction,
    m: &M,
    zeta: &[u64; N],
    a: &[u64; N],
) -> [u64; N] {
    let (even, odd) = split_with::<N, AsmPextSplit>(a, N);
    let mut c = mul_pairs(form, &operand_pairs(zeta), &operand_pairs(&odd));
    // The even half in the low words (its zero pairs cost nothing: constants).
    let ev = pairs_of(&even, &[0; N]);
    for (cj, ej) in c.iter_mut().zip(ev.iter()) {
        *cj = _mm_xor_si128(*cj, *ej);
    }
    let d = m.degree() as usize;
    reduce_inline_from(form, kind, m, c, d + d / 2)
}

/// An operand's words as pairs, built from the words' values ([`pairs_of`],
/// `_mm_set_epi64x`), not by a 16-byte load: in a caller where the words live in
/// general registers, or were just written by 8-byte stores, a 16-byte load waits for
/// a failed store-to-load forwarding (measured on Zen 5: whole curve operations up to 20 %
/// slower with [`load_pairs`] here). From [`WORDS_THROUGH_MEMORY`] words on, by 16-byte
/// loads.
#[inline(always)]
unsafe fn operand_pairs<const N: usize>(a: &[u64; N]) -> [__m128i; N] {
    if N >= WORDS_THROUGH_MEMORY {
        // SAFETY: SSE2 loads of N readable words.
        unsafe { load_pairs(a) }
    } else {
        pairs_of(a, &[0; N])
    }
}

/// From this many words on, the inlined kernels take their operands by 16-byte loads
/// and give their result by 16-byte stores ([`load_pairs`], [`store_pairs`]) rather than
/// through general registers ([`pairs_of`], `pairs_to_words`): five words and more do
/// not stay in general registers between field operations, so the words are in memory
/// anyway, and the register route costs a `movq`/`pinsrq` or `pextrq` per word on the
/// chain. Measured on AMD Zen 1 (scratch harness, chains of the inlined products, one
/// build each way): 571,10,5,2,0 folds 77–79 → 65–77 ns, 283,12,7,5,0 21.9 → 18.3–21.5;
/// the unchanged 233,74,0 row moved by as much (17.3 → 14.8) between the two builds, the
/// VM's clock having changed, so the gain is not shown beyond that drift; kept for the
/// reason above.
pub const WORDS_THROUGH_MEMORY: usize = 5;

/// The reduced result held in pairs, as words (see [`WORDS_THROUGH_MEMORY`]).
#[inline(always)]
unsafe fn result_words<const N: usize>(r: &[__m128i; N]) -> [u64; N] {
    if N >= WORDS_THROUGH_MEMORY {
        let mut out = [0u64; N];
        // SAFETY: N writable words.
        unsafe { store_pairs(r, &mut out) };
        out
    } else {
        pairs_to_words(r).0
    }
}

/// Reduces the double-length product held as pairs, as `kind` says, and returns the
/// result as words (SSE2 moves, see [`operand_pairs`]): [`reduce_pairs`] (carry-less
/// folds), [`reduce_pairs_shift`] (shifts in SSE registers), or the portable shift
/// reduction in general registers.
#[inline(always)]
unsafe fn reduce_inline<const N: usize, M: ModulusSpec>(
    form: impl ClmulForm,
    kind: InlineReduction,
    m: &M,
    c: [__m128i; N],
) -> [u64; N] {
    reduce_inline_from(form, kind, m, c, crate::binary::portable::product_bits(m))
}

/// [`reduce_inline`] of a value with no bit at position `top` or above.
#[inline(always)]
unsafe fn reduce_inline_from<const N: usize, M: ModulusSpec>(
    form: impl ClmulForm,
    kind: InlineReduction,
    m: &M,
    c: [__m128i; N],
    top: usize,
) -> [u64; N] {
    match kind {
        InlineReduction::GprShift => {
            let (lo, hi) = pairs_to_words(&c);
            crate::binary::portable::reduce_below(m, lo, hi, top)
        }
        // SAFETY: forwarded from the caller.
        _ => result_words(&unsafe { reduce_pairs_sse(form, kind, m, c, top, true) }),
    }
}

/// The SSE-register reduction `kind` names ([`reduce_pairs_to`] for `ClmulFold`,
/// [`reduce_pairs_shift_to`] otherwise), kept in pairs; partial when `finish` is
/// false. Shared by the word kernels above and by [`lanes`](super::lanes).
///
/// # Safety
/// As [`reduce_pairs`].
#[inline(always)]
pub unsafe fn reduce_pairs_sse<const N: usize, M: ModulusSpec>(
    form: impl ClmulForm,
    kind: InlineReduction,
    m: &M,
    c: [__m128i; N],
    top: usize,
    finish: bool,
) -> [__m128i; N] {
    // SAFETY: forwarded from the caller.
    unsafe {
        match kind {
            InlineReduction::ClmulFold => reduce_pairs_to(form, m, c, top, finish),
            _ => reduce_pairs_shift_to(m, c, top, finish),
        }
    }
}

/// The square of the value held as pairs `a` (degree < 64N), reduced as
/// [`reduce_pairs_sse`] reduces for `kind`: [`square_pairs`] then [`reduce_pairs_to`]
/// for `ClmulFold`, [`square_reduce_shift_to`] (each product issued where the fold
/// reads it) otherwise.
///
/// # Safety
/// As [`reduce_pairs`].
#[inline(always)]
pub unsafe fn square_reduce_pairs_sse<const N: usize, M: ModulusSpec>(
    form: impl ClmulForm,
    kind: InlineReduction,
    m: &M,
    a: [__m128i; N],
    finish: bool,
) -> [__m128i; N] {
    // SAFETY: forwarded from the caller.
    unsafe {
        match kind {
            InlineReduction::ClmulFold => {
                reduce_pairs_to(form, m, square_pairs(&a), 128 * N - 1, finish)
            }
            _ => square_reduce_shift_to(m, a, finish),
        }
    }
}

/// Words `j, j + 1` of the 2N-word value held as pairs `x`, as one pair (words outside
/// `0..2N` read as zero; `j` may be odd or negative).
#[inline(always)]
unsafe fn pair_at<const N: usize>(x: &[__m128i; N], j: isize) -> __m128i {
    let get = |k: isize| {
        if k >= 0 && (k as usize) < N {
            x[k as usize]
        } else {
            _mm_setzero_si128()
        }
    };
    if j.rem_euclid(2) == 0 {
        get(j.div_euclid(2))
    } else {
        let k = j.div_euclid(2);
        _mm_or_si128(_mm_srli_si128(get(k), 8), _mm_slli_si128(get(k + 1), 8))
    }
}

/// `x·x^e` truncated to 2N words, for the 2N-word value held as pairs `x`: per result
/// pair, the source words moved by `e / 64` and shifted by `e mod 64` bits.
#[inline(always)]
unsafe fn shl_pairs<const N: usize>(x: &[__m128i; N], e: usize) -> [__m128i; N] {
    let q = (e / 64) as isize;
    let r = (e % 64) as i64;
    let mut out = [_mm_setzero_si128(); N];
    for (k, slot) in out.iter_mut().enumerate() {
        let j = 2 * k as isize - q;
        let hi = _mm_sll_epi64(pair_at(x, j), _mm_cvtsi64_si128(r));
        *slot = if r == 0 {
            hi
        } else {
            _mm_or_si128(
                hi,
                _mm_srl_epi64(pair_at(x, j - 1), _mm_cvtsi64_si128(64 - r)),
            )
        };
    }
    out
}

/// Reduces the double-length polynomial held as N pairs (no bit at or above `top`)
/// by shifts and XORs in SSE registers, the way c-xs233 reduces (Pornin,
/// `REDUCE_PARTIAL_512` in `gf233.h`): the words at and above N are folded from the top
/// down, a *chunk* (the words of one pair, or one word) at a time, each replaced by
/// `Σ chunk·x^e` over the terms x^e of `R = x^(64N−d)·(P − x^d)`; then the bits at or
/// above d in word N − 1 by `P − x^d`. Fully reduced output, like [`reduce_pairs`]; no
/// PCLMULQDQ. See [`reduce_pairs_shift_to`] for the arrangement.
///
/// # Safety
/// Callable only where the CPU has the enabled target features (SSE2 suffices).
#[inline(always)]
pub unsafe fn reduce_pairs_shift<const N: usize, M: ModulusSpec>(
    m: &M,
    c: [__m128i; N],
    top: usize,
) -> [__m128i; N] {
    // SAFETY: forwarded from the caller.
    unsafe { reduce_pairs_shift_to(m, c, top, true) }
}

/// The shift fold by rounds: every word at and above N folded at once by each term of
/// R (`H·x^e` built per result pair from unaligned word pairs), then what that spills
/// at or above word N the same way, then (when `finish`) the bits at or above d.
#[inline(always)]
unsafe fn reduce_pairs_shift_rounds_to<const N: usize, M: ModulusSpec>(
    m: &M,
    mut c: [__m128i; N],
    top: usize,
    finish: bool,
) -> [__m128i; N] {
    let d = m.degree() as usize;
    let ks = m.middle_exponents();
    let shift = 64 * N - d;
    let kmax = ks.first().map_or(0, |&k| k as usize);
    let mut top = top.min(128 * N);
    // Fold the words at and above N until none is left (at most twice for N ≤ 4).
    while top > 64 * N {
        let mut h = [_mm_setzero_si128(); N];
        // H = words N..2N, moved down to words 0..N.
        for (k, slot) in h.iter_mut().enumerate() {
            *slot = pair_at(&c, (N + 2 * k) as isize);
        }
        clear_from_word(&mut c, N);
        let mut i = 0;
        while i <= ks.len() {
            let e = shift + if i < ks.len() { ks[i] as usize } else { 0 };
            let t = shl_pairs(&h, e);
            for k in 0..N {
                c[k] = _mm_xor_si128(c[k], t[k]);
            }
            i += 1;
        }
        top = top - 64 * N + shift + kmax;
    }
    if finish {
        // SAFETY: forwarded from the caller.
        c = unsafe { fold_top_bits_by_shifts(m, c) };
    }
    c
}

/// The last step of both shift reductions: the bits at and above d in word N − 1 (of a
/// value below 64N) folded once by `P − x^d`, by shifts; nothing when 64 divides d.
///
/// # Safety
/// Callable only where the CPU has the enabled target features (SSE2 suffices).
#[inline(always)]
unsafe fn fold_top_bits_by_shifts<const N: usize, M: ModulusSpec>(
    m: &M,
    mut c: [__m128i; N],
) -> [__m128i; N] {
    let d = m.degree() as usize;
    if d.is_multiple_of(64) {
        return c;
    }
    let ks = m.middle_exponents();
    // t = the bits at and above d (in word N − 1), moved down to bit 0.
    let k = N - 1;
    let t = _mm_srl_epi64(pair_at(&c, k as isize), _mm_cvtsi64_si128((d % 64) as i64));
    let t = _mm_and_si128(t, _mm_set_epi64x(0, -1));
    let keep = (1u64 << (d % 64)) - 1;
    let mask = if k.is_multiple_of(2) {
        _mm_set_epi64x(0, keep as i64)
    } else {
        _mm_set_epi64x(keep as i64, -1)
    };
    c[k / 2] = _mm_and_si128(c[k / 2], mask);
    let mut tw = [_mm_setzero_si128(); N];
    tw[0] = t;
    let mut i = 0;
    while i <= ks.len() {
        let e = if i < ks.len() { ks[i] as usize } else { 0 };
        let s = shl_pairs(&tw, e);
        for j in 0..N {
            c[j] = _mm_xor_si128(c[j], s[j]);
        }
        i += 1;
    }
    c
}

/// Whether a chunk of words `lo..=hi` (all at or above N) folded by R lands entirely
/// below word `lo` (so the chunks can be folded from the top down, each once): its top
/// bit `64·hi + 63` moves to `64·hi + 63 − 64N + deg R`.
#[inline(always)]
const fn chunk_lands_below(n: usize, deg_r: usize, lo: usize, hi: usize) -> bool {
    64 * hi + 63 + deg_r < 64 * lo + 64 * n
}

/// The state of [`reduce_pairs_shift_to`] and [`montgomery_reduce_pairs`]: the pairs,
/// and the sums placed at odd word
/// offsets not yet moved into them (`odd[j]` at offset 2j − 1, `odd_top` at 2N − 1).
struct ShiftFold<const N: usize> {
    c: [__m128i; N],
    odd: [__m128i; N],
    odd_top: __m128i,
    /// For a square folded as it is computed: the operand's pairs (`c` then holds only
    /// what was placed), each pair of the square `a_⌊p/2⌋²` issued where pair p is
    /// read (see [`ShiftFold::square`]).
    square_of: Option<[__m128i; N]>,
}

impl<const N: usize> ShiftFold<N> {
    /// The state for the value held as pairs `c`.
    #[inline(always)]
    unsafe fn of(c: [__m128i; N]) -> Self {
        ShiftFold {
            c,
            odd: [_mm_setzero_si128(); N],
            odd_top: _mm_setzero_si128(),
            square_of: None,
        }
    }

    /// The state for the square of the value held as pairs `a` (the first ⌈N/2⌉
    /// meaningful), its N PCLMULQDQ left to the reads: each product is then issued in
    /// the program just before the fold that uses it (the top pair first from the top,
    /// the bottom pair first from the bottom), as c-xs233's `gf_sqr` is scheduled by
    /// its C compiler. PCLMULQDQ is an `asm!` block here, whose latency LLVM does not
    /// know, so it keeps the program's order. Measured on Zen 5 (packed square chains,
    /// throughput): 233,74,0 folded by pairs 3.0 ns with the N products first, 2.85
    /// issued at the reads; 233,159,0 in Montgomery's representation 3.0 against 2.8.
    /// (c-xs233's own sequence, written with the `asm!` PCLMULQDQ: 2.95 ns with its four
    /// products first, 2.4 interleaved as LLVM schedules the intrinsics; a product issued
    /// one pair ahead of its read measured no better than at the read.)
    #[inline(always)]
    unsafe fn square(a: [__m128i; N]) -> Self {
        ShiftFold {
            square_of: Some(a),
            ..Self::of([_mm_setzero_si128(); N])
        }
    }

    /// Pair p as it stands: `c[p]` with the straddling sums on both sides moved in (the
    /// high lane of the one at its left, the low lane of the one at its right), and for
    /// a lazy square its product pair.
    #[inline(always)]
    unsafe fn read(&self, p: usize) -> __m128i {
        let right = if p + 1 < N {
            self.odd[p + 1]
        } else {
            self.odd_top
        };
        let straddle = _mm_castpd_si128(_mm_shuffle_pd::<0b01>(
            _mm_castsi128_pd(self.odd[p]),
            _mm_castsi128_pd(right),
        ));
        let mut own = self.c[p];
        if let Some(a) = self.square_of {
            let x = a[p / 2];
            let sq = if p.is_multiple_of(2) {
                clmul_square::<0x00>(x)
            } else {
                clmul_square::<0x11>(x)
            };
            own = _mm_xor_si128(own, sq);
        }
        _mm_xor_si128(own, straddle)
    }

    /// Adds the value `x` (low lane: word `o`, high lane: word `o + 1`) at word `o`.
    #[inline(always)]
    unsafe fn place(&mut self, o: usize, x: __m128i) {
        if o.is_multiple_of(2) {
            self.c[o / 2] = _mm_xor_si128(self.c[o / 2], x);
        } else if o.div_ceil(2) < N {
            let j = o.div_ceil(2);
            self.odd[j] = _mm_xor_si128(self.odd[j], x);
        } else {
            self.odd_top = _mm_xor_si128(self.odd_top, x);
        }
    }

    /// The chunk of words `w_lo..=w_hi` of pair `p` (one word or both) as it stands,
    /// as a value whose low lane is word `w_lo`.
    #[inline(always)]
    unsafe fn chunk(&self, p: usize, w_lo: usize, w_hi: usize) -> __m128i {
        let pair = self.read(p);
        if w_lo == 2 * p + 1 {
            _mm_srli_si128(pair, 8)
        } else if w_hi == w_lo {
            _mm_move_epi64(pair)
        } else {
            pair
        }
    }

    /// Adds `v·x^e` with `v`'s low lane at word `base`: `v << r` at word `base + q` and
    /// `v >> (64 − r)` at `base + q + 1` (e = 64q + r), two per-lane shifts.
    #[inline(always)]
    unsafe fn place_shifted(&mut self, base: usize, e: usize, v: __m128i) {
        let (q, r) = (e / 64, (e % 64) as i64);
        if r == 0 {
            self.place(base + q, v);
        } else {
            self.place(base + q, _mm_sll_epi64(v, _mm_cvtsi64_si128(r)));
            self.place(base + q + 1, _mm_srl_epi64(v, _mm_cvtsi64_si128(64 - r)));
        }
    }

    /// Folds the chunk of words `w_lo..=w_hi` of pair `p` (all at or above N, landing
    /// below `w_lo`) by the terms of R = x^(64N−d)·(P − x^d): the reduction from the
    /// top.
    #[inline(always)]
    unsafe fn fold_chunk<M: ModulusSpec>(&mut self, m: &M, p: usize, w_lo: usize, w_hi: usize) {
        let v = self.chunk(p, w_lo, w_hi);
        let ks = m.middle_exponents();
        let shift = 64 * N - m.degree() as usize;
        let mut i = 0;
        while i <= ks.len() {
            let k = if i < ks.len() { ks[i] as usize } else { 0 };
            self.place_shifted(w_lo - N, shift + k, v);
            i += 1;
        }
    }

    /// Adds `q·(P − 1)` for the chunk q of words `w_lo..=w_hi` of pair `p`: Montgomery's
    /// step from the bottom (the chunk's own words become zero and are not read
    /// again).
    #[inline(always)]
    unsafe fn clear_chunk_up<M: ModulusSpec>(&mut self, m: &M, p: usize, w_lo: usize, w_hi: usize) {
        let v = self.chunk(p, w_lo, w_hi);
        let ks = m.middle_exponents();
        let mut i = 0;
        while i <= ks.len() {
            let e = if i < ks.len() {
                ks[i] as usize
            } else {
                m.degree() as usize
            };
            self.place_shifted(w_lo, e, v);
            i += 1;
        }
    }
}

/// [`reduce_pairs_shift`], stopping before the last step when `finish` is false: the
/// result then has degree < 64N and is congruent to the input (partially reduced, as
/// c-xs233 keeps its elements), words N.. cleared.
///
/// Two arrangements, chosen on the modulus:
/// - When every pair of high words folded by R lands below itself (`d − k_max ≥ 128`:
///   233,74,0, 283, 409, 571), by rounds (`reduce_pairs_shift_rounds_to`): all high
///   words at once, then the spill. Measured on Zen 5 at 233,74,0 against pair chunks
///   from the top (packed square chains): 5.4 against 6.1 ns latency, 3.6 against 2.9 ns
///   throughput; the rounds are kept for products, for the latency of dependent chains
///   (curve formulas). Squares fold by pair chunks ([`square_reduce_shift_to`]).
/// - Otherwise (`63 < d − k_max < 128`, which [`shape_applies`] guarantees: 233,159,0,
///   127,1,0, 97,33,0, 223,33,0) one word at a time from the top down, c-xs233's
///   `REDUCE_PARTIAL_512` arrangement generalised: each term x^e (e = 64q + r) of R
///   moves the word V at w to word offset `o = w − N + q` as two per-lane shifts,
///   `V << r` at `o` and `V >> (64 − r)` at `o + 1`; values at an even offset are
///   XORed into their pair directly, those at an odd offset straddle two pairs and are
///   summed per offset first, then moved into place once (a pair reads the high lane
///   of the sum at its left and the low lane of the sum at its right: one shuffle);
///   each word is read once, with everything above it already folded in. At 233,159,0
///   (four rounds of 74 bits) measured against the rounds: product chains 11.5 against
///   12.7 ns latency, 7.7 against 9.7 ns throughput.
///
/// # Safety
/// As [`reduce_pairs_shift`].
#[inline(always)]
pub unsafe fn reduce_pairs_shift_to<const N: usize, M: ModulusSpec>(
    m: &M,
    c: [__m128i; N],
    top: usize,
    finish: bool,
) -> [__m128i; N] {
    if pairs_fit::<N, M>(m) {
        // Two rounds by pairs: the rounds' arrangement measured the shorter chain.
        // SAFETY: forwarded from the caller.
        return unsafe { reduce_pairs_shift_rounds_to(m, c, top, finish) };
    }
    // SAFETY: forwarded from the caller.
    unsafe { fold_from_top(m, ShiftFold::of(c), top, finish, false) }
}

/// `a²` for the value held as pairs `a` (degree < 64N), reduced by shifts as
/// [`reduce_pairs_shift_to`] (partially when `finish` is false), with each of the N
/// PCLMULQDQ of the square issued where the fold reads its pair
/// (`ShiftFold::square`). The chunks are pairs wherever every pair lands below
/// itself (233,74,0: c-xs233's `gf_sqr` exactly, two pairs, 8 shifts), else words.
/// Measured on Zen 5 at 233,74,0 (packed square chains as `halfroot report fields`
/// runs them): against the products first and the reduction by rounds, throughput
/// 3.6 → 2.85 ns, latency 5.5 → 6.3 ns (c-xs233's, same run: 2.35 and 6.5). The
/// products keep the rounds (their latency is the closer race).
///
/// # Safety
/// As [`reduce_pairs_shift`].
#[inline(always)]
pub unsafe fn square_reduce_shift_to<const N: usize, M: ModulusSpec>(
    m: &M,
    a: [__m128i; N],
    finish: bool,
) -> [__m128i; N] {
    // SAFETY: forwarded from the caller.
    unsafe {
        fold_from_top(
            m,
            ShiftFold::square(a),
            128 * N - 1,
            finish,
            pairs_fit::<N, M>(m),
        )
    }
}

/// Whether every pair of words at and above N, folded by R, lands below itself
/// (`d − k_max ≥ 128`: 233,74,0, 283, 409, 571).
#[inline(always)]
fn pairs_fit<const N: usize, M: ModulusSpec>(m: &M) -> bool {
    let d = m.degree() as usize;
    let kmax = m.middle_exponents().first().map_or(0, |&k| k as usize);
    let deg_r = 64 * N - d + kmax;
    let mut fit = true;
    let mut p = N / 2;
    while p < N {
        fit &= chunk_lands_below(N, deg_r, (2 * p).max(N), 2 * p + 1);
        p += 1;
    }
    fit
}

/// The fold from the top of [`reduce_pairs_shift_to`] and [`square_reduce_shift_to`]
/// on the state `st` (no bit at or above `top`): the chunks at and above word N from
/// the top down, by pairs when `by_pairs` (every pair must land below itself), else
/// one word at a time; then, when `finish`, the bits at and above d.
#[inline(always)]
unsafe fn fold_from_top<const N: usize, M: ModulusSpec>(
    m: &M,
    mut st: ShiftFold<N>,
    top: usize,
    finish: bool,
    by_pairs: bool,
) -> [__m128i; N] {
    // st.odd[j]: the sum of the values placed at word offset 2j − 1 (its low lane
    // belongs to word 2j − 1, the high lane of pair j − 1; its high lane to word 2j,
    // the low lane of pair j); odd[N] in `odd_top`. Zero where nothing was placed:
    // LLVM folds those away.
    // The chunks from the top down (plain index loops and calls, no arrays of chunks:
    // LLVM then unrolls everything on the compile-time spec).
    let top_word = top.min(128 * N).saturating_sub(1) / 64;
    let mut p = N;
    while p > N / 2 {
        p -= 1;
        let (lo, hi) = ((2 * p).max(N), 2 * p + 1);
        if lo > top_word {
            continue;
        }
        if lo == hi || by_pairs {
            st.fold_chunk(m, p, lo, hi);
        } else {
            st.fold_chunk(m, p, hi, hi);
            st.fold_chunk(m, p, lo, lo);
        }
    }
    // Every chunk folded: the pairs below word N as they stand, words N.. cleared.
    let mut out = [_mm_setzero_si128(); N];
    for (k, slot) in out.iter_mut().enumerate().take(N.div_ceil(2)) {
        *slot = st.read(k);
    }
    clear_from_word(&mut out, N);
    if finish {
        // SAFETY: forwarded from the caller.
        out = unsafe { fold_top_bits_by_shifts(m, out) };
    }
    out
}

/// Whether [`montgomery_reduce_pairs`] applies to `m` with `N`-word elements: N even
/// (2 or 4), `64(N − 1) < d ≤ 64N`, and every middle exponent at least 64, so that
/// `P ≡ 1 (mod x^64)` and a word's multiple of P lands above the word.
#[inline(always)]
pub fn montgomery_applies<const N: usize, M: ModulusSpec>(m: &M) -> bool {
    let d = m.degree() as usize;
    let kmin = m.middle_exponents().last().map_or(0, |&k| k as usize);
    (N == 2 || N == 4) && d > 64 * (N - 1) && d <= 64 * N && kmin >= 64
}

/// Montgomery's reduction (Koç–Acar, "Montgomery multiplication in GF(2^k)", Designs,
/// Codes and Cryptography 14, 1998) by shifts: `C·x^(−64N) mod P` for the product `C`
/// of two canonical values (degree ≤ 2d − 2), fully reduced, as N pairs (the first
/// N/2 meaningful). With every middle exponent k ≥ 64, `P ≡ 1 (mod x^64)`, so the
/// multiple of P that clears a low chunk q of C is q·P itself: `C + q·P` adds
/// `q·x^k` for every term x^k of `P − 1`, all landing above the chunk. The chunks (the
/// pairs when every k ≥ 128, else the words) are cleared from the bottom up, each read
/// once with everything below it already added in, the arrangement of
/// [`reduce_pairs_shift_to`] run the other way; the result is words N..2N, of degree
/// ≤ max(2d − 2, 64N − 1 + d) − 64N ≤ d − 1. At 233,159,0 (k = 159, 233): two pairs,
/// 8 shifts, the same count as c-xs233's `REDUCE_PARTIAL_512` at 233,74,0, where the
/// reduction from the top needs four rounds (233 − 159 = 74 bits each).
///
/// # Safety
/// Callable only where the CPU has the enabled target features (SSE2 suffices);
/// [`montgomery_applies`] must hold (else the result is meaningless, never undefined
/// behaviour).
#[inline(always)]
pub unsafe fn montgomery_reduce_pairs<const N: usize, M: ModulusSpec>(
    m: &M,
    c: [__m128i; N],
) -> [__m128i; N] {
    // SAFETY: forwarded from the caller.
    unsafe { montgomery_fold(m, ShiftFold::of(c)) }
}

/// [`montgomery_reduce_pairs`] of the square of the value held as pairs `a` (canonical),
/// each PCLMULQDQ of the square issued where the fold reads its pair
/// (`ShiftFold::square`; here the bottom pair first).
///
/// # Safety
/// As [`montgomery_reduce_pairs`].
#[inline(always)]
pub unsafe fn montgomery_square_pairs<const N: usize, M: ModulusSpec>(
    m: &M,
    a: [__m128i; N],
) -> [__m128i; N] {
    // SAFETY: forwarded from the caller.
    unsafe { montgomery_fold(m, ShiftFold::square(a)) }
}

/// The chunks of [`montgomery_reduce_pairs`] cleared from the bottom up on the state
/// `st`, then the high half read out.
#[inline(always)]
unsafe fn montgomery_fold<const N: usize, M: ModulusSpec>(
    m: &M,
    mut st: ShiftFold<N>,
) -> [__m128i; N] {
    let kmin = m.middle_exponents().last().map_or(0, |&k| k as usize);
    let mut p = 0;
    while p < N / 2 {
        if kmin >= 128 {
            st.clear_chunk_up(m, p, 2 * p, 2 * p + 1);
        } else {
            st.clear_chunk_up(m, p, 2 * p, 2 * p);
            st.clear_chunk_up(m, p, 2 * p + 1, 2 * p + 1);
        }
        p += 1;
    }
    let mut out = [_mm_setzero_si128(); N];
    for (k, slot) in out.iter_mut().enumerate().take(N / 2) {
        *slot = st.read(N / 2 + k);
    }
    out
}

/// The 2N words held as pairs `c`, as (low, high) words (SSE2 moves only).
#[inline(always)]
unsafe fn pairs_to_words<const N: usize>(c: &[__m128i; N]) -> ([u64; N], [u64; N]) {
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    for w in 0..2 * N {
        let p = c[w / 2];
        let v = if w % 2 == 0 { p } else { _mm_srli_si128(p, 8) };
        let v = core::arch::x86_64::_mm_cvtsi128_si64(v) as u64;
        if w < N {
            lo[w] = v;
        } else {
            hi[w - N] = v;
        }
    }
    (lo, hi)
}

/// Adds the 128-bit `p` at word offset `w` of the pair array `c` (bits past 2N words
/// dropped).
#[inline(always)]
unsafe fn add_at<const N: usize>(c: &mut [__m128i; N], w: usize, p: __m128i) {
    if w.is_multiple_of(2) {
        if w / 2 < N {
            c[w / 2] = _mm_xor_si128(c[w / 2], p);
        }
    } else {
        if w / 2 < N {
            c[w / 2] = _mm_xor_si128(c[w / 2], _mm_slli_si128(p, 8));
        }
        if w / 2 + 1 < N {
            c[w / 2 + 1] = _mm_xor_si128(c[w / 2 + 1], _mm_srli_si128(p, 8));
        }
    }
}

/// Reduces the double-length polynomial held as N pairs of words (`c[k]` = words
/// `2k, 2k + 1`), with no bit at or above `top`, and stores the N result words to `out`.
///
/// # Safety
/// `out` valid for writing N words; [`applies`] holds for `m`.
#[inline(always)]
pub unsafe fn reduce_store<const N: usize, M: ModulusSpec>(
    form: impl ClmulForm,
    m: &M,
    c: [__m128i; N],
    top: usize,
    out: *mut [u64; N],
) {
    let c = reduce_pairs(form, m, c, top);
    // SAFETY: forwarded from the caller.
    unsafe { store_pairs(&c, out) }
}

/// Reduces as [`reduce_store`] and returns the pairs: words `0..N` hold the result; the
/// other lanes are unspecified. Requires [`applies`] (else the result is meaningless,
/// never a panic).
///
/// The folds are arranged for latency. Every word at or above N is folded from the
/// *unreduced* input in one pass, so all those products are independent (one
/// PCLMULQDQ deep, not one per word as a top-down fold would be); only what that pass
/// spills back at or above word N (when `top − 1 − d + k_max ≥ 64N`, known from the
/// modulus alone) is folded again, top down; then the bits at or above d in word
/// N − 1. The value is the same as a top-down fold: each step replaces
/// `c_i·x^(64i)` by the congruent `c_i·x^(64(i−N))·R`.
///
/// # Safety
/// Callable only where the CPU has the enabled target features (the backend
/// tokens guarantee it).
#[inline(always)]
pub unsafe fn reduce_pairs<const N: usize, M: ModulusSpec>(
    form: impl ClmulForm,
    m: &M,
    c: [__m128i; N],
    top: usize,
) -> [__m128i; N] {
    // SAFETY: forwarded from the caller.
    unsafe { reduce_pairs_to(form, m, c, top, true) }
}

/// [`reduce_pairs`], stopping before the fold of the bits at and above d when `finish`
/// is false: the result then has degree < 64N and is congruent to the input (partially
/// reduced), words N.. cleared.
///
/// # Safety
/// As [`reduce_pairs`].
#[inline(always)]
pub unsafe fn reduce_pairs_to<const N: usize, M: ModulusSpec>(
    form: impl ClmulForm,
    m: &M,
    mut c: [__m128i; N],
    top: usize,
    finish: bool,
) -> [__m128i; N] {
    let d = m.degree() as usize;
    let shift = 64 * N - d;
    let rw = low_part_words::<N, M>(m, shift);
    let kmax = m.middle_exponents().first().map_or(0, |&k| k as usize);
    let top = top.min(128 * N);
    let top_word = top.div_ceil(64);
    if top_word > N {
        // Pass 1: words N..top_word of the input, all at once. Up to
        // `SPILL_APART_MAX_WORDS` words, the products that reach word N or above (those
        // of the top words: with R in one piece, the top word's alone) are summed apart,
        // in `spill`, so that pass 2 can start as soon as they are done rather than wait
        // for every product of the pass (the top word of a product is ready first; see
        // [`mul_192`]). Beyond, everything goes to `c` and `spill` stays zero.
        let src = c;
        clear_from_word(&mut c, N);
        let mut spill = [_mm_setzero_si128(); N];
        unrolled_upto!(N, top_word - N, t => {
            let i = N + t;
            for (j, &r) in rw.iter().enumerate() {
                if r != 0 {
                    let p = clmul_lane(form, src[i / 2], _mm_cvtsi64_si128(r as i64), i % 2);
                    let o = i - N + j;
                    if N <= SPILL_APART_MAX_WORDS && o + 1 >= N {
                        add_at(&mut spill, o, p);
                    } else {
                        add_at(&mut c, o, p);
                    }
                }
            }
        });
        // Highest bit pass 1 can leave: (top − 1 − 64N) + deg R, deg R = shift + k_max.
        let spill_top = top + shift + kmax - 64 * N;
        if N > SPILL_APART_MAX_WORDS {
            spill = c;
            clear_from_word(&mut c, 0);
        }
        // Pass 2: the spill, top down (each fold may feed the next lower word), within
        // `spill`; then its words below N join the rest.
        // Written out as pass 1 (constant indices keep `spill` in registers).
        let spill_words = spill_top.div_ceil(64).min(2 * N);
        unrolled_upto!(N, spill_words.saturating_sub(N), t => {
            let i = spill_words - 1 - t;
            let src = spill[i / 2];
            clear_word(&mut spill, i);
            for (j, &r) in rw.iter().enumerate() {
                if r != 0 {
                    let p = clmul_lane(form, src, _mm_cvtsi64_si128(r as i64), i % 2);
                    add_at(&mut spill, i - N + j, p);
                }
            }
        });
        // Words N.. of `spill` are clear now (every word up to `spill_top` folded).
        for k in 0..N.div_ceil(2) {
            c[k] = _mm_xor_si128(c[k], spill[k]);
        }
    }
    let k = N - 1;
    if finish && !d.is_multiple_of(64) {
        let rr = low_part_words::<N, M>(m, 0);
        let t = _mm_srl_epi64(c[k / 2], _mm_cvtsi64_si128((d % 64) as i64));
        let keep = (1u64 << (d % 64)) - 1;
        let mask = if k.is_multiple_of(2) {
            _mm_set_epi64x(0, keep as i64)
        } else {
            _mm_set_epi64x(keep as i64, -1)
        };
        c[k / 2] = _mm_and_si128(c[k / 2], mask);
        for (j, &r) in rr.iter().enumerate() {
            if r != 0 {
                let p = clmul_lane(form, t, _mm_cvtsi64_si128(r as i64), k % 2);
                add_at(&mut c, j, p);
            }
        }
    }
    c
}

/// Up to this many words, [`reduce_pairs_to`] sums the first pass's products that spill
/// at or above word N apart from the others, so that the second pass need not wait for
/// the lower ones. Measured on AMD Zen 1 (scratch harness, chains of the inlined
/// product reduced by carry-less folds, ns, before → after, with [`mul_192`] issuing its
/// top products first): 163,7,6,3,0 13.1–13.5 → 12.1–12.2, 163,57,49,29,0 19.0–19.7 →
/// 18.0–18.3, 283,12,7,5,0 unchanged (21.5–22.2 → 21.2–22.0); at 571,10,5,2,0 the second
/// array of pairs no longer fits in the sixteen SSE registers and the chain went from
/// 57–66 to 142–150 ns, so from five words on the passes share one array as before.
const SPILL_APART_MAX_WORDS: usize = 4;

/// `for $i in 0..$n $body` with the iterations written out (each guarded by `$i < $n`,
/// so a constant `$n` leaves straight-line code with constant indices), for a count
/// `$n` known to be at most `$cap` (a constant expression): 4 copies of the body when
/// `$cap ≤ 4`, 9 when `$cap ≤ 9`, else 18; a loop takes any iterations beyond (none
/// when `$n ≤ $cap` and the count is known, and LLVM drops it). LLVM does not unroll the
/// fold's loop over the high words by itself from 9 words on (571 bits: the loop
/// stayed, with the pairs in memory and two `memcpy` calls per reduction; measured on
/// AMD Zen 1, a chain of reductions 45 ns). The copies are cut to the cap because each
/// is compiled for every field of the build before LLVM finds it dead: with 18 for
/// every N, [`reduce_pairs_to`] was a tenth of the LLVM IR of the `binary` test
/// binary (`cargo llvm-lines`, session 44).
macro_rules! unrolled_upto {
    ($cap:expr, $n:expr, $i:ident => $body:block) => {{
        let n: usize = $n;
        let written: usize = if const { $cap <= 4 } {
            unrolled_upto!(@ n, $i, $body; 0 1 2 3);
            4
        } else if const { $cap <= 9 } {
            unrolled_upto!(@ n, $i, $body; 0 1 2 3 4 5 6 7 8);
            9
        } else {
            unrolled_upto!(@ n, $i, $body; 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17);
            18
        };
        for $i in written..n $body
    }};
    (@ $n:ident, $i:ident, $body:block; $($k:literal)*) => {
        $( if $k < $n { let $i: usize = $k; $body } )*
    };
}
use unrolled_upto;

/// Clears words `w..2N` of the pairs `c`.
#[inline(always)]
unsafe fn clear_from_word<const N: usize>(c: &mut [__m128i; N], w: usize) {
    for (k, slot) in c.iter_mut().enumerate() {
        if 2 * k >= w {
            *slot = _mm_setzero_si128();
        } else if 2 * k + 1 >= w {
            *slot = _mm_and_si128(*slot, _mm_set_epi64x(0, -1));
        }
    }
}

/// Clears word `w` of the pairs `c`.
#[inline(always)]
unsafe fn clear_word<const N: usize>(c: &mut [__m128i; N], w: usize) {
    let keep = if w.is_multiple_of(2) {
        _mm_set_epi64x(-1, 0)
    } else {
        _mm_set_epi64x(0, -1)
    };
    c[w / 2] = _mm_and_si128(c[w / 2], keep);
}

/// The unreduced product of `a` and `b`, held as pairs of words ([`load_pairs`]
/// layout), as pairs of the 2N-word product. For N = 2, 3, 4 the Karatsuba
/// arrangements (4, 6 and 12 products: a 128-bit product by `mul_128`, N = 4 one
/// Karatsuba level over 128-bit halves) and for N = 5, 7, 8, 9 those of `mul_320`,
/// `mul_448`, `mul_512` and `mul_576` (15, 24, 27 and 36
/// products, every 128-bit product by Karatsuba) are computed here without
/// leaving the SSE registers: moving 128-bit values to general registers and back
/// costs about 10 cycles on AMD Zen 5 (measured: `movq`/`pinsrq` round trip), more
/// than a PCLMULQDQ. Measured on AMD Zen 1 (out-of-line `pclmul-fold` product, one
/// dependent chain, scratch harness): 283,12,7,5,0 29–34 ns against 33–40 with the
/// product from the word kernels, 571,10,5,2,0 60–68 against 70–85. Other N (6, and
/// above 9): the parent's word kernels.
///
/// # Safety
/// Callable only where the CPU has the enabled target features (the backend
/// tokens guarantee it).
#[inline(always)]
pub unsafe fn mul_pairs<const N: usize>(
    form: impl ClmulForm,
    a: &[__m128i; N],
    b: &[__m128i; N],
) -> [__m128i; N] {
    let mut r = [_mm_setzero_si128(); N];
    if const { N == 2 } {
        let (lo, hi) = mul_128(form, a[0], b[0]);
        r[0] = lo;
        r[1] = hi;
        return r;
    }
    if const { N == 3 } {
        let (r01, r23, r45) = mul_192(form, a[0], a[1], b[0], b[1]);
        r[0] = r01;
        r[1] = r23;
        r[2] = r45;
        return r;
    }
    if const { N == 4 } {
        r[..4].copy_from_slice(&mul_256::<false>(form, [a[0], a[1]], [b[0], b[1]]));
        return r;
    }
    if const { N == 5 } {
        r[..5].copy_from_slice(&mul_320(form, [a[0], a[1], a[2]], [b[0], b[1], b[2]]));
        return r;
    }
    if const { N == 7 } {
        r[..7].copy_from_slice(&mul_448(form, &a[..4], &b[..4]));
        return r;
    }
    if const { N == 8 } {
        r[..8].copy_from_slice(&mul_512(form, &a[..4], &b[..4]));
        return r;
    }
    if const { N == 9 } {
        r[..9].copy_from_slice(&mul_576(form, &a[..5], &b[..5]));
        return r;
    }
    let mut aw = [0u64; N];
    let mut bw = [0u64; N];
    // SAFETY: N writable words each.
    unsafe {
        store_pairs(a, &mut aw);
        store_pairs(b, &mut bw);
    }
    let (lo, hi) = super::k_mul_wide(&aw, &bw);
    pairs_of(&lo, &hi)
}

/// Whether [`mul_128`] is the schoolbook product (4 PCLMULQDQ, all independent) rather
/// than Karatsuba's (3, the middle one after the operands' half sums). Measured on AMD
/// Zen 5 (`PackedField` 233,74,0, chains): schoolbook 8.9 ns latency and 7.1 ns
/// throughput a product against 9.3 and 7.0, and the B-233 ladder 15.9 against 17.6 µs;
/// the words products gained too (233,74,0 10.8 against 11.7 ns). Not measured on a
/// CPU whose PCLMULQDQ throughput is lower (Zen 3): the Karatsuba form stays here for
/// that comparison.
const MUL_128_SCHOOLBOOK: bool = true;

/// 128 × 128 bits as (low, high) pairs: schoolbook or Karatsuba (see
/// [`MUL_128_SCHOOLBOOK`]).
#[inline(always)]
unsafe fn mul_128(form: impl ClmulForm, va: __m128i, vb: __m128i) -> (__m128i, __m128i) {
    if MUL_128_SCHOOLBOOK {
        let c0 = form.clmul::<0x00>(va, vb);
        let c1 = _mm_xor_si128(form.clmul::<0x01>(va, vb), form.clmul::<0x10>(va, vb));
        let c2 = form.clmul::<0x11>(va, vb);
        return (
            _mm_xor_si128(c0, _mm_slli_si128(c1, 8)),
            _mm_xor_si128(c2, _mm_srli_si128(c1, 8)),
        );
    }
    mul_128_karatsuba(form, va, vb)
}

/// 128 × 128 bits by Karatsuba's three products whatever [`MUL_128_SCHOOLBOOK`] says:
/// the wide products below (5–9 words) use it, so that they issue the counts of
/// [`clmul_products`](crate::binary::backend::clmul_products) (15, 24, 27 and 36), the
/// counts the PCLMULQDQ bound of the report is made of.
#[inline(always)]
unsafe fn mul_128_karatsuba(form: impl ClmulForm, va: __m128i, vb: __m128i) -> (__m128i, __m128i) {
    let p0 = form.clmul::<0x00>(va, vb);
    let p2 = form.clmul::<0x11>(va, vb);
    let sa = _mm_xor_si128(va, _mm_srli_si128(va, 8));
    let sb = _mm_xor_si128(vb, _mm_srli_si128(vb, 8));
    let mid = _mm_xor_si128(form.clmul::<0x00>(sa, sb), _mm_xor_si128(p0, p2));
    (
        _mm_xor_si128(p0, _mm_slli_si128(mid, 8)),
        _mm_xor_si128(p2, _mm_srli_si128(mid, 8)),
    )
}

/// 256 × 256 bits (two pairs each) as four pairs: one Karatsuba level over 128-bit
/// halves, the halves by [`mul_128`] (`KARATSUBA` false: 9 or 12 products) or by
/// [`mul_128_karatsuba`] (true: 9).
#[inline(always)]
unsafe fn mul_256<const KARATSUBA: bool>(
    form: impl ClmulForm,
    a: [__m128i; 2],
    b: [__m128i; 2],
) -> [__m128i; 4] {
    let half = |x: __m128i, y: __m128i| {
        if KARATSUBA {
            mul_128_karatsuba(form, x, y)
        } else {
            mul_128(form, x, y)
        }
    };
    let (l0, l1) = half(a[0], b[0]);
    let (h0, h1) = half(a[1], b[1]);
    let (m0, m1) = half(_mm_xor_si128(a[0], a[1]), _mm_xor_si128(b[0], b[1]));
    let m0 = _mm_xor_si128(m0, _mm_xor_si128(l0, h0));
    let m1 = _mm_xor_si128(m1, _mm_xor_si128(l1, h1));
    [l0, _mm_xor_si128(l1, m0), _mm_xor_si128(h0, m1), h1]
}

/// 320 × 320 bits (words 0..5 in three pairs, the last word in the low lane) as five
/// pairs: Karatsuba split at word 2 (a = A0 + x^128·A1, A0 two words, A1 three), so
/// every part is pair-aligned: A0·B0 by [`mul_128_karatsuba`] (3 products), A1·B1 and
/// (A0 + A1)(B0 + B1) by [`mul_192`] (6 each); 15 products.
#[inline(always)]
unsafe fn mul_320(form: impl ClmulForm, a: [__m128i; 3], b: [__m128i; 3]) -> [__m128i; 5] {
    let (l0, l1) = mul_128_karatsuba(form, a[0], b[0]);
    let (h0, h1, h2) = mul_192(form, a[1], a[2], b[1], b[2]);
    let (m0, m1, m2) = mul_192(
        form,
        _mm_xor_si128(a[0], a[1]),
        a[2],
        _mm_xor_si128(b[0], b[1]),
        b[2],
    );
    let m0 = _mm_xor_si128(m0, _mm_xor_si128(l0, h0));
    let m1 = _mm_xor_si128(m1, _mm_xor_si128(l1, h1));
    let m2 = _mm_xor_si128(m2, h2);
    [
        l0,
        _mm_xor_si128(l1, m0),
        _mm_xor_si128(h0, m1),
        _mm_xor_si128(h1, m2),
        h2,
    ]
}

/// 448 × 448 bits (words 0..7 in four pairs, the last word in the low lane) as seven
/// pairs: Karatsuba split at word 4 (A0 four words, A1 three), A0·B0 and
/// (A0 + A1)(B0 + B1) by [`mul_256`] (9 each), A1·B1 by [`mul_192`] (6); 24 products.
#[inline(always)]
unsafe fn mul_448(form: impl ClmulForm, a: &[__m128i], b: &[__m128i]) -> [__m128i; 7] {
    let (h0, h1, h2) = mul_192(form, a[2], a[3], b[2], b[3]);
    let r = split_at_256(form, a, b, [h0, h1, h2, _mm_setzero_si128()]);
    core::array::from_fn(|i| r[i])
}

/// 512 × 512 bits (four pairs each) as eight pairs: one Karatsuba level over 256-bit
/// halves, every part by [`mul_256`]; 27 products.
#[inline(always)]
unsafe fn mul_512(form: impl ClmulForm, a: &[__m128i], b: &[__m128i]) -> [__m128i; 8] {
    let h = mul_256::<true>(form, [a[2], a[3]], [b[2], b[3]]);
    split_at_256(form, a, b, h)
}

/// The Karatsuba step shared by [`mul_448`] and [`mul_512`]: a = A0 + x^256·A1 with A0
/// pairs 0–1 and A1 pairs 2–3 (the top lane zero for 7 words), given H = A1·B1 as four
/// pairs; A0·B0 and (A0 + A1)(B0 + B1) by [`mul_256`] (9 products each), and
/// L + x^256·(M + L + H) + x^512·H as eight pairs.
#[inline(always)]
unsafe fn split_at_256(
    form: impl ClmulForm,
    a: &[__m128i],
    b: &[__m128i],
    h: [__m128i; 4],
) -> [__m128i; 8] {
    let l = mul_256::<true>(form, [a[0], a[1]], [b[0], b[1]]);
    let m = mul_256::<true>(
        form,
        [_mm_xor_si128(a[0], a[2]), _mm_xor_si128(a[1], a[3])],
        [_mm_xor_si128(b[0], b[2]), _mm_xor_si128(b[1], b[3])],
    );
    let mut r = [_mm_setzero_si128(); 8];
    for i in 0..4 {
        r[i] = _mm_xor_si128(r[i], l[i]);
        r[4 + i] = _mm_xor_si128(r[4 + i], h[i]);
        r[2 + i] = _mm_xor_si128(r[2 + i], _mm_xor_si128(m[i], _mm_xor_si128(l[i], h[i])));
    }
    r
}

/// Words `2k + 1` and `2k + 2` of a value held as pairs: `[x.hi, y.lo]` for the pairs
/// `x = [w_2k, w_2k+1]`, `y = [w_2k+2, w_2k+3]` (one SSE2 `shufpd`, as the shift
/// reduction's straddling pairs).
#[inline(always)]
unsafe fn odd_pair(x: __m128i, y: __m128i) -> __m128i {
    _mm_castpd_si128(_mm_shuffle_pd::<0b01>(
        _mm_castsi128_pd(x),
        _mm_castsi128_pd(y),
    ))
}

/// 576 × 576 bits (words 0..9 in five pairs, the last word in the low lane) as nine
/// pairs: three 3-word blocks (words 0–2, 3–5, 6–8) by the 3-term Karatsuba of
/// Weimerskirch–Paar over blocks, each block product by [`mul_192`]: 6 × 6 = 36
/// products. The middle block and the terms at word offsets 3 and 9 are realigned to
/// the pairs by [`odd_pair`].
#[inline(always)]
unsafe fn mul_576(form: impl ClmulForm, a: &[__m128i], b: &[__m128i]) -> [__m128i; 9] {
    // Each block as (words 0–1 pair, word 2 in the low lane).
    let blocks = |x: &[__m128i]| {
        [
            (x[0], x[1]),
            (odd_pair(x[1], x[2]), _mm_srli_si128(x[2], 8)),
            (x[3], x[4]),
        ]
    };
    let (ba, bb) = (blocks(a), blocks(b));
    let add = |(x0, x1): (__m128i, __m128i), (y0, y1): (__m128i, __m128i)| {
        (_mm_xor_si128(x0, y0), _mm_xor_si128(x1, y1))
    };
    let prod = |x: (__m128i, __m128i), y: (__m128i, __m128i)| {
        let (p, q, s) = mul_192(form, x.0, x.1, y.0, y.1);
        [p, q, s]
    };
    let p0 = prod(ba[0], bb[0]);
    let p1 = prod(ba[1], bb[1]);
    let p2 = prod(ba[2], bb[2]);
    let p01 = prod(add(ba[0], ba[1]), add(bb[0], bb[1]));
    let p02 = prod(add(ba[0], ba[2]), add(bb[0], bb[2]));
    let p12 = prod(add(ba[1], ba[2]), add(bb[1], bb[2]));
    // a·b = P0 + x^192·C1 + x^384·C2 + x^576·C3 + x^768·P2.
    let x = _mm_xor_si128;
    let mut r = [_mm_setzero_si128(); 9];
    // Six-word odd-offset terms as one twelve-word run from word 3: C1 then C3.
    let mut odd = [_mm_setzero_si128(); 7];
    for i in 0..3 {
        let p01x = x(p0[i], p1[i]);
        let p12x = x(p1[i], p2[i]);
        r[i] = x(r[i], p0[i]);
        r[3 + i] = x(r[3 + i], x(x(p02[i], p01x), p2[i]));
        r[6 + i] = x(r[6 + i], p2[i]);
        odd[i] = x(p01[i], p01x);
        odd[3 + i] = x(p12[i], p12x);
    }
    // Run word 2j + 3 + e (e = 0, 1) is word e of odd[j]: result pair 1 gets odd[0]'s
    // low word in its high lane, pair j + 2 the words [odd[j].hi, odd[j + 1].lo].
    r[1] = x(r[1], _mm_slli_si128(odd[0], 8));
    for j in 0..6 {
        r[j + 2] = x(r[j + 2], odd_pair(odd[j], odd[j + 1]));
    }
    r
}

/// The 128-bit `a` times the element held as pairs `b` (words 0..N), as the pairs of
/// the product (N + 2 words, no more than 2N): one `mul_128` per pair of `b`.
///
/// # Safety
/// Callable only where the CPU has PCLMULQDQ (the backend tokens guarantee it).
#[inline(always)]
pub unsafe fn mul_128_by_pairs<const N: usize>(
    form: impl ClmulForm,
    a: __m128i,
    b: &[__m128i; N],
) -> [__m128i; N] {
    let mut r = [_mm_setzero_si128(); N];
    for k in 0..N.div_ceil(2) {
        // SAFETY: forwarded from the caller.
        let (lo, hi) = unsafe { mul_128(form, a, b[k]) };
        r[k] = _mm_xor_si128(r[k], lo);
        if k + 1 < N {
            r[k + 1] = _mm_xor_si128(r[k + 1], hi);
        }
    }
    r
}

/// The product of two values below x^192 held as pairs (N = 3), reduced below x^192
/// modulo x^(192 − d)·P by `mul_192_fold_early` (below), where `kind` is
/// [`InlineReduction::ClmulFold`], 128 < d ≤ 192 and R = x^(192 − d)·(P − x^d) is one
/// word (163,7,6,3,0, 191,9,0; not 163,57,49,29,0); `None` elsewhere. Partially
/// reduced: [`reduce_pairs_to`] from `top` = 192 with `finish` folds the bits at and
/// above d.
///
/// # Safety
/// The CPU must have PCLMULQDQ (the form's token proves it).
#[inline(always)]
pub unsafe fn mul_fold_early<const N: usize, M: ModulusSpec>(
    form: impl ClmulForm,
    kind: InlineReduction,
    m: &M,
    a: &[__m128i; N],
    b: &[__m128i; N],
) -> Option<[__m128i; N]> {
    if const { N == 3 } {
        let d = m.degree() as usize;
        if kind != InlineReduction::ClmulFold || d <= 128 || d > 192 || r_pieces::<N, M>(m) != 1 {
            return None;
        }
        let r = low_part_words::<N, M>(m, 192 - d)[0];
        // SAFETY: forwarded from the caller.
        let (w01, w2) = unsafe { mul_192_fold_early(form, r, a[0], a[1], b[0], b[1]) };
        let mut c = [_mm_setzero_si128(); N];
        c[0] = w01;
        c[1] = w2;
        return Some(c);
    }
    None
}

/// 192 × 192 bits as [`mul_192`], reduced below x^192 modulo x^(192 − d)·P for
/// `r` = R = x^(192 − d)·(P − x^d) in one word (x^192 ≡ R): words 3, 4 and 5 of the
/// product folded by one PCLMULQDQ each, and what the fold of word 5 leaves in word 3
/// by one more, as [`reduce_pairs_to`] folds them, but scheduled from where each input
/// is ready: word 5 is the top lane of a2·b2 alone, so its fold (into words 2, 3) and
/// the fold of its spill (into words 0, 1) start after the first product, while the five
/// others run, instead of after the Karatsuba sums are joined; words 3 and 4 fold once
/// they are. The same ten products. Measured on an AMD Zen 4 (session 53, 163,7,6,3,0,
/// one dependent chain, a scratch loop, medians of 15, two to three runs):
/// `PackedField::mul` 7.12–7.15 ns against 7.68–8.23 with [`reduce_pairs_to`]'s
/// schedule, `BinaryField::mul` 8.41–8.43 against 8.56–9.14 (whose words go through
/// general registers between products); the kernel alone written with intrinsics for
/// that CPU (VEX throughout) 6.41–6.44. Not measured on other CPUs (the same
/// instructions, issued in another order). Constant-time: no branch or address depends
/// on the operands. Inputs below x^192 (partially reduced is fine), output below x^192.
///
/// # Safety
/// The CPU must have PCLMULQDQ.
#[inline(always)]
unsafe fn mul_192_fold_early(
    form: impl ClmulForm,
    r: u64,
    a01: __m128i,
    a2: __m128i,
    b01: __m128i,
    b2: __m128i,
) -> (__m128i, __m128i) {
    let rr = _mm_cvtsi64_si128(r as i64);
    let a1 = _mm_srli_si128(a01, 8);
    let b1 = _mm_srli_si128(b01, 8);
    let p2 = form.clmul::<0x00>(a2, b2);
    // Word 5 (the top lane of p2) times R, at words 2 and 3.
    let f5 = form.clmul::<0x01>(p2, rr);
    let p1 = form.clmul::<0x11>(a01, b01);
    let p12 = form.clmul::<0x00>(_mm_xor_si128(a1, a2), _mm_xor_si128(b1, b2));
    let p0 = form.clmul::<0x00>(a01, b01);
    let p02 = form.clmul::<0x00>(_mm_xor_si128(a01, a2), _mm_xor_si128(b01, b2));
    let p01 = form.clmul::<0x00>(_mm_xor_si128(a01, a1), _mm_xor_si128(b01, b1));
    // What f5 leaves in word 3 (below 2^deg R) times R, at words 0 and 1.
    let spill = form.clmul::<0x01>(f5, rr);
    let p01x = _mm_xor_si128(p0, p1);
    let p12x = _mm_xor_si128(p1, p2);
    let c1 = _mm_xor_si128(p01, p01x);
    let c2 = _mm_xor_si128(_mm_xor_si128(p02, p01x), p2);
    let c3 = _mm_xor_si128(p12, p12x);
    let w01 = _mm_xor_si128(_mm_xor_si128(p0, _mm_slli_si128(c1, 8)), spill);
    let w23 = _mm_xor_si128(
        _mm_xor_si128(_mm_srli_si128(c1, 8), c2),
        _mm_slli_si128(c3, 8),
    );
    // Word 4 in the low lane (the top lane, word 5, is f5's).
    let w4 = _mm_xor_si128(p2, _mm_srli_si128(c3, 8));
    let f3 = form.clmul::<0x01>(w23, rr);
    let f4 = form.clmul::<0x00>(w4, rr);
    (
        _mm_xor_si128(_mm_xor_si128(w01, f3), _mm_slli_si128(f4, 8)),
        _mm_xor_si128(
            _mm_xor_si128(_mm_move_epi64(w23), _mm_srli_si128(f4, 8)),
            _mm_move_epi64(f5),
        ),
    )
}

/// 192 × 192 bits (words 0, 1 in `a01`, word 2 in the low lane of `a2`): 6 products
/// (Weimerskirch–Paar), as three pairs.
///
/// The products are issued top first (`asm!` blocks stay in program order, and the
/// core runs the oldest ready one first): the top pair, words 4 and 5, needs only
/// `p2`, `p1` and `p12`, so the reduction's fold of the top word (the one whose fold
/// spills, see [`reduce_pairs_to`]) starts while the three lower products are still
/// running.
#[inline(always)]
unsafe fn mul_192(
    form: impl ClmulForm,
    a01: __m128i,
    a2: __m128i,
    b01: __m128i,
    b2: __m128i,
) -> (__m128i, __m128i, __m128i) {
    let a1 = _mm_srli_si128(a01, 8);
    let b1 = _mm_srli_si128(b01, 8);
    let p2 = form.clmul::<0x00>(a2, b2);
    let p1 = form.clmul::<0x11>(a01, b01);
    let p12 = form.clmul::<0x00>(_mm_xor_si128(a1, a2), _mm_xor_si128(b1, b2));
    let p0 = form.clmul::<0x00>(a01, b01);
    let p02 = form.clmul::<0x00>(_mm_xor_si128(a01, a2), _mm_xor_si128(b01, b2));
    let p01 = form.clmul::<0x00>(_mm_xor_si128(a01, a1), _mm_xor_si128(b01, b1));
    let p01x = _mm_xor_si128(p0, p1);
    let p12x = _mm_xor_si128(p1, p2);
    let c1 = _mm_xor_si128(p01, p01x);
    let c2 = _mm_xor_si128(_mm_xor_si128(p02, p01x), p2);
    let c3 = _mm_xor_si128(p12, p12x);
    (
        _mm_xor_si128(p0, _mm_slli_si128(c1, 8)),
        _mm_xor_si128(
            _mm_xor_si128(_mm_srli_si128(c1, 8), c2),
            _mm_slli_si128(c3, 8),
        ),
        _mm_xor_si128(p2, _mm_srli_si128(c3, 8)),
    )
}

/// Stores words `0..N` of the pairs `c` to `out`.
///
/// # Safety
/// `out` valid for writing N words.
#[inline(always)]
pub unsafe fn store_pairs<const N: usize>(c: &[__m128i; N], out: *mut [u64; N]) {
    let p = out.cast::<u64>();
    let mut w = 0;
    while w + 2 <= N {
        // SAFETY: words w, w + 1 < N of `out`; unaligned store.
        unsafe { _mm_storeu_si128(p.add(w).cast::<__m128i>(), c[w / 2]) };
        w += 2;
    }
    if w < N {
        // SAFETY: word w < N of `out`; 8-byte store of the low lane.
        unsafe { _mm_storel_epi64(p.add(w).cast::<__m128i>(), c[w / 2]) };
    }
}

/// The operand as pairs of words (`N.div_ceil(2)` meaningful entries, rest zero).
///
/// # Safety
/// Callable only where the CPU has the enabled target features (the backend
/// tokens guarantee it).
#[inline(always)]
pub unsafe fn load_pairs<const N: usize>(a: &[u64; N]) -> [__m128i; N] {
    let mut v = [_mm_setzero_si128(); N];
    let mut w = 0;
    while w + 2 <= N {
        // SAFETY: words w, w + 1 < N of `a`; unaligned load.
        v[w / 2] = unsafe { _mm_loadu_si128(a.as_ptr().add(w).cast::<__m128i>()) };
        w += 2;
    }
    if w < N {
        // SAFETY: word w < N of `a`; 8-byte load into the low lane.
        v[w / 2] = unsafe { _mm_loadl_epi64(a.as_ptr().add(w).cast::<__m128i>()) };
    }
    v
}

/// The unreduced square of the element whose words are in pairs `a` (first
/// `N.div_ceil(2)` entries): pair k of the result is the square of word k.
///
/// # Safety
/// Callable only where the CPU has the enabled target features (the backend
/// tokens guarantee it).
#[inline(always)]
pub unsafe fn square_pairs<const N: usize>(a: &[__m128i; N]) -> [__m128i; N] {
    let mut s = [_mm_setzero_si128(); N];
    for (k, slot) in s.iter_mut().enumerate() {
        let x = a[k / 2];
        *slot = if k.is_multiple_of(2) {
            clmul_square::<0x00>(x)
        } else {
            clmul_square::<0x11>(x)
        };
    }
    s
}

/// `(lo, hi)` words as pairs.
///
/// # Safety
/// Callable only where the CPU has the enabled target features (the backend
/// tokens guarantee it).
#[inline(always)]
pub unsafe fn pairs_of<const N: usize>(lo: &[u64; N], hi: &[u64; N]) -> [__m128i; N] {
    let word = |w: usize| if w < N { lo[w] } else { hi[w - N] };
    let mut v = [_mm_setzero_si128(); N];
    for (k, slot) in v.iter_mut().enumerate() {
        *slot = _mm_set_epi64x(word(2 * k + 1) as i64, word(2 * k) as i64);
    }
    v
}
