//! Traits shared by every field in halfroot.
//!
//! Fields are *context objects*: the field value holds the modulus and every
//! precomputed table, and elements are plain values passed by reference. The same
//! algorithm code therefore runs over a fast field, over a slow reference field used as
//! an oracle, and over [`crate::count::Counting`], which counts the operations an
//! algorithm performs so that the papers' cost formulas can be tested.

use core::fmt::Debug;
use rand::RngCore;

/// A finite field given by a context object.
///
/// Every operation that a paper counts has its own method so that
/// [`crate::count::Counting`] can count it: `mul` is M, `sqr` is S, `add`/`sub`/`neg`
/// are A, `inv` is I.
pub trait Field {
    /// The element type. Elements are canonical: two elements are equal exactly when
    /// they represent the same field element.
    type Elem: Clone + PartialEq + Eq + Debug;

    /// The additive identity.
    fn zero(&self) -> Self::Elem;
    /// The multiplicative identity.
    fn one(&self) -> Self::Elem;
    /// `a + b`.
    fn add(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// `a - b`.
    fn sub(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// `-a`.
    fn neg(&self, a: &Self::Elem) -> Self::Elem;
    /// `a * b`.
    fn mul(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// `a * a`.
    fn sqr(&self, a: &Self::Elem) -> Self::Elem;
    /// `1 / a`, or `None` for `a = 0`.
    fn inv(&self, a: &Self::Elem) -> Option<Self::Elem>;
    /// Whether `a` is zero.
    fn is_zero(&self, a: &Self::Elem) -> bool {
        *a == self.zero()
    }
    /// A uniformly random element.
    fn random(&self, rng: &mut dyn RngCore) -> Self::Elem;

    /// `a^e` for an exponent given as little-endian 64-bit words, by left-to-right
    /// square-and-multiply. Variable time in `e`; fields override it with faster
    /// (windowed) code, and [`crate::count::Counting`] keeps this default so that every
    /// squaring and multiplication is counted.
    fn pow_vartime(&self, a: &Self::Elem, e: &[u64]) -> Self::Elem {
        let mut acc = self.one();
        let mut started = false;
        for word in e.iter().rev() {
            for bit in (0..64).rev() {
                if started {
                    acc = self.sqr(&acc);
                }
                if (word >> bit) & 1 == 1 {
                    acc = if started {
                        self.mul(&acc, a)
                    } else {
                        a.clone()
                    };
                    started = true;
                }
            }
        }
        acc
    }
}
