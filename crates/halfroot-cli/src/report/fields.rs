//! Section `fields`: Avanzi Tables 3/4 regenerated on this machine.
//!
//! For every row of Avanzi's Table 3 (41…233 bits, standard and square-root-friendly
//! polynomials) and for the NIST sizes 283, 409 and 571 (NIST and SSRF polynomials), we
//! time Mul, Sqr, Inv, Sqrt, Trace and Eq (half-trace, the paper's "Eq" column) plus
//! quadratic solving, print each relative to Mul beside the ratios of the paper's Table 3
//! (PowerPC G4) and Table 4 (Core 2), and, with `--peers`, OpenSSL's `BN_GF2m_*` on the
//! same fields in the same run.
//!
//! With `--peers` also: c-xs233's GF(2^233) (`gf233.h`, vendored in halfroot-peers) on
//! 233,74,0 beside ours on 233,74,0 and 233,159,0, and crrl's `GFb127` (127,63,0, the
//! separate `peers/crrl-bench`) beside ours on 127,63,0 and 127,1,0 — each operation as a dependent
//! chain (latency) and as eight interleaved chains (throughput), the same chains for
//! every side.

use super::markdown::{ns, ratio, Table};
use super::paper_avanzi::{find, EXTRA_FIELDS, TABLE3_G4, TABLE4_CORE2};
use super::plot::{Chart, Series};
use super::timing::{median_ns, Budget};
use super::{Options, SectionOutput};
use halfroot::binary::field::{BinaryField, BinaryFieldOps};
use halfroot::binary::half_trace::HalfTraceMethod;
use halfroot::binary::modulus::{Modulus, ModulusSpec};
use halfroot::binary::spec;
use halfroot::field::Field;
use rand::SeedableRng;
use serde_json::{json, Value};
use std::hint::black_box;

/// Independent operations per timed call of the single-element forms.
const LANES: usize = 8;

/// Elements per batch of the `*_many` forms (all in L1 at 571 bits: 64 × 72 bytes).
const BATCH: usize = 64;

/// Our timings for one field, ns per operation.
#[derive(Clone, Debug, Default)]
struct Ours {
    /// Batch (`*_many`) throughputs.
    mul: f64,
    mul_latency: f64,
    sqr: f64,
    inv: f64,
    inv_ct: f64,
    sqrt: f64,
    trace: f64,
    half_trace: f64,
    /// `half_trace_many`: the constant-time half-trace.
    half_trace_ct: f64,
    /// `solve_many_split`: roots and solvability flags in separate slices.
    solve: f64,
    /// `solve_many`: the same as `Option`s.
    solve_option: f64,
    /// Single-element calls (one out-of-line kernel call per operation), throughput.
    single: Single,
    sqrt_algorithm: String,
    ssrf: Option<String>,
    /// "spec" (compile-time polynomial) or "runtime".
    kind: &'static str,
}

/// Throughputs of the single-element calls, ns per operation.
#[derive(Clone, Debug, Default)]
struct Single {
    mul: f64,
    sqr: f64,
    inv: f64,
    inv_ct: f64,
    sqrt: f64,
    trace: f64,
    half_trace: f64,
    half_trace_ct: f64,
    solve: f64,
    /// The constant-time half-trace methods, one call per element.
    mask_ct: f64,
    nibble_ct: f64,
    folded_mask_ct: f64,
    /// The constant-time method the field uses by default.
    ct_default: String,
}

/// Throughput of a batch operation `f(inputs, out)` over [`BATCH`] elements.
fn batch<const N: usize, O: Copy>(
    budget: Budget,
    init: O,
    f: impl Fn(&[[u64; N]], &mut [O]),
    inputs: &[[u64; N]],
) -> f64 {
    let mut out = vec![init; inputs.len()];
    median_ns(budget, inputs.len(), || {
        f(black_box(inputs), &mut out);
        black_box(&mut out);
    })
}

/// Throughput of `f` over `inputs`; generic (not `dyn`) so the operation inlines into the
/// timed loop the same way `mul` does, and the columns compare like with like.
fn each<const N: usize>(
    budget: Budget,
    f: impl Fn(&[u64; N]) -> [u64; N],
    inputs: &[[u64; N]; LANES],
) -> f64 {
    median_ns(budget, LANES, || {
        let xs = black_box(inputs);
        for x in xs {
            black_box(f(x));
        }
    })
}

fn measure<const N: usize, M: ModulusSpec>(field: &BinaryField<N, M>, budget: Budget) -> Ours {
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x4841_4c46);
    let xs: [[u64; N]; LANES] = core::array::from_fn(|_| field.random(&mut rng));
    let ys: [[u64; N]; LANES] = core::array::from_fn(|_| field.random(&mut rng));
    // Inputs of trace zero, so half-trace and solve do their whole work.
    let zs: [[u64; N]; LANES] = core::array::from_fn(|_| loop {
        let z = field.random(&mut rng);
        if field.trace(&z) == 0 {
            break z;
        }
    });
    // The batch inputs: BATCH random elements, BATCH more, BATCH of trace zero.
    let xb: Vec<[u64; N]> = (0..BATCH).map(|_| field.random(&mut rng)).collect();
    let yb: Vec<[u64; N]> = (0..BATCH).map(|_| field.random(&mut rng)).collect();
    let zb: Vec<[u64; N]> = (0..BATCH)
        .map(|_| loop {
            let z = field.random(&mut rng);
            if field.trace(&z) == 0 {
                break z;
            }
        })
        .collect();
    let zero = [0u64; N];
    let mul = batch(
        budget,
        zero,
        |a, o| {
            let _ = field.mul_many(a, black_box(&yb), o);
        },
        &xb,
    );
    let sqr = batch(
        budget,
        zero,
        |a, o| {
            let _ = field.sqr_many(a, o);
        },
        &xb,
    );
    let sqrt = batch(
        budget,
        zero,
        |a, o| {
            let _ = field.sqrt_many(a, o);
        },
        &xb,
    );
    let trace = batch(
        budget,
        0u8,
        |a, o| {
            let _ = field.trace_many(a, o);
        },
        &xb,
    );
    let half_trace = if field.degree() % 2 == 1 {
        batch(
            budget,
            zero,
            |a, o| {
                let _ = field.half_trace_many_vartime(a, o);
            },
            &zb,
        )
    } else {
        f64::NAN
    };
    let half_trace_ct = if field.degree() % 2 == 1 {
        batch(
            budget,
            zero,
            |a, o| {
                let _ = field.half_trace_many(a, o);
            },
            &zb,
        )
    } else {
        f64::NAN
    };
    let solvable = std::cell::RefCell::new(vec![false; BATCH]);
    let solve = batch(
        budget,
        zero,
        |a, o| {
            let mut flags = solvable.borrow_mut();
            let _ = field.solve_many_split_vartime(a, o, &mut flags[..a.len()]);
        },
        &zb,
    );
    let solve_option = batch(
        budget,
        None,
        |a, o| {
            let _ = field.solve_many_vartime(a, o);
        },
        &zb,
    );
    // Montgomery's simultaneous inversion: 3 products per element and one inversion
    // per 64 elements.
    let inv = batch(
        budget,
        zero,
        |a, o| {
            let _ = field.inv_many_vartime(a, o);
        },
        &xb,
    );
    let inv_ct = batch(
        budget,
        zero,
        |a, o| {
            let _ = field.inv_many(a, o);
        },
        &xb,
    );

    let mul_single = median_ns(budget, LANES, || {
        let (xs, ys) = black_box((&xs, &ys));
        for i in 0..LANES {
            black_box(field.mul(&xs[i], &ys[i]));
        }
    });
    let mut acc = xs[0];
    let mul_latency = median_ns(budget, 64, || {
        let y = black_box(&ys[0]);
        for _ in 0..64 {
            acc = field.mul(&acc, y);
        }
        black_box(&acc);
    });
    let sqr_single = each(budget, |x| field.sqr(x), &xs);
    let inv_single = each(budget, |x| field.arith().inv_vartime(x).unwrap_or(*x), &xs);
    let inv_ct_single = each(budget, |x| field.arith().inv(x).unwrap_or(*x), &xs);
    let sqrt_single = each(budget, |x| field.sqrt(x), &xs);
    let trace_single = median_ns(budget, LANES, || {
        let xs = black_box(&xs);
        for x in xs {
            black_box(field.trace(x));
        }
    });
    let (half_trace_single, half_trace_ct_single) = if field.degree() % 2 == 1 {
        (
            each(budget, |z| field.half_trace_vartime(z).unwrap_or(*z), &zs),
            each(budget, |z| field.half_trace(z).unwrap_or(*z), &zs),
        )
    } else {
        (f64::NAN, f64::NAN)
    };
    let (mask_ct, nibble_ct, folded_mask_ct) = if field.degree() % 2 == 1 {
        let by =
            |m: HalfTraceMethod| each(budget, |z| field.half_trace_with(m, z).unwrap_or(*z), &zs);
        (
            by(HalfTraceMethod::MaskCt),
            by(HalfTraceMethod::NibbleCt),
            by(HalfTraceMethod::FoldedMaskCt),
        )
    } else {
        (f64::NAN, f64::NAN, f64::NAN)
    };
    let solve_single = each(
        budget,
        |z| field.solve_quadratic_vartime(z).unwrap_or(*z),
        &zs,
    );
    let single = Single {
        mul: mul_single,
        sqr: sqr_single,
        inv: inv_single,
        inv_ct: inv_ct_single,
        sqrt: sqrt_single,
        trace: trace_single,
        half_trace: half_trace_single,
        half_trace_ct: half_trace_ct_single,
        mask_ct,
        nibble_ct,
        folded_mask_ct,
        ct_default: field.half_trace_ct_method().to_string(),
        solve: solve_single,
    };
    Ours {
        mul,
        mul_latency,
        sqr,
        inv,
        inv_ct,
        sqrt,
        trace,
        half_trace,
        half_trace_ct,
        solve,
        solve_option,
        single,
        sqrt_algorithm: field.sqrt_algorithm().name().to_string(),
        ssrf: field.ssrf_type().map(|t| t.to_string()),
        kind: "",
    }
}

/// Measures a field given by its exponent list through its compile-time spec (constant
/// exponents, reduction and square root specialised by the compiler); the second value
/// is the kind, `"spec"`.
fn measure_modulus(text: &str, budget: Budget) -> Result<(Ours, &'static str), String> {
    let m = Modulus::parse(text).map_err(|e| e.to_string())?;
    let exps = m.exponents();
    macro_rules! try_specs {
        ($($t:ident),* $(,)?) => {
            $(
                if spec::$t::EXPONENTS == exps.as_slice() {
                    let f = BinaryField::<{ spec::$t::WORDS }, spec::$t>::new(spec::$t)
                        .map_err(|e| e.to_string())?;
                    return Ok((measure(&f, budget), "spec"));
                }
            )*
        };
    }
    // The report's rows (Avanzi Table 3 and the larger NIST sizes).
    try_specs!(
        Ssrf41, Std43, Ssrf43, Ssrf47, Std83, Ssrf83, Std89, Ssrf89, Std97, Ssrf97, Ssrf127,
        Nist163, Ssrf163, Ssrf191, Ssrf223, Nist233, Ssrf233, Nist283, Ssrf283, Nist409, Nist571,
        Ssrf571,
    );
    // Every row of the report has a compile-time spec; a row without one is a mistake
    // in the report's table, not a field to time through the run-time modulus (which
    // would instantiate `measure` again for each word count: build weight).
    Err(format!(
        "{text}: no compile-time spec in halfroot::binary::spec for this report row"
    ))
}

/// One change-of-basis measurement.
struct Convert {
    name: &'static str,
    degree: u32,
    mul: f64,
    convert: f64,
    convert_tables: f64,
    method: String,
    convert_single: f64,
}

/// `forward_many` from a NIST basis to the SSRF one, against `mul_many` in the NIST
/// field, at 163 and 233 bits (failures to build a converter just drop the row).
fn measure_convert(budget: Budget) -> Vec<Convert> {
    use halfroot::binary::convert::BasisConverterN;
    fn one<const N: usize, F: ModulusSpec, T: ModulusSpec>(
        name: &'static str,
        from: F,
        to: T,
        budget: Budget,
    ) -> Option<Convert> {
        let c = BasisConverterN::<N>::from_specs(&from, &to).ok()?;
        let f = BinaryField::<N, F>::new(from).ok()?;
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        let xb: Vec<[u64; N]> = (0..BATCH).map(|_| f.random(&mut rng)).collect();
        let yb: Vec<[u64; N]> = (0..BATCH).map(|_| f.random(&mut rng)).collect();
        let zero = [0u64; N];
        let mul = batch(
            budget,
            zero,
            |a, o| {
                let _ = f.mul_many(a, black_box(&yb), o);
            },
            &xb,
        );
        let convert = batch(
            budget,
            zero,
            |a, o| {
                let _ = c.forward_many(a, o);
            },
            &xb,
        );
        let convert_tables = batch(
            budget,
            zero,
            |a, o| {
                let _ = c.forward_many_tables(a, o);
            },
            &xb,
        );
        let xs: [[u64; N]; LANES] = core::array::from_fn(|i| xb[i]);
        let convert_single = each(budget, |x| c.forward(x), &xs);
        Some(Convert {
            name,
            degree: f.degree(),
            mul,
            convert,
            convert_tables,
            method: c.batch_method(),
            convert_single,
        })
    }
    [
        one::<3, _, _>("nist163 → ssrf163", spec::Nist163, spec::Ssrf163, budget),
        one::<4, _, _>("nist233 → ssrf233", spec::Nist233, spec::Ssrf233, budget),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// OpenSSL's timings for one field (ns), by operation name.
fn measure_openssl(text: &str, budget: Budget) -> Result<Vec<(&'static str, f64)>, String> {
    use halfroot_peers::openssl::{Gf2mOp, OpensslGf2m};
    let m = Modulus::parse(text).map_err(|e| e.to_string())?;
    let peer = OpensslGf2m::new(&m.exponents()).map_err(|e| e.to_string())?;
    let words = m.words();
    let d = m.degree() as usize;
    let mut rng = rand::rngs::StdRng::seed_from_u64(7);
    let mut random = || -> Vec<u64> {
        (0..words)
            .map(|i| {
                let v = rand::RngCore::next_u64(&mut rng);
                if 64 * (i + 1) <= d {
                    v
                } else {
                    v & ((1u64 << (d - 64 * i)) - 1)
                }
            })
            .collect()
    };
    let (a, b) = (random(), random());
    // A right-hand side with a root, for solve_quad: z² + z for random z.
    let z = random();
    let zz = peer.sqr(&z).map_err(|e| e.to_string())?;
    let rhs: Vec<u64> = zz.iter().zip(&z).map(|(x, y)| x ^ y).collect();
    let mut out = Vec::new();
    for (name, op, x) in [
        ("mul", Gf2mOp::Mul, &a),
        ("sqr", Gf2mOp::Sqr, &a),
        ("inv", Gf2mOp::Inv, &a),
        ("sqrt", Gf2mOp::Sqrt, &a),
        ("solve", Gf2mOp::SolveQuad, &rhs),
    ] {
        // Calibrate the calls per batch on a short run, then measure.
        let probe = peer
            .bench_ns(op, x, &b, 4)
            .map_err(|e| format!("openssl {name}: {e}"))?;
        let iters = ((budget.batch.as_nanos() as f64 / probe.max(1.0)) as u64).clamp(4, 1_000_000);
        let t = peer
            .bench_ns(op, x, &b, iters)
            .map_err(|e| format!("openssl {name}: {e}"))?;
        out.push((name, t));
    }
    Ok(out)
}

/// Dependent steps per timed call of [`chains`] (the chains stay in registers between
/// the `black_box` at the end of each call).
const STEPS: usize = 16;

/// ns per operation of `L` interleaved chains x_j ← op(x_j, j), each call of the timed
/// closure running [`STEPS`] rounds: with `L = 1` the latency of one operation, with
/// `L = LANES` the throughput of independent ones. Generic so that `op` inlines into the
/// loop.
fn chains<const N: usize, const L: usize>(
    budget: Budget,
    start: [[u64; N]; L],
    op: impl Fn(&[u64; N], usize) -> [u64; N],
) -> f64 {
    chains_of(budget, start, op)
}

/// [`chains`] on any element type (the packed elements of [`packed_chains`]).
fn chains_of<E: Copy, const L: usize>(
    budget: Budget,
    start: [E; L],
    op: impl Fn(&E, usize) -> E,
) -> f64 {
    let mut x = start;
    median_ns(budget, STEPS * L, || {
        // A local copy, so the chains stay in registers for the STEPS rounds: the
        // captured `x` lives in memory, and LLVM kept storing and reloading it each
        // step (measured on Zen 5: +1.5 to +3.5 ns per operation on our 233-bit
        // products, none on c-xs233's C loop, whose chains are locals).
        let mut local = x;
        for _ in 0..STEPS {
            for (j, xj) in local.iter_mut().enumerate() {
                *xj = op(xj, j);
            }
        }
        x = local;
        black_box(&mut x);
    })
}

/// The operations of the c-xs233 comparison: (row name, c-xs233 operation, what ours
/// runs). Both half-trace and both inversion rows compare with the same constant-time
/// c-xs233 function.
const XS233_ROWS: [(&str, halfroot_peers::xs233::Gf233Op, &str); 8] = {
    use halfroot_peers::xs233::Gf233Op as Op;
    [
        ("mul", Op::Mul, "`mul`"),
        ("sqr", Op::Sqr, "`sqr`"),
        ("sqrt", Op::Sqrt, "`sqrt`"),
        ("trace", Op::Trace, "`trace`"),
        (
            "half-trace ct",
            Op::HalfTrace,
            "`half_trace` (constant time)",
        ),
        ("half-trace", Op::HalfTrace, "`half_trace_vartime` (tables)"),
        ("inv ct", Op::Inv, "`Arith::inv` (constant time)"),
        ("inv", Op::Inv, "`Arith::inv_vartime`"),
    ]
};

/// Ours on one field: (latency, throughput) ns for each row of [`XS233_ROWS`] (the
/// same rows serve the crrl comparison at 127 bits).
fn ours_chains<const N: usize, M: ModulusSpec>(
    f: &BinaryField<N, M>,
    xs: &[[u64; N]; LANES],
    bs: &[[u64; N]; LANES],
    budget: Budget,
) -> Vec<(f64, f64)> {
    macro_rules! both {
        ($op:expr) => {
            (
                chains::<N, 1>(budget, [xs[0]], $op),
                chains::<N, LANES>(budget, *xs, $op),
            )
        };
    }
    vec![
        both!(|x, j| f.mul(x, &bs[j])),
        both!(|x, _| f.sqr(x)),
        both!(|x, _| f.sqrt(x)),
        both!(|x, _| {
            let mut y = *x;
            y[0] ^= f.trace(x) as u64 ^ 2;
            y
        }),
        both!(|x, _| f.half_trace(x).unwrap_or(*x)),
        both!(|x, _| f.half_trace_vartime(x).unwrap_or(*x)),
        both!(|x, _| f.arith().inv(x).unwrap_or(*x)),
        both!(|x, _| f.arith().inv_vartime(x).unwrap_or(*x)),
    ]
}

/// [`ours_chains`] on [`halfroot::binary::packed::PackedField`]: the same rows, the
/// same inputs, the elements kept in SSE registers and partially reduced between
/// operations (converted once at the start; the trace flips bit 0 of the canonical
/// value, as in [`ours_chains`]).
#[cfg(target_arch = "x86_64")]
fn packed_chains<const N: usize, M: ModulusSpec + Default>(
    xs: &[[u64; N]; LANES],
    bs: &[[u64; N]; LANES],
    budget: Budget,
) -> Result<Vec<(f64, f64)>, String> {
    use halfroot::binary::packed::PackedField;
    let f = PackedField::<N, M>::new(M::default()).map_err(|e| e.to_string())?;
    f.inner().precompute();
    let pack = |v: &[[u64; N]; LANES]| -> Result<[_; LANES], String> {
        let mut out = [f.zero(); LANES];
        for (o, w) in out.iter_mut().zip(v) {
            *o = f.from_words(w).map_err(|e| e.to_string())?;
        }
        Ok(out)
    };
    let (xs, bs) = (pack(xs)?, pack(bs)?);
    macro_rules! both {
        ($op:expr) => {
            (
                chains_of::<_, 1>(budget, [xs[0]], $op),
                chains_of::<_, LANES>(budget, xs, $op),
            )
        };
    }
    Ok(vec![
        both!(|x, j| f.mul(x, &bs[j])),
        both!(|x, _| f.sqr(x)),
        both!(|x, _| f.sqrt(x)),
        both!(|x, _| {
            // x with bit 0 flipped by Tr(x) and bit 1 flipped, as in `ours_chains`.
            f.add(x, &f.element_from_u64(f.trace(x) as u64 ^ 2))
        }),
        both!(|x, _| f.half_trace(x).unwrap_or(*x)),
        both!(|x, _| f.half_trace_vartime(x).unwrap_or(*x)),
        both!(|x, _| f.inv(x).unwrap_or(*x)),
        both!(|x, _| f.inv(x).unwrap_or(*x)),
    ])
}

/// One dependent chain x ← x·b on [`halfroot::binary::packed::PackedField`] (ns per
/// product), for the product's bound; `None` where the packed field cannot hold `M`.
#[cfg(target_arch = "x86_64")]
fn packed_mul_latency<const N: usize, M: ModulusSpec + Default>(budget: Budget) -> Option<f64> {
    use halfroot::binary::packed::PackedField;
    let f = PackedField::<N, M>::new(M::default()).ok()?;
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x1637_6300);
    let (x, b) = (f.random(&mut rng), f.random(&mut rng));
    Some(chains_of::<_, 1>(budget, [x], |x, _| f.mul(x, &b)))
}

/// Without x86-64 there is no packed field.
#[cfg(not(target_arch = "x86_64"))]
fn packed_mul_latency<const N: usize, M: ModulusSpec + Default>(_budget: Budget) -> Option<f64> {
    None
}

/// Without x86-64 there is no packed field: every row unmeasured.
#[cfg(not(target_arch = "x86_64"))]
fn packed_chains<const N: usize, M: ModulusSpec + Default>(
    _xs: &[[u64; N]; LANES],
    _bs: &[[u64; N]; LANES],
    _budget: Budget,
) -> Result<Vec<(f64, f64)>, String> {
    Err("the packed field exists on x86-64 only".into())
}

/// (latency, throughput) per row of [`XS233_ROWS`] on the packed field, or why not.
type PackedTimings = Result<Vec<Timing>, String>;

/// (latency, throughput) ns of one row.
type Timing = (f64, f64);

/// Two columns of (latency, throughput) rows and their row-name prefix.
type RowSet<'a> = (&'a [Timing], &'a [Timing], &'static str);

/// The word rows and, when both packed measurements succeeded, the packed rows of a
/// peer table, each with its row-name prefix; or the note saying why the packed rows
/// are missing.
fn row_sets<'a>(
    words: (&'a [Timing], &'a [Timing]),
    packed: (&'a PackedTimings, &'a PackedTimings),
) -> (Vec<RowSet<'a>>, String) {
    let mut sets = vec![(words.0, words.1, "")];
    match packed {
        (Ok(a), Ok(b)) => {
            sets.push((a.as_slice(), b.as_slice(), "packed "));
            (sets, String::new())
        }
        (Err(e), _) | (_, Err(e)) => (sets, format!("\n(`PackedField` not measured: {e})\n")),
    }
}

/// The sentence under the c-xs233 table saying how the packed rows hold their
/// elements at 233,74,0 and 233,159,0 (the default reduction's choice, read from the
/// fields themselves).
#[cfg(target_arch = "x86_64")]
fn packed_representations() -> String {
    use halfroot::binary::packed::PackedField;
    let describe = |montgomery: Option<bool>, partial: Option<bool>| match (montgomery, partial) {
        (Some(true), _) => {
            "Montgomery's representation a·x^256 mod P (products reduced from \
                            the bottom, canonical; the other operations convert)"
        }
        (Some(false), Some(true)) => "partially reduced elements (degree < 256)",
        (Some(false), _) => "fully reduced elements",
        (None, _) => "not available",
    };
    let nist = PackedField::<4, spec::Nist233>::new(spec::Nist233).ok();
    let ssrf = PackedField::<4, spec::Ssrf233>::new(spec::Ssrf233).ok();
    let encoding = match nist.as_ref() {
        Some(f) if f.uses_vex() => "VEX-encoded `vpclmulqdq` (this CPU has AVX)",
        Some(f) if f.uses_pclmulqdq() => "legacy-encoded `pclmulqdq` (no AVX in use)",
        _ => "portable code (no PCLMULQDQ in use)",
    };
    let sqrt_127 = PackedField::<2, spec::Ssrf127K63>::new(spec::Ssrf127K63)
        .map_or("not available", |f| f.sqrt_kernel());
    let sqrt_233 = nist.as_ref().map_or("not available", |f| f.sqrt_kernel());
    let kernel = |k: Option<&'static str>| k.unwrap_or("not available");
    let sqr_127 = kernel(
        PackedField::<2, spec::Ssrf127K63>::new(spec::Ssrf127K63)
            .ok()
            .map(|f| f.square_kernel()),
    );
    let (sqr_233, sqr_233_159) = (
        kernel(nist.as_ref().map(|f| f.square_kernel())),
        kernel(ssrf.as_ref().map(|f| f.square_kernel())),
    );
    let (mul_233, mul_233_159) = (
        kernel(nist.as_ref().map(|f| f.product_kernel())),
        kernel(ssrf.as_ref().map(|f| f.product_kernel())),
    );
    format!(
        "\nThe `packed` rows run `PackedField` with its default reduction: at 233,74,0 {}; \
         at 233,159,0 {}. Their products issue {encoding} (`product_kernel`: `{mul_233}` \
         at 233,74,0, `{mul_233_159}` at 233,159,0); the squares (`square_kernel`) run \
         `{sqr_233}` at 233,74,0, `{sqr_233_159}` at 233,159,0 and `{sqr_127}` at \
         127,63,0 (`127-63-short` on Zen 5 and AMD family 19h, measured per CPU). The \
         packed square root (`sqrt_kernel`) runs `{sqrt_233}` at 233,74,0 and \
         `{sqrt_127}` at 127,63,0.\n",
        describe(
            nist.as_ref().map(|f| f.is_montgomery()),
            nist.as_ref().map(|f| f.is_partially_reduced())
        ),
        describe(
            ssrf.as_ref().map(|f| f.is_montgomery()),
            ssrf.as_ref().map(|f| f.is_partially_reduced())
        ),
    )
}

/// Without x86-64 there is no packed field.
#[cfg(not(target_arch = "x86_64"))]
fn packed_representations() -> String {
    String::new()
}

/// What the packed rows run, per row of [`XS233_ROWS`] (the packed field has one
/// inversion, constant-time, for both inversion rows).
const PACKED_WHAT: [&str; 8] = [
    "`PackedField::mul`",
    "`PackedField::sqr`",
    "`PackedField::sqrt` (`sqrt_kernel`: type I on one register, ζ on the lanes, or words)",
    "`PackedField::trace` (extended vector)",
    "`PackedField::half_trace` (constant time)",
    "`PackedField::half_trace_vartime`",
    "`PackedField::inv` (constant time)",
    "`PackedField::inv` (constant time)",
];

/// Row `i` of a packed measurement as JSON (`{"latency", "throughput"}` or `{"error"}`).
fn packed_json(v: &Result<Vec<(f64, f64)>, String>, i: usize) -> Value {
    match v {
        Ok(v) => json!({ "latency": v[i].0, "throughput": v[i].1 }),
        Err(e) => json!({ "error": e }),
    }
}

/// c-xs233's GF(2^233) beside ours on 233,74,0 (same polynomial) and 233,159,0 (SSRF),
/// the same chains from the same inputs: per row of [`XS233_ROWS`], c-xs233's
/// (latency, throughput) or why not, ours on 233,74,0, ours on 233,159,0.
struct Xs233Fields {
    peer: Vec<Result<(f64, f64), String>>,
    nist: Vec<(f64, f64)>,
    ssrf: Vec<(f64, f64)>,
    /// The same on [`halfroot::binary::packed::PackedField`], or why not.
    nist_packed: Result<Vec<(f64, f64)>, String>,
    ssrf_packed: Result<Vec<(f64, f64)>, String>,
}

fn measure_xs233(budget: Budget) -> Result<Xs233Fields, String> {
    use halfroot_peers::xs233::{Chain, Gf233};
    let err = |e: halfroot::Error| e.to_string();
    let nist = BinaryField::<4, spec::Nist233>::new(spec::Nist233).map_err(err)?;
    let ssrf = BinaryField::<4, spec::Ssrf233>::new(spec::Ssrf233).map_err(err)?;
    nist.precompute();
    ssrf.precompute();
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x7873_3233);
    // Canonical 233-bit strings: the same inputs in both polynomial bases.
    let xs: [[u64; 4]; LANES] = core::array::from_fn(|_| nist.random(&mut rng));
    let bs: [[u64; 4]; LANES] = core::array::from_fn(|_| nist.random(&mut rng));
    let peer_field = Gf233::new();
    let peer = XS233_ROWS
        .iter()
        .map(|(name, op, _)| {
            let g = peer_field.as_ref().map_err(|e| e.to_string())?;
            let one = |chain: Chain| -> Result<f64, String> {
                let probe = g
                    .bench_ns(*op, chain, &xs, &bs, 64)
                    .map_err(|e| format!("c-xs233 {name}: {e}"))?;
                let iters = ((budget.batch.as_nanos() as f64 / probe.max(0.1)) as u64)
                    .clamp(16, 50_000_000);
                g.bench_ns(*op, chain, &xs, &bs, iters)
                    .map_err(|e| format!("c-xs233 {name}: {e}"))
            };
            Ok((one(Chain::Dependent)?, one(Chain::Independent)?))
        })
        .collect();
    // The SSRF field's inputs are the same bit strings (canonical in both bases).
    Ok(Xs233Fields {
        peer,
        nist: ours_chains(&nist, &xs, &bs, budget),
        ssrf: ours_chains(&ssrf, &xs, &bs, budget),
        nist_packed: packed_chains::<4, spec::Nist233>(&xs, &bs, budget),
        ssrf_packed: packed_chains::<4, spec::Ssrf233>(&xs, &bs, budget),
    })
}

/// crrl's `GFb127` (127,63,0; from `peers/crrl-bench`, see [`super::crrl_json`]) beside
/// ours on the same polynomial (`spec::Ssrf127K63`) and on 127,1,0 (the other SSRF
/// trinomial at 127 bits): per row of [`XS233_ROWS`], crrl's (latency, throughput), and
/// ours on each.
struct CrrlFields {
    peer: Result<Vec<(f64, f64)>, String>,
    backend: String,
    ours: Vec<(f64, f64)>,
    ours_127_1: Vec<(f64, f64)>,
    /// The same on [`halfroot::binary::packed::PackedField`], or why not.
    ours_packed: Result<Vec<(f64, f64)>, String>,
    ours_127_1_packed: Result<Vec<(f64, f64)>, String>,
}

fn measure_crrl(opts: &Options) -> Result<CrrlFields, String> {
    let budget = opts.budget();
    let err = |e: halfroot::Error| e.to_string();
    let f = BinaryField::<2, spec::Ssrf127K63>::new(spec::Ssrf127K63).map_err(err)?;
    let f1 = BinaryField::<2, spec::Ssrf127>::new(spec::Ssrf127).map_err(err)?;
    f.precompute();
    f1.precompute();
    let mut rng = rand::rngs::StdRng::seed_from_u64(0x6372_726c);
    // Canonical 127-bit strings: the same inputs on both polynomials.
    let xs: [[u64; 2]; LANES] = core::array::from_fn(|_| f.random(&mut rng));
    let bs: [[u64; 2]; LANES] = core::array::from_fn(|_| f.random(&mut rng));
    let ours = ours_chains(&f, &xs, &bs, budget);
    let ours_127_1 = ours_chains(&f1, &xs, &bs, budget);
    let ours_packed = packed_chains::<2, spec::Ssrf127K63>(&xs, &bs, budget);
    let ours_127_1_packed = packed_chains::<2, spec::Ssrf127>(&xs, &bs, budget);
    let json = super::crrl_json(opts.quick);
    let backend = json
        .as_ref()
        .ok()
        .and_then(|j| j["backend"].as_str())
        .unwrap_or("")
        .to_string();
    let peer = json.and_then(|j| {
        XS233_ROWS
            .iter()
            .map(|(_, op, _)| {
                let o = &j["gfb127_ns"][op.name()];
                match (o["latency"].as_f64(), o["throughput"].as_f64()) {
                    (Some(l), Some(t)) => Ok((l, t)),
                    _ => Err(format!("crrl-bench JSON lacks gfb127_ns.{}", op.name())),
                }
            })
            .collect()
    });
    Ok(CrrlFields {
        peer,
        backend,
        ours,
        ours_127_1,
        ours_packed,
        ours_127_1_packed,
    })
}

/// Runs the section.
/// The unreduced 6- and 7-word carry-less products (binary fields of 321–448 bits,
/// NIST 409 = 7 words) by the Karatsuba arrangements (18 / 24 PCLMULQDQ) and by
/// Montgomery's formulae reduced mod 2 (17 / 22): (words, method, latency of a chain of
/// dependent products, throughput of independent ones), ns. Empty without PCLMULQDQ.
#[cfg(target_arch = "x86_64")]
fn measure_clmul67(budget: Budget) -> Vec<(usize, &'static str, f64, f64)> {
    use halfroot::binary::backend::x86_64::{mul_wide, mul_wide_montgomery, Pclmul};
    fn one<const N: usize>(
        t: Pclmul,
        budget: Budget,
        montgomery: bool,
    ) -> (usize, &'static str, f64, f64) {
        let prod = |a: &[u64; N], b: &[u64; N]| {
            if montgomery {
                mul_wide_montgomery(t, a, b).unwrap_or_else(|| mul_wide(t, a, b))
            } else {
                mul_wide(t, a, b)
            }
        };
        let mut rng = rand::rngs::StdRng::seed_from_u64(N as u64);
        let xs: Vec<[u64; N]> = (0..BATCH)
            .map(|_| core::array::from_fn(|_| rand::Rng::gen(&mut rng)))
            .collect();
        let mut x = xs[0];
        let lat = median_ns(budget, 64, || {
            for _ in 0..64 {
                let (lo, hi) = prod(black_box(&x), &xs[1]);
                x = core::array::from_fn(|i| lo[i] ^ hi[i]);
            }
            black_box(&x);
        });
        let thr = median_ns(budget, BATCH - 1, || {
            for i in 0..BATCH - 1 {
                black_box(prod(black_box(&xs[i]), &xs[i + 1]));
            }
        });
        let name = if montgomery {
            "Montgomery (17 / 22)"
        } else {
            "Karatsuba (18 / 24)"
        };
        (N, name, lat, thr)
    }
    let Some(t) = Pclmul::detect() else {
        return Vec::new();
    };
    vec![
        one::<6>(t, budget, false),
        one::<6>(t, budget, true),
        one::<7>(t, budget, false),
        one::<7>(t, budget, true),
    ]
}

#[cfg(not(target_arch = "x86_64"))]
fn measure_clmul67(_budget: Budget) -> Vec<(usize, &'static str, f64, f64)> {
    Vec::new()
}

/// One row of the inlined-kernel table: (polynomial, out-of-line `pclmul` product and
/// square, then per [`InlineReduction`](halfroot::binary::backend::InlineReduction) its product and square or `None` where it does
/// not apply, then the names of the defaults for the product and the square, then the
/// product and square by `Arith::mul` / `Arith::sqr` on the default backend), dependent
/// chains, ns per operation.
type InlineRow = (
    String,
    (f64, f64),
    Vec<Option<(f64, f64)>>,
    String,
    String,
    (f64, f64),
);

/// The inlined single-element kernels (`Arith::mul_with_reduction`) on every 2–4-word
/// field of the table and the NIST and SSRF fields of 5–9 words, beside the out-of-line
/// `pclmul` kernel and `Arith::mul` as the default backend runs it: the measurement
/// behind `InlineReduction::default_mul` / `default_sqr`. Empty without PCLMULQDQ.
fn measure_inline(budget: Budget) -> Vec<InlineRow> {
    use halfroot::binary::arith::Arith;
    use halfroot::binary::backend::{Backend, InlineReduction};
    fn one<const N: usize, M: ModulusSpec + Default>(budget: Budget) -> Option<InlineRow> {
        let m = M::default();
        let outlined = Arith::<N, M>::with_backend(m.clone(), Backend::Pclmul).ok()?;
        let mut rng = rand::rngs::StdRng::seed_from_u64(u64::from(m.degree()));
        let d = m.degree() as usize;
        let rand_elem = |rng: &mut rand::rngs::StdRng| -> [u64; N] {
            core::array::from_fn(|i| {
                let w: u64 = rand::Rng::gen(rng);
                let bits = d.saturating_sub(64 * i).min(64);
                if bits == 64 {
                    w
                } else {
                    w & ((1u64 << bits) - 1)
                }
            })
        };
        let x0 = rand_elem(&mut rng);
        let b = rand_elem(&mut rng);
        // Generic, not `&dyn Fn`: an indirect call per operation would hide what
        // inlining the kernel gains; each kind is a constant in its own closure, so its
        // choice folds away as in a curve formula.
        fn both<const N: usize>(
            budget: Budget,
            x0: [u64; N],
            mul: impl Fn(&[u64; N]) -> [u64; N],
            sqr: impl Fn(&[u64; N]) -> [u64; N],
        ) -> (f64, f64) {
            (
                chains::<N, 1>(budget, [x0], |x, _| mul(x)),
                chains::<N, 1>(budget, [x0], |x, _| sqr(x)),
            )
        }
        let base = both(budget, x0, |x| outlined.mul(x, &b), |x| outlined.sqr(x));
        let default = Arith::<N, M>::new(m.clone()).ok()?;
        let by_default = both(budget, x0, |x| default.mul(x, &b), |x| default.sqr(x));
        outlined.mul_with_reduction(InlineReduction::GprShift, &x0, &b)?;
        macro_rules! kind {
            ($k:expr) => {
                outlined.mul_with_reduction($k, &x0, &b).map(|_| {
                    both(
                        budget,
                        x0,
                        |x| outlined.mul_with_reduction($k, x, &b).unwrap_or(*x),
                        |x| outlined.sqr_with_reduction($k, x).unwrap_or(*x),
                    )
                })
            };
        }
        // In the order of `InlineReduction::ALL`.
        let kinds = vec![
            kind!(InlineReduction::ClmulFold),
            kind!(InlineReduction::SseShift),
            kind!(InlineReduction::GprShift),
        ];
        let name =
            |k: Option<InlineReduction>| k.map_or("—".to_string(), |k| k.name().to_string());
        Some((
            spec_label(&m),
            base,
            kinds,
            name(InlineReduction::default_mul::<N, M>(&m)),
            name(InlineReduction::default_sqr::<N, M>(&m)),
            by_default,
        ))
    }
    if !Backend::Pclmul.is_available() {
        return Vec::new();
    }
    [
        one::<2, spec::Std83>(budget),
        one::<2, spec::Ssrf83>(budget),
        one::<2, spec::Ssrf97>(budget),
        one::<2, spec::Ssrf113>(budget),
        one::<2, spec::Ssrf127>(budget),
        one::<2, spec::Ssrf127K63>(budget),
        one::<3, spec::Nist163>(budget),
        one::<3, spec::Ssrf163>(budget),
        one::<4, spec::Nist233>(budget),
        one::<4, spec::Ssrf233>(budget),
        one::<4, spec::Ssrf251>(budget),
        one::<5, spec::Nist283>(budget),
        one::<5, spec::Ssrf283>(budget),
        one::<7, spec::Nist409>(budget),
        one::<9, spec::Nist571>(budget),
        one::<9, spec::Ssrf571>(budget),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// The probe timings behind the bound on a product's latency, ns.
struct ClmulProbe {
    /// PCLMULQDQ, one dependent chain.
    latency: f64,
    /// PCLMULQDQ, twelve independent chains.
    recip_throughput: f64,
    /// One dependent `pxor`: one cycle.
    cycle: f64,
}

/// Times the probes of `backend::x86_64::probe`, or `None` without PCLMULQDQ.
#[cfg(target_arch = "x86_64")]
fn measure_clmul_probe(budget: Budget) -> Option<ClmulProbe> {
    use halfroot::binary::backend::x86_64::{probe, Pclmul};
    const ROUNDS: usize = 256;
    let t = Pclmul::detect()?;
    let mut x = [0x9e37_79b9_7f4a_7c15u64, 0xd1b5_4a32_d192_ed03];
    let latency = median_ns(budget, 4 * ROUNDS, || {
        x = probe::pclmul_dependent(t, black_box(x), ROUNDS);
    });
    let recip_throughput = median_ns(budget, 12 * ROUNDS, || {
        x = probe::pclmul_independent(t, black_box(x), ROUNDS);
    });
    let cycle = median_ns(budget, 4 * ROUNDS, || {
        x = probe::pxor_dependent(t, black_box(x), ROUNDS);
    });
    black_box(x);
    Some(ClmulProbe {
        latency,
        recip_throughput,
        cycle,
    })
}

#[cfg(not(target_arch = "x86_64"))]
fn measure_clmul_probe(_budget: Budget) -> Option<ClmulProbe> {
    None
}

/// One row of the report's field table: the modulus text, our timings, OpenSSL's (with
/// `--peers`).
type FieldRow<'a> = (
    &'a str,
    Ours,
    Option<Result<Vec<(&'static str, f64)>, String>>,
);

/// One NIST polynomial's bound and our fastest product chain on it.
struct MulBound {
    modulus: &'static str,
    words: usize,
    products: usize,
    rounds: u32,
    reduction_cycles: u32,
    bound: f64,
    measured: f64,
    by: &'static str,
}

/// The reduction's critical path for `x^d + Σ x^k` (`exps` = d, the k in decreasing
/// order, 0), in fold rounds and cycles: each round one shift and an XOR tree joining
/// the word and the two pieces of each of the t terms below d (⌈log₂(2t + 1)⌉ levels);
/// ⌈(d − 1)/(d − k_max)⌉ rounds take a product of degree 2d − 2 below d.
fn reduction_path(exps: &[u32]) -> Option<(u32, u32)> {
    let (&d, ks) = exps.split_first()?;
    let k_max = *ks.first()?;
    if k_max >= d {
        return None;
    }
    let rounds = (d - 1).div_ceil(d - k_max);
    let pieces = 2 * ks.len() as u32 + 1;
    let levels = u32::BITS - (pieces - 1).leading_zeros();
    Some((rounds, rounds * (1 + levels)))
}

/// The bound and the fastest measured product chain for each NIST polynomial of the
/// report (see the section's text).
fn mul_bounds(
    probe: &ClmulProbe,
    rows: &[FieldRow<'_>],
    inline: &[InlineRow],
    xs233: Option<&Xs233Fields>,
    packed_163: Option<f64>,
) -> Vec<MulBound> {
    use halfroot::binary::backend::clmul_products;
    use halfroot::binary::backend::InlineReduction;
    const NIST: [&str; 5] = [
        "163,7,6,3,0",
        "233,74,0",
        "283,12,7,5,0",
        "409,87,0",
        "571,10,5,2,0",
    ];
    let mut out = Vec::new();
    for m in NIST {
        let exps: Vec<u32> = m.split(',').filter_map(|e| e.parse().ok()).collect();
        let Some((rounds, reduction_cycles)) = reduction_path(&exps) else {
            continue;
        };
        let words = (exps[0] as usize).div_ceil(64);
        let products = clmul_products(words);
        let mut best: Option<(f64, &'static str)> = None;
        let mut offer = |v: f64, by: &'static str| {
            if v.is_finite() && best.is_none_or(|(b, _)| v < b) {
                best = Some((v, by));
            }
        };
        if let Some((_, o, _)) = rows.iter().find(|(r, _, _)| *r == m) {
            offer(o.mul_latency, "`BinaryField::mul`");
        }
        if let Some((_, _, kinds, dm, _, by_default)) = inline.iter().find(|r| r.0 == m) {
            if let Some(i) = InlineReduction::ALL.iter().position(|k| k.name() == dm) {
                if let Some(Some((lat, _))) = kinds.get(i) {
                    offer(*lat, "inlined default");
                }
            }
            offer(by_default.0, "`Arith::mul`");
        }
        if m == "163,7,6,3,0" {
            if let Some(lat) = packed_163 {
                offer(lat, "`PackedField::mul`");
            }
        }
        if m == "233,74,0" {
            if let Some(Ok(p)) = xs233.map(|x| &x.nist_packed) {
                if let Some((lat, _)) = p.first() {
                    offer(*lat, "`PackedField::mul`");
                }
            }
        }
        let Some((measured, by)) = best else {
            continue;
        };
        out.push(MulBound {
            modulus: m,
            words,
            products,
            rounds,
            reduction_cycles,
            bound: products as f64 * probe.recip_throughput
                + f64::from(reduction_cycles) * probe.cycle,
            measured,
            by,
        });
    }
    out
}

/// `d,k,…,0` for a spec.
fn spec_label<M: ModulusSpec>(m: &M) -> String {
    let mut e = vec![m.degree()];
    e.extend_from_slice(m.middle_exponents());
    e.push(0);
    e.iter()
        .map(|x| x.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

pub fn run(opts: &Options) -> Result<SectionOutput, String> {
    let budget = opts.budget();
    let moduli: Vec<&str> = TABLE3_G4
        .iter()
        .map(|r| r.modulus)
        .chain(EXTRA_FIELDS.iter().copied())
        .collect();
    let mut rows = Vec::new();
    for m in &moduli {
        eprintln!("  fields: {m}");
        let (mut ours, kind) = measure_modulus(m, budget)?;
        ours.kind = kind;
        let peer = if opts.peers {
            Some(measure_openssl(m, budget))
        } else {
            None
        };
        rows.push((*m, ours, peer));
    }

    let degree = |m: &str| m.split(',').next().unwrap_or("").to_string();
    let mut md = String::new();
    md.push_str(
        "Our times (ns per operation; `Mul lat` is the latency of a chain of dependent \
         products, every other column the throughput of independent operations through \
         the batch forms (`mul_many`, …, one call per 64 elements, the loop inside the \
         kernel's CPU-feature function; the single-call costs are in the next table); \
         for compile-time specs on CPUs with AVX-512 VBMI2, VPCLMULQDQ and GFNI, `Sqr` \
         and `Sqrt` (SSRF and ζ method) run word-sliced, eight elements per pass with \
         word j of all eight in one zmm, while `Mul` runs one element at a time; \
         `Inv` and `Inv ct` are `inv_many_vartime` / `inv_many`, Montgomery's \
         simultaneous inversion (prefix products, one field inversion per 64 elements, \
         back-substitution: 3 Mul + 1/64 Inv per element) with the variable-time / \
         constant-time single inversion; `Eq` is the half-trace, Avanzi's Eq column, by \
         the fastest method (`half_trace_many_vartime`: table lookups, or GFNI blocks), \
         `Eq ct` the constant-time default (`half_trace_many`: GFNI blocks, or the \
         masked table `BinaryField::half_trace_ct_method`); \
         `Solve` solves λ²+λ=α including the trace test (`solve_many_split`: a root \
         and a solvability flag per element, the traces taken in the same GFNI pass), \
         `Solve opt` the same as `Option`s (`solve_many`); `Field` says whether the \
         polynomial ran as a compile-time spec or a run-time modulus):\n\n",
    );
    let mut t = Table::new([
        "Bits",
        "Polynomial",
        "Field",
        "SSRF",
        "Sqrt by",
        "Mul",
        "Mul lat",
        "Sqr",
        "Inv",
        "Inv ct",
        "Sqrt",
        "Trace",
        "Eq",
        "Eq ct",
        "Solve",
        "Solve opt",
    ]);
    for (m, o, _) in &rows {
        t.push([
            degree(m),
            m.to_string(),
            o.kind.to_string(),
            o.ssrf.clone().unwrap_or_else(|| "—".into()),
            o.sqrt_algorithm.clone(),
            ns(o.mul),
            ns(o.mul_latency),
            ns(o.sqr),
            ns(o.inv),
            ns(o.inv_ct),
            ns(o.sqrt),
            ns(o.trace),
            ns(o.half_trace),
            ns(o.half_trace_ct),
            ns(o.solve),
            ns(o.solve_option),
        ]);
    }
    md.push_str(&t.render());

    md.push_str(
        "\nThe same operations one call per element (`field.mul(&a, &b)`, …: each an \
         out-of-line call into the kernel's CPU-feature function, 8 independent calls per \
         timed loop), ns, and the batch speed-up (single / batch); `Inv 1` and \
         `Inv ct 1` are one Itoh–Tsujii inversion per call (variable-time and \
         constant-time), against the batch Montgomery inversion:\n\n",
    );
    let mut t1 = Table::new([
        "Polynomial",
        "Mul 1",
        "×",
        "Sqr 1",
        "×",
        "Inv 1",
        "×",
        "Inv ct 1",
        "×",
        "Sqrt 1",
        "×",
        "Trace 1",
        "×",
        "Eq 1",
        "×",
        "Eq ct 1",
        "×",
        "Solve 1",
        "×",
    ]);
    for (m, o, _) in &rows {
        let s = &o.single;
        let mut row = vec![m.to_string()];
        for (one, many) in [
            (s.mul, o.mul),
            (s.sqr, o.sqr),
            (s.inv, o.inv),
            (s.inv_ct, o.inv_ct),
            (s.sqrt, o.sqrt),
            (s.trace, o.trace),
            (s.half_trace, o.half_trace),
            (s.half_trace_ct, o.half_trace_ct),
            (s.solve, o.solve),
        ] {
            row.push(ns(one));
            row.push(ratio(one / many));
        }
        t1.push(row);
    }
    md.push_str(&t1.render());

    md.push_str(
        "\nThe constant-time half-trace methods, one call per element, ns \
         (`half_trace_with`): `mask-ct` XORs row H(x^k) under bit k of α as a mask \
         (AVX-512: eight rows per masked `vpxorq`; elsewhere portable code), \
         `nibble-ct` reads the whole nibble table and keeps one entry per nibble by \
         masks (AVX2: ymm loads and XORs), `folded-mask-ct` folds the even bits away \
         first (Knudsen; c-xs233's `gf_halftrace`) and XORs masked rows for the ⌊d/2⌋ \
         odd ones only. `Default` is the method \
         `BinaryFieldOps::half_trace` uses on this CPU (the faster one; \
         `HALFROOT_CPU` restricts the CPU to compare paths):\n\n",
    );
    let mut tct = Table::new([
        "Polynomial",
        "mask-ct",
        "nibble-ct",
        "folded-mask-ct",
        "Default",
    ]);
    for (m, o, _) in &rows {
        let s = &o.single;
        if s.mask_ct.is_nan() {
            continue;
        }
        tct.push([
            m.to_string(),
            ns(s.mask_ct),
            ns(s.nibble_ct),
            ns(s.folded_mask_ct),
            s.ct_default.clone(),
        ]);
    }
    md.push_str(&tct.render());

    let conv = measure_convert(budget);
    md.push_str(
        "\nChange of basis (`BasisConverterN::forward_many`, batch of 64, by the method \
         named) against `mul_many` of the source field in the same run; `Tables` is the \
         batch by byte tables (`forward_many_tables`), `Convert 1` one call per element \
         (`forward`, byte tables). `gfni-blocks` = 8×8 bit-matrix blocks, eight elements \
         per `vgf2p8affineqb` pass (AVX-512 VBMI + GFNI):\n\n",
    );
    let mut tc = Table::new([
        "From → to",
        "Method",
        "Mul",
        "Convert",
        "Convert/Mul",
        "Tables",
        "Tables/Mul",
        "Convert 1",
    ]);
    for c in &conv {
        tc.push([
            c.name.to_string(),
            c.method.clone(),
            ns(c.mul),
            ns(c.convert),
            ratio(c.convert / c.mul),
            ns(c.convert_tables),
            ratio(c.convert_tables / c.mul),
            ns(c.convert_single),
        ]);
    }
    md.push_str(&tc.render());

    let clmul = measure_clmul67(budget);
    md.push_str(
        "\nUnreduced 6- and 7-word carry-less products (`backend::x86_64::mul_wide`, the \
         field product's kernel, against `mul_wide_montgomery`: Montgomery's 17- and \
         22-product formulae reduced mod 2, operands packed [a_i, b_i] in one register); \
         `Lat` a chain of dependent products, `Thr` independent ones, ns per product:\n\n",
    );
    if clmul.is_empty() {
        md.push_str("(skipped: this CPU has no PCLMULQDQ)\n");
    } else {
        let mut tk = Table::new([
            "Words",
            "Method",
            "Lat",
            "Thr",
            "Lat / Karatsuba",
            "Thr / Karatsuba",
        ]);
        for (w, name, lat, thr) in &clmul {
            let base = clmul
                .iter()
                .find(|c| c.0 == *w)
                .map_or((1.0, 1.0), |c| (c.2, c.3));
            tk.push([
                w.to_string(),
                name.to_string(),
                ns(*lat),
                ns(*thr),
                ratio(lat / base.0),
                ratio(thr / base.1),
            ]);
        }
        md.push_str(&tk.render());
    }

    let inline = measure_inline(budget);
    md.push_str(
        "\nSingle-element product and square of the 2–4-word fields and of the 5–9-word \
         NIST and SSRF fields, one dependent chain (x ← x·b, x ← x²), ns per operation: \
         the out-of-line `pclmul` kernel (one call per operation, operands through \
         memory) beside the kernels the default backend can inline into its callers \
         (`InlineReduction`: PCLMULQDQ through `asm!`, the reduction by carry-less folds, \
         by shifts in SSE registers, or by shifts in general registers); `default` is \
         the one `Arith::mul` / `Arith::sqr` inline for this polynomial on this CPU (`—`: \
         the default backend's out-of-line kernel; chosen by polynomial shape, word \
         count and the CPU's class (`InlineClass`: `zen5`, AMD family 1Ah, measured on \
         a Zen 5; `slow-pdep`, PDEP/PEXT in microcode, measured on a Zen 1; \
         `zen3-zen4`, AMD family 19h, measured on a Zen 4; `other`, every other CPU, \
         measured on two Intel Xeons; `HALFROOT_INLINE_CLASS` forces a class); this \
         table lets the choice be checked on this CPU), and `mul Arith::mul` / \
         `sqr Arith::sqr` the product and square as the default backend runs them. This CPU's class: ",
    );
    md.push_str(halfroot::binary::backend::InlineClass::detect().name());
    md.push_str(".\n\n");
    if inline.is_empty() {
        md.push_str("(skipped: this CPU has no PCLMULQDQ)\n");
    } else {
        let mut ti = Table::new([
            "Polynomial",
            "mul out-of-line",
            "mul clmul-fold",
            "mul sse-shift",
            "mul gpr-shift",
            "default",
            "sqr out-of-line",
            "sqr clmul-fold",
            "sqr sse-shift",
            "sqr gpr-shift",
            "default",
            "mul Arith::mul",
            "sqr Arith::sqr",
        ]);
        for (name, base, kinds, dm, ds, by_default) in &inline {
            let cell = |k: &Option<(f64, f64)>, sq: bool| {
                k.map_or("—".to_string(), |(m, s)| ns(if sq { s } else { m }))
            };
            let mut row = vec![name.clone(), ns(base.0)];
            row.extend(kinds.iter().map(|k| cell(k, false)));
            row.push(dm.clone());
            row.push(ns(base.1));
            row.extend(kinds.iter().map(|k| cell(k, true)));
            row.push(ds.clone());
            row.push(ns(by_default.0));
            row.push(ns(by_default.1));
            ti.push(row);
        }
        md.push_str(&ti.render());
    }

    md.push_str(
        "\nCosts relative to one Mul — ours, then Avanzi's Table 3 (PowerPC G4) and Table 4 \
         (Core 2) where the paper has the row:\n\n",
    );
    let mut r = Table::new([
        "Polynomial",
        "Sqr",
        "G4",
        "C2",
        "Inv",
        "G4",
        "C2",
        "Sqrt",
        "G4",
        "C2",
        "Trace",
        "G4",
        "C2",
        "Eq",
        "G4",
        "C2",
    ]);
    for (m, o, _) in &rows {
        let ours = [o.sqr, o.inv, o.sqrt, o.trace, o.half_trace].map(|v| v / o.mul);
        let g4 = find(TABLE3_G4, m).map(|r| r.ratios);
        let c2 = find(TABLE4_CORE2, m).map(|r| r.ratios);
        let mut row = vec![m.to_string()];
        for k in 0..5 {
            row.push(ratio(ours[k]));
            row.push(g4.map(|v| ratio(v[k])).unwrap_or_else(|| "—".into()));
            row.push(c2.map(|v| ratio(v[k])).unwrap_or_else(|| "—".into()));
        }
        r.push(row);
    }
    md.push_str(&r.render());

    if opts.peers {
        md.push_str(
            "\nOpenSSL `BN_GF2m_*_arr` on the same fields, same run (ns), and OpenSSL time \
             / halfroot time (higher = halfroot faster). OpenSSL has no trace or \
             half-trace; its `solve` is `BN_GF2m_mod_solve_quad_arr`, compared with our \
             Solve; its `inv` is compared with our one-call variable-time inversion \
             (`Inv 1`), not the batch one:\n\n",
        );
        let mut p = Table::new([
            "Polynomial",
            "Mul",
            "×",
            "Sqr",
            "×",
            "Inv",
            "×",
            "Sqrt",
            "×",
            "Solve",
            "×",
        ]);
        for (m, o, peer) in &rows {
            match peer {
                Some(Ok(v)) => {
                    // Inversion against our one-call inversion (OpenSSL has no batch
                    // form, and Montgomery's trick would change the algorithm).
                    let ours = [o.mul, o.sqr, o.single.inv, o.sqrt, o.solve];
                    let mut row = vec![m.to_string()];
                    for (k, (_, t)) in v.iter().enumerate() {
                        row.push(ns(*t));
                        row.push(format!("{}×", ratio(t / ours[k])));
                    }
                    p.push(row);
                }
                Some(Err(e)) => p.push([m.to_string(), format!("unavailable: {e}")]),
                None => {}
            }
        }
        md.push_str(&p.render());
    }
    let xs233 = if opts.peers {
        eprintln!("  fields: c-xs233 GF(2^233)");
        Some(measure_xs233(budget)?)
    } else {
        None
    };
    if let Some(x) = &xs233 {
        md.push_str(
            "\nc-xs233 (Pornin; `gf233.h`, PCLMULQDQ + SSE4.1, every operation constant \
             time) on 233,74,0 beside ours on 233,74,0 (the same polynomial) and 233,159,0 \
             (SSRF), same run, same chains from the same inputs (ns per operation): `lat` \
             one dependent chain x ← op(x) (mul: x ← x·b; trace: bit 0 flipped by Tr(x)), \
             `thr` eight interleaved chains (independent operations); `×` = ours / \
             c-xs233 (below 1: ours faster). c-xs233 has one half-trace and one \
             inversion (both constant time); ours are listed constant-time and \
             variable-time:\n\n",
        );
        let mut t = Table::new([
            "Op",
            "ours runs",
            "c-xs233 lat",
            "74 lat",
            "×",
            "159 lat",
            "×",
            "c-xs233 thr",
            "74 thr",
            "×",
            "159 thr",
            "×",
        ]);
        let (sets, packed_note) = row_sets((&x.nist, &x.ssrf), (&x.nist_packed, &x.ssrf_packed));
        for (nist, ssrf, prefix) in sets {
            for (i, (name, _, what)) in XS233_ROWS.iter().enumerate() {
                let (n, f) = (nist[i], ssrf[i]);
                let name = format!("{prefix}{name}");
                let what = if prefix.is_empty() {
                    what
                } else {
                    PACKED_WHAT[i]
                };
                match &x.peer[i] {
                    Ok((lat, thr)) => t.push([
                        name.to_string(),
                        what.to_string(),
                        ns(*lat),
                        ns(n.0),
                        ratio(n.0 / lat),
                        ns(f.0),
                        ratio(f.0 / lat),
                        ns(*thr),
                        ns(n.1),
                        ratio(n.1 / thr),
                        ns(f.1),
                        ratio(f.1 / thr),
                    ]),
                    Err(e) => t.push([
                        name.to_string(),
                        what.to_string(),
                        format!("unavailable: {e}"),
                        ns(n.0),
                        "—".into(),
                        ns(f.0),
                        "—".into(),
                        "—".into(),
                        ns(n.1),
                        "—".into(),
                        ns(f.1),
                        "—".into(),
                    ]),
                }
            }
        }
        md.push_str(&t.render());
        md.push_str(&packed_note);
        md.push_str(&packed_representations());
    }

    let crrl = if opts.peers {
        eprintln!("  fields: crrl GFb127 (building peers/crrl-bench if needed)");
        Some(measure_crrl(opts)?)
    } else {
        None
    };
    if let Some(c) = &crrl {
        md.push_str(&format!(
            "\ncrrl 0.9.0 (Pornin; `GFb127` = F_2[z]/(z^127 + z^63 + 1), backend `{}`, \
             built apart with `-C target-cpu=native`, see `peers/crrl-bench`) beside ours \
             on the same polynomial (`spec::Ssrf127K63`) and on 127,1,0, ns per \
             operation, the same chains as above; `×` = ours / crrl:\n\n",
            if c.backend.is_empty() {
                "?"
            } else {
                &c.backend
            }
        ));
        match &c.peer {
            Ok(v) => {
                let mut t = Table::new([
                    "Op",
                    "ours runs",
                    "crrl lat",
                    "127,63,0 lat",
                    "×",
                    "127,1,0 lat",
                    "×",
                    "crrl thr",
                    "127,63,0 thr",
                    "×",
                    "127,1,0 thr",
                    "×",
                ]);
                let (sets, packed_note) = row_sets(
                    (&c.ours, &c.ours_127_1),
                    (&c.ours_packed, &c.ours_127_1_packed),
                );
                for (ours, ours_1, prefix) in sets {
                    for (i, (name, _, what)) in XS233_ROWS.iter().enumerate() {
                        let ((pl, pt), (ol, ot), (ul, ut)) = (v[i], ours[i], ours_1[i]);
                        let what = if prefix.is_empty() {
                            what
                        } else {
                            PACKED_WHAT[i]
                        };
                        t.push([
                            format!("{prefix}{name}"),
                            what.to_string(),
                            ns(pl),
                            ns(ol),
                            ratio(ol / pl),
                            ns(ul),
                            ratio(ul / pl),
                            ns(pt),
                            ns(ot),
                            ratio(ot / pt),
                            ns(ut),
                            ratio(ut / pt),
                        ]);
                    }
                }
                md.push_str(&t.render());
                md.push_str(&packed_note);
            }
            Err(e) => md.push_str(&format!("(crrl not measured: {e})\n")),
        }
    }

    let probe = measure_clmul_probe(budget);
    let packed_163 = packed_mul_latency::<3, spec::Nist163>(budget);
    let bounds = probe
        .as_ref()
        .map(|p| mul_bounds(p, &rows, &inline, xs233.as_ref(), packed_163))
        .unwrap_or_default();
    md.push_str(
        "\nThe product's latency against the PCLMULQDQ bound (issue 20), NIST polynomials: \
         `bound` = carry-less products of our product (Karatsuba: 6, 9, 15, 24 and 36 for \
         3, 4, 5, 7 and 9 words; `backend::clmul_products`) × PCLMULQDQ's reciprocal \
         throughput + the reduction's critical path × one cycle. The reduction's path is \
         counted, not timed: each fold round is one shift and then an XOR tree joining, \
         per word, the word and the two pieces of each of the t nonzero terms of \
         P − x^d (⌈log₂(2t + 1)⌉ levels), and ⌈(d − 1)/(d − k_max)⌉ rounds bring a \
         product of degree 2d − 2 below d. PCLMULQDQ's latency and reciprocal \
         throughput and one cycle (a dependent `pxor`) are timed by \
         `backend::x86_64::probe` in this run. `measured` is our fastest single-element \
         product chain (x ← x·b) on that polynomial in this run: `BinaryField::mul` \
         (the `Mul lat` column above), the inlined default kernel or `Arith::mul` on the \
         default backend (table above) or \
         `PackedField::mul` (at 163,7,6,3,0 a chain of its own, elements partially \
         reduced in two SSE registers; at 233,74,0 the c-xs233 table, with `--peers`); \
         the target is ≤ 1.3× the bound:\n\n",
    );
    match &probe {
        None => md.push_str("(skipped: this CPU has no PCLMULQDQ)\n"),
        Some(p) => {
            md.push_str(&format!(
                "PCLMULQDQ on this CPU: latency {} ns, reciprocal throughput {} ns; one \
                 cycle {} ns ({} cycles and {} cycles).\n\n",
                ns(p.latency),
                ns(p.recip_throughput),
                ns(p.cycle),
                ratio(p.latency / p.cycle),
                ratio(p.recip_throughput / p.cycle),
            ));
            let mut tb = Table::new([
                "Polynomial",
                "Words",
                "Products",
                "Products ns",
                "Rounds",
                "Reduction cycles",
                "Bound ns",
                "Measured ns",
                "by",
                "Measured / bound",
            ]);
            for b in &bounds {
                tb.push([
                    b.modulus.to_string(),
                    b.words.to_string(),
                    b.products.to_string(),
                    ns(b.products as f64 * p.recip_throughput),
                    b.rounds.to_string(),
                    b.reduction_cycles.to_string(),
                    ns(b.bound),
                    ns(b.measured),
                    b.by.to_string(),
                    ratio(b.measured / b.bound),
                ]);
            }
            md.push_str(&tb.render());
        }
    }

    let json_rows: Vec<Value> = rows
        .iter()
        .map(|(m, o, peer)| {
            let exps: Vec<u32> = m.split(',').filter_map(|e| e.parse().ok()).collect();
            let num = |v: f64| if v.is_finite() { json!(v) } else { Value::Null };
            let mut obj = json!({
                "degree": exps.first().copied().unwrap_or(0),
                "modulus": exps,
                "ssrf": o.ssrf,
                "sqrt_algorithm": o.sqrt_algorithm,
                "field_kind": o.kind,
                "ns": {
                    "mul": num(o.mul), "mul_latency": num(o.mul_latency), "sqr": num(o.sqr),
                    "inv": num(o.inv), "inv_ct": num(o.inv_ct), "sqrt": num(o.sqrt),
                    "trace": num(o.trace), "half_trace": num(o.half_trace), "half_trace_ct": num(o.half_trace_ct), "solve": num(o.solve),
                    "solve_option": num(o.solve_option),
                },
                "ns_single_call": {
                    "mul": num(o.single.mul), "sqr": num(o.single.sqr),
                    "inv": num(o.single.inv), "inv_ct": num(o.single.inv_ct),
                    "sqrt": num(o.single.sqrt), "trace": num(o.single.trace),
                    "half_trace": num(o.single.half_trace), "half_trace_ct": num(o.single.half_trace_ct), "solve": num(o.single.solve),
                    "half_trace_mask_ct": num(o.single.mask_ct), "half_trace_nibble_ct": num(o.single.nibble_ct),
                    "half_trace_folded_mask_ct": num(o.single.folded_mask_ct),
                    "half_trace_ct_default": o.single.ct_default,
                },
                "batch_size": BATCH,
                "paper": {
                    "table3_g4_ratios": find(TABLE3_G4, m).map(|r| r.ratios.to_vec()),
                    "table4_core2_ratios": find(TABLE4_CORE2, m).map(|r| r.ratios.to_vec()),
                    "ratio_order": ["sqr", "inv", "sqrt", "trace", "half_trace"],
                    "table3_g4_us": find(TABLE3_G4, m).map(|r| r.us.to_vec()),
                    "table4_core2_us": find(TABLE4_CORE2, m).map(|r| r.us.to_vec()),
                    "us_order": ["mul", "sqr", "inv", "sqrt", "trace", "half_trace"],
                    "sqrt_friendly": find(TABLE3_G4, m).map(|r| r.sqrt_friendly),
                },
            });
            if let Some(peer) = peer {
                let v = match peer {
                    Ok(list) => {
                        let ns: serde_json::Map<String, Value> = list
                            .iter()
                            .map(|(k, t)| (k.to_string(), json!(t)))
                            .collect();
                        json!({ "ns": ns })
                    }
                    Err(e) => json!({ "error": e }),
                };
                obj["peers"] = json!({ "openssl": v });
            }
            obj
        })
        .collect();

    let series = |pick: fn(&Ours) -> f64, friendly: bool, name: &str| Series {
        name: name.to_string(),
        points: rows
            .iter()
            .filter(|(_, o, _)| o.ssrf.is_some() == friendly)
            .map(|(m, o, _)| (degree(m).parse::<f64>().unwrap_or(0.0), pick(o) / o.mul))
            .collect(),
    };
    let chart = Chart {
        file: "fields-sqrt-eq-over-mul".into(),
        title: "Binary fields: Sqrt/Mul and Eq/Mul, SSRF vs other polynomials".into(),
        x_label: "degree d".into(),
        y_label: "cost relative to one Mul".into(),
        series: vec![
            series(|o| o.sqrt, true, "Sqrt/Mul, SSRF"),
            series(|o| o.sqrt, false, "Sqrt/Mul, other"),
            series(|o| o.half_trace, true, "Eq/Mul, SSRF"),
            series(|o| o.half_trace, false, "Eq/Mul, other"),
        ],
        log_y: true,
    };
    let mut json_rows = json_rows;
    for c in &conv {
        json_rows.push(json!({
            "convert": c.name,
            "degree": c.degree,
            "method": c.method,
            "ns": {
                "mul": c.mul,
                "convert": c.convert,
                "convert_tables": c.convert_tables,
                "convert_single_call": c.convert_single,
            },
            "convert_over_mul": c.convert / c.mul,
        }));
    }
    if let Some(x) = &xs233 {
        let ops: Vec<Value> = XS233_ROWS
            .iter()
            .enumerate()
            .map(|(i, (name, _, what))| {
                let peer = match &x.peer[i] {
                    Ok((lat, thr)) => json!({ "latency": lat, "throughput": thr }),
                    Err(e) => json!({ "error": e }),
                };
                json!({
                    "op": name,
                    "ours_runs": what,
                    "c_xs233": peer,
                    "ours_233_74_0": { "latency": x.nist[i].0, "throughput": x.nist[i].1 },
                    "ours_233_159_0": { "latency": x.ssrf[i].0, "throughput": x.ssrf[i].1 },
                    "ours_packed_233_74_0": packed_json(&x.nist_packed, i),
                    "ours_packed_233_159_0": packed_json(&x.ssrf_packed, i),
                })
            })
            .collect();
        json_rows.push(json!({ "peer_c_xs233_gf233": ops }));
    }
    if let Some(c) = &crrl {
        let v = match &c.peer {
            Ok(v) => {
                let ops: Vec<Value> = XS233_ROWS
                    .iter()
                    .enumerate()
                    .map(|(i, (name, _, what))| {
                        json!({
                            "op": name,
                            "ours_runs": what,
                            "crrl_127_63_0": { "latency": v[i].0, "throughput": v[i].1 },
                            "ours_127_63_0": { "latency": c.ours[i].0, "throughput": c.ours[i].1 },
                            "ours_127_1_0": { "latency": c.ours_127_1[i].0, "throughput": c.ours_127_1[i].1 },
                            "ours_packed_127_63_0": packed_json(&c.ours_packed, i),
                            "ours_packed_127_1_0": packed_json(&c.ours_127_1_packed, i),
                        })
                    })
                    .collect();
                json!({ "backend": c.backend, "ops": ops })
            }
            Err(e) => json!({ "error": e }),
        };
        json_rows.push(json!({ "peer_crrl_gfb127": v }));
    }
    for (name, base, kinds, dm, ds, by_default) in &inline {
        let per: serde_json::Map<String, Value> = halfroot::binary::backend::InlineReduction::ALL
            .iter()
            .zip(kinds)
            .map(|(k, v)| {
                (
                    k.name().to_string(),
                    v.map_or(Value::Null, |(m, s)| json!({ "mul": m, "sqr": s })),
                )
            })
            .collect();
        json_rows.push(json!({
            "inline_kernels": name,
            "latency_ns": { "out_of_line": { "mul": base.0, "sqr": base.1 }, "inline": per },
            "default_mul": dm,
            "default_sqr": ds,
            "arith_mul_ns": by_default.0,
            "arith_sqr_ns": by_default.1,
        }));
    }
    if let Some(p) = &probe {
        let list: Vec<Value> = bounds
            .iter()
            .map(|b| {
                json!({
                    "modulus": b.modulus,
                    "words": b.words,
                    "products": b.products,
                    "reduction_rounds": b.rounds,
                    "reduction_cycles": b.reduction_cycles,
                    "bound_ns": b.bound,
                    "measured_ns": b.measured,
                    "measured_by": b.by,
                    "ratio": b.measured / b.bound,
                })
            })
            .collect();
        json_rows.push(json!({
            "mul_latency_bound": {
                "pclmulqdq_latency_ns": p.latency,
                "pclmulqdq_recip_throughput_ns": p.recip_throughput,
                "cycle_ns": p.cycle,
                "rows": list,
            }
        }));
    }
    for (w, name, lat, thr) in &clmul {
        json_rows.push(json!({
            "clmul_product_words": w,
            "method": name,
            "ns": { "latency": lat, "throughput": thr },
        }));
    }
    Ok(SectionOutput {
        markdown: md,
        json: Value::Array(json_rows),
        charts: vec![chart],
    })
}
