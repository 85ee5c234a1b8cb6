//! Shared helpers of the test binaries (`it`, `binary`, `hec2`): known primes, the
//! F_{q^k} big-integer oracle, the naive GF(2^d) product, the small-curve oracles.

pub mod ec_oracle;
pub mod ext_oracle;
// Used by `binary` everywhere, by `it` only on x86-64 (the packed field's tests).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub mod gf2_oracle;
pub mod hec_oracle;
pub mod primes;
