//! halfroot's binary-field integration tests (F_2^d arithmetic, square roots, traces,
//! half-traces, quadratics, inversion, batches, change of basis), one module per topic,
//! compiled as ONE test binary so that the code generic over the compile-time specs is
//! instantiated once for all of them. The other topics are in `tests/it` and
//! `tests/hec2`; `binary` and `it` build side by side (CI time). Run one topic with
//! `cargo test -p halfroot --release --test binary <module>::`.

/// Shared helpers (tests/support): here the naive GF(2^d) product.
#[path = "../support/mod.rs"]
#[allow(dead_code)]
mod support;

mod binary_arith;
mod binary_inv;
mod binary_inv_many;
mod binary_many;
mod binary_quadratic;
mod binary_sliced;
mod dyn_rows;
mod field_traits;
mod poly;
mod ssrf_convert;
