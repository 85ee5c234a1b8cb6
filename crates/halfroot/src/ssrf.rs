//! The polynomial lab: classification, ζ, trace spectra, search and code generation for
//! square-root-friendly (SSRF) defining polynomials of binary fields.
//!
//! Source: Avanzi, *Another Look at Square Roots and Traces (and Quadratic Equations) in
//! Fields of Even Characteristic*, §2 (Theorems 1–7, Definitions 1–3, Tables 1–2,
//! Conjecture 1, Remark 5, Appendix B).
//!
//! | module | what |
//! |---|---|
//! | this file | [`analyze`]: irreducibility, ζ = √x, class (types I–IV, Theorem 5, none), trace spectrum (Newton's identities, Theorem 2), sediment, folds |
//! | [`search`] | least / all / count SSRF polynomials of a degree, type and weight; sharding; Bluher/Theorem-7 pruning |
//! | [`sparse`] | Rabin's test with allocation-free sparse squarings |
//! | [`theorem7`] | Theorem 7's families and Berlekamp's factor count (independent check) |
//! | [`family`] | `P_{d,1}` and type-II pentanomials (§2.4) |
//! | [`codegen`] | straight-line reduction and square-root code (Rust, C), operation counts |
//!
//! Everything here is variable-time: defining polynomials are public.

use crate::binary::modulus::{Modulus, ModulusSpec};
use crate::binary::ssrf_type::{classify, SsrfType};
use crate::binary::trace::trace_spectrum;
use crate::error::Result;
use crate::gf2poly::{Gf2Poly, Irreducibility, ModContext};

pub mod codegen;
pub mod family;
pub mod search;
pub mod sparse;
pub mod theorem7;

/// The class of a defining polynomial by the shape of its exponents.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Class {
    /// One of the four SSRF types (Definitions 1 and 3).
    Ssrf(SsrfType),
    /// Even degree, `P = (X² + X + 1)·X²·W(X)² + 1`: ζ has degree `d/2 + 1` (Theorem 5;
    /// `deg W = d/2 − 2` — the paper's "d/2 − 1" is a misprint, checked in the tests).
    Theorem5,
    /// Even degree, `(X + 1)·P = X·U(X)² + 1` with `deg U = d/2`: ζ = x·U(x) also has
    /// degree `d/2 + 1`. The proof of Theorem 5 omits this case (it assumes the cofactor
    /// of P in `V² + X` is `X² + 1` or `X² + X + 1`, but `X² + X` is possible too:
    /// e.g. `X⁴ + X³ + 1`, ζ = x³ + x² + x).
    Theorem5Extra,
    /// None of the above.
    None,
}

impl Class {
    /// `"I"`, `"II"`, `"III"`, `"IV"`, `"theorem5"` or `"none"`.
    pub fn name(self) -> &'static str {
        match self {
            Class::Ssrf(t) => t.name(),
            Class::Theorem5 => "theorem5",
            Class::Theorem5Extra => "theorem5-extra",
            Class::None => "none",
        }
    }
}

impl core::fmt::Display for Class {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// Everything [`analyze`] finds out about one polynomial.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Descending exponent list `[d, …, 0]`.
    pub exponents: Vec<u32>,
    /// Irreducibility over GF(2) (Ben-Or), with a certificate when reducible.
    pub irreducibility: Irreducibility,
    /// Class by shape (see [`Class`]); SSRF proper only when also irreducible, see
    /// [`Analysis::class`].
    pub shape: Class,
    /// ζ = √x = x^(2^(d−1)) mod P, descending exponents; `None` when P is reducible.
    pub zeta: Option<Vec<u32>>,
    /// `[Tr(1), Tr(x), …, Tr(x^(d−1))]` by Newton's identities (Theorem 2).
    pub trace_spectrum: Vec<u8>,
}

impl Analysis {
    /// The degree d.
    pub fn degree(&self) -> u32 {
        self.exponents.first().copied().unwrap_or(0)
    }

    /// The number of terms.
    pub fn weight(&self) -> usize {
        self.exponents.len()
    }

    /// The class, [`Class::None`] for a reducible polynomial (the SSRF types are
    /// defined for irreducible ones).
    pub fn class(&self) -> Class {
        if self.irreducibility.is_irreducible() {
            self.shape
        } else {
            Class::None
        }
    }

    /// Degree of ζ.
    pub fn zeta_degree(&self) -> Option<u32> {
        self.zeta.as_ref().map(|z| z.first().copied().unwrap_or(0))
    }

    /// Weight (number of terms) of ζ.
    pub fn zeta_weight(&self) -> Option<usize> {
        self.zeta.as_ref().map(Vec::len)
    }

    /// Number of ones in the trace spectrum (basis elements of trace one).
    pub fn trace_one_count(&self) -> usize {
        self.trace_spectrum.iter().filter(|&&t| t == 1).count()
    }

    /// The degree of the sediment `P − X^d` (0 for a binomial `X^d + 1`).
    pub fn sediment_degree(&self) -> u32 {
        self.exponents.get(1).copied().unwrap_or(0)
    }

    /// Folds needed to reduce a double-length product (degree ≤ 2d − 2) by `X^d ≡
    /// sediment`, each fold replacing everything of degree ≥ d: after `k` folds the
    /// degree is ≤ 2d − 2 − k(d − c), so `⌈(d − 1)/(d − c)⌉` (c the sediment degree).
    /// 1 only for `c ≤ 1`; 2 (a short second fold of `c − 1` bits) for `c ≤ (d+1)/2`;
    /// 3 or more above, e.g. for type II (`c = d − 1`: `d − 1` folds).
    pub fn folds(&self) -> u32 {
        folds(self.degree(), self.sediment_degree())
    }

    /// Whether a second fold is needed ([`Analysis::folds`] ≥ 2).
    pub fn needs_second_fold(&self) -> bool {
        self.folds() >= 2
    }

    /// Whether a third fold is needed: the sediment is above `(d+1)/2`.
    pub fn needs_third_fold(&self) -> bool {
        self.folds() >= 3
    }
}

/// `⌈(d − 1)/(d − c)⌉`, see [`Analysis::folds`].
pub fn folds(d: u32, c: u32) -> u32 {
    if d <= 1 || c >= d {
        return 0;
    }
    (d - 1).div_ceil(d - c)
}

/// Whether `X^d + Σ X^middle + 1` has the shape of Theorem 5: `d` even and
/// `P − 1 = (X² + X + 1)·X²·W²` with `deg W = d/2 − 1`.
pub fn is_theorem5_shape(degree: u32, middle: &[u32]) -> bool {
    if degree % 2 == 1 || degree < 4 {
        return false;
    }
    let mut e = vec![degree];
    e.extend_from_slice(middle);
    let pm1 = Gf2Poly::from_exponents(&e);
    let Some((q, r)) = pm1.divrem(&Gf2Poly::from_exponents(&[2, 1, 0])) else {
        return false;
    };
    r.is_zero() && q.exponents().iter().all(|&x| x % 2 == 0 && x >= 2)
}

/// Whether `X^d + Σ X^middle + 1` has the shape of [`Class::Theorem5Extra`]: `d` even
/// and `(X + 1)·P + 1 = X·U²` with `deg U = d/2`.
pub fn is_theorem5_extra_shape(degree: u32, middle: &[u32]) -> bool {
    if degree % 2 == 1 || degree < 2 {
        return false;
    }
    let mut e = vec![degree];
    e.extend_from_slice(middle);
    e.push(0);
    let p = Gf2Poly::from_exponents(&e);
    let t = p
        .mul(&Gf2Poly::from_exponents(&[1, 0]))
        .add(&Gf2Poly::one());
    // X·U²: every exponent odd.
    !t.is_zero() && t.exponents().iter().all(|&x| x % 2 == 1)
}

/// ζ = √x = x^(2^(d−1)) in `F_2[X]/(P)` for an irreducible `P` (descending exponents).
pub fn zeta(exponents: &[u32]) -> Option<Vec<u32>> {
    let p = Gf2Poly::from_exponents(exponents);
    let d = p.degree()?;
    if d == 0 || !p.is_irreducible() {
        return None;
    }
    let ctx = ModContext::new(&p)?;
    let mut z = ctx.x_pow_2k(d - 1).exponents();
    z.sort_unstable_by(|a, b| b.cmp(a));
    Some(z)
}

/// Analyses a defining polynomial given as text (`163,57,49,29,0` or
/// `x^163+x^57+x^49+x^29+1`).
///
/// # Errors
/// [`crate::Error::InvalidModulus`] for malformed text, reversed or duplicate
/// exponents, a missing constant term or a degree outside `2..=4096`.
pub fn analyze_str(text: &str) -> Result<Analysis> {
    Ok(analyze(&Modulus::parse(text)?))
}

/// Analyses a validated modulus; see [`Analysis`].
pub fn analyze(m: &Modulus) -> Analysis {
    let exponents = m.exponents();
    let d = m.degree();
    let middle = m.middle_exponents();
    let irreducibility = Gf2Poly::from_exponents(&exponents).irreducibility();
    let shape = match classify(d, middle) {
        Some(t) => Class::Ssrf(t),
        None if is_theorem5_shape(d, middle) => Class::Theorem5,
        None if is_theorem5_extra_shape(d, middle) => Class::Theorem5Extra,
        None => Class::None,
    };
    let zeta = if irreducibility.is_irreducible() {
        zeta(&exponents)
    } else {
        None
    };
    Analysis {
        exponents,
        irreducibility,
        shape,
        zeta,
        trace_spectrum: trace_spectrum(d, middle),
    }
}

/// Formats a descending exponent list as a polynomial in `var` (`x^82+x^29+1`).
pub fn format_poly(exponents: &[u32], var: char) -> String {
    if exponents.is_empty() {
        return "0".into();
    }
    exponents
        .iter()
        .map(|&e| match e {
            0 => "1".to_string(),
            1 => var.to_string(),
            _ => format!("{var}^{e}"),
        })
        .collect::<Vec<_>>()
        .join("+")
}
