//! `halfroot report ext`: El Mrabet–Guillevic–Ionica's Tables 4, 7, 9, 10 and 11 on
//! this machine — every F_{q^k} multiplication algorithm for k = 5, 6, 7 and
//! log q ∈ {160, 192, 256, 384, 512, 768, 1024, 1536}, the ratio M_q/A_q, the cost of
//! shifts, ×3 and divisions by 2 … 8 relative to one addition (word-wise §4.2
//! division, exact division and product by the precomputed inverse), and with
//! `--peers` FLINT's `fq_mul` and PARI's `FpXQ_mul` on the same fields in the same run.

use super::markdown::{ns, ratio, Table};
use super::plot::{Chart, Series};
use super::timing::{median_ns, Budget};
use super::{Options, SectionOutput};
use halfroot::ext::{Fqk, MulAlgorithm};
use halfroot::field::Field;
use halfroot::prime::primality::random_prime;
use halfroot::prime::{DynFp, Fp, PrimeFieldOps};
use num_bigint::BigUint;
use rand::SeedableRng;
use serde_json::{json, Map, Value};
use std::hint::black_box;

const BITS: [u64; 8] = [160, 192, 256, 384, 512, 768, 1024, 1536];
const QUICK_BITS: [u64; 5] = [160, 256, 512, 1024, 1536];

struct Row {
    k: usize,
    bits: u64,
    ns: Vec<(String, f64)>,
    /// `auto` into a reused buffer (`Fqk::mul_into`, no allocation), as FLINT's
    /// `fq_mul` into its preallocated `fq_t`.
    in_place: f64,
    mq_over_aq: f64,
    base: Vec<(String, f64)>, // relative to one addition
    peers: Vec<(String, Result<f64, String>)>,
}

fn prime(bits: u64, k: u64, rng: &mut rand::rngs::StdRng) -> Result<BigUint, String> {
    for _ in 0..10_000 {
        let q = random_prime(bits, rng).ok_or("no prime")?;
        if &q % k == BigUint::from(1u32) {
            return Ok(q);
        }
    }
    Err(format!("no {bits}-bit prime ≡ 1 mod {k}"))
}

fn measure<const N: usize>(
    f: &Fp<N>,
    k: usize,
    budget: Budget,
    peers: bool,
    bits: u64,
) -> Result<Row, String> {
    let e = Fqk::with_default_modulus(f.clone(), k).map_err(|e| e.to_string())?;
    let mut rng = rand::rngs::StdRng::seed_from_u64(bits * 10 + k as u64);
    let a = e.random(&mut rng);
    let b = e.random(&mut rng);
    let mut ns_v = Vec::new();
    for alg in MulAlgorithm::ALL {
        if alg != MulAlgorithm::Auto && !alg.supports(k, f.modulus()) {
            continue;
        }
        let t = median_ns(budget, 1, || {
            black_box(e.mul_with(alg, black_box(&a), black_box(&b)));
        });
        ns_v.push((alg.name().to_string(), t));
    }
    let mut out = a.clone();
    let in_place = median_ns(budget, 1, || {
        black_box(e.mul_into(MulAlgorithm::Auto, black_box(&a), black_box(&b), &mut out));
        black_box(&out);
    });
    let x = a[0];
    let y = a[1];
    let t_add = median_ns(budget, 1, || {
        black_box(f.add(black_box(&x), black_box(&y)));
    });
    let t_mul = median_ns(budget, 1, || {
        black_box(f.mul(black_box(&x), black_box(&y)));
    });
    let mut base = Vec::new();
    if k == 5 {
        let rel = |t: f64| t / t_add;
        base.push((
            "shift (×2)".into(),
            rel(median_ns(budget, 1, || {
                black_box(f.mul_small(black_box(&x), 2));
            })),
        ));
        base.push((
            "shift and add (x + 2y)".into(),
            rel(median_ns(budget, 1, || {
                black_box(f.add(black_box(&x), &f.mul_small(black_box(&y), 2)));
            })),
        ));
        base.push((
            "×3".into(),
            rel(median_ns(budget, 1, || {
                black_box(f.mul_small(black_box(&x), 3));
            })),
        ));
        for d in 2..=8u64 {
            let w = rel(median_ns(budget, 1, || {
                black_box(f.div_small_wordwise(black_box(&x), d));
            }));
            let ex = rel(median_ns(budget, 1, || {
                black_box(f.div_small_exact(black_box(&x), d));
            }));
            let inv = rel(median_ns(budget, 1, || {
                black_box(f.div_small_by_inverse(black_box(&x), d));
            }));
            base.push((format!("÷{d} word-wise"), w));
            base.push((format!("÷{d} exact"), ex));
            base.push((format!("÷{d} by inverse"), inv));
        }
    }
    let mut peer_v = Vec::new();
    if peers {
        let q = f.modulus().to_u64_digits();
        let alpha = e
            .modulus()
            .alpha()
            .map(|al| f.to_biguint(al).to_u64_digits())
            .unwrap_or_default();
        let la: Vec<Vec<u64>> = e.to_coeffs(&a).iter().map(|c| c.to_u64_digits()).collect();
        let lb: Vec<Vec<u64>> = e.to_coeffs(&b).iter().map(|c| c.to_u64_digits()).collect();
        let calibrated = |run: &dyn Fn(u64) -> halfroot_peers::Result<f64>| {
            let probe = run(2).map_err(|e| e.to_string())?;
            let iters =
                ((budget.batch.as_nanos() as f64 / probe.max(1.0)) as u64).clamp(2, 100_000);
            run(iters).map_err(|e| e.to_string())
        };
        // check the peers' product against ours before timing them
        let ours: Vec<Vec<u64>> = e
            .to_coeffs(&e.mul(&a, &b))
            .iter()
            .map(|c| c.to_u64_digits())
            .collect();
        let norm = |v: Vec<Vec<u64>>| -> Vec<BigUint> {
            v.iter()
                .map(|c| {
                    BigUint::from_slice(
                        &c.iter()
                            .flat_map(|w| [*w as u32, (*w >> 32) as u32])
                            .collect::<Vec<_>>(),
                    )
                })
                .collect()
        };
        let ours_b = norm(ours);
        let check = |r: halfroot_peers::Result<Vec<Vec<u64>>>| -> Result<(), String> {
            let r = r.map_err(|e| e.to_string())?;
            if norm(r) == ours_b {
                Ok(())
            } else {
                Err("product differs from halfroot's".into())
            }
        };
        let fl = check(halfroot_peers::flint::fq_mul(&q, k, &alpha, &la, &lb)).and_then(|_| {
            calibrated(&|n| halfroot_peers::flint::fq_mul_ns(&q, k, &alpha, &la, &lb, n))
        });
        let pa = check(halfroot_peers::pari::fpxq_mul(&q, k, &alpha, &la, &lb)).and_then(|_| {
            calibrated(&|n| halfroot_peers::pari::fpxq_mul_ns(&q, k, &alpha, &la, &lb, n))
        });
        peer_v.push(("flint_fq_mul".to_string(), fl));
        peer_v.push(("pari_fpxq_mul".to_string(), pa));
    }
    Ok(Row {
        k,
        bits,
        ns: ns_v,
        in_place,
        mq_over_aq: t_mul / t_add,
        base,
        peers: peer_v,
    })
}

/// The section.
pub fn run(opts: &Options) -> Result<SectionOutput, String> {
    let budget = opts.budget();
    let bits_list: &[u64] = if opts.quick { &QUICK_BITS } else { &BITS };
    let mut rng = rand::rngs::StdRng::seed_from_u64(2011);
    let mut rows = Vec::new();
    for &bits in bits_list {
        for k in [5usize, 6, 7] {
            let q = prime(bits, k as u64, &mut rng)?;
            let fp = DynFp::new(&q).map_err(|e| e.to_string())?;
            // Instantiated only for the limb counts of BITS (3, 4, 6, 8, 12, 16, 24 limbs):
            // each instantiation compiles every product algorithm (build weight).
            let row = match &fp {
                DynFp::L3(f) => measure(&**f, k, budget, opts.peers, bits),
                DynFp::L4(f) => measure(&**f, k, budget, opts.peers, bits),
                DynFp::L6(f) => measure(&**f, k, budget, opts.peers, bits),
                DynFp::L8(f) => measure(&**f, k, budget, opts.peers, bits),
                DynFp::L12(f) => measure(&**f, k, budget, opts.peers, bits),
                DynFp::L16(f) => measure(&**f, k, budget, opts.peers, bits),
                DynFp::L24(f) => measure(&**f, k, budget, opts.peers, bits),
                _ => Err(format!(
                    "{bits} bits: {} limbs, not a size of BITS",
                    fp.limbs()
                )),
            }?;
            rows.push(row);
        }
    }
    let mut md = String::from(
        "## F_{q^k} multiplication (El Mrabet–Guillevic–Ionica, AFRICACRYPT 2011)\n\n\
         Fields F_q[X]/(X^k − α), q a random prime ≡ 1 mod k, α the smallest that makes \
         the binomial irreducible; one full product including the reduction (`auto in place`: `auto` into a reused \
         output buffer, `Fqk::mul_into`, no allocation — FLINT's `fq_mul` also writes into \
         a preallocated `fq_t`).\n\n",
    );
    // Table 9 + times
    let algs: Vec<String> = MulAlgorithm::ALL
        .iter()
        .map(|a| a.name().to_string())
        .collect();
    let mut headers = vec!["k".to_string(), "log q".into(), "M_q/A_q".into()];
    headers.extend(algs.iter().map(|a| format!("{a} ns")));
    if opts.peers {
        headers.push("flint fq_mul ns".into());
        headers.push("pari FpXQ_mul ns".into());
        headers.push("flint / auto".into());
    }
    headers.push("auto in place ns".into());
    if opts.peers {
        headers.push("flint / auto in place".into());
    }
    headers.push("montgomery / newton".into());
    headers.push("montgomery-lazy / newton-lazy".into());
    let mut t = Table::new(headers);
    let get = |r: &Row, n: &str| r.ns.iter().find(|x| x.0 == n).map(|x| x.1);
    for r in &rows {
        let mut row = vec![r.k.to_string(), r.bits.to_string(), ratio(r.mq_over_aq)];
        for a in &algs {
            row.push(get(r, a).map(ns).unwrap_or_else(|| "—".into()));
        }
        if opts.peers {
            let p = |n: &str| r.peers.iter().find(|x| x.0 == n).map(|x| x.1.clone());
            let show = |v: Option<Result<f64, String>>| match v {
                Some(Ok(x)) => ns(x),
                Some(Err(e)) => format!("n/a ({e})"),
                None => "—".into(),
            };
            let fl = p("flint_fq_mul");
            row.push(show(fl.clone()));
            row.push(show(p("pari_fpxq_mul")));
            row.push(match (fl.clone(), get(r, "auto")) {
                (Some(Ok(x)), Some(y)) => ratio(x / y),
                _ => "—".into(),
            });
            row.push(ns(r.in_place));
            row.push(match fl {
                Some(Ok(x)) => ratio(x / r.in_place),
                _ => "—".into(),
            });
        } else {
            row.push(ns(r.in_place));
        }
        row.push(match (get(r, "montgomery"), get(r, "newton")) {
            (Some(m), Some(n)) => ratio(m / n),
            _ => "—".into(),
        });
        row.push(match (get(r, "montgomery-lazy"), get(r, "newton-lazy")) {
            (Some(m), Some(n)) => ratio(m / n),
            _ => "—".into(),
        });
        t.push(row);
    }
    md.push_str("### Times, Table 9 (M_q/A_q), Table 10/11 (Montgomery / Newton)\n\n");
    md.push_str(&t.render());
    md.push_str(
        "\nPaper (64-bit Pentium, Table 9 M_q/A_q): 3.9 / 5.7 / 6.9 / 9.3 / 16.6 / 19.4 / \
         32.1 at 160 / 256 / 384 / 512 / 768 / 1024 / 1536 bits; Table 10 \
         Montgomery/Newton 0.49 … 1.09 (Newton ahead above 512 bits).\n\n",
    );
    // every pair of algorithms for k = 5
    let mut pairs = Table::new(["k", "log q", "pair", "ratio (first / second)"]);
    for r in rows.iter() {
        for i in 0..r.ns.len() {
            for j in i + 1..r.ns.len() {
                pairs.push([
                    r.k.to_string(),
                    r.bits.to_string(),
                    format!("{} / {}", r.ns[i].0, r.ns[j].0),
                    ratio(r.ns[i].1 / r.ns[j].1),
                ]);
            }
        }
    }
    md.push_str("### Every pair of algorithms\n\n");
    md.push_str(&pairs.render());
    // Tables 4 / 7
    let mut t4 = Table::new(["log q", "operation", "time / addition"]);
    for r in rows.iter().filter(|r| r.k == 5) {
        for (n, v) in &r.base {
            t4.push([r.bits.to_string(), n.clone(), ratio(*v)]);
        }
    }
    md.push_str("\n### Tables 4 and 7: small-constant operations relative to one addition\n\n");
    md.push_str(&t4.render());
    // crossover: where Newton's interpolation overtakes the best Karatsuba-like
    // formula, reduced and lazy, with the measured M_q/A_q at each size
    for k in [5usize, 6, 7] {
        for (newton, rivals, label) in [
            ("newton", ["montgomery", "karatsuba"], "reduced"),
            ("newton-lazy", ["montgomery-lazy", "karatsuba-lazy"], "lazy"),
        ] {
            let mut first = None;
            let mut trail = Vec::new();
            for r in rows.iter().filter(|r| r.k == k) {
                let rival = rivals
                    .iter()
                    .filter_map(|a| get(r, a).map(|v| (*a, v)))
                    .min_by(|x, y| x.1.total_cmp(&y.1));
                if let (Some(n), Some((ra, rv))) = (get(r, newton), rival) {
                    trail.push(format!(
                        "{}: {} / {ra} = {} (M_q/A_q {})",
                        r.bits,
                        newton,
                        ratio(n / rv),
                        ratio(r.mq_over_aq)
                    ));
                    if n < rv && first.is_none() {
                        first = Some(r.bits);
                    }
                }
            }
            md.push_str(&format!(
                "\nk = {k}, {label}: {newton} first faster than the best of {} at log q = {}. {}.\n",
                rivals.join("/"),
                first
                    .map(|b| b.to_string())
                    .unwrap_or_else(|| "never (in range)".into()),
                trail.join("; ")
            ));
        }
    }
    // Montgomery's formulae (13M / 17M / 22M) against the Karatsuba recursion (14M / 18M /
    // 23M) they save one product on, and the operation-count model of Table 11 with
    // this machine's M_q/A_q beside the measured Montgomery / Newton ratio
    md.push_str(
        "\nTable 11 (operation counts): paper — Montgomery 17M_q + 161A_q (k = 6), \
         22M_q + 205A_q (k = 7); Newton 11M_q + 199A_q, 13M_q + 281A_q. halfroot's \
         evaluation of Montgomery's formulae (generated with shared sub-sums, counted by \
         tests/it/ext_opcounts.rs): 13M_q + 64A_q, 17M_q + 93A_q, 22M_q + 166A_q. The \
         model ratios below pair these counts with the paper's Newton counts (9M_q + \
         137A_q for k = 5) at the M_q/A_q measured here.\n",
    );
    for k in [5usize, 6, 7] {
        // (Montgomery M, A as counted here; Newton M, A as the paper counts)
        let (mont_m, mont_a, newton_m, newton_a) = match k {
            5 => (13.0, 64.0, 9.0, 137.0),
            6 => (17.0, 93.0, 11.0, 199.0),
            _ => (22.0, 166.0, 13.0, 281.0),
        };
        for (mont, kara, label) in [
            ("montgomery", "karatsuba", "reduced"),
            ("montgomery-lazy", "karatsuba-lazy", "lazy"),
        ] {
            let mut first = None;
            let mut trail = Vec::new();
            for r in rows.iter().filter(|r| r.k == k) {
                if let (Some(m), Some(kt)) = (get(r, mont), get(r, kara)) {
                    let model =
                        (mont_m * r.mq_over_aq + mont_a) / (newton_m * r.mq_over_aq + newton_a);
                    trail.push(format!(
                        "{}: {mont} / {kara} = {} (model {mont} / newton = {} at M_q/A_q {})",
                        r.bits,
                        ratio(m / kt),
                        ratio(model),
                        ratio(r.mq_over_aq)
                    ));
                    if m < kt && first.is_none() {
                        first = Some(r.bits);
                    }
                }
            }
            md.push_str(&format!(
                "\nk = {k}, {label}: {mont} ({}M) first faster than {kara} at log q = {}. {}.\n",
                mont_m,
                first
                    .map(|b| b.to_string())
                    .unwrap_or_else(|| "never (in range)".into()),
                trail.join("; ")
            ));
        }
    }
    let json_rows: Vec<Value> = rows
        .iter()
        .map(|r| {
            let ns_map: Map<String, Value> =
                r.ns.iter().map(|(n, v)| (n.clone(), json!(v))).collect();
            let peers: Map<String, Value> = r
                .peers
                .iter()
                .map(|(n, v)| {
                    (
                        n.clone(),
                        match v {
                            Ok(x) => json!(x),
                            Err(e) => json!({ "error": e }),
                        },
                    )
                })
                .collect();
            let base: Map<String, Value> =
                r.base.iter().map(|(n, v)| (n.clone(), json!(v))).collect();
            json!({ "k": r.k, "bits": r.bits, "ns": ns_map, "auto_in_place_ns": r.in_place,
                    "mq_over_aq": r.mq_over_aq,
                    "peers": peers, "relative_to_add": base })
        })
        .collect();
    let mut charts = Vec::new();
    for k in [5usize, 6, 7] {
        let mut series = Vec::new();
        for a in &algs {
            let pts: Vec<(f64, f64)> = rows
                .iter()
                .filter(|r| r.k == k)
                .filter_map(|r| get(r, a).map(|v| (r.bits as f64, v)))
                .collect();
            if !pts.is_empty() {
                series.push(Series {
                    name: a.clone(),
                    points: pts,
                });
            }
        }
        for p in ["flint_fq_mul", "pari_fpxq_mul"] {
            let pts: Vec<(f64, f64)> = rows
                .iter()
                .filter(|r| r.k == k)
                .filter_map(|r| {
                    r.peers
                        .iter()
                        .find(|x| x.0 == p)
                        .and_then(|x| x.1.clone().ok())
                        .map(|v| (r.bits as f64, v))
                })
                .collect();
            if !pts.is_empty() {
                series.push(Series {
                    name: p.into(),
                    points: pts,
                });
            }
        }
        charts.push(Chart {
            file: format!("ext_k{k}"),
            title: format!("F_(q^{k}) multiplication"),
            x_label: "log2 q".into(),
            y_label: "ns".into(),
            series,
            log_y: true,
        });
    }
    Ok(SectionOutput {
        markdown: md,
        json: Value::Array(json_rows),
        charts,
    })
}
