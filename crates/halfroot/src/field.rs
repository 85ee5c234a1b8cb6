//! Traits shared by every field in halfroot.
//!
//! Fields are *context objects*: the field value holds the modulus and every
//! precomputed table, and elements are plain values passed by reference. The same
//! algorithm code therefore runs over a fast field, over a slow reference field used as
//! an oracle, and over [`crate::count::Counting`], which counts the operations an
//! algorithm performs so that the papers' cost formulas can be tested.
//!
//! # Constant time
//! The trait's unsuffixed methods are constant-time in the values of their operands on
//! every field meant for secrets (all but the `BigUint` reference field
//! [`crate::prime::reference::BigPrimeField`], an oracle): no branch and no memory
//! address depends on an element. Methods that are faster but not constant-time end in
//! `_vartime`. [`Field::ct_eq`], [`Field::select`] and [`Field::cswap`] (with `subtle`'s
//! [`Choice`]) let generic code (a Montgomery ladder, a halving chain) keep secrets out
//! of branches; they cost nothing in the papers' counts and are not counted.
//!
//! # Encodings
//! [`Field::encode`] / [`Field::decode`] are SEC 1 v2 §2.3.5–2.3.6 field-element
//! octet strings: big-endian, fixed length [`Field::encoded_len`] = ⌈log₂ q / 8⌉ bytes
//! (F_2^d: the polynomial's bit string, ⌈d/8⌉ bytes; GF(p): the integer in `[0, p)`).
//! SEC 1 does not define extension fields: an element `Σ c_i·w^i` of GF(p²) or F_{q^k}
//! is the concatenation of its coefficients' encodings from the highest `i` down (so the
//! whole string is big-endian in the polynomial basis). Decoding rejects a wrong length
//! and an out-of-range value with [`Error::InvalidEncoding`].
//!
//! # Batches
//! The `*_many` methods compute exactly what their single-element forms compute; fields
//! with vector kernels override them, and [`crate::count::Counting`] charges one
//! operation per element, so generic code that batches is counted like code that does
//! not. Each returns [`Error::InvalidArgument`] (writing nothing) when the slices'
//! lengths differ.

use crate::error::{Error, Result};
use core::fmt::Debug;
use rand::RngCore;
pub use subtle::Choice;
use subtle::{ConditionallySelectable, ConstantTimeEq};

/// A finite field given by a context object.
///
/// Every operation that a paper counts has its own method so that
/// [`crate::count::Counting`] can count it: `mul` is M, `sqr` is S, `add`/`sub`/`neg`
/// are A, `inv` is I.
pub trait Field {
    /// The element type. Elements are canonical: two elements are equal exactly when
    /// they represent the same field element.
    type Elem: Clone + PartialEq + Eq + Debug;

    /// The additive identity.
    fn zero(&self) -> Self::Elem;
    /// The multiplicative identity.
    fn one(&self) -> Self::Elem;
    /// `a + b`.
    fn add(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// `a - b`.
    fn sub(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// `-a`.
    fn neg(&self, a: &Self::Elem) -> Self::Elem;
    /// `a * b`.
    fn mul(&self, a: &Self::Elem, b: &Self::Elem) -> Self::Elem;
    /// `a * a`.
    fn sqr(&self, a: &Self::Elem) -> Self::Elem;
    /// `1/a`, or `None` for `a = 0`. Constant-time except that the `Option` reveals
    /// whether `a = 0`; for a secret that may be zero use [`Field::inv_or_zero`].
    fn inv(&self, a: &Self::Elem) -> Option<Self::Elem>;
    /// `1/a`, and `0` for `a = 0`, without revealing which (the binary fields and
    /// `Fp<N>` compute it branch-free; this default, through [`Field::inv`], reveals
    /// whether `a = 0`). Counted as I.
    fn inv_or_zero(&self, a: &Self::Elem) -> Self::Elem {
        self.inv(a).unwrap_or_else(|| self.zero())
    }
    /// Whether `a` is zero.
    fn is_zero(&self, a: &Self::Elem) -> bool {
        *a == self.zero()
    }
    /// A uniformly random element.
    fn random(&self, rng: &mut dyn RngCore) -> Self::Elem;

    /// `a == b` in constant time.
    fn ct_eq(&self, a: &Self::Elem, b: &Self::Elem) -> Choice;
    /// `b` if `choice` is 1, `a` if it is 0 (`subtle`'s `conditional_select`), in
    /// constant time: the mask is applied to every word, never branched on.
    fn select(&self, a: &Self::Elem, b: &Self::Elem, choice: Choice) -> Self::Elem;
    /// Swaps `a` and `b` when `choice` is 1, in constant time.
    fn cswap(&self, a: &mut Self::Elem, b: &mut Self::Elem, choice: Choice) {
        let x = self.select(a, b, choice);
        let y = self.select(b, a, choice);
        *a = x;
        *b = y;
    }
    /// Row `table[index]` of a table of W-element rows (zeros when `index` ≥
    /// `table.len()`), reading every row with a mask: no branch and no memory address
    /// depends on `index` (the length is public). The fields with word or register
    /// elements override it with an AND/OR accumulation (see [`lookup_masks`]).
    fn ct_lookup_rows<const W: usize>(
        &self,
        table: &[[Self::Elem; W]],
        index: u32,
    ) -> [Self::Elem; W]
    where
        Self: Sized,
    {
        core::array::from_fn(|w| {
            let mut r = self.zero();
            for (i, row) in table.iter().enumerate() {
                r = self.select(&r, &row[w], (i as u32).ct_eq(&index));
            }
            r
        })
    }
    /// Whether `a` is zero, in constant time.
    fn ct_is_zero(&self, a: &Self::Elem) -> Choice {
        self.ct_eq(a, &self.zero())
    }

    /// The length in bytes of every encoding, ⌈log₂ q / 8⌉.
    fn encoded_len(&self) -> usize;
    /// The canonical encoding of `a`: big-endian, [`Field::encoded_len`] bytes (see the
    /// module documentation). Constant-time.
    fn encode(&self, a: &Self::Elem) -> Vec<u8>;
    /// The element encoded by `bytes`; [`Error::InvalidEncoding`] for a wrong length or
    /// a value that is not a canonical element (bits at or above d, an integer ≥ p).
    /// Whether it fails may depend on the input; the time taken otherwise does not.
    fn decode(&self, bytes: &[u8]) -> Result<Self::Elem>;

    /// `out[i] = a[i]·b[i]`.
    fn mul_many(&self, a: &[Self::Elem], b: &[Self::Elem], out: &mut [Self::Elem]) -> Result<()> {
        check_batch("b", b.len(), a.len())?;
        check_batch("out", out.len(), a.len())?;
        for ((o, x), y) in out.iter_mut().zip(a).zip(b) {
            *o = self.mul(x, y);
        }
        Ok(())
    }
    /// `out[i] = a[i]²`.
    fn sqr_many(&self, a: &[Self::Elem], out: &mut [Self::Elem]) -> Result<()> {
        check_batch("out", out.len(), a.len())?;
        for (o, x) in out.iter_mut().zip(a) {
            *o = self.sqr(x);
        }
        Ok(())
    }
    /// `out[i] = 1/a[i]` for nonzero `a[i]` and `0` for `a[i] = 0`; returns the number
    /// of zeros. Fields override it with Montgomery's simultaneous inversion (one
    /// inversion and three multiplications per element); this default, one inversion
    /// per element, is the reference. Constant-time except for the returned count.
    fn inv_many(&self, a: &[Self::Elem], out: &mut [Self::Elem]) -> Result<usize> {
        check_batch("out", out.len(), a.len())?;
        let mut zeros = 0;
        for (o, x) in out.iter_mut().zip(a) {
            match self.inv(x) {
                Some(y) => *o = y,
                None => {
                    *o = self.zero();
                    zeros += 1;
                }
            }
        }
        Ok(zeros)
    }

    /// `a^e` for an exponent given as little-endian 64-bit words, by left-to-right
    /// square-and-multiply. Variable time in `e`; fields override it with faster
    /// (windowed) code, and [`crate::count::Counting`] keeps this default so that every
    /// squaring and multiplication is counted.
    fn pow_vartime(&self, a: &Self::Elem, e: &[u64]) -> Self::Elem {
        let mut acc = self.one();
        let mut started = false;
        for word in e.iter().rev() {
            for bit in (0..64).rev() {
                if started {
                    acc = self.sqr(&acc);
                }
                if (word >> bit) & 1 == 1 {
                    acc = if started {
                        self.mul(&acc, a)
                    } else {
                        a.clone()
                    };
                    started = true;
                }
            }
        }
        acc
    }
}

/// [`Error::InvalidArgument`] unless a batch slice has the length of the input.
pub(crate) fn check_batch(name: &str, got: usize, want: usize) -> Result<()> {
    if got == want {
        Ok(())
    } else {
        Err(Error::InvalidArgument {
            name: format!("{name}.len()"),
            value: got.to_string(),
            reason: format!("a batch operation needs slices of equal length ({want})"),
        })
    }
}

/// Constant-time equality of two word strings of the same length (`0` if the lengths
/// differ, which is public).
pub fn ct_eq_words(a: &[u64], b: &[u64]) -> Choice {
    if a.len() != b.len() {
        return Choice::from(0);
    }
    let mut diff = 0u64;
    for (x, y) in a.iter().zip(b) {
        diff |= x ^ y;
    }
    diff.ct_eq(&0)
}

/// All ones when `i` = `j`, else zero, by arithmetic.
#[inline(always)]
pub fn eq_mask(i: u32, j: u32) -> u64 {
    // i ^ j = 0 exactly when (i ^ j) − 1 borrows into bit 63.
    0u64.wrapping_sub(u64::from(i ^ j).wrapping_sub(1) >> 63)
}

/// Entries per chunk of a constant-time table read ([`lookup_masks`]).
pub const LOOKUP_CHUNK: usize = 32;

/// The masks of a constant-time read of entries `start .. start + LOOKUP_CHUNK`: all
/// ones at `index`, zero elsewhere. They pass through an optimisation barrier: given
/// the plain arithmetic masks, the compiler proves that one entry at most is selected
/// and turns the read into a search for `index` with a branch per entry (the
/// constant-time check under Valgrind caught it).
#[inline(always)]
pub fn lookup_masks(start: usize, len: usize, index: u32) -> [u64; LOOKUP_CHUNK] {
    let mut masks = [0u64; LOOKUP_CHUNK];
    for (i, m) in masks.iter_mut().enumerate().take(len) {
        *m = eq_mask((start + i) as u32, index);
    }
    core::hint::black_box(&mut masks);
    masks
}

/// Row `table[index]` of word arrays (zeros when `index` is out of range),
/// OR-accumulating every row under a mask: constant-time in `index`.
pub fn ct_lookup_word_rows<const N: usize, const W: usize>(
    table: &[[[u64; N]; W]],
    index: u32,
) -> [[u64; N]; W] {
    let mut r = [[0u64; N]; W];
    for (c, chunk) in table.chunks(LOOKUP_CHUNK).enumerate() {
        let masks = lookup_masks(c * LOOKUP_CHUNK, chunk.len(), index);
        for (row, mask) in chunk.iter().zip(masks) {
            for (r, e) in r.iter_mut().zip(row) {
                for (r, x) in r.iter_mut().zip(e) {
                    *r |= x & mask;
                }
            }
        }
    }
    r
}

/// `b` if `choice` is 1, else `a`, word by word with a mask.
pub fn select_words<const N: usize>(a: &[u64; N], b: &[u64; N], choice: Choice) -> [u64; N] {
    let mut r = [0u64; N];
    for ((r, x), y) in r.iter_mut().zip(a).zip(b) {
        *r = u64::conditional_select(x, y, choice);
    }
    r
}

/// As [`select_words`] for word vectors of equal length (a length mismatch, which is
/// public, gives `a`).
pub fn select_word_vec(a: &[u64], b: &[u64], choice: Choice) -> Vec<u64> {
    if a.len() != b.len() {
        return a.to_vec();
    }
    a.iter()
        .zip(b)
        .map(|(x, y)| u64::conditional_select(x, y, choice))
        .collect()
}

/// The big-endian encoding of the little-endian words `w` in `len` bytes (the bytes
/// above `len` are dropped: callers pass reduced values).
pub fn words_to_be_bytes(w: &[u64], len: usize) -> Vec<u8> {
    let mut out = vec![0u8; len];
    for (i, byte) in out.iter_mut().rev().enumerate() {
        if let Some(word) = w.get(i / 8) {
            *byte = (word >> (8 * (i % 8))) as u8;
        }
    }
    out
}

/// Reads big-endian `bytes` into little-endian words `out`; [`Error::InvalidEncoding`]
/// if `bytes` does not have `len` bytes or does not fit `out`.
pub fn be_bytes_to_words(bytes: &[u8], len: usize, what: &str, out: &mut [u64]) -> Result<()> {
    if bytes.len() != len {
        return Err(Error::InvalidEncoding {
            what: what.into(),
            reason: format!("expected {len} bytes, got {}", bytes.len()),
        });
    }
    out.iter_mut().for_each(|w| *w = 0);
    for (i, &byte) in bytes.iter().rev().enumerate() {
        match out.get_mut(i / 8) {
            Some(word) => *word |= (byte as u64) << (8 * (i % 8)),
            None => {
                return Err(Error::InvalidEncoding {
                    what: what.into(),
                    reason: format!("{len} bytes do not fit {} words", out.len()),
                })
            }
        }
    }
    Ok(())
}

/// The concatenation of the encodings of `coeffs` from the last (highest degree) to the
/// first, for extension fields (see the module documentation).
pub fn encode_coefficients<F: Field + ?Sized>(base: &F, coeffs: &[F::Elem]) -> Vec<u8> {
    let mut out = Vec::with_capacity(coeffs.len() * base.encoded_len());
    for c in coeffs.iter().rev() {
        out.extend_from_slice(&base.encode(c));
    }
    out
}

/// The inverse of [`encode_coefficients`]: `k` coefficients, lowest degree first.
pub fn decode_coefficients<F: Field + ?Sized>(
    base: &F,
    bytes: &[u8],
    k: usize,
) -> Result<Vec<F::Elem>> {
    let len = base.encoded_len();
    if bytes.len() != k * len {
        return Err(Error::InvalidEncoding {
            what: "extension-field element".into(),
            reason: format!(
                "expected {k}·{len} = {} bytes, got {}",
                k * len,
                bytes.len()
            ),
        });
    }
    let mut coeffs: Vec<F::Elem> = bytes
        .chunks(len.max(1))
        .map(|c| base.decode(c))
        .collect::<Result<_>>()?;
    coeffs.reverse();
    Ok(coeffs)
}
