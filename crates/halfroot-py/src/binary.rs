//! `halfroot.BinaryField` and `halfroot.BinaryFieldElement`: GF(2^d) for a modulus
//! chosen at run time, scalar operations through [`DynBinaryField`], numpy batches
//! through [`Batch`].

use crate::batch::{self, Op1};
use crate::{bad_value, to_py_err};
use halfroot::binary::dynamic::DynBinaryField;
use halfroot::binary::half_trace::HalfTraceMethod;
use halfroot::binary::sqrt::SqrtAlgorithm;
use num_bigint::{BigInt, BigUint, Sign};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use std::borrow::Cow;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// Named fields: NIST FIPS 186 binary fields and Avanzi's square-root-friendly
/// (SSRF) polynomials of the same degrees, plus the AES field.
const STANDARD: &[(&str, &str)] = &[
    ("aes", "8,4,3,1,0"),
    ("nist163", "163,7,6,3,0"),
    ("nist233", "233,74,0"),
    ("nist283", "283,12,7,5,0"),
    ("nist409", "409,87,0"),
    ("nist571", "571,10,5,2,0"),
    ("sect163", "163,7,6,3,0"),
    ("sect233", "233,74,0"),
    ("sect283", "283,12,7,5,0"),
    ("sect409", "409,87,0"),
    ("sect571", "571,10,5,2,0"),
    ("ssrf163", "163,57,49,29,0"),
    ("ssrf233", "233,159,0"),
    ("ssrf283", "283,97,89,87,0"),
    ("ssrf409", "409,87,0"),
    ("ssrf571", "571,193,185,5,0"),
];

/// The dict `halfroot.STANDARD_BINARY_FIELDS`: name → exponent list text.
pub(crate) fn standard_fields(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let d = PyDict::new(py);
    for (k, v) in STANDARD {
        d.set_item(k, v)?;
    }
    Ok(d)
}

/// The shared state of one field.
#[derive(Debug)]
pub(crate) struct BinInner {
    pub(crate) dynf: DynBinaryField,
    pub(crate) words: usize,
    pub(crate) degree: u32,
    pub(crate) exponents: Vec<u32>,
}

impl BinInner {
    pub(crate) fn same(self: &Arc<Self>, other: &Arc<Self>) -> bool {
        Arc::ptr_eq(self, other) || self.exponents == other.exponents
    }

    /// An element from a Python int (0 ≤ v < 2^d) or hexadecimal str.
    fn parse_py(&self, name: &str, obj: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
        if let Ok(s) = obj.downcast::<PyString>() {
            let text: String = s.extract()?;
            let text = text.as_str();
            return self
                .dynf
                .parse_element(text)
                .map_err(|e| bad_value(name, &format!("{text:?}"), &e.to_string()));
        }
        let v: BigInt = obj.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "{name}: expected a BinaryFieldElement, int or hexadecimal str, got {}",
                obj.get_type()
                    .name()
                    .map(|n| n.to_string())
                    .unwrap_or_default()
            ))
        })?;
        self.elem_of_bigint(name, &v)
    }

    fn elem_of_bigint(&self, name: &str, v: &BigInt) -> PyResult<Vec<u64>> {
        element_words(name, v, self.degree, self.words)
    }

    fn to_biguint(v: &[u64]) -> BigUint {
        words_to_biguint(v)
    }

    pub(crate) fn check_rows(&self, name: &str, a: &[u64]) -> PyResult<()> {
        let top = self.degree as usize - 64 * (self.words - 1);
        if top == 64 {
            return Ok(());
        }
        for (i, row) in a.chunks_exact(self.words).enumerate() {
            if row[self.words - 1] >> top != 0 {
                return Err(bad_value(
                    &format!("{name}[{i}]"),
                    &halfroot::binary::hex::format_hex(row),
                    &format!("it has a bit at a position >= d = {}", self.degree),
                ));
            }
        }
        Ok(())
    }
}

/// A binary field GF(2^d) = GF(2)\[x\]/(f).
#[pyclass(frozen, module = "halfroot._halfroot", name = "BinaryField")]
pub struct PyBinaryField {
    pub(crate) inner: Arc<BinInner>,
}

/// An element of a [`PyBinaryField`].
#[pyclass(frozen, module = "halfroot._halfroot", name = "BinaryFieldElement")]
pub struct PyBinaryElement {
    field: Arc<BinInner>,
    v: Vec<u64>,
}

/// The `words` little-endian words of a field element of F_2^`degree` given as a
/// Python int in [0, 2^d) (`ValueError` naming `name` otherwise); shared with the curves.
pub(crate) fn element_words(
    name: &str,
    v: &BigInt,
    degree: u32,
    words: usize,
) -> PyResult<Vec<u64>> {
    if v.sign() == Sign::Minus {
        return Err(bad_value(
            name,
            &v.to_string(),
            "a field element is a non-negative integer",
        ));
    }
    if v.bits() > u64::from(degree) {
        return Err(bad_value(
            name,
            &format!("{v:#x}"),
            &format!("it has a bit at a position >= d = {degree}"),
        ));
    }
    let mut w = v.magnitude().to_u64_digits();
    w.resize(words, 0);
    Ok(w)
}

/// The integer whose little-endian words are `v`.
pub(crate) fn words_to_biguint(v: &[u64]) -> BigUint {
    let mut bytes = Vec::with_capacity(8 * v.len());
    for w in v {
        bytes.extend_from_slice(&w.to_le_bytes());
    }
    BigUint::from_bytes_le(&bytes)
}

pub(crate) fn elem(field: &Arc<BinInner>, v: Vec<u64>) -> PyBinaryElement {
    PyBinaryElement {
        field: field.clone(),
        v,
    }
}

/// `None` and `"auto"` both mean the field's choice.
fn parse_sqrt_alg(algorithm: Option<&str>) -> PyResult<Option<SqrtAlgorithm>> {
    match algorithm {
        None => Ok(None),
        Some(a) => halfroot::algorithm::parse_or_auto::<SqrtAlgorithm>(a)
            .map_err(|e| bad_value("algorithm", &format!("{a:?}"), &e.to_string())),
    }
}

/// `None` and `"auto"` both mean the field's choice.
fn parse_ht_method(method: Option<&str>) -> PyResult<Option<HalfTraceMethod>> {
    match method {
        None => Ok(None),
        Some(a) => halfroot::algorithm::parse_or_auto::<HalfTraceMethod>(a)
            .map_err(|e| bad_value("method", &format!("{a:?}"), &e.to_string())),
    }
}

/// The contiguous words of a 2-D uint64 array of shape (n, words).
pub(crate) fn rows<'a>(
    f: &BinInner,
    name: &str,
    a: &'a PyReadonlyArray2<'_, u64>,
) -> PyResult<Cow<'a, [u64]>> {
    let shape = a.shape();
    if shape[1] != f.words {
        return Err(bad_value(
            name,
            &format!("array of shape {shape:?}"),
            &format!(
                "expected shape (n, {}): one row of {} little-endian uint64 words per element",
                f.words, f.words
            ),
        ));
    }
    // `as_slice` also accepts Fortran order, so test for C order first.
    let v = match (a.is_c_contiguous(), a.as_slice()) {
        (true, Ok(s)) => Cow::Borrowed(s),
        _ => Cow::Owned(a.as_array().iter().copied().collect()),
    };
    f.check_rows(name, &v)?;
    Ok(v)
}

pub(crate) fn to_array2<'py>(
    py: Python<'py>,
    v: Vec<u64>,
    words: usize,
) -> PyResult<Bound<'py, PyArray2<u64>>> {
    let n = v.len() / words;
    PyArray1::from_vec(py, v).reshape([n, words])
}

impl PyBinaryField {
    pub(crate) fn operand(&self, name: &str, obj: &Bound<'_, PyAny>) -> PyResult<Vec<u64>> {
        if let Ok(e) = obj.downcast::<PyBinaryElement>() {
            let e = e.get();
            if !self.inner.same(&e.field) {
                return Err(PyTypeError::new_err(format!(
                    "{name}: element of GF(2^{}) given to GF(2^{}) with a different modulus",
                    e.field.degree, self.inner.degree
                )));
            }
            return Ok(e.v.clone());
        }
        self.inner.parse_py(name, obj)
    }

    fn map_many<'py>(
        &self,
        py: Python<'py>,
        op: Op1,
        a: PyReadonlyArray2<'py, u64>,
    ) -> PyResult<Bound<'py, PyArray2<u64>>> {
        let f = &*self.inner;
        let a = rows(f, "a", &a)?;
        let out = py.allow_threads(|| {
            if op == Op1::HalfTrace && f.degree.is_multiple_of(2) {
                return Err(());
            }
            batch::map(&f.dynf, op, &a).map_err(|_| ())
        });
        match out {
            Ok(v) => to_array2(py, v, f.words),
            Err(()) => Err(bad_value(
                "degree",
                &f.degree.to_string(),
                "the half-trace is defined for odd degrees only; use solve_many",
            )),
        }
    }
}

#[pymethods]
impl PyBinaryField {
    /// `BinaryField(modulus)`: the field defined by an exponent list
    /// (`"163,57,49,29,0"`) or a polynomial (`"x^163+x^57+x^49+x^29+1"`).
    #[new]
    pub(crate) fn py_new(modulus: &str) -> PyResult<Self> {
        let dynf = DynBinaryField::new(modulus)
            .map_err(|e| bad_value("modulus", &format!("{modulus:?}"), &e.to_string()))?;
        Ok(PyBinaryField {
            inner: Arc::new(BinInner {
                words: dynf.words(),
                degree: dynf.degree(),
                exponents: dynf.modulus().exponents(),
                dynf,
            }),
        })
    }

    /// A named field: `aes`, `nist163` … `nist571` (alias `sect163` …), `ssrf163` …
    /// `ssrf571` (Avanzi's square-root-friendly polynomials).
    #[staticmethod]
    fn standard(name: &str) -> PyResult<Self> {
        let key = name.to_ascii_lowercase().replace(['-', '_'], "");
        match STANDARD.iter().find(|(k, _)| *k == key) {
            Some((_, m)) => Self::py_new(m),
            None => Err(bad_value(
                "name",
                &format!("{name:?}"),
                &format!(
                    "unknown field; known: {}",
                    STANDARD
                        .iter()
                        .map(|(k, _)| *k)
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )),
        }
    }

    /// `F(value)`: the element of an int in [0, 2^d) (bit i the coefficient of x^i),
    /// a hexadecimal str (`"0x1f"` or `"1f"`) or an element of this field.
    fn __call__(&self, value: &Bound<'_, PyAny>) -> PyResult<PyBinaryElement> {
        Ok(elem(&self.inner, self.operand("value", value)?))
    }

    /// The element of a byte string (`byteorder` `"big"` or `"little"`).
    #[pyo3(signature = (data, byteorder = "big"))]
    #[allow(clippy::wrong_self_convention)]
    fn from_bytes(&self, data: &[u8], byteorder: &str) -> PyResult<PyBinaryElement> {
        let v = match byteorder {
            "big" => BigUint::from_bytes_be(data),
            "little" => BigUint::from_bytes_le(data),
            o => {
                return Err(bad_value(
                    "byteorder",
                    &format!("{o:?}"),
                    "expected \"big\" or \"little\"",
                ))
            }
        };
        Ok(elem(
            &self.inner,
            self.inner.elem_of_bigint("data", &BigInt::from(v))?,
        ))
    }

    /// The degree d.
    #[getter]
    fn degree(&self) -> u32 {
        self.inner.degree
    }

    /// The defining polynomial as an int (bit i the coefficient of x^i), as `galois`
    /// takes it for `irreducible_poly`.
    #[getter]
    fn modulus(&self) -> BigUint {
        let mut v = BigUint::default();
        for &e in &self.inner.exponents {
            v.set_bit(u64::from(e), true);
        }
        v
    }

    /// The exponents of the defining polynomial, descending.
    #[getter]
    fn exponents(&self) -> Vec<u32> {
        self.inner.exponents.clone()
    }

    /// The number of u64 words of an element, ⌈d/64⌉.
    #[getter]
    fn words(&self) -> usize {
        self.inner.words
    }

    /// 2^d.
    #[getter]
    fn order(&self) -> BigUint {
        BigUint::from(1u8) << self.inner.degree
    }

    /// 2.
    #[getter]
    fn characteristic(&self) -> u32 {
        2
    }

    /// The zero element.
    #[getter]
    fn zero(&self) -> PyBinaryElement {
        elem(&self.inner, self.inner.dynf.zero())
    }

    /// The unit element.
    #[getter]
    fn one(&self) -> PyBinaryElement {
        elem(&self.inner, self.inner.dynf.one())
    }

    /// A uniformly random element (from the operating-system-seeded thread RNG).
    fn random(&self) -> PyBinaryElement {
        let mut rng = rand::thread_rng();
        elem(&self.inner, self.inner.dynf.random(&mut rng))
    }

    /// A root λ of λ² + λ = α (the other is λ + 1), or `None` when Tr(α) = 1.
    fn solve(&self, alpha: &Bound<'_, PyAny>) -> PyResult<Option<PyBinaryElement>> {
        let a = self.operand("alpha", alpha)?;
        let r = self.inner.dynf.solve(&a).map_err(to_py_err)?;
        Ok(r.map(|v| elem(&self.inner, v)))
    }

    /// Both roots `(r, s)` of a·λ² + b·λ + c = 0 (equal for a double root), or `None`.
    fn solve_quadratic(
        &self,
        a: &Bound<'_, PyAny>,
        b: &Bound<'_, PyAny>,
        c: &Bound<'_, PyAny>,
    ) -> PyResult<Option<(PyBinaryElement, PyBinaryElement)>> {
        let (a, b, c) = (
            self.operand("a", a)?,
            self.operand("b", b)?,
            self.operand("c", c)?,
        );
        let r = self
            .inner
            .dynf
            .solve_general(&a, &b, &c)
            .map_err(to_py_err)?;
        Ok(r.map(|(x, y)| (elem(&self.inner, x), elem(&self.inner, y))))
    }

    /// What the field chose at construction, as a dict.
    fn info<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let i = self.inner.dynf.info();
        let d = PyDict::new(py);
        d.set_item("degree", i.degree)?;
        d.set_item("polynomial", i.exponents.clone())?;
        d.set_item("ssrf_type", i.ssrf_type.map(|t| t.to_string()))?;
        d.set_item("zeta", i.zeta_exponents.clone())?;
        d.set_item("zeta_weight", i.zeta_weight)?;
        d.set_item("zeta_degree", i.zeta_degree)?;
        d.set_item("sqrt_algorithm", i.sqrt_algorithm.name())?;
        d.set_item("sqrt_reason", i.sqrt_reason.clone())?;
        d.set_item("zeta_multiplication", i.zeta_multiplication.clone())?;
        d.set_item("split_backend", i.split_backend)?;
        d.set_item("trace_method", i.trace_method.to_string())?;
        d.set_item("trace_vector_weight", i.trace_vector_weight)?;
        d.set_item("half_trace_method", i.half_trace_method.name())?;
        d.set_item("half_trace_ct_method", i.half_trace_ct_method.name())?;
        d.set_item("half_trace_table_bytes", i.half_trace_table_bytes)?;
        d.set_item("even_solver", i.even_solver.clone())?;
        Ok(d)
    }

    /// Elements → array of shape (n, words), dtype uint64.
    fn to_array<'py>(
        &self,
        py: Python<'py>,
        elements: Vec<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyArray2<u64>>> {
        let mut v = Vec::with_capacity(elements.len() * self.inner.words);
        for (i, e) in elements.iter().enumerate() {
            v.extend(self.operand(&format!("elements[{i}]"), e)?);
        }
        to_array2(py, v, self.inner.words)
    }

    /// Array of shape (n, words), dtype uint64 → list of elements.
    #[allow(clippy::wrong_self_convention)]
    fn from_array(&self, a: PyReadonlyArray2<'_, u64>) -> PyResult<Vec<PyBinaryElement>> {
        let v = rows(&self.inner, "a", &a)?;
        Ok(v.chunks_exact(self.inner.words)
            .map(|r| elem(&self.inner, r.to_vec()))
            .collect())
    }

    /// Row-wise a·b of two arrays of shape (n, words).
    fn mul_many<'py>(
        &self,
        py: Python<'py>,
        a: PyReadonlyArray2<'py, u64>,
        b: PyReadonlyArray2<'py, u64>,
    ) -> PyResult<Bound<'py, PyArray2<u64>>> {
        let f = &*self.inner;
        if a.shape() != b.shape() {
            return Err(bad_value(
                "b",
                &format!("array of shape {:?}", b.shape()),
                &format!("a has shape {:?}; they must be equal", a.shape()),
            ));
        }
        let (a, b) = (rows(f, "a", &a)?, rows(f, "b", &b)?);
        let out = py.allow_threads(|| batch::mul(&f.dynf, &a, &b));
        to_array2(py, out.map_err(to_py_err)?, f.words)
    }

    /// Row-wise √a on one thread, no parallelism: the Rust per-element baseline of
    /// `bench/bench_vs_galois.py` (not part of the stable API).
    fn _sqrt_many_serial<'py>(
        &self,
        py: Python<'py>,
        a: PyReadonlyArray2<'py, u64>,
    ) -> PyResult<Bound<'py, PyArray2<u64>>> {
        let f = &*self.inner;
        let a = rows(f, "a", &a)?;
        let out = py
            .allow_threads(|| batch::sqrt_serial(&f.dynf, &a))
            .map_err(to_py_err)?;
        to_array2(py, out, f.words)
    }

    /// Row-wise a².
    fn sqr_many<'py>(
        &self,
        py: Python<'py>,
        a: PyReadonlyArray2<'py, u64>,
    ) -> PyResult<Bound<'py, PyArray2<u64>>> {
        self.map_many(py, Op1::Sqr, a)
    }

    /// Row-wise √a (the field's default algorithm).
    fn sqrt_many<'py>(
        &self,
        py: Python<'py>,
        a: PyReadonlyArray2<'py, u64>,
    ) -> PyResult<Bound<'py, PyArray2<u64>>> {
        self.map_many(py, Op1::Sqrt, a)
    }

    /// Row-wise half-trace H(a) (odd d only, else `ValueError`).
    fn half_trace_many<'py>(
        &self,
        py: Python<'py>,
        a: PyReadonlyArray2<'py, u64>,
    ) -> PyResult<Bound<'py, PyArray2<u64>>> {
        self.map_many(py, Op1::HalfTrace, a)
    }

    /// Row-wise trace, a uint8 array of shape (n,).
    fn trace_many<'py>(
        &self,
        py: Python<'py>,
        a: PyReadonlyArray2<'py, u64>,
    ) -> PyResult<Bound<'py, PyArray1<u8>>> {
        let f = &*self.inner;
        let a = rows(f, "a", &a)?;
        let out = py.allow_threads(|| batch::trace(&f.dynf, &a));
        Ok(PyArray1::from_vec(py, out.map_err(to_py_err)?))
    }

    /// Row-wise root of λ² + λ = α: `(roots, solvable)`, roots of shape (n, words)
    /// (zero rows where there is no root), `solvable` a bool array of shape (n,).
    #[allow(clippy::type_complexity)]
    fn solve_many<'py>(
        &self,
        py: Python<'py>,
        a: PyReadonlyArray2<'py, u64>,
    ) -> PyResult<(Bound<'py, PyArray2<u64>>, Bound<'py, PyArray1<bool>>)> {
        let f = &*self.inner;
        let a = rows(f, "a", &a)?;
        let out = py.allow_threads(|| batch::solve(&f.dynf, &a));
        let (roots, mask) = out.map_err(to_py_err)?;
        Ok((to_array2(py, roots, f.words)?, PyArray1::from_vec(py, mask)))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<PyBinaryField>()
            .map(|o| self.inner.same(&o.get().inner))
            .unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.exponents.hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        let e: Vec<String> = self.inner.exponents.iter().map(|e| e.to_string()).collect();
        format!("BinaryField(\"{}\")", e.join(","))
    }
}

impl PyBinaryElement {
    fn other(&self, obj: &Bound<'_, PyAny>) -> PyResult<Option<Vec<u64>>> {
        if let Ok(e) = obj.downcast::<PyBinaryElement>() {
            let e = e.get();
            if !self.field.same(&e.field) {
                return Err(PyTypeError::new_err(format!(
                    "cannot mix elements of different binary fields: {} and {}",
                    describe(&self.field),
                    describe(&e.field)
                )));
            }
            return Ok(Some(e.v.clone()));
        }
        if obj.downcast::<pyo3::types::PyInt>().is_ok() {
            let v: BigInt = obj.extract()?;
            return self.field.elem_of_bigint("other", &v).map(Some);
        }
        Ok(None)
    }

    fn binop(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: impl Fn(&DynBinaryField, &[u64], &[u64]) -> halfroot::Result<Vec<u64>>,
    ) -> PyResult<PyObject> {
        match self.other(other)? {
            Some(o) => {
                let r = op(&self.field.dynf, &self.v, &o).map_err(to_py_err)?;
                Ok(Py::new(py, elem(&self.field, r))?.into_any())
            }
            None => Ok(py.NotImplemented()),
        }
    }

    fn div(&self, a: &[u64], b: &[u64]) -> PyResult<Vec<u64>> {
        if b.iter().all(|&w| w == 0) {
            return Err(PyZeroDivisionError::new_err(
                "division by zero in a binary field",
            ));
        }
        let f = &self.field.dynf;
        let inv = f.inv(b).map_err(to_py_err)?;
        f.mul(a, &inv).map_err(to_py_err)
    }
}

fn xor(a: &[u64], b: &[u64]) -> Vec<u64> {
    a.iter().zip(b).map(|(x, y)| x ^ y).collect()
}

fn describe(f: &BinInner) -> String {
    let e: Vec<String> = f.exponents.iter().map(|e| e.to_string()).collect();
    format!("GF(2^{}) mod {}", f.degree, e.join(","))
}

#[pymethods]
impl PyBinaryElement {
    /// The field of this element.
    #[getter]
    fn field(&self) -> PyBinaryField {
        PyBinaryField {
            inner: self.field.clone(),
        }
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, other, |_, a, b| Ok(xor(a, b)))
    }
    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, other, |_, a, b| Ok(xor(a, b)))
    }
    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, other, |_, a, b| Ok(xor(a, b)))
    }
    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, other, |_, a, b| Ok(xor(a, b)))
    }
    fn __mul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        // Fast path: both operands are elements (always valid) of the same field.
        if let Ok(o) = other.downcast::<PyBinaryElement>() {
            let o = o.get();
            if Arc::ptr_eq(&self.field, &o.field) {
                let mut r = vec![0u64; self.field.words];
                self.field
                    .dynf
                    .mul_rows(&self.v, &o.v, &mut r)
                    .map_err(to_py_err)?;
                return Ok(Py::new(py, elem(&self.field, r))?.into_any());
            }
        }
        self.binop(py, other, |f, a, b| f.mul(a, b))
    }
    fn __rmul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, other, |f, a, b| f.mul(b, a))
    }
    fn __truediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        match self.other(other)? {
            Some(o) => Ok(Py::new(py, elem(&self.field, self.div(&self.v, &o)?))?.into_any()),
            None => Ok(py.NotImplemented()),
        }
    }
    fn __rtruediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        match self.other(other)? {
            Some(o) => Ok(Py::new(py, elem(&self.field, self.div(&o, &self.v)?))?.into_any()),
            None => Ok(py.NotImplemented()),
        }
    }
    fn __neg__(&self) -> PyBinaryElement {
        elem(&self.field, self.v.clone())
    }
    fn __pos__(&self) -> PyBinaryElement {
        elem(&self.field, self.v.clone())
    }

    /// `a ** e` for any int e (negative: of the inverse).
    fn __pow__(
        &self,
        exponent: BigInt,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyBinaryElement> {
        if modulo.is_some_and(|m| !m.is_none()) {
            return Err(PyTypeError::new_err(
                "pow() with a modulus is not defined for field elements",
            ));
        }
        let f = &self.field.dynf;
        let base = if exponent.sign() == Sign::Minus {
            if self.v.iter().all(|&w| w == 0) {
                return Err(PyZeroDivisionError::new_err(
                    "0 has no inverse (negative exponent)",
                ));
            }
            f.inv(&self.v).map_err(to_py_err)?
        } else {
            self.v.clone()
        };
        let r = f
            .pow(&base, &exponent.magnitude().to_string())
            .map_err(to_py_err)?;
        Ok(elem(&self.field, r))
    }

    fn __richcmp__(&self, py: Python<'_>, other: &Bound<'_, PyAny>, op: CompareOp) -> PyObject {
        let eq = match other.downcast::<PyBinaryElement>() {
            Ok(o) => {
                let o = o.get();
                self.field.same(&o.field) && self.v == o.v
            }
            Err(_) => return py.NotImplemented(),
        };
        crate::eq_or_ne(py, eq, op)
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.field.exponents.hash(&mut h);
        self.v.hash(&mut h);
        h.finish()
    }

    fn __bool__(&self) -> bool {
        self.v.iter().any(|&w| w != 0)
    }

    fn __int__(&self) -> BigUint {
        BinInner::to_biguint(&self.v)
    }

    fn __index__(&self) -> BigUint {
        BinInner::to_biguint(&self.v)
    }

    /// Lowercase hexadecimal without prefix or leading zeros, as the command line
    /// prints it.
    fn hex(&self) -> String {
        self.field.dynf.format_element(&self.v)
    }

    /// The little-endian u64 words.
    fn words(&self) -> Vec<u64> {
        self.v.clone()
    }

    /// The bytes of the integer value, ⌈d/8⌉ of them, `byteorder` `"big"` or `"little"`.
    #[pyo3(signature = (byteorder = "big"))]
    fn to_bytes<'py>(&self, py: Python<'py>, byteorder: &str) -> PyResult<Bound<'py, PyBytes>> {
        let n = (self.field.degree as usize).div_ceil(8);
        let mut le: Vec<u8> = self.v.iter().flat_map(|w| w.to_le_bytes()).collect();
        le.truncate(n);
        match byteorder {
            "little" => {}
            "big" => le.reverse(),
            o => {
                return Err(bad_value(
                    "byteorder",
                    &format!("{o:?}"),
                    "expected \"big\" or \"little\"",
                ))
            }
        }
        Ok(PyBytes::new(py, &le))
    }

    fn __str__(&self) -> String {
        format!("0x{}", self.hex())
    }

    fn __repr__(&self) -> String {
        format!("GF(2^{})(0x{})", self.field.degree, self.hex())
    }

    /// The square root (unique in characteristic 2), by `algorithm` (`"fermat"`,
    /// `"zeta"`, `"ssrf"`) or the field's choice.
    #[pyo3(signature = (algorithm = None))]
    fn sqrt(&self, algorithm: Option<&str>) -> PyResult<PyBinaryElement> {
        let alg = parse_sqrt_alg(algorithm)?;
        let r = self
            .field
            .dynf
            .sqrt(&self.v, alg)
            .map_err(|e| bad_value("algorithm", &format!("{algorithm:?}"), &e.to_string()))?;
        Ok(elem(&self.field, r))
    }

    /// The trace Tr(a), 0 or 1.
    fn trace(&self) -> PyResult<u8> {
        self.field.dynf.trace(&self.v).map_err(to_py_err)
    }

    /// The half-trace H(a) (odd d only, else `ValueError`), by `method` or the field's
    /// table method.
    #[pyo3(signature = (method = None))]
    fn half_trace(&self, method: Option<&str>) -> PyResult<PyBinaryElement> {
        let m = parse_ht_method(method)?;
        let r = self
            .field
            .dynf
            .half_trace(&self.v, m)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(elem(&self.field, r))
    }

    /// The multiplicative inverse (`ZeroDivisionError` for 0).
    fn inverse(&self) -> PyResult<PyBinaryElement> {
        let one = self.field.dynf.one();
        Ok(elem(&self.field, self.div(&one, &self.v)?))
    }
}
