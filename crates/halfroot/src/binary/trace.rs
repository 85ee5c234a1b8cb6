//! The absolute trace Tr: F_2^d → F_2, Tr(α) = Σ_{i<d} α^(2^i).
//!
//! Source: Avanzi §3.2 and Theorem 2 (Ahmadi–Menezes, Theorem 10): Tr is linear, so
//! Tr(α) = parity(α AND t) with the *trace vector* t_i = Tr(x^i), computed once by
//! Newton's identities s_k = Σ_{j=1}^{k−1} s_{k−j} a_j + k·a_k (P = X^d + Σ a_j X^(d−j)).
//! When t has a single nonzero bit (type I SSRF: t = 1, Remark 4; type III/IV: one bit,
//! Theorems 3–4) Tr(α) is that bit of α. When it has two to four (every NIST polynomial:
//! {0, 157} at 163, {0, 159} at 233, {0, 277} at 283, {0, 561, 569} at 571) a single
//! call reads those bits one by one and XORs them, as c-xs233 does at 233 bits: a shift
//! and an XOR per bit. The vector method needs a parity of a 64-bit word, which is a
//! software population count on x86-64 without the `popcnt` target feature (the crate is
//! compiled for baseline x86-64): a chain of single-call traces at 233,74,0 measured
//! 9.4 ns by the vector against 4.2 ns for one bit (Zen 5, the same harness). The batch
//! forms keep the vector method, which the compiler vectorises and which measured
//! faster there than reading bits one by one.
//! Cost: one bit test, k shifts and XORs, or N ANDs + a parity. Constant-time: yes.

/// How the trace of an element is read off.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TraceMethod {
    /// The trace vector has one nonzero bit, at `index`: Tr(α) = a_index.
    SingleBit {
        /// The position of that bit.
        index: u32,
    },
    /// The trace vector has two to four nonzero bits: Tr(α) is the XOR of those bits of
    /// α (single calls; the batch forms use the vector).
    FewBits {
        /// The positions of the bits, ascending; the first `count` are used.
        indices: [u32; 4],
        /// How many of `indices` are used (2 to 4).
        count: u8,
    },
    /// Tr(α) = parity of popcount(α AND trace vector).
    Vector,
}

impl core::fmt::Display for TraceMethod {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            TraceMethod::SingleBit { index } => write!(f, "single bit (Tr(α) = a_{index})"),
            TraceMethod::FewBits { indices, count } => {
                f.write_str("few bits (Tr(α) = ")?;
                for (j, i) in indices[..usize::from(*count)].iter().enumerate() {
                    if j > 0 {
                        f.write_str(" + ")?;
                    }
                    write!(f, "a_{i}")?;
                }
                f.write_str(")")
            }
            TraceMethod::Vector => f.write_str("trace vector (AND + parity)"),
        }
    }
}

/// The trace spectrum `[Tr(1), Tr(x), …, Tr(x^(d−1))]` of `X^degree + Σ X^middle + 1`
/// by Newton's identities (Avanzi, identity (6)); O(d · weight). Middle exponents
/// outside `1..degree` are not middle terms and are ignored; degree 0 has an empty
/// spectrum.
pub fn trace_spectrum(degree: u32, middle: &[u32]) -> Vec<u8> {
    let d = degree as usize;
    // a_j = 1 for j = d − e (e a middle exponent); a_d = 1 (never used: k < d).
    let js: Vec<usize> = middle
        .iter()
        .filter(|&&e| e > 0 && e < degree)
        .map(|&e| d - e as usize)
        .collect();
    let mut s = vec![0u8; d];
    let Some(s0) = s.first_mut() else {
        return s;
    };
    *s0 = (d % 2) as u8;
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

/// The positions of the nonzero bits of the trace vector extended to `limit` bits
/// (bit i = Tr(x^i) for every i < limit, also at and above the degree, where a
/// partially reduced value has bits) and their count, when the count is 1 to 4;
/// `([0; 4], 0)` when it is larger or `limit` exceeds 1024. A `const fn`, so that the
/// compile-time specs carry their trace as constants
/// ([`ModulusSpec::TRACE_FEW_BITS`](super::modulus::ModulusSpec::TRACE_FEW_BITS)) and a
/// single trace compiles to immediate shifts.
///
/// Newton's identities as in [`trace_spectrum`] (power sums s_k = Tr(x^k) of the roots
/// of P = X^d + Σ a_j X^(d−j)): `s_k = Σ_{j<k} a_j s_(k−j) + k·a_k` for k ≤ d and
/// `s_k = Σ_{j ≤ d} a_j s_(k−j)` beyond, with a_d = 1 (the constant term).
pub const fn few_trace_bits(degree: u32, middle: &[u32], limit: usize) -> ([u32; 4], usize) {
    const MAX: usize = 1024;
    let d = degree as usize;
    if limit > MAX || d == 0 {
        return ([0; 4], 0);
    }
    let mut s = [0u8; MAX];
    s[0] = (d % 2) as u8;
    let mut k = 1;
    while k < limit {
        let mut v = 0u8;
        // The middle terms a_j = 1 for j = d − e, then the constant term a_d = 1.
        let mut i = 0;
        while i <= middle.len() {
            let j = if i < middle.len() {
                d - middle[i] as usize
            } else {
                d
            };
            if j < k {
                v ^= s[k - j];
            } else if j == k && k % 2 == 1 {
                v ^= 1;
            }
            i += 1;
        }
        s[k] = v;
        k += 1;
    }
    let mut out = [0u32; 4];
    let mut count = 0;
    let mut i = 0;
    while i < limit {
        if s[i] == 1 {
            if count == 4 {
                return ([0; 4], 0);
            }
            out[count] = i as u32;
            count += 1;
        }
        i += 1;
    }
    (out, count)
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
        let ones = super::sqrt::exponents_of(&vector);
        let method = match ones.len() {
            1 => TraceMethod::SingleBit { index: ones[0] },
            2..=4 => {
                let mut indices = [0u32; 4];
                // `exponents_of` lists descending; keep them ascending.
                for (slot, &i) in indices.iter_mut().zip(ones.iter().rev()) {
                    *slot = i;
                }
                TraceMethod::FewBits {
                    indices,
                    count: ones.len() as u8,
                }
            }
            _ => TraceMethod::Vector,
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
            TraceMethod::FewBits { indices, count } => {
                let mut acc = 0u64;
                for &i in &indices[..usize::from(count)] {
                    let i = i as usize;
                    // Every index is below the degree ≤ 64·N (built in `new`).
                    acc ^= a.get(i / 64).copied().unwrap_or(0) >> (i % 64);
                }
                (acc & 1) as u8
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
            TraceMethod::FewBits { .. } | TraceMethod::Vector => {
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

    fn few_bits_agree_with_the_vector() {
        // NIST 163 and 571 read two and three bits, 163 SSRF one bit.
        let t = Trace::<3>::new(163, &[7, 6, 3]);
        assert_eq!(
            t.method(),
            TraceMethod::FewBits {
                indices: [0, 157, 0, 0],
                count: 2
            }
        );
        let t571 = Trace::<9>::new(571, &[10, 5, 2]);
        assert!(matches!(
            t571.method(),
            TraceMethod::FewBits { count: 3, .. }
        ));
        assert!(matches!(
            Trace::<3>::new(163, &[57, 49, 29]).method(),
            TraceMethod::SingleBit { index: 0 }
        ));
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..2000 {
            let mut a: [u64; 3] = core::array::from_fn(|_| next());
            a[2] &= (1 << 35) - 1;
            assert_eq!(t.trace(&a), t.trace_by_vector(&a));
            let mut b: [u64; 9] = core::array::from_fn(|_| next());
            b[8] &= (1 << 59) - 1;
            assert_eq!(t571.trace(&b), t571.trace_by_vector(&b));
        }
        // Every unit vector: the single-call trace is the spectrum.
        let spectrum = trace_spectrum(571, &[10, 5, 2]);
        for (i, &s) in spectrum.iter().enumerate() {
            let mut e = [0u64; 9];
            e[i / 64] = 1 << (i % 64);
            assert_eq!(t571.trace(&e), s, "x^{i}");
        }
    }

    fn const_few_bits_match_the_spectrum() {
        // Every compile-time spec: the constant bits are those of the run-time spectrum
        // (or count 0 when it has more than four), and extended to whole words they are
        // the traces of x^i for d ≤ i < 64⌈d/64⌉ too, each x^i reduced bit by bit here.
        for (name, exps) in crate::binary::spec::STANDARD {
            let (d, middle) = (exps[0], &exps[1..exps.len() - 1]);
            let spectrum = trace_spectrum(d, middle);
            let limit = 64 * (d as usize).div_ceil(64);
            let mut extended = spectrum.clone();
            for i in d as usize..limit {
                // x^i mod P as bits, by x^i = x^(i−d)·(P − x^d) repeatedly.
                let mut bits = vec![0u8; i + 1];
                bits[i] = 1;
                for top in (d as usize..=i).rev() {
                    if bits[top] == 1 {
                        bits[top] = 0;
                        for &e in middle.iter().chain([0u32].iter()) {
                            bits[top - d as usize + e as usize] ^= 1;
                        }
                    }
                }
                let t = (0..d as usize).fold(0, |acc, j| acc ^ (bits[j] & spectrum[j]));
                extended.push(t);
            }
            for (lim, want) in [(d as usize, &spectrum), (limit, &extended)] {
                let ones: Vec<u32> = (0..lim)
                    .filter(|&i| want[i] == 1)
                    .map(|i| i as u32)
                    .collect();
                let (bits, count) = few_trace_bits(d, middle, lim);
                if ones.len() <= 4 {
                    assert_eq!(&bits[..count], &ones[..], "{name} to {lim}");
                } else {
                    assert_eq!(count, 0, "{name} to {lim}");
                }
            }
        }
        assert_eq!(few_trace_bits(233, &[74], 233), ([0, 159, 0, 0], 2));
        assert_eq!(few_trace_bits(233, &[74], 2000), ([0; 4], 0));
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        (
            "const_few_bits_match_the_spectrum",
            const_few_bits_match_the_spectrum,
        ),
        (
            "spectra_match_paper_statements",
            spectra_match_paper_statements,
        ),
        (
            "few_bits_agree_with_the_vector",
            few_bits_agree_with_the_vector,
        ),
    ];
}
