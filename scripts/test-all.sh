#!/usr/bin/env bash
# Runs every check halfroot has: formatting, clippy, and the whole test suite
# (unit, differential, vector and property tests) in the `ci` profile (the release
# profile with the command-line and Python crates unoptimised: see Cargo.toml), then the Python
# tests. (Optimisation level 1 for the library was tried for CI time: the spec-generic
# binary-field tests took longer to build, not shorter.)
set -euo pipefail
cd "$(dirname "$0")/.."
# The Python test dependencies (numpy, galois, dask, pytest) are downloaded and installed
# while Rust compiles: network and unpacking, little CPU.
mkdir -p target
bash scripts/test-python.sh --deps-only >target/py-deps.log 2>&1 &
py_deps=$!
# ct-valgrind.sh and test-python.sh build in the same profile, so that the library is
# compiled once.
export HALFROOT_CARGO_PROFILE=ci
profile=(--profile "$HALFROOT_CARGO_PROFILE")
# The library's unit tests are compiled into it under the feature `internal-tests` and
# run by tests/it/unit.rs (a `cargo test --lib` harness would compile the whole library
# a second time). Every build below gives the library this same feature set, so it is
# compiled once (ct-valgrind.sh and test-python.sh read the variable too).
export HALFROOT_TEST_FEATURES=halfroot/internal-tests
features=(--features "$HALFROOT_TEST_FEATURES")
# The test build leaves out the command-line binary's `report` feature (its default
# one): the measurement code is the whole of that binary's build (130 of its 133
# CPU-seconds at opt-level 0), and no test runs it. Clippy below checks it all the same,
# with the default features, and the binary without it too. (halfroot-cli is the only
# crate of the workspace with default features.)
test_build=(--no-default-features)
cargo fmt --all -- --check
# Clippy and the API documentation run in the background, at the lowest CPU priority, in
# a target directory of their own, while the test build below compiles the library: the
# `ci` profile builds every crate as one codegen unit (see Cargo.toml), so the library's
# compilation keeps one core busy and leaves the other to them. (Before that change,
# with the library on both cores, clippy beside it delayed the library by a minute and
# the whole by half a minute.) Their output is printed, and their failure fails the
# run, after the test build.
lint_log=target/lint.log
(
    renice -n 19 -p "$BASHPID" >/dev/null || echo "(renice failed: clippy at normal priority)"
    export CARGO_TARGET_DIR="$PWD/target/lint"
    cargo clippy --workspace --all-targets "${profile[@]}" "${features[@]}" -- -D warnings
    cargo clippy -p halfroot-cli --all-targets "${profile[@]}" "${features[@]}" "${test_build[@]}" -- -D warnings
    # The API documentation builds without a warning (broken or private intra-doc links,
    # math brackets read as links). Same profile and features as clippy, whose
    # dependency metadata it reuses: about 10 s. Not the Python extension: rustdoc 1.95
    # panics on the numpy crate's intra-doc links (an internal compiler error in
    # collect_intra_doc_links).
    RUSTDOCFLAGS="-D warnings" cargo doc --no-deps -p halfroot -p halfroot-cli -p halfroot-peers "${profile[@]}" "${features[@]}"
) >"$lint_log" 2>&1 &
lint=$!
finish_lint() {
    local status=0
    wait "$lint" || status=$?
    cat "$lint_log"
    if [ "$status" -ne 0 ]; then
        echo "clippy or rustdoc failed (their output is above)" >&2
        exit "$status"
    fi
}
# Every target with unit or integration tests (`--tests`: the CLI's and the peers'
# libraries, and the integration tests in tests/; not the halfroot library, whose unit
# tests run inside tests/it (see above), nor the Python extension's lib nor the CLI
# binary: all three have `test = false`, as a test harness each would take minutes to
# build again), then the doc tests of the Rust crates; the examples are
# compiled (and linted) by the clippy step above, not rebuilt here (CI time). The
# dependencies have the same features here as in the workspace build (see the
# feature-pinning entries in halfroot-peers' and halfroot-py's Cargo.toml), so the
# `halfroot` library is not compiled again; `--workspace` would compile the Python
# extension's library for nothing (it has no doc tests; 2 minutes).
#
# Every SIMD/assembly kernel test records in $HALFROOT_KERNEL_LOG whether its kernel ran
# (compared with the portable code) or was skipped and why; the summary at the end lists
# them. HALFROOT_REQUIRE_KERNELS=all turns a skip into a failure.
export HALFROOT_KERNEL_LOG="$PWD/target/kernel-log.txt"
rm -f "$HALFROOT_KERNEL_LOG"
# (--timings: target/cargo-timings/ says which crate took how long to build.)
# The two long units of the test build first, side by side: halfroot's `binary` and
# `it` test binaries (about five CPU-minutes each, as single codegen units). In one
# `cargo test` build cargo started them when it pleased: CI at e70d8a9 built `binary`
# last, alone on two cores for its 259 s (test build 12 min 03 s). Two units for two
# cores: until session 49 the F_{q^k} tests were a third binary, `ext`, built here
# beside `binary`, and `it` came after both, alone (step 2: 106 s); cargo cannot be told
# to start a third unit only when one of the first two ends. The `--workspace` and the features are those of
# the build below, so nothing is compiled twice. `cargo build --test` builds the test
# binaries as `cargo test` does (the next command finds them fresh). (The constant-time
# check's program was built here too, as an example; it is now a test of `it`, which
# compiled the same curve and field code: tests/it/ct_valgrind.rs.)
cargo build --workspace "${profile[@]}" --timings --test binary --test it "${features[@]}" "${test_build[@]}"
finish_lint
cargo test --workspace "${profile[@]}" --tests --timings "${features[@]}" "${test_build[@]}"
cargo test "${profile[@]}" --doc -p halfroot -p halfroot-cli -p halfroot-peers "${features[@]}" "${test_build[@]}"
# Forced paths: the GF(2^d), GF(2)[X], GF(p) and F_{q^k} suites (the halfroot crate's
# `binary` and `it` test binaries; `it` runs the library's unit tests too) again under
# every HALFROOT_CPU level below native that this CPU supports (`halfroot cpu --levels`,
# lowest first, native last), so that the portable code and the AVX2-class kernels (the
# path of CPUs without AVX-512) are tested here too. The binaries built above are run
# directly: run time only, no rebuild. Left out under the forced levels: the tests whose
# subject does not depend on the CPU path (they ran above, at native): the agreement
# with FLINT and PARI (`ext_differential`; the F_{q^k} products are checked against the
# test oracle at every level by `ext`), the agreement of binary-curve ECDH with OpenSSL
# (`ec2::ecdh_agrees_with_openssl`, 10 000 exchanges; the curve arithmetic is checked
# against the affine law, Wycheproof and the tiny-curve oracle at every level), the
# generated source (`ssrf_codegen`) and the polynomial-search statistics (`ssrf`; its
# GF(2)[X] arithmetic is `gf2poly`, run at every level). CI time: a third of the forced
# runs. Also left out there: the long scalar-multiplication agreements of the curves
# (`ec2::methods_agree_on_edge_scalars`, `ec2::tnaf_and_comb_agree_with_wnaf_and_ladder`,
# `ec2_exhaustive::scalar_mul_*`: 33 CPU-seconds per level at `portable`): curve code has
# no CPU-dependent path of its own, and at every level the group law against the affine
# law, halving and the tiny-curve oracle still run on the field kernels of that level.
# The genus-2 suite (`hec2`, its own binary) runs natively only, for the same reason. And
# the operation counts of the GF(p) and GF(p²) square roots (`prime_opcounts`: 10
# CPU-seconds a level), which are taken on the big-integer reference field
# (`BigPrimeField` under `Counting`), so the same at every level: the GF(p) kernels those
# algorithms run on are checked at every level by `prime_arith`, `prime_sqrt` and
# `prime_batch`. Likewise the GF(p) square-root sweeps against the Jacobi symbol and PARI
# (`prime_sqrt::all_algorithms_match_*`, `prime_sqrt::sqrt_matches_pari_gp`: 10
# CPU-seconds a level), which run every algorithm on `BigPrimeField` too; the
# `prime_sqrt` tests on the Montgomery field `Fp` and on GF(p²) over it still run.
native_levels="$(./target/"$HALFROOT_CARGO_PROFILE"/halfroot cpu --levels)"
mapfile -t forced_bins < <(cargo test --workspace "${profile[@]}" --tests --no-run "${features[@]}" "${test_build[@]}" --message-format=json 2>/dev/null |
    python3 scripts/halfroot-test-bins.py binary it)
if [ "${#forced_bins[@]}" -ne 2 ]; then
    echo "forced paths: expected 2 test binaries of the halfroot crate, found ${#forced_bins[@]}" >&2
    exit 1
fi
# The F_{q^k} code and the GF(p) and GF(p²) code under it read none of the features the
# `clmul` level adds to `portable` (SSE2, SSE4.1, PCLMULQDQ: checked here on the
# sources), so at that level their suites would run the portable path again: the `ext*`
# and `prime_*` modules of `it` (26 CPU-seconds) are left out there. (The binary-field
# and GF(2)[X] suites run at every level.)
clmul_same_ext=1
if grep -rqE 'Feature::(Sse2|Sse41|Pclmulqdq)' crates/halfroot/src/prime crates/halfroot/src/prime.rs \
    crates/halfroot/src/prime2 crates/halfroot/src/prime2.rs crates/halfroot/src/ext crates/halfroot/src/ext.rs; then
    clmul_same_ext=
fi
read -r -a levels <<<"$native_levels"
for level in "${levels[@]:0:${#levels[@]}-1}"; do   # the last one is native, run above
    echo "== forced path HALFROOT_CPU=$level =="
    for bin in "${forced_bins[@]}"; do
        same_as_portable=()
        if [ "$level" = clmul ] && [ -n "$clmul_same_ext" ] && [ "$(basename "$bin" | cut -d- -f1)" = it ]; then
            same_as_portable=(--skip ext:: --skip ext_opcounts:: --skip prime_arith:: --skip prime_batch:: --skip prime_sqrt::)
        fi
        (cd crates/halfroot && HALFROOT_CPU="$level" "$bin" -q "${same_as_portable[@]}" \
            --skip ext_differential:: --skip ec2::ecdh_agrees_with_openssl --skip prime_opcounts:: \
            --skip prime_sqrt::all_algorithms_match_ --skip prime_sqrt::sqrt_matches_pari_gp \
            --skip ec2::methods_agree_on_edge_scalars --skip ec2::tnaf_and_comb_agree_with_wnaf_and_ladder \
            --skip ec2_exhaustive::scalar_mul_ \
            --skip ssrf_codegen:: --skip ssrf::)
    done
done
# Forced CPU classes: the rule that picks the inlined field product and square
# (`InlineClass`) is chosen by CPU class, so on one machine only its own class's kernels
# would run inside `Arith::mul` / `sqr`. The products and squares against the naive
# oracle (`binary_arith::`, every compile-time spec) run again under every other class
# (`HALFROOT_INLINE_CLASS`; each class needs only PCLMULQDQ and SSE2, which the
# kernels' tokens check, so this runs wherever PCLMULQDQ does).
native_class="$(./target/"$HALFROOT_CARGO_PROFILE"/halfroot cpu | sed -n 's/^inlined kernels by the rule of CPU class: //p')"
binary_bin="$(printf '%s\n' "${forced_bins[@]}" | grep '/binary-')"
for class in zen5 slow-pdep zen3-zen4 other; do
    [ "$class" = "$native_class" ] && continue
    echo "== forced class HALFROOT_INLINE_CLASS=$class =="
    (cd crates/halfroot && HALFROOT_INLINE_CLASS="$class" "$binary_bin" -q binary_arith::)
done
forced_levels="${levels[*]:0:${#levels[@]}-1}"
if [ -n "$clmul_same_ext" ] && [[ " $forced_levels " == *" clmul "* ]]; then
    forced_levels="$forced_levels (F_{q^k}, GF(p) and GF(p²) not at clmul: the portable path)"
fi
bash scripts/kernel-summary.sh "$HALFROOT_KERNEL_LOG" "$forced_levels"
# Constant-time check: the field traits' constant-time operations under Valgrind with the
# secrets marked undefined (and a control run that must be caught): an ignored test of
# the `it` binary built above.
bash scripts/ct-valgrind.sh
# The Python package: built by maturin into a venv, tested with pytest (galois as oracle).
# (Building it alongside the Rust build was tried: on 2 cores it slowed both.)
wait "$py_deps" || { cat target/py-deps.log >&2; echo "test-python: installing the test dependencies failed" >&2; exit 1; }
bash scripts/test-python.sh
