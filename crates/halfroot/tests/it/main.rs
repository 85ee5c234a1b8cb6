//! halfroot's integration tests other than the binary fields' (GF(2)[X], SSRF
//! polynomials, GF(p), GF(p²), F_{q^k}, the binary curves, the field traits, the
//! generated code, and the library's unit tests), one module per topic, compiled as ONE
//! test binary so that the code generic over limb counts is instantiated once for all of
//! them. The binary-field topics are in `tests/binary`, the genus-2 curves in
//! `tests/hec2`. `binary` and this binary, the two long units of the test build, build
//! side by side on two cores (scripts/test-all.sh; the F_{q^k} modules were a binary of
//! their own, `ext`, until session 49: with three, cargo ran the third after one of the
//! others, alone). Run one topic with `cargo test -p halfroot --release --test it
//! <module>::`.

/// Shared helpers (tests/support, also used by tests/hec2): known primes, the F_{q^k}
/// big-integer oracle, the small-curve oracles.
#[path = "../support/mod.rs"]
mod support;

/// `halfroot::with_fp!` restricted to the limb counts of the sizes the F_{q^k} tests
/// use (64 … 2048 bits: 1, 2, 3, 4, 6, 8, 16, 24, 32 limbs): every instantiation
/// compiles every product algorithm, and all 32 made the F_{q^k} tests slow to build.
macro_rules! with_test_fp {
    ($field:expr, |$f:ident| $body:expr) => {
        match $field {
            halfroot::prime::DynFp::L1(inner) => {
                let $f = &**inner;
                $body
            }
            halfroot::prime::DynFp::L2(inner) => {
                let $f = &**inner;
                $body
            }
            halfroot::prime::DynFp::L3(inner) => {
                let $f = &**inner;
                $body
            }
            halfroot::prime::DynFp::L4(inner) => {
                let $f = &**inner;
                $body
            }
            halfroot::prime::DynFp::L6(inner) => {
                let $f = &**inner;
                $body
            }
            halfroot::prime::DynFp::L8(inner) => {
                let $f = &**inner;
                $body
            }
            halfroot::prime::DynFp::L16(inner) => {
                let $f = &**inner;
                $body
            }
            halfroot::prime::DynFp::L24(inner) => {
                let $f = &**inner;
                $body
            }
            halfroot::prime::DynFp::L32(inner) => {
                let $f = &**inner;
                $body
            }
            other => panic!("{} limbs: not a size the tests instantiate", other.limbs()),
        }
    };
}

// The packed binary fields (x86-64 only): in this binary rather than `binary`, whose
// build is the longer of the two (build balance, session 49).
mod binary_packed;
mod ct_valgrind;
mod ec2;
mod ec2_exhaustive;
mod ec2_tnaf_ct;
mod ext;
mod ext_differential;
mod ext_opcounts;
mod field_traits;
mod generated;
mod gf2poly;
mod prime_arith;
mod prime_batch;
mod prime_opcounts;
mod prime_sqrt;
mod ssrf;
mod ssrf_codegen;
mod unit;
