#!/usr/bin/env bash
# Prints the kernel summary of a test run: which SIMD/assembly kernels ran (were compared
# with the portable code) under which HALFROOT_CPU restriction, and which could not run
# on this CPU and why. Input: the log the tests append to ($HALFROOT_KERNEL_LOG; lines
# "ran<TAB>name<TAB>features in use" or "skipped<TAB>name<TAB>why").
#   scripts/kernel-summary.sh target/kernel-log.txt "portable clmul avx2 avx512"
set -euo pipefail
log="${1:?usage: kernel-summary.sh LOG [LEVELS]}"
levels="${2:-}"
echo
echo "== kernel summary (CPU: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2 | sed 's/^ //' || uname -m)) =="
[ -n "$levels" ] && echo "HALFROOT_CPU levels run: native + forced ${levels}"
if [ ! -s "$log" ]; then
    echo "no kernel test recorded anything (log $log empty or missing)"
    exit 0
fi
ran=$(awk -F'\t' '$1 == "ran" {print $2}' "$log" | sort -u)
skipped=$(awk -F'\t' '$1 == "skipped" {print $2}' "$log" | sort -u)
echo "kernels run (compared with the portable code) at least once: $(printf '%s\n' "$ran" | grep -c . || true)"
printf '%s\n' "$ran" | sed '/^$/d; s/^/  ran      /'
never=$(comm -23 <(printf '%s\n' "$skipped" | sed '/^$/d') <(printf '%s\n' "$ran" | sed '/^$/d'))
echo "kernels that never ran on this CPU: $(printf '%s\n' "$never" | grep -c . || true)"
while IFS= read -r k; do
    [ -z "$k" ] && continue
    why=$(awk -F'\t' -v k="$k" '$1 == "skipped" && $2 == k {print $3; exit}' "$log")
    echo "  SKIPPED  $k ($why)"
done <<< "$never"
echo "kernel tests skipped under a forced HALFROOT_CPU level (expected): $(comm -12 <(printf '%s\n' "$skipped" | sed '/^$/d') <(printf '%s\n' "$ran" | sed '/^$/d') | grep -c . || true)"
