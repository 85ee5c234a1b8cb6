//! FFI to `shim/openssl.c` (OpenSSL libcrypto: `BN_GF2m_*`, EVP ECDH). Not constant time.
#![allow(unsafe_code)]

use std::ffi::CString;
use std::os::raw::{c_char, c_int};

extern "C" {
    fn hr_ossl_gf2m_op(
        op: c_int,
        p: *const c_int,
        a: *const u64,
        an: usize,
        b: *const u64,
        bn: usize,
        out: *mut u64,
        outn: usize,
    ) -> c_int;
    fn hr_ossl_gf2m_bench(
        op: c_int,
        p: *const c_int,
        a: *const u64,
        an: usize,
        b: *const u64,
        bn: usize,
        iters: u64,
        ns: *mut u64,
    ) -> c_int;
    fn hr_ossl_version() -> *const c_char;
    fn hr_ossl_ec_public_der(
        curve: *const c_char,
        priv_hex: *const c_char,
        out: *mut u8,
        len: *mut usize,
    ) -> c_int;
    fn hr_ossl_ecdh_shared_x(
        curve: *const c_char,
        priv_hex: *const c_char,
        der: *const u8,
        der_len: usize,
        out: *mut u8,
        len: *mut usize,
    ) -> c_int;
    fn hr_ossl_ec_private_der(
        curve: *const c_char,
        priv_hex: *const c_char,
        pkcs8: c_int,
        out: *mut u8,
        len: *mut usize,
    ) -> c_int;
    fn hr_ossl_ec_bench(
        curve: *const c_char,
        priv_hex: *const c_char,
        der: *const u8,
        der_len: usize,
        op: c_int,
        iters: u64,
        ns: *mut u64,
    ) -> c_int;
    fn hr_ossl_private_der_to_public_der(
        der: *const u8,
        der_len: usize,
        out: *mut u8,
        len: *mut usize,
    ) -> c_int;
}

/// Status code the shim returns when an argument is rejected here, before any C call.
pub(crate) const BAD_ARGS: i32 = -100;

/// OpenSSL walks `p` until the 0 exponent and then the -1 terminator.
fn poly_ok(p: &[i32]) -> bool {
    p.ends_with(&[0, -1]) && p[..p.len() - 1].iter().all(|&e| e >= 0)
}

/// Runs one field operation (op codes as in the shim); returns the status and the
/// `outn`-word result.
pub(crate) fn gf2m_op(op: i32, p: &[i32], a: &[u64], b: &[u64], outn: usize) -> (i32, Vec<u64>) {
    let mut out = vec![0u64; outn];
    if !poly_ok(p) {
        return (BAD_ARGS, out);
    }
    // SAFETY: `p` ends with 0, -1 (checked), so OpenSSL's scans stop inside the slice;
    // `a`, `b` are valid for `an`, `bn` words and `out` for `outn` writable words; the
    // shim copies the inputs and keeps no pointer after returning.
    let status = unsafe {
        hr_ossl_gf2m_op(
            op,
            p.as_ptr(),
            a.as_ptr(),
            a.len(),
            b.as_ptr(),
            b.len(),
            out.as_mut_ptr(),
            out.len(),
        )
    };
    (status, out)
}

/// Times `iters` calls of one operation; returns the status and the total ns.
pub(crate) fn gf2m_bench(op: i32, p: &[i32], a: &[u64], b: &[u64], iters: u64) -> (i32, u64) {
    if !poly_ok(p) {
        return (BAD_ARGS, 0);
    }
    let mut ns = 0u64;
    // SAFETY: as in `gf2m_op`; `ns` is a valid writable u64.
    let status = unsafe {
        hr_ossl_gf2m_bench(
            op,
            p.as_ptr(),
            a.as_ptr(),
            a.len(),
            b.as_ptr(),
            b.len(),
            iters,
            &mut ns,
        )
    };
    (status, ns)
}

/// OpenSSL's version string.
pub(crate) fn version() -> String {
    // SAFETY: returns a pointer to a static string (OpenSSL_version), no arguments.
    super::static_str(unsafe { hr_ossl_version() })
}

/// Calls a shim that writes a variable-length byte string, growing the buffer once when
/// the shim reports (-3) that it needs more room.
fn with_buffer(mut call: impl FnMut(*mut u8, &mut usize) -> i32) -> (i32, Vec<u8>) {
    let mut buf = vec![0u8; 512];
    for _ in 0..2 {
        let mut len = buf.len();
        let status = call(buf.as_mut_ptr(), &mut len);
        if status == -3 && len > buf.len() {
            buf = vec![0u8; len];
            continue;
        }
        buf.truncate(len.min(buf.len()));
        return (status, buf);
    }
    (-2, Vec::new())
}

/// DER SubjectPublicKeyInfo of `priv_hex`·G on `curve`; status as in the shim.
pub(crate) fn ec_public_der(curve: &str, priv_hex: &str) -> (i32, Vec<u8>) {
    let (Ok(c), Ok(d)) = (CString::new(curve), CString::new(priv_hex)) else {
        return (BAD_ARGS, Vec::new());
    };
    with_buffer(|out, len| {
        // SAFETY: `c`, `d` are NUL-terminated and outlive the call; `out` points to
        // `*len` writable bytes (the buffer owned by `with_buffer`), `len` is valid.
        unsafe { hr_ossl_ec_public_der(c.as_ptr(), d.as_ptr(), out, len) }
    })
}

/// x-coordinate of `priv_hex`·(peer key) on `curve`; status as in the shim.
pub(crate) fn ecdh_shared_x(curve: &str, priv_hex: &str, der: &[u8]) -> (i32, Vec<u8>) {
    let (Ok(c), Ok(d)) = (CString::new(curve), CString::new(priv_hex)) else {
        return (BAD_ARGS, Vec::new());
    };
    with_buffer(|out, len| {
        // SAFETY: as in `ec_public_der`; `der` is valid for `der.len()` bytes and only read.
        unsafe { hr_ossl_ecdh_shared_x(c.as_ptr(), d.as_ptr(), der.as_ptr(), der.len(), out, len) }
    })
}

/// DER private key (PKCS#8 or RFC 5915) of `priv_hex` on `curve`; status as in the shim.
pub(crate) fn ec_private_der(curve: &str, priv_hex: &str, pkcs8: bool) -> (i32, Vec<u8>) {
    let (Ok(c), Ok(d)) = (CString::new(curve), CString::new(priv_hex)) else {
        return (BAD_ARGS, Vec::new());
    };
    with_buffer(|out, len| {
        // SAFETY: as in `ec_public_der`.
        unsafe { hr_ossl_ec_private_der(c.as_ptr(), d.as_ptr(), c_int::from(pkcs8), out, len) }
    })
}

/// The DER SubjectPublicKeyInfo of the DER private key `der`; status as in the shim.
pub(crate) fn private_der_to_public_der(der: &[u8]) -> (i32, Vec<u8>) {
    with_buffer(|out, len| {
        // SAFETY: `der` is valid for `der.len()` bytes and only read; `out`/`len` as in
        // `ec_public_der`.
        unsafe { hr_ossl_private_der_to_public_der(der.as_ptr(), der.len(), out, len) }
    })
}

/// Total ns of `iters` runs of curve operation `op` (codes as in the shim); status.
pub(crate) fn ec_bench(curve: &str, priv_hex: &str, der: &[u8], op: i32, iters: u64) -> (i32, u64) {
    let (Ok(c), Ok(d)) = (CString::new(curve), CString::new(priv_hex)) else {
        return (BAD_ARGS, 0);
    };
    let mut ns = 0u64;
    // SAFETY: `c`, `d` are NUL-terminated and outlive the call; `der` is valid for
    // `der.len()` bytes and only read; `ns` is a valid u64 the call writes.
    let status = unsafe {
        hr_ossl_ec_bench(
            c.as_ptr(),
            d.as_ptr(),
            der.as_ptr(),
            der.len(),
            op,
            iters,
            &mut ns,
        )
    };
    (status, ns)
}
