//! FFI to `shim/pari.c` (libpari: `Fp_sqrt`, `kronecker`, `FpXQ_mul`). Not constant time.
//!
//! PARI keeps its stack in thread-local storage (Debian's libpari is built with
//! `ENABLE_TLS`) and is not re-entrant, so every PARI call runs on one worker thread that
//! initializes PARI (`pari_init_opts`, no signal handlers, no GMP allocator hooks) and
//! then executes jobs sent through a mutex-guarded channel, one at a time.
#![allow(unsafe_code)]

use std::os::raw::{c_int, c_long};
use std::sync::mpsc::{self, Sender};
use std::sync::{Mutex, OnceLock};
use std::thread;

extern "C" {
    fn hr_pari_init(stack_bytes: usize) -> c_int;
    fn hr_pari_version_code() -> c_long;
    fn hr_pari_fp_sqrt(
        a: *const u64,
        an: usize,
        p: *const u64,
        pn: usize,
        out: *mut u64,
        outn: usize,
    ) -> c_int;
    fn hr_pari_fp_sqrt_bench(
        a: *const u64,
        an: usize,
        p: *const u64,
        pn: usize,
        iters: u64,
        ns: *mut u64,
    ) -> c_int;
    fn hr_pari_kronecker(
        a: *const u64,
        an: usize,
        p: *const u64,
        pn: usize,
        sym: *mut c_int,
    ) -> c_int;
    fn hr_pari_fpxq_mul(
        p: *const u64,
        pn: usize,
        k: usize,
        alpha: *const u64,
        alphan: usize,
        a: *const u64,
        b: *const u64,
        out: *mut u64,
    ) -> c_int;
    fn hr_pari_fpxq_mul_poly(
        p: *const u64,
        pn: usize,
        k: usize,
        m: *const u64,
        a: *const u64,
        b: *const u64,
        out: *mut u64,
    ) -> c_int;
    fn hr_pari_fpxq_mul_bench(
        p: *const u64,
        pn: usize,
        k: usize,
        alpha: *const u64,
        alphan: usize,
        a: *const u64,
        b: *const u64,
        iters: u64,
        ns: *mut u64,
    ) -> c_int;
}

/// Status code for arguments rejected here, before any C call.
pub(crate) const BAD_ARGS: i32 = -100;
/// Status code when the PARI worker thread cannot be reached.
pub(crate) const NO_WORKER: i32 = -101;

/// Size of the PARI stack (bytes): ample for 4096-bit moduli and small extensions.
const PARI_STACK: usize = 16 << 20;

type Job = Box<dyn FnOnce() + Send>;

static WORKER: OnceLock<Option<Mutex<Sender<Job>>>> = OnceLock::new();

/// Runs `f` on the PARI thread (started and initialized on first use); `None` if that
/// thread could not be started or has died.
fn on_pari_thread<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> Option<R> {
    let worker = WORKER.get_or_init(|| {
        let (tx, rx) = mpsc::channel::<Job>();
        thread::Builder::new()
            .name("halfroot-pari".into())
            .stack_size(16 << 20)
            .spawn(move || {
                // SAFETY: the first PARI call of this thread, which is the only thread
                // that ever calls PARI; it sets up PARI's (thread-local) stack.
                unsafe { hr_pari_init(PARI_STACK) };
                while let Ok(job) = rx.recv() {
                    job();
                }
            })
            .ok()
            .map(|_| Mutex::new(tx))
    });
    let (rtx, rrx) = mpsc::channel();
    {
        let tx = worker.as_ref()?.lock().ok()?;
        tx.send(Box::new(move || {
            let _ = rtx.send(f());
        }))
        .ok()?;
    }
    rrx.recv().ok()
}

/// `Fp_sqrt`: status (1 root, 0 non-residue, -1 p not an odd prime, -2 PARI error) and
/// the root in `p.len()` words.
pub(crate) fn fp_sqrt(a: Vec<u64>, p: Vec<u64>) -> (i32, Vec<u64>) {
    on_pari_thread(move || {
        let mut out = vec![0u64; p.len()];
        // SAFETY: runs on the PARI thread; inputs valid for their lengths and only read;
        // `out` has `out.len()` writable words.
        let status = unsafe {
            hr_pari_fp_sqrt(
                a.as_ptr(),
                a.len(),
                p.as_ptr(),
                p.len(),
                out.as_mut_ptr(),
                out.len(),
            )
        };
        (status, out)
    })
    .unwrap_or((NO_WORKER, Vec::new()))
}

/// Total ns of `iters` `Fp_sqrt` calls, with the status of the first call.
pub(crate) fn fp_sqrt_bench(a: Vec<u64>, p: Vec<u64>, iters: u64) -> (i32, u64) {
    on_pari_thread(move || {
        let mut ns = 0u64;
        // SAFETY: runs on the PARI thread; slices valid and only read; `ns` writable.
        let status = unsafe {
            hr_pari_fp_sqrt_bench(a.as_ptr(), a.len(), p.as_ptr(), p.len(), iters, &mut ns)
        };
        (status, ns)
    })
    .unwrap_or((NO_WORKER, 0))
}

/// `kronecker(a, p)`: status and symbol.
pub(crate) fn kronecker(a: Vec<u64>, p: Vec<u64>) -> (i32, i32) {
    on_pari_thread(move || {
        let mut sym: c_int = 0;
        // SAFETY: runs on the PARI thread; slices valid and only read; `sym` writable.
        let status =
            unsafe { hr_pari_kronecker(a.as_ptr(), a.len(), p.as_ptr(), p.len(), &mut sym) };
        (status, sym)
    })
    .unwrap_or((NO_WORKER, 0))
}

/// `a`, `b` must hold `k` coefficients of `p.len()` words each.
fn pol_args_ok(p: &[u64], k: usize, a: &[u64], b: &[u64]) -> bool {
    k.checked_mul(p.len())
        .is_some_and(|n| n > 0 && a.len() == n && b.len() == n)
}

/// `FpXQ_mul` modulo X^k − α on flattened coefficient arrays; status and product.
pub(crate) fn fpxq_mul(
    p: Vec<u64>,
    k: usize,
    alpha: Vec<u64>,
    a: Vec<u64>,
    b: Vec<u64>,
) -> (i32, Vec<u64>) {
    if !pol_args_ok(&p, k, &a, &b) {
        return (BAD_ARGS, Vec::new());
    }
    on_pari_thread(move || {
        let mut out = vec![0u64; a.len()];
        // SAFETY: runs on the PARI thread; `a`, `b`, `out` hold exactly k·p.len() words
        // (checked above), which the shim reads/writes; other inputs valid, only read.
        let status = unsafe {
            hr_pari_fpxq_mul(
                p.as_ptr(),
                p.len(),
                k,
                alpha.as_ptr(),
                alpha.len(),
                a.as_ptr(),
                b.as_ptr(),
                out.as_mut_ptr(),
            )
        };
        (status, out)
    })
    .unwrap_or((NO_WORKER, Vec::new()))
}

/// `FpXQ_mul` modulo X^k + Σ m_i X^i on flattened coefficient arrays; status and
/// product.
pub(crate) fn fpxq_mul_poly(
    p: Vec<u64>,
    k: usize,
    m: Vec<u64>,
    a: Vec<u64>,
    b: Vec<u64>,
) -> (i32, Vec<u64>) {
    if !pol_args_ok(&p, k, &a, &b) || m.len() != a.len() {
        return (BAD_ARGS, Vec::new());
    }
    on_pari_thread(move || {
        let mut out = vec![0u64; a.len()];
        // SAFETY: runs on the PARI thread; `m`, `a`, `b`, `out` hold exactly k·p.len()
        // words (checked above), which the shim reads/writes; `p` valid, only read.
        let status = unsafe {
            hr_pari_fpxq_mul_poly(
                p.as_ptr(),
                p.len(),
                k,
                m.as_ptr(),
                a.as_ptr(),
                b.as_ptr(),
                out.as_mut_ptr(),
            )
        };
        (status, out)
    })
    .unwrap_or((NO_WORKER, Vec::new()))
}

/// Total ns of `iters` `FpXQ_mul` calls, with the status of the set-up.
pub(crate) fn fpxq_mul_bench(
    p: Vec<u64>,
    k: usize,
    alpha: Vec<u64>,
    a: Vec<u64>,
    b: Vec<u64>,
    iters: u64,
) -> (i32, u64) {
    if !pol_args_ok(&p, k, &a, &b) {
        return (BAD_ARGS, 0);
    }
    on_pari_thread(move || {
        let mut ns = 0u64;
        // SAFETY: as in `fpxq_mul`; `ns` writable.
        let status = unsafe {
            hr_pari_fpxq_mul_bench(
                p.as_ptr(),
                p.len(),
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
    })
    .unwrap_or((NO_WORKER, 0))
}

/// PARI's version as `major.minor.patch` (from `paricfg_version_code`, a constant of
/// libpari, readable from any thread).
pub(crate) fn version() -> String {
    // SAFETY: reads the constant `paricfg_version_code`; touches no PARI state.
    let code = unsafe { hr_pari_version_code() };
    format!("{}.{}.{}", code >> 16, (code >> 8) & 0xff, code & 0xff)
}
