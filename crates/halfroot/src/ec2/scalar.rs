//! Scalar multiplication kP: every method compiled and selectable by name.
//!
//! | method | module | cost (t = bits(n)) | time |
//! |---|---|---|---|
//! | [`ScalarMulAlgorithm::Ladder`] | [`crate::ec2::ladder`] | t·(6M + 4S) + 1I + 10M | constant in k |
//! | [`ScalarMulAlgorithm::WnafVartime`] | [`wnaf`] | t·(4M + 5S) + t/(w + 1)·(8M + 5S) + table | variable |
//! | [`ScalarMulAlgorithm::WnafLambdaVartime`] | [`wnaf_lambda`] | (t − t/(w + 1))·(4M + 4S) + t/(w + 1)·(10M + 6S) + table | variable |
//! | [`ScalarMulAlgorithm::HalveAndAddVartime`] | [`halve_and_add`] | (t − 1)·(M + H + T + SR) + t/(w + 1)·(8M + 2S) + 2^(w−1) λ additions | variable |
//! | [`ScalarMulAlgorithm::TnafVartime`] (Koblitz curves) | [`tnaf`] | (m + a)·3S + (m + a)/(w + 1)·(8M + 5S) + 2^(w−2) − 1 mixed additions + 1I | variable |
//! | [`ScalarMulAlgorithm::Tnaf`] (Koblitz curves) | [`tnaf_ct`] | ⌈(m + a + 3)/4⌉·(6M + 14S + an 11-entry masked read) (a = 0) + a 10-point table + 2I | constant in k |
//! | [`ScalarMulAlgorithm::CombVartime`] (fixed base) | [`comb`] | ⌈t/(wv)⌉·(4M + 5S) + ⌈t/(wv)⌉·v·(8M + 5S), w = 8, v = 2 for G; + the table for another P | variable |
//!
//! The variable-time methods take the scalar as a [`BigUint`] (public values); the
//! ladder takes a [`Scalar`], a fixed-width integer in [0, n) read from bytes in
//! constant time. [`BinaryCurve::mul`] runs any method on a `BigUint` (reducing it mod
//! n first when the method needs k < n — a variable-time step: secrets go through
//! [`BinaryCurve::scalar_from_be_bytes`] and [`BinaryCurve::mul_ladder`]).

pub mod comb;
pub mod halve_and_add;
pub mod tnaf;
pub mod tnaf_ct;
pub mod wnaf;
pub mod wnaf_lambda;

use super::curve::{AffinePoint, BinaryCurve};
use crate::algorithm::named_algorithm;
use crate::binary::field::BinaryFieldOps;
use crate::error::{Error, Result};
use num_bigint::BigUint;
use num_traits::Zero;
use subtle::{Choice, ConstantTimeEq, ConstantTimeLess};

/// The scalar-multiplication methods.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScalarMulAlgorithm {
    /// The x-only López–Dahab Montgomery ladder: constant-time, the default for secrets.
    Ladder,
    /// Left-to-right w-NAF double-and-add, López–Dahab with mixed additions.
    WnafVartime,
    /// Right-to-left w-NAF halve-and-add (Fong et al. 2004; HMV Algorithm 3.91).
    HalveAndAddVartime,
    /// Width-w τNAF with Frobenius maps on Koblitz curves (Solinas 2000; HMV Alg. 3.70).
    TnafVartime,
    /// Fixed-base comb (HMV Algorithm 3.45): the generator's cached table for P = G.
    CombVartime,
    /// Left-to-right w-NAF double-and-add, λ-projective with the fused 2Q + P
    /// (Oliveira et al. 2013).
    WnafLambdaVartime,
    /// τ-adic digits in groups of four with Pornin's complete formulas on Koblitz
    /// curves: constant-time (Solinas 2000; Pornin 2022; [`tnaf_ct`]).
    Tnaf,
}

impl ScalarMulAlgorithm {
    /// Every method, in the order the report lists them.
    pub const ALL: [ScalarMulAlgorithm; 7] = [
        ScalarMulAlgorithm::Ladder,
        ScalarMulAlgorithm::WnafVartime,
        ScalarMulAlgorithm::HalveAndAddVartime,
        ScalarMulAlgorithm::WnafLambdaVartime,
        ScalarMulAlgorithm::Tnaf,
        ScalarMulAlgorithm::TnafVartime,
        ScalarMulAlgorithm::CombVartime,
    ];

    /// The canonical name.
    pub fn name(self) -> &'static str {
        match self {
            ScalarMulAlgorithm::Ladder => "ladder",
            ScalarMulAlgorithm::WnafVartime => "wnaf-vartime",
            ScalarMulAlgorithm::HalveAndAddVartime => "halve-and-add-vartime",
            ScalarMulAlgorithm::TnafVartime => "tnaf-vartime",
            ScalarMulAlgorithm::CombVartime => "comb-vartime",
            ScalarMulAlgorithm::WnafLambdaVartime => "wnaf-lambda-vartime",
            ScalarMulAlgorithm::Tnaf => "tnaf",
        }
    }

    /// Whether the method runs in constant time in the scalar.
    pub fn is_constant_time(self) -> bool {
        matches!(self, ScalarMulAlgorithm::Ladder | ScalarMulAlgorithm::Tnaf)
    }

    /// Whether the method applies to `curve` (halve-and-add needs halving, τNAF a
    /// Koblitz curve).
    pub fn supports<F: BinaryFieldOps>(self, curve: &BinaryCurve<F>) -> bool {
        match self {
            ScalarMulAlgorithm::HalveAndAddVartime => curve.halving_unsupported().is_none(),
            ScalarMulAlgorithm::TnafVartime => curve.koblitz_unsupported().is_none(),
            ScalarMulAlgorithm::Tnaf => curve.tnaf_recoder().is_ok(),
            _ => true,
        }
    }
}

named_algorithm!(ScalarMulAlgorithm, "scalar-multiplication method", display);

/// An integer in [0, n) as ⌈bits(n)/64⌉ little-endian words, for the constant-time
/// ladder. Built by [`BinaryCurve::scalar_from_be_bytes`] (constant-time) or
/// [`BinaryCurve::scalar_from_biguint`] (variable-time).
#[derive(Clone, PartialEq, Eq)]
pub struct Scalar {
    words: Vec<u64>,
}

impl core::fmt::Debug for Scalar {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Scalar(..)")
    }
}

impl Scalar {
    /// The little-endian words.
    pub fn words(&self) -> &[u64] {
        &self.words
    }
    /// The value big-endian in `len` bytes (the low `len` bytes of the words; every
    /// scalar of a curve fits ⌈bits(n)/8⌉), without branching on the value: the SEC 1
    /// encoding of a private key.
    pub fn to_be_bytes(&self, len: usize) -> Vec<u8> {
        (0..len)
            .rev()
            .map(|i| {
                self.words
                    .get(i / 8)
                    .map_or(0, |w| (w >> (8 * (i % 8))) as u8)
            })
            .collect()
    }
    /// The value as a `BigUint` (variable-time; for tests and output).
    pub fn to_biguint(&self) -> BigUint {
        let mut bytes = Vec::with_capacity(self.words.len() * 8);
        for w in &self.words {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
        BigUint::from_bytes_le(&bytes)
    }
}

/// `a < b` for equal-length little-endian word strings, in constant time.
fn ct_less(a: &[u64], b: &[u64]) -> Choice {
    let mut less = Choice::from(0);
    for (x, y) in a.iter().zip(b) {
        // From the low word up: a later (higher) word decides unless it is equal.
        let eq = x.ct_eq(y);
        less = (x.ct_lt(y) & !eq) | (less & eq);
    }
    less
}

impl<F: BinaryFieldOps> BinaryCurve<F> {
    /// The scalar encoded big-endian in `bytes` (any length; the length is public),
    /// which must lie in [1, n) (SEC 1 v2 §3.2.1, a private key): constant-time in the
    /// bytes except that the error reveals that the value was out of range.
    pub fn scalar_from_be_bytes(&self, bytes: &[u8]) -> Result<Scalar> {
        let (k, ok) = self.scalar_from_be_bytes_ct(bytes);
        if bool::from(ok) {
            Ok(k)
        } else {
            Err(Error::OutOfRange {
                what: "private scalar".into(),
                value: format!("of {} bytes", bytes.len()),
                reason: format!("must lie in [1, n) for {}", self.name()),
            })
        }
    }

    /// As [`BinaryCurve::scalar_from_be_bytes`] without any branch on the bytes: the
    /// words read (the value mod 2^(64·words) when it is too wide) and whether the
    /// value lies in [1, n). For constant-time callers that decide themselves how to
    /// treat an invalid key.
    pub fn scalar_from_be_bytes_ct(&self, bytes: &[u8]) -> (Scalar, Choice) {
        let n = self.order_words();
        let mut words = vec![0u64; n.len()];
        let mut overflow = 0u8;
        for (i, &byte) in bytes.iter().rev().enumerate() {
            match words.get_mut(i / 8) {
                Some(w) => *w |= (byte as u64) << (8 * (i % 8)),
                None => overflow |= byte,
            }
        }
        let zero = words.iter().fold(0u64, |acc, w| acc | w).ct_eq(&0);
        let ok = ct_less(&words, n) & !zero & overflow.ct_eq(&0);
        (Scalar { words }, ok)
    }

    /// k mod n as a [`Scalar`] (variable-time in k).
    pub fn scalar_from_biguint(&self, k: &BigUint) -> Scalar {
        let r = k % self.order();
        let mut words = r.to_u64_digits();
        words.resize(self.order_words().len(), 0);
        Scalar { words }
    }

    /// The default window width of the w-NAF methods at this size: 4 up to 256 bits,
    /// 5 above.
    pub fn default_window(&self) -> u32 {
        if self.degree() <= 256 {
            4
        } else {
            5
        }
    }

    /// kP by `algorithm` (`None`: for a public scalar, the variable-time method measured
    /// fastest on this machine — see [`BinaryCurve::auto_public_algorithm`] —, the comb
    /// with the cached table for P = G, and w-NAF in λ coordinates for a point outside ⟨G⟩).
    /// [`Error::PointNotOnCurve`] for a point off the curve (2M + 1S, checked first),
    /// [`Error::UnsupportedAlgorithm`] when halve-and-add is asked for on a curve
    /// without halving or τNAF off a Koblitz curve, [`Error::PointNotInSubgroup`] when
    /// halve-and-add is given a point outside ⟨G⟩ (the ladder, w-NAF, τNAF and the
    /// comb take any point of the curve; the comb pays for its table unless P = G). The ladder reduces k mod
    /// n first (variable-time), and so needs P ∈ ⟨G⟩ for kP to be unchanged; it
    /// checks that.
    pub fn mul(
        &self,
        algorithm: Option<ScalarMulAlgorithm>,
        k: &BigUint,
        p: &AffinePoint<F::Elem>,
    ) -> Result<AffinePoint<F::Elem>> {
        self.check_on_curve(p)?;
        let algorithm = match algorithm {
            Some(a) => a,
            // The methods that need P ∈ ⟨G⟩ do not apply to other points of the curve.
            None if !p.is_infinity() && !self.in_subgroup_vartime(p) => {
                ScalarMulAlgorithm::WnafLambdaVartime
            }
            None if *p == self.generator() => ScalarMulAlgorithm::CombVartime,
            None => self.auto_public_algorithm(),
        };
        match algorithm {
            ScalarMulAlgorithm::Ladder => {
                if !p.is_infinity() && !self.in_subgroup_vartime(p) {
                    return Err(Error::PointNotInSubgroup {
                        curve: self.name().into(),
                        reason: "the ladder reduces k mod n, which needs P ∈ ⟨G⟩".into(),
                    });
                }
                Ok(self.mul_ladder(&self.scalar_from_biguint(k), p))
            }
            ScalarMulAlgorithm::Tnaf => {
                self.tnaf_recoder()?;
                if !p.is_infinity() && !self.in_subgroup_vartime(p) {
                    return Err(Error::PointNotInSubgroup {
                        curve: self.name().into(),
                        reason: "the τ-adic method reduces k mod δ, which needs P ∈ ⟨G⟩".into(),
                    });
                }
                self.mul_tnaf(&self.scalar_from_biguint(k), p)
            }
            ScalarMulAlgorithm::WnafVartime => {
                Ok(self.mul_wnaf_vartime(k, p, self.default_window()))
            }
            ScalarMulAlgorithm::HalveAndAddVartime => {
                self.mul_halve_and_add_vartime(k, p, self.default_window())
            }
            ScalarMulAlgorithm::TnafVartime => self.mul_tnaf_vartime(k, p, self.tnaf_window()),
            ScalarMulAlgorithm::CombVartime => Ok(self.mul_comb_vartime(k, p)),
            ScalarMulAlgorithm::WnafLambdaVartime => {
                Ok(self.mul_wnaf_lambda_vartime(k, p, self.default_window()))
            }
        }
    }

    /// The method `auto` means for a public scalar and a point of ⟨G⟩ other than G: the
    /// fastest of [`BinaryCurve::public_candidates`] **measured on this machine**, once
    /// per curve (on the first call, a few scalar multiplications by each candidate:
    /// about 0.1–3 ms, then cached). Every method gives the same result, so the choice
    /// changes only the time. For G itself `mul(None, ..)` takes the comb with the
    /// curve's cached table, and for a secret scalar the only constant-time method,
    /// the ladder ([`BinaryCurve::auto_secret_algorithm`]).
    pub fn auto_public_algorithm(&self) -> ScalarMulAlgorithm {
        *self
            .auto_public
            .get_or_init(|| self.measure_fastest(&self.public_candidates()))
    }

    /// The method for a secret scalar: the faster of the constant-time methods that
    /// apply, **measured on this machine** once per curve like
    /// [`BinaryCurve::auto_public_algorithm`] — the ladder, or on a Koblitz curve the
    /// τ-adic method ([`ScalarMulAlgorithm::Tnaf`]) when it wins. ECDH and key
    /// generation use it.
    pub fn auto_secret_algorithm(&self) -> ScalarMulAlgorithm {
        *self
            .auto_secret
            .get_or_init(|| self.measure_fastest(&self.secret_candidates()))
    }

    /// The constant-time methods that apply to this curve.
    pub fn secret_candidates(&self) -> Vec<ScalarMulAlgorithm> {
        ScalarMulAlgorithm::ALL
            .into_iter()
            .filter(|a| a.is_constant_time() && a.supports(self))
            .collect()
    }

    /// kP for a secret k and P ∈ ⟨G⟩ (public) by [`BinaryCurve::auto_secret_algorithm`]:
    /// (x(kP), y(kP), whether kP = O), constant-time in k. P = O or P outside ⟨G⟩ is
    /// the caller's to exclude (the ladder takes any P; the τ-adic method needs ⟨G⟩).
    pub fn mul_secret_ct(
        &self,
        k: &Scalar,
        p: &AffinePoint<F::Elem>,
    ) -> (F::Elem, F::Elem, Choice) {
        if self.auto_secret_algorithm() == ScalarMulAlgorithm::Tnaf {
            if let Ok(r) = self.mul_tnaf_ct(k, p) {
                return r;
            }
        }
        match p {
            AffinePoint::Finite { x, y } if !self.field.is_zero(x) => self.mul_ladder_ct(k, x, y),
            _ => {
                let q = self.mul_ladder(k, p);
                let f = &self.field;
                match q {
                    AffinePoint::Finite { x, y } => (x, y, Choice::from(0)),
                    AffinePoint::Infinity => (f.zero(), f.zero(), Choice::from(1)),
                }
            }
        }
    }

    /// The variable-time methods `auto` chooses among for a point of ⟨G⟩ given at run
    /// time: every one that applies to this curve except the comb (whose table pays
    /// off only for a base used many times).
    pub fn public_candidates(&self) -> Vec<ScalarMulAlgorithm> {
        ScalarMulAlgorithm::ALL
            .into_iter()
            .filter(|a| {
                !a.is_constant_time() && *a != ScalarMulAlgorithm::CombVartime && a.supports(self)
            })
            .collect()
    }

    /// The fastest of `candidates` for a random point of ⟨G⟩ and random scalars below
    /// n: each is run once to warm up, then three rounds interleaved, and the smallest
    /// time of each compared (the minimum resists interruptions by other processes).
    pub fn measure_fastest(&self, candidates: &[ScalarMulAlgorithm]) -> ScalarMulAlgorithm {
        use rand::SeedableRng;
        let Some(&first) = candidates.first() else {
            return ScalarMulAlgorithm::WnafVartime;
        };
        if candidates.len() == 1 {
            return first;
        }
        let mut rng = rand::rngs::StdRng::seed_from_u64(0x6175_746f);
        let p = self.random_point_vartime(&mut rng);
        let ks: Vec<BigUint> = (0..3)
            .map(|_| self.random_scalar_vartime(&mut rng))
            .collect();
        let mut best = vec![f64::INFINITY; candidates.len()];
        for round in 0..4 {
            for (slot, &alg) in candidates.iter().enumerate() {
                let k = &ks[round % ks.len()];
                let start = std::time::Instant::now();
                let out = self.mul(Some(alg), k, &p);
                let ns = start.elapsed().as_nanos() as f64;
                std::hint::black_box(out).ok();
                // Round 0 warms caches and builds the methods' tables.
                if round > 0 {
                    best[slot] = best[slot].min(ns);
                }
            }
        }
        let fastest = (0..candidates.len())
            .min_by(|&a, &b| best[a].total_cmp(&best[b]))
            .unwrap_or(0);
        candidates[fastest]
    }
}

/// The width-w NAF of the little-endian integer `k`: digits d_i, lowest first, each 0
/// or odd with |d_i| < 2^(w−1), at most one nonzero in any w consecutive, Σ d_i 2^i = k
/// (HMV Algorithm 3.35). Variable-time. `w` in [2, 8].
///
/// Word by word: the zero bits up to the next set bit are skipped with one
/// `trailing_zeros`, the w-bit window there gives the digit d, and the rest of k
/// becomes (k − d·2^i) / 2^(i+w) without touching the window's bits again (they are
/// never read after it): a negative digit adds 2^(i+w), a carry into the words above.
/// The w − 1 digits above a nonzero one are zero, so the scan resumes at i + w. (The
/// bit-by-bit form this replaced took 0.7–1.3 µs on a 163–283-bit scalar, this one
/// 0.33–0.59 µs, measured on the Intel Emerald Rapids of session 42; README.)
pub fn wnaf_digits(k: &[u64], w: u32) -> Vec<i8> {
    debug_assert!((2..=8).contains(&w));
    let w = w.clamp(2, 8) as usize;
    // One spare word for the carry of a negative top digit.
    let mut v: Vec<u64> = Vec::with_capacity(k.len() + 1);
    v.extend_from_slice(k);
    v.push(0);
    let bits = v.len() * 64;
    let mut out = vec![0i8; bits];
    let mask = (1u64 << w) - 1;
    let mut i = 0;
    while i < bits {
        let (q, r) = (i / 64, i % 64);
        let rest = v[q] >> r;
        if rest == 0 {
            i = 64 * (q + 1);
            continue;
        }
        i += rest.trailing_zeros() as usize;
        let (q, r) = (i / 64, i % 64);
        let mut window = v[q] >> r;
        if r + w > 64 {
            if let Some(&next) = v.get(q + 1) {
                window |= next << (64 - r);
            }
        }
        let window = (window & mask) as i64;
        // The sign without a branch (it is as unpredictable as the scalar's bits): a
        // window at or above 2^(w−1) gives the negative digit window − 2^w.
        let negative = (window >> (w - 1)) & 1;
        let d = window - (negative << w);
        out[i] = d as i8;
        // + 2^(i + w) for a negative digit (adding 0 otherwise), carried upwards; it
        // stays below `bits` since k < 2^(bits − 64).
        let p = i + w;
        let mut add = (negative as u64) << (p % 64);
        for x in v.iter_mut().skip(p / 64) {
            let (sum, carry) = x.overflowing_add(add);
            *x = sum;
            if !carry {
                break;
            }
            add = 1;
        }
        // The window's bits stay in `v`, stale: every read shifts out the bits below
        // its position, so they are never seen again.
        i += w;
    }
    let len = out.iter().rposition(|&d| d != 0).map_or(0, |p| p + 1);
    out.truncate(len);
    out
}

/// The words of a `BigUint` (empty for 0).
pub(crate) fn biguint_words(k: &BigUint) -> Vec<u64> {
    if k.is_zero() {
        Vec::new()
    } else {
        k.to_u64_digits()
    }
}

/// The point ±Q for a signed digit.
pub(crate) fn signed<F: BinaryFieldOps>(
    curve: &BinaryCurve<F>,
    q: &AffinePoint<F::Elem>,
    negative: bool,
) -> AffinePoint<F::Elem> {
    if negative {
        curve.neg(q)
    } else {
        q.clone()
    }
}

/// The odd multiples P, 3P, …, (2^(w−1) − 1)P in affine coordinates (one doubling,
/// 2^(w−2) − 1 mixed additions and one simultaneous inversion).
pub(crate) fn odd_multiples<F: BinaryFieldOps>(
    curve: &BinaryCurve<F>,
    p: &AffinePoint<F::Elem>,
    w: u32,
) -> Vec<AffinePoint<F::Elem>> {
    let count = 1usize << (w - 2);
    if count == 1 {
        return vec![p.clone()];
    }
    let p2 = curve.double_vartime(p);
    let mut ld = Vec::with_capacity(count);
    let mut cur = curve.ld_from_affine(p);
    ld.push(cur.clone());
    for _ in 1..count {
        cur = curve.ld_add_mixed_vartime(&cur, &p2);
        ld.push(cur.clone());
    }
    curve.ld_to_affine_many(&ld)
}
