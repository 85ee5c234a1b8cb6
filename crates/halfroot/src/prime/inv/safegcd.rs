//! Constant-time modular inversion by Bernstein–Yang "safegcd" divsteps.
//!
//! Source: D. J. Bernstein, B.-Y. Yang, "Fast constant-time gcd computation and modular
//! inversion", TCHES 2019(3), §§8–11 (the `divstep` map, Theorem 11.2 for the
//! iteration bound); the batching of 62 divsteps into a 2×2 transition matrix, the
//! signed 62-bit limb representation and the update of the cofactors `d, e` modulo p
//! follow P. Wuille's `modinv64` in libsecp256k1 (`doc/safegcd_implementation.md`,
//! sections 5–7), here generic over the limb count.
//!
//! Algorithm: `f = p`, `g = x`, `d = 0`, `e = 1`, `δ = 1`; repeat
//! `⌈m/62⌉` times, `m = ⌊(49b + 57)/17⌋` (`b ≥ 46`) or `⌊(49b + 80)/17⌋` (`b < 46`),
//! `b` = bit length of p: run 62 divsteps on the low 64 bits of `f, g` giving a matrix
//! `T` with `2^62·(f', g') = T·(f, g)`, then apply `T` to the full `f, g` (exact shift by
//! 62 bits) and to `d, e` (adding multiples of p to make the low 62 bits vanish).
//! At the end `g = 0`, `f = ±1` and `x⁻¹ = ±d mod p`. Invariant: `d, e ∈ (−2p, p)`.
//!
//! Cost: `⌈m/62⌉` batches (12 at 256 bits, 96 at 2048 bits), each 62 branch-free
//! divsteps plus `O(L)` 128-bit products, `L = ⌈(64N + 2)/62⌉`.
//! Constant-time: yes — the sequence of operations depends only on p (its bit length
//! and limb count), never on `x`. Precondition: p odd, `gcd(x, p) = 1` for a
//! meaningful answer (for prime p: `x ≠ 0 mod p`).

#![allow(clippy::needless_range_loop)]

pub(crate) const M62: u64 = u64::MAX >> 2;

/// A 2×2 transition matrix `[u v; q r]` of 62 divsteps, scaled by `2^62`.
#[derive(Clone, Copy)]
pub(crate) struct Trans {
    pub(crate) u: i64,
    pub(crate) v: i64,
    pub(crate) q: i64,
    pub(crate) r: i64,
}

/// 62 branch-free divsteps on the low 64 bits of `f` (odd) and `g`, starting from `δ`.
/// Returns the new `δ` and the matrix with `2^62·(f', g') = T·(f, g)`.
#[inline(always)]
fn divsteps_62(mut delta: i64, f0: u64, g0: u64) -> (i64, Trans) {
    let (mut u, mut v, mut q, mut r) = (1i64, 0i64, 0i64, 1i64);
    let (mut f, mut g) = (f0, g0);
    for _ in 0..62 {
        // c1 = all ones iff δ > 0; c2 = all ones iff g odd. If g is odd, add ∓f to g
        // (−f when δ > 0, the swap case); in the swap case f then gets the old g back
        // as f + (g − f). The latency chain on g is five single-cycle operations.
        let c1 = delta.wrapping_neg() >> 63;
        let c2 = ((g & 1) as i64).wrapping_neg();
        let x = (f ^ c1 as u64).wrapping_sub(c1 as u64);
        let y = (u ^ c1).wrapping_sub(c1);
        let z = (v ^ c1).wrapping_sub(c1);
        g = g.wrapping_add(x & c2 as u64);
        q = q.wrapping_add(y & c2);
        r = r.wrapping_add(z & c2);
        let s = c1 & c2;
        // δ ← 1 − δ on a swap, 1 + δ otherwise.
        delta = (delta ^ s).wrapping_sub(s).wrapping_add(1);
        f = f.wrapping_add(g & s as u64);
        u = u.wrapping_add(q & s);
        v = v.wrapping_add(r & s);
        g >>= 1;
        u = u.wrapping_shl(1);
        v = v.wrapping_shl(1);
    }
    (delta, Trans { u, v, q, r })
}

/// `(f, g) ← T·(f, g)/2^62` on signed-62 limbs (the division is exact).
#[inline(always)]
fn update_fg<const L: usize>(f: &mut [i64; L], g: &mut [i64; L], t: &Trans) {
    let (u, v, q, r) = (t.u as i128, t.v as i128, t.q as i128, t.r as i128);
    let mut cf = u * f[0] as i128 + v * g[0] as i128;
    let mut cg = q * f[0] as i128 + r * g[0] as i128;
    cf >>= 62;
    cg >>= 62;
    for i in 1..L {
        cf += u * f[i] as i128 + v * g[i] as i128;
        cg += q * f[i] as i128 + r * g[i] as i128;
        f[i - 1] = (cf as u64 & M62) as i64;
        g[i - 1] = (cg as u64 & M62) as i64;
        cf >>= 62;
        cg >>= 62;
    }
    f[L - 1] = cf as i64;
    g[L - 1] = cg as i64;
}

/// `(d, e) ← (T·(d, e) + p·(md, me))/2^62` with `md, me` chosen branch-free so the
/// division is exact and `d, e` stay in `(−2p, p)` (libsecp256k1 `update_de_62`).
#[inline(always)]
fn update_de<const L: usize>(
    d: &mut [i64; L],
    e: &mut [i64; L],
    t: &Trans,
    p: &[i64; L],
    p_inv62: u64,
) {
    let (u, v, q, r) = (t.u, t.v, t.q, t.r);
    let sd = d[L - 1] >> 63;
    let se = e[L - 1] >> 63;
    let mut md = (u & sd).wrapping_add(v & se);
    let mut me = (q & sd).wrapping_add(r & se);
    let (u, v, q, r) = (u as i128, v as i128, q as i128, r as i128);
    let mut cd = u * d[0] as i128 + v * e[0] as i128;
    let mut ce = q * d[0] as i128 + r * e[0] as i128;
    md = md.wrapping_sub((p_inv62.wrapping_mul(cd as u64).wrapping_add(md as u64) & M62) as i64);
    me = me.wrapping_sub((p_inv62.wrapping_mul(ce as u64).wrapping_add(me as u64) & M62) as i64);
    let (mdw, mew) = (md as i128, me as i128);
    cd += p[0] as i128 * mdw;
    ce += p[0] as i128 * mew;
    cd >>= 62;
    ce >>= 62;
    for i in 1..L {
        cd += u * d[i] as i128 + v * e[i] as i128 + p[i] as i128 * mdw;
        ce += q * d[i] as i128 + r * e[i] as i128 + p[i] as i128 * mew;
        d[i - 1] = (cd as u64 & M62) as i64;
        e[i - 1] = (ce as u64 & M62) as i64;
        cd >>= 62;
        ce >>= 62;
    }
    d[L - 1] = cd as i64;
    e[L - 1] = ce as i64;
}

/// Brings `r ∈ (−2p, p)` to `[0, p)`, negating first when `sign < 0` (branch-free).
#[inline(always)]
fn normalize<const L: usize>(r: &mut [i64; L], sign: i64, p: &[i64; L]) {
    // The masks pass the value barrier: without it LLVM compiled the sign tests into
    // `js` branches (Memcheck, `scripts/ct-valgrind.sh`).
    let barrier = |m: i64| crate::prime::backend::ct_barrier::mask(m as u64) as i64;
    let add = barrier(r[L - 1] >> 63);
    for i in 0..L {
        r[i] = r[i].wrapping_add(p[i] & add);
    }
    let neg = barrier(sign >> 63);
    for i in 0..L {
        r[i] = (r[i] ^ neg).wrapping_sub(neg);
    }
    carry_62(r);
    let add = barrier(r[L - 1] >> 63);
    for i in 0..L {
        r[i] = r[i].wrapping_add(p[i] & add);
    }
    carry_62(r);
}

/// Propagates carries so limbs `0 … L−2` lie in `[0, 2^62)`.
#[inline(always)]
fn carry_62<const L: usize>(r: &mut [i64; L]) {
    for i in 0..L - 1 {
        r[i + 1] = r[i + 1].wrapping_add(r[i] >> 62);
        r[i] &= M62 as i64;
    }
}

/// Little-endian 64-bit words into signed-62 limbs (non-negative value).
#[inline(always)]
pub(crate) fn to_s62<const L: usize>(x: &[u64]) -> [i64; L] {
    let mut r = [0i64; L];
    for (i, limb) in r.iter_mut().enumerate() {
        let off = 62 * i;
        let (w, sh) = (off / 64, off % 64);
        if w >= x.len() {
            break;
        }
        let mut v = x[w] >> sh;
        if sh > 2 && w + 1 < x.len() {
            v |= x[w + 1] << (64 - sh);
        }
        *limb = (v & M62) as i64;
    }
    r
}

/// Signed-62 limbs of a value in `[0, 2^(64·out.len()))` into 64-bit words.
#[inline(always)]
fn from_s62<const L: usize>(r: &[i64; L], out: &mut [u64]) {
    out.fill(0);
    for (i, &limb) in r.iter().enumerate() {
        let l = limb as u64;
        let off = 62 * i;
        let (w, sh) = (off / 64, off % 64);
        if w < out.len() {
            out[w] |= l << sh;
        }
        if sh > 2 && w + 1 < out.len() {
            out[w + 1] |= l >> (64 - sh);
        }
    }
}

/// The number of divsteps that Bernstein–Yang Theorem 11.2 proves sufficient for
/// `0 ≤ g < f < 2^bits`, δ = 1.
pub(crate) fn divstep_bound(bits: u32) -> u32 {
    let b = bits.max(1);
    if b < 46 {
        (49 * b + 80) / 17
    } else {
        (49 * b + 57) / 17
    }
}

/// `x⁻¹ mod p` for odd `p` of `bits` bits and `0 < x < p` coprime to p, in `out`
/// (little-endian, `out.len() == p.len() == x.len()`), with `L` signed-62 limbs
/// (`62·L ≥ 64·p.len() + 2`). Constant-time in `x`.
fn inv_l<const L: usize>(p: &[u64], bits: u32, x: &[u64], out: &mut [u64]) {
    let p62 = to_s62::<L>(p);
    // p⁻¹ mod 2^64 by Newton's iteration; its low 62 bits are p⁻¹ mod 2^62.
    let mut inv: u64 = 1;
    for _ in 0..6 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(p[0].wrapping_mul(inv)));
    }
    let p_inv62 = inv & M62;
    let mut f = p62;
    let mut g = to_s62::<L>(x);
    let mut d = [0i64; L];
    let mut e = [0i64; L];
    e[0] = 1;
    let mut delta = 1i64;
    let batches = divstep_bound(bits).div_ceil(62);
    for _ in 0..batches {
        let (nd, t) = divsteps_62(delta, f[0] as u64, g[0] as u64);
        delta = nd;
        update_de(&mut d, &mut e, &t, &p62, p_inv62);
        update_fg(&mut f, &mut g, &t);
    }
    // g = 0 and f = ±gcd = ±1; d·x ≡ f (mod p).
    normalize(&mut d, f[L - 1], &p62);
    from_s62(&d, out);
}

/// The signed-62 limb count used for `n` 64-bit words: `⌈(64n + 2)/62⌉`.
pub(crate) const fn limbs62(n: usize) -> usize {
    (64 * n + 2).div_ceil(62)
}

/// `x⁻¹ mod p` into `out` for odd `p` with `bits` bits (`p.len() ≤ 32` words) and
/// `0 < x < p` with `gcd(x, p) = 1`; all three slices have the same length.
/// Returns `false` (leaving `out` zero) only if the length is unsupported.
/// Constant-time in `x`.
pub(crate) fn inv_mod_safegcd(p: &[u64], bits: u32, x: &[u64], out: &mut [u64]) -> bool {
    macro_rules! dispatch {
        ($($l:literal)*) => {
            match limbs62(p.len()) {
                $($l => { inv_l::<$l>(p, bits, x, out); true })*
                _ => { out.fill(0); false }
            }
        };
    }
    dispatch!(2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29
        30 31 32 33 34)
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;
    use num_bigint::BigUint;
    use rand::{RngCore, SeedableRng};

    fn to_big(x: &[u64]) -> BigUint {
        let mut v = BigUint::default();
        for &w in x.iter().rev() {
            v = (v << 64) + BigUint::from(w);
        }
        v
    }

    fn s62_roundtrip_matches_input() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(1);
        for n in 1..=32 {
            let x: Vec<u64> = (0..n).map(|_| rng.next_u64()).collect();
            let mut out = vec![0u64; n];
            macro_rules! rt {
                ($($l:literal)*) => {
                    match limbs62(n) {
                        $($l => from_s62(&to_s62::<$l>(&x), &mut out),)*
                        _ => unreachable!(),
                    }
                };
            }
            rt!(2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29
                30 31 32 33 34);
            assert_eq!(out, x);
        }
    }

    fn divsteps_62_matches_single_steps() {
        // The matrix must reproduce 62 plain divsteps on exact (i128) integers.
        let mut rng = rand::rngs::StdRng::seed_from_u64(2);
        for _ in 0..2000 {
            let f0 = (rng.next_u64() | 1) as i128;
            let g0 = (rng.next_u64() >> (rng.next_u32() % 64)) as i128;
            let delta0 = (rng.next_u32() % 9) as i64 - 4;
            // Reference on wide integers: 2^62 f', 2^62 g' from 62 divsteps of
            // (δ, f, g) ↦ (1 − δ, g, (g − f)/2) or (1 + δ, f, (g + (g mod 2)·f)/2).
            use num_bigint::BigInt;
            let (mut dl, mut f, mut g) = (delta0, BigInt::from(f0), BigInt::from(g0));
            for _ in 0..62 {
                let godd = g.bit(0);
                if dl > 0 && godd {
                    (dl, f, g) = (1 - dl, g.clone(), (&g - &f) >> 1);
                } else {
                    let gg = if godd { &g + &f } else { g.clone() };
                    (dl, g) = (1 + dl, gg >> 1);
                }
            }
            let (nd, t) = divsteps_62(delta0, f0 as u64, g0 as u64);
            assert_eq!(nd, dl);
            let sf = BigInt::from(t.u) * f0 + BigInt::from(t.v) * g0;
            let sg = BigInt::from(t.q) * f0 + BigInt::from(t.r) * g0;
            assert_eq!(sf, &f << 62);
            assert_eq!(sg, &g << 62);
            assert!(t.u.unsigned_abs() + t.v.unsigned_abs() <= 1 << 62);
            assert!(t.q.unsigned_abs() + t.r.unsigned_abs() <= 1 << 62);
        }
    }

    fn inv_mod_safegcd_matches_modpow() {
        // Oracle: x^(p−2) mod p by num-bigint's modpow; also with a zero top word.
        let mut rng = rand::rngs::StdRng::seed_from_u64(3);
        let primes = [
            (BigUint::from(1u32) << 255) - 19u32,
            (BigUint::from(1u32) << 521) - 1u32,
            (BigUint::from(1u32) << 127) - 1u32,
            BigUint::from(3u32),
            BigUint::from(0xffff_ffff_ffff_ffc5u64),
        ];
        for p in primes.iter() {
            let n = (p.bits() as usize).div_ceil(64);
            for nn in [n, n + 1] {
                let mut pl = p.to_u64_digits();
                pl.resize(nn, 0);
                for k in 0..30 {
                    let xb = match k {
                        0 => BigUint::from(1u32),
                        1 => p - 1u32,
                        _ => {
                            BigUint::from_slice(
                                &(0..2 * nn).map(|_| rng.next_u32()).collect::<Vec<_>>(),
                            ) % p
                        }
                    };
                    if xb == BigUint::default() {
                        continue;
                    }
                    let mut xl = xb.to_u64_digits();
                    xl.resize(nn, 0);
                    let mut out = vec![0u64; nn];
                    assert!(inv_mod_safegcd(&pl, p.bits() as u32, &xl, &mut out));
                    let want = xb.modpow(&(p - 2u32), p);
                    assert_eq!(to_big(&out), want, "p = {p}, x = {xb}");
                }
            }
        }
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        ("s62_roundtrip_matches_input", s62_roundtrip_matches_input),
        (
            "divsteps_62_matches_single_steps",
            divsteps_62_matches_single_steps,
        ),
        (
            "inv_mod_safegcd_matches_modpow",
            inv_mod_safegcd_matches_modpow,
        ),
    ];
}
