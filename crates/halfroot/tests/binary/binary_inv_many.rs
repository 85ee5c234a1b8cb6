//! Batch inversion (`inv_many`, `inv_many_vartime`, Montgomery's trick) against the
//! single inversion by an independent algorithm (the bit-level extended Euclid,
//! [`InvAlgorithm::Euclid`], which shares no code with the Itoh–Tsujii chains), the
//! defining identity a·a⁻¹ = 1 (checked with a bit-by-bit product written here), and
//! the documented zero convention (out = 0, counted), on every backend of this CPU,
//! odd and even degrees, every batch length around the chunk and lane sizes.

use halfroot::binary::arith::{INV_CHUNK, INV_LANES};
use halfroot::binary::backend::Backend;
use halfroot::binary::field::{BinaryField, BinaryFieldOps};
use halfroot::binary::inv::InvAlgorithm;
use halfroot::binary::modulus::{Modulus, ModulusSpec};
use halfroot::binary::spec;
use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `a·b mod P` bit by bit (schoolbook, then reduction from the top bit down).
fn naive_mul<const N: usize>(d: usize, exps: &[u32], a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    let bit = |v: &[u64], i: usize| (v[i / 64] >> (i % 64)) & 1 == 1;
    let mut t = vec![0u64; 2 * N + 1];
    for i in 0..d {
        if bit(a, i) {
            for j in 0..d {
                if bit(b, j) {
                    t[(i + j) / 64] ^= 1 << ((i + j) % 64);
                }
            }
        }
    }
    for i in (d..2 * d).rev() {
        if bit(&t, i) {
            for &e in exps {
                let k = i - d + e as usize;
                t[k / 64] ^= 1 << (k % 64);
            }
        }
    }
    let mut r = [0u64; N];
    r.copy_from_slice(&t[..N]);
    r
}

fn random<const N: usize>(rng: &mut ChaCha8Rng, bits: usize) -> [u64; N] {
    let mut v = [0u64; N];
    for (i, w) in v.iter_mut().enumerate() {
        if 64 * i < bits {
            let r = rng.next_u64();
            *w = if bits - 64 * i >= 64 {
                r
            } else {
                r & ((1u64 << (bits - 64 * i)) - 1)
            };
        }
    }
    v
}

/// Batches of `len` random elements, about one in seven zero (and for some lengths
/// zeros at both ends).
fn batch<const N: usize>(rng: &mut ChaCha8Rng, d: usize, len: usize) -> Vec<[u64; N]> {
    let mut v: Vec<[u64; N]> = (0..len)
        .map(|_| {
            if rng.next_u32().is_multiple_of(7) {
                [0u64; N]
            } else {
                random::<N>(rng, d)
            }
        })
        .collect();
    if len > 2 && len.is_multiple_of(3) {
        v[0] = [0u64; N];
        v[len - 1] = [0u64; N];
    }
    v
}

fn check_field<const N: usize, M: ModulusSpec>(modulus: M, backend: Backend, seed: u64) {
    let f = BinaryField::<N, M>::with_backend(modulus, backend).expect("field");
    let d = f.degree() as usize;
    let exps = f.exponents().to_vec();
    let ar = f.arith();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let c = INV_CHUNK;
    let l = INV_LANES;
    let lens = [
        0,
        1,
        2,
        l - 1,
        l,
        l + 1,
        3 * l + 5,
        c - 1,
        c,
        c + 1,
        2 * c + l + 3,
    ];
    for len in lens {
        let a = batch::<N>(&mut rng, d, len);
        let tag = format!("d = {d} {exps:?} on {backend}, len {len}");
        let zeros = a.iter().filter(|x| x.iter().all(|&w| w == 0)).count();
        let mut ct = vec![[7u64; N]; len];
        let mut vt = vec![[9u64; N]; len];
        assert_eq!(f.inv_many(&a, &mut ct).expect("inv_many"), zeros, "{tag}");
        assert_eq!(
            f.inv_many_vartime(&a, &mut vt).expect("inv_many_vartime"),
            zeros,
            "{tag}"
        );
        for (i, x) in a.iter().enumerate() {
            let want = ar.inv_with(InvAlgorithm::Euclid, x).unwrap_or([0u64; N]);
            assert_eq!(ct[i], want, "inv_many vs Euclid {tag} #{i}");
            assert_eq!(vt[i], want, "inv_many_vartime vs Euclid {tag} #{i}");
            assert_eq!(ct[i], ar.inv(x).unwrap_or([0u64; N]), "vs inv {tag} #{i}");
        }
        // a·a⁻¹ = 1 by the bit-by-bit product, on a few nonzero entries.
        for (x, y) in a
            .iter()
            .zip(&ct)
            .filter(|(x, _)| x.iter().any(|&w| w != 0))
            .take(3)
        {
            let mut one = [0u64; N];
            one[0] = 1;
            assert_eq!(naive_mul(d, &exps, x, y), one, "a·a⁻¹ {tag}");
        }
    }
    // All zeros.
    let z = vec![[0u64; N]; 19];
    let mut out = vec![[3u64; N]; 19];
    assert_eq!(f.inv_many(&z, &mut out).expect("zeros"), 19);
    assert!(out.iter().all(|o| *o == [0u64; N]));
    // Length mismatches are errors that write nothing.
    let a = batch::<N>(&mut rng, d, 10);
    let mut short = vec![[5u64; N]; 9];
    assert!(f.inv_many(&a, &mut short).is_err());
    assert!(f.inv_many_vartime(&a, &mut short).is_err());
    let mut long = vec![[5u64; N]; 11];
    assert!(f.inv_many(&a, &mut long).is_err());
    assert!(
        short.iter().chain(&long).all(|x| *x == [5u64; N]),
        "untouched"
    );
}

fn check_all_backends<const N: usize, M: ModulusSpec>(modulus: M, seed: u64) {
    for backend in Backend::ALL.into_iter().filter(|b| b.is_available()) {
        check_field::<N, M>(modulus.clone(), backend, seed);
    }
}

#[test]
fn inv_many_matches_euclid_on_specs() {
    check_all_backends::<1, _>(spec::Ssrf41, 1);
    check_all_backends::<2, _>(spec::Std83, 2);
    check_all_backends::<3, _>(spec::Nist163, 3);
    check_all_backends::<3, _>(spec::Ssrf163, 4);
    check_all_backends::<4, _>(spec::Nist233, 5);
    check_all_backends::<5, _>(spec::Nist283, 6);
    check_all_backends::<7, _>(spec::Nist409, 7);
    check_all_backends::<9, _>(spec::Nist571, 8);
}

#[test]
fn inv_many_matches_euclid_on_runtime_and_even_moduli() {
    let m = |t: &str| Modulus::parse(t).expect("modulus");
    check_all_backends::<3, _>(m("163,7,6,3,0"), 9);
    check_all_backends::<1, _>(m("10,3,0"), 10);
    check_all_backends::<1, _>(m("64,4,3,1,0"), 11);
    check_all_backends::<3, _>(m("162,63,0"), 12);
    // Fewer words than the elements could have: N larger than needed.
    check_all_backends::<2, _>(m("41,3,0"), 13);
}
