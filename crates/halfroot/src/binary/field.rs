//! Binary fields F_2^d with every quadratic operation precomputed: the
//! [`BinaryField`] context object and the [`BinaryFieldOps`] trait.
//!
//! Source: Avanzi §2–3 (square roots, traces, half-traces); construction-time checks by
//! Rabin's irreducibility test (Rabin 1980; Gao–Panario 1997): P of degree d is
//! irreducible iff x^(2^d) ≡ x (mod P) and gcd(x^(2^(d/q)) − x, P) = 1 for every prime
//! q | d. Construction cost: O(d) squarings plus O(d·log d) word operations; the
//! half-trace/solver table is built on first use (O(d²·N) word operations).

use super::arith::Arith;
use super::half_trace::table::SolveTable;
use super::half_trace::{naive, HalfTraceMethod};
use super::linear_map::affine::{AffineKernel, AffineMap};
use super::linear_map::{Layout, LinearMap};
use super::modulus::ModulusSpec;
use super::quadratic;
use super::sqrt::ssrf::SsrfSqrt;
use super::sqrt::zeta::ZetaSqrt;
use super::sqrt::{self, backend, fermat, SqrtAlgorithm};
use super::ssrf_type::{self, SsrfType};
use super::trace::{Trace, TraceMethod};
use crate::count::Counting;
use crate::error::{Error, Result};
use crate::field::{check_batch, Choice, Field};
use rand::RngCore;
use std::sync::{Arc, OnceLock};

/// The quadratic operations of a binary field, beyond the ring operations of [`Field`].
///
/// The unsuffixed methods are constant-time (see [`crate::field`]): the square root
/// splits bits with masks and multiplies, the trace is a masked parity, and the
/// half-trace and the quadratic solver read their whole table with masks
/// ([`HalfTraceMethod::MaskCt`] or [`HalfTraceMethod::FoldedMaskCt`], whichever runs
/// faster on this CPU: [`default_half_trace_ct_method`]). [`half_trace_vartime`](BinaryFieldOps::half_trace_vartime) and
/// [`solve_quadratic_vartime`](BinaryFieldOps::solve_quadratic_vartime) use the fastest
/// table method, whose memory addresses depend on the input (for public values).
///
/// Implemented by [`BinaryField`], [`crate::binary::dynamic::DynBinaryField`] and
/// [`Counting`], which charges SR for [`sqrt`](BinaryFieldOps::sqrt), T for
/// [`trace`](BinaryFieldOps::trace) and H for the half-trace and the quadratic solver,
/// one per element in the batch forms.
pub trait BinaryFieldOps: Field {
    /// The extension degree d.
    fn degree(&self) -> u32;
    /// Whether `a` is a valid representation of an element: for the fields with a
    /// canonical form (`BinaryField`, `DynBinaryField`) exactly the reduced words (no
    /// bit at or above d; for `DynBinaryField` also ⌈d/64⌉ words), checked by the curves
    /// on every point they are given. The default accepts every value (the partially
    /// reduced `PackedField` has no other kind). Variable-time in the bits at and above
    /// d only.
    fn is_element(&self, a: &Self::Elem) -> bool {
        let _ = a;
        true
    }
    /// `√a` (always exists and is unique in characteristic 2). Constant-time.
    fn sqrt(&self, a: &Self::Elem) -> Self::Elem;
    /// `Tr(a) ∈ {0, 1}`. Constant-time.
    fn trace(&self, a: &Self::Elem) -> u8;
    /// The half-trace `H(a) = Σ_{i=0}^{(d−1)/2} a^(4^i)` for odd d, for every `a`
    /// (it satisfies H(a)² + H(a) = a + Tr(a)); `None` exactly when d is even, where the
    /// half-trace is not defined. Constant-time.
    fn half_trace(&self, a: &Self::Elem) -> Option<Self::Elem>;
    /// As [`BinaryFieldOps::half_trace`] by the fastest method, whose timing may depend
    /// on `a` (table lookups). The default is the constant-time method.
    fn half_trace_vartime(&self, a: &Self::Elem) -> Option<Self::Elem> {
        self.half_trace(a)
    }
    /// `H(√a)` (= `√H(a)`: the half-trace commutes with the Frobenius map) for odd d,
    /// `None` for even d, by the fastest method, whose timing may depend on `a`.
    ///
    /// Where the half-trace is a table of an F₂-linear map, H∘√ is one too, tabulated
    /// on first use in the same layout: one lookup instead of a square root followed by
    /// a lookup. Chains of point halvings use it ([`crate::ec2::halve`]): the next
    /// halving's half-trace H(√u² + a) is then read from u² directly, beside the square
    /// root rather than after it. The default computes `H(√a)` as written.
    fn half_trace_of_sqrt_vartime(&self, a: &Self::Elem) -> Option<Self::Elem> {
        self.half_trace_vartime(&self.sqrt(a))
    }
    /// A root λ of λ² + λ = α (the other is λ + 1), for odd and even d; `None` exactly
    /// when Tr(α) = 1. Constant-time except that the answer reveals Tr(α).
    fn solve_quadratic(&self, alpha: &Self::Elem) -> Option<Self::Elem>;
    /// As [`BinaryFieldOps::solve_quadratic`] by the fastest method, whose timing may
    /// depend on α. The default is the constant-time method.
    fn solve_quadratic_vartime(&self, alpha: &Self::Elem) -> Option<Self::Elem> {
        self.solve_quadratic(alpha)
    }
    /// Both roots of `a·λ² + b·λ + c = 0`; see [`quadratic::solve_general`] for the
    /// degenerate cases. `None` when there is no root. Variable-time (it branches on
    /// which coefficients are zero).
    fn solve_general(
        &self,
        a: &Self::Elem,
        b: &Self::Elem,
        c: &Self::Elem,
    ) -> Option<(Self::Elem, Self::Elem)> {
        quadratic::solve_general(self, a, b, c)
    }

    /// `out[i] = √a[i]` (see [`crate::field`] on batches).
    fn sqrt_many(&self, a: &[Self::Elem], out: &mut [Self::Elem]) -> Result<()> {
        check_batch("out", out.len(), a.len())?;
        for (o, x) in out.iter_mut().zip(a) {
            *o = self.sqrt(x);
        }
        Ok(())
    }
    /// `out[i] = Tr(a[i])`.
    fn trace_many(&self, a: &[Self::Elem], out: &mut [u8]) -> Result<()> {
        check_batch("out", out.len(), a.len())?;
        for (o, x) in out.iter_mut().zip(a) {
            *o = self.trace(x);
        }
        Ok(())
    }
    /// `out[i] = H(a[i])`, constant-time; [`Error::UnsupportedAlgorithm`] for even d.
    fn half_trace_many(&self, a: &[Self::Elem], out: &mut [Self::Elem]) -> Result<()> {
        check_batch("out", out.len(), a.len())?;
        for (o, x) in out.iter_mut().zip(a) {
            *o = self
                .half_trace(x)
                .ok_or_else(|| even_half_trace_error(self.degree()))?;
        }
        Ok(())
    }
    /// `out[i]` = [`BinaryFieldOps::solve_quadratic`]`(a[i])`.
    fn solve_quadratic_many(&self, a: &[Self::Elem], out: &mut [Option<Self::Elem>]) -> Result<()> {
        check_batch("out", out.len(), a.len())?;
        for (o, x) in out.iter_mut().zip(a) {
            *o = self.solve_quadratic(x);
        }
        Ok(())
    }
}

/// The error of a half-trace asked for in even degree.
pub(crate) fn even_half_trace_error(d: u32) -> Error {
    Error::UnsupportedAlgorithm {
        algorithm: "half-trace".into(),
        reason: format!("the half-trace is only defined for odd degree, not {d}"),
    }
}

impl<F: BinaryFieldOps> BinaryFieldOps for Counting<F> {
    fn degree(&self) -> u32 {
        self.inner().degree()
    }
    fn is_element(&self, a: &F::Elem) -> bool {
        self.inner().is_element(a)
    }
    fn sqrt(&self, a: &F::Elem) -> F::Elem {
        self.tally(|c| c.sr += 1);
        self.inner().sqrt(a)
    }
    fn trace(&self, a: &F::Elem) -> u8 {
        self.tally(|c| c.t += 1);
        self.inner().trace(a)
    }
    fn half_trace(&self, a: &F::Elem) -> Option<F::Elem> {
        self.tally(|c| c.h += 1);
        self.inner().half_trace(a)
    }
    fn half_trace_vartime(&self, a: &F::Elem) -> Option<F::Elem> {
        self.tally(|c| c.h += 1);
        self.inner().half_trace_vartime(a)
    }
    /// One H: a single table lookup where the field tabulates H∘√ (the square root is
    /// folded into the table, not computed).
    fn half_trace_of_sqrt_vartime(&self, a: &F::Elem) -> Option<F::Elem> {
        self.tally(|c| c.h += 1);
        self.inner().half_trace_of_sqrt_vartime(a)
    }
    fn solve_quadratic(&self, alpha: &F::Elem) -> Option<F::Elem> {
        self.tally(|c| c.h += 1);
        self.inner().solve_quadratic(alpha)
    }
    fn solve_quadratic_vartime(&self, alpha: &F::Elem) -> Option<F::Elem> {
        self.tally(|c| c.h += 1);
        self.inner().solve_quadratic_vartime(alpha)
    }
    fn sqrt_many(&self, a: &[F::Elem], out: &mut [F::Elem]) -> Result<()> {
        self.inner().sqrt_many(a, out)?;
        self.tally(|c| c.sr += a.len() as u64);
        Ok(())
    }
    fn trace_many(&self, a: &[F::Elem], out: &mut [u8]) -> Result<()> {
        self.inner().trace_many(a, out)?;
        self.tally(|c| c.t += a.len() as u64);
        Ok(())
    }
    fn half_trace_many(&self, a: &[F::Elem], out: &mut [F::Elem]) -> Result<()> {
        self.inner().half_trace_many(a, out)?;
        self.tally(|c| c.h += a.len() as u64);
        Ok(())
    }
    fn solve_quadratic_many(&self, a: &[F::Elem], out: &mut [Option<F::Elem>]) -> Result<()> {
        self.inner().solve_quadratic_many(a, out)?;
        self.tally(|c| c.h += a.len() as u64);
        Ok(())
    }
}

/// What a field chose at construction, for display (`halfroot field info`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldInfo {
    /// The degree d.
    pub degree: u32,
    /// The defining polynomial as a descending exponent list.
    pub exponents: Vec<u32>,
    /// The SSRF type of the polynomial, if any.
    pub ssrf_type: Option<SsrfType>,
    /// ζ = √x as a descending exponent list.
    pub zeta_exponents: Vec<u32>,
    /// The number of terms of ζ.
    pub zeta_weight: usize,
    /// The degree of ζ.
    pub zeta_degree: u32,
    /// The square-root algorithm [`BinaryFieldOps::sqrt`] uses.
    pub sqrt_algorithm: SqrtAlgorithm,
    /// Why that algorithm.
    pub sqrt_reason: String,
    /// How the ζ method multiplies by ζ.
    pub zeta_multiplication: String,
    /// The even/odd bit-split backend.
    pub split_backend: &'static str,
    /// How the trace is computed.
    pub trace_method: TraceMethod,
    /// The number of i < d with Tr(x^i) = 1.
    pub trace_vector_weight: u32,
    /// The table method of the variable-time half-traces and quadratic solving.
    pub half_trace_method: HalfTraceMethod,
    /// The constant-time method of half-traces and quadratic solving (the default).
    pub half_trace_ct_method: HalfTraceMethod,
    /// Size of that table in bytes (odd d).
    pub half_trace_table_bytes: Option<usize>,
    /// How λ² + λ = α is solved for even d.
    pub even_solver: Option<String>,
    /// The product/square kernel backend in use.
    pub mul_backend: &'static str,
    /// The CPU and its features, detected and in use ([`crate::cpu::describe`]).
    pub cpu: String,
}

impl core::fmt::Display for FieldInfo {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let poly = |e: &[u32]| {
            e.iter()
                .map(|&k| match k {
                    0 => "1".to_string(),
                    1 => "x".to_string(),
                    k => format!("x^{k}"),
                })
                .collect::<Vec<_>>()
                .join(" + ")
        };
        let list: Vec<String> = self.exponents.iter().map(|e| e.to_string()).collect();
        writeln!(f, "degree:            {}", self.degree)?;
        writeln!(
            f,
            "polynomial:        {} ({})",
            list.join(","),
            poly(&self.exponents)
        )?;
        match self.ssrf_type {
            Some(t) => writeln!(f, "ssrf type:         {t}")?,
            None => writeln!(f, "ssrf type:         none")?,
        }
        writeln!(
            f,
            "zeta = sqrt(x):    {} (weight {}, degree {})",
            poly(&self.zeta_exponents),
            self.zeta_weight,
            self.zeta_degree
        )?;
        writeln!(
            f,
            "sqrt algorithm:    {} ({})",
            self.sqrt_algorithm, self.sqrt_reason
        )?;
        writeln!(f, "zeta product:      {}", self.zeta_multiplication)?;
        writeln!(f, "bit split:         {}", self.split_backend)?;
        writeln!(
            f,
            "trace:             {} (trace vector weight {})",
            self.trace_method, self.trace_vector_weight
        )?;
        match self.half_trace_table_bytes {
            Some(b) => writeln!(
                f,
                "half-trace table:  {} ({b} bytes; the _vartime methods)",
                self.half_trace_method
            )?,
            None => writeln!(f, "half-trace table:  none (even degree)")?,
        }
        writeln!(
            f,
            "constant-time:     {} (half-trace and solver by default)",
            self.half_trace_ct_method
        )?;
        match &self.even_solver {
            Some(s) => writeln!(f, "even-degree solve: {s}")?,
            None => writeln!(f, "even-degree solve: not needed (odd degree: half-trace)")?,
        }
        writeln!(f, "mul/sqr kernels:   {}", self.mul_backend)?;
        write!(f, "cpu:               {}", self.cpu)
    }
}

/// F_2^d = F_2\[X\]/(P) with elements `[u64; N]` and everything the quadratic operations
/// need precomputed: ζ = √x, the SSRF classification, the trace vector and (on first
/// use) the half-trace / solver table.
#[derive(Clone)]
pub struct BinaryField<const N: usize, M: ModulusSpec> {
    arith: Arith<N, M>,
    exponents: Vec<u32>,
    ssrf: Option<SsrfType>,
    zeta: [u64; N],
    zeta_sqrt: ZetaSqrt<N>,
    ssrf_sqrt: Option<SsrfSqrt<N>>,
    sqrt_algorithm: SqrtAlgorithm,
    trace: Trace<N>,
    half_trace_method: HalfTraceMethod,
    /// The constant-time method of [`BinaryFieldOps::half_trace`] and
    /// [`BinaryFieldOps::solve_quadratic`] (`MaskCt` or `NibbleCt`).
    half_trace_ct_method: HalfTraceMethod,
    /// The tables built on first use, in an allocation of their own (shared by
    /// clones): the field itself holds no `UnsafeCell`, so a `&BinaryField` (or a
    /// `&PackedField`) is read-only to the optimiser, and a loop of field operations
    /// loads the kernel choices once, not once per operation around every call.
    lazy: Arc<LazyTables<N>>,
}

/// The tables of a [`BinaryField`] built on first use.
#[derive(Default)]
struct LazyTables<const N: usize> {
    images: OnceLock<Vec<[u64; N]>>,
    /// The direct tables, indexed as [`Layout::ALL`].
    direct: [OnceLock<LinearMap<N>>; 6],
    /// The folding tables: nibble, byte, masked rows.
    folded: [OnceLock<SolveTable<N>>; 3],
    /// The direct table of the default method (a copy, for the shortest path).
    default_map: OnceLock<LinearMap<N>>,
    /// The direct table of H∘√ in the default method's layout (odd d, non-folding
    /// default): [`BinaryFieldOps::half_trace_of_sqrt_vartime`].
    sqrt_half_trace_map: OnceLock<LinearMap<N>>,
    /// The GFNI block matrix of the batch half-trace / solver (`None` without GFNI).
    blocks: OnceLock<Option<AffineMap<N>>>,
    /// The same with the trace as bit 0 of output byte ⌈d/8⌉, for the batch solver
    /// (`None` without GFNI or when that byte does not exist: ⌈d/8⌉ = 8·N).
    solve_blocks: OnceLock<Option<AffineMap<N>>>,
}

/// The error for a value that is not an element of F_2^`degree` as the field holds it
/// ([`BinaryFieldOps::is_element`] false): `what` names the kind of value (a point
/// coordinate, a divisor coefficient), `value` which one. Shared by the curves' checks.
pub(crate) fn not_an_element(what: &str, value: &str, degree: u32) -> Error {
    Error::OutOfRange {
        what: what.into(),
        value: value.into(),
        reason: format!(
            "must be a reduced element of F_2^{degree} (no bit at or above {degree}, \
             the field's number of words)"
        ),
    }
}

/// Byte tables up to this size are preferred over nibble tables.
const BYTE_TABLE_MAX_BYTES: usize = 2 * 1024 * 1024;

/// Above this size of the direct byte tables (odd d), the single-element half-trace
/// folds the even bits away first ([`HalfTraceMethod::TableByte`]: byte tables of the
/// ⌈d/2⌉ odd bits, half the lookups and half the table), while the batch forms keep the
/// direct byte tables ([`BYTE_TABLE_MAX_BYTES`]). Measured in session 46 on an Intel
/// Emerald Rapids (2 MiB L2; scratch harness, chains of 2 000 dependent single calls
/// `half_trace_with`, median of 41, two runs, ns), byte / chunk6 / table-byte / table /
/// nibble:
///
/// | polynomial | byte table | byte | chunk6 | table-byte | table | nibble |
/// |---|---:|---:|---:|---:|---:|---:|
/// | 233,159,0 | 256 KiB | 21.2–23.9 | 22.2–25.2 | 38.7–41.4 | 38.9–42.2 | 24.6–28.6 |
/// | 283,97,89,87,0 | 320 KiB | 32.7–41.6 | 41.6–45.6 | 43.2–46.4 | 56.8–57.2 | 52.8–55.5 |
/// | 409,87,0 | 896 KiB | 57.4–57.7 | 60.6–66.5 | 55.2–55.4 | 62.4 | 74.1–80.0 |
/// | 571,193,185,5,0 | 1.7 MiB | 115.7–119.8 | 129.4–130.2 | 83.4–88.1 | 105.2–113.7 | 152.0–158.1 |
///
/// The folding pays where the direct tables are largest: at 571 bits it is 27–30 %
/// faster, at 409 a tie, below it slower. Halving's H∘√ at 571 bits (√ then the folded
/// H, against the direct H∘√ byte map) went from 113–121 to 96–102 ns, and a B-571
/// halving from 197–214 to 179–185 ns. CPUs with a smaller L2 (Zen 3: 512 KiB) hold
/// neither table and are not measured; the rule is by table size, and 1 MiB leaves
/// every NIST size but 571 on the direct tables.
const FOLD_ABOVE_BYTES: usize = 1024 * 1024;

/// The default half-trace / solver method for degree `d` held in `n` words: direct byte
/// tables (fewest lookups; measured fastest at 163–571 bits in
/// `benches/binary_quadratic.rs`, ahead of 6-bit chunks, nibbles and the folding
/// methods), nibble tables when byte tables would exceed [`BYTE_TABLE_MAX_BYTES`]; since
/// session 46, for odd d whose direct byte tables exceed [`FOLD_ABOVE_BYTES`] (571 bits
/// among the NIST sizes), the folded byte tables ([`HalfTraceMethod::TableByte`]) for
/// single elements, the batch forms keeping the direct ones ([`direct_layout`]).
/// Re-measured in session 21 on a Zen 5, after the AVX2 lookup stopped keeping its
/// accumulators in memory at 5 words and up (`linear_map::backend::x86_64`), at the
/// NIST polynomials, ns per element, batch (`LinearMap::apply_many`, 64 elements,
/// median of 301) / chain of single calls, byte · chunk6 · chunk5 · nibble:
///
/// | d | byte | chunk6 | chunk5 | nibble |
/// |---|---|---|---|---|
/// | 163 | 4.9 / 13.6 | 5.8 / 12.8 | 6.0 / 12.2 | 7.4 / 13.5 |
/// | 233 | 6.9 / 16.1 | 7.7 / 17.2 | 8.3 / 15.0 | 9.7 / 17.8 |
/// | 283 | 15.2 / 25.0 | 24.7 / 32.1 | 21.9 / 29.7 | 25.8 / 33.8 |
/// | 409 | 24.3 / 36.0 | 25.4 / 34.0 | 41.6 / 48.2 | 34.4 / 43.5 |
/// | 571 | 50.1 / 76.2 | 62.4 / 67.6 | 61.0 / 67.6 | 79.0 / 83.1 |
///
/// Byte tables win every batch and most chains. Chunk6 and chunk5 lead some chains by
/// 5–12 %, at 409 and 571 bits, where the byte tables (896 KiB and 1.7 MiB) leave L2.
fn default_half_trace_method(d: u32, n: usize) -> HalfTraceMethod {
    if d % 2 == 1 && Layout::Byte.table_bytes(d as usize, n) > FOLD_ABOVE_BYTES {
        HalfTraceMethod::TableByte
    } else if direct_layout(d, n) == Layout::Byte {
        HalfTraceMethod::Byte
    } else {
        HalfTraceMethod::Nibble
    }
}

/// The layout of the direct tables for degree `d` in `n` words: bytes up to
/// [`BYTE_TABLE_MAX_BYTES`], nibbles above. The batch forms use it when the
/// single-element method folds.
fn direct_layout(d: u32, n: usize) -> Layout {
    if Layout::Byte.table_bytes(d as usize, n) <= BYTE_TABLE_MAX_BYTES {
        Layout::Byte
    } else {
        Layout::Nibble
    }
}

/// The default constant-time half-trace / solver method on this CPU for degree `d`:
/// [`HalfTraceMethod::MaskCt`] with AVX-512 (eight rows per masked `vpxorq`) at every
/// size, except on AMD family 19h (Zen 4, whose AVX-512 runs on 256-bit units), which
/// takes [`HalfTraceMethod::FoldedMaskCt`] on the AVX-512 rows above 320 bits (more than
/// five words); with AVX2 `MaskCt` (its rows' masks made by `vpcmpeqq`, see
/// [`linear_map::backend::x86_64`](super::linear_map::backend::x86_64)) up to 192 bits
/// (three words) and [`HalfTraceMethod::FoldedMaskCt`] (the even bits folded away
/// first, half the rows) above (above 256 bits before session 34's faster folding);
/// without AVX2 (the portable row scan) `FoldedMaskCt` at every size.
/// Before session 30 (the table below) CPUs without AVX2 took `MaskCt` up to 256 bits
/// and [`HalfTraceMethod::NibbleCt`] above.
///
/// Measured on an AMD EPYC Zen 5 (family 26 model 2), restricted with `HALFROOT_CPU`
/// (a stand-in for CPUs without AVX-512 or AVX2: no real Zen 3 was at hand); a chain of
/// dependent single calls (`half_trace_with`), ns, mask-ct / nibble-ct. The AVX2 column
/// is the AVX2 `MaskCt` kernel; before it, AVX2 CPUs took `nibble-ct` above 128 bits:
///
/// | d | native (AVX-512) | `avx2` | `clmul` (no AVX2) |
/// |---|---|---|---|
/// | 41 | 8.8 / 60 | 11.0 / 60 | 30 / 60 |
/// | 127 | 19.1 / 195 | 26.6 / 196 | 156 / 192 |
/// | 163 | 23.2 / 247 | 36.9 / 250 | 264 / 310 |
/// | 233 | 27.9 / 357 | 56.3 / 356 | 381 / 451 |
/// | 283 | 54.8 / 491 | 76.1 / 493 | 649 / 579 |
/// | 409 | 102 / 699 | 133 / 705 | 1315 / 1587 |
/// | 571 | 172 / 1270 | 217 / 1258 | 2104 / 2204 |
///
/// Session 30, on an AMD Zen 1 (AVX2 without AVX-512, PEXT in microcode), `report
/// fields --peers --quick`, one call per element, ns, mask-ct / folded-mask-ct (AVX2
/// rows): 127 bits 57.2 / 93.5, 163 91.6 / 120, 233 159 / 166 and 154 / 151, 283 212 /
/// 199, 409 422 / 292, 571 761 / 490 and 802 / 460: the folds (⌈log₂ d⌉ levels of bit
/// splits, the last ones on single words by shifts on this CPU) cost more than the
/// AVX2 rows they save below 256 bits, less above. With `HALFROOT_CPU=clmul` (the
/// portable rows), the same run: 41 bits 77.3 / 75.5, 127 365 / 237, 233 949 / 576,
/// 571 4921 / 2587 (nibble-ct 4822): the folded rows win at every size. With AVX-512
/// the folds were not measured.
///
/// Session 34, the same Zen 1, after the folding became one pass over α's words
/// ([`half_trace::backend`](super::half_trace::backend): 41 ns at 233 bits against
/// 49–89 before), a chain of dependent `half_trace_with` calls, ns, mask-ct /
/// folded-mask-ct, two runs (a scratch harness beside the library): 127,63,0 53 /
/// 67–77, 163 bits (both polynomials) 83 / 92, 233,74,0 137–138 / 131–132, 233,159,0
/// 137–140 / 130–152, 283 bits 190–192 / 172–175, 409 bits 359–657 / 246–395, 571
/// bits 727–740 / 392–395: the folded rows now win from four words on.
///
/// Session 52, on an AMD EPYC Zen 4 (family 19h model 11h, AVX-512 on 256-bit units),
/// both on the AVX-512 rows, ns, mask-ct / folded-mask-ct. Independent calls
/// (`report fields --quick --peers`) favour the folds from 223 bits (233,159,0 47.2 /
/// 38.4, 409,87,0 123 / 83.8, 571 bits 362–376 / 142–144), but a dependent chain of
/// `half_trace_with` (a scratch program, medians of 9, two runs) favours the unfolded rows
/// up to 283 bits (191,9,0 38.7–44.9 / 48.4–56.7, 233,74,0 49.9–60.5 / 56.8–66.6,
/// 283,12,7,5,0 70.9–81.3 / 82.4–82.5, 283,97,89,87,0 68.9–72.1 / 67.5–70.4) and the
/// folds above (409,87,0 131–134 / 102–110, 571,10,5,2,0 377–427 / 147–156). A halving
/// or a solver inside a scalar multiplication is one call after another, so the chain
/// decides: folds above 320 bits. On the Zen 5 and the Emerald Rapids the folds were not
/// measured against the AVX-512 rows, which stay the default at every size.
pub fn default_half_trace_ct_method(d: u32) -> HalfTraceMethod {
    use super::linear_map::backend::Kernel;
    let kernel = Kernel::detect(Layout::MaskCt);
    #[cfg(target_arch = "x86_64")]
    if matches!(kernel, Kernel::Avx512(_)) {
        return if crate::cpu::amd_family() == Some(0x19) && d > 320 {
            HalfTraceMethod::FoldedMaskCt
        } else {
            HalfTraceMethod::MaskCt
        };
    }
    // (Other targets have the portable kernel only.)
    if matches!(kernel, Kernel::Portable) || d > 192 {
        HalfTraceMethod::FoldedMaskCt
    } else {
        HalfTraceMethod::MaskCt
    }
}

impl<const N: usize, M: ModulusSpec> core::fmt::Debug for BinaryField<N, M> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("BinaryField")
            .field("words", &N)
            .field("exponents", &self.exponents)
            .field("ssrf", &self.ssrf)
            .field("sqrt_algorithm", &self.sqrt_algorithm)
            .finish()
    }
}

impl<const N: usize, M: ModulusSpec> BinaryField<N, M> {
    /// The field defined by `modulus`: an error if `N` words cannot hold its elements
    /// ([`Error::InvalidArgument`]) or if the polynomial is reducible
    /// ([`Error::ReducibleModulus`], saying why).
    pub fn new(modulus: M) -> Result<Self> {
        Self::with_backend(modulus, super::backend::Backend::detect())
    }

    /// As [`BinaryField::new`] with a chosen arithmetic backend; an error also if this
    /// CPU lacks it (for tests and comparisons: every backend gives the same results).
    pub fn with_backend(modulus: M, backend: super::backend::Backend) -> Result<Self> {
        let d = modulus.degree();
        let mut exponents = vec![d];
        exponents.extend_from_slice(modulus.middle_exponents());
        exponents.push(0);
        let text = exponents
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join(",");
        let arith = Arith::<N, M>::with_backend(modulus, backend)?;
        if let Err(reason) = irreducibility(&arith) {
            return Err(Error::ReducibleModulus {
                modulus: text,
                reason,
            });
        }
        let middle = exponents[1..exponents.len() - 1].to_vec();
        let mut x = [0u64; N];
        x[0] = 2;
        let zeta = arith.sqr_n(&x, d - 1);
        let zeta_terms = sqrt::exponents_of(&zeta);
        let ssrf = ssrf_type::classify(d, &middle);
        let ssrf_sqrt = ssrf.map(|t| SsrfSqrt::new(t, &zeta_terms, d, &middle));
        let sqrt_algorithm = if ssrf.is_some() {
            SqrtAlgorithm::Ssrf
        } else {
            SqrtAlgorithm::Zeta
        };
        Ok(BinaryField {
            zeta_sqrt: ZetaSqrt::with_backend(zeta, d, backend),
            trace: Trace::new(d, &middle),
            arith,
            exponents,
            ssrf,
            zeta,
            ssrf_sqrt,
            sqrt_algorithm,
            half_trace_method: default_half_trace_method(d, N),
            half_trace_ct_method: default_half_trace_ct_method(d),
            lazy: Arc::default(),
        })
    }

    /// The arithmetic layer (multiplication, reduction, inversion).
    pub fn arith(&self) -> &Arith<N, M> {
        &self.arith
    }

    /// The defining polynomial.
    pub fn modulus(&self) -> &M {
        self.arith.modulus()
    }

    /// The defining polynomial as a descending exponent list `[d, …, 0]`.
    pub fn exponents(&self) -> &[u32] {
        &self.exponents
    }

    /// ζ = √x.
    pub fn zeta(&self) -> &[u64; N] {
        &self.zeta
    }

    /// The SSRF type of the defining polynomial, if any.
    pub fn ssrf_type(&self) -> Option<SsrfType> {
        self.ssrf
    }

    /// The algorithm [`BinaryFieldOps::sqrt`] uses (the fastest supported one).
    pub fn sqrt_algorithm(&self) -> SqrtAlgorithm {
        self.sqrt_algorithm
    }

    /// The trace vector (bit i is Tr(x^i)).
    pub fn trace_vector(&self) -> &[u64; N] {
        self.trace.vector()
    }

    /// How the trace is computed.
    pub fn trace_method(&self) -> TraceMethod {
        self.trace.method()
    }

    /// `Tr(a)` through the trace vector, whatever [`Self::trace_method`] is.
    pub fn trace_by_vector(&self, a: &[u64; N]) -> u8 {
        self.trace.trace_by_vector(a)
    }

    /// Whether `a` is a reduced element (no bit at position ≥ d).
    pub fn is_element(&self, a: &[u64; N]) -> bool {
        self.arith.is_reduced(a)
    }

    /// `√a` by a chosen algorithm; [`Error::UnsupportedAlgorithm`] if it does not apply.
    #[inline]
    pub fn sqrt_with(&self, algorithm: SqrtAlgorithm, a: &[u64; N]) -> Result<[u64; N]> {
        match algorithm {
            SqrtAlgorithm::Fermat => Ok(fermat::sqrt(&self.arith, a)),
            SqrtAlgorithm::Zeta => Ok(self.zeta_sqrt.sqrt(&self.arith, a)),
            SqrtAlgorithm::Ssrf => match &self.ssrf_sqrt {
                Some(s) => Ok(s.sqrt_mod(self.arith.modulus(), a)),
                None => Err(Error::UnsupportedAlgorithm {
                    algorithm: algorithm.name().into(),
                    reason: format!(
                        "the polynomial {} is not special square-root friendly",
                        self.exponents_text()
                    ),
                }),
            },
        }
    }

    /// `H(a)` by a chosen method; `None` for even d.
    pub fn half_trace_with(&self, method: HalfTraceMethod, a: &[u64; N]) -> Option<[u64; N]> {
        if self.degree().is_multiple_of(2) {
            return None;
        }
        Some(match method {
            HalfTraceMethod::Naive => naive::half_trace(&self.arith, a),
            _ => self.apply_linear(method, a, true),
        })
    }

    /// A root of λ² + λ = α by a chosen table method (`Naive` means the naive
    /// half-trace for odd d and the default table for even d); `None` iff Tr(α) = 1.
    pub fn solve_with(&self, method: HalfTraceMethod, alpha: &[u64; N]) -> Option<[u64; N]> {
        if self.trace.trace(alpha) == 1 {
            return None;
        }
        Some(match method {
            HalfTraceMethod::Naive if self.degree() % 2 == 1 => {
                naive::half_trace(&self.arith, alpha)
            }
            HalfTraceMethod::Naive => self.apply_linear(self.half_trace_method, alpha, false),
            m => self.apply_linear(m, alpha, false),
        })
    }

    /// `out[i] = a[i]·b[i]` for every i. The batch operations (`*_many`) compute
    /// exactly what their single-element forms compute, with the loop over the elements
    /// inside one function compiled for the CPU's instructions, so that independent
    /// operations overlap instead of paying a call each. Every one returns
    /// [`Error::InvalidArgument`] (and writes nothing) if its slices' lengths differ.
    pub fn mul_many(&self, a: &[[u64; N]], b: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        self.arith.mul_many(a, b, out)
    }

    /// `out[i] = a[i]²` for every i (see [`BinaryField::mul_many`]). For a
    /// compile-time spec on a CPU with AVX-512 VBMI2, VPCLMULQDQ and GFNI, eight
    /// elements per pass by the word-sliced kernel
    /// (`avx512_sliced`); constant-time either way.
    pub fn sqr_many(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        self.arith.sqr_many(a, out)
    }

    /// `out[i] = 1/a[i]` for every nonzero `a[i]`, `out[i] = 0` for `a[i] = 0`, by
    /// Montgomery's simultaneous inversion (3 multiplications per element and one
    /// constant-time inversion per 64 elements; see [`Arith::inv_many`]). Returns the
    /// number of zero inputs. Constant-time (zeros handled with masks; only the count
    /// reveals how many there were). An error if the lengths differ (`out` untouched).
    pub fn inv_many(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<usize> {
        self.arith.inv_many(a, out)
    }

    /// As [`BinaryField::inv_many`] with the variable-time inversion once per 64
    /// elements ([`Arith::inv_many_vartime`]). Not for secret operands.
    pub fn inv_many_vartime(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<usize> {
        self.arith.inv_many_vartime(a, out)
    }

    /// `out[i] = √a[i]` for every i by the field's algorithm (see
    /// [`BinaryField::mul_many`]). Constant-time as [`BinaryFieldOps::sqrt`]. For a
    /// compile-time spec on a CPU with AVX-512 VBMI2, VPCLMULQDQ and GFNI, both the
    /// type I SSRF and the ζ method run eight elements per pass in the word-sliced
    /// kernels (`avx512_sliced`).
    pub fn sqrt_many(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        check_batch("out", out.len(), a.len())?;
        match &self.ssrf_sqrt {
            Some(s) => s.sqrt_mod_many(self.arith.modulus(), a, out),
            None => self.zeta_sqrt.sqrt_many(&self.arith, a, out),
        }
        Ok(())
    }

    /// `out[i] = Tr(a[i])` for every i (see [`BinaryField::mul_many`]).
    #[inline]
    pub fn trace_many(&self, a: &[[u64; N]], out: &mut [u8]) -> Result<()> {
        check_batch("out", out.len(), a.len())?;
        self.trace.trace_many(a, out);
        Ok(())
    }

    /// `out[i] = H(a[i])` for every i, constant-time (see [`BinaryField::mul_many`]);
    /// [`Error::UnsupportedAlgorithm`] for even d, where the half-trace is not defined.
    /// With GFNI and AVX-512 the whole batch goes through an [`AffineMap`] (one
    /// GF2P8AFFINEQB per 8×8 block, eight elements at a time); without them through the
    /// constant-time table ([`BinaryField::half_trace_ct_method`]).
    pub fn half_trace_many(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        check_batch("out", out.len(), a.len())?;
        if self.degree().is_multiple_of(2) {
            return Err(even_half_trace_error(self.degree()));
        }
        if let Some(bm) = self.batch_blocks() {
            return bm.apply_many(a, out);
        }
        self.ct_map().apply_many(a, out)
    }

    /// As [`BinaryField::half_trace_many`] by the fastest method, which without GFNI is
    /// the default table method (cache-timing: for public values).
    pub fn half_trace_many_vartime(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        check_batch("out", out.len(), a.len())?;
        if self.degree().is_multiple_of(2) {
            return Err(even_half_trace_error(self.degree()));
        }
        if let Some(bm) = self.batch_blocks() {
            return bm.apply_many(a, out);
        }
        self.table_map_many(a, out, true)
    }

    /// The linear map of the default table method on a batch (the direct table, or
    /// element by element for the folding methods), with the half-trace correction
    /// when `half_trace`. Cache-timing.
    fn table_map_many(&self, a: &[[u64; N]], out: &mut [[u64; N]], half_trace: bool) -> Result<()> {
        match self.default_direct_map() {
            Some(map) => map.apply_many(a, out)?,
            // The single-element method folds (odd d, `FOLD_ABOVE_BYTES`); the batch
            // keeps the direct tables, whose lookups overlap across elements. (The map
            // is the half-trace itself for odd d: no correction to add.)
            None if self.degree() % 2 == 1 => {
                self.direct_map(direct_layout(self.degree(), N))
                    .apply_many(a, out)?;
            }
            None => {
                for (o, x) in out.iter_mut().zip(a) {
                    *o = self.apply_linear(self.half_trace_method, x, half_trace);
                }
            }
        }
        Ok(())
    }

    /// `solvable[i]` = whether Tr(a\[i\]) = 0.
    fn fill_solvable(&self, a: &[[u64; N]], solvable: &mut [bool]) {
        for (s, x) in solvable.iter_mut().zip(a) {
            *s = self.trace.trace(x) == 0;
        }
    }

    /// `out[i]` = a root of λ² + λ = a\[i\] (as [`BinaryFieldOps::solve_quadratic`]),
    /// `None` exactly where Tr(a\[i\]) = 1; for odd and even d (see
    /// [`BinaryField::mul_many`]). Constant-time except that the `Option`s reveal the
    /// traces. Built on [`BinaryField::solve_many_split`], 64 elements at a time, the
    /// `Option`s made by `then_some` (`select_unpredictable` measured 10.7 ns per
    /// element at 163 bits against 5.25: it builds both).
    pub fn solve_many(&self, a: &[[u64; N]], out: &mut [Option<[u64; N]>]) -> Result<()> {
        self.solve_many_with(a, out, false)
    }

    /// As [`BinaryField::solve_many`] by the fastest method (see
    /// [`BinaryField::solve_many_split_vartime`]).
    pub fn solve_many_vartime(&self, a: &[[u64; N]], out: &mut [Option<[u64; N]>]) -> Result<()> {
        self.solve_many_with(a, out, true)
    }

    fn solve_many_with(
        &self,
        a: &[[u64; N]],
        out: &mut [Option<[u64; N]>],
        vartime: bool,
    ) -> Result<()> {
        check_batch("out", out.len(), a.len())?;
        const CHUNK: usize = 64;
        let mut roots = [[0u64; N]; CHUNK];
        let mut ok = [false; CHUNK];
        for (xs, os) in a.chunks(CHUNK).zip(out.chunks_mut(CHUNK)) {
            let (r, k) = (&mut roots[..xs.len()], &mut ok[..xs.len()]);
            if vartime {
                self.solve_many_split_vartime(xs, r, k)?;
            } else {
                self.solve_many_split(xs, r, k)?;
            }
            for ((o, r), &k) in os.iter_mut().zip(r.iter()).zip(k.iter()) {
                *o = k.then_some(*r);
            }
        }
        Ok(())
    }

    /// The batch solver in struct-of-arrays form: `solvable[i]` = whether
    /// λ² + λ = a\[i\] has roots (Tr(a\[i\]) = 0) and, where it does, `roots[i]` = the
    /// root [`BinaryFieldOps::solve_quadratic`] returns. Where it does not, `roots[i]`
    /// is the solver's linear map at a\[i\]: for odd d a root of λ² + λ = a\[i\] + 1,
    /// for even d unspecified. Constant-time. With GFNI + AVX-512 the traces come out of
    /// the same pass as the roots: the trace is one more row of the solver's block
    /// matrix (bit 0 of the byte above the roots' bytes), split off as the flag
    /// ([`AffineMap::apply_many_split_byte`]), so this costs hardly more than
    /// [`BinaryField::half_trace_many`]; when there is no spare byte (⌈d/8⌉ = 8·N,
    /// e.g. 571 bits in 9 words) the pass ANDs the words it loads with the trace
    /// vector instead ([`AffineMap::apply_many_with_parity`]). Without GFNI, the
    /// constant-time table. For odd and even d; [`Error::InvalidArgument`] if the
    /// lengths differ.
    ///
    /// ```
    /// use halfroot::binary::spec::Nist163;
    /// use halfroot::binary::field::BinaryField;
    /// use halfroot::field::Field;
    /// let f = BinaryField::<3, Nist163>::new(Nist163).expect("field");
    /// let a = [[2u64, 0, 0], [1, 0, 0]]; // x (trace 0) and 1 (trace 1: d is odd)
    /// let (mut roots, mut solvable) = ([[0u64; 3]; 2], [false; 2]);
    /// f.solve_many_split(&a, &mut roots, &mut solvable).expect("lengths");
    /// assert_eq!(solvable, [true, false]);
    /// assert_eq!(f.add(&f.sqr(&roots[0]), &roots[0]), a[0]);
    /// ```
    pub fn solve_many_split(
        &self,
        a: &[[u64; N]],
        roots: &mut [[u64; N]],
        solvable: &mut [bool],
    ) -> Result<()> {
        if self.solve_split_blocks(a, roots, solvable)? {
            return Ok(());
        }
        self.ct_map().apply_many(a, roots)?;
        self.fill_solvable(a, solvable);
        Ok(())
    }

    /// As [`BinaryField::solve_many_split`] by the fastest method: without GFNI the
    /// default table method (cache-timing: for public values).
    pub fn solve_many_split_vartime(
        &self,
        a: &[[u64; N]],
        roots: &mut [[u64; N]],
        solvable: &mut [bool],
    ) -> Result<()> {
        if self.solve_split_blocks(a, roots, solvable)? {
            return Ok(());
        }
        self.table_map_many(a, roots, false)?;
        self.fill_solvable(a, solvable);
        Ok(())
    }

    /// The GFNI pass of the split solvers; `false` (nothing written) without GFNI.
    fn solve_split_blocks(
        &self,
        a: &[[u64; N]],
        roots: &mut [[u64; N]],
        solvable: &mut [bool],
    ) -> Result<bool> {
        check_batch("roots", roots.len(), a.len())?;
        check_batch("solvable", solvable.len(), a.len())?;
        if let Some(bm) = self.solve_batch_blocks() {
            // Bit 0 of byte ⌈d/8⌉ is the trace: 0 = solvable.
            let byte = (self.degree() as usize).div_ceil(8);
            bm.apply_many_split_byte(a, roots, byte, solvable)?;
            return Ok(true);
        }
        if let Some(bm) = self.batch_blocks() {
            // parity = Tr(a[i]) = 1, i.e. no root.
            bm.apply_many_with_parity(a, roots, self.trace.vector(), solvable)?;
            for s in solvable.iter_mut() {
                *s = !*s;
            }
            return Ok(true);
        }
        Ok(false)
    }

    /// The GFNI block matrix of the half-trace (odd d) / solver map (even d), built on
    /// first use, if this CPU has the GFNI kernel ([`AffineKernel::detect`]).
    /// Measured (scratch timing, batches of 64, ns per element, NIST 163 / 233 / 283 /
    /// 409 / 571): 5.3 / 8.1 / 12.6 / 24.6 / 48 against 6.6 / 9.8 / 23.4 / 39.3 / 83 for
    /// the byte tables, and 0.57 / 1.3 against 1.7 / 4.0 at 41 / 83 bits: the blocks win
    /// at every size, so the batch forms use them whenever the CPU has GFNI.
    fn batch_blocks(&self) -> Option<&AffineMap<N>> {
        self.lazy
            .blocks
            .get_or_init(|| {
                AffineKernel::detect()
                    .is_accelerated()
                    .then(|| AffineMap::new(self.images()))
            })
            .as_ref()
    }

    /// The solver's GFNI block matrix with the trace functional as one more output
    /// row, bit 0 of byte ⌈d/8⌉ (bit 8⌈d/8⌉ of column i = Tr(x^i)), if this CPU has the
    /// GFNI kernel and that byte exists (⌈d/8⌉ < 8·N). Measured at NIST 163
    /// (`halfroot report`, batches of 64): see the `Solve` column against `Eq` (the
    /// half-trace alone).
    fn solve_batch_blocks(&self) -> Option<&AffineMap<N>> {
        self.lazy
            .solve_blocks
            .get_or_init(|| {
                let at = 8 * (self.degree() as usize).div_ceil(8);
                (AffineKernel::detect().is_accelerated() && at < 64 * N).then(|| {
                    let tr = self.trace.vector();
                    let columns: Vec<[u64; N]> = self
                        .images()
                        .iter()
                        .enumerate()
                        .map(|(i, c)| {
                            let mut c = *c;
                            c[at / 64] |= ((tr[i / 64] >> (i % 64)) & 1) << (at % 64);
                            c
                        })
                        .collect();
                    AffineMap::new(&columns)
                })
            })
            .as_ref()
    }

    /// The direct table of the default method, if that method is a direct one.
    fn default_direct_map(&self) -> Option<&LinearMap<N>> {
        let m = self.half_trace_method;
        let layout = m.layout()?;
        (!m.folds()).then(|| {
            self.lazy
                .default_map
                .get_or_init(|| LinearMap::new(self.images(), layout))
        })
    }

    /// The table method [`BinaryFieldOps::half_trace`] and
    /// [`BinaryFieldOps::solve_quadratic`] use.
    pub fn half_trace_method(&self) -> HalfTraceMethod {
        self.half_trace_method
    }

    /// The constant-time method [`BinaryFieldOps::half_trace`] and
    /// [`BinaryFieldOps::solve_quadratic`] use.
    pub fn half_trace_ct_method(&self) -> HalfTraceMethod {
        self.half_trace_ct_method
    }

    /// The constant-time table of the half-trace (odd d) / solver (even d).
    fn ct_map(&self) -> &LinearMap<N> {
        self.direct_map(self.half_trace_ct_method.layout().unwrap_or(Layout::MaskCt))
    }

    /// Builds the half-trace / solver tables (the table method's and the constant-time
    /// one's) now rather than on first use.
    pub fn precompute(&self) {
        let _ = self.apply_linear(self.half_trace_method, &[0u64; N], false);
        let _ = self.ct_map();
    }

    /// What the field chose at construction.
    pub fn info(&self) -> FieldInfo {
        let d = self.degree();
        let zeta_exponents = sqrt::exponents_of(&self.zeta);
        let sqrt_reason = match self.ssrf {
            Some(t) if t.reduction_free() => format!(
                "type {t} SSRF polynomial: ζ has weight {} and degree ≤ d/2 + 1, so ζ·α_odd needs no reduction",
                zeta_exponents.len()
            ),
            Some(t) => format!(
                "type {t} SSRF trinomial: ζ has weight {}, one short fold by x^m + 1",
                zeta_exponents.len()
            ),
            None => format!(
                "not SSRF: ζ has weight {}, ζ·α_odd then reduction beats {} squarings",
                zeta_exponents.len(),
                d - 1
            ),
        };
        let zeta_multiplication = if self.zeta_sqrt.is_sparse() {
            format!("sparse shift-xor ({} terms)", zeta_exponents.len())
        } else {
            format!(
                "carry-less product by ζ (weight {}; sparse shift-xor only up to weight {} without PCLMULQDQ+BMI2)",
                zeta_exponents.len(),
                sqrt::zeta::SPARSE_MAX_WEIGHT
            )
        };
        FieldInfo {
            degree: d,
            exponents: self.exponents.clone(),
            ssrf_type: self.ssrf,
            zeta_weight: zeta_exponents.len(),
            zeta_degree: zeta_exponents.first().copied().unwrap_or(0),
            zeta_exponents,
            sqrt_algorithm: self.sqrt_algorithm,
            sqrt_reason,
            zeta_multiplication,
            split_backend: backend::backend_name(),
            mul_backend: self.arith.backend().name(),
            cpu: crate::cpu::describe(),
            trace_method: self.trace.method(),
            trace_vector_weight: self.trace.vector().iter().map(|w| w.count_ones()).sum(),
            half_trace_method: self.half_trace_method,
            half_trace_ct_method: self.half_trace_ct_method,
            half_trace_table_bytes: (d % 2 == 1).then(|| self.method_table_bytes()),
            even_solver: d.is_multiple_of(2).then(|| {
                format!(
                    "Gaussian-elimination preimages of a trace-zero basis, {} table ({} bytes)",
                    self.half_trace_method,
                    self.method_table_bytes()
                )
            }),
        }
    }

    fn method_table_bytes(&self) -> usize {
        let d = self.degree() as usize;
        let m = self.half_trace_method;
        match m.layout() {
            None => 0,
            Some(l) if m.folds() => l.table_bytes(d / 2, N) + 8 * N,
            Some(l) => l.table_bytes(d, N),
        }
    }

    fn exponents_text(&self) -> String {
        self.exponents
            .iter()
            .map(|e| e.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }

    /// G(x^k) for every k < d: H(x^k) for odd d, the Gaussian-elimination preimage
    /// map S(x^k) for even d (see [`quadratic::artin_schreier_preimages`]).
    fn images(&self) -> &[[u64; N]] {
        self.lazy.images.get_or_init(|| self.build_images())
    }

    fn build_images(&self) -> Vec<[u64; N]> {
        let d = self.degree();
        let pre = quadratic::artin_schreier_preimages(&self.arith);
        let s_of = |k: u32| pre.get(k as usize).copied().flatten().unwrap_or([0u64; N]);
        if d.is_multiple_of(2) {
            return (0..d).map(s_of).collect();
        }
        // Odd d: H(β) for Tr(β) = 0 is the trace-zero root S(β) + Tr(S(β)); for
        // Tr(β) = 1, H(β) = H(β + 1) + H(1) with H(1) = (d + 1)/2 mod 2.
        let h1 = (d.div_ceil(2) % 2) as u64;
        (0..d)
            .map(|k| {
                let i = k as usize;
                let tr = ((self.trace.vector()[i / 64] >> (i % 64)) & 1) as u8;
                let mut s = s_of(k);
                if tr == 1 {
                    let s0 = s_of(0);
                    for (x, y) in s.iter_mut().zip(s0.iter()) {
                        *x ^= y;
                    }
                }
                s[0] ^= self.trace.trace(&s) as u64;
                if tr == 1 {
                    s[0] ^= h1;
                }
                s
            })
            .collect()
    }

    /// Evaluates the linear map of a table `method` (`Naive` means the field's default
    /// method); for the folding methods with `half_trace`, and for odd d always (the
    /// solver's root is then the half-trace, as the direct tables give it), adds the
    /// Tr(S) correction that turns G' into H.
    #[inline]
    fn apply_linear(&self, method: HalfTraceMethod, a: &[u64; N], half_trace: bool) -> [u64; N] {
        let method = match method {
            HalfTraceMethod::Naive => self.half_trace_method,
            m => m,
        };
        if method == self.half_trace_method && !method.folds() {
            let map = self.lazy.default_map.get_or_init(|| {
                LinearMap::new(self.images(), method.layout().unwrap_or(Layout::Byte))
            });
            return map.apply(a);
        }
        let layout = method.layout().unwrap_or(Layout::Nibble);
        if method.folds() {
            let slot = match layout {
                Layout::Byte => 1,
                Layout::MaskCt => 2,
                _ => 0,
            };
            let t = self.lazy.folded[slot].get_or_init(|| {
                let images = self.images();
                SolveTable::new(self.degree(), layout, |k| {
                    images.get(k as usize).copied().unwrap_or([0u64; N])
                })
            });
            let (mut h, s) = t.apply(a);
            // For odd d the solver's root is the half-trace too, so that every method
            // (the folded ones, the direct tables, the GFNI blocks) gives the same root.
            if half_trace || self.degree() % 2 == 1 {
                h[0] ^= BinaryFieldOps::trace(self, &s) as u64;
            }
            h
        } else {
            self.direct_map(layout).apply(a)
        }
    }

    /// The direct table of the half-trace (odd d) or solver map (even d) in a layout,
    /// built on first use.
    pub fn direct_map(&self, layout: Layout) -> &LinearMap<N> {
        let m = self.half_trace_method;
        if !m.folds() && m.layout() == Some(layout) {
            return self
                .lazy
                .default_map
                .get_or_init(|| LinearMap::new(self.images(), layout));
        }
        let slot = Layout::ALL.iter().position(|&l| l == layout).unwrap_or(0);
        self.lazy.direct[slot].get_or_init(|| LinearMap::new(self.images(), layout))
    }
}

impl<const N: usize, M: ModulusSpec> Field for BinaryField<N, M> {
    type Elem = [u64; N];
    fn zero(&self) -> [u64; N] {
        [0u64; N]
    }
    fn one(&self) -> [u64; N] {
        let mut r = [0u64; N];
        r[0] = 1;
        r
    }
    fn add(&self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        let mut r = *a;
        for (x, y) in r.iter_mut().zip(b.iter()) {
            *x ^= y;
        }
        r
    }
    fn sub(&self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        self.add(a, b)
    }
    fn neg(&self, a: &[u64; N]) -> [u64; N] {
        *a
    }
    // `inline(always)`: on the default backend the product and the square of a 2–4-word
    // spec are inlined kernels (`backend::InlineReduction`), worth it only if they reach
    // the curve formulas that call them (measured on Zen 5: 6.1 ns against 12.8 ns for a
    // 233-bit square chain when LLVM left this call in place).
    #[inline(always)]
    fn mul(&self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        self.arith.mul(a, b)
    }
    #[inline(always)]
    fn sqr(&self, a: &[u64; N]) -> [u64; N] {
        self.arith.sqr(a)
    }
    fn inv(&self, a: &[u64; N]) -> Option<[u64; N]> {
        self.arith.inv(a)
    }
    fn inv_or_zero(&self, a: &[u64; N]) -> [u64; N] {
        self.arith.inv_or_zero(a)
    }
    fn is_zero(&self, a: &[u64; N]) -> bool {
        a.iter().all(|&w| w == 0)
    }
    fn random(&self, rng: &mut dyn RngCore) -> [u64; N] {
        let d = self.degree() as usize;
        let mut r = [0u64; N];
        for (i, w) in r.iter_mut().enumerate() {
            if 64 * i < d {
                let v = rng.next_u64();
                *w = if 64 * (i + 1) <= d {
                    v
                } else {
                    v & ((1u64 << (d - 64 * i)) - 1)
                };
            }
        }
        r
    }
    fn pow_vartime(&self, a: &[u64; N], e: &[u64]) -> [u64; N] {
        self.arith.pow_vartime(a, e)
    }
    fn ct_eq(&self, a: &[u64; N], b: &[u64; N]) -> Choice {
        crate::field::ct_eq_words(a, b)
    }
    fn ct_lookup_rows<const W: usize>(&self, table: &[[[u64; N]; W]], index: u32) -> [[u64; N]; W] {
        crate::field::ct_lookup_word_rows(table, index)
    }
    fn select(&self, a: &[u64; N], b: &[u64; N], choice: Choice) -> [u64; N] {
        crate::field::select_words(a, b, choice)
    }
    fn encoded_len(&self) -> usize {
        (self.degree() as usize).div_ceil(8)
    }
    fn encode(&self, a: &[u64; N]) -> Vec<u8> {
        crate::field::words_to_be_bytes(a, self.encoded_len())
    }
    fn decode(&self, bytes: &[u8]) -> Result<[u64; N]> {
        let mut r = [0u64; N];
        let what = format!("element of F_2^{}", self.degree());
        crate::field::be_bytes_to_words(bytes, self.encoded_len(), &what, &mut r)?;
        if !self.arith.is_reduced(&r) {
            return Err(Error::InvalidEncoding {
                what,
                reason: format!("a bit at or above position {} is set", self.degree()),
            });
        }
        Ok(r)
    }
    fn mul_many(&self, a: &[[u64; N]], b: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        BinaryField::mul_many(self, a, b, out)
    }
    fn sqr_many(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        BinaryField::sqr_many(self, a, out)
    }
    fn inv_many(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<usize> {
        BinaryField::inv_many(self, a, out)
    }
}

impl<const N: usize, M: ModulusSpec> BinaryFieldOps for BinaryField<N, M> {
    fn degree(&self) -> u32 {
        self.arith.degree()
    }
    fn is_element(&self, a: &[u64; N]) -> bool {
        self.arith.is_reduced(a)
    }
    #[inline]
    fn sqrt(&self, a: &[u64; N]) -> [u64; N] {
        match &self.ssrf_sqrt {
            Some(s) => s.sqrt_mod(self.arith.modulus(), a),
            None => self.zeta_sqrt.sqrt(&self.arith, a),
        }
    }
    #[inline]
    fn trace(&self, a: &[u64; N]) -> u8 {
        // A compile-time spec with a sparse trace vector: its bits as constants (a shift
        // and an XOR per bit with immediate counts, as c-xs233's `gf_trace`).
        let (bits, count) = M::TRACE_FEW_BITS;
        if count > 0 && count <= 4 {
            // Each bit masked on its own (not one mask at the end), which lets the
            // compiler see Tr's dependence on each word bit by bit.
            let mut acc = 0u64;
            let mut i = 0;
            while i < count {
                let b = bits[i] as usize;
                if b / 64 < N {
                    acc ^= (a[b / 64] >> (b % 64)) & 1;
                }
                i += 1;
            }
            return acc as u8;
        }
        self.trace.trace(a)
    }
    fn half_trace(&self, a: &[u64; N]) -> Option<[u64; N]> {
        if self.degree().is_multiple_of(2) {
            return None;
        }
        if self.half_trace_ct_method.folds() {
            return Some(self.apply_linear(self.half_trace_ct_method, a, true));
        }
        Some(self.ct_map().apply(a))
    }
    fn half_trace_vartime(&self, a: &[u64; N]) -> Option<[u64; N]> {
        if self.degree().is_multiple_of(2) {
            return None;
        }
        Some(self.apply_linear(self.half_trace_method, a, true))
    }
    fn half_trace_of_sqrt_vartime(&self, a: &[u64; N]) -> Option<[u64; N]> {
        if self.degree().is_multiple_of(2) {
            return None;
        }
        let method = self.half_trace_method;
        match method.layout() {
            Some(layout) if !method.folds() => {
                let map = self.lazy.sqrt_half_trace_map.get_or_init(|| {
                    // Column k: H(√(x^k)) = √H(x^k).
                    let columns: Vec<[u64; N]> = self
                        .images()
                        .iter()
                        .map(|h| BinaryFieldOps::sqrt(self, h))
                        .collect();
                    LinearMap::new(&columns, layout)
                });
                Some(map.apply(a))
            }
            _ => self.half_trace_vartime(&BinaryFieldOps::sqrt(self, a)),
        }
    }
    fn solve_quadratic(&self, alpha: &[u64; N]) -> Option<[u64; N]> {
        let root = if self.half_trace_ct_method.folds() {
            self.apply_linear(self.half_trace_ct_method, alpha, false)
        } else {
            self.ct_map().apply(alpha)
        };
        (BinaryFieldOps::trace(self, alpha) == 0).then_some(root)
    }
    fn solve_quadratic_vartime(&self, alpha: &[u64; N]) -> Option<[u64; N]> {
        if BinaryFieldOps::trace(self, alpha) == 1 {
            return None;
        }
        Some(self.apply_linear(self.half_trace_method, alpha, false))
    }
    fn sqrt_many(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        BinaryField::sqrt_many(self, a, out)
    }
    fn trace_many(&self, a: &[[u64; N]], out: &mut [u8]) -> Result<()> {
        BinaryField::trace_many(self, a, out)
    }
    fn half_trace_many(&self, a: &[[u64; N]], out: &mut [[u64; N]]) -> Result<()> {
        BinaryField::half_trace_many(self, a, out)
    }
    fn solve_quadratic_many(&self, a: &[[u64; N]], out: &mut [Option<[u64; N]>]) -> Result<()> {
        BinaryField::solve_many(self, a, out)
    }
}

/// Whether `modulus` is irreducible (Rabin's test, see [`irreducibility`]); to be
/// replaced by `crate::gf2poly`'s test. `false` if `N` words cannot hold it.
#[allow(dead_code)]
fn is_irreducible<const N: usize, M: ModulusSpec>(modulus: &M) -> bool {
    Arith::<N, M>::new(modulus.clone())
        .map(|arith| irreducibility(&arith).is_ok())
        .unwrap_or(false)
}

/// Rabin's test on the modulus of `arith`; on failure, the reason (the smallest degree
/// of an irreducible factor, found by distinct-degree factorisation).
fn irreducibility<const N: usize, M: ModulusSpec>(
    arith: &Arith<N, M>,
) -> core::result::Result<(), String> {
    let d = arith.degree();
    let mut x = [0u64; N];
    x[0] = 2;
    let reducible = || match smallest_factor_degree(arith) {
        Some(k) => Err(format!("it has an irreducible factor of degree {k}")),
        None => Err(format!("x^(2^{d}) != x mod P")),
    };
    if arith.sqr_n(&x, d) != x {
        return reducible();
    }
    for q in crate::numbers::prime_factors(d as usize)
        .into_iter()
        .map(|q| q as u32)
    {
        let mut h = arith.sqr_n(&x, d / q);
        h[0] ^= 2;
        if gcd_degree(h.to_vec(), modulus_bits(arith)) > 0 {
            return reducible();
        }
    }
    Ok(())
}

/// The smallest k ≤ d/2 with gcd(x^(2^k) − x, P) ≠ 1, i.e. the smallest degree of an
/// irreducible factor of P, if P is reducible.
fn smallest_factor_degree<const N: usize, M: ModulusSpec>(arith: &Arith<N, M>) -> Option<u32> {
    let d = arith.degree();
    let p = modulus_bits(arith);
    let mut x = [0u64; N];
    x[0] = 2;
    let mut h = x;
    for k in 1..=d / 2 {
        h = arith.sqr(&h);
        let mut g = h;
        g[0] ^= 2;
        if gcd_degree(g.to_vec(), p.clone()) > 0 {
            return Some(k);
        }
    }
    None
}

/// P as a dense bit vector of ⌊d/64⌋ + 1 words.
fn modulus_bits<const N: usize, M: ModulusSpec>(arith: &Arith<N, M>) -> Vec<u64> {
    let d = arith.degree() as usize;
    let mut p = vec![0u64; d / 64 + 1];
    for e in arith
        .modulus()
        .middle_exponents()
        .iter()
        .map(|&e| e as usize)
        .chain([0, d])
    {
        p[e / 64] |= 1u64 << (e % 64);
    }
    p
}

fn poly_degree(v: &[u64]) -> Option<usize> {
    v.iter()
        .enumerate()
        .rev()
        .find(|(_, &w)| w != 0)
        .map(|(i, &w)| 64 * i + 63 - w.leading_zeros() as usize)
}

/// The degree of gcd(a, b) in F_2[X] (b ≠ 0), by Euclid with shift-and-xor division.
fn gcd_degree(a: Vec<u64>, b: Vec<u64>) -> usize {
    let len = a.len().max(b.len());
    let (mut a, mut b) = (a, b);
    a.resize(len, 0);
    b.resize(len, 0);
    loop {
        let Some(db) = poly_degree(&b) else {
            return poly_degree(&a).unwrap_or(0);
        };
        while let Some(da) = poly_degree(&a) {
            if da < db {
                break;
            }
            sqrt::xor_shifted(&mut a, &b, da - db);
        }
        core::mem::swap(&mut a, &mut b);
    }
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;
    use crate::binary::modulus::Modulus;

    fn field<const N: usize>(text: &str) -> Result<BinaryField<N, Modulus>> {
        BinaryField::<N, Modulus>::new(Modulus::parse(text).expect("parse"))
    }

    fn reducible_moduli_are_rejected_with_factor_degree() {
        // x^4 + x^2 + 1 = (x^2 + x + 1)^2.
        let e = field::<1>("4,2,0").expect_err("reducible").to_string();
        assert!(e.contains("factor of degree 2"), "{e}");
        // x^6 + … + x + 1 = (x^7 + 1)/(x + 1) = (x^3 + x + 1)(x^3 + x^2 + 1).
        let e = field::<1>("6,5,4,3,2,1,0")
            .expect_err("reducible")
            .to_string();
        assert!(e.contains("factor of degree 3"), "{e}");
        assert!(field::<3>("163,57,49,29,0").is_ok());
        assert!(field::<3>("163,7,6,3,0").is_ok());
        assert!(field::<2>("163,7,6,3,0").is_err());
        // x^3 + x^2 + x + 1 = (x + 1)^3.
        let e = field::<1>("3,2,1,0").expect_err("reducible").to_string();
        assert!(e.contains("degree 1"), "{e}");
    }

    fn is_irreducible_matches_known_polynomials() {
        let m = |t: &str| Modulus::parse(t).expect("parse");
        assert!(is_irreducible::<3, Modulus>(&m("163,7,6,3,0")));
        assert!(!is_irreducible::<3, Modulus>(&m("163,7,6,2,0")));
        assert!(!is_irreducible::<2, Modulus>(&m("163,7,6,3,0")));
    }

    fn gcd_degree_matches_known_factorisations() {
        // gcd(x^2 + 1, x + 1) = x + 1.
        assert_eq!(gcd_degree(vec![0b101], vec![0b11]), 1);
        // gcd(x^3 + x + 1, x^2 + x + 1) = 1.
        assert_eq!(gcd_degree(vec![0b1011], vec![0b111]), 0);
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        (
            "reducible_moduli_are_rejected_with_factor_degree",
            reducible_moduli_are_rejected_with_factor_degree,
        ),
        (
            "is_irreducible_matches_known_polynomials",
            is_irreducible_matches_known_polynomials,
        ),
        (
            "gcd_degree_matches_known_factorisations",
            gcd_degree_matches_known_factorisations,
        ),
    ];
}
