//! `halfroot ext Q K MODULUS OP [ARG...]`: arithmetic in F_{q^k} = F_q\[X\]/(M).
//!
//! MODULUS is `auto` (the smallest irreducible X^k − α, else a small trinomial), a
//! single number α (M = X^k − α), or a list `c0,c1,…,c_{k−1}` of exactly k
//! coefficients meaning M = X^k + c_{k−1}X^{k−1} + … + c_0. Elements are lists of k
//! coefficients, constant term first, decimal or `0x` hex. OP: mul A B, sqr A, add A B,
//! sub A B, inv A, pow A E, frobenius A \[I\] (A^(q^I), I = 1 by default), norm A (an
//! integer). Results print as decimal coefficient lists. `--algorithm` picks the
//! multiplication (schoolbook karatsuba montgomery newton auto).

use crate::lines::{self, expect_args};
use halfroot::ext::{Fqk, ModulusChoice, MulAlgorithm};
use halfroot::field::Field;
use halfroot::prime::dynamic::DynFp;
use halfroot::prime::montgomery::parse_uint;
use halfroot::prime::PrimeFieldOps;
use std::process::ExitCode;

const EXT_OPS: &str = "mul sqr add sub inv pow frobenius norm";

/// `halfroot ext Q K MODULUS OP [ARG...]`.
pub fn run(
    q: &str,
    k: &str,
    modulus: &str,
    op: &str,
    args: &[String],
    algorithm: Option<&str>,
) -> ExitCode {
    if !EXT_OPS.split(' ').any(|o| o == op) {
        return crate::fail(&format!("unknown operation {op:?} (operations: {EXT_OPS})"));
    }
    let k: usize = match k.trim().parse() {
        Ok(k) => k,
        Err(_) => return crate::fail(&format!("k: cannot parse {k:?} as a degree")),
    };
    let alg = match algorithm.map(str::parse::<MulAlgorithm>) {
        None => MulAlgorithm::Auto,
        Some(Ok(a)) => a,
        Some(Err(e)) => return crate::fail(&e.to_string()),
    };
    let qv = match parse_uint(q) {
        Ok(v) => v,
        Err(e) => return crate::fail(&format!("q: {e}")),
    };
    let field = match DynFp::new(&qv) {
        Ok(f) => f,
        Err(e) => return crate::fail(&e.for_argument("q").to_string()),
    };
    // F_{q^k} over DynFp: one instantiation of the generic code for every limb count
    // (build weight; the products are those of the reduced formulas, the same values).
    match open(field, k, modulus, alg) {
        Ok(e) => ops(&e, op, args),
        Err(msg) => crate::fail(&msg),
    }
}

fn open<F: PrimeFieldOps + 'static>(
    f: F,
    k: usize,
    modulus: &str,
    alg: MulAlgorithm,
) -> Result<Fqk<F>, String> {
    let choice = ModulusChoice::parse(modulus, k).map_err(|e| format!("modulus: {e}"))?;
    Fqk::with_modulus_choice(f, k, &choice)
        .and_then(|e| e.with_algorithm(alg))
        .map_err(|e| e.to_string())
}

fn elem<F: PrimeFieldOps + 'static>(
    e: &Fqk<F>,
    name: &str,
    text: &str,
) -> Result<Vec<F::Elem>, String> {
    e.parse(text).map_err(|err| format!("{name}: {err}"))
}

fn ops<F: PrimeFieldOps + 'static>(e: &Fqk<F>, op: &str, args: &[String]) -> ExitCode {
    lines::run(args, |a| match op {
        "mul" | "add" | "sub" => {
            expect_args(op, a, 2)?;
            let x = elem(e, "A", a[0])?;
            let y = elem(e, "B", a[1])?;
            let r = match op {
                "mul" => e.mul(&x, &y),
                "add" => e.add(&x, &y),
                _ => e.sub(&x, &y),
            };
            Ok(e.format(&r))
        }
        "sqr" => {
            expect_args(op, a, 1)?;
            Ok(e.format(&e.sqr(&elem(e, "A", a[0])?)))
        }
        "inv" => {
            expect_args(op, a, 1)?;
            match e.inv(&elem(e, "A", a[0])?) {
                Some(r) => Ok(e.format(&r)),
                None => Err("inverse of zero".into()),
            }
        }
        "pow" => {
            expect_args(op, a, 2)?;
            let x = elem(e, "A", a[0])?;
            let ex = parse_uint(a[1]).map_err(|err| format!("exponent: {err}"))?;
            Ok(e.format(&e.pow_vartime(&x, &ex.to_u64_digits())))
        }
        "frobenius" => {
            if a.len() != 1 && a.len() != 2 {
                return Err(format!("frobenius takes 1 or 2 arguments, got {}", a.len()));
            }
            let x = elem(e, "A", a[0])?;
            let i = match a.get(1) {
                Some(t) => t
                    .parse::<usize>()
                    .map_err(|_| format!("I: cannot parse {t:?} as a count"))?,
                None => 1,
            };
            Ok(e.format(&e.frobenius(&x, i)))
        }
        _ => {
            expect_args(op, a, 1)?;
            let x = elem(e, "A", a[0])?;
            Ok(e.base().to_biguint(&e.norm(&x)).to_string())
        }
    })
}
