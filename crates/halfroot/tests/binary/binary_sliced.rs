//! The word-sliced AVX-512 batch kernels (`binary::backend::avx512_sliced`), reached
//! through `BinaryField::sqr_many` / `sqrt_many` of the compile-time specs: every
//! result must equal the one-element operation of the *portable* backend (shift-and-mask
//! squaring, word-wise reduction, mask-cascade bit split: no shared code with the
//! sliced kernels), and every batch square root must square back to its input (checked
//! with the portable multiplication). Inputs: random elements, zero, all-ones, every
//! single bit, at batch lengths 0..=20 and 64 (full passes, padded tails and the
//! one-by-one tails). On CPUs without the instructions the batch forms take the scalar
//! path and the tests still check it.

use halfroot::binary::backend::Backend;
use halfroot::binary::field::{BinaryField, BinaryFieldOps};
use halfroot::binary::sqrt::SqrtAlgorithm;
use halfroot::field::Field;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Test inputs of a degree-d field: zero, all-ones (reduced), every single bit, then
/// random elements, `count` in all.
fn inputs<const N: usize, F: Field<Elem = [u64; N]>>(
    f: &F,
    d: usize,
    count: usize,
) -> Vec<[u64; N]> {
    let mut v = vec![[0u64; N]];
    let mut ones = [0u64; N];
    for i in 0..d {
        ones[i / 64] |= 1 << (i % 64);
    }
    v.push(ones);
    for i in 0..d {
        let mut e = [0u64; N];
        e[i / 64] = 1 << (i % 64);
        v.push(e);
    }
    let mut rng = ChaCha8Rng::seed_from_u64(d as u64);
    let want = count.max(v.len() + 64);
    while v.len() < want {
        v.push(f.random(&mut rng));
    }
    v
}

macro_rules! sliced_matches_portable {
    ($spec:ty, $n:expr) => {{
        const N: usize = $n;
        let fast = BinaryField::<N, $spec>::new(<$spec>::default()).expect("field");
        let port = BinaryField::<N, $spec>::with_backend(<$spec>::default(), Backend::Portable)
            .expect("portable field");
        let d = <$spec>::DEGREE as usize;
        let xs = inputs::<N, _>(&port, d, 200);
        let sqr: Vec<[u64; N]> = xs.iter().map(|x| port.sqr(x)).collect();
        let alg = port.sqrt_algorithm();
        let sqrt: Vec<[u64; N]> = xs
            .iter()
            .map(|x| port.sqrt_with(alg, x).expect("sqrt"))
            .collect();
        // Whole input list in one batch, then every short length from several offsets.
        let mut out = vec![[0u64; N]; xs.len()];
        fast.sqr_many(&xs, &mut out).expect("len");
        assert_eq!(out, sqr, "{} sqr_many", <$spec>::NAME);
        fast.sqrt_many(&xs, &mut out).expect("len");
        assert_eq!(out, sqrt, "{} sqrt_many", <$spec>::NAME);
        for (x, r) in xs.iter().zip(&out) {
            assert_eq!(port.sqr(r), *x, "{} sqrt² = a", <$spec>::NAME);
        }
        for len in (0..=20).chain([64]) {
            for start in [0usize, 5, 130 - len.min(130)] {
                let a = &xs[start..start + len];
                let mut o = vec![[0u64; N]; len];
                fast.sqr_many(a, &mut o).expect("len");
                assert_eq!(
                    o,
                    sqr[start..start + len],
                    "{} sqr len {len}",
                    <$spec>::NAME
                );
                fast.sqrt_many(a, &mut o).expect("len");
                assert_eq!(
                    o,
                    sqrt[start..start + len],
                    "{} sqrt len {len}",
                    <$spec>::NAME
                );
            }
        }
        // The ζ method on SSRF fields too (the batch form of `sqrt_by_zeta`).
        if alg == SqrtAlgorithm::Ssrf {
            let z = *fast.zeta();
            let mut o = vec![[0u64; N]; xs.len()];
            fast.arith()
                .sqrt_by_zeta_many(&z, &xs, &mut o)
                .expect("len");
            assert_eq!(o, sqrt, "{} zeta on an SSRF field", <$spec>::NAME);
        }
        assert!(fast.degree() as usize == d);
    }};
}

#[test]
fn sliced_sqr_and_sqrt_match_portable() {
    use halfroot::cpu::Feature;
    halfroot::cpu::kernel_log::check(
        "binary::avx512_sliced sqr_many/sqrt_many",
        halfroot::binary::backend::sliced_available(),
        &[
            Feature::Avx512f,
            Feature::Avx512bw,
            Feature::Avx512dq,
            Feature::Avx512vbmi,
            Feature::Avx512vbmi2,
            Feature::Vpclmulqdq,
            Feature::Gfni,
        ],
    );
    halfroot::for_each_representative_binary_spec!(sliced_matches_portable);
}
