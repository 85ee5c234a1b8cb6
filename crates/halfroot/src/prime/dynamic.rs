//! GF(p) with the limb count chosen at run time.
//!
//! [`DynFp`] is an enum over the monomorphised [`Fp<N>`] for
//! N ∈ {1, …, 9, 12, 16, 24, 32} (64 … 576, 768, 1024, 1536, 2048 bits); the smallest
//! N that holds p is used. It implements [`Field`] and [`PrimeFieldOps`] itself, with
//! elements [`DynElem`] (Montgomery limbs in a `Vec`), dispatching every call — handy
//! but with a per-call `match` and allocation. For speed, run generic code on the
//! monomorphised field with [`with_fp!`](crate::with_fp):
//!
//! ```
//! use halfroot::prime::dynamic::DynFp;
//! use halfroot::prime::PrimeFieldOps;
//! use halfroot::field::Field;
//! use num_bigint::BigUint;
//!
//! fn cube_of_two<F: PrimeFieldOps>(f: &F) -> BigUint {
//!     let two = f.from_u64(2);
//!     f.to_biguint(&f.mul(&two, &f.sqr(&two)))
//! }
//!
//! let p = BigUint::parse_bytes(b"115792089210356248762697446949407573530086143415290314195533631308867097853951", 10).unwrap();
//! let field = DynFp::new(&p).unwrap();          // picks Fp<4>
//! let r = halfroot::with_fp!(&field, |f| cube_of_two(f));
//! assert_eq!(r, BigUint::from(8u32));
//! ```
//!
//! Inside the closure-like body `f` is `&Fp<N>` for the chosen `N`; the body is
//! compiled once per supported `N` and must have the same type in every case.
//! Constant-time properties are those of [`Fp<N>`] (the variant is public).

use crate::error::{Error, Result};
use crate::field::{Choice, Field};
use crate::prime::montgomery::{check_odd_prime, Fp, FpElem};
use crate::prime::PrimeFieldOps;
use num_bigint::BigUint;
use rand::RngCore;

/// The limb counts for which [`DynFp`] has a variant.
pub const SUPPORTED_LIMBS: [usize; 13] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 24, 32];

/// GF(p) for an odd prime p of up to 2048 bits, limb count picked at run time.
/// Each variant boxes its field (the tables of a 2048-bit field are some 15 KB).
#[derive(Clone, Debug)]
pub enum DynFp {
    /// p of at most 1·64 bits.
    L1(Box<Fp<1>>),
    /// p of at most 2·64 bits.
    L2(Box<Fp<2>>),
    /// p of at most 3·64 bits.
    L3(Box<Fp<3>>),
    /// p of at most 4·64 bits.
    L4(Box<Fp<4>>),
    /// p of at most 5·64 bits.
    L5(Box<Fp<5>>),
    /// p of at most 6·64 bits.
    L6(Box<Fp<6>>),
    /// p of at most 7·64 bits.
    L7(Box<Fp<7>>),
    /// p of at most 8·64 bits.
    L8(Box<Fp<8>>),
    /// p of at most 9·64 bits.
    L9(Box<Fp<9>>),
    /// p of at most 12·64 bits.
    L12(Box<Fp<12>>),
    /// p of at most 16·64 bits.
    L16(Box<Fp<16>>),
    /// p of at most 24·64 bits.
    L24(Box<Fp<24>>),
    /// p of at most 32·64 bits.
    L32(Box<Fp<32>>),
}

/// Runs generic code on the monomorphised [`Fp<N>`](crate::prime::montgomery::Fp) inside a
/// [`DynFp`](crate::prime::dynamic::DynFp): `with_fp!(&dyn_fp, |f| body)` evaluates
/// `body` with `f: &Fp<N>`. See the [module docs](crate::prime::dynamic).
#[macro_export]
macro_rules! with_fp {
    ($field:expr, |$f:ident| $body:expr) => {
        match $field {
            $crate::prime::dynamic::DynFp::L1(inner) => {
                let $f = &**inner;
                $body
            }
            $crate::prime::dynamic::DynFp::L2(inner) => {
                let $f = &**inner;
                $body
            }
            $crate::prime::dynamic::DynFp::L3(inner) => {
                let $f = &**inner;
                $body
            }
            $crate::prime::dynamic::DynFp::L4(inner) => {
                let $f = &**inner;
                $body
            }
            $crate::prime::dynamic::DynFp::L5(inner) => {
                let $f = &**inner;
                $body
            }
            $crate::prime::dynamic::DynFp::L6(inner) => {
                let $f = &**inner;
                $body
            }
            $crate::prime::dynamic::DynFp::L7(inner) => {
                let $f = &**inner;
                $body
            }
            $crate::prime::dynamic::DynFp::L8(inner) => {
                let $f = &**inner;
                $body
            }
            $crate::prime::dynamic::DynFp::L9(inner) => {
                let $f = &**inner;
                $body
            }
            $crate::prime::dynamic::DynFp::L12(inner) => {
                let $f = &**inner;
                $body
            }
            $crate::prime::dynamic::DynFp::L16(inner) => {
                let $f = &**inner;
                $body
            }
            $crate::prime::dynamic::DynFp::L24(inner) => {
                let $f = &**inner;
                $body
            }
            $crate::prime::dynamic::DynFp::L32(inner) => {
                let $f = &**inner;
                $body
            }
        }
    };
}

/// An element of a [`DynFp`]: the Montgomery-form limbs, as many as the field's `N`.
/// Elements must only be used with the field that made them.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct DynElem(Vec<u64>);

impl DynElem {
    /// The Montgomery-form limbs.
    pub fn montgomery_limbs(&self) -> &[u64] {
        &self.0
    }
}

fn to_arr<const N: usize>(v: &DynElem) -> FpElem<N> {
    let mut a = [0u64; N];
    for (d, s) in a.iter_mut().zip(v.0.iter()) {
        *d = *s;
    }
    FpElem(a)
}

fn from_arr<const N: usize>(a: FpElem<N>) -> DynElem {
    DynElem(a.0.to_vec())
}

impl DynFp {
    /// GF(p). Errors: p even, < 3 or composite ([`Error::NotPrime`] naming p), or wider
    /// than 2048 bits ([`Error::OutOfRange`]).
    pub fn new(p: &BigUint) -> Result<Self> {
        check_odd_prime(p)?;
        Self::new_trusted_prime(p)
    }

    /// Like [`DynFp::new`] without the primality test (p must still be odd and ≥ 3).
    pub fn new_trusted_prime(p: &BigUint) -> Result<Self> {
        let limbs = (p.bits() as usize).div_ceil(64).max(1);
        let n = SUPPORTED_LIMBS
            .iter()
            .copied()
            .find(|&n| n >= limbs)
            .ok_or_else(|| Error::OutOfRange {
                what: "modulus p".into(),
                value: p.to_string(),
                reason: "must have at most 2048 bits".into(),
            })?;
        Ok(match n {
            1 => DynFp::L1(Box::new(Fp::<1>::new_trusted_prime(p)?)),
            2 => DynFp::L2(Box::new(Fp::<2>::new_trusted_prime(p)?)),
            3 => DynFp::L3(Box::new(Fp::<3>::new_trusted_prime(p)?)),
            4 => DynFp::L4(Box::new(Fp::<4>::new_trusted_prime(p)?)),
            5 => DynFp::L5(Box::new(Fp::<5>::new_trusted_prime(p)?)),
            6 => DynFp::L6(Box::new(Fp::<6>::new_trusted_prime(p)?)),
            7 => DynFp::L7(Box::new(Fp::<7>::new_trusted_prime(p)?)),
            8 => DynFp::L8(Box::new(Fp::<8>::new_trusted_prime(p)?)),
            9 => DynFp::L9(Box::new(Fp::<9>::new_trusted_prime(p)?)),
            12 => DynFp::L12(Box::new(Fp::<12>::new_trusted_prime(p)?)),
            16 => DynFp::L16(Box::new(Fp::<16>::new_trusted_prime(p)?)),
            24 => DynFp::L24(Box::new(Fp::<24>::new_trusted_prime(p)?)),
            32 => DynFp::L32(Box::new(Fp::<32>::new_trusted_prime(p)?)),
            _ => {
                return Err(Error::OutOfRange {
                    what: "modulus p".into(),
                    value: p.to_string(),
                    reason: "must have at most 2048 bits".into(),
                })
            }
        })
    }

    /// The number of 64-bit limbs of the chosen representation.
    pub fn limbs(&self) -> usize {
        with_fp!(self, |f| f.modulus_limbs().len())
    }

    /// Bit length of p.
    pub fn bits(&self) -> u32 {
        with_fp!(self, |f| f.bits())
    }

    /// Parses an element in decimal or `0x` hex; an error if not below p.
    pub fn parse(&self, s: &str) -> Result<DynElem> {
        with_fp!(self, |f| f.parse(s).map(from_arr))
    }

    /// `a^e` in constant time (fixed window), `e` little-endian words.
    pub fn pow(&self, a: &DynElem, e: &[u64]) -> DynElem {
        with_fp!(self, |f| from_arr(f.pow(&to_arr(a), e)))
    }

    /// Variable-time inverse (binary extended GCD); `None` for zero.
    pub fn inv_vartime(&self, a: &DynElem) -> Option<DynElem> {
        with_fp!(self, |f| f.inv_vartime(&to_arr(a)).map(from_arr))
    }

    /// The Legendre symbol by Euler's criterion (for comparison with
    /// [`PrimeFieldOps::legendre`]).
    pub fn legendre_euler(&self, a: &DynElem) -> i8 {
        with_fp!(self, |f| f.legendre_euler(&to_arr(a)))
    }
}

impl Field for DynFp {
    type Elem = DynElem;
    fn zero(&self) -> DynElem {
        with_fp!(self, |f| from_arr(f.zero()))
    }
    fn one(&self) -> DynElem {
        with_fp!(self, |f| from_arr(f.one()))
    }
    fn add(&self, a: &DynElem, b: &DynElem) -> DynElem {
        with_fp!(self, |f| from_arr(f.add(&to_arr(a), &to_arr(b))))
    }
    fn sub(&self, a: &DynElem, b: &DynElem) -> DynElem {
        with_fp!(self, |f| from_arr(f.sub(&to_arr(a), &to_arr(b))))
    }
    fn neg(&self, a: &DynElem) -> DynElem {
        with_fp!(self, |f| from_arr(f.neg(&to_arr(a))))
    }
    fn mul(&self, a: &DynElem, b: &DynElem) -> DynElem {
        with_fp!(self, |f| from_arr(f.mul(&to_arr(a), &to_arr(b))))
    }
    fn sqr(&self, a: &DynElem) -> DynElem {
        with_fp!(self, |f| from_arr(f.sqr(&to_arr(a))))
    }
    fn inv(&self, a: &DynElem) -> Option<DynElem> {
        with_fp!(self, |f| f.inv(&to_arr(a)).map(from_arr))
    }
    fn inv_or_zero(&self, a: &DynElem) -> DynElem {
        with_fp!(self, |f| from_arr(Field::inv_or_zero(f, &to_arr(a))))
    }
    fn is_zero(&self, a: &DynElem) -> bool {
        a.0.iter().all(|&w| w == 0)
    }
    fn random(&self, rng: &mut dyn RngCore) -> DynElem {
        with_fp!(self, |f| from_arr(f.random(rng)))
    }
    fn pow_vartime(&self, a: &DynElem, e: &[u64]) -> DynElem {
        with_fp!(self, |f| from_arr(f.pow_vartime(&to_arr(a), e)))
    }
    fn ct_eq(&self, a: &DynElem, b: &DynElem) -> Choice {
        crate::field::ct_eq_words(&a.0, &b.0)
    }
    fn select(&self, a: &DynElem, b: &DynElem, choice: Choice) -> DynElem {
        DynElem(crate::field::select_word_vec(&a.0, &b.0, choice))
    }
    fn encoded_len(&self) -> usize {
        with_fp!(self, |f| f.encoded_len())
    }
    fn encode(&self, a: &DynElem) -> Vec<u8> {
        with_fp!(self, |f| f.encode(&to_arr(a)))
    }
    fn decode(&self, bytes: &[u8]) -> Result<DynElem> {
        with_fp!(self, |f| f.decode(bytes).map(from_arr))
    }
    /// Dispatches once per call to the fixed-width batch kernel.
    fn mul_many(&self, a: &[DynElem], b: &[DynElem], out: &mut [DynElem]) -> Result<()> {
        crate::field::check_batch("b", b.len(), a.len())?;
        crate::field::check_batch("out", out.len(), a.len())?;
        with_fp!(self, |f| {
            let x: Vec<_> = a.iter().map(to_arr).collect();
            let y: Vec<_> = b.iter().map(to_arr).collect();
            let mut z = x.clone();
            f.mul_many(&x, &y, &mut z)?;
            for (o, r) in out.iter_mut().zip(z) {
                *o = from_arr(r);
            }
            Ok(())
        })
    }
    /// Dispatches once per call to the fixed-width batch kernel.
    fn sqr_many(&self, a: &[DynElem], out: &mut [DynElem]) -> Result<()> {
        crate::field::check_batch("out", out.len(), a.len())?;
        with_fp!(self, |f| {
            let x: Vec<_> = a.iter().map(to_arr).collect();
            let mut z = x.clone();
            f.sqr_many(&x, &mut z)?;
            for (o, r) in out.iter_mut().zip(z) {
                *o = from_arr(r);
            }
            Ok(())
        })
    }
}

impl PrimeFieldOps for DynFp {
    fn modulus(&self) -> &BigUint {
        with_fp!(self, |f| f.modulus())
    }
    fn from_biguint(&self, v: &BigUint) -> Result<DynElem> {
        with_fp!(self, |f| f.from_biguint(v).map(from_arr))
    }
    fn to_biguint(&self, a: &DynElem) -> BigUint {
        with_fp!(self, |f| f.to_biguint(&to_arr(a)))
    }
    fn from_u64(&self, v: u64) -> DynElem {
        with_fp!(self, |f| from_arr(f.from_u64(v)))
    }
    fn legendre(&self, a: &DynElem) -> i8 {
        with_fp!(self, |f| f.legendre(&to_arr(a)))
    }
    fn mul_small(&self, a: &DynElem, k: u64) -> DynElem {
        with_fp!(self, |f| from_arr(f.mul_small(&to_arr(a), k)))
    }
    fn div_small(&self, a: &DynElem, k: u64) -> Option<DynElem> {
        with_fp!(self, |f| f.div_small(&to_arr(a), k).map(from_arr))
    }
    fn mul_lin2(
        &self,
        x0: &DynElem,
        x1: &DynElem,
        kx: u64,
        y0: &DynElem,
        y1: &DynElem,
        ky: u64,
    ) -> DynElem {
        with_fp!(self, |f| from_arr(f.mul_lin2(
            &to_arr(x0),
            &to_arr(x1),
            kx,
            &to_arr(y0),
            &to_arr(y1),
            ky
        )))
    }
}
