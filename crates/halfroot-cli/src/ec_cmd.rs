//! `halfroot ec CURVE OP [ARG...]`: binary elliptic curves y² + xy = x³ + ax² + b from
//! the shell, through [`halfroot::ec2`]. This module only parses, calls the library
//! and formats; every curve computation is the library's.
//!
//! # The curve
//! CURVE is a standard curve's name (`sect233r1`, `B-233`, `b233` or its OID
//! `1.3.132.0.27`; see [`BinaryCurve::standard`]) or the path of a JSON file — it is
//! taken as a file when it names an existing file or ends in `.json` — holding one
//! object with the fields of the entries of `crates/halfroot/tests/vectors/binary-curves.json`:
//!
//! ```json
//! {"name": "my-b163", "modulus_exponents": [163, 7, 6, 3, 0], "a": "0x1",
//!  "b": "0x20a6…", "gx": "0x3f0e…", "gy": "0xd51f…",
//!  "order": "0x4000…", "cofactor": 2}
//! ```
//!
//! (`name` is optional — the file's stem by default —, other fields such as `nist` or
//! `degree` are ignored). The library validates the parameters ([`BinaryCurve::new`]).
//! A curve read from a file has no OID, so it has no SubjectPublicKeyInfo.
//!
//! # Points, scalars, byte strings
//! A point argument is `x,y` in hexadecimal (bit i = the coefficient of z^i, the
//! element syntax of `halfroot field`), `0` for the point at infinity O, `G` for the
//! generator, or a SEC 1 octet string in hex (`00`, `02`/`03` ‖ X, `04`/`06`/`07` ‖ X ‖ Y).
//! Every point read must lie on the curve. Points print as `x,y` (`0` for O); with
//! `--sec1` as an uncompressed SEC 1 string, with `--compressed` as a compressed one.
//! Scalars K of `mul` are decimal or `0x` hex of any size; the private key D of `ecdh`
//! is big-endian hex; byte strings may carry a `0x` prefix.
//!
//! # Operations
//! | OP | arguments | prints |
//! |---|---|---|
//! | `add` | P Q | P + Q |
//! | `dbl` | P | 2P |
//! | `halve` | P | the Q of odd order with 2Q = P (error if P has even order) |
//! | `mul` | K P | kP |
//! | `ecdh` | D PUB | the shared secret x(d·Q), 2⌈d/8⌉ hex digits; D is the scalar in hex or `@FILE`, a private key (PKCS#8 or RFC 5915, DER or PEM); PUB is a DER SubjectPublicKeyInfo or a SEC 1 point, fully validated |
//! | `validate` | P | `valid`, or the reason P is not a valid public key (≠ O, on the curve, in ⟨G⟩) |
//! | `compress` | P | the compressed SEC 1 string of P |
//! | `decompress` | S | the point of the compressed SEC 1 string S |
//! | `keygen` | — | `private HEX` (the scalar, or a DER private key with `--key-format`; a PEM block with `--pem`) and `public HEX` (SEC 1, or DER with `--spki`) |
//! | `info` | — | the curve's parameters and methods |
//!
//! # Options
//! * `--algorithm NAME`: for `mul`, `ladder`, `wnaf-vartime`, `halve-and-add-vartime`,
//!   `wnaf-lambda-vartime`, `tnaf-vartime` (Koblitz curves), `comb-vartime` or `auto`
//!   (the default: [`BinaryCurve::mul`] with `None` — the variable-time method measured
//!   fastest on this machine, the comb for G; K is a public value here); for `halve`, `constant-time`
//!   (the default, [`BinaryCurve::halve`]) or `vartime` ([`BinaryCurve::halve_vartime`]),
//!   `auto` meaning the default. An error with any other operation.
//! * `--sec1`, `--compressed`: the output form of points (add, dbl, halve, mul,
//!   decompress; for keygen `--compressed` compresses the public key).
//! * `--seed N` (keygen): draw the key from a generator seeded with N — reproducible,
//!   hence NOT secret; for tests. Without it the key comes from the operating system.
//! * `--spki` (keygen): print the public key as a DER SubjectPublicKeyInfo.
//! * `--key-format pkcs8|sec1` (keygen): print the private key as a DER PKCS#8
//!   `PrivateKeyInfo` or RFC 5915 `ECPrivateKey` (with the curve and the public key)
//!   instead of the bare scalar; `--pem` prints it as a PEM block (PKCS#8 unless
//!   `--key-format sec1`).
//!
//! Options may also follow the operands. A single `-` as the operand list reads one
//! operand tuple per line from stdin ([`crate::lines`]). Bad input gives one `error:`
//! line and a non-zero exit status.

use crate::lines::{self, expect_args};
use halfroot::algorithm::parse_or_auto;
use halfroot::binary::dynamic::DynBinaryField;
use halfroot::binary::modulus::Modulus;
use halfroot::ec2::curve::element_from_hex;
use halfroot::ec2::params;
use halfroot::ec2::{AffinePoint, BinaryCurve, PrivateKeyFormat, ScalarMulAlgorithm};
use halfroot::prime::montgomery::parse_uint;
use halfroot::ssrf::format_poly;
use rand::SeedableRng;
use std::path::Path;
use std::process::ExitCode;

type Curve = BinaryCurve<DynBinaryField>;
type Point = AffinePoint<Vec<u64>>;

/// The operations, for messages.
const OPS: &str = "add dbl halve mul ecdh validate compress decompress keygen info";
/// The operations that print points (and so take `--sec1` / `--compressed`).
const POINT_OPS: &str = "add dbl halve mul decompress keygen";
/// How a point argument may be written, for messages.
const POINT_SYNTAX: &str =
    "a point is x,y in hex, 0 (the point at infinity), G, or a SEC 1 octet string in hex";

/// Arguments of `halfroot ec`.
#[derive(clap::Args, Debug)]
pub struct EcArgs {
    /// The curve: a standard name (sect233r1, B-233, b233, 1.3.132.0.27) or a JSON file.
    curve: String,
    /// The operation: add dbl halve mul ecdh validate compress decompress keygen info.
    op: String,
    /// Operands (or `-`: one tuple per line from stdin).
    #[arg(allow_hyphen_values = true)]
    args: Vec<String>,
    /// mul: ladder, wnaf-vartime, halve-and-add-vartime, wnaf-lambda-vartime,
    /// tnaf-vartime, comb-vartime or auto (default); halve: constant-time (default) or
    /// vartime.
    #[arg(long, value_name = "NAME")]
    algorithm: Option<String>,
    /// Print points as uncompressed SEC 1 hex (04 ‖ X ‖ Y) instead of x,y.
    #[arg(long)]
    sec1: bool,
    /// Print points as compressed SEC 1 hex (02/03 ‖ X) instead of x,y.
    #[arg(long)]
    compressed: bool,
    /// keygen: a reproducible (not secret) key from a generator seeded with N.
    #[arg(long, value_name = "N")]
    seed: Option<u64>,
    /// keygen: print the public key as a DER SubjectPublicKeyInfo.
    #[arg(long)]
    spki: bool,
    /// keygen: print the private key as DER of this format (pkcs8 or sec1) instead of
    /// the bare scalar.
    #[arg(long, value_name = "FORMAT")]
    key_format: Option<String>,
    /// keygen: print the private key as a PEM block (PKCS#8 unless --key-format sec1).
    #[arg(long)]
    pem: bool,
}

/// The output form of points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Form {
    /// `x,y` in hex, `0` for O.
    Coordinates,
    /// SEC 1, uncompressed.
    Sec1,
    /// SEC 1, compressed.
    Compressed,
}

/// The options after merging those written after the operands.
#[derive(Debug)]
struct Options {
    algorithm: Option<String>,
    sec1: bool,
    compressed: bool,
    seed: Option<u64>,
    spki: bool,
    key_format: Option<String>,
    pem: bool,
}

/// How `halve` computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum HalveMethod {
    ConstantTime,
    Vartime,
}

/// `halfroot ec CURVE OP [ARG...]`: runs the operation and returns the exit status
/// (0, or 2 after one `error:` line; 1 at the end of a `-` run with failed lines).
pub fn run(args: EcArgs) -> ExitCode {
    match prepare(args) {
        Ok((curve, op, operands, opts)) => execute(&curve, &op, &operands, &opts),
        Err(msg) => crate::fail(&msg),
    }
}

/// Parses the options, checks that they apply to the operation and opens the curve.
fn prepare(args: EcArgs) -> Result<(Curve, String, Vec<String>, Options), String> {
    let EcArgs {
        curve,
        op,
        args,
        algorithm,
        sec1,
        compressed,
        seed,
        spki,
        key_format,
        pem,
    } = args;
    let mut opts = Options {
        algorithm,
        sec1,
        compressed,
        seed,
        spki,
        key_format,
        pem,
    };
    let operands = split_options(args, &mut opts)?;
    if !OPS.split(' ').any(|o| o == op) {
        return Err(format!("unknown operation {op:?} (operations: {OPS})"));
    }
    if opts.algorithm.is_some() && !matches!(op.as_str(), "mul" | "halve") {
        return Err(format!("--algorithm applies to mul and halve, not to {op}"));
    }
    if opts.sec1 && opts.compressed {
        return Err("--sec1 and --compressed exclude each other".into());
    }
    for (given, flag) in [(opts.sec1, "--sec1"), (opts.compressed, "--compressed")] {
        if given && !POINT_OPS.split(' ').any(|o| o == op) {
            return Err(format!(
                "{flag} applies to the operations that print points ({POINT_OPS}), not to {op}"
            ));
        }
    }
    for (given, flag) in [
        (opts.seed.is_some(), "--seed"),
        (opts.spki, "--spki"),
        (opts.key_format.is_some(), "--key-format"),
        (opts.pem, "--pem"),
    ] {
        if given && op != "keygen" {
            return Err(format!("{flag} applies to keygen, not to {op}"));
        }
    }
    let curve = open_curve(&curve)?;
    Ok((curve, op, operands, opts))
}

/// Removes the options written among the operands (`--algorithm NAME`,
/// `--algorithm=NAME`, `--seed N`, `--sec1`, …) into `opts`; the rest are operands.
fn split_options(args: Vec<String>, opts: &mut Options) -> Result<Vec<String>, String> {
    let mut operands = Vec::with_capacity(args.len());
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let (flag, inline) = match a.split_once('=') {
            Some((f, v)) if a.starts_with("--") => (f.to_string(), Some(v.to_string())),
            _ => (a.clone(), None),
        };
        let mut value = |name: &str| -> Result<String, String> {
            match inline.clone().or_else(|| it.next()) {
                Some(v) => Ok(v),
                None => Err(format!("{name} needs a value")),
            }
        };
        match flag.as_str() {
            "--algorithm" => opts.algorithm = Some(value("--algorithm")?),
            "--seed" => {
                let v = value("--seed")?;
                opts.seed = Some(v.trim().parse().map_err(|_| {
                    format!("--seed: cannot parse {v:?} as an integer in [0, 2^64)")
                })?);
            }
            "--sec1" if inline.is_none() => opts.sec1 = true,
            "--compressed" if inline.is_none() => opts.compressed = true,
            "--spki" if inline.is_none() => opts.spki = true,
            "--pem" if inline.is_none() => opts.pem = true,
            "--key-format" => opts.key_format = Some(value("--key-format")?),
            f if f.starts_with("--") => {
                return Err(format!(
                    "unknown option {a:?} (options: --algorithm NAME, --sec1, --compressed, \
                     --seed N, --spki, --key-format FORMAT, --pem)"
                ))
            }
            _ => operands.push(a),
        }
    }
    Ok(operands)
}

/// The curve named `spec`, or the curve of the JSON file `spec`.
fn open_curve(spec: &str) -> Result<Curve, String> {
    let path = Path::new(spec);
    if path.is_file() || spec.ends_with(".json") {
        curve_from_file(path).map_err(|e| format!("curve file {spec}: {e}"))
    } else {
        Curve::standard(spec).map_err(|e| e.to_string())
    }
}

/// One curve as written in a JSON file (the fields of `binary-curves.json`'s entries).
#[derive(serde::Deserialize)]
struct CurveFile {
    name: Option<String>,
    modulus_exponents: Vec<u32>,
    a: String,
    b: String,
    gx: String,
    gy: String,
    order: String,
    cofactor: u64,
}

/// Reads and builds the curve of a JSON file (the library validates it).
fn curve_from_file(path: &Path) -> Result<Curve, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read it: {e}"))?;
    let c: CurveFile = serde_json::from_str(&text)
        .map_err(|e| format!("not a curve description (JSON object with name, modulus_exponents, a, b, gx, gy, order, cofactor): {e}"))?;
    let name = c.name.clone().unwrap_or_else(|| {
        path.file_stem()
            .map_or_else(|| "curve".into(), |s| s.to_string_lossy().into_owned())
    });
    let modulus =
        Modulus::from_exponents(&c.modulus_exponents).map_err(|e| format!("modulus: {e}"))?;
    let field = DynBinaryField::from_modulus(modulus).map_err(|e| format!("modulus: {e}"))?;
    let el =
        |what: &str, hex: &str| element_from_hex(&field, hex).map_err(|e| format!("{what}: {e}"));
    let (a, b) = (el("a", &c.a)?, el("b", &c.b)?);
    let (gx, gy) = (el("gx", &c.gx)?, el("gy", &c.gy)?);
    let order = parse_uint(&c.order).map_err(|e| format!("order: {e}"))?;
    Curve::new(field, a, b, gx, gy, order, c.cofactor, &name).map_err(|e| e.to_string())
}

/// The scalar-multiplication method of `--algorithm` (`None`: auto).
fn mul_algorithm(curve: &Curve, name: Option<&str>) -> Result<Option<ScalarMulAlgorithm>, String> {
    let Some(name) = name else {
        return Ok(None);
    };
    let alg = parse_or_auto::<ScalarMulAlgorithm>(name).map_err(|e| e.to_string())?;
    if let Some(a) = alg {
        if !a.supports(curve) {
            let why = match a {
                ScalarMulAlgorithm::TnafVartime | ScalarMulAlgorithm::Tnaf => {
                    curve.koblitz_unsupported()
                }
                _ => curve.halving_unsupported(),
            }
            .unwrap_or_default();
            return Err(format!("{a} does not apply to {}: {why}", curve.name()));
        }
    }
    Ok(alg)
}

/// The halving method of `--algorithm`.
fn halve_method(name: Option<&str>) -> Result<HalveMethod, String> {
    match name.map(|n| n.trim().to_ascii_lowercase().replace('_', "-")) {
        None => Ok(HalveMethod::ConstantTime),
        Some(n) if n == "constant-time" || n == "auto" => Ok(HalveMethod::ConstantTime),
        Some(n) if n == "vartime" => Ok(HalveMethod::Vartime),
        Some(_) => Err(format!(
            "unknown halving method {:?}; valid names: constant-time, vartime, auto",
            name.unwrap_or_default()
        )),
    }
}

/// Runs a validated operation on the opened curve.
fn execute(curve: &Curve, op: &str, operands: &[String], opts: &Options) -> ExitCode {
    let form = if opts.compressed {
        Form::Compressed
    } else if opts.sec1 {
        Form::Sec1
    } else {
        Form::Coordinates
    };
    let mul_alg = if op == "mul" {
        match mul_algorithm(curve, opts.algorithm.as_deref()) {
            Ok(a) => a,
            Err(e) => return crate::fail(&e),
        }
    } else {
        None
    };
    let halving = if op == "halve" {
        match halve_method(opts.algorithm.as_deref()) {
            Ok(m) => m,
            Err(e) => return crate::fail(&e),
        }
    } else {
        HalveMethod::ConstantTime
    };
    if op == "info" || op == "keygen" {
        if !operands.is_empty() {
            return crate::fail(&format!("{op} takes no arguments, got {}", operands.len()));
        }
        let out = if op == "info" {
            Ok(info(curve))
        } else {
            keygen(curve, opts, form)
        };
        return match out {
            Ok(text) => {
                outln!("{text}");
                ExitCode::SUCCESS
            }
            Err(e) => crate::fail(&e),
        };
    }
    lines::run(operands, |a| match op {
        "add" => {
            expect_args(op, a, 2)?;
            let p = parse_point(curve, "P", a[0])?;
            let q = parse_point(curve, "Q", a[1])?;
            Ok(show_point(curve, &curve.add_vartime(&p, &q), form))
        }
        "dbl" => {
            expect_args(op, a, 1)?;
            let p = parse_point(curve, "P", a[0])?;
            Ok(show_point(curve, &curve.double_vartime(&p), form))
        }
        "halve" => {
            expect_args(op, a, 1)?;
            let p = parse_point(curve, "P", a[0])?;
            let half = match halving {
                HalveMethod::ConstantTime => curve.halve(&p),
                HalveMethod::Vartime => curve.halve_vartime(&p),
            };
            match half.map_err(|e| e.to_string())? {
                Some(q) => Ok(show_point(curve, &q, form)),
                None => Err("P has even order: it has no half in the odd-order subgroup".into()),
            }
        }
        "mul" => {
            expect_args(op, a, 2)?;
            let k = parse_uint(a[0]).map_err(|e| format!("K: {e}"))?;
            let p = parse_point(curve, "P", a[1])?;
            let r = curve.mul(mul_alg, &k, &p).map_err(|e| e.to_string())?;
            Ok(show_point(curve, &r, form))
        }
        "ecdh" => {
            expect_args(op, a, 2)?;
            let public = hex_bytes(a[1], false).map_err(|e| format!("PUB: {e}"))?;
            let secret = match a[0].strip_prefix('@') {
                Some(path) => {
                    let key =
                        std::fs::read(path).map_err(|e| format!("D: cannot read {path}: {e}"))?;
                    let (d, _) = curve
                        .decode_private_key(&key)
                        .map_err(|e| format!("D: {path}: {e}"))?;
                    let q = curve
                        .decode_public_key(&public)
                        .map_err(|e| format!("PUB: {e}"))?;
                    curve.ecdh(&d, &q)
                }
                None => {
                    let d = hex_bytes(a[0], true).map_err(|e| format!("D: {e}"))?;
                    curve.ecdh_from_bytes(&d, &public)
                }
            }
            .map_err(|e| e.to_string())?;
            Ok(to_hex(&secret))
        }
        "validate" => {
            expect_args(op, a, 1)?;
            let p = parse_point(curve, "P", a[0])?;
            curve
                .validate_public_point(&p, "a public key")
                .map_err(|e| e.to_string())?;
            Ok("valid".into())
        }
        "compress" => {
            expect_args(op, a, 1)?;
            let p = parse_point(curve, "P", a[0])?;
            Ok(to_hex(&curve.encode_point(&p, true)))
        }
        "decompress" => {
            expect_args(op, a, 1)?;
            let s = hex_bytes(a[0], false).map_err(|e| format!("S: {e}"))?;
            if !matches!(s.first(), Some(2 | 3)) {
                return Err(
                    "S: decompress takes a compressed SEC 1 point (02 or 03 followed by X)".into(),
                );
            }
            let p = curve.decode_point(&s).map_err(|e| format!("S: {e}"))?;
            Ok(show_point(curve, &p, form))
        }
        _ => Err(format!("unknown operation {op:?} (operations: {OPS})")),
    })
}

/// `keygen`: the two lines `private HEX` and `public HEX`.
fn keygen(curve: &Curve, opts: &Options, form: Form) -> Result<String, String> {
    let (d, q) = match opts.seed {
        Some(s) => curve.keygen(&mut rand::rngs::StdRng::seed_from_u64(s)),
        None => curve.keygen(&mut rand::rngs::OsRng),
    }
    .map_err(|e| e.to_string())?;
    let compressed = form == Form::Compressed;
    let public = if opts.spki {
        curve
            .encode_spki(&q, compressed)
            .map_err(|e| e.to_string())?
    } else {
        curve.encode_point(&q, compressed)
    };
    let format = match &opts.key_format {
        Some(name) => Some(
            name.parse::<PrivateKeyFormat>()
                .map_err(|e| e.to_string())?,
        ),
        None if opts.pem => Some(PrivateKeyFormat::Pkcs8),
        None => None,
    };
    let private = match format {
        Some(f) if opts.pem => curve
            .encode_private_key_pem(&d, f)
            .map_err(|e| e.to_string())?
            .trim_end()
            .to_string(),
        Some(f) => format!(
            "private {}",
            to_hex(
                &curve
                    .encode_private_key_der(&d, f)
                    .map_err(|e| e.to_string())?
            )
        ),
        // The private key big-endian on ⌈bits(n)/8⌉ bytes (the form `ecdh` reads).
        None => format!(
            "private {}",
            to_hex(&d.to_be_bytes(curve.order_bits().div_ceil(8)))
        ),
    };
    Ok(format!("{private}\npublic {}", to_hex(&public)))
}

/// `info`: one `key value` line per parameter.
fn info(curve: &Curve) -> String {
    let f = curve.field();
    let exps = f.modulus().exponents();
    let standard = curve.oid().and_then(|_| params::find(curve.name()));
    let name = match standard {
        Some(sc) => format!("{} ({})", curve.name(), sc.nist),
        None => curve.name().to_string(),
    };
    let halving = match curve.halving_unsupported() {
        None => "supported".to_string(),
        Some(why) => format!("not supported: {why}"),
    };
    let secret: Vec<&str> = curve
        .secret_candidates()
        .into_iter()
        .map(ScalarMulAlgorithm::name)
        .collect();
    let methods: Vec<&str> = ScalarMulAlgorithm::ALL
        .iter()
        .filter(|a| a.supports(curve))
        .map(|a| a.name())
        .collect();
    let halve = if curve.halving_unsupported().is_none() {
        "constant-time (default), vartime"
    } else {
        "-"
    };
    let rows = [
        ("name", name),
        ("oid", curve.oid().unwrap_or("-").to_string()),
        (
            "field",
            format!(
                "F_2^{} = F_2[z]/({}), {}",
                curve.degree(),
                format_poly(&exps, 'z'),
                f.modulus()
            ),
        ),
        ("a", f.format_element(curve.a())),
        ("b", f.format_element(curve.b())),
        (
            "G",
            show_point(curve, &curve.generator(), Form::Coordinates),
        ),
        ("n", format!("{:#x}", curve.order())),
        ("h", curve.cofactor().to_string()),
        ("halving", halving),
        (
            "mul",
            format!(
                "auto = {}; methods: {}",
                curve.auto_public_algorithm(),
                methods.join(", ")
            ),
        ),
        ("halve", halve.to_string()),
        (
            "ecdh",
            format!(
                "{} (constant-time, measured fastest of: {}), full public-key validation",
                curve.auto_secret_algorithm(),
                secret.join(", ")
            ),
        ),
        (
            "keygen",
            format!("{} (constant-time)", curve.auto_secret_algorithm()),
        ),
    ];
    rows.iter()
        .map(|(k, v)| format!("{k:<8} {v}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The point written `text` (see the module documentation), on the curve; errors name
/// the argument `name`.
fn parse_point(curve: &Curve, name: &str, text: &str) -> Result<Point, String> {
    let t = text.trim();
    if t == "0" {
        return Ok(AffinePoint::Infinity);
    }
    if t == "G" || t == "g" {
        return Ok(curve.generator());
    }
    let f = curve.field();
    if let Some((xs, ys)) = t.split_once(',') {
        let x = f.parse_element(xs).map_err(|e| format!("{name}: x: {e}"))?;
        let y = f.parse_element(ys).map_err(|e| format!("{name}: y: {e}"))?;
        return curve.point(x, y).map_err(|e| format!("{name}: {e}"));
    }
    let bytes = hex_bytes(t, false).map_err(|e| format!("{name}: {e} ({POINT_SYNTAX})"))?;
    curve
        .decode_point(&bytes)
        .map_err(|e| format!("{name}: {e}"))
}

/// A point in the output form `form`.
fn show_point(curve: &Curve, p: &Point, form: Form) -> String {
    match form {
        Form::Coordinates => match p.coordinates() {
            None => "0".into(),
            Some((x, y)) => {
                let f = curve.field();
                format!("{},{}", f.format_element(x), f.format_element(y))
            }
        },
        Form::Sec1 => to_hex(&curve.encode_point(p, false)),
        Form::Compressed => to_hex(&curve.encode_point(p, true)),
    }
}

/// The bytes written in hex (optional `0x`); an odd number of digits is an error unless
/// `pad_odd` (a number: a leading zero digit is implied).
fn hex_bytes(text: &str, pad_odd: bool) -> Result<Vec<u8>, String> {
    let t = text.trim();
    let digits = t
        .strip_prefix("0x")
        .or_else(|| t.strip_prefix("0X"))
        .unwrap_or(t);
    if digits.is_empty() {
        return Err(format!("{text:?} has no hexadecimal digits"));
    }
    if let Some(c) = digits.chars().find(|c| !c.is_ascii_hexdigit()) {
        return Err(format!("{text:?}: {c:?} is not a hexadecimal digit"));
    }
    let padded;
    let digits = if digits.len() % 2 == 1 {
        if !pad_odd {
            return Err(format!(
                "{text:?} has an odd number of hexadecimal digits (expected whole bytes)"
            ));
        }
        padded = format!("0{digits}");
        padded.as_str()
    } else {
        digits
    };
    digits
        .as_bytes()
        .chunks(2)
        .map(|pair| {
            std::str::from_utf8(pair)
                .ok()
                .and_then(|s| u8::from_str_radix(s, 16).ok())
                .ok_or_else(|| format!("{text:?} is not hexadecimal"))
        })
        .collect()
}

/// Lowercase hex of bytes.
fn to_hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
