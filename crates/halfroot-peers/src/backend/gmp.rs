//! FFI to `shim/gmp.c` (GMP: `mpz_legendre`, a Tonelli–Shanks root with `mpz_*`,
//! `mpz_probab_prime_p`). Not constant time.
#![allow(unsafe_code)]

use std::os::raw::{c_char, c_int};

extern "C" {
    fn hr_gmp_is_probab_prime(n: *const u64, nn: usize, reps: c_int) -> c_int;
    fn hr_gmp_legendre(a: *const u64, an: usize, p: *const u64, pn: usize) -> c_int;
    fn hr_gmp_legendre_bench(
        a: *const u64,
        an: usize,
        p: *const u64,
        pn: usize,
        iters: u64,
        ns: *mut u64,
    ) -> c_int;
    fn hr_gmp_legendre_many_bench(
        a: *const u64,
        count: usize,
        p: *const u64,
        pn: usize,
        iters: u64,
        ns: *mut u64,
        sum: *mut i64,
    ) -> c_int;
    fn hr_gmp_tonelli_shanks(
        a: *const u64,
        an: usize,
        p: *const u64,
        pn: usize,
        out: *mut u64,
        outn: usize,
    ) -> c_int;
    fn hr_gmp_tonelli_shanks_bench(
        a: *const u64,
        an: usize,
        p: *const u64,
        pn: usize,
        iters: u64,
        ns: *mut u64,
    ) -> c_int;
    fn hr_gmp_version() -> *const c_char;
}

/// `mpz_probab_prime_p(n, reps)`: 2 prime, 1 probably prime, 0 composite.
pub(crate) fn is_probab_prime(n: &[u64], reps: i32) -> i32 {
    // SAFETY: `n` is valid for `n.len()` words and only read.
    unsafe { hr_gmp_is_probab_prime(n.as_ptr(), n.len(), reps) }
}

/// `mpz_legendre(a, p)`; the caller guarantees `p` odd and at least 3.
pub(crate) fn legendre(a: &[u64], p: &[u64]) -> i32 {
    // SAFETY: both slices are valid for their lengths and only read.
    unsafe { hr_gmp_legendre(a.as_ptr(), a.len(), p.as_ptr(), p.len()) }
}

/// Total ns of `iters` `mpz_legendre` calls; the caller guarantees `p` odd, at least 3.
pub(crate) fn legendre_bench(a: &[u64], p: &[u64], iters: u64) -> u64 {
    let mut ns = 0u64;
    // SAFETY: slices valid for their lengths and only read; `ns` is writable.
    unsafe { hr_gmp_legendre_bench(a.as_ptr(), a.len(), p.as_ptr(), p.len(), iters, &mut ns) };
    ns
}

/// Total ns of `iters` passes of `mpz_legendre` over the inputs packed in `a` (each
/// `p.len()` words), with the sum of one pass's symbols; `None` for no inputs.
pub(crate) fn legendre_many_bench(a: &[u64], p: &[u64], iters: u64) -> Option<(u64, i64)> {
    let count = a.len() / p.len().max(1);
    if count == 0 || count * p.len() != a.len() {
        return None;
    }
    let (mut ns, mut sum) = (0u64, 0i64);
    // SAFETY: `a` holds `count·p.len()` readable words (checked above), `p` is valid
    // for its length, both only read; `ns` and `sum` are writable.
    let ok = unsafe {
        hr_gmp_legendre_many_bench(
            a.as_ptr(),
            count,
            p.as_ptr(),
            p.len(),
            iters,
            &mut ns,
            &mut sum,
        )
    };
    (ok == 1).then_some((ns, sum))
}

/// Tonelli–Shanks root: status (1 root, 0 non-residue, -1 p not an odd prime) and the
/// root in `p.len()` words.
pub(crate) fn tonelli_shanks(a: &[u64], p: &[u64]) -> (i32, Vec<u64>) {
    let mut out = vec![0u64; p.len()];
    // SAFETY: inputs valid for their lengths and only read; `out` has `out.len()`
    // writable words, enough for any residue below p.
    let status = unsafe {
        hr_gmp_tonelli_shanks(
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

/// Total ns of `iters` Tonelli–Shanks calls, with the status of the first call.
pub(crate) fn tonelli_shanks_bench(a: &[u64], p: &[u64], iters: u64) -> (i32, u64) {
    let mut ns = 0u64;
    // SAFETY: slices valid for their lengths and only read; `ns` is writable.
    let status = unsafe {
        hr_gmp_tonelli_shanks_bench(a.as_ptr(), a.len(), p.as_ptr(), p.len(), iters, &mut ns)
    };
    (status, ns)
}

/// GMP's version string.
pub(crate) fn version() -> String {
    // SAFETY: returns a pointer to the static `gmp_version` string.
    super::static_str(unsafe { hr_gmp_version() })
}
