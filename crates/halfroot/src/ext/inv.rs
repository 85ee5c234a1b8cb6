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
//! * [`inv_explicit5`]: k = 5, M = X^5 − α: the appendix's explicit conjugate
//!   product (5S + 10M precomputation, 6M per coefficient), 50M + 5S + I with the
//!   final scaling (the paper counts 45M + 5S + I up to N(a)); one typo of the paper
//!   corrected (see the function).
//! * [`inv_euclid_vartime`]: extended Euclid in F_q\[X\] (variable time).

use super::Fqk;
use crate::field::Field;
use crate::prime::PrimeFieldOps;

/// ā = a^(q + q² + … + q^(k−1)).
pub fn conjugate_product<F: PrimeFieldOps + 'static>(e: &Fqk<F>, a: &[F::Elem]) -> Vec<F::Elem> {
    let a = &*e.fit(a);
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
pub fn norm_from<F: PrimeFieldOps + 'static>(
    e: &Fqk<F>,
    a: &[F::Elem],
    bar: &[F::Elem],
) -> F::Elem {
    let a = &*e.fit(a);
    let bar = &*e.fit(bar);
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
pub fn inv_itoh_tsujii<F: PrimeFieldOps + 'static>(
    e: &Fqk<F>,
    a: &[F::Elem],
) -> Option<Vec<F::Elem>> {
    let a = &*e.fit(a);
    let bar = conjugate_product(e, a);
    let n = norm_from(e, a, &bar);
    let ni = e.base().inv(&n)?;
    Some(e.scalar_mul(&ni, &bar))
}

/// a⁻¹ by the extended Euclidean algorithm on (M, a) in F_q\[X\]; `None` for a = 0.
pub fn inv_euclid_vartime<F: PrimeFieldOps + 'static>(
    e: &Fqk<F>,
    a: &[F::Elem],
) -> Option<Vec<F::Elem>> {
    let a = &*e.fit(a);
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

/// ā = a^q·a^(q²)·a^(q³)·a^(q⁴) for k = 5 and M = X^5 − α by the explicit formula of
/// El Mrabet, Guillevic, Ionica (AFRICACRYPT 2011), Appendix ("We simplify this formula
/// as follows"): 5 squares a_i², the 10 products a_ia_j, then per coefficient five
/// products by a_i² and one product of two precomputed a_ia_j (6M): 30M + 10M + 5S.
/// Products by α are `mul_small` for α ≤ 8 (as the paper: shifts and additions).
///
/// Transcribed as printed except for one typo, found by checking a·ā ∈ F_q
/// symbolically (the adjugate of the multiplication matrix) and by the test
/// `explicit_inverse_k5_paper_typo` in tests/it/ext_opcounts.rs: in the X² coefficient
/// the paper prints `a₃²(−3a₀a₁ + (a₃² − 3a₂a₄α)α)`, the correct term is
/// `a₃²(−3a₀a₁ + (a₃² − 3a₂a₄)α)α` (same number of products).
/// `None` unless k = 5 and M is a binomial.
pub fn conjugate_explicit5<F: PrimeFieldOps + 'static>(
    e: &Fqk<F>,
    a: &[F::Elem],
) -> Option<Vec<F::Elem>> {
    let a = &*e.fit(a);
    let f = e.base();
    let al = match e.modulus().terms() {
        [(0, s)] if e.degree() == 5 && a.len() == 5 => s.clone(),
        _ => return None,
    };
    let x = |t: &F::Elem| al.mul(f, t); // ·α
    let m = |u: &F::Elem, v: &F::Elem| f.mul(u, v);
    let add = |u: &F::Elem, v: &F::Elem| f.add(u, v);
    let sub = |u: &F::Elem, v: &F::Elem| f.sub(u, v);
    let two = |u: &F::Elem| f.mul_small(u, 2);
    let three = |u: &F::Elem| f.mul_small(u, 3);
    let s: Vec<F::Elem> = a.iter().map(|v| f.sqr(v)).collect();
    let p = |i: usize, j: usize| -> F::Elem { m(&a[i], &a[j]) };
    let (a01, a02, a03, a04) = (p(0, 1), p(0, 2), p(0, 3), p(0, 4));
    let (a12, a13, a14) = (p(1, 2), p(1, 3), p(1, 4));
    let (a23, a24, a34) = (p(2, 3), p(2, 4), p(3, 4));
    // X^4
    let c4 = {
        let t0 = m(&s[0], &add(&sub(&two(&a13), &a04), &s[2]));
        let t1 = m(&s[1], &sub(&sub(&s[1], &three(&a02)), &three(&x(&a34))));
        let t2 = x(&m(&s[2], &sub(&two(&a14), &a23)));
        let t3 = x(&m(&s[3], &sub(&two(&a12), &a03)));
        let t4 = x(&m(&s[4], &add(&two(&a01), &x(&sub(&s[3], &a24)))));
        let t5 = x(&m(&a02, &a34));
        sub(&add(&add(&add(&add(&t0, &t1), &t2), &t3), &t4), &t5)
    };
    // X^3
    let c3 = {
        let t0 = m(&s[0], &sub(&two(&a12), &a03));
        let t1 = m(&s[1], &sub(&two(&x(&a24)), &a01));
        let t2 = x(&m(&s[2], &sub(&sub(&s[2], &three(&a04)), &three(&a13))));
        let t3 = x(&m(&s[3], &sub(&add(&s[1], &two(&a02)), &x(&a34))));
        let t4 = x(&m(&s[4], &add(&s[0], &x(&sub(&two(&a23), &a14)))));
        let t5 = x(&m(&a01, &a34));
        sub(&add(&add(&add(&add(&t0, &t1), &t2), &t3), &t4), &t5)
    };
    // X^2 (corrected a₃² term, see above)
    let c2 = {
        let t0 = m(&s[0], &add(&sub(&s[1], &a02), &two(&x(&a34))));
        let t1 = x(&m(&s[1], &sub(&two(&a23), &a14)));
        let t2 = x(&m(&s[2], &sub(&two(&a03), &a12)));
        let t3 = x(&m(&s[3], &sub(&x(&sub(&s[3], &three(&a24))), &three(&a01))));
        let t4 = x(&x(&m(&s[4], &add(&sub(&s[2], &a04), &two(&a13)))));
        let t5 = x(&m(&a01, &a24));
        sub(&add(&add(&add(&add(&t0, &t1), &t2), &t3), &t4), &t5)
    };
    // X^1
    let c1 = {
        let t0 = m(&s[0], &sub(&x(&add(&two(&a24), &s[3])), &a01));
        let t1 = x(&m(&s[1], &add(&sub(&two(&a04), &a13), &s[2])));
        let t2 = x(&m(&s[2], &sub(&two(&x(&a34)), &a02)));
        let t3 = x(&x(&m(&s[3], &sub(&two(&a14), &a23))));
        let t4 = x(&x(&m(
            &s[4],
            &sub(&x(&s[4]), &add(&three(&a03), &three(&a12))),
        )));
        let t5 = x(&m(&a01, &a23));
        sub(&add(&add(&add(&add(&t0, &t1), &t2), &t3), &t4), &t5)
    };
    // X^0
    let c0 = {
        let t0 = m(&s[0], &sub(&s[0], &x(&add(&three(&a14), &three(&a23)))));
        let t1 = x(&m(&s[1], &sub(&two(&a03), &a12)));
        let t2 = x(&m(&s[2], &sub(&two(&a01), &x(&a24))));
        let t3 = x(&x(&m(&s[3], &add(&sub(&two(&a04), &a13), &s[2]))));
        let t4 = x(&x(&m(&s[4], &sub(&add(&two(&a02), &s[1]), &x(&a34)))));
        let t5 = x(&x(&m(&a12, &a34)));
        sub(&add(&add(&add(&add(&t0, &t1), &t2), &t3), &t4), &t5)
    };
    Some(vec![c0, c1, c2, c3, c4])
}

/// a⁻¹ for k = 5, M = X^5 − α by the paper's explicit ā ([`conjugate_explicit5`],
/// 40M + 5S), N(a) = a₀ā₀ + α(a₁ā₄ + a₂ā₃ + a₃ā₂ + a₄ā₁) (5M), one inversion in F_q and
/// ā·N⁻¹ (5M): 50M + 5S + I. The paper totals 45M + 5S + I: its count stops at N(a)
/// and leaves out the final 5M of ā/N(a). `None` for a = 0 or if k ≠ 5 or M is not a
/// binomial. Constant time if the base field's inversion is.
pub fn inv_explicit5<F: PrimeFieldOps + 'static>(
    e: &Fqk<F>,
    a: &[F::Elem],
) -> Option<Vec<F::Elem>> {
    let a = &*e.fit(a);
    let bar = conjugate_explicit5(e, a)?;
    let n = norm_from(e, a, &bar);
    let ni = e.base().inv(&n)?;
    Some(e.scalar_mul(&ni, &bar))
}

/// An inversion method for F_{q^k}, selectable by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum InvAlgorithm {
    /// [`inv_itoh_tsujii`] (the default of [`crate::field::Field::inv`]; 40M + I for
    /// k = 5 with Newton products).
    ItohTsujii,
    /// [`inv_explicit5`] (k = 5 binomial; other fields use Itoh–Tsujii).
    Explicit5,
    /// [`inv_euclid_vartime`] (variable time).
    EuclidVartime,
}

impl InvAlgorithm {
    /// Every method.
    pub const ALL: [InvAlgorithm; 3] = [
        InvAlgorithm::ItohTsujii,
        InvAlgorithm::Explicit5,
        InvAlgorithm::EuclidVartime,
    ];
    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            InvAlgorithm::ItohTsujii => "itoh-tsujii",
            InvAlgorithm::Explicit5 => "explicit5",
            InvAlgorithm::EuclidVartime => "euclid",
        }
    }
}

crate::algorithm::named_algorithm!(InvAlgorithm, "F_{q^k} inversion algorithm", display);

/// a⁻¹ by `alg` (`Explicit5` falls back to Itoh–Tsujii where it does not apply);
/// `None` for a = 0.
pub fn inv_with<F: PrimeFieldOps + 'static>(
    e: &Fqk<F>,
    alg: InvAlgorithm,
    a: &[F::Elem],
) -> Option<Vec<F::Elem>> {
    let a = &*e.fit(a);
    match alg {
        InvAlgorithm::ItohTsujii => inv_itoh_tsujii(e, a),
        InvAlgorithm::Explicit5 => {
            let applies = e.degree() == 5 && matches!(e.modulus().terms(), [(0, _)]);
            if applies {
                inv_explicit5(e, a)
            } else {
                inv_itoh_tsujii(e, a)
            }
        }
        InvAlgorithm::EuclidVartime => inv_euclid_vartime(e, a),
    }
}
