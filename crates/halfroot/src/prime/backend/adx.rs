//! Safe dispatch into the MULX/ADCX/ADOX kernels of `backend::x86_64::mont_adx`: picks
//! the kernel for `N` and p's top limb, calls it under the [`AdxToken`] proof, and
//! finishes with the final conditional subtraction. Any other `N` gets `None` (the
//! caller then uses the portable kernels).
//!
//! Source and costs: see `backend::x86_64::mont_adx`. Constant-time: yes (the choice
//! of kernel depends only on `N` and p).
#![allow(unsafe_code)]

#[cfg(target_arch = "x86_64")]
use super::x86_64;
#[allow(unused_imports)]
use super::{adx_supports, pack_pm, resize, AdxToken};

/// `a·b·2^(−64N) mod p` by the fastest ADX kernel for `N`, or `None` if there is none.
/// `pm` is [`pack_pm`]`(p, m0)`; inputs `< p`.
#[inline(always)]
#[allow(unused_variables)]
pub(crate) fn mont_mul_adx<const N: usize>(
    token: AdxToken,
    a: &[u64; N],
    b: &[u64; N],
    p: &[u64; N],
    pm: &[u64; 9],
    m0: u64,
) -> Option<[u64; N]> {
    #[cfg(target_arch = "x86_64")]
    {
        use crate::prime::montgomery::mul::reduce_once;
        use x86_64::mont_adx::{
            mont_mul_adx_ptr_3, mont_mul_adx_ptr_4, mont_mul_adx_ptr_4_full, mont_mul_adx_ptr_6,
        };
        let full = p[N - 1] == u64::MAX;
        if N == 3 && !full {
            let (Ok(a3), Ok(b3), Some(pm4)) = (
                <&[u64; 3]>::try_from(a.as_slice()),
                <&[u64; 3]>::try_from(b.as_slice()),
                pm.first_chunk::<4>(),
            ) else {
                return None;
            };
            // SAFETY: `token` proves BMI2 + ADX; `pm4` holds p then m0; the top limb
            // of p is below 2^64 − 1.
            let r = unsafe { mont_mul_adx_ptr_3(a3, b3, pm4) };
            return Some(resize(&r));
        }
        if N == 4 {
            let (Ok(a4), Ok(b4), Some(pm5)) = (
                <&[u64; 4]>::try_from(a.as_slice()),
                <&[u64; 4]>::try_from(b.as_slice()),
                pm.first_chunk::<5>(),
            ) else {
                return None;
            };
            // SAFETY: `token` proves BMI2 + ADX; `pm5` holds p then m0; the `_full`
            // kernel takes any p, the other one a top limb below 2^64 − 1.
            let r = unsafe {
                if full {
                    mont_mul_adx_ptr_4_full(a4, b4, pm5)
                } else {
                    mont_mul_adx_ptr_4(a4, b4, pm5)
                }
            };
            return Some(resize(&r));
        }
        if N == 6 && !full {
            let (Ok(a6), Ok(b6), Some(pm7)) = (
                <&[u64; 6]>::try_from(a.as_slice()),
                <&[u64; 6]>::try_from(b.as_slice()),
                pm.first_chunk::<7>(),
            ) else {
                return None;
            };
            // SAFETY: `token` proves BMI2 + ADX; `pm7` holds p then m0; top limb of p
            // is below 2^64 − 1.
            let (t, top) = unsafe { mont_mul_adx_ptr_6(a6, b6, pm7) };
            return Some(reduce_once(&resize(&t), top, p));
        }
        if N == 6 {
            return mont_mul_adx_copied(token, a, b, p, m0, true);
        }
        if N == 8 && !full {
            return mont_mul_adx_copied(token, a, b, p, m0, false);
        }
    }
    None
}

/// `a²·2^(−64N) mod p` by the dedicated ADX squaring kernel (N = 3, 4 in registers,
/// N = 5 … 8 with the double-width square on the stack; any odd p), or `None` for
/// other `N`. `pm` is [`pack_pm`]`(p, m0)`; `a < p`.
#[inline(always)]
#[allow(unused_variables)]
pub(crate) fn mont_sqr_adx<const N: usize>(
    token: AdxToken,
    a: &[u64; N],
    pm: &[u64; 9],
) -> Option<[u64; N]> {
    #[cfg(target_arch = "x86_64")]
    {
        if N == 3 {
            let (Ok(a3), Some(pm4)) = (<&[u64; 3]>::try_from(a.as_slice()), pm.first_chunk::<4>())
            else {
                return None;
            };
            // SAFETY: `token` proves BMI2 + ADX; `pm4` holds p then m0; any odd p.
            let r = unsafe { x86_64::mont_adx::mont_sqr_adx_reg_3(a3, pm4) };
            return Some(resize(&r));
        }
        if N == 4 {
            let (Ok(a4), Some(pm5)) = (<&[u64; 4]>::try_from(a.as_slice()), pm.first_chunk::<5>())
            else {
                return None;
            };
            // SAFETY: `token` proves BMI2 + ADX; `pm5` holds p then m0; any odd p.
            let r = unsafe { x86_64::mont_adx::mont_sqr_adx_ptr_4(a4, pm5) };
            return Some(resize(&r));
        }
        macro_rules! stack {
            ($n:literal, $f:ident) => {{
                let (Ok(an), Some(pmn)) = (
                    <&[u64; $n]>::try_from(a.as_slice()),
                    pm.first_chunk::<{ $n + 1 }>(),
                ) else {
                    return None;
                };
                // SAFETY: `token` proves BMI2 + ADX; `pmn` holds p then m0; any odd p.
                let r = unsafe { x86_64::mont_adx::$f(an, pmn) };
                return Some(resize(&r));
            }};
        }
        match N {
            5 => stack!(5, mont_sqr_adx_stack_5),
            6 => stack!(6, mont_sqr_adx_stack_6),
            7 => stack!(7, mont_sqr_adx_stack_7),
            8 => stack!(8, mont_sqr_adx_stack_8),
            _ => {}
        }
    }
    None
}

/// Almost-Montgomery square for 3 limbs (operand in registers, no final
/// subtraction): `a²·2^(−192) mod p` plus 0 or p, below 2p. Precondition (for the
/// value, not for memory safety): p's top limb `pm[2] < 2^62` and `a < 2p`; then
/// chains of these squares and [`mont_mul_lazy_3`] stay below 2p.
#[inline(always)]
#[allow(unused_variables)]
pub(crate) fn mont_sqr_lazy_3(token: AdxToken, a: &[u64; 3], pm: &[u64; 4]) -> [u64; 3] {
    debug_assert!(pm[2] < 1 << 62);
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: `token` proves BMI2 + ADX; `pm` holds p then m0.
        unsafe { x86_64::mont_adx::mont_sqr_adx_reg_3_lazy(a, pm) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        lazy_3_portable(a, a, pm)
    }
}

/// The portable stand-in of the lazy kernels (never reached: no [`AdxToken`] off
/// x86-64): reduces the inputs below p, then the CIOS product.
#[cfg(not(target_arch = "x86_64"))]
fn lazy_3_portable(a: &[u64; 3], b: &[u64; 3], pm: &[u64; 4]) -> [u64; 3] {
    use crate::prime::montgomery::mul::{mont_mul, reduce_once};
    let p = [pm[0], pm[1], pm[2]];
    mont_mul(&reduce_once(a, 0, &p), &reduce_once(b, 0, &p), &p, pm[3])
}

/// Almost-Montgomery product for 3 limbs (`a` in registers, no final subtraction):
/// `a·b·2^(−192) mod p` plus 0 or p, below 2p. Precondition (for the value, not for
/// memory safety): `pm[2] < 2^62` and `a, b < 2p`.
#[inline(always)]
#[allow(unused_variables)]
pub(crate) fn mont_mul_lazy_3(
    token: AdxToken,
    a: &[u64; 3],
    b: &[u64; 3],
    pm: &[u64; 4],
) -> [u64; 3] {
    debug_assert!(pm[2] < 1 << 62);
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: `token` proves BMI2 + ADX; `pm` holds p then m0.
        unsafe { x86_64::mont_adx::mont_mul_adx_reg_3_lazy(a, b, pm) }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        lazy_3_portable(a, b, pm)
    }
}

/// `a·b·2^(−64N) mod p` by the copied-operand kernels (`Operands` struct, one base
/// register): N = 4, 6, 8 with p's top limb below 2^64 − 1, or with `full` the N = 6
/// kernel for any p. `None` when no such kernel exists or p does not qualify.
#[inline(always)]
#[allow(unused_variables)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(crate) fn mont_mul_adx_copied<const N: usize>(
    token: AdxToken,
    a: &[u64; N],
    b: &[u64; N],
    p: &[u64; N],
    m0: u64,
    full: bool,
) -> Option<[u64; N]> {
    #[cfg(target_arch = "x86_64")]
    {
        use crate::prime::montgomery::mul::reduce_once;
        use x86_64::mont_adx::{
            mont_mul_adx_4, mont_mul_adx_6, mont_mul_adx_6_full, mont_mul_adx_8, Operands,
        };
        if full && N == 6 {
            let ops = Operands::<6> {
                a: resize(a),
                b: resize(b),
                p: resize(p),
                m0,
            };
            // SAFETY: `token` proves BMI2 + ADX; the `_full` kernel takes any odd p.
            let (t, top) = unsafe { mont_mul_adx_6_full(&ops) };
            return Some(reduce_once(&resize(&t), top, p));
        }
        if full || p[N - 1] == u64::MAX {
            return None;
        }
        macro_rules! run {
            ($m:literal, $f:ident) => {{
                let ops = Operands::<$m> {
                    a: resize(a),
                    b: resize(b),
                    p: resize(p),
                    m0,
                };
                // SAFETY: `token` proves BMI2 + ADX; p's top limb is not 2^64 − 1.
                let (t, top) = unsafe { $f(&ops) };
                let t: [u64; N] = resize(&t);
                return Some(reduce_once(&t, top, p));
            }};
        }
        match N {
            4 => run!(4, mont_mul_adx_4),
            6 => run!(6, mont_mul_adx_6),
            8 => run!(8, mont_mul_adx_8),
            _ => {}
        }
    }
    None
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;
    use crate::prime::montgomery::mul::mont_mul;
    use rand::{RngCore, SeedableRng};

    /// The sizes of the generated kernels, from the tables `x86_64::mont_adx::*_SIZES`
    /// that `scripts/adx/gen_mont_adx.py` emits with the kernels (empty off x86-64).
    #[derive(Default)]
    struct Generated {
        /// Montgomery products for p's top limb below 2^64 − 1.
        mul: Vec<usize>,
        /// Montgomery products for any odd p.
        mul_any_p: Vec<usize>,
        /// Montgomery squares (any odd p).
        sqr: Vec<usize>,
        /// Copied-operand products (`mont_mul_adx_copied`, `full == false`).
        copied: Vec<usize>,
        /// Copied-operand products for any odd p (`full == true`).
        copied_full: Vec<usize>,
        /// Almost-Montgomery square and product.
        lazy: Vec<usize>,
    }

    fn generated() -> Generated {
        #[cfg(target_arch = "x86_64")]
        {
            use x86_64::mont_adx as k;
            let mul_any_p = [k::PTR_FULL_SIZES, k::COPIED_FULL_SIZES].concat();
            return Generated {
                mul: [k::PTR_SIZES, k::COPIED_SIZES, &mul_any_p].concat(),
                mul_any_p,
                sqr: [k::SQR_PTR_SIZES, k::SQR_REG_SIZES, k::SQR_STACK_SIZES].concat(),
                copied: k::COPIED_SIZES.to_vec(),
                copied_full: k::COPIED_FULL_SIZES.to_vec(),
                lazy: k::LAZY_SIZES.to_vec(),
            };
        }
        #[allow(unreachable_code)]
        Generated::default()
    }

    /// Whether a generated Montgomery product kernel takes `n` limbs and a modulus with
    /// top limb `top`.
    fn mul_kernel_exists(n: usize, top: u64) -> bool {
        let g = generated();
        if top == u64::MAX {
            g.mul_any_p.contains(&n)
        } else {
            g.mul.contains(&n)
        }
    }

    /// The dispatch and the generated size tables agree: `adx_supports` (which `Fp`
    /// uses to pick the ADX path) says yes exactly for the sizes and moduli with a
    /// kernel, and the lazy kernels are the 3-limb ones `mont_sqr_lazy_3` and
    /// `mont_mul_lazy_3` call. (`mont_mul_adx_matches_portable` checks that each
    /// dispatch function returns a result exactly for its table's sizes.)
    fn dispatch_matches_generated_sizes() {
        for n in 0..=64 {
            for top in [u64::MAX, u64::MAX - 1, 1 << 63, 1] {
                assert_eq!(
                    adx_supports(n, top),
                    mul_kernel_exists(n, top),
                    "adx_supports({n}, {top:#x}) against the generated size tables"
                );
            }
        }
        if cfg!(target_arch = "x86_64") {
            let lazy = generated().lazy;
            assert_eq!(lazy, [3], "lazy kernels: the dispatch has 3-limb ones only");
        }
    }

    fn check<const N: usize>(rng: &mut rand::rngs::StdRng) {
        let Some(tok) = AdxToken::detect() else {
            crate::cpu::kernel_log::kernel_skipped(
                "prime::adx::mont_mul/mont_sqr",
                &[crate::cpu::Feature::Bmi2, crate::cpu::Feature::Adx],
            );
            return;
        };
        crate::cpu::kernel_log::kernel_ran("prime::adx::mont_mul/mont_sqr");
        for round in 0..400 {
            // Random odd moduli, including top limbs 2^64 − 1 and close to it.
            let mut p = [0u64; N];
            for w in p.iter_mut() {
                *w = rng.next_u64();
            }
            p[0] |= 1;
            p[N - 1] = match round % 4 {
                0 => u64::MAX - 1 - (rng.next_u64() % 4),
                1 => p[N - 1] | (1 << 63),
                2 => u64::MAX,
                _ => p[N - 1] >> 1,
            };
            if round % 8 == 2 {
                // P-384-like: many all-ones limbs.
                for w in p.iter_mut().skip(1) {
                    *w = u64::MAX;
                }
            }
            let mut inv: u64 = 1;
            for _ in 0..7 {
                inv = inv.wrapping_mul(2u64.wrapping_sub(p[0].wrapping_mul(inv)));
            }
            let m0 = inv.wrapping_neg();
            let pm = pack_pm(&p, m0);
            let below_p = |rng: &mut rand::rngs::StdRng| {
                let mut x = [0u64; N];
                for w in x.iter_mut() {
                    *w = rng.next_u64();
                }
                x[N - 1] %= p[N - 1];
                x
            };
            let mut pm1 = p;
            pm1[0] -= 1;
            let mut cases: Vec<([u64; N], [u64; N])> =
                (0..20).map(|_| (below_p(rng), below_p(rng))).collect();
            cases.push((pm1, pm1));
            cases.push((pm1, [0u64; N]));
            let mut one = [0u64; N];
            one[0] = 1;
            cases.push((pm1, one));
            let top_ok = p[N - 1] != u64::MAX;
            // Each dispatch returns a result exactly for the sizes of the generated
            // tables (`x86_64::mont_adx::*_SIZES`).
            let g = generated();
            let has_mul = mul_kernel_exists(N, p[N - 1]);
            for (a, b) in cases {
                let want = mont_mul(&a, &b, &p, m0);
                let got = mont_mul_adx(tok, &a, &b, &p, &pm, m0);
                let sq = mont_sqr_adx(tok, &a, &pm);
                assert_eq!(
                    sq,
                    g.sqr.contains(&N).then(|| mont_mul(&a, &a, &p, m0)),
                    "sqr, p = {p:x?}"
                );
                assert_eq!(got, has_mul.then_some(want), "dispatch, p = {p:x?}");
                assert_eq!(adx_supports(N, p[N - 1]), has_mul);
                let copied = mont_mul_adx_copied(tok, &a, &b, &p, m0, false);
                assert_eq!(
                    copied,
                    (top_ok && g.copied.contains(&N)).then_some(want),
                    "copied, p = {p:x?}"
                );
                let full = mont_mul_adx_copied(tok, &a, &b, &p, m0, true);
                assert_eq!(
                    full,
                    g.copied_full.contains(&N).then_some(want),
                    "copied full, p = {p:x?}"
                );
            }
        }
    }

    fn mont_mul_adx_ptr_4_full_matches_portable() {
        // The `_full` kernel must also be right for moduli the other kernel takes.
        let Some(_tok) = AdxToken::detect() else {
            crate::cpu::kernel_log::kernel_skipped(
                "prime::adx::mont_mul_ptr_4_full",
                &[crate::cpu::Feature::Bmi2, crate::cpu::Feature::Adx],
            );
            return;
        };
        crate::cpu::kernel_log::kernel_ran("prime::adx::mont_mul_ptr_4_full");
        #[cfg(target_arch = "x86_64")]
        {
            let mut rng = rand::rngs::StdRng::seed_from_u64(6);
            for round in 0..2000u64 {
                let mut p = [0u64; 4];
                for w in p.iter_mut() {
                    *w = rng.next_u64();
                }
                p[0] |= 1;
                p[3] >>= round % 64;
                p[3] = p[3].max(1);
                let mut inv: u64 = 1;
                for _ in 0..7 {
                    inv = inv.wrapping_mul(2u64.wrapping_sub(p[0].wrapping_mul(inv)));
                }
                let m0 = inv.wrapping_neg();
                let pm = pack_pm(&p, m0);
                let Some(pm5) = pm.first_chunk::<5>() else {
                    unreachable!("pm has 9 words")
                };
                let mut a = [rng.next_u64(), rng.next_u64(), rng.next_u64(), 0];
                let mut b = [rng.next_u64(), rng.next_u64(), rng.next_u64(), 0];
                a[3] = rng.next_u64() % p[3];
                b[3] = rng.next_u64() % p[3];
                let want = mont_mul(&a, &b, &p, m0);
                // SAFETY: the token proves BMI2 + ADX; a < p.
                let sq = unsafe { x86_64::mont_adx::mont_sqr_adx_ptr_4(&a, pm5) };
                assert_eq!(sq, mont_mul(&a, &a, &p, m0));
                // SAFETY: the token proves BMI2 + ADX; a, b < p.
                let got = unsafe { x86_64::mont_adx::mont_mul_adx_ptr_4_full(&a, &b, pm5) };
                assert_eq!(got, want);
                // SAFETY: as above; the top limb of p is below 2^64 − 1.
                let got = unsafe { x86_64::mont_adx::mont_mul_adx_ptr_4(&a, &b, pm5) };
                assert_eq!(got, want);
            }
        }
    }

    /// `a·b·2^(−192) mod p` for odd p by big integers (independent oracle: the product
    /// mod p, then 192 halvings mod p).
    fn redc_big(a: &[u64; 3], b: &[u64; 3], p: &[u64; 3]) -> [u64; 3] {
        use crate::prime::montgomery::limbs::{from_biguint, to_biguint};
        let pb = to_biguint(p);
        let mut v = to_biguint(a) * to_biguint(b) % &pb;
        for _ in 0..192 {
            if v.bit(0) {
                v += &pb;
            }
            v >>= 1u32;
        }
        from_biguint(&v).expect("below p")
    }

    fn mont_lazy_3_matches_portable() {
        use crate::prime::montgomery::limbs::{add_n, lt_vartime, sub_n};
        let Some(tok) = AdxToken::detect() else {
            crate::cpu::kernel_log::kernel_skipped(
                "prime::adx::mont_lazy_3",
                &[crate::cpu::Feature::Bmi2, crate::cpu::Feature::Adx],
            );
            return;
        };
        crate::cpu::kernel_log::kernel_ran("prime::adx::mont_lazy_3");
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        for round in 0..600 {
            // Top limbs just below 2^62, around 2^31 (160-bit primes), tiny.
            let top = match round % 4 {
                0 => (1u64 << 62) - 1 - rng.next_u64() % 8,
                1 => (rng.next_u64() >> 33) | (1 << 31),
                2 => rng.next_u64() >> 2,
                _ => 1 + rng.next_u64() % 4,
            };
            let p = [rng.next_u64() | 1, rng.next_u64(), top];
            let mut inv: u64 = 1;
            for _ in 0..7 {
                inv = inv.wrapping_mul(2u64.wrapping_sub(p[0].wrapping_mul(inv)));
            }
            let m0 = inv.wrapping_neg();
            let pm = pack_pm(&p, m0);
            let Some(pm4) = pm.first_chunk::<4>() else {
                unreachable!("pm has 9 words")
            };
            let (p2, _) = add_n(&p, &p);
            let (pm1, _) = sub_n(&p, &[1, 0, 0]);
            let (p2m1, _) = sub_n(&p2, &[1, 0, 0]);
            let below = |rng: &mut rand::rngs::StdRng, lim: &[u64; 3]| loop {
                let x = [
                    rng.next_u64(),
                    rng.next_u64(),
                    rng.next_u64() % (lim[2] + 1),
                ];
                if lt_vartime(&x, lim) {
                    return x;
                }
            };
            let mut cases = vec![
                ([0u64; 3], [0u64; 3]),
                ([1, 0, 0], [1, 0, 0]),
                (pm1, pm1),
                (p2m1, p2m1),
                (p, p2m1),
                (pm1, [1, 0, 0]),
            ];
            for _ in 0..6 {
                cases.push((below(&mut rng, &p2), below(&mut rng, &p2)));
                cases.push((below(&mut rng, &p), below(&mut rng, &p)));
            }
            let red = |x: &[u64; 3]| {
                if lt_vartime(x, &p) {
                    *x
                } else {
                    sub_n(x, &p).0
                }
            };
            for (a, b) in cases {
                let (ar, br) = (red(&a), red(&b));
                let s = mont_sqr_lazy_3(tok, &a, pm4);
                assert!(lt_vartime(&s, &p2), "square below 2p, p = {p:x?}");
                assert_eq!(red(&s), mont_mul(&ar, &ar, &p, m0), "square, p = {p:x?}");
                let m = mont_mul_lazy_3(tok, &a, &b, pm4);
                assert!(lt_vartime(&m, &p2), "product below 2p, p = {p:x?}");
                assert_eq!(red(&m), mont_mul(&ar, &br, &p, m0), "product, p = {p:x?}");
                if round % 8 == 0 {
                    assert_eq!(red(&m), redc_big(&ar, &br, &p), "big-integer oracle");
                }
                if lt_vartime(&a, &p) {
                    assert_eq!(
                        mont_sqr_adx(tok, &a, &pm),
                        Some(redc_big(&a, &a, &p)),
                        "register square, p = {p:x?}"
                    );
                }
            }
        }
    }

    fn mont_mul_adx_matches_portable() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        macro_rules! check_sizes {
            ($($n:literal),*) => {{
                $(check::<$n>(&mut rng);)*
                [$($n),*]
            }};
        }
        let checked = check_sizes!(3, 4, 5, 6, 7, 8);
        let g = generated();
        for n in [g.mul, g.mul_any_p, g.sqr, g.copied, g.copied_full, g.lazy].concat() {
            assert!(
                checked.contains(&n),
                "N = {n} has a generated kernel: check it here"
            );
        }
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[
        (
            "dispatch_matches_generated_sizes",
            dispatch_matches_generated_sizes,
        ),
        (
            "mont_mul_adx_ptr_4_full_matches_portable",
            mont_mul_adx_ptr_4_full_matches_portable,
        ),
        ("mont_lazy_3_matches_portable", mont_lazy_3_matches_portable),
        (
            "mont_mul_adx_matches_portable",
            mont_mul_adx_matches_portable,
        ),
    ];
}
