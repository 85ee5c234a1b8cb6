//! Operation counting: a field wrapper that counts what an algorithm does.
//!
//! The papers state costs as operation counts — Kitamura–Katagi–Takagi's divisor
//! halving costs 20M + 3S + 1I + 3SR + 2H + 2T, El Mrabet et al.'s degree-5 product
//! 9M + 137A, Wang–Nogami–Morikawa give the average number of multiplications of each
//! square-root algorithm. [`Counting`] wraps any [`Field`] and increments one counter per
//! call, so those claims are checked by tests instead of being quoted.
//!
//! Counters use [`Cell`], so a `Counting` field is meant for one thread.

use crate::field::{Choice, Field};
use core::cell::Cell;
use core::ops::{Add, Sub};
use rand::RngCore;

/// Numbers of field operations, with the letters the papers use.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct OpCounts {
    /// M: general multiplications.
    pub m: u64,
    /// S: squarings.
    pub s: u64,
    /// A: additions, subtractions and negations (plus whatever a caller charges as A).
    pub a: u64,
    /// I: inversions.
    pub i: u64,
    /// SR: square roots.
    pub sr: u64,
    /// H: half-traces (or quadratic solves).
    pub h: u64,
    /// T: traces.
    pub t: u64,
    /// Quadratic-residue tests (Legendre symbols) computed by a dedicated algorithm.
    pub qr: u64,
}

impl OpCounts {
    /// Multiplications and squarings together (the papers' "#M" when S = M).
    pub fn m_plus_s(&self) -> u64 {
        self.m + self.s
    }
}

impl Add for OpCounts {
    type Output = OpCounts;
    fn add(self, o: OpCounts) -> OpCounts {
        OpCounts {
            m: self.m + o.m,
            s: self.s + o.s,
            a: self.a + o.a,
            i: self.i + o.i,
            sr: self.sr + o.sr,
            h: self.h + o.h,
            t: self.t + o.t,
            qr: self.qr + o.qr,
        }
    }
}

impl Sub for OpCounts {
    type Output = OpCounts;
    fn sub(self, o: OpCounts) -> OpCounts {
        OpCounts {
            m: self.m - o.m,
            s: self.s - o.s,
            a: self.a - o.a,
            i: self.i - o.i,
            sr: self.sr - o.sr,
            h: self.h - o.h,
            t: self.t - o.t,
            qr: self.qr - o.qr,
        }
    }
}

impl core::fmt::Display for OpCounts {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let parts = [
            (self.m, "M"),
            (self.s, "S"),
            (self.i, "I"),
            (self.sr, "SR"),
            (self.h, "H"),
            (self.t, "T"),
            (self.a, "A"),
            (self.qr, "QR"),
        ];
        let mut first = true;
        for (n, letter) in parts {
            if n == 0 {
                continue;
            }
            if !first {
                f.write_str(" + ")?;
            }
            write!(f, "{n}{letter}")?;
            first = false;
        }
        if first {
            f.write_str("0")?;
        }
        Ok(())
    }
}

/// A field that forwards every operation to `inner` and counts it.
///
/// Modules that define richer field traits (square root, trace, small-constant
/// division, ...) implement those traits for `Counting<F>` beside the trait, using
/// [`Counting::tally`] to charge the operation.
#[derive(Debug, Default)]
pub struct Counting<F> {
    inner: F,
    counts: Cell<OpCounts>,
}

impl<F: Clone> Clone for Counting<F> {
    fn clone(&self) -> Self {
        Counting {
            inner: self.inner.clone(),
            counts: Cell::new(self.counts.get()),
        }
    }
}

impl<F> Counting<F> {
    /// Wraps `inner` with all counters at zero.
    pub fn new(inner: F) -> Self {
        Counting {
            inner,
            counts: Cell::new(OpCounts::default()),
        }
    }
    /// The wrapped field.
    pub fn inner(&self) -> &F {
        &self.inner
    }
    /// The counts so far.
    pub fn counts(&self) -> OpCounts {
        self.counts.get()
    }
    /// Sets every counter back to zero.
    pub fn reset(&self) {
        self.counts.set(OpCounts::default());
    }
    /// Charges an operation: `f` increments the counters it concerns.
    pub fn tally(&self, f: impl FnOnce(&mut OpCounts)) {
        let mut c = self.counts.get();
        f(&mut c);
        self.counts.set(c);
    }
}

impl<F: Field> Field for Counting<F> {
    type Elem = F::Elem;
    fn zero(&self) -> F::Elem {
        self.inner.zero()
    }
    fn one(&self) -> F::Elem {
        self.inner.one()
    }
    fn add(&self, a: &F::Elem, b: &F::Elem) -> F::Elem {
        self.tally(|c| c.a += 1);
        self.inner.add(a, b)
    }
    fn sub(&self, a: &F::Elem, b: &F::Elem) -> F::Elem {
        self.tally(|c| c.a += 1);
        self.inner.sub(a, b)
    }
    fn neg(&self, a: &F::Elem) -> F::Elem {
        self.tally(|c| c.a += 1);
        self.inner.neg(a)
    }
    fn mul(&self, a: &F::Elem, b: &F::Elem) -> F::Elem {
        self.tally(|c| c.m += 1);
        self.inner.mul(a, b)
    }
    fn sqr(&self, a: &F::Elem) -> F::Elem {
        self.tally(|c| c.s += 1);
        self.inner.sqr(a)
    }
    fn inv(&self, a: &F::Elem) -> Option<F::Elem> {
        self.tally(|c| c.i += 1);
        self.inner.inv(a)
    }
    fn inv_or_zero(&self, a: &F::Elem) -> F::Elem {
        self.tally(|c| c.i += 1);
        self.inner.inv_or_zero(a)
    }
    fn is_zero(&self, a: &F::Elem) -> bool {
        self.inner.is_zero(a)
    }
    fn random(&self, rng: &mut dyn RngCore) -> F::Elem {
        self.inner.random(rng)
    }
    // pow_vartime keeps the default, so each S and M of an exponentiation is counted.
    fn ct_eq(&self, a: &F::Elem, b: &F::Elem) -> Choice {
        self.inner.ct_eq(a, b)
    }
    fn select(&self, a: &F::Elem, b: &F::Elem, choice: Choice) -> F::Elem {
        self.inner.select(a, b, choice)
    }
    fn cswap(&self, a: &mut F::Elem, b: &mut F::Elem, choice: Choice) {
        self.inner.cswap(a, b, choice)
    }
    fn ct_is_zero(&self, a: &F::Elem) -> Choice {
        self.inner.ct_is_zero(a)
    }
    fn encoded_len(&self) -> usize {
        self.inner.encoded_len()
    }
    fn encode(&self, a: &F::Elem) -> Vec<u8> {
        self.inner.encode(a)
    }
    fn decode(&self, bytes: &[u8]) -> crate::error::Result<F::Elem> {
        self.inner.decode(bytes)
    }
    /// Charges one M per element (when the lengths agree) and runs the inner field's
    /// batch kernel.
    fn mul_many(
        &self,
        a: &[F::Elem],
        b: &[F::Elem],
        out: &mut [F::Elem],
    ) -> crate::error::Result<()> {
        self.inner.mul_many(a, b, out)?;
        self.tally(|c| c.m += a.len() as u64);
        Ok(())
    }
    /// Charges one S per element.
    fn sqr_many(&self, a: &[F::Elem], out: &mut [F::Elem]) -> crate::error::Result<()> {
        self.inner.sqr_many(a, out)?;
        self.tally(|c| c.s += a.len() as u64);
        Ok(())
    }
    /// Charges one I per element: the operation the caller asked for (how a field's
    /// kernel shares the work, e.g. by Montgomery's trick, is not seen here).
    fn inv_many(&self, a: &[F::Elem], out: &mut [F::Elem]) -> crate::error::Result<usize> {
        let zeros = self.inner.inv_many(a, out)?;
        self.tally(|c| c.i += a.len() as u64);
        Ok(zeros)
    }
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;

    /// GF(7) written out plainly, only for testing the wrapper.
    #[derive(Clone, Debug)]
    struct Gf7;
    impl Field for Gf7 {
        type Elem = u8;
        fn zero(&self) -> u8 {
            0
        }
        fn one(&self) -> u8 {
            1
        }
        fn add(&self, a: &u8, b: &u8) -> u8 {
            (a + b) % 7
        }
        fn sub(&self, a: &u8, b: &u8) -> u8 {
            (a + 7 - b) % 7
        }
        fn neg(&self, a: &u8) -> u8 {
            (7 - a) % 7
        }
        fn mul(&self, a: &u8, b: &u8) -> u8 {
            a * b % 7
        }
        fn sqr(&self, a: &u8) -> u8 {
            a * a % 7
        }
        fn inv(&self, a: &u8) -> Option<u8> {
            (1..7).find(|x| x * a % 7 == 1)
        }
        fn random(&self, rng: &mut dyn RngCore) -> u8 {
            (rng.next_u32() % 7) as u8
        }
        fn ct_eq(&self, a: &u8, b: &u8) -> Choice {
            subtle::ConstantTimeEq::ct_eq(a, b)
        }
        fn select(&self, a: &u8, b: &u8, choice: Choice) -> u8 {
            subtle::ConditionallySelectable::conditional_select(a, b, choice)
        }
        fn encoded_len(&self) -> usize {
            1
        }
        fn encode(&self, a: &u8) -> Vec<u8> {
            vec![*a]
        }
        fn decode(&self, bytes: &[u8]) -> crate::error::Result<u8> {
            match bytes {
                [b] if *b < 7 => Ok(*b),
                _ => Err(crate::error::Error::InvalidEncoding {
                    what: "GF(7) element".into(),
                    reason: "one byte below 7".into(),
                }),
            }
        }
    }

    fn pow_counts_squarings_and_multiplications() {
        let f = Counting::new(Gf7);
        // 3^13: 13 = 0b1101, three squarings after the leading bit, two multiplications.
        assert_eq!(f.pow_vartime(&3, &[13]), 3);
        assert_eq!(f.counts().s, 3);
        assert_eq!(f.counts().m, 2);
        f.reset();
        assert_eq!(f.counts(), OpCounts::default());
        let _ = f.add(&1, &2);
        let _ = f.inv(&3);
        assert_eq!(f.counts().to_string(), "1I + 1A");
    }

    fn batch_calls_are_counted_per_element() {
        let f = Counting::new(Gf7);
        let a = [1u8, 2, 3, 4, 0];
        let b = [6u8, 5, 4, 3, 2];
        let mut out = [0u8; 5];
        f.mul_many(&a, &b, &mut out).expect("lengths");
        assert_eq!(out, [6, 3, 5, 5, 0]);
        f.sqr_many(&a, &mut out).expect("lengths");
        assert_eq!(out, [1, 4, 2, 2, 0]);
        assert_eq!(f.inv_many(&a, &mut out).expect("lengths"), 1);
        assert_eq!(out, [1, 4, 5, 2, 0]);
        assert_eq!(f.counts().to_string(), "5M + 5S + 5I");
        // A length mismatch is an error and charges nothing.
        f.reset();
        assert!(f.mul_many(&a, &b[..4], &mut out).is_err());
        assert!(f.sqr_many(&a, &mut out[..2]).is_err());
        assert_eq!(f.counts(), OpCounts::default());
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        (
            "pow_counts_squarings_and_multiplications",
            pow_counts_squarings_and_multiplications,
        ),
        (
            "batch_calls_are_counted_per_element",
            batch_calls_are_counted_per_element,
        ),
    ];
}
