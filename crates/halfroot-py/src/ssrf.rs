//! The polynomial lab for Python (`halfroot.ssrf`, wrapped by
//! `python/halfroot/ssrf.py`): analysis ([`halfroot::ssrf::analyze`]), searches
//! ([`halfroot::ssrf::search`], interruptible between chunks), code generation
//! ([`halfroot::ssrf::codegen`]) and [`PyBasisChange`] over
//! [`halfroot::binary::convert::BasisConverter`].
//!
//! Searches run without the GIL; after every chunk of
//! [`halfroot::ssrf::search::CHUNK_SIZE`] candidates the [`search::Control`] callback
//! takes the GIL back, runs `Python::check_signals` (so Ctrl-C raises
//! `KeyboardInterrupt`) and calls the optional Python progress callable.

use crate::binary::{elem, rows, to_array2, PyBinaryElement, PyBinaryField};
use crate::{bad_value, to_py_err};
use halfroot::binary::convert::BasisConverter;
use halfroot::binary::ssrf_type::SsrfType;
use halfroot::ssrf::codegen::{generate, Lang};
use halfroot::ssrf::search::{self, Found, Outcome, Pruning, SearchSpec, Shard};
use halfroot::ssrf::{analyze, Analysis};
use num_bigint::BigUint;
use numpy::{PyArray2, PyReadonlyArray2};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyInt, PyList, PyString, PyTuple};
use rayon::prelude::*;
use std::ops::ControlFlow;
use std::sync::Mutex;

fn type_name(o: &Bound<'_, PyAny>) -> String {
    o.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default()
}

fn repr(o: &Bound<'_, PyAny>) -> String {
    o.repr().map(|r| r.to_string()).unwrap_or_default()
}

/// The text form (`"163,57,49,29,0"`) of a modulus given as a str, a sequence of
/// exponents, an int with bit i the coefficient of X^i (as `galois` takes it) or a
/// `BinaryField`.
pub(crate) fn modulus_text(name: &str, obj: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = obj.downcast::<PyString>() {
        return s.extract();
    }
    if let Ok(f) = obj.downcast::<PyBinaryField>() {
        let e: Vec<String> = f
            .get()
            .inner
            .exponents
            .iter()
            .map(|e| e.to_string())
            .collect();
        return Ok(e.join(","));
    }
    if obj.downcast::<PyInt>().is_ok() {
        let v: num_bigint::BigInt = obj.extract()?;
        let Some(u) = v.to_biguint().filter(|u| u.bits() >= 2) else {
            return Err(bad_value(
                name,
                &v.to_string(),
                "as an int, a polynomial of degree >= 1 with bit i the coefficient of X^i",
            ));
        };
        let e: Vec<String> = (0..u.bits())
            .rev()
            .filter(|&i| u.bit(i))
            .map(|i| i.to_string())
            .collect();
        return Ok(e.join(","));
    }
    if obj.downcast::<PyList>().is_ok() || obj.downcast::<PyTuple>().is_ok() {
        let v: Vec<i64> = obj
            .extract()
            .map_err(|_| bad_value(name, &repr(obj), "expected a sequence of int exponents"))?;
        let e: Vec<String> = v.iter().map(|e| e.to_string()).collect();
        return Ok(e.join(","));
    }
    Err(PyTypeError::new_err(format!(
        "{name}: expected a str (\"163,57,49,29,0\"), a list of exponents, an int or a \
         BinaryField, got {}",
        type_name(obj)
    )))
}

fn parse_modulus(
    name: &str,
    obj: &Bound<'_, PyAny>,
) -> PyResult<halfroot::binary::modulus::Modulus> {
    let text = modulus_text(name, obj)?;
    halfroot::binary::modulus::Modulus::parse(&text)
        .map_err(|e| bad_value(name, &repr(obj), &e.to_string()))
}

fn analysis_dict<'py>(py: Python<'py>, a: &Analysis) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("modulus", a.exponents.clone())?;
    d.set_item("degree", a.degree())?;
    d.set_item("weight", a.weight())?;
    d.set_item("irreducible", a.irreducibility.is_irreducible())?;
    d.set_item("irreducibility", a.irreducibility.to_string())?;
    d.set_item("type", a.class().name())?;
    d.set_item("shape", a.shape.name())?;
    d.set_item("zeta", a.zeta.clone())?;
    d.set_item("zeta_degree", a.zeta_degree())?;
    d.set_item("zeta_weight", a.zeta_weight())?;
    let spectrum: Vec<u32> = a.trace_spectrum.iter().map(|&t| u32::from(t)).collect();
    d.set_item("spectrum", spectrum)?;
    d.set_item("trace_one_count", a.trace_one_count())?;
    d.set_item("sediment", a.sediment_degree())?;
    d.set_item("folds", a.folds())?;
    d.set_item("second_fold", a.needs_second_fold())?;
    d.set_item("third_fold", a.needs_third_fold())?;
    Ok(d)
}

/// `_ssrf_analyze(modulus) -> dict`: everything `halfroot ssrf classify --json` prints.
#[pyfunction]
pub fn _ssrf_analyze<'py>(
    py: Python<'py>,
    modulus: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyDict>> {
    let m = parse_modulus("modulus", modulus)?;
    let a = py.allow_threads(|| analyze(&m));
    analysis_dict(py, &a)
}

fn parse_type(ty: &str) -> PyResult<SsrfType> {
    ty.parse().map_err(arg_err)
}

/// `_ssrf_type(degree, type=None) -> str`: the SSRF type a search of this degree uses:
/// `type` (`"I"` … `"IV"` in any case, or 1 … 4) or, when `None`, the default for the
/// degree's parity (I odd, IV even); the rules are the library's
/// ([`SsrfType`]'s `FromStr` and `default_for_degree`). `ValueError` naming `type`
/// otherwise.
#[pyfunction]
#[pyo3(signature = (degree, r#type = None))]
pub fn _ssrf_type(degree: i64, r#type: Option<&Bound<'_, PyAny>>) -> PyResult<&'static str> {
    let Some(obj) = r#type else {
        return Ok(SsrfType::default_for_degree(degree.rem_euclid(2) as u32).name());
    };
    let text = if obj.is_instance_of::<pyo3::types::PyBool>() {
        None
    } else if let Ok(s) = obj.downcast::<PyString>() {
        Some(s.to_string())
    } else if obj.is_instance_of::<PyInt>() {
        Some(obj.to_string())
    } else {
        None
    };
    let repr = obj.repr().map(|r| r.to_string()).unwrap_or_default();
    match text.map(|t| t.parse::<SsrfType>()) {
        Some(Ok(t)) => Ok(t.name()),
        Some(Err(halfroot::Error::InvalidArgument { reason, .. })) => {
            Err(bad_value("type", &repr, &reason))
        }
        Some(Err(e)) => Err(to_py_err(e)),
        None => Err(bad_value(
            "type",
            &repr,
            "expected I, II, III or IV (or 1 … 4)",
        )),
    }
}

/// `_ssrf_check_terms(terms)`: `ValueError` naming `terms` unless it is a number of
/// terms a search accepts (odd, 3 ..= 101: [`search::check_terms`]).
#[pyfunction]
pub fn _ssrf_check_terms(terms: i64) -> PyResult<()> {
    let t = u32::try_from(terms).map_err(|_| {
        bad_value(
            "terms",
            &terms.to_string(),
            "must be odd, 3..=101 (an irreducible polynomial has an odd number of terms)",
        )
    })?;
    search::check_terms(t).map_err(arg_err)
}

/// `_ssrf_default_terms(type) -> list[int]`: the numbers of terms a search tries when
/// none is given, fewest first ([`search::default_terms`]).
#[pyfunction]
pub fn _ssrf_default_terms(r#type: &str) -> PyResult<Vec<u32>> {
    Ok(search::default_terms(parse_type(r#type)?).to_vec())
}

fn spec(degree: i64, ty: &str, terms: i64, prune: bool) -> PyResult<SearchSpec> {
    let degree = u32::try_from(degree).map_err(|_| {
        bad_value(
            "degree",
            &degree.to_string(),
            "must be in 2..=100000 for a search",
        )
    })?;
    let terms = u32::try_from(terms).map_err(|_| {
        bad_value(
            "terms",
            &terms.to_string(),
            "must be odd, 3..=101 (an irreducible polynomial has an odd number of terms)",
        )
    })?;
    let s = SearchSpec {
        degree,
        ty: parse_type(ty)?,
        terms,
        pruning: if prune { Pruning::Swan } else { Pruning::None },
    };
    // Validates degree/type/terms with an error naming the argument.
    search::candidate_count(&s).map_err(arg_err)?;
    Ok(s)
}

/// `_ssrf_candidates(degree, type, terms) -> int`: the size of the candidate space
/// before pruning; `ValueError` naming the argument for an impossible combination.
#[pyfunction]
pub fn _ssrf_candidates(degree: i64, r#type: &str, terms: i64) -> PyResult<u64> {
    let s = spec(degree, r#type, terms, true)?;
    search::candidate_count(&s).map_err(arg_err)
}

/// A library error as the package's `ValueError` (`name: invalid value v: reason`).
fn arg_err(e: halfroot::Error) -> PyErr {
    match e {
        halfroot::Error::InvalidArgument {
            name,
            value,
            reason,
        } => bad_value(&name, &value, &reason),
        e => to_py_err(e),
    }
}

fn found_dict<'py>(py: Python<'py>, f: &Found) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("degree", f.exponents[0])?;
    d.set_item("modulus", f.exponents.clone())?;
    d.set_item("type", f.ty.name())?;
    d.set_item("zeta", f.zeta.clone())?;
    d.set_item("terms", f.exponents.len())?;
    d.set_item("sediment", f.sediment_degree())?;
    Ok(d)
}

/// Runs `search` without the GIL under a control callback that, after each chunk,
/// checks for signals (Ctrl-C) and calls `progress(done, total)`. An exception from
/// either cancels the search and is raised here.
fn controlled<T: Send>(
    py: Python<'_>,
    progress: Option<PyObject>,
    search: impl FnOnce(search::Control<'_>) -> halfroot::Result<Outcome<T>> + Send,
) -> PyResult<T> {
    let pending: Mutex<Option<PyErr>> = Mutex::new(None);
    let control = |done: u64, total: u64| -> ControlFlow<()> {
        Python::with_gil(|py| {
            let r = py.check_signals().and_then(|()| match &progress {
                Some(p) => p.call1(py, (done, total)).map(|_| ()),
                None => Ok(()),
            });
            match r {
                Ok(()) => ControlFlow::Continue(()),
                Err(e) => {
                    if let Ok(mut g) = pending.lock() {
                        *g = Some(e);
                    }
                    ControlFlow::Break(())
                }
            }
        })
    };
    let out = py.allow_threads(|| search(&control));
    if let Some(e) = pending.lock().ok().and_then(|mut g| g.take()) {
        return Err(e);
    }
    match out.map_err(to_py_err)? {
        Outcome::Complete(t) => Ok(t),
        Outcome::Cancelled(_) => Err(PyValueError::new_err("search cancelled")),
    }
}

fn shard_of(shard: (u32, u32)) -> PyResult<Shard> {
    let (index, count) = shard;
    if count == 0 || index >= count {
        return Err(bad_value(
            "shard",
            &format!("({index}, {count})"),
            "expected (i, n) with 0 <= i < n",
        ));
    }
    Ok(Shard { index, count })
}

/// `_ssrf_least(degree, type, terms, prune=True, shard=(0, 1), progress=None)`: the
/// least-sediment SSRF polynomial as a dict, or `None`.
#[pyfunction]
#[pyo3(signature = (degree, r#type, terms, prune = true, shard = (0, 1), progress = None))]
pub fn _ssrf_least(
    py: Python<'_>,
    degree: i64,
    r#type: &str,
    terms: i64,
    prune: bool,
    shard: (u32, u32),
    progress: Option<PyObject>,
) -> PyResult<Option<PyObject>> {
    let s = spec(degree, r#type, terms, prune)?;
    let sh = shard_of(shard)?;
    let f = controlled(py, progress, |c| search::least_controlled(&s, sh, c))?;
    f.map(|f| found_dict(py, &f).map(|d| d.into_any().unbind()))
        .transpose()
}

/// `_ssrf_all(degree, type, terms, prune=True, shard=(0, 1), progress=None)`: every
/// SSRF polynomial of the spec as dicts, in search order.
#[pyfunction]
#[pyo3(signature = (degree, r#type, terms, prune = true, shard = (0, 1), progress = None))]
pub fn _ssrf_all(
    py: Python<'_>,
    degree: i64,
    r#type: &str,
    terms: i64,
    prune: bool,
    shard: (u32, u32),
    progress: Option<PyObject>,
) -> PyResult<Vec<PyObject>> {
    let s = spec(degree, r#type, terms, prune)?;
    let sh = shard_of(shard)?;
    let v = controlled(py, progress, |c| search::all_controlled(&s, sh, c))?;
    v.iter()
        .map(|f| found_dict(py, f).map(|d| d.into_any().unbind()))
        .collect()
}

/// `_ssrf_codegen(modulus, lang="rust", word=64) -> dict`: straight-line reduction and
/// square-root code with its operation counts.
#[pyfunction]
#[pyo3(signature = (modulus, lang = "rust", word = 64))]
pub fn _ssrf_codegen<'py>(
    py: Python<'py>,
    modulus: &Bound<'py, PyAny>,
    lang: &str,
    word: u32,
) -> PyResult<Bound<'py, PyDict>> {
    let m = parse_modulus("modulus", modulus)?;
    let l: Lang = lang
        .parse()
        .map_err(|e: halfroot::Error| bad_value("lang", &format!("{lang:?}"), &e.to_string()))?;
    if word != 32 && word != 64 {
        return Err(bad_value("word", &word.to_string(), "expected 32 or 64"));
    }
    let g =
        generate(&m, word, l).map_err(|e| bad_value("modulus", &repr(modulus), &e.to_string()))?;
    let d = PyDict::new(py);
    d.set_item("code", g.code)?;
    d.set_item("reduce_name", g.reduce_name)?;
    d.set_item("sqrt_name", g.sqrt_name)?;
    d.set_item("reduce_ops", g.reduce_ops)?;
    d.set_item("sqrt_ops", g.sqrt_ops)?;
    d.set_item("sqrt_reduces", g.sqrt_reduces)?;
    d.set_item("word_bits", g.word_bits)?;
    Ok(d)
}

/// A change of basis between two defining polynomials of the same degree (Avanzi,
/// Remark 1): the field isomorphism `GF(2)[X]/(P_source) → GF(2)[X]/(P_target)` sending
/// x to a root of `P_source` in the target field, and its inverse, applied with
/// byte-wise tables.
#[pyclass(frozen, module = "halfroot._halfroot", name = "BasisChange")]
pub struct PyBasisChange {
    source: Py<PyBinaryField>,
    target: Py<PyBinaryField>,
    conv: BasisConverter,
}

fn field_of(py: Python<'_>, name: &str, obj: &Bound<'_, PyAny>) -> PyResult<Py<PyBinaryField>> {
    if let Ok(f) = obj.downcast::<PyBinaryField>() {
        return Ok(f.clone().unbind());
    }
    let text = modulus_text(name, obj)?;
    let f = PyBinaryField::py_new(&text)
        .map_err(|e| bad_value(name, &repr(obj), &e.value(py).to_string()))?;
    Py::new(py, f)
}

impl PyBasisChange {
    fn map_many<'py>(
        &self,
        py: Python<'py>,
        a: PyReadonlyArray2<'py, u64>,
        forward: bool,
    ) -> PyResult<Bound<'py, PyArray2<u64>>> {
        let (src, dst) = if forward {
            (self.source.get(), self.target.get())
        } else {
            (self.target.get(), self.source.get())
        };
        let words = src.inner.words;
        let a = rows(&src.inner, "a", &a)?;
        let conv = &self.conv;
        let out = py.allow_threads(|| {
            let mut out = vec![0u64; a.len()];
            out.par_chunks_mut(words.max(1) * 256)
                .zip(a.par_chunks(words.max(1) * 256))
                .for_each(|(o, i)| {
                    for (o, i) in o.chunks_exact_mut(words).zip(i.chunks_exact(words)) {
                        if forward {
                            conv.forward_into(i, o);
                        } else {
                            conv.backward_into(i, o);
                        }
                    }
                });
            out
        });
        to_array2(py, out, dst.inner.words)
    }
}

#[pymethods]
impl PyBasisChange {
    /// `BasisChange(source, target)`: fields (`BinaryField`) or moduli (str, exponent
    /// list, int) of the same degree, both irreducible.
    #[new]
    fn py_new(
        py: Python<'_>,
        source: &Bound<'_, PyAny>,
        target: &Bound<'_, PyAny>,
    ) -> PyResult<Self> {
        let s = field_of(py, "source", source)?;
        let t = field_of(py, "target", target)?;
        let (ms, mt) = (
            s.get().inner.dynf.modulus().clone(),
            t.get().inner.dynf.modulus().clone(),
        );
        let (ds, dt) = (s.get().inner.degree, t.get().inner.degree);
        if ds != dt {
            return Err(bad_value(
                "target",
                &repr(target),
                &format!("degree {dt} differs from the source degree {ds}"),
            ));
        }
        let conv = py
            .allow_threads(|| BasisConverter::new(&ms, &mt))
            .map_err(to_py_err)?;
        Ok(PyBasisChange {
            source: s,
            target: t,
            conv,
        })
    }

    /// The source field.
    #[getter]
    fn source(&self, py: Python<'_>) -> Py<PyBinaryField> {
        self.source.clone_ref(py)
    }

    /// The target field.
    #[getter]
    fn target(&self, py: Python<'_>) -> Py<PyBinaryField> {
        self.target.clone_ref(py)
    }

    /// The image of x: a root of the source polynomial in the target field.
    #[getter]
    fn root(&self) -> PyBinaryElement {
        elem(&self.target.get().inner, self.conv.root().to_vec())
    }

    /// `x` (an element of the source field, or an int/hex str read in it) in the
    /// target field; `TypeError` for an element of another field.
    fn forward(&self, x: &Bound<'_, PyAny>) -> PyResult<PyBinaryElement> {
        let s = self.source.get();
        let v = s.operand("x", x)?;
        let r = self.conv.forward(&v).map_err(to_py_err)?;
        Ok(elem(&self.target.get().inner, r))
    }

    /// `y` (an element of the target field) back in the source field.
    fn backward(&self, y: &Bound<'_, PyAny>) -> PyResult<PyBinaryElement> {
        let t = self.target.get();
        let v = t.operand("y", y)?;
        let r = self.conv.backward(&v).map_err(to_py_err)?;
        Ok(elem(&self.source.get().inner, r))
    }

    /// Row-wise [`forward`](Self::forward) of an array of shape (n, words) (GIL
    /// released, all cores).
    fn forward_many<'py>(
        &self,
        py: Python<'py>,
        a: PyReadonlyArray2<'py, u64>,
    ) -> PyResult<Bound<'py, PyArray2<u64>>> {
        self.map_many(py, a, true)
    }

    /// Row-wise [`backward`](Self::backward) of an array of shape (n, words).
    fn backward_many<'py>(
        &self,
        py: Python<'py>,
        b: PyReadonlyArray2<'py, u64>,
    ) -> PyResult<Bound<'py, PyArray2<u64>>> {
        self.map_many(py, b, false)
    }

    /// The matrix of the forward map as its columns: `columns[i]` is the image of x^i,
    /// as an int (bit j the coefficient of x^j in the target basis).
    fn columns(&self) -> Vec<BigUint> {
        self.conv
            .forward_columns()
            .iter()
            .map(|c| {
                let bytes: Vec<u8> = c.iter().flat_map(|w| w.to_le_bytes()).collect();
                BigUint::from_bytes_le(&bytes)
            })
            .collect()
    }

    /// The inverse change of basis (target → source), sharing no state.
    fn inverse(&self, py: Python<'_>) -> PyResult<PyBasisChange> {
        let (s, t) = (self.source.bind(py), self.target.bind(py));
        PyBasisChange::py_new(py, t.as_any(), s.as_any())
    }

    fn __repr__(&self) -> String {
        let e = |f: &PyBinaryField| {
            f.inner
                .exponents
                .iter()
                .map(|e| e.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        format!(
            "BasisChange(\"{}\", \"{}\")",
            e(self.source.get()),
            e(self.target.get())
        )
    }
}

fn exponents_of(name: &str, obj: &Bound<'_, PyAny>) -> PyResult<Vec<u32>> {
    Ok(parse_modulus(name, obj)?.exponents())
}

/// `_ssrf_is_irreducible(modulus) -> bool`: Rabin's test with sparse squarings.
#[pyfunction]
pub fn _ssrf_is_irreducible(py: Python<'_>, modulus: &Bound<'_, PyAny>) -> PyResult<bool> {
    let e = exponents_of("modulus", modulus)?;
    Ok(py.allow_threads(|| halfroot::ssrf::sparse::is_irreducible_sparse(&e)))
}

/// `d` if it is at most [`search::MAX_SEARCH_DEGREE`], else `ValueError`: the family
/// helpers below take time and memory growing with d (and overflow near `u32::MAX`).
fn family_degree(d: u32) -> PyResult<u32> {
    if d > search::MAX_SEARCH_DEGREE {
        return Err(bad_value(
            "d",
            &d.to_string(),
            &format!("must be at most {}", search::MAX_SEARCH_DEGREE),
        ));
    }
    Ok(d)
}

/// `_ssrf_p_d1(d) -> list | None`: the exponents of `P_{d,1}` (odd d ≥ 5).
#[pyfunction]
pub fn _ssrf_p_d1(d: u32) -> PyResult<Option<Vec<u32>>> {
    Ok(halfroot::ssrf::family::p_d1_exponents(family_degree(d)?))
}

/// `_ssrf_p_d1_is_irreducible(d) -> bool`.
#[pyfunction]
pub fn _ssrf_p_d1_is_irreducible(py: Python<'_>, d: u32) -> PyResult<bool> {
    let d = family_degree(d)?;
    Ok(py.allow_threads(|| halfroot::ssrf::family::p_d1_is_irreducible(d)))
}

/// `_ssrf_has_irreducible_trinomial(d) -> bool`.
#[pyfunction]
pub fn _ssrf_has_irreducible_trinomial(py: Python<'_>, d: u32) -> PyResult<bool> {
    let d = family_degree(d)?;
    Ok(py.allow_threads(|| halfroot::ssrf::family::has_irreducible_trinomial(d)))
}

/// `_ssrf_type2_pentanomials(d) -> list[int]`: the f of the irreducible
/// `X^d + X^(d−1) + X^(2f+1) + X^(2f) + 1`.
#[pyfunction]
pub fn _ssrf_type2_pentanomials(py: Python<'_>, d: u32) -> PyResult<Vec<u32>> {
    let d = family_degree(d)?;
    Ok(py.allow_threads(|| halfroot::ssrf::family::type2_pentanomials(d)))
}

/// `_ssrf_theorem7_families(d) -> list[(top | None, list[int])]`.
#[pyfunction]
pub fn _ssrf_theorem7_families(d: u32) -> PyResult<Vec<(Option<u32>, Vec<u32>)>> {
    Ok(halfroot::ssrf::theorem7::families(family_degree(d)?))
}

/// `_ssrf_theorem7_check(modulus) -> (factors | None, holds)`.
#[pyfunction]
pub fn _ssrf_theorem7_check(
    py: Python<'_>,
    modulus: &Bound<'_, PyAny>,
) -> PyResult<(Option<usize>, bool)> {
    let e = exponents_of("modulus", modulus)?;
    let c = py.allow_threads(|| halfroot::ssrf::theorem7::check(&e));
    Ok((c.factors, c.holds))
}

/// `_ssrf_factor_count(modulus) -> int | None`: distinct irreducible factors of a
/// square-free polynomial (Berlekamp), `None` if not square-free.
#[pyfunction]
pub fn _ssrf_factor_count(py: Python<'_>, modulus: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    let e = exponents_of("modulus", modulus)?;
    Ok(py.allow_threads(|| {
        halfroot::ssrf::theorem7::factor_count(&halfroot::gf2poly::Gf2Poly::from_exponents(&e))
    }))
}

/// `_ssrf_swan_prunes(d, middle) -> bool` (middle exponents below d).
#[pyfunction]
pub fn _ssrf_swan_prunes(d: u32, middle: Vec<u32>) -> PyResult<bool> {
    let d = family_degree(d)?;
    if let Some(e) = middle.iter().find(|&&e| e >= d) {
        return Err(bad_value(
            "middle",
            &e.to_string(),
            &format!("a middle exponent must be below d = {d}"),
        ));
    }
    Ok(search::swan_prunes(d, &middle))
}

/// `_ssrf_conjecture1(d, c, c2) -> bool | None`.
#[pyfunction]
pub fn _ssrf_conjecture1(d: u32, c: u32, c2: u32) -> Option<bool> {
    search::conjecture1_holds(d, c, c2)
}

/// Registers the lab's functions and classes.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_ssrf_analyze, m)?)?;
    m.add_function(wrap_pyfunction!(_ssrf_candidates, m)?)?;
    m.add_function(wrap_pyfunction!(_ssrf_type, m)?)?;
    m.add_function(wrap_pyfunction!(_ssrf_check_terms, m)?)?;
    m.add_function(wrap_pyfunction!(_ssrf_default_terms, m)?)?;
    m.add_function(wrap_pyfunction!(_ssrf_least, m)?)?;
    m.add_function(wrap_pyfunction!(_ssrf_all, m)?)?;
    m.add_function(wrap_pyfunction!(_ssrf_codegen, m)?)?;
    m.add_function(wrap_pyfunction!(_ssrf_is_irreducible, m)?)?;
    m.add_function(wrap_pyfunction!(_ssrf_p_d1, m)?)?;
    m.add_function(wrap_pyfunction!(_ssrf_p_d1_is_irreducible, m)?)?;
    m.add_function(wrap_pyfunction!(_ssrf_has_irreducible_trinomial, m)?)?;
    m.add_function(wrap_pyfunction!(_ssrf_type2_pentanomials, m)?)?;
    m.add_function(wrap_pyfunction!(_ssrf_theorem7_families, m)?)?;
    m.add_function(wrap_pyfunction!(_ssrf_theorem7_check, m)?)?;
    m.add_function(wrap_pyfunction!(_ssrf_factor_count, m)?)?;
    m.add_function(wrap_pyfunction!(_ssrf_swan_prunes, m)?)?;
    m.add_function(wrap_pyfunction!(_ssrf_conjecture1, m)?)?;
    m.add_class::<PyBasisChange>()?;
    Ok(())
}
