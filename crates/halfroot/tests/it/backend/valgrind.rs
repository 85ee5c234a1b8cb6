//! Valgrind's client requests for the constant-time check (`ct_valgrind.rs`): the one
//! piece of that check that runs assembly, kept here so that `unsafe` is allowed in
//! this module only. The request numbers are those of `valgrind.h` and `memcheck.h`.
#![allow(unsafe_code)]

/// `VG_USERREQ__RUNNING_ON_VALGRIND`: nonzero under Valgrind.
pub const RUNNING_ON_VALGRIND: u64 = 0x1001;
/// `VG_USERREQ__MAKE_MEM_UNDEFINED` (Memcheck): the bytes become undefined (secret).
pub const MAKE_MEM_UNDEFINED: u64 = 0x4D43_0001;
/// `VG_USERREQ__MAKE_MEM_DEFINED` (Memcheck): the bytes become defined (public).
pub const MAKE_MEM_DEFINED: u64 = 0x4D43_0002;

/// Valgrind's client request (valgrind.h, amd64): the magic preamble of rotations of
/// rdi (128 bits in all: rdi is unchanged) and `xchg rbx, rbx`; Valgrind reads the
/// request block at rax and writes the result to rdx; natively it is a no-op that
/// leaves the default in rdx.
#[cfg(target_arch = "x86_64")]
pub fn client_request(request: u64, a1: u64, a2: u64) -> u64 {
    let block: [u64; 6] = [request, a1, a2, 0, 0, 0];
    let mut result: u64 = 0;
    // SAFETY: the instruction sequence only rotates rdi by a multiple of 64 bits
    // (leaving it unchanged) and exchanges rbx with itself; under Valgrind the request
    // block it points to (rax) is read and only rdx is written.
    unsafe {
        core::arch::asm!(
            "rol rdi, 3",
            "rol rdi, 13",
            "rol rdi, 61",
            "rol rdi, 51",
            "xchg rbx, rbx",
            in("rax") block.as_ptr(),
            inout("rdx") result,
            options(nostack),
        );
    }
    result
}

#[cfg(not(target_arch = "x86_64"))]
pub fn client_request(_request: u64, _a1: u64, _a2: u64) -> u64 {
    0
}
