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
# compiled (and linted) by the clippy step above, not rebuilt here (CI time). The
# dependencies have the same features here as in the workspace build (see the
# feature-pinning entries in halfroot-peers' and halfroot-py's Cargo.toml), so the
# `halfroot` library is not compiled again; `--workspace` would compile the Python
# extension's library for nothing (it has no doc tests; 2 minutes).
cargo test --workspace --release --tests
cargo test --release --doc -p halfroot -p halfroot-cli -p halfroot-peers
# The Python package: built by maturin into a venv, tested with pytest (galois as oracle).
# (Building it alongside the Rust build was tried: on 2 cores it slowed both.)
bash scripts/test-python.sh
