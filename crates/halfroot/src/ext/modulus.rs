//! Defining polynomials M of F_{q^k} = F_q\[X\]/(M): sparse reduction, irreducibility
//! tests and the search for a small binomial or trinomial.
//!
//! Source: Lidl–Niederreiter, *Finite Fields*, Theorem 3.75 (binomials X^k − α: for
//! α ≠ 0 of order e, irreducible iff every prime r | k divides e but not (q − 1)/e,
//! and q ≡ 1 mod 4 if 4 | k — equivalently, for every prime r | k, r | q − 1 and α is
//! not an r-th power, i.e. α^((q−1)/r) ≠ 1); Rabin, "Probabilistic algorithms in finite
//! fields", 1980 (M of degree k irreducible iff X^(q^k) ≡ X mod M and
//! gcd(X^(q^(k/r)) − X, M) = 1 for every prime r | k).
//! Cost: binomial test ω(k) exponentiations in F_q; Rabin's test one exponentiation
//! X^q mod M (log q squarings in F_q\[X\]/(M)), k Frobenius maps (k² M each), ω(k) gcds.
//! Reduction of a (2k − 1)-term product: (k − 1)·t products by the t non-zero
//! coefficients of M − X^k (constants of value or negated value ≤ 8 as `mul_small`).
//! Variable time in the modulus (public); reduction constant time in the element.

use crate::error::Error;
use crate::field::Field;
use crate::prime::PrimeFieldOps;
use num_bigint::{BigInt, BigUint};

/// How a user gives the defining polynomial of F_{q^k}: the one syntax of the command
/// line and Python, parsed here once.
///
/// Text: `auto` (the smallest irreducible binomial X^k − α, else a small trinomial),
/// one integer α (M = X^k − α), or the coefficients `c0,c1,…,c(k−1)` of the monic
/// M = X^k + c_(k−1)X^(k−1) + … + c_0 (k + 1 of them if the last is the leading 1).
/// Integers are decimal or `0x` hexadecimal and may be negative (they are reduced
/// mod q when the field is built).
///
/// ```
/// use halfroot::ext::ModulusChoice;
/// assert_eq!(ModulusChoice::parse("auto", 5).expect("auto"), ModulusChoice::Auto);
/// assert_eq!(ModulusChoice::parse("-2", 5).expect("α"), ModulusChoice::Binomial((-2).into()));
/// let m = ModulusChoice::parse("1,0,0,1,0,1", 5).expect("k + 1 coefficients");
/// assert_eq!(m, ModulusChoice::Coefficients(vec![1.into(), 0.into(), 0.into(), 1.into(), 0.into()]));
/// assert!(ModulusChoice::parse("1,2", 5).is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ModulusChoice {
    /// The default modulus for (q, k).
    Auto,
    /// M = X^k − α.
    Binomial(BigInt),
    /// c_0 … c_(k−1) of the monic M.
    Coefficients(Vec<BigInt>),
}

impl ModulusChoice {
    /// Parses the text syntax for degree `k`; [`Error::Parse`] or
    /// [`Error::InvalidModulus`] naming the text and what is wrong.
    pub fn parse(text: &str, k: usize) -> crate::error::Result<ModulusChoice> {
        let t = text.trim();
        if crate::algorithm::normalize(t) == "auto" {
            return Ok(ModulusChoice::Auto);
        }
        if t.contains(',') {
            let cs = t
                .split(',')
                .map(|c| parse_int(c.trim()))
                .collect::<crate::error::Result<Vec<_>>>()?;
            return ModulusChoice::from_coefficients(cs, k);
        }
        Ok(ModulusChoice::Binomial(parse_int(t)?))
    }

    /// The coefficient form: `k` coefficients c_0 … c_(k−1), or `k + 1` whose last is
    /// the leading 1; [`Error::InvalidModulus`] otherwise.
    pub fn from_coefficients(mut cs: Vec<BigInt>, k: usize) -> crate::error::Result<ModulusChoice> {
        if k.checked_add(1) == Some(cs.len()) {
            if cs[k] != BigInt::from(1) {
                return Err(Error::InvalidModulus {
                    modulus: join(&cs),
                    reason: "with k + 1 coefficients (constant term first) the last must \
                             be 1: M is monic"
                        .into(),
                });
            }
            cs.pop();
        }
        if cs.len() != k {
            return Err(ModulusChoice::coefficient_count_error(k, cs.len()));
        }
        Ok(ModulusChoice::Coefficients(cs))
    }

    pub(crate) fn coefficient_count_error(k: usize, got: usize) -> Error {
        Error::InvalidModulus {
            modulus: format!("{got} coefficients"),
            reason: format!(
                "a monic M = X^{k} + c_{}X^{} + … + c_0 of degree {k} needs the {k} \
                 coefficients c_0,…,c_{} (or {} with the leading 1)",
                k.saturating_sub(1),
                k.saturating_sub(1),
                k.saturating_sub(1),
                k.saturating_add(1)
            ),
        }
    }
}

fn join(cs: &[BigInt]) -> String {
    cs.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// A signed integer in decimal or `0x` hexadecimal.
fn parse_int(s: &str) -> crate::error::Result<BigInt> {
    let (neg, body) = match s.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let v = BigInt::from(crate::prime::montgomery::parse_uint(body)?);
    Ok(if neg { -v } else { v })
}

/// A constant multiplier of the reduction: small constants use `mul_small`.
#[derive(Debug, Clone)]
pub enum Scalar<E> {
    /// `+m` with m ≤ 8.
    Small(u64),
    /// `−m` with m ≤ 8.
    NegSmall(u64),
    /// Any other value.
    Full(E),
}

impl<E: Clone> Scalar<E> {
    /// Classifies `v` (as an integer below q).
    pub fn new<F: PrimeFieldOps<Elem = E>>(f: &F, v: &F::Elem) -> Scalar<E> {
        let n = f.to_biguint(v);
        let q = f.modulus();
        let small = BigUint::from(8u32);
        if n <= small {
            Scalar::Small(n.to_u64_digits().first().copied().unwrap_or(0))
        } else if q - &n <= small {
            Scalar::NegSmall((q - &n).to_u64_digits().first().copied().unwrap_or(0))
        } else {
            Scalar::Full(v.clone())
        }
    }

    /// `acc + s·t`.
    pub fn mul_add<F: PrimeFieldOps<Elem = E>>(&self, f: &F, acc: &E, t: &E) -> E {
        match self {
            Scalar::Small(1) => f.add(acc, t),
            Scalar::NegSmall(1) => f.sub(acc, t),
            Scalar::Small(m) => f.add(acc, &f.mul_small(t, *m)),
            Scalar::NegSmall(m) => f.sub(acc, &f.mul_small(t, *m)),
            Scalar::Full(e) => f.add(acc, &f.mul(e, t)),
        }
    }

    /// `s·t`.
    pub fn mul<F: PrimeFieldOps<Elem = E>>(&self, f: &F, t: &E) -> E {
        match self {
            Scalar::Small(m) => f.mul_small(t, *m),
            Scalar::NegSmall(m) => f.neg(&f.mul_small(t, *m)),
            Scalar::Full(e) => f.mul(e, t),
        }
    }
}

/// A monic M = X^k + c_{k−1}X^{k−1} + … + c_0 over F_q, with the reduction rule
/// X^k ≡ Σ r_i X^i (r_i = −c_i) kept for the non-zero r_i only.
#[derive(Debug, Clone)]
pub struct ExtModulus<E> {
    k: usize,
    coeffs: Vec<E>,
    terms: Vec<(usize, Scalar<E>)>,
    alpha: Option<E>,
}

impl<E: Clone + PartialEq> ExtModulus<E> {
    /// M = X^k + Σ c_i X^i from `coeffs` = c_0 … c_{k−1} (no irreducibility check).
    pub fn new<F: PrimeFieldOps<Elem = E>>(f: &F, coeffs: Vec<E>) -> ExtModulus<E> {
        let k = coeffs.len();
        let mut terms = Vec::new();
        for (i, c) in coeffs.iter().enumerate() {
            if !f.is_zero(c) {
                terms.push((i, Scalar::new(f, &f.neg(c))));
            }
        }
        let alpha = (terms.len() == 1 && terms[0].0 == 0).then(|| f.neg(&coeffs[0]));
        ExtModulus {
            k,
            coeffs,
            terms,
            alpha,
        }
    }

    /// The degree k.
    pub fn degree(&self) -> usize {
        self.k
    }
    /// c_0 … c_{k−1}.
    pub fn coeffs(&self) -> &[E] {
        &self.coeffs
    }
    /// α if M = X^k − α.
    pub fn alpha(&self) -> Option<&E> {
        self.alpha.as_ref()
    }
    /// The non-zero coefficients of the reduction rule X^k ≡ Σ r_i X^i.
    pub fn terms(&self) -> &[(usize, Scalar<E>)] {
        &self.terms
    }

    /// Reduces a polynomial of any length to k coefficients.
    pub fn reduce<F: PrimeFieldOps<Elem = E>>(&self, f: &F, mut c: Vec<E>) -> Vec<E> {
        let k = self.k;
        for d in (k..c.len()).rev() {
            let t = c[d].clone();
            for (i, s) in &self.terms {
                let j = d - k + i;
                c[j] = s.mul_add(f, &c[j], &t);
            }
        }
        c.truncate(k);
        while c.len() < k {
            c.push(f.zero());
        }
        c
    }

    /// `a·b mod M` by schoolbook (used to set up the field).
    pub fn mulmod<F: PrimeFieldOps<Elem = E>>(&self, f: &F, a: &[E], b: &[E]) -> Vec<E> {
        self.reduce(f, super::mul::schoolbook::mul(f, a, b))
    }
}

/// Theorem 3.75: whether X^k − α is irreducible over F_q; `Err(reason)` if not.
pub fn binomial_irreducible<F: PrimeFieldOps>(
    f: &F,
    k: usize,
    alpha: &F::Elem,
) -> Result<(), String> {
    if f.is_zero(alpha) {
        return Err("α = 0 gives X^k, divisible by X".into());
    }
    let q = f.modulus();
    let qm1 = q - 1u32;
    if k.is_multiple_of(4) && (q % 4u32) != BigUint::from(1u32) {
        return Err("4 | k needs q ≡ 1 mod 4 (Lidl–Niederreiter 3.75)".into());
    }
    for r in crate::numbers::prime_factors(k) {
        if (&qm1 % r) != BigUint::from(0u32) {
            return Err(format!(
                "{r} | k but {r} ∤ q − 1, so no binomial of degree {k} is irreducible"
            ));
        }
        let e = &qm1 / r;
        if f.pow_vartime(alpha, &e.to_u64_digits()) == f.one() {
            return Err(format!(
                "α is a {r}-th power, so X^{k} − α has a factor of degree {}",
                k / r
            ));
        }
    }
    Ok(())
}

/// X^q mod M by square-and-multiply (k coefficients; for k = 1, X ≡ −c_0 and
/// X^q ≡ (−c_0)^q = −c_0; for k = 0, empty).
pub fn x_pow_q<F: PrimeFieldOps>(f: &F, m: &ExtModulus<F::Elem>) -> Vec<F::Elem> {
    let k = m.degree();
    if k < 2 {
        return m.coeffs().iter().map(|c| f.neg(c)).collect();
    }
    let mut x = vec![f.zero(); k];
    x[1] = f.one();
    let q = f.modulus();
    let mut acc = x.clone();
    for bit in (0..q.bits() - 1).rev() {
        acc = m.reduce(f, super::mul::schoolbook::sqr(f, &acc));
        if q.bit(bit) {
            // multiply by X: shift up then reduce
            let mut s = vec![f.zero()];
            s.extend(acc);
            acc = m.reduce(f, s);
        }
    }
    acc
}

/// Applies a Frobenius matrix: Σ a_j·row_j (row 0 is the identity's; rows missing or
/// longer than `a` are a caller's mistake, read as zero or cut, never a panic).
pub fn apply_matrix<F: PrimeFieldOps>(f: &F, rows: &[Vec<F::Elem>], a: &[F::Elem]) -> Vec<F::Elem> {
    let k = a.len();
    let mut out = vec![f.zero(); k];
    for (j, aj) in a.iter().enumerate() {
        if j == 0 {
            out[0] = f.add(&out[0], aj);
            continue;
        }
        let Some(row) = rows.get(j) else { continue };
        for (o, r) in out.iter_mut().zip(row) {
            if !f.is_zero(r) {
                *o = f.add(o, &f.mul(aj, r));
            }
        }
    }
    out
}

/// The matrix of x ↦ x^q: row j is X^(jq) mod M.
pub fn frobenius_matrix<F: PrimeFieldOps>(
    f: &F,
    m: &ExtModulus<F::Elem>,
    xq: &[F::Elem],
) -> Vec<Vec<F::Elem>> {
    let k = m.degree();
    let mut rows = Vec::with_capacity(k);
    let mut one = vec![f.zero(); k];
    if let Some(c0) = one.first_mut() {
        *c0 = f.one();
    }
    rows.push(one);
    for j in 1..k {
        let next = m.mulmod(f, &rows[j - 1], xq);
        rows.push(next);
    }
    rows
}

fn trim<F: Field>(f: &F, a: &mut Vec<F::Elem>) {
    while a.last().is_some_and(|x| f.is_zero(x)) {
        a.pop();
    }
}

/// `a mod b` in F_q\[X\] (b non-zero, trimmed); returns the remainder, trimmed.
pub fn poly_rem<F: PrimeFieldOps>(f: &F, a: &[F::Elem], b: &[F::Elem]) -> Vec<F::Elem> {
    poly_divrem(f, a, b).1
}

/// Quotient and remainder in F_q\[X\]; `b` must be trimmed and non-zero.
pub fn poly_divrem<F: PrimeFieldOps>(
    f: &F,
    a: &[F::Elem],
    b: &[F::Elem],
) -> (Vec<F::Elem>, Vec<F::Elem>) {
    let mut r = a.to_vec();
    trim(f, &mut r);
    let db = b.len().saturating_sub(1);
    let Some(lead_inv) = b.last().and_then(|l| f.inv(l)) else {
        return (Vec::new(), r);
    };
    if r.len() < b.len() {
        return (Vec::new(), r);
    }
    let mut quo = vec![f.zero(); r.len() - db];
    while r.len() >= b.len() && !r.is_empty() {
        let dr = r.len() - 1;
        let t = f.mul(&r[dr], &lead_inv);
        let shift = dr - db;
        for (i, bi) in b.iter().enumerate() {
            r[shift + i] = f.sub(&r[shift + i], &f.mul(&t, bi));
        }
        quo[shift] = t;
        r.pop();
        trim(f, &mut r);
    }
    (quo, r)
}

/// The degree of gcd(a, b) in F_q\[X\] (a, b not both zero).
pub fn gcd_degree<F: PrimeFieldOps>(f: &F, a: &[F::Elem], b: &[F::Elem]) -> usize {
    let mut x = a.to_vec();
    let mut y = b.to_vec();
    trim(f, &mut x);
    trim(f, &mut y);
    while !y.is_empty() {
        let r = poly_rem(f, &x, &y);
        x = y;
        y = r;
    }
    x.len().saturating_sub(1)
}

/// Rabin's test. `Err(reason)` if M is reducible.
pub fn rabin_irreducible<F: PrimeFieldOps>(
    f: &F,
    m: &ExtModulus<F::Elem>,
    frob: &[Vec<F::Elem>],
) -> Result<(), String> {
    let k = m.degree();
    match k {
        0 => return Err("degree 0: M = 1 is a unit".into()),
        1 => return Ok(()),
        _ => {}
    }
    if f.is_zero(&m.coeffs()[0]) {
        return Err("constant term 0: X divides M".into());
    }
    // powers[i] = X^(q^i) mod M, i = 0 … k
    let mut x = vec![f.zero(); k];
    x[1] = f.one();
    let mut powers = vec![x.clone()];
    for i in 1..=k {
        let next = apply_matrix(f, frob, &powers[i - 1]);
        powers.push(next);
    }
    if powers[k] != x {
        return Err(format!("X^(q^{k}) ≢ X mod M"));
    }
    let mut full: Vec<F::Elem> = m.coeffs().to_vec();
    full.push(f.one());
    for r in crate::numbers::prime_factors(k) {
        let mut d = powers[k / r].clone();
        d[1] = f.sub(&d[1], &f.one());
        let g = gcd_degree(f, &full, &d);
        if g > 0 {
            return Err(format!(
                "gcd(X^(q^{}) − X, M) has degree {g}: M has a factor of degree dividing {}",
                k / r,
                k / r
            ));
        }
    }
    Ok(())
}
