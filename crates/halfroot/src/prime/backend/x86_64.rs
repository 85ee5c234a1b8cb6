//! x86-64 kernels (BMI2 + ADX).
#![allow(unsafe_code)]

pub(crate) mod comba_adx;
pub(crate) mod mont_adx;
pub(crate) mod rows_adx;
