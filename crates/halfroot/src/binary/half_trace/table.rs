//! Table half-trace and quadratic solver: even-bit folding, then one lookup per four
//! odd-indexed bits.
//!
//! Source: Avanzi §3.3 (tables of H(ℓ0 x^(8i+1) + ℓ1 x^(8i+3) + ℓ2 x^(8i+5) + ℓ3 x^(8i+7)),
//! all 15 nonzero (ℓ0..ℓ3) per i); Fong et al. 2004 §3.2 (removal of even powers).
//!
//! Even powers. Write α = o + E² where o holds bit 0 and the odd-indexed bits of α and
//! E = Σ_{i≥1} a_{2i} x^i. Since H(E²) = H(E)² = H(E) + E + Tr(E),
//! H(α) = H(o) + E + Tr(E) + H(E), and E is folded again the same way (its bit
//! length halves each time). Summing over the levels, with O = Σ o_k and S = Σ E_k:
//!
//!   H(α) = H(O) + S + Tr(S),
//!
//! and H(O) is read from the table: nibble j of the compressed odd bits of O (bits
//! 8j+1, 8j+3, 8j+5, 8j+7 of O, i.e. the odd bits of its byte j) indexes group j.
//! (The paper prints H(x^(2i)) = H(x^i) + x^(2i) + Tr(x^(2i)); the correct identity,
//! from H(β)² + H(β) = β + Tr(β), has x^i in the middle.)
//!
//! Solver. The same evaluation with any F_2-linear G satisfying
//! G(β)² + G(β) = β + Tr(β)·c (c fixed, Tr(c) = 1) in place of H gives
//! G'(α) = G(O) + S with G'(α)² + G'(α) = α + Tr(α)·c, hence a root of λ² + λ = α when
//! Tr(α) = 0. For odd d, G = H (c = 1); for even d, G comes from Gaussian elimination
//! ([`crate::binary::quadratic`]).
//!
//! Cost: the even-bit folding ([`super::backend`]: every level at once, by stride
//! gathers), then one [`LinearMap`] evaluation over the ⌊d/2⌋ compressed odd bits: ⌈⌊d/2⌋/4⌉
//! nibble lookups ([`Layout::Nibble`], the paper's layout) or ⌈⌊d/2⌋/8⌉ byte lookups
//! ([`Layout::Byte`]). Table: as [`Layout::table_bytes`] for ⌊d/2⌋ bits.
//! Constant-time: no with a lookup layout (cache timing); the folds are, and so is the
//! whole with [`Layout::MaskCt`] ([`HalfTraceMethod::FoldedMaskCt`](super::HalfTraceMethod::FoldedMaskCt)).

use super::backend::{self, Folded};
use crate::binary::linear_map::{Layout, LinearMap};

/// A precomputed linear solver / half-trace table over the odd bits.
#[derive(Clone, Debug)]
pub struct SolveTable<const N: usize> {
    map: LinearMap<N>,
    bit0: [u64; N],
    degree: u32,
}

impl<const N: usize> SolveTable<N> {
    /// Builds the table of a linear map G given on the basis elements that matter:
    /// `image(k)` = G(x^k) for k = 0 and every odd k < d.
    pub fn new(degree: u32, layout: Layout, image: impl Fn(u32) -> [u64; N]) -> Self {
        let columns: Vec<[u64; N]> = (0..degree / 2).map(|i| image(2 * i + 1)).collect();
        SolveTable {
            map: LinearMap::new(&columns, layout),
            bit0: image(0),
            degree,
        }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.map.bytes() + N * 8
    }

    /// The table of the odd bits.
    pub fn map(&self) -> &LinearMap<N> {
        &self.map
    }

    /// `(G'(a), S)`: G'(a) as in the module docs and S the sum of the folded even parts
    /// (so that H(a) = G'(a) + Tr(S) when G = H).
    #[inline]
    pub fn apply(&self, a: &[u64; N]) -> ([u64; N], [u64; N]) {
        self.finish(backend::fold(a, self.degree))
    }

    /// As [`SolveTable::apply`] with the portable folding and table kernels.
    pub fn apply_portable(&self, a: &[u64; N]) -> ([u64; N], [u64; N]) {
        let f = backend::fold_portable(a, self.degree);
        let mut acc = self.map.apply_portable(&f.packed);
        self.add_rest(&mut acc, &f);
        (acc, f.s)
    }

    #[inline(always)]
    fn finish(&self, f: Folded<N>) -> ([u64; N], [u64; N]) {
        let mut acc = self.map.apply(&f.packed);
        self.add_rest(&mut acc, &f);
        (acc, f.s)
    }

    #[inline(always)]
    fn add_rest(&self, acc: &mut [u64; N], f: &Folded<N>) {
        // The barrier keeps the compiler from branching on bit 0 of α (secret under
        // `HalfTraceMethod::FoldedMaskCt`), as in the masked-row kernels.
        let mask = crate::prime::backend::ct_barrier::mask(f.bit0.wrapping_neg());
        for ((x, y), s) in acc.iter_mut().zip(self.bit0.iter()).zip(f.s.iter()) {
            *x ^= (y & mask) ^ s;
        }
    }
}
