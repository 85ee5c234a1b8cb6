//! Smart's square root, exactly as Wang–Nogami–Morikawa describe and count it.
//!
//! Source: Wang, Nogami, Morikawa (2005), §3.1 (the algorithm, after Blake–Seroussi–
//! Smart, *Elliptic Curves in Cryptography*, LMS 265) and §3.2 / Appendix A (its cost).
//! With `(q-1)/2 = 2^T s` and `a = c^s` for a non-residue `c`:
//! Step 1 `b = x^((s-1)/2)`, `t_0 = 0`; Step 2 for `k = 0..T-1`,
//! `c_k = 0` if `((a^{t_k} b)^2 x)^(2^(T-1-k)) = 1` and `1` if it is `-1`,
//! `t_{k+1} = t_k + 2^k c_k`; Step 3 output `a^{t_T} b x`.
//! The sequence `a^{t_k} b` (Eq. 10) is updated by one multiplication with `a^(2^k)`
//! whenever `c_k = 1`, the powers `a^(2^k)` being squared up on demand and kept
//! (Appendix A, Table 2).
//! Cost (paper's `#M`, squarings included), for a square `x`:
//! `LW((s-1)/2) + (T^2 + 6T - 4)/2 + 2^(1-T)` on average for `s > 1` (Eq. 14a),
//! `(T^2 + 6T - 4)/2 + 2^(1-T) + 1` for `s = 1` (Eq. 14b). The conventional QR test
//! (Eq. 5) must run first; [`sqrt_vartime`] does so, [`sqrt_of_residue_vartime`] does not.
//! Preconditions: any field of odd order with its [`TwoAdic`] data.
//! Constant-time: no.

use crate::field::Field;
use crate::prime::qr::{cqr, cqr_windowed, pow_binary, TwoAdic};

/// Smart's Steps 1–3 for an `x` already known to be a nonzero square (the caller ran
/// a QR test); `None` if a sign test finds neither `1` nor `-1` (then `x` was not a
/// square after all).
pub fn sqrt_of_residue_vartime<F: Field + ?Sized>(
    f: &F,
    tw: &TwoAdic<F::Elem>,
    x: &F::Elem,
) -> Option<F::Elem> {
    steps(f, tw, x, pow_binary(f, x, tw.s_minus_1_half()))
}

/// [`sqrt_of_residue_vartime`] with Step 1 by the field's fastest exponentiation
/// ([`Field::pow_vartime`]); the same root, fewer multiplications.
pub fn sqrt_of_residue_windowed_vartime<F: Field + ?Sized>(
    f: &F,
    tw: &TwoAdic<F::Elem>,
    x: &F::Elem,
) -> Option<F::Elem> {
    steps(f, tw, x, f.pow_vartime(x, tw.s_minus_1_half()))
}

/// Steps 2–3 from `b = x^((s-1)/2)`.
fn steps<F: Field + ?Sized>(
    f: &F,
    tw: &TwoAdic<F::Elem>,
    x: &F::Elem,
    b: F::Elem,
) -> Option<F::Elem> {
    let one = f.one();
    let minus_one = f.neg(&one);
    let t = tw.t();
    // Step 1 (done by the caller).
    let mut bk = b;
    // a^(2^k), k = 0, 1, ..., computed on demand (a = c_0).
    let mut a_pows: Vec<F::Elem> = vec![tw.c()[0].clone()];
    // Step 2.
    for k in 0..t {
        let mut y = f.sqr(&bk);
        y = f.mul(&y, x);
        for _ in 0..(t - 1 - k) {
            y = f.sqr(&y);
        }
        if y == minus_one {
            while a_pows.len() <= k as usize {
                let next = f.sqr(&a_pows[a_pows.len() - 1]);
                a_pows.push(next);
            }
            bk = f.mul(&a_pows[k as usize], &bk);
        } else if y != one {
            return None;
        }
    }
    // Step 3.
    Some(f.mul(&bk, x))
}

/// C.QR (Eq. 1) followed by Smart's algorithm: a square root of `x`, `None` for a
/// non-square.
pub fn sqrt_vartime<F: Field + ?Sized>(
    f: &F,
    tw: &TwoAdic<F::Elem>,
    x: &F::Elem,
) -> Option<F::Elem> {
    match cqr(f, tw, x) {
        0 => Some(f.zero()),
        1 => sqrt_of_residue_vartime(f, tw, x),
        _ => None,
    }
}

/// C.QR then Smart, both exponentiations by the field's fastest method
/// ([`crate::prime::qr::cqr_windowed`], [`sqrt_of_residue_windowed_vartime`]): the
/// timed `smart` of [`crate::prime::sqrt::SqrtAlgorithm`].
pub fn sqrt_windowed_vartime<F: Field + ?Sized>(
    f: &F,
    tw: &TwoAdic<F::Elem>,
    x: &F::Elem,
) -> Option<F::Elem> {
    match cqr_windowed(f, tw, x) {
        0 => Some(f.zero()),
        1 => sqrt_of_residue_windowed_vartime(f, tw, x),
        _ => None,
    }
}
