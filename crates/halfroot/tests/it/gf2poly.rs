//! Tests of `halfroot::gf2poly` against independent oracles: a naive bit-vector
//! polynomial implementation written here (bit-by-bit products and long division, trial
//! division for factors), Gauss's count of irreducible polynomials, published
//! irreducible polynomials (NIST FIPS 186-4, Avanzi's square-root-friendly ones), and
//! PARI/GP's `polisirreducible` when `gp` is installed.

#![allow(clippy::unwrap_used)]

use halfroot::gf2poly::{
    is_irreducible_exponents, mul, Gf2Poly, Irreducibility, ModContext, ReducibleReason, Reduction,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

// ---------------------------------------------------------------------------------
// Naive reference: Vec<bool>, index = exponent, no trailing `false`.
// ---------------------------------------------------------------------------------

type Naive = Vec<bool>;

fn trim(mut a: Naive) -> Naive {
    while a.last() == Some(&false) {
        a.pop();
    }
    a
}

fn to_naive(p: &Gf2Poly) -> Naive {
    let n = p.degree().map_or(0, |d| d + 1);
    (0..n).map(|i| p.coeff(i)).collect()
}

fn from_naive(a: &Naive) -> Gf2Poly {
    let exps: Vec<u32> = (0..a.len()).filter(|&i| a[i]).map(|i| i as u32).collect();
    Gf2Poly::from_exponents(&exps)
}

fn nadd(a: &Naive, b: &Naive) -> Naive {
    let n = a.len().max(b.len());
    trim(
        (0..n)
            .map(|i| a.get(i).copied().unwrap_or(false) ^ b.get(i).copied().unwrap_or(false))
            .collect(),
    )
}

fn nmul(a: &Naive, b: &Naive) -> Naive {
    if a.is_empty() || b.is_empty() {
        return Vec::new();
    }
    let mut r = vec![false; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate() {
        if x {
            for (j, &y) in b.iter().enumerate() {
                r[i + j] ^= y;
            }
        }
    }
    trim(r)
}

fn ndivrem(a: &Naive, b: &Naive) -> (Naive, Naive) {
    assert!(!b.is_empty());
    let db = b.len() - 1;
    let mut r = a.clone();
    let mut q = vec![false; a.len().saturating_sub(db).max(1)];
    while r.len() > db {
        let s = r.len() - 1 - db;
        q[s] = true;
        for (j, &y) in b.iter().enumerate() {
            r[s + j] ^= y;
        }
        r = trim(r);
    }
    (trim(q), r)
}

fn ngcd(a: &Naive, b: &Naive) -> Naive {
    let (mut x, mut y) = (a.clone(), b.clone());
    while !y.is_empty() {
        let r = ndivrem(&x, &y).1;
        x = y;
        y = r;
    }
    x
}

/// All polynomials of exact degree `d` (naive form).
fn all_of_degree(d: usize) -> impl Iterator<Item = Naive> {
    (0u64..1 << d).map(move |low| {
        let mut v: Naive = (0..d).map(|i| (low >> i) & 1 == 1).collect();
        v.push(true);
        v
    })
}

/// The reason the naive way: trial division by every polynomial of degree ≤ n/2.
fn naive_irreducibility(f: &Naive) -> Irreducibility {
    let red = |reason| Irreducibility::Reducible { reason };
    if f.len() <= 1 {
        return red(ReducibleReason::Constant);
    }
    let n = f.len() - 1;
    if n == 1 {
        return Irreducibility::Irreducible;
    }
    if !f[0] {
        return red(ReducibleReason::DivisibleByX);
    }
    for d in 1..=n / 2 {
        for g in all_of_degree(d) {
            if ndivrem(f, &nmul(&g, &g)).1.is_empty() {
                return red(ReducibleReason::NotSquareFree);
            }
        }
    }
    for d in 1..=n / 2 {
        for g in all_of_degree(d) {
            if ndivrem(f, &g).1.is_empty() {
                return red(ReducibleReason::FactorOfDegree(d));
            }
        }
    }
    Irreducibility::Irreducible
}

fn random_poly(rng: &mut ChaCha8Rng, degree: usize) -> Gf2Poly {
    let mut words: Vec<u64> = (0..degree / 64 + 1).map(|_| rng.gen()).collect();
    let top = degree / 64;
    words[top] &= (1u64 << (degree % 64)) - 1;
    words[top] |= 1u64 << (degree % 64);
    let p = Gf2Poly::from_words(words);
    assert_eq!(p.degree(), Some(degree));
    p
}

fn arb_poly(max_bits: usize) -> impl Strategy<Value = Gf2Poly> {
    proptest::collection::vec(any::<u64>(), 0..=max_bits.div_ceil(64)).prop_map(Gf2Poly::from_words)
}

/// Sparse-ish polynomials too: the shapes moduli have.
fn arb_sparse(max_deg: u32) -> impl Strategy<Value = Gf2Poly> {
    (1..=max_deg, proptest::collection::vec(0..max_deg, 0..6)).prop_map(|(d, mut e)| {
        e.sort_unstable();
        e.dedup();
        e.retain(|&x| x < d);
        e.push(d);
        Gf2Poly::from_exponents(&e)
    })
}

// ---------------------------------------------------------------------------------
// Basics
// ---------------------------------------------------------------------------------

#[test]
fn constructors_match_naive() {
    assert!(Gf2Poly::zero().is_zero());
    assert_eq!(Gf2Poly::zero().degree(), None);
    assert!(Gf2Poly::one().is_one());
    assert_eq!(Gf2Poly::x().exponents(), vec![1]);
    for k in [0usize, 1, 63, 64, 65, 127, 128, 20_000] {
        let m = Gf2Poly::monomial(k);
        assert_eq!(m.degree(), Some(k));
        assert_eq!(m.weight(), 1);
        assert!(m.coeff(k) && !m.coeff(k + 1));
    }
    assert_eq!(Gf2Poly::from_words(vec![5, 0, 0]).words(), &[5]);
    assert_eq!(Gf2Poly::from_exponents(&[3, 1, 3]).exponents(), vec![1]);
    assert_eq!(
        Gf2Poly::from_exponents(&[0, 200, 64]).exponents(),
        vec![200, 64, 0]
    );
}

#[test]
fn parse_and_display_match_written_forms() {
    let a = Gf2Poly::parse("163,57,49,29,0").unwrap();
    let b = Gf2Poly::parse("x^163+x^57+x^49+x^29+1").unwrap();
    let c = Gf2Poly::parse(" X^29 + 1 + x^163 + x^57+x^49 ").unwrap();
    assert_eq!(a, b);
    assert_eq!(a, c);
    assert_eq!("x^163+x^57+x^49+x^29+1".parse::<Gf2Poly>().unwrap(), a);
    assert_eq!(a.exponents(), vec![163, 57, 49, 29, 0]);
    assert_eq!(a.to_string(), "x^163+x^57+x^49+x^29+1");
    assert_eq!(Gf2Poly::parse("x^2+x+1").unwrap().to_string(), "x^2+x+1");
    assert_eq!(Gf2Poly::parse("0,1,2").unwrap().to_string(), "x^2+x+1");
    assert_eq!(Gf2Poly::parse("x^0").unwrap(), Gf2Poly::one());
    assert_eq!(Gf2Poly::zero().to_string(), "0");
    assert_eq!(Gf2Poly::one().to_string(), "1");
    assert_eq!(Gf2Poly::parse("16777216").unwrap().degree(), Some(1 << 24));
    for bad in [
        "",
        "  ",
        "x^",
        "x^a+1",
        "163,,0",
        "163,57,57,0",
        "x^3+x^3+1",
        "2*x",
        "-1",
        "x^16777217+1",
        "4000000000,0",
    ] {
        assert!(
            matches!(Gf2Poly::parse(bad), Err(halfroot::Error::Parse { .. })),
            "{bad:?} accepted"
        );
    }
}

#[test]
fn derivative_and_reciprocal_match_naive() {
    let f = Gf2Poly::parse("x^7+x^6+x^3+x^2+x").unwrap();
    // d/dx: 7x^6 + 6x^5 + 3x^2 + 2x + 1 = x^6 + x^2 + 1 over GF(2).
    assert_eq!(f.derivative(), Gf2Poly::parse("x^6+x^2+1").unwrap());
    assert_eq!(f.reciprocal(), Gf2Poly::parse("x^6+x^5+x^4+x+1").unwrap());
    assert_eq!(Gf2Poly::zero().reciprocal(), Gf2Poly::zero());
}

// ---------------------------------------------------------------------------------
// Arithmetic against the naive reference
// ---------------------------------------------------------------------------------

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn mul_matches_naive(a in arb_poly(700), b in arb_poly(700)) {
        let prod = a.mul(&b);
        prop_assert_eq!(to_naive(&prod), nmul(&to_naive(&a), &to_naive(&b)));
        prop_assert_eq!(from_naive(&nmul(&to_naive(&a), &to_naive(&b))), prod.clone());
        prop_assert_eq!(a.mul_schoolbook(&b), prod);
        prop_assert_eq!(to_naive(&(&a + &b)), nadd(&to_naive(&a), &to_naive(&b)));
    }

    #[test]
    fn sqr_matches_mul(a in arb_poly(3000)) {
        prop_assert_eq!(a.sqr(), a.mul_schoolbook(&a));
    }

    #[test]
    fn mul_is_commutative_associative_distributive(
        a in arb_poly(4000), b in arb_poly(4000), c in arb_poly(3000)
    ) {
        prop_assert_eq!(a.mul(&b), b.mul(&a));
        prop_assert_eq!(a.mul(&b).mul(&c), a.mul(&b.mul(&c)));
        prop_assert_eq!(a.mul(&(&b + &c)), &a.mul(&b) + &a.mul(&c));
    }

    #[test]
    fn karatsuba_matches_schoolbook(
        la in 1usize..80, lb in 1usize..80, t in 2usize..40, seed in any::<u64>()
    ) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let a: Vec<u64> = (0..la).map(|_| rng.gen()).collect();
        let b: Vec<u64> = (0..lb).map(|_| rng.gen()).collect();
        prop_assert_eq!(mul::karatsuba(&a, &b, t), mul::schoolbook(&a, &b));
        prop_assert_eq!(mul::mul(&a, &b), mul::schoolbook(&a, &b));
    }

    #[test]
    fn divrem_matches_naive(a in arb_poly(600), b in arb_poly(300)) {
        match a.divrem(&b) {
            None => prop_assert!(b.is_zero()),
            Some((q, r)) => {
                let (nq, nr) = ndivrem(&to_naive(&a), &to_naive(&b));
                prop_assert_eq!(to_naive(&q), nq);
                prop_assert_eq!(to_naive(&r), nr);
                prop_assert_eq!(a.rem(&b).unwrap(), r);
            }
        }
    }

    #[test]
    fn divrem_identity_holds(a in arb_poly(5000), b in arb_poly(2500)) {
        prop_assume!(!b.is_zero());
        let (q, r) = a.divrem(&b).unwrap();
        prop_assert_eq!(&q.mul(&b) + &r, a);
        prop_assert!(r.degree().is_none_or(|dr| dr < b.degree().unwrap()));
    }

    #[test]
    fn gcd_matches_naive_and_divides_both(a in arb_poly(300), b in arb_poly(300), c in arb_poly(200)) {
        let (a, b) = (a.mul(&c), b.mul(&c));
        let g = a.gcd(&b);
        prop_assert_eq!(to_naive(&g), ngcd(&to_naive(&a), &to_naive(&b)));
        if !g.is_zero() {
            prop_assert!(a.rem(&g).unwrap().is_zero());
            prop_assert!(b.rem(&g).unwrap().is_zero());
            prop_assert!(c.is_zero() || g.rem(&c).unwrap().is_zero());
        }
    }

    #[test]
    fn mulmod_matches_mul_then_rem(
        a in arb_poly(2500), b in arb_poly(2500), m in prop_oneof![arb_poly(1300), arb_sparse(1300)]
    ) {
        prop_assume!(!m.is_zero());
        let want = a.mul(&b).rem(&m).unwrap();
        for r in Reduction::ALL {
            let ctx = ModContext::with_reduction(&m, r).unwrap();
            prop_assert_eq!(ctx.mulmod(&a, &b), want.clone(), "{}", r.name());
            prop_assert_eq!(ctx.sqrmod(&a), a.sqr().rem(&m).unwrap(), "{}", r.name());
            prop_assert_eq!(ctx.reduce(&a), a.rem(&m).unwrap(), "{}", r.name());
        }
        prop_assert_eq!(a.mulmod(&b, &m).unwrap(), want);
    }

    #[test]
    fn powmod_matches_repeated_mulmod(a in arb_poly(300), m in arb_sparse(300), e in 0u64..300) {
        let ctx = ModContext::new(&m).unwrap();
        let mut want = Gf2Poly::one().rem(&m).unwrap();
        for _ in 0..e {
            want = ctx.mulmod(&want, &a);
        }
        prop_assert_eq!(a.powmod_u64(e, &m).unwrap(), want);
    }

    #[test]
    fn x_pow_2k_matches_powmod(m in prop_oneof![arb_poly(400), arb_sparse(400)], k in 0usize..200) {
        prop_assume!(!m.is_zero());
        // e = 2^k as little-endian words.
        let mut e = vec![0u64; k / 64 + 1];
        e[k / 64] = 1u64 << (k % 64);
        prop_assert_eq!(
            Gf2Poly::x_pow_2k_mod(k, &m).unwrap(),
            Gf2Poly::x().powmod(&e, &m).unwrap()
        );
    }

    #[test]
    fn parse_matches_display(a in arb_poly(300)) {
        prop_assume!(a.degree().is_some_and(|d| d >= 1));
        prop_assert_eq!(Gf2Poly::parse(&a.to_string()).unwrap(), a.clone());
        let list: Vec<String> = a.exponents().iter().map(|e| e.to_string()).collect();
        prop_assert_eq!(Gf2Poly::parse(&list.join(",")).unwrap(), a);
    }
}

#[test]
fn zero_divisor_gives_none() {
    let a = Gf2Poly::parse("x^5+1").unwrap();
    let z = Gf2Poly::zero();
    assert!(a.divrem(&z).is_none());
    assert!(a.rem(&z).is_none());
    assert!(a.mulmod(&a, &z).is_none());
    assert!(a.powmod_u64(3, &z).is_none());
    assert!(Gf2Poly::x_pow_2k_mod(3, &z).is_none());
    assert!(ModContext::new(&z).is_none());
    assert_eq!(a.gcd(&z), a);
    assert_eq!(z.gcd(&z), z);
}

#[test]
fn mod_one_is_zero() {
    let a = Gf2Poly::parse("x^70+x+1").unwrap();
    for r in Reduction::ALL {
        let ctx = ModContext::with_reduction(&Gf2Poly::one(), r).unwrap();
        assert!(ctx.mulmod(&a, &a).is_zero());
        assert!(ctx.powmod(&a, &[0]).is_zero());
    }
}

#[test]
fn reduction_choice_follows_shape() {
    let sparse = Gf2Poly::parse("571,10,5,2,0").unwrap();
    assert_eq!(
        ModContext::new(&sparse).unwrap().reduction(),
        Reduction::Sparse
    );
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let dense = random_poly(&mut rng, 571);
    assert_eq!(
        ModContext::new(&dense).unwrap().reduction(),
        Reduction::Barrett
    );
}

// ---------------------------------------------------------------------------------
// Irreducibility
// ---------------------------------------------------------------------------------

fn mobius(mut n: u64) -> i64 {
    let mut result = 1i64;
    let mut p = 2;
    while p * p <= n {
        if n.is_multiple_of(p) {
            n /= p;
            if n.is_multiple_of(p) {
                return 0;
            }
            result = -result;
        }
        p += 1;
    }
    if n > 1 {
        result = -result;
    }
    result
}

/// Gauss: the number of monic irreducible polynomials of degree n over GF(q), q = 2.
fn gauss_count(n: u64) -> i64 {
    let s: i64 = (1..=n)
        .filter(|d| n.is_multiple_of(*d))
        .map(|d| mobius(d) * (1i64 << (n / d)))
        .sum();
    s / n as i64
}

#[test]
fn irreducible_counts_match_gauss_formula() {
    // Sanity of the oracle itself against the published sequence (OEIS A001037).
    let a001037 = [
        2i64, 1, 2, 3, 6, 9, 18, 30, 56, 99, 186, 335, 630, 1161, 2182, 4080,
    ];
    for (n, &c) in (1..=16).zip(&a001037) {
        assert_eq!(gauss_count(n), c, "n={n}");
    }
    for n in 1..=16usize {
        let (mut ben_or, mut rabin) = (0i64, 0i64);
        for low in 0u64..1 << n {
            let f = Gf2Poly::from_words(vec![low | (1u64 << n)]);
            let b = f.is_irreducible();
            let r = f.is_irreducible_rabin();
            assert_eq!(b, r, "{f}");
            ben_or += b as i64;
            rabin += r as i64;
        }
        assert_eq!(ben_or, gauss_count(n as u64), "Ben-Or, n={n}");
        assert_eq!(rabin, gauss_count(n as u64), "Rabin, n={n}");
    }
}

#[test]
fn irreducibility_reason_matches_trial_division() {
    for n in 0..=12usize {
        let count = if n == 0 { 2 } else { 1u64 << n };
        for low in 0..count {
            let f = if n == 0 {
                Gf2Poly::from_words(vec![low])
            } else {
                Gf2Poly::from_words(vec![low | (1u64 << n)])
            };
            assert_eq!(
                f.irreducibility(),
                naive_irreducibility(&to_naive(&f)),
                "{f}"
            );
        }
    }
    // Random larger ones, with factors of known smallest degree planted.
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    for _ in 0..200 {
        let d = rng.gen_range(14..=20);
        let f = random_poly(&mut rng, d);
        let f = Gf2Poly::from_words(vec![f.words()[0] | 1]);
        assert_eq!(
            f.irreducibility(),
            naive_irreducibility(&to_naive(&f)),
            "{f}"
        );
    }
}

#[test]
fn irreducibility_display_reads_well() {
    let r = Gf2Poly::parse("x^4+x^2+1").unwrap().irreducibility();
    assert_eq!(
        r.to_string(),
        "reducible: not square-free (gcd(f, f') is not 1)"
    );
    assert_eq!(Irreducibility::Irreducible.to_string(), "irreducible");
    let r = Gf2Poly::parse("x^5+x^4+1").unwrap().irreducibility(); // (x^2+x+1)(x^3+x+1)
    assert_eq!(
        r.to_string(),
        "reducible: has an irreducible factor of degree 2"
    );
    assert_eq!(
        Gf2Poly::parse("x^3+x")
            .unwrap()
            .irreducibility()
            .to_string(),
        "reducible: divisible by x"
    );
    assert_eq!(
        Gf2Poly::one().irreducibility().to_string(),
        "reducible: constant polynomial"
    );
}

/// NIST FIPS 186-4 §D.1.2 reduction polynomials and Avanzi's square-root-friendly ones.
const KNOWN_IRREDUCIBLE: &[&[u32]] = &[
    &[163, 7, 6, 3, 0],
    &[233, 74, 0],
    &[283, 12, 7, 5, 0],
    &[409, 87, 0],
    &[571, 10, 5, 2, 0],
    &[163, 57, 49, 29, 0],
    &[233, 159, 0],
    &[8, 4, 3, 2, 0],
    &[8, 4, 3, 1, 0], // AES
    &[127, 1, 0],     // x^127 + x + 1 (primitive, Mersenne exponent)
    &[9689, 84, 0],   // primitive trinomial, Heringa–Blöte–Compagner 1992 / Brent
];

#[test]
fn known_irreducibles_are_irreducible() {
    for exps in KNOWN_IRREDUCIBLE {
        let f = Gf2Poly::from_exponents(exps);
        assert_eq!(
            is_irreducible_exponents(exps),
            Irreducibility::Irreducible,
            "{f}"
        );
        assert!(f.is_irreducible_rabin(), "{f}");
    }
}

#[test]
fn known_reducibles_are_reducible() {
    let cases: &[(&[u32], ReducibleReason)] = &[
        (&[8, 0], ReducibleReason::NotSquareFree), // (x+1)^8
        (&[8, 4, 3, 2], ReducibleReason::DivisibleByX),
        (&[0], ReducibleReason::Constant),
        (&[], ReducibleReason::Constant),
        (&[4, 2, 1, 0], ReducibleReason::FactorOfDegree(1)), // (x+1)(x^3+x^2+1)
        // PARI/GP 2.15: factor(Mod(1,2)*(x^163+x^57+x^49+x^28+1)) has factors of
        // degrees 73 and 90.
        (&[163, 57, 49, 28, 0], ReducibleReason::FactorOfDegree(73)),
    ];
    for (exps, reason) in cases {
        let f = Gf2Poly::from_exponents(exps);
        assert_eq!(
            f.irreducibility(),
            Irreducibility::Reducible { reason: *reason },
            "{f}"
        );
        assert!(!f.is_irreducible_rabin(), "{f}");
    }
    // Products of two known irreducibles: the smaller degree is the certificate.
    let a = Gf2Poly::from_exponents(&[163, 7, 6, 3, 0]);
    let b = Gf2Poly::from_exponents(&[233, 74, 0]);
    let p = a.mul(&b);
    assert_eq!(
        p.irreducibility(),
        Irreducibility::Reducible {
            reason: ReducibleReason::FactorOfDegree(163)
        }
    );
    assert!(!p.is_irreducible_rabin());
    assert_eq!(
        a.mul(&a).irreducibility(),
        Irreducibility::Reducible {
            reason: ReducibleReason::NotSquareFree
        }
    );
}

/// A square-root-friendly dense modulus of Avanzi's paper: `P_{d,1} = (X^(d+1) + X^4 + X +
/// 1)/(X + 1)`, stated irreducible there for d = 7879 (confirmed with PARI/GP 2.15).
fn avanzi_p_d1(d: u32) -> Gf2Poly {
    let (q, r) = Gf2Poly::from_exponents(&[d + 1, 4, 1, 0])
        .divrem(&Gf2Poly::from_exponents(&[1, 0]))
        .unwrap();
    assert!(r.is_zero());
    q
}

#[test]
fn large_known_irreducibles_are_irreducible() {
    // Pentanomial found by this crate's search, confirmed irreducible with PARI/GP 2.15
    // (`polisirreducible(Mod(1,2)*(x^10000+x^19+x^13+x^9+1))` = 1; changing a term to
    // x^5 gives 0, also checked below).
    let f = Gf2Poly::from_exponents(&[10000, 19, 13, 9, 0]);
    assert!(f.is_irreducible_rabin());
    assert!(f.is_irreducible());
    let g = &f + &Gf2Poly::monomial(5);
    assert!(!g.is_irreducible_rabin());
    assert!(!g.is_irreducible());
    // x^10000 + x^19 + x^13 + x^9 + 1 times a degree-1 factor: Ben-Or exits at once.
    let h = f.mul(&Gf2Poly::from_exponents(&[1, 0]));
    assert_eq!(
        h.irreducibility(),
        Irreducibility::Reducible {
            reason: ReducibleReason::FactorOfDegree(1)
        }
    );

    let p = avanzi_p_d1(7879);
    assert_eq!(p.degree(), Some(7879));
    assert_eq!(ModContext::new(&p).unwrap().reduction(), Reduction::Barrett);
    assert!(p.is_irreducible_rabin());
    assert!(p.is_irreducible());
}

#[test]
fn ben_or_matches_rabin_on_random_polynomials() {
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut irreducible = 0;
    for i in 0..400 {
        let d = rng.gen_range(2..=400);
        let mut f = random_poly(&mut rng, d);
        if i % 2 == 0 {
            // Bias towards candidates that pass the cheap checks.
            f += &Gf2Poly::from_exponents(&[0]);
            if !f.coeff(0) {
                f += &Gf2Poly::one();
            }
        }
        let b = f.is_irreducible();
        assert_eq!(b, f.is_irreducible_rabin(), "{f}");
        irreducible += b as u32;
    }
    // About 1/d of the constant-term-one candidates are irreducible: some must be.
    assert!(irreducible > 0);
}

/// Runs PARI/GP on `script`, returning its standard output, or `None` if `gp` is absent.
fn run_gp(script: &str) -> Option<String> {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new("gp")
        .args(["-q", "-f", "-D", "parisizemax=1000000000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(script.as_bytes()).ok()?;
    let out = child.wait_with_output().ok()?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

#[test]
fn irreducibility_matches_pari_gp() {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut polys = Vec::new();
    for i in 0..220 {
        let d = rng.gen_range(2..=200);
        let f = match i % 4 {
            // Uniformly random of degree d.
            0 => random_poly(&mut rng, d),
            // Constant term 1: passes the cheapest check.
            1 | 2 => {
                let f = random_poly(&mut rng, d);
                if f.coeff(0) {
                    f
                } else {
                    &f + &Gf2Poly::one()
                }
            }
            // A product with a repeated or planted factor.
            _ => {
                let (da, db) = (rng.gen_range(1..=d / 2), rng.gen_range(1..=d / 2));
                let a = random_poly(&mut rng, da);
                let b = random_poly(&mut rng, db);
                if rng.gen() {
                    a.mul(&a).mul(&b)
                } else {
                    a.mul(&b)
                }
            }
        };
        polys.push(f);
    }
    let mut script = String::new();
    for f in &polys {
        script.push_str(&format!(
            "f=Mod(1,2)*({f}); F=factor(f); print(polisirreducible(f), \" \", \
             vecmin(vector(#F[,1],i,poldegree(F[i,1]))), \" \", vecmax(F[,2]));\n"
        ));
    }
    let Some(out) = run_gp(&script) else {
        println!("note: PARI/GP (`gp`) not found; irreducibility_matches_pari_gp skipped");
        return;
    };
    let lines: Vec<Vec<usize>> = out
        .lines()
        .map(|l| l.split_whitespace().map(|t| t.parse().unwrap()).collect())
        .collect();
    assert_eq!(lines.len(), polys.len(), "gp output: {out}");
    let mut irreducible = 0;
    for (f, l) in polys.iter().zip(&lines) {
        let (gp_irr, min_deg, max_mult) = (l[0] == 1, l[1], l[2]);
        let want = if gp_irr {
            irreducible += 1;
            Irreducibility::Irreducible
        } else if !f.coeff(0) {
            Irreducibility::Reducible {
                reason: ReducibleReason::DivisibleByX,
            }
        } else if max_mult > 1 {
            Irreducibility::Reducible {
                reason: ReducibleReason::NotSquareFree,
            }
        } else {
            Irreducibility::Reducible {
                reason: ReducibleReason::FactorOfDegree(min_deg),
            }
        };
        assert_eq!(f.irreducibility(), want, "{f}");
        assert_eq!(f.is_irreducible_rabin(), gp_irr, "{f}");
    }
    assert!(
        irreducible > 0,
        "no irreducible sample: the comparison is too weak"
    );
}

/// Slow checks: degree-20 000 polynomials, agreement of the two tests on larger random
/// inputs, and timings printed for the record (not asserted).
#[test]
#[ignore]
fn slow_large_degree_checks() {
    use std::time::Instant;
    let t = Instant::now();
    let f = Gf2Poly::from_exponents(&[10000, 19, 13, 9, 0]);
    assert!(f.is_irreducible_rabin());
    println!("Rabin, x^10000+x^19+x^13+x^9+1: {:?}", t.elapsed());
    let t = Instant::now();
    assert!(f.is_irreducible());
    println!("Ben-Or, x^10000+x^19+x^13+x^9+1: {:?}", t.elapsed());
    let p = avanzi_p_d1(7879);
    let t = Instant::now();
    assert!(p.is_irreducible_rabin());
    println!(
        "Rabin, P_(7879,1) (dense, weight {}): {:?}",
        p.weight(),
        t.elapsed()
    );
    let t = Instant::now();
    assert!(p.is_irreducible());
    println!("Ben-Or, P_(7879,1): {:?}", t.elapsed());

    // Degree 20 000 and beyond: arithmetic identities on big operands.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let a = random_poly(&mut rng, 20_000);
    let b = random_poly(&mut rng, 20_011);
    let m = random_poly(&mut rng, 15_000);
    let t = Instant::now();
    let ab = a.mul(&b);
    println!("mul 20000 x 20011: {:?}", t.elapsed());
    assert_eq!(ab, a.mul_schoolbook(&b));
    let (q, r) = ab.divrem(&m).unwrap();
    assert_eq!(&q.mul(&m) + &r, ab);
    for red in Reduction::ALL {
        let ctx = ModContext::with_reduction(&m, red).unwrap();
        assert_eq!(ctx.mulmod(&a, &b), r, "{}", red.name());
    }
    // The product of two large irreducibles: Ben-Or runs to k = 9689 (its smallest
    // factor) on a dense degree-19 689 modulus, with gcd batching and block rescans.
    let g = Gf2Poly::from_exponents(&[9689, 84, 0]);
    let fg = f.mul(&g);
    let t = Instant::now();
    assert_eq!(
        fg.irreducibility(),
        Irreducibility::Reducible {
            reason: ReducibleReason::FactorOfDegree(9689)
        }
    );
    println!("Ben-Or on (degree 10000)·(degree 9689): {:?}", t.elapsed());
    let t = Instant::now();
    assert!(!fg.is_irreducible_rabin());
    println!("Rabin on the same: {:?}", t.elapsed());

    // Agreement on random inputs of degree up to 3000.
    let t = Instant::now();
    for _ in 0..60 {
        let d = rng.gen_range(1000..=3000);
        let f = &random_poly(&mut rng, d) + &Gf2Poly::one();
        let f = if f.coeff(0) { f } else { &f + &Gf2Poly::one() };
        assert_eq!(f.is_irreducible(), f.is_irreducible_rabin(), "{f}");
    }
    println!("60 random degree 1000..3000 compared: {:?}", t.elapsed());
}

#[test]
fn sparse_folding_matches_division_at_gap_boundaries() {
    // Folding has a one-pass path for gaps n − k ≥ 64 and a re-folding loop below that.
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for n in [64usize, 65, 100, 127, 128, 129, 191, 200, 1000] {
        for gap in [16usize, 63, 64, 65, 127, 128] {
            if gap >= n {
                continue;
            }
            let m = Gf2Poly::from_exponents(&[n as u32, (n - gap) as u32, 3, 0]);
            let ctx = ModContext::with_reduction(&m, Reduction::Sparse).unwrap();
            for _ in 0..20 {
                let deg = rng.gen_range(0..2 * n);
                let a = random_poly(&mut rng, deg);
                assert_eq!(ctx.reduce(&a), a.rem(&m).unwrap(), "n={n} gap={gap}");
                assert_eq!(ctx.sqrmod(&a), a.sqr().rem(&m).unwrap(), "n={n} gap={gap}");
            }
        }
    }
}
