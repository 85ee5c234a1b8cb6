//! Change of basis (Avanzi, Remark 1): the conversion is a field isomorphism.

use halfroot::binary::convert::BasisConverter;
use halfroot::binary::dynamic::DynBinaryField;
use halfroot::binary::modulus::Modulus;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn check_isomorphism(from: &str, to: &str, samples: usize) {
    let c = BasisConverter::new(
        &Modulus::parse(from).expect("valid"),
        &Modulus::parse(to).expect("valid"),
    )
    .expect("same degree, irreducible");
    let f = DynBinaryField::new(from).expect("irreducible");
    let g = DynBinaryField::new(to).expect("irreducible");
    // The image of x is a root of P_from in the target field (Horner in g).
    let exps = f.modulus().exponents();
    let d = exps[0];
    let r = c.root().to_vec();
    let mut acc = g.zero();
    for i in (0..=d).rev() {
        acc = g.mul(&acc, &r).expect("ok");
        if exps.contains(&i) {
            acc = g.add(&acc, &g.one()).expect("ok");
        }
    }
    assert!(acc.iter().all(|&w| w == 0), "P_from(root) = 0");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..samples {
        let a = f.random(&mut rng);
        let b = f.random(&mut rng);
        let (ca, cb) = (c.forward(&a).expect("ok"), c.forward(&b).expect("ok"));
        assert_eq!(c.backward(&ca).expect("ok"), a, "round trip");
        assert_eq!(
            c.forward(&f.add(&a, &b).expect("ok")).expect("ok"),
            g.add(&ca, &cb).expect("ok"),
            "add"
        );
        assert_eq!(
            c.forward(&f.mul(&a, &b).expect("ok")).expect("ok"),
            g.mul(&ca, &cb).expect("ok"),
            "mul"
        );
        assert_eq!(
            c.forward(&f.sqr(&a).expect("ok")).expect("ok"),
            g.sqr(&ca).expect("ok"),
            "sqr"
        );
        if a.iter().any(|&w| w != 0) {
            assert_eq!(
                c.forward(&f.inv(&a).expect("ok")).expect("ok"),
                g.inv(&ca).expect("ok"),
                "inv"
            );
        }
        assert_eq!(f.trace(&a).expect("ok"), g.trace(&ca).expect("ok"), "trace");
        // And backwards.
        let x = g.random(&mut rng);
        let y = g.random(&mut rng);
        let (bx, by) = (c.backward(&x).expect("ok"), c.backward(&y).expect("ok"));
        assert_eq!(
            c.backward(&g.mul(&x, &y).expect("ok")).expect("ok"),
            f.mul(&bx, &by).expect("ok")
        );
        assert_eq!(c.forward(&bx).expect("ok"), x);
    }
    assert_eq!(c.forward(&f.one()).expect("ok"), g.one());
}

#[test]
fn conversion_163_nist_to_ssrf_is_field_isomorphism() {
    check_isomorphism("163,7,6,3,0", "163,57,49,29,0", 300);
}

#[test]
fn conversion_233_nist_to_ssrf_is_field_isomorphism() {
    check_isomorphism("233,74,0", "233,159,0", 200);
}

#[test]
fn conversion_small_degrees_is_field_isomorphism() {
    check_isomorphism("8,4,3,1,0", "8,4,3,2,0", 200);
    check_isomorphism("13,4,3,1,0", "13,12,11,10,9,8,6,5,0", 200);
    check_isomorphism("2,1,0", "2,1,0", 10);
    check_isomorphism("571,10,5,2,0", "571,193,185,5,0", 20);
}

#[test]
fn conversion_exhaustive_degree_8_preserves_products() {
    let c = BasisConverter::new(
        &Modulus::parse("8,4,3,1,0").expect("ok"),
        &Modulus::parse("8,6,5,1,0").expect("ok"),
    )
    .expect("ok");
    let f = DynBinaryField::new("8,4,3,1,0").expect("ok");
    let g = DynBinaryField::new("8,6,5,1,0").expect("ok");
    let mut seen = [false; 256];
    for a in 0u64..256 {
        let ca = c.forward(&[a]).expect("ok");
        seen[ca[0] as usize] = true;
        for b in 0u64..256 {
            let cb = c.forward(&[b]).expect("ok");
            assert_eq!(
                c.forward(&f.mul(&[a], &[b]).expect("ok")).expect("ok"),
                g.mul(&ca, &cb).expect("ok")
            );
        }
    }
    assert!(seen.iter().all(|&s| s), "bijective");
}

#[test]
fn conversion_rejects_bad_pairs() {
    let m = |s: &str| Modulus::parse(s).expect("syntax ok");
    assert!(BasisConverter::new(&m("163,7,6,3,0"), &m("233,74,0")).is_err());
    assert!(BasisConverter::new(&m("8,1,0"), &m("8,4,3,1,0")).is_err());
    let c = BasisConverter::new(&m("163,7,6,3,0"), &m("163,57,49,29,0")).expect("ok");
    assert!(c.forward(&[0, 0, 1 << 40]).is_err());
    assert!(c.forward(&[0, 0]).is_err());
}

/// The typed converter, in every layout, agrees with the dynamic one and is checked on
/// its own as an isomorphism (products, round trip) against the dynamic fields.
fn check_typed<const N: usize>(from: &str, to: &str, samples: usize) {
    use halfroot::binary::convert::BasisConverterN;
    use halfroot::binary::linear_map::Layout;
    let fm = Modulus::parse(from).expect("valid");
    let tm = Modulus::parse(to).expect("valid");
    let dynamic = BasisConverter::new(&fm, &tm).expect("pair");
    let f = DynBinaryField::new(from).expect("irreducible");
    let g = DynBinaryField::new(to).expect("irreducible");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for layout in Layout::ALL {
        let c = BasisConverterN::<N>::with_layout(&fm, &tm, layout).expect("pair");
        assert_eq!(c.layout(), layout);
        for _ in 0..samples {
            let a = f.random(&mut rng);
            let b = f.random(&mut rng);
            let arr = |v: &[u64]| -> [u64; N] { v.try_into().expect("N words") };
            let (ta, tb) = (arr(&a), arr(&b));
            let ca = c.forward(&ta);
            assert_eq!(ca.to_vec(), dynamic.forward(&a).expect("ok"), "{layout}");
            assert_eq!(c.forward_portable(&ta), ca, "{layout} portable");
            assert_eq!(c.backward(&ca), ta, "{layout} round trip");
            assert_eq!(c.backward_portable(&ca), ta, "{layout} portable round trip");
            let prod = f.mul(&a, &b).expect("ok");
            assert_eq!(
                c.forward(&arr(&prod)).to_vec(),
                g.mul(&ca, &c.forward(&tb)).expect("ok"),
                "{layout} product"
            );
        }
    }
}

#[test]
fn typed_converter_matches_dynamic_in_every_layout() {
    check_typed::<3>("163,7,6,3,0", "163,57,49,29,0", 40);
    check_typed::<4>("233,74,0", "233,159,0", 40);
    check_typed::<1>("13,4,3,1,0", "13,12,11,10,9,8,6,5,0", 40);
    check_typed::<2>("113,9,0", "113,104,0", 20);
}

/// The batch forms (GFNI 8×8 blocks where the CPU has them, else the tables) agree
/// with the dynamic converter element by element, for batch lengths that are and are
/// not multiples of the kernel's eight, and invert each other.
fn check_batch<const N: usize>(from: &str, to: &str) {
    use halfroot::binary::convert::BasisConverterN;
    let fm = Modulus::parse(from).expect("valid");
    let tm = Modulus::parse(to).expect("valid");
    let dynamic = BasisConverter::new(&fm, &tm).expect("pair");
    let c = BasisConverterN::<N>::new(&fm, &tm).expect("pair");
    let f = DynBinaryField::new(from).expect("irreducible");
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for len in [0usize, 1, 5, 8, 13, 64, 67] {
        let a: Vec<[u64; N]> = (0..len)
            .map(|_| f.random(&mut rng).try_into().expect("N words"))
            .collect();
        let mut there = vec![[0u64; N]; len];
        let mut tables = vec![[0u64; N]; len];
        let mut back = vec![[0u64; N]; len];
        c.forward_many(&a, &mut there).expect("lengths");
        c.forward_many_tables(&a, &mut tables).expect("lengths");
        c.backward_many(&there, &mut back).expect("lengths");
        assert_eq!(there, tables, "{} len {len}", c.batch_method());
        assert_eq!(back, a, "{} round trip", c.batch_method());
        for (x, y) in a.iter().zip(&there) {
            assert_eq!(y.to_vec(), dynamic.forward(x).expect("ok"));
        }
    }
    let mut short = vec![[0u64; N]; 2];
    assert!(c.forward_many(&[[1u64; N]; 3], &mut short).is_err());
}

#[test]
fn batch_conversion_matches_dynamic_converter() {
    check_batch::<3>("163,7,6,3,0", "163,57,49,29,0");
    check_batch::<4>("233,74,0", "233,159,0");
    check_batch::<1>("13,4,3,1,0", "13,12,11,10,9,8,6,5,0");
    check_batch::<5>("283,12,7,5,0", "283,97,89,87,0");
    check_batch::<9>("571,10,5,2,0", "571,193,185,5,0");
}

#[test]
fn typed_converter_from_specs_matches_runtime_moduli() {
    use halfroot::binary::convert::BasisConverterN;
    use halfroot::binary::spec::{Nist163, Ssrf163};
    let c = BasisConverterN::<3>::from_specs(&Nist163, &Ssrf163).expect("pair");
    let d = BasisConverter::new(
        &Modulus::parse("163,7,6,3,0").expect("ok"),
        &Modulus::parse("163,57,49,29,0").expect("ok"),
    )
    .expect("pair");
    let x = [0u64, 2, 0];
    assert_eq!(c.forward(&x).to_vec(), d.forward(&x).expect("ok"));
    // Too few words for the degree.
    assert!(BasisConverterN::<2>::from_specs(&Nist163, &Ssrf163).is_err());
    // forward_into leaves words past ⌈d/64⌉ alone.
    let mut out = [7u64; 4];
    d.forward_into(&x, &mut out);
    assert_eq!(out[3], 7);
    assert_eq!(out[..3].to_vec(), d.forward(&x).expect("ok"));
}

#[test]
fn wide_conversion_beyond_nine_words_is_field_isomorphism() {
    check_isomorphism("601,201,0", "601,400,0", 5);
}
