//! Cantor's group law on the Jacobian of a genus-2 curve: composition and reduction of
//! Mumford divisors of any weight. The reference every explicit formula is checked
//! against, and the fallback for the degenerate inputs those formulae exclude.
//!
//! Source: Cantor, *Computing in the Jacobian of a hyperelliptic curve*, Math. Comp. 48
//! (1987), Algorithms 1 and 2, in the form of Menezes–Wu–Zuccherato (1996), Algorithm 1
//! (characteristic 2: every − is +):
//! 1. d₀ = gcd(u₁, u₂) = e₁u₁ + e₂u₂; d = gcd(d₀, v₁ + v₂ + h) = c₁d₀ + c₂(v₁ + v₂ + h);
//!    s₁ = c₁e₁, s₂ = c₁e₂, s₃ = c₂;
//! 2. u = u₁u₂/d², v = (s₁u₁v₂ + s₂u₂v₁ + s₃(v₁v₂ + f))/d mod u;
//! 3. while deg u > 2: u ← (f + vh + v²)/u, v ← (h + v) mod u;
//! 4. u made monic.
//!
//! Cost: dozens of field operations and several inversions per call, on heap-allocated
//! polynomials; variable-time throughout (names end in `_vartime` where a scalar is
//! involved; the group operations themselves branch on degrees).

use super::curve::Hec2Curve;
use super::divisor::Divisor;
use crate::binary::field::BinaryFieldOps;
use crate::poly::PolyRing;
use num_bigint::BigUint;

impl<F: BinaryFieldOps> Hec2Curve<F> {
    /// D₁ + D₂ by Cantor's algorithm (any weights). Variable-time.
    pub fn add_cantor(&self, d1: &Divisor<F::Elem>, d2: &Divisor<F::Elem>) -> Divisor<F::Elem> {
        let r = PolyRing::new(&self.field);
        let (u1, v1) = (self.u_poly(d1), r.trim_vartime(self.v_poly(d1)));
        let (u2, v2) = (self.u_poly(d2), r.trim_vartime(self.v_poly(d2)));
        let x0 = r.xgcd_vartime(&u1, &u2);
        let w = r.add(&r.add(&v1, &v2), &self.h);
        let x1 = r.xgcd_vartime(&x0.g, &w);
        let d = x1.g;
        let s1 = r.mul(&x1.s, &x0.s);
        let s2 = r.mul(&x1.s, &x0.t);
        let s3 = x1.t;
        let d_sq = r.mul(&d, &d);
        let u = r
            .divrem_vartime(&r.mul(&u1, &u2), &d_sq)
            .map(|(q, _)| q)
            .unwrap_or_default();
        let num = r.add(
            &r.add(&r.mul(&r.mul(&s1, &u1), &v2), &r.mul(&r.mul(&s2, &u2), &v1)),
            &r.mul(&s3, &r.add(&r.mul(&v1, &v2), &self.f)),
        );
        let v = r
            .divrem_vartime(&num, &d)
            .map(|(q, _)| q)
            .unwrap_or_default();
        let v = r.rem_vartime(&v, &u).unwrap_or_default();
        self.reduce(u, v)
    }

    /// Cantor's reduction of a semi-reduced (u, v) to the reduced divisor.
    fn reduce(&self, mut u: Vec<F::Elem>, mut v: Vec<F::Elem>) -> Divisor<F::Elem> {
        let r = PolyRing::new(&self.field);
        u = r.trim_vartime(u);
        while u.len() > 3 {
            let e = r.add(&r.add(&self.f, &r.mul(&v, &self.h)), &r.mul(&v, &v));
            let q = r.divrem_vartime(&e, &u).map(|(q, _)| q).unwrap_or_default();
            u = r.trim_vartime(q);
            v = r.rem_vartime(&r.add(&self.h, &v), &u).unwrap_or_default();
        }
        let u = r
            .monic_vartime(&u)
            .unwrap_or_else(|| vec![self.field.one()]);
        let v = r.rem_vartime(&v, &u).unwrap_or_default();
        let at = |p: &[F::Elem], i: usize| p.get(i).cloned().unwrap_or_else(|| self.field.zero());
        match u.len() {
            0 | 1 => Divisor::Zero,
            2 => Divisor::Weight1 {
                u0: at(&u, 0),
                v0: at(&v, 0),
            },
            _ => Divisor::Weight2 {
                u1: at(&u, 1),
                u0: at(&u, 0),
                v1: at(&v, 1),
                v0: at(&v, 0),
            },
        }
    }

    /// 2D by Cantor's algorithm.
    pub fn double_cantor(&self, d: &Divisor<F::Elem>) -> Divisor<F::Elem> {
        self.add_cantor(d, d)
    }

    /// \[k\]D by left-to-right double-and-add with Cantor's law: the reference scalar
    /// multiplication. Variable-time.
    pub fn mul_cantor_vartime(&self, k: &BigUint, d: &Divisor<F::Elem>) -> Divisor<F::Elem> {
        let mut acc = Divisor::Zero;
        for i in (0..k.bits()).rev() {
            acc = self.double_cantor(&acc);
            if k.bit(i) {
                acc = self.add_cantor(&acc, d);
            }
        }
        acc
    }
}
