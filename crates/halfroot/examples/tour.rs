//! The README's API tour, compiled by `cargo test` so that it stays true.
//!
//! Run it with `cargo run -p halfroot --release --example tour`.

use halfroot::binary::dynamic::DynBinaryField;
use halfroot::binary::field::{BinaryField, BinaryFieldOps};
use halfroot::binary::spec::Ssrf163;
use halfroot::binary::sqrt::SqrtAlgorithm;
use halfroot::count::Counting;
use halfroot::ec2::{BinaryCurve, PrivateKeyFormat, ScalarMulAlgorithm};
use halfroot::field::{Choice, Field};
use halfroot::gf2poly::Gf2Poly;
use halfroot::hec2::{HalvingAlgorithm, Hec2Curve, Hec2ScalarAlgorithm};
use halfroot::poly::PolyRing;
use halfroot::prime::dynamic::DynFp;
use halfroot::prime::sqrt::{SqrtAlgorithm as PrimeSqrt, SqrtContext};
use halfroot::prime::PrimeFieldOps;
use num_bigint::BigUint;

fn main() -> Result<(), halfroot::Error> {
    // A binary field chosen at run time (any irreducible polynomial, degree 2..=4096).
    let f = DynBinaryField::new("x^163+x^57+x^49+x^29+1")?;
    let x = f.parse_element("2")?;
    let zeta = f.sqrt(&x, None)?; // ζ = √x, by the SSRF method the field picked
    println!("sqrt(x) = {}", f.format_element(&zeta)); // x^82 + x^29 + x^25 + x^15
    println!("{}", f.info());

    // The same field as a compile-time spec: reduction and square root specialised.
    let g = BinaryField::<3, Ssrf163>::new(Ssrf163)?;
    let a = g.random(&mut rand::thread_rng());
    let r = g.sqrt(&a);
    assert_eq!(g.sqr(&r), a);
    assert_eq!(g.sqrt_with(SqrtAlgorithm::Fermat, &a)?, r);
    if let Some(l) = g.solve_quadratic(&a) {
        assert_eq!(g.add(&g.sqr(&l), &l), a); // λ² + λ = α
    }

    // Constant time by default (`*_vartime` are the table-lookup forms), SEC 1
    // encodings, selection without branches.
    let h = g.half_trace(&a).expect("odd degree");
    assert_eq!(g.half_trace_vartime(&a), Some(h));
    let bytes = g.encode(&a); // 21 bytes, big-endian
    assert_eq!(g.decode(&bytes)?, a);
    let b = g.select(&a, &g.one(), Choice::from(1));
    assert_eq!(b, g.one());

    // Polynomials over any field: (X + a)(X + 1) and X + a have gcd X + a.
    let ring = PolyRing::new(&g);
    let gcd = ring.gcd_vartime(&ring.mul(&[a, g.one()], &[b, g.one()]), &[a, g.one()]);
    assert_eq!(gcd, vec![a, g.one()]);

    // Count the operations an algorithm performs (M, S, A, I, SR, H, T).
    let counted = Counting::new(g.clone());
    let _ = counted.sqrt(&a);
    let _ = counted.trace(&a);
    println!("sqrt + trace cost {}", counted.counts());

    // GF(2)[X] and irreducibility.
    let p = Gf2Poly::parse("x^233+x^159+1")?;
    assert!(p.is_irreducible());

    // GF(p): Montgomery arithmetic, run generic code on the right limb count.
    let prime = BigUint::parse_bytes(b"fffffffffffffffffffffffffffffffeffffffffffffffff", 16)
        .ok_or_else(|| halfroot::Error::DivisionByZero("parse".into()))?;
    let fp = DynFp::new(&prime)?;
    let root = halfroot::with_fp!(&fp, |field| {
        let ctx = SqrtContext::new(field)?;
        let nine = field.from_u64(9);
        PrimeSqrt::Mwst
            .sqrt_vartime(field, &ctx, &nine)?
            .map(|r| field.to_biguint(&r))
    });
    println!("sqrt(9) mod P-192 = {root:?}");

    // Binary curves: B-233, point halving, scalar multiplication by any method, ECDH.
    let curve = BinaryCurve::standard("B-233")?;
    let g = curve.generator();
    let k = BigUint::from(0x1234_5678u64);
    let p = curve.mul(Some(ScalarMulAlgorithm::HalveAndAddVartime), &k, &g)?;
    assert_eq!(curve.mul(Some(ScalarMulAlgorithm::Ladder), &k, &g)?, p);
    let half = curve
        .halve(&p)?
        .ok_or_else(|| halfroot::Error::DivisionByZero("even order".into()))?;
    assert_eq!(curve.double_vartime(&half), p);
    // The same half in the λ-representation, halved in place as halve-and-add does
    // (`None` only for O and the point of order 2).
    let mut l = curve
        .lambda_point_vartime(&p)
        .ok_or_else(|| halfroot::Error::DivisionByZero("x = 0".into()))?;
    curve.halve_lambda_in_place::<false>(&mut l)?;
    assert_eq!(curve.lambda_to_affine(&l), half);
    let (d, q) = curve.keygen(&mut rand::thread_rng())?; // d secret, Q = d·G by the ladder
    let spki = curve.encode_spki(&q, false)?; // DER SubjectPublicKeyInfo
    let (e, _) = curve.keygen(&mut rand::thread_rng())?;
    let shared = curve.ecdh(&e, &curve.decode_spki(&spki)?)?; // x(e·Q), 30 bytes
    let pem = curve.encode_private_key_pem(&d, PrivateKeyFormat::Pkcs8)?; // or Sec1; DER too
    let (d2, q2) = curve.decode_private_key(pem.as_bytes())?; // OID, d in [1, n), Q = d·G checked
    assert_eq!((d2.to_biguint(), q2), (d.to_biguint(), q));
    assert_eq!(curve.mulgen_vartime(&k), p); // the generator's cached comb table
    println!(
        "auto on {}: {}",
        curve.name(),
        curve.auto_public_algorithm()
    ); // measured here
    println!(
        "ECDH on {}: {} bytes, d = {d:?}",
        curve.name(),
        shared.len()
    );
    // Koblitz curves: the constant-time τ-adic method, and the measured choice for secrets.
    let k233 = BinaryCurve::standard("K-233")?;
    let secret = [0x5au8; 29];
    let s = k233.scalar_from_be_bytes(&secret)?;
    let kp = k233.mul_tnaf(&s, &k233.generator())?;
    assert_eq!(kp, k233.mul_ladder(&s, &k233.generator()));
    println!("K-233 secrets: {}", k233.auto_secret_algorithm()); // tnaf or ladder, measured

    // Genus-2 curves: C2 of Kitamura–Katagi–Takagi, divisor halving, halve-and-add.
    let c = Hec2Curve::named("C2")?; // h = x² + x + 1, f4 = 0, #J = 2·r
    let d = c.random_subgroup_divisor_vartime(&mut rand::thread_rng())?;
    let e = c.double_vartime(&d); // Pelzl et al.'s 20M + 5S + 1I; Cantor when degenerate
    assert_eq!(c.halve_vartime(&e)?, d); // Algorithm 5: the half in the subgroup
    let by_alg3 = c.halve_with_vartime(HalvingAlgorithm::Alg3, &e, None);
    assert_eq!(by_alg3.map(|(h, _)| h), Ok(d.clone()));
    let kd = c.mul_vartime(Some(Hec2ScalarAlgorithm::HalveAndAddVartime), &k, &d)?;
    let table = c.halving_table_vartime(&d)?; // fixed base: the root choices
    assert_eq!(c.mul_halve_and_add_fixed_vartime(&k, &table, 4)?, kd);
    assert_eq!(c.mul_cantor_vartime(&k, &d), kd); // Cantor's law, the reference
    Ok(())
}
