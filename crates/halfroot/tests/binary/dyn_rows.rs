//! The row-wise batch forms of `DynBinaryField` (`mul_rows`, `sqr_rows`, `sqrt_rows`,
//! `half_trace_rows`, `trace_rows`, `solve_rows`: flat rows of ⌈d/64⌉ words, the layout
//! the Python module hands over) against the same field's one-element methods, on row
//! counts that are not multiples of the 32-row block, at degrees from one word to 64
//! words; and every refusal (ragged input, a bit at or above d, length mismatches, the
//! half-trace of an even degree).

use halfroot::binary::dynamic::DynBinaryField;
use halfroot::binary::field::BinaryFieldOps;
use halfroot::field::Field;
use halfroot::Error;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const MODULI: [&str; 8] = [
    "41,3,0",
    "64,4,3,1,0",
    "163,7,6,3,0",
    "233,74,0",
    "571,10,5,2,0",
    "1279,216,0",
    "2281,715,0",
    "3217,67,0",
];

fn rows(f: &DynBinaryField, n: usize, rng: &mut ChaCha8Rng) -> (Vec<Vec<u64>>, Vec<u64>) {
    let elems: Vec<Vec<u64>> = (0..n).map(|_| Field::random(f, rng)).collect();
    let flat = elems.concat();
    (elems, flat)
}

#[test]
fn row_forms_match_the_element_methods() {
    let mut rng = ChaCha8Rng::seed_from_u64(19);
    for m in MODULI {
        let f = DynBinaryField::new(m).expect("irreducible");
        let w = f.words();
        for n in [0usize, 1, 31, 32, 33, 70] {
            let (xs, a) = rows(&f, n, &mut rng);
            let (ys, b) = rows(&f, n, &mut rng);
            let mut out = vec![0u64; a.len()];
            f.mul_rows(&a, &b, &mut out).expect("mul_rows");
            let want: Vec<u64> = xs
                .iter()
                .zip(&ys)
                .flat_map(|(x, y)| Field::mul(&f, x, y))
                .collect();
            assert_eq!(out, want, "mul_rows {m} n={n}");
            f.sqr_rows(&a, &mut out).expect("sqr_rows");
            let want: Vec<u64> = xs.iter().flat_map(|x| Field::sqr(&f, x)).collect();
            assert_eq!(out, want, "sqr_rows {m} n={n}");
            f.sqrt_rows(&a, &mut out).expect("sqrt_rows");
            let want: Vec<u64> = xs
                .iter()
                .flat_map(|x| BinaryFieldOps::sqrt(&f, x))
                .collect();
            assert_eq!(out, want, "sqrt_rows {m} n={n}");
            let mut t = vec![9u8; n];
            f.trace_rows(&a, &mut t).expect("trace_rows");
            let want: Vec<u8> = xs.iter().map(|x| BinaryFieldOps::trace(&f, x)).collect();
            assert_eq!(t, want, "trace_rows {m} n={n}");
            if f.degree() % 2 == 1 {
                f.half_trace_rows(&a, &mut out).expect("half_trace_rows");
                let want: Vec<u64> = xs
                    .iter()
                    .flat_map(|x| BinaryFieldOps::half_trace(&f, x).expect("odd d"))
                    .collect();
                assert_eq!(out, want, "half_trace_rows {m} n={n}");
            } else {
                // (an empty batch too, as `BinaryField::half_trace_many`)
                assert!(f.half_trace_rows(&a, &mut out).is_err(), "{m}: even degree");
            }
            let mut ok = vec![true; n];
            f.solve_rows(&a, &mut out, &mut ok).expect("solve_rows");
            for (i, x) in xs.iter().enumerate() {
                let row = &out[i * w..(i + 1) * w];
                match BinaryFieldOps::solve_quadratic(&f, x) {
                    Some(r) => {
                        assert!(ok[i], "{m} row {i} solvable");
                        assert_eq!(row, &r[..], "{m} row {i}");
                    }
                    None => {
                        assert!(!ok[i], "{m} row {i} not solvable");
                        assert!(row.iter().all(|&v| v == 0), "{m} row {i} zero");
                    }
                }
            }
        }
    }
}

#[test]
fn row_forms_refuse_malformed_rows() {
    let f = DynBinaryField::new("163,7,6,3,0").expect("irreducible");
    let mut rng = ChaCha8Rng::seed_from_u64(20);
    let (_, a) = rows(&f, 5, &mut rng);
    let mut out = vec![0u64; a.len()];
    // ragged: not a whole number of 3-word rows
    assert!(matches!(
        f.sqr_rows(&a[..14], &mut out[..14]),
        Err(Error::InvalidArgument { .. })
    ));
    // a bit at position 163 in row 2
    let mut bad = a.clone();
    bad[2 * 3 + 2] |= 1 << (163 - 128);
    match f.mul_rows(&a, &bad, &mut out) {
        Err(Error::OutOfRange { what, .. }) => assert!(what.contains("row 2"), "{what}"),
        other => panic!("expected OutOfRange, got {other:?}"),
    }
    // length mismatches
    assert!(f.mul_rows(&a, &a[..12], &mut out).is_err());
    assert!(f.sqrt_rows(&a, &mut out[..12]).is_err());
    let mut t = vec![0u8; 4];
    assert!(f.trace_rows(&a, &mut t).is_err());
    let mut ok = vec![false; 4];
    assert!(f.solve_rows(&a, &mut out, &mut ok).is_err());
    // half-trace of an even degree
    let g = DynBinaryField::new("64,4,3,1,0").expect("irreducible");
    let z = vec![0u64; 2];
    let mut o = vec![0u64; 2];
    assert!(g.half_trace_rows(&z, &mut o).is_err());
}
