//! FFI to the vendored c-xs233 (`vendor/c-xs233/xsb233.c`, `xsk233.c`: the xs233.h group
//! API) and to `shim/xs233.c` (the GF(2^233) operations of gf233.h). Constant time (the
//! library's design); the objects are compiled with PCLMULQDQ and SSE4.1, so every call
//! takes a [`Cpu`] token, which only [`cpu`] makes, after checking both features.
#![allow(unsafe_code)]

use std::os::raw::c_int;

/// Proof that this CPU has PCLMULQDQ and SSE4.1, the instructions the C objects use.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cpu(());

/// The token when the CPU has what the C objects were compiled for.
pub(crate) fn cpu() -> Option<Cpu> {
    if std::arch::is_x86_feature_detected!("pclmulqdq")
        && std::arch::is_x86_feature_detected!("sse4.1")
    {
        Some(Cpu(()))
    } else {
        None
    }
}

/// `xsb233_point` / `xsk233_point`: `struct { uint64_t opaque[16]; }`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct RawPoint(pub(crate) [u64; 16]);

type Decode = unsafe extern "C" fn(*mut RawPoint, *const u8) -> u32;
type Encode = unsafe extern "C" fn(*mut u8, *const RawPoint);
type Binary = unsafe extern "C" fn(*mut RawPoint, *const RawPoint, *const RawPoint);
type Unary = unsafe extern "C" fn(*mut RawPoint, *const RawPoint);
type Test2 = unsafe extern "C" fn(*const RawPoint, *const RawPoint) -> u32;
type Mul = unsafe extern "C" fn(*mut RawPoint, *const RawPoint, *const u8, usize);
type MulGen = unsafe extern "C" fn(*mut RawPoint, *const u8, usize);

extern "C" {
    fn hr_xs233_gf_op(op: c_int, a: *const u64, b: *const u64, out: *mut u64) -> c_int;
    fn hr_xs233_gf_bench(
        op: c_int,
        lanes: usize,
        a: *const u64,
        b: *const u64,
        iters: u64,
        out: *mut u64,
        ns: *mut u64,
    ) -> c_int;

    static xsb233_neutral: RawPoint;
    static xsb233_generator: RawPoint;
    fn xsb233_decode(p: *mut RawPoint, src: *const u8) -> u32;
    fn xsb233_encode(dst: *mut u8, p: *const RawPoint);
    fn xsb233_equals(p1: *const RawPoint, p2: *const RawPoint) -> u32;
    fn xsb233_add(p3: *mut RawPoint, p1: *const RawPoint, p2: *const RawPoint);
    fn xsb233_sub(p3: *mut RawPoint, p1: *const RawPoint, p2: *const RawPoint);
    fn xsb233_double(p3: *mut RawPoint, p1: *const RawPoint);
    fn xsb233_neg(p3: *mut RawPoint, p1: *const RawPoint);
    fn xsb233_mul(p3: *mut RawPoint, p1: *const RawPoint, n: *const u8, n_len: usize);
    fn xsb233_mul_ladder(p3: *mut RawPoint, p1: *const RawPoint, n: *const u8, n_len: usize);
    fn xsb233_mulgen(p3: *mut RawPoint, n: *const u8, n_len: usize);

    static xsk233_neutral: RawPoint;
    static xsk233_generator: RawPoint;
    fn xsk233_decode(p: *mut RawPoint, src: *const u8) -> u32;
    fn xsk233_encode(dst: *mut u8, p: *const RawPoint);
    fn xsk233_equals(p1: *const RawPoint, p2: *const RawPoint) -> u32;
    fn xsk233_add(p3: *mut RawPoint, p1: *const RawPoint, p2: *const RawPoint);
    fn xsk233_sub(p3: *mut RawPoint, p1: *const RawPoint, p2: *const RawPoint);
    fn xsk233_double(p3: *mut RawPoint, p1: *const RawPoint);
    fn xsk233_neg(p3: *mut RawPoint, p1: *const RawPoint);
    fn xsk233_mul(p3: *mut RawPoint, p1: *const RawPoint, n: *const u8, n_len: usize);
    fn xsk233_mul_ladder(p3: *mut RawPoint, p1: *const RawPoint, n: *const u8, n_len: usize);
    fn xsk233_mul_frob(p3: *mut RawPoint, p1: *const RawPoint, n: *const u8, n_len: usize);
    fn xsk233_mulgen(p3: *mut RawPoint, n: *const u8, n_len: usize);
    fn xsk233_mulgen_frob(p3: *mut RawPoint, n: *const u8, n_len: usize);
}

/// One group's entry points (xsb233 or xsk233); `None` where the group has no such
/// function (the Frobenius forms exist for xsk233 only).
pub(crate) struct GroupFns {
    decode: Decode,
    encode: Encode,
    equals: Test2,
    add: Binary,
    sub: Binary,
    double: Unary,
    neg: Unary,
    mul: [Option<Mul>; 3],
    mulgen: [Option<MulGen>; 2],
    neutral: fn() -> RawPoint,
    generator: fn() -> RawPoint,
}

/// xsb233 (B-233).
pub(crate) static XSB233: GroupFns = GroupFns {
    decode: xsb233_decode,
    encode: xsb233_encode,
    equals: xsb233_equals,
    add: xsb233_add,
    sub: xsb233_sub,
    double: xsb233_double,
    neg: xsb233_neg,
    mul: [Some(xsb233_mul), Some(xsb233_mul_ladder), None],
    mulgen: [Some(xsb233_mulgen), None],
    // SAFETY: reads of initialised, immutable C constants (`const xsb233_point`).
    neutral: || unsafe { xsb233_neutral },
    // SAFETY: as above.
    generator: || unsafe { xsb233_generator },
};

/// xsk233 (K-233).
pub(crate) static XSK233: GroupFns = GroupFns {
    decode: xsk233_decode,
    encode: xsk233_encode,
    equals: xsk233_equals,
    add: xsk233_add,
    sub: xsk233_sub,
    double: xsk233_double,
    neg: xsk233_neg,
    mul: [
        Some(xsk233_mul),
        Some(xsk233_mul_ladder),
        Some(xsk233_mul_frob),
    ],
    mulgen: [Some(xsk233_mulgen), Some(xsk233_mulgen_frob)],
    // SAFETY: reads of initialised, immutable C constants (`const xsk233_point`).
    neutral: || unsafe { xsk233_neutral },
    // SAFETY: as above.
    generator: || unsafe { xsk233_generator },
};

const ZERO: RawPoint = RawPoint([0; 16]);

impl GroupFns {
    /// The neutral element.
    pub(crate) fn neutral(&self, _: Cpu) -> RawPoint {
        (self.neutral)()
    }

    /// The conventional generator.
    pub(crate) fn generator(&self, _: Cpu) -> RawPoint {
        (self.generator)()
    }

    /// Decodes 30 bytes; `None` when they are not a canonical encoding.
    pub(crate) fn decode(&self, _: Cpu, src: &[u8; 30]) -> Option<RawPoint> {
        let mut p = ZERO;
        // SAFETY: `src` is 30 readable bytes (what decode reads), `p` a writable point;
        // the CPU has PCLMULQDQ and SSE4.1 (the `Cpu` token).
        let ok = unsafe { (self.decode)(&mut p, src.as_ptr()) };
        (ok == 0xffff_ffff).then_some(p)
    }

    /// The 30-byte encoding.
    pub(crate) fn encode(&self, _: Cpu, p: &RawPoint) -> [u8; 30] {
        let mut out = [0u8; 30];
        // SAFETY: `out` is 30 writable bytes (what encode writes), `p` a readable point;
        // CPU features as in `decode`.
        unsafe { (self.encode)(out.as_mut_ptr(), p) };
        out
    }

    /// p1 == p2.
    pub(crate) fn equals(&self, _: Cpu, p1: &RawPoint, p2: &RawPoint) -> bool {
        // SAFETY: two readable points; CPU features as in `decode`.
        unsafe { (self.equals)(p1, p2) == 0xffff_ffff }
    }

    /// p1 + p2 (`sub`: p1 − p2).
    pub(crate) fn add(&self, _: Cpu, p1: &RawPoint, p2: &RawPoint, sub: bool) -> RawPoint {
        let mut p3 = ZERO;
        let f = if sub { self.sub } else { self.add };
        // SAFETY: `p3` writable, `p1`, `p2` readable (the C code allows aliasing, here
        // there is none); CPU features as in `decode`.
        unsafe { f(&mut p3, p1, p2) };
        p3
    }

    /// 2·p1 (`neg`: −p1).
    pub(crate) fn unary(&self, _: Cpu, p1: &RawPoint, neg: bool) -> RawPoint {
        let mut p3 = ZERO;
        let f = if neg { self.neg } else { self.double };
        // SAFETY: `p3` writable, `p1` readable; CPU features as in `decode`.
        unsafe { f(&mut p3, p1) };
        p3
    }

    /// n·p1 by method `k` (0 `mul`, 1 `mul_ladder`, 2 `mul_frob`); `None` when the group
    /// lacks the method or `n` is longer than 30 bytes.
    pub(crate) fn mul(&self, _: Cpu, k: usize, p1: &RawPoint, n: &[u8]) -> Option<RawPoint> {
        let f = (*self.mul.get(k)?)?;
        if n.len() > 30 {
            return None;
        }
        let mut p3 = ZERO;
        // SAFETY: `n` is `n.len()` ≤ 30 readable bytes (the documented maximum), `p3`
        // writable, `p1` readable; CPU features as in `decode`.
        unsafe { f(&mut p3, p1, n.as_ptr(), n.len()) };
        Some(p3)
    }

    /// n·G by method `k` (0 `mulgen`, 1 `mulgen_frob`); `None` as for [`GroupFns::mul`].
    pub(crate) fn mulgen(&self, _: Cpu, k: usize, n: &[u8]) -> Option<RawPoint> {
        let f = (*self.mulgen.get(k)?)?;
        if n.len() > 30 {
            return None;
        }
        let mut p3 = ZERO;
        // SAFETY: as in `mul`.
        unsafe { f(&mut p3, n.as_ptr(), n.len()) };
        Some(p3)
    }
}

/// One GF(2^233) operation (codes of the shim: 0 mul, 1 sqr, 2 sqrt, 3 trace,
/// 4 half-trace, 5 inverse) on canonical 4-word elements; the shim's status and result.
pub(crate) fn gf_op(_: Cpu, op: i32, a: &[u64; 4], b: &[u64; 4]) -> (i32, [u64; 4]) {
    let mut out = [0u64; 4];
    // SAFETY: `a`, `b` are 4 readable words and `out` 4 writable words, what the shim
    // reads and writes; CPU features as in `GroupFns::decode`.
    let s = unsafe { hr_xs233_gf_op(op, a.as_ptr(), b.as_ptr(), out.as_mut_ptr()) };
    (s, out)
}

/// Times `iters` rounds of `a.len()` (1 or 8) chains of one operation; the status and
/// the total ns.
pub(crate) fn gf_bench(_: Cpu, op: i32, a: &[[u64; 4]], b: &[[u64; 4]], iters: u64) -> (i32, u64) {
    if !(a.len() == 1 || a.len() == 8) || b.len() != a.len() {
        return (-100, 0);
    }
    let mut out = vec![[0u64; 4]; a.len()];
    let mut ns = 0u64;
    // SAFETY: `a`, `b` hold `lanes` × 4 readable words and `out` `lanes` × 4 writable
    // words ([u64; 4] arrays are contiguous), lanes is 1 or 8 (checked); `ns` writable.
    let s = unsafe {
        hr_xs233_gf_bench(
            op,
            a.len(),
            a.as_ptr().cast(),
            b.as_ptr().cast(),
            iters,
            out.as_mut_ptr().cast(),
            &mut ns,
        )
    };
    std::hint::black_box(&out);
    (s, ns)
}
