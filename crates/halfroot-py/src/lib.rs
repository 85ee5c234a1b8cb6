//! Python bindings of halfroot: the extension module `halfroot._halfroot`, re-exported
//! by the Python package `halfroot` (crates/halfroot-py/python/halfroot).
//!
//! Classes: `binary::PyBinaryField` (GF(2^d)) with elements
//! `binary::PyBinaryElement`, `prime::PyPrimeField` (GF(p)) and
//! `prime::PyQuadraticField` (GF(p²)), `ext::PyExtensionField` (F_{q^k}) with
//! their elements, and the polynomial lab `ssrf` (analysis, interruptible searches,
//! code generation, `ssrf::PyBasisChange`), and the standard binary elliptic curves
//! `curves::PyCurve` with their points `curves::PyPoint`. Scalar operations go
//! through [`halfroot::binary::dynamic::DynBinaryField`] and
//! [`halfroot::prime::dynamic::DynFp`]; the numpy batch functions of binary fields
//! dispatch once on the word count to a monomorphised
//! [`halfroot::binary::field::BinaryField`] and run without the GIL on all cores.
//!
//! Errors: malformed input raises `ValueError` naming the argument and echoing the
//! value, mixing fields raises `TypeError`, division by zero `ZeroDivisionError`.

mod batch;
mod binary;
mod curves;
mod ext;
mod hec;
mod prime;
mod ssrf;

use pyo3::exceptions::{PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;

/// Converts a library error into the Python exception the package documents.
pub(crate) fn to_py_err(e: halfroot::Error) -> PyErr {
    match e {
        halfroot::Error::DivisionByZero(_) => PyZeroDivisionError::new_err(e.to_string()),
        _ => PyValueError::new_err(e.to_string()),
    }
}

/// The result of `__richcmp__` for a type that only compares for equality: `eq` for
/// `==`, its negation for `!=`, `NotImplemented` for the orderings.
pub(crate) fn eq_or_ne(py: Python<'_>, eq: bool, op: pyo3::basic::CompareOp) -> PyObject {
    use pyo3::basic::CompareOp;
    let b = match op {
        CompareOp::Eq => eq,
        CompareOp::Ne => !eq,
        _ => return py.NotImplemented(),
    };
    match b.into_pyobject(py) {
        Ok(b) => b.to_owned().into_any().unbind(),
        Err(never) => match never {},
    }
}

/// A `ValueError` naming the argument `name` and echoing its value.
pub(crate) fn bad_value(name: &str, value: &str, reason: &str) -> PyErr {
    PyValueError::new_err(format!("{name}: invalid value {value}: {reason}"))
}

/// The extension module.
#[pymodule]
fn _halfroot(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<binary::PyBinaryField>()?;
    m.add_class::<binary::PyBinaryElement>()?;
    m.add_class::<prime::PyPrimeField>()?;
    m.add_class::<prime::PyPrimeElement>()?;
    m.add_class::<prime::PyQuadraticField>()?;
    m.add_class::<prime::PyQuadraticElement>()?;
    m.add_class::<ext::PyExtensionField>()?;
    m.add_class::<ext::PyExtElement>()?;
    ssrf::register(m)?;
    curves::register(m)?;
    hec::register(m)?;
    m.add("STANDARD_BINARY_FIELDS", binary::standard_fields(m.py())?)?;
    Ok(())
}
