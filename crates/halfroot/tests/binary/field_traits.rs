//! The generic field traits on the three ways of having a binary field — a compile-time
//! spec (`BinaryField<N, Nist163>`), a run-time modulus (`BinaryField<N, Modulus>`) and a
//! run-time degree (`DynBinaryField`) — by ONE suite written against `BinaryFieldOps`
//! only: constant-time equality, selection and swap; SEC 1 encodings (against a bit
//! string built independently from the exponents of the element); batch forms against
//! the single-element forms; constant-time half-trace and solver against the
//! variable-time table methods and against the defining identities; `Counting`
//! charging one operation per batch element.

use halfroot::binary::dynamic::DynBinaryField;
use halfroot::binary::field::{BinaryField, BinaryFieldOps};
use halfroot::binary::modulus::Modulus;
use halfroot::binary::spec::{Nist163, Nist233, Nist571, Ssrf41};
use halfroot::count::{Counting, OpCounts};
use halfroot::error::Error;
use halfroot::field::{Choice, Field};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// `x^k` as a field element, through the field's own multiplication (x·x·…).
fn x_pow<F: Field>(f: &F, x: &F::Elem, k: u32) -> F::Elem {
    (0..k).fold(f.one(), |acc, _| f.mul(&acc, x))
}

fn suite<F>(f: &F, x: &F::Elem, tag: &str)
where
    F: BinaryFieldOps + Clone,
{
    let d = f.degree();
    let mut rng = ChaCha8Rng::seed_from_u64(u64::from(d) * 7919);
    let n = 150;
    let a: Vec<F::Elem> = (0..n).map(|_| f.random(&mut rng)).collect();
    let b: Vec<F::Elem> = (0..n).map(|_| f.random(&mut rng)).collect();
    let (no, yes) = (Choice::from(0), Choice::from(1));

    // Constant-time equality, selection, swap.
    for (x1, y1) in a.iter().zip(&b) {
        assert!(bool::from(f.ct_eq(x1, x1)), "{tag}: ct_eq(a, a)");
        assert_eq!(bool::from(f.ct_eq(x1, y1)), x1 == y1, "{tag}: ct_eq");
        let mut z = x1.clone();
        z = f.add(&z, &f.one()); // differs from x1 in bit 0 only
        assert!(!bool::from(f.ct_eq(x1, &z)), "{tag}: ct_eq one bit apart");
        assert_eq!(&f.select(x1, y1, no), x1, "{tag}: select 0");
        assert_eq!(&f.select(x1, y1, yes), y1, "{tag}: select 1");
        let (mut p, mut q) = (x1.clone(), y1.clone());
        f.cswap(&mut p, &mut q, no);
        assert_eq!((&p, &q), (x1, y1), "{tag}: cswap 0");
        f.cswap(&mut p, &mut q, yes);
        assert_eq!((&p, &q), (y1, x1), "{tag}: cswap 1");
        assert_eq!(bool::from(f.ct_is_zero(x1)), f.is_zero(x1), "{tag}");
    }
    assert!(bool::from(f.ct_is_zero(&f.zero())), "{tag}: ct_is_zero(0)");

    // Encodings: ⌈d/8⌉ bytes, big-endian bit string of the polynomial.
    let len = (d as usize).div_ceil(8);
    assert_eq!(f.encoded_len(), len, "{tag}");
    for k in [0, 1, 7, 8, 63, 64, d / 2, d - 1]
        .into_iter()
        .filter(|&k| k < d)
    {
        let e = f.encode(&x_pow(f, x, k));
        let mut want = vec![0u8; len];
        want[len - 1 - (k as usize) / 8] = 1 << (k % 8);
        assert_eq!(e, want, "{tag}: encoding of x^{k}");
    }
    for v in &a {
        let e = f.encode(v);
        assert_eq!(e.len(), len);
        assert_eq!(&f.decode(&e).expect("round trip"), v, "{tag}");
    }
    let good = f.encode(&a[0]);
    for bad in [&good[1..], &[&good[..], &[0u8][..]].concat()[..], &[][..]] {
        assert!(
            matches!(f.decode(bad), Err(Error::InvalidEncoding { .. })),
            "{tag}: length {} accepted",
            bad.len()
        );
    }
    if !d.is_multiple_of(8) {
        let mut high = good.clone();
        high[0] |= 1 << (d % 8); // bit d
        let err = f.decode(&high).expect_err("bit d set");
        assert!(
            err.to_string().contains(&format!("position {d}")),
            "{tag}: {err}"
        );
    }

    // Batches against single calls, and counted per element.
    let c = Counting::new(f.clone());
    let mut out = a.clone();
    c.mul_many(&a, &b, &mut out).expect("mul_many");
    for i in 0..n {
        assert_eq!(out[i], f.mul(&a[i], &b[i]), "{tag}: mul_many #{i}");
    }
    c.sqr_many(&a, &mut out).expect("sqr_many");
    for i in 0..n {
        assert_eq!(out[i], f.sqr(&a[i]), "{tag}: sqr_many #{i}");
    }
    let mut with_zero = a.clone();
    with_zero[3] = f.zero();
    for x in &with_zero {
        let want = f.inv(x).unwrap_or_else(|| f.zero());
        assert_eq!(f.inv_or_zero(x), want, "{tag}: inv_or_zero");
        if !f.is_zero(x) {
            assert_eq!(f.mul(&want, x), f.one(), "{tag}: inverse");
        }
    }
    assert_eq!(c.inv_many(&with_zero, &mut out).expect("inv_many"), 1);
    for i in 0..n {
        let want = f.inv(&with_zero[i]).unwrap_or_else(|| f.zero());
        assert_eq!(out[i], want, "{tag}: inv_many #{i}");
    }
    c.sqrt_many(&a, &mut out).expect("sqrt_many");
    for i in 0..n {
        assert_eq!(out[i], f.sqrt(&a[i]), "{tag}: sqrt_many #{i}");
        assert_eq!(f.sqr(&out[i]), a[i], "{tag}: sqrt_many squares back #{i}");
    }
    let mut traces = vec![0u8; n];
    c.trace_many(&a, &mut traces).expect("trace_many");
    for i in 0..n {
        assert_eq!(traces[i], f.trace(&a[i]), "{tag}: trace_many #{i}");
    }
    let mut roots = vec![None; n];
    c.solve_quadratic_many(&a, &mut roots)
        .expect("solve_quadratic_many");
    for i in 0..n {
        let ct = f.solve_quadratic(&a[i]);
        assert_eq!(roots[i], ct, "{tag}: solve_quadratic_many #{i}");
        assert_eq!(
            ct,
            f.solve_quadratic_vartime(&a[i]),
            "{tag}: ct vs vartime #{i}"
        );
        match ct {
            Some(l) => assert_eq!(f.add(&f.sqr(&l), &l), a[i], "{tag}: root #{i}"),
            None => assert_eq!(traces[i], 1, "{tag}: no root only for trace 1 #{i}"),
        }
    }
    let odd = d % 2 == 1;
    if odd {
        c.half_trace_many(&a, &mut out).expect("half_trace_many");
    } else {
        assert!(c.half_trace_many(&a, &mut out).is_err(), "{tag}: even d");
    }
    let counted = n as u64;
    let want = OpCounts {
        m: counted,
        s: counted,
        i: counted,
        sr: counted,
        t: counted,
        h: counted * if odd { 2 } else { 1 },
        ..OpCounts::default()
    };
    assert_eq!(
        c.counts(),
        want,
        "{tag}: Counting charges batches per element"
    );
    for i in 0..n {
        let h = f.half_trace(&a[i]);
        assert_eq!(h.is_some(), odd, "{tag}");
        assert_eq!(h, f.half_trace_vartime(&a[i]), "{tag}: ct vs vartime #{i}");
        // H∘√ (its own table where the half-trace is a table) against H after √.
        assert_eq!(
            f.half_trace_of_sqrt_vartime(&a[i]),
            f.half_trace(&f.sqrt(&a[i])),
            "{tag}: H(√a) #{i}"
        );
        if let Some(h) = h {
            assert_eq!(out[i], h, "{tag}: half_trace_many #{i}");
            // H(a)² + H(a) = a + Tr(a).
            let tr = if traces[i] == 1 { f.one() } else { f.zero() };
            assert_eq!(f.add(&f.sqr(&h), &h), f.add(&a[i], &tr), "{tag}: H #{i}");
        }
    }
    // Length mismatches are errors, never panics, and charge nothing.
    c.reset();
    assert!(c.mul_many(&a, &b[1..], &mut out).is_err());
    assert!(c.sqr_many(&a, &mut out[1..]).is_err());
    assert!(c.sqrt_many(&a[1..], &mut out).is_err());
    assert!(c.trace_many(&a, &mut traces[1..]).is_err());
    assert!(c.solve_quadratic_many(&a, &mut roots[1..]).is_err());
    assert_eq!(c.counts(), OpCounts::default(), "{tag}");
}

macro_rules! stamp {
    ($name:ident, $n:literal, $modulus:expr, $exps:expr) => {
        #[test]
        fn $name() {
            let mut x = [0u64; $n];
            x[0] = 2;
            let spec = BinaryField::<$n, _>::new($modulus).expect("spec field");
            suite(&spec, &x, concat!(stringify!($name), " spec"));
            let text = $exps;
            let runtime = BinaryField::<$n, Modulus>::new(Modulus::parse(text).expect("modulus"))
                .expect("run-time field");
            suite(
                &runtime,
                &x,
                concat!(stringify!($name), " run-time modulus"),
            );
            let dynamic = DynBinaryField::new(text).expect("dyn field");
            suite(
                &dynamic,
                &x.to_vec(),
                concat!(stringify!($name), " DynBinaryField"),
            );
        }
    };
}

stamp!(traits_ssrf41, 1, Ssrf41, "41,3,0");
stamp!(traits_nist163, 3, Nist163, "163,7,6,3,0");
stamp!(traits_nist233, 4, Nist233, "233,74,0");
stamp!(traits_nist571, 9, Nist571, "571,10,5,2,0");

/// Even degrees (no half-trace; the solver is the Gaussian-elimination map) and a
/// degree that is a multiple of 8 (no spare bit in the top byte), run-time only.
#[test]
fn traits_even_degrees() {
    for text in ["46,1,0", "64,4,3,1,0", "128,7,2,1,0"] {
        let f = DynBinaryField::new(text).expect(text);
        let mut x = vec![0u64; f.words()];
        x[0] = 2;
        suite(&f, &x, text);
    }
}

/// The constant-time default is a constant-time method, and `field info` names it.
#[test]
fn constant_time_default_method_is_constant_time() {
    // The default depends on the CPU and the size (`default_half_trace_ct_method`): every
    // choice is a constant-time method and agrees with the solver's.
    for d in [41u32, 127, 163, 233, 283, 571] {
        let m = halfroot::binary::field::default_half_trace_ct_method(d);
        assert!(
            m.layout().is_some_and(|l| l.is_constant_time()),
            "{m} (d = {d}) is not a constant-time method"
        );
    }
    let f = BinaryField::<3, Nist163>::new(Nist163).expect("field");
    assert_eq!(
        f.half_trace_ct_method(),
        halfroot::binary::field::default_half_trace_ct_method(163)
    );
    let m = f.half_trace_ct_method();
    assert!(
        m.layout().is_some_and(|l| l.is_constant_time()),
        "{m} is not a constant-time method"
    );
    assert_eq!(f.info().half_trace_ct_method, m);
    assert!(f
        .info()
        .to_string()
        .contains(&format!("constant-time:     {m}")));
}
