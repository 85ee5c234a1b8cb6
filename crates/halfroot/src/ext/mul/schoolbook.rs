//! Schoolbook polynomial product of two k-term polynomials.
//!
//! Source: the textbook method (von zur Gathen–Gerhard, *Modern Computer Algebra*,
//! §8.1). Cost: k² M + (k − 1)² A for a product, k(k + 1)/2 S/M + (k − 1)(k − 2)/2 +
//! k(k − 1)/2 doublings for a square. Preconditions: none (any k ≥ 1, any odd q).
//! Constant time if the base field is.

use crate::prime::PrimeFieldOps;

/// The 2k − 1 coefficients of `a·b` for `a`, `b` of k coefficients each (k² M).
pub fn mul<F: PrimeFieldOps>(f: &F, a: &[F::Elem], b: &[F::Elem]) -> Vec<F::Elem> {
    let k = a.len();
    let mut c: Vec<Option<F::Elem>> = vec![None; 2 * k - 1];
    for i in 0..k {
        for j in 0..k {
            let t = f.mul(&a[i], &b[j]);
            let slot = &mut c[i + j];
            *slot = Some(match slot.take() {
                None => t,
                Some(s) => f.add(&s, &t),
            });
        }
    }
    c.into_iter()
        .map(|x| x.unwrap_or_else(|| f.zero()))
        .collect()
}

/// The 2k − 1 coefficients of `a²`: k squarings and k(k − 1)/2 products, the cross
/// terms summed then doubled once per coefficient.
pub fn sqr<F: PrimeFieldOps>(f: &F, a: &[F::Elem]) -> Vec<F::Elem> {
    let k = a.len();
    let mut cross: Vec<Option<F::Elem>> = vec![None; 2 * k - 1];
    for i in 0..k {
        for j in i + 1..k {
            let t = f.mul(&a[i], &a[j]);
            let slot = &mut cross[i + j];
            *slot = Some(match slot.take() {
                None => t,
                Some(s) => f.add(&s, &t),
            });
        }
    }
    let mut c = Vec::with_capacity(2 * k - 1);
    for (d, x) in cross.into_iter().enumerate() {
        let doubled = x.map(|x| f.add(&x, &x));
        let sq = (d % 2 == 0).then(|| f.sqr(&a[d / 2]));
        c.push(match (doubled, sq) {
            (Some(x), Some(s)) => f.add(&x, &s),
            (Some(x), None) => x,
            (None, Some(s)) => s,
            (None, None) => f.zero(),
        });
    }
    c
}
