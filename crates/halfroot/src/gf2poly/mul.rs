//! Products and squares of dense GF(2)\[X\] polynomials stored as little-endian words.
//!
//! * [`schoolbook`]: product scanning with 64×64-bit carry-less word products
//!   (Hankerson–Menezes–Vanstone, *Guide to ECC*, Alg. 2.33); `la·lb` word products.
//! * [`karatsuba`]: recursive Karatsuba–Ofman (Knuth, TAOCP vol. 2, §4.3.3.A) on word
//!   halves down to a schoolbook base case of fewer than `threshold` words;
//!   `O(n^log2(3))` word products. Unbalanced operands are cut into balanced blocks.
//! * [`sqr`]: squaring by bit spreading (Guide to ECC §2.3.4), linear time.
//!
//! Preconditions: none (empty slices are the zero polynomial). Outputs are not
//! normalised (they may carry leading zero words). Variable-time in the lengths only.

use super::backend;

/// Operand size in words from which [`karatsuba`] splits instead of calling the
/// schoolbook kernel; measured with `cargo bench --bench gf2poly -- karatsuba_threshold`
/// on an AMD Zen 5 with PCLMULQDQ.
pub const KARATSUBA_THRESHOLD: usize = 24;

/// Schoolbook product `a · b`, `a.len() + b.len()` words (empty if either is empty).
pub fn schoolbook(a: &[u64], b: &[u64]) -> Vec<u64> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut out = vec![0u64; a.len() + b.len()];
    backend::mul_basecase(a, b, &mut out);
    out
}

/// Karatsuba product `a · b` with base case below `threshold` words (at least 2 is
/// used), `a.len() + b.len()` words (empty if either is empty).
pub fn karatsuba(a: &[u64], b: &[u64], threshold: usize) -> Vec<u64> {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut out = vec![0u64; a.len() + b.len()];
    mul_into(a, b, &mut out, threshold.max(2));
    out
}

/// The everyday product: [`karatsuba`] with [`KARATSUBA_THRESHOLD`].
pub fn mul(a: &[u64], b: &[u64]) -> Vec<u64> {
    karatsuba(a, b, KARATSUBA_THRESHOLD)
}

/// `out ^= a · b` for any lengths; `out.len() ≥ a.len() + b.len()`.
fn mul_into(a: &[u64], b: &[u64], out: &mut [u64], t: usize) {
    let (a, b) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    if b.is_empty() {
        return;
    }
    if b.len() < t {
        backend::mul_basecase(a, b, out);
        return;
    }
    // Cut the longer operand into blocks of the shorter one's length (one block when
    // balanced); each block product is a balanced Karatsuba product.
    let n = b.len();
    let mut prod = vec![0u64; 2 * n];
    let mut scratch = vec![0u64; scratch_len(n, t)];
    let mut off = 0;
    while off < a.len() {
        let end = (off + n).min(a.len());
        if end - off == n {
            karatsuba_balanced(&a[off..end], b, &mut prod, &mut scratch, t);
            for (o, p) in out[off..].iter_mut().zip(&prod) {
                *o ^= p;
            }
        } else {
            mul_into(&a[off..end], b, &mut out[off..], t);
        }
        off = end;
    }
}

/// The split point of an `n`-word operand: about `n/2`, even when possible so that
/// the halves stay aligned to the kernels' 2-word blocks.
fn split(n: usize) -> usize {
    let m = n.div_ceil(2);
    if m % 2 == 1 && m + 1 < n {
        m + 1
    } else {
        m
    }
}

/// Scratch words [`karatsuba_balanced`] needs for `n`-word operands.
fn scratch_len(n: usize, t: usize) -> usize {
    if n < t {
        0
    } else {
        let m = split(n);
        4 * m + scratch_len(m, t)
    }
}

/// `out = a · b` (overwritten, `out.len() == 2n`) for `a.len() == b.len() == n`;
/// `scratch.len() ≥ scratch_len(n, t)`.
fn karatsuba_balanced(a: &[u64], b: &[u64], out: &mut [u64], scratch: &mut [u64], t: usize) {
    let n = a.len();
    if n < t {
        out.fill(0);
        backend::mul_basecase(a, b, out);
        return;
    }
    let m = split(n);
    let h = n - m;
    let (a0, a1) = a.split_at(m);
    let (b0, b1) = b.split_at(m);
    // z0 = a0 b0 in out[..2m], z2 = a1 b1 in out[2m..2n],
    // z1 = (a0 + a1)(b0 + b1) + z0 + z2 added at word m.
    {
        let (lo, hi) = out.split_at_mut(2 * m);
        karatsuba_balanced(a0, b0, lo, scratch, t);
        if h < t {
            hi.fill(0);
            backend::mul_basecase(a1, b1, hi);
        } else {
            karatsuba_balanced(a1, b1, hi, scratch, t);
        }
    }
    let (sa, rest) = scratch.split_at_mut(m);
    let (sb, rest) = rest.split_at_mut(m);
    let (z1, rest) = rest.split_at_mut(2 * m);
    sa.copy_from_slice(a0);
    sb.copy_from_slice(b0);
    for (x, y) in sa.iter_mut().zip(a1) {
        *x ^= y;
    }
    for (x, y) in sb.iter_mut().zip(b1) {
        *x ^= y;
    }
    karatsuba_balanced(sa, sb, z1, rest, t);
    for (x, y) in z1.iter_mut().zip(&out[..2 * m]) {
        *x ^= y;
    }
    for (x, y) in z1.iter_mut().zip(&out[2 * m..]) {
        *x ^= y;
    }
    for (o, z) in out[m..].iter_mut().zip(z1.iter()) {
        *o ^= z;
    }
}

/// The square of `a` by spreading every bit `i` to bit `2i`: `2·a.len()` words
/// (PCLMULQDQ `w·w` per word when available).
pub fn sqr(a: &[u64]) -> Vec<u64> {
    let mut out = vec![0u64; 2 * a.len()];
    backend::sqr(a, &mut out);
    out
}
