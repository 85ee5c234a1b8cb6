//! Binary fields of a degree chosen at run time (2 ≤ d ≤ 4096): [`DynBinaryField`].
//!
//! A thin dispatcher over [`BinaryField<N, Modulus>`] for word counts
//! N ∈ {1–10, 12, 16, 24, 32, 48, 64} (the smallest bucket ≥ ⌈d/64⌉, high words zero).
//! Elements are `Vec<u64>` of exactly ⌈d/64⌉ little-endian words, bit i the
//! coefficient of x^i; text is hexadecimal ([`crate::binary::hex`]). This is the layer
//! the command line and Python call. Every input is validated and every failure is an
//! [`Error`] naming the value.
//!
//! `DynBinaryField` also implements [`Field`] and [`BinaryFieldOps`] (elements
//! `Vec<u64>` of ⌈d/64⌉ words), so generic code — the curves, [`crate::poly`],
//! [`crate::count::Counting`] — runs on a degree chosen at run time. The trait methods
//! take canonical elements (from this field) and do not re-check them; the inherent
//! methods of the same names check their input and return `Result`. The batch methods
//! dispatch once per call, not per element.

use super::field::{BinaryField, BinaryFieldOps, FieldInfo};
use super::half_trace::HalfTraceMethod;
use super::hex;
use super::modulus::Modulus;
use super::quadratic;
use super::sqrt::SqrtAlgorithm;
use crate::error::{Error, Result};
use crate::field::{check_batch, ct_eq_words, select_word_vec, Choice, Field};
use num_bigint::BigUint;
use rand::RngCore;

macro_rules! buckets {
    ($($v:ident = $n:literal),* $(,)?) => {
        #[derive(Clone, Debug)]
        enum Inner {
            $($v(Box<BinaryField<$n, Modulus>>),)*
        }

        impl Inner {
            fn new(m: Modulus) -> Result<Inner> {
                let w = m.words();
                $(if w <= $n {
                    return Ok(Inner::$v(Box::new(BinaryField::<$n, Modulus>::new(m)?)));
                })*
                Err(Error::InvalidModulus {
                    modulus: m.to_string(),
                    reason: format!("{w} words is more than the largest supported field"),
                })
            }
        }

        macro_rules! dispatch {
            ($self:expr, $f:ident => $body:expr) => {
                match &$self.inner {
                    $(Inner::$v(boxed) => {
                        let $f = &**boxed;
                        $body
                    })*
                }
            };
        }
    };
}

buckets!(
    W1 = 1,
    W2 = 2,
    W3 = 3,
    W4 = 4,
    W5 = 5,
    W6 = 6,
    W7 = 7,
    W8 = 8,
    W9 = 9,
    W10 = 10,
    W12 = 12,
    W16 = 16,
    W24 = 24,
    W32 = 32,
    W48 = 48,
    W64 = 64,
);

/// A binary field whose degree and polynomial are chosen at run time.
#[derive(Clone, Debug)]
pub struct DynBinaryField {
    inner: Inner,
    modulus: Modulus,
    words: usize,
}

fn load<const N: usize>(v: &[u64]) -> [u64; N] {
    let mut r = [0u64; N];
    for (x, y) in r.iter_mut().zip(v.iter()) {
        *x = *y;
    }
    r
}

impl DynBinaryField {
    /// The field defined by `modulus`, as an exponent list (`163,57,49,29,0`) or a
    /// polynomial (`x^163+x^57+x^49+x^29+1`); an error if it is malformed or reducible.
    pub fn new(modulus: &str) -> Result<Self> {
        Self::from_modulus(Modulus::parse(modulus)?)
    }

    /// The field defined by an already parsed modulus.
    pub fn from_modulus(modulus: Modulus) -> Result<Self> {
        let words = modulus.words();
        Ok(DynBinaryField {
            inner: Inner::new(modulus.clone())?,
            modulus,
            words,
        })
    }

    /// The degree d.
    pub fn degree(&self) -> u32 {
        dispatch!(self, f => BinaryFieldOps::degree(f))
    }

    /// The number of words of an element, ⌈d/64⌉.
    pub fn words(&self) -> usize {
        self.words
    }

    /// The defining polynomial.
    pub fn modulus(&self) -> &Modulus {
        &self.modulus
    }

    /// Reads an element from hexadecimal text (see [`hex::parse_hex`]).
    pub fn parse_element(&self, text: &str) -> Result<Vec<u64>> {
        hex::parse_hex(text, self.degree())
    }

    /// Writes an element as lowercase hexadecimal (see [`hex::format_hex`]).
    pub fn format_element(&self, a: &[u64]) -> String {
        hex::format_hex(a)
    }

    /// Checks that `a` is an element: exactly ⌈d/64⌉ words, no bit at position ≥ d.
    pub fn check(&self, a: &[u64]) -> Result<()> {
        if a.len() != self.words {
            return Err(Error::InvalidArgument {
                name: "element".into(),
                value: format!("{} words", a.len()),
                reason: format!("elements of this field have exactly {} words", self.words),
            });
        }
        let d = self.degree() as usize;
        let clean = a
            .iter()
            .enumerate()
            .all(|(i, &w)| 64 * (i + 1) <= d || (64 * i < d && w >> (d - 64 * i) == 0) || w == 0);
        if !clean {
            return Err(Error::OutOfRange {
                what: "element".into(),
                value: hex::format_hex(a),
                reason: format!("it has a bit at a position ≥ d = {d}"),
            });
        }
        Ok(())
    }

    fn store(&self, r: &[u64]) -> Vec<u64> {
        r[..self.words].to_vec()
    }

    /// The zero element.
    pub fn zero(&self) -> Vec<u64> {
        vec![0u64; self.words]
    }

    /// The unit element.
    pub fn one(&self) -> Vec<u64> {
        let mut v = self.zero();
        v[0] = 1;
        v
    }

    /// A uniformly random element.
    pub fn random(&self, rng: &mut dyn RngCore) -> Vec<u64> {
        dispatch!(self, f => self.store(&f.random(rng)))
    }

    /// `a + b`.
    pub fn add(&self, a: &[u64], b: &[u64]) -> Result<Vec<u64>> {
        self.check(a)?;
        self.check(b)?;
        Ok(a.iter().zip(b.iter()).map(|(x, y)| x ^ y).collect())
    }

    /// `a · b`.
    pub fn mul(&self, a: &[u64], b: &[u64]) -> Result<Vec<u64>> {
        self.check(a)?;
        self.check(b)?;
        Ok(dispatch!(self, f => self.store(&f.mul(&load(a), &load(b)))))
    }

    /// `a²`.
    pub fn sqr(&self, a: &[u64]) -> Result<Vec<u64>> {
        self.check(a)?;
        Ok(dispatch!(self, f => self.store(&f.sqr(&load(a)))))
    }

    /// `1/a`; [`Error::DivisionByZero`] for zero.
    pub fn inv(&self, a: &[u64]) -> Result<Vec<u64>> {
        self.check(a)?;
        dispatch!(self, f => f
            .inv(&load(a))
            .map(|r| self.store(&r))
            .ok_or_else(|| Error::DivisionByZero("the inverse of 0".into())))
    }

    /// `a^e` for a non-negative exponent in decimal or `0x` hexadecimal (variable time).
    pub fn pow(&self, a: &[u64], exponent: &str) -> Result<Vec<u64>> {
        self.check(a)?;
        let t = exponent.trim();
        let parsed = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            Some(h) => BigUint::parse_bytes(h.as_bytes(), 16),
            None => BigUint::parse_bytes(t.as_bytes(), 10),
        };
        let e = parsed.ok_or_else(|| Error::Parse {
            what: "exponent".into(),
            input: exponent.to_string(),
            reason: "not a non-negative decimal or 0x-hexadecimal integer".into(),
        })?;
        let digits = e.to_u64_digits();
        Ok(dispatch!(self, f => self.store(&Field::pow_vartime(f, &load(a), &digits))))
    }

    /// The square-root algorithm a user named: `Ok(None)` for `auto` (the field's
    /// best), [`Error::UnknownAlgorithm`] for an unknown name,
    /// [`Error::UnsupportedAlgorithm`] when it does not apply to this polynomial.
    pub fn choose_sqrt(&self, name: &str) -> Result<Option<SqrtAlgorithm>> {
        match crate::algorithm::parse_or_auto::<SqrtAlgorithm>(name)? {
            Some(a) if !self.supports(a) => Err(Error::UnsupportedAlgorithm {
                algorithm: a.name().into(),
                reason: format!(
                    "does not apply to {} (it needs a square-root-friendly polynomial of \
                     the right type)",
                    self.modulus
                ),
            }),
            chosen => Ok(chosen),
        }
    }

    /// The half-trace method a user named: `Ok(None)` for `auto` (the field's table
    /// method, [`BinaryField::half_trace_method`](super::field::BinaryField::half_trace_method)),
    /// [`Error::UnknownAlgorithm`] for an unknown name.
    pub fn choose_half_trace(&self, name: &str) -> Result<Option<HalfTraceMethod>> {
        crate::algorithm::parse_or_auto(name)
    }

    /// `√a`, by `algorithm` or by the field's best one.
    pub fn sqrt(&self, a: &[u64], algorithm: Option<SqrtAlgorithm>) -> Result<Vec<u64>> {
        self.check(a)?;
        dispatch!(self, f => match algorithm {
            None => Ok(self.store(&BinaryFieldOps::sqrt(f, &load(a)))),
            Some(alg) => f.sqrt_with(alg, &load(a)).map(|r| self.store(&r)),
        })
    }

    /// Whether `algorithm` applies to this field.
    pub fn supports(&self, algorithm: SqrtAlgorithm) -> bool {
        dispatch!(self, f => algorithm.supports(f))
    }

    /// `Tr(a)`.
    pub fn trace(&self, a: &[u64]) -> Result<u8> {
        self.check(a)?;
        Ok(dispatch!(self, f => BinaryFieldOps::trace(f, &load(a))))
    }

    /// The half-trace `H(a)` (odd d only: [`Error::InvalidArgument`] for even d), by
    /// `method` or by the field's default method ([`BinaryField::half_trace_method`](super::field::BinaryField::half_trace_method)).
    pub fn half_trace(&self, a: &[u64], method: Option<HalfTraceMethod>) -> Result<Vec<u64>> {
        self.check(a)?;
        dispatch!(self, f => f
        .half_trace_with(method.unwrap_or_else(|| f.half_trace_method()), &load(a))
        .map(|r| self.store(&r))
        .ok_or_else(|| Error::InvalidArgument {
            name: "degree".into(),
            value: self.degree().to_string(),
            reason: "the half-trace is defined for odd degrees only; use solve".into(),
        }))
    }

    /// A root of λ² + λ = α (the other is λ + 1), or `None` when Tr(α) = 1.
    pub fn solve(&self, alpha: &[u64]) -> Result<Option<Vec<u64>>> {
        self.check(alpha)?;
        Ok(dispatch!(self, f => f.solve_quadratic(&load(alpha)).map(|r| self.store(&r))))
    }

    /// As [`Self::solve`], by a chosen method (see
    /// [`BinaryField::solve_with`](super::field::BinaryField::solve_with)).
    pub fn solve_with(&self, alpha: &[u64], method: HalfTraceMethod) -> Result<Option<Vec<u64>>> {
        self.check(alpha)?;
        Ok(dispatch!(self, f => f.solve_with(method, &load(alpha)).map(|r| self.store(&r))))
    }

    /// Both roots of a·λ² + b·λ + c = 0 (see
    /// [`crate::binary::quadratic::solve_general`]), or `None`.
    pub fn solve_general(
        &self,
        a: &[u64],
        b: &[u64],
        c: &[u64],
    ) -> Result<Option<(Vec<u64>, Vec<u64>)>> {
        self.check(a)?;
        self.check(b)?;
        self.check(c)?;
        // Through this field's own `BinaryFieldOps` (each operation dispatched on its
        // own): one instance of the solver for every word count, not one per bucket,
        // each inlining that field's inversion and half-trace (build time: 47 of the
        // library's 262 s of LLVM function passes, session 47's trace). A dispatch per
        // field operation is nothing beside the inversion.
        Ok(quadratic::solve_general(
            self,
            &a.to_vec(),
            &b.to_vec(),
            &c.to_vec(),
        ))
    }

    /// What the field chose at construction.
    pub fn info(&self) -> FieldInfo {
        dispatch!(self, f => f.info())
    }
}

/// Copies word vectors into arrays of N words.
/// Rows per stack block of the row-wise batch methods ([`DynBinaryField::mul_rows`] …).
const ROW_BLOCK: usize = 32;

/// Runs `op` over the rows of `a` (each `words` long) block by block: each block is
/// loaded into `[u64; N]` elements on the stack (high words zero), `op` fills the
/// block's results, which are stored back as rows of `out`.
fn rows_apply<const N: usize>(
    words: usize,
    a: &[u64],
    out: &mut [u64],
    mut op: impl FnMut(&[[u64; N]], &mut [[u64; N]]) -> Result<()>,
) -> Result<()> {
    let mut xa = [[0u64; N]; ROW_BLOCK];
    let mut xo = [[0u64; N]; ROW_BLOCK];
    for (ia, io) in a
        .chunks(words * ROW_BLOCK)
        .zip(out.chunks_mut(words * ROW_BLOCK))
    {
        let n = ia.len() / words;
        for (x, row) in xa.iter_mut().zip(ia.chunks_exact(words)) {
            x[..words].copy_from_slice(row);
        }
        op(&xa[..n], &mut xo[..n])?;
        for (row, x) in io.chunks_exact_mut(words).zip(&xo[..n]) {
            row.copy_from_slice(&x[..words]);
        }
    }
    Ok(())
}

/// [`rows_apply`] for a binary operation: rows of `a` and `b` pairwise.
fn rows_apply2<const N: usize>(
    words: usize,
    a: &[u64],
    b: &[u64],
    out: &mut [u64],
    mut op: impl FnMut(&[[u64; N]], &[[u64; N]], &mut [[u64; N]]) -> Result<()>,
) -> Result<()> {
    let mut xb = [[0u64; N]; ROW_BLOCK];
    let mut start = 0;
    rows_apply::<N>(words, a, out, |xa, xo| {
        let n = xa.len();
        let rows = &b[start * words..(start + n) * words];
        for (x, row) in xb.iter_mut().zip(rows.chunks_exact(words)) {
            x[..words].copy_from_slice(row);
        }
        start += n;
        op(xa, &xb[..n], xo)
    })
}

/// [`rows_apply`] for an operation with one byte per row (the trace).
fn rows_trace<const N: usize>(
    words: usize,
    a: &[u64],
    out: &mut [u8],
    mut op: impl FnMut(&[[u64; N]], &mut [u8]) -> Result<()>,
) -> Result<()> {
    let mut xa = [[0u64; N]; ROW_BLOCK];
    for (ia, io) in a.chunks(words * ROW_BLOCK).zip(out.chunks_mut(ROW_BLOCK)) {
        let n = ia.len() / words;
        for (x, row) in xa.iter_mut().zip(ia.chunks_exact(words)) {
            x[..words].copy_from_slice(row);
        }
        op(&xa[..n], &mut io[..n])?;
    }
    Ok(())
}

/// Row-wise batch forms: elements stored contiguously as rows of
/// [`DynBinaryField::words`] little-endian words (the layout of a NumPy `uint64` array
/// of shape (n, words)). One dispatch per call; the rows are processed in blocks of
/// 32 by the word-count-specialised batch kernels ([`BinaryField::mul_many`] …), so
/// front ends (the Python module) reach the fast paths without instantiating them.
/// Every row is checked ([`DynBinaryField::check_rows`]); the outputs must have the
/// inputs' length. The unsuffixed forms are constant-time in the values, as
/// [`BinaryFieldOps`]' are.
impl DynBinaryField {
    /// Checks that `a` is a whole number of rows, each an element (no bit at position
    /// ≥ d); returns the number of rows. `name` names the argument in the error.
    pub fn check_rows(&self, name: &str, a: &[u64]) -> Result<usize> {
        let w = self.words;
        if !a.len().is_multiple_of(w) {
            return Err(Error::InvalidArgument {
                name: name.to_string(),
                value: format!("{} words", a.len()),
                reason: format!("not a whole number of {w}-word rows"),
            });
        }
        let d = self.degree() as usize;
        let top_bits = d - 64 * (w - 1);
        if top_bits < 64 {
            let mask = !0u64 << top_bits;
            if let Some(i) = a.chunks_exact(w).position(|row| row[w - 1] & mask != 0) {
                return Err(Error::OutOfRange {
                    what: format!("{name}, row {i}"),
                    value: hex::format_hex(&a[i * w..(i + 1) * w]),
                    reason: format!("it has a bit at a position ≥ d = {d}"),
                });
            }
        }
        Ok(a.len() / w)
    }

    fn check_rows_out(&self, a: &[u64], out_len: usize) -> Result<usize> {
        let n = self.check_rows("a", a)?;
        check_batch("out", out_len, a.len())?;
        Ok(n)
    }

    /// `out = a·b` row by row.
    pub fn mul_rows(&self, a: &[u64], b: &[u64], out: &mut [u64]) -> Result<()> {
        self.check_rows_out(a, out.len())?;
        self.check_rows("b", b)?;
        check_batch("b", b.len(), a.len())?;
        let w = self.words;
        dispatch!(self, f => rows_apply2(w, a, b, out, |x, y, o| f.mul_many(x, y, o)))
    }

    /// `out = a²` row by row.
    pub fn sqr_rows(&self, a: &[u64], out: &mut [u64]) -> Result<()> {
        self.check_rows_out(a, out.len())?;
        let w = self.words;
        dispatch!(self, f => rows_apply(w, a, out, |x, o| f.sqr_many(x, o)))
    }

    /// `out = √a` row by row.
    pub fn sqrt_rows(&self, a: &[u64], out: &mut [u64]) -> Result<()> {
        self.check_rows_out(a, out.len())?;
        let w = self.words;
        dispatch!(self, f => rows_apply(w, a, out, |x, o| f.sqrt_many(x, o)))
    }

    /// `out = H(a)` row by row (constant-time; odd degrees only, else an error, even for
    /// an empty batch, as [`BinaryField::half_trace_many`]).
    pub fn half_trace_rows(&self, a: &[u64], out: &mut [u64]) -> Result<()> {
        self.check_rows_out(a, out.len())?;
        if self.degree().is_multiple_of(2) {
            return Err(super::field::even_half_trace_error(self.degree()));
        }
        let w = self.words;
        dispatch!(self, f => rows_apply(w, a, out, |x, o| f.half_trace_many(x, o)))
    }

    /// `out[i] = Tr(row i of a)`.
    pub fn trace_rows(&self, a: &[u64], out: &mut [u8]) -> Result<()> {
        let n = self.check_rows("a", a)?;
        check_batch("out", out.len(), n)?;
        let w = self.words;
        dispatch!(self, f => rows_trace(w, a, out, |x, t| f.trace_many(x, t)))
    }

    /// A root of λ² + λ = a row by row into `roots` (zero where there is none) and
    /// whether each row is solvable into `solvable` (constant-time, as
    /// [`BinaryField::solve_many_split`]).
    pub fn solve_rows(&self, a: &[u64], roots: &mut [u64], solvable: &mut [bool]) -> Result<()> {
        let n = self.check_rows_out(a, roots.len())?;
        check_batch("solvable", solvable.len(), n)?;
        let w = self.words;
        let mut done = 0;
        dispatch!(self, f => rows_apply(w, a, roots, |x, o| {
            let m = x.len();
            let ok = &mut solvable[done..done + m];
            f.solve_many_split(x, o, ok)?;
            // Zero the rows without a root (the split solver leaves H(a) there), by a
            // mask: no branch on the flag.
            for (r, &s) in o.iter_mut().zip(ok.iter()) {
                let mask = 0u64.wrapping_sub(u64::from(s));
                for word in r.iter_mut() {
                    *word &= mask;
                }
            }
            done += m;
            Ok(())
        }))
    }

    /// Builds the field's lazily computed tables (half-trace, constant-time maps) now,
    /// before work is split across threads.
    pub fn precompute(&self) {
        dispatch!(self, f => f.precompute())
    }
}

fn load_all<const N: usize>(v: &[Vec<u64>]) -> Vec<[u64; N]> {
    v.iter().map(|x| load(x)).collect()
}

impl Field for DynBinaryField {
    type Elem = Vec<u64>;
    fn zero(&self) -> Vec<u64> {
        DynBinaryField::zero(self)
    }
    fn one(&self) -> Vec<u64> {
        DynBinaryField::one(self)
    }
    fn add(&self, a: &Vec<u64>, b: &Vec<u64>) -> Vec<u64> {
        a.iter().zip(b.iter()).map(|(x, y)| x ^ y).collect()
    }
    fn sub(&self, a: &Vec<u64>, b: &Vec<u64>) -> Vec<u64> {
        Field::add(self, a, b)
    }
    fn neg(&self, a: &Vec<u64>) -> Vec<u64> {
        a.clone()
    }
    fn mul(&self, a: &Vec<u64>, b: &Vec<u64>) -> Vec<u64> {
        dispatch!(self, f => self.store(&Field::mul(f, &load(a), &load(b))))
    }
    fn sqr(&self, a: &Vec<u64>) -> Vec<u64> {
        dispatch!(self, f => self.store(&Field::sqr(f, &load(a))))
    }
    fn inv(&self, a: &Vec<u64>) -> Option<Vec<u64>> {
        dispatch!(self, f => Field::inv(f, &load(a)).map(|r| self.store(&r)))
    }
    fn inv_or_zero(&self, a: &Vec<u64>) -> Vec<u64> {
        dispatch!(self, f => self.store(&Field::inv_or_zero(f, &load(a))))
    }
    fn is_zero(&self, a: &Vec<u64>) -> bool {
        a.iter().all(|&w| w == 0)
    }
    fn random(&self, rng: &mut dyn RngCore) -> Vec<u64> {
        DynBinaryField::random(self, rng)
    }
    fn pow_vartime(&self, a: &Vec<u64>, e: &[u64]) -> Vec<u64> {
        dispatch!(self, f => self.store(&Field::pow_vartime(f, &load(a), e)))
    }
    fn ct_eq(&self, a: &Vec<u64>, b: &Vec<u64>) -> Choice {
        ct_eq_words(a, b)
    }
    fn select(&self, a: &Vec<u64>, b: &Vec<u64>, choice: Choice) -> Vec<u64> {
        select_word_vec(a, b, choice)
    }
    fn encoded_len(&self) -> usize {
        (DynBinaryField::degree(self) as usize).div_ceil(8)
    }
    fn encode(&self, a: &Vec<u64>) -> Vec<u8> {
        crate::field::words_to_be_bytes(a, Field::encoded_len(self))
    }
    fn decode(&self, bytes: &[u8]) -> Result<Vec<u64>> {
        let d = DynBinaryField::degree(self);
        let what = format!("element of F_2^{d}");
        let mut r = vec![0u64; self.words];
        crate::field::be_bytes_to_words(bytes, Field::encoded_len(self), &what, &mut r)?;
        self.check(&r).map_err(|_| Error::InvalidEncoding {
            what,
            reason: format!("a bit at or above position {d} is set"),
        })?;
        Ok(r)
    }
    fn mul_many(&self, a: &[Vec<u64>], b: &[Vec<u64>], out: &mut [Vec<u64>]) -> Result<()> {
        check_batch("b", b.len(), a.len())?;
        check_batch("out", out.len(), a.len())?;
        dispatch!(self, f => {
            let (a, b) = (load_all(a), load_all(b));
            let mut o = a.clone();
            f.mul_many(&a, &b, &mut o)?;
            for (x, y) in out.iter_mut().zip(&o) {
                *x = self.store(y);
            }
        });
        Ok(())
    }
    fn sqr_many(&self, a: &[Vec<u64>], out: &mut [Vec<u64>]) -> Result<()> {
        check_batch("out", out.len(), a.len())?;
        dispatch!(self, f => {
            let a = load_all(a);
            let mut o = a.clone();
            f.sqr_many(&a, &mut o)?;
            for (x, y) in out.iter_mut().zip(&o) {
                *x = self.store(y);
            }
        });
        Ok(())
    }
    fn inv_many(&self, a: &[Vec<u64>], out: &mut [Vec<u64>]) -> Result<usize> {
        check_batch("out", out.len(), a.len())?;
        dispatch!(self, f => {
            let a = load_all(a);
            let mut o = a.clone();
            let zeros = f.inv_many(&a, &mut o)?;
            for (x, y) in out.iter_mut().zip(&o) {
                *x = self.store(y);
            }
            Ok(zeros)
        })
    }
}

impl BinaryFieldOps for DynBinaryField {
    fn degree(&self) -> u32 {
        DynBinaryField::degree(self)
    }
    fn is_element(&self, a: &Vec<u64>) -> bool {
        self.check(a).is_ok()
    }
    fn sqrt(&self, a: &Vec<u64>) -> Vec<u64> {
        dispatch!(self, f => self.store(&BinaryFieldOps::sqrt(f, &load(a))))
    }
    fn trace(&self, a: &Vec<u64>) -> u8 {
        dispatch!(self, f => BinaryFieldOps::trace(f, &load(a)))
    }
    fn half_trace(&self, a: &Vec<u64>) -> Option<Vec<u64>> {
        dispatch!(self, f => BinaryFieldOps::half_trace(f, &load(a)).map(|r| self.store(&r)))
    }
    fn half_trace_vartime(&self, a: &Vec<u64>) -> Option<Vec<u64>> {
        dispatch!(self, f => f.half_trace_vartime(&load(a)).map(|r| self.store(&r)))
    }
    fn half_trace_of_sqrt_vartime(&self, a: &Vec<u64>) -> Option<Vec<u64>> {
        dispatch!(self, f => f.half_trace_of_sqrt_vartime(&load(a)).map(|r| self.store(&r)))
    }
    fn solve_quadratic(&self, alpha: &Vec<u64>) -> Option<Vec<u64>> {
        dispatch!(self, f => f.solve_quadratic(&load(alpha)).map(|r| self.store(&r)))
    }
    fn solve_quadratic_vartime(&self, alpha: &Vec<u64>) -> Option<Vec<u64>> {
        dispatch!(self, f => f.solve_quadratic_vartime(&load(alpha)).map(|r| self.store(&r)))
    }
    fn sqrt_many(&self, a: &[Vec<u64>], out: &mut [Vec<u64>]) -> Result<()> {
        check_batch("out", out.len(), a.len())?;
        dispatch!(self, f => {
            let a = load_all(a);
            let mut o = a.clone();
            f.sqrt_many(&a, &mut o)?;
            for (x, y) in out.iter_mut().zip(&o) {
                *x = self.store(y);
            }
        });
        Ok(())
    }
    fn trace_many(&self, a: &[Vec<u64>], out: &mut [u8]) -> Result<()> {
        check_batch("out", out.len(), a.len())?;
        dispatch!(self, f => f.trace_many(&load_all(a), out))
    }
    fn half_trace_many(&self, a: &[Vec<u64>], out: &mut [Vec<u64>]) -> Result<()> {
        check_batch("out", out.len(), a.len())?;
        dispatch!(self, f => {
            let a = load_all(a);
            let mut o = a.clone();
            f.half_trace_many(&a, &mut o)?;
            for (x, y) in out.iter_mut().zip(&o) {
                *x = self.store(y);
            }
        });
        Ok(())
    }
    fn solve_quadratic_many(&self, a: &[Vec<u64>], out: &mut [Option<Vec<u64>>]) -> Result<()> {
        check_batch("out", out.len(), a.len())?;
        dispatch!(self, f => {
            let a = load_all(a);
            let mut o = vec![None; a.len()];
            f.solve_many(&a, &mut o)?;
            for (x, y) in out.iter_mut().zip(&o) {
                *x = y.map(|r| self.store(&r));
            }
        });
        Ok(())
    }
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    fn dyn_field_validates_and_computes() {
        let f = DynBinaryField::new("x^163+x^57+x^49+x^29+1").expect("field");
        assert_eq!(f.words(), 3);
        let a = f.parse_element("0x2").expect("x");
        let z = f.sqrt(&a, None).expect("sqrt");
        assert_eq!(
            f.format_element(&z),
            format!("{:x}", (1u128 << 82) | (1 << 29) | (1 << 25) | (1 << 15))
        );
        assert!(matches!(f.inv(&f.zero()), Err(Error::DivisionByZero(_))));
        assert!(f.check(&[0, 0, 1 << 40]).is_err());
        assert!(f.check(&[0, 0]).is_err());
        let e = f.pow(&a, "163").expect("pow");
        let e2 = f.pow(&a, "0xa3").expect("pow hex");
        assert_eq!(e, e2);
        assert!(f.pow(&a, "-1").is_err());
        let even = DynBinaryField::new("46,1,0").expect("even");
        assert!(even.half_trace(&even.one(), None).is_err());
        for m in ["607,105,0", "1279,418,0", "2281,715,0"] {
            let big = DynBinaryField::new(m).expect(m);
            let a = big.parse_element("0x1234567").expect("a");
            let r = big.sqrt(&a, None).expect("sqrt");
            assert_eq!(big.sqr(&r).expect("sqr"), a);
        }
        let e = DynBinaryField::new("1031,147,0")
            .expect_err("reducible")
            .to_string();
        assert!(e.contains("factor of degree"), "{e}");
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[(
        "dyn_field_validates_and_computes",
        dyn_field_validates_and_computes,
    )];
}
