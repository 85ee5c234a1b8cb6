//! End-to-end tests of the `halfroot` binary: results against published values, the
//! line-by-line mode, and one readable error line with a non-zero exit for bad input.

#[path = "support/run.rs"]
mod run;

use run::{halfroot, ok};

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
    #[cfg(feature = "report")]
    fails(&["report", "nosuchsection"], "unknown report section");
    // The test build of scripts/test-all.sh leaves the report out (see Cargo.toml).
    #[cfg(not(feature = "report"))]
    fails(&["report", "fields"], "built without its `report` feature");
    fails(&["nosuchcommand"], "nosuchcommand");
}

#[test]
fn info_names_the_chosen_algorithms() {
    let info = ok(&["field", "163,57,49,29,0", "info"]);
    assert!(info.contains("ssrf"), "{info}");
    assert!(info.contains("x^82 + x^29 + x^25 + x^15"), "{info}");
    let nist = ok(&["field", "163,7,6,3,0", "info"]);
    assert!(nist.contains("weight 79"), "{nist}");
    assert!(
        nist.contains("constant-time:     mask-ct")
            || nist.contains("constant-time:     nibble-ct"),
        "{nist}"
    );
}

fn run_lines(args: &[&str], input: &str) -> (Option<i32>, Vec<String>) {
    let out = halfroot(args, Some(input));
    let text = String::from_utf8(out.stdout).expect("utf8");
    (
        out.status.code(),
        text.lines().map(str::to_string).collect(),
    )
}

/// The smaller square root of a mod p by brute force, or "none".
fn brute_sqrt(a: u64, p: u64) -> String {
    (0..p)
        .find(|r| r * r % p == a % p)
        .map(|r| r.to_string())
        .unwrap_or_else(|| "none".into())
}

#[test]
fn prime_sqrt_matches_brute_force_for_every_algorithm() {
    // 2-adicities: 17 (T=3 for (p-1)/2... p-1 = 16), 41, 97, 113, 257 and p ≡ 3 mod 4 / 5 mod 8.
    for p in [13u64, 17, 19, 29, 37, 41, 97, 113, 257, 1009] {
        let input: String = (0..p).map(|a| format!("{a}\n")).collect();
        let expected: Vec<String> = (0..p).map(|a| brute_sqrt(a, p)).collect();
        // Canonical kebab-case names, some in snake case or capitals (the same
        // algorithm), and `auto`.
        for alg in [
            "p3mod4",
            "atkin",
            "tonelli-shanks",
            "smart",
            "mwst",
            "cipolla",
            "sarkar",
            "sarkar_table",
            "Constant-Time",
            "auto",
        ] {
            let applies = match alg {
                "p3mod4" => p % 4 == 3,
                "atkin" => p % 8 == 5,
                _ => true,
            };
            let ps = p.to_string();
            let (code, lines) = run_lines(&["prime", &ps, "sqrt", "-", "--algorithm", alg], &input);
            if applies {
                assert_eq!(code, Some(0), "p={p} {alg}");
                assert_eq!(lines, expected, "p={p} {alg}");
            } else {
                assert_eq!(code, Some(2), "p={p} {alg} should be rejected");
            }
        }
        // Legendre symbol against Euler's criterion computed here.
        let ps = p.to_string();
        let (_, lines) = run_lines(&["prime", &ps, "legendre", "-"], &input);
        for (a, l) in lines.iter().enumerate() {
            let mut e = 1u64;
            for _ in 0..(p - 1) / 2 {
                e = e * a as u64 % p;
            }
            let want = if a == 0 {
                "0"
            } else if e == 1 {
                "1"
            } else {
                "-1"
            };
            assert_eq!(l, want, "({a}/{p})");
        }
    }
}

#[test]
fn prime2_sqrt_matches_brute_force() {
    // GF(13^2) with w^2 = 2 and GF(17^2) with w^2 = 3 (both non-squares).
    for (p, c) in [(13u64, 2u64), (17, 3)] {
        let mul = |x: (u64, u64), y: (u64, u64)| {
            ((x.0 * y.0 + c * x.1 * y.1) % p, (x.0 * y.1 + x.1 * y.0) % p)
        };
        let mut input = String::new();
        let mut expected = Vec::new();
        for a0 in 0..p {
            for a1 in 0..p {
                input.push_str(&format!("{a0},{a1}\n"));
                // Smallest root by (r1, r0).
                let mut best: Option<(u64, u64)> = None;
                for r1 in 0..p {
                    for r0 in 0..p {
                        if best.is_none() && mul((r0, r1), (r0, r1)) == (a0, a1) {
                            best = Some((r0, r1));
                        }
                    }
                }
                expected.push(match best {
                    Some((r0, r1)) => format!("{r0},{r1}"),
                    None => "none".into(),
                });
            }
        }
        let (ps, cs) = (p.to_string(), c.to_string());
        for alg in [
            "smart",
            "mwst",
            "mwst-base",
            "complex",
            "adj_rh_3mod4",
            "auto",
        ] {
            let applies = match alg {
                "mwst-base" => p % 4 == 1,
                "adj_rh_3mod4" => p % 4 == 3,
                _ => true,
            };
            let (code, lines) = run_lines(
                &["prime2", &ps, &cs, "sqrt", "-", "--algorithm", alg],
                &input,
            );
            if applies {
                assert_eq!(code, Some(0), "p={p} {alg}");
                assert_eq!(lines, expected, "p={p} {alg}");
            } else {
                assert_eq!(code, Some(2), "p={p} {alg}");
            }
        }
        assert_eq!(ok(&["prime2", &ps, &cs, "mul", "3,4", "5,6"]), {
            let (x, y) = mul((3, 4), (5, 6));
            format!("{x},{y}")
        });
    }
}

#[test]
fn prime_commands_reject_bad_input() {
    fails(&["prime", "15", "mul", "2", "3"], "not an odd prime");
    fails(&["prime", "16", "mul", "2", "3"], "not an odd prime");
    fails(&["prime", "13", "mul", "13", "1"], "13");
    fails(&["prime", "13", "mul", "x1", "1"], "x1");
    fails(&["prime", "13", "inv", "0"], "zero");
    fails(&["prime", "13", "sqrt", "3", "--algorithm", "nope"], "nope");
    // An unknown name lists the valid ones (and `auto`).
    fails(
        &["prime", "13", "sqrt", "3", "--algorithm", "newton"],
        "valid names: p3mod4, atkin, tonelli-shanks, smart, mwst, cipolla, sarkar, \
         sarkar-table, constant-time, auto",
    );
    fails(
        &["prime", "13", "qr", "3", "--algorithm", "euler"],
        "valid names: cqr, pqr, legendre, auto",
    );
    fails(
        &["prime2", "13", "2", "qr", "3,1", "--algorithm", "euler"],
        "valid names: cqr, pqr, norm, auto",
    );
    fails(
        &[
            "field",
            "163,7,6,3,0",
            "half-trace",
            "1",
            "--algorithm",
            "fast",
        ],
        "valid names: naive, table, table-byte",
    );
    // `auto` and both spellings everywhere an operation has variants.
    for alg in ["auto", "cqr", "PQR", "legendre"] {
        assert_eq!(
            ok(&["prime", "13", "qr", "3", "--algorithm", alg]),
            "1",
            "{alg}"
        );
        assert_eq!(
            ok(&["prime", "13", "qr", "5", "--algorithm", alg]),
            "-1",
            "{alg}"
        );
    }
    for alg in ["auto", "nibble_ct", "mask-ct", "TABLE-BYTE"] {
        assert_eq!(
            ok(&[
                "field",
                "163,7,6,3,0",
                "half-trace",
                "2",
                "--algorithm",
                alg
            ]),
            ok(&[
                "field",
                "163,7,6,3,0",
                "half-trace",
                "2",
                "--algorithm",
                "naive"
            ]),
            "{alg}"
        );
    }
    assert_eq!(
        ok(&[
            "field",
            "163,57,49,29,0",
            "sqrt",
            "2",
            "--algorithm",
            "auto"
        ]),
        ok(&[
            "field",
            "163,57,49,29,0",
            "sqrt",
            "2",
            "--algorithm",
            "fermat"
        ]),
    );
    fails(
        &["prime", "17", "sqrt", "2", "--algorithm", "p3mod4"],
        "does not apply",
    );
    fails(&["prime", "13", "frobnicate", "1"], "unknown operation");
    fails(&["prime2", "13", "3", "mul", "1,1", "1,1"], "square");
    fails(&["prime2", "13", "2", "mul", "1", "1,1"], "a0,a1");
    fails(&["prime2", "13", "2", "mul", "1,13", "1,1"], "13");
    // P-256's prime and a 2-adicity-96 prime (P-224) work at full size.
    let p256 = "0xffffffff00000001000000000000000000000000ffffffffffffffffffffffff";
    assert_eq!(ok(&["prime", p256, "sqrt", "4"]), "2");
    let p224 = "26959946667150639794667015087019630673557916260026308143510066298881";
    assert_eq!(ok(&["prime", p224, "sqrt", "9"]), "3");
    assert_eq!(ok(&["prime", p224, "pow", "3", "0x10"]), "43046721");
}

/// A bad `HALFROOT_CPU` or `HALFROOT_INLINE_CLASS` is one error line naming the variable
/// and exit status 2, before any work; a valid class runs the command as usual.
#[test]
fn bad_cpu_environment_gives_one_error_line() {
    let run = |var: &str, value: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_halfroot"))
            .args(["field", "8,4,3,1,0", "mul", "57", "83"])
            .env(var, value)
            .output()
            .expect("spawn halfroot")
    };
    for (var, value) in [
        ("HALFROOT_CPU", "avx1024"),
        ("HALFROOT_INLINE_CLASS", "zen4"),
    ] {
        let out = run(var, value);
        assert_eq!(out.status.code(), Some(2), "{var}={value}");
        let err = String::from_utf8(out.stderr).expect("utf8");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.starts_with("error: ") && err.contains(var), "{err}");
        assert!(out.stdout.is_empty());
    }
    for class in ["zen5", "slow-pdep", "zen3-zen4", "other", "native"] {
        let out = run("HALFROOT_INLINE_CLASS", class);
        assert!(out.status.success(), "{class}");
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "c1", "{class}");
    }
}
