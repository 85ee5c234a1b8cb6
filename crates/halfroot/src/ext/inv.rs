//! Inversion and norm in F_{q^k}.
//!
//! * [`inv_itoh_tsujii`]: a⁻¹ = ā / N(a) with ā = a^q ⋯ a^(q^(k−1)) (Itoh–Tsujii 1988,
//!   as in El Mrabet–Guillevic–Ionica, AFRICACRYPT 2011, Appendix). ā by the addition
//!   chain on the number of conjugates (m ↦ 2m: ā_m·φ^m(ā_m), m ↦ m + 1:
//!   ā_m·φ^(m+1)(a)); for X^k − α with k | q − 1 each φ^i is k − 1 M (X^(q^i) = μ^i X),
//!   N(a) = a_0ā_0 + α Σ a_iā_{k−i} (k M). Cost k = 5 with Newton: 2 products (18M) +
//!   3 Frobenius maps (12M) + N (5M, α·x a `mul_small` for α ≤ 8) + I + 5M = 40M + I
//!   (the paper's explicit formula: 45M + 5S + I). Constant time if the base field's
//!   inversion is (no branch on a except the zero test).
//! * [`inv_euclid_vartime`]: extended Euclid in F_q[X] (variable time).

use super::Fqk;
use crate::field::Field;
use crate::prime::PrimeFieldOps;

/// ā = a^(q + q² + … + q^(k−1)).
pub fn conjugate_product<F: PrimeFieldOps>(e: &Fqk<F>, a: &[F::Elem]) -> Vec<F::Elem> {
    let m = e.degree() - 1;
    // binary chain on m, most significant bit first
    let mut acc = e.frobenius(a, 1);
    let mut have = 1usize;
    for bit in (0..usize::BITS - m.leading_zeros() - 1).rev() {
        let t = e.frobenius(&acc, have);
        acc = e.mul(&acc, &t);
        have *= 2;
        if (m >> bit) & 1 == 1 {
            let t = e.frobenius(a, have + 1);
            acc = e.mul(&acc, &t);
            have += 1;
        }
    }
    acc
}

/// N(a) = (a·ā)_0 given ā (k M for a binomial, a full product otherwise).
pub fn norm_from<F: PrimeFieldOps>(e: &Fqk<F>, a: &[F::Elem], bar: &[F::Elem]) -> F::Elem {
    let f = e.base();
    let k = e.degree();
    match e.modulus().terms() {
        [(0, s)] => {
            let mut t = f.mul(&a[1], &bar[k - 1]);
            for i in 2..k {
                t = f.add(&t, &f.mul(&a[i], &bar[k - i]));
            }
            f.add(&f.mul(&a[0], &bar[0]), &s.mul(f, &t))
        }
        _ => {
            let p = e.mul(&a.to_vec(), &bar.to_vec());
            p[0].clone()
        }
    }
}

/// a⁻¹ = ā / N(a), or `None` for a = 0.
pub fn inv_itoh_tsujii<F: PrimeFieldOps>(e: &Fqk<F>, a: &[F::Elem]) -> Option<Vec<F::Elem>> {
    let bar = conjugate_product(e, a);
    let n = norm_from(e, a, &bar);
    let ni = e.base().inv(&n)?;
    Some(e.scalar_mul(&ni, &bar))
}

/// a⁻¹ by the extended Euclidean algorithm on (M, a) in F_q[X]; `None` for a = 0.
pub fn inv_euclid_vartime<F: PrimeFieldOps>(e: &Fqk<F>, a: &[F::Elem]) -> Option<Vec<F::Elem>> {
    let f = e.base();
    let k = e.degree();
    let mut r0: Vec<F::Elem> = e.modulus().coeffs().to_vec();
    r0.push(f.one());
    let mut r1 = a.to_vec();
    while r1.last().is_some_and(|x| f.is_zero(x)) {
        r1.pop();
    }
    if r1.is_empty() {
        return None;
    }
    // invariant: s_i·a ≡ r_i (mod M)
    let mut s0: Vec<F::Elem> = Vec::new();
    let mut s1: Vec<F::Elem> = vec![f.one()];
    while r1.len() > 1 {
        let (quo, rem) = super::modulus::poly_divrem(f, &r0, &r1);
        // s2 = s0 − quo·s1
        let mut prod = vec![f.zero(); quo.len() + s1.len()];
        for (i, x) in quo.iter().enumerate() {
            for (j, y) in s1.iter().enumerate() {
                prod[i + j] = f.add(&prod[i + j], &f.mul(x, y));
            }
        }
        let n = prod.len().max(s0.len());
        let s2: Vec<F::Elem> = (0..n)
            .map(|i| {
                let x = s0.get(i).cloned().unwrap_or_else(|| f.zero());
                let y = prod.get(i).cloned().unwrap_or_else(|| f.zero());
                f.sub(&x, &y)
            })
            .collect();
        r0 = r1;
        r1 = rem;
        s0 = s1;
        s1 = s2;
        if r1.is_empty() {
            return None; // a shares a factor with M: impossible for irreducible M
        }
    }
    let c = f.inv(&r1[0])?;
    let mut out: Vec<F::Elem> = s1.iter().map(|x| f.mul(x, &c)).collect();
    out.resize(k.max(out.len()), f.zero());
    Some(e.modulus().reduce(f, out))
}
