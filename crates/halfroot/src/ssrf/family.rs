//! Special families of §2.4: the type-II polynomials `P_{d,1}` and type-II pentanomials.
//!
//! Source: Avanzi §2.4. `P_{d,1}(X) = 1 + Σ_{i=2}^{(d−1)/2} (X^(2i) + X^(2i+1))`, of odd
//! degree `d`, is the type-II polynomial with `(X+1)·P_{d,1} = X^(d+1) + X^4 + X + 1`.
//!
//! [`p_d1_is_irreducible`] never forms the dense `P_{d,1}` for prime `d`: with
//! `F = (X+1)·P` (weight 4) it computes `h = X^(2^d) mod F` by `d` sparse squarings, and
//! `P | h − X` iff `F | (X+1)(h − X)`, a product of degree `≤ d+1 = deg F`, so the test
//! is one comparison with `0` or `F`. For prime `d` that is Rabin's criterion (`P(0) =
//! P(1) = 1` rule out linear factors); for composite `d` that necessary condition is
//! followed, when it holds, by Ben-Or's test on the dense `P`.
//! Cost: `d` squarings of `⌈(d+2)/64⌉` words, `O(d²/64)`. Variable-time (public data).

use super::sparse::{is_irreducible_sparse, is_prime, SparseModulus};
use crate::gf2poly::Gf2Poly;

/// The descending exponent list of `P_{d,1}` for odd `d ≥ 5`; `None` otherwise.
pub fn p_d1_exponents(d: u32) -> Option<Vec<u32>> {
    if d < 5 || d.is_multiple_of(2) {
        return None;
    }
    let mut e = Vec::with_capacity(d as usize);
    for i in (2..=(d - 1) / 2).rev() {
        e.push(2 * i + 1);
        e.push(2 * i);
    }
    e.push(0);
    Some(e)
}

/// Whether `P_{d,1}` is irreducible (see the module docs); `false` for even `d` or
/// `d < 5`.
pub fn p_d1_is_irreducible(d: u32) -> bool {
    if d < 5 || d.is_multiple_of(2) {
        return false;
    }
    let f_exps = [d + 1, 4, 1, 0];
    let Some(mut f) = SparseModulus::new(&f_exps) else {
        return false;
    };
    let mut g = f.x_pow_2k(d as usize);
    g[0] ^= 2; // h + X
               // (X + 1)·g.
    let mut prod = vec![0u64; g.len() + 1];
    for (i, &w) in g.iter().enumerate() {
        prod[i] ^= w ^ (w << 1);
        prod[i + 1] ^= w >> 63;
    }
    let prod = Gf2Poly::from_words(prod);
    if !(prod.is_zero() || prod == Gf2Poly::from_exponents(&f_exps)) {
        return false;
    }
    if is_prime(d as usize) {
        return true;
    }
    p_d1_exponents(d)
        .map(|e| Gf2Poly::from_exponents(&e).is_irreducible())
        .unwrap_or(false)
}

/// Whether some trinomial `X^d + X^m + 1` (`0 < m < d`) is irreducible.
pub fn has_irreducible_trinomial(d: u32) -> bool {
    // X^d + X^m + 1 and X^d + X^(d−m) + 1 are reciprocal: m ≤ d/2 suffices.
    (1..=d / 2).any(|m| is_irreducible_sparse(&[d, m, 0]))
}

/// The type-II pentanomials `X^d + X^(d−1) + X^(2f+1) + X^(2f) + 1` of odd degree `d`
/// that are irreducible, as their `f` values ascending.
pub fn type2_pentanomials(d: u32) -> Vec<u32> {
    if d < 5 || d.is_multiple_of(2) {
        return Vec::new();
    }
    (1..=(d - 3) / 2)
        .filter(|&f| is_irreducible_sparse(&[d, d - 1, 2 * f + 1, 2 * f, 0]))
        .collect()
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn p_d1_test_matches_dense_ben_or() {
        for d in (5u32..=301).step_by(2) {
            let e = p_d1_exponents(d).expect("odd");
            let dense = Gf2Poly::from_exponents(&e);
            // (X+1)·P = X^(d+1) + X^4 + X + 1.
            assert_eq!(
                dense.mul(&Gf2Poly::from_exponents(&[1, 0])),
                Gf2Poly::from_exponents(&[d + 1, 4, 1, 0])
            );
            assert_eq!(p_d1_is_irreducible(d), dense.is_irreducible(), "d = {d}");
        }
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[(
        "p_d1_test_matches_dense_ben_or",
        p_d1_test_matches_dense_ben_or,
    )];
}
