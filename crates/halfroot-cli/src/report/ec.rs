//! `halfroot report ec`: Avanzi's Table 5 (costs of elliptic-curve operations relative
//! to one field multiplication; double-and-add vs halve-and-add; NIST vs SSRF
//! polynomial) regenerated on this machine for the ten standard binary curves, with the
//! constant-time ladder, ECDH and (with `--peers`) OpenSSL's ECDH beside them, c-xs233's
//! xsb233/xsk233 scalar multiplications beside ours on B-233/K-233, and crrl's GLS254
//! (`peers/crrl-bench`) as an anchor beside the 283-bit curves.
//!
//! Every curve runs on a compile-time field: its NIST polynomial, and the SSRF
//! polynomial of the same degree (Avanzi Table 1) through `ec2::basis` (409's NIST
//! trinomial is already SSRF). Field operations and group operations are timed as
//! dependent chains (each result feeds the next call), the way a scalar multiplication
//! uses them; scalar multiplications and ECDH per call, on a random scalar below n.

use super::markdown::{ns, ratio, Table};
use super::plot::{Chart, Series};
use super::timing::{median_ns, Budget};
use super::{Options, SectionOutput};
use halfroot::binary::convert::BasisConverter;
use halfroot::binary::field::{BinaryField, BinaryFieldOps};
use halfroot::binary::modulus::{Modulus, ModulusSpec};
use halfroot::binary::spec::{
    Nist163, Nist233, Nist283, Nist409, Nist571, Ssrf163, Ssrf233, Ssrf283, Ssrf571,
};
use halfroot::ec2::basis::CurveOnBasis;
use halfroot::ec2::curve::AffinePoint;
use halfroot::ec2::params::STANDARD_CURVES;
use halfroot::ec2::BinaryCurve;
use halfroot::field::Field;
use rand::SeedableRng;
use serde_json::{json, Value};
use std::hint::black_box;

/// Latencies of the field operations (ns), dependent chains.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct FieldOps {
    pub(super) m: f64,
    pub(super) s: f64,
    pub(super) i: f64,
    pub(super) sr: f64,
    pub(super) h: f64,
    pub(super) t: f64,
}

/// Latencies of the curve operations (ns).
#[derive(Clone, Copy, Debug, Default)]
struct CurveOps {
    add: f64,
    dbl: f64,
    hlv: f64,
    madd: f64,
    ld_dbl: f64,
    wnaf: f64,
    hna: f64,
    /// λ-projective doubling, mixed addition (+ λ-affine) and fused 2Q + P.
    lambda_dbl: f64,
    lambda_madd: f64,
    lambda_dbl_add: f64,
    /// w-NAF with λ-projective coordinates; halve-and-add with López–Dahab
    /// accumulators (`hna` has the λ ones).
    wnaf_lambda: f64,
    hna_ld: f64,
    ladder: f64,
    /// Width-w τNAF (Koblitz curves only).
    tnaf: Option<f64>,
    /// The constant-time τ-adic method (Koblitz curves only).
    tnaf_ct: Option<f64>,
    /// The method ECDH used (`auto_secret_algorithm`).
    ecdh_method: &'static str,
    /// w-NAF and the cached comb on G.
    wnaf_g: f64,
    comb_g: f64,
    ecdh: f64,
    /// OpenSSL with keys and contexts prepared outside the timed loop: ECDH
    /// (`EVP_PKEY_derive`), k·Q and k·G (`EC_POINT_mul`).
    openssl_ecdh: Option<f64>,
    openssl_mul: Option<f64>,
    openssl_mulgen: Option<f64>,
}

struct Row {
    curve: &'static str,
    nist: &'static str,
    degree: u32,
    cofactor: u64,
    b_is_one: bool,
    ssrf: bool,
    modulus: String,
    field: FieldOps,
    ops: CurveOps,
    window: u32,
    bits: usize,
}

/// The latency of `op` as a dependent chain x ← op(x), inlined into the timed loop
/// (a `dyn` call would add its own few nanoseconds to every operation and compress the
/// ratios).
pub(super) fn chain<const N: usize>(
    budget: Budget,
    start: [u64; N],
    op: impl Fn(&[u64; N]) -> [u64; N],
) -> f64 {
    let mut x = start;
    median_ns(budget, 1, || {
        x = op(black_box(&x));
    })
}

pub(super) fn measure_field<const N: usize, M: ModulusSpec>(
    f: &BinaryField<N, M>,
    budget: Budget,
) -> FieldOps {
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x4543_3220);
    let a = f.random(&mut rng);
    let b = f.random(&mut rng);
    FieldOps {
        m: chain(budget, a, |x| f.mul(x, &b)),
        s: chain(budget, a, |x| f.sqr(x)),
        i: chain(budget, a, |x| f.inv_or_zero(&f.add(x, &b))),
        sr: chain(budget, a, |x| f.sqrt(x)),
        h: chain(budget, a, |x| f.half_trace_vartime(x).unwrap_or(*x)),
        t: chain(budget, a, |x| {
            let mut y = *x;
            y[0] ^= f.trace(x) as u64 ^ 2;
            y
        }),
    }
}

fn measure_curve<const N: usize, M: ModulusSpec>(
    c: &BinaryCurve<BinaryField<N, M>>,
    budget: Budget,
    standard: &BinaryCurve<halfroot::binary::dynamic::DynBinaryField>,
    peers: bool,
) -> CurveOps {
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x4543_3221);
    let p = c.random_point_vartime(&mut rng);
    let q = c.random_point_vartime(&mut rng);
    let w = c.default_window();
    let k = c.random_scalar_vartime(&mut rng);
    let ks = c.scalar_from_biguint(&k);
    type Step<'a, const N: usize> = &'a dyn Fn(&AffinePoint<[u64; N]>) -> AffinePoint<[u64; N]>;
    let affine_chain = |op: Step<N>| {
        let mut x = q.clone();
        median_ns(budget, 1, || {
            x = op(black_box(&x));
        })
    };
    let add = affine_chain(&|x| c.add_vartime(x, &p));
    let dbl = affine_chain(&|x| c.double_vartime(x));
    let hlv = match c.lambda_point_vartime(&p) {
        // Some: halving is supported on this curve, so every step is Ok.
        // In place (`halve_lambda_in_place`), as halve-and-add runs it.
        Some(mut lam) => median_ns(budget, 1, || {
            black_box(
                c.halve_lambda_in_place::<false>(black_box(&mut lam))
                    .is_ok(),
            );
        }),
        None => f64::NAN,
    };
    let mut l = c.ld_from_affine(&q);
    let madd = median_ns(budget, 1, || {
        l = c.ld_add_mixed_vartime(black_box(&l), &p);
    });
    let mut l = c.ld_from_affine(&q);
    let ld_dbl = median_ns(budget, 1, || {
        l = c.ld_double(black_box(&l));
    });
    let pl = c.lambda_point_vartime(&p);
    let mut l = c.lambda_proj_from_affine(&q);
    let lambda_dbl = median_ns(budget, 1, || {
        l = c.lambda_proj_double(black_box(&l));
    });
    let (lambda_madd, lambda_dbl_add) = match &pl {
        Some(pl) => {
            let mut l = c.lambda_proj_from_affine(&q);
            let madd = median_ns(budget, 1, || {
                l = c.lambda_proj_add_mixed_vartime(black_box(&l), pl);
            });
            let mut l = c.lambda_proj_from_affine(&q);
            let dbl_add = median_ns(budget, 1, || {
                l = c.lambda_proj_double_add_vartime(black_box(&l), pl);
            });
            (madd, dbl_add)
        }
        None => (f64::NAN, f64::NAN),
    };
    let wnaf_lambda = median_ns(budget, 1, || {
        black_box(c.mul_wnaf_lambda_vartime(black_box(&k), &p, w));
    });
    let hna_ld = median_ns(budget, 1, || {
        black_box(c.mul_halve_and_add_ld_vartime(black_box(&k), &p, w).ok());
    });
    let wnaf = median_ns(budget, 1, || {
        black_box(c.mul_wnaf_vartime(black_box(&k), &p, w));
    });
    let hna = median_ns(budget, 1, || {
        black_box(c.mul_halve_and_add_vartime(black_box(&k), &p, w).ok());
    });
    let ladder = median_ns(budget, 1, || {
        black_box(c.mul_ladder(black_box(&ks), &p));
    });
    let tnaf = c.koblitz_unsupported().is_none().then(|| {
        let tw = c.tnaf_window();
        median_ns(budget, 1, || {
            black_box(c.mul_tnaf_vartime(black_box(&k), &p, tw).ok());
        })
    });
    let tnaf_ct = c.koblitz_unsupported().is_none().then(|| {
        median_ns(budget, 1, || {
            black_box(c.mul_tnaf(black_box(&ks), &p).ok());
        })
    });
    // The measured choice of ECDH's method, made before the timing.
    let ecdh_method = c.auto_secret_algorithm().name();
    let g = c.generator();
    let wnaf_g = median_ns(budget, 1, || {
        black_box(c.mul_wnaf_vartime(black_box(&k), &g, w));
    });
    c.generator_comb();
    let comb_g = median_ns(budget, 1, || {
        black_box(c.mulgen_vartime(black_box(&k)));
    });
    let ecdh = median_ns(budget, 1, || {
        black_box(c.ecdh(black_box(&ks), &q).ok());
    });
    let (openssl_ecdh, openssl_mul, openssl_mulgen) = if peers {
        use halfroot_peers::openssl::{ec_bench_ns, EcOp};
        // (An empty key on a failure, which the peer refuses: no figure.)
        let der = standard
            .keygen(&mut rng)
            .and_then(|(_, q_std)| standard.encode_spki(&q_std, false))
            .unwrap_or_default();
        let hex = ks.to_biguint().to_str_radix(16);
        // The C side times 4 runs after its own setup (key parsing, contexts, which
        // must stay outside the figure); the median of 9 such samples.
        let time = |op| {
            let mut v: Vec<f64> = (0..9)
                .filter_map(|_| ec_bench_ns(standard.name(), &hex, &der, op, 4).ok())
                .collect();
            v.sort_by(f64::total_cmp);
            v.get(v.len() / 2).copied()
        };
        (
            time(EcOp::Ecdh),
            time(EcOp::PointMul),
            time(EcOp::GeneratorMul),
        )
    } else {
        (None, None, None)
    };
    CurveOps {
        add,
        dbl,
        hlv,
        madd,
        ld_dbl,
        wnaf,
        hna,
        lambda_dbl,
        lambda_madd,
        lambda_dbl_add,
        wnaf_lambda,
        hna_ld,
        ladder,
        tnaf,
        tnaf_ct,
        ecdh_method,
        wnaf_g,
        comb_g,
        ecdh,
        openssl_ecdh,
        openssl_mul,
        openssl_mulgen,
    }
}

pub(super) fn spec_modulus<M: ModulusSpec>(m: &M) -> Result<Modulus, String> {
    let mut e = vec![m.degree()];
    e.extend_from_slice(m.middle_exponents());
    e.push(0);
    Modulus::from_exponents(&e).map_err(|e| e.to_string())
}

/// Both curves of one degree on the NIST polynomial `MN` and (if given) the SSRF one
/// `MS`.
fn degree_rows<const N: usize, MN: ModulusSpec + Default, MS: ModulusSpec + Default>(
    degree: u32,
    with_ssrf: bool,
    opts: &Options,
    rows: &mut Vec<Row>,
) -> Result<(), String> {
    let budget = opts.budget();
    let err = |e: halfroot::Error| e.to_string();
    let names: Vec<&'static halfroot::ec2::params::StandardCurve> = STANDARD_CURVES
        .iter()
        .filter(|c| c.exponents[0] == degree)
        .collect();
    let nist = BinaryField::<N, MN>::new(MN::default()).map_err(err)?;
    nist.precompute();
    let nist_ops = measure_field(&nist, budget);
    let ssrf = if with_ssrf {
        let f = BinaryField::<N, MS>::new(MS::default()).map_err(err)?;
        f.precompute();
        let ops = measure_field(&f, budget);
        let conv = BasisConverter::new(
            &spec_modulus(&MN::default())?,
            &spec_modulus(&MS::default())?,
        )
        .map_err(err)?;
        Some((f, ops, conv))
    } else {
        None
    };
    for sc in names {
        eprintln!("  {} …", sc.name);
        let standard = BinaryCurve::standard(sc.name).map_err(err)?;
        let c = BinaryCurve::standard_on(nist.clone(), sc.name).map_err(err)?;
        let mut push =
            |ssrf: bool, modulus: String, field: FieldOps, ops: CurveOps, c_w: u32, bits: usize| {
                rows.push(Row {
                    curve: sc.name,
                    nist: sc.nist,
                    degree,
                    cofactor: sc.cofactor as u64,
                    b_is_one: sc.b == "1",
                    ssrf,
                    modulus,
                    field,
                    ops,
                    window: c_w,
                    bits,
                })
            };
        let ops = measure_curve(&c, budget, &standard, opts.peers);
        let nist_is_ssrf = !with_ssrf;
        push(
            nist_is_ssrf,
            spec_modulus(&MN::default())?.to_string(),
            nist_ops,
            ops,
            c.default_window(),
            c.order_bits(),
        );
        if let Some((f, fops, conv)) = &ssrf {
            let moved =
                CurveOnBasis::with_converter(f.clone(), conv.clone(), sc.name).map_err(err)?;
            let ops = measure_curve(moved.internal(), budget, &standard, false);
            push(
                true,
                spec_modulus(&MS::default())?.to_string(),
                *fops,
                ops,
                c.default_window(),
                c.order_bits(),
            );
        }
    }
    Ok(())
}

/// Avanzi Table 5 (PowerPC G4 ratios, operation counts of Avanzi SAC 2006 §5.2):
/// degree, SSRF, Add/Dbl (affine), Hlv, mixed add, Dbl (LD), D&A affine, H&A, D&A mixed.
const PAPER_TABLE5: [(u32, bool, [f64; 7]); 5] = [
    (
        163,
        false,
        [8.596, 3.343, 8.525, 5.175, 1550.3, 834.5, 1137.2],
    ),
    (
        163,
        true,
        [8.601, 2.601, 8.550, 5.200, 1551.4, 715.0, 1141.1],
    ),
    (
        191,
        true,
        [8.567, 2.592, 8.465, 5.115, 1801.3, 825.0, 1310.7],
    ),
    (
        233,
        false,
        [13.001, 3.151, 8.380, 5.030, 3369.4, 1291.0, 1588.6],
    ),
    (
        233,
        true,
        [13.039, 2.532, 8.340, 4.990, 3379.2, 1149.4, 1579.8],
    ),
];

/// The cost model of the module header of `ec2::scalar`, in field multiplications,
/// with this machine's ratios: (Hlv, Dbl LD, D&A, H&A).
fn model(r: &Row) -> (f64, f64, f64, f64) {
    let f = &r.field;
    let (s, sr, h, t) = (f.s / f.m, f.sr / f.m, f.h / f.m, f.t / f.m);
    let hlv = if r.cofactor == 4 {
        2.0 + s + h + 2.0 * sr + t
    } else {
        1.0 + h + sr + t
    };
    let dbl = if r.b_is_one {
        3.0 + 5.0 * s
    } else {
        4.0 + 5.0 * s
    };
    let madd = 8.0 + 5.0 * s;
    let t_bits = r.bits as f64;
    let adds = t_bits / (r.window as f64 + 1.0);
    let da = t_bits * dbl + adds * madd;
    let acc = (1u32 << (r.window - 2)) as f64;
    // Halve-and-add with λ accumulators: mixed 8M + 2S, general 11M + 2S.
    let ha = (t_bits - 1.0) * hlv + adds * (8.0 + 2.0 * s) + 2.0 * acc * (11.0 + 2.0 * s);
    (hlv, dbl, da, ha)
}

/// One c-xs233 scalar multiplication timed beside ours: the group, the C function, its
/// median µs-scale time in ns (or why not).
struct Xs233Mul {
    curve: &'static str,
    function: String,
    fixed_base: bool,
    ns: Result<f64, String>,
}

/// c-xs233's scalar multiplications (xsb233 on B-233, xsk233 on K-233), one call at a
/// time with the report's timer, on a random group element and a random scalar below
/// the group order (30 bytes little-endian).
fn measure_xs233(budget: Budget) -> Vec<Xs233Mul> {
    use halfroot_peers::xs233::{Group, MulGenMethod, MulMethod, Xs233};
    let mut out = Vec::new();
    for group in [Group::Xsb233, Group::Xsk233] {
        let (muls, gens): (&[MulMethod], &[MulGenMethod]) = match group {
            Group::Xsb233 => (
                &[MulMethod::Window, MulMethod::Ladder],
                &[MulGenMethod::Tables],
            ),
            Group::Xsk233 => (
                &[MulMethod::Window, MulMethod::Ladder, MulMethod::Frobenius],
                &[MulGenMethod::Tables, MulGenMethod::Frobenius],
            ),
        };
        let setup = || -> Result<(Xs233, halfroot_peers::xs233::Point, [u8; 30]), String> {
            let g = Xs233::new(group).map_err(|e| e.to_string())?;
            let c = BinaryCurve::standard(group.curve()).map_err(|e| e.to_string())?;
            let mut rng = rand::rngs::StdRng::seed_from_u64(0x7873_3234);
            let le = |k: num_bigint::BigUint| {
                let mut b = [0u8; 30];
                let v = k.to_bytes_le();
                b[..v.len()].copy_from_slice(&v);
                b
            };
            let j = le(c.random_scalar_vartime(&mut rng));
            let k = le(c.random_scalar_vartime(&mut rng));
            let p = g
                .mulgen(MulGenMethod::Tables, &j)
                .map_err(|e| e.to_string())?;
            Ok((g, p, k))
        };
        let ready = setup();
        for m in muls {
            let ns = ready.as_ref().map_err(Clone::clone).and_then(|(g, p, k)| {
                g.mul(*m, p, k).map_err(|e| e.to_string())?;
                Ok(median_ns(budget, 1, || {
                    black_box(g.mul(*m, black_box(p), black_box(k)).ok());
                }))
            });
            out.push(Xs233Mul {
                curve: group.curve(),
                function: m.function(group),
                fixed_base: false,
                ns,
            });
        }
        for m in gens {
            let ns = ready.as_ref().map_err(Clone::clone).and_then(|(g, _, k)| {
                g.mulgen(*m, k).map_err(|e| e.to_string())?;
                Ok(median_ns(budget, 1, || {
                    black_box(g.mulgen(*m, black_box(k)).ok());
                }))
            });
            out.push(Xs233Mul {
                curve: group.curve(),
                function: m.function(group),
                fixed_base: true,
                ns,
            });
        }
    }
    out
}

/// Our constant-time scalar multiplications on the packed field (ns).
#[derive(Clone, Copy, Debug)]
struct PackedOps {
    ladder: f64,
    /// The τ-adic method (K-233 only).
    tnaf_ct: Option<f64>,
    ecdh: f64,
    /// The method ECDH used.
    ecdh_method: &'static str,
}

/// [`PackedOps`], or why not.
type PackedTimes = Result<PackedOps, String>;

/// Our constant-time ladder and ECDH on `curve` (sect233r1 / sect233k1) over
/// [`halfroot::binary::packed::PackedField`] (233,74,0, elements kept in SSE registers,
/// partially reduced), or why not.
#[cfg(target_arch = "x86_64")]
fn packed_233(curve: &str, budget: Budget) -> PackedTimes {
    use halfroot::binary::packed::PackedField;
    use halfroot::ec2::ScalarMulAlgorithm;
    let err = |e: halfroot::Error| e.to_string();
    let f = PackedField::<4, Nist233>::new(Nist233).map_err(err)?;
    let c = BinaryCurve::standard_on(f, curve).map_err(err)?;
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x7061_636b);
    let g = c.generator();
    let k = c.random_scalar_vartime(&mut rng);
    let peer = c
        .mul(None, &c.random_scalar_vartime(&mut rng), &g)
        .map_err(err)?;
    let d = c.scalar_from_biguint(&c.random_scalar_vartime(&mut rng));
    c.ecdh(&d, &peer).map_err(err)?;
    let ladder = median_ns(budget, 1, || {
        black_box(
            c.mul(Some(ScalarMulAlgorithm::Ladder), black_box(&k), &g)
                .ok(),
        );
    });
    let tnaf_ct = c.koblitz_unsupported().is_none().then(|| {
        median_ns(budget, 1, || {
            black_box(c.mul_tnaf(black_box(&d), &peer).ok());
        })
    });
    let ecdh_method = c.auto_secret_algorithm().name();
    let ecdh = median_ns(budget, 1, || {
        black_box(c.ecdh(black_box(&d), &peer).ok());
    });
    Ok(PackedOps {
        ladder,
        tnaf_ct,
        ecdh,
        ecdh_method,
    })
}

#[cfg(not(target_arch = "x86_64"))]
fn packed_233(_curve: &str, _budget: Budget) -> PackedTimes {
    Err("the packed field exists on x86-64 only".into())
}

/// Runs the section.
pub fn run(opts: &Options) -> Result<SectionOutput, String> {
    let mut rows = Vec::new();
    degree_rows::<3, Nist163, Ssrf163>(163, true, opts, &mut rows)?;
    degree_rows::<4, Nist233, Ssrf233>(233, true, opts, &mut rows)?;
    degree_rows::<5, Nist283, Ssrf283>(283, true, opts, &mut rows)?;
    degree_rows::<7, Nist409, Nist409>(409, false, opts, &mut rows)?;
    degree_rows::<9, Nist571, Ssrf571>(571, true, opts, &mut rows)?;

    let mut md = String::new();
    md.push_str(
        "Field operations timed as dependent chains (latency, ns) and relative to one \
         multiplication M on the same field; `H` is the table half-trace (what halving \
         uses), `I` the constant-time inversion.\n\n",
    );
    let mut t = Table::new([
        "d",
        "polynomial",
        "SSRF",
        "M ns",
        "S/M",
        "I/M",
        "SR/M",
        "H/M",
        "T/M",
    ]);
    let mut seen = std::collections::BTreeSet::new();
    for r in &rows {
        if !seen.insert(r.modulus.clone()) {
            continue;
        }
        let f = &r.field;
        t.push([
            r.degree.to_string(),
            r.modulus.clone(),
            if r.ssrf { "Y" } else { "N" }.into(),
            ns(f.m),
            ratio(f.s / f.m),
            ratio(f.i / f.m),
            ratio(f.sr / f.m),
            ratio(f.h / f.m),
            ratio(f.t / f.m),
        ]);
    }
    md.push_str(&t.render());
    md.push_str(
        "\n**Avanzi Table 5 on this machine**: group operations and scalar multiplications \
         relative to one field multiplication (measured times divided by this field's M). \
         Add/Dbl: affine (one inversion each); Hlv: one halving in a chain in the \
         λ-representation, in place, as halve-and-add runs it (cofactor 2: λ̂ carried, the next one read \
         from u² by the table of H∘√; cofactor 4: the chained variant with two square roots); \
         mixed A: López–Dahab + \
         affine; Dbl: López–Dahab; D&A: w-NAF double-and-add (LD, mixed); H&A: w-NAF \
         halve-and-add (λ accumulators); ladder: the constant-time LD Montgomery ladder; τNAF: \
         width-w τNAF with Frobenius maps (Koblitz curves only, w = 5).\n\n",
    );
    let mut t = Table::new([
        "curve",
        "SSRF",
        "Add",
        "Dbl",
        "Hlv",
        "mixed A",
        "Dbl LD",
        "Hlv/Dbl LD",
        "D&A",
        "H&A",
        "ladder",
        "τNAF",
        "D&A/H&A",
    ]);
    for r in &rows {
        let (m, o) = (r.field.m, &r.ops);
        t.push([
            format!("{} ({})", r.curve, r.nist),
            if r.ssrf { "Y" } else { "N" }.into(),
            ratio(o.add / m),
            ratio(o.dbl / m),
            ratio(o.hlv / m),
            ratio(o.madd / m),
            ratio(o.ld_dbl / m),
            ratio(o.hlv / o.ld_dbl),
            ratio(o.wnaf / m),
            ratio(o.hna / m),
            ratio(o.ladder / m),
            o.tnaf.map_or("—".into(), |x| ratio(x / m)),
            ratio(o.wnaf / o.hna),
        ]);
    }
    md.push_str(&t.render());
    md.push_str("\nThe paper's Table 5 (PowerPC G4 field-operation ratios, operation counts from Avanzi SAC 2006 §5.2; Add and Dbl affine share one column):\n\n");
    let mut t = Table::new([
        "d",
        "SSRF",
        "Add, Dbl",
        "Hlv",
        "mixed A",
        "Dbl LD",
        "D&A affine",
        "H&A",
        "D&A mixed",
    ]);
    for (d, s, v) in PAPER_TABLE5 {
        let mut row = vec![d.to_string(), if s { "Y" } else { "N" }.to_string()];
        row.extend(v.iter().map(|x| ratio(*x)));
        t.push(row);
    }
    md.push_str(&t.render());
    md.push_str(
        "\nThe same model evaluated with this machine's ratios (halving 1M + H + SR + T, \
         or 2M + S + H + 2SR + T on cofactor-4 curves; LD doubling 4M + 5S, 3M + 5S when \
         b = 1; mixed addition 8M + 5S; halve-and-add with λ accumulators, mixed addition \
         8M + 2S and general 11M + 2S; t = bits(n) doublings or t − 1 halvings and \
         t/(w + 1) additions), beside the measurement, in M:\n\n",
    );
    let mut t = Table::new([
        "curve",
        "SSRF",
        "w",
        "Hlv model",
        "Hlv measured",
        "D&A model",
        "D&A measured",
        "H&A model",
        "H&A measured",
    ]);
    for r in &rows {
        let (hlv, _, da, ha) = model(r);
        let (m, o) = (r.field.m, &r.ops);
        t.push([
            r.curve.to_string(),
            if r.ssrf { "Y" } else { "N" }.into(),
            r.window.to_string(),
            ratio(hlv),
            ratio(o.hlv / m),
            ratio(da),
            ratio(o.wnaf / m),
            ratio(ha),
            ratio(o.hna / m),
        ]);
    }
    md.push_str(&t.render());
    md.push_str("\nTimes per scalar multiplication (µs), one call at a time; τNAF: width-w τNAF with Frobenius maps (Koblitz curves); kG: w-NAF and the generator's cached fixed-base comb (w = 8, two tables); τNAF (ct): the constant-time τ-adic method (4-digit τNAF groups, a 10-point table read with masks, Pornin's complete formulas; Koblitz curves); ECDH includes the full validation of the peer's key (on the curve, trace test for the subgroup) and the constant-time method `auto` measured faster on this machine (`ECDH by`: the x-only ladder, or the τ-adic method). OpenSSL (with --peers): `EVP_PKEY_derive`, `EC_POINT_mul` for k·Q and for k·G, keys and contexts prepared outside the timed loop.\n\n");
    let mut t = Table::new([
        "curve",
        "SSRF",
        "D&A",
        "H&A",
        "τNAF",
        "kG w-NAF",
        "kG comb",
        "ladder (ct)",
        "τNAF (ct)",
        "ECDH (ct)",
        "ECDH by",
        "OpenSSL ECDH",
        "OpenSSL/ours",
        "OpenSSL kQ",
        "OpenSSL kG",
    ]);
    let us = |v: f64| format!("{:.1}", v / 1000.0);
    for r in &rows {
        let o = &r.ops;
        t.push([
            format!("{} ({})", r.curve, r.nist),
            if r.ssrf { "Y" } else { "N" }.into(),
            us(o.wnaf),
            us(o.hna),
            o.tnaf.map_or("—".into(), us),
            us(o.wnaf_g),
            us(o.comb_g),
            us(o.ladder),
            o.tnaf_ct.map_or("—".into(), us),
            us(o.ecdh),
            o.ecdh_method.into(),
            o.openssl_ecdh.map_or("—".into(), us),
            o.openssl_ecdh
                .map_or("—".into(), |x| format!("{}×", ratio(x / o.ecdh))),
            o.openssl_mul.map_or("—".into(), us),
            o.openssl_mulgen.map_or("—".into(), us),
        ]);
    }
    md.push_str(&t.render());
    let xs233 = if opts.peers {
        eprintln!("  c-xs233 …");
        measure_xs233(opts.budget())
    } else {
        Vec::new()
    };
    let packed: Vec<(&str, PackedTimes)> = if opts.peers {
        ["sect233r1", "sect233k1"]
            .into_iter()
            .map(|c| (c, packed_233(c, opts.budget())))
            .collect()
    } else {
        Vec::new()
    };
    if !xs233.is_empty() {
        md.push_str(
            "\nc-xs233 (Pornin: the prime-order groups xsb233 ⊂ B-233 and xsk233 ⊂ K-233, \
             complete formulas, every function constant time; PCLMULQDQ + SSE4.1) beside \
             ours, same run, one call at a time, µs per scalar multiplication; `×` = ours \
             / c-xs233 (above 1: c-xs233 faster). Ours: the constant-time LD ladder on \
             233,74,0 (the same polynomial) and on 233,159,0 (SSRF), the constant-time \
             τ-adic method (K-233), ECDH (full validation of the peer key + the \
             constant-time method measured faster: the ladder, or on K-233 the τ-adic \
             method) and variable-time w-NAF on 233,74,0. `mul`: \
             signed 5-bit windows; `mul_ladder`: X-only LD ladder; `mul_frob`: τ-adic \
             (Frobenius) recoding; `mulgen(_frob)`: fixed base with precomputed tables \
             of G, constant time — halfroot's fixed-base comb (`kG comb` above) is \
             variable-time, so its constant-time k·G is this same ladder. `packed`: \
             the same methods and ECDH on `PackedField` (233,74,0, elements kept in SSE \
             registers and partially reduced, as c-xs233 keeps them). c-xs233's \
             functions return a projective point; ours include the inversion to the \
             affine x (ECDH: the shared secret):\n\n",
        );
        let mut t = Table::new([
            "curve",
            "c-xs233",
            "µs",
            "ladder 74",
            "×",
            "ladder 159",
            "×",
            "ECDH 74",
            "×",
            "τ ct 74",
            "×",
            "w-NAF 74",
            "×",
            "ladder packed",
            "×",
            "τ ct packed",
            "×",
            "ECDH packed",
            "×",
        ]);
        let us = |v: f64| format!("{:.1}", v / 1000.0);
        for x in &xs233 {
            let ours = |ssrf: bool| rows.iter().find(|r| r.curve == x.curve && r.ssrf == ssrf);
            let (Some(n), s) = (ours(false), ours(true)) else {
                continue;
            };
            let label = format!("{} ({})", x.curve, n.nist);
            let pk = packed
                .iter()
                .find(|(c, _)| *c == x.curve)
                .and_then(|(_, v)| v.as_ref().ok());
            match &x.ns {
                Ok(p) => {
                    let rel = |v: f64| format!("{}×", ratio(v / p));
                    t.push([
                        label,
                        format!("{}{}", x.function, if x.fixed_base { " (k·G)" } else { "" }),
                        us(*p),
                        us(n.ops.ladder),
                        rel(n.ops.ladder),
                        s.map_or("—".into(), |s| us(s.ops.ladder)),
                        s.map_or("—".into(), |s| rel(s.ops.ladder)),
                        us(n.ops.ecdh),
                        rel(n.ops.ecdh),
                        n.ops.tnaf_ct.map_or("—".into(), us),
                        n.ops.tnaf_ct.map_or("—".into(), rel),
                        us(n.ops.wnaf),
                        rel(n.ops.wnaf),
                        pk.map_or("—".into(), |v| us(v.ladder)),
                        pk.map_or("—".into(), |v| rel(v.ladder)),
                        pk.and_then(|v| v.tnaf_ct).map_or("—".into(), us),
                        pk.and_then(|v| v.tnaf_ct).map_or("—".into(), rel),
                        pk.map_or("—".into(), |v| {
                            format!("{} ({})", us(v.ecdh), v.ecdh_method)
                        }),
                        pk.map_or("—".into(), |v| rel(v.ecdh)),
                    ]);
                }
                Err(e) => t.push([label, x.function.clone(), format!("unavailable: {e}")]),
            }
        }
        md.push_str(&t.render());
        for (c, v) in &packed {
            if let Err(e) = v {
                md.push_str(&format!("\n(packed {c} not measured: {e})\n"));
            }
        }
    }
    let crrl = opts.peers.then(|| super::crrl_json(opts.quick));
    if let Some(j) = &crrl {
        md.push_str(
            "\ncrrl 0.9.0 GLS254 (Pornin: a prime-order group of 2^253 + … elements over \
             GF(2^254) = GF(2^127)[u]/(u² + u + 1), complete formulas, GLS endomorphism, \
             constant time; built apart with `-C target-cpu=native`, see \
             `peers/crrl-bench`), µs per scalar multiplication, beside ours at the same \
             security level (the 283-bit curves, constant-time ladder and ECDH, on whichever \
             of our two polynomials ran the ladder faster) — a different curve, so an anchor, not a like-for-like \
             comparison; `×` = ours / crrl:\n\n",
        );
        match j {
            Ok(j) => {
                let us = |v: f64| format!("{:.1}", v / 1000.0);
                let mut t = Table::new([
                    "crrl",
                    "µs",
                    "curve",
                    "polynomial",
                    "ladder",
                    "×",
                    "ECDH",
                    "×",
                ]);
                for op in ["mul", "mulgen"] {
                    let Some(p) = j["gls254_ns"][op].as_f64() else {
                        t.push([format!("GLS254 {op}"), "missing in crrl-bench JSON".into()]);
                        continue;
                    };
                    // Per 283-bit curve, our faster polynomial (NIST or SSRF) by ladder.
                    let mut best: Vec<&Row> = Vec::new();
                    for r in rows.iter().filter(|r| r.degree == 283) {
                        match best.iter_mut().find(|b| b.curve == r.curve) {
                            Some(b) if r.ops.ladder < b.ops.ladder => *b = r,
                            Some(_) => {}
                            None => best.push(r),
                        }
                    }
                    for r in best {
                        t.push([
                            format!("GLS254 {op}"),
                            us(p),
                            format!("{} ({})", r.curve, r.nist),
                            r.modulus.clone(),
                            us(r.ops.ladder),
                            format!("{}×", ratio(r.ops.ladder / p)),
                            us(r.ops.ecdh),
                            format!("{}×", ratio(r.ops.ecdh / p)),
                        ]);
                    }
                }
                md.push_str(&t.render());
            }
            Err(e) => md.push_str(&format!("(crrl not measured: {e})\n")),
        }
    }
    md.push_str(
        "\n**λ coordinates** (Oliveira et al. 2013, `ec2::lambda`) against López–Dahab: \
         doubling (LD 4M + 5S, λ 4M + 4S; K-curves 3M + 5S against 3M + 4S, K-163 3M + 3S), \
         mixed addition (LD + affine 8M + 5S, λ + λ-affine 8M + 2S), the fused λ step \
         2Q + P (10M + 6S) in M; then w-NAF double-and-add and halve-and-add with LD and \
         with λ accumulators (µs; `halve-and-add-vartime`, the H&A above, is the λ one).\n\n",
    );
    let mut t = Table::new([
        "curve",
        "SSRF",
        "Dbl LD",
        "Dbl λ",
        "mixed A LD",
        "mixed A λ",
        "2Q+P λ",
        "D&A LD",
        "D&A λ",
        "H&A LD",
        "H&A λ",
    ]);
    for r in &rows {
        let (m, o) = (r.field.m, &r.ops);
        t.push([
            format!("{} ({})", r.curve, r.nist),
            if r.ssrf { "Y" } else { "N" }.into(),
            ratio(o.ld_dbl / m),
            ratio(o.lambda_dbl / m),
            ratio(o.madd / m),
            ratio(o.lambda_madd / m),
            ratio(o.lambda_dbl_add / m),
            us(o.wnaf),
            us(o.wnaf_lambda),
            us(o.hna_ld),
            us(o.hna),
        ]);
    }
    md.push_str(&t.render());
    md.push_str(
        "\nWhere halving pays: a halving costs about one multiplication, one half-trace, one \
         square root and one trace, against 4M + 5S for a López–Dahab doubling; so it wins \
         where H/M and SR/M are small (table half-traces, SSRF square roots) and loses \
         where squarings are nearly free relative to M. Cofactor-4 curves (K-233 … K-571) \
         pay a second square root and multiplication per halving.\n",
    );

    let json_rows: Vec<Value> = rows
        .iter()
        .map(|r| {
            let (hlv_m, dbl_m, da_m, ha_m) = model(r);
            let (f, o) = (&r.field, &r.ops);
            json!({
                "curve": r.curve,
                "nist": r.nist,
                "degree": r.degree,
                "modulus": r.modulus,
                "ssrf": r.ssrf,
                "cofactor": r.cofactor,
                "window": r.window,
                "field_ns": {"m": f.m, "s": f.s, "i": f.i, "sr": f.sr, "h": f.h, "t": f.t},
                "ns": {
                    "add_affine": o.add, "dbl_affine": o.dbl, "halve": o.hlv,
                    "add_mixed_ld": o.madd, "dbl_ld": o.ld_dbl,
                    "wnaf_vartime": o.wnaf, "halve_and_add_vartime": o.hna,
                    "dbl_lambda": o.lambda_dbl, "add_mixed_lambda": o.lambda_madd,
                    "dbl_add_lambda": o.lambda_dbl_add,
                    "wnaf_lambda_vartime": o.wnaf_lambda,
                    "halve_and_add_ld_vartime": o.hna_ld,
                    "ladder": o.ladder, "tnaf_ct": o.tnaf_ct, "ecdh": o.ecdh,
                    "openssl_ecdh": o.openssl_ecdh,
                    "openssl_ec_point_mul": o.openssl_mul, "openssl_ec_point_mul_g": o.openssl_mulgen,
                    "tnaf_vartime": o.tnaf, "wnaf_vartime_g": o.wnaf_g, "comb_vartime_g": o.comb_g,
                },
                "ecdh_method": o.ecdh_method,
                "model_m": {"halve": hlv_m, "dbl_ld": dbl_m, "wnaf": da_m, "halve_and_add": ha_m},
            })
        })
        .collect();
    let series = |ssrf: bool, koblitz: bool, name: &str| Series {
        name: name.into(),
        points: rows
            .iter()
            .filter(|r| r.ssrf == ssrf && r.b_is_one == koblitz)
            .map(|r| (r.degree as f64, r.ops.wnaf / r.ops.hna))
            .collect(),
    };
    let chart = Chart {
        file: "ec-double-and-add-over-halve-and-add".into(),
        title: "Binary curves: D&A time / H&A time (> 1: halving wins)".into(),
        x_label: "degree d".into(),
        y_label: "w-NAF D&A / w-NAF H&A".into(),
        series: vec![
            series(true, false, "B-curves, SSRF"),
            series(false, false, "B-curves, NIST polynomial"),
            series(true, true, "K-curves, SSRF"),
            series(false, true, "K-curves, NIST polynomial"),
        ],
        log_y: false,
    };
    let xs233_json: Vec<Value> = xs233
        .iter()
        .map(|x| match &x.ns {
            Ok(ns) => json!({"curve": x.curve, "function": x.function, "fixed_base": x.fixed_base, "ns": ns}),
            Err(e) => json!({"curve": x.curve, "function": x.function, "error": e}),
        })
        .collect();
    let packed_json: Vec<Value> = packed
        .iter()
        .map(|(c, v)| match v {
            Ok(o) => json!({"curve": c, "ladder_ns": o.ladder, "tnaf_ns": o.tnaf_ct,
                            "ecdh_ns": o.ecdh, "ecdh_method": o.ecdh_method}),
            Err(e) => json!({"curve": c, "error": e}),
        })
        .collect();
    Ok(SectionOutput {
        markdown: md,
        json: json!({
            "rows": json_rows,
            "peer_c_xs233": xs233_json,
            "packed_233": packed_json,
            "peer_crrl_gls254": crrl.map(|j| match j {
                Ok(j) => j["gls254_ns"].clone(),
                Err(e) => json!({ "error": e }),
            }),
        }),
        charts: vec![chart],
    })
}
