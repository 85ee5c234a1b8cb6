//! Tonelli–Shanks square root.
//!
//! Source: Tonelli (1891), Shanks (1973); as Algorithm 1.5.1 of Cohen, *A Course in
//! Computational Algebraic Number Theory*. With `p - 1 = 2^e q`, `q` odd (here
//! `e = T + 1`, `q = s` in Wang–Nogami–Morikawa's notation), `y = z^q` for a
//! non-residue `z`, `x = a^((q-1)/2)`, `b = a x^2`, `x = a x`, then repeatedly find the
//! order `2^m` of `b` by squarings and correct with `y^(2^(r-m-1))`.
//! Cost: `LW((s-1)/2) + 1` for the start, then on average about `T^2/4 + O(T)`
//! multiplications; at most `≈ T^2/2 + O(T)`.
//! Preconditions: none (any odd p); a non-residue is found once, in the context.
//! Constant-time: no (the loop count depends on the input).

use crate::field::Field;
use crate::prime::qr::{pow_binary, TwoAdic};

/// A square root of `a`, or `None` if `a` is not a square. Works in any field of odd
/// order given its [`TwoAdic`] data.
pub fn sqrt_vartime<F: Field + ?Sized>(
    f: &F,
    tw: &TwoAdic<F::Elem>,
    a: &F::Elem,
) -> Option<F::Elem> {
    if f.is_zero(a) {
        return Some(f.zero());
    }
    let one = f.one();
    let mut y = tw.c()[0].clone();
    let mut r = tw.t() + 1;
    let x0 = pow_binary(f, a, tw.s_minus_1_half());
    let mut b = f.mul(a, &f.sqr(&x0));
    let mut x = f.mul(a, &x0);
    loop {
        if b == one {
            return Some(x);
        }
        // Least m with b^(2^m) = 1.
        let mut m = 0u32;
        let mut bb = b.clone();
        while bb != one {
            bb = f.sqr(&bb);
            m += 1;
            if m >= r {
                return None;
            }
        }
        let mut t = y.clone();
        for _ in 0..(r - m - 1) {
            t = f.sqr(&t);
        }
        y = f.sqr(&t);
        r = m;
        x = f.mul(&x, &t);
        b = f.mul(&b, &y);
    }
}
