//! `halfroot`: finite-field arithmetic from the shell, and the papers' tables measured
//! on this machine (`halfroot report`).
#![deny(unsafe_code)]

/// `println!` that never panics: see [`write_stdout`].
macro_rules! outln {
    () => {
        $crate::write_stdout(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::write_stdout(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// `print!` that never panics: see [`write_stdout`].
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::write_stdout(format_args!($($arg)*))
    };
}

mod ec_cmd;
mod ext_cmd;
mod hec_cmd;
mod lines;
#[cfg(feature = "report")]
mod report;
mod ssrf_cmd;

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

/// Square roots, traces, half-traces and quadratic equations in finite fields.
#[derive(Parser, Debug)]
#[command(name = "halfroot", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Arithmetic in F_2^d: `halfroot field MODULUS OP [ARG...]`.
    ///
    /// MODULUS is an exponent list (163,57,49,29,0) or a polynomial
    /// (x^163+x^57+x^49+x^29+1). OP is one of add mul sqr inv pow sqrt trace
    /// half-trace solve solve-general info. Elements are hexadecimal, bit i = coefficient
    /// of x^i, optional 0x. A single `-` as ARG reads one argument tuple per line.
    Field {
        /// The defining polynomial.
        modulus: String,
        /// The operation.
        op: String,
        /// Operands (or `-`).
        #[arg(allow_hyphen_values = true)]
        args: Vec<String>,
        /// Algorithm to use (e.g. fermat, zeta, ssrf for sqrt).
        #[arg(long)]
        algorithm: Option<String>,
    },
    /// Arithmetic in GF(p): `halfroot prime P OP [ARG...]`.
    ///
    /// P is an odd prime (decimal or 0x hex, up to 2048 bits). OP is one of add sub mul
    /// inv pow legendre qr sqrt; sqrt prints the smaller root or `none`. Integers are
    /// decimal or 0x hex in, decimal out. A single `-` reads one tuple per line.
    Prime {
        /// The prime p.
        p: String,
        /// The operation.
        op: String,
        /// Operands (or `-`).
        #[arg(allow_hyphen_values = true)]
        args: Vec<String>,
        /// Algorithm for sqrt (p3mod4 atkin tonelli_shanks smart mwst cipolla sarkar
        /// sarkar_table constant_time) or qr (cqr pqr legendre).
        #[arg(long)]
        algorithm: Option<String>,
    },
    /// Arithmetic in `F_{q^k} = F_q[X]/(M)`: `halfroot ext Q K MODULUS OP [ARG...]`.
    ///
    /// MODULUS: `auto`, a number α (M = X^k − α), or `c0,c1,…,c_{k−1}` for
    /// M = X^k + c_{k−1}X^{k−1} + … + c0. Elements: k comma-separated coefficients,
    /// constant term first. OP: mul sqr add sub inv pow frobenius norm.
    Ext {
        /// The prime q.
        q: String,
        /// The degree k.
        k: String,
        /// The modulus (see above).
        modulus: String,
        /// The operation.
        op: String,
        /// Operands (or `-`).
        #[arg(allow_hyphen_values = true)]
        args: Vec<String>,
        /// Multiplication algorithm (schoolbook karatsuba montgomery newton auto; the
        /// `-lazy` forms are accepted and give the same values through their reduced
        /// formulas: the command computes over a base field chosen at run time, and the
        /// lazy engines, timed by `halfroot report ext`, need a compile-time limb count).
        #[arg(long)]
        algorithm: Option<String>,
    },
    /// Arithmetic in `GF(p^2) = GF(p)[w]/(w^2 - c)`: `halfroot prime2 P C OP [ARG...]`.
    ///
    /// Elements are `a0,a1` meaning a0 + a1·w; c must be a non-square modulo p. OP as
    /// for `prime`; sqrt prints the root with the smaller (a1, a0) or `none`.
    Prime2 {
        /// The prime p.
        p: String,
        /// The non-square c.
        c: String,
        /// The operation.
        op: String,
        /// Operands (or `-`).
        #[arg(allow_hyphen_values = true)]
        args: Vec<String>,
        /// Algorithm for sqrt (smart mwst mwst_base complex adj_rh_3mod4) or qr (cqr pqr norm).
        #[arg(long)]
        algorithm: Option<String>,
    },
    /// The SSRF polynomial lab: classify, zeta, spectrum, find, convert, codegen.
    Ssrf(ssrf_cmd::SsrfArgs),
    /// Binary elliptic curves: `halfroot ec CURVE OP [ARG...]`.
    ///
    /// CURVE is a standard curve (sect233r1, B-233, b233, an OID) or a JSON file. OP is
    /// one of add dbl halve mul ecdh validate compress decompress keygen info. Points are
    /// x,y in hex, 0 (infinity), G, or SEC 1 hex; scalars decimal or 0x hex. A single
    /// `-` as ARG reads one argument tuple per line.
    Ec(ec_cmd::EcArgs),
    /// Genus-2 binary curves: `halfroot hec CURVE OP [ARG...]`.
    ///
    /// CURVE is C1, C2, C6 (Kitamura–Katagi–Takagi) or a JSON file. OP is one of add
    /// dbl neg halve mul validate random info. Divisors are u1,u0,v1,v0 or u0,v0 in hex, or 0;
    /// scalars decimal or 0x hex. A single `-` as ARG reads one argument tuple per line.
    Hec(hec_cmd::HecArgs),
    /// The CPU and the features halfroot's kernels use (restricted by the environment
    /// variable HALFROOT_CPU: native, portable, clmul, avx2, avx512, a feature list such
    /// as pclmulqdq,bmi2, or removals such as -gfni,-avx512ifma).
    Cpu {
        /// Print only the HALFROOT_CPU levels below native that this CPU supports (lowest
        /// first), then `native`, space-separated: the paths a test run can force here.
        #[arg(long)]
        levels: bool,
    },
    /// Measure everything on this machine and print the papers' tables beside ours.
    Report {
        /// Sections to run (default: all).
        sections: Vec<String>,
        /// Also write the data as JSON to FILE.
        #[arg(long, value_name = "FILE")]
        json: Option<PathBuf>,
        /// Also draw SVG charts into DIR.
        #[arg(long, value_name = "DIR")]
        plot: Option<PathBuf>,
        /// Measure peer libraries (OpenSSL, GMP, PARI, FLINT) in the same run.
        #[arg(long)]
        peers: bool,
        /// A short run (under two minutes).
        #[arg(long)]
        quick: bool,
    },
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(
                e.kind(),
                ErrorKind::DisplayHelp
                    | ErrorKind::DisplayVersion
                    | ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                let _ = e.print();
                return ExitCode::SUCCESS;
            }
            let text = e.to_string();
            let first = text
                .lines()
                .find(|l| !l.trim().is_empty())
                .unwrap_or("invalid arguments")
                .trim_start_matches("error: ");
            eprintln!("error: {first} (see halfroot --help)");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = halfroot::cpu::restriction_from_env() {
        return fail(&e.to_string());
    }
    if let Err(e) = halfroot::binary::backend::InlineClass::override_from_env() {
        return fail(&e.to_string());
    }
    match cli.command {
        Command::Cpu { levels } => {
            if levels {
                let mut levels = halfroot::cpu::forced_levels();
                levels.push("native");
                outln!("{}", levels.join(" "));
            } else {
                outln!("{}", halfroot::cpu::describe());
                outln!(
                    "levels supported here: {}",
                    halfroot::cpu::supported_levels().join(", ")
                );
                outln!(
                    "inlined kernels by the rule of CPU class: {}",
                    halfroot::binary::backend::InlineClass::detect().name()
                );
            }
            ExitCode::SUCCESS
        }
        Command::Field {
            modulus,
            op,
            args,
            algorithm,
        } => {
            let (args, algorithm) = split_algorithm(args, algorithm);
            match algorithm {
                Ok(alg) => commands::field(&modulus, &op, &args, alg.as_deref()),
                Err(e) => fail(&e),
            }
        }
        Command::Prime {
            p,
            op,
            args,
            algorithm,
        } => {
            let (args, algorithm) = split_algorithm(args, algorithm);
            match algorithm {
                Ok(alg) => prime_cmd::prime(&p, &op, &args, alg.as_deref()),
                Err(e) => fail(&e),
            }
        }
        Command::Ext {
            q,
            k,
            modulus,
            op,
            args,
            algorithm,
        } => {
            let (args, algorithm) = split_algorithm(args, algorithm);
            match algorithm {
                Ok(alg) => ext_cmd::run(&q, &k, &modulus, &op, &args, alg.as_deref()),
                Err(e) => fail(&e),
            }
        }
        Command::Prime2 {
            p,
            c,
            op,
            args,
            algorithm,
        } => {
            let (args, algorithm) = split_algorithm(args, algorithm);
            match algorithm {
                Ok(alg) => prime_cmd::prime2(&p, &c, &op, &args, alg.as_deref()),
                Err(e) => fail(&e),
            }
        }
        Command::Ssrf(args) => ssrf_cmd::run(args),
        Command::Ec(args) => ec_cmd::run(args),
        Command::Hec(args) => hec_cmd::run(args),
        Command::Report {
            sections,
            json,
            plot,
            peers,
            quick,
        } => {
            #[cfg(feature = "report")]
            {
                let opts = report::Options {
                    sections,
                    json,
                    plot,
                    peers,
                    quick,
                };
                match report::run(&opts) {
                    Ok(()) => ExitCode::SUCCESS,
                    Err(e) => fail(&e),
                }
            }
            #[cfg(not(feature = "report"))]
            {
                let _ = (sections, json, plot, peers, quick);
                fail(
                    "this halfroot was built without its `report` feature (a default feature); \
                     build it with `cargo build --release -p halfroot-cli`",
                )
            }
        }
    }
}

mod commands;
mod prime_cmd;

/// Writes to stdout, where `println!` would panic when the write fails: the reader of a
/// pipe has gone (`halfroot ssrf codegen … | head -1`), or the device is full (`>
/// /dev/full`). A reader that has gone ends the program quietly with status 0, as the
/// output was wanted no further; any other write error prints one error line and exits
/// with status 2. (A closed stdout, `>&-`, is no error: the standard library discards
/// the output.)
fn write_stdout(args: std::fmt::Arguments<'_>) {
    use std::io::Write;
    let mut stdout = std::io::stdout().lock();
    if let Err(e) = stdout.write_fmt(args).and_then(|()| stdout.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to stdout: {e}");
        std::process::exit(2);
    }
}

/// Prints one error line and returns exit status 2.
fn fail(msg: &str) -> ExitCode {
    eprintln!("error: {msg}");
    ExitCode::from(2)
}

/// Lets `--algorithm NAME` also appear after the operands.
fn split_algorithm(
    args: Vec<String>,
    given: Option<String>,
) -> (Vec<String>, Result<Option<String>, String>) {
    let mut out = Vec::with_capacity(args.len());
    let mut alg = given;
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        if a == "--algorithm" {
            match it.next() {
                Some(v) => alg = Some(v),
                None => return (out, Err("--algorithm needs a NAME".into())),
            }
        } else if let Some(v) = a.strip_prefix("--algorithm=") {
            alg = Some(v.to_string());
        } else {
            out.push(a);
        }
    }
    (out, Ok(alg))
}
