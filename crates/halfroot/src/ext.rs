//! Extension fields F_{q^k} = F_q\[X\]/(M) of small degree over a prime field.
//!
//! [`Fqk<F>`] runs over any [`PrimeFieldOps`] base — [`crate::prime::Fp`],
//! [`crate::prime::reference::BigPrimeField`], [`crate::count::Counting`] — and
//! implements [`Field`]. Elements are `Vec` of k coefficients, constant term first.
//!
//! * [`modulus`]: M = X^k − α (Lidl–Niederreiter Theorem 3.75) or any irreducible
//!   monic M (Rabin's test); the smallest binomial, else a small trinomial.
//! * [`mul`]: schoolbook, Karatsuba (14M / 18M / 23M for k = 5 / 6 / 7), Montgomery's
//!   Karatsuba-like formulae (13M / 17M / 22M) and El Mrabet–Guillevic–Ionica's Newton
//!   interpolation (9M / 11M / 13M), by name, each with per-product Montgomery reduction.
//! * [`lazy`]: the same formulas with lazy reduction over [`crate::prime::Fp`] and
//!   M = X^k − α (small ±α): unreduced double-width products combined over Z, one
//!   REDC per output coefficient; `auto` picks Karatsuba-lazy there.
//! * [`inv`]: Itoh–Tsujii (norm via Frobenius, the default), the paper's explicit
//!   k = 5 formula (45M + 5S to the norm) and extended Euclid.
//!
//! Source: El Mrabet, Guillevic, Ionica, "Efficient multiplication in finite field
//! extensions of degree 5", AFRICACRYPT 2011.

pub mod inv;
pub mod lazy;
pub mod modulus;
pub mod mul;
pub mod sqrt;

pub use modulus::{ExtModulus, ModulusChoice};
pub use mul::MulAlgorithm;

use crate::error::{Error, Result};
use crate::field::Field;
use crate::prime::montgomery::parse_uint;
use crate::prime::PrimeFieldOps;
use num_bigint::BigUint;
use rand::RngCore;
use std::sync::Arc;

/// The largest supported degree.
pub const MAX_DEGREE: usize = 16;

/// F_{q^k} over the prime field `F`.
#[derive(Debug, Clone)]
pub struct Fqk<F: PrimeFieldOps> {
    base: F,
    modulus: ExtModulus<F::Elem>,
    alg: MulAlgorithm,
    inv11: Option<F::Elem>,
    /// `frob[i−1]` is the matrix of x ↦ x^(q^i), i = 1 … k − 1 (row j = X^(j q^i)).
    frob: Vec<Vec<Vec<F::Elem>>>,
    /// For M = X^k − α with k | q − 1: `diag[i−1][j]` with X^(j q^i) = diag·X^j.
    diag: Option<Vec<Vec<F::Elem>>>,
    /// The lazy-reduction engine (base [`crate::prime::Fp`], M = X^k − α, small ±α).
    lazy: Option<Arc<dyn lazy::LazyMul<F::Elem>>>,
}

fn bad_modulus(text: &str, reason: impl Into<String>) -> Error {
    Error::InvalidModulus {
        modulus: text.into(),
        reason: reason.into(),
    }
}

impl<F: PrimeFieldOps + 'static> Fqk<F>
where
    F::Elem: 'static,
{
    /// F_q\[X\]/(M) for M = X^k + Σ c_i X^i, `coeffs` = c_0 … c_{k−1} (k = coeffs.len()).
    /// Errors: k outside 2 … [`MAX_DEGREE`], a coefficient ≥ q, M reducible.
    pub fn new(base: F, coeffs: &[BigUint]) -> Result<Self> {
        let k = coeffs.len();
        let text = coeffs
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(",");
        if !(2..=MAX_DEGREE).contains(&k) {
            return Err(bad_modulus(
                &text,
                format!("degree k = {k} must be in 2 … {MAX_DEGREE}"),
            ));
        }
        let cs = coeffs
            .iter()
            .map(|c| base.from_biguint(c))
            .collect::<Result<Vec<_>>>()?;
        let m = ExtModulus::new(&base, cs);
        Self::build(base, m, &text, false)
    }

    /// F_q\[X\]/(X^k − α). Errors as [`Fqk::new`]; reducibility by Theorem 3.75.
    pub fn binomial(base: F, k: usize, alpha: &BigUint) -> Result<Self> {
        let text = format!("X^{k} - {alpha}");
        if !(2..=MAX_DEGREE).contains(&k) {
            return Err(bad_modulus(
                &text,
                format!("degree k = {k} must be in 2 … {MAX_DEGREE}"),
            ));
        }
        let a = base.from_biguint(alpha)?;
        modulus::binomial_irreducible(&base, k, &a).map_err(|reason| Error::ReducibleModulus {
            modulus: text.clone(),
            reason,
        })?;
        let mut cs = vec![base.zero(); k];
        cs[0] = base.neg(&a);
        let m = ExtModulus::new(&base, cs);
        Self::build(base, m, &text, true)
    }

    /// F_q\[X\]/(M) for M given as a [`ModulusChoice`] (the one syntax of the command
    /// line and Python); integers are reduced mod q, so negative ones are allowed.
    pub fn with_modulus_choice(base: F, k: usize, choice: &ModulusChoice) -> Result<Self> {
        let q = num_bigint::BigInt::from(base.modulus().clone());
        let reduce =
            |v: &num_bigint::BigInt| (((v % &q) + &q) % &q).to_biguint().unwrap_or_default();
        match choice {
            ModulusChoice::Auto => Self::with_default_modulus(base, k),
            ModulusChoice::Binomial(alpha) => Self::binomial(base, k, &reduce(alpha)),
            ModulusChoice::Coefficients(cs) => {
                if cs.len() != k {
                    return Err(ModulusChoice::coefficient_count_error(k, cs.len()));
                }
                let cs: Vec<BigUint> = cs.iter().map(reduce).collect();
                Self::new(base, &cs)
            }
        }
    }

    /// The smallest irreducible X^k − α (α = 2, 3, …, or −1, −2, … if none of 2 …
    /// 1000 works) when one exists (every prime r | k divides q − 1, and q ≡ 1 mod 4
    /// if 4 | k), else the first irreducible X^k + aX + b with small a ≥ 1, b ≥ 1.
    pub fn with_default_modulus(base: F, k: usize) -> Result<Self> {
        if !(2..=MAX_DEGREE).contains(&k) {
            return Err(bad_modulus(
                "default",
                format!("degree k = {k} must be in 2 … {MAX_DEGREE}"),
            ));
        }
        let q = base.modulus().clone();
        let exists = crate::numbers::prime_factors(k)
            .iter()
            .all(|&r| (&q - 1u32) % r == BigUint::from(0u32))
            && (!k.is_multiple_of(4) || &q % 4u32 == BigUint::from(1u32));
        if exists {
            for a in 2u64..1000 {
                let av = BigUint::from(a);
                if av >= q {
                    break;
                }
                let e = base.from_u64(a);
                if modulus::binomial_irreducible(&base, k, &e).is_ok() {
                    return Self::binomial(base, k, &av);
                }
            }
            for a in 1u64..1000 {
                if BigUint::from(a) >= q {
                    break;
                }
                let e = base.neg(&base.from_u64(a));
                if modulus::binomial_irreducible(&base, k, &e).is_ok() {
                    let av = base.to_biguint(&e);
                    return Self::binomial(base, k, &av);
                }
            }
        }
        for s in 2u64..200 {
            for a in 1..s {
                let b = s - a;
                if BigUint::from(a.max(b)) >= q {
                    continue;
                }
                let mut cs = vec![BigUint::from(0u32); k];
                cs[0] = BigUint::from(b);
                cs[1] = BigUint::from(a);
                let e = cs
                    .iter()
                    .map(|c| base.from_biguint(c))
                    .collect::<Result<Vec<_>>>()?;
                let m = ExtModulus::new(&base, e);
                let xq = modulus::x_pow_q(&base, &m);
                let fm = modulus::frobenius_matrix(&base, &m, &xq);
                if modulus::rabin_irreducible(&base, &m, &fm).is_ok() {
                    return Self::new(base, &cs);
                }
            }
        }
        Err(bad_modulus(
            "default",
            "no irreducible binomial or small trinomial found",
        ))
    }

    fn build(base: F, m: ExtModulus<F::Elem>, text: &str, checked: bool) -> Result<Self> {
        let k = m.degree();
        let xq = modulus::x_pow_q(&base, &m);
        let f1 = modulus::frobenius_matrix(&base, &m, &xq);
        if !checked {
            modulus::rabin_irreducible(&base, &m, &f1).map_err(|reason| {
                Error::ReducibleModulus {
                    modulus: text.into(),
                    reason,
                }
            })?;
        }
        // matrices of x ↦ x^(q^i): rows X^(j q^i) = φ(X^(j q^(i−1)))
        let mut frob = vec![f1.clone()];
        for i in 1..k.saturating_sub(1) {
            let rows: Vec<Vec<F::Elem>> = frob[i - 1]
                .iter()
                .map(|r| modulus::apply_matrix(&base, &f1, r))
                .collect();
            frob.push(rows);
        }
        let is_diag = frob.iter().all(|rows| {
            rows.iter()
                .enumerate()
                .all(|(j, r)| r.iter().enumerate().all(|(i, x)| i == j || base.is_zero(x)))
        });
        let diag = is_diag.then(|| {
            frob.iter()
                .map(|rows| rows.iter().enumerate().map(|(j, r)| r[j].clone()).collect())
                .collect()
        });
        let inv11 = mul::newton::inv11(&base, k);
        let lazy = base.lazy_ext_engine(&m);
        let mut e = Fqk {
            base,
            modulus: m,
            alg: MulAlgorithm::Schoolbook,
            inv11,
            frob,
            diag,
            lazy,
        };
        e.alg = e.resolve(MulAlgorithm::Auto)?;
        Ok(e)
    }

    /// Whether the lazy-reduction variants run here (base [`crate::prime::Fp`],
    /// M = X^k − α with ±α < 2^31, k ≤ 7); otherwise they fall back to their reduced
    /// forms.
    pub fn has_lazy(&self) -> bool {
        self.lazy.is_some()
    }

    fn resolve(&self, alg: MulAlgorithm) -> Result<MulAlgorithm> {
        let k = self.degree();
        let q = self.base.modulus();
        if alg == MulAlgorithm::Auto {
            if let Some(l) = &self.lazy {
                let a = MulAlgorithm::auto_lazy(k, q);
                if l.supports(a) {
                    return Ok(a);
                }
            }
            return Ok(MulAlgorithm::auto(k, q));
        }
        alg.resolve(k, q)
    }

    /// Selects the multiplication algorithm (`Auto` is resolved here). Errors if it
    /// does not apply to this (k, q).
    pub fn set_algorithm(&mut self, alg: MulAlgorithm) -> Result<()> {
        self.alg = self.resolve(alg)?;
        Ok(())
    }

    /// `a` with exactly k coefficients: as given, or padded with zeros or cut to k. The
    /// operations take slices, so an element of another length (not made by this field:
    /// [`Fqk::from_coeffs`] checks) gives a meaningless result, never a panic.
    pub(crate) fn fit<'a>(&self, a: &'a [F::Elem]) -> std::borrow::Cow<'a, [F::Elem]> {
        let k = self.degree();
        if a.len() == k {
            return std::borrow::Cow::Borrowed(a);
        }
        let mut v: Vec<F::Elem> = a.iter().take(k).cloned().collect();
        v.resize(k, self.base.zero());
        std::borrow::Cow::Owned(v)
    }

    /// `a·b mod M` (`b = None`: `a²`) by `alg` (already resolved).
    fn product(&self, alg: MulAlgorithm, a: &[F::Elem], b: Option<&[F::Elem]>) -> Vec<F::Elem> {
        let a = &*self.fit(a);
        let b = b.map(|b| self.fit(b));
        let b = b.as_deref();
        if alg.is_lazy() {
            if let Some(l) = &self.lazy {
                if l.supports(alg) {
                    let mut out = a.to_vec();
                    if l.mul(alg, a, b, &mut out) {
                        return out;
                    }
                }
            }
        }
        let c = match b {
            Some(b) => alg.mul_poly(&self.base, a, b, &self.inv11),
            None => alg.sqr_poly(&self.base, a, &self.inv11),
        };
        self.modulus.reduce(&self.base, c)
    }

    /// The builder form of [`Fqk::set_algorithm`].
    pub fn with_algorithm(mut self, alg: MulAlgorithm) -> Result<Self> {
        self.set_algorithm(alg)?;
        Ok(self)
    }

    /// The multiplication algorithm in use (never `Auto`).
    pub fn algorithm(&self) -> MulAlgorithm {
        self.alg
    }
    /// The base field F_q.
    pub fn base(&self) -> &F {
        &self.base
    }
    /// The degree k.
    pub fn degree(&self) -> usize {
        self.modulus.degree()
    }
    /// The defining polynomial.
    pub fn modulus(&self) -> &ExtModulus<F::Elem> {
        &self.modulus
    }

    /// `a·b` by an explicitly chosen algorithm (for tests and benchmarks; an
    /// unsupported choice falls back to schoolbook).
    pub fn mul_with(&self, alg: MulAlgorithm, a: &[F::Elem], b: &[F::Elem]) -> Vec<F::Elem> {
        let alg = self.resolve(alg).unwrap_or(MulAlgorithm::Schoolbook);
        self.product(alg, a, Some(b))
    }

    /// `out = a·b` by `alg` (`Auto` resolved as in [`Fqk::mul_with`]) into a
    /// caller-provided buffer of k coefficients: no allocation when the lazy engine
    /// runs (base [`crate::prime::Fp`], M = X^k − α with small ±α); otherwise the
    /// product is formed as in [`Fqk::mul_with`] and copied. `None` (and `out`
    /// unchanged) if `a`, `b` or `out` does not have k coefficients.
    pub fn mul_into(
        &self,
        alg: MulAlgorithm,
        a: &[F::Elem],
        b: &[F::Elem],
        out: &mut [F::Elem],
    ) -> Option<()> {
        let k = self.degree();
        if a.len() != k || b.len() != k || out.len() != k {
            return None;
        }
        let alg = self.resolve(alg).unwrap_or(MulAlgorithm::Schoolbook);
        if alg.is_lazy() {
            if let Some(l) = &self.lazy {
                if l.supports(alg) && l.mul(alg, a, Some(b), out) {
                    return Some(());
                }
            }
        }
        out.clone_from_slice(&self.product(alg, a, Some(b)));
        Some(())
    }

    /// `a²` by an explicitly chosen algorithm's squaring variant.
    pub fn sqr_with(&self, alg: MulAlgorithm, a: &[F::Elem]) -> Vec<F::Elem> {
        let alg = self.resolve(alg).unwrap_or(MulAlgorithm::Schoolbook);
        self.product(alg, a, None)
    }

    /// `s·a` for `s` in F_q (k M).
    pub fn scalar_mul(&self, s: &F::Elem, a: &[F::Elem]) -> Vec<F::Elem> {
        self.fit(a).iter().map(|x| self.base.mul(s, x)).collect()
    }

    /// The element of F_q embedded as a constant.
    pub fn from_base(&self, s: &F::Elem) -> Vec<F::Elem> {
        let mut v = vec![self.base.zero(); self.degree()];
        v[0] = s.clone();
        v
    }

    /// `a^(q^i)` (i taken mod k): k − 1 M for a binomial with k | q − 1, k² M otherwise.
    pub fn frobenius(&self, a: &[F::Elem], i: usize) -> Vec<F::Elem> {
        let a = &*self.fit(a);
        let k = self.degree();
        let i = i % k;
        if i == 0 {
            return a.to_vec();
        }
        match &self.diag {
            Some(d) => a
                .iter()
                .enumerate()
                .map(|(j, x)| {
                    if j == 0 {
                        x.clone()
                    } else {
                        self.base.mul(x, &d[i - 1][j])
                    }
                })
                .collect(),
            None => modulus::apply_matrix(&self.base, &self.frob[i - 1], a),
        }
    }

    /// N(a) = a · a^q ⋯ a^(q^(k−1)) ∈ F_q.
    pub fn norm(&self, a: &[F::Elem]) -> F::Elem {
        let a = &*self.fit(a);
        let bar = inv::conjugate_product(self, a);
        inv::norm_from(self, a, &bar)
    }

    /// The element with coefficients `c` (constant first, exactly k, each < q).
    pub fn from_coeffs(&self, c: &[BigUint]) -> Result<Vec<F::Elem>> {
        if c.len() != self.degree() {
            return Err(Error::InvalidArgument {
                name: "element".into(),
                value: format!("{} coefficients", c.len()),
                reason: format!(
                    "an element of F_q^{} has {} coefficients",
                    self.degree(),
                    self.degree()
                ),
            });
        }
        c.iter().map(|x| self.base.from_biguint(x)).collect()
    }

    /// Parses `c0,c1,…,c_{k−1}` (constant term first, decimal or `0x` hex).
    pub fn parse(&self, s: &str) -> Result<Vec<F::Elem>> {
        let parts = parse_coeff_list(s)?;
        self.from_coeffs(&parts)
    }

    /// The coefficients as integers in [0, q).
    pub fn to_coeffs(&self, a: &[F::Elem]) -> Vec<BigUint> {
        a.iter().map(|x| self.base.to_biguint(x)).collect()
    }

    /// `c0,c1,…` in decimal.
    pub fn format(&self, a: &[F::Elem]) -> String {
        self.to_coeffs(a)
            .iter()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }
}

/// Parses a comma-separated list of non-negative integers (decimal or `0x` hex).
pub fn parse_coeff_list(s: &str) -> Result<Vec<BigUint>> {
    if s.trim().is_empty() {
        return Err(Error::Parse {
            what: "coefficient list".into(),
            input: s.into(),
            reason: "empty".into(),
        });
    }
    s.split(',').map(parse_uint).collect()
}

impl<F: PrimeFieldOps + 'static> Field for Fqk<F>
where
    F::Elem: 'static,
{
    type Elem = Vec<F::Elem>;
    fn zero(&self) -> Vec<F::Elem> {
        vec![self.base.zero(); self.degree()]
    }
    fn one(&self) -> Vec<F::Elem> {
        self.from_base(&self.base.one())
    }
    fn add(&self, a: &Vec<F::Elem>, b: &Vec<F::Elem>) -> Vec<F::Elem> {
        a.iter().zip(b).map(|(x, y)| self.base.add(x, y)).collect()
    }
    fn sub(&self, a: &Vec<F::Elem>, b: &Vec<F::Elem>) -> Vec<F::Elem> {
        a.iter().zip(b).map(|(x, y)| self.base.sub(x, y)).collect()
    }
    fn neg(&self, a: &Vec<F::Elem>) -> Vec<F::Elem> {
        a.iter().map(|x| self.base.neg(x)).collect()
    }
    fn mul(&self, a: &Vec<F::Elem>, b: &Vec<F::Elem>) -> Vec<F::Elem> {
        self.product(self.alg, a, Some(b))
    }
    fn sqr(&self, a: &Vec<F::Elem>) -> Vec<F::Elem> {
        self.product(self.alg, a, None)
    }
    /// Itoh–Tsujii ([`inv::inv_itoh_tsujii`]).
    fn inv(&self, a: &Vec<F::Elem>) -> Option<Vec<F::Elem>> {
        inv::inv_itoh_tsujii(self, a)
    }
    fn is_zero(&self, a: &Vec<F::Elem>) -> bool {
        a.iter().all(|x| self.base.is_zero(x))
    }
    fn random(&self, rng: &mut dyn RngCore) -> Vec<F::Elem> {
        (0..self.degree()).map(|_| self.base.random(rng)).collect()
    }
    fn ct_eq(&self, a: &Vec<F::Elem>, b: &Vec<F::Elem>) -> crate::field::Choice {
        let mut eq = crate::field::Choice::from(u8::from(a.len() == b.len()));
        for (x, y) in a.iter().zip(b) {
            eq &= self.base.ct_eq(x, y);
        }
        eq
    }
    fn select(
        &self,
        a: &Vec<F::Elem>,
        b: &Vec<F::Elem>,
        choice: crate::field::Choice,
    ) -> Vec<F::Elem> {
        a.iter()
            .zip(b)
            .map(|(x, y)| self.base.select(x, y, choice))
            .collect()
    }
    fn encoded_len(&self) -> usize {
        self.degree() * self.base.encoded_len()
    }
    /// The coefficients' encodings, highest degree first (see [`crate::field`]).
    fn encode(&self, a: &Vec<F::Elem>) -> Vec<u8> {
        crate::field::encode_coefficients(&self.base, a)
    }
    fn decode(&self, bytes: &[u8]) -> Result<Vec<F::Elem>> {
        crate::field::decode_coefficients(&self.base, bytes, self.degree())
    }
}
