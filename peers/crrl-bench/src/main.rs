//! crrl's GF(2^127) (`GFb127`, z^127 + z^63 + 1) and GLS254 group, for halfroot.
//!
//! * `crrl-bench bench [--quick]`: prints one JSON object with the median ns per
//!   operation of `GFb127` mul, sqr, sqrt, trace, halftrace, invert — `latency` of one
//!   dependent chain x ← op(x) (mul: x ← x·b; trace: bit 0 flipped by Tr(x), bit 1
//!   flipped), `throughput` of eight interleaved chains — and of the GLS254 group's
//!   `Point * Scalar` (`set_mul`: GLS endomorphism, 4-bit Booth recoding) and
//!   `Point::mulgen`, on random scalars. Timing as in `halfroot report`: the median of
//!   11 batches of about 20 ms (5 of 4 ms with `--quick`).
//! * `crrl-bench field`: reads lines `op a [b]` on stdin (op: mul, sqr, sqrt, trace,
//!   halftrace, inv; elements as hexadecimal integers, bit i = coefficient of z^i, below
//!   2^127) and prints one result per line (hex, 32 digits; trace: 0 or 1), or
//!   `error: …`.
//!
//! crrl chooses its backend at compile time: the PCLMULQDQ one (`gfb254_x86clmul`) only
//! when built with `sse4.1` and `pclmulqdq` target features; the JSON says which.

use crrl::field::GFb127;
use crrl::gls254::{Point, Scalar};
use std::hint::black_box;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

/// Dependent steps per timed call (chains stay in registers in between).
const STEPS: usize = 16;
/// Interleaved chains for the throughput figure.
const LANES: usize = 8;

#[derive(Clone, Copy)]
struct Budget {
    batches: usize,
    batch: Duration,
}

/// Median ns per operation of `f`, each call doing `ops` operations.
fn median_ns(budget: Budget, ops: usize, mut f: impl FnMut()) -> f64 {
    let mut run = |calls: usize| {
        let t = Instant::now();
        for _ in 0..calls {
            f();
        }
        t.elapsed()
    };
    let mut calls = 1usize;
    loop {
        let el = run(calls);
        if el >= budget.batch / 4 || calls >= 1 << 30 {
            let per = el.as_secs_f64() / calls as f64;
            calls = ((budget.batch.as_secs_f64() / per.max(1e-12)) as usize).max(1);
            break;
        }
        calls *= 4;
    }
    let mut s: Vec<f64> = (0..budget.batches)
        .map(|_| run(calls).as_secs_f64() * 1e9 / (calls * ops) as f64)
        .collect();
    s.sort_by(f64::total_cmp);
    s[s.len() / 2]
}

/// ns per operation of `L` interleaved chains x_j ← op(x_j, j).
fn chains<const L: usize>(
    budget: Budget,
    start: [GFb127; L],
    op: impl Fn(GFb127, usize) -> GFb127,
) -> f64 {
    let mut x = start;
    median_ns(budget, STEPS * L, || {
        for _ in 0..STEPS {
            for (j, xj) in x.iter_mut().enumerate() {
                *xj = op(*xj, j);
            }
        }
        black_box(&mut x);
    })
}

/// splitmix64.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn element(&mut self) -> GFb127 {
        GFb127::w64le(self.next(), self.next() >> 1)
    }
    fn scalar(&mut self) -> Scalar {
        let b: Vec<u8> = (0..4).flat_map(|_| self.next().to_le_bytes()).collect();
        Scalar::decode_reduce(&b)
    }
}

fn backend() -> &'static str {
    if cfg!(all(
        target_arch = "x86_64",
        target_feature = "sse4.1",
        target_feature = "pclmulqdq"
    )) {
        "gfb254_x86clmul"
    } else if cfg!(all(target_arch = "aarch64", target_feature = "aes")) {
        "gfb254_arm64pmull"
    } else {
        "gfb254_m64"
    }
}

fn bench(budget: Budget) -> String {
    let mut rng = Rng(0x6372_726c);
    let xs: [GFb127; LANES] = core::array::from_fn(|_| rng.element());
    let bs: [GFb127; LANES] = core::array::from_fn(|_| rng.element());
    let mut fields = Vec::new();
    macro_rules! both {
        ($name:expr, $op:expr) => {
            fields.push(format!(
                "\"{}\": {{\"latency\": {:.3}, \"throughput\": {:.3}}}",
                $name,
                chains::<1>(budget, [xs[0]], $op),
                chains::<LANES>(budget, xs, $op)
            ));
        };
    }
    both!("mul", |x: GFb127, j| x * bs[j]);
    both!("sqr", |x: GFb127, _| x.square());
    both!("sqrt", |x: GFb127, _| x.sqrt());
    both!("trace", |x: GFb127, _| {
        let mut y = x;
        y.xor_bit(0, x.trace());
        y.xor_bit(1, 1);
        y
    });
    both!("half_trace", |x: GFb127, _| x.halftrace());
    both!("inv", |x: GFb127, _| x.invert());

    let p = Point::mulgen(&rng.scalar());
    let k = rng.scalar();
    let mul = median_ns(budget, 1, || {
        black_box(black_box(p) * black_box(&k));
    });
    let mulgen = median_ns(budget, 1, || {
        black_box(Point::mulgen(black_box(&k)));
    });
    format!(
        "{{\"crrl\": \"0.9.0\", \"backend\": \"{}\", \"gfb127_ns\": {{{}}}, \"gls254_ns\": {{\"mul\": {:.1}, \"mulgen\": {:.1}}}}}",
        backend(),
        fields.join(", "),
        mul,
        mulgen
    )
}

fn parse(hex: &str) -> Result<GFb127, String> {
    let h = hex.trim_start_matches("0x");
    let v = u128::from_str_radix(h, 16).map_err(|e| format!("{hex:?}: {e}"))?;
    if v >> 127 != 0 {
        return Err(format!("{hex}: not below 2^127"));
    }
    Ok(GFb127::w64le(v as u64, (v >> 64) as u64))
}

fn show(x: GFb127) -> String {
    let b = x.encode();
    format!("{:032x}", u128::from_le_bytes(b))
}

fn field_line(line: &str) -> Result<String, String> {
    let mut it = line.split_whitespace();
    let op = it.next().ok_or("empty line")?;
    let a = parse(it.next().ok_or("missing operand")?)?;
    Ok(match op {
        "mul" => show(a * parse(it.next().ok_or("mul needs two operands")?)?),
        "sqr" => show(a.square()),
        "sqrt" => show(a.sqrt()),
        "trace" => a.trace().to_string(),
        "halftrace" => show(a.halftrace()),
        "inv" => show(a.invert()),
        other => return Err(format!("unknown operation {other:?}")),
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("bench") => {
            let budget = if args.iter().any(|a| a == "--quick") {
                Budget {
                    batches: 5,
                    batch: Duration::from_millis(4),
                }
            } else {
                Budget {
                    batches: 11,
                    batch: Duration::from_millis(20),
                }
            };
            println!("{}", bench(budget));
        }
        Some("field") => {
            let stdin = std::io::stdin();
            let mut out = std::io::BufWriter::new(std::io::stdout());
            for line in stdin.lock().lines() {
                let line = line.unwrap_or_default();
                if line.trim().is_empty() {
                    continue;
                }
                let r = field_line(&line).unwrap_or_else(|e| format!("error: {e}"));
                let _ = writeln!(out, "{r}");
            }
        }
        _ => {
            eprintln!("usage: crrl-bench bench [--quick] | crrl-bench field < lines");
            std::process::exit(2);
        }
    }
}
