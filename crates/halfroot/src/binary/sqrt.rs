//! Square roots in F_2^d (polynomial basis): three algorithms, all compiled.
//!
//! Source: Avanzi §2.1, formula (1): with α = α_even² + x·α_odd²,
//! √α = α_even + ζ·α_odd where ζ = √x = x^(2^(d−1)).
//!
//! | algorithm | module | cost | applies to |
//! |---|---|---|---|
//! | [`SqrtAlgorithm::Fermat`] | [`fermat`] | d − 1 squarings | every field |
//! | [`SqrtAlgorithm::Zeta`] | [`zeta`] | split + ζ·α_odd (sparse shift-xor or one product) + reduction | every field |
//! | [`SqrtAlgorithm::Ssrf`] | [`ssrf`] | split + w shifted xors, no reduction (type III: one fold) | SSRF polynomials |
//!
//! All three are constant-time (no branch or index depends on α).

pub mod backend;
pub mod fermat;
pub mod ssrf;
pub mod zeta;

use super::field::BinaryField;
use super::modulus::ModulusSpec;

/// The square-root algorithms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SqrtAlgorithm {
    /// √α = α^(2^(d−1)) by d − 1 squarings.
    Fermat,
    /// √α = α_even + ζ·α_odd with a precomputed ζ = √x, then reduction.
    Zeta,
    /// √α = α_even + ζ·α_odd for special square-root-friendly polynomials: sparse ζ,
    /// no reduction (types I, II, IV) or one short fold (type III).
    Ssrf,
}

impl SqrtAlgorithm {
    /// Every algorithm, in the order benchmarks list them.
    pub const ALL: [SqrtAlgorithm; 3] = [
        SqrtAlgorithm::Fermat,
        SqrtAlgorithm::Zeta,
        SqrtAlgorithm::Ssrf,
    ];

    /// `"fermat"`, `"zeta"` or `"ssrf"`.
    pub fn name(self) -> &'static str {
        match self {
            SqrtAlgorithm::Fermat => "fermat",
            SqrtAlgorithm::Zeta => "zeta",
            SqrtAlgorithm::Ssrf => "ssrf",
        }
    }

    /// Whether the algorithm applies to `field` (Ssrf needs an SSRF polynomial).
    pub fn supports<const N: usize, M: ModulusSpec>(self, field: &BinaryField<N, M>) -> bool {
        match self {
            SqrtAlgorithm::Fermat | SqrtAlgorithm::Zeta => true,
            SqrtAlgorithm::Ssrf => field.ssrf_type().is_some(),
        }
    }
}

impl core::fmt::Display for SqrtAlgorithm {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

crate::algorithm::named_algorithm!(SqrtAlgorithm, "binary-field square-root algorithm");

/// `buf ^= src · x^k` (a shifted copy of `src`).
///
/// Requires `⌈k/64⌉ + src.len() < buf.len()`; callers size `buf` so that it holds.
#[inline]
pub(crate) fn xor_shifted(buf: &mut [u64], src: &[u64], k: usize) {
    let q = k / 64;
    let r = (k % 64) as u32;
    for (i, &w) in src.iter().enumerate() {
        if let Some(slot) = buf.get_mut(q + i) {
            *slot ^= w << r;
        }
        // (w >> 1) >> (63 − r) is w >> (64 − r), and 0 for r = 0, without a branch.
        if let Some(slot) = buf.get_mut(q + i + 1) {
            *slot ^= (w >> 1) >> (63 - r);
        }
    }
}

/// The exponents of the nonzero terms of `a`, descending.
pub(crate) fn exponents_of(a: &[u64]) -> Vec<u32> {
    let mut v = Vec::new();
    for (i, &w) in a.iter().enumerate().rev() {
        for b in (0..64).rev() {
            if (w >> b) & 1 == 1 {
                v.push((64 * i + b) as u32);
            }
        }
    }
    v
}
