//! Differential tests: halfroot against peer libraries on the same inputs.
//!
//! * binary fields: OpenSSL's `BN_GF2m_mod_{mul,sqr,sqrt,inv,solve_quad}_arr` on the NIST
//!   polynomials and on the square-root-friendly ones of the same degrees;
//! * prime fields: PARI's `Fp_sqrt`, FLINT's `fmpz_sqrtmod` and GMP's `mpz_legendre`.
//!
//! Each test prints a note and passes without checking when its peer library was not
//! found at build time (`halfroot_peers::available()` says which were).

use halfroot::binary::dynamic::DynBinaryField;
use halfroot::binary::sqrt::SqrtAlgorithm as BinSqrt;
use halfroot::field::Field;
use halfroot::prime::dynamic::DynFp;
use halfroot::prime::sqrt::{sqrt_smaller, SqrtAlgorithm, SqrtContext};
use halfroot::prime::PrimeFieldOps;
use halfroot_peers::openssl::OpensslGf2m;
use halfroot_peers::PeerError;
use num_bigint::BigUint;
use rand::{Rng, SeedableRng};

fn available(peer: &str) -> bool {
    let ok = halfroot_peers::available()
        .iter()
        .any(|(name, present, _)| *name == peer && *present);
    if !ok {
        eprintln!("note: peer {peer} not available at build time; differential test skipped");
    }
    ok
}

const BINARY_FIELDS: &[&str] = &[
    "163,7,6,3,0",
    "163,57,49,29,0",
    "233,74,0",
    "233,159,0",
    "283,12,7,5,0",
    "283,97,89,87,0",
    "409,87,0",
    "571,10,5,2,0",
    "571,193,185,5,0",
];

fn exps(m: &str) -> Vec<u32> {
    m.split(',').map(|e| e.parse().expect("exponent")).collect()
}

#[test]
fn binary_fields_match_openssl_bn_gf2m() {
    if !available("openssl") {
        return;
    }
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(2026);
    for m in BINARY_FIELDS {
        let ours = DynBinaryField::new(m).expect("field");
        let theirs = OpensslGf2m::new(&exps(m)).expect("openssl field");
        for _ in 0..200 {
            let a = ours.random(&mut rng);
            let b = ours.random(&mut rng);
            assert_eq!(
                ours.mul(&a, &b).expect("mul"),
                theirs.mul(&a, &b).expect("openssl mul"),
                "{m} mul"
            );
            assert_eq!(
                ours.sqr(&a).expect("sqr"),
                theirs.sqr(&a).expect("openssl sqr"),
                "{m} sqr"
            );
            let r = theirs.sqrt(&a).expect("openssl sqrt");
            for alg in BinSqrt::ALL {
                if ours.supports(alg) {
                    assert_eq!(
                        ours.sqrt(&a, Some(alg)).expect("sqrt"),
                        r,
                        "{m} sqrt {alg:?}"
                    );
                }
            }
            assert_eq!(
                Some(ours.inv(&a).expect("inv")),
                theirs.inv(&a).expect("openssl inv"),
                "{m} inv"
            );
            // λ² + λ = a: OpenSSL returns one root z, we return one of {z, z + 1}.
            let ours_root = ours.solve(&a).expect("solve");
            let theirs_root = theirs.solve_quad(&a).expect("openssl solve");
            match (ours_root, theirs_root) {
                (None, None) => {}
                (Some(x), Some(z)) => {
                    let mut z1 = z.clone();
                    z1[0] ^= 1;
                    assert!(x == z || x == z1, "{m} solve: {x:?} vs {z:?}");
                }
                (x, z) => panic!("{m} solve disagrees on solvability: {x:?} vs {z:?}"),
            }
        }
    }
}

fn primes() -> Vec<BigUint> {
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(7);
    let mut out = vec![
        // P-256 (p ≡ 3 mod 4), P-224 (2-adicity 96), 2^255 - 19 (p ≡ 5 mod 8).
        BigUint::parse_bytes(
            b"ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
            16,
        )
        .expect("p256"),
        BigUint::parse_bytes(
            b"26959946667150639794667015087019630673557916260026308143510066298881",
            10,
        )
        .expect("p224"),
        (BigUint::from(1u32) << 255u32) - 19u32,
    ];
    for bits in [64u64, 160, 256, 512, 1024] {
        if let Some(p) = halfroot::prime::primality::random_prime(bits, &mut rng) {
            out.push(p);
        }
    }
    // Primes with large 2-adicity: k·2^40 + 1.
    loop {
        let k: u64 = rng.gen::<u64>() | 1;
        let p = (BigUint::from(k) << 40u32) + 1u32;
        if halfroot::prime::primality::is_probable_prime(&p) {
            out.push(p);
            break;
        }
    }
    out
}

fn peer_root(
    name: &str,
    f: impl Fn(&[u64], &[u64]) -> Result<Option<Vec<u64>>, PeerError>,
    a: &BigUint,
    p: &BigUint,
) -> Option<BigUint> {
    f(&a.to_u64_digits(), &p.to_u64_digits())
        .unwrap_or_else(|e| panic!("{name}: {e}"))
        .map(|w| {
            let bytes: Vec<u8> = w.iter().flat_map(|x| x.to_le_bytes()).collect();
            BigUint::from_bytes_le(&bytes)
        })
}

#[test]
fn prime_square_roots_match_pari_flint_and_gmp_legendre() {
    let have_pari = available("pari");
    let have_flint = available("flint");
    let have_gmp = available("gmp");
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(11);
    for p in primes() {
        let field = DynFp::new(&p).expect("prime");
        // DynFp itself (it dispatches per operation): the generic square root is
        // instantiated once, not once per limb count (build weight).
        {
            let f = &field;
            let ctx = SqrtContext::new(f).expect("ctx");
            for _ in 0..40 {
                let a = f.random(&mut rng);
                let a_int = f.to_biguint(&a);
                let ours = SqrtAlgorithm::auto(f.modulus())
                    .sqrt_vartime(f, &ctx, &a)
                    .expect("sqrt")
                    .map(|r| f.to_biguint(&sqrt_smaller(f, &r)));
                let smaller = |r: BigUint| {
                    let s = &p - &r;
                    if r.bits() == 0 || r < s {
                        r
                    } else {
                        s
                    }
                };
                if have_pari {
                    let t = peer_root("pari", halfroot_peers::pari::fp_sqrt, &a_int, &p);
                    assert_eq!(ours, t.map(smaller), "PARI Fp_sqrt, p = {p}");
                }
                if have_flint {
                    let t = peer_root("flint", halfroot_peers::flint::sqrtmod, &a_int, &p);
                    assert_eq!(ours, t.map(smaller), "FLINT fmpz_sqrtmod, p = {p}");
                }
                if have_gmp {
                    let l =
                        halfroot_peers::gmp::legendre(&a_int.to_u64_digits(), &p.to_u64_digits())
                            .expect("gmp legendre");
                    assert_eq!(f.legendre(&a) as i32, l, "GMP mpz_legendre, p = {p}");
                }
            }
        }
    }
}

/// Every Legendre method of `Fp<N>` (certified binary GCD, divsteps, binary Jacobi,
/// Euler's criterion, the dispatching default) against GMP's `mpz_legendre` on random
/// and special inputs (0, 1, 2, small values, p − 1, p − 2, values a few units below p,
/// values sharing p's top words, squares, and products of a square with a non-square),
/// modulo primes of 64 … 2048 bits.
#[test]
fn prime_legendre_methods_match_gmp_mpz_legendre() {
    if !available("gmp") {
        return;
    }
    let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(12);
    let mut ps = primes();
    for bits in [65u64, 127, 128, 192, 255, 320, 384, 448, 768, 1536, 2048] {
        if let Some(p) = halfroot::prime::primality::random_prime(bits, &mut rng) {
            ps.push(p);
        }
    }
    for p in ps {
        let field = DynFp::new(&p).expect("prime");
        let pw = p.to_u64_digits();
        let mut specials: Vec<BigUint> = [0u32, 1, 2, 3, 4, 5, 7, 8, 1000, 65536]
            .iter()
            .map(|&v| BigUint::from(v) % &p)
            .collect();
        for k in 1u32..6 {
            specials.push(&p - k);
        }
        // Same top words as p, differing low word; and p with its low half cleared.
        let low = BigUint::from(rng.gen::<u64>());
        specials.push((&p >> 64u32 << 64u32) + (low % BigUint::from(u64::MAX)));
        let half = (p.bits() / 2) as u32;
        specials.push(&p >> half << half);
        specials.push(&p >> 1u32);
        specials.push((BigUint::from(1u32) << (p.bits() - 1) as u32) % &p);
        halfroot::with_fp!(&field, |f| {
            let n = rng.gen_range(0..f.modulus().bits().max(2)) as u32;
            let mut xs: Vec<_> = specials
                .iter()
                .map(|v| f.from_biguint(&(v % &p)).expect("below p"))
                .collect();
            let nonres = (2u64..)
                .map(|k| f.from_u64(k))
                .find(|x| f.legendre_euler(x) == -1)
                .expect("a non-residue");
            for _ in 0..60 {
                let a = f.random(&mut rng);
                xs.push(a);
                xs.push(f.sqr(&a));
                xs.push(f.mul(&f.sqr(&a), &nonres));
            }
            // A random small value of n bits.
            xs.push(
                f.from_biguint(&(&(BigUint::from(1u32) << n) % f.modulus()))
                    .expect("<p"),
            );
            for a in &xs {
                let want = halfroot_peers::gmp::legendre(&f.to_biguint(a).to_u64_digits(), &pw)
                    .expect("gmp legendre") as i8;
                let got = [
                    ("bingcd", f.legendre_bingcd(a)),
                    ("divsteps", f.legendre_divsteps(a)),
                    ("binary", f.legendre_binary(a)),
                    ("euler", f.legendre_euler(a)),
                    ("default", f.legendre(a)),
                ];
                for (name, s) in got {
                    assert_eq!(s, want, "{name} vs GMP, p = {p}, a = {}", f.to_biguint(a));
                }
            }
        });
    }
}
