//! Word-sliced AVX-512 batch kernels: squaring and both square roots of eight elements
//! per pass, every vector instruction serving the eight.
//!
//! Layout. Eight elements of `N` words are loaded as `N` zmm (memory order) and
//! transposed into `N` *word registers*: register `w`, lane `e` = word `w` of element
//! `e`. The transposition gathers each register's lanes from the (at most `N + 1`)
//! loaded zmm that hold them, two sources per `VPERMT2Q` and one `VPBLENDMQ` per
//! further pair; the way back is the same with the roles exchanged. The index vectors
//! and masks are functions of `N` only (constants after unrolling).
//!
//! Squaring (Hankerson–Menezes–Vanstone §2.3.4 on word-sliced registers): per word
//! register `VPCLMULQDQ` with itself (immediates 0x00 and 0x11, the even and odd
//! lanes) and `VPUNPCKL/HQDQ` give the low and high expanded words of all eight
//! elements. Reduction ([`reduce`]) by rounds: the part `H` above `x^d` is extracted
//! with funnel shifts (`VPSHLDQ`), cleared, and `H·(P − x^d)` added back (one funnel
//! shift per exponent and word, the XOR chains merged into `VPTERNLOGQ` by the
//! compiler); ⌈(top − d)/(d − k_max)⌉ rounds. With a compile-time spec every loop bound
//! and shift is a constant and the code is straight-line.
//!
//! Even/odd split (Avanzi §3.1) per word register: one `VGF2P8AFFINEQB` gathers the
//! four even bits of every byte into its low nibble and the four odd ones into its high
//! nibble; two `VPMULTISHIFTQB` pick the nibble pairs (bytes 0–3: the even half,
//! bytes 4–7: the odd half) and a bit-select `VPTERNLOGQ` merges them; two words are
//! then joined by one `VPTERNLOGQ` (even) and one `VPSHRDQ`-style funnel (odd).
//! Square root, type I SSRF (Avanzi Theorem 1): `a_even + Σ_t a_odd·x^t`, one funnel
//! shift per term and word, no reduction. ζ method (Avanzi §2.1 (1)): `a_even +
//! ζ·a_odd` with ζ's words broadcast and one `VPCLMULQDQ` pair (even / odd lanes) per
//! word pair, the products accumulated per output word before one unpack pair, then
//! the same [`reduce`] from bit `d + ⌊d/2⌋`.
//!
//! Sources: Intel SDM (VPCLMULQDQ, VGF2P8AFFINEQB, VPMULTISHIFTQB, VPSHLDVQ,
//! VPERMT2Q); the algorithms as cited. Cost per eight elements at `N` words: about
//! `2N(N−1)` permutes for the two transpositions, `4N` for the squaring's expansion,
//! `Σ rounds (⌈h/64⌉ (w_P + 1))` funnel shifts for the reduction (`w_P` the number of
//! middle exponents). Preconditions: inputs reduced (degree < d). Constant-time: yes
//! (no branch or address depends on the elements; loop bounds depend on `N` and the
//! modulus only).
//!
//! Detection: [`Sliced512::detect`] (cached); the token can only be made after it.
#![allow(unsafe_code)]

use core::arch::x86_64::*;
use std::sync::OnceLock;

use crate::binary::modulus::ModulusSpec;

/// Proof that the CPU has AVX-512 F/BW/DQ/VBMI/VBMI2, VPCLMULQDQ and GFNI (only made by
/// [`Sliced512::detect`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sliced512(());

impl Sliced512 {
    /// The token if this CPU has the features (detected once, cached).
    pub fn detect() -> Option<Sliced512> {
        static HAS: OnceLock<bool> = OnceLock::new();
        let has = *HAS.get_or_init(|| {
            use crate::cpu::{has_all, Feature};
            has_all(&[
                Feature::Avx512f,
                Feature::Avx512bw,
                Feature::Avx512dq,
                Feature::Avx512vbmi,
                Feature::Avx512vbmi2,
                Feature::Vpclmulqdq,
                Feature::Gfni,
            ])
        });
        has.then_some(Sliced512(()))
    }

    /// `out[i] = a[i]² mod m` for `i < min(a.len(), out.len())`; `false` (nothing
    /// written) unless `⌈d/64⌉ = N ≤ MAX_WORDS`. Meant for compile-time specs
    /// (constant exponents: straight-line code); correct for any modulus.
    pub fn sqr_many<const N: usize, M: ModulusSpec>(
        self,
        m: &M,
        a: &[[u64; N]],
        out: &mut [[u64; N]],
    ) -> bool {
        if const { !instantiated::<N, M>() } {
            return false;
        }
        if !supported::<N, M>(m) {
            return false;
        }
        // SAFETY: the token exists only if the CPU has the features `sqr_many_512` is
        // compiled for; `supported` checked the sizes.
        unsafe { sqr_many_512(m, a, out) };
        true
    }

    /// `out[i] = √a[i]` for a type I SSRF polynomial `m` (Avanzi Theorem 1: all middle
    /// exponents and d odd), for `i < min(a.len(), out.len())`; `false` (nothing
    /// written) if `m` is not of type I or `N` is out of range (as in `sqr_many`).
    pub fn ssrf1_sqrt_many<const N: usize, M: ModulusSpec>(
        self,
        m: &M,
        a: &[[u64; N]],
        out: &mut [[u64; N]],
    ) -> bool {
        if const { !instantiated::<N, M>() } {
            return false;
        }
        let d = m.degree();
        if !supported::<N, M>(m)
            || d.is_multiple_of(2)
            || m.middle_exponents().iter().any(|k| k.is_multiple_of(2))
        {
            return false;
        }
        // SAFETY: as in `sqr_many`.
        unsafe { ssrf1_many_512(m, a, out) };
        true
    }

    /// `out[i] = a_even + ζ·a_odd mod m` (= √a[i] when `zeta` = √x), for
    /// `i < min(a.len(), out.len())`; `false` (nothing written) if `N` is out of range
    /// (as in `sqr_many`).
    pub fn zeta_sqrt_many<const N: usize, M: ModulusSpec>(
        self,
        m: &M,
        zeta: &[u64; N],
        a: &[[u64; N]],
        out: &mut [[u64; N]],
    ) -> bool {
        if const { !instantiated::<N, M>() } {
            return false;
        }
        if !supported::<N, M>(m) {
            return false;
        }
        // SAFETY: as in `sqr_many`.
        unsafe { zeta_many_512(m, zeta, a, out) };
        true
    }
}

/// `unroll!(i in [0, 1, …] { body })`: the body once per literal, `i` bound to it, so
/// that every index, shift and mask in the body is a constant without relying on the
/// compiler's loop unroller (which gives up on the large bodies at 4–9 words).
macro_rules! unroll {
    ($i:ident in [$($k:literal),*] $body:block) => {
        $( { let $i: usize = $k; $body } )*
    };
}

/// Literals 0–19 (`WIDE`), for [`unroll!`].
macro_rules! upto20 {
    ($i:ident $body:block) => {
        unroll!($i in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19] $body)
    };
}

/// `for $i in 0..$n $body` written out for a count `$n` known to be at most the
/// constant expression `$cap`: 4, 9, 14 or 20 copies of the body by the cap, each
/// guarded by `$i < $n`; a loop after them takes any iterations beyond (none when the
/// bound holds; the count is not a precondition). Only the copies of the cap's tier are
/// compiled for a given word count (rustc does not generate code for the blocks a
/// constant condition leaves unreachable): with 20 (or 9) copies for every N, this
/// module's kernels were 8 % of the `binary` test binary's LLVM IR (`cargo
/// llvm-lines`, session 44), most of it copies dead for the small fields.
macro_rules! unroll_below {
    // A count of words of one element (at most `MAX_WORDS`): 4 or 9 copies. (Copies of
    // a tier the word count never takes are still type-checked, and literal indices past
    // an array of `MAX_WORDS + 1` would be a compile error there.)
    (words $cap:expr, $n:expr, $i:ident $body:block) => {{
        let n: usize = $n;
        let written: usize = if const { $cap <= 4 } {
            unroll!($i in [0, 1, 2, 3] { if $i < n $body });
            4
        } else {
            unroll!($i in [0, 1, 2, 3, 4, 5, 6, 7, 8] { if $i < n $body });
            9
        };
        // (Indices, shifts and masks come from `$i`: the copies above are why.)
        #[allow(clippy::needless_range_loop)]
        for $i in written..n $body
    }};
    ($cap:expr, $n:expr, $i:ident $body:block) => {{
        let n: usize = $n;
        let written: usize = if const { $cap <= 4 } {
            unroll!($i in [0, 1, 2, 3] { if $i < n $body });
            4
        } else if const { $cap <= 9 } {
            unroll!($i in [0, 1, 2, 3, 4, 5, 6, 7, 8] { if $i < n $body });
            9
        } else if const { $cap <= 14 } {
            unroll!($i in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13] { if $i < n $body });
            14
        } else {
            upto20!($i { if $i < n $body });
            20
        };
        #[allow(clippy::needless_range_loop)]
        for $i in written..n $body
    }};
}

/// The largest word count the kernels take (571 bits).
pub const MAX_WORDS: usize = 9;
// The ζ product's unrolled columns (`zeta8`) reach k = 12: ⌈(d/2)/64⌉ + N − 1 ≤ 13.
const _: () = assert!(MAX_WORDS.div_ceil(2) + MAX_WORDS <= 14);
/// Word registers of a double-length value (+2 spare, always zero).
const WIDE: usize = 2 * MAX_WORDS + 2;

/// Whether the kernels are compiled for `N` words and modulus type `M`: compile-time
/// specs of at most [`MAX_WORDS`] words. Tested in an inline `const` at the top of each
/// entry point, so that the kernels are not even monomorphised for run-time moduli
/// (which never take them, see `backend::sliced`) or wider elements: rustc collects
/// items only from the blocks a constant condition leaves reachable (build weight:
/// these bodies are unrolled per word count, and `DynBinaryField` has 16 of them).
const fn instantiated<const N: usize, M: ModulusSpec>() -> bool {
    M::COMPILE_TIME && N <= MAX_WORDS
}

/// Whether the kernels handle `N`-word elements modulo `m`.
#[inline(always)]
fn supported<const N: usize, M: ModulusSpec>(m: &M) -> bool {
    let d = m.degree() as usize;
    (1..=MAX_WORDS).contains(&N) && d > 0 && d <= 64 * N && d > 64 * (N - 1)
}

/// Lane `l` of destination register `r` of a transposition: `(source register,
/// source lane)`. Way in: destination = word register `r`, lane `e` ← flat position
/// `t = eN + r` = loaded zmm `t/8`, lane `t%8`. Way out: destination = stored zmm `r`,
/// lane `q` (`t = 8r + q`) ← word register `t%N`, lane `t/N`.
#[inline(always)]
const fn lane_source<const N: usize>(way_in: bool, r: usize, l: usize) -> (usize, usize) {
    if way_in {
        let t = l * N + r;
        (t / 8, t % 8)
    } else {
        let t = 8 * r + l;
        (t % N, t / N)
    }
}

/// Destination register `r` of a transposition (see [`lane_source`]) from the
/// registers `src`: sources taken two at a time (`2p`, `2p + 1`) by one `VPERMT2Q`,
/// merged by `VPBLENDMQ`. Every mask and index is a function of `N`, `r` and the loop
/// counters only, so the loops unroll to the non-empty steps.
///
/// # Safety
/// AVX-512 F enabled.
#[inline(always)]
#[allow(unused_assignments)] // `first = false` of the last unrolled step is unread.
unsafe fn gather<const N: usize>(way_in: bool, r: usize, src: &[__m512i; N]) -> __m512i {
    // SAFETY: the feature is enabled (contract); the index vector is a local array.
    unsafe {
        let mut out = _mm512_setzero_si512();
        let mut first = true;
        unroll!(p in [0, 1, 2, 3, 4] {
            if 2 * p >= N {
                return out;
            }
            let (a, b) = (2 * p, (2 * p + 1).min(N - 1));
            let mut idx = [0i64; 8];
            let mut mask = 0u8;
            unroll!(l in [0, 1, 2, 3, 4, 5, 6, 7] {
                let (s, lane) = lane_source::<N>(way_in, r, l);
                if s == a {
                    idx[l] = lane as i64;
                    mask |= 1 << l;
                } else if s == b {
                    idx[l] = 8 + lane as i64;
                    mask |= 1 << l;
                }
            });
            if mask != 0 {
                let v = _mm512_permutex2var_epi64(
                    src[a],
                    _mm512_loadu_si512(idx.as_ptr().cast()),
                    src[b],
                );
                out = if first {
                    v
                } else {
                    _mm512_mask_blend_epi64(mask, out, v)
                };
                first = false;
            }
        });
        out
    }
}

/// Loads eight elements (`8N` words at `src`) as `N` word registers.
///
/// # Safety
/// AVX-512 F enabled; `src` readable for `8N` words.
#[inline(always)]
unsafe fn load8<const N: usize>(src: *const u64) -> [__m512i; N] {
    // SAFETY: contract; the loads cover exactly the 8N words.
    unsafe {
        let mut z = [_mm512_setzero_si512(); N];
        unroll_below!(words N, N, k {
            z[k] = _mm512_loadu_si512(src.add(8 * k).cast());
        });
        let mut x = [_mm512_setzero_si512(); N];
        unroll_below!(words N, N, w {
            x[w] = gather::<N>(true, w, &z);
        });
        x
    }
}

/// Stores `N` word registers as eight elements (`8N` words at `dst`).
///
/// # Safety
/// AVX-512 F enabled; `dst` writable for `8N` words.
#[inline(always)]
unsafe fn store8<const N: usize>(r: &[__m512i; N], dst: *mut u64) {
    // SAFETY: contract; the stores cover exactly the 8N words.
    unsafe {
        unroll_below!(words N, N, k {
            let v = gather::<N>(false, k, r);
            _mm512_storeu_si512(dst.add(8 * k).cast(), v);
        });
    }
}

/// `(hi << s) | (lo >> (64 − s))` per lane, `0 < s < 64`.
///
/// # Safety
/// AVX-512 VBMI2 enabled.
#[inline(always)]
unsafe fn shld(hi: __m512i, lo: __m512i, s: usize) -> __m512i {
    // SAFETY: contract. A constant splat count compiles to VPSHLDQ with an immediate.
    unsafe { _mm512_shldv_epi64(hi, lo, _mm512_set1_epi64(s as i64)) }
}

/// `x << s` per lane (`s < 64`).
///
/// # Safety
/// AVX-512 F enabled.
#[inline(always)]
unsafe fn shl(x: __m512i, s: usize) -> __m512i {
    // SAFETY: contract.
    unsafe { _mm512_sllv_epi64(x, _mm512_set1_epi64(s as i64)) }
}

/// `x >> s` per lane (`s < 64`).
///
/// # Safety
/// AVX-512 F enabled.
#[inline(always)]
unsafe fn shr(x: __m512i, s: usize) -> __m512i {
    // SAFETY: contract.
    unsafe { _mm512_srlv_epi64(x, _mm512_set1_epi64(s as i64)) }
}

/// `a ^ b`.
///
/// # Safety
/// AVX-512 F enabled.
#[inline(always)]
unsafe fn xor(a: __m512i, b: __m512i) -> __m512i {
    // SAFETY: contract.
    unsafe { _mm512_xor_si512(a, b) }
}

/// `v·x^k` added into the word registers `w` (only the words below `limit`), for `v`
/// given as `vw` word registers, in a kernel on `N`-word elements (the words written,
/// below `limit` and `L`, number at most 2N at every call: the bound of the unrolled
/// copies).
///
/// # Safety
/// AVX-512 F and VBMI2 enabled.
#[inline(always)]
unsafe fn add_shifted<const L: usize, const N: usize>(
    w: &mut [__m512i; L],
    v: &[__m512i],
    vbits: usize,
    k: usize,
    limit: usize,
) {
    // SAFETY: contract; indices are bounds-checked slices/arrays.
    unsafe {
        let (q, r) = (k / 64, k % 64);
        let vw = vbits.div_ceil(64);
        let pw = (vbits + k).div_ceil(64).min(limit).min(L);
        let zero = _mm512_setzero_si512();
        let at = |j: usize| if j < vw { v[j] } else { zero };
        unroll_below!(2 * N, pw, t {
            if t >= q {
                let j = t - q;
                let x = if r == 0 {
                    at(j)
                } else if j == 0 {
                    shl(at(0), r)
                } else if j >= vw {
                    shr(at(j - 1), 64 - r)
                } else {
                    shld(at(j), at(j - 1), r)
                };
                w[t] = xor(w[t], x);
            }
        });
    }
}

/// Reduces the double-length value in the word registers `w` (no bit at or above
/// `top`) modulo `m`, in place (result in `w[..⌈d/64⌉]`, the rest zero).
///
/// # Safety
/// AVX-512 F and VBMI2 enabled; `⌈top/64⌉ ≤ WIDE`.
#[inline(always)]
unsafe fn reduce<const N: usize, M: ModulusSpec>(m: &M, w: &mut [__m512i; WIDE], mut top: usize) {
    // SAFETY: contract; every index is checked against the array lengths.
    unsafe {
        let d = m.degree() as usize;
        // Compile-time specs need at most 4 rounds (Ssrf233 squaring; the ζ product
        // at most 2), all unrolled; the loop after them is for any other modulus. (Every
        // unrolled round a spec does not take is dead code the optimiser must remove:
        // build weight.)
        unroll!(i in [0, 1, 2, 3] {
            let _ = i;
            if top > d {
                top = round::<N, M>(m, w, top);
            }
        });
        while top > d {
            top = round::<N, M>(m, w, top);
        }
    }
}

/// One round of [`reduce`] (`top > d`): the bits ≥ d of `w` are cleared and added back
/// times `P − x^d`; returns the new bound on the bits.
///
/// # Safety
/// As [`reduce`].
#[inline(always)]
unsafe fn round<const N: usize, M: ModulusSpec>(
    m: &M,
    w: &mut [__m512i; WIDE],
    top: usize,
) -> usize {
    // SAFETY: contract; every index is checked against the array lengths.
    unsafe {
        let d = m.degree() as usize;
        let ks = m.middle_exponents();
        let kmax = ks.first().map_or(0, |&k| k as usize);
        let (dq, dr) = (d / 64, d % 64);
        let zero = _mm512_setzero_si512();
        {
            let hbits = top - d;
            let hw = hbits.div_ceil(64);
            let tw = top.div_ceil(64).min(WIDE);
            // H = the bits ≥ d, shifted down.
            let mut h = [zero; MAX_WORDS + 1];
            // hw ≤ N: the bits at and above d of a product of two reduced elements.
            unroll_below!(words N, hw, j {
                let lo = if dq + j < tw { w[dq + j] } else { zero };
                let hi = if dq + j + 1 < tw { w[dq + j + 1] } else { zero };
                h[j] = if dr == 0 { lo } else { shld(hi, lo, 64 - dr) };
            });
            // Clear them.
            if dr != 0 {
                w[dq] = _mm512_and_si512(w[dq], _mm512_set1_epi64(((1u64 << dr) - 1) as i64));
            }
            // tw ≤ 2N (top < 2d).
            unroll_below!(2 * N, tw, j {
                if j > dq || (j == dq && dr == 0) {
                    w[j] = zero;
                }
            });
            // Add H·(P − x^d).
            let lim = (hbits + kmax).div_ceil(64).max(1);
            unroll!(ki in [0, 1, 2] {
                if ki < ks.len() {
                    add_shifted::<WIDE, N>(w, &h[..hw], hbits, ks[ki] as usize, lim);
                }
            });
            for &k in ks.iter().skip(3) {
                add_shifted::<WIDE, N>(w, &h[..hw], hbits, k as usize, lim);
            }
            add_shifted::<WIDE, N>(w, &h[..hw], hbits, 0, lim);
            hbits + kmax
        }
    }
}

/// Squares eight elements held as word registers.
///
/// # Safety
/// AVX-512 F/BW/VBMI2 and VPCLMULQDQ enabled; `N ≤ MAX_WORDS`.
#[inline(always)]
unsafe fn sqr8<const N: usize, M: ModulusSpec>(m: &M, x: &[__m512i; N]) -> [__m512i; N] {
    // SAFETY: contract.
    unsafe {
        let d = m.degree() as usize;
        let top = 2 * d - 1;
        let words = top.div_ceil(64);
        let mut w = [_mm512_setzero_si512(); WIDE];
        unroll_below!(words N, N, i {
            let xi = x[i];
            let a = _mm512_clmulepi64_epi128::<0x00>(xi, xi);
            let b = _mm512_clmulepi64_epi128::<0x11>(xi, xi);
            w[2 * i] = _mm512_unpacklo_epi64(a, b);
            if 2 * i + 1 < words {
                w[2 * i + 1] = _mm512_unpackhi_epi64(a, b);
            }
        });
        reduce::<N, M>(m, &mut w, top);
        let mut r = [_mm512_setzero_si512(); N];
        r.copy_from_slice(&w[..N]);
        r
    }
}

/// The GF(2) 8×8 matrix of `VGF2P8AFFINEQB` sending the even bits of a byte to its
/// low nibble and the odd bits to its high nibble (row of output bit i in byte 7 − i).
const SPLIT_MATRIX: u64 = {
    let mut a = 0u64;
    let mut i = 0;
    while i < 8 {
        let src = if i < 4 { 2 * i } else { 2 * (i - 4) + 1 };
        a |= (1u64 << src) << (8 * (7 - i));
        i += 1;
    }
    a
};

/// `VPMULTISHIFTQB` controls: byte j < 4 of the even half, byte j ≥ 4 of the odd half;
/// `A` picks the low nibbles, `B` the high nibbles (see [`split8`]). `SWAP` puts the
/// odd half in bytes 0–3 and the even half in 4–7.
const fn multishift_ctrl(high: bool, swap: bool) -> u64 {
    let mut c = 0u64;
    let mut j = 0;
    while j < 8 {
        let odd_half = (j >= 4) != swap;
        let pair = j % 4;
        let off = 16 * pair + if odd_half { 4 } else { 0 } + if high { 4 } else { 0 };
        c |= (off as u64) << (8 * j);
        j += 1;
    }
    c
}

/// Compresses one word register: low 32 bits of each lane = its even bits, high 32
/// bits = its odd bits (exchanged if `swap`).
///
/// # Safety
/// AVX-512 F/BW/VBMI and GFNI enabled.
#[inline(always)]
unsafe fn compress(x: __m512i, swap: bool) -> __m512i {
    // SAFETY: contract.
    unsafe {
        let t = _mm512_gf2p8affine_epi64_epi8::<0>(x, _mm512_set1_epi64(SPLIT_MATRIX as i64));
        let (ca, cb) = if swap {
            (multishift_ctrl(false, true), multishift_ctrl(true, true))
        } else {
            (multishift_ctrl(false, false), multishift_ctrl(true, false))
        };
        let lo = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(ca as i64), t);
        let hi = _mm512_multishift_epi64_epi8(_mm512_set1_epi64(cb as i64), t);
        // Low nibbles from `lo`, high nibbles from `hi`: (C & lo) | (!C & hi) with C
        // the low-nibble mask, truth table 0xCA on (C, lo, hi)… written as a blend.
        let c = _mm512_set1_epi64(0x0F0F_0F0F_0F0F_0F0F);
        _mm512_ternarylogic_epi64::<0xCA>(c, lo, hi)
    }
}

/// `(even, odd)` compressions of eight elements in word registers: `even[i]` holds
/// bits 2j of words 2i, 2i+1 (j < 64), `odd[i]` the bits 2j + 1.
///
/// # Safety
/// AVX-512 F/BW/VBMI/VBMI2 and GFNI enabled.
#[inline(always)]
unsafe fn split8<const N: usize>(x: &[__m512i; N]) -> ([__m512i; N], [__m512i; N]) {
    // SAFETY: contract.
    unsafe {
        let zero = _mm512_setzero_si512();
        let mut even = [zero; N];
        let mut odd = [zero; N];
        let hi_mask = _mm512_set1_epi64(0xFFFF_FFFF_0000_0000u64 as i64);
        unroll!(i in [0, 1, 2, 3, 4] {
            if 2 * i >= N {
                return (even, odd);
            }
            let s0 = compress(x[2 * i], false);
            if 2 * i + 1 < N {
                let s1 = compress(x[2 * i + 1], true);
                // even: low half of s0, high half of s1; odd: high of s0, low of s1.
                even[i] = _mm512_ternarylogic_epi64::<0xCA>(hi_mask, s1, s0);
                odd[i] = _mm512_shldv_epi64(s1, s0, _mm512_set1_epi64(32));
            } else {
                even[i] = _mm512_and_si512(s0, _mm512_set1_epi64(0xFFFF_FFFF));
                odd[i] = _mm512_srli_epi64::<32>(s0);
            }
        });
        (even, odd)
    }
}

/// Type I SSRF square roots of eight elements in word registers.
///
/// # Safety
/// As [`split8`]; `m` of type I.
#[inline(always)]
unsafe fn ssrf1_8<const N: usize, M: ModulusSpec>(m: &M, x: &[__m512i; N]) -> [__m512i; N] {
    // SAFETY: contract.
    unsafe {
        let d = m.degree() as usize;
        let (even, odd) = split8(x);
        let obits = d / 2;
        let ow = obits.div_ceil(64);
        let mut r = even;
        add_shifted::<N, N>(&mut r, &odd[..ow], obits, d.div_ceil(2), N);
        let ks = m.middle_exponents();
        unroll!(ki in [0, 1, 2] {
            if ki < ks.len() {
                add_shifted::<N, N>(&mut r, &odd[..ow], obits, (ks[ki] as usize).div_ceil(2), N);
            }
        });
        for &k in ks.iter().skip(3) {
            add_shifted::<N, N>(&mut r, &odd[..ow], obits, (k as usize).div_ceil(2), N);
        }
        r
    }
}

/// ζ-method square roots of eight elements in word registers (`z[j]` = word j of ζ
/// broadcast).
///
/// # Safety
/// As [`split8`] plus VPCLMULQDQ.
#[inline(always)]
unsafe fn zeta8<const N: usize, M: ModulusSpec>(
    m: &M,
    z: &[__m512i; N],
    x: &[__m512i; N],
) -> [__m512i; N] {
    // SAFETY: contract.
    unsafe {
        let d = m.degree() as usize;
        let (even, odd) = split8(x);
        let ow = (d / 2).div_ceil(64);
        let zero = _mm512_setzero_si512();
        let top = d + d / 2;
        let tw = top.div_ceil(64);
        let mut w = [zero; WIDE];
        w[..N].copy_from_slice(&even);
        // Products landing at word k (low) and k + 1 (high), even and odd lanes, for
        // the literal k and the odd words i listed.
        macro_rules! word {
            ($k:ident, [$($i:literal),*]) => {
                if $k + 1 < ow + N {
                    let k: usize = $k;
                    let mut e = zero;
                    let mut o = zero;
                    unroll!(i in [$($i),*] {
                        if i < ow && k >= i && k - i < N {
                            let zj = z[k - i];
                            e = xor(e, _mm512_clmulepi64_epi128::<0x00>(odd[i], zj));
                            o = xor(o, _mm512_clmulepi64_epi128::<0x01>(odd[i], zj));
                        }
                    });
                    if k < tw {
                        w[k] = xor(w[k], _mm512_unpacklo_epi64(e, o));
                    }
                    if k + 1 < tw {
                        if let Some(x) = w.get_mut(k + 1) {
                            *x = xor(*x, _mm512_unpackhi_epi64(e, o));
                        }
                    }
                }
            };
        }
        // ow = ⌈⌊d/2⌋/64⌉ ≤ ⌈N/2⌉ since d ≤ 64N, and k + 1 < ow + N. Written out to that
        // cap (every copy is compiled for each field before LLVM finds it dead): up to
        // four words ow ≤ 2 and k ≤ 4, else ow ≤ 5 and k ≤ 12.
        if const { N <= 4 } {
            debug_assert!(ow <= 2);
            unroll!(k in [0, 1, 2, 3, 4] { word!(k, [0, 1]) });
        } else {
            unroll!(k in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] { word!(k, [0, 1, 2, 3, 4]) });
        }
        reduce::<N, M>(m, &mut w, top);
        let mut r = [zero; N];
        r.copy_from_slice(&w[..N]);
        r
    }
}

/// An eight-element kernel on word registers.
trait Kernel<const N: usize> {
    /// # Safety
    /// The features of the calling batch function are enabled.
    unsafe fn run(&self, x: &[__m512i; N]) -> [__m512i; N];
}

/// Squaring modulo `M`.
struct Sqr<'a, M>(&'a M);
/// Type I SSRF square root modulo `M`.
struct Ssrf1<'a, M>(&'a M);
/// ζ-method square root modulo `M` with ζ's words broadcast.
struct Zeta<'a, M, const N: usize>(&'a M, [__m512i; N]);

impl<M: ModulusSpec, const N: usize> Kernel<N> for Sqr<'_, M> {
    #[inline(always)]
    unsafe fn run(&self, x: &[__m512i; N]) -> [__m512i; N] {
        // SAFETY: the features are enabled (contract).
        unsafe { sqr8::<N, M>(self.0, x) }
    }
}

impl<M: ModulusSpec, const N: usize> Kernel<N> for Ssrf1<'_, M> {
    #[inline(always)]
    unsafe fn run(&self, x: &[__m512i; N]) -> [__m512i; N] {
        // SAFETY: the features are enabled (contract).
        unsafe { ssrf1_8::<N, M>(self.0, x) }
    }
}

impl<M: ModulusSpec, const N: usize> Kernel<N> for Zeta<'_, M, N> {
    #[inline(always)]
    unsafe fn run(&self, x: &[__m512i; N]) -> [__m512i; N] {
        // SAFETY: the features are enabled (contract).
        unsafe { zeta8::<N, M>(self.0, &self.1, x) }
    }
}

/// Runs the kernel `f` over `a` eight elements at a time (the tail through a
/// zero-padded pass).
///
/// # Safety
/// AVX-512 F enabled, and the features `f` needs.
#[inline(always)]
unsafe fn batch<const N: usize, K: Kernel<N>>(a: &[[u64; N]], out: &mut [[u64; N]], f: &K) {
    // SAFETY: contract; `a[full..]` and `out[full..]` hold ≥ 8 elements (8N words)
    // inside the loop, the padded arrays exactly 8.
    unsafe {
        let len = a.len().min(out.len());
        let mut full = 0;
        while full + 8 <= len {
            let x = load8::<N>(a[full..].as_ptr().cast());
            let r = f.run(&x);
            store8::<N>(&r, out[full..].as_mut_ptr().cast());
            full += 8;
        }
        if full < len {
            let mut pad_in = [[0u64; N]; 8];
            let mut pad_out = [[0u64; N]; 8];
            pad_in[..len - full].copy_from_slice(&a[full..len]);
            let x = load8::<N>(pad_in.as_ptr().cast());
            let r = f.run(&x);
            store8::<N>(&r, pad_out.as_mut_ptr().cast());
            out[full..len].copy_from_slice(&pad_out[..len - full]);
        }
    }
}

/// # Safety
/// The CPU has the features enabled here; `1 ≤ N ≤ MAX_WORDS`, `64(N−1) < d ≤ 64N`.
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vbmi,avx512vbmi2,vpclmulqdq,gfni")]
unsafe fn sqr_many_512<const N: usize, M: ModulusSpec>(
    m: &M,
    a: &[[u64; N]],
    out: &mut [[u64; N]],
) {
    // SAFETY: the features are enabled (contract), which is all the kernels need.
    unsafe { batch::<N, _>(a, out, &Sqr(m)) }
}

/// # Safety
/// As [`sqr_many_512`]; `m` of type I.
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vbmi,avx512vbmi2,vpclmulqdq,gfni")]
unsafe fn ssrf1_many_512<const N: usize, M: ModulusSpec>(
    m: &M,
    a: &[[u64; N]],
    out: &mut [[u64; N]],
) {
    // SAFETY: the features are enabled (contract).
    unsafe { batch::<N, _>(a, out, &Ssrf1(m)) }
}

/// # Safety
/// As [`sqr_many_512`].
#[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vbmi,avx512vbmi2,vpclmulqdq,gfni")]
unsafe fn zeta_many_512<const N: usize, M: ModulusSpec>(
    m: &M,
    zeta: &[u64; N],
    a: &[[u64; N]],
    out: &mut [[u64; N]],
) {
    // SAFETY: the features are enabled (contract).
    unsafe {
        let z: [__m512i; N] = core::array::from_fn(|j| _mm512_set1_epi64(zeta[j] as i64));
        batch::<N, _>(a, out, &Zeta(m, z))
    }
}
