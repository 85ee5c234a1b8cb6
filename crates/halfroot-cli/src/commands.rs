//! The scriptable subcommands: parse the arguments, call the library, format the result.

use crate::lines::{self, expect_args};
use halfroot::binary::dynamic::DynBinaryField;
use std::process::ExitCode;

/// `halfroot field MODULUS OP [ARG...]`.
pub fn field(modulus: &str, op: &str, args: &[String], algorithm: Option<&str>) -> ExitCode {
    const OPS: &str = "add mul sqr inv pow sqrt trace half-trace solve solve-general info";
    let field = match DynBinaryField::new(modulus) {
        Ok(f) => f,
        Err(e) => return crate::fail(&e.to_string()),
    };
    // Validate the operation and its algorithm once, before reading any input line.
    let sqrt_alg = match (op, algorithm) {
        ("sqrt", Some(name)) => match field.choose_sqrt(name) {
            Ok(a) => a,
            Err(e) => return crate::fail(&e.to_string()),
        },
        _ => None,
    };
    let ht_method = match (op, algorithm) {
        ("half-trace", Some(name)) => match field.choose_half_trace(name) {
            Ok(m) => m,
            Err(e) => return crate::fail(&e.to_string()),
        },
        _ => None,
    };
    if algorithm.is_some() && !matches!(op, "sqrt" | "half-trace") {
        return crate::fail(&format!(
            "--algorithm applies to sqrt and half-trace, not to {op}"
        ));
    }
    if !OPS.split(' ').any(|o| o == op) {
        return crate::fail(&format!("unknown operation {op:?} (operations: {OPS})"));
    }
    if op == "info" {
        if !args.is_empty() {
            return crate::fail("info takes no arguments");
        }
        outln!("{}", field.info());
        return ExitCode::SUCCESS;
    }
    let f = &field;
    lines::run(args, |a| {
        let el = |i: usize| f.parse_element(a[i]).map_err(|e| e.to_string());
        let fmt = |v: Vec<u64>| f.format_element(&v);
        let res = match op {
            "add" | "mul" => {
                expect_args(op, a, 2)?;
                let (x, y) = (el(0)?, el(1)?);
                if op == "add" {
                    f.add(&x, &y)
                } else {
                    f.mul(&x, &y)
                }
                .map(fmt)
            }
            "sqr" => {
                expect_args(op, a, 1)?;
                f.sqr(&el(0)?).map(fmt)
            }
            "inv" => {
                expect_args(op, a, 1)?;
                f.inv(&el(0)?).map(fmt)
            }
            "pow" => {
                expect_args(op, a, 2)?;
                f.pow(&el(0)?, a[1]).map(fmt)
            }
            "sqrt" => {
                expect_args(op, a, 1)?;
                f.sqrt(&el(0)?, sqrt_alg).map(fmt)
            }
            "trace" => {
                expect_args(op, a, 1)?;
                f.trace(&el(0)?).map(|t| t.to_string())
            }
            "half-trace" => {
                expect_args(op, a, 1)?;
                f.half_trace(&el(0)?, ht_method).map(fmt)
            }
            "solve" => {
                expect_args(op, a, 1)?;
                f.solve(&el(0)?)
                    .map(|r| r.map(fmt).unwrap_or_else(|| "none".into()))
            }
            "solve-general" => {
                expect_args(op, a, 3)?;
                f.solve_general(&el(0)?, &el(1)?, &el(2)?).map(|r| match r {
                    Some((x, y)) => format!("{} {}", fmt(x), fmt(y)),
                    None => "none".into(),
                })
            }
            _ => return Err(format!("unknown operation {op:?}")),
        };
        res.map_err(|e| e.to_string())
    })
}
