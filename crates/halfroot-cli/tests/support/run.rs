//! Running the `halfroot` binary from the integration tests (shared by `cli.rs` and
//! `ext_cli.rs` through `#[path]`, so it is not a test target of its own).

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `halfroot ARGS`, feeding `stdin` when given, and collects its output.
pub fn halfroot(args: &[&str], stdin: Option<&str>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_halfroot"));
    cmd.args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("spawn halfroot");
    if let Some(text) = stdin {
        let mut pipe = child.stdin.take().expect("stdin");
        // The child may exit without reading its input (an argument error is reported
        // before any line is read), and then the write fails with a closed pipe when
        // the child was quicker: that is not a failure of the run, its exit code and
        // output are what the tests check.
        match pipe.write_all(text.as_bytes()) {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
            Err(e) => panic!("write stdin: {e}"),
        }
    }
    child.wait_with_output().expect("wait")
}

/// The trimmed stdout of a run that must succeed.
pub fn ok(args: &[&str]) -> String {
    let out = halfroot(args, None);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .expect("utf8")
        .trim_end()
        .to_string()
}
