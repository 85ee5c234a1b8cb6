//! An F_2-linear map evaluated by 8×8 bit-matrix blocks, eight elements at a time:
//! [`AffineMap`].
//!
//! Source: the block form of the GF(2) matrix–vector product. The map's d×d matrix
//! is cut into 8×8 blocks `A_ij` (output byte i, input byte j), so
//! `out_i = ⊕_j A_ij · x_j`. Intel's GFNI instruction `GF2P8AFFINEQB` (Intel SDM;
//! *Galois Field New Instructions* white paper, 2018) multiplies every byte of a
//! 64-bit lane by the 8×8 matrix held in the matching lane of a second operand. With
//! the bytes of eight elements transposed into "byte planes" (plane j = byte j of
//! elements 0…7), one `vgf2p8affineqb zmm` applies eight blocks `A_{8c+g, j}`
//! (g = 0…7) to plane j for all eight elements: `⌈d/8⌉ · ⌈d/64⌉` instructions per
//! eight elements, against `⌈d/8⌉` table reads per element for the byte tables of
//! [`LinearMap`](super::LinearMap) — and a table of `⌈d/8⌉·⌈d/64⌉·64` bytes (4 KiB at
//! d = 163) that lives in L1, where the byte tables (192 KiB) live in L2. This is
//! what makes a batch change of basis (Avanzi, Remark 1) cheaper than a
//! multiplication.
//!
//! Kernels: portable Rust (the matrix–byte products computed bit by bit: the oracle
//! and the fallback) and x86-64 AVX-512 F/BW + VBMI + GFNI
//! ([`backend::gfni`]), chosen once at construction.
//! Cost (GFNI): per block of eight elements `⌈d/64⌉` gathers and byte transposes in,
//! `⌈d/8⌉` broadcasts, `⌈d/8⌉·N` affine products and XORs, N transposes out.
//! Constant-time: yes, both kernels (no input-dependent address or branch).
//! Preconditions: inputs have no bit at position ≥ `bits`.

#[cfg(target_arch = "x86_64")]
use super::backend;
use crate::error::Result;

/// Eight 8×8 bit matrices, one per 64-bit lane, 64-byte aligned (one zmm).
#[repr(C, align(64))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Block(pub [u64; 8]);

/// The kernel evaluating an [`AffineMap`], chosen once when the map is built.
#[derive(Clone, Copy, Debug)]
pub enum AffineKernel {
    /// Plain Rust.
    Portable,
    /// AVX-512 F/BW + VBMI + GFNI (holds the proof that the CPU has them).
    #[cfg(target_arch = "x86_64")]
    Gfni(backend::gfni::Gfni512),
}

impl AffineKernel {
    /// The fastest kernel of this CPU (features detected by the standard library once
    /// and cached).
    pub fn detect() -> AffineKernel {
        #[cfg(target_arch = "x86_64")]
        if let Some(t) = backend::gfni::Gfni512::detect() {
            return AffineKernel::Gfni(t);
        }
        AffineKernel::Portable
    }

    /// Whether this is an accelerated (not the portable) kernel.
    pub fn is_accelerated(self) -> bool {
        !matches!(self, AffineKernel::Portable)
    }

    /// `"portable"` or `"gfni"`.
    pub fn name(self) -> &'static str {
        match self {
            AffineKernel::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            AffineKernel::Gfni(_) => "gfni",
        }
    }
}

/// An F_2-linear map from `bits`-bit vectors to `[u64; N]` as 8×8 blocks.
///
/// ```
/// use halfroot::binary::linear_map::affine::AffineMap;
/// // The map swapping bit k and bit 9 − k of 10-bit vectors.
/// let cols: Vec<[u64; 1]> = (0..10).map(|k| [1u64 << (9 - k)]).collect();
/// let m = AffineMap::<1>::new(&cols);
/// assert_eq!(m.apply(&[0b11]), [0b11 << 8]);
/// let mut out = [[0u64; 1]; 3];
/// m.apply_many(&[[1], [2], [0b11]], &mut out).expect("lengths");
/// assert_eq!(out, [[1 << 9], [1 << 8], [0b11 << 8]]);
/// ```
#[derive(Clone, Debug)]
pub struct AffineMap<const N: usize> {
    bits: usize,
    /// `blocks[j·N + c]`, lane g: the matrix of output byte `8c + g`, input byte `j`.
    blocks: Vec<Block>,
    kernel: AffineKernel,
}

/// The GFNI encoding of the 8×8 block (output byte `i`, input byte `j`) of the map
/// with these columns: byte `7 − r` holds row r, whose bit s is bit `8i + r` of
/// column `8j + s`.
fn block_matrix<const N: usize>(columns: &[[u64; N]], bits: usize, i: usize, j: usize) -> u64 {
    let mut m = 0u64;
    for r in 0..8 {
        let out_bit = 8 * i + r;
        let mut row = 0u64;
        for s in 0..8 {
            let k = 8 * j + s;
            if k >= bits {
                break;
            }
            if let Some(c) = columns.get(k) {
                row |= ((c[out_bit / 64] >> (out_bit % 64)) & 1) << s;
            }
        }
        m |= row << (8 * (7 - r));
    }
    m
}

/// `A · x` for one byte x and a GFNI-encoded matrix A (portable `GF2P8AFFINEQB` with
/// a zero constant): bit r of the result is the parity of `x` AND row r.
#[inline(always)]
pub fn affine_byte(matrix: u64, x: u8) -> u8 {
    let mut r = 0u8;
    for i in 0..8 {
        let row = (matrix >> (8 * (7 - i))) as u8;
        r |= (((row & x).count_ones() & 1) as u8) << i;
    }
    r
}

impl<const N: usize> AffineMap<N> {
    /// The map with `columns[k]` = image of `x^k` (bit `k`), `k < columns.len()`,
    /// evaluated by the fastest kernel of this CPU.
    pub fn new(columns: &[[u64; N]]) -> Self {
        Self::with_kernel(columns, AffineKernel::detect())
    }

    /// As [`AffineMap::new`], evaluated by the portable kernel whatever the CPU.
    pub fn new_portable(columns: &[[u64; N]]) -> Self {
        Self::with_kernel(columns, AffineKernel::Portable)
    }

    fn with_kernel(columns: &[[u64; N]], kernel: AffineKernel) -> Self {
        let bits = columns.len().min(64 * N);
        let in_bytes = bits.div_ceil(8);
        let mut blocks = vec![Block::default(); in_bytes * N];
        for j in 0..in_bytes {
            for c in 0..N {
                for g in 0..8 {
                    blocks[j * N + c].0[g] = block_matrix(columns, bits, 8 * c + g, j);
                }
            }
        }
        AffineMap {
            bits,
            blocks,
            kernel,
        }
    }

    /// The number of input bits.
    pub fn bits(&self) -> usize {
        self.bits
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.blocks.len() * core::mem::size_of::<Block>()
    }

    /// The name of the kernel in use (`"portable"` or `"gfni"`).
    pub fn kernel_name(&self) -> &'static str {
        self.kernel.name()
    }

    /// Whether the batch kernel is accelerated (GFNI) on this CPU.
    pub fn is_accelerated(&self) -> bool {
        self.kernel.is_accelerated()
    }

    /// `L(a)` by the portable kernel (bit-by-bit block products; the accelerated
    /// kernel works on batches of eight); `a` must have no bit at position ≥ `bits`.
    pub fn apply(&self, a: &[u64; N]) -> [u64; N] {
        apply_portable(&self.blocks, self.bits, a)
    }

    /// As [`AffineMap::apply_many`], and `parity[i]` = the parity of `a[i] AND mask`
    /// (with a trace vector as `mask`: `parity[i] = Tr(a[i]) = 1`), which the GFNI
    /// kernel takes from the words it has loaded anyway (a few instructions per eight
    /// elements); mask bits at positions ≥ [`AffineMap::bits`] are ignored (inputs
    /// have none). [`Error::InvalidArgument`](crate::Error) if the lengths differ.
    ///
    /// ```
    /// use halfroot::binary::linear_map::affine::AffineMap;
    /// let id = AffineMap::<1>::new(&[[1], [2], [4]]);
    /// let (mut out, mut odd) = ([[0u64; 1]; 3], [false; 3]);
    /// id.apply_many_with_parity(&[[0b011], [0b110], [0b111]], &mut out, &[0b101], &mut odd)
    ///     .expect("lengths");
    /// assert_eq!((out, odd), ([[0b011], [0b110], [0b111]], [true, true, false]));
    /// ```
    pub fn apply_many_with_parity(
        &self,
        a: &[[u64; N]],
        out: &mut [[u64; N]],
        mask: &[u64; N],
        parity: &mut [bool],
    ) -> Result<()> {
        crate::field::check_batch("out", out.len(), a.len())?;
        crate::field::check_batch("parity", parity.len(), a.len())?;
        // Like the inputs, the mask has no bits at or above `bits` (the kernel reads
        // only the words below).
        let mut m = *mask;
        clear_from(&mut m, self.bits);
        match self.kernel {
            #[cfg(target_arch = "x86_64")]
            AffineKernel::Gfni(t) => {
                t.apply_many_with_parity::<N>(&self.blocks, self.bits, a, out, &m, parity)
            }
            AffineKernel::Portable => {
                for ((o, p), x) in out.iter_mut().zip(parity.iter_mut()).zip(a) {
                    *o = apply_portable(&self.blocks, self.bits, x);
                    *p = parity_and(x, &m);
                }
            }
        }
        Ok(())
    }

    /// As [`AffineMap::apply_many`] with output byte `byte` split off as a flag:
    /// `zero[i]` = whether bit 0 of byte `byte` of `L(a[i])` is 0, and `out[i]` is
    /// `L(a[i])` with that whole byte cleared. Meant for a map with one extra output
    /// row in a byte above the meaningful ones (the solver: the half-trace map with
    /// the trace as bit 0 of the byte above it, so the flags say which equations have
    /// roots): the GFNI kernel gets the flags for one store and a few scalar
    /// operations per eight elements, no extra affine product, and clears the byte in
    /// the transposition it does anyway. [`Error::InvalidArgument`](crate::Error) if
    /// the lengths differ or `byte ≥ 8·N` (`out` and `zero` untouched).
    ///
    /// ```
    /// use halfroot::binary::linear_map::affine::AffineMap;
    /// // Identity on 3 bits, plus bit 8 (bit 0 of byte 1) = the parity of bits 0 and 2.
    /// let m = AffineMap::<1>::new(&[[0x101], [0x002], [0x104]]);
    /// let (mut out, mut even) = ([[0u64; 1]; 3], [false; 3]);
    /// m.apply_many_split_byte(&[[0b011], [0b110], [0b101]], &mut out, 1, &mut even)
    ///     .expect("lengths");
    /// assert_eq!((out, even), ([[0b011], [0b110], [0b101]], [false, false, true]));
    /// ```
    pub fn apply_many_split_byte(
        &self,
        a: &[[u64; N]],
        out: &mut [[u64; N]],
        byte: usize,
        zero: &mut [bool],
    ) -> Result<()> {
        crate::field::check_batch("out", out.len(), a.len())?;
        crate::field::check_batch("zero", zero.len(), a.len())?;
        if byte >= 8 * N {
            return Err(crate::Error::InvalidArgument {
                name: "byte".into(),
                value: byte.to_string(),
                reason: format!("outputs have {} bytes", 8 * N),
            });
        }
        match self.kernel {
            #[cfg(target_arch = "x86_64")]
            AffineKernel::Gfni(t) => {
                t.apply_many_split_byte::<N>(&self.blocks, self.bits, a, out, byte, zero)
            }
            AffineKernel::Portable => {
                let (w, shift) = (byte / 8, 8 * (byte % 8));
                for ((o, z), x) in out.iter_mut().zip(zero.iter_mut()).zip(a) {
                    *o = apply_portable(&self.blocks, self.bits, x);
                    *z = (o[w] >> shift) & 1 == 0;
                    o[w] &= !(0xFF << shift);
                }
            }
        }
        Ok(())
    }

    /// `out[i] = L(a[i])` for every i, eight elements per pass of the kernel (a short
    /// last pass is padded with zeros). [`Error::InvalidArgument`](crate::Error) if
    /// the lengths differ (`out` untouched).
    pub fn apply_many(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        crate::field::check_batch("out", out.len(), a.len())?;
        match self.kernel {
            #[cfg(target_arch = "x86_64")]
            AffineKernel::Gfni(t) => t.apply_many::<N>(&self.blocks, self.bits, a, out),
            AffineKernel::Portable => {
                for (o, x) in out.iter_mut().zip(a) {
                    *o = apply_portable(&self.blocks, self.bits, x);
                }
            }
        }
        Ok(())
    }
}

/// The parity of `x AND mask`.
fn parity_and<const N: usize>(x: &[u64; N], mask: &[u64; N]) -> bool {
    x.iter()
        .zip(mask)
        .fold(0, |acc, (a, m)| acc ^ (a & m))
        .count_ones()
        & 1
        == 1
}

/// Clears the bits at positions ≥ `bits`.
fn clear_from<const N: usize>(v: &mut [u64; N], bits: usize) {
    for (i, w) in v.iter_mut().enumerate() {
        let lo = 64 * i;
        if bits <= lo {
            *w = 0;
        } else if bits - lo < 64 {
            *w &= (1u64 << (bits - lo)) - 1;
        }
    }
}

/// The portable evaluation: `out_i = ⊕_j A_ij · x_j` byte by byte.
fn apply_portable<const N: usize>(blocks: &[Block], bits: usize, a: &[u64; N]) -> [u64; N] {
    let in_bytes = bits.div_ceil(8);
    let mut out = [0u64; N];
    for j in 0..in_bytes {
        let x = (a[j / 8] >> (8 * (j % 8))) as u8;
        for (c, o) in out.iter_mut().enumerate() {
            if let Some(b) = blocks.get(j * N + c) {
                let mut w = 0u64;
                for (g, &m) in b.0.iter().enumerate() {
                    w |= (affine_byte(m, x) as u64) << (8 * g);
                }
                *o ^= w;
            }
        }
    }
    out
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;
    use rand::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Σ a_k·columns[k], bit by bit (shares nothing with the blocks).
    fn naive<const N: usize>(columns: &[[u64; N]], a: &[u64; N]) -> [u64; N] {
        let mut r = [0u64; N];
        for (k, c) in columns.iter().enumerate() {
            if (a[k / 64] >> (k % 64)) & 1 == 1 {
                for (x, y) in r.iter_mut().zip(c) {
                    *x ^= y;
                }
            }
        }
        r
    }

    fn random_vec<const N: usize>(rng: &mut ChaCha8Rng, bits: usize) -> [u64; N] {
        let mut v = [0u64; N];
        for (i, w) in v.iter_mut().enumerate() {
            let lo = 64 * i;
            if lo < bits {
                let r = rng.next_u64();
                *w = if bits - lo >= 64 {
                    r
                } else {
                    r & ((1u64 << (bits - lo)) - 1)
                };
            }
        }
        v
    }

    fn check<const N: usize>(bits: usize, out_bits: usize, rng: &mut ChaCha8Rng) {
        let columns: Vec<[u64; N]> = (0..bits).map(|_| random_vec(rng, out_bits)).collect();
        let fast = AffineMap::<N>::new(&columns);
        let port = AffineMap::<N>::new_portable(&columns);
        // Lengths that exercise full passes of eight, a short last pass and none.
        for len in [0usize, 1, 7, 8, 9, 16, 23] {
            let a: Vec<[u64; N]> = (0..len).map(|_| random_vec(rng, bits)).collect();
            let mut got = vec![[0u64; N]; len];
            let mut via_portable = vec![[0u64; N]; len];
            fast.apply_many(&a, &mut got).expect("lengths");
            port.apply_many(&a, &mut via_portable).expect("lengths");
            for (i, x) in a.iter().enumerate() {
                let want = naive(&columns, x);
                assert_eq!(got[i], want, "bits {bits} N {N} len {len} i {i}");
                assert_eq!(via_portable[i], want);
                assert_eq!(fast.apply(x), want);
            }
            // With parities: any mask (bits at or above `bits` meet none of the inputs').
            let mask: [u64; N] = random_vec(rng, 64 * N);
            let (mut got2, mut odd) = (vec![[0u64; N]; len], vec![false; len]);
            let (mut got3, mut odd3) = (vec![[0u64; N]; len], vec![true; len]);
            fast.apply_many_with_parity(&a, &mut got2, &mask, &mut odd)
                .expect("lengths");
            port.apply_many_with_parity(&a, &mut got3, &mask, &mut odd3)
                .expect("lengths");
            assert_eq!(got2, got);
            assert_eq!(got3, got);
            for (i, x) in a.iter().enumerate() {
                let ones: u32 = x.iter().zip(&mask).map(|(p, q)| (p & q).count_ones()).sum();
                assert_eq!(
                    odd[i],
                    ones % 2 == 1,
                    "parity bits {bits} N {N} len {len} i {i}"
                );
                assert_eq!(odd3[i], odd[i]);
            }
            if len > 0 {
                assert!(fast
                    .apply_many_with_parity(&a, &mut got2, &mask, &mut odd[1..])
                    .is_err());
            }
            // One byte split off: every output byte in turn, from both kernels, against
            // the naive product (the random columns have all eight bits of the byte).
            for byte in 0..8 * N {
                let (w, shift) = (byte / 8, 8 * (byte % 8));
                let (mut got4, mut zero4) = (vec![[0u64; N]; len], vec![true; len]);
                let (mut got5, mut zero5) = (vec![[0u64; N]; len], vec![false; len]);
                fast.apply_many_split_byte(&a, &mut got4, byte, &mut zero4)
                    .expect("lengths");
                port.apply_many_split_byte(&a, &mut got5, byte, &mut zero5)
                    .expect("lengths");
                for (i, x) in a.iter().enumerate() {
                    let mut want = naive(&columns, x);
                    let was_zero = (want[w] >> shift) & 1 == 0;
                    want[w] &= !(0xFF << shift);
                    let at = format!("byte {byte} bits {bits} N {N} len {len} i {i}");
                    assert_eq!(got4[i], want, "split {at}");
                    assert_eq!(got5[i], want, "split, portable {at}");
                    assert_eq!(zero4[i], was_zero, "flag {at}");
                    assert_eq!(zero5[i], was_zero, "flag, portable {at}");
                }
            }
            assert!(fast
                .apply_many_split_byte(&a, &mut got, 8 * N, &mut vec![false; len])
                .is_err());
            if len > 0 {
                assert!(fast
                    .apply_many_split_byte(&a, &mut got, 0, &mut vec![false; len - 1])
                    .is_err());
            }
        }
        // Unit vectors read back every column.
        for k in 0..bits {
            let mut e = [0u64; N];
            e[k / 64] = 1 << (k % 64);
            let mut out = [[0u64; N]; 1];
            fast.apply_many(&[e], &mut out).expect("lengths");
            assert_eq!(out[0], columns[k], "column {k}");
        }
    }

    fn affine_map_matches_naive_product() {
        let mut rng = ChaCha8Rng::seed_from_u64(81);
        check::<1>(1, 1, &mut rng);
        check::<1>(10, 10, &mut rng);
        check::<1>(13, 64, &mut rng);
        check::<1>(64, 64, &mut rng);
        check::<2>(65, 128, &mut rng);
        check::<2>(113, 113, &mut rng);
        check::<2>(128, 128, &mut rng);
        check::<3>(163, 163, &mut rng);
        check::<3>(163, 192, &mut rng);
        check::<4>(117, 256, &mut rng);
        check::<4>(233, 233, &mut rng);
        check::<5>(283, 283, &mut rng);
        check::<6>(330, 384, &mut rng);
        check::<7>(409, 409, &mut rng);
        check::<8>(512, 512, &mut rng);
        check::<9>(571, 571, &mut rng);
        check::<12>(700, 768, &mut rng);
    }

    fn affine_map_gfni_matches_portable() {
        // On a CPU without GFNI both are the portable kernel: the kernel log says so
        // (and `HALFROOT_REQUIRE_KERNELS=all` fails the test).
        #[cfg(target_arch = "x86_64")]
        {
            use crate::cpu::Feature;
            crate::cpu::kernel_log::check(
                "binary::linear_map::gfni",
                crate::binary::linear_map::backend::gfni::Gfni512::detect().is_some(),
                &[
                    Feature::Avx512f,
                    Feature::Avx512bw,
                    Feature::Avx512vbmi,
                    Feature::Gfni,
                ],
            );
        }
        let mut rng = ChaCha8Rng::seed_from_u64(82);
        let columns: Vec<[u64; 3]> = (0..163).map(|_| random_vec(&mut rng, 163)).collect();
        let fast = AffineMap::<3>::new(&columns);
        let port = AffineMap::<3>::new_portable(&columns);
        let a: Vec<[u64; 3]> = (0..1000).map(|_| random_vec(&mut rng, 163)).collect();
        let (mut x, mut y) = (vec![[0u64; 3]; 1000], vec![[0u64; 3]; 1000]);
        fast.apply_many(&a, &mut x).expect("lengths");
        port.apply_many(&a, &mut y).expect("lengths");
        assert_eq!(x, y);
    }

    fn affine_byte_matches_definition() {
        // The identity matrix (row r = bit r) and the bit-reversal matrix.
        let identity: u64 = (0..8).map(|r| (1u64 << r) << (8 * (7 - r))).sum();
        let reverse: u64 = (0..8).map(|r| (1u64 << (7 - r)) << (8 * (7 - r))).sum();
        for x in 0..=255u8 {
            assert_eq!(affine_byte(identity, x), x);
            assert_eq!(affine_byte(reverse, x), x.reverse_bits());
        }
    }

    fn affine_map_rejects_length_mismatch() {
        let cols: Vec<[u64; 1]> = (0..8).map(|k| [1u64 << k]).collect();
        let m = AffineMap::<1>::new(&cols);
        let mut out = [[7u64; 1]; 2];
        assert!(m.apply_many(&[[1]], &mut out).is_err());
        assert_eq!(out, [[7], [7]]);
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        (
            "affine_map_matches_naive_product",
            affine_map_matches_naive_product,
        ),
        (
            "affine_map_gfni_matches_portable",
            affine_map_gfni_matches_portable,
        ),
        (
            "affine_byte_matches_definition",
            affine_byte_matches_definition,
        ),
        (
            "affine_map_rejects_length_mismatch",
            affine_map_rejects_length_mismatch,
        ),
    ];
}
