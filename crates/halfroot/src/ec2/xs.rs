//! Pornin's (x, s) coordinates with complete formulas, for curves with b = 1 (the
//! Koblitz curves): the group law of the constant-time τ-adic method
//! ([`crate::ec2::scalar::tnaf_ct`]).
//!
//! Source: T. Pornin, *Efficient and Complete Formulas for Binary Curves*, IACR ePrint
//! 2022/1325, §3–§4, and its public-domain implementation c-xs233 (`xs233_common.h`,
//! `xsk233.c`; vendored in `halfroot-peers`), read and re-derived here for b = 1 and
//! a ∈ {0, 1}.
//!
//! On y² + xy = x³ + ax² + 1 the point T₂ = (0, 1) has order 2. The group used here is
//! the coset {P + T₂ : P ∈ ⟨G⟩} with T₂ as its neutral element and the law
//! (P₁ + T₂) ⊕ (P₂ + T₂) = (P₁ + P₂) + T₂: it is isomorphic to ⟨G⟩ by P ↦ P + T₂, and
//! the Frobenius map τ commutes with the isomorphism (τ fixes T₂). An element
//! Q = P + T₂ = (x_Q, y_Q) is written (x, s) with x = x_Q and s = y_Q + x² + ax, so
//! that s² + xs = x⁴ + ax² + 1; T₂ itself is (0, 1). Since x(P + T₂) = 1/x(P), the
//! maps to and from affine points cost one inversion (see
//! [`BinaryCurve::xs_from_affine`], [`BinaryCurve::xs_to_affine_ct`]).
//!
//! Extended coordinates (X : S : Z : T) with x = X/Z, s = S/Z², T = XZ and Z ≠ 0 for
//! every element, the neutral included ((0 : 1 : 1 : 0)). The formulas are
//! **complete** on the group (no exceptional case: equal operands, inverse operands
//! and the neutral all go through the same instructions) and so **constant-time**:
//!
//! | operation | formula | cost |
//! |---|---|---|
//! | [`add`](BinaryCurve::xs_add) | x₁x₂ = X₁X₂, s₁s₂ = S₁S₂, z₁z₂ = Z₁Z₂, d = (S₁ + T₁)(S₂ + T₂), e = a·T₁T₂, f = (x₁x₂)², g = (z₁z₂)²; X₃ = d + s₁s₂, S₃ = g(s₁s₂ + e) + f(d + e), Z₃ = f + g, T₃ = X₃Z₃ | 7M + 2S (a = 0), 8M + 2S (a = 1) |
//! | [`add_unit_x`](BinaryCurve::xs_add_unit_x) | both X = 1 (T = Z): X₃ = d + s₁s₂, S₃ = g·s₁s₂ + d, Z₃ = 1 + g | 5M + 1S |
//! | [`add_affine`](BinaryCurve::xs_add_affine) | the same with Z₂ = 1, T₂ = x₂ | 6M + 2S (a = 0), 7M + 2S (a = 1) |
//! | [`neg`](BinaryCurve::xs_neg) | (X : S + T : Z : T) | 1A |
//! | [`frobenius`](BinaryCurve::xs_frobenius) | (X² : S² : Z² : T²) | 4S |
//! | [`frobenius_pow`](BinaryCurve::xs_frobenius_pow) τ^j | X, S, Z squared j times, T = XZ | 3jS + 1M |
//!
//! A sum mapped by τ^j next needs no T₃ ([`BinaryCurve::xs_add_affine_xsz`]): the
//! τ-adic method's step τ⁴(Q) + T\[d\] is 6M + 14S (a = 0).

use super::curve::{AffinePoint, BinaryCurve, Coefficient};
use crate::binary::field::BinaryFieldOps;
use crate::field::Choice;

/// Group elements in affine (x, s) form for [`BinaryCurve::xs_lookup_ct`]: row i is
/// \[x, s\] = \[X/Z, S/Z²\], row 0 the neutral \[0, 1\].
#[derive(Clone, Debug)]
pub struct XsTable<E> {
    /// The rows.
    pub rows: Vec<[E; 2]>,
}

/// A group element in extended (X : S : Z : T) coordinates (see the module
/// documentation): the point P + T₂ for P ∈ ⟨G⟩, T₂ = (0, 1).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XsPoint<E> {
    /// X, with x = X/Z.
    pub x: E,
    /// S, with s = S/Z².
    pub s: E,
    /// Z, never zero.
    pub z: E,
    /// T = XZ.
    pub t: E,
}

impl<F: BinaryFieldOps> BinaryCurve<F> {
    /// The neutral element (0 : 1 : 1 : 0), standing for O.
    pub fn xs_neutral(&self) -> XsPoint<F::Elem> {
        let f = &self.field;
        XsPoint {
            x: f.zero(),
            s: f.one(),
            z: f.one(),
            t: f.zero(),
        }
    }

    /// P + T₂ in extended coordinates for a point P = (x, y) of ⟨G⟩ (O gives the
    /// neutral), with no inversion: x(P + T₂) = 1/x, so (X : Z) = (1 : x), and
    /// S = s·x² = y + x² + (1 + a)x, T = x. Requires b = 1; 1S.
    pub fn xs_from_affine(&self, p: &AffinePoint<F::Elem>) -> XsPoint<F::Elem> {
        let f = &self.field;
        let Some((x, y)) = p.coordinates() else {
            return self.xs_neutral();
        };
        // s·x² = y_Q·x² + 1 + a·x with y_Q = (y + 1)(x² + 1)/x² + 1/x + y (the sum
        // P + T₂ written out): (y + 1)(x² + 1) + x + y·x² + 1 + a·x = y + x² + (1 + a)x.
        let s = f.add(&f.add(y, &f.sqr(x)), &f.add(x, &self.mul_a(x)));
        XsPoint {
            x: f.one(),
            s,
            z: x.clone(),
            t: x.clone(),
        }
    }

    /// a·v for a ∈ {0, 1} (the only values the coordinates are used with).
    fn mul_a(&self, v: &F::Elem) -> F::Elem {
        match self.a_kind {
            Coefficient::Zero => self.field.zero(),
            Coefficient::One => v.clone(),
            Coefficient::Other => self.field.mul(&self.a, v),
        }
    }

    /// The complete addition p + q (7M + 2S when a = 0, 8M + 2S when a = 1).
    /// Constant-time.
    #[inline(always)]
    pub fn xs_add(&self, p: &XsPoint<F::Elem>, q: &XsPoint<F::Elem>) -> XsPoint<F::Elem> {
        let f = &self.field;
        let x1x2 = f.mul(&p.x, &q.x);
        let s1s2 = f.mul(&p.s, &q.s);
        let d = f.mul(&f.add(&p.s, &p.t), &f.add(&q.s, &q.t));
        let g = f.sqr(&f.mul(&p.z, &q.z));
        let (x, s, z) = self.xs_add_finish(&x1x2, &s1s2, &d, &g, || f.mul(&p.t, &q.t));
        let t = f.mul(&x, &z);
        XsPoint { x, s, z, t }
    }

    /// The end shared by [`BinaryCurve::xs_add`] and [`BinaryCurve::xs_add_affine_xsz`]:
    /// from x₁x₂, s₁s₂, d, g = (z₁z₂)² and T₁T₂ (computed only when a ≠ 0), with
    /// f = (x₁x₂)² and e = a²·T₁T₂: X₃ = d + s₁s₂, S₃ = g(s₁s₂ + e) + f(d + e),
    /// Z₃ = f + g. 2M + 1S (a = 0), 3M + 1S (a = 1).
    #[inline(always)]
    fn xs_add_finish(
        &self,
        x1x2: &F::Elem,
        s1s2: &F::Elem,
        d: &F::Elem,
        g: &F::Elem,
        t1t2: impl FnOnce() -> F::Elem,
    ) -> (F::Elem, F::Elem, F::Elem) {
        let f = &self.field;
        let ff = f.sqr(x1x2);
        let x3 = f.add(d, s1s2);
        let s3 = match self.a_kind {
            Coefficient::Zero => f.add(&f.mul(g, s1s2), &f.mul(&ff, d)),
            kind => {
                let t = t1t2();
                let e = if kind == Coefficient::One {
                    t
                } else {
                    f.mul(&f.sqr(&self.a), &t)
                };
                f.add(&f.mul(g, &f.add(s1s2, &e)), &f.mul(&ff, &f.add(d, &e)))
            }
        };
        (x3, s3, f.add(&ff, g))
    }

    /// p + q for two elements with X = 1, the form [`BinaryCurve::xs_from_affine`]
    /// gives and the Frobenius maps keep (1² = 1): then x₁x₂ = f = 1 and T = Z, so the
    /// addition is 5M + 1S (T₃ included), either a. Constant-time; the result is
    /// general (X₃ ≠ 1).
    #[inline(always)]
    pub fn xs_add_unit_x(&self, p: &XsPoint<F::Elem>, q: &XsPoint<F::Elem>) -> XsPoint<F::Elem> {
        let f = &self.field;
        let s1s2 = f.mul(&p.s, &q.s);
        let z1z2 = f.mul(&p.z, &q.z);
        let d = f.mul(&f.add(&p.s, &p.z), &f.add(&q.s, &q.z));
        let g = f.sqr(&z1z2);
        let x3 = f.add(&d, &s1s2);
        let s3 = match self.a_kind {
            Coefficient::Zero => f.add(&f.mul(&g, &s1s2), &d),
            // e = a²·T₁T₂ = a²·Z₁Z₂.
            kind => {
                let e = if kind == Coefficient::One {
                    z1z2.clone()
                } else {
                    f.mul(&f.sqr(&self.a), &z1z2)
                };
                f.add(&f.mul(&g, &f.add(&s1s2, &e)), &f.add(&d, &e))
            }
        };
        let z3 = f.add(&f.one(), &g);
        let t3 = f.mul(&x3, &z3);
        XsPoint {
            x: x3,
            s: s3,
            z: z3,
            t: t3,
        }
    }

    /// The complete mixed addition p + (x₂, s₂) with an affine operand (Z₂ = 1,
    /// T₂ = x₂; the neutral is (0, 1)): 6M + 2S when a = 0, 7M + 2S when a = 1.
    /// Constant-time.
    #[inline(always)]
    pub fn xs_add_affine(
        &self,
        p: &XsPoint<F::Elem>,
        x2: &F::Elem,
        s2: &F::Elem,
    ) -> XsPoint<F::Elem> {
        let (x, s, z) = self.xs_add_affine_xsz(p, x2, s2);
        let t = self.field.mul(&x, &z);
        XsPoint { x, s, z, t }
    }

    /// X₃, S₃, Z₃ of [`BinaryCurve::xs_add_affine`] without T₃ = X₃Z₃ (5M + 2S when
    /// a = 0): for a caller that maps the sum by τ^j next, whose T is recomputed anyway.
    #[inline(always)]
    pub fn xs_add_affine_xsz(
        &self,
        p: &XsPoint<F::Elem>,
        x2: &F::Elem,
        s2: &F::Elem,
    ) -> (F::Elem, F::Elem, F::Elem) {
        let f = &self.field;
        let x1x2 = f.mul(&p.x, x2);
        let s1s2 = f.mul(&p.s, s2);
        let d = f.mul(&f.add(&p.s, &p.t), &f.add(s2, x2));
        let g = f.sqr(&p.z);
        self.xs_add_finish(&x1x2, &s1s2, &d, &g, || f.mul(&p.t, x2))
    }

    /// −p = (X : S + T : Z : T) (1A).
    pub fn xs_neg(&self, p: &XsPoint<F::Elem>) -> XsPoint<F::Elem> {
        XsPoint {
            x: p.x.clone(),
            s: self.field.add(&p.s, &p.t),
            z: p.z.clone(),
            t: p.t.clone(),
        }
    }

    /// −p when `negate` is set, else p, without branching on `negate` (1A + 1 select).
    #[inline(always)]
    pub fn xs_cond_neg(&self, p: &mut XsPoint<F::Elem>, negate: Choice) {
        let f = &self.field;
        p.s = f.select(&p.s, &f.add(&p.s, &p.t), negate);
    }

    /// τ(p) = (X² : S² : Z² : T²) (4S).
    pub fn xs_frobenius(&self, p: &XsPoint<F::Elem>) -> XsPoint<F::Elem> {
        let f = &self.field;
        XsPoint {
            x: f.sqr(&p.x),
            s: f.sqr(&p.s),
            z: f.sqr(&p.z),
            t: f.sqr(&p.t),
        }
    }

    /// τ^j(p): X, S and Z squared j times, T recomputed as XZ (3jS + 1M).
    #[inline(always)]
    pub fn xs_frobenius_pow(&self, p: &XsPoint<F::Elem>, j: u32) -> XsPoint<F::Elem> {
        self.xs_frobenius_pow_xsz(p.x.clone(), p.s.clone(), p.z.clone(), j)
    }

    /// τ^j of the element with coordinates X, S, Z (and T = XZ): 3jS + 1M.
    #[inline(always)]
    pub fn xs_frobenius_pow_xsz(
        &self,
        mut x: F::Elem,
        mut s: F::Elem,
        mut z: F::Elem,
        j: u32,
    ) -> XsPoint<F::Elem> {
        let f = &self.field;
        for _ in 0..j {
            x = f.sqr(&x);
            s = f.sqr(&s);
            z = f.sqr(&z);
        }
        let t = f.mul(&x, &z);
        XsPoint { x, s, z, t }
    }

    /// The table of the constant-time lookups: the neutral at index 0, then `points`
    /// made affine by one simultaneous inversion of their Z (Montgomery's trick:
    /// 1I + 3(n − 1)M, then 2M + 1S per point). Z ≠ 0 for every element, so no entry
    /// is lost. Constant-time.
    pub fn xs_table(&self, points: &[XsPoint<F::Elem>]) -> XsTable<F::Elem> {
        let f = &self.field;
        // prefix[i] = Z_0 ⋯ Z_(i−1).
        let mut prefix = Vec::with_capacity(points.len() + 1);
        prefix.push(f.one());
        for p in points {
            let next = f.mul(&prefix[prefix.len() - 1], &p.z);
            prefix.push(next);
        }
        let mut inv = f.inv_or_zero(&prefix[points.len()]);
        let mut rows = vec![[f.zero(), f.one()]; points.len() + 1];
        for (i, p) in points.iter().enumerate().rev() {
            // inv = 1/(Z_0 ⋯ Z_i): 1/Z_i = inv·prefix[i], and inv·Z_i for the rest.
            let zi = f.mul(&inv, &prefix[i]);
            inv = f.mul(&inv, &p.z);
            rows[i + 1] = [f.mul(&p.x, &zi), f.mul(&p.s, &f.sqr(&zi))];
        }
        XsTable { rows }
    }

    /// The entry `table[|digit|]` (the neutral for 0), negated when `digit` < 0
    /// ((x, s) ↦ (x, s + x)), read with masks from the whole table
    /// ([`Field::ct_lookup_rows`](crate::field::Field::ct_lookup_rows)): no branch and no
    /// address depends on `digit` (|digit| < the table's length). Returns (x, s).
    #[inline(always)]
    pub fn xs_lookup_ct(&self, table: &XsTable<F::Elem>, digit: i8) -> (F::Elem, F::Elem) {
        let f = &self.field;
        let sign = ((digit as i32) >> 31) as u32; // all ones when digit < 0
        let abs = ((digit as i32 as u32) ^ sign).wrapping_sub(sign);
        let [x, s] = f.ct_lookup_rows(&table.rows, abs);
        let s = f.select(&s, &f.add(&s, &x), Choice::from((sign & 1) as u8));
        (x, s)
    }

    /// The affine point P of ⟨G⟩ that the element p = P + T₂ stands for, as
    /// (x(P), y(P), whether P = O) with the coordinates meaningless in the last case.
    /// 1I + 9M + 2S, constant-time.
    pub fn xs_to_affine_ct(&self, p: &XsPoint<F::Elem>) -> (F::Elem, F::Elem, Choice) {
        let f = &self.field;
        // inv = 1/(XZ) (0 for the neutral); x_Q = X/Z = X²·inv, 1/Z = X·inv.
        let inv = f.inv_or_zero(&f.mul(&p.x, &p.z));
        let z_inv = f.mul(&p.x, &inv);
        let xq = f.mul(&p.x, &z_inv);
        let sq = f.mul(&p.s, &f.sqr(&z_inv));
        // y_Q = s + x_Q² + a·x_Q; P = Q + T₂: x = 1/x_Q = Z/X = Z²·inv and
        // y = (y_Q + 1)·x·(x_Q + x) + x + y_Q.
        let yq = f.add(&f.add(&sq, &f.sqr(&xq)), &self.mul_a(&xq));
        let x = f.mul(&p.z, &f.mul(&p.z, &inv));
        let y = f.add(
            &f.add(
                &f.mul(&f.mul(&f.add(&yq, &f.one()), &x), &f.add(&xq, &x)),
                &x,
            ),
            &yq,
        );
        (x, y, f.ct_is_zero(&p.x))
    }

    /// x(P) for the element p = P + T₂, and whether P = O (x then 0): x(P) = 1/x_Q =
    /// Z/X (1I + 1M). Constant-time.
    pub fn xs_to_x_ct(&self, p: &XsPoint<F::Elem>) -> (F::Elem, Choice) {
        let f = &self.field;
        (f.mul(&p.z, &f.inv_or_zero(&p.x)), f.ct_is_zero(&p.x))
    }
}
