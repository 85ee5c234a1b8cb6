//! Avanzi's Theorem 7 (a Swan-like parity theorem) and an independent factor count.
//!
//! Source: Avanzi §2.4, Theorem 7 (after Bluher, *A Swan-like theorem*, FFA 12, 2006):
//! for odd `d` and `P` in one of the families
//! * `d ≡ 1 (mod 3)`: `X^d + X^((d+8)/3) + Σ_{j∈S} X^j + 1`, `S ⊆ {j odd, 1 ≤ j < (d−19)/3}`,
//!   or `X^d + Σ_{j∈S} X^j + 1`, `S ⊆ {j odd, 1 ≤ j ≤ (d+5)/3}`;
//! * `d ≡ 2 (mod 3)`: `X^d + X^((d+4)/3) + Σ_{j∈S} X^j + 1`, `S ⊆ {j odd, 1 ≤ j ≤ (d−11)/3}`,
//!   or `X^d + Σ_{j∈S} X^j + 1`, `S ⊆ {j odd, 1 ≤ j ≤ (d+1)/3}`,
//!
//! `P` is square-free with an odd number of irreducible factors when `d ≡ ±1 (mod 8)` and
//! an even number when `d ≡ ±3 (mod 8)`.
//!
//! The check does not use the theorem: [`factor_count`] is Berlekamp's count (Berlekamp,
//! *Factoring polynomials over finite fields*, Bell Syst. Tech. J. 46, 1967): for a
//! square-free `f` of degree `n` the number of distinct irreducible factors is
//! `n − rank(Q − I)`, `Q` the matrix of the Frobenius `a ↦ a²` on `F_2[X]/(f)`.
//! Cost: `n` shifted reductions and an `n × n` GF(2) elimination, `O(n³/64)`.
//! Variable-time (public polynomials).

use rand::Rng;

use crate::gf2poly::Gf2Poly;

/// The two families of Theorem 7 for degree `d`: `(forced top exponent, bound set)` pairs
/// — `Some(t)` for the family with `X^t` forced, and the sorted list of the optional odd
/// exponents. Empty for even `d` or `d ≡ 0 (mod 3)`.
pub fn families(d: u32) -> Vec<(Option<u32>, Vec<u32>)> {
    if d.is_multiple_of(2) || d < 3 {
        return Vec::new();
    }
    let odd_upto = |limit_incl: i64| -> Vec<u32> {
        (1..=limit_incl.max(0) as u32)
            .filter(|j| j % 2 == 1)
            .collect()
    };
    let di = d as i64;
    match d % 3 {
        1 => {
            // j < (d − 19)/3  ⇔  3j < d − 19  ⇔  j ≤ ⌊(d − 20)/3⌋.
            let j_a = odd_upto((di - 20).div_euclid(3));
            let j_b = odd_upto((di + 5).div_euclid(3));
            vec![(Some((d + 8) / 3), j_a), (None, j_b)]
        }
        2 => {
            let j_a = odd_upto((di - 11).div_euclid(3));
            let j_b = odd_upto((di + 1).div_euclid(3));
            vec![(Some((d + 4) / 3), j_a), (None, j_b)]
        }
        _ => Vec::new(),
    }
}

/// The polynomial of a family member: forced top, chosen subset (bit `i` of `mask`
/// selects `set[i]`).
fn member(d: u32, top: Option<u32>, set: &[u32], mask: &[bool]) -> Vec<u32> {
    let mut e = vec![d];
    e.extend(top);
    for (i, &j) in set.iter().enumerate().rev() {
        if mask[i] {
            e.push(j);
        }
    }
    e.push(0);
    e
}

/// Every polynomial admissible for Theorem 7 in degree `d` (exponent lists, descending),
/// or `None` if there are more than `limit`.
pub fn admissible(d: u32, limit: usize) -> Option<Vec<Vec<u32>>> {
    let mut out = Vec::new();
    for (top, set) in families(d) {
        if set.len() >= 40 || out.len() + (1usize << set.len()) > limit {
            return None;
        }
        for m in 0u64..(1u64 << set.len()) {
            let mask: Vec<bool> = (0..set.len()).map(|i| m >> i & 1 == 1).collect();
            out.push(member(d, top, &set, &mask));
        }
    }
    Some(out)
}

/// A random admissible polynomial of degree `d` (a family chosen uniformly, each optional
/// exponent with probability 1/2); `None` if `d` has no family.
pub fn random_admissible<R: Rng + ?Sized>(d: u32, rng: &mut R) -> Option<Vec<u32>> {
    let fams = families(d);
    if fams.is_empty() {
        return None;
    }
    let (top, set) = &fams[rng.gen_range(0..fams.len())];
    let mask: Vec<bool> = (0..set.len()).map(|_| rng.gen_bool(0.5)).collect();
    Some(member(d, *top, set, &mask))
}

/// The parity Theorem 7 predicts for degree `d`: `Some(true)` (odd number of factors)
/// for `d ≡ ±1 (mod 8)`, `Some(false)` for `d ≡ ±3 (mod 8)`, `None` for even `d`.
pub fn predicted_odd(d: u32) -> Option<bool> {
    match d % 8 {
        1 | 7 => Some(true),
        3 | 5 => Some(false),
        _ => None,
    }
}

/// The number of distinct irreducible factors of a square-free `f` (Berlekamp); `None`
/// if `f` is constant or not square-free.
pub fn factor_count(f: &Gf2Poly) -> Option<usize> {
    let n = f.degree().filter(|&n| n >= 1)?;
    if !f.gcd(&f.derivative()).is_one() {
        return None;
    }
    let words = n.div_ceil(64);
    // Rows: X^(2i) mod f, minus the unit vector e_i.
    let mut rows: Vec<Vec<u64>> = Vec::with_capacity(n);
    let x2 = Gf2Poly::monomial(2);
    let mut cur = Gf2Poly::one();
    for i in 0..n {
        let mut w = cur.words().to_vec();
        w.resize(words, 0);
        w[i / 64] ^= 1u64 << (i % 64);
        rows.push(w);
        cur = cur.mulmod(&x2, f)?;
    }
    Some(n - rank(&mut rows, n))
}

/// Rank over GF(2) of the rows (bit vectors of `n` bits), by elimination in place.
fn rank(rows: &mut [Vec<u64>], n: usize) -> usize {
    let mut r = 0;
    for col in 0..n {
        let (wi, bit) = (col / 64, 1u64 << (col % 64));
        let Some(p) = (r..rows.len()).find(|&i| rows[i][wi] & bit != 0) else {
            continue;
        };
        rows.swap(r, p);
        let pivot = rows[r].clone();
        for (i, row) in rows.iter_mut().enumerate() {
            if i != r && row[wi] & bit != 0 {
                for (a, b) in row.iter_mut().zip(&pivot) {
                    *a ^= b;
                }
            }
        }
        r += 1;
    }
    r
}

/// The outcome of checking Theorem 7 on one polynomial.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Check {
    /// The polynomial, descending exponents.
    pub exponents: Vec<u32>,
    /// Number of irreducible factors (Berlekamp), `None` if not square-free.
    pub factors: Option<usize>,
    /// Whether the theorem's claims (square-free, parity) hold for it.
    pub holds: bool,
}

/// Checks Theorem 7's claims on one admissible polynomial of odd degree.
pub fn check(exponents: &[u32]) -> Check {
    let d = exponents.first().copied().unwrap_or(0);
    let f = Gf2Poly::from_exponents(exponents);
    let factors = factor_count(&f);
    let holds = match (factors, predicted_odd(d)) {
        (Some(r), Some(odd)) => (r % 2 == 1) == odd,
        _ => false,
    };
    Check {
        exponents: exponents.to_vec(),
        factors,
        holds,
    }
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn factor_count_matches_products_of_known_irreducibles() {
        // (x+1)(x^2+x+1)(x^3+x+1)(x^5+x^2+1): 4 factors.
        let f = Gf2Poly::from_exponents(&[1, 0])
            .mul(&Gf2Poly::from_exponents(&[2, 1, 0]))
            .mul(&Gf2Poly::from_exponents(&[3, 1, 0]))
            .mul(&Gf2Poly::from_exponents(&[5, 2, 0]));
        assert_eq!(factor_count(&f), Some(4));
        assert_eq!(
            factor_count(&Gf2Poly::from_exponents(&[163, 7, 6, 3, 0])),
            Some(1)
        );
        // Not square-free.
        let g = Gf2Poly::from_exponents(&[3, 1, 0]);
        assert_eq!(factor_count(&g.mul(&g)), None);
        // x^7 − 1 = (x+1)(x^3+x+1)(x^3+x^2+1).
        assert_eq!(factor_count(&Gf2Poly::from_exponents(&[7, 0])), Some(3));
    }

    fn families_match_the_theorem_bounds() {
        // d = 163 ≡ 1 (mod 3): top 57, J = odd j < 48; J' = odd j ≤ 56.
        let f = families(163);
        assert_eq!(f[0].0, Some(57));
        assert_eq!(f[0].1.last(), Some(&47));
        assert_eq!(f[1].1.last(), Some(&55));
        // d = 59 ≡ 2 (mod 3): top 21, J = odd j ≤ 16; J' = odd j ≤ 20.
        let f = families(59);
        assert_eq!(f[0].0, Some(21));
        assert_eq!(f[0].1.last(), Some(&15));
        assert_eq!(f[1].1.last(), Some(&19));
        assert!(families(57).is_empty());
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        (
            "factor_count_matches_products_of_known_irreducibles",
            factor_count_matches_products_of_known_irreducibles,
        ),
        (
            "families_match_the_theorem_bounds",
            families_match_the_theorem_bounds,
        ),
    ];
}
