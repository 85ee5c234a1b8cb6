//! End-to-end tests of the `halfroot` binary: results against published values, the
//! line-by-line mode, and one readable error line with a non-zero exit for bad input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn halfroot(args: &[&str], stdin: Option<&str>) -> Output {
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
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(text.as_bytes())
            .expect("write stdin");
    }
    child.wait_with_output().expect("wait")
}

fn ok(args: &[&str]) -> String {
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

/// Exit status 2 and exactly one stderr line starting with `error:` containing `needle`.
fn fails(args: &[&str], needle: &str) {
    let out = halfroot(args, None);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).expect("utf8");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains(needle), "{args:?}: {err:?} lacks {needle:?}");
    assert!(out.stdout.is_empty());
}

fn hex_of_exponents(exps: &[u32]) -> String {
    let mut v: u128 = 0;
    for &e in exps {
        v |= 1u128 << e;
    }
    format!("{v:x}")
}

#[test]
fn aes_field_products_and_inverses_match_fips197() {
    // FIPS-197 §4.2: {57}·{83} = {c1}; {53}·{ca} = {01} in F_2[x]/(x^8+x^4+x^3+x+1).
    assert_eq!(ok(&["field", "8,4,3,1,0", "mul", "57", "83"]), "c1");
    assert_eq!(
        ok(&["field", "x^8+x^4+x^3+x+1", "mul", "0x53", "0xCA"]),
        "1"
    );
    assert_eq!(ok(&["field", "8,4,3,1,0", "inv", "53"]), "ca");
    assert_eq!(ok(&["field", "8,4,3,1,0", "add", "57", "83"]), "d4");
    assert_eq!(ok(&["field", "8,4,3,1,0", "pow", "53", "254"]), "ca");
    assert_eq!(ok(&["field", "8,4,3,1,0", "mul", "0", "83"]), "0");
}

#[test]
fn sqrt_of_x_is_avanzis_zeta_with_every_algorithm() {
    // Avanzi, Appendix A.2: for x^163+x^57+x^49+x^29+1, ζ = x^82 + x^29 + x^25 + x^15.
    let zeta = hex_of_exponents(&[82, 29, 25, 15]);
    for alg in ["fermat", "zeta", "ssrf"] {
        assert_eq!(
            ok(&["field", "163,57,49,29,0", "sqrt", "2", "--algorithm", alg]),
            zeta,
            "{alg}"
        );
    }
    // Table 1: 233,159,0 gives ζ = x^117 + x^80.
    assert_eq!(
        ok(&["field", "233,159,0", "sqrt", "2"]),
        hex_of_exponents(&[117, 80])
    );
    // The SSRF method does not apply to the NIST pentanomial.
    fails(
        &["field", "163,7,6,3,0", "sqrt", "2", "--algorithm", "ssrf"],
        "does not apply",
    );
}

#[test]
fn trace_and_quadratics_follow_their_definitions() {
    // Type-I polynomial: Tr(α) is the constant term (Avanzi Remark 4).
    assert_eq!(ok(&["field", "163,57,49,29,0", "trace", "1"]), "1");
    assert_eq!(ok(&["field", "163,57,49,29,0", "trace", "fffe"]), "0");
    // λ² + λ = α has no root when Tr(α) = 1.
    assert_eq!(ok(&["field", "163,57,49,29,0", "solve", "1"]), "none");
    // A root r of λ²+λ=α satisfies r² + r = α: check with the sqr and add commands.
    let alpha = "123456789abcdef0123456789abcdef";
    let r = ok(&["field", "163,7,6,3,0", "solve", alpha]);
    if r != "none" {
        let r2 = ok(&["field", "163,7,6,3,0", "sqr", &r]);
        assert_eq!(ok(&["field", "163,7,6,3,0", "add", &r2, &r]), alpha);
    }
    let h = ok(&["field", "163,7,6,3,0", "half-trace", "abc"]);
    assert!(!h.is_empty());
    // Even degree: no half-trace, but solving works.
    fails(&["field", "8,4,3,1,0", "half-trace", "3"], "");
    let roots = ok(&["field", "8,4,3,1,0", "solve-general", "1", "1", "0"]);
    let mut rs: Vec<&str> = roots.split(' ').collect();
    rs.sort();
    assert_eq!(rs, ["0", "1"]); // λ² + λ = 0 has roots 0 and 1
}

#[test]
fn line_mode_reports_each_line_and_fails_at_the_end() {
    let out = halfroot(
        &["field", "8,4,3,1,0", "mul", "-"],
        Some("57 83\n# comment\n\nzz 1\n53 ca\n1 100\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).expect("utf8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    assert_eq!(lines[0], "c1");
    assert!(lines[1].starts_with("error: ") && lines[1].contains("zz"));
    assert_eq!(lines[2], "1");
    assert!(lines[3].starts_with("error: ") && lines[3].contains("100"));
    let good = halfroot(&["field", "8,4,3,1,0", "inv", "-"], Some("53\n"));
    assert_eq!(good.status.code(), Some(0));
}

#[test]
fn bad_input_gives_one_error_line() {
    fails(&["field", "8,4,3,0", "mul", "1", "1"], "reducible");
    fails(&["field", "8,4,3,1", "mul", "1", "1"], "constant term");
    fails(&["field", "3,5,0", "mul", "1", "1"], "descending");
    fails(&["field", "x^8+y+1", "mul", "1", "1"], "x^N");
    fails(&["field", "8,4,3,1,0", "mul", "1", "100"], "100");
    fails(&["field", "8,4,3,1,0", "mul", "1", "g"], "hexadecimal");
    fails(&["field", "8,4,3,1,0", "inv", "0"], "zero");
    fails(&["field", "8,4,3,1,0", "mul", "1"], "2 arguments");
    fails(
        &["field", "8,4,3,1,0", "frobnicate", "1"],
        "unknown operation",
    );
    fails(
        &["field", "8,4,3,1,0", "mul", "1", "2", "--algorithm", "x"],
        "--algorithm",
    );
    fails(
        &[
            "field",
            "163,57,49,29,0",
            "sqrt",
            "2",
            "--algorithm",
            "magic",
        ],
        "magic",
    );
    fails(&["report", "nosuchsection"], "unknown report section");
    fails(&["nosuchcommand"], "nosuchcommand");
}

#[test]
fn info_names_the_chosen_algorithms() {
    let info = ok(&["field", "163,57,49,29,0", "info"]);
    assert!(info.contains("ssrf"), "{info}");
    assert!(info.contains("x^82 + x^29 + x^25 + x^15"), "{info}");
    let nist = ok(&["field", "163,7,6,3,0", "info"]);
    assert!(nist.contains("weight 79"), "{nist}");
}
