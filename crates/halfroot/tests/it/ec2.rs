//! Binary elliptic curves (`halfroot::ec2`): the group law in every coordinate system
//! against the affine law, halving, every scalar-multiplication method against the
//! others, on the ten standard curves.

use halfroot::binary::dynamic::DynBinaryField;
use halfroot::ec2::params::STANDARD_CURVES;
use halfroot::ec2::{AffinePoint, BinaryCurve, ScalarMulAlgorithm};
use num_bigint::BigUint;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

type Curve = BinaryCurve<DynBinaryField>;
type Point = AffinePoint<Vec<u64>>;

fn curves() -> Vec<Curve> {
    STANDARD_CURVES
        .iter()
        .map(|c| BinaryCurve::standard(c.name).expect(c.name))
        .collect()
}

/// kP by the affine law, bit by bit (the slowest and simplest reference).
fn affine_mul(c: &Curve, k: &BigUint, p: &Point) -> Point {
    let mut acc = AffinePoint::Infinity;
    for i in (0..k.bits()).rev() {
        acc = c.double_vartime(&acc);
        if k.bit(i) {
            acc = c.add_vartime(&acc, p);
        }
    }
    acc
}

#[test]
fn methods_agree_on_standard_curves() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for c in curves() {
        let g = c.generator();
        for round in 0..3 {
            let p = c.random_point_vartime(&mut rng);
            let k = c.random_scalar_vartime(&mut rng);
            let want = affine_mul(&c, &k, &p);
            for alg in ScalarMulAlgorithm::ALL {
                let got = c.mul(Some(alg), &k, &p).expect("mul");
                assert_eq!(got, want, "{} {alg} round {round}", c.name());
            }
            let two_p = c.double_vartime(&p);
            let h = c.halve(&p).expect("supported").expect("odd order");
            assert_eq!(c.double_vartime(&h), p, "{} 2·halve(P)", c.name());
            assert_eq!(
                c.halve_vartime(&two_p).expect("ok"),
                Some(p.clone()),
                "{} halve(2P)",
                c.name()
            );
        }
        let _ = g;
    }
}

#[test]
fn ld_formulas_match_affine() {
    let mut rng = ChaCha8Rng::seed_from_u64(22);
    for c in curves() {
        for _ in 0..20 {
            let p = c.random_point_vartime(&mut rng);
            let q = c.random_point_vartime(&mut rng);
            let lp = c.ld_double(&c.ld_from_affine(&p));
            let lq = c.ld_add_mixed_vartime(&c.ld_from_affine(&q), &p);
            assert_eq!(
                c.ld_to_affine(&lp),
                c.double_vartime(&p),
                "{} dbl",
                c.name()
            );
            assert_eq!(
                c.ld_to_affine(&lq),
                c.add_vartime(&p, &q),
                "{} madd",
                c.name()
            );
            let sum = c.ld_add_vartime(&lp, &lq);
            let want = c.add_vartime(&c.double_vartime(&p), &c.add_vartime(&p, &q));
            assert_eq!(c.ld_to_affine(&sum), want, "{} add", c.name());
        }
    }
}

#[test]
fn halve_and_add_many() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    for c in curves().into_iter().take(2) {
        let p = c.random_point_vartime(&mut rng);
        for i in 0..200 {
            let k = c.random_scalar_vartime(&mut rng);
            let want = c
                .mul(Some(ScalarMulAlgorithm::WnafVartime), &k, &p)
                .unwrap();
            let t = c.order_bits();
            let kp = (&k << (t - 1)) % c.order();
            let got = c
                .mul(Some(ScalarMulAlgorithm::HalveAndAddVartime), &k, &p)
                .unwrap();
            if got != want {
                let d = halfroot::ec2::scalar::wnaf_digits(&kp.to_u64_digits(), 4);
                panic!(
                    "{} i={i} len={} t={t} top={:?}",
                    c.name(),
                    d.len(),
                    &d[d.len().saturating_sub(6)..]
                );
            }
        }
    }
}
