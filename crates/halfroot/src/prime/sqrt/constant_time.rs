//! Constant-time Tonelli–Shanks square root for secret inputs.
//!
//! Source: the constant-time Tonelli–Shanks of RFC 9380 (Hashing to Elliptic Curves),
//! Appendix I.4 (`sqrt_ts_ct`), itself after Tonelli–Shanks: with `p - 1 = 2^n s`,
//! `n = T + 1`: `z = a^((s-1)/2)`, `t = z^2 a`, `z = z a`, `c = c_0`, then for
//! `i = n, n-1, ..., 2`: `b = t^(2^(i-2))`; if `b ≠ 1` then `z = z c`, `t = t c^2`;
//! `c = c^2` — always `T` iterations, the `if` replaced by selects.
//!
//! The select is done in field arithmetic, so the algorithm stays generic over any
//! [`PrimeFieldOps`] and is constant-time exactly when the field's `mul`, `add`, `sub`
//! and `div_small` are: for a square `a`, `b = ±1`, so `m = (1 - b)/2 ∈ {0, 1}` and
//! `z ← z + m (z c - z)`, `t ← t + m (t c - t)`. (For a non-square `b` may be any
//! element; the result is then wrong and the final check rejects it.)
//! The exponent `(s-1)/2` is public, so the binary method's sequence is fixed.
//! Cost (M + S, squarings counted): exactly `LW((s-1)/2) + 2 + (T^2 - T)/2 + 5T + 1`
//! for every input (`x^((s-1)/2)`, 2 to start, `i - 2` squarings and 4M + 1S in each
//! of the `T` iterations, 1S for the check), plus `T(4A + 1 div2)`; checked in
//! `tests/it/prime_opcounts.rs`.
//! Preconditions: none (any odd p).
//! Constant-time: yes, given a constant-time field; the only branch is the final
//! `z^2 = a` check, which reveals whether `a` is a square (the answer itself).

use crate::prime::qr::{pow_binary, TwoAdic};
use crate::prime::PrimeFieldOps;

/// A square root of `a` by a fixed operation sequence, or `None` if `a` is not a
/// square.
pub fn sqrt<F: PrimeFieldOps + ?Sized>(
    f: &F,
    tw: &TwoAdic<F::Elem>,
    a: &F::Elem,
) -> Option<F::Elem> {
    let n = tw.t() + 1;
    let one = f.one();
    let mut z = pow_binary(f, a, tw.s_minus_1_half());
    let mut t = f.mul(&f.sqr(&z), a);
    z = f.mul(&z, a);
    let mut c = tw.c()[0].clone();
    for i in (2..=n).rev() {
        let mut b = t.clone();
        for _ in 0..(i - 2) {
            b = f.sqr(&b);
        }
        // m = 1 if b = -1, 0 if b = 1.
        let m = f.div_small(&f.sub(&one, &b), 2)?;
        let zt = f.mul(&z, &c);
        z = f.add(&z, &f.mul(&m, &f.sub(&zt, &z)));
        c = f.sqr(&c);
        let tt = f.mul(&t, &c);
        t = f.add(&t, &f.mul(&m, &f.sub(&tt, &t)));
    }
    if f.sqr(&z) == *a {
        Some(z)
    } else {
        None
    }
}
