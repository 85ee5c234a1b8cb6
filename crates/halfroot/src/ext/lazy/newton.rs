//! Lazy Newton interpolation over Z (El Mrabet–Guillevic–Ionica §3, §5): evaluation
//! at small integers, 2k − 1 integer products, Newton's divided differences with
//! EXACT integer divisions, Horner reconstruction — all on unreduced integers.
//!
//! Source: El Mrabet, Guillevic, Ionica, AFRICACRYPT 2011, §3.1–3.2 (k = 5: points 0,
//! ±1, ±2, ±4, 3, ∞), §5 (k = 6, 7; points as [`crate::ext::mul::newton::points`]).
//! Over Z every divided difference of the integer product polynomial at integer
//! points is an integer (the Newton basis is monic with integer coefficients), so
//! each division by a difference d ∈ {2 … 11} is exact: an arithmetic shift for the
//! power of two and one word product per word by the odd part's inverse mod 2^64
//! (Jebelean 1993; GMP `mpn_divexact_1`). Unlike the reduced form, k = 7 needs no
//! product by 11⁻¹.
//! Cost: 2k − 1 signed (N+1)×(N+1)-word products; evaluation on N + 1 words,
//! divided differences and Horner on 2N + 1 words (the paper's 137A for k = 5, with
//! shifts and word-scalar products); k REDC.
//! Preconditions: k ∈ 3 … 7; q above [`crate::ext::mul::newton::min_prime`] is not
//! needed over Z, but the engine keeps the reduced algorithm's domain. Constant time.

#![allow(clippy::needless_range_loop)]

use super::{Ev, Wide, MAX_K, MAX_TERMS};
use crate::ext::mul::newton::points;

fn evaluate<const N: usize>(a: &[[u64; N]], pts: &[i64], out: &mut [Ev<N>]) {
    let k = a.len();
    let e: [Ev<N>; MAX_K] = core::array::from_fn(|i| {
        if i < k {
            Ev::from_limbs(a[i])
        } else {
            Ev::ZERO
        }
    });
    let mut done = [false; MAX_TERMS];
    for (i, &x) in pts.iter().enumerate() {
        if done[i] {
            continue;
        }
        done[i] = true;
        if x == 0 {
            out[i] = e[0];
            continue;
        }
        let ax = x.unsigned_abs();
        if let Some(j) = pts.iter().position(|&y| y == -x) {
            done[j] = true;
            let x2 = ax * ax;
            let horner = |start: usize| -> Ev<N> {
                let last = start + 2 * ((k - 1 - start) / 2);
                let mut acc = e[last];
                let mut t = last;
                while t >= start + 2 {
                    t -= 2;
                    acc = if x2 == 1 {
                        acc.add(&e[t])
                    } else {
                        e[t].add_mul_small(&acc, x2)
                    };
                }
                acc
            };
            let ev = horner(0);
            let mut od = horner(1);
            if ax != 1 {
                od = od.mul_small(ax);
            }
            let (pos, neg) = if x > 0 { (i, j) } else { (j, i) };
            out[pos] = ev.add(&od);
            out[neg] = ev.sub(&od);
        } else {
            // lone positive point (3, 5, 6): Horner
            let mut acc = e[k - 1];
            for t in (0..k - 1).rev() {
                acc = e[t].add_mul_small(&acc, ax);
            }
            out[i] = acc;
        }
    }
}

fn interpolate<const N: usize>(u: &[Wide<N>], u_inf: Wide<N>, pts: &[i64], c: &mut [Wide<N>]) {
    let n = pts.len();
    // divided differences (sign folded: stored = −true while `negative`)
    let mut cc = [Wide::<N>::ZERO; MAX_TERMS];
    cc[0] = u[0];
    for i in 1..n {
        let mut negative = (0..i).filter(|&j| pts[i] < pts[j]).count() % 2 == 1;
        let mut y = if negative {
            cc[0].sub(&u[i])
        } else {
            u[i].sub(&cc[0])
        };
        for j in 0..i {
            if j > 0 {
                y = if negative {
                    y.add(&cc[j])
                } else {
                    y.sub(&cc[j])
                };
            }
            let d = pts[i] - pts[j];
            let ad = d.unsigned_abs();
            if ad > 1 {
                y = y.div_exact(ad);
            }
            if d < 0 {
                negative = !negative;
            }
        }
        cc[i] = y;
    }
    // Horner, in place: P = c_inf; P ← P·(X − α_i) + c_i
    let total = n + 1;
    let p = &mut c[..total];
    p[0] = u_inf;
    let mut len = 1;
    for i in (0..n).rev() {
        let alpha = pts[i];
        let m = alpha.unsigned_abs();
        // new_j = p_{j−1} − α p_j, from the top down (p_len = 0, p_{−1} = c_i)
        p[len] = p[len - 1];
        for j in (0..len).rev() {
            let low = if j == 0 { cc[i] } else { p[j - 1] };
            p[j] = match (alpha > 0, m) {
                (_, 0) => low,
                (true, 1) => low.sub(&p[j]),
                (false, 1) => low.add(&p[j]),
                (true, _) => low.sub_mul_small(&p[j], m),
                (false, _) => low.add_mul_small(&p[j], m),
            };
        }
        len += 1;
    }
    debug_assert_eq!(len, total);
}

/// The 2k − 1 integer coefficients of `a·b` (k = `a.len()` ∈ 3 … 7).
#[inline(always)]
pub fn mul<const N: usize>(a: &[[u64; N]], b: &[[u64; N]], c: &mut [Wide<N>]) {
    let k = a.len();
    let Some(pts) = points(k) else {
        return super::schoolbook::mul(a, b, c);
    };
    let mut ea = [Ev::<N>::ZERO; MAX_TERMS];
    let mut eb = [Ev::<N>::ZERO; MAX_TERMS];
    evaluate(a, pts, &mut ea);
    evaluate(b, pts, &mut eb);
    let mut u = [Wide::<N>::ZERO; MAX_TERMS];
    for i in 0..pts.len() {
        u[i] = ea[i].mul_signed(&eb[i]);
    }
    let inf = super::mul_coeffs(&a[k - 1], &b[k - 1]);
    interpolate(&u[..pts.len()], inf, pts, c);
}

/// The 2k − 1 integer coefficients of `a²`.
#[inline(always)]
pub fn sqr<const N: usize>(a: &[[u64; N]], c: &mut [Wide<N>]) {
    let k = a.len();
    let Some(pts) = points(k) else {
        return super::schoolbook::sqr(a, c);
    };
    let mut ea = [Ev::<N>::ZERO; MAX_TERMS];
    evaluate(a, pts, &mut ea);
    let mut u = [Wide::<N>::ZERO; MAX_TERMS];
    for i in 0..pts.len() {
        u[i] = ea[i].sqr_signed();
    }
    let inf = super::sqr_coeff(&a[k - 1]);
    interpolate(&u[..pts.len()], inf, pts, c);
}
