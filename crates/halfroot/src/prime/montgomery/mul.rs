//! Montgomery multiplication, squaring and reduction on `[u64; N]`.
//!
//! Source: Koç, Acar, Kaliski, "Analyzing and comparing Montgomery multiplication
//! algorithms", IEEE Micro 16(3), 1996 — CIOS (coarsely integrated operand scanning)
//! for `mont_mul`, SOS (separated operand scanning) for `mont_sqr` (product with
//! the N(N−1)/2 cross products computed once and doubled, then word-by-word
//! reduction). The "no-carry" CIOS of `mont_mul_nocarry` is the variant used by
//! gnark-crypto/arkworks when the top limb of p is below 2^63 − 1: the two extra
//! accumulator words of CIOS are then never needed.
//!
//! Cost: CIOS 2N² + N word multiplications; SOS squaring N(N+1)/2 + N² + N.
//! Preconditions: p odd, `m0 = −p⁻¹ mod 2^64`, inputs `< p`. Output `< p`.
//! Constant-time: yes (the only data-dependent choice is a masked final subtraction).

#![allow(clippy::needless_range_loop)]

use super::limbs::{adc, mac, sbb, select_n};

/// Final conditional subtraction: `t + 2^(64N)·hi − p` if that is `≥ 0`, else `t`.
/// Requires `t + 2^(64N)·hi < 2p`.
#[inline(always)]
pub(crate) fn reduce_once<const N: usize>(t: &[u64; N], hi: u64, p: &[u64; N]) -> [u64; N] {
    let mut d = [0u64; N];
    let mut borrow = 0;
    for i in 0..N {
        (d[i], borrow) = sbb(t[i], p[i], borrow);
    }
    let (_, borrow) = sbb(hi, 0, borrow);
    // borrow = 1 exactly when t + hi·2^(64N) < p: keep t.
    select_n(borrow.wrapping_neg(), t, &d)
}

/// `a·b·2^(−64N) mod p` by CIOS, for any odd `p < 2^(64N)`.
#[inline(always)]
pub(crate) fn mont_mul<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    p: &[u64; N],
    m0: u64,
) -> [u64; N] {
    let (t, t_n) = mont_mul_unreduced(a, b, p, m0);
    reduce_once(&t, t_n, p)
}

/// Almost-Montgomery product (Gueron, J. Cryptogr. Eng. 2(1), 2012): CIOS without
/// the final subtraction, `(ab + mp)/2^(64N)` with some `m < 2^(64N)`. For
/// `4p < 2^(64N)` and `a, b < 2p` that is below `4p²/2^(64N) + p < 2p`, so the
/// result stays in `[0, 2p)` and fits `N` words. Constant-time.
#[inline(always)]
pub(crate) fn mont_mul_almost<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    p: &[u64; N],
    m0: u64,
) -> [u64; N] {
    mont_mul_unreduced(a, b, p, m0).0
}

/// The CIOS loop: `(ab + mp)/2^(64N)` as `N` words and a top word, for `a, b < 2^(64N)`.
#[inline(always)]
fn mont_mul_unreduced<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    p: &[u64; N],
    m0: u64,
) -> ([u64; N], u64) {
    let mut t = [0u64; N];
    let mut t_n = 0u64;
    for i in 0..N {
        let mut c = 0u64;
        for j in 0..N {
            (t[j], c) = mac(t[j], a[j], b[i], c);
        }
        let (s, t_n1) = adc(t_n, c, 0);
        let m = t[0].wrapping_mul(m0);
        let (_, mut c) = mac(t[0], m, p[0], 0);
        for j in 1..N {
            (t[j - 1], c) = mac(t[j], m, p[j], c);
        }
        let (s2, c2) = adc(s, c, 0);
        t[N - 1] = s2;
        t_n = t_n1 + c2;
    }
    (t, t_n)
}

/// The largest limb count the double-width buffers hold.
pub(crate) const MAX_LIMBS: usize = 32;

/// `a·b·2^(−64N) mod p` by SOS: the full 2N-word product by rows (operand scanning),
/// then [`mont_reduce`]. Any odd `p < 2^(64N)`.
#[inline(always)]
pub(crate) fn mont_mul_sos<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    p: &[u64; N],
    m0: u64,
) -> [u64; N] {
    const { assert!(N <= MAX_LIMBS) };
    let mut t = [0u64; 2 * MAX_LIMBS];
    for i in 0..N {
        let mut c = 0u64;
        for j in 0..N {
            (t[i + j], c) = mac(t[i + j], a[j], b[i], c);
        }
        t[i + N] = c;
    }
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    lo.copy_from_slice(&t[..N]);
    hi.copy_from_slice(&t[N..2 * N]);
    mont_reduce(&lo, &hi, p, m0)
}

/// `a·b·2^(−64N) mod p` by CIOS without the extra carry words; requires the top limb
/// of `p` to be below `2^63 − 1` (then every intermediate fits `N` words).
#[inline(always)]
pub(crate) fn mont_mul_nocarry<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
    p: &[u64; N],
    m0: u64,
) -> [u64; N] {
    let mut t = [0u64; N];
    for i in 0..N {
        let (lo, mut ca) = mac(t[0], a[0], b[i], 0);
        let m = lo.wrapping_mul(m0);
        let (_, mut cm) = mac(lo, m, p[0], 0);
        for j in 1..N {
            let (x, c1) = mac(t[j], a[j], b[i], ca);
            ca = c1;
            let (y, c2) = mac(x, m, p[j], cm);
            cm = c2;
            t[j - 1] = y;
        }
        t[N - 1] = cm.wrapping_add(ca);
    }
    reduce_once(&t, 0, p)
}

/// Montgomery reduction of the double-width value `lo + 2^(64N)·hi < p·2^(64N)`:
/// returns `(lo + 2^(64N)·hi)·2^(−64N) mod p`. Works on an N-word window that shifts
/// down one word per step while the words of `hi` enter at the top.
#[inline(always)]
pub(crate) fn mont_reduce<const N: usize>(
    lo: &[u64; N],
    hi: &[u64; N],
    p: &[u64; N],
    m0: u64,
) -> [u64; N] {
    let (t, top) = mont_reduce_unreduced(lo, hi, p, m0);
    reduce_once(&t, top, p)
}

/// Almost-Montgomery square (see [`mont_mul_almost`]): SOS without the final
/// subtraction; for `4p < 2^(64N)` and `a < 2p` the result is below `2p`.
/// Constant-time.
#[inline(always)]
pub(crate) fn mont_sqr_almost<const N: usize>(a: &[u64; N], p: &[u64; N], m0: u64) -> [u64; N] {
    let (lo, hi) = super::wide::sqr_wide_portable(a);
    mont_reduce_unreduced(&lo, &hi, p, m0).0
}

/// The reduction loop of [`mont_reduce`]: `(lo + 2^(64N)·hi + mp)/2^(64N)` as `N` words
/// and a top word.
#[inline(always)]
fn mont_reduce_unreduced<const N: usize>(
    lo: &[u64; N],
    hi: &[u64; N],
    p: &[u64; N],
    m0: u64,
) -> ([u64; N], u64) {
    let mut t = *lo;
    let mut top = 0u64;
    for i in 0..N {
        let m = t[0].wrapping_mul(m0);
        let (_, mut c) = mac(t[0], m, p[0], 0);
        for j in 1..N {
            (t[j - 1], c) = mac(t[j], m, p[j], c);
        }
        (t[N - 1], top) = adc(hi[i], c, top);
    }
    (t, top)
}

/// `a²·2^(−64N) mod p` by SOS: cross products once, doubled, plus the diagonal,
/// then [`mont_reduce`].
#[inline(always)]
pub(crate) fn mont_sqr<const N: usize>(a: &[u64; N], p: &[u64; N], m0: u64) -> [u64; N] {
    let (lo, hi) = super::wide::sqr_wide_portable(a);
    mont_reduce(&lo, &hi, p, m0)
}

/// `a·2^(−64N) mod p`: leaves Montgomery form.
#[inline(always)]
pub(crate) fn from_mont<const N: usize>(a: &[u64; N], p: &[u64; N], m0: u64) -> [u64; N] {
    mont_reduce(a, &[0u64; N], p, m0)
}
