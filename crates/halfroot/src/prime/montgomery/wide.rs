//! Unreduced (double-width) products and a separate Montgomery reduction, for lazy
//! reduction: accumulate many products of Montgomery-form values as plain integers,
//! then reduce once.
//!
//! Source: P. L. Montgomery, "Modular multiplication without trial division", Math.
//! Comp. 44 (1985) (REDC); operand scanning (SOS) of Koç, Acar, Kaliski, IEEE Micro
//! 16(3), 1996. Lazy reduction as in Scott, "Implementing cryptographic pairings"
//! (2007) and Aranha et al., "Faster explicit formulas for computing pairings over
//! ordinary curves", EUROCRYPT 2011, §3.
//!
//! With BMI2 + ADX the products, squares and reductions go to the kernels of
//! `prime::backend::comba` (chosen per N by measurement); the `_portable` functions
//! are always compiled and are their oracles.
//!
//! Cost: [`mul_wide`] N² word products, [`redc_wide`] N² + N, [`reduce_multiples`]
//! one (N+1)-word conditional subtraction per table entry.
//! Preconditions: stated per function. Constant time (no branch or index depends on
//! the values).

#![allow(clippy::needless_range_loop)]

use super::limbs::{adc, mac, sbb, select_n};

/// The limb count from which [`mul_wide`], [`sqr_wide`] and [`redc_wide`] are calls
/// to one out-of-line function per N instead of being inlined: each inlined copy
/// carries the kernel dispatch and an unrolled N²-word portable fallback, and the lazy
/// F_{q^k} formulas inline 13–23 of them per product, which made single functions of
/// up to 0.9 MB of machine code (at 24 limbs) and most of the command line's build
/// time. From 6 limbs on a product costs tens of nanoseconds or more and the call is
/// noise (build weight, issue 19 part 6).
pub(crate) const OUTLINED_FROM: usize = 6;
use super::mul::MAX_LIMBS;
use super::{Fp, FpElem};

use crate::prime::backend::{comba, AdxToken};

/// The full product `a·b` as `(low N words, high N words)`: with BMI2 + ADX the ADX
/// row kernel for 4 … 8 limbs, the product-scanning MULX kernel for 9 … 16, 20, 24
/// (`backend::comba`), else [`mul_wide_portable`] (also for 3 limbs, where it is as
/// fast). Measured choice: examples/prime_arith_min with `KERNELS` set.
///
/// From [`OUTLINED_FROM`] limbs on, one out-of-line function per N (see there).
#[inline(always)]
pub(crate) fn mul_wide<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
    if const { N >= OUTLINED_FROM } {
        mul_wide_outlined(a, b)
    } else {
        mul_wide_inline(a, b)
    }
}

/// [`mul_wide`] as a call.
#[inline(never)]
fn mul_wide_outlined<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
    mul_wide_inline(a, b)
}

/// [`mul_wide`] inlined: the kernel dispatch and the portable fallback.
#[inline(always)]
fn mul_wide_inline<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
    if const { N >= 4 } {
        if let Some(tok) = AdxToken::detect() {
            if const { N <= 8 } {
                if let Some(r) = comba::mul_wide_rows_adx(tok, a, b) {
                    return r;
                }
            } else if let Some(r) = comba::mul_wide_adx(tok, a, b) {
                return r;
            }
        }
    }
    mul_wide_portable(a, b)
}

/// The full product `a·b` as `(low N words, high N words)` (operand scanning, portable).
#[inline(always)]
pub(crate) fn mul_wide_portable<const N: usize>(
    a: &[u64; N],
    b: &[u64; N],
) -> ([u64; N], [u64; N]) {
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
    (lo, hi)
}

/// The square `a²` as `(low, high)`: the MULX/ADCX/ADOX product-scanning kernel of
/// `backend::comba` for 8 … 16, 20, 24 limbs (measured faster there), else
/// [`sqr_wide_portable`].
/// From [`OUTLINED_FROM`] limbs on, one out-of-line function per N.
#[inline(always)]
pub(crate) fn sqr_wide<const N: usize>(a: &[u64; N]) -> ([u64; N], [u64; N]) {
    if const { N >= OUTLINED_FROM } {
        sqr_wide_outlined(a)
    } else {
        sqr_wide_inline(a)
    }
}

/// [`sqr_wide`] as a call.
#[inline(never)]
fn sqr_wide_outlined<const N: usize>(a: &[u64; N]) -> ([u64; N], [u64; N]) {
    sqr_wide_inline(a)
}

/// [`sqr_wide`] inlined.
#[inline(always)]
fn sqr_wide_inline<const N: usize>(a: &[u64; N]) -> ([u64; N], [u64; N]) {
    if let (true, Some(tok)) = (N >= 8, AdxToken::detect()) {
        if let Some(r) = comba::sqr_wide_adx(tok, a) {
            return r;
        }
    }
    sqr_wide_portable(a)
}

/// The square `a²` as `(low, high)`: cross products once, doubled, plus the diagonal
/// (portable).
#[inline(always)]
pub(crate) fn sqr_wide_portable<const N: usize>(a: &[u64; N]) -> ([u64; N], [u64; N]) {
    const { assert!(N <= MAX_LIMBS) };
    let mut t = [0u64; 2 * MAX_LIMBS];
    for i in 0..N {
        let mut c = 0u64;
        for j in (i + 1)..N {
            (t[i + j], c) = mac(t[i + j], a[i], a[j], c);
        }
        t[i + N] = c;
    }
    let mut carry = 0u64;
    for w in t.iter_mut().take(2 * N) {
        let x = *w;
        *w = (x << 1) | carry;
        carry = x >> 63;
    }
    let mut c = 0u64;
    for i in 0..N {
        let sq = (a[i] as u128) * (a[i] as u128);
        (t[2 * i], c) = adc(t[2 * i], sq as u64, c);
        (t[2 * i + 1], c) = adc(t[2 * i + 1], (sq >> 64) as u64, c);
    }
    let mut lo = [0u64; N];
    let mut hi = [0u64; N];
    lo.copy_from_slice(&t[..N]);
    hi.copy_from_slice(&t[N..2 * N]);
    (lo, hi)
}

/// Montgomery reduction without the final subtraction of `T = lo + 2^(64N)·hi +
/// 2^(128N)·top ≥ 0`: returns `(r, h)` with `r + 2^(64N)·h = (T + m·p)/2^(64N) ≡
/// T·2^(−64N) (mod p)` and `r + 2^(64N)·h < T/2^(64N) + p`. Requires that bound to
/// fit in N + 1 words. Uses the ADX row kernel of `backend::comba` for 3 … 8 limbs,
/// else [`redc_wide_portable`] (identical results). From [`OUTLINED_FROM`] limbs on,
/// one out-of-line function per N.
#[inline(always)]
pub(crate) fn redc_wide<const N: usize>(
    lo: &[u64; N],
    hi: &[u64; N],
    top: u64,
    p: &[u64; N],
    m0: u64,
) -> ([u64; N], u64) {
    if const { N >= OUTLINED_FROM } {
        redc_wide_outlined(lo, hi, top, p, m0)
    } else {
        redc_wide_inline(lo, hi, top, p, m0)
    }
}

/// [`redc_wide`] as a call.
#[inline(never)]
fn redc_wide_outlined<const N: usize>(
    lo: &[u64; N],
    hi: &[u64; N],
    top: u64,
    p: &[u64; N],
    m0: u64,
) -> ([u64; N], u64) {
    redc_wide_inline(lo, hi, top, p, m0)
}

/// [`redc_wide`] inlined.
#[inline(always)]
fn redc_wide_inline<const N: usize>(
    lo: &[u64; N],
    hi: &[u64; N],
    top: u64,
    p: &[u64; N],
    m0: u64,
) -> ([u64; N], u64) {
    if let (true, Some(tok)) = ((3..=8).contains(&N), AdxToken::detect()) {
        let pm = crate::prime::backend::pack_pm(p, m0);
        if let Some((r, h)) = comba::redc_rows_adx(tok, lo, hi, &pm) {
            return (r, top.wrapping_add(h));
        }
    }
    redc_wide_portable(lo, hi, top, p, m0)
}

/// [`redc_wide`] by the portable word-by-word loop.
#[inline(always)]
pub(crate) fn redc_wide_portable<const N: usize>(
    lo: &[u64; N],
    hi: &[u64; N],
    top: u64,
    p: &[u64; N],
    m0: u64,
) -> ([u64; N], u64) {
    let mut t = *lo;
    let mut carry = 0u64;
    for i in 0..N {
        let m = t[0].wrapping_mul(m0);
        let (_, mut c) = mac(t[0], m, p[0], 0);
        for j in 1..N {
            (t[j - 1], c) = mac(t[j], m, p[j], c);
        }
        (t[N - 1], carry) = adc(hi[i], c, carry);
    }
    (t, top.wrapping_add(carry))
}

/// Reduces `r + 2^(64N)·h` modulo p given a table `mults` of `2^j·p` (as
/// `(low N words, high word)`) for j = J−1 down to 0, where the value is below `2^J·p`:
/// one conditional subtraction per entry. Output `< p`.
#[inline(always)]
pub(crate) fn reduce_multiples<const N: usize>(
    r: [u64; N],
    h: u64,
    mults: &[([u64; N], u64)],
) -> [u64; N] {
    reduce_multiples_wide(r, h, mults).0
}

/// [`reduce_multiples`] with the top word of the result.
#[inline(always)]
pub(crate) fn reduce_multiples_wide<const N: usize>(
    mut r: [u64; N],
    mut h: u64,
    mults: &[([u64; N], u64)],
) -> ([u64; N], u64) {
    for (m, mh) in mults {
        let mut d = [0u64; N];
        let mut b = 0u64;
        for i in 0..N {
            (d[i], b) = sbb(r[i], m[i], b);
        }
        let (dh, b) = sbb(h, *mh, b);
        // b = 1: the value is below the multiple, keep it.
        let keep = crate::prime::backend::ct_barrier::mask(b.wrapping_neg());
        r = select_n(keep, &r, &d);
        h = (h & keep) | (dh & !keep);
    }
    (r, h)
}

impl<const N: usize> Fp<N> {
    /// The unreduced product of the Montgomery representations of `a` and `b`, as
    /// `(low, high)` words: the integer `(aR mod p)·(bR mod p) < p²`. Sums of such
    /// values reduce with [`Fp::redc_unreduced`].
    pub fn mul_unreduced(&self, a: &FpElem<N>, b: &FpElem<N>) -> ([u64; N], [u64; N]) {
        mul_wide(&a.0, &b.0)
    }

    /// The unreduced square of the Montgomery representation of `a`.
    pub fn sqr_unreduced(&self, a: &FpElem<N>) -> ([u64; N], [u64; N]) {
        sqr_wide(&a.0)
    }

    /// The element `T·R⁻¹ mod p` for the integer `T = lo + 2^(64N)·hi < p·2^(64N)`
    /// (for instance a sum of [`Fp::mul_unreduced`] products that stays below p·R):
    /// one Montgomery reduction; `None` if `T ≥ p·R`.
    pub fn redc_unreduced(&self, lo: &[u64; N], hi: &[u64; N]) -> Option<FpElem<N>> {
        if !super::limbs::lt_vartime(hi, &self.p) {
            return None;
        }
        let (r, h) = redc_wide(lo, hi, 0, &self.p, self.m0);
        // value < T/R + p < 2p
        let mut p1 = [([0u64; N], 0u64); 1];
        p1[0].0 = self.p;
        Some(FpElem(reduce_multiples(r, h, &p1)))
    }

    /// `−p⁻¹ mod 2^64`, the Montgomery constant (for callers doing their own REDC).
    pub fn montgomery_m0(&self) -> u64 {
        self.m0
    }
}
