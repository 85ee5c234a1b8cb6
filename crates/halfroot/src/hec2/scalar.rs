//! Scalar multiplication on genus-2 Jacobians: double-and-add, w-NAF double-and-add,
//! right-to-left halve-and-add (Kitamura–Katagi–Takagi Algorithm 4) and its fixed-base
//! variant with a table of root choices, and `auto`.
//!
//! Sources: Knudsen 1999 and Fong–Hankerson–López–Menezes 2004 §4 (halve-and-add with
//! w-NAF digits and accumulators, HMV Algorithm 3.91); Kitamura–Katagi–Takagi §3.3 and
//! §4.1 (Algorithm 4: d = Σ d̂ᵢ2^(i−m), m = ⌊log₂ r⌋, right to left so that Algorithm 5
//! can carry 1/u₂₁ from one halving to the next; the fixed-base variant stores one bit
//! per halving for k₁ and one for k₀).
//!
//! Halve-and-add: with t = bits(r) write k′ = 2^(t−1)·k mod r in w-NAF, k′ = Σ k′ᵢ2^i, so
//! \[k\]D = Σᵢ k′ᵢ·[1/2^(t−1−i)]D. Walking i from t − 1 down to 0 it adds ±D to the
//! accumulator Q_|k′ᵢ| and halves D; a digit at i = t adds ±2D. At the end
//! Q = Σ j·Q_j over odd j by A ← A + Q_j, B ← B + A (j downwards), Q = 2B − A. Cost:
//! t − 1 halvings, about t/(w + 1) additions, 2^(w−1) additions and one doubling at the
//! end. D must lie in the subgroup of order r (halving is unique there) on a curve
//! with #J = 2·r; the first halving's trace test checks it.
//!
//! Double-and-add costs about t doublings and t/2 (binary) or t/(w + 1) (w-NAF)
//! additions. Every method here is variable-time (public scalars only).

use super::curve::Hec2Curve;
use super::divisor::Divisor;
use super::halve::{HalvingAlgorithm, HalvingChoice, HalvingFailure};
use crate::binary::field::BinaryFieldOps;
use crate::ec2::scalar::wnaf_digits;
use crate::error::{Error, Result};
use num_bigint::BigUint;
use num_traits::One;

/// The scalar-multiplication methods, selectable by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hec2ScalarAlgorithm {
    /// Left-to-right binary double-and-add.
    DoubleAndAddVartime,
    /// Left-to-right w-NAF double-and-add with precomputed odd multiples.
    WnafVartime,
    /// Right-to-left w-NAF halve-and-add (Algorithm 4 with accumulators).
    HalveAndAddVartime,
}

impl Hec2ScalarAlgorithm {
    /// Every method.
    pub const ALL: [Hec2ScalarAlgorithm; 3] = [
        Hec2ScalarAlgorithm::DoubleAndAddVartime,
        Hec2ScalarAlgorithm::WnafVartime,
        Hec2ScalarAlgorithm::HalveAndAddVartime,
    ];
    /// The command-line name.
    pub fn name(self) -> &'static str {
        match self {
            Hec2ScalarAlgorithm::DoubleAndAddVartime => "double-and-add-vartime",
            Hec2ScalarAlgorithm::WnafVartime => "wnaf-vartime",
            Hec2ScalarAlgorithm::HalveAndAddVartime => "halve-and-add-vartime",
        }
    }
    /// The method called `name`; `auto` gives `None` (the measured choice).
    pub fn from_name(name: &str) -> Result<Option<Self>> {
        let n = name.trim();
        if n.eq_ignore_ascii_case("auto") {
            return Ok(None);
        }
        Self::ALL
            .into_iter()
            .find(|a| a.name().eq_ignore_ascii_case(n))
            .map(Some)
            .ok_or_else(|| Error::UnknownAlgorithm {
                kind: "genus-2 scalar multiplication".into(),
                given: name.into(),
                known: "auto, double-and-add-vartime, wnaf-vartime, halve-and-add-vartime".into(),
            })
    }
}

/// The fixed-base table of Kitamura–Katagi–Takagi §3.3: for a base D and each of the
/// t − 1 halvings of halve-and-add, which root of each quadratic is right (`None` where
/// the halving was one the formulae exclude and is done generically).
#[derive(Clone, Debug)]
pub struct HalvingTable<E> {
    base: Divisor<E>,
    algorithm: HalvingAlgorithm,
    choices: Vec<Option<HalvingChoice>>,
    /// The curve the table was made on: its name and coefficients h0…h2, f0…f5 (a
    /// table is refused on another curve).
    curve: (String, [E; 3], [E; 6]),
}

impl<E> HalvingTable<E> {
    /// The base divisor.
    pub fn base(&self) -> &Divisor<E> {
        &self.base
    }
    /// The halving algorithm the table is for.
    pub fn algorithm(&self) -> HalvingAlgorithm {
        self.algorithm
    }
    /// The selection bits, one entry per halving.
    pub fn choices(&self) -> &[Option<HalvingChoice>] {
        &self.choices
    }
}

/// The state of a chain of halvings: the current divisor and, for Algorithm 5, 1/u₂₁.
struct Chain<E> {
    cur: Divisor<E>,
    inv_u1: Option<E>,
}

impl<F: BinaryFieldOps> Hec2Curve<F> {
    /// The default w-NAF width (4).
    pub fn default_window(&self) -> u32 {
        4
    }

    /// \[k\]D by `algorithm`, or by the measured fastest applicable method for `None`
    /// (`auto`: halve-and-add where the curve has halving and D is in the subgroup and
    /// it measured faster on this machine, otherwise w-NAF). `d` is checked first
    /// ([`Hec2Curve::check_divisor`]: [`Error::OutOfRange`] or
    /// [`Error::PointNotOnCurve`]). Variable-time.
    pub fn mul_vartime(
        &self,
        algorithm: Option<Hec2ScalarAlgorithm>,
        k: &BigUint,
        d: &Divisor<F::Elem>,
    ) -> Result<Divisor<F::Elem>> {
        self.check_divisor(d)?;
        let w = self.default_window();
        match algorithm {
            Some(Hec2ScalarAlgorithm::DoubleAndAddVartime) => {
                Ok(self.mul_double_and_add_vartime(k, d))
            }
            Some(Hec2ScalarAlgorithm::WnafVartime) => Ok(self.mul_wnaf_vartime(k, d, w)),
            Some(Hec2ScalarAlgorithm::HalveAndAddVartime) => {
                self.mul_halve_and_add_unchecked(k, d, w)
            }
            None => {
                if self.auto_algorithm() == Hec2ScalarAlgorithm::HalveAndAddVartime {
                    match self.mul_halve_and_add_unchecked(k, d, w) {
                        Err(Error::PointNotInSubgroup { .. }) => {}
                        other => return other,
                    }
                }
                Ok(self.mul_wnaf_vartime(k, d, w))
            }
        }
    }

    /// The method `auto` uses on subgroup divisors: halve-and-add or w-NAF, whichever
    /// took less time on this machine for one random scalar (timed once per curve, on
    /// the first call; w-NAF when the curve has no halving).
    pub fn auto_algorithm(&self) -> Hec2ScalarAlgorithm {
        *self.auto.get_or_init(|| {
            if self.default_halving_algorithm().is_none() {
                return Hec2ScalarAlgorithm::WnafVartime;
            }
            let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(0x4843_4155);
            let Ok(d) = self.random_subgroup_divisor_vartime(&mut rng) else {
                return Hec2ScalarAlgorithm::WnafVartime;
            };
            let r = self.order().map(|o| o.r.clone()).unwrap_or_default();
            let k = (&r >> 1usize) + BigUint::from(12345u32);
            let w = self.default_window();
            let time = |f: &dyn Fn()| {
                let mut best = f64::INFINITY;
                for _ in 0..3 {
                    let t = std::time::Instant::now();
                    f();
                    best = best.min(t.elapsed().as_secs_f64());
                }
                best
            };
            let t_wnaf = time(&|| {
                core::hint::black_box(self.mul_wnaf_vartime(&k, &d, w));
            });
            let t_hna = time(&|| {
                core::hint::black_box(self.mul_halve_and_add_vartime(&k, &d, w).ok());
            });
            if t_hna < t_wnaf {
                Hec2ScalarAlgorithm::HalveAndAddVartime
            } else {
                Hec2ScalarAlgorithm::WnafVartime
            }
        })
    }

    /// \[k\]D by left-to-right binary double-and-add, for a divisor of this curve (not
    /// checked: [`Hec2Curve::mul_vartime`] checks). Variable-time.
    pub fn mul_double_and_add_vartime(
        &self,
        k: &BigUint,
        d: &Divisor<F::Elem>,
    ) -> Divisor<F::Elem> {
        self.mul_vartime_generic(k, d)
    }

    /// \[k\]D by left-to-right w-NAF double-and-add (`w` clamped to [2, 8]), for a
    /// divisor of this curve (not checked: [`Hec2Curve::mul_vartime`] checks).
    /// Variable-time.
    pub fn mul_wnaf_vartime(&self, k: &BigUint, d: &Divisor<F::Elem>, w: u32) -> Divisor<F::Elem> {
        let w = w.clamp(2, 8);
        let digits = wnaf_digits(&k.to_u64_digits(), w);
        let d2 = self.double_vartime(d);
        let mut odd = vec![d.clone()];
        for i in 1..(1usize << (w - 2)) {
            odd.push(self.add_vartime(&odd[i - 1], &d2));
        }
        let mut acc = Divisor::Zero;
        for &digit in digits.iter().rev() {
            acc = self.double_vartime(&acc);
            if digit != 0 {
                let p = &odd[(digit.unsigned_abs() as usize - 1) / 2];
                acc = if digit > 0 {
                    self.add_vartime(&acc, p)
                } else {
                    self.add_vartime(&acc, &self.neg(p))
                };
            }
        }
        acc
    }

    /// \[k\]D by right-to-left w-NAF halve-and-add (module documentation), D in the
    /// subgroup of order r. [`Error::UnsupportedAlgorithm`] on a curve without a
    /// halving algorithm or without #J = 2·r; [`Error::PointNotInSubgroup`] for D
    /// outside the subgroup; the errors of [`Hec2Curve::check_divisor`] for a D that is
    /// not a divisor of the curve. Variable-time.
    pub fn mul_halve_and_add_vartime(
        &self,
        k: &BigUint,
        d: &Divisor<F::Elem>,
        w: u32,
    ) -> Result<Divisor<F::Elem>> {
        self.check_divisor(d)?;
        self.mul_halve_and_add_unchecked(k, d, w)
    }

    /// [`Hec2Curve::mul_halve_and_add_vartime`] for a divisor already checked.
    fn mul_halve_and_add_unchecked(
        &self,
        k: &BigUint,
        d: &Divisor<F::Elem>,
        w: u32,
    ) -> Result<Divisor<F::Elem>> {
        let algorithm = self.halving_for_scalar()?;
        self.halve_and_add(k, d, w, algorithm, None)
    }

    /// The fixed-base table for `base` (in the subgroup of order r): the root choices
    /// of its t − 1 successive halvings (`base` checked by
    /// [`Hec2Curve::check_divisor`]). Errors as [`Hec2Curve::mul_halve_and_add_vartime`].
    /// Variable-time.
    pub fn halving_table_vartime(&self, base: &Divisor<F::Elem>) -> Result<HalvingTable<F::Elem>> {
        self.check_divisor(base)?;
        let algorithm = self.halving_for_scalar()?;
        let t = self.order().map_or(0, |o| o.r.bits() as usize);
        let mut chain = Chain {
            cur: base.clone(),
            inv_u1: None,
        };
        let mut choices = Vec::with_capacity(t);
        for _ in 1..t {
            let c = self.chain_halve(&mut chain, algorithm, None)?;
            choices.push(c);
        }
        Ok(HalvingTable {
            base: base.clone(),
            algorithm,
            choices,
            curve: (self.name().to_string(), self.h.clone(), self.f.clone()),
        })
    }

    /// \[k\]·base by halve-and-add with the table's root choices (no trace tests: the
    /// fixed-base costs of Table 1). [`Error::WrongCurve`] for a table made on another
    /// curve (other coefficients). Variable-time.
    pub fn mul_halve_and_add_fixed_vartime(
        &self,
        k: &BigUint,
        table: &HalvingTable<F::Elem>,
        w: u32,
    ) -> Result<Divisor<F::Elem>> {
        let (name, h, f) = &table.curve;
        if *h != self.h || *f != self.f {
            return Err(Error::WrongCurve {
                expected: self.name().to_string(),
                found: format!("{name} (the halving table's curve)"),
            });
        }
        self.halve_and_add(k, &table.base, w, table.algorithm, Some(&table.choices))
    }

    fn halving_for_scalar(&self) -> Result<HalvingAlgorithm> {
        self.default_halving_algorithm()
            .ok_or_else(|| Error::UnsupportedAlgorithm {
                algorithm: Hec2ScalarAlgorithm::HalveAndAddVartime.name().into(),
                reason: format!(
                    "{} has no halving algorithm (Kitamura–Katagi–Takagi need an irreducible h \
                     or y² + xy = x⁵ + f1·x + f0, and #J = 2·r known)",
                    self.name()
                ),
            })
    }

    /// One halving of the chain by `algorithm` (Algorithm 5 carries 1/u₂₁), with the
    /// table's choice when given; the generic halving where the formulae do not apply.
    /// Returns the choice made (`None` for a generic step).
    fn chain_halve(
        &self,
        chain: &mut Chain<F::Elem>,
        algorithm: HalvingAlgorithm,
        table: Option<Option<HalvingChoice>>,
    ) -> Result<Option<HalvingChoice>> {
        let given = match table {
            Some(None) => return self.chain_generic(chain).map(|_| None),
            Some(Some(c)) => Some(c),
            None => None,
        };
        let result = match algorithm {
            HalvingAlgorithm::Alg5 | HalvingAlgorithm::Alg5Lean => {
                let inv = match (&chain.inv_u1, &chain.cur) {
                    (Some(i), _) => Some(i.clone()),
                    (None, Divisor::Weight2 { u1, .. }) => self.field.inv(u1),
                    _ => None,
                };
                match inv {
                    Some(inv) if algorithm == HalvingAlgorithm::Alg5 => self
                        .halve_alg5_vartime(&chain.cur, &inv, given)
                        .map(|(h, i, c)| (h, Some(i), c)),
                    Some(inv) => self
                        .halve_alg5_lean_vartime(&chain.cur, &inv, given)
                        .map(|(h, i, c)| (h, Some(i), c)),
                    None => Err(HalvingFailure::Degenerate),
                }
            }
            HalvingAlgorithm::Alg3 => self
                .halve_alg3_vartime(&chain.cur, given)
                .map(|(h, c)| (h, None, c)),
            HalvingAlgorithm::Alg6 => self
                .halve_alg6_vartime(&chain.cur, given)
                .map(|(h, c)| (h, None, c)),
        };
        match result {
            Ok((half, inv, choice)) => {
                chain.cur = half;
                chain.inv_u1 = inv;
                Ok(Some(choice))
            }
            Err(HalvingFailure::NotInTwoJ) => Err(self.not_in_subgroup()),
            Err(HalvingFailure::Degenerate) => self.chain_generic(chain).map(|_| None),
        }
    }

    fn chain_generic(&self, chain: &mut Chain<F::Elem>) -> Result<()> {
        chain.cur = self.halve_vartime(&chain.cur)?;
        chain.inv_u1 = None;
        Ok(())
    }

    fn halve_and_add(
        &self,
        k: &BigUint,
        d: &Divisor<F::Elem>,
        w: u32,
        algorithm: HalvingAlgorithm,
        table: Option<&[Option<HalvingChoice>]>,
    ) -> Result<Divisor<F::Elem>> {
        let w = w.clamp(2, 8);
        let r = &self.order().ok_or_else(|| self.order_unknown())?.r;
        let t = r.bits() as usize;
        let kp = (k % r) * (BigUint::one() << (t - 1)) % r;
        let digits = wnaf_digits(&kp.to_u64_digits(), w);
        let mut acc: Vec<Divisor<F::Elem>> = vec![Divisor::Zero; 1 << (w - 2)];
        let slot = |digit: i8| (digit.unsigned_abs() as usize - 1) / 2;
        let add_signed = |acc: &mut Vec<Divisor<F::Elem>>, digit: i8, p: &Divisor<F::Elem>| {
            let i = slot(digit);
            acc[i] = if digit > 0 {
                self.add_vartime(&acc[i], p)
            } else {
                self.add_vartime(&acc[i], &self.neg(p))
            };
        };
        // Digits at i ≥ t have weight 2^(i − t + 1).
        if digits.len() > t {
            let mut q = self.double_vartime(d);
            for &digit in &digits[t..] {
                if digit != 0 {
                    add_signed(&mut acc, digit, &q);
                }
                q = self.double_vartime(&q);
            }
        }
        let mut chain = Chain {
            cur: d.clone(),
            inv_u1: None,
        };
        for (step, i) in (0..t).rev().enumerate() {
            let digit = digits.get(i).copied().unwrap_or(0);
            if digit != 0 {
                add_signed(&mut acc, digit, &chain.cur);
            }
            if i > 0 {
                let given = table.map(|tb| tb.get(step).copied().flatten());
                self.chain_halve(&mut chain, algorithm, given)?;
            }
        }
        let mut a = acc.pop().unwrap_or(Divisor::Zero);
        if acc.is_empty() {
            return Ok(a);
        }
        let mut b = a.clone();
        for q in acc.iter().rev() {
            a = self.add_vartime(&a, q);
            b = self.add_vartime(&b, &a);
        }
        Ok(self.add_vartime(&self.double_vartime(&b), &self.neg(&a)))
    }
}
