//! Defining polynomials of binary fields.
//!
//! A modulus is a sparse polynomial `X^d + X^{k_1} + … + X^{k_r} + 1`, written as a
//! descending exponent list (`163,57,49,29,0`) or as text (`x^163+x^57+x^49+x^29+1`).
//! [`ModulusSpec`] is implemented both by the run-time [`Modulus`] and by zero-sized
//! compile-time specs, so algorithms generic over it are specialised by the compiler for
//! standard fields (constant exponents: unrolled reduction and square roots) and still
//! work for any polynomial chosen at run time.

use crate::error::{Error, Result};

/// Smallest supported degree.
pub const MIN_DEGREE: u32 = 2;
/// Largest supported degree.
pub const MAX_DEGREE: u32 = 4096;

/// What the arithmetic needs to know about the defining polynomial.
pub trait ModulusSpec: Clone + Send + Sync + 'static {
    /// Whether the degree and exponents are compile-time constants (the zero-sized
    /// specs of [`spec`](super::spec)): the word-sliced batch kernels, which unroll on
    /// them, are only used then.
    const COMPILE_TIME: bool = false;
    /// For a compile-time spec whose trace vector has one to four nonzero bits: their
    /// positions (ascending) and count, from
    /// [`few_trace_bits`](super::trace::few_trace_bits) at the degree; count 0
    /// otherwise (and for run-time moduli), where the field's [`Trace`](super::trace::Trace)
    /// decides at run time.
    const TRACE_FEW_BITS: ([u32; 4], usize) = ([0; 4], 0);
    /// The degree d.
    fn degree(&self) -> u32;
    /// The exponents strictly between 0 and d, in descending order (the constant term
    /// 1 is always present and not listed).
    fn middle_exponents(&self) -> &[u32];
}

/// A defining polynomial chosen at run time.
///
/// [`Modulus::parse`] checks the syntax and the shape (descending distinct exponents,
/// constant term present, degree in range); irreducibility is checked where a field is
/// built from it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Modulus {
    degree: u32,
    middle: Vec<u32>,
}

impl Modulus {
    /// Builds a modulus from its full descending exponent list (leading `d` and
    /// trailing `0` included), e.g. `&[163, 57, 49, 29, 0]`.
    pub fn from_exponents(exponents: &[u32]) -> Result<Modulus> {
        let text = exponents
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join(",");
        Self::check(exponents, &text)
    }

    /// Parses `163,57,49,29,0` or `x^163+x^57+x^49+x^29+1` (spaces allowed, `X` or `x`,
    /// `x` for `x^1`, `1` for `x^0`, terms in any order in the polynomial form).
    pub fn parse(text: &str) -> Result<Modulus> {
        let trimmed = text.trim();
        let bad = |reason: &str| Error::InvalidModulus {
            modulus: text.to_string(),
            reason: reason.to_string(),
        };
        if trimmed.is_empty() {
            return Err(bad("empty"));
        }
        let mut exps: Vec<u32> = Vec::new();
        if trimmed.contains(['x', 'X']) {
            for term in trimmed.split('+') {
                let t: String = term.chars().filter(|c| !c.is_whitespace()).collect();
                let e = if t == "1" {
                    0
                } else if t.eq_ignore_ascii_case("x") {
                    1
                } else if let Some(rest) = t.strip_prefix("x^").or_else(|| t.strip_prefix("X^")) {
                    rest.parse::<u32>()
                        .map_err(|_| bad(&format!("term {t:?} is not x^N, x or 1")))?
                } else {
                    return Err(bad(&format!("term {t:?} is not x^N, x or 1")));
                };
                exps.push(e);
            }
            let mut sorted = exps.clone();
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            let before = sorted.len();
            sorted.dedup();
            if sorted.len() != before {
                return Err(bad("a term appears twice"));
            }
            exps = sorted;
        } else {
            for part in trimmed.split(',') {
                let p = part.trim();
                let e = p
                    .parse::<u32>()
                    .map_err(|_| bad(&format!("exponent {p:?} is not a non-negative integer")))?;
                exps.push(e);
            }
        }
        Self::check(&exps, text)
    }

    fn check(exps: &[u32], text: &str) -> Result<Modulus> {
        let bad = |reason: String| Error::InvalidModulus {
            modulus: text.to_string(),
            reason,
        };
        if exps.len() < 2 {
            return Err(bad(
                "need at least the leading term and the constant term".into()
            ));
        }
        for w in exps.windows(2) {
            if w[0] <= w[1] {
                return Err(bad(format!(
                    "exponents must be strictly descending ({} then {})",
                    w[0], w[1]
                )));
            }
        }
        let degree = exps[0];
        if *exps.last().unwrap_or(&1) != 0 {
            return Err(bad(
                "no constant term: the polynomial is divisible by x".into()
            ));
        }
        if !(MIN_DEGREE..=MAX_DEGREE).contains(&degree) {
            return Err(bad(format!(
                "degree {degree} is outside {MIN_DEGREE}..={MAX_DEGREE}"
            )));
        }
        Ok(Modulus {
            degree,
            middle: exps[1..exps.len() - 1].to_vec(),
        })
    }

    /// The full descending exponent list, `[d, k_1, …, k_r, 0]`.
    pub fn exponents(&self) -> Vec<u32> {
        let mut v = Vec::with_capacity(self.middle.len() + 2);
        v.push(self.degree);
        v.extend_from_slice(&self.middle);
        v.push(0);
        v
    }

    /// The number of 64-bit words an element needs.
    pub fn words(&self) -> usize {
        self.degree.div_ceil(64) as usize
    }
}

impl ModulusSpec for Modulus {
    fn degree(&self) -> u32 {
        self.degree
    }
    fn middle_exponents(&self) -> &[u32] {
        &self.middle
    }
}

impl core::fmt::Display for Modulus {
    /// Writes the exponent list form, `163,57,49,29,0`.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let parts: Vec<String> = self.exponents().iter().map(|e| e.to_string()).collect();
        f.write_str(&parts.join(","))
    }
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn both_notations_parse_to_the_same_modulus() {
        let a = Modulus::parse("163,57,49,29,0").expect("list");
        let b = Modulus::parse("x^163 + x^57 + X^49 + x^29 + 1").expect("poly");
        assert_eq!(a, b);
        assert_eq!(a.to_string(), "163,57,49,29,0");
        assert_eq!(a.middle_exponents(), &[57, 49, 29]);
        let c = Modulus::parse("x^3+x+1").expect("x");
        assert_eq!(c.exponents(), vec![3, 1, 0]);
    }

    fn malformed_moduli_are_rejected_with_reasons() {
        for (text, needle) in [
            ("", "empty"),
            ("163,57,57,0", "descending"),
            ("0,163", "descending"),
            ("163,57,1", "constant term"),
            ("5000,1,0", "outside"),
            ("163,a,0", "not a non-negative"),
            ("x^5+x^5+1", "twice"),
            ("x^5+y+1", "not x^N"),
            ("7", "at least"),
        ] {
            let err = Modulus::parse(text).expect_err(text).to_string();
            assert!(err.contains(needle), "{text}: {err}");
        }
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        (
            "both_notations_parse_to_the_same_modulus",
            both_notations_parse_to_the_same_modulus,
        ),
        (
            "malformed_moduli_are_rejected_with_reasons",
            malformed_moduli_are_rejected_with_reasons,
        ),
    ];
}
