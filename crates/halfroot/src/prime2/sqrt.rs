//! Square roots in GF(p²): Smart and MW-ST (Wang–Nogami–Morikawa), and the complex
//! method (Adj & Rodríguez-Henríquez) as the modern baseline.
//!
//! | algorithm | applies to | where |
//! |---|---|---|
//! | `smart` | all p | [`crate::prime::sqrt::smart`] over GF(p²), after C.QR |
//! | `mwst` | all p | [`crate::prime::sqrt::mwst`] over GF(p²) (§4.1, `4 ∤ p−1` form) |
//! | `mwst_base` | p ≡ 1 mod 4 | [`mwst`]: most work in GF(p) (Eq. 22) |
//! | `complex` | all p | [`complex`]: two GF(p) roots (norm, then half-sum) |
//! | `adj_rh_3mod4` | p ≡ 3 mod 4 | [`complex`]: exponentiation method for q ≡ 3 mod 4 |

pub mod complex;
pub mod mwst;

use crate::error::{Error, Result};
use crate::field::Field;
use crate::prime::qr::TwoAdic;
use crate::prime::sqrt::{SqrtAlgorithm, SqrtContext};
use crate::prime::PrimeFieldOps;
use crate::prime2::{Fp2Elem, QuadraticExtension};
use num_bigint::BigUint;

/// Per-field constants of the GF(p²) square roots.
#[derive(Clone, Debug)]
pub struct Fp2SqrtContext<E> {
    /// The 2-adic data of GF(p²): `(p² − 1)/2 = 2^T s`, non-square, `c_j`.
    pub two_adic: TwoAdic<Fp2Elem<E>>,
    /// The GF(p) square-root context.
    pub base: SqrtContext<E>,
    /// The GF(p) square-root algorithm used by the complex methods.
    pub base_algorithm: SqrtAlgorithm,
    /// `p mod 4`.
    pub p_mod_4: u8,
    /// For p ≡ 1 mod 4: `c_j` as GF(p) elements for `1 ≤ j ≤ T` (Eq. 22), index `j`;
    /// `None` at `j = 0` and whenever `c_j ∉ GF(p)`.
    pub c_base: Vec<Option<E>>,
    /// `1/c`.
    pub(crate) c_inv: E,
    /// For p ≡ 3 mod 4: a square root `i` of −1 in GF(p²).
    pub(crate) sqrt_minus_one: Option<Fp2Elem<E>>,
    /// `(p − 3)/4`.
    pub(crate) exp_p_minus_3_quarter: Vec<u64>,
    /// `(p − 1)/2`.
    pub(crate) exp_p_minus_1_half: Vec<u64>,
}

impl<E: Clone + PartialEq + core::fmt::Debug> Fp2SqrtContext<E> {
    /// Every constant for the extension `q` (do it once per field).
    pub fn new<Q>(q: &Q) -> Result<Self>
    where
        Q: QuadraticExtension + ?Sized,
        Q::Base: PrimeFieldOps<Elem = E>,
    {
        let f = q.base();
        let p = f.modulus().clone();
        let two_adic = crate::prime2::qr::two_adic(q)?;
        let base = SqrtContext::new(f)?;
        let base_algorithm = SqrtAlgorithm::auto(&p);
        let p_mod_4 = (&p % 4u32).to_u64_digits().first().copied().unwrap_or(0) as u8;
        let c_base = two_adic
            .c()
            .iter()
            .enumerate()
            .map(|(j, cj)| if j == 0 { None } else { q.to_base(cj) })
            .collect();
        let c_inv = f
            .inv(q.nonresidue())
            .ok_or_else(|| Error::DivisionByZero("c = 0".into()))?;
        let sqrt_minus_one = if p_mod_4 == 3 {
            // i = y w with y^2 = -1/c.
            let m = f.neg(&c_inv);
            let y = base_algorithm.sqrt_vartime(f, &base, &m)?.ok_or_else(|| {
                Error::InvalidArgument {
                    name: "c".into(),
                    value: f.to_biguint(q.nonresidue()).to_string(),
                    reason: "-1/c is not a square modulo p".into(),
                }
            })?;
            Some(Fp2Elem {
                c0: f.zero(),
                c1: y,
            })
        } else {
            None
        };
        let exp_p_minus_3_quarter = if p > BigUint::from(3u32) {
            (&(&p - 3u32) >> 2u32).to_u64_digits()
        } else {
            Vec::new()
        };
        let exp_p_minus_1_half = (&(&p - 1u32) >> 1u32).to_u64_digits();
        Ok(Fp2SqrtContext {
            two_adic,
            base,
            base_algorithm,
            p_mod_4,
            c_base,
            c_inv,
            sqrt_minus_one,
            exp_p_minus_3_quarter,
            exp_p_minus_1_half,
        })
    }
}

/// The square-root algorithms for GF(p²).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fp2SqrtAlgorithm {
    /// C.QR + Smart (§3.1) in GF(p²).
    Smart,
    /// P.QR + MW-ST (§4.1) with every operation in GF(p²).
    Mwst,
    /// P.QR + MW-ST for p ≡ 1 mod 4 with the windows in GF(p) (Eq. 22, cost Eq. 25).
    MwstBase,
    /// The complex method: `δ = √N(a)`, `x0 = √((a0 ± δ)/2)`, `x1 = a1/(2 x0)`.
    Complex,
    /// Adj–Rodríguez-Henríquez's exponentiation method for p ≡ 3 mod 4.
    AdjRh3mod4,
}

impl Fp2SqrtAlgorithm {
    /// Every algorithm.
    pub const ALL: [Fp2SqrtAlgorithm; 5] = [
        Fp2SqrtAlgorithm::Smart,
        Fp2SqrtAlgorithm::Mwst,
        Fp2SqrtAlgorithm::MwstBase,
        Fp2SqrtAlgorithm::Complex,
        Fp2SqrtAlgorithm::AdjRh3mod4,
    ];

    /// `"smart"`, `"mwst"`, `"mwst-base"`, `"complex"`, `"adj-rh-3mod4"`.
    pub fn name(self) -> &'static str {
        match self {
            Fp2SqrtAlgorithm::Smart => "smart",
            Fp2SqrtAlgorithm::Mwst => "mwst",
            Fp2SqrtAlgorithm::MwstBase => "mwst-base",
            Fp2SqrtAlgorithm::Complex => "complex",
            Fp2SqrtAlgorithm::AdjRh3mod4 => "adj-rh-3mod4",
        }
    }

    /// Whether the algorithm applies to GF(p²) for this odd prime p.
    pub fn supports(self, p: &BigUint) -> bool {
        let r = (p % 4u32).to_u64_digits().first().copied().unwrap_or(0);
        self.supports_p_mod_4(r as u8)
    }

    /// Whether the algorithm applies for an odd prime p with `p mod 4 = r` (checked
    /// from the context on every call of [`Fp2SqrtAlgorithm::sqrt_vartime`]).
    fn supports_p_mod_4(self, r: u8) -> bool {
        match self {
            Fp2SqrtAlgorithm::MwstBase => r == 1,
            Fp2SqrtAlgorithm::AdjRh3mod4 => r == 3,
            _ => r % 2 == 1,
        }
    }

    /// The fastest supported algorithm: `complex` for every p. In
    /// `benches/prime_sqrt.rs` (Table 1's GF(q²) settings, reference field) it took
    /// 244 / 320 / 153 µs against 583 / 708 / 403 µs for P.QR + MW-ST, 558 µs for
    /// MW-ST with `4 | q−1`, and 411 µs for the exponentiation method with q ≡ 3 mod 4:
    /// two GF(q) roots are cheaper than exponentiations in GF(q²).
    pub fn auto(p: &BigUint) -> Fp2SqrtAlgorithm {
        let _ = p;
        Fp2SqrtAlgorithm::Complex
    }

    /// The algorithm a user named for GF(p²): `auto` ([`Fp2SqrtAlgorithm::auto`]) or
    /// any spelling of a name; [`Error::UnknownAlgorithm`] for an unknown name,
    /// [`Error::UnsupportedAlgorithm`] when it does not apply to p.
    pub fn choose(name: &str, p: &BigUint) -> Result<Fp2SqrtAlgorithm> {
        match crate::algorithm::parse_or_auto::<Fp2SqrtAlgorithm>(name)? {
            None => Ok(Fp2SqrtAlgorithm::auto(p)),
            Some(a) if a.supports(p) => Ok(a),
            Some(a) => Err(Error::UnsupportedAlgorithm {
                algorithm: a.name().into(),
                reason: format!(
                    "does not apply to GF(p^2) with p = {p} (p mod 4 = {})",
                    p % 4u32
                ),
            }),
        }
    }

    /// A square root of `a` by this algorithm: `Ok(None)` for a non-square, an error
    /// if the algorithm does not apply to this p. Variable time.
    pub fn sqrt_vartime<Q>(
        self,
        q: &Q,
        ctx: &Fp2SqrtContext<<Q::Base as Field>::Elem>,
        a: &Q::Elem,
    ) -> Result<Option<Q::Elem>>
    where
        Q: QuadraticExtension + ?Sized,
    {
        if !self.supports_p_mod_4(ctx.p_mod_4) {
            return Err(Error::UnsupportedAlgorithm {
                algorithm: self.name().into(),
                reason: format!("does not apply to GF(p^2) with p = {}", q.base().modulus()),
            });
        }
        Ok(match self {
            Fp2SqrtAlgorithm::Smart => {
                crate::prime::sqrt::smart::sqrt_windowed_vartime(q, &ctx.two_adic, a)
            }
            Fp2SqrtAlgorithm::Mwst => {
                crate::prime::sqrt::mwst::sqrt_windowed_vartime(q, &ctx.two_adic, a)
            }
            Fp2SqrtAlgorithm::MwstBase => mwst::sqrt_windowed_vartime(q, ctx, a),
            Fp2SqrtAlgorithm::Complex => complex::sqrt_vartime(q, ctx, a),
            Fp2SqrtAlgorithm::AdjRh3mod4 => complex::sqrt_3mod4_vartime(q, ctx, a),
        })
    }
}

crate::algorithm::named_algorithm!(Fp2SqrtAlgorithm, "GF(p^2) square-root algorithm", display);
