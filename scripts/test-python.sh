#!/usr/bin/env bash
# Builds the Python package halfroot (crates/halfroot-py, PyO3 + maturin) and runs its
# pytest suite (galois as the independent oracle, numpy, doctests; Dask distributed for
# halfroot.ssrf.distributed, whose tests start a LocalCluster of 2 worker processes).
#   scripts/test-python.sh              # venv in target/py-venv, reused between runs
#   PYTHON=python3.12 scripts/test-python.sh -k binary
#   HALFROOT_PY_NO_VENV=1 scripts/test-python.sh   # install into $PYTHON itself
# Without the venv module (Debian's python3-venv), it installs into $PYTHON itself.
#   HALFROOT_PY_TARGET_DIR=target/py scripts/test-python.sh   # build in its own target dir
#   scripts/test-python.sh --deps-only  # only make the venv and install the test dependencies
# The tests run on 2 processes (pytest-xdist, one file per process: the Dask tests share
# one cluster per file).
set -euo pipefail
cd "$(dirname "$0")/.."
deps_only=
if [ "${1:-}" = "--deps-only" ]; then
    deps_only=1
    shift
fi
if [ -n "${HALFROOT_PY_TARGET_DIR:-}" ]; then
    mkdir -p "$HALFROOT_PY_TARGET_DIR"
    CARGO_TARGET_DIR="$(cd "$HALFROOT_PY_TARGET_DIR" && pwd)"
    export CARGO_TARGET_DIR
fi
PYTHON="${PYTHON:-python3}"
VENV="${HALFROOT_PY_VENV:-target/py-venv}"
if [ -z "${HALFROOT_PY_NO_VENV:-}" ] && { [ -x "$VENV/bin/python" ] || "$PYTHON" -m venv "$VENV"; }; then
    PY="$(cd "$VENV" && pwd)/bin/python"
else
    echo "test-python: no virtual environment; installing into $PYTHON" >&2
    PY="$(command -v "$PYTHON")"
fi
"$PY" -m pip install -q --upgrade pip
"$PY" -m pip install -q "maturin>=1.5,<2" numpy pytest pytest-xdist galois "dask[distributed]"
[ -n "$deps_only" ] && exit 0
# A normal PEP 517 install, what `pip install ./crates/halfroot-py` does on a fresh
# machine: maturin builds the extension (release profile, feature extension-module).
# Under scripts/test-all.sh, $HALFROOT_TEST_FEATURES names the features the test build
# gave the library, so that maturin links that build instead of compiling it again.
# Likewise $HALFROOT_CARGO_PROFILE names its profile (`ci`).
if [ -n "${HALFROOT_TEST_FEATURES:-}" ]; then
    export MATURIN_PEP517_ARGS="${MATURIN_PEP517_ARGS:+$MATURIN_PEP517_ARGS }--features $HALFROOT_TEST_FEATURES"
fi
if [ -n "${HALFROOT_CARGO_PROFILE:-}" ]; then
    export MATURIN_PEP517_ARGS="${MATURIN_PEP517_ARGS:+$MATURIN_PEP517_ARGS }--profile $HALFROOT_CARGO_PROFILE"
fi
"$PY" -m pip install -q --force-reinstall --no-deps ./crates/halfroot-py
cd crates/halfroot-py
"$PY" -m pytest -q -n 2 --dist loadfile tests "$@"
