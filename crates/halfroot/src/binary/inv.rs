//! Inversion in F_2^d: the algorithms, all compiled and selectable.
//!
//! | algorithm | file | time | cost |
//! |---|---|---|---|
//! | [`InvAlgorithm::ItohTsujii`] | [`itoh_tsujii`] | constant | (d−2) S + (⌊log₂(d−1)⌋ + wt(d−1) − 1) M |
//! | [`InvAlgorithm::ItohTsujiiMatrix`] | [`itoh_tsujii`] | constant | same M, long squaring runs by masked column sums (d·N words each) |
//! | [`InvAlgorithm::ItohTsujiiTables`] | [`itoh_tsujii`] | variable (table lookups) | same M, long squaring runs by nibble tables |
//! | [`InvAlgorithm::ItohTsujiiMapCt`] | [`multi_sqr`] | constant | same M, chain chosen by cost, long runs by constant-time [`LinearMap`](super::linear_map::LinearMap)s ([`multi_sqr::CT_LAYOUT`]) |
//! | [`InvAlgorithm::ItohTsujiiMap`] | [`multi_sqr`] | variable (table lookups) | same M, long runs by lookup [`LinearMap`](super::linear_map::LinearMap)s ([`multi_sqr::VARTIME_LAYOUT`]) |
//! | [`InvAlgorithm::Euclid`] | [`euclid`] | variable | ≈ 2d shift-and-add steps |
//!
//! [`Arith::inv`](super::arith::Arith::inv) uses [`InvAlgorithm::CONSTANT_TIME_DEFAULT`];
//! [`Arith::inv_vartime`](super::arith::Arith::inv_vartime) uses
//! [`InvAlgorithm::VARTIME_DEFAULT`] up to 8 words and [`InvAlgorithm::ItohTsujiiTables`]
//! above, the faster variable-time ones as measured by `benches/binary_inv.rs` (Sapphire
//! Rapids class VM, one inversion at a time on independent inputs): at d = 163 / 233 /
//! 283 / 409 the map plans beat the previous nibble-table and masked-matrix Itoh–Tsujii
//! by 1.2–2.1×, and the bit-level Euclid by 3–6×; at 571 the tables stay faster (1750
//! against 2151 ns).

pub mod chain;
pub mod euclid;
pub mod itoh_tsujii;
pub mod multi_sqr;

/// An inversion algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum InvAlgorithm {
    /// Itoh–Tsujii addition chain with plain squarings (constant time).
    ItohTsujii,
    /// Itoh–Tsujii with the long squaring runs done by precomputed bit matrices applied
    /// with masks (constant time).
    ItohTsujiiMatrix,
    /// Itoh–Tsujii with precomputed multi-squaring tables (variable time: the table
    /// index is secret).
    ItohTsujiiTables,
    /// Binary extended Euclid (HMV Alg. 2.48), variable time.
    Euclid,
    /// Itoh–Tsujii along a cost-chosen addition chain, long squaring runs by
    /// constant-time multi-squaring maps ([`multi_sqr::CtPlan`]); constant time.
    ItohTsujiiMapCt,
    /// Itoh–Tsujii along a cost-chosen addition chain, long squaring runs by lookup-table
    /// multi-squaring maps ([`multi_sqr::VartimePlan`]); variable time.
    ItohTsujiiMap,
}

impl InvAlgorithm {
    /// Every inversion algorithm.
    pub const ALL: [InvAlgorithm; 6] = [
        InvAlgorithm::ItohTsujii,
        InvAlgorithm::ItohTsujiiMatrix,
        InvAlgorithm::ItohTsujiiTables,
        InvAlgorithm::Euclid,
        InvAlgorithm::ItohTsujiiMapCt,
        InvAlgorithm::ItohTsujiiMap,
    ];

    /// The constant-time algorithm that `inv` uses.
    pub const CONSTANT_TIME_DEFAULT: InvAlgorithm = InvAlgorithm::ItohTsujiiMapCt;

    /// The variable-time algorithm that `inv_vartime` uses.
    pub const VARTIME_DEFAULT: InvAlgorithm = InvAlgorithm::ItohTsujiiMap;

    /// The algorithm's name (`itoh-tsujii`, `itoh-tsujii-matrix`, `itoh-tsujii-tables`,
    /// `euclid`, `itoh-tsujii-map-ct`, `itoh-tsujii-map`).
    pub fn name(self) -> &'static str {
        match self {
            InvAlgorithm::ItohTsujii => "itoh-tsujii",
            InvAlgorithm::ItohTsujiiMatrix => "itoh-tsujii-matrix",
            InvAlgorithm::ItohTsujiiTables => "itoh-tsujii-tables",
            InvAlgorithm::Euclid => "euclid",
            InvAlgorithm::ItohTsujiiMapCt => "itoh-tsujii-map-ct",
            InvAlgorithm::ItohTsujiiMap => "itoh-tsujii-map",
        }
    }

    /// The algorithm called `name` (any spelling [`crate::algorithm::parse`] accepts),
    /// if any.
    pub fn from_name(name: &str) -> Option<InvAlgorithm> {
        crate::algorithm::parse(name).ok()
    }

    /// Whether its running time is independent of the operand.
    pub fn is_constant_time(self) -> bool {
        matches!(
            self,
            InvAlgorithm::ItohTsujii
                | InvAlgorithm::ItohTsujiiMatrix
                | InvAlgorithm::ItohTsujiiMapCt
        )
    }
}

crate::algorithm::named_algorithm!(InvAlgorithm, "binary-field inversion algorithm", display);
