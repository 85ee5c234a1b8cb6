//! Precomputed evaluation of an arbitrary F_2-linear map on bit vectors: [`LinearMap`].
//!
//! Source: the "method of four Russians" table evaluation of a GF(2) matrix–vector
//! product (Arlazarov–Dinic–Kronrod–Faradzev 1970), as used for half-traces by
//! Avanzi §3.3 and for changes of basis by Avanzi Remark 1 (byte-wise tables), and by
//! RELIC's `fb_slv`/`fb_htr`. The map is given by its columns `L(x^k)`, `k < bits`;
//! an input is cut into `W`-bit chunks and chunk `j` with value `v` indexes a table
//! entry `L(v·x^(W·j))`; the image is the XOR of one entry per chunk.
//!
//! | layout | entries per chunk | lookups (d = 163, 233) | table at 163 / 233 | constant-time |
//! |---|---|---|---|---|
//! | [`Layout::Nibble`] | 16 | 41, 59 | 24 KiB / 32 KiB (L1) | no (cache timing) |
//! | [`Layout::Chunk5`] | 32 | 33, 47 | 39 KiB / 52 KiB | no |
//! | [`Layout::Chunk6`] | 64 | 28, 39 | 66 KiB / 88 KiB | no |
//! | [`Layout::Byte`] | 256 | 21, 30 | 192 KiB / 256 KiB (L2) | no |
//! | [`Layout::NibbleScanCt`] | 16, all read | 41·16, 59·16 | as `Nibble` | yes |
//! | [`Layout::MaskCt`] | one row per bit | d masked row XORs | 12 KiB / 16 KiB | yes |
//!
//! Chunks never straddle a 64-bit word: each word is cut into ⌊64/W⌋ chunks of W bits
//! and, when W ∤ 64, one last chunk of the 64 mod W top bits (so every index is one
//! shift and one AND of a word, with constant shift counts in the unrolled loop); each
//! chunk has 2^W table slots. In the last word only the chunks below `bits` are read.
//! Entries are padded to whole 256-bit lanes ([`Lane`], 32-byte aligned), so with AVX2
//! one entry of a ≤ 256-bit field is one aligned `vmovdqa`/`vpxor`.
//!
//! Kernels ([`backend`]): portable Rust (every CPU, the oracle of the
//! `*_matches_portable` tests), AVX2 (table lookups with ymm XORs) and AVX-512
//! (`MaskCt`: `vpxorq zmm{k}` of eight rows per input byte with the byte as mask).
//! The kernel is chosen once at construction from the CPU's features.
//!
//! Cost of the set-up: `Σ_groups 2^W` entry XORs (one new entry per table slot).
//! Preconditions: the input has no bit at position ≥ `bits` (reduced elements).

pub mod affine;
pub mod backend;

use crate::error::Result;

/// A 256-bit, 32-byte aligned block of table data (one ymm register).
#[repr(C, align(32))]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lane(pub [u64; 4]);

/// How a [`LinearMap`] stores and reads its table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// 4-bit chunks, 16 entries each: small enough for L1.
    Nibble,
    /// 5-bit chunks, 32 entries each.
    Chunk5,
    /// 6-bit chunks, 64 entries each.
    Chunk6,
    /// 8-bit chunks, 256 entries each: half the lookups of `Nibble`, tables in L2.
    Byte,
    /// The nibble table read in full, the wanted entry kept with a mask: constant-time.
    NibbleScanCt,
    /// One row per input bit, each XORed under the bit as a mask (AVX-512: eight rows
    /// per masked `vpxorq`): constant-time.
    MaskCt,
}

impl Layout {
    /// Every layout.
    pub const ALL: [Layout; 6] = [
        Layout::Nibble,
        Layout::Chunk5,
        Layout::Chunk6,
        Layout::Byte,
        Layout::NibbleScanCt,
        Layout::MaskCt,
    ];

    /// `"nibble"`, `"chunk5"`, `"chunk6"`, `"byte"`, `"nibble-scan-ct"` or `"mask-ct"`.
    pub fn name(self) -> &'static str {
        match self {
            Layout::Nibble => "nibble",
            Layout::Chunk5 => "chunk5",
            Layout::Chunk6 => "chunk6",
            Layout::Byte => "byte",
            Layout::NibbleScanCt => "nibble-scan-ct",
            Layout::MaskCt => "mask-ct",
        }
    }

    /// Whether evaluation time and memory addresses are independent of the input.
    pub fn is_constant_time(self) -> bool {
        matches!(self, Layout::NibbleScanCt | Layout::MaskCt)
    }

    /// The chunk width W in bits (8 for `MaskCt`: one mask byte per eight rows).
    pub fn chunk_bits(self) -> usize {
        match self {
            Layout::Nibble | Layout::NibbleScanCt => 4,
            Layout::Chunk5 => 5,
            Layout::Chunk6 => 6,
            Layout::Byte | Layout::MaskCt => 8,
        }
    }

    /// The number of table bytes for a map of `bits` input bits and `n` output words.
    pub fn table_bytes(self, bits: usize, n: usize) -> usize {
        let in_words = bits.div_ceil(64).max(1);
        let lanes = n.div_ceil(4);
        match self {
            Layout::MaskCt => (8 * in_words) * n * 64,
            _ => {
                let w = self.chunk_bits();
                in_words * 64usize.div_ceil(w) * (1 << w) * lanes * 32
            }
        }
    }
}

impl core::fmt::Display for Layout {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

crate::algorithm::named_algorithm!(Layout, "linear-map layout");

/// An F_2-linear map from `bits`-bit vectors to `[u64; N]`, with its tables.
///
/// ```
/// use halfroot::binary::linear_map::{Layout, LinearMap};
/// // The map swapping bit k and bit 9 − k of 10-bit vectors.
/// let cols: Vec<[u64; 1]> = (0..10).map(|k| [1u64 << (9 - k)]).collect();
/// let m = LinearMap::<1>::new(&cols, Layout::Nibble);
/// assert_eq!(m.apply(&[0b11]), [0b11 << 8]);
/// ```
#[derive(Clone, Debug)]
pub struct LinearMap<const N: usize> {
    layout: Layout,
    bits: usize,
    table: Vec<Lane>,
    kernel: backend::Kernel,
    func: backend::KernelFn<N>,
    many: backend::ManyFn<N>,
}

impl<const N: usize> LinearMap<N> {
    /// The map with `columns[k]` = image of `x^k` (bit `k`), `k < columns.len()`, in a
    /// layout, evaluated by the fastest kernel of this CPU.
    pub fn new(columns: &[[u64; N]], layout: Layout) -> Self {
        Self::with_kernel(columns, layout, backend::Kernel::detect(layout))
    }

    /// As [`LinearMap::new`], evaluated by the portable kernel whatever the CPU.
    pub fn new_portable(columns: &[[u64; N]], layout: Layout) -> Self {
        Self::with_kernel(columns, layout, backend::Kernel::Portable)
    }

    fn with_kernel(columns: &[[u64; N]], layout: Layout, kernel: backend::Kernel) -> Self {
        let bits = columns.len().min(64 * N);
        let in_words = bits.div_ceil(64).max(1);
        let col = |k: usize| columns.get(k).filter(|_| k < bits).copied();
        let lanes = N.div_ceil(4);
        let table = match layout {
            Layout::MaskCt => {
                // Per input byte j and output word w: eight u64 (one zmm), row 8j + l
                // in slot l.
                let bytes = 8 * in_words;
                let mut t = vec![Lane::default(); bytes * N * 2];
                for j in 0..bytes {
                    for l in 0..8 {
                        if let Some(c) = col(8 * j + l) {
                            for (w, &cw) in c.iter().enumerate() {
                                t[(j * N + w) * 2 + l / 4].0[l % 4] = cw;
                            }
                        }
                    }
                }
                t
            }
            _ => {
                let w = layout.chunk_bits();
                let per = 64usize.div_ceil(w);
                let groups = in_words * per;
                let size = 1usize << w;
                let mut t = vec![Lane::default(); groups * size * lanes];
                for j in 0..groups {
                    // Chunk j: word j / per, bits w·(j % per) up (up to w of them).
                    let first = 64 * (j / per) + w * (j % per);
                    let width = w.min(64 - w * (j % per));
                    for v in 1..(1usize << width) {
                        let low = v & (v - 1);
                        let k = first + v.trailing_zeros() as usize;
                        let single = col(k).unwrap_or([0u64; N]);
                        for (i, s) in single.iter().enumerate() {
                            let prev = t[(j * size + low) * lanes + i / 4].0[i % 4];
                            t[(j * size + v) * lanes + i / 4].0[i % 4] = prev ^ s;
                        }
                    }
                }
                t
            }
        };
        LinearMap {
            layout,
            bits,
            table,
            kernel,
            func: backend::select::<N>(kernel, layout),
            many: backend::select_many::<N>(kernel, layout),
        }
    }

    /// The layout.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The number of input bits.
    pub fn bits(&self) -> usize {
        self.bits
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.table.len() * core::mem::size_of::<Lane>()
    }

    /// The name of the kernel in use (`"portable"`, `"avx2"`, `"avx512"`).
    pub fn kernel_name(&self) -> &'static str {
        self.kernel.name()
    }

    /// `L(a)`; `a` must have no bit at position ≥ [`LinearMap::bits`].
    #[inline]
    pub fn apply(&self, a: &[u64; N]) -> [u64; N] {
        if const { N == 0 } {
            return *a;
        }
        (self.func)(&self.table, self.bits, a)
    }

    /// `out[i] = L(a[i])` for every i: the batch form of [`LinearMap::apply`], the loop
    /// inside the kernel's feature-enabled function (one indirect call per batch, not
    /// per element). [`Error::InvalidArgument`](crate::error::Error::InvalidArgument) if the lengths differ (`out` untouched).
    pub fn apply_many(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        crate::field::check_batch("out", out.len(), a.len())?;
        if const { N == 0 } {
            return Ok(());
        }
        (self.many)(&self.table, self.bits, a, out);
        Ok(())
    }

    /// `L(a)` by the portable kernel (the oracle of the accelerated ones).
    pub fn apply_portable(&self, a: &[u64; N]) -> [u64; N] {
        backend::apply(
            backend::Kernel::Portable,
            self.layout,
            &self.table,
            self.bits,
            a,
        )
    }

    /// The column `L(x^k)`, read back from the table (zero for `k ≥ bits`).
    pub fn column(&self, k: usize) -> [u64; N] {
        let mut e = [0u64; N];
        if k < self.bits {
            e[k / 64] = 1u64 << (k % 64);
        }
        self.apply_portable(&e)
    }
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;
    use rand::{RngCore, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Σ a_k·columns[k], bit by bit (shares nothing with the tables).
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

    fn check<const N: usize>(bits: usize, seed: u64) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let columns: Vec<[u64; N]> = (0..bits)
            .map(|_| random_vec::<N>(&mut rng, 64 * N))
            .collect();
        for layout in Layout::ALL {
            let m = LinearMap::<N>::new(&columns, layout);
            let p = LinearMap::<N>::new_portable(&columns, layout);
            assert_eq!(m.bytes(), layout.table_bytes(bits, N), "{layout} {bits}");
            for k in [0, bits / 2, bits - 1] {
                assert_eq!(m.column(k), columns[k], "{layout} column {k}");
            }
            for _ in 0..40 {
                let a = random_vec::<N>(&mut rng, bits);
                let want = naive(&columns, &a);
                assert_eq!(m.apply(&a), want, "{layout} N={N} bits={bits}");
                assert_eq!(m.apply_portable(&a), want, "{layout} portable");
                assert_eq!(p.apply(&a), want, "{layout} portable kernel");
            }
            // Single bits, first and last.
            for k in [0, bits - 1] {
                let mut e = [0u64; N];
                e[k / 64] = 1 << (k % 64);
                assert_eq!(m.apply(&e), columns[k], "{layout} x^{k}");
            }
        }
    }

    fn every_layout_and_kernel_matches_naive_product() {
        check::<1>(1, 1);
        check::<1>(13, 2);
        check::<1>(64, 3);
        check::<2>(65, 4);
        check::<2>(81, 5);
        check::<2>(128, 6);
        check::<3>(163, 7);
        check::<3>(192, 8);
        check::<4>(233, 9);
        check::<4>(117, 10);
        check::<5>(283, 11);
        check::<7>(409, 12);
        check::<9>(571, 13);
        check::<12>(700, 14);
    }

    fn accelerated_kernels_match_portable() {
        let mut rng = ChaCha8Rng::seed_from_u64(99);
        let columns: Vec<[u64; 4]> = (0..233).map(|_| random_vec::<4>(&mut rng, 256)).collect();
        for layout in Layout::ALL {
            let m = LinearMap::<4>::new(&columns, layout);
            for _ in 0..200 {
                let a = random_vec::<4>(&mut rng, 233);
                assert_eq!(
                    m.apply(&a),
                    m.apply_portable(&a),
                    "{layout} {}",
                    m.kernel_name()
                );
            }
        }
    }

    /// The `MaskCt` kernels one by one (not only the one `new` detects): AVX-512, AVX2
    /// and portable against the naive product, at every word count of the NIST sizes.
    fn mask_ct_kernels_match_naive() {
        fn at<const N: usize>(bits: usize, seed: u64) {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let columns: Vec<[u64; N]> = (0..bits)
                .map(|_| random_vec::<N>(&mut rng, 64 * N))
                .collect();
            // Only x86-64 adds kernels to the portable one.
            #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
            let mut kernels = vec![backend::Kernel::Portable];
            #[cfg(target_arch = "x86_64")]
            {
                use crate::cpu::kernel_log::check;
                use crate::cpu::Feature;
                let avx512 = backend::x86_64::Avx512::detect();
                let needs = [Feature::Avx512f, Feature::Avx512bw, Feature::Avx512dq];
                if check("linear_map::mask_ct avx512", avx512.is_some(), &needs) {
                    kernels.extend(avx512.map(backend::Kernel::Avx512));
                }
                let avx2 = backend::x86_64::Avx2::detect();
                if check(
                    "linear_map::mask_ct avx2",
                    avx2.is_some(),
                    &[Feature::Avx2, Feature::Bmi2],
                ) {
                    kernels.extend(avx2.map(backend::Kernel::Avx2));
                }
            }
            for kernel in kernels {
                let m = LinearMap::<N>::with_kernel(&columns, Layout::MaskCt, kernel);
                assert_eq!(m.kernel_name(), kernel.name());
                let mut batch = Vec::new();
                for _ in 0..60 {
                    let a = random_vec::<N>(&mut rng, bits);
                    assert_eq!(m.apply(&a), naive(&columns, &a), "{} N={N}", kernel.name());
                    batch.push(a);
                }
                let mut out = vec![[0u64; N]; batch.len()];
                m.apply_many(&batch, &mut out).expect("lengths");
                for (a, o) in batch.iter().zip(&out) {
                    assert_eq!(*o, naive(&columns, a), "{} batch N={N}", kernel.name());
                }
                for k in 0..bits {
                    let mut e = [0u64; N];
                    e[k / 64] = 1 << (k % 64);
                    assert_eq!(m.apply(&e), columns[k], "{} x^{k}", kernel.name());
                }
            }
        }
        at::<1>(41, 21);
        at::<3>(163, 22);
        at::<4>(233, 23);
        at::<5>(283, 24);
        at::<7>(409, 25);
        at::<9>(571, 26);
    }

    fn layout_names_round_trip() {
        for l in Layout::ALL {
            assert_eq!(l.name().parse::<Layout>().expect("name"), l);
            assert_eq!(l.to_string(), l.name());
        }
        assert!("bogus".parse::<Layout>().is_err());
        assert!(Layout::MaskCt.is_constant_time() && !Layout::Byte.is_constant_time());
    }

    /// A map of zero-word vectors (N = 0) evaluates without a panic in every layout
    /// (a `clamp(1, 0)` panicked in the kernels before).
    fn zero_word_maps_do_not_panic() {
        for layout in Layout::ALL {
            for m in [
                LinearMap::<0>::new(&[], layout),
                LinearMap::<0>::new_portable(&[], layout),
            ] {
                assert_eq!(m.apply(&[]), [0u64; 0]);
                let mut out: [[u64; 0]; 2] = [[]; 2];
                m.apply_many(&[[], []], &mut out).expect("equal lengths");
            }
        }
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        ("zero_word_maps_do_not_panic", zero_word_maps_do_not_panic),
        (
            "every_layout_and_kernel_matches_naive_product",
            every_layout_and_kernel_matches_naive_product,
        ),
        (
            "accelerated_kernels_match_portable",
            accelerated_kernels_match_portable,
        ),
        ("mask_ct_kernels_match_naive", mask_ct_kernels_match_naive),
        ("layout_names_round_trip", layout_names_round_trip),
    ];
}
