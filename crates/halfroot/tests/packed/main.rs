//! halfroot's `binary::packed::PackedField` tests (register-resident, partially reduced
//! elements, and the binary curves run on them), a test binary of its own: the packed
//! field's instantiations share little with the word field's, so building them apart
//! from `tests/binary` lets the two (and `tests/ext`) build side by side on two cores
//! (CI time). Run one test with
//! `cargo test --profile ci -p halfroot --features internal-tests --test packed <name>`.

#[path = "../support/binary_oracle.rs"]
mod binary_oracle;
mod binary_packed;
