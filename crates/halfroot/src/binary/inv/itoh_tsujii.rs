//! Itoh–Tsujii inversion: `a⁻¹ = a^(2^d − 2) = (a^(2^(d−1) − 1))²`.
//!
//! Source: Itoh & Tsujii, "A fast algorithm for computing multiplicative inverses in
//! GF(2^m) using normal bases", Inf. Comput. 78 (1988); polynomial-basis form with
//! multi-squaring tables: Guajardo–Paar (2002), Bos–Kleinjung–Niederhagen–Schwabe
//! (CHES 2010, "ECC2K-130 on Cell CPUs", multi-squaring as a linear map) and Taverne et al.
//! CHES 2011 §4.
//!
//! With `β_k = a^(2^k − 1)`: `β_{2k} = β_k^(2^k)·β_k` and `β_{k+1} = β_k²·a`, walking the
//! bits of `e = d − 1` from the top. Cost: (d − 2) squarings + ⌊log₂ e⌋ + wt(e) − 1
//! multiplications, then one squaring.
//! * `inv`: plain squarings; constant time (the chain depends only on d).
//! * `inv_matrices`: long squaring runs (k ≥ a threshold) replaced by the matrix of
//!   `x ↦ x^(2^k)` applied as `Σ_i (−x_i & c_i)` over all d columns; constant time.
//! * `inv_tables`: long squaring runs `x ↦ x^(2^k)` (k ≥ a threshold) replaced by the
//!   F_2-linear map stored as nibble tables (`T_j[v] = (v·x^{4j})^(2^k)`, 16 entries per
//!   nibble of the input, ⌈d/4⌉·16·N words per k); variable time (secret table index).
//!
//! Precondition: `d ≥ 2`, `P` irreducible (else the result is some element, not an inverse).

use crate::binary::backend::Engine;
use crate::binary::modulus::ModulusSpec;

/// The addition chain for `e = d − 1`: the successive values of `k` that are doubled
/// (each doubling costs a `k`-fold squaring and a multiplication), in order, and after
/// each one whether a `+1` step follows.
pub fn chain(d: u32) -> Vec<(u32, bool)> {
    let e = d.saturating_sub(1).max(1);
    let mut out = Vec::new();
    let mut k = 1u32;
    let top = 31 - e.leading_zeros();
    for bit in (0..top).rev() {
        let plus = (e >> bit) & 1 == 1;
        out.push((k, plus));
        k = 2 * k + u32::from(plus);
    }
    out
}

/// `a^(2^d − 2)` by the chain with `sqr_k` for the doubling steps (`x ↦ x^(2^k)`: plain
/// squarings, matrices or tables).
///
/// `sqr_k` is a `dyn` callback and `run` is never inlined: one compiled chain per field
/// (its multiplications and squarings inline the engine's kernels), not one per way of
/// squaring. Generic over the callback, `run` was compiled three times per field: 301
/// instances and 147 s of LLVM time in the `binary` test binary alone (session 38's
/// trace). The cost is one indirect call per doubling step (⌊log₂(d − 1)⌋ ≤ 9 of them,
/// each a k-fold squaring of dozens to hundreds of nanoseconds).
#[inline(never)]
fn run<const N: usize, M: ModulusSpec>(
    e: Engine,
    m: &M,
    a: &[u64; N],
    sqr_k: &dyn Fn(&[u64; N], u32) -> [u64; N],
) -> [u64; N] {
    let mut beta = *a;
    for (k, plus) in chain(m.degree()) {
        let t = sqr_k(&beta, k);
        beta = e.mul(m, &t, &beta);
        if plus {
            let t = e.sqr(m, &beta);
            beta = e.mul(m, &t, a);
        }
    }
    e.sqr(m, &beta)
}

/// `a⁻¹` (and `0 ↦ 0`) with plain squarings. Constant time.
pub(crate) fn inv<const N: usize, M: ModulusSpec>(e: Engine, m: &M, a: &[u64; N]) -> [u64; N] {
    run(e, m, a, &|x, k| e.sqr_n(m, x, k))
}

/// The columns `c_i = (x^i)^(2^k) mod P`, `i < d`, of the F_2-linear map `x ↦ x^(2^k)`.
fn columns<const N: usize, M: ModulusSpec>(e: Engine, m: &M, k: u32) -> Vec<[u64; N]> {
    let d = m.degree() as usize;
    let mut x = [0u64; N];
    if d > 1 {
        x[0] = 2;
    }
    let xk = e.sqr_n(m, &x, k);
    let mut col = [0u64; N];
    col[0] = 1;
    let mut out = Vec::with_capacity(d);
    for _ in 0..d {
        out.push(col);
        col = e.mul(m, &col, &xk);
    }
    out
}

/// Multi-squaring tables for the long runs of one field's chain.
#[derive(Clone)]
pub struct Tables<const N: usize> {
    /// (k, nibble table of x ↦ x^(2^k)), entries `16·j + v`.
    maps: Vec<(u32, Vec<[u64; N]>)>,
}

impl<const N: usize> core::fmt::Debug for Tables<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let ks: Vec<u32> = self.maps.iter().map(|(k, _)| *k).collect();
        f.debug_struct("Tables").field("k", &ks).finish()
    }
}

/// Upper bound on the memory spent on tables for one field (bytes).
pub const TABLE_BUDGET: usize = 8 << 20;

impl<const N: usize> Tables<N> {
    /// The smallest `k` for which a table replaces `k` squarings: a table costs about
    /// `⌈d/4⌉·N` word loads and xors (two per cycle), a squaring (latency-bound in a
    /// chain) `sqr_cycles` (see `Engine::chain_sqr_cycles`: 8 + 2N with shift
    /// reductions, 4 + N with the fold reduction).
    pub fn threshold(d: u32, sqr_cycles: usize) -> u32 {
        let cost = (d as usize).div_ceil(4) * N / 2;
        (cost / sqr_cycles.max(1)).max(4) as u32
    }

    /// Builds the tables for the chain of `m` (none when they would exceed
    /// [`TABLE_BUDGET`]).
    pub(crate) fn new<M: ModulusSpec>(e: Engine, m: &M) -> Tables<N> {
        let d = m.degree();
        let nib = (d as usize).div_ceil(4);
        let th = Self::threshold(d, e.chain_sqr_cycles::<N, M>(m));
        let ks: Vec<u32> = chain(d)
            .into_iter()
            .map(|(k, _)| k)
            .filter(|&k| k >= th)
            .collect();
        let bytes = ks.len() * nib * 16 * N * 8;
        if bytes > TABLE_BUDGET || N * 64 < d as usize {
            return Tables { maps: Vec::new() };
        }
        let maps = ks
            .into_iter()
            .map(|k| {
                let cols: Vec<[u64; N]> = columns(e, m, k);
                let mut t = vec![[0u64; N]; nib * 16];
                for j in 0..nib {
                    for v in 1..16usize {
                        let low = v & (v - 1);
                        let bit = 4 * j + v.trailing_zeros() as usize;
                        let mut r = t[16 * j + low];
                        if let Some(c) = cols.get(bit) {
                            for (w, c) in r.iter_mut().zip(c.iter()) {
                                *w ^= c;
                            }
                        }
                        t[16 * j + v] = r;
                    }
                }
                (k, t)
            })
            .collect();
        Tables { maps }
    }

    /// The table for `k`, if one was built.
    fn get(&self, k: u32) -> Option<&[[u64; N]]> {
        self.maps
            .iter()
            .find(|(kk, _)| *kk == k)
            .map(|(_, t)| t.as_slice())
    }

    /// `x^(2^k)` by table (variable time) when one exists for `k`.
    pub(crate) fn apply(&self, k: u32, x: &[u64; N]) -> Option<[u64; N]> {
        let t = self.get(k)?;
        let mut r = [0u64; N];
        for (j, chunk) in t.chunks_exact(16).enumerate() {
            let v = ((x[j / 16] >> (4 * (j % 16))) & 15) as usize;
            for (w, c) in r.iter_mut().zip(chunk[v].iter()) {
                *w ^= c;
            }
        }
        Some(r)
    }
}

/// `a⁻¹` (and `0 ↦ 0`) with tables for the long squaring runs. Variable time.
pub(crate) fn inv_tables<const N: usize, M: ModulusSpec>(
    e: Engine,
    m: &M,
    t: &Tables<N>,
    a: &[u64; N],
) -> [u64; N] {
    run(e, m, a, &|x, k| match t.apply(k, x) {
        Some(r) => r,
        None => e.sqr_n(m, x, k),
    })
}

/// The matrices (columns) of `x ↦ x^(2^k)` for the long runs of one field's chain,
/// applied in constant time: `Σ_i (−x_i & c_i)` visits every column.
#[derive(Clone)]
pub struct Matrices<const N: usize> {
    /// (k, columns, transposed columns `t[w·d4 + i]` with `d4 = 4⌈d/4⌉`).
    maps: Vec<(u32, Vec<[u64; N]>, Vec<u64>)>,
    // Read by the x86-64 kernel only.
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    d4: usize,
}

impl<const N: usize> core::fmt::Debug for Matrices<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let ks: Vec<u32> = self.maps.iter().map(|(k, _, _)| *k).collect();
        f.debug_struct("Matrices").field("k", &ks).finish()
    }
}

impl<const N: usize> Matrices<N> {
    /// The smallest `k` for which a matrix replaces `k` squarings: a matrix costs about
    /// `⌈d/4⌉·(3 + 2N)/3` cycles (four columns per 256-bit step), a squaring in a chain
    /// `sqr_cycles` (as for [`Tables::threshold`]).
    pub fn threshold(d: u32, sqr_cycles: usize) -> u32 {
        let cost = (d as usize).div_ceil(4) * (3 + 2 * N) / 3;
        (cost / sqr_cycles.max(1)).max(4) as u32
    }

    /// Builds the matrices for the chain of `m` (none beyond [`TABLE_BUDGET`]).
    pub(crate) fn new<M: ModulusSpec>(e: Engine, m: &M) -> Matrices<N> {
        let d = m.degree();
        let th = Self::threshold(d, e.chain_sqr_cycles::<N, M>(m));
        let ks: Vec<u32> = chain(d)
            .into_iter()
            .map(|(k, _)| k)
            .filter(|&k| k >= th)
            .collect();
        let d4 = (d as usize).div_ceil(4) * 4;
        if ks.len() * d4 * N * 16 > TABLE_BUDGET || N * 64 < d4 {
            return Matrices {
                maps: Vec::new(),
                d4,
            };
        }
        let maps = ks
            .into_iter()
            .map(|k| {
                let cols: Vec<[u64; N]> = columns(e, m, k);
                let mut t = vec![0u64; N * d4];
                for (i, c) in cols.iter().enumerate() {
                    for (w, &v) in c.iter().enumerate() {
                        t[w * d4 + i] = v;
                    }
                }
                (k, cols, t)
            })
            .collect();
        Matrices { maps, d4 }
    }

    /// `x^(2^k)` in constant time when a matrix exists for `k` (whether one exists
    /// depends only on the field).
    pub(crate) fn apply(&self, k: u32, x: &[u64; N]) -> Option<[u64; N]> {
        let (_, cols, tr) = self.maps.iter().find(|(kk, _, _)| *kk == k)?;
        #[cfg(target_arch = "x86_64")]
        if let Some(t) = crate::binary::backend::x86_64::Avx2::detect() {
            use crate::binary::backend::x86_64::masked_column_sum_transposed;
            if let Some(r) = masked_column_sum_transposed(t, tr, self.d4, x) {
                return Some(r);
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = tr;
        let mut r = [0u64; N];
        for (i, c) in cols.iter().enumerate() {
            // black_box hides that the mask is 0 or all-ones, so the compiler cannot turn
            // the masked xor into a branch on the secret bit (it does without it).
            let mask = core::hint::black_box(((x[i / 64] >> (i % 64)) & 1).wrapping_neg());
            for (w, c) in r.iter_mut().zip(c.iter()) {
                *w ^= c & mask;
            }
        }
        Some(r)
    }
}

/// `a⁻¹` (and `0 ↦ 0`) with constant-time matrices for the long squaring runs.
pub(crate) fn inv_matrices<const N: usize, M: ModulusSpec>(
    e: Engine,
    m: &M,
    t: &Matrices<N>,
    a: &[u64; N],
) -> [u64; N] {
    run(e, m, a, &|x, k| match t.apply(k, x) {
        Some(r) => r,
        None => e.sqr_n(m, x, k),
    })
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn chain_reaches_d_minus_one() {
        for d in 2..600u32 {
            let mut k = 1;
            let mut muls = 0;
            for (kk, plus) in chain(d) {
                assert_eq!(kk, k);
                k = 2 * k + u32::from(plus);
                muls += 1 + u32::from(plus);
            }
            assert_eq!(k, (d - 1).max(1), "d = {d}");
            let e = (d - 1).max(1);
            assert_eq!(muls, (31 - e.leading_zeros()) + e.count_ones() - 1);
        }
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] =
        &[("chain_reaches_d_minus_one", chain_reaches_d_minus_one)];
}
