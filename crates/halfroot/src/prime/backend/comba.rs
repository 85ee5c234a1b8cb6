//! Safe dispatch into the double-width kernels of the lazy-reduction engine and of
//! the large-N squaring: the ADX row kernels of `backend::x86_64::rows_adx` (product
//! and separate Montgomery reduction, N = 3 … 8) and the product-scanning MULX
//! kernels of `backend::x86_64::comba_adx` (product and square, N = 8 … 16, 20, 24).
//! Each call needs the [`AdxToken`] proof; any other `N` (or a non-x86-64 target)
//! gets `None` and the caller uses the portable kernels of `montgomery::wide`, which
//! are the oracles (test `wide_kernels_matches_portable` below, plus a big-integer
//! check).
//!
//! Source and costs: see the kernel files. Constant-time: yes (the kernel is chosen
//! by `N` only).
#![allow(unsafe_code)]

use super::AdxToken;
#[cfg(target_arch = "x86_64")]
use core::mem::MaybeUninit;

/// Low and high halves, contiguous (the kernels write 2N consecutive words).
#[cfg(target_arch = "x86_64")]
#[repr(C)]
#[allow(dead_code)]
struct Pair<const N: usize> {
    lo: [u64; N],
    hi: [u64; N],
}

/// Reads `N` words one at a time. The kernels store 8-byte words; reading them back
/// with the wider vector loads the compiler would otherwise emit for array copies
/// defeats store-to-load forwarding (a stall of over ten cycles on Intel cores).
///
/// # Safety
/// `src` valid for reading `N` initialised words.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn read_words<const N: usize>(src: *const u64) -> [u64; N] {
    let mut r = [0u64; N];
    for (i, w) in r.iter_mut().enumerate() {
        // SAFETY: `i < N`, in bounds by the caller's contract.
        *w = unsafe { core::ptr::read_volatile(src.add(i)) };
    }
    r
}

/// The halves of a kernel's 2N-word result, read word by word.
///
/// # Safety
/// `w` fully initialised by the kernel.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn read_pair<const N: usize>(w: &MaybeUninit<Pair<N>>) -> ([u64; N], [u64; N]) {
    let p = w.as_ptr().cast::<u64>();
    // SAFETY: 2N initialised words (the caller's contract), repr(C) layout.
    unsafe { (read_words(p), read_words(p.add(N))) }
}

/// `a·b` as `(low N words, high N words)` by the MULX kernel, or `None` without one.
#[inline(always)]
#[allow(unused_variables)]
pub(crate) fn mul_wide_adx<const N: usize>(
    token: AdxToken,
    a: &[u64; N],
    b: &[u64; N],
) -> Option<([u64; N], [u64; N])> {
    #[cfg(target_arch = "x86_64")]
    {
        let mut w = MaybeUninit::<Pair<N>>::uninit();
        // SAFETY: `token` proves BMI2 + ADX; `a`, `b` hold N words; `w` is 2N
        // contiguous words (repr(C), two u64 arrays, no padding).
        let ok = unsafe {
            super::x86_64::comba_adx::mul_wide_dispatch(
                N,
                a.as_ptr(),
                b.as_ptr(),
                w.as_mut_ptr().cast::<u64>(),
            )
        };
        if ok {
            // SAFETY: the kernel wrote all 2N words.
            return Some(unsafe { read_pair(&w) });
        }
    }
    None
}

/// `a²` as `(low, high)` by the MULX/ADCX/ADOX kernel, or `None` without one.
#[inline(always)]
#[allow(unused_variables)]
pub(crate) fn sqr_wide_adx<const N: usize>(
    token: AdxToken,
    a: &[u64; N],
) -> Option<([u64; N], [u64; N])> {
    #[cfg(target_arch = "x86_64")]
    {
        let mut w = MaybeUninit::<Pair<N>>::uninit();
        // SAFETY: `token` proves BMI2 + ADX; `a` holds N words; `w` is 2N contiguous
        // words (repr(C)); the kernel writes every word before reading it back.
        let ok = unsafe {
            super::x86_64::comba_adx::sqr_wide_dispatch(N, a.as_ptr(), w.as_mut_ptr().cast::<u64>())
        };
        if ok {
            // SAFETY: the kernel wrote all 2N words.
            return Some(unsafe { read_pair(&w) });
        }
    }
    None
}

/// `a·b` as `(low, high)` by the ADX row kernel (N = 3 … 8), or `None` without one.
#[inline(always)]
#[allow(unused_variables)]
pub(crate) fn mul_wide_rows_adx<const N: usize>(
    token: AdxToken,
    a: &[u64; N],
    b: &[u64; N],
) -> Option<([u64; N], [u64; N])> {
    #[cfg(target_arch = "x86_64")]
    {
        use super::x86_64::rows_adx::{self as k, MulOps};
        let mut w = MaybeUninit::<Pair<N>>::uninit();
        let d = w.as_mut_ptr().cast::<u64>();
        let (a, b) = (a.as_ptr(), b.as_ptr());
        macro_rules! ptr {
            ($f:ident) => {
                // SAFETY: `token` proves BMI2 + ADX; `a`, `b` hold N words; `d` is 2N
                // contiguous words (repr(C)).
                unsafe { k::$f(a, b, d) }
            };
        }
        macro_rules! ops {
            ($n:literal, $f:ident) => {{
                let mut ops = MulOps::<$n, { 2 * $n }> {
                    a: [0; $n],
                    b: [0; $n],
                    d: [0; 2 * $n],
                };
                // SAFETY: `a`, `b` hold N = $n words (read word by word, see
                // `read_words`).
                unsafe {
                    ops.a = read_words(a);
                    ops.b = read_words(b);
                }
                // SAFETY: `token` proves BMI2 + ADX.
                unsafe { k::$f(&mut ops) };
                let q = ops.d.as_ptr();
                // SAFETY: the kernel wrote the 2N = 2·$n words of `ops.d`.
                return Some(unsafe { (read_words(q), read_words(q.add(N))) });
            }};
        }
        match N {
            3 => ptr!(mul_wide_rows_3),
            4 => ptr!(mul_wide_rows_4),
            5 => ptr!(mul_wide_rows_5),
            6 => ptr!(mul_wide_rows_6),
            7 => ops!(7, mul_wide_rows_7),
            8 => ops!(8, mul_wide_rows_8),
            _ => return None,
        }
        // SAFETY: the kernel wrote all 2N words.
        return Some(unsafe { read_pair(&w) });
    }
    #[allow(unreachable_code)]
    None
}

/// Montgomery reduction without final subtraction by the ADX row kernel (N = 3 … 8):
/// `(r, h)` with `r + 2^(64N)·h = (T + m·p)/2^(64N) < T/2^(64N) + p` for `T = lo +
/// 2^(64N)·hi`; `pm` is p's limbs then m0 (`backend::pack_pm`).
#[inline(always)]
#[allow(unused_variables)]
pub(crate) fn redc_rows_adx<const N: usize>(
    token: AdxToken,
    lo: &[u64; N],
    hi: &[u64; N],
    pm: &[u64; 9],
) -> Option<([u64; N], u64)> {
    #[cfg(target_arch = "x86_64")]
    {
        use super::resize;
        use super::x86_64::rows_adx::{self as k, RedcOps};
        let (tl, th, pmp) = (lo.as_ptr(), hi.as_ptr(), pm.as_ptr());
        macro_rules! ptr {
            ($f:ident) => {{
                // SAFETY: `token` proves BMI2 + ADX; `lo`, `hi` hold N words, `pm` 9
                // (p's N limbs then m0).
                let (r, h) = unsafe { k::$f(tl, th, pmp) };
                return Some((resize(&r), h));
            }};
        }
        macro_rules! ops {
            ($n:literal, $f:ident) => {{
                let mut ops = RedcOps::<$n, { $n + 1 }> {
                    tl: [0; $n],
                    th: [0; $n],
                    pm: [0; $n + 1],
                };
                // SAFETY: `lo`, `hi` hold N = $n words, `pm` 9 ≥ $n + 1 (read word
                // by word, see `read_words`).
                unsafe {
                    ops.tl = read_words(tl);
                    ops.th = read_words(th);
                    ops.pm = read_words(pmp);
                }
                // SAFETY: `token` proves BMI2 + ADX; `ops.pm` is p then m0.
                let (r, h) = unsafe { k::$f(&ops) };
                return Some((resize(&r), h));
            }};
        }
        match N {
            3 => ptr!(redc_rows_3),
            4 => ptr!(redc_rows_4),
            5 => ptr!(redc_rows_5),
            6 => ptr!(redc_rows_6),
            7 => ops!(7, redc_rows_7),
            8 => ops!(8, redc_rows_8),
            _ => {}
        }
    }
    None
}

#[cfg(feature = "internal-tests")]
pub(crate) mod tests {
    use super::*;
    use crate::prime::backend::pack_pm;
    use crate::prime::montgomery::wide::{
        mul_wide_portable, redc_wide_portable, sqr_wide_portable,
    };
    use num_bigint::BigUint;
    use rand::{RngCore, SeedableRng};

    fn big(x: &[u64]) -> BigUint {
        let mut r = BigUint::default();
        for w in x.iter().rev() {
            r = (r << 64) + BigUint::from(*w);
        }
        r
    }

    fn m0_of(p0: u64) -> u64 {
        let mut inv: u64 = 1;
        for _ in 0..7 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(p0.wrapping_mul(inv)));
        }
        inv.wrapping_neg()
    }

    /// Zero, one, all-ones, p − 1, near-2^(64N) and random operands.
    fn operands<const N: usize>(rng: &mut rand::rngs::StdRng, p: &[u64; N]) -> Vec<[u64; N]> {
        let mut v = vec![[0u64; N], [u64::MAX; N]];
        let mut one = [0u64; N];
        one[0] = 1;
        v.push(one);
        let mut pm1 = *p;
        pm1[0] -= 1;
        v.push(pm1);
        let mut near_r = [u64::MAX; N];
        near_r[0] = rng.next_u64();
        v.push(near_r);
        for _ in 0..10 {
            let mut x = [0u64; N];
            for w in x.iter_mut() {
                *w = rng.next_u64();
            }
            v.push(x);
        }
        v
    }

    /// The sizes of the generated row kernels (`x86_64::rows_adx::SIZES`, written by
    /// `scripts/adx/gen_rows_adx.py`); empty off x86-64.
    fn rows_sizes() -> &'static [usize] {
        #[cfg(target_arch = "x86_64")]
        return super::super::x86_64::rows_adx::SIZES;
        #[allow(unreachable_code)]
        &[]
    }

    /// The sizes of the generated product-scanning kernels and of their generated
    /// dispatch (`x86_64::comba_adx::SIZES`, `scripts/adx/gen_comba_adx.py`).
    fn comba_sizes() -> &'static [usize] {
        #[cfg(target_arch = "x86_64")]
        return super::super::x86_64::comba_adx::SIZES;
        #[allow(unreachable_code)]
        &[]
    }

    /// Each dispatch returns a result exactly for the sizes of its generated table.
    fn check<const N: usize>(rng: &mut rand::rngs::StdRng) {
        let Some(tok) = AdxToken::detect() else {
            crate::cpu::kernel_log::kernel_skipped(
                "prime::comba::rows/comba wide",
                &[crate::cpu::Feature::Bmi2, crate::cpu::Feature::Adx],
            );
            return;
        };
        crate::cpu::kernel_log::kernel_ran("prime::comba::rows/comba wide");
        let (rows, comba) = (rows_sizes().contains(&N), comba_sizes().contains(&N));
        for round in 0..20 {
            let mut p = [0u64; N];
            for w in p.iter_mut() {
                *w = rng.next_u64();
            }
            p[0] |= 1;
            match round % 3 {
                0 => p[N - 1] = u64::MAX,
                1 => p[N - 1] >>= 1 + rng.next_u64() % 60,
                _ => {}
            }
            p[N - 1] = p[N - 1].max(1);
            let m0 = m0_of(p[0]);
            let pm = pack_pm(&p, m0);
            let xs = operands(rng, &p);
            for a in &xs {
                for b in &xs {
                    let want = mul_wide_portable(a, b);
                    let mut both = want.0.to_vec();
                    both.extend_from_slice(&want.1);
                    // The oracle itself against big integers.
                    assert_eq!(big(&both), big(a) * big(b));
                    let got = mul_wide_rows_adx(tok, a, b);
                    assert_eq!(got, rows.then_some(want), "rows mul N = {N}");
                    let got = mul_wide_adx(tok, a, b);
                    assert_eq!(got, comba.then_some(want), "comba mul N = {N}");
                    // REDC of T < p·2^(64N): T = a·b with the high half below p.
                    let (lo, mut hi) = want;
                    hi[N - 1] %= p[N - 1];
                    let got = redc_rows_adx(tok, &lo, &hi, &pm);
                    assert_eq!(got.is_some(), rows, "redc kernel for N = {N}");
                    if let Some(got) = got {
                        assert_eq!(got, redc_wide_portable(&lo, &hi, 0, &p, m0), "redc N = {N}");
                        // Independent: got·R ≡ T (mod p) and got < T/R + p.
                        let mut t = lo.to_vec();
                        t.extend_from_slice(&hi);
                        let g = big(&got.0) + (BigUint::from(got.1) << (64 * N));
                        assert_eq!((&g << (64 * N)) % big(&p), big(&t) % big(&p));
                        assert!(g < (big(&t) >> (64 * N)) + big(&p));
                    }
                }
                let got = sqr_wide_adx(tok, a);
                assert_eq!(got, comba.then(|| sqr_wide_portable(a)), "sqr N = {N}");
            }
        }
    }

    fn wide_kernels_matches_portable() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(11);
        macro_rules! check_sizes {
            ($($n:literal),*) => {{
                $(check::<$n>(&mut rng);)*
                [$($n),*]
            }};
        }
        // 17: no kernel (the dispatches must say so).
        let checked = check_sizes!(3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 20, 24);
        for &n in rows_sizes().iter().chain(comba_sizes()) {
            assert!(
                checked.contains(&n),
                "N = {n} has a generated kernel: check it here"
            );
        }
    }

    /// This module's tests, run by `crate::internal_tests`.
    pub(crate) const UNIT_TESTS: &[(&str, fn())] = &[(
        "wide_kernels_matches_portable",
        wide_kernels_matches_portable,
    )];
}
