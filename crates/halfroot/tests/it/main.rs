//! halfroot's other integration tests (GF(2)[X], SSRF polynomials, GF(p), GF(p²), the
//! field traits, the generated code, and the library's unit tests), one module per
//! topic, compiled as ONE test binary so that the code generic over limb counts is
//! instantiated once for all of them. The binary-field topics are in `tests/binary`,
//! the F_{q^k} ones in `tests/ext`; the three binaries build in parallel (CI time). Run
//! one topic with `cargo test -p halfroot --release --test it <module>::`.

/// Shared helpers (tests/support, also used by tests/ext): known primes, the F_{q^k}
/// big-integer oracle.
#[path = "../support/mod.rs"]
mod support;

mod ct_valgrind;
mod ec2;
mod ec2_exhaustive;
mod ec2_tnaf_ct;
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
