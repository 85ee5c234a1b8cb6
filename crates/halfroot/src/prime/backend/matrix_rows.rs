//! The 2×2 transition matrix of a binary-GCD batch (`legendre::bingcd`), kept as two
//! rows `(ua, va)` and `(ub, vb)`. On x86-64 each row is one two-lane SSE2 vector
//! (SSE2 is part of the x86-64 baseline, so there is nothing to detect): a step's row
//! update, `d = a − b; b ← b + (d & m); a ← (d ^ m) − m`, is then 7 vector µops instead
//! of 14 scalar ones plus the register copies their two-operand forms need, and the
//! general registers are left to the values' dependency chain. Elsewhere the same
//! operations on four words. Measured at 256 bits (examples/prime_arith_min with
//! `LEG`): see `legendre::bingcd`.
#![allow(unsafe_code)]

/// The two rows of a batch's matrix, `(ua, va)` and `(ub, vb)`, as two-lane vectors
/// on x86-64 (SSE2, part of the x86-64 baseline): the row updates of a step are then
/// 7 vector µops instead of 14 scalar ones plus the register copies they force, and
/// they leave the general registers to the dependency chain of the values.
#[cfg(target_arch = "x86_64")]
#[derive(Clone, Copy)]
pub(crate) struct MatrixRows {
    a: core::arch::x86_64::__m128i,
    b: core::arch::x86_64::__m128i,
}

#[cfg(target_arch = "x86_64")]
impl MatrixRows {
    #[inline(always)]
    pub(crate) fn identity() -> MatrixRows {
        use core::arch::x86_64::_mm_set_epi64x;
        // `_mm_set_epi64x(high lane, low lane)`: lane 0 is the `u` column.
        // SAFETY: SSE2 is part of the x86-64 baseline; no memory is touched.
        unsafe {
            MatrixRows {
                a: _mm_set_epi64x(0, 1),
                b: _mm_set_epi64x(1, 0),
            }
        }
    }

    /// `d = a − b; b ← b + (d & m); a ← (d ^ m) − m` on both columns.
    #[inline(always)]
    pub(crate) fn sub_swap(&mut self, m: u64) {
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

    /// `b ← b·2^z` (`z < 64`).
    #[inline(always)]
    pub(crate) fn shift_b(&mut self, z: u32) {
        use core::arch::x86_64::{_mm_cvtsi32_si128, _mm_sll_epi64};
        // SAFETY: SSE2 is part of the x86-64 baseline; registers only.
        self.b = unsafe { _mm_sll_epi64(self.b, _mm_cvtsi32_si128(z as i32)) };
    }

    /// Both rows times `2^z` (`z < 64`), as `(ua, va, ub, vb)`.
    #[inline(always)]
    pub(crate) fn scaled(self, z: u32) -> (u64, u64, u64, u64) {
        use core::arch::x86_64::{
            _mm_cvtsi128_si64, _mm_cvtsi32_si128, _mm_sll_epi64, _mm_unpackhi_epi64,
        };
        // SAFETY: SSE2 is part of the x86-64 baseline; registers only.
        unsafe {
            let c = _mm_cvtsi32_si128(z as i32);
            let (a, b) = (_mm_sll_epi64(self.a, c), _mm_sll_epi64(self.b, c));
            (
                _mm_cvtsi128_si64(a) as u64,
                _mm_cvtsi128_si64(_mm_unpackhi_epi64(a, a)) as u64,
                _mm_cvtsi128_si64(b) as u64,
                _mm_cvtsi128_si64(_mm_unpackhi_epi64(b, b)) as u64,
            )
        }
    }
}

/// The two rows of a batch's matrix as four words (targets without SSE2).
#[cfg(not(target_arch = "x86_64"))]
#[derive(Clone, Copy)]
pub(crate) struct MatrixRows {
    ua: u64,
    va: u64,
    ub: u64,
    vb: u64,
}

#[cfg(not(target_arch = "x86_64"))]
impl MatrixRows {
    #[inline(always)]
    pub(crate) fn identity() -> MatrixRows {
        MatrixRows {
            ua: 1,
            va: 0,
            ub: 0,
            vb: 1,
        }
    }

    #[inline(always)]
    pub(crate) fn sub_swap(&mut self, m: u64) {
        let du = self.ua.wrapping_sub(self.ub);
        let dv = self.va.wrapping_sub(self.vb);
        self.ub = self.ub.wrapping_add(du & m);
        self.vb = self.vb.wrapping_add(dv & m);
        self.ua = (du ^ m).wrapping_sub(m);
        self.va = (dv ^ m).wrapping_sub(m);
    }

    #[inline(always)]
    pub(crate) fn shift_b(&mut self, z: u32) {
        self.ub <<= z;
        self.vb <<= z;
    }

    #[inline(always)]
    pub(crate) fn scaled(self, z: u32) -> (u64, u64, u64, u64) {
        (self.ua << z, self.va << z, self.ub << z, self.vb << z)
    }
}
