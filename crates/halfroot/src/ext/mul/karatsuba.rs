//! Recursive Karatsuba product of two k-term polynomials.
//!
//! Source: Karatsuba–Ofman 1962; the 3-term base case is the 6M formula of
//! Weimerskirch–Paar, "Generalizations of the Karatsuba algorithm for efficient
//! implementations", 2006, §3. A k-term product splits into h = ⌊k/2⌋ low and
//! k − h high terms; the three half products recurse.
//! For odd k the middle operand (a_low + a_high) has a_{k−1} as its top term, so
//! the middle product's top coefficient a_{k−1}·b_{k−1} is the high product's top
//! coefficient and is reused, not recomputed.
//! Cost: 2 terms 3M, 3 terms 6M, 4 terms 9M, 5 terms 14M (low 2 + high 3 + middle 3
//! terms: 3M + 6M + 5M) + 34A, 6 terms 18M, 7 terms 23M (6M + 9M + 8M). The 14M + 34A
//! for k = 5 is the count El Mrabet et al. quote for Avanzi–Cesena's two-level
//! Karatsuba (their ref. \[2\], whose grouping they do not print); this module
//! reaches the same 14M + 34A (tests/it/ext_opcounts.rs) by the 2 + 3 split with the
//! shared top product.
//! Preconditions: none. Constant time if the base field is.

use crate::prime::PrimeFieldOps;

/// The 2k − 1 coefficients of `a·b` (a, b of equal length k ≥ 1).
pub fn mul<F: PrimeFieldOps>(f: &F, a: &[F::Elem], b: &[F::Elem]) -> Vec<F::Elem> {
    kara(f, a, b, false, None)
}

/// The 2k − 1 coefficients of `a²` (the same recursion with squarings).
pub fn sqr<F: PrimeFieldOps>(f: &F, a: &[F::Elem]) -> Vec<F::Elem> {
    kara(f, a, a, true, None)
}

/// `top`: a_{n−1}·b_{n−1} when the caller already has it.
fn kara<F: PrimeFieldOps>(
    f: &F,
    a: &[F::Elem],
    b: &[F::Elem],
    square: bool,
    top: Option<F::Elem>,
) -> Vec<F::Elem> {
    let n = a.len();
    let m = |x: &F::Elem, y: &F::Elem| if square { f.sqr(x) } else { f.mul(x, y) };
    match n {
        0 => Vec::new(),
        1 => vec![top.unwrap_or_else(|| m(&a[0], &b[0]))],
        2 => {
            let p0 = m(&a[0], &b[0]);
            let p1 = top.unwrap_or_else(|| m(&a[1], &b[1]));
            let s = m(&f.add(&a[0], &a[1]), &f.add(&b[0], &b[1]));
            let c1 = f.sub(&f.sub(&s, &p0), &p1);
            vec![p0, c1, p1]
        }
        3 => {
            let p0 = m(&a[0], &b[0]);
            let p1 = m(&a[1], &b[1]);
            let p2 = top.unwrap_or_else(|| m(&a[2], &b[2]));
            let s01 = m(&f.add(&a[0], &a[1]), &f.add(&b[0], &b[1]));
            let s02 = m(&f.add(&a[0], &a[2]), &f.add(&b[0], &b[2]));
            let s12 = m(&f.add(&a[1], &a[2]), &f.add(&b[1], &b[2]));
            let t01 = f.add(&p0, &p1);
            let t12 = f.add(&p1, &p2);
            let c1 = f.sub(&s01, &t01);
            let c3 = f.sub(&s12, &t12);
            // c2 = s02 − p0 − p2 + p1
            let c2 = f.sub(&f.add(&s02, &p1), &f.add(&p0, &p2));
            vec![p0, c1, c2, c3, p2]
        }
        _ => {
            let h = n / 2;
            let (al, ah) = a.split_at(h);
            let (bl, bh) = b.split_at(h);
            let lo = kara(f, al, bl, square, None);
            let hi = kara(f, ah, bh, square, top);
            // middle: (al + ah)(bl + bh) with ah one longer when n is odd
            let sa: Vec<F::Elem> = (0..n - h)
                .map(|i| {
                    if i < h {
                        f.add(&al[i], &ah[i])
                    } else {
                        ah[i].clone()
                    }
                })
                .collect();
            let sb: Vec<F::Elem> = if square {
                sa.clone()
            } else {
                (0..n - h)
                    .map(|i| {
                        if i < h {
                            f.add(&bl[i], &bh[i])
                        } else {
                            bh[i].clone()
                        }
                    })
                    .collect()
            };
            // odd n: the middle operand's top term is a_{n−1}; reuse hi's top product
            let shared = (n - h > h).then(|| hi[hi.len() - 1].clone());
            let mut mid = kara(f, &sa, &sb, square, shared);
            for (i, x) in lo.iter().enumerate() {
                mid[i] = f.sub(&mid[i], x);
            }
            for (i, x) in hi.iter().enumerate() {
                mid[i] = f.sub(&mid[i], x);
            }
            let mut c: Vec<F::Elem> = Vec::with_capacity(2 * n - 1);
            c.extend(lo.iter().cloned());
            c.push(f.zero());
            c.extend(hi.iter().cloned());
            // c has 2h − 1 + 1 + 2(n − h) − 1 = 2n − 1 slots.
            for (i, x) in mid.iter().enumerate() {
                // slot 2h − 1 is empty: assign instead of adding to zero
                c[h + i] = if h + i == 2 * h - 1 {
                    x.clone()
                } else {
                    f.add(&c[h + i], x)
                };
            }
            c
        }
    }
}
