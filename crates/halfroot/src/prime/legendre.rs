//! Legendre and Jacobi symbols. All methods here are variable time: they are meant for
//! public values (the crate takes Legendre symbols of public inputs only — square-root
//! existence and non-residue searches).
//!
//! * [`Fp::legendre_bingcd`] — Pornin's optimized binary GCD (ePrint 2020/972, Alg. 2)
//!   with Jacobi sign tracking, on two-word approximations (top and low 64 bits) with
//!   certified comparisons; batches of 62 halvings, each applied to the full values as a
//!   2×2 matrix (see `legendre::bingcd`). About `0.7·log2 p` branch-free inner steps.
//!   The default [`PrimeFieldOps::legendre`](crate::prime::PrimeFieldOps::legendre) at
//!   every size (fastest measured from 160 to 2048 bits). Against GMP's
//!   `mpz_legendre` (`halfroot report sqrt --quick --peers`, one interleaved race): 326
//!   against 274 ns at 160 bits, 560 against 516 at 256, 1200 against 1172 at 512 —
//!   still behind below 1024 bits, ahead from 1024 on.
//! * [`Fp::legendre_divsteps`] — batched positive divsteps with Jacobi sign tracking
//!   (Bernstein–Yang batching, libsecp256k1's `jacobi64_maybe_var`; see
//!   `legendre::divsteps`): about `3·log2 p` divsteps in batches of 62 on one word,
//!   each batch applied to the multi-limb values as a 2×2 matrix. Falls back to
//!   [`Fp::legendre_binary`] in the (never observed) case its iteration cap is hit.
//!   Variable time. Slower than `legendre_bingcd` at every measured size.
//! * [`Fp::legendre_binary`] — the binary Jacobi algorithm (Shallit–Sorenson, "A
//!   binary algorithm for the Jacobi symbol", ACM SIGSAM Bull. 27(1), 1993; also
//!   Cohen, *A Course in Computational Algebraic Number Theory*, Alg. 1.4.10 with the
//!   binary reduction step): strip powers of two using (2/n) = (−1)^((n²−1)/8), swap
//!   with quadratic reciprocity when a < n, subtract. Works on the Montgomery form
//!   directly because (R/p) = (2/p)^(64N) = 1. Multi-limb while the operands need
//!   more than two limbs, then `u128` and `u64` loops. Cost about `1.4·log2 p`
//!   subtract-and-shift steps on a shrinking number of limbs. Variable time.
//! * [`Fp::legendre_euler`] — Euler's criterion a^((p−1)/2) with the sliding-window
//!   power: about `log2 p` S + `log2 p / 6` M. Variable time (in nothing secret but
//!   the exponent is public anyway).
//! * [`jacobi`] — the Jacobi symbol (a/n) of big integers, for odd n (used by the
//!   Lucas test of [`crate::prime::primality`]).

pub(crate) mod bingcd;
pub(crate) mod divsteps;

use crate::field::Field;
use crate::prime::montgomery::{Fp, FpElem};
use num_bigint::BigUint;
use num_traits::Zero;

/// Jacobi symbol tail on `u128` values; `t` is the sign parity so far, `n` odd.
#[inline]
fn jacobi_u128(mut a: u128, mut n: u128, mut t: u32) -> i8 {
    loop {
        if (n >> 64) == 0 && (a >> 64) == 0 {
            return jacobi_u64(a as u64, n as u64, t);
        }
        if a == 0 {
            return if n == 1 { sign(t) } else { 0 };
        }
        let z = a.trailing_zeros();
        a >>= z;
        t ^= z & (((n >> 1) ^ (n >> 2)) as u32) & 1;
        if a < n {
            core::mem::swap(&mut a, &mut n);
            t ^= ((a & n) >> 1) as u32 & 1;
        }
        a -= n;
    }
}

/// Jacobi symbol tail on `u64` values; `t` is the sign parity so far, `n` odd.
#[inline]
fn jacobi_u64(mut a: u64, mut n: u64, mut t: u32) -> i8 {
    loop {
        if a == 0 {
            return if n == 1 { sign(t) } else { 0 };
        }
        let z = a.trailing_zeros();
        a >>= z;
        t ^= z & (((n >> 1) ^ (n >> 2)) as u32) & 1;
        if a < n {
            core::mem::swap(&mut a, &mut n);
            t ^= ((a & n) >> 1) as u32 & 1;
        }
        a -= n;
    }
}

#[inline(always)]
fn sign(t: u32) -> i8 {
    1 - 2 * (t & 1) as i8
}

/// Jacobi symbol (a/n) for limb vectors of equal length, `n` odd. Variable time.
pub(crate) fn jacobi_limbs<const N: usize>(a: &[u64; N], n: &[u64; N]) -> i8 {
    let mut a = *a;
    let mut n = *n;
    let mut t = 0u32;
    let mut len = N;
    loop {
        while len > 0 && a[len - 1] == 0 && n[len - 1] == 0 {
            len -= 1;
        }
        if len <= 2 {
            let lo = |x: &[u64; N]| {
                x[0] as u128
                    | if N > 1 && len == 2 {
                        (x[1] as u128) << 64
                    } else {
                        0
                    }
            };
            return jacobi_u128(lo(&a), lo(&n), t);
        }
        // Strip the factors of two from a (a ≠ 0 because len > 2 and n < 2^(64·len)
        // would otherwise have shrunk len... a may still be zero: handle it).
        let mut z = 0u32;
        let mut k = 0;
        while k < len && a[k] == 0 {
            k += 1;
        }
        if k == len {
            // a = 0 while n has more than two limbs, so n ≠ 1.
            return 0;
        }
        if k > 0 {
            a.copy_within(k..len, 0);
            for w in a[len - k..len].iter_mut() {
                *w = 0;
            }
            z += 64 * k as u32;
        }
        let s = a[0].trailing_zeros();
        if s > 0 {
            for i in 0..len - 1 {
                a[i] = (a[i] >> s) | (a[i + 1] << (64 - s));
            }
            a[len - 1] >>= s;
        }
        z += s;
        t ^= z & (((n[0] >> 1) ^ (n[0] >> 2)) as u32) & 1;
        // Compare a and n (both odd).
        let mut a_lt_n = false;
        for i in (0..len).rev() {
            if a[i] != n[i] {
                a_lt_n = a[i] < n[i];
                break;
            }
        }
        if a_lt_n {
            core::mem::swap(&mut a, &mut n);
            t ^= ((a[0] & n[0]) >> 1) as u32 & 1;
        }
        let mut borrow = 0u64;
        for i in 0..len {
            let d = (a[i] as u128).wrapping_sub(n[i] as u128 + borrow as u128);
            a[i] = d as u64;
            borrow = ((d >> 64) as u64) & 1;
        }
    }
}

/// The Jacobi symbol (a/n) of big integers; `None` if `n` is even.
pub fn jacobi(a: &BigUint, n: &BigUint) -> Option<i8> {
    if !n.bit(0) {
        return None;
    }
    let mut a = a % n;
    let mut n = n.clone();
    let mut t = 0u32;
    while !a.is_zero() {
        let z = a.trailing_zeros().unwrap_or(0);
        a >>= z;
        let n8 = n.iter_u64_digits().next().unwrap_or(0) & 7;
        if z & 1 == 1 && (n8 == 3 || n8 == 5) {
            t ^= 1;
        }
        let a4 = a.iter_u64_digits().next().unwrap_or(0) & 3;
        if a4 == 3 && n8 & 3 == 3 {
            t ^= 1;
        }
        core::mem::swap(&mut a, &mut n);
        a %= &n;
    }
    Some(if n == BigUint::from(1u32) { sign(t) } else { 0 })
}

impl<const N: usize> Fp<N> {
    /// The Legendre symbol (a/p) by batched positive divsteps (variable time; see
    /// [`crate::prime::legendre`]).
    pub fn legendre_divsteps(&self, a: &FpElem<N>) -> i8 {
        // (aR/p) = (a/p) since R = 2^(64N) is a square.
        if a.0.iter().all(|&w| w == 0) {
            return 0;
        }
        match divsteps::jacobi_divsteps(&a.0, &self.p, self.bits) {
            Some(s) => s,
            None => self.legendre_binary(a),
        }
    }

    /// The Legendre symbol (a/p) by Pornin's optimized binary GCD on two-word
    /// approximations with certified steps and Jacobi sign tracking (variable time; see
    /// [`crate::prime::legendre`]).
    pub fn legendre_bingcd(&self, a: &FpElem<N>) -> i8 {
        // (aR/p) = (a/p) since R = 2^(64N) is a square.
        bingcd::jacobi_bingcd(&a.0, &self.p)
    }

    /// The Legendre symbol (a/p) by the binary Jacobi algorithm (variable time).
    pub fn legendre_binary(&self, a: &FpElem<N>) -> i8 {
        jacobi_limbs(&a.0, &self.p)
    }

    /// The Legendre symbol (a/p) by Euler's criterion `a^((p−1)/2)`.
    pub fn legendre_euler(&self, a: &FpElem<N>) -> i8 {
        let r = self.pow_sliding_vartime(a, &self.p_minus_1_half);
        if self.is_zero(&r) {
            0
        } else if r == self.one() {
            1
        } else {
            -1
        }
    }
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;
    use rand::{RngCore, SeedableRng};

    fn limbs_matches_big<const N: usize>(rng: &mut rand::rngs::StdRng) {
        for round in 0..3000 {
            let mut a = [0u64; N];
            let mut n = [0u64; N];
            for i in 0..N {
                a[i] = rng.next_u64();
                n[i] = rng.next_u64();
            }
            // Vary sizes: shorten either operand, small n, a = 0, a = n, a multiple of n.
            let cut = round % (N + 1);
            for w in n.iter_mut().skip(cut.max(1)) {
                *w = 0;
            }
            if round % 7 == 0 {
                for w in a.iter_mut().skip(N / 2) {
                    *w = 0;
                }
            }
            if round % 11 == 0 {
                a[0] = 0;
            }
            n[0] |= 1;
            match round % 13 {
                0 => a = [0u64; N],
                1 => a = n,
                _ => {}
            }
            let big = |x: &[u64; N]| limbs_to_big(x);
            let want = jacobi(&big(&a), &big(&n));
            assert_eq!(Some(jacobi_limbs(&a, &n)), want, "a = {a:x?}, n = {n:x?}");
        }
    }

    fn limbs_to_big(x: &[u64]) -> BigUint {
        let mut v = BigUint::zero();
        for &w in x.iter().rev() {
            v = (v << 64u32) + BigUint::from(w);
        }
        v
    }

    fn bingcd_limbs_matches_big<const N: usize>(rng: &mut rand::rngs::StdRng) {
        for round in 0..3000 {
            let mut a = [0u64; N];
            let mut n = [0u64; N];
            for i in 0..N {
                a[i] = rng.next_u64();
                n[i] = rng.next_u64();
            }
            let cut = round % (N + 1);
            for w in n.iter_mut().skip(cut.max(1)) {
                *w = 0;
            }
            if round % 7 == 0 {
                for w in a.iter_mut().skip(N / 2) {
                    *w = 0;
                }
            }
            if round % 11 == 0 {
                a[0] = 0;
            }
            n[0] |= 1;
            match round % 13 {
                0 => a = [0u64; N],
                1 => a = n,
                2 => a[0] = a[0].wrapping_add(1),
                3 => {
                    // a close to n: equal top words.
                    a = n;
                    a[0] ^= rng.next_u64() & 0xffff;
                }
                _ => {}
            }
            let want = jacobi(&limbs_to_big(&a), &limbs_to_big(&n));
            assert_eq!(
                Some(bingcd::jacobi_bingcd(&a, &n)),
                want,
                "a = {a:x?}, n = {n:x?}"
            );
        }
    }

    fn jacobi_bingcd_matches_big_integer_jacobi() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(78);
        bingcd_limbs_matches_big::<1>(&mut rng);
        bingcd_limbs_matches_big::<2>(&mut rng);
        bingcd_limbs_matches_big::<3>(&mut rng);
        bingcd_limbs_matches_big::<4>(&mut rng);
        bingcd_limbs_matches_big::<5>(&mut rng);
        bingcd_limbs_matches_big::<8>(&mut rng);
        bingcd_limbs_matches_big::<16>(&mut rng);
        bingcd_limbs_matches_big::<32>(&mut rng);
    }

    fn methods_match_euler_at<const N: usize>(bits: u64, rng: &mut rand::rngs::StdRng) {
        use crate::prime::PrimeFieldOps;
        let p = crate::prime::primality::random_prime(bits, rng).expect("prime");
        let f = Fp::<N>::new(&p).expect("field");
        let mut xs: Vec<FpElem<N>> = [0u64, 1, 2, 3, 4, 5, 9, 1 << 40]
            .iter()
            .map(|&v| f.from_u64(v))
            .collect();
        for k in 1u32..5 {
            xs.push(f.from_biguint(&(&p - k)).expect("below p"));
        }
        for _ in 0..40 {
            let a = f.random(rng);
            xs.push(a);
            xs.push(f.sqr(&a));
        }
        for a in &xs {
            let want = f.legendre_euler(a);
            let big = jacobi(&f.to_biguint(a), &p).expect("odd p");
            assert_eq!(big, want, "big-integer Jacobi vs Euler, p = {p}");
            for (name, s) in [
                ("bingcd", f.legendre_bingcd(a)),
                ("divsteps", f.legendre_divsteps(a)),
                ("binary", f.legendre_binary(a)),
                ("default", f.legendre(a)),
            ] {
                assert_eq!(s, want, "{name} vs Euler, p = {p}, a = {}", f.to_biguint(a));
            }
        }
    }

    fn legendre_methods_match_euler_criterion() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(79);
        methods_match_euler_at::<1>(64, &mut rng);
        methods_match_euler_at::<2>(127, &mut rng);
        methods_match_euler_at::<3>(160, &mut rng);
        methods_match_euler_at::<4>(255, &mut rng);
        methods_match_euler_at::<4>(256, &mut rng);
        methods_match_euler_at::<6>(384, &mut rng);
        methods_match_euler_at::<8>(512, &mut rng);
        methods_match_euler_at::<16>(1024, &mut rng);
    }

    proptest::proptest! {
        fn jacobi_bingcd_matches_big_integer_jacobi_prop(
            a in proptest::array::uniform4(proptest::num::u64::ANY),
            n in proptest::array::uniform4(proptest::num::u64::ANY),
            cut in 0usize..4,
            shift in 0u32..64,
        ) {
            let mut n = n;
            n[0] |= 1;
            for w in n.iter_mut().skip(cut + 1) {
                *w = 0;
            }
            n[cut] >>= shift;
            n[0] |= 1;
            let want = jacobi(&limbs_to_big(&a), &limbs_to_big(&n));
            proptest::prop_assert_eq!(Some(bingcd::jacobi_bingcd(&a, &n)), want);
        }
    }

    fn jacobi_limbs_matches_big_integer_jacobi() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(77);
        limbs_matches_big::<1>(&mut rng);
        limbs_matches_big::<2>(&mut rng);
        limbs_matches_big::<3>(&mut rng);
        limbs_matches_big::<4>(&mut rng);
        limbs_matches_big::<8>(&mut rng);
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        (
            "jacobi_bingcd_matches_big_integer_jacobi",
            jacobi_bingcd_matches_big_integer_jacobi,
        ),
        (
            "legendre_methods_match_euler_criterion",
            legendre_methods_match_euler_criterion,
        ),
        (
            "jacobi_bingcd_matches_big_integer_jacobi_prop",
            jacobi_bingcd_matches_big_integer_jacobi_prop,
        ),
        (
            "jacobi_limbs_matches_big_integer_jacobi",
            jacobi_limbs_matches_big_integer_jacobi,
        ),
    ];
}
