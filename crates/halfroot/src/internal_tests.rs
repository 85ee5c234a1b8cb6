//! The library's unit tests as plain functions (feature `internal-tests`): every
//! module's `tests` submodule lists its tests in `UNIT_TESTS`, and [`all`] gathers
//! them for the runner in `tests/it/unit.rs`. They are compiled into the library
//! itself instead of a `cargo test --lib` harness, which would compile the whole
//! library a second time (issue 19 part 6: build weight).

/// One module's tests: (name, function).
pub(crate) type UnitTests = &'static [(&'static str, fn())];

/// Every unit test: (module path, test name, function).
// (pushes, not `vec![…]`: some modules exist only on x86-64)
#[allow(clippy::vec_init_then_push)]
pub fn all() -> Vec<(&'static str, &'static str, fn())> {
    let mut modules: Vec<(&str, UnitTests)> = Vec::new();
    modules.push(("algorithm", crate::algorithm::tests::UNIT_TESTS));
    modules.push(("binary::arith", crate::binary::arith::tests::UNIT_TESTS));
    #[cfg(target_arch = "x86_64")]
    modules.push((
        "binary::backend::x86_64",
        crate::binary::backend::x86_64::tests::UNIT_TESTS,
    ));
    modules.push(("binary::dynamic", crate::binary::dynamic::tests::UNIT_TESTS));
    modules.push(("binary::field", crate::binary::field::tests::UNIT_TESTS));
    modules.push((
        "binary::half_trace::backend",
        crate::binary::half_trace::backend::tests::UNIT_TESTS,
    ));
    modules.push(("binary::hex", crate::binary::hex::tests::UNIT_TESTS));
    modules.push((
        "binary::inv::chain",
        crate::binary::inv::chain::tests::UNIT_TESTS,
    ));
    modules.push((
        "binary::inv::itoh_tsujii",
        crate::binary::inv::itoh_tsujii::tests::UNIT_TESTS,
    ));
    modules.push((
        "binary::inv::multi_sqr",
        crate::binary::inv::multi_sqr::tests::UNIT_TESTS,
    ));
    modules.push((
        "binary::linear_map",
        crate::binary::linear_map::tests::UNIT_TESTS,
    ));
    modules.push((
        "binary::linear_map::affine",
        crate::binary::linear_map::affine::tests::UNIT_TESTS,
    ));
    modules.push(("binary::modulus", crate::binary::modulus::tests::UNIT_TESTS));
    modules.push((
        "binary::portable",
        crate::binary::portable::tests::UNIT_TESTS,
    ));
    modules.push(("binary::spec", crate::binary::spec::tests::UNIT_TESTS));
    modules.push((
        "binary::sqrt::backend",
        crate::binary::sqrt::backend::tests::UNIT_TESTS,
    ));
    modules.push((
        "binary::ssrf_type",
        crate::binary::ssrf_type::tests::UNIT_TESTS,
    ));
    modules.push(("binary::trace", crate::binary::trace::tests::UNIT_TESTS));
    modules.push(("count", crate::count::tests::UNIT_TESTS));
    modules.push(("cpu", crate::cpu::tests::UNIT_TESTS));
    modules.push((
        "ec2::scalar::tnaf",
        crate::ec2::scalar::tnaf::tests::UNIT_TESTS,
    ));
    modules.push((
        "ext::lazy::batch",
        crate::ext::lazy::batch::tests::UNIT_TESTS,
    ));
    modules.push((
        "ext::lazy::fused5",
        crate::ext::lazy::fused5::tests::UNIT_TESTS,
    ));
    modules.push(("ext::lazy::kmul", crate::ext::lazy::kmul::tests::UNIT_TESTS));
    modules.push(("ext::sqrt", crate::ext::sqrt::tests::UNIT_TESTS));
    #[cfg(target_arch = "x86_64")]
    modules.push((
        "gf2poly::backend::x86_64",
        crate::gf2poly::backend::x86_64::tests::UNIT_TESTS,
    ));
    modules.push((
        "gf2poly::modular",
        crate::gf2poly::modular::tests::UNIT_TESTS,
    ));
    modules.push(("numbers", crate::numbers::tests::UNIT_TESTS));
    modules.push(("poly", crate::poly::tests::UNIT_TESTS));
    modules.push((
        "prime::backend::adx",
        crate::prime::backend::adx::tests::UNIT_TESTS,
    ));
    modules.push((
        "prime::backend::bmi",
        crate::prime::backend::bmi::tests::UNIT_TESTS,
    ));
    modules.push((
        "prime::backend::comba",
        crate::prime::backend::comba::tests::UNIT_TESTS,
    ));
    modules.push((
        "prime::backend::matrix_rows",
        crate::prime::backend::matrix_rows::tests::UNIT_TESTS,
    ));
    modules.push((
        "prime::inv::safegcd",
        crate::prime::inv::safegcd::tests::UNIT_TESTS,
    ));
    modules.push(("prime::legendre", crate::prime::legendre::tests::UNIT_TESTS));
    modules.push((
        "prime::legendre::bingcd",
        crate::prime::legendre::bingcd::tests::UNIT_TESTS,
    ));
    modules.push((
        "prime::legendre::divsteps",
        crate::prime::legendre::divsteps::tests::UNIT_TESTS,
    ));
    modules.push((
        "prime::montgomery::pow",
        crate::prime::montgomery::pow::tests::UNIT_TESTS,
    ));
    modules.push((
        "prime::montgomery::wide_batch",
        crate::prime::montgomery::wide_batch::tests::UNIT_TESTS,
    ));
    modules.push(("ssrf::codegen", crate::ssrf::codegen::tests::UNIT_TESTS));
    modules.push(("ssrf::family", crate::ssrf::family::tests::UNIT_TESTS));
    modules.push(("ssrf::search", crate::ssrf::search::tests::UNIT_TESTS));
    modules.push(("ssrf::sparse", crate::ssrf::sparse::tests::UNIT_TESTS));
    modules.push(("ssrf::theorem7", crate::ssrf::theorem7::tests::UNIT_TESTS));
    modules
        .into_iter()
        .flat_map(|(m, tests)| tests.iter().map(move |(n, f)| (m, *n, *f)))
        .collect()
}
