//! The generic field traits on the prime-side fields: constant-time equality, selection
//! and swap, SEC 1 encodings (the Montgomery field `Fp<N>` against the `BigUint`
//! reference field, whose encoding is `BigUint::to_bytes_be` padded: an independent
//! implementation), and the batch forms through `Counting`; GF(p²) and F_{q^k}
//! encodings as the concatenation of their coefficients, highest first.

use halfroot::count::Counting;
use halfroot::error::Error;
use halfroot::ext::Fqk;
use halfroot::field::{Choice, Field};
use halfroot::prime::montgomery::Fp;
use halfroot::prime::reference::BigPrimeField;
use halfroot::prime::{DynFp, PrimeFieldOps};
use halfroot::prime2::{Fp2, Fp2Elem};
use num_bigint::{BigUint, RandBigInt};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn generic_ct<F: Field>(f: &F, rng: &mut ChaCha8Rng, tag: &str) {
    for _ in 0..100 {
        let (a, b) = (f.random(rng), f.random(rng));
        assert!(bool::from(f.ct_eq(&a, &a)), "{tag}");
        assert_eq!(bool::from(f.ct_eq(&a, &b)), a == b, "{tag}");
        assert_eq!(f.select(&a, &b, Choice::from(0)), a, "{tag}");
        assert_eq!(f.select(&a, &b, Choice::from(1)), b, "{tag}");
        let (mut x, mut y) = (a.clone(), b.clone());
        f.cswap(&mut x, &mut y, Choice::from(1));
        assert_eq!((&x, &y), (&b, &a), "{tag}");
        f.cswap(&mut x, &mut y, Choice::from(0));
        assert_eq!((&x, &y), (&b, &a), "{tag}");
        let e = f.encode(&a);
        assert_eq!(e.len(), f.encoded_len(), "{tag}");
        assert_eq!(f.decode(&e).expect("round trip"), a, "{tag}");
    }
    let e = f.encode(&f.one());
    assert!(
        matches!(f.decode(&e[1..]), Err(Error::InvalidEncoding { .. })),
        "{tag}"
    );
    assert!(bool::from(f.ct_is_zero(&f.zero())), "{tag}");
    assert_eq!(f.inv_or_zero(&f.zero()), f.zero(), "{tag}: inv_or_zero(0)");
    for _ in 0..20 {
        let a = f.random(rng);
        let want = f.inv(&a).unwrap_or_else(|| f.zero());
        assert_eq!(f.inv_or_zero(&a), want, "{tag}: inv_or_zero");
    }
    // Batches against single calls.
    let a: Vec<F::Elem> = (0..40).map(|_| f.random(rng)).collect();
    let b: Vec<F::Elem> = (0..40).map(|_| f.random(rng)).collect();
    let mut out = a.clone();
    f.mul_many(&a, &b, &mut out).expect("mul_many");
    for i in 0..a.len() {
        assert_eq!(out[i], f.mul(&a[i], &b[i]), "{tag} mul_many #{i}");
    }
    f.sqr_many(&a, &mut out).expect("sqr_many");
    for i in 0..a.len() {
        assert_eq!(out[i], f.sqr(&a[i]), "{tag} sqr_many #{i}");
    }
    assert!(f.mul_many(&a, &b[1..], &mut out).is_err(), "{tag}");
}

/// `Counting` charges one operation per batch element.
fn counted_batches<F: Field + Clone>(f: &F, rng: &mut ChaCha8Rng, tag: &str) {
    let c = Counting::new(f.clone());
    let a: Vec<F::Elem> = (0..33).map(|_| f.random(rng)).collect();
    let mut out = a.clone();
    c.mul_many(&a, &a, &mut out).expect("mul_many");
    c.sqr_many(&a, &mut out).expect("sqr_many");
    c.inv_many(&a, &mut out).expect("inv_many");
    let n = c.counts();
    assert_eq!((n.m, n.s, n.i), (33, 33, 33), "{tag}: {n}");
}

#[test]
fn montgomery_encodings_match_the_biguint_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    // P-256's prime, a 255-bit prime (32 bytes, top byte < 0x80), a 127-bit one and a
    // 64-bit one.
    let primes = [
        "115792089210356248762697446949407573530086143415290314195533631308867097853951",
        "57896044618658097711785492504343953926634992332820282019728792003956564819949",
        "170141183460469231731687303715884105727",
        "18446744073709551557",
    ];
    for p in primes {
        let p: BigUint = p.parse().expect("p");
        let reference = BigPrimeField::new(p.clone()).expect("reference");
        let dynamic = DynFp::new(&p).expect("DynFp");
        assert_eq!(dynamic.encoded_len(), reference.encoded_len());
        assert_eq!(reference.encoded_len(), (p.bits() as usize).div_ceil(8));
        for v in [
            BigUint::from(0u32),
            BigUint::from(1u32),
            &p - 1u32,
            rng.gen_biguint_below(&p),
            rng.gen_biguint_below(&p),
        ] {
            let want = reference.encode(&v);
            let mine = dynamic.from_biguint(&v).expect("element");
            assert_eq!(dynamic.encode(&mine), want, "p = {p}, v = {v}");
            assert_eq!(dynamic.decode(&want).expect("decode"), mine);
            assert_eq!(reference.decode(&want).expect("decode"), v);
        }
        // p itself and the largest string of the length are out of range.
        let mut at_p = vec![0u8; reference.encoded_len()];
        let pb = p.to_bytes_be();
        at_p[reference.encoded_len() - pb.len()..].copy_from_slice(&pb);
        let all_ones = vec![0xffu8; reference.encoded_len()];
        for bad in [&at_p, &all_ones] {
            for e in [dynamic.decode(bad).err(), reference.decode(bad).err()] {
                assert!(
                    matches!(&e, Some(Error::InvalidEncoding { reason, .. }) if reason.contains("not below p")),
                    "{e:?}"
                );
            }
        }
        generic_ct(&dynamic, &mut rng, "DynFp");
        generic_ct(&reference, &mut rng, "BigPrimeField");
        counted_batches(&dynamic, &mut rng, "DynFp");
    }
    let p256: BigUint = primes[0].parse().expect("p");
    let f4 = Fp::<4>::new(&p256).expect("Fp<4>");
    generic_ct(&f4, &mut rng, "Fp<4>");
    counted_batches(&f4, &mut rng, "Fp<4>");
}

#[test]
fn extension_encodings_are_coefficients_highest_first() {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let p: BigUint = "170141183460469231731687303715884105727"
        .parse()
        .expect("p");
    let base = DynFp::new(&p).expect("base");
    let len = base.encoded_len();
    let fp2 = Fp2::with_default_nonresidue(base.clone()).expect("GF(p²)");
    let a = Fp2Elem {
        c0: base.from_u64(1),
        c1: base.from_u64(2),
    };
    let e = fp2.encode(&a);
    assert_eq!(e.len(), 2 * len);
    assert_eq!((e[len - 1], e[2 * len - 1]), (2, 1), "c1 ‖ c0");
    generic_ct(&fp2, &mut rng, "GF(p²)");
    for k in [5usize, 6, 7] {
        let fq = Fqk::with_default_modulus(base.clone(), k).expect("F_{q^k}");
        let x: Vec<_> = (0..k as u64).map(|i| base.from_u64(i + 1)).collect();
        let e = fq.encode(&x);
        assert_eq!(e.len(), k * len);
        for i in 0..k {
            // coefficient i (value i + 1) ends at byte (k − i)·len − 1.
            assert_eq!(
                e[(k - i) * len - 1],
                (i + 1) as u8,
                "k = {k}, coefficient {i}"
            );
        }
        let mut bad = e.clone();
        bad[..len].fill(0xff);
        assert!(fq.decode(&bad).is_err());
        generic_ct(&fq, &mut rng, "F_{q^k}");
    }
}
