//! Generated sources equal a fresh generation: each generator under `scripts/` is run
//! with `--check`, which regenerates its files in memory and compares them byte for
//! byte with the committed ones (no formatting pass in between).

use std::path::PathBuf;
use std::process::Command;

fn repo_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn check_generator(script: &str) {
    let root = repo_root();
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".into());
    let out = match Command::new(&python)
        .arg(root.join(script))
        .arg("--check")
        .current_dir(&root)
        .output()
    {
        Ok(out) => out,
        Err(e) => {
            assert!(
                std::env::var("HALFROOT_REQUIRE_KERNELS").as_deref() != Ok("all"),
                "{script}: cannot run {python}: {e}"
            );
            eprintln!("SKIPPED {script} --check: cannot run {python} ({e})");
            return;
        }
    };
    assert!(
        out.status.success(),
        "{script} --check failed (regenerate with `python3 {script}`):\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn montgomery_formulas_match_generator() {
    check_generator("scripts/gen_montgomery_formulas.py");
}

#[test]
fn mont_adx_matches_generator() {
    check_generator("scripts/adx/gen_mont_adx.py");
}

#[test]
fn rows_adx_matches_generator() {
    check_generator("scripts/adx/gen_rows_adx.py");
}

#[test]
fn comba_adx_matches_generator() {
    check_generator("scripts/adx/gen_comba_adx.py");
}
