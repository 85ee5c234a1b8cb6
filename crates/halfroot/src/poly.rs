//! Dense univariate polynomials over any [`Field`]: [`PolyRing`].
//!
//! Source: the schoolbook algorithms of Knuth, TAOCP vol. 2, §4.6.1 (division with
//! remainder, Algorithm D's field case) and §4.6.1 / von zur Gathen–Gerhard, *Modern
//! Computer Algebra*, Algorithm 3.14 (the extended Euclidean algorithm). Cantor's group
//! law on genus-2 Jacobians (Cantor 1987; Kitamura–Katagi–Takagi §2) needs exactly
//! these operations on polynomials of degree ≤ 4 over F_2^d: products, division with
//! remainder, gcd and extended gcd.
//!
//! A polynomial is its coefficient vector, lowest degree first (`[c0, c1, …]`). The
//! ring context [`PolyRing`] borrows the field, so every coefficient operation goes
//! through it and [`crate::count::Counting`] counts them.
//!
//! Costs (in field operations, for degrees m ≥ n): product (m+1)(n+1) M and m·n A;
//! division (m−n+1)(n+1) M, (m−n+1)·n A and one I; extended gcd O(m·n) M plus one I per
//! remainder step.
//!
//! Constant-time: [`PolyRing::add`], [`PolyRing::sub`], [`PolyRing::neg`],
//! [`PolyRing::mul`], [`PolyRing::scale`] and [`PolyRing::eval`] work on the vectors as
//! given (no trimming) and take time that depends only on the lengths. Everything that
//! has to know a degree — [`PolyRing::degree_vartime`], [`PolyRing::trim_vartime`],
//! division, gcd — branches on which coefficients are zero, and says so in its name.

use crate::field::Field;

/// The ring F\[X\] over a borrowed field `F`; polynomials are `Vec<F::Elem>`, lowest
/// degree first.
///
/// ```
/// use halfroot::binary::spec::Nist163;
/// use halfroot::binary::field::BinaryField;
/// use halfroot::field::Field;
/// use halfroot::poly::PolyRing;
/// let f = BinaryField::<3, Nist163>::new(Nist163).expect("field");
/// let r = PolyRing::new(&f);
/// let x = [0u64, 0, 0];
/// let (one, t) = (f.one(), [2u64, 0, 0]);
/// // (X + t)(X + 1) = X² + (t + 1)X + t over F_2^163.
/// let p = r.mul(&[t, one], &[one, one]);
/// let (q, rem) = r.divrem_vartime(&p, &[one, one]).expect("nonzero divisor");
/// assert_eq!(r.trim_vartime(q), vec![t, one]);
/// assert!(r.trim_vartime(rem).is_empty());
/// assert_eq!(r.eval(&p, &t), x); // t is a root
/// ```
#[derive(Clone, Copy, Debug)]
pub struct PolyRing<'a, F: Field> {
    field: &'a F,
}

/// A quotient and a remainder, from [`PolyRing::divrem_vartime`].
pub type QuotRem<E> = (Vec<E>, Vec<E>);

/// The result of [`PolyRing::xgcd_vartime`]: `s·a + t·b = g`, `g` monic (or zero when
/// `a = b = 0`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Xgcd<E> {
    /// The monic greatest common divisor.
    pub g: Vec<E>,
    /// The cofactor of `a`.
    pub s: Vec<E>,
    /// The cofactor of `b`.
    pub t: Vec<E>,
}

impl<'a, F: Field> PolyRing<'a, F> {
    /// The ring of polynomials over `field`.
    pub fn new(field: &'a F) -> Self {
        PolyRing { field }
    }

    /// The coefficient field.
    pub fn field(&self) -> &'a F {
        self.field
    }

    /// The polynomial `c` (constant), as a one-coefficient vector.
    pub fn constant(&self, c: F::Elem) -> Vec<F::Elem> {
        vec![c]
    }

    /// `X^k`.
    pub fn monomial(&self, k: usize) -> Vec<F::Elem> {
        let mut v = vec![self.field.zero(); k + 1];
        v[k] = self.field.one();
        v
    }

    /// The degree, or `None` for the zero polynomial. Variable-time.
    pub fn degree_vartime(&self, a: &[F::Elem]) -> Option<usize> {
        a.iter().rposition(|c| !self.field.is_zero(c))
    }

    /// `a` without its zero leading coefficients (the zero polynomial is empty).
    /// Variable-time.
    pub fn trim_vartime(&self, mut a: Vec<F::Elem>) -> Vec<F::Elem> {
        let len = self.degree_vartime(&a).map_or(0, |d| d + 1);
        a.truncate(len);
        a
    }

    /// `a + b` (length max(len a, len b); not trimmed).
    pub fn add(&self, a: &[F::Elem], b: &[F::Elem]) -> Vec<F::Elem> {
        self.combine(a, b, |x, y| self.field.add(x, y), |y| y.clone())
    }

    /// `a − b` (not trimmed).
    pub fn sub(&self, a: &[F::Elem], b: &[F::Elem]) -> Vec<F::Elem> {
        self.combine(a, b, |x, y| self.field.sub(x, y), |y| self.field.neg(y))
    }

    fn combine(
        &self,
        a: &[F::Elem],
        b: &[F::Elem],
        both: impl Fn(&F::Elem, &F::Elem) -> F::Elem,
        only_b: impl Fn(&F::Elem) -> F::Elem,
    ) -> Vec<F::Elem> {
        (0..a.len().max(b.len()))
            .map(|i| match (a.get(i), b.get(i)) {
                (Some(x), Some(y)) => both(x, y),
                (Some(x), None) => x.clone(),
                (None, Some(y)) => only_b(y),
                (None, None) => self.field.zero(),
            })
            .collect()
    }

    /// `−a`.
    pub fn neg(&self, a: &[F::Elem]) -> Vec<F::Elem> {
        a.iter().map(|c| self.field.neg(c)).collect()
    }

    /// `c·a`.
    pub fn scale(&self, a: &[F::Elem], c: &F::Elem) -> Vec<F::Elem> {
        a.iter().map(|x| self.field.mul(x, c)).collect()
    }

    /// `a·b` by the schoolbook method (length len a + len b − 1; not trimmed). Costs
    /// len a · len b M and (len a − 1)(len b − 1) A.
    pub fn mul(&self, a: &[F::Elem], b: &[F::Elem]) -> Vec<F::Elem> {
        if a.is_empty() || b.is_empty() {
            return Vec::new();
        }
        let mut out: Vec<Option<F::Elem>> = vec![None; a.len() + b.len() - 1];
        for (i, x) in a.iter().enumerate() {
            for (j, y) in b.iter().enumerate() {
                let p = self.field.mul(x, y);
                let slot = &mut out[i + j];
                *slot = Some(match slot.take() {
                    Some(acc) => self.field.add(&acc, &p),
                    None => p,
                });
            }
        }
        out.into_iter()
            .map(|c| c.unwrap_or_else(|| self.field.zero()))
            .collect()
    }

    /// `a(x)` by Horner's rule: (len a − 1) M and A.
    pub fn eval(&self, a: &[F::Elem], x: &F::Elem) -> F::Elem {
        let mut it = a.iter().rev();
        let mut acc = match it.next() {
            Some(c) => c.clone(),
            None => return self.field.zero(),
        };
        for c in it {
            acc = self.field.add(&self.field.mul(&acc, x), c);
        }
        acc
    }

    /// The formal derivative.
    pub fn derivative(&self, a: &[F::Elem]) -> Vec<F::Elem> {
        a.iter()
            .enumerate()
            .skip(1)
            .map(|(i, c)| {
                // i·c as a repeated sum (the characteristic may be 2).
                let mut acc = self.field.zero();
                let mut term = c.clone();
                let mut k = i;
                while k > 0 {
                    if k & 1 == 1 {
                        acc = self.field.add(&acc, &term);
                    }
                    term = self.field.add(&term, &term);
                    k >>= 1;
                }
                acc
            })
            .collect()
    }

    /// `a` divided by its leading coefficient (trimmed); `None` for zero.
    /// Variable-time.
    pub fn monic_vartime(&self, a: &[F::Elem]) -> Option<Vec<F::Elem>> {
        let d = self.degree_vartime(a)?;
        let inv = self.field.inv(&a[d])?;
        let mut m: Vec<F::Elem> = a[..d].iter().map(|c| self.field.mul(c, &inv)).collect();
        m.push(self.field.one());
        Some(m)
    }

    /// `(q, r)` with `a = q·b + r` and `deg r < deg b` (both trimmed); `None` when `b`
    /// is zero. Variable-time.
    pub fn divrem_vartime(&self, a: &[F::Elem], b: &[F::Elem]) -> Option<QuotRem<F::Elem>> {
        let db = self.degree_vartime(b)?;
        let lead_inv = self.field.inv(&b[db])?;
        let mut r = self.trim_vartime(a.to_vec());
        if r.len() <= db {
            return Some((Vec::new(), r));
        }
        let mut q = vec![self.field.zero(); r.len() - db];
        for k in (0..q.len()).rev() {
            let c = &r[k + db];
            if self.field.is_zero(c) {
                continue;
            }
            let t = self.field.mul(c, &lead_inv);
            for (j, bj) in b[..db].iter().enumerate() {
                r[k + j] = self.field.sub(&r[k + j], &self.field.mul(&t, bj));
            }
            r[k + db] = self.field.zero();
            q[k] = t;
        }
        r.truncate(db);
        Some((self.trim_vartime(q), self.trim_vartime(r)))
    }

    /// `a mod b`; `None` when `b` is zero. Variable-time.
    pub fn rem_vartime(&self, a: &[F::Elem], b: &[F::Elem]) -> Option<Vec<F::Elem>> {
        self.divrem_vartime(a, b).map(|(_, r)| r)
    }

    /// The monic gcd of `a` and `b` (empty when both are zero). Variable-time.
    pub fn gcd_vartime(&self, a: &[F::Elem], b: &[F::Elem]) -> Vec<F::Elem> {
        self.xgcd_vartime(a, b).g
    }

    /// The extended Euclidean algorithm: `g = gcd(a, b)` monic and `s`, `t` with
    /// `s·a + t·b = g` (von zur Gathen–Gerhard, Algorithm 3.14; `deg s < deg b − deg g`
    /// and `deg t < deg a − deg g` when both are nonconstant). Variable-time.
    pub fn xgcd_vartime(&self, a: &[F::Elem], b: &[F::Elem]) -> Xgcd<F::Elem> {
        let one = vec![self.field.one()];
        let (mut r0, mut r1) = (self.trim_vartime(a.to_vec()), self.trim_vartime(b.to_vec()));
        let (mut s0, mut s1) = (one.clone(), Vec::new());
        let (mut t0, mut t1) = (Vec::new(), one);
        while let Some((q, r)) = self.divrem_vartime(&r0, &r1) {
            let s = self.trim_vartime(self.sub(&s0, &self.mul(&q, &s1)));
            let t = self.trim_vartime(self.sub(&t0, &self.mul(&q, &t1)));
            (r0, r1) = (r1, r);
            (s0, s1) = (s1, s);
            (t0, t1) = (t1, t);
        }
        // r1 = 0: r0 is a gcd; make it monic.
        match self.degree_vartime(&r0) {
            None => Xgcd {
                g: Vec::new(),
                s: Vec::new(),
                t: Vec::new(),
            },
            Some(d) => {
                let inv = self.field.inv(&r0[d]).unwrap_or_else(|| self.field.one());
                Xgcd {
                    g: self.trim_vartime(self.scale(&r0, &inv)),
                    s: self.trim_vartime(self.scale(&s0, &inv)),
                    t: self.trim_vartime(self.scale(&t0, &inv)),
                }
            }
        }
    }
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;
    use crate::count::Counting;
    use crate::prime::reference::BigPrimeField;
    use num_bigint::BigUint;

    fn gf(p: u32) -> BigPrimeField {
        BigPrimeField::new(BigUint::from(p)).expect("prime")
    }

    fn v(xs: &[u32]) -> Vec<BigUint> {
        xs.iter().map(|&x| BigUint::from(x)).collect()
    }

    fn small_examples_over_gf7() {
        let f = gf(7);
        let r = PolyRing::new(&f);
        // (x + 1)(x + 2) = x² + 3x + 2
        assert_eq!(r.mul(&v(&[1, 1]), &v(&[2, 1])), v(&[2, 3, 1]));
        // x³ + 1 = (x + 1)(x² − x + 1) = (x + 1)(x² + 6x + 1) over GF(7)
        let (q, rem) = r
            .divrem_vartime(&v(&[1, 0, 0, 1]), &v(&[1, 1]))
            .expect("divisor");
        assert_eq!((q, rem), (v(&[1, 6, 1]), v(&[])));
        // gcd(x² − 1, x² + 2x + 1) = x + 1
        let x = r.xgcd_vartime(&v(&[6, 0, 1]), &v(&[1, 2, 1]));
        assert_eq!(x.g, v(&[1, 1]));
        let lhs = r.trim_vartime(r.add(&r.mul(&x.s, &v(&[6, 0, 1])), &r.mul(&x.t, &v(&[1, 2, 1]))));
        assert_eq!(lhs, x.g);
        assert!(r.divrem_vartime(&v(&[1]), &v(&[0, 0])).is_none());
        assert_eq!(r.degree_vartime(&v(&[0, 0])), None);
        assert_eq!(r.derivative(&v(&[5, 3, 2, 1])), v(&[3, 4, 3]));
        assert_eq!(
            r.eval(&v(&[2, 3, 1]), &BigUint::from(5u32)),
            BigUint::from(0u32)
        );
    }

    fn products_and_divisions_are_counted() {
        let f = Counting::new(gf(101));
        let r = PolyRing::new(&f);
        let _ = r.mul(&v(&[1, 2, 3]), &v(&[4, 5]));
        assert_eq!((f.counts().m, f.counts().a), (6, 2));
        f.reset();
        // Degree 4 by a monic degree 2: 3 quotient steps of 2 M + 2 A plus 3 M for
        // the quotient coefficients, one I for the leading coefficient.
        let _ = r.divrem_vartime(&v(&[1, 2, 3, 4, 5]), &v(&[7, 3, 1]));
        assert_eq!(f.counts().i, 1);
        assert_eq!(f.counts().m, 9);
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        ("small_examples_over_gf7", small_examples_over_gf7),
        (
            "products_and_divisions_are_counted",
            products_and_divisions_are_counted,
        ),
    ];
}
