//! Even/odd bit separation ("bit compression"), the first step of a square root
//! α = α_even² + x·α_odd² (the half-trace's even-bit folding has its own stride
//! gathers, [`crate::binary::half_trace::backend`]).
//!
//! Source: Avanzi §3.1 (compression by table); here by a mask-and-shift cascade (the
//! inverse of [`spread32`](crate::binary::portable::spread32)), by BMI2 `pext` in
//! [`bmi2`] when the CPU has it at full speed, or, where its PEXT is slow (AMD Zen 1/2),
//! by `pshufb` nibble tables on SSE registers ([`SseTableSplit`], four words per pass)
//! (detected at run time; identical results).
//! Cost: about 15 word operations per input word and half (portable), 2 `pext` per word
//! (BMI2), 2 `pshufb` per 16 bits and half (SSE tables).
//! Constant-time: yes.

pub mod bmi2;

use crate::binary::modulus::ModulusSpec;

/// The even mask `…0101`.
pub const EVEN_MASK: u64 = 0x5555_5555_5555_5555;
/// The odd mask `…1010`.
pub const ODD_MASK: u64 = 0xAAAA_AAAA_AAAA_AAAA;

/// Gathers the 32 even-position bits of `x` into the low half (bit 2i → bit i).
#[inline]
pub fn compress_even_word(x: u64) -> u32 {
    let mut x = x & EVEN_MASK;
    x = (x | (x >> 1)) & 0x3333_3333_3333_3333;
    x = (x | (x >> 2)) & 0x0F0F_0F0F_0F0F_0F0F;
    x = (x | (x >> 4)) & 0x00FF_00FF_00FF_00FF;
    x = (x | (x >> 8)) & 0x0000_FFFF_0000_FFFF;
    x = (x | (x >> 16)) & 0x0000_0000_FFFF_FFFF;
    x as u32
}

/// `(even, odd)` compressions of the first `words` words of `a`, portable code:
/// bit `2i` of `a` goes to bit `i` of `even`, bit `2i+1` to bit `i` of `odd`; words of
/// `a` from `words` on are ignored, and the outputs are zero beyond `⌈words/2⌉` words.
pub fn split_portable<const N: usize>(a: &[u64; N], words: usize) -> ([u64; N], [u64; N]) {
    split_with::<N, PortableSplit>(a, words)
}

/// `(even, odd)` compressions of the first `words` words of `a` by the word splitter
/// `S` (as [`split_portable`]); always inlined, so each kernel compiles it with its
/// own splitter.
#[inline(always)]
pub fn split_with<const N: usize, S: WordSplit>(
    a: &[u64; N],
    words: usize,
) -> ([u64; N], [u64; N]) {
    S::split_words(a, words)
}

/// Splits one word into its (even, odd) compressions, each in the low 32 bits, and
/// an array of words (by default word by word).
pub trait WordSplit {
    /// `(bits 0, 2, …, 62 → 0..32, bits 1, 3, …, 63 → 0..32)`.
    fn split_word(w: u64) -> (u64, u64);

    /// `(even, odd)` compressions of the first `words` words of `a`, as
    /// [`split_portable`]; by default [`WordSplit::split_word`] word by word.
    #[inline(always)]
    fn split_words<const N: usize>(a: &[u64; N], words: usize) -> ([u64; N], [u64; N]) {
        let mut even = [0u64; N];
        let mut odd = [0u64; N];
        for (i, &w) in a.iter().enumerate().take(words) {
            let (e, o) = Self::split_word(w);
            let sh = 32 * (i & 1);
            even[i / 2] |= e << sh;
            odd[i / 2] |= o << sh;
        }
        (even, odd)
    }
}

/// The portable [`WordSplit`] (mask-and-shift cascade).
pub struct PortableSplit;

impl WordSplit for PortableSplit {
    #[inline(always)]
    fn split_word(w: u64) -> (u64, u64) {
        (
            compress_even_word(w) as u64,
            compress_even_word(w >> 1) as u64,
        )
    }
}

/// The sparse-ζ square-root kernel: `α_even + Σ_k α_odd·x^k` (unreduced, 3N words),
/// where `α_even`, `α_odd` are the compressions of `a` (which must be reduced, with
/// zero words from `words` on), `α_odd` taken as `odd_words` words, and `terms` are
/// the exponents of ζ, each below `64·(3N − ⌈N/2⌉)`.
///
/// Generic over the word splitter and always inlined, so that each backend compiles
/// it as one function with the split in registers. Constant-time: yes.
#[inline(always)]
pub fn sparse_kernel<const N: usize, S: WordSplit>(
    a: &[u64; N],
    words: usize,
    odd_words: usize,
    terms: &[u32],
) -> [[u64; N]; 3] {
    // All N words: a reduced input has zeros from word ⌈d/64⌉ on, so the loop bound
    // can be the constant N (unrolled) rather than `words`.
    let _ = words;
    let (even, odd) = split_with::<N, S>(a, N);
    // α_odd has at most ⌈N/2⌉ nonzero words; the constant bound lets the loop unroll.
    let _ = odd_words;
    let half = N.div_ceil(2);
    let mut buf = [[0u64; N]; 3];
    buf[0] = even;
    let flat = buf.as_flattened_mut();
    for &k in terms {
        let q = k as usize / 64;
        let r = k % 64;
        if q + half < 3 * N {
            for i in 0..half {
                flat[q + i] ^= odd[i] << r;
                // (w >> 1) >> (63 − r) is w >> (64 − r), and 0 for r = 0.
                flat[q + i + 1] ^= (odd[i] >> 1) >> (63 - r);
            }
        }
    }
    buf
}

/// The type-I SSRF square-root kernel (Avanzi Theorem 1): with P = X^d + Σ X^k + 1,
/// d and every k odd, ζ = x^((d+1)/2) + Σ x^((k+1)/2) and √a = a_even + ζ·a_odd has
/// degree < d, so the result is `a_even ^ Σ_t (a_odd << t)` truncated to N words, no
/// reduction. The shifts are read from `m`, so for a zero-sized compile-time spec they
/// are constants and the kernel is straight-line code (a handful of `pext`, then two
/// shifts and two xors per term and word of `a_odd`). Precondition: `m` of type I,
/// `a` reduced. Constant-time: yes.
#[inline(always)]
pub fn type1_kernel<const N: usize, M: ModulusSpec, S: WordSplit>(m: &M, a: &[u64; N]) -> [u64; N] {
    let d = m.degree() as usize;
    // Only the words below ⌈d/64⌉ can be nonzero; the constant bound lets the loop unroll.
    let (even, odd) = split_with::<N, S>(a, d.div_ceil(64).min(N));
    // a_odd has (d − 1)/2 bits.
    let half = (d / 2).div_ceil(64).clamp(1, N);
    let mut r = even;
    let mut add = |t: usize| {
        let (q, s) = (t / 64, t % 64);
        for i in 0..half {
            if q + i < N {
                r[q + i] ^= odd[i] << s;
            }
            if s != 0 && q + i + 1 < N {
                r[q + i + 1] ^= odd[i] >> (64 - s);
            }
        }
    };
    add(d.div_ceil(2));
    for &k in m.middle_exponents() {
        add((k as usize).div_ceil(2));
    }
    r
}

/// [`type1_kernel`] with the portable splitter.
pub fn type1_portable<const N: usize, M: ModulusSpec>(m: &M, a: &[u64; N]) -> [u64; N] {
    type1_kernel::<N, M, PortableSplit>(m, a)
}

/// [`type1_kernel`] by the fastest available backend: PEXT where it runs at full speed
/// ([`bmi2::type1`]), else on SSE registers for two to four words ([`type1_lanes`]),
/// else with the split by SSE nibble tables ([`SseTableSplit`]), else portable.
#[inline(always)]
pub fn type1<const N: usize, M: ModulusSpec>(m: &M, a: &[u64; N]) -> [u64; N] {
    if let Some(r) = bmi2::type1(m, a) {
        return r;
    }
    match type1_lanes(m, a) {
        Some(r) => r,
        None if sse_tables_available() => type1_kernel::<N, M, SseTableSplit>(m, a),
        None => type1_portable(m, a),
    }
}

/// The lanes' token where [`type1_lanes`] applies to `m` with `N` words on this CPU:
/// x86-64 with PCLMULQDQ and SSE4.1 (the kernel uses only SSSE3, and GFNI where there),
/// two to four words, degree above 64; `None` elsewhere. The shape test comes first, so
/// other fields pay no detection.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn type1_lanes_token<const N: usize, M: ModulusSpec>(
    m: &M,
) -> Option<crate::binary::backend::x86_64::Pclmul> {
    let d = m.degree() as usize;
    if (2..=4).contains(&N) && d > 64 && d <= 64 * N {
        crate::binary::backend::x86_64::Pclmul::detect()
    } else {
        None
    }
}

/// [`type1_kernel`] on SSE registers with the token in hand (see [`type1_lanes`]).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn type1_on_lanes<const N: usize, M: ModulusSpec>(
    t: crate::binary::backend::x86_64::Pclmul,
    m: &M,
    a: &[u64; N],
) -> [u64; N] {
    use crate::binary::backend::x86_64::{lanes, PclmulGfni};
    let x = lanes::from_words(a);
    let r = if N == 2 {
        lanes::sqrt_type1_pair(t, m, &x)
    } else {
        lanes::sqrt_type1_quad(t, PclmulGfni::detect(), m, &x)
    };
    lanes::raw_words(&r)
}

/// [`type1_kernel`] on SSE registers, or `None` where it does not apply (not x86-64
/// with PCLMULQDQ and SSE4.1, or not two to four words of degree above 64):
/// `lanes::sqrt_type1_pair` (two words) or `lanes::sqrt_type1_quad` (three or four),
/// the bits split by nibble tables (GFNI where the CPU has it), the product by ζ as
/// shifted copies, no reduction. For CPUs whose PEXT is slow
/// ([`crate::cpu::Feature::PdepFast`] absent: AMD Zen 1/2), where the words' kernel
/// splits by shifts. Precondition: `m` of type I, `a` reduced. Constant-time.
#[inline(always)]
pub fn type1_lanes<const N: usize, M: ModulusSpec>(m: &M, a: &[u64; N]) -> Option<[u64; N]> {
    #[cfg(target_arch = "x86_64")]
    {
        type1_lanes_token::<N, M>(m).map(|t| type1_on_lanes(t, m, a))
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (m, a);
        None
    }
}

/// `out[i] = type1(m, a[i])` for every i (`i < min(a.len(), out.len())`): for a
/// compile-time spec on a CPU with AVX-512 VBMI2, VPCLMULQDQ and GFNI, eight elements
/// per pass by the word-sliced kernel
/// (`avx512_sliced`); otherwise
/// [`type1_many_one_by_one`].
pub fn type1_many<const N: usize, M: ModulusSpec>(m: &M, a: &[[u64; N]], out: &mut [[u64; N]]) {
    #[cfg(target_arch = "x86_64")]
    if let Some(t) = crate::binary::backend::sliced::<M>() {
        let n = a.len().min(out.len());
        let k = crate::binary::backend::sliced_len(n);
        if t.ssrf1_sqrt_many(m, &a[..k], &mut out[..k]) {
            type1_many_one_by_one(m, &a[k..n], &mut out[k..n]);
            return;
        }
    }
    type1_many_one_by_one(m, a, out);
}

/// [`type1_many`] without the word-sliced kernels: one element at a time, in one BMI2
/// loop when the CPU has a fast PEXT (the kernel inlined), else on SSE registers
/// ([`type1_lanes`]) or portable.
pub fn type1_many_one_by_one<const N: usize, M: ModulusSpec>(
    m: &M,
    a: &[[u64; N]],
    out: &mut [[u64; N]],
) {
    if bmi2::type1_many(m, a, out) {
        return;
    }
    #[cfg(target_arch = "x86_64")]
    if let Some(t) = type1_lanes_token::<N, M>(m) {
        for (o, x) in out.iter_mut().zip(a) {
            *o = type1_on_lanes(t, m, x);
        }
        return;
    }
    if sse_tables_available() {
        for (o, x) in out.iter_mut().zip(a) {
            *o = type1_kernel::<N, M, SseTableSplit>(m, x);
        }
        return;
    }
    for (o, x) in out.iter_mut().zip(a) {
        *o = type1_portable(m, x);
    }
}

/// [`sparse_kernel`] with the portable splitter.
pub fn sparse_portable<const N: usize>(
    a: &[u64; N],
    words: usize,
    odd_words: usize,
    terms: &[u32],
) -> [[u64; N]; 3] {
    sparse_kernel::<N, PortableSplit>(a, words, odd_words, terms)
}

/// [`sparse_kernel`] by the fastest available backend.
#[inline]
pub fn sparse<const N: usize>(
    a: &[u64; N],
    words: usize,
    odd_words: usize,
    terms: &[u32],
) -> [[u64; N]; 3] {
    match bmi2::sparse(a, words, odd_words, terms) {
        Some(r) => r,
        None if sse_tables_available() => {
            sparse_kernel::<N, SseTableSplit>(a, words, odd_words, terms)
        }
        None => sparse_portable(a, words, odd_words, terms),
    }
}

/// `(even, odd)` compressions as [`split_portable`], by the fastest available backend.
#[inline]
pub fn split<const N: usize>(a: &[u64; N], words: usize) -> ([u64; N], [u64; N]) {
    match bmi2::split(a, words) {
        Some(r) => r,
        None if sse_tables_available() => SseTableSplit::split_words(a, words),
        None => split_portable(a, words),
    }
}

/// Whether [`SseTableSplit`] splits on SSE registers here (x86-64 with the lanes'
/// token, PCLMULQDQ and SSE4.1; the split itself needs SSSE3).
#[inline(always)]
fn sse_tables_available() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        crate::binary::backend::x86_64::Pclmul::detect().is_some()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The [`WordSplit`] for CPUs without a fast PEXT: arrays on SSE registers by nibble
/// tables (`lanes::split_words` of the x86-64 backend, four words per pass), single
/// words and other CPUs by [`PortableSplit`]. Measured on an AMD Zen 1 (scratch
/// harness, four words, ns, one chain / independent): 12.5 / 5.2 against 15.2 / 11.0
/// by shifts.
pub struct SseTableSplit;

impl WordSplit for SseTableSplit {
    #[inline(always)]
    fn split_word(w: u64) -> (u64, u64) {
        PortableSplit::split_word(w)
    }

    #[inline(always)]
    fn split_words<const N: usize>(a: &[u64; N], words: usize) -> ([u64; N], [u64; N]) {
        #[cfg(target_arch = "x86_64")]
        if let Some(t) = crate::binary::backend::x86_64::Pclmul::detect() {
            return crate::binary::backend::x86_64::lanes::split_words(t, a, words);
        }
        PortableSplit::split_words(a, words)
    }
}

/// The name of the backend [`split`] uses on this CPU (`"bmi2-pext"`, `"sse-tables"`
/// or `"portable"`).
pub fn backend_name() -> &'static str {
    if bmi2::available() {
        "bmi2-pext"
    } else if sse_tables_available() {
        "sse-tables"
    } else {
        "portable"
    }
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn split_matches_bitwise() {
        let a = [0x0123_4567_89ab_cdefu64, 0xfedc_ba98_7654_3210, 0xdead_beef];
        let (e, o) = split_portable(&a, 3);
        for i in 0..96 {
            let bit = |v: &[u64; 3], j: usize| (v[j / 64] >> (j % 64)) & 1;
            assert_eq!(bit(&e, i), bit(&a, 2 * i), "even {i}");
            assert_eq!(bit(&o, i), bit(&a, 2 * i + 1), "odd {i}");
        }
        assert_eq!(e[2], 0);
        assert_eq!(o[2], 0);
    }

    fn sparse_matches_portable() {
        let mut x = 0x0123_4567_89AB_CDEFu64;
        let terms = [82u32, 29, 25, 15];
        for _ in 0..300 {
            let mut a = [0u64; 3];
            for w in a.iter_mut() {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *w = x;
            }
            a[2] &= (1 << 35) - 1;
            assert_eq!(sparse(&a, 3, 2, &terms), sparse_portable(&a, 3, 2, &terms));
        }
    }

    fn split_matches_portable() {
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        for _ in 0..500 {
            let mut a = [0u64; 5];
            for w in a.iter_mut() {
                x = x
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *w = x;
            }
            for words in 0..=5 {
                assert_eq!(split(&a, words), split_portable(&a, words));
            }
        }
    }

    /// `SseTableSplit` (on SSE registers where the CPU has SSE4.1 and PCLMULQDQ) against
    /// the portable split, for every length 1–9 and every `words` bound.
    fn sse_table_split_matches_portable() {
        fn check<const N: usize>(x: &mut u64) {
            for round in 0..200 {
                let a: [u64; N] = core::array::from_fn(|_| {
                    *x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    match round {
                        0 => u64::MAX,
                        1 => 0x5555_5555_5555_5555,
                        2 => 0xAAAA_AAAA_AAAA_AAAA,
                        _ => *x,
                    }
                });
                for words in 0..=N {
                    assert_eq!(
                        SseTableSplit::split_words(&a, words),
                        split_portable(&a, words),
                        "N = {N}, words = {words}, a = {a:x?}"
                    );
                }
            }
        }
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        check::<1>(&mut x);
        check::<2>(&mut x);
        check::<3>(&mut x);
        check::<4>(&mut x);
        check::<5>(&mut x);
        check::<7>(&mut x);
        check::<9>(&mut x);
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        ("split_matches_bitwise", split_matches_bitwise),
        ("sparse_matches_portable", sparse_matches_portable),
        ("split_matches_portable", split_matches_portable),
        (
            "sse_table_split_matches_portable",
            sse_table_split_matches_portable,
        ),
    ];
}
