//! `halfroot.curves`: the standard binary elliptic curves of [`halfroot::ec2`]
//! (`Curve`) and their points (`Point`), over [`DynBinaryField`].
//!
//! Everything here parses Python values, calls the library and converts the result
//! (`k * P` for a negative k is |k|·(−P), see [`mul_point`]). Scalar multiplications,
//! ECDH and key generation run without the GIL; `Curve.mul_many` also spreads its rows
//! over all cores (rayon).

use crate::binary::{element_words, words_to_biguint};
use crate::{bad_value, to_py_err};
use halfroot::algorithm::parse_or_auto;
use halfroot::binary::dynamic::DynBinaryField;
use halfroot::ec2::params;
use halfroot::ec2::{AffinePoint, BinaryCurve, PrivateKeyFormat, Scalar, ScalarMulAlgorithm};
use num_bigint::{BigInt, BigUint, Sign};
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::basic::CompareOp;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyTuple};
use rand::SeedableRng;
use rayon::prelude::*;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

type Curve = BinaryCurve<DynBinaryField>;
type Pt = AffinePoint<Vec<u64>>;

/// One standard curve, shared by its `Curve` objects and their points.
#[derive(Debug)]
struct CurveInner {
    curve: Curve,
    /// The NIST name (`B-233`).
    nist: &'static str,
    /// u64 words of a field element.
    words: usize,
}

impl CurveInner {
    fn name(&self) -> &str {
        self.curve.name()
    }

    fn same(self: &Arc<Self>, other: &Arc<Self>) -> bool {
        Arc::ptr_eq(self, other) || self.name() == other.name()
    }

    /// A field element from a Python int in [0, 2^d).
    fn element(&self, name: &str, v: &BigInt) -> PyResult<Vec<u64>> {
        element_words(name, v, self.curve.degree(), self.words)
    }
}

/// The curves built so far, by SEC 2 name: building one checks its parameters
/// (primality of n, n·G = O), so each is built once per process.
fn cache() -> &'static Mutex<HashMap<&'static str, Arc<CurveInner>>> {
    static CACHE: OnceLock<Mutex<HashMap<&'static str, Arc<CurveInner>>>> = OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// The scalar big-endian in ⌈bits(n)/8⌉ bytes, read from its words without branching
/// on the value.
fn scalar_bytes(curve: &Curve, k: &Scalar) -> Vec<u8> {
    k.to_be_bytes(curve.order_bits().div_ceil(8))
}

/// kP by `alg` (`None`: the library's choice for a public scalar, defined for every
/// point of the curve), for any integer k: a negative k multiplies −P by |k|.
fn mul_point(
    curve: &Curve,
    alg: Option<ScalarMulAlgorithm>,
    k: &BigInt,
    p: &Pt,
) -> halfroot::Result<Pt> {
    let neg;
    let p = if k.sign() == Sign::Minus {
        neg = curve.neg(p);
        &neg
    } else {
        p
    };
    curve.mul(alg, k.magnitude(), p)
}

fn parse_method(method: &str) -> PyResult<Option<ScalarMulAlgorithm>> {
    parse_or_auto::<ScalarMulAlgorithm>(method)
        .map_err(|e| bad_value("method", &format!("{method:?}"), &e.to_string()))
}

/// A `ValueError` whose message starts with the argument's name.
/// A private scalar given as bytes (big-endian, any length) or an int, in [1, n).
fn private_scalar(c: &BinaryCurve<DynBinaryField>, private: &Bound<'_, PyAny>) -> PyResult<Scalar> {
    let d_bytes = match bytes_of(private) {
        Some(b) => b,
        None => {
            let v: BigInt = private.extract().map_err(|_| {
                PyTypeError::new_err(format!(
                    "private: expected bytes or an int, got {}",
                    type_name(private)
                ))
            })?;
            if v.sign() == Sign::Minus {
                return Err(PyValueError::new_err(format!(
                    "private: a private key lies in [1, n) for {}, not a negative int",
                    c.name()
                )));
            }
            v.magnitude().to_bytes_be()
        }
    };
    c.scalar_from_be_bytes(&d_bytes)
        .map_err(|e| arg_err("private", e))
}

fn arg_err(name: &str, e: halfroot::Error) -> PyErr {
    PyValueError::new_err(format!("{name}: {e}"))
}

/// The seed of a reproducible generator: `None` or an int in [0, 2^64).
fn parse_seed(seed: Option<&Bound<'_, PyAny>>) -> PyResult<Option<u64>> {
    let Some(s) = seed.filter(|s| !s.is_none()) else {
        return Ok(None);
    };
    let v: BigInt = s
        .extract()
        .map_err(|_| PyTypeError::new_err("seed: expected None or an int in [0, 2^64)"))?;
    u64::try_from(&v)
        .map(Some)
        .map_err(|_| bad_value("seed", &v.to_string(), "expected an int in [0, 2^64)"))
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_default()
}

/// The bytes of a `bytes` or `bytearray`, else `None`.
fn bytes_of(obj: &Bound<'_, PyAny>) -> Option<Vec<u8>> {
    if let Ok(b) = obj.downcast::<PyBytes>() {
        return Some(b.as_bytes().to_vec());
    }
    obj.downcast::<PyByteArray>().ok().map(|b| b.to_vec())
}

/// A standard binary elliptic curve y² + xy = x³ + ax² + b over GF(2^d) with a
/// generator G of prime order n.
#[pyclass(frozen, module = "halfroot._halfroot", name = "Curve")]
pub struct PyCurve {
    inner: Arc<CurveInner>,
}

/// A point of a [`PyCurve`] in affine coordinates, or the point at infinity.
#[pyclass(frozen, module = "halfroot._halfroot", name = "Point")]
pub struct PyPoint {
    curve: Arc<CurveInner>,
    p: Pt,
}

fn point(curve: &Arc<CurveInner>, p: Pt) -> PyPoint {
    PyPoint {
        curve: curve.clone(),
        p,
    }
}

impl PyCurve {
    /// The point of `obj`, which must be a `Point` of this curve.
    fn own_point(&self, name: &str, obj: &Bound<'_, PyAny>) -> PyResult<Pt> {
        let p = obj.downcast::<PyPoint>().map_err(|_| {
            PyTypeError::new_err(format!("{name}: expected a Point, got {}", type_name(obj)))
        })?;
        let p = p.get();
        if !self.inner.same(&p.curve) {
            return Err(PyTypeError::new_err(format!(
                "{name}: a point of {} given to {}",
                p.curve.name(),
                self.inner.name()
            )));
        }
        Ok(p.p.clone())
    }

    /// The scalars of `mul_many`: a uint64 array of shape (n, w) (little-endian words)
    /// or a sequence of ints.
    fn scalars(obj: &Bound<'_, PyAny>) -> PyResult<Vec<BigInt>> {
        if let Ok(a) = obj.extract::<PyReadonlyArray2<'_, u64>>() {
            let w = a.shape()[1];
            if w == 0 {
                return Err(bad_value(
                    "scalars",
                    &format!("array of shape {:?}", a.shape()),
                    "expected shape (n, w) with w >= 1 little-endian uint64 words per scalar",
                ));
            }
            let v: Vec<u64> = a.as_array().iter().copied().collect();
            return Ok(v
                .chunks_exact(w)
                .map(|row| BigInt::from(words_to_biguint(row)))
                .collect());
        }
        obj.extract::<Vec<BigInt>>().map_err(|_| {
            PyTypeError::new_err(format!(
                "scalars: expected a uint64 array of shape (n, w) or a list of ints, got {}",
                type_name(obj)
            ))
        })
    }
}

#[pymethods]
impl PyCurve {
    /// `Curve(name)`: a standard curve by SEC 2 name (`sect233r1`), NIST name
    /// (`B-233`, `b233`) or dotted OID (`1.3.132.0.27`).
    #[new]
    fn py_new(py: Python<'_>, name: &str) -> PyResult<Self> {
        let bad = |e: halfroot::Error| bad_value("name", &format!("{name:?}"), &e.to_string());
        let sc = params::find(name).ok_or_else(|| {
            bad(halfroot::Error::UnknownCurve {
                given: name.into(),
                known: params::known_names(),
            })
        })?;
        let poisoned = |_| PyValueError::new_err("the curve cache is poisoned");
        if let Some(inner) = cache().lock().map_err(poisoned)?.get(sc.name).cloned() {
            return Ok(PyCurve { inner });
        }
        // Built without the lock (and without the GIL): two threads may both build a
        // curve the first time; the first to finish is kept.
        let curve = py
            .allow_threads(|| BinaryCurve::standard(sc.name))
            .map_err(bad)?;
        let built = Arc::new(CurveInner {
            words: curve.field().words(),
            nist: sc.nist,
            curve,
        });
        let inner = cache()
            .lock()
            .map_err(poisoned)?
            .entry(sc.name)
            .or_insert(built)
            .clone();
        Ok(PyCurve { inner })
    }

    /// The SEC 2 name (`sect233r1`).
    #[getter]
    fn name(&self) -> &str {
        self.inner.name()
    }

    /// The NIST name (`B-233`).
    #[getter]
    fn nist(&self) -> &'static str {
        self.inner.nist
    }

    /// The named-curve OID, dotted (`1.3.132.0.27`).
    #[getter]
    fn oid(&self) -> Option<&'static str> {
        self.inner.curve.oid()
    }

    /// The degree d of the field GF(2^d).
    #[getter]
    fn degree(&self) -> u32 {
        self.inner.curve.degree()
    }

    /// The exponents of the field's defining polynomial, descending.
    #[getter]
    fn exponents(&self) -> Vec<u32> {
        self.inner.curve.field().modulus().exponents()
    }

    /// The prime order n of the generator.
    #[getter]
    fn order(&self) -> BigUint {
        self.inner.curve.order().clone()
    }

    /// The cofactor h = #E / n.
    #[getter]
    fn cofactor(&self) -> u64 {
        self.inner.curve.cofactor()
    }

    /// The coefficient a as an int (bit i the coefficient of z^i).
    #[getter]
    fn a(&self) -> BigUint {
        words_to_biguint(self.inner.curve.a())
    }

    /// The coefficient b as an int (bit i the coefficient of z^i).
    #[getter]
    fn b(&self) -> BigUint {
        words_to_biguint(self.inner.curve.b())
    }

    /// The generator G.
    #[getter]
    fn generator(&self) -> PyPoint {
        point(&self.inner, self.inner.curve.generator())
    }

    /// The point at infinity O.
    #[getter]
    fn infinity(&self) -> PyPoint {
        point(&self.inner, AffinePoint::Infinity)
    }

    /// Whether point halving (and so halve-and-add) is implemented for this curve.
    #[getter]
    fn halving_supported(&self) -> bool {
        self.inner.curve.halving_unsupported().is_none()
    }

    /// The scalar-multiplication methods that apply to this curve (besides `"auto"`).
    #[getter]
    fn scalar_mul_methods(&self) -> Vec<&'static str> {
        ScalarMulAlgorithm::ALL
            .iter()
            .filter(|a| a.supports(&self.inner.curve))
            .map(|a| a.name())
            .collect()
    }

    /// The point (x, y) (ints in [0, 2^d)); `ValueError` if it is not on the curve.
    fn point(&self, x: BigInt, y: BigInt) -> PyResult<PyPoint> {
        let (x, y) = (self.inner.element("x", &x)?, self.inner.element("y", &y)?);
        let p = self.inner.curve.point(x, y).map_err(to_py_err)?;
        Ok(point(&self.inner, p))
    }

    /// The point of a SEC 1 octet string (compressed, uncompressed, hybrid, or `00`
    /// for O); it is on the curve but not necessarily in ⟨G⟩ (see `Point.validate`).
    fn decode(&self, data: &[u8]) -> PyResult<PyPoint> {
        let p = self.inner.curve.decode_point(data).map_err(to_py_err)?;
        Ok(point(&self.inner, p))
    }

    /// The point of a DER SubjectPublicKeyInfo naming this curve.
    fn decode_spki(&self, data: &[u8]) -> PyResult<PyPoint> {
        let p = self.inner.curve.decode_spki(data).map_err(to_py_err)?;
        Ok(point(&self.inner, p))
    }

    /// A key pair `(private, public)`: the private key d uniform in [1, n) as
    /// ⌈bits(n)/8⌉ big-endian bytes, the public key d·G (constant-time: the ladder, or
    /// on a Koblitz curve the τ-adic method where it measures faster).
    /// `seed=None` draws from the operating system; an int seed in [0, 2^64) gives a
    /// reproducible (not secret) key, the one of `halfroot ec keygen --seed N`.
    #[pyo3(signature = (seed = None))]
    fn keygen<'py>(
        &self,
        py: Python<'py>,
        seed: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<(Bound<'py, PyBytes>, PyPoint)> {
        let seed = parse_seed(seed)?;
        let c = &self.inner.curve;
        let (d, q) = py
            .allow_threads(|| match seed {
                Some(s) => c.keygen(&mut rand::rngs::StdRng::seed_from_u64(s)),
                None => c.keygen(&mut rand::rngs::OsRng),
            })
            .map_err(to_py_err)?;
        Ok((
            PyBytes::new(py, &scalar_bytes(c, &d)),
            point(&self.inner, q),
        ))
    }

    /// The SEC 1 ECDH shared secret x(d·Q) as ⌈d/8⌉ bytes. `private`: bytes
    /// (big-endian, any length) or an int, in [1, n). `peer`: a `Point` of this curve,
    /// or bytes holding a DER SubjectPublicKeyInfo or a SEC 1 point. The peer's key is
    /// fully validated (≠ O, on the curve, in ⟨G⟩); every failure is a `ValueError`
    /// naming the reason.
    fn ecdh<'py>(
        &self,
        py: Python<'py>,
        private: &Bound<'py, PyAny>,
        peer: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let c = &self.inner.curve;
        let d = private_scalar(c, private)?;
        let q = if peer.downcast::<PyPoint>().is_ok() {
            self.own_point("peer", peer)?
        } else {
            let b = bytes_of(peer).ok_or_else(|| {
                PyTypeError::new_err(format!(
                    "peer: expected a Point or bytes (SubjectPublicKeyInfo or SEC 1), got {}",
                    type_name(peer)
                ))
            })?;
            c.decode_public_key(&b).map_err(|e| arg_err("peer", e))?
        };
        let s = py
            .allow_threads(|| c.ecdh(&d, &q))
            .map_err(|e| arg_err("peer", e))?;
        Ok(PyBytes::new(py, &s))
    }

    /// The private key `private` (bytes or an int in [1, n), as for `ecdh`) encoded with
    /// its curve and public key: `format` "pkcs8" (PKCS#8 PrivateKeyInfo, the default)
    /// or "sec1" (RFC 5915 ECPrivateKey); DER bytes, or with `pem=True` a PEM str.
    #[pyo3(signature = (private, format = "pkcs8", pem = false))]
    fn encode_private_key(
        &self,
        py: Python<'_>,
        private: &Bound<'_, PyAny>,
        format: &str,
        pem: bool,
    ) -> PyResult<PyObject> {
        let c = &self.inner.curve;
        let d = private_scalar(c, private)?;
        let format: PrivateKeyFormat = format.parse().map_err(|e| arg_err("format", e))?;
        if pem {
            let text = py
                .allow_threads(|| c.encode_private_key_pem(&d, format))
                .map_err(to_py_err)?;
            Ok(text.into_pyobject(py)?.into_any().unbind())
        } else {
            let der = py
                .allow_threads(|| c.encode_private_key_der(&d, format))
                .map_err(to_py_err)?;
            Ok(PyBytes::new(py, &der).into_any().unbind())
        }
    }

    /// The key pair `(private, public)` of a PKCS#8 or RFC 5915 private key, DER bytes
    /// or PEM (str or bytes): the curve OID must be this curve's, d in [1, n), and a
    /// public key, when present, equal to d·G — else `ValueError`.
    fn decode_private_key<'py>(
        &self,
        py: Python<'py>,
        data: &Bound<'py, PyAny>,
    ) -> PyResult<(Bound<'py, PyBytes>, PyPoint)> {
        let c = &self.inner.curve;
        let bytes = match bytes_of(data) {
            Some(b) => b,
            None => data
                .extract::<String>()
                .map_err(|_| {
                    PyTypeError::new_err(format!(
                        "data: expected DER bytes or PEM text, got {}",
                        type_name(data)
                    ))
                })?
                .into_bytes(),
        };
        let (d, q) = py
            .allow_threads(|| c.decode_private_key(&bytes))
            .map_err(|e| arg_err("data", e))?;
        Ok((
            PyBytes::new(py, &scalar_bytes(c, &d)),
            point(&self.inner, q),
        ))
    }

    /// A uniformly random point of ⟨G⟩ other than O; `seed` as for `keygen`.
    #[pyo3(signature = (seed = None))]
    fn random_point(&self, py: Python<'_>, seed: Option<&Bound<'_, PyAny>>) -> PyResult<PyPoint> {
        let seed = parse_seed(seed)?;
        let c = &self.inner.curve;
        let p = py.allow_threads(|| match seed {
            Some(s) => c.random_point_vartime(&mut rand::rngs::StdRng::seed_from_u64(s)),
            None => c.random_point_vartime(&mut rand::thread_rng()),
        });
        Ok(point(&self.inner, p))
    }

    /// k·P for each scalar k, as `point.mul(k, method)` does, on all cores without the
    /// GIL. `scalars`: a uint64 array of shape (n, w), one scalar per row in w
    /// little-endian words (any w ≥ 1), or a list of ints (negative allowed). Returns a
    /// list of Points, or with `as_arrays=True` the pair (X, Y) of uint64 arrays of
    /// shape (n, words) with O as the row pair (0, 0) (not a point of the curve).
    #[pyo3(signature = (scalars, point, method = "auto", as_arrays = false))]
    fn mul_many<'py>(
        &self,
        py: Python<'py>,
        scalars: &Bound<'py, PyAny>,
        point: &Bound<'py, PyAny>,
        method: &str,
        as_arrays: bool,
    ) -> PyResult<PyObject> {
        let alg = parse_method(method)?;
        let p = self.own_point("point", point)?;
        let ks = Self::scalars(scalars)?;
        let c = &self.inner.curve;
        let out = py.allow_threads(|| {
            c.field().precompute();
            ks.par_iter()
                .map(|k| mul_point(c, alg, k, &p))
                .collect::<halfroot::Result<Vec<Pt>>>()
        });
        let out = out.map_err(to_py_err)?;
        if !as_arrays {
            let points: Vec<PyPoint> = out
                .into_iter()
                .map(|q| self::point(&self.inner, q))
                .collect();
            return Ok(points.into_pyobject(py)?.into_any().unbind());
        }
        let w = self.inner.words;
        let (mut xs, mut ys) = (Vec::with_capacity(out.len() * w), Vec::new());
        ys.reserve(out.len() * w);
        for q in &out {
            match q.coordinates() {
                Some((x, y)) => {
                    xs.extend_from_slice(x);
                    ys.extend_from_slice(y);
                }
                None => {
                    xs.resize(xs.len() + w, 0);
                    ys.resize(ys.len() + w, 0);
                }
            }
        }
        let n = out.len();
        let xa = PyArray1::from_vec(py, xs).reshape([n, w])?;
        let ya = PyArray1::from_vec(py, ys).reshape([n, w])?;
        let pair: Bound<'py, PyTuple> = PyTuple::new(py, [xa.into_any(), ya.into_any()])?;
        Ok(pair.into_any().unbind())
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .downcast::<PyCurve>()
            .map(|o| self.inner.same(&o.get().inner))
            .unwrap_or(false)
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.name().hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        format!("Curve({:?})", self.inner.name())
    }
}

impl PyPoint {
    /// The point of `obj` if it is a `Point` (of this curve, else `TypeError`).
    fn other(&self, obj: &Bound<'_, PyAny>) -> PyResult<Option<Pt>> {
        let Ok(o) = obj.downcast::<PyPoint>() else {
            return Ok(None);
        };
        let o = o.get();
        if !self.curve.same(&o.curve) {
            return Err(PyTypeError::new_err(format!(
                "cannot mix points of different curves: {} and {}",
                self.curve.name(),
                o.curve.name()
            )));
        }
        Ok(Some(o.p.clone()))
    }

    fn with(&self, p: Pt) -> PyPoint {
        point(&self.curve, p)
    }

    fn scalar_mul(&self, py: Python<'_>, k: &BigInt, method: &str) -> PyResult<PyPoint> {
        let alg = parse_method(method)?;
        let (c, p) = (&self.curve.curve, &self.p);
        let q = py
            .allow_threads(|| mul_point(c, alg, k, p))
            .map_err(to_py_err)?;
        Ok(self.with(q))
    }

    fn coordinate(&self, y: bool) -> Option<BigUint> {
        self.p
            .coordinates()
            .map(|(x, yy)| words_to_biguint(if y { yy } else { x }))
    }
}

#[pymethods]
impl PyPoint {
    /// The curve of this point.
    #[getter]
    fn curve(&self) -> PyCurve {
        PyCurve {
            inner: self.curve.clone(),
        }
    }

    /// x as an int (bit i the coefficient of z^i), `None` for O.
    #[getter]
    fn x(&self) -> Option<BigUint> {
        self.coordinate(false)
    }

    /// y as an int, `None` for O.
    #[getter]
    fn y(&self) -> Option<BigUint> {
        self.coordinate(true)
    }

    /// Whether this is the point at infinity O.
    #[getter]
    fn is_infinity(&self) -> bool {
        self.p.is_infinity()
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        match self.other(other)? {
            Some(q) => {
                let r = self.with(self.curve.curve.add_vartime(&self.p, &q));
                Ok(Py::new(py, r)?.into_any())
            }
            None => Ok(py.NotImplemented()),
        }
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        match self.other(other)? {
            Some(q) => {
                let r = self.with(self.curve.curve.sub_vartime(&self.p, &q));
                Ok(Py::new(py, r)?.into_any())
            }
            None => Ok(py.NotImplemented()),
        }
    }

    fn __neg__(&self) -> PyPoint {
        self.with(self.curve.curve.neg(&self.p))
    }

    fn __pos__(&self) -> PyPoint {
        self.with(self.p.clone())
    }

    /// `P * k` for an int k: as `P.mul(k)`.
    fn __mul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        if other.downcast::<PyPoint>().is_ok() {
            return Ok(py.NotImplemented());
        }
        match other.extract::<BigInt>() {
            Ok(k) => Ok(Py::new(py, self.scalar_mul(py, &k, "auto")?)?.into_any()),
            Err(_) => Ok(py.NotImplemented()),
        }
    }

    /// `k * P` for an int k: as `P.mul(k)`.
    fn __rmul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.__mul__(py, other)
    }

    /// k·P for any int k (negative: |k|·(−P)) by `method`: one of
    /// `Curve.scalar_mul_methods` (`"ladder"`, `"wnaf-vartime"`,
    /// `"wnaf-lambda-vartime"`, `"halve-and-add-vartime"`, on Koblitz curves `"tnaf"`
    /// and `"tnaf-vartime"`, `"comb-vartime"`) or `"auto"` (the variable-time method
    /// measured fastest; w-NAF for a point outside ⟨G⟩). The ladder, `"tnaf"` and
    /// halve-and-add reduce k mod n and so need P ∈ ⟨G⟩ (`ValueError` otherwise).
    #[pyo3(signature = (k, method = "auto"))]
    fn mul(&self, py: Python<'_>, k: BigInt, method: &str) -> PyResult<PyPoint> {
        self.scalar_mul(py, &k, method)
    }

    /// 2P.
    fn double(&self) -> PyPoint {
        self.with(self.curve.curve.double_vartime(&self.p))
    }

    /// The unique Q of odd order with 2Q = P, for P of odd order (every point of ⟨G⟩);
    /// `ValueError` if P has even order.
    fn halve(&self) -> PyResult<PyPoint> {
        match self.curve.curve.halve(&self.p).map_err(to_py_err)? {
            Some(q) => Ok(self.with(q)),
            None => Err(PyValueError::new_err(format!(
                "the point has even order on {}: it has no half of odd order",
                self.curve.name()
            ))),
        }
    }

    /// The SEC 1 octet string: `04 ‖ X ‖ Y`, or `02`/`03 ‖ X` when compressed; `00`
    /// for O.
    #[pyo3(signature = (compressed = false))]
    fn encode<'py>(&self, py: Python<'py>, compressed: bool) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.curve.curve.encode_point(&self.p, compressed))
    }

    /// The DER SubjectPublicKeyInfo (id-ecPublicKey, the curve's OID); `ValueError`
    /// for O.
    #[pyo3(signature = (compressed = false))]
    fn spki<'py>(&self, py: Python<'py>, compressed: bool) -> PyResult<Bound<'py, PyBytes>> {
        let der = self
            .curve
            .curve
            .encode_spki(&self.p, compressed)
            .map_err(to_py_err)?;
        Ok(PyBytes::new(py, &der))
    }

    /// Whether the point lies in the prime-order subgroup ⟨G⟩ (O does).
    fn in_subgroup(&self) -> bool {
        self.curve.curve.in_subgroup_vartime(&self.p)
    }

    /// Full public-key validation (SEC 1 §3.2.2.1): `ValueError` unless the point is
    /// not O, on the curve and in ⟨G⟩.
    fn validate(&self) -> PyResult<()> {
        self.curve
            .curve
            .validate_public_point(&self.p, "a public key")
            .map_err(to_py_err)
    }

    fn __richcmp__(&self, py: Python<'_>, other: &Bound<'_, PyAny>, op: CompareOp) -> PyObject {
        let eq = match other.downcast::<PyPoint>() {
            Ok(o) => {
                let o = o.get();
                self.curve.same(&o.curve) && self.p == o.p
            }
            Err(_) => return py.NotImplemented(),
        };
        crate::eq_or_ne(py, eq, op)
    }

    fn __hash__(&self) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.curve.name().hash(&mut h);
        self.p.hash(&mut h);
        h.finish()
    }

    fn __repr__(&self) -> String {
        match self.p.coordinates() {
            None => format!("Point({}, infinity)", self.curve.name()),
            Some((x, y)) => format!(
                "Point({}, x={:#x}, y={:#x})",
                self.curve.name(),
                words_to_biguint(x),
                words_to_biguint(y)
            ),
        }
    }
}

/// Adds `Curve`, `Point` and `_STANDARD_CURVES` (the SEC 2 names, in SEC 2 order).
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyCurve>()?;
    m.add_class::<PyPoint>()?;
    let names: Vec<&str> = params::STANDARD_CURVES.iter().map(|c| c.name).collect();
    m.add("_STANDARD_CURVES", PyTuple::new(m.py(), names)?)?;
    Ok(())
}
