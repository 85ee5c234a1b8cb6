//! The library's unit tests (the `tests` submodules in `src/`), compiled into the
//! library under the feature `internal-tests` and run here: a `cargo test --lib`
//! harness would compile the whole library a second time (issue 19 part 6).
//! `scripts/test-all.sh` enables the feature; by hand:
//! `cargo test -p halfroot --release --features internal-tests --test it unit::`.

/// Every source file with a unit-test module, as a module path (`binary::portable`),
/// found by scanning `src/` (independently of the library's own list).
#[cfg(feature = "internal-tests")]
fn modules_with_unit_tests() -> Vec<String> {
    fn walk(dir: &std::path::Path, root: &std::path::Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).expect("src/") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                walk(&path, root, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("source");
                if text.contains("#[cfg(feature = \"internal-tests\")]\npub(crate) mod tests {")
                    || text.contains(
                        "#[cfg(feature = \"internal-tests\")]\n#[allow(clippy::unwrap_used)]\npub(crate) mod tests {",
                    )
                {
                    let rel = path.strip_prefix(root).expect("under src/").with_extension("");
                    let parts: Vec<String> = rel
                        .iter()
                        .map(|c| c.to_string_lossy().into_owned())
                        .collect();
                    out.push(parts.join("::"));
                }
                assert!(
                    !text.contains("#[cfg(test)]"),
                    "{}: unit tests go in a `#[cfg(feature = \"internal-tests\")] pub(crate) mod tests` \
                     listed in `UNIT_TESTS` (the library has no `cargo test --lib` harness)",
                    path.display()
                );
            }
        }
    }
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    walk(&root, &root, &mut out);
    out.sort();
    out
}

#[cfg(feature = "internal-tests")]
#[test]
fn library_unit_tests() {
    let all = halfroot::internal_tests::all();
    // Every module with a test module is in the library's list, and every listed
    // module has one.
    let mut listed: Vec<String> = all.iter().map(|(m, _, _)| m.to_string()).collect();
    listed.dedup();
    listed.sort();
    assert_eq!(
        listed,
        modules_with_unit_tests(),
        "internal_tests::all() and src/ disagree"
    );
    let mut failed = Vec::new();
    for (module, name, test) in &all {
        match std::panic::catch_unwind(test) {
            Ok(()) => eprintln!("unit test {module}::{name} ... ok"),
            Err(_) => {
                eprintln!("unit test {module}::{name} ... FAILED");
                failed.push(format!("{module}::{name}"));
            }
        }
    }
    assert!(
        failed.is_empty(),
        "{} of {} unit tests failed: {failed:?}",
        failed.len(),
        all.len()
    );
    eprintln!("{} unit tests passed", all.len());
}

#[cfg(not(feature = "internal-tests"))]
#[test]
fn library_unit_tests() {
    eprintln!(
        "SKIPPED the library's unit tests: they need the feature `internal-tests` \
         (scripts/test-all.sh enables it: cargo test -p halfroot --features internal-tests)"
    );
}
