//! Addition chains for the Itoh–Tsujii exponent `e = d − 1`.
//!
//! Source: Itoh & Tsujii (1988) for the use of a chain for `d − 1`; Knuth, TAOCP vol. 2
//! §4.6.3 for addition chains (the binary method and the "powers of two, then the set
//! bits" chain below); Guajardo–Paar (2002) for the cost model "one multiplication and
//! `c_j` squarings per step".
//!
//! A chain is `c_0 = 1, c_1, …, c_r = e` with every `c_i = c_j + c_l` (`j, l < i`); with
//! `β_c = a^(2^c − 1)` each step is `β_{c_j + c_l} = β_{c_j}^(2^{c_l}) · β_{c_l}`: one
//! multiplication and a `c_l`-fold squaring (done by squarings or by a precomputed
//! multi-squaring map). The chain depends only on d, so walking it is constant time.
//!
//! * [`Chain::binary`]: left-to-right binary method, ⌊log₂ e⌋ + wt(e) − 1 steps, every
//!   squaring count distinct (`k, 2k or 2k + 1, …`).
//! * [`Chain::powers`]: doublings `1, 2, 4, …, 2^t ≤ e`, then the other set bits of `e`
//!   added from the largest down; the same number of steps, but the squaring counts are
//!   only powers of two (at most `t` distinct ones), so fewer maps to store.

/// One step: value `values[from] + values[add]`, computed as
/// `β_from^(2^values[add]) · β_add`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// Index of the value that is raised to `2^(values[add])`.
    pub from: usize,
    /// Index of the value that is added (its value is the squaring count).
    pub add: usize,
}

/// An addition chain for `e`, starting at 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// `c_0 = 1, c_1, …`; `values[i + 1]` is the result of `steps[i]`.
    values: Vec<u32>,
    steps: Vec<Step>,
}

/// The longest chain [`Chain::binary`]/[`Chain::powers`] build (`e < 2^16`) — the number
/// of values an inversion keeps on the stack.
pub const MAX_VALUES: usize = 34;

impl Chain {
    /// The left-to-right binary chain of `e ≥ 1` (`e = 0` is treated as 1).
    pub fn binary(e: u32) -> Chain {
        let e = e.max(1);
        let mut values = vec![1u32];
        let mut steps = Vec::new();
        let top = 31 - e.leading_zeros();
        for bit in (0..top).rev() {
            let cur = values.len() - 1;
            values.push(2 * values[cur]);
            steps.push(Step {
                from: cur,
                add: cur,
            });
            if (e >> bit) & 1 == 1 {
                let cur = values.len() - 1;
                values.push(values[cur] + 1);
                steps.push(Step { from: cur, add: 0 });
            }
        }
        Chain { values, steps }
    }

    /// Doublings up to the top bit of `e`, then the lower set bits added largest first.
    pub fn powers(e: u32) -> Chain {
        let e = e.max(1);
        let mut values = vec![1u32];
        let mut steps = Vec::new();
        let top = 31 - e.leading_zeros();
        for i in 0..top as usize {
            values.push(2 * values[i]);
            steps.push(Step { from: i, add: i });
        }
        for bit in (0..top as usize).rev() {
            if (e >> bit) & 1 == 1 {
                let cur = values.len() - 1;
                values.push(values[cur] + values[bit]);
                steps.push(Step {
                    from: cur,
                    add: bit,
                });
            }
        }
        Chain { values, steps }
    }

    /// The values `c_0 = 1, …, c_r`.
    pub fn values(&self) -> &[u32] {
        &self.values
    }

    /// The steps.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// The last value (the exponent reached).
    pub fn target(&self) -> u32 {
        self.values.last().copied().unwrap_or(1)
    }

    /// The squaring count of each step.
    pub fn squaring_counts(&self) -> impl Iterator<Item = u32> + '_ {
        self.steps.iter().map(|s| self.values[s.add])
    }
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn check(c: &Chain, e: u32) {
        assert_eq!(c.values()[0], 1);
        assert_eq!(c.values().len(), c.steps().len() + 1);
        for (i, s) in c.steps().iter().enumerate() {
            assert!(s.from <= i && s.add <= i, "e = {e}");
            assert_eq!(c.values()[i + 1], c.values()[s.from] + c.values()[s.add]);
        }
        assert_eq!(c.target(), e.max(1));
        assert!(c.values().len() <= MAX_VALUES);
        // Both have ⌊log₂ e⌋ + wt(e) − 1 steps.
        let e = e.max(1);
        assert_eq!(
            c.steps().len() as u32,
            (31 - e.leading_zeros()) + e.count_ones() - 1
        );
    }

    fn chains_reach_their_target() {
        for e in (0..2000u32).chain([65535]) {
            check(&Chain::binary(e), e);
            check(&Chain::powers(e), e);
        }
    }

    fn powers_chain_of_162_matches_hand_chain() {
        // 1, 2, 4, …, 128, 160 = 128 + 32, 162 = 160 + 2.
        assert_eq!(
            Chain::powers(162).values(),
            &[1, 2, 4, 8, 16, 32, 64, 128, 160, 162]
        );
        let ks: Vec<u32> = Chain::powers(162).squaring_counts().collect();
        assert_eq!(ks, [1, 2, 4, 8, 16, 32, 64, 32, 2]);
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        ("chains_reach_their_target", chains_reach_their_target),
        (
            "powers_chain_of_162_matches_hand_chain",
            powers_chain_of_162_matches_hand_chain,
        ),
    ];
}
