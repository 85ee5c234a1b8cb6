//! `halfroot.PrimeField` (GF(p)) and `halfroot.QuadraticField` (GF(p²) =
//! GF(p)\[w\]/(w² − c)) with their elements, through [`DynFp`] and [`Fp2<DynFp>`].
//! Square roots return the smaller root (as the command line prints) or `None` for a
//! non-square.

use crate::{bad_value, to_py_err};
use halfroot::field::Field;
use halfroot::prime::dynamic::{DynElem, DynFp};
use halfroot::prime::sqrt::{sqrt_smaller, SqrtAlgorithm, SqrtContext};
use halfroot::prime::PrimeFieldOps;
use halfroot::prime2::qr::legendre_via_norm;
use halfroot::prime2::sqrt::{Fp2SqrtAlgorithm, Fp2SqrtContext};
use halfroot::prime2::{Fp2, Fp2Elem, QuadraticExtension};
use num_bigint::{BigInt, BigUint, Sign};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyTuple};
use std::hash::{Hash, Hasher};
use std::sync::{Arc, OnceLock};

/// The shared state of one GF(p).
#[derive(Debug)]
pub(crate) struct PrimeInner {
    f: DynFp,
    p: BigUint,
    ctx: OnceLock<Result<SqrtContext<DynElem>, String>>,
}

impl PrimeInner {
    fn new(p: &Bound<'_, PyAny>) -> PyResult<Self> {
        let v: BigInt = p.extract().map_err(|_| {
            PyTypeError::new_err(format!("p: expected an int, got {}", type_name(p)))
        })?;
        let text = v.to_string();
        let pu = v
            .to_biguint()
            .ok_or_else(|| bad_value("p", &text, "must be an odd prime"))?;
        let f = DynFp::new(&pu).map_err(|e| bad_value("p", &text, &e.to_string()))?;
        Ok(PrimeInner {
            f,
            p: pu,
            ctx: OnceLock::new(),
        })
    }

    fn same(self: &Arc<Self>, o: &Arc<Self>) -> bool {
        Arc::ptr_eq(self, o) || self.p == o.p
    }

    fn int(&self, name: &str, obj: &Bound<'_, PyAny>) -> PyResult<DynElem> {
        let v: BigInt = obj.extract().map_err(|_| {
            PyTypeError::new_err(format!("{name}: expected an int, got {}", type_name(obj)))
        })?;
        self.elem_of_bigint(name, &v)
    }

    fn elem_of_bigint(&self, name: &str, v: &BigInt) -> PyResult<DynElem> {
        match v.to_biguint() {
            Some(u) if u < self.p => self.f.from_biguint(&u).map_err(to_py_err),
            _ => Err(bad_value(
                name,
                &v.to_string(),
                &format!("an element of GF(p) is an int in [0, p), p = {}", self.p),
            )),
        }
    }

    fn ctx(&self) -> PyResult<&SqrtContext<DynElem>> {
        self.ctx
            .get_or_init(|| SqrtContext::new(&self.f).map_err(|e| e.to_string()))
            .as_ref()
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.clone()))
    }
}

fn type_name(o: &Bound<'_, PyAny>) -> String {
    o.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default()
}

fn exponent_words(e: &BigInt) -> Vec<u64> {
    e.magnitude().to_u64_digits()
}

fn check_modulo(modulo: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    if modulo.is_some_and(|m| !m.is_none()) {
        return Err(PyTypeError::new_err(
            "pow() with a modulus is not defined for field elements",
        ));
    }
    Ok(())
}

/// The prime field GF(p) for an odd prime p (at most 2048 bits).
#[pyclass(frozen, module = "halfroot._halfroot", name = "PrimeField")]
pub struct PyPrimeField {
    inner: Arc<PrimeInner>,
}

/// An element of a [`PyPrimeField`].
#[pyclass(frozen, module = "halfroot._halfroot", name = "PrimeFieldElement")]
pub struct PyPrimeElement {
    field: Arc<PrimeInner>,
    v: DynElem,
}

fn pel(field: &Arc<PrimeInner>, v: DynElem) -> PyPrimeElement {
    PyPrimeElement {
        field: field.clone(),
        v,
    }
}

#[pymethods]
impl PyPrimeField {
    /// `PrimeField(p)` for an odd prime p (checked; `ValueError` otherwise).
    #[new]
    fn py_new(p: &Bound<'_, PyAny>) -> PyResult<Self> {
        Ok(PyPrimeField {
            inner: Arc::new(PrimeInner::new(p)?),
        })
    }

    /// `F(v)` for an int v in [0, p) or an element of this field.
    fn __call__(&self, value: &Bound<'_, PyAny>) -> PyResult<PyPrimeElement> {
        if let Ok(e) = value.downcast::<PyPrimeElement>() {
            let e = e.get();
            if !self.inner.same(&e.field) {
                return Err(PyTypeError::new_err(
                    "value: element of a different prime field",
                ));
            }
            return Ok(pel(&self.inner, e.v.clone()));
        }
        Ok(pel(&self.inner, self.inner.int("value", value)?))
    }

    /// The prime p.
    #[getter]
    fn p(&self) -> BigUint {
        self.inner.p.clone()
    }

    /// p.
    #[getter]
    fn characteristic(&self) -> BigUint {
        self.inner.p.clone()
    }

    /// p (the number of elements).
    #[getter]
    fn order(&self) -> BigUint {
        self.inner.p.clone()
    }

    /// A uniformly random element.
    fn random(&self) -> PyPrimeElement {
        let mut rng = rand::thread_rng();
        pel(&self.inner, self.inner.f.random(&mut rng))
    }

    /// The square-root algorithm chosen for this p.
    fn sqrt_algorithm(&self) -> &'static str {
        SqrtAlgorithm::auto(&self.inner.p).name()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<PyPrimeField>()
            .map(|o| self.inner.same(&o.get().inner))
            .unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.p.hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        format!("PrimeField({})", self.inner.p)
    }
}

impl PyPrimeElement {
    fn other(&self, obj: &Bound<'_, PyAny>) -> PyResult<Option<DynElem>> {
        if let Ok(e) = obj.downcast::<PyPrimeElement>() {
            let e = e.get();
            if !self.field.same(&e.field) {
                return Err(PyTypeError::new_err(format!(
                    "cannot mix elements of GF({}) and GF({})",
                    self.field.p, e.field.p
                )));
            }
            return Ok(Some(e.v.clone()));
        }
        if obj.downcast::<PyInt>().is_ok() {
            return self.field.int("other", obj).map(Some);
        }
        Ok(None)
    }

    fn binop(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: impl Fn(&DynFp, &DynElem, &DynElem) -> PyResult<DynElem>,
    ) -> PyResult<PyObject> {
        match self.other(other)? {
            Some(o) => {
                Ok(Py::new(py, pel(&self.field, op(&self.field.f, &self.v, &o)?))?.into_any())
            }
            None => Ok(py.NotImplemented()),
        }
    }
}

fn fp_div(f: &DynFp, a: &DynElem, b: &DynElem) -> PyResult<DynElem> {
    match f.inv(b) {
        Some(i) => Ok(f.mul(a, &i)),
        None => Err(PyZeroDivisionError::new_err("division by zero in GF(p)")),
    }
}

#[pymethods]
impl PyPrimeElement {
    /// The field of this element.
    #[getter]
    fn field(&self) -> PyPrimeField {
        PyPrimeField {
            inner: self.field.clone(),
        }
    }

    fn __add__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |f, a, b| Ok(f.add(a, b)))
    }
    fn __radd__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |f, a, b| Ok(f.add(b, a)))
    }
    fn __sub__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |f, a, b| Ok(f.sub(a, b)))
    }
    fn __rsub__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |f, a, b| Ok(f.sub(b, a)))
    }
    fn __mul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |f, a, b| Ok(f.mul(a, b)))
    }
    fn __rmul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |f, a, b| Ok(f.mul(b, a)))
    }
    fn __truediv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, fp_div)
    }
    fn __rtruediv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |f, a, b| fp_div(f, b, a))
    }
    fn __neg__(&self) -> PyPrimeElement {
        pel(&self.field, self.field.f.neg(&self.v))
    }

    fn __pow__(
        &self,
        exponent: BigInt,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyPrimeElement> {
        check_modulo(modulo)?;
        let f = &self.field.f;
        let base = if exponent.sign() == Sign::Minus {
            f.inv(&self.v).ok_or_else(|| {
                PyZeroDivisionError::new_err("0 has no inverse (negative exponent)")
            })?
        } else {
            self.v.clone()
        };
        Ok(pel(
            &self.field,
            f.pow_vartime(&base, &exponent_words(&exponent)),
        ))
    }

    fn __richcmp__(&self, py: Python<'_>, other: &Bound<'_, PyAny>, op: CompareOp) -> PyObject {
        match other.downcast::<PyPrimeElement>() {
            Ok(o) => {
                let o = o.get();
                crate::eq_or_ne(py, self.field.same(&o.field) && self.v == o.v, op)
            }
            Err(_) => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.field.p.hash(&mut h);
        self.field.f.to_biguint(&self.v).hash(&mut h);
        h.finish()
    }

    fn __bool__(&self) -> bool {
        !self.field.f.is_zero(&self.v)
    }

    fn __int__(&self) -> BigUint {
        self.field.f.to_biguint(&self.v)
    }

    fn __index__(&self) -> BigUint {
        self.field.f.to_biguint(&self.v)
    }

    fn __str__(&self) -> String {
        self.field.f.to_biguint(&self.v).to_string()
    }

    fn __repr__(&self) -> String {
        format!("GF({})({})", self.field.p, self.__str__())
    }

    /// The Legendre symbol (a/p): 1, −1, or 0 for a = 0.
    fn legendre(&self) -> i8 {
        self.field.f.legendre(&self.v)
    }

    /// True for 0 and the quadratic residues.
    fn is_square(&self) -> bool {
        self.legendre() != -1
    }

    /// The smaller square root (as an int in [0, p)), or `None` for a non-residue;
    /// by `algorithm` (`"p3mod4"`, `"atkin"`, `"tonelli-shanks"`, … as the command
    /// line names them) or the one chosen for p.
    #[pyo3(signature = (algorithm = None))]
    fn sqrt(&self, algorithm: Option<&str>) -> PyResult<Option<PyPrimeElement>> {
        let inner = &*self.field;
        let alg = SqrtAlgorithm::choose(algorithm.unwrap_or("auto"), &inner.p)
            .map_err(|e| bad_value("algorithm", &format!("{algorithm:?}"), &e.to_string()))?;
        let ctx = inner.ctx()?;
        let r = alg
            .sqrt_vartime(&inner.f, ctx, &self.v)
            .map_err(|e| bad_value("algorithm", &format!("{algorithm:?}"), &e.to_string()))?;
        Ok(r.map(|r| pel(&self.field, sqrt_smaller(&inner.f, &r))))
    }

    /// The multiplicative inverse (`ZeroDivisionError` for 0).
    fn inverse(&self) -> PyResult<PyPrimeElement> {
        let f = &self.field.f;
        Ok(pel(&self.field, fp_div(f, &f.one(), &self.v)?))
    }
}

/// The shared state of one GF(p²).
#[derive(Debug)]
pub(crate) struct QuadInner {
    base: PrimeInner,
    q: Fp2<DynFp>,
    c: BigUint,
    ctx: OnceLock<Result<Fp2SqrtContext<DynElem>, String>>,
}

impl QuadInner {
    fn same(self: &Arc<Self>, o: &Arc<Self>) -> bool {
        Arc::ptr_eq(self, o) || (self.base.p == o.base.p && self.c == o.c)
    }

    fn ctx(&self) -> PyResult<&Fp2SqrtContext<DynElem>> {
        self.ctx
            .get_or_init(|| Fp2SqrtContext::new(&self.q).map_err(|e| e.to_string()))
            .as_ref()
            .map_err(|e| pyo3::exceptions::PyValueError::new_err(e.clone()))
    }

    /// An element from an int (embedded), an (a0, a1) tuple meaning a0 + a1·w.
    fn parse_py(&self, name: &str, obj: &Bound<'_, PyAny>) -> PyResult<Fp2Elem<DynElem>> {
        if let Ok(t) = obj.downcast::<PyTuple>() {
            if t.len() != 2 {
                return Err(bad_value(
                    name,
                    &obj.repr().map(|r| r.to_string()).unwrap_or_default(),
                    "expected a pair (a0, a1) meaning a0 + a1*w",
                ));
            }
            let a0 = self.base.int(&format!("{name}[0]"), &t.get_item(0)?)?;
            let a1 = self.base.int(&format!("{name}[1]"), &t.get_item(1)?)?;
            return Ok(self.q.elem(a0, a1));
        }
        if obj.downcast::<PyInt>().is_ok() {
            let a0 = self.base.int(name, obj)?;
            return Ok(self.q.embed(&a0));
        }
        Err(PyTypeError::new_err(format!(
            "{name}: expected a QuadraticFieldElement, int or (a0, a1) tuple, got {}",
            type_name(obj)
        )))
    }

    fn ints(&self, a: &Fp2Elem<DynElem>) -> (BigUint, BigUint) {
        (self.base.f.to_biguint(&a.c0), self.base.f.to_biguint(&a.c1))
    }
}

/// GF(p²) = GF(p)\[w\]/(w² − c) for an odd prime p and a non-square c.
#[pyclass(frozen, module = "halfroot._halfroot", name = "QuadraticField")]
pub struct PyQuadraticField {
    inner: Arc<QuadInner>,
}

/// An element a0 + a1·w of a [`PyQuadraticField`].
#[pyclass(frozen, module = "halfroot._halfroot", name = "QuadraticFieldElement")]
pub struct PyQuadraticElement {
    field: Arc<QuadInner>,
    v: Fp2Elem<DynElem>,
}

fn qel(field: &Arc<QuadInner>, v: Fp2Elem<DynElem>) -> PyQuadraticElement {
    PyQuadraticElement {
        field: field.clone(),
        v,
    }
}

#[pymethods]
impl PyQuadraticField {
    /// `QuadraticField(p, c)`: GF(p)\[w\]/(w² − c); `ValueError` if p is not an odd
    /// prime or c is zero or a square modulo p.
    #[new]
    fn py_new(p: &Bound<'_, PyAny>, c: &Bound<'_, PyAny>) -> PyResult<Self> {
        let base = PrimeInner::new(p)?;
        let cv: BigInt = c.extract().map_err(|_| {
            PyTypeError::new_err(format!("c: expected an int, got {}", type_name(c)))
        })?;
        let ce = base.elem_of_bigint("c", &cv)?;
        let q = Fp2::new(base.f.clone(), ce)
            .map_err(|e| bad_value("c", &cv.to_string(), &e.to_string()))?;
        let c = cv.to_biguint().unwrap_or_default();
        Ok(PyQuadraticField {
            inner: Arc::new(QuadInner {
                base,
                q,
                c,
                ctx: OnceLock::new(),
            }),
        })
    }

    /// `F(v)` for an int (in GF(p)), a pair `(a0, a1)` meaning a0 + a1·w, or an
    /// element of this field.
    fn __call__(&self, value: &Bound<'_, PyAny>) -> PyResult<PyQuadraticElement> {
        if let Ok(e) = value.downcast::<PyQuadraticElement>() {
            let e = e.get();
            if !self.inner.same(&e.field) {
                return Err(PyTypeError::new_err(
                    "value: element of a different GF(p^2)",
                ));
            }
            return Ok(qel(&self.inner, e.v.clone()));
        }
        Ok(qel(&self.inner, self.inner.parse_py("value", value)?))
    }

    /// The prime p.
    #[getter]
    fn p(&self) -> BigUint {
        self.inner.base.p.clone()
    }

    /// The non-square c with w² = c.
    #[getter]
    fn c(&self) -> BigUint {
        self.inner.c.clone()
    }

    /// p.
    #[getter]
    fn characteristic(&self) -> BigUint {
        self.inner.base.p.clone()
    }

    /// p² (the number of elements).
    #[getter]
    fn order(&self) -> BigUint {
        &self.inner.base.p * &self.inner.base.p
    }

    /// A uniformly random element.
    fn random(&self) -> PyQuadraticElement {
        let mut rng = rand::thread_rng();
        qel(&self.inner, self.inner.q.random(&mut rng))
    }

    /// The square-root algorithm chosen for this p.
    fn sqrt_algorithm(&self) -> &'static str {
        Fp2SqrtAlgorithm::auto(&self.inner.base.p).name()
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<PyQuadraticField>()
            .map(|o| self.inner.same(&o.get().inner))
            .unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.base.p.hash(&mut h);
        self.inner.c.hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        format!("QuadraticField({}, {})", self.inner.base.p, self.inner.c)
    }
}

type Fp2E = Fp2Elem<DynElem>;

impl PyQuadraticElement {
    fn other(&self, obj: &Bound<'_, PyAny>) -> PyResult<Option<Fp2E>> {
        if let Ok(e) = obj.downcast::<PyQuadraticElement>() {
            let e = e.get();
            if !self.field.same(&e.field) {
                return Err(PyTypeError::new_err(format!(
                    "cannot mix elements of GF({}^2) (c = {}) and GF({}^2) (c = {})",
                    self.field.base.p, self.field.c, e.field.base.p, e.field.c
                )));
            }
            return Ok(Some(e.v.clone()));
        }
        if obj.downcast::<PyInt>().is_ok() || obj.downcast::<PyTuple>().is_ok() {
            return self.field.parse_py("other", obj).map(Some);
        }
        Ok(None)
    }

    fn binop(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: impl Fn(&Fp2<DynFp>, &Fp2E, &Fp2E) -> PyResult<Fp2E>,
    ) -> PyResult<PyObject> {
        match self.other(other)? {
            Some(o) => {
                Ok(Py::new(py, qel(&self.field, op(&self.field.q, &self.v, &o)?))?.into_any())
            }
            None => Ok(py.NotImplemented()),
        }
    }
}

fn q_div(q: &Fp2<DynFp>, a: &Fp2E, b: &Fp2E) -> PyResult<Fp2E> {
    match q.inv(b) {
        Some(i) => Ok(q.mul(a, &i)),
        None => Err(PyZeroDivisionError::new_err("division by zero in GF(p^2)")),
    }
}

#[pymethods]
impl PyQuadraticElement {
    /// The field of this element.
    #[getter]
    fn field(&self) -> PyQuadraticField {
        PyQuadraticField {
            inner: self.field.clone(),
        }
    }

    /// The coefficients (a0, a1) of a0 + a1·w.
    #[getter]
    fn coefficients(&self) -> (BigUint, BigUint) {
        self.field.ints(&self.v)
    }

    fn __add__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |q, a, b| Ok(q.add(a, b)))
    }
    fn __radd__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |q, a, b| Ok(q.add(b, a)))
    }
    fn __sub__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |q, a, b| Ok(q.sub(a, b)))
    }
    fn __rsub__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |q, a, b| Ok(q.sub(b, a)))
    }
    fn __mul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |q, a, b| Ok(q.mul(a, b)))
    }
    fn __rmul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |q, a, b| Ok(q.mul(b, a)))
    }
    fn __truediv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, q_div)
    }
    fn __rtruediv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |q, a, b| q_div(q, b, a))
    }
    fn __neg__(&self) -> PyQuadraticElement {
        qel(&self.field, self.field.q.neg(&self.v))
    }

    fn __pow__(
        &self,
        exponent: BigInt,
        modulo: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyQuadraticElement> {
        check_modulo(modulo)?;
        let q = &self.field.q;
        let base = if exponent.sign() == Sign::Minus {
            q.inv(&self.v).ok_or_else(|| {
                PyZeroDivisionError::new_err("0 has no inverse (negative exponent)")
            })?
        } else {
            self.v.clone()
        };
        Ok(qel(
            &self.field,
            q.pow_vartime(&base, &exponent_words(&exponent)),
        ))
    }

    fn __richcmp__(&self, py: Python<'_>, other: &Bound<'_, PyAny>, op: CompareOp) -> PyObject {
        match other.downcast::<PyQuadraticElement>() {
            Ok(o) => {
                let o = o.get();
                crate::eq_or_ne(py, self.field.same(&o.field) && self.v == o.v, op)
            }
            Err(_) => py.NotImplemented(),
        }
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.field.base.p.hash(&mut h);
        self.field.c.hash(&mut h);
        self.field.ints(&self.v).hash(&mut h);
        h.finish()
    }

    fn __bool__(&self) -> bool {
        !self.field.q.is_zero(&self.v)
    }

    fn __repr__(&self) -> String {
        let (a0, a1) = self.field.ints(&self.v);
        format!("GF({}^2)({}, {})", self.field.base.p, a0, a1)
    }

    fn __str__(&self) -> String {
        let (a0, a1) = self.field.ints(&self.v);
        format!("{a0} + {a1}*w")
    }

    /// The Frobenius image a^p = a0 − a1·w.
    fn frobenius(&self) -> PyQuadraticElement {
        qel(&self.field, self.field.q.frobenius(&self.v))
    }

    /// The conjugate a0 − a1·w (equal to the Frobenius image).
    fn conjugate(&self) -> PyQuadraticElement {
        qel(&self.field, self.field.q.conjugate(&self.v))
    }

    /// The norm a·a^p = a0² − c·a1², an int in [0, p).
    fn norm(&self) -> BigUint {
        let n = self.field.q.norm(&self.v);
        self.field.base.f.to_biguint(&n)
    }

    /// The quadratic character: 1 for a non-zero square, −1 for a non-square, 0 for 0.
    fn legendre(&self) -> i8 {
        legendre_via_norm(&self.field.q, &self.v)
    }

    /// True for 0 and the squares.
    fn is_square(&self) -> bool {
        self.legendre() != -1
    }

    /// A square root or `None` for a non-square; of the two roots r, −r the one with
    /// the smaller (a1, a0) pair, as the command line prints. `algorithm` as the
    /// command line names them, or the one chosen for p.
    #[pyo3(signature = (algorithm = None))]
    fn sqrt(&self, algorithm: Option<&str>) -> PyResult<Option<PyQuadraticElement>> {
        let inner = &*self.field;
        let alg = Fp2SqrtAlgorithm::choose(algorithm.unwrap_or("auto"), &inner.base.p)
            .map_err(|e| bad_value("algorithm", &format!("{algorithm:?}"), &e.to_string()))?;
        let ctx = inner.ctx()?;
        let r = alg
            .sqrt_vartime(&inner.q, ctx, &self.v)
            .map_err(|e| bad_value("algorithm", &format!("{algorithm:?}"), &e.to_string()))?;
        Ok(r.map(|r| {
            let s = inner.q.neg(&r);
            let (r0, r1) = inner.ints(&r);
            let (s0, s1) = inner.ints(&s);
            qel(&self.field, if (s1, s0) < (r1, r0) { s } else { r })
        }))
    }

    /// The multiplicative inverse (`ZeroDivisionError` for 0).
    fn inverse(&self) -> PyResult<PyQuadraticElement> {
        let q = &self.field.q;
        Ok(qel(&self.field, q_div(q, &q.one(), &self.v)?))
    }
}
