//! c-xs233 as a peer: Thomas Pornin's constant-time GF(2^233) and the prime-order groups
//! xsb233 and xsk233 (vendored in `vendor/c-xs233/`, public domain, upstream commit in
//! `vendor/c-xs233/COMMIT`).
//!
//! Source: github.com/pornin/c-xs233 (`gf233.h`, `xs233.h`, `xsb233.c`, `xsk233.c`).
//!
//! * The field is F_2\[z\]/(z^233 + z^74 + 1), the NIST polynomial of B-233/K-233; its
//!   multiplication is PCLMULQDQ Karatsuba with a partial reduction to 256 bits, square
//!   roots split even/odd halves, the trace is a_0 + a_159, the half-trace a table-free
//!   linear map, the inversion Itoh–Tsujii with two 233×233 bit-matrix Frobenius powers
//!   (2^58, 2^116). Every operation is constant time. [`Gf233`] exposes them on canonical
//!   elements (4 little-endian words, bits 233…255 zero).
//! * xsb233 / xsk233 are the groups {P + N : rP = 0} of B-233 / K-233, N = (0, √b) the
//!   2-torsion point, of prime order r; the group law is (P₁ + N) ⊕ (P₂ + N) =
//!   P₁ + P₂ + N, with complete formulas (8M + 2S + 2mb; 7M + 2S + 2mb on xsk233) in
//!   (x, s) coordinates. A group element Q = P + N ≠ N is encoded (30 bytes, little-endian,
//!   canonical) as the field element w = (y_Q + √b)/x_Q, N as 0. So the element that
//!   corresponds to a point P of ⟨G⟩ on B-233/K-233 is P + N, and its encoding is
//!   w(P + N); the `Xs233::generator` is G + N, and `mulgen(k)` = kG + N.
//! * [`Xs233`] wraps the group API: decode/encode, add, sub, double, neg, equals,
//!   `mul` (signed 5-bit digits, a table of 16 multiples, complete additions), `mul_ladder` (X-only López–Dahab
//!   ladder), `mul_frob` (xsk233: τ-adic recoding), `mulgen` / `mulgen_frob` (tables
//!   of multiples of G). Scalars are little-endian, at most 30 bytes; every function is
//!   constant time in the scalar and the point.
//!
//! # Availability
//!
//! The C code is compiled (build.rs) with `-mpclmul -msse4.1 -DGF233_PCLMUL=1` on x86-64
//! whatever the rest of the build uses, so it runs only on a CPU with PCLMULQDQ and
//! SSE4.1. [`Gf233::new`] and [`Xs233::new`] check both at run time and return
//! [`PeerError::Unavailable`]`("xs233 (needs pclmulqdq and sse4.1)")` otherwise; on other
//! architectures (or with `HALFROOT_PEERS_DISABLE=xs233`) they return
//! [`PeerError::Unavailable`]`("xs233")`. Nothing is called before that check.

use crate::{PeerError, Result};

/// Bytes of a group encoding.
pub const ENCODED_LEN: usize = 30;

/// Independent chains timed together by [`Gf233::bench_ns`] for a throughput figure.
pub const LANES: usize = 8;

/// Message of [`PeerError::Unavailable`] when the CPU lacks the instructions.
const NO_CPU: &str = "xs233 (needs pclmulqdq and sse4.1)";

#[cfg(peer_xs233)]
use crate::backend::xs233 as raw;

#[cfg(peer_xs233)]
type Cpu = raw::Cpu;
#[cfg(not(peer_xs233))]
#[derive(Clone, Copy, Debug)]
struct Cpu;

fn cpu() -> Result<Cpu> {
    #[cfg(peer_xs233)]
    return raw::cpu().ok_or(PeerError::Unavailable(NO_CPU));
    #[cfg(not(peer_xs233))]
    {
        let _ = NO_CPU;
        Err(PeerError::Unavailable("xs233"))
    }
}

/// Whether this build has c-xs233 and this CPU can run it.
pub fn is_available() -> bool {
    cpu().is_ok()
}

/// A version string for [`crate::available`]: upstream's commit and the flags.
pub fn version() -> Result<String> {
    cpu()?;
    Ok(format!(
        "c-xs233 {} (vendored; -O2 -mpclmul -msse4.1, GF233_PCLMUL=1)",
        include_str!("../vendor/c-xs233/COMMIT").trim()
    ))
}

/// The GF(2^233) operations of c-xs233 that [`Gf233`] offers and times.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Gf233Op {
    /// `gf_mul` (a·b).
    Mul,
    /// `gf_sqr` (a²).
    Sqr,
    /// `gf_sqrt` (√a).
    Sqrt,
    /// `gf_trace` (Tr(a) ∈ {0, 1}).
    Trace,
    /// `gf_halftrace` (H(a) = Σ_{i=0}^{116} a^(4^i); H(a)² + H(a) = a + Tr(a)).
    HalfTrace,
    /// `gf_inv` (a⁻¹, 0 for 0; Itoh–Tsujii).
    Inv,
}

impl Gf233Op {
    /// Every operation, in the order of the report tables.
    pub const ALL: [Gf233Op; 6] = [
        Gf233Op::Mul,
        Gf233Op::Sqr,
        Gf233Op::Sqrt,
        Gf233Op::Trace,
        Gf233Op::HalfTrace,
        Gf233Op::Inv,
    ];

    /// Short name: `mul`, `sqr`, `sqrt`, `trace`, `half_trace`, `inv`.
    pub fn name(self) -> &'static str {
        match self {
            Gf233Op::Mul => "mul",
            Gf233Op::Sqr => "sqr",
            Gf233Op::Sqrt => "sqrt",
            Gf233Op::Trace => "trace",
            Gf233Op::HalfTrace => "half_trace",
            Gf233Op::Inv => "inv",
        }
    }

    /// The shim's operation code.
    #[allow(dead_code)] // unused without the peer
    fn code(self) -> i32 {
        self as i32
    }
}

/// How [`Gf233::bench_ns`] chains the operations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Chain {
    /// One chain x ← op(x): the latency of one operation.
    Dependent,
    /// [`LANES`] interleaved chains: the throughput of independent operations.
    Independent,
}

/// GF(2^233) = F_2\[z\]/(z^233 + z^74 + 1) through c-xs233's `gf233.h`.
#[derive(Debug, Clone, Copy)]
pub struct Gf233 {
    #[allow(dead_code)] // unused without the peer
    cpu: Cpu,
}

/// Checks that `a` is canonical (bits 233…255 zero).
fn check(a: &[u64; 4]) -> Result<()> {
    if a[3] >> 41 != 0 {
        return Err(PeerError::InvalidInput(format!(
            "GF(2^233) element with bits above 232: top word {:#x}",
            a[3]
        )));
    }
    Ok(())
}

impl Gf233 {
    /// The field, or [`PeerError::Unavailable`] (see the module docs).
    pub fn new() -> Result<Self> {
        Ok(Gf233 { cpu: cpu()? })
    }

    fn run(&self, op: Gf233Op, a: &[u64; 4], b: &[u64; 4]) -> Result<[u64; 4]> {
        check(a)?;
        check(b)?;
        #[cfg(peer_xs233)]
        return match raw::gf_op(self.cpu, op.code(), a, b) {
            (1, out) => Ok(out),
            (s, _) => Err(PeerError::Failed {
                peer: "xs233",
                detail: format!("gf {} returned status {s}", op.name()),
            }),
        };
        #[cfg(not(peer_xs233))]
        {
            let _ = op;
            Err(PeerError::Unavailable("xs233"))
        }
    }

    /// a·b.
    pub fn mul(&self, a: &[u64; 4], b: &[u64; 4]) -> Result<[u64; 4]> {
        self.run(Gf233Op::Mul, a, b)
    }

    /// a².
    pub fn sqr(&self, a: &[u64; 4]) -> Result<[u64; 4]> {
        self.run(Gf233Op::Sqr, a, &[0; 4])
    }

    /// √a.
    pub fn sqrt(&self, a: &[u64; 4]) -> Result<[u64; 4]> {
        self.run(Gf233Op::Sqrt, a, &[0; 4])
    }

    /// Tr(a), 0 or 1.
    pub fn trace(&self, a: &[u64; 4]) -> Result<u8> {
        Ok(self.run(Gf233Op::Trace, a, &[0; 4])?[0] as u8)
    }

    /// The half-trace H(a), for every a (a root of z² + z = a when Tr(a) = 0).
    pub fn half_trace(&self, a: &[u64; 4]) -> Result<[u64; 4]> {
        self.run(Gf233Op::HalfTrace, a, &[0; 4])
    }

    /// a⁻¹ (c-xs233 returns 0 for 0).
    pub fn inv(&self, a: &[u64; 4]) -> Result<[u64; 4]> {
        self.run(Gf233Op::Inv, a, &[0; 4])
    }

    /// Median ns per operation: [`crate::BATCHES`] batches of `iters` rounds, timed inside
    /// C. [`Chain::Dependent`] runs x ← op(x) from `xs[0]`; [`Chain::Independent`] runs
    /// [`LANES`] such chains from `xs[0..LANES]` interleaved (ns per operation = batch
    /// time / (iters·LANES)). `mul` multiplies chain j by `bs[j]` (`bs[0]` for the
    /// dependent chain); `trace` flips bit 0 by Tr(x) and bit 1 (so x changes).
    pub fn bench_ns(
        &self,
        op: Gf233Op,
        chain: Chain,
        xs: &[[u64; 4]],
        bs: &[[u64; 4]],
        iters: u64,
    ) -> Result<f64> {
        let lanes = match chain {
            Chain::Dependent => 1,
            Chain::Independent => LANES,
        };
        if xs.len() < lanes || bs.len() < lanes {
            return Err(PeerError::InvalidInput(format!(
                "{chain:?} chains need {lanes} inputs and factors, got {} and {}",
                xs.len(),
                bs.len()
            )));
        }
        for a in xs[..lanes].iter().chain(&bs[..lanes]) {
            check(a)?;
        }
        #[cfg(peer_xs233)]
        return crate::median_ns(iters, |n| {
            match raw::gf_bench(self.cpu, op.code(), &xs[..lanes], &bs[..lanes], n) {
                (1, ns) => Ok(ns / lanes as u64),
                (s, _) => Err(PeerError::Failed {
                    peer: "xs233",
                    detail: format!("gf {} bench returned status {s}", op.name()),
                }),
            }
        });
        #[cfg(not(peer_xs233))]
        {
            let _ = (op, iters);
            Err(PeerError::Unavailable("xs233"))
        }
    }
}

/// Which group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Group {
    /// xsb233, order-r subgroup of B-233 (sect233r1), shifted by N.
    Xsb233,
    /// xsk233, order-r′ subgroup of K-233 (sect233k1), shifted by N.
    Xsk233,
}

impl Group {
    /// `xsb233` or `xsk233`.
    pub fn name(self) -> &'static str {
        match self {
            Group::Xsb233 => "xsb233",
            Group::Xsk233 => "xsk233",
        }
    }

    /// The SEC 2 name of the underlying curve: `sect233r1` or `sect233k1`.
    pub fn curve(self) -> &'static str {
        match self {
            Group::Xsb233 => "sect233r1",
            Group::Xsk233 => "sect233k1",
        }
    }
}

/// c-xs233's variable-point scalar multiplications.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MulMethod {
    /// `xs?233_mul`: signed 5-bit digits over a table of 16 multiples, complete additions.
    Window,
    /// `xs?233_mul_ladder`: X-only López–Dahab Montgomery ladder.
    Ladder,
    /// `xsk233_mul_frob`: Frobenius (τ-adic) recoding; xsk233 only.
    Frobenius,
}

impl MulMethod {
    /// The C function's name on `group`.
    pub fn function(self, group: Group) -> String {
        let suffix = match self {
            MulMethod::Window => "mul",
            MulMethod::Ladder => "mul_ladder",
            MulMethod::Frobenius => "mul_frob",
        };
        format!("{}_{suffix}", group.name())
    }
}

/// c-xs233's fixed-base scalar multiplications (k·G).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MulGenMethod {
    /// `xs?233_mulgen`: precomputed tables of multiples of G, 2^0·G, 2^60·G, 2^120·G,
    /// 2^180·G.
    Tables,
    /// `xsk233_mulgen_frob`: the same with τ-adic recoding; xsk233 only.
    Frobenius,
}

impl MulGenMethod {
    /// The C function's name on `group`.
    pub fn function(self, group: Group) -> String {
        let suffix = match self {
            MulGenMethod::Tables => "mulgen",
            MulGenMethod::Frobenius => "mulgen_frob",
        };
        format!("{}_{suffix}", group.name())
    }
}

/// A group element, in c-xs233's opaque in-memory form, tagged with its group.
#[derive(Debug, Clone, Copy)]
pub struct Point {
    group: Group,
    #[allow(dead_code)] // unused without the peer
    words: [u64; 16],
}

impl Point {
    /// The group of the element.
    pub fn group(&self) -> Group {
        self.group
    }
}

/// The group API of xsb233 or xsk233.
#[derive(Debug, Clone, Copy)]
pub struct Xs233 {
    group: Group,
    #[allow(dead_code)] // unused without the peer
    cpu: Cpu,
}

impl Xs233 {
    /// The group, or [`PeerError::Unavailable`] (see the module docs).
    pub fn new(group: Group) -> Result<Self> {
        Ok(Xs233 { group, cpu: cpu()? })
    }

    /// The group.
    pub fn group(&self) -> Group {
        self.group
    }

    #[cfg(peer_xs233)]
    fn fns(&self) -> &'static raw::GroupFns {
        match self.group {
            Group::Xsb233 => &raw::XSB233,
            Group::Xsk233 => &raw::XSK233,
        }
    }

    #[cfg(peer_xs233)]
    fn wrap(&self, p: raw::RawPoint) -> Point {
        Point {
            group: self.group,
            words: p.0,
        }
    }

    /// The point's raw form, or [`PeerError::InvalidInput`] for another group's point.
    #[cfg(peer_xs233)]
    fn unwrap(&self, p: &Point) -> Result<raw::RawPoint> {
        if p.group != self.group {
            return Err(PeerError::InvalidInput(format!(
                "a {} point given to {}",
                p.group.name(),
                self.group.name()
            )));
        }
        Ok(raw::RawPoint(p.words))
    }

    /// The neutral N.
    pub fn neutral(&self) -> Point {
        #[cfg(peer_xs233)]
        return self.wrap(self.fns().neutral(self.cpu));
        #[cfg(not(peer_xs233))]
        Point {
            group: self.group,
            words: [0; 16],
        }
    }

    /// The conventional generator, G + N for the standard G.
    pub fn generator(&self) -> Point {
        #[cfg(peer_xs233)]
        return self.wrap(self.fns().generator(self.cpu));
        #[cfg(not(peer_xs233))]
        Point {
            group: self.group,
            words: [0; 16],
        }
    }

    /// Decodes 30 bytes; [`PeerError::InvalidInput`] when they are not the canonical
    /// encoding of a group element (or not 30 bytes).
    pub fn decode(&self, bytes: &[u8]) -> Result<Point> {
        let bytes: &[u8; ENCODED_LEN] = bytes.try_into().map_err(|_| {
            PeerError::InvalidInput(format!(
                "{} encodings are {ENCODED_LEN} bytes, got {}",
                self.group.name(),
                bytes.len()
            ))
        })?;
        #[cfg(peer_xs233)]
        return self
            .fns()
            .decode(self.cpu, bytes)
            .map(|p| self.wrap(p))
            .ok_or_else(|| {
                PeerError::InvalidInput(format!("not a canonical {} encoding", self.group.name()))
            });
        #[cfg(not(peer_xs233))]
        {
            let _ = bytes;
            Err(PeerError::Unavailable("xs233"))
        }
    }

    /// The 30-byte canonical encoding.
    pub fn encode(&self, p: &Point) -> Result<[u8; ENCODED_LEN]> {
        #[cfg(peer_xs233)]
        return Ok(self.fns().encode(self.cpu, &self.unwrap(p)?));
        #[cfg(not(peer_xs233))]
        {
            let _ = p;
            Err(PeerError::Unavailable("xs233"))
        }
    }

    /// p1 == p2.
    pub fn equals(&self, p1: &Point, p2: &Point) -> Result<bool> {
        #[cfg(peer_xs233)]
        return Ok(self
            .fns()
            .equals(self.cpu, &self.unwrap(p1)?, &self.unwrap(p2)?));
        #[cfg(not(peer_xs233))]
        {
            let _ = (p1, p2);
            Err(PeerError::Unavailable("xs233"))
        }
    }

    /// p1 + p2 (the group law).
    pub fn add(&self, p1: &Point, p2: &Point) -> Result<Point> {
        self.add_sub(p1, p2, false)
    }

    /// p1 − p2.
    pub fn sub(&self, p1: &Point, p2: &Point) -> Result<Point> {
        self.add_sub(p1, p2, true)
    }

    fn add_sub(&self, p1: &Point, p2: &Point, sub: bool) -> Result<Point> {
        #[cfg(peer_xs233)]
        return Ok(self.wrap(
            self.fns()
                .add(self.cpu, &self.unwrap(p1)?, &self.unwrap(p2)?, sub),
        ));
        #[cfg(not(peer_xs233))]
        {
            let _ = (p1, p2, sub);
            Err(PeerError::Unavailable("xs233"))
        }
    }

    /// 2·p.
    pub fn double(&self, p: &Point) -> Result<Point> {
        self.unary(p, false)
    }

    /// −p.
    pub fn neg(&self, p: &Point) -> Result<Point> {
        self.unary(p, true)
    }

    fn unary(&self, p: &Point, neg: bool) -> Result<Point> {
        #[cfg(peer_xs233)]
        return Ok(self.wrap(self.fns().unary(self.cpu, &self.unwrap(p)?, neg)));
        #[cfg(not(peer_xs233))]
        {
            let _ = (p, neg);
            Err(PeerError::Unavailable("xs233"))
        }
    }

    fn check_scalar(&self, n_le: &[u8]) -> Result<()> {
        if n_le.len() > ENCODED_LEN {
            return Err(PeerError::InvalidInput(format!(
                "c-xs233 scalars are at most {ENCODED_LEN} bytes, got {}",
                n_le.len()
            )));
        }
        Ok(())
    }

    /// n·p by `method`, n little-endian in at most 30 bytes (any value: the group has
    /// prime order, n is used as is). [`PeerError::Unsupported`] for
    /// [`MulMethod::Frobenius`] on xsb233.
    pub fn mul(&self, method: MulMethod, p: &Point, n_le: &[u8]) -> Result<Point> {
        self.check_scalar(n_le)?;
        let k = match method {
            MulMethod::Window => 0,
            MulMethod::Ladder => 1,
            MulMethod::Frobenius => 2,
        };
        #[cfg(peer_xs233)]
        return self
            .fns()
            .mul(self.cpu, k, &self.unwrap(p)?, n_le)
            .map(|r| self.wrap(r))
            .ok_or(PeerError::Unsupported {
                peer: "xs233",
                op: "mul_frob on xsb233",
            });
        #[cfg(not(peer_xs233))]
        {
            let _ = (k, p);
            Err(PeerError::Unavailable("xs233"))
        }
    }

    /// n·G (G the conventional generator) by `method`; scalars as in [`Xs233::mul`].
    /// [`PeerError::Unsupported`] for [`MulGenMethod::Frobenius`] on xsb233.
    pub fn mulgen(&self, method: MulGenMethod, n_le: &[u8]) -> Result<Point> {
        self.check_scalar(n_le)?;
        let k = match method {
            MulGenMethod::Tables => 0,
            MulGenMethod::Frobenius => 1,
        };
        #[cfg(peer_xs233)]
        return self
            .fns()
            .mulgen(self.cpu, k, n_le)
            .map(|r| self.wrap(r))
            .ok_or(PeerError::Unsupported {
                peer: "xs233",
                op: "mulgen_frob on xsb233",
            });
        #[cfg(not(peer_xs233))]
        {
            let _ = k;
            Err(PeerError::Unavailable("xs233"))
        }
    }
}
