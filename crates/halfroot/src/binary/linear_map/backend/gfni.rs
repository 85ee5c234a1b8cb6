//! The x86-64 kernel of [`AffineMap`](crate::binary::linear_map::affine::AffineMap):
//! eight elements per pass with `VGF2P8AFFINEQB zmm`.
//!
//! Source: Intel SDM (VGF2P8AFFINEQB, VPERMB, VPERMQ with opmask); the block method
//! of [`affine`](crate::binary::linear_map::affine). Per pass: the eight elements are
//! loaded as N zmm, word w of every element is collected into one zmm by masked
//! `vpermq` (lane e = element e) and its bytes transposed
//! with one `vpermb` (lane b = byte b of every element: the byte planes `8w + b`);
//! for every input byte j the plane is broadcast and, for every output word c, one
//! affine product with the eight matrices `A_{8c+g, j}` is XORed into accumulator c
//! (lane g = output byte `8c + g` of every element); one `vpermb` per output word
//! transposes back and N² masked `vpermq` restore the elements' order for N stores.
//! Cost: `⌈d/8⌉·N` affine products + XORs per eight elements; with the parity of
//! each element AND a mask (the trace test of the solver), N three-way logic
//! operations, 3 shifts, one affine byte parity and one mask test more; with one
//! output byte split off as a flag (the solver's trace row), one store of an
//! accumulator and a few scalar operations per eight elements (the byte is cleared by
//! the zero-mask of the transpose), and the eight flags written as one 8-byte store.
//! Constant-time: yes (addresses depend only on the sizes).
//! Detection: [`crate::cpu`] (detected once, restricted by `HALFROOT_CPU`); the token
//! [`Gfni512`] can only be made after a positive check.
#![allow(unsafe_code)]

use crate::binary::linear_map::affine::Block;
use core::arch::x86_64::*;

/// Proof that the CPU has AVX-512 F/BW, AVX-512 VBMI and GFNI (only made by
/// [`Gfni512::detect`]).
#[derive(Clone, Copy, Debug)]
pub struct Gfni512 {
    _private: (),
}

impl Gfni512 {
    /// `Some` iff this CPU has AVX-512 F/BW, AVX-512 VBMI and GFNI.
    pub fn detect() -> Option<Gfni512> {
        use crate::cpu::{has_all, Feature};
        has_all(&[
            Feature::Avx512f,
            Feature::Avx512bw,
            Feature::Avx512vbmi,
            Feature::Gfni,
        ])
        .then_some(Gfni512 { _private: () })
    }

    /// `out[i] = L(a[i])` for `i < min(a.len(), out.len())`, `L` given by `blocks`
    /// (`⌈bits/8⌉·N` blocks, laid out as in `AffineMap`); a short table leaves the
    /// outputs untouched.
    pub fn apply_many<const N: usize>(
        self,
        blocks: &[Block],
        bits: usize,
        a: &[[u64; N]],
        out: &mut [[u64; N]],
    ) {
        let in_bytes = bits.div_ceil(8).min(8 * N);
        if blocks.len() < in_bytes * N || N == 0 {
            return;
        }
        // SAFETY: `self` exists only if the CPU has the features `apply_many_gfni` is
        // compiled for; the table length was checked above.
        unsafe { apply_many_gfni::<N, PLAIN>(blocks, in_bytes, a, out, &[0; N], 0, &mut []) }
    }

    /// As [`Gfni512::apply_many`], and `parity[i]` = the parity of `a[i] AND mask`
    /// (for a trace vector as `mask`: `Tr(a[i])`), computed from the words the pass
    /// loads anyway: one three-way logic operation per word and eight more per eight
    /// elements. `mask` must have no bit at position ≥ `bits`. A short table leaves
    /// the outputs untouched; `parity` shorter than `a` is filled as far as it goes.
    pub fn apply_many_with_parity<const N: usize>(
        self,
        blocks: &[Block],
        bits: usize,
        a: &[[u64; N]],
        out: &mut [[u64; N]],
        mask: &[u64; N],
        parity: &mut [bool],
    ) {
        let in_bytes = bits.div_ceil(8).min(8 * N);
        if blocks.len() < in_bytes * N || N == 0 {
            return;
        }
        // SAFETY: as in `apply_many`.
        unsafe { apply_many_gfni::<N, PARITY>(blocks, in_bytes, a, out, mask, 0, parity) }
    }

    /// As [`Gfni512::apply_many`], then output byte `byte` is split off as a flag:
    /// `zero[i]` = whether bit 0 of that byte of `L(a[i])` is 0, and `out[i]` has the
    /// whole byte cleared. No extra affine product: the flag is one more row of the
    /// blocks (for the solver, the trace in the byte above the half-trace's). Costs
    /// one store of the accumulator and a few scalar operations per eight elements;
    /// the byte is cleared by the zero-masking of the transposition that runs anyway.
    /// `byte` must be below `8·N` (else the outputs are left untouched); `zero` shorter
    /// than `a` is filled as far as it goes.
    pub fn apply_many_split_byte<const N: usize>(
        self,
        blocks: &[Block],
        bits: usize,
        a: &[[u64; N]],
        out: &mut [[u64; N]],
        byte: usize,
        zero: &mut [bool],
    ) {
        let in_bytes = bits.div_ceil(8).min(8 * N);
        if blocks.len() < in_bytes * N || N == 0 || byte >= 8 * N {
            return;
        }
        // SAFETY: as in `apply_many`; `byte < 8·N` was checked above.
        unsafe { apply_many_gfni::<N, SPLIT_BYTE>(blocks, in_bytes, a, out, &[0; N], byte, zero) }
    }
}

/// [`apply_many_gfni`] modes: the map only; with the parities of the inputs AND a
/// mask; with one output byte split off as a flag.
const PLAIN: u8 = 0;
const PARITY: u8 = 1;
const SPLIT_BYTE: u8 = 2;

/// `vpermb` index of the 8×8 byte transpose: lane b, byte e ← lane e, byte b.
const fn transpose_index() -> [u8; 64] {
    let mut idx = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        idx[i] = ((i % 8) * 8 + i / 8) as u8;
        i += 1;
    }
    idx
}

/// 64-byte aligned storage for one zmm.
#[repr(C, align(64))]
#[derive(Clone, Copy)]
struct Zmm([u64; 8]);

/// Byte e of a word set to 1: eight `bool`s `true`.
const ONES: u64 = 0x0101_0101_0101_0101;

/// The batch loop (see the module docs). `MODE` [`PARITY`]: also the parities of
/// `a[i] AND mask` into `flags[i]`; [`SPLIT_BYTE`]: `flags[i]` = whether bit 0 of
/// output byte `byte` is 0, and that byte cleared (flags as far as `flags` goes).
///
/// # Safety
/// The CPU must support AVX-512 F/BW, AVX-512 VBMI and GFNI; `blocks` holds at least
/// `in_bytes·N` blocks, `in_bytes ≤ 8N`, and in mode [`SPLIT_BYTE`] `byte < 8·N`.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni")]
unsafe fn apply_many_gfni<const N: usize, const MODE: u8>(
    blocks: &[Block],
    in_bytes: usize,
    a: &[[u64; N]],
    out: &mut [[u64; N]],
    mask: &[u64; N],
    byte: usize,
    flags: &mut [bool],
) {
    let len = a.len().min(out.len());
    let in_words = in_bytes.div_ceil(8);
    let tr = transpose_index();
    // SAFETY (whole body): the features are enabled (this function's contract); every
    // pointer below is derived from a live slice or local array and stays in bounds
    // as argued at each use.
    let tr = unsafe { _mm512_loadu_si512(tr.as_ptr().cast()) };
    let sh = Shuffles::<N>::new();
    let masks: [__m512i; N] = core::array::from_fn(|w| _mm512_set1_epi64(mask[w] as i64));
    // SPLIT_BYTE: output byte 8c + g is lane g of accumulator c; after the transpose
    // it is byte g of every lane, which the transpose's zero-mask clears.
    let split = Split {
        word: byte / 8,
        lane: byte % 8,
    };
    let keep: [__mmask64; N] = core::array::from_fn(|c| {
        if MODE == SPLIT_BYTE && c == split.word {
            !(ONES << split.lane)
        } else {
            !0
        }
    });
    let mut planes = [Zmm([0; 8]); N];
    let mut full = 0;
    while full + 8 <= len {
        // SAFETY: elements full..full+8 exist in `a` and `out`: 8·N words each from
        // `a[full]` and `out[full]`.
        let got = unsafe {
            pass::<N, MODE>(
                blocks,
                in_bytes,
                in_words,
                tr,
                &sh,
                &masks,
                &split,
                &keep,
                a[full..].as_ptr().cast(),
                &mut planes,
                out[full..].as_mut_ptr().cast(),
            )
        };
        if MODE != PLAIN {
            if let Some(f) = flags.get_mut(full..full + 8) {
                // SAFETY: `f` is eight bools; every byte of `got` is 0 or 1 (a valid
                // bool), written as one unaligned 8-byte store.
                unsafe { f.as_mut_ptr().cast::<u64>().write_unaligned(got.to_le()) };
            } else {
                put(flags, full, 8, got);
            }
        }
        full += 8;
    }
    if full < len {
        let mut pad_in = [[0u64; N]; 8];
        let mut pad_out = [[0u64; N]; 8];
        pad_in[..len - full].copy_from_slice(&a[full..len]);
        // SAFETY: the padded arrays hold eight elements.
        let got = unsafe {
            pass::<N, MODE>(
                blocks,
                in_bytes,
                in_words,
                tr,
                &sh,
                &masks,
                &split,
                &keep,
                pad_in.as_ptr().cast(),
                &mut planes,
                pad_out.as_mut_ptr().cast(),
            )
        };
        out[full..len].copy_from_slice(&pad_out[..len - full]);
        if MODE != PLAIN {
            put(flags, full, len - full, got);
        }
    }
}

/// Writes `count` flags of a pass (byte e of `bytes`, 0 or 1 = element e) from
/// `flags[at]` on, as far as `flags` goes.
fn put(flags: &mut [bool], at: usize, count: usize, bytes: u64) {
    let bytes = bytes.to_le_bytes();
    for (p, &b) in flags.iter_mut().skip(at).take(count).zip(bytes.iter()) {
        *p = b != 0;
    }
}

/// Bit e of `bits` as byte e (0 or 1) of the result.
#[inline(always)]
fn spread_bits(bits: u8) -> u64 {
    let mut r = 0u64;
    for e in 0..8 {
        r |= (((bits >> e) & 1) as u64) << (8 * e);
    }
    r
}

/// Where [`SPLIT_BYTE`] finds its byte: lane `lane` of accumulator `word`.
struct Split {
    word: usize,
    lane: usize,
}

/// The GFNI matrix whose product puts the parity of a byte in its bit 0 (row 0 all
/// ones, the other rows zero; row r is byte 7 − r).
const PARITY_MATRIX: i64 = 0xFF << 56;

/// One pass over eight elements at `src` (8·N words) into `dst` (8·N words). Returns
/// byte e (0 or 1) = in mode [`PARITY`] the parity of element e AND `masks`, in mode
/// [`SPLIT_BYTE`] whether bit 0 of the split byte of output e is 0; else 0.
///
/// # Safety
/// As [`apply_many_gfni`]; `src` and `dst` point at 8·N readable / writable words.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
unsafe fn pass<const N: usize, const MODE: u8>(
    blocks: &[Block],
    in_bytes: usize,
    in_words: usize,
    tr: __m512i,
    sh: &Shuffles<N>,
    masks: &[__m512i; N],
    split: &Split,
    keep: &[__mmask64; N],
    src: *const u64,
    planes: &mut [Zmm; N],
    dst: *mut u64,
) -> u64 {
    // SAFETY (whole body): see the contract; the loads and stores cover exactly the
    // 8·N words at `src` and `dst`.
    unsafe {
        // The eight elements as N zmm (AoS), then word w of every element in lane e.
        let mut z = [_mm512_setzero_si512(); N];
        for (k, r) in z.iter_mut().enumerate() {
            *r = _mm512_loadu_si512(src.add(8 * k).cast());
        }
        // Lane e: element e's words AND the mask, XORed (with PARITY).
        let mut masked = _mm512_setzero_si512();
        for (w, plane) in planes.iter_mut().enumerate().take(in_words) {
            let mut words = _mm512_setzero_si512();
            for (k, zk) in z.iter().enumerate() {
                let m = sh.in_mask[w][k];
                if m != 0 {
                    words = _mm512_mask_permutexvar_epi64(words, m, sh.in_idx[w], *zk);
                }
            }
            if MODE == PARITY {
                // masked ^ (words & mask)
                masked = _mm512_ternarylogic_epi64::<0x78>(masked, words, masks[w]);
            }
            _mm512_store_si512(
                plane.0.as_mut_ptr().cast(),
                _mm512_permutexvar_epi8(tr, words),
            );
        }
        let mut flags = 0u64;
        if MODE == PARITY {
            // Fold each lane to its low byte, then that byte's parity into bit 0.
            let mut x = masked;
            x = _mm512_xor_si512(x, _mm512_srli_epi64::<32>(x));
            x = _mm512_xor_si512(x, _mm512_srli_epi64::<16>(x));
            x = _mm512_xor_si512(x, _mm512_srli_epi64::<8>(x));
            x = _mm512_gf2p8affine_epi64_epi8::<0>(x, _mm512_set1_epi64(PARITY_MATRIX));
            flags = spread_bits(_mm512_test_epi64_mask(x, _mm512_set1_epi64(1)));
        }
        let mut acc = [_mm512_setzero_si512(); N];
        let base = blocks.as_ptr();
        // Block j·N + c < in_bytes·N ≤ blocks.len(): in bounds, 64-byte aligned.
        let product = |x: __m512i, j: usize, c: usize| {
            _mm512_gf2p8affine_epi64_epi8::<0>(x, _mm512_load_si512(base.add(j * N + c).cast()))
        };
        // Plane j: byte j of the eight elements (lane j mod 8 of planes[j / 8]),
        // broadcast to every lane. Whole plane words first, their eight bytes unrolled
        // (constant offsets: no loop counter or address arithmetic between products),
        // two input bytes per step, both products folded in by one three-way XOR.
        let full_words = in_bytes / 8;
        for (w, plane) in planes.iter().enumerate().take(full_words) {
            for b in [0usize, 2, 4, 6] {
                let (j, x0, x1) = (
                    8 * w + b,
                    _mm512_set1_epi64(plane.0[b] as i64),
                    _mm512_set1_epi64(plane.0[b + 1] as i64),
                );
                for (c, r) in acc.iter_mut().enumerate() {
                    *r = _mm512_ternarylogic_epi64::<0x96>(
                        *r,
                        product(x0, j, c),
                        product(x1, j + 1, c),
                    );
                }
            }
        }
        let plane = |j: usize| _mm512_set1_epi64(planes[j / 8].0[j % 8] as i64);
        let mut j = 8 * full_words;
        while j + 2 <= in_bytes {
            let (x0, x1) = (plane(j), plane(j + 1));
            for (c, r) in acc.iter_mut().enumerate() {
                *r =
                    _mm512_ternarylogic_epi64::<0x96>(*r, product(x0, j, c), product(x1, j + 1, c));
            }
            j += 2;
        }
        if j < in_bytes {
            let x = plane(j);
            for (c, r) in acc.iter_mut().enumerate() {
                *r = _mm512_xor_si512(*r, product(x, j, c));
            }
        }
        if MODE == SPLIT_BYTE {
            // Lane g of acc[c], byte e: output byte 8c + g of element e. The split
            // lane's eight bytes, bit 0 of each, negated (a loop rather than indexing
            // by `split.word`, which would keep `acc` in memory).
            let mut spill = Zmm([0; 8]);
            for (c, r) in acc.iter().enumerate() {
                if c == split.word {
                    _mm512_store_si512(spill.0.as_mut_ptr().cast(), *r);
                }
            }
            flags = !spill.0[split.lane] & ONES;
        }
        // Lane g of acc[c] holds output byte 8c + g of every element; transpose so
        // lane e holds output word c of element e (zeroing the split byte), then
        // interleave the N words back into the elements' order (N stores).
        for (r, &k) in acc.iter_mut().zip(keep.iter()) {
            *r = _mm512_maskz_permutexvar_epi8(k, tr, *r);
        }
        for k in 0..N {
            let mut o = _mm512_setzero_si512();
            for (c, r) in acc.iter().enumerate() {
                let m = sh.out_mask[k][c];
                if m != 0 {
                    o = _mm512_mask_permutexvar_epi64(o, m, sh.out_idx[k], *r);
                }
            }
            _mm512_storeu_si512(dst.add(8 * k).cast(), o);
        }
        flags
    }
}

/// The lane shuffles between eight elements of N words in memory order (N zmm, qword
/// `t` = word `t mod N` of element `t / N`) and N "word registers" (register w, lane
/// e = word w of element e).
struct Shuffles<const N: usize> {
    /// Word register w, lanes taken from loaded zmm k: mask and source lanes.
    in_mask: [[u8; N]; N],
    in_idx: [__m512i; N],
    /// Stored zmm k, lanes taken from word register c: mask and source lanes.
    out_mask: [[u8; N]; N],
    out_idx: [__m512i; N],
}

impl<const N: usize> Shuffles<N> {
    #[inline(always)]
    fn new() -> Self {
        let mut in_mask = [[0u8; N]; N];
        let mut out_mask = [[0u8; N]; N];
        let mut in_lanes = [[0i64; 8]; N];
        let mut out_lanes = [[0i64; 8]; N];
        for (w, (masks, lanes)) in in_mask.iter_mut().zip(in_lanes.iter_mut()).enumerate() {
            for (e, lane) in lanes.iter_mut().enumerate() {
                let t = e * N + w;
                masks[t / 8] |= 1 << e;
                *lane = (t % 8) as i64;
            }
        }
        for (k, lanes) in out_lanes.iter_mut().enumerate() {
            for (q, lane) in lanes.iter_mut().enumerate() {
                let t = 8 * k + q;
                out_mask[k][t % N] |= 1 << q;
                *lane = (t / N) as i64;
            }
        }
        let v = |l: &[i64; 8]| {
            // SAFETY: AVX-512 F is enabled in every caller (`apply_many_gfni`).
            unsafe { _mm512_loadu_si512(l.as_ptr().cast()) }
        };
        Shuffles {
            in_mask,
            in_idx: core::array::from_fn(|w| v(&in_lanes[w])),
            out_mask,
            out_idx: core::array::from_fn(|k| v(&out_lanes[k])),
        }
    }
}
