//! Lane-parallel GF(p) products with AVX-512 IFMA: eight independent Montgomery
//! products (or exact double-width products) per pass, one per 64-bit lane, in
//! radix 2^52 (`vpmadd52luq` / `vpmadd52huq`).
//!
//! Source: the radix-2^52 multiply-accumulate of Gueron–Krasnov, "Accelerating big
//! integer arithmetic using Intel IFMA extensions" (ARITH 2016), applied across
//! lanes rather than within one product (as in Drucker–Gueron, "Fast modular squaring
//! with AVX512IFMA", 2019, and the 8-way batch kernels of e.g. Edamatsu–Takahashi);
//! Montgomery reduction digit by digit (SOS of Koç–Acar–Kaliski 1996) with
//! `m = t_j·p' mod 2^52`, the last digit only `r = 64N − 52(L − 1)` bits wide so that
//! the division is by exactly `2^(64N)`, the crate's Montgomery radix.
//!
//! Layout: the 8 elements, `[u64; N]` each, are loaded row-wise (masked loads of 8
//! words) and transposed 8×8 in registers (`vpunpck{l,h}qdq` + `vpermt2q`), so that
//! vector `x[w]` holds word `w` of all 8 elements; the words are cut into
//! `L = ⌈64N/52⌉` digits of 52 bits by lane shifts. (Loading by `vpgatherqq`, one
//! gather per word, measured equal or slower: 128 bits 6.2 against 5.9 ns per
//! product, 512 bits 28.5 against 27.6, 2048 bits 376 against 356.) Accumulators are unnormalised:
//! each digit slot receives at most `4L + 1` terms below 2^52, below 2^60 for
//! `L ≤ 40`. After the reduction the digits from `L − 1` up are normalised once,
//! the result bits `[64N, 128N]` are cut back into 64-bit words, one conditional
//! subtraction of `p` runs as a lane-wise borrow chain in mask registers, and the
//! words are transposed back and stored.
//!
//! The k = 5 Karatsuba kernel ([`karatsuba5_products`]) and the batch REDC's
//! word-major input ([`RedcInput::Sliced`]) skip the transpositions: their values
//! stay word-major (`[[u64; 8]; N]`, one vector per word) from the products through
//! the column combination (`ext::lazy::batch`) into the REDC. Products accumulate in
//! a sliding window of registers ([`mul_acc`]); the REDC keeps the two digits its
//! next quotient digit depends on in registers ([`reduce_digits`]).
//!
//! Cost per pass of 8 products: `4L² + L` madd52 for a product (`3L² + 2L` for a
//! square: cross products once, doubled), plus about `3L` shifts for each
//! conversion and 24 shuffles per 8 words for each transposition. The k = 5
//! Karatsuba kernel: two passes of `2L²` madd52 with `L = ⌈(64N + 2)/52⌉`, its
//! operands formed by at most 4 lane permutations, 3 additions and a carry step per
//! digit. The batch REDC: `2L² + L` madd52 with `L = ⌈64N/52⌉`, then `5(N + 1)`
//! mask operations per subtracted multiple. Preconditions:
//! `p` odd, `N ≤ 32`, inputs `< p` (Montgomery); tops `< 2^8` (wide). Constant-time:
//! yes (no branch or memory index depends on the values; masks only select lanes).
// The module's kernels are x86-64 only; on other targets its shared items go unused.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code, unused_macros))]
#![allow(unsafe_code)]

#[cfg(target_arch = "x86_64")]
use core::arch::x86_64::*;

/// Calls the kernel `f::<G…, ML, MT, MX, MW>(args)` with the scratch capacities of the
/// smallest size class holding `n` limbs: `ML` digits per operand (`⌈(64B + 16)/52⌉`
/// for a class of B limbs), `MT = 2·ML + 2` accumulator digits, `MX = B + 1` and
/// `MW = 2B + 1` word vectors. The scratch arrays are zeroed on entry, so sizing them
/// for 32 limbs at every N cost a 16 KB memset per call (10 % of an F_{q^5} product
/// at 1024 bits, perf).
macro_rules! with_capacity {
    ($n:expr, $f:ident :: <$($g:tt),*> ($($a:expr),* $(,)?)) => {
        match $n {
            0..=4 => $f::<$($g,)* 6, 14, 5, 9>($($a),*),
            5..=8 => $f::<$($g,)* 11, 24, 9, 17>($($a),*),
            9..=12 => $f::<$($g,)* 16, 34, 13, 25>($($a),*),
            13..=16 => $f::<$($g,)* 20, 42, 17, 33>($($a),*),
            17..=24 => $f::<$($g,)* 30, 62, 25, 49>($($a),*),
            _ => $f::<$($g,)* MAX_L, MAX_T, { MAX_N + 1 }, { 2 * MAX_N + 1 }>($($a),*),
        }
    };
}

/// The wide products take operands of `64N + WIDE_TOP_BITS` bits (tops below
/// `2^WIDE_TOP_BITS`): the lazy F_{q^k} products multiply sums of at most 4
/// coefficients (tops ≤ 3), and at 8 limbs 8 top bits still fit 10 digits where 16
/// would need 11 (about 17 % fewer madd52).
pub(crate) const WIDE_TOP_BITS: usize = 8;

/// Up to this many digits (4 limbs) the product and reduction loops stay plain
/// double loops, which the compiler unrolls whole; the register window of
/// [`mul_acc`] and the register chain of [`reduce_digits`] are for longer operands
/// (examples/prime_arith_min with `BATCH`, `mul_many` ns: 256 bits 6.2 plain
/// against 7.3 windowed, 512 bits 19.8 against 17.6).
const SHORT_L: usize = 5;

/// The largest limb count the kernels take.
pub(crate) const MAX_N: usize = 32;
/// The largest digit count (radix 2^52) of an operand: `⌈(64·32 + 16)/52⌉ = 40`.
const MAX_L: usize = 40;
/// The accumulator length: `2·MAX_L` digits plus a carry digit and a zero guard.
const MAX_T: usize = 2 * MAX_L + 2;
const MASK52: u64 = (1 << 52) - 1;

/// Access to the `[u64; N]` limbs of an element (plain arrays and `FpElem`).
pub(crate) trait Limbs<const N: usize> {
    /// The limbs.
    fn limbs(&self) -> &[u64; N];
    /// The limbs, mutably.
    fn limbs_mut(&mut self) -> &mut [u64; N];
}

impl<const N: usize> Limbs<N> for [u64; N] {
    #[inline(always)]
    fn limbs(&self) -> &[u64; N] {
        self
    }
    #[inline(always)]
    fn limbs_mut(&mut self) -> &mut [u64; N] {
        self
    }
}

/// The modulus in radix 2^52 and `p' = −p⁻¹ mod 2^52`.
#[derive(Clone, Debug)]
pub(crate) struct IfmaModulus<const N: usize> {
    p: [u64; N],
    digits: [u64; MAX_L],
    pinv: u64,
    m0: u64,
}

impl<const N: usize> IfmaModulus<N> {
    /// p's limbs.
    pub(crate) fn modulus(&self) -> [u64; N] {
        self.p
    }

    /// `−p⁻¹ mod 2^64`.
    pub(crate) fn m0(&self) -> u64 {
        self.m0
    }

    /// From p's limbs and `m0 = −p⁻¹ mod 2^64`.
    pub(crate) fn new(p: &[u64; N], m0: u64) -> Self {
        let mut digits = [0u64; MAX_L];
        let l = (64 * N).div_ceil(52).min(MAX_L);
        for (k, d) in digits.iter_mut().enumerate().take(l) {
            let b = 52 * k;
            let (w, s) = (b / 64, b % 64);
            let mut v = p.get(w).copied().unwrap_or(0) >> s;
            if s > 12 {
                v |= p.get(w + 1).copied().unwrap_or(0) << (64 - s);
            }
            *d = v & MASK52;
        }
        IfmaModulus {
            p: *p,
            digits,
            pinv: m0 & MASK52,
            m0,
        }
    }
}

/// Whether the CPU has AVX-512F and AVX-512 IFMA (detected once, then cached).
pub(crate) fn has_ifma() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *HAS.get_or_init(|| {
            use crate::cpu::{has_all, Feature};
            has_all(&[Feature::Avx512f, Feature::Avx512ifma])
        })
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Montgomery products `out[i] = a[i]·b[i]·2^(−64N) mod p` (squares when `b` is
/// `None`) for the leading multiple of 8 of the elements, by the IFMA kernel; returns
/// how many were done (0 when `N > 32`). `has_ifma` must be true (the caller holds an
/// `IfmaToken`); inputs `< p`; `b` and `out` at least as long as `a`.
pub(crate) fn mont_mul_many<const N: usize, E: Limbs<N>>(
    _token: super::IfmaToken,
    a: &[E],
    b: Option<&[E]>,
    out: &mut [E],
    m: &IfmaModulus<N>,
) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        if N == 0 || N > MAX_N {
            return 0;
        }
        let n = a.len().min(out.len()) & !7;
        let n = match b {
            Some(b) => n.min(b.len() & !7),
            None => n,
        };
        for i in (0..n).step_by(8) {
            let (Ok(ac), Ok(oc)) = (
                <&[E; 8]>::try_from(&a[i..i + 8]),
                <&mut [E; 8]>::try_from(&mut out[i..i + 8]),
            ) else {
                return i;
            };
            match b {
                Some(b) => {
                    let Ok(bc) = <&[E; 8]>::try_from(&b[i..i + 8]) else {
                        return i;
                    };
                    // SAFETY: the token proves AVX-512F + IFMA; N ≤ 32; the chunks are
                    // exactly 8 elements of N limbs each.
                    unsafe { with_capacity!(N, mont_x8::<N, E>(ac, Some(bc), oc, m)) };
                }
                // SAFETY: as above.
                None => unsafe { with_capacity!(N, mont_x8::<N, E>(ac, None, oc, m)) },
            }
        }
        n
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (a, b, out, m);
        0
    }
}

/// Exact products `(a[i] + a_top[i]·2^(64N))·(b[i] + b_top[i]·2^(64N))` as
/// `lo[i] + hi[i]·2^(64N) + top[i]·2^(128N)` for the leading multiple of 8 of the
/// elements by the IFMA kernel; returns how many were done (0 when `N > 32`). Tops
/// `< 2^WIDE_TOP_BITS`; every slice at least as long as `a`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn mul_wide_many<const N: usize>(
    _token: super::IfmaToken,
    a: &[[u64; N]],
    a_top: &[u64],
    b: &[[u64; N]],
    b_top: &[u64],
    lo: &mut [[u64; N]],
    hi: &mut [[u64; N]],
    top: &mut [u64],
) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        if N == 0 || N > MAX_N {
            return 0;
        }
        let n = [
            a.len(),
            a_top.len(),
            b.len(),
            b_top.len(),
            lo.len(),
            hi.len(),
        ]
        .into_iter()
        .fold(top.len(), usize::min)
            & !7;
        for i in (0..n).step_by(8) {
            let r = i..i + 8;
            let (Ok(ac), Ok(atc), Ok(bc), Ok(btc)) = (
                <&[[u64; N]; 8]>::try_from(&a[r.clone()]),
                <&[u64; 8]>::try_from(&a_top[r.clone()]),
                <&[[u64; N]; 8]>::try_from(&b[r.clone()]),
                <&[u64; 8]>::try_from(&b_top[r.clone()]),
            ) else {
                return i;
            };
            let (Ok(lc), Ok(hc), Ok(tc)) = (
                <&mut [[u64; N]; 8]>::try_from(&mut lo[r.clone()]),
                <&mut [[u64; N]; 8]>::try_from(&mut hi[r.clone()]),
                <&mut [u64; 8]>::try_from(&mut top[r]),
            ) else {
                return i;
            };
            // SAFETY: the token proves AVX-512F + IFMA; N ≤ 32; every chunk holds
            // exactly 8 elements.
            unsafe { with_capacity!(N, wide_x8::<N>(ac, atc, bc, btc, lc, hc, tc)) };
        }
        n
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (a, a_top, b, b_top, lo, hi, top);
        0
    }
}

/// The 14 coefficient products of the two-level Karatsuba of a 5-term product
/// (`ext::lazy::batch`), word-major: with `a0 … a4` the coefficients of `a` (and
/// likewise `b`), product `i` is lane `i mod 8` of pass `i / 8`, its words
/// `lo[pass][w]`, `hi[pass][w]`, `top[pass]`, for the operands in the order a0+a1,
/// a2+a3, a2+a4, a3+a4, a0+a2, a1+a3, a0+a1+a2+a3, a0+a2+a4 (pass 0), a1+a3+a4, a0,
/// a1, a2, a3, a4 (pass 1; its lanes 6 and 7 are 0). The operand sums are formed in
/// radix 2^52 from one transposed load of the five coefficients (lane permutations),
/// then two passes of 8 products; the products' words are stored as they come out,
/// with no transposition. Returns false (and writes nothing) when `N` is 0 or above
/// [`MAX_N`]. Coefficients `< 2^(64N)`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn karatsuba5_products<const N: usize>(
    _token: super::IfmaToken,
    a: &[[u64; N]; 5],
    b: &[[u64; N]; 5],
    lo: &mut [[[u64; 8]; N]; 2],
    hi: &mut [[[u64; 8]; N]; 2],
    top: &mut [[u64; 8]; 2],
) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        if N == 0 || N > MAX_N {
            return false;
        }
        // SAFETY: the token proves AVX-512F + IFMA; 1 ≤ N ≤ 32.
        unsafe { with_capacity!(N, karatsuba5_x16::<N>(a, b, lo, hi, top)) };
        true
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (a, b, lo, hi, top);
        false
    }
}

/// Where the 8 values of [`redc_wide_x8`] come from.
#[derive(Clone, Copy, Debug)]
pub(crate) enum RedcInput<'a, const N: usize> {
    /// Row-major: value `i` is `lo[i]`, `hi[i]` (transposed on load).
    Rows(&'a [&'a [u64; N]; 8], &'a [&'a [u64; N]; 8]),
    /// Word-major: value `i` is `lo[w][i]`, `hi[w][i]` (loaded as they are).
    Sliced(&'a [[u64; 8]; N], &'a [[u64; 8]; N]),
}

impl<const N: usize> RedcInput<'_, N> {
    /// The low and high words of value `i`.
    pub(crate) fn value(&self, i: usize) -> ([u64; N], [u64; N]) {
        match self {
            RedcInput::Rows(lo, hi) => (*lo[i], *hi[i]),
            RedcInput::Sliced(lo, hi) => (
                core::array::from_fn(|w| lo[w][i]),
                core::array::from_fn(|w| hi[w][i]),
            ),
        }
    }
}

/// Montgomery reductions of 8 exact values `T = lo + hi·2^(64N) + top[i]·2^(128N)`
/// (`lo`, `hi` from `input`): `t = (T + m·p)/2^(64N)` with `m = −T·p⁻¹ mod 2^(64N)`,
/// the same value as the scalar `redc_wide` (m is unique), then `t` minus each of
/// `mults` (multiples of p as N + 1 words, largest first) in turn wherever `t` is at
/// least that multiple, as the scalar `reduce_multiples`. Writes the low N words of
/// the first `min(8, r.len())` lanes to `r` and the top words of all 8 to `h`.
/// Returns false (and writes nothing) when `N` is 0 or above [`MAX_N`].
/// Precondition: `top[i] < 2^40` (so that `T` fits the `2L + 1` digits of the
/// accumulator, `L = ⌈64N/52⌉`).
#[allow(clippy::too_many_arguments)]
pub(crate) fn redc_wide_x8<const N: usize>(
    _token: super::IfmaToken,
    input: RedcInput<'_, N>,
    top: &[u64; 8],
    mults: &[([u64; N], u64)],
    r: &mut [[u64; N]],
    h: &mut [u64; 8],
    m: &IfmaModulus<N>,
) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        if N == 0 || N > MAX_N {
            return false;
        }
        // SAFETY: the token proves AVX-512F + IFMA; 1 ≤ N ≤ 32.
        unsafe { with_capacity!(N, redc_x8::<N>(input, top, mults, r, h, m)) };
        true
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        let _ = (input, top, mults, r, h, m);
        false
    }
}

/// The 8×8 transposition of 64-bit lanes: `out[j]` lane `i` = `r[i]` lane `j`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
#[inline]
fn transpose8(r: [__m512i; 8]) -> [__m512i; 8] {
    let a0 = _mm512_unpacklo_epi64(r[0], r[1]);
    let a1 = _mm512_unpackhi_epi64(r[0], r[1]);
    let a2 = _mm512_unpacklo_epi64(r[2], r[3]);
    let a3 = _mm512_unpackhi_epi64(r[2], r[3]);
    let a4 = _mm512_unpacklo_epi64(r[4], r[5]);
    let a5 = _mm512_unpackhi_epi64(r[4], r[5]);
    let a6 = _mm512_unpacklo_epi64(r[6], r[7]);
    let a7 = _mm512_unpackhi_epi64(r[6], r[7]);
    let lo1 = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
    let hi1 = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
    let b0 = _mm512_permutex2var_epi64(a0, lo1, a2);
    let b1 = _mm512_permutex2var_epi64(a1, lo1, a3);
    let b2 = _mm512_permutex2var_epi64(a0, hi1, a2);
    let b3 = _mm512_permutex2var_epi64(a1, hi1, a3);
    let b4 = _mm512_permutex2var_epi64(a4, lo1, a6);
    let b5 = _mm512_permutex2var_epi64(a5, lo1, a7);
    let b6 = _mm512_permutex2var_epi64(a4, hi1, a6);
    let b7 = _mm512_permutex2var_epi64(a5, hi1, a7);
    let lo2 = _mm512_setr_epi64(0, 1, 2, 3, 8, 9, 10, 11);
    let hi2 = _mm512_setr_epi64(4, 5, 6, 7, 12, 13, 14, 15);
    [
        _mm512_permutex2var_epi64(b0, lo2, b4),
        _mm512_permutex2var_epi64(b1, lo2, b5),
        _mm512_permutex2var_epi64(b2, lo2, b6),
        _mm512_permutex2var_epi64(b3, lo2, b7),
        _mm512_permutex2var_epi64(b0, hi2, b4),
        _mm512_permutex2var_epi64(b1, hi2, b5),
        _mm512_permutex2var_epi64(b2, hi2, b6),
        _mm512_permutex2var_epi64(b3, hi2, b7),
    ]
}

/// The lane mask of words `8c … min(8c + 8, n)`.
#[inline(always)]
fn chunk_mask(n: usize, c: usize) -> u8 {
    let k = n.saturating_sub(8 * c).min(8);
    ((1u16 << k) - 1) as u8
}

/// Loads the `N` words of 8 elements lane-sliced: `x[w]` lane `i` = word `w` of
/// `src[i]`.
///
/// # Safety
/// AVX-512F must be available.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn load_x8<const N: usize, E: Limbs<N>>(src: &[E; 8], x: &mut [__m512i]) {
    let rows: [&[u64; N]; 8] = core::array::from_fn(|i| src[i].limbs());
    // SAFETY: AVX-512F is enabled in this function.
    unsafe { load_rows::<N>(&rows, x) }
}

/// [`load_x8`] from 8 row references: `x[w]` lane `i` = word `w` of `rows[i]`.
///
/// # Safety
/// AVX-512F must be available.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn load_rows<const N: usize>(rows: &[&[u64; N]; 8], x: &mut [__m512i]) {
    for c in 0..N.div_ceil(8) {
        let k = chunk_mask(N, c);
        let mut r = [_mm512_setzero_si512(); 8];
        for (i, ri) in r.iter_mut().enumerate() {
            // SAFETY: the mask enables only words 8c … min(8c + 8, N) − 1 of the N
            // words behind the pointer; masked-off lanes are not accessed.
            *ri = unsafe { _mm512_maskz_loadu_epi64(k, rows[i].as_ptr().add(8 * c) as *const i64) };
        }
        let t = transpose8(r);
        for (j, tj) in t.iter().enumerate() {
            if 8 * c + j < N {
                x[8 * c + j] = *tj;
            }
        }
    }
}

/// Stores lane-sliced words back: word `w` of `dst[i]` = `x[w]` lane `i`, for the
/// first `min(8, dst.len())` elements.
///
/// # Safety
/// AVX-512F must be available; `x` holds at least `N` words.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn store_x8<const N: usize, E: Limbs<N>>(x: &[__m512i], dst: &mut [E]) {
    for c in 0..N.div_ceil(8) {
        let k = chunk_mask(N, c);
        let mut r = [_mm512_setzero_si512(); 8];
        for (j, rj) in r.iter_mut().enumerate() {
            if 8 * c + j < N {
                *rj = x[8 * c + j];
            }
        }
        let t = transpose8(r);
        for (di, ti) in dst.iter_mut().zip(t.iter()) {
            // SAFETY: the mask enables only words 8c … min(8c + 8, N) − 1 of the N
            // words behind the pointer.
            unsafe {
                _mm512_mask_storeu_epi64(di.limbs_mut().as_mut_ptr().add(8 * c) as *mut i64, k, *ti)
            };
        }
    }
}

/// Cuts the `nw` lane-sliced words `x` into `l` digits of 52 bits.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
#[inline]
fn to_digits(x: &[__m512i], nw: usize, l: usize, d: &mut [__m512i]) {
    let mask = _mm512_set1_epi64(MASK52 as i64);
    for (k, dk) in d.iter_mut().enumerate().take(l) {
        let b = 52 * k;
        let (w, s) = (b / 64, (b % 64) as i64);
        let mut v = _mm512_srlv_epi64(x[w], _mm512_set1_epi64(s));
        if s > 12 && w + 1 < nw {
            v = _mm512_or_si512(v, _mm512_sllv_epi64(x[w + 1], _mm512_set1_epi64(64 - s)));
        }
        *dk = _mm512_and_si512(v, mask);
    }
}

/// Cuts normalised digits `t` (52 bits each, `t[k] = 0` beyond the value) into `nw`
/// 64-bit words starting at bit `off`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
#[inline]
fn to_words(t: &[__m512i], off: usize, nw: usize, x: &mut [__m512i]) {
    for (w, xw) in x.iter_mut().enumerate().take(nw) {
        let g = off + 64 * w;
        let (k, s) = (g / 52, (g % 52) as i64);
        let at = |i: usize| t.get(i).copied().unwrap_or(_mm512_setzero_si512());
        let mut v = _mm512_srlv_epi64(at(k), _mm512_set1_epi64(s));
        v = _mm512_or_si512(v, _mm512_sllv_epi64(at(k + 1), _mm512_set1_epi64(52 - s)));
        if s > 40 {
            v = _mm512_or_si512(v, _mm512_sllv_epi64(at(k + 2), _mm512_set1_epi64(104 - s)));
        }
        *xw = v;
    }
}

/// `t += a·b` (digit vectors, `l` digits each; `t` has room for `2l + 1`): the rows
/// `b[i]` in blocks of 8 (then 4, 2, 1), each with a sliding window of R + 1
/// accumulator digits `t[i + j … i + j + R]` in registers. At step j, row r adds the
/// low half of `a[j]·b[i + r]` to window digit r and the high half to digit r + 1;
/// then digit `i + j` is complete and leaves the window. One load and one store of
/// `t` per 2R madd52 (the plain double loop loads and stores `t` at every madd52).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn mul_acc(a: &[__m512i], b: &[__m512i], l: usize, t: &mut [__m512i]) {
    // One block of rows; the digit indices are literals so that the window stays
    // in registers (an indexed array would live on the stack).
    macro_rules! rows {
        ($i:ident, $rr:literal; $($r:literal)+) => {{
            let mut w = [_mm512_setzero_si512(); $rr + 1];
            let rows = [$(b[$i + $r]),+];
            $( w[$r] = t[$i + $r]; )+
            w[$rr] = t[$i + $rr];
            for (j, &aj) in a.iter().enumerate().take(l) {
                $(
                    w[$r] = _mm512_madd52lo_epu64(w[$r], aj, rows[$r]);
                    w[$r + 1] = _mm512_madd52hi_epu64(w[$r + 1], aj, rows[$r]);
                )+
                t[$i + j] = w[0];
                $( w[$r] = w[$r + 1]; )+
                w[$rr] = t[$i + j + $rr + 1];
            }
            $( t[$i + l + $r] = w[$r]; )+
            $i + $rr
        }};
    }
    if l <= SHORT_L {
        // Short operands: the plain double loop, which the compiler unrolls whole.
        for i in 0..l {
            let bi = b[i];
            for j in 0..l {
                t[i + j] = _mm512_madd52lo_epu64(t[i + j], a[j], bi);
                t[i + j + 1] = _mm512_madd52hi_epu64(t[i + j + 1], a[j], bi);
            }
        }
        return;
    }
    let mut i = 0;
    while i < l {
        i = match l - i {
            8.. => rows!(i, 8; 0 1 2 3 4 5 6 7),
            4..=7 => rows!(i, 4; 0 1 2 3),
            2..=3 => rows!(i, 2; 0 1),
            _ => rows!(i, 1; 0),
        };
    }
}

/// `t += a²`: cross products once, doubled, then the diagonal (`t` zero on entry).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn sqr_acc(a: &[__m512i], l: usize, t: &mut [__m512i]) {
    for i in 0..l {
        let ai = a[i];
        for j in i + 1..l {
            t[i + j] = _mm512_madd52lo_epu64(t[i + j], a[j], ai);
            t[i + j + 1] = _mm512_madd52hi_epu64(t[i + j + 1], a[j], ai);
        }
    }
    for tk in t.iter_mut().take(2 * l) {
        *tk = _mm512_add_epi64(*tk, *tk);
    }
    for i in 0..l {
        t[2 * i] = _mm512_madd52lo_epu64(t[2 * i], a[i], a[i]);
        t[2 * i + 1] = _mm512_madd52hi_epu64(t[2 * i + 1], a[i], a[i]);
    }
}

/// Montgomery reduction digit by digit (SOS): for j < l, `m_j = t_j·p' mod 2^52`
/// (mod 2^rb for the last digit, `52(l − 1) + rb = 64N`) and `t += m_j·p·2^(52j)`,
/// each reduced digit's carry moved up. Afterwards `t ≡ 0 mod 2^(64N)`; the quotient
/// is the bits from 64N on, digits from `l − 1` up still unnormalised. The digits j
/// and j + 1, on which `m_(j+1)` depends, stay in registers from row to row; the
/// rest of each row's madd52 go to memory off that chain (examples/ext_pieces, five
/// REDCs in one pass, ns, all digits in memory → this form: 512 bits 188 → 191,
/// 1024 bits 478 → 440). Up to [`SHORT_L`] digits the plain loops are used.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512ifma")]
#[inline]
fn reduce_digits<const N: usize>(t: &mut [__m512i], l: usize, m: &IfmaModulus<N>) {
    let zero = _mm512_setzero_si512();
    let rb = 64 * N - 52 * (l - 1);
    let pinv = _mm512_set1_epi64(m.pinv as i64);
    let rmask = _mm512_set1_epi64(((1u64 << rb) - 1) as i64);
    let p = |k: usize| _mm512_set1_epi64(m.digits[k] as i64);
    if l <= SHORT_L {
        // Short operands: the plain loops, which the compiler unrolls whole.
        for j in 0..l {
            let mut mj = _mm512_madd52lo_epu64(zero, t[j], pinv);
            if j == l - 1 {
                mj = _mm512_and_si512(mj, rmask);
            }
            for k in 0..l {
                t[j + k] = _mm512_madd52lo_epu64(t[j + k], mj, p(k));
                t[j + k + 1] = _mm512_madd52hi_epu64(t[j + k + 1], mj, p(k));
            }
            if j + 1 < l {
                t[j + 1] = _mm512_add_epi64(t[j + 1], _mm512_srli_epi64::<52>(t[j]));
            }
        }
        return;
    }
    // cur = digit j, next = digit j + 1
    let (mut cur, mut next) = (t[0], t[1]);
    for j in 0..l {
        let mut mj = _mm512_madd52lo_epu64(zero, cur, pinv);
        if j == l - 1 {
            mj = _mm512_and_si512(mj, rmask);
        }
        cur = _mm512_madd52lo_epu64(cur, mj, p(0));
        next = _mm512_madd52hi_epu64(next, mj, p(0));
        if l > 1 {
            next = _mm512_madd52lo_epu64(next, mj, p(1));
        }
        for k in 1..l {
            if k >= 2 {
                t[j + k] = _mm512_madd52lo_epu64(t[j + k], mj, p(k));
            }
            t[j + k + 1] = _mm512_madd52hi_epu64(t[j + k + 1], mj, p(k));
        }
        if j + 1 < l {
            t[j] = cur;
            cur = _mm512_add_epi64(next, _mm512_srli_epi64::<52>(cur));
            next = t[j + 2];
        } else {
            t[j] = cur;
            t[j + 1] = next;
        }
    }
}

/// Normalises `t[from .. 2l + 1]` to 52-bit digits (carries upward).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
#[inline]
fn normalise(t: &mut [__m512i], from: usize, l: usize) {
    let mask = _mm512_set1_epi64(MASK52 as i64);
    let mut c = _mm512_setzero_si512();
    for tk in t.iter_mut().take(2 * l + 1).skip(from) {
        let v = _mm512_add_epi64(*tk, c);
        *tk = _mm512_and_si512(v, mask);
        c = _mm512_srli_epi64::<52>(v);
    }
}

/// Eight Montgomery products (squares when `b` is `None`), fully reduced.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512 IFMA; `1 ≤ N ≤ 32`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn mont_x8<
    const N: usize,
    E: Limbs<N>,
    const ML: usize,
    const MT: usize,
    const MX: usize,
    const MW: usize,
>(
    a: &[E; 8],
    b: Option<&[E; 8]>,
    out: &mut [E; 8],
    m: &IfmaModulus<N>,
) {
    let l = (64 * N).div_ceil(52);
    let zero = _mm512_setzero_si512();
    let mut x = [zero; MX];
    let mut ad = [zero; ML];
    let mut t = [zero; MT];
    // SAFETY: AVX-512F is enabled in this function.
    unsafe { load_x8::<N, E>(a, &mut x) };
    to_digits(&x, N, l, &mut ad);
    match b {
        Some(b) => {
            let mut bd = [zero; ML];
            // SAFETY: as above.
            unsafe { load_x8::<N, E>(b, &mut x) };
            to_digits(&x, N, l, &mut bd);
            mul_acc(&ad, &bd, l, &mut t);
        }
        None => sqr_acc(&ad, l, &mut t),
    }
    reduce_digits(&mut t, l, m);
    // t = a·b + M·p with t ≡ 0 mod 2^(64N); t/2^(64N) < 2p is bits [64N, 128N + 1).
    normalise(&mut t, l - 1, l);
    let mut w = [zero; MW];
    to_words(&t, 64 * N, N + 1, &mut w);
    // One conditional subtraction of p (t < 2p).
    let mut d = [zero; MX];
    sub_multiples::<N>(&mut w, &[(m.p, 0)], &mut d);
    // SAFETY: AVX-512F is enabled; `w` holds N + 1 words.
    unsafe { store_x8::<N, E>(&w[..N], out) };
}

/// Eight exact products of `(64N + WIDE_TOP_BITS)`-bit operands.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512 IFMA; `1 ≤ N ≤ 32`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn wide_x8<
    const N: usize,
    const ML: usize,
    const MT: usize,
    const MX: usize,
    const MW: usize,
>(
    a: &[[u64; N]; 8],
    a_top: &[u64; 8],
    b: &[[u64; N]; 8],
    b_top: &[u64; 8],
    lo: &mut [[u64; N]; 8],
    hi: &mut [[u64; N]; 8],
    top: &mut [u64; 8],
) {
    let l = (64 * N + WIDE_TOP_BITS).div_ceil(52);
    let zero = _mm512_setzero_si512();
    let mut x = [zero; MX];
    let mut ad = [zero; ML];
    let mut bd = [zero; ML];
    let mut t = [zero; MT];
    // SAFETY: AVX-512F is enabled in this function; `a_top`, `b_top` are 8 words.
    unsafe {
        load_x8::<N, [u64; N]>(a, &mut x);
        x[N] = _mm512_loadu_epi64(a_top.as_ptr() as *const i64);
    }
    to_digits(&x, N + 1, l, &mut ad);
    // SAFETY: as above.
    unsafe {
        load_x8::<N, [u64; N]>(b, &mut x);
        x[N] = _mm512_loadu_epi64(b_top.as_ptr() as *const i64);
    }
    to_digits(&x, N + 1, l, &mut bd);
    mul_acc(&ad, &bd, l, &mut t);
    normalise(&mut t, 0, l);
    let mut w = [zero; MW];
    to_words(&t, 0, 2 * N + 1, &mut w);
    // SAFETY: AVX-512F is enabled; `w` holds 2N + 1 words; `top` is 8 words.
    unsafe {
        store_x8::<N, [u64; N]>(&w[..N], lo);
        store_x8::<N, [u64; N]>(&w[N..2 * N], hi);
        _mm512_storeu_epi64(top.as_mut_ptr() as *mut i64, w[2 * N]);
    }
}

/// `w` (N + 1 lane-sliced words) minus each of `mults` (N + 1 words each) in turn,
/// in the lanes where `w` is at least that multiple: the borrow chain of the
/// subtraction runs in mask registers, and its final borrow keeps `w`. `d` is
/// scratch of at least N + 1 vectors.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
#[inline]
fn sub_multiples<const N: usize>(w: &mut [__m512i], mults: &[([u64; N], u64)], d: &mut [__m512i]) {
    let one = _mm512_set1_epi64(1);
    for (mw, mh) in mults {
        let mut borrow: __mmask8 = 0;
        for i in 0..=N {
            let pw = _mm512_set1_epi64(mw.get(i).copied().unwrap_or(*mh) as i64);
            let s = _mm512_sub_epi64(w[i], pw);
            d[i] = _mm512_mask_sub_epi64(s, borrow, s, one);
            let lt = _mm512_cmplt_epu64_mask(w[i], pw);
            let eq = _mm512_cmpeq_epu64_mask(w[i], pw);
            borrow = lt | (eq & borrow);
        }
        // A borrow out: w is below the multiple, keep it.
        for i in 0..=N {
            w[i] = _mm512_mask_blend_epi64(borrow, d[i], w[i]);
        }
    }
}

/// Eight Montgomery reductions of exact double-width values, then the conditional
/// subtractions (see [`redc_wide_x8`]).
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512 IFMA; `1 ≤ N ≤ 32`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512ifma")]
#[allow(clippy::too_many_arguments)]
unsafe fn redc_x8<
    const N: usize,
    const ML: usize,
    const MT: usize,
    const MX: usize,
    const MW: usize,
>(
    input: RedcInput<'_, N>,
    top: &[u64; 8],
    mults: &[([u64; N], u64)],
    r: &mut [[u64; N]],
    h: &mut [u64; 8],
    m: &IfmaModulus<N>,
) {
    let zero = _mm512_setzero_si512();
    let mut words = [zero; MW];
    match input {
        // SAFETY: AVX-512F is enabled in this function.
        RedcInput::Rows(lo, hi) => unsafe {
            load_rows::<N>(lo, &mut words[..N]);
            load_rows::<N>(hi, &mut words[N..2 * N]);
        },
        RedcInput::Sliced(lo, hi) => {
            for (w, row) in lo.iter().chain(hi.iter()).enumerate() {
                // SAFETY: AVX-512F is enabled; `row` is 8 words.
                words[w] = unsafe { _mm512_loadu_epi64(row.as_ptr() as *const i64) };
            }
        }
    }
    // SAFETY: AVX-512F is enabled; `top` is 8 words.
    words[2 * N] = unsafe { _mm512_loadu_epi64(top.as_ptr() as *const i64) };
    let l = (64 * N).div_ceil(52);
    // Digits of T: 128N + 40 bits, at most the 2l + 1 accumulator digits.
    let lt = (128 * N + 40).div_ceil(52).min(2 * l + 1);
    let mut t = [zero; MT];
    to_digits(&words, 2 * N + 1, lt, &mut t);
    reduce_digits(&mut t, l, m);
    // t = T + M·p ≡ 0 mod 2^(64N); the result is bits [64N, 128N + 64).
    normalise(&mut t, l - 1, l);
    let mut w = [zero; MX];
    to_words(&t, 64 * N, N + 1, &mut w);
    sub_multiples::<N>(&mut w, mults, &mut words);
    // SAFETY: AVX-512F is enabled; `w` holds N + 1 words; `h` is 8 words.
    unsafe {
        store_x8::<N, [u64; N]>(&w[..N], r);
        _mm512_storeu_epi64(h.as_mut_ptr() as *mut i64, w[N]);
    }
}

/// The lane permutations forming [`karatsuba5_products`]' operands from the
/// coefficient digits (lanes 0 … 4): per pass, up to 4 terms `(lane mask, source
/// lane of each lane)`, lane i of the operand being the sum over the terms whose mask
/// holds i.
const KARATSUBA5_TERMS: [[(u8, [i64; 8]); 4]; 2] = [
    // a0+a1, a2+a3, a2+a4, a3+a4, a0+a2, a1+a3, a0+a1+a2+a3, a0+a2+a4
    [
        (0xff, [0, 2, 2, 3, 0, 1, 0, 0]),
        (0xff, [1, 3, 4, 4, 2, 3, 1, 2]),
        (0xc0, [0, 0, 0, 0, 0, 0, 2, 4]),
        (0x40, [0, 0, 0, 0, 0, 0, 3, 0]),
    ],
    // a1+a3+a4, a0, a1, a2, a3, a4, 0, 0
    [
        (0x3f, [1, 0, 1, 2, 3, 4, 0, 0]),
        (0x01, [3, 0, 0, 0, 0, 0, 0, 0]),
        (0x01, [4, 0, 0, 0, 0, 0, 0, 0]),
        (0x00, [0; 8]),
    ],
];

/// The operand digits of pass `pass` of [`karatsuba5_products`] from the coefficient
/// digits `d` (`l` digits, lanes 0 … 4): the lane sums of [`KARATSUBA5_TERMS`], then
/// normalised to 52-bit digits (a sum of at most 4 coefficients fits `l` digits).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
#[inline]
fn karatsuba5_operands(d: &[__m512i], l: usize, pass: usize, out: &mut [__m512i]) {
    let terms = KARATSUBA5_TERMS[pass];
    let idx = terms.map(|(_, i)| _mm512_setr_epi64(i[0], i[1], i[2], i[3], i[4], i[5], i[6], i[7]));
    let mask = _mm512_set1_epi64(MASK52 as i64);
    let mut c = _mm512_setzero_si512();
    for (dj, oj) in d.iter().zip(out.iter_mut()).take(l) {
        let mut v = c;
        for (t, it) in terms.iter().zip(idx) {
            if t.0 != 0 {
                v = _mm512_add_epi64(v, _mm512_maskz_permutexvar_epi64(t.0, it, *dj));
            }
        }
        *oj = _mm512_and_si512(v, mask);
        c = _mm512_srli_epi64::<52>(v);
    }
}

/// [`karatsuba5_products`]' kernel.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512 IFMA; `1 ≤ N ≤ 32`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512ifma")]
unsafe fn karatsuba5_x16<
    const N: usize,
    const ML: usize,
    const MT: usize,
    const MX: usize,
    const MW: usize,
>(
    a: &[[u64; N]; 5],
    b: &[[u64; N]; 5],
    lo: &mut [[[u64; 8]; N]; 2],
    hi: &mut [[[u64; 8]; N]; 2],
    top: &mut [[u64; 8]; 2],
) {
    // Operands below 4·2^(64N).
    let l = (64 * N + 2).div_ceil(52);
    let zero = _mm512_setzero_si512();
    let zero_row = [0u64; N];
    let mut x = [zero; MX];
    let mut ad = [zero; ML];
    let mut bd = [zero; ML];
    for (src, d) in [(a, &mut ad), (b, &mut bd)] {
        let rows: [&[u64; N]; 8] = core::array::from_fn(|i| src.get(i).unwrap_or(&zero_row));
        // SAFETY: AVX-512F is enabled in this function.
        unsafe { load_rows::<N>(&rows, &mut x) };
        to_digits(&x, N, l, d);
    }
    let mut oa = [zero; ML];
    let mut ob = [zero; ML];
    for pass in 0..2 {
        karatsuba5_operands(&ad, l, pass, &mut oa);
        karatsuba5_operands(&bd, l, pass, &mut ob);
        let mut t = [zero; MT];
        mul_acc(&oa, &ob, l, &mut t);
        normalise(&mut t, 0, l);
        let mut w = [zero; MW];
        to_words(&t, 0, 2 * N + 1, &mut w);
        for (i, wi) in w.iter().enumerate().take(2 * N + 1) {
            let dst = match i {
                _ if i < N => &mut lo[pass][i],
                _ if i < 2 * N => &mut hi[pass][i - N],
                _ => &mut top[pass],
            };
            // SAFETY: AVX-512F is enabled; `dst` is 8 words.
            unsafe { _mm512_storeu_epi64(dst.as_mut_ptr() as *mut i64, *wi) };
        }
    }
}
