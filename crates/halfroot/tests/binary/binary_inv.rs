//! Differential tests of every binary-field inversion algorithm and multi-squaring plan.
//!
//! Oracle: Fermat's `a^(2^d − 2)` by square-and-multiply over a multiplication written
//! here from scratch (Horner over the bits of `a`: multiply the accumulator by x,
//! subtract P when bit d appears, add `b` on a set bit), sharing no code with the crate.
//! Every algorithm of [`InvAlgorithm::ALL`], every chain × layout × map choice of
//! [`VartimePlan`]/[`CtPlan`] and every available backend must give the oracle's value,
//! `a·a⁻¹ = 1` (by the oracle's multiplication), and `None` for zero.

use halfroot::binary::arith::Arith;
use halfroot::binary::backend::Backend;
use halfroot::binary::field::BinaryField;
use halfroot::binary::inv::multi_sqr::{ChainKind, CtPlan, MapChoice, VartimePlan};
use halfroot::binary::inv::InvAlgorithm;
use halfroot::binary::linear_map::Layout;
use halfroot::binary::modulus::{Modulus, ModulusSpec};
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

/// `a·b mod P` by Horner on the bits of `a`; `exps` = full descending exponent list.
fn oracle_mul<const N: usize>(a: &[u64; N], b: &[u64; N], exps: &[u32]) -> [u64; N] {
    let d = exps[0] as usize;
    let mut r = [0u64; N];
    for i in (0..d).rev() {
        // r = r·x mod P.
        let mut carry = 0u64;
        for w in r.iter_mut() {
            let next = *w >> 63;
            *w = (*w << 1) | carry;
            carry = next;
        }
        let top = if d == 64 * N {
            carry == 1
        } else {
            (r[d / 64] >> (d % 64)) & 1 == 1
        };
        if top {
            for &k in exps {
                let k = k as usize;
                if k < 64 * N {
                    r[k / 64] ^= 1 << (k % 64);
                }
            }
        }
        if (a[i / 64] >> (i % 64)) & 1 == 1 {
            for (x, y) in r.iter_mut().zip(b.iter()) {
                *x ^= y;
            }
        }
    }
    r
}

/// `a^(2^d − 2)`: the exponent's bits are d − 1 ones then a zero.
fn oracle_inv<const N: usize>(a: &[u64; N], exps: &[u32]) -> [u64; N] {
    let d = exps[0];
    let mut acc = [0u64; N];
    acc[0] = 1;
    for bit in (0..d).rev() {
        acc = oracle_mul(&acc, &acc, exps);
        if bit != 0 {
            acc = oracle_mul(&acc, a, exps);
        }
    }
    acc
}

fn random_elem<const N: usize>(rng: &mut impl RngCore, d: u32) -> [u64; N] {
    let mut a = [0u64; N];
    for (i, w) in a.iter_mut().enumerate() {
        let lo = 64 * i as u32;
        if lo < d {
            *w = if d - lo >= 64 {
                rng.next_u64()
            } else {
                rng.next_u64() & ((1u64 << (d - lo)) - 1)
            };
        }
    }
    a
}

const CHAINS: [ChainKind; 2] = [ChainKind::Binary, ChainKind::Powers];
const CHOICES: [MapChoice; 3] = [MapChoice::Auto, MapChoice::AtLeast(1), MapChoice::Never];

/// Every algorithm against the oracle on `rounds` random elements (plus 1 and x), every
/// available backend; with `plans`, also every chain × layout × map choice (detected
/// backend only: plans share the backend's kernels).
fn check<const N: usize, M: ModulusSpec>(m: M, rounds: usize, seed: u64, plans: bool) {
    let mut exps = vec![m.degree()];
    exps.extend_from_slice(m.middle_exponents());
    exps.push(0);
    let d = m.degree();
    let mut one = [0u64; N];
    one[0] = 1;
    let mut rng = ChaCha20Rng::seed_from_u64(seed ^ u64::from(d));
    let mut inputs: Vec<[u64; N]> = (0..rounds).map(|_| random_elem(&mut rng, d)).collect();
    inputs.push(one);
    if d > 1 {
        let mut x = [0u64; N];
        x[0] = 2;
        inputs.push(x);
    }
    for backend in Backend::ALL.into_iter().filter(|b| b.is_available()) {
        let ar = Arith::<N, M>::with_backend(m.clone(), backend).expect("arith");
        let mut vplans = Vec::new();
        let mut cplans = Vec::new();
        let detected = backend == Backend::detect();
        for kind in CHAINS.into_iter().filter(|_| plans && detected) {
            for choice in CHOICES {
                for layout in Layout::ALL {
                    vplans.push(VartimePlan::new(&ar, kind, Some(layout), choice));
                    if layout.is_constant_time() {
                        cplans.push(CtPlan::new(&ar, kind, Some(layout), choice).expect("ct"));
                    } else {
                        assert!(CtPlan::new(&ar, kind, Some(layout), choice).is_err());
                    }
                }
                cplans.push(CtPlan::new(&ar, kind, None, choice).expect("no layout"));
            }
        }
        let zero = [0u64; N];
        for alg in InvAlgorithm::ALL {
            assert_eq!(ar.inv_with(alg, &zero), None, "{alg:?} d={d}");
        }
        assert_eq!(ar.inv(&zero), None);
        assert_eq!(ar.inv_vartime(&zero), None);
        for p in &vplans {
            assert_eq!(p.inv_vartime(&ar, &zero), None, "{}", p.describe());
        }
        for p in &cplans {
            assert_eq!(p.inv(&ar, &zero), None, "{}", p.describe());
        }
        for a in &inputs {
            if a.iter().all(|&w| w == 0) {
                continue;
            }
            let want = oracle_inv(a, &exps);
            let tag = format!("{backend} {exps:?} a={a:x?}");
            assert_eq!(oracle_mul(a, &want, &exps), one, "oracle {tag}");
            for alg in InvAlgorithm::ALL {
                assert_eq!(ar.inv_with(alg, a), Some(want), "{alg:?} {tag}");
            }
            assert_eq!(ar.inv(a), Some(want), "inv {tag}");
            assert_eq!(ar.inv_vartime(a), Some(want), "inv_vartime {tag}");
            for p in &vplans {
                assert_eq!(p.inv_vartime(&ar, a), Some(want), "{} {tag}", p.describe());
            }
            for p in &cplans {
                assert_eq!(p.inv(&ar, a), Some(want), "{} {tag}", p.describe());
            }
        }
    }
}

macro_rules! check_spec {
    ($t:ty, $n:expr) => {{
        check::<{ $n }, $t>(<$t>::default(), 3, 11, true);
        // The same polynomial as a run-time modulus.
        let rt = Modulus::from_exponents(<$t>::EXPONENTS).expect("modulus");
        check::<{ $n }, Modulus>(rt, 2, 12, false);
    }};
}

/// Every compile-time spec (degrees 41…571, trinomials and pentanomials, NIST and
/// Avanzi's tables), as spec type and as run-time modulus.
#[test]
fn every_spec_inverse_matches_fermat_oracle() {
    halfroot::for_each_representative_binary_spec!(check_spec);
}

/// Random irreducible trinomials and pentanomials (irreducibility by the field's Rabin
/// test) of degree 2…`64N`, for every word count up to 9.
fn random_moduli<const N: usize>(rng: &mut ChaCha20Rng, count: usize) {
    let mut found = 0;
    let mut tries = 0;
    while found < count && tries < 20_000 {
        tries += 1;
        let lo = if N == 1 { 2 } else { 64 * (N as u32 - 1) + 1 };
        let d = rng.gen_range(lo..=64 * N as u32);
        let mut e = vec![d];
        if rng.gen_bool(0.5) || d < 5 {
            e.push(rng.gen_range(1..d));
        } else {
            let mut mids: Vec<u32> = Vec::new();
            while mids.len() < 3 {
                let k = rng.gen_range(1..d);
                if !mids.contains(&k) {
                    mids.push(k);
                }
            }
            mids.sort_unstable_by(|a, b| b.cmp(a));
            e.extend(mids);
        }
        e.push(0);
        let Ok(m) = Modulus::from_exponents(&e) else {
            continue;
        };
        if BinaryField::<N, Modulus>::new(m.clone()).is_err() {
            continue;
        }
        check::<N, Modulus>(m, 2, 13, true);
        found += 1;
    }
    assert_eq!(found, count, "N = {N}: too few irreducible moduli found");
}

#[test]
fn random_irreducible_moduli_inverse_matches_fermat_oracle() {
    let mut rng = ChaCha20Rng::seed_from_u64(0x1417);
    random_moduli::<1>(&mut rng, 6);
    random_moduli::<2>(&mut rng, 3);
    random_moduli::<3>(&mut rng, 3);
    random_moduli::<4>(&mut rng, 2);
    random_moduli::<5>(&mut rng, 1);
    random_moduli::<7>(&mut rng, 1);
    random_moduli::<9>(&mut rng, 1);
}

/// All inverses of small fields, exhaustively, by every default and plan.
#[test]
fn small_fields_exhaustive_inverse_matches_fermat_oracle() {
    for text in ["2,1,0", "3,1,0", "5,2,0", "7,6,0", "8,4,3,1,0", "10,3,0"] {
        let m = Modulus::parse(text).expect("m");
        let exps = m.exponents();
        let ar = Arith::<1, Modulus>::new(m.clone()).expect("a");
        let vp = VartimePlan::new(
            &ar,
            ChainKind::Auto,
            Some(Layout::Nibble),
            MapChoice::AtLeast(1),
        );
        let cp = CtPlan::new(
            &ar,
            ChainKind::Powers,
            Some(Layout::MaskCt),
            MapChoice::AtLeast(1),
        )
        .expect("ct");
        for x in 1..1u64 << m.degree() {
            let want = Some(oracle_inv(&[x], &exps));
            assert_eq!(ar.inv(&[x]), want, "{text} {x}");
            assert_eq!(ar.inv_vartime(&[x]), want, "{text} {x}");
            assert_eq!(vp.inv_vartime(&ar, &[x]), want, "{text} {x}");
            assert_eq!(cp.inv(&ar, &[x]), want, "{text} {x}");
        }
    }
}

/// The oracle itself against known inverses: in F_2[x]/(x^3 + x + 1), x⁻¹ = x² + 1; in
/// F_2[x]/(x^8 + x^4 + x^3 + x + 1) (AES), 0x53⁻¹ = 0xCA (FIPS 197 §4.2).
#[test]
fn oracle_matches_published_inverses() {
    assert_eq!(oracle_inv(&[0b10u64], &[3, 1, 0]), [0b101]);
    assert_eq!(oracle_inv(&[0x53u64], &[8, 4, 3, 1, 0]), [0xCA]);
}
