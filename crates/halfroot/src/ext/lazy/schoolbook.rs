//! Lazy schoolbook product: every coefficient of the integer product as one
//! column-wise (Comba) dot product of coefficient pairs, no reduction.
//!
//! Source: product scanning of Comba, "Exponentiation cryptosystems on the IBM PC",
//! IBM Systems Journal 29(4), 1990, applied to the whole sum Σ_{i+j=m} a_i·b_j (the
//! "unreduced accumulation" of FLINT's `fq_mul` / Aranha et al. 2011 §3).
//! Cost: k² N×N-word products (N² word products each) accumulated in a three-word
//! column accumulator; no additions of wide values at all. Then k REDC
//! ([`super::Engine::finish`]).
//! Preconditions: coefficients < 2^(64N); k ≤ 7. Constant time.

#![allow(clippy::needless_range_loop)]

use super::Wide;
use crate::prime::montgomery::limbs::adc;

/// `Σ_{i+j=m} a_i·b_j` over `i ∈ lo_i ..= hi_i` by product scanning.
#[inline(always)]
fn dot<const N: usize>(a: &[[u64; N]], b: &[[u64; N]], m: usize) -> Wide<N> {
    let k = a.len();
    let i0 = m.saturating_sub(k - 1);
    let i1 = m.min(k - 1);
    let mut out = Wide::<N>::ZERO;
    let (mut c0, mut c1, mut c2) = (0u64, 0u64, 0u64);
    for t in 0..2 * N - 1 {
        let u0 = t.saturating_sub(N - 1);
        let u1 = t.min(N - 1);
        for i in i0..=i1 {
            let (x, y) = (&a[i], &b[m - i]);
            for u in u0..=u1 {
                let pr = (x[u] as u128) * (y[t - u] as u128);
                let c;
                (c0, c) = adc(c0, pr as u64, 0);
                let c3;
                (c1, c3) = adc(c1, (pr >> 64) as u64, c);
                c2 = c2.wrapping_add(c3);
            }
        }
        if t < N {
            out.lo[t] = c0;
        } else {
            out.hi[t - N] = c0;
        }
        (c0, c1, c2) = (c1, c2, 0);
    }
    out.hi[N - 1] = c0;
    out.top = c1;
    out
}

/// The 2k − 1 integer coefficients of `a·b` (k = `a.len()`).
#[inline(always)]
pub fn mul<const N: usize>(a: &[[u64; N]], b: &[[u64; N]], c: &mut [Wide<N>]) {
    for (m, cm) in c.iter_mut().enumerate() {
        *cm = dot(a, b, m);
    }
}

/// The 2k − 1 integer coefficients of `a²`: cross products once, doubled, plus squares
/// (k(k+1)/2 products).
#[inline(always)]
pub fn sqr<const N: usize>(a: &[[u64; N]], c: &mut [Wide<N>]) {
    let k = a.len();
    for (m, cm) in c.iter_mut().enumerate() {
        // Σ_{i<j, i+j=m} a_i a_j, doubled, + a_{m/2}²
        let i0 = m.saturating_sub(k - 1);
        let i1 = (m - 1) / 2;
        let mut acc = Wide::<N>::ZERO;
        if m >= 1 {
            for i in i0..=i1.min(k - 1) {
                if i < m - i && m - i < k {
                    acc = acc.add(&super::mul_coeffs(&a[i], &a[m - i]));
                }
            }
            acc = acc.shl(1);
        }
        if m % 2 == 0 && m / 2 < k {
            acc = acc.add(&super::sqr_coeff(&a[m / 2]));
        }
        *cm = acc;
    }
}
