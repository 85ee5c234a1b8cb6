//! Square roots, traces, half-traces and quadratic equations in binary fields, checked
//! against an independent bitwise reference written here from scratch, against the
//! published values of Avanzi's paper (Table 1, Table 2, Appendix A), against brute
//! force in small fields, and against the defining identities.

use halfroot::binary::dynamic::DynBinaryField;
use halfroot::binary::field::{BinaryField, BinaryFieldOps};
use halfroot::binary::half_trace::HalfTraceMethod;
use halfroot::binary::modulus::Modulus;
use halfroot::binary::sqrt::SqrtAlgorithm;
use halfroot::binary::ssrf_type::SsrfType;
use halfroot::count::Counting;
use halfroot::field::Field;
use halfroot::Error;
use proptest::prelude::*;

/// GF(2)[X]/(P) by single-bit operations on word vectors; nothing shared with the
/// library.
struct Naive {
    d: usize,
    exps: Vec<usize>,
    words: usize,
}

impl Naive {
    fn new(exponents: &[u32]) -> Naive {
        let d = exponents[0] as usize;
        Naive {
            d,
            exps: exponents.iter().map(|&e| e as usize).collect(),
            words: d.div_ceil(64),
        }
    }
    fn bit(v: &[u64], i: usize) -> bool {
        (v[i / 64] >> (i % 64)) & 1 == 1
    }
    fn flip(v: &mut [u64], i: usize) {
        v[i / 64] ^= 1 << (i % 64);
    }
    fn reduce(&self, mut t: Vec<u64>) -> Vec<u64> {
        for i in (self.d..t.len() * 64).rev() {
            if Self::bit(&t, i) {
                for &e in &self.exps {
                    Self::flip(&mut t, i - self.d + e);
                }
            }
        }
        t.truncate(self.words);
        t
    }
    fn mul(&self, a: &[u64], b: &[u64]) -> Vec<u64> {
        let mut t = vec![0u64; 2 * self.words + 1];
        for i in 0..self.d {
            if Self::bit(a, i) {
                for j in 0..self.d {
                    if Self::bit(b, j) {
                        Self::flip(&mut t, i + j);
                    }
                }
            }
        }
        self.reduce(t)
    }
    fn sqr(&self, a: &[u64]) -> Vec<u64> {
        let mut t = vec![0u64; 2 * self.words + 1];
        for i in 0..self.d {
            if Self::bit(a, i) {
                Self::flip(&mut t, 2 * i);
            }
        }
        self.reduce(t)
    }
    fn add(a: &[u64], b: &[u64]) -> Vec<u64> {
        a.iter().zip(b).map(|(x, y)| x ^ y).collect()
    }
    fn sqrt(&self, a: &[u64]) -> Vec<u64> {
        let mut r = a.to_vec();
        for _ in 0..self.d - 1 {
            r = self.sqr(&r);
        }
        r
    }
    fn trace(&self, a: &[u64]) -> u8 {
        let mut acc = a.to_vec();
        let mut t = a.to_vec();
        for _ in 1..self.d {
            t = self.sqr(&t);
            acc = Self::add(&acc, &t);
        }
        assert!(
            acc[1..].iter().all(|&w| w == 0) && acc[0] <= 1,
            "trace not in F_2"
        );
        acc[0] as u8
    }
    fn half_trace(&self, a: &[u64]) -> Vec<u64> {
        let mut acc = a.to_vec();
        let mut t = a.to_vec();
        for _ in 0..(self.d - 1) / 2 {
            t = self.sqr(&self.sqr(&t));
            acc = Self::add(&acc, &t);
        }
        acc
    }
    fn one(&self) -> Vec<u64> {
        let mut v = vec![0u64; self.words];
        v[0] = 1;
        v
    }
}

fn exps(text: &str) -> Vec<u32> {
    Modulus::parse(text).expect("modulus").exponents()
}

/// Checks every operation of `f` on `a` against the naive reference.
fn check_element<const N: usize>(f: &BinaryField<N, Modulus>, nv: &Naive, a: &[u64; N]) {
    let w = nv.words;
    let av = &a[..w];
    let want = nv.sqrt(av);
    for alg in SqrtAlgorithm::ALL {
        match f.sqrt_with(alg, a) {
            Ok(r) => {
                assert_eq!(&r[..w], &want[..], "{alg} sqrt of {a:x?} in {:?}", f);
                assert!(r[w..].iter().all(|&x| x == 0));
            }
            Err(e) => {
                assert!(!alg.supports(f), "{alg}: {e}");
                assert!(matches!(e, Error::UnsupportedAlgorithm { .. }));
            }
        }
    }
    let s = f.sqrt(a);
    assert_eq!(f.sqr(&s), *a);
    let tr = nv.trace(av);
    assert_eq!(f.trace(a), tr, "trace of {a:x?}");
    assert_eq!(f.trace_by_vector(a), tr);
    let d = nv.d;
    if d % 2 == 1 {
        let h_ref = nv.half_trace(av);
        for m in HalfTraceMethod::ALL {
            let h = f.half_trace_with(m, a).expect("odd");
            assert_eq!(&h[..w], &h_ref[..], "{m} half-trace of {a:x?}");
        }
        let h = f.half_trace(a).expect("odd");
        // H(α)² + H(α) = α + Tr(α).
        let lhs = Naive::add(&nv.sqr(&h[..w]), &h[..w]);
        let mut rhs = av.to_vec();
        rhs[0] ^= tr as u64;
        assert_eq!(lhs, rhs);
    } else {
        assert!(f.half_trace(a).is_none());
    }
    for m in HalfTraceMethod::ALL {
        let r = f.solve_with(m, a);
        assert_eq!(r.is_some(), tr == 0, "{m}");
        if let Some(l) = r {
            let lv = &l[..w];
            assert_eq!(Naive::add(&nv.sqr(lv), lv), av.to_vec(), "{m}: λ²+λ ≠ α");
        }
    }
    match f.solve_quadratic(a) {
        None => assert_eq!(tr, 1, "no root but Tr = 0 for {a:x?}"),
        Some(l) => {
            assert_eq!(tr, 0, "root but Tr = 1 for {a:x?}");
            let lv = &l[..w];
            assert_eq!(Naive::add(&nv.sqr(lv), lv), av.to_vec(), "λ²+λ ≠ α");
        }
    }
}

fn field<const N: usize>(text: &str) -> BinaryField<N, Modulus> {
    BinaryField::<N, Modulus>::new(Modulus::parse(text).expect("parse")).expect(text)
}

fn to_arr<const N: usize>(v: u64) -> [u64; N] {
    let mut a = [0u64; N];
    a[0] = v;
    a
}

#[test]
fn small_fields_exhaustive_match_naive() {
    let moduli = [
        ("2,1,0", Some(SsrfType::IV)),
        ("3,1,0", Some(SsrfType::I)),
        ("3,2,0", Some(SsrfType::II)),
        ("4,1,0", Some(SsrfType::IV)),
        ("4,3,0", None),
        ("5,2,0", None),
        ("5,3,0", Some(SsrfType::I)),
        ("5,4,3,2,0", Some(SsrfType::II)),
        ("6,1,0", Some(SsrfType::IV)),
        ("6,3,0", Some(SsrfType::III)),
        ("6,5,0", None),
        ("7,1,0", Some(SsrfType::I)),
        ("7,3,2,1,0", None),
        ("8,4,3,1,0", None),
        ("9,1,0", Some(SsrfType::I)),
        ("9,4,0", None),
        ("10,3,0", Some(SsrfType::III)),
        ("10,7,0", None),
        ("11,2,0", None),
        ("11,9,0", Some(SsrfType::I)),
        ("12,3,0", Some(SsrfType::III)),
        ("12,6,4,1,0", Some(SsrfType::IV)),
    ];
    for (m, ty) in moduli {
        let f = field::<1>(m);
        assert_eq!(f.ssrf_type(), ty, "{m}");
        let nv = Naive::new(&exps(m));
        for v in 0..(1u64 << nv.d) {
            check_element(&f, &nv, &to_arr::<1>(v));
        }
        // Multiplication against the reference on a sample.
        for v in (0..(1u64 << nv.d)).step_by(7) {
            let b = (v * 0x9e37 + 5) & ((1 << nv.d) - 1);
            assert_eq!(f.mul(&[v], &[b])[..], nv.mul(&[v], &[b])[..]);
        }
    }
}

#[test]
fn solve_general_matches_brute_force() {
    for m in ["4,1,0", "5,2,0", "5,3,0", "6,3,0"] {
        let f = field::<1>(m);
        let nv = Naive::new(&exps(m));
        let q = 1u64 << nv.d;
        for a in 0..q {
            for b in 0..q {
                // a·λ² + b·λ for every λ, by the oracle, once per (a, b): the roots for
                // c are the λ where it equals c.
                let values: Vec<u64> = (0..q)
                    .map(|l| nv.mul(&[a], &nv.sqr(&[l]))[0] ^ nv.mul(&[b], &[l])[0])
                    .collect();
                for c in (0..q).step_by(3) {
                    let roots: Vec<u64> = (0..q).filter(|&l| values[l as usize] == c).collect();
                    let got = f.solve_general(&[a], &[b], &[c]);
                    match got {
                        None => assert!(
                            roots.is_empty() || roots.len() as u64 == q,
                            "{m}: {a} {b} {c} roots {roots:?}"
                        ),
                        Some((r1, r2)) => {
                            let mut g = vec![r1[0], r2[0]];
                            g.sort_unstable();
                            g.dedup();
                            assert_eq!(g, roots, "{m}: {a} {b} {c}");
                        }
                    }
                }
            }
        }
    }
}

fn check_random<const N: usize>(f: &BinaryField<N, Modulus>, nv: &Naive, words: [u64; N]) {
    let mut a = words;
    for (i, w) in a.iter_mut().enumerate() {
        if 64 * i >= nv.d {
            *w = 0;
        } else if 64 * (i + 1) > nv.d {
            *w &= (1u64 << (nv.d - 64 * i)) - 1;
        }
    }
    check_element(f, nv, &a);
}

macro_rules! big_field_props {
    ($name:ident, $n:literal, $($m:literal),+) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases(12))]
            #[test]
            fn $name(words in any::<[u64; $n]>()) {
                thread_local! {
                    static FIELDS: Vec<(BinaryField<$n, Modulus>, Naive)> =
                        vec![$((field::<$n>($m), Naive::new(&exps($m)))),+];
                }
                FIELDS.with(|fs| {
                    for (f, nv) in fs {
                        check_random(f, nv, words);
                    }
                });
            }
        }
    };
}

big_field_props!(
    f163_nist_and_ssrf_match_naive,
    3,
    "163,7,6,3,0",
    "163,57,49,29,0"
);
big_field_props!(f233_nist_and_ssrf_match_naive, 4, "233,74,0", "233,159,0");
big_field_props!(
    f283_nist_and_ssrf_match_naive,
    5,
    "283,12,7,5,0",
    "283,97,89,87,0"
);
big_field_props!(f409_match_naive, 7, "409,87,0");
big_field_props!(
    f571_nist_and_ssrf_match_naive,
    9,
    "571,10,5,2,0",
    "571,193,185,5,0"
);
big_field_props!(
    even_fields_match_naive,
    4,
    "206,104,8,4,2,1,0",
    "94,21,0",
    "128,7,2,1,0",
    "48,38,4,1,0",
    "46,1,0"
);

// Word boundaries, and fields held in more words than they need (as in DynBinaryField).
big_field_props!(
    word_boundary_and_padded_fields_match_naive,
    2,
    "63,1,0",
    "64,4,3,1,0",
    "65,18,0",
    "127,1,0",
    "128,7,2,1,0"
);
big_field_props!(padded_163_matches_naive, 4, "163,7,6,3,0", "163,57,49,29,0");

#[test]
fn even_test_fields_have_expected_types() {
    assert_eq!(
        field::<4>("206,104,8,4,2,1,0").ssrf_type(),
        Some(SsrfType::IV)
    );
    assert_eq!(field::<2>("94,21,0").ssrf_type(), Some(SsrfType::III));
    assert_eq!(field::<2>("128,7,2,1,0").ssrf_type(), None);
    assert_eq!(field::<1>("48,38,4,1,0").ssrf_type(), Some(SsrfType::IV));
}

#[test]
fn trace_is_linear_and_frobenius_invariant() {
    let f = field::<3>("163,7,6,3,0");
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for _ in 0..200 {
        let a = f.random(&mut rng);
        let b = f.random(&mut rng);
        assert_eq!(f.trace(&f.add(&a, &b)), f.trace(&a) ^ f.trace(&b));
        assert_eq!(f.trace(&f.sqr(&a)), f.trace(&a));
    }
}

use rand::SeedableRng;

/// ζ = √x from Avanzi's Table 1 (type I SSRF trinomials and pentanomials; the ζ of the
/// degree-53 row sits in the table's garbled header) and Table 2 (heptanomials).
#[test]
fn zeta_matches_paper_tables() {
    let table1: &[(&str, &[u32])] = &[
        ("47,5,0", &[24, 3]),
        ("53,19,17,15,0", &[27, 10, 9, 8]),
        ("59,21,17,15,0", &[30, 11, 9, 8]),
        ("67,25,17,5,0", &[34, 13, 9, 3]),
        ("71,9,0", &[36, 5]),
        ("73,25,0", &[37, 13]),
        ("79,9,0", &[40, 5]),
        ("83,29,25,3,0", &[42, 15, 13, 2]),
        ("89,51,0", &[45, 26]),
        ("97,33,0", &[49, 17]),
        ("101,35,31,3,0", &[51, 18, 16, 2]),
        ("107,37,33,23,0", &[54, 19, 17, 12]),
        ("109,43,41,23,0", &[55, 22, 21, 12]),
        ("127,1,0", &[64, 1]),
        ("131,45,41,9,0", &[66, 23, 21, 5]),
        ("137,21,0", &[69, 11]),
        ("139,53,33,25,0", &[70, 27, 17, 13]),
        ("149,51,47,9,0", &[75, 26, 24, 5]),
        ("157,55,47,11,0", &[79, 28, 24, 6]),
        ("163,57,49,29,0", &[82, 29, 25, 15]),
        ("179,61,57,41,0", &[90, 31, 29, 21]),
        ("199,67,0", &[100, 34]),
        ("211,73,69,35,0", &[106, 37, 35, 18]),
        ("233,159,0", &[117, 80]),
        ("239,81,0", &[120, 41]),
        ("251,89,81,3,0", &[126, 45, 41, 2]),
        ("269,91,87,61,0", &[135, 46, 44, 31]),
        ("283,97,89,87,0", &[142, 49, 45, 44]),
        ("409,87,0", &[205, 44]),
        ("571,193,185,5,0", &[286, 97, 93, 3]),
    ];
    let table2: &[(&str, &[u32])] = &[
        ("53,19,15,5,3,1,0", &[27, 10, 8, 3, 2, 1]),
        ("59,21,17,13,3,1,0", &[30, 11, 9, 7, 2, 1]),
        ("67,25,17,7,3,1,0", &[34, 13, 9, 4, 2, 1]),
        ("83,29,25,7,5,3,0", &[42, 15, 13, 4, 3, 2]),
        ("101,35,31,9,7,1,0", &[51, 18, 16, 5, 4, 1]),
        ("107,37,33,15,9,7,0", &[54, 19, 17, 8, 5, 4]),
        ("109,39,31,9,5,3,0", &[55, 20, 16, 5, 3, 2]),
        ("131,45,41,13,9,1,0", &[66, 23, 21, 7, 5, 1]),
        ("139,49,41,7,5,3,0", &[70, 25, 21, 4, 3, 2]),
        ("149,51,47,9,7,1,0", &[75, 26, 24, 5, 4, 1]),
        ("157,55,47,15,9,3,0", &[79, 28, 24, 8, 5, 2]),
        ("163,57,49,15,9,1,0", &[82, 29, 25, 8, 5, 1]),
        ("179,61,57,13,9,5,0", &[90, 31, 29, 7, 5, 3]),
        ("211,73,65,13,11,3,0", &[106, 37, 33, 7, 6, 2]),
        ("251,85,81,7,5,3,0", &[126, 43, 41, 4, 3, 2]),
        ("269,91,87,15,13,11,0", &[135, 46, 44, 8, 7, 6]),
        ("283,97,89,13,9,1,0", &[142, 49, 45, 7, 5, 1]),
        ("571,193,185,15,11,3,0", &[286, 97, 93, 8, 6, 2]),
    ];
    for (m, zeta) in table1.iter().chain(table2) {
        let f = DynBinaryField::new(m).expect(m);
        let info = f.info();
        assert_eq!(info.zeta_exponents, zeta.to_vec(), "{m}");
        assert_eq!(info.ssrf_type, Some(SsrfType::I), "{m}");
        assert_eq!(info.sqrt_algorithm, SqrtAlgorithm::Ssrf);
        // Remark 4: a type I basis has the single trace-one element 1.
        assert_eq!(info.trace_vector_weight, 1, "{m}");
        // √x really is ζ: (ζ)² = x.
        let x = f.parse_element("2").expect("x");
        let z = f.sqrt(&x, None).expect("sqrt");
        assert_eq!(f.sqr(&z).expect("sqr"), x);
    }
}

/// Avanzi Appendix A: the non-SSRF polynomials' ζ.
#[test]
fn zeta_matches_paper_appendix_a() {
    let f = DynBinaryField::new("163,7,6,3,0").expect("163");
    let info = f.info();
    let paper: Vec<u32> = vec![
        162, 159, 156, 153, 150, 147, 144, 141, 138, 135, 132, 129, 126, 123, 120, 117, 114, 111,
        108, 105, 102, 99, 96, 93, 90, 87, 84, 81, 79, 78, 76, 75, 73, 72, 70, 69, 67, 66, 64, 63,
        61, 60, 58, 57, 55, 54, 52, 51, 49, 48, 46, 45, 43, 42, 40, 39, 37, 36, 34, 33, 31, 30, 28,
        27, 25, 24, 22, 21, 19, 18, 16, 15, 13, 12, 10, 9, 7, 5, 4,
    ];
    assert_eq!(info.zeta_weight, 79);
    assert_eq!(info.zeta_exponents, paper);
    assert_eq!(info.sqrt_algorithm, SqrtAlgorithm::Zeta);

    let f = DynBinaryField::new("83,7,4,2,0").expect("83");
    let info = f.info();
    assert_eq!(info.zeta_weight, 54);
    let x = f.parse_element("2").expect("x");
    let z = f.sqrt(&x, None).expect("sqrt");
    assert_eq!(f.format_element(&z), "5b6db6db6dadb6db6db39");
    let mut paper83: Vec<u32> = vec![
        82, 80, 79, 77, 76, 74, 73, 71, 70, 68, 67, 65, 64, 62, 61, 59, 58, 56, 55, 53, 52, 50, 49,
        47, 46, 44, 43, 41, 39, 38, 36, 35, 33, 32, 30, 29, 27, 26, 24, 23, 21, 20, 18, 17, 15, 14,
        12, 11, 9, 8, 5, 4, 3,
    ];
    paper83.push(0);
    assert_eq!(info.zeta_exponents, paper83);

    let f = DynBinaryField::new("163,57,49,29,0").expect("163 ssrf");
    assert_eq!(f.info().zeta_exponents, vec![82, 29, 25, 15]);
}

/// Type II and III closed forms from the paper (§2.3–2.4).
#[test]
fn zeta_matches_paper_even_and_type_two_examples() {
    for (m, zeta, ty) in [
        ("46,1,0", vec![23, 0], SsrfType::IV),
        ("48,38,4,1,0", vec![24, 19, 2, 0], SsrfType::IV),
        ("206,104,8,4,2,1,0", vec![103, 52, 4, 2, 1, 0], SsrfType::IV),
        ("127,126,0", vec![64, 63, 0], SsrfType::II),
        ("43,42,29,28,0", vec![22, 21, 15, 14, 0], SsrfType::II),
    ] {
        let info = DynBinaryField::new(m).expect(m).info();
        assert_eq!(info.zeta_exponents, zeta, "{m}");
        assert_eq!(info.ssrf_type, Some(ty), "{m}");
    }
    // Theorem 3: x^94 + x^21 + 1, ζ = x^84 + x^37 + x^11.
    let info = DynBinaryField::new("94,21,0").expect("94").info();
    assert_eq!(info.zeta_exponents, vec![84, 37, 11]);
    // Theorem 3: only x^(d−m) has trace one.
    assert_eq!(info.trace_vector_weight, 1);
    // Theorem 4: type IV, only Tr(x^(d−1)) = 1.
    let f = DynBinaryField::new("48,38,4,1,0").expect("48");
    let mut x47 = f.zero();
    x47[0] = 1 << 47;
    assert_eq!(f.trace(&x47).expect("tr"), 1);
    assert_eq!(f.info().trace_vector_weight, 1);
}

#[test]
fn counting_charges_one_sr_per_sqrt() {
    let f = Counting::new(field::<3>("163,7,6,3,0"));
    let a = [0x1234, 0x5678, 0x3];
    let _ = f.sqrt(&a);
    assert_eq!(f.counts().sr, 1);
    assert_eq!(f.counts().to_string(), "1SR");
    f.reset();
    let _ = f.trace(&a);
    let _ = f.half_trace(&a);
    let _ = f.solve_quadratic(&a);
    let c = f.counts();
    assert_eq!((c.t, c.h, c.m, c.s), (1, 2, 0, 0));
    f.reset();
    // General solve with a, b ≠ 0 and a root: 1I + 6M + 2S + 1H + 1A.
    let mut c = f.counts();
    for k in 1..20u64 {
        f.reset();
        if f.solve_general(&[3, 0, 0], &[5, 0, 0], &[k, 1, 0])
            .is_some()
        {
            c = f.counts();
            break;
        }
    }
    assert_eq!((c.i, c.m, c.s, c.h, c.a), (1, 6, 2, 1, 1), "{c}");
}

#[test]
fn solve_general_roots_are_roots_in_big_fields() {
    let f = field::<3>("163,57,49,29,0");
    let nv = Naive::new(&exps("163,57,49,29,0"));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    let (mut some, mut none) = (0, 0);
    for _ in 0..40 {
        let a = f.random(&mut rng);
        let b = f.random(&mut rng);
        let c = f.random(&mut rng);
        let ib = f.inv(&b).expect("b ≠ 0");
        assert_eq!(nv.mul(&b, &ib), nv.one());
        let t = nv.mul(&nv.mul(&a, &c), &nv.sqr(&ib));
        match f.solve_general(&a, &b, &c) {
            None => {
                assert_eq!(nv.trace(&t), 1);
                none += 1;
            }
            Some((r1, r2)) => {
                assert_eq!(nv.trace(&t), 0);
                assert_ne!(r1, r2);
                for r in [r1, r2] {
                    let v = Naive::add(&Naive::add(&nv.mul(&a, &nv.sqr(&r)), &nv.mul(&b, &r)), &c);
                    assert!(v.iter().all(|&w| w == 0));
                }
                some += 1;
            }
        }
    }
    assert!(some > 5 && none > 5);
}

#[test]
fn dyn_field_text_and_errors() {
    let f = DynBinaryField::new("x^233 + x^159 + 1").expect("233");
    assert_eq!(f.words(), 4);
    let a = f.parse_element("0x1ABCdef").expect("a");
    assert_eq!(f.format_element(&a), "1abcdef");
    assert_eq!(f.format_element(&f.zero()), "0");
    let wide = format!("2{}", "0".repeat(58));
    match f.parse_element(&wide) {
        Err(Error::OutOfRange { value, .. }) => assert_eq!(value, wide),
        other => panic!("{other:?}"),
    }
    assert!(matches!(f.parse_element("xyz"), Err(Error::Parse { .. })));
    // Round trip of random elements, and agreement with the u128 formatter on 2 words.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    for _ in 0..100 {
        let r = f.random(&mut rng);
        let text = f.format_element(&r);
        assert_eq!(f.parse_element(&text).expect("round trip"), r);
        assert_eq!(
            f.parse_element(&format!("0x{}", text.to_uppercase()))
                .expect("0x"),
            r
        );
        let low = (r[0] as u128) | ((r[1] as u128) << 64);
        if r[2] == 0 && r[3] == 0 {
            assert_eq!(text, format!("{low:x}"));
        } else {
            assert!(text.ends_with(&format!("{low:032x}")), "{text}");
        }
    }
    // Largest element: 233 bits.
    let top = format!("1{}", "f".repeat(58));
    assert!(f.parse_element(&top).is_ok());
    // Sqrt algorithms by name.
    for alg in SqrtAlgorithm::ALL {
        let parsed: SqrtAlgorithm = alg.name().parse().expect("name");
        assert_eq!(parsed, alg);
        let r = f.sqrt(&a, Some(alg)).expect("233,159 supports all");
        assert_eq!(f.sqr(&r).expect("sqr"), a);
    }
    assert!("newton".parse::<SqrtAlgorithm>().is_err());
    let nist = DynBinaryField::new("233,74,0").expect("233 nist");
    assert!(!nist.supports(SqrtAlgorithm::Ssrf));
    assert!(matches!(
        nist.sqrt(&a, Some(SqrtAlgorithm::Ssrf)),
        Err(Error::UnsupportedAlgorithm { .. })
    ));
    // Solving and inversion.
    let inv = f.inv(&a).expect("inv");
    assert_eq!(f.mul(&a, &inv).expect("mul"), f.one());
    let r = f.solve(&a).expect("ok");
    assert_eq!(r.is_some(), f.trace(&a).expect("tr") == 0);
    for m in HalfTraceMethod::ALL {
        for v in [a.clone(), f.add(&a, &f.one()).expect("add")] {
            match f.solve_with(&v, m).expect("ok") {
                None => assert_eq!(f.trace(&v).expect("tr"), 1),
                Some(l) => assert_eq!(f.add(&f.sqr(&l).expect("sqr"), &l).expect("add"), v),
            }
        }
    }
    let e = DynBinaryField::new("233,158,0").expect_err("reducible");
    assert!(matches!(e, Error::ReducibleModulus { .. }), "{e}");
    // Display of info mentions the choices.
    let text = f.info().to_string();
    assert!(text.contains("ssrf type:         I"), "{text}");
    assert!(text.contains("x^117 + x^80"), "{text}");
}

#[test]
fn dyn_field_large_degrees_work() {
    // Odd degree 1279 (half-trace table built on first use) and even degree 1024+.
    for m in ["1279,418,0", "1030,93,0"] {
        let f = DynBinaryField::new(m).expect(m);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..5 {
            let a = f.random(&mut rng);
            let s = f.sqrt(&a, None).expect("sqrt");
            assert_eq!(f.sqr(&s).expect("sqr"), a);
            match f.solve(&a).expect("solve") {
                None => assert_eq!(f.trace(&a).expect("tr"), 1),
                Some(l) => {
                    let v = f.add(&f.sqr(&l).expect("sqr"), &l).expect("add");
                    assert_eq!(v, a);
                }
            }
        }
    }
}

/// Irreducibility (and the reported smallest factor degree) against trial division by
/// every polynomial of degree ≤ d/2, for every polynomial of degree 2..=11 with a
/// constant term.
#[test]
fn irreducibility_matches_trial_division() {
    fn deg(p: u64) -> u32 {
        63 - p.leading_zeros()
    }
    fn rem(mut a: u64, b: u64) -> u64 {
        while a != 0 && deg(a) >= deg(b) {
            a ^= b << (deg(a) - deg(b));
        }
        a
    }
    for d in 2..=11u32 {
        for low in 0..(1u64 << (d - 1)) {
            let p = (1u64 << d) | (low << 1) | 1;
            let smallest = (2u64..(1 << (d / 2 + 1)))
                .filter(|&q| rem(p, q) == 0)
                .map(deg)
                .min();
            let exps: Vec<u32> = (0..=d).rev().filter(|&i| (p >> i) & 1 == 1).collect();
            let m = Modulus::from_exponents(&exps).expect("shape");
            match (BinaryField::<1, Modulus>::new(m), smallest) {
                (Ok(_), None) => {}
                (Err(Error::ReducibleModulus { reason, .. }), Some(k)) => {
                    assert!(
                        reason.contains(&format!("degree {k}")),
                        "{exps:?}: {reason}"
                    );
                }
                (r, s) => panic!("{exps:?}: {:?} vs smallest factor {s:?}", r.map(|_| ())),
            }
        }
    }
}

/// The NIST polynomials' traces (Fong–Hankerson–López–Menezes 2004, §3.1):
/// Tr(c) = c_0 + c_157 (163), c_0 + c_159 (233), c_0 (409), c_0 + c_561 + c_569 (571);
/// for 283 Newton's identity (6) by hand: a_j = 0 for j < 271 = 283 − 12 and 271 is
/// odd, so s_271 = 1 and every other s_k (0 < k < 283) is 0 — Tr(c) = c_0 + c_271.
#[test]
fn nist_trace_methods_match_published_bits() {
    let vector_bits = |m: &str| -> Vec<u32> {
        macro_rules! bits {
            ($n:literal) => {{
                let f = field::<$n>(m);
                let v = f.trace_vector();
                (0..64 * $n as u32)
                    .filter(|&i| (v[i as usize / 64] >> (i % 64)) & 1 == 1)
                    .collect::<Vec<u32>>()
            }};
        }
        match Modulus::parse(m).expect("m").words() {
            3 => bits!(3),
            4 => bits!(4),
            5 => bits!(5),
            7 => bits!(7),
            _ => bits!(9),
        }
    };
    for (m, bits) in [
        ("163,7,6,3,0", vec![0u32, 157]),
        ("233,74,0", vec![0, 159]),
        ("283,12,7,5,0", vec![0, 271]),
        ("409,87,0", vec![0]),
        ("571,10,5,2,0", vec![0, 561, 569]),
    ] {
        assert_eq!(vector_bits(m), bits, "{m}");
    }
}
