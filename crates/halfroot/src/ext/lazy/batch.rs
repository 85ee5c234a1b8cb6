//! Batched lazy Karatsuba products in F_q\[X\]/(X^k − α), k = 5, 6, 7: every
//! coefficient product of the two-level Karatsuba of [`super::karatsuba`] is formed
//! first as an operand pair (sums of coefficients, N words plus a small top word),
//! then ALL of them are computed by ONE call to the batch interface
//! `crate::prime::montgomery::wide_batch::mul_wide_many` (a SIMD backend runs several
//! products side by side there), then combined.
//!
//! * k = 5: the 14 products of [`super::fused5`] and its one-pass signed column
//!   combination (which already folds X^5 = α), then 5 REDC. With AVX-512 IFMA the
//!   products come from one kernel that also forms the operand sums (in radix 2^52,
//!   from one transposed load of each factor's five coefficients), and they stay
//!   word-major ([`Products5`], [`Sliced`]: one row of 8 lanes per word) through the
//!   combination into the batch REDC, so no transposition happens between the
//!   kernels. Measured (examples/ext_pieces, whole product, ns, before → after this
//!   layout and kernel): 256 bits 307 → 221, 512 bits 825 → 590, 1024 bits 2079 →
//!   1507.
//! * k = 6: 3 + 3 split, three 3-term Karatsuba products, 18 products.
//! * k = 7: 3 + 4 split, the middle 4-term product sharing a_6·b_6 with the high
//!   half, 6 + 9 + 8 = 23 products.
//!
//! For k = 6, 7 the recombination is the Karatsuba recursion of
//! [`super::karatsuba`] on the batch's results (2N + 1-word additions), then the
//! reduction modulo X^k − α and k REDC of [`super::Engine::finish`].
//!
//! Source: Karatsuba–Ofman 1962; 3-term base case of Weimerskirch–Paar 2006, §3;
//! the 5-term split as in El Mrabet, Guillevic, Ionica, AFRICACRYPT 2011 (14M);
//! lazy reduction of Aranha et al., EUROCRYPT 2011, §3.
//! Cost: 14 / 18 / 23 N×N(+1)-word products in one batch, the sums forming their
//! operands (N + 1 words), the combination, k REDC.
//! Preconditions: coefficients < 2^(64N) (every operand is a sum of at most 4
//! coefficients, so its top word is at most 3 < 2^8, as the batch interface
//! requires); |α| < 2^31. Constant time (no branch or index depends on the operands;
//! the sign of α is public).

#![allow(clippy::needless_range_loop)]

use super::{Ev, Wide};
use crate::prime::montgomery::wide_batch::{karatsuba5_products, mul_wide_many};

/// The products of a batch of `L` operand pairs, each exact as 2N + 1 words, in
/// arrays of capacity `C ≥ L` (the lanes from `L` on multiply zeros: `C = 16` for the
/// 14 products of k = 5 lets an 8-lane backend run two full passes with no copy of a
/// padded tail).
pub struct Products<const N: usize, const L: usize, const C: usize> {
    lo: [[u64; N]; C],
    hi: [[u64; N]; C],
    top: [u64; C],
}

impl<const N: usize, const L: usize, const C: usize> Products<N, L, C> {
    /// `(a[i] + at[i]·2^(64N))·(b[i] + bt[i]·2^(64N))` for every `i < C`, by one call
    /// of the batch interface.
    #[inline(always)]
    pub fn compute(a: &[[u64; N]; C], at: &[u64; C], b: &[[u64; N]; C], bt: &[u64; C]) -> Self {
        let mut p = Products {
            lo: [[0u64; N]; C],
            hi: [[0u64; N]; C],
            top: [0u64; C],
        };
        mul_wide_many::<N>(a, at, b, bt, &mut p.lo, &mut p.hi, &mut p.top);
        p
    }

    /// The batch of the operand lists `a`, `b` (as [`Ev`] values, non-negative with
    /// top words below 2^8), zero operands in the lanes from `L` on.
    #[inline(always)]
    fn of(a: &[Ev<N>; L], b: &[Ev<N>; L]) -> Self {
        let (mut al, mut at) = ([[0u64; N]; C], [0u64; C]);
        let (mut bl, mut bt) = ([[0u64; N]; C], [0u64; C]);
        for i in 0..L.min(C) {
            (al[i], at[i]) = (a[i].lo, a[i].top);
            (bl[i], bt[i]) = (b[i].lo, b[i].top);
        }
        Self::compute(&al, &at, &bl, &bt)
    }

    /// Product `i` as a [`Wide`].
    #[inline(always)]
    fn get(&self, i: usize) -> Wide<N> {
        Wide {
            lo: self.lo[i],
            hi: self.hi[i],
            top: self.top[i],
        }
    }
}

/// Eight double-width values word-major: value `i` is `lo[w][i]` (words 0 … N − 1),
/// `hi[w][i]`, `top[i]`, the layout the 8-lane kernels load and store without
/// transposing. [`mul5_sliced`] leaves the five `T_i` in lanes 0 … 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sliced<const N: usize> {
    pub(crate) lo: [[u64; 8]; N],
    pub(crate) hi: [[u64; 8]; N],
    pub(crate) top: [u64; 8],
}

impl<const N: usize> Sliced<N> {
    /// Eight zeros.
    pub const ZERO: Self = Sliced {
        lo: [[0; 8]; N],
        hi: [[0; 8]; N],
        top: [0; 8],
    };

    /// Value `i` as a [`Wide`].
    pub fn get(&self, i: usize) -> Wide<N> {
        Wide {
            lo: core::array::from_fn(|w| self.lo[w][i]),
            hi: core::array::from_fn(|w| self.hi[w][i]),
            top: self.top[i],
        }
    }
}

/// The 14 products of [`mul5`], word-major in two passes of 8 lanes (product `i` is
/// lane `i mod 8` of pass `i / 8`), as the IFMA kernel writes them.
pub struct Products5<const N: usize> {
    lo: [[[u64; 8]; N]; 2],
    hi: [[[u64; 8]; N]; 2],
    top: [[u64; 8]; 2],
}

impl<const N: usize> Products5<N> {
    /// All zero (the scratch that [`products5_into`] fills).
    pub const ZERO: Self = Products5 {
        lo: [[[0; 8]; N]; 2],
        hi: [[[0; 8]; N]; 2],
        top: [[0; 8]; 2],
    };

    /// `Σ plus − Σ minus ± |α|·(Σ aplus − Σ aminus) (+ offset·2^(64N))` over product
    /// indices, into lane `lane` of `out`: one pass over the words with a signed
    /// 128-bit column accumulator (and a second one for the α group, multiplied by
    /// the word |α| per column), mod 2^(64(2N+1)).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn combine<const P: usize, const M: usize, const AP: usize, const AM: usize>(
        &self,
        plus: [usize; P],
        minus: [usize; M],
        aplus: [usize; AP],
        aminus: [usize; AM],
        alpha: u64,
        neg: bool,
        offset: Option<&([u64; N], u64)>,
        out: &mut Sliced<N>,
        lane: usize,
    ) {
        /// One column: `word(i)` of every term (and `extra`, the offset's word).
        #[inline(always)]
        #[allow(clippy::too_many_arguments)]
        fn column<const P: usize, const M: usize, const AP: usize, const AM: usize>(
            acc: &mut i128,
            acca: &mut i128,
            plus: &[usize; P],
            minus: &[usize; M],
            aplus: &[usize; AP],
            aminus: &[usize; AM],
            alpha: u64,
            neg: bool,
            extra: u64,
            word: impl Fn(usize) -> u64,
        ) -> u64 {
            *acc += extra as i128;
            for &i in plus {
                *acc += word(i) as i128;
            }
            for &i in minus {
                *acc -= word(i) as i128;
            }
            if AP + AM > 0 {
                for &i in aplus {
                    *acca += word(i) as i128;
                }
                for &i in aminus {
                    *acca -= word(i) as i128;
                }
                let wa = *acca as u64;
                *acca >>= 64;
                let pr = (wa as u128 * alpha as u128) as i128;
                if neg {
                    *acc -= pr;
                } else {
                    *acc += pr;
                }
            }
            let out = *acc as u64;
            *acc >>= 64;
            out
        }
        let (mut acc, mut acca) = (0i128, 0i128);
        let (p, m, ap, am) = (&plus, &minus, &aplus, &aminus);
        let (ow, oh) = match offset {
            Some((ow, oh)) => (*ow, *oh),
            None => ([0u64; N], 0),
        };
        for w in 0..N {
            out.lo[w][lane] = column(&mut acc, &mut acca, p, m, ap, am, alpha, neg, 0, |i| {
                self.lo[i / 8][w][i % 8]
            });
        }
        for w in 0..N {
            out.hi[w][lane] = column(&mut acc, &mut acca, p, m, ap, am, alpha, neg, ow[w], |i| {
                self.hi[i / 8][w][i % 8]
            });
        }
        out.top[lane] = column(&mut acc, &mut acca, p, m, ap, am, alpha, neg, oh, |i| {
            self.top[i / 8][i % 8]
        });
    }
}

/// The 14 operands of one factor of the 5-term product, in the order Ls, H01, H02,
/// H12, M0, M1, M01, M02, M12, L0, L1, H0, H1, H2 of [`super::fused5`]'s names (the
/// nine sums first, the five plain coefficients last: a backend that runs the batch
/// 8 lanes at a time gets the products with top words in its full pass).
#[inline(always)]
fn operands5<const N: usize>(a: &[[u64; N]]) -> [Ev<N>; 14] {
    let e = |i: usize| Ev::from_limbs(a[i]);
    let s0 = e(0).add(&e(2));
    let s1 = e(1).add(&e(3));
    [
        e(0).add(&e(1)),
        e(2).add(&e(3)),
        e(2).add(&e(4)),
        e(3).add(&e(4)),
        s0,
        s1,
        s0.add(&s1),
        s0.add(&e(4)),
        s1.add(&e(4)),
        e(0),
        e(1),
        e(2),
        e(3),
        e(4),
    ]
}

/// The 5 coefficients `T_i` of `a·b mod (X^5 − α)` as exact integers (before REDC),
/// α = −`alpha` when `neg`: the 14 products in one batch, then the signed column
/// combination of [`super::fused5`].
#[inline(always)]
pub fn mul5<const N: usize>(a: &[[u64; N]], b: &[[u64; N]], alpha: u64, neg: bool) -> [Wide<N>; 5] {
    let t = combine5(&products5(a, b), alpha, neg, None);
    core::array::from_fn(|i| t.get(i))
}

/// [`mul5`] with `offset·2^(64N)` added to every `T_i`, word-major in lanes 0 … 4 of
/// `t` (the form the batch REDC loads without transposing); `p` is scratch for the
/// products. Both are caller-owned so that nothing large is returned by value.
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub fn mul5_sliced<const N: usize>(
    a: &[[u64; N]],
    b: &[[u64; N]],
    alpha: u64,
    neg: bool,
    offset: Option<&([u64; N], u64)>,
    p: &mut Products5<N>,
    t: &mut Sliced<N>,
) {
    products5_into(a, b, p);
    combine5_into(p, alpha, neg, offset, t);
}

/// The column combination of the 14 products of [`mul5`] into lanes 0 … 4, plus
/// `offset·2^(64N)` (public for timing).
#[inline(always)]
pub fn combine5<const N: usize>(
    p: &Products5<N>,
    alpha: u64,
    neg: bool,
    offset: Option<&([u64; N], u64)>,
) -> Sliced<N> {
    let mut t = Sliced::ZERO;
    combine5_into(p, alpha, neg, offset, &mut t);
    t
}

/// [`combine5`] into `t`.
#[inline(always)]
pub fn combine5_into<const N: usize>(
    p: &Products5<N>,
    alpha: u64,
    neg: bool,
    offset: Option<&([u64; N], u64)>,
    t: &mut Sliced<N>,
) {
    const LS: usize = 0;
    const H01: usize = 1;
    const H02: usize = 2;
    const H12: usize = 3;
    const M0: usize = 4;
    const M1: usize = 5;
    const M01: usize = 6;
    const M02: usize = 7;
    const M12: usize = 8;
    const L0: usize = 9;
    const L1: usize = 10;
    const H0: usize = 11;
    const H1: usize = 12;
    const H2: usize = 13;
    let (al, ng, of) = (alpha, neg, offset);
    p.combine([L0], [], [H01, M12], [H0, M1, H12], al, ng, of, t, 0);
    p.combine([LS], [L0, L1], [H02, H1], [H0, H2], al, ng, of, t, 1);
    p.combine([L1, M0], [H0, L0], [H12], [H1, H2], al, ng, of, t, 2);
    p.combine(
        [M01, H0, H1, L0, L1],
        [M0, M1, H01, LS],
        [H2],
        [],
        al,
        ng,
        of,
        t,
        3,
    );
    p.combine(
        [H0, H0, M02, M1],
        [M0, H02, H1, L1],
        [],
        [],
        al,
        ng,
        of,
        t,
        4,
    );
}

/// The 14 operand pairs of [`mul5`] and their batch product (public for timing): by
/// the SIMD kernel that forms the operand sums itself where there is one, else
/// `operands5` and the batch interface.
#[inline(always)]
pub fn products5<const N: usize>(a: &[[u64; N]], b: &[[u64; N]]) -> Products5<N> {
    let mut p = Products5::ZERO;
    products5_into(a, b, &mut p);
    p
}

/// [`products5`] into `p`.
#[inline(always)]
pub fn products5_into<const N: usize>(a: &[[u64; N]], b: &[[u64; N]], p: &mut Products5<N>) {
    let done = match (<&[[u64; N]; 5]>::try_from(a), <&[[u64; N]; 5]>::try_from(b)) {
        (Ok(a5), Ok(b5)) => karatsuba5_products(a5, b5, &mut p.lo, &mut p.hi, &mut p.top),
        _ => false,
    };
    if !done {
        let r = products5_portable(a, b);
        for i in 0..14 {
            let (pass, lane) = (i / 8, i % 8);
            for w in 0..N {
                p.lo[pass][w][lane] = r.lo[i][w];
                p.hi[pass][w][lane] = r.hi[i][w];
            }
            p.top[pass][lane] = r.top[i];
        }
    }
}

/// `products5` by `operands5` and the batch interface, row-major (the oracle of
/// the fused kernel).
#[inline(always)]
pub fn products5_portable<const N: usize>(a: &[[u64; N]], b: &[[u64; N]]) -> Products<N, 14, 16> {
    Products::of(&operands5(a), &operands5(b))
}

/// The 6 operands of a 3-term Karatsuba product: x0, x1, x2, x0+x1, x0+x2, x1+x2.
#[inline(always)]
fn ops3<const N: usize>(x: &[Ev<N>]) -> [Ev<N>; 6] {
    [
        x[0],
        x[1],
        x[2],
        x[0].add(&x[1]),
        x[0].add(&x[2]),
        x[1].add(&x[2]),
    ]
}

/// The 9 operands of a 4-term (2 + 2) Karatsuba product: lo (x0, x1, x0+x1), hi (x2,
/// x3, x2+x3), middle (x0+x2, x1+x3, their sum).
#[inline(always)]
fn ops4<const N: usize>(x: &[Ev<N>]) -> [Ev<N>; 9] {
    let s0 = x[0].add(&x[2]);
    let s1 = x[1].add(&x[3]);
    [
        x[0],
        x[1],
        x[0].add(&x[1]),
        x[2],
        x[3],
        x[2].add(&x[3]),
        s0,
        s1,
        s0.add(&s1),
    ]
}

/// The 3 coefficients of a 2-term product from p0 = x0y0, p1 = x1y1, s = (x0+x1)(y0+y1).
#[inline(always)]
fn comb2<const N: usize>(p0: Wide<N>, p1: Wide<N>, s: Wide<N>) -> [Wide<N>; 3] {
    [p0, s.sub(&p0).sub(&p1), p1]
}

/// The 5 coefficients of a 3-term product from the products of [`ops3`]'s operands.
#[inline(always)]
fn comb3<const N: usize>(p: [Wide<N>; 6]) -> [Wide<N>; 5] {
    let [p0, p1, p2, s01, s02, s12] = p;
    [
        p0,
        s01.sub(&p0.add(&p1)),
        s02.add(&p1).sub(&p0.add(&p2)),
        s12.sub(&p1.add(&p2)),
        p2,
    ]
}

/// The 7 coefficients of a 4-term product from the products of [`ops4`]'s operands.
#[inline(always)]
fn comb4<const N: usize>(p: [Wide<N>; 9]) -> [Wide<N>; 7] {
    let lo = comb2(p[0], p[1], p[2]);
    let hi = comb2(p[3], p[4], p[5]);
    let md = comb2(p[6], p[7], p[8]);
    let mut out = [Wide::<N>::ZERO; 7];
    out[..3].copy_from_slice(&lo);
    out[4..].copy_from_slice(&hi);
    for i in 0..3 {
        out[2 + i] = out[2 + i].add(&md[i].sub(&lo[i]).sub(&hi[i]));
    }
    out
}

/// The 11 integer coefficients of `a·b` for 6 terms (3 + 3 split, 18 products in one
/// batch).
#[inline(always)]
pub fn mul6<const N: usize>(a: &[[u64; N]], b: &[[u64; N]], c: &mut [Wide<N>]) {
    let ops = |x: &[[u64; N]]| -> [Ev<N>; 18] {
        let e: [Ev<N>; 6] = core::array::from_fn(|i| Ev::from_limbs(x[i]));
        let s: [Ev<N>; 3] = core::array::from_fn(|i| e[i].add(&e[3 + i]));
        let (l, h, m) = (ops3(&e[..3]), ops3(&e[3..]), ops3(&s));
        core::array::from_fn(|i| match i {
            0..=5 => l[i],
            6..=11 => h[i - 6],
            _ => m[i - 12],
        })
    };
    let p = Products::<N, 18, 18>::of(&ops(a), &ops(b));
    let lo = comb3(core::array::from_fn(|i| p.get(i)));
    let hi = comb3(core::array::from_fn(|i| p.get(6 + i)));
    let md = comb3(core::array::from_fn(|i| p.get(12 + i)));
    c[..5].copy_from_slice(&lo);
    c[5] = Wide::ZERO;
    c[6..11].copy_from_slice(&hi);
    for i in 0..5 {
        c[3 + i] = c[3 + i].add(&md[i].sub(&lo[i]).sub(&hi[i]));
    }
}

/// The 13 integer coefficients of `a·b` for 7 terms (3 + 4 split, the middle 4-term
/// product reusing a_6·b_6: 23 products in one batch).
#[inline(always)]
pub fn mul7<const N: usize>(a: &[[u64; N]], b: &[[u64; N]], c: &mut [Wide<N>]) {
    let ops = |x: &[[u64; N]]| -> [Ev<N>; 23] {
        let e: [Ev<N>; 7] = core::array::from_fn(|i| Ev::from_limbs(x[i]));
        let s = [e[0].add(&e[3]), e[1].add(&e[4]), e[2].add(&e[5]), e[6]];
        let (l, h, m) = (ops3(&e[..3]), ops4(&e[3..]), ops4(&s));
        // the middle's operand 4 (its x3·y3 = a_6·b_6) is the high half's: skipped
        core::array::from_fn(|i| match i {
            0..=5 => l[i],
            6..=14 => h[i - 6],
            15..=18 => m[i - 15],
            _ => m[i - 14],
        })
    };
    let p = Products::<N, 23, 24>::of(&ops(a), &ops(b));
    let lo = comb3(core::array::from_fn(|i| p.get(i)));
    let hp: [Wide<N>; 9] = core::array::from_fn(|i| p.get(6 + i));
    let mp: [Wide<N>; 9] = core::array::from_fn(|i| match i {
        0..=3 => p.get(15 + i),
        4 => hp[4],
        _ => p.get(14 + i),
    });
    let hi = comb4(hp);
    let md = comb4(mp);
    c[..5].copy_from_slice(&lo);
    c[5] = Wide::ZERO;
    c[6..13].copy_from_slice(&hi);
    for i in 0..7 {
        let mut t = md[i].sub(&hi[i]);
        if i < 5 {
            t = t.sub(&lo[i]);
        }
        c[3 + i] = c[3 + i].add(&t);
    }
}

#[cfg(feature = "internal-tests")]
#[allow(clippy::unwrap_used)]
pub(crate) mod tests {
    use super::*;
    use num_bigint::{BigInt, BigUint};
    use rand::{RngCore, SeedableRng};

    fn big<const N: usize>(x: &[u64; N]) -> BigUint {
        x.iter()
            .rev()
            .fold(BigUint::default(), |r, w| (r << 64) + BigUint::from(*w))
    }

    /// A 2N + 1-word two's complement value as a signed integer.
    fn wide_int<const N: usize>(x: &Wide<N>) -> BigInt {
        let u = (BigUint::from(x.top) << (128 * N)) + (big(&x.hi) << (64 * N)) + big(&x.lo);
        let u = BigInt::from(u);
        if x.top >> 63 == 1 {
            u - (BigInt::from(1u32) << (64 * (2 * N + 1)))
        } else {
            u
        }
    }

    /// Independent oracle: the schoolbook integer product of the coefficient vectors.
    fn schoolbook<const N: usize>(a: &[[u64; N]], b: &[[u64; N]]) -> Vec<BigInt> {
        let k = a.len();
        let mut c = vec![BigInt::default(); 2 * k - 1];
        for i in 0..k {
            for j in 0..k {
                c[i + j] += BigInt::from(big(&a[i]) * big(&b[j]));
            }
        }
        c
    }

    fn inputs<const N: usize>(
        rng: &mut rand::rngs::StdRng,
        k: usize,
        round: usize,
    ) -> (Vec<[u64; N]>, Vec<[u64; N]>) {
        let mut pm1 = [u64::MAX; N];
        pm1[N - 1] = (1 << 62) + 12345;
        let mut one = [0u64; N];
        one[0] = 1;
        let edge = [[0u64; N], [u64::MAX; N], one, pm1];
        let mut pick = |i: usize| -> [u64; N] {
            match round {
                0..=7 => edge[(round + i) % edge.len()],
                8..=11 => [u64::MAX; N],
                _ => core::array::from_fn(|_| rng.next_u64()),
            }
        };
        let a = (0..k).map(&mut pick).collect();
        let b = (0..k).map(|i| pick(2 * i + 1)).collect();
        (a, b)
    }

    // The kernels are `#[inline(always)]`: called directly in `check` (inside the loop
    // over four α, which LLVM unrolls), they made each `check::<N>` one function whose
    // optimisation took 3.5 s (`-Zllvm-time-trace`, Zen 1; 24 s for the nine N). One
    // copy each per N here, never inlined.
    #[inline(never)]
    fn products5_t<const N: usize>(a: &[[u64; N]], b: &[[u64; N]]) -> Products5<N> {
        products5(a, b)
    }

    #[inline(never)]
    fn products5_portable_t<const N: usize>(a: &[[u64; N]], b: &[[u64; N]]) -> Products<N, 14, 16> {
        products5_portable(a, b)
    }

    #[inline(never)]
    fn mul5_t<const N: usize>(
        a: &[[u64; N]],
        b: &[[u64; N]],
        alpha: u64,
        neg: bool,
    ) -> [Wide<N>; 5] {
        mul5(a, b, alpha, neg)
    }

    #[inline(never)]
    fn fused_mul5_t<const N: usize>(
        a: &[[u64; N]],
        b: &[[u64; N]],
        alpha: u64,
        neg: bool,
    ) -> [Wide<N>; 5] {
        super::super::fused5::mul5(a, b, alpha, neg)
    }

    #[inline(never)]
    fn mul67_t<const N: usize>(a: &[[u64; N]], b: &[[u64; N]], c: &mut [Wide<N>]) {
        if a.len() == 6 {
            mul6(a, b, c)
        } else {
            mul7(a, b, c)
        }
    }

    #[inline(never)]
    fn karatsuba_t<const N: usize>(a: &[[u64; N]], b: &[[u64; N]], c: &mut [Wide<N>]) {
        super::super::karatsuba::mul(a, b, c)
    }

    fn check<const N: usize>(rng: &mut rand::rngs::StdRng) {
        for round in 0..30 {
            // k = 5: the folded T_i against the schoolbook c_i ± α c_{i+5}
            let (a, b) = inputs::<N>(rng, 5, round);
            let c = schoolbook(&a, &b);
            let modulus = BigInt::from(1u32) << (64 * (2 * N + 1));
            for (alpha, neg) in [
                (2u64, false),
                (3, true),
                ((1 << 31) - 1, false),
                ((1 << 31) - 1, true),
            ] {
                let al = if neg {
                    -BigInt::from(alpha)
                } else {
                    BigInt::from(alpha)
                };
                // the products: the fused-operand kernel against the operand list
                let (ps, pr) = (products5_t(&a, &b), products5_portable_t(&a, &b));
                for i in 0..14 {
                    let (pass, lane) = (i / 8, i % 8);
                    let s = Wide::<N> {
                        lo: core::array::from_fn(|w| ps.lo[pass][w][lane]),
                        hi: core::array::from_fn(|w| ps.hi[pass][w][lane]),
                        top: ps.top[pass][lane],
                    };
                    assert_eq!(s, pr.get(i), "N = {N}, round {round}, product {i}");
                }
                let got = mul5_t(&a, &b, alpha, neg);
                let old = fused_mul5_t(&a, &b, alpha, neg);
                assert_eq!(got, old, "batched vs fused, N = {N}, round {round}");
                for i in 0..5 {
                    let t = if i + 5 < 9 {
                        &c[i] + &al * &c[i + 5]
                    } else {
                        c[i].clone()
                    };
                    let want = ((t % &modulus) + &modulus) % &modulus;
                    let g = ((wide_int(&got[i]) % &modulus) + &modulus) % &modulus;
                    assert_eq!(g, want, "k = 5, N = {N}, round {round}, T_{i}");
                }
            }
            // k = 6, 7: the integer coefficients against schoolbook and the recursion
            for k in [6usize, 7] {
                let (a, b) = inputs::<N>(rng, k, round);
                let want = schoolbook(&a, &b);
                let mut got = [Wide::<N>::ZERO; 13];
                let mut rec = [Wide::<N>::ZERO; 13];
                mul67_t(&a, &b, &mut got[..2 * k - 1]);
                karatsuba_t(&a, &b, &mut rec[..2 * k - 1]);
                for i in 0..2 * k - 1 {
                    assert_eq!(wide_int(&got[i]), want[i], "k = {k}, N = {N}, c_{i}");
                    assert_eq!(got[i], rec[i], "k = {k}, N = {N}, c_{i} vs recursion");
                }
            }
        }
    }

    fn batch_karatsuba_matches_schoolbook() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(57);
        check::<1>(&mut rng);
        check::<2>(&mut rng);
        check::<3>(&mut rng);
        check::<4>(&mut rng);
        check::<8>(&mut rng);
        check::<9>(&mut rng);
        check::<16>(&mut rng);
        check::<24>(&mut rng);
        check::<32>(&mut rng);
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[(
        "batch_karatsuba_matches_schoolbook",
        batch_karatsuba_matches_schoolbook,
    )];
}
