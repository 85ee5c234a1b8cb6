//! Fixed-width multi-limb integer helpers: `[u64; N]`, little-endian limbs.
//!
//! Source: Menezes–van Oorschot–Vanstone, *Handbook of Applied Cryptography*, §14.2
//! (multiple-precision addition, subtraction). Cost: `N` word operations each.
//! Constant-time: every function here except those ending in `_vartime` runs the
//! same instructions whatever the limb values.

#![allow(clippy::needless_range_loop)]

use num_bigint::BigUint;

/// `a + b + carry` as (sum, carry out), carry in {0, 1}.
#[inline(always)]
pub(crate) fn adc(a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = a as u128 + b as u128 + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// `a - b - borrow` as (difference, borrow out), borrow in {0, 1}.
#[inline(always)]
pub(crate) fn sbb(a: u64, b: u64, borrow: u64) -> (u64, u64) {
    let t = (a as u128).wrapping_sub(b as u128 + borrow as u128);
    (t as u64, ((t >> 64) as u64) & 1)
}

/// `acc + a·b + carry` as (low, high); never overflows 128 bits.
#[inline(always)]
pub(crate) fn mac(acc: u64, a: u64, b: u64, carry: u64) -> (u64, u64) {
    let t = acc as u128 + (a as u128) * (b as u128) + carry as u128;
    (t as u64, (t >> 64) as u64)
}

/// `a + b` as (sum, carry out).
#[inline(always)]
pub(crate) fn add_n<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut c = 0;
    for i in 0..N {
        (r[i], c) = adc(a[i], b[i], c);
    }
    (r, c)
}

/// `a - b` as (difference mod 2^(64N), borrow out).
#[inline(always)]
pub(crate) fn sub_n<const N: usize>(a: &[u64; N], b: &[u64; N]) -> ([u64; N], u64) {
    let mut r = [0u64; N];
    let mut c = 0;
    for i in 0..N {
        (r[i], c) = sbb(a[i], b[i], c);
    }
    (r, c)
}

/// `a + k·b` as an integer, for `a + k·b < 2^(64N)` (no reduction).
#[inline(always)]
pub(crate) fn mul_add_small<const N: usize>(a: &[u64; N], b: &[u64; N], k: u64) -> [u64; N] {
    let mut r = [0u64; N];
    let mut c = 0;
    for i in 0..N {
        (r[i], c) = mac(a[i], b[i], k, c);
    }
    r
}

/// Picks `a` where `mask` is all ones and `b` where it is zero, without branching.
#[inline(always)]
pub(crate) fn select_n<const N: usize>(mask: u64, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    // Opaque to the optimiser, which would otherwise turn the selection into a branch.
    let mask = crate::prime::backend::ct_barrier::mask(mask);
    let mut r = [0u64; N];
    for i in 0..N {
        r[i] = (a[i] & mask) | (b[i] & !mask);
    }
    r
}

/// `(a + b) mod p` for `a, b < p`, branch-free.
#[inline(always)]
pub(crate) fn add_mod<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let (s, carry) = add_n(a, b);
    let (d, borrow) = sub_n(&s, p);
    // Keep s when s < p, i.e. no carry out of a + b and a borrow out of s - p.
    let keep_s = (borrow & !carry).wrapping_neg();
    select_n(keep_s, &s, &d)
}

/// `(a - b) mod p` for `a, b < p`, branch-free.
#[inline(always)]
pub(crate) fn sub_mod<const N: usize>(a: &[u64; N], b: &[u64; N], p: &[u64; N]) -> [u64; N] {
    let (d, borrow) = sub_n(a, b);
    let mask = crate::prime::backend::ct_barrier::mask(borrow.wrapping_neg());
    let mut r = [0u64; N];
    let mut c = 0;
    for i in 0..N {
        (r[i], c) = adc(d[i], p[i] & mask, c);
    }
    r
}

/// Whether every limb is zero, as a mask (all ones when zero), branch-free.
#[inline(always)]
pub(crate) fn is_zero_mask<const N: usize>(a: &[u64; N]) -> u64 {
    let mut acc = 0u64;
    for &w in a {
        acc |= w;
    }
    // acc == 0  <=>  (acc | -acc) has top bit clear.
    ((acc | acc.wrapping_neg()) >> 63).wrapping_sub(1)
}

/// `a < b`, variable time.
#[inline]
pub(crate) fn lt_vartime<const N: usize>(a: &[u64; N], b: &[u64; N]) -> bool {
    for i in (0..N).rev() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
    }
    false
}

/// Little-endian limbs of `v`, or `None` if it needs more than `N` limbs.
pub(crate) fn from_biguint<const N: usize>(v: &BigUint) -> Option<[u64; N]> {
    let digits = v.to_u64_digits();
    if digits.len() > N {
        return None;
    }
    let mut r = [0u64; N];
    r[..digits.len()].copy_from_slice(&digits);
    Some(r)
}

/// The integer with little-endian limbs `a`.
pub(crate) fn to_biguint(a: &[u64]) -> BigUint {
    let mut bytes = Vec::with_capacity(a.len() * 8);
    for w in a {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    BigUint::from_bytes_le(&bytes)
}

/// Number of significant bits of `a` (0 for zero).
pub(crate) fn bit_len(a: &[u64]) -> u32 {
    for i in (0..a.len()).rev() {
        if a[i] != 0 {
            return 64 * i as u32 + 64 - a[i].leading_zeros();
        }
    }
    0
}
