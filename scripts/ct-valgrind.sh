#!/usr/bin/env bash
# Constant-time check under Valgrind Memcheck (see crates/halfroot/examples/ct_valgrind.rs):
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
# `--workspace` and $HALFROOT_TEST_FEATURES (set by scripts/test-all.sh): the library with
# the features of the test build (otherwise it would be compiled again for this example).
# The profile: $HALFROOT_CARGO_PROFILE (`ci` under scripts/test-all.sh), else release.
profile="${HALFROOT_CARGO_PROFILE:-release}"
cargo build --profile "$profile" -q --workspace ${HALFROOT_TEST_FEATURES:+--features "$HALFROOT_TEST_FEATURES"} \
    --example ct_valgrind
bin=target/$profile/examples/ct_valgrind
vg=(valgrind -q --error-exitcode=42 --exit-on-first-error=no)
for level in native portable; do
    echo "== ct-valgrind: secret mode, HALFROOT_CPU=$level =="
    HALFROOT_CPU="$level" "${vg[@]}" "$bin" secret
done
echo "== ct-valgrind: control mode (a table lookup on a secret: must be reported) =="
set +e
HALFROOT_CPU=native "${vg[@]}" "$bin" control 2>/tmp/ct-valgrind-control.$$
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
