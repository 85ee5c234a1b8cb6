//! `halfroot.ExtensionField` (F_{q^k} = F_q\[X\]/(M), q an odd prime, 2 ≤ k ≤ 16) and
//! its elements, over [`Fqk<DynFp>`]: multiplication by a named algorithm
//! ([`MulAlgorithm`]), inversion by Itoh–Tsujii or extended Euclid, Frobenius, norm.

use crate::{bad_value, to_py_err};
use halfroot::ext::{inv, Fqk, MulAlgorithm};
use halfroot::field::Field;
use halfroot::prime::dynamic::{DynElem, DynFp};
use halfroot::prime::PrimeFieldOps;
use num_bigint::{BigInt, BigUint, Sign};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

type Elem = Vec<DynElem>;

/// The shared state of one F_{q^k}.
#[derive(Debug)]
pub(crate) struct ExtInner {
    e: Fqk<DynFp>,
    q: BigUint,
    k: usize,
    /// c_0 … c_{k−1} of the monic M = X^k + Σ c_i X^i.
    coeffs: Vec<BigUint>,
}

fn type_name(o: &Bound<'_, PyAny>) -> String {
    o.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default()
}

fn repr(o: &Bound<'_, PyAny>) -> String {
    o.repr().map(|r| r.to_string()).unwrap_or_default()
}

fn parse_alg(name: &str, a: &str) -> PyResult<MulAlgorithm> {
    a.parse::<MulAlgorithm>()
        .map_err(|e| bad_value(name, &format!("{a:?}"), &e.to_string()))
}

impl ExtInner {
    fn same(self: &Arc<Self>, o: &Arc<Self>) -> bool {
        Arc::ptr_eq(self, o) || (self.q == o.q && self.coeffs == o.coeffs)
    }

    fn base(&self) -> &DynFp {
        self.e.base()
    }

    fn coeff(&self, name: &str, obj: &Bound<'_, PyAny>) -> PyResult<DynElem> {
        let v: BigInt = obj.extract().map_err(|_| {
            PyTypeError::new_err(format!("{name}: expected an int, got {}", type_name(obj)))
        })?;
        match v.to_biguint() {
            Some(u) if u < self.q => self.base().from_biguint(&u).map_err(to_py_err),
            _ => Err(bad_value(
                name,
                &v.to_string(),
                &format!("a coefficient is an int in [0, q), q = {}", self.q),
            )),
        }
    }

    /// An element from an int (a constant) or a list/tuple of at most k coefficients,
    /// constant term first.
    fn parse_py(&self, name: &str, obj: &Bound<'_, PyAny>) -> PyResult<Elem> {
        if obj.downcast::<PyInt>().is_ok() {
            let c = self.coeff(name, obj)?;
            return Ok(self.e.from_base(&c));
        }
        if obj.downcast::<PyList>().is_ok() || obj.downcast::<PyTuple>().is_ok() {
            let items: Vec<Bound<'_, PyAny>> = obj.extract()?;
            if items.len() > self.k {
                return Err(bad_value(
                    name,
                    &repr(obj),
                    &format!(
                        "an element of GF(q^{}) has at most {} coefficients (constant term first)",
                        self.k, self.k
                    ),
                ));
            }
            let mut v = self.e.zero();
            for (i, it) in items.iter().enumerate() {
                v[i] = self.coeff(&format!("{name}[{i}]"), it)?;
            }
            return Ok(v);
        }
        Err(PyTypeError::new_err(format!(
            "{name}: expected an ExtensionFieldElement, int or list of coefficients, got {}",
            type_name(obj)
        )))
    }

    fn ints(&self, a: &Elem) -> Vec<BigUint> {
        self.e.to_coeffs(a)
    }

    fn describe(&self) -> String {
        format!("GF({}^{}) mod {}", self.q, self.k, self.poly_text())
    }

    fn poly_text(&self) -> String {
        let mut t = format!("X^{}", self.k);
        for (i, c) in self.coeffs.iter().enumerate().rev() {
            if *c == BigUint::default() {
                continue;
            }
            let mon = match i {
                0 => String::new(),
                1 => "*X".to_string(),
                _ => format!("*X^{i}"),
            };
            t.push_str(&format!(" + {c}{mon}"));
        }
        t
    }
}

/// The field F_{q^k} = F_q\[X\]/(M).
#[pyclass(frozen, module = "halfroot._halfroot", name = "ExtensionField")]
pub struct PyExtensionField {
    inner: Arc<ExtInner>,
}

/// An element of a [`PyExtensionField`]: k coefficients, constant term first.
#[pyclass(frozen, module = "halfroot._halfroot", name = "ExtensionFieldElement")]
pub struct PyExtElement {
    field: Arc<ExtInner>,
    v: Elem,
}

fn xel(field: &Arc<ExtInner>, v: Elem) -> PyExtElement {
    PyExtElement {
        field: field.clone(),
        v,
    }
}

fn build(base: DynFp, k: i64, modulus: Option<&Bound<'_, PyAny>>) -> PyResult<Fqk<DynFp>> {
    let kk = usize::try_from(k)
        .ok()
        .filter(|k| (2..=halfroot::ext::MAX_DEGREE).contains(k))
        .ok_or_else(|| {
            bad_value(
                "k",
                &k.to_string(),
                &format!("the degree must be in 2..={}", halfroot::ext::MAX_DEGREE),
            )
        })?;
    let modv = modulus.filter(|m| !m.is_none());
    let Some(m) = modv else {
        return Fqk::with_default_modulus(base, kk)
            .map_err(|e| bad_value("modulus", "None", &e.to_string()));
    };
    if let Ok(s) = m.downcast::<PyString>() {
        let t: String = s.extract()?;
        if t.trim() == "auto" {
            return Fqk::with_default_modulus(base, kk)
                .map_err(|e| bad_value("modulus", "'auto'", &e.to_string()));
        }
        return Err(bad_value(
            "modulus",
            &repr(m),
            "expected None or \"auto\", an int alpha (M = X^k - alpha) or a list of coefficients",
        ));
    }
    let bad = |e: halfroot::Error| bad_value("modulus", &repr(m), &e.to_string());
    if m.downcast::<PyInt>().is_ok() {
        let a: BigInt = m.extract()?;
        let q = BigInt::from(base.modulus().clone());
        // α may be given negative (X^k + 3 is alpha = -3).
        let a = ((a % &q) + &q) % &q;
        let a = a.to_biguint().unwrap_or_default();
        return Fqk::binomial(base, kk, &a).map_err(bad);
    }
    if m.downcast::<PyList>().is_ok() || m.downcast::<PyTuple>().is_ok() {
        let cs: Vec<BigInt> = m
            .extract()
            .map_err(|_| bad_value("modulus", &repr(m), "expected a list of int coefficients"))?;
        let mut cs = cs;
        // k + 1 coefficients: the full monic M, constant term first.
        if cs.len() == kk + 1 {
            if cs[kk] != BigInt::from(1) {
                return Err(bad_value(
                    "modulus",
                    &repr(m),
                    "with k + 1 coefficients (constant term first) the last must be 1: M is monic",
                ));
            }
            cs.pop();
        }
        if cs.len() != kk {
            return Err(bad_value(
                "modulus",
                &repr(m),
                &format!(
                    "M = X^{kk} + c_{}X^{} + ... + c_0 needs the {kk} coefficients [c_0, ..., c_{}] (or {} with the leading 1)",
                    kk - 1,
                    kk - 1,
                    kk - 1,
                    kk + 1
                ),
            ));
        }
        let q = BigInt::from(base.modulus().clone());
        let cs: Vec<BigUint> = cs
            .iter()
            .map(|c| (((c % &q) + &q) % &q).to_biguint().unwrap_or_default())
            .collect();
        return Fqk::new(base, &cs).map_err(bad);
    }
    Err(PyTypeError::new_err(format!(
        "modulus: expected None, \"auto\", an int or a list of coefficients, got {}",
        type_name(m)
    )))
}

#[pymethods]
impl PyExtensionField {
    /// `ExtensionField(q, k, modulus=None, algorithm=None)`.
    #[new]
    #[pyo3(signature = (q, k, modulus = None, algorithm = None))]
    fn py_new(
        q: &Bound<'_, PyAny>,
        k: i64,
        modulus: Option<&Bound<'_, PyAny>>,
        algorithm: Option<&str>,
    ) -> PyResult<Self> {
        let qv: BigInt = q.extract().map_err(|_| {
            PyTypeError::new_err(format!("q: expected an int, got {}", type_name(q)))
        })?;
        let qu = qv
            .to_biguint()
            .ok_or_else(|| bad_value("q", &qv.to_string(), "must be an odd prime"))?;
        let base = DynFp::new(&qu).map_err(|e| bad_value("q", &qv.to_string(), &e.to_string()))?;
        let mut e = build(base, k, modulus)?;
        if let Some(a) = algorithm {
            let alg = parse_alg("algorithm", a)?;
            e.set_algorithm(alg)
                .map_err(|err| bad_value("algorithm", &format!("{a:?}"), &err.to_string()))?;
        }
        let coeffs = e
            .modulus()
            .coeffs()
            .iter()
            .map(|c| e.base().to_biguint(c))
            .collect();
        Ok(PyExtensionField {
            inner: Arc::new(ExtInner {
                k: e.degree(),
                q: qu,
                coeffs,
                e,
            }),
        })
    }

    /// `F(value)`: an int (a constant of F_q), a list/tuple of at most k coefficients
    /// (constant term first) or an element of this field.
    fn __call__(&self, value: &Bound<'_, PyAny>) -> PyResult<PyExtElement> {
        if let Ok(e) = value.downcast::<PyExtElement>() {
            let e = e.get();
            if !self.inner.same(&e.field) {
                return Err(PyTypeError::new_err(format!(
                    "value: element of {} given to {}",
                    e.field.describe(),
                    self.inner.describe()
                )));
            }
            return Ok(xel(&self.inner, e.v.clone()));
        }
        Ok(xel(&self.inner, self.inner.parse_py("value", value)?))
    }

    /// The prime q of the base field.
    #[getter]
    fn q(&self) -> BigUint {
        self.inner.q.clone()
    }

    /// q.
    #[getter]
    fn characteristic(&self) -> BigUint {
        self.inner.q.clone()
    }

    /// The degree k over F_q.
    #[getter]
    fn degree(&self) -> usize {
        self.inner.k
    }

    /// q^k.
    #[getter]
    fn order(&self) -> BigUint {
        num_traits::pow(self.inner.q.clone(), self.inner.k)
    }

    /// The monic modulus M as k + 1 coefficients, constant term first (the last is 1).
    #[getter]
    fn modulus(&self) -> Vec<BigUint> {
        let mut v = self.inner.coeffs.clone();
        v.push(BigUint::from(1u8));
        v
    }

    /// α when M = X^k − α, else `None`.
    #[getter]
    fn alpha(&self) -> Option<BigUint> {
        let e = &self.inner.e;
        e.modulus().alpha().map(|a| e.base().to_biguint(a))
    }

    /// The multiplication algorithm in use (`auto` resolved).
    #[getter]
    fn algorithm(&self) -> &'static str {
        self.inner.e.algorithm().name()
    }

    /// The multiplication algorithms that apply to this (k, q).
    fn algorithms(&self) -> Vec<&'static str> {
        MulAlgorithm::ALL
            .iter()
            .filter(|a| **a != MulAlgorithm::Auto && a.supports(self.inner.k, &self.inner.q))
            .map(|a| a.name())
            .collect()
    }

    /// The zero element.
    #[getter]
    fn zero(&self) -> PyExtElement {
        xel(&self.inner, self.inner.e.zero())
    }

    /// The unit element.
    #[getter]
    fn one(&self) -> PyExtElement {
        xel(&self.inner, self.inner.e.one())
    }

    /// The class of X, a root of M.
    #[getter]
    fn gen(&self) -> PyExtElement {
        let e = &self.inner.e;
        let mut v = e.zero();
        v[1] = e.base().one();
        xel(&self.inner, v)
    }

    /// A uniformly random element.
    fn random(&self) -> PyExtElement {
        let mut rng = rand::thread_rng();
        xel(&self.inner, self.inner.e.random(&mut rng))
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<PyExtensionField>()
            .map(|o| self.inner.same(&o.get().inner))
            .unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.q.hash(&mut h);
        self.inner.coeffs.hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        let c: Vec<String> = self.inner.coeffs.iter().map(|c| c.to_string()).collect();
        format!(
            "ExtensionField({}, {}, [{}])",
            self.inner.q,
            self.inner.k,
            c.join(", ")
        )
    }
}

impl PyExtElement {
    fn other(&self, obj: &Bound<'_, PyAny>) -> PyResult<Option<Elem>> {
        if let Ok(e) = obj.downcast::<PyExtElement>() {
            let e = e.get();
            if !self.field.same(&e.field) {
                return Err(PyTypeError::new_err(format!(
                    "cannot mix elements of {} and {}",
                    self.field.describe(),
                    e.field.describe()
                )));
            }
            return Ok(Some(e.v.clone()));
        }
        if obj.downcast::<PyInt>().is_ok()
            || obj.downcast::<PyList>().is_ok()
            || obj.downcast::<PyTuple>().is_ok()
        {
            return self.field.parse_py("other", obj).map(Some);
        }
        Ok(None)
    }

    fn binop(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: impl Fn(&Fqk<DynFp>, &Elem, &Elem) -> PyResult<Elem>,
    ) -> PyResult<PyObject> {
        match self.other(other)? {
            Some(o) => {
                Ok(Py::new(py, xel(&self.field, op(&self.field.e, &self.v, &o)?))?.into_any())
            }
            None => Ok(py.NotImplemented()),
        }
    }
}

fn ext_div(e: &Fqk<DynFp>, a: &Elem, b: &Elem) -> PyResult<Elem> {
    match e.inv(b) {
        Some(i) => Ok(e.mul(a, &i)),
        None => Err(PyZeroDivisionError::new_err(
            "division by zero in an extension field",
        )),
    }
}

#[pymethods]
impl PyExtElement {
    /// The field of this element.
    #[getter]
    fn field(&self) -> PyExtensionField {
        PyExtensionField {
            inner: self.field.clone(),
        }
    }

    /// The k coefficients, constant term first, as a list of ints in [0, q).
    #[getter]
    fn coefficients(&self) -> Vec<BigUint> {
        self.field.ints(&self.v)
    }

    /// The integer Σ c_i q^i (as `galois` represents elements of GF(q^k)).
    fn __int__(&self) -> BigUint {
        let mut acc = BigUint::default();
        for c in self.field.ints(&self.v).iter().rev() {
            acc = acc * &self.field.q + c;
        }
        acc
    }

    fn __add__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |e, a, b| Ok(e.add(a, b)))
    }
    fn __radd__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |e, a, b| Ok(e.add(b, a)))
    }
    fn __sub__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |e, a, b| Ok(e.sub(a, b)))
    }
    fn __rsub__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |e, a, b| Ok(e.sub(b, a)))
    }
    fn __mul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |e, a, b| Ok(e.mul(a, b)))
    }
    fn __rmul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |e, a, b| Ok(e.mul(b, a)))
    }
    fn __truediv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, ext_div)
    }
    fn __rtruediv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |e, a, b| ext_div(e, b, a))
    }
    fn __neg__(&self) -> PyExtElement {
        xel(&self.field, self.field.e.neg(&self.v))
    }
    fn __pos__(&self) -> PyExtElement {
        xel(&self.field, self.v.clone())
    }

    /// `a ** n` for any int n (negative: of the inverse).
    fn __pow__(
        &self,
        exponent: BigInt,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyExtElement> {
        if modulo.is_some_and(|m| !m.is_none()) {
            return Err(PyTypeError::new_err(
                "pow() with a modulus is not defined for field elements",
            ));
        }
        let e = &self.field.e;
        let base = if exponent.sign() == Sign::Minus {
            e.inv(&self.v).ok_or_else(|| {
                PyZeroDivisionError::new_err("0 has no inverse (negative exponent)")
            })?
        } else {
            self.v.clone()
        };
        Ok(xel(
            &self.field,
            e.pow_vartime(&base, &exponent.magnitude().to_u64_digits()),
        ))
    }

    fn __richcmp__(&self, py: Python<'_>, other: &Bound<'_, PyAny>, op: CompareOp) -> PyObject {
        let eq = match other.downcast::<PyExtElement>() {
            Ok(o) => {
                let o = o.get();
                self.field.same(&o.field) && self.v == o.v
            }
            Err(_) => return py.NotImplemented(),
        };
        let r = match op {
            CompareOp::Eq => eq,
            CompareOp::Ne => !eq,
            _ => return py.NotImplemented(),
        };
        match r.into_pyobject(py) {
            Ok(b) => b.to_owned().into_any().unbind(),
            Err(never) => match never {},
        }
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.field.q.hash(&mut h);
        self.field.coeffs.hash(&mut h);
        self.field.ints(&self.v).hash(&mut h);
        h.finish()
    }

    fn __bool__(&self) -> bool {
        !self.field.e.is_zero(&self.v)
    }

    fn __repr__(&self) -> String {
        let c: Vec<String> = self
            .field
            .ints(&self.v)
            .iter()
            .map(|c| c.to_string())
            .collect();
        format!("GF({}^{})([{}])", self.field.q, self.field.k, c.join(", "))
    }

    fn __str__(&self) -> String {
        let mut parts = Vec::new();
        for (i, c) in self.field.ints(&self.v).iter().enumerate().rev() {
            if *c == BigUint::default() {
                continue;
            }
            parts.push(match i {
                0 => c.to_string(),
                1 => format!("{c}*X"),
                _ => format!("{c}*X^{i}"),
            });
        }
        if parts.is_empty() {
            "0".into()
        } else {
            parts.join(" + ")
        }
    }

    /// `a * b` by a named multiplication algorithm (`schoolbook`, `karatsuba`,
    /// `montgomery`, `newton`, `auto`), or the field's.
    #[pyo3(signature = (other, algorithm = None))]
    fn mul(&self, other: &Bound<'_, PyAny>, algorithm: Option<&str>) -> PyResult<PyExtElement> {
        let o = self.other(other)?.ok_or_else(|| {
            PyTypeError::new_err(format!(
                "other: expected an ExtensionFieldElement, int or list of coefficients, got {}",
                type_name(other)
            ))
        })?;
        let e = &self.field.e;
        let r = match algorithm {
            None => e.mul(&self.v, &o),
            Some(a) => {
                let alg = parse_alg("algorithm", a)?;
                alg.resolve(self.field.k, &self.field.q)
                    .map_err(|err| bad_value("algorithm", &format!("{a:?}"), &err.to_string()))?;
                e.mul_with(alg, &self.v, &o)
            }
        };
        Ok(xel(&self.field, r))
    }

    /// `a²` by a named algorithm's squaring, or the field's.
    #[pyo3(signature = (algorithm = None))]
    fn square(&self, algorithm: Option<&str>) -> PyResult<PyExtElement> {
        let e = &self.field.e;
        let r = match algorithm {
            None => e.sqr(&self.v),
            Some(a) => {
                let alg = parse_alg("algorithm", a)?;
                alg.resolve(self.field.k, &self.field.q)
                    .map_err(|err| bad_value("algorithm", &format!("{a:?}"), &err.to_string()))?;
                e.sqr_with(alg, &self.v)
            }
        };
        Ok(xel(&self.field, r))
    }

    /// The Frobenius image a^(q^i) (i taken mod k; negative i allowed).
    #[pyo3(signature = (i = 1))]
    fn frobenius(&self, i: i64) -> PyExtElement {
        let k = self.field.k as i64;
        let i = i.rem_euclid(k) as usize;
        xel(&self.field, self.field.e.frobenius(&self.v, i))
    }

    /// The norm N(a) = a · a^q ⋯ a^(q^(k−1)), an int in [0, q).
    fn norm(&self) -> BigUint {
        let e = &self.field.e;
        e.base().to_biguint(&e.norm(&self.v))
    }

    /// The multiplicative inverse (`ZeroDivisionError` for 0), by `method`
    /// `"itoh-tsujii"` (default, via the norm) or `"euclid"` (extended Euclid, variable
    /// time).
    #[pyo3(signature = (method = None))]
    fn inverse(&self, method: Option<&str>) -> PyResult<PyExtElement> {
        let e = &self.field.e;
        let r = match method.map(str::trim) {
            None | Some("itoh-tsujii") | Some("itoh_tsujii") => inv::inv_itoh_tsujii(e, &self.v),
            Some("euclid") => inv::inv_euclid_vartime(e, &self.v),
            Some(m) => {
                return Err(bad_value(
                    "method",
                    &format!("{m:?}"),
                    "expected \"itoh-tsujii\" or \"euclid\"",
                ))
            }
        };
        r.map(|v| xel(&self.field, v))
            .ok_or_else(|| PyZeroDivisionError::new_err("0 has no inverse in an extension field"))
    }
}
