#!/usr/bin/env bash
# Runs every check halfroot has: formatting, clippy, and the whole test suite
# (unit, differential, vector and property tests) in release mode, then the Python
# tests. (Optimisation level 1 was tried for CI time: the spec-generic binary-field
# tests took longer to build, not shorter.)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --release -- -D warnings
# Every target with unit or integration tests (`--tests`: the libraries, and the
# integration tests in tests/; not the Python extension's lib nor the CLI binary, which
# have `test = false` because they have no Rust tests and each takes minutes to build
# again as a test harness), then the doc tests of the Rust crates; the examples are
# compiled (and linted) by the clippy step above, not rebuilt here (CI time). The doc
# tests run with `--workspace` (the Python extension has none) so that the features of
# the dependencies are the same as in the test build, and the `halfroot` library built
# there is reused rather than compiled again.
cargo test --workspace --release --tests
cargo test --workspace --release --doc
# The Python package: built by maturin into a venv, tested with pytest (galois as oracle).
# (Building it alongside the Rust build was tried: on 2 cores it slowed both.)
bash scripts/test-python.sh
