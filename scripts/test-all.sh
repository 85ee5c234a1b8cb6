#!/usr/bin/env bash
# Runs every check halfroot has: formatting, clippy, and the whole test suite
# (unit, differential, vector and property tests) in release mode.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --release -- -D warnings
cargo test --workspace --release
# The Python package: built by maturin into a venv, tested with pytest (galois as oracle).
bash scripts/test-python.sh
