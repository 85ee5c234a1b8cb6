//! Exact division by the small constants 2 … 8 modulo p, and multiplication by small
//! constants.
//!
//! Source: El Mrabet, Guillevic, Ionica, "Efficient multiplication in finite field
//! extensions of degree 5", AFRICACRYPT 2011, §4.2, Tables 5, 6 and 8, Algorithm 3.
//! Write `a = k·a' + r_a` (word-wise long division from the top word, the remainder
//! carried into the next word) and `p = k·p' + r_p`; then `a/k ≡ a' + c_{r_a} (mod p)`
//! where `c_r = r/k mod p` is one of `k` precomputed values — the paper's tables list
//! them as `a' + j·p' + i` (e.g. Table 6 for k = 3: `r_a = 1, r_p = 1` gives
//! `a' + 2p' + 1`, which is `(1 + 2p)/3`). For k = 2, 4, 8 the quotient is a shift.
//! Because the map is linear it applies to the Montgomery representation unchanged.
//! Our words are 64-bit: each word is divided as two 32-bit halves, so every division
//! is of a 64-bit value by a compile-time constant, which the compiler turns into a
//! multiplication (the role of the paper's 0x55555555-style constants).
//!
//! Three methods, all kept and tested against each other:
//! * [`Fp::div_small_wordwise`] — the paper's serial top-down word-wise division;
//! * [`Fp::div_small_exact`] — the same quotient, computed with independent limb
//!   residues, a short remainder chain on small numbers and quotient limbs
//!   `(a_i − r_i)·k⁻¹ mod 2^64` (Jebelean's exact division); k = 6 as 3 then 2;
//! * [`Fp::div_small_by_inverse`] — one Montgomery product by the precomputed `k⁻¹`.
//!
//! [`crate::prime::PrimeFieldOps::div_small`] picks the fastest measured one: the
//! exact form, except k = 6, 7 with N ≤ 4 limbs, where the product wins
//! (bench `prime_arith/div_small`, example `prime_arith_min`).
//!
//! Cost: word-wise about 2N serial multiplications by constants + one modular
//! addition (the paper's "≈ 2A"); exact form N residues + N multiplications, all
//! independent, + one modular addition; by inverse one Montgomery product.
//! Preconditions: `gcd(k, p) = 1`, else `None`. Constant-time in the element: the
//! table entry is picked by a masked scan and the final reduction is branch-free.

#![allow(clippy::needless_range_loop)]

use crate::error::Result;
use crate::prime::montgomery::limbs::{add_mod, from_biguint};
use crate::prime::montgomery::mul::mont_mul;
use crate::prime::montgomery::{Fp, FpElem};
use num_bigint::BigUint;
use num_integer::Integer;
use num_traits::{One, Zero};
use subtle::{ConditionallySelectable, ConstantTimeEq};

/// Precomputed constants for division by `k ∈ 2..=8`.
#[derive(Clone, Debug)]
pub(crate) struct SmallDivTables<const N: usize> {
    /// `corr[k][r] = r·k⁻¹ mod p` (plain integers), `r < k`.
    corr: [[[u64; N]; 8]; 9],
    /// Montgomery form of `k⁻¹`: `k⁻¹·R mod p`.
    inv_mont: [[u64; N]; 9],
    /// Whether `k` is invertible modulo p.
    invertible: [bool; 9],
}

impl<const N: usize> SmallDivTables<N> {
    /// Builds the tables for p (`r1 = R mod p`).
    pub(crate) fn new(p: &BigUint, r1: &BigUint) -> Result<Self> {
        let mut t = SmallDivTables {
            corr: [[[0u64; N]; 8]; 9],
            inv_mont: [[0u64; N]; 9],
            invertible: [false; 9],
        };
        for k in 2u32..=8 {
            let kb = BigUint::from(k);
            if !kb.gcd(p).is_one() {
                continue;
            }
            // k⁻¹ mod p = (1 + j·p)/k for the j < k making it integral.
            let mut kinv = BigUint::zero();
            for j in 0..k {
                let num = BigUint::one() + p * j;
                if (&num % k).is_zero() {
                    kinv = num / k;
                    break;
                }
            }
            for r in 0..k {
                let c = (&kinv * r) % p;
                t.corr[k as usize][r as usize] = from_biguint::<N>(&c).unwrap_or([0u64; N]);
            }
            let im = (&kinv * r1) % p;
            t.inv_mont[k as usize] = from_biguint::<N>(&im).unwrap_or([0u64; N]);
            t.invertible[k as usize] = true;
        }
        Ok(t)
    }
}

/// Word-wise long division of `a` by the constant `K < 2^31`: (quotient, remainder).
#[inline(always)]
fn divrem_const<const N: usize, const K: u64>(a: &[u64; N]) -> ([u64; N], u64) {
    let mut q = [0u64; N];
    let mut r = 0u64;
    for i in (0..N).rev() {
        let hi = (r << 32) | (a[i] >> 32);
        let qh = hi / K;
        let r1 = hi - qh * K;
        let lo = (r1 << 32) | (a[i] & 0xFFFF_FFFF);
        let ql = lo / K;
        r = lo - ql * K;
        q[i] = (qh << 32) | ql;
    }
    (q, r)
}

/// Exact-division form of the word-wise division by an odd constant `K`: the limb
/// residues `a_i mod K` are independent, the remainder chain
/// `r_i = (r_{i+1}·(2^64 mod K) + (a_i mod K)) mod K` runs on small numbers, and each
/// quotient limb is then `(a_i − r_i)·K⁻¹ mod 2^64` (the value `r_{i+1}·2^64 + a_i − r_i`
/// is a multiple of K below K·2^64, so the product modulo 2^64 is its exact quotient —
/// Jebelean's exact division). Returns (quotient, remainder).
#[inline(always)]
fn divrem_odd_exact<const N: usize, const K: u64>(a: &[u64; N]) -> ([u64; N], u64) {
    let c = const { (u64::MAX % K + 1) % K };
    let kinv = const {
        let mut inv: u64 = 1;
        let mut i = 0;
        while i < 7 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(K.wrapping_mul(inv)));
            i += 1;
        }
        inv
    };
    let mut m = [0u64; N];
    for i in 0..N {
        m[i] = a[i] % K;
    }
    let mut q = [0u64; N];
    let mut r = 0u64;
    for i in (0..N).rev() {
        r = (r * c + m[i]) % K;
        q[i] = a[i].wrapping_sub(r).wrapping_mul(kinv);
    }
    (q, r)
}

/// `a >> S` and `a mod 2^S` for `S ∈ {1, 2, 3}`.
#[inline(always)]
fn divrem_pow2<const N: usize, const S: u32>(a: &[u64; N]) -> ([u64; N], u64) {
    let mut q = [0u64; N];
    for i in 0..N - 1 {
        q[i] = (a[i] >> S) | (a[i + 1] << (64 - S));
    }
    q[N - 1] = a[N - 1] >> S;
    (q, a[0] & ((1 << S) - 1))
}

impl<const N: usize> Fp<N> {
    /// `a' + c_r mod p` with `c_r` picked from the table of `k` by a masked scan.
    #[inline(always)]
    fn finish_div(&self, q: &[u64; N], r: u64, k: usize) -> FpElem<N> {
        let mut c = [0u64; N];
        for (j, entry) in self.small.corr[k].iter().enumerate().take(k) {
            let hit = (j as u64).ct_eq(&r);
            for (cw, &ew) in c.iter_mut().zip(entry.iter()) {
                cw.conditional_assign(&ew, hit);
            }
        }
        FpElem(add_mod(q, &c, &self.p))
    }

    /// `a/k mod p` for `k ∈ 2..=8` by El Mrabet et al.'s word-wise exact division;
    /// `None` if `k` is outside 2…8 or not invertible modulo p. Constant-time in `a`.
    pub fn div_small_wordwise(&self, a: &FpElem<N>, k: u64) -> Option<FpElem<N>> {
        if !(2..=8).contains(&k) || !self.small.invertible[k as usize] {
            return None;
        }
        let (q, r) = match k {
            2 => divrem_pow2::<N, 1>(&a.0),
            3 => divrem_const::<N, 3>(&a.0),
            4 => divrem_pow2::<N, 2>(&a.0),
            5 => divrem_const::<N, 5>(&a.0),
            6 => divrem_const::<N, 6>(&a.0),
            7 => divrem_const::<N, 7>(&a.0),
            _ => divrem_pow2::<N, 3>(&a.0),
        };
        Some(self.finish_div(&q, r, k as usize))
    }

    /// `a/k mod p` for `k ∈ 2..=8` like [`Fp::div_small_wordwise`], but the odd
    /// divisions by 3, 5, 7 use the exact-division form (independent limb residues,
    /// short remainder chain, quotient limbs by multiplication with `k⁻¹ mod 2^64`),
    /// and 6 is 3 then 2. `None` as for [`Fp::div_small_wordwise`]. Constant-time in
    /// `a`.
    pub fn div_small_exact(&self, a: &FpElem<N>, k: u64) -> Option<FpElem<N>> {
        if !(2..=8).contains(&k) || !self.small.invertible[k as usize] {
            return None;
        }
        let (q, r) = match k {
            2 => divrem_pow2::<N, 1>(&a.0),
            3 => divrem_odd_exact::<N, 3>(&a.0),
            4 => divrem_pow2::<N, 2>(&a.0),
            5 => divrem_odd_exact::<N, 5>(&a.0),
            6 => {
                let third = self.div_small_exact(a, 3)?;
                return self.div_small_exact(&third, 2);
            }
            7 => divrem_odd_exact::<N, 7>(&a.0),
            _ => divrem_pow2::<N, 3>(&a.0),
        };
        Some(self.finish_div(&q, r, k as usize))
    }

    /// `a/k mod p` for `k ∈ 2..=8` by one Montgomery product with the precomputed
    /// `k⁻¹`; `None` as for [`Fp::div_small_wordwise`]. Constant-time in `a`.
    pub fn div_small_by_inverse(&self, a: &FpElem<N>, k: u64) -> Option<FpElem<N>> {
        if !(2..=8).contains(&k) || !self.small.invertible[k as usize] {
            return None;
        }
        Some(FpElem(
            self.mont_mul(&a.0, &self.small.inv_mont[k as usize]),
        ))
    }

    /// `k·a` in constant time (in `a`): additions for `k ≤ 8`
    /// (×2, ×4, ×8 doublings; ×3 = 2a + a; ×5 = 4a + a; ×6 = 2·3a; ×7 = 8a − a), a
    /// Montgomery product by `k mod p` otherwise.
    #[inline(always)]
    pub fn mul_small_ct(&self, a: &FpElem<N>, k: u64) -> FpElem<N> {
        let p = &self.p;
        let dbl = |x: &[u64; N]| add_mod(x, x, p);
        let x = &a.0;
        let r = match k {
            0 => [0u64; N],
            1 => *x,
            2 => dbl(x),
            3 => add_mod(&dbl(x), x, p),
            4 => dbl(&dbl(x)),
            5 => add_mod(&dbl(&dbl(x)), x, p),
            6 => dbl(&add_mod(&dbl(x), x, p)),
            7 => crate::prime::montgomery::limbs::sub_mod(&dbl(&dbl(&dbl(x))), x, p),
            8 => dbl(&dbl(&dbl(x))),
            _ => {
                let mut kl = [0u64; N];
                kl[0] = if N == 1 { k % p[0] } else { k };
                // k·a = mont_mul(a, k) · R, i.e. mont_mul(mont_mul(k, R²), a).
                let km = mont_mul(&kl, &self.r2, p, self.m0);
                self.mont_mul(x, &km)
            }
        };
        FpElem(r)
    }
}
