//! OpenSSL libcrypto as a peer: binary-field arithmetic through `BN_GF2m_*` and
//! binary-curve ECDH through `EVP_PKEY_derive`.
//!
//! Source: OpenSSL `crypto/bn/bn_gf2m.c` (`BN_GF2m_mod_mul_arr`, `_sqr_arr`, `_sqrt_arr`
//! = a^(2^(m−1)), `BN_GF2m_mod_inv` (blinded binary extended Euclid), `_solve_quad_arr`
//! = half-trace for odd m, randomized otherwise). OpenSSL offers no trace function, so
//! [`Gf2mOp::Trace`] is reported as [`PeerError::Unsupported`]. Nothing here is
//! constant time: these are reference results and timings, not production code.
//!
//! Elements are little-endian `u64` words (bit `i` = coefficient of `x^i`), of degree
//! below `m`; results come back at the fixed width `⌈m/64⌉` words.

use crate::{PeerError, Result};

/// The field operations that [`OpensslGf2m::bench_ns`] can time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Gf2mOp {
    /// `BN_GF2m_add` (a + b).
    Add,
    /// `BN_GF2m_mod_mul_arr` (a·b).
    Mul,
    /// `BN_GF2m_mod_sqr_arr` (a²).
    Sqr,
    /// `BN_GF2m_mod_inv` (a⁻¹, on the polynomial as a BIGNUM).
    Inv,
    /// `BN_GF2m_mod_sqrt_arr` (√a).
    Sqrt,
    /// `BN_GF2m_mod_solve_quad_arr` (a root z of z² + z = a).
    SolveQuad,
    /// Absolute trace: OpenSSL has none, always [`PeerError::Unsupported`].
    Trace,
}

impl Gf2mOp {
    /// Every operation, in the order of the report tables.
    pub const ALL: [Gf2mOp; 7] = [
        Gf2mOp::Add,
        Gf2mOp::Mul,
        Gf2mOp::Sqr,
        Gf2mOp::Inv,
        Gf2mOp::Sqrt,
        Gf2mOp::SolveQuad,
        Gf2mOp::Trace,
    ];

    /// Short name: `add`, `mul`, `sqr`, `inv`, `sqrt`, `solve_quad`, `trace`.
    pub fn name(self) -> &'static str {
        match self {
            Gf2mOp::Add => "add",
            Gf2mOp::Mul => "mul",
            Gf2mOp::Sqr => "sqr",
            Gf2mOp::Inv => "inv",
            Gf2mOp::Sqrt => "sqrt",
            Gf2mOp::SolveQuad => "solve_quad",
            Gf2mOp::Trace => "trace",
        }
    }

    /// The shim's operation code, `None` for what OpenSSL lacks.
    #[allow(dead_code)] // unused without OpenSSL
    fn code(self) -> Option<i32> {
        match self {
            Gf2mOp::Add => Some(0),
            Gf2mOp::Mul => Some(1),
            Gf2mOp::Sqr => Some(2),
            Gf2mOp::Inv => Some(3),
            Gf2mOp::Sqrt => Some(4),
            Gf2mOp::SolveQuad => Some(5),
            Gf2mOp::Trace => None,
        }
    }
}

/// GF(2^m) = F_2\[x\]/(f) as OpenSSL's `BN_GF2m_*` functions see it.
///
/// Irreducibility of `f` is not checked: `mul`, `sqr`, `add` are correct modulo any `f`,
/// while `inv`, `sqrt` and `solve_quad` assume a field.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpensslGf2m {
    /// Exponents of `f` in descending order ending with 0, then OpenSSL's -1 terminator.
    #[allow(dead_code)] // unused without OpenSSL
    arr: Vec<i32>,
    m: u32,
}

impl OpensslGf2m {
    /// The field defined by `f = Σ x^e` for `e` in `exponents` (strictly descending,
    /// ending with 0, degree at least 2 and at most 65536), e.g. `[163, 7, 6, 3, 0]`.
    ///
    /// Returns [`PeerError::InvalidInput`] for a malformed list and
    /// [`PeerError::Unavailable`] when this build has no OpenSSL.
    pub fn new(exponents: &[u32]) -> Result<Self> {
        let bad = |why: &str| {
            Err(PeerError::InvalidInput(format!(
                "polynomial exponents {exponents:?}: {why}"
            )))
        };
        let (Some(&m), Some(&0)) = (exponents.first(), exponents.last()) else {
            return bad("must start with the degree and end with 0");
        };
        if !(2..=65536).contains(&m) {
            return bad("degree must be between 2 and 65536");
        }
        if exponents.windows(2).any(|w| w[0] <= w[1]) {
            return bad("exponents must be strictly descending");
        }
        ensure_available()?;
        let mut arr: Vec<i32> = exponents.iter().map(|&e| e as i32).collect();
        arr.push(-1);
        Ok(OpensslGf2m { arr, m })
    }

    /// The extension degree m.
    pub fn degree(&self) -> u32 {
        self.m
    }

    /// Words per element, `⌈m/64⌉`.
    pub fn words(&self) -> usize {
        self.m.div_ceil(64) as usize
    }

    /// Checks that `a` is an element: no set bit at position `m` or above.
    fn check(&self, a: &[u64]) -> Result<()> {
        let n = crate::word_len(a);
        let bits = if n == 0 {
            0
        } else {
            64 * (n as u64 - 1) + 64 - u64::from(a[n - 1].leading_zeros())
        };
        if bits > u64::from(self.m) {
            return Err(PeerError::InvalidInput(format!(
                "element of {bits} bits is not reduced modulo a degree-{} polynomial",
                self.m
            )));
        }
        Ok(())
    }

    /// a + b.
    pub fn add(&self, a: &[u64], b: &[u64]) -> Result<Vec<u64>> {
        self.required(Gf2mOp::Add, a, b)
    }

    /// a·b mod f.
    pub fn mul(&self, a: &[u64], b: &[u64]) -> Result<Vec<u64>> {
        self.required(Gf2mOp::Mul, a, b)
    }

    /// a² mod f.
    pub fn sqr(&self, a: &[u64]) -> Result<Vec<u64>> {
        self.required(Gf2mOp::Sqr, a, &[])
    }

    /// The square root √a (unique in characteristic 2).
    pub fn sqrt(&self, a: &[u64]) -> Result<Vec<u64>> {
        self.required(Gf2mOp::Sqrt, a, &[])
    }

    /// a⁻¹, or `None` for a = 0 (or, modulo a reducible f, a non-invertible a).
    pub fn inv(&self, a: &[u64]) -> Result<Option<Vec<u64>>> {
        self.run(Gf2mOp::Inv, a, &[])
    }

    /// A root z of z² + z = a, or `None` when there is none (Tr(a) = 1).
    pub fn solve_quad(&self, a: &[u64]) -> Result<Option<Vec<u64>>> {
        self.run(Gf2mOp::SolveQuad, a, &[])
    }

    fn required(&self, op: Gf2mOp, a: &[u64], b: &[u64]) -> Result<Vec<u64>> {
        self.run(op, a, b)?.ok_or_else(|| PeerError::Failed {
            peer: "openssl",
            detail: format!("{} returned no result", op.name()),
        })
    }

    #[cfg(peer_openssl)]
    fn run(&self, op: Gf2mOp, a: &[u64], b: &[u64]) -> Result<Option<Vec<u64>>> {
        self.check(a)?;
        self.check(b)?;
        let code = op.code().ok_or(PeerError::Unsupported {
            peer: "openssl",
            op: op.name(),
        })?;
        let (a, b) = (&a[..crate::word_len(a)], &b[..crate::word_len(b)]);
        match crate::backend::openssl::gf2m_op(code, &self.arr, a, b, self.words()) {
            (1, out) => Ok(Some(out)),
            (0, _) => Ok(None),
            (s, _) => Err(failed(op, s)),
        }
    }

    #[cfg(not(peer_openssl))]
    fn run(&self, _op: Gf2mOp, a: &[u64], b: &[u64]) -> Result<Option<Vec<u64>>> {
        self.check(a)?;
        self.check(b)?;
        Err(PeerError::Unavailable("openssl"))
    }

    /// Median ns per call of `op` on the inputs `a` (and `b` for add/mul; ignored
    /// otherwise), `iters` calls per batch on BIGNUMs converted before the timed loop.
    ///
    /// [`Gf2mOp::Trace`] gives [`PeerError::Unsupported`]; an input with no result
    /// (inverting 0, a quadratic with no root) gives [`PeerError::InvalidInput`].
    pub fn bench_ns(&self, op: Gf2mOp, a: &[u64], b: &[u64], iters: u64) -> Result<f64> {
        self.check(a)?;
        self.check(b)?;
        let code = op.code().ok_or(PeerError::Unsupported {
            peer: "openssl",
            op: op.name(),
        })?;
        self.bench_code(op, code, a, b, iters)
    }

    #[cfg(peer_openssl)]
    fn bench_code(&self, op: Gf2mOp, code: i32, a: &[u64], b: &[u64], iters: u64) -> Result<f64> {
        let (a, b) = (&a[..crate::word_len(a)], &b[..crate::word_len(b)]);
        crate::median_ns(iters, |n| {
            match crate::backend::openssl::gf2m_bench(code, &self.arr, a, b, n) {
                (1, ns) => Ok(ns),
                (0, _) => Err(PeerError::InvalidInput(format!(
                    "{} has no result on this input",
                    op.name()
                ))),
                (s, _) => Err(failed(op, s)),
            }
        })
    }

    #[cfg(not(peer_openssl))]
    fn bench_code(&self, _: Gf2mOp, _: i32, _: &[u64], _: &[u64], _: u64) -> Result<f64> {
        Err(PeerError::Unavailable("openssl"))
    }
}

#[cfg(peer_openssl)]
fn failed(op: Gf2mOp, status: i32) -> PeerError {
    PeerError::Failed {
        peer: "openssl",
        detail: format!("BN_GF2m {} failed (status {status})", op.name()),
    }
}

fn ensure_available() -> Result<()> {
    if cfg!(peer_openssl) {
        Ok(())
    } else {
        Err(PeerError::Unavailable("openssl"))
    }
}

/// OpenSSL's version string (`OpenSSL_version(OPENSSL_VERSION)`).
pub fn version() -> Result<String> {
    #[cfg(peer_openssl)]
    return Ok(crate::backend::openssl::version());
    #[cfg(not(peer_openssl))]
    Err(PeerError::Unavailable("openssl"))
}

/// Checks a binary-curve name and a private scalar in hex (optional `0x`), returning the
/// scalar's digits.
fn check_curve_scalar<'a>(curve: &str, priv_hex: &'a str) -> Result<&'a str> {
    if !curve.starts_with("sect") || !curve.bytes().all(|c| c.is_ascii_alphanumeric()) {
        return Err(PeerError::InvalidInput(format!(
            "curve {curve:?}: expected a binary curve name such as sect163k1 or sect571r1"
        )));
    }
    let digits = priv_hex
        .strip_prefix("0x")
        .or_else(|| priv_hex.strip_prefix("0X"))
        .unwrap_or(priv_hex);
    if digits.is_empty() || !digits.bytes().all(|c| c.is_ascii_hexdigit()) {
        return Err(PeerError::InvalidInput(format!(
            "private scalar {priv_hex:?}: expected hexadecimal digits"
        )));
    }
    ensure_available()?;
    Ok(digits)
}

/// The DER `SubjectPublicKeyInfo` (uncompressed point) of `priv_hex`·G on the named
/// binary curve (`sect163k1` … `sect571r1`); the scalar must lie in [1, n).
pub fn ec_public_der(curve: &str, priv_hex: &str) -> Result<Vec<u8>> {
    let digits = check_curve_scalar(curve, priv_hex)?;
    #[cfg(peer_openssl)]
    return match crate::backend::openssl::ec_public_der(curve, digits) {
        (1, der) => Ok(der),
        (-1, _) => Err(PeerError::InvalidInput(format!(
            "unknown curve {curve:?} or private scalar out of [1, n)"
        ))),
        (s, _) => Err(PeerError::Failed {
            peer: "openssl",
            detail: format!("public key encoding failed (status {s})"),
        }),
    };
    #[cfg(not(peer_openssl))]
    {
        let _ = digits;
        Err(PeerError::Unavailable("openssl"))
    }
}

/// ECDH on a named binary curve: the x-coordinate (big-endian, `⌈m/8⌉` bytes, as
/// `EVP_PKEY_derive` returns it) of `priv_hex`·Q, where Q is the public key in the DER
/// `SubjectPublicKeyInfo` `peer_pub_der`. Standard (not cofactor) Diffie–Hellman.
pub fn ecdh_shared_x(curve: &str, priv_hex: &str, peer_pub_der: &[u8]) -> Result<Vec<u8>> {
    let digits = check_curve_scalar(curve, priv_hex)?;
    #[cfg(peer_openssl)]
    return match crate::backend::openssl::ecdh_shared_x(curve, digits, peer_pub_der) {
        (1, x) => Ok(x),
        (-1, _) => Err(PeerError::InvalidInput(format!(
            "unknown curve {curve:?} or private scalar out of [1, n)"
        ))),
        (-4, _) => Err(PeerError::InvalidInput(
            "peer public key is not a valid DER key on this curve".into(),
        )),
        (s, _) => Err(PeerError::Failed {
            peer: "openssl",
            detail: format!("ECDH derivation failed (status {s})"),
        }),
    };
    #[cfg(not(peer_openssl))]
    {
        let _ = (digits, peer_pub_der);
        Err(PeerError::Unavailable("openssl"))
    }
}

/// The private key `priv_hex` on the named binary curve in DER, as OpenSSL writes it:
/// a PKCS#8 `PrivateKeyInfo` (`pkcs8`) or the RFC 5915 `ECPrivateKey`.
pub fn ec_private_der(curve: &str, priv_hex: &str, pkcs8: bool) -> Result<Vec<u8>> {
    let digits = check_curve_scalar(curve, priv_hex)?;
    #[cfg(peer_openssl)]
    return match crate::backend::openssl::ec_private_der(curve, digits, pkcs8) {
        (1, der) => Ok(der),
        (-1, _) => Err(PeerError::InvalidInput(format!(
            "unknown curve {curve:?} or private scalar out of [1, n)"
        ))),
        (s, _) => Err(PeerError::Failed {
            peer: "openssl",
            detail: format!("private key encoding failed (status {s})"),
        }),
    };
    #[cfg(not(peer_openssl))]
    {
        let _ = (digits, pkcs8);
        Err(PeerError::Unavailable("openssl"))
    }
}

/// OpenSSL's reading of a DER private key (`d2i_AutoPrivateKey`: PKCS#8 or
/// RFC 5915): its public key as a DER `SubjectPublicKeyInfo`.
pub fn private_der_to_public_der(der: &[u8]) -> Result<Vec<u8>> {
    ensure_available()?;
    #[cfg(peer_openssl)]
    return match crate::backend::openssl::private_der_to_public_der(der) {
        (1, spki) => Ok(spki),
        (-4, _) => Err(PeerError::InvalidInput(
            "OpenSSL rejects the DER private key".into(),
        )),
        (s, _) => Err(PeerError::Failed {
            peer: "openssl",
            detail: format!("reading the private key failed (status {s})"),
        }),
    };
    #[cfg(not(peer_openssl))]
    {
        let _ = der;
        Err(PeerError::Unavailable("openssl"))
    }
}

/// The binary-curve operations [`ec_bench_ns`] times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EcOp {
    /// `EVP_PKEY_derive` on a context prepared once (keys parsed, peer set): ECDH.
    Ecdh,
    /// `EC_POINT_mul(group, R, NULL, Q, k, ctx)`: k·Q for the peer's point Q.
    PointMul,
    /// `EC_POINT_mul(group, R, k, NULL, NULL, ctx)`: k·G.
    GeneratorMul,
}

/// Nanoseconds per run of `op` on the named curve with the private scalar `priv_hex`
/// and the peer key `peer_pub_der` (a DER SubjectPublicKeyInfo), averaged over
/// `iters` runs with every key and context prepared outside the timed loop.
pub fn ec_bench_ns(
    curve: &str,
    priv_hex: &str,
    peer_pub_der: &[u8],
    op: EcOp,
    iters: u64,
) -> Result<f64> {
    let digits = check_curve_scalar(curve, priv_hex)?;
    let code = match op {
        EcOp::Ecdh => 0,
        EcOp::PointMul => 1,
        EcOp::GeneratorMul => 2,
    };
    #[cfg(peer_openssl)]
    return match crate::backend::openssl::ec_bench(curve, digits, peer_pub_der, code, iters.max(1))
    {
        (1, ns) => Ok(ns as f64 / iters.max(1) as f64),
        (-1, _) => Err(PeerError::InvalidInput(format!(
            "unknown curve {curve:?} or private scalar out of [1, n)"
        ))),
        (-4, _) => Err(PeerError::InvalidInput(
            "peer public key is not a valid DER key on this curve".into(),
        )),
        (s, _) => Err(PeerError::Failed {
            peer: "openssl",
            detail: format!("curve benchmark failed (status {s})"),
        }),
    };
    #[cfg(not(peer_openssl))]
    {
        let _ = (digits, peer_pub_der, code, iters);
        Err(PeerError::Unavailable("openssl"))
    }
}
