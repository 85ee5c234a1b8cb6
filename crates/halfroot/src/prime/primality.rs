//! Probable-prime testing: Baillie–PSW (Miller–Rabin to base 2 plus a strong Lucas
//! test with Selfridge's parameters).
//!
//! Source: R. Baillie, S. S. Wagstaff Jr., "Lucas pseudoprimes", Math. Comp. 35
//! (1980), §5 (method A: first D in 5, −7, 9, −11, … with (D/n) = −1, P = 1,
//! Q = (1 − D)/4) and C. Pomerance, J. L. Selfridge, S. S. Wagstaff Jr., "The
//! pseudoprimes to 25·10⁹", Math. Comp. 35 (1980); Crandall–Pomerance, *Prime
//! Numbers*, Algorithm 3.6.7 (Lucas chain by doubling). No composite passing
//! Baillie–PSW is known; below 2^64 there is none (Gilchrist / Feitsma).
//!
//! Cost: one modular exponentiation plus one Lucas chain of `log2 n` doubling steps,
//! after trial division by the primes below 1000. Uses `num-bigint`. Variable time
//! (n is public).

use crate::prime::legendre::jacobi;
use num_bigint::{BigUint, RandBigInt};
use num_traits::{One, ToPrimitive, Zero};
use rand::RngCore;

/// The primes below 1000, for trial division.
fn small_primes() -> impl Iterator<Item = u32> {
    (3u32..1000)
        .step_by(2)
        .filter(|&k| {
            (3..)
                .step_by(2)
                .take_while(|d| d * d <= k)
                .all(|d| k % d != 0)
        })
        .chain(core::iter::once(2))
}

/// Strong probable-prime (Miller–Rabin) test of odd `n > 2` to base `base`.
pub fn miller_rabin(n: &BigUint, base: &BigUint) -> bool {
    let one = BigUint::one();
    if n <= &BigUint::from(2u32) || !n.bit(0) {
        return n == &BigUint::from(2u32);
    }
    let n1 = n - &one;
    let s = n1.trailing_zeros().unwrap_or(0);
    let d = &n1 >> s;
    let b = base % n;
    if b.is_zero() || b == one || b == n1 {
        return true;
    }
    let mut x = b.modpow(&d, n);
    if x == one || x == n1 {
        return true;
    }
    for _ in 1..s {
        x = (&x * &x) % n;
        if x == n1 {
            return true;
        }
        if x == one {
            return false;
        }
    }
    false
}

/// `x/2 mod n` for odd `n`, `x < n`.
fn half_mod(x: BigUint, n: &BigUint) -> BigUint {
    if x.bit(0) {
        (x + n) >> 1
    } else {
        x >> 1
    }
}

/// Strong Lucas probable-prime test of odd `n > 2` with Selfridge's parameters
/// (returns false for perfect squares, for which no suitable D exists).
pub fn strong_lucas(n: &BigUint) -> bool {
    if n <= &BigUint::from(2u32) || !n.bit(0) {
        return n == &BigUint::from(2u32);
    }
    let r = n.sqrt();
    if &(&r * &r) == n {
        return false;
    }
    // Selfridge: D = 5, −7, 9, −11, … with (D/n) = −1.
    let mut d_abs: u64 = 5;
    let mut negative = false;
    loop {
        let d_mod = if negative {
            let m = BigUint::from(d_abs) % n;
            (n - m) % n
        } else {
            BigUint::from(d_abs) % n
        };
        match jacobi(&d_mod, n) {
            Some(-1) => break,
            // gcd(D, n) > 1: n is composite unless n = |D|.
            Some(0) if n != &BigUint::from(d_abs) => return false,
            _ => {}
        }
        d_abs += 2;
        negative = !negative;
        if d_abs > 1_000_000 {
            return false;
        }
    }
    let dm = if negative {
        (n - BigUint::from(d_abs) % n) % n
    } else {
        BigUint::from(d_abs) % n
    };
    // Q = (1 − D)/4 mod n.
    let q_signed: i64 = if negative {
        (1 + d_abs as i64) / 4
    } else {
        (1 - d_abs as i64) / 4
    };
    let qm = if q_signed >= 0 {
        BigUint::from(q_signed as u64) % n
    } else {
        (n - BigUint::from(q_signed.unsigned_abs()) % n) % n
    };
    let n1 = n + 1u32;
    let s = n1.trailing_zeros().unwrap_or(0);
    let dd = &n1 >> s;
    // Lucas chain for index dd with P = 1: U_1 = 1, V_1 = P = 1, Q^1 = Q.
    let mut u = BigUint::one();
    let mut v = BigUint::one();
    let mut qk = qm.clone();
    let bits = dd.bits();
    for i in (0..bits - 1).rev() {
        // Double: U_2k = U_k V_k, V_2k = V_k² − 2Q^k, Q^2k = (Q^k)².
        u = (&u * &v) % n;
        let two_qk = (&qk << 1) % n;
        v = ((&v * &v) % n + n - two_qk) % n;
        qk = (&qk * &qk) % n;
        if dd.bit(i) {
            // Step: U_{k+1} = (P U + V)/2, V_{k+1} = (D U + P V)/2, Q^{k+1} = Q·Q^k.
            let nu = half_mod((&u + &v) % n, n);
            let nv = half_mod(((&dm * &u) % n + &v) % n, n);
            u = nu;
            v = nv;
            qk = (&qk * &qm) % n;
        }
    }
    if u.is_zero() || v.is_zero() {
        return true;
    }
    for _ in 1..s {
        let two_qk = (&qk << 1) % n;
        v = ((&v * &v) % n + n - two_qk) % n;
        if v.is_zero() {
            return true;
        }
        qk = (&qk * &qk) % n;
    }
    false
}

/// Baillie–PSW probable-prime test: trial division by the primes below 1000, then
/// Miller–Rabin to base 2 and the strong Lucas test. Exact for `n < 2^64`.
pub fn is_probable_prime(n: &BigUint) -> bool {
    if let Some(small) = n.to_u32() {
        if small < 2 {
            return false;
        }
    }
    for sp in small_primes() {
        let spb = BigUint::from(sp);
        if n == &spb {
            return true;
        }
        if (n % sp).is_zero() {
            return false;
        }
    }
    if n < &BigUint::from(1_000_000u32) {
        // No prime factor below 1000 and below 1000²: prime.
        return true;
    }
    miller_rabin(n, &BigUint::from(2u32)) && strong_lucas(n)
}

/// A uniformly random probable prime of exactly `bits` bits (`bits ≥ 2`), by
/// rejection: random odd `bits`-bit integers until one passes [`is_probable_prime`].
/// Returns `None` for `bits < 2`.
pub fn random_prime(bits: u64, rng: &mut dyn RngCore) -> Option<BigUint> {
    if bits < 2 {
        return None;
    }
    let mut r = rng;
    loop {
        let mut c = RandBigInt::gen_biguint(&mut r, bits);
        c.set_bit(bits - 1, true);
        if bits > 2 {
            c.set_bit(0, true);
        }
        if is_probable_prime(&c) {
            return Some(c);
        }
    }
}
