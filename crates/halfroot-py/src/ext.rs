//! `halfroot.ExtensionField` (F_{q^k} = F_q\[X\]/(M), q an odd prime, 2 ≤ k ≤ 16) and
//! its elements: multiplication by a named algorithm ([`MulAlgorithm`]), inversion by
//! Itoh–Tsujii or extended Euclid, Frobenius, norm.
//!
//! The field is built once on a monomorphised `Fp<N>` and kept behind the object-safe
//! [`ExtOps`]; elements are type-erased `Vec<FpElem<N>>` ([`Elem`]). A product then
//! costs one downcast and one allocation instead of one allocation per base-field
//! operation (`Fqk<DynFp>`). N is q's limb count rounded up to 1, 2, 4, 8, 16 or 32
//! (`Fp<N>` holds any p of at most 64·N bits): six instantiations of every F_{q^k}
//! algorithm instead of the thirteen limb counts of [`DynFp`], which made this module
//! two thirds of the extension's build (issue 19 part 6). A q of 3, 5–7, 9–12 or 17–24
//! limbs computes with up to a third more limbs than it needs.

use crate::{bad_value, to_py_err};
use halfroot::ext::{inv, Fqk, ModulusChoice, MulAlgorithm};
use halfroot::field::Field;
use halfroot::prime::dynamic::DynFp;
use halfroot::prime::{Fp, PrimeFieldOps};
use num_bigint::{BigInt, BigUint, Sign};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};
use std::any::Any;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A type-erased element: the `Vec<F::Elem>` of the field's monomorphised base `F`.
type Elem = Box<dyn Any + Send + Sync>;

/// The operations of one F_{q^k}, object-safe over the monomorphised base field.
/// Every method returns `None` only for an element of another representation, which
/// the callers exclude by checking the field first.
trait ExtOps: Send + Sync {
    fn zero(&self) -> Elem;
    fn one(&self) -> Elem;
    fn gen(&self) -> Elem;
    fn random(&self) -> Elem;
    fn elem_of_coeffs(&self, c: &[BigUint]) -> halfroot::Result<Elem>;
    fn coeffs(&self, a: &Elem) -> Option<Vec<BigUint>>;
    fn add(&self, a: &Elem, b: &Elem) -> Option<Elem>;
    fn sub(&self, a: &Elem, b: &Elem) -> Option<Elem>;
    fn neg(&self, a: &Elem) -> Option<Elem>;
    fn mul(&self, a: &Elem, b: &Elem) -> Option<Elem>;
    fn sqr(&self, a: &Elem) -> Option<Elem>;
    fn mul_with(&self, alg: MulAlgorithm, a: &Elem, b: &Elem) -> Option<Elem>;
    fn sqr_with(&self, alg: MulAlgorithm, a: &Elem) -> Option<Elem>;
    /// `Some(None)` for 0.
    fn inv(&self, a: &Elem, euclid: bool) -> Option<Option<Elem>>;
    fn pow(&self, a: &Elem, e: &[u64]) -> Option<Elem>;
    fn frobenius(&self, a: &Elem, i: usize) -> Option<Elem>;
    fn norm(&self, a: &Elem) -> Option<BigUint>;
    /// The quadratic character: 1, −1, or 0 for 0 (of the norm, in F_q).
    fn legendre(&self, a: &Elem) -> Option<i8>;
    /// A square root (the one with the smaller coefficient list read from the top), or
    /// `None` inside for a non-square.
    fn sqrt(&self, a: &Elem) -> Option<Option<Elem>>;
    fn is_zero(&self, a: &Elem) -> Option<bool>;
    fn eq(&self, a: &Elem, b: &Elem) -> Option<bool>;
    fn clone_elem(&self, a: &Elem) -> Option<Elem>;
    fn algorithm(&self) -> MulAlgorithm;
    fn modulus_coeffs(&self) -> Vec<BigUint>;
    fn alpha(&self) -> Option<BigUint>;
    fn degree(&self) -> usize;
}

struct Ext<F: PrimeFieldOps>(Fqk<F>);

fn boxed<E: Send + Sync + 'static>(v: Vec<E>) -> Elem {
    Box::new(v)
}

impl<F> Ext<F>
where
    F: PrimeFieldOps + Send + Sync + 'static,
    F::Elem: Send + Sync + 'static,
{
    fn r<'a>(&self, a: &'a Elem) -> Option<&'a Vec<F::Elem>> {
        a.downcast_ref::<Vec<F::Elem>>()
    }
}

impl<F> ExtOps for Ext<F>
where
    F: PrimeFieldOps + Send + Sync + 'static,
    F::Elem: Send + Sync + 'static,
{
    fn zero(&self) -> Elem {
        boxed(self.0.zero())
    }
    fn one(&self) -> Elem {
        boxed(self.0.one())
    }
    fn gen(&self) -> Elem {
        let mut v = self.0.zero();
        v[1] = self.0.base().one();
        boxed(v)
    }
    fn random(&self) -> Elem {
        let mut rng = rand::thread_rng();
        boxed(self.0.random(&mut rng))
    }
    fn elem_of_coeffs(&self, c: &[BigUint]) -> halfroot::Result<Elem> {
        self.0.from_coeffs(c).map(boxed)
    }
    fn coeffs(&self, a: &Elem) -> Option<Vec<BigUint>> {
        Some(self.0.to_coeffs(self.r(a)?))
    }
    fn add(&self, a: &Elem, b: &Elem) -> Option<Elem> {
        Some(boxed(self.0.add(self.r(a)?, self.r(b)?)))
    }
    fn sub(&self, a: &Elem, b: &Elem) -> Option<Elem> {
        Some(boxed(self.0.sub(self.r(a)?, self.r(b)?)))
    }
    fn neg(&self, a: &Elem) -> Option<Elem> {
        Some(boxed(self.0.neg(self.r(a)?)))
    }
    fn mul(&self, a: &Elem, b: &Elem) -> Option<Elem> {
        Some(boxed(self.0.mul(self.r(a)?, self.r(b)?)))
    }
    fn sqr(&self, a: &Elem) -> Option<Elem> {
        Some(boxed(self.0.sqr(self.r(a)?)))
    }
    fn mul_with(&self, alg: MulAlgorithm, a: &Elem, b: &Elem) -> Option<Elem> {
        Some(boxed(self.0.mul_with(alg, self.r(a)?, self.r(b)?)))
    }
    fn sqr_with(&self, alg: MulAlgorithm, a: &Elem) -> Option<Elem> {
        Some(boxed(self.0.sqr_with(alg, self.r(a)?)))
    }
    fn inv(&self, a: &Elem, euclid: bool) -> Option<Option<Elem>> {
        let a = self.r(a)?;
        let r = if euclid {
            inv::inv_euclid_vartime(&self.0, a)
        } else {
            inv::inv_itoh_tsujii(&self.0, a)
        };
        Some(r.map(boxed))
    }
    fn pow(&self, a: &Elem, e: &[u64]) -> Option<Elem> {
        Some(boxed(self.0.pow_vartime(self.r(a)?, e)))
    }
    fn frobenius(&self, a: &Elem, i: usize) -> Option<Elem> {
        Some(boxed(self.0.frobenius(self.r(a)?, i)))
    }
    fn norm(&self, a: &Elem) -> Option<BigUint> {
        Some(self.0.base().to_biguint(&self.0.norm(self.r(a)?)))
    }
    fn is_zero(&self, a: &Elem) -> Option<bool> {
        Some(self.0.is_zero(self.r(a)?))
    }
    fn legendre(&self, a: &Elem) -> Option<i8> {
        Some(halfroot::ext::sqrt::quadratic_character(
            &self.0,
            self.r(a)?,
        ))
    }
    fn sqrt(&self, a: &Elem) -> Option<Option<Elem>> {
        Some(halfroot::ext::sqrt::sqrt_vartime(&self.0, self.r(a)?).map(boxed))
    }
    fn eq(&self, a: &Elem, b: &Elem) -> Option<bool> {
        Some(self.r(a)? == self.r(b)?)
    }
    fn clone_elem(&self, a: &Elem) -> Option<Elem> {
        Some(boxed(self.r(a)?.clone()))
    }
    fn algorithm(&self) -> MulAlgorithm {
        self.0.algorithm()
    }
    fn modulus_coeffs(&self) -> Vec<BigUint> {
        let b = self.0.base();
        self.0
            .modulus()
            .coeffs()
            .iter()
            .map(|c| b.to_biguint(c))
            .collect()
    }
    fn alpha(&self) -> Option<BigUint> {
        self.0
            .modulus()
            .alpha()
            .map(|a| self.0.base().to_biguint(a))
    }
    fn degree(&self) -> usize {
        self.0.degree()
    }
}

/// `None` from [`ExtOps`]: an element of another representation (not reachable through
/// the Python API, which checks the field of every operand first).
fn rep<T>(o: Option<T>) -> PyResult<T> {
    o.ok_or_else(|| PyRuntimeError::new_err("internal error: element of another field"))
}

/// The shared state of one F_{q^k}.
pub(crate) struct ExtInner {
    e: Box<dyn ExtOps>,
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

    fn coeff(&self, name: &str, obj: &Bound<'_, PyAny>) -> PyResult<BigUint> {
        let v: BigInt = obj.extract().map_err(|_| {
            PyTypeError::new_err(format!("{name}: expected an int, got {}", type_name(obj)))
        })?;
        match v.to_biguint() {
            Some(u) if u < self.q => Ok(u),
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
            let mut v = vec![BigUint::default(); self.k];
            v[0] = self.coeff(name, obj)?;
            return self.e.elem_of_coeffs(&v).map_err(to_py_err);
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
            let mut v = vec![BigUint::default(); self.k];
            for (i, it) in items.iter().enumerate() {
                v[i] = self.coeff(&format!("{name}[{i}]"), it)?;
            }
            return self.e.elem_of_coeffs(&v).map_err(to_py_err);
        }
        Err(PyTypeError::new_err(format!(
            "{name}: expected an ExtensionFieldElement, int or list of coefficients, got {}",
            type_name(obj)
        )))
    }

    fn ints(&self, a: &Elem) -> Vec<BigUint> {
        self.e.coeffs(a).unwrap_or_default()
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

/// The modulus argument as the library's [`ModulusChoice`]: `None`, a string in the
/// command line's syntax (`"auto"`, `"-2"`, `"1,0,0,1,0"`), an int α or a list of
/// coefficients (constant term first, k or k + 1 of them).
fn mod_spec(
    k: i64,
    modulus: Option<&Bound<'_, PyAny>>,
) -> PyResult<(usize, ModulusChoice, String)> {
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
    let Some(m) = modulus.filter(|m| !m.is_none()) else {
        return Ok((kk, ModulusChoice::Auto, "None".into()));
    };
    let text = repr(m);
    let bad = |e: halfroot::Error| bad_value("modulus", &text, &e.to_string());
    if let Ok(s) = m.downcast::<PyString>() {
        let t: String = s.extract()?;
        return Ok((kk, ModulusChoice::parse(&t, kk).map_err(bad)?, text));
    }
    if m.downcast::<PyInt>().is_ok() {
        return Ok((kk, ModulusChoice::Binomial(m.extract()?), text));
    }
    if m.downcast::<PyList>().is_ok() || m.downcast::<PyTuple>().is_ok() {
        let cs: Vec<BigInt> = m
            .extract()
            .map_err(|_| bad_value("modulus", &text, "expected a list of int coefficients"))?;
        return Ok((
            kk,
            ModulusChoice::from_coefficients(cs, kk).map_err(bad)?,
            text,
        ));
    }
    Err(PyTypeError::new_err(format!(
        "modulus: expected None, \"auto\", an int or a list of coefficients, got {}",
        type_name(m)
    )))
}

/// F_q^k on the monomorphised base field `f`, behind [`ExtOps`].
fn build<F>(
    f: F,
    k: usize,
    spec: &ModulusChoice,
    text: &str,
    alg: Option<(MulAlgorithm, &str)>,
) -> PyResult<Box<dyn ExtOps>>
where
    F: PrimeFieldOps + Send + Sync + 'static,
    F::Elem: Send + Sync + 'static,
{
    let bad = |e: halfroot::Error| bad_value("modulus", text, &e.to_string());
    let mut e = Fqk::with_modulus_choice(f, k, spec).map_err(bad)?;
    if let Some((alg, name)) = alg {
        e.set_algorithm(alg)
            .map_err(|err| bad_value("algorithm", &format!("{name:?}"), &err.to_string()))?;
    }
    Ok(Box::new(Ext(e)))
}

#[pymethods]
impl PyExtensionField {
    /// `ExtensionField(q, k, modulus=None, algorithm=None)`.
    #[new]
    #[pyo3(signature = (q, k, modulus = None, algorithm = None))]
    fn py_new(
        q: &Bound<'_, PyAny>,
        k: &Bound<'_, PyAny>,
        modulus: Option<&Bound<'_, PyAny>>,
        algorithm: Option<&str>,
    ) -> PyResult<Self> {
        let qv: BigInt = q.extract().map_err(|_| {
            PyTypeError::new_err(format!("q: expected an int, got {}", type_name(q)))
        })?;
        // Any int (one beyond i64 is out of range like any other, a ValueError).
        let kv: BigInt = k.extract().map_err(|_| {
            PyTypeError::new_err(format!("k: expected an int, got {}", type_name(k)))
        })?;
        let k = i64::try_from(&kv).map_err(|_| {
            bad_value(
                "k",
                &kv.to_string(),
                &format!("the degree must be in 2..={}", halfroot::ext::MAX_DEGREE),
            )
        })?;
        let qu = qv
            .to_biguint()
            .ok_or_else(|| bad_value("q", &qv.to_string(), "must be an odd prime"))?;
        let base = DynFp::new(&qu).map_err(|e| bad_value("q", &qv.to_string(), &e.to_string()))?;
        let (kk, spec, text) = mod_spec(k, modulus)?;
        let alg = match algorithm {
            Some(a) => Some((parse_alg("algorithm", a)?, a)),
            None => None,
        };
        // (`DynFp::new` checked q; the field is built on the bucket of `EXT_LIMBS`.)
        let bad_q = |e: halfroot::Error| bad_value("q", &qv.to_string(), &e.to_string());
        let e = match base.limbs() {
            1 => build(
                Fp::<1>::new_trusted_prime(&qu).map_err(bad_q)?,
                kk,
                &spec,
                &text,
                alg,
            ),
            2 => build(
                Fp::<2>::new_trusted_prime(&qu).map_err(bad_q)?,
                kk,
                &spec,
                &text,
                alg,
            ),
            3 | 4 => build(
                Fp::<4>::new_trusted_prime(&qu).map_err(bad_q)?,
                kk,
                &spec,
                &text,
                alg,
            ),
            5..=8 => build(
                Fp::<8>::new_trusted_prime(&qu).map_err(bad_q)?,
                kk,
                &spec,
                &text,
                alg,
            ),
            9..=16 => build(
                Fp::<16>::new_trusted_prime(&qu).map_err(bad_q)?,
                kk,
                &spec,
                &text,
                alg,
            ),
            _ => build(
                Fp::<32>::new_trusted_prime(&qu).map_err(bad_q)?,
                kk,
                &spec,
                &text,
                alg,
            ),
        }?;
        Ok(PyExtensionField {
            inner: Arc::new(ExtInner {
                k: e.degree(),
                q: qu,
                coeffs: e.modulus_coeffs(),
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
            return Ok(xel(&self.inner, rep(self.inner.e.clone_elem(&e.v))?));
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
        self.inner.e.alpha()
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
        xel(&self.inner, self.inner.e.gen())
    }

    /// A uniformly random element.
    fn random(&self) -> PyExtElement {
        xel(&self.inner, self.inner.e.random())
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
    /// Runs `f` on the other operand: an element of the same field (`TypeError` for
    /// another field), or an int/list read in this field; `Ok(None)` for other types.
    fn with_other<R>(
        &self,
        obj: &Bound<'_, PyAny>,
        f: impl FnOnce(&Elem) -> PyResult<R>,
    ) -> PyResult<Option<R>> {
        if let Ok(e) = obj.downcast::<PyExtElement>() {
            let e = e.get();
            if !self.field.same(&e.field) {
                return Err(PyTypeError::new_err(format!(
                    "cannot mix elements of {} and {}",
                    self.field.describe(),
                    e.field.describe()
                )));
            }
            return f(&e.v).map(Some);
        }
        if obj.downcast::<PyInt>().is_ok()
            || obj.downcast::<PyList>().is_ok()
            || obj.downcast::<PyTuple>().is_ok()
        {
            let v = self.field.parse_py("other", obj)?;
            return f(&v).map(Some);
        }
        Ok(None)
    }

    fn binop(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: impl FnOnce(&dyn ExtOps, &Elem, &Elem) -> PyResult<Elem>,
    ) -> PyResult<PyObject> {
        let e = &*self.field.e;
        match self.with_other(other, |o| op(e, &self.v, o))? {
            Some(r) => Ok(Py::new(py, xel(&self.field, r))?.into_any()),
            None => Ok(py.NotImplemented()),
        }
    }
}

fn ext_div(e: &dyn ExtOps, a: &Elem, b: &Elem) -> PyResult<Elem> {
    match rep(e.inv(b, false))? {
        Some(i) => rep(e.mul(a, &i)),
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
        self.binop(py, o, |e, a, b| rep(e.add(a, b)))
    }
    fn __radd__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |e, a, b| rep(e.add(b, a)))
    }
    fn __sub__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |e, a, b| rep(e.sub(a, b)))
    }
    fn __rsub__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |e, a, b| rep(e.sub(b, a)))
    }
    fn __mul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |e, a, b| rep(e.mul(a, b)))
    }
    fn __rmul__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |e, a, b| rep(e.mul(b, a)))
    }
    fn __truediv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, ext_div)
    }
    fn __rtruediv__(&self, py: Python<'_>, o: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.binop(py, o, |e, a, b| ext_div(e, b, a))
    }
    fn __neg__(&self) -> PyResult<PyExtElement> {
        Ok(xel(&self.field, rep(self.field.e.neg(&self.v))?))
    }
    fn __pos__(&self) -> PyResult<PyExtElement> {
        Ok(xel(&self.field, rep(self.field.e.clone_elem(&self.v))?))
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
        let e = &*self.field.e;
        let digits = exponent.magnitude().to_u64_digits();
        let r = if exponent.sign() == Sign::Minus {
            let inv = rep(e.inv(&self.v, false))?.ok_or_else(|| {
                PyZeroDivisionError::new_err("0 has no inverse (negative exponent)")
            })?;
            rep(e.pow(&inv, &digits))?
        } else {
            rep(e.pow(&self.v, &digits))?
        };
        Ok(xel(&self.field, r))
    }

    fn __richcmp__(&self, py: Python<'_>, other: &Bound<'_, PyAny>, op: CompareOp) -> PyObject {
        let eq = match other.downcast::<PyExtElement>() {
            Ok(o) => {
                let o = o.get();
                self.field.same(&o.field) && self.field.e.eq(&self.v, &o.v).unwrap_or(false)
            }
            Err(_) => return py.NotImplemented(),
        };
        crate::eq_or_ne(py, eq, op)
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.field.q.hash(&mut h);
        self.field.coeffs.hash(&mut h);
        self.field.ints(&self.v).hash(&mut h);
        h.finish()
    }

    fn __bool__(&self) -> PyResult<bool> {
        Ok(!rep(self.field.e.is_zero(&self.v))?)
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
        let alg = self.algorithm(algorithm)?;
        let e = &*self.field.e;
        let r = self.with_other(other, |o| {
            rep(match alg {
                None => e.mul(&self.v, o),
                Some(alg) => e.mul_with(alg, &self.v, o),
            })
        })?;
        let r = r.ok_or_else(|| {
            PyTypeError::new_err(format!(
                "other: expected an ExtensionFieldElement, int or list of coefficients, got {}",
                type_name(other)
            ))
        })?;
        Ok(xel(&self.field, r))
    }

    /// `a²` by a named algorithm's squaring, or the field's.
    #[pyo3(signature = (algorithm = None))]
    fn square(&self, algorithm: Option<&str>) -> PyResult<PyExtElement> {
        let e = &*self.field.e;
        let r = match self.algorithm(algorithm)? {
            None => e.sqr(&self.v),
            Some(alg) => e.sqr_with(alg, &self.v),
        };
        Ok(xel(&self.field, rep(r)?))
    }

    /// The Frobenius image a^(q^i) (i taken mod k; negative i allowed).
    #[pyo3(signature = (i = None))]
    fn frobenius(&self, i: Option<&Bound<'_, PyAny>>) -> PyResult<PyExtElement> {
        let iv: BigInt = match i {
            None => BigInt::from(1),
            Some(i) => i.extract().map_err(|_| {
                PyTypeError::new_err(format!("i: expected an int, got {}", type_name(i)))
            })?,
        };
        // i mod k for any int i (a^(q^k) = a).
        let k = BigInt::from(self.field.k);
        let i = usize::try_from(((iv % &k) + &k) % &k).unwrap_or(0);
        Ok(xel(&self.field, rep(self.field.e.frobenius(&self.v, i))?))
    }

    /// The norm N(a) = a · a^q ⋯ a^(q^(k−1)), an int in [0, q).
    fn norm(&self) -> PyResult<BigUint> {
        rep(self.field.e.norm(&self.v))
    }

    /// The quadratic character: 1 for a non-zero square, −1 for a non-square, 0 for 0
    /// (the Legendre symbol of the norm in F_q).
    fn legendre(&self) -> PyResult<i8> {
        rep(self.field.e.legendre(&self.v))
    }

    /// True for 0 and the squares.
    fn is_square(&self) -> PyResult<bool> {
        Ok(self.legendre()? != -1)
    }

    /// A square root or `None` for a non-square (Tonelli–Shanks in F_{q^k}, variable
    /// time); of the two roots r, −r the one whose coefficient list, read from the top
    /// (c_{k−1}, …, c_0), is smaller.
    fn sqrt(&self) -> PyResult<Option<PyExtElement>> {
        Ok(rep(self.field.e.sqrt(&self.v))?.map(|v| xel(&self.field, v)))
    }

    /// The multiplicative inverse (`ZeroDivisionError` for 0), by `method`
    /// `"itoh-tsujii"` (default, via the norm) or `"euclid"` (extended Euclid, variable
    /// time).
    #[pyo3(signature = (method = None))]
    fn inverse(&self, method: Option<&str>) -> PyResult<PyExtElement> {
        let euclid = match method.map(str::trim) {
            None | Some("itoh-tsujii") | Some("itoh_tsujii") => false,
            Some("euclid") => true,
            Some(m) => {
                return Err(bad_value(
                    "method",
                    &format!("{m:?}"),
                    "expected \"itoh-tsujii\" or \"euclid\"",
                ))
            }
        };
        rep(self.field.e.inv(&self.v, euclid))?
            .map(|v| xel(&self.field, v))
            .ok_or_else(|| PyZeroDivisionError::new_err("0 has no inverse in an extension field"))
    }
}

impl PyExtElement {
    /// A named algorithm checked against this field's (k, q); `None` for the field's.
    fn algorithm(&self, algorithm: Option<&str>) -> PyResult<Option<MulAlgorithm>> {
        let Some(a) = algorithm else {
            return Ok(None);
        };
        let alg = parse_alg("algorithm", a)?;
        alg.resolve(self.field.k, &self.field.q)
            .map_err(|err| bad_value("algorithm", &format!("{a:?}"), &err.to_string()))?;
        Ok(Some(alg))
    }
}
