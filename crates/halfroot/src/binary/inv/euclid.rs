//! Binary extended Euclidean inversion in F_2\[X\]/(P).
//!
//! Source: Hankerson–Menezes–Vanstone, *Guide to ECC*, Algorithm 2.48.
//! Invariants `g1·a ≡ u`, `g2·a ≡ v (mod P)`; each step cancels the leading term of the
//! longer of `u`, `v` by a shifted copy of the other, until `u = 1`. Cost: about 2d
//! steps of an N-word shift-and-add. Variable time (branches and shifts depend on the
//! operand). The first step, which involves `P` itself (degree d, possibly `64N` bits),
//! is done separately so every later value fits in `N` words.
//! Precondition: none for correctness of a returned value; if `gcd(a, P) ≠ 1` (reducible
//! `P`) the result is `None`.

use crate::binary::modulus::ModulusSpec;

/// Degree of `x` (−1 for zero), scanning down from word `from`.
#[inline(always)]
fn degree_from<const N: usize>(x: &[u64; N], from: usize) -> i64 {
    let mut i = from.min(N - 1) as i64;
    while i >= 0 {
        let w = x[i as usize];
        if w != 0 {
            return 64 * i + 63 - i64::from(w.leading_zeros());
        }
        i -= 1;
    }
    -1
}

/// `x ^= y << j` within N words (bits shifted past the top are dropped).
#[inline(always)]
fn xor_shifted<const N: usize>(x: &mut [u64; N], y: &[u64; N], j: usize, ylen: usize) {
    let (ws, bs) = (j / 64, j % 64);
    let end = (ylen + ws + 1).min(N);
    if bs == 0 {
        for i in ws..end {
            x[i] ^= y[i - ws];
        }
    } else {
        for i in ws..end {
            let lo = y[i - ws] << bs;
            let hi = if i > ws {
                y[i - ws - 1] >> (64 - bs)
            } else {
                0
            };
            x[i] ^= lo | hi;
        }
    }
}

/// `a⁻¹ mod m`, or `None` if `a = 0` or `gcd(a, P) ≠ 1`. Variable time.
pub fn inv_vartime<const N: usize, M: ModulusSpec>(m: &M, a: &[u64; N]) -> Option<[u64; N]> {
    let d = m.degree() as usize;
    if N == 0 || d > 64 * N {
        return None;
    }
    let da = degree_from(a, N - 1);
    if da < 0 || da as usize >= d {
        return None;
    }
    let mut one = [0u64; N];
    one[0] = 1;
    if da == 0 {
        return Some(one);
    }
    // First step: u = P + a·x^j (cancelling X^d), g1 = x^j; v = a, g2 = 1.
    let j = d - da as usize;
    let mut u = [0u64; N];
    xor_shifted(&mut u, a, j, N);
    if d < 64 * N {
        u[d / 64] ^= 1u64 << (d % 64);
    }
    for &k in m.middle_exponents().iter().chain(core::iter::once(&0u32)) {
        u[k as usize / 64] ^= 1u64 << (k % 64);
    }
    let mut g1 = [0u64; N];
    g1[j / 64] = 1u64 << (j % 64);
    let mut v = *a;
    let mut g2 = one;
    let mut du = degree_from(&u, N - 1);
    let mut dv = da;
    // Lengths (in words) bounding g1, g2.
    let mut l1 = j / 64 + 1;
    let mut l2 = 1usize;
    loop {
        if du <= 0 {
            return (du == 0).then_some(g1);
        }
        if du < dv {
            core::mem::swap(&mut u, &mut v);
            core::mem::swap(&mut g1, &mut g2);
            core::mem::swap(&mut du, &mut dv);
            core::mem::swap(&mut l1, &mut l2);
            if dv < 0 {
                return None;
            }
        }
        let s = (du - dv) as usize;
        xor_shifted(&mut u, &v, s, dv as usize / 64 + 1);
        xor_shifted(&mut g1, &g2, s, l2);
        l1 = l1.max((l2 + s / 64 + 1).min(N));
        du = degree_from(&u, du as usize / 64);
    }
}
