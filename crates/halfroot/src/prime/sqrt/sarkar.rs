//! Square roots by windowed recovery of the 2-adic discrete logarithm, after Sarkar.
//!
//! Source: P. Sarkar, "Computing square roots faster than the Tonelli-Shanks/Bernstein
//! algorithm", IACR ePrint 2020/1407 (the structure as also implemented in halo2 and
//! decaf377): with `p - 1 = 2^n m` (`n = T + 1`, `m = s`), `g = c^m`,
//! `v = u^((m-1)/2)`, `x = u v^2 = g^(-e)`, split the `n` bits of `e` into windows
//! `ℓ_0, ..., ℓ_{k-1}` (low to high, `L_i = ℓ_0 + ... + ℓ_{i-1}`), precompute the chain
//! `X_i = x^(2^(n - L_{i+1}))` (`n - ℓ_0` squarings), and find the digits from the
//! lowest window up: `X_i ∏_{j<i} g^(d_j 2^(L_j + n - L_{i+1}))` equals
//! `g^(-d_i 2^(n - ℓ_i))`, whose exponent is read from one lookup table of
//! `g^(-ν 2^(n-w))`, `ν < 2^w`. Then `√u = u v g^(e/2)`, `g^(e/2)` being a product of
//! table entries.
//!
//! This file is our own implementation of that decomposition, written from the
//! description above; it is *not* checked line by line against Sarkar's paper (whose
//! exact operation-saving refinements may differ). Two variants:
//! - `sarkar` (basic): 1-bit windows; the "lookup" is a comparison with `±1` and the
//!   tables are just `c_j = g^(2^j)` — the same work pattern as MW-ST without P.QR's
//!   early exit;
//! - `sarkar_table`: windows of `w ≤ 6` bits ([`default_window`]) with a `2^w`-entry
//!   lookup table (searched linearly, elements need no hashing) and `g^(ν 2^σ)` tables
//!   for every shift `σ` the corrections and the output use.
//!
//! Cost: `LW((s-1)/2) + 1` for `v`, `x`, `uv`; `n - ℓ_0` squarings for the chain;
//! at most `k(k-1)/2` multiplications for corrections (zero digits skipped) and `k`
//! for the output, `k = ⌈n/w⌉`; plus table precomputation once per field
//! (`≈ n 2^w` multiplications).
//! Preconditions: none (any odd p; any field of odd order with [`TwoAdic`] data).
//! Constant-time: no (table search and skipped zero digits depend on the input).

use crate::field::Field;
use crate::prime::qr::{pow_binary, TwoAdic};

/// The window width used by `sarkar_table` for 2-adicity `n = T + 1`: the windows are
/// balanced and at most 6 bits wide.
pub fn default_window(n: u32) -> u32 {
    let k = n.div_ceil(6).max(1);
    n.div_ceil(k).max(1)
}

/// Windows and tables of the windowed algorithm for one field.
#[derive(Clone, Debug)]
pub struct SarkarTables<E> {
    n: u32,
    w: u32,
    lens: Vec<u32>,
    starts: Vec<u32>,
    /// `g^(-ν 2^(n-w))` for `ν < 2^w`.
    lookup: Vec<E>,
    /// `gtab[σ][ν] = g^(ν 2^σ)` for the shifts `σ` in use (empty rows otherwise).
    gtab: Vec<Vec<E>>,
}

impl<E: Clone + PartialEq> SarkarTables<E> {
    /// The widest window [`SarkarTables::new`] builds: tables of 2^w elements per
    /// shift, 64 Ki at w = 16 (the default windows are at most 6 bits).
    pub const MAX_WINDOW: u32 = 16;

    /// Tables for windows of at most `w` bits (`w` is clamped to
    /// `1..=min(n, MAX_WINDOW)`).
    pub fn new<F: Field<Elem = E> + ?Sized>(f: &F, tw: &TwoAdic<E>, w: u32) -> Self {
        let n = tw.t() + 1;
        let w = w.clamp(1, n.min(Self::MAX_WINDOW));
        let k = n.div_ceil(w);
        let mut lens = vec![w; k as usize];
        if let Some(last) = lens.last_mut() {
            *last = n - (k - 1) * w;
        }
        let mut starts = Vec::with_capacity(k as usize + 1);
        let mut acc = 0;
        for &l in &lens {
            starts.push(acc);
            acc += l;
        }
        starts.push(acc);
        // Shifts in use.
        let mut needed = vec![false; n as usize];
        needed[0] = true;
        for i in 1..k as usize {
            for j in 0..i {
                let sigma = starts[j] + n - starts[i + 1];
                needed[sigma as usize] = true;
            }
            needed[starts[i] as usize - 1] = true;
        }
        let row = |g_pow: &E| -> Vec<E> {
            let mut r = Vec::with_capacity(1 << w);
            r.push(f.one());
            for v in 1..(1usize << w) {
                let next = f.mul(&r[v - 1], g_pow);
                r.push(next);
            }
            r
        };
        let gtab: Vec<Vec<E>> = (0..n as usize)
            .map(|sigma| {
                if needed[sigma] {
                    row(&tw.c()[sigma])
                } else {
                    Vec::new()
                }
            })
            .collect();
        // h = g^(2^(n-w)) = c_{n-w}; lookup[ν] = h^(-ν).
        let h_inv = tw.c()[(n - w) as usize].clone();
        let h_inv = {
            // h has order 2^w, so h^-1 = h^(2^w - 1).
            let mut r = f.one();
            for _ in 0..((1u64 << w) - 1) {
                r = f.mul(&r, &h_inv);
            }
            r
        };
        let lookup = row(&h_inv);
        SarkarTables {
            n,
            w,
            lens,
            starts,
            lookup,
            gtab,
        }
    }

    /// The window widths `ℓ_0, ..., ℓ_{k-1}` (low to high).
    pub fn windows(&self) -> &[u32] {
        &self.lens
    }
}

/// A square root of `u`, or `None` if `u` is not a square.
pub fn sqrt_vartime<F: Field + ?Sized>(
    f: &F,
    tw: &TwoAdic<F::Elem>,
    tabs: &SarkarTables<F::Elem>,
    u: &F::Elem,
) -> Option<F::Elem> {
    if f.is_zero(u) {
        return Some(f.zero());
    }
    let one = f.one();
    let n = tabs.n;
    let k = tabs.lens.len();
    let v = pow_binary(f, u, tw.s_minus_1_half());
    let uv = f.mul(u, &v);
    let x = f.mul(&uv, &v);
    // Chain X_i = x^(2^(n - L_{i+1})), from X_{k-1} = x down to X_0.
    let mut chain = vec![x; k];
    for i in (0..k - 1).rev() {
        let mut y = chain[i + 1].clone();
        for _ in 0..tabs.lens[i + 1] {
            y = f.sqr(&y);
        }
        chain[i] = y;
    }
    let mut digits = vec![0usize; k];
    for i in 0..k {
        let mut y = chain[i].clone();
        for (j, &d) in digits.iter().enumerate().take(i) {
            if d != 0 {
                let sigma = (tabs.starts[j] + n - tabs.starts[i + 1]) as usize;
                y = f.mul(&y, tabs.gtab.get(sigma)?.get(d)?);
            }
        }
        let nu = if y == one {
            0
        } else {
            tabs.lookup.iter().position(|e| *e == y)?
        };
        let shift = tabs.w - tabs.lens[i];
        if nu & ((1 << shift) - 1) != 0 {
            return None;
        }
        digits[i] = nu >> shift;
    }
    if digits[0] & 1 == 1 {
        // e is odd: u is a non-residue.
        return None;
    }
    let mut r = uv;
    if digits[0] != 0 {
        r = f.mul(&r, tabs.gtab.first()?.get(digits[0] >> 1)?);
    }
    for (j, &d) in digits.iter().enumerate().skip(1) {
        if d != 0 {
            let sigma = (tabs.starts[j] - 1) as usize;
            r = f.mul(&r, tabs.gtab.get(sigma)?.get(d)?);
        }
    }
    Some(r)
}
