//! Lazy reduction for F_{q^k} = F_q\[X\]/(X^k − α) over [`Fp<N>`]: products of
//! coefficients are kept as unreduced double-width integers, the whole product
//! polynomial is computed over Z (sums, differences, small multiples, exact divisions),
//! reduced modulo X^k − α with a word-scalar multiply-add, and each of the k output
//! coefficients gets ONE Montgomery reduction.
//!
//! Source: the lazy-reduction technique of Scott (2007) and Aranha, Karabina,
//! Longa, Gebotys, López, "Faster explicit formulas for computing pairings over
//! ordinary curves", EUROCRYPT 2011, §3, applied to the formulas of [`super::mul`]
//! (schoolbook, Karatsuba, Montgomery 2005, El Mrabet–Guillevic–Ionica 2011). Since
//! each formula is an identity over Z, the integer coefficients it produces are those
//! of the integer product of the coefficient vectors, all in [0, k·p²).
//! Cost: per algorithm in [`schoolbook`], [`karatsuba`], [`montgomery`], [`newton`]
//! (their M are N×N-word products without reduction), plus k REDC and a few
//! conditional subtractions each. With AVX-512 IFMA and N ≥ 4 the k REDCs and their
//! conditional subtractions run side by side in one 8-lane pass
//! ([`Engine::reduce_many`]; at 1024 bits 436 against 715 ns for the five of k = 5,
//! examples/ext_pieces). For k = 5, 6, 7 the Karatsuba products run either one at a
//! time ([`fused5`], [`karatsuba`]) or in one batch through the interface a SIMD
//! backend accelerates ([`batch`]), as [`batch_wins`] decides from the measured
//! crossover.
//! Preconditions: base field [`Fp<N>`], modulus X^k − α with α or −α below 2^31
//! (otherwise [`engine_for`] returns `None` and the caller uses the reduced formulas).
//! Constant time: yes (no branch or memory index depends on the operands).

#![allow(clippy::needless_range_loop)]

pub mod batch;
pub mod fused5;
pub mod karatsuba;
pub mod kmul;
pub mod montgomery;
#[rustfmt::skip]
pub mod montgomery67;
pub mod newton;
pub mod schoolbook;

use super::mul::MulAlgorithm;
use super::ExtModulus;
use crate::prime::montgomery::limbs::{adc, mac, sbb};
use crate::prime::montgomery::wide::{redc_wide, reduce_multiples, sqr_wide};
use crate::prime::montgomery::wide_batch::{RedcBatch, RedcInput};
use crate::prime::montgomery::{Fp, FpElem};
use crate::prime::PrimeFieldOps;
use core::hint::black_box;
use kmul::mul_wide_fast as mul_wide;
use num_bigint::BigUint;
use std::sync::Arc;
use std::time::Instant;

/// The largest degree with a lazy product.
pub const MAX_K: usize = 7;
const MAX_TERMS: usize = 2 * MAX_K - 1;

/// Whether the Karatsuba forms for k = 5, 6, 7 should compute their coefficient
/// products in one batch ([`batch`], through the batch interface that a SIMD backend
/// accelerates) rather than one at a time ([`fused5`], [`karatsuba`]), for
/// coefficients of `N` words on this machine: when the batch interface runs on the
/// 8-lane IFMA kernel and N ≥ 4. A fixed rule from measurements, not a timing at
/// start-up: the timed choice ([`calibrate`], still there for the examples) picked
/// the one-at-a-time form in one report run at 1024 bits, where it is 40 % slower.
/// Measured with the k = 5 kernel that forms its operand sums in radix 2^52 and the
/// batch REDC (examples/ext_pieces, whole k = 5 product, batched against one at a
/// time, ns): N = 3 210 / 194, 4 284 / 298, 6 495 / 539, 8 677 / 886, 16 1611 /
/// 2790, 24 2966 / 5802; k = 6, 7 at N = 4 equal (examples/ext_mul_min: 474 / 475,
/// 612 / 609), at N = 6 764 / 840 and 1019 / 1106. With the portable batch path the
/// batched form was 10–20 % slower everywhere.
pub fn batch_wins<const N: usize>() -> bool {
    N >= 4 && crate::prime::montgomery::wide_batch::runs_on_simd(N)
}

/// Times the k = 5 Karatsuba products (without the REDC both forms share) batched and
/// one at a time on fixed pseudo-random operands after a warm-up, alternating, best
/// of 9 rounds of at least 10 µs each; true if the batched form was faster. The results of both forms are equal
/// (tests `batch_karatsuba_matches_schoolbook`, tests/it/ext.rs), only the speed differs.
pub fn calibrate<const N: usize>() -> bool {
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    let a: [[u64; N]; 5] = core::array::from_fn(|_| core::array::from_fn(|_| next()));
    let b: [[u64; N]; 5] = core::array::from_fn(|_| core::array::from_fn(|_| next()));
    let run = |batched: bool, reps: u32| {
        let t = Instant::now();
        for _ in 0..reps {
            let (x, y) = (black_box(&a), black_box(&b));
            black_box(if batched {
                batch::mul5(x, y, 3, false)
            } else {
                fused5::mul5(x, y, 3, false)
            });
        }
        t.elapsed().as_nanos()
    };
    // Warm-up of 200 µs first: a SIMD backend's wide units start slow (they power up
    // on first use), and a short calibration then picked the scalar form at 512
    // bits where the batched one is 10 % faster (examples/ext_pieces).
    let mut reps = 1u32;
    let start = Instant::now();
    while start.elapsed().as_micros() < 200 {
        let t = run(true, reps);
        run(false, reps);
        // samples of at least 10 µs each
        if t < 10_000 {
            reps = reps.saturating_mul(2);
        }
    }
    let mut best = [u128::MAX; 2];
    for _ in 0..9 {
        for (j, batched) in [false, true].into_iter().enumerate() {
            best[j] = best[j].min(run(batched, reps));
        }
    }
    best[1] < best[0]
}

/// A signed integer of 2N + 1 words in two's complement (a double-width product with
/// one word of headroom).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wide<const N: usize> {
    lo: [u64; N],
    hi: [u64; N],
    top: u64,
}

/// A signed integer of N + 1 words in two's complement (a small combination of
/// coefficients).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ev<const N: usize> {
    lo: [u64; N],
    top: u64,
}

#[inline(always)]
const fn inv_word(d: u64) -> u64 {
    // Newton iteration for d⁻¹ mod 2^64 (d odd)
    let mut x = d;
    let mut i = 0;
    while i < 6 {
        x = x.wrapping_mul(2u64.wrapping_sub(d.wrapping_mul(x)));
        i += 1;
    }
    x
}

impl<const N: usize> Wide<N> {
    /// Zero.
    pub const ZERO: Self = Wide {
        lo: [0; N],
        hi: [0; N],
        top: 0,
    };

    #[inline(always)]
    fn from_pair((lo, hi): ([u64; N], [u64; N])) -> Self {
        Wide { lo, hi, top: 0 }
    }

    /// `self + o` (mod 2^(64(2N+1))).
    #[inline(always)]
    pub fn add(&self, o: &Self) -> Self {
        let mut r = Self::ZERO;
        let mut c = 0;
        for i in 0..N {
            (r.lo[i], c) = adc(self.lo[i], o.lo[i], c);
        }
        for i in 0..N {
            (r.hi[i], c) = adc(self.hi[i], o.hi[i], c);
        }
        r.top = self.top.wrapping_add(o.top).wrapping_add(c);
        r
    }

    /// `self − o`.
    #[inline(always)]
    pub fn sub(&self, o: &Self) -> Self {
        let mut r = Self::ZERO;
        let mut b = 0;
        for i in 0..N {
            (r.lo[i], b) = sbb(self.lo[i], o.lo[i], b);
        }
        for i in 0..N {
            (r.hi[i], b) = sbb(self.hi[i], o.hi[i], b);
        }
        r.top = self.top.wrapping_sub(o.top).wrapping_sub(b);
        r
    }

    /// `−self`.
    #[inline(always)]
    pub fn neg(&self) -> Self {
        Self::ZERO.sub(self)
    }

    /// `−self` where `mask` is all ones, `self` where it is zero.
    #[inline(always)]
    fn cond_neg(&self, mask: u64) -> Self {
        let mut r = Self::ZERO;
        let mut c = mask & 1;
        for i in 0..N {
            (r.lo[i], c) = adc(self.lo[i] ^ mask, 0, c);
        }
        for i in 0..N {
            (r.hi[i], c) = adc(self.hi[i] ^ mask, 0, c);
        }
        r.top = (self.top ^ mask).wrapping_add(c);
        r
    }

    /// `self + m·x` for a word `m` (two's complement wraps correctly).
    #[inline(always)]
    pub fn add_mul_small(&self, x: &Self, m: u64) -> Self {
        let mut r = Self::ZERO;
        let mut c = 0;
        for i in 0..N {
            (r.lo[i], c) = mac(self.lo[i], x.lo[i], m, c);
        }
        for i in 0..N {
            (r.hi[i], c) = mac(self.hi[i], x.hi[i], m, c);
        }
        r.top = self.top.wrapping_add(x.top.wrapping_mul(m)).wrapping_add(c);
        r
    }

    /// `m·self` for a word `m`.
    #[inline(always)]
    pub fn mul_small(&self, m: u64) -> Self {
        Self::ZERO.add_mul_small(self, m)
    }

    /// `self − m·x` for a word `m`.
    #[inline(always)]
    pub fn sub_mul_small(&self, x: &Self, m: u64) -> Self {
        let mut r = Self::ZERO;
        let (mut c, mut b) = (0, 0);
        for i in 0..N {
            let pr;
            (pr, c) = mac(0, x.lo[i], m, c);
            (r.lo[i], b) = sbb(self.lo[i], pr, b);
        }
        for i in 0..N {
            let pr;
            (pr, c) = mac(0, x.hi[i], m, c);
            (r.hi[i], b) = sbb(self.hi[i], pr, b);
        }
        r.top = self
            .top
            .wrapping_sub(x.top.wrapping_mul(m))
            .wrapping_sub(c)
            .wrapping_sub(b);
        r
    }

    /// `self · 2^s` for 0 < s < 64.
    #[inline(always)]
    pub fn shl(&self, s: u32) -> Self {
        let mut r = Self::ZERO;
        let mut prev = 0u64;
        for i in 0..N {
            r.lo[i] = (self.lo[i] << s) | (prev >> (64 - s));
            prev = self.lo[i];
        }
        for i in 0..N {
            r.hi[i] = (self.hi[i] << s) | (prev >> (64 - s));
            prev = self.hi[i];
        }
        r.top = (self.top << s) | (prev >> (64 - s));
        r
    }

    /// `self / 2^s` (arithmetic shift, exact when 2^s divides), 0 < s < 64.
    #[inline(always)]
    fn sar(&self, s: u32) -> Self {
        let mut r = Self::ZERO;
        for i in 0..N {
            let next = if i + 1 < N {
                self.lo[i + 1]
            } else {
                self.hi[0]
            };
            r.lo[i] = (self.lo[i] >> s) | (next << (64 - s));
        }
        for i in 0..N {
            let next = if i + 1 < N { self.hi[i + 1] } else { self.top };
            r.hi[i] = (self.hi[i] >> s) | (next << (64 - s));
        }
        r.top = ((self.top as i64) >> s) as u64;
        r
    }

    /// `self / d` for an odd `d` dividing `self` exactly (Jebelean's exact division,
    /// as GMP's `mpn_divexact_1`): one product by d⁻¹ mod 2^64 per word.
    #[inline(always)]
    fn divexact_odd(&self, d: u64) -> Self {
        let inv = inv_word(d);
        let mut r = Self::ZERO;
        let mut borrow = 0u64;
        let step = |x: u64, borrow: &mut u64| -> u64 {
            let (s, b1) = sbb(x, *borrow, 0);
            let q = s.wrapping_mul(inv);
            let hi = ((q as u128 * d as u128) >> 64) as u64;
            *borrow = hi + b1;
            q
        };
        for i in 0..N {
            r.lo[i] = step(self.lo[i], &mut borrow);
        }
        for i in 0..N {
            r.hi[i] = step(self.hi[i], &mut borrow);
        }
        r.top = self.top.wrapping_sub(borrow).wrapping_mul(inv);
        r
    }

    /// `self / d` for 1 ≤ d ≤ 16 dividing `self` exactly.
    #[inline(always)]
    pub fn div_exact(&self, d: u64) -> Self {
        let s = d.trailing_zeros();
        let o = d >> s;
        let x = if s > 0 { self.sar(s) } else { *self };
        if o > 1 {
            x.divexact_odd(o)
        } else {
            x
        }
    }
}

impl<const N: usize> Ev<N> {
    /// Zero.
    pub const ZERO: Self = Ev { lo: [0; N], top: 0 };

    /// A coefficient (an N-word value).
    #[inline(always)]
    pub fn from_limbs(lo: [u64; N]) -> Self {
        Ev { lo, top: 0 }
    }

    /// `self + o`.
    #[inline(always)]
    pub fn add(&self, o: &Self) -> Self {
        let mut r = Self::ZERO;
        let mut c = 0;
        for i in 0..N {
            (r.lo[i], c) = adc(self.lo[i], o.lo[i], c);
        }
        r.top = self.top.wrapping_add(o.top).wrapping_add(c);
        r
    }

    /// `self − o`.
    #[inline(always)]
    pub fn sub(&self, o: &Self) -> Self {
        let mut r = Self::ZERO;
        let mut b = 0;
        for i in 0..N {
            (r.lo[i], b) = sbb(self.lo[i], o.lo[i], b);
        }
        r.top = self.top.wrapping_sub(o.top).wrapping_sub(b);
        r
    }

    /// `self + m·x` for a word `m`.
    #[inline(always)]
    pub fn add_mul_small(&self, x: &Self, m: u64) -> Self {
        let mut r = Self::ZERO;
        let mut c = 0;
        for i in 0..N {
            (r.lo[i], c) = mac(self.lo[i], x.lo[i], m, c);
        }
        r.top = self.top.wrapping_add(x.top.wrapping_mul(m)).wrapping_add(c);
        r
    }

    /// `m·self`.
    #[inline(always)]
    pub fn mul_small(&self, m: u64) -> Self {
        Self::ZERO.add_mul_small(self, m)
    }

    /// `(|self|, sign mask)`.
    #[inline(always)]
    fn abs(&self) -> (Self, u64) {
        let mask = ((self.top as i64) >> 63) as u64;
        let mut r = Self::ZERO;
        let mut c = mask & 1;
        for i in 0..N {
            (r.lo[i], c) = adc(self.lo[i] ^ mask, 0, c);
        }
        r.top = (self.top ^ mask).wrapping_add(c);
        (r, mask)
    }

    /// The product of two non-negative values (top words small).
    #[inline(always)]
    pub fn mul_unsigned(&self, o: &Self) -> Wide<N> {
        let (lo, mut hi) = mul_wide(&self.lo, &o.lo);
        // + 2^(64N)·(top_x·y + top_y·x) in one pass (each step < 2^128: the tops
        // are small)
        let mut acc: u128 = 0;
        for j in 0..N {
            acc += hi[j] as u128
                + self.top as u128 * o.lo[j] as u128
                + o.top as u128 * self.lo[j] as u128;
            hi[j] = acc as u64;
            acc >>= 64;
        }
        let top = (acc as u64).wrapping_add(self.top.wrapping_mul(o.top));
        Wide { lo, hi, top }
    }

    /// The product of two signed values.
    #[inline(always)]
    pub fn mul_signed(&self, o: &Self) -> Wide<N> {
        let (x, sx) = self.abs();
        let (y, sy) = o.abs();
        x.mul_unsigned(&y).cond_neg(sx ^ sy)
    }

    /// The square of a signed value (non-negative).
    #[inline(always)]
    pub fn sqr_signed(&self) -> Wide<N> {
        let (x, _) = self.abs();
        let (lo, mut hi) = sqr_wide(&x.lo);
        let mut c = 0;
        let t2 = x.top.wrapping_mul(2);
        for j in 0..N {
            (hi[j], c) = mac(hi[j], t2, x.lo[j], c);
        }
        let top = c.wrapping_add(x.top.wrapping_mul(x.top));
        Wide { lo, hi, top }
    }
}

/// The product of two coefficients.
#[inline(always)]
pub fn mul_coeffs<const N: usize>(a: &[u64; N], b: &[u64; N]) -> Wide<N> {
    Wide::from_pair(mul_wide(a, b))
}

/// The square of a coefficient.
#[inline(always)]
pub fn sqr_coeff<const N: usize>(a: &[u64; N]) -> Wide<N> {
    Wide::from_pair(sqr_wide(a))
}

/// Reduction of a 2k − 1-term integer product modulo X^k − α and REDC of each
/// coefficient, for one field.
#[derive(Clone, Debug)]
pub struct Engine<const N: usize> {
    p: [u64; N],
    m0: u64,
    k: usize,
    /// |α| and whether α is negative.
    alpha: u64,
    alpha_neg: bool,
    /// K·p added at word N (so K·p·R) to make T non-negative when α < 0.
    offset: ([u64; N], u64),
    /// 2^j·p for j = J−1 … 0 (final conditional subtractions).
    mults: Vec<([u64; N], u64)>,
    /// Whether Newton's points are usable (q above [`super::mul::newton::min_prime`]).
    newton_ok: bool,
    /// Whether the Karatsuba forms run batched ([`batch_wins`]).
    batched: bool,
    /// The 8-lane REDC (AVX-512 IFMA) for the k output coefficients, when the CPU has
    /// it, it wins for N words, and every T stays below 2^(128N + 40).
    redc_batch: Option<RedcBatch<N>>,
}

fn to_words<const N: usize>(v: &BigUint) -> Option<([u64; N], u64)> {
    let d = v.to_u64_digits();
    if d.len() > N + 1 {
        return None;
    }
    let mut lo = [0u64; N];
    let mut h = 0;
    for (i, w) in d.iter().enumerate() {
        if i < N {
            lo[i] = *w;
        } else {
            h = *w;
        }
    }
    Some((lo, h))
}

impl<const N: usize> Engine<N> {
    /// The engine for `f` and M = X^k − α, if α or −α is below 2^31 and k ≤ 7.
    pub fn new(f: &Fp<N>, k: usize, alpha: &FpElem<N>) -> Option<Self> {
        if !(2..=MAX_K).contains(&k) {
            return None;
        }
        let q = f.modulus().clone();
        let a = f.to_biguint(alpha);
        let lim = BigUint::from(1u64 << 31);
        let (abs, neg) = if a < lim {
            (a, false)
        } else if &q - &a < lim {
            (&q - &a, true)
        } else {
            return None;
        };
        let abs = u64::try_from(&abs).ok()?;
        let r = BigUint::from(1u32) << (64 * N);
        // exact coefficients c_i ∈ [0, k p²); T_i = c_i ± |α|·c_{i+k}
        let kk = BigUint::from(k as u64);
        let km1 = BigUint::from((k - 1) as u64);
        let (bound_pos, big_k) = if neg {
            (kk.clone(), &km1 * abs)
        } else {
            (&kk + &km1 * abs, BigUint::from(0u32))
        };
        // t' < T/R + p + K p < (bound_pos·p/R + K + 1)·p
        let c = num_integer::Integer::div_ceil(&(&bound_pos * &q), &r) + &big_k + 1u32;
        let j = (&c - 1u32).bits().max(1);
        let mut mults = Vec::new();
        for i in (0..j).rev() {
            mults.push(to_words::<N>(&(&q << i))?);
        }
        let offset = to_words::<N>(&(&big_k * &q))?;
        // T < bound_pos·q² + K·q·R: the batch REDC takes tops below 2^40.
        let t_max = &bound_pos * &q * &q + &big_k * &q * &r;
        let redc_batch = if t_max.bits() <= 128 * N as u64 + 40 {
            RedcBatch::new(&f.p, f.m0)
        } else {
            None
        };
        Some(Engine {
            p: f.p,
            m0: f.m0,
            k,
            alpha: abs,
            alpha_neg: neg,
            offset,
            mults,
            newton_ok: q >= BigUint::from(super::mul::newton::min_prime(k)),
            batched: (5..=7).contains(&k) && batch_wins::<N>(),
            redc_batch,
        })
    }

    /// Reduces the 2k − 1 exact coefficients `c` modulo X^k − α and REDCs them into
    /// `out[..k]`.
    #[inline(always)]
    pub fn finish(&self, c: &[Wide<N>], out: &mut [[u64; N]]) {
        let k = self.k;
        let mut ts = [Wide::<N>::ZERO; MAX_K];
        for i in 0..k {
            let mut t = c[i];
            if i + k < c.len() {
                t = if self.alpha_neg {
                    t.sub_mul_small(&c[i + k], self.alpha)
                } else {
                    t.add_mul_small(&c[i + k], self.alpha)
                };
            }
            ts[i] = t;
        }
        self.reduce_many(&ts[..k], out);
    }

    /// One output coefficient from its exact value `T = c_i ± |α|·c_{i+k}`: the
    /// offset K·p·R when α < 0, REDC, and the final conditional subtractions.
    #[inline(always)]
    pub fn reduce_t(&self, t: Wide<N>) -> [u64; N] {
        self.redc_reduce(&self.offset_t(t))
    }

    /// REDC of a non-negative `T` and the final conditional subtractions.
    #[inline(always)]
    fn redc_reduce(&self, t: &Wide<N>) -> [u64; N] {
        let (r, h) = redc_wide(&t.lo, &t.hi, t.top, &self.p, self.m0);
        reduce_multiples(r, h, &self.mults)
    }

    /// `T + K·p·R` when α < 0 (making it non-negative), else `T`.
    #[inline(always)]
    fn offset_t(&self, mut t: Wide<N>) -> Wide<N> {
        if self.alpha_neg {
            let mut cc = 0;
            for w in 0..N {
                (t.hi[w], cc) = adc(t.hi[w], self.offset.0[w], cc);
            }
            t.top = t.top.wrapping_add(self.offset.1).wrapping_add(cc);
        }
        t
    }

    /// [`Engine::reduce_t`] of each of `ts` (at most k values) into `out`: the REDCs
    /// side by side in the 8 lanes of the IFMA batch when the engine has one
    /// ([`Engine::has_redc_batch`]), else one at a time. Same results either way.
    #[inline]
    pub fn reduce_many(&self, ts: &[Wide<N>], out: &mut [[u64; N]]) {
        match &self.redc_batch {
            Some(rb) if ts.len() <= MAX_K && out.len() >= ts.len() => {
                // T + K·p·R changes only the high words and the top word.
                let zero = [0u64; N];
                let mut his = [[0u64; N]; 8];
                let mut top = [0u64; 8];
                for (i, t) in ts.iter().enumerate() {
                    top[i] = t.top;
                    if self.alpha_neg {
                        let s = self.offset_t(*t);
                        (his[i], top[i]) = (s.hi, s.top);
                    }
                }
                let lo: [&[u64; N]; 8] =
                    core::array::from_fn(|i| ts.get(i).map_or(&zero, |t| &t.lo));
                let hi: [&[u64; N]; 8] = core::array::from_fn(|i| match ts.get(i) {
                    Some(_) if self.alpha_neg => &his[i],
                    Some(t) => &t.hi,
                    None => &zero,
                });
                let mut h = [0u64; 8];
                rb.redc8(
                    RedcInput::Rows(&lo, &hi),
                    &top,
                    &self.mults,
                    &mut out[..ts.len()],
                    &mut h,
                );
            }
            _ => {
                for (o, t) in out.iter_mut().zip(ts) {
                    *o = self.reduce_t(*t);
                }
            }
        }
    }

    /// [`Engine::reduce_many`] of the five values in lanes 0 … 4 of `t`, which already
    /// include the offset K·p·R when α < 0 ([`batch::mul5_sliced`]).
    #[inline]
    fn reduce_sliced(&self, t: &batch::Sliced<N>, out: &mut [[u64; N]]) {
        let k = out.len().min(5);
        match &self.redc_batch {
            Some(rb) => {
                let mut h = [0u64; 8];
                rb.redc8(
                    RedcInput::Sliced(&t.lo, &t.hi),
                    &t.top,
                    &self.mults,
                    &mut out[..k],
                    &mut h,
                );
            }
            None => {
                for (i, o) in out.iter_mut().enumerate().take(k) {
                    *o = self.redc_reduce(&t.get(i));
                }
            }
        }
    }

    /// Whether [`Engine::reduce_many`] runs its REDCs in the IFMA batch.
    pub fn has_redc_batch(&self) -> bool {
        self.redc_batch.is_some()
    }

    /// This engine without the batch REDC (for timing and testing the two paths
    /// against each other).
    pub fn without_redc_batch(&self) -> Self {
        Engine {
            redc_batch: None,
            ..self.clone()
        }
    }

    /// Whether the Karatsuba forms run batched here ([`batch_wins`]).
    pub fn is_batched(&self) -> bool {
        self.batched
    }

    /// Whether `alg` has a lazy form here.
    pub fn supports(&self, alg: MulAlgorithm) -> bool {
        match alg.reduced() {
            MulAlgorithm::Schoolbook | MulAlgorithm::Karatsuba => true,
            MulAlgorithm::Montgomery => (5..=7).contains(&self.k),
            MulAlgorithm::Newton => self.newton_ok && (3..=7).contains(&self.k),
            _ => false,
        }
    }

    /// `a·b` into `out`, coefficients as Montgomery limbs: the Karatsuba forms of
    /// k = 5, 6, 7 with their products batched ([`batch`]) when [`batch_wins`].
    #[inline]
    pub fn mul_limbs(
        &self,
        alg: MulAlgorithm,
        a: &[[u64; N]],
        b: &[[u64; N]],
        out: &mut [[u64; N]],
    ) {
        self.mul_limbs_with(alg, self.batched, a, b, out)
    }

    /// [`Engine::mul_limbs`] with the batched ([`batch`]) or the one-product-at-a-time
    /// ([`fused5`], [`karatsuba`]) Karatsuba forms for k = 5, 6, 7 (both kept so that
    /// they can be timed against each other).
    #[inline]
    pub fn mul_limbs_with(
        &self,
        alg: MulAlgorithm,
        batched: bool,
        a: &[[u64; N]],
        b: &[[u64; N]],
        out: &mut [[u64; N]],
    ) {
        let k = self.k;
        if k == 5 && alg.reduced() == MulAlgorithm::Karatsuba {
            if batched {
                let offset = self.alpha_neg.then_some(&self.offset);
                let (mut p, mut t) = (batch::Products5::ZERO, batch::Sliced::ZERO);
                batch::mul5_sliced(a, b, self.alpha, self.alpha_neg, offset, &mut p, &mut t);
                self.reduce_sliced(&t, out);
            } else {
                let t = fused5::mul5(a, b, self.alpha, self.alpha_neg);
                self.reduce_many(&t, out);
            }
            return;
        }
        let mut c = [Wide::<N>::ZERO; MAX_TERMS];
        let c = &mut c[..2 * k - 1];
        match alg.reduced() {
            MulAlgorithm::Karatsuba if batched && k == 6 => batch::mul6(a, b, c),
            MulAlgorithm::Karatsuba if batched && k == 7 => batch::mul7(a, b, c),
            MulAlgorithm::Karatsuba => karatsuba::mul(a, b, c),
            MulAlgorithm::Montgomery if k == 5 => montgomery::mul5(a, b, c),
            MulAlgorithm::Montgomery if k == 6 => montgomery67::mul6(a, b, c),
            MulAlgorithm::Montgomery if k == 7 => montgomery67::mul7(a, b, c),
            MulAlgorithm::Newton if self.newton_ok => newton::mul(a, b, c),
            _ => schoolbook::mul(a, b, c),
        }
        self.finish(c, out);
    }

    /// `a²` into `out`.
    #[inline]
    pub fn sqr_limbs(&self, alg: MulAlgorithm, a: &[[u64; N]], out: &mut [[u64; N]]) {
        let k = self.k;
        if alg.reduced() == MulAlgorithm::Karatsuba && (5..=7).contains(&k) {
            return self.mul_limbs(alg, a, a, out);
        }
        let mut c = [Wide::<N>::ZERO; MAX_TERMS];
        let c = &mut c[..2 * k - 1];
        match alg.reduced() {
            MulAlgorithm::Karatsuba => karatsuba::mul(a, a, c),
            MulAlgorithm::Montgomery if k == 5 => montgomery::sqr5(a, c),
            MulAlgorithm::Montgomery if k == 6 => montgomery67::sqr6(a, c),
            MulAlgorithm::Montgomery if k == 7 => montgomery67::sqr7(a, c),
            MulAlgorithm::Newton if self.newton_ok => newton::sqr(a, c),
            _ => schoolbook::sqr(a, c),
        }
        self.finish(c, out);
    }
}

/// A lazy engine behind the element type `E` of the base field (type-erased so that
/// [`super::Fqk`] stays generic over its base).
pub trait LazyMul<E>: Send + Sync + core::fmt::Debug {
    /// `out = a·b mod M` (or `a²` when `b` is `None`) by the lazy form of `alg`;
    /// false if the element type does not match.
    fn mul(&self, alg: MulAlgorithm, a: &[E], b: Option<&[E]>, out: &mut [E]) -> bool;
    /// Whether `alg` has a lazy form.
    fn supports(&self, alg: MulAlgorithm) -> bool;
}

impl<const N: usize> LazyMul<FpElem<N>> for Engine<N> {
    fn mul(
        &self,
        alg: MulAlgorithm,
        a: &[FpElem<N>],
        b: Option<&[FpElem<N>]>,
        out: &mut [FpElem<N>],
    ) -> bool {
        let k = self.k;
        if a.len() != k || out.len() != k || b.is_some_and(|b| b.len() != k) {
            return false;
        }
        let mut al = [[0u64; N]; MAX_K];
        let mut bl = [[0u64; N]; MAX_K];
        for i in 0..k {
            al[i] = a[i].0;
        }
        let mut ol = [[0u64; N]; MAX_K];
        match b {
            Some(b) => {
                for i in 0..k {
                    bl[i] = b[i].0;
                }
                self.mul_limbs(alg, &al[..k], &bl[..k], &mut ol[..k]);
            }
            None => self.sqr_limbs(alg, &al[..k], &mut ol[..k]),
        }
        for i in 0..k {
            out[i].0 = ol[i];
        }
        true
    }
    fn supports(&self, alg: MulAlgorithm) -> bool {
        Engine::supports(self, alg)
    }
}

/// The lazy engine of `Fp<N>` for modulus `m`: X^k − α with small ±α and k ≤ 7
/// (`None` otherwise). Reached through [`PrimeFieldOps::lazy_ext_engine`], which only
/// `Fp<N>` implements, so that an F_{q^k} over `Fp<N>` instantiates the engine of its
/// own N and no other (build weight: the engine's products are large unrolled code).
pub fn engine_for<const N: usize>(
    base: &Fp<N>,
    m: &ExtModulus<FpElem<N>>,
) -> Option<Arc<dyn LazyMul<FpElem<N>>>> {
    let e = Engine::<N>::new(base, m.degree(), m.alpha()?)?;
    Some(Arc::new(e))
}
