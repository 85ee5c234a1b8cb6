//! Fixed-base comb: kP for a base P used many times (the generator: key generation,
//! signing), with a table built once.
//!
//! Source: Lim–Lee, CRYPTO '94; Hankerson–Menezes–Vanstone, *Guide to ECC*, §3.3.2,
//! Algorithm 3.44 (fixed-base comb, v = 1 table) and 3.45 (the two-table variant,
//! here for any number v of tables).
//!
//! With t = bits(N) (N = n for P ∈ ⟨G⟩, else the group order h·n, so that k mod N
//! leaves kP unchanged for every point), e = ⌈t/(w·v)⌉ and d = v·e, k mod N is written
//! in w rows of d bits, and each row in v blocks of e bits: bit j·d + s·e + i. Table s
//! holds T_s\[a\] = Σ_j a_j·2^(j·d + s·e)·P for the 2^w − 1 nonzero a ∈ {0, 1}^w, in
//! affine coordinates. Then for i = e − 1 down to 0: Q ← 2Q, and for each s,
//! Q ← Q + T_s[column (s, i) of k].
//!
//! Cost: e = ⌈t/(wv)⌉ López–Dahab doublings (4M + 5S, 3M + 5S when b = 1) and
//! v·e·(1 − 2^−w) mixed additions (8M + 5S), one conversion to affine; for B-233,
//! w = 8, v = 2: 15 doublings and about 30 additions against 233 doublings and 47
//! additions for w-NAF. The table: (wv − 1)·e doublings, v·(2^w − w − 1) mixed
//! additions and two simultaneous inversions (the wv base points 2^(re)·P, then the
//! table), and v·(2^w − 1) affine points of memory. So it only pays for a base that
//! is reused: [`BinaryCurve::mulgen_vartime`] keeps the generator's table in the curve
//! (built on first use); [`crate::ec2::ScalarMulAlgorithm::CombVartime`] on another
//! point builds a small table (w = 4, v = 1) for that one call, which is slower than
//! w-NAF. Variable-time: the columns decide the table index and whether to add.

use crate::binary::field::BinaryFieldOps;
use crate::ec2::curve::{AffinePoint, BinaryCurve};
use crate::ec2::scalar::biguint_words;
use num_bigint::BigUint;

/// A fixed-base comb table for one point of one curve.
#[derive(Clone, Debug)]
pub struct FixedBaseComb<E> {
    w: u32,
    v: u32,
    e: usize,
    modulus: BigUint,
    /// v tables of 2^w entries (entry 0, O, unused), table s at s·2^w.
    table: Vec<AffinePoint<E>>,
}

impl<E: Clone> FixedBaseComb<E> {
    /// The comb of width `w` (clamped to [2, 8]) with `v` tables (clamped to [1, 4]) for
    /// the point `p` of `curve`. Variable-time (P is public).
    pub fn new<F: BinaryFieldOps<Elem = E>>(
        curve: &BinaryCurve<F>,
        p: &AffinePoint<E>,
        w: u32,
        v: u32,
    ) -> Self {
        let w = w.clamp(2, 8);
        let v = v.clamp(1, 4);
        let modulus = if curve.in_subgroup_vartime(p) {
            curve.order().clone()
        } else {
            curve.order() * BigUint::from(curve.cofactor())
        };
        let t = modulus.bits() as usize;
        let e = t.div_ceil((w * v) as usize);
        let rows = (w * v) as usize;
        // The base points B_r = 2^(r·e)·P, r = j·v + s.
        let mut base_ld = Vec::with_capacity(rows);
        let mut cur = curve.ld_from_affine(p);
        for r in 0..rows {
            if r > 0 {
                for _ in 0..e {
                    cur = curve.ld_double(&cur);
                }
            }
            base_ld.push(cur.clone());
        }
        let base = curve.ld_to_affine_many(&base_ld);
        let size = 1usize << w;
        let mut ld = Vec::with_capacity(v as usize * size);
        for s in 0..v as usize {
            let start = ld.len();
            ld.push(curve.ld_infinity());
            for a in 1..size {
                let hi = (usize::BITS - 1 - a.leading_zeros()) as usize;
                let b = &base[hi * v as usize + s];
                let rest = a - (1 << hi);
                let entry = if rest == 0 {
                    curve.ld_from_affine(b)
                } else {
                    curve.ld_add_mixed_vartime(&ld[start + rest], b)
                };
                ld.push(entry);
            }
        }
        let table = curve.ld_to_affine_many(&ld);
        FixedBaseComb {
            w,
            v,
            e,
            modulus,
            table,
        }
    }

    /// The width w.
    pub fn width(&self) -> u32 {
        self.w
    }
    /// The number of tables v.
    pub fn tables(&self) -> u32 {
        self.v
    }

    /// kP for any k ≥ 0, on the curve the comb was built for (another curve gives a
    /// meaningless point). Variable-time.
    pub fn mul_vartime<F: BinaryFieldOps<Elem = E>>(
        &self,
        curve: &BinaryCurve<F>,
        k: &BigUint,
    ) -> AffinePoint<E> {
        let k = biguint_words(&(k % &self.modulus));
        let bit =
            |pos: usize| -> usize { k.get(pos / 64).map_or(0, |x| (x >> (pos % 64)) & 1) as usize };
        let (w, v, e) = (self.w as usize, self.v as usize, self.e);
        let d = v * e;
        let size = 1usize << w;
        let mut q = curve.ld_infinity();
        for i in (0..e).rev() {
            q = curve.ld_double(&q);
            for s in 0..v {
                let mut a = 0;
                for j in 0..w {
                    a |= bit(j * d + s * e + i) << j;
                }
                if a != 0 {
                    q = curve.ld_add_mixed_vartime(&q, &self.table[s * size + a]);
                }
            }
        }
        curve.ld_to_affine(&q)
    }
}

impl<F: BinaryFieldOps> BinaryCurve<F> {
    /// The comb width and table count of the generator's cached table.
    pub const GENERATOR_COMB: (u32, u32) = (8, 2);

    /// The generator's comb table ([`Self::GENERATOR_COMB`]), built on first use and
    /// kept in the curve.
    pub fn generator_comb(&self) -> &FixedBaseComb<F::Elem> {
        self.comb_g.get_or_init(|| {
            let (w, v) = Self::GENERATOR_COMB;
            FixedBaseComb::new(self, &self.generator(), w, v)
        })
    }

    /// kG by the generator's cached comb table (any k ≥ 0). Variable-time.
    pub fn mulgen_vartime(&self, k: &BigUint) -> AffinePoint<F::Elem> {
        self.generator_comb().mul_vartime(self, k)
    }

    /// kP by a comb: the cached table when P = G, else a table (w = 4, one table) built
    /// for this call — only worth it for a reused base (see the module docs).
    /// Variable-time.
    pub fn mul_comb_vartime(&self, k: &BigUint, p: &AffinePoint<F::Elem>) -> AffinePoint<F::Elem> {
        if *p == self.generator() {
            self.mulgen_vartime(k)
        } else if p.is_infinity() {
            AffinePoint::Infinity
        } else {
            FixedBaseComb::new(self, p, 4, 1).mul_vartime(self, k)
        }
    }
}
