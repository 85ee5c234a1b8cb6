//! `halfroot::ec2` checked exhaustively on tiny curves against the naive oracle of
//! `tests/support/ec_oracle.rs` (brute-force point enumeration, chord-and-tangent law,
//! repeated addition; no code shared with the library).
//!
//! The curves y² + xy = x³ + ax² + b over GF(2^d), 3 ≤ d ≤ 8, are found by the oracle:
//! for each field and each choice of a (0, 1, or another element of the wanted trace),
//! the first values of b with #E = h·n, n an odd prime, h = 2 when Tr(a) = 1 and h = 4
//! when Tr(a) = 0. Every check compares the library's answer with the oracle's on every
//! (x, y) of the field and every point or pair of points of E (not only ⟨G⟩: also the
//! points of order 2, 4, 2n, 4n); scalar multiplication on every (P, k), k ≤ 2n + 3,
//! when n ≤ 7, else on every k for a few P and every P for a few k (see [`Plan`]). The
//! expected values are never computed with the library. Odd d gives halving on cofactor-2 and cofactor-4
//! curves; even d with h = 4 checks that halving is refused. Random choices (the Z of
//! López–Dahab points, sampled scalars) come from a fixed-seed ChaCha8.

use crate::support::ec_oracle::{is_prime, Curve as Oracle, Gf2, Pt};
use halfroot::binary::dynamic::DynBinaryField;
use halfroot::ec2::halve::LambdaPoint;
use halfroot::ec2::lambda::LambdaProjectivePoint;
use halfroot::ec2::ld::LdPoint;
use halfroot::ec2::scalar::comb::FixedBaseComb;
use halfroot::ec2::scalar::wnaf_digits;
use halfroot::ec2::{AffinePoint, BinaryCurve, ScalarMulAlgorithm};
use halfroot::Error;
use num_bigint::{BigInt, BigUint};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::collections::HashMap;
use std::sync::OnceLock;

type Curve = BinaryCurve<DynBinaryField>;
type Point = AffinePoint<Vec<u64>>;

/// A tiny curve: the oracle's view and the library's, with G, n, h and the order of
/// every point.
struct Case {
    label: String,
    oracle: Oracle,
    curve: Curve,
    /// The cofactor (2 or 4).
    h: usize,
    /// The odd prime n = #E/h.
    n: usize,
    /// The generator, a point of order n.
    g: Pt,
    /// The order of every point of E.
    orders: HashMap<Pt, usize>,
}

impl Case {
    fn in_subgroup(&self, p: Pt) -> bool {
        self.n.is_multiple_of(self.orders[&p])
    }
    /// The points of ⟨G⟩ (order dividing n), O first.
    fn subgroup(&self) -> Vec<Pt> {
        self.oracle
            .points
            .iter()
            .copied()
            .filter(|&p| self.in_subgroup(p))
            .collect()
    }
    fn halving_supported(&self) -> bool {
        self.h == 2 || self.oracle.f.degree() % 2 == 1
    }
    /// A Koblitz curve (b = 1, a ∈ {0, 1}): τNAF applies.
    fn koblitz(&self) -> bool {
        self.oracle.b == 1 && self.oracle.a <= 1
    }
    /// The library's point for an oracle point.
    fn lib(&self, p: Pt) -> Point {
        match p {
            Pt::Inf => AffinePoint::Infinity,
            Pt::Aff(x, y) => AffinePoint::Finite { x: el(x), y: el(y) },
        }
    }
    /// The oracle's point for a library point (checking the representation).
    fn back(&self, p: &Point) -> Pt {
        match p {
            AffinePoint::Infinity => Pt::Inf,
            AffinePoint::Finite { x, y } => Pt::Aff(self.unel(x), self.unel(y)),
        }
    }
    fn unel(&self, e: &[u64]) -> u16 {
        assert_eq!(
            e.len(),
            1,
            "{}: an element of GF(2^d ≤ 8) is one word",
            self.label
        );
        assert!(
            e[0] < self.oracle.f.size() as u64,
            "{}: unreduced element {:#x}",
            self.label,
            e[0]
        );
        e[0] as u16
    }
    /// P in López–Dahab coordinates scaled by z ≠ 0: (xz, yz², z), and O as (z, 0, 0)
    /// (the class of (1 : 0 : 0)), computed by the oracle's field.
    fn ld_scaled(&self, p: Pt, z: u16) -> LdPoint<Vec<u64>> {
        let f = &self.oracle.f;
        assert!(z != 0);
        match p {
            Pt::Inf => LdPoint {
                x: el(z),
                y: el(0),
                z: el(0),
            },
            Pt::Aff(x, y) => LdPoint {
                x: el(f.mul(x, z)),
                y: el(f.mul(y, f.sqr(z))),
                z: el(z),
            },
        }
    }
    /// The affine point (X/Z, Y/Z²) of a López–Dahab point, by the oracle's field
    /// (Z = 0 is O).
    fn ld_back(&self, p: &LdPoint<Vec<u64>>) -> Pt {
        let f = &self.oracle.f;
        let (x, y, z) = (self.unel(&p.x), self.unel(&p.y), self.unel(&p.z));
        if z == 0 {
            return Pt::Inf;
        }
        let zi = f.inv(z).expect("z ≠ 0");
        Pt::Aff(f.mul(x, zi), f.mul(y, f.sqr(zi)))
    }
    /// P in λ-projective coordinates scaled by z ≠ 0: (xz : λz : z) with
    /// λ = x + y/x, O as (z : z : 0) and the point of order 2 as (0 : z : 0), computed
    /// by the oracle's field.
    fn lambda_scaled(&self, p: Pt, z: u16) -> LambdaProjectivePoint<Vec<u64>> {
        let f = &self.oracle.f;
        assert!(z != 0);
        match p {
            Pt::Inf => LambdaProjectivePoint {
                x: el(z),
                l: el(z),
                z: el(0),
            },
            Pt::Aff(0, _) => LambdaProjectivePoint {
                x: el(0),
                l: el(z),
                z: el(0),
            },
            Pt::Aff(x, y) => {
                let lam = f.add(x, f.div(y, x));
                LambdaProjectivePoint {
                    x: el(f.mul(x, z)),
                    l: el(f.mul(lam, z)),
                    z: el(z),
                }
            }
        }
    }
    /// The λ-affine form (x, x + y/x) of a point with x ≠ 0, by the oracle's field.
    fn lambda_affine(&self, p: Pt) -> Option<LambdaPoint<Vec<u64>>> {
        let f = &self.oracle.f;
        match p {
            Pt::Aff(x, y) if x != 0 => Some(LambdaPoint {
                x: el(x),
                lambda: el(f.add(x, f.div(y, x))),
                lambda_hat: None,
            }),
            _ => None,
        }
    }
    /// The affine point of a λ-projective one, by the oracle's field: Z = 0 is O when
    /// X ≠ 0 and the point of order 2 when X = 0 (then L ≠ 0); else
    /// (X/Z, x(L/Z + x)).
    fn lambda_back(&self, p: &LambdaProjectivePoint<Vec<u64>>) -> Pt {
        let f = &self.oracle.f;
        let (x, l, z) = (self.unel(&p.x), self.unel(&p.l), self.unel(&p.z));
        if z == 0 {
            if x != 0 {
                return Pt::Inf;
            }
            assert!(l != 0, "{}: (0 : 0 : 0) is no point", self.label);
            let t2 = self
                .oracle
                .points
                .iter()
                .find(|q| matches!(q, Pt::Aff(0, _)));
            return *t2.expect("the point of order 2");
        }
        let ax = f.div(x, z);
        Pt::Aff(ax, f.mul(ax, f.add(f.div(l, z), ax)))
    }
    fn random_nonzero(&self, rng: &mut ChaCha8Rng) -> u16 {
        rng.gen_range(1..self.oracle.f.size() as u16)
    }
}

fn el(x: u16) -> Vec<u64> {
    vec![x as u64]
}

/// Which a to take in a field: 0, 1, or the least a ≥ 2 of trace 0 or of trace 1.
#[derive(Clone, Copy)]
enum A {
    Zero,
    One,
    Tr0,
    Tr1,
}

/// The search: (polynomial as a bit mask, the choices of a, how many b per a).
/// z³+z+1, z⁴+z+1, z⁵+z²+1, z⁵+z⁴+z³+z²+1, z⁶+z+1, z⁷+z+1, z⁷+z³+1, z⁸+z⁴+z³+z+1.
/// Tr(1) = d mod 2, so a = 1 gives h = 2 for odd d and h = 4 (no halving) for even d.
/// Capped so that the file runs in about a second: the cost grows as #E².
const FIELDS: &[(u16, &[A], usize)] = &[
    (0b1011, &[A::Zero, A::One, A::Tr0, A::Tr1], 2),
    (0b1_0011, &[A::One, A::Tr1], 1),
    (0b10_0101, &[A::Zero, A::One, A::Tr0, A::Tr1], 2),
    (0b11_1101, &[A::Tr0, A::Tr1], 1),
    (0b100_0011, &[A::One, A::Tr1], 1),
    (0b1000_0011, &[A::Zero, A::One], 1),
    (0b1000_1001, &[A::Tr0, A::Tr1], 1),
    (0b1_0001_1011, &[A::Tr1], 1),
];

fn choose_a(f: &Gf2, choice: A) -> u16 {
    let other = |t: u8| {
        f.elements()
            .skip(2)
            .find(|&a| f.trace(a) == t)
            .expect("both traces occur")
    };
    match choice {
        A::Zero => 0,
        A::One => 1,
        A::Tr0 => other(0),
        A::Tr1 => other(1),
    }
}

/// For each field and a, the first `per_a` values of b (ascending) with #E = h·n, n an
/// odd prime, h = 2 if Tr(a) = 1 else 4.
fn search() -> Vec<(Gf2, u16, u16, usize, usize)> {
    let mut found = Vec::new();
    for &(modulus, choices, per_a) in FIELDS {
        let f = Gf2::new(modulus);
        for &choice in choices {
            let a = choose_a(&f, choice);
            let h = if f.trace(a) == 1 { 2 } else { 4 };
            let mut taken = 0;
            for b in f.elements().skip(1) {
                if taken == per_a {
                    break;
                }
                let count = Oracle::count_points(&f, a, b);
                if count.is_multiple_of(h) && is_prime((count / h) as u64) && count / h >= 3 {
                    found.push((f.clone(), a, b, h, count / h));
                    taken += 1;
                }
            }
        }
    }
    found
}

fn build(f: Gf2, a: u16, b: u16, h: usize, n: usize) -> Case {
    let oracle = Oracle::new(f, a, b);
    assert_eq!(oracle.order(), h * n);
    let mut orders = HashMap::new();
    for &p in &oracle.points {
        orders.insert(p, oracle.point_order(p));
    }
    let g = *oracle
        .points
        .iter()
        .find(|p| orders[p] == n)
        .expect("a point of order n (Cauchy)");
    let d = oracle.f.degree();
    let label = format!(
        "d={d} m={} a={a:#x} b={b:#x} h={h} n={n}",
        oracle.f.exponent_list()
    );
    let field = DynBinaryField::new(&oracle.f.exponent_list()).expect("irreducible");
    let Pt::Aff(gx, gy) = g else {
        unreachable!("G ≠ O")
    };
    let curve = BinaryCurve::new(
        field,
        el(a),
        el(b),
        el(gx),
        el(gy),
        BigUint::from(n),
        h as u64,
        &label,
    )
    .unwrap_or_else(|e| panic!("{label}: BinaryCurve::new rejected a valid curve: {e}"));
    Case {
        label,
        oracle,
        curve,
        h,
        n,
        g,
        orders,
    }
}

fn cases() -> &'static [Case] {
    static CASES: OnceLock<Vec<Case>> = OnceLock::new();
    CASES.get_or_init(|| {
        search()
            .into_iter()
            .map(|(f, a, b, h, n)| build(f, a, b, h, n))
            .collect()
    })
}

fn big(k: usize) -> BigUint {
    BigUint::from(k)
}

// ---------------------------------------------------------------------------------
// The oracle itself and the curve set.
// ---------------------------------------------------------------------------------

/// The oracle against facts that do not come from it: products in GF(8) by hand, the
/// point counts of the Koblitz curves from the Lucas sequence of Frobenius traces, the
/// group axioms, and the coverage of the curve search.
#[test]
fn oracle_self_check() {
    // GF(8) = GF(2)[z]/(z³ + z + 1): z·z² = z + 1, z²·z² = z² + z, (z+1)(z²+1) = z².
    let f8 = Gf2::new(0b1011);
    assert_eq!(f8.mul(0b010, 0b100), 0b011);
    assert_eq!(f8.mul(0b100, 0b100), 0b110);
    assert_eq!(f8.mul(0b011, 0b101), 0b100);
    assert_eq!(f8.trace(1), 1);
    // z(z² + 1) = z³ + z = 1.
    assert_eq!(f8.inv(0b010), Some(0b101));
    // z⁴ + z² + 1 = (z² + z + 1)² is refused.
    assert!(std::panic::catch_unwind(|| Gf2::new(0b1_0101)).is_err());

    // The field axioms for every triple of the small fields (every pair for d > 5).
    for &(modulus, _, _) in FIELDS {
        let f = Gf2::new(modulus);
        let small = f.degree() <= 5;
        for x in f.elements() {
            assert_eq!(f.mul(x, 1), x);
            if x != 0 {
                assert_eq!(f.mul(x, f.inv(x).expect("x ≠ 0")), 1);
            }
            for y in f.elements() {
                assert_eq!(f.mul(x, y), f.mul(y, x));
                for z in f.elements().filter(|_| small) {
                    assert_eq!(f.mul(f.mul(x, y), z), f.mul(x, f.mul(y, z)));
                    assert_eq!(f.mul(x, y ^ z), f.mul(x, y) ^ f.mul(x, z));
                }
            }
        }
    }

    // #E(F_2^d) = 2^d + 1 − t_d with t_1 = ±1 (a = 0: t_1 = −1, a = 1: t_1 = 1 on
    // y² + xy = x³ + ax² + 1), t_0 = 2, t_k = t_1·t_(k−1) − 2·t_(k−2).
    for &(modulus, _, _) in FIELDS {
        let f = Gf2::new(modulus);
        let d = f.degree();
        for (a, t1) in [(0u16, -1i64), (1, 1)] {
            let (mut t_prev, mut t) = (2i64, t1);
            for _ in 1..d {
                (t_prev, t) = (t, t1 * t - 2 * t_prev);
            }
            let want = (1i64 << d) + 1 - t;
            assert_eq!(
                Oracle::count_points(&f, a, 1) as i64,
                want,
                "Koblitz count d={d} a={a}"
            );
            assert_eq!(Oracle::new(f.clone(), a, 1).order() as i64, want);
        }
    }

    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut seen = std::collections::BTreeSet::new();
    for c in cases() {
        let o = &c.oracle;
        let q = o.f.size() as i64;
        let t = q + 1 - o.order() as i64;
        assert!(t * t <= 4 * q, "{}: Hasse", c.label);
        assert_eq!((o.f.trace(o.a) == 1), (c.h == 2), "{}", c.label);
        assert_eq!(c.orders[&c.g], c.n);
        assert_eq!(c.subgroup().len(), c.n, "{}: |⟨G⟩| = n", c.label);
        // Exactly one point of order 2, (0, √b); h = 4 has two of order 4 (cyclic Z/4).
        let of_order = |k: usize| c.orders.values().filter(|&&o| o == k).count();
        assert_eq!(of_order(2), 1, "{}", c.label);
        assert_eq!(c.orders[&Pt::Aff(0, o.f.sqrt(o.b))], 2);
        assert_eq!(of_order(4), if c.h == 4 { 2 } else { 0 }, "{}", c.label);
        // Identity and inverses for every point; commutativity and associativity on
        // random pairs and triples.
        let pts = &o.points;
        for &p in pts {
            assert_eq!(o.add(p, o.neg(p)), Pt::Inf);
            assert_eq!(o.add(p, Pt::Inf), p);
            for _ in 0..8 {
                let q = pts[rng.gen_range(0..pts.len())];
                let r = pts[rng.gen_range(0..pts.len())];
                assert_eq!(o.add(p, q), o.add(q, p));
                assert_eq!(o.add(o.add(p, q), r), o.add(p, o.add(q, r)), "{}", c.label);
            }
        }
        seen.insert((o.f.degree(), c.h));
        println!("{}", c.label);
    }
    // Odd d with both cofactors, even d with both.
    for d in [3, 5, 7] {
        assert!(seen.contains(&(d, 2)) && seen.contains(&(d, 4)), "d={d}");
    }
    for d in [4, 6, 8] {
        assert!(seen.contains(&(d, 2)), "d={d}");
    }
    // Koblitz curves (τNAF): d = 3 with a = 1 (#E = 14), d = 5 with a = 0 and 1 (44,
    // 22), d = 7 with a = 0 and 1 (116, 142) — the counts checked above.
    let koblitz: Vec<(u32, u16)> = cases()
        .iter()
        .filter(|c| c.koblitz())
        .map(|c| (c.oracle.f.degree(), c.oracle.a))
        .collect();
    assert_eq!(koblitz, [(3, 1), (5, 0), (5, 1), (7, 0), (7, 1)]);
}

// ---------------------------------------------------------------------------------
// 1–3: membership and the group law.
// ---------------------------------------------------------------------------------

#[test]
fn is_on_curve_every_pair() {
    for c in cases() {
        assert!(c.curve.is_on_curve(&AffinePoint::Infinity));
        let mut on = 0;
        for x in c.oracle.f.elements() {
            for y in c.oracle.f.elements() {
                let want = c.oracle.on_curve(x, y);
                let p = c.lib(Pt::Aff(x, y));
                assert_eq!(
                    c.curve.is_on_curve(&p),
                    want,
                    "{} ({x:#x}, {y:#x})",
                    c.label
                );
                assert_eq!(c.curve.check_on_curve(&p).is_ok(), want);
                assert_eq!(c.curve.point(el(x), el(y)).is_ok(), want);
                on += want as usize;
            }
        }
        assert_eq!(on + 1, c.h * c.n, "{}", c.label);
        // The accessors.
        assert_eq!(*c.curve.order(), big(c.n));
        assert_eq!(c.curve.cofactor(), c.h as u64);
        assert_eq!(c.curve.two_adicity(), c.h.trailing_zeros());
        assert_eq!(c.curve.degree(), c.oracle.f.degree());
        assert_eq!(c.back(&c.curve.generator()), c.g);
        let t2 = c.back(&c.curve.two_torsion());
        assert_eq!(c.orders.get(&t2), Some(&2), "{}: two_torsion", c.label);
        assert_eq!(
            c.curve.halving_unsupported().is_none(),
            c.halving_supported(),
            "{}",
            c.label
        );
    }
}

#[test]
fn affine_group_law_every_pair() {
    for c in cases() {
        let o = &c.oracle;
        for &p in &o.points {
            let lp = c.lib(p);
            assert_eq!(c.back(&c.curve.neg(&lp)), o.neg(p), "{} −{p:?}", c.label);
            assert_eq!(
                c.back(&c.curve.double_vartime(&lp)),
                o.double(p),
                "{} 2·{p:?}",
                c.label
            );
            for &q in &o.points {
                let lq = c.lib(q);
                assert_eq!(
                    c.back(&c.curve.add_vartime(&lp, &lq)),
                    o.add(p, q),
                    "{} {p:?} + {q:?}",
                    c.label
                );
                assert_eq!(
                    c.back(&c.curve.sub_vartime(&lp, &lq)),
                    o.sub(p, q),
                    "{} {p:?} − {q:?}",
                    c.label
                );
            }
        }
    }
}

#[test]
fn lopez_dahab_every_pair() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for c in cases() {
        let o = &c.oracle;
        let cv = &c.curve;
        // Every point with Z = 1 and with a random Z, one batch conversion of them all.
        let mut batch = Vec::new();
        let mut batch_want = Vec::new();
        for &p in &o.points {
            let lp = c.lib(p);
            let from = cv.ld_from_affine(&lp);
            match p {
                Pt::Inf => assert!(c.unel(&from.z) == 0 && c.unel(&from.x) != 0),
                Pt::Aff(x, y) => assert_eq!(
                    from,
                    LdPoint {
                        x: el(x),
                        y: el(y),
                        z: el(1)
                    }
                ),
            }
            for z in [1, c.random_nonzero(&mut rng)] {
                let s = c.ld_scaled(p, z);
                let ctx = || format!("{} {p:?} Z={z:#x}", c.label);
                assert_eq!(c.back(&cv.ld_to_affine(&s)), p, "{} to_affine", ctx());
                assert_eq!(c.ld_back(&cv.ld_neg(&s)), o.neg(p), "{} neg", ctx());
                assert_eq!(
                    c.ld_back(&cv.ld_double(&s)),
                    o.double(p),
                    "{} double",
                    ctx()
                );
                batch.push(s);
                batch_want.push(p);
            }
        }
        let got: Vec<Pt> = cv
            .ld_to_affine_many(&batch)
            .iter()
            .map(|p| c.back(p))
            .collect();
        assert_eq!(got, batch_want, "{} ld_to_affine_many", c.label);
        assert!(cv.ld_to_affine_many(&[]).is_empty());
        // Every pair, one operand scaled by a random Z (both for the general addition).
        for &p in &o.points {
            for &q in &o.points {
                let want = o.add(p, q);
                let (z1, z2) = (c.random_nonzero(&mut rng), c.random_nonzero(&mut rng));
                let (s1, s2) = (c.ld_scaled(p, z1), c.ld_scaled(q, z2));
                let ctx = || format!("{} {p:?} (Z={z1:#x}) + {q:?} (Z={z2:#x})", c.label);
                let mixed = cv.ld_add_mixed_vartime(&s1, &c.lib(q));
                assert_eq!(c.ld_back(&mixed), want, "{} mixed", ctx());
                assert_eq!(
                    c.ld_back(&cv.ld_add_vartime(&s1, &s2)),
                    want,
                    "{} add",
                    ctx()
                );
            }
        }
    }
}

/// The λ-projective formulas (`ec2::lambda`) on every point and every pair, one
/// operand scaled by a random Z (both for the general addition), the λ-affine operand
/// of the mixed addition and of 2P + Q for every Q with x ≠ 0; conversions, batch
/// conversions, negation. The point of order 2 and the points of order 4 and 2n, 4n
/// are among them.
#[test]
fn lambda_projective_every_pair() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for c in cases() {
        let o = &c.oracle;
        let cv = &c.curve;
        let mut batch = Vec::new();
        let mut batch_want = Vec::new();
        for &p in &o.points {
            let lp = c.lib(p);
            assert_eq!(
                c.lambda_back(&cv.lambda_proj_from_affine(&lp)),
                p,
                "{} from_affine {p:?}",
                c.label
            );
            for z in [1, c.random_nonzero(&mut rng)] {
                let s = c.lambda_scaled(p, z);
                let ctx = || format!("{} {p:?} Z={z:#x}", c.label);
                assert_eq!(
                    c.back(&cv.lambda_proj_to_affine(&s)),
                    p,
                    "{} to_affine",
                    ctx()
                );
                assert_eq!(
                    c.lambda_back(&cv.lambda_proj_neg(&s)),
                    o.neg(p),
                    "{} neg",
                    ctx()
                );
                assert_eq!(
                    c.lambda_back(&cv.lambda_proj_double(&s)),
                    o.double(p),
                    "{} double",
                    ctx()
                );
                batch.push(s);
                batch_want.push(p);
            }
            if let Some(l) = c.lambda_affine(p) {
                assert_eq!(Some(cv.lambda_neg(&l)), c.lambda_affine(o.neg(p)));
            }
        }
        let got: Vec<Pt> = cv
            .lambda_proj_to_affine_many(&batch)
            .iter()
            .map(|p| c.back(p))
            .collect();
        assert_eq!(got, batch_want, "{} to_affine_many", c.label);
        let lam = cv.lambda_proj_to_lambda_many(&batch);
        for (l, &p) in lam.iter().zip(&batch_want) {
            assert_eq!(l, &c.lambda_affine(p), "{} to_lambda_many {p:?}", c.label);
        }
        for &p in &o.points {
            for &q in &o.points {
                let want = o.add(p, q);
                let (z1, z2) = (c.random_nonzero(&mut rng), c.random_nonzero(&mut rng));
                let (s1, s2) = (c.lambda_scaled(p, z1), c.lambda_scaled(q, z2));
                let ctx = || format!("{} {p:?} (Z={z1:#x}) + {q:?} (Z={z2:#x})", c.label);
                assert_eq!(
                    c.lambda_back(&cv.lambda_proj_add_vartime(&s1, &s2)),
                    want,
                    "{} add",
                    ctx()
                );
                let Some(lq) = c.lambda_affine(q) else {
                    continue;
                };
                assert_eq!(
                    c.lambda_back(&cv.lambda_proj_add_mixed_vartime(&s1, &lq)),
                    want,
                    "{} mixed",
                    ctx()
                );
                assert_eq!(
                    c.lambda_back(&cv.lambda_proj_double_add_vartime(&s1, &lq)),
                    o.add(o.double(p), q),
                    "{} 2P + Q",
                    ctx()
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// 4–5: subgroup membership, public-point validation, halving.
// ---------------------------------------------------------------------------------

#[test]
fn subgroup_membership_and_validation() {
    for c in cases() {
        for &p in &c.oracle.points {
            assert_eq!(
                c.curve.in_subgroup_vartime(&c.lib(p)),
                c.in_subgroup(p),
                "{} {p:?} of order {}",
                c.label,
                c.orders[&p]
            );
        }
        let check = |p: Pt| {
            let got = c.curve.validate_public_point(&c.lib(p), "test point");
            let on = c.oracle.contains(p);
            let ctx = || format!("{} {p:?}: {got:?}", c.label);
            match &got {
                Err(Error::PointAtInfinity { .. }) => assert_eq!(p, Pt::Inf, "{}", ctx()),
                Err(Error::PointNotOnCurve { .. }) => assert!(!on, "{}", ctx()),
                Err(Error::PointNotInSubgroup { .. }) => {
                    assert!(on && p != Pt::Inf && !c.in_subgroup(p), "{}", ctx())
                }
                Ok(()) => assert!(on && p != Pt::Inf && c.in_subgroup(p), "{}", ctx()),
                Err(e) => panic!("{}: unexpected error {e}", ctx()),
            }
        };
        check(Pt::Inf);
        for x in c.oracle.f.elements() {
            for y in c.oracle.f.elements() {
                check(Pt::Aff(x, y));
            }
        }
    }
}

#[test]
fn halving_every_point() {
    for c in cases() {
        let o = &c.oracle;
        for &p in &o.points {
            let lp = c.lib(p);
            for (name, got) in [
                ("halve", c.curve.halve(&lp)),
                ("halve_vartime", c.curve.halve_vartime(&lp)),
            ] {
                let ctx = || format!("{} {name}({p:?}), order {}", c.label, c.orders[&p]);
                if !c.halving_supported() {
                    assert!(
                        matches!(got, Err(Error::UnsupportedAlgorithm { .. })),
                        "{}: {got:?}",
                        ctx()
                    );
                    continue;
                }
                let got = got.unwrap_or_else(|e| panic!("{}: {e}", ctx()));
                if c.in_subgroup(p) {
                    let q = c.back(&got.unwrap_or_else(|| panic!("{}: None", ctx())));
                    assert!(o.contains(q), "{}: {q:?} off the curve", ctx());
                    assert!(c.in_subgroup(q), "{}: {q:?} outside ⟨G⟩", ctx());
                    assert_eq!(o.double(q), p, "{}: 2·{q:?}", ctx());
                } else {
                    assert_eq!(got, None, "{}: a point of even order", ctx());
                }
            }
        }
    }
}

/// Every pair (x, y) off the curve (every one for d ≤ 5, a sample of 64 otherwise) is
/// refused with `PointNotOnCurve` by halving and halve-and-add (on the curves with
/// halving; the others refuse them as `UnsupportedAlgorithm`, `halving_every_point`)
/// and by `mul` with every method and with `auto`: before these checks a halving or a
/// scalar multiplication of such a pair returned a meaningless point.
#[test]
fn off_curve_points_are_refused() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0ff_c0e5);
    for c in cases() {
        let o = &c.oracle;
        let elements: Vec<u16> = o.f.elements().collect();
        let mut off: Vec<Pt> = elements
            .iter()
            .flat_map(|&x| elements.iter().map(move |&y| Pt::Aff(x, y)))
            .filter(|&p| !o.contains(p))
            .collect();
        if o.f.degree() > 5 {
            for i in 0..64.min(off.len()) {
                let j = rng.gen_range(i..off.len());
                off.swap(i, j);
            }
            off.truncate(64);
        }
        let k = BigUint::from(5u32);
        for &p in &off {
            let lp = c.lib(p);
            let refused = |what: &str, got: Result<Option<Point>, Error>| {
                assert!(
                    matches!(got, Err(Error::PointNotOnCurve { .. })),
                    "{} {what}({p:?}): {got:?}",
                    c.label
                );
            };
            if c.halving_supported() {
                refused("halve", c.curve.halve(&lp));
                refused("halve_vartime", c.curve.halve_vartime(&lp));
            }
            let some = |r: Result<Point, Error>| r.map(Some);
            refused("mul(auto)", some(c.curve.mul(None, &k, &lp)));
            for alg in ScalarMulAlgorithm::ALL {
                refused(alg.name(), some(c.curve.mul(Some(alg), &k, &lp)));
            }
            if c.halving_supported() {
                refused(
                    "mul_halve_and_add_vartime",
                    some(c.curve.mul_halve_and_add_vartime(&k, &lp, 4)),
                );
                refused(
                    "mul_halve_and_add_ld_vartime",
                    some(c.curve.mul_halve_and_add_ld_vartime(&k, &lp, 4)),
                );
            }
        }
    }
}

/// Chains of halvings in the λ-representation, as halve-and-add runs them: from
/// `lambda_point_vartime` (which carries λ̂ = H(x + a) on cofactor-4 curves and, for the
/// chained form, on cofactor-2 curves of odd degree), three halvings of every point of
/// ⟨G⟩ with x ≠ 0, variable-time and constant-time alike. Each result doubles back to
/// the previous point by the oracle's law, lies in ⟨G⟩, and carries λ̂ = H(x + a) by
/// the oracle's half-trace Σ x^(4^i) (or `None` where the chain carries none). On
/// cofactor-4 curves a point given without λ̂ is halved alike (λ̂ computed). On the
/// curves without halving, `halve_lambda` of every such point, with or without a λ̂,
/// is `UnsupportedAlgorithm` (a λ̂ given there used to reach a panic). Every halving is
/// also made in place (`halve_lambda_in_place`), with the same result, and the point
/// left unchanged on an error.
#[test]
fn halving_chains_every_point() {
    for c in cases() {
        if !c.halving_supported() {
            for &p in &c.oracle.points {
                let Some(lp) = c.lambda_affine(p) else {
                    continue;
                };
                let with_hat = LambdaPoint {
                    lambda_hat: Some(lp.x.clone()),
                    ..lp.clone()
                };
                for given in [lp, with_hat] {
                    for got in [
                        c.curve.halve_lambda::<false>(&given),
                        c.curve.halve_lambda::<true>(&given),
                    ] {
                        assert!(
                            matches!(got, Err(Error::UnsupportedAlgorithm { .. })),
                            "{} halve_lambda({given:?}): {got:?}",
                            c.label
                        );
                    }
                    for ct in [false, true] {
                        let mut in_place = given.clone();
                        let got = if ct {
                            c.curve.halve_lambda_in_place::<true>(&mut in_place)
                        } else {
                            c.curve.halve_lambda_in_place::<false>(&mut in_place)
                        };
                        assert!(
                            matches!(got, Err(Error::UnsupportedAlgorithm { .. })),
                            "{} halve_lambda_in_place({given:?}): {got:?}",
                            c.label
                        );
                        assert_eq!(in_place, given, "{}: unchanged on an error", c.label);
                    }
                }
            }
            continue;
        }
        let o = &c.oracle;
        let d = o.f.degree();
        let half_trace = |x: u16| {
            let (mut s, mut p) = (0u16, x);
            for _ in 0..d.div_ceil(2) {
                s ^= p;
                p = o.f.sqr(o.f.sqr(p));
            }
            s
        };
        // λ̂ is carried on cofactor-4 curves, and on cofactor-2 ones of odd degree.
        let carried = c.h == 4 || d % 2 == 1;
        for &p in &o.points {
            let Pt::Aff(x, _) = p else { continue };
            if x == 0 || !c.in_subgroup(p) {
                continue;
            }
            let ctx = |step: usize| format!("{} chain from {p:?}, halving {step}", c.label);
            let mut cur = c
                .curve
                .lambda_point_vartime(&c.lib(p))
                .unwrap_or_else(|| panic!("{}", ctx(0)));
            let mut at = p;
            for step in 1..=3 {
                let hat = cur.lambda_hat.as_ref().map(|h| c.unel(h));
                let xc = c.unel(&cur.x);
                let want_hat = carried.then(|| half_trace(o.f.add(xc, o.a)));
                assert_eq!(hat, want_hat, "{}: λ̂ of the input", ctx(step));
                // Both forms, returned and in place, which must agree.
                let halve = |l: &LambdaPoint<Vec<u64>>, ct: bool| {
                    let mut in_place = l.clone();
                    let (got, done) = if ct {
                        (
                            c.curve.halve_lambda::<true>(l),
                            c.curve.halve_lambda_in_place::<true>(&mut in_place),
                        )
                    } else {
                        (
                            c.curve.halve_lambda::<false>(l),
                            c.curve.halve_lambda_in_place::<false>(&mut in_place),
                        )
                    };
                    let got = got.unwrap_or_else(|e| panic!("{}: {e}", ctx(step)));
                    done.unwrap_or_else(|e| panic!("{}: in place: {e}", ctx(step)));
                    assert_eq!(in_place, got, "{}: in place differs", ctx(step));
                    got
                };
                let next = halve(&cur, false);
                let next_ct = halve(&cur, true);
                assert_eq!(next, next_ct, "{}: constant-time form differs", ctx(step));
                if !carried {
                    // Even d, cofactor 2: a λ̂ given anyway is ignored, never a panic.
                    let mut given = cur.clone();
                    given.lambda_hat = Some(cur.x.clone());
                    assert_eq!(halve(&given, false), next, "{}", ctx(step));
                }
                if c.h == 4 {
                    // Cofactor 4 without the carried λ̂: computed, the same half.
                    let mut bare = cur.clone();
                    bare.lambda_hat = None;
                    for ct in [false, true] {
                        assert_eq!(halve(&bare, ct), next, "{}: λ̂ not given", ctx(step));
                    }
                }
                let q = c.back(&c.curve.lambda_to_affine(&next));
                assert!(o.contains(q), "{}: {q:?} off the curve", ctx(step));
                assert!(c.in_subgroup(q), "{}: {q:?} outside ⟨G⟩", ctx(step));
                assert_eq!(o.double(q), at, "{}: 2·{q:?}", ctx(step));
                at = q;
                cur = next;
            }
        }
    }
}

// ---------------------------------------------------------------------------------
// 6: scalar multiplication.
// ---------------------------------------------------------------------------------

/// Which (P, k) the scalar-multiplication tests try, k in 0..=2n+3: every pair when n
/// is at most [`FULL_N`]; otherwise every k for a few points (O, G, and one random
/// point of each order that occurs: all digit patterns) and every point for a few k
/// (0, 1, 2, 3, n − 1, n, n + 1, 2n − 1, 2n + 3 and two random: all coordinate
/// patterns, including those of the points of order 2, 4, 2n, 4n). Every P with
/// every k would cost n² scalar multiplications per method and width (about 30 s).
struct Plan {
    every_k: Vec<Pt>,
    some_k: Vec<usize>,
}

/// The largest n with every (P, k) tried.
const FULL_N: usize = 7;

fn plan(c: &Case, points: &[Pt], seed: u64) -> Plan {
    let kmax = 2 * c.n + 3;
    if c.n <= FULL_N {
        return Plan {
            every_k: points.to_vec(),
            some_k: Vec::new(),
        };
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut every_k = Vec::new();
    for p in [Pt::Inf, c.g] {
        if points.contains(&p) {
            every_k.push(p);
        }
    }
    let mut by_order: Vec<(usize, Pt)> = points.iter().map(|&p| (c.orders[&p], p)).collect();
    by_order.sort();
    by_order.dedup_by_key(|(o, _)| *o);
    for (order, _) in by_order {
        let of_order: Vec<Pt> = points
            .iter()
            .copied()
            .filter(|p| c.orders[p] == order)
            .collect();
        let p = of_order[rng.gen_range(0..of_order.len())];
        if !every_k.contains(&p) {
            every_k.push(p);
        }
    }
    let mut some_k = vec![0, 1, 2, 3, c.n - 1, c.n, c.n + 1, 2 * c.n - 1, kmax];
    some_k.push(rng.gen_range(4..c.n - 1));
    some_k.push(rng.gen_range(c.n + 2..kmax));
    Plan { every_k, some_k }
}

impl Plan {
    /// Calls `check(P, k, kP, widths)` (kP by the oracle, repeated addition) on the
    /// plan: `widths` is every w-NAF width 2..=6 for the points with every k, one width
    /// in turn (over the points and the k) for the others.
    fn run(&self, c: &Case, points: &[Pt], mut check: impl FnMut(Pt, usize, Pt, &[u32])) {
        const WIDTHS: [u32; 5] = [2, 3, 4, 5, 6];
        let kmax = 2 * c.n + 3;
        let mut turn = 0;
        for &p in points {
            let multiples = c.oracle.multiples(p, kmax);
            if self.every_k.contains(&p) {
                for (k, &kp) in multiples.iter().enumerate() {
                    check(p, k, kp, &WIDTHS);
                }
            } else {
                for &k in &self.some_k {
                    turn += 1;
                    check(p, k, multiples[k], &WIDTHS[turn % 5..turn % 5 + 1]);
                }
            }
        }
    }
}

/// kP for P ∈ ⟨G⟩ and k in 0..=2n+3 (see [`Plan`]), by every method, auto, and the
/// w-NAF (López–Dahab and λ) and halve-and-add (López–Dahab and λ accumulators)
/// methods for every width 2..=6.
#[test]
fn scalar_mul_every_method_on_subgroup() {
    for (i, c) in cases().iter().enumerate() {
        let cv = &c.curve;
        let points = c.subgroup();
        plan(c, &points, 60 + i as u64).run(c, &points, |p, k, want, widths| {
            let (lp, kb) = (c.lib(p), big(k));
            for alg in ScalarMulAlgorithm::ALL {
                let got = cv.mul(Some(alg), &kb, &lp);
                let unsupported = match alg {
                    ScalarMulAlgorithm::HalveAndAddVartime => !c.halving_supported(),
                    ScalarMulAlgorithm::TnafVartime | ScalarMulAlgorithm::Tnaf => !c.koblitz(),
                    _ => false,
                };
                if unsupported {
                    assert!(
                        matches!(got, Err(Error::UnsupportedAlgorithm { .. })),
                        "{} k={k} P={p:?} {alg:?}: {got:?}",
                        c.label
                    );
                    continue;
                }
                let got = got.map(|q| c.back(&q));
                assert_eq!(got, Ok(want), "{} k={k} P={p:?} {alg:?}", c.label);
            }
            let auto = cv.mul(None, &kb, &lp).map(|q| c.back(&q));
            assert_eq!(auto, Ok(want), "{} k={k} P={p:?} auto", c.label);
            for &w in widths {
                let got = c.back(&cv.mul_wnaf_vartime(&kb, &lp, w));
                assert_eq!(got, want, "{} k={k} P={p:?} wnaf w={w}", c.label);
                check_tnaf_and_comb(c, p, k, want, w);
                let got = c.back(&cv.mul_wnaf_lambda_vartime(&kb, &lp, w));
                assert_eq!(got, want, "{} k={k} P={p:?} wnaf-lambda w={w}", c.label);
                for (name, got) in [
                    ("ld", cv.mul_halve_and_add_ld_vartime(&kb, &lp, w)),
                    ("lambda", cv.mul_halve_and_add_vartime(&kb, &lp, w)),
                ] {
                    if c.halving_supported() {
                        let got = got.map(|q| c.back(&q));
                        assert_eq!(
                            got,
                            Ok(want),
                            "{} k={k} P={p:?} halve-and-add ({name}) w={w}",
                            c.label
                        );
                    } else {
                        assert!(
                            matches!(got, Err(Error::UnsupportedAlgorithm { .. })),
                            "{} k={k} P={p:?} {name} w={w}: {got:?}",
                            c.label
                        );
                    }
                }
            }
        });
    }
}

/// τNAF of width `w` (Koblitz curves; every other curve refuses it) and combs of width
/// `w` with one to three tables, for kP = `want`.
fn check_tnaf_and_comb(c: &Case, p: Pt, k: usize, want: Pt, w: u32) {
    let (cv, lp, kb) = (&c.curve, c.lib(p), big(k));
    let got = cv.mul_tnaf_vartime(&kb, &lp, w);
    if c.koblitz() {
        let got = got.map(|q| c.back(&q));
        assert_eq!(got, Ok(want), "{} τNAF w={w} k={k} P={p:?}", c.label);
    } else {
        assert!(
            matches!(got, Err(Error::UnsupportedAlgorithm { .. })),
            "{} τNAF w={w}: {got:?}",
            c.label
        );
    }
    for v in 1..=3 {
        let got = FixedBaseComb::new(cv, &lp, w, v).mul_vartime(cv, &kb);
        assert_eq!(
            c.back(&got),
            want,
            "{} comb w={w} v={v} k={k} P={p:?}",
            c.label
        );
    }
    if p == c.g {
        assert_eq!(
            c.back(&cv.mulgen_vartime(&kb)),
            want,
            "{} mulgen k={k}",
            c.label
        );
    }
}

/// w-NAF (López–Dahab and λ) on the points outside ⟨G⟩ (orders 2, 4, 2n, 4n; see
/// [`Plan`]), also through `mul`, and the refusals of the ladder and of halve-and-add
/// for them.
#[test]
fn scalar_mul_outside_subgroup() {
    for (i, c) in cases().iter().enumerate() {
        let cv = &c.curve;
        let points: Vec<Pt> = c
            .oracle
            .points
            .iter()
            .copied()
            .filter(|&p| !c.in_subgroup(p))
            .collect();
        plan(c, &points, 70 + i as u64).run(c, &points, |p, k, want, widths| {
            let (lp, kb) = (c.lib(p), big(k));
            for &w in widths {
                let got = c.back(&cv.mul_wnaf_vartime(&kb, &lp, w));
                assert_eq!(got, want, "{} wnaf w={w} k={k} P={p:?}", c.label);
                check_tnaf_and_comb(c, p, k, want, w);
                let got = c.back(&cv.mul_wnaf_lambda_vartime(&kb, &lp, w));
                assert_eq!(got, want, "{} wnaf-lambda w={w} k={k} P={p:?}", c.label);
            }
            for alg in [
                ScalarMulAlgorithm::WnafVartime,
                ScalarMulAlgorithm::WnafLambdaVartime,
                ScalarMulAlgorithm::TnafVartime,
                ScalarMulAlgorithm::CombVartime,
            ] {
                let got = cv.mul(Some(alg), &kb, &lp);
                if alg == ScalarMulAlgorithm::TnafVartime && !c.koblitz() {
                    assert!(
                        matches!(got, Err(Error::UnsupportedAlgorithm { .. })),
                        "{} {alg:?}: {got:?}",
                        c.label
                    );
                    continue;
                }
                assert_eq!(
                    got.map(|q| c.back(&q)),
                    Ok(want),
                    "{} {alg:?} k={k} P={p:?}",
                    c.label
                );
            }
        });
        for &p in &points {
            let (lp, k) = (c.lib(p), big(1));
            let got = cv.mul(Some(ScalarMulAlgorithm::Ladder), &k, &lp);
            assert!(
                matches!(got, Err(Error::PointNotInSubgroup { .. })),
                "{} ladder P={p:?}: {got:?}",
                c.label
            );
            // The τ-adic method reduces k mod δ too: refused outside ⟨G⟩, and off
            // Koblitz curves whatever the point.
            let got = cv.mul(Some(ScalarMulAlgorithm::Tnaf), &k, &lp);
            let refused = if c.koblitz() {
                matches!(got, Err(Error::PointNotInSubgroup { .. }))
            } else {
                matches!(got, Err(Error::UnsupportedAlgorithm { .. }))
            };
            assert!(refused, "{} tnaf P={p:?}: {got:?}", c.label);
            for got in [
                cv.mul(Some(ScalarMulAlgorithm::HalveAndAddVartime), &k, &lp),
                cv.mul_halve_and_add_vartime(&k, &lp, 4),
                cv.mul_halve_and_add_ld_vartime(&k, &lp, 4),
            ] {
                let ok = if c.halving_supported() {
                    matches!(got, Err(Error::PointNotInSubgroup { .. }))
                } else {
                    matches!(got, Err(Error::UnsupportedAlgorithm { .. }))
                };
                assert!(ok, "{} halve-and-add P={p:?}: {got:?}", c.label);
            }
        }
    }
}

/// The ladder on every point of the curve (the scalar reduced mod n by
/// `scalar_from_biguint`, so the oracle's answer is (k mod n)·P; see [`Plan`]) and its
/// x-only form.
#[test]
fn ladder_every_point() {
    for (i, c) in cases().iter().enumerate() {
        let cv = &c.curve;
        let points = &c.oracle.points;
        plan(c, points, 80 + i as u64).run(c, points, |p, k, _, _| {
            let s = cv.scalar_from_biguint(&big(k));
            assert_eq!(s.to_biguint(), big(k % c.n), "{} k={k}", c.label);
            let want = c.oracle.mul((k % c.n) as u64, p);
            let got = c.back(&cv.mul_ladder(&s, &c.lib(p)));
            assert_eq!(
                got,
                want,
                "{} ladder k={k} (≡ {} mod n) P={p:?}",
                c.label,
                k % c.n
            );
            if let Pt::Aff(x, _) = p {
                let got = cv.mul_ladder_x(&s, &el(x)).map(|x| c.unel(&x));
                let want_x = match want {
                    Pt::Inf => None,
                    Pt::Aff(x, _) => Some(x),
                };
                assert_eq!(got, want_x, "{} ladder_x k={k} P={p:?}", c.label);
            }
        });
    }
}

// ---------------------------------------------------------------------------------
// 7–8: scalars and w-NAF digits.
// ---------------------------------------------------------------------------------

#[test]
fn scalar_from_be_bytes_accepts_exactly_1_to_n_minus_1() {
    for c in cases() {
        let cv = &c.curve;
        assert!(cv.scalar_from_be_bytes(&[]).is_err(), "{}: empty", c.label);
        for v in 0..=c.n + 2 {
            let accept = (1..c.n).contains(&v);
            let be = (v as u64).to_be_bytes();
            let mut encodings: Vec<Vec<u8>> = Vec::new();
            if v < 256 {
                encodings.push(vec![v as u8]);
            }
            for len in [2, 3, 8, 9, 17] {
                let mut e = vec![0u8; len - 2];
                e.extend_from_slice(&be[6..]);
                encodings.push(e);
            }
            for e in encodings {
                let got = cv.scalar_from_be_bytes(&e);
                let ctx = || format!("{} v={v} bytes={e:02x?}", c.label);
                match got {
                    Ok(s) => {
                        assert!(accept, "{}: accepted", ctx());
                        assert_eq!(s.to_biguint(), big(v), "{}", ctx());
                    }
                    Err(Error::OutOfRange { .. }) => assert!(!accept, "{}: rejected", ctx()),
                    Err(e) => panic!("{}: unexpected error {e}", ctx()),
                }
                // A nonzero byte beyond the low bits makes any value too large.
                for pos in 0..e.len().saturating_sub(1) {
                    let mut high = e.clone();
                    high[pos] = 1;
                    let high_value = BigUint::from_bytes_be(&high);
                    if high_value >= big(c.n) {
                        assert!(
                            cv.scalar_from_be_bytes(&high).is_err(),
                            "{} pos {pos}",
                            ctx()
                        );
                    }
                }
            }
        }
    }
}

fn check_wnaf(k: &[u64], w: u32) {
    let digits = wnaf_digits(k, w);
    let ctx = || format!("k={k:x?} w={w} digits={digits:?}");
    let mut value = BigInt::from(0);
    for (i, &d) in digits.iter().enumerate() {
        value += BigInt::from(d) << i;
        if d != 0 {
            assert!(d % 2 != 0, "{}: even digit at {i}", ctx());
            assert!(
                (d as i32).abs() < 1 << (w - 1),
                "{}: digit {d} too large",
                ctx()
            );
            let next = digits.iter().enumerate().skip(i + 1).take(w as usize - 1);
            for (j, &e) in next {
                assert_eq!(e, 0, "{}: digits {i} and {j} both nonzero", ctx());
            }
        }
    }
    let mut want = BigInt::from(0);
    for (i, &word) in k.iter().enumerate() {
        want += BigInt::from(word) << (64 * i);
    }
    assert_eq!(value, want, "{}: Σ d_i 2^i", ctx());
    if let Some(&top) = digits.last() {
        assert!(top > 0, "{}: leading digit", ctx());
    }
}

#[test]
fn wnaf_digits_reconstruct_and_are_sparse() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for w in 2..=8 {
        assert!(wnaf_digits(&[], w).is_empty() && wnaf_digits(&[0], w).is_empty());
        for k in 0..=1100u64 {
            check_wnaf(&[k], w);
        }
        for k in [
            u64::MAX,
            u64::MAX - 1,
            1 << 63,
            (1 << 63) - 1,
            0xaaaa_aaaa_aaaa_aaaa,
        ] {
            check_wnaf(&[k], w);
            check_wnaf(&[k, k], w);
            check_wnaf(&[k, 0, 1], w);
        }
        for _ in 0..300 {
            check_wnaf(&[rng.gen::<u64>()], w);
            check_wnaf(&[rng.gen::<u64>(), rng.gen::<u64>()], w);
            check_wnaf(&[rng.gen::<u64>() >> rng.gen_range(0..64)], w);
            // Scalars of 2–9 words (163–571 bits), windows straddling words, carries
            // of negative digits across them.
            let words: Vec<u64> = (0..rng.gen_range(2..=9)).map(|_| rng.gen()).collect();
            check_wnaf(&words, w);
            let ones: Vec<u64> = (0..rng.gen_range(2..=9)).map(|_| u64::MAX).collect();
            check_wnaf(&ones, w);
        }
    }
}

/// `random_scalar_vartime` draws from [1, n) and reaches all of it;
/// `random_point_vartime` draws points of ⟨G⟩ other than O.
#[test]
fn random_scalars_and_points() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for c in cases() {
        let mut seen = vec![false; c.n];
        for _ in 0..30 * c.n {
            let k = c.curve.random_scalar_vartime(&mut rng);
            let k = usize::try_from(&k).expect("small");
            assert!((1..c.n).contains(&k), "{}: k = {k}", c.label);
            seen[k] = true;
        }
        assert!(
            seen[1..].iter().all(|&s| s),
            "{}: some k never drawn",
            c.label
        );
        for _ in 0..4 {
            let p = c.back(&c.curve.random_point_vartime(&mut rng));
            assert!(
                p != Pt::Inf && c.oracle.contains(p) && c.in_subgroup(p),
                "{}",
                c.label
            );
        }
    }
}

// ---------------------------------------------------------------------------------
// Curve validation.
// ---------------------------------------------------------------------------------

#[test]
fn new_rejects_bad_parameters() {
    for c in cases() {
        let o = &c.oracle;
        let Pt::Aff(gx, gy) = c.g else { unreachable!() };
        let field = || DynBinaryField::new(&o.f.exponent_list()).expect("field");
        let try_new = |a: u16, b: u16, g: (u16, u16), n: usize, h: u64| {
            BinaryCurve::new(field(), el(a), el(b), el(g.0), el(g.1), big(n), h, "bad")
        };
        let rejected = |what: &str, r: Result<Curve, Error>| {
            assert!(
                matches!(r, Err(Error::InvalidCurve { .. })),
                "{}: {what} accepted or wrong error: {:?}",
                c.label,
                r.map(|_| ())
            );
        };
        let h = c.h as u64;
        // The reference: the right parameters are accepted.
        assert!(try_new(o.a, o.b, (gx, gy), c.n, h).is_ok(), "{}", c.label);
        rejected("b = 0", try_new(o.a, 0, (gx, gy), c.n, h));
        // A G off the curve (the first one the oracle finds).
        let off =
            o.f.elements()
                .flat_map(|x| o.f.elements().map(move |y| (x, y)))
                .find(|&(x, y)| !o.on_curve(x, y))
                .expect("some pair is off the curve");
        rejected("G off the curve", try_new(o.a, o.b, off, c.n, h));
        // Orders that are not odd primes: 0, 1, 2, even, composite (odd).
        for bad_n in [0, 1, 2, 2 * c.n, 9, 15, c.n * 3] {
            rejected("non-prime order", try_new(o.a, o.b, (gx, gy), bad_n, h));
        }
        // Cofactor 0; a cofactor beyond the Hasse bound; the other 2-adicity (h = 8 is
        // beyond the bound too, h = 2 ↔ 4 has the wrong trace and maybe the bound).
        rejected("h = 0", try_new(o.a, o.b, (gx, gy), c.n, 0));
        rejected("h = 8h", try_new(o.a, o.b, (gx, gy), c.n, 8 * h));
        rejected("other h", try_new(o.a, o.b, (gx, gy), c.n, 6 - h));
        // A prime order within the Hasse bound with the right 2-adicity but not the order
        // of G: the trace test passes, n'·G = O fails.
        let q = o.f.size() as i64;
        for n2 in (3..=q as usize).filter(|&m| is_prime(m as u64) && m != c.n) {
            let t = q + 1 - (c.h * n2) as i64;
            if t * t <= 4 * q {
                rejected("wrong n", try_new(o.a, o.b, (gx, gy), n2, h));
            }
        }
        // A trace-mismatched a: the same count claimed for a of the other trace (the
        // curve changes, so G is usually off it; any InvalidCurve will do).
        let other_a =
            o.f.elements()
                .find(|&a| o.f.trace(a) != o.f.trace(o.a))
                .expect("both traces");
        rejected(
            "a of the other trace",
            try_new(other_a, o.b, (gx, gy), c.n, h),
        );
        // Generators of the wrong order: every point of order ≠ n.
        for (&p, &ord) in &c.orders {
            if let (Pt::Aff(x, y), true) = (p, ord != c.n) {
                rejected("G of the wrong order", try_new(o.a, o.b, (x, y), c.n, h));
            }
        }
    }
}
