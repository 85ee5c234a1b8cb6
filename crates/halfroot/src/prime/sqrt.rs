//! Square roots in GF(p): every algorithm, one context, one selector.
//!
//! | algorithm | file | applies to | cost (M incl. S) |
//! |---|---|---|---|
//! | `p3mod4` | [`p3mod4`] | p ≡ 3 mod 4 | `x^((p+1)/4)`: ≈ log2 p + w |
//! | `atkin` | [`atkin`] | p ≡ 5 mod 8 | `(2a)^((p-5)/8)` + 4M |
//! | `tonelli_shanks` | [`tonelli_shanks`] | all | `x^((s-1)/2)` + ≤ T²/2 + … |
//! | `smart` | [`smart`] | all | C.QR + Eq. (14) of Wang–Nogami–Morikawa |
//! | `mwst` | [`mwst`] | all | P.QR + (T² + T)/4 (Eq. 23) |
//!
//! As algorithms of this selector, `smart` and `mwst` exponentiate with the field's
//! sliding windows (`smart::sqrt_windowed_vartime`, `mwst::sqrt_windowed_vartime`);
//! `smart::sqrt_vartime` and `mwst::sqrt_vartime` keep the paper's binary method, whose
//! operation counts the Table 1 tests check.
//! | `cipolla` | [`cipolla`] | all | Legendre + `(p+1)/2`-power in GF(p²) |
//! | `sarkar` / `sarkar_table` | [`sarkar`] | all | windowed digit recovery |
//! | `constant_time` | [`constant_time`] | all | fixed sequence, ≈ x^((s-1)/2) + T²/2 + 2T |
//!
//! Every `sqrt` returns `None` exactly for non-residues; zero has root zero. Which of
//! the two roots is returned depends on the algorithm; [`sqrt_smaller`] normalises.
//!
//! The per-field constants (2-adic split, non-residue and its powers, fixed
//! exponents, Sarkar's tables) are computed once in a [`SqrtContext`].

pub mod atkin;
pub mod cipolla;
pub mod constant_time;
pub mod mwst;
pub mod p3mod4;
pub mod sarkar;
pub mod smart;
pub mod tonelli_shanks;

use crate::error::{Error, Result};
use crate::field::Field;
use crate::prime::qr::TwoAdic;
use crate::prime::PrimeFieldOps;
use num_bigint::BigUint;
use num_integer::Integer;

/// The per-field constants of every square-root algorithm of this module.
#[derive(Clone, Debug)]
pub struct SqrtContext<E> {
    /// `(p - 1)/2 = 2^T s`, the non-residue `c` and `c_j = c^(s 2^j)`.
    pub two_adic: TwoAdic<E>,
    /// `p mod 8`.
    pub p_mod_8: u8,
    /// `(p + 1)/4` (meaningful when p ≡ 3 mod 4).
    pub(crate) exp_p3mod4: Vec<u64>,
    /// `(p - 5)/8` (meaningful when p ≡ 5 mod 8).
    pub(crate) exp_atkin: Vec<u64>,
    /// `(p + 1)/2`.
    pub(crate) exp_cipolla: Vec<u64>,
    /// Sarkar's windows and tables, 1-bit windows (basic variant).
    pub sarkar_basic: sarkar::SarkarTables<E>,
    /// Sarkar's windows and tables, multi-bit windows with lookup tables.
    pub sarkar_table: sarkar::SarkarTables<E>,
}

impl<E: Clone + PartialEq + core::fmt::Debug> SqrtContext<E> {
    /// Computes every constant for GF(p) (a few exponentiations and Sarkar's tables;
    /// do it once per field).
    pub fn new<F: PrimeFieldOps<Elem = E> + ?Sized>(f: &F) -> Result<Self> {
        let p = f.modulus().clone();
        let two_adic = TwoAdic::for_prime_field(f)?;
        let p_mod_8 = (&p % 8u32).to_u64_digits().first().copied().unwrap_or(0) as u8;
        let exp_p3mod4 = (&(&p + 1u32) >> 2u32).to_u64_digits();
        let exp_atkin = if p > BigUint::from(5u32) {
            (&(&p - 5u32) >> 3u32).to_u64_digits()
        } else {
            Vec::new()
        };
        let exp_cipolla = (&(&p + 1u32) >> 1u32).to_u64_digits();
        let sarkar_basic = sarkar::SarkarTables::new(f, &two_adic, 1);
        let w = sarkar::default_window(two_adic.t() + 1);
        let sarkar_table = sarkar::SarkarTables::new(f, &two_adic, w);
        Ok(SqrtContext {
            two_adic,
            p_mod_8,
            exp_p3mod4,
            exp_atkin,
            exp_cipolla,
            sarkar_basic,
            sarkar_table,
        })
    }
}

/// The square-root algorithms for GF(p).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SqrtAlgorithm {
    /// `x^((p+1)/4)` for p ≡ 3 mod 4.
    P3mod4,
    /// Atkin's formula for p ≡ 5 mod 8.
    Atkin,
    /// Tonelli–Shanks (Cohen, Algorithm 1.5.1).
    TonelliShanks,
    /// Smart's algorithm as described by Wang–Nogami–Morikawa §3.1 (after C.QR).
    Smart,
    /// Moving-window sign testing (Wang–Nogami–Morikawa §4.1, after P.QR).
    Mwst,
    /// Cipolla–Lehmer.
    Cipolla,
    /// Sarkar's decomposition with 1-bit windows (no lookup table).
    Sarkar,
    /// Sarkar's table-based algorithm with multi-bit windows.
    SarkarTable,
    /// Constant-time Tonelli–Shanks (fixed operation sequence, masked selects).
    ConstantTime,
}

impl SqrtAlgorithm {
    /// Every algorithm.
    pub const ALL: [SqrtAlgorithm; 9] = [
        SqrtAlgorithm::P3mod4,
        SqrtAlgorithm::Atkin,
        SqrtAlgorithm::TonelliShanks,
        SqrtAlgorithm::Smart,
        SqrtAlgorithm::Mwst,
        SqrtAlgorithm::Cipolla,
        SqrtAlgorithm::Sarkar,
        SqrtAlgorithm::SarkarTable,
        SqrtAlgorithm::ConstantTime,
    ];

    /// The algorithm's name.
    pub fn name(self) -> &'static str {
        match self {
            SqrtAlgorithm::P3mod4 => "p3mod4",
            SqrtAlgorithm::Atkin => "atkin",
            SqrtAlgorithm::TonelliShanks => "tonelli-shanks",
            SqrtAlgorithm::Smart => "smart",
            SqrtAlgorithm::Mwst => "mwst",
            SqrtAlgorithm::Cipolla => "cipolla",
            SqrtAlgorithm::Sarkar => "sarkar",
            SqrtAlgorithm::SarkarTable => "sarkar-table",
            SqrtAlgorithm::ConstantTime => "constant-time",
        }
    }

    /// Whether the algorithm applies to GF(p) (p an odd prime).
    pub fn supports(self, p: &BigUint) -> bool {
        let r = (p % 8u32).to_u64_digits().first().copied().unwrap_or(0);
        p.is_odd() && self.supports_p_mod_8(r as u8)
    }

    /// Whether the algorithm applies to an odd prime p with `p mod 8 = r` (what
    /// [`SqrtAlgorithm::sqrt_vartime`] checks, from the context, on every call).
    fn supports_p_mod_8(self, r: u8) -> bool {
        match self {
            SqrtAlgorithm::P3mod4 => r % 4 == 3,
            SqrtAlgorithm::Atkin => r == 5,
            _ => r % 2 == 1,
        }
    }

    /// The fastest supported algorithm for GF(p): `p3mod4` when p ≡ 3 mod 4, `atkin`
    /// when p ≡ 5 mod 8, otherwise `sarkar_table`. In `benches/prime_sqrt.rs`
    /// (T-sweep at 256 bits, reference field) `sarkar_table` was fastest or within
    /// noise of the fastest for every 2-adicity ≥ 3, and its lead grows with T
    /// (2-adicity 64: 148 µs against 465 µs for MW-ST and 610 µs for Tonelli–Shanks);
    /// its table search costs comparisons, not multiplications, so the ranking should
    /// carry over to the Montgomery field.
    pub fn auto(p: &BigUint) -> SqrtAlgorithm {
        if SqrtAlgorithm::P3mod4.supports(p) {
            SqrtAlgorithm::P3mod4
        } else if SqrtAlgorithm::Atkin.supports(p) {
            SqrtAlgorithm::Atkin
        } else {
            SqrtAlgorithm::SarkarTable
        }
    }

    /// The algorithm a user named for GF(p): `auto` ([`SqrtAlgorithm::auto`]) or any
    /// spelling of a name ([`crate::algorithm::parse`]);
    /// [`Error::UnknownAlgorithm`] for an unknown name, [`Error::UnsupportedAlgorithm`]
    /// when the algorithm does not apply to p.
    pub fn choose(name: &str, p: &BigUint) -> Result<SqrtAlgorithm> {
        match crate::algorithm::parse_or_auto::<SqrtAlgorithm>(name)? {
            None => Ok(SqrtAlgorithm::auto(p)),
            Some(a) if a.supports(p) => Ok(a),
            Some(a) => Err(Error::UnsupportedAlgorithm {
                algorithm: a.name().into(),
                reason: format!("does not apply to p = {p} (p mod 8 = {})", p % 8u32),
            }),
        }
    }

    /// A square root of `a` by this algorithm: `Ok(None)` for a non-residue, an error
    /// if the algorithm does not apply to this p. Variable time except for
    /// `ConstantTime` (whose only data-dependent branch is the final residue check).
    pub fn sqrt_vartime<F: PrimeFieldOps + ?Sized>(
        self,
        f: &F,
        ctx: &SqrtContext<F::Elem>,
        a: &F::Elem,
    ) -> Result<Option<F::Elem>> {
        if !self.supports_p_mod_8(ctx.p_mod_8) {
            return Err(Error::UnsupportedAlgorithm {
                algorithm: self.name().into(),
                reason: format!("does not apply to p = {}", f.modulus()),
            });
        }
        Ok(match self {
            SqrtAlgorithm::P3mod4 => p3mod4::sqrt_vartime(f, ctx, a),
            SqrtAlgorithm::Atkin => atkin::sqrt_vartime(f, ctx, a),
            SqrtAlgorithm::TonelliShanks => tonelli_shanks::sqrt_vartime(f, &ctx.two_adic, a),
            SqrtAlgorithm::Smart => smart::sqrt_windowed_vartime(f, &ctx.two_adic, a),
            SqrtAlgorithm::Mwst => mwst::sqrt_windowed_vartime(f, &ctx.two_adic, a),
            SqrtAlgorithm::Cipolla => cipolla::sqrt_vartime(f, ctx, a),
            SqrtAlgorithm::Sarkar => sarkar::sqrt_vartime(f, &ctx.two_adic, &ctx.sarkar_basic, a),
            SqrtAlgorithm::SarkarTable => {
                sarkar::sqrt_vartime(f, &ctx.two_adic, &ctx.sarkar_table, a)
            }
            SqrtAlgorithm::ConstantTime => constant_time::sqrt(f, &ctx.two_adic, a),
        })
    }
}

crate::algorithm::named_algorithm!(SqrtAlgorithm, "GF(p) square-root algorithm", display);

/// Of `r` and `-r`, the one whose integer value in `[0, p)` is smaller.
pub fn sqrt_smaller<F: PrimeFieldOps + ?Sized>(f: &F, r: &F::Elem) -> F::Elem {
    let n = f.neg(r);
    if f.to_biguint(&n) < f.to_biguint(r) {
        n
    } else {
        r.clone()
    }
}

/// Checks a candidate root: `Some(r)` if `r^2 = a`, else `None` (one squaring).
pub(crate) fn checked<F: Field + ?Sized>(f: &F, r: F::Elem, a: &F::Elem) -> Option<F::Elem> {
    if f.sqr(&r) == *a {
        Some(r)
    } else {
        None
    }
}
