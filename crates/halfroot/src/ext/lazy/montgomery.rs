//! Lazy form of Montgomery's five-term 13-product formula (El Mrabet–Guillevic–Ionica
//! re-arrangement) over Z.
//!
//! Source: P. L. Montgomery, "Five, six, and seven-term Karatsuba-like formulae", IEEE
//! Trans. Computers 54(3), 2005; the re-arranged C of El Mrabet, Guillevic, Ionica,
//! AFRICACRYPT 2011, §2 (same operands and combination as
//! [`crate::ext::mul::montgomery`]). The identity holds over Z, so the combination of
//! the 13 signed integer products is the exact integer product.
//! Cost: 13 signed (N+1)×(N+1)-word products (operands |x| < 5p), 11A per factor on
//! N + 1 words, 42A on 2N + 1 words (×2, ×3 as shifts/word-scalar), then 5 REDC.
//! Preconditions: k = 5 (k = 6, 7: [`super::montgomery67`]). Constant time.

#![allow(clippy::needless_range_loop)]

use super::{Ev, Wide};

fn operands<const N: usize>(a: &[[u64; N]]) -> [Ev<N>; 13] {
    let e: [Ev<N>; 5] = core::array::from_fn(|i| Ev::from_limbs(a[i]));
    let s01 = e[0].add(&e[1]);
    let s34 = e[3].add(&e[4]);
    let d04 = e[0].sub(&e[4]);
    let s012 = s01.add(&e[2]);
    let all = s012.add(&s34);
    let o10 = s012.sub(&e[4]);
    let o9 = s01.sub(&s34);
    let o8 = e[0].sub(&e[2]).sub(&e[3]);
    let o11 = o8.sub(&e[4]);
    let o7 = o10.sub(&e[0]);
    [
        e[0], e[1], e[3], e[4], d04, s01, s34, o7, o8, o9, o10, o11, all,
    ]
}

fn combine<const N: usize>(u: &[Wide<N>; 13], c: &mut [Wide<N>]) {
    let t = u[0].add(&u[3]).sub(&u[4]);
    let v = u[2].sub(&u[8]).add(&u[11]);
    let w = u[1].sub(&u[7]).add(&u[10]);
    let y = u[9].sub(&u[10]).sub(&u[11]);
    let t3 = t.mul_small(3);
    let d = u[6].sub(&u[2]);
    c[8] = u[3];
    c[7] = d.sub(&u[3]);
    c[6] = t.sub(&d).add(&v);
    c[5] = u[3]
        .sub(&u[5])
        .add(&u[9])
        .sub(&u[10])
        .add(&u[12])
        .sub(&v.shl(1))
        .sub(&t3);
    c[4] = u[1]
        .add(&u[2])
        .sub(&u[4])
        .add(&u[5])
        .add(&u[6])
        .sub(&u[7])
        .sub(&u[8])
        .sub(&u[12])
        .sub(&y.shl(1))
        .add(&t3);
    c[3] = u[0]
        .sub(&u[6])
        .add(&u[9])
        .sub(&u[11])
        .add(&u[12])
        .sub(&w.shl(1))
        .sub(&t3);
    c[2] = t.add(&u[1]).sub(&u[5]).add(&w);
    c[1] = u[5].sub(&u[0]).sub(&u[1]);
    c[0] = u[0];
}

/// The 9 integer coefficients of `a·b` for five-term `a`, `b`.
#[inline(always)]
pub fn mul5<const N: usize>(a: &[[u64; N]], b: &[[u64; N]], c: &mut [Wide<N>]) {
    let oa = operands(a);
    let ob = operands(b);
    let u: [Wide<N>; 13] = core::array::from_fn(|i| oa[i].mul_signed(&ob[i]));
    combine(&u, c);
}

/// The 9 integer coefficients of `a²` (13 squarings).
#[inline(always)]
pub fn sqr5<const N: usize>(a: &[[u64; N]], c: &mut [Wide<N>]) {
    let oa = operands(a);
    let u: [Wide<N>; 13] = core::array::from_fn(|i| oa[i].sqr_signed());
    combine(&u, c);
}
