//! Montgomery's five-term Karatsuba-like product, in El Mrabet–Guillevic–Ionica's
//! re-arranged form.
//!
//! Source: P. L. Montgomery, "Five, six, and seven-term Karatsuba-like formulae", IEEE
//! Trans. Computers 54(3), 2005 (the 13-product identity); re-arranged by El Mrabet,
//! Guillevic, Ionica, "Efficient multiplication in finite field extensions of degree 5",
//! AFRICACRYPT 2011, §2 (the simplified expression of C with shared sub-sums).
//! Cost: 13M; the operands take 11A per factor (sums shared: a0 + a1, a3 + a4,
//! a0 + a1 + a2, u7's operand = u10's − a0, u11's = u8's − a4) and the re-arrangement
//! 42A counting ×2 and ×3 as 1A each, so 13M + 64A. The paper states "13M + 22A" for
//! the products and "42 extra additions", then totals 62A — its own figures add to 64.
//! The squaring shares one operand: 13S + 53A.
//! Montgomery's 6-term (17M) and 7-term (22M) formulae are in [`super::montgomery67`]
//! (generated from their coefficient tables by `scripts/gen_montgomery_formulas.py`).
//! Preconditions: k = 5; q > 3 (the formula has integer coefficients 2, 3).
//! Constant time if the base field is.

use crate::prime::PrimeFieldOps;

/// The 13 operands of one factor, in the paper's order u0 … u12.
fn operands<F: PrimeFieldOps>(f: &F, a: &[F::Elem]) -> [F::Elem; 13] {
    let s01 = f.add(&a[0], &a[1]);
    let s34 = f.add(&a[3], &a[4]);
    let d04 = f.sub(&a[0], &a[4]);
    let s012 = f.add(&s01, &a[2]);
    let all = f.add(&s012, &s34);
    let o10 = f.sub(&s012, &a[4]);
    let o9 = f.sub(&s01, &s34);
    let o8 = f.sub(&f.sub(&a[0], &a[2]), &a[3]);
    let o11 = f.sub(&o8, &a[4]);
    let o7 = f.sub(&o10, &a[0]);
    [
        a[0].clone(),
        a[1].clone(),
        a[3].clone(),
        a[4].clone(),
        d04,
        s01,
        s34,
        o7,
        o8,
        o9,
        o10,
        o11,
        all,
    ]
}

fn combine<F: PrimeFieldOps>(f: &F, u: &[F::Elem; 13]) -> Vec<F::Elem> {
    let t = f.sub(&f.add(&u[0], &u[3]), &u[4]); // u0 + u3 − u4
    let v = f.add(&f.sub(&u[2], &u[8]), &u[11]); // u2 − u8 + u11
    let w = f.add(&f.sub(&u[1], &u[7]), &u[10]); // u1 − u7 + u10
    let y = f.sub(&f.sub(&u[9], &u[10]), &u[11]); // u9 − u10 − u11
    let t3 = f.mul_small(&t, 3);
    let d = f.sub(&u[6], &u[2]);
    let c8 = u[3].clone();
    let c7 = f.sub(&d, &u[3]);
    let c6 = f.add(&f.sub(&t, &d), &v);
    // c5 = u3 − u5 + u9 − u10 + u12 − 2v − 3t
    let mut c5 = f.sub(&u[3], &u[5]);
    c5 = f.add(&c5, &u[9]);
    c5 = f.sub(&c5, &u[10]);
    c5 = f.add(&c5, &u[12]);
    c5 = f.sub(&c5, &f.mul_small(&v, 2));
    c5 = f.sub(&c5, &t3);
    // c4 = u1 + u2 − u4 + u5 + u6 − u7 − u8 − u12 − 2y + 3t
    let mut c4 = f.add(&u[1], &u[2]);
    c4 = f.sub(&c4, &u[4]);
    c4 = f.add(&c4, &u[5]);
    c4 = f.add(&c4, &u[6]);
    c4 = f.sub(&c4, &u[7]);
    c4 = f.sub(&c4, &u[8]);
    c4 = f.sub(&c4, &u[12]);
    c4 = f.sub(&c4, &f.mul_small(&y, 2));
    c4 = f.add(&c4, &t3);
    // c3 = u0 − u6 + u9 − u11 + u12 − 2w − 3t
    let mut c3 = f.sub(&u[0], &u[6]);
    c3 = f.add(&c3, &u[9]);
    c3 = f.sub(&c3, &u[11]);
    c3 = f.add(&c3, &u[12]);
    c3 = f.sub(&c3, &f.mul_small(&w, 2));
    c3 = f.sub(&c3, &t3);
    // c2 = t + u1 − u5 + w
    let c2 = f.add(&f.sub(&f.add(&t, &u[1]), &u[5]), &w);
    // c1 = u5 − u0 − u1
    let c1 = f.sub(&f.sub(&u[5], &u[0]), &u[1]);
    vec![u[0].clone(), c1, c2, c3, c4, c5, c6, c7, c8]
}

/// The 9 coefficients of `a·b` for five-term `a`, `b` (13M + 64A).
pub fn mul5<F: PrimeFieldOps>(f: &F, a: &[F::Elem], b: &[F::Elem]) -> Vec<F::Elem> {
    let oa = operands(f, a);
    let ob = operands(f, b);
    let u: [F::Elem; 13] = core::array::from_fn(|i| f.mul(&oa[i], &ob[i]));
    combine(f, &u)
}

/// The 9 coefficients of `a²` for five-term `a` (13S + 53A).
pub fn sqr5<F: PrimeFieldOps>(f: &F, a: &[F::Elem]) -> Vec<F::Elem> {
    let oa = operands(f, a);
    let u: [F::Elem; 13] = core::array::from_fn(|i| f.sqr(&oa[i]));
    combine(f, &u)
}
