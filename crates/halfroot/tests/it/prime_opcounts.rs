//! Operation counts of the QR tests and square roots against Wang–Nogami–Morikawa's
//! formulas (Eqs. 5, 7, 14, 23, 24, 25) and the `#M` columns of their Table 1.
//!
//! Conventions (the paper's, followed exactly):
//! - `#M` counts squarings as multiplications: our `M + S` ([`OpCounts::m_plus_s`]);
//!   Eq. (4) is `floor(log2 e) + w(e) - 1` for the binary method, i.e. squarings plus
//!   multiplications, and the QR tests use the binary method explicitly (`pow_binary`).
//! - Over GF(p²), `#M2` counts GF(p²) multiplications *and* squarings, and Table 1's
//!   `#M1` column converts each to 3 GF(p) multiplications (Appendix C), so for
//!   GF(q²) rows we compare `3·#M2` (+ the direct GF(p) multiplications of MW-ST with
//!   `4 | p−1`, Eq. 25a).
//! - Smart's count excludes the conventional QR test run before it, MW-ST's excludes
//!   the proposed QR test whose stored values it reuses (as in Table 1's rows);
//!   precomputation (`c_j`, `s`, `T`) is not counted.
//! - Averages are over all nonzero elements for the QR tests (Eq. 7 sums over
//!   `t = 0..T`, non-squares included) and over nonzero squares for the roots.
//!
//! How averages are taken: every count depends only on `x0 = x^s`, which is uniform on
//! the 2-Sylow subgroup (of order `2^(T+1)`) for uniform `x`. When `T ≤ 15` we run one
//! input per element of that subgroup (`x = c^j y^(2^(T+1))`, `j = 0..2^(T+1)`, so
//! `x0 = c_0^j`), which gives the *exact* average: checked to 1e-9. For `T = 23, 24`
//! (Table 1 column II) we sample 4000 uniformly random nonzero inputs (≈ 2000 squares) and require
//! `|mean − formula| ≤ 5 σ̂/√N` (σ̂ the sample standard deviation): a correct
//! implementation fails with probability below 10^-6, while a one-multiplication
//! systematic error (≥ 1) exceeds the tolerance (≈ 0.1–0.6 here) by far.
#![allow(clippy::unwrap_used)]

use crate::support::primes;

use halfroot::count::{Counting, OpCounts};
use halfroot::field::Field;
use halfroot::prime::qr::{cqr, lw, pqr, TwoAdic};
use halfroot::prime::reference::BigPrimeField;
use halfroot::prime::sqrt::{mwst, smart, SqrtContext};
use halfroot::prime::wnm_table1::{
    mwst_fp2_base_formula, paper_formulas, table1_settings, Table1Setting,
};
use halfroot::prime::PrimeFieldOps;
use halfroot::prime2::sqrt::Fp2SqrtContext;
use halfroot::prime2::{Fp2, QuadraticExtension};
use num_bigint::BigUint;
use num_traits::One;
use primes::{jacobi, miller_rabin, prime_with_two_adicity, run_gp};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

/// The paper's #M of a count: multiplications plus squarings.
fn pm(c: OpCounts) -> f64 {
    c.m_plus_s() as f64
}

/// Mean and the 5-standard-error tolerance of a sample.
fn mean_tol(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 5.0 * var.sqrt() / n.sqrt() + 1e-9)
}

/// Inputs covering the 2-Sylow subgroup once (exact) or a random sample, each with
/// whether it is a square. Built on the uncounted field.
fn inputs<F: Field>(
    f: &F,
    tw: &TwoAdic<F::Elem>,
    rng: &mut ChaCha20Rng,
    sample: usize,
) -> (Vec<(F::Elem, bool)>, bool) {
    let t = tw.t();
    if t <= 15 {
        let mut out = Vec::new();
        let mut acc = f.one();
        for j in 0..(1u64 << (t + 1)) {
            let mut y = f.random(rng);
            while f.is_zero(&y) {
                y = f.random(rng);
            }
            for _ in 0..=t {
                y = f.sqr(&y);
            }
            out.push((f.mul(&acc, &y), j % 2 == 0));
            acc = f.mul(&acc, tw.qnr());
        }
        (out, true)
    } else {
        let mut out = Vec::new();
        for i in 0..sample {
            let mut y = f.random(rng);
            while f.is_zero(&y) {
                y = f.random(rng);
            }
            // Uniform over nonzero elements (about half are squares, uniform among
            // squares), as the averages of the QR tests require.
            let _ = i;
            let sq = cqr(f, tw, &y) == 1;
            out.push((y, sq));
        }
        (out, false)
    }
}

fn assert_close(what: &str, got: f64, tol: f64, want: f64) {
    assert!(
        (got - want).abs() <= tol,
        "{what}: measured {got:.4} (tolerance {tol:.4}) vs formula {want:.4}"
    );
}

/// Measured averages (C.QR, P.QR, Smart, MW-ST) in the field's own multiplications.
struct Measured {
    cqr: (f64, f64),
    pqr: (f64, f64),
    smart: (f64, f64),
    mwst: (f64, f64),
}

/// Counts the four methods over a counted field `cf` whose uncounted version is `f`.
fn measure<F: Field>(
    cf: &Counting<F>,
    tw: &TwoAdic<F::Elem>,
    rng: &mut ChaCha20Rng,
    sample: usize,
) -> Measured {
    let (xs, exact) = inputs(cf.inner(), tw, rng, sample);
    let mut c = Vec::new();
    let mut p = Vec::new();
    let mut s = Vec::new();
    let mut m = Vec::new();
    for (x, square) in &xs {
        cf.reset();
        assert_eq!(cqr(cf, tw, x) == 1, *square);
        c.push(pm(cf.counts()));
        cf.reset();
        let r = pqr(cf, tw, x);
        p.push(pm(cf.counts()));
        assert_eq!(r.residue == 1, *square);
        if !*square {
            continue;
        }
        cf.reset();
        let root = smart::sqrt_of_residue_vartime(cf, tw, x).unwrap();
        s.push(pm(cf.counts()));
        assert_eq!(cf.inner().sqr(&root), *x);
        cf.reset();
        let root = mwst::sqrt_with_vartime(cf, tw, &r).unwrap();
        m.push(pm(cf.counts()));
        assert_eq!(cf.inner().sqr(&root), *x);
    }
    let f = |v: &[f64]| {
        if exact {
            (v.iter().sum::<f64>() / v.len() as f64, 1e-9)
        } else {
            mean_tol(v)
        }
    };
    Measured {
        cqr: f(&c),
        pqr: f(&p),
        smart: f(&s),
        mwst: f(&m),
    }
}

/// `printed` is one of the paper's roundings of `value` (floor or ceiling).
fn rounds_to(printed: u64, value: f64) -> bool {
    printed as f64 == value.floor() || printed as f64 == value.ceil()
}

#[test]
fn table1_characteristics_are_prime_and_parameters_match() {
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let mut gp_script = String::new();
    for s in table1_settings() {
        assert!(
            miller_rabin(&s.p, 32, &mut rng),
            "{} is not prime",
            s.p_expr
        );
        let pm_ = if s.m == 1 { s.p.clone() } else { &s.p * &s.p };
        let half: BigUint = (pm_ - 1u32) >> 1u32;
        assert_eq!(half.trailing_zeros().unwrap(), s.t as u64, "{}", s.p_expr);
        if let Some(c) = s.nonresidue {
            assert_eq!(
                jacobi(&BigUint::from(c), &s.p),
                -1,
                "x^2 - {c} over {}",
                s.p_expr
            );
        }
        gp_script.push_str(&format!("print(isprime({}));\n", s.p));
    }
    // Eq. (27a): x^2 - 5 over q = 2^81 - 2^6 + 1 is reducible (5 is a square mod q).
    let q1 = &table1_settings()[3];
    assert_eq!(q1.paper_nonresidue, Some(5));
    assert_eq!(jacobi(&BigUint::from(5u32), &q1.p), 1);
    println!(
        "note: Eq. (27a) x^2 - 5 is reducible over q = {} (5 is a square mod q); \
         we build GF(q^2) with x^2 - 3 instead",
        q1.p_expr
    );
    if let Some(out) = run_gp(&gp_script) {
        assert!(out.lines().all(|l| l.trim() == "1"), "gp isprime: {out}");
    }
}

fn lw_of(tw_s: &BigUint) -> u64 {
    lw(&((tw_s - 1u32) >> 1u32))
}

fn print_row(s: &Table1Setting, method: &str, ours_m1: f64, formula_m1: f64) {
    let paper = s
        .rows
        .iter()
        .find(|r| r.method == method)
        .map(|r| r.m1)
        .unwrap_or(0);
    println!(
        "GF(p^{}) {:>3} {:<6} paper #M1 {:>5}   formula {:>9.3}   measured {:>9.3}",
        s.m, s.label, method, paper, formula_m1, ours_m1
    );
}

#[test]
fn gf_p_table1_counts_match_formulas_and_paper() {
    let mut rng = ChaCha20Rng::seed_from_u64(2);
    for s in table1_settings().into_iter().filter(|s| s.m == 1) {
        let f = Counting::new(BigPrimeField::new(s.p.clone()).unwrap());
        let tw = SqrtContext::new(f.inner()).unwrap().two_adic;
        assert_eq!(tw.t(), s.t);
        let (cq, pq, sm, mw) = paper_formulas(tw.t(), lw_of(tw.s()));
        let got = measure(&f, &tw, &mut rng, 4000);
        assert_close("C.QR Eq. (5)", got.cqr.0, got.cqr.1, cq);
        assert_close("P.QR Eq. (7)", got.pqr.0, got.pqr.1, pq);
        assert_close("Smart Eq. (14a)", got.smart.0, got.smart.1, sm);
        assert_close("MW-ST Eq. (23)", got.mwst.0, got.mwst.1, mw);
        for (name, v, fm) in [
            ("C.QR", got.cqr.0, cq),
            ("P.QR", got.pqr.0, pq),
            ("Smart", got.smart.0, sm),
            ("MW-ST", got.mwst.0, mw),
        ] {
            print_row(&s, name, v, fm);
            let paper = s.rows.iter().find(|r| r.method == name).unwrap().m1;
            assert!(
                rounds_to(paper, fm),
                "{} {name}: paper {paper} vs {fm}",
                s.label
            );
        }
    }
}

#[test]
fn gf_p2_table1_counts_match_formulas_and_paper() {
    let mut rng = ChaCha20Rng::seed_from_u64(3);
    for s in table1_settings().into_iter().filter(|s| s.m == 2) {
        let base = BigPrimeField::new(s.p.clone()).unwrap();
        let q = Fp2::with_nonresidue(base.clone(), s.nonresidue.unwrap()).unwrap();
        let ctx = Fp2SqrtContext::new(&q).unwrap();
        let tw = ctx.two_adic.clone();
        assert_eq!(tw.t(), s.t);
        let cq_ = Counting::new(q.clone());
        let (cq, pq, sm, mw) = paper_formulas(tw.t(), lw_of(tw.s()));
        let got = measure(&cq_, &tw, &mut rng, 4000);
        assert_close("C.QR Eq. (5), m = 2", got.cqr.0, got.cqr.1, cq);
        assert_close("P.QR Eq. (7), m = 2", got.pqr.0, got.pqr.1, pq);
        assert_close("Smart Eq. (14a), m = 2", got.smart.0, got.smart.1, sm);
        for (name, v, fm) in [
            ("C.QR", got.cqr.0, cq),
            ("P.QR", got.pqr.0, pq),
            ("Smart", got.smart.0, sm),
        ] {
            print_row(&s, name, 3.0 * v, 3.0 * fm);
            let row = s.rows.iter().find(|r| r.method == name).unwrap();
            assert!(
                row.m1 == 3 * fm.floor() as u64 || row.m1 == 3 * fm.ceil() as u64,
                "{} {name}: paper #M1 {} vs 3·{fm}",
                s.label,
                row.m1
            );
            // The paper's #A1 column is 6 per GF(q^2) multiplication (Appendix C).
            assert!(
                row.a1 == 6 * fm.floor() as u64 || row.a1 == 6 * fm.ceil() as u64,
                "{} {name}: paper #A1 {}",
                s.label,
                row.a1
            );
        }
        let row = s.rows.iter().find(|r| r.method == "MW-ST").unwrap();
        if s.p.bit(1) {
            // 4 ∤ q − 1: Eq. (24), everything in GF(q^2).
            assert_close("MW-ST Eq. (24)", got.mwst.0, got.mwst.1, mw);
            print_row(&s, "MW-ST", 3.0 * got.mwst.0, 3.0 * mw);
            assert!(row.m1 == 3 * mw.floor() as u64 || row.m1 == 3 * mw.ceil() as u64);
        } else {
            // 4 | q − 1: Eq. (25), windows in GF(q).
            let (m1, m2) = mwst_fp2_base(&base, s.nonresidue.unwrap(), &mut rng, 4000);
            let (f1, f2) = mwst_fp2_base_formula(tw.t());
            assert_close("MW-ST Eq. (25a) #M1", m1.0, m1.1, f1);
            assert_close("MW-ST Eq. (25b) #M2", m2.0, m2.1, f2);
            print_row(&s, "MW-ST", m1.0 + 3.0 * m2.0, f1 + 3.0 * f2);
            let ok = [f1.floor(), f1.ceil()].iter().any(|a| {
                [f2.floor(), f2.ceil()]
                    .iter()
                    .any(|b| row.m1 as f64 == a + 3.0 * b)
            });
            assert!(
                ok,
                "{} MW-ST: paper #M1 {} vs {f1} + 3·{f2}",
                s.label, row.m1
            );
            // #A1 = 6 and S = 1 correspond to #M2 rounded to 1.
            assert_eq!((row.a1, row.shifts), (6, 1));
        }
    }
}

/// MW-ST over GF(p²) with `4 | p − 1` (Eq. 25): averages of (direct #M1, #M2), with
/// GF(p) multiplications done inside GF(p²) operations taken out.
fn mwst_fp2_base(
    base: &BigPrimeField,
    c: u64,
    rng: &mut ChaCha20Rng,
    sample: usize,
) -> ((f64, f64), (f64, f64)) {
    let counted_base = Counting::new(base.clone());
    let q = Counting::new(Fp2::with_nonresidue(counted_base, c).unwrap());
    let ctx = Fp2SqrtContext::new(q.inner()).unwrap();
    let tw = &ctx.two_adic;
    let (xs, exact) = inputs(q.inner(), tw, rng, sample);
    let mut m1 = Vec::new();
    let mut m2 = Vec::new();
    for (x, square) in xs {
        if !square {
            continue;
        }
        let r = pqr(q.inner(), tw, &x);
        q.reset();
        q.base().reset();
        let root = halfroot::prime2::sqrt::mwst::sqrt_with_vartime(&q, &ctx, &r).unwrap();
        let outer = q.counts();
        let inner = q.base().counts();
        // Each GF(p²) mul is 3 GF(p) M, each squaring 2 (checked below).
        let direct = inner.m_plus_s() - 3 * outer.m - 2 * outer.s;
        m1.push(direct as f64);
        m2.push(pm(outer));
        assert_eq!(q.inner().sqr(&root), x);
    }
    if exact {
        let n = m1.len() as f64;
        (
            (m1.iter().sum::<f64>() / n, 1e-9),
            (m2.iter().sum::<f64>() / n, 1e-9),
        )
    } else {
        (mean_tol(&m1), mean_tol(&m2))
    }
}

#[test]
fn fp2_mul_costs_3m_6a_and_sqr_2m() {
    let base = Counting::new(BigPrimeField::new((BigUint::one() << 84u32) + 3u32).unwrap());
    let q = Fp2::with_nonresidue(base, 3).unwrap();
    let mut rng = ChaCha20Rng::seed_from_u64(4);
    let a = q.random(&mut rng);
    let b = q.random(&mut rng);
    q.base().reset();
    let _ = q.mul(&a, &b);
    let c = q.base().counts();
    assert_eq!(
        (c.m, c.s, c.a),
        (3, 0, 6),
        "Karatsuba (A.12) with c = 3: {c}"
    );
    q.base().reset();
    let _ = q.sqr(&a);
    let c = q.base().counts();
    assert_eq!((c.m + c.s, c.i), (2, 0), "complex squaring: {c}");
}

/// Eqs. (7), (14), (23) exactly, on random primes with `T = 0..=10`.
#[test]
fn formulas_hold_exactly_for_small_t_gf_p() {
    let mut rng = ChaCha20Rng::seed_from_u64(5);
    for t in 0..=10u32 {
        for bits in [48u64, 100] {
            let p = prime_with_two_adicity(bits, t + 1, &mut rng);
            let f = Counting::new(BigPrimeField::new(p).unwrap());
            let tw = SqrtContext::new(f.inner()).unwrap().two_adic;
            assert_eq!(tw.t(), t);
            let (cq, pq, sm, mw) = paper_formulas(t, lw_of(tw.s()));
            let got = measure(&f, &tw, &mut rng, 0);
            assert_close("Eq. (5)", got.cqr.0, 1e-9, cq);
            assert_close("Eq. (7)", got.pqr.0, 1e-9, pq);
            assert_close("Eq. (14a)", got.smart.0, 1e-9, sm);
            assert_close("Eq. (23)", got.mwst.0, 1e-9, mw);
        }
    }
}

/// `s = 1` (Fermat primes): Eq. (14b) and P.QR's `(T − 1) + 2^-T`, exhaustively.
#[test]
fn formulas_hold_for_s_equal_one() {
    let mut rng = ChaCha20Rng::seed_from_u64(6);
    for p in [17u64, 257, 65537] {
        let f = Counting::new(BigPrimeField::new(BigUint::from(p)).unwrap());
        let tw = SqrtContext::new(f.inner()).unwrap().two_adic;
        assert!(tw.s().is_one());
        let t = tw.t() as f64;
        let got = measure(&f, &tw, &mut rng, 0);
        assert_close("C.QR, s = 1", got.cqr.0, 1e-9, t);
        assert_close("P.QR, s = 1", got.pqr.0, 1e-9, (t - 1.0) + 2f64.powf(-t));
        let eq14b = (t * t + 6.0 * t - 4.0) / 2.0 + 2f64.powf(1.0 - t) + 1.0;
        assert_close("Eq. (14b)", got.smart.0, 1e-9, eq14b);
        assert_close("Eq. (23), s = 1", got.mwst.0, 1e-9, (t * t + t) / 4.0);
    }
}

/// Eqs. (24) and (25) exactly over GF(p²) for small T.
#[test]
fn formulas_hold_exactly_for_small_t_gf_p2() {
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    // p ≡ 3 mod 4 (T1 = 0, T = T2 = v2(p + 1)): Eq. (24).
    for _ in 0..8 {
        let p = prime_with_two_adicity(60, 1, &mut rng);
        let q = Fp2::with_default_nonresidue(BigPrimeField::new(p).unwrap()).unwrap();
        let tw = Fp2SqrtContext::new(&q).unwrap().two_adic;
        if tw.t() > 10 {
            continue;
        }
        let cq = Counting::new(q);
        let (c5, p7, s14, m24) = paper_formulas(tw.t(), lw_of(tw.s()));
        let got = measure(&cq, &tw, &mut rng, 0);
        assert_close("Eq. (5), m = 2", got.cqr.0, 1e-9, c5);
        assert_close("Eq. (7), m = 2", got.pqr.0, 1e-9, p7);
        assert_close("Eq. (14a), m = 2", got.smart.0, 1e-9, s14);
        assert_close("Eq. (24)", got.mwst.0, 1e-9, m24);
    }
    // p ≡ 1 mod 4: Eq. (25).
    for t1 in 1..=8u32 {
        let p = prime_with_two_adicity(60, t1 + 1, &mut rng);
        let base = BigPrimeField::new(p).unwrap();
        let q = Fp2::with_default_nonresidue(base.clone()).unwrap();
        let c = base.to_biguint(q.nonresidue());
        let c = c.to_u64_digits().first().copied().unwrap_or(0);
        let (m1, m2) = mwst_fp2_base(&base, c, &mut rng, 0);
        let (f1, f2) = mwst_fp2_base_formula(t1 + 1);
        assert_close("Eq. (25a)", m1.0, 1e-9, f1);
        assert_close("Eq. (25b)", m2.0, 1e-9, f2);
    }
}

/// The library's `measure_setting` (for reports) agrees with the formulas too.
#[test]
fn measure_setting_matches_formulas() {
    use halfroot::prime::wnm_table1::measure_setting;
    let mut rng = ChaCha20Rng::seed_from_u64(8);
    for s in table1_settings() {
        let rows = measure_setting(&s, 600, &mut rng).unwrap();
        assert_eq!(rows.len(), 4);
        for r in rows {
            assert_close(
                &format!("{} m={} {}", s.label, s.m, r.method),
                r.m1_total,
                5.0 * r.std_error + 1e-9,
                r.formula,
            );
        }
    }
}

/// The constant-time root costs exactly what its header states, for every input.
#[test]
fn constant_time_sqrt_count_matches_header() {
    use halfroot::prime::sqrt::constant_time;
    let mut rng = ChaCha20Rng::seed_from_u64(9);
    for t in [1u32, 2, 5, 20] {
        let p = prime_with_two_adicity(128, t, &mut rng);
        let f = Counting::new(BigPrimeField::new(p).unwrap());
        let tw = SqrtContext::new(f.inner()).unwrap().two_adic;
        let tt = tw.t() as u64;
        let want = lw_of(tw.s()) + 2 + (tt * tt - tt) / 2 + 5 * tt + 1;
        for _ in 0..10 {
            let x = f.inner().random(&mut rng);
            f.reset();
            let _ = constant_time::sqrt(&f, &tw, &x);
            assert_eq!(f.counts().m_plus_s(), want, "T = {tt}");
        }
    }
}

/// Sarkar-style windowed roots stay within their header's bound
/// `LW((s-1)/2) + 1 + (n - ℓ_0) + k(k-1)/2 + k`, and the chain squarings are always paid.
#[test]
fn sarkar_count_within_header_bound() {
    use halfroot::prime::sqrt::sarkar;
    let mut rng = ChaCha20Rng::seed_from_u64(10);
    for t in [1u32, 3, 8, 30, 64] {
        let p = prime_with_two_adicity(160, t, &mut rng);
        let f = Counting::new(BigPrimeField::new(p).unwrap());
        let ctx = SqrtContext::new(f.inner()).unwrap();
        let tw = &ctx.two_adic;
        for tabs in [&ctx.sarkar_basic, &ctx.sarkar_table] {
            let w = tabs.windows();
            let k = w.len() as u64;
            let n = tw.t() as u64 + 1;
            let fixed = lw_of(tw.s()) + 1 + (n - w[0] as u64);
            let bound = fixed + k * (k - 1) / 2 + k;
            for _ in 0..20 {
                let x = f.inner().sqr(&f.inner().random(&mut rng));
                f.reset();
                let r = sarkar::sqrt_vartime(&f, tw, tabs, &x).unwrap();
                assert_eq!(f.inner().sqr(&r), x);
                let c = f.counts().m_plus_s();
                assert!(
                    c >= fixed && c <= bound,
                    "T+1 = {n}: {c} not in [{fixed}, {bound}]"
                );
            }
        }
    }
}
