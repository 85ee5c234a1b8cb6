//! Fused lazy Karatsuba product in F_q\[X\]/(X^5 − α): the 14 products of the
//! two-level Karatsuba of [`super::karatsuba`] (2 + 3 split, the middle 3-term
//! product sharing a_4·b_4), then each of the 5 coefficients of the product modulo
//! X^5 − α written directly as a signed combination of those products, summed in ONE
//! pass over the words with a 128-bit signed column accumulator (the terms that
//! wrap around X^5 = α collected in a second accumulator and multiplied by the word
//! |α| per column). This replaces the recursion's ~35 separate additions and
//! subtractions of (2N + 1)-word values and the separate reduction step.
//!
//! Source: Karatsuba–Ofman 1962; 3-term base case of Weimerskirch–Paar 2006, §3;
//! the 5-term split as in El Mrabet, Guillevic, Ionica, AFRICACRYPT 2011 (14M);
//! lazy reduction of Aranha et al., EUROCRYPT 2011, §3. The combination, with
//! L = lo half (a_0, a_1), H = hi half (a_2, a_3, a_4), M = middle (a_0 + a_2,
//! a_1 + a_3, a_4) and c_i the integer product coefficients:
//!
//! * T_0 = L0 + α(H01 − H0 + M12 − M1 − H12)            (c_0 + α c_5)
//! * T_1 = Ls − L0 − L1 + α(H02 + H1 − H0 − H2)         (c_1 + α c_6)
//! * T_2 = L1 + M0 − H0 − L0 + α(H12 − H1 − H2)         (c_2 + α c_7)
//! * T_3 = M01 − M0 − M1 − H01 + H0 + H1 − Ls + L0 + L1 + α H2   (c_3 + α c_8)
//! * T_4 = 2 H0 + M02 + M1 − M0 − H02 − H1 − L1         (c_4)
//!
//! Cost: 14 N×N-word products (9 with one extra word on each operand), 37
//! product-terms of 2N + 1 words added in the column pass, 5 REDC
//! ([`super::Engine::reduce_t`]).
//! Preconditions: 5 coefficients each < 2^(64N); |α| < 2^31. Constant time (no
//! branch or index depends on the operands; the sign of α is public).

use super::{mul_coeffs, Ev, Wide};

/// The terms of one output: `Σ plus − Σ minus ± |α|·(Σ aplus − Σ aminus)`.
struct Terms<'a, const N: usize, const P: usize, const M: usize, const AP: usize, const AM: usize> {
    plus: [&'a Wide<N>; P],
    minus: [&'a Wide<N>; M],
    aplus: [&'a Wide<N>; AP],
    aminus: [&'a Wide<N>; AM],
}

impl<const N: usize, const P: usize, const M: usize, const AP: usize, const AM: usize>
    Terms<'_, N, P, M, AP, AM>
{
    /// One column: adds the word `get` selects from every term to the accumulators
    /// (`acc` for the plain terms, `acca` for the α group) and returns the output word.
    #[inline(always)]
    fn column<G: Fn(&Wide<N>) -> u64>(
        &self,
        acc: &mut i128,
        acca: &mut i128,
        alpha: u64,
        neg: bool,
        get: G,
    ) -> u64 {
        for x in self.plus {
            *acc += get(x) as i128;
        }
        for x in self.minus {
            *acc -= get(x) as i128;
        }
        if AP + AM > 0 {
            for x in self.aplus {
                *acca += get(x) as i128;
            }
            for x in self.aminus {
                *acca -= get(x) as i128;
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

    /// The combination (mod 2^(64(2N+1))), the α group subtracted when `neg`.
    #[inline(always)]
    fn eval(&self, alpha: u64, neg: bool) -> Wide<N> {
        let mut r = Wide::<N>::ZERO;
        let (mut acc, mut acca) = (0i128, 0i128);
        for w in 0..N {
            r.lo[w] = self.column(&mut acc, &mut acca, alpha, neg, |x| x.lo[w]);
        }
        for w in 0..N {
            r.hi[w] = self.column(&mut acc, &mut acca, alpha, neg, |x| x.hi[w]);
        }
        r.top = self.column(&mut acc, &mut acca, alpha, neg, |x| x.top);
        r
    }
}

#[inline(always)]
fn combine<const N: usize, const P: usize, const M: usize, const AP: usize, const AM: usize>(
    plus: [&Wide<N>; P],
    minus: [&Wide<N>; M],
    aplus: [&Wide<N>; AP],
    aminus: [&Wide<N>; AM],
    alpha: u64,
    neg: bool,
) -> Wide<N> {
    Terms {
        plus,
        minus,
        aplus,
        aminus,
    }
    .eval(alpha, neg)
}

/// The 5 coefficients `T_i` of `a·b mod (X^5 − α)` as exact integers (before REDC),
/// α = −`alpha` when `neg`, else `alpha`.
#[inline(always)]
pub fn mul5<const N: usize>(a: &[[u64; N]], b: &[[u64; N]], alpha: u64, neg: bool) -> [Wide<N>; 5] {
    let ea = |i: usize| Ev::from_limbs(a[i]);
    let eb = |i: usize| Ev::from_limbs(b[i]);
    let l0 = mul_coeffs(&a[0], &b[0]);
    let l1 = mul_coeffs(&a[1], &b[1]);
    let ls = ea(0).add(&ea(1)).mul_unsigned(&eb(0).add(&eb(1)));
    let h0 = mul_coeffs(&a[2], &b[2]);
    let h1 = mul_coeffs(&a[3], &b[3]);
    let h2 = mul_coeffs(&a[4], &b[4]);
    let h01 = ea(2).add(&ea(3)).mul_unsigned(&eb(2).add(&eb(3)));
    let h02 = ea(2).add(&ea(4)).mul_unsigned(&eb(2).add(&eb(4)));
    let h12 = ea(3).add(&ea(4)).mul_unsigned(&eb(3).add(&eb(4)));
    let (sa0, sb0) = (ea(0).add(&ea(2)), eb(0).add(&eb(2)));
    let (sa1, sb1) = (ea(1).add(&ea(3)), eb(1).add(&eb(3)));
    let m0 = sa0.mul_unsigned(&sb0);
    let m1 = sa1.mul_unsigned(&sb1);
    let m01 = sa0.add(&sa1).mul_unsigned(&sb0.add(&sb1));
    let m02 = sa0.add(&ea(4)).mul_unsigned(&sb0.add(&eb(4)));
    let m12 = sa1.add(&ea(4)).mul_unsigned(&sb1.add(&eb(4)));
    let (al, ng) = (alpha, neg);
    [
        combine([&l0], [], [&h01, &m12], [&h0, &m1, &h12], al, ng),
        combine([&ls], [&l0, &l1], [&h02, &h1], [&h0, &h2], al, ng),
        combine([&l1, &m0], [&h0, &l0], [&h12], [&h1, &h2], al, ng),
        combine(
            [&m01, &h0, &h1, &l0, &l1],
            [&m0, &m1, &h01, &ls],
            [&h2],
            [],
            al,
            ng,
        ),
        combine([&h0, &h0, &m02, &m1], [&m0, &h02, &h1, &l1], [], [], al, ng),
    ]
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

    fn wide_big<const N: usize>(x: &Wide<N>) -> BigUint {
        (BigUint::from(x.top) << (128 * N)) + (big(&x.hi) << (64 * N)) + big(&x.lo)
    }

    /// Independent oracle: schoolbook over Z, then T_i = c_i ± α c_{i+5}, as a
    /// two's-complement value of 2N + 1 words.
    fn oracle<const N: usize>(
        a: &[[u64; N]],
        b: &[[u64; N]],
        alpha: u64,
        neg: bool,
    ) -> Vec<BigUint> {
        let mut c = vec![BigInt::default(); 9];
        for i in 0..5 {
            for j in 0..5 {
                c[i + j] += BigInt::from(big(&a[i]) * big(&b[j]));
            }
        }
        let al = if neg {
            -BigInt::from(alpha)
        } else {
            BigInt::from(alpha)
        };
        let modulus = BigInt::from(1u32) << (64 * (2 * N + 1));
        (0..5)
            .map(|i| {
                let t = if i + 5 < 9 {
                    &c[i] + &al * &c[i + 5]
                } else {
                    c[i].clone()
                };
                let t = ((t % &modulus) + &modulus) % &modulus;
                t.to_biguint().unwrap()
            })
            .collect()
    }

    fn check<const N: usize>(rng: &mut rand::rngs::StdRng) {
        let mut edge = vec![[0u64; N], [u64::MAX; N]];
        let mut one = [0u64; N];
        one[0] = 1;
        edge.push(one);
        // a "p − 1"-like value: top word below 2^63, low words all ones
        let mut pm1 = [u64::MAX; N];
        pm1[N - 1] = (1 << 62) + 12345;
        edge.push(pm1);
        let rnd =
            |rng: &mut rand::rngs::StdRng| -> [u64; N] { core::array::from_fn(|_| rng.next_u64()) };
        for round in 0..40 {
            let pick = |rng: &mut rand::rngs::StdRng, i: usize| -> [u64; N] {
                if round < 8 {
                    edge[(round + i) % edge.len()]
                } else if round < 12 {
                    [u64::MAX; N]
                } else {
                    rnd(rng)
                }
            };
            let a: Vec<[u64; N]> = (0..5).map(|i| pick(rng, i)).collect();
            let b: Vec<[u64; N]> = (0..5).map(|i| pick(rng, 2 * i + 1)).collect();
            for (alpha, neg) in [
                (2u64, false),
                (3, true),
                ((1 << 31) - 1, false),
                ((1 << 31) - 1, true),
            ] {
                let got: Vec<BigUint> = mul5(&a, &b, alpha, neg).iter().map(wide_big).collect();
                assert_eq!(got, oracle(&a, &b, alpha, neg), "N = {N}, round {round}");
            }
        }
    }

    fn fused5_matches_biguint() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        check::<1>(&mut rng);
        check::<3>(&mut rng);
        check::<4>(&mut rng);
        check::<8>(&mut rng);
        check::<9>(&mut rng);
        check::<16>(&mut rng);
        check::<24>(&mut rng);
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] =
        &[("fused5_matches_biguint", fused5_matches_biguint)];
}
