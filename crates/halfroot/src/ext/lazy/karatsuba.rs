//! Lazy Karatsuba product over Z: the recursion of [`crate::ext::mul::karatsuba`] on
//! unreduced integers (sums of coefficients are N + 1 words, products 2N + 1 words).
//!
//! Source: Karatsuba–Ofman 1962; 3-term base case of Weimerskirch–Paar 2006, §3;
//! for odd k the top product a_{k−1}b_{k−1} is shared between the high half and the
//! middle product (the middle operand's top term is a_{k−1} itself), which gives
//! 5 terms 14M (2-term 3M + 3-term 6M + 3-term 5M) — the count El Mrabet et al.
//! quote for Avanzi–Cesena's two-level Karatsuba — 6 terms 18M, 7 terms 23M.
//! Cost: those products as N×N(+1)-word integer products, plus the Karatsuba
//! additions on N + 1 and 2N + 1 words; k REDC.
//! Preconditions: k ≤ 7. Constant time.

#![allow(clippy::needless_range_loop)]

use super::{Ev, Wide, MAX_K, MAX_TERMS};

/// The 2k − 1 integer coefficients of `a·b`.
#[inline(always)]
pub fn mul<const N: usize>(a: &[[u64; N]], b: &[[u64; N]], c: &mut [Wide<N>]) {
    let k = a.len();
    let ea = |i: usize| Ev::from_limbs(a[i]);
    let eb = |i: usize| Ev::from_limbs(b[i]);
    match k {
        5 => {
            let (a5, b5): ([Ev<N>; 5], [Ev<N>; 5]) =
                (core::array::from_fn(ea), core::array::from_fn(eb));
            c[..9].copy_from_slice(&kara5(&a5, &b5));
        }
        6 => {
            let (a6, b6): ([Ev<N>; 6], [Ev<N>; 6]) =
                (core::array::from_fn(ea), core::array::from_fn(eb));
            c[..11].copy_from_slice(&kara6(&a6, &b6));
        }
        7 => {
            let (a7, b7): ([Ev<N>; 7], [Ev<N>; 7]) =
                (core::array::from_fn(ea), core::array::from_fn(eb));
            c[..13].copy_from_slice(&kara7(&a7, &b7));
        }
        _ => {
            let mut xa = [Ev::<N>::ZERO; MAX_K];
            let mut xb = [Ev::<N>::ZERO; MAX_K];
            for i in 0..k {
                xa[i] = ea(i);
                xb[i] = eb(i);
            }
            kara(&xa[..k], &xb[..k], c, None);
        }
    }
}

#[inline(always)]
fn kara2<const N: usize>(a: &[Ev<N>], b: &[Ev<N>], top: Option<Wide<N>>) -> [Wide<N>; 3] {
    let p0 = m(&a[0], &b[0]);
    let p1 = match top {
        Some(t) => t,
        None => m(&a[1], &b[1]),
    };
    let s = m(&a[0].add(&a[1]), &b[0].add(&b[1]));
    [p0, s.sub(&p0).sub(&p1), p1]
}

#[inline(always)]
fn kara3<const N: usize>(a: &[Ev<N>], b: &[Ev<N>], top: Option<Wide<N>>) -> [Wide<N>; 5] {
    let p0 = m(&a[0], &b[0]);
    let p1 = m(&a[1], &b[1]);
    let p2 = match top {
        Some(t) => t,
        None => m(&a[2], &b[2]),
    };
    let s01 = m(&a[0].add(&a[1]), &b[0].add(&b[1]));
    let s02 = m(&a[0].add(&a[2]), &b[0].add(&b[2]));
    let s12 = m(&a[1].add(&a[2]), &b[1].add(&b[2]));
    let t01 = p0.add(&p1);
    let t12 = p1.add(&p2);
    [
        p0,
        s01.sub(&t01),
        s02.add(&p1).sub(&p0.add(&p2)),
        s12.sub(&t12),
        p2,
    ]
}

/// 4 terms: 2 + 2 split, 9M (8M with a known top product).
#[inline(always)]
fn kara4<const N: usize>(a: &[Ev<N>], b: &[Ev<N>], top: Option<Wide<N>>) -> [Wide<N>; 7] {
    let lo = kara2(&a[..2], &b[..2], None);
    let hi = kara2(&a[2..], &b[2..], top);
    let sa = [a[0].add(&a[2]), a[1].add(&a[3])];
    let sb = [b[0].add(&b[2]), b[1].add(&b[3])];
    let md = kara2(&sa, &sb, None);
    let mut out = [Wide::<N>::ZERO; 7];
    out[..3].copy_from_slice(&lo);
    out[4..].copy_from_slice(&hi);
    for i in 0..3 {
        let t = md[i].sub(&lo[i]).sub(&hi[i]);
        out[2 + i] = out[2 + i].add(&t);
    }
    out
}

/// 5 terms: 2 + 3 split, the middle 3-term product reusing a_4·b_4: 3M + 6M + 5M.
#[inline(always)]
fn kara5<const N: usize>(a: &[Ev<N>; 5], b: &[Ev<N>; 5]) -> [Wide<N>; 9] {
    let lo = kara2(&a[..2], &b[..2], None);
    let hi = kara3(&a[2..], &b[2..], None);
    let sa = [a[0].add(&a[2]), a[1].add(&a[3]), a[4]];
    let sb = [b[0].add(&b[2]), b[1].add(&b[3]), b[4]];
    let md = kara3(&sa, &sb, Some(hi[4]));
    let mut out = [Wide::<N>::ZERO; 9];
    out[..3].copy_from_slice(&lo);
    out[4..].copy_from_slice(&hi);
    for i in 0..5 {
        let mut t = md[i].sub(&hi[i]);
        if i < 3 {
            t = t.sub(&lo[i]);
        }
        out[2 + i] = out[2 + i].add(&t);
    }
    out
}

/// 6 terms: 3 + 3 split, 18M.
#[inline(always)]
fn kara6<const N: usize>(a: &[Ev<N>; 6], b: &[Ev<N>; 6]) -> [Wide<N>; 11] {
    let lo = kara3(&a[..3], &b[..3], None);
    let hi = kara3(&a[3..], &b[3..], None);
    let sa = [a[0].add(&a[3]), a[1].add(&a[4]), a[2].add(&a[5])];
    let sb = [b[0].add(&b[3]), b[1].add(&b[4]), b[2].add(&b[5])];
    let md = kara3(&sa, &sb, None);
    let mut out = [Wide::<N>::ZERO; 11];
    out[..5].copy_from_slice(&lo);
    out[6..].copy_from_slice(&hi);
    for i in 0..5 {
        let t = md[i].sub(&lo[i]).sub(&hi[i]);
        out[3 + i] = out[3 + i].add(&t);
    }
    out
}

/// 7 terms: 3 + 4 split, the middle 4-term product reusing a_6·b_6: 6M + 9M + 8M.
#[inline(always)]
fn kara7<const N: usize>(a: &[Ev<N>; 7], b: &[Ev<N>; 7]) -> [Wide<N>; 13] {
    let lo = kara3(&a[..3], &b[..3], None);
    let hi = kara4(&a[3..], &b[3..], None);
    let sa = [a[0].add(&a[3]), a[1].add(&a[4]), a[2].add(&a[5]), a[6]];
    let sb = [b[0].add(&b[3]), b[1].add(&b[4]), b[2].add(&b[5]), b[6]];
    let md = kara4(&sa, &sb, Some(hi[6]));
    let mut out = [Wide::<N>::ZERO; 13];
    out[..5].copy_from_slice(&lo);
    out[6..].copy_from_slice(&hi);
    for i in 0..7 {
        let mut t = md[i].sub(&hi[i]);
        if i < 5 {
            t = t.sub(&lo[i]);
        }
        out[3 + i] = out[3 + i].add(&t);
    }
    out
}

#[inline(always)]
fn m<const N: usize>(x: &Ev<N>, y: &Ev<N>) -> Wide<N> {
    x.mul_unsigned(y)
}

/// `out[..2n−1] = a·b`; `top` is a_{n−1}·b_{n−1} if already known.
fn kara<const N: usize>(a: &[Ev<N>], b: &[Ev<N>], out: &mut [Wide<N>], top: Option<Wide<N>>) {
    let n = a.len();
    match n {
        0 => {}
        1 => out[0] = top.unwrap_or_else(|| m(&a[0], &b[0])),
        2 => {
            let p0 = m(&a[0], &b[0]);
            let p1 = top.unwrap_or_else(|| m(&a[1], &b[1]));
            let s = m(&a[0].add(&a[1]), &b[0].add(&b[1]));
            out[0] = p0;
            out[1] = s.sub(&p0).sub(&p1);
            out[2] = p1;
        }
        3 => {
            let p0 = m(&a[0], &b[0]);
            let p1 = m(&a[1], &b[1]);
            let p2 = top.unwrap_or_else(|| m(&a[2], &b[2]));
            let s01 = m(&a[0].add(&a[1]), &b[0].add(&b[1]));
            let s02 = m(&a[0].add(&a[2]), &b[0].add(&b[2]));
            let s12 = m(&a[1].add(&a[2]), &b[1].add(&b[2]));
            let t01 = p0.add(&p1);
            let t12 = p1.add(&p2);
            out[0] = p0;
            out[1] = s01.sub(&t01);
            out[2] = s02.add(&p1).sub(&p0.add(&p2));
            out[3] = s12.sub(&t12);
            out[4] = p2;
        }
        _ => {
            let h = n / 2;
            let nh = n - h;
            let (al, ah) = a.split_at(h);
            let (bl, bh) = b.split_at(h);
            let mut hi = [Wide::<N>::ZERO; MAX_TERMS];
            let mut mid = [Wide::<N>::ZERO; MAX_TERMS];
            kara(al, bl, &mut out[..2 * h - 1], None);
            kara(ah, bh, &mut hi[..2 * nh - 1], top);
            let mut sa = [Ev::<N>::ZERO; MAX_K];
            let mut sb = [Ev::<N>::ZERO; MAX_K];
            for i in 0..nh {
                if i < h {
                    sa[i] = al[i].add(&ah[i]);
                    sb[i] = bl[i].add(&bh[i]);
                } else {
                    sa[i] = ah[i];
                    sb[i] = bh[i];
                }
            }
            // odd n: the middle operand's top term is a_{n−1}: its top product is hi's
            let shared = (nh > h).then(|| hi[2 * nh - 2]);
            kara(&sa[..nh], &sb[..nh], &mut mid[..2 * nh - 1], shared);
            for i in 0..2 * h - 1 {
                mid[i] = mid[i].sub(&out[i]);
            }
            for i in 0..2 * nh - 1 {
                mid[i] = mid[i].sub(&hi[i]);
            }
            out[2 * h - 1] = Wide::ZERO;
            for i in 0..2 * nh - 1 {
                out[2 * h + i] = hi[i];
            }
            for i in 0..2 * nh - 1 {
                out[h + i] = out[h + i].add(&mid[i]);
            }
        }
    }
}
