//! The naive GF(2^d) oracle: bit vectors in `Vec<u64>` of any length, the product
//! modulo P by Horner over the bits of `a`, one shift and conditional subtraction of P
//! per bit, written from scratch and sharing no code with `halfroot::binary`. Used by
//! tests/binary/binary_arith.rs and tests/it/binary_packed.rs.

/// Bit `i` of `x` (false past its end).
pub fn bit(x: &[u64], i: usize) -> bool {
    i / 64 < x.len() && (x[i / 64] >> (i % 64)) & 1 == 1
}

/// Flips bit `i` of `x`.
pub fn flip(x: &mut [u64], i: usize) {
    x[i / 64] ^= 1 << (i % 64);
}

/// `a·b mod P` by Horner on the bits of `a` (b must be reduced).
pub fn naive_mulmod(a: &[u64], b: &[u64], exps: &[u32]) -> Vec<u64> {
    let d = exps[0] as usize;
    let words = a.len();
    let mut r = vec![0u64; words + 1];
    for i in (0..64 * a.len()).rev() {
        // r = r·x mod P
        let mut carry = 0u64;
        for w in r.iter_mut() {
            let nc = *w >> 63;
            *w = (*w << 1) | carry;
            carry = nc;
        }
        if bit(&r, d) {
            for &k in exps {
                flip(&mut r, k as usize);
            }
        }
        if bit(a, i) {
            for (w, &y) in r.iter_mut().zip(b.iter()) {
                *w ^= y;
            }
        }
    }
    r.truncate(words);
    r
}
