//! End-to-end tests of `halfroot ext`: products, squares, inverses, norms and
//! Frobenius images checked against a schoolbook `BigUint` computation written here,
//! line mode, and one error line with a non-zero exit for bad input.

use num_bigint::BigUint;
#[path = "support/run.rs"]
mod run;

use run::{halfroot, ok};

fn err(args: &[&str]) -> String {
    let out = halfroot(args, None);
    assert!(!out.status.success(), "{args:?} should fail");
    let e = String::from_utf8(out.stderr).expect("utf8");
    assert_eq!(e.trim_end().lines().count(), 1, "one error line: {e}");
    e
}

fn nums(s: &str) -> Vec<BigUint> {
    s.split(',').map(|t| t.parse().expect("decimal")).collect()
}

fn show(v: &[BigUint]) -> String {
    v.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

/// a·b mod (q, X^k + Σ m_i X^i).
fn mulmod(q: &BigUint, m: &[BigUint], a: &[BigUint], b: &[BigUint]) -> Vec<BigUint> {
    let k = m.len();
    let mut c = vec![BigUint::from(0u32); 2 * k - 1];
    for i in 0..k {
        for j in 0..k {
            c[i + j] = (&c[i + j] + &a[i] * &b[j]) % q;
        }
    }
    for d in (k..2 * k - 1).rev() {
        let t = c[d].clone();
        for i in 0..k {
            c[d - k + i] = (&c[d - k + i] + q - (&t * &m[i]) % q) % q;
        }
    }
    c.truncate(k);
    c
}

/// Deterministic pseudo-random coefficients below q (a simple LCG on u64).
fn coeffs(q: &BigUint, k: usize, seed: &mut u64) -> Vec<BigUint> {
    (0..k)
        .map(|_| {
            let mut v = BigUint::from(0u32);
            for _ in 0..(q.bits() / 64 + 2) {
                *seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                v = (v << 64u32) + BigUint::from(*seed);
            }
            v % q
        })
        .collect()
}

#[test]
fn ext_products_match_schoolbook() {
    // q = 2^127 − 1 ≡ 2 mod 5 (trinomial); q = 2^61 − 1 ≡ 1 mod 5, ≡ 1 mod 6 and 7
    let q127 = (BigUint::from(1u32) << 127u32) - 1u32;
    let q61 = (BigUint::from(1u32) << 61u32) - 1u32;
    let mut seed = 1u64;
    let mut cases: Vec<(&BigUint, usize, String)> =
        vec![(&q61, 5usize, "3".into()), (&q61, 7, "3".into())];
    // the first irreducible X^k + X + c0 (k = 5, 6) and X^6 + 3X^3 + X^2 + c0 per the binary
    for (k, tail) in [(5usize, "1,0,0,0"), (6, "1,0,0,0,0"), (6, "0,1,3,0,0")] {
        let qs = q127.to_string();
        let ones = vec!["1"; k].join(",");
        let found = (1..200u32).map(|c0| format!("{c0},{tail}")).find(|m| {
            halfroot(&["ext", &qs, &k.to_string(), m, "sqr", &ones], None)
                .status
                .success()
        });
        cases.push((&q127, k, found.expect("an irreducible sparse M")));
    }
    let mut checked = 0;
    for (q, k, modulus) in &cases {
        let (q, k, modulus) = (*q, *k, modulus.as_str());
        let qs = q.to_string();
        let ks = k.to_string();
        // the binary rejects a reducible M; skip those (checked elsewhere)
        let m: Vec<BigUint> = if modulus.contains(',') {
            nums(modulus)
        } else {
            let mut m = vec![BigUint::from(0u32); k];
            m[0] = q - nums(modulus)[0].clone();
            m
        };
        let probe = halfroot(
            &[
                "ext",
                &qs,
                &ks,
                modulus,
                "sqr",
                &show(&vec![BigUint::from(1u32); k]),
            ],
            None,
        );
        if !probe.status.success() {
            continue;
        }
        // Montgomery's formulae for k = 5, 6, 7 (13M / 17M / 22M), reduced and lazy
        for alg in [
            "schoolbook",
            "karatsuba",
            "newton",
            "auto",
            "montgomery",
            "montgomery-lazy",
        ] {
            let a = coeffs(q, k, &mut seed);
            let b = coeffs(q, k, &mut seed);
            let want = show(&mulmod(q, &m, &a, &b));
            let got = ok(&[
                "ext",
                &qs,
                &ks,
                modulus,
                "mul",
                &show(&a),
                &show(&b),
                "--algorithm",
                alg,
            ]);
            assert_eq!(got, want, "{alg} k={k} M={modulus}");
            let want_sq = show(&mulmod(q, &m, &a, &a));
            assert_eq!(
                ok(&[
                    "ext",
                    &qs,
                    &ks,
                    modulus,
                    "sqr",
                    &show(&a),
                    "--algorithm",
                    alg
                ]),
                want_sq
            );
            // inverse: a · a⁻¹ = 1 by the schoolbook product here
            let inv = nums(&ok(&["ext", &qs, &ks, modulus, "inv", &show(&a)]));
            let mut one = vec![BigUint::from(0u32); k];
            one[0] = BigUint::from(1u32);
            assert_eq!(mulmod(q, &m, &a, &inv), one);
            checked += 1;
        }
    }
    assert!(checked >= 15, "only {checked} products checked");
}

#[test]
fn ext_norm_and_frobenius_small_field() {
    // q = 31, X^5 − 3: a^q by repeated schoolbook products; N(a) = Π a^(q^i)
    let q = BigUint::from(31u32);
    let m = nums("28,0,0,0,0");
    let a = nums("1,2,3,4,5");
    let pow = |x: &[BigUint], e: u64| {
        let mut r = nums("1,0,0,0,0");
        for _ in 0..e {
            r = mulmod(&q, &m, &r, x);
        }
        r
    };
    let aq = pow(&a, 31);
    assert_eq!(
        ok(&["ext", "31", "5", "3", "frobenius", "1,2,3,4,5"]),
        show(&aq)
    );
    assert_eq!(
        ok(&["ext", "31", "5", "3", "frobenius", "1,2,3,4,5", "5"]),
        "1,2,3,4,5"
    );
    let mut n = a.clone();
    let mut c = a.clone();
    for _ in 1..5 {
        c = pow(&c, 31);
        n = mulmod(&q, &m, &n, &c);
    }
    assert_eq!(
        ok(&["ext", "31", "5", "3", "norm", "1,2,3,4,5"]),
        n[0].to_string()
    );
    assert_eq!(
        ok(&["ext", "31", "5", "3", "pow", "1,2,3,4,5", "31"]),
        show(&aq)
    );
}

#[test]
fn ext_line_mode() {
    let out = halfroot(
        &["ext", "31", "5", "3", "mul", "-"],
        Some("1,2,3,4,5 1,0,0,0,0\n# comment\n1,2 3\n0x1,0,0,0,0 7,7,7,7,7\n"),
    );
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).expect("utf8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "1,2,3,4,5");
    assert!(lines[1].starts_with("error: "));
    assert_eq!(lines[2], "7,7,7,7,7");
}

#[test]
fn ext_errors_are_one_line() {
    // 4 = 2² is a square: X^6 − 4 reducible over GF(31) (31 ≡ 1 mod 6)
    assert!(
        err(&["ext", "31", "6", "4", "mul", "1,0,0,0,0,0", "1,0,0,0,0,0"]).contains("reducible")
    );
    // (X + 1)(X^2 + 1) = X^3 + X^2 + X + 1
    assert!(err(&["ext", "31", "3", "1,1,1", "sqr", "1,2,3"]).contains("reducible"));
    assert!(err(&["ext", "31", "5", "3", "mul", "1,2,3,4", "1,2,3,4,5"]).contains("coefficients"));
    assert!(err(&["ext", "31", "5", "3", "mul", "1,2,3,4,31", "1,2,3,4,5"]).contains("range"));
    assert!(err(&["ext", "33", "5", "3", "sqr", "1,2,3,4,5"]).contains("prime"));
    assert!(err(&["ext", "31", "5", "3,1", "sqr", "1,2,3,4,5"]).contains("coefficients"));
    assert!(err(&[
        "ext",
        "11",
        "7",
        "auto",
        "sqr",
        "1,2,3,4,5,6,7",
        "--algorithm",
        "newton"
    ])
    .contains("newton"));
    assert!(err(&["ext", "31", "5", "3", "frob", "1,2,3,4,5"]).contains("unknown operation"));
    assert!(err(&[
        "ext",
        "31",
        "5",
        "3",
        "sqr",
        "1,2,3,4,5",
        "--algorithm",
        "fft"
    ])
    .contains("fft"));
}
