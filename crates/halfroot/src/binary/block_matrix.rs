//! F_2-linear maps stored as 8×8 bit blocks and evaluated eight elements at a time with
//! the GFNI instruction GF2P8AFFINEQB: [`BlockMatrix`], the batch engine of half-traces,
//! quadratic solving and square roots on CPUs with GFNI and AVX-512.
//!
//! Source: Intel SDM, GF2P8AFFINEQB (one 8×8 bit matrix per 64-bit lane applied to each
//! of the lane's eight bytes) and VPERMB; the block decomposition of a GF(2)
//! matrix–vector product (the bit-sliced "transpose, then one instruction per block"
//! evaluation of linear layers, e.g. in GFNI implementations of block-cipher linear
//! layers).
//!
//! Layout. The map M, from `bits` input bits to 64·N output bits, is cut into 8×8 blocks
//! M_{o,j} (output byte o, input byte j). The table holds, for every input byte j and
//! output word g, one 64-byte block whose 64-bit lane q is the GFNI encoding of
//! M_{8g+q, j}: byte 7 − i of the lane is row i of the block (bit k of it is
//! M\[8(8g+q) + i\]\[8j + k\]), so that GF2P8AFFINEQB maps a byte x to M_{8g+q,j}·x.
//! J·N blocks for J = ⌈bits/8⌉: 3.9 KiB at 163 bits, 7.5 KiB at 233, 41 KiB at 571.
//!
//! Evaluation of eight elements e = 0..7: transpose them so that one 64-bit word X_j
//! holds byte j of all eight (byte e of X_j = byte j of element e: qword permutes and
//! one VPERMB byte transpose per input word); then for every input byte j and output
//! word g, `acc_g ^= GF2P8AFFINEQB(broadcast X_j, block(j, g))`. Lane q of `acc_g`
//! collects output byte 8g + q of all eight elements: `acc_g` is output word g
//! transposed, and the same byte transpose and qword permutes bring it back.
//!
//! Cost per eight elements: J·N affine products, J·N/2 three-input XORs (VPTERNLOGQ), J
//! broadcasts and O(N²) permutes — at 163 bits 63 + 32 + 21, at 233 bits 120 + 60 + 30;
//! the table is read once per eight elements and stays in L1.
//! Constant-time: yes (no address or branch depends on the input, only on the batch
//! length). Preconditions: inputs have no bit at position ≥ `bits` (such bits are
//! ignored: their columns are zero).
//! Kernels ([`backend`]): AVX-512 F/BW/VBMI + GFNI, and portable Rust (every CPU; byte
//! by byte through the same blocks, the oracle of the `*_matches_portable` tests).

pub mod backend;

use crate::error::Result;

/// A 512-bit, 64-byte aligned block: eight 8×8 bit matrices, one per 64-bit lane.
#[repr(C, align(64))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Block(pub [u64; 8]);

/// An F_2-linear map from `bits`-bit vectors to `[u64; N]` as GFNI 8×8 blocks.
///
/// ```
/// use halfroot::binary::block_matrix::BlockMatrix;
/// // The map swapping bit k and bit 9 − k of 10-bit vectors.
/// let cols: Vec<[u64; 1]> = (0..10).map(|k| [1u64 << (9 - k)]).collect();
/// let m = BlockMatrix::<1>::new(&cols);
/// let mut out = [[0u64; 1]; 2];
/// m.apply_many(&[[0b11], [1 << 9]], &mut out).unwrap();
/// assert_eq!(out, [[0b11 << 8], [1]]);
/// ```
#[derive(Clone, Debug)]
pub struct BlockMatrix<const N: usize> {
    bits: usize,
    in_bytes: usize,
    /// Block (j, g) at index j·N + g.
    blocks: Vec<Block>,
    kernel: backend::Kernel,
}

impl<const N: usize> BlockMatrix<N> {
    /// The map with `columns[k]` = image of `x^k` (bit `k`), `k < columns.len()`
    /// (at most 64·N columns are used), evaluated by the fastest kernel of this CPU.
    pub fn new(columns: &[[u64; N]]) -> Self {
        Self::with_kernel(columns, backend::Kernel::detect())
    }

    /// As [`BlockMatrix::new`], evaluated by the portable kernel whatever the CPU.
    pub fn new_portable(columns: &[[u64; N]]) -> Self {
        Self::with_kernel(columns, backend::Kernel::Portable)
    }

    fn with_kernel(columns: &[[u64; N]], kernel: backend::Kernel) -> Self {
        let bits = columns.len().min(64 * N);
        let in_bytes = bits.div_ceil(8);
        let mut blocks = vec![Block::default(); in_bytes * N];
        for (k, col) in columns.iter().enumerate().take(bits) {
            let (j, kb) = (k / 8, k % 8);
            for (w, &word) in col.iter().enumerate() {
                let mut rest = word;
                while rest != 0 {
                    let p = 64 * w + rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    // Output bit p: byte o = p / 8 (word g = o / 8, lane q = o % 8),
                    // row i = p % 8, stored in byte 7 − i of the lane.
                    let (o, i) = (p / 8, p % 8);
                    let (g, q) = (o / 8, o % 8);
                    if let Some(b) = blocks.get_mut(j * N + g) {
                        b.0[q] |= 1u64 << (8 * (7 - i) + kb);
                    }
                }
            }
        }
        BlockMatrix {
            bits,
            in_bytes,
            blocks,
            kernel,
        }
    }

    /// Whether this CPU has the GFNI kernel ([`BlockMatrix::new`] then uses it).
    pub fn accelerated() -> bool {
        !matches!(backend::Kernel::detect(), backend::Kernel::Portable)
    }

    /// The number of input bits.
    pub fn bits(&self) -> usize {
        self.bits
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.blocks.len() * core::mem::size_of::<Block>()
    }

    /// The name of the kernel in use (`"portable"` or `"avx512-gfni"`).
    pub fn kernel_name(&self) -> &'static str {
        self.kernel.name()
    }

    /// `out[i] = M·a[i]` for every i, eight elements per step.
    /// [`Error::InvalidArgument`](crate::Error::InvalidArgument) if the lengths differ
    /// (`out` untouched).
    pub fn apply_many(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        crate::binary::arith::check_len("out", out.len(), a.len())?;
        backend::apply_many(self.kernel, &self.blocks, self.in_bytes, a, out);
        Ok(())
    }

    /// As [`BlockMatrix::apply_many`] with the portable kernel (the oracle).
    pub fn apply_many_portable(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        crate::binary::arith::check_len("out", out.len(), a.len())?;
        backend::apply_many(
            backend::Kernel::Portable,
            &self.blocks,
            self.in_bytes,
            a,
            out,
        );
        Ok(())
    }

    /// `M·a` (a batch of one: the kernel still does the work of eight).
    pub fn apply(&self, a: &[u64; N]) -> [u64; N] {
        let mut out = [[0u64; N]; 1];
        backend::apply_many(
            self.kernel,
            &self.blocks,
            self.in_bytes,
            core::slice::from_ref(a),
            &mut out,
        );
        out[0]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Σ a_k·columns[k], bit by bit (shares nothing with the blocks).
    fn naive<const N: usize>(columns: &[[u64; N]], a: &[u64; N]) -> [u64; N] {
        let mut r = [0u64; N];
        for (k, c) in columns.iter().enumerate().take(64 * N) {
            if (a[k / 64] >> (k % 64)) & 1 == 1 {
                for (x, y) in r.iter_mut().zip(c) {
                    *x ^= y;
                }
            }
        }
        r
    }

    fn random_vec<const N: usize>(rng: &mut ChaCha8Rng, bits: usize) -> [u64; N] {
        core::array::from_fn(|i| {
            let lo = 64 * i;
            if lo >= bits {
                0
            } else if bits - lo >= 64 {
                rng.next_u64()
            } else {
                rng.next_u64() & ((1u64 << (bits - lo)) - 1)
            }
        })
    }

    fn check<const N: usize>(bits: usize, seed: u64) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let columns: Vec<[u64; N]> = (0..bits)
            .map(|_| random_vec::<N>(&mut rng, 64 * N))
            .collect();
        let m = BlockMatrix::<N>::new(&columns);
        let p = BlockMatrix::<N>::new_portable(&columns);
        assert_eq!(m.bytes(), bits.div_ceil(8) * N * 64);
        // Lengths around the eight-element step.
        for len in [0, 1, 7, 8, 9, 16, 23] {
            let a: Vec<[u64; N]> = (0..len).map(|_| random_vec::<N>(&mut rng, bits)).collect();
            let mut fast = vec![[1u64; N]; len];
            let mut slow = vec![[2u64; N]; len];
            m.apply_many(&a, &mut fast).expect("apply_many");
            p.apply_many(&a, &mut slow).expect("portable");
            for (i, x) in a.iter().enumerate() {
                let want = naive(&columns, x);
                assert_eq!(fast[i], want, "{} N={N} bits={bits} #{i}", m.kernel_name());
                assert_eq!(slow[i], want, "portable N={N} bits={bits} #{i}");
                assert_eq!(m.apply(x), want, "apply N={N} bits={bits}");
            }
            if len > 0 {
                assert!(m.apply_many(&a, &mut fast[1..]).is_err());
            }
        }
        // Single bits.
        for k in [0, bits / 2, bits - 1] {
            let mut e = [0u64; N];
            e[k / 64] = 1 << (k % 64);
            assert_eq!(m.apply(&e), columns[k], "x^{k}");
        }
    }

    #[test]
    fn block_matrix_matches_portable_and_naive() {
        check::<1>(1, 1);
        check::<1>(13, 2);
        check::<1>(64, 3);
        check::<2>(65, 4);
        check::<2>(128, 5);
        check::<3>(163, 6);
        check::<3>(192, 7);
        check::<4>(233, 8);
        check::<4>(117, 9);
        check::<5>(283, 10);
        check::<6>(330, 11);
        check::<7>(409, 12);
        check::<8>(512, 13);
        check::<9>(571, 14);
        check::<12>(700, 15);
    }
}
