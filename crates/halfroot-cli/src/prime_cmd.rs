//! `halfroot prime P OP [ARG...]` and `halfroot prime2 P C OP [ARG...]`.
//!
//! Integers are decimal or `0x` hexadecimal in, decimal out. GF(p²) elements are
//! `a0,a1` meaning `a0 + a1·w` with `w² = c`. `sqrt` prints the smaller of the two
//! roots (as integers in [0, p); in GF(p²) the pair (a1, a0) is compared) or `none`.

use crate::lines::{self, expect_args};
use halfroot::field::Field;
use halfroot::prime::dynamic::DynFp;
use halfroot::prime::montgomery::parse_uint;
use halfroot::prime::qr::{QrTest, TwoAdic};
use halfroot::prime::sqrt::{sqrt_smaller, SqrtAlgorithm, SqrtContext};
use halfroot::prime::PrimeFieldOps;
use halfroot::prime2::qr::{legendre_via_norm, Fp2QrTest};
use halfroot::prime2::sqrt::{Fp2SqrtAlgorithm, Fp2SqrtContext};
use halfroot::prime2::{Fp2, Fp2Elem, QuadraticExtension};
use std::process::ExitCode;

const PRIME_OPS: &str = "add sub mul inv pow legendre qr sqrt";

fn element<F: PrimeFieldOps>(f: &F, name: &str, text: &str) -> Result<F::Elem, String> {
    let v = parse_uint(text).map_err(|e| format!("{name}: {e}"))?;
    f.from_biguint(&v).map_err(|e| format!("{name}: {e}"))
}

fn exponent(text: &str) -> Result<Vec<u64>, String> {
    parse_uint(text)
        .map(|e| e.to_u64_digits())
        .map_err(|e| format!("exponent: {e}"))
}

fn open_field(p: &str) -> Result<DynFp, String> {
    let p = parse_uint(p).map_err(|e| format!("p: {e}"))?;
    DynFp::new(&p).map_err(|e| e.to_string())
}

/// `halfroot prime P OP [ARG...]`.
pub fn prime(p: &str, op: &str, args: &[String], algorithm: Option<&str>) -> ExitCode {
    if !PRIME_OPS.split(' ').any(|o| o == op) {
        return crate::fail(&format!(
            "unknown operation {op:?} (operations: {PRIME_OPS})"
        ));
    }
    let field = match open_field(p) {
        Ok(f) => f,
        Err(e) => return crate::fail(&e),
    };
    // DynFp dispatches per operation: one instantiation of the generic code, not one
    // per limb count (build weight; a shell command does one operation per line).
    prime_ops(&field, op, args, algorithm)
}

fn prime_ops<F: PrimeFieldOps>(
    f: &F,
    op: &str,
    args: &[String],
    algorithm: Option<&str>,
) -> ExitCode {
    let named = |wanted: &str| algorithm.filter(|_| op == wanted).unwrap_or("auto");
    let sqrt_alg = match SqrtAlgorithm::choose(named("sqrt"), f.modulus()) {
        Ok(a) => a,
        Err(e) => return crate::fail(&e.to_string()),
    };
    let qr_test = match QrTest::choose(named("qr")) {
        Ok(t) => t,
        Err(e) => return crate::fail(&e.to_string()),
    };
    if algorithm.is_some() && !matches!(op, "sqrt" | "qr") {
        return crate::fail(&format!("--algorithm applies to sqrt and qr, not to {op}"));
    }
    let ctx = match op {
        "sqrt" => match SqrtContext::new(f) {
            Ok(c) => Some(c),
            Err(e) => return crate::fail(&e.to_string()),
        },
        _ => None,
    };
    let two_adic = match op {
        "qr" => match TwoAdic::for_prime_field(f) {
            Ok(t) => Some(t),
            Err(e) => return crate::fail(&e.to_string()),
        },
        _ => None,
    };
    let dec = |x: &F::Elem| f.to_biguint(x).to_string();
    lines::run(args, |a| match op {
        "add" | "sub" | "mul" => {
            expect_args(op, a, 2)?;
            let (x, y) = (element(f, "a", a[0])?, element(f, "b", a[1])?);
            Ok(dec(&match op {
                "add" => f.add(&x, &y),
                "sub" => f.sub(&x, &y),
                _ => f.mul(&x, &y),
            }))
        }
        "inv" => {
            expect_args(op, a, 1)?;
            let x = element(f, "a", a[0])?;
            f.inv(&x)
                .map(|r| dec(&r))
                .ok_or_else(|| "division by zero: 0 has no inverse".to_string())
        }
        "pow" => {
            expect_args(op, a, 2)?;
            let x = element(f, "a", a[0])?;
            Ok(dec(&f.pow_vartime(&x, &exponent(a[1])?)))
        }
        "legendre" => {
            expect_args(op, a, 1)?;
            Ok(f.legendre(&element(f, "a", a[0])?).to_string())
        }
        "qr" => {
            expect_args(op, a, 1)?;
            let x = element(f, "a", a[0])?;
            match &two_adic {
                Some(tw) => Ok(qr_test.run(f, tw, &x).to_string()),
                None => Err("internal: no 2-adic context".into()),
            }
        }
        "sqrt" => {
            expect_args(op, a, 1)?;
            let x = element(f, "a", a[0])?;
            let Some(ctx) = &ctx else {
                return Err("internal: no square-root context".into());
            };
            match sqrt_alg
                .sqrt_vartime(f, ctx, &x)
                .map_err(|e| e.to_string())?
            {
                Some(r) => Ok(dec(&sqrt_smaller(f, &r))),
                None => Ok("none".into()),
            }
        }
        _ => Err(format!("unknown operation {op:?}")),
    })
}

/// `halfroot prime2 P C OP [ARG...]`.
pub fn prime2(p: &str, c: &str, op: &str, args: &[String], algorithm: Option<&str>) -> ExitCode {
    if !PRIME_OPS.split(' ').any(|o| o == op) {
        return crate::fail(&format!(
            "unknown operation {op:?} (operations: {PRIME_OPS})"
        ));
    }
    let field = match open_field(p) {
        Ok(f) => f,
        Err(e) => return crate::fail(&e),
    };
    let c = match element(&field, "c", c) {
        Ok(c) => c,
        Err(e) => return crate::fail(&e),
    };
    match Fp2::new(field, c) {
        Ok(q) => prime2_ops(&q, op, args, algorithm),
        Err(e) => crate::fail(&e.to_string()),
    }
}

fn prime2_ops<F: PrimeFieldOps + Clone>(
    q: &Fp2<F>,
    op: &str,
    args: &[String],
    algorithm: Option<&str>,
) -> ExitCode {
    let f = q.base();
    let p = f.modulus().clone();
    let named = |wanted: &str| algorithm.filter(|_| op == wanted).unwrap_or("auto");
    let sqrt_alg = match Fp2SqrtAlgorithm::choose(named("sqrt"), &p) {
        Ok(a) => a,
        Err(e) => return crate::fail(&e.to_string()),
    };
    let qr_test = match Fp2QrTest::choose(named("qr")) {
        Ok(t) => t,
        Err(e) => return crate::fail(&e.to_string()),
    };
    if algorithm.is_some() && !matches!(op, "sqrt" | "qr") {
        return crate::fail(&format!("--algorithm applies to sqrt and qr, not to {op}"));
    }
    let ctx = match op {
        "sqrt" | "qr" => match Fp2SqrtContext::new(q) {
            Ok(c) => Some(c),
            Err(e) => return crate::fail(&e.to_string()),
        },
        _ => None,
    };
    let parse = |name: &str, text: &str| -> Result<Fp2Elem<F::Elem>, String> {
        let (a0, a1) = text
            .split_once(',')
            .ok_or_else(|| format!("{name}: {text:?} is not of the form a0,a1"))?;
        Ok(q.elem(
            element(f, &format!("{name}.a0"), a0.trim())?,
            element(f, &format!("{name}.a1"), a1.trim())?,
        ))
    };
    let ints = |x: &Fp2Elem<F::Elem>| (f.to_biguint(&x.c0), f.to_biguint(&x.c1));
    let show = |x: &Fp2Elem<F::Elem>| {
        let (a0, a1) = ints(x);
        format!("{a0},{a1}")
    };
    lines::run(args, |a| match op {
        "add" | "sub" | "mul" => {
            expect_args(op, a, 2)?;
            let (x, y) = (parse("a", a[0])?, parse("b", a[1])?);
            Ok(show(&match op {
                "add" => q.add(&x, &y),
                "sub" => q.sub(&x, &y),
                _ => q.mul(&x, &y),
            }))
        }
        "inv" => {
            expect_args(op, a, 1)?;
            q.inv(&parse("a", a[0])?)
                .map(|r| show(&r))
                .ok_or_else(|| "division by zero: 0 has no inverse".to_string())
        }
        "pow" => {
            expect_args(op, a, 2)?;
            Ok(show(&q.pow_vartime(&parse("a", a[0])?, &exponent(a[1])?)))
        }
        "legendre" => {
            expect_args(op, a, 1)?;
            Ok(legendre_via_norm(q, &parse("a", a[0])?).to_string())
        }
        "qr" => {
            expect_args(op, a, 1)?;
            Ok(qr_test
                .run(q, &two_adic_of(&ctx)?, &parse("a", a[0])?)
                .to_string())
        }
        "sqrt" => {
            expect_args(op, a, 1)?;
            let x = parse("a", a[0])?;
            let Some(ctx) = &ctx else {
                return Err("internal: no square-root context".into());
            };
            match sqrt_alg
                .sqrt_vartime(q, ctx, &x)
                .map_err(|e| e.to_string())?
            {
                Some(r) => {
                    let s = q.neg(&r);
                    let (r0, r1) = ints(&r);
                    let (s0, s1) = ints(&s);
                    Ok(if (s1, s0) < (r1, r0) {
                        show(&s)
                    } else {
                        show(&r)
                    })
                }
                None => Ok("none".into()),
            }
        }
        _ => Err(format!("unknown operation {op:?}")),
    })
}

fn two_adic_of<E: Clone>(ctx: &Option<Fp2SqrtContext<E>>) -> Result<TwoAdic<Fp2Elem<E>>, String> {
    ctx.as_ref()
        .map(|c| c.two_adic.clone())
        .ok_or_else(|| "internal: no QR context".to_string())
}
