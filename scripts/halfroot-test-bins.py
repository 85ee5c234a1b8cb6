"""Reads `cargo test --no-run --message-format=json` on standard input and prints the
executables of the halfroot crate's test binaries named on the command line (one per
line, in cargo's order). Used by test-all.sh (the forced CPU levels) and ct-valgrind.sh."""
import json
import sys

names = set(sys.argv[1:])
for line in sys.stdin:
    try:
        m = json.loads(line)
    except ValueError:
        continue
    t = m.get("target", {})
    if (m.get("reason") == "compiler-artifact" and m.get("executable")
            and m.get("profile", {}).get("test") and "crates/halfroot#" in m.get("package_id", "")
            and t.get("name") in names):
        print(m["executable"])
