//! Fast arithmetic modulo a *sparse* polynomial over GF(2), for testing many candidates.
//!
//! Source: squaring by bit spreading and word-wise folding (Hankerson–Menezes–Vanstone,
//! *Guide to ECC*, §2.3.4–2.3.5); irreducibility by Rabin's test (Rabin, SIAM J. Comput.
//! 9, 1980, Lemma 1): `f` of degree `n` is irreducible iff `X^(2^n) ≡ X (mod f)` and
//! `gcd(X^(2^(n/q)) − X, f) = 1` for every prime `q | n`.
//!
//! [`SparseModulus::frobenius_fixes_x`] computes `X^(2^n) mod f` with `n` squarings into
//! preallocated buffers (no allocation per squaring); each squaring costs `2⌈n/64⌉`
//! word spreads and `≈ 2·weight·⌈n/64⌉` shifted XORs. For a prime degree the whole test is
//! this one chain (the gcd with `X² − X` is `1` iff `f(0) = f(1) = 1`); for composite
//! degrees the gcds are taken only when the chain passes, with [`crate::gf2poly`].
//!
//! Variable-time: candidate polynomials are public.

use crate::gf2poly::{Gf2Poly, ModContext};

/// Bytes spread to 16 bits (bit i → bit 2i).
const SPREAD: [u16; 256] = {
    let mut t = [0u16; 256];
    let mut v = 0;
    while v < 256 {
        let mut r = 0u16;
        let mut b = 0;
        while b < 8 {
            if v & (1 << b) != 0 {
                r |= 1 << (2 * b);
            }
            b += 1;
        }
        t[v] = r;
        v += 1;
    }
    t
};

#[inline]
fn spread32(x: u32) -> u64 {
    SPREAD[(x & 0xff) as usize] as u64
        | (SPREAD[((x >> 8) & 0xff) as usize] as u64) << 16
        | (SPREAD[((x >> 16) & 0xff) as usize] as u64) << 32
        | (SPREAD[(x >> 24) as usize] as u64) << 48
}

/// XORs the word `w` into `t` at bit offset `p`.
#[inline]
fn xor_at(t: &mut [u64], p: usize, w: u64) {
    let (q, s) = (p / 64, p % 64);
    t[q] ^= w << s;
    if s != 0 {
        t[q + 1] ^= w >> (64 - s);
    }
}

/// A sparse modulus `f = X^n + Σ X^e` (exponents `e < n` listed) with scratch space for
/// repeated squarings.
#[derive(Clone, Debug)]
pub struct SparseModulus {
    n: usize,
    /// Exponents below `n`, descending.
    low: Vec<usize>,
    words: usize,
    buf: Vec<u64>,
}

impl SparseModulus {
    /// The modulus with this exponent list (any order, leading exponent = degree ≥ 1,
    /// no duplicates); `None` for an empty list or degree 0.
    pub fn new(exponents: &[u32]) -> Option<SparseModulus> {
        let mut e: Vec<usize> = exponents.iter().map(|&x| x as usize).collect();
        e.sort_unstable_by(|a, b| b.cmp(a));
        e.dedup();
        let n = *e.first()?;
        if n == 0 {
            return None;
        }
        let words = n.div_ceil(64);
        Some(SparseModulus {
            n,
            low: e[1..].to_vec(),
            words,
            buf: vec![0u64; 2 * words + 2],
        })
    }

    /// The degree `n`.
    pub fn degree(&self) -> usize {
        self.n
    }

    /// Reduces `t` (at most `2·words + 2` words, any content) in place modulo `f`; the
    /// result is in the low `words` words, everything above is zero.
    fn reduce_in_place(low: &[usize], n: usize, t: &mut [u64]) {
        let top = n / 64;
        let mut j = t.len() - 1;
        while j > top {
            while t[j] != 0 {
                let w = t[j];
                t[j] = 0;
                let base = 64 * j - n;
                for &e in low {
                    xor_at(t, base + e, w);
                }
            }
            j -= 1;
        }
        let s = n % 64;
        loop {
            let w = t[top] >> s;
            if w == 0 {
                break;
            }
            t[top] ^= w << s;
            for &e in low {
                xor_at(t, e, w);
            }
        }
    }

    /// `X^(2^k) mod f` as little-endian words (`words` of them), by `k` squarings.
    pub fn x_pow_2k(&mut self, k: usize) -> Vec<u64> {
        let mut a = vec![0u64; self.words + 1];
        // X mod f (X itself unless n = 1).
        a[0] = 2;
        if self.n == 1 {
            a[0] = 0;
            for &e in &self.low {
                a[0] ^= 1 << e;
            }
        }
        let mut a = a[..self.words].to_vec();
        for _ in 0..k {
            self.square(&mut a);
        }
        a
    }

    /// `a ← a² mod f` (`a` has `words` words and is reduced; words beyond `words` are
    /// ignored and cleared, a meaningless result but no panic).
    pub fn square(&mut self, a: &mut [u64]) {
        let buf = &mut self.buf;
        let n = a.len().min(self.words);
        for (i, &w) in a.iter().take(n).enumerate() {
            buf[2 * i] = spread32(w as u32);
            buf[2 * i + 1] = spread32((w >> 32) as u32);
        }
        for b in buf[2 * n..].iter_mut() {
            *b = 0;
        }
        Self::reduce_in_place(&self.low, self.n, buf);
        for (i, w) in a.iter_mut().enumerate() {
            *w = if i < n { buf[i] } else { 0 };
        }
    }

    /// Whether `X^(2^n) ≡ X (mod f)`: necessary for irreducibility, and sufficient
    /// together with the gcd conditions of Rabin's test.
    pub fn frobenius_fixes_x(&mut self) -> bool {
        let h = self.x_pow_2k(self.n);
        let x = self.x_pow_2k(0);
        h == x
    }
}

/// Primitive polynomials of GF(2^k), k = 2..=8, as bit masks (with the leading bit).
const PRIMITIVE: [u32; 7] = [
    0b111, 0b1011, 0b10011, 0b100101, 0b1000011, 0b10000011, 0x11d,
];

/// `EXP[k−2][j] = g^j` in GF(2^k) (g a root of `PRIMITIVE[k−2]`), `j < 2^k − 1`.
const EXP: [[u8; 255]; 7] = {
    let mut t = [[0u8; 255]; 7];
    let mut k = 2;
    while k <= 8 {
        let n = (1usize << k) - 1;
        let mut v: u32 = 1;
        let mut j = 0;
        while j < n {
            t[k - 2][j] = v as u8;
            v <<= 1;
            if v >> k != 0 {
                v ^= PRIMITIVE[k - 2];
            }
            j += 1;
        }
        k += 1;
    }
    t
};

/// Whether `Σ X^e` has a root in some GF(2^k), 2 ≤ k ≤ `kmax` ≤ 8, with `k <` its
/// degree — then it has an irreducible factor of degree dividing `k` and is reducible.
/// Evaluates at every `g^j` by stepping each term's exponent `j·e mod (2^k − 1)`:
/// `Σ_k (2^k − 1)·weight` table reads, a cheap filter before the squaring chain
/// (about 93% of random polynomials of large degree have a factor of degree ≤ 8).
pub fn has_small_root(exponents: &[u32], kmax: u32) -> bool {
    let n = exponents.iter().copied().max().unwrap_or(0);
    let mut idx = [0usize; 64];
    let mut step = [0usize; 64];
    if exponents.len() > 64 {
        return false;
    }
    for k in 2..=kmax.min(8) {
        if k >= n {
            break;
        }
        let ord = (1usize << k) - 1;
        let table = &EXP[k as usize - 2];
        for (i, &e) in exponents.iter().enumerate() {
            step[i] = e as usize % ord;
            idx[i] = 0;
        }
        let t = exponents.len();
        for _ in 0..ord {
            let mut acc = 0u8;
            for i in 0..t {
                acc ^= table[idx[i]];
                idx[i] += step[i];
                if idx[i] >= ord {
                    idx[i] -= ord;
                }
            }
            if acc == 0 {
                return true;
            }
        }
    }
    false
}

/// Irreducibility of `Σ X^e` (exponents distinct, any order) by Rabin's test with the
/// sparse squaring chain; see the module docs. Constants and polynomials divisible by
/// `X` (of degree ≥ 2) are reducible.
pub fn is_irreducible_sparse(exponents: &[u32]) -> bool {
    let Some(top) = exponents.iter().copied().max() else {
        return false;
    };
    // f and its reciprocal X^n·f(1/X) are irreducible together (for f(0) = 1); the one
    // with the lower sediment folds faster.
    let second = exponents
        .iter()
        .copied()
        .filter(|&e| e < top)
        .max()
        .unwrap_or(0);
    let low = exponents
        .iter()
        .copied()
        .filter(|&e| e > 0)
        .min()
        .unwrap_or(top);
    let reciprocal: Vec<u32>;
    let exponents = if exponents.contains(&0) && top - low < second {
        reciprocal = exponents.iter().map(|&e| top - e).collect();
        &reciprocal[..]
    } else {
        exponents
    };
    let Some(mut m) = SparseModulus::new(exponents) else {
        return false;
    };
    let n = m.degree();
    if n == 1 {
        return true;
    }
    if !exponents.contains(&0) || exponents.len() % 2 == 0 {
        // f(0) = 0 or f(1) = 0: a linear factor.
        return false;
    }
    if has_small_root(exponents, 8) {
        return false;
    }
    if !m.frobenius_fixes_x() {
        return false;
    }
    let qs = crate::numbers::prime_factors(n);
    if qs == [n] {
        return true;
    }
    let f = Gf2Poly::from_exponents(exponents);
    let Some(ctx) = ModContext::new(&f) else {
        return false;
    };
    let x = Gf2Poly::x();
    qs.iter().all(|&q| {
        let h = ctx.x_pow_2k(n / q);
        (&h + &x).gcd(&f).is_one()
    })
}

/// Whether `n` is prime.
pub fn is_prime(n: usize) -> bool {
    n >= 2 && crate::numbers::prime_factors(n) == [n]
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn sparse_irreducibility_matches_ben_or() {
        // Every trinomial and many pentanomials of small degree, both tests.
        for n in 2u32..=70 {
            for m in 1..n {
                let e = [n, m, 0];
                assert_eq!(
                    is_irreducible_sparse(&e),
                    crate::gf2poly::is_irreducible_exponents(&e).is_irreducible(),
                    "{e:?}"
                );
            }
        }
        for n in [64u32, 65, 96, 128, 129, 163] {
            for a in (3..n).step_by(7) {
                for b in (1..a).step_by(5) {
                    let e = [n, a, b, 1, 0];
                    if b <= 1 {
                        continue;
                    }
                    assert_eq!(
                        is_irreducible_sparse(&e),
                        crate::gf2poly::is_irreducible_exponents(&e).is_irreducible(),
                        "{e:?}"
                    );
                }
            }
        }
    }

    fn small_root_filter_matches_ben_or_certificates() {
        // A root in GF(2^k) means a factor of degree dividing k.
        for n in 9u32..=40 {
            for a in 1..n {
                for b in (1..a).step_by(3) {
                    let e = [n, a, b, 0];
                    if has_small_root(&e, 8) {
                        assert!(
                            !crate::gf2poly::is_irreducible_exponents(&e).is_irreducible(),
                            "{e:?}"
                        );
                    }
                }
            }
        }
        // x^4 + x + 1 has no root in GF(4) but is its own root field; degree ≤ k skipped.
        assert!(!has_small_root(&[4, 1, 0], 8));
        // (x^2+x+1)(x^7+x+1) = x^9+x^8+x^7+x^3+1 has a root in GF(4).
        assert!(has_small_root(&[9, 8, 7, 3, 0], 2));
    }

    fn x_pow_2k_matches_mod_context() {
        let e = [200u32, 199, 13, 2, 0];
        let f = Gf2Poly::from_exponents(&e);
        let ctx = ModContext::new(&f).expect("nonzero");
        let mut m = SparseModulus::new(&e).expect("ok");
        for k in [0usize, 1, 5, 64, 200, 333] {
            let got = Gf2Poly::from_words(m.x_pow_2k(k));
            assert_eq!(got, ctx.x_pow_2k(k), "k = {k}");
        }
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        (
            "sparse_irreducibility_matches_ben_or",
            sparse_irreducibility_matches_ben_or,
        ),
        (
            "small_root_filter_matches_ben_or_certificates",
            small_root_filter_matches_ben_or_certificates,
        ),
        ("x_pow_2k_matches_mod_context", x_pow_2k_matches_mod_context),
    ];
}
