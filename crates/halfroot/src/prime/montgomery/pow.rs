//! Exponentiation in [`Fp<N>`]: sliding window (variable time) and fixed window
//! (constant time).
//!
//! Source: Menezes–van Oorschot–Vanstone, *Handbook of Applied Cryptography*,
//! Algorithm 14.85 (sliding-window exponentiation) and Algorithm 14.82 (left-to-right
//! k-ary, here with k = 2^4 and the table entry picked by a masked scan).
//!
//! Cost for an `ℓ`-bit exponent: sliding window about `ℓ` S + `ℓ/(w+1)` M +
//! `2^(w−1)` M precomputation, `w` from 1 to 6 by `ℓ`; fixed window `64·len(e)` S +
//! `16·len(e)` M + 14 M precomputation, whatever the exponent's value.
//! Constant-time: [`Fp::pow`] is, in the value of `a` and `e` (not in `e`'s length);
//! [`Fp::pow_sliding_vartime`] is not.

use super::{Fp, FpElem};
use subtle::{ConditionallySelectable, ConstantTimeEq};

/// Window width for the sliding-window method for an exponent of `bits` bits.
fn window_for(bits: usize) -> usize {
    match bits {
        0..=24 => 1,
        25..=80 => 3,
        81..=240 => 4,
        241..=672 => 5,
        _ => 6,
    }
}

impl<const N: usize> Fp<N> {
    /// `a^e` by sliding windows; `e` little-endian 64-bit words. Variable time in `e`.
    pub fn pow_sliding_vartime(&self, a: &FpElem<N>, e: &[u64]) -> FpElem<N> {
        let bits = super::limbs::bit_len(e) as usize;
        if bits == 0 {
            return FpElem(self.r1);
        }
        let bit = |i: usize| (e[i / 64] >> (i % 64)) & 1;
        let w = window_for(bits);
        // Odd powers a, a^3, …, a^(2^w − 1).
        let mut table = Vec::with_capacity(1 << (w - 1));
        table.push(a.0);
        if w > 1 {
            let a2 = self.mont_sqr(&a.0);
            for k in 1..(1 << (w - 1)) {
                let next = self.mont_mul(&table[k - 1], &a2);
                table.push(next);
            }
        }
        let mut acc: Option<[u64; N]> = None;
        let mut i = bits as isize - 1;
        while i >= 0 {
            if bit(i as usize) == 0 {
                if let Some(x) = acc.as_mut() {
                    *x = self.mont_sqr(x);
                }
                i -= 1;
                continue;
            }
            // Longest window e[i..=j] of at most w bits ending in a one bit.
            let mut j = (i - w as isize + 1).max(0);
            while bit(j as usize) == 0 {
                j += 1;
            }
            let mut val = 0usize;
            for k in (j..=i).rev() {
                val = (val << 1) | bit(k as usize) as usize;
            }
            let entry = &table[val >> 1];
            acc = Some(match acc {
                None => *entry,
                Some(mut x) => {
                    for _ in j..=i {
                        x = self.mont_sqr(&x);
                    }
                    self.mont_mul(&x, entry)
                }
            });
            i = j - 1;
        }
        FpElem(acc.unwrap_or(self.r1))
    }

    /// `a^e` in constant time (fixed 4-bit windows over all `64·e.len()` bits, table
    /// entry selected by a masked scan of all 16 entries). Timing depends only on
    /// `e.len()`.
    pub fn pow(&self, a: &FpElem<N>, e: &[u64]) -> FpElem<N> {
        let mut table = [[0u64; N]; 16];
        table[0] = self.r1;
        table[1] = a.0;
        for k in 2..16 {
            table[k] = if k % 2 == 0 {
                self.mont_sqr(&table[k / 2])
            } else {
                self.mont_mul(&table[k - 1], &a.0)
            };
        }
        let mut acc = self.r1;
        let mut first = true;
        for word in e.iter().rev() {
            for nib in (0..16).rev() {
                let win = (word >> (4 * nib)) & 15;
                if !first {
                    for _ in 0..4 {
                        acc = self.mont_sqr(&acc);
                    }
                }
                first = false;
                let mut sel = [0u64; N];
                for (k, entry) in table.iter().enumerate() {
                    let c = (k as u64).ct_eq(&win);
                    for (s, &t) in sel.iter_mut().zip(entry.iter()) {
                        s.conditional_assign(&t, c);
                    }
                }
                acc = self.mont_mul(&acc, &sel);
            }
        }
        FpElem(acc)
    }
}
