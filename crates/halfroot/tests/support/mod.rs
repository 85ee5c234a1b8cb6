//! Shared helpers of the `it` and `ext` test binaries: known primes, the F_{q^k}
//! big-integer oracle.

pub mod ec_oracle;
pub mod ext_oracle;
pub mod hec_oracle;
pub mod primes;
