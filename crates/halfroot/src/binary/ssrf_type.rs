//! Classification of square-root-friendly defining polynomials.
//!
//! Source: Avanzi, *Another Look at Square Roots and Traces (and Quadratic Equations) in
//! Fields of Even Characteristic*, §2.2 (Theorem 1, Definitions 1–2: types I and II) and
//! §2.3 (Theorems 3–4, Definition 3: types III and IV).
//!
//! | type | degree | shape of P | ζ = √x | reduction after ζ·α_odd |
//! |---|---|---|---|---|
//! | I | odd | X·U(X)² + 1 (all middle exponents odd) | x·U(x), degree (d+1)/2 | none |
//! | II | odd | 1 + (X+1)·X²·W(X)² (exponent pairs 2f, 2f+1) | 1 + (x+1)·x·W(x) | none |
//! | III | even | X^d + X^m + 1, m odd, m ≤ d/2 | x^((2d−m+1)/2) + x^((d−m+1)/2) + x^((m+1)/2) | one short fold |
//! | IV | even | V(X)² + X (1 is the only odd exponent) | V(x), degree d/2 | none |
//!
//! Cost: O(number of terms); depends only on the (public) polynomial.

/// The four kinds of special square-root-friendly (SSRF) polynomials.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SsrfType {
    /// Odd degree, `P = X·U(X)² + 1`.
    I,
    /// Odd degree, `P = 1 + (X+1)·X²·W(X)²`.
    II,
    /// Even degree trinomial `X^d + X^m + 1`, `m` odd, `m ≤ d/2`.
    III,
    /// Even degree, `P = V(X)² + X`.
    IV,
}

impl SsrfType {
    /// `"I"`, `"II"`, `"III"` or `"IV"`.
    pub fn name(self) -> &'static str {
        match self {
            SsrfType::I => "I",
            SsrfType::II => "II",
            SsrfType::III => "III",
            SsrfType::IV => "IV",
        }
    }

    /// The type a search uses when none is given: I for odd degrees, IV for even ones.
    pub fn default_for_degree(degree: u32) -> SsrfType {
        if degree % 2 == 1 {
            SsrfType::I
        } else {
            SsrfType::IV
        }
    }

    /// Whether polynomials of this type can have degree `degree` (types I and II have
    /// odd degree, III and IV even).
    pub fn fits_degree(self, degree: u32) -> bool {
        matches!(self, SsrfType::I | SsrfType::II) == (degree % 2 == 1)
    }

    /// Whether `ζ·α_odd` has degree below d, so that no reduction is needed.
    pub fn reduction_free(self) -> bool {
        !matches!(self, SsrfType::III)
    }
}

/// Parses `I`, `II`, `III`, `IV` (any case) or `1` … `4`, surrounding spaces ignored;
/// anything else is an [`Error::InvalidArgument`](crate::Error::InvalidArgument)
/// naming `type`. The one parser of SSRF types for the command line and Python.
impl core::str::FromStr for SsrfType {
    type Err = crate::Error;
    fn from_str(text: &str) -> crate::Result<SsrfType> {
        match text.trim().to_ascii_uppercase().as_str() {
            "I" | "1" => Ok(SsrfType::I),
            "II" | "2" => Ok(SsrfType::II),
            "III" | "3" => Ok(SsrfType::III),
            "IV" | "4" => Ok(SsrfType::IV),
            _ => Err(crate::Error::InvalidArgument {
                name: "type".into(),
                value: format!("{text:?}"),
                reason: "expected I, II, III or IV (or 1 … 4)".into(),
            }),
        }
    }
}

impl core::fmt::Display for SsrfType {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// The SSRF type of `X^degree + Σ X^middle + 1`, if any (type IV takes precedence over
/// type III for `X^d + X + 1`, which is both). Irreducibility is not checked here.
pub fn classify(degree: u32, middle: &[u32]) -> Option<SsrfType> {
    let d = degree;
    if d % 2 == 1 {
        if middle.iter().all(|&e| e % 2 == 1) {
            return Some(SsrfType::I);
        }
        // Type II: the exponents of P − 1 come in pairs (2f, 2f + 1) with f ≥ 1.
        let mut all: Vec<u32> = middle.to_vec();
        all.push(d);
        let has = |e: u32| all.contains(&e);
        let paired = all.iter().all(|&e| {
            if e % 2 == 1 {
                e >= 3 && has(e - 1)
            } else {
                e >= 2 && has(e + 1)
            }
        });
        if paired {
            return Some(SsrfType::II);
        }
        None
    } else {
        let odd: Vec<u32> = middle.iter().copied().filter(|e| e % 2 == 1).collect();
        if odd == [1] {
            return Some(SsrfType::IV);
        }
        if middle.len() == 1 && middle[0] % 2 == 1 && 2 * u64::from(middle[0]) <= u64::from(d) {
            return Some(SsrfType::III);
        }
        None
    }
}

/// ζ = √x from the closed form of `ty` (Theorem 1, Theorem 3, Definition 3), as a
/// descending exponent list; `None` if the polynomial is not of that type.
///
/// The fields compute ζ as `x^(2^(d−1))`; this formula is the independent check.
pub fn zeta_closed_form(degree: u32, middle: &[u32], ty: SsrfType) -> Option<Vec<u32>> {
    if classify(degree, middle) != Some(ty)
        && !(ty == SsrfType::III && middle.len() == 1 && middle[0] == 1 && degree.is_multiple_of(2))
    {
        return None;
    }
    let d = degree;
    let mut terms: Vec<u32> = Vec::new();
    let mut toggle = |e: u32| {
        if let Some(pos) = terms.iter().position(|&t| t == e) {
            terms.remove(pos);
        } else {
            terms.push(e);
        }
    };
    match ty {
        SsrfType::I => {
            // P − 1 = X·U², U = Σ X^((e−1)/2), ζ = x·U(x) = Σ x^((e+1)/2).
            toggle(d.div_ceil(2));
            for &e in middle {
                toggle(e.div_ceil(2));
            }
        }
        SsrfType::II => {
            // X²W² = Σ X^(2f) over the even exponents 2f; ζ = 1 + Σ (x^f + x^(f+1)).
            toggle(0);
            for &e in middle.iter().chain(core::iter::once(&d)) {
                if e % 2 == 0 {
                    toggle(e / 2);
                    toggle(e / 2 + 1);
                }
            }
        }
        SsrfType::III => {
            let m = middle[0];
            for e in [(2 * d - m).div_ceil(2), (d - m).div_ceil(2), m.div_ceil(2)] {
                if e >= d {
                    // Only for m = 1: x^d = x^m + 1.
                    toggle(e - d + m);
                    toggle(e - d);
                } else {
                    toggle(e);
                }
            }
        }
        SsrfType::IV => {
            // P + X = V², V = Σ X^(e/2) over the even exponents (d, even middle, 0).
            toggle(d / 2);
            toggle(0);
            for &e in middle {
                if e % 2 == 0 {
                    toggle(e / 2);
                }
            }
        }
    }
    terms.sort_unstable_by(|a, b| b.cmp(a));
    Some(terms)
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn classify_matches_paper_examples() {
        assert_eq!(classify(163, &[57, 49, 29]), Some(SsrfType::I));
        assert_eq!(classify(163, &[7, 6, 3]), None);
        assert_eq!(classify(233, &[159]), Some(SsrfType::I));
        assert_eq!(classify(233, &[74]), None);
        assert_eq!(classify(43, &[42, 29, 28]), Some(SsrfType::II));
        assert_eq!(classify(127, &[126]), Some(SsrfType::II));
        assert_eq!(classify(46, &[1]), Some(SsrfType::IV));
        assert_eq!(classify(48, &[38, 4, 1]), Some(SsrfType::IV));
        assert_eq!(classify(10, &[3]), Some(SsrfType::III));
        assert_eq!(classify(10, &[7]), None);
        assert_eq!(classify(8, &[4, 3, 1]), None);
    }

    fn closed_forms_match_paper_examples() {
        assert_eq!(
            zeta_closed_form(163, &[57, 49, 29], SsrfType::I),
            Some(vec![82, 29, 25, 15])
        );
        assert_eq!(
            zeta_closed_form(43, &[42, 29, 28], SsrfType::II),
            Some(vec![22, 21, 15, 14, 0])
        );
        assert_eq!(
            zeta_closed_form(127, &[126], SsrfType::II),
            Some(vec![64, 63, 0])
        );
        assert_eq!(zeta_closed_form(46, &[1], SsrfType::IV), Some(vec![23, 0]));
        assert_eq!(zeta_closed_form(46, &[1], SsrfType::III), Some(vec![23, 0]));
        assert_eq!(
            zeta_closed_form(48, &[38, 4, 1], SsrfType::IV),
            Some(vec![24, 19, 2, 0])
        );
        assert_eq!(
            zeta_closed_form(206, &[104, 8, 4, 2, 1], SsrfType::IV),
            Some(vec![103, 52, 4, 2, 1, 0])
        );
        // m = d/2: ζ = x^(3d/4 + 1/2).
        assert_eq!(zeta_closed_form(6, &[3], SsrfType::III), Some(vec![5]));
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        (
            "classify_matches_paper_examples",
            classify_matches_paper_examples,
        ),
        (
            "closed_forms_match_paper_examples",
            closed_forms_match_paper_examples,
        ),
    ];
}
