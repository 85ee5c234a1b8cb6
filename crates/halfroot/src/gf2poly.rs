//! Dense polynomials over GF(2) of any degree, and irreducibility tests.
//!
//! [`Gf2Poly`] stores the coefficients as little-endian 64-bit words (bit `i` of word
//! `j` is the coefficient of `X^(64j+i)`), always normalised: no leading zero words, so
//! the zero polynomial has no words and equality is word equality.
//!
//! | module | what | source |
//! |---|---|---|
//! | [`mul`] | schoolbook, Karatsuba, squaring by bit spreading | Guide to ECC Alg. 2.33, §2.3.4; Knuth §4.3.3 |
//! | `div` (private) | long division, Euclid's gcd ([`Gf2Poly::divrem`], [`Gf2Poly::gcd`]) | Knuth §4.6.1 |
//! | [`modular`] | [`ModContext`]: mulmod/sqrmod/powmod, sparse folding or Barrett | Guide to ECC §2.3.5; Barrett 1986 |
//! | [`irreducible`] | Ben-Or and Rabin irreducibility tests | Ben-Or 1981; Rabin 1980 |
//! | [`backend`] | PCLMULQDQ word kernel with portable fallback | Gueron–Kounavis 2010 |
//!
//! Everything here is variable-time: it is meant for public polynomials (moduli,
//! candidate field polynomials), not secrets.
//!
//! ```
//! use halfroot::gf2poly::Gf2Poly;
//! let f = Gf2Poly::parse("163,7,6,3,0")?;
//! assert!(f.is_irreducible());
//! assert_eq!(f.to_string(), "x^163+x^7+x^6+x^3+1");
//! # Ok::<(), halfroot::Error>(())
//! ```

use core::fmt;
use core::ops::{Add, AddAssign, Mul};

use crate::error::{Error, Result};

pub mod backend;
mod div;
pub mod irreducible;
pub mod modular;
pub mod mul;

pub use irreducible::{is_irreducible_exponents, Irreducibility, ReducibleReason};
pub use modular::{ModContext, Reduction};

/// A polynomial over GF(2), dense, little-endian 64-bit words, always normalised.
#[derive(Clone, PartialEq, Eq, Hash, Default)]
pub struct Gf2Poly {
    words: Vec<u64>,
}

impl Gf2Poly {
    /// The largest exponent [`Gf2Poly::parse`] accepts (2^24, a 2 MiB polynomial).
    pub const MAX_PARSE_EXPONENT: u32 = 1 << 24;

    /// The zero polynomial.
    pub fn zero() -> Gf2Poly {
        Gf2Poly { words: Vec::new() }
    }

    /// The constant polynomial 1.
    pub fn one() -> Gf2Poly {
        Gf2Poly { words: vec![1] }
    }

    /// The polynomial `X`.
    pub fn x() -> Gf2Poly {
        Gf2Poly { words: vec![2] }
    }

    /// The monomial `X^k`.
    pub fn monomial(k: usize) -> Gf2Poly {
        let mut words = vec![0u64; k / 64 + 1];
        words[k / 64] = 1u64 << (k % 64);
        Gf2Poly { words }
    }

    /// The polynomial with these little-endian coefficient words (leading zero words are
    /// dropped).
    pub fn from_words(words: Vec<u64>) -> Gf2Poly {
        let mut p = Gf2Poly { words };
        p.normalise();
        p
    }

    /// `Σ X^e` over the given exponents, in any order; an exponent given twice cancels
    /// (the terms are added in GF(2)).
    pub fn from_exponents(exponents: &[u32]) -> Gf2Poly {
        let top = exponents
            .iter()
            .copied()
            .max()
            .map_or(0, |m| m as usize / 64 + 1);
        let mut words = vec![0u64; top];
        for &e in exponents {
            words[e as usize / 64] ^= 1u64 << (e % 64);
        }
        Gf2Poly::from_words(words)
    }

    /// Parses an exponent list `163,57,49,29,0` (any order) or a polynomial
    /// `x^163+x^57+x^49+x^29+1` (`x` or `X`, `x` for `x^1`, `1` for the constant term,
    /// spaces allowed, terms in any order). A text without `x` is read as an exponent
    /// list, so write the constant 1 as `x^0`; `0` alone is the exponent list {0}, i.e. 1.
    ///
    /// # Errors
    /// [`Error::Parse`] on empty input, a malformed term or exponent, an exponent
    /// that appears twice, or one above [`Gf2Poly::MAX_PARSE_EXPONENT`] (so that text
    /// cannot request gigabytes; [`Gf2Poly::from_exponents`] has no such limit).
    pub fn parse(text: &str) -> Result<Gf2Poly> {
        let trimmed = text.trim();
        let bad = |reason: String| Error::Parse {
            what: "GF(2) polynomial".into(),
            input: text.to_string(),
            reason,
        };
        if trimmed.is_empty() {
            return Err(bad("empty".into()));
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
                        .map_err(|_| bad(format!("term {t:?} is not x^N, x or 1")))?
                } else {
                    return Err(bad(format!("term {t:?} is not x^N, x or 1")));
                };
                exps.push(e);
            }
        } else {
            for part in trimmed.split(',') {
                let p = part.trim();
                let e = p
                    .parse::<u32>()
                    .map_err(|_| bad(format!("exponent {p:?} is not a non-negative integer")))?;
                exps.push(e);
            }
        }
        if let Some(e) = exps.iter().find(|&&e| e > Self::MAX_PARSE_EXPONENT) {
            return Err(bad(format!(
                "exponent {e} exceeds the limit {}",
                Self::MAX_PARSE_EXPONENT
            )));
        }
        let mut sorted = exps.clone();
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(bad(format!("exponent {} appears twice", w[0])));
        }
        Ok(Gf2Poly::from_exponents(&exps))
    }

    fn normalise(&mut self) {
        while self.words.last() == Some(&0) {
            self.words.pop();
        }
    }

    /// The coefficient words, little-endian, without leading zero words.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// The degree, `None` for the zero polynomial.
    pub fn degree(&self) -> Option<usize> {
        let top = *self.words.last()?;
        Some(64 * (self.words.len() - 1) + 63 - top.leading_zeros() as usize)
    }

    /// The number of non-zero coefficients (Hamming weight).
    pub fn weight(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The coefficient of `X^i`.
    pub fn coeff(&self, i: usize) -> bool {
        self.words
            .get(i / 64)
            .is_some_and(|w| (w >> (i % 64)) & 1 == 1)
    }

    /// Whether this is the zero polynomial.
    pub fn is_zero(&self) -> bool {
        self.words.is_empty()
    }

    /// Whether this is the constant 1.
    pub fn is_one(&self) -> bool {
        self.words == [1]
    }

    /// The exponents of the non-zero terms, descending.
    pub fn exponents(&self) -> Vec<u32> {
        let mut out = Vec::with_capacity(self.weight());
        for (j, &w) in self.words.iter().enumerate().rev() {
            let mut w = w;
            while w != 0 {
                let b = 63 - w.leading_zeros();
                out.push(64 * j as u32 + b);
                w ^= 1u64 << b;
            }
        }
        out
    }

    /// `self + other` (coefficient-wise XOR).
    pub fn add(&self, other: &Gf2Poly) -> Gf2Poly {
        let (long, short) = if self.words.len() >= other.words.len() {
            (self, other)
        } else {
            (other, self)
        };
        let mut words = long.words.clone();
        for (w, s) in words.iter_mut().zip(&short.words) {
            *w ^= s;
        }
        Gf2Poly::from_words(words)
    }

    /// `self · other` (Karatsuba above [`mul::KARATSUBA_THRESHOLD`] words).
    pub fn mul(&self, other: &Gf2Poly) -> Gf2Poly {
        Gf2Poly::from_words(mul::mul(&self.words, &other.words))
    }

    /// `self · other` by schoolbook only (the reference for Karatsuba).
    pub fn mul_schoolbook(&self, other: &Gf2Poly) -> Gf2Poly {
        Gf2Poly::from_words(mul::schoolbook(&self.words, &other.words))
    }

    /// `self²` by bit spreading (linear time).
    pub fn sqr(&self) -> Gf2Poly {
        Gf2Poly::from_words(mul::sqr(&self.words))
    }

    /// `(self div d, self mod d)` with `deg r < deg d`; `None` when `d = 0`.
    pub fn divrem(&self, d: &Gf2Poly) -> Option<(Gf2Poly, Gf2Poly)> {
        let (q, r) = div::divrem_words(&self.words, &d.words)?;
        Some((Gf2Poly::from_words(q), Gf2Poly::from_words(r)))
    }

    /// `self mod d`; `None` when `d = 0`.
    pub fn rem(&self, d: &Gf2Poly) -> Option<Gf2Poly> {
        Some(Gf2Poly::from_words(div::rem_words(&self.words, &d.words)?))
    }

    /// `gcd(self, other)` (monic; zero only when both are zero).
    pub fn gcd(&self, other: &Gf2Poly) -> Gf2Poly {
        Gf2Poly::from_words(div::gcd_words(&self.words, &other.words))
    }

    /// `self · b mod m`; `None` when `m = 0`. For many products by one modulus build a
    /// [`ModContext`] once instead.
    pub fn mulmod(&self, b: &Gf2Poly, m: &Gf2Poly) -> Option<Gf2Poly> {
        let ctx = ModContext::new(m)?;
        Some(ctx.mulmod(self, b))
    }

    /// `self² mod m`; `None` when `m = 0`.
    pub fn sqrmod(&self, m: &Gf2Poly) -> Option<Gf2Poly> {
        let ctx = ModContext::new(m)?;
        Some(ctx.sqrmod(self))
    }

    /// `self^e mod m` for the exponent `e` given as little-endian 64-bit words;
    /// `None` when `m = 0`. `self^0 = 1 mod m`.
    pub fn powmod(&self, e: &[u64], m: &Gf2Poly) -> Option<Gf2Poly> {
        let ctx = ModContext::new(m)?;
        Some(ctx.powmod(self, e))
    }

    /// `self^e mod m` for a 64-bit exponent; `None` when `m = 0`.
    pub fn powmod_u64(&self, e: u64, m: &Gf2Poly) -> Option<Gf2Poly> {
        self.powmod(&[e], m)
    }

    /// `X^(2^k) mod m` by `k` modular squarings; `None` when `m = 0`.
    pub fn x_pow_2k_mod(k: usize, m: &Gf2Poly) -> Option<Gf2Poly> {
        let ctx = ModContext::new(m)?;
        Some(ctx.x_pow_2k(k))
    }

    /// The formal derivative (odd-degree terms shifted down, even ones dropped).
    pub fn derivative(&self) -> Gf2Poly {
        const ODD: u64 = 0xAAAA_AAAA_AAAA_AAAA;
        // Bit 2i+1 of a word moves to bit 2i of the same word; nothing crosses words.
        let words = self.words.iter().map(|w| (w & ODD) >> 1).collect();
        Gf2Poly::from_words(words)
    }

    /// The reciprocal `X^d · f(1/X)` for `d = deg f` (coefficients reversed); zero for
    /// zero. Its degree is `d` minus the multiplicity of `X` in `f`.
    pub fn reciprocal(&self) -> Gf2Poly {
        let Some(d) = self.degree() else {
            return Gf2Poly::zero();
        };
        let exps: Vec<u32> = self.exponents().iter().map(|&e| d as u32 - e).collect();
        Gf2Poly::from_exponents(&exps)
    }

    /// The Ben-Or irreducibility test with early exit; see [`irreducible`].
    pub fn is_irreducible(&self) -> bool {
        self.irreducibility().is_irreducible()
    }

    /// Irreducible, or why not (the cheapest certificate found first); see
    /// [`irreducible::irreducibility`].
    pub fn irreducibility(&self) -> Irreducibility {
        irreducible::irreducibility(self)
    }

    /// Rabin's irreducibility test; see [`irreducible::is_irreducible_rabin`].
    pub fn is_irreducible_rabin(&self) -> bool {
        irreducible::is_irreducible_rabin(self)
    }
}

impl fmt::Display for Gf2Poly {
    /// `x^163+x^57+x^49+x^29+1`; `x` for `x^1`, `1` for the constant, `0` for zero.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_zero() {
            return f.write_str("0");
        }
        for (i, e) in self.exponents().into_iter().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            match e {
                0 => f.write_str("1")?,
                1 => f.write_str("x")?,
                _ => write!(f, "x^{e}")?,
            }
        }
        Ok(())
    }
}

impl core::str::FromStr for Gf2Poly {
    type Err = Error;
    /// Same as [`Gf2Poly::parse`].
    fn from_str(s: &str) -> Result<Gf2Poly> {
        Gf2Poly::parse(s)
    }
}

impl fmt::Debug for Gf2Poly {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Gf2Poly({self})")
    }
}

impl Add for &Gf2Poly {
    type Output = Gf2Poly;
    fn add(self, rhs: &Gf2Poly) -> Gf2Poly {
        Gf2Poly::add(self, rhs)
    }
}

impl AddAssign<&Gf2Poly> for Gf2Poly {
    fn add_assign(&mut self, rhs: &Gf2Poly) {
        if self.words.len() < rhs.words.len() {
            self.words.resize(rhs.words.len(), 0);
        }
        for (w, r) in self.words.iter_mut().zip(&rhs.words) {
            *w ^= r;
        }
        self.normalise();
    }
}

impl Mul for &Gf2Poly {
    type Output = Gf2Poly;
    fn mul(self, rhs: &Gf2Poly) -> Gf2Poly {
        Gf2Poly::mul(self, rhs)
    }
}
