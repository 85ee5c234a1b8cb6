//! Mumford divisors (u, v) on a genus-2 curve: the reduced divisors of weight 0, 1 and
//! 2, their validation, negation and encoding.
//!
//! Source: Mumford, *Tata Lectures on Theta II* (1984); Cantor 1987 §3; Kitamura–Katagi–
//! Takagi §2. A reduced divisor is a pair (u, v) with u monic, deg v < deg u ≤ 2 and
//! u | v² + hv + f (characteristic 2: + = −); every such pair is exactly one element of
//! the Jacobian J(F_2^d). Weight 0 is the neutral element (1, 0).
//!
//! # Encoding
//! [`Hec2Curve::encode`] writes one weight octet (0, 1 or 2) followed by the field
//! encodings (SEC 1 §2.3.5, big-endian, ⌈d/8⌉ bytes each) of u0, v0 (weight 1) or
//! u1, u0, v1, v0 (weight 2); [`Hec2Curve::decode`] reads it back and validates.

use super::curve::Hec2Curve;
use crate::binary::field::{not_an_element, BinaryFieldOps};
use crate::error::{Error, Result};

/// A reduced divisor of a genus-2 curve in Mumford representation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Divisor<E> {
    /// The neutral element: u = 1, v = 0.
    Zero,
    /// Weight 1: u = x + u0, v = v0 (the point (u0, v0) minus the point at infinity).
    Weight1 {
        /// u = x + u0.
        u0: E,
        /// v = v0.
        v0: E,
    },
    /// Weight 2: u = x² + u1·x + u0, v = v1·x + v0.
    Weight2 {
        /// The coefficient of x in u.
        u1: E,
        /// The constant of u.
        u0: E,
        /// The coefficient of x in v.
        v1: E,
        /// The constant of v.
        v0: E,
    },
}

impl<E: Clone> Divisor<E> {
    /// The weight deg u (0, 1 or 2).
    pub fn weight(&self) -> usize {
        match self {
            Divisor::Zero => 0,
            Divisor::Weight1 { .. } => 1,
            Divisor::Weight2 { .. } => 2,
        }
    }
    /// Whether this is the neutral element.
    pub fn is_zero(&self) -> bool {
        matches!(self, Divisor::Zero)
    }
}

impl<F: BinaryFieldOps> Hec2Curve<F> {
    /// u as a coefficient vector, lowest degree first (monic, trimmed).
    pub fn u_poly(&self, d: &Divisor<F::Elem>) -> Vec<F::Elem> {
        let one = self.field.one();
        match d {
            Divisor::Zero => vec![one],
            Divisor::Weight1 { u0, .. } => vec![u0.clone(), one],
            Divisor::Weight2 { u1, u0, .. } => vec![u0.clone(), u1.clone(), one],
        }
    }
    /// v as a coefficient vector, lowest degree first (not trimmed: length deg u).
    pub fn v_poly(&self, d: &Divisor<F::Elem>) -> Vec<F::Elem> {
        match d {
            Divisor::Zero => Vec::new(),
            Divisor::Weight1 { v0, .. } => vec![v0.clone()],
            Divisor::Weight2 { v1, v0, .. } => vec![v0.clone(), v1.clone()],
        }
    }

    /// The divisor of the polynomials (u, v) (lowest degree first; trailing zeros
    /// allowed), checked: every coefficient an element of the field, u monic of degree
    /// ≤ 2, deg v < deg u, u | v² + hv + f. [`Error::OutOfRange`] for a coefficient that
    /// is not an element, [`Error::InvalidArgument`] for a malformed pair,
    /// [`Error::PointNotOnCurve`] when u does not divide v² + hv + f.
    pub fn divisor_from_polys(&self, u: &[F::Elem], v: &[F::Elem]) -> Result<Divisor<F::Elem>> {
        let fl = &self.field;
        for (poly, coefficients) in [("u", u), ("v", v)] {
            if let Some(i) = coefficients.iter().position(|c| !fl.is_element(c)) {
                return Err(self.coefficient_out_of_range(&format!("{poly}{i}")));
            }
        }
        let deg = |p: &[F::Elem]| p.iter().rposition(|c| !fl.is_zero(c));
        let du = deg(u).ok_or_else(|| self.invalid_divisor("u = 0"))?;
        if du > 2 {
            return Err(self.invalid_divisor("deg u > 2: not reduced"));
        }
        if u[du] != fl.one() {
            return Err(self.invalid_divisor("u is not monic"));
        }
        if let Some(dv) = deg(v) {
            if dv >= du {
                return Err(self.invalid_divisor("deg v ≥ deg u"));
            }
        }
        let at = |p: &[F::Elem], i: usize| p.get(i).cloned().unwrap_or_else(|| fl.zero());
        let d = match du {
            0 => Divisor::Zero,
            1 => Divisor::Weight1 {
                u0: at(u, 0),
                v0: at(v, 0),
            },
            _ => Divisor::Weight2 {
                u1: at(u, 1),
                u0: at(u, 0),
                v1: at(v, 1),
                v0: at(v, 0),
            },
        };
        self.check_divisor(&d)?;
        Ok(d)
    }

    fn coefficient_out_of_range(&self, name: &str) -> Error {
        not_an_element("divisor coefficient", name, self.field.degree())
    }

    fn invalid_divisor(&self, reason: &str) -> Error {
        Error::InvalidArgument {
            name: "divisor".into(),
            value: format!("on {}", self.name()),
            reason: reason.into(),
        }
    }

    /// The coefficients of `d` in the order u1, u0, v1, v0 (weight 2) or u0, v0
    /// (weight 1), with their names.
    fn coefficients(d: &Divisor<F::Elem>) -> Vec<(&'static str, &F::Elem)> {
        match d {
            Divisor::Zero => Vec::new(),
            Divisor::Weight1 { u0, v0 } => vec![("u0", u0), ("v0", v0)],
            Divisor::Weight2 { u1, u0, v1, v0 } => {
                vec![("u1", u1), ("u0", u0), ("v1", v1), ("v0", v0)]
            }
        }
    }

    /// The first coefficient of `d` that is not an element of the field (see
    /// [`BinaryFieldOps::is_element`]), as an [`Error::OutOfRange`].
    fn check_coefficients(&self, d: &Divisor<F::Elem>) -> Result<()> {
        match Self::coefficients(d)
            .into_iter()
            .find(|(_, c)| !self.field.is_element(c))
        {
            None => Ok(()),
            Some((name, _)) => Err(self.coefficient_out_of_range(name)),
        }
    }

    /// Whether `d` is a divisor of this curve: its coefficients are elements of the
    /// field ([`BinaryFieldOps::is_element`]: reduced, of the field's width) and
    /// u | v² + hv + f (every `Divisor` value has monic u and deg v < deg u by
    /// construction). Variable-time.
    pub fn is_valid_divisor(&self, d: &Divisor<F::Elem>) -> bool {
        self.check_coefficients(d).is_ok() && self.divides(d)
    }

    /// u | v² + hv + f, for coefficients that are elements.
    fn divides(&self, d: &Divisor<F::Elem>) -> bool {
        let r = crate::poly::PolyRing::new(&self.field);
        let (u, v) = (self.u_poly(d), self.v_poly(d));
        let vv = r.mul(&v, &v);
        let hv = r.mul(&self.h, &v);
        let e = r.add(&r.add(&vv, &hv), &self.f);
        match r.rem_vartime(&e, &u) {
            Some(rem) => rem.is_empty(),
            None => false,
        }
    }

    /// [`Error::OutOfRange`] for a coefficient that is not an element of the field (a
    /// bit at or above d, or the wrong number of words), [`Error::PointNotOnCurve`] when
    /// u does not divide v² + hv + f: `Ok` exactly when [`Hec2Curve::is_valid_divisor`].
    /// Every entry point that returns a `Result` (scalar multiplication, halving, the
    /// subgroup test, the halving table, decoding) checks its divisor with it.
    pub fn check_divisor(&self, d: &Divisor<F::Elem>) -> Result<()> {
        self.check_coefficients(d)?;
        if self.divides(d) {
            Ok(())
        } else {
            Err(Error::PointNotOnCurve {
                curve: format!("{} (u does not divide v² + hv + f)", self.name()),
            })
        }
    }

    /// −D = (u, v + h mod u).
    pub fn neg(&self, d: &Divisor<F::Elem>) -> Divisor<F::Elem> {
        let fl = &self.field;
        let [h0, h1, h2] = &self.h;
        match d {
            Divisor::Zero => Divisor::Zero,
            Divisor::Weight1 { u0, v0 } => {
                // h(x) mod (x + u0) = h(u0).
                let hu = fl.add(&fl.mul(&fl.add(&fl.mul(h2, u0), h1), u0), h0);
                Divisor::Weight1 {
                    u0: u0.clone(),
                    v0: fl.add(v0, &hu),
                }
            }
            Divisor::Weight2 { u1, u0, v1, v0 } => {
                // h mod u = (h1 + h2·u1)·x + (h0 + h2·u0).
                Divisor::Weight2 {
                    u1: u1.clone(),
                    u0: u0.clone(),
                    v1: fl.add(v1, &fl.add(h1, &fl.mul(h2, u1))),
                    v0: fl.add(v0, &fl.add(h0, &fl.mul(h2, u0))),
                }
            }
        }
    }

    /// The encoding of the module documentation: a weight octet, then the coefficients.
    pub fn encode(&self, d: &Divisor<F::Elem>) -> Vec<u8> {
        let fl = &self.field;
        let mut out = vec![d.weight() as u8];
        match d {
            Divisor::Zero => {}
            Divisor::Weight1 { u0, v0 } => {
                out.extend(fl.encode(u0));
                out.extend(fl.encode(v0));
            }
            Divisor::Weight2 { u1, u0, v1, v0 } => {
                for c in [u1, u0, v1, v0] {
                    out.extend(fl.encode(c));
                }
            }
        }
        out
    }

    /// The divisor encoded by `bytes`, validated; [`Error::InvalidEncoding`] for a
    /// malformed string, [`Error::PointNotOnCurve`] for a pair that is not a divisor.
    pub fn decode(&self, bytes: &[u8]) -> Result<Divisor<F::Elem>> {
        let fl = &self.field;
        let len = fl.encoded_len();
        let bad = |reason: String| Error::InvalidEncoding {
            what: "genus-2 divisor".into(),
            reason,
        };
        let (&w, rest) = bytes
            .split_first()
            .ok_or_else(|| bad("empty string".into()))?;
        if w > 2 {
            return Err(bad(format!("weight octet {w} (0, 1 or 2)")));
        }
        let want = 2 * w as usize * len;
        if rest.len() != want {
            return Err(bad(format!(
                "weight {w} needs {want} bytes after the weight octet, got {}",
                rest.len()
            )));
        }
        let c: Vec<F::Elem> = rest
            .chunks(len.max(1))
            .map(|b| fl.decode(b))
            .collect::<Result<_>>()?;
        let d = match w {
            0 => Divisor::Zero,
            1 => Divisor::Weight1 {
                u0: c[0].clone(),
                v0: c[1].clone(),
            },
            _ => Divisor::Weight2 {
                u1: c[0].clone(),
                u0: c[1].clone(),
                v1: c[2].clone(),
                v0: c[3].clone(),
            },
        };
        self.check_divisor(&d)?;
        Ok(d)
    }
}
