//! Reading the static version strings the shims return.
#![allow(unsafe_code)]

use std::os::raw::c_char;

/// Copies a NUL-terminated static string returned by a shim (empty for null).
pub(crate) fn static_str(ptr: *const c_char) -> String {
    if ptr.is_null() {
        return String::new();
    }
    // SAFETY: the shims return pointers to static NUL-terminated strings owned by the
    // libraries (OpenSSL_version, gmp_version, flint_version), valid for
    // the whole program; the pointer was checked non-null above.
    let s = unsafe { std::ffi::CStr::from_ptr(ptr) };
    s.to_string_lossy().into_owned()
}
