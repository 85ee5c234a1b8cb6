//! The batch operations (`*_many`) of binary fields, linear maps and basis converters:
//! each must give what its single-element form gives, on every backend this CPU has,
//! and the results are also checked against oracles that share nothing with the
//! library's kernels: a bit-by-bit product written here, the trace by its definition
//! Σ a^(2^i), the defining identities √a² = a, H(a)² + H(a) = a + Tr(a), λ² + λ = α,
//! and a bit-by-bit matrix–vector product for linear maps.

use halfroot::binary::backend::Backend;
use halfroot::binary::convert::BasisConverterN;
use halfroot::binary::field::{BinaryField, BinaryFieldOps};
use halfroot::binary::linear_map::{Layout, LinearMap};
use halfroot::binary::modulus::{Modulus, ModulusSpec};
use halfroot::binary::spec;
use halfroot::field::Field;
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

fn add<const N: usize>(a: &[u64; N], b: &[u64; N]) -> [u64; N] {
    core::array::from_fn(|i| a[i] ^ b[i])
}

/// Every `*_many` of one field on one backend against the single forms and oracles.
fn check_field<const N: usize, M: ModulusSpec>(modulus: M, backend: Backend, seed: u64) {
    let f = BinaryField::<N, M>::with_backend(modulus, backend).expect("field");
    let d = f.degree() as usize;
    let exps = f.exponents().to_vec();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let count = 37; // not a multiple of any chunk or unroll size
    let a: Vec<[u64; N]> = (0..count).map(|_| random::<N>(&mut rng, d)).collect();
    let b: Vec<[u64; N]> = (0..count).map(|_| random::<N>(&mut rng, d)).collect();
    let tag = format!("d = {d} {exps:?} on {backend}");

    let mut out = vec![[0u64; N]; count];
    f.mul_many(&a, &b, &mut out).expect("mul_many");
    for i in 0..count {
        assert_eq!(out[i], f.mul(&a[i], &b[i]), "mul_many {tag} #{i}");
    }
    for i in 0..4 {
        assert_eq!(out[i], naive_mul(d, &exps, &a[i], &b[i]), "mul naive {tag}");
    }

    f.sqr_many(&a, &mut out).expect("sqr_many");
    for i in 0..count {
        assert_eq!(out[i], f.sqr(&a[i]), "sqr_many {tag} #{i}");
    }
    for i in 0..4 {
        assert_eq!(out[i], naive_mul(d, &exps, &a[i], &a[i]), "sqr naive {tag}");
    }

    f.sqrt_many(&a, &mut out).expect("sqrt_many");
    for i in 0..count {
        assert_eq!(out[i], f.sqrt(&a[i]), "sqrt_many {tag} #{i}");
        assert_eq!(f.sqr(&out[i]), a[i], "sqrt_many squared {tag} #{i}");
    }

    let mut tr = vec![9u8; count];
    f.trace_many(&a, &mut tr).expect("trace_many");
    for i in 0..count {
        assert_eq!(tr[i], f.trace(&a[i]), "trace_many {tag} #{i}");
    }
    for i in 0..3 {
        // Tr(a) = Σ_{j<d} a^(2^j), which is 0 or 1.
        let (mut s, mut p) = (a[i], a[i]);
        for _ in 1..d {
            p = f.sqr(&p);
            s = add(&s, &p);
        }
        let mut want = [0u64; N];
        want[0] = tr[i] as u64;
        assert_eq!(s, want, "trace by definition {tag}");
    }

    if d % 2 == 1 {
        f.half_trace_many(&a, &mut out).expect("half_trace_many");
        for i in 0..count {
            let h = f.half_trace(&a[i]).expect("odd d");
            assert_eq!(out[i], h, "half_trace_many {tag} #{i}");
            let mut rhs = a[i];
            rhs[0] ^= tr[i] as u64;
            assert_eq!(add(&f.sqr(&h), &h), rhs, "H² + H = a + Tr(a) {tag}");
        }
    } else {
        assert!(f.half_trace_many(&a, &mut out).is_err(), "even d {tag}");
    }

    let mut roots = vec![Some([7u64; N]); count];
    f.solve_many(&a, &mut roots).expect("solve_many");
    for i in 0..count {
        assert_eq!(roots[i], f.solve_quadratic(&a[i]), "solve_many {tag} #{i}");
        match roots[i] {
            Some(l) => assert_eq!(add(&f.sqr(&l), &l), a[i], "λ² + λ = α {tag}"),
            None => assert_eq!(tr[i], 1, "no root only for trace one {tag}"),
        }
    }

    // The struct-of-arrays form: the same roots, solvable exactly where Tr = 0, and
    // the map's value (for odd d the half-trace) where there is no root.
    let mut split = vec![[7u64; N]; count];
    let mut solvable = vec![false; count];
    f.solve_many_split(&a, &mut split, &mut solvable)
        .expect("solve_many_split");
    for i in 0..count {
        assert_eq!(solvable[i], tr[i] == 0, "solvable {tag} #{i}");
        match roots[i] {
            Some(l) => assert_eq!(split[i], l, "solve_many_split root {tag} #{i}"),
            None if d % 2 == 1 => {
                let mut rhs = a[i];
                rhs[0] ^= 1;
                let l = split[i];
                assert_eq!(add(&f.sqr(&l), &l), rhs, "λ² + λ = α + 1 {tag} #{i}");
            }
            None => {}
        }
    }
    assert!(f
        .solve_many_split(&a, &mut split[1..], &mut solvable)
        .is_err());
    assert!(f
        .solve_many_split(&a, &mut split, &mut solvable[1..])
        .is_err());

    // Length mismatches are errors that write nothing, never panics.
    let mut short = vec![[5u64; N]; count - 1];
    assert!(f.mul_many(&a, &b, &mut short).is_err());
    assert!(f.mul_many(&a, &b[1..], &mut out).is_err());
    assert!(f.sqr_many(&a, &mut short).is_err());
    assert!(f.sqrt_many(&a, &mut short).is_err());
    assert!(f.trace_many(&a, &mut tr[1..]).is_err());
    assert!(f.half_trace_many(&a, &mut short).is_err());
    assert!(f.solve_many(&a, &mut roots[1..]).is_err());
    assert!(short.iter().all(|x| *x == [5u64; N]), "untouched on error");
    // Empty batches are fine.
    f.mul_many(&[], &[], &mut []).expect("empty");
    f.solve_many(&[], &mut []).expect("empty");
}

fn check_all_backends<const N: usize, M: ModulusSpec>(modulus: M, seed: u64) {
    for backend in Backend::ALL.into_iter().filter(|b| b.is_available()) {
        check_field::<N, M>(modulus.clone(), backend, seed);
    }
}

#[test]
fn field_many_matches_single_on_specs() {
    check_all_backends::<1, _>(spec::Ssrf41, 1);
    check_all_backends::<1, _>(spec::Std43, 2);
    check_all_backends::<2, _>(spec::Std83, 3);
    check_all_backends::<3, _>(spec::Nist163, 4);
    check_all_backends::<3, _>(spec::Ssrf163, 5);
    check_all_backends::<4, _>(spec::Nist233, 6);
    check_all_backends::<4, _>(spec::Ssrf233, 7);
    check_all_backends::<5, _>(spec::Nist283, 8);
    check_all_backends::<5, _>(spec::Ssrf283, 9);
    check_all_backends::<7, _>(spec::Nist409, 10);
    check_all_backends::<9, _>(spec::Nist571, 11);
    check_all_backends::<9, _>(spec::Ssrf571, 12);
}

#[test]
fn field_many_matches_single_on_runtime_moduli() {
    let m = |t: &str| Modulus::parse(t).expect("modulus");
    check_all_backends::<3, _>(m("163,7,6,3,0"), 13);
    check_all_backends::<4, _>(m("233,74,0"), 14);
    // Even degree: no half-trace, solving by the Gaussian-elimination table.
    check_all_backends::<1, _>(m("10,3,0"), 15);
    check_all_backends::<3, _>(m("162,63,0"), 16);
}

#[test]
fn solve_many_matches_brute_force_in_small_field() {
    // x^10 + x^3 + 1: every α, each root checked, and exactly half the α solvable.
    let f = BinaryField::<1, Modulus>::new(Modulus::parse("10,3,0").expect("m")).expect("f");
    let all: Vec<[u64; 1]> = (0..1024u64).map(|v| [v]).collect();
    let mut roots = vec![None; 1024];
    f.solve_many(&all, &mut roots).expect("solve");
    let mut image = vec![false; 1024];
    for l in 0..1024u64 {
        let s = f.add(&f.sqr(&[l]), &[l]);
        image[s[0] as usize] = true;
    }
    for (v, r) in roots.iter().enumerate() {
        assert_eq!(r.is_some(), image[v], "α = {v}");
        if let Some(l) = r {
            assert_eq!(f.add(&f.sqr(l), l), [v as u64]);
        }
    }
    assert_eq!(roots.iter().filter(|r| r.is_some()).count(), 512);
}

fn check_map<const N: usize>(bits: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let columns: Vec<[u64; N]> = (0..bits).map(|_| random::<N>(&mut rng, 64 * N)).collect();
    let naive = |a: &[u64; N]| {
        let mut r = [0u64; N];
        for (k, c) in columns.iter().enumerate() {
            if (a[k / 64] >> (k % 64)) & 1 == 1 {
                r = add(&r, c);
            }
        }
        r
    };
    let a: Vec<[u64; N]> = (0..29).map(|_| random::<N>(&mut rng, bits)).collect();
    for layout in Layout::ALL {
        for map in [
            LinearMap::<N>::new(&columns, layout),
            LinearMap::<N>::new_portable(&columns, layout),
        ] {
            let mut out = vec![[0u64; N]; a.len()];
            map.apply_many(&a, &mut out).expect("apply_many");
            for (x, o) in a.iter().zip(&out) {
                assert_eq!(
                    *o,
                    map.apply(x),
                    "{layout} {} bits {bits}",
                    map.kernel_name()
                );
                assert_eq!(*o, naive(x), "{layout} naive bits {bits}");
            }
            assert!(map.apply_many(&a, &mut out[1..]).is_err());
        }
    }
}

#[test]
fn linear_map_apply_many_matches_single() {
    check_map::<1>(41, 1);
    check_map::<3>(163, 2);
    check_map::<4>(233, 3);
    check_map::<5>(283, 4);
    check_map::<7>(409, 5);
    check_map::<9>(571, 6);
}

fn check_convert<const N: usize, F: ModulusSpec, T: ModulusSpec>(from: F, to: T) {
    let c = BasisConverterN::<N>::from_specs(&from, &to).expect("converter");
    let d = from.degree() as usize;
    let mut rng = ChaCha8Rng::seed_from_u64(d as u64);
    let a: Vec<[u64; N]> = (0..33).map(|_| random::<N>(&mut rng, d)).collect();
    let mut fw = vec![[0u64; N]; a.len()];
    let mut back = vec![[0u64; N]; a.len()];
    c.forward_many(&a, &mut fw).expect("forward_many");
    c.backward_many(&fw, &mut back).expect("backward_many");
    assert_eq!(back, a, "backward(forward(a)) = a");
    for (x, y) in a.iter().zip(&fw) {
        assert_eq!(*y, c.forward(x));
        assert_eq!(*y, c.forward_portable(x));
    }
    assert!(c.forward_many(&a, &mut fw[2..]).is_err());
    assert!(c.backward_many(&a[1..], &mut back).is_err());
}

#[test]
fn convert_many_matches_single() {
    check_convert::<3, _, _>(spec::Nist163, spec::Ssrf163);
    check_convert::<4, _, _>(spec::Nist233, spec::Ssrf233);
    check_convert::<5, _, _>(spec::Nist283, spec::Ssrf283);
}
