//! The Jacobi symbol by the binary GCD on two-word approximations (Pornin's optimized
//! binary GCD with Jacobi sign tracking, certified variable-time variant).
//!
//! Source: T. Pornin, "Optimized Binary GCD for Modular Inversion", IACR ePrint 2020/972,
//! Algorithm 2 (approximations of `a`, `b` from their top and bottom bits, inner steps
//! on single words collected into a 2×2 matrix applied to the full values), and its
//! Legendre-symbol use in Pornin's ecGFp5 (ePrint 2022/274, §3.5) and libsecp256k1's
//! `secp256k1_jacobi`; the sign rules are those of Shallit–Sorenson's binary Jacobi
//! algorithm: `(2|b) = −1` iff `b ≡ 3, 5 (mod 8)`, reciprocity flips iff both odd
//! operands are `3 mod 4`, `(a − b | b) = (a | b)`.
//!
//! Differences from Pornin's constant-time Algorithm 2, for speed on public inputs:
//!
//! * the approximation is two separate words: `ah`, the top 63 bits of `a` taken at the
//!   bit position where `max(a, b)` has its top bit (63 so that the sign of `ah − bh`
//!   is its top bit), and `al`, the low 64 bits (exact);
//!   a batch runs up to 62 halvings, so matrix entries stay below `2^62` in absolute
//!   value (one `i64`) and the full update divides by `2^62`;
//! * each inner iteration is a whole "subtract, strip all factors of two" step (count
//!   trailing zeros, shift once): about `0.7·b` iterations for `b`-bit inputs (155 in
//!   the batches plus 25 in the one-word tail at 256 bits), each a 5-cycle dependency
//!   chain `sub → tzcnt → shift`. The conditional swap is done with masks (`b ← b +
//!   ((a − b) & m)`, `a ← ((a − b) ^ m) − m`), never a branch: it is taken half the
//!   time at random, and the select form let the compiler turn it into a branch
//!   (mispredicted about every other step: 1.6× slower at 256 bits). The only
//!   branches are the batch exits (certification failure, shifts used up);
//! * every comparison is *certified*: after `t` inner steps the error of `ah` (in units
//!   of `2^(n−64)`) is below `t + 1`, so `|ah − bh| ≥ 128` proves the sign of `a − b`;
//!   otherwise the batch ends early (rare: the top 64 bits agree to 7 bits). All values
//!   therefore stay non-negative and the sign tracking is exact; a batch that cannot
//!   make a certified step does one exact full-width subtraction instead.
//!
//! Tried and not kept: Pornin's one-word layout (top 32 bits of the window above the
//! exact low 31 bits, the two matrix rows packed as `u + v·2^32` in one word each, 29
//! halvings per matrix update, certified with margin 2^32): about 10 fewer µops per
//! step but twice the matrix updates; measured against this two-word form (BMI build,
//! min of 30 runs, same inputs) 441 / 595 / 1419 / 3512 ns against 413 / 588 / 1263 /
//! 2824 ns at 192 / 256 / 512 / 1024 bits.
//!
//! The matrix rows are kept as `backend::matrix_rows` gives them (two SSE2 vectors; in
//! the AVX-512 build of `backend::bmi` the conditional swap is done with mask
//! registers): the inner step issues about 37 µops for a 5-cycle dependency chain, so
//! the µops saved there show in the time (256 bits: 484 → 471 → 436 ns).
//!
//! Once both values fit one word the same loop runs exactly on `u64` (no matrix).
//! On x86-64 with BMI1 + BMI2 the whole function is compiled a second time with those
//! features (`backend::bmi`: TZCNT and SHRX/SHLX shorten the step's dependency chain,
//! about 10 % faster), chosen at run time.
//! Cost at `b` bits: about `0.7·b` inner iterations plus `⌈1.4·b/62⌉` matrix updates on a
//! shrinking number of limbs (at 256 bits about 5 updates of ≤ 4 limbs). Preconditions:
//! `p` odd. Variable time: branches and iteration counts depend on the operands, so use
//! only on public values (the Legendre symbols in this crate's API are of public
//! values: square-root and quadratic-residuosity decisions on non-secret inputs).

use crate::prime::backend::{DefaultRows, MatrixRows};

/// Halvings per batch: entries of the 2×2 matrix stay below `2^62` in absolute value.
const K: u32 = 62;

/// Certification margin for `ah − bh` (the approximation error is below `63` units per
/// operand after at most 62 inner steps, so `|ah − bh| ≥ 126` fixes the sign).
const MARGIN: u64 = 128;

/// A batch's transition matrix `(ua va; ub vb)`, scaled so that
/// `2^62·(a', b') = (ua·a + va·b, ub·a + vb·b)`, and the number of halvings it made.
#[derive(Clone, Copy, Debug)]
struct Batch {
    ua: i64,
    va: i64,
    ub: i64,
    vb: i64,
    shifts: u32,
}

/// Up to 62 certified binary-GCD steps on approximations (`bl` odd). `j` collects the
/// sign flips of `(a | b)` in bit 1 (bit 1 is where both reciprocity, `a & b`, and
/// `(2 | b) = b ^ (b >> 1)` have their information).
#[inline(always)]
fn batch<R: MatrixRows>(
    tok: R::Token,
    ah: u64,
    mut al: u64,
    bh: u64,
    mut bl: u64,
    j: &mut u64,
) -> Batch {
    // 63-bit windows: the sign of `ah − bh` is then its top bit, a mask without flags.
    let (mut ah, mut bh) = (ah >> 1, bh >> 1);
    // Rows as two's-complement words: 2^s·a = ua·A + va·B, 2^s·b = ub·A + vb·B.
    let mut rows = R::identity(tok);
    let mut rem = K;
    let mut jj = *j;
    // The (2 | b)^z flips, collected in bit 0 (see `two_flip`).
    let mut j2 = 0u64;
    // Make a odd first.
    let z = al.trailing_zeros().min(rem);
    ah >>= z;
    al >>= z;
    rows.shift_b(z);
    rem -= z;
    j2 ^= two_flip(bl, z);
    while rem > 0 {
        // a, b odd, both non-negative. |a − b| and which of the two is smaller, as
        // masks (no data-dependent branch: the swap is unpredictable).
        let dh = ah.wrapping_sub(bh);
        let m = ((dh as i64) >> 63) as u64;
        let nah = (dh ^ m).wrapping_sub(m);
        if nah < MARGIN {
            // The sign of a − b is not certified: stop here.
            break;
        }
        let dl = al.wrapping_sub(bl);
        // dl = 0 (a = b) gives 63 ≥ rem: the batch ends.
        let z = dl.trailing_zeros();
        let nal = (dl ^ m).wrapping_sub(m);
        // Swap when a < b: reciprocity flips iff both are 3 mod 4; b ← a is
        // b + (a − b).
        jj ^= al & bl & m;
        bh = bh.wrapping_add(dh & m);
        bl = bl.wrapping_add(dl & m);
        rows.sub_swap(m);
        // Halve by the trailing zeros (by what is left of the batch if fewer: the
        // exact low bits run out).
        if z >= rem {
            // The batch ends here: only `rem` more halvings are certain.
            rows.shift_b(rem);
            j2 ^= two_flip(bl, rem);
            rem = 0;
            break;
        }
        ah = nah >> z;
        al = nal >> z;
        rows.shift_b(z);
        rem -= z;
        // (2 | b)^z.
        j2 ^= two_flip(bl, z);
    }
    *j = jj ^ ((j2 & 1) << 1);
    // Scale both rows to 2^62.
    let (ua, va, ub, vb) = rows.scaled(rem);
    Batch {
        ua: ua as i64,
        va: va as i64,
        ub: ub as i64,
        vb: vb as i64,
        shifts: K - rem,
    }
}

/// Bit 0 is set iff `(2 | b)^z = −1`, for odd `b` (other bits: garbage): `(2 | b) = −1`
/// iff `b ≡ 3, 5 (mod 8)`, which is bit `b mod 8` of `0x28`. The constant repeats
/// that byte so that the shift may take `b mod 64` (SHRX reads only the low 6 bits of
/// its count): one shift, one AND with `z`, where the bit formula took five µops.
#[inline(always)]
fn two_flip(b: u64, z: u32) -> u64 {
    (0x2828_2828_2828_2828u64 >> (b & 63)) & z as u64
}

/// `(a, b) ← (ua·a + va·b, ub·a + vb·b) / 2^62` on the low `len` limbs (exact, and both
/// results are non-negative and below the old maximum).
#[inline(always)]
fn apply<const N: usize>(a: &mut [u64; N], b: &mut [u64; N], len: usize, t: &Batch) {
    let (ua, va, ub, vb) = (t.ua as i128, t.va as i128, t.ub as i128, t.vb as i128);
    let (a0, b0) = (a[0] as i128, b[0] as i128);
    let mut ca = ua * a0 + va * b0;
    let mut cb = ub * a0 + vb * b0;
    let mut la = ca as u64;
    let mut lb = cb as u64;
    ca >>= 64;
    cb >>= 64;
    for i in 1..len {
        let (ai, bi) = (a[i] as i128, b[i] as i128);
        ca += ua * ai + va * bi;
        cb += ub * ai + vb * bi;
        let (ha, hb) = (ca as u64, cb as u64);
        a[i - 1] = (la >> 62) | (ha << 2);
        b[i - 1] = (lb >> 62) | (hb << 2);
        la = ha;
        lb = hb;
        ca >>= 64;
        cb >>= 64;
    }
    a[len - 1] = (la >> 62) | ((ca as u64) << 2);
    b[len - 1] = (lb >> 62) | ((cb as u64) << 2);
}

/// The Jacobi symbol tail on single words: `(a | b)·(−1)^(bit 1 of j)` for odd `b`. Branch-free
/// steps (one compare-and-swap, one subtraction, one shift by the trailing zeros).
#[inline]
pub(crate) fn jacobi_word(mut a: u64, mut b: u64, mut j: u64) -> i8 {
    if a == 0 {
        return if b == 1 { sign(j) } else { 0 };
    }
    let z = a.trailing_zeros();
    a >>= z;
    j ^= ((z as u64) << 1) & (b ^ (b >> 1));
    loop {
        let (d, sw) = a.overflowing_sub(b);
        if d == 0 {
            return if a == 1 { sign(j) } else { 0 };
        }
        let z = d.trailing_zeros();
        let nd = if sw { d.wrapping_neg() } else { d };
        j ^= if sw { a & b } else { 0 };
        b = if sw { a } else { b };
        a = nd >> z;
        j ^= ((z as u64) << 1) & (b ^ (b >> 1));
    }
}

#[inline(always)]
fn sign(j: u64) -> i8 {
    1 - 2 * ((j >> 1) & 1) as i8
}

/// One exact step on the full limbs when no certified approximate step exists: with `a`,
/// `b` odd, swap if `a < b` (reciprocity), then `a ← a − b`. Returns `false` when
/// `a = b` (then `gcd(a, b) = a > 1` since the values span several limbs).
fn exact_step<const N: usize>(a: &mut [u64; N], b: &mut [u64; N], len: usize, j: &mut u64) -> bool {
    let mut lt = false;
    let mut eq = true;
    for i in (0..len).rev() {
        if a[i] != b[i] {
            lt = a[i] < b[i];
            eq = false;
            break;
        }
    }
    if eq {
        return false;
    }
    if lt {
        core::mem::swap(a, b);
        *j ^= a[0] & b[0];
    }
    let mut borrow = false;
    for i in 0..len {
        let (d, b1) = a[i].overflowing_sub(b[i]);
        let (d, b2) = d.overflowing_sub(borrow as u64);
        a[i] = d;
        borrow = b1 | b2;
    }
    true
}

/// The Jacobi symbol `(x | n)` for odd `n`, both as `N` little-endian limbs (any
/// `x < 2^(64N)`), by the BMI1/BMI2 build of [`jacobi_bingcd_portable`] when the CPU
/// has them. Variable time.
pub(crate) fn jacobi_bingcd<const N: usize>(x: &[u64; N], n: &[u64; N]) -> i8 {
    match crate::prime::backend::BmiToken::detect() {
        Some(tok) => crate::prime::backend::jacobi_bingcd_bmi(tok, x, n),
        None => jacobi_bingcd_portable(x, n),
    }
}

/// The Jacobi symbol `(x | n)` for odd `n`, both as `N` little-endian limbs (any
/// `x < 2^(64N)`), compiled for the baseline CPU. Variable time.
#[inline(always)]
pub(crate) fn jacobi_bingcd_portable<const N: usize>(x: &[u64; N], n: &[u64; N]) -> i8 {
    jacobi_bingcd_with::<N, DefaultRows>((), x, n)
}

/// [`jacobi_bingcd_portable`] with the batch matrix rows kept as `R`
/// (`backend::matrix_rows`): the CPU-specific builds of `backend::bmi` pick theirs.
#[inline(always)]
pub(crate) fn jacobi_bingcd_with<const N: usize, R: MatrixRows>(
    tok: R::Token,
    x: &[u64; N],
    n: &[u64; N],
) -> i8 {
    let mut a = *x;
    let mut b = *n;
    let mut j = 0u64;
    let mut len = N;
    if N > 1 && a.iter().all(|&w| w == 0) {
        // (0 | n) = 0 unless n = 1; no step below can make a non-zero a zero.
        return jacobi_word(
            0,
            if b[1..].iter().all(|&w| w == 0) {
                b[0]
            } else {
                0
            },
            0,
        );
    }
    loop {
        while len > 1 && (a[len - 1] | b[len - 1]) == 0 {
            len -= 1;
        }
        if len == 1 {
            return jacobi_word(a[0], b[0], j);
        }
        let top = a[len - 1] | b[len - 1];
        let lz = top.leading_zeros();
        let hi = |x: &[u64; N]| {
            if lz == 0 {
                x[len - 1]
            } else {
                (x[len - 1] << lz) | (x[len - 2] >> (64 - lz))
            }
        };
        let t = batch::<R>(tok, hi(&a), a[0], hi(&b), b[0], &mut j);
        if t.shifts == 0 {
            if !exact_step(&mut a, &mut b, len, &mut j) {
                return 0;
            }
        } else {
            apply(&mut a, &mut b, len, &t);
        }
    }
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;
    use crate::prime::legendre::jacobi;
    use num_bigint::BigUint;
    use rand::{RngCore, SeedableRng};

    fn to_big(x: &[u64]) -> BigUint {
        x.iter()
            .rev()
            .fold(BigUint::default(), |acc, &w| (acc << 64) + BigUint::from(w))
    }

    fn jacobi_word_matches_big_integer_jacobi() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(9);
        for round in 0..20000 {
            let b = (rng.next_u64() >> (round % 64)) | 1;
            let a = match round % 5 {
                0 => rng.next_u64() % 1000,
                1 => b.wrapping_sub(rng.next_u64() % 8),
                _ => rng.next_u64() >> (rng.next_u32() % 64),
            };
            let want = jacobi(&BigUint::from(a), &BigUint::from(b));
            assert_eq!(Some(jacobi_word(a, b, 0)), want, "a={a} b={b}");
        }
    }

    fn batch_matrix_matches_exact_values_and_signs() {
        // Oracle: apply the matrix to the exact big integers; the results must be
        // non-negative integers (exact division) and the flag must record the change of
        // the big-integer Jacobi symbol.
        let mut rng = rand::rngs::StdRng::seed_from_u64(10);
        for round in 0..3000 {
            let n = 2 + round % 3;
            let mut p: Vec<u64> = (0..n).map(|_| rng.next_u64()).collect();
            p[0] |= 1;
            let mut x: Vec<u64> = (0..n).map(|_| rng.next_u64()).collect();
            if round % 4 == 0 {
                x[n - 1] >>= rng.next_u32() % 64;
            }
            if round % 7 == 0 {
                x[0] = 0;
            }
            let (pb, xb) = (to_big(&p), to_big(&x));
            let top = p[n - 1] | x[n - 1];
            let lz = top.leading_zeros();
            let bits = 64 * n as u32 - lz;
            if bits <= 64 {
                continue;
            }
            let hi = |v: &BigUint| {
                let w = v >> (bits - 64);
                w.iter_u64_digits().next().unwrap_or(0)
            };
            let mut j = 0u64;
            let t = batch::<DefaultRows>((), hi(&xb), x[0], hi(&pb), p[0], &mut j);
            let sa = num_bigint::BigInt::from(t.ua) * num_bigint::BigInt::from(xb.clone())
                + num_bigint::BigInt::from(t.va) * num_bigint::BigInt::from(pb.clone());
            let sb = num_bigint::BigInt::from(t.ub) * num_bigint::BigInt::from(xb.clone())
                + num_bigint::BigInt::from(t.vb) * num_bigint::BigInt::from(pb.clone());
            let m = (num_bigint::BigInt::from(1u8) << 62u32) - 1;
            assert_eq!(&sa & &m, num_bigint::BigInt::from(0u8));
            assert_eq!(&sb & &m, num_bigint::BigInt::from(0u8));
            let a1 = (sa >> 62u32).to_biguint().expect("a stays non-negative");
            let b1 = (sb >> 62u32).to_biguint().expect("b stays non-negative");
            assert!(b1.bit(0), "b stays odd");
            let before = jacobi(&xb, &pb);
            let after = jacobi(&a1, &b1);
            let want = if j & 2 == 2 {
                before.map(|s| -s)
            } else {
                before
            };
            assert_eq!(after, want, "x={xb:x} p={pb:x}");
        }
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        (
            "jacobi_word_matches_big_integer_jacobi",
            jacobi_word_matches_big_integer_jacobi,
        ),
        (
            "batch_matrix_matches_exact_values_and_signs",
            batch_matrix_matches_exact_values_and_signs,
        ),
    ];
}
