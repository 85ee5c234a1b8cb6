//! A naive, independent oracle for binary elliptic curves y² + xy = x³ + ax² + b over
//! tiny fields GF(2^d), 2 ≤ d ≤ 8, sharing no code with halfroot.
//!
//! * [`Gf2`]: elements are `u16` bit patterns (bit i = coefficient of z^i); addition is
//!   XOR, multiplication is shift-and-xor with reduction by the irreducible polynomial
//!   after every shift (all products tabulated once at construction), inverses found
//!   by brute-force search (tabulated too), square roots by search, the trace as
//!   Σ a^(2^i).
//! * [`Curve`]: every point is found by trying all (x, y) in the field; the group law is
//!   the chord-and-tangent construction (the slope of the line through the two points,
//!   or of the tangent from the implicit derivative, and the third intersection from
//!   the sum of the roots of the cubic); scalar multiples by repeated addition; orders
//!   by counting.
//!
//! Every result of the group law is asserted to lie on the curve, so an error in the
//! oracle's formulas shows up as a panic rather than as a silent agreement.
#![allow(dead_code)]

/// GF(2^d) = GF(2)[z]/(m(z)) on `u16` bit patterns.
#[derive(Clone, Debug)]
pub struct Gf2 {
    d: u32,
    modulus: u16,
    /// a·b at index (a << d) | b, every entry by [`Gf2::mul_shift_xor`].
    product: Vec<u16>,
    inverse: Vec<u16>,
}

impl Gf2 {
    /// The field of the irreducible polynomial `modulus` (bit mask including z^d).
    /// Panics if the degree is outside 2..=8 or the polynomial is reducible (checked by
    /// trial division by every polynomial of degree 1..=d/2).
    pub fn new(modulus: u16) -> Self {
        let d = 15 - modulus.leading_zeros();
        assert!((2..=8).contains(&d), "degree {d} outside 2..=8");
        assert!(is_irreducible(modulus), "{modulus:#b} is reducible");
        let mut f = Gf2 {
            d,
            modulus,
            product: Vec::new(),
            inverse: Vec::new(),
        };
        let size = f.size();
        let mut product = vec![0u16; size * size];
        for a in f.elements() {
            for b in f.elements() {
                product[(a as usize) << d | b as usize] = f.mul_shift_xor(a, b);
            }
        }
        f.product = product;
        let mut inverse = vec![0u16; size];
        for (a, slot) in inverse.iter_mut().enumerate().skip(1) {
            let a = a as u16;
            *slot = (1..size as u16)
                .find(|&c| f.mul(a, c) == 1)
                .expect("a field: every nonzero element has an inverse");
        }
        f.inverse = inverse;
        f
    }

    /// The degree d.
    pub fn degree(&self) -> u32 {
        self.d
    }

    /// The polynomial as a bit mask.
    pub fn modulus(&self) -> u16 {
        self.modulus
    }

    /// The polynomial as an exponent list, descending ("5,2,0").
    pub fn exponent_list(&self) -> String {
        (0..=self.d)
            .rev()
            .filter(|&i| self.modulus >> i & 1 == 1)
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(",")
    }

    /// 2^d.
    pub fn size(&self) -> usize {
        1 << self.d
    }

    /// All elements, 0 … 2^d − 1.
    pub fn elements(&self) -> impl Iterator<Item = u16> {
        0..(1u16 << self.d)
    }

    /// a + b.
    pub fn add(&self, a: u16, b: u16) -> u16 {
        a ^ b
    }

    /// a·b (a look-up in the table of [`Gf2::mul_shift_xor`] products).
    pub fn mul(&self, a: u16, b: u16) -> u16 {
        assert!(a < (1 << self.d) && b < (1 << self.d), "unreduced operand");
        self.product[(a as usize) << self.d | b as usize]
    }

    /// a·b by shift-and-xor: for each bit of b, add the current multiple of a, then
    /// multiply a by z and reduce.
    pub fn mul_shift_xor(&self, a: u16, b: u16) -> u16 {
        debug_assert!(a < (1 << self.d) && b < (1 << self.d));
        let mut acc = 0u16;
        let mut cur = a;
        for i in 0..self.d {
            if b >> i & 1 == 1 {
                acc ^= cur;
            }
            cur <<= 1;
            if cur >> self.d & 1 == 1 {
                cur ^= self.modulus;
            }
        }
        acc
    }

    /// a².
    pub fn sqr(&self, a: u16) -> u16 {
        self.mul(a, a)
    }

    /// a^e by repeated multiplication.
    pub fn pow(&self, a: u16, e: u32) -> u16 {
        (0..e).fold(1, |acc, _| self.mul(acc, a))
    }

    /// a⁻¹, `None` for 0.
    pub fn inv(&self, a: u16) -> Option<u16> {
        (a != 0).then(|| self.inverse[a as usize])
    }

    /// a / b; panics if b = 0.
    pub fn div(&self, a: u16, b: u16) -> u16 {
        self.mul(a, self.inv(b).expect("division by zero in the oracle"))
    }

    /// The unique r with r² = a, by search.
    pub fn sqrt(&self, a: u16) -> u16 {
        self.elements()
            .find(|&r| self.sqr(r) == a)
            .expect("squaring is a bijection")
    }

    /// Tr(a) = a + a² + a⁴ + … + a^(2^(d−1)) ∈ {0, 1}.
    pub fn trace(&self, a: u16) -> u8 {
        let mut t = 0u16;
        let mut p = a;
        for _ in 0..self.d {
            t ^= p;
            p = self.sqr(p);
        }
        assert!(t <= 1, "the trace lies in GF(2)");
        t as u8
    }
}

/// Whether the polynomial `m` (degree ≥ 1) has no factor of degree 1..=deg(m)/2.
fn is_irreducible(m: u16) -> bool {
    let d = 15 - m.leading_zeros();
    (2u16..(1 << (d / 2 + 1))).all(|f| poly_mod(m, f) != 0)
}

/// m mod f over GF(2).
fn poly_mod(mut m: u16, f: u16) -> u16 {
    let df = 15 - f.leading_zeros();
    while m != 0 && 15 - m.leading_zeros() >= df {
        m ^= f << (15 - m.leading_zeros() - df);
    }
    m
}

/// A point: O or (x, y).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pt {
    /// The point at infinity.
    Inf,
    /// An affine point.
    Aff(u16, u16),
}

/// The curve y² + xy = x³ + ax² + b over a [`Gf2`], with all its points.
#[derive(Clone, Debug)]
pub struct Curve {
    /// The field.
    pub f: Gf2,
    /// a.
    pub a: u16,
    /// b (nonzero).
    pub b: u16,
    /// Every point, O first, then the affine points in increasing (x, y).
    pub points: Vec<Pt>,
}

impl Curve {
    /// The curve and all its points, by trying every (x, y). Panics if b = 0.
    pub fn new(f: Gf2, a: u16, b: u16) -> Self {
        assert!(b != 0, "b = 0 is singular");
        let mut c = Curve {
            f,
            a,
            b,
            points: vec![Pt::Inf],
        };
        let mut pts = Vec::new();
        for x in c.f.elements() {
            for y in c.f.elements() {
                if c.on_curve(x, y) {
                    pts.push(Pt::Aff(x, y));
                }
            }
        }
        c.points.extend(pts);
        c
    }

    /// #E, by brute force, without building the curve (for the search).
    pub fn count_points(f: &Gf2, a: u16, b: u16) -> usize {
        let mut n = 1;
        for x in f.elements() {
            for y in f.elements() {
                if on_curve(f, a, b, x, y) {
                    n += 1;
                }
            }
        }
        n
    }

    /// Whether y² + xy = x³ + ax² + b.
    pub fn on_curve(&self, x: u16, y: u16) -> bool {
        on_curve(&self.f, self.a, self.b, x, y)
    }

    /// Whether the point is on the curve (O is).
    pub fn contains(&self, p: Pt) -> bool {
        match p {
            Pt::Inf => true,
            Pt::Aff(x, y) => self.on_curve(x, y),
        }
    }

    /// #E.
    pub fn order(&self) -> usize {
        self.points.len()
    }

    /// −P: the other intersection of the vertical line through P, i.e. the other root
    /// y' of y² + xy + (x³ + ax² + b) = 0, y + y' = x.
    pub fn neg(&self, p: Pt) -> Pt {
        match p {
            Pt::Inf => Pt::Inf,
            Pt::Aff(x, y) => Pt::Aff(x, self.f.add(x, y)),
        }
    }

    /// P + Q by chord and tangent.
    ///
    /// The line y = λx + c through P and Q (the tangent when P = Q) meets the curve
    /// where (λx + c)² + x(λx + c) = x³ + ax² + b, i.e.
    /// x³ + (a + λ² + λ)x² + c·x + (c² + b) = 0; the three roots sum to a + λ² + λ, so
    /// the third one is x₃ = λ² + λ + a + x₁ + x₂, at R = (x₃, λx₃ + c), and P + Q = −R.
    /// The tangent slope comes from the implicit derivative of
    /// F = y² + xy + x³ + ax² + b: F_x = y + x², F_y = x, λ = F_x/F_y. A vertical line
    /// (x₁ = x₂ and Q = −P, or the tangent at x = 0) gives O.
    pub fn add(&self, p: Pt, q: Pt) -> Pt {
        let f = &self.f;
        let (x1, y1, x2, y2) = match (p, q) {
            (Pt::Inf, _) => return q,
            (_, Pt::Inf) => return p,
            (Pt::Aff(x1, y1), Pt::Aff(x2, y2)) => (x1, y1, x2, y2),
        };
        assert!(
            self.on_curve(x1, y1) && self.on_curve(x2, y2),
            "add off the curve"
        );
        let lambda = if x1 != x2 {
            f.div(f.add(y1, y2), f.add(x1, x2))
        } else if q == self.neg(p) {
            return Pt::Inf;
        } else {
            // Q = P, not of order 2 (so x ≠ 0): the tangent.
            assert_eq!(p, q);
            assert!(x1 != 0);
            f.div(f.add(y1, f.sqr(x1)), x1)
        };
        let c = f.add(y1, f.mul(lambda, x1));
        let x3 = f.add(f.add(f.add(f.sqr(lambda), lambda), self.a), f.add(x1, x2));
        let y_r = f.add(f.mul(lambda, x3), c);
        let r = self.neg(Pt::Aff(x3, y_r));
        assert!(self.contains(r), "the oracle's sum is off the curve");
        r
    }

    /// P − Q.
    pub fn sub(&self, p: Pt, q: Pt) -> Pt {
        self.add(p, self.neg(q))
    }

    /// 2P.
    pub fn double(&self, p: Pt) -> Pt {
        self.add(p, p)
    }

    /// kP by repeated addition (k ≥ 0).
    pub fn mul(&self, k: u64, p: Pt) -> Pt {
        let mut acc = Pt::Inf;
        for _ in 0..k {
            acc = self.add(acc, p);
        }
        acc
    }

    /// [0·P, 1·P, …, count·P] by repeated addition.
    pub fn multiples(&self, p: Pt, count: usize) -> Vec<Pt> {
        let mut out = Vec::with_capacity(count + 1);
        let mut acc = Pt::Inf;
        out.push(acc);
        for _ in 0..count {
            acc = self.add(acc, p);
            out.push(acc);
        }
        out
    }

    /// The order of P: the least k ≥ 1 with kP = O.
    pub fn point_order(&self, p: Pt) -> usize {
        let mut acc = p;
        let mut k = 1;
        while acc != Pt::Inf {
            acc = self.add(acc, p);
            k += 1;
            assert!(k <= self.order(), "an order beyond #E");
        }
        k
    }
}

fn on_curve(f: &Gf2, a: u16, b: u16, x: u16, y: u16) -> bool {
    let lhs = f.add(f.sqr(y), f.mul(x, y));
    let x2 = f.sqr(x);
    let rhs = f.add(f.add(f.mul(x2, x), f.mul(a, x2)), b);
    lhs == rhs
}

/// Whether n is prime, by trial division.
pub fn is_prime(n: u64) -> bool {
    n >= 2
        && (2..)
            .take_while(|i| i * i <= n)
            .all(|i| !n.is_multiple_of(i))
}
