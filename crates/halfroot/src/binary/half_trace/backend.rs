//! Even-bit folding of the table half-trace ([`super::table`]): the portable kernel and
//! the dispatch to the BMI2 one in [`x86_64`].
//!
//! Source: Avanzi §3.3 / Fong et al. 2004 §3.2 (see [`super::table`] for the identity).
//! Cost: ⌈log₂ d⌉ levels; level ℓ compresses the even bits of a ⌈d/2^ℓ⌉-bit vector
//! (one `pext` per word with BMI2, a 5-step mask cascade without), plus one final
//! compression of the accumulated odd bits. Constant-time: yes (the loop structure
//! depends on d only, no table is read).

use crate::binary::sqrt::backend::{PortableSplit, WordSplit, EVEN_MASK, ODD_MASK};

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

/// The folding loop, generic over the word splitter and always inlined (so that the
/// BMI2 backend compiles it as one function with `pext`).
#[inline(always)]
pub fn fold_kernel<const N: usize, S: WordSplit>(a: &[u64; N], degree: u32) -> Folded<N> {
    let mut len = degree as usize; // bit length bound of `cur`
    let mut cur = *a;
    let bit0 = cur[0] & 1;
    cur[0] &= !1;
    let mut odd = [0u64; N];
    let mut s = [0u64; N];
    while len > 64 {
        // Every loop below runs over all N words (constant trip counts, unrolled, the
        // arrays stay in registers); words past the current length are zero.
        let mut even_bits = [0u64; N];
        for i in 0..N {
            odd[i] ^= cur[i] & ODD_MASK;
            even_bits[i] = cur[i] & EVEN_MASK;
        }
        // E: bits 2i (i ≥ 1; bit 0 of cur is clear) to bit i (the whole array at once:
        // the SSE splitter takes four words per pass).
        cur = S::split_words(&even_bits, N).0;
        for i in 0..N {
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
        w = S::split_word(w & EVEN_MASK).0;
        e_sum ^= w;
        len = len.div_ceil(2);
    }
    o ^= w & ODD_MASK;
    odd[0] ^= o;
    s[0] ^= e_sum;
    let packed = S::split_words(&odd, N).1;
    Folded { packed, s, bit0 }
}

/// [`fold_kernel`] with the portable splitter.
pub fn fold_portable<const N: usize>(a: &[u64; N], degree: u32) -> Folded<N> {
    fold_kernel::<N, PortableSplit>(a, degree)
}

/// [`fold_kernel`] with the fastest splitter of this CPU: BMI2 `pext` where it runs
/// at full speed, else the SSE nibble tables
/// ([`SseTableSplit`](crate::binary::sqrt::backend::SseTableSplit)) on x86-64 with
/// PCLMULQDQ and SSE4.1, else portable.
#[inline]
pub fn fold<const N: usize>(a: &[u64; N], degree: u32) -> Folded<N> {
    #[cfg(target_arch = "x86_64")]
    {
        if let Some(r) = x86_64::fold_bmi2(a, degree) {
            return r;
        }
        if crate::binary::backend::x86_64::Pclmul::detect().is_some() {
            return fold_kernel::<N, crate::binary::sqrt::backend::SseTableSplit>(a, degree);
        }
    }
    fold_portable(a, degree)
}

/// The name of the folding kernel of this CPU (`"bmi2-pext"`, `"sse-tables"` or
/// `"portable"`).
pub fn fold_backend_name() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    {
        if x86_64::bmi2_available() {
            return "bmi2-pext";
        }
        if crate::binary::backend::x86_64::Pclmul::detect().is_some() {
            return "sse-tables";
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

    fn check<const N: usize>(degree: u32) {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(degree as u64);
        for _ in 0..200 {
            let mut a = [0u64; N];
            for (i, w) in a.iter_mut().enumerate() {
                let lo = 64 * i as u32;
                if lo < degree {
                    let r = rng.next_u64();
                    *w = if degree - lo >= 64 {
                        r
                    } else {
                        r & ((1u64 << (degree - lo)) - 1)
                    };
                }
            }
            let want = fold_naive(&a, degree);
            assert_eq!(fold_portable(&a, degree), want, "portable, d = {degree}");
            assert_eq!(
                fold(&a, degree),
                want,
                "{}, d = {degree}",
                fold_backend_name()
            );
        }
    }

    fn fold_matches_portable_and_naive() {
        check::<1>(3);
        check::<1>(41);
        check::<1>(64);
        check::<2>(65);
        check::<2>(127);
        check::<3>(163);
        check::<4>(233);
        check::<5>(283);
        check::<9>(571);
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[(
        "fold_matches_portable_and_naive",
        fold_matches_portable_and_naive,
    )];
}
