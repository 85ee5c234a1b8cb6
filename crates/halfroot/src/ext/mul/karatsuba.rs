//! Recursive Karatsuba product of two k-term polynomials.
//!
//! Source: Karatsuba–Ofman 1962; the 3-term base case is the 6M formula of
//! Weimerskirch–Paar, "Generalizations of the Karatsuba algorithm for efficient
//! implementations", 2006, §3. A k-term product splits into h = ⌊k/2⌋ low and
//! k − h high terms; the three half products recurse.
//! Cost: 2 terms 3M, 3 terms 6M, 4 terms 9M, 5 terms 15M (low 2 + high 3 + middle 3
//! terms: 3M + 6M + 6M), 6 terms 18M, 7 terms 24M; El Mrabet et al. cite an arrangement
//! of two Karatsuba levels with 14M + 34A for k = 5 (Avanzi–Cesena) whose exact
//! grouping they do not give — this module's split costs one more M.
//! Preconditions: none. Constant time if the base field is.

use crate::prime::PrimeFieldOps;

/// The 2k − 1 coefficients of `a·b` (a, b of equal length k ≥ 1).
pub fn mul<F: PrimeFieldOps>(f: &F, a: &[F::Elem], b: &[F::Elem]) -> Vec<F::Elem> {
    kara(f, a, b, false)
}

/// The 2k − 1 coefficients of `a²` (the same recursion with squarings).
pub fn sqr<F: PrimeFieldOps>(f: &F, a: &[F::Elem]) -> Vec<F::Elem> {
    kara(f, a, a, true)
}

fn kara<F: PrimeFieldOps>(f: &F, a: &[F::Elem], b: &[F::Elem], square: bool) -> Vec<F::Elem> {
    let n = a.len();
    let m = |x: &F::Elem, y: &F::Elem| if square { f.sqr(x) } else { f.mul(x, y) };
    match n {
        0 => Vec::new(),
        1 => vec![m(&a[0], &b[0])],
        3 => {
            let p0 = m(&a[0], &b[0]);
            let p1 = m(&a[1], &b[1]);
            let p2 = m(&a[2], &b[2]);
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
            let lo = kara(f, al, bl, square);
            let hi = kara(f, ah, bh, square);
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
            let mut mid = kara(f, &sa, &sb, square);
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
                c[h + i] = f.add(&c[h + i], x);
            }
            c
        }
    }
}
