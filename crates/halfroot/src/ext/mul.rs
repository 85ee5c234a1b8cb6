//! Products of polynomials of k < 8 terms over GF(q): the algorithms of El Mrabet,
//! Guillevic, Ionica (AFRICACRYPT 2011) and their baselines, selectable by name.
//!
//! Each function returns the 2k − 1 coefficients of the unreduced product; the caller
//! ([`crate::ext::Fqk`]) reduces modulo M. The costs are in each file's header and are
//! checked by `tests/it/ext_opcounts.rs`.

pub mod karatsuba;
pub mod montgomery;
#[rustfmt::skip]
pub mod montgomery67;
pub mod newton;
pub mod schoolbook;

use crate::error::{Error, Result};
use crate::prime::PrimeFieldOps;
use num_bigint::BigUint;

/// `q ≥ m` without allocating.
fn at_least(q: &BigUint, m: u64) -> bool {
    q.bits() > 64 || num_traits::ToPrimitive::to_u64(q).is_some_and(|v| v >= m)
}

/// A multiplication algorithm for F_{q^k}.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MulAlgorithm {
    /// k² M ([`schoolbook`]).
    Schoolbook,
    /// Recursive Karatsuba ([`karatsuba`]).
    Karatsuba,
    /// Montgomery's Karatsuba-like formulae: 13M for k = 5, re-arranged as in El
    /// Mrabet et al. §2 ([`montgomery`]); 17M for k = 6 and 22M for k = 7
    /// ([`montgomery67`]). k = 5, 6, 7 only.
    Montgomery,
    /// Newton interpolation, 2k − 1 M ([`newton`]); q above [`newton::min_prime`].
    Newton,
    /// Lazy-reduction schoolbook ([`crate::ext::lazy::schoolbook`]): integer dot
    /// products, one REDC per output coefficient.
    SchoolbookLazy,
    /// Lazy-reduction Karatsuba ([`crate::ext::lazy::karatsuba`]).
    KaratsubaLazy,
    /// Lazy-reduction Montgomery 13M / 17M / 22M ([`crate::ext::lazy::montgomery`],
    /// [`crate::ext::lazy::montgomery67`]); k = 5, 6, 7.
    MontgomeryLazy,
    /// Lazy-reduction Newton interpolation ([`crate::ext::lazy::newton`]).
    NewtonLazy,
    /// Chosen per (k, size of q) from this machine's measurements
    /// ([`MulAlgorithm::auto`]).
    Auto,
}

impl MulAlgorithm {
    /// Every algorithm, `Auto` last.
    pub const ALL: [MulAlgorithm; 9] = [
        MulAlgorithm::Schoolbook,
        MulAlgorithm::Karatsuba,
        MulAlgorithm::Montgomery,
        MulAlgorithm::Newton,
        MulAlgorithm::SchoolbookLazy,
        MulAlgorithm::KaratsubaLazy,
        MulAlgorithm::MontgomeryLazy,
        MulAlgorithm::NewtonLazy,
        MulAlgorithm::Auto,
    ];

    /// The reduced (per-product Montgomery reduction) algorithm a lazy one is built
    /// on; itself otherwise.
    pub fn reduced(self) -> MulAlgorithm {
        match self {
            MulAlgorithm::SchoolbookLazy => MulAlgorithm::Schoolbook,
            MulAlgorithm::KaratsubaLazy => MulAlgorithm::Karatsuba,
            MulAlgorithm::MontgomeryLazy => MulAlgorithm::Montgomery,
            MulAlgorithm::NewtonLazy => MulAlgorithm::Newton,
            a => a,
        }
    }

    /// Whether this is a lazy-reduction variant.
    pub fn is_lazy(self) -> bool {
        self.reduced() != self
    }

    /// The name used on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            MulAlgorithm::Schoolbook => "schoolbook",
            MulAlgorithm::Karatsuba => "karatsuba",
            MulAlgorithm::Montgomery => "montgomery",
            MulAlgorithm::Newton => "newton",
            MulAlgorithm::SchoolbookLazy => "schoolbook-lazy",
            MulAlgorithm::KaratsubaLazy => "karatsuba-lazy",
            MulAlgorithm::MontgomeryLazy => "montgomery-lazy",
            MulAlgorithm::NewtonLazy => "newton-lazy",
            MulAlgorithm::Auto => "auto",
        }
    }

    /// Whether the algorithm applies to degree `k` over GF(q).
    pub fn supports(self, k: usize, q: &BigUint) -> bool {
        match self.reduced() {
            MulAlgorithm::Schoolbook | MulAlgorithm::Karatsuba | MulAlgorithm::Auto => k >= 1,
            MulAlgorithm::Montgomery => match k {
                5 => at_least(q, 4),
                6 => at_least(q, montgomery67::MAX_SMALL_6 + 1),
                7 => at_least(q, montgomery67::MAX_SMALL_7 + 1),
                _ => false,
            },
            MulAlgorithm::Newton => {
                newton::points(k).is_some() && at_least(q, newton::min_prime(k))
            }
            _ => false,
        }
    }

    /// The concrete algorithm `auto` picks for degree `k` over q.
    ///
    /// From `halfroot report ext` on the development machine (shared 2-core Xeon,
    /// Nov 2026, 160 … 1536 bits): Montgomery's 13M formula was fastest for k = 5 at
    /// every size (5–25 % ahead of Karatsuba); for k = 6, 7 the recursive Karatsuba
    /// product was fastest or within noise. This crate's generic (allocating) Newton
    /// code never won. Montgomery's 17M and 22M formulae (k = 6, 7) were measured
    /// against it on an AMD Zen 4 (report ext --quick, Nov 2026): 17M / Karatsuba's
    /// 18M = 1.14, 1.14, 1.16, 1.03, 1.00 and 22M / 23M = 1.24, 1.34, 1.41, 1.26, 1.28
    /// at 160 / 256 / 512 / 1024 / 1536 bits — one product saved does not pay for the
    /// 93A / 166A of their combinations at these M_q/A_q (3 … 23). So: Montgomery for
    /// k = 5, Karatsuba for other k ≥ 4, schoolbook below.
    pub fn auto(k: usize, q: &BigUint) -> MulAlgorithm {
        if k == 5 && MulAlgorithm::Montgomery.supports(k, q) {
            MulAlgorithm::Montgomery
        } else if k >= 4 {
            MulAlgorithm::Karatsuba
        } else {
            MulAlgorithm::Schoolbook
        }
    }

    /// The algorithm `auto` picks when the lazy-reduction engine is available
    /// (base [`crate::prime::Fp`], M = X^k − α with small ±α); see
    /// [`MulAlgorithm::auto`] for the other case.
    ///
    /// Measured (examples/ext_mul_min, best of 15 batches, shared 2-core Xeon, Nov 2026,
    /// k = 5, 6, 7 at 160 … 1536 bits): the lazy Karatsuba product (14M / 18M / 23M
    /// unreduced products + k REDC) was fastest at every size and degree — e.g. k = 5:
    /// 276 / 429 / 1302 / 4417 / 9711 ns at 160 / 256 / 512 / 1024 / 1536 bits against
    /// 383 / 582 / 1633 / 4950 / 10693 for lazy Montgomery 13M and 763 / 1041 / 2508 /
    /// 6146 / 12488 for lazy Newton 9M; schoolbook-lazy (25 products, no wide additions)
    /// lost everywhere. So `auto` is Karatsuba-lazy whatever q.
    pub fn auto_lazy(k: usize, q: &BigUint) -> MulAlgorithm {
        let _ = (k, q);
        MulAlgorithm::KaratsubaLazy
    }

    /// `Auto` resolved for (k, q); an error if the algorithm does not apply.
    pub fn resolve(self, k: usize, q: &BigUint) -> Result<MulAlgorithm> {
        if self == MulAlgorithm::Auto {
            return Ok(MulAlgorithm::auto(k, q));
        }
        if self.supports(k, q) {
            Ok(self)
        } else {
            Err(Error::UnsupportedAlgorithm {
                algorithm: self.name().into(),
                reason: match self.reduced() {
                    MulAlgorithm::Montgomery => format!(
                        "needs k = 5, 6 or 7 and q above the formula's small multiples \
                         (q > 3, {}, {} for k = 5, 6, 7), got k = {k}, q = {q}",
                        montgomery67::MAX_SMALL_6,
                        montgomery67::MAX_SMALL_7
                    ),
                    _ => format!(
                        "needs k ≤ 7 and q ≥ {} (the interpolation points' differences \
                         must be invertible), got k = {k}, q = {q}",
                        newton::min_prime(k)
                    ),
                },
            })
        }
    }

    /// The unreduced product (2k − 1 coefficients) by this algorithm; `Auto` and
    /// unsupported cases fall back to schoolbook, lazy variants to their reduced
    /// form (the lazy forms run inside [`crate::ext::Fqk`] over [`crate::prime::Fp`]). `inv11` as [`newton::inv11`].
    /// `a` and `b` have k ≥ 1 coefficients each; operands of other lengths are padded
    /// with zeros to the longer one (an empty one is zero).
    pub fn mul_poly<F: PrimeFieldOps>(
        self,
        f: &F,
        a: &[F::Elem],
        b: &[F::Elem],
        inv11: &Option<F::Elem>,
    ) -> Vec<F::Elem> {
        // Equal lengths k ≥ 1 (the algorithms' precondition): otherwise both padded
        // with zeros to the longer one, so that no input panics.
        let padded;
        let (a, b) = if a.len() == b.len() && !a.is_empty() {
            (a, b)
        } else {
            let k = a.len().max(b.len()).max(1);
            let pad = |x: &[F::Elem]| {
                let mut v = x.to_vec();
                v.resize(k, f.zero());
                v
            };
            padded = (pad(a), pad(b));
            (&padded.0[..], &padded.1[..])
        };
        match self.reduced() {
            MulAlgorithm::Karatsuba => karatsuba::mul(f, a, b),
            MulAlgorithm::Montgomery if a.len() == 5 => montgomery::mul5(f, a, b),
            MulAlgorithm::Montgomery if a.len() == 6 => montgomery67::mul6(f, a, b),
            MulAlgorithm::Montgomery if a.len() == 7 => montgomery67::mul7(f, a, b),
            MulAlgorithm::Newton => newton::mul(f, a, b, inv11),
            _ => schoolbook::mul(f, a, b),
        }
    }

    /// The unreduced square by this algorithm's squaring variant.
    pub fn sqr_poly<F: PrimeFieldOps>(
        self,
        f: &F,
        a: &[F::Elem],
        inv11: &Option<F::Elem>,
    ) -> Vec<F::Elem> {
        let zero;
        let a = if a.is_empty() {
            zero = [f.zero()];
            &zero[..]
        } else {
            a
        };
        match self.reduced() {
            MulAlgorithm::Karatsuba => karatsuba::sqr(f, a),
            MulAlgorithm::Montgomery if a.len() == 5 => montgomery::sqr5(f, a),
            MulAlgorithm::Montgomery if a.len() == 6 => montgomery67::sqr6(f, a),
            MulAlgorithm::Montgomery if a.len() == 7 => montgomery67::sqr7(f, a),
            MulAlgorithm::Newton => newton::sqr(f, a, inv11),
            _ => schoolbook::sqr(f, a),
        }
    }
}

impl core::fmt::Display for MulAlgorithm {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

crate::algorithm::named_algorithm!(MulAlgorithm, "F_{q^k} multiplication algorithm");
