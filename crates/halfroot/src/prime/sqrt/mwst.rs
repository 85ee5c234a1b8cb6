//! The moving-window sign-testing (MW-ST) square root of Wang–Nogami–Morikawa.
//!
//! Source: Wang, Nogami, Morikawa (2005), §4.1 (algorithm, Eqs. 15–18), §4.2 and
//! Appendix B (cost, Table 3). It reuses what the proposed QR test (Fig. 2) stored:
//! `x_0 = x^s, ..., x_t = -1` and `x^((s+1)/2)`, plus the precomputed
//! `c_j = c^(s 2^j)`, `j = 0..=T`, of a non-residue `c`.
//! If `x_0 = 1` the root is `x^((s+1)/2)`. Otherwise, starting from `c_T x_t = 1`,
//! window `k = 1..t` tests the sign of `σ(k) = x_{t-k} ∏ c_j` over the current index
//! set (all indices one below the previous window's, plus `T` shifted likewise
//! whenever the previous sign was `-1`), and finally
//! `√x = x^((s+1)/2) ∏ c_{j-1}` (Eq. 18).
//!
//! The printed "Main Procedure" sets the new register to `τ_μ = T - 1` *before* the
//! decrement of Step 2, which would make it coincide with `τ_0`; Eqs. (15)–(18) and
//! Table 3 need it to be `T` before the decrement (`T - 1` after it). We follow the
//! equations and Table 3.
//!
//! Cost (paper's `#M`): each `σ(k)` costs one multiplication per factor `c_j` (products
//! are not cached, as in Table 3), the output one per factor — evaluated as balanced
//! product trees (same count, independent products, shorter dependency chains); on average over
//! squares `(T^2 + T)/4` (Eq. 23; Eq. 24 in GF(p²) with `4 ∤ p-1`), on top of P.QR.
//! Preconditions: any field of odd order with its [`TwoAdic`] data.
//! Constant-time: no.

use crate::field::Field;
use crate::prime::qr::{pqr, pqr_windowed, PqrResult, TwoAdic};

/// The index sets of Eq. (18): given `t` and a sign oracle `sign(k, set)` that returns
/// whether `σ(k) = x_{t-k} ∏_{j ∈ set} c_j` is `-1` (`Some(true)`), `1`
/// (`Some(false)`), or neither (`None`), returns the output index set, i.e. the `j`
/// with `√x = x^((s+1)/2) ∏ c_j`.
pub(crate) fn output_indices(
    t_cap: u32,
    t: u32,
    mut sign: impl FnMut(u32, &[u32]) -> Option<bool>,
) -> Option<Vec<u32>> {
    if t >= t_cap {
        return None;
    }
    // Level 0: c_T x_t = 1.
    let mut set: Vec<u32> = vec![t_cap];
    for k in 1..=t {
        for j in set.iter_mut() {
            *j -= 1;
        }
        if sign(k, &set)? {
            set.push(t_cap);
        }
    }
    for j in set.iter_mut() {
        *j -= 1;
    }
    Some(set)
}

/// MW-ST from a stored P.QR result: the square root of the tested element, `None` if
/// it is not a square.
pub fn sqrt_with_vartime<F: Field + ?Sized>(
    f: &F,
    tw: &TwoAdic<F::Elem>,
    q: &PqrResult<F::Elem>,
) -> Option<F::Elem> {
    match q.residue {
        0 => return Some(f.zero()),
        1 => {}
        _ => return None,
    }
    let t = match q.t {
        None => return Some(q.x_half_s_plus_1.clone()),
        Some(t) => t,
    };
    let one = f.one();
    let minus_one = f.neg(&one);
    let mut buf: Vec<F::Elem> = Vec::with_capacity(tw.t() as usize + 2);
    let set = output_indices(tw.t(), t, |k, set| {
        buf.clear();
        buf.push(q.xs.get((t - k) as usize)?.clone());
        for &j in set {
            buf.push(tw.c().get(j as usize)?.clone());
        }
        let sigma = product_tree(f, &mut buf)?;
        if sigma == minus_one {
            Some(true)
        } else if sigma == one {
            Some(false)
        } else {
            None
        }
    })?;
    buf.clear();
    buf.push(q.x_half_s_plus_1.clone());
    for j in set {
        buf.push(tw.c().get(j as usize)?.clone());
    }
    product_tree(f, &mut buf)
}

/// The product of the elements of `v` (overwritten) as a balanced tree: `len − 1`
/// multiplications, like the chain the paper counts, but the products of one level are
/// independent, so the processor overlaps them (depth `⌈log2 len⌉` instead of
/// `len − 1`). `None` for an empty `v`.
pub(crate) fn product_tree<F: Field + ?Sized>(f: &F, v: &mut [F::Elem]) -> Option<F::Elem> {
    let mut len = v.len();
    while len > 1 {
        let half = len / 2;
        for i in 0..half {
            v[i] = f.mul(&v[2 * i], &v[2 * i + 1]);
        }
        if len % 2 == 1 {
            v.swap(half, len - 1);
        }
        len = len.div_ceil(2);
    }
    v.first().cloned()
}

/// P.QR (Fig. 2) followed by MW-ST: a square root of `x`, `None` for a non-square.
pub fn sqrt_vartime<F: Field + ?Sized>(
    f: &F,
    tw: &TwoAdic<F::Elem>,
    x: &F::Elem,
) -> Option<F::Elem> {
    let q = pqr(f, tw, x);
    sqrt_with_vartime(f, tw, &q)
}

/// P.QR with the field's fastest exponentiation ([`pqr_windowed`]) followed by MW-ST:
/// the timed `mwst` of [`crate::prime::sqrt::SqrtAlgorithm`].
pub fn sqrt_windowed_vartime<F: Field + ?Sized>(
    f: &F,
    tw: &TwoAdic<F::Elem>,
    x: &F::Elem,
) -> Option<F::Elem> {
    let q = pqr_windowed(f, tw, x);
    sqrt_with_vartime(f, tw, &q)
}
