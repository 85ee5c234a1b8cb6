#!/usr/bin/env bash
# Runs every check halfroot has: formatting, clippy, and the whole test suite
# (unit, differential, vector and property tests) in release mode.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --release -- -D warnings
# Library, binaries and integration tests, then the doc tests; the examples are
# compiled (and linted) by the clippy step above, not rebuilt here (CI time).
# The test builds use 16 codegen units instead of the release profile's 4, so that the
# code generation of the two big test crates spreads over every core; the measured
# binaries (`halfroot report`, benches) keep the release profile.
export CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16
cargo test --workspace --release --lib --bins --tests
cargo test --workspace --release --doc
unset CARGO_PROFILE_RELEASE_CODEGEN_UNITS
# The Python package: built by maturin into a venv, tested with pytest (galois as oracle).
bash scripts/test-python.sh
