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
use halfroot::prime::qr::{cqr, pqr};
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

/// Inputs per timed call.
const LANES: usize = 8;

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
    /// C.QR + Smart and P.QR + MW-ST, ns.
    cqr_smart: f64,
    pqr_mwst: f64,
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
    let t_cqr = time_each(budget, any8, |x| cqr(f, tw, x));
    let t_pqr = time_each(budget, any8, |x| pqr(f, tw, x).residue);
    let t_smart = time_each(budget, sq8, |x| smart::sqrt_of_residue_vartime(f, tw, x));
    let t_mwst = time_each(budget, pqr8, |r| mwst::sqrt_with_vartime(f, tw, r));
    let mut algorithms = Vec::new();
    for alg in SqrtAlgorithm::ALL {
        if alg.supports(f.modulus()) {
            let t = time_each(budget, sq8, |x| alg.sqrt_vartime(f, &ctx, x));
            algorithms.push((alg.name().to_string(), t));
        }
    }
    let by = |n: &str| {
        algorithms
            .iter()
            .find(|a| a.0 == n)
            .map(|a| a.1)
            .unwrap_or(f64::NAN)
    };
    let e: BigUint = (tw.s() + 1u32) >> 1u32;
    let e = e.to_u64_digits();
    let pow = time_each(budget, sq8, |x| f.pow_vartime(x, &e));
    let peer_list = if peers {
        peer_sqrt(f, &squares[0], budget)
    } else {
        Vec::new()
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
        algorithms,
        pow_s_plus_1_half: pow,
        peers: peer_list,
    })
}

/// PARI `Fp_sqrt`, FLINT `fmpz_sqrtmod` and a GMP Tonelli–Shanks on one square.
fn peer_sqrt<F: PrimeFieldOps>(
    f: &F,
    a: &F::Elem,
    budget: Budget,
) -> Vec<(&'static str, Result<f64, String>)> {
    use halfroot_peers::{flint, gmp, pari};
    let a = f.to_biguint(a).to_u64_digits();
    let p = f.modulus().to_u64_digits();
    let calibrated = |run: &dyn Fn(u64) -> halfroot_peers::Result<f64>| {
        let probe = run(2).map_err(|e| e.to_string())?;
        let iters = ((budget.batch.as_nanos() as f64 / probe.max(1.0)) as u64).clamp(2, 100_000);
        run(iters).map_err(|e| e.to_string())
    };
    vec![
        ("pari_fp_sqrt", calibrated(&|n| pari::fp_sqrt_ns(&a, &p, n))),
        (
            "flint_fmpz_sqrtmod",
            calibrated(&|n| flint::sqrtmod_ns(&a, &p, n)),
        ),
        (
            "gmp_tonelli_shanks",
            calibrated(&|n| gmp::tonelli_shanks_ns(&a, &p, n)),
        ),
    ]
}

/// The four methods of Table 1 over GF(q²) = GF(q)[w]/(w² − c).
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
    let t_cqr = time_each(budget, &any[..n], |x| cqr(&q, tw, x));
    let t_pqr = time_each(budget, &any[..n], |x| pqr(&q, tw, x).residue);
    let t_smart = time_each(budget, &squares[..n], |x| {
        smart::sqrt_of_residue_vartime(&q, tw, x)
    });
    let t_mwst = if four_divides {
        time_each(budget, &pqrs[..n], |r| {
            halfroot::prime2::sqrt::mwst::sqrt_with_vartime(&q, &ctx, r)
        })
    } else {
        time_each(budget, &pqrs[..n], |r| mwst::sqrt_with_vartime(&q, tw, r))
    };
    let mut algorithms = Vec::new();
    for alg in Fp2SqrtAlgorithm::ALL {
        if alg.supports(&s.p) {
            let t = time_each(budget, &squares[..n], |x| alg.sqrt_vartime(&q, &ctx, x));
            algorithms.push((alg.name().to_string(), t));
        }
    }
    let by = |name: &str| {
        algorithms
            .iter()
            .find(|a| a.0 == name)
            .map(|a| a.1)
            .unwrap_or(f64::NAN)
    };
    let e: BigUint = (tw.s() + 1u32) >> 1u32;
    let e = e.to_u64_digits();
    let pow = time_each(budget, &squares[..n], |x| q.pow_vartime(x, &e));
    let pqr_mwst = if four_divides {
        by("mwst_base")
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

/// Full square roots over the T sweep at 256 bits: ns by algorithm name.
fn sweep_point<F: PrimeFieldOps>(f: &F, budget: Budget) -> Result<Vec<(String, f64)>, String> {
    let mut rng = StdRng::seed_from_u64(99);
    let ctx = SqrtContext::new(f).map_err(|e| e.to_string())?;
    let squares: Vec<F::Elem> = (0..LANES)
        .map(|_| {
            let x = random_nonzero(f, &mut rng);
            f.sqr(&x)
        })
        .collect();
    let mut out = Vec::new();
    for alg in SqrtAlgorithm::ALL {
        if alg.supports(f.modulus()) {
            out.push((
                alg.name().to_string(),
                time_each(budget, &squares, |x| alg.sqrt_vartime(f, &ctx, x)),
            ));
        }
    }
    Ok(out)
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
    let mut acc = xs[0];
    let mul_latency = median_ns(budget, 32, || {
        let y = black_box(&ys[0]);
        for _ in 0..32 {
            acc = f.mul(&acc, y);
        }
        black_box(&acc);
    });
    let mut row = vec![
        ("mul", mul),
        ("mul_latency", mul_latency),
        ("sqr", time_each(budget, &xs, |x| f.sqr(x))),
        ("inv_vartime", time_each(budget, &xs, |x| f.inv_vartime(x))),
        ("inv_ct", time_each(budget, &xs, |x| f.inv_ct(x))),
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
        let a = f.to_biguint(&xs[0]).to_u64_digits();
        let p = f.modulus().to_u64_digits();
        let probe = halfroot_peers::gmp::legendre_ns(&a, &p, 16).unwrap_or(f64::NAN);
        let iters = ((budget.batch.as_nanos() as f64 / probe.max(1.0)) as u64).clamp(16, 1_000_000);
        row.push((
            "gmp_mpz_legendre",
            halfroot_peers::gmp::legendre_ns(&a, &p, iters).unwrap_or(f64::NAN),
        ));
    }
    row
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
        "\nThe paper's claim, measured in one run: P.QR + MW-ST against C.QR + Smart \
         (whole square roots of random squares), and MW-ST against the bare \
         exponentiation x^((s+1)/2) it cannot avoid:\n\n",
    );
    let mut c = Table::new([
        "Field",
        "Setting",
        "T",
        "C.QR+Smart ns",
        "P.QR+MW-ST ns",
        "speed-up",
        "paper speed-up",
        "x^((s+1)/2) ns",
        "MW-ST / pow",
    ]);
    for (s, r) in &results {
        let paper_old = s.rows[0].time_ms + s.rows[2].time_ms;
        let paper_new = s.rows[1].time_ms + s.rows[3].time_ms;
        c.push([
            if s.m == 1 { "GF(p)" } else { "GF(q²)" }.to_string(),
            s.label.to_string(),
            r.t.to_string(),
            ns(r.cqr_smart),
            ns(r.pqr_mwst),
            format!("{}×", ratio(r.cqr_smart / r.pqr_mwst)),
            format!("{}×", ratio(paper_old / paper_new)),
            ns(r.pow_s_plus_1_half),
            ratio(r.pqr_mwst / r.pow_s_plus_1_half),
        ]);
    }
    md.push_str(&c.render());

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
        let mut row = sweep_point(&**f4, budget)?;
        if opts.peers {
            let peers = {
                let mut rng = StdRng::seed_from_u64(3);
                let x = random_nonzero(&**f4, &mut rng);
                peer_sqrt(&**f4, &f4.sqr(&x), budget)
            };
            for (n, v) in peers {
                if let Ok(v) = v {
                    row.push((n.to_string(), v));
                }
            }
        }
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
        let row = halfroot::with_fp!(&field, |f| arith_row(f, budget, opts.peers));
        arith.push((bits, row));
    }
    md.push_str(
        "\nGF(p) arithmetic (Montgomery, 64-bit limbs; random primes of each size): ns per \
         operation, `mul lat` the latency of dependent products:\n\n",
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
        series: ["mul", "sqr", "legendre_binary"]
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
        json: json!({ "table1": settings, "two_adicity_sweep": sweep_json, "arithmetic": arith_json }),
        charts: vec![chart, mul_chart],
    })
}
