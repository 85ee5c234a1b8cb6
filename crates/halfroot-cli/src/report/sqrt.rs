//! Section `sqrt`: Wang–Nogami–Morikawa Table 1 regenerated on this machine, every
//! other square-root algorithm beside it, peers (PARI, FLINT, GMP) in the same run, a
//! sweep over the 2-adicity at 256 bits, and the GF(p) arithmetic underneath.
//!
//! Operation counts are measured by running the algorithms over
//! [`halfroot::count::Counting`] and averaging over random inputs (QR tests: random
//! non-zero elements, half of them squares, as the paper's averages assume; square
//! roots: random squares). Counts are in GF(p) multiplications (squarings included,
//! as in the paper); over GF(q²) one multiplication or squaring is 3 M1 (Appendix C),
//! and MW-ST with 4 | q − 1 counts its GF(q) work directly (Eq. 25).

use super::markdown::{ns, ratio, Table};
use super::plot::{Chart, Series};
use super::timing::{median_ns, Budget};
use super::{Options, SectionOutput};
use halfroot::count::Counting;
use halfroot::field::Field;
use halfroot::prime::dynamic::DynFp;
use halfroot::prime::montgomery::Fp;
use halfroot::prime::primality::{is_probable_prime, random_prime};
use halfroot::prime::qr::{cqr, cqr_windowed, pqr, pqr_windowed};
use halfroot::prime::sqrt::{mwst, smart, SqrtAlgorithm, SqrtContext};
use halfroot::prime::wnm_table1::{table1_settings, Table1Setting};
use halfroot::prime::PrimeFieldOps;
use halfroot::prime2::sqrt::{Fp2SqrtAlgorithm, Fp2SqrtContext};
use halfroot::prime2::{Fp2, QuadraticExtension};
use num_bigint::{BigUint, RandBigInt};
use rand::rngs::StdRng;
use rand::SeedableRng;
use serde_json::{json, Map, Value};
use std::hint::black_box;
use std::time::Instant;

/// Inputs per timed call.
const LANES: usize = 8;

/// Products per call of the batch column `mul_many`.
const MANY: usize = 64;

/// What one Table 1 setting measured.
struct SettingResult {
    label: &'static str,
    p: BigUint,
    m: u32,
    t: u32,
    /// (paper method name, our average #M1, our ns).
    methods: Vec<(&'static str, f64, f64)>,
    /// Full square roots (QR test included where the algorithm has one), ns by name.
    algorithms: Vec<(String, f64)>,
    /// C.QR + Smart and P.QR + MW-ST, ns (sliding-window exponentiations).
    cqr_smart: f64,
    pqr_mwst: f64,
    /// The same with the paper's binary method, ns.
    cqr_smart_binary: f64,
    pqr_mwst_binary: f64,
    /// The bare exponentiation x^((s+1)/2), ns.
    pow_s_plus_1_half: f64,
    /// Peer libraries (GF(p) only): (name, ns).
    peers: Vec<(&'static str, Result<f64, String>)>,
}

fn random_nonzero<F: Field>(f: &F, rng: &mut StdRng) -> F::Elem {
    loop {
        let x = f.random(rng);
        if !f.is_zero(&x) {
            return x;
        }
    }
}

fn time_each<E, R>(budget: Budget, inputs: &[E], op: impl Fn(&E) -> R) -> f64 {
    median_ns(budget, inputs.len(), || {
        for x in black_box(inputs) {
            black_box(op(x));
        }
    })
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len().max(1) as f64
}

/// One contender of a [`race`]: runs `n` repetitions and returns ns per operation
/// (NaN when it cannot run, e.g. a peer library that is not installed).
type Contender<'a> = Box<dyn FnMut(u64) -> f64 + 'a>;

/// A contender timing `op` on every input, `n` passes: ns per call of `op`.
fn timed<'a, E, R>(inputs: &'a [E], op: impl Fn(&E) -> R + 'a) -> Contender<'a> {
    Box::new(move |n| {
        let t = Instant::now();
        for _ in 0..n {
            for x in black_box(inputs) {
                black_box(op(x));
            }
        }
        t.elapsed().as_nanos() as f64 / (n as f64 * inputs.len().max(1) as f64)
    })
}

/// A contender from a peer's timing function `run(iters) -> ns per call`.
fn peer_contender<'a>(run: impl Fn(u64) -> halfroot_peers::Result<f64> + 'a) -> Contender<'a> {
    Box::new(move |n| run(n).unwrap_or(f64::NAN))
}

/// Interleaved timing of several contenders, for ratios measured in one run: each is
/// calibrated to short batches (an eighth of `budget.batch`), then `3·budget.batches`
/// rounds (at least 15) run every contender once, the order rotating from round to
/// round, and each contender's figure is its minimum over the rounds. Contention on a
/// shared machine only ever adds time, and interleaving exposes every contender to the
/// same load, so the ratios are stable where medians of separate runs are not.
fn race(budget: Budget, contenders: &mut [Contender<'_>]) -> Vec<f64> {
    let target = budget.batch.as_secs_f64() / 8.0;
    let iters: Vec<Option<u64>> = contenders
        .iter_mut()
        .map(|c| {
            let mut n = 1u64;
            loop {
                let t = Instant::now();
                if !c(n).is_finite() {
                    return None;
                }
                let el = t.elapsed().as_secs_f64();
                if el >= target / 2.0 || n >= 1 << 24 {
                    let per = el / n as f64;
                    return Some(((target / per.max(1e-12)) as u64).clamp(1, 1 << 24));
                }
                n *= 2;
            }
        })
        .collect();
    let mut best = vec![f64::INFINITY; contenders.len()];
    let m = contenders.len().max(1);
    for round in 0..(3 * budget.batches).max(15) {
        for i in 0..m {
            let k = (i + round) % m;
            if let (Some(n), Some(c)) = (iters[k], contenders.get_mut(k)) {
                let v = c(n);
                if v.is_finite() {
                    best[k] = best[k].min(v);
                }
            }
        }
    }
    best.into_iter()
        .map(|v| if v.is_finite() { v } else { f64::NAN })
        .collect()
}

/// The four methods of Table 1 over GF(p): (#M, ns) each, plus the full algorithms.
fn setting_fp<F: PrimeFieldOps + Clone>(
    f: &F,
    s: &Table1Setting,
    budget: Budget,
    samples: usize,
    peers: bool,
) -> Result<SettingResult, String> {
    let mut rng = StdRng::seed_from_u64(26);
    let ctx = SqrtContext::new(f).map_err(|e| e.to_string())?;
    let tw = &ctx.two_adic;
    let cf = Counting::new(f.clone());
    let any: Vec<F::Elem> = (0..samples).map(|_| random_nonzero(f, &mut rng)).collect();
    let squares: Vec<F::Elem> = any.iter().map(|x| f.sqr(x)).collect();
    let count = |run: &dyn Fn(&F::Elem), xs: &[F::Elem]| {
        let v: Vec<f64> = xs
            .iter()
            .map(|x| {
                cf.reset();
                run(x);
                cf.counts().m_plus_s() as f64
            })
            .collect();
        mean(&v)
    };
    let pqrs: Vec<_> = squares.iter().map(|x| pqr(f, tw, x)).collect();
    let m_cqr = count(
        &|x| {
            let _ = cqr(&cf, tw, x);
        },
        &any,
    );
    let m_pqr = count(
        &|x| {
            let _ = pqr(&cf, tw, x);
        },
        &any,
    );
    let m_smart = count(
        &|x| {
            let _ = smart::sqrt_of_residue_vartime(&cf, tw, x);
        },
        &squares,
    );
    let v: Vec<f64> = pqrs
        .iter()
        .map(|r| {
            cf.reset();
            let _ = mwst::sqrt_with_vartime(&cf, tw, r);
            cf.counts().m_plus_s() as f64
        })
        .collect();
    let m_mwst = mean(&v);

    let any8 = &any[..LANES.min(any.len())];
    let sq8 = &squares[..LANES.min(squares.len())];
    let pqr8 = &pqrs[..LANES.min(pqrs.len())];
    let e: BigUint = (tw.s() + 1u32) >> 1u32;
    let e = e.to_u64_digits();
    let algs: Vec<SqrtAlgorithm> = SqrtAlgorithm::ALL
        .into_iter()
        .filter(|a| a.supports(f.modulus()))
        .collect();
    // Table 1's four methods with the field's sliding-window exponentiation, the bare
    // x^((s+1)/2), the paper's binary-method C.QR + Smart and P.QR + MW-ST, every
    // algorithm, and (with --peers) the peers: one interleaved race.
    let mut cs: Vec<Contender<'_>> = vec![
        timed(any8, |x| cqr_windowed(f, tw, x)),
        timed(any8, |x| pqr_windowed(f, tw, x).residue),
        timed(sq8, |x| smart::sqrt_of_residue_windowed_vartime(f, tw, x)),
        timed(pqr8, |r| mwst::sqrt_with_vartime(f, tw, r)),
        timed(sq8, |x| f.pow_vartime(x, &e)),
        timed(sq8, |x| smart::sqrt_vartime(f, tw, x)),
        timed(sq8, |x| mwst::sqrt_vartime(f, tw, x)),
    ];
    for &alg in &algs {
        let ctx = &ctx;
        cs.push(timed(sq8, move |x| alg.sqrt_vartime(f, ctx, x)));
    }
    let peer_names = if peers {
        let (names, pcs) = peer_contenders(f, &squares[0]);
        cs.extend(pcs);
        names
    } else {
        Vec::new()
    };
    let t = race(budget, &mut cs);
    let (t_cqr, t_pqr, t_smart, t_mwst, pow) = (t[0], t[1], t[2], t[3], t[4]);
    let (bin_smart, bin_mwst) = (t[5], t[6]);
    let algorithms: Vec<(String, f64)> = algs
        .iter()
        .zip(&t[7..])
        .map(|(a, v)| (a.name().to_string(), *v))
        .collect();
    let peer_list = peer_names
        .iter()
        .zip(&t[7 + algs.len()..])
        .map(|(n, v)| {
            (
                *n,
                if v.is_finite() {
                    Ok(*v)
                } else {
                    Err("unavailable".to_string())
                },
            )
        })
        .collect();
    let by = |n: &str| {
        algorithms
            .iter()
            .find(|a| a.0 == n)
            .map(|a| a.1)
            .unwrap_or(f64::NAN)
    };
    Ok(SettingResult {
        label: s.label,
        p: s.p.clone(),
        m: 1,
        t: tw.t(),
        methods: vec![
            ("C.QR", m_cqr, t_cqr),
            ("P.QR", m_pqr, t_pqr),
            ("Smart", m_smart, t_smart),
            ("MW-ST", m_mwst, t_mwst),
        ],
        cqr_smart: by("smart"),
        pqr_mwst: by("mwst"),
        cqr_smart_binary: bin_smart,
        pqr_mwst_binary: bin_mwst,
        algorithms,
        pow_s_plus_1_half: pow,
        peers: peer_list,
    })
}

/// PARI `Fp_sqrt`, FLINT `fmpz_sqrtmod` and a GMP Tonelli–Shanks on one square, as
/// race contenders (names, contenders).
fn peer_contenders<'a, F: PrimeFieldOps>(
    f: &F,
    a: &F::Elem,
) -> (Vec<&'static str>, Vec<Contender<'a>>) {
    use halfroot_peers::{flint, gmp, pari};
    let a = f.to_biguint(a).to_u64_digits();
    let p = f.modulus().to_u64_digits();
    let (a1, p1, a2, p2) = (a.clone(), p.clone(), a.clone(), p.clone());
    (
        vec!["pari_fp_sqrt", "flint_fmpz_sqrtmod", "gmp_tonelli_shanks"],
        vec![
            peer_contender(move |n| pari::fp_sqrt_ns(&a1, &p1, n)),
            peer_contender(move |n| flint::sqrtmod_ns(&a2, &p2, n)),
            peer_contender(move |n| gmp::tonelli_shanks_ns(&a, &p, n)),
        ],
    )
}

/// The four methods of Table 1 over GF(q²) = GF(q)\[w\]/(w² − c).
fn setting_fp2<F: PrimeFieldOps + Clone>(
    f: &F,
    s: &Table1Setting,
    budget: Budget,
    samples: usize,
) -> Result<SettingResult, String> {
    let mut rng = StdRng::seed_from_u64(27);
    let c = s.nonresidue.unwrap_or(3);
    let q = Fp2::with_nonresidue(f.clone(), c).map_err(|e| e.to_string())?;
    let ctx = Fp2SqrtContext::new(&q).map_err(|e| e.to_string())?;
    let tw = &ctx.two_adic;
    let cq = Counting::new(q.clone());
    let any: Vec<_> = (0..samples).map(|_| random_nonzero(&q, &mut rng)).collect();
    let squares: Vec<_> = any.iter().map(|x| q.sqr(x)).collect();
    let pqrs: Vec<_> = squares.iter().map(|x| pqr(&q, tw, x)).collect();
    let m1 = |c: halfroot::count::OpCounts| 3.0 * c.m_plus_s() as f64;
    let avg = |run: &dyn Fn(usize)| {
        let v: Vec<f64> = (0..any.len())
            .map(|i| {
                cq.reset();
                run(i);
                m1(cq.counts())
            })
            .collect();
        mean(&v)
    };
    let m_cqr = avg(&|i| {
        let _ = cqr(&cq, tw, &any[i]);
    });
    let m_pqr = avg(&|i| {
        let _ = pqr(&cq, tw, &any[i]);
    });
    let m_smart = avg(&|i| {
        let _ = smart::sqrt_of_residue_vartime(&cq, tw, &squares[i]);
    });
    let four_divides = !s.p.bit(1);
    let m_mwst = if four_divides {
        // Eq. (25): the windows are in GF(q); count GF(q) work directly plus 3 per
        // GF(q²) multiplication or squaring.
        let counted_base = Counting::new(f.clone());
        let qc = Counting::new(Fp2::with_nonresidue(counted_base, c).map_err(|e| e.to_string())?);
        let ctxc = Fp2SqrtContext::new(qc.inner()).map_err(|e| e.to_string())?;
        let v: Vec<f64> = squares
            .iter()
            .map(|x| {
                let r = pqr(qc.inner(), &ctxc.two_adic, x);
                qc.reset();
                qc.base().reset();
                let _ = halfroot::prime2::sqrt::mwst::sqrt_with_vartime(&qc, &ctxc, &r);
                let outer = qc.counts();
                let inner = qc.base().counts();
                let direct = inner.m_plus_s() - 3 * outer.m - 2 * outer.s;
                direct as f64 + 3.0 * outer.m_plus_s() as f64
            })
            .collect();
        mean(&v)
    } else {
        let v: Vec<f64> = pqrs
            .iter()
            .map(|r| {
                cq.reset();
                let _ = mwst::sqrt_with_vartime(&cq, tw, r);
                m1(cq.counts())
            })
            .collect();
        mean(&v)
    };
    let n = LANES.min(any.len());
    let (any8, sq8, pqr8) = (&any[..n], &squares[..n], &pqrs[..n]);
    let e: BigUint = (tw.s() + 1u32) >> 1u32;
    let e = e.to_u64_digits();
    let algs: Vec<Fp2SqrtAlgorithm> = Fp2SqrtAlgorithm::ALL
        .into_iter()
        .filter(|a| a.supports(&s.p))
        .collect();
    let (q, ctx) = (&q, &ctx);
    let mut cs: Vec<Contender<'_>> = vec![
        timed(any8, |x| cqr_windowed(q, tw, x)),
        timed(any8, |x| pqr_windowed(q, tw, x).residue),
        timed(sq8, |x| smart::sqrt_of_residue_windowed_vartime(q, tw, x)),
        if four_divides {
            timed(pqr8, |r| {
                halfroot::prime2::sqrt::mwst::sqrt_with_vartime(q, ctx, r)
            })
        } else {
            timed(pqr8, |r| mwst::sqrt_with_vartime(q, tw, r))
        },
        timed(sq8, |x| q.pow_vartime(x, &e)),
        timed(sq8, |x| smart::sqrt_vartime(q, tw, x)),
        if four_divides {
            timed(sq8, |x| {
                halfroot::prime2::sqrt::mwst::sqrt_vartime(q, ctx, x)
            })
        } else {
            timed(sq8, |x| mwst::sqrt_vartime(q, tw, x))
        },
    ];
    for &alg in &algs {
        cs.push(timed(sq8, move |x| alg.sqrt_vartime(q, ctx, x)));
    }
    let t = race(budget, &mut cs);
    let (t_cqr, t_pqr, t_smart, t_mwst, pow) = (t[0], t[1], t[2], t[3], t[4]);
    let (bin_smart, bin_mwst) = (t[5], t[6]);
    let algorithms: Vec<(String, f64)> = algs
        .iter()
        .zip(&t[7..])
        .map(|(a, v)| (a.name().to_string(), *v))
        .collect();
    let by = |name: &str| {
        algorithms
            .iter()
            .find(|a| a.0 == name)
            .map(|a| a.1)
            .unwrap_or(f64::NAN)
    };
    let pqr_mwst = if four_divides {
        by(halfroot::prime2::sqrt::Fp2SqrtAlgorithm::MwstBase.name())
    } else {
        by("mwst")
    };
    Ok(SettingResult {
        label: s.label,
        p: s.p.clone(),
        m: 2,
        t: tw.t(),
        methods: vec![
            ("C.QR", m_cqr, t_cqr),
            ("P.QR", m_pqr, t_pqr),
            ("Smart", m_smart, t_smart),
            ("MW-ST", m_mwst, t_mwst),
        ],
        cqr_smart: by("smart"),
        pqr_mwst,
        cqr_smart_binary: bin_smart,
        pqr_mwst_binary: bin_mwst,
        algorithms,
        pow_s_plus_1_half: pow,
        peers: Vec::new(),
    })
}

/// A `bits`-bit prime p with exactly `t` factors of 2 in p − 1.
fn prime_with_two_adicity(bits: u64, t: u64, rng: &mut StdRng) -> BigUint {
    loop {
        let mut k = rng.gen_biguint(bits - t);
        k.set_bit(bits - t - 1, true);
        k.set_bit(0, true);
        let p = (k << t) + 1u32;
        if p.bits() == bits && is_probable_prime(&p) {
            return p;
        }
    }
}

/// Every square-root algorithm on `LANES` random squares, and with `peers` PARI,
/// FLINT and GMP on one of them, in one interleaved race: ns by name.
fn sqrt_race<F: PrimeFieldOps>(
    f: &F,
    budget: Budget,
    peers: bool,
    seed: u64,
) -> Result<Vec<(String, f64)>, String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let ctx = SqrtContext::new(f).map_err(|e| e.to_string())?;
    let squares: Vec<F::Elem> = (0..LANES)
        .map(|_| {
            let x = random_nonzero(f, &mut rng);
            f.sqr(&x)
        })
        .collect();
    let mut names: Vec<String> = Vec::new();
    let mut cs: Vec<Contender<'_>> = Vec::new();
    for alg in SqrtAlgorithm::ALL {
        if alg.supports(f.modulus()) {
            names.push(alg.name().to_string());
            let ctx = &ctx;
            cs.push(timed(&squares, move |x| alg.sqrt_vartime(f, ctx, x)));
        }
    }
    if peers {
        let (pn, pcs) = peer_contenders(f, &squares[0]);
        names.extend(pn.iter().map(|n| n.to_string()));
        cs.extend(pcs);
    }
    let t = race(budget, &mut cs);
    Ok(names
        .into_iter()
        .zip(t)
        .filter(|(_, v)| v.is_finite())
        .collect())
}

/// GF(p) arithmetic at one size: mul, sqr, inverses and Legendre symbols (ns).
fn arith_row<const N: usize>(f: &Fp<N>, budget: Budget, peers: bool) -> Vec<(&'static str, f64)> {
    let mut rng = StdRng::seed_from_u64(5);
    let xs: Vec<_> = (0..LANES).map(|_| random_nonzero(f, &mut rng)).collect();
    let ys: Vec<_> = (0..LANES).map(|_| random_nonzero(f, &mut rng)).collect();
    let mul = median_ns(budget, LANES, || {
        let (xs, ys) = black_box((&xs, &ys));
        for i in 0..LANES {
            black_box(f.mul(&xs[i], &ys[i]));
        }
    });
    // The 8-lane batch (AVX-512 IFMA where the CPU has it), 64 independent products.
    let xb: Vec<_> = (0..MANY).map(|i| xs[i % LANES]).collect();
    let yb: Vec<_> = (0..MANY).map(|i| ys[(i * 3 + 1) % LANES]).collect();
    let mut out = vec![f.zero(); MANY];
    let mul_many = median_ns(budget, MANY, || {
        let (xb, yb) = black_box((&xb, &yb));
        let _ = f.mul_many(xb, yb, &mut out);
        black_box(&out);
    });
    let mut acc = xs[0];
    let mul_latency = median_ns(budget, 32, || {
        let y = black_box(&ys[0]);
        for _ in 0..32 {
            acc = f.mul(&acc, y);
        }
        black_box(&acc);
    });
    let mut acc = xs[1];
    let sqr_latency = median_ns(budget, 32, || {
        for _ in 0..32 {
            acc = f.sqr(black_box(&acc));
        }
        black_box(&acc);
    });
    let mut row = vec![
        ("mul", mul),
        ("mul_many", mul_many),
        ("mul_latency", mul_latency),
        ("sqr_latency", sqr_latency),
        ("sqr", time_each(budget, &xs, |x| f.sqr(x))),
        ("inv_vartime", time_each(budget, &xs, |x| f.inv_vartime(x))),
        ("inv_ct", time_each(budget, &xs, |x| f.inv_ct(x))),
        ("legendre", time_each(budget, &xs, |x| f.legendre(x))),
        (
            "legendre_bingcd",
            time_each(budget, &xs, |x| f.legendre_bingcd(x)),
        ),
        (
            "legendre_divsteps",
            time_each(budget, &xs, |x| f.legendre_divsteps(x)),
        ),
        (
            "legendre_binary",
            time_each(budget, &xs, |x| f.legendre_binary(x)),
        ),
        (
            "legendre_euler",
            time_each(budget, &xs, |x| f.legendre_euler(x)),
        ),
    ];
    if peers {
        // The same inputs, imported once outside GMP's clock.
        let ints: Vec<Vec<u64>> = xs.iter().map(|x| f.to_biguint(x).to_u64_digits()).collect();
        let p = f.modulus().to_u64_digits();
        let per = |n: u64| {
            halfroot_peers::gmp::legendre_many_total_ns(&ints, &p, n)
                .map(|(t, _)| t as f64 / (n as f64 * ints.len().max(1) as f64))
        };
        let probe = per(1).unwrap_or(f64::NAN) * ints.len() as f64;
        let passes = ((budget.batch.as_nanos() as f64 / probe.max(1.0)) as u64).clamp(1, 100_000);
        let mut ts: Vec<f64> = (0..budget.batches.max(1))
            .map(|_| per(passes).unwrap_or(f64::NAN))
            .collect();
        ts.sort_by(f64::total_cmp);
        row.push(("gmp_mpz_legendre", ts[ts.len() / 2]));
    }
    row
}

/// Runs `$body` with `$f` bound to the Montgomery field of a 160-, 256- or 512-bit
/// prime (3, 4 or 8 limbs; only those sizes are instantiated here).
macro_rules! at_size {
    ($field:expr, |$f:ident| $body:expr) => {
        match $field {
            DynFp::L3(x) => {
                let $f = &**x;
                $body
            }
            DynFp::L4(x) => {
                let $f = &**x;
                $body
            }
            DynFp::L8(x) => {
                let $f = &**x;
                $body
            }
            _ => return Err("expected a 3-, 4- or 8-limb prime".to_string()),
        }
    };
}

/// Whether a race entry is a peer library.
fn is_peer(name: &str) -> bool {
    name.starts_with("pari_") || name.starts_with("flint_") || name.starts_with("gmp_")
}

/// P.QR (sliding windows) + MW-ST against the bare `x^((s+1)/2)`, one race: (ns, ns).
fn mwst_vs_pow<F: PrimeFieldOps>(f: &F, budget: Budget) -> (f64, f64) {
    let mut rng = StdRng::seed_from_u64(31);
    let Ok(ctx) = SqrtContext::new(f) else {
        return (f64::NAN, f64::NAN);
    };
    let tw = &ctx.two_adic;
    let sq: Vec<F::Elem> = (0..LANES)
        .map(|_| f.sqr(&random_nonzero(f, &mut rng)))
        .collect();
    let e: BigUint = (tw.s() + 1u32) >> 1u32;
    let e = e.to_u64_digits();
    let mut cs: Vec<Contender<'_>> = vec![
        timed(&sq, |x| mwst::sqrt_windowed_vartime(f, tw, x)),
        timed(&sq, |x| f.pow_vartime(x, &e)),
    ];
    let t = race(budget, &mut cs);
    (t[0], t[1])
}

/// Certified binary GCD, divsteps and binary Legendre, Euler's criterion and GMP's
/// `mpz_legendre`, one race on the same inputs (GMP gets them imported once, outside its
/// clock): ns per symbol each, in that order.
fn legendre_race<const N: usize>(f: &Fp<N>, budget: Budget) -> [f64; 5] {
    let mut rng = StdRng::seed_from_u64(41);
    let xs: Vec<_> = (0..LANES).map(|_| random_nonzero(f, &mut rng)).collect();
    let ints: Vec<Vec<u64>> = xs.iter().map(|x| f.to_biguint(x).to_u64_digits()).collect();
    let p = f.modulus().to_u64_digits();
    let count = ints.len().max(1) as f64;
    let mut cs: Vec<Contender<'_>> = vec![
        timed(&xs, |x| f.legendre_bingcd(x)),
        timed(&xs, |x| f.legendre_divsteps(x)),
        timed(&xs, |x| f.legendre_binary(x)),
        timed(&xs, |x| f.legendre_euler(x)),
        peer_contender(move |n| {
            halfroot_peers::gmp::legendre_many_total_ns(&ints, &p, n)
                .map(|(ns, _)| ns as f64 / (n as f64 * count))
        }),
    ];
    let t = race(budget, &mut cs);
    [t[0], t[1], t[2], t[3], t[4]]
}

/// Runs the section.
pub fn run(opts: &Options) -> Result<SectionOutput, String> {
    let budget = opts.budget();
    let samples = if opts.quick { 200 } else { 2000 };
    let mut results = Vec::new();
    for s in table1_settings() {
        eprintln!("  sqrt: Table 1 setting {} (m = {})", s.label, s.m);
        let field = DynFp::new(&s.p).map_err(|e| e.to_string())?;
        let r = if s.m == 1 {
            match &field {
                DynFp::L3(f) => setting_fp(&**f, &s, budget, samples, opts.peers)?,
                _ => return Err(format!("setting {}: expected a 3-limb prime", s.label)),
            }
        } else {
            match &field {
                DynFp::L2(f) => setting_fp2(&**f, &s, budget, samples)?,
                _ => return Err(format!("setting {}: expected a 2-limb prime", s.label)),
            }
        };
        results.push((s, r));
    }

    let mut md = String::new();
    md.push_str(
        "Table 1 regenerated. `#M ours` is the measured average number of GF(p) \
         multiplications (squarings included; over GF(q²) one multiplication = 3 M1), \
         `#M paper` the paper's column; times are ours (ns, one call) and the paper's \
         (ms, NTL on a 2.6 GHz Pentium 4).\n\n",
    );
    let mut t = Table::new([
        "Field", "Setting", "T", "Method", "#M ours", "#M paper", "ours ns", "paper ms",
    ]);
    for (s, r) in &results {
        for (k, (method, m, tns)) in r.methods.iter().enumerate() {
            let paper = &s.rows[k];
            t.push([
                if s.m == 1 {
                    "GF(p)".to_string()
                } else {
                    "GF(q²)".to_string()
                },
                format!("{} {}", s.label, s.p_expr),
                r.t.to_string(),
                method.to_string(),
                format!("{m:.1}"),
                paper.m1.to_string(),
                ns(*tns),
                format!("{}", paper.time_ms),
            ]);
        }
    }
    md.push_str(&t.render());

    md.push_str(
        "\nThe paper's claim, measured in one interleaved run (minimum over rounds): \
         P.QR + MW-ST against C.QR + Smart, whole square roots of random squares, with \
         every exponentiation by sliding windows (`speed-up`) and by the paper's binary \
         method (`binary`); and MW-ST (P.QR included) against the bare exponentiation \
         x^((s+1)/2) it cannot avoid:\n\n",
    );
    let mut c = Table::new([
        "Field",
        "Setting",
        "T",
        "C.QR+Smart ns",
        "P.QR+MW-ST ns",
        "speed-up",
        "binary",
        "paper",
        "#M ratio",
        "x^((s+1)/2) ns",
        "MW-ST / pow",
    ]);
    for (s, r) in &results {
        let paper_old = s.rows[0].time_ms + s.rows[2].time_ms;
        let paper_new = s.rows[1].time_ms + s.rows[3].time_ms;
        let m = |k: usize| r.methods[k].1;
        c.push([
            if s.m == 1 { "GF(p)" } else { "GF(q²)" }.to_string(),
            s.label.to_string(),
            r.t.to_string(),
            ns(r.cqr_smart),
            ns(r.pqr_mwst),
            format!("{}×", ratio(r.cqr_smart / r.pqr_mwst)),
            format!("{}×", ratio(r.cqr_smart_binary / r.pqr_mwst_binary)),
            format!("{}×", ratio(paper_old / paper_new)),
            format!("{}×", ratio((m(0) + m(2)) / (m(1) + m(3)))),
            ns(r.pow_s_plus_1_half),
            ratio(r.pqr_mwst / r.pow_s_plus_1_half),
        ]);
    }
    md.push_str(&c.render());

    // MW-ST against the bare exponentiation for T <= 3 at several sizes.
    let mut rng_t = StdRng::seed_from_u64(1103);
    let mut mp = Table::new([
        "bits",
        "T",
        "P.QR+MW-ST ns",
        "x^((s+1)/2) ns",
        "MW-ST / pow",
        "target ≤ 1.1",
    ]);
    let mut mwst_pow_json = Vec::new();
    for bits in [160u64, 256, 512] {
        for t_paper in 0u64..=3 {
            let p = prime_with_two_adicity(bits, t_paper + 1, &mut rng_t);
            let field = DynFp::new(&p).map_err(|e| e.to_string())?;
            let (a, b) = at_size!(&field, |f| mwst_vs_pow(f, budget));
            let r = a / b;
            mp.push([
                bits.to_string(),
                t_paper.to_string(),
                ns(a),
                ns(b),
                ratio(r),
                if r <= 1.1 { "met" } else { "missed" }.to_string(),
            ]);
            mwst_pow_json.push(json!({
                "bits": bits, "T": t_paper, "p": p.to_string(),
                "mwst_ns": a, "pow_ns": b, "ratio": r,
            }));
        }
    }
    md.push_str(
        "\nMW-ST (P.QR with sliding windows, then MW-ST) against the bare \
         exponentiation x^((s+1)/2) on random primes with T = ν₂((p−1)/2) ≤ 3, one \
         interleaved run per prime:\n\n",
    );
    md.push_str(&mp.render());

    md.push_str(
        "\nEvery square-root algorithm on the same fields (ns per root of a random square):\n\n",
    );
    let mut names: Vec<String> = Vec::new();
    for (_, r) in &results {
        for (n, _) in &r.algorithms {
            if !names.contains(n) {
                names.push(n.clone());
            }
        }
        for (n, _) in &r.peers {
            let n = n.to_string();
            if !names.contains(&n) {
                names.push(n);
            }
        }
    }
    let mut headers = vec!["Field".to_string(), "Setting".to_string()];
    headers.extend(names.iter().cloned());
    let mut a = Table::new(headers);
    for (s, r) in &results {
        let mut row = vec![
            if s.m == 1 { "GF(p)" } else { "GF(q²)" }.to_string(),
            s.label.to_string(),
        ];
        for n in &names {
            let v = r
                .algorithms
                .iter()
                .find(|a| &a.0 == n)
                .map(|a| ns(a.1))
                .or_else(|| {
                    r.peers.iter().find(|p| p.0 == n).map(|p| match &p.1 {
                        Ok(v) => ns(*v),
                        Err(_) => "n/a".into(),
                    })
                })
                .unwrap_or_else(|| "—".into());
            row.push(v);
        }
        a.push(row);
    }
    md.push_str(&a.render());
    if opts.peers {
        md.push_str(
            "\nPeers (GF(p) only): `pari_fp_sqrt` is PARI's `Fp_sqrt`, `flint_fmpz_sqrtmod` \
             FLINT's `fmpz_sqrtmod`, `gmp_tonelli_shanks` a Tonelli–Shanks written with GMP's \
             `mpz` functions (finding its non-residue on every call).\n",
        );
    }

    // The 2-adicity sweep at 256 bits.
    let ts: Vec<u64> = if opts.quick {
        vec![1, 2, 3, 4, 8, 16, 32, 64]
    } else {
        (1..=64).collect()
    };
    let mut rng = StdRng::seed_from_u64(256);
    let mut sweep = Vec::new();
    for &t2 in &ts {
        let p = prime_with_two_adicity(256, t2, &mut rng);
        let field = DynFp::new(&p).map_err(|e| e.to_string())?;
        // Table 1's fields have 2 and 3 limbs, the sweep's 256-bit primes 4: only those
        // sizes are instantiated here (the arithmetic table below covers all of them).
        let DynFp::L4(f4) = &field else {
            return Err(format!("sweep prime {p} is not 4 limbs"));
        };
        let row = sqrt_race(&**f4, budget, opts.peers, 99)?;
        sweep.push((t2, p, row));
    }
    md.push_str(
        "\nSquare roots at 256 bits as the 2-adicity ν₂(p − 1) grows (ns; p ≡ 3 mod 4 \
         at ν₂ = 1, p ≡ 5 mod 8 at ν₂ = 2):\n\n",
    );
    let mut sweep_names: Vec<String> = Vec::new();
    for (_, _, row) in &sweep {
        for (n, _) in row {
            if !sweep_names.contains(n) {
                sweep_names.push(n.clone());
            }
        }
    }
    let mut h = vec!["ν₂(p−1)".to_string()];
    h.extend(sweep_names.iter().cloned());
    let mut st = Table::new(h);
    for (t2, _, row) in &sweep {
        let mut cells = vec![t2.to_string()];
        for n in &sweep_names {
            cells.push(
                row.iter()
                    .find(|a| &a.0 == n)
                    .map(|a| ns(a.1))
                    .unwrap_or_else(|| "—".into()),
            );
        }
        st.push(cells);
    }
    md.push_str(&st.render());

    // GF(p) arithmetic from 64 to 2048 bits.
    let sizes: [u64; 11] = [64, 128, 160, 192, 256, 384, 512, 768, 1024, 1536, 2048];
    let mut arith = Vec::new();
    for bits in sizes {
        let p = random_prime(bits, &mut rng).ok_or("no prime")?;
        let field = DynFp::new(&p).map_err(|e| e.to_string())?;
        // Only the limb counts of `sizes` are instantiated (not all thirteen of `DynFp`).
        let row = match &field {
            DynFp::L1(f) => arith_row(&**f, budget, opts.peers),
            DynFp::L2(f) => arith_row(&**f, budget, opts.peers),
            DynFp::L3(f) => arith_row(&**f, budget, opts.peers),
            DynFp::L4(f) => arith_row(&**f, budget, opts.peers),
            DynFp::L6(f) => arith_row(&**f, budget, opts.peers),
            DynFp::L8(f) => arith_row(&**f, budget, opts.peers),
            DynFp::L12(f) => arith_row(&**f, budget, opts.peers),
            DynFp::L16(f) => arith_row(&**f, budget, opts.peers),
            DynFp::L24(f) => arith_row(&**f, budget, opts.peers),
            DynFp::L32(f) => arith_row(&**f, budget, opts.peers),
            other => return Err(format!("{bits}-bit prime of {} limbs", other.limbs())),
        };
        arith.push((bits, row));
    }
    md.push_str(
        "\nGF(p) arithmetic (Montgomery, 64-bit limbs; random primes of each size): ns per \
         operation, `mul_latency` and `sqr_latency` the latency of dependent products and squares, \
         `mul_many` the throughput of a batch of 64 independent products by `Fp::mul_many` (the \
         8-lane AVX-512 IFMA kernel, radix 2^52, where the CPU has it — otherwise scalar — see \
         `batch_backend`):\n\n",
    );
    let mut an: Vec<&str> = Vec::new();
    for (_, row) in &arith {
        for (n, _) in row {
            if !an.contains(n) {
                an.push(n);
            }
        }
    }
    let mut h = vec!["bits".to_string()];
    h.extend(an.iter().map(|s| s.to_string()));
    let mut at = Table::new(h);
    for (bits, row) in &arith {
        let mut cells = vec![bits.to_string()];
        for n in &an {
            cells.push(
                row.iter()
                    .find(|a| &a.0 == n)
                    .map(|a| ns(a.1))
                    .unwrap_or_else(|| "—".into()),
            );
        }
        at.push(cells);
    }
    md.push_str(&at.render());

    // Peers summary: our fastest square root against FLINT and PARI.
    let mut peer_json = Vec::new();
    let mut leg_json = Vec::new();
    if opts.peers {
        let mut rng_p = StdRng::seed_from_u64(4242);
        let mut pt = Table::new([
            "bits",
            "ν₂(p−1)",
            "ours best",
            "ours ns",
            "FLINT ns",
            "PARI ns",
            "FLINT / ours",
            "PARI / ours",
            "target",
            "met",
        ]);
        for bits in [160u64, 256, 512] {
            for nu in [1u64, 2, 16, 32] {
                let p = prime_with_two_adicity(bits, nu, &mut rng_p);
                let field = DynFp::new(&p).map_err(|e| e.to_string())?;
                let row = at_size!(&field, |f| sqrt_race(f, budget, true, 7 + nu)?);
                let ours = row
                    .iter()
                    .filter(|(n, _)| !is_peer(n))
                    .min_by(|a, b| a.1.total_cmp(&b.1))
                    .cloned()
                    .unwrap_or_else(|| ("—".into(), f64::NAN));
                let get = |name: &str| {
                    row.iter()
                        .find(|(n, _)| n == name)
                        .map(|x| x.1)
                        .unwrap_or(f64::NAN)
                };
                let (fl, pa) = (get("flint_fmpz_sqrtmod"), get("pari_fp_sqrt"));
                let target = if nu <= 2 { 1.5 } else { 3.0 };
                let met = fl / ours.1 >= target && pa / ours.1 >= target;
                pt.push([
                    bits.to_string(),
                    nu.to_string(),
                    ours.0.clone(),
                    ns(ours.1),
                    ns(fl),
                    ns(pa),
                    format!("{}×", ratio(fl / ours.1)),
                    format!("{}×", ratio(pa / ours.1)),
                    format!("≥ {target}×"),
                    if !fl.is_finite() || !pa.is_finite() {
                        "n/a"
                    } else if met {
                        "met"
                    } else {
                        "missed"
                    }
                    .to_string(),
                ]);
                peer_json.push(json!({
                    "bits": bits, "two_adicity": nu, "p": p.to_string(),
                    "ours_best": ours.0, "ours_ns": ours.1, "flint_ns": fl, "pari_ns": pa,
                    "flint_over_ours": fl / ours.1, "pari_over_ours": pa / ours.1,
                }));
            }
        }
        md.push_str(
            "\nOur fastest square root against FLINT (`fmpz_sqrtmod`) and PARI \
             (`Fp_sqrt`), one interleaved run per prime (targets: ≥ 1.5× when \
             ν₂(p−1) ≤ 2, ≥ 3× when ≥ 16):\n\n",
        );
        md.push_str(&pt.render());

        let mut lt = Table::new([
            "bits",
            "bingcd ns",
            "divsteps ns",
            "binary ns",
            "Euler ns",
            "GMP mpz_legendre ns",
            "GMP / bingcd",
            "binary / bingcd",
            "divsteps / bingcd",
            "Euler / bingcd",
        ]);
        for bits in [160u64, 256, 512] {
            let p = random_prime(bits, &mut rng_p).ok_or("no prime")?;
            let field = DynFp::new(&p).map_err(|e| e.to_string())?;
            let [c, d, b, e, g] = at_size!(&field, |f| legendre_race(f, budget));
            lt.push([
                bits.to_string(),
                ns(c),
                ns(d),
                ns(b),
                ns(e),
                ns(g),
                format!("{}×", ratio(g / c)),
                format!("{}×", ratio(b / c)),
                format!("{}×", ratio(d / c)),
                format!("{}×", ratio(e / c)),
            ]);
            leg_json.push(json!({
                "bits": bits, "bingcd_ns": c, "divsteps_ns": d, "binary_ns": b,
                "euler_ns": e, "gmp_ns": g,
            }));
        }
        md.push_str(
            "\nLegendre symbols, one interleaved run per size on the same inputs (target \
             at 256 bits: GMP / bingcd ≥ 1×, Euler / bingcd ≥ 5×):\n\n",
        );
        md.push_str(&lt.render());
    }

    // JSON.
    let settings: Vec<Value> = results
        .iter()
        .map(|(s, r)| {
            let mut nsm = Map::new();
            let mut mults = Map::new();
            for (k, (name, m, t)) in r.methods.iter().enumerate() {
                let key = ["cqr", "pqr", "smart", "mwst"][k];
                let _ = name;
                nsm.insert(key.into(), json!(t));
                mults.insert(key.into(), json!(m));
            }
            for (n, t) in &r.algorithms {
                nsm.insert(format!("sqrt_{n}"), json!(t));
            }
            nsm.insert("cqr_smart".into(), json!(r.cqr_smart));
            nsm.insert("pqr_mwst".into(), json!(r.pqr_mwst));
            nsm.insert("cqr_smart_binary".into(), json!(r.cqr_smart_binary));
            nsm.insert("pqr_mwst_binary".into(), json!(r.pqr_mwst_binary));
            nsm.insert("pow_s_plus_1_half".into(), json!(r.pow_s_plus_1_half));
            let peers: Map<String, Value> = r
                .peers
                .iter()
                .map(|(n, v)| {
                    (
                        n.to_string(),
                        match v {
                            Ok(t) => json!({ "ns": t }),
                            Err(e) => json!({ "error": e }),
                        },
                    )
                })
                .collect();
            json!({
                "label": r.label,
                "p": r.p.to_string(),
                "p_expr": s.p_expr,
                "m": r.m,
                "T": r.t,
                "ns": nsm,
                "mults": mults,
                "paper": s.rows.iter().map(|row| json!({
                    "method": row.method, "m1": row.m1, "a1": row.a1,
                    "shifts": row.shifts, "time_ms": row.time_ms,
                })).collect::<Vec<_>>(),
                "peers": peers,
            })
        })
        .collect();
    let sweep_json: Vec<Value> = sweep
        .iter()
        .map(|(t2, p, row)| {
            let m: Map<String, Value> = row.iter().map(|(n, v)| (n.clone(), json!(v))).collect();
            json!({ "two_adicity": t2, "p": p.to_string(), "ns": m })
        })
        .collect();
    let arith_json: Vec<Value> = arith
        .iter()
        .map(|(bits, row)| {
            let m: Map<String, Value> =
                row.iter().map(|(n, v)| (n.to_string(), json!(v))).collect();
            json!({ "bits": bits, "ns": m })
        })
        .collect();

    let chart = Chart {
        file: "sqrt-two-adicity-256".into(),
        title: "Square roots at 256 bits vs 2-adicity of p − 1".into(),
        x_label: "ν₂(p − 1)".into(),
        y_label: "ns per square root".into(),
        series: sweep_names
            .iter()
            .map(|n| Series {
                name: n.clone(),
                points: sweep
                    .iter()
                    .filter_map(|(t2, _, row)| {
                        row.iter().find(|a| &a.0 == n).map(|a| (*t2 as f64, a.1))
                    })
                    .collect(),
            })
            .collect(),
        log_y: true,
    };
    let mul_chart = Chart {
        file: "prime-mul-scaling".into(),
        title: "GF(p) Montgomery multiplication vs size".into(),
        x_label: "bits of p".into(),
        y_label: "ns".into(),
        series: ["mul", "sqr", "legendre"]
            .iter()
            .map(|n| Series {
                name: n.to_string(),
                points: arith
                    .iter()
                    .filter_map(|(b, row)| row.iter().find(|a| a.0 == *n).map(|a| (*b as f64, a.1)))
                    .collect(),
            })
            .collect(),
        log_y: true,
    };
    Ok(SectionOutput {
        markdown: md,
        json: json!({
            "table1": settings,
            "mwst_vs_pow": mwst_pow_json,
            "peers_summary": peer_json,
            "legendre_summary": leg_json,
            "two_adicity_sweep": sweep_json,
            "arithmetic": arith_json,
        }),
        charts: vec![chart, mul_chart],
    })
}
