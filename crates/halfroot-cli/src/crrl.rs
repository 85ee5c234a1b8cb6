//! crrl (Pornin; `GFb127` = F_2\[z\]/(z^127 + z^63 + 1) and the GLS254 group) as a peer,
//! through the separate binary crate `peers/crrl-bench`.
//!
//! crrl selects its PCLMULQDQ backend at compile time (`cfg(target_feature)`), so it is
//! built apart from halfroot (which keeps its portable build with run-time CPU
//! detection): [`binary`] runs `cargo build --release --locked` on
//! `peers/crrl-bench/Cargo.toml` with `RUSTFLAGS=-C target-cpu=native` and its own
//! target directory, then [`bench()`] runs `crrl-bench bench` (JSON timings) and
//! [`field_ops`] runs `crrl-bench field` (results of field operations, for differential
//! tests). Every failure (no cargo, no network for a first download, a build error) is
//! returned as a message for the caller to print; nothing panics.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// The crate's directory (`peers/crrl-bench` beside `crates/`), from this crate's
/// source location.
pub fn crate_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../peers/crrl-bench")
}

/// Where it is built: `$HALFROOT_CRRL_TARGET_DIR`, else `$CARGO_TARGET_DIR/crrl-bench`,
/// else `target/crrl-bench` in the workspace.
pub fn target_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("HALFROOT_CRRL_TARGET_DIR") {
        return PathBuf::from(d);
    }
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(d) => PathBuf::from(d).join("crrl-bench"),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/crrl-bench"),
    }
}

/// Builds `crrl-bench` (a no-op when up to date) and returns the executable's path, or
/// why it could not (cargo's last lines of output).
pub fn binary() -> Result<PathBuf, String> {
    let dir = crate_dir();
    let manifest = dir.join("Cargo.toml");
    if !manifest.exists() {
        return Err(format!("{} not found", manifest.display()));
    }
    let target = target_dir();
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let out = Command::new(&cargo)
        .args([
            "build",
            "--release",
            "--locked",
            "--quiet",
            "--manifest-path",
        ])
        .arg(&manifest)
        .arg("--target-dir")
        .arg(&target)
        .env("RUSTFLAGS", "-C target-cpu=native")
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("could not run {}: {e}", cargo.to_string_lossy()))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let tail: Vec<&str> = err.lines().rev().take(6).collect();
        return Err(format!(
            "cargo build of crrl-bench failed ({}): {}",
            out.status,
            tail.into_iter().rev().collect::<Vec<_>>().join(" / ")
        ));
    }
    let exe = target
        .join("release")
        .join(format!("crrl-bench{}", std::env::consts::EXE_SUFFIX));
    if exe.exists() {
        Ok(exe)
    } else {
        Err(format!("crrl-bench built but {} is missing", exe.display()))
    }
}

/// Runs `crrl-bench bench` (`--quick` for the short budget) and returns its JSON.
pub fn bench(quick: bool) -> Result<serde_json::Value, String> {
    let exe = binary()?;
    let mut cmd = Command::new(&exe);
    cmd.arg("bench");
    if quick {
        cmd.arg("--quick");
    }
    let out = cmd
        .output()
        .map_err(|e| format!("could not run {}: {e}", exe.display()))?;
    if !out.status.success() {
        return Err(format!("crrl-bench bench failed ({})", out.status));
    }
    serde_json::from_slice(&out.stdout).map_err(|e| format!("crrl-bench output: {e}"))
}

/// Runs `crrl-bench field` on `lines` (`op a [b]`, hex) and returns one output line per
/// input line.
pub fn field_ops(lines: &[String]) -> Result<Vec<String>, String> {
    let exe = binary()?;
    let mut child = Command::new(&exe)
        .arg("field")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("could not run {}: {e}", exe.display()))?;
    let input = lines.join("\n") + "\n";
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    // Write from a thread so that a full stdout pipe cannot block us.
    let writer = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child
        .wait_with_output()
        .map_err(|e| format!("crrl-bench field: {e}"))?;
    writer
        .join()
        .map_err(|_| "writer thread panicked".to_string())?
        .map_err(|e| format!("writing to crrl-bench: {e}"))?;
    if !out.status.success() {
        return Err(format!("crrl-bench field failed ({})", out.status));
    }
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect())
}
