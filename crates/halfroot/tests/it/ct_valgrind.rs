//! Constant-time check under Valgrind, the way libsecp256k1's `ctime_tests` and
//! Langley's ctgrind do it: the secret inputs are marked *undefined* with Memcheck's
//! client request `VALGRIND_MAKE_MEM_UNDEFINED`, the operations run, and Memcheck
//! reports every conditional branch and every memory address that depends on them
//! ("Conditional jump or move depends on uninitialised value(s)", "Use of
//! uninitialised value of size 8"). A run with no Memcheck error is the check passing.
//!
//! `scripts/ct-valgrind.sh` runs the ignored test [`under_valgrind`] of this binary
//! under Valgrind, in two modes (`HALFROOT_CT_MODE`):
//! - `secret`: the constant-time operations of the field traits — `select`, `cswap`,
//!   `ct_eq`, `mul`, `sqr`, `inv_or_zero`, `sqrt`, `trace`, `half_trace`, `encode`, the batch
//!   half-trace and solver — on F_2^163 and F_2^233 (compile-time specs), the packed
//!   F_2^233 on x86-64 (233,74,0 partially reduced, 233,159,0 in Montgomery's
//!   representation), F_2^283 at run time (`DynBinaryField`), and
//!   `mul`/`sqr`/`inv_or_zero`/`pow`/`select` on GF(p) for P-256's prime; and on B-233
//!   and K-233 (over the compile-time F_2^233, and over the packed F_2^233 of
//!   `binary::packed` on x86-64) the private-key decoding, the x-only ladder of ECDH and
//!   the ladder with y recovery (`scalar_from_be_bytes_ct`, `mul_ladder_x_ct`,
//!   `mul_ladder_ct`), and on K-163 (over F_2^163 at run time) and K-233 (both F_2^233
//!   types) the τ-adic method (`mul_tnaf_x_ct`, `mul_tnaf_ct`), with the private key's
//!   bytes secret; must give no error.
//! - `control`: the variable-time table half-trace on a secret; Memcheck *must* report
//!   it (the script fails if it does not), which shows that the harness detects leaks.
//!
//! Valgrind emulates the CPU: it offers AVX2, PCLMULQDQ and BMI2 but not AVX-512, so
//! this checks the AVX2-class and portable paths (`HALFROOT_CPU=portable` for the
//! latter); the AVX-512 kernels are branch-free by construction and are not covered
//! here. Outside Valgrind the test refuses to run (the client requests would be no-ops
//! and the check meaningless).
//!
//! It was a program of its own (`examples/ct_valgrind.rs`), which compiled the curve
//! and field code of this binary a second time: 78 s of CI's build (cargo's timings,
//! 2-core Emerald Rapids). Here it is compiled with the rest of `it`, in the same
//! profile (O2 under `scripts/test-all.sh`), so the code checked is still optimised
//! code. The K-163 τ-adic check runs on the run-time F_2^163 (`DynBinaryField`): the
//! curve code has no path of its own per field type, and `it` compiles curves on one
//! compile-time field only (F_2^233, see `ec2.rs`).

use halfroot::binary::dynamic::DynBinaryField;
use halfroot::binary::field::{BinaryField, BinaryFieldOps};
use halfroot::binary::spec::{Nist163, Nist233};
use halfroot::ec2::{AffinePoint, BinaryCurve};
use halfroot::field::{Choice, Field};
use halfroot::prime::montgomery::Fp;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::hint::black_box;

/// The client requests (the assembly) live in a backend module of their own.
#[path = "backend/valgrind.rs"]
mod valgrind;
use valgrind::{client_request, MAKE_MEM_DEFINED, MAKE_MEM_UNDEFINED, RUNNING_ON_VALGRIND};

/// Marks the bytes of `v` as secret (undefined to Memcheck).
fn secret<T>(v: &T) {
    client_request(
        MAKE_MEM_UNDEFINED,
        v as *const T as u64,
        core::mem::size_of::<T>() as u64,
    );
}

/// Declassifies `v` (defined again), for results that are public by design.
fn public<T>(v: &T) {
    client_request(
        MAKE_MEM_DEFINED,
        v as *const T as u64,
        core::mem::size_of::<T>() as u64,
    );
}

fn binary_ops<F>(f: &F, rng: &mut ChaCha8Rng)
where
    F: BinaryFieldOps,
{
    let (a, b) = (f.random(rng), f.random(rng));
    let bit = Choice::from(1);
    // Elements are `[u64; N]` here (compile-time specs): the value is the bytes.
    secret(&a);
    secret(&b);
    secret(&bit);
    let s = f.select(&a, &b, bit);
    let (mut x, mut y) = (a.clone(), b.clone());
    f.cswap(&mut x, &mut y, bit);
    let eq = f.ct_eq(&x, &y);
    let p = f.mul(&a, &b);
    let q = f.sqr(&p);
    let inv = f.inv_or_zero(&q);
    let r = f.sqrt(&s);
    let t = f.trace(&r);
    let h = f.half_trace(&r);
    let e = f.encode(&p);
    let mut out = vec![f.zero(); 4];
    let batch = [a.clone(), b.clone(), p.clone(), q.clone()];
    let _ = f.half_trace_many(&batch, &mut out);
    let _ = f.sqrt_many(&batch, &mut out);
    let _ = f.mul_many(&batch, &batch, &mut out);
    public(&eq);
    public(&t);
    public(&inv);
    public(&h);
    black_box((s, x, y, eq, inv, t, h, e, out));
}

fn binary_control<F: BinaryFieldOps>(f: &F, rng: &mut ChaCha8Rng) {
    let a = f.random(rng);
    secret(&a);
    black_box(f.half_trace_vartime(&a));
}

/// The constant-time ladders of ECDH (x only, and with y recovered) on B-233 and K-233
/// over `field`, the private key marked secret.
fn ladders<F: BinaryFieldOps + Clone>(field: &F, rng: &mut ChaCha8Rng) {
    for name in ["sect233r1", "sect233k1"] {
        let curve = BinaryCurve::standard_on(field.clone(), name).expect("standard curve");
        let peer = curve.random_point_vartime(rng);
        let AffinePoint::Finite { x, y } = &peer else {
            unreachable!("a random point of the subgroup is finite")
        };
        let mut key = [0u8; 30];
        rand::RngCore::fill_bytes(rng, &mut key);
        key[0] &= 0x01;
        secret(&key);
        let (d, ok) = curve.scalar_from_be_bytes_ct(&key);
        public(&ok);
        let (shared, infinity) = curve.mul_ladder_x_ct(&d, x);
        public(&infinity);
        let e = curve.field().encode(&shared);
        let (kx, ky, inf2) = curve.mul_ladder_ct(&d, x, y);
        public(&inf2);
        black_box((e, kx, ky));
    }
}

/// The constant-time τ-adic method (`mul_tnaf_x_ct`, `mul_tnaf_ct`: the recoding
/// with fixed-width words, the masked table reads, the complete formulas) on the
/// Koblitz curve `name` over `field`, the private key marked secret.
fn tnaf<F: BinaryFieldOps + Clone>(field: &F, name: &str, rng: &mut ChaCha8Rng) {
    let curve = BinaryCurve::standard_on(field.clone(), name).expect("standard curve");
    let peer = curve.random_point_vartime(rng);
    let len = curve.order_bits().div_ceil(8);
    let mut key = vec![0u8; len];
    rand::RngCore::fill_bytes(rng, &mut key);
    key[0] &= 0x01;
    for byte in &key {
        secret(byte);
    }
    let (d, ok) = curve.scalar_from_be_bytes_ct(&key);
    public(&ok);
    let (shared, infinity) = curve.mul_tnaf_x_ct(&d, &peer).expect("Koblitz curve");
    public(&infinity);
    let e = curve.field().encode(&shared);
    let (kx, ky, inf2) = curve.mul_tnaf_ct(&d, &peer).expect("Koblitz curve");
    public(&inf2);
    black_box((e, kx, ky));
}

/// The Valgrind check (see the module documentation); ignored by `cargo test`, run by
/// `scripts/ct-valgrind.sh` with `--ignored --exact ct_valgrind::under_valgrind`.
#[test]
#[ignore = "runs under Valgrind only: scripts/ct-valgrind.sh"]
fn under_valgrind() {
    assert_ne!(
        client_request(RUNNING_ON_VALGRIND, 0, 0),
        0,
        "ct_valgrind: not running under Valgrind; run scripts/ct-valgrind.sh"
    );
    let mode = std::env::var("HALFROOT_CT_MODE").unwrap_or_default();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let f163 = BinaryField::<3, Nist163>::new(Nist163).expect("F_2^163");
    f163.precompute();
    match mode.as_str() {
        "secret" => secret_mode(&f163, &mut rng),
        "control" => {
            binary_control(&f163, &mut rng);
            println!("ct_valgrind: control mode done");
        }
        other => panic!("HALFROOT_CT_MODE must be secret or control, not {other:?}"),
    }
}

/// The `secret` mode: every constant-time operation listed in the module documentation.
fn secret_mode(f163: &BinaryField<3, Nist163>, rng: &mut ChaCha8Rng) {
    let f233 = BinaryField::<4, Nist233>::new(Nist233).expect("F_2^233");
    f233.precompute();
    let f283 = DynBinaryField::new("283,12,7,5,0").expect("F_2^283");
    // The packed fields: partially reduced with the square root on the lanes
    // (233,74,0), Montgomery's representation (233,159,0).
    #[cfg(target_arch = "x86_64")]
    let (p233, p233m) = {
        use halfroot::binary::packed::PackedField;
        use halfroot::binary::spec::Ssrf233;
        (
            PackedField::<4, Nist233>::new(Nist233).expect("packed F_2^233"),
            PackedField::<4, Ssrf233>::new(Ssrf233).expect("packed F_2^233 (SSRF)"),
        )
    };
    for _ in 0..3 {
        binary_ops(f163, rng);
        binary_ops(&f233, rng);
        #[cfg(target_arch = "x86_64")]
        {
            binary_ops(&p233, rng);
            binary_ops(&p233m, rng);
        }
    }
    // DynBinaryField elements are Vec<u64>: mark the heap words.
    let (a, b) = (Field::random(&f283, rng), Field::random(&f283, rng));
    for w in a.iter().chain(b.iter()) {
        secret(w);
    }
    let p = Field::mul(&f283, &a, &b);
    let h = BinaryFieldOps::half_trace(&f283, &p);
    let i = Field::inv_or_zero(&f283, &p);
    public(&h);
    public(&i);
    black_box((p, h, i));

    // ECDH's scalar multiplication on B-233 (general b) and K-233 (b = 1, a = 0),
    // on the word field and on the packed field (x86-64).
    ladders(&f233, rng);
    #[cfg(target_arch = "x86_64")]
    ladders(
        &halfroot::binary::packed::PackedField::<4, Nist233>::new(Nist233).expect("packed F_2^233"),
        rng,
    );
    // The τ-adic method on K-163 (a = 1) and K-233 (a = 0), word and packed.
    tnaf(
        &DynBinaryField::new("163,7,6,3,0").expect("F_2^163"),
        "sect163k1",
        rng,
    );
    tnaf(&f233, "sect233k1", rng);
    #[cfg(target_arch = "x86_64")]
    tnaf(
        &halfroot::binary::packed::PackedField::<4, Nist233>::new(Nist233).expect("packed F_2^233"),
        "sect233k1",
        rng,
    );

    let p256: num_bigint::BigUint =
        "115792089210356248762697446949407573530086143415290314195533631308867097853951"
            .parse()
            .expect("p");
    let fp = Fp::<4>::new(&p256).expect("GF(p)");
    let (a, b) = (fp.random(rng), fp.random(rng));
    let bit = Choice::from(0);
    secret(&a);
    secret(&b);
    secret(&bit);
    let m = fp.mul(&a, &b);
    let s = fp.sqr(&m);
    let i = fp.inv_or_zero(&s);
    public(&i);
    let e = fp.pow(&a, &[0x1234_5678_9abc_def0, 7]);
    let sel = fp.select(&a, &b, bit);
    black_box((m, s, i, e, sel));
    println!("ct_valgrind: secret mode done");
}
