#!/usr/bin/env bash
# Constant-time check under Valgrind Memcheck (see crates/halfroot/tests/it/ct_valgrind.rs):
# the secret-mode run must report no error, on the CPU path Valgrind offers (AVX2 class)
# and on the portable one; the control run (a table half-trace of a secret) must be
# reported, which shows the check can fail. Needs valgrind (Debian: valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v valgrind >/dev/null 2>&1; then
    echo "ct-valgrind: SKIPPED: valgrind is not installed" >&2
    [ "${HALFROOT_REQUIRE_KERNELS:-}" = "all" ] && exit 1
    exit 0
fi
# The check is the ignored test `ct_valgrind::under_valgrind` of the `it` test binary.
# `--workspace` and $HALFROOT_TEST_FEATURES (set by scripts/test-all.sh): the binary
# test-all.sh built, with the features of the test build (otherwise the library would
# be compiled again). The profile: $HALFROOT_CARGO_PROFILE (`ci` under
# scripts/test-all.sh), else release.
profile="${HALFROOT_CARGO_PROFILE:-release}"
bin="$(cargo test --profile "$profile" --workspace ${HALFROOT_TEST_FEATURES:+--features "$HALFROOT_TEST_FEATURES"} \
    --test it --no-run --message-format=json 2>/dev/null | python3 scripts/halfroot-test-bins.py it)"
if [ -z "$bin" ]; then
    echo "ct-valgrind: the it test binary was not built" >&2
    exit 1
fi
run=("$bin" --ignored --exact ct_valgrind::under_valgrind --nocapture --test-threads=1)
vg=(valgrind -q --error-exitcode=42 --exit-on-first-error=no)
for level in native portable; do
    echo "== ct-valgrind: secret mode, HALFROOT_CPU=$level =="
    # The test's output is shown as it runs (a failure's message included) and kept:
    # a filter that matches no test would pass in silence, so it must have run.
    HALFROOT_CT_MODE=secret HALFROOT_CPU="$level" "${vg[@]}" "${run[@]}" | tee /tmp/ct-valgrind-secret.$$
    if ! grep -q 'ct_valgrind: secret mode done' /tmp/ct-valgrind-secret.$$; then
        rm -f /tmp/ct-valgrind-secret.$$
        echo "ct-valgrind: the secret-mode test did not run" >&2
        exit 1
    fi
    rm -f /tmp/ct-valgrind-secret.$$
done
echo "== ct-valgrind: control mode (a table lookup on a secret: must be reported) =="
set +e
HALFROOT_CT_MODE=control HALFROOT_CPU=native "${vg[@]}" "${run[@]}" 2>/tmp/ct-valgrind-control.$$
rc=$?
set -e
if [ "$rc" -ne 42 ]; then
    cat /tmp/ct-valgrind-control.$$ >&2
    rm -f /tmp/ct-valgrind-control.$$
    echo "ct-valgrind: the control run was not reported (exit $rc): the check is blind" >&2
    exit 1
fi
grep -c 'uninitialised' /tmp/ct-valgrind-control.$$ | sed 's/^/ct-valgrind: control reported, uninitialised-value errors: /'
rm -f /tmp/ct-valgrind-control.$$
echo "ct-valgrind: passed"
