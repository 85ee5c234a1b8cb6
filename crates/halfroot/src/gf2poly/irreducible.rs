//! Irreducibility of polynomials over GF(2): Ben-Or's test with early exit, and Rabin's.
//!
//! * [`irreducibility`] (Ben-Or, "Probabilistic algorithms in finite fields", FOCS 1981;
//!   see also Gao–Panario, "Tests and constructions of irreducible polynomials over
//!   finite fields", 1997, §2): after the cheap checks (constant, divisible by `X`,
//!   `gcd(f, f') ≠ 1`), the smallest `k ≤ n/2` with `gcd(X^(2^k) − X, f) ≠ 1` is the
//!   smallest degree of an irreducible factor. Random reducible polynomials usually have
//!   a small factor, so this stops early. The gcds are batched: the factors
//!   `X^(2^k) − X mod f` of a block of consecutive `k` are multiplied mod `f` and one gcd
//!   taken per block; a non-trivial block is rescanned one `k` at a time. Cost for an
//!   irreducible `f`: `n/2` modular squarings, about `n/2` modular products and
//!   `O(n/L)` gcds of `O(n²/64)` word operations each (`L` the block length).
//! * [`is_irreducible_rabin`] (Rabin, "Probabilistic algorithms in finite fields", SIAM
//!   J. Comput. 9, 1980, Lemma 1): `f` of degree `n ≥ 1` is irreducible iff
//!   `X^(2^n) ≡ X mod f` and `gcd(X^(2^(n/q)) − X, f) = 1` for every prime `q | n`.
//!   Cost: `n` modular squarings and `ω(n)` gcds.
//!
//! Both are deterministic and variable-time (public polynomials).

use core::fmt;

use super::{Gf2Poly, ModContext};

/// Why a polynomial is reducible.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ReducibleReason {
    /// The zero polynomial or a constant (degree ≤ 0): not irreducible by definition.
    Constant,
    /// `f(0) = 0` and `deg f ≥ 2`.
    DivisibleByX,
    /// `gcd(f, f') ≠ 1`: `f` has a repeated factor (or is a square, `f' = 0`).
    NotSquareFree,
    /// The smallest irreducible factor of `f` has this degree `k ≥ 1`: the smallest `k`
    /// with `gcd(X^(2^k) − X, f) ≠ 1`.
    FactorOfDegree(usize),
}

/// The outcome of an irreducibility test.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Irreducibility {
    /// The polynomial is irreducible over GF(2).
    Irreducible,
    /// The polynomial is reducible (or constant), with a certificate.
    Reducible {
        /// What shows it.
        reason: ReducibleReason,
    },
}

impl Irreducibility {
    /// Whether the outcome is [`Irreducibility::Irreducible`].
    pub fn is_irreducible(self) -> bool {
        self == Irreducibility::Irreducible
    }
}

impl fmt::Display for ReducibleReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReducibleReason::Constant => f.write_str("constant polynomial"),
            ReducibleReason::DivisibleByX => f.write_str("divisible by x"),
            ReducibleReason::NotSquareFree => f.write_str("not square-free (gcd(f, f') is not 1)"),
            ReducibleReason::FactorOfDegree(k) => {
                write!(f, "has an irreducible factor of degree {k}")
            }
        }
    }
}

impl fmt::Display for Irreducibility {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Irreducibility::Irreducible => f.write_str("irreducible"),
            Irreducibility::Reducible { reason } => write!(f, "reducible: {reason}"),
        }
    }
}

fn reducible(reason: ReducibleReason) -> Irreducibility {
    Irreducibility::Reducible { reason }
}

/// Irreducibility of `Σ X^e` over the exponents given (any order; repeated exponents
/// cancel), e.g. `&[163, 57, 49, 29, 0]`.
pub fn is_irreducible_exponents(exps: &[u32]) -> Irreducibility {
    irreducibility(&Gf2Poly::from_exponents(exps))
}

/// Ben-Or's test with the cheap certificates first; see the module docs.
pub fn irreducibility(f: &Gf2Poly) -> Irreducibility {
    let n = match f.degree() {
        None | Some(0) => return reducible(ReducibleReason::Constant),
        Some(1) => return Irreducibility::Irreducible,
        Some(n) => n,
    };
    if !f.coeff(0) {
        return reducible(ReducibleReason::DivisibleByX);
    }
    if !f.gcd(&f.derivative()).is_one() {
        return reducible(ReducibleReason::NotSquareFree);
    }
    let Some(ctx) = ModContext::new(f) else {
        return reducible(ReducibleReason::Constant);
    };
    match smallest_factor_degree(&ctx, n / 2) {
        Some(k) => reducible(ReducibleReason::FactorOfDegree(k)),
        None => Irreducibility::Irreducible,
    }
}

/// Largest number of `k` whose factors are multiplied before one gcd, for degree `n`.
/// Measured on Zen 5 at n = 10 000: a gcd (`O(n²/64)`) costs 50–150 modular products
/// (`O(n^1.58)`), and the ratio grows with `n`, so blocks of about `n/32` keep the gcds
/// a minor part of the cost.
fn max_block(n: usize) -> usize {
    (n / 32).clamp(1, 1024)
}

/// The smallest `k ≤ kmax` with `gcd(X^(2^k) + X, f) ≠ 1`, `f` the (square-free,
/// `f(0) = 1`, degree ≥ 2) modulus of `ctx`.
fn smallest_factor_degree(ctx: &ModContext, kmax: usize) -> Option<usize> {
    let f = ctx.modulus();
    let x = Gf2Poly::x();
    let lmax = max_block(ctx.degree());
    let mut h = x.clone(); // X^(2^(k−1)) mod f at the start of each block
    let mut k = 1;
    while k <= kmax {
        // Block k..k+len−1: short blocks first (early exit on small factors), then
        // growing by half each time, so at most ~1/3 of the work is past the answer.
        let len = (k / 2).clamp(1, lmax).min(kmax + 1 - k);
        let mut gs = Vec::with_capacity(len);
        let mut acc = Gf2Poly::one();
        for _ in 0..len {
            h = ctx.sqrmod(&h);
            let g = &h + &x;
            acc = if gs.is_empty() {
                g.clone()
            } else {
                ctx.mulmod(&acc, &g)
            };
            gs.push(g);
        }
        if !acc.gcd(f).is_one() {
            return Some(k + first_sharing_factor(ctx, &gs));
        }
        k += len;
    }
    None
}

/// The first index `j` with `gcd(gs[j], f) ≠ 1`, knowing that `gcd(Π gs, f) ≠ 1`:
/// halving, with one product and one gcd per level (`len` products, `log2 len` gcds).
/// A prime factor of `f` dividing the product divides one of its factors, so the
/// half that keeps a common factor always exists.
fn first_sharing_factor(ctx: &ModContext, gs: &[Gf2Poly]) -> usize {
    let f = ctx.modulus();
    let (mut lo, mut hi) = (0, gs.len());
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        let mut prod = gs[lo].clone();
        for g in &gs[lo + 1..mid] {
            prod = ctx.mulmod(&prod, g);
        }
        if prod.gcd(f).is_one() {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    lo
}

/// Rabin's irreducibility test; see the module docs. `false` for constants.
pub fn is_irreducible_rabin(f: &Gf2Poly) -> bool {
    let Some(n) = f.degree().filter(|&n| n >= 1) else {
        return false;
    };
    let Some(ctx) = ModContext::new(f) else {
        return false;
    };
    let x_mod = ctx.reduce(&Gf2Poly::x());
    // Exponents n/q for the primes q | n, ascending.
    let mut steps: Vec<usize> = crate::numbers::prime_factors(n)
        .into_iter()
        .map(|q| n / q)
        .collect();
    steps.sort_unstable();
    let mut h = x_mod.clone();
    let mut done = 0;
    for s in steps {
        for _ in done..s {
            h = ctx.sqrmod(&h);
        }
        done = s;
        if !(&h + &x_mod).gcd(f).is_one() {
            return false;
        }
    }
    for _ in done..n {
        h = ctx.sqrmod(&h);
    }
    h == x_mod
}
