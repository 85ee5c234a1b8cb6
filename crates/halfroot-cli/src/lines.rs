//! One-shot and line-by-line (`-`) execution of a subcommand's operation.
//!
//! With ordinary arguments the operation runs once: its result goes to stdout, or one
//! `error: REASON` line to stderr and exit status 2. With a single `-` argument it reads
//! one whitespace-separated argument tuple per line from stdin and writes one result per
//! line (`error: REASON` for a bad line); the exit status is 1 at the end if any line
//! failed. Blank lines and lines starting with `#` are skipped.

use std::io::{BufRead, Write};
use std::process::ExitCode;

/// Runs `op` on `args`, or on every stdin line when `args` is exactly `["-"]`.
pub fn run<F>(args: &[String], mut op: F) -> ExitCode
where
    F: FnMut(&[&str]) -> Result<String, String>,
{
    if args.len() == 1 && args[0] == "-" {
        let stdin = std::io::stdin();
        let stdout = std::io::stdout();
        let mut out = std::io::BufWriter::new(stdout.lock());
        let mut failed = false;
        for line in stdin.lock().lines() {
            let line = match line {
                Ok(l) => l,
                Err(e) => {
                    eprintln!("error: cannot read stdin: {e}");
                    return ExitCode::from(2);
                }
            };
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            let parts: Vec<&str> = t.split_whitespace().collect();
            let res = op(&parts);
            let written = match res {
                Ok(s) => writeln!(out, "{s}"),
                Err(e) => {
                    failed = true;
                    writeln!(out, "error: {e}")
                }
            };
            if written.is_err() {
                return ExitCode::from(2);
            }
        }
        if out.flush().is_err() {
            return ExitCode::from(2);
        }
        if failed {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    } else {
        let parts: Vec<&str> = args.iter().map(String::as_str).collect();
        match op(&parts) {
            Ok(s) => {
                outln!("{s}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::from(2)
            }
        }
    }
}

/// Checks that an operation got exactly `n` arguments.
pub fn expect_args(op: &str, args: &[&str], n: usize) -> Result<(), String> {
    if args.len() == n {
        Ok(())
    } else {
        Err(format!(
            "{op} takes {n} argument{}, got {}",
            if n == 1 { "" } else { "s" },
            args.len()
        ))
    }
}
