//! Arithmetic modulo one fixed polynomial `m` of degree `n`: [`ModContext`].
//!
//! Two reductions of a product `t` (`deg t < 2n`), chosen once per modulus:
//! * [`Reduction::Sparse`]: word-wise folding from the top, each word `w` at bit offset
//!   `64i ≥ n` added back at offsets `64i − n + k` for every exponent `k < n` of `m`
//!   (Hankerson–Menezes–Vanstone, *Guide to ECC*, §2.3.5, generalised to any sparse
//!   `m`; a single top-down pass when `n − k ≥ 64` for all `k`, otherwise a word is
//!   re-folded until clean). Cost `≈ weight(m)·2n/64` word shifts. Used when `weight(m) ≤`
//!   [`SPARSE_MAX_WEIGHT`] and the gap `n − k₁` below the leading term is at least
//!   [`SPARSE_MIN_GAP`].
//! * [`Reduction::Barrett`]: Barrett reduction (Barrett, CRYPTO '86) in its polynomial
//!   form (von zur Gathen–Gerhard, *Modern Computer Algebra*, §9.1, division with
//!   remainder by Newton iteration) with `μ = ⌊X^(2n)/m⌋`, computed as the reversal of
//!   `rev(m)^(−1) mod X^(n+1)` by Newton iteration `g ← g²·rev(m)` (characteristic 2).
//!   Then `q = ⌊⌊t/X^n⌋·μ / X^n⌋` is exactly `⌊t/m⌋` and `t mod m = t + q·m`. Cost: two `n`-bit products, `O(M(n))`.
//!
//! Variable-time (public moduli). Inputs of degree `≥ n` are reduced first.

use std::borrow::Cow;

use super::div::{degree_of, rem_words};
use super::{mul, Gf2Poly};

/// Largest weight of `m` for which [`Reduction::Sparse`] is chosen automatically.
pub const SPARSE_MAX_WEIGHT: usize = 16;
/// Smallest gap `deg m − (second-highest exponent)` for automatic [`Reduction::Sparse`]
/// (a small gap makes each word fold many times).
pub const SPARSE_MIN_GAP: usize = 16;

/// How a [`ModContext`] reduces products.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reduction {
    /// Word-wise folding by the terms of a sparse modulus.
    Sparse,
    /// Barrett reduction with a precomputed `⌊X^(2n)/m⌋`.
    Barrett,
}

impl Reduction {
    /// Both reductions.
    pub const ALL: [Reduction; 2] = [Reduction::Sparse, Reduction::Barrett];

    /// A short lowercase name (`sparse`, `barrett`).
    pub fn name(self) -> &'static str {
        match self {
            Reduction::Sparse => "sparse",
            Reduction::Barrett => "barrett",
        }
    }
}

/// Precomputed data for repeated products modulo one non-zero polynomial.
#[derive(Clone, Debug)]
pub struct ModContext {
    m: Gf2Poly,
    n: usize,
    reduction: Reduction,
    /// Exponents of `m` below `n`, descending (sparse folding).
    low_exps: Vec<usize>,
    /// When the gap below the leading term is ≥ 64: for each low exponent `k`, the
    /// word distance `q` and bit shift `sh` with `k − n = −64q + sh` (folding word `i`
    /// then only writes to words `< i`, so one top-down pass suffices).
    fold_offsets: Option<Vec<(usize, u32)>>,
    /// `⌊X^(2n)/m⌋` (Barrett).
    mu: Vec<u64>,
}

impl ModContext {
    /// A context for `m`, choosing the reduction from its shape; `None` when `m = 0`.
    pub fn new(m: &Gf2Poly) -> Option<ModContext> {
        let n = m.degree()?;
        let exps = m.exponents();
        let gap = exps.get(1).map_or(n, |&k| n - k as usize);
        let r = if exps.len() <= SPARSE_MAX_WEIGHT && gap >= SPARSE_MIN_GAP.min(n.max(1)) {
            Reduction::Sparse
        } else {
            Reduction::Barrett
        };
        Self::with_reduction(m, r)
    }

    /// A context for `m` with the given reduction (any `m ≠ 0` works with either; the
    /// sparse one is just slow for dense `m`); `None` when `m = 0`.
    pub fn with_reduction(m: &Gf2Poly, reduction: Reduction) -> Option<ModContext> {
        let n = m.degree()?;
        let low_exps: Vec<usize> = m.exponents()[1..].iter().map(|&e| e as usize).collect();
        let fold_offsets = (low_exps.first().map_or(n, |&k| n - k) >= 64).then(|| {
            low_exps
                .iter()
                .map(|&k| {
                    let down = n - k; // ≥ 64
                    let sh = (64 - down % 64) % 64;
                    ((down + sh) / 64, sh as u32)
                })
                .collect()
        });
        let mu = match reduction {
            Reduction::Barrett => barrett_mu(m, n),
            Reduction::Sparse => Vec::new(),
        };
        Some(ModContext {
            m: m.clone(),
            n,
            reduction,
            low_exps,
            fold_offsets,
            mu,
        })
    }

    /// The modulus.
    pub fn modulus(&self) -> &Gf2Poly {
        &self.m
    }

    /// The degree `n` of the modulus.
    pub fn degree(&self) -> usize {
        self.n
    }

    /// The reduction in use.
    pub fn reduction(&self) -> Reduction {
        self.reduction
    }

    /// `⌊X^(2n)/m⌋` when the reduction is Barrett (empty otherwise).
    pub fn barrett_mu(&self) -> Gf2Poly {
        Gf2Poly::from_words(self.mu.clone())
    }

    /// `a mod m` for any `a`.
    pub fn reduce(&self, a: &Gf2Poly) -> Gf2Poly {
        self.reduce_words(a.words().to_vec())
    }

    fn reduce_words(&self, t: Vec<u64>) -> Gf2Poly {
        let Some(dt) = degree_of(&t) else {
            return Gf2Poly::zero();
        };
        if dt < self.n {
            return Gf2Poly::from_words(t);
        }
        if self.n == 0 {
            return Gf2Poly::zero();
        }
        match self.reduction {
            Reduction::Sparse => self.fold(t, dt),
            Reduction::Barrett if dt < 2 * self.n => self.barrett(&t),
            Reduction::Barrett => {
                Gf2Poly::from_words(rem_words(&t, self.m.words()).unwrap_or_default())
            }
        }
    }

    /// Sparse folding, top word first.
    fn fold(&self, mut t: Vec<u64>, dt: usize) -> Gf2Poly {
        let d = self.n;
        t.truncate(dt / 64 + 1);
        if let Some(offsets) = &self.fold_offsets {
            return Self::fold_gap64(t, d, offsets, &self.low_exps);
        }
        let top_word = d / 64;
        let top_bit = d % 64;
        let mut i = t.len() - 1;
        loop {
            let w = if i > top_word {
                t[i]
            } else if i == top_word {
                t[i] & (u64::MAX << top_bit)
            } else {
                break;
            };
            if w == 0 {
                if i == top_word {
                    break;
                }
                i -= 1;
                continue;
            }
            t[i] ^= w;
            let skip = if i == top_word { top_bit } else { 0 };
            let w = w >> skip;
            let base = 64 * i + skip - d;
            for &k in &self.low_exps {
                let s = base + k;
                let (wi, sh) = (s / 64, s % 64);
                t[wi] ^= w << sh;
                if sh != 0 && wi + 1 < t.len() {
                    t[wi + 1] ^= w >> (64 - sh);
                }
            }
        }
        t.truncate(top_word + 1);
        Gf2Poly::from_words(t)
    }

    /// Sparse folding when `n − k ≥ 64` for every low exponent `k`: one pass over the
    /// words above the top word, then the partial top word (whose folded bits land
    /// below `64·⌊n/64⌋` for the same reason).
    fn fold_gap64(mut t: Vec<u64>, d: usize, offsets: &[(usize, u32)], low: &[usize]) -> Gf2Poly {
        let top = d / 64;
        for i in (top + 1..t.len()).rev() {
            let w = t[i];
            if w == 0 {
                continue;
            }
            t[i] = 0;
            for &(q, sh) in offsets {
                let wi = i - q;
                if sh == 0 {
                    t[wi] ^= w;
                } else {
                    t[wi] ^= w << sh;
                    t[wi + 1] ^= w >> (64 - sh);
                }
            }
        }
        let tb = d % 64;
        if let Some(&tw) = t.get(top) {
            let w = tw >> tb;
            if w != 0 {
                t[top] ^= w << tb;
                for &k in low {
                    let (wi, sh) = (k / 64, k % 64);
                    t[wi] ^= w << sh;
                    if sh != 0 && wi + 1 < t.len() {
                        t[wi + 1] ^= w >> (64 - sh);
                    }
                }
            }
        }
        t.truncate(top + 1);
        Gf2Poly::from_words(t)
    }

    /// Barrett reduction of `t`, `n ≤ deg t < 2n`.
    fn barrett(&self, t: &[u64]) -> Gf2Poly {
        let n = self.n;
        let hi = shr_bits(t, n);
        let q = shr_bits(&mul::mul(&hi, &self.mu), n);
        let qm = mul::mul(&q, self.m.words());
        let keep = n / 64 + 1;
        let mut r: Vec<u64> = t.iter().take(keep).copied().collect();
        r.resize(keep, 0);
        for (x, y) in r.iter_mut().zip(&qm) {
            *x ^= y;
        }
        Gf2Poly::from_words(r)
    }

    /// `a` itself when already reduced (no copy), else `a mod m`.
    fn reduced<'a>(&self, a: &'a Gf2Poly) -> Cow<'a, Gf2Poly> {
        match a.degree() {
            Some(d) if d >= self.n => Cow::Owned(self.reduce(a)),
            _ => Cow::Borrowed(a),
        }
    }

    /// `a · b mod m`.
    pub fn mulmod(&self, a: &Gf2Poly, b: &Gf2Poly) -> Gf2Poly {
        let (a, b) = (self.reduced(a), self.reduced(b));
        self.reduce_words(mul::mul(a.words(), b.words()))
    }

    /// `a² mod m` (linear-time squaring, then one reduction).
    pub fn sqrmod(&self, a: &Gf2Poly) -> Gf2Poly {
        let a = self.reduced(a);
        self.reduce_words(mul::sqr(a.words()))
    }

    /// `a^e mod m`, `e` as little-endian 64-bit words (left-to-right square and
    /// multiply); `a^0 = 1 mod m`.
    pub fn powmod(&self, a: &Gf2Poly, e: &[u64]) -> Gf2Poly {
        let base = self.reduced(a).into_owned();
        let mut acc = self.reduce(&Gf2Poly::one());
        let mut started = false;
        for &w in e.iter().rev() {
            for b in (0..64).rev() {
                if started {
                    acc = self.sqrmod(&acc);
                }
                if (w >> b) & 1 == 1 {
                    acc = if started {
                        self.mulmod(&acc, &base)
                    } else {
                        base.clone()
                    };
                    started = true;
                }
            }
        }
        acc
    }

    /// `X^(2^k) mod m` by `k` squarings of `X mod m`.
    pub fn x_pow_2k(&self, k: usize) -> Gf2Poly {
        let mut h = self.reduce(&Gf2Poly::x());
        for _ in 0..k {
            h = self.sqrmod(&h);
        }
        h
    }
}

/// `⌊t / X^s⌋` as words.
fn shr_bits(t: &[u64], s: usize) -> Vec<u64> {
    let (ws, bs) = (s / 64, s % 64);
    if ws >= t.len() {
        return Vec::new();
    }
    let src = &t[ws..];
    if bs == 0 {
        return src.to_vec();
    }
    (0..src.len())
        .map(|j| (src[j] >> bs) | src.get(j + 1).map_or(0, |&h| h << (64 - bs)))
        .collect()
}

/// `t mod X^p` as words.
fn truncate_bits(mut t: Vec<u64>, p: usize) -> Vec<u64> {
    let words = p.div_ceil(64);
    t.truncate(words);
    if !p.is_multiple_of(64) {
        if let Some(last) = t.get_mut(words - 1) {
            *last &= (1u64 << (p % 64)) - 1;
        }
    }
    t
}

/// `⌊X^(2n)/m⌋` for `deg m = n`, via the power-series inverse of the reversal of `m`.
fn barrett_mu(m: &Gf2Poly, n: usize) -> Vec<u64> {
    // rev(m) = X^n m(1/X) as a power series (constant term 1 = leading coefficient).
    let rev = m.reciprocal();
    let target = n + 1;
    let mut g: Vec<u64> = vec![1];
    let mut prec = 1usize;
    while prec < target {
        prec = (2 * prec).min(target);
        let f = truncate_bits(rev.words().to_vec(), prec);
        let g2 = truncate_bits(mul::sqr(&g), prec);
        g = truncate_bits(mul::mul(&g2, &f), prec);
    }
    // μ = X^n · g(1/X) with deg g ≤ n: reverse the n + 1 low coefficients of g.
    let exps: Vec<u32> = Gf2Poly::from_words(g)
        .exponents()
        .into_iter()
        .filter(|&e| (e as usize) <= n)
        .map(|e| (n - e as usize) as u32)
        .collect();
    Gf2Poly::from_exponents(&exps).words().to_vec()
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn barrett_mu_matches_long_division() {
        let mut seed = 0x1234_5678_9ABC_DEF1u64;
        for n in [1usize, 2, 5, 63, 64, 65, 127, 128, 200, 1000, 3001] {
            for _ in 0..3 {
                let mut words: Vec<u64> = (0..n / 64 + 1)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        seed
                    })
                    .collect();
                words[n / 64] &= (1u64 << (n % 64)) - 1;
                words[n / 64] |= 1u64 << (n % 64);
                let m = Gf2Poly::from_words(words);
                let (q, _) = Gf2Poly::monomial(2 * n).divrem(&m).expect("m is non-zero");
                assert_eq!(Gf2Poly::from_words(barrett_mu(&m, n)), q, "n={n}");
            }
        }
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[(
        "barrett_mu_matches_long_division",
        barrett_mu_matches_long_division,
    )];
}
