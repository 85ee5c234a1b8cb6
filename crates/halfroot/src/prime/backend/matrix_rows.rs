//! The 2×2 transition matrix of a binary-GCD batch (`legendre::bingcd`), kept as two
//! rows `(ua, va)` and `(ub, vb)` updated by the same steps as the values:
//! `d = a − b; b ← b + (d & m); a ← (d ^ m) − m` (a conditional swap and a
//! subtraction, `m` all ones or zero) and `b ← b·2^z`.
//!
//! Three representations, one interface ([`MatrixRows`]), results identical (tests of
//! `legendre::bingcd` and `backend::bmi`):
//!
//! * [`ScalarRows`]: four words (targets other than x86-64);
//! * [`Sse2Rows`]: each row one two-lane SSE2 vector (SSE2 is part of the x86-64
//!   baseline): a step's row update is 7 vector µops instead of 14 scalar ones plus
//!   the register copies their two-operand forms need;
//! * [`Avx512Rows`]: the same vectors with the swap as AVX-512 mask operations
//!   (`m` moved into a mask register, then a subtraction, a masked addition and a
//!   masked negation, each in place): 4 µops. Only the AVX-512 build of
//!   `backend::bmi` uses it.
//!
//! The inner step is bound by how many µops the core can issue, not by its dependency
//! chain, so each µop saved shows: 256-bit Legendre symbols (examples/prime_arith_min
//! with `LEG`) 484 ns with scalar rows, 471 with SSE2 rows, 430–436 with AVX-512 rows.
//!
//! Source: the matrix of Pornin, "Optimized Binary GCD for Modular Inversion", IACR
//! ePrint 2020/972, Algorithm 2. Cost per step: see above. Preconditions: `z < 64`.
//! Constant-time: yes (no branches, no table lookups); the Jacobi symbol that uses
//! it is variable-time.
#![allow(unsafe_code)]

/// The operations a batch applies to its matrix rows.
pub(crate) trait MatrixRows: Copy {
    /// What it takes to create the rows (proof of CPU features, or nothing).
    type Token: Copy;

    /// The identity matrix.
    fn identity(tok: Self::Token) -> Self;

    /// `d = a − b; b ← b + (d & m); a ← (d ^ m) − m` on both columns (`m` is all
    /// ones or zero).
    fn sub_swap(&mut self, m: u64);

    /// `b ← b·2^z` (`z < 64`).
    fn shift_b(&mut self, z: u32);

    /// Both rows times `2^z` (`z < 64`), as `(ua, va, ub, vb)`.
    fn scaled(self, z: u32) -> (u64, u64, u64, u64);
}

/// The rows as four words.
#[derive(Clone, Copy, Debug)]
#[allow(dead_code)]
pub(crate) struct ScalarRows {
    ua: u64,
    va: u64,
    ub: u64,
    vb: u64,
}

impl MatrixRows for ScalarRows {
    type Token = ();

    #[inline(always)]
    fn identity(_: ()) -> ScalarRows {
        ScalarRows {
            ua: 1,
            va: 0,
            ub: 0,
            vb: 1,
        }
    }

    #[inline(always)]
    fn sub_swap(&mut self, m: u64) {
        let du = self.ua.wrapping_sub(self.ub);
        let dv = self.va.wrapping_sub(self.vb);
        self.ub = self.ub.wrapping_add(du & m);
        self.vb = self.vb.wrapping_add(dv & m);
        self.ua = (du ^ m).wrapping_sub(m);
        self.va = (dv ^ m).wrapping_sub(m);
    }

    #[inline(always)]
    fn shift_b(&mut self, z: u32) {
        self.ub <<= z;
        self.vb <<= z;
    }

    #[inline(always)]
    fn scaled(self, z: u32) -> (u64, u64, u64, u64) {
        (self.ua << z, self.va << z, self.ub << z, self.vb << z)
    }
}

/// The rows as two two-lane SSE2 vectors (lane 0: the `u` column).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Sse2Rows {
    a: core::arch::x86_64::__m128i,
    b: core::arch::x86_64::__m128i,
}

#[cfg(target_arch = "x86_64")]
impl MatrixRows for Sse2Rows {
    type Token = ();

    #[inline(always)]
    fn identity(_: ()) -> Sse2Rows {
        let (a, b) = identity_sse2();
        Sse2Rows { a, b }
    }

    #[inline(always)]
    fn sub_swap(&mut self, m: u64) {
        use core::arch::x86_64::{
            _mm_add_epi64, _mm_and_si128, _mm_set1_epi64x, _mm_sub_epi64, _mm_xor_si128,
        };
        // SAFETY: SSE2 is part of the x86-64 baseline; registers only.
        unsafe {
            let mm = _mm_set1_epi64x(m as i64);
            let d = _mm_sub_epi64(self.a, self.b);
            self.b = _mm_add_epi64(self.b, _mm_and_si128(d, mm));
            self.a = _mm_sub_epi64(_mm_xor_si128(d, mm), mm);
        }
    }

    #[inline(always)]
    fn shift_b(&mut self, z: u32) {
        self.b = shl_sse2(self.b, z);
    }

    #[inline(always)]
    fn scaled(self, z: u32) -> (u64, u64, u64, u64) {
        // SAFETY: SSE2 is part of the x86-64 baseline; registers only.
        unsafe { scaled_sse2(self.a, self.b, z) }
    }
}

/// The identity matrix's rows `(1, 0)` and `(0, 1)` (lane 0: the `u` column).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn identity_sse2() -> (core::arch::x86_64::__m128i, core::arch::x86_64::__m128i) {
    use core::arch::x86_64::_mm_set_epi64x;
    // SAFETY: SSE2 is part of the x86-64 baseline; no memory is touched.
    unsafe { (_mm_set_epi64x(0, 1), _mm_set_epi64x(1, 0)) }
}

/// Both lanes of `v` shifted left by `z` (`z < 64`).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn shl_sse2(v: core::arch::x86_64::__m128i, z: u32) -> core::arch::x86_64::__m128i {
    use core::arch::x86_64::{_mm_cvtsi32_si128, _mm_sll_epi64};
    // SAFETY: SSE2 is part of the x86-64 baseline; registers only.
    unsafe { _mm_sll_epi64(v, _mm_cvtsi32_si128(z as i32)) }
}

/// Both vectors shifted left by `z`, as four words.
///
/// # Safety
/// None beyond SSE2, which every x86-64 CPU has.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn scaled_sse2(
    a: core::arch::x86_64::__m128i,
    b: core::arch::x86_64::__m128i,
    z: u32,
) -> (u64, u64, u64, u64) {
    use core::arch::x86_64::{
        _mm_cvtsi128_si64, _mm_cvtsi32_si128, _mm_sll_epi64, _mm_unpackhi_epi64,
    };
    // SAFETY: SSE2 is part of the x86-64 baseline; registers only.
    unsafe {
        let c = _mm_cvtsi32_si128(z as i32);
        let (a, b) = (_mm_sll_epi64(a, c), _mm_sll_epi64(b, c));
        (
            _mm_cvtsi128_si64(a) as u64,
            _mm_cvtsi128_si64(_mm_unpackhi_epi64(a, a)) as u64,
            _mm_cvtsi128_si64(b) as u64,
            _mm_cvtsi128_si64(_mm_unpackhi_epi64(b, b)) as u64,
        )
    }
}

/// Proof that the CPU supports AVX-512F and AVX-512VL (only
/// [`Avx512VlToken::detect`] makes one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) struct Avx512VlToken(());

#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
impl Avx512VlToken {
    /// The token if this CPU has AVX-512F and AVX-512VL (detected once, then cached).
    #[inline]
    pub(crate) fn detect() -> Option<Avx512VlToken> {
        #[cfg(target_arch = "x86_64")]
        {
            static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
            let has = *HAS.get_or_init(|| {
                use crate::cpu::{has_all, Feature};
                has_all(&[Feature::Avx512f, Feature::Avx512vl])
            });
            if has {
                return Some(Avx512VlToken(()));
            }
        }
        None
    }
}

/// The rows as two two-lane vectors, the conditional swap by AVX-512 mask operations.
/// A value exists only after [`Avx512VlToken::detect`] succeeded (its only
/// constructor takes the token). Meant for code compiled with `avx512f,avx512vl`
/// enabled (elsewhere the intrinsics stay calls).
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct Avx512Rows {
    a: core::arch::x86_64::__m128i,
    b: core::arch::x86_64::__m128i,
}

#[cfg(target_arch = "x86_64")]
impl MatrixRows for Avx512Rows {
    type Token = Avx512VlToken;

    #[inline(always)]
    fn identity(_: Avx512VlToken) -> Avx512Rows {
        let (a, b) = identity_sse2();
        Avx512Rows { a, b }
    }

    #[inline(always)]
    fn sub_swap(&mut self, m: u64) {
        use core::arch::x86_64::{
            _mm_mask_add_epi64, _mm_mask_sub_epi64, _mm_setzero_si128, _mm_sub_epi64,
        };
        // `m` is all ones or zero: both lanes selected, or none.
        let k = m as u8;
        // SAFETY: `self` exists only if AVX-512F and AVX-512VL were detected (the
        // constructor takes the token); registers only.
        unsafe {
            // Each operation overwrites its own input (no register copies):
            // a ← a − b; b ← b + (a − b) where m; a ← −(a − b) where m.
            self.a = _mm_sub_epi64(self.a, self.b);
            self.b = _mm_mask_add_epi64(self.b, k, self.b, self.a);
            self.a = _mm_mask_sub_epi64(self.a, k, _mm_setzero_si128(), self.a);
        }
    }

    #[inline(always)]
    fn shift_b(&mut self, z: u32) {
        self.b = shl_sse2(self.b, z);
    }

    #[inline(always)]
    fn scaled(self, z: u32) -> (u64, u64, u64, u64) {
        // SAFETY: SSE2 is part of the x86-64 baseline; registers only.
        unsafe { scaled_sse2(self.a, self.b, z) }
    }
}

/// The rows the portable build uses: SSE2 vectors on x86-64, words elsewhere.
#[cfg(target_arch = "x86_64")]
pub(crate) type DefaultRows = Sse2Rows;
/// The rows the portable build uses: SSE2 vectors on x86-64, words elsewhere.
#[cfg(not(target_arch = "x86_64"))]
pub(crate) type DefaultRows = ScalarRows;

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;
    use rand::{RngCore, SeedableRng};

    fn run<R: MatrixRows>(tok: R::Token, ops: &[(u64, u32)]) -> (u64, u64, u64, u64) {
        let mut r = R::identity(tok);
        for &(m, z) in ops {
            r.sub_swap(m);
            r.shift_b(z);
        }
        r.scaled(3)
    }

    fn every_representation_computes_the_same_rows() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(12);
        for _ in 0..2000 {
            let len = (rng.next_u32() % 40) as usize;
            let ops: Vec<(u64, u32)> = (0..len)
                .map(|_| {
                    let m = if rng.next_u32() & 1 == 1 { u64::MAX } else { 0 };
                    (m, rng.next_u32() % 3)
                })
                .collect();
            // The reference for the x86-64 kernels (none elsewhere).
            #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
            let want = run::<ScalarRows>((), &ops);
            #[cfg(target_arch = "x86_64")]
            {
                assert_eq!(run::<Sse2Rows>((), &ops), want);
                let tok = Avx512VlToken::detect();
                crate::cpu::kernel_log::check(
                    "prime::matrix_rows::avx512",
                    tok.is_some(),
                    &[crate::cpu::Feature::Avx512f, crate::cpu::Feature::Avx512vl],
                );
                if let Some(tok) = tok {
                    assert_eq!(run::<Avx512Rows>(tok, &ops), want);
                }
            }
        }
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[(
        "every_representation_computes_the_same_rows",
        every_representation_computes_the_same_rows,
    )];
}
