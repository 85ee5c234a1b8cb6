//! Square roots and QR tests in GF(p) and GF(p²) against independent oracles.
use halfroot::field::Field;
use halfroot::prime::qr::{cqr, pqr, QrTest};
use halfroot::prime::reference::BigPrimeField;
use halfroot::prime::sqrt::{SqrtAlgorithm, SqrtContext};
use halfroot::prime::PrimeFieldOps;
use num_bigint::BigUint;

#[test]
fn smoke_small_primes_all_algorithms() {
    for p in [
        3u64,
        5,
        7,
        13,
        17,
        29,
        41,
        97,
        113,
        257,
        65537,
        1_000_000_007,
    ] {
        let f = BigPrimeField::new(BigUint::from(p)).unwrap();
        let ctx = SqrtContext::new(&f).unwrap();
        let n = p.min(300);
        for a in 0..n {
            let a = f.from_u64(a);
            let l = f.legendre(&a);
            for alg in SqrtAlgorithm::ALL {
                if !alg.supports(f.modulus()) {
                    continue;
                }
                let r = alg.sqrt_vartime(&f, &ctx, &a).unwrap();
                match r {
                    Some(r) => assert!(l >= 0 && f.sqr(&r) == a, "{} p={p} a={a}", alg.name()),
                    None => assert_eq!(l, -1, "{} p={p} a={a}", alg.name()),
                }
            }
            for q in QrTest::ALL {
                assert_eq!(q.run(&f, &ctx.two_adic, &a), l);
            }
            let _ = (cqr(&f, &ctx.two_adic, &a), pqr(&f, &ctx.two_adic, &a));
        }
    }
}
