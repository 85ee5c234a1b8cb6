//! Binary elliptic curves (`halfroot::ec2`): the group law in every coordinate system
//! against the affine law, halving, every scalar-multiplication method against the
//! others, on the ten standard curves.

use halfroot::binary::dynamic::DynBinaryField;
use halfroot::ec2::params::STANDARD_CURVES;
use halfroot::ec2::{AffinePoint, BinaryCurve, ScalarMulAlgorithm};
use halfroot::field::Field;
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
                let got = c.mul(Some(alg), &k, &p);
                if !alg.supports(&c) {
                    assert!(
                        matches!(got, Err(halfroot::Error::UnsupportedAlgorithm { .. })),
                        "{} {alg}: {got:?}",
                        c.name()
                    );
                    continue;
                }
                assert_eq!(got.expect("mul"), want, "{} {alg} round {round}", c.name());
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

/// Halve-and-add against w-NAF on many scalars (with every top-digit position) on
/// K-163 and B-163.
#[test]
fn halve_and_add_matches_wnaf_on_many_scalars() {
    let mut rng = ChaCha8Rng::seed_from_u64(23);
    for c in curves().into_iter().take(2) {
        let p = c.random_point_vartime(&mut rng);
        for i in 0..200 {
            let k = c.random_scalar_vartime(&mut rng);
            let want = c
                .mul(Some(ScalarMulAlgorithm::WnafVartime), &k, &p)
                .expect("wnaf");
            let t = c.order_bits();
            let kp = (&k << (t - 1)) % c.order();
            let got = c
                .mul(Some(ScalarMulAlgorithm::HalveAndAddVartime), &k, &p)
                .expect("halve-and-add");
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

/// Wycheproof ECDH on sect283k1 and sect283r1 (tests/vectors/wycheproof, Apache 2.0):
/// every valid case gives the expected secret; every invalid one fails with the error
/// its comment names; an acceptable case either gives the expected secret or fails
/// for the reason its flag names (strict DER rejects the malformed encodings; full
/// validation rejects low-order points, which partial validation then accepts with the
/// expected secret).
#[test]
fn wycheproof_ecdh() {
    use halfroot::Error;
    for file in ["ecdh_sect283k1_test.json", "ecdh_sect283r1_test.json"] {
        let path = format!(
            "{}/tests/vectors/wycheproof/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).expect("vector file");
        let doc: serde_json::Value = serde_json::from_str(&text).expect("json");
        let (mut valid, mut accepted, mut rejected, mut invalid) = (0, 0, 0, 0);
        for group in doc["testGroups"].as_array().expect("groups") {
            let c = Curve::standard(group["curve"].as_str().expect("curve")).expect("curve");
            for t in group["tests"].as_array().expect("tests") {
                let id = t["tcId"].as_u64().expect("id");
                let hex = |k: &str| hex_bytes(t[k].as_str().expect(k));
                let (private, public, shared) = (hex("private"), hex("public"), hex("shared"));
                let result = t["result"].as_str().expect("result");
                let flags: Vec<&str> = t["flags"]
                    .as_array()
                    .expect("flags")
                    .iter()
                    .map(|f| f.as_str().expect("flag"))
                    .collect();
                let comment = t["comment"].as_str().expect("comment");
                let got = c.ecdh_from_bytes(&private, &public);
                let ctx = format!("{file} tcId {id} ({comment}, {flags:?})");
                match (result, &got) {
                    ("valid", Ok(s)) => {
                        assert_eq!(s, &shared, "{ctx}");
                        valid += 1;
                    }
                    ("acceptable", Ok(s)) => {
                        assert_eq!(s, &shared, "{ctx}");
                        accepted += 1;
                    }
                    ("acceptable", Err(e)) => {
                        rejected += 1;
                        if flags.contains(&"InvalidAsn") {
                            // Strict DER, or a well-formed encoding of a modified OID or
                            // point.
                            assert!(
                                matches!(
                                    e,
                                    Error::InvalidEncoding { .. }
                                        | Error::WrongCurve { .. }
                                        | Error::PointNotOnCurve { .. }
                                ),
                                "{ctx}: {e}"
                            );
                        } else if flags.contains(&"LowOrderPublic") {
                            assert!(matches!(e, Error::PointNotInSubgroup { .. }), "{ctx}: {e}");
                            let d = c.scalar_from_be_bytes(&private).expect("scalar");
                            let q = c.decode_public_key(&public).expect("point");
                            let s = c.ecdh_with_partial_validation(&d, &q).expect("partial");
                            assert_eq!(s, shared, "{ctx}: partial validation");
                        } else {
                            panic!("{ctx}: rejected without a flag that allows it: {e}");
                        }
                    }
                    ("invalid", Err(e)) => {
                        invalid += 1;
                        if comment.starts_with("Public key uses wrong curve") {
                            assert!(
                                matches!(
                                    e,
                                    Error::WrongCurve { .. } | Error::InvalidEncoding { .. }
                                ),
                                "{ctx}: {e}"
                            );
                        } else if comment.contains("low order point") {
                            assert!(matches!(e, Error::PointNotInSubgroup { .. }), "{ctx}: {e}");
                            let d = c.scalar_from_be_bytes(&private).expect("scalar");
                            let q = c.decode_public_key(&public).expect("point");
                            let partial = c.ecdh_with_partial_validation(&d, &q);
                            assert!(
                                matches!(partial, Err(Error::PointAtInfinity { .. })),
                                "{ctx}: {partial:?}"
                            );
                        } else if comment == "invalid public key" {
                            assert!(matches!(e, Error::PointNotOnCurve { .. }), "{ctx}: {e}");
                        } else {
                            assert!(matches!(e, Error::InvalidEncoding { .. }), "{ctx}: {e}");
                        }
                    }
                    _ => panic!("{ctx}: expected {result}, got {got:?}"),
                }
            }
        }
        assert_eq!(valid, 16, "{file}");
        assert!(
            invalid >= 20 && accepted >= 1 && rejected > 200,
            "{file}: {accepted} {rejected} {invalid}"
        );
    }
}

fn hex_bytes(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).expect("hex"))
        .collect()
}

/// SEC 1 encodings round-trip in every form; malformed ones fail with typed errors.
#[test]
fn point_encodings_round_trip() {
    use halfroot::Error;
    let mut rng = ChaCha8Rng::seed_from_u64(24);
    for c in curves() {
        let len = c.field().encoded_len();
        for _ in 0..10 {
            let p = c.random_point_vartime(&mut rng);
            for compressed in [false, true] {
                let e = c.encode_point(&p, compressed);
                assert_eq!(e.len(), if compressed { 1 + len } else { 1 + 2 * len });
                assert_eq!(c.decode_point(&e).expect("decode"), p, "{}", c.name());
                let spki = c.encode_spki(&p, compressed).expect("spki");
                assert_eq!(c.decode_spki(&spki).expect("spki"), p);
                assert_eq!(c.decode_public_key(&spki).expect("spki"), p);
            }
            let mut e = c.encode_point(&p, false);
            e[0] = 6 | (c.encode_point(&p, true)[0] & 1);
            assert_eq!(c.decode_point(&e).expect("hybrid"), p);
            e[0] ^= 1;
            assert!(matches!(
                c.decode_point(&e),
                Err(Error::InvalidEncoding { .. })
            ));
            let mut e = c.encode_point(&p, false);
            let last = e.len() - 1;
            e[last] ^= 1;
            assert!(matches!(
                c.decode_point(&e),
                Err(Error::PointNotOnCurve { .. })
            ));
            assert!(matches!(
                c.decode_point(&e[..last]),
                Err(Error::InvalidEncoding { .. })
            ));
        }
        assert_eq!(c.decode_point(&[0]).expect("O"), AffinePoint::Infinity);
        assert_eq!(c.encode_point(&AffinePoint::Infinity, true), vec![0]);
        let t2 = c.two_torsion();
        assert_eq!(c.decode_point(&c.encode_point(&t2, true)).expect("T2"), t2);
        for bad in [vec![], vec![5], vec![0, 0], vec![2; 1 + len + 1]] {
            assert!(
                matches!(c.decode_point(&bad), Err(Error::InvalidEncoding { .. })),
                "{bad:?}"
            );
        }
        // An x with no point: about half of all x; find one.
        let mut found = false;
        for v in 1u8..=200 {
            let mut enc = vec![2u8];
            enc.extend(std::iter::repeat_n(0u8, len - 1));
            enc.push(v);
            if let Err(e) = c.decode_point(&enc) {
                assert!(matches!(e, Error::PointNotOnCurve { .. }), "{e}");
                found = true;
                break;
            }
        }
        assert!(found, "{}", c.name());
    }
}

/// ECDH agrees with OpenSSL's (EVP_PKEY_derive) on 300 random key pairs of every
/// standard curve (`HALFROOT_ECDH_ROUNDS` changes the number; 1 000 until CI was first
/// timed on a Zen 1, where the 10 000 exchanges took 56 s of the test run): our x(d·Q_e) against
/// OpenSSL's x(e·Q_d), with our keys sent as SubjectPublicKeyInfo (compressed every
/// other round); every 50th round also OpenSSL's e·G against ours byte for byte, and
/// our ECDH from OpenSSL's encoding of Q_e.
#[test]
fn ecdh_agrees_with_openssl() {
    use halfroot_peers::openssl;
    if let Err(e) = openssl::version() {
        panic!("OpenSSL peer unavailable: {e}");
    }
    let rounds: usize = std::env::var("HALFROOT_ECDH_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let all = curves();
    // Two threads (the CI machine has two cores), the big curves split between them.
    let halves: [Vec<&Curve>; 2] = [0, 1].map(|h| all.iter().skip(h).step_by(2).collect());
    std::thread::scope(|s| {
        for (part, chunk) in halves.iter().enumerate() {
            s.spawn(move || {
                let mut rng = ChaCha8Rng::seed_from_u64(25 + part as u64);
                for c in chunk {
                    for round in 0..rounds {
                        let (d, q_d) = c.keygen(&mut rng).expect("keygen");
                        let (e, q_e) = c.keygen(&mut rng).expect("keygen");
                        let e_hex = e.to_biguint().to_str_radix(16);
                        let ours = c.ecdh(&d, &q_e).expect("ecdh");
                        let our_pub = c.encode_spki(&q_d, round % 2 == 1).expect("spki");
                        let theirs = openssl::ecdh_shared_x(c.name(), &e_hex, &our_pub)
                            .expect("openssl ecdh");
                        assert_eq!(ours, theirs, "{} round {round}", c.name());
                        if round % 50 == 0 {
                            let their_pub =
                                openssl::ec_public_der(c.name(), &e_hex).expect("openssl public");
                            assert_eq!(c.encode_spki(&q_e, false).expect("spki"), their_pub);
                            let again = c
                                .ecdh_from_bytes(&d.to_biguint().to_bytes_be(), &their_pub)
                                .expect("ecdh");
                            assert_eq!(again, theirs, "{} round {round}", c.name());
                        }
                    }
                }
            });
        }
    });
}

/// Private keys in both formats, DER and PEM: ours are read by OpenSSL to the same
/// public key, OpenSSL's are read by us to the same scalar and public key, and every
/// malformed or mismatched key is rejected with its typed error.
#[test]
fn private_keys_interoperate_with_openssl() {
    use halfroot::ec2::PrivateKeyFormat;
    use halfroot::error::Error;
    use halfroot_peers::openssl;
    if let Err(e) = openssl::version() {
        panic!("OpenSSL peer unavailable: {e}");
    }
    let all = curves();
    let mut rng = ChaCha8Rng::seed_from_u64(5915);
    for c in &all {
        for round in 0..4 {
            let (d, q) = c.keygen(&mut rng).expect("keygen");
            let d_hex = d.to_biguint().to_str_radix(16);
            let spki = c.encode_spki(&q, false).expect("spki");
            for format in PrivateKeyFormat::ALL {
                let ours = c.encode_private_key_der(&d, format).expect("encode");
                let their_reading =
                    openssl::private_der_to_public_der(&ours).expect("OpenSSL reads our key");
                assert_eq!(their_reading, spki, "{} {format} round {round}", c.name());
                let theirs =
                    openssl::ec_private_der(c.name(), &d_hex, format == PrivateKeyFormat::Pkcs8)
                        .expect("OpenSSL writes the key");
                let (d2, q2) = c
                    .decode_private_key(&theirs)
                    .expect("we read OpenSSL's key");
                assert_eq!(
                    (d2.to_biguint(), &q2),
                    (d.to_biguint(), &q),
                    "{} {format}",
                    c.name()
                );
                let pem = c.encode_private_key_pem(&d, format).expect("pem");
                let label = match format {
                    PrivateKeyFormat::Pkcs8 => "-----BEGIN PRIVATE KEY-----\n",
                    PrivateKeyFormat::Sec1 => "-----BEGIN EC PRIVATE KEY-----\n",
                };
                assert!(pem.starts_with(label), "{pem}");
                let (d3, _) = c.decode_private_key(pem.as_bytes()).expect("pem back");
                assert_eq!(d3.to_biguint(), d.to_biguint());
            }
        }
    }

    // Rejections, on B-233.
    let c = all.iter().find(|c| c.name() == "sect233r1").expect("B-233");
    let k = all.iter().find(|c| c.name() == "sect233k1").expect("K-233");
    let (d, _) = c.keygen(&mut rng).expect("keygen");
    for format in PrivateKeyFormat::ALL {
        let der = c.encode_private_key_der(&d, format).expect("encode");
        assert!(
            matches!(k.decode_private_key(&der), Err(Error::WrongCurve { .. })),
            "{format}: a B-233 key read as K-233"
        );
        for cut in [0, 1, 5, der.len() / 2, der.len() - 1] {
            assert!(
                matches!(
                    c.decode_private_key(&der[..cut]),
                    Err(Error::InvalidEncoding { .. })
                ),
                "{format}: truncated to {cut}"
            );
        }
        let mut trailing = der.clone();
        trailing.push(0);
        assert!(matches!(
            c.decode_private_key(&trailing),
            Err(Error::InvalidEncoding { .. })
        ));
        // The private octets follow the OCTET STRING header 04 1e (30 octets at 233 bits).
        let d_bytes = d.to_be_bytes(30);
        let at = der
            .windows(32)
            .position(|w| w[..2] == [0x04, 0x1e] && w[2..] == d_bytes[..])
            .expect("private octets");
        let n_bytes = c.order().to_bytes_be();
        for (bad, want_range) in [
            (vec![0u8; 30], true),
            (n_bytes.clone(), true),
            (d_bytes.clone(), false),
        ] {
            let mut m = der.clone();
            m[at + 2..at + 32].copy_from_slice(&bad);
            if !want_range {
                // Same d, but the public key no longer matches: flip d's low bit.
                m[at + 31] ^= 1;
                assert!(
                    matches!(c.decode_private_key(&m), Err(Error::InvalidEncoding { .. })),
                    "{format}: public key ≠ d·G"
                );
            } else {
                assert!(
                    matches!(c.decode_private_key(&m), Err(Error::OutOfRange { .. })),
                    "{format}: d out of [1, n)"
                );
            }
        }
        // The public key's last byte changed: off the curve or not d·G.
        let mut m = der.clone();
        let last = m.len() - 1;
        m[last] ^= 1;
        assert!(
            c.decode_private_key(&m).is_err(),
            "{format}: altered public key"
        );
    }
    let pem = c
        .encode_private_key_pem(&d, PrivateKeyFormat::Sec1)
        .expect("pem");
    let relabeled = pem.replace("EC PRIVATE KEY", "PUBLIC KEY");
    assert!(matches!(
        c.decode_private_key(relabeled.as_bytes()),
        Err(Error::InvalidEncoding { .. })
    ));
    assert!(matches!(
        c.decode_private_key(
            b"-----BEGIN PRIVATE KEY-----\nnot base64!\n-----END PRIVATE KEY-----\n"
        ),
        Err(Error::InvalidEncoding { .. })
    ));
}

/// The operation counts in the headers of `ld.rs`, `lambda.rs`, `affine.rs`,
/// `halve.rs` and `ladder.rs`, on the counting field, for a B-curve (general b, a = 1) and a K-curve
/// (b = 1; a = 1 with cofactor 2, a = 0 with cofactor 4).
#[test]
fn operation_counts() {
    use halfroot::binary::field::BinaryFieldOps;
    use halfroot::binary::modulus::Modulus;
    use halfroot::count::{Counting, OpCounts};
    use halfroot::ec2::halve::LambdaPoint;
    use halfroot::ec2::params;
    let ops = |m, s, i, sr, h, t| OpCounts {
        m,
        s,
        i,
        sr,
        h,
        t,
        ..OpCounts::default()
    };
    let mut rng = ChaCha8Rng::seed_from_u64(26);
    for name in ["sect163r2", "sect163k1", "sect233k1", "sect283r1"] {
        let sc = params::find(name).expect("curve");
        let field = DynBinaryField::from_modulus(Modulus::from_exponents(sc.exponents).expect("m"))
            .expect("field");
        let c = BinaryCurve::from_params(Counting::new(field), sc).expect("curve");
        let f = c.field();
        let b_is_one = sc.b == "1";
        let cofactor4 = sc.cofactor == 4;
        let p = c.random_point_vartime(&mut rng);
        let q = c.random_point_vartime(&mut rng);
        let lp = c.ld_double(&c.ld_from_affine(&p));
        let lq = c.ld_add_mixed_vartime(&c.ld_from_affine(&q), &p);
        let count = |run: &dyn Fn()| {
            f.reset();
            run();
            let mut k = f.counts();
            k.a = 0;
            k
        };
        let dbl = if b_is_one {
            ops(3, 5, 0, 0, 0, 0)
        } else {
            ops(4, 5, 0, 0, 0, 0)
        };
        assert_eq!(count(&|| drop(c.ld_double(&lp))), dbl, "{name} LD doubling");
        assert_eq!(
            count(&|| drop(c.ld_add_mixed_vartime(&lp, &q))),
            ops(8, 5, 0, 0, 0, 0),
            "{name} LD mixed addition"
        );
        assert_eq!(
            count(&|| drop(c.ld_add_vartime(&lp, &lq))),
            ops(13, 6, 0, 0, 0, 0),
            "{name} LD addition"
        );
        // λ-projective (ec2/lambda.rs): doubling 4M + 4S on B-curves, 3M + 3S with
        // a = b = 1 (K-163), 3M + 4S with a = 0, b = 1; mixed 8M + 2S, general
        // 11M + 2S, fused 2Q + P 10M + 6S.
        let lam_dbl = match (b_is_one, cofactor4) {
            (false, _) => ops(4, 4, 0, 0, 0, 0),
            (true, false) => ops(3, 3, 0, 0, 0, 0),
            (true, true) => ops(3, 4, 0, 0, 0, 0),
        };
        let mp = c.lambda_proj_double(&c.lambda_proj_from_affine(&p));
        let mq = c.lambda_proj_add_vartime(&mp, &c.lambda_proj_from_affine(&q));
        let ql = lambda_of(&c, &q);
        assert_eq!(
            count(&|| drop(c.lambda_proj_double(&mp))),
            lam_dbl,
            "{name} λ doubling"
        );
        assert_eq!(
            count(&|| drop(c.lambda_proj_add_mixed_vartime(&mp, &ql))),
            ops(8, 2, 0, 0, 0, 0),
            "{name} λ mixed addition"
        );
        assert_eq!(
            count(&|| drop(c.lambda_proj_add_vartime(&mp, &mq))),
            ops(11, 2, 0, 0, 0, 0),
            "{name} λ addition"
        );
        assert_eq!(
            count(&|| drop(c.lambda_proj_double_add_vartime(&mp, &ql))),
            ops(10, 6, 0, 0, 0, 0),
            "{name} λ 2Q + P"
        );
        assert_eq!(
            count(&|| drop(c.lambda_proj_from_affine(&p))),
            ops(0, 1, 0, 0, 0, 0),
            "{name} affine to λ-projective"
        );
        assert_eq!(
            count(&|| drop(c.lambda_proj_to_affine(&mq))),
            ops(3, 0, 1, 0, 0, 0),
            "{name} λ-projective to affine"
        );
        assert_eq!(
            count(&|| drop(c.add_vartime(&p, &q))),
            ops(2, 1, 1, 0, 0, 0),
            "{name} affine addition"
        );
        assert_eq!(
            count(&|| drop(c.double_vartime(&p))),
            ops(2, 2, 1, 0, 0, 0),
            "{name} affine doubling"
        );
        // Pornin's (x, s) coordinates (ec2/xs.rs, b = 1 only): addition 7M + 2S
        // (a = 0) or 8M + 2S (a = 1), mixed 6M/7M + 2S, without T 5M/6M + 2S, τ 4S,
        // τ⁴ 12S + 1M.
        if b_is_one {
            let a1 = u64::from(!cofactor4);
            let (xp, xq) = (c.xs_from_affine(&p), c.xs_from_affine(&q));
            let (x2, s2) = (xq.x.clone(), xq.s.clone());
            assert_eq!(
                count(&|| drop(c.xs_add(&xp, &xq))),
                ops(7 + a1, 2, 0, 0, 0, 0),
                "{name} xs addition"
            );
            assert_eq!(
                count(&|| drop(c.xs_add_affine(&xp, &x2, &s2))),
                ops(6 + a1, 2, 0, 0, 0, 0),
                "{name} xs mixed addition"
            );
            assert_eq!(
                count(&|| drop(c.xs_add_affine_xsz(&xp, &x2, &s2))),
                ops(5 + a1, 2, 0, 0, 0, 0),
                "{name} xs mixed addition without T"
            );
            assert_eq!(
                count(&|| drop(c.xs_add_unit_x(&xp, &xq))),
                ops(5, 1, 0, 0, 0, 0),
                "{name} xs addition, both X = 1"
            );
            assert_eq!(
                count(&|| drop(c.xs_frobenius(&xp))),
                ops(0, 4, 0, 0, 0, 0),
                "{name} xs τ"
            );
            assert_eq!(
                count(&|| drop(c.xs_frobenius_pow(&xp, 4))),
                ops(1, 12, 0, 0, 0, 0),
                "{name} xs τ⁴"
            );
        }
        // One halving in a chain (λ-representation, λ̂ carried on cofactor-4 curves).
        let start = {
            let (x, y) = p.coordinates().expect("finite");
            let xi = f.inv(x).expect("x ≠ 0");
            let lambda = f.add(x, &f.mul(y, &xi));
            let lambda_hat = cofactor4.then(|| f.half_trace(x).expect("odd d"));
            LambdaPoint {
                x: x.clone(),
                lambda,
                lambda_hat,
            }
        };
        let halving = if cofactor4 {
            ops(2, 1, 0, 2, 1, 1)
        } else {
            ops(1, 0, 0, 1, 1, 1)
        };
        assert_eq!(
            count(&|| drop(c.halve_lambda::<false>(&start).expect("halving"))),
            halving,
            "{name} halving"
        );
        assert_eq!(
            count(&|| drop(c.halve_lambda::<true>(&start).expect("halving"))),
            halving,
            "{name} constant-time halving"
        );
        assert_eq!(
            count(&|| {
                let mut q = start.clone();
                c.halve_lambda_in_place::<false>(&mut q).expect("halving");
            }),
            halving,
            "{name} halving in place"
        );
        let half = c.halve_lambda::<false>(&start).expect("halving");
        assert_eq!(
            c.double_vartime(&c.lambda_to_affine(&half)),
            p,
            "{name}: the counted halving is right"
        );
        if !cofactor4 {
            // The chained form of halve-and-add (λ̂ carried, the next one by H∘√ from
            // u²): the same operations, the same half, and the next λ̂ carried.
            let chained = c.lambda_point_vartime(&p).expect("x ≠ 0, odd order");
            assert!(chained.lambda_hat.is_some(), "{name}: λ̂ carried on v = 1");
            assert_eq!(
                count(&|| drop(c.halve_lambda::<false>(&chained).expect("halving"))),
                halving,
                "{name} chained halving"
            );
            assert_eq!(
                count(&|| {
                    let mut q = chained.clone();
                    c.halve_lambda_in_place::<false>(&mut q).expect("halving");
                }),
                halving,
                "{name} chained halving in place"
            );
            let next = c.halve_lambda::<false>(&chained).expect("halving");
            assert_eq!(
                (&next.x, &next.lambda),
                (&half.x, &half.lambda),
                "{name} chained"
            );
            let want_hat = f.half_trace(&f.add(&half.x, c.a())).expect("odd d");
            assert_eq!(next.lambda_hat, Some(want_hat), "{name}: next λ̂ = H(u + a)");
        }
        // The ladder: bits(n) steps of 6M + 4S (5M + 4S when b = 1), then Mxy.
        let k = c.scalar_from_biguint(&c.random_scalar_vartime(&mut rng));
        let bits = c.order_bits() as u64;
        let step = if b_is_one {
            ops(5, 4, 0, 0, 0, 0)
        } else {
            ops(6, 4, 0, 0, 0, 0)
        };
        let want = OpCounts {
            m: bits * step.m + 10,
            s: bits * step.s + 1,
            i: 1,
            ..OpCounts::default()
        };
        assert_eq!(count(&|| drop(c.mul_ladder(&k, &p))), want, "{name} ladder");
    }
}

/// The standard curves moved onto the SSRF polynomial of their degree (Avanzi Table 1:
/// 163 → 163,57,49,29,0; 233 → 233,159,0; 283 → 283,…; 571 → 571,193,185,5,0; 409's
/// NIST trinomial is already SSRF) give bit-identical results: scalar multiplication by
/// every method, halving and ECDH, against the standard basis.
#[test]
fn standard_curves_on_ssrf_fields_are_bit_identical() {
    use halfroot::binary::convert::BasisConverter;
    use halfroot::binary::modulus::Modulus;
    use halfroot::binary::spec::exponents_of;
    use halfroot::ec2::basis::CurveOnBasis;
    let mut rng = ChaCha8Rng::seed_from_u64(27);
    let mut converter: Option<BasisConverter> = None;
    for c in curves() {
        if c.degree() == 409 {
            // The NIST trinomial x^409 + x^87 + 1 is Avanzi's SSRF polynomial: nothing
            // to move.
            assert_eq!(exponents_of("Ssrf409"), exponents_of("Nist409"));
            continue;
        }
        let ssrf = format!("Ssrf{}", c.degree());
        let Some(exps) = exponents_of(&ssrf) else {
            panic!("no SSRF polynomial of degree {}", c.degree())
        };
        let modulus = Modulus::from_exponents(exps).expect("modulus");
        let field = DynBinaryField::from_modulus(modulus.clone()).expect("field");
        // One change of basis per degree (its set-up dominates the test's time).
        let conv = match converter.take() {
            Some(k) if k.to_field().modulus() == &modulus => k,
            _ => BasisConverter::new(c.field().modulus(), &modulus).expect("converter"),
        };
        converter = Some(conv.clone());
        let moved = CurveOnBasis::with_converter(field, conv, c.name()).expect("moved curve");
        for _ in 0..3 {
            let p = c.random_point_vartime(&mut rng);
            let k = c.random_scalar_vartime(&mut rng);
            let want = c
                .mul(Some(ScalarMulAlgorithm::WnafVartime), &k, &p)
                .expect("mul");
            let q = moved.to_internal(&p).expect("in");
            let i = moved.internal();
            assert_eq!(
                moved.to_standard(&q).expect("out"),
                p,
                "{} round trip",
                c.name()
            );
            assert!(
                i.is_on_curve(&q),
                "{} moved point on the moved curve",
                c.name()
            );
            assert_eq!(
                moved.to_standard(&i.double_vartime(&q)).expect("out"),
                c.double_vartime(&p),
                "{} doubling",
                c.name()
            );
            let bad: Vec<_> = ScalarMulAlgorithm::ALL
                .into_iter()
                .filter(|&alg| alg.supports(&c))
                .filter(|&alg| moved.mul(Some(alg), &k, &p).expect("mul") != want)
                .collect();
            assert!(bad.is_empty(), "{}: {bad:?}", c.name());

            assert_eq!(
                moved.halve(&p).expect("halve"),
                c.halve(&p).expect("halve"),
                "{}",
                c.name()
            );
            let (d, _) = c.keygen(&mut rng).expect("keygen");
            assert_eq!(
                moved.ecdh(&d, &p).expect("ecdh"),
                c.ecdh(&d, &p).expect("ecdh"),
                "{}",
                c.name()
            );
            assert_eq!(
                moved
                    .to_standard(&moved.to_internal(&p).expect("in"))
                    .expect("out"),
                p
            );
        }
        assert!(matches!(
            moved.ecdh(
                &c.scalar_from_biguint(&BigUint::from(5u32)),
                &c.two_torsion()
            ),
            Err(halfroot::Error::PointNotInSubgroup { .. })
        ));
    }
}

/// `mul(None, …)` is defined for every point of the curve (w-NAF outside ⟨G⟩, where
/// the ladder and halve-and-add refuse), and `Scalar::to_be_bytes` is the SEC 1 form
/// that `scalar_from_be_bytes` reads back.
#[test]
fn auto_mul_outside_the_subgroup_and_scalar_bytes() {
    let mut rng = ChaCha8Rng::seed_from_u64(28);
    for c in curves() {
        let p = c.random_point_vartime(&mut rng);
        let q = c.add_vartime(&p, &c.two_torsion());
        assert!(!c.in_subgroup_vartime(&q), "{}", c.name());
        let k = c.random_scalar_vartime(&mut rng);
        assert_eq!(
            c.mul(None, &k, &q).expect("auto"),
            affine_mul(&c, &k, &q),
            "{}",
            c.name()
        );
        assert!(matches!(
            c.mul(Some(ScalarMulAlgorithm::Ladder), &k, &q),
            Err(halfroot::Error::PointNotInSubgroup { .. })
        ));
        // auto inside ⟨G⟩: a measured choice among the applicable variable-time methods
        // (never the comb, never a method the curve refuses), the same point as w-NAF;
        // for G the comb; secrets the ladder.
        let auto = c.auto_public_algorithm();
        let candidates = c.public_candidates();
        assert!(
            candidates.contains(&auto),
            "{}: {auto} of {candidates:?}",
            c.name()
        );
        assert!(candidates
            .iter()
            .all(|a| a.supports(&c) && !a.is_constant_time()));
        assert!(!candidates.contains(&ScalarMulAlgorithm::CombVartime));
        assert_eq!(c.auto_public_algorithm(), auto, "cached");
        // Secrets: the measured faster of the constant-time methods (the τ-adic one
        // only on Koblitz curves).
        assert!(c.secret_candidates().contains(&c.auto_secret_algorithm()));
        assert!(c
            .secret_candidates()
            .iter()
            .all(|a| a.is_constant_time() && a.supports(&c)));
        assert_eq!(
            c.mul(None, &k, &p).expect("auto"),
            c.mul_wnaf_vartime(&k, &p, 4),
            "{}",
            c.name()
        );
        let g = c.generator();
        assert_eq!(c.mul(None, &k, &g).expect("auto G"), c.mulgen_vartime(&k));
        let (d, _) = c.keygen(&mut rng).expect("keygen");
        let len = c.order_bits().div_ceil(8);
        let bytes = d.to_be_bytes(len);
        assert_eq!(bytes.len(), len);
        assert_eq!(BigUint::from_bytes_be(&bytes), d.to_biguint());
        assert_eq!(c.scalar_from_be_bytes(&bytes).expect("scalar"), d);
    }
}

/// The scalars of the edge-case tests: 0, 1, 2, n − 1, n, n + 1, 3n + 7, one beyond
/// 2^(t + 70), 2^i for i at both ends and the middle, 2^i ± 1, long runs of zeros and
/// of ones, and random values below n.
fn edge_scalars(c: &Curve, rng: &mut ChaCha8Rng) -> Vec<BigUint> {
    let n = c.order().clone();
    let t = c.order_bits();
    let one = BigUint::from(1u32);
    let mut ks: Vec<BigUint> = [0u32, 1, 2, 3, 7].into_iter().map(BigUint::from).collect();
    ks.extend([&n - &one, n.clone(), &n + &one, &n * 3u32 + 7u32]);
    ks.push((&one << (t + 70)) + 12345u32);
    for i in [1, 2, 5, 63, 64, t / 2, t - 2, t - 1, t, t + 1] {
        let p = &one << i;
        ks.push(&p - &one);
        ks.push(&p + &one);
        ks.push(p);
    }
    // A one, a run of t − 20 zeros, a few ones; and t/2 ones followed by t/2 zeros.
    ks.push((&one << (t - 10)) + 0b1011u32);
    ks.push(((&one << (t / 2)) - &one) << (t / 2));
    for _ in 0..6 {
        ks.push(c.random_scalar_vartime(rng));
    }
    ks
}

/// τNAF (Koblitz curves) and the comb (G and another point) against w-NAF, the ladder
/// and the affine law, on the ten standard curves, edge and random scalars, and a point
/// outside ⟨G⟩ (where neither reduces k mod n).
/// Parameters (a struct with public fields) without a field polynomial, or of another
/// degree than the field, are refused with `InvalidCurve`, not an index panic.
#[test]
fn malformed_parameters_are_refused() {
    use halfroot::binary::modulus::Modulus;
    use halfroot::ec2::params::{self, StandardCurve};
    let sc = *params::find("sect163r2").expect("curve");
    let field = DynBinaryField::from_modulus(Modulus::from_exponents(sc.exponents).expect("m"))
        .expect("field");
    for bad in [
        StandardCurve {
            exponents: &[],
            ..sc
        },
        StandardCurve {
            exponents: &[233, 74, 0],
            ..sc
        },
    ] {
        let e = BinaryCurve::from_params(field.clone(), &bad).expect_err("bad parameters");
        assert!(matches!(e, halfroot::Error::InvalidCurve { .. }), "{e}");
    }
}

#[test]
fn tnaf_and_comb_agree_with_wnaf_and_ladder() {
    let mut rng = ChaCha8Rng::seed_from_u64(29);
    for c in curves() {
        let g = c.generator();
        let p = c.random_point_vartime(&mut rng);
        let outside = c.add_vartime(&p, &c.two_torsion());
        let koblitz = ScalarMulAlgorithm::TnafVartime.supports(&c);
        assert_eq!(koblitz, c.b() == &c.field().one(), "{}", c.name());
        for k in edge_scalars(&c, &mut rng) {
            for base in [&g, &p] {
                let want = c.mul_wnaf_vartime(&k, base, 4);
                let ladder = c
                    .mul(Some(ScalarMulAlgorithm::Ladder), &k, base)
                    .expect("ladder");
                assert_eq!(ladder, want, "{} k={k:#x}: ladder and w-NAF", c.name());
                let comb = c.mul(Some(ScalarMulAlgorithm::CombVartime), &k, base);
                assert_eq!(comb.expect("comb"), want, "{} comb k={k:#x}", c.name());
                let tnaf = c.mul(Some(ScalarMulAlgorithm::TnafVartime), &k, base);
                if koblitz {
                    assert_eq!(tnaf.expect("tnaf"), want, "{} τNAF k={k:#x}", c.name());
                } else {
                    assert!(matches!(
                        tnaf,
                        Err(halfroot::Error::UnsupportedAlgorithm { .. })
                    ));
                }
            }
            assert_eq!(c.mulgen_vartime(&k), c.mul_wnaf_vartime(&k, &g, 5));
            let want = c.mul_wnaf_vartime(&k, &outside, 4);
            let comb = c.mul(Some(ScalarMulAlgorithm::CombVartime), &k, &outside);
            assert_eq!(
                comb.expect("comb"),
                want,
                "{} comb outside k={k:#x}",
                c.name()
            );
            if koblitz {
                let tnaf = c.mul(Some(ScalarMulAlgorithm::TnafVartime), &k, &outside);
                assert_eq!(tnaf.expect("tnaf"), want, "{} τNAF outside", c.name());
            }
        }
        // Every width of τNAF and every comb shape, on random scalars.
        for _ in 0..2 {
            let k = c.random_scalar_vartime(&mut rng);
            let want = affine_mul(&c, &k, &p);
            if koblitz {
                for w in 2..=8 {
                    let got = c.mul_tnaf_vartime(&k, &p, w).expect("tnaf");
                    assert_eq!(got, want, "{} τNAF w={w}", c.name());
                }
            }
            for w in [2, 3, 5, 8] {
                for v in 1..=4 {
                    let comb = halfroot::ec2::scalar::comb::FixedBaseComb::new(&c, &p, w, v);
                    assert_eq!(
                        comb.mul_vartime(&c, &k),
                        want,
                        "{} comb w={w} v={v}",
                        c.name()
                    );
                }
            }
        }
    }
}

/// λ of an affine point with x ≠ 0, x + y/x, computed here (not by the library).
fn lambda_of<F: halfroot::binary::field::BinaryFieldOps>(
    c: &BinaryCurve<F>,
    p: &AffinePoint<F::Elem>,
) -> halfroot::ec2::halve::LambdaPoint<F::Elem> {
    let f = c.field();
    let (x, y) = p.coordinates().expect("finite");
    let xi = f.inv(x).expect("x ≠ 0");
    halfroot::ec2::halve::LambdaPoint {
        x: x.clone(),
        lambda: f.add(x, &f.mul(y, &xi)),
        lambda_hat: None,
    }
}

/// P in λ-projective coordinates scaled by z ≠ 0: (xz : λz : z), O as (z : z : 0) and
/// the point of order 2 as (0 : z : 0) (the representation of `ec2::lambda`).
fn lambda_scaled<F: halfroot::binary::field::BinaryFieldOps>(
    c: &BinaryCurve<F>,
    p: &AffinePoint<F::Elem>,
    z: &F::Elem,
) -> halfroot::ec2::lambda::LambdaProjectivePoint<F::Elem> {
    use halfroot::ec2::lambda::LambdaProjectivePoint;
    let f = c.field();
    match p.coordinates() {
        None => LambdaProjectivePoint {
            x: z.clone(),
            l: z.clone(),
            z: f.zero(),
        },
        Some((x, _)) if f.is_zero(x) => LambdaProjectivePoint {
            x: f.zero(),
            l: z.clone(),
            z: f.zero(),
        },
        Some(_) => {
            let lp = lambda_of(c, p);
            LambdaProjectivePoint {
                x: f.mul(&lp.x, z),
                l: f.mul(&lp.lambda, z),
                z: z.clone(),
            }
        }
    }
}

/// A point of order 4 on a curve with 4 | #E (x⁴ = b, so that 2P = (0, √b)), or `None`.
fn order_four_point<F: halfroot::binary::field::BinaryFieldOps>(
    c: &BinaryCurve<F>,
) -> Option<AffinePoint<F::Elem>> {
    let f = c.field();
    let x = f.sqrt(&f.sqrt(c.b()));
    // y = x·z with z² + z = x + a + b/x².
    let xi2 = f.sqr(&f.inv(&x)?);
    let rhs = f.add(&f.add(&x, c.a()), &f.mul(c.b(), &xi2));
    let z = f.solve_quadratic(&rhs)?;
    let p = AffinePoint::Finite {
        y: f.mul(&x, &z),
        x,
    };
    assert!(c.is_on_curve(&p));
    Some(p)
}

/// Every λ-projective formula against the affine law on random points with random Z,
/// and on the exceptional cases: O, the point of order 2, P = Q, P = −Q, P + Q = T₂,
/// 2Q = ±P, 2Q + P = T₂, a point of order 4, points outside ⟨G⟩.
fn check_lambda_formulas<F: halfroot::binary::field::BinaryFieldOps>(
    c: &BinaryCurve<F>,
    rng: &mut ChaCha8Rng,
) {
    let f = c.field();
    let name = c.name().to_string();
    let o = AffinePoint::Infinity;
    let t2 = c.two_torsion();
    let rz = |rng: &mut ChaCha8Rng| loop {
        let z = f.random(rng);
        if !f.is_zero(&z) {
            return z;
        }
    };
    let mut specials = vec![o.clone(), t2.clone()];
    specials.extend(order_four_point(c));
    for round in 0..8 {
        let p = c.random_point_vartime(rng);
        let q = c.random_point_vartime(rng);
        // A point outside ⟨G⟩ every other round.
        let q = if round % 2 == 1 {
            c.add_vartime(&q, &t2)
        } else {
            q
        };
        let mut ps = vec![p.clone(), q.clone()];
        ps.extend(specials.iter().cloned());
        let neg_p = c.neg(&p);
        // Second operands: random, P itself, −P, T₂ − P (sum T₂), 2P, and the specials.
        let mut qs = vec![
            q.clone(),
            p.clone(),
            neg_p.clone(),
            c.add_vartime(&t2, &neg_p),
        ];
        qs.extend(specials.iter().cloned());
        for a in &ps {
            let za = rz(rng);
            let la = lambda_scaled(c, a, &za);
            let ctx = || format!("{name} round {round} P={a:?}");
            assert_eq!(c.lambda_proj_to_affine(&la), *a, "{} to_affine", ctx());
            assert_eq!(
                c.lambda_proj_to_affine(&c.lambda_proj_from_affine(a)),
                *a,
                "{} from_affine",
                ctx()
            );
            assert_eq!(
                c.lambda_proj_to_affine(&c.lambda_proj_neg(&la)),
                c.neg(a),
                "{} neg",
                ctx()
            );
            assert_eq!(
                c.lambda_proj_to_affine(&c.lambda_proj_double(&la)),
                c.double_vartime(a),
                "{} double",
                ctx()
            );
            for b in qs.iter().chain(&ps) {
                let want = c.add_vartime(a, b);
                let lb = lambda_scaled(c, b, &rz(rng));
                assert_eq!(
                    c.lambda_proj_to_affine(&c.lambda_proj_add_vartime(&la, &lb)),
                    want,
                    "{} + {b:?} add",
                    ctx()
                );
                let b_has_lambda = b.coordinates().is_some_and(|(x, _)| !f.is_zero(x));
                if !b_has_lambda {
                    continue;
                }
                let bl = lambda_of(c, b);
                assert_eq!(
                    c.lambda_proj_to_affine(&c.lambda_proj_add_mixed_vartime(&la, &bl)),
                    want,
                    "{} + {b:?} mixed",
                    ctx()
                );
                assert_eq!(
                    c.lambda_neg(&bl),
                    lambda_of(c, &c.neg(b)),
                    "{} λ-affine neg",
                    ctx()
                );
                // 2P + Q with Q = b, and with Q = 2P, −2P, T₂ − 2P for the fused step.
                let twice = c.double_vartime(a);
                let mut fused_qs = vec![b.clone(), twice.clone(), c.neg(&twice)];
                fused_qs.push(c.add_vartime(&t2, &c.neg(&twice)));
                for fq in fused_qs {
                    if fq.coordinates().is_none_or(|(x, _)| f.is_zero(x)) {
                        continue;
                    }
                    let got = c.lambda_proj_double_add_vartime(&la, &lambda_of(c, &fq));
                    assert_eq!(
                        c.lambda_proj_to_affine(&got),
                        c.add_vartime(&twice, &fq),
                        "{} 2P + {fq:?}",
                        ctx()
                    );
                }
            }
        }
        // Batch conversions, with O and T₂ among the points.
        let batch: Vec<_> = ps.iter().map(|a| lambda_scaled(c, a, &rz(rng))).collect();
        assert_eq!(
            c.lambda_proj_to_affine_many(&batch),
            ps,
            "{name} to_affine_many"
        );
        let lam = c.lambda_proj_to_lambda_many(&batch);
        for (a, l) in ps.iter().zip(lam) {
            let has = a.coordinates().is_some_and(|(x, _)| !f.is_zero(x));
            assert_eq!(
                l,
                has.then(|| lambda_of(c, a)),
                "{name} to_lambda_many {a:?}"
            );
        }
    }
}

#[test]
fn lambda_formulas_match_affine() {
    use halfroot::binary::field::BinaryField;
    use halfroot::binary::spec::Nist233;
    let mut rng = ChaCha8Rng::seed_from_u64(29);
    for c in curves() {
        check_lambda_formulas(&c, &mut rng);
    }
    // A compile-time field: the curve code is generic over the field and has no path of
    // its own per spec, and every spec's kernels are checked operation by operation in
    // the `binary` test binary, so one compile-time field stands for all of them here.
    // (Each field type instantiates the whole curve code: B-163's field took 34 of this
    // binary's 166 s of LLVM function passes, session 47.)
    let f233 = BinaryField::<4, Nist233>::new(Nist233).expect("field");
    for name in ["B-233", "K-233"] {
        let c = BinaryCurve::standard_on(f233.clone(), name).expect("curve");
        check_lambda_formulas(&c, &mut rng);
    }
}

/// Every method of `ScalarMulAlgorithm::ALL`, and w-NAF λ and halve-and-add (λ and
/// López–Dahab accumulators) at every width 2..=6, against w-NAF (López–Dahab) and the
/// ladder on edge scalars, on the ten
/// standard curves; w-NAF λ also on points outside ⟨G⟩ (P + T₂, T₂, a point of order
/// 4) against w-NAF.
#[test]
fn methods_agree_on_edge_scalars() {
    let mut rng = ChaCha8Rng::seed_from_u64(30);
    for c in curves() {
        let p = c.random_point_vartime(&mut rng);
        let mut outside = vec![c.add_vartime(&p, &c.two_torsion()), c.two_torsion()];
        outside.extend(order_four_point(&c));
        for k in edge_scalars(&c, &mut rng) {
            let want = c.mul_wnaf_vartime(&k, &p, 4);
            let ladder = c
                .mul(Some(ScalarMulAlgorithm::Ladder), &k, &p)
                .expect("ladder");
            assert_eq!(ladder, want, "{} k={k:#x} ladder vs wnaf", c.name());
            for alg in ScalarMulAlgorithm::ALL {
                let got = c.mul(Some(alg), &k, &p);
                if alg.supports(&c) {
                    assert_eq!(got.expect("mul"), want, "{} k={k:#x} {alg}", c.name());
                } else {
                    assert!(
                        matches!(got, Err(halfroot::Error::UnsupportedAlgorithm { .. })),
                        "{} {alg}: {got:?}",
                        c.name()
                    );
                }
            }
            for w in 2..=6 {
                let got = c.mul_wnaf_lambda_vartime(&k, &p, w);
                assert_eq!(got, want, "{} k={k:#x} wnaf-lambda w={w}", c.name());
                let got = c.mul_halve_and_add_vartime(&k, &p, w).expect("h&a λ");
                assert_eq!(got, want, "{} k={k:#x} h&a (λ) w={w}", c.name());
                let got = c.mul_halve_and_add_ld_vartime(&k, &p, w).expect("h&a LD");
                assert_eq!(got, want, "{} k={k:#x} h&a (LD) w={w}", c.name());
            }
            for q in &outside {
                let want = c.mul_wnaf_vartime(&k, q, 4);
                for w in [2, 4, 5] {
                    let got = c.mul_wnaf_lambda_vartime(&k, q, w);
                    assert_eq!(got, want, "{} k={k:#x} Q={q:?} wnaf-lambda w={w}", c.name());
                }
            }
        }
    }
}

/// k·G on two curves that are the same curve over two fields (`words`, `packed`) agree
/// for every scalar in `scalars` and every method that applies (ladder, τNAF, w-NAF,
/// halve-and-add): both O, or the same affine coordinates once each is mapped to a
/// common form (`of_words`, `of_packed`: canonical words or encodings). Used by the two
/// packed-field tests below, which exist on x86-64 only (as `binary::packed`).
#[cfg(target_arch = "x86_64")]
fn multiples_agree<W, P, T>(
    words: &BinaryCurve<W>,
    packed: &BinaryCurve<P>,
    scalars: &[BigUint],
    name: &str,
    of_words: impl Fn(&W::Elem) -> T,
    of_packed: impl Fn(&P::Elem) -> T,
) where
    W: halfroot::binary::field::BinaryFieldOps,
    P: halfroot::binary::field::BinaryFieldOps,
    T: PartialEq + std::fmt::Debug,
{
    let (gw, gp) = (words.generator(), packed.generator());
    for k in scalars {
        for alg in [
            ScalarMulAlgorithm::Ladder,
            ScalarMulAlgorithm::Tnaf,
            ScalarMulAlgorithm::WnafVartime,
            ScalarMulAlgorithm::HalveAndAddVartime,
        ] {
            if !alg.supports(words) {
                continue;
            }
            let w = words.mul(Some(alg), k, &gw).expect("k·G");
            let p = packed.mul(Some(alg), k, &gp).expect("k·G");
            match (w.coordinates(), p.coordinates()) {
                (None, None) => {}
                (Some((wx, wy)), Some((px, py))) => assert_eq!(
                    (of_packed(px), of_packed(py)),
                    (of_words(wx), of_words(wy)),
                    "{name} {alg:?} {k}"
                ),
                _ => panic!("{name} {alg:?}: one result is O and the other not"),
            }
        }
    }
}

/// The curve on the packed field `PackedField<4, Nist233>` against the same curve on the
/// word field `BinaryField<4, Nist233>`: every scalar-multiplication method that applies,
/// on K-233 and B-233, at 1, 2, n − 1 and random scalars. (Here rather than beside the
/// packed field's own tests in the `binary` binary: this binary instantiates the curve
/// code on `BinaryField<4, Nist233>` already, and each field type costs the whole curve
/// code's compile time; session 47.) x86-64 only, as `binary::packed`.
#[cfg(target_arch = "x86_64")]
#[test]
fn curves_on_the_packed_field_agree_with_the_word_field() {
    use halfroot::binary::field::BinaryField;
    use halfroot::binary::packed::PackedField;
    use halfroot::binary::spec::Nist233;
    for name in ["sect233k1", "sect233r1"] {
        let words = BinaryCurve::standard_on(
            BinaryField::<4, Nist233>::new(Nist233).expect("the spec is irreducible"),
            name,
        )
        .expect("a standard curve");
        let packed = BinaryCurve::standard_on(
            PackedField::<4, Nist233>::new(Nist233).expect("a packed field"),
            name,
        )
        .expect("a standard curve");
        let pf = packed.field();
        let seed: u64 = name.bytes().map(u64::from).sum();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let n = words.order().clone();
        let mut scalars = vec![BigUint::from(1u32), BigUint::from(2u32), &n - 1u32];
        for _ in 0..4 {
            scalars.push(words.random_scalar_vartime(&mut rng));
        }
        multiples_agree(&words, &packed, &scalars, name, |x| *x, |x| pf.to_words(x));
    }
}

/// B-233 and K-233 on the packed field at 233,159,0, whose default reduction holds the
/// elements in Montgomery's representation (a·x^256 mod P): k·G by the ladder, w-NAF
/// and halve-and-add (square roots, half-traces and traces through the
/// representation) agree with the same curves on the run-time field of the same
/// polynomial (the affine coordinates' encodings compared). One more field type
/// instantiates the whole curve code: this is the only curve test on it.
#[cfg(target_arch = "x86_64")]
#[test]
fn curves_on_the_montgomery_packed_field_agree() {
    use halfroot::binary::modulus::Modulus;
    use halfroot::binary::packed::PackedField;
    use halfroot::binary::spec::Ssrf233;
    use halfroot::ec2::basis::CurveOnBasis;
    let packed_field = PackedField::<4, Ssrf233>::new(Ssrf233).expect("packed field");
    assert!(packed_field.is_montgomery());
    let modulus = Modulus::from_exponents(Ssrf233::EXPONENTS).expect("modulus");
    let dyn_field = DynBinaryField::from_modulus(modulus.clone()).expect("field");
    let mut rng = ChaCha8Rng::seed_from_u64(233_159);
    for name in ["B-233", "K-233"] {
        // The standard curves moved onto the SSRF basis (the same change of basis for
        // both fields: the first root of the standard polynomial).
        let words_moved = CurveOnBasis::new(dyn_field.clone(), &modulus, name).expect("curve");
        let packed_moved = CurveOnBasis::new(packed_field.clone(), &modulus, name).expect("curve");
        let (words, packed) = (words_moved.internal(), packed_moved.internal());
        let (wf, pf) = (words.field(), packed.field());
        let n = words.order().clone();
        let mut scalars = vec![BigUint::from(1u32), BigUint::from(2u32), &n - 1u32];
        for _ in 0..3 {
            scalars.push(words.random_scalar_vartime(&mut rng));
        }
        multiples_agree(
            words,
            packed,
            &scalars,
            name,
            |x| wf.encode(x),
            |x| pf.encode(x),
        );
    }
}

/// A coordinate that is not an element as the field holds them is refused by the curve
/// check and every method behind it, with a typed error and no panic: x + P (congruent
/// to a point's x, so the equation holds modulo P: taken before) on the word fields of
/// every standard curve and on the compile-time B-233 field, and a coordinate one word
/// short (`DynBinaryField`; the product read past its end before).
#[test]
fn unreduced_coordinates_are_refused() {
    use halfroot::binary::field::BinaryField;
    use halfroot::binary::spec::Nist233;
    use halfroot::Error;
    let mut rng = ChaCha8Rng::seed_from_u64(45);
    let k = BigUint::from(12345u32);
    for c in curves() {
        let f = c.field();
        let d = c.degree() as usize;
        let p = c.random_point_vartime(&mut rng);
        let AffinePoint::Finite { x, y } = &p else {
            continue;
        };
        // z^d mod P = P − z^d.
        let mut z = Field::zero(f);
        z[0] = 2;
        let zd = Field::pow_vartime(f, &z, &[d as u64]);
        let mut x_plus_p = Field::add(f, x, &zd);
        x_plus_p[d / 64] |= 1 << (d % 64);
        let mut short = x.clone();
        short.pop();
        for (q, what) in [
            (
                AffinePoint::Finite {
                    x: x_plus_p.clone(),
                    y: y.clone(),
                },
                "x + P",
            ),
            (
                AffinePoint::Finite {
                    x: x.clone(),
                    y: x_plus_p.clone(),
                },
                "y = x + P",
            ),
            (
                AffinePoint::Finite {
                    x: short.clone(),
                    y: y.clone(),
                },
                "short x",
            ),
        ] {
            let ctx = format!("{} {what}", c.name());
            assert!(!c.is_on_curve(&q), "{ctx}");
            assert!(
                matches!(c.check_on_curve(&q), Err(Error::OutOfRange { .. })),
                "{ctx}"
            );
            assert!(c.mul(None, &k, &q).is_err(), "{ctx}");
            assert!(
                c.mul(Some(ScalarMulAlgorithm::Ladder), &k, &q).is_err(),
                "{ctx}"
            );
            assert!(c.halve_vartime(&q).is_err(), "{ctx}");
            assert!(c.validate_public_point(&q, "peer").is_err(), "{ctx}");
        }
        // The reduced point itself passes.
        assert!(c.check_on_curve(&p).is_ok(), "{}", c.name());
    }
    let field = BinaryField::<4, Nist233>::new(Nist233).expect("field");
    let c = BinaryCurve::standard_on(field, "B-233").expect("B-233");
    let p = c.random_point_vartime(&mut rng);
    let AffinePoint::Finite { x, y } = &p else {
        panic!("a random point is finite");
    };
    let mut x_plus_p = *x;
    for e in [233u32, 74, 0] {
        x_plus_p[(e / 64) as usize] ^= 1 << (e % 64);
    }
    let q = AffinePoint::Finite { x: x_plus_p, y: *y };
    assert!(!c.is_on_curve(&q));
    assert!(matches!(
        c.check_on_curve(&q),
        Err(Error::OutOfRange { .. })
    ));
    assert!(c.mul(None, &k, &q).is_err());
    assert!(c.check_on_curve(&p).is_ok());
}

/// A random source that always gives the same byte.
struct ConstantRng(u8);

impl rand::RngCore for ConstantRng {
    fn next_u32(&mut self) -> u32 {
        u32::from_ne_bytes([self.0; 4])
    }
    fn next_u64(&mut self) -> u64 {
        u64::from_ne_bytes([self.0; 8])
    }
    fn fill_bytes(&mut self, dest: &mut [u8]) {
        dest.fill(self.0);
    }
    fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand::Error> {
        self.fill_bytes(dest);
        Ok(())
    }
}

/// Key generation from a broken source (only zeros: d = 0; only ones: d = 2^bits(n) − 1
/// ≥ n, on every standard curve) is a `RandomSource` error after
/// `KEYGEN_ATTEMPTS` draws, not an endless loop; a source that gives a usable value on
/// a later draw is still served.
#[test]
fn keygen_refuses_a_broken_random_source() {
    use halfroot::ec2::ecdh::KEYGEN_ATTEMPTS;
    use halfroot::Error;
    for c in curves() {
        for byte in [0x00, 0xff] {
            let e = c
                .keygen(&mut ConstantRng(byte))
                .expect_err("constant source");
            assert!(matches!(e, Error::RandomSource { .. }), "{}: {e}", c.name());
            assert!(e.to_string().contains(&KEYGEN_ATTEMPTS.to_string()), "{e}");
        }
        // Zeros for 100 draws, then a working source.
        struct LateRng(u32, ChaCha8Rng);
        impl rand::RngCore for LateRng {
            fn next_u32(&mut self) -> u32 {
                self.1.next_u32()
            }
            fn next_u64(&mut self) -> u64 {
                self.1.next_u64()
            }
            fn fill_bytes(&mut self, dest: &mut [u8]) {
                if self.0 > 0 {
                    self.0 -= 1;
                    dest.fill(0);
                } else {
                    self.1.fill_bytes(dest);
                }
            }
            fn try_fill_bytes(&mut self, dest: &mut [u8]) -> Result<(), rand::Error> {
                self.fill_bytes(dest);
                Ok(())
            }
        }
        let mut late = LateRng(100, ChaCha8Rng::seed_from_u64(7));
        let (d, q) = c
            .keygen(&mut late)
            .expect("a usable draw after 100 zero ones");
        assert_eq!(
            c.mul(None, &d.to_biguint(), &c.generator()).expect("d·G"),
            q
        );
    }
}
