//! Constant-time τ-adic scalar multiplication on Koblitz curves: the scalar partially
//! reduced mod δ and recoded into τNAF digits with fixed-width arithmetic, the digits
//! taken four at a time against a table of 10 points, Pornin's complete formulas.
//!
//! Sources: Solinas, *Efficient arithmetic on Koblitz curves*, DCC 19 (2000) (partial
//! reduction, the τNAF and its length, at most m + a + 3 digits for ρ = k partmod δ);
//! Hankerson–Menezes–Vanstone, *Guide to ECC*, Algorithms 3.61 (τNAF) and 3.63
//! (rounding in Z\[τ\]); T. Pornin, *Efficient and Complete Formulas for Binary Curves*,
//! ePrint 2022/1325, and c-xs233's `xsk233_mul_frob` (τNAF digits grouped into NAF
//! windows read from a table with masks; 60 steps of the recoding per update of the
//! full-width values), read and rewritten here for every Koblitz curve and any μ.
//!
//! * **Partial reduction** ([`TauRecoder`]): q = round(k·δ̄/N(δ)) in Z\[τ\] and
//!   ρ = k − qδ, as in [`super::tnaf`], but with fixed-width two's-complement words and
//!   no branch: λ_i = k·s_i/N(δ) is read from k·c_i with c_i = round(s_i·2^F/N(δ)),
//!   F = m + 20 (error below 2^−20), to 16 fractional bits; Solinas' rounding tests
//!   become masks. Any q gives ρ ≡ k (mod δ); the rounding keeps ρ short, and the
//!   tests check on every Koblitz curve that the fixed number of digits always
//!   suffices.
//! * **Digits**: the τNAF of ρ = r0 + r1τ, one digit per step for exactly
//!   w·⌈(m + a + 3)/w⌉ steps, w = [`GROUP`] = 4 (z = 0 when r0 is even, else z = ±1
//!   with z ≡ r0 − 2r1 (mod 4); then (r0, r1) ← (r1 + μ(r0 − z)/2, −(r0 − z)/2)),
//!   grouped into d = Σ z_j·2^j ∈ [−10, 10] (a 4-digit NAF), each group standing for
//!   Σ z_j·τ^j. [`TauRecoder::recode`] runs the steps 60 at a time on single words,
//!   [`TauRecoder::recode_stepwise`] one at a time on the whole of ρ (the reference).
//! * **Table**: T\[d\] = (Σ z_j τ^j)·P for d = 1 … 10, affine: for odd d,
//!   T\[d\] = τ^v(T\[d''\]) + z₀·P with d = z₀ + 2^v·d'', d'' odd (four additions,
//!   projective, then made affine together by one inversion), and T\[2d\] = τ(T\[d\]) (2S
//!   in affine form); P public.
//! * **Evaluation**, from the top group down: Q ← τ⁴(Q) (12S + 1M) and
//!   Q ← Q + ±T\[|d|\] (or + the neutral (0, 1) for d = 0; a mixed addition without the
//!   T coordinate, 5M + 2S), the entry's x and s read with masks from the whole table
//!   ([`Field::ct_lookup_rows`](crate::field::Field::ct_lookup_rows)). Complete formulas, so no
//!   branch anywhere depends on the scalar.
//!
//! Cost for m-bit k, G = ⌈(m + a + 3)/4⌉ groups: (G − 1)·(6M + 14S) (a = 0; +1M per
//! group for a = 1) + the table + one inversion at the end. Against the ladder's
//! m·(5M + 4S), K-233: 58·(6M + 14S) against 233·(5M + 4S).
//!
//! The group width was measured (K-233 on `PackedField`, 233,74,0, Zen 5, x(kP) with
//! the table and the recoding, session 28): w = 3, 4, 5 took 6.4, 6.0 and 6.6 µs, and
//! w = 6 was slower still (8.7 µs, measured before the reads were masked as they are
//! now) — a wider window saves additions, but its table (5, 10, 21, 42 points) costs
//! more to build, make affine and read with masks than it saves (c-xs233 takes w = 5
//! with a projective table).
//!
//! The method needs P ∈ ⟨G⟩ (δ annihilates only the points of odd order, and the
//! coordinates stand for the coset P + T₂); [`BinaryCurve::mul`] checks it.

use crate::binary::field::BinaryFieldOps;
use crate::ec2::curve::{AffinePoint, BinaryCurve};
use crate::ec2::scalar::tnaf::Koblitz;
use crate::ec2::scalar::Scalar;
use crate::ec2::xs::{XsPoint, XsTable};
use crate::error::{Error, Result};
use crate::field::Choice;
use num_bigint::BigInt;
use num_integer::Integer;

/// The τNAF digits per group: a 4-digit NAF, |d| ≤ 10 (see the module documentation
/// for the widths measured).
pub const GROUP: u32 = 4;
/// The table size: the largest 4-digit NAF value, 2 + 8.
pub const TABLE_LEN: usize = 10;
/// τNAF steps per batch of [`TauRecoder::recode`]: the next digits need bits i and
/// i + 1 of the scaled words, so at most 62.
pub const BATCH: u32 = 60;
/// Fractional bits kept of λ_i for the rounding.
const FRAC: u32 = 16;
/// Extra precision of the fixed-point constants c_i beyond m bits.
const EXTRA: u32 = 20;

/// The constant-time recoding of a Koblitz curve's scalars into groups of [`GROUP`] τNAF
/// digits (see the module documentation), with its fixed-point constants.
#[derive(Clone, Debug)]
pub struct TauRecoder {
    mu: i64,
    groups: usize,
    /// F − 16: k·c_i >> shift = λ_i·2^16.
    shift: u32,
    /// Words of the wide (product) and narrow (ρ) integers.
    wide: usize,
    narrow: usize,
    c0: Vec<u64>,
    c1: Vec<u64>,
    d0: Vec<u64>,
    d1: Vec<u64>,
    /// M^BATCH = [[A, B], [C, D]] for M = [[μ, 2], [−1, 0]] (|entries| < 2^31).
    batch_matrix: [i64; 4],
}

/// `x` in `len` two's-complement words (`x` must fit).
fn words_of(x: &BigInt, len: usize) -> Vec<u64> {
    let modulus = BigInt::from(1) << (64 * len);
    let v = x.mod_floor(&modulus);
    let (_, mut w) = v.to_u64_digits();
    w.resize(len, 0);
    w
}

impl TauRecoder {
    /// The constants for the curve whose Z\[τ\] data is `kob`.
    pub fn new(kob: &Koblitz) -> Self {
        let m = kob.degree();
        let mu = kob.mu();
        let a = u32::from(mu == 1);
        let f_bits = m + EXTRA;
        let norm = kob.delta_norm();
        let (s0, s1) = kob.delta_conj();
        let fixed = |s: &BigInt| -> BigInt {
            // round(s·2^F / N) = ⌊(2·s·2^F + N) / 2N⌋.
            ((s << (f_bits + 1)) + norm).div_floor(&(norm * 2))
        };
        let (c0, c1) = (fixed(s0), fixed(s1));
        // k < 2^m: |k·c_i| < 2^(m + bits(c_i)), plus a sign bit.
        let cbits = c0.bits().max(c1.bits()) as u32;
        let need_wide = (m + cbits + 2).div_ceil(64) as usize;
        // ρ: |r_i| < 2^(m/2 + 3) or so (N(ρ) ≤ 4/7·N(δ)); the digit loop keeps it
        // within a few bits of that. Eight spare bits and a sign bit.
        let need_narrow = (m / 2 + 12).div_ceil(64) as usize;
        let (wide, narrow) = [(6, 2), (11, 4), (14, 5)]
            .into_iter()
            .find(|&(w, n)| w >= need_wide && n >= need_narrow)
            .unwrap_or((need_wide.max(14), need_narrow.max(5)));
        let (d0, d1) = kob.delta();
        // M^BATCH, M = [[μ, 2], [−1, 0]]: entries grow as √2^BATCH = 2^30.
        let mut p = [1i64, 0, 0, 1];
        for _ in 0..BATCH {
            p = [mu * p[0] + 2 * p[2], mu * p[1] + 2 * p[3], -p[0], -p[1]];
        }
        TauRecoder {
            batch_matrix: p,
            mu,
            groups: (m + a + 3).div_ceil(GROUP) as usize,
            shift: f_bits - FRAC,
            wide,
            narrow,
            c0: words_of(&c0, wide),
            c1: words_of(&c1, wide),
            d0: words_of(d0, wide),
            d1: words_of(d1, wide),
        }
    }

    /// The number of digit groups, ⌈(m + a + 3)/5⌉.
    pub fn groups(&self) -> usize {
        self.groups
    }

    /// The groups of [`GROUP`] τNAF digits of k partmod δ, lowest first, each in
    /// [−10, 10] (d = Σ z_j·2^j for the digits z_j of its positions), and whether the
    /// digits account for all of ρ (always, for k < 2^m: the tests check it; `false`
    /// would mean a wrong product). Constant-time in k: the same instructions and
    /// addresses for every k of `k.len()` words. The digits come 60 steps at a time
    /// from the low words (see [`TauRecoder::recode_stepwise`] for the plain loop).
    pub fn recode(&self, k: &[u64]) -> (Vec<i8>, Choice) {
        self.recode_with(k, true)
    }

    /// As [`TauRecoder::recode`], one τNAF step at a time on the whole of ρ (the
    /// reference the batched loop is tested against).
    pub fn recode_stepwise(&self, k: &[u64]) -> (Vec<i8>, Choice) {
        self.recode_with(k, false)
    }

    /// Whether the word sizes of this degree are among the compiled ones (every
    /// degree up to 571).
    pub fn supported(&self) -> bool {
        matches!((self.wide, self.narrow), (6, 2) | (11, 4) | (14, 5))
    }

    fn recode_with(&self, k: &[u64], batched: bool) -> (Vec<i8>, Choice) {
        match (self.wide, self.narrow) {
            (6, 2) => self.recode_in::<6, 2>(k, batched),
            (11, 4) => self.recode_in::<11, 4>(k, batched),
            (14, 5) => self.recode_in::<14, 5>(k, batched),
            // Above 571 bits (see `supported`; `tnaf_recoder` refuses such curves).
            _ => (vec![0; self.groups], Choice::from(0)),
        }
    }

    fn recode_in<const L: usize, const R: usize>(
        &self,
        k: &[u64],
        batched: bool,
    ) -> (Vec<i8>, Choice) {
        let (u, v) = self.partmod::<L, R>(k);
        if batched {
            self.digits_batched(u, v)
        } else {
            self.digits_stepwise(u, v)
        }
    }

    /// ρ = k partmod δ as (r0, r1) in R two's-complement words, computed in L.
    fn partmod<const L: usize, const R: usize>(&self, k: &[u64]) -> ([u64; R], [u64; R]) {
        let arr = |v: &[u64]| -> [u64; L] {
            let mut a = [0u64; L];
            for (d, s) in a.iter_mut().zip(v) {
                *d = *s;
            }
            a
        };
        let kw = arr(k);
        let (c0, c1, d0, d1) = (arr(&self.c0), arr(&self.c1), arr(&self.d0), arr(&self.d1));
        // λ_i·2^16 = k·c_i >> (F − 16); f_i = round(λ_i), e_i = (λ_i − f_i)·2^16.
        let split = |c: &[u64; L]| -> ([u64; L], i64) {
            let t = sar(&mul_lo(&kw, c), self.shift);
            let g = add_small(&t, 1 << (FRAC - 1));
            let e = (g[0] & ((1 << FRAC) - 1)) as i64 - (1 << (FRAC - 1));
            (sar(&g, FRAC), e)
        };
        let (f0, e0) = split(&c0);
        let (f1, e1) = split(&c1);
        let (h0, h1) = round_adjust(self.mu, e0, e1);
        let q0 = add_small(&f0, h0);
        let q1 = add_small(&f1, h1);
        // ρ = k − qδ: r0 = k − q0d0 + 2q1d1, r1 = −(q0d1 + q1d0 + μq1d1).
        let q1d1 = mul_lo(&q1, &d1);
        let r0 = add(&sub(&kw, &mul_lo(&q0, &d0)), &add(&q1d1, &q1d1));
        let mut r1 = add(&mul_lo(&q0, &d1), &mul_lo(&q1, &d0));
        r1 = if self.mu == 1 {
            add(&r1, &q1d1)
        } else {
            sub(&r1, &q1d1)
        };
        let r1 = neg(&r1);
        let mut u = [0u64; R];
        let mut v = [0u64; R];
        u.copy_from_slice(&r0[..R]);
        v.copy_from_slice(&r1[..R]);
        (u, v)
    }

    /// The τNAF of u + vτ one step at a time: z = 0 for even u, else ±1 with
    /// z ≡ u − 2v (mod 4); then (u, v) ← (v + μ(u − z)/2, −(u − z)/2).
    fn digits_stepwise<const R: usize>(
        &self,
        mut u: [u64; R],
        mut v: [u64; R],
    ) -> (Vec<i8>, Choice) {
        let mut out = Vec::with_capacity(self.groups);
        for _ in 0..self.groups {
            let mut d = 0i64;
            for j in 0..GROUP {
                let odd = (u[0] & 1).wrapping_neg();
                // 1 or −1 (as words) when u is odd: z ≡ u − 2v (mod 4).
                let z = (1u64.wrapping_sub(u[0].wrapping_sub(v[0] << 1) & 2)) & odd;
                d += (z as i64) << j;
                let half = sar(&add_small(&u, (z as i64).wrapping_neg()), 1);
                u = if self.mu == 1 {
                    add(&v, &half)
                } else {
                    sub(&v, &half)
                };
                v = neg(&half);
            }
            out.push(d as i8);
        }
        let rest = u.iter().chain(&v).fold(0u64, |acc, w| acc | w);
        (out, subtle::ConstantTimeEq::ct_eq(&rest, &0))
    }

    /// The same digits, [`BATCH`] steps at a time (c-xs233's method, for any μ): the
    /// step is linear in (u, v) apart from the digits, so on the scaled values
    /// su_i = 2^i·u_i, sv_i = 2^i·v_i (su' = μ·su + 2sv − μz·2^i, sv' = z·2^i − su, no
    /// division) the next digits depend only on the low words. After the batch,
    /// (su, sv) = Mᴮ·(u, v) + (Lu, Lv) with M = [[μ, 2], [−1, 0]], Lu and Lv the digits'
    /// share, also tracked in one word each; u and v are updated once, on R + 1 words,
    /// and divided by 2^BATCH exactly. Whole batches only: the groups past
    /// [`TauRecoder::groups`] must come out zero, and count in the check.
    fn digits_batched<const R: usize>(
        &self,
        mut u: [u64; R],
        mut v: [u64; R],
    ) -> (Vec<i8>, Choice) {
        let per_batch = (BATCH / GROUP) as usize;
        let batches = self.groups.div_ceil(per_batch);
        let mut out = Vec::with_capacity(batches * per_batch);
        let mu_pos = self.mu == 1;
        for _ in 0..batches {
            let (mut xu, mut xv) = (u[0], v[0]);
            let (mut lu, mut lv) = (0u64, 0u64);
            let mut bit = 1u64;
            for j in 0..per_batch {
                let mut d = 0u64;
                for _ in 0..GROUP {
                    // z = t1 − t2 (±bit, or 0); sv' = z − su, su' = 2sv ∓ sv'. Written
                    // so that su' waits on four operations after su, not six: the
                    // terms that do not need t1 are formed beside it.
                    let t1 = bit & xu;
                    let t3 = xv.wrapping_add(xv);
                    let t2 = t1.wrapping_add(t1) & (xu ^ t3);
                    let z = t1.wrapping_sub(t2);
                    d = d.wrapping_add(z);
                    let lnv = z.wrapping_sub(lu);
                    let l2 = lv.wrapping_add(lv);
                    let nv = t1.wrapping_sub(xu).wrapping_sub(t2);
                    if mu_pos {
                        // su' = 2sv + su − z = (t3 + su − t1) + t2.
                        xu = t3.wrapping_add(xu).wrapping_sub(t1).wrapping_add(t2);
                        lu = l2.wrapping_sub(lnv);
                    } else {
                        // su' = 2sv − su + z = (t3 − su + t1) − t2.
                        xu = t3.wrapping_sub(xu).wrapping_add(t1).wrapping_sub(t2);
                        lu = l2.wrapping_add(lnv);
                    }
                    xv = nv;
                    lv = lnv;
                    bit = bit.wrapping_add(bit);
                }
                out.push(((d as i64) >> (GROUP as usize * j)) as i8);
            }
            let [a, b, c, dd] = self.batch_matrix;
            let next_u = lin_shift(&u, &v, a, b, lu as i64);
            v = lin_shift(&u, &v, c, dd, lv as i64);
            u = next_u;
        }
        let extra = out[self.groups..].iter().fold(0u8, |acc, &d| acc | d as u8);
        out.truncate(self.groups);
        let rest = u.iter().chain(&v).fold(u64::from(extra), |acc, w| acc | w);
        (out, subtle::ConstantTimeEq::ct_eq(&rest, &0))
    }
}

/// Solinas' rounding correction (HMV Algorithm 3.63, steps 4–8) on the fractional parts
/// η_i = e_i/2^16 ∈ [−1/2, 1/2), with masks: (h0, h1) ∈ {−1, 0, 1}².
fn round_adjust(mu: i64, e0: i64, e1: i64) -> (i64, i64) {
    const ONE: i64 = 1 << FRAC;
    // all ones when x < y.
    let lt = |x: i64, y: i64| (x - y) >> 63;
    let sel = |mask: i64, v: i64, old: i64| (v & mask) | (old & !mask);
    let e1mu = e1 * mu;
    let eta = 2 * e0 + e1mu;
    let check1 = e0 - 3 * e1mu;
    let check2 = e0 + 4 * e1mu;
    let (mut h0, mut h1) = (0i64, 0i64);
    // η ≥ 1: (η0 − 3μη1 < −1 ? h1 = μ : h0 = 1); else η0 + 4μη1 ≥ 2: h1 = μ.
    let c1 = !lt(eta, ONE);
    let c1a = lt(check1, -ONE);
    let c2 = !lt(check2, 2 * ONE);
    h1 = sel(c1 & c1a, mu, h1);
    h0 = sel(c1 & !c1a, 1, h0);
    h1 = sel(!c1 & c2, mu, h1);
    // η < −1: (η0 − 3μη1 ≥ 1 ? h1 = −μ : h0 = −1); else η0 + 4μη1 < −2: h1 = −μ.
    let c3 = lt(eta, -ONE);
    let c3a = !lt(check1, ONE);
    let c4 = lt(check2, -2 * ONE);
    h1 = sel(c3 & c3a, -mu, h1);
    h0 = sel(c3 & !c3a, -1, h0);
    h1 = sel(!c3 & c4, -mu, h1);
    (h0, h1)
}

/// (a·u + b·v + l) / 2^BATCH for two's-complement u, v of R words and small signed a,
/// b, l (public a and b; the division exact, as in [`TauRecoder::recode`]), on R + 1
/// words.
fn lin_shift<const R: usize>(u: &[u64; R], v: &[u64; R], a: i64, b: i64, l: i64) -> [u64; R] {
    // x·c on R + 1 words: x sign-extended, times |c|, negated for c < 0.
    let times = |x: &[u64; R], c: i64| -> ([u64; R], u64) {
        let ext = ((x[R - 1] as i64) >> 63) as u64;
        let m = c.unsigned_abs();
        let mut lo = [0u64; R];
        let mut carry = 0u64;
        for (o, &w) in lo.iter_mut().zip(x) {
            let t = u128::from(w) * u128::from(m) + u128::from(carry);
            *o = t as u64;
            carry = (t >> 64) as u64;
        }
        let hi = ext.wrapping_mul(m).wrapping_add(carry);
        if c < 0 {
            // −(lo, hi) = !(lo, hi) + 1.
            let mut borrow = 1u64;
            for o in lo.iter_mut() {
                let (r, c1) = (!*o).overflowing_add(borrow);
                *o = r;
                borrow = u64::from(c1);
            }
            (lo, (!hi).wrapping_add(borrow))
        } else {
            (lo, hi)
        }
    };
    let (mut lo, mut hi) = times(u, a);
    let (lo2, hi2) = times(v, b);
    let mut carry = 0u64;
    for (o, w) in lo.iter_mut().zip(lo2) {
        let (r1, c1) = o.overflowing_add(w);
        let (r2, c2) = r1.overflowing_add(carry);
        *o = r2;
        carry = u64::from(c1) + u64::from(c2);
    }
    hi = hi.wrapping_add(hi2).wrapping_add(carry);
    // + l, sign-extended.
    let fill = ((l >> 63) as u64, l as u64);
    let mut carry = 0u64;
    for (i, o) in lo.iter_mut().enumerate() {
        let w = if i == 0 { fill.1 } else { fill.0 };
        let (r1, c1) = o.overflowing_add(w);
        let (r2, c2) = r1.overflowing_add(carry);
        *o = r2;
        carry = u64::from(c1) + u64::from(c2);
    }
    hi = hi.wrapping_add(fill.0).wrapping_add(carry);
    let mut out = [0u64; R];
    for i in 0..R {
        let next = if i + 1 < R { lo[i + 1] } else { hi };
        out[i] = (lo[i] >> BATCH) | (next << (64 - BATCH));
    }
    out
}

/// a + b mod 2^(64L).
fn add<const L: usize>(a: &[u64; L], b: &[u64; L]) -> [u64; L] {
    let mut r = [0u64; L];
    let mut carry = 0u64;
    for i in 0..L {
        let (s1, c1) = a[i].overflowing_add(b[i]);
        let (s2, c2) = s1.overflowing_add(carry);
        r[i] = s2;
        carry = u64::from(c1) + u64::from(c2);
    }
    r
}

/// a − b mod 2^(64L).
fn sub<const L: usize>(a: &[u64; L], b: &[u64; L]) -> [u64; L] {
    let mut r = [0u64; L];
    let mut borrow = 0u64;
    for i in 0..L {
        let (s1, b1) = a[i].overflowing_sub(b[i]);
        let (s2, b2) = s1.overflowing_sub(borrow);
        r[i] = s2;
        borrow = u64::from(b1) + u64::from(b2);
    }
    r
}

/// −a mod 2^(64L).
fn neg<const L: usize>(a: &[u64; L]) -> [u64; L] {
    sub(&[0u64; L], a)
}

/// a + v for a small signed v (sign-extended).
fn add_small<const L: usize>(a: &[u64; L], v: i64) -> [u64; L] {
    let mut b = [(v >> 63) as u64; L];
    b[0] = v as u64;
    add(a, &b)
}

/// a·b mod 2^(64L) (two's complement: right for signed operands).
fn mul_lo<const L: usize>(a: &[u64; L], b: &[u64; L]) -> [u64; L] {
    let mut r = [0u64; L];
    for i in 0..L {
        let mut carry = 0u64;
        for j in 0..L - i {
            let t = u128::from(a[i]) * u128::from(b[j]) + u128::from(r[i + j]) + u128::from(carry);
            r[i + j] = t as u64;
            carry = (t >> 64) as u64;
        }
    }
    r
}

/// a >> s, arithmetic (s < 64L, public).
fn sar<const L: usize>(a: &[u64; L], s: u32) -> [u64; L] {
    let fill = ((a[L - 1] as i64) >> 63) as u64;
    let (ws, bs) = ((s / 64) as usize, s % 64);
    let word = |i: usize| if i < L { a[i] } else { fill };
    let mut r = [0u64; L];
    for (i, out) in r.iter_mut().enumerate() {
        let lo = word(i + ws);
        *out = if bs == 0 {
            lo
        } else {
            (lo >> bs) | (word(i + ws + 1) << (64 - bs))
        };
    }
    r
}

impl<F: BinaryFieldOps> BinaryCurve<F> {
    /// The recoder of this Koblitz curve (built on first use), or
    /// [`Error::UnsupportedAlgorithm`].
    pub fn tnaf_recoder(&self) -> Result<&TauRecoder> {
        let kob = self.koblitz().map_err(|_| Error::UnsupportedAlgorithm {
            algorithm: "tnaf".into(),
            reason: "the constant-time τNAF needs a Koblitz curve, b = 1 and a ∈ {0, 1}".into(),
        })?;
        let rec = kob.recoder();
        if !rec.supported() {
            return Err(Error::UnsupportedAlgorithm {
                algorithm: "tnaf".into(),
                reason: format!(
                    "the constant-time τNAF's fixed-width recoding is compiled up to degree 571, not {}",
                    self.degree()
                ),
            });
        }
        Ok(rec)
    }

    /// The 10 points T\[d\] = (Σ z_j τ^j)·P, d = Σ z_j 2^j the 4-digit NAFs 1 … 10, in
    /// affine (x, s) coordinates for the masked reads, P ∈ ⟨G⟩ public. The odd entries
    /// but T\[1\] = P are T\[d\] = τ(T\[d'\]) ± P with d' = (d ∓ 1)/2, and τ(T\[d'\]) =
    /// τ^v(T\[odd part of d'\]): four additions on projective points, then the five odd
    /// entries made affine together (one inversion); the even entries are
    /// T\[2d\] = τ(T\[d\]), two squarings each in affine form.
    pub fn tnaf_ct_table(&self, p: &AffinePoint<F::Elem>) -> XsTable<F::Elem> {
        let f = &self.field;
        let base = self.xs_from_affine(p);
        let minus = self.xs_neg(&base);
        // odd[(d − 1)/2] = T[d] for odd d, projective.
        let mut odd: Vec<XsPoint<F::Elem>> = Vec::with_capacity(TABLE_LEN.div_ceil(2));
        odd.push(base.clone());
        for d in (3..=TABLE_LEN).step_by(2) {
            // z₀ = 1 for d ≡ 1 (mod 4), −1 for d ≡ 3; d = z₀ + 2d'.
            let (mut next, addend) = if d % 4 == 1 {
                ((d - 1) / 2, &base)
            } else {
                (d.div_ceil(2), &minus)
            };
            let mut power = 1;
            while next % 2 == 0 {
                next /= 2;
                power += 1;
            }
            let mut q = self.xs_frobenius(&odd[(next - 1) / 2]);
            for _ in 1..power {
                q = self.xs_frobenius(&q);
            }
            // τ^v(P) and ±P both have X = 1 (see `xs_from_affine`): for the 4-digit
            // groups every odd entry is τ^v(P) ± P; a wider table also adds τ^v(T[d'']).
            odd.push(self.tnaf_table_add(&q, addend, next == 1));
        }
        let affine = self.xs_table(&odd);
        let mut rows = vec![[f.zero(), f.one()]; TABLE_LEN + 1];
        for d in 1..=TABLE_LEN {
            rows[d] = if d % 2 == 1 {
                affine.rows[d.div_ceil(2)].clone()
            } else {
                let [x, s] = &rows[d / 2];
                [f.sqr(x), f.sqr(s)]
            };
        }
        XsTable { rows }
    }

    /// One addition of [`Self::tnaf_ct_table`]: [`BinaryCurve::xs_add_unit_x`] when both
    /// points have X = 1 (`unit_x`, public), [`BinaryCurve::xs_add`] otherwise. Kept out
    /// of line: the table's loop is unrolled, and its four additions inlined (each 8M + 2S
    /// with the field's kernels inside) cost about 40 s of LLVM time per word-field
    /// instance (the `it` test binary's τNAF code: 146 → 59 s of LLVM time for its three
    /// field instances, session 39's trace), against one call per addition (four per
    /// multiplication).
    #[inline(never)]
    fn tnaf_table_add(
        &self,
        p: &XsPoint<F::Elem>,
        q: &XsPoint<F::Elem>,
        unit_x: bool,
    ) -> XsPoint<F::Elem> {
        if unit_x {
            self.xs_add_unit_x(p, q)
        } else {
            self.xs_add(p, q)
        }
    }

    /// k·(P + T₂) in (x, s) coordinates: the core of the method. P ∈ ⟨G⟩ \ {O}.
    fn tnaf_ct_xs(&self, k: &Scalar, p: &AffinePoint<F::Elem>) -> Result<XsPoint<F::Elem>> {
        let rec = self.tnaf_recoder()?;
        let table = self.tnaf_ct_table(p);
        let (digits, _) = rec.recode(k.words());
        // From the top group down; the next entry is read before the Frobenius maps,
        // which do not need it, so the reads overlap the squarings.
        let mut rest = digits.iter().rev();
        // The top entry (x, s) is the element (x : s : 1); the neutral (0, 1) for 0.
        let (mut x, mut s) = match rest.next() {
            Some(&top) => self.xs_lookup_ct(&table, top),
            None => (self.field.zero(), self.field.one()),
        };
        let mut z = self.field.one();
        for &d in rest {
            let (ex, es) = self.xs_lookup_ct(&table, d);
            let q = self.xs_frobenius_pow_xsz(x, s, z, GROUP);
            (x, s, z) = self.xs_add_affine_xsz(&q, &ex, &es);
        }
        // T = XZ for a well-formed element (1M; the callers read X, S and Z only).
        let t = self.field.mul(&x, &z);
        Ok(XsPoint { x, s, z, t })
    }

    /// kP by the constant-time τ-adic method for P ∈ ⟨G⟩ (a point outside ⟨G⟩ gives a
    /// wrong result: [`BinaryCurve::mul`] checks): (x(kP), y(kP), whether kP = O), the
    /// coordinates meaningless in the last case. No branch and no memory address
    /// depends on k. [`Error::UnsupportedAlgorithm`] off Koblitz curves.
    pub fn mul_tnaf_ct(
        &self,
        k: &Scalar,
        p: &AffinePoint<F::Elem>,
    ) -> Result<(F::Elem, F::Elem, Choice)> {
        if p.is_infinity() {
            self.tnaf_recoder()?;
            let f = &self.field;
            return Ok((f.zero(), f.zero(), Choice::from(1)));
        }
        Ok(self.xs_to_affine_ct(&self.tnaf_ct_xs(k, p)?))
    }

    /// x(kP) by the constant-time τ-adic method for P ∈ ⟨G⟩ (see
    /// [`BinaryCurve::mul_tnaf_ct`]), and whether kP = O (x then 0).
    pub fn mul_tnaf_x_ct(&self, k: &Scalar, p: &AffinePoint<F::Elem>) -> Result<(F::Elem, Choice)> {
        if p.is_infinity() {
            self.tnaf_recoder()?;
            return Ok((self.field.zero(), Choice::from(1)));
        }
        Ok(self.xs_to_x_ct(&self.tnaf_ct_xs(k, p)?))
    }

    /// kP by the constant-time τ-adic method (P ∈ ⟨G⟩; see
    /// [`BinaryCurve::mul_tnaf_ct`]); reveals only whether kP = O, which is part of
    /// the output.
    pub fn mul_tnaf(&self, k: &Scalar, p: &AffinePoint<F::Elem>) -> Result<AffinePoint<F::Elem>> {
        let (x, y, infinity) = self.mul_tnaf_ct(k, p)?;
        Ok(if bool::from(infinity) {
            AffinePoint::Infinity
        } else {
            AffinePoint::Finite { x, y }
        })
    }
}
