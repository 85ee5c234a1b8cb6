//! The named curves C1, C2, C6 against `tests/vectors/hecc-kitamura.json`, curve and
//! divisor validation, encodings.

use halfroot::binary::dynamic::DynBinaryField;
use halfroot::field::Field;
use halfroot::hec2::params::NAMED_CURVES;
use halfroot::hec2::{CurveShape, Divisor, Hec2Curve, Hec2ScalarAlgorithm};
use halfroot::Error;
use num_bigint::BigUint;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn vectors() -> serde_json::Value {
    let text = include_str!("../vectors/hecc-kitamura.json");
    serde_json::from_str(text).expect("json")
}

#[test]
fn named_curves_match_the_vector_file() {
    let v = vectors();
    let curves = v["curves"].as_array().expect("curves");
    assert_eq!(curves.len(), NAMED_CURVES.len());
    for (j, p) in curves.iter().zip(NAMED_CURVES) {
        assert_eq!(j["name"], p.name);
        let exps: Vec<u32> = j["field_modulus_exponents"]
            .as_array()
            .expect("exps")
            .iter()
            .map(|e| e.as_u64().expect("int") as u32)
            .collect();
        assert_eq!(exps, p.exponents);
        let hex = |s: &serde_json::Value| {
            BigUint::parse_bytes(&s.as_str().expect("str").as_bytes()[2..], 16).expect("hex")
        };
        for (i, name) in ["h0", "h1", "h2"].iter().enumerate() {
            assert_eq!(
                hex(&j["h"][name]),
                BigUint::parse_bytes(p.h[i].as_bytes(), 16).expect("hex")
            );
        }
        for (i, name) in ["f0", "f1", "f2", "f3", "f4", "f5"].iter().enumerate() {
            assert_eq!(
                hex(&j["f"][name]),
                BigUint::parse_bytes(p.f[i].as_bytes(), 16).expect("hex")
            );
        }
        assert_eq!(j["order_J"], p.order_j);
        let c = Hec2Curve::named(p.name).expect("named curve");
        let o = c.order().expect("order");
        let factors = j["order_J_factorisation"].as_array().expect("factors");
        assert_eq!(o.cofactor, BigUint::from(2u32));
        assert_eq!(o.r.to_string(), factors[1].as_str().expect("r"));
        // C1, C2, C6 are Pelzl's family h = x² + x + h0, f4 = 0 with h irreducible.
        assert_eq!(c.shape(), CurveShape::PelzlQuadratic);
        assert!(c.h_is_irreducible());
    }
}

#[test]
fn named_curve_group_orders_kill_random_divisors() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for p in NAMED_CURVES {
        let c = Hec2Curve::named(p.name).expect("curve");
        let o = c.order().expect("order").clone();
        for _ in 0..2 {
            let d = c.random_divisor_vartime(&mut rng);
            assert!(c.mul_cantor_vartime(&o.order_j, &d).is_zero());
            let e = c
                .random_subgroup_divisor_vartime(&mut rng)
                .expect("subgroup");
            assert!(c.mul_cantor_vartime(&o.r, &e).is_zero());
            assert!(!e.is_zero());
        }
    }
}

fn c1_parts() -> (DynBinaryField, [Vec<u64>; 3], [Vec<u64>; 6]) {
    let c = Hec2Curve::named("C1").expect("C1");
    (c.field().clone(), c.h().clone(), c.f().clone())
}

#[test]
fn bad_curves_are_refused_with_typed_errors() {
    let (fl, h, f) = c1_parts();
    let n = Hec2Curve::named("C1")
        .expect("C1")
        .order()
        .expect("order")
        .order_j
        .clone();
    // A wrong #J (still inside the Hasse–Weil interval) and one outside it.
    for bad in [
        &n + BigUint::from(2u32),
        &n - BigUint::from(2u32),
        BigUint::from(12345u32),
    ] {
        let e =
            Hec2Curve::new(fl.clone(), h.clone(), f.clone(), Some(bad), "x").expect_err("bad #J");
        assert!(matches!(e, Error::InvalidCurve { .. }), "{e}");
    }
    // f not monic of degree 5.
    let mut g = f.clone();
    g[5] = fl.zero();
    assert!(matches!(
        Hec2Curve::new(fl.clone(), h.clone(), g, None, "x"),
        Err(Error::InvalidCurve { .. })
    ));
    // h = 0.
    let z = [fl.zero(), fl.zero(), fl.zero()];
    assert!(matches!(
        Hec2Curve::new(fl.clone(), z, f.clone(), None, "x"),
        Err(Error::InvalidCurve { .. })
    ));
    // Singular: h = x, f = x⁵ + f1·x + f1² (then f′(0)² + h′(0)²f(0) = f1² + f1² = 0).
    let f1 = fl.random(&mut ChaCha8Rng::seed_from_u64(3));
    let hx = [fl.zero(), fl.one(), fl.zero()];
    let fs = [
        Field::sqr(&fl, &f1),
        f1.clone(),
        fl.zero(),
        fl.zero(),
        fl.zero(),
        fl.one(),
    ];
    let e = Hec2Curve::new(fl.clone(), hx.clone(), fs, None, "singular").expect_err("singular");
    assert!(matches!(e, Error::InvalidCurve { .. }), "{e}");
    let fs = [fl.one(), f1, fl.zero(), fl.zero(), fl.zero(), fl.one()];
    let c = Hec2Curve::new(fl.clone(), hx, fs, None, "pelzl").expect("non-singular");
    assert_eq!(c.shape(), CurveShape::PelzlX);
    // Parameters (a struct with public fields) without a field polynomial, and of
    // another degree than the field: typed errors, not an index panic.
    let c1 = *halfroot::hec2::params::find("C1").expect("C1");
    for bad in [
        halfroot::hec2::params::NamedHec2Curve {
            exponents: &[],
            ..c1
        },
        halfroot::hec2::params::NamedHec2Curve {
            exponents: &[113, 9, 0],
            ..c1
        },
    ] {
        let e = Hec2Curve::from_params(fl.clone(), &bad).expect_err("bad parameters");
        assert!(matches!(e, Error::InvalidCurve { .. }), "{e}");
    }
}

#[test]
fn divisors_are_validated_and_round_trip() {
    let c = Hec2Curve::named("C2").expect("C2");
    let fl = c.field().clone();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for _ in 0..20 {
        let d = c.random_divisor_vartime(&mut rng);
        assert!(c.is_valid_divisor(&d));
        let bytes = c.encode(&d);
        assert_eq!(c.decode(&bytes).expect("decode"), d);
        assert_eq!(c.add_cantor(&d, &c.neg(&d)), Divisor::Zero);
        // A changed v is (almost surely) not a divisor any more.
        if let Divisor::Weight2 { u1, u0, v1, v0 } = &d {
            let bad = Divisor::Weight2 {
                u1: u1.clone(),
                u0: u0.clone(),
                v1: v1.clone(),
                v0: Field::add(&fl, v0, &fl.one()),
            };
            assert!(!c.is_valid_divisor(&bad));
            assert!(matches!(
                c.decode(&c.encode(&bad)),
                Err(Error::PointNotOnCurve { .. })
            ));
            let u = [u0.clone(), u1.clone(), fl.one()];
            let v = [v0.clone(), v1.clone()];
            assert_eq!(c.divisor_from_polys(&u, &v).expect("pair"), d);
            // Not monic, deg v ≥ deg u, deg u > 2.
            let two = Field::add(&fl, &fl.one(), &vec![2u64, 0]);
            assert!(c
                .divisor_from_polys(&[u0.clone(), u1.clone(), two], &v)
                .is_err());
            assert!(c.divisor_from_polys(&[u0.clone(), fl.one()], &v).is_err());
            assert!(c
                .divisor_from_polys(&[u0.clone(), u1.clone(), fl.zero(), fl.one()], &v)
                .is_err());
        }
    }
    // Malformed encodings.
    let d = c.random_divisor_vartime(&mut rng);
    let mut bytes = c.encode(&d);
    for bad in [vec![], vec![3u8], bytes[..bytes.len() - 1].to_vec()] {
        assert!(
            matches!(c.decode(&bad), Err(Error::InvalidEncoding { .. })),
            "{bad:?}"
        );
    }
    // A coefficient with bits above the degree.
    bytes[1] = 0xff;
    assert!(c.decode(&bytes).is_err());
    assert_eq!(c.decode(&[0]).expect("zero"), Divisor::Zero);
}

#[test]
fn unknown_names_are_refused() {
    assert!(matches!(
        Hec2Curve::named("C4"),
        Err(Error::UnknownCurve { .. })
    ));
}

/// A divisor built by hand whose coefficient carries bits at or above d (congruent to
/// a valid one modulo P) or is one word short is refused by the checks and by every
/// entry point that returns a `Result`; a curve with such a coefficient is refused.
/// (Before the coefficients were checked, a weight-1 divisor with u0 + P passed
/// `is_valid_divisor`, whose polynomial arithmetic reduces every product.)
#[test]
fn unreduced_coefficients_are_refused() {
    let mut rng = ChaCha8Rng::seed_from_u64(46);
    let k = BigUint::from(12345u32);
    for p in NAMED_CURVES {
        let c = Hec2Curve::named(p.name).expect("named curve");
        let fl = c.field().clone();
        let d = fl.degree() as usize;
        assert!(fl.words() > 1, "{}: the short case needs two words", p.name);
        // a + P, where z^d mod P = P − z^d.
        let plus_p = |a: &Vec<u64>| {
            let mut z = Field::zero(&fl);
            z[0] = 2;
            let zd = Field::pow_vartime(&fl, &z, &[d as u64]);
            let mut out = Field::add(&fl, a, &zd);
            out[d / 64] |= 1 << (d % 64);
            out
        };
        let short = |a: &Vec<u64>| {
            let mut out = a.clone();
            out.pop();
            out
        };
        let w2 = c
            .random_subgroup_divisor_vartime(&mut rng)
            .expect("subgroup");
        let Divisor::Weight2 { u1, u0, v1, v0 } = &w2 else {
            panic!("{}: a random subgroup divisor of weight 2 expected", p.name);
        };
        let w1 = c.random_point_vartime(&mut rng);
        let Divisor::Weight1 { u0: x, v0: y } = &w1 else {
            panic!("weight 1 expected");
        };
        assert!(c.check_divisor(&w2).is_ok() && c.check_divisor(&w1).is_ok());
        let mut bad = Vec::new();
        type Change<'a> = &'a dyn Fn(&Vec<u64>) -> Vec<u64>;
        for (name, change) in [("+ P", &plus_p as Change), ("short", &short as Change)] {
            let c4 = [u1, u0, v1, v0];
            for i in 0..4 {
                let mut cs = c4.map(|e| e.clone());
                cs[i] = change(c4[i]);
                let [u1, u0, v1, v0] = cs;
                bad.push((
                    format!("weight 2, coefficient {i} {name}"),
                    Divisor::Weight2 { u1, u0, v1, v0 },
                ));
            }
            bad.push((
                format!("weight 1, u0 {name}"),
                Divisor::Weight1 {
                    u0: change(x),
                    v0: y.clone(),
                },
            ));
            bad.push((
                format!("weight 1, v0 {name}"),
                Divisor::Weight1 {
                    u0: x.clone(),
                    v0: change(y),
                },
            ));
        }
        for (what, b) in &bad {
            let ctx = format!("{} {what}", p.name);
            let out_of_range = |r: Result<(), Error>| matches!(r, Err(Error::OutOfRange { .. }));
            assert!(!c.is_valid_divisor(b), "{ctx}");
            assert!(out_of_range(c.check_divisor(b)), "{ctx}");
            assert!(out_of_range(c.mul_vartime(None, &k, b).map(drop)), "{ctx}");
            for alg in [
                Hec2ScalarAlgorithm::DoubleAndAddVartime,
                Hec2ScalarAlgorithm::WnafVartime,
                Hec2ScalarAlgorithm::HalveAndAddVartime,
            ] {
                assert!(
                    out_of_range(c.mul_vartime(Some(alg), &k, b).map(drop)),
                    "{ctx}"
                );
            }
            assert!(
                out_of_range(c.mul_halve_and_add_vartime(&k, b, 4).map(drop)),
                "{ctx}"
            );
            assert!(out_of_range(c.halve_vartime(b).map(drop)), "{ctx}");
            assert!(out_of_range(c.is_in_subgroup_vartime(b).map(drop)), "{ctx}");
            assert!(out_of_range(c.halving_table_vartime(b).map(drop)), "{ctx}");
            let (u, v) = (c.u_poly(b), c.v_poly(b));
            assert!(
                out_of_range(c.divisor_from_polys(&u, &v).map(drop)),
                "{ctx}"
            );
        }
        // The curve's own coefficients: h0 + P, a short f0.
        let mut h = c.h().clone();
        h[0] = plus_p(&h[0]);
        let e = Hec2Curve::new(fl.clone(), h, c.f().clone(), None, "h0 + P").expect_err("h0 + P");
        assert!(matches!(e, Error::InvalidCurve { .. }), "{e}");
        let mut f = c.f().clone();
        f[0] = short(&f[0]);
        let e =
            Hec2Curve::new(fl.clone(), c.h().clone(), f, None, "short f0").expect_err("short f0");
        assert!(matches!(e, Error::InvalidCurve { .. }), "{e}");
    }
}
