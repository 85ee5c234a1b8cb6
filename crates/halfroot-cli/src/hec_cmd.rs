//! `halfroot hec CURVE OP [ARG...]`: genus-2 binary curves y² + h(x)y = f(x) from the
//! shell, through [`halfroot::hec2`]. This module only parses, calls the library and
//! formats.
//!
//! # The curve
//! CURVE is a curve of Kitamura–Katagi–Takagi by name (`C1`, `C2`, `C6`) or the path of
//! a JSON file (taken as a file when it names an existing file or ends in `.json`)
//! holding one object in the format of the entries of
//! `crates/halfroot/tests/vectors/hecc-kitamura.json`:
//!
//! ```json
//! {"name": "C2", "field_modulus_exponents": [83, 7, 4, 2, 0],
//!  "h": {"h2": "0x1", "h1": "0x1", "h0": "0x1"},
//!  "f": {"f5": "0x1", "f4": "0x0", "f3": "0x6aec…", "f2": "…", "f1": "…", "f0": "…"},
//!  "order_J": "93536104789212612894157242714868481349614769897314"}
//! ```
//!
//! (`name` and `order_J` are optional; without #J there is no halving in the subgroup
//! and no halve-and-add.) The library validates the curve ([`Hec2Curve::new`]).
//!
//! # Divisors and scalars
//! A weight-2 divisor is `u1,u0,v1,v0` in hexadecimal (u = x² + u1·x + u0,
//! v = v1·x + v0; bit i of a field element = the coefficient of z^i), a weight-1
//! divisor `u0,v0` (u = x + u0, v = v0), the neutral element `0`. Every divisor read is
//! validated (u | v² + hv + f). Scalars are decimal or `0x` hex.
//!
//! # Operations
//! | OP | arguments | prints |
//! |---|---|---|
//! | `add` | D E | D + E |
//! | `dbl` | D | 2D |
//! | `neg` | D | −D |
//! | `halve` | D | the half of D in the subgroup of prime order r (error outside it) |
//! | `mul` | K D | \[K\]D |
//! | `validate` | D | `valid` (a divisor in the subgroup of order r), or the reason it is not |
//! | `random` | SEED | a divisor of the subgroup of order r (any divisor when #J is unknown) drawn from a generator seeded with SEED (reproducible, not secret) |
//! | `info` | — | the curve, its family, #J and its halving algorithm |
//!
//! `--algorithm NAME`: for `add` and `dbl`, `explicit` (the default: Lange's and Pelzl et
//! al.'s formulae, Cantor where they do not apply) or `cantor`; for `halve`, `alg3`,
//! `alg5`, `alg6`, `alg5-lean` (one halving by that algorithm, choosing the roots by the trace tests:
//! the half in 2J) or `auto` (the default, [`Hec2Curve::halve_vartime`]); for `mul`,
//! `double-and-add-vartime`, `wnaf-vartime`, `halve-and-add-vartime` or `auto` (the
//! default: the method measured fastest on this machine). A single `-` as the operand
//! list reads one tuple per line from stdin. Bad input gives one `error:` line and a
//! non-zero exit status.

use crate::lines::{self, expect_args};
use halfroot::binary::dynamic::DynBinaryField;
use halfroot::binary::modulus::Modulus;
use halfroot::ec2::curve::{element_from_hex, element_to_hex};
use halfroot::hec2::{Divisor, HalvingAlgorithm, HalvingFailure, Hec2Curve, Hec2ScalarAlgorithm};
use halfroot::prime::montgomery::parse_uint;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

type Curve = Hec2Curve<DynBinaryField>;
type Div = Divisor<Vec<u64>>;

const OPS: &str = "add dbl neg halve mul validate random info";

/// Arguments of `halfroot hec`.
#[derive(clap::Args, Debug)]
pub struct HecArgs {
    /// The curve: C1, C2, C6, or a JSON file in the format of hecc-kitamura.json's entries.
    curve: String,
    /// The operation: add dbl neg halve mul validate random info.
    op: String,
    /// Operands (or `-`: one tuple per line from stdin).
    #[arg(allow_hyphen_values = true)]
    args: Vec<String>,
    /// add, dbl: explicit (default) or cantor; halve: alg3, alg5, alg6, alg5-lean or auto
    /// (default); mul: double-and-add-vartime, wnaf-vartime, halve-and-add-vartime or
    /// auto (default).
    #[arg(long, value_name = "NAME")]
    algorithm: Option<String>,
}

/// How an operation computes.
enum Method {
    Explicit,
    Cantor,
    Halve(Option<HalvingAlgorithm>),
    Mul(Option<Hec2ScalarAlgorithm>),
    None,
}

/// `halfroot hec CURVE OP [ARG...]`.
pub fn run(args: HecArgs) -> ExitCode {
    let (operands, algorithm) = match crate::split_algorithm(args.args, args.algorithm) {
        (o, Ok(a)) => (o, a),
        (_, Err(e)) => return crate::fail(&e),
    };
    let op = args.op.as_str();
    if !OPS.split(' ').any(|o| o == op) {
        return crate::fail(&format!("unknown operation {op:?} (operations: {OPS})"));
    }
    let method = match method(op, algorithm.as_deref()) {
        Ok(m) => m,
        Err(e) => return crate::fail(&e),
    };
    let curve = match open_curve(&args.curve) {
        Ok(c) => c,
        Err(e) => return crate::fail(&e),
    };
    if op == "info" {
        if !operands.is_empty() {
            return crate::fail("info takes no arguments");
        }
        outln!("{}", info(&curve));
        return ExitCode::SUCCESS;
    }
    lines::run(&operands, |a| execute(&curve, op, &method, a))
}

fn method(op: &str, name: Option<&str>) -> Result<Method, String> {
    let Some(name) = name else {
        return Ok(match op {
            "add" | "dbl" => Method::Explicit,
            "halve" => Method::Halve(None),
            "mul" => Method::Mul(None),
            _ => Method::None,
        });
    };
    let n = name.trim().to_ascii_lowercase();
    match op {
        "add" | "dbl" => match n.as_str() {
            "explicit" | "auto" => Ok(Method::Explicit),
            "cantor" => Ok(Method::Cantor),
            _ => Err(format!(
                "unknown {op} method {name:?}; valid names: explicit, cantor, auto"
            )),
        },
        "halve" if n == "auto" => Ok(Method::Halve(None)),
        "halve" => HalvingAlgorithm::from_name(&n)
            .map(|a| Method::Halve(Some(a)))
            .map_err(|e| format!("{e}, auto")),
        "mul" => Hec2ScalarAlgorithm::from_name(&n)
            .map(Method::Mul)
            .map_err(|e| e.to_string()),
        _ => Err(format!(
            "--algorithm applies to add, dbl, halve and mul, not to {op}"
        )),
    }
}

/// One curve as written in a JSON file (an entry of `hecc-kitamura.json`).
#[derive(serde::Deserialize)]
struct CurveFile {
    name: Option<String>,
    field_modulus_exponents: Vec<u32>,
    h: BTreeMap<String, String>,
    f: BTreeMap<String, String>,
    #[serde(rename = "order_J")]
    order_j: Option<String>,
}

fn open_curve(spec: &str) -> Result<Curve, String> {
    let path = Path::new(spec);
    if path.is_file() || spec.ends_with(".json") {
        curve_from_file(path).map_err(|e| format!("curve file {spec}: {e}"))
    } else {
        Curve::named(spec).map_err(|e| e.to_string())
    }
}

fn curve_from_file(path: &Path) -> Result<Curve, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read it: {e}"))?;
    let c: CurveFile = serde_json::from_str(&text).map_err(|e| {
        format!(
            "not a curve description (JSON object with field_modulus_exponents, h {{h2, h1, h0}}, \
             f {{f5 … f0}}, optional name and order_J): {e}"
        )
    })?;
    let name = c.name.clone().unwrap_or_else(|| {
        path.file_stem()
            .map_or_else(|| "curve".into(), |s| s.to_string_lossy().into_owned())
    });
    let modulus =
        Modulus::from_exponents(&c.field_modulus_exponents).map_err(|e| format!("modulus: {e}"))?;
    let field = DynBinaryField::from_modulus(modulus).map_err(|e| format!("modulus: {e}"))?;
    let coeff = |map: &BTreeMap<String, String>, key: String| -> Result<Vec<u64>, String> {
        match map.get(&key) {
            Some(hex) => element_from_hex(&field, hex).map_err(|e| format!("{key}: {e}")),
            None => Ok(field.zero()),
        }
    };
    let h = [
        coeff(&c.h, "h0".into())?,
        coeff(&c.h, "h1".into())?,
        coeff(&c.h, "h2".into())?,
    ];
    let mut f = Vec::with_capacity(6);
    for i in 0..6 {
        f.push(coeff(&c.f, format!("f{i}"))?);
    }
    let f: [Vec<u64>; 6] = f
        .try_into()
        .map_err(|_| "f: six coefficients".to_string())?;
    for key in c.h.keys().chain(c.f.keys()) {
        if !["h0", "h1", "h2", "f0", "f1", "f2", "f3", "f4", "f5"].contains(&key.as_str()) {
            return Err(format!("unknown coefficient {key:?} (h0 … h2, f0 … f5)"));
        }
    }
    let order = match &c.order_j {
        Some(s) => Some(parse_uint(s).map_err(|e| format!("order_J: {e}"))?),
        None => None,
    };
    Curve::new(field, h, f, order, &name).map_err(|e| e.to_string())
}

/// Reads a divisor (`u1,u0,v1,v0`, `u0,v0` or `0`), validated.
fn parse_divisor(curve: &Curve, what: &str, text: &str) -> Result<Div, String> {
    let t = text.trim();
    if t == "0" {
        return Ok(Divisor::Zero);
    }
    let fl = curve.field();
    let parts: Vec<&str> = t.split(',').collect();
    let el = |s: &str| element_from_hex(fl, s).map_err(|e| format!("{what}: {e}"));
    let (u, v) = match parts.as_slice() {
        [u1, u0, v1, v0] => (
            vec![el(u0)?, el(u1)?, fl.one()],
            vec![el(v0)?, el(v1)?],
        ),
        [u0, v0] => (vec![el(u0)?, fl.one()], vec![el(v0)?]),
        _ => {
            return Err(format!(
                "{what}: a divisor is u1,u0,v1,v0 (weight 2), u0,v0 (weight 1) or 0, in hex; got {text:?}"
            ))
        }
    };
    curve
        .divisor_from_polys(&u, &v)
        .map_err(|e| format!("{what}: {e}"))
}

/// Writes a divisor in the syntax of [`parse_divisor`].
fn show(curve: &Curve, d: &Div) -> String {
    let fl = curve.field();
    let h = |e: &Vec<u64>| element_to_hex(fl, e);
    match d {
        Divisor::Zero => "0".into(),
        Divisor::Weight1 { u0, v0 } => format!("{},{}", h(u0), h(v0)),
        Divisor::Weight2 { u1, u0, v1, v0 } => {
            format!("{},{},{},{}", h(u1), h(u0), h(v1), h(v0))
        }
    }
}

fn execute(curve: &Curve, op: &str, method: &Method, a: &[&str]) -> Result<String, String> {
    match op {
        "add" => {
            expect_args(op, a, 2)?;
            let (d, e) = (
                parse_divisor(curve, "D", a[0])?,
                parse_divisor(curve, "E", a[1])?,
            );
            Ok(show(
                curve,
                &match method {
                    Method::Cantor => curve.add_cantor(&d, &e),
                    _ => curve.add_vartime(&d, &e),
                },
            ))
        }
        "dbl" => {
            expect_args(op, a, 1)?;
            let d = parse_divisor(curve, "D", a[0])?;
            Ok(show(
                curve,
                &match method {
                    Method::Cantor => curve.double_cantor(&d),
                    _ => curve.double_vartime(&d),
                },
            ))
        }
        "neg" => {
            expect_args(op, a, 1)?;
            let d = parse_divisor(curve, "D", a[0])?;
            Ok(show(curve, &curve.neg(&d)))
        }
        "halve" => {
            expect_args(op, a, 1)?;
            let d = parse_divisor(curve, "D", a[0])?;
            match method {
                Method::Halve(Some(alg)) => {
                    if !curve.supports_halving(*alg) {
                        return Err(format!(
                            "{} does not apply to {} (Algorithm 3: h irreducible of degree 2; \
                             5: h = x² + x + h0 irreducible, f4 = 0; 6: y² + xy = x⁵ + f1·x + f0)",
                            alg.name(),
                            curve.name()
                        ));
                    }
                    match curve.halve_with_vartime(*alg, &d, None) {
                        Ok((h, _)) => Ok(show(curve, &h)),
                        Err(HalvingFailure::NotInTwoJ) => {
                            Err("D is not in 2J: it has no half".into())
                        }
                        Err(HalvingFailure::Degenerate) => Err(format!(
                            "{} does not apply to D (weight < 2 or u1 = 0); use --algorithm auto",
                            alg.name()
                        )),
                    }
                }
                _ => curve
                    .halve_vartime(&d)
                    .map(|h| show(curve, &h))
                    .map_err(|e| e.to_string()),
            }
        }
        "mul" => {
            expect_args(op, a, 2)?;
            let k = parse_uint(a[0]).map_err(|e| format!("K: {e}"))?;
            let d = parse_divisor(curve, "D", a[1])?;
            let alg = match method {
                Method::Mul(m) => *m,
                _ => None,
            };
            curve
                .mul_vartime(alg, &k, &d)
                .map(|r| show(curve, &r))
                .map_err(|e| e.to_string())
        }
        "random" => {
            expect_args(op, a, 1)?;
            let seed: u64 = a[0]
                .trim()
                .parse()
                .map_err(|_| format!("SEED: cannot parse {:?} as an integer in [0, 2^64)", a[0]))?;
            let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(seed);
            let d = if curve.order().is_some() {
                curve
                    .random_subgroup_divisor_vartime(&mut rng)
                    .map_err(|e| e.to_string())?
            } else {
                curve.random_divisor_vartime(&mut rng)
            };
            Ok(show(curve, &d))
        }
        "validate" => {
            expect_args(op, a, 1)?;
            let d = parse_divisor(curve, "D", a[0])?;
            if d.is_zero() {
                return Err("D is the neutral element".into());
            }
            match curve.is_in_subgroup_vartime(&d) {
                Ok(true) => Ok("valid".into()),
                Ok(false) => Err(curve_not_in_subgroup(curve)),
                Err(e) => Err(e.to_string()),
            }
        }
        _ => Err(format!("unknown operation {op:?} (operations: {OPS})")),
    }
}

fn curve_not_in_subgroup(curve: &Curve) -> String {
    format!(
        "D is a divisor of {} but not in the subgroup of prime order r",
        curve.name()
    )
}

fn info(curve: &Curve) -> String {
    let fl = curve.field();
    let h = curve.h();
    let f = curve.f();
    let hx = |e: &Vec<u64>| element_to_hex(fl, e);
    let mut out = vec![
        format!("curve:      {}", curve.name()),
        format!("field:      {}", fl.modulus()),
        format!(
            "h:          h2 = {}, h1 = {}, h0 = {}",
            hx(&h[2]),
            hx(&h[1]),
            hx(&h[0])
        ),
        format!(
            "f:          f5 = {}, f4 = {}, f3 = {}, f2 = {}, f1 = {}, f0 = {}",
            hx(&f[5]),
            hx(&f[4]),
            hx(&f[3]),
            hx(&f[2]),
            hx(&f[1]),
            hx(&f[0])
        ),
        format!(
            "family:     {:?}{}",
            curve.shape(),
            if curve.h_is_irreducible() {
                " (h irreducible)"
            } else {
                ""
            }
        ),
    ];
    match curve.order() {
        Some(o) => out.push(format!(
            "#J:         {} = {} · {}",
            o.order_j, o.cofactor, o.r
        )),
        None => out.push("#J:         unknown".into()),
    }
    out.push(format!(
        "halving:    {}",
        curve.default_halving_algorithm().map_or(
            "none (needs #J = 2·r and h irreducible, or y² + xy = x⁵ + f1·x + f0)".into(),
            |a| a.name().to_string()
        )
    ));
    out.join("\n")
}
