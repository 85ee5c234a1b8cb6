//! Test-side F_q[X]/(M) arithmetic on `BigUint`, written independently of the library:
//! schoolbook convolution and long division by the monic M, plus prime search with a
//! prescribed residue.
#![allow(dead_code)]

use num_bigint::{BigUint, RandBigInt};
use rand::Rng;

/// `a·b mod (q, M)`, M = X^k + Σ m_i X^i given by `m` = m_0 … m_{k−1}.
pub fn mulmod(q: &BigUint, m: &[BigUint], a: &[BigUint], b: &[BigUint]) -> Vec<BigUint> {
    let k = m.len();
    let mut c = vec![BigUint::from(0u32); 2 * k - 1];
    for i in 0..k {
        for j in 0..k {
            c[i + j] = (&c[i + j] + &a[i] * &b[j]) % q;
        }
    }
    for d in (k..2 * k - 1).rev() {
        let t = c[d].clone();
        for i in 0..k {
            // X^d = X^(d−k) X^k ≡ −X^(d−k) Σ m_i X^i
            let sub = (&t * &m[i]) % q;
            c[d - k + i] = (&c[d - k + i] + q - sub) % q;
        }
        c[d] = BigUint::from(0u32);
    }
    c.truncate(k);
    c
}

/// `a^e` by square-and-multiply with [`mulmod`].
pub fn powmod(q: &BigUint, m: &[BigUint], a: &[BigUint], e: &BigUint) -> Vec<BigUint> {
    let k = m.len();
    let mut r = vec![BigUint::from(0u32); k];
    r[0] = BigUint::from(1u32);
    for bit in (0..e.bits()).rev() {
        r = mulmod(q, m, &r, &r);
        if e.bit(bit) {
            r = mulmod(q, m, &r, a);
        }
    }
    r
}

/// A random prime of `bits` bits with q ≡ r (mod k) (Miller–Rabin, 20 rounds).
pub fn prime_mod<R: Rng>(bits: u64, k: u64, r: u64, rng: &mut R) -> BigUint {
    loop {
        let mut c = rng.gen_biguint(bits);
        c.set_bit(bits - 1, true);
        c.set_bit(0, true);
        if (&c % k) != BigUint::from(r % k) {
            continue;
        }
        if super::primes::miller_rabin(&c, 20, rng) {
            return c;
        }
    }
}

/// Random coefficients below q.
pub fn random_elem<R: Rng>(q: &BigUint, k: usize, rng: &mut R) -> Vec<BigUint> {
    (0..k).map(|_| rng.gen_biguint_below(q)).collect()
}
