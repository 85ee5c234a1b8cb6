#!/usr/bin/env bash
# Builds the Python package halfroot (crates/halfroot-py, PyO3 + maturin) into a
# virtual environment and runs its pytest suite (galois as the oracle, doctests).
#   scripts/test-python.sh            # venv in target/py-venv (reused between runs)
#   PYTHON=python3.12 scripts/test-python.sh
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
VENV="${HALFROOT_PY_VENV:-target/py-venv}"
if [ ! -x "$VENV/bin/python" ]; then
    "$PYTHON" -m venv "$VENV"
fi
PY="$(cd "$VENV" && pwd)/bin/python"
"$PY" -m pip install -q --upgrade pip
"$PY" -m pip install -q "maturin>=1.5,<2" numpy pytest galois
# A normal PEP 517 install, exactly what `pip install ./crates/halfroot-py` does on a
# fresh machine (maturin builds the extension in release mode).
"$PY" -m pip install -q --force-reinstall --no-deps ./crates/halfroot-py
cd crates/halfroot-py
"$PY" -m pytest -q tests "$@"
