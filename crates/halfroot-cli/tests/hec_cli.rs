//! End-to-end tests of `halfroot hec`: halving against doubling on C1, C2, C6 with every
//! applicable algorithm, scalar multiplication by every method against the library's
//! Cantor reference, negation, validation, the `-` line mode, a curve read from a JSON
//! file, and one error line with a non-zero exit for bad input.

#[path = "support/run.rs"]
mod run;

use halfroot::hec2::{Divisor, Hec2Curve};
use run::{halfroot, ok};

fn fails(args: &[&str], needle: &str) {
    let out = halfroot(args, None);
    assert_eq!(out.status.code(), Some(2), "{args:?} should fail");
    let err = String::from_utf8(out.stderr).expect("utf8");
    assert_eq!(err.lines().count(), 1, "{args:?}: one error line: {err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains(needle), "{args:?}: {err:?} lacks {needle:?}");
    assert!(out.stdout.is_empty(), "{args:?}: stdout not empty");
}

/// The library's divisor `text` (u1,u0,v1,v0 / u0,v0 / 0) on `c`, parsed here.
fn divisor(
    c: &Hec2Curve<halfroot::binary::dynamic::DynBinaryField>,
    text: &str,
) -> Divisor<Vec<u64>> {
    if text == "0" {
        return Divisor::Zero;
    }
    let el = |s: &str| halfroot::ec2::curve::element_from_hex(c.field(), s).expect("hex");
    let p: Vec<&str> = text.split(',').collect();
    match p.as_slice() {
        [u1, u0, v1, v0] => Divisor::Weight2 {
            u1: el(u1),
            u0: el(u0),
            v1: el(v1),
            v0: el(v0),
        },
        [u0, v0] => Divisor::Weight1 {
            u0: el(u0),
            v0: el(v0),
        },
        _ => panic!("bad divisor {text}"),
    }
}

#[test]
fn halving_undoes_doubling_on_the_named_curves() {
    for (name, algs) in [
        ("C1", ["alg3", "alg5", "alg5-lean"]),
        ("C2", ["alg3", "alg5", "alg5-lean"]),
        ("C6", ["alg3", "alg5", "alg5-lean"]),
    ] {
        for seed in ["1", "2"] {
            let d = ok(&["hec", name, "random", seed]);
            assert_eq!(ok(&["hec", name, "validate", &d]), "valid");
            let e = ok(&["hec", name, "dbl", &d]);
            assert_eq!(ok(&["hec", name, "dbl", &d, "--algorithm", "cantor"]), e);
            assert_eq!(ok(&["hec", name, "add", &d, &d]), e);
            assert_eq!(ok(&["hec", name, "halve", &e]), d);
            for a in algs {
                assert_eq!(
                    ok(&["hec", name, "halve", &e, "--algorithm", a]),
                    d,
                    "{name} {a}"
                );
            }
            let n = ok(&["hec", name, "neg", &d]);
            assert_eq!(ok(&["hec", name, "add", &d, &n]), "0");
        }
    }
}

#[test]
fn scalar_methods_agree_with_the_library_reference() {
    let c = Hec2Curve::named("C6").expect("C6");
    let d = ok(&["hec", "C6", "random", "5"]);
    let dl = divisor(&c, &d);
    for k in ["0", "1", "12345", "0xfedcba9876543210fedcba9876543210"] {
        let kk = halfroot::prime::montgomery::parse_uint(k).expect("k");
        let want = c.mul_cantor_vartime(&kk, &dl);
        for alg in [
            "auto",
            "double-and-add-vartime",
            "wnaf-vartime",
            "halve-and-add-vartime",
        ] {
            let got = ok(&["hec", "C6", "mul", k, &d, "--algorithm", alg]);
            assert_eq!(divisor(&c, &got), want, "{k} {alg}");
        }
    }
    // [r]D = 0 for D in the subgroup.
    let r = c.order().expect("order").r.clone();
    assert_eq!(ok(&["hec", "C6", "mul", &r.to_string(), &d]), "0");
}

#[test]
fn line_mode_and_curve_files() {
    let dir = std::env::temp_dir().join(format!("halfroot-hec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join("c2.json");
    let vectors: serde_json::Value = serde_json::from_str(include_str!(
        "../../halfroot/tests/vectors/hecc-kitamura.json"
    ))
    .expect("json");
    std::fs::write(&path, vectors["curves"][1].to_string()).expect("write");
    let p = path.to_str().expect("path");
    let d = ok(&["hec", "C2", "random", "9"]);
    let e = ok(&["hec", p, "dbl", &d]);
    assert_eq!(e, ok(&["hec", "C2", "dbl", &d]));
    assert_eq!(ok(&["hec", p, "halve", &e]), d);
    let out = halfroot(
        &["hec", "C2", "halve", "-"],
        Some(&format!("{e}\n1,2,3,4\n0\n")),
    );
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).expect("utf8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0], d);
    assert!(lines[1].starts_with("error: "));
    assert_eq!(lines[2], "0");
    // A curve file without #J: no halving in the subgroup.
    let mut nojson = vectors["curves"][1].clone();
    nojson.as_object_mut().expect("obj").remove("order_J");
    let path2 = dir.join("c2-no-order.json");
    std::fs::write(&path2, nojson.to_string()).expect("write");
    fails(
        &["hec", path2.to_str().expect("p"), "halve", &e],
        "not known",
    );
    // A wrong #J is refused.
    let mut wrong = vectors["curves"][1].clone();
    wrong["order_J"] =
        serde_json::Value::from("93536104789212612894157242714868481349614769897316");
    let path3 = dir.join("c2-wrong.json");
    std::fs::write(&path3, wrong.to_string()).expect("write");
    fails(
        &["hec", path3.to_str().expect("p"), "info"],
        "invalid curve",
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn bad_input_gives_one_error_line() {
    let d = ok(&["hec", "C1", "random", "3"]);
    fails(&["hec", "C9", "info"], "unknown curve");
    fails(&["hec", "C1", "frob", &d], "unknown operation");
    fails(&["hec", "C1", "dbl", "1,2,3,4"], "does not divide");
    fails(&["hec", "C1", "dbl", "1,2,3"], "u1,u0,v1,v0");
    fails(&["hec", "C1", "dbl", "xyz,1"], "hexadecimal");
    fails(&["hec", "C1", "dbl", &d, &d], "takes 1 argument");
    fails(
        &["hec", "C1", "halve", &d, "--algorithm", "alg6"],
        "does not apply",
    );
    fails(
        &["hec", "C1", "halve", &d, "--algorithm", "alg9"],
        "unknown",
    );
    fails(
        &["hec", "C1", "mul", "5", &d, "--algorithm", "ladder"],
        "unknown",
    );
    fails(&["hec", "C1", "mul", "-5", &d], "K:");
    fails(
        &["hec", "C1", "neg", &d, "--algorithm", "cantor"],
        "not to neg",
    );
    fails(&["hec", "C1", "validate", "0"], "neutral");
    // A divisor outside the subgroup: D + T for the 2-torsion T is not found directly;
    // use a random divisor that is not in it (odd-order check by the library).
    let c = Hec2Curve::named("C1").expect("C1");
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(1);
    let x = loop {
        let x = c.random_divisor_vartime(&mut rng);
        if !c.is_in_subgroup_vartime(&x).expect("order") && x.weight() == 2 {
            break x;
        }
    };
    let Divisor::Weight2 { u1, u0, v1, v0 } = &x else {
        unreachable!()
    };
    let hx = |e: &Vec<u64>| halfroot::ec2::curve::element_to_hex(c.field(), e);
    let t = format!("{},{},{},{}", hx(u1), hx(u0), hx(v1), hx(v0));
    fails(&["hec", "C1", "validate", &t], "not in the subgroup");
    fails(
        &["hec", "C1", "halve", &t],
        "not in the prime-order subgroup",
    );
    fails(
        &["hec", "C1", "halve", &t, "--algorithm", "alg5"],
        "not in 2J",
    );
    fails(
        &[
            "hec",
            "C1",
            "mul",
            "3",
            &t,
            "--algorithm",
            "halve-and-add-vartime",
        ],
        "subgroup",
    );
}
