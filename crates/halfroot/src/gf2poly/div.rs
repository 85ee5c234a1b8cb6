//! Division with remainder and greatest common divisors in GF(2)\[X\].
//!
//! Source: schoolbook long division (Knuth, TAOCP vol. 2, §4.6.1, Algorithm D over
//! GF(2), one quotient bit per step) and Euclid's algorithm (§4.6.1, Algorithm E), both
//! working in place on words: each step adds a shifted copy of the divisor.
//! Cost: divrem `O((deg a − deg b + 1)·⌈deg b/64⌉)` word operations; gcd
//! `O(deg a·deg b/64)`. Variable-time (public polynomials only).
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

/// Reduces `r` in place modulo `b` (`b` normalised, non-zero, of degree `db`);
/// sets the quotient bits in `q` when given. Returns the degree of the remainder.
fn reduce_in_place(
    r: &mut [u64],
    b: &[u64],
    db: usize,
    mut q: Option<&mut Vec<u64>>,
) -> Option<usize> {
    let mut dr = degree_of(r);
    while let Some(d) = dr {
        if d < db {
            break;
        }
        let s = d - db;
        xor_shifted(r, b, s);
        if let Some(q) = q.as_deref_mut() {
            q[s / 64] |= 1u64 << (s % 64);
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
