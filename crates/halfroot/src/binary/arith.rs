//! The arithmetic layer of F_2^d: reduced products, squares, powers and inverses of
//! `[u64; N]` elements modulo a [`ModulusSpec`].
//!
//! [`Arith`] is what the square-root, trace, half-trace and quadratic-solving code builds
//! on. It chooses its multiplication backend once, at construction (carry-less multiply
//! instructions where the CPU has them, the [`portable`](super::portable) code
//! otherwise), and every backend gives identical results.

use super::modulus::ModulusSpec;
use super::portable;
use crate::error::{Error, Result};

/// Reduced arithmetic modulo one defining polynomial, on `N`-word elements.
#[derive(Clone, Debug)]
pub struct Arith<const N: usize, M: ModulusSpec> {
    modulus: M,
}

impl<const N: usize, M: ModulusSpec> Arith<N, M> {
    /// Arithmetic modulo `modulus`; an error if `N` words cannot hold a degree-`d`
    /// polynomial's remainders. Irreducibility is checked by the field, not here.
    pub fn new(modulus: M) -> Result<Self> {
        let d = modulus.degree() as usize;
        if N == 0 || d > 64 * N {
            return Err(Error::InvalidArgument {
                name: "N".into(),
                value: N.to_string(),
                reason: format!("{N} words cannot hold elements of degree < {d}"),
            });
        }
        Ok(Arith { modulus })
    }

    /// The defining polynomial.
    pub fn modulus(&self) -> &M {
        &self.modulus
    }

    /// The degree d.
    pub fn degree(&self) -> u32 {
        self.modulus.degree()
    }

    /// Whether `a` is reduced (no bit at position ≥ d).
    pub fn is_reduced(&self, a: &[u64; N]) -> bool {
        let d = self.degree() as usize;
        a.iter().enumerate().all(|(i, &w)| {
            if 64 * i >= d {
                w == 0
            } else if 64 * (i + 1) <= d {
                true
            } else {
                w >> (d - 64 * i) == 0
            }
        })
    }

    /// The unreduced product `a·b` as (low, high) words.
    pub fn mul_wide(&self, a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
        portable::mul_wide(a, b)
    }

    /// Reduces a double-length polynomial modulo P.
    pub fn reduce(&self, lo: &[u64; N], hi: &[u64; N]) -> [u64; N] {
        portable::reduce(&self.modulus, lo, hi)
    }

    /// `a·b mod P`.
    pub fn mul(&self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let (lo, hi) = self.mul_wide(a, b);
        self.reduce(&lo, &hi)
    }

    /// `a² mod P`.
    pub fn sqr(&self, a: &[u64; N]) -> [u64; N] {
        let (lo, hi) = portable::sqr_wide(a);
        self.reduce(&lo, &hi)
    }

    /// `a^(2^n) mod P` (n successive squarings).
    pub fn sqr_n(&self, a: &[u64; N], n: u32) -> [u64; N] {
        let mut r = *a;
        for _ in 0..n {
            r = self.sqr(&r);
        }
        r
    }

    /// `a^e` for an exponent in little-endian words; variable time in `e`.
    pub fn pow_vartime(&self, a: &[u64; N], e: &[u64]) -> [u64; N] {
        let mut acc = [0u64; N];
        acc[0] = 1;
        for word in e.iter().rev() {
            for bit in (0..64).rev() {
                acc = self.sqr(&acc);
                if (word >> bit) & 1 == 1 {
                    acc = self.mul(&acc, a);
                }
            }
        }
        acc
    }

    /// `1/a`, or `None` for zero: Fermat, `a^(2^d − 2)` (constant time).
    pub fn inv(&self, a: &[u64; N]) -> Option<[u64; N]> {
        if a.iter().all(|&w| w == 0) {
            return None;
        }
        // a^(2^d - 2) = (a^(2^(d-1) - 1))^2, by square-and-multiply over d - 1 ones.
        let d = self.degree();
        let mut acc = *a;
        for _ in 1..d - 1 {
            acc = self.sqr(&acc);
            acc = self.mul(&acc, a);
        }
        Some(self.sqr(&acc))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::binary::modulus::Modulus;

    #[test]
    fn inverse_times_element_is_one() {
        let ar = Arith::<3, Modulus>::new(Modulus::parse("163,7,6,3,0").expect("m")).expect("a");
        let a = [0x1234_5678_9abc_def0, 0x0fed_cba9_8765_4321, 0x5];
        let inv = ar.inv(&a).expect("nonzero");
        assert_eq!(ar.mul(&a, &inv), [1, 0, 0]);
        assert!(ar.inv(&[0; 3]).is_none());
        assert!(Arith::<2, Modulus>::new(Modulus::parse("163,7,6,3,0").expect("m")).is_err());
    }
}
