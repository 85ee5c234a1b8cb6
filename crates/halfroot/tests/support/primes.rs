//! Test-side number theory written independently of the library: Miller–Rabin with
//! random bases, the Jacobi symbol by quadratic reciprocity, prime generation
//! `p = 2^T k + 1` with random odd `k`, and an optional PARI/GP runner.
#![allow(dead_code)]

use num_bigint::{BigUint, RandBigInt};
use num_integer::Integer;
use num_traits::{One, Zero};
use rand::Rng;

const SMALL: [u32; 30] = [
    3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97,
    101, 103, 107, 109, 113, 127,
];

/// Miller–Rabin with `rounds` random bases (after trial division).
pub fn miller_rabin<R: Rng>(n: &BigUint, rounds: usize, rng: &mut R) -> bool {
    let two = BigUint::from(2u32);
    if *n < two {
        return false;
    }
    if n.is_even() {
        return *n == two;
    }
    for q in SMALL {
        let q = BigUint::from(q);
        if *n == q {
            return true;
        }
        if (n % &q).is_zero() {
            return false;
        }
    }
    let nm1 = n - 1u32;
    let r = nm1.trailing_zeros().unwrap_or(0);
    let d = &nm1 >> r;
    'outer: for _ in 0..rounds {
        let a = rng.gen_biguint_range(&two, &nm1);
        let mut x = a.modpow(&d, n);
        if x.is_one() || x == nm1 {
            continue;
        }
        for _ in 1..r {
            x = &x * &x % n;
            if x == nm1 {
                continue 'outer;
            }
        }
        return false;
    }
    true
}

/// The Jacobi symbol (a/n) for odd n, by reciprocity (no exponentiation).
pub fn jacobi(a: &BigUint, n: &BigUint) -> i8 {
    let mut a = a % n;
    let mut n = n.clone();
    let mut result = 1i8;
    while !a.is_zero() {
        let tz = a.trailing_zeros().unwrap_or(0);
        a >>= tz;
        let n8 = (&n % 8u32).to_u64_digits().first().copied().unwrap_or(0);
        if tz % 2 == 1 && (n8 == 3 || n8 == 5) {
            result = -result;
        }
        core::mem::swap(&mut a, &mut n);
        let a4 = (&a % 4u32).to_u64_digits().first().copied().unwrap_or(0);
        let n4 = (&n % 4u32).to_u64_digits().first().copied().unwrap_or(0);
        if a4 == 3 && n4 == 3 {
            result = -result;
        }
        a %= &n;
    }
    if n.is_one() {
        result
    } else {
        0
    }
}

/// A prime `p = 2^t k + 1` with `k` odd and `p` of exactly `max(bits, t + 16)` bits, so
/// that the 2-adic valuation of `p − 1` is exactly `t` (at least `t + 16` bits, so that
/// there are enough odd `k` to find a prime among).
pub fn prime_with_two_adicity<R: Rng>(bits: u64, t: u32, rng: &mut R) -> BigUint {
    let bits = bits.max(t as u64 + 16);
    let kbits = bits - t as u64;
    loop {
        let mut k = rng.gen_biguint(kbits);
        k.set_bit(kbits - 1, true);
        k.set_bit(0, true);
        let p = (k << t) + 1u32;
        if miller_rabin(&p, 16, rng) {
            return p;
        }
    }
}

/// Runs a GP script if `gp` is installed; `None` (and a printed note) otherwise.
pub fn run_gp(script: &str) -> Option<String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let child = Command::new("gp")
        .args(["-q", "-f", "--default", "parisize=64000000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn();
    let mut child = match child {
        Ok(c) => c,
        Err(_) => {
            println!("note: gp (PARI/GP) not found; skipping the PARI/GP cross-check");
            return None;
        }
    };
    child.stdin.take()?.write_all(script.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    if !out.status.success() {
        println!("note: gp failed: {}", String::from_utf8_lossy(&out.stderr));
        return None;
    }
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}
