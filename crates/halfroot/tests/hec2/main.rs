//! The genus-2 suite (`halfroot::hec2`), its own test binary: it instantiates the
//! generic curve code on its own fields, so it builds after `binary` and `it`, in the
//! short second step of scripts/test-all.sh's build. Run one topic with
//! `cargo test --profile ci -p halfroot --features internal-tests --test hec2 <module>::`.

#[path = "../support/mod.rs"]
#[allow(dead_code)]
mod support;

mod curves;
mod exhaustive;
mod formulas;
mod halving;
