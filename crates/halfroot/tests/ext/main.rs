//! halfroot's F_{q^k} integration tests (every multiplication algorithm against the
//! `BigUint` oracle and against FLINT and PARI, inversion, Frobenius, norm, operation
//! counts), compiled as one test binary so that the F_{q^k} code generic over limb counts
//! is instantiated once for all of them. The other topics are in `tests/it` and
//! `tests/binary`; the three binaries build in parallel (CI time: `it` with these
//! modules was the longest unit of the test build and ran last, alone). Run one topic
//! with `cargo test -p halfroot --release --test ext <module>::`.

/// Shared helpers (tests/support, also used by tests/it): known primes, the F_{q^k}
/// big-integer oracle.
#[path = "../support/mod.rs"]
mod support;

/// `halfroot::with_fp!` restricted to the limb counts of the sizes the F_{q^k} tests
/// use (64 … 2048 bits: 1, 2, 3, 4, 6, 8, 16, 24, 32 limbs): every instantiation
/// compiles every product algorithm, and all 32 made this binary slow to build.
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

mod ext;
mod ext_differential;
mod ext_opcounts;
