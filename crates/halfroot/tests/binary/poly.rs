//! `halfroot::poly` over F_2^163 (a compile-time spec and `DynBinaryField`) and over
//! GF(p), checked by identities that do not use the code under test to state the
//! answer: a product evaluates to the product of the evaluations at random points;
//! `a = q·b + r` with `deg r < deg b`; the extended gcd's Bézout identity
//! `s·a + t·b = g` together with `g | a` and `g | b` (which proves `g` a gcd); and gcds
//! of polynomials built with a known common factor and coprime cofactors (distinct
//! linear factors).

use halfroot::binary::dynamic::DynBinaryField;
use halfroot::binary::field::BinaryField;
use halfroot::binary::spec::Nist163;
use halfroot::count::Counting;
use halfroot::field::Field;
use halfroot::poly::PolyRing;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn random_poly<F: Field>(f: &F, deg: usize, rng: &mut ChaCha8Rng) -> Vec<F::Elem> {
    let mut p: Vec<F::Elem> = (0..=deg).map(|_| f.random(rng)).collect();
    if f.is_zero(&p[deg]) {
        p[deg] = f.one();
    }
    p
}

/// (X − r_1)···(X − r_k) from distinct roots.
fn from_roots<F: Field>(r: &PolyRing<'_, F>, roots: &[F::Elem]) -> Vec<F::Elem> {
    let f = r.field();
    roots
        .iter()
        .fold(vec![f.one()], |acc, x| r.mul(&acc, &[f.neg(x), f.one()]))
}

fn suite<F: Field>(f: &F, tag: &str) {
    let r = PolyRing::new(f);
    let mut rng = ChaCha8Rng::seed_from_u64(163);
    for _ in 0..60 {
        let (da, db) = (rng.gen_range(0..9), rng.gen_range(0..6));
        let a = random_poly(f, da, &mut rng);
        let b = random_poly(f, db, &mut rng);
        let ab = r.mul(&a, &b);
        assert_eq!(r.degree_vartime(&ab), Some(da + db), "{tag}");
        for _ in 0..3 {
            let x = f.random(&mut rng);
            assert_eq!(
                r.eval(&ab, &x),
                f.mul(&r.eval(&a, &x), &r.eval(&b, &x)),
                "{tag}"
            );
            assert_eq!(
                r.eval(&r.add(&a, &b), &x),
                f.add(&r.eval(&a, &x), &r.eval(&b, &x)),
                "{tag}"
            );
        }
        let (q, rem) = r.divrem_vartime(&a, &b).expect("b ≠ 0");
        assert!(
            r.degree_vartime(&rem).is_none_or(|d| d < db),
            "{tag}: deg r < deg b"
        );
        let back = r.trim_vartime(r.add(&r.mul(&q, &b), &rem));
        assert_eq!(back, r.trim_vartime(a.clone()), "{tag}: a = qb + r");
        let g = r.xgcd_vartime(&a, &b);
        let bezout = r.trim_vartime(r.add(&r.mul(&g.s, &a), &r.mul(&g.t, &b)));
        assert_eq!(bezout, g.g, "{tag}: s·a + t·b = g");
        assert!(
            r.rem_vartime(&a, &g.g).expect("g ≠ 0").is_empty(),
            "{tag}: g | a"
        );
        assert!(
            r.rem_vartime(&b, &g.g).expect("g ≠ 0").is_empty(),
            "{tag}: g | b"
        );
        assert_eq!(g.g.last(), Some(&f.one()), "{tag}: g monic");
    }
    // Known gcds: common roots c, cofactors with other distinct roots.
    for k in 0..4 {
        let roots: Vec<F::Elem> = (0..k + 5).map(|_| f.random(&mut rng)).collect();
        let common = from_roots(&r, &roots[..k]);
        let a = r.mul(&common, &from_roots(&r, &roots[k..k + 3]));
        let b = r.mul(&common, &from_roots(&r, &roots[k + 3..]));
        let g = r.gcd_vartime(&a, &b);
        assert_eq!(
            g,
            r.trim_vartime(common.clone()),
            "{tag}: gcd with {k} common roots"
        );
    }
    assert!(r.divrem_vartime(&[f.one()], &[]).is_none());
    assert!(r.gcd_vartime(&[], &[]).is_empty());
    assert_eq!(
        r.monic_vartime(&[f.one(), f.one()]),
        Some(vec![f.one(), f.one()])
    );
}

#[test]
fn poly_over_binary_fields() {
    let spec = BinaryField::<3, Nist163>::new(Nist163).expect("field");
    suite(&spec, "F_2^163 spec");
    let dynamic = DynBinaryField::new("163,7,6,3,0").expect("field");
    suite(&dynamic, "F_2^163 DynBinaryField");
    // Products of degree-2 by degree-2 polynomials cost 9 M, 4 A: counted.
    let c = Counting::new(spec);
    let r = PolyRing::new(&c);
    let x = [2u64, 0, 0];
    let _ = r.mul(&[x, x, x], &[x, x, x]);
    assert_eq!((c.counts().m, c.counts().a), (9, 4));
}

#[test]
fn poly_over_a_prime_field() {
    let p: num_bigint::BigUint = "170141183460469231731687303715884105727"
        .parse()
        .expect("p");
    let f = halfroot::prime::DynFp::new(&p).expect("GF(p)");
    suite(&f, "GF(2^127 − 1)");
}
