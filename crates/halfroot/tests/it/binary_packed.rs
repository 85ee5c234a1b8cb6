//! `binary::packed::PackedField` (register-resident, partially reduced elements)
//! against the naive oracle of tests/support/gf2_oracle.rs (bit-by-bit
//! multiply-and-reduce, written apart from the library) and against `BinaryField` on the same canonical values:
//! products, squares, long chains whose intermediate values stay partially reduced,
//! edge inputs, equality and encodings of non-canonical representations, the
//! operations that go through canonical words, and every reduction that applies (the
//! binary curves on the packed field are checked in `tests/it/ec2.rs`). x86-64 only (the
//! packed field exists there).
#![cfg(target_arch = "x86_64")]

use crate::support::gf2_oracle::naive_mulmod;
use halfroot::binary::backend::InlineReduction;
use halfroot::binary::field::{BinaryField, BinaryFieldOps};
use halfroot::binary::modulus::ModulusSpec;
use halfroot::binary::packed::{
    AutoReduction, ClmulFoldReduction, MontgomeryReduction, PackedField, PackedReduction,
    ShiftReduction,
};
use halfroot::binary::spec;
use halfroot::field::{Choice, Field};
use halfroot::Error;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

/// Edge elements: 0, 1, x, x^(d−1), all d bits set, the top word full.
fn edges<const N: usize>(d: usize) -> Vec<[u64; N]> {
    let mut v = vec![[0u64; N]; 6];
    v[1][0] = 1;
    v[2][0] = 2;
    v[3][(d - 1) / 64] = 1u64 << ((d - 1) % 64);
    for i in 0..d {
        v[4][i / 64] |= 1u64 << (i % 64);
    }
    for i in 64 * (N - 1)..d {
        v[5][i / 64] |= 1u64 << (i % 64);
    }
    v
}

/// `f.mul(a, b)` out of line. [`check`] multiplies a dozen times per field; with every
/// product's kernel inlined into it, its 44 instances took 512 s of LLVM time, a sixth
/// of the `binary` test binary's (`-Zllvm-time-trace`, session 38). The kernel inlined
/// here is the one the library inlines into its callers: the same code is checked.
#[inline(never)]
fn mul_of<F: Field>(f: &F, a: &F::Elem, b: &F::Elem) -> F::Elem {
    f.mul(a, b)
}

/// `f.sqr(a)` out of line (see [`mul_of`]).
#[inline(never)]
fn sqr_of<F: Field>(f: &F, a: &F::Elem) -> F::Elem {
    f.sqr(a)
}

/// Checks one field `R` on spec `M`; `false` when `R` does not apply to `M` (then the
/// constructor must say so with `UnsupportedAlgorithm`).
fn check<const N: usize, M: ModulusSpec + Default, R: PackedReduction>(seed: u64) -> bool {
    let m = M::default();
    let exps: Vec<u32> = std::iter::once(m.degree())
        .chain(m.middle_exponents().iter().copied())
        .chain([0])
        .collect();
    let d = m.degree() as usize;
    let p = match PackedField::<N, M, R>::new(M::default()) {
        Ok(p) => p,
        Err(e) => {
            assert!(matches!(e, Error::UnsupportedAlgorithm { .. }), "{e}");
            return false;
        }
    };
    let f = BinaryField::<N, M>::new(M::default()).expect("the spec is irreducible");
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let what = format!(
        "{exps:?} {}{}",
        p.reduction(),
        if p.is_montgomery() {
            " (Montgomery)"
        } else {
            ""
        }
    );
    let mut inputs = edges::<N>(d);
    for _ in 0..24 {
        inputs.push(f.random(&mut rng));
    }
    // Single operations against the naive oracle.
    for a in &inputs {
        for b in inputs.iter().step_by(3) {
            let (pa, pb) = (
                p.from_words(a).expect("reduced"),
                p.from_words(b).expect("reduced"),
            );
            let want = naive_mulmod(a, b, &exps);
            assert_eq!(
                p.to_words(&mul_of(&p, &pa, &pb)).to_vec(),
                want,
                "{what}: {a:x?}·{b:x?}"
            );
            assert_eq!(p.to_words(&p.add(&pa, &pb)), f.add(a, b), "{what}");
        }
        let pa = p.from_words(a).expect("reduced");
        assert_eq!(
            p.to_words(&sqr_of(&p, &pa)).to_vec(),
            naive_mulmod(a, a, &exps),
            "{what}: {a:x?}²"
        );
        // The square root (on the lanes where √x is dense): its naive square is a.
        let r = p.to_words(&p.sqrt(&pa));
        assert_eq!(naive_mulmod(&r, &r, &exps), a.to_vec(), "{what}: √{a:x?}");
    }
    // Chains: every intermediate value is whatever the kernel left (partially
    // reduced), checked through its canonical form after each step.
    for start in inputs.iter().take(10) {
        let b = f.random(&mut rng);
        let pb = p.from_words(&b).expect("reduced");
        let (mut x, mut y) = (*start, p.from_words(start).expect("reduced"));
        for step in 0..300 {
            match step % 4 {
                0 => {
                    x = sqr_of(&f, &x);
                    y = sqr_of(&p, &y);
                }
                1 => {
                    // A partially reduced value times a partially reduced value.
                    x = mul_of(&f, &x, &sqr_of(&f, &x));
                    y = mul_of(&p, &y, &sqr_of(&p, &y));
                }
                2 => {
                    x = f.add(&mul_of(&f, &x, &b), &b);
                    y = p.add(&mul_of(&p, &y, &pb), &pb);
                }
                _ => {
                    x = mul_of(&f, &b, &x);
                    y = mul_of(&p, &pb, &y);
                }
            }
            assert_eq!(p.to_words(&y), x, "{what}: step {step}");
            // The square root of a partially reduced value.
            if step % 5 == 0 {
                assert_eq!(p.to_words(&p.sqrt(&y)), f.sqrt(&x), "{what}: √ step {step}");
            }
            // Equality and the operations on canonical words see through the
            // representation.
            let canon = p.from_words(&x).expect("reduced");
            assert!(y == canon, "{what}");
            assert!(bool::from(p.ct_eq(&y, &canon)), "{what}");
            assert_eq!(p.encode(&y), f.encode(&x), "{what}");
            if step % 25 == 0 {
                assert_eq!(p.trace(&y), f.trace(&x), "{what}");
                assert_eq!(p.to_words(&p.sqrt(&y)), f.sqrt(&x), "{what}");
                assert_eq!(
                    p.half_trace(&y).map(|h| p.to_words(&h)),
                    f.half_trace(&x),
                    "{what}"
                );
                assert_eq!(
                    p.solve_quadratic(&y).map(|h| p.to_words(&h)),
                    f.solve_quadratic(&x),
                    "{what}"
                );
                let inv = p.inv(&y);
                assert_eq!(inv.map(|i| p.to_words(&i)), f.inv(&x), "{what}");
                if let Some(i) = inv {
                    // y·y⁻¹ + 1 is zero, whatever its representation.
                    let z = p.add(&mul_of(&p, &y, &i), &p.one());
                    assert!(p.is_zero(&z) && bool::from(p.ct_is_zero(&z)), "{what}");
                }
            }
        }
        // Selection by masks.
        let other = p.from_words(&b).expect("reduced");
        assert!(p.select(&y, &other, Choice::from(0)) == y, "{what}");
        assert!(p.select(&y, &other, Choice::from(1)) == other, "{what}");
        let (mut s, mut t) = (y, other);
        p.cswap(&mut s, &mut t, Choice::from(1));
        assert!(s == other && t == y, "{what}");
    }
    // Bad input: a bit at or above d.
    let mut bad = [0u64; N];
    bad[d / 64] |= 1u64 << (d % 64);
    if d < 64 * N {
        assert!(
            matches!(p.from_words(&bad), Err(Error::OutOfRange { .. })),
            "{what}"
        );
    }
    let enc = f.encode(&inputs[7]);
    assert_eq!(
        p.to_words(&p.decode(&enc).expect("an encoding")),
        inputs[7],
        "{what}"
    );
    true
}

/// Every reduction on one spec, each one's kernels compiled once. `AutoReduction` (the
/// default, what `PackedField<N, M>` is) picks a reduction constant: the shifts for a
/// trinomial, the carry-less folds otherwise, and Montgomery's representation at
/// 233,159,0 only. Its `check` runs in full, and so do the reductions it is not: `other`,
/// and Montgomery's where `montgomery` says it applies (elsewhere its refusal is
/// checked). The reduction equal to the default's (`twin`) is not checked a second time:
/// its kernels are the default's, with the same constant. (Checking all four on every
/// spec compiled 44 copies of `check`, 24 now: the `binary` test binary alone, 2-core
/// Emerald Rapids, 304 → 263 s wall, 522 → 489 CPU-s.) The first assertion pins the
/// equality, so a change of the default's choice fails here.
fn check_all<const N: usize, M: ModulusSpec + Default, Other: PackedReduction>(
    seed: u64,
    twin: InlineReduction,
    montgomery: bool,
) {
    let auto = PackedField::<N, M>::new(M::default()).expect("the default reduction applies");
    assert!(
        auto.reduction() == twin && !auto.is_montgomery(),
        "the default reduction of {:?} is {} (Montgomery: {}), not {twin}",
        M::default().middle_exponents(),
        auto.reduction(),
        auto.is_montgomery()
    );
    assert!(check::<N, M, AutoReduction>(seed));
    assert!(
        check::<N, M, Other>(seed + 1),
        "{}",
        std::any::type_name::<Other>()
    );
    if montgomery {
        assert!(check::<N, M, MontgomeryReduction>(seed + 3));
    } else {
        montgomery_is_refused::<N, M>();
    }
}

/// Montgomery's representation needs every middle exponent ≥ 64 and 2 or 4 words: a
/// typed refusal elsewhere.
fn montgomery_is_refused<const N: usize, M: ModulusSpec + Default>() {
    let refused = PackedField::<N, M, MontgomeryReduction>::new(M::default());
    assert!(
        matches!(refused, Err(Error::UnsupportedAlgorithm { .. })),
        "Montgomery at {:?}: {:?}",
        M::default().middle_exponents(),
        refused.err()
    );
}

#[test]
fn packed_fields_match_the_naive_oracle() {
    let p = PackedField::<4, spec::Nist233>::new(spec::Nist233).expect("packed 233");
    // The products' PCLMULQDQ are VEX-encoded where the CPU has AVX, legacy-encoded
    // otherwise: the native run checks the first, HALFROOT_CPU=clmul the second.
    use halfroot::cpu::{kernel_log, Feature};
    kernel_log::check(
        "packed-pclmulqdq-vex",
        p.uses_vex(),
        &[Feature::Pclmulqdq, Feature::Avx],
    );
    kernel_log::check(
        "packed-pclmulqdq-legacy-no-avx",
        p.uses_pclmulqdq() && !p.uses_vex(),
        &[Feature::Pclmulqdq],
    );
    // The kernels written whole in VEX (127,63,0 and 233,74,0 products and squares,
    // the 233,159,0 Montgomery square): with `vpternlogq` where the CPU has AVX-512VL,
    // without under HALFROOT_CPU=avx2.
    let avx = halfroot::binary::backend::x86_64::PclmulAvx::detect();
    kernel_log::check(
        "packed-whole-vex-ternlog",
        avx.is_some_and(|t| t.has_ternlog()),
        &[
            Feature::Pclmulqdq,
            Feature::Avx,
            Feature::Avx512f,
            Feature::Avx512vl,
        ],
    );
    kernel_log::check(
        "packed-whole-vex-no-avx512",
        avx.is_some_and(|t| !t.has_ternlog()),
        &[Feature::Pclmulqdq, Feature::Avx],
    );
    if p.uses_pclmulqdq() {
        eprintln!(
            "packed: PCLMULQDQ kernels ran ({} encoding; partially reduced: {})",
            if p.uses_vex() { "VEX" } else { "legacy" },
            p.is_partially_reduced()
        );
    } else {
        eprintln!(
            "packed: SKIPPED the PCLMULQDQ kernels (not on this CPU or HALFROOT_CPU): the \
             portable products ran"
        );
    }
    // At 233,159,0 the default reduction is Montgomery's, and with the VEX form its
    // products and squares are the kernels written whole in VEX (checked below by
    // `check_all`, native run with `vpternlogq`, HALFROOT_CPU=avx2 without).
    let mont = PackedField::<4, spec::Ssrf233>::new(spec::Ssrf233).expect("packed 233,159");
    if p.uses_vex() {
        assert!(mont.is_montgomery());
        assert_eq!(mont.product_kernel(), "montgomery-233-159-vex");
        assert_eq!(mont.square_kernel(), "montgomery-233-159-vex");
        assert_eq!(p.product_kernel(), "233-74-vex");
        assert_eq!(p.square_kernel(), "233-74-vex");
    }
    // Pentanomials (the default: the carry-less folds), then trinomials (the shifts).
    let (fold, shift) = (InlineReduction::ClmulFold, InlineReduction::SseShift);
    check_all::<2, spec::Std83, ShiftReduction>(1, fold, false);
    check_all::<3, spec::Nist163, ShiftReduction>(5, fold, false);
    check_all::<3, spec::Ssrf163, ShiftReduction>(6, fold, false);
    check_all::<4, spec::Ssrf251, ShiftReduction>(11, fold, false);
    check_all::<2, spec::Ssrf97, ClmulFoldReduction>(2, shift, false);
    check_all::<2, spec::Ssrf127, ClmulFoldReduction>(3, shift, false);
    check_all::<2, spec::Ssrf127K63, ClmulFoldReduction>(4, shift, false);
    check_all::<3, spec::Ssrf191, ClmulFoldReduction>(7, shift, false);
    check_all::<4, spec::Ssrf223, ClmulFoldReduction>(8, shift, false);
    // Montgomery's representation by words at 233,74,0 (not the default there)...
    check_all::<4, spec::Nist233, ClmulFoldReduction>(9, shift, true);
    // ... and by pairs at 233,159,0 (middle exponent ≥ 128), where it is the default:
    // `MontgomeryReduction` is the default's twin, both other reductions run in full.
    let m = PackedField::<4, spec::Ssrf233>::new(spec::Ssrf233).expect("233,159");
    assert!(m.is_montgomery() && !m.is_partially_reduced());
    assert_eq!(m.reduction(), shift);
    assert!(check::<4, spec::Ssrf233, AutoReduction>(10));
    assert!(check::<4, spec::Ssrf233, ClmulFoldReduction>(12));
    assert!(check::<4, spec::Ssrf233, ShiftReduction>(13));
    let m = PackedField::<4, spec::Ssrf233, MontgomeryReduction>::new(spec::Ssrf233)
        .expect("Montgomery at 233,159");
    assert!(m.is_montgomery() && !m.is_partially_reduced());
    // The element 1 is held as x^256 mod P, and leaves the representation as 1.
    assert_eq!(m.to_words(&m.one()), [1, 0, 0, 0]);
    assert_ne!(m.raw_words(&m.one()), [1, 0, 0, 0]);
}

/// The two splits of the type I square root on one register (GFNI and crrl's shifts)
/// against the inner field's square root, on one spec: random 128-bit values (every
/// one is a partially reduced element) and edge values, both kernels where the CPU has
/// their features.
fn type1_splits_agree<M: ModulusSpec + Default>(seed: u64) {
    use halfroot::binary::backend::x86_64::{lanes, Pclmul, PclmulGfni};
    let m = M::default();
    let f = BinaryField::<2, M>::new(M::default()).expect("the spec is irreducible");
    assert_eq!(
        f.ssrf_type(),
        Some(halfroot::binary::ssrf_type::SsrfType::I)
    );
    let Some(t) = Pclmul::detect() else {
        return;
    };
    let gfni = PclmulGfni::detect();
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let mut inputs: Vec<[u64; 2]> = vec![
        [0, 0],
        [1, 0],
        [2, 0],
        [u64::MAX, u64::MAX],
        [0, 1 << 63],
        [0x5555_5555_5555_5555, 0xAAAA_AAAA_AAAA_AAAA],
    ];
    inputs.extend((0..2000).map(|_| [rand::Rng::gen(&mut rng), rand::Rng::gen(&mut rng)]));
    for w in &inputs {
        let a = lanes::from_words(w);
        let want = f.sqrt(&lanes::canonical_words::<2, M>(&m, &a));
        let shifts = lanes::sqrt_type1_pair(t, &m, &a);
        assert_eq!(
            lanes::canonical_words::<2, M>(&m, &shifts),
            want,
            "{}: shifts √{w:x?}",
            m.degree()
        );
        if let Some(g) = gfni {
            let by_gfni = lanes::sqrt_type1_pair_gfni(g, &m, &a);
            assert_eq!(
                lanes::canonical_words::<2, M>(&m, &by_gfni),
                want,
                "{}: GFNI √{w:x?}",
                m.degree()
            );
        }
    }
}

/// The type I square root of three and four words on the lanes
/// (`lanes::sqrt_type1_quad`, the split by nibble tables and, where the CPU has it,
/// GFNI) on reduced elements of one spec: the square of the result, by the naive
/// product of `binary_arith`, is the input, and the result equals the portable words'
/// kernel (`sqrt::backend::type1_portable`).
#[inline(never)]
fn type1_quad_agrees<const N: usize, M: ModulusSpec + Default>(seed: u64) {
    use halfroot::binary::backend::x86_64::{lanes, Pclmul, PclmulGfni};
    use halfroot::binary::sqrt::backend::type1_portable;
    let m = M::default();
    let Some(t) = Pclmul::detect() else {
        return;
    };
    let d = m.degree() as usize;
    let mut exps = vec![m.degree()];
    exps.extend_from_slice(m.middle_exponents());
    exps.push(0);
    let top_mask = if d.is_multiple_of(64) {
        u64::MAX
    } else {
        (1u64 << (d % 64)) - 1
    };
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let mut inputs: Vec<[u64; N]> = vec![[0; N], core::array::from_fn(|i| u64::from(i == 0))];
    inputs.push([u64::MAX; N]);
    inputs.push([0xAAAA_AAAA_AAAA_AAAA; N]);
    inputs.extend((0..1000).map(|_| core::array::from_fn(|_| rand::Rng::gen(&mut rng))));
    for w in &mut inputs {
        w[N - 1] &= top_mask;
        let want = type1_portable(&m, w);
        for gfni in [None, PclmulGfni::detect()] {
            let r =
                lanes::raw_words::<N>(&lanes::sqrt_type1_quad(t, gfni, &m, &lanes::from_words(w)));
            assert_eq!(r, want, "{d}: √{w:x?}, GFNI {}", gfni.is_some());
            assert_eq!(naive_mulmod(&r, &r, &exps), w.to_vec(), "{d}: (√{w:x?})²");
        }
    }
}

/// The ζ square root on the lanes at 233,74,0 with each split of
/// `lanes::split_roots` (GFNI where the CPU has it, and the shifts) against the inner
/// field's square root, on random 256-bit values (partially reduced elements).
fn zeta_splits_agree() {
    use halfroot::binary::backend::x86_64::{lanes, Pclmul, PclmulGfni};
    use halfroot::binary::backend::InlineReduction;
    let m = spec::Nist233;
    let f = BinaryField::<4, spec::Nist233>::new(spec::Nist233).expect("irreducible");
    let Some(t) = Pclmul::detect() else {
        return;
    };
    let mut x = [0u64; 4];
    x[0] = 2;
    let sqrt_x = lanes::from_words(&f.sqrt(&x));
    let mut rng = ChaCha20Rng::seed_from_u64(26);
    for i in 0..2000 {
        let w: [u64; 4] = if i == 0 {
            [u64::MAX; 4]
        } else {
            core::array::from_fn(|_| rand::Rng::gen(&mut rng))
        };
        let a = lanes::from_words(&w);
        let want = f.sqrt(&lanes::canonical_words::<4, _>(&m, &a));
        for gfni in [None, PclmulGfni::detect()] {
            let r = lanes::sqrt::<4, _>(t, gfni, InlineReduction::SseShift, &m, &a, &sqrt_x);
            assert_eq!(
                lanes::canonical_words::<4, _>(&m, &r),
                want,
                "√{w:x?}, GFNI {}",
                gfni.is_some()
            );
        }
    }
}

#[test]
fn packed_square_roots_agree_split_by_split() {
    use halfroot::cpu::{kernel_log, Feature};
    let p = PackedField::<2, spec::Ssrf127K63>::new(spec::Ssrf127K63).expect("packed 127");
    kernel_log::check(
        "packed-sqrt-type1-gfni",
        p.sqrt_kernel() == "type-I-gfni",
        &[Feature::Pclmulqdq, Feature::Gfni],
    );
    kernel_log::check(
        "packed-sqrt-type1-shifts",
        halfroot::binary::backend::x86_64::Pclmul::detect().is_some(),
        &[Feature::Pclmulqdq],
    );
    let p233 = PackedField::<4, spec::Nist233>::new(spec::Nist233).expect("packed 233");
    kernel_log::check(
        "packed-sqrt-lanes-gfni",
        p233.sqrt_kernel() == "lanes-gfni",
        &[Feature::Pclmulqdq, Feature::Gfni],
    );
    eprintln!(
        "packed √ at 127,63,0 runs {}, at 233,74,0 {}",
        p.sqrt_kernel(),
        p233.sqrt_kernel()
    );
    type1_splits_agree::<spec::Ssrf127K63>(21);
    type1_splits_agree::<spec::Ssrf127>(22);
    type1_splits_agree::<spec::Ssrf97>(23);
    type1_splits_agree::<spec::Ssrf101>(24);
    type1_splits_agree::<spec::Ssrf107>(25);
    zeta_splits_agree();
    kernel_log::check(
        "lanes-sqrt-type1-quad",
        halfroot::binary::backend::x86_64::Pclmul::detect().is_some(),
        &[Feature::Pclmulqdq],
    );
    let mont233 = PackedField::<4, spec::Ssrf233, MontgomeryReduction>::new(spec::Ssrf233)
        .expect("Montgomery at 233,159");
    kernel_log::check(
        "packed-sqrt-type1-lanes-montgomery",
        mont233.sqrt_kernel() == "type-I-lanes-montgomery",
        &[Feature::Pclmulqdq],
    );
    eprintln!(
        "packed √ at 233,159,0 (Montgomery) runs {}, at 163,57,49,29,0 {}",
        mont233.sqrt_kernel(),
        PackedField::<3, spec::Ssrf163>::new(spec::Ssrf163)
            .expect("packed 163")
            .sqrt_kernel()
    );
    type1_quad_agrees::<3, spec::Ssrf131>(31);
    type1_quad_agrees::<3, spec::Ssrf163>(32);
    type1_quad_agrees::<3, spec::Ssrf191>(33);
    type1_quad_agrees::<4, spec::Ssrf223>(34);
    type1_quad_agrees::<4, spec::Ssrf233>(35);
    type1_quad_agrees::<4, spec::Ssrf251>(36);
}

/// Both arrangements of the 127,63,0 square written whole in VEX with `vpternlogq`
/// (`PclmulAvx::with_short_square_127`: the short one is the default on Zen 5 and AMD
/// family 19h, the plain one elsewhere), and the plain one without `vpternlogq` where that is what the
/// CPU has, against the naive oracle on random 128-bit values (every one a partially
/// reduced element), edge values, and chains of 64 squares that stay partially reduced.
#[test]
fn square_127_63_arrangements_agree() {
    use halfroot::binary::backend::x86_64::{lanes, PclmulAvx};
    use halfroot::binary::backend::InlineReduction;
    use halfroot::cpu::{kernel_log, Feature};
    kernel_log::check(
        "packed-127-63-square-short-and-plain",
        PclmulAvx::detect().is_some_and(|t| t.has_ternlog()),
        &[
            Feature::Pclmulqdq,
            Feature::Avx,
            Feature::Avx512f,
            Feature::Avx512vl,
        ],
    );
    let Some(avx) = PclmulAvx::detect() else {
        eprintln!(
            "square 127,63,0: SKIPPED (no PCLMULQDQ with AVX on this CPU or under HALFROOT_CPU)"
        );
        return;
    };
    let m = spec::Ssrf127K63;
    let exps = [127u32, 63, 0];
    let forms: Vec<(&str, PclmulAvx)> = if avx.has_ternlog() {
        vec![
            ("short", avx.with_short_square_127(true)),
            ("plain", avx.with_short_square_127(false)),
        ]
    } else {
        eprintln!(
            "square 127,63,0: only the vpxor arrangement ran (no AVX-512VL on this CPU or \
             under HALFROOT_CPU); the two vpternlogq ones did not"
        );
        vec![("vpxor", avx)]
    };
    assert!(!avx.with_short_square_127(true).short_square_127() || avx.has_ternlog());
    let mut rng = ChaCha20Rng::seed_from_u64(12_763);
    let mut inputs: Vec<[u64; 2]> = edges::<2>(127);
    inputs.extend([[u64::MAX, u64::MAX], [0, 1 << 63], [0, 1 << 62]]);
    inputs.extend((0..2000).map(|_| [rand::Rng::gen(&mut rng), rand::Rng::gen(&mut rng)]));
    for (name, t) in &forms {
        for w in &inputs {
            let a = lanes::from_words(w);
            let canonical = lanes::canonical_words::<2, _>(&m, &a);
            let want = naive_mulmod(&canonical, &canonical, &exps);
            let got = lanes::sqr::<2, _>(*t, InlineReduction::ClmulFold, &m, &a);
            assert_eq!(
                lanes::canonical_words::<2, _>(&m, &got).to_vec(),
                want,
                "{name}: ({w:x?})²"
            );
        }
        let mut x = lanes::from_words(&inputs[inputs.len() - 1]);
        let mut oracle = lanes::canonical_words::<2, _>(&m, &x).to_vec();
        for step in 0..64 {
            x = lanes::sqr::<2, _>(*t, InlineReduction::ClmulFold, &m, &x);
            oracle = naive_mulmod(&oracle, &oracle, &exps);
            assert_eq!(
                lanes::canonical_words::<2, _>(&m, &x).to_vec(),
                oracle,
                "{name}: chain step {step}"
            );
        }
    }
}

#[test]
fn packed_field_rejects_what_it_cannot_hold() {
    // 283 bits need five words; 41 bits fit one.
    assert!(matches!(
        PackedField::<5, spec::Nist283>::new(spec::Nist283),
        Err(Error::UnsupportedAlgorithm { .. })
    ));
    assert!(matches!(
        PackedField::<1, spec::Ssrf41>::new(spec::Ssrf41),
        Err(Error::UnsupportedAlgorithm { .. })
    ));
    // Montgomery's representation needs an even word count and middle exponents ≥ 64.
    assert!(matches!(
        PackedField::<3, spec::Nist163, MontgomeryReduction>::new(spec::Nist163),
        Err(Error::UnsupportedAlgorithm { .. })
    ));
    assert!(matches!(
        PackedField::<2, spec::Ssrf127K63, MontgomeryReduction>::new(spec::Ssrf127K63),
        Err(Error::UnsupportedAlgorithm { .. })
    ));
}
