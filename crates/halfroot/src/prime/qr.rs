//! Quadratic-residue tests in GF(p^m): Euler's criterion and the proposed test of
//! Wang, Nogami and Morikawa.
//!
//! Source: F. Wang, Y. Nogami, Y. Morikawa, "A high-speed square root computation in
//! finite fields with application to elliptic curve cryptosystem", Mem. Fac. Eng.
//! Okayama Univ. 39 (2005): Eq. (1) and Fig. 1 (conventional test, C.QR), Fig. 2
//! (proposed test, P.QR), complexity Eqs. (5) and (7).
//!
//! Cost, writing `(q - 1)/2 = 2^T s` with `s` odd, `q = p^m`, and counting squarings
//! as multiplications as the paper does (its `#M`):
//! - C.QR, `x^((q-1)/2)` by the binary method: `LW((s-1)/2) + 1 + T` (Eq. 5), where
//!   `LW(e) = floor(log2 e) + w(e)`.
//! - P.QR: `LW((s-1)/2) + 1` for `x^((s-1)/2)`, `x^((s+1)/2)` and `x0 = x^s`, then `t`
//!   squarings until `x_t = -1`; on average over all nonzero `x`,
//!   `LW((s-1)/2) + 1 + (T - 1) + 2^-T` (Eq. 7); for `s = 1` the first part is 0.
//!
//! Preconditions: a field of odd order `q`; the [`TwoAdic`] parameters built for it.
//! Constant-time: no (the number of squarings of P.QR depends on the input, and both
//! tests use the variable-time binary method; exponents are public).
//!
//! The exponentiations here use [`pow_binary`], the plain left-to-right binary method,
//! rather than [`Field::pow_vartime`] (which fast fields override with windowed code), so
//! that operation counts are those of the paper's binary method on every field.

use crate::error::{Error, Result};
use crate::field::Field;
use crate::prime::PrimeFieldOps;
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};

/// `a^e` by the left-to-right binary method (reference \[7\] of the paper): `floor(log2 e)`
/// squarings and `w(e) - 1` multiplications; `a^0 = 1` costs nothing.
/// `e` is given as little-endian 64-bit words. Variable time in `e`.
pub fn pow_binary<F: Field + ?Sized>(f: &F, a: &F::Elem, e: &[u64]) -> F::Elem {
    let mut acc: Option<F::Elem> = None;
    for word in e.iter().rev() {
        for bit in (0..64).rev() {
            if let Some(v) = acc.take() {
                acc = Some(f.sqr(&v));
            }
            if (word >> bit) & 1 == 1 {
                acc = Some(match acc.take() {
                    Some(v) => f.mul(&v, a),
                    None => a.clone(),
                });
            }
        }
    }
    acc.unwrap_or_else(|| f.one())
}

/// `a^e` by left-to-right sliding windows (Menezes–van Oorschot–Vanstone, *Handbook
/// of Applied Cryptography*, Algorithm 14.85) over any [`Field`]: about `ℓ` squarings
/// and `ℓ/(w+1) + 2^(w−1)` multiplications for an `ℓ`-bit exponent, window `w` from 1
/// to 5 by `ℓ` and the exponent's weight (`w = 1`, the binary method, for sparse
/// exponents). `e` little-endian 64-bit words. Variable time in `e`.
pub fn pow_sliding<F: Field + ?Sized>(f: &F, a: &F::Elem, e: &[u64]) -> F::Elem {
    let bits = e
        .iter()
        .rposition(|&w| w != 0)
        .map(|i| 64 * i + 64 - e[i].leading_zeros() as usize)
        .unwrap_or(0);
    if bits == 0 {
        return f.one();
    }
    let w = crate::prime::montgomery::pow::window_width(e, 5);
    let bit = |i: usize| (e[i / 64] >> (i % 64)) & 1;
    // Odd powers a, a^3, ..., a^(2^w - 1).
    let mut table = Vec::with_capacity(1 << (w - 1));
    table.push(a.clone());
    if w > 1 {
        let a2 = f.sqr(a);
        for k in 1..(1usize << (w - 1)) {
            let next = f.mul(&table[k - 1], &a2);
            table.push(next);
        }
    }
    let mut acc: Option<F::Elem> = None;
    let mut i = bits as isize - 1;
    while i >= 0 {
        if bit(i as usize) == 0 {
            if let Some(x) = acc.take() {
                acc = Some(f.sqr(&x));
            }
            i -= 1;
            continue;
        }
        let mut j = (i - w as isize + 1).max(0);
        while bit(j as usize) == 0 {
            j += 1;
        }
        let mut val = 0usize;
        for k in (j..=i).rev() {
            val = (val << 1) | bit(k as usize) as usize;
        }
        let entry = &table[val >> 1];
        acc = Some(match acc.take() {
            None => entry.clone(),
            Some(mut x) => {
                for _ in j..=i {
                    x = f.sqr(&x);
                }
                f.mul(&x, entry)
            }
        });
        i = j - 1;
    }
    acc.unwrap_or_else(|| f.one())
}

/// `a^(2^k)` by `k` squarings.
pub fn sqr_n<F: Field + ?Sized>(f: &F, a: &F::Elem, k: u32) -> F::Elem {
    let mut r = a.clone();
    for _ in 0..k {
        r = f.sqr(&r);
    }
    r
}

/// `LW(e) = floor(log2 e) + w(e)`, the paper's abbreviation (0 for `e = 0`).
pub fn lw(e: &BigUint) -> u64 {
    if e.is_zero() {
        return 0;
    }
    (e.bits() - 1) + e.count_ones()
}

/// The 2-adic data of a field of odd order `q` that every test and square root here
/// shares: `(q - 1)/2 = 2^T s` (Eq. 2), a non-residue `c` and its powers
/// `c_j = c^(s 2^j)` for `j = 0..=T` (Fig. 2(b); `c_T = -1`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TwoAdic<E> {
    t: u32,
    s: BigUint,
    half_order: BigUint,
    qnr: E,
    c: Vec<E>,
    pub(crate) half_order_words: Vec<u64>,
    pub(crate) s_minus_1_half_words: Vec<u64>,
    pub(crate) s_words: Vec<u64>,
}

impl<E> TwoAdic<E> {
    /// `T`, the 2-adic valuation of `(q - 1)/2`.
    pub fn t(&self) -> u32 {
        self.t
    }
    /// `s`, the odd part of `(q - 1)/2`.
    pub fn s(&self) -> &BigUint {
        &self.s
    }
    /// `(q - 1)/2 = 2^T s`.
    pub fn half_order(&self) -> &BigUint {
        &self.half_order
    }
    /// The quadratic non-residue `c`.
    pub fn qnr(&self) -> &E {
        &self.qnr
    }
    /// `c_j = c^(s 2^j)` for `j = 0..=T` (never empty); `c_0` generates the 2-Sylow
    /// subgroup and `c_T = -1`.
    pub fn c(&self) -> &[E] {
        &self.c
    }
}

impl<E: Clone + PartialEq + core::fmt::Debug> TwoAdic<E> {
    /// The 2-adic data for a field `f` of order `q` with `half_order = (q - 1)/2` and a
    /// non-residue `qnr`; an error if `half_order` is 0 or `qnr` is not a non-residue
    /// (checked: `qnr^((q-1)/2)` must be `-1`).
    pub fn new<F: Field<Elem = E> + ?Sized>(f: &F, half_order: &BigUint, qnr: E) -> Result<Self> {
        if half_order.is_zero() {
            return Err(Error::InvalidArgument {
                name: "(q-1)/2".into(),
                value: "0".into(),
                reason: "the field order must be an odd number above 2".into(),
            });
        }
        let t = half_order.trailing_zeros().unwrap_or(0) as u32;
        let s = half_order >> t;
        let s_words = s.to_u64_digits();
        let c0 = pow_binary(f, &qnr, &s_words);
        let mut c = Vec::with_capacity(t as usize + 1);
        c.push(c0);
        for j in 0..t as usize {
            let next = f.sqr(&c[j]);
            c.push(next);
        }
        let minus_one = f.neg(&f.one());
        if c.last() != Some(&minus_one) {
            return Err(Error::InvalidArgument {
                name: "qnr".into(),
                value: format!("{qnr:?}"),
                reason: "not a quadratic non-residue of this field".into(),
            });
        }
        let sm1: BigUint = (&s - 1u32) >> 1u32;
        Ok(TwoAdic {
            t,
            half_order_words: half_order.to_u64_digits(),
            s_minus_1_half_words: sm1.to_u64_digits(),
            s_words,
            s,
            half_order: half_order.clone(),
            qnr,
            c,
        })
    }

    /// The 2-adic data of GF(p) with the smallest non-residue `2, 3, 5, ...` as `c`
    /// (found with the field's Legendre symbol).
    pub fn for_prime_field<F: PrimeFieldOps<Elem = E> + ?Sized>(f: &F) -> Result<Self> {
        let half = (f.modulus() - 1u32) >> 1;
        let mut k = 2u64;
        loop {
            let cand = f.from_u64(k);
            if f.legendre(&cand) == -1 {
                return Self::new(f, &half, cand);
            }
            k += 1;
            if BigUint::from(k) >= *f.modulus() {
                return Err(Error::NotPrime {
                    name: "p".into(),
                    value: f.modulus().to_string(),
                    reason: "no quadratic non-residue found".into(),
                });
            }
        }
    }

    /// `(s - 1)/2` as little-endian words.
    pub fn s_minus_1_half(&self) -> &[u64] {
        &self.s_minus_1_half_words
    }
    /// `s` as little-endian words.
    pub fn s_words(&self) -> &[u64] {
        &self.s_words
    }
    /// `(q - 1)/2` as little-endian words.
    pub fn half_order_words(&self) -> &[u64] {
        &self.half_order_words
    }
}

/// The conventional test (C.QR, Eq. 1, Fig. 1): `x^((q-1)/2)` by the binary method.
/// Returns `1` for a non-zero square, `-1` for a non-square, `0` for zero.
pub fn cqr<F: Field + ?Sized>(f: &F, tw: &TwoAdic<F::Elem>, x: &F::Elem) -> i8 {
    if f.is_zero(x) {
        return 0;
    }
    let r = pow_binary(f, x, &tw.half_order_words);
    if r == f.one() {
        1
    } else {
        -1
    }
}

/// What the proposed test (Fig. 2) computed, kept for the MW-ST square root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PqrResult<E> {
    /// `1` for a non-zero square, `-1` for a non-square, `0` for zero.
    pub residue: i8,
    /// `None` when `x0 = x^s = 1`; otherwise `Some(t)`, the number of squarings that
    /// took `x0` to `x_t = -1` (`t < T` for squares, `t = T` for non-squares).
    pub t: Option<u32>,
    /// `x_0 = x^s, x_1 = x_0^2, ..., x_t` (empty for `x = 0`).
    pub xs: Vec<E>,
    /// `x^((s+1)/2)` (zero for `x = 0`).
    pub x_half_s_plus_1: E,
}

/// The proposed test (P.QR, Fig. 2): `x^((s-1)/2)`, then `x^((s+1)/2)` and
/// `x0 = x^s`, then squarings until `-1`, stopping at once when `x0 = ±1`.
/// `x^((s-1)/2)` by the binary method, as the paper counts it (Eq. 7).
pub fn pqr<F: Field + ?Sized>(f: &F, tw: &TwoAdic<F::Elem>, x: &F::Elem) -> PqrResult<F::Elem> {
    pqr_by(f, tw, x, |a, e| pow_binary(f, a, e))
}

/// [`pqr`] with `x^((s-1)/2)` by the field's fastest exponentiation
/// ([`Field::pow_vartime`], sliding windows in the Montgomery fields and GF(p²)): the
/// same values, fewer multiplications. The timed P.QR of the report and of
/// `SqrtAlgorithm::Mwst`.
pub fn pqr_windowed<F: Field + ?Sized>(
    f: &F,
    tw: &TwoAdic<F::Elem>,
    x: &F::Elem,
) -> PqrResult<F::Elem> {
    pqr_by(f, tw, x, |a, e| f.pow_vartime(a, e))
}

/// [`cqr`] with `x^((q-1)/2)` by the field's fastest exponentiation
/// ([`Field::pow_vartime`]).
pub fn cqr_windowed<F: Field + ?Sized>(f: &F, tw: &TwoAdic<F::Elem>, x: &F::Elem) -> i8 {
    if f.is_zero(x) {
        return 0;
    }
    let r = f.pow_vartime(x, &tw.half_order_words);
    if r == f.one() {
        1
    } else {
        -1
    }
}

/// P.QR with the exponentiation `pow(a, e)` supplied.
fn pqr_by<F: Field + ?Sized>(
    f: &F,
    tw: &TwoAdic<F::Elem>,
    x: &F::Elem,
    pow: impl Fn(&F::Elem, &[u64]) -> F::Elem,
) -> PqrResult<F::Elem> {
    if f.is_zero(x) {
        return PqrResult {
            residue: 0,
            t: None,
            xs: Vec::new(),
            x_half_s_plus_1: f.zero(),
        };
    }
    let (x0, xh) = if tw.s().is_one() {
        (x.clone(), x.clone())
    } else {
        let h = pow(x, &tw.s_minus_1_half_words);
        let xh = f.mul(&h, x);
        (f.mul(&xh, &h), xh)
    };
    let one = f.one();
    let minus_one = f.neg(&one);
    let mut xs = Vec::with_capacity(tw.t() as usize + 1);
    xs.push(x0);
    if xs[0] == one {
        return PqrResult {
            residue: 1,
            t: None,
            xs,
            x_half_s_plus_1: xh,
        };
    }
    let mut j = 0u32;
    loop {
        if xs[j as usize] == minus_one {
            return PqrResult {
                residue: if j < tw.t() { 1 } else { -1 },
                t: Some(j),
                xs,
                x_half_s_plus_1: xh,
            };
        }
        if j >= tw.t() {
            // Impossible in a field of the stated order; report a non-residue.
            return PqrResult {
                residue: -1,
                t: Some(j),
                xs,
                x_half_s_plus_1: xh,
            };
        }
        let next = f.sqr(&xs[j as usize]);
        xs.push(next);
        j += 1;
    }
}

/// The Legendre symbol by the prime field's own algorithm
/// ([`PrimeFieldOps::legendre`], a binary/Jacobi-style method in the fast fields).
pub fn legendre<F: PrimeFieldOps + ?Sized>(f: &F, x: &F::Elem) -> i8 {
    f.legendre(x)
}

/// The quadratic-residue tests of this module.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QrTest {
    /// Euler's criterion by the binary method (C.QR, Fig. 1).
    Cqr,
    /// The proposed test with early exit (P.QR, Fig. 2).
    Pqr,
    /// The field's Legendre-symbol algorithm.
    Legendre,
}

impl QrTest {
    /// Every test.
    pub const ALL: [QrTest; 3] = [QrTest::Cqr, QrTest::Pqr, QrTest::Legendre];

    /// The test's name: `"cqr"`, `"pqr"`, `"legendre"`.
    pub fn name(self) -> &'static str {
        match self {
            QrTest::Cqr => "cqr",
            QrTest::Pqr => "pqr",
            QrTest::Legendre => "legendre",
        }
    }

    /// The default test: the field's Legendre symbol.
    pub const AUTO: QrTest = QrTest::Legendre;

    /// The test a user named: `auto` ([`QrTest::AUTO`]) or any spelling of a name;
    /// [`Error::UnknownAlgorithm`] otherwise.
    pub fn choose(name: &str) -> Result<QrTest> {
        Ok(crate::algorithm::parse_or_auto(name)?.unwrap_or(QrTest::AUTO))
    }

    /// Runs the test on `x` in GF(p): `1`, `-1` or `0`.
    pub fn run<F: PrimeFieldOps + ?Sized>(self, f: &F, tw: &TwoAdic<F::Elem>, x: &F::Elem) -> i8 {
        match self {
            QrTest::Cqr => cqr(f, tw, x),
            QrTest::Pqr => pqr(f, tw, x).residue,
            QrTest::Legendre => legendre(f, x),
        }
    }
}

crate::algorithm::named_algorithm!(QrTest, "GF(p) QR test", display);

/// `T` and `s` with `(n - 1)/2 = 2^T s` for an odd `n > 2`, or `None`.
pub fn two_adic_split(n: &BigUint) -> Option<(u32, BigUint)> {
    if n.is_even() || *n <= BigUint::from(2u32) {
        return None;
    }
    let half: BigUint = (n - 1u32) >> 1;
    let t = half.trailing_zeros().unwrap_or(0) as u32;
    Some((t, half >> t))
}
