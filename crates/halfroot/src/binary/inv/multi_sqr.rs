//! Itoh–Tsujii inversion with the long squaring runs done by precomputed multi-squaring
//! maps ([`LinearMap`]): [`VartimePlan`] (lookup-table layouts) and [`CtPlan`]
//! (constant-time layouts).
//!
//! Source: Itoh & Tsujii (1988); multi-squaring as a precomputed F_2-linear map:
//! Bos–Kleinjung–Niederhagen–Schwabe, "ECC2K-130 on Cell CPUs" (AFRICACRYPT 2010) and
//! Taverne–Faz-Hernández–Aranha–Rodríguez-Henríquez–Hankerson–López, "Speeding scalar
//! multiplication over binary elliptic curves using the new carry-less multiplication
//! instruction", J. Cryptogr. Eng. 1 (2011) §4 (`x ↦ x^(2^k)` as a table, chosen when it
//! beats k squarings); Bernstein–Chou, "McBits" (CHES 2013) for doing it in constant time.
//!
//! `a⁻¹ = β_{d−1}²` with `β_c = a^(2^c − 1)` walked along an addition chain for `d − 1`
//! ([`chain`](super::chain)): each step is one multiplication and one `k`-fold squaring
//! `x ↦ x^(2^k)`. That squaring is GF(2)-linear, so for large `k` it is one evaluation of
//! a [`LinearMap`] whose columns are `(x^i)^(2^k) mod P`. Per step the plan decides, from
//! a cost model in cycles (a squaring in a dependent chain costs [`sqr_cycles`]; a map
//! costs its table reads, see [`map_cycles`]), whether
//! `k` squarings or one map is cheaper, and picks the chain (binary or powers-of-two)
//! with the lower estimated total. Cost: `⌊log₂(d−1)⌋ + wt(d−1) − 1` multiplications, the
//! short runs as squarings, at most `⌊log₂(d−1)⌋` maps.
//!
//! Constant time: the chain, the squaring counts and which steps use a map depend only on
//! `d` (and the CPU); [`CtPlan`] accepts only [`Layout::is_constant_time`] layouts
//! (`MaskCt`: every row XORed under a mask; `NibbleScanCt`: every table entry read), the
//! multiplications and squarings are branch-free carry-less kernels; so neither branches
//! nor memory addresses depend on `a` (only whether `a = 0`, which the caller reveals by
//! returning `None`). [`VartimePlan`] indexes tables by the bits of the operand: variable
//! time (cache timing), for public operands only.
//!
//! Precondition: `P` irreducible of degree `d ≥ 2` (else the result is some element, not
//! an inverse); `a` reduced.

pub mod backend;

use super::chain::{Chain, MAX_VALUES};
use crate::binary::arith::Arith;
use crate::binary::backend::{Engine, InlineReduction};
use crate::binary::linear_map::{Layout, LinearMap};
use crate::binary::modulus::ModulusSpec;
use crate::error::{Error, Result};

/// Which addition chain a plan walks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChainKind {
    /// [`Chain::binary`].
    Binary,
    /// [`Chain::powers`].
    Powers,
    /// Whichever of the two the cost model estimates cheaper.
    Auto,
}

/// When a step uses a map instead of squarings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MapChoice {
    /// By the cost model ([`map_cycles`] against `k` squarings).
    Auto,
    /// For every squaring count `k ≥` this.
    AtLeast(u32),
    /// Never (plain Itoh–Tsujii).
    Never,
}

/// Upper bound on the table memory of one plan (bytes): maps beyond it are dropped,
/// smallest saving first.
pub const PLAN_BUDGET: usize = 1 << 20;

/// Estimated cycles of one evaluation of a `layout` map on `d`-bit inputs with `n`-word
/// outputs inside the dependent chain of an inversion (Sapphire Rapids class core, tables
/// in L1/L2): about 1.3 cycles per chunk and 256-bit lane for the lookups (index
/// extraction, load, XOR), 2.3 per lane read for the full scan, 1.3 per input byte and
/// output word for the masked rows, plus about 25 cycles to get the operand from the
/// previous multiplication and the result to the next one. Calibrated against the
/// `map-*` ids of `benches/binary_inv.rs` (e.g. d = 163: chunk6 11 ns, mask-ct 27 ns;
/// d = 571: chunk6 114 ns, mask-ct 277 ns).
pub fn map_cycles(layout: Layout, d: usize, n: usize) -> usize {
    let lanes = n.div_ceil(4);
    let chunks = d.div_ceil(layout.chunk_bits());
    let fixed = 25;
    fixed
        + match layout {
            Layout::Nibble | Layout::Chunk5 | Layout::Chunk6 | Layout::Byte => {
                chunks * lanes * 13 / 10
            }
            Layout::NibbleScanCt => chunks * 16 * lanes * 23 / 10,
            Layout::MaskCt => chunks * n * 13 / 10,
        }
}

/// Estimated cycles of one squaring in a dependent `sqr_n` chain: measured 10, 12 and
/// 19 cycles at d = 163, 283, 571 with the carry-less fold reduction (`5 + 1.5·N`), 13
/// and 19 at d = 233, 409 with shifts (`6 + 2N`).
pub fn sqr_cycles(fold: bool, n: usize) -> usize {
    if fold {
        5 + 3 * n / 2
    } else {
        6 + 2 * n
    }
}

/// The columns `(x^i)^(2^k) mod P`, `i < d`, of `x ↦ x^(2^k)`.
fn columns<const N: usize, M: ModulusSpec>(e: Engine, m: &M, k: u32) -> Vec<[u64; N]> {
    let d = m.degree() as usize;
    let mut x = [0u64; N];
    if d > 1 {
        x[0] = 2;
    } else {
        x[0] = 1;
    }
    let xk = e.sqr_n(m, &x, k);
    let mut col = [0u64; N];
    col[0] = 1;
    let mut out = Vec::with_capacity(d);
    for _ in 0..d {
        out.push(col);
        col = e.mul(m, &col, &xk);
    }
    out
}

/// One step of a plan, ready to run: `cur = sqr_k(base)·other`, where `base`/`other`
/// is the current value (`None`) or a stored one (slot index).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Op {
    /// Slot of the value raised to `2^k`, or `None` for the current value.
    pub(crate) base: Option<usize>,
    /// Slot of the multiplied value, or `None` for the current value.
    pub(crate) other: Option<usize>,
    /// The squaring count.
    pub(crate) k: u32,
    /// Index into the plan's maps, or `None` for `k` squarings.
    pub(crate) map: Option<usize>,
    /// Slot where the result is kept for later steps, if any.
    pub(crate) save: Option<usize>,
}

/// An Itoh–Tsujii plan: the chain and, per step, a map or squarings.
#[derive(Clone)]
pub(crate) struct Plan<const N: usize> {
    chain: Chain,
    /// Per step: the index into `maps` of its multi-squaring map, or `None` for squarings.
    how: Vec<Option<usize>>,
    /// The steps, ready to run.
    pub(crate) ops: Vec<Op>,
    /// Slot where `a` itself is kept, if a later step reads it.
    pub(crate) save_a: Option<usize>,
    pub(crate) maps: Vec<(u32, LinearMap<N>)>,
    layout: Option<Layout>,
}

/// Slots for values kept for later steps.
pub(crate) const SLOTS: usize = 16;

impl<const N: usize> Plan<N> {
    fn estimate(chain: &Chain, sqr: usize, mul: usize, map: Option<usize>) -> usize {
        chain
            .squaring_counts()
            .map(|k| {
                let s = k as usize * sqr;
                mul + map.map_or(s, |t| s.min(t))
            })
            .sum()
    }

    fn new<M: ModulusSpec>(
        e: Engine,
        m: &M,
        kind: ChainKind,
        layout: Option<Layout>,
        choice: MapChoice,
    ) -> Plan<N> {
        let d = m.degree();
        // Squarings cost the fold's cycles wherever the fused kernel squares by the fold:
        // where `chain_sqr_cycles` reports the fold (4 + N, `fold::applies`) and also where
        // only the word fold serves (83,29,25,3,0, 97,33,0, 127,63,0, the SSRF pentanomials
        // of 283 and 571 bits); `fused_reduction` names both.
        let fold = backend::fused_reduction::<N, M>(e, m) == Some(InlineReduction::ClmulFold);
        let sqr = sqr_cycles(fold, N);
        let mul = 3 * sqr;
        let map = match (layout, choice) {
            (None, _) | (_, MapChoice::Never) => None,
            (Some(l), _) => Some(map_cycles(l, d as usize, N)),
        };
        let e1 = d.saturating_sub(1).max(1);
        let fits = |c: &Chain| {
            c.values().len() <= MAX_VALUES && c.values().len() < 2 * SLOTS && needs_slots(c)
        };
        let (bin, pow) = (Chain::binary(e1), Chain::powers(e1));
        // Ties go to the binary chain (measured faster: its `+1` steps are single
        // squarings).
        let chain = match kind {
            ChainKind::Binary => bin,
            ChainKind::Powers if fits(&pow) => pow,
            ChainKind::Powers => bin,
            ChainKind::Auto => {
                let (cb, cp) = (
                    Self::estimate(&bin, sqr, mul, map),
                    Self::estimate(&pow, sqr, mul, map),
                );
                if cp < cb && fits(&pow) {
                    pow
                } else {
                    bin
                }
            }
        };
        // Squaring counts that get a map, by decreasing saving, within the budget.
        let mut ks: Vec<u32> = chain
            .squaring_counts()
            .filter(|&k| match (choice, map) {
                (_, None) | (MapChoice::Never, _) => false,
                (MapChoice::AtLeast(t), _) => k >= t,
                (MapChoice::Auto, Some(t)) => k as usize * sqr > t,
            })
            .collect();
        ks.sort_unstable_by(|a, b| b.cmp(a));
        ks.dedup();
        let mut maps = Vec::new();
        let mut bytes = 0usize;
        if let Some(l) = layout {
            if N * 64 >= d as usize {
                let per = l.table_bytes(d as usize, N);
                for k in ks {
                    if bytes + per > PLAN_BUDGET {
                        break;
                    }
                    bytes += per;
                    maps.push((k, LinearMap::new(&columns::<N, M>(e, m, k), l)));
                }
            }
        }
        let how: Vec<Option<usize>> = chain
            .squaring_counts()
            .map(|k| maps.iter().position(|(kk, _)| *kk == k))
            .collect();
        let slot = assign_slots(&chain);
        let at = |j: usize, i: usize| {
            if j == i {
                None
            } else {
                slot.get(j).copied().flatten()
            }
        };
        let ops = chain
            .steps()
            .iter()
            .zip(&how)
            .enumerate()
            .map(|(i, (st, h))| Op {
                base: at(st.from, i),
                other: at(st.add, i),
                k: chain.values()[st.add],
                map: *h,
                save: slot.get(i + 1).copied().flatten(),
            })
            .collect();
        Plan {
            save_a: slot.first().copied().flatten(),
            chain,
            how,
            ops,
            maps,
            layout,
        }
    }

    /// `a^(2^d − 2)` (0 for 0): the fused kernel of [`backend`] where the engine has
    /// one, else [`Plan::run_generic`].
    #[inline]
    fn run<M: ModulusSpec>(&self, e: Engine, m: &M, a: &[u64; N]) -> [u64; N] {
        match backend::run_fused(e, m, self, a) {
            Some(r) => r,
            None => self.run_generic(e, m, a),
        }
    }

    /// `a^(2^d − 2)` by the engine's out-of-line `sqr_n`, `mul` and `sqr` (the oracle of
    /// the fused kernels).
    pub(crate) fn run_generic<M: ModulusSpec>(&self, e: Engine, m: &M, a: &[u64; N]) -> [u64; N] {
        let mut store = [[0u64; N]; SLOTS];
        let mut cur = *a;
        if let Some(s) = self.save_a {
            store[s] = cur;
        }
        for op in &self.ops {
            let base = op.base.map_or(cur, |s| store[s]);
            let other = op.other.map_or(cur, |s| store[s]);
            let t = match op.map.and_then(|h| self.maps.get(h)) {
                Some((_, map)) => map.apply(&base),
                None => e.sqr_n(m, &base, op.k),
            };
            cur = e.mul(m, &t, &other);
            if let Some(s) = op.save {
                store[s] = cur;
            }
        }
        e.sqr(m, &cur)
    }

    fn bytes(&self) -> usize {
        self.maps.iter().map(|(_, t)| t.bytes()).sum()
    }

    fn describe(&self) -> String {
        let ks: Vec<String> = self
            .chain
            .squaring_counts()
            .zip(&self.how)
            .map(|(k, h)| {
                if h.is_some() {
                    format!("[{k}]")
                } else {
                    k.to_string()
                }
            })
            .collect();
        format!(
            "chain {:?}; squaring counts {} ([k] = {} map)",
            self.chain.values(),
            ks.join(","),
            self.layout.map_or("no", |l| l.name())
        )
    }
}

impl<const N: usize> core::fmt::Debug for Plan<N> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Plan")
            .field("plan", &self.describe())
            .field("bytes", &self.bytes())
            .finish()
    }
}

/// Whether every value read by a later step (other than as the current value) gets a
/// slot among [`SLOTS`].
fn needs_slots(c: &Chain) -> bool {
    assign_slots(c).iter().flatten().all(|&s| s < SLOTS)
}

/// Slot of each value that some step reads when it is not the current value.
fn assign_slots(c: &Chain) -> Vec<Option<usize>> {
    let n = c.values().len();
    let mut kept = vec![false; n];
    for (i, s) in c.steps().iter().enumerate() {
        for j in [s.from, s.add] {
            if j != i {
                if let Some(k) = kept.get_mut(j) {
                    *k = true;
                }
            }
        }
    }
    let mut next = 0usize;
    kept.into_iter()
        .map(|k| {
            k.then(|| {
                next += 1;
                next - 1
            })
        })
        .collect()
}

/// The layout of the variable-time default plan ([`InvAlgorithm::ItohTsujiiMap`]):
/// 6-bit chunks, measured the fastest or within noise of it at d = 163…571 by
/// `benches/binary_inv.rs` (byte tables exceed [`PLAN_BUDGET`] at d = 571; the nibble
/// and 5-bit kernels were 4–5× slower than 6-bit at d = 283, 409).
///
/// [`InvAlgorithm::ItohTsujiiMap`]: super::InvAlgorithm::ItohTsujiiMap
pub const VARTIME_LAYOUT: Layout = Layout::Chunk6;

/// The layout of the constant-time default plan ([`InvAlgorithm::ItohTsujiiMapCt`]):
/// masked rows (AVX-512 `vpxorq zmm{k}`), 17× faster than the full nibble scan at
/// d = 163.
///
/// [`InvAlgorithm::ItohTsujiiMapCt`]: super::InvAlgorithm::ItohTsujiiMapCt
pub const CT_LAYOUT: Layout = Layout::MaskCt;

/// A variable-time Itoh–Tsujii plan (any [`Layout`]; lookup layouts index tables by
/// secret bits).
#[derive(Clone, Debug)]
pub struct VartimePlan<const N: usize>(Plan<N>);

impl<const N: usize> VartimePlan<N> {
    /// The plan for `arith`'s field: chain `kind`, maps in `layout` (`None`: squarings
    /// only), used per `choice`.
    pub fn new<M: ModulusSpec>(
        arith: &Arith<N, M>,
        kind: ChainKind,
        layout: Option<Layout>,
        choice: MapChoice,
    ) -> Self {
        VartimePlan(Plan::new(
            arith.engine(),
            arith.modulus(),
            kind,
            layout,
            choice,
        ))
    }

    /// `1/a`, or `None` for zero. Variable time.
    #[inline]
    pub fn inv_vartime<M: ModulusSpec>(
        &self,
        arith: &Arith<N, M>,
        a: &[u64; N],
    ) -> Option<[u64; N]> {
        if a.iter().all(|&w| w == 0) {
            return None;
        }
        let r = self.0.run(arith.engine(), arith.modulus(), a);
        r.iter().any(|&w| w != 0).then_some(r)
    }

    /// The table memory in bytes.
    pub fn bytes(&self) -> usize {
        self.0.bytes()
    }

    /// The chain and which steps use maps, for display.
    pub fn describe(&self) -> String {
        self.0.describe()
    }
}

/// A constant-time Itoh–Tsujii plan (constant-time layouts only).
#[derive(Clone, Debug)]
pub struct CtPlan<const N: usize>(Plan<N>);

impl<const N: usize> CtPlan<N> {
    /// The plan for `arith`'s field; an error if `layout` is not constant-time.
    pub fn new<M: ModulusSpec>(
        arith: &Arith<N, M>,
        kind: ChainKind,
        layout: Option<Layout>,
        choice: MapChoice,
    ) -> Result<Self> {
        if let Some(l) = layout.filter(|l| !l.is_constant_time()) {
            return Err(Error::InvalidArgument {
                name: "layout".into(),
                value: l.name().into(),
                reason: "a constant-time inversion needs a constant-time layout".into(),
            });
        }
        Ok(CtPlan(Plan::new(
            arith.engine(),
            arith.modulus(),
            kind,
            layout,
            choice,
        )))
    }

    /// a^(2^d − 2): `1/a`, and `0` for `a = 0`, with no test of `a`. Constant time (see
    /// the module header).
    #[inline]
    pub fn inv_or_zero<M: ModulusSpec>(&self, arith: &Arith<N, M>, a: &[u64; N]) -> [u64; N] {
        self.0.run(arith.engine(), arith.modulus(), a)
    }

    /// The reduction of the fused kernel that runs this plan on `arith`'s engine
    /// (`ClmulFold` or `SseShift`), or `None` where the plan runs as out-of-line steps
    /// (engines without a fused kernel, moduli no SSE reduction serves).
    pub fn fused_reduction<M: ModulusSpec>(&self, arith: &Arith<N, M>) -> Option<InlineReduction> {
        backend::fused_reduction::<N, M>(arith.engine(), arith.modulus())
    }

    /// [`CtPlan::inv_or_zero`] by the fused kernel with the reduction `kind`, or `None`
    /// where the engine has no fused kernel or `kind` does not serve the modulus (or is
    /// `GprShift`): the alternatives [`CtPlan::fused_reduction`]'s choice is measured
    /// against. Constant time, as [`CtPlan::inv_or_zero`].
    pub fn inv_or_zero_with_reduction<M: ModulusSpec>(
        &self,
        arith: &Arith<N, M>,
        kind: InlineReduction,
        a: &[u64; N],
    ) -> Option<[u64; N]> {
        backend::run_fused_with(arith.engine(), kind, arith.modulus(), &self.0, a)
    }

    /// `1/a`, or `None` for zero.
    pub fn inv<M: ModulusSpec>(&self, arith: &Arith<N, M>, a: &[u64; N]) -> Option<[u64; N]> {
        let r = self.0.run(arith.engine(), arith.modulus(), a);
        let nonzero = r.iter().fold(0u64, |acc, &w| acc | w) != 0;
        nonzero.then_some(r)
    }

    /// The table memory in bytes.
    pub fn bytes(&self) -> usize {
        self.0.bytes()
    }

    /// The chain and which steps use maps, for display.
    pub fn describe(&self) -> String {
        self.0.describe()
    }
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;
    use crate::binary::backend::Backend;
    use crate::binary::spec::{
        Nist163, Nist233, Nist283, Nist571, Ssrf127K63, Ssrf163, Ssrf233, Ssrf283, Ssrf409,
        Ssrf571, Ssrf83, Ssrf97, Std83,
    };
    use rand::{RngCore, SeedableRng};

    /// The fused kernel (where the engine has one) against the out-of-line steps of the
    /// portable engine, for every chain, layout and map choice.
    fn fused_matches_portable_for<const N: usize, M: ModulusSpec + Default>() {
        let m = M::default();
        let d = m.degree() as usize;
        let Ok(fast) = Arith::<N, M>::new(m.clone()) else {
            return;
        };
        let port = Arith::<N, M>::with_backend(m.clone(), Backend::Portable).expect("portable");
        // Every spec below has a fused kernel on the `pclmul-fold` engine: the carry-less
        // fold, or (where no fold serves) the shifts in SSE registers.
        if fast.engine().backend() == Backend::PclmulFold {
            assert!(
                backend::fused_reduction::<N, M>(fast.engine(), &m).is_some(),
                "no fused inversion kernel at degree {d}"
            );
        }
        let mut rng = rand::rngs::StdRng::seed_from_u64(d as u64);
        for kind in [ChainKind::Binary, ChainKind::Powers] {
            for (layout, choice) in [
                (None, MapChoice::Never),
                (Some(Layout::Chunk6), MapChoice::Auto),
                (Some(Layout::MaskCt), MapChoice::AtLeast(3)),
            ] {
                let plan = Plan::<N>::new(fast.engine(), &m, kind, layout, choice);
                for _ in 0..20 {
                    let mut a = [0u64; N];
                    for (i, w) in a.iter_mut().enumerate() {
                        let bits = d.saturating_sub(64 * i).min(64);
                        *w = if bits == 64 {
                            rng.next_u64()
                        } else {
                            rng.next_u64() & ((1u64 << bits) - 1)
                        };
                    }
                    let want = plan.run_generic(port.engine(), &m, &a);
                    assert_eq!(plan.run(fast.engine(), &m, &a), want, "{}", plan.describe());
                    for kind in [InlineReduction::ClmulFold, InlineReduction::SseShift] {
                        if let Some(r) = backend::run_fused_with(fast.engine(), kind, &m, &plan, &a)
                        {
                            assert_eq!(r, want, "{} by {}", plan.describe(), kind.name());
                        }
                    }
                    let r = port.mul(&want, &a);
                    let mut one = [0u64; N];
                    one[0] = u64::from(a.iter().any(|&w| w != 0));
                    assert_eq!(r, one);
                }
            }
        }
    }

    fn fused_kernel_matches_portable() {
        #[cfg(target_arch = "x86_64")]
        crate::cpu::kernel_log::check(
            "binary::inv::multi_sqr fused",
            crate::binary::backend::x86_64::Pclmul::detect().is_some(),
            &[crate::cpu::Feature::Pclmulqdq, crate::cpu::Feature::Sse41],
        );
        fused_matches_portable_for::<2, Std83>();
        fused_matches_portable_for::<2, Ssrf83>();
        fused_matches_portable_for::<2, Ssrf97>();
        fused_matches_portable_for::<2, Ssrf127K63>();
        fused_matches_portable_for::<3, Nist163>();
        fused_matches_portable_for::<3, Ssrf163>();
        fused_matches_portable_for::<4, Nist233>();
        fused_matches_portable_for::<4, Ssrf233>();
        fused_matches_portable_for::<5, Nist283>();
        fused_matches_portable_for::<5, Ssrf283>();
        fused_matches_portable_for::<7, Ssrf409>();
        fused_matches_portable_for::<9, Nist571>();
        fused_matches_portable_for::<9, Ssrf571>();
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[(
        "fused_kernel_matches_portable",
        fused_kernel_matches_portable,
    )];
}
