//! Kernels of [`LinearMap`](super::LinearMap): the portable ones (every CPU, the
//! oracle) and the dispatch to the x86-64 ones in [`x86_64`].
//!
//! Source: see [`super`]. The generic kernels here are `#[inline(always)]` and generic
//! over the accumulator ([`Acc`]), so that the x86-64 backend compiles the very same
//! loops with ymm/zmm accumulators inside `#[target_feature]` functions.
//! Cost: per chunk one shift, one AND and one entry XOR (`⌈N/4⌉` ymm or N words).
//! Constant-time: `lookup` no (addresses depend on the input); `scan_ct` and `mask_ct`
//! yes.

use super::{Lane, Layout};

#[cfg(target_arch = "x86_64")]
pub mod gfni;
#[cfg(target_arch = "x86_64")]
pub mod x86_64;

/// The evaluation kernel of a map, chosen once when the map is built.
#[derive(Clone, Copy, Debug)]
pub enum Kernel {
    /// Plain Rust.
    Portable,
    /// AVX2 ymm XORs of table entries (holds the proof that the CPU has AVX2).
    #[cfg(target_arch = "x86_64")]
    Avx2(x86_64::Avx2),
    /// AVX-512 masked row XORs (holds the proof that the CPU has AVX-512 F/BW/DQ).
    /// `MaskCt` maps take it where the CPU has it, else `Avx2` (ymm masks), else the
    /// portable kernel.
    #[cfg(target_arch = "x86_64")]
    Avx512(x86_64::Avx512),
}

impl Kernel {
    /// The fastest kernel of this CPU for a layout (features detected by the standard
    /// library once and cached).
    pub fn detect(layout: Layout) -> Kernel {
        #[cfg(target_arch = "x86_64")]
        {
            match layout {
                Layout::MaskCt => {
                    if let Some(t) = x86_64::Avx512::detect() {
                        return Kernel::Avx512(t);
                    }
                    if let Some(t) = x86_64::Avx2::detect() {
                        return Kernel::Avx2(t);
                    }
                }
                _ => {
                    if let Some(t) = x86_64::Avx2::detect() {
                        return Kernel::Avx2(t);
                    }
                }
            }
        }
        let _ = layout;
        Kernel::Portable
    }

    /// `"portable"`, `"avx2"` or `"avx512"`.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx2(_) => "avx2",
            #[cfg(target_arch = "x86_64")]
            Kernel::Avx512(_) => "avx512",
        }
    }
}

/// An accumulator of table entries (each `⌈N/4⌉` lanes).
pub trait Acc<const N: usize>: Sized {
    /// Zero.
    fn zero() -> Self;
    /// `self ^= entry` (`entry` has `⌈N/4⌉` lanes).
    fn xor(&mut self, entry: &[Lane]);
    /// `self ^= entry & mask` (mask all-zero or all-one).
    fn xor_masked(&mut self, entry: &[Lane], mask: u64);
    /// The first N words.
    fn get(self) -> [u64; N];
}

/// Plain `[u64; N]` accumulator.
pub struct Words<const N: usize>([u64; N]);

impl<const N: usize> Acc<N> for Words<N> {
    #[inline(always)]
    fn zero() -> Self {
        Words([0u64; N])
    }
    #[inline(always)]
    fn xor(&mut self, entry: &[Lane]) {
        for (i, x) in self.0.iter_mut().enumerate() {
            if let Some(l) = entry.get(i / 4) {
                *x ^= l.0[i % 4];
            }
        }
    }
    #[inline(always)]
    fn xor_masked(&mut self, entry: &[Lane], mask: u64) {
        for (i, x) in self.0.iter_mut().enumerate() {
            if let Some(l) = entry.get(i / 4) {
                *x ^= l.0[i % 4] & mask;
            }
        }
    }
    #[inline(always)]
    fn get(self) -> [u64; N] {
        self.0
    }
}

/// The number of chunks of a 64-bit word for chunk width `w`.
#[inline(always)]
pub const fn chunks_per_word(w: usize) -> usize {
    64usize.div_ceil(w)
}

/// Table lookups with chunks of `W` bits (see [`super`] for the layout): one entry
/// XOR per chunk below `bits`. Not constant-time.
#[inline(always)]
pub fn lookup<const N: usize, const W: usize, A: Acc<N>>(
    table: &[Lane],
    bits: usize,
    a: &[u64; N],
) -> [u64; N] {
    let per = chunks_per_word(W);
    let lanes = N.div_ceil(4);
    let word_len = (per << W) * lanes;
    let mask = (1u64 << W) - 1;
    let in_words = bits.div_ceil(64).clamp(1, N);
    let last = (bits - 64 * (in_words - 1)).div_ceil(W).min(per);
    let mut acc = A::zero();
    for (wi, &x) in a.iter().enumerate().take(in_words - 1) {
        let Some(tw) = table.get(wi * word_len..(wi + 1) * word_len) else {
            break;
        };
        for k in 0..per {
            let v = ((x >> (W * k)) & mask) as usize;
            let at = ((k << W) + v) * lanes;
            if let Some(e) = tw.get(at..at + lanes) {
                acc.xor(e);
            }
        }
    }
    let wi = in_words - 1;
    if let Some(tw) = table.get(wi * word_len..(wi + 1) * word_len) {
        let x = a[wi];
        for k in 0..per {
            if k >= last {
                break;
            }
            let v = ((x >> (W * k)) & mask) as usize;
            let at = ((k << W) + v) * lanes;
            if let Some(e) = tw.get(at..at + lanes) {
                acc.xor(e);
            }
        }
    }
    acc.get()
}

/// Constant-time nibble scan: every entry of every chunk below `bits` is read, the
/// wanted one kept with a mask.
#[inline(always)]
pub fn scan_ct<const N: usize, A: Acc<N>>(table: &[Lane], bits: usize, a: &[u64; N]) -> [u64; N] {
    let lanes = N.div_ceil(4);
    let groups = bits.div_ceil(4);
    let mut acc = A::zero();
    for j in 0..groups {
        let v = (a[j / 16] >> (4 * (j % 16))) & 15;
        let Some(group) = table.get(j * 16 * lanes..(j + 1) * 16 * lanes) else {
            break;
        };
        for (idx, e) in group.chunks_exact(lanes).enumerate() {
            // All-ones iff idx == v, without a branch: (x − 1) >> 63 of x = idx ^ v is 1
            // only for x = 0 (x < 16).
            let sel = crate::prime::backend::ct_barrier::mask(
                ((idx as u64 ^ v).wrapping_sub(1) >> 63).wrapping_neg(),
            );
            acc.xor_masked(e, sel);
        }
    }
    acc.get()
}

/// Constant-time row-by-row evaluation of the `MaskCt` layout, portable: for every
/// input bit, its row ANDed with the bit's mask.
#[inline(always)]
pub fn mask_ct_portable<const N: usize>(table: &[Lane], bits: usize, a: &[u64; N]) -> [u64; N] {
    let mut acc = [0u64; N];
    for k in 0..bits.min(64 * N) {
        // The barrier keeps LLVM from turning `row & m` into a branch on the bit (it
        // did: Memcheck reported it, `scripts/ct-valgrind.sh`).
        let m =
            crate::prime::backend::ct_barrier::mask(((a[k / 64] >> (k % 64)) & 1).wrapping_neg());
        let (j, l) = (k / 8, k % 8);
        for (w, x) in acc.iter_mut().enumerate() {
            if let Some(lane) = table.get((j * N + w) * 2 + l / 4) {
                *x ^= lane.0[l % 4] & m;
            }
        }
    }
    acc
}

/// An evaluation function: `(table, bits, a) ↦ L(a)`.
pub type KernelFn<const N: usize> = fn(&[Lane], usize, &[u64; N]) -> [u64; N];

/// The function evaluating a map stored in `layout` with `kernel`, chosen once (a map
/// then costs one indirect call per evaluation, no dispatch).
pub fn select<const N: usize>(kernel: Kernel, layout: Layout) -> KernelFn<N> {
    match kernel {
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2(t) => match layout {
            Layout::Nibble => t.lookup_fn::<N, 4>(),
            Layout::Chunk5 => t.lookup_fn::<N, 5>(),
            Layout::Chunk6 => t.lookup_fn::<N, 6>(),
            Layout::Byte => t.lookup_fn::<N, 8>(),
            Layout::NibbleScanCt => t.scan_fn::<N>(),
            Layout::MaskCt => t.mask_ct_fn::<N>(),
        },
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx512(t) => match layout {
            Layout::MaskCt => t.mask_ct_fn::<N>(),
            _ => select::<N>(Kernel::Portable, layout),
        },
        Kernel::Portable => match layout {
            Layout::Nibble => lookup::<N, 4, Words<N>>,
            Layout::Chunk5 => lookup::<N, 5, Words<N>>,
            Layout::Chunk6 => lookup::<N, 6, Words<N>>,
            Layout::Byte => lookup::<N, 8, Words<N>>,
            Layout::NibbleScanCt => scan_ct::<N, Words<N>>,
            Layout::MaskCt => mask_ct_portable::<N>,
        },
    }
}

/// A batch evaluation function: `(table, bits, a, out) ↦ out[i] = L(a[i])` for
/// `i < min(a.len(), out.len())`.
pub type ManyFn<const N: usize> = fn(&[Lane], usize, &[[u64; N]], &mut [[u64; N]]);

/// The portable batch loop over a single-element kernel (inlined into the loop).
#[inline(always)]
fn many_with<const N: usize>(
    f: impl Fn(&[Lane], usize, &[u64; N]) -> [u64; N],
    table: &[Lane],
    bits: usize,
    a: &[[u64; N]],
    out: &mut [[u64; N]],
) {
    for (o, x) in out.iter_mut().zip(a) {
        *o = f(table, bits, x);
    }
}

fn lookup_many<const N: usize, const W: usize>(
    table: &[Lane],
    bits: usize,
    a: &[[u64; N]],
    out: &mut [[u64; N]],
) {
    many_with(lookup::<N, W, Words<N>>, table, bits, a, out)
}

fn scan_many<const N: usize>(table: &[Lane], bits: usize, a: &[[u64; N]], out: &mut [[u64; N]]) {
    many_with(scan_ct::<N, Words<N>>, table, bits, a, out)
}

fn mask_ct_many<const N: usize>(table: &[Lane], bits: usize, a: &[[u64; N]], out: &mut [[u64; N]]) {
    many_with(mask_ct_portable::<N>, table, bits, a, out)
}

/// The batch function evaluating a map stored in `layout` with `kernel` (the loop
/// over the elements inside the kernel's feature-enabled function), chosen once.
pub fn select_many<const N: usize>(kernel: Kernel, layout: Layout) -> ManyFn<N> {
    match kernel {
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2(t) => match layout {
            Layout::Nibble => t.lookup_many_fn::<N, 4>(),
            Layout::Chunk5 => t.lookup_many_fn::<N, 5>(),
            Layout::Chunk6 => t.lookup_many_fn::<N, 6>(),
            Layout::Byte => t.lookup_many_fn::<N, 8>(),
            Layout::NibbleScanCt => t.scan_many_fn::<N>(),
            Layout::MaskCt => t.mask_ct_many_fn::<N>(),
        },
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx512(t) => match layout {
            Layout::MaskCt => t.mask_ct_many_fn::<N>(),
            _ => select_many::<N>(Kernel::Portable, layout),
        },
        Kernel::Portable => match layout {
            Layout::Nibble => lookup_many::<N, 4>,
            Layout::Chunk5 => lookup_many::<N, 5>,
            Layout::Chunk6 => lookup_many::<N, 6>,
            Layout::Byte => lookup_many::<N, 8>,
            Layout::NibbleScanCt => scan_many::<N>,
            Layout::MaskCt => mask_ct_many::<N>,
        },
    }
}

/// Evaluates a map stored in `layout` with `kernel`.
#[inline]
pub fn apply<const N: usize>(
    kernel: Kernel,
    layout: Layout,
    table: &[Lane],
    bits: usize,
    a: &[u64; N],
) -> [u64; N] {
    match kernel {
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx2(t) => match layout {
            Layout::Nibble => t.lookup::<N, 4>(table, bits, a),
            Layout::Chunk5 => t.lookup::<N, 5>(table, bits, a),
            Layout::Chunk6 => t.lookup::<N, 6>(table, bits, a),
            Layout::Byte => t.lookup::<N, 8>(table, bits, a),
            Layout::NibbleScanCt => t.scan_ct::<N>(table, bits, a),
            Layout::MaskCt => t.mask_ct::<N>(table, bits, a),
        },
        #[cfg(target_arch = "x86_64")]
        Kernel::Avx512(t) => match layout {
            Layout::MaskCt => t.mask_ct::<N>(table, bits, a),
            _ => apply(Kernel::Portable, layout, table, bits, a),
        },
        Kernel::Portable => match layout {
            Layout::Nibble => lookup::<N, 4, Words<N>>(table, bits, a),
            Layout::Chunk5 => lookup::<N, 5, Words<N>>(table, bits, a),
            Layout::Chunk6 => lookup::<N, 6, Words<N>>(table, bits, a),
            Layout::Byte => lookup::<N, 8, Words<N>>(table, bits, a),
            Layout::NibbleScanCt => scan_ct::<N, Words<N>>(table, bits, a),
            Layout::MaskCt => mask_ct_portable(table, bits, a),
        },
    }
}
