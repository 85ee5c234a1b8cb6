//! AVX-512 + GFNI kernel of [`BlockMatrix`](crate::binary::block_matrix::BlockMatrix):
//! eight elements per step, one GF2P8AFFINEQB per 8×8 block and output word.
//!
//! Source: Intel SDM (GF2P8AFFINEQB, VPERMB, VPERMT2Q, VPTERNLOGQ, VPBROADCASTQ); the
//! algorithm is in [`super::super`]. Per step of eight elements: N loads, the qword
//! transpose (⌈N/2⌉ VPERMT2Q + masked moves per word), N VPERMB byte transposes and
//! stores; then per input byte j one broadcast and per output word g one
//! GF2P8AFFINEQB with the block as memory operand, two products folded into the
//! accumulator by one VPTERNLOGQ; then the same transposes backwards.
//! Constant-time: yes (addresses and branches depend on the batch length only).
//! Detection: `is_x86_feature_detected!` (cached by the standard library); the token
//! [`Gfni`] can only be made after a positive check.
#![allow(unsafe_code)]

use super::super::Block;
use super::apply_portable;
use core::arch::x86_64::*;

/// Proof that the CPU has AVX-512 F/BW/VBMI and GFNI (only made by [`Gfni::detect`]).
#[derive(Clone, Copy, Debug)]
pub struct Gfni {
    _private: (),
}

/// The largest word count the kernel handles (beyond it, the portable loop).
const MAX_WORDS: usize = 16;

/// VPERMB index of the 8×8 byte transpose of a zmm (as 8 lanes × 8 bytes): result byte
/// 8b + e is source byte 8e + b. It is its own inverse.
const BYTE_TRANSPOSE: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = ((i % 8) * 8 + i / 8) as u8;
        i += 1;
    }
    t
};

impl Gfni {
    /// `Some` iff this CPU has AVX-512 F, BW, VBMI and GFNI.
    pub fn detect() -> Option<Gfni> {
        (std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512bw")
            && std::is_x86_feature_detected!("avx512vbmi")
            && std::is_x86_feature_detected!("gfni"))
        .then_some(Gfni { _private: () })
    }

    /// `out[i] = M·a[i]` for `i < min(a.len(), out.len())`.
    pub fn apply_many<const N: usize>(
        self,
        blocks: &[Block],
        in_bytes: usize,
        a: &[[u64; N]],
        out: &mut [[u64; N]],
    ) {
        if N == 0 || N > MAX_WORDS || in_bytes > 8 * N || blocks.len() < in_bytes * N {
            for (o, x) in out.iter_mut().zip(a) {
                *o = apply_portable(blocks, in_bytes, x);
            }
            return;
        }
        // SAFETY: `self` exists only if the CPU has the features `many` is compiled
        // for; the block count was checked just above.
        unsafe { many::<N>(blocks, in_bytes, a, out) }
    }
}

/// The batch loop: full steps of eight in place, the tail through a zero-padded copy.
///
/// # Safety
/// The CPU must support AVX-512 F/BW/VBMI and GFNI; `blocks.len() ≥ in_bytes·N`,
/// `in_bytes ≤ 8N`.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi,gfni")]
unsafe fn many<const N: usize>(
    blocks: &[Block],
    in_bytes: usize,
    a: &[[u64; N]],
    out: &mut [[u64; N]],
) {
    let n = a.len().min(out.len());
    let (a, out) = (&a[..n], &mut out[..n]);
    let mut src = a.chunks_exact(8);
    let mut dst = out.chunks_exact_mut(8);
    for (x, o) in (&mut src).zip(&mut dst) {
        // SAFETY: features as per this function's contract; `x` and `o` are eight
        // contiguous `[u64; N]`, i.e. 8N readable / writable u64; the blocks as
        // checked by the caller.
        unsafe { eight::<N>(blocks, in_bytes, x.as_ptr().cast(), o.as_mut_ptr().cast()) };
    }
    let (xs, os) = (src.remainder(), dst.into_remainder());
    if !xs.is_empty() {
        let mut tin = [[0u64; N]; 8];
        let mut tout = [[0u64; N]; 8];
        tin[..xs.len()].copy_from_slice(xs);
        // SAFETY: as above, on the 8-element stack copies.
        unsafe {
            eight::<N>(
                blocks,
                in_bytes,
                tin.as_ptr().cast(),
                tout.as_mut_ptr().cast(),
            )
        };
        os.copy_from_slice(&tout[..os.len()]);
    }
}

/// The qword permutations of the transposes, as VPERMT2Q indices and masks per target
/// register t and source register pair p: lane e of target t is qword `src(t, e)` of
/// the concatenated sources, taken from pair p = src / 16 at index src mod 16.
struct Perm<const N: usize>;

/// `(indices, masks)` of a transpose (see [`Perm`]).
type PermTables<const N: usize> = ([[[i64; 8]; N]; N], [[u8; N]; N]);

impl<const N: usize> Perm<N> {
    /// In: target w lane e = word w of element e = flat qword N·e + w.
    const IN: PermTables<N> = perm_tables::<N>(false);
    /// Out: target r lane l = flat qword f = 8r + l = word f mod N of element ⌊f/N⌋,
    /// which is lane ⌊f/N⌋ of source register f mod N.
    const OUT: PermTables<N> = perm_tables::<N>(true);
}

const fn perm_tables<const N: usize>(out: bool) -> PermTables<N> {
    let mut idx = [[[0i64; 8]; N]; N];
    let mut mask = [[0u8; N]; N];
    let mut t = 0;
    while t < N {
        let mut e = 0;
        while e < 8 {
            let s = if out {
                let f = 8 * t + e;
                8 * (f % N) + f / N
            } else {
                N * e + t
            };
            // s < 8N, so the pair s / 16 < ⌈N/2⌉ ≤ N.
            idx[t][s / 16][e] = (s % 16) as i64;
            mask[t][s / 16] |= 1 << e;
            e += 1;
        }
        t += 1;
    }
    (idx, mask)
}

/// One target register of a transpose: for every source pair p with a nonzero mask,
/// one VPERMT2Q and one masked move.
///
/// # Safety
/// Only to be called from functions compiled with AVX-512 F.
#[inline(always)]
unsafe fn gather<const N: usize>(
    regs: &[__m512i; N],
    idx: &[[i64; 8]; N],
    mask: &[u8; N],
) -> __m512i {
    let mut z = _mm512_setzero_si512();
    for p in 0..N.div_ceil(2) {
        let m = mask[p];
        if m == 0 {
            continue;
        }
        let lo = regs[2 * p];
        let hi = regs[(2 * p + 1).min(N - 1)];
        // SAFETY: `idx[p]` is 64 readable bytes (unaligned load).
        let v = unsafe {
            _mm512_permutex2var_epi64(lo, _mm512_loadu_si512(idx[p].as_ptr().cast()), hi)
        };
        z = if m == 0xff {
            v
        } else {
            _mm512_mask_mov_epi64(z, m, v)
        };
    }
    z
}

/// Eight elements: `dst` element e = M·(`src` element e).
///
/// # Safety
/// Only to be called from functions compiled with AVX-512 F/BW/VBMI and GFNI on a CPU
/// that has them; `src` readable and `dst` writable for 8N u64; `blocks.len() ≥
/// in_bytes·N`, `in_bytes ≤ 8N`.
#[inline(always)]
unsafe fn eight<const N: usize>(blocks: &[Block], in_bytes: usize, src: *const u64, dst: *mut u64) {
    // SAFETY (whole body): features as per the contract; every pointer access is
    // within the bounds stated there (see the comments).
    unsafe {
        let bt = _mm512_loadu_si512(BYTE_TRANSPOSE.as_ptr().cast());
        let mut flat = [_mm512_setzero_si512(); N];
        for (r, v) in flat.iter_mut().enumerate() {
            // qwords 8r..8r+8 < 8N of `src`.
            *v = _mm512_loadu_si512(src.add(8 * r).cast());
        }
        // x[w] lane b, byte e = byte b of word w of element e, i.e. qword j = 8w + b
        // of `x` holds input byte j of the eight elements.
        let mut x = [Block::default(); N];
        for (w, xw) in x.iter_mut().enumerate() {
            let words = gather::<N>(&flat, &Perm::<N>::IN.0[w], &Perm::<N>::IN.1[w]);
            let t = _mm512_permutexvar_epi8(bt, words);
            _mm512_store_si512(xw.0.as_mut_ptr().cast(), t);
        }
        let xq: *const u64 = x.as_ptr().cast();
        let bp: *const Block = blocks.as_ptr();
        let mut acc = [_mm512_setzero_si512(); N];
        let mut j = 0;
        while j + 1 < in_bytes {
            // j + 1 < in_bytes ≤ 8N: inside `x`; blocks (j + 1)·N + g < in_bytes·N.
            let x0 = _mm512_set1_epi64(*xq.add(j) as i64);
            let x1 = _mm512_set1_epi64(*xq.add(j + 1) as i64);
            let b0 = bp.add(j * N);
            let b1 = bp.add((j + 1) * N);
            for (g, r) in acc.iter_mut().enumerate() {
                let p0 =
                    _mm512_gf2p8affine_epi64_epi8::<0>(x0, _mm512_load_si512(b0.add(g).cast()));
                let p1 =
                    _mm512_gf2p8affine_epi64_epi8::<0>(x1, _mm512_load_si512(b1.add(g).cast()));
                *r = _mm512_ternarylogic_epi64::<0x96>(*r, p0, p1);
            }
            j += 2;
        }
        if j < in_bytes {
            let x0 = _mm512_set1_epi64(*xq.add(j) as i64);
            let b0 = bp.add(j * N);
            for (g, r) in acc.iter_mut().enumerate() {
                let p0 =
                    _mm512_gf2p8affine_epi64_epi8::<0>(x0, _mm512_load_si512(b0.add(g).cast()));
                *r = _mm512_xor_si512(*r, p0);
            }
        }
        // acc[g] lane q, byte e = output byte 8g + q of element e: transpose back to
        // y[g] lane e = output word g of element e, then to the flat layout.
        let mut y = [_mm512_setzero_si512(); N];
        for (yg, r) in y.iter_mut().zip(acc) {
            *yg = _mm512_permutexvar_epi8(bt, r);
        }
        for r in 0..N {
            let v = gather::<N>(&y, &Perm::<N>::OUT.0[r], &Perm::<N>::OUT.1[r]);
            // qwords 8r..8r+8 < 8N of `dst`.
            _mm512_storeu_si512(dst.add(8 * r).cast(), v);
        }
    }
}
