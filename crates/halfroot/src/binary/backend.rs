//! Run-time choice of the arithmetic kernels.
//!
//! [`Backend`] names the kernel families; [`Backend::detect`] picks the fastest one this
//! CPU supports (detected once, cached in a `OnceLock`). The [`portable`]
//! kernels are always compiled and are the oracle of the `*_matches_portable` tests.
//!
//! | backend | multiplication | squaring | reduction |
//! |---|---|---|---|
//! | `portable` | 4-bit-window `clmul64`, schoolbook | bit spreading by shifts/masks | shifts |
//! | `pclmul` | PCLMULQDQ Karatsuba | PCLMULQDQ `a_i·a_i` | shifts |
//! | `pclmul-pdep` | PCLMULQDQ Karatsuba | BMI2 `pdep` bit spreading | shifts |
//! | `pclmul-fold` | PCLMULQDQ Karatsuba | PCLMULQDQ `a_i·a_i` in SSE registers | carry-less folds ([`x86_64::fold`]) where `x^(64N−d)·(P − x^d)` fits one word, else `pdep` + shifts |
//!
//! Every accelerated kernel writes its result with 16-byte stores
//! (`x86_64::store_out`): callers copy a returned `[u64; N]` with 16-byte loads, and
//! 8-byte stores made every call miss store-to-load forwarding (+40–80% on a 163-bit
//! squaring or square root).
//!
//! Measured (`cargo bench -p halfroot --bench binary_arith`, thread CPU time, Intel Xeon
//! Sapphire Rapids class VM, 8 independent operations): NIST 163 mul 4.8 ns with
//! `pclmul-fold` against 8.8 ns with shifts, sqr 2.6 ns against 5.9 ns; NIST 571 sqr
//! 7.0 ns against 12.6 ns. NIST 233 (two-word R) keeps shifts. [`Backend::detect`]
//! therefore prefers `pclmul-fold`.
//!
//! Batches. The kernels are `#[inline(always)]` bodies without `#[target_feature]`,
//! wrapped in feature-enabled functions: one per operation for the single-element
//! calls (`Arith::mul` & co., one out-of-line call each), and one *loop* per
//! operation for the batch forms (`Arith::mul_many`, `sqr_many`,
//! `sqrt_by_zeta_many`, and through them `BinaryField::*_many`), where every kernel
//! is inlined into the loop (checked in the assembly; with a plain `#[inline]` hint
//! LLVM kept a call per element, the kernels being 150–600 instructions). Measured
//! (Sapphire Rapids VM, batches of 64, best of 300): NIST 163 mul 4.1 ns batched
//! against 4.7 ns one call at a time, sqr 2.0 against 2.6 ns; 41 bits mul 1.5 against
//! 2.5 ns. The gain is the call floor (~0.5–1 ns), not more: a 163-bit product is
//! bound by its PCLMULQDQ count.
//!
//! Word-sliced batches (`avx512_sliced`). For the compile-time specs, on CPUs with
//! AVX-512 F/BW/DQ/VBMI/VBMI2, VPCLMULQDQ and GFNI, `Arith::sqr_many`,
//! `Arith::sqrt_by_zeta_many` and the type I SSRF batch square root run eight elements
//! per pass with word j of all eight in one zmm (transposed in and out with
//! `VPERMT2Q`), so every shift and XOR of the expansion, split and reduction serves
//! eight elements; full groups of eight and tails of ≥ 3 (one zero-padded pass) go
//! there, shorter tails through the one-element kernels. Measured (Sapphire Rapids
//! VM, batches of 64, best of 400, ns per element; scratch timing against `mul_many`
//! in the same run): NIST 163 sqr 1.03 (mul 4.13), 233 1.31 (8.86), 283 2.17
//! (10.5), 409 3.49 (19.0), 571 4.99 (26.5); before, 2.0 / 4.1 / 2.9 / 5.7 / 5.2.
//! Multiplication keeps the one-element kernels (`mul_many` is not word-sliced).
//!
//! Single elements, inlined. On the `pclmul-fold` engine the product and the square of
//! a compile-time spec of 2–4 words are not calls: `Engine::mul` / `Engine::sqr`
//! inline the kernel chosen by [`InlineReduction::default_mul`] /
//! [`InlineReduction::default_sqr`] into the caller ([`x86_64::fold`] issues PCLMULQDQ
//! through `asm!` and otherwise uses SSE2 only, so it needs no `#[target_feature]`
//! context). Measured on AMD Zen 5 in whole curve operations (`ec2`, `hec2`; one scratch
//! harness run before and after the change): B-163 w-NAF λ 13.3 → 11.1 µs, B-233 halve-and-add
//! 20.8 → 19.1 µs, genus-2 C6 doubling 442 → 360 ns and halving 658 → 562 ns.

use super::modulus::ModulusSpec;
use super::portable;
use crate::error::{Error, Result};
use std::sync::OnceLock;

/// The environment variable that forces the [`InlineClass`] (see
/// [`InlineClass::detect`]).
pub const INLINE_CLASS_ENV: &str = "HALFROOT_INLINE_CLASS";

// Crate-private: the library calls these kernels only for compile-time specs (at most
// three middle exponents, the paths the tests cover).
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512_sliced;
#[cfg(target_arch = "x86_64")]
pub mod x86_64;

/// The word-sliced AVX-512 batch kernels ([`avx512_sliced`]) if this CPU has them and
/// `M` is a compile-time spec (detected once, cached).
#[cfg(target_arch = "x86_64")]
#[inline]
pub(crate) fn sliced<M: ModulusSpec>() -> Option<avx512_sliced::Sliced512> {
    if M::COMPILE_TIME {
        avx512_sliced::Sliced512::detect()
    } else {
        None
    }
}

/// Whether the word-sliced AVX-512 batch kernels run on this CPU (under `HALFROOT_CPU`):
/// the compile-time specs' `sqr_many` / `sqrt_many` then use them.
pub fn sliced_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        avx512_sliced::Sliced512::detect().is_some()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// How many leading elements of a batch of `len` the word-sliced kernels take: all
/// full groups of eight, and the tail too (as one zero-padded pass) when it holds at
/// least three elements; the rest goes through the one-element kernels.
// Only the x86-64 word-sliced kernels call it.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
#[inline]
pub(crate) fn sliced_len(len: usize) -> usize {
    if len % 8 >= 3 {
        len
    } else {
        len - len % 8
    }
}

/// A family of arithmetic kernels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Backend {
    /// Plain Rust, every CPU.
    Portable,
    /// PCLMULQDQ for products and squares (x86-64 with pclmulqdq, sse4.1).
    Pclmul,
    /// PCLMULQDQ for products, BMI2 `pdep` for squares.
    PclmulPdep,
    /// PCLMULQDQ for products and squares, reduction by carry-less folds in SSE
    /// registers ([`x86_64::fold`]) where the polynomial allows it, BMI2 `pext` for the
    /// ζ square root.
    PclmulFold,
}

impl Backend {
    /// Every backend, portable first.
    pub const ALL: [Backend; 4] = [
        Backend::Portable,
        Backend::Pclmul,
        Backend::PclmulPdep,
        Backend::PclmulFold,
    ];

    /// The backend's name (`portable`, `pclmul`, `pclmul-pdep`).
    pub fn name(self) -> &'static str {
        match self {
            Backend::Portable => "portable",
            Backend::Pclmul => "pclmul",
            Backend::PclmulPdep => "pclmul-pdep",
            Backend::PclmulFold => "pclmul-fold",
        }
    }

    /// The backend called `name`, if any.
    pub fn from_name(name: &str) -> Option<Backend> {
        Backend::ALL.into_iter().find(|b| b.name() == name)
    }

    /// Whether this CPU can run the backend.
    pub fn is_available(self) -> bool {
        Engine::new(self).is_some()
    }

    /// The fastest available backend (detected once).
    pub fn detect() -> Backend {
        static BEST: OnceLock<Backend> = OnceLock::new();
        *BEST.get_or_init(|| {
            [Backend::PclmulFold, Backend::PclmulPdep, Backend::Pclmul]
                .into_iter()
                .find(|b| b.is_available())
                .unwrap_or(Backend::Portable)
        })
    }
}

impl core::fmt::Display for Backend {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// The number of carry-less 64×64-bit products (PCLMULQDQ) in the x86-64 backend's
/// unreduced product of two `words`-word operands ([`x86_64::mul_wide`], the field
/// product's kernel): the fixed Karatsuba arrangements 1, 3, 6, 9, 15, 18, 24, 27, 36
/// and 45 for 1 to 10 words, recursive 2-way Karatsuba on slices (halves of ⌈n/2⌉ and
/// ⌊n/2⌋ words, schoolbook at four words and below) up to 64 words, schoolbook (n²)
/// beyond. `halfroot report fields` multiplies it by PCLMULQDQ's reciprocal throughput
/// for the bound on a product's latency.
pub const fn clmul_products(words: usize) -> usize {
    match words {
        0 => 0,
        1 => 1,
        2 => 3,
        3 => 6,
        4 => 9,
        5 => 15,
        6 => 18,
        7 => 24,
        8 => 27,
        9 => 36,
        10 => 45,
        n if n > 64 => n * n,
        n => slice_products(n),
    }
}

/// Products of the recursive slice Karatsuba for `n` words (see [`clmul_products`]).
const fn slice_products(n: usize) -> usize {
    if n <= 4 {
        return n * n;
    }
    let h = n.div_ceil(2);
    2 * slice_products(h) + slice_products(n - h)
}

/// How the *inlined* single-element product and square reduce: the kernels the
/// `pclmul-fold` engine inlines into its callers for compile-time specs of 2–4 words,
/// and on CPUs without fast PDEP of 5–9 words (x86-64 with PCLMULQDQ;
/// [`x86_64::fold`]; the rules per CPU class, [`InlineClass`], below). PCLMULQDQ is issued there through a
/// one-instruction `asm!` block, so one field operation in a curve formula costs no
/// call and no store/reload of its operands.
///
/// Measured on AMD Zen 5 (family 26; dependent chains of direct calls to each kernel in
/// a scratch harness; `halfroot report fields` prints all three for every 2–4-word
/// field, through a run-time choice, so the choice can be checked on each CPU):
/// `GprShift` is the fastest product for trinomials and for pentanomials
/// whose R needs two PCLMULQDQ per word (127,1,0 7.5 ns against 8.8 with folds;
/// 233,74,0 11.5 against 14.9; 163,57,49,29,0 10.6 against 13.1); `ClmulFold` for
/// pentanomials whose R is one 64-bit piece (163,7,6,3,0 9.4 ns against 10.9; 83,7,4,2,0
/// 7.8 against 8.7). For squares `ClmulFold` wins wherever R is one piece, `SseShift`
/// for the 233-bit trinomial (6.1 ns against 7.0 and 10.9), `GprShift` elsewhere.
/// Moving a 128-bit value to general registers and back costs about 10 cycles on
/// Zen 5, and simple SSE operations 2 cycles of latency, which is why no single
/// reduction wins everywhere.
///
/// On AMD Zen 1 (family 23, the class whose PDEP/PEXT run in microcode, see
/// [`Feature::PdepFast`](crate::cpu::Feature::PdepFast); `halfroot report fields` run
/// there in session 30, ns per product in one dependent chain) the products rank
/// otherwise:
/// `ClmulFold` wins for every two-word polynomial it serves (113,9,0 8.6 ns against
/// 10.4 by `GprShift`; 127,1,0 9.8 against 11.4) and `SseShift` for the 233-bit
/// trinomials (233,74,0 15.4 against 18.4; 233,159,0 20.3 against 22.5), so on CPUs
/// without fast PDEP [`InlineReduction::default_mul`] takes those; the squares' ranking
/// is the same on both CPUs. Of the two-word polynomials whose R takes two pieces, which
/// `ClmulFold` serves since session 32, it wins only for the pentanomial (Zen 1:
/// 83,29,25,3,0 10.4 ns against 16.5 by `GprShift`; the trinomials 97,33,0 and 127,63,0
/// 13.8 against 11.7 and 11.9), so the rule takes it for two-word pentanomials and for
/// every R of one piece. Where the classes' rules agree the choice folds to a
/// constant; where they differ the class the engine's token carries picks the kernel
/// ([`x86_64::PclmulBmi2::inline_class`]), read where the field is, so that a loop over
/// one field keeps one kernel.
///
/// Wider products (5–9 words) are computed in SSE registers too since session 33
/// ([`x86_64::fold::mul_pairs`]: 15, 24, 27 and 36 PCLMULQDQ for 5, 7, 8 and 9 words),
/// so every reduction applies to them. Measured on AMD Zen 1 (scratch harness, one
/// dependent chain of direct calls to each kernel, ns per product, the out-of-line
/// `pclmul-fold` kernel beside): 283,12,7,5,0 `ClmulFold` 18.3–19.4 against 22.5–24.9
/// out of line; 283,97,89,87,0 `GprShift` 24.5–25.3 against 33–41; 409,87,0 `SseShift`
/// 33.3–33.4 against 37.3; 571,10,5,2,0 `ClmulFold` 51–54 against 63–71; but
/// 571,193,185,5,0 86–87 (`ClmulFold`) and 89–90 (`GprShift`) against 76–77 out of
/// line. So on CPUs without fast PDEP the rule inlines up to 7 words, picked as for the
/// narrower ones, and 8–9 words only where R is one piece of a pentanomial (the
/// carry-less fold); the rest keep the out-of-line kernel. On the Zen 5 the wide
/// kernels were not measured inlined and keep the out-of-line kernel.
///
/// On an Intel Xeon of family 6 model 207 (Emerald Rapids: PDEP fast, AVX-512;
/// session 37, scratch harness, the fastest of 61 dependent chains of 2 000 operations
/// through `Arith::mul_with_reduction`, two runs) the ranking is Zen 5's, general-register
/// shifts for the 3–4-word trinomials (233,159,0 20.3 ns against 23.3 by `SseShift`;
/// 233,74,0 19.7 against 20.5), except the two-word pentanomial, where the fold wins
/// as on Zen 1 (83,29,25,3,0 products 14.9 against 17.4, squares 12.9 against 15.2;
/// `Arith::mul` 17.8 → 15.9 with the rule of [`InlineClass::Other`]). The 5–9-word
/// kernels through that wrapper ran 5–12 % faster than the out-of-line kernel
/// (283,12,7,5,0 14.6 against 16.8 ns; 571,193,185,5,0 44.2 against 50.3), but inlined
/// into `Arith::mul` the same kernels measured no faster than the out-of-line one
/// (283,12,7,5,0 19.1 against 16.8–16.9 in a run 3–7 % slower throughout; squares
/// 9.3 against 8.1), so they stay out of line there.
///
/// On an AMD EPYC Zen 4 (family 19h model 11h: PDEP fast, AVX-512 on 256-bit units;
/// session 52, `halfroot report fields --quick`, two runs, ns per product in one
/// dependent chain of the kernels called directly) the products rank as on Zen 1:
/// the fold for the two-word trinomials whose R is one piece (113,9,0 6.6 ns against
/// 7.1–7.7 by `GprShift`), SSE shifts for the 3–4-word trinomials (233,74,0 10.5
/// against 12.4; 233,159,0 12.4 against 12.5), and the 5–9-word kernels as Zen 1's rule
/// picks them, each well ahead of the out-of-line kernel (283,12,7,5,0 `ClmulFold`
/// 12.9–13.0 against 24.0–24.3; 283,97,89,87,0 `GprShift` 17.9–18.3 against 26.9–28.2;
/// 409,87,0 `SseShift` 21.0–21.3 against 29.3–29.7; 571,10,5,2,0 `ClmulFold` 33.6–33.9
/// against 46.6–47.8; 571,193,185,5,0 stays out of line, 48.8 against 52.9 and more).
/// Inlined into the curves (`halfroot report ec --quick`, five runs of each build
/// alternating, medians), Zen 1's rule made the 283-, 409- and 571,10,5,2,0-bit curves
/// 5–14 % faster (sect409k1's ladder 77.5 → 68.8 µs, sect283k1's halve-and-add at
/// 283,97,89,87,0 52.2 → 45.0 µs) but the 233-bit constant-time ladder up to 10 % slower
/// with SSE shifts (233,159,0: 20.9 → 23.1 µs), and one product at a time through
/// `BinaryField::mul` was slower there too (233,159,0 16.5 → 18.9 ns). So
/// [`InlineClass::Zen3Zen4`] takes Zen 1's rule for products of 5–9 words and the
/// Emerald Rapids' for 2–4 words (83,29,25,3,0 `ClmulFold` 6.5 against 9.7 by
/// `GprShift`, squares 5.2 against 8.6). It is also the one class whose squares of 5–9
/// words are inlined: the kernels called directly beat the default engine's out-of-line
/// square by 2× (283,12,7,5,0 `ClmulFold` 5.9 ns against 12.8; 409,87,0 `SseShift` 8.0
/// against 11.4; 571,10,5,2,0 `ClmulFold` 10.9 against 13.6; 571,193,185,5,0 stays out
/// of line), and inlined into the curves they made them faster again (five alternating
/// runs, medians: sect283k1's ladder at 283,97,89,87,0 44.7 → 39.8 µs, sect409k1's
/// 68.8 → 63.2 µs, sect571k1's 143 → 137 µs; the 163- and 233-bit curves, whose code did
/// not change, within 2 %), although a chain of `Arith::sqr` alone in the report ran
/// slower at 283,97,89,87,0 and 409,87,0 (17.0 against 13.3–14.3 ns; 15.3 against 11.4).
/// AMD Zen 3 shares family 19h and Zen 4's scalar and SSE core and takes the same rules
/// (not measured on a Zen 3). Other Intel cores were not measured and take the rule of
/// [`InlineClass::Other`].
///
/// Since session 55 the two-word pentanomials the fold serves (83,29,25,3,0) take the
/// fold on every class, Zen 5 included, for products and squares. Where the classes'
/// rules differ the kernel is a run-time value in every product, and where one candidate
/// ends in general registers and the other in SSE registers LLVM merges the result in
/// general registers: `perf annotate` of a dependent chain of `BinaryField::mul` on
/// 83,29,25,3,0 on the Zen 4 showed a `movq` to general registers, a `movq`/`punpcklqdq`
/// back and a test of the class flag in the loop, about 2.6 ns a product. With one rule
/// (AMD EPYC Zen 4, family 19h model 11h; scratch harness, dependent chains of
/// `BinaryField::mul` and `sqr`, four alternating runs of each build, medians): products
/// 8.88 → 6.36 ns, squares 7.54 → 4.99 ns; 83,7,4,2,0 and every other field unchanged
/// (5.84 / 4.40 ns); the doubling of the genus-2 curves C1 and C2 over 83,29,25,3,0
/// 338–340 → 313–316 ns. The fold had won for this polynomial on every CPU it was
/// measured on (products on Zen 1, the Emerald Rapids and Zen 4, squares on the last
/// two); Zen 5 did not measure it apart, and `halfroot report fields` prints every
/// kernel for it on the CPU it runs on.
/// On an Intel Xeon reported as family 6 model 167 under KVM (AMX, AVX-512 FP16:
/// a Sapphire Rapids-class server core; session 57) the class rules were compared
/// inside the curves with one binary (`HALFROOT_INLINE_CLASS` forcing each class;
/// `halfroot report ec --quick` and `report hec --quick`, six runs of each class
/// alternating, medians). Zen 1's rule (5–7-word products inlined, and 8–9 where R is
/// one piece of a pentanomial) made the 283-, 409- and 571-bit curves faster than the
/// Emerald Rapids' rule (out of line) — sect283r1 on 283,97,89,87,0: ladder 48.4 →
/// 43.6 µs, halve-and-add 33.7 → 30.4; sect409k1's halve-and-add 72.6 → 62.5;
/// sect571r1's double-and-add on 571,10,5,2,0 121.4 → 113.9 — and inlining the squares
/// of 5–9 words too (Zen 3/4's rule) added nothing (29 of those 40 figures slower than
/// with Zen 1's rule, 1.5 % in the geometric mean). Zen 1's fold for 113,9,0 made the
/// genus-2 curve C6 faster (doubling 331 → 309 ns, lean halving 319 → 305,
/// halve-and-add 88.5 → 84.5 µs), while Zen 1's SSE shifts for the 233-bit trinomials
/// made those curves slower (sect233k1's ladder on 233,159,0 20.1 → 21.7 µs). So
/// [`InlineClass::Other`] takes Zen 1's rule but keeps shifts in general registers for
/// the 3–4-word trinomials. The session-37 finding on the Emerald Rapids (wide kernels
/// no faster inside `Arith::mul`) was a chain of products alone; the curves were not
/// measured then.
/// Fields where the rules still differ keep that cost where the candidates end in
/// different registers (127,1,0 and 97,6,0 products: Zen 1's fold against
/// `GprShift`; the 3–4-word trinomials: Zen 1's `SseShift` against `GprShift`); making
/// the 3–4-word trinomials take `GprShift` on every class changed the 233-bit product by
/// 2–3 % on the Zen 4, inside the ±10 % code-layout noise of unchanged fields, and
/// would lose 15 % on Zen 1, so they keep per-class rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InlineReduction {
    /// Carry-less folds by the 64-bit pieces of `R = x^(64N−d)·(P − x^d)`, in SSE
    /// registers; needs the conditions of
    /// [`word_fold_applies`](x86_64::fold::word_fold_applies) (`d − k_max > 64`, or
    /// 83,29,25,3,0, 97,33,0 and 127,63,0 among the SSRF polynomials).
    ClmulFold,
    /// Shifts and XORs in SSE registers, every term of R at once (c-xs233's way);
    /// needs `d − k_max > 64`.
    SseShift,
    /// The product's words moved to general registers and reduced by shifts (the
    /// portable reduction).
    GprShift,
}

impl InlineReduction {
    /// Every inlined reduction.
    pub const ALL: [InlineReduction; 3] = [
        InlineReduction::ClmulFold,
        InlineReduction::SseShift,
        InlineReduction::GprShift,
    ];

    /// The name (`clmul-fold`, `sse-shift`, `gpr-shift`).
    pub fn name(self) -> &'static str {
        match self {
            InlineReduction::ClmulFold => "clmul-fold",
            InlineReduction::SseShift => "sse-shift",
            InlineReduction::GprShift => "gpr-shift",
        }
    }

    /// Whether this reduction serves `m` with `N`-word elements: `2 ≤ N ≤ 9`,
    /// `64(N − 1) < d ≤ 64N`, for `SseShift` also `d − k_max > 64` (its last step folds
    /// the bits at and above d once, which suffices only then), for `ClmulFold` the
    /// exact conditions of its passes
    /// ([`word_fold_applies`](x86_64::fold::word_fold_applies)).
    #[inline(always)]
    pub fn applies<const N: usize, M: ModulusSpec>(self, m: &M) -> bool {
        #[cfg(target_arch = "x86_64")]
        {
            let d = m.degree() as usize;
            let shape = (2..=9).contains(&N) && d > 64 * (N - 1) && d <= 64 * N;
            match self {
                InlineReduction::ClmulFold => shape && x86_64::fold::word_fold_applies::<N, M>(m),
                InlineReduction::SseShift => shape && x86_64::fold::shape_applies::<N, M>(m),
                InlineReduction::GprShift => shape,
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = m;
            false
        }
    }

    /// The reduction the `pclmul-fold` engine inlines for products modulo `m`, or `None`
    /// (runtime moduli, other word counts: the out-of-line kernel), on this CPU: the
    /// rule of its [`InlineClass`]. See the type's documentation for the measurements
    /// behind each class's rule.
    #[inline(always)]
    pub fn default_mul<const N: usize, M: ModulusSpec>(m: &M) -> Option<InlineReduction> {
        Self::default_mul_on::<N, M>(m, InlineClass::detect())
    }

    /// [`InlineReduction::default_mul`] with this CPU's class given (the engine's token
    /// carries it): where the classes' rules agree the result is a constant and `class`
    /// is not read.
    #[inline(always)]
    fn default_mul_on<const N: usize, M: ModulusSpec>(
        m: &M,
        class: InlineClass,
    ) -> Option<InlineReduction> {
        class.pick(|k| Self::default_mul_for::<N, M>(m, k))
    }

    /// [`InlineReduction::default_mul`]'s rule for a CPU of `class`, whatever this CPU
    /// is.
    #[inline(always)]
    pub fn default_mul_for<const N: usize, M: ModulusSpec>(
        m: &M,
        class: InlineClass,
    ) -> Option<InlineReduction> {
        #[cfg(target_arch = "x86_64")]
        {
            let widest = if class == InlineClass::Zen5 { 4 } else { 9 };
            if N > widest || !M::COMPILE_TIME || !InlineReduction::GprShift.applies::<N, M>(m) {
                return None;
            }
            let one_piece = x86_64::fold::r_pieces::<N, M>(m) == 1;
            let fold = InlineReduction::ClmulFold.applies::<N, M>(m);
            let pentanomial = m.middle_exponents().len() >= 3;
            let trinomial_sse =
                m.middle_exponents().len() == 1 && InlineReduction::SseShift.applies::<N, M>(m);
            // Every class: the fold for pentanomials whose R is one piece, and for the
            // two-word pentanomials it serves (83,29,25,3,0), where a rule that differs
            // between classes would cost a register round trip in every product.
            if (one_piece || N == 2) && pentanomial && fold {
                return Some(InlineReduction::ClmulFold);
            }
            // Zen 3/4 follow Zen 1 from 5 words on and Zen 5 below; the other CPUs
            // follow Zen 1 too for the two-word trinomials whose R is one piece (the
            // fold), Zen 5 for 3–4 words.
            let zen1_two_word = N == 2 && fold && one_piece;
            let class = match class {
                InlineClass::Zen3Zen4 if N > 4 => InlineClass::SlowPdep,
                InlineClass::Other if N > 4 || zen1_two_word => InlineClass::SlowPdep,
                InlineClass::Zen3Zen4 | InlineClass::Other => InlineClass::Zen5,
                class => class,
            };
            match class {
                InlineClass::SlowPdep => {
                    if N > 7 {
                        None
                    } else if zen1_two_word {
                        Some(InlineReduction::ClmulFold)
                    } else if N >= 3 && trinomial_sse {
                        Some(InlineReduction::SseShift)
                    } else {
                        Some(InlineReduction::GprShift)
                    }
                }
                InlineClass::Zen5 | InlineClass::Zen3Zen4 | InlineClass::Other => {
                    Some(InlineReduction::GprShift)
                }
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (m, class);
            None
        }
    }

    /// The reduction the `pclmul-fold` engine inlines for squares modulo `m` on this CPU
    /// (see [`InlineReduction::default_mul`]).
    #[inline(always)]
    pub fn default_sqr<const N: usize, M: ModulusSpec>(m: &M) -> Option<InlineReduction> {
        Self::default_sqr_on::<N, M>(m, InlineClass::detect())
    }

    /// [`InlineReduction::default_sqr`] with this CPU's class given, read only where the
    /// classes' rules differ.
    #[inline(always)]
    fn default_sqr_on<const N: usize, M: ModulusSpec>(
        m: &M,
        class: InlineClass,
    ) -> Option<InlineReduction> {
        class.pick(|k| Self::default_sqr_for::<N, M>(m, k))
    }

    /// [`InlineReduction::default_sqr`]'s rule for a CPU of `class`: 2–4 words (wider
    /// squares were not found faster inlined on Zen 1 and the Emerald Rapids), one shape
    /// rule on every class: the fold where R is one piece and for the two-word
    /// pentanomials it serves (83,29,25,3,0, as their products; on every class since
    /// session 55, see [`InlineReduction`]), SSE shifts for 3–4-word trinomials whose
    /// R fits, general-register shifts otherwise. [`InlineClass::Zen3Zen4`] also inlines
    /// the squares of 5–7 words, and of 8–9 words where R is one piece that the fold
    /// serves (571,193,185,5,0 stays out of line).
    #[inline(always)]
    pub fn default_sqr_for<const N: usize, M: ModulusSpec>(
        m: &M,
        class: InlineClass,
    ) -> Option<InlineReduction> {
        #[cfg(target_arch = "x86_64")]
        {
            let widest = if class == InlineClass::Zen3Zen4 { 9 } else { 4 };
            if N > widest || !M::COMPILE_TIME || !InlineReduction::GprShift.applies::<N, M>(m) {
                return None;
            }
            let ks = m.middle_exponents();
            let shift = 64 * N - m.degree() as usize;
            let fold = InlineReduction::ClmulFold.applies::<N, M>(m);
            let one_piece = x86_64::fold::r_pieces::<N, M>(m) == 1;
            if N > 7 && !(fold && one_piece) {
                return None;
            }
            Some(if fold && (one_piece || (N == 2 && ks.len() >= 3)) {
                InlineReduction::ClmulFold
            } else if ks.len() == 1 && N >= 3 && shift + (ks[0] as usize) < 128 {
                InlineReduction::SseShift
            } else {
                InlineReduction::GprShift
            })
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            let _ = (m, class);
            None
        }
    }
}

/// The CPU classes whose rules for inlining the single-element product and square
/// ([`InlineReduction::default_mul_for`], [`InlineReduction::default_sqr_for`]) were
/// measured apart; see [`InlineReduction`] for the measurements.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InlineClass {
    /// AMD family 1Ah (Zen 5), with fast PDEP: reductions in general registers but the
    /// fold for pentanomials it serves in one piece or in two words, 2–4 words inlined.
    Zen5,
    /// PDEP/PEXT in microcode (no [`Feature::PdepFast`](crate::cpu::Feature::PdepFast):
    /// AMD families 15h–18h, Zen 1/2), measured on a Zen 1: folds and SSE shifts, 2–7
    /// words inlined and 8–9 where R is one piece of a pentanomial.
    SlowPdep,
    /// AMD family 19h (Zen 3 and Zen 4), with fast PDEP, measured on a Zen 4: Zen 1's
    /// rule for products of 5–9 words (5–7 words inlined, 8–9 where R is one piece of a
    /// pentanomial), Zen 5's rule for 2–4 words (the Emerald Rapids' until session 57);
    /// squares inlined up to 7 words and 8–9 where R is one piece.
    Zen3Zen4,
    /// Every other CPU, measured on an Intel Emerald Rapids (sessions 37–51) and on an
    /// Intel Xeon of family 6 model 167 with AMX and AVX-512 FP16 (session 57): Zen 5's
    /// rule for 2–4 words (which since session 55 gives the two-word pentanomials the
    /// fold, as the Emerald Rapids' measurements asked) except the fold for two-word
    /// trinomials whose R is one piece (113,9,0, 127,1,0, as on Zen 1); Zen 1's rule
    /// for products of 5–9 words; squares inlined up to 4 words.
    Other,
}

impl InlineClass {
    /// Every class.
    pub const ALL: [InlineClass; 4] = [
        InlineClass::Zen5,
        InlineClass::SlowPdep,
        InlineClass::Zen3Zen4,
        InlineClass::Other,
    ];

    /// The name (`zen5`, `slow-pdep`, `zen3-zen4`, `other`).
    pub fn name(self) -> &'static str {
        match self {
            InlineClass::Zen5 => "zen5",
            InlineClass::SlowPdep => "slow-pdep",
            InlineClass::Zen3Zen4 => "zen3-zen4",
            InlineClass::Other => "other",
        }
    }

    /// `rule(self)`, written so that where every class's rule gives the same answer
    /// (compile-time constants in the inlined kernels) the result folds to that constant
    /// and `self` is not read.
    #[inline(always)]
    fn pick(
        self,
        rule: impl Fn(InlineClass) -> Option<InlineReduction>,
    ) -> Option<InlineReduction> {
        let [a, b, c, d] = InlineClass::ALL.map(&rule);
        if a == b && b == c && c == d {
            a
        } else {
            rule(self)
        }
    }

    /// The class called `name` (see [`InlineClass::name`]), if any.
    pub fn from_name(name: &str) -> Option<InlineClass> {
        InlineClass::ALL.into_iter().find(|c| c.name() == name)
    }

    /// The class a `HALFROOT_INLINE_CLASS` value forces: `None` for `native` or an empty
    /// value (the detected class), a class by its name, or a typed error naming the
    /// classes.
    pub fn parse_override(value: &str) -> Result<Option<InlineClass>> {
        let v = value.trim().to_ascii_lowercase();
        if v.is_empty() || v == "native" {
            return Ok(None);
        }
        InlineClass::from_name(&v)
            .map(Some)
            .ok_or_else(|| Error::InvalidArgument {
                name: INLINE_CLASS_ENV.into(),
                value: value.into(),
                reason: format!(
                    "unknown CPU class (native, {})",
                    InlineClass::ALL.map(InlineClass::name).join(", ")
                ),
            })
    }

    /// The `HALFROOT_INLINE_CLASS` value in force, validated: `Ok(None)` when it is unset
    /// or asks for the detected class (for front ends that report a bad value as an
    /// error instead of the warning of [`InlineClass::detect`]).
    pub fn override_from_env() -> Result<Option<InlineClass>> {
        match std::env::var(INLINE_CLASS_ENV) {
            Ok(v) => InlineClass::parse_override(&v),
            Err(_) => Ok(None),
        }
    }

    /// This CPU's class (detected once): [`InlineClass::SlowPdep`] where PDEP is not
    /// fast (or `HALFROOT_CPU` removes `pdep-fast`), [`InlineClass::Zen5`] on AMD family
    /// 1Ah, [`InlineClass::Zen3Zen4`] on AMD family 19h, else [`InlineClass::Other`];
    /// or, on x86-64, the class the environment variable `HALFROOT_INLINE_CLASS` names (`zen5`,
    /// `slow-pdep`, `zen3-zen4`, `other`; read once), so that one binary can compare the
    /// classes' rules on one CPU (`halfroot report`). Every class's kernels need only
    /// what the engine's token proves (PCLMULQDQ and SSE2), so a forced class changes
    /// speed, never results. An invalid value warns once on standard error and the
    /// detected class is used.
    #[inline]
    pub fn detect() -> InlineClass {
        #[cfg(target_arch = "x86_64")]
        {
            x86_64::inline_class()
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            InlineClass::Other
        }
    }
}

impl core::fmt::Display for InlineClass {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl core::fmt::Display for InlineReduction {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// A backend together with the proof that the CPU supports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Engine {
    Portable,
    #[cfg(target_arch = "x86_64")]
    Pclmul(x86_64::Pclmul),
    #[cfg(target_arch = "x86_64")]
    PclmulPdep(x86_64::PclmulBmi2),
    #[cfg(target_arch = "x86_64")]
    PclmulFold(x86_64::PclmulBmi2),
}

impl Engine {
    /// The engine for `b`, if the CPU supports it.
    pub(crate) fn new(b: Backend) -> Option<Engine> {
        match b {
            Backend::Portable => Some(Engine::Portable),
            #[cfg(target_arch = "x86_64")]
            Backend::Pclmul => x86_64::Pclmul::detect().map(Engine::Pclmul),
            #[cfg(target_arch = "x86_64")]
            Backend::PclmulPdep => x86_64::PclmulBmi2::detect().map(Engine::PclmulPdep),
            #[cfg(target_arch = "x86_64")]
            Backend::PclmulFold => x86_64::PclmulBmi2::detect().map(Engine::PclmulFold),
            #[cfg(not(target_arch = "x86_64"))]
            _ => None,
        }
    }

    /// The backend this engine runs.
    pub(crate) fn backend(self) -> Backend {
        match self {
            Engine::Portable => Backend::Portable,
            #[cfg(target_arch = "x86_64")]
            Engine::Pclmul(_) => Backend::Pclmul,
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulPdep(_) => Backend::PclmulPdep,
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulFold(_) => Backend::PclmulFold,
        }
    }

    /// The unreduced product.
    #[inline(always)]
    pub(crate) fn mul_wide<const N: usize>(
        self,
        a: &[u64; N],
        b: &[u64; N],
    ) -> ([u64; N], [u64; N]) {
        match self {
            Engine::Portable => portable::mul_wide(a, b),
            #[cfg(target_arch = "x86_64")]
            Engine::Pclmul(t) => x86_64::mul_wide(t, a, b),
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulPdep(t) | Engine::PclmulFold(t) => x86_64::mul_wide(t.pclmul(), a, b),
        }
    }

    /// The unreduced square.
    #[inline(always)]
    pub(crate) fn sqr_wide<const N: usize>(self, a: &[u64; N]) -> ([u64; N], [u64; N]) {
        match self {
            Engine::Portable => portable::sqr_wide(a),
            #[cfg(target_arch = "x86_64")]
            Engine::Pclmul(t) => x86_64::sqr_wide(t, a),
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulPdep(t) => x86_64::sqr_wide_pdep(t, a),
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulFold(t) => x86_64::sqr_wide(t.pclmul(), a),
        }
    }

    /// `a·b mod m`. On the `pclmul-fold` engine (what [`Backend::detect`] picks wherever
    /// there are PCLMULQDQ and BMI2) with a compile-time spec whose rule inlines it (see
    /// [`InlineClass`] and [`InlineReduction::default_mul`]) the kernel is inlined here;
    /// otherwise one call to the engine's out-of-line kernel.
    ///
    /// Only the `pclmul-fold` arm is written out at the call site: the other engines
    /// (portable, `pclmul`, `pclmul-pdep`: forced, or a CPU without BMI2) go through one
    /// `#[cold]` out-of-line function ([`Engine::mul_other`]). With all four arms inlined,
    /// every product in a curve formula carried the portable software product and
    /// reduction beside the kernel: larger functions, values spilled around the calls of
    /// the arms not taken, and downstream crates that instantiate the curves compiling
    /// those copies (the figures are in the README, session 58).
    #[inline(always)]
    pub(crate) fn mul<const N: usize, M: ModulusSpec>(
        self,
        m: &M,
        a: &[u64; N],
        b: &[u64; N],
    ) -> [u64; N] {
        #[cfg(target_arch = "x86_64")]
        if let Engine::PclmulFold(t) = self {
            return match InlineReduction::default_mul_on::<N, M>(m, t.inline_class()) {
                Some(kind) => x86_64::mul_inline(t.pclmul(), kind, m, a, b),
                None => x86_64::mul_fold(t, m, a, b),
            };
        }
        self.mul_other(m, a, b)
    }

    /// [`Engine::mul`] on the engines other than `pclmul-fold`.
    // Cold and out of line on x86-64, where `pclmul-fold` is the rule; inlined elsewhere,
    // where the portable engine is the only one. The `pclmul-fold` arm is never taken
    // from the caller, and keeps the function correct for every engine.
    #[cfg_attr(target_arch = "x86_64", cold, inline(never))]
    #[cfg_attr(not(target_arch = "x86_64"), inline(always))]
    fn mul_other<const N: usize, M: ModulusSpec>(
        self,
        m: &M,
        a: &[u64; N],
        b: &[u64; N],
    ) -> [u64; N] {
        match self {
            Engine::Portable => {
                let (lo, hi) = portable::mul_wide(a, b);
                portable::reduce_below(m, lo, hi, portable::product_bits(m))
            }
            #[cfg(target_arch = "x86_64")]
            Engine::Pclmul(t) => x86_64::mul(t, m, a, b),
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulPdep(t) => x86_64::mul(t.pclmul(), m, a, b),
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulFold(t) => x86_64::mul_fold(t, m, a, b),
        }
    }

    /// `a·b mod m` by the inlined kernel reduced as `kind`, if this engine has
    /// PCLMULQDQ and `kind` applies to `m` (else `None`).
    // The parameters are read by the x86-64 arms only.
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    #[inline(always)]
    pub(crate) fn mul_inline<const N: usize, M: ModulusSpec>(
        self,
        kind: InlineReduction,
        m: &M,
        a: &[u64; N],
        b: &[u64; N],
    ) -> Option<[u64; N]> {
        match self {
            #[cfg(target_arch = "x86_64")]
            Engine::Pclmul(t) if kind.applies::<N, M>(m) => {
                Some(x86_64::mul_inline(t, kind, m, a, b))
            }
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulPdep(t) | Engine::PclmulFold(t) if kind.applies::<N, M>(m) => {
                Some(x86_64::mul_inline(t.pclmul(), kind, m, a, b))
            }
            _ => None,
        }
    }

    /// `√a = a_even + ζ·a_odd mod m` by the inlined kernel reduced as `kind`, if this
    /// engine has PCLMULQDQ and BMI2 and `kind` applies to `m` (else `None`).
    // The parameters are read by the x86-64 arms only.
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    #[inline(always)]
    pub(crate) fn zeta_sqrt_inline<const N: usize, M: ModulusSpec>(
        self,
        kind: InlineReduction,
        m: &M,
        zeta: &[u64; N],
        a: &[u64; N],
    ) -> Option<[u64; N]> {
        match self {
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulPdep(t) | Engine::PclmulFold(t) if kind.applies::<N, M>(m) => {
                Some(x86_64::zeta_sqrt_inline(t, kind, m, zeta, a))
            }
            _ => None,
        }
    }

    /// `a² mod m` by the inlined kernel reduced as `kind` (see [`Engine::mul_inline`]).
    // The parameters are read by the x86-64 arms only.
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    #[inline(always)]
    pub(crate) fn sqr_inline<const N: usize, M: ModulusSpec>(
        self,
        kind: InlineReduction,
        m: &M,
        a: &[u64; N],
    ) -> Option<[u64; N]> {
        match self {
            #[cfg(target_arch = "x86_64")]
            Engine::Pclmul(t) if kind.applies::<N, M>(m) => Some(x86_64::sqr_inline(t, kind, m, a)),
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulPdep(t) | Engine::PclmulFold(t) if kind.applies::<N, M>(m) => {
                Some(x86_64::sqr_inline(t.pclmul(), kind, m, a))
            }
            _ => None,
        }
    }

    /// `a^(2^n) mod m`.
    #[inline(always)]
    pub(crate) fn sqr_n<const N: usize, M: ModulusSpec>(
        self,
        m: &M,
        a: &[u64; N],
        n: u32,
    ) -> [u64; N] {
        match self {
            Engine::Portable => {
                let mut r = *a;
                for _ in 0..n {
                    let (lo, hi) = portable::sqr_wide(&r);
                    r = portable::reduce_below(m, lo, hi, portable::product_bits(m));
                }
                r
            }
            #[cfg(target_arch = "x86_64")]
            Engine::Pclmul(t) => x86_64::sqr_n(t, m, a, n),
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulPdep(t) => x86_64::sqr_n_pdep(t, m, a, n),
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulFold(t) => x86_64::sqr_n_fold(t, m, a, n),
        }
    }

    /// Approximate cycles of one squaring in a dependent chain (`sqr_n`), for the
    /// Itoh–Tsujii table thresholds: measured about 7 cycles at 163 bits and 15 at 571
    /// with the fold reduction (`4 + N`), 14–30 with shifts (`8 + 2N`).
    pub(crate) fn chain_sqr_cycles<const N: usize, M: ModulusSpec>(self, m: &M) -> usize {
        let _ = m;
        match self {
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulFold(_) if x86_64::fold_applies::<N, M>(m) => 4 + N,
            _ => 8 + 2 * N,
        }
    }

    /// `√a = a_even + ζ·a_odd mod m` (`zeta` = √x, `a` reduced); the engines without BMI2
    /// through the cold [`Engine::zeta_sqrt_other`], as in [`Engine::mul`].
    #[inline(always)]
    pub(crate) fn zeta_sqrt<const N: usize, M: ModulusSpec>(
        self,
        m: &M,
        zeta: &[u64; N],
        a: &[u64; N],
    ) -> [u64; N] {
        // Inlined with the reduction in general registers: in chains of single square
        // roots (Zen 5) it was the fastest of the three or level with it on every
        // 2–4-word polynomial tried (83 … 251 bits; at 163,7,6,3,0 10.5 ns against 11.4
        // by carry-less folds, at 233,74,0 11.8 against 14.9 out of line).
        if let Some(r) = self.zeta_sqrt_inline(InlineReduction::GprShift, m, zeta, a) {
            return r;
        }
        #[cfg(target_arch = "x86_64")]
        if let Engine::PclmulPdep(t) | Engine::PclmulFold(t) = self {
            return x86_64::zeta_sqrt(t, m, zeta, a);
        }
        self.zeta_sqrt_other(m, zeta, a)
    }

    /// [`Engine::zeta_sqrt`] on the engines without BMI2 (see [`Engine::mul_other`]).
    // Cold and out of line on x86-64, where `pclmul-fold` is the rule; inlined elsewhere,
    // where the portable engine is the only one. The BMI2 engines' arm is never taken
    // from the caller, and keeps the function correct for every engine.
    #[cfg_attr(target_arch = "x86_64", cold, inline(never))]
    #[cfg_attr(not(target_arch = "x86_64"), inline(always))]
    fn zeta_sqrt_other<const N: usize, M: ModulusSpec>(
        self,
        m: &M,
        zeta: &[u64; N],
        a: &[u64; N],
    ) -> [u64; N] {
        match self {
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulPdep(t) | Engine::PclmulFold(t) => x86_64::zeta_sqrt(t, m, zeta, a),
            _ => {
                let d = m.degree() as usize;
                let (even, odd) = super::sqrt::backend::split_portable(a, N);
                let (mut lo, hi) = self.mul_wide(zeta, &odd);
                for (l, e) in lo.iter_mut().zip(even.iter()) {
                    *l ^= e;
                }
                portable::reduce_below(m, lo, hi, d + d / 2)
            }
        }
    }

    /// `out[i] = a[i]·b[i] mod m` for `i < min` of the lengths (the callers check that
    /// they agree), the loop inside one feature-enabled function with the kernel
    /// inlined ([`x86_64::mul_fold_many`] & co.).
    pub(crate) fn mul_many<const N: usize, M: ModulusSpec>(
        self,
        m: &M,
        a: &[[u64; N]],
        b: &[[u64; N]],
        out: &mut [[u64; N]],
    ) {
        match self {
            #[cfg(target_arch = "x86_64")]
            Engine::Pclmul(t) => x86_64::mul_many(t, m, a, b, out),
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulPdep(t) => x86_64::mul_many(t.pclmul(), m, a, b, out),
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulFold(t) => x86_64::mul_fold_many(t, m, a, b, out),
            Engine::Portable => {
                for (o, (x, y)) in out.iter_mut().zip(a.iter().zip(b.iter())) {
                    *o = self.mul(m, x, y);
                }
            }
        }
    }

    /// `out[i] = a[i]² mod m` for `i < min` of the lengths, one feature-enabled loop.
    pub(crate) fn sqr_many<const N: usize, M: ModulusSpec>(
        self,
        m: &M,
        a: &[[u64; N]],
        out: &mut [[u64; N]],
    ) {
        match self {
            #[cfg(target_arch = "x86_64")]
            Engine::Pclmul(t) => x86_64::sqr_many(t, m, a, out),
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulPdep(t) => x86_64::sqr_pdep_many(t, m, a, out),
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulFold(t) => x86_64::sqr_fold_many(t, m, a, out),
            Engine::Portable => {
                for (o, x) in out.iter_mut().zip(a.iter()) {
                    *o = self.sqr(m, x);
                }
            }
        }
    }

    /// `out[i] = √a[i]` by ζ (see [`Engine::zeta_sqrt`]) for `i < min` of the lengths,
    /// one feature-enabled loop where the engine has the ζ kernel.
    pub(crate) fn zeta_sqrt_many<const N: usize, M: ModulusSpec>(
        self,
        m: &M,
        zeta: &[u64; N],
        a: &[[u64; N]],
        out: &mut [[u64; N]],
    ) {
        match self {
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulPdep(t) | Engine::PclmulFold(t) => {
                x86_64::zeta_sqrt_many(t, m, zeta, a, out)
            }
            _ => {
                for (o, x) in out.iter_mut().zip(a.iter()) {
                    *o = self.zeta_sqrt(m, zeta, x);
                }
            }
        }
    }

    /// `a² mod m`, inlined as [`Engine::mul`] is (the other engines through the cold
    /// [`Engine::sqr_other`]).
    #[inline(always)]
    pub(crate) fn sqr<const N: usize, M: ModulusSpec>(self, m: &M, a: &[u64; N]) -> [u64; N] {
        #[cfg(target_arch = "x86_64")]
        if let Engine::PclmulFold(t) = self {
            return match InlineReduction::default_sqr_on::<N, M>(m, t.inline_class()) {
                Some(kind) => x86_64::sqr_inline(t.pclmul(), kind, m, a),
                None => x86_64::sqr_fold(t, m, a),
            };
        }
        self.sqr_other(m, a)
    }

    /// [`Engine::sqr`] on the engines other than `pclmul-fold`.
    // Cold and out of line on x86-64, where `pclmul-fold` is the rule; inlined elsewhere,
    // where the portable engine is the only one. The `pclmul-fold` arm is never taken
    // from the caller, and keeps the function correct for every engine.
    #[cfg_attr(target_arch = "x86_64", cold, inline(never))]
    #[cfg_attr(not(target_arch = "x86_64"), inline(always))]
    fn sqr_other<const N: usize, M: ModulusSpec>(self, m: &M, a: &[u64; N]) -> [u64; N] {
        match self {
            Engine::Portable => {
                let (lo, hi) = portable::sqr_wide(a);
                portable::reduce_below(m, lo, hi, portable::product_bits(m))
            }
            #[cfg(target_arch = "x86_64")]
            Engine::Pclmul(t) => x86_64::sqr(t, m, a),
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulPdep(t) => x86_64::sqr_pdep(t, m, a),
            #[cfg(target_arch = "x86_64")]
            Engine::PclmulFold(t) => x86_64::sqr_fold(t, m, a),
        }
    }
}
