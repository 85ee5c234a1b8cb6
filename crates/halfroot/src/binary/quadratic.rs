//! Quadratic equations over F_2^d: λ² + λ = α (every degree) and a·λ² + b·λ + c = 0.
//!
//! Source: Avanzi §3.3 (odd d: half-trace); Hankerson–Menezes–Vanstone, *Guide to ECC*,
//! §3.6.2 and Fact 3.79 (λ² + λ = α solvable iff Tr(α) = 0; the roots are λ, λ + 1).
//! Even d: the map L(λ) = λ² + λ is F_2-linear with kernel {0, 1} and image the
//! trace-zero hyperplane; Gaussian elimination on the columns L(x^i) (reduced row
//! echelon form, tracking the combination of x^i behind each row) gives preimages of a
//! basis of that hyperplane once per field ([`artin_schreier_preimages`]), and solving
//! is a table evaluation ([`crate::binary::half_trace::table`]).
//! General equation (b ≠ 0 ≠ a): λ = (b/a)·μ turns it into μ² + μ = ac/b², solvable iff
//! Tr(ac/b²) = 0.
//! Cost: precomputation O(d² · N) word operations; general solve 1I + 6M + 2S + 1H + 1A.
//! Constant-time: the precomputation depends on P only; solving is as the half-trace table.

use super::arith::Arith;
use super::field::BinaryFieldOps;
use super::modulus::ModulusSpec;

/// Reduced row echelon preimages for L(λ) = λ² + λ: entry `p` is `Some(c_p)` when `p`
/// is a pivot position, where L(c_p) = r_p has bit `p` set and is zero at every other
/// pivot position. Exactly d − 1 positions are pivots; the map S(x^p) = c_p (0 at the
/// non-pivot position t) satisfies L(S(β)) = β + Tr(β)·x^t for every β.
pub fn artin_schreier_preimages<const N: usize, M: ModulusSpec>(
    arith: &Arith<N, M>,
) -> Vec<Option<[u64; N]>> {
    let d = arith.degree() as usize;
    let mut rows: Vec<([u64; N], [u64; N])> = Vec::with_capacity(d);
    for i in 0..d {
        let mut xi = [0u64; N];
        xi[i / 64] = 1u64 << (i % 64);
        let mut v = arith.sqr(&xi);
        v[i / 64] ^= 1u64 << (i % 64);
        rows.push((v, xi));
    }
    let bit = |v: &[u64; N], p: usize| (v[p / 64] >> (p % 64)) & 1 == 1;
    let mut out: Vec<Option<[u64; N]>> = vec![None; d];
    let mut next = 0usize;
    let mut pivots: Vec<usize> = Vec::with_capacity(d);
    for p in (0..d).rev() {
        let Some(r) = (next..rows.len()).find(|&r| bit(&rows[r].0, p)) else {
            continue;
        };
        rows.swap(next, r);
        let (pv, pc) = rows[next];
        for (idx, row) in rows.iter_mut().enumerate() {
            if idx != next && bit(&row.0, p) {
                for k in 0..N {
                    row.0[k] ^= pv[k];
                    row.1[k] ^= pc[k];
                }
            }
        }
        pivots.push(p);
        next += 1;
    }
    for (&p, (_, c)) in pivots.iter().zip(rows.iter()) {
        out[p] = Some(*c);
    }
    out
}

/// Both roots of `a·λ² + b·λ + c = 0`, or `None` when there is none.
///
/// * `a = b = 0`: `None` (no root for c ≠ 0; every λ is a root for c = 0, which is
///   not a pair of roots either).
/// * `a = 0`, `b ≠ 0`: the single root `c/b`, returned twice.
/// * `b = 0`, `a ≠ 0`: the double root `√(c/a)`, returned twice.
/// * otherwise `(λ, λ + b/a)` with λ = (b/a)·μ, μ² + μ = ac/b²; `None` iff
///   Tr(ac/b²) = 1.
pub fn solve_general<F: BinaryFieldOps + ?Sized>(
    f: &F,
    a: &F::Elem,
    b: &F::Elem,
    c: &F::Elem,
) -> Option<(F::Elem, F::Elem)> {
    // One inversion site for the three cases (was three, each inlining the field's
    // inversion: 2 s of LLVM time per field, 65 s over the library's 32 instances, in
    // session 39's trace of the library's build).
    let (a_zero, b_zero) = (f.is_zero(a), f.is_zero(b));
    if a_zero && b_zero {
        return None;
    }
    let b2 = f.sqr(b);
    // a = 0: 1/b; b = 0: 1/a; otherwise w = 1/(a·b²), with ac/b² = a²·c·w, b/a = b³·w.
    let w = f.inv(&if a_zero {
        b.clone()
    } else if b_zero {
        a.clone()
    } else {
        f.mul(a, &b2)
    })?;
    if a_zero || b_zero {
        let r = f.mul(c, &w);
        let r = if b_zero { f.sqrt(&r) } else { r };
        return Some((r.clone(), r));
    }
    let t = f.mul(&f.mul(&f.sqr(a), c), &w);
    let s = f.mul(&f.mul(&b2, b), &w);
    let mu = f.solve_quadratic(&t)?;
    let l1 = f.mul(&s, &mu);
    let l2 = f.add(&l1, &s);
    Some((l1, l2))
}
