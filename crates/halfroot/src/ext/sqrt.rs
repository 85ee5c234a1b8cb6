//! Square roots in F_{q^k}: the quadratic character and Tonelli–Shanks.
//!
//! Source: the quadratic character through the norm (Lidl–Niederreiter, Theorem 2.28:
//! N: F_{q^k}^* → F_q^* is onto and maps squares onto squares, so χ(a) = χ_q(N(a)));
//! Tonelli–Shanks (Tonelli 1891, Shanks 1973; Cohen, *A Course in Computational
//! Algebraic Number Theory*, Algorithm 1.5.1) in the group of order q^k − 1 = 2^s·t,
//! with a non-square found among X^j + i by its character.
//! Cost: the character is one norm (k − 1 Frobenius maps and products) and one
//! exponentiation in F_q; the root is two exponentiations in F_{q^k} plus O(s²)
//! squarings. Variable-time (for public values: the command line and Python use it).

use super::Fqk;
use crate::field::Field;
use crate::prime::PrimeFieldOps;
use num_bigint::BigUint;

/// χ(a) ∈ {0, 1, −1}: 0 for zero, 1 for a nonzero square, −1 otherwise.
pub fn quadratic_character<F: PrimeFieldOps + 'static>(e: &Fqk<F>, a: &[F::Elem]) -> i8
where
    F::Elem: 'static,
{
    if a.iter().all(|c| e.base().is_zero(c)) {
        return 0;
    }
    let b = e.base();
    let n = e.norm(a);
    let half: BigUint = (b.modulus() - 1u32) >> 1;
    if b.pow_vartime(&n, &half.to_u64_digits()) == b.one() {
        1
    } else {
        -1
    }
}

/// A square root of `a`, or `None` for a non-square. Of the two roots, the one whose
/// coefficient list read from the top (integers in `[0, q)`) is smaller. Variable time.
pub fn sqrt_vartime<F: PrimeFieldOps + 'static>(e: &Fqk<F>, a: &[F::Elem]) -> Option<Vec<F::Elem>>
where
    F::Elem: 'static,
{
    let a = a.to_vec();
    if e.is_zero(&a) {
        return Some(a);
    }
    if quadratic_character(e, &a) != 1 {
        return None;
    }
    let words = |v: &BigUint| v.to_u64_digits();
    let order = num_traits::pow(e.base().modulus().clone(), e.degree());
    let qm1 = &order - 1u32;
    let s = qm1.trailing_zeros().unwrap_or(0);
    let t = &qm1 >> s;
    let one = e.one();
    // A non-square: X^j + i for small j ≥ 1, i ≥ 0 (the density is 1/2).
    let mut z = None;
    'search: for j in 1..e.degree() {
        for i in 0u64..64 {
            let mut c = e.zero();
            c[j] = e.base().one();
            c[0] = e.base().from_u64(i);
            if quadratic_character(e, &c) == -1 {
                z = Some(c);
                break 'search;
            }
        }
    }
    let z = z?;
    let mut m = s;
    let mut c = e.pow_vartime(&z, &words(&t));
    let mut x = e.pow_vartime(&a, &words(&((&t + 1u32) >> 1)));
    let mut b = e.pow_vartime(&a, &words(&t));
    while b != one {
        let mut i = 0u64;
        let mut b2 = b.clone();
        while b2 != one {
            b2 = e.sqr(&b2);
            i += 1;
            if i >= m {
                return None;
            }
        }
        let mut g = c.clone();
        for _ in 0..(m - i - 1) {
            g = e.sqr(&g);
        }
        x = e.mul(&x, &g);
        c = e.sqr(&g);
        b = e.mul(&b, &c);
        m = i;
    }
    let y = e.neg(&x);
    let key = |v: &Vec<F::Elem>| {
        let mut c = e.to_coeffs(v);
        c.reverse();
        c
    };
    Some(if key(&y) < key(&x) { y } else { x })
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;
    use crate::prime::reference::BigPrimeField;

    /// Over GF(13^5) (k = 5 is odd, so the squares of F_13 stay squares and the
    /// non-squares stay non-squares): every root squares back, the character agrees
    /// with whether a root was found, and the character of a square is 1.
    fn roots_square_back_and_agree_with_the_character() {
        let base = BigPrimeField::new(BigUint::from(13u32)).expect("prime");
        let e = Fqk::with_default_modulus(base, 5).expect("F_{13^5}");
        let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(13);
        for _ in 0..60 {
            let a = e.random(&mut rng);
            let chi = quadratic_character(&e, &a);
            match sqrt_vartime(&e, &a) {
                Some(r) => {
                    assert_eq!(e.sqr(&r), a);
                    assert!(chi >= 0);
                }
                None => assert_eq!(chi, -1),
            }
            let sq = e.sqr(&a);
            assert_eq!(quadratic_character(&e, &sq), i8::from(!e.is_zero(&a)));
        }
        // 2 is a non-square mod 13 and k is odd: still a non-square.
        let two = e.from_base(&BigUint::from(2u32));
        assert_eq!(quadratic_character(&e, &two), -1);
        assert!(sqrt_vartime(&e, &two).is_none());
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[(
        "roots_square_back_and_agree_with_the_character",
        roots_square_back_and_agree_with_the_character,
    )];
}
