//! Inversion in F_2^d: the algorithms, all compiled and selectable.
//!
//! | algorithm | file | time | cost |
//! |---|---|---|---|
//! | [`InvAlgorithm::ItohTsujii`] | [`itoh_tsujii`] | constant | (d−2) S + (⌊log₂(d−1)⌋ + wt(d−1) − 1) M |
//! | [`InvAlgorithm::ItohTsujiiMatrix`] | [`itoh_tsujii`] | constant | same M, long squaring runs by masked column sums (d·N words each) |
//! | [`InvAlgorithm::ItohTsujiiTables`] | [`itoh_tsujii`] | variable (table lookups) | same M, long squaring runs by nibble tables |
//! | [`InvAlgorithm::Euclid`] | [`euclid`] | variable | ≈ 2d shift-and-add steps |
//!
//! [`Arith::inv`](super::arith::Arith::inv) uses [`InvAlgorithm::CONSTANT_TIME_DEFAULT`];
//! [`Arith::inv_vartime`](super::arith::Arith::inv_vartime) uses
//! [`InvAlgorithm::VARTIME_DEFAULT`], the faster of the two variable-time ones as measured
//! by `benches/binary_arith.rs`.

pub mod euclid;
pub mod itoh_tsujii;

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
}

impl InvAlgorithm {
    /// Every inversion algorithm.
    pub const ALL: [InvAlgorithm; 4] = [
        InvAlgorithm::ItohTsujii,
        InvAlgorithm::ItohTsujiiMatrix,
        InvAlgorithm::ItohTsujiiTables,
        InvAlgorithm::Euclid,
    ];

    /// The constant-time algorithm that `inv` uses.
    pub const CONSTANT_TIME_DEFAULT: InvAlgorithm = InvAlgorithm::ItohTsujiiMatrix;

    /// The variable-time algorithm that `inv_vartime` uses.
    pub const VARTIME_DEFAULT: InvAlgorithm = InvAlgorithm::ItohTsujiiTables;

    /// The algorithm's name (`itoh-tsujii`, `itoh-tsujii-tables`, `euclid`).
    pub fn name(self) -> &'static str {
        match self {
            InvAlgorithm::ItohTsujii => "itoh-tsujii",
            InvAlgorithm::ItohTsujiiMatrix => "itoh-tsujii-matrix",
            InvAlgorithm::ItohTsujiiTables => "itoh-tsujii-tables",
            InvAlgorithm::Euclid => "euclid",
        }
    }

    /// The algorithm called `name`, if any.
    pub fn from_name(name: &str) -> Option<InvAlgorithm> {
        InvAlgorithm::ALL.into_iter().find(|a| a.name() == name)
    }

    /// Whether its running time is independent of the operand.
    pub fn is_constant_time(self) -> bool {
        matches!(
            self,
            InvAlgorithm::ItohTsujii | InvAlgorithm::ItohTsujiiMatrix
        )
    }
}
