//! x86-64 kernels of [`LinearMap`](crate::binary::linear_map::LinearMap): AVX2 table
//! lookups (ymm XOR per 256-bit lane of an entry), AVX-512 masked row XORs and their
//! AVX2 form.
//!
//! Source: Intel SDM (VPXOR, VPXORQ with opmask, KMOVB, VPCMPEQQ). The lookup and scan
//! loops are the portable ones of [`super`], compiled here with a ymm accumulator.
//! Cost: `lookup` one aligned `vpxor ymm, ymm, m256` per lane of an entry per chunk;
//! `mask_ct` (AVX-512) one `kmovb` per input byte and one masked `vpxorq zmm` per output
//! word and input byte, then a horizontal XOR per output word; `mask_ct` (AVX2) per
//! input byte one broadcast and two `vpand` + `vpcmpeqq` making the eight row masks as
//! two ymm of four qwords, then per output word two `vpand` and two `vpxor` (the same
//! table: rows 8j…8j+3 and 8j+4…8j+7 of word w are the two lanes of the zmm row).
//! Constant-time: `lookup` no; `scan_ct` and `mask_ct` yes (the input only selects
//! masks, never addresses).
//! Detection: [`crate::cpu`] (detected once, restricted by `HALFROOT_CPU`) when a map is
//! built; the tokens [`Avx2`] and [`Avx512`] can only be made after a positive check.
#![allow(unsafe_code)]

use super::super::Lane;
use super::{lookup, scan_ct, Acc, KernelFn, ManyFn};
use core::arch::x86_64::*;

/// Proof that the CPU has AVX2 and BMI2 (only made by [`Avx2::detect`]).
#[derive(Clone, Copy, Debug)]
pub struct Avx2 {
    _private: (),
}

impl Avx2 {
    /// `Some` iff this CPU has AVX2 and BMI2.
    pub fn detect() -> Option<Avx2> {
        use crate::cpu::{has_all, Feature};
        has_all(&[Feature::Avx2, Feature::Bmi2]).then_some(Avx2 { _private: () })
    }

    /// [`lookup`] with ymm accumulators.
    #[inline]
    pub fn lookup<const N: usize, const W: usize>(
        self,
        table: &[Lane],
        bits: usize,
        a: &[u64; N],
    ) -> [u64; N] {
        // SAFETY: `self` exists only if the CPU has AVX2 and BMI2 (see `detect`), the
        // features these functions are compiled for.
        unsafe {
            // `if const` (not `match`): only the arm for this N is monomorphised.
            if const { N.div_ceil(4) == 1 } {
                lookup_avx2::<N, W, 1>(table, bits, a)
            } else if const { N.div_ceil(4) == 2 } {
                lookup_avx2::<N, W, 2>(table, bits, a)
            } else if const { N.div_ceil(4) == 3 } {
                lookup_avx2::<N, W, 3>(table, bits, a)
            } else {
                lookup::<N, W, super::Words<N>>(table, bits, a)
            }
        }
    }

    /// [`Avx2::lookup`] as a function pointer (only obtainable with the token).
    pub fn lookup_fn<const N: usize, const W: usize>(self) -> KernelFn<N> {
        lookup_entry::<N, W>
    }

    /// [`Avx2::scan_ct`] as a function pointer (only obtainable with the token).
    pub fn scan_fn<const N: usize>(self) -> KernelFn<N> {
        scan_entry::<N>
    }

    /// The batch form of [`Avx2::lookup_fn`]: the loop over the elements inside one
    /// AVX2 function, the per-element lookup inlined (only obtainable with the token).
    pub fn lookup_many_fn<const N: usize, const W: usize>(self) -> ManyFn<N> {
        lookup_many_entry::<N, W>
    }

    /// The batch form of [`Avx2::scan_fn`] (only obtainable with the token).
    pub fn scan_many_fn<const N: usize>(self) -> ManyFn<N> {
        scan_many_entry::<N>
    }

    /// The `MaskCt` layout with ymm masks (see the module documentation): the
    /// constant-time kernel of CPUs with AVX2 but without AVX-512.
    #[inline]
    pub fn mask_ct<const N: usize>(self, table: &[Lane], bits: usize, a: &[u64; N]) -> [u64; N] {
        // SAFETY: `self` exists only if the CPU has AVX2 (see `detect`).
        unsafe { mask_ct_avx2::<N>(table, bits, a) }
    }

    /// [`Avx2::mask_ct`] as a function pointer (only obtainable with the token).
    pub fn mask_ct_fn<const N: usize>(self) -> KernelFn<N> {
        mask_ct_avx2_entry::<N>
    }

    /// The batch form of [`Avx2::mask_ct_fn`] (only obtainable with the token).
    pub fn mask_ct_many_fn<const N: usize>(self) -> ManyFn<N> {
        mask_ct_many_avx2_entry::<N>
    }

    /// [`scan_ct`] with ymm accumulators.
    #[inline]
    pub fn scan_ct<const N: usize>(self, table: &[Lane], bits: usize, a: &[u64; N]) -> [u64; N] {
        // SAFETY: as in `lookup`.
        unsafe {
            // `if const` (not `match`): only the arm for this N is monomorphised.
            if const { N.div_ceil(4) == 1 } {
                scan_avx2::<N, 1>(table, bits, a)
            } else if const { N.div_ceil(4) == 2 } {
                scan_avx2::<N, 2>(table, bits, a)
            } else if const { N.div_ceil(4) == 3 } {
                scan_avx2::<N, 3>(table, bits, a)
            } else {
                scan_ct::<N, super::Words<N>>(table, bits, a)
            }
        }
    }
}

/// Proof that the CPU has AVX-512 F, BW and DQ (only made by [`Avx512::detect`]).
#[derive(Clone, Copy, Debug)]
pub struct Avx512 {
    _private: (),
}

impl Avx512 {
    /// `Some` iff this CPU has AVX-512 F, BW and DQ.
    pub fn detect() -> Option<Avx512> {
        use crate::cpu::{has_all, Feature};
        has_all(&[Feature::Avx512f, Feature::Avx512bw, Feature::Avx512dq])
            .then_some(Avx512 { _private: () })
    }

    /// The `MaskCt` layout: per input byte, one masked `vpxorq` per output word.
    #[inline]
    pub fn mask_ct<const N: usize>(self, table: &[Lane], bits: usize, a: &[u64; N]) -> [u64; N] {
        // SAFETY: `self` exists only if the CPU has AVX-512 F/BW/DQ.
        unsafe { mask_ct_avx512::<N>(table, bits, a) }
    }
}

impl Avx512 {
    /// [`Avx512::mask_ct`] as a function pointer (only obtainable with the token).
    pub fn mask_ct_fn<const N: usize>(self) -> KernelFn<N> {
        mask_ct_entry::<N>
    }

    /// The batch form of [`Avx512::mask_ct_fn`] (only obtainable with the token).
    pub fn mask_ct_many_fn<const N: usize>(self) -> ManyFn<N> {
        mask_ct_many_entry::<N>
    }
}

// The `*_entry` functions are private and their addresses are handed out only by the
// token methods above, so they run only on CPUs with the features they need.

fn lookup_entry<const N: usize, const W: usize>(
    table: &[Lane],
    bits: usize,
    a: &[u64; N],
) -> [u64; N] {
    Avx2 { _private: () }.lookup::<N, W>(table, bits, a)
}

fn scan_entry<const N: usize>(table: &[Lane], bits: usize, a: &[u64; N]) -> [u64; N] {
    Avx2 { _private: () }.scan_ct::<N>(table, bits, a)
}

fn mask_ct_entry<const N: usize>(table: &[Lane], bits: usize, a: &[u64; N]) -> [u64; N] {
    Avx512 { _private: () }.mask_ct::<N>(table, bits, a)
}

fn mask_ct_avx2_entry<const N: usize>(table: &[Lane], bits: usize, a: &[u64; N]) -> [u64; N] {
    Avx2 { _private: () }.mask_ct::<N>(table, bits, a)
}

fn mask_ct_many_avx2_entry<const N: usize>(
    table: &[Lane],
    bits: usize,
    a: &[[u64; N]],
    out: &mut [[u64; N]],
) {
    // SAFETY: handed out only by `Avx2::mask_ct_many_fn`, i.e. on CPUs with AVX2.
    unsafe { mask_ct_many_avx2::<N>(table, bits, a, out) }
}

fn lookup_many_entry<const N: usize, const W: usize>(
    table: &[Lane],
    bits: usize,
    a: &[[u64; N]],
    out: &mut [[u64; N]],
) {
    // SAFETY: this function's address is only handed out by `Avx2::lookup_many_fn`,
    // i.e. on CPUs with AVX2 and BMI2.
    unsafe {
        // `if const` (not `match`): only the arm for this N is monomorphised.
        if const { N.div_ceil(4) == 1 } {
            lookup_many_avx2::<N, W, 1>(table, bits, a, out)
        } else if const { N.div_ceil(4) == 2 } {
            lookup_many_avx2::<N, W, 2>(table, bits, a, out)
        } else if const { N.div_ceil(4) == 3 } {
            lookup_many_avx2::<N, W, 3>(table, bits, a, out)
        } else {
            for (o, x) in out.iter_mut().zip(a) {
                *o = lookup::<N, W, super::Words<N>>(table, bits, x);
            }
        }
    }
}

fn scan_many_entry<const N: usize>(
    table: &[Lane],
    bits: usize,
    a: &[[u64; N]],
    out: &mut [[u64; N]],
) {
    // SAFETY: as in `lookup_many_entry` (handed out by `Avx2::scan_many_fn`).
    unsafe {
        // `if const` (not `match`): only the arm for this N is monomorphised.
        if const { N.div_ceil(4) == 1 } {
            scan_many_avx2::<N, 1>(table, bits, a, out)
        } else if const { N.div_ceil(4) == 2 } {
            scan_many_avx2::<N, 2>(table, bits, a, out)
        } else if const { N.div_ceil(4) == 3 } {
            scan_many_avx2::<N, 3>(table, bits, a, out)
        } else {
            for (o, x) in out.iter_mut().zip(a) {
                *o = scan_ct::<N, super::Words<N>>(table, bits, x);
            }
        }
    }
}

fn mask_ct_many_entry<const N: usize>(
    table: &[Lane],
    bits: usize,
    a: &[[u64; N]],
    out: &mut [[u64; N]],
) {
    // SAFETY: handed out only by `Avx512::mask_ct_many_fn`, i.e. on CPUs with
    // AVX-512 F/BW/DQ.
    unsafe { mask_ct_many_avx512::<N>(table, bits, a, out) }
}

/// The lookup loop over a batch.
///
/// # Safety
/// The CPU must support AVX2 and BMI2; `B = ⌈N/4⌉`.
#[target_feature(enable = "avx2,bmi2")]
unsafe fn lookup_many_avx2<const N: usize, const W: usize, const B: usize>(
    table: &[Lane],
    bits: usize,
    a: &[[u64; N]],
    out: &mut [[u64; N]],
) {
    for (o, x) in out.iter_mut().zip(a) {
        // SAFETY: AVX2 and BMI2 are enabled here (this function's contract).
        *o = unsafe { lookup_body::<N, W, B>(table, bits, x) };
    }
}

/// The scan loop over a batch.
///
/// # Safety
/// The CPU must support AVX2; `B = ⌈N/4⌉`.
#[target_feature(enable = "avx2")]
unsafe fn scan_many_avx2<const N: usize, const B: usize>(
    table: &[Lane],
    bits: usize,
    a: &[[u64; N]],
    out: &mut [[u64; N]],
) {
    for (o, x) in out.iter_mut().zip(a) {
        *o = scan_ct::<N, Ymm<B>>(table, bits, x);
    }
}

/// The masked-row loop over a batch.
///
/// # Safety
/// The CPU must support AVX-512 F, BW and DQ.
#[target_feature(enable = "avx512f,avx512bw,avx512dq")]
unsafe fn mask_ct_many_avx512<const N: usize>(
    table: &[Lane],
    bits: usize,
    a: &[[u64; N]],
    out: &mut [[u64; N]],
) {
    for (o, x) in out.iter_mut().zip(a) {
        // SAFETY: AVX-512 F/BW/DQ are enabled here (this function's contract).
        *o = unsafe { mask_ct_body::<N>(table, bits, x) };
    }
}

/// `B` ymm registers (B = ⌈N/4⌉).
struct Ymm<const B: usize>([__m256i; B]);

impl<const N: usize, const B: usize> Acc<N> for Ymm<B> {
    #[inline(always)]
    fn zero() -> Self {
        // SAFETY: only inlined into AVX2 functions (`lookup_avx2`, `scan_avx2`).
        Ymm([unsafe { _mm256_setzero_si256() }; B])
    }
    #[inline(always)]
    fn xor(&mut self, entry: &[Lane]) {
        for (r, l) in self.0.iter_mut().zip(entry) {
            // SAFETY: AVX2 as above; `l` is a 32-byte aligned `Lane`, a valid aligned
            // 256-bit load.
            unsafe {
                *r = _mm256_xor_si256(*r, _mm256_load_si256(l.0.as_ptr().cast()));
            }
        }
    }
    #[inline(always)]
    fn xor_masked(&mut self, entry: &[Lane], mask: u64) {
        // SAFETY: AVX2 as above.
        let m = unsafe { _mm256_set1_epi64x(mask as i64) };
        for (r, l) in self.0.iter_mut().zip(entry) {
            // SAFETY: as in `xor`.
            unsafe {
                let e = _mm256_load_si256(l.0.as_ptr().cast());
                *r = _mm256_xor_si256(*r, _mm256_and_si256(e, m));
            }
        }
    }
    #[inline(always)]
    fn get(self) -> [u64; N] {
        let mut lanes = [Lane::default(); B];
        for (l, r) in lanes.iter_mut().zip(self.0) {
            // SAFETY: AVX2 as above; `l` is a 32-byte aligned writable `Lane`.
            unsafe { _mm256_store_si256(l.0.as_mut_ptr().cast(), r) };
        }
        let mut out = [0u64; N];
        for (i, o) in out.iter_mut().enumerate() {
            if let Some(l) = lanes.get(i / 4) {
                *o = l.0[i % 4];
            }
        }
        out
    }
}

/// The AVX2 lookup loop with raw table addressing: the byte offset of chunk `k`'s
/// entry is one `rorx` and one `and` of the input word (entries are `32·B` bytes, a
/// power of two for B ≤ 2, so the scaling folds into the rotation), and two
/// accumulators halve the XOR dependency chain.
///
/// # Safety
/// The CPU must support AVX2 and BMI2; `B = ⌈N/4⌉`.
#[target_feature(enable = "avx2,bmi2")]
unsafe fn lookup_avx2<const N: usize, const W: usize, const B: usize>(
    table: &[Lane],
    bits: usize,
    a: &[u64; N],
) -> [u64; N] {
    // SAFETY: AVX2 and BMI2 are enabled here (this function's contract).
    unsafe { lookup_body::<N, W, B>(table, bits, a) }
}

/// The body of [`lookup_avx2`], always inlined (into the single-element and the batch
/// functions, both compiled for AVX2 and BMI2).
///
/// # Safety
/// Only to be called from functions compiled with AVX2 and BMI2 enabled, on a CPU
/// that has them; `B = ⌈N/4⌉`.
#[inline(always)]
unsafe fn lookup_body<const N: usize, const W: usize, const B: usize>(
    table: &[Lane],
    bits: usize,
    a: &[u64; N],
) -> [u64; N] {
    let per = super::chunks_per_word(W);
    let stride = 32 * B; // bytes per entry
    let word_bytes = (per << W) * stride;
    let mask = (1u64 << W) - 1;
    let in_words = bits.div_ceil(64).clamp(1, N);
    if table.len() * 32 < in_words * word_bytes {
        return lookup::<N, W, super::Words<N>>(table, bits, a);
    }
    let base: *const u8 = table.as_ptr().cast();
    let mut acc0 = [_mm256_setzero_si256(); B];
    let mut acc1 = [_mm256_setzero_si256(); B];
    // Byte offset of the entry of chunk k of x within its word's tables.
    let offset = |x: u64, k: usize| -> usize {
        if stride.is_power_of_two() {
            let sh = stride.trailing_zeros();
            let r = ((W * k) as u32).wrapping_sub(sh) & 63;
            // The last chunk of a word may be narrower (W ∤ 64): its mask must not
            // take the bits the rotation wraps around from the bottom of the word.
            let m = if W * k + W > 64 {
                (1u64 << (64 - W * k)) - 1
            } else {
                mask
            };
            (x.rotate_right(r) & (m << sh)) as usize
        } else {
            ((x >> (W * k)) & mask) as usize * stride
        }
    };
    // The entry at `p` into `acc`.
    #[inline(always)]
    unsafe fn add<const B: usize>(acc: &mut [__m256i; B], p: *const u8) {
        for (b, r) in acc.iter_mut().enumerate() {
            // SAFETY: `p` points at an entry inside `table` (see the callers), whose
            // lanes are 32-byte aligned; lane b < B of it is in bounds.
            *r = unsafe { _mm256_xor_si256(*r, _mm256_load_si256(p.add(32 * b).cast())) };
        }
    }
    // Every chunk of every input word, also those past `bits` in the last word (they
    // read the zero entry of their chunk): constant trip counts. Even chunks go into
    // acc0 and odd ones into acc1 by the loop's shape, not by a test on k: where LLVM
    // does not unroll the chunk loop (16 nibbles per word with two-lane entries, 283
    // bits and up), a test on k made it keep the accumulators in memory, a store and
    // reload per entry (nibble tables at 283,97,89,87,0: 109 ns a call, Zen 5).
    for (wi, &x) in a.iter().enumerate().take(in_words) {
        let word = base.add(wi * word_bytes);
        for k in (0..per).step_by(2) {
            // SAFETY: k < per and the offset is < 2^W·stride, so the entry lies in word
            // wi's tables, which are inside `table` (length checked above); the same
            // for k + 1 when it is < per.
            unsafe {
                add(&mut acc0, word.add((k << W) * stride + offset(x, k)));
                if k + 1 < per {
                    add(
                        &mut acc1,
                        word.add(((k + 1) << W) * stride + offset(x, k + 1)),
                    );
                }
            }
        }
    }
    let mut lanes = [Lane::default(); B];
    for ((l, r0), r1) in lanes.iter_mut().zip(acc0).zip(acc1) {
        // SAFETY: `l` is a 32-byte aligned writable lane.
        unsafe { _mm256_store_si256(l.0.as_mut_ptr().cast(), _mm256_xor_si256(r0, r1)) };
    }
    let mut out = [0u64; N];
    for (i, o) in out.iter_mut().enumerate() {
        if let Some(l) = lanes.get(i / 4) {
            *o = l.0[i % 4];
        }
    }
    out
}

/// # Safety
/// The CPU must support AVX2; `B = ⌈N/4⌉`.
#[target_feature(enable = "avx2")]
unsafe fn scan_avx2<const N: usize, const B: usize>(
    table: &[Lane],
    bits: usize,
    a: &[u64; N],
) -> [u64; N] {
    scan_ct::<N, Ymm<B>>(table, bits, a)
}

/// # Safety
/// The CPU must support AVX-512 F, BW and DQ.
#[target_feature(enable = "avx512f,avx512bw,avx512dq")]
unsafe fn mask_ct_avx512<const N: usize>(table: &[Lane], bits: usize, a: &[u64; N]) -> [u64; N] {
    // SAFETY: AVX-512 F/BW/DQ are enabled here (this function's contract).
    unsafe { mask_ct_body::<N>(table, bits, a) }
}

/// The body of [`mask_ct_avx512`], always inlined.
///
/// # Safety
/// Only to be called from functions compiled with AVX-512 F/BW/DQ, on a CPU that has
/// them.
#[inline(always)]
unsafe fn mask_ct_body<const N: usize>(table: &[Lane], bits: usize, a: &[u64; N]) -> [u64; N] {
    let mut acc = [_mm512_setzero_si512(); N];
    let bytes = bits.div_ceil(8).min(8 * N);
    for j in 0..bytes {
        let m: __mmask8 = ((a[j / 8] >> (8 * (j % 8))) & 0xff) as u8;
        let Some(rows) = table.get(j * N * 2..(j + 1) * N * 2) else {
            break;
        };
        for (r, pair) in acc.iter_mut().zip(rows.chunks_exact(2)) {
            // SAFETY: `pair` is two consecutive 32-byte aligned lanes of one slice: 64
            // readable bytes (unaligned load, so 32-byte alignment is enough).
            let row = _mm512_loadu_si512(pair.as_ptr().cast());
            *r = _mm512_mask_xor_epi64(*r, m, *r, row);
        }
    }
    let mut out = [0u64; N];
    for (o, r) in out.iter_mut().zip(acc) {
        let x = _mm256_xor_si256(_mm512_castsi512_si256(r), _mm512_extracti64x4_epi64::<1>(r));
        let y = _mm_xor_si128(_mm256_castsi256_si128(x), _mm256_extracti128_si256::<1>(x));
        *o = (_mm_cvtsi128_si64(y) ^ _mm_extract_epi64::<1>(y)) as u64;
    }
    out
}

/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
unsafe fn mask_ct_avx2<const N: usize>(table: &[Lane], bits: usize, a: &[u64; N]) -> [u64; N] {
    // SAFETY: AVX2 is enabled here (this function's contract).
    unsafe { mask_ct_avx2_body::<N>(table, bits, a) }
}

/// The masked-row loop over a batch, AVX2.
///
/// # Safety
/// The CPU must support AVX2.
#[target_feature(enable = "avx2")]
unsafe fn mask_ct_many_avx2<const N: usize>(
    table: &[Lane],
    bits: usize,
    a: &[[u64; N]],
    out: &mut [[u64; N]],
) {
    for (o, x) in out.iter_mut().zip(a) {
        // SAFETY: AVX2 is enabled here (this function's contract).
        *o = unsafe { mask_ct_avx2_body::<N>(table, bits, x) };
    }
}

/// The body of [`mask_ct_avx2`], always inlined: per input byte j the masks of rows
/// 8j…8j+3 and 8j+4…8j+7 as qwords (`vpcmpeqq` of the broadcast byte ANDed with the
/// row's bit against that bit: no branch, no address depends on the input), then per
/// output word the two ymm halves of the `MaskCt` row ANDed and XORed in.
///
/// # Safety
/// Only to be called from functions compiled with AVX2, on a CPU that has it.
#[inline(always)]
unsafe fn mask_ct_avx2_body<const N: usize>(table: &[Lane], bits: usize, a: &[u64; N]) -> [u64; N] {
    let mut acc = [_mm256_setzero_si256(); N];
    let bytes = bits.div_ceil(8).min(8 * N);
    let bits_lo = _mm256_set_epi64x(8, 4, 2, 1);
    let bits_hi = _mm256_set_epi64x(128, 64, 32, 16);
    for j in 0..bytes {
        let byte = _mm256_set1_epi64x(((a[j / 8] >> (8 * (j % 8))) & 0xff) as i64);
        let m_lo = _mm256_cmpeq_epi64(_mm256_and_si256(byte, bits_lo), bits_lo);
        let m_hi = _mm256_cmpeq_epi64(_mm256_and_si256(byte, bits_hi), bits_hi);
        let Some(rows) = table.get(j * N * 2..(j + 1) * N * 2) else {
            break;
        };
        for (r, pair) in acc.iter_mut().zip(rows.chunks_exact(2)) {
            // SAFETY: `pair` holds two 32-byte aligned lanes, each a valid aligned
            // 256-bit load.
            let (lo, hi) = unsafe {
                (
                    _mm256_load_si256(pair[0].0.as_ptr().cast()),
                    _mm256_load_si256(pair[1].0.as_ptr().cast()),
                )
            };
            let both = _mm256_xor_si256(_mm256_and_si256(lo, m_lo), _mm256_and_si256(hi, m_hi));
            *r = _mm256_xor_si256(*r, both);
        }
    }
    let mut out = [0u64; N];
    for (o, r) in out.iter_mut().zip(acc) {
        let y = _mm_xor_si128(_mm256_castsi256_si128(r), _mm256_extracti128_si256::<1>(r));
        *o = (_mm_cvtsi128_si64(y) ^ _mm_extract_epi64::<1>(y)) as u64;
    }
    out
}
