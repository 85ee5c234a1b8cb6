//! halfroot's integration tests, one module per topic, compiled as ONE test binary:
//! generic code (every compile-time field spec, every limb count) is instantiated and
//! optimised once for all of them instead of once per file, which roughly halves the
//! release build of the test suite (CI time). Run one topic with
//! `cargo test -p halfroot --release --test it <module>::`.

/// Shared helpers: known primes, the F_{q^k} big-integer oracle.
mod support {
    pub mod ext_oracle;
    pub mod primes;
}

mod binary_arith;
mod binary_inv;
mod binary_inv_many;
mod binary_many;
mod binary_quadratic;
mod binary_sliced;
mod ext;
mod ext_opcounts;
mod gf2poly;
mod prime_arith;
mod prime_batch;
mod prime_opcounts;
mod prime_sqrt;
mod ssrf;
mod ssrf_codegen;
mod ssrf_convert;
