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
//! Cost: ⌈log₂ d⌉ even/odd splits of shrinking length, ⌈⌊d/2⌋/4⌉ lookups of N words.
//! Table: ⌈⌊d/2⌋/4⌉ · 16 · N words. Constant-time: no — the table indices are α's bits
//! (cache-timing leak); the loop structure depends on d only.

use crate::binary::sqrt::backend::{self, ODD_MASK};

/// A precomputed linear solver / half-trace table.
#[derive(Clone, Debug)]
pub struct SolveTable<const N: usize> {
    groups: Vec<[[u64; N]; 16]>,
    bit0: [u64; N],
    degree: u32,
}

/// The number of bytes of a table for degree `degree` with `n` words per element.
pub fn table_bytes(degree: u32, n: usize) -> usize {
    ((degree as usize / 2).div_ceil(4) * 16 + 1) * n * 8
}

impl<const N: usize> SolveTable<N> {
    /// Builds the table of a linear map G given on the basis elements that matter:
    /// `image(k)` = G(x^k) for k = 0 and every odd k < d.
    pub fn new(degree: u32, image: impl Fn(u32) -> [u64; N]) -> Self {
        let odd_count = degree / 2; // odd positions 1, 3, …, < d
        let group_count = odd_count.div_ceil(4) as usize;
        let mut groups = vec![[[0u64; N]; 16]; group_count];
        for (j, group) in groups.iter_mut().enumerate() {
            let mut singles = [[0u64; N]; 4];
            for (b, single) in singles.iter_mut().enumerate() {
                let k = 8 * j as u32 + 2 * b as u32 + 1;
                if k < degree {
                    *single = image(k);
                }
            }
            for (n, entry) in group.iter_mut().enumerate() {
                let mut e = [0u64; N];
                for (bit, single) in singles.iter().enumerate() {
                    if (n >> bit) & 1 == 1 {
                        for (x, y) in e.iter_mut().zip(single.iter()) {
                            *x ^= y;
                        }
                    }
                }
                *entry = e;
            }
        }
        SolveTable {
            groups,
            bit0: image(0),
            degree,
        }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        (self.groups.len() * 16 + 1) * N * 8
    }

    /// `(G'(a), S)`: G'(a) as in the module docs and S the sum of the folded even parts
    /// (so that H(a) = G'(a) + Tr(S) when G = H).
    #[inline]
    pub fn apply(&self, a: &[u64; N]) -> ([u64; N], [u64; N]) {
        let mut len = self.degree as usize; // bit length bound of `cur`
        let mut cur = *a;
        let b0 = cur[0] & 1;
        cur[0] &= !1;
        let mut odd = [0u64; N];
        let mut s = [0u64; N];
        while len > 64 {
            let words = len.div_ceil(64).min(N);
            for i in 0..words {
                odd[i] ^= cur[i] & ODD_MASK;
            }
            // E: bits 2i (i ≥ 1; bit 0 of cur is clear) to bit i.
            let (even, _) = backend::split(&cur, words);
            cur = even;
            for i in 0..words {
                s[i] ^= cur[i];
            }
            len = len.div_ceil(2);
        }
        // One word left: fold in registers.
        let mut w = cur[0];
        let mut o = 0u64;
        let mut e_sum = 0u64;
        while len > 2 {
            o ^= w & ODD_MASK;
            w = backend::compress_even_word(w) as u64;
            e_sum ^= w;
            len = len.div_ceil(2);
        }
        o ^= w & ODD_MASK;
        odd[0] ^= o;
        s[0] ^= e_sum;
        let (_, packed) = backend::split(&odd, self.degree.div_ceil(64) as usize);
        let mut acc = s;
        let mask = b0.wrapping_neg();
        for (x, y) in acc.iter_mut().zip(self.bit0.iter()) {
            *x ^= y & mask;
        }
        for (j, group) in self.groups.iter().enumerate() {
            let nib = ((packed[j / 16] >> (4 * (j % 16))) & 15) as usize;
            let e = &group[nib];
            for (x, y) in acc.iter_mut().zip(e.iter()) {
                *x ^= y;
            }
        }
        (acc, s)
    }
}
