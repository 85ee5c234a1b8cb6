//! Even-bit folding of the table half-trace ([`super::table`]): the portable kernels
//! and the dispatch to the BMI2 one in [`x86_64`].
//!
//! Source: Avanzi §3.3 / Fong et al. 2004 §3.2 (see [`super::table`] for the identity).
//! The folding computes, for α with bit 0 cleared, the levels E_0 = α and
//! E_k = E_(k−1)'s even bits compressed (bit 2i → bit i), O = Σ_k odd(E_k) and
//! S = Σ_(k≥1) E_k. Level k is also α's bits at the multiples of 2^k gathered to the
//! bottom (bit 2^k·i → bit i), so every level can be read off α at once instead of one
//! after the other:
//!
//! - `fold_parallel_kernel`: every E_k at once, each word of α gathered by the strides
//!   2, 4, 8, 16 and 32 (five independent gathers; strides of 64 and more take bit 0 of
//!   the words), then S = Σ E_k, O = (α + S)'s odd bits. Latency: one gather (five
//!   mask-and-shift steps) + the sums + the final compression of O; cost about 60 word
//!   operations per word of α (portable) or 5 `pext` (BMI2).
//! - `fold_levels_kernel`: the levels one after the other while they span several
//!   words (one even-bit gather per word per level), then the last single word's
//!   remaining levels at once as above. Fewer operations than the parallel kernel when
//!   there are many words (its gathers of the high strides are then wasted on words
//!   the levels have already emptied), longer latency.
//!
//! [`fold`] takes the parallel kernel up to [`PARALLEL_MAX_WORDS`] words and the levels
//! above, with the BMI2 `pext` gathers where PEXT runs at full speed, else the portable
//! mask-and-shift gathers. Measured on an AMD Zen 1 (PEXT in microcode: the portable
//! gathers), session 34, a scratch harness timing chains of dependent folds (ns, two
//! runs): "before" the kernel this one replaced, which walked every level one after
//! the other with a full five-step split each (the multi-word levels by `pshufb` nibble
//! tables on this CPU, or all by shifts); "levels" and "parallel" scratch copies of the
//! two kernels inlined into the chain; "library" [`fold`] as shipped (one call, the
//! result through memory):
//!
//! | d | before (nibble tables) | before (shifts) | levels | parallel | library |
//! |---|---|---|---|---|---|
//! | 127 | 43 | 41 | 21–22 | 21 | 25–26 |
//! | 163 | 61–68 | 46 | 31–36 | 30–35 | 39–46 |
//! | 233 | 75–89 | 49–59 | 36–42 | 34–41 | 41–46 |
//! | 283 | 66 | 53 | 43–51 | 43–49 | 49–57 |
//! | 409 | 64 | 60 | 49–58 | 77–84 | 58–73 |
//! | 571 | 128 | 341 | 65–68 | 99–100 | 72–86 |
//!
//! Constant-time: yes (the loop structure depends on N and d only, no table is read).

use crate::binary::sqrt::backend::ODD_MASK;

#[cfg(target_arch = "x86_64")]
pub mod x86_64;

/// The result of folding α: `packed` holds the odd bits of O = Σ o_k compressed (bit
/// 2i + 1 of O at bit i), `s` = Σ E_k, and `bit0` bit 0 of α.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Folded<const N: usize> {
    /// The compressed odd bits of O.
    pub packed: [u64; N],
    /// S, the sum of the folded even parts.
    pub s: [u64; N],
    /// Bit 0 of α.
    pub bit0: u64,
}

/// The largest word count [`fold`] folds with `fold_parallel_kernel` (above it,
/// `fold_levels_kernel`; see the module documentation's table).
pub const PARALLEL_MAX_WORDS: usize = 5;
const _: () = assert!(PARALLEL_MAX_WORDS <= 64);

/// The mask of the bits at the multiples of `stride` (a power of two below 64).
pub const fn stride_mask(stride: u32) -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < 64 {
        m |= 1u64 << i;
        i += stride;
    }
    m
}

/// The mask after step `j` of the stride-`stride` gather: blocks of 2^(j+1) ones,
/// one every `stride`·2^(j+1) bits.
const fn step_mask(stride: u32, j: u32) -> u64 {
    let block = 1u32 << (j + 1);
    let period = stride * block;
    let mut m = 0u64;
    let mut i = 0u32;
    while i < 64 {
        let mut b = 0;
        while b < block && i + b < 64 {
            m |= 1u64 << (i + b);
            b += 1;
        }
        i += period;
    }
    m
}

/// Gathers the bits of a word at the multiples of 2^K (K = 1..=5) to the bottom: bit
/// 2^K·i goes to bit i, the other bits are dropped.
pub trait StrideGather {
    /// `w`'s bits at the multiples of 2^K, gathered.
    fn gather<const K: u32>(w: u64) -> u64;
}

/// [`StrideGather`] by the mask-and-shift cascade: 6 − K steps of a shift, an OR and
/// an AND (each step halves the number of groups).
pub struct CascadeGather;

impl StrideGather for CascadeGather {
    #[inline(always)]
    fn gather<const K: u32>(w: u64) -> u64 {
        let stride = 1u32 << K;
        let mut x = w & stride_mask(stride);
        let mut j = 0;
        while (stride << j) < 64 {
            x = (x | (x >> ((stride - 1) << j))) & step_mask(stride, j);
            j += 1;
        }
        x
    }
}

/// The compressed odd bits of every word of `a` (bit 2i + 1 of word j at bit 32j + i).
#[inline(always)]
fn compress_odd_words<const N: usize, G: StrideGather>(a: &[u64; N]) -> [u64; N] {
    let mut out = [0u64; N];
    for (j, w) in a.iter().enumerate() {
        out[j / 2] |= G::gather::<1>(w >> 1) << (32 * (j % 2));
    }
    out
}

/// Every level of the folding at once (see the module documentation). Always inlined
/// so that each backend compiles it with its gathers in registers. Requires N ≤ 64
/// (levels up to k = 11; [`fold_kernel`] takes it up to [`PARALLEL_MAX_WORDS`] words).
#[inline(always)]
fn fold_parallel_kernel<const N: usize, G: StrideGather>(a: &[u64; N]) -> Folded<N> {
    let mut x = *a;
    let bit0 = x[0] & 1;
    x[0] &= !1;
    // s = Σ_(k≥1) E_k. Level k ≤ 5 takes 64/2^k bits from word j of α, which land in
    // word j/2^k of E_k at bit 64/2^k·(j mod 2^k).
    let mut s = [0u64; N];
    let mut bits0 = 0u64;
    for (j, &w) in x.iter().enumerate() {
        s[j / 2] ^= G::gather::<1>(w) << (32 * (j % 2));
        s[j / 4] ^= G::gather::<2>(w) << (16 * (j % 4));
        s[j / 8] ^= G::gather::<3>(w) << (8 * (j % 8));
        s[j / 16] ^= G::gather::<4>(w) << (4 * (j % 16));
        s[j / 32] ^= G::gather::<5>(w) << (2 * (j % 32));
        bits0 |= (w & 1) << (j % 64);
    }
    // Levels k ≥ 6: E_6 has bit j = bit 0 of word j, E_(6+m) is E_6 gathered by
    // stride 2^m (bit 0 of word 0 is clear, so E_(6+m) = 0 once 2^m ≥ N).
    if N > 1 {
        let mut high = bits0 ^ G::gather::<1>(bits0);
        if N > 4 {
            high ^= G::gather::<2>(bits0);
        }
        if N > 8 {
            high ^= G::gather::<3>(bits0);
        }
        if N > 16 {
            high ^= G::gather::<4>(bits0);
        }
        if N > 32 {
            high ^= G::gather::<5>(bits0);
        }
        s[0] ^= high;
    }
    // O = Σ_(k≥0) odd(E_k) = odd(α + S).
    let mut odd = [0u64; N];
    for ((o, &w), &t) in odd.iter_mut().zip(x.iter()).zip(s.iter()) {
        *o = (w ^ t) & ODD_MASK;
    }
    Folded {
        packed: compress_odd_words::<N, G>(&odd),
        s,
        bit0,
    }
}

/// The levels of the folding one after the other while they span several words, then
/// the last word's at once (see the module documentation). Always inlined.
#[inline(always)]
fn fold_levels_kernel<const N: usize, G: StrideGather>(a: &[u64; N], degree: u32) -> Folded<N> {
    let mut len = degree as usize; // bit length bound of `cur`
    let mut cur = *a;
    let bit0 = cur[0] & 1;
    cur[0] &= !1;
    let mut odd = [0u64; N];
    let mut s = [0u64; N];
    while len > 64 {
        // Every loop below runs over all N words (constant trip counts, unrolled, the
        // arrays stay in registers); words past the current length are zero.
        let mut next = [0u64; N];
        for (j, (&w, o)) in cur.iter().zip(odd.iter_mut()).enumerate() {
            *o ^= w & ODD_MASK;
            next[j / 2] |= G::gather::<1>(w) << (32 * (j % 2));
        }
        cur = next;
        for (t, &e) in s.iter_mut().zip(cur.iter()) {
            *t ^= e;
        }
        len = len.div_ceil(2);
    }
    // One word w left (bit 0 clear): its levels E'_k are w gathered by stride 2^k,
    // all at once; E'_6 = bit 0 of w = 0.
    let w = cur[0];
    let e = G::gather::<1>(w)
        ^ G::gather::<2>(w)
        ^ G::gather::<3>(w)
        ^ G::gather::<4>(w)
        ^ G::gather::<5>(w);
    odd[0] ^= (w ^ e) & ODD_MASK;
    s[0] ^= e;
    Folded {
        packed: compress_odd_words::<N, G>(&odd),
        s,
        bit0,
    }
}

/// The kernel [`fold`] runs for N words: `fold_parallel_kernel` up to
/// [`PARALLEL_MAX_WORDS`], `fold_levels_kernel` above.
#[inline(always)]
pub fn fold_kernel<const N: usize, G: StrideGather>(a: &[u64; N], degree: u32) -> Folded<N> {
    if N <= PARALLEL_MAX_WORDS {
        fold_parallel_kernel::<N, G>(a)
    } else {
        fold_levels_kernel::<N, G>(a, degree)
    }
}

/// [`fold_kernel`] with the portable gathers.
pub fn fold_portable<const N: usize>(a: &[u64; N], degree: u32) -> Folded<N> {
    fold_kernel::<N, CascadeGather>(a, degree)
}

/// [`fold_kernel`] with the fastest gathers of this CPU: BMI2 `pext` where it runs at
/// full speed, else the portable cascade (on AMD Zen 1/2, whose PEXT is microcoded; the
/// `pshufb` nibble-table split the square root uses there was slower for the folding,
/// see the module documentation).
#[inline]
pub fn fold<const N: usize>(a: &[u64; N], degree: u32) -> Folded<N> {
    #[cfg(target_arch = "x86_64")]
    {
        if let Some(r) = x86_64::fold_bmi2(a, degree) {
            return r;
        }
    }
    fold_portable(a, degree)
}

/// The name of the folding kernel of this CPU (`"bmi2-pext"` or `"portable"`).
pub fn fold_backend_name() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    {
        if x86_64::bmi2_available() {
            return "bmi2-pext";
        }
    }
    "portable"
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;
    use rand::{RngCore, SeedableRng};

    /// The folding by its definition, bit by bit: α = o + E², E folded again.
    fn fold_naive<const N: usize>(a: &[u64; N], degree: u32) -> Folded<N> {
        let bit = |v: &[u64; N], i: usize| (v[i / 64] >> (i % 64)) & 1;
        let mut cur = *a;
        let bit0 = cur[0] & 1;
        cur[0] &= !1;
        let mut o = [0u64; N];
        let mut s = [0u64; N];
        let mut len = degree as usize;
        loop {
            let mut e = [0u64; N];
            for i in 0..len {
                if bit(&cur, i) == 1 {
                    if i % 2 == 1 {
                        o[i / 64] ^= 1 << (i % 64);
                    } else {
                        e[i / 128] ^= 1 << ((i / 2) % 64);
                    }
                }
            }
            if e == [0u64; N] && len <= 2 {
                break;
            }
            for (x, y) in s.iter_mut().zip(e.iter()) {
                *x ^= y;
            }
            cur = e;
            if len <= 2 {
                break;
            }
            len = len.div_ceil(2);
        }
        let mut packed = [0u64; N];
        for i in 0..(degree as usize) / 2 {
            if bit(&o, 2 * i + 1) == 1 {
                packed[i / 64] ^= 1 << (i % 64);
            }
        }
        Folded { packed, s, bit0 }
    }

    /// Random reduced elements, then the edge cases: 0, all ones, every single bit.
    fn inputs<const N: usize>(degree: u32) -> Vec<[u64; N]> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(degree as u64);
        let reduce = |mut a: [u64; N]| {
            for (i, w) in a.iter_mut().enumerate() {
                let lo = 64 * i as u32;
                if lo >= degree {
                    *w = 0;
                } else if degree - lo < 64 {
                    *w &= (1u64 << (degree - lo)) - 1;
                }
            }
            a
        };
        let mut out: Vec<[u64; N]> = (0..200)
            .map(|_| reduce(core::array::from_fn(|_| rng.next_u64())))
            .collect();
        out.push([0u64; N]);
        out.push(reduce([!0u64; N]));
        for i in 0..degree as usize {
            let mut a = [0u64; N];
            a[i / 64] = 1 << (i % 64);
            out.push(a);
        }
        out
    }

    fn check<const N: usize>(degree: u32) {
        for a in inputs::<N>(degree) {
            let want = fold_naive(&a, degree);
            if N <= 64 {
                let got = fold_parallel_kernel::<N, CascadeGather>(&a);
                assert_eq!(got, want, "parallel, d = {degree}");
            }
            let got = fold_levels_kernel::<N, CascadeGather>(&a, degree);
            assert_eq!(got, want, "levels, d = {degree}");
            assert_eq!(fold_portable(&a, degree), want, "portable, d = {degree}");
            assert_eq!(
                fold(&a, degree),
                want,
                "{}, d = {degree}",
                fold_backend_name()
            );
            #[cfg(target_arch = "x86_64")]
            if let Some((parallel, levels)) = x86_64::fold_bmi2_both_any_speed(&a, degree) {
                assert_eq!(parallel, want, "pext parallel, d = {degree}");
                assert_eq!(levels, want, "pext levels, d = {degree}");
            }
        }
        #[cfg(target_arch = "x86_64")]
        if x86_64::fold_bmi2_both_any_speed(&[0u64; N], degree).is_none() {
            eprintln!(
                "NOT RUN on this CPU: the BMI2 (pext) folding kernels, d = {degree} (no BMI2)"
            );
        }
    }

    /// Every gather against its definition, on random words and every single bit.
    fn gathers_match_their_definition() {
        fn naive(w: u64, k: u32) -> u64 {
            (0..64 >> k).fold(0, |acc, i| acc | ((w >> (i << k)) & 1) << i)
        }
        fn each<G: StrideGather>(w: u64) {
            assert_eq!(G::gather::<1>(w), naive(w, 1), "{w:#x}");
            assert_eq!(G::gather::<2>(w), naive(w, 2), "{w:#x}");
            assert_eq!(G::gather::<3>(w), naive(w, 3), "{w:#x}");
            assert_eq!(G::gather::<4>(w), naive(w, 4), "{w:#x}");
            assert_eq!(G::gather::<5>(w), naive(w, 5), "{w:#x}");
        }
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let words = (0..64)
            .map(|i| 1u64 << i)
            .chain([0, !0])
            .chain((0..500).map(|_| rng.next_u64()));
        for w in words {
            each::<CascadeGather>(w);
        }
    }

    fn fold_matches_portable_and_naive() {
        check::<1>(3);
        check::<1>(41);
        check::<1>(64);
        check::<2>(65);
        check::<2>(127);
        check::<2>(128);
        check::<3>(163);
        check::<4>(233);
        check::<4>(256);
        check::<5>(283);
        check::<6>(337);
        check::<7>(409);
        check::<8>(480);
        check::<9>(571);
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        (
            "fold_matches_portable_and_naive",
            fold_matches_portable_and_naive,
        ),
        (
            "gathers_match_their_definition",
            gathers_match_their_definition,
        ),
    ];
}
