//! Inversion in [`Fp<N>`]: constant-time safegcd and Fermat, variable-time binary
//! extended GCD.
//!
//! * [`Fp::inv_safegcd`] — Bernstein–Yang safegcd (`inv::safegcd`, TCHES 2019(3)) on
//!   the Montgomery limbs `aR`, giving `a⁻¹R⁻¹`, then one Montgomery product by
//!   `R³ mod p`. Cost `⌈(49b + 57)/(17·62)⌉` batches of 62 divsteps plus `O(N)` word
//!   products per batch (12 batches at 256 bits). Constant-time (apart from the `None`
//!   answer for zero).
//! * [`Fp::inv_ct`] (and so [`Field::inv`](crate::field::Field::inv)) — safegcd for
//!   N ≥ 2, Fermat for N = 1, the faster of the two by measurement
//!   (examples/prime_arith_min).
//! * [`Fp::inv_fermat`] — Fermat's little theorem, `a^(p−2)` with the constant-time
//!   fixed-window [`Fp::pow`]. Cost about `64N` S + `16N` M. Constant-time (apart from
//!   the `None` answer for zero).
//! * [`Fp::inv_vartime`] — binary extended Euclid (Menezes–van Oorschot–Vanstone,
//!   *Handbook of Applied Cryptography*, Algorithm 14.61 restricted to an odd modulus),
//!   with all trailing zeros removed at once and the matching division of the
//!   cofactor by `2^z` done as one Montgomery-style step `(x + m·p)/2^z`,
//!   `m = −x·p⁻¹ mod 2^z`. On the Montgomery form `x = a·R` it yields `a⁻¹R⁻¹`, and one
//!   Montgomery product by `R³ mod p` gives the Montgomery form `a⁻¹R`. Cost about
//!   `1.4·log2 p` iterations of O(N) word operations. Variable time: only for public
//!   values.

pub(crate) mod safegcd;

use crate::prime::montgomery::limbs::sub_mod;
use crate::prime::montgomery::{Fp, FpElem};

/// `x·2^(−z) mod p` for `x < p`, `0 < z < 64`: `(x + m·p)/2^z` with
/// `m = x·m0 mod 2^z` (`m0 = −p⁻¹ mod 2^64`), which is exact and below p.
#[inline(always)]
fn div_pow2_mod<const N: usize>(x: &mut [u64; N], z: u32, p: &[u64; N], m0: u64) {
    let m = x[0].wrapping_mul(m0) & ((1u64 << z) - 1);
    let mut carry = 0u64;
    let mut prev = 0u64;
    for i in 0..N {
        let t = x[i] as u128 + (m as u128) * (p[i] as u128) + carry as u128;
        let lo = t as u64;
        carry = (t >> 64) as u64;
        if i > 0 {
            x[i - 1] = (prev >> z) | (lo << (64 - z));
        }
        prev = lo;
    }
    x[N - 1] = (prev >> z) | (carry << (64 - z));
}

/// Shifts `u` right by `z < 64` bits in place.
#[inline(always)]
fn shr_small(u: &mut [u64], z: u32) {
    if z == 0 {
        return;
    }
    let n = u.len();
    for i in 0..n - 1 {
        u[i] = (u[i] >> z) | (u[i + 1] << (64 - z));
    }
    u[n - 1] >>= z;
}

/// `u -= v` on the low `len` limbs (requires `u ≥ v`).
#[inline(always)]
fn sub_in_place(u: &mut [u64], v: &[u64]) {
    let mut borrow = 0u64;
    for (a, &b) in u.iter_mut().zip(v.iter()) {
        let t = (*a as u128).wrapping_sub(b as u128 + borrow as u128);
        *a = t as u64;
        borrow = ((t >> 64) as u64) & 1;
    }
}

/// Compares the low `len` limbs: `u ≥ v`.
#[inline(always)]
fn ge(u: &[u64], v: &[u64]) -> bool {
    for i in (0..u.len()).rev() {
        if u[i] != v[i] {
            return u[i] > v[i];
        }
    }
    true
}

/// Removes trailing zero bits of a non-zero `u[..len]`, returns how many (may exceed 63).
#[inline(always)]
fn strip_twos(u: &mut [u64]) -> u32 {
    let mut total = 0;
    while u[0] == 0 {
        // Whole zero limbs.
        u.copy_within(1.., 0);
        let n = u.len();
        u[n - 1] = 0;
        total += 64;
    }
    let z = u[0].trailing_zeros();
    shr_small(u, z);
    total + z
}

impl<const N: usize> Fp<N> {
    /// Constant-time inverse; `None` for zero. Bernstein–Yang safegcd
    /// ([`Fp::inv_safegcd`]) for N ≥ 2 limbs, Fermat ([`Fp::inv_fermat`]) for one limb,
    /// where it is faster by measurement (examples/prime_arith_min: 0.37 µs against
    /// 0.90 µs at 64 bits; safegcd wins from 128 bits on, 3.4× at 256 bits).
    pub fn inv_ct(&self, a: &FpElem<N>) -> Option<FpElem<N>> {
        if N == 1 {
            self.inv_fermat(a)
        } else {
            self.inv_safegcd(a)
        }
    }

    /// Constant-time inverse by Bernstein–Yang safegcd; `None` for zero. Falls back to
    /// [`Fp::inv_fermat`] for more than 32 limbs.
    pub fn inv_safegcd(&self, a: &FpElem<N>) -> Option<FpElem<N>> {
        if a.0.iter().all(|&w| w == 0) {
            return None;
        }
        let mut y = [0u64; N];
        if !safegcd::inv_mod_safegcd(&self.p, self.bits, &a.0, &mut y) {
            return self.inv_fermat(a);
        }
        // y = (aR)⁻¹ = a⁻¹R⁻¹; the Montgomery product with R³ gives a⁻¹R.
        Some(FpElem(self.mont_mul(&y, &self.r3)))
    }

    /// `1/a`, and `0` for `a = 0`, without revealing which: safegcd (Fermat for one
    /// limb or more than 32) on the input, then a masked selection of zero.
    pub fn inv_or_zero(&self, a: &FpElem<N>) -> FpElem<N> {
        let zero = crate::field::ct_eq_words(&a.0, &[0u64; N]);
        let mut y = [0u64; N];
        let r = if N > 1 && safegcd::inv_mod_safegcd(&self.p, self.bits, &a.0, &mut y) {
            self.mont_mul(&y, &self.r3)
        } else {
            self.pow(a, &self.p_minus_2).0
        };
        FpElem(crate::field::select_words(&r, &[0u64; N], zero))
    }

    /// Constant-time inverse by Fermat's little theorem, `a^(p−2)`; `None` for zero.
    pub fn inv_fermat(&self, a: &FpElem<N>) -> Option<FpElem<N>> {
        if a.0.iter().all(|&w| w == 0) {
            return None;
        }
        Some(self.pow(a, &self.p_minus_2))
    }

    /// Variable-time inverse by the binary extended Euclidean algorithm; `None` for
    /// zero.
    pub fn inv_vartime(&self, a: &FpElem<N>) -> Option<FpElem<N>> {
        if a.0.iter().all(|&w| w == 0) {
            return None;
        }
        let p = &self.p;
        // Invariants: x1·(aR) ≡ u, x2·(aR) ≡ v (mod p); u, v > 0, v odd after the
        // first round.
        let mut u = a.0;
        let mut v = *p;
        let mut x1 = [0u64; N];
        x1[0] = 1;
        let mut x2 = [0u64; N];
        let mut len = N;
        while len > 0 && u[len - 1] == 0 && v[len - 1] == 0 {
            len -= 1;
        }
        loop {
            // u is non-zero here.
            let mut z = strip_twos(&mut u[..len]);
            while z > 0 {
                let s = z.min(63);
                div_pow2_mod(&mut x1, s, p, self.m0);
                z -= s;
            }
            // Both u and v odd now.
            if ge(&u[..len], &v[..len]) {
                sub_in_place(&mut u[..len], &v[..len]);
                x1 = sub_mod(&x1, &x2, p);
                if u[..len].iter().all(|&w| w == 0) {
                    // gcd = v; v == 1 since p is prime.
                    break;
                }
            } else {
                sub_in_place(&mut v[..len], &u[..len]);
                x2 = sub_mod(&x2, &x1, p);
                let z = strip_twos(&mut v[..len]);
                let mut zz = z;
                while zz > 0 {
                    let s = zz.min(63);
                    div_pow2_mod(&mut x2, s, p, self.m0);
                    zz -= s;
                }
            }
            while len > 1 && u[len - 1] == 0 && v[len - 1] == 0 {
                len -= 1;
            }
        }
        // v = gcd = 1 (p prime); x2·aR ≡ 1, so x2 = a⁻¹R⁻¹; Montgomery form a⁻¹R.
        Some(FpElem(self.mont_mul(&x2, &self.r3)))
    }
}
