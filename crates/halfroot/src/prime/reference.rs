//! A plain big-integer prime field, used as the oracle and development field.
//!
//! Source: none — schoolbook modular arithmetic on [`num_bigint::BigUint`].
//! Cost: one big-integer product and one division per multiplication; slow on purpose.
//! Preconditions: `p` an odd prime (checked by Miller–Rabin in [`BigPrimeField::new`]).
//! Constant-time: no. This field exists to be obviously correct, not fast: the
//! Legendre symbol is Euler's criterion, `div_small` multiplies by a modular inverse,
//! and every element is a canonical `BigUint` in `[0, p)`.

use crate::error::{Error, Result};
use crate::field::{Choice, Field};
use crate::prime::PrimeFieldOps;
use num_bigint::{BigUint, RandBigInt};
use num_integer::Integer;
use num_traits::{One, Zero};
use rand::RngCore;

/// GF(p) with elements stored as reduced `BigUint`s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BigPrimeField {
    p: BigUint,
    /// `(p - 1) / 2`, the exponent of Euler's criterion.
    half: BigUint,
    /// `1/k mod p` for `k = 2..=8` (index `k - 2`); `None` where `p | k`.
    small_inverses: Vec<Option<BigUint>>,
}

/// The first primes, used for trial division and as Miller–Rabin bases.
const SMALL_PRIMES: [u32; 24] = [
    2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89,
];

/// Miller–Rabin with the 24 smallest primes as bases (after trial division by them).
///
/// Deterministic (no false positives) below 3.3·10^24 (the first 13 bases already
/// suffice there); for larger `n` a composite passes with probability below 4^-24
/// for random inputs. Good enough for validating the moduli of a reference field.
pub fn is_probable_prime(n: &BigUint) -> bool {
    let two = BigUint::from(2u32);
    if *n < two {
        return false;
    }
    for &q in SMALL_PRIMES.iter() {
        let q = BigUint::from(q);
        if *n == q {
            return true;
        }
        if (n % &q).is_zero() {
            return false;
        }
    }
    let n_minus_1 = n - 1u32;
    let r = n_minus_1.trailing_zeros().unwrap_or(0);
    let d = &n_minus_1 >> r;
    'bases: for &a in SMALL_PRIMES.iter() {
        let mut x = BigUint::from(a).modpow(&d, n);
        if x.is_one() || x == n_minus_1 {
            continue;
        }
        for _ in 1..r {
            x = (&x * &x) % n;
            if x == n_minus_1 {
                continue 'bases;
            }
        }
        return false;
    }
    true
}

impl BigPrimeField {
    /// GF(p); an error unless `p` is an odd prime.
    pub fn new(p: BigUint) -> Result<Self> {
        if p.is_even() || !is_probable_prime(&p) {
            return Err(Error::NotPrime {
                name: "p".into(),
                value: p.to_string(),
                reason: if p.is_even() {
                    "even".into()
                } else {
                    "fails Miller-Rabin".into()
                },
            });
        }
        let half = (&p - 1u32) >> 1;
        let small_inverses = (2..=8u32)
            .map(|k| {
                let k = BigUint::from(k) % &p;
                if k.is_zero() {
                    None
                } else {
                    Some(k.modpow(&(&p - 2u32), &p))
                }
            })
            .collect();
        Ok(BigPrimeField {
            p,
            half,
            small_inverses,
        })
    }

    /// GF(p) from a decimal string.
    pub fn from_decimal(p: &str) -> Result<Self> {
        let v = BigUint::parse_bytes(p.trim().as_bytes(), 10).ok_or_else(|| Error::Parse {
            what: "integer".into(),
            input: p.into(),
            reason: "not a decimal integer".into(),
        })?;
        Self::new(v)
    }
}

impl Field for BigPrimeField {
    type Elem = BigUint;
    fn zero(&self) -> BigUint {
        BigUint::zero()
    }
    fn one(&self) -> BigUint {
        BigUint::one()
    }
    fn add(&self, a: &BigUint, b: &BigUint) -> BigUint {
        let s = a + b;
        if s >= self.p {
            s - &self.p
        } else {
            s
        }
    }
    fn sub(&self, a: &BigUint, b: &BigUint) -> BigUint {
        if a >= b {
            a - b
        } else if b < &self.p {
            a + &self.p - b
        } else {
            // Unreduced operands (not elements of this field): reduced first, so that
            // the result is still a − b mod p and nothing underflows.
            (a % &self.p + &self.p - b % &self.p) % &self.p
        }
    }
    fn neg(&self, a: &BigUint) -> BigUint {
        // `a % p`: an unreduced operand gives −a mod p, not an underflow.
        let a = a % &self.p;
        if a.is_zero() {
            BigUint::zero()
        } else {
            &self.p - a
        }
    }
    fn mul(&self, a: &BigUint, b: &BigUint) -> BigUint {
        (a * b) % &self.p
    }
    fn sqr(&self, a: &BigUint) -> BigUint {
        (a * a) % &self.p
    }
    fn inv(&self, a: &BigUint) -> Option<BigUint> {
        if a.is_zero() {
            return None;
        }
        // Fermat: a^(p-2).
        Some(a.modpow(&(&self.p - 2u32), &self.p))
    }
    fn is_zero(&self, a: &BigUint) -> bool {
        a.is_zero()
    }
    fn random(&self, rng: &mut dyn RngCore) -> BigUint {
        rng.gen_biguint_below(&self.p)
    }
    /// Not constant-time (this field is an oracle, never for secrets).
    fn ct_eq(&self, a: &BigUint, b: &BigUint) -> Choice {
        Choice::from(u8::from(a == b))
    }
    /// Not constant-time (this field is an oracle, never for secrets).
    fn select(&self, a: &BigUint, b: &BigUint, choice: Choice) -> BigUint {
        if bool::from(choice) {
            b.clone()
        } else {
            a.clone()
        }
    }
    fn encoded_len(&self) -> usize {
        (self.p.bits() as usize).div_ceil(8)
    }
    fn encode(&self, a: &BigUint) -> Vec<u8> {
        let b = a.to_bytes_be();
        let mut out = vec![0u8; self.encoded_len().saturating_sub(b.len())];
        out.extend_from_slice(&b);
        out
    }
    fn decode(&self, bytes: &[u8]) -> Result<BigUint> {
        let what = format!("GF(p) element ({}-bit p)", self.p.bits());
        if bytes.len() != self.encoded_len() {
            return Err(Error::InvalidEncoding {
                what,
                reason: format!("expected {} bytes, got {}", self.encoded_len(), bytes.len()),
            });
        }
        let v = BigUint::from_bytes_be(bytes);
        if v >= self.p {
            return Err(Error::InvalidEncoding {
                what,
                reason: "the integer is not below p".into(),
            });
        }
        Ok(v)
    }
}

impl PrimeFieldOps for BigPrimeField {
    fn modulus(&self) -> &BigUint {
        &self.p
    }
    fn from_biguint(&self, v: &BigUint) -> Result<BigUint> {
        if *v >= self.p {
            return Err(Error::OutOfRange {
                what: "element".into(),
                value: v.to_string(),
                reason: format!("must be below p = {}", self.p),
            });
        }
        Ok(v.clone())
    }
    fn to_biguint(&self, a: &BigUint) -> BigUint {
        a.clone()
    }
    fn from_u64(&self, v: u64) -> BigUint {
        BigUint::from(v) % &self.p
    }
    /// Euler's criterion `a^((p-1)/2)`.
    fn legendre(&self, a: &BigUint) -> i8 {
        if a.is_zero() {
            return 0;
        }
        if a.modpow(&self.half, &self.p).is_one() {
            1
        } else {
            -1
        }
    }
    fn mul_small(&self, a: &BigUint, k: u64) -> BigUint {
        (a * BigUint::from(k)) % &self.p
    }
    fn div_small(&self, a: &BigUint, k: u64) -> Option<BigUint> {
        if !(2..=8).contains(&k) {
            return None;
        }
        let inv = self.small_inverses.get((k - 2) as usize)?.as_ref()?;
        Some(self.mul(a, inv))
    }
}
