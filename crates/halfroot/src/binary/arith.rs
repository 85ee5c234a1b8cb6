//! The arithmetic layer of F_2^d: reduced products, squares, powers and inverses of
//! `[u64; N]` elements modulo a [`ModulusSpec`].
//!
//! [`Arith`] is what the square-root, trace, half-trace and quadratic-solving code builds
//! on. It chooses its multiplication backend once, at construction (carry-less multiply
//! instructions where the CPU has them, the [`portable`](super::portable) code
//! otherwise), and every backend gives identical results.

use std::sync::{Arc, OnceLock};

use super::backend::{Backend, Engine, InlineReduction};
use super::inv::multi_sqr::{self, ChainKind, CtPlan, MapChoice, VartimePlan};
use super::inv::{euclid, itoh_tsujii, InvAlgorithm};
use super::modulus::ModulusSpec;
use crate::error::{Error, Result};

/// Reduced arithmetic modulo one defining polynomial, on `N`-word elements.
///
/// Elements passed in must be reduced (degree < d, see [`Arith::is_reduced`]); results
/// are reduced. With a zero-sized spec from [`spec`](super::spec) as `M` the reduction is
/// specialised to the polynomial at compile time.
#[derive(Clone, Debug)]
pub struct Arith<const N: usize, M: ModulusSpec> {
    modulus: M,
    engine: Engine,
    /// Multi-squaring tables for [`InvAlgorithm::ItohTsujiiTables`], built on first use
    /// and shared by clones.
    inv_tables: Arc<OnceLock<itoh_tsujii::Tables<N>>>,
    /// Multi-squaring matrices for [`InvAlgorithm::ItohTsujiiMatrix`], likewise.
    inv_matrices: Arc<OnceLock<itoh_tsujii::Matrices<N>>>,
    /// The plan of [`InvAlgorithm::ItohTsujiiMapCt`], likewise.
    inv_plan_ct: Arc<OnceLock<Option<CtPlan<N>>>>,
    /// The plan of [`InvAlgorithm::ItohTsujiiMap`], likewise.
    inv_plan_vartime: Arc<OnceLock<VartimePlan<N>>>,
}

impl<const N: usize, M: ModulusSpec> Arith<N, M> {
    /// Arithmetic modulo `modulus`; an error if `N` words cannot hold a degree-`d`
    /// polynomial's remainders. Irreducibility is checked by the field, not here.
    /// Uses the fastest backend of this CPU ([`Backend::detect`]).
    pub fn new(modulus: M) -> Result<Self> {
        Self::with_backend(modulus, Backend::detect())
    }

    /// Like [`Arith::new`] with a chosen backend; an error if this CPU lacks it.
    pub fn with_backend(modulus: M, backend: Backend) -> Result<Self> {
        let d = modulus.degree() as usize;
        if N == 0 || d > 64 * N || d == 0 {
            return Err(Error::InvalidArgument {
                name: "N".into(),
                value: N.to_string(),
                reason: format!("{N} words cannot hold elements of degree < {d}"),
            });
        }
        let engine = Engine::new(backend).ok_or_else(|| Error::InvalidArgument {
            name: "backend".into(),
            value: backend.name().into(),
            reason: "this CPU lacks the instructions it needs".into(),
        })?;
        Ok(Arith {
            modulus,
            engine,
            inv_tables: Arc::new(OnceLock::new()),
            inv_matrices: Arc::new(OnceLock::new()),
            inv_plan_ct: Arc::new(OnceLock::new()),
            inv_plan_vartime: Arc::new(OnceLock::new()),
        })
    }

    /// The kernel engine (for the algorithms of [`super::inv`]).
    #[inline]
    pub(crate) fn engine(&self) -> Engine {
        self.engine
    }

    /// The backend in use.
    pub fn backend(&self) -> Backend {
        self.engine.backend()
    }

    /// The defining polynomial.
    pub fn modulus(&self) -> &M {
        &self.modulus
    }

    /// The degree d.
    pub fn degree(&self) -> u32 {
        self.modulus.degree()
    }

    /// Whether `a` is reduced (no bit at position ≥ d).
    pub fn is_reduced(&self, a: &[u64; N]) -> bool {
        let d = self.degree() as usize;
        a.iter().enumerate().all(|(i, &w)| {
            if 64 * i >= d {
                w == 0
            } else if 64 * (i + 1) <= d {
                true
            } else {
                w >> (d - 64 * i) == 0
            }
        })
    }

    /// The unreduced product `a·b` as (low, high) words.
    #[inline]
    pub fn mul_wide(&self, a: &[u64; N], b: &[u64; N]) -> ([u64; N], [u64; N]) {
        self.engine.mul_wide(a, b)
    }

    /// The unreduced square `a²` as (low, high) words.
    #[inline]
    pub fn sqr_wide(&self, a: &[u64; N]) -> ([u64; N], [u64; N]) {
        self.engine.sqr_wide(a)
    }

    /// Reduces a double-length polynomial modulo P.
    #[inline]
    pub fn reduce(&self, lo: &[u64; N], hi: &[u64; N]) -> [u64; N] {
        super::portable::reduce(&self.modulus, lo, hi)
    }

    /// `a·b mod P` (`a`, `b` reduced).
    #[inline(always)]
    pub fn mul(&self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        self.engine.mul(&self.modulus, a, b)
    }

    /// `a·b mod P` by the inlined single-element kernel reduced as `kind` (x86-64 with
    /// PCLMULQDQ, 2–4 words; see [`InlineReduction`]), for comparing the reductions;
    /// `None` where this backend or modulus has no such kernel. [`Arith::mul`] already
    /// uses the one chosen for this modulus.
    #[inline]
    pub fn mul_with_reduction(
        &self,
        kind: InlineReduction,
        a: &[u64; N],
        b: &[u64; N],
    ) -> Option<[u64; N]> {
        self.engine.mul_inline(kind, &self.modulus, a, b)
    }

    /// `√a` by ζ (as [`Arith::sqrt_by_zeta`]) with the inlined kernel reduced as `kind`
    /// (x86-64 with PCLMULQDQ and BMI2, 2–4 words), for comparing the reductions;
    /// `None` where this backend or modulus has no such kernel.
    #[inline]
    pub fn sqrt_by_zeta_with_reduction(
        &self,
        kind: InlineReduction,
        zeta: &[u64; N],
        a: &[u64; N],
    ) -> Option<[u64; N]> {
        self.engine.zeta_sqrt_inline(kind, &self.modulus, zeta, a)
    }

    /// `a² mod P` by the inlined kernel reduced as `kind` (see
    /// [`Arith::mul_with_reduction`]).
    #[inline]
    pub fn sqr_with_reduction(&self, kind: InlineReduction, a: &[u64; N]) -> Option<[u64; N]> {
        self.engine.sqr_inline(kind, &self.modulus, a)
    }

    /// `a² mod P`.
    #[inline(always)]
    pub fn sqr(&self, a: &[u64; N]) -> [u64; N] {
        self.engine.sqr(&self.modulus, a)
    }

    /// `√a = a_even + ζ·a_odd mod P` (Avanzi §2.1 (1)) for `zeta` = √x: the even/odd
    /// split, the product by ζ and a reduction from bit `d + ⌊d/2⌋`, in one kernel.
    /// Preconditions: `a` and `zeta` reduced, `zeta² = x` (else the result is
    /// meaningless, never a panic). Constant-time.
    #[inline]
    pub fn sqrt_by_zeta(&self, zeta: &[u64; N], a: &[u64; N]) -> [u64; N] {
        self.engine.zeta_sqrt(&self.modulus, zeta, a)
    }

    /// `out[i] = a[i]·b[i] mod P` for every i: the batch form of [`Arith::mul`], with the
    /// whole loop in one function compiled for the backend's instructions (no call per
    /// element), so independent products overlap. [`Error::InvalidArgument`] if the
    /// three slices do not have the same length (then `out` is untouched).
    pub fn mul_many(&self, a: &[[u64; N]], b: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        crate::field::check_batch("b", b.len(), a.len())?;
        crate::field::check_batch("out", out.len(), a.len())?;
        self.engine.mul_many(&self.modulus, a, b, out);
        Ok(())
    }

    /// `out[i] = a[i]² mod P` for every i (batch form of [`Arith::sqr`], see
    /// [`Arith::mul_many`]); an error if the lengths differ.
    pub fn sqr_many(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        crate::field::check_batch("out", out.len(), a.len())?;
        #[cfg(target_arch = "x86_64")]
        if self.engine != Engine::Portable {
            if let Some(t) = super::backend::sliced::<M>() {
                let k = super::backend::sliced_len(a.len());
                if t.sqr_many(&self.modulus, &a[..k], &mut out[..k]) {
                    self.engine.sqr_many(&self.modulus, &a[k..], &mut out[k..]);
                    return Ok(());
                }
            }
        }
        self.engine.sqr_many(&self.modulus, a, out);
        Ok(())
    }

    /// `out[i] = √a[i]` by ζ for every i (batch form of [`Arith::sqrt_by_zeta`], same
    /// preconditions); an error if the lengths differ.
    pub fn sqrt_by_zeta_many(
        &self,
        zeta: &[u64; N],
        a: &[[u64; N]],
        out: &mut [[u64; N]],
    ) -> Result<()> {
        crate::field::check_batch("out", out.len(), a.len())?;
        #[cfg(target_arch = "x86_64")]
        if self.engine != Engine::Portable {
            if let Some(t) = super::backend::sliced::<M>() {
                let k = super::backend::sliced_len(a.len());
                if t.zeta_sqrt_many(&self.modulus, zeta, &a[..k], &mut out[..k]) {
                    self.engine
                        .zeta_sqrt_many(&self.modulus, zeta, &a[k..], &mut out[k..]);
                    return Ok(());
                }
            }
        }
        self.engine.zeta_sqrt_many(&self.modulus, zeta, a, out);
        Ok(())
    }

    /// `a^(2^n) mod P` (n successive squarings).
    #[inline]
    pub fn sqr_n(&self, a: &[u64; N], n: u32) -> [u64; N] {
        self.engine.sqr_n(&self.modulus, a, n)
    }

    /// `a^e` for an exponent in little-endian words; variable time in `e`.
    pub fn pow_vartime(&self, a: &[u64; N], e: &[u64]) -> [u64; N] {
        let mut acc = [0u64; N];
        acc[0] = 1;
        for word in e.iter().rev() {
            for bit in (0..64).rev() {
                acc = self.sqr(&acc);
                if (word >> bit) & 1 == 1 {
                    acc = self.mul(&acc, a);
                }
            }
        }
        acc
    }

    /// `1/a`, or `None` for zero: Itoh–Tsujii, `a^(2^d − 2)` by an addition chain for
    /// d − 1, constant time (only whether `a = 0` is revealed), by
    /// [`InvAlgorithm::CONSTANT_TIME_DEFAULT`] (long squaring runs as constant-time
    /// multi-squaring maps, built on first use).
    pub fn inv(&self, a: &[u64; N]) -> Option<[u64; N]> {
        self.inv_with(InvAlgorithm::CONSTANT_TIME_DEFAULT, a)
    }

    /// `1/a`, or `None` for zero, by the fastest variable-time algorithm: the
    /// multi-squaring plan ([`InvAlgorithm::VARTIME_DEFAULT`]) up to 8 words, the
    /// multi-squaring tables ([`InvAlgorithm::ItohTsujiiTables`]) above, where they
    /// measured faster (`cargo bench -p halfroot --bench binary_inv`, 571 bits: 1750 ns
    /// against 2151 ns for the plan). Not for secret operands.
    pub fn inv_vartime(&self, a: &[u64; N]) -> Option<[u64; N]> {
        let alg = if N > 8 {
            InvAlgorithm::ItohTsujiiTables
        } else {
            InvAlgorithm::VARTIME_DEFAULT
        };
        self.inv_with(alg, a)
    }

    /// `1/a`, or `None` for zero (or a non-unit when P is reducible), by `alg`.
    /// `1/a`, and `0` for `a = 0` (a^(2^d − 2) by the constant-time plan, with no
    /// test of `a`): constant-time, zero included.
    pub fn inv_or_zero(&self, a: &[u64; N]) -> [u64; N] {
        match self.inv_plan_ct() {
            Some(p) => p.inv_or_zero(self, a),
            None => itoh_tsujii::inv(self.engine, &self.modulus, a),
        }
    }

    /// `1/a` by a chosen algorithm, or `None` for zero.
    pub fn inv_with(&self, alg: InvAlgorithm, a: &[u64; N]) -> Option<[u64; N]> {
        match alg {
            InvAlgorithm::ItohTsujii => {
                let r = itoh_tsujii::inv(self.engine, &self.modulus, a);
                (r.iter().any(|&w| w != 0)).then_some(r)
            }
            InvAlgorithm::ItohTsujiiMatrix => {
                let t = self
                    .inv_matrices
                    .get_or_init(|| itoh_tsujii::Matrices::new(self.engine, &self.modulus));
                let r = itoh_tsujii::inv_matrices(self.engine, &self.modulus, t, a);
                (r.iter().any(|&w| w != 0)).then_some(r)
            }
            InvAlgorithm::ItohTsujiiTables => {
                if a.iter().all(|&w| w == 0) {
                    return None;
                }
                let t = self
                    .inv_tables
                    .get_or_init(|| itoh_tsujii::Tables::new(self.engine, &self.modulus));
                let r = itoh_tsujii::inv_tables(self.engine, &self.modulus, t, a);
                (r.iter().any(|&w| w != 0)).then_some(r)
            }
            InvAlgorithm::Euclid => euclid::inv_vartime(&self.modulus, a),
            InvAlgorithm::ItohTsujiiMapCt => match self.inv_plan_ct() {
                Some(p) => p.inv(self, a),
                None => self.inv_with(InvAlgorithm::ItohTsujii, a),
            },
            InvAlgorithm::ItohTsujiiMap => self.inv_plan_vartime().inv_vartime(self, a),
        }
    }

    /// `out[i] = 1/a[i]` for every nonzero `a[i]` and `out[i] = 0` for `a[i] = 0` (the
    /// convention `a^(2^d − 2)`), by Montgomery's simultaneous inversion: prefix
    /// products, **one** field inversion per chunk of [`INV_CHUNK`] elements, then
    /// back-substitution — 3 multiplications per element plus (3·[`INV_LANES`]
    /// multiplications + one [`Arith::inv`]) per chunk. The products run as
    /// [`INV_LANES`] interleaved chains through the batch multiplication, so
    /// independent products overlap. Returns the number of zero inputs, whose `out`
    /// entries are zero; every other entry is its inverse whatever else the batch holds.
    /// Precondition, as for [`Arith::inv`]: P irreducible (a [`BinaryField`] checks it;
    /// otherwise the results are meaningless, never a panic).
    ///
    /// Constant-time: zeros are replaced by one in the product chain and their outputs
    /// cleared with masks (no branch or address depends on the values), and the one
    /// inversion per chunk is the constant-time [`Arith::inv`] of a nonzero product;
    /// only the returned count reveals how many zeros there were.
    /// [`Error::InvalidArgument`] if the lengths differ (then `out` is untouched).
    ///
    /// [`BinaryField`]: super::field::BinaryField
    pub fn inv_many(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<usize> {
        self.inv_many_by(a, out, &|x| self.inv(x))
    }

    /// As [`Arith::inv_many`] with the variable-time inversion
    /// [`Arith::inv_vartime`] once per chunk. Not for secret operands.
    pub fn inv_many_vartime(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<usize> {
        self.inv_many_by(a, out, &|x| self.inv_vartime(x))
    }

    /// Montgomery's trick with `inv` as the one inversion per chunk (see
    /// [`Arith::inv_many`]). `inv` is a `dyn` callback (one indirect call per chunk), so
    /// that the batch loop is compiled once per field rather than once per inversion
    /// (build time: 62 instances, 26 s of LLVM time in the library's build).
    #[inline(never)]
    fn inv_many_by(
        &self,
        a: &[[u64; N]],
        out: &mut [[u64; N]],
        inv: &dyn Fn(&[u64; N]) -> Option<[u64; N]>,
    ) -> Result<usize> {
        const L: usize = INV_LANES;
        crate::field::check_batch("out", out.len(), a.len())?;
        let m = &self.modulus;
        let e = self.engine;
        let mut one = [0u64; N];
        one[0] = 1;
        let mut failures = 0usize;
        // a' (zeros and padding replaced by one), the lane-wise prefix products, and
        // the all-ones masks of the zero inputs.
        let mut ap = [[0u64; N]; INV_CHUNK];
        let mut pre = [[0u64; N]; INV_CHUNK];
        let mut zmask = [0u64; INV_CHUNK];
        for (xs, os) in a.chunks(INV_CHUNK).zip(out.chunks_mut(INV_CHUNK)) {
            let n = xs.len();
            let rows = n.div_ceil(L);
            let used = rows * L;
            for (i, (p, z)) in ap.iter_mut().zip(zmask.iter_mut()).take(used).enumerate() {
                match xs.get(i) {
                    Some(x) => {
                        let or = x.iter().fold(0u64, |acc, w| acc | w);
                        // 1 iff x = 0, without a branch.
                        let is_zero = ((or | or.wrapping_neg()) >> 63) ^ 1;
                        *p = *x;
                        p[0] |= is_zero;
                        *z = is_zero.wrapping_neg();
                        failures += is_zero as usize;
                    }
                    None => {
                        *p = one;
                        *z = 0;
                    }
                }
            }
            // pre[i] = Π_{k ≤ i, k ≡ i mod L} a'[k]: row r = row r − 1 times a' row r,
            // L independent products per batch call.
            pre[..L].copy_from_slice(&ap[..L]);
            for r in 1..rows {
                let (done, rest) = pre.split_at_mut(r * L);
                e.mul_many(
                    m,
                    &done[(r - 1) * L..],
                    &ap[r * L..(r + 1) * L],
                    &mut rest[..L],
                );
            }
            // Lane totals t_l, their prefix products u_l, one inversion of u_{L−1},
            // and back to 1/t_l.
            let t = &pre[(rows - 1) * L..used];
            let mut u = [[0u64; N]; L];
            u[0] = t[0];
            for l in 1..L {
                u[l] = e.mul(m, &u[l - 1], &t[l]);
            }
            let Some(mut acc) = inv(&u[L - 1]) else {
                // Unreachable with an irreducible P (a product of nonzero elements);
                // defensively, one inversion per element.
                for (o, x) in os.iter_mut().zip(xs) {
                    *o = inv(x).unwrap_or([0u64; N]);
                }
                continue;
            };
            let mut cur = [[0u64; N]; L];
            for l in (1..L).rev() {
                cur[l] = e.mul(m, &acc, &u[l - 1]);
                acc = e.mul(m, &acc, &t[l]);
            }
            cur[0] = acc;
            // Back-substitution, last row first: out row r = cur · pre row r − 1, then
            // cur ← cur · a' row r (cur is then 1 / pre row r − 1).
            let mut row = [[0u64; N]; L];
            let mut next = [[0u64; N]; L];
            for r in (0..rows).rev() {
                if r > 0 {
                    e.mul_many(m, &cur, &pre[(r - 1) * L..r * L], &mut row);
                    e.mul_many(m, &cur, &ap[r * L..(r + 1) * L], &mut next);
                    core::mem::swap(&mut cur, &mut next);
                } else {
                    row = cur;
                }
                for (l, v) in row.iter().enumerate() {
                    let i = r * L + l;
                    if let Some(o) = os.get_mut(i) {
                        let keep = !zmask[i];
                        *o = core::array::from_fn(|w| v[w] & keep);
                    }
                }
            }
        }
        Ok(failures)
    }

    /// The plan of [`InvAlgorithm::ItohTsujiiMapCt`], what [`Arith::inv`] runs (built on
    /// first use; `None` only if [`multi_sqr::CT_LAYOUT`] were not constant-time).
    pub fn inv_plan_ct(&self) -> Option<&CtPlan<N>> {
        self.inv_plan_ct
            .get_or_init(|| {
                CtPlan::new(
                    self,
                    ChainKind::Auto,
                    Some(multi_sqr::CT_LAYOUT),
                    MapChoice::Auto,
                )
                .ok()
            })
            .as_ref()
    }

    /// The plan of [`InvAlgorithm::ItohTsujiiMap`] (built on first use).
    fn inv_plan_vartime(&self) -> &VartimePlan<N> {
        self.inv_plan_vartime.get_or_init(|| {
            VartimePlan::new(
                self,
                ChainKind::Auto,
                Some(multi_sqr::VARTIME_LAYOUT),
                MapChoice::Auto,
            )
        })
    }

    /// Builds the tables of every table-based inversion algorithm now rather than on
    /// first use.
    pub fn precompute_inv_tables(&self) {
        let _ = self.inv_plan_ct();
        let _ = self.inv_plan_vartime();
        self.inv_tables
            .get_or_init(|| itoh_tsujii::Tables::new(self.engine, &self.modulus));
        self.inv_matrices
            .get_or_init(|| itoh_tsujii::Matrices::new(self.engine, &self.modulus));
    }
}

/// Elements per chunk of [`Arith::inv_many`] (one field inversion each; the chunk's
/// buffers live on the stack).
pub const INV_CHUNK: usize = 64;

/// Interleaved product chains of [`Arith::inv_many`] (independent products per
/// batch multiplication call).
pub const INV_LANES: usize = 8;

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;
    use crate::binary::modulus::Modulus;

    fn inverse_times_element_is_one() {
        let ar = Arith::<3, Modulus>::new(Modulus::parse("163,7,6,3,0").expect("m")).expect("a");
        let a = [0x1234_5678_9abc_def0, 0x0fed_cba9_8765_4321, 0x5];
        let inv = ar.inv(&a).expect("nonzero");
        assert_eq!(ar.mul(&a, &inv), [1, 0, 0]);
        assert!(ar.inv(&[0; 3]).is_none());
        assert!(Arith::<2, Modulus>::new(Modulus::parse("163,7,6,3,0").expect("m")).is_err());
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] =
        &[("inverse_times_element_is_one", inverse_times_element_is_one)];
}
