#!/usr/bin/env bash
# Runs every check halfroot has: formatting, clippy, and the whole test suite
# (unit, differential, vector and property tests) in release mode, then the Python
# tests. (Optimisation level 1 was tried for CI time: the spec-generic binary-field
# tests took longer to build, not shorter.)
set -euo pipefail
cd "$(dirname "$0")/.."
cargo fmt --all -- --check
# The Python package (maturin into a venv, pytest with galois as oracle) builds in its
# own target directory alongside the Rust build, which leaves a core idle at its tail
# (CI time); its log is printed at the end.
mkdir -p target
HALFROOT_PY_TARGET_DIR=target/py bash scripts/test-python.sh >target/test-python.log 2>&1 &
python_job=$!
trap 'kill "$python_job" 2>/dev/null || true' EXIT
cargo clippy --workspace --all-targets --release -- -D warnings
# Every target with unit or integration tests (`--tests`: the libraries, and the
# integration tests in tests/; not the Python extension's lib nor the CLI binary, which
# have `test = false` because they have no Rust tests and each takes minutes to build
# again as a test harness), then the doc tests of the Rust crates; the examples are
# compiled (and linted) by the clippy step above, not rebuilt here (CI time).
cargo test --workspace --release --tests
cargo test --release --doc -p halfroot -p halfroot-cli -p halfroot-peers
# The Python tests started above.
if ! wait "$python_job"; then
    cat target/test-python.log
    echo "test-all: the Python tests failed (log above)" >&2
    exit 1
fi
cat target/test-python.log
