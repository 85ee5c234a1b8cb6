//! Kernels of [`BlockMatrix`](super::BlockMatrix): the portable one (every CPU, the
//! oracle) and the dispatch to the AVX-512 + GFNI one in [`x86_64`].
//!
//! Source: see [`super`]; the portable kernel applies every block to its input byte with
//! the definition of GF2P8AFFINEQB (bit i of the result = parity of byte 7 − i of the
//! matrix AND the input byte). Cost: portable J·8N byte products of 8 parities each per
//! element (slow: an oracle and a fallback, the fields use table maps without GFNI).
//! Constant-time: yes (every block is read, no branch on the input).

use super::Block;

#[cfg(target_arch = "x86_64")]
pub mod x86_64;

/// The evaluation kernel of a block matrix, chosen once when it is built.
#[derive(Clone, Copy, Debug)]
pub enum Kernel {
    /// Plain Rust.
    Portable,
    /// AVX-512 F/BW/VBMI + GFNI (holds the proof that the CPU has them).
    #[cfg(target_arch = "x86_64")]
    Gfni(x86_64::Gfni),
}

impl Kernel {
    /// The fastest kernel of this CPU (features detected by the standard library once
    /// and cached).
    pub fn detect() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        {
            if let Some(t) = x86_64::Gfni::detect() {
                return Kernel::Gfni(t);
            }
        }
        Kernel::Portable
    }

    /// `"portable"` or `"avx512-gfni"`.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            Kernel::Gfni(_) => "avx512-gfni",
        }
    }
}

/// GF2P8AFFINEQB on one byte: bit i of the result is the parity of byte 7 − i of `m`
/// AND `x`.
#[inline(always)]
pub fn affine_byte(m: u64, x: u8) -> u8 {
    let mut r = 0u8;
    for i in 0..8 {
        let row = (m >> (8 * (7 - i))) as u8;
        r |= (((row & x).count_ones() & 1) as u8) << i;
    }
    r
}

/// The portable evaluation of one element: every block applied to its input byte.
pub fn apply_portable<const N: usize>(blocks: &[Block], in_bytes: usize, a: &[u64; N]) -> [u64; N] {
    let mut out = [0u64; N];
    for j in 0..in_bytes.min(8 * N) {
        let x = (a[j / 8] >> (8 * (j % 8))) as u8;
        for (g, o) in out.iter_mut().enumerate() {
            if let Some(b) = blocks.get(j * N + g) {
                for (q, &m) in b.0.iter().enumerate() {
                    *o ^= (affine_byte(m, x) as u64) << (8 * q);
                }
            }
        }
    }
    out
}

/// `out[i] = M·a[i]` for `i < min(a.len(), out.len())` with `kernel`.
pub fn apply_many<const N: usize>(
    kernel: Kernel,
    blocks: &[Block],
    in_bytes: usize,
    a: &[[u64; N]],
    out: &mut [[u64; N]],
) {
    match kernel {
        #[cfg(target_arch = "x86_64")]
        Kernel::Gfni(t) => t.apply_many(blocks, in_bytes, a, out),
        Kernel::Portable => {
            for (o, x) in out.iter_mut().zip(a) {
                *o = apply_portable(blocks, in_bytes, x);
            }
        }
    }
}
