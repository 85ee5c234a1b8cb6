//! Direct table half-trace / solver: one lookup per W bits of α, no even-bit folding.
//!
//! Source: the linearity of H (Avanzi §3.3) taken to its simplest use, as in the
//! byte-wise tables of RELIC's `fb_slv` (table of H(v·x^(Wj)) for every W-bit value v
//! and every position j). Compared with [`super::table`], it does ~2× more lookups
//! (W = 4) or as many (W = 8, 16× more memory) but no bit compression at all.
//! Cost: ⌈d/W⌉ lookups of N words. Table: ⌈d/W⌉·2^W·N words.
//! Constant-time: [`DirectTable::apply`] no — the table indices are α's bits (cache
//! timing); [`DirectTable::apply_ct`] yes — it reads every entry of every group and
//! keeps the wanted one with a mask (2^W times the memory traffic).

/// A table of G(v·x^(W·j)) for every W-bit value v and group j (W = 4 or 8).
#[derive(Clone, Debug)]
pub struct DirectTable<const N: usize, const W: usize> {
    entries: Vec<[u64; N]>,
    groups: usize,
}

/// The number of bytes of a W-bit direct table for degree `degree`, `n` words.
pub fn table_bytes(degree: u32, n: usize, w: usize) -> usize {
    (degree as usize).div_ceil(w) * (1 << w) * n * 8
}

impl<const N: usize, const W: usize> DirectTable<N, W> {
    /// Builds the table of the linear map with `image[k]` = G(x^k), k < d.
    pub fn new(degree: u32, image: &[[u64; N]]) -> Self {
        let groups = (degree as usize).div_ceil(W);
        let size = 1usize << W;
        let mut entries = vec![[0u64; N]; groups * size];
        for j in 0..groups {
            let base = j * size;
            for v in 1..size {
                let low = v & (v - 1);
                let b = v.trailing_zeros() as usize;
                let k = W * j + b;
                let mut e = entries[base + low];
                if let Some(single) = image.get(k) {
                    for (x, y) in e.iter_mut().zip(single.iter()) {
                        *x ^= y;
                    }
                }
                entries[base + v] = e;
            }
        }
        DirectTable { entries, groups }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * N * 8
    }

    /// `G(a)`.
    #[inline]
    pub fn apply(&self, a: &[u64; N]) -> [u64; N] {
        let mask = (1u64 << W) - 1;
        let mut acc = [0u64; N];
        for (j, group) in self
            .entries
            .chunks_exact(1 << W)
            .enumerate()
            .take(self.groups)
        {
            let bit = W * j;
            let v = ((a[bit / 64] >> (bit % 64)) & mask) as usize;
            if let Some(e) = group.get(v) {
                for (x, y) in acc.iter_mut().zip(e.iter()) {
                    *x ^= y;
                }
            }
        }
        acc
    }

    /// `G(a)`, constant-time: every entry is read, the wanted one selected by a mask.
    pub fn apply_ct(&self, a: &[u64; N]) -> [u64; N] {
        let mask = (1u64 << W) - 1;
        let mut acc = [0u64; N];
        for (j, group) in self
            .entries
            .chunks_exact(1 << W)
            .enumerate()
            .take(self.groups)
        {
            let bit = W * j;
            let v = (a[bit / 64] >> (bit % 64)) & mask;
            for (idx, e) in group.iter().enumerate() {
                // all-ones iff idx == v, without a branch: (x − 1) >> 63 of x = idx ^ v is
                // 1 only for x = 0 (x < 2^W).
                let sel = ((idx as u64 ^ v).wrapping_sub(1) >> 63).wrapping_neg();
                for (x, y) in acc.iter_mut().zip(e.iter()) {
                    *x ^= y & sel;
                }
            }
        }
        acc
    }
}
