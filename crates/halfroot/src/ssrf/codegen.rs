//! Straight-line shift/XOR code for the modular reduction and the square root of one
//! defining polynomial, in Rust or C, for 32- or 64-bit words, with operation counts.
//!
//! Source: Avanzi, Appendix B (reduction routines for `X^163 + X^7 + X^6 + X^3 + 1` and
//! `X^163 + X^57 + X^49 + X^29 + 1` on eleven 32-bit words: 74 and 89 logical operations);
//! equation (1) `√α = α_even + ζ·α_odd` (§2.1); word-wise folding (Guide to ECC, §2.3.5).
//!
//! **Reduction** of a product of two reduced elements (degree ≤ 2d − 2) held in `2n`
//! words (`n = ⌈d/w⌉`): the words wholly above `x^d` are folded from the top, each word
//! `r_j` added at bit offsets `wj − d + e` for every exponent `e < d` of P; then the bits
//! of the word holding `x^d` that lie above it are cut off (`t = r >> (d mod w)`,
//! `r &= mask`) and folded at offsets `e` (Appendix B's "reduce the most significant bits
//! of r5"). The generator tracks the highest bit each word can hold and omits the terms
//! that are provably zero, as Appendix B does (`rA` of a 163-bit product has 5 bits).
//! Words are folded again while folds land above `x^d` (small gaps `d − e`).
//!
//! **Square root** by (1): the even and odd bits of each word are compressed with the
//! usual mask ladder (`x = (x ⊕ x >> 2^k) & m_k`), `ζ·α_odd` is a shift/XOR per term of
//! ζ and word of `α_odd`, and the reduction above runs only if the product can reach
//! degree `d` (never for types I, II, IV).
//!
//! **Counting** follows Appendix B: every shift, XOR, AND is one logical operation; copies
//! are free; `a ^= b ^ (c << 3)` is 2 XORs and 1 shift.
//!
//! Cost of generation: O((d/w)·weight) statements. The generated code is constant-time.

use core::fmt::Write as _;

use crate::binary::modulus::{Modulus, ModulusSpec};
use crate::error::{Error, Result};

/// Target language.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    /// Rust functions on `[u64; _]` / `[u32; _]` arrays.
    Rust,
    /// C99 functions on `uint64_t` / `uint32_t` arrays.
    C,
}

impl core::str::FromStr for Lang {
    type Err = Error;
    fn from_str(s: &str) -> Result<Lang> {
        match s {
            "rust" => Ok(Lang::Rust),
            "c" => Ok(Lang::C),
            _ => Err(Error::InvalidArgument {
                name: "lang".into(),
                value: s.into(),
                reason: "expected rust or c".into(),
            }),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Term {
    Var(String),
    Shl(String, u32),
    Shr(String, u32),
}

impl Term {
    fn shifts(&self) -> usize {
        usize::from(!matches!(self, Term::Var(_)))
    }
    fn render(&self) -> String {
        match self {
            Term::Var(v) => v.clone(),
            Term::Shl(v, s) => format!("({v} << {s})"),
            Term::Shr(v, s) => format!("({v} >> {s})"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Stmt {
    Comment(String),
    /// `dst ^= t1 ^ t2 ^ …`
    Xor(String, Vec<Term>),
    /// `dst = term`
    Set(String, Term),
    /// `dst &= mask`
    And(String, u64),
}

impl Stmt {
    fn ops(&self) -> usize {
        match self {
            Stmt::Comment(_) => 0,
            Stmt::Xor(_, ts) => ts.len() + ts.iter().map(Term::shifts).sum::<usize>(),
            Stmt::Set(_, t) => t.shifts(),
            Stmt::And(..) => 1,
        }
    }
}

/// Straight-line code under construction: statements, variables and, for the words
/// `r0, r1, …`, the highest bit each can hold (`None`: zero).
struct Builder {
    w: u32,
    stmts: Vec<Stmt>,
    temps: usize,
    /// Highest possibly-set bit of `r_i`, within the word.
    hi: Vec<Option<u32>>,
}

impl Builder {
    fn new(w: u32, hi: Vec<Option<u32>>) -> Builder {
        Builder {
            w,
            stmts: Vec::new(),
            temps: 0,
            hi,
        }
    }

    fn temp(&mut self) -> String {
        self.temps += 1;
        format!("t{}", self.temps - 1)
    }

    fn ensure(&mut self, words: usize) {
        if self.hi.len() < words {
            self.hi.resize(words, None);
        }
    }

    /// Adds `src` (highest bit `top`, relative) at global bit offset `s` into the r
    /// words: grouped into `pending` per target word.
    fn add_at(&mut self, pending: &mut Vec<(usize, Vec<Term>)>, src: &str, top: u32, s: u32) {
        let w = self.w;
        let (q, sh) = ((s / w) as usize, s % w);
        self.ensure(q + 2);
        let mut push = |b: &mut Builder, idx: usize, t: Term, hi: u32| {
            let h = b.hi[idx].map_or(hi, |x| x.max(hi));
            b.hi[idx] = Some(h.min(w - 1));
            match pending.iter_mut().find(|(i, _)| *i == idx) {
                Some((_, v)) => v.push(t),
                None => pending.push((idx, vec![t])),
            }
        };
        let low = if sh == 0 {
            Term::Var(src.into())
        } else {
            Term::Shl(src.into(), sh)
        };
        push(self, q, low, (top + sh).min(w - 1));
        if sh != 0 && top + sh >= w {
            push(self, q + 1, Term::Shr(src.into(), w - sh), top + sh - w);
        }
    }

    fn flush(&mut self, mut pending: Vec<(usize, Vec<Term>)>) {
        pending.sort_by_key(|p| core::cmp::Reverse(p.0));
        for (idx, terms) in pending {
            self.stmts.push(Stmt::Xor(format!("r{idx}"), terms));
        }
    }

    /// Emits the reduction of the words `r0…` modulo P (exponents below d given).
    fn reduce(&mut self, d: u32, low: &[u32]) {
        let w = self.w;
        let n = d.div_ceil(w) as usize;
        let top_word = (d / w) as usize;
        // Whole words above x^d, from the top.
        let mut j = self.hi.len();
        while j > 0 {
            j -= 1;
            if (j as u32) * w < d || j < n {
                continue;
            }
            while let Some(top) = self.hi[j] {
                self.stmts
                    .push(Stmt::Comment(format!("reduce r{j} ({} bits)", top + 1)));
                let overlap = low
                    .iter()
                    .any(|&e| ((j as u32 * w - d + e + top) / w) as usize >= j);
                let src = if overlap {
                    let t = self.temp();
                    self.stmts
                        .push(Stmt::Set(t.clone(), Term::Var(format!("r{j}"))));
                    self.stmts.push(Stmt::And(format!("r{j}"), 0));
                    t
                } else {
                    format!("r{j}")
                };
                self.hi[j] = None;
                let mut pending = Vec::new();
                for &e in low {
                    self.add_at(&mut pending, &src, top, j as u32 * w - d + e);
                }
                self.flush(pending);
                if !overlap {
                    break;
                }
            }
        }
        // The bits above x^d in the word holding it.
        let cut = d % w;
        if cut == 0 {
            return;
        }
        self.ensure(top_word + 1);
        while let Some(top) = self.hi[top_word] {
            if top < cut {
                break;
            }
            self.stmts.push(Stmt::Comment(format!(
                "reduce the {} most significant bits of r{top_word}",
                top + 1 - cut
            )));
            let t = self.temp();
            self.stmts
                .push(Stmt::Set(t.clone(), Term::Shr(format!("r{top_word}"), cut)));
            self.stmts
                .push(Stmt::And(format!("r{top_word}"), (1u64 << cut) - 1));
            self.hi[top_word] = Some(cut - 1);
            let mut pending = Vec::new();
            for &e in low {
                self.add_at(&mut pending, &t, top - cut, e);
            }
            self.flush(pending);
        }
    }

    fn ops(&self) -> usize {
        self.stmts.iter().map(Stmt::ops).sum()
    }
}

/// Generated code for one polynomial and word size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The source text (both functions).
    pub code: String,
    /// Name of the reduction function.
    pub reduce_name: String,
    /// Name of the square-root function.
    pub sqrt_name: String,
    /// Logical operations of the reduction.
    pub reduce_ops: usize,
    /// Logical operations of the square root (including its reduction, if any).
    pub sqrt_ops: usize,
    /// Whether the square root needs a reduction (ζ·α_odd can reach degree d).
    pub sqrt_reduces: bool,
    /// Word size in bits.
    pub word_bits: u32,
}

fn reduction_builder(d: u32, low: &[u32], w: u32) -> Builder {
    let n = d.div_ceil(w) as usize;
    let max = 2 * d - 2;
    let hi = (0..2 * n)
        .map(|j| {
            let base = j as u32 * w;
            (base <= max).then(|| (max - base).min(w - 1))
        })
        .collect();
    let mut b = Builder::new(w, hi);
    b.reduce(d, low);
    b
}

/// The straight-line reduction alone: `(statements rendered, operation count)`.
///
/// # Errors
/// [`Error::InvalidArgument`] for a word size other than 32 or 64.
pub fn reduction_ops(m: &Modulus, word_bits: u32) -> Result<usize> {
    check_w(word_bits)?;
    let low = low_exponents(m);
    Ok(reduction_builder(m.degree(), &low, word_bits).ops())
}

fn check_w(w: u32) -> Result<()> {
    if w == 32 || w == 64 {
        Ok(())
    } else {
        Err(Error::InvalidArgument {
            name: "word bits".into(),
            value: w.to_string(),
            reason: "expected 32 or 64".into(),
        })
    }
}

fn low_exponents(m: &Modulus) -> Vec<u32> {
    let mut e = m.middle_exponents().to_vec();
    e.push(0);
    e
}

/// The square-root builder: compress, ζ·α_odd, reduce. Returns (builder, reduces).
fn sqrt_builder(d: u32, low: &[u32], zeta: &[u32], w: u32) -> (Builder, bool) {
    let n = d.div_ceil(w) as usize;
    let mut b = Builder::new(w, vec![None; 2 * n + 2]);
    let half = w / 2;
    let masks64: [u64; 6] = [
        0x5555_5555_5555_5555,
        0x3333_3333_3333_3333,
        0x0f0f_0f0f_0f0f_0f0f,
        0x00ff_00ff_00ff_00ff,
        0x0000_ffff_0000_ffff,
        0x0000_0000_ffff_ffff,
    ];
    let steps = if w == 64 { 5 } else { 4 };
    let mask = |k: usize| -> u64 {
        if w == 64 {
            masks64[k]
        } else {
            masks64[k] & 0xffff_ffff
        }
    };
    let odd_bits = d / 2; // bits of α_odd
    let odd_words = odd_bits.div_ceil(w).max(1) as usize;
    b.stmts.push(Stmt::Comment(
        "split α into α_even and α_odd (equation (1))".into(),
    ));
    for i in 0..n {
        // Bits of a_i present: positions iw .. min(iw + w, d) − 1.
        for (par, name) in [(0u32, "e"), (1, "o")] {
            let x = b.temp();
            let src = format!("a{i}");
            if par == 0 {
                b.stmts.push(Stmt::Set(x.clone(), Term::Var(src)));
            } else {
                b.stmts.push(Stmt::Set(x.clone(), Term::Shr(src, 1)));
            }
            b.stmts.push(Stmt::And(x.clone(), mask(0)));
            for k in 0..steps {
                b.stmts
                    .push(Stmt::Xor(x.clone(), vec![Term::Shr(x.clone(), 1 << k)]));
                b.stmts.push(Stmt::And(x.clone(), mask(k + 1)));
            }
            // Bits i·w/2 .. of the compressed half.
            let target = format!("{name}{}", i / 2);
            let t = if i % 2 == 0 {
                Term::Var(x)
            } else {
                Term::Shl(x, half)
            };
            b.stmts.push(Stmt::Xor(target, vec![t]));
        }
    }
    b.stmts.push(Stmt::Comment("r = α_even + ζ·α_odd".into()));
    let mut pending = Vec::new();
    let even_bits = d.div_ceil(2);
    for k in 0..even_bits.div_ceil(w) as usize {
        let top = (even_bits - 1 - k as u32 * w).min(w - 1);
        b.add_at(&mut pending, &format!("e{k}"), top, k as u32 * w);
    }
    if odd_bits > 0 {
        for &z in zeta {
            for k in 0..odd_words {
                let top = (odd_bits - 1 - k as u32 * w).min(w - 1);
                b.add_at(&mut pending, &format!("o{k}"), top, z + k as u32 * w);
            }
        }
    }
    b.flush(pending);
    let max_deg = zeta.first().copied().unwrap_or(0) + odd_bits.saturating_sub(1);
    let reduces = odd_bits > 0 && max_deg >= d;
    if reduces {
        b.stmts
            .push(Stmt::Comment("reduce ζ·α_odd modulo P".into()));
        b.reduce(d, low);
    }
    (b, reduces)
}

fn render(b: &Builder, lang: Lang, ty: &str, indent: &str) -> String {
    let mut s = String::new();
    for st in &b.stmts {
        let line = match st {
            Stmt::Comment(c) => match lang {
                Lang::Rust => format!("// {c}"),
                Lang::C => format!("/* {c} */"),
            },
            Stmt::Xor(dst, ts) => format!(
                "{dst} ^= {};",
                ts.iter().map(Term::render).collect::<Vec<_>>().join(" ^ ")
            ),
            Stmt::Set(dst, t) => format!("{dst} = {};", t.render()),
            Stmt::And(dst, m) => {
                if lang == Lang::Rust {
                    format!("{dst} &= {m:#x}_{ty};")
                } else if *m > 0xffff_ffff {
                    format!("{dst} &= {m:#x}ULL;")
                } else {
                    format!("{dst} &= {m:#x}U;")
                }
            }
        };
        let _ = writeln!(s, "{indent}{line}");
    }
    s
}

/// Every variable a builder's statements mention.
fn variables(b: &Builder) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    let mut add = |x: &str| {
        if !v.iter().any(|y| y == x) {
            v.push(x.to_string());
        }
    };
    for st in &b.stmts {
        match st {
            Stmt::Xor(d, ts) => {
                add(d);
                for t in ts {
                    match t {
                        Term::Var(x) | Term::Shl(x, _) | Term::Shr(x, _) => add(x),
                    }
                }
            }
            Stmt::Set(d, t) => {
                add(d);
                match t {
                    Term::Var(x) | Term::Shl(x, _) | Term::Shr(x, _) => add(x),
                }
            }
            Stmt::And(d, _) => add(d),
            Stmt::Comment(_) => {}
        }
    }
    v
}

/// Generates the reduction and square-root functions for `m` (any polynomial; ζ is
/// computed, so `m` must be irreducible).
///
/// # Errors
/// [`Error::InvalidArgument`] for a word size other than 32 or 64;
/// [`Error::ReducibleModulus`] if `m` is reducible.
pub fn generate(m: &Modulus, word_bits: u32, lang: Lang) -> Result<Generated> {
    check_w(word_bits)?;
    let w = word_bits;
    let d = m.degree();
    let exps = m.exponents();
    let zeta = super::zeta(&exps).ok_or_else(|| Error::ReducibleModulus {
        modulus: m.to_string(),
        reason: "ζ = √x needs an irreducible polynomial".into(),
    })?;
    let low = low_exponents(m);
    let n = d.div_ceil(w) as usize;
    let tag = exps
        .iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join("_");
    let reduce_name = format!("reduce_{tag}_w{w}");
    let sqrt_name = format!("sqrt_{tag}_w{w}");
    let red = reduction_builder(d, &low, w);
    let (sq, reduces) = sqrt_builder(d, &low, &zeta, w);
    let ty = if w == 64 { "u64" } else { "u32" };
    let cty = if w == 64 { "uint64_t" } else { "uint32_t" };
    let mut code = String::new();
    let header = format!(
        "Generated by halfroot ssrf codegen for P = {} ({w}-bit words).\nReduction: {} logical operations; square root: {} (ζ = {}).",
        super::format_poly(&exps, 'X'),
        red.ops(),
        sq.ops(),
        super::format_poly(&zeta, 'x')
    );
    match lang {
        Lang::Rust => {
            for l in header.lines() {
                let _ = writeln!(code, "// {l}");
            }
            // Reduction.
            let _ = writeln!(
                code,
                "\n/// The product `r` (2·{n} words, degree ≤ 2d − 2) reduced modulo P.\n#[allow(unused_mut, unused_assignments, unused_variables, clippy::all)]\npub fn {reduce_name}(r: &[{ty}; {}]) -> [{ty}; {n}] {{",
                2 * n
            );
            for v in variables(&red) {
                if let Some(i) = v.strip_prefix('r').and_then(|x| x.parse::<usize>().ok()) {
                    let init = if i < 2 * n {
                        format!("r[{i}]")
                    } else {
                        "0".into()
                    };
                    let _ = writeln!(code, "    let mut {v}: {ty} = {init};");
                } else {
                    let _ = writeln!(code, "    let mut {v}: {ty} = 0;");
                }
            }
            for i in 0..n {
                if !variables(&red).contains(&format!("r{i}")) {
                    let _ = writeln!(code, "    let r{i}: {ty} = r[{i}];");
                }
            }
            code.push_str(&render(&red, lang, ty, "    "));
            let outs: Vec<String> = (0..n).map(|i| format!("r{i}")).collect();
            let _ = writeln!(code, "    [{}]\n}}", outs.join(", "));
            // Square root.
            let _ = writeln!(
                code,
                "\n/// √a for a reduced element `a` ({n} words), by √a = a_even + ζ·a_odd.\n#[allow(unused_mut, unused_assignments, unused_variables, clippy::all)]\npub fn {sqrt_name}(a: &[{ty}; {n}]) -> [{ty}; {n}] {{"
            );
            let vars = variables(&sq);
            for v in &vars {
                if let Some(i) = v.strip_prefix('a').and_then(|x| x.parse::<usize>().ok()) {
                    let _ = writeln!(code, "    let {v}: {ty} = a[{i}];");
                } else {
                    let _ = writeln!(code, "    let mut {v}: {ty} = 0;");
                }
            }
            for i in 0..n {
                if !vars.contains(&format!("r{i}")) {
                    let _ = writeln!(code, "    let r{i}: {ty} = 0;");
                }
            }
            code.push_str(&render(&sq, lang, ty, "    "));
            let _ = writeln!(code, "    [{}]\n}}", outs.join(", "));
        }
        Lang::C => {
            let _ = writeln!(
                code,
                "/* {} */\n#include <stdint.h>",
                header.replace('\n', "\n   ")
            );
            let _ = writeln!(
                code,
                "\n/* r[0..{}] (degree <= 2d - 2) reduced modulo P into r[0..{n}]. */\nstatic inline void {reduce_name}({cty} r[{}]) {{",
                2 * n,
                2 * n
            );
            let vars = variables(&red);
            for v in &vars {
                if let Some(i) = v.strip_prefix('r').and_then(|x| x.parse::<usize>().ok()) {
                    let init = if i < 2 * n {
                        format!("r[{i}]")
                    } else {
                        "0".into()
                    };
                    let _ = writeln!(code, "    {cty} {v} = {init};");
                } else {
                    let _ = writeln!(code, "    {cty} {v} = 0;");
                }
            }
            code.push_str(&render(&red, lang, ty, "    "));
            for i in 0..n {
                if vars.contains(&format!("r{i}")) {
                    let _ = writeln!(code, "    r[{i}] = r{i};");
                }
            }
            let _ = writeln!(code, "}}");
            let _ = writeln!(
                code,
                "\n/* out = sqrt(a) for a reduced element a ({n} words). */\nstatic inline void {sqrt_name}({cty} out[{n}], const {cty} a[{n}]) {{"
            );
            let vars = variables(&sq);
            for v in &vars {
                if let Some(i) = v.strip_prefix('a').and_then(|x| x.parse::<usize>().ok()) {
                    let _ = writeln!(code, "    const {cty} {v} = a[{i}];");
                } else {
                    let _ = writeln!(code, "    {cty} {v} = 0;");
                }
            }
            code.push_str(&render(&sq, lang, ty, "    "));
            for i in 0..n {
                let v = format!("r{i}");
                let val = if vars.contains(&v) { v } else { "0".into() };
                let _ = writeln!(code, "    out[{i}] = {val};");
            }
            let _ = writeln!(code, "}}");
        }
    }
    Ok(Generated {
        code,
        reduce_name,
        sqrt_name,
        reduce_ops: red.ops(),
        sqrt_ops: sq.ops(),
        sqrt_reduces: reduces,
        word_bits: w,
    })
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn reduction_counts_match_appendix_b() {
        let nist = Modulus::parse("163,7,6,3,0").expect("ok");
        let ssrf = Modulus::parse("163,57,49,29,0").expect("ok");
        assert_eq!(reduction_ops(&nist, 32).expect("ok"), 74);
        assert_eq!(reduction_ops(&ssrf, 32).expect("ok"), 89);
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[(
        "reduction_counts_match_appendix_b",
        reduction_counts_match_appendix_b,
    )];
}
