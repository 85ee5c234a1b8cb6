//! `halfroot.hec`: the genus-2 binary curves of [`halfroot::hec2`] (`HecCurve`) and
//! their divisors (`Divisor`), over [`DynBinaryField`]. Everything here parses Python
//! values, calls the library and converts the result; scalar multiplications run
//! without the GIL, and `HecCurve.mul_many` spreads its rows over all cores (rayon).

use crate::binary::{element_words, words_to_biguint};
use crate::{bad_value, to_py_err};
use halfroot::binary::dynamic::DynBinaryField;
use halfroot::hec2::{
    params, Divisor, HalvingAlgorithm, HalvingFailure, Hec2Curve, Hec2ScalarAlgorithm,
};
use num_bigint::{BigInt, BigUint, Sign};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyTuple};
use rand::SeedableRng;
use rayon::prelude::*;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

type Curve = Hec2Curve<DynBinaryField>;
type Div = Divisor<Vec<u64>>;

/// A genus-2 curve y² + h(x)y = f(x): `HecCurve("C2")` for the curves of
/// Kitamura–Katagi–Takagi, or `HecCurve.from_coefficients(modulus, h, f, order_j)`.
#[pyclass(frozen, module = "halfroot._halfroot", name = "HecCurve")]
pub struct PyHecCurve {
    inner: Arc<Curve>,
}

/// A reduced divisor (u, v) of a [`PyHecCurve`] in Mumford representation.
#[pyclass(frozen, module = "halfroot._halfroot", name = "Divisor")]
pub struct PyDivisor {
    curve: Arc<Curve>,
    d: Div,
}

fn same(a: &Arc<Curve>, b: &Arc<Curve>) -> bool {
    Arc::ptr_eq(a, b)
}

fn ints(v: &[Vec<u64>]) -> Vec<BigUint> {
    v.iter().map(|w| words_to_biguint(w)).collect()
}

impl PyHecCurve {
    fn element(&self, name: &str, v: &BigInt) -> PyResult<Vec<u64>> {
        let fl = self.inner.field();
        element_words(name, v, fl.degree(), fl.words())
    }
    fn wrap(&self, d: Div) -> PyDivisor {
        PyDivisor {
            curve: self.inner.clone(),
            d,
        }
    }
}

fn scalar_method(method: &str) -> PyResult<Option<Hec2ScalarAlgorithm>> {
    Hec2ScalarAlgorithm::from_name(&method.replace('_', "-"))
        .map_err(|e| bad_value("method", &format!("{method:?}"), &e.to_string()))
}

/// [k]D for any int k (negative: |k|·(−D)).
fn mul(
    curve: &Curve,
    alg: Option<Hec2ScalarAlgorithm>,
    k: &BigInt,
    d: &Div,
) -> halfroot::Result<Div> {
    let neg;
    let d = if k.sign() == Sign::Minus {
        neg = curve.neg(d);
        &neg
    } else {
        d
    };
    curve.mul_vartime(alg, k.magnitude(), d)
}

#[pymethods]
impl PyHecCurve {
    /// `HecCurve(name)`: C1, C2 or C6 of Kitamura–Katagi–Takagi, Appendix B.1.
    #[new]
    fn py_new(py: Python<'_>, name: &str) -> PyResult<Self> {
        let c = py
            .allow_threads(|| Curve::named(name))
            .map_err(|e| bad_value("name", &format!("{name:?}"), &e.to_string()))?;
        Ok(PyHecCurve { inner: Arc::new(c) })
    }

    /// The curve y² + h(x)y = f(x) over GF(2)[z]/(modulus) (`"83,7,4,2,0"`), with
    /// `h = [h0, h1, h2]`, `f = [f0, …, f5]` as ints (bit i = z^i; f5 must be 1) and
    /// #J when known. `ValueError` for a singular curve or a wrong #J.
    #[staticmethod]
    #[pyo3(signature = (modulus, h, f, order_j = None, name = "curve"))]
    fn from_coefficients(
        py: Python<'_>,
        modulus: &str,
        h: Vec<BigInt>,
        f: Vec<BigInt>,
        order_j: Option<BigInt>,
        name: &str,
    ) -> PyResult<Self> {
        let field = DynBinaryField::new(modulus).map_err(to_py_err)?;
        let el = |what: &str, v: &BigInt| element_words(what, v, field.degree(), field.words());
        if h.len() != 3 || f.len() != 6 {
            return Err(bad_value(
                "h, f",
                &format!("{} and {} coefficients", h.len(), f.len()),
                "h has 3 coefficients [h0, h1, h2] and f 6 [f0, …, f5]",
            ));
        }
        let hh = [el("h0", &h[0])?, el("h1", &h[1])?, el("h2", &h[2])?];
        let mut ff = Vec::with_capacity(6);
        for (i, c) in f.iter().enumerate() {
            ff.push(el(&format!("f{i}"), c)?);
        }
        let ff: [Vec<u64>; 6] = ff.try_into().map_err(|_| PyValueError::new_err("f"))?;
        let order = match order_j {
            Some(n) if n.sign() == Sign::Minus => {
                return Err(bad_value("order_j", &n.to_string(), "must be positive"))
            }
            Some(n) => Some(n.magnitude().clone()),
            None => None,
        };
        let c = py
            .allow_threads(|| Curve::new(field, hh, ff, order, name))
            .map_err(to_py_err)?;
        Ok(PyHecCurve { inner: Arc::new(c) })
    }

    /// The curve's name.
    #[getter]
    fn name(&self) -> &str {
        self.inner.name()
    }
    /// The field's degree d.
    #[getter]
    fn degree(&self) -> u32 {
        self.inner.field().degree()
    }
    /// h as [h0, h1, h2].
    #[getter]
    fn h(&self) -> Vec<BigUint> {
        ints(self.inner.h())
    }
    /// f as [f0, …, f5].
    #[getter]
    fn f(&self) -> Vec<BigUint> {
        ints(self.inner.f())
    }
    /// #J, or None.
    #[getter]
    fn order_j(&self) -> Option<BigUint> {
        self.inner.order().map(|o| o.order_j.clone())
    }
    /// The prime r with #J = c·r, or None.
    #[getter]
    fn r(&self) -> Option<BigUint> {
        self.inner.order().map(|o| o.r.clone())
    }
    /// The family (`PelzlQuadratic`, `PelzlX`, `MonicH`, `General`, `LowDegreeH`).
    #[getter]
    fn shape(&self) -> String {
        format!("{:?}", self.inner.shape())
    }
    /// The halving algorithm `halve` uses (`alg3`, `alg5`, `alg6`), or None.
    #[getter]
    fn halving_algorithm(&self) -> Option<&'static str> {
        self.inner.default_halving_algorithm().map(|a| a.name())
    }
    /// The scalar-multiplication methods (besides `"auto"`).
    #[getter]
    fn scalar_mul_methods(&self) -> Vec<&'static str> {
        Hec2ScalarAlgorithm::ALL.iter().map(|a| a.name()).collect()
    }
    /// The neutral element.
    #[getter]
    fn zero(&self) -> PyDivisor {
        self.wrap(Divisor::Zero)
    }

    /// The divisor (u, v) for u = x^w + u[w−1]x^(w−1) + … given as its lower
    /// coefficients `[u0]` or `[u0, u1]` (monic: the leading 1 is implied) and
    /// v = `[v0]` / `[v0, v1]`; `[]`, `[]` is the neutral element. `ValueError` unless
    /// u | v² + hv + f.
    fn divisor(&self, u: Vec<BigInt>, v: Vec<BigInt>) -> PyResult<PyDivisor> {
        let fl = self.inner.field();
        let mut up = Vec::with_capacity(u.len() + 1);
        for (i, c) in u.iter().enumerate() {
            up.push(self.element(&format!("u{i}"), c)?);
        }
        up.push(fl.one());
        let mut vp = Vec::with_capacity(v.len());
        for (i, c) in v.iter().enumerate() {
            vp.push(self.element(&format!("v{i}"), c)?);
        }
        let d = self.inner.divisor_from_polys(&up, &vp).map_err(to_py_err)?;
        Ok(self.wrap(d))
    }

    /// A random divisor of the subgroup of order r (any divisor when #J is unknown);
    /// `seed` makes it reproducible.
    #[pyo3(signature = (seed = None))]
    fn random(&self, seed: Option<u64>) -> PyResult<PyDivisor> {
        let mut rng = match seed {
            Some(s) => rand::rngs::StdRng::seed_from_u64(s),
            None => rand::rngs::StdRng::from_entropy(),
        };
        let d = if self.inner.order().is_some() {
            self.inner
                .random_subgroup_divisor_vartime(&mut rng)
                .map_err(to_py_err)?
        } else {
            self.inner.random_divisor_vartime(&mut rng)
        };
        Ok(self.wrap(d))
    }

    /// The divisor encoded by `data` (a weight octet, then u1, u0, v1, v0 or u0, v0),
    /// validated.
    fn decode(&self, data: &[u8]) -> PyResult<PyDivisor> {
        let d = self.inner.decode(data).map_err(to_py_err)?;
        Ok(self.wrap(d))
    }

    /// [k]D for each int k of `scalars` (negative: |k|·(−D)) by `method`, on all cores
    /// without the GIL.
    #[pyo3(signature = (scalars, divisor, method = "auto"))]
    fn mul_many(
        &self,
        py: Python<'_>,
        scalars: Vec<BigInt>,
        divisor: &Bound<'_, PyAny>,
        method: &str,
    ) -> PyResult<Vec<PyDivisor>> {
        let d = own(&self.inner, "divisor", divisor)?;
        let alg = scalar_method(method)?;
        let curve = self.inner.clone();
        let out: halfroot::Result<Vec<Div>> = py.allow_threads(|| {
            scalars
                .par_iter()
                .map(|k| mul(&curve, alg, k, &d))
                .collect()
        });
        Ok(out
            .map_err(to_py_err)?
            .into_iter()
            .map(|d| self.wrap(d))
            .collect())
    }

    fn __repr__(&self) -> String {
        format!("HecCurve({})", self.inner.name())
    }
}

/// The divisor of `obj`, which must be a `Divisor` of `curve`.
fn own(curve: &Arc<Curve>, name: &str, obj: &Bound<'_, PyAny>) -> PyResult<Div> {
    let d = obj.downcast::<PyDivisor>().map_err(|_| {
        PyTypeError::new_err(format!(
            "{name}: expected a Divisor, got {}",
            obj.get_type()
                .name()
                .map(|n| n.to_string())
                .unwrap_or_default()
        ))
    })?;
    let d = d.get();
    if !same(curve, &d.curve) {
        return Err(PyTypeError::new_err(format!(
            "{name}: a divisor of another curve ({}) given to {}",
            d.curve.name(),
            curve.name()
        )));
    }
    Ok(d.d.clone())
}

impl PyDivisor {
    fn with(&self, d: Div) -> PyDivisor {
        PyDivisor {
            curve: self.curve.clone(),
            d,
        }
    }
}

#[pymethods]
impl PyDivisor {
    /// The weight deg u (0, 1, 2).
    #[getter]
    fn weight(&self) -> usize {
        self.d.weight()
    }
    /// u's coefficients below the leading 1, lowest first (`[u0, u1]`, `[u0]`, `[]`).
    #[getter]
    fn u(&self) -> Vec<BigUint> {
        let u = self.curve.u_poly(&self.d);
        ints(&u[..u.len() - 1])
    }
    /// v's coefficients, lowest first (`[v0, v1]`, `[v0]`, `[]`).
    #[getter]
    fn v(&self) -> Vec<BigUint> {
        ints(&self.curve.v_poly(&self.d))
    }
    /// Whether this is the neutral element.
    #[getter]
    fn is_zero(&self) -> bool {
        self.d.is_zero()
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        if other.downcast::<PyDivisor>().is_err() {
            return Ok(py.NotImplemented());
        }
        let e = own(&self.curve, "other", other)?;
        Ok(Py::new(py, self.with(self.curve.add_vartime(&self.d, &e)))?.into_any())
    }
    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        if other.downcast::<PyDivisor>().is_err() {
            return Ok(py.NotImplemented());
        }
        let e = own(&self.curve, "other", other)?;
        let s = self.curve.add_vartime(&self.d, &self.curve.neg(&e));
        Ok(Py::new(py, self.with(s))?.into_any())
    }
    fn __neg__(&self) -> PyDivisor {
        self.with(self.curve.neg(&self.d))
    }
    fn __mul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        if other.is_instance_of::<pyo3::types::PyBool>() {
            return Ok(py.NotImplemented());
        }
        match other.extract::<BigInt>() {
            Ok(k) => Ok(Py::new(py, self.mul(py, k, "auto")?)?.into_any()),
            Err(_) => Ok(py.NotImplemented()),
        }
    }
    fn __rmul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.__mul__(py, other)
    }

    /// [k]D for any int k by `method` (`"auto"`, `"double-and-add-vartime"`,
    /// `"wnaf-vartime"`, `"halve-and-add-vartime"`; halve-and-add needs D in the
    /// subgroup of order r on a curve with #J = 2r), without the GIL.
    #[pyo3(signature = (k, method = "auto"))]
    fn mul(&self, py: Python<'_>, k: BigInt, method: &str) -> PyResult<PyDivisor> {
        let alg = scalar_method(method)?;
        let curve = self.curve.clone();
        let d = self.d.clone();
        let r = py
            .allow_threads(|| mul(&curve, alg, &k, &d))
            .map_err(to_py_err)?;
        Ok(self.with(r))
    }

    /// 2D.
    fn double(&self) -> PyDivisor {
        self.with(self.curve.double_vartime(&self.d))
    }

    /// The half of D in the subgroup of order r (`method="auto"`), or one halving by
    /// `"alg3"`, `"alg5"`, `"alg6"`, `"alg5-lean"` (the half in 2J the trace tests select).
    /// `ValueError` when D has no such half.
    #[pyo3(signature = (method = "auto"))]
    fn halve(&self, method: &str) -> PyResult<PyDivisor> {
        if method == "auto" {
            return Ok(self.with(self.curve.halve_vartime(&self.d).map_err(to_py_err)?));
        }
        let alg = HalvingAlgorithm::from_name(method)
            .map_err(|e| bad_value("method", &format!("{method:?}"), &format!("{e}, auto")))?;
        if !self.curve.supports_halving(alg) {
            return Err(bad_value(
                "method",
                &format!("{method:?}"),
                &format!("does not apply to {}", self.curve.name()),
            ));
        }
        match self.curve.halve_with_vartime(alg, &self.d, None) {
            Ok((h, _)) => Ok(self.with(h)),
            Err(HalvingFailure::NotInTwoJ) => Err(PyValueError::new_err(
                "the divisor is not in 2J: it has no half",
            )),
            Err(HalvingFailure::Degenerate) => Err(PyValueError::new_err(format!(
                "{method} does not apply to this divisor (weight < 2 or u1 = 0); use \"auto\""
            ))),
        }
    }

    /// Whether D lies in the subgroup of prime order r (`ValueError` without #J).
    fn in_subgroup(&self) -> PyResult<bool> {
        self.curve
            .is_in_subgroup_vartime(&self.d)
            .map_err(to_py_err)
    }

    /// The encoding: a weight octet, then u1, u0, v1, v0 (or u0, v0), ⌈d/8⌉ bytes each.
    fn encode<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.curve.encode(&self.d))
    }

    fn __richcmp__(&self, py: Python<'_>, other: &Bound<'_, PyAny>, op: CompareOp) -> PyObject {
        let eq = match other.downcast::<PyDivisor>() {
            Ok(o) => {
                let o = o.get();
                same(&self.curve, &o.curve) && self.d == o.d
            }
            Err(_) => return py.NotImplemented(),
        };
        crate::eq_or_ne(py, eq, op)
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.curve.name().hash(&mut h);
        self.d.hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        let hx = |v: Vec<BigUint>| {
            v.iter()
                .map(|c| format!("{c:#x}"))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self.d.weight() {
            0 => format!("Divisor({}, 0)", self.curve.name()),
            _ => format!(
                "Divisor({}, u=[{}], v=[{}])",
                self.curve.name(),
                hx(self.u()),
                hx(self.v())
            ),
        }
    }
}

/// Adds `HecCurve`, `Divisor` and `_HEC_CURVES` (the named curves).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyHecCurve>()?;
    m.add_class::<PyDivisor>()?;
    let names: Vec<&str> = params::NAMED_CURVES.iter().map(|c| c.name).collect();
    m.add("_HEC_CURVES", PyTuple::new(m.py(), names)?)?;
    Ok(())
}
