//! Portable schoolbook product of word slices (product scanning), and squaring.
//!
//! Source: Hankerson–Menezes–Vanstone, *Guide to ECC*, Alg. 2.33 with the 64×64-bit
//! carry-less product of [`crate::binary::portable::clmul64`].
//! Cost: `a.len()·b.len()` word products. Constant-time in the data (not in the lengths).

use crate::binary::portable::{clmul64, spread32};

/// `out[..a.len() + b.len()] ^= a · b` (carry-less), column by column.
///
/// Requires `out.len() ≥ a.len() + b.len()`.
pub fn mul_basecase(a: &[u64], b: &[u64], out: &mut [u64]) {
    if a.is_empty() || b.is_empty() {
        return;
    }
    let (la, lb) = (a.len(), b.len());
    let mut carry = 0u64;
    for k in 0..la + lb - 1 {
        let lo_i = k.saturating_sub(lb - 1);
        let hi_i = k.min(la - 1);
        let (mut l, mut h) = (carry, 0u64);
        for i in lo_i..=hi_i {
            let (pl, ph) = clmul64(a[i], b[k - i]);
            l ^= pl;
            h ^= ph;
        }
        out[k] ^= l;
        carry = h;
    }
    out[la + lb - 1] ^= carry;
}

/// `out[..2·a.len()] = a²` by spreading bit `i` to bit `2i` (Guide to ECC §2.3.4).
///
/// Requires `out.len() ≥ 2·a.len()`.
pub fn sqr(a: &[u64], out: &mut [u64]) {
    for (&w, o) in a.iter().zip(out.chunks_exact_mut(2)) {
        o[0] = spread32(w as u32);
        o[1] = spread32((w >> 32) as u32);
    }
}
