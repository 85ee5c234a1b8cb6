//! GF(p) in Montgomery representation with `N` 64-bit limbs (64 … 2048 bits).
//!
//! Source: P. L. Montgomery, "Modular multiplication without trial division",
//! Math. Comp. 44 (1985); the multiplication and squaring kernels are in `montgomery::mul`
//! (CIOS/SOS of Koç–Acar–Kaliski 1996).
//!
//! An element `a` is stored as `a·R mod p` with `R = 2^(64N)`, always fully reduced
//! (`< p`), so equality of representations is equality of elements. Any odd prime
//! `3 ≤ p < 2^(64N)` is accepted; the context [`Fp`] holds `p`, `−p⁻¹ mod 2^64`,
//! `R mod p`, `R² mod p`, `R³ mod p`, the exponents used by Fermat inversion and Euler's
//! criterion, and the small tables of [`crate::prime::small_div`].
//!
//! Cost: mul 2N² + N word products, sqr about 1.5N², add/sub/neg N words.
//! Constant-time: add, sub, neg, mul, sqr, `pow`, `inv`, `div_small` and `mul_small`
//! are; functions ending in `_vartime`, the Legendre symbol, parsing and printing are
//! not.
//!
//! ```
//! use halfroot::field::Field;
//! use halfroot::prime::montgomery::Fp;
//! use halfroot::prime::PrimeFieldOps;
//! use num_bigint::BigUint;
//!
//! let p = BigUint::from(1_000_000_007u64);
//! let f = Fp::<1>::new(&p).unwrap();
//! let a = f.from_u64(5);
//! let b = f.inv(&a).unwrap();
//! assert_eq!(f.mul(&a, &b), f.one());
//! assert_eq!(f.to_biguint(&f.parse("0x10").unwrap()), BigUint::from(16u32));
//! ```

pub(crate) mod limbs;
pub(crate) mod mul;
pub mod pow;
pub(crate) mod wide;
pub(crate) mod wide_batch;

use self::limbs::{add_mod, is_zero_mask, sub_mod};
use self::mul::{from_mont, mont_mul, mont_mul_nocarry, mont_mul_sos, mont_sqr};
use crate::error::{Error, Result};
use crate::field::Field;
use crate::prime::backend::ifma::{self, IfmaModulus, Limbs};
use crate::prime::backend::{self, AdxToken, IfmaToken};
use crate::prime::primality::is_probable_prime;
use crate::prime::small_div::SmallDivTables;
use crate::prime::PrimeFieldOps;
use num_bigint::BigUint;
use num_traits::{Num, One};
use rand::RngCore;

/// An element of [`Fp<N>`]: the Montgomery representation `a·2^(64N) mod p`, as
/// little-endian limbs, always `< p`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct FpElem<const N: usize>(pub(crate) [u64; N]);

impl<const N: usize> Limbs<N> for FpElem<N> {
    #[inline(always)]
    fn limbs(&self) -> &[u64; N] {
        &self.0
    }
    #[inline(always)]
    fn limbs_mut(&mut self) -> &mut [u64; N] {
        &mut self.0
    }
}

impl<const N: usize> FpElem<N> {
    /// The Montgomery-form limbs `a·2^(64N) mod p` (little-endian).
    pub fn montgomery_limbs(&self) -> &[u64; N] {
        &self.0
    }
}

/// The prime field GF(p) for an odd prime `p < 2^(64N)`, elements in Montgomery form.
#[derive(Clone, Debug)]
pub struct Fp<const N: usize> {
    pub(crate) p: [u64; N],
    pub(crate) p_big: BigUint,
    /// `−p⁻¹ mod 2^64`.
    pub(crate) m0: u64,
    /// Whether the top limb of p is below 2^63 − 1 (enables the no-carry CIOS).
    pub(crate) nocarry: bool,
    /// `R mod p` (the Montgomery form of 1).
    pub(crate) r1: [u64; N],
    /// `R² mod p` (converts into Montgomery form).
    pub(crate) r2: [u64; N],
    /// `R³ mod p` (fixes up the binary inverse).
    pub(crate) r3: [u64; N],
    /// `p − 2` (Fermat inversion exponent).
    pub(crate) p_minus_2: [u64; N],
    /// `(p − 1)/2` (Euler's criterion exponent).
    pub(crate) p_minus_1_half: [u64; N],
    /// Bit length of p.
    pub(crate) bits: u32,
    /// Set when a MULX/ADCX/ADOX kernel applies (CPU support, N ∈ {3, 4, 6, 8}).
    pub(crate) adx: Option<AdxToken>,
    /// p's limbs then `m0`, as the pointer ADX kernels read them (N ≤ 8).
    pub(crate) pm: [u64; 9],
    /// Set when exponentiations use the almost-Montgomery 3-limb kernels (BMI2 + ADX,
    /// N = 3, p below 2^190: values kept in [0, 2p), one subtraction at the end).
    pub(crate) lazy: Option<AdxToken>,
    /// Set when the CPU has BMI2 + ADX: squaring by the double-width kernels.
    pub(crate) wide_sqr: bool,
    /// Tables for exact division by 2…8 and the Montgomery forms of their inverses.
    pub(crate) small: SmallDivTables<N>,
    /// Set when batches of products use the 8-lane AVX-512 IFMA kernels
    /// (`mul_many`, `sqr_many`; CPU support and `3 ≤ N ≤ 32`).
    pub(crate) batch: Option<IfmaToken>,
    /// p in radix 2^52 and `−p⁻¹ mod 2^52`, for the IFMA kernels.
    pub(crate) p52: IfmaModulus<N>,
}

/// Reads a non-negative integer written in decimal or, with a `0x`/`0X` prefix, in
/// hexadecimal; `_` separators are allowed.
pub fn parse_uint(s: &str) -> Result<BigUint> {
    let t: String = s.trim().chars().filter(|&c| c != '_').collect();
    let (digits, radix) = match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
        Some(h) => (h.to_string(), 16),
        None => (t.clone(), 10),
    };
    if digits.is_empty() || digits.starts_with('+') || digits.starts_with('-') {
        return Err(Error::Parse {
            what: "integer".into(),
            input: s.into(),
            reason: "expected decimal digits or 0x followed by hex digits".into(),
        });
    }
    BigUint::from_str_radix(&digits, radix).map_err(|e| Error::Parse {
        what: "integer".into(),
        input: s.into(),
        reason: e.to_string(),
    })
}

/// An error unless every `(name, length)` of `others` has length `len` (the length of
/// the first operand, `a`).
fn check_lengths(len: usize, others: &[(&str, usize)]) -> Result<()> {
    match others.iter().find(|(_, l)| *l != len) {
        Some((name, l)) => Err(Error::InvalidArgument {
            name: format!("{name}.len()"),
            value: l.to_string(),
            reason: format!("must equal a.len() = {len}"),
        }),
        None => Ok(()),
    }
}

/// The limb count from which [`Field::mul`] and [`Field::sqr`] of [`Fp`] are calls to
/// one out-of-line function per N instead of being inlined where they are used (each
/// inlined copy carries the ADX kernel call and the unrolled portable CIOS fallback;
/// the F_{q^k} formulas use 13–23 of them per product). From 9 limbs (576 bits) on a
/// product takes 60 ns or more and the call is noise (at 768 bits dependent products
/// even ran faster out of line: 191 against 259 ns, `report sqrt --quick`, Zen 4); at
/// 8 limbs the call cost 14 % on dependent squares (build weight, issue 19 part 6).
pub(crate) const OUTLINED_FROM: usize = 9;

/// Checks that `p` is an odd prime `≥ 3`; the error names `p` and the reason.
pub fn check_odd_prime(p: &BigUint) -> Result<()> {
    let reason = if p < &BigUint::from(3u32) {
        Some("must be at least 3")
    } else if !p.bit(0) {
        Some("is even")
    } else if !is_probable_prime(p) {
        Some("is composite (fails the Baillie–PSW test)")
    } else {
        None
    };
    match reason {
        Some(r) => Err(Error::NotPrime {
            name: "p".into(),
            value: p.to_string(),
            reason: r.into(),
        }),
        None => Ok(()),
    }
}

impl<const N: usize> Fp<N> {
    /// The field GF(p). Errors: `p` even, `< 3` or composite ([`Error::NotPrime`]), or
    /// wider than `64·N` bits ([`Error::OutOfRange`]).
    pub fn new(p: &BigUint) -> Result<Self> {
        check_odd_prime(p)?;
        Self::new_trusted_prime(p)
    }

    /// Like [`Fp::new`] but skips the primality test (still rejects even `p`, `p < 3`
    /// and `p` wider than `64·N` bits). For callers that have already checked `p`.
    /// With a composite `p` the arithmetic is that of Z/pZ: `inv` and the Legendre
    /// symbol are then meaningless.
    pub fn new_trusted_prime(p: &BigUint) -> Result<Self> {
        if p < &BigUint::from(3u32) || !p.bit(0) {
            return Err(Error::NotPrime {
                name: "p".into(),
                value: p.to_string(),
                reason: "must be odd and at least 3".into(),
            });
        }
        if N == 0 || p.bits() > 64 * N as u64 {
            return Err(Error::OutOfRange {
                what: "modulus p".into(),
                value: p.to_string(),
                reason: format!("must fit in {} bits ({} limbs)", 64 * N, N),
            });
        }
        let to_limbs = |v: &BigUint| -> Result<[u64; N]> {
            limbs::from_biguint::<N>(v).ok_or_else(|| Error::OutOfRange {
                what: "value".into(),
                value: v.to_string(),
                reason: format!("must fit in {} limbs", N),
            })
        };
        let pl = to_limbs(p)?;
        // Newton iteration for p⁻¹ mod 2^64 (each step doubles the correct bits).
        let mut inv: u64 = 1;
        for _ in 0..7 {
            inv = inv.wrapping_mul(2u64.wrapping_sub(pl[0].wrapping_mul(inv)));
        }
        let m0 = inv.wrapping_neg();
        let r = BigUint::one() << (64 * N);
        let r1 = &r % p;
        let r2 = (&r1 * &r1) % p;
        let r3 = (&r2 * &r1) % p;
        let two = BigUint::from(2u32);
        let small = SmallDivTables::new(p, &r1)?;
        Ok(Fp {
            p: pl,
            p_big: p.clone(),
            m0,
            // Measured (examples/prime_arith_min): the no-carry kernel wins up to
            // 12 limbs and loses from 16 limbs on.
            nocarry: N <= 12 && pl[N - 1] < 0x7FFF_FFFF_FFFF_FFFF,
            r1: to_limbs(&r1)?,
            r2: to_limbs(&r2)?,
            r3: to_limbs(&r3)?,
            p_minus_2: to_limbs(&(p - &two))?,
            p_minus_1_half: to_limbs(&((p - 1u32) >> 1))?,
            bits: p.bits() as u32,
            adx: AdxToken::detect().filter(|_| backend::adx_supports(N, pl[N - 1])),
            pm: backend::pack_pm(&pl, m0),
            lazy: AdxToken::detect().filter(|_| N == 3 && pl[N - 1] < 1 << 62),
            wide_sqr: AdxToken::detect().is_some(),
            small,
            // Measured (examples/prime_arith_min with BATCH): at N = 2 the scalar
            // MULX products are as fast (5.5 against 5.9 ns per product).
            batch: IfmaToken::detect().filter(|_| (3..=ifma::MAX_N).contains(&N)),
            p52: IfmaModulus::new(&pl, m0),
        })
    }

    /// Montgomery products of a batch: `out[i] = a[i]·b[i]` for every `i`. With
    /// AVX-512 IFMA ([`Fp::batch_backend`] = `"ifma"`) eight independent products run
    /// side by side, one per 64-bit lane (`backend::ifma`), the last `len % 8` by the
    /// scalar kernel; the results equal [`Field::mul`]'s. Constant time in the values.
    /// Errors: slices of different lengths ([`Error::InvalidArgument`]).
    pub fn mul_many(&self, a: &[FpElem<N>], b: &[FpElem<N>], out: &mut [FpElem<N>]) -> Result<()> {
        check_lengths(a.len(), &[("b", b.len()), ("out", out.len())])?;
        let done = match self.batch {
            Some(tok) => ifma::mont_mul_many(tok, a, Some(b), out, &self.p52),
            None => 0,
        };
        for ((x, y), o) in a.iter().zip(b).zip(out.iter_mut()).skip(done) {
            *o = FpElem(self.mont_mul(&x.0, &y.0));
        }
        Ok(())
    }

    /// Squares of a batch: `out[i] = a[i]²` (8-lane IFMA kernel like
    /// [`Fp::mul_many`], cross products computed once). Errors: `a` and `out` of
    /// different lengths ([`Error::InvalidArgument`]).
    pub fn sqr_many(&self, a: &[FpElem<N>], out: &mut [FpElem<N>]) -> Result<()> {
        check_lengths(a.len(), &[("out", out.len())])?;
        let done = match self.batch {
            Some(tok) => ifma::mont_mul_many(tok, a, None, out, &self.p52),
            None => 0,
        };
        for (x, o) in a.iter().zip(out.iter_mut()).skip(done) {
            *o = FpElem(self.mont_sqr(&x.0));
        }
        Ok(())
    }

    /// [`Fp::mul_many`] by one scalar product per element (the oracle of the batch
    /// kernels). Errors: slices of different lengths ([`Error::InvalidArgument`]).
    pub fn mul_many_portable(
        &self,
        a: &[FpElem<N>],
        b: &[FpElem<N>],
        out: &mut [FpElem<N>],
    ) -> Result<()> {
        check_lengths(a.len(), &[("b", b.len()), ("out", out.len())])?;
        for ((x, y), o) in a.iter().zip(b).zip(out.iter_mut()) {
            *o = FpElem(self.mont_mul_portable(&x.0, &y.0));
        }
        Ok(())
    }

    /// The kernel behind [`Fp::mul_many`] and [`Fp::sqr_many`]: `"ifma"` (AVX-512
    /// IFMA, 8 lanes) or `"scalar"`.
    pub fn batch_backend(&self) -> &'static str {
        if self.batch.is_some() {
            "ifma"
        } else {
            "scalar"
        }
    }

    /// Bit length of p.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// The limbs of p (little-endian).
    pub fn modulus_limbs(&self) -> &[u64; N] {
        &self.p
    }

    /// Montgomery product `a·b·R⁻¹ mod p` of raw limbs (both `< p`).
    #[inline(always)]
    pub(crate) fn mont_mul(&self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        if let Some(tok) = self.adx {
            if let Some(r) = backend::mont_mul_adx(tok, a, b, &self.p, &self.pm, self.m0) {
                return r;
            }
        }
        self.mont_mul_portable(a, b)
    }

    /// The portable Montgomery product: no-carry CIOS when p allows it (and N ≤ 12),
    /// general CIOS otherwise.
    #[inline(always)]
    pub(crate) fn mont_mul_portable(&self, a: &[u64; N], b: &[u64; N]) -> [u64; N] {
        if self.nocarry {
            mont_mul_nocarry(a, b, &self.p, self.m0)
        } else {
            mont_mul(a, b, &self.p, self.m0)
        }
    }

    /// Montgomery square of raw limbs: the ADX squaring kernel where there is one
    /// (N = 3, 4 in registers; N = 5 … 8 in one block with the double-width square on
    /// the stack: dependent squares inside an exponentiation, `LAT=1` of the example
    /// `prime_arith_min`, 51.2 → 46.9 ns at 512 bits inlined, 50–55 out of line as used, against
    /// SOS); with BMI2 + ADX and N ≥ 16 the product-scanning MULX square of
    /// `montgomery::wide` then one REDC (1024 bits: 219 ns against 250 for SOS);
    /// else SOS squaring for N ≥ 2, where it beats the product by measurement; for
    /// N = 1 the CIOS product. (At 512 bits the wide route measured 55 against 57 ns
    /// in isolation but made 512-bit exponentiations about 9 % slower, so it is not
    /// used below 16 limbs.)
    #[inline(always)]
    pub(crate) fn mont_sqr(&self, a: &[u64; N]) -> [u64; N] {
        if let Some(tok) = self.adx {
            if let Some(r) = backend::mont_sqr_adx(tok, a, &self.pm) {
                return r;
            }
        }
        if const { N >= 16 } && self.wide_sqr {
            // Double-width square then one REDC, both by the BMI2/ADX kernels of
            // `backend::comba` where they exist for N (montgomery::wide).
            let (lo, hi) = wide::sqr_wide(a);
            let (r, h) = wide::redc_wide(&lo, &hi, 0, &self.p, self.m0);
            return mul::reduce_once(&r, h, &self.p);
        }
        if const { N >= 2 } {
            mont_sqr(a, &self.p, self.m0)
        } else {
            self.mont_mul(a, a)
        }
    }

    /// `a·b` through the backend dispatch (the [`Field::mul`] of 3 limbs and more):
    /// inlined below [`OUTLINED_FROM`] limbs (as an `#[inline]` hint it was not always,
    /// and dependent products at 3–6 limbs took a third longer), a call from there on.
    #[inline(always)]
    fn mul_dispatched(&self, a: &FpElem<N>, b: &FpElem<N>) -> FpElem<N> {
        if const { N >= OUTLINED_FROM } {
            self.mul_outlined(a, b)
        } else {
            FpElem(self.mont_mul(&a.0, &b.0))
        }
    }

    #[inline(never)]
    fn mul_outlined(&self, a: &FpElem<N>, b: &FpElem<N>) -> FpElem<N> {
        FpElem(self.mont_mul(&a.0, &b.0))
    }

    /// `a²` through the backend dispatch (the [`Field::sqr`] of 3 limbs and more),
    /// inlined or a call as [`Fp::mul_dispatched`].
    #[inline(always)]
    fn sqr_dispatched(&self, a: &FpElem<N>) -> FpElem<N> {
        if const { N >= OUTLINED_FROM } {
            self.sqr_outlined(a)
        } else {
            FpElem(self.mont_sqr(&a.0))
        }
    }

    #[inline(never)]
    fn sqr_outlined(&self, a: &FpElem<N>) -> FpElem<N> {
        FpElem(self.mont_sqr(&a.0))
    }

    /// `a·b` by the portable kernels only (the oracle of the accelerated backends).
    pub fn mul_portable(&self, a: &FpElem<N>, b: &FpElem<N>) -> FpElem<N> {
        FpElem(self.mont_mul_portable(&a.0, &b.0))
    }

    /// Whether multiplication uses the MULX/ADCX/ADOX backend.
    pub fn uses_adx(&self) -> bool {
        self.adx.is_some()
    }

    /// `a·b` by the general CIOS kernel, whatever p (for benchmarks and tests).
    pub fn mul_cios(&self, a: &FpElem<N>, b: &FpElem<N>) -> FpElem<N> {
        FpElem(mont_mul(&a.0, &b.0, &self.p, self.m0))
    }

    /// `a·b` by the no-carry CIOS kernel, or `None` if p's top limb is too large for it.
    pub fn mul_cios_nocarry(&self, a: &FpElem<N>, b: &FpElem<N>) -> Option<FpElem<N>> {
        self.nocarry
            .then(|| FpElem(mont_mul_nocarry(&a.0, &b.0, &self.p, self.m0)))
    }

    /// `a·b` by the SOS kernel (full product, then reduction), whatever p.
    pub fn mul_sos(&self, a: &FpElem<N>, b: &FpElem<N>) -> FpElem<N> {
        FpElem(mont_mul_sos(&a.0, &b.0, &self.p, self.m0))
    }

    /// The unreduced product by the portable loop (benchmarks and tests; see
    /// [`Fp::mul_unreduced`]).
    pub fn mul_unreduced_portable(&self, a: &FpElem<N>, b: &FpElem<N>) -> ([u64; N], [u64; N]) {
        wide::mul_wide_portable(&a.0, &b.0)
    }

    /// Montgomery reduction without final subtraction of `lo + 2^(64N)·hi` by kernel
    /// `k`: 0 portable, 1 ADX rows (N ≤ 8), 2 MULX product scanning; `None` when that
    /// kernel does not exist here. For benchmarks and tests.
    #[doc(hidden)]
    pub fn redc_kernel(&self, lo: &[u64; N], hi: &[u64; N], k: u8) -> Option<([u64; N], u64)> {
        match k {
            0 => Some(wide::redc_wide_portable(lo, hi, 0, &self.p, self.m0)),
            1 => backend::comba::redc_rows_adx(AdxToken::detect()?, lo, hi, &self.pm),
            _ => None,
        }
    }

    /// The double-width square of `a`'s limbs by kernel `k`: 0 portable, 1 MULX/ADX
    /// product scanning; `None` when that kernel does not exist. For benchmarks.
    #[doc(hidden)]
    pub fn sqr_wide_kernel(&self, a: &FpElem<N>, k: u8) -> Option<([u64; N], [u64; N])> {
        match k {
            0 => Some(wide::sqr_wide_portable(&a.0)),
            1 => backend::comba::sqr_wide_adx(AdxToken::detect()?, &a.0),
            _ => None,
        }
    }

    /// The exact products `(a[i] + a_top[i]·2^(64N))·(b[i] + b_top[i]·2^(64N))` =
    /// `lo[i] + hi[i]·2^(64N) + top[i]·2^(128N)` of a batch (tops `< 2^8`) by kernel
    /// `k`: 0 portable, 1 the dispatching `mul_wide_many` (8-lane IFMA where it wins);
    /// `None` for a length mismatch, a top of 2^8 or more, or another `k`. For
    /// benchmarks and tests.
    #[doc(hidden)]
    #[allow(clippy::too_many_arguments)]
    pub fn mul_wide_many_kernel(
        &self,
        a: &[[u64; N]],
        a_top: &[u64],
        b: &[[u64; N]],
        b_top: &[u64],
        lo: &mut [[u64; N]],
        hi: &mut [[u64; N]],
        top: &mut [u64],
        k: u8,
    ) -> Option<()> {
        let n = a.len();
        if [
            a_top.len(),
            b.len(),
            b_top.len(),
            lo.len(),
            hi.len(),
            top.len(),
        ]
        .iter()
        .any(|&l| l != n)
            || a_top.iter().chain(b_top).any(|&t| t >= 1 << 8)
        {
            return None;
        }
        match k {
            0 => wide_batch::mul_wide_many_portable(a, a_top, b, b_top, lo, hi, top),
            1 => wide_batch::mul_wide_many(a, a_top, b, b_top, lo, hi, top),
            _ => return None,
        }
        Some(())
    }

    /// `a²` by the SOS squaring kernel (for benchmarks and tests).
    pub fn sqr_sos(&self, a: &FpElem<N>) -> FpElem<N> {
        FpElem(mont_sqr(&a.0, &self.p, self.m0))
    }

    /// The plain (non-Montgomery) integer limbs of `a`, in `[0, p)`.
    pub fn to_limbs(&self, a: &FpElem<N>) -> [u64; N] {
        from_mont(&a.0, &self.p, self.m0)
    }

    /// The element with plain integer limbs `v`, or `None` if `v ≥ p`.
    pub fn from_limbs(&self, v: &[u64; N]) -> Option<FpElem<N>> {
        if !limbs::lt_vartime(v, &self.p) {
            return None;
        }
        Some(FpElem(self.mont_mul(v, &self.r2)))
    }

    /// The element from its Montgomery-form limbs, or `None` if they are `≥ p`.
    pub fn from_montgomery_limbs(&self, v: &[u64; N]) -> Option<FpElem<N>> {
        limbs::lt_vartime(v, &self.p).then_some(FpElem(*v))
    }

    /// Parses an element written in decimal or `0x` hex; an error if not below p.
    pub fn parse(&self, s: &str) -> Result<FpElem<N>> {
        let v = parse_uint(s)?;
        self.from_biguint(&v)
    }

    /// The element as a decimal integer in `[0, p)`.
    pub fn to_decimal(&self, a: &FpElem<N>) -> String {
        self.to_biguint(a).to_str_radix(10)
    }

    /// The element as `0x`-prefixed lowercase hex in `[0, p)`.
    pub fn to_hex(&self, a: &FpElem<N>) -> String {
        format!("0x{}", self.to_biguint(a).to_str_radix(16))
    }
}

impl<const N: usize> Field for Fp<N> {
    type Elem = FpElem<N>;

    fn zero(&self) -> FpElem<N> {
        FpElem([0u64; N])
    }
    fn one(&self) -> FpElem<N> {
        FpElem(self.r1)
    }
    #[inline]
    fn add(&self, a: &FpElem<N>, b: &FpElem<N>) -> FpElem<N> {
        FpElem(add_mod(&a.0, &b.0, &self.p))
    }
    #[inline]
    fn sub(&self, a: &FpElem<N>, b: &FpElem<N>) -> FpElem<N> {
        FpElem(sub_mod(&a.0, &b.0, &self.p))
    }
    #[inline]
    fn neg(&self, a: &FpElem<N>) -> FpElem<N> {
        FpElem(sub_mod(&[0u64; N], &a.0, &self.p))
    }
    /// Inlined at every call for 1 and 2 limbs (portable kernels only; the GF(p²)
    /// formulas' three products then overlap instead of running as separate calls).
    #[inline(always)]
    fn mul(&self, a: &FpElem<N>, b: &FpElem<N>) -> FpElem<N> {
        if const { N <= 2 } {
            FpElem(self.mont_mul_portable(&a.0, &b.0))
        } else {
            self.mul_dispatched(a, b)
        }
    }
    /// Inlined at every call for 1 and 2 limbs, as [`Field::mul`].
    #[inline(always)]
    fn sqr(&self, a: &FpElem<N>) -> FpElem<N> {
        if const { N <= 2 } {
            FpElem(self.mont_sqr(&a.0))
        } else {
            self.sqr_dispatched(a)
        }
    }
    /// Constant-time inversion (Bernstein–Yang safegcd, [`Fp::inv_ct`]); `None` for
    /// zero. [`Fp::inv_fermat`] is the Fermat alternative; [`Fp::inv_vartime`] is for
    /// public values.
    fn inv(&self, a: &FpElem<N>) -> Option<FpElem<N>> {
        self.inv_ct(a)
    }
    fn inv_or_zero(&self, a: &FpElem<N>) -> FpElem<N> {
        Fp::inv_or_zero(self, a)
    }
    fn is_zero(&self, a: &FpElem<N>) -> bool {
        is_zero_mask(&a.0) != 0
    }
    fn random(&self, rng: &mut dyn RngCore) -> FpElem<N> {
        // Rejection sampling of a uniform integer below p; that integer is itself a
        // uniform Montgomery representation.
        let used = (self.bits as usize).div_ceil(64);
        let top_bits = self.bits - 64 * (used as u32 - 1);
        let mask = if top_bits == 64 {
            u64::MAX
        } else {
            (1u64 << top_bits) - 1
        };
        loop {
            let mut v = [0u64; N];
            for w in v.iter_mut().take(used) {
                *w = rng.next_u64();
            }
            v[used - 1] &= mask;
            if limbs::lt_vartime(&v, &self.p) {
                return FpElem(v);
            }
        }
    }
    /// Sliding-window exponentiation (variable time in `e`).
    fn pow_vartime(&self, a: &FpElem<N>, e: &[u64]) -> FpElem<N> {
        self.pow_sliding_vartime(a, e)
    }
    fn ct_eq(&self, a: &FpElem<N>, b: &FpElem<N>) -> crate::field::Choice {
        crate::field::ct_eq_words(&a.0, &b.0)
    }
    fn select(&self, a: &FpElem<N>, b: &FpElem<N>, choice: crate::field::Choice) -> FpElem<N> {
        FpElem(crate::field::select_words(&a.0, &b.0, choice))
    }
    fn encoded_len(&self) -> usize {
        (self.bits as usize).div_ceil(8)
    }
    /// The integer in `[0, p)` (out of Montgomery form), big-endian.
    fn encode(&self, a: &FpElem<N>) -> Vec<u8> {
        crate::field::words_to_be_bytes(&self.to_limbs(a), self.encoded_len())
    }
    /// Rejects integers `≥ p`; the comparison is constant-time, only its result is not.
    fn decode(&self, bytes: &[u8]) -> Result<FpElem<N>> {
        let mut v = [0u64; N];
        let what = format!("GF(p) element ({}-bit p)", self.bits);
        crate::field::be_bytes_to_words(bytes, self.encoded_len(), &what, &mut v)?;
        let (_, borrow) = limbs::sub_n(&v, &self.p);
        if borrow == 0 {
            return Err(Error::InvalidEncoding {
                what,
                reason: "the integer is not below p".into(),
            });
        }
        Ok(FpElem(self.mont_mul(&v, &self.r2)))
    }
    fn mul_many(&self, a: &[FpElem<N>], b: &[FpElem<N>], out: &mut [FpElem<N>]) -> Result<()> {
        Fp::mul_many(self, a, b, out)
    }
    fn sqr_many(&self, a: &[FpElem<N>], out: &mut [FpElem<N>]) -> Result<()> {
        Fp::sqr_many(self, a, out)
    }
}

impl<const N: usize> PrimeFieldOps for Fp<N> {
    fn lazy_ext_engine(
        &self,
        m: &crate::ext::ExtModulus<FpElem<N>>,
    ) -> Option<std::sync::Arc<dyn crate::ext::lazy::LazyMul<FpElem<N>>>> {
        crate::ext::lazy::engine_for(self, m)
    }
    fn modulus(&self) -> &BigUint {
        &self.p_big
    }
    fn from_biguint(&self, v: &BigUint) -> Result<FpElem<N>> {
        if v >= &self.p_big {
            return Err(Error::OutOfRange {
                what: "element".into(),
                value: v.to_string(),
                reason: format!("must be below p = {}", self.p_big),
            });
        }
        let l = limbs::from_biguint::<N>(v).ok_or_else(|| Error::OutOfRange {
            what: "element".into(),
            value: v.to_string(),
            reason: format!("must be below p = {}", self.p_big),
        })?;
        Ok(FpElem(self.mont_mul(&l, &self.r2)))
    }
    fn to_biguint(&self, a: &FpElem<N>) -> BigUint {
        limbs::to_biguint(&self.to_limbs(a))
    }
    fn from_u64(&self, v: u64) -> FpElem<N> {
        let mut l = [0u64; N];
        if N == 1 {
            l[0] = v % self.p[0];
        } else {
            l[0] = v;
        }
        FpElem(self.mont_mul(&l, &self.r2))
    }
    /// The fastest method by measurement at every size (bench `legendre` of
    /// halfroot-cli): [`Fp::legendre_bingcd`] ([`crate::prime::legendre`]). Variable
    /// time.
    fn legendre(&self, a: &FpElem<N>) -> i8 {
        self.legendre_bingcd(a)
    }
    /// For 1 and 2 limbs with `(1 + kx)(1 + ky)·p < 2^(64N)`: the sums as integers
    /// below `(1 + k)p` (one multiply-accumulate per word, no reduction), their
    /// almost-Montgomery product (below `2p` by that bound, see
    /// `mul::mont_mul_almost`) and one subtraction: the reductions of the two
    /// sums leave the critical path. Otherwise the sums are reduced first.
    /// Constant-time (the route depends on p, `kx` and `ky` only).
    #[inline(always)]
    fn mul_lin2(
        &self,
        x0: &FpElem<N>,
        x1: &FpElem<N>,
        kx: u64,
        y0: &FpElem<N>,
        y1: &FpElem<N>,
        ky: u64,
    ) -> FpElem<N> {
        // The room (1 + kx)(1 + ky) ≤ 65² is formed after the bounds (no overflow).
        if N <= 2
            && kx <= 64
            && ky <= 64
            && (self.p[N - 1] as u128 + 1) * ((1 + kx as u128) * (1 + ky as u128)) <= 1 << 64
        {
            let x = limbs::mul_add_small(&x0.0, &x1.0, kx);
            let y = limbs::mul_add_small(&y0.0, &y1.0, ky);
            let t = mul::mont_mul_almost(&x, &y, &self.p, self.m0);
            return FpElem(mul::reduce_once(&t, 0, &self.p));
        }
        crate::prime::mul_lin2_reduced(self, x0, x1, kx, y0, y1, ky)
    }
    #[inline(always)]
    fn mul_small(&self, a: &FpElem<N>, k: u64) -> FpElem<N> {
        self.mul_small_ct(a, k)
    }
    /// The fastest measured method (examples/prime_arith_min, bench
    /// `prime_arith/div_small`): [`Fp::div_small_by_inverse`] for k = 6, 7 up to 4
    /// limbs, [`Fp::div_small_exact`] otherwise.
    fn div_small(&self, a: &FpElem<N>, k: u64) -> Option<FpElem<N>> {
        if N <= 4 && matches!(k, 6 | 7) {
            self.div_small_by_inverse(a, k)
        } else {
            self.div_small_exact(a, k)
        }
    }
}
