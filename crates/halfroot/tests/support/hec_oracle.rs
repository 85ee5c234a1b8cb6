//! A naive, independent oracle for genus-2 binary curves C: y² + h(x)·y = f(x)
//! (deg h ≤ 2, f monic of degree 5) over tiny fields GF(2^d), 3 ≤ d ≤ 7, sharing no
//! code with halfroot.
//!
//! * [`Gf`]: elements are `u32` bit patterns (bit i = coefficient of z^i, as in the
//!   library's `Vec<u64>` words); products by shift-and-add with reduction by the field
//!   polynomial after every shift, all tabulated at construction; inverses, square
//!   roots and traces tabulated by search and by Σ a^(2^i).
//! * [`Gf2`] (the quadratic extension F_{q²} = F_q[t]/(t² + t + c), Tr(c) = 1): used to
//!   count the points over F_{q²} and to find the roots of h, which lie in F_{q²}.
//! * Polynomials over F_q are `Vec<u32>`, lowest degree first, without trailing zeros;
//!   schoolbook products, long division, the extended Euclidean algorithm.
//! * [`HecCurve`]: non-singularity from the definition (a singular point lies above a
//!   root x₀ of h, with y₀ = √f(x₀) and h′(x₀)·y₀ = f′(x₀)); #J from the point counts
//!   N₁ = #C(F_q), N₂ = #C(F_{q²}) by #J = (N₁² + N₂)/2 − q (the L-polynomial of a
//!   genus-2 curve; no group law involved); every reduced divisor (u, v), u monic of
//!   degree ≤ 2, deg v < deg u, u | v² + hv + f, by solving for v (the naive trial of
//!   every v is kept for the self-check); the group law by Cantor's composition and
//!   reduction, written from Cantor (1987) §3 and Menezes–Wu–Zuccherato (1996)
//!   Algorithms 1 and 2 (characteristic 2: − is +).
//! * [`Jac`]: the enumerated Jacobian with the order of every element (by walking the
//!   multiples D, 2D, 3D, … until 0 with the group law; no factorisation involved).
//! * [`search`]: the first curves of a [`Family`] with #J = c·r, r an odd prime.
//!
//! Every result of the group law is asserted to be a reduced divisor (u | v² + hv + f),
//! so an error in the oracle shows up as a panic rather than as a silent agreement.
#![allow(dead_code)]

use std::collections::HashMap;

/// GF(2^d) = GF(2)[z]/(m(z)) on `u32` bit patterns.
#[derive(Clone, Debug)]
pub struct Gf {
    d: u32,
    modulus: u32,
    /// a·b at (a << d) | b.
    product: Vec<u32>,
    inverse: Vec<u32>,
    root: Vec<u32>,
    tr: Vec<u8>,
}

impl Gf {
    /// The field of the irreducible polynomial `modulus` (bit mask with z^d). Panics for
    /// d outside 2..=7 or a reducible polynomial (trial division by every polynomial of
    /// degree 1..=d/2).
    pub fn new(modulus: u32) -> Self {
        let d = 31 - modulus.leading_zeros();
        assert!((2..=7).contains(&d), "degree {d} outside 2..=7");
        assert!(
            (2u32..(1 << (d / 2 + 1))).all(|g| gf2_rem(modulus, g) != 0),
            "{modulus:#b} is reducible"
        );
        let q = 1usize << d;
        let mut f = Gf {
            d,
            modulus,
            product: vec![0; q * q],
            inverse: vec![0; q],
            root: vec![0; q],
            tr: vec![0; q],
        };
        for a in 0..q as u32 {
            for b in 0..q as u32 {
                f.product[(a as usize) << d | b as usize] = f.mul_shift_add(a, b);
            }
        }
        for a in 0..q as u32 {
            let sq = f.mul(a, a);
            f.root[sq as usize] = a;
            if a != 0 {
                f.inverse[a as usize] = (1..q as u32).find(|&b| f.mul(a, b) == 1).expect("field");
            }
            let (mut t, mut p) = (0, a);
            for _ in 0..d {
                t ^= p;
                p = f.mul(p, p);
            }
            assert!(t <= 1, "the trace lies in GF(2)");
            f.tr[a as usize] = t as u8;
        }
        f
    }

    /// d.
    pub fn degree(&self) -> u32 {
        self.d
    }
    /// q = 2^d.
    pub fn q(&self) -> usize {
        1 << self.d
    }
    /// The polynomial as a bit mask.
    pub fn modulus(&self) -> u32 {
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
    /// 0 … q − 1.
    pub fn elements(&self) -> std::ops::Range<u32> {
        0..(1 << self.d)
    }
    /// a·b by the table.
    pub fn mul(&self, a: u32, b: u32) -> u32 {
        self.product[(a as usize) << self.d | b as usize]
    }
    /// a·b by shift-and-add: for each bit of b add the current a·z^i, then multiply by
    /// z and reduce.
    pub fn mul_shift_add(&self, a: u32, b: u32) -> u32 {
        let (mut acc, mut cur) = (0, a);
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
    pub fn sqr(&self, a: u32) -> u32 {
        self.mul(a, a)
    }
    /// a⁻¹; panics for 0.
    pub fn inv(&self, a: u32) -> u32 {
        assert!(a != 0, "the oracle divided by zero");
        self.inverse[a as usize]
    }
    /// √a.
    pub fn sqrt(&self, a: u32) -> u32 {
        self.root[a as usize]
    }
    /// Tr(a) ∈ {0, 1}.
    pub fn trace(&self, a: u32) -> u8 {
        self.tr[a as usize]
    }

    // --- polynomials over F_q, lowest degree first, trimmed ---

    /// Drops trailing zeros.
    pub fn trim(mut p: Vec<u32>) -> Vec<u32> {
        while p.last() == Some(&0) {
            p.pop();
        }
        p
    }
    /// deg p (None for 0).
    pub fn deg(p: &[u32]) -> Option<usize> {
        p.iter().rposition(|&c| c != 0)
    }
    /// a + b.
    pub fn padd(&self, a: &[u32], b: &[u32]) -> Vec<u32> {
        let mut r = vec![0; a.len().max(b.len())];
        for (i, &c) in a.iter().enumerate() {
            r[i] ^= c;
        }
        for (i, &c) in b.iter().enumerate() {
            r[i] ^= c;
        }
        Self::trim(r)
    }
    /// a·b, schoolbook.
    pub fn pmul(&self, a: &[u32], b: &[u32]) -> Vec<u32> {
        if a.is_empty() || b.is_empty() {
            return Vec::new();
        }
        let mut r = vec![0; a.len() + b.len() - 1];
        for (i, &x) in a.iter().enumerate() {
            for (j, &y) in b.iter().enumerate() {
                r[i + j] ^= self.mul(x, y);
            }
        }
        Self::trim(r)
    }
    /// c·a.
    pub fn pscale(&self, c: u32, a: &[u32]) -> Vec<u32> {
        Self::trim(a.iter().map(|&x| self.mul(c, x)).collect())
    }
    /// (a div b, a mod b) by long division; panics for b = 0.
    pub fn pdivrem(&self, a: &[u32], b: &[u32]) -> (Vec<u32>, Vec<u32>) {
        let db = Self::deg(b).expect("the oracle divided a polynomial by 0");
        let lead_inv = self.inv(b[db]);
        let mut rem = Self::trim(a.to_vec());
        let mut quo = vec![0; rem.len().saturating_sub(db).max(1)];
        while let Some(dr) = Self::deg(&rem) {
            if dr < db {
                break;
            }
            let c = self.mul(rem[dr], lead_inv);
            quo[dr - db] ^= c;
            for (j, &bj) in b.iter().enumerate().take(db + 1) {
                rem[dr - db + j] ^= self.mul(c, bj);
            }
            rem = Self::trim(rem);
        }
        (Self::trim(quo), rem)
    }
    /// a / b, asserting that b divides a.
    pub fn pdiv_exact(&self, a: &[u32], b: &[u32]) -> Vec<u32> {
        let (q, r) = self.pdivrem(a, b);
        assert!(r.is_empty(), "the oracle's exact division left {r:?}");
        q
    }
    /// a mod b.
    pub fn pmod(&self, a: &[u32], b: &[u32]) -> Vec<u32> {
        self.pdivrem(a, b).1
    }
    /// p made monic (p ≠ 0).
    pub fn pmonic(&self, p: &[u32]) -> Vec<u32> {
        let d = Self::deg(p).expect("monic of 0");
        self.pscale(self.inv(p[d]), p)
    }
    /// (g, s, t) with g = gcd(a, b) monic (0 when a = b = 0) and s·a + t·b = g, by the
    /// extended Euclidean algorithm.
    pub fn pxgcd(&self, a: &[u32], b: &[u32]) -> (Vec<u32>, Vec<u32>, Vec<u32>) {
        let (mut r0, mut r1) = (Self::trim(a.to_vec()), Self::trim(b.to_vec()));
        let (mut s0, mut s1) = (vec![1], Vec::new());
        let (mut t0, mut t1) = (Vec::new(), vec![1]);
        while !r1.is_empty() {
            let (q, r) = self.pdivrem(&r0, &r1);
            let s2 = self.padd(&s0, &self.pmul(&q, &s1));
            let t2 = self.padd(&t0, &self.pmul(&q, &t1));
            (r0, r1) = (r1, r);
            (s0, s1) = (s1, s2);
            (t0, t1) = (t1, t2);
        }
        match Self::deg(&r0) {
            None => (Vec::new(), Vec::new(), Vec::new()),
            Some(d) => {
                let c = self.inv(r0[d]);
                (
                    self.pscale(c, &r0),
                    self.pscale(c, &s0),
                    self.pscale(c, &t0),
                )
            }
        }
    }
    /// p(x).
    pub fn peval(&self, p: &[u32], x: u32) -> u32 {
        p.iter().rev().fold(0, |acc, &c| self.mul(acc, x) ^ c)
    }
    /// The formal derivative.
    pub fn pderiv(&self, p: &[u32]) -> Vec<u32> {
        Self::trim(
            p.iter()
                .enumerate()
                .skip(1)
                .map(|(i, &c)| if i % 2 == 1 { c } else { 0 })
                .collect(),
        )
    }
}

/// m mod g over GF(2), bit masks.
fn gf2_rem(mut m: u32, g: u32) -> u32 {
    let dg = 31 - g.leading_zeros();
    while m != 0 && 31 - m.leading_zeros() >= dg {
        m ^= g << (31 - m.leading_zeros() - dg);
    }
    m
}

/// F_{q²} = F_q[t]/(t² + t + c) with Tr(c) = 1: pairs (a, b) = a + b·t.
#[derive(Clone, Debug)]
pub struct Gf2 {
    /// The base field.
    pub base: Gf,
    c: u32,
}

/// An element a + b·t of F_{q²}.
pub type E2 = (u32, u32);

impl Gf2 {
    /// The extension of `base` by the least c of trace 1.
    pub fn new(base: &Gf) -> Self {
        let c = base
            .elements()
            .find(|&c| base.trace(c) == 1)
            .expect("Tr is onto");
        Gf2 {
            base: base.clone(),
            c,
        }
    }
    /// Every element of F_{q²}.
    pub fn elements(&self) -> impl Iterator<Item = E2> + '_ {
        self.base
            .elements()
            .flat_map(move |a| self.base.elements().map(move |b| (a, b)))
    }
    /// (a + bt)(a' + b't) with t² = t + c.
    pub fn mul(&self, x: E2, y: E2) -> E2 {
        let f = &self.base;
        let bb = f.mul(x.1, y.1);
        (
            f.mul(x.0, y.0) ^ f.mul(bb, self.c),
            f.mul(x.0, y.1) ^ f.mul(x.1, y.0) ^ bb,
        )
    }
    /// x⁻¹ = x^q / N(x), x^q = a + b + b·t, N(x) = a² + ab + c·b².
    pub fn inv(&self, x: E2) -> E2 {
        let f = &self.base;
        let n = f.sqr(x.0) ^ f.mul(x.0, x.1) ^ f.mul(self.c, f.sqr(x.1));
        let ni = f.inv(n);
        (f.mul(x.0 ^ x.1, ni), f.mul(x.1, ni))
    }
    /// Tr_{F_{q²}/F_2}(a + bt) = Tr_{F_q}(b) (Tr_{F_{q²}/F_q}(t) = t + t^q = 1).
    pub fn trace(&self, x: E2) -> u8 {
        self.base.trace(x.1)
    }
    /// √x = x^(q²/2), by 2d − 1 squarings.
    pub fn sqrt(&self, x: E2) -> E2 {
        let mut r = x;
        for _ in 0..2 * self.base.degree() - 1 {
            r = self.mul(r, r);
        }
        debug_assert_eq!(self.mul(r, r), x);
        r
    }
    /// p(x) for p over F_q.
    pub fn eval(&self, p: &[u32], x: E2) -> E2 {
        p.iter().rev().fold((0, 0), |acc, &c| {
            let m = self.mul(acc, x);
            (m.0 ^ c, m.1)
        })
    }
}

/// A reduced divisor in Mumford form: 0, (x + u0, v0) or (x² + u1·x + u0, v1·x + v0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Div {
    /// u = 1, v = 0.
    Zero,
    /// u = x + u0, v = v0.
    W1 {
        /// u0.
        u0: u32,
        /// v0.
        v0: u32,
    },
    /// u = x² + u1·x + u0, v = v1·x + v0.
    W2 {
        /// u1.
        u1: u32,
        /// u0.
        u0: u32,
        /// v1.
        v1: u32,
        /// v0.
        v0: u32,
    },
}

impl Div {
    /// (u, v) as trimmed polynomials.
    pub fn uv(self) -> (Vec<u32>, Vec<u32>) {
        match self {
            Div::Zero => (vec![1], Vec::new()),
            Div::W1 { u0, v0 } => (vec![u0, 1], Gf::trim(vec![v0])),
            Div::W2 { u1, u0, v1, v0 } => (vec![u0, u1, 1], Gf::trim(vec![v0, v1])),
        }
    }
    /// deg u.
    pub fn weight(self) -> usize {
        match self {
            Div::Zero => 0,
            Div::W1 { .. } => 1,
            Div::W2 { .. } => 2,
        }
    }
}

/// The shape families of the search; [`Family::expected_shape`] names the library's
/// `CurveShape` each one should be classified as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// h = x, f = x⁵ + f1·x + f0.
    PelzlX,
    /// h = x² + x + h0 with Tr(h0) = 1 (irreducible), f4 = 0.
    PelzlQuadratic,
    /// h2 = 1, h irreducible, f4 ≠ 0.
    MonicH,
    /// h2 ∉ {0, 1}, h irreducible.
    General,
    /// h2 = 1, h = (x + a)(x + b), a ≠ b in F_q, f4 ≠ 0: J[2](F_q) ⊇ (Z/2)², so 4 | #J.
    SplitH,
    /// h = x² + h0 = (x + √h0)², h1 = 0.
    SquareH,
    /// h = 1 (2-rank 0: #J is odd).
    ConstH,
    /// h = x + h0, h0 ≠ 0.
    LinearH,
    /// h = x with f2, f3 or f4 ≠ 0 (not Pelzl–Wollinger–Paar's form).
    XGeneralF,
}

impl Family {
    /// Every family.
    pub const ALL: [Family; 9] = [
        Family::PelzlX,
        Family::PelzlQuadratic,
        Family::MonicH,
        Family::General,
        Family::SplitH,
        Family::SquareH,
        Family::ConstH,
        Family::LinearH,
        Family::XGeneralF,
    ];
    /// The name of the library's `CurveShape` variant for this family.
    pub fn expected_shape(self) -> &'static str {
        match self {
            Family::PelzlX => "PelzlX",
            Family::PelzlQuadratic => "PelzlQuadratic",
            Family::MonicH | Family::SplitH | Family::SquareH => "MonicH",
            Family::General => "General",
            Family::ConstH | Family::LinearH | Family::XGeneralF => "LowDegreeH",
        }
    }
}

/// y² + h(x)·y = f(x) over a [`Gf`].
#[derive(Clone, Debug)]
pub struct HecCurve {
    /// The field.
    pub f: Gf,
    /// h0, h1, h2.
    pub h: [u32; 3],
    /// f0, …, f5 (f5 = 1).
    pub fx: [u32; 6],
    hp: Vec<u32>,
    fp: Vec<u32>,
}

impl HecCurve {
    /// The curve (no check; see [`HecCurve::is_nonsingular`]).
    pub fn new(f: Gf, h: [u32; 3], fx: [u32; 6]) -> Self {
        HecCurve {
            hp: Gf::trim(h.to_vec()),
            fp: Gf::trim(fx.to_vec()),
            f,
            h,
            fx,
        }
    }

    /// h as a polynomial.
    pub fn hpoly(&self) -> &[u32] {
        &self.hp
    }
    /// f as a polynomial.
    pub fn fpoly(&self) -> &[u32] {
        &self.fp
    }

    /// No singular point over F̄_q: F(x, y) = y² + hy + f has F_y = h(x) and
    /// F_x = h′(x)·y + f′(x), so a singular point lies above a root x₀ of h, with
    /// y₀ = √f(x₀), and is one exactly when h′(x₀)·y₀ = f′(x₀). The roots of h (deg ≤ 2)
    /// lie in F_{q²}. For h = 0 every x₀ is a root and the roots of f′ ≠ 0 are singular.
    pub fn is_nonsingular(&self) -> bool {
        if self.hp.is_empty() {
            return false;
        }
        let e = Gf2::new(&self.f);
        let (dh, df) = (self.f.pderiv(&self.hp), self.f.pderiv(&self.fp));
        let smooth = e
            .elements()
            .filter(|&x| e.eval(&self.hp, x) == (0, 0))
            .all(|x| {
                let y = e.sqrt(e.eval(&self.fp, x));
                e.mul(e.eval(&dh, x), y) != e.eval(&df, x)
            });
        smooth
    }

    /// Whether h has degree 2 and no root in F_q (by trying every element).
    pub fn h_irreducible(&self) -> bool {
        self.h[2] != 0 && self.f.elements().all(|x| self.f.peval(&self.hp, x) != 0)
    }

    /// The number of y ∈ K with y² + H·y = F, for H, F in K given as traces and zero
    /// tests: 1 when H = 0, else 2 or 0 as Tr(F/H²) is 0 or 1.
    fn count_y(h_zero: bool, tr: u8) -> u64 {
        if h_zero {
            1
        } else if tr == 0 {
            2
        } else {
            0
        }
    }

    /// (N₁, N₂) = (#C(F_q), #C(F_{q²})), the point at infinity included.
    pub fn point_counts(&self) -> (u64, u64) {
        let f = &self.f;
        let mut n1 = 1;
        for x in f.elements() {
            let hx = f.peval(&self.hp, x);
            let fx = f.peval(&self.fp, x);
            let tr = if hx == 0 {
                0
            } else {
                f.trace(f.mul(fx, f.sqr(f.inv(hx))))
            };
            n1 += Self::count_y(hx == 0, tr);
        }
        let e = Gf2::new(f);
        let mut n2 = 1;
        for x in e.elements() {
            let hx = e.eval(&self.hp, x);
            let fx = e.eval(&self.fp, x);
            let tr = if hx == (0, 0) {
                0
            } else {
                let hi = e.inv(hx);
                e.trace(e.mul(fx, e.mul(hi, hi)))
            };
            n2 += Self::count_y(hx == (0, 0), tr);
        }
        (n1, n2)
    }

    /// #J = (N₁² + N₂)/2 − q, from the L-polynomial x⁴ + a₁x³ + a₂x² + qa₁x + q² with
    /// a₁ = N₁ − q − 1, a₂ = (N₂ − q² − 1 + a₁²)/2 and #J = L(1).
    pub fn order_from_counts(&self) -> u64 {
        let (n1, n2) = self.point_counts();
        let s = n1 * n1 + n2;
        assert!(s.is_multiple_of(2), "N₁² + N₂ is even");
        s / 2 - self.f.q() as u64
    }

    /// Whether u | v² + hv + f.
    pub fn is_divisor(&self, d: Div) -> bool {
        let (u, v) = d.uv();
        let e = self.f.padd(
            &self
                .f
                .padd(&self.f.pmul(&v, &v), &self.f.pmul(&self.hp, &v)),
            &self.fp,
        );
        self.f.pmod(&e, &u).is_empty()
    }

    /// The divisor of a reduced (u monic, deg ≤ 2; deg v < deg u) pair.
    fn div_of(&self, u: &[u32], v: &[u32]) -> Div {
        let at = |p: &[u32], i: usize| p.get(i).copied().unwrap_or(0);
        let d = match Gf::deg(u).expect("u ≠ 0") {
            0 => Div::Zero,
            1 => Div::W1 {
                u0: at(u, 0),
                v0: at(v, 0),
            },
            2 => Div::W2 {
                u1: at(u, 1),
                u0: at(u, 0),
                v1: at(v, 1),
                v0: at(v, 0),
            },
            k => panic!("deg u = {k} is not reduced"),
        };
        assert!(
            self.is_divisor(d),
            "the oracle produced a non-divisor {d:?}"
        );
        d
    }

    /// −D = (u, −h − v mod u) (Cantor 1987 §3; − is + in characteristic 2).
    pub fn neg(&self, d: Div) -> Div {
        let (u, v) = d.uv();
        let w = self.f.pmod(&self.f.padd(&self.hp, &v), &u);
        self.div_of(&u, &w)
    }

    /// D₁ + D₂ by Cantor's algorithm (Menezes–Wu–Zuccherato 1996, Algorithms 1 and 2):
    /// composition d₁ = gcd(u₁, u₂) = e₁u₁ + e₂u₂, d = gcd(d₁, v₁ + v₂ + h) =
    /// c₁d₁ + c₂(v₁ + v₂ + h), s₁ = c₁e₁, s₂ = c₁e₂, s₃ = c₂, u = u₁u₂/d²,
    /// v = (s₁u₁v₂ + s₂u₂v₁ + s₃(v₁v₂ + f))/d mod u; then reduction
    /// u′ = (f − vh − v²)/u, v′ = (−h − v) mod u′ while deg u > 2; u made monic.
    pub fn add(&self, a: Div, b: Div) -> Div {
        let f = &self.f;
        let (u1, v1) = a.uv();
        let (u2, v2) = b.uv();
        let (d1, e1, e2) = f.pxgcd(&u1, &u2);
        let w = f.padd(&f.padd(&v1, &v2), &self.hp);
        let (d, c1, c2) = f.pxgcd(&d1, &w);
        let (s1, s2, s3) = (f.pmul(&c1, &e1), f.pmul(&c1, &e2), c2);
        let mut u = f.pdiv_exact(&f.pmul(&u1, &u2), &f.pmul(&d, &d));
        let t1 = f.pmul(&f.pmul(&s1, &u1), &v2);
        let t2 = f.pmul(&f.pmul(&s2, &u2), &v1);
        let t3 = f.pmul(&s3, &f.padd(&f.pmul(&v1, &v2), &self.fp));
        let mut v = f.pmod(&f.pdiv_exact(&f.padd(&f.padd(&t1, &t2), &t3), &d), &u);
        // The semi-reduced (u, v) must satisfy u | v² + hv + f.
        let rel = |v: &[u32]| f.padd(&f.padd(&f.pmul(v, v), &f.pmul(&self.hp, v)), &self.fp);
        assert!(
            f.pmod(&rel(&v), &u).is_empty(),
            "composition broke u | v² + hv + f"
        );
        while Gf::deg(&u).expect("u ≠ 0") > 2 {
            let un = f.pdiv_exact(&rel(&v), &u);
            v = f.pmod(&f.padd(&self.hp, &v), &un);
            u = un;
        }
        let u = f.pmonic(&u);
        let v = f.pmod(&v, &u);
        self.div_of(&u, &v)
    }

    /// 2D.
    pub fn double(&self, a: Div) -> Div {
        self.add(a, a)
    }

    /// [k]D by left-to-right double-and-add.
    pub fn mul(&self, k: u64, a: Div) -> Div {
        let mut acc = Div::Zero;
        for i in (0..64 - k.leading_zeros()).rev() {
            acc = self.double(acc);
            if k >> i & 1 == 1 {
                acc = self.add(acc, a);
            }
        }
        acc
    }

    /// Every reduced divisor: 0; (x + a, b) for every point (a, b) of C(F_q); and for
    /// every monic u = x² + u1·x + u0 and every v1, the v0 with u | v² + hv + f. Writing
    /// v = v1·x + v0, v² + hv + f ≡ E + v0² + v0·(h mod u) (mod u) where E = (v1x)² +
    /// h·v1x + f mod u = e1·x + e0 and h mod u = g1·x + g0, so the conditions are
    /// e1 = g1·v0 and e0 = v0² + g0·v0: one v0 when g1 ≠ 0, the roots of the quadratic
    /// (from a table) when g1 = 0 and e1 = 0. Sorted.
    pub fn divisors(&self) -> Vec<Div> {
        let f = &self.f;
        let mut out = vec![Div::Zero];
        for a in f.elements() {
            let (ha, fa) = (f.peval(&self.hp, a), f.peval(&self.fp, a));
            for b in f.elements() {
                if f.sqr(b) ^ f.mul(ha, b) ^ fa == 0 {
                    out.push(Div::W1 { u0: a, v0: b });
                }
            }
        }
        // roots[(g << d) | e] = the v with v² + g·v = e.
        let d = f.degree();
        let mut roots: Vec<Vec<u32>> = vec![Vec::new(); f.q() * f.q()];
        for g in f.elements() {
            for v in f.elements() {
                let e = f.sqr(v) ^ f.mul(g, v);
                roots[((g as usize) << d) | e as usize].push(v);
            }
        }
        for u1 in f.elements() {
            for u0 in f.elements() {
                let u = [u0, u1, 1];
                let hm = f.pmod(&self.hp, &u);
                let (g0, g1) = (
                    hm.first().copied().unwrap_or(0),
                    hm.get(1).copied().unwrap_or(0),
                );
                for v1 in f.elements() {
                    let vx = [0, v1];
                    let e = f.padd(&f.padd(&f.pmul(&vx, &vx), &f.pmul(&self.hp, &vx)), &self.fp);
                    let e = f.pmod(&e, &u);
                    let (e0, e1) = (
                        e.first().copied().unwrap_or(0),
                        e.get(1).copied().unwrap_or(0),
                    );
                    let mut push = |v0: u32| {
                        let dv = Div::W2 { u1, u0, v1, v0 };
                        debug_assert!(self.is_divisor(dv));
                        out.push(dv);
                    };
                    if g1 != 0 {
                        let v0 = f.mul(e1, f.inv(g1));
                        if f.sqr(v0) ^ f.mul(g0, v0) == e0 {
                            push(v0);
                        }
                    } else if e1 == 0 {
                        for &v0 in &roots[((g0 as usize) << d) | e0 as usize] {
                            push(v0);
                        }
                    }
                }
            }
        }
        out.sort();
        out
    }

    /// The same set by trying every (u, v) with [`HecCurve::is_divisor`] (q⁴ trials:
    /// for the self-check on small fields).
    pub fn divisors_by_trial(&self) -> Vec<Div> {
        let f = &self.f;
        let mut out = vec![Div::Zero];
        for u0 in f.elements() {
            for v0 in f.elements() {
                let d = Div::W1 { u0, v0 };
                if self.is_divisor(d) {
                    out.push(d);
                }
            }
        }
        for u1 in f.elements() {
            for u0 in f.elements() {
                for v1 in f.elements() {
                    for v0 in f.elements() {
                        let d = Div::W2 { u1, u0, v1, v0 };
                        if self.is_divisor(d) {
                            out.push(d);
                        }
                    }
                }
            }
        }
        out.sort();
        out
    }
}

/// The Jacobian of a curve, enumerated: every divisor, its index and its order.
#[derive(Clone, Debug)]
pub struct Jac {
    /// The curve.
    pub curve: HecCurve,
    /// Every reduced divisor, sorted (0 first).
    pub divs: Vec<Div>,
    /// The position of each divisor in `divs`.
    pub index: HashMap<Div, usize>,
    /// The order of each divisor.
    pub orders: Vec<usize>,
}

impl Jac {
    /// Enumerates J and finds every order by walking D, 2D, … to 0: the order of D is
    /// the length k of its walk, and jD has order k / gcd(j, k).
    pub fn new(curve: HecCurve) -> Self {
        let divs = curve.divisors();
        let index: HashMap<Div, usize> = divs.iter().enumerate().map(|(i, &d)| (d, i)).collect();
        assert_eq!(index.len(), divs.len(), "no divisor twice");
        let n = divs.len();
        let mut orders = vec![0usize; n];
        for i in 0..n {
            if orders[i] != 0 {
                continue;
            }
            let mut walk = vec![i];
            let mut acc = divs[i];
            while acc != Div::Zero {
                acc = curve.add(acc, divs[i]);
                walk.push(*index.get(&acc).expect("the sum is an enumerated divisor"));
                assert!(walk.len() <= n, "an order beyond #J");
            }
            let k = walk.len();
            for (j, &idx) in walk.iter().enumerate() {
                let o = k / gcd(j + 1, k);
                assert!(orders[idx] == 0 || orders[idx] == o, "inconsistent orders");
                orders[idx] = o;
            }
        }
        Jac {
            curve,
            divs,
            index,
            orders,
        }
    }
    /// #J.
    pub fn order(&self) -> usize {
        self.divs.len()
    }
    /// The index of a divisor (panics if it is not one).
    pub fn idx(&self, d: Div) -> usize {
        *self
            .index
            .get(&d)
            .unwrap_or_else(|| panic!("{d:?} is not a divisor"))
    }
    /// D_a + D_b, as an index.
    pub fn add(&self, a: usize, b: usize) -> usize {
        self.idx(self.curve.add(self.divs[a], self.divs[b]))
    }
    /// −D_a, as an index.
    pub fn neg(&self, a: usize) -> usize {
        self.idx(self.curve.neg(self.divs[a]))
    }
    /// [k]D_a, as an index.
    pub fn mul(&self, k: u64, a: usize) -> usize {
        self.idx(self.curve.mul(k, self.divs[a]))
    }
}

/// gcd of two positive integers.
pub fn gcd(a: usize, b: usize) -> usize {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// Whether n is prime, by trial division.
pub fn is_prime(n: u64) -> bool {
    n >= 2
        && (2..)
            .take_while(|i| i * i <= n)
            .all(|i| !n.is_multiple_of(i))
}

/// A curve of the search: the family, the curve, #J, c and r (#J = c·r, r an odd
/// prime).
#[derive(Clone, Debug)]
pub struct Found {
    /// The family.
    pub family: Family,
    /// The curve.
    pub curve: HecCurve,
    /// #J from the point counts.
    pub order_j: u64,
    /// The cofactor c.
    pub c: u64,
    /// The odd prime r.
    pub r: u64,
}

/// A xorshift64 stream: the search's deterministic order of candidates.
struct Stream(u64);

impl Stream {
    /// The stream of `seed`, mixed by SplitMix64's finaliser so that nearby seeds give
    /// unrelated streams.
    fn new(seed: u64) -> Self {
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Stream((z ^ (z >> 31)) | 1)
    }
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn elem(&mut self, f: &Gf) -> u32 {
        (self.next() % f.q() as u64) as u32
    }
    fn nonzero(&mut self, f: &Gf) -> u32 {
        1 + (self.next() % (f.q() as u64 - 1)) as u32
    }
}

/// A candidate (h, f) of `family` from the stream, or None when the draw does not
/// belong to the family (it is then skipped). The free coefficients are random
/// elements, so most are neither 0 nor 1.
fn candidate(fam: Family, f: &Gf, s: &mut Stream) -> Option<([u32; 3], [u32; 6])> {
    let mut fx = [s.elem(f), s.elem(f), s.elem(f), s.elem(f), s.elem(f), 1];
    let roots = |h: &[u32; 3]| f.elements().filter(|&x| f.peval(h, x) == 0).count();
    let h = match fam {
        Family::PelzlX => {
            fx[2] = 0;
            fx[3] = 0;
            fx[4] = 0;
            [0, 1, 0]
        }
        Family::PelzlQuadratic => {
            fx[4] = 0;
            let h0 = s.elem(f);
            (f.trace(h0) == 1).then_some([h0, 1, 1])?
        }
        Family::MonicH => {
            fx[4] = s.nonzero(f);
            let h = [s.elem(f), s.elem(f), 1];
            (roots(&h) == 0).then_some(h)?
        }
        Family::General => {
            let h2 = s.elem(f);
            let h = [s.elem(f), s.elem(f), h2];
            (h2 > 1 && roots(&h) == 0).then_some(h)?
        }
        Family::SplitH => {
            fx[4] = s.nonzero(f);
            let (a, b) = (s.elem(f), s.elem(f));
            (a != b).then_some([f.mul(a, b), a ^ b, 1])?
        }
        Family::SquareH => [s.elem(f), 0, 1],
        Family::ConstH => [1, 0, 0],
        Family::LinearH => [s.nonzero(f), 1, 0],
        Family::XGeneralF => (fx[2] | fx[3] | fx[4] != 0).then_some([0, 1, 0])?,
    };
    Some((h, fx))
}

/// The first `count` non-singular curves of `family` over `field` (in the order of a
/// xorshift stream seeded by `seed`) with #J = c·r, r an odd prime ≥ 3, among at most
/// `tries` draws.
pub fn search(
    fam: Family,
    field: &Gf,
    c: u64,
    count: usize,
    seed: u64,
    tries: usize,
) -> Vec<Found> {
    let mut s = Stream::new(seed);
    let mut out: Vec<Found> = Vec::new();
    for _ in 0..tries {
        if out.len() == count {
            break;
        }
        let Some((h, fx)) = candidate(fam, field, &mut s) else {
            continue;
        };
        if out.iter().any(|o| o.curve.h == h && o.curve.fx == fx) {
            continue;
        }
        let curve = HecCurve::new(field.clone(), h, fx);
        if !curve.is_nonsingular() {
            continue;
        }
        let n = curve.order_from_counts();
        if n.is_multiple_of(c) && is_prime(n / c) && n / c > 2 {
            out.push(Found {
                family: fam,
                curve,
                order_j: n,
                c,
                r: n / c,
            });
        }
    }
    out
}

/// A singular curve: the first (h, f) of `family`'s form (in the stream's order) that is
/// singular, with deg h ≥ 1.
pub fn singular(fam: Family, field: &Gf, seed: u64) -> HecCurve {
    let mut s = Stream::new(seed);
    for _ in 0..1_000_000 {
        if let Some((h, fx)) = candidate(fam, field, &mut s) {
            let c = HecCurve::new(field.clone(), h, fx);
            if !c.is_nonsingular() {
                return c;
            }
        }
    }
    panic!("no singular curve of {fam:?} found");
}
