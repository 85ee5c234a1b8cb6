//! halfroot's other integration tests (GF(2)[X], SSRF polynomials, GF(p), GF(p²),
//! F_{q^k}), one module per topic, compiled as ONE test binary so that the code generic
//! over limb counts is instantiated once for all of them. The binary-field topics are in
//! `tests/binary`; the two binaries build in parallel (CI time). Run one topic with
//! `cargo test -p halfroot --release --test it <module>::`.

/// Shared helpers: known primes, the F_{q^k} big-integer oracle.
mod support {
    pub mod ext_oracle;
    pub mod primes;
}

mod ext;
mod ext_opcounts;
mod gf2poly;
mod prime_arith;
mod prime_batch;
mod prime_opcounts;
mod prime_sqrt;
mod ssrf;
mod ssrf_codegen;
