//! Multiplication by Newton interpolation at small points.
//!
//! Source: El Mrabet, Guillevic, Ionica, "Efficient multiplication in finite field
//! extensions of degree 5", AFRICACRYPT 2011, §3 (k = 5: points 0, 1, −1, 2, −2, 4,
//! −4, 3, ∞; the c'_i of §3.2; Horner reconstruction) and §5 (k = 6, 7).
//! Steps: evaluate both factors at the 2k − 2 finite points (even/odd split for ±x
//! pairs, Horner for a lone point, constants ≤ 8 as `mul_small`), 2k − 1 products
//! (the point ∞ is `a_{k−1}·b_{k−1}`), Newton's divided differences c'_i with the sign
//! of each difference folded into the order of the subtraction (so no negation is
//! ever needed, exactly as in the paper's printed c'_i), every division an exact
//! `div_small` by 2 … 8 (9 = 3·3, 10 = 2·5), then Horner's scheme
//! C = (…(c'_{2k−2}(X − α_{2k−3}) + c'_{2k−3})…)(X − α_0) + c'_0.
//! Points: k = 5 the paper's; k = 6: 0, ±1, ±2, ±4, ±3, 5, ∞; k = 7: 0, ±1, ±2,
//! ±4, ±3, ±5, 6, ∞ (twelve finite integers always contain two congruent mod 11, so one
//! division by 11 is unavoidable — the paper has one too; `div_small` stops at 8, so it
//! is a product by the precomputed 11⁻¹: one extra M).
//! Cost (counted by tests/it/ext_opcounts.rs with the crate's conventions, where a
//! shift ×2/×4/×8 is a `mul_small` and counts 1A): k = 5: 9M + 172A, of which the
//! c'_i are exactly the paper's 61A (28A + 11 divisions by 2/4/8 + 11 by 3/5/6/7);
//! the paper's 137A counts shifts as free. k = 6: 11M; k = 7: 13M + 1M (÷11).
//! Preconditions: the differences of the points invertible mod q: q > 7 for k = 5,
//! 6, q > 11 for k = 7 ([`min_prime`]). Constant time if the base field is.

use crate::prime::PrimeFieldOps;

/// The finite interpolation points for k terms (∞ is implicit, last).
pub fn points(k: usize) -> Option<&'static [i64]> {
    match k {
        2 => Some(&[0, 1]),
        3 => Some(&[0, 1, -1, 2]),
        4 => Some(&[0, 1, -1, 2, -2, 4]),
        5 => Some(&[0, 1, -1, 2, -2, 4, -4, 3]),
        6 => Some(&[0, 1, -1, 2, -2, 4, -4, 3, -3, 5]),
        7 => Some(&[0, 1, -1, 2, -2, 4, -4, 3, -3, 5, -5, 6]),
        _ => None,
    }
}

/// The smallest prime q for which the points for k terms have invertible differences
/// (every q above the largest prime factor of a difference).
pub fn min_prime(k: usize) -> u64 {
    match k {
        7 => 13,
        _ => 11,
    }
}

/// Multiplies by a 7-smooth constant with `mul_small` steps of at most 8.
fn mul_const<F: PrimeFieldOps>(f: &F, x: &F::Elem, m: u64) -> F::Elem {
    match m {
        0..=8 => f.mul_small(x, m),
        9 => f.mul_small(&f.mul_small(x, 3), 3),
        16 => f.mul_small(&f.mul_small(x, 4), 4),
        25 => f.mul_small(&f.mul_small(x, 5), 5),
        _ => {
            // m = 2^e·3^f·5^g·7^h, peeled off by the largest factor ≤ 8 dividing it.
            let mut r = x.clone();
            let mut m = m;
            while m > 1 {
                let d = (2..=8u64).rev().find(|d| m.is_multiple_of(*d)).unwrap_or(m);
                r = f.mul_small(&r, d);
                m /= d;
            }
            r
        }
    }
}

/// Evaluates `a` at every finite point (a pair ±x shares its even and odd parts).
fn evaluate<F: PrimeFieldOps>(f: &F, a: &[F::Elem], pts: &[i64]) -> Vec<F::Elem> {
    let k = a.len();
    let mut out: Vec<Option<F::Elem>> = vec![None; pts.len()];
    for (i, &x) in pts.iter().enumerate() {
        if out[i].is_some() {
            continue;
        }
        if x == 0 {
            out[i] = Some(a[0].clone());
            continue;
        }
        let ax = x.unsigned_abs();
        let partner = pts.iter().position(|&y| y == -x);
        if let Some(j) = partner {
            // E = Σ a_{2i} x^{2i}, O = x·Σ a_{2i+1} x^{2i}; A(±x) = E ± O.
            let x2 = ax * ax;
            let horner = |start: usize| -> F::Elem {
                let mut idx: Vec<usize> = (start..k).step_by(2).collect();
                let mut acc = a[idx.pop().unwrap_or(start)].clone();
                while let Some(t) = idx.pop() {
                    acc = if x2 == 1 { acc } else { mul_const(f, &acc, x2) };
                    acc = f.add(&acc, &a[t]);
                }
                acc
            };
            let e = horner(0);
            let mut o = horner(1);
            if ax != 1 {
                o = mul_const(f, &o, ax);
            }
            let (pos, neg) = if x > 0 { (i, j) } else { (j, i) };
            out[pos] = Some(f.add(&e, &o));
            out[neg] = Some(f.sub(&e, &o));
        } else {
            let mut acc = a[k - 1].clone();
            for t in (0..k - 1).rev() {
                acc = mul_const(f, &acc, ax);
                acc = if x > 0 {
                    f.add(&acc, &a[t])
                } else {
                    f.sub(&a[t], &acc)
                };
            }
            out[i] = Some(acc);
        }
    }
    out.into_iter()
        .map(|e| e.unwrap_or_else(|| f.zero()))
        .collect()
}

/// `y / d` for a difference `d` of the points (d ≠ 0; |d| ≤ 10 by `div_small`, 11 by
/// the precomputed inverse `inv11`).
fn div_diff<F: PrimeFieldOps>(f: &F, y: F::Elem, d: u64, inv11: &Option<F::Elem>) -> F::Elem {
    let step = |y: F::Elem, k: u64| f.div_small(&y, k).unwrap_or(y);
    match d {
        1 => y,
        2..=8 => step(y, d),
        9 => step(step(y, 3), 3),
        10 => step(step(y, 2), 5),
        _ => match inv11 {
            Some(i) => f.mul(&y, i),
            None => y,
        },
    }
}

/// Newton's divided differences c'_0 … c'_{n−1} of the values `u` at `pts`.
fn divided_differences<F: PrimeFieldOps>(
    f: &F,
    u: &[F::Elem],
    pts: &[i64],
    inv11: &Option<F::Elem>,
) -> Vec<F::Elem> {
    let mut c: Vec<F::Elem> = Vec::with_capacity(pts.len());
    c.push(u[0].clone());
    for i in 1..pts.len() {
        // sigma: sign of the product of the divisions still to come; y = sigma · v.
        let mut negative = (0..i).filter(|&j| pts[i] < pts[j]).count() % 2 == 1;
        let mut y = if negative {
            f.sub(&c[0], &u[i])
        } else {
            f.sub(&u[i], &c[0])
        };
        for j in 0..i {
            if j > 0 {
                y = if negative {
                    f.add(&y, &c[j])
                } else {
                    f.sub(&y, &c[j])
                };
            }
            let d = pts[i] - pts[j];
            y = div_diff(f, y, d.unsigned_abs(), inv11);
            if d < 0 {
                negative = !negative;
            }
        }
        c.push(y);
    }
    c
}

/// Horner: C = (…(c_inf (X − α_{n−1}) + c_{n−1}) …)(X − α_0) + c_0.
fn horner<F: PrimeFieldOps>(f: &F, c: &[F::Elem], c_inf: F::Elem, pts: &[i64]) -> Vec<F::Elem> {
    let n = pts.len();
    let mut p: Vec<F::Elem> = Vec::with_capacity(n + 1);
    p.push(c_inf);
    for i in (0..n).rev() {
        let alpha = pts[i];
        // p ← p·(X − α) + c_i
        let deg = p.len() - 1;
        let mut q: Vec<F::Elem> = Vec::with_capacity(deg + 2);
        let m = alpha.unsigned_abs();
        // term −α·p_j, combined with p_{j−1} (or c_i for j = 0)
        let combine = |low: &F::Elem, pj: &F::Elem| -> F::Elem {
            if m == 1 {
                if alpha > 0 {
                    f.sub(low, pj)
                } else {
                    f.add(low, pj)
                }
            } else {
                let t = mul_const(f, pj, m);
                if alpha > 0 {
                    f.sub(low, &t)
                } else {
                    f.add(low, &t)
                }
            }
        };
        if alpha == 0 {
            q.push(c[i].clone());
            q.extend(p.iter().cloned());
        } else {
            q.push(combine(&c[i], &p[0]));
            for j in 1..=deg {
                q.push(combine(&p[j - 1], &p[j]));
            }
            q.push(p[deg].clone());
        }
        p = q;
    }
    p
}

/// The inverse of 11 needed for k = 7 (None otherwise, or if 11 is not invertible).
pub fn inv11<F: PrimeFieldOps>(f: &F, k: usize) -> Option<F::Elem> {
    if k == 7 {
        f.inv(&f.from_u64(11))
    } else {
        None
    }
}

/// The 2k − 1 coefficients of `a·b` for k-term `a`, `b` (k ∈ 2 … 7), `inv11` from
/// [`inv11`].
pub fn mul<F: PrimeFieldOps>(
    f: &F,
    a: &[F::Elem],
    b: &[F::Elem],
    inv11: &Option<F::Elem>,
) -> Vec<F::Elem> {
    let k = a.len();
    let Some(pts) = points(k) else {
        return super::schoolbook::mul(f, a, b);
    };
    let ea = evaluate(f, a, pts);
    let eb = evaluate(f, b, pts);
    let u: Vec<F::Elem> = ea.iter().zip(&eb).map(|(x, y)| f.mul(x, y)).collect();
    let c = divided_differences(f, &u, pts, inv11);
    horner(f, &c, f.mul(&a[k - 1], &b[k - 1]), pts)
}

/// The 2k − 1 coefficients of `a²`: one evaluation, 2k − 1 squarings.
pub fn sqr<F: PrimeFieldOps>(f: &F, a: &[F::Elem], inv11: &Option<F::Elem>) -> Vec<F::Elem> {
    let k = a.len();
    let Some(pts) = points(k) else {
        return super::schoolbook::sqr(f, a);
    };
    let ea = evaluate(f, a, pts);
    let u: Vec<F::Elem> = ea.iter().map(|x| f.sqr(x)).collect();
    let c = divided_differences(f, &u, pts, inv11);
    horner(f, &c, f.sqr(&a[k - 1]), pts)
}
