//! Accelerated kernels for GF(p) arithmetic, chosen once per field at run time.
//!
//! The portable kernels of `montgomery::mul` are always compiled and are
//! the oracle; on x86-64 with BMI2 + ADX, [`AdxToken`] unlocks the MULX/ADCX/ADOX
//! Montgomery product of `backend::x86_64::mont_adx` for 4, 6 and 8 limbs (tests
//! `mont_mul_adx_matches_portable`). CPU features are detected once and cached.
#![allow(unsafe_code)]

#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64;

/// Proof that the CPU supports BMI2 and ADX (only [`AdxToken::detect`] makes one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AdxToken(());

impl AdxToken {
    /// A token if the CPU has BMI2 and ADX (detected once, then cached).
    pub fn detect() -> Option<AdxToken> {
        #[cfg(target_arch = "x86_64")]
        {
            static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
            let has = *HAS.get_or_init(|| {
                std::arch::is_x86_feature_detected!("bmi2")
                    && std::arch::is_x86_feature_detected!("adx")
            });
            if has {
                return Some(AdxToken(()));
            }
        }
        None
    }
}

/// Copies `src` into a `[u64; M]` (zero-padded / truncated; used where `M == N`).
#[inline(always)]
#[allow(dead_code)]
fn resize<const N: usize, const M: usize>(src: &[u64; N]) -> [u64; M] {
    let mut r = [0u64; M];
    for (d, s) in r.iter_mut().zip(src.iter()) {
        *d = *s;
    }
    r
}

/// Whether the ADX kernel exists for `N` limbs and applies to a modulus with top limb
/// `p_top`.
pub(crate) fn adx_supports(n: usize, p_top: u64) -> bool {
    cfg!(target_arch = "x86_64") && matches!(n, 4 | 6 | 8) && p_top != u64::MAX
}

/// `a·b·2^(−64N) mod p` by the ADX kernel, or `None` if there is none for `N`.
/// Requires [`adx_supports`]`(N, p[N−1])`, inputs `< p`.
#[inline(always)]
#[allow(unused_variables)]
pub(crate) fn mont_mul_adx<const N: usize>(
    token: AdxToken,
    a: &[u64; N],
    b: &[u64; N],
    p: &[u64; N],
    m0: u64,
) -> Option<[u64; N]> {
    #[cfg(target_arch = "x86_64")]
    {
        use self::x86_64::mont_adx::{mont_mul_adx_4, mont_mul_adx_6, mont_mul_adx_8, Operands};
        use crate::prime::montgomery::mul::reduce_once;
        if p[N - 1] == u64::MAX {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prime::montgomery::mul::mont_mul;
    use rand::{RngCore, SeedableRng};

    fn check<const N: usize>(rng: &mut rand::rngs::StdRng) {
        let Some(tok) = AdxToken::detect() else {
            return;
        };
        for round in 0..300 {
            // Random odd moduli, including top limbs close to (but not) 2^64 − 1.
            let mut p = [0u64; N];
            for w in p.iter_mut() {
                *w = rng.next_u64();
            }
            p[0] |= 1;
            p[N - 1] = match round % 3 {
                0 => u64::MAX - 1 - (rng.next_u64() % 4),
                1 => p[N - 1] | (1 << 63),
                _ => p[N - 1] >> 1,
            };
            let mut inv: u64 = 1;
            for _ in 0..7 {
                inv = inv.wrapping_mul(2u64.wrapping_sub(p[0].wrapping_mul(inv)));
            }
            let m0 = inv.wrapping_neg();
            let below_p = |rng: &mut rand::rngs::StdRng| {
                let mut x = [0u64; N];
                for w in x.iter_mut() {
                    *w = rng.next_u64();
                }
                x[N - 1] %= p[N - 1];
                x
            };
            for _ in 0..20 {
                let a = below_p(rng);
                let b = below_p(rng);
                let want = mont_mul(&a, &b, &p, m0);
                assert_eq!(mont_mul_adx(tok, &a, &b, &p, m0), Some(want));
            }
            // Extremes: p − 1 times p − 1.
            let mut pm1 = p;
            pm1[0] -= 1;
            let want = mont_mul(&pm1, &pm1, &p, m0);
            assert_eq!(mont_mul_adx(tok, &pm1, &pm1, &p, m0), Some(want));
        }
    }

    #[test]
    fn mont_mul_adx_matches_portable() {
        let mut rng = rand::rngs::StdRng::seed_from_u64(5);
        check::<4>(&mut rng);
        check::<6>(&mut rng);
        check::<8>(&mut rng);
    }
}
