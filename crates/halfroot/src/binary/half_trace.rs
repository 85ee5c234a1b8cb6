//! The half-trace H(α) = Σ_{i=0}^{(d−1)/2} α^(2^(2i)) of F_2^d, d odd, and the
//! F_2-linear solver of λ² + λ = α it generalises to every degree.
//!
//! Source: Avanzi §3.3; Fong–Hankerson–López–Menezes 2004 §3.2 (even-power removal);
//! Hankerson–Menezes–Vanstone, *Guide to ECC*, §3.6.2.
//! H is F_2-linear and H(α)² + H(α) = α + Tr(α): for Tr(α) = 0 the roots of
//! λ² + λ = α are H(α) and H(α) + 1.
//!
//! | method | module | cost | constant-time |
//! |---|---|---|---|
//! | [`HalfTraceMethod::Naive`] | [`naive`] | d − 1 squarings + (d−1)/2 additions | yes |
//! | [`HalfTraceMethod::Table`] | [`table`] | ~log₂ d splits + ⌈⌊d/2⌋/4⌉ table lookups | no: table indices depend on α (cache timing) |
//! | [`HalfTraceMethod::Nibble`] | [`direct`] | ⌈d/4⌉ lookups, 16 entries per group | no (cache timing) |
//! | [`HalfTraceMethod::Byte`] | [`direct`] | ⌈d/8⌉ lookups, 256 entries per group | no (cache timing) |
//! | [`HalfTraceMethod::NibbleCt`] | [`direct`] | ⌈d/4⌉ masked scans of 16 entries | yes |
//!
//! Every table method also solves λ² + λ = α in even degree (with another linear map
//! in place of H; see [`table`]).

pub mod direct;
pub mod naive;
pub mod table;

use crate::error::Error;

/// The half-trace methods.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HalfTraceMethod {
    /// The definition: Σ α^(4^i).
    Naive,
    /// Even-bit folding, then one precomputed 16-entry table per 4 odd bits (Avanzi §3.3).
    Table,
    /// One 16-entry table per 4 bits of α, no folding.
    Nibble,
    /// One 256-entry table per 8 bits of α, no folding.
    Byte,
    /// The nibble table read in full with masks: constant-time, for secret α.
    NibbleCt,
}

impl HalfTraceMethod {
    /// Every method.
    pub const ALL: [HalfTraceMethod; 5] = [
        HalfTraceMethod::Naive,
        HalfTraceMethod::Table,
        HalfTraceMethod::Nibble,
        HalfTraceMethod::Byte,
        HalfTraceMethod::NibbleCt,
    ];

    /// `"naive"`, `"table"`, `"nibble"`, `"byte"` or `"nibble-ct"`.
    pub fn name(self) -> &'static str {
        match self {
            HalfTraceMethod::Naive => "naive",
            HalfTraceMethod::Table => "table",
            HalfTraceMethod::Nibble => "nibble",
            HalfTraceMethod::Byte => "byte",
            HalfTraceMethod::NibbleCt => "nibble-ct",
        }
    }
}

impl core::fmt::Display for HalfTraceMethod {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for HalfTraceMethod {
    type Err = Error;
    /// Parses a name of [`HalfTraceMethod::name`] (case-insensitive).
    fn from_str(s: &str) -> Result<Self, Error> {
        HalfTraceMethod::ALL
            .iter()
            .copied()
            .find(|m| m.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| Error::UnsupportedAlgorithm {
                algorithm: s.to_string(),
                reason: "unknown half-trace method; known: naive, table, nibble, byte, nibble-ct"
                    .into(),
            })
    }
}
