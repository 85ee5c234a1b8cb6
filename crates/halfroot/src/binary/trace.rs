//! The absolute trace Tr: F_2^d → F_2, Tr(α) = Σ_{i<d} α^(2^i).
//!
//! Source: Avanzi §3.2 and Theorem 2 (Ahmadi–Menezes, Theorem 10): Tr is linear, so
//! Tr(α) = parity(α AND t) with the *trace vector* t_i = Tr(x^i), computed once by
//! Newton's identities s_k = Σ_{j=1}^{k−1} s_{k−j} a_j + k·a_k (P = X^d + Σ a_j X^(d−j)).
//! When t has a single nonzero bit (type I SSRF: t = 1, Remark 4; type III/IV: one bit,
//! Theorems 3–4) Tr(α) is that bit of α. (Reading two or three bits one by one, as for
//! the NIST polynomials, was measured slower than the vector method and is not used.)
//! Cost: one bit test, or N ANDs + popcounts. Constant-time: yes.

/// How the trace of an element is read off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TraceMethod {
    /// The trace vector has one nonzero bit, at `index`: Tr(α) = a_index.
    SingleBit {
        /// The position of that bit.
        index: u32,
    },
    /// Tr(α) = parity of popcount(α AND trace vector).
    Vector,
}

impl core::fmt::Display for TraceMethod {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TraceMethod::SingleBit { index } => write!(f, "single bit (Tr(α) = a_{index})"),
            TraceMethod::Vector => f.write_str("trace vector (AND + parity)"),
        }
    }
}

/// The trace spectrum `[Tr(1), Tr(x), …, Tr(x^(d−1))]` of `X^degree + Σ X^middle + 1`
/// by Newton's identities (Avanzi, identity (6)); O(d · weight).
pub fn trace_spectrum(degree: u32, middle: &[u32]) -> Vec<u8> {
    let d = degree as usize;
    // a_j = 1 for j = d − e (e a middle exponent); a_d = 1 (never used: k < d).
    let js: Vec<usize> = middle.iter().map(|&e| d - e as usize).collect();
    let mut s = vec![0u8; d];
    s[0] = (d % 2) as u8;
    for k in 1..d {
        let mut v = 0u8;
        for &j in &js {
            if j < k {
                v ^= s[k - j];
            } else if j == k && k % 2 == 1 {
                v ^= 1;
            }
        }
        s[k] = v;
    }
    s
}

/// The trace of one field, ready to evaluate.
#[derive(Clone, Debug)]
pub struct Trace<const N: usize> {
    vector: [u64; N],
    method: TraceMethod,
}

impl<const N: usize> Trace<N> {
    /// Precomputes the trace vector of `X^degree + Σ X^middle + 1` (requires
    /// `degree ≤ 64·N`).
    pub fn new(degree: u32, middle: &[u32]) -> Self {
        let mut vector = [0u64; N];
        for (i, &t) in trace_spectrum(degree, middle).iter().enumerate() {
            if let Some(w) = vector.get_mut(i / 64) {
                *w |= (t as u64) << (i % 64);
            }
        }
        let weight: u32 = vector.iter().map(|w| w.count_ones()).sum();
        let method = if weight == 1 {
            let index = super::sqrt::exponents_of(&vector)
                .first()
                .copied()
                .unwrap_or(0);
            TraceMethod::SingleBit { index }
        } else {
            TraceMethod::Vector
        };
        Trace { vector, method }
    }

    /// The trace vector: bit i is Tr(x^i).
    pub fn vector(&self) -> &[u64; N] {
        &self.vector
    }

    /// The method [`Trace::trace`] uses.
    pub fn method(&self) -> TraceMethod {
        self.method
    }

    /// `Tr(a)` by the field's method.
    #[inline]
    pub fn trace(&self, a: &[u64; N]) -> u8 {
        match self.method {
            TraceMethod::SingleBit { index } => {
                let i = index as usize;
                ((a[i / 64] >> (i % 64)) & 1) as u8
            }
            TraceMethod::Vector => self.trace_by_vector(a),
        }
    }

    /// `out[i] = Tr(a[i])` for `i < min(a.len(), out.len())`, the method chosen once
    /// outside the loop (each loop then compiles to straight-line code whatever the
    /// optimiser decides about unswitching: 0.35 against 0.75 ns per element measured
    /// when it did not, `report fields --quick`, Zen 4).
    #[inline]
    pub fn trace_many(&self, a: &[[u64; N]], out: &mut [u8]) {
        match self.method {
            TraceMethod::SingleBit { index } => {
                let (w, b) = (index as usize / 64, index as usize % 64);
                for (o, x) in out.iter_mut().zip(a) {
                    *o = ((x[w] >> b) & 1) as u8;
                }
            }
            TraceMethod::Vector => {
                for (o, x) in out.iter_mut().zip(a) {
                    *o = self.trace_by_vector(x);
                }
            }
        }
    }

    /// `Tr(a)` by the trace vector, whatever the field's method.
    #[inline]
    pub fn trace_by_vector(&self, a: &[u64; N]) -> u8 {
        let mut acc = 0u64;
        for (x, t) in a.iter().zip(self.vector.iter()) {
            acc ^= x & t;
        }
        (acc.count_ones() & 1) as u8
    }
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn spectra_match_paper_statements() {
        // Type I: only Tr(1) = 1 (Remark 4).
        let s = trace_spectrum(163, &[57, 49, 29]);
        assert_eq!(s.iter().map(|&b| b as u32).sum::<u32>(), 1);
        assert_eq!(s[0], 1);
        // Trinomial X^d + X^m + 1, d even: Tr(x^i) = 1 iff (d − m) | i, 0 < i < d.
        let s = trace_spectrum(10, &[3]);
        for (i, &b) in s.iter().enumerate() {
            assert_eq!(b == 1, i > 0 && i % 7 == 0, "i = {i}");
        }
        // Type IV: only Tr(x^(d−1)) = 1 (Theorem 4).
        let s = trace_spectrum(48, &[38, 4, 1]);
        for (i, &b) in s.iter().enumerate() {
            assert_eq!(b == 1, i == 47, "i = {i}");
        }
        // NIST 163: Tr(x^i) = 1 exactly for i ∈ {0, 157} (Guide to ECC, Ex. 3.x).
        let s = trace_spectrum(163, &[7, 6, 3]);
        let ones: Vec<usize> = (0..163).filter(|&i| s[i] == 1).collect();
        assert_eq!(ones, vec![0, 157]);
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[(
        "spectra_match_paper_statements",
        spectra_match_paper_statements,
    )];
}
