//! Division with remainder and greatest common divisors in GF(2)\[X\].
//!
//! Source: schoolbook long division (Knuth, TAOCP vol. 2, §4.6.1, Algorithm D over
//! GF(2)) and Euclid's algorithm (§4.6.1, Algorithm E), both in place on words. Each
//! step finds up to 64 quotient bits from the top 64 coefficients of dividend and
//! divisor, then subtracts `quotient-word · divisor` (one carry-less row product).
//! Cost: divrem `O(⌈(deg a − deg b + 1)/64⌉·⌈deg b/64⌉)` word products; gcd
//! `O(deg a·deg b/64²)` word products plus `O(deg a)` bit steps. Variable-time (public polynomials only).
//! Preconditions: the divisor is non-zero (callers return `None` otherwise).

/// Degree of a word slice (index of its highest set bit), `None` for zero.
pub(crate) fn degree_of(w: &[u64]) -> Option<usize> {
    let top = w.iter().rposition(|&x| x != 0)?;
    Some(64 * top + 63 - w[top].leading_zeros() as usize)
}

/// Degree of `w`, knowing that it is at most `hint` (scans down from `hint`).
fn degree_below(w: &[u64], hint: usize) -> Option<usize> {
    let mut i = hint / 64;
    let mut word = w[i] & (u64::MAX >> (63 - hint % 64));
    loop {
        if word != 0 {
            return Some(64 * i + 63 - word.leading_zeros() as usize);
        }
        if i == 0 {
            return None;
        }
        i -= 1;
        word = w[i];
    }
}

/// `dst ^= src · X^shift`; `dst` must be long enough for the shifted `src`
/// (`dst.len() ≥ (deg src + shift)/64 + 1`); words of `src` beyond that must be zero.
pub(crate) fn xor_shifted(dst: &mut [u64], src: &[u64], shift: usize) {
    let (ws, bs) = (shift / 64, shift % 64);
    let n = dst.len();
    if bs == 0 {
        for (j, &s) in src.iter().enumerate() {
            if ws + j < n {
                dst[ws + j] ^= s;
            }
        }
    } else {
        for (j, &s) in src.iter().enumerate() {
            if s == 0 {
                continue;
            }
            let k = ws + j;
            if k < n {
                dst[k] ^= s << bs;
            }
            if k + 1 < n {
                dst[k + 1] ^= s >> (64 - bs);
            }
        }
    }
}

/// The `k ≤ 64` coefficients of `w` at degrees `d, d−1, …, d−k+1` packed with degree
/// `d` at bit `k−1` (coefficients at negative degrees read as zero).
fn top_bits(w: &[u64], d: usize, k: usize) -> u64 {
    let window = if d >= 63 {
        let lo = d - 63;
        let (i, sh) = (lo / 64, lo % 64);
        if sh == 0 {
            w[i]
        } else {
            (w[i] >> sh) | (w.get(i + 1).copied().unwrap_or(0) << (64 - sh))
        }
    } else {
        w[0] << (63 - d)
    };
    window >> (64 - k)
}

/// Reduces `r` in place modulo `b` (`b` normalised, non-zero, of degree `db`);
/// sets the quotient bits in `q` when given. Returns the degree of the remainder.
///
/// Up to 64 quotient bits per step: the top `k` quotient coefficients depend only on
/// the top `k` coefficients of `r` and of `b`, so they are found by a 64-bit division
/// of those, and `r` is updated by one word-times-polynomial product.
fn reduce_in_place(
    r: &mut [u64],
    b: &[u64],
    db: usize,
    mut q: Option<&mut Vec<u64>>,
) -> Option<usize> {
    let mut row = vec![0u64; b.len() + 1];
    let mut dr = degree_of(r);
    while let Some(d) = dr {
        if d < db {
            break;
        }
        let s = d - db;
        let k = (s + 1).min(64);
        let top_r = top_bits(r, d, k);
        let top_b = top_bits(b, db, k);
        let mut quo = 0u64;
        let mut rem = top_r;
        for i in (0..k).rev() {
            if (rem >> i) & 1 == 1 {
                quo |= 1u64 << i;
                rem ^= top_b >> (k - 1 - i);
            }
        }
        let shift = s + 1 - k;
        row.fill(0);
        super::backend::mul_basecase(&[quo], b, &mut row);
        xor_shifted(r, &row, shift);
        if let Some(q) = q.as_deref_mut() {
            xor_shifted(q, &[quo], shift);
        }
        dr = degree_below(r, d);
    }
    dr
}

/// `(a div b, a mod b)` as word vectors (not normalised); `b` must be non-zero.
pub(crate) fn divrem_words(a: &[u64], b: &[u64]) -> Option<(Vec<u64>, Vec<u64>)> {
    let db = degree_of(b)?;
    let b = &b[..db / 64 + 1];
    let mut r = a.to_vec();
    let da = degree_of(a);
    let mut q = match da {
        Some(da) if da >= db => vec![0u64; (da - db) / 64 + 1],
        _ => Vec::new(),
    };
    reduce_in_place(&mut r, b, db, Some(&mut q));
    r.truncate(db / 64 + 1);
    Some((q, r))
}

/// `a mod b` as a word vector (not normalised); `b` must be non-zero.
pub(crate) fn rem_words(a: &[u64], b: &[u64]) -> Option<Vec<u64>> {
    let db = degree_of(b)?;
    let b = &b[..db / 64 + 1];
    let mut r = a.to_vec();
    reduce_in_place(&mut r, b, db, None);
    r.truncate(db / 64 + 1);
    Some(r)
}

/// `gcd(a, b)` (monic, i.e. normalised; zero only when both are zero).
pub(crate) fn gcd_words(a: &[u64], b: &[u64]) -> Vec<u64> {
    let mut x = a.to_vec();
    let mut y = b.to_vec();
    let mut dx = degree_of(&x);
    let mut dy = degree_of(&y);
    loop {
        // Invariant: gcd(x, y) is the answer; make y the one of higher or equal degree.
        match (dx, dy) {
            (None, _) => return trimmed(y),
            (_, None) => return trimmed(x),
            (Some(ex), Some(ey)) => {
                if ex > ey {
                    core::mem::swap(&mut x, &mut y);
                    core::mem::swap(&mut dx, &mut dy);
                    continue;
                }
                // deg x ≤ deg y: y ← y mod x.
                let xs = &x[..ex / 64 + 1];
                dy = reduce_in_place(&mut y, xs, ex, None);
                y.truncate(ex / 64 + 1);
            }
        }
    }
}

fn trimmed(mut v: Vec<u64>) -> Vec<u64> {
    while v.last() == Some(&0) {
        v.pop();
    }
    v
}
