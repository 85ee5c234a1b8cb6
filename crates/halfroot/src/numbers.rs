//! Small-integer helpers shared by the field constructions.

/// The distinct prime factors of `n ≥ 1`, ascending, by trial division (the callers
/// factor degrees and extension degrees: `n` is small). Rabin's irreducibility test
/// (binary fields, GF(2)\[X\], the SSRF search) and Theorem 3.75 of Lidl–Niederreiter
/// (binomials X^k − α over F_q) need them.
pub fn prime_factors(mut n: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut p = 2;
    while p * p <= n {
        if n.is_multiple_of(p) {
            out.push(p);
            while n.is_multiple_of(p) {
                n /= p;
            }
        }
        p += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn prime_factors_matches_trial_products() {
        assert_eq!(prime_factors(1), Vec::<usize>::new());
        assert_eq!(prime_factors(2), vec![2]);
        assert_eq!(prime_factors(360), vec![2, 3, 5]);
        assert_eq!(prime_factors(7879), vec![7879]);
        assert_eq!(prime_factors(10000), vec![2, 5]);
        // Every n below 2000 is the product of its factors' powers, each prime.
        for n in 1..2000usize {
            let fs = prime_factors(n);
            let mut m = n;
            for &p in &fs {
                assert!((2..p).all(|q| p % q != 0), "{p} is not prime");
                while m % p == 0 {
                    m /= p;
                }
            }
            assert_eq!(m, 1, "{n}: {fs:?} misses a factor");
        }
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[(
        "prime_factors_matches_trial_products",
        prime_factors_matches_trial_products,
    )];
}
