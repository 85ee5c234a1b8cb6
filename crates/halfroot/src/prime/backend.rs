//! Accelerated kernels for GF(p) arithmetic, chosen once per field at run time.
//!
//! The portable kernels of `montgomery::mul` are always compiled and are
//! the oracle; on x86-64 with BMI2 + ADX, [`AdxToken`] unlocks the MULX/ADCX/ADOX
//! Montgomery products of `backend::x86_64::mont_adx` for 3, 4, 6 and 8 limbs (tests
//! `mont_mul_adx_matches_portable`). CPU features are detected once and cached.
//!
//! Dispatch (fastest measured, examples/prime_arith_min): N = 3 — by pointer, final
//! subtraction in registers, top limb below 2^64 − 1; N = 4 — operands by pointer,
//! final subtraction in registers (`_full` variant when p's top limb is 2^64 − 1);
//! N = 6 — by pointer, or the copied-operand `_full` kernel for a top limb 2^64 − 1
//! (P-384); N = 8 — copied operands, top limb below 2^64 − 1 only. Squaring:
//! dedicated N = 3 and N = 4 kernels (cross products once, doubling and diagonal on
//! the two carry chains), any odd p; the N = 3 one takes its operand in registers
//! (no store and reload of the dependent value in a chain of squares). For p below
//! 2^190 in 3 limbs, exponentiations use almost-Montgomery kernels without the final
//! subtraction (`mont_sqr_lazy_3`, `mont_mul_lazy_3`: values stay in [0, 2p), one
//! subtraction at the end), which measured 11.4 against 14.3 ns per dependent square.
//!
//! AVX-512 IFMA was tried for N = 8 (10 limbs of 52 bits, almost-Montgomery product
//! with R = 2^520, the `a·2^8` pre-shift giving `a·b·2^(−512)`): an OpenSSL
//! `rsaz_amm52`-style word-serial kernel, and one with separate a·b / m·p
//! accumulators and the m chain in scalar registers. Measured in one process against
//! this file's N = 8 kernel (standalone harness, min of 300 batches): ADX 54 ns
//! throughput / 55 ns latency; IFMA 59–91 ns / 77–120 ns with conversions, 55–61 ns
//! for the kernel alone — the per-digit dependency (broadcast m, madd52, lane shift,
//! extract) is about 26 cycles, so ten digits cost more than the 128 MULX. Not kept.
//!
//! Double-width kernels (`backend::comba`, used by `montgomery::wide`, hence by the
//! lazy-reduction engine of `ext` and by the N ≥ 5 squaring): ADX row products and
//! row REDC for N = 3 … 8 (`x86_64::rows_adx`), product-scanning MULX products and
//! squares for N = 8 … 16, 20, 24 (`x86_64::comba_adx`). Measured against the
//! portable loops (examples/prime_arith_min with `KERNELS`, ns, min of batches):
//! product 256 bits 5.8 vs 8.6, 384 12.6 vs 32.5, 512 28.1 vs 43.5, 1536 295 vs 393;
//! REDC 512 bits 32.1 vs 38.4; square 1024 bits 80 vs 118. A product-scanning REDC,
//! a fused product-scanning Montgomery product (FIPS) and Karatsuba over the row
//! kernels (N = 12, 16, 24) were tried and lost; the N = 8 Montgomery product stays
//! the CIOS kernel above (about 160 cycles: 128 MULX and some 290 ADCX/ADOX, which
//! share two ports).
//!
//! Batches (`Fp::mul_many`, `Fp::sqr_many`, `montgomery::wide_batch`): with AVX-512F +
//! IFMA, [`IfmaToken`] unlocks `backend::ifma`, eight INDEPENDENT products side by
//! side, one per 64-bit lane, so each lane runs its own reduction chain and nothing
//! crosses lanes (unlike the single-product attempt above). Measured
//! (examples/prime_arith_min with `BATCH`, ns per product in a batch of 64, single
//! calls → batch): 256 bits 15.2 → 9.2, 384 34 → 16, 512 62 → 28, 1024 272 → 102,
//! 2048 1380 → 356; at 128 bits the scalar kernel is as fast (5.5 vs 5.9), so the
//! Montgomery batch runs from N = 3 on.
//!
//! `backend::bmi` is the BMI1/BMI2 build of the binary-GCD Jacobi symbol;
//! `backend::matrix_rows` holds its batch matrix in SSE2 vectors (AVX-512 mask
//! operations in the AVX-512 build).
//!
//! `backend::ct_barrier` hides the masks of the branch-free selections of
//! `montgomery::limbs` from the optimiser, so they stay branch-free in the machine code.
//!
//! This file holds no `unsafe`: the calls into the kernels are in `backend/adx.rs`,
//! `backend/bmi.rs`, `backend/comba.rs` and `backend/matrix_rows.rs`, the kernels in
//! `backend/x86_64/`, the barrier in `backend/ct_barrier.rs`.

pub(crate) mod adx;
pub(crate) mod bmi;
pub(crate) mod comba;
pub(crate) mod ct_barrier;
pub(crate) mod ifma;
pub(crate) mod matrix_rows;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64;

pub(crate) use self::adx::{mont_mul_adx, mont_mul_lazy_3, mont_sqr_adx, mont_sqr_lazy_3};
pub(crate) use self::bmi::{jacobi_bingcd_bmi, BmiToken};
pub(crate) use self::matrix_rows::{DefaultRows, MatrixRows};

/// Proof that the CPU supports BMI2 and ADX (only [`AdxToken::detect`] makes one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AdxToken(());

impl AdxToken {
    /// A token if the CPU has BMI2 and ADX (detected once, then cached).
    pub fn detect() -> Option<AdxToken> {
        #[cfg(target_arch = "x86_64")]
        {
            static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
            let has = *HAS.get_or_init(|| {
                use crate::cpu::{has_all, Feature};
                has_all(&[Feature::Bmi2, Feature::Adx])
            });
            if has {
                return Some(AdxToken(()));
            }
        }
        None
    }
}

/// Proof that the CPU supports AVX-512F and AVX-512 IFMA (only [`IfmaToken::detect`]
/// makes one): unlocks the 8-lane batch kernels of `backend::ifma`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IfmaToken(());

impl IfmaToken {
    /// A token if the CPU has AVX-512F and AVX-512 IFMA (detected once, then cached).
    pub fn detect() -> Option<IfmaToken> {
        ifma::has_ifma().then_some(IfmaToken(()))
    }
}

/// Copies `src` into a `[u64; M]` (zero-padded / truncated; used where `M == N`).
#[inline(always)]
#[allow(dead_code)]
pub(crate) fn resize<const N: usize, const M: usize>(src: &[u64; N]) -> [u64; M] {
    let mut r = [0u64; M];
    for (d, s) in r.iter_mut().zip(src.iter()) {
        *d = *s;
    }
    r
}

/// Whether an ADX kernel exists for `N` limbs and applies to a modulus with top limb
/// `p_top`.
pub(crate) fn adx_supports(n: usize, p_top: u64) -> bool {
    cfg!(target_arch = "x86_64")
        && (matches!(n, 4 | 6) || (matches!(n, 3 | 8) && p_top != u64::MAX))
}

/// The modulus limbs followed by `m0 = −p⁻¹ mod 2^64`, as the pointer kernels read them
/// (only meaningful for `N ≤ 8`; zero otherwise).
pub(crate) fn pack_pm<const N: usize>(p: &[u64; N], m0: u64) -> [u64; 9] {
    let mut pm = [0u64; 9];
    if N < 9 {
        pm[..N].copy_from_slice(p);
        pm[N] = m0;
    }
    pm
}
