//! Exponentiation in [`Fp<N>`]: sliding window (variable time) and fixed window
//! (constant time).
//!
//! Source: Menezes–van Oorschot–Vanstone, *Handbook of Applied Cryptography*,
//! Algorithm 14.85 (sliding-window exponentiation) and Algorithm 14.82 (left-to-right
//! k-ary, here with k = 2^4 and the table entry picked by a masked scan).
//!
//! Cost for an `ℓ`-bit exponent: sliding window about `ℓ` S + `ℓ/(w+1)` M +
//! `2^(w−1)` M precomputation, `w` from 1 to 6 by `ℓ`; fixed window `64·len(e)` S +
//! `16·len(e)` M + 14 M precomputation, whatever the exponent's value.
//! Constant-time: [`Fp::pow`] is, in the value of `a` and `e` (not in `e`'s length);
//! [`Fp::pow_sliding_vartime`] is not.
//!
//! Both are latency-bound chains of dependent squares. For 3-limb primes below 2^190
//! (160-bit primes, say) on BMI2 + ADX they run on almost-Montgomery kernels
//! (`backend::mont_sqr_lazy_3`, `backend::mont_mul_lazy_3`; Gueron's "almost
//! Montgomery multiplication", J. Cryptogr. Eng. 2(1), 2012): with `4p < 2^192`, inputs
//! below `2p` give `(ab + mp)/2^192 < 4p²/2^192 + p < 2p`, so every intermediate stays
//! in `[0, 2p)` without the final conditional subtraction, which is done once at the
//! end (masked). Same operation sequence whatever the values, so [`Fp::pow`] stays
//! constant-time. 1- and 2-limb primes below `2^(64N − 2)` use the portable
//! almost-Montgomery kernels the same way (`mul::mont_mul_almost`,
//! `mul::mont_sqr_almost`).

use super::mul::reduce_once;
use super::{Fp, FpElem};
use crate::prime::backend;
use subtle::{ConditionallySelectable, ConstantTimeEq};

/// Window width for the sliding-window method for an exponent of `bits` bits.
fn window_for(bits: usize) -> usize {
    match bits {
        0..=24 => 1,
        25..=80 => 3,
        81..=240 => 4,
        241..=672 => 5,
        _ => 6,
    }
}

/// The sliding-window width for the exponent `e` (little-endian words), at most
/// `max_w`: the `w` that minimises the estimated multiplications, `2^(w−1)` for the
/// table of odd powers plus `min(weight, bits/(w + 1))` windows, against
/// `weight − 1` for the binary method (`w = 1`, no table). Sparse exponents such as
/// `(p − 3)/4 = 2^158 + 1` for `p = 2^160 + 7` (Wang et al.'s Table 1, setting III)
/// then take the binary method instead of paying 8 table multiplications for 2
/// windows; random exponents keep the width of their length. Reads only the
/// exponent's length and Hamming weight.
pub(crate) fn window_width(e: &[u64], max_w: usize) -> usize {
    let bits = super::limbs::bit_len(e) as usize;
    let weight: usize = e.iter().map(|w| w.count_ones() as usize).sum();
    let mut best = (weight.saturating_sub(1), 1);
    for w in 2..=window_for(bits).min(max_w) {
        let cost = (1usize << (w - 1)) + weight.min(bits / (w + 1));
        if cost < best.0 {
            best = (cost, w);
        }
    }
    best.1
}

/// The squaring and multiplication an exponentiation chains (a trait rather than
/// closures: closures passed to the window loops were compiled as out-of-line calls,
/// which cost a store and reload of the dependent value per operation).
trait ChainOps<const M: usize> {
    /// The Montgomery square.
    fn sqr(&self, a: &[u64; M]) -> [u64; M];
    /// The Montgomery product.
    fn mul(&self, a: &[u64; M], b: &[u64; M]) -> [u64; M];
}

/// The almost-Montgomery 3-limb kernels (values in `[0, 2p)`, p below 2^190).
struct Lazy3<'a> {
    tok: backend::AdxToken,
    pm: &'a [u64; 4],
}

impl ChainOps<3> for Lazy3<'_> {
    #[inline(always)]
    fn sqr(&self, a: &[u64; 3]) -> [u64; 3] {
        backend::mont_sqr_lazy_3(self.tok, a, self.pm)
    }
    #[inline(always)]
    fn mul(&self, a: &[u64; 3], b: &[u64; 3]) -> [u64; 3] {
        backend::mont_mul_lazy_3(self.tok, a, b, self.pm)
    }
}

/// The portable almost-Montgomery kernels for 1 and 2 limbs (values in `[0, 2p)`,
/// `4p < 2^(64N)`): the fully reduced kernels' final subtraction is a data-dependent
/// select that, made branch-free (`backend::ct_barrier`), costs about 6 cycles per
/// square at 2 limbs; exponentiations skip it and subtract once at the end.
struct LazySmall<'a, const M: usize> {
    p: &'a [u64; M],
    m0: u64,
}

impl<const M: usize> ChainOps<M> for LazySmall<'_, M> {
    #[inline(always)]
    fn sqr(&self, a: &[u64; M]) -> [u64; M] {
        if M >= 2 {
            super::mul::mont_sqr_almost(a, self.p, self.m0)
        } else {
            super::mul::mont_mul_almost(a, a, self.p, self.m0)
        }
    }
    #[inline(always)]
    fn mul(&self, a: &[u64; M], b: &[u64; M]) -> [u64; M] {
        super::mul::mont_mul_almost(a, b, self.p, self.m0)
    }
}

/// `a^e` by sliding windows over `ops` (Montgomery forms; `one` is the form of 1).
/// Variable time in `e`.
#[inline(always)]
fn sliding_window<const M: usize>(
    a: &[u64; M],
    e: &[u64],
    one: &[u64; M],
    ops: &impl ChainOps<M>,
) -> [u64; M] {
    let bits = super::limbs::bit_len(e) as usize;
    if bits == 0 {
        return *one;
    }
    let bit = |i: usize| (e[i / 64] >> (i % 64)) & 1;
    let w = window_width(e, 6);
    // Odd powers a, a^3, …, a^(2^w − 1).
    let mut table = [[0u64; M]; 32];
    table[0] = *a;
    if w > 1 {
        let a2 = ops.sqr(a);
        for k in 1..(1 << (w - 1)) {
            table[k] = ops.mul(&table[k - 1], &a2);
        }
    }
    let mut acc: Option<[u64; M]> = None;
    let mut i = bits as isize - 1;
    while i >= 0 {
        if bit(i as usize) == 0 {
            if let Some(x) = acc.as_mut() {
                *x = ops.sqr(x);
            }
            i -= 1;
            continue;
        }
        // Longest window e[i..=j] of at most w bits ending in a one bit.
        let mut j = (i - w as isize + 1).max(0);
        while bit(j as usize) == 0 {
            j += 1;
        }
        let mut val = 0usize;
        for k in (j..=i).rev() {
            val = (val << 1) | bit(k as usize) as usize;
        }
        let entry = &table[val >> 1];
        acc = Some(match acc {
            None => *entry,
            Some(mut x) => {
                for _ in j..=i {
                    x = ops.sqr(&x);
                }
                ops.mul(&x, entry)
            }
        });
        i = j - 1;
    }
    acc.unwrap_or(*one)
}

/// `a^e` by fixed 4-bit windows over `ops`, the table entry picked by a masked scan;
/// timing depends only on `e.len()`.
#[inline(always)]
fn fixed_window<const M: usize>(
    a: &[u64; M],
    e: &[u64],
    one: &[u64; M],
    ops: &impl ChainOps<M>,
) -> [u64; M] {
    let mut table = [[0u64; M]; 16];
    table[0] = *one;
    table[1] = *a;
    for k in 2..16 {
        table[k] = if k % 2 == 0 {
            ops.sqr(&table[k / 2])
        } else {
            ops.mul(&table[k - 1], a)
        };
    }
    let mut acc = *one;
    let mut first = true;
    for word in e.iter().rev() {
        for nib in (0..16).rev() {
            let win = (word >> (4 * nib)) & 15;
            if !first {
                for _ in 0..4 {
                    acc = ops.sqr(&acc);
                }
            }
            first = false;
            let mut sel = [0u64; M];
            for (k, entry) in table.iter().enumerate() {
                let c = (k as u64).ct_eq(&win);
                for (s, &t) in sel.iter_mut().zip(entry.iter()) {
                    s.conditional_assign(&t, c);
                }
            }
            acc = ops.mul(&acc, &sel);
        }
    }
    acc
}

/// The token, then `a`, the form of 1, p and `pm` as 3-limb (4 for `pm`) arrays.
type LazyViews<'a> = (
    backend::AdxToken,
    &'a [u64; 3],
    &'a [u64; 3],
    &'a [u64; 3],
    &'a [u64; 4],
);

impl<const N: usize> Fp<N> {
    /// The 3-limb views of `a`, `1`, p and `pm` when the almost-Montgomery kernels
    /// apply (see the module header).
    #[inline(always)]
    fn lazy_views<'a>(&'a self, a: &'a FpElem<N>) -> Option<LazyViews<'a>> {
        let tok = self.lazy?;
        let a3 = <&[u64; 3]>::try_from(a.0.as_slice()).ok()?;
        let one = <&[u64; 3]>::try_from(self.r1.as_slice()).ok()?;
        let p3 = <&[u64; 3]>::try_from(self.p.as_slice()).ok()?;
        let pm4 = self.pm.first_chunk::<4>()?;
        Some((tok, a3, one, p3, pm4))
    }

    /// The portable almost-Montgomery kernels, when p has at most 2 limbs and
    /// `4p < 2^(64N)`.
    #[inline(always)]
    fn lazy_small(&self) -> Option<LazySmall<'_, N>> {
        (N <= 2 && self.p[N - 1] < 1 << 62).then_some(LazySmall {
            p: &self.p,
            m0: self.m0,
        })
    }

    /// `a^e` by sliding windows; `e` little-endian 64-bit words. Variable time in `e`.
    pub fn pow_sliding_vartime(&self, a: &FpElem<N>, e: &[u64]) -> FpElem<N> {
        if let Some((tok, a3, one, p3, pm4)) = self.lazy_views(a) {
            let r = sliding_window(a3, e, one, &Lazy3 { tok, pm: pm4 });
            return FpElem(backend::resize(&reduce_once(&r, 0, p3)));
        }
        if let Some(ops) = self.lazy_small() {
            let r = sliding_window(&a.0, e, &self.r1, &ops);
            return FpElem(reduce_once(&r, 0, &self.p));
        }
        self.pow_sliding_reduced(a, e)
    }

    /// `a^e` in constant time (fixed 4-bit windows over all `64·e.len()` bits, table
    /// entry selected by a masked scan of all 16 entries). Timing depends only on
    /// `e.len()`.
    pub fn pow(&self, a: &FpElem<N>, e: &[u64]) -> FpElem<N> {
        if let Some((tok, a3, one, p3, pm4)) = self.lazy_views(a) {
            let r = fixed_window(a3, e, one, &Lazy3 { tok, pm: pm4 });
            return FpElem(backend::resize(&reduce_once(&r, 0, p3)));
        }
        if let Some(ops) = self.lazy_small() {
            let r = fixed_window(&a.0, e, &self.r1, &ops);
            return FpElem(reduce_once(&r, 0, &self.p));
        }
        self.pow_fixed_reduced(a, e)
    }

    /// `a^e` by sliding windows on the fully reduced kernels, whatever p (the oracle
    /// of the almost-Montgomery route, for tests and benchmarks).
    pub fn pow_sliding_reduced_vartime(&self, a: &FpElem<N>, e: &[u64]) -> FpElem<N> {
        self.pow_sliding_reduced(a, e)
    }

    /// Sliding windows on the fully reduced kernels (the general route).
    fn pow_sliding_reduced(&self, a: &FpElem<N>, e: &[u64]) -> FpElem<N> {
        let bits = super::limbs::bit_len(e) as usize;
        if bits == 0 {
            return FpElem(self.r1);
        }
        let bit = |i: usize| (e[i / 64] >> (i % 64)) & 1;
        let w = window_width(e, 6);
        // Odd powers a, a^3, …, a^(2^w − 1).
        let mut table = Vec::with_capacity(1 << (w - 1));
        table.push(a.0);
        if w > 1 {
            let a2 = self.mont_sqr(&a.0);
            for k in 1..(1 << (w - 1)) {
                let next = self.mont_mul(&table[k - 1], &a2);
                table.push(next);
            }
        }
        let mut acc: Option<[u64; N]> = None;
        let mut i = bits as isize - 1;
        while i >= 0 {
            if bit(i as usize) == 0 {
                if let Some(x) = acc.as_mut() {
                    *x = self.mont_sqr(x);
                }
                i -= 1;
                continue;
            }
            // Longest window e[i..=j] of at most w bits ending in a one bit.
            let mut j = (i - w as isize + 1).max(0);
            while bit(j as usize) == 0 {
                j += 1;
            }
            let mut val = 0usize;
            for k in (j..=i).rev() {
                val = (val << 1) | bit(k as usize) as usize;
            }
            let entry = &table[val >> 1];
            acc = Some(match acc {
                None => *entry,
                Some(mut x) => {
                    for _ in j..=i {
                        x = self.mont_sqr(&x);
                    }
                    self.mont_mul(&x, entry)
                }
            });
            i = j - 1;
        }
        FpElem(acc.unwrap_or(self.r1))
    }

    /// Fixed windows on the fully reduced kernels (the general route).
    fn pow_fixed_reduced(&self, a: &FpElem<N>, e: &[u64]) -> FpElem<N> {
        let mut table = [[0u64; N]; 16];
        table[0] = self.r1;
        table[1] = a.0;
        for k in 2..16 {
            table[k] = if k % 2 == 0 {
                self.mont_sqr(&table[k / 2])
            } else {
                self.mont_mul(&table[k - 1], &a.0)
            };
        }
        let mut acc = self.r1;
        let mut first = true;
        for word in e.iter().rev() {
            for nib in (0..16).rev() {
                let win = (word >> (4 * nib)) & 15;
                if !first {
                    for _ in 0..4 {
                        acc = self.mont_sqr(&acc);
                    }
                }
                first = false;
                let mut sel = [0u64; N];
                for (k, entry) in table.iter().enumerate() {
                    let c = (k as u64).ct_eq(&win);
                    for (s, &t) in sel.iter_mut().zip(entry.iter()) {
                        s.conditional_assign(&t, c);
                    }
                }
                acc = self.mont_mul(&acc, &sel);
            }
        }
        FpElem(acc)
    }
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;
    use crate::field::Field;
    use crate::prime::PrimeFieldOps;
    use num_bigint::BigUint;
    use rand::{RngCore, SeedableRng};

    fn check<const N: usize>(p: &BigUint, rng: &mut rand::rngs::StdRng) {
        let f = Fp::<N>::new(p).expect("field");
        let mut xs = vec![f.zero(), f.one(), f.from_u64(2)];
        xs.push(f.from_biguint(&(p - 1u32)).expect("below p"));
        for _ in 0..6 {
            xs.push(f.random(rng));
        }
        let mut exps: Vec<Vec<u64>> = vec![vec![0], vec![1], vec![2], vec![u64::MAX, u64::MAX]];
        let pm1: BigUint = p - 1u32;
        exps.push(pm1.to_u64_digits());
        exps.push(((p + 1u32) >> 2u32).to_u64_digits());
        for _ in 0..4 {
            exps.push((0..N.max(3)).map(|_| rng.next_u64()).collect());
        }
        // Sparse exponents, which take the binary method (window_width = 1).
        exps.push(vec![1, 0, 1 << 30]);
        exps.push(vec![3, 1 << 40, 1 << 60]);
        for x in &xs {
            for e in &exps {
                let mut eb = BigUint::default();
                for &w in e.iter().rev() {
                    eb = (eb << 64u32) + BigUint::from(w);
                }
                let want = f.to_biguint(x).modpow(&eb, p);
                let got = f.pow_sliding_vartime(x, e);
                assert_eq!(f.to_biguint(&got), want, "sliding, p = {p}, e = {eb}");
                assert_eq!(got.0, f.pow_sliding_reduced_vartime(x, e).0);
                assert_eq!(f.to_biguint(&f.pow(x, e)), want, "fixed, p = {p}, e = {eb}");
            }
        }
    }

    fn window_width_is_binary_for_sparse_exponents_only() {
        // 2^158 + 1 and (2^160 + 7 + 1)/4 = 2^158 + 2: weight 2, binary method.
        assert_eq!(window_width(&[1, 0, 1 << 30], 6), 1);
        assert_eq!(window_width(&[2, 0, 1 << 30], 6), 1);
        // Dense and random-looking exponents keep the width of their length.
        assert_eq!(window_width(&[u64::MAX; 4], 6), 5);
        assert_eq!(window_width(&[0x5555_5555_5555_5555; 4], 6), 5);
        assert_eq!(window_width(&[0x5555_5555_5555_5555; 4], 4), 4);
        assert_eq!(
            window_width(&[0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210], 6),
            4
        );
        assert_eq!(window_width(&[0xffff], 6), 1);
    }

    fn pow_lazy_matches_big_integer_modpow() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(33);
        // 160-bit primes (almost-Montgomery route), primes just below 2^190 (its
        // limit), and above it (fully reduced kernels).
        for bits in [129u64, 160, 161, 189, 190, 191, 192] {
            for _ in 0..3 {
                let p = crate::prime::primality::random_prime(bits, &mut rng).expect("prime");
                check::<3>(&p, &mut rng);
            }
        }
        // The largest prime below 2^190 (top limb just below 2^62).
        let mut p = (BigUint::from(1u8) << 190u32) - 1u32;
        while !crate::prime::primality::is_probable_prime(&p) {
            p -= 2u32;
        }
        check::<3>(&p, &mut rng);
    }

    fn pow_almost_montgomery_one_and_two_limbs_matches_modpow() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(34);
        // Below 2^62 (1 limb) and 2^126 (2 limbs) the almost-Montgomery route, above
        // it the fully reduced kernels.
        for bits in [20u64, 61, 62, 63, 64] {
            let p = crate::prime::primality::random_prime(bits, &mut rng).expect("prime");
            check::<1>(&p, &mut rng);
        }
        for bits in [65u64, 85, 125, 126, 127, 128] {
            let p = crate::prime::primality::random_prime(bits, &mut rng).expect("prime");
            check::<2>(&p, &mut rng);
        }
        // The largest primes below the limits.
        for (limit, n) in [(62u32, 1), (126, 2)] {
            let mut p = (BigUint::from(1u8) << limit) - 1u32;
            while !crate::prime::primality::is_probable_prime(&p) {
                p -= 2u32;
            }
            if n == 1 {
                check::<1>(&p, &mut rng);
            } else {
                check::<2>(&p, &mut rng);
            }
        }
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        (
            "window_width_is_binary_for_sparse_exponents_only",
            window_width_is_binary_for_sparse_exponents_only,
        ),
        (
            "pow_lazy_matches_big_integer_modpow",
            pow_lazy_matches_big_integer_modpow,
        ),
        (
            "pow_almost_montgomery_one_and_two_limbs_matches_modpow",
            pow_almost_montgomery_one_and_two_limbs_matches_modpow,
        ),
    ];
}
