//! The constant-time τ-adic method (`ec2::scalar::tnaf_ct`) and Pornin's (x, s)
//! coordinates (`ec2::xs`) on the five Koblitz curves: the recoding against an
//! evaluation in Z[τ] written here, the batched digit loop against the step-by-step
//! one, the complete formulas against the affine law (equal and opposite operands and
//! the neutral included), the table, and the products against the ladder on three
//! field types. The methods are also in `ScalarMulAlgorithm::ALL`, so the tests of
//! `ec2.rs` and `ec2_exhaustive.rs` run them against every other method.

use halfroot::binary::dynamic::DynBinaryField;
use halfroot::binary::field::BinaryField;
use halfroot::binary::spec::Nist233;
use halfroot::ec2::scalar::tnaf_ct::{GROUP, TABLE_LEN};
use halfroot::ec2::xs::XsPoint;
use halfroot::ec2::{AffinePoint, BinaryCurve, ScalarMulAlgorithm};
use halfroot::field::Field;
use num_bigint::{BigInt, BigUint};
use num_integer::Integer;
use num_traits::{One, Zero};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const KOBLITZ: [&str; 5] = [
    "sect163k1",
    "sect233k1",
    "sect283k1",
    "sect409k1",
    "sect571k1",
];

/// (a0 + a1τ)(b0 + b1τ) with τ² = μτ − 2.
fn zt_mul(mu: i64, a: &(BigInt, BigInt), b: &(BigInt, BigInt)) -> (BigInt, BigInt) {
    let t = &a.1 * &b.1;
    (&a.0 * &b.0 - &t * 2, &a.0 * &b.1 + &a.1 * &b.0 + &t * mu)
}

/// The NAF of a small integer, lowest digit first (written apart from the library).
fn naf(mut d: i64) -> Vec<i64> {
    let mut out = Vec::new();
    while d != 0 {
        let z = if d.rem_euclid(2) == 1 {
            2 - d.rem_euclid(4)
        } else {
            0
        };
        out.push(z);
        d = (d - z) / 2;
    }
    out
}

/// Σ_g T(d_g)·τ^(w·g) in Z[τ], T(d) = Σ z_j τ^j over the NAF of d.
fn evaluate(mu: i64, digits: &[i8]) -> (BigInt, BigInt) {
    let tau = (BigInt::zero(), BigInt::one());
    let mut acc = (BigInt::zero(), BigInt::zero());
    for &d in digits.iter().rev() {
        for _ in 0..GROUP {
            acc = zt_mul(mu, &acc, &tau);
        }
        let mut term = (BigInt::zero(), BigInt::zero());
        let mut pow = (BigInt::one(), BigInt::zero());
        for z in naf(i64::from(d)) {
            term = (&term.0 + &pow.0 * z, &term.1 + &pow.1 * z);
            pow = zt_mul(mu, &pow, &tau);
        }
        acc = (&acc.0 + term.0, &acc.1 + term.1);
    }
    acc
}

/// The scalars of the recoding tests: edges and random ones below n.
fn scalars(c: &BinaryCurve<DynBinaryField>, rng: &mut ChaCha8Rng, random: usize) -> Vec<BigUint> {
    let n = c.order().clone();
    let one = BigUint::one();
    let mut ks: Vec<BigUint> = [0u32, 1, 2, 3, 5, 10, 11, 21].map(BigUint::from).to_vec();
    ks.extend([&n - 1u32, &n - 2u32, &n >> 1u32, (&n >> 1u32) + 1u32]);
    for i in [63, 64, 65, c.order_bits() / 2, c.order_bits() - 2] {
        ks.push(&one << i);
        ks.push((&one << i) - 1u32);
    }
    // n·j/7 for the rounding's boundaries.
    ks.extend((1u32..7).map(|j| &n * j / 7u32));
    ks.extend((0..random).map(|_| c.random_scalar_vartime(rng)));
    ks
}

/// For every Koblitz curve: the digits of `recode` equal those of `recode_stepwise`,
/// lie in [−10, 10], say they account for all of ρ, and evaluate in Z[τ] to a value
/// congruent to k modulo δ (k − value is a multiple of δ: (k − value)·δ̄ is divisible
/// by N(δ)).
#[test]
fn recoding_is_k_mod_delta() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x7461_7563);
    for name in KOBLITZ {
        let c = BinaryCurve::standard(name).expect(name);
        let kob = c.koblitz().expect("Koblitz");
        let rec = c.tnaf_recoder().expect("recoder");
        let mu = kob.mu();
        let (s0, s1) = kob.delta_conj();
        let norm = kob.delta_norm();
        let a = u32::from(mu == 1);
        assert_eq!(
            rec.groups(),
            (c.degree() + a + 3).div_ceil(GROUP) as usize,
            "{name} groups"
        );
        for k in scalars(&c, &mut rng, 400) {
            let s = c.scalar_from_biguint(&k);
            let (digits, complete) = rec.recode(s.words());
            let (steps, complete_steps) = rec.recode_stepwise(s.words());
            assert!(bool::from(complete), "{name} k={k:#x}: digits left over");
            assert!(bool::from(complete_steps), "{name} k={k:#x}: stepwise");
            assert_eq!(digits, steps, "{name} k={k:#x}: batched vs stepwise");
            assert_eq!(digits.len(), rec.groups());
            assert!(
                digits
                    .iter()
                    .all(|d| d.unsigned_abs() as usize <= TABLE_LEN),
                "{name} k={k:#x}: {digits:?}"
            );
            let e = evaluate(mu, &digits);
            let diff = (BigInt::from(k.clone()) - e.0, -e.1);
            let w = zt_mul(mu, &diff, &(s0.clone(), s1.clone()));
            assert!(
                w.0.is_multiple_of(norm) && w.1.is_multiple_of(norm),
                "{name} k={k:#x}: the digits are not k mod δ"
            );
        }
    }
}

/// The 4-digit groups as a whole are a τNAF: no two adjacent digits nonzero, across
/// the groups' boundaries too (the recoding is Solinas' τNAF, only cut into groups).
#[test]
fn recoding_is_non_adjacent() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for name in KOBLITZ {
        let c = BinaryCurve::standard(name).expect(name);
        let rec = c.tnaf_recoder().expect("recoder");
        for k in scalars(&c, &mut rng, 50) {
            let (digits, _) = rec.recode(c.scalar_from_biguint(&k).words());
            let mut flat = Vec::new();
            for &d in &digits {
                let mut z = naf(i64::from(d));
                z.resize(GROUP as usize, 0);
                flat.extend(z);
            }
            assert!(
                flat.windows(2).all(|p| p[0] == 0 || p[1] == 0),
                "{name} k={k:#x}"
            );
        }
    }
}

/// The (x, s) formulas against the affine law on K-163 (a = 1) and K-233 (a = 0):
/// addition (general and mixed) of random points, of P and P, of P and −P, with the
/// neutral; negation; Frobenius maps; the maps to and from affine points.
#[test]
fn xs_formulas_match_the_affine_law() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x7873);
    for name in ["sect163k1", "sect233k1"] {
        let c = BinaryCurve::standard(name).expect(name);
        let f = c.field();
        let back = |q: &XsPoint<Vec<u64>>| -> AffinePoint<Vec<u64>> {
            let (x, y, infinity) = c.xs_to_affine_ct(q);
            let (only_x, inf_x) = c.xs_to_x_ct(q);
            assert_eq!(bool::from(infinity), bool::from(inf_x));
            if bool::from(infinity) {
                AffinePoint::Infinity
            } else {
                assert_eq!(only_x, x, "{name} x-only");
                AffinePoint::Finite { x, y }
            }
        };
        // A projective form with Z ≠ 1: (λX : λ²S : λZ : λ²T).
        let scale = |q: &XsPoint<Vec<u64>>, l: &Vec<u64>| XsPoint {
            x: Field::mul(f, &q.x, l),
            s: Field::mul(f, &q.s, &Field::sqr(f, l)),
            z: Field::mul(f, &q.z, l),
            t: Field::mul(f, &q.t, &Field::sqr(f, l)),
        };
        let neutral = c.xs_neutral();
        assert_eq!(back(&neutral), AffinePoint::Infinity);
        for _ in 0..20 {
            let p = c.random_point_vartime(&mut rng);
            let q = c.random_point_vartime(&mut rng);
            let l = f.random(&mut rng);
            let (xp, xq) = (c.xs_from_affine(&p), scale(&c.xs_from_affine(&q), &l));
            assert_eq!(back(&xp), p, "{name} round trip");
            assert_eq!(back(&xq), q, "{name} round trip, Z ≠ 1");
            let minus_p = c.neg(&p);
            for (u, v, want) in [
                (&xp, &xq, c.add_vartime(&p, &q)),
                (&xp, &xp, c.double_vartime(&p)),
                (&xq, &xq, c.double_vartime(&q)),
                (&xp, &c.xs_neg(&xp), AffinePoint::Infinity),
                (&xp, &neutral, p.clone()),
                (&neutral, &xq, q.clone()),
                (&neutral, &neutral, AffinePoint::Infinity),
            ] {
                assert_eq!(back(&c.xs_add(u, v)), want, "{name} addition");
            }
            assert_eq!(back(&c.xs_neg(&xq)), c.neg(&q), "{name} negation");
            // Both X = 1 (from affine points, through Frobenius maps): P + Q, P + P,
            // P − P, τ²P ± P.
            let xq1 = c.xs_from_affine(&q);
            let t2p = c.xs_frobenius(&c.xs_frobenius(&xp));
            for (u, v, want) in [
                (&xp, &xq1, c.add_vartime(&p, &q)),
                (&xp, &xp, c.double_vartime(&p)),
                (&xp, &c.xs_neg(&xp), AffinePoint::Infinity),
                (&t2p, &xp, c.add_vartime(&c.frobenius(&c.frobenius(&p)), &p)),
            ] {
                assert_eq!(back(&c.xs_add_unit_x(u, v)), want, "{name} addition, X = 1");
            }
            // Mixed: the affine (x, s) of Q, also for −P (equal x) and the neutral (0, 1).
            let affine = |r: &AffinePoint<Vec<u64>>| -> (Vec<u64>, Vec<u64>) {
                match r {
                    AffinePoint::Infinity => (f.zero(), f.one()),
                    _ => {
                        let e = c.xs_from_affine(r);
                        let zi = Field::inv(f, &e.z).expect("Z ≠ 0");
                        (
                            Field::mul(f, &e.x, &zi),
                            Field::mul(f, &e.s, &Field::sqr(f, &zi)),
                        )
                    }
                }
            };
            for (r, want) in [
                (q.clone(), c.add_vartime(&q, &q)),
                (p.clone(), c.add_vartime(&q, &p)),
                (c.neg(&q), AffinePoint::Infinity),
                (AffinePoint::Infinity, q.clone()),
            ] {
                let (x2, s2) = affine(&r);
                let sum = c.xs_add_affine(&xq, &x2, &s2);
                assert_eq!(back(&sum), want, "{name} mixed addition");
                let (x3, s3, z3) = c.xs_add_affine_xsz(&xq, &x2, &s2);
                assert_eq!((x3, s3, z3), (sum.x, sum.s, sum.z), "{name} without T");
            }
            let _ = minus_p;
            let frob = c.frobenius(&q);
            assert_eq!(back(&c.xs_frobenius(&xq)), frob, "{name} τ");
            let mut frob4 = q.clone();
            for _ in 0..4 {
                frob4 = c.frobenius(&frob4);
            }
            assert_eq!(back(&c.xs_frobenius_pow(&xq, 4)), frob4, "{name} τ⁴");
        }
    }
}

/// The table T[d] = (Σ z_j τ^j)·P over the NAF of d, and the masked reads of ±T[|d|]
/// for every digit, against the affine law.
#[test]
fn table_and_lookups() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x7461_626c);
    for name in ["sect163k1", "sect233k1", "sect571k1"] {
        let c = BinaryCurve::standard(name).expect(name);
        let f = c.field();
        let p = c.random_point_vartime(&mut rng);
        let table = c.tnaf_ct_table(&p);
        assert_eq!(table.rows.len(), TABLE_LEN + 1);
        for d in -(TABLE_LEN as i8)..=TABLE_LEN as i8 {
            // Σ z_j τ^j(P) by affine Frobenius maps and additions.
            let mut want = AffinePoint::Infinity;
            let mut tp = p.clone();
            for z in naf(i64::from(d)) {
                match z {
                    1 => want = c.add_vartime(&want, &tp),
                    -1 => want = c.add_vartime(&want, &c.neg(&tp)),
                    _ => {}
                }
                tp = c.frobenius(&tp);
            }
            let (x, s) = c.xs_lookup_ct(&table, d);
            let entry = XsPoint {
                x: x.clone(),
                s,
                z: f.one(),
                t: x,
            };
            let (ax, ay, infinity) = c.xs_to_affine_ct(&entry);
            let got = if bool::from(infinity) {
                AffinePoint::Infinity
            } else {
                AffinePoint::Finite { x: ax, y: ay }
            };
            assert_eq!(got, want, "{name} T[{d}]");
        }
    }
}

/// k·P by the τ-adic method against the ladder, with y and x only, on the run-time
/// field (all five curves) and on the compile-time fields of K-163 and K-233; ECDH
/// through either method gives the same secret.
#[test]
fn tnaf_ct_agrees_with_the_ladder() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x6c61_6464);
    for name in KOBLITZ {
        let c = BinaryCurve::standard(name).expect(name);
        let p = c.random_point_vartime(&mut rng);
        for k in scalars(&c, &mut rng, 6) {
            let s = c.scalar_from_biguint(&k);
            let want = c.mul_ladder(&s, &p);
            assert_eq!(c.mul_tnaf(&s, &p).expect("tnaf"), want, "{name} k={k:#x}");
            let (x, infinity) = c.mul_tnaf_x_ct(&s, &p).expect("tnaf x");
            match &want {
                AffinePoint::Infinity => assert!(bool::from(infinity), "{name} k={k:#x}"),
                AffinePoint::Finite { x: wx, .. } => {
                    assert!(!bool::from(infinity));
                    assert_eq!(&x, wx, "{name} k={k:#x} x only");
                }
            }
        }
        assert_eq!(
            c.mul_tnaf(
                &c.scalar_from_biguint(&BigUint::from(5u32)),
                &AffinePoint::Infinity
            )
            .expect("O"),
            AffinePoint::Infinity
        );
        // ECDH: the measured choice, and both methods by hand.
        let (d, _) = c.keygen(&mut rng).expect("keygen");
        let (_, q) = c.keygen(&mut rng).expect("keygen");
        let secret = c.ecdh(&d, &q).expect("ecdh");
        let by_ladder = c
            .mul_ladder_x(&d, q.coordinates().expect("finite").0)
            .expect("x");
        let (by_tnaf, _) = c.mul_tnaf_x_ct(&d, &q).expect("x");
        assert_eq!(
            secret,
            c.field().encode(&by_ladder),
            "{name} ECDH vs ladder"
        );
        assert_eq!(secret, c.field().encode(&by_tnaf), "{name} ECDH vs τ-adic");
        assert!(c.secret_candidates().contains(&ScalarMulAlgorithm::Tnaf));
    }
    // Off Koblitz curves the method is refused with a typed error.
    let b = BinaryCurve::standard("sect233r1").expect("B-233");
    let g = b.generator();
    assert!(matches!(
        b.mul_tnaf(&b.scalar_from_biguint(&BigUint::from(3u32)), &g),
        Err(halfroot::Error::UnsupportedAlgorithm { .. })
    ));
    assert_eq!(b.secret_candidates(), vec![ScalarMulAlgorithm::Ladder]);
    assert_eq!(b.auto_secret_algorithm(), ScalarMulAlgorithm::Ladder);

    // A compile-time field (its specialised kernels; one stands for all, as in
    // `ec2::lambda_formulas_match_affine`: each field type instantiates the whole curve
    // code).
    let f233 = BinaryField::<4, Nist233>::new(Nist233).expect("field");
    let c233 = BinaryCurve::standard_on(f233, "sect233k1").expect("K-233");
    for _ in 0..8 {
        let k = c233.random_scalar_vartime(&mut rng);
        let s = c233.scalar_from_biguint(&k);
        let p = c233.random_point_vartime(&mut rng);
        assert_eq!(
            c233.mul_tnaf(&s, &p).expect("tnaf"),
            c233.mul_ladder(&s, &p)
        );
    }
}
