#!/usr/bin/env bash
# Runs every check halfroot has: formatting, clippy, and the whole test suite
# (unit, differential, vector and property tests) in release mode.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --release -- -D warnings
# Library, binaries and integration tests, then the doc tests; the examples are
# compiled (and linted) by the clippy step above, not rebuilt here (CI time).
cargo test --workspace --release --lib --bins --tests
cargo test --workspace --release --doc
# The Python package: built by maturin into a venv, tested with pytest (galois as oracle).
bash scripts/test-python.sh
