//! Differential tests of the binary-field arithmetic layer.
//!
//! Oracle: a naive bit-by-bit polynomial multiply-and-reduce written here from scratch
//! (Horner over the bits of `a`, one shift and conditional subtraction of P per bit),
//! sharing no code with `binary::portable`. Every backend available on this CPU is
//! checked against it and against the portable backend.

use halfroot::binary::arith::Arith;
use halfroot::binary::backend::{Backend, InlineClass, InlineReduction};
use halfroot::binary::inv::InvAlgorithm;
use halfroot::binary::modulus::{Modulus, ModulusSpec};
use halfroot::binary::spec;
use proptest::prelude::*;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;

use crate::support::gf2_oracle::{bit, flip, naive_mulmod};

// ------------------------------------------------------------------------------------
// The naive oracle, on bit vectors stored in Vec<u64> of arbitrary length (its product
// modulo P is in tests/support/gf2_oracle.rs, shared with tests/it/binary_packed.rs).

/// `a·b` without reduction, bit by bit.
fn naive_mul_wide(a: &[u64], b: &[u64]) -> Vec<u64> {
    let n = a.len() + b.len();
    let mut r = vec![0u64; n];
    for i in 0..64 * a.len() {
        if bit(a, i) {
            for j in 0..64 * b.len() {
                if bit(b, j) {
                    flip(&mut r, i + j);
                }
            }
        }
    }
    r
}

/// `x mod P` by long division bit by bit from the top; `exps` = full exponent list.
fn naive_mod(x: &[u64], exps: &[u32], words: usize) -> Vec<u64> {
    let d = exps[0] as usize;
    let mut r = x.to_vec();
    for i in (d..64 * r.len()).rev() {
        if bit(&r, i) {
            for &k in exps {
                flip(&mut r, i - d + k as usize);
            }
        }
    }
    r.resize(words.max(r.len()), 0);
    r.truncate(words);
    r
}

/// `a·b mod P` for d < 64 on single words, bit by bit (shift-and-add with reduction).
fn naive_mulmod_small(a: u64, b: u64, exps: &[u32]) -> u64 {
    let d = exps[0];
    let p: u64 = exps.iter().filter(|&&k| k < d).map(|&k| 1u64 << k).sum();
    let (mut r, mut bb) = (0u64, b);
    for i in 0..d {
        if (a >> i) & 1 == 1 {
            r ^= bb;
        }
        bb <<= 1;
        if (bb >> d) & 1 == 1 {
            bb ^= (1u64 << d) | p;
        }
    }
    r
}

fn random_elem<const N: usize>(rng: &mut impl RngCore, d: u32) -> [u64; N] {
    let mut a = [0u64; N];
    for (i, w) in a.iter_mut().enumerate() {
        let lo = 64 * i as u32;
        *w = if lo >= d {
            0
        } else if d - lo >= 64 {
            rng.next_u64()
        } else {
            rng.next_u64() & ((1u64 << (d - lo)) - 1)
        };
    }
    // Sometimes sparse or extreme values.
    match rng.gen_range(0..8) {
        0 => {
            let mut b = [0u64; N];
            let k = rng.gen_range(0..d) as usize;
            b[k / 64] = 1 << (k % 64);
            b
        }
        1 => {
            let mut b = [0u64; N];
            for k in 0..d as usize {
                b[k / 64] |= 1 << (k % 64);
            }
            b
        }
        _ => a,
    }
}

/// The backends that run here; each one that cannot is logged as a skipped kernel.
fn backends() -> Vec<Backend> {
    use halfroot::cpu::{has_all, kernel_log, Feature};
    // The PDEP/PEXT forms inside `pclmul-pdep` and `pclmul-fold` (squares spread by
    // PDEP, bit splits by PEXT) run only where PDEP is fast; on AMD Zen 1/2 the same
    // backends run their carry-less and portable forms, and this line says so.
    let pdep = [Feature::Bmi2, Feature::PdepFast];
    kernel_log::check("binary::arith pdep/pext forms", has_all(&pdep), &pdep);
    Backend::ALL
        .into_iter()
        .filter(|&b| {
            let needs: &[Feature] = match b {
                Backend::Portable => &[],
                Backend::Pclmul => &[Feature::Pclmulqdq, Feature::Sse41],
                _ => &[Feature::Pclmulqdq, Feature::Sse41, Feature::Bmi2],
            };
            kernel_log::check(
                &format!("binary::arith {}", b.name()),
                b.is_available(),
                needs,
            )
        })
        .collect()
}

/// `HALFROOT_INLINE_CLASS` values: `native` or empty keep the detected class, each
/// class by its name (any case, spaces trimmed), anything else a typed error naming the
/// variable; every class's name maps back to it.
#[test]
fn inline_class_override_parses_names() {
    use halfroot::binary::backend::INLINE_CLASS_ENV;
    use halfroot::Error;
    let parse = InlineClass::parse_override;
    assert!(matches!(parse(""), Ok(None)));
    assert!(matches!(parse(" Native "), Ok(None)));
    assert!(matches!(
        parse("zen3-zen4"),
        Ok(Some(InlineClass::Zen3Zen4))
    ));
    assert!(matches!(parse(" OTHER"), Ok(Some(InlineClass::Other))));
    assert!(matches!(
        parse("slow-pdep"),
        Ok(Some(InlineClass::SlowPdep))
    ));
    assert!(matches!(parse("zen5"), Ok(Some(InlineClass::Zen5))));
    for class in InlineClass::ALL {
        assert_eq!(InlineClass::from_name(class.name()), Some(class));
    }
    for bad in ["zen4", "intel", "zen3,zen4", "avx2"] {
        let e = parse(bad);
        assert!(
            matches!(e, Err(Error::InvalidArgument { ref name, ref value, .. })
                if name == INLINE_CLASS_ENV && value == bad),
            "{bad}: {e:?}"
        );
    }
}

/// The inlined single-element kernels ([`InlineReduction`]) run on every 2–9-word
/// spec where this CPU has PCLMULQDQ (their results are checked in `check_field`); the
/// default choice of each is one that applies: for products every 2–4-word spec has
/// one under every CPU-class rule, 5–7-word specs under every rule but Zen 5's, 8–9-word
/// specs only the carry-less fold where R is one piece of a pentanomial
/// (571,10,5,2,0); squares 2–4 words, and 5–9 under Zen 3/4's rule. Logged as a
/// skipped kernel elsewhere.
#[test]
fn inline_reductions_cover_the_small_specs() {
    use halfroot::cpu::{kernel_log, Feature};
    let available = Backend::Pclmul.is_available();
    if !kernel_log::check(
        "binary::backend inline reductions",
        available,
        &[Feature::Pclmulqdq, Feature::Sse41],
    ) {
        return;
    }
    fn one<const N: usize, M: ModulusSpec + Default>(seen: &mut usize) {
        let m = M::default();
        let ar = Arith::<N, M>::with_backend(m.clone(), Backend::Pclmul).expect("pclmul");
        let d = m.degree() as usize;
        let small = (2..=9).contains(&N) && d > 64 * (N - 1);
        let x: [u64; N] = core::array::from_fn(|i| {
            if 64 * i < d {
                0x5a5a_1234_u64 << (i % 3)
            } else {
                0
            }
        });
        let runs = ar
            .mul_with_reduction(InlineReduction::GprShift, &x, &x)
            .is_some();
        assert_eq!(runs, small, "{} N={N}", M::default().degree());
        if small {
            *seen += 1;
            // This CPU's choice and every CPU class's rule.
            let zen5 = InlineReduction::default_mul_for::<N, M>(&m, InlineClass::Zen5);
            let slow = InlineReduction::default_mul_for::<N, M>(&m, InlineClass::SlowPdep);
            let other = InlineReduction::default_mul_for::<N, M>(&m, InlineClass::Other);
            let zen34 = InlineReduction::default_mul_for::<N, M>(&m, InlineClass::Zen3Zen4);
            let here = InlineReduction::default_mul::<N, M>(&m);
            let sqr = InlineReduction::default_sqr::<N, M>(&m);
            let sqr_other = InlineReduction::default_sqr_for::<N, M>(&m, InlineClass::Other);
            let sqr_zen34 = InlineReduction::default_sqr_for::<N, M>(&m, InlineClass::Zen3Zen4);
            // Zen 3/4: Zen 1's products of 5–9 words, otherwise Zen 5's rule.
            let zen34_like = if N > 4 { slow } else { zen5 };
            assert_eq!(zen34, zen34_like, "Zen 3/4 product rule on {d}");
            if N <= 4 {
                assert_eq!(sqr_zen34, sqr_other, "Zen 3/4 square rule on {d}");
            }
            assert_eq!(zen5.is_some(), N <= 4, "Zen 5 rule on {d}");
            // R = x^(64N − d)·(P − x^d) in one 64-bit piece: deg R < 64.
            let ks = m.middle_exponents();
            let fold = InlineReduction::ClmulFold.applies::<N, M>(&m);
            let one_piece_pentanomial = ks.len() == 3 && 64 * N - d + (ks[0] as usize) < 64 && fold;
            assert_eq!(
                slow.is_some(),
                N <= 7 || one_piece_pentanomial,
                "slow-PDEP rule on {d}"
            );
            if N > 7 {
                assert_eq!(
                    slow,
                    one_piece_pentanomial.then_some(InlineReduction::ClmulFold)
                );
            }
            if one_piece_pentanomial && N <= 4 {
                for rule in [zen5, slow, other] {
                    assert_eq!(rule, Some(InlineReduction::ClmulFold), "{d}");
                }
            }
            // Other CPUs (session 57, an Intel Xeon): Zen 1's rule from 5 words on and
            // for the two-word trinomials whose R is one piece (the fold), Zen 5's for
            // the rest; squares as Zen 5's and Zen 1's. Every class takes the fold for the two-word pentanomials it
            // serves, products and squares, so that the kernel is a constant there (a
            // per-class choice costs a register round trip).
            let two_word_one_piece_trinomial =
                N == 2 && ks.len() == 1 && fold && 64 * N - d + (ks[0] as usize) < 64;
            let other_like = if N > 4 || two_word_one_piece_trinomial {
                slow
            } else {
                zen5
            };
            assert_eq!(other, other_like, "other CPUs, {d}");
            if two_word_one_piece_trinomial {
                assert_eq!(other, Some(InlineReduction::ClmulFold), "other CPUs, {d}");
            }
            let two_word_fold = N == 2 && ks.len() == 3 && fold;
            if two_word_fold {
                for class in InlineClass::ALL {
                    assert_eq!(
                        InlineReduction::default_mul_for::<N, M>(&m, class),
                        Some(InlineReduction::ClmulFold),
                        "product rule of {class} on {d}"
                    );
                    assert_eq!(
                        InlineReduction::default_sqr_for::<N, M>(&m, class),
                        Some(InlineReduction::ClmulFold),
                        "square rule of {class} on {d}"
                    );
                }
            }
            // Zen 3/4 also inline the squares of 5–7 words, and of 8–9 where R is one
            // piece (deg R = 64N − d + k_max < 64) and the fold serves.
            let one_piece_fold = 64 * N - d + (ks[0] as usize) < 64 && fold;
            for class in InlineClass::ALL {
                let s = InlineReduction::default_sqr_for::<N, M>(&m, class);
                let inlined = if class == InlineClass::Zen3Zen4 {
                    N <= 7 || one_piece_fold
                } else {
                    N <= 4
                };
                assert_eq!(s.is_some(), inlined, "square rule of {class} on {d}");
                if one_piece_fold && inlined {
                    assert_eq!(
                        s,
                        Some(InlineReduction::ClmulFold),
                        "square rule of {class} on {d}"
                    );
                }
            }
            assert_eq!(
                InlineReduction::default_sqr_for::<N, M>(&m, InlineClass::Zen5),
                InlineReduction::default_sqr_for::<N, M>(&m, InlineClass::SlowPdep)
            );
            let here_class = InlineClass::detect();
            assert_eq!(
                here,
                InlineReduction::default_mul_for::<N, M>(&m, here_class),
                "this CPU's rule on {d}"
            );
            assert_eq!(
                sqr,
                InlineReduction::default_sqr_for::<N, M>(&m, here_class),
                "this CPU's square rule on {d}"
            );
            for kind in [here, zen5, slow, other, zen34, sqr, sqr_other, sqr_zen34]
                .into_iter()
                .flatten()
            {
                assert!(kind.applies::<N, M>(&m), "{kind} on {d}");
            }
        }
    }
    let mut seen = 0;
    macro_rules! each {
        ($t:ty, $n:expr) => {
            one::<{ $n }, $t>(&mut seen);
        };
    }
    halfroot::for_each_representative_binary_spec!(each);
    assert!(seen >= 13, "only {seen} specs of 2–9 words");
    // By name, the other CPUs' rule: the fold for 113,9,0 (the field of the genus-2
    // curve C6) and the NIST 283 pentanomial, SSE shifts for the 409-bit trinomial,
    // shifts in general registers for the SSRF 283 pentanomial (R in two pieces) and
    // the 233-bit trinomials; squares of 5–9 words out of line.
    let other = InlineClass::Other;
    assert_eq!(
        InlineReduction::default_mul_for::<2, spec::Ssrf113>(&spec::Ssrf113, other),
        Some(InlineReduction::ClmulFold)
    );
    assert_eq!(
        InlineReduction::default_mul_for::<2, spec::Ssrf113>(&spec::Ssrf113, InlineClass::Zen5),
        Some(InlineReduction::GprShift)
    );
    assert_eq!(
        InlineReduction::default_mul_for::<5, spec::Nist283>(&spec::Nist283, other),
        Some(InlineReduction::ClmulFold)
    );
    assert_eq!(
        InlineReduction::default_mul_for::<7, spec::Nist409>(&spec::Nist409, other),
        Some(InlineReduction::SseShift)
    );
    assert_eq!(
        InlineReduction::default_mul_for::<5, spec::Ssrf283>(&spec::Ssrf283, other),
        Some(InlineReduction::GprShift)
    );
    assert_eq!(
        InlineReduction::default_mul_for::<4, spec::Nist233>(&spec::Nist233, other),
        Some(InlineReduction::GprShift)
    );
    assert_eq!(
        InlineReduction::default_sqr_for::<7, spec::Nist409>(&spec::Nist409, other),
        None
    );
    // The SSRF field of the genus-2 curves C1 and C2 is among them: the fold on every
    // class.
    for class in InlineClass::ALL {
        for rule in [
            InlineReduction::default_mul_for::<2, spec::Ssrf83>(&spec::Ssrf83, class),
            InlineReduction::default_sqr_for::<2, spec::Ssrf83>(&spec::Ssrf83, class),
        ] {
            assert_eq!(
                rule,
                Some(InlineReduction::ClmulFold),
                "83,29,25,3,0 on {class}"
            );
        }
    }
}

/// The inlined carry-less fold serves the two-word SSRF polynomials whose middle term
/// lies within 64 bits of the degree where its passes still reduce completely
/// (83,29,25,3,0: the first pass leaves nothing above 128 bits; 97,33,0 and 127,63,0:
/// `d − k_max = 64`), and refuses those where they do not (89,51,0: the second pass
/// would spill into the word it folds; 67,25,17,5,0 and 73,25,0: the last fold would
/// land above d). Where it serves, its product, square and ζ square root are checked
/// against the naive oracle on the operands that reach the highest degrees (all ones,
/// the top bit alone) and on random ones.
#[test]
fn clmul_fold_serves_the_ssrf_polynomials_it_reduces_completely() {
    use halfroot::cpu::{kernel_log, Feature};
    fn serves<const N: usize, M: ModulusSpec + Default>() -> bool {
        InlineReduction::ClmulFold.applies::<N, M>(&M::default())
    }
    if cfg!(target_arch = "x86_64") {
        assert!(serves::<2, spec::Ssrf83>());
        assert!(serves::<2, spec::Ssrf97>());
        assert!(serves::<2, spec::Ssrf127K63>());
        assert!(serves::<2, spec::Ssrf127>());
        assert!(serves::<3, spec::Nist163>());
        assert!(!serves::<2, spec::Ssrf89>());
        assert!(!serves::<2, spec::Ssrf67>());
        assert!(!serves::<2, spec::Ssrf73>());
        // The shift reduction in SSE registers keeps its own, stricter condition.
        assert!(!InlineReduction::SseShift.applies::<2, spec::Ssrf83>(&spec::Ssrf83));
    }
    if !kernel_log::check(
        "binary::backend clmul-fold on 83,29,25,3 / 97,33 / 127,63",
        Backend::Pclmul.is_available(),
        &[Feature::Pclmulqdq, Feature::Sse41],
    ) {
        return;
    }
    // The inlined ζ square root needs the BMI2 engines.
    let zeta = kernel_log::check(
        "binary::backend clmul-fold ζ square root on 83,29,25,3 / 97,33 / 127,63",
        Backend::PclmulFold.is_available(),
        &[Feature::Pclmulqdq, Feature::Sse41, Feature::Bmi2],
    );
    fn check<M: ModulusSpec + Default>(seed: u64, zeta: bool) {
        let m = M::default();
        let d = m.degree() as usize;
        let mut exps = vec![m.degree()];
        exps.extend_from_slice(m.middle_exponents());
        exps.push(0);
        let ar = Arith::<2, M>::with_backend(m.clone(), Backend::Pclmul).expect("pclmul");
        let ar_bmi2 =
            zeta.then(|| Arith::<2, M>::with_backend(m, Backend::PclmulFold).expect("pclmul-fold"));
        let ones = [
            u64::MAX,
            if d >= 128 {
                u64::MAX
            } else {
                (1 << (d - 64)) - 1
            },
        ];
        let mut top = [0u64; 2];
        top[1] = 1 << (d - 65);
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let mut operands = vec![(ones, ones), (top, top), (ones, top)];
        for _ in 0..2000 {
            operands.push((
                random_elem(&mut rng, d as u32),
                random_elem(&mut rng, d as u32),
            ));
        }
        for (a, b) in operands {
            let tag = format!("{exps:?} a={a:x?} b={b:x?}");
            let p = ar.mul_with_reduction(InlineReduction::ClmulFold, &a, &b);
            assert_eq!(
                p.map(|p| p.to_vec()),
                Some(naive_mulmod(&a, &b, &exps)),
                "mul {tag}"
            );
            let s = ar.sqr_with_reduction(InlineReduction::ClmulFold, &a);
            assert_eq!(
                s.map(|s| s.to_vec()),
                Some(naive_mulmod(&a, &a, &exps)),
                "sqr {tag}"
            );
            // The ζ square-root kernel: a_even + ζ·a_odd mod P for any reduced ζ (here b).
            let Some(ar_bmi2) = &ar_bmi2 else {
                continue;
            };
            let (mut even, mut odd) = ([0u64; 2], [0u64; 2]);
            for i in 0..d {
                if bit(&a, i) {
                    flip(if i % 2 == 0 { &mut even } else { &mut odd }, i / 2);
                }
            }
            let mut want = naive_mulmod(&b, &odd, &exps);
            for (w, e) in want.iter_mut().zip(&even) {
                *w ^= e;
            }
            let r = ar_bmi2.sqrt_by_zeta_with_reduction(InlineReduction::ClmulFold, &b, &a);
            assert_eq!(r.map(|r| r.to_vec()), Some(want), "even + b·odd {tag}");
        }
    }
    check::<spec::Ssrf83>(83, zeta);
    check::<spec::Ssrf97>(97, zeta);
    check::<spec::Ssrf127K63>(127, zeta);
}

/// `ar.mul(a, b)` out of line: [`check_field`] calls each operation of `Arith` once or
/// twice per backend, and with every kernel inlined into it its 40 instances took 264 s
/// of LLVM time (`-Zllvm-time-trace`, session 38). The kernel inlined here is the one
/// the library inlines into its callers: the same code is checked.
#[inline(never)]
fn arith_mul<const N: usize, M: ModulusSpec>(
    ar: &Arith<N, M>,
    a: &[u64; N],
    b: &[u64; N],
) -> [u64; N] {
    ar.mul(a, b)
}

/// `ar.sqr(a)` out of line (see [`arith_mul`]).
#[inline(never)]
fn arith_sqr<const N: usize, M: ModulusSpec>(ar: &Arith<N, M>, a: &[u64; N]) -> [u64; N] {
    ar.sqr(a)
}

/// `ar.mul_with_reduction(kind, a, b)` out of line (see [`arith_mul`]).
#[inline(never)]
fn arith_mul_with<const N: usize, M: ModulusSpec>(
    ar: &Arith<N, M>,
    kind: InlineReduction,
    a: &[u64; N],
    b: &[u64; N],
) -> Option<[u64; N]> {
    ar.mul_with_reduction(kind, a, b)
}

/// `ar.sqr_with_reduction(kind, a)` out of line (see [`arith_mul`]).
#[inline(never)]
fn arith_sqr_with<const N: usize, M: ModulusSpec>(
    ar: &Arith<N, M>,
    kind: InlineReduction,
    a: &[u64; N],
) -> Option<[u64; N]> {
    ar.sqr_with_reduction(kind, a)
}

/// `ar.sqrt_by_zeta_with_reduction(kind, zeta, a)` out of line (see [`arith_mul`]).
#[inline(never)]
fn arith_zeta_with<const N: usize, M: ModulusSpec>(
    ar: &Arith<N, M>,
    kind: InlineReduction,
    zeta: &[u64; N],
    a: &[u64; N],
) -> Option<[u64; N]> {
    ar.sqrt_by_zeta_with_reduction(kind, zeta, a)
}

/// Checks every operation of every available backend against the oracle, for one
/// modulus given as `M`.
#[inline(never)]
fn check_field<const N: usize, M: ModulusSpec>(m: M, rounds: usize, irreducible: bool, seed: u64) {
    let mut exps = vec![m.degree()];
    exps.extend_from_slice(m.middle_exponents());
    exps.push(0);
    let d = m.degree();
    let mut rng = ChaCha20Rng::seed_from_u64(seed ^ u64::from(d));
    let ars: Vec<Arith<N, M>> = backends()
        .into_iter()
        .map(|b| Arith::with_backend(m.clone(), b).expect("available"))
        .collect();
    for _ in 0..rounds {
        let a: [u64; N] = random_elem(&mut rng, d);
        let b: [u64; N] = random_elem(&mut rng, d);
        let want = naive_mulmod(&a, &b, &exps);
        let wide = naive_mul_wide(&a, &b);
        let sq = naive_mulmod(&a, &a, &exps);
        // The oracle's values once, before the backends (they are the test's cost).
        let sq_wide = naive_mul_wide(&a, &a);
        // The ζ square-root kernel is a_even + ζ·a_odd mod P for any reduced ζ
        // (ζ = √x makes it √a): checked with ζ = b, by bits.
        let (mut even, mut odd) = (vec![0u64; N], vec![0u64; N]);
        for i in 0..d as usize {
            if (a[i / 64] >> (i % 64)) & 1 == 1 {
                let (half, j) = if i % 2 == 0 {
                    (&mut even, i / 2)
                } else {
                    (&mut odd, i / 2)
                };
                half[j / 64] |= 1 << (j % 64);
            }
        }
        let odd: [u64; N] = odd.try_into().expect("len");
        let mut by_zeta = naive_mulmod(&b, &odd, &exps);
        for (z, e) in by_zeta.iter_mut().zip(&even) {
            *z ^= e;
        }
        let mut s3 = a;
        for _ in 0..3 {
            s3 = naive_mulmod(&s3, &s3, &exps).try_into().expect("len");
        }
        // a⁻¹, checked against the oracle the first time a backend returns it; every
        // other backend and algorithm must return the same (the inverse is unique).
        let mut inverse: Option<[u64; N]> = None;
        for ar in &ars {
            let tag = format!("{} d={d} {exps:?} a={a:x?} b={b:x?}", ar.backend());
            assert_eq!(arith_mul(ar, &a, &b).to_vec(), want, "mul {tag}");
            let (lo, hi) = ar.mul_wide(&a, &b);
            assert_eq!([lo, hi].concat(), wide, "mul_wide {tag}");
            assert_eq!(ar.reduce(&lo, &hi).to_vec(), want, "reduce {tag}");
            assert_eq!(arith_sqr(ar, &a).to_vec(), sq, "sqr {tag}");
            let (slo, shi) = ar.sqr_wide(&a);
            assert_eq!([slo, shi].concat(), sq_wide, "sqr_wide {tag}");
            assert!(ar.is_reduced(&arith_mul(ar, &a, &b)));
            for kind in InlineReduction::ALL {
                if let Some(p) = arith_mul_with(ar, kind, &a, &b) {
                    assert_eq!(p.to_vec(), want, "mul {kind} {tag}");
                }
                if let Some(q) = arith_sqr_with(ar, kind, &a) {
                    assert_eq!(q.to_vec(), sq, "sqr {kind} {tag}");
                }
            }
            assert_eq!(
                ar.sqrt_by_zeta(&b, &a).to_vec(),
                by_zeta,
                "even + b·odd {tag}"
            );
            for kind in InlineReduction::ALL {
                if let Some(r) = arith_zeta_with(ar, kind, &b, &a) {
                    assert_eq!(r.to_vec(), by_zeta, "even + b·odd {kind} {tag}");
                }
            }
            assert_eq!(ar.sqr_n(&a, 3), s3, "sqr_n {tag}");
            if irreducible {
                let mut one = [0u64; N];
                one[0] = 1;
                for alg in InvAlgorithm::ALL {
                    match ar.inv_with(alg, &a) {
                        Some(i) => {
                            match inverse {
                                Some(known) => assert_eq!(i, known, "{alg:?} {tag}"),
                                None => {
                                    let product = naive_mulmod(&a, &i, &exps);
                                    assert_eq!(product, one.to_vec(), "{alg:?} {tag}");
                                    inverse = Some(i);
                                }
                            }
                            assert!(ar.is_reduced(&i), "{alg:?} {tag}");
                        }
                        None => assert!(a.iter().all(|&w| w == 0), "{alg:?} {tag}"),
                    }
                }
                assert!(ar.inv(&[0u64; N]).is_none());
                assert!(ar.inv_vartime(&[0u64; N]).is_none());
            }
        }
        // Arbitrary (unreduced) double-length input to reduce.
        let mut lo = [0u64; N];
        let mut hi = [0u64; N];
        for w in lo.iter_mut().chain(hi.iter_mut()) {
            *w = rng.next_u64();
        }
        let want = naive_mod(&[lo, hi].concat(), &exps, N);
        for ar in &ars {
            assert_eq!(ar.reduce(&lo, &hi).to_vec(), want, "reduce full {exps:?}");
        }
    }
}

// ------------------------------------------------------------------------------------

/// One spec against the naive oracle, and its spec-typed arithmetic against the same
/// polynomial as a run-time [`Modulus`]. A function of its own per spec, never inlined:
/// stamped as one macro body per spec into the test below, the 22 specs made one
/// function whose SROA pass alone took 21 s of LLVM time (`-Zllvm-time-trace`, Zen 1).
#[inline(never)]
fn check_spec<const N: usize, M: ModulusSpec + Default>() {
    let m = M::default();
    let d = m.degree();
    let mut exps = vec![d];
    exps.extend_from_slice(m.middle_exponents());
    exps.push(0);
    check_field::<N, M>(M::default(), 40, true, 1);
    let rt = Modulus::from_exponents(&exps).expect("modulus");
    let a_spec = Arith::<N, M>::new(m).expect("arith");
    let a_rt = Arith::<N, Modulus>::new(rt).expect("arith");
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    for _ in 0..50 {
        let x = random_elem::<N>(&mut rng, d);
        let y = random_elem::<N>(&mut rng, d);
        assert_eq!(a_spec.mul(&x, &y), a_rt.mul(&x, &y));
        assert_eq!(a_spec.sqr(&x), a_rt.sqr(&x));
        assert_eq!(a_spec.sqr_n(&x, 5), a_rt.sqr_n(&x, 5));
        assert_eq!(a_spec.inv(&x), a_rt.inv(&x));
        assert_eq!(a_spec.inv_vartime(&x), a_rt.inv_vartime(&x));
    }
}

#[test]
fn representative_specs_match_naive_and_runtime_modulus() {
    macro_rules! each {
        ($t:ty, $n:expr) => {
            check_spec::<{ $n }, $t>()
        };
    }
    halfroot::for_each_representative_binary_spec!(each);
}

#[test]
fn specs_are_the_named_polynomials() {
    assert_eq!(spec::STANDARD.len(), 45);
    for (name, exps) in spec::STANDARD {
        let m = Modulus::from_exponents(exps).expect(name);
        assert_eq!(&m.exponents(), exps);
    }
    assert_eq!(
        spec::exponents_of("Ssrf571"),
        Some(&[571u32, 193, 185, 5, 0][..])
    );
    assert_eq!(
        spec::exponents_of("Nist283"),
        Some(&[283u32, 12, 7, 5, 0][..])
    );
    assert_eq!(spec::exponents_of("Std43"), Some(&[43u32, 6, 4, 3, 0][..]));
}

/// The structural class of a spec polynomial (`spec::REPRESENTATIVE` says why):
/// (words, middle terms, reduction rounds of a square, of the ζ product, largest middle
/// exponent ≥ 64, SSRF type).
fn structural_class(
    exps: &[u32],
) -> (
    usize,
    usize,
    u32,
    u32,
    bool,
    Option<halfroot::binary::ssrf_type::SsrfType>,
) {
    let d = exps[0];
    let middle = &exps[1..exps.len() - 1];
    let kmax = middle[0];
    // The rounds of the kernels' `reduce`: each folds the bits ≥ d back, which then end
    // below (top − d) + kmax.
    let rounds = |mut top: u32| {
        let mut r = 0;
        while top > d {
            top = top - d + kmax;
            r += 1;
        }
        r
    };
    (
        (d as usize).div_ceil(64),
        middle.len(),
        rounds(2 * d - 1),
        rounds(d + d / 2),
        kmax >= 64,
        halfroot::binary::ssrf_type::classify(d, middle),
    )
}

#[test]
fn representative_specs_cover_every_class_once() {
    use std::collections::BTreeMap;
    let mut stamped: Vec<&str> = Vec::new();
    macro_rules! record {
        ($t:ty, $n:expr) => {
            assert_eq!(<$t>::WORDS, $n);
            stamped.push(<$t>::NAME);
        };
    }
    halfroot::for_each_representative_binary_spec!(record);
    assert_eq!(
        stamped,
        spec::REPRESENTATIVE,
        "the macro stamps the listed specs"
    );
    let mut classes: BTreeMap<String, Vec<&str>> = BTreeMap::new();
    for (name, exps) in spec::STANDARD {
        classes
            .entry(format!("{:?}", structural_class(exps)))
            .or_default()
            .push(name);
    }
    for (class, names) in &classes {
        let reps: Vec<&&str> = names
            .iter()
            .filter(|n| spec::REPRESENTATIVE.contains(n))
            .collect();
        assert_eq!(
            reps.len(),
            1,
            "class {class} ({names:?}): representatives {reps:?}"
        );
    }
    assert_eq!(classes.len(), spec::REPRESENTATIVE.len());
}

/// Every one of the 45 polynomials (not only the representatives) through the run-time
/// path of `DynBinaryField`: products, squares, inverses, square roots and traces
/// against the naive oracle.
#[test]
fn every_standard_polynomial_matches_naive_at_run_time() {
    use halfroot::binary::dynamic::DynBinaryField;
    let mut rng = ChaCha20Rng::seed_from_u64(43);
    for (name, exps) in spec::STANDARD {
        let f =
            DynBinaryField::from_modulus(Modulus::from_exponents(exps).expect(name)).expect(name);
        let words = f.words();
        let elem = |rng: &mut ChaCha20Rng| {
            let mut v: Vec<u64> = (0..words).map(|_| rng.next_u64()).collect();
            let top = exps[0] as usize - 64 * (words - 1);
            if top < 64 {
                v[words - 1] &= (1u64 << top) - 1;
            }
            v
        };
        for _ in 0..8 {
            let (a, b) = (elem(&mut rng), elem(&mut rng));
            assert_eq!(
                f.mul(&a, &b).expect("mul"),
                naive_mulmod(&a, &b, exps),
                "{name}"
            );
            assert_eq!(
                f.sqr(&a).expect("sqr"),
                naive_mulmod(&a, &a, exps),
                "{name}"
            );
            let s = f.sqrt(&a, None).expect("sqrt");
            assert_eq!(naive_mulmod(&s, &s, exps), a, "{name} sqrt");
            assert_eq!(f.trace(&a).expect("trace"), naive_trace(&a, exps), "{name}");
            if a.iter().any(|&w| w != 0) {
                let i = f.inv(&a).expect("inv");
                assert_eq!(naive_mulmod(&a, &i, exps), f.one(), "{name} inv");
            }
        }
    }
}

/// A random modulus of degree `d`: a random number of random middle terms, or a
/// dense/type-II-like shape.
fn random_modulus(rng: &mut impl RngCore, d: u32) -> Modulus {
    let mut exps: Vec<u32> = match rng.gen_range(0..4) {
        0 => (1..d).filter(|_| rng.gen_bool(0.5)).collect(),
        1 => vec![d - 1],
        2 => (1..d).rev().take(rng.gen_range(1..8)).collect(),
        _ => (0..rng.gen_range(0..6))
            .map(|_| rng.gen_range(1..d))
            .collect(),
    };
    exps.push(d);
    exps.push(0);
    exps.sort_unstable_by(|a, b| b.cmp(a));
    exps.dedup();
    Modulus::from_exponents(&exps).expect("shape")
}

macro_rules! random_moduli_for_n {
    ($($n:literal),*) => {$(
        {
            let mut rng = ChaCha20Rng::seed_from_u64($n);
            for trial in 0..12u64 {
                let lo = if $n == 1 { 2 } else { 64 * ($n - 1) + 1 };
                let d = rng.gen_range(lo..=64 * $n);
                let d = if trial == 0 { 64 * $n } else { d };
                let m = random_modulus(&mut rng, d);
                check_field::<$n, Modulus>(m.clone(), 6, false, trial);
                // One spare word.
                check_field::<{ $n + 1 }, Modulus>(m, 3, false, trial);
            }
        }
    )*};
}

#[test]
fn random_moduli_of_every_word_count_match_naive() {
    random_moduli_for_n!(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16);
}

#[test]
fn type_ii_and_dense_moduli_match_naive() {
    // X^d + X^{d-1} + ... shapes (k_max = d - 1) and all-ones polynomials.
    let mut rng = ChaCha20Rng::seed_from_u64(99);
    for d in [2u32, 3, 5, 13, 43, 63, 64, 65, 127, 128, 163] {
        let typ2 = Modulus::from_exponents(&[d, d - 1, 0]).expect("m");
        let dense: Vec<u32> = (0..=d).rev().collect();
        let dense = Modulus::from_exponents(&dense).expect("m");
        for m in [typ2, dense] {
            match m.words() {
                1 => check_field::<1, Modulus>(m, 10, false, 3),
                2 => check_field::<2, Modulus>(m, 10, false, 3),
                3 => check_field::<3, Modulus>(m, 10, false, 3),
                w => panic!("{w}"),
            }
        }
    }
    // The type II heptanomial of degree 163 quoted by Avanzi (§2.4), irreducible.
    let m = Modulus::parse("163,162,59,58,3,2,0").expect("m");
    check_field::<3, Modulus>(m, 10, true, 4);
    let m = Modulus::parse("43,42,29,28,0").expect("m");
    check_field::<1, Modulus>(m, 20, true, 5);
    // Degree exactly 64·N (the leading term does not fit in N words): the usual
    // irreducible X^64 + X^4 + X^3 + X + 1 and the GCM polynomial X^128 + X^7 + X^2 + X + 1.
    check_field::<1, Modulus>(Modulus::parse("64,4,3,1,0").expect("m"), 30, true, 6);
    check_field::<2, Modulus>(Modulus::parse("128,7,2,1,0").expect("m"), 30, true, 7);
    check_field::<3, Modulus>(Modulus::parse("128,7,2,1,0").expect("m"), 10, true, 8);
    let _ = rng.next_u64();
}

#[test]
fn large_degrees_match_naive() {
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    for d in [700u32, 1000, 1279] {
        let m = random_modulus(&mut rng, d);
        match m.words() {
            11 => check_field::<11, Modulus>(m, 2, false, 1),
            16 => check_field::<16, Modulus>(m, 2, false, 1),
            20 => check_field::<20, Modulus>(m, 2, false, 1),
            w => panic!("{w}"),
        }
    }
    // Degree 4096: X^4096 + X^27 + X^15 + X + 1 (shape only).
    let m = Modulus::parse("4096,27,15,1,0").expect("m");
    check_field::<64, Modulus>(m, 1, false, 2);
}

/// Exhaustive over all pairs for small irreducible moduli (and all inverses).
#[test]
fn small_fields_exhaustive_match_naive() {
    for text in [
        "2,1,0",
        "3,1,0",
        "5,2,0",
        "7,6,0",
        "8,4,3,1,0",
        "9,1,0",
        "11,2,0",
        "12,3,0",
    ] {
        let m = Modulus::parse(text).expect("m");
        let exps = m.exponents();
        let d = m.degree();
        // Every backend at once, so that the oracle computes each value once.
        let ars: Vec<_> = backends()
            .into_iter()
            .map(|b| {
                (
                    b,
                    Arith::<1, Modulus>::with_backend(m.clone(), b).expect("a"),
                )
            })
            .collect();
        for x in 0..1u64 << d {
            // x⁻¹ by the oracle: the y with x·y = 1, if any.
            let mut inverse = None;
            for y in 0..1u64 << d {
                let want = naive_mulmod_small(x, y, &exps);
                if want == 1 {
                    inverse = Some(y);
                }
                for (b, ar) in &ars {
                    assert_eq!(ar.mul(&[x], &[y]), [want], "{text} {x} {y} {b}");
                }
            }
            let square = naive_mulmod_small(x, x, &exps);
            for (b, ar) in &ars {
                assert_eq!(ar.sqr(&[x]), [square], "{text} {x} {b}");
                for alg in InvAlgorithm::ALL {
                    assert_eq!(
                        ar.inv_with(alg, &[x]),
                        inverse.map(|y| [y]),
                        "{text} {x} {alg:?} {b}"
                    );
                }
            }
        }
    }
}

/// Euclid reports non-units of a reducible modulus as `None`.
#[test]
fn euclid_rejects_non_units_of_reducible_moduli() {
    // x^4 + 1 = (x + 1)^4: x + 1 is not a unit, x is.
    let m = Modulus::parse("4,0").expect("m");
    let ar = Arith::<1, Modulus>::new(m).expect("a");
    assert_eq!(ar.inv_with(InvAlgorithm::Euclid, &[0b11]), None);
    assert_eq!(ar.inv_with(InvAlgorithm::Euclid, &[0b10]), Some([0b1000]));
}

/// Every accelerated backend against the portable one at `N` words (a run-time modulus
/// of degree 64N − 3: products, squares, their unreduced forms and `sqr_n`). A function
/// of its own per word count, never inlined: stamped as one macro body per count into
/// the test below, the 23 counts made one function that took 1 293 s of LLVM time, 40 %
/// of the `binary` test binary's (SROA and loop rotation; `-Zllvm-time-trace`, session 38).
#[inline(never)]
fn backends_match_portable<const N: usize>() {
    let mut rng = ChaCha20Rng::seed_from_u64(1000 + N as u64);
    let d: u32 = (64 * N as u32 - 3).min(4096);
    let m = Modulus::from_exponents(&[d, 64 * N as u32 / 2 + 1, 7, 0]).expect("m");
    let port = Arith::<N, Modulus>::with_backend(m.clone(), Backend::Portable).expect("p");
    for b in backends() {
        let ar = Arith::<N, Modulus>::with_backend(m.clone(), b).expect("b");
        for _ in 0..50 {
            let mut x = [0u64; N];
            let mut y = [0u64; N];
            for w in x.iter_mut().chain(y.iter_mut()) {
                *w = rng.next_u64();
            }
            assert_eq!(ar.mul_wide(&x, &y), port.mul_wide(&x, &y), "{b} N={N}");
            assert_eq!(ar.sqr_wide(&x), port.sqr_wide(&x), "{b} N={N}");
            for i in 0..N {
                let keep = (d as usize).saturating_sub(64 * i).min(64);
                let mask = if keep == 64 { !0 } else { (1u64 << keep) - 1 };
                x[i] &= mask;
                y[i] &= mask;
            }
            assert_eq!(ar.mul(&x, &y), port.mul(&x, &y), "{b} N={N}");
            assert_eq!(ar.sqr(&x), port.sqr(&x), "{b} N={N}");
            assert_eq!(ar.sqr_n(&x, 7), port.sqr_n(&x, 7), "{b} N={N}");
        }
    }
}

#[test]
fn accelerated_backends_match_portable() {
    macro_rules! each_n {
        ($($n:literal),*) => {$(backends_match_portable::<$n>();)*};
    }
    each_n!(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 23, 31, 32, 33, 64, 65);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn nist163_mul_matches_naive(a0: u64, a1: u64, a2 in 0u64..8, b0: u64, b1: u64, b2 in 0u64..8) {
        let ar = Arith::<3, spec::Nist163>::new(spec::Nist163).expect("a");
        let (a, b) = ([a0, a1, a2], [b0, b1, b2]);
        prop_assert_eq!(ar.mul(&a, &b).to_vec(), naive_mulmod(&a, &b, spec::Nist163::EXPONENTS));
        prop_assert_eq!(ar.mul(&a, &b), ar.mul(&b, &a));
    }

    #[test]
    fn ssrf571_mul_matches_naive(a in proptest::array::uniform9(any::<u64>()), b in proptest::array::uniform9(any::<u64>())) {
        let mask = |mut x: [u64; 9]| { x[8] &= (1 << 59) - 1; x };
        let (a, b) = (mask(a), mask(b));
        let ar = Arith::<9, spec::Ssrf571>::new(spec::Ssrf571).expect("a");
        prop_assert_eq!(ar.mul(&a, &b).to_vec(), naive_mulmod(&a, &b, spec::Ssrf571::EXPONENTS));
        if let Some(i) = ar.inv_vartime(&a) {
            prop_assert_eq!(ar.mul(&a, &i), { let mut o = [0u64; 9]; o[0] = 1; o });
        }
    }

    #[test]
    fn runtime_modulus_mul_matches_naive(d in 2u32..300, seed: u64) {
        let mut rng = ChaCha20Rng::seed_from_u64(seed);
        let m = random_modulus(&mut rng, d);
        let a: [u64; 5] = random_elem(&mut rng, d);
        let b: [u64; 5] = random_elem(&mut rng, d);
        let ar = Arith::<5, Modulus>::new(m.clone()).expect("a");
        prop_assert_eq!(ar.mul(&a, &b).to_vec(), naive_mulmod(&a, &b, &m.exponents()));
    }
}

// ------------------------------------------------------------------------------------
// Square roots and traces, against the naive oracle above.

/// `Tr(a) = Σ_{i<d} a^(2^i)` by naive squarings (must be 0 or 1).
fn naive_trace(a: &[u64], exps: &[u32]) -> u8 {
    let mut acc = a.to_vec();
    let mut s = a.to_vec();
    for _ in 1..exps[0] {
        s = naive_mulmod(&s, &s, exps);
        for (x, y) in acc.iter_mut().zip(s.iter()) {
            *x ^= y;
        }
    }
    assert!(
        acc[1..].iter().all(|&w| w == 0) && acc[0] <= 1,
        "trace not in F_2"
    );
    acc[0] as u8
}

#[inline(never)]
fn check_sqrt_trace<const N: usize, M: ModulusSpec>(m: M, rounds: usize, naive_traces: usize) {
    use halfroot::binary::field::{BinaryField, BinaryFieldOps};
    use halfroot::binary::sqrt::SqrtAlgorithm;
    let exps = {
        let mut e = vec![m.degree()];
        e.extend_from_slice(m.middle_exponents());
        e.push(0);
        e
    };
    let d = m.degree();
    let f = BinaryField::<N, M>::new(m).expect("field");
    let mut rng = ChaCha20Rng::seed_from_u64(u64::from(d) * 31);
    for round in 0..rounds {
        let a: [u64; N] = random_elem(&mut rng, d);
        let b: [u64; N] = random_elem(&mut rng, d);
        let s = f.sqrt(&a);
        assert_eq!(
            naive_mulmod(&s, &s, &exps),
            a.to_vec(),
            "sqrt {exps:?} {a:x?}"
        );
        for alg in SqrtAlgorithm::ALL {
            if alg.supports(&f) && (alg != SqrtAlgorithm::Fermat || round < 2) {
                assert_eq!(
                    f.sqrt_with(alg, &a).expect("supported"),
                    s,
                    "{alg} {exps:?}"
                );
            }
        }
        let (ta, tb) = (f.trace(&a), f.trace(&b));
        let ab: Vec<u64> = a.iter().zip(b.iter()).map(|(x, y)| x ^ y).collect();
        let ab: [u64; N] = ab.try_into().expect("len");
        assert_eq!(f.trace(&ab), ta ^ tb, "Tr linear {exps:?}");
        assert_eq!(f.trace_by_vector(&a), ta, "trace methods {exps:?}");
        if round < naive_traces {
            assert_eq!(ta, naive_trace(&a, &exps), "Tr {exps:?} {a:x?}");
        }
    }
}

macro_rules! check_spec_sqrt {
    ($t:ty, $n:expr) => {{
        check_sqrt_trace::<{ $n }, $t>(<$t>::default(), 30, 2);
        let rt = Modulus::from_exponents(<$t>::EXPONENTS).expect("modulus");
        check_sqrt_trace::<{ $n }, Modulus>(rt, 10, 0);
    }};
}

#[test]
fn representative_specs_sqrt_and_trace_match_naive() {
    halfroot::for_each_representative_binary_spec!(check_spec_sqrt);
}

#[test]
fn small_fields_sqrt_and_trace_exhaustive_match_naive() {
    use halfroot::binary::field::{BinaryField, BinaryFieldOps};
    use halfroot::binary::sqrt::SqrtAlgorithm;
    for text in [
        "2,1,0",
        "3,1,0",
        "5,2,0",
        "7,6,0",
        "7,3,0",
        "8,4,3,1,0",
        "9,1,0",
        "11,2,0",
        "12,3,0",
        "5,3,2,1,0",
        "11,9,0",
        "5,3,0",
    ] {
        let m = Modulus::parse(text).expect("m");
        let exps = m.exponents();
        let f = BinaryField::<1, Modulus>::new(m).expect("irreducible");
        for x in 0..1u64 << exps[0] {
            let s = f.sqrt(&[x]);
            assert_eq!(naive_mulmod(&s, &s, &exps), vec![x], "{text} {x}");
            for alg in SqrtAlgorithm::ALL {
                if alg.supports(&f) {
                    assert_eq!(f.sqrt_with(alg, &[x]).expect("ok"), s, "{text} {x} {alg}");
                }
            }
            assert_eq!(f.trace(&[x]), naive_trace(&[x], &exps), "{text} {x}");
        }
    }
}

macro_rules! type1_matches_portable_for {
    ($t:ty, $n:expr) => {{
        let m = <$t>::default();
        if halfroot::binary::ssrf_type::classify(<$t>::DEGREE, <$t>::MIDDLE)
            == Some(halfroot::binary::ssrf_type::SsrfType::I)
        {
            let rt = Modulus::from_exponents(<$t>::EXPONENTS).expect("modulus");
            let mut rng = ChaCha20Rng::seed_from_u64(u64::from(<$t>::DEGREE));
            for _ in 0..100 {
                let a: [u64; $n] = random_elem(&mut rng, <$t>::DEGREE);
                let want = sqrt_backend::type1_portable(&m, &a);
                assert_eq!(sqrt_backend::type1(&m, &a), want, "{}", <$t>::NAME);
                assert_eq!(sqrt_backend::type1(&rt, &a), want, "{}", <$t>::NAME);
                assert_eq!(
                    sqrt_backend::type1_portable(&rt, &a),
                    want,
                    "{}",
                    <$t>::NAME
                );
            }
        }
    }};
}

#[test]
fn type1_sqrt_kernel_matches_portable() {
    use halfroot::binary::sqrt::backend as sqrt_backend;
    halfroot::for_each_representative_binary_spec!(type1_matches_portable_for);
}

macro_rules! zeta_kernel_matches_portable_for {
    ($t:ty, $n:expr) => {{
        use halfroot::binary::field::BinaryField;
        let f = BinaryField::<{ $n }, $t>::new(<$t>::default()).expect("field");
        let port =
            Arith::<{ $n }, $t>::with_backend(<$t>::default(), Backend::Portable).expect("p");
        let mut rng = ChaCha20Rng::seed_from_u64(3 + u64::from(<$t>::DEGREE));
        for b in backends() {
            let ar = Arith::<{ $n }, $t>::with_backend(<$t>::default(), b).expect("b");
            for _ in 0..40 {
                let a: [u64; $n] = random_elem(&mut rng, <$t>::DEGREE);
                assert_eq!(
                    ar.sqrt_by_zeta(f.zeta(), &a),
                    port.sqrt_by_zeta(f.zeta(), &a),
                    "{b} {}",
                    <$t>::NAME
                );
            }
        }
    }};
}

#[test]
fn zeta_sqrt_kernel_matches_portable() {
    halfroot::for_each_representative_binary_spec!(zeta_kernel_matches_portable_for);
}

/// The instruction probes behind the report's bound on a product's latency compute what
/// they claim: chains of PCLMULQDQ (high word times low word, the 0x01 form) and of
/// `pxor`, against a carry-less product written here bit by bit; and the product
/// counts of the Karatsuba arrangements follow their recursion.
#[cfg(target_arch = "x86_64")]
#[test]
fn clmul_probes_compute_their_chains() {
    use halfroot::binary::backend::clmul_products;
    use halfroot::binary::backend::x86_64::{probe, Pclmul};
    use halfroot::cpu::{kernel_log, Feature};
    fn clmul(a: u64, b: u64) -> [u64; 2] {
        let mut r = [0u64; 2];
        for i in 0..64 {
            if (b >> i) & 1 == 1 {
                r[0] ^= a << i;
                if i > 0 {
                    r[1] ^= a >> (64 - i);
                }
            }
        }
        r
    }
    // `pclmulqdq v, v, 0x01`: the high word of v times its low word.
    let step = |v: [u64; 2]| clmul(v[1], v[0]);
    let t = Pclmul::detect();
    if !kernel_log::check(
        "binary::x86_64::probe",
        t.is_some(),
        &[Feature::Pclmulqdq, Feature::Sse41],
    ) {
        return;
    }
    let t = t.expect("checked");
    for x in [
        [0x9e37_79b9_7f4a_7c15u64, 0xd1b5_4a32_d192_ed03],
        [u64::MAX, u64::MAX],
        [1, 1],
    ] {
        for rounds in [0usize, 1, 3] {
            let mut want = x;
            for _ in 0..4 * rounds {
                want = step(want);
            }
            assert_eq!(probe::pclmul_dependent(t, x, rounds), want);
            let mut want12 = x;
            for i in 0..12u64 {
                let mut c = [x[0] ^ (i << 32), x[1] ^ i];
                for _ in 0..rounds {
                    c = step(c);
                }
                want12 = [want12[0] ^ c[0], want12[1] ^ c[1]];
            }
            assert_eq!(probe::pclmul_independent(t, x, rounds), want12);
            let k = [0x3333u64, 0x5555];
            let mut wx = x;
            for _ in 0..4 * rounds {
                wx = [wx[0] ^ k[0], wx[1] ^ k[1]];
            }
            assert_eq!(probe::pxor_dependent(t, x, rounds), wx);
        }
    }
    let expect = [0usize, 1, 3, 6, 9, 15, 18, 24, 27, 36, 45];
    for (n, &p) in expect.iter().enumerate() {
        assert_eq!(clmul_products(n), p, "{n} words");
    }
    // 11 words: halves of 6 and 5 words, halved again into schoolbook leaves of 3 and 2.
    assert_eq!(clmul_products(11), 2 * (2 * 9 + 9) + (2 * 9 + 4));
    assert_eq!(clmul_products(65), 65 * 65);
}
