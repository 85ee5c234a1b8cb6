//! Width-w τNAF scalar multiplication on Koblitz curves.
//!
//! Sources: Solinas, *Efficient arithmetic on Koblitz curves*, DCC 19 (2000), §4–§6
//! (Z\[τ\], rounding, partial reduction, width-w τNAF); Hankerson–Menezes–Vanstone, *Guide
//! to ECC*, §3.4: Algorithm 3.63 (rounding off in Z\[τ\]), 3.65 (partial reduction
//! "k partmod δ"), 3.69/3.70 (width-w τNAF with the representatives α_u).
//!
//! A Koblitz curve is y² + xy = x³ + ax² + 1 with a ∈ {0, 1} (detected from the curve's
//! a and b, not its name: K-163 has a = 1, K-233 … K-571 a = 0). The Frobenius map
//! τ(x, y) = (x², y²) is an endomorphism with τ² − μτ + 2 = 0, μ = (−1)^(1−a), so
//! Z\[τ\] acts on the curve. With δ = (τ^m − 1)/(τ − 1) (m = the degree), δ·P = O for
//! every P ∈ ⟨G⟩ (τ^m is the identity on E(F_2^m), and τ − 1, of norm 3 − μ ∈ {2, 4},
//! is injective on points of odd order), so kP = ρP for ρ ≡ k (mod δ).
//!
//! * **Partial reduction** ([`Koblitz::partmod`]): ρ = k − q·δ with q the rounding
//!   (Solinas' Routine 60, HMV Algorithm 3.63) of k/δ = k·δ̄/N(δ) = (k·s0 + k·s1·τ)/N(δ),
//!   s0 + s1τ = δ̄ = the conjugate. ρ has norm at most 4/7·N(δ), so about m + a
//!   τ-adic digits instead of 2m for k itself. δ, s0, s1 and N(δ) are computed once per
//!   curve from m and μ (in [`Koblitz::new`], cached in the curve). HMV Algorithm 3.65
//!   approximates k·s_i/N(δ) with shifts and the Lucas number V_m to avoid a division
//!   by n; here the quotient is rounded exactly (one bignum division per scalar
//!   multiplication, well under a microsecond) — any q gives ρ ≡ k, the rounding only
//!   keeps ρ short.
//! * **Width-w τNAF** ([`Koblitz::digits`], HMV Algorithm 3.70): with t_w the image of
//!   τ in Z/2^w (t_w² − μt_w + 2 ≡ 0, the kernel of r0 + r1τ ↦ r0 + r1t_w mod 2^w is
//!   τ^w·Z\[τ\]) and α_u = u mods τ^w (the rounded remainder, u odd in [1, 2^(w−1))):
//!   while ρ ≠ 0, if r0 is odd take u = r0 + r1t_w mods 2^w, subtract ±α_|u|, emit u;
//!   then divide by τ: (r0, r1) ← (r1 + μr0/2, −r0/2). Digits lowest first; any w
//!   consecutive digits hold at most one nonzero. The loop runs on fixed-width
//!   two's-complement words (no allocation per digit).
//! * **Precomputation** ([`BinaryCurve::tnaf_table`]): the 2^(w−2) points α_u·P.
//!   Each α_u (u > 1) is found once per curve and width as ±τ^j·α_v ± τ^i for an
//!   earlier α_v (falling back to the τNAF of α_u when no such pair exists), so each
//!   costs one mixed addition and j LD Frobenius maps (3S) and i affine ones (2S);
//!   then one simultaneous inversion makes the table affine.
//! * **Evaluation** (left to right): Q ← τ(Q) (3S in López–Dahab: (X², Y², Z²)), and
//!   Q ← Q ± α_|u|P (mixed addition, 8M + 5S) for a nonzero digit.
//!
//! Cost for m-bit k, ℓ ≈ m + a digits: ℓ·3S + ℓ/(w + 1)·(8M + 5S) + the table
//! (2^(w−2) − 1 mixed additions, one inversion) + one conversion to affine — no
//! doubling at all, against m·(3M + 5S) doublings for w-NAF. P outside ⟨G⟩ is
//! multiplied without the reduction (δ does not annihilate the points of even order):
//! the τNAF of k itself, about 2·bits(k) digits. Variable-time: the digits decide the
//! additions and table indices.

use crate::binary::field::BinaryFieldOps;
use crate::ec2::curve::{AffinePoint, BinaryCurve, Coefficient};
use crate::ec2::ld::LdPoint;
use crate::ec2::scalar::signed;
use crate::error::{Error, Result};
use num_bigint::{BigInt, BigUint, Sign};
use num_integer::Integer;
use num_traits::{One, Zero};
use std::collections::HashMap;
use std::sync::OnceLock;

/// The smallest and largest window width.
const MIN_W: u32 = 2;
/// See [`MIN_W`].
const MAX_W: u32 = 8;

/// An element r0 + r1τ of Z\[τ\] with small coefficients.
pub type SmallZTau = (i64, i64);

/// The Z\[τ\] data of a Koblitz curve over F_2^m: μ, δ = (τ^m − 1)/(τ − 1), its conjugate
/// and norm, and (built on first use, per width) the α_u and the plan of the table.
#[derive(Clone, Debug)]
pub struct Koblitz {
    mu: i64,
    m: u32,
    delta: (BigInt, BigInt),
    delta_conj: (BigInt, BigInt),
    delta_norm: BigInt,
    windows: [OnceLock<Window>; (MAX_W - MIN_W + 1) as usize],
    recoder: OnceLock<super::tnaf_ct::TauRecoder>,
}

/// One window width: t_w, the α_u and how to compute α_u·P.
#[derive(Clone, Debug)]
struct Window {
    w: u32,
    tw: u64,
    /// α_u at index (u − 1)/2.
    alpha: Vec<SmallZTau>,
    plan: Vec<Step>,
}

/// How to compute α_u·P (u at index `u`) from earlier entries.
#[derive(Clone, Debug)]
enum Step {
    /// α_u = ±τ^j·α_v (+ ±τ^i when `p` is `Some((i, negative))`).
    Chain {
        u: usize,
        v: usize,
        j: u32,
        neg_v: bool,
        p: Option<(u32, bool)>,
    },
    /// α_u by its τNAF (digits in {0, ±1}, lowest first) evaluated on P.
    Tnaf { u: usize, digits: Vec<i8> },
}

/// (a0 + a1τ)(b0 + b1τ) with τ² = μτ − 2.
fn zt_mul(mu: i64, a: &(BigInt, BigInt), b: &(BigInt, BigInt)) -> (BigInt, BigInt) {
    let t = &a.1 * &b.1;
    (&a.0 * &b.0 - &t * 2, &a.0 * &b.1 + &a.1 * &b.0 + &t * mu)
}

/// The conjugate of r0 + r1τ: r0 + r1τ̄ = (r0 + μr1) − r1τ (τ̄ = μ − τ).
fn zt_conj(mu: i64, a: &(BigInt, BigInt)) -> (BigInt, BigInt) {
    (&a.0 + &a.1 * mu, -&a.1)
}

/// N(r0 + r1τ) = r0² + μr0r1 + 2r1².
fn zt_norm(mu: i64, a: &(BigInt, BigInt)) -> BigInt {
    &a.0 * &a.0 + &a.0 * &a.1 * mu + &a.1 * &a.1 * 2
}

/// The small-coefficient product, for the α_u.
fn small_mul(mu: i64, a: SmallZTau, b: SmallZTau) -> SmallZTau {
    let t = a.1 * b.1;
    (a.0 * b.0 - 2 * t, a.0 * b.1 + a.1 * b.0 + mu * t)
}

/// Solinas' rounding (HMV Algorithm 3.63) of λ = (n0 + n1τ)/den, den > 0, to the
/// q ∈ Z[τ] with N(λ − q) ≤ 4/7, exactly: η_i = λ_i − round(λ_i) is kept as
/// e_i = n_i − f_i·den, and every comparison of the algorithm is scaled by den.
fn round(mu: i64, n0: &BigInt, n1: &BigInt, den: &BigInt) -> (BigInt, BigInt) {
    let two_den = den * 2;
    // f = ⌊λ + 1/2⌋ = ⌊(2n + den)/(2den)⌋.
    let f0 = (n0 * BigInt::from(2) + den).div_floor(&two_den);
    let f1 = (n1 * BigInt::from(2) + den).div_floor(&two_den);
    let e0 = n0 - &f0 * den;
    let e1 = n1 - &f1 * den;
    let e1mu = &e1 * mu;
    let eta = &e0 * 2 + &e1mu;
    let check1 = &e0 - &e1mu * 3;
    let check2 = &e0 + &e1mu * 4;
    let (mut h0, mut h1) = (0i64, 0i64);
    let neg_den = -den;
    if eta >= *den {
        if check1 < neg_den {
            h1 = mu;
        } else {
            h0 = 1;
        }
    } else if check2 >= two_den {
        h1 = mu;
    }
    if eta < neg_den {
        if check1 >= *den {
            h1 = -mu;
        } else {
            h0 = -1;
        }
    } else if check2 < -&two_den {
        h1 = -mu;
    }
    (f0 + h0, f1 + h1)
}

impl Koblitz {
    /// The data for a Koblitz curve over F_2^m with μ = ±1 (a = 1: μ = 1; a = 0:
    /// μ = −1). τ^m by m − 1 multiplications in Z\[τ\], then δ = (τ^m − 1)(τ̄ − 1)/N(τ − 1)
    /// by an exact division. [`Error::InvalidArgument`] for μ ∉ {1, −1} or m outside
    /// 1..=[`Koblitz::MAX_DEGREE`].
    pub fn new(m: u32, mu: i64) -> Result<Self> {
        if mu != 1 && mu != -1 {
            return Err(Error::InvalidArgument {
                name: "mu".into(),
                value: mu.to_string(),
                reason: "a Koblitz curve has μ = 1 (a = 1) or μ = −1 (a = 0)".into(),
            });
        }
        if !(1..=Self::MAX_DEGREE).contains(&m) {
            return Err(Error::InvalidArgument {
                name: "m".into(),
                value: m.to_string(),
                reason: format!("the degree must be 1 to {}", Self::MAX_DEGREE),
            });
        }
        Ok(Self::for_curve(m, mu))
    }

    /// The largest degree [`Koblitz::new`] accepts (its set-up takes m products of
    /// m-bit integers).
    pub const MAX_DEGREE: u32 = 1 << 16;

    /// [`Koblitz::new`] for the curve's own m ≥ 1 and μ = ±1.
    pub(crate) fn for_curve(m: u32, mu: i64) -> Self {
        debug_assert!(mu == 1 || mu == -1);
        let tau = (BigInt::zero(), BigInt::one());
        let mut tm = (BigInt::one(), BigInt::zero());
        for _ in 0..m {
            tm = zt_mul(mu, &tm, &tau);
        }
        let num = zt_mul(
            mu,
            &(&tm.0 - 1, tm.1.clone()),
            &zt_conj(mu, &(BigInt::from(-1), BigInt::one())),
        );
        let den = BigInt::from(3 - mu);
        debug_assert!(num.0.is_multiple_of(&den) && num.1.is_multiple_of(&den));
        let delta = (&num.0 / &den, &num.1 / &den);
        let delta_conj = zt_conj(mu, &delta);
        let delta_norm = zt_norm(mu, &delta);
        Koblitz {
            mu,
            m,
            delta,
            delta_conj,
            delta_norm,
            windows: Default::default(),
            recoder: OnceLock::new(),
        }
    }

    /// μ.
    pub fn mu(&self) -> i64 {
        self.mu
    }
    /// The degree m.
    pub fn degree(&self) -> u32 {
        self.m
    }
    /// δ = (τ^m − 1)/(τ − 1) as (d0, d1).
    pub fn delta(&self) -> &(BigInt, BigInt) {
        &self.delta
    }
    /// δ̄ = s0 + s1τ, the conjugate of δ, as (s0, s1).
    pub fn delta_conj(&self) -> &(BigInt, BigInt) {
        &self.delta_conj
    }
    /// The constant-time recoder of [`super::tnaf_ct`] (built on first use).
    pub fn recoder(&self) -> &super::tnaf_ct::TauRecoder {
        self.recoder
            .get_or_init(|| super::tnaf_ct::TauRecoder::new(self))
    }
    /// N(δ) = #E/(3 − μ) (the order n for the standard curves).
    pub fn delta_norm(&self) -> &BigInt {
        &self.delta_norm
    }

    /// ρ = k partmod δ = k − round(k/δ)·δ as (r0, r1): ρ ≡ k (mod δ) and
    /// N(ρ) ≤ 4/7·N(δ). Variable-time.
    pub fn partmod(&self, k: &BigInt) -> (BigInt, BigInt) {
        let (s0, s1) = &self.delta_conj;
        let q = round(self.mu, &(k * s0), &(k * s1), &self.delta_norm);
        let qd = zt_mul(self.mu, &q, &self.delta);
        (k - qd.0, -qd.1)
    }

    fn window(&self, w: u32) -> &Window {
        let w = w.clamp(MIN_W, MAX_W);
        self.windows[(w - MIN_W) as usize].get_or_init(|| Window::new(self.mu, w))
    }

    /// t_w ∈ [0, 2^w), the image of τ in Z/2^w (`w` clamped to [2, 8]).
    pub fn tw(&self, w: u32) -> u64 {
        self.window(w).tw
    }

    /// α_u = u mods τ^w for u = 1, 3, …, 2^(w−1) − 1, at index (u − 1)/2 (`w` clamped
    /// to [2, 8]).
    pub fn alphas(&self, w: u32) -> &[SmallZTau] {
        &self.window(w).alpha
    }

    /// The width-w τNAF of r0 + r1τ (HMV Algorithm 3.70; `w` clamped to [2, 8]):
    /// digits u_i, lowest first, each 0 or odd with |u_i| < 2^(w−1), standing for
    /// sign(u_i)·α_|u_i|; Σ u_i τ^i = r0 + r1τ in Z\[τ\]; no trailing zeros.
    /// Variable-time.
    pub fn digits(&self, r0: &BigInt, r1: &BigInt, w: u32) -> Vec<i8> {
        recode(self.mu, self.window(w), r0, r1)
    }
}

/// HMV Algorithm 3.70 on two's-complement words (see [`Koblitz::digits`]).
fn recode(mu: i64, win: &Window, r0: &BigInt, r1: &BigInt) -> Vec<i8> {
    let w = win.w;
    let bits = r0.bits().max(r1.bits()) as usize;
    // |r0|, |r1| stay within a few bits of the start plus w (the norm shrinks
    // whenever it exceeds a constant times N(α_u)); two spare words.
    let len = bits / 64 + 2 + (w as usize + 8) / 64;
    let mut a = Wide::from_bigint(r0, len);
    let mut b = Wide::from_bigint(r1, len);
    let mask = (1u64 << w) - 1;
    let half = 1i64 << (w - 1);
    let mut out = Vec::with_capacity(bits * 2 + 8);
    while !(a.is_zero() && b.is_zero()) {
        if a.0[0] & 1 == 1 {
            let v = (a.0[0].wrapping_add(b.0[0].wrapping_mul(win.tw)) & mask) as i64;
            let u = if v >= half { v - (1 << w) } else { v };
            let (beta, gamma) = win.alpha[(u.unsigned_abs() as usize - 1) / 2];
            if u > 0 {
                a.add_small(-beta);
                b.add_small(-gamma);
            } else {
                a.add_small(beta);
                b.add_small(gamma);
            }
            out.push(u as i8);
        } else {
            out.push(0);
        }
        // (a + bτ)/τ = (b + μa/2) − (a/2)τ, a even.
        a.sar1();
        core::mem::swap(&mut a, &mut b);
        if mu == 1 {
            a.add_assign(&b);
        } else {
            a.sub_assign(&b);
        }
        b.negate();
    }
    out
}

impl Window {
    fn new(mu: i64, w: u32) -> Self {
        // τ^w = A + Bτ with B odd (B = U_w, a Lucas number); t_w = −A·B^(−1) mod 2^w.
        let mut tw_pow: SmallZTau = (1, 0);
        for _ in 0..w {
            tw_pow = small_mul(mu, tw_pow, (0, 1));
        }
        let modulus = 1i64 << w;
        let b_inv = (1..modulus)
            .step_by(2)
            .find(|x| (x * tw_pow.1).rem_euclid(modulus) == 1)
            .expect("U_w is odd");
        let tw = (-tw_pow.0 * b_inv).rem_euclid(modulus) as u64;
        // α_u = u − round(u/τ^w)·τ^w, u/τ^w = u·conj(τ^w)/2^w.
        let big = |x: i64| BigInt::from(x);
        let tw_big = (big(tw_pow.0), big(tw_pow.1));
        let conj = zt_conj(mu, &tw_big);
        let alpha: Vec<SmallZTau> = (1..modulus / 2)
            .step_by(2)
            .map(|u| {
                let q = round(mu, &(&conj.0 * u), &(&conj.1 * u), &big(modulus));
                let qt = zt_mul(mu, &q, &tw_big);
                let small = |x: BigInt| i64::try_from(x).expect("α_u is small");
                (small(big(u) - qt.0), small(-qt.1))
            })
            .collect();
        let plan = Self::plan(mu, w, &alpha);
        Window { w, tw, alpha, plan }
    }

    /// For each α_u (u > 1), in rounds: ±τ^j·α_v ± τ^i with α_v already planned, or
    /// its τNAF when no u left has such a form.
    fn plan(mu: i64, w: u32, alpha: &[SmallZTau]) -> Vec<Step> {
        let reach = w + 2;
        let mut powers: Vec<SmallZTau> = vec![(1, 0)];
        for _ in 0..reach {
            let last = *powers.last().expect("nonempty");
            powers.push(small_mul(mu, last, (0, 1)));
        }
        let mut by_value: HashMap<SmallZTau, Option<(u32, bool)>> = HashMap::new();
        by_value.insert((0, 0), None);
        for (i, &t) in powers.iter().enumerate().rev() {
            by_value.insert(t, Some((i as u32, false)));
            by_value.insert((-t.0, -t.1), Some((i as u32, true)));
        }
        let mut done = vec![false; alpha.len()];
        done[0] = true;
        let mut plan = Vec::new();
        while let Some(first) = done.iter().position(|d| !d) {
            let mut progress = false;
            for u in first..alpha.len() {
                if done[u] {
                    continue;
                }
                let found = (0..alpha.len()).filter(|&v| done[v]).find_map(|v| {
                    powers.iter().enumerate().find_map(|(j, &t)| {
                        let x = small_mul(mu, t, alpha[v]);
                        [false, true].into_iter().find_map(|neg_v| {
                            let x = if neg_v { (-x.0, -x.1) } else { x };
                            let rest = (alpha[u].0 - x.0, alpha[u].1 - x.1);
                            by_value.get(&rest).map(|&p| Step::Chain {
                                u,
                                v,
                                j: j as u32,
                                neg_v,
                                p,
                            })
                        })
                    })
                });
                if let Some(step) = found {
                    plan.push(step);
                    done[u] = true;
                    progress = true;
                }
            }
            if !progress {
                let (r0, r1) = alpha[first];
                // The plain τNAF: w = 2, t_2 = 2, α_1 = 1 (HMV Algorithm 3.61).
                let naf = Window {
                    w: 2,
                    tw: 2,
                    alpha: vec![(1, 0)],
                    plan: Vec::new(),
                };
                let digits = recode(mu, &naf, &BigInt::from(r0), &BigInt::from(r1));
                plan.push(Step::Tnaf { u: first, digits });
                done[first] = true;
            }
        }
        plan
    }
}

/// A signed integer in two's complement on a fixed number of little-endian words.
struct Wide(Vec<u64>);

impl Wide {
    fn from_bigint(x: &BigInt, len: usize) -> Self {
        let bytes = x.to_signed_bytes_le();
        let fill = if x.sign() == Sign::Minus { 0xff } else { 0 };
        let mut words = vec![if fill == 0 { 0 } else { u64::MAX }; len];
        for (i, chunk) in bytes.chunks(8).enumerate() {
            let mut b = [fill; 8];
            b[..chunk.len()].copy_from_slice(chunk);
            words[i] = u64::from_le_bytes(b);
        }
        Wide(words)
    }
    fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }
    fn add_small(&mut self, v: i64) {
        let ext = if v < 0 { u64::MAX } else { 0 };
        let mut carry = false;
        for (i, w) in self.0.iter_mut().enumerate() {
            let add = if i == 0 { v as u64 } else { ext };
            let (s1, c1) = w.overflowing_add(add);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            *w = s2;
            carry = c1 | c2;
        }
    }
    fn add_assign(&mut self, o: &Wide) {
        let mut carry = false;
        for (w, &x) in self.0.iter_mut().zip(&o.0) {
            let (s1, c1) = w.overflowing_add(x);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            *w = s2;
            carry = c1 | c2;
        }
    }
    fn sub_assign(&mut self, o: &Wide) {
        let mut borrow = false;
        for (w, &x) in self.0.iter_mut().zip(&o.0) {
            let (s1, b1) = w.overflowing_sub(x);
            let (s2, b2) = s1.overflowing_sub(borrow as u64);
            *w = s2;
            borrow = b1 | b2;
        }
    }
    fn negate(&mut self) {
        let mut carry = true;
        for w in self.0.iter_mut() {
            let (s, c) = (!*w).overflowing_add(carry as u64);
            *w = s;
            carry = c;
        }
    }
    /// Arithmetic shift right by one.
    fn sar1(&mut self) {
        let n = self.0.len();
        for i in 0..n {
            let hi = if i + 1 < n {
                self.0[i + 1] << 63
            } else {
                self.0[i] & (1 << 63)
            };
            self.0[i] = (self.0[i] >> 1) | hi;
        }
    }
}

impl<F: BinaryFieldOps> BinaryCurve<F> {
    /// Why the τNAF method does not apply (`None` on a Koblitz curve: b = 1 and
    /// a ∈ {0, 1}).
    pub fn koblitz_unsupported(&self) -> Option<String> {
        let koblitz = self.b_kind == Coefficient::One
            && matches!(self.a_kind, Coefficient::Zero | Coefficient::One);
        (!koblitz).then(|| "τNAF needs a Koblitz curve, b = 1 and a ∈ {0, 1}".to_string())
    }

    /// The Z\[τ\] data of this Koblitz curve (built on first use), or
    /// [`Error::UnsupportedAlgorithm`].
    pub fn koblitz(&self) -> Result<&Koblitz> {
        if let Some(reason) = self.koblitz_unsupported() {
            return Err(Error::UnsupportedAlgorithm {
                algorithm: "tnaf-vartime".into(),
                reason,
            });
        }
        let mu = if self.a_kind == Coefficient::One {
            1
        } else {
            -1
        };
        Ok(self
            .koblitz
            .get_or_init(|| Koblitz::for_curve(self.degree(), mu)))
    }

    /// The default τNAF width, 5 (measured on Zen 4 for K-163 … K-571: w = 4 and 5
    /// tie on K-163 and K-233, 5 is fastest from K-283 on, 6 costs more in its table
    /// than it saves).
    pub fn tnaf_window(&self) -> u32 {
        5
    }

    /// τ(P) = (x², y²), the Frobenius map (2S).
    pub fn frobenius(&self, p: &AffinePoint<F::Elem>) -> AffinePoint<F::Elem> {
        match p {
            AffinePoint::Infinity => AffinePoint::Infinity,
            AffinePoint::Finite { x, y } => AffinePoint::Finite {
                x: self.field.sqr(x),
                y: self.field.sqr(y),
            },
        }
    }

    /// τ(P) in López–Dahab coordinates, (X², Y², Z²) (3S; O stays O).
    pub fn ld_frobenius(&self, p: &LdPoint<F::Elem>) -> LdPoint<F::Elem> {
        let f = &self.field;
        LdPoint {
            x: f.sqr(&p.x),
            y: f.sqr(&p.y),
            z: f.sqr(&p.z),
        }
    }

    /// The points α_u·P for u = 1, 3, …, 2^(w−1) − 1 (index (u − 1)/2), affine, by the
    /// plan of the width (one mixed addition each where a chain was found) and one
    /// simultaneous inversion. [`Error::UnsupportedAlgorithm`] off Koblitz curves.
    pub fn tnaf_table(
        &self,
        p: &AffinePoint<F::Elem>,
        w: u32,
    ) -> Result<Vec<AffinePoint<F::Elem>>> {
        let win = self.koblitz()?.window(w);
        let mut powers = vec![p.clone()];
        let mut tau_p = |i: u32| -> AffinePoint<F::Elem> {
            while powers.len() <= i as usize {
                let next = self.frobenius(powers.last().expect("nonempty"));
                powers.push(next);
            }
            powers[i as usize].clone()
        };
        let mut slots = vec![self.ld_infinity(); win.alpha.len()];
        slots[0] = self.ld_from_affine(p);
        for step in &win.plan {
            match step {
                Step::Chain {
                    u,
                    v,
                    j,
                    neg_v,
                    p: add,
                } => {
                    let mut x = slots[*v].clone();
                    for _ in 0..*j {
                        x = self.ld_frobenius(&x);
                    }
                    if *neg_v {
                        x = self.ld_neg(&x);
                    }
                    if let Some((i, neg)) = add {
                        x = self.ld_add_mixed_vartime(&x, &signed(self, &tau_p(*i), *neg));
                    }
                    slots[*u] = x;
                }
                Step::Tnaf { u, digits } => {
                    let mut q = self.ld_infinity();
                    for &d in digits.iter().rev() {
                        q = self.ld_frobenius(&q);
                        if d != 0 {
                            q = self.ld_add_mixed_vartime(&q, &signed(self, p, d < 0));
                        }
                    }
                    slots[*u] = q;
                }
            }
        }
        Ok(self.ld_to_affine_many(&slots))
    }

    /// kP by the width-w τNAF (`w` in [2, 8]; any k ≥ 0 and any P on the curve; k is
    /// reduced mod δ when P ∈ ⟨G⟩). [`Error::UnsupportedAlgorithm`] off Koblitz
    /// curves. Variable-time.
    pub fn mul_tnaf_vartime(
        &self,
        k: &BigUint,
        p: &AffinePoint<F::Elem>,
        w: u32,
    ) -> Result<AffinePoint<F::Elem>> {
        let kob = self.koblitz()?;
        if k.is_zero() || p.is_infinity() {
            return Ok(AffinePoint::Infinity);
        }
        let k = BigInt::from(k.clone());
        let (r0, r1) = if self.in_subgroup_vartime(p) {
            kob.partmod(&k)
        } else {
            (k, BigInt::zero())
        };
        let digits = kob.digits(&r0, &r1, w);
        let table = self.tnaf_table(p, w)?;
        let mut q = self.ld_infinity();
        for &d in digits.iter().rev() {
            q = self.ld_frobenius(&q);
            if d != 0 {
                let entry = &table[(d.unsigned_abs() as usize - 1) / 2];
                q = self.ld_add_mixed_vartime(&q, &signed(self, entry, d < 0));
            }
        }
        Ok(self.ld_to_affine(&q))
    }
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    /// Z[τ] written out again for the tests: (r0, r1) with τ² = μτ − 2.
    fn mul(mu: i64, a: &(BigInt, BigInt), b: &(BigInt, BigInt)) -> (BigInt, BigInt) {
        // (a0 + a1τ)(b0 + b1τ) = a0b0 + (a0b1 + a1b0)τ + a1b1(μτ − 2).
        let a1b1 = &a.1 * &b.1;
        (
            &a.0 * &b.0 - BigInt::from(2) * &a1b1,
            &a.0 * &b.1 + &a.1 * &b.0 + BigInt::from(mu) * a1b1,
        )
    }

    /// Whether x is a multiple of y in Z[τ]: x·ȳ ≡ 0 (mod N(y)) componentwise.
    fn divides(mu: i64, y: &(BigInt, BigInt), x: &(BigInt, BigInt)) -> bool {
        let ybar = (&y.0 + BigInt::from(mu) * &y.1, -&y.1);
        let n = &y.0 * &ybar.0 - BigInt::from(2) * (&y.1 * &ybar.1);
        // y·ȳ is the integer N(y) (its τ part vanishes).
        let p = mul(mu, x, &ybar);
        (&p.0 % &n).is_zero() && (&p.1 % &n).is_zero()
    }

    /// τ^i by repeated multiplication.
    fn tau_pow(mu: i64, i: u32) -> (BigInt, BigInt) {
        let mut t = (BigInt::one(), BigInt::zero());
        for _ in 0..i {
            t = mul(mu, &t, &(BigInt::zero(), BigInt::one()));
        }
        t
    }

    /// Σ u_i τ^i with u_i standing for ±α_|u_i|, by Horner's rule.
    fn evaluate(mu: i64, digits: &[i8], alpha: &[SmallZTau]) -> (BigInt, BigInt) {
        let tau = (BigInt::zero(), BigInt::one());
        let mut acc = (BigInt::zero(), BigInt::zero());
        for &d in digits.iter().rev() {
            acc = mul(mu, &acc, &tau);
            if d != 0 {
                let (b, g) = alpha[(d.unsigned_abs() as usize - 1) / 2];
                let s = if d < 0 { -1 } else { 1 };
                acc.0 += BigInt::from(s * b);
                acc.1 += BigInt::from(s * g);
            }
        }
        acc
    }

    /// Checks the width-w τNAF of ρ as an element of Z[τ].
    fn check_digits(k: &Koblitz, rho: &(BigInt, BigInt), w: u32) -> usize {
        let mu = k.mu();
        let digits = k.digits(&rho.0, &rho.1, w);
        assert_eq!(
            evaluate(mu, &digits, k.alphas(w)),
            *rho,
            "Σ u_i τ^i = ρ, w={w}"
        );
        for (i, &d) in digits.iter().enumerate() {
            if d != 0 {
                assert!(d % 2 != 0 && (d as i32).abs() < 1 << (w - 1), "digit {d}");
                for &e in digits.iter().skip(i + 1).take(w as usize - 1) {
                    assert_eq!(e, 0, "w-NAF: two nonzero digits within w, w={w}");
                }
            }
        }
        assert!(digits.last() != Some(&0));
        digits.len()
    }

    fn recoding_is_an_identity_in_z_tau() {
        // Over F_2^m for the standard degrees and some small ones, both μ.
        let mut seed = 0x7a75_u64;
        let mut next = || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        for m in [3u32, 5, 7, 11, 163, 233, 283, 409, 571] {
            for mu in [1i64, -1] {
                let k = Koblitz::new(m, mu).expect("μ = ±1, m ≥ 1");
                // δ(τ − 1) = τ^m − 1, computed independently.
                let mut tm1 = tau_pow(mu, m);
                tm1.0 -= 1;
                let dt = mul(mu, k.delta(), &(BigInt::from(-1), BigInt::one()));
                assert_eq!(dt, tm1, "δ·(τ − 1) = τ^m − 1, m={m} μ={mu}");
                let n = k.delta_norm().clone();
                let mut ks: Vec<BigInt> = vec![
                    BigInt::zero(),
                    BigInt::one(),
                    &n - 1,
                    n.clone(),
                    &n + 1,
                    &n * 5 + 3,
                    BigInt::one() << (m as usize + 3),
                ];
                for i in [0, 1, m / 2, m - 1, m] {
                    ks.push(BigInt::one() << i as usize);
                }
                for _ in 0..20 {
                    let mut x = BigInt::zero();
                    for _ in 0..(m / 64 + 1) {
                        x = (x << 64) + BigInt::from(next());
                    }
                    ks.push(x % &n);
                }
                for kk in &ks {
                    let rho = k.partmod(kk);
                    let diff = (kk - &rho.0, -&rho.1);
                    assert!(divides(mu, k.delta(), &diff), "ρ ≡ k mod δ, m={m} k={kk}");
                    // N(ρ) ≤ 4/7·N(δ) (Solinas, Proposition 61 / HMV 3.62).
                    let nr = zt_norm(mu, &rho);
                    assert!(&nr * 7 <= &n * 4, "N(ρ) too large, m={m} k={kk}");
                    for w in 2..=8 {
                        let len = check_digits(&k, &rho, w);
                        assert!(len <= m as usize + 4 + w as usize, "length {len}, m={m}");
                    }
                }
                // Unreduced integers too (the path for points outside ⟨G⟩).
                for kk in ks.iter().take(8) {
                    for w in [2, 4, 5, 6] {
                        check_digits(&k, &(kk.clone(), BigInt::zero()), w);
                    }
                }
            }
        }
    }

    fn alphas_are_residues_of_small_norm() {
        for mu in [1i64, -1] {
            let k = Koblitz::new(7, mu).expect("μ = ±1");
            for w in 2..=8u32 {
                let tw = k.tw(w) as i64;
                let m = 1i64 << w;
                assert_eq!((tw * tw - mu * tw + 2).rem_euclid(m), 0, "t_w, w={w}");
                let tauw = tau_pow(mu, w);
                for (i, &(b, g)) in k.alphas(w).iter().enumerate() {
                    let u = 2 * i as i64 + 1;
                    assert_eq!((b + g * tw).rem_euclid(m), u, "φ_w(α_u) = u");
                    let diff = (BigInt::from(u - b), BigInt::from(-g));
                    assert!(divides(mu, &tauw, &diff), "α_u ≡ u mod τ^w");
                    // The rounded remainder: N(α_u) ≤ 4/7·2^w.
                    let n = b * b + mu * b * g + 2 * g * g;
                    assert!(7 * n <= 4 * m, "N(α_{u}) = {n}, w={w}");
                }
            }
            // HMV Table 3.9 / Solinas for w = 4 (a = 0: μ = −1; a = 1: μ = 1):
            // α_3 = −3 + μτ, α_5 = −1 + μτ, α_7 = 1 + μτ (the values of RELIC's and
            // BouncyCastle's tables).
            let want = [(1, 0), (-3, mu), (-1, mu), (1, mu)];
            assert_eq!(k.alphas(4), &want[..], "μ={mu}");
        }
    }

    /// μ ∉ {1, −1} (a zero denominator for μ = 3, an even U_w for even μ) and m = 0
    /// (δ = 0) are refused with an error, not a panic or an endless recoding.
    fn bad_parameters_are_refused() {
        for mu in [0i64, 2, 3, -2, -3, i64::MIN] {
            assert!(
                matches!(Koblitz::new(7, mu), Err(Error::InvalidArgument { ref name, .. }) if name == "mu"),
                "μ = {mu}"
            );
        }
        for m in [0, Koblitz::MAX_DEGREE + 1, u32::MAX] {
            assert!(
                matches!(Koblitz::new(m, 1), Err(Error::InvalidArgument { ref name, .. }) if name == "m"),
                "m = {m}"
            );
        }
        for mu in [1i64, -1] {
            // The smallest degree is accepted; t_w depends on μ and w only.
            let k = Koblitz::new(1, mu).expect("m = 1");
            let k7 = Koblitz::new(7, mu).expect("m = 7");
            assert_eq!(k.tw(4), k7.tw(4), "μ = {mu}");
        }
    }

    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        ("bad_parameters_are_refused", bad_parameters_are_refused),
        (
            "recoding_is_an_identity_in_z_tau",
            recoding_is_an_identity_in_z_tau,
        ),
        (
            "alphas_are_residues_of_small_norm",
            alphas_are_residues_of_small_norm,
        ),
    ];
}
