//! The half-trace H(α) = Σ_{i=0}^{(d−1)/2} α^(2^(2i)) of F_2^d, d odd, and the
//! F_2-linear solver of λ² + λ = α it generalises to every degree.
//!
//! Source: Avanzi §3.3; Fong–Hankerson–López–Menezes 2004 §3.2 (even-power removal);
//! Hankerson–Menezes–Vanstone, *Guide to ECC*, §3.6.2.
//! H is F_2-linear and H(α)² + H(α) = α + Tr(α): for Tr(α) = 0 the roots of
//! λ² + λ = α are H(α) and H(α) + 1.
//!
//! | method | module | cost (d = 163) | constant-time |
//! |---|---|---|---|
//! | [`HalfTraceMethod::Naive`] | [`naive`] | d − 1 squarings + (d−1)/2 additions | yes |
//! | [`HalfTraceMethod::Table`] | [`table`] | the even-bit folding ([`backend`]) + ⌈⌊d/2⌋/4⌉ nibble lookups (21) | no |
//! | [`HalfTraceMethod::TableByte`] | [`table`] | the folds + ⌈⌊d/2⌋/8⌉ byte lookups (11) | no |
//! | [`HalfTraceMethod::Nibble`] | [`linear_map`] | ⌈d/4⌉ lookups (41), 16 entries per chunk | no |
//! | [`HalfTraceMethod::Chunk5`] | [`linear_map`] | 33 lookups, 32 entries per chunk | no |
//! | [`HalfTraceMethod::Chunk6`] | [`linear_map`] | 28 lookups, 64 entries per chunk | no |
//! | [`HalfTraceMethod::Byte`] | [`linear_map`] | ⌈d/8⌉ lookups (21), 256 entries per chunk | no |
//! | [`HalfTraceMethod::NibbleCt`] | [`linear_map`] | ⌈d/4⌉ masked scans of 16 entries | yes |
//! | [`HalfTraceMethod::MaskCt`] | [`linear_map`] | d masked row XORs (AVX-512: ⌈d/8⌉·N `vpxorq zmm{k}`) | yes |
//! | [`HalfTraceMethod::FoldedMaskCt`] | [`table`] | the folds + ⌊d/2⌋ masked row XORs (81) | yes |
//!
//! "No" means cache-timing: table addresses depend on α. Every table method also solves
//! λ² + λ = α in even degree (with another linear map in place of H; see [`table`]).
//! The tables are [`LinearMap`](crate::binary::linear_map::LinearMap)s.
//!
//! [`linear_map`]: crate::binary::linear_map

pub mod backend;
pub mod naive;
pub mod table;

use crate::binary::linear_map::Layout;

/// The half-trace methods.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HalfTraceMethod {
    /// The definition: Σ α^(4^i).
    Naive,
    /// Even-bit folding, then one precomputed 16-entry table per 4 odd bits (Avanzi §3.3).
    Table,
    /// Even-bit folding, then one 256-entry table per 8 odd bits.
    TableByte,
    /// One 16-entry table per 4 bits of α, no folding.
    Nibble,
    /// One 32-entry table per 5 bits of α, no folding.
    Chunk5,
    /// One 64-entry table per 6 bits of α, no folding.
    Chunk6,
    /// One 256-entry table per 8 bits of α, no folding.
    Byte,
    /// The nibble table read in full with masks: constant-time, for secret α.
    NibbleCt,
    /// One masked XOR of H(x^k) per bit k of α (AVX-512: eight per instruction):
    /// constant-time, for secret α.
    MaskCt,
    /// Even-bit folding ([`table`], constant-time), then one masked XOR of H(x^k) per
    /// odd k < d: the rows of [`HalfTraceMethod::MaskCt`] halved, the folds' cost added
    /// (Knudsen's reduction, as c-xs233's `gf_halftrace`): constant-time, for secret α.
    FoldedMaskCt,
}

impl HalfTraceMethod {
    /// Every method.
    pub const ALL: [HalfTraceMethod; 10] = [
        HalfTraceMethod::Naive,
        HalfTraceMethod::Table,
        HalfTraceMethod::TableByte,
        HalfTraceMethod::Nibble,
        HalfTraceMethod::Chunk5,
        HalfTraceMethod::Chunk6,
        HalfTraceMethod::Byte,
        HalfTraceMethod::NibbleCt,
        HalfTraceMethod::MaskCt,
        HalfTraceMethod::FoldedMaskCt,
    ];

    /// `"naive"`, `"table"`, `"table-byte"`, `"nibble"`, `"chunk5"`, `"chunk6"`,
    /// `"byte"`, `"nibble-ct"`, `"mask-ct"` or `"folded-mask-ct"`.
    pub fn name(self) -> &'static str {
        match self {
            HalfTraceMethod::Naive => "naive",
            HalfTraceMethod::Table => "table",
            HalfTraceMethod::TableByte => "table-byte",
            HalfTraceMethod::Nibble => "nibble",
            HalfTraceMethod::Chunk5 => "chunk5",
            HalfTraceMethod::Chunk6 => "chunk6",
            HalfTraceMethod::Byte => "byte",
            HalfTraceMethod::NibbleCt => "nibble-ct",
            HalfTraceMethod::MaskCt => "mask-ct",
            HalfTraceMethod::FoldedMaskCt => "folded-mask-ct",
        }
    }

    /// The layout of the method's table: over all d bits of α for the direct methods,
    /// over the ⌊d/2⌋ compressed odd bits for the folding ones; `None` for `Naive`.
    pub fn layout(self) -> Option<Layout> {
        match self {
            HalfTraceMethod::Naive => None,
            HalfTraceMethod::Table | HalfTraceMethod::Nibble => Some(Layout::Nibble),
            HalfTraceMethod::TableByte | HalfTraceMethod::Byte => Some(Layout::Byte),
            HalfTraceMethod::Chunk5 => Some(Layout::Chunk5),
            HalfTraceMethod::Chunk6 => Some(Layout::Chunk6),
            HalfTraceMethod::NibbleCt => Some(Layout::NibbleScanCt),
            HalfTraceMethod::MaskCt | HalfTraceMethod::FoldedMaskCt => Some(Layout::MaskCt),
        }
    }

    /// Whether the method folds the even bits first ([`table`]).
    pub fn folds(self) -> bool {
        matches!(
            self,
            HalfTraceMethod::Table | HalfTraceMethod::TableByte | HalfTraceMethod::FoldedMaskCt
        )
    }

    /// Whether the method's time and memory addresses are independent of α.
    pub fn is_constant_time(self) -> bool {
        matches!(
            self,
            HalfTraceMethod::Naive
                | HalfTraceMethod::NibbleCt
                | HalfTraceMethod::MaskCt
                | HalfTraceMethod::FoldedMaskCt
        )
    }
}

impl core::fmt::Display for HalfTraceMethod {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

crate::algorithm::named_algorithm!(HalfTraceMethod, "half-trace method");
