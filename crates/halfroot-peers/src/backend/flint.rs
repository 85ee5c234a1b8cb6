//! FFI to `shim/flint.c` (FLINT: `fmpz_sqrtmod`, `fq_mul` over `fq_ctx_init_modulus`).
//! Not constant time.
#![allow(unsafe_code)]

use std::os::raw::{c_char, c_int};

extern "C" {
    fn hr_flint_sqrtmod(
        a: *const u64,
        an: usize,
        p: *const u64,
        pn: usize,
        out: *mut u64,
        outn: usize,
    ) -> c_int;
    fn hr_flint_sqrtmod_bench(
        a: *const u64,
        an: usize,
        p: *const u64,
        pn: usize,
        iters: u64,
        ns: *mut u64,
    ) -> c_int;
    fn hr_flint_fq_mul(
        q: *const u64,
        qn: usize,
        k: usize,
        alpha: *const u64,
        alphan: usize,
        a: *const u64,
        b: *const u64,
        out: *mut u64,
    ) -> c_int;
    fn hr_flint_fq_mul_bench(
        q: *const u64,
        qn: usize,
        k: usize,
        alpha: *const u64,
        alphan: usize,
        a: *const u64,
        b: *const u64,
        iters: u64,
        ns: *mut u64,
    ) -> c_int;
    fn hr_flint_fq_mul_poly(
        q: *const u64,
        qn: usize,
        k: usize,
        m: *const u64,
        a: *const u64,
        b: *const u64,
        out: *mut u64,
    ) -> c_int;
    fn hr_flint_version() -> *const c_char;
}

/// Status code for arguments rejected here, before any C call.
pub(crate) const BAD_ARGS: i32 = -100;

/// `fmpz_sqrtmod`: status (1 root, 0 non-residue, -1 p not an odd prime) and the root in
/// `p.len()` words.
pub(crate) fn sqrtmod(a: &[u64], p: &[u64]) -> (i32, Vec<u64>) {
    let mut out = vec![0u64; p.len()];
    // SAFETY: inputs valid for their lengths and only read; `out` has `out.len()`
    // writable words.
    let status = unsafe {
        hr_flint_sqrtmod(
            a.as_ptr(),
            a.len(),
            p.as_ptr(),
            p.len(),
            out.as_mut_ptr(),
            out.len(),
        )
    };
    (status, out)
}

/// Total ns of `iters` `fmpz_sqrtmod` calls, with the status of the first call.
pub(crate) fn sqrtmod_bench(a: &[u64], p: &[u64], iters: u64) -> (i32, u64) {
    let mut ns = 0u64;
    // SAFETY: slices valid for their lengths and only read; `ns` is writable.
    let status =
        unsafe { hr_flint_sqrtmod_bench(a.as_ptr(), a.len(), p.as_ptr(), p.len(), iters, &mut ns) };
    (status, ns)
}

/// `a`, `b` must hold `k` coefficients of `q.len()` words each.
fn fq_args_ok(q: &[u64], k: usize, a: &[u64], b: &[u64]) -> bool {
    k.checked_mul(q.len())
        .is_some_and(|n| n > 0 && a.len() == n && b.len() == n)
}

/// `fq_mul` in F_q\[X\]/(X^k − α) on flattened coefficient arrays; status and the product
/// (`k` coefficients of `q.len()` words).
pub(crate) fn fq_mul(q: &[u64], k: usize, alpha: &[u64], a: &[u64], b: &[u64]) -> (i32, Vec<u64>) {
    if !fq_args_ok(q, k, a, b) {
        return (BAD_ARGS, Vec::new());
    }
    let mut out = vec![0u64; a.len()];
    // SAFETY: `a`, `b` and `out` hold exactly k·q.len() words (checked above), which is
    // what the shim reads and writes; the other inputs are valid for their lengths.
    let status = unsafe {
        hr_flint_fq_mul(
            q.as_ptr(),
            q.len(),
            k,
            alpha.as_ptr(),
            alpha.len(),
            a.as_ptr(),
            b.as_ptr(),
            out.as_mut_ptr(),
        )
    };
    (status, out)
}

/// `fq_mul` in F_q\[X\]/(X^k + Σ m_i X^i) on flattened coefficient arrays (`m`, `a`,
/// `b`: k coefficients of `q.len()` words); status and the product.
pub(crate) fn fq_mul_poly(q: &[u64], k: usize, m: &[u64], a: &[u64], b: &[u64]) -> (i32, Vec<u64>) {
    if !fq_args_ok(q, k, a, b) || m.len() != a.len() {
        return (BAD_ARGS, Vec::new());
    }
    let mut out = vec![0u64; a.len()];
    // SAFETY: `m`, `a`, `b` and `out` hold exactly k·q.len() words (checked above), which
    // is what the shim reads and writes; `q` is valid for its length.
    let status = unsafe {
        hr_flint_fq_mul_poly(
            q.as_ptr(),
            q.len(),
            k,
            m.as_ptr(),
            a.as_ptr(),
            b.as_ptr(),
            out.as_mut_ptr(),
        )
    };
    (status, out)
}

/// Total ns of `iters` `fq_mul` calls, with the status of the set-up.
pub(crate) fn fq_mul_bench(
    q: &[u64],
    k: usize,
    alpha: &[u64],
    a: &[u64],
    b: &[u64],
    iters: u64,
) -> (i32, u64) {
    if !fq_args_ok(q, k, a, b) {
        return (BAD_ARGS, 0);
    }
    let mut ns = 0u64;
    // SAFETY: as in `fq_mul`; `ns` is writable.
    let status = unsafe {
        hr_flint_fq_mul_bench(
            q.as_ptr(),
            q.len(),
            k,
            alpha.as_ptr(),
            alpha.len(),
            a.as_ptr(),
            b.as_ptr(),
            iters,
            &mut ns,
        )
    };
    (status, ns)
}

/// FLINT's version string.
pub(crate) fn version() -> String {
    // SAFETY: returns a pointer to the static `flint_version` string.
    super::static_str(unsafe { hr_flint_version() })
}
