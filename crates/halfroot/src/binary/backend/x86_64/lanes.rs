//! The kernels of [`crate::binary::packed`]: elements of 2–4 words held in two SSE
//! registers and kept *partially reduced* (any polynomial of degree < 64N congruent to
//! the element), the representation of c-xs233's `gf233.h` (Pornin) and crrl's
//! `GFb127`, generalised to every compile-time modulus that fits four words.
//!
//! Source: the reduction is the parent module's ([`fold`]): words at and
//! above N folded by `R = x^(64N−d)·(P − x^d)`, either by carry-less products
//! ([`fold::reduce_pairs_to`]) or by shifts
//! ([`fold::reduce_pairs_shift_to`]), stopped
//! before the last step (the fold of the bits at and above d in word N − 1) when
//! [`partial_pays`] says so. Computing modulo `x^(64N−d)·P`, a multiple of P of degree
//! 64N, is Pornin's word-aligned-modulus trick (c-xs233 reduces modulo z^23·P at 233
//! bits, crrl modulo z·P at 127).
//!
//! Why a separate representation: [`crate::binary::field::BinaryField`] elements are
//! `[u64; N]`, canonical. Each inlined product there moves its operands from general
//! registers into SSE registers and its result back (about 10 cycles on AMD Zen 5),
//! and ends with the fold of the top bits, which is on the critical path of every
//! dependent chain. Here the operands never leave the SSE registers between field
//! operations, and the last fold is left out where it does not save a round.
//!
//! Also here: Montgomery's product ([`mont_mul`], [`mont_sqr`]: reduction from the
//! bottom, [`fold::montgomery_reduce_pairs`]) for the elements that
//! [`crate::binary::packed::MontgomeryReduction`] holds as `a·x^(64N) mod P`, and the
//! square root on the lanes ([`sqrt`]; for type I SSRF moduli of two words
//! [`sqrt_type1_pair`] and [`sqrt_type1_pair_gfni`], of three or four words
//! [`sqrt_type1_quad`] and [`sqrt_type1_quad_montgomery`], no product), and the even/odd
//! bit split those use ([`split_words`]: each byte's even and odd bits by GFNI or by
//! `pshufb` nibble tables, Avanzi §3.1's compression by table).
//!
//! Cost: the product's 4 / 6 / 12 PCLMULQDQ (N = 2 / 3 / 4, the arrangements of
//! [`fold::mul_pairs`]) or the square's N, then the reduction's rounds (squares by
//! shifts: one fold per chunk from the top, c-xs233's arrangement). Constant-time: yes
//! (every branch and loop bound depends on the modulus and
//! the reduction kind only).
#![allow(unsafe_code)]

use core::arch::x86_64::{
    __m128i, _mm_add_epi32, _mm_and_si128, _mm_andnot_si128, _mm_cmpeq_epi32, _mm_cvtsi128_si64,
    _mm_cvtsi64_si128, _mm_move_epi64, _mm_or_si128, _mm_packus_epi16, _mm_set1_epi16,
    _mm_set1_epi32, _mm_set1_epi64x, _mm_set1_epi8, _mm_set_epi64x, _mm_setzero_si128,
    _mm_sll_epi64, _mm_slli_epi64, _mm_slli_si128, _mm_srl_epi64, _mm_srli_epi16, _mm_srli_epi64,
    _mm_srli_si128, _mm_storeu_si128, _mm_xor_si128,
};

mod vex;

use super::fold::{self, ClmulForm};
use super::{Pclmul, PclmulGfni};
use crate::binary::backend::InlineReduction;
use crate::binary::modulus::ModulusSpec;
use crate::binary::portable;
use vex::{
    mont_mul_233_159_vex, mont_sqr_233_159_vex, mul_127_63, mul_127_63_ternlog, mul_233_74_vex,
    sqr_127_63_vex, sqr_233_74_vex,
};

/// An element of at most four words in two SSE registers (words 0, 1 in the first,
/// 2, 3 in the second; words at and above N zero).
pub type Lanes = [__m128i; 2];

/// The number of fold rounds that bring a value with no bit at or above `top` below
/// bit 64N, each round replacing the words at and above N by their product with R
/// (degree `64N − d + k_max`).
fn fold_rounds(n: usize, d: usize, kmax: usize, mut top: usize) -> usize {
    let mut rounds = 0;
    while top > 64 * n {
        top = top - 64 * n + (64 * n - d) + kmax;
        rounds += 1;
    }
    rounds
}

/// Whether stopping at degree < 64N (partial reduction) costs no more serial fold steps
/// than reducing fully: the rounds from a partially reduced product (no bit at or above
/// 128N − 1) against the rounds from a reduced one (2d − 1) plus the last step (the
/// bits at and above d, when d is not a multiple of 64). At 233,74,0: 2 against 2 + 1;
/// 127,63,0: 2 against 2 + 1; 163,7,6,3,0: 2 against 1 + 1 (tie: partial).
pub fn partial_pays<const N: usize, M: ModulusSpec>(m: &M) -> bool {
    let d = m.degree() as usize;
    let kmax = m.middle_exponents().first().map_or(0, |&k| k as usize);
    let partial = fold_rounds(N, d, kmax, 128 * N - 1);
    let full = fold_rounds(N, d, kmax, 2 * d - 1) + usize::from(!d.is_multiple_of(64));
    partial <= full
}

/// Whether `kind` can reduce lanes modulo `m` with `N`-word elements: `2 ≤ N ≤ 4`,
/// `64(N − 1) < d ≤ 64N`, `kind` one of the two SSE reductions, and (for the last
/// step, when taken) `d − k_max > 64`.
pub fn applies<const N: usize, M: ModulusSpec>(kind: InlineReduction, m: &M) -> bool {
    let d = m.degree() as usize;
    let shape = (2..=4).contains(&N) && d > 64 * (N - 1) && d <= 64 * N;
    let sse = matches!(kind, InlineReduction::ClmulFold | InlineReduction::SseShift);
    shape && sse && (partial_pays::<N, M>(m) || fold::shape_applies::<N, M>(m))
}

/// The lanes as N pairs (the layout of [`fold::mul_pairs`]: first ⌈N/2⌉ meaningful).
#[inline(always)]
fn widen<const N: usize>(a: &Lanes) -> [__m128i; N] {
    // SAFETY: SSE2 only (baseline on x86-64).
    let mut v = [unsafe { _mm_setzero_si128() }; N];
    for (k, slot) in v.iter_mut().enumerate().take(2) {
        *slot = a[k];
    }
    v
}

/// The first two pairs (words 0..4) of N pairs.
#[inline(always)]
fn narrow<const N: usize>(c: &[__m128i; N]) -> Lanes {
    // SAFETY: SSE2 only (baseline on x86-64).
    [
        c[0],
        if N > 1 {
            c[1]
        } else {
            unsafe { _mm_setzero_si128() }
        },
    ]
}

/// Reduces the double-length pairs `c` (no bit at or above `128N − 1`) as `kind`,
/// partially when [`partial_pays`].
#[inline(always)]
unsafe fn reduce<const N: usize, M: ModulusSpec>(
    form: impl ClmulForm,
    kind: InlineReduction,
    m: &M,
    c: [__m128i; N],
    square: bool,
) -> Lanes {
    // SAFETY: forwarded from the caller.
    unsafe { reduce_from(form, kind, m, c, 128 * N - 1, square) }
}

/// [`reduce`] of a value with no bit at or above `top`.
#[inline(always)]
unsafe fn reduce_from<const N: usize, M: ModulusSpec>(
    form: impl ClmulForm,
    kind: InlineReduction,
    m: &M,
    c: [__m128i; N],
    top: usize,
    square: bool,
) -> Lanes {
    if N == 2 && is_127_63(m) {
        // SAFETY: SSE2 only.
        let (r, zero) = unsafe { (reduce_127_63(c[0], c[1], square), _mm_setzero_si128()) };
        return [r, zero];
    }
    let finish = !partial_pays::<N, M>(m);
    // SAFETY: forwarded from the caller (PCLMULQDQ present).
    narrow(&unsafe { fold::reduce_pairs_sse(form, kind, m, c, top, finish) })
}

/// The square roots of the even-indexed and odd-indexed halves of the 256 bits `a`:
/// `(√a_e, √a_o)` with `a = a_e + x·a_o`, each as 128 bits (words 0, 1 from the first
/// register, 2, 3 from the second). Each byte's even (odd) bits are gathered into its
/// low nibble, by one GF2P8AFFINEQB where `gfni` is there, else by nibble tables
/// ([`byte_halves_by_table`]); then [`join_nibble_pairs`] and `packus` (c-xs233's
/// `gf_sqrt` shrinks by three rounds of shifts and masks, then `pshufb`). Cost: 4
/// GF2P8AFFINEQB, 4 `pmaddubsw` and 2 `packus` with GFNI; 8 `pshufb` and 8 logic
/// instructions (2 of them shifts), 4 `pmaddubsw` and 2 `packus` without.
///
/// # Safety
/// The CPU must have SSSE3 (implied by the SSE4.1 of the [`Pclmul`] token).
#[inline(always)]
unsafe fn split_roots(gfni: Option<PclmulGfni>, a: &Lanes) -> (__m128i, __m128i) {
    // SAFETY: the caller guarantees SSSE3; `PclmulGfni` proves GFNI; the rest is SSE2.
    unsafe {
        let (e0, e1, o0, o1) = match gfni {
            Some(_) => {
                let even = _mm_set1_epi64x(nibble_matrix(0) as i64);
                let odd = _mm_set1_epi64x(nibble_matrix(1) as i64);
                (
                    gf2p8affine(a[0], even),
                    gf2p8affine(a[1], even),
                    gf2p8affine(a[0], odd),
                    gf2p8affine(a[1], odd),
                )
            }
            None => {
                let (e0, o0) = byte_halves_by_table(a[0]);
                let (e1, o1) = byte_halves_by_table(a[1]);
                (e0, e1, o0, o1)
            }
        };
        (
            _mm_packus_epi16(join_nibble_pairs(e0), join_nibble_pairs(e1)),
            _mm_packus_epi16(join_nibble_pairs(o0), join_nibble_pairs(o1)),
        )
    }
}

/// The 16-byte `pshufb` table that maps a nibble `n` to its bits `first` and
/// `first + 2` (0 and 2: the even bits; 1 and 3: the odd ones) at bits `at` and
/// `at + 1`.
const fn nibble_half_table(first: u32, at: u32) -> [u64; 2] {
    let mut t = [0u64; 2];
    let mut n = 0u64;
    while n < 16 {
        let half = ((n >> first) & 1) | (((n >> (first + 2)) & 1) << 1);
        t[(n / 8) as usize] |= (half << at) << (8 * (n % 8));
        n += 1;
    }
    t
}

/// [`nibble_half_table`] in a register.
#[inline(always)]
fn nibble_half_register(first: u32, at: u32) -> __m128i {
    let t = nibble_half_table(first, at);
    // SAFETY: SSE2 only (baseline on x86-64).
    unsafe { _mm_set_epi64x(t[1] as i64, t[0] as i64) }
}

/// `(e, o)`: byte i of `e` holds the four even bits of byte i of `x` (bits 0, 2, 4, 6
/// to bits 0–3), of `o` the four odd ones; high nibbles zero. Each nibble of `x` looked
/// up by `pshufb` in a 16-entry table of its two even (odd) bits, the two lookups of a
/// byte ORed: 2 shifts and masks, 4 `pshufb`, 2 ORs, against 12 shifts and logic
/// instructions (four of them shifts) for the two rounds of c-xs233's shrinking, whose
/// latency is 7 instructions against 4. Measured on an AMD Zen 1 (scratch harness, the
/// 233,159,0 square root on the lanes, ns, one chain / independent): 9.3 / 6.1 by
/// tables, 10.7 / 8.3 by the shifts.
///
/// # Safety
/// The CPU must have SSSE3 (implied by the SSE4.1 of the [`Pclmul`] token).
#[inline(always)]
unsafe fn byte_halves_by_table(x: __m128i) -> (__m128i, __m128i) {
    // SAFETY: the caller guarantees SSSE3; the rest is SSE2.
    unsafe {
        let nibbles = _mm_set1_epi8(0x0F);
        let low = _mm_and_si128(x, nibbles);
        let high = _mm_and_si128(_mm_srli_epi16::<4>(x), nibbles);
        let e = _mm_or_si128(
            pshufb(nibble_half_register(0, 0), low),
            pshufb(nibble_half_register(0, 2), high),
        );
        let o = _mm_or_si128(
            pshufb(nibble_half_register(1, 0), low),
            pshufb(nibble_half_register(1, 2), high),
        );
        (e, o)
    }
}

/// `(even, odd)` compressions of the first `words` words of `a`, as
/// [`split_portable`](crate::binary::sqrt::backend::split_portable) (bit 2i of `a` to
/// bit i of `even`, bit 2i + 1 to bit i of `odd`; words from `words` on ignored), four
/// words at a time on two SSE registers by `split_roots`'s nibble tables. For CPUs
/// whose PEXT is slow (AMD Zen 1/2: [`Feature::PdepFast`](crate::cpu::Feature::PdepFast)
/// absent), where a word costs about 30 shift and logic instructions, or two microcoded
/// PEXT.
/// Constant-time (the loop bounds depend on `N` and `words` only).
#[inline(always)]
pub fn split_words<const N: usize>(_t: Pclmul, a: &[u64; N], words: usize) -> ([u64; N], [u64; N]) {
    let mut even = [0u64; N];
    let mut odd = [0u64; N];
    let word = |i: usize| if i < N && i < words { a[i] as i64 } else { 0 };
    for chunk in 0..N.div_ceil(4) {
        let base = 4 * chunk;
        // SAFETY: `Pclmul` proves SSE4.1, hence SSSE3; the rest is SSE2.
        let (se, so) = unsafe {
            let lanes = [
                _mm_set_epi64x(word(base + 1), word(base)),
                _mm_set_epi64x(word(base + 3), word(base + 2)),
            ];
            split_roots(None, &lanes)
        };
        for (out, v) in [(&mut even, se), (&mut odd, so)] {
            let (lo, hi) = words_of(v);
            if 2 * chunk < N {
                out[2 * chunk] = lo;
            }
            if 2 * chunk + 1 < N {
                out[2 * chunk + 1] = hi;
            }
        }
    }
    (even, odd)
}

/// The two 64-bit lanes of `v` (low, high). SSE4.1 `pextrq` is avoided (this is
/// inlined into code compiled for baseline x86-64): a byte shift and two `movq`.
#[inline(always)]
fn words_of(v: __m128i) -> (u64, u64) {
    // SAFETY: SSE2 only (baseline on x86-64).
    unsafe {
        (
            _mm_cvtsi128_si64(v) as u64,
            _mm_cvtsi128_si64(_mm_srli_si128::<8>(v)) as u64,
        )
    }
}

/// `√a` modulo `m` for a partially reduced `a`, partially reduced, inlined into the
/// caller: `√a = √a_e + √x·√a_o` (Avanzi §2.1, equation (2); the split as in
/// c-xs233's `gf_sqrt`, by GFNI where `gfni` is there: `split_roots`), `sqrt_x` the
/// canonical √x of the field. Cost: the split, four PCLMULQDQ per pair of words of
/// `sqrt_x` (4 / 8 / 8 for N = 2 / 3 / 4) for the product, then one reduction from
/// degree 32N + d. Constant-time. `kind` must satisfy [`applies`].
#[inline(always)]
pub fn sqrt<const N: usize, M: ModulusSpec>(
    t: impl ClmulForm,
    gfni: Option<PclmulGfni>,
    kind: InlineReduction,
    m: &M,
    a: &Lanes,
    sqrt_x: &Lanes,
) -> Lanes {
    // SAFETY: the token exists only when PCLMULQDQ (with SSE4.1, hence SSSE3) was
    // detected; SSE2 otherwise.
    unsafe {
        let (se, so) = split_roots(gfni, a);
        let mut c = fold::mul_128_by_pairs::<N>(t, so, &widen(sqrt_x));
        c[0] = _mm_xor_si128(c[0], se);
        // √a_o has fewer than 32N bits (a has fewer than 64N), √x fewer than d.
        reduce_from(t, kind, m, c, 32 * N + m.degree() as usize, false)
    }
}

/// The GF2P8AFFINEQB matrix that gathers each byte's bits `first, first + 2, first
/// + 4, first + 6` into its low nibble and clears the high one: the row of output bit
/// i is byte 7 − i of the matrix (Intel SDM, `GF2P8AFFINEQB`), here the one-hot mask
/// of input bit `first + 2i` for i < 4, zero above.
const fn nibble_matrix(first: u32) -> u64 {
    let mut matrix = 0u64;
    let mut i = 0;
    while i < 4 {
        matrix |= (1u64 << (first + 2 * i)) << (8 * (7 - i));
        i += 1;
    }
    matrix
}

/// `gf2p8affineqb x, matrix, 0`: every byte of `x` multiplied by the 8×8 bit matrix
/// (the same in both 64-bit lanes). Written as `asm!` for the reason [`fold::clmul`]
/// is: it inlines into callers compiled without the `gfni` target feature.
///
/// # Safety
/// The CPU must have GFNI (the [`PclmulGfni`] token guarantees it).
#[inline(always)]
unsafe fn gf2p8affine(x: __m128i, matrix: __m128i) -> __m128i {
    let mut r = x;
    // SAFETY: the caller guarantees GFNI; the instruction reads and writes only the two
    // registers named.
    unsafe {
        core::arch::asm!(
            "gf2p8affineqb {r}, {m}, 0",
            r = inout(xmm_reg) r,
            m = in(xmm_reg) matrix,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    r
}

/// `pshufb x, index` (SSSE3): byte i of the result is byte `index[i] & 15` of `x`, or
/// zero where bit 7 of `index[i]` is set. `asm!` as [`gf2p8affine`].
///
/// # Safety
/// The CPU must have SSSE3 (implied by the SSE4.1 of the [`Pclmul`] token).
#[inline(always)]
unsafe fn pshufb(x: __m128i, index: __m128i) -> __m128i {
    let mut r = x;
    // SAFETY: the caller guarantees SSSE3; the instruction reads and writes only the
    // two registers named.
    unsafe {
        core::arch::asm!(
            "pshufb {r}, {i}",
            r = inout(xmm_reg) r,
            i = in(xmm_reg) index,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    r
}

/// Each 16-bit lane `n0 + n1·2^8` of `x` (two bytes whose high nibbles are zero) to
/// `n0 + n1·2^4`: `pmaddubsw` (SSSE3) by the byte pairs (1, 16), the two nibbles of
/// one byte in the lane's low byte. `asm!` as [`gf2p8affine`].
///
/// # Safety
/// The CPU must have SSSE3 (implied by the SSE4.1 of the [`Pclmul`] token).
#[inline(always)]
unsafe fn join_nibble_pairs(x: __m128i) -> __m128i {
    let mut r = x;
    // SAFETY: the caller guarantees SSSE3; the instruction reads and writes only the
    // two registers named. Products of nibbles (< 16) by 1 and 16 sum to at most 255:
    // no saturation.
    unsafe {
        core::arch::asm!(
            "pmaddubsw {r}, {k}",
            r = inout(xmm_reg) r,
            k = in(xmm_reg) _mm_set1_epi16(0x1001),
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    r
}

/// `x·x^t` for `x` of at most 64 bits (the low lane; the high lane zero) and
/// 1 ≤ t ≤ 64, by two bit shifts and a byte shift. SSE2.
#[inline(always)]
unsafe fn shl_low_lane(x: __m128i, t: usize) -> __m128i {
    // SAFETY: SSE2 only (baseline on x86-64).
    unsafe {
        _mm_or_si128(
            _mm_sll_epi64(x, _mm_cvtsi64_si128(t as i64)),
            _mm_slli_si128::<8>(_mm_srl_epi64(x, _mm_cvtsi64_si128(64 - t as i64))),
        )
    }
}

/// The `pshufb` index that moves bytes 8–15 of its source to bytes `shift`–`shift + 7`
/// and zeroes the others (index bytes with bit 7 set): the high lane times x^(8·shift).
/// `shift` is a constant of the compile-time spec, so the index is too.
#[inline(always)]
fn high_lane_shifted_index(shift: usize) -> __m128i {
    let mut lanes = [0u64; 2];
    for i in 0..16 {
        let byte = if i >= shift && i < shift + 8 {
            (8 + i - shift) as u64
        } else {
            0x80
        };
        lanes[i / 8] |= byte << (8 * (i % 8));
    }
    // SAFETY: SSE2 only (baseline on x86-64).
    unsafe { _mm_set_epi64x(lanes[1] as i64, lanes[0] as i64) }
}

/// The tail of the type I square roots. `even` and `odd` hold, in the low nibble of
/// each byte, four bits of `a_e` and of `a_o` (byte i: bits 4i to 4i + 3; high nibbles
/// zero). [`join_nibble_pairs`] and one `packus` make `[a_e | a_o]` (low lane, high
/// lane), then `a_e + ζ·a_o` (ζ = x^((d+1)/2) + Σ x^((k+1)/2)): the term x^64 (d = 127)
/// is the register itself, each other term whose exponent is a multiple of 8 one
/// `pshufb` of the high lane, the rest by [`shl_low_lane`]; an XOR per term. At
/// 127,63,0: two `pmaddubsw`, `packus`, `pshufb`, XOR.
///
/// # Safety
/// The CPU must have SSSE3.
#[inline(always)]
unsafe fn type1_combine<M: ModulusSpec>(m: &M, even: __m128i, odd: __m128i) -> Lanes {
    // SAFETY: the caller guarantees SSSE3; the rest is SSE2.
    unsafe {
        let halves = _mm_packus_epi16(join_nibble_pairs(even), join_nibble_pairs(odd));
        let odd_low = _mm_srli_si128::<8>(halves);
        let top = (m.degree() as usize).div_ceil(2);
        let mut r = if top == 64 {
            halves
        } else {
            _mm_move_epi64(halves)
        };
        let terms = m
            .middle_exponents()
            .iter()
            .map(|&k| (k as usize).div_ceil(2));
        for t in core::iter::once(top).filter(|&t| t != 64).chain(terms) {
            let term = if t % 8 == 0 {
                pshufb(halves, high_lane_shifted_index(t / 8))
            } else {
                shl_low_lane(odd_low, t)
            };
            r = _mm_xor_si128(r, term);
        }
        [r, _mm_setzero_si128()]
    }
}

/// `√a` for a type I SSRF modulus of two words (Avanzi §2.2, Theorem 1: d odd, every
/// middle exponent k odd, ζ = √x = x^((d+1)/2) + Σ x^((k+1)/2)), on one register and
/// without a product: `√a = a_e + ζ·a_o` where `a = a_e² + x·a_o²`. For a partially
/// reduced `a` (degree < 128) `a_e` and `a_o` have 64 bits and `ζ·a_o` degree at most
/// 63 + 64, so the result is partially reduced with no fold. crrl's
/// `GFb127::set_sqrt` (Pornin), generalised to every type I pair of words, with the
/// split by nibble tables (`byte_halves_by_table`: 9 instructions, 1 of them a shift)
/// where crrl shrinks by three rounds of shifts and masks (20 instructions, 7 shifts),
/// then `type1_combine`. Constant-time.
/// Precondition: `m` of type I and degree 65–128 (else the result is meaningless,
/// never undefined behaviour); `a[1]` is ignored (zero for N = 2).
#[inline(always)]
pub fn sqrt_type1_pair<M: ModulusSpec>(_t: Pclmul, m: &M, a: &Lanes) -> Lanes {
    // SAFETY: `Pclmul` proves SSE4.1, hence SSSE3; the rest is SSE2.
    unsafe {
        let (even, odd) = byte_halves_by_table(a[0]);
        type1_combine(m, even, odd)
    }
}

/// [`sqrt_type1_pair`] with the split by GFNI: one GF2P8AFFINEQB per half gathers
/// each byte's even (odd) bits into its low nibble, 2 instructions for the split
/// instead of 9. Measured on Zen 5, 127,63,0, the kernel alone, ns per square root
/// (eight independent chains / one dependent chain): 0.55 / 3.1 by GFNI, 1.42–1.45 /
/// 5.6 by two rounds of shifts (the split before the nibble tables), crrl's own code
/// built the same way 1.73–1.80 / 6.1.
/// Constant-time; the same precondition.
#[inline(always)]
pub fn sqrt_type1_pair_gfni<M: ModulusSpec>(_t: PclmulGfni, m: &M, a: &Lanes) -> Lanes {
    // SAFETY: `PclmulGfni` proves GFNI and SSE4.1 (hence SSSE3); the rest is SSE2.
    unsafe {
        let even = gf2p8affine(a[0], _mm_set1_epi64x(nibble_matrix(0) as i64));
        let odd = gf2p8affine(a[0], _mm_set1_epi64x(nibble_matrix(1) as i64));
        type1_combine(m, even, odd)
    }
}

/// `√a` for a type I SSRF modulus of three or four words (degree 129–255) on the
/// lanes, without a product (Avanzi §2.2, Theorem 1, as [`sqrt_type1_pair`]): `√a =
/// √a_e + ζ·√a_o` with `(√a_e, √a_o)` from `split_roots` (GFNI where `gfni` is
/// there, else nibble tables), ζ = x^((d+1)/2) + Σ x^((k+1)/2), and ζ·√a_o as one
/// shifted copy of √a_o per term (`shl_128`). For a reduced `a` (degree < d)
/// `√a_o` has degree ≤ (d − 3)/2, so every term stays below x^d: the result is
/// reduced, with no fold. For a partially reduced `a` (degree < 64N) `√a_o` has fewer
/// than 32N bits and ζ degree (d + 1)/2 ≤ 32N, so the result has degree < 64N: partially
/// reduced, congruent to √a (the identity holds for every representative). Measured on
/// an AMD Zen 1 (scratch harness, 233,159,0, ns, one chain / independent): 9.3 / 6.1,
/// where the words' kernel with the split by shifts took 25.2 / 23.2 and c-xs233's
/// `gf_sqrt` (233,74,0, with its product by √z) 20.5 / 16.0. Constant-time.
/// Precondition: `m` of type I with three or four words (degree 129–255), `a` of degree
/// below 64N, N the word count (else the result is meaningless, never undefined
/// behaviour).
#[inline(always)]
pub fn sqrt_type1_quad<M: ModulusSpec>(
    _t: Pclmul,
    gfni: Option<PclmulGfni>,
    m: &M,
    a: &Lanes,
) -> Lanes {
    // SAFETY: `Pclmul` proves SSE4.1, hence SSSE3; `PclmulGfni` proves GFNI; the rest
    // is SSE2.
    unsafe {
        let (se, so) = split_roots(gfni, a);
        let mut r = [se, _mm_setzero_si128()];
        let d = m.degree() as usize;
        let terms = m
            .middle_exponents()
            .iter()
            .map(|&k| (k as usize).div_ceil(2));
        for t in core::iter::once(d.div_ceil(2)).chain(terms) {
            let (lo, hi) = shl_128(so, t);
            r[0] = _mm_xor_si128(r[0], lo);
            r[1] = _mm_xor_si128(r[1], hi);
        }
        r
    }
}

/// [`sqrt_type1_quad`] in Montgomery's representation (four words): for `a = ã` =
/// α·x^256 mod P canonical, `√α·x^256 = √ã·x^128`, so the square root of the
/// registers, moved up one pair, reduced from degree 128 + d by the reduction `kind`
/// names, to the end (canonical, as the representation's elements are). Against the
/// way through the words (out of the representation by the portable Montgomery
/// reduction, the words' square root, back in by a product by x^512 mod P) it saves
/// a product and a reduction. Constant-time. Precondition: `m` of type I and degree
/// 193–255 (four words), `a` canonical (else the result is meaningless, never undefined
/// behaviour).
#[inline(always)]
pub fn sqrt_type1_quad_montgomery<M: ModulusSpec>(
    t: Pclmul,
    gfni: Option<PclmulGfni>,
    kind: InlineReduction,
    m: &M,
    a: &Lanes,
) -> Lanes {
    let r = sqrt_type1_quad(t, gfni, m, a);
    // SAFETY: SSE2; the `Pclmul` token proves PCLMULQDQ for a carry-less `kind`.
    unsafe {
        let zero = _mm_setzero_si128();
        narrow(&fold::reduce_pairs_sse(
            t,
            kind,
            m,
            [zero, r[0], r[1], zero],
            128 + m.degree() as usize,
            true,
        ))
    }
}

/// `x·x^t` as 256 bits (low register, high register) for `x` of 128 bits and
/// 0 ≤ t ≤ 128: two bit shifts of both lanes (a count of 64 clears a lane, so t a
/// multiple of 64 needs no case), then byte shifts placing the three words at word
/// ⌊t/64⌋. SSE2.
#[inline(always)]
fn shl_128(x: __m128i, t: usize) -> (__m128i, __m128i) {
    let s = (t % 64) as i64;
    // SAFETY: SSE2 only (baseline on x86-64).
    unsafe {
        let up = _mm_sll_epi64(x, _mm_cvtsi64_si128(s));
        let carry = _mm_srl_epi64(x, _mm_cvtsi64_si128(64 - s));
        match t / 64 {
            0 => (
                _mm_xor_si128(up, _mm_slli_si128::<8>(carry)),
                _mm_srli_si128::<8>(carry),
            ),
            1 => (
                _mm_slli_si128::<8>(up),
                _mm_xor_si128(_mm_srli_si128::<8>(up), carry),
            ),
            _ => (
                _mm_setzero_si128(),
                _mm_xor_si128(up, _mm_slli_si128::<8>(carry)),
            ),
        }
    }
}

/// Whether `m` is x^127 + x^63 + 1 (crrl's `GFb127` modulus).
#[inline(always)]
fn is_127_63<M: ModulusSpec>(m: &M) -> bool {
    m.degree() == 127 && m.middle_exponents() == [63]
}

/// Reduces `d0 + d1·x^128` (degree ≤ 254) modulo `x·(x^127 + x^63 + 1) = x^128 + x^64 + x`
/// in one step, Pornin's closed form from crrl's `GFb127`: with `d1 = e2 + e3·x^64`
/// (deg e3 ≤ 62), `d1·x^128 ≡ (e2 + e3)·x^64 + x·(e2 + e3 + e3·x^64)`, and the last
/// term stays below x^128. Two rounds of the generic fold, merged. For a square
/// (`square`: every odd bit of `d1` is zero) the shift by x carries nothing across the
/// 64-bit lanes, so the carry is left out, as crrl does.
#[inline(always)]
unsafe fn reduce_127_63(d0: __m128i, d1: __m128i, square: bool) -> __m128i {
    // SAFETY: SSE2 only (baseline on x86-64).
    unsafe {
        let f = _mm_xor_si128(d1, _mm_srli_si128(d1, 8));
        let g = _mm_slli_si128(f, 8);
        let h = if square {
            _mm_slli_epi64(f, 1)
        } else {
            _mm_or_si128(
                _mm_slli_epi64(f, 1),
                _mm_slli_si128(_mm_srli_epi64(f, 63), 8),
            )
        };
        _mm_xor_si128(d0, _mm_xor_si128(g, h))
    }
}

/// Whether `m` is x^233 + x^159 + 1 with `N` = 4 words: where `mont_sqr_233_159_vex`
/// and `mont_mul_233_159_vex` (written whole in VEX) apply under Montgomery's
/// representation.
#[inline(always)]
pub fn has_vex_montgomery_kernels<const N: usize, M: ModulusSpec>(m: &M) -> bool {
    N == 4 && m.degree() == 233 && m.middle_exponents() == [159]
}

/// Whether `m` is x^233 + x^74 + 1 (c-xs233's modulus), reduced by shifts to partially
/// reduced values with `N` = 4 words: where [`sqr_233_74_vex`] and [`mul_233_74_vex`]
/// apply.
#[inline(always)]
fn is_233_74_shift<const N: usize, M: ModulusSpec>(kind: InlineReduction, m: &M) -> bool {
    N == 4
        && m.degree() == 233
        && m.middle_exponents() == [74]
        && kind == InlineReduction::SseShift
        && partial_pays::<N, M>(m)
}

/// Whether `m` with `N` words reduced as `kind` has kernels written whole in the VEX
/// encoding (127,63,0 with two words: `mul_127_63`, `sqr_127_63_vex`; 233,74,0
/// reduced by shifts: `mul_233_74_vex`, `sqr_233_74_vex`), so that a square is worth
/// issuing with the VEX token rather than the legacy one-register form.
pub fn has_vex_kernels<const N: usize, M: ModulusSpec>(kind: InlineReduction, m: &M) -> bool {
    (N == 2 && is_127_63(m)) || is_233_74_shift::<N, M>(kind, m)
}

/// Whether [`mul`] and [`sqr`] run the whole-VEX 127,63,0 kernels with the form `t`:
/// `Some(ternlog)` for that modulus with two words and the VEX form.
#[inline(always)]
fn vex_127_63<const N: usize, M: ModulusSpec>(t: impl ClmulForm, m: &M) -> Option<bool> {
    if N == 2 && is_127_63(m) {
        t.vex_ternlog()
    } else {
        None
    }
}

/// `a·b` modulo `m`, partially reduced, inlined into the caller. `kind` must satisfy
/// [`applies`] (else the result is meaningless, never undefined behaviour).
#[inline(always)]
pub fn mul<const N: usize, M: ModulusSpec>(
    t: impl ClmulForm,
    kind: InlineReduction,
    m: &M,
    a: &Lanes,
    b: &Lanes,
) -> Lanes {
    // SAFETY: the token exists only when PCLMULQDQ was detected; the kernels use SSE2
    // (baseline) and PCLMULQDQ only; the VEX token proves AVX, and its `ternlog` flag
    // AVX-512F and AVX-512VL.
    unsafe {
        if let Some(ternlog) = vex_127_63::<N, M>(t, m) {
            let r = if ternlog {
                mul_127_63_ternlog(a[0], b[0])
            } else {
                mul_127_63(a[0], b[0])
            };
            return [r, _mm_setzero_si128()];
        }
        if is_233_74_shift::<N, M>(kind, m) {
            if let Some(ternlog) = t.vex_ternlog() {
                return mul_233_74_vex(a, b, ternlog);
            }
        }
        let (wa, wb) = (widen(a), widen(b));
        if let Some(c) = fold::mul_fold_early::<N, M>(t, kind, m, &wa, &wb) {
            // Below x^(64N) already (three words, R in one word).
            return reduce_from(t, kind, m, c, 64 * N, false);
        }
        reduce(t, kind, m, fold::mul_pairs::<N>(t, &wa, &wb), false)
    }
}

/// `a²` modulo `m`, partially reduced (see [`mul`]), by
/// [`fold::square_reduce_pairs_sse`]: by shifts the square's N PCLMULQDQ are issued
/// where the fold reads their pairs, and at 233,74,0 the fold goes by pairs, c-xs233's
/// `gf_sqr`. At 127,63,0 crrl's closed form, as for products.
#[inline(always)]
pub fn sqr<const N: usize, M: ModulusSpec>(
    t: impl ClmulForm,
    kind: InlineReduction,
    m: &M,
    a: &Lanes,
) -> Lanes {
    // SAFETY: as in `mul`.
    unsafe {
        if let Some(ternlog) = vex_127_63::<N, M>(t, m) {
            return [
                sqr_127_63_vex(a[0], ternlog, t.short_square_127()),
                _mm_setzero_si128(),
            ];
        }
        if is_233_74_shift::<N, M>(kind, m) {
            if let Some(ternlog) = t.vex_ternlog() {
                return sqr_233_74_vex(a, ternlog);
            }
        }
        if N == 2 && is_127_63(m) {
            return reduce(t, kind, m, fold::square_pairs::<N>(&widen(a)), true);
        }
        let finish = !partial_pays::<N, M>(m);
        narrow(&fold::square_reduce_pairs_sse::<N, M>(
            t,
            kind,
            m,
            widen(a),
            finish,
        ))
    }
}

/// Whether [`mont_mul`] applies to `m` with `N`-word elements
/// ([`fold::montgomery_applies`]).
pub fn montgomery_applies<const N: usize, M: ModulusSpec>(m: &M) -> bool {
    fold::montgomery_applies::<N, M>(m)
}

/// `a·b·x^(−64N) mod m` (Montgomery's product) for canonical `a`, `b`, canonical,
/// inlined into the caller ([`fold::montgomery_reduce_pairs`]; at 233,159,0 with the VEX
/// form `mont_mul_233_159_vex`: c-xs233's 12-product Karatsuba arrangement and the
/// reduction of the Montgomery square, written whole in VEX).
/// [`montgomery_applies`] must hold (else the result is meaningless, never undefined
/// behaviour).
#[inline(always)]
pub fn mont_mul<const N: usize, M: ModulusSpec>(
    t: impl ClmulForm,
    m: &M,
    a: &Lanes,
    b: &Lanes,
) -> Lanes {
    // SAFETY: as in `mul`.
    unsafe {
        if has_vex_montgomery_kernels::<N, M>(m) {
            if let Some(ternlog) = t.vex_ternlog() {
                return mont_mul_233_159_vex(a, b, ternlog);
            }
        }
        narrow(&fold::montgomery_reduce_pairs(
            m,
            fold::mul_pairs::<N>(t, &widen(a), &widen(b)),
        ))
    }
}

/// `a²·x^(−64N) mod m` for canonical `a` (see [`mont_mul`]).
#[inline(always)]
pub fn mont_sqr<const N: usize, M: ModulusSpec>(t: impl ClmulForm, m: &M, a: &Lanes) -> Lanes {
    // SAFETY: as in `mul`.
    unsafe {
        if has_vex_montgomery_kernels::<N, M>(m) {
            if let Some(ternlog) = t.vex_ternlog() {
                return mont_sqr_233_159_vex(a, ternlog);
            }
        }
        narrow(&fold::montgomery_square_pairs::<N, M>(m, widen(a)))
    }
}

/// `a + b`.
#[inline(always)]
pub fn add(a: &Lanes, b: &Lanes) -> Lanes {
    // SAFETY: SSE2 only (baseline on x86-64).
    unsafe { [_mm_xor_si128(a[0], b[0]), _mm_xor_si128(a[1], b[1])] }
}

/// `b` where `mask` is all ones, `a` where it is zero, by masks (constant-time; `mask`
/// must be 0 or −1).
#[inline(always)]
pub fn select(a: &Lanes, b: &Lanes, mask: i64) -> Lanes {
    // SAFETY: SSE2 only (baseline on x86-64).
    unsafe {
        let mask = _mm_set1_epi64x(mask);
        let pick = |x: __m128i, y: __m128i| {
            _mm_xor_si128(_mm_andnot_si128(mask, x), _mm_and_si128(mask, y))
        };
        [pick(a[0], b[0]), pick(a[1], b[1])]
    }
}

/// Row `index` of a table of `len` rows of W elements (`row(i)` gives row i), zeros
/// when `index` ≥ `len`: every row is read and OR-accumulated under a mask built by
/// a vector comparison of a row counter with the index. The mask passes through an
/// empty `asm!` (no instruction): given a visible comparison, the compiler proves that
/// one row at most is selected and turns the read into a search for `index` with a
/// branch per row (the constant-time check under Valgrind caught it on the scalar
/// form). Constant-time in `index`; about 2 + 4W vector instructions per row. (An
/// AVX2 form with one ymm per element, a call to a `target_feature` function, made
/// the τ-adic method 5 % slower on Zen 5 though its reads alone took 7.6 ns against
/// 9.8: the call stops the reads from overlapping the squarings around them.)
#[inline(always)]
pub fn lookup_rows<const W: usize>(
    len: usize,
    row: impl Fn(usize) -> [Lanes; W],
    index: u32,
) -> [Lanes; W] {
    // SAFETY: SSE2 only (baseline on x86-64); the asm is empty and only launders a
    // register value.
    unsafe {
        let target = _mm_set1_epi32(index as i32);
        let one = _mm_set1_epi32(1);
        let mut counter = _mm_setzero_si128();
        let mut acc = [[_mm_setzero_si128(); 2]; W];
        for i in 0..len {
            let mut mask = _mm_cmpeq_epi32(counter, target);
            core::arch::asm!("/* {0} */", inout(xmm_reg) mask, options(pure, nomem, nostack, preserves_flags));
            counter = _mm_add_epi32(counter, one);
            let r = row(i);
            for (a, e) in acc.iter_mut().zip(r) {
                a[0] = _mm_or_si128(a[0], _mm_and_si128(e[0], mask));
                a[1] = _mm_or_si128(a[1], _mm_and_si128(e[1], mask));
            }
        }
        acc
    }
}

/// `a` itself, through an empty `asm!` that takes and gives it in two SSE registers. For
/// the result of an out-of-line call, which comes back through memory: without it LLVM
/// may make the call's return slot the meeting point of that arm and of an inlined
/// kernel's arm, so that the inlined result too is stored and reloaded at every step of
/// a loop (seen in `PackedField::mul`'s chains on a Zen 1, session 31: 21 ns a 233-bit
/// product against 14 for the kernel alone).
#[inline(always)]
pub fn in_registers(a: Lanes) -> Lanes {
    let [mut x, mut y] = a;
    // SAFETY: the asm is empty; it only names the two registers.
    unsafe {
        core::arch::asm!(
            "/* {0} {1} */",
            inout(xmm_reg) x,
            inout(xmm_reg) y,
            options(pure, nomem, nostack, preserves_flags)
        );
    }
    [x, y]
}

/// The lanes of the words `w` (N ≤ 4).
#[inline(always)]
pub fn from_words<const N: usize>(w: &[u64; N]) -> Lanes {
    let word = |i: usize| if i < N { w[i] as i64 } else { 0 };
    // SAFETY: SSE2 only (baseline on x86-64).
    unsafe {
        [
            _mm_set_epi64x(word(1), word(0)),
            _mm_set_epi64x(word(3), word(2)),
        ]
    }
}

/// The words of the lanes as they are (partially reduced).
#[inline(always)]
pub fn raw_words<const N: usize>(a: &Lanes) -> [u64; N] {
    let mut all = [0u64; 4];
    // SAFETY: `all` holds four words; two unaligned 16-byte stores (SSE2).
    unsafe {
        _mm_storeu_si128(all.as_mut_ptr().cast::<__m128i>(), a[0]);
        _mm_storeu_si128(all.as_mut_ptr().add(2).cast::<__m128i>(), a[1]);
    }
    let mut w = [0u64; N];
    for (i, slot) in w.iter_mut().enumerate() {
        *slot = all[i];
    }
    w
}

/// The canonical (fully reduced) words of the lanes: the bits at and above d folded
/// by `P − x^d` in general registers (constant-time).
#[inline(always)]
pub fn canonical_words<const N: usize, M: ModulusSpec>(m: &M, a: &Lanes) -> [u64; N] {
    portable::reduce_below(m, raw_words::<N>(a), [0; N], 64 * N)
}

/// The trace of a partially reduced element from its extended trace vector `mask`
/// (bit i = Tr(x^i) for every i < 64N, so that a value of degree < 64N needs no
/// reduction first): the parity of `a & mask`. The two lanes' masked words are folded
/// to one 64-bit word `x` in SSE registers and moved out once; when `mask` has at most
/// four bits, `positions[..count]` are their distinct positions modulo 64 (bits of
/// different words at the same position are already summed in `x`), and the parity is
/// those bits of `x`; otherwise the parity of all of `x`. Constant-time.
#[inline(always)]
pub fn trace(a: &Lanes, mask: &Lanes, positions: &[u32; 4], count: usize) -> u8 {
    // SAFETY: SSE2 only (baseline on x86-64).
    let x = unsafe {
        let t = _mm_xor_si128(_mm_and_si128(a[0], mask[0]), _mm_and_si128(a[1], mask[1]));
        let t = _mm_xor_si128(t, _mm_srli_si128(t, 8));
        core::arch::x86_64::_mm_cvtsi128_si64(t) as u64
    };
    if count <= 4 {
        let mut bit = 0;
        for &p in &positions[..count] {
            bit ^= x >> p;
        }
        (bit & 1) as u8
    } else {
        (x.count_ones() & 1) as u8
    }
}
